"""Every game of the real Duelingbook matches in ../shared gets the verdict a judge signed
(specs/duelingbook-corpus.toml). The replays stay in ../shared; without them these skip."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

import pytest

from tests.helpers import ROOT, SHARED
from validator import validate
from validator.importers.duelingbook import Game, load_replay

CORPUS = SHARED / "data" / "duelingbook"
EXPECTED = tomllib.loads((ROOT / "specs" / "duelingbook-corpus.toml").read_text("utf-8"))["game"]
pytestmark = pytest.mark.skipif(not CORPUS.is_dir(),
                                reason="the Duelingbook corpus in ../shared is not beside it")


@cache
def games(replay: str) -> list[Game]:
    return load_replay((CORPUS / replay).read_text("utf-8"))


@pytest.mark.parametrize("expected", EXPECTED, ids=[f"{e['replay']}#game{e['game']}"
                                                    for e in EXPECTED])
def test_each_game_gets_the_verdict_a_judge_signed(expected: dict[str, Any]) -> None:
    game = games(expected["replay"])[expected["game"] - 1]
    assert game.stopped is None, game.stopped
    verdict = validate(game.document).to_dict()
    if expected["verdict"] == "legal":
        assert verdict["legal"], verdict["violation"]
        return
    violation = verdict["violation"]
    assert violation is not None, "judged legal"
    assert (violation["rule"], violation["action"]["log"]["time"]) == (
        expected["verdict"], expected["play"]), violation["message"]


def test_every_game_of_every_match_has_a_signed_verdict() -> None:
    signed = {(e["replay"], e["game"]) for e in EXPECTED}
    found = {(path.name, game.number) for path in sorted(CORPUS.glob("*.json"))
             for game in games(path.name)}
    assert found == signed
    assert all(e["why"] and e["judge_notes"] for e in EXPECTED)


def test_the_corpus_is_six_matches_fifteen_games_and_every_play_is_followed() -> None:
    replays = sorted(CORPUS.glob("*.json"))
    assert len(replays) == 6
    assert sum(len(games(p.name)) for p in replays) == 15
    for path in replays:
        for game in games(path.name):
            assert game.stopped is None, (path.name, game.number, game.stopped)
            assert not any("does not know" in note for note in game.notes), game.notes

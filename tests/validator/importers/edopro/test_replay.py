"""A game as a whole (validator/importers/edopro/replay.py), on replays made byte by byte: the
rule mode from the duel flags, a hand test, a surrender, the players' names; and on shared
replays: the players, the decks and the first player, an alternate artwork."""

from __future__ import annotations

import struct

import pytest

from tests.validator.importers.edopro.replays import EDOPRO, game, names, packet, yrpx
from validator import validate
from validator.importers.edopro.replay import import_replay, not_judged

MR5 = 0x2E800
START = packet(4, struct.pack("<BIIHHHH", 0, 8000, 8000, 40, 0, 40, 0))


def replay(flags: int = MR5, *, header: int = 0x120) -> bytes:
    """A yrpX of START, the first turn and its Draw Phase, then a surrender of player 1
    (MSG_WIN: player 2 wins, reason 0)."""
    body = names("Ann", "Bob") + struct.pack("<Q", flags) + START + packet(40, b"\x00") + \
        packet(41, b"\x01\x00") + packet(5, b"\x01\x00")
    return yrpx(body, flag=header)


def test_a_surrender_ends_the_document_as_the_contract_says() -> None:
    [game] = import_replay(replay())
    assert game.players == {"p1": "Ann", "p2": "Bob"}
    assert [a["type"] for a in game.document["actions"]] == ["surrender"]
    verdict = validate(game.document).to_dict()
    assert verdict["outcome"] == {"winner": "p2", "reason": "surrender"}
    assert [n.reading for n in game.notes] == ["edopro.surrender"]
    assert game.document["setup"]["p1"]["deck"] == 40


def test_a_rule_mode_the_project_does_not_judge_gets_a_note_and_no_verdict() -> None:
    for flags, words in ((MR5 | 0x200, "a draw in turn 1"), (0x2800, "older Master Rule"),
                         (MR5 | 0x400000, "Speed or Rush Duel")):
        [game] = import_replay(replay(flags))
        why = game.document["source"]["not_judged"]
        assert words in why and why == not_judged(flags)
        assert game.notes[0].reading == "edopro.rule-mode"


def test_a_hand_test_is_noted() -> None:
    [game] = import_replay(replay(header=0x120 | 0x40))
    assert "edopro.hand-test" in [n.reading for n in game.notes]


@pytest.mark.skipif(not EDOPRO.is_dir(), reason="../shared/data/edopro is not beside the "
                                                        "repository")
def test_an_alternate_artwork_is_its_card() -> None:
    g = game("real/Bug_Watthopper_dont_stop_atk_turn_6.yrpX")
    assert any(n.text == "passcode 56993277 is an alternate artwork of Wattcancel (56993276)"
               for n in g.notes if n.reading == "edopro.card-alias")
    assert {"passcode": 56993276} in [
        {k: v for k, v in c.items() if k == "passcode"} for c in g.document["cards"].values()]


@pytest.mark.skipif(not EDOPRO.is_dir(), reason="../shared/data/edopro is not beside the "
                                                        "repository")
def test_the_players_the_decks_and_the_first_player_are_the_files() -> None:
    g = game("selfplay/selfplay-0022.yrpX")
    assert g.players == {"p1": "Mitsurugi", "p2": "BrandedDespia"}
    doc = g.document
    assert doc["ruleset"] == "advanced" and doc["turn_player"] == "p1"
    assert doc["setup"]["p1"]["deck"] == 35 and len(doc["setup"]["p1"]["hand"]) == 5
    assert doc["source"]["from"] == "edopro" and doc["source"]["duel_flags"] == "0x2e800"

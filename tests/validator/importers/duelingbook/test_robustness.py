"""Whatever a replay holds, importing never raises and every game is a well-formed duel
document the engine judges (hypothesis edits real matches: plays dropped, repeated, swapped,
their words cut)."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import SHARED
from validator import validate
from validator.importers.duelingbook.replay import import_replay

CORPUS = SHARED / "data" / "duelingbook"
pytestmark = pytest.mark.skipif(not CORPUS.is_dir(),
                                reason="the Duelingbook corpus in ../shared is not beside it")


@cache
def matches() -> list[dict[str, Any]]:
    return [json.loads(p.read_text("utf-8")) for p in sorted(CORPUS.glob("*.json"))]


@st.composite
def edited_matches(draw: st.DrawFn) -> dict[str, Any]:
    replay = copy.deepcopy(draw(st.sampled_from(matches())))
    plays: list[Any] = replay["plays"]
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, len(plays) - 1))
        edit = draw(st.sampled_from(["drop", "repeat", "swap", "cut", "retype", "junk"]))
        if edit == "drop":
            del plays[at]
        elif edit == "repeat":
            plays.insert(at, copy.deepcopy(plays[draw(st.integers(0, len(plays) - 1))]))
        elif edit == "swap":
            other = draw(st.integers(0, len(plays) - 1))
            plays[at], plays[other] = plays[other], plays[at]
        elif not isinstance(plays[at], dict):  # junk an earlier edit inserted
            continue
        elif edit == "cut" and isinstance(plays[at].get("log"), dict):
            log = plays[at]["log"]
            log["public_log"] = str(log.get("public_log", ""))[:draw(st.integers(0, 40))]
            log.pop("private_log", None)
        elif edit == "retype":
            plays[at]["play"] = draw(st.sampled_from(
                ["Attack", "Move", "Flip", "Set monster", "OL ATK", "Enter DP", "To ST",
                 "Detach", "Overlay", "Life points", "Draw card", "Change control"]))
        elif edit == "junk":
            plays.insert(at, draw(st.one_of(st.none(), st.integers(), st.text(max_size=5),
                                            st.fixed_dictionaries({"play": st.text(max_size=8)}))))
    return replay


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edited_matches())
def test_an_edited_match_always_imports_and_every_game_is_judged(replay: dict[str, Any]) -> None:
    for game in import_replay(replay):
        verdict = validate(game.document).to_dict()  # a DocumentError would fail the test
        assert verdict["actions_checked"] <= len(game.document["actions"])
        if game.stopped:
            assert game.stopped.startswith("import stopped at play [")

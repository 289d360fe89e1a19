"""The library call and the push API (validator/engine/duel.py, validator/document/verdict.py)."""

from __future__ import annotations

import json

import pytest

from tests.helpers import SHARED, act, document, opening
from validator import Action, Duel, IllegalActionError, load_document, validate

EXAMPLES = SHARED / "examples"
needs_shared = pytest.mark.skipif(not EXAMPLES.exists(), reason="../shared is not beside it")


def test_verdict_has_exactly_the_fields_of_section_3() -> None:
    verdict = validate(document([act("phase", to="standby")])).to_dict()
    assert list(verdict) == ["legal", "violation", "outcome", "actions_checked", "state"]
    assert list(verdict["violation"]) == ["index", "rule", "message", "turn", "phase", "player",
                                          "action"]
    state = verdict["state"]
    # The fields of revision 1 first, in their order (clients rely on them), then the ones a
    # position needs: fields are only ever added.
    assert list(state)[:6] == ["turn", "turn_player", "phase", "players", "this_turn", "chain"]
    assert list(state)[6:] == ["chain_links", "owners", "pending_materials", "gone", "outcome",
                               "actions_judged", "ruleset"]
    assert list(state["players"]["p1"]) == ["lp", "deck", "hand", "monsters", "spell_traps",
                                            "field_spell", "graveyard", "banished", "extra",
                                            "deck_cards", "extra_face_up"]
    assert list(state["this_turn"]) == ["normal_draw", "normal_summon", "quick_summon",
                                        "positions_changed", "attacked", "placed", "set",
                                        "phase_effects_resolved", "phase_effects_due",
                                        "declared", "indexes", "pendulum_summon"]


@needs_shared
def test_the_shared_examples() -> None:
    got = {p.stem: validate(p.read_text("utf-8")) for p in EXAMPLES.glob("*.json")}
    assert got["opening-turn"].legal and got["change-of-heart"].legal
    bad = got["second-normal-summon"].violation
    assert bad is not None and (bad.index, bad.rule) == (4, "summon.normal-once")
    assert bad.message == "p1 already Normal Summoned or Set a monster this turn (action 4)."


def test_validate_accepts_text_bytes_mappings_and_documents() -> None:
    doc = document([act("draw")])
    text = json.dumps(doc)
    for form in (doc, text, text.encode(), load_document(doc)):
        assert validate(form).legal


def test_push_raises_a_value_error_that_reproduces_the_case() -> None:
    duel = Duel(load_document(document([])))
    for raw in opening():
        duel.push(load_document(document([raw])).actions[0])
    with pytest.raises(IllegalActionError) as info:
        duel.push(Action("phase", "p1", to="standby", raw={"x": 1}))
    err = info.value
    assert isinstance(err, ValueError)
    assert (err.index, err.rule, err.action) == (3, "turn.phase-order", {"x": 1})
    assert duel.state.phase == "main1" and duel.pushed == 3


def test_an_illegal_action_changes_nothing_it_judged() -> None:
    duel = Duel(load_document(document([], {"hand": ["gemini"]})))
    assert duel.check(Action("normal_summon", "p1", card="gemini")) is not None
    assert duel.state.sides["p1"].hand == ["gemini"] and duel.pushed == 0


def test_violation_reports_turn_and_phase_before_the_action() -> None:
    v = validate(document([*opening(), act("phase", to="end"), act("end_turn"),
                           act("phase", "p2", to="main1")])).violation
    assert v is not None and (v.turn, v.phase, v.player) == (2, "draw", "p2")

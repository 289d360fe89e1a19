"""The board at every step (validator/teaching/steps.py)."""

from __future__ import annotations

import pytest

from tests.helpers import act, document, load_cases, mon, opening
from validator import validate
from validator.teaching.steps import trace

CASES = load_cases()


@pytest.mark.parametrize(("name", "case"), CASES, ids=[f"{n}:{c['name']}" for n, c in CASES])
def test_a_trace_judges_as_validate_does_and_ends_on_its_state(name: str,
                                                                case: dict) -> None:  # type: ignore[type-arg]
    verdict = validate(case["document"])
    t = trace(case["document"])
    assert t.verdict == verdict
    if verdict.legal or not t.states[-1]["chain"]:  # a failed action resolved no chain
        assert t.states[-1] == verdict.state
    legal_steps = verdict.actions_checked - (verdict.violation is not None)
    assert len(t.states) == legal_steps + 1


def test_each_state_is_the_board_after_that_many_actions() -> None:
    doc = document([*opening(), act("normal_summon", card="gemini"),
                    act("set_spell_trap", card="mirror")], {"hand": ["gemini", "mirror"]})
    t = trace(doc)
    for n, state in enumerate(t.states):
        assert state == validate({**doc, "actions": doc["actions"][:n]}).state
    assert t.attempted is None and t.ended_at is None


def test_the_illegal_step_is_shown_as_the_log_has_it() -> None:
    doc = document([*opening(), act("normal_summon", card="gemini"),
                    act("normal_summon", card="vorse")], {"hand": ["gemini", "vorse"]})
    t = trace(doc)
    assert t.verdict.violation is not None and t.verdict.violation.rule == "summon.normal-once"
    before = [m["card"] for m in t.states[-1]["players"]["p1"]["monsters"]]
    assert before == ["gemini"]
    assert t.attempted is not None
    assert [m["card"] for m in t.attempted["players"]["p1"]["monsters"]] == ["gemini", "vorse"]


def test_an_illegal_step_that_cannot_be_carried_out_has_no_after_board() -> None:
    doc = document([*opening(), act("change_position", card="gemini", to="defense")],
                   {"hand": ["gemini"]})
    t = trace(doc)
    assert t.verdict.violation is not None and t.verdict.violation.rule == "card.not-on-field"
    assert t.attempted is None


def test_an_open_chain_resolves_in_the_after_board_as_it_would_before_the_action() -> None:
    doc = document([*opening(), act("activate", card="pot"), act("phase", to="end"),
                    act("draw")], {"hand": ["pot"]})
    t = trace(doc)
    assert t.verdict.violation is not None and t.verdict.violation.index == 5
    assert t.attempted is not None and t.attempted["players"]["p1"]["graveyard"] == ["pot"]


def test_the_step_the_duel_ends_on_is_marked() -> None:
    doc = document([*opening(), act("surrender", "p2"), act("phase", to="battle")])
    t = trace(doc)
    assert t.verdict.violation is not None and t.verdict.violation.rule == "duel.over"
    assert t.ended_at == 4 and len(t.states) == 5
    mons = [mon("gemini")]
    assert trace(document([], p1={"deck": 0, "monsters": mons})).ended_at == 0

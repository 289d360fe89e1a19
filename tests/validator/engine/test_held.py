"""A duel judged step by step from a kept state (validator.engine.held, contract §9): a step's
verdict is the one of judging the whole document, counted within the step; only legal actions
are kept; a kept state restores to the same duel; a state that does not load is the holder's
error, never a verdict."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import act
from validator import DocumentError, load_document, validate
from validator.engine.duel import replay
from validator.engine.held import (
    KeptStateError,
    begin,
    go_on,
    held_document,
    load_actions,
    restore,
    verdict_text,
)
from validator.rules.catalog import golden_cases
from validator.synth import legal_duel


def cards_of(doc: dict[str, Any], state: str) -> Any:
    return held_document(json.dumps(doc["cards"]), state)


def test_begin_keeps_the_legal_actions_and_stops_at_the_first_illegal_one() -> None:
    draws = [act("draw", player="p1") for _ in range(3)]
    doc: dict[str, Any] = {"cards": {}, "actions": draws}
    step = begin(load_document(doc))
    assert step.kept == 1 and step.verdict.violation is not None
    assert step.verdict.violation.rule == "draw.once" and step.verdict.violation.index == 1
    assert json.loads(step.state) == validate({**doc, "actions": draws[:1]}).state
    assert json.loads(step.text) == step.verdict.to_dict()


def test_a_step_is_counted_within_its_new_actions() -> None:
    doc = legal_duel(3)
    first, rest = doc["actions"][:5], doc["actions"][5:]
    opened = begin(load_document({**doc, "actions": first}))
    cards = cards_of(doc, opened.state)
    step = go_on(cards, opened.state, load_actions(rest, cards))
    whole = validate(doc)
    assert step.kept == len(rest) and step.verdict.legal
    assert step.verdict.actions_checked == len(rest)
    assert json.loads(step.state) == whole.state and step.verdict.outcome == whole.outcome


def test_a_refused_action_leaves_the_duel_where_the_last_legal_one_did() -> None:
    """An open chain resolves before an action that does not respond to it: the verdict says
    so, as validate does, but the kept state still has the chain open for a response."""
    case = next(c for c in golden_cases()["chain.spell-speed"] if c["expect"]["legal"])
    doc = case["document"]
    opened_at = next(i for i in range(len(doc["actions"]), -1, -1)
                     if replay({**doc, "actions": doc["actions"][:i]}).state.chain)
    start = {**doc, "actions": doc["actions"][:opened_at]}
    opened = begin(load_document(start))
    cards = cards_of(start, opened.state)
    illegal = act("phase", player="p2", to="end")
    step = go_on(cards, opened.state, load_actions([illegal], cards))
    assert step.kept == 0 and step.verdict.violation is not None
    assert step.verdict.violation.index == 0
    assert step.verdict.state == validate({**start, "actions": [*start["actions"], illegal]}).state
    assert json.loads(step.state) == validate(start).state and json.loads(step.state)["chain"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(turns=st.integers(1, 4), seed=st.integers(0, 2**16), cut=st.integers(0, 60),
       reuse=st.booleans(), ruleset=st.sampled_from(["classic", "advanced"]))
def test_a_kept_duel_and_a_restored_one_judge_alike(turns: int, seed: int, cut: int,
                                                    reuse: bool, ruleset: str) -> None:
    doc = legal_duel(turns, seed, ruleset)
    cut = min(cut, len(doc["actions"]))
    opened = begin(load_document({**doc, "actions": doc["actions"][:cut]}))
    cards = cards_of(doc, opened.state)
    rest = load_actions(doc["actions"][cut:], cards)
    step = go_on(cards, opened.state, rest, opened.duel if reuse else None)
    assert json.loads(step.state) == validate(doc).state
    assert step.kept == len(rest) and step.duel.pushed == len(rest)


def test_the_verdict_text_is_the_verdicts_json() -> None:
    verdict = validate(legal_duel(5))
    assert json.loads(verdict_text(verdict, json.dumps(verdict.state))) == verdict.to_dict()


@pytest.mark.parametrize("state", ["[", "{}", '{"turn": "one"}'])
def test_a_kept_state_that_does_not_load_is_the_holders_error(state: str) -> None:
    with pytest.raises(KeptStateError, match="stored state cannot be read"):
        restore(load_document({"cards": {}}), state)


def test_kept_cards_that_do_not_load_are_the_holders_error() -> None:
    state = begin(load_document({"cards": {}})).state
    with pytest.raises(KeptStateError, match="stored cards cannot be read"):
        held_document("{", state)
    with pytest.raises(KeptStateError, match="stored cards and state do not load"):
        held_document('{"c": {"name": "No such card at all"}}', state)


def test_new_actions_are_checked_against_the_cards_keyed_within_the_step() -> None:
    cards = load_document({"cards": {"c1": {"name": "Kuriboh", "owner": "p1"}}})
    with pytest.raises(DocumentError) as caught:
        load_actions([act("draw", player="p1"), act("summon", player="p1", card="c9",
                                                     position="attack")], cards)
    assert list(caught.value.errors["actions"]) == ["1"]

"""The compiled fast path judges exactly as transitions' own trigger (validator/engine/fastpath.py):
every golden case, every game of the real corpus, and random play, action by action."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from transitions import Machine

from tests.helpers import corpus, load_cases, needs_corpus
from tests.validator.engine.judging import assert_same_judging
from tests.validator.engine.strategies import random_action
from validator.engine.fastpath import compile_machine
from validator.engine.machine import MACHINE, Apply
from validator.engine.randomplay import random_play
from validator.synth import legal_duel

CASES = load_cases()


@pytest.mark.parametrize(("stem", "case"), CASES, ids=[f"{s}: {c['name']}" for s, c in CASES])
def test_golden_cases_through_both_engines(stem: str, case: dict[str, Any]) -> None:
    assert_same_judging(case["document"])


@needs_corpus()
def test_the_corpus_through_both_engines() -> None:
    games = corpus()
    assert games
    for _, document in games:
        assert_same_judging(document)


STARTS = [case["document"] for _, case in CASES if case["expect"]["legal"]]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.sampled_from(STARTS), st.builds(legal_duel, st.integers(1, 3))),
       st.integers(0, 10**6), st.integers(0, 12), st.data())
def test_random_play_through_both_engines(start: dict[str, Any], seed: int, steps: int,
                                          data: st.DataObject) -> None:
    doc = random_play(start, random.Random(seed), steps)
    actions = list(doc["actions"])
    cards = sorted(doc["cards"]) or ["none"]
    if doc["cards"]:
        for _ in range(data.draw(st.integers(0, 2))):
            where = data.draw(st.integers(len(start.get("actions", [])), len(actions)))
            actions.insert(where, data.draw(random_action(cards)))
    assert_same_judging({**doc, "actions": actions})


def test_a_callback_the_compiler_does_not_know_is_refused() -> None:
    machine = Machine(model=None, states=["a", "b"], initial="a", auto_transitions=False,
                      send_event=True)
    machine.add_transition("go", "a", "b", after=[lambda event: None])
    with pytest.raises(TypeError, match="cannot compile the after callback"):
        compile_machine(machine)
    machine = Machine(model=None, states=["a", "b"], initial="a", auto_transitions=False,
                      send_event=True)
    machine.add_transition("go", "a", "b", conditions=[lambda event: True])
    with pytest.raises(TypeError, match="cannot compile the condition"):
        compile_machine(machine)


def test_the_plan_covers_every_trigger_in_every_phase() -> None:
    plan = compile_machine(MACHINE)
    assert set(plan) == set(MACHINE.events)
    for trigger, by_phase in plan.items():
        assert set(by_phase) == set(MACHINE.states), trigger
    standby = MACHINE.get_state("standby")
    (enter,) = standby.on_enter
    assert isinstance(enter, Apply)
    assert plan["enter_standby"]["draw"][0].after[0] is enter.effect

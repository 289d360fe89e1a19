"""legal_actions: every listed action is legal, sampled unlisted ones are not
(validator/engine/legal.py), over random reachable states."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import act, document, load_cases, mon, opening
from tests.validator.engine.strategies import random_action
from validator import Action, Duel, IllegalActionError, legal_actions, load_document, validate
from validator.document.schema import ACTION_SCHEMAS
from validator.engine.randomplay import random_play
from validator.synth import legal_duel

STARTS = [c["document"] for _, c in load_cases() if c["expect"]["legal"]
          and c["document"]["cards"]] + \
         [legal_duel(n, seed=n) for n in (2, 4)]
RICH = [document([*opening(), *extra], {"hand": ["gemini", "skull", "pot", "mirror", "axe",
                                                "mst", "kuriboh", "messenger"],
                                       "monsters": [mon("vorse"), mon("jar", "facedown_defense")],
                                       "graveyard": ["dm", "sangan"]},
                  {"monsters": [mon("lady")], "hand": ["coh", "wall"],
                   "spell_traps": [{"card": "solemn", "face_up": False}]}, turn=2)
        for extra in ([], [act("phase", to="battle")], [act("activate", card="pot")])]
STARTS += RICH
EFFECT_DRIVEN = {"special_summon", "take_control", "destroy", "move", "damage", "gain_lp"}


def canonical(raw: dict[str, Any], doc: dict[str, Any]) -> Action:
    """The action as the rules see it (defaults filled, Tribute order and idle fields off)."""
    action = Action(**ACTION_SCHEMAS[raw["type"]].load(raw) | {"raw": {}})
    card = doc["cards"].get(action.card or "", {})
    if action.type != "activate" or card.get("subtype") != "equip":
        action = replace(action, target=None) if action.type == "activate" else action
    return replace(action, tributes=tuple(sorted(action.tributes)))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STARTS), st.integers(0, 10**6), st.integers(0, 8), st.data())
def test_listed_actions_are_legal_and_unlisted_ones_are_not(
        start: dict[str, Any], seed: int, steps: int, data: st.DataObject) -> None:
    doc = random_play(start, random.Random(seed), steps)
    listed = legal_actions(doc)
    for action in listed:
        verdict = validate({**doc, "actions": [*doc["actions"], action]})
        assert verdict.legal, (action, verdict.violation)
    known = {canonical(a, doc) for a in listed}
    for _ in range(12):
        raw = data.draw(random_action(sorted(doc["cards"])))
        if raw["type"] in EFFECT_DRIVEN or raw.get("by_effect"):
            continue
        action = canonical(raw, doc)
        if action in known or replace(action, target=None) in known:
            continue  # listed (a target only counts when an Equip card itself is activated,
            # which never is legal without one: a listed target-less twin means it is idle)
        verdict = validate({**doc, "actions": [*doc["actions"], raw]})
        assert not verdict.legal, f"legal but not listed: {raw}"


def test_in_means_legal() -> None:
    duel = Duel(load_document(document(opening(), {"hand": ["gemini"]})))
    for raw in opening():
        duel.push(load_document(document([raw])).actions[0])
    summon = load_document(document([act("normal_summon", card="gemini")],
                                    {"hand": ["gemini"]})).actions[0]
    assert summon in duel.legal_actions
    assert replace(summon, player="p2") not in duel.legal_actions
    assert "normal_summon" not in duel.legal_actions


def test_tribute_choices_are_enumerated() -> None:
    doc = document(opening(), {"hand": ["dm"], "monsters": [mon("gemini"), mon("vorse"),
                                                             mon("lady")]})
    summons = [a["tributes"] for a in legal_actions(doc) if a["type"] == "normal_summon"]
    assert sorted(summons) == [["gemini", "lady"], ["gemini", "vorse"], ["lady", "vorse"]]


def test_an_open_chain_allows_responses_and_other_actions() -> None:
    doc = document([*opening(), act("activate", card="pot")], {"hand": ["pot", "gemini"]},
                   {"spell_traps": [{"card": "mirror", "face_up": False}]})
    listed = legal_actions(doc)
    assert {"type": "activate", "player": "p2", "card": "mirror", "respond": True} in listed
    assert {"type": "normal_summon", "player": "p1", "card": "gemini"} in listed


def test_an_ended_duel_has_no_legal_action() -> None:
    assert legal_actions(document([act("draw"), act("surrender")])) == []


def test_an_illegal_sequence_is_refused() -> None:
    with pytest.raises(IllegalActionError) as info:
        legal_actions(document([act("phase", to="end")]))
    assert info.value.rule == "turn.phase-order"


def test_an_action_that_breaks_a_card_limit_is_not_listed() -> None:
    """Contract §8: a turn lock already broken, a hard once-per-turn effect used up."""
    cases = {c["name"]: c["document"] for _, c in load_cases()}
    locked = cases['a "turn" lock: a card activated after a Special Summon from the Extra Deck '
                   'that its lock forbids']
    doc = {**locked, "actions": locked["actions"][:-1]}  # the Summon made, not the activation
    assert {"type": "activate", "player": "p1", "card": "s"} not in legal_actions(doc)
    assert {"type": "activate", "player": "p1", "card": "s"} in legal_actions(
        {**doc, "actions": doc["actions"][:-1]})  # before the Summon it is
    used = cases["a soft once-per-turn effect used twice by one copy"]
    doc = {**used, "actions": used["actions"][:-1]}
    assert {"type": "activate", "player": "p1", "card": "a"} not in legal_actions(doc)

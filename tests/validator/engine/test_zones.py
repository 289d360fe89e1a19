"""Zones and the advanced ruleset (contract §6; validator/engine/zones.py,
validator/rules/rulesets.py): the field's geometry, where the judge puts a card, the one machine for
both rulesets, legal actions, positions, and the fast path against transitions on advanced play."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import act, opening
from tests.validator.engine.judging import assert_same_judging
from validator import Duel, legal_actions, load_document, validate
from validator.document.model import LINK_ARROWS, other
from validator.engine.machine import MACHINE
from validator.engine.randomplay import random_play
from validator.engine.zones import ARROWS, EXTRA_ZONES, MAIN_ZONES, points_to
from validator.synth import legal_duel

CARDS: dict[str, dict[str, Any]] = {
    "link": {"name": "Linkuriboh", "kind": "monster", "link": 1, "link_arrows": ["bottom"],
             "normal_summon": False},
    "proxy": {"name": "Proxy Dragon", "kind": "monster", "link": 2,
              "link_arrows": ["left", "right"], "normal_summon": False},
    "sg": {"name": "Stargazer Magician", "kind": "monster", "level": 5, "pendulum": True,
           "scale": 1},
    "tg": {"name": "Timegazer Magician", "kind": "monster", "level": 3, "pendulum": True,
           "scale": 8},
    "oe": {"name": "Odd-Eyes Pendulum Dragon", "kind": "monster", "level": 7, "pendulum": True,
           "scale": 4},
    "lady": {"name": "D.D. Warrior Lady", "kind": "monster", "level": 4},
    "vorse": {"name": "Vorse Raider", "kind": "monster", "level": 4},
    "kuri": {"name": "Kuriboh", "kind": "monster", "level": 1, "effect": "quick"},
    "mf": {"name": "Mirror Force", "kind": "trap", "subtype": "normal"},
}


def adv(actions: list[dict[str, Any]], p1: dict[str, Any] | None = None,
        p2: dict[str, Any] | None = None, **top: Any) -> dict[str, Any]:
    """An advanced document of turn 3 (p1's) with the cards above."""
    doc = {"ruleset": "advanced", "turn": 3, "cards": CARDS, "actions": actions,
           "setup": {"p1": p1 or {}, "p2": p2 or {}}, **top}
    placed = {c for side in doc["setup"].values() for c in _ids(side)}
    doc["cards"] = {cid: ({**card, "owner": "p1"} if cid not in placed else card)
                    for cid, card in CARDS.items()}
    return doc


def _ids(side: dict[str, Any]) -> list[str]:
    out = []
    for value in side.values():
        for item in value if isinstance(value, list) else [value]:
            out.append(item["card"] if isinstance(item, dict) else item)
    return out


SCALES = [{"card": "sg", "face_up": True, "zone": "S1"},
          {"card": "tg", "face_up": True, "zone": "S5"}]


def _mirror(ref: tuple[str | None, str]) -> tuple[str | None, str]:
    player, zone = ref
    if player is None:
        return None, "EMZ-R" if zone == "EMZ-L" else "EMZ-L"
    return other(player), zone  # type: ignore[arg-type]


@pytest.mark.parametrize("zone", [*MAIN_ZONES, *EXTRA_ZONES])
def test_both_players_see_the_field_alike(zone: str) -> None:
    """p2's arrows are p2's own: the field turned round is the same field."""
    mirrored = _mirror((None, zone))[1] if zone in EXTRA_ZONES else zone
    for n in range(1, 4):
        for arrows in itertools.combinations(LINK_ARROWS, n):
            seen_by_p1 = points_to("p1", zone, arrows)
            seen_by_p2 = points_to("p2", mirrored, arrows)
            assert [_mirror(ref) for ref in seen_by_p1] == seen_by_p2


def test_the_extra_monster_zones_sit_between_the_main_monster_zones_as_section_6_says() -> None:
    assert points_to("p1", "M2", ["top"]) == [(None, "EMZ-L")]
    assert points_to("p1", "M4", ["top"]) == [(None, "EMZ-R")]
    assert points_to("p2", "M4", ["top"]) == [(None, "EMZ-L")]
    assert points_to("p2", "M2", ["top"]) == [(None, "EMZ-R")]
    assert points_to("p1", "EMZ-L", ["top", "bottom"]) == [("p2", "M4"), ("p1", "M2")]
    assert points_to("p1", "EMZ-R", ["top-left", "top-right"]) == [("p2", "M3"), ("p2", "M1")]
    assert points_to("p1", "M1", ["left", "bottom-left", "top-left"]) == []
    assert set(ARROWS) == set(LINK_ARROWS)


def test_a_link_monster_in_a_main_monster_zone_points_across_to_the_opponent() -> None:
    doc = adv([*opening(), act("special_summon", card="proxy", zone="M1")],
              {"monsters": [{"card": "link", "position": "attack", "zone": "M2"}],
               "extra": ["proxy"]})
    # Linkuriboh's Bottom arrow points at p1's Spell & Trap Zone: no Main Monster Zone
    assert validate(doc).violation.rule == "zone.extra-deck-summon"  # type: ignore[union-attr]
    p2_link = adv([*opening(), act("special_summon", card="proxy", zone="M3")],
                  {"extra": ["proxy"]},
                  {"monsters": [{"card": "link", "position": "attack", "zone": "M3"}]})
    # p2's Linkuriboh in p2's zone 3 (column 3) points down from p2's side: at nothing of p1's
    assert validate(p2_link).violation.rule == "zone.extra-deck-summon"  # type: ignore[union-attr]


def test_where_the_judge_puts_cards_when_no_zone_is_named() -> None:
    doc = adv([*opening(), act("activate", card="oe"), act("set_spell_trap", card="mf"),
               act("special_summon", card="link"), act("special_summon", card="proxy")],
              {"hand": ["oe", "mf"], "extra": ["link", "proxy"]})
    state = validate(doc).state["players"]["p1"]
    # a Pendulum Scale to Pendulum Zone 1; another card to S2, keeping the Pendulum Zones free
    assert [(s["card"], s["zone"]) for s in state["spell_traps"]] == [("oe", "S1"),
                                                                       ("mf", "S2")]
    # the first Link Monster to the Extra Monster Zone, the next where its arrow points
    assert [(m["card"], m["zone"]) for m in state["monsters"]] == [("link", "EMZ-L"),
                                                                    ("proxy", "M2")]


def test_classic_documents_carry_zones_as_bookkeeping_only() -> None:
    doc = {"cards": {"a": {"kind": "monster", "level": 4}, "b": {"kind": "monster", "level": 4},
                     "c": {"kind": "monster", "link": 1, "link_arrows": ["top"]}},
           "setup": {"p1": {"hand": ["a", "b"], "extra": ["c"]}},
           "actions": [*opening(), act("normal_summon", card="a", zone="M3"),
                       act("special_summon", card="b", zone="M3"),
                       act("special_summon", card="c", zone="M5", position="defense")]}
    verdict = validate(doc)
    assert verdict.legal
    assert [(m["card"], m["zone"], m["position"])
            for m in verdict.state["players"]["p1"]["monsters"]] == [
        ("a", "M3", "attack"), ("b", "M1", "attack"), ("c", "M5", "defense")]


def test_one_machine_for_both_rulesets() -> None:
    """The ruleset changes the state and what the guards find, never the machine."""
    classic = Duel(load_document({"cards": {}}))
    advanced = Duel(load_document({"cards": {}, "ruleset": "advanced"}))
    assert classic.state.rules.name == "classic" and advanced.state.rules.name == "advanced"
    assert "pendulum_summon" in MACHINE.events
    assert not MACHINE.auto_transitions and MACHINE.models == []
    assert [a["type"] for a in legal_actions({"cards": {}}) if a["player"] == "p1"] == [
        "draw", "resolve", "surrender"]
    assert [a["type"] for a in legal_actions({"cards": {}, "ruleset": "advanced"})
            if a["player"] == "p1"] == ["phase", "resolve", "surrender"]


def test_legal_actions_offer_pendulum_summons_and_no_quick_summons() -> None:
    doc = adv(opening(), {"hand": ["lady", "oe", "kuri"], "spell_traps": SCALES,
                          "extra_face_up": ["vorse"]})
    doc["cards"]["vorse"] = {**CARDS["vorse"], "pendulum": True, "scale": 2}
    found = legal_actions(doc)
    summons = [sorted(a["cards"]) for a in found if a["type"] == "pendulum_summon"]
    # Kuriboh is Level 1: not between Scales 1 and 8; the rest in every combination
    assert summons == [["lady"], ["oe"], ["vorse"], ["lady", "oe"], ["lady", "vorse"],
                       ["oe", "vorse"], ["lady", "oe", "vorse"]]
    assert not [a for a in found if a["type"] == "quick_summon"]
    for action in found:
        assert validate({**doc, "actions": [*doc["actions"], action]}).legal, action
    classic = {**doc, "ruleset": "classic"}
    assert not [a for a in legal_actions(classic) if a["type"] == "pendulum_summon"]


def test_a_pendulum_monster_with_a_hand_effect_is_a_scale_only_with_a_zone() -> None:
    card = {**CARDS["oe"], "effects": [{"kind": "trigger", "from": ["hand"]}]}
    base = adv(opening(), {"hand": ["oe"]})
    base["cards"]["oe"] = card
    effect = validate({**base, "actions": [*base["actions"], act("activate", card="oe")]})
    assert effect.state["players"]["p1"]["spell_traps"] == []  # its effect, from the hand
    scale = validate({**base, "actions": [*base["actions"],
                                          act("activate", card="oe", zone="S5")]})
    assert scale.state["players"]["p1"]["spell_traps"] == [
        {"card": "oe", "face_up": True, "zone": "S5"}]
    listed = [a for a in legal_actions(base) if a["type"] == "activate" and "zone" in a]
    assert [a["zone"] for a in listed] == ["S1", "S5"]


def test_a_position_carries_its_ruleset() -> None:
    doc = adv([*opening(), act("pendulum_summon", cards=["lady"])],
              {"hand": ["lady", "oe"], "spell_traps": SCALES})
    state = validate(doc).state
    assert state["ruleset"] == "advanced"
    going_on = {"cards": doc["cards"], "position": state,
                "actions": [act("pendulum_summon", cards=["oe"])]}
    verdict = validate(going_on)  # no ruleset named: the position's
    assert verdict.violation is not None and verdict.violation.rule == "summon.pendulum-once"
    older = {**going_on, "ruleset": "advanced", "position": {
        k: v for k, v in state.items() if k != "ruleset"}}
    assert validate(older).violation.rule == "summon.pendulum-once"  # type: ignore[union-attr]


def test_the_synthetic_duels_are_legal_under_both_rulesets() -> None:
    for turns in (1, 5, 20):
        classic, advanced = legal_duel(turns, seed=turns), legal_duel(turns, 3, "advanced")
        assert validate(classic).legal and validate(advanced).legal
        assert len(classic["actions"]) == len(legal_duel(turns, seed=turns)["actions"])
    first = legal_duel(2)["actions"][0]
    assert validate({**legal_duel(2), "ruleset": "advanced"}).violation.rule == \
        "draw.first-turn", first  # type: ignore[union-attr]


STARTS = [adv(opening(), {"hand": ["lady", "oe", "kuri", "sg", "tg", "mf"],
                          "extra": ["link", "proxy"]}),
          adv(opening(), {"hand": ["lady", "oe", "vorse"], "spell_traps": SCALES,
                          "extra": ["link", "proxy"]})]


@pytest.mark.parametrize("seed", range(12))
def test_advanced_random_play_through_both_engines(seed: int) -> None:
    rng = random.Random(seed)
    start = STARTS[seed % len(STARTS)]
    doc = random_play(start, rng, rng.randint(4, 16))
    assert doc["ruleset"] == "advanced"
    assert_same_judging(doc)


def test_what_a_ruleset_compiles_out_is_a_check_or_a_prepare_step_of_the_machine() -> None:
    from validator.engine.fastpath import FAST_PATH
    from validator.engine.machine import PREPARE
    from validator.rules.registry import REGISTRY
    from validator.rules.rulesets import RULESETS

    prepared = {effect.__name__ for steps in PREPARE.values() for effect in steps}
    for rules in RULESETS.values():
        assert rules.compiled_out <= set(REGISTRY.checks) | prepared, rules
        plan = FAST_PATH.plans[rules]
        names = {c.name for by_phase in plan.values() for steps in by_phase.values()
                 for step in steps for c in step.checks}
        assert not names & rules.compiled_out
    classic, advanced = RULESETS["classic"], RULESETS["advanced"]
    assert not classic.compiled_out & advanced.compiled_out  # each check matters somewhere


ZONE_NAMES = [*MAIN_ZONES, *EXTRA_ZONES, "S1", "S3", "S5"]


@st.composite
def advanced_action(draw: st.DrawFn) -> dict[str, Any]:
    """Any action of the advanced ruleset's new kinds, or with a zone, legal or not."""
    player = draw(st.sampled_from(["p1", "p2"]))
    cards = sorted(CARDS)
    card = draw(st.sampled_from(cards))
    zone = draw(st.sampled_from(ZONE_NAMES))
    monster_zone = draw(st.sampled_from([*MAIN_ZONES, *EXTRA_ZONES]))
    kind = draw(st.sampled_from(["pendulum_summon", "special_summon", "normal_summon",
                                 "take_control", "activate", "set_spell_trap", "move",
                                 "destroy", "change_position"]))
    if kind == "pendulum_summon":
        chosen = draw(st.lists(st.sampled_from(cards), min_size=1, max_size=3, unique=True))
        out: dict[str, Any] = {"cards": chosen}
        if draw(st.booleans()):
            out["zones"] = draw(st.lists(st.sampled_from([*MAIN_ZONES, *EXTRA_ZONES]),
                                         min_size=len(chosen), max_size=len(chosen)))
        return {"type": kind, "player": player, **out}
    fields: dict[str, Any] = {"card": card}
    if kind in ("special_summon", "normal_summon", "take_control"):
        fields["zone"] = monster_zone
        if kind == "special_summon":
            fields["position"] = draw(st.sampled_from(["attack", "defense"]))
    elif kind in ("activate", "set_spell_trap"):
        if zone.startswith("S"):
            fields["zone"] = zone
    elif kind == "move":
        fields["to"] = draw(st.sampled_from(["graveyard", "spell_trap", "extra"]))
        if fields["to"] == "spell_trap" and zone.startswith("S"):
            fields["zone"] = zone
        if fields["to"] == "extra":
            fields["face_up"] = draw(st.booleans())
    elif kind == "change_position":
        fields["to"] = "defense"
    return {"type": kind, "player": player, **fields}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STARTS), st.lists(advanced_action(), max_size=6),
       st.sampled_from(["advanced", "classic"]))
def test_zones_and_pendulum_summons_never_break_the_engine(
        start: dict[str, Any], actions: list[dict[str, Any]], ruleset: str) -> None:
    doc = {**start, "ruleset": ruleset, "actions": [*start["actions"], *actions]}
    assert_same_judging(doc)  # the same verdicts, action by action, through both engines
    verdict = validate(doc)
    if ruleset == "classic":  # zones are bookkeeping: no rule of advanced's own is broken
        assert verdict.violation is None or not verdict.violation.rule.startswith(
            ("zone.extra", "summon.pendulum", "draw.first-turn"))

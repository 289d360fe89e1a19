"""Cards effects move on the field (docs/format.md, "Moves by effects"): a monster moved to
another of its controller's Monster Zones (``to: monster_zone``), a card Set by an effect
(``face_down``), a Field Spell an effect places, under both rulesets."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import act, opening
from validator import DocumentError, validate

CARDS: dict[str, dict[str, Any]] = {
    "x": {"name": "R.B. VALCan Booster", "kind": "monster", "link": 2,
          "link_arrows": ["top", "bottom"], "normal_summon": False},
    "y": {"name": "Vorse Raider", "kind": "monster", "level": 4},
    "t": {"name": "R.B. Last Stand", "kind": "trap", "subtype": "normal"},
    "f": {"name": "R.B. Funk Dock", "kind": "spell", "subtype": "field"},
}
BOARD = {"monsters": [{"card": "x", "position": "attack", "zone": "EMZ-R"},
                      {"card": "y", "position": "attack", "zone": "M2"}],
         "deck": ["t", "f"]}


def judge(actions: list[dict[str, Any]], ruleset: str = "advanced",
          p1: dict[str, Any] | None = None, p2: dict[str, Any] | None = None) -> dict[str, Any]:
    doc = {"ruleset": ruleset, "turn": 3, "cards": CARDS, "actions": actions,
           "setup": {"p1": p1 or BOARD, "p2": p2 or {}}}
    return validate(doc).to_dict()


def zones(verdict: dict[str, Any], player: str = "p1") -> list[tuple[str, str]]:
    return [(m["card"], m["zone"]) for m in verdict["state"]["players"][player]["monsters"]]


def test_a_monster_moved_to_another_zone_is_the_same_card_there() -> None:
    verdict = judge([*opening(), act("move", card="x", to="monster_zone", zone="M3")])
    assert verdict["legal"], verdict["violation"]
    assert zones(verdict) == [("x", "M3"), ("y", "M2")]
    # it stays on the field: a monster that attacked keeps its attack
    after_attack = judge([*opening(), act("phase", to="battle"),
                          act("declare_attack", card="x", target=None),
                          act("move", card="x", to="monster_zone", zone="M4"),
                          act("declare_attack", card="x", target=None)])
    assert after_attack["violation"]["rule"] == "battle.already-attacked"


@pytest.mark.parametrize(("player", "card", "zone", "rule"), [
    ("p1", "x", "M2", "zone.extra-monster-zone"),  # Vorse Raider is there
    ("p2", "x", "M3", "card.not-on-field"),  # not p2's monster
    ("p1", "t", "M3", "card.not-on-field"),  # not on the field at all
])
def test_a_monster_moves_only_from_its_controllers_field_to_a_free_zone(
        player: str, card: str, zone: str, rule: str) -> None:
    actions = [*opening(), act("move", player, card=card, to="monster_zone", zone=zone)]
    assert judge(actions)["violation"]["rule"] == rule


def test_a_second_monster_of_one_player_never_moves_into_the_extra_monster_zones() -> None:
    verdict = judge([*opening(), act("move", card="y", to="monster_zone", zone="EMZ-L")])
    assert verdict["violation"]["rule"] == "zone.extra-monster-zone"
    moved_across = judge([*opening(), act("move", card="x", to="monster_zone", zone="EMZ-L")])
    assert moved_across["legal"] and zones(moved_across)[0] == ("x", "EMZ-L")


def test_under_classic_a_move_to_an_occupied_zone_leaves_the_monster_where_it_is() -> None:
    verdict = judge([*opening(), act("move", card="x", to="monster_zone", zone="M2")],
                    ruleset="classic")
    assert verdict["legal"] and zones(verdict) == [("x", "EMZ-R"), ("y", "M2")]


def test_a_card_set_by_an_effect_waits_a_turn_as_a_set_card_does() -> None:
    setting = [*opening(), act("move", card="t", to="spell_trap", face_down=True)]
    verdict = judge([*setting, act("activate", card="t")])
    assert verdict["violation"]["rule"] == "card.set-this-turn"
    placed = judge(setting)["state"]["players"]["p1"]["spell_traps"]
    assert placed == [{"card": "t", "face_up": False, "zone": "S2"}]
    next_turn = judge([*setting, act("phase", to="end"), act("end_turn"), *opening("p2"),
                       act("activate", card="t")])
    assert next_turn["legal"], next_turn["violation"]


def test_a_field_spell_an_effect_places_goes_to_the_field_zone() -> None:
    verdict = judge([*opening(), act("move", card="f", to="spell_trap")])
    side = verdict["state"]["players"]["p1"]
    assert side["field_spell"] == {"card": "f", "face_up": True} and side["spell_traps"] == []


@pytest.mark.parametrize(("fields", "path", "message"), [
    ({"to": "monster_zone"}, "zone", "names the zone"),
    ({"to": "monster_zone", "zone": "S2"}, "zone", "Not a Monster Zone"),
    ({"to": "graveyard", "zone": "M1"}, "zone", "only for a move to spell_trap or"),
    ({"to": "hand", "face_down": True}, "face_down", "only for a move to spell_trap"),
])
def test_the_fields_of_a_move_belong_to_its_destination(fields: dict[str, Any], path: str,
                                                        message: str) -> None:
    with pytest.raises(DocumentError) as caught:
        judge([act("move", card="x", **fields)])
    assert message in caught.value.errors["actions"]["0"][path][0]

"""A document's cards (validator/document/card_schema.py): Levels and Ranks, the extensions
and the limits of revision 4 loaded into the card, a malformed one named by its field."""

from __future__ import annotations

import pytest

from tests.validator.document.limited import LIMITED, LINK, SYNCHRO
from tests.validator.document.malformed import errors_of
from validator import DocumentError, load_document
from validator.document.model import TributeFilter


@pytest.mark.parametrize(("level", "ok"), [(0, True), (13, True), (-1, False), (14, False)])
def test_a_monster_level_is_0_to_13(level: int, ok: bool) -> None:
    """Contract revision 4: Level and Rank 0 monsters exist (Ultimaya Tzolkin, Number F0),
    and Rank 13."""
    doc = {"cards": {"x": {"kind": "monster", "level": level, "owner": "p1"}}}
    if ok:
        assert load_document(doc).cards["x"].level == level
    else:
        with pytest.raises(DocumentError) as caught:
            load_document(doc)
        assert "level" in caught.value.errors["cards"]["x"]


def test_double_tribute_is_true_or_true_with_what_it_is_for() -> None:
    """Contract revision 4's ``double_tribute`` is a boolean; ``double_tribute_for`` (an
    extension, docs/format.md) names the Tribute Summons it counts for."""
    plain = {"kind": "monster", "level": 4, "owner": "p1", "double_tribute": True}
    card = load_document({"cards": {"k": plain}}).cards["k"]
    assert card.double_tribute and card.double_tribute_for is None
    light = {**plain, "double_tribute_for": {"attribute": "LIGHT", "cards": [1, 2]}}
    allowed = load_document({"cards": {"k": light}}).cards["k"].double_tribute_for
    assert allowed is not None and (allowed.attribute, allowed.cards) == ("LIGHT",
                                                                          frozenset({1, 2}))
    for bad in ({}, {"attribute": "SHADOW"}, {"cards": []}, {"level": 4}):
        errors = errors_of({"cards": {"k": {**plain, "double_tribute_for": bad}}})
        assert "double_tribute_for" in errors["cards"]["k"], bad
    errors = errors_of({"cards": {"s": {"kind": "spell", "subtype": "normal", "owner": "p1",
                                        "double_tribute_for": {"race": "Dragon"}}}})
    assert "double_tribute_for" in errors["cards"]["s"]


def test_the_extensions_defense_attack_and_grants_tributes_load_into_the_card() -> None:
    """docs/format.md: a monster's own attack from Defense Position, and the Normal Summon
    procedures a card gives its controller's monsters from the field."""
    birth = {"kind": "spell", "subtype": "continuous", "owner": "p1",
             "grants_tributes": [{"tributes": [0], "for": {"level": 7}}, {"tributes": [1]}]}
    sk = {"kind": "monster", "level": 7, "owner": "p1", "defense_attack": True}
    cards = load_document({"cards": {"b": birth, "s": sk}}).cards
    assert cards["s"].defense_attack and not cards["b"].defense_attack
    first, second = cards["b"].grants_tributes
    assert (first.tributes, first.allows.level, second.tributes) == ((0,), 7, (1,))
    assert second.allows == TributeFilter()  # for any monster
    for bad in ([{"for": {"level": 7}}], [{"tributes": []}], [{"tributes": [0], "for": {}}],
                [{"tributes": [0], "for": {"level": 14}}], {"tributes": [0]}):
        errors = errors_of({"cards": {"b": {**birth, "grants_tributes": bad}}})
        assert "grants_tributes" in errors["cards"]["b"], bad
    errors = errors_of({"cards": {"b": {**birth, "defense_attack": True}}})
    assert "defense_attack" in errors["cards"]["b"]


def test_the_extension_trap_monster_loads_into_the_card() -> None:
    trap = {"kind": "trap", "subtype": "normal", "owner": "p1",
            "trap_monster": {"level": 4, "atk": 0, "def": 300}}
    card = load_document({"cards": {"t": trap}}).cards["t"]
    assert card.trap_monster is not None and (card.trap_monster.level, card.trap_monster.atk,
                                              card.trap_monster.def_) == (4, 0, 300)
    for bad in ({}, {"level": 14}, {"level": 4, "atk": -1}, 4):
        errors = errors_of({"cards": {"t": {**trap, "trap_monster": bad}}})
        assert "trap_monster" in errors["cards"]["t"], bad
    for kind in ({"kind": "monster", "level": 4}, {"kind": "spell", "subtype": "normal"}):
        errors = errors_of({"cards": {"t": {**kind, "owner": "p1",
                                            "trap_monster": {"level": 4}}}})
        assert "trap_monster" in errors["cards"]["t"], kind


def test_the_extensions_set_turn_and_grants_double_tribute_load_into_the_card() -> None:
    hydrant = {"kind": "monster", "level": 4, "owner": "p1", "set_turn": ["field"]}
    saqlifice = {"kind": "monster", "level": 1, "owner": "p1",
                 "grants_double_tribute": {"cards": [1]}}
    world = {"kind": "spell", "subtype": "equip", "owner": "p1", "grants_double_tribute": {}}
    cards = load_document({"cards": {"h": hydrant, "s": saqlifice, "w": world}}).cards
    assert cards["h"].set_turn == ("field",)
    assert cards["s"].grants_double_tribute == TributeFilter(cards=frozenset({1}))
    assert cards["w"].grants_double_tribute == TributeFilter()  # any
    for bad in (["later"], ["field", "field"], "field"):
        errors = errors_of({"cards": {"h": {**hydrant, "set_turn": bad}}})
        assert "set_turn" in errors["cards"]["h"], bad
    errors = errors_of({"cards": {"s": {**saqlifice, "grants_double_tribute": {"x": 1}}}})
    assert "grants_double_tribute" in errors["cards"]["s"]


def test_the_extension_xyz_material_effects_loads_into_the_card() -> None:
    whiptail = {"kind": "monster", "level": 4, "owner": "p1",
                "xyz_material_effects": ["trigger"]}
    memory = {"kind": "spell", "subtype": "quick_play", "owner": "p1",
              "xyz_material_effects": ["ignition"]}  # a Spell attached as material (Purrely)
    cards = load_document({"cards": {"w": whiptail, "m": memory}}).cards
    assert cards["w"].xyz_material_effects == ("trigger",)
    assert cards["m"].xyz_material_effects == ("ignition",)
    for bad in (["field"], ["quick", "quick"], "quick"):
        errors = errors_of({"cards": {"w": {**whiptail, "xyz_material_effects": bad}}})
        assert "xyz_material_effects" in errors["cards"]["w"], bad


def test_the_limits_of_revision_4_load_into_the_card() -> None:
    cards = load_document({"cards": {"k": LIMITED, "l": LINK, "s": SYNCHRO,
                                     "p": {"kind": "spell", "subtype": "normal", "owner": "p1",
                                           "activations_per_turn": 1}}}).cards
    k = cards["k"]
    assert k.effects is not None and [(e.once, e.shared) for e in k.effects] == [
        ("name", None), ("name", "a"), ("duel", "a")]
    assert k.summons_per_turn == 1 and k.materials is None
    assert k.locks[0].applies == "extra_deck" and k.locks[0].by == 0
    assert k.locks[0].allows[0].race == "Machine" and k.locks[0].allows[0].atk_max == 1500
    assert k.locks[1].allows == () and k.locks[1].by == "activation"
    link = cards["l"].materials
    assert link is not None and (link[0].summon, link[0].min, link[0].max, link[0].rating) == (
        "link", 2, 3, 3) and link[0].kinds is not None and link[0].kinds.type == "Effect"
    synchro = cards["s"].materials
    assert synchro is not None and synchro[0].tuners == (1, 1) and synchro[0].level_sum == 8
    assert cards["p"].activations_per_turn == 1


@pytest.mark.parametrize(("card", "path"), [
    ({**LIMITED, "effects": [{"kind": "ignition", "from": ["hand"], "once": "twice"}]},
     "effects"),
    ({**LIMITED, "effects": [{"kind": "ignition", "from": ["hand"], "shared": ""}]}, "effects"),
    ({**LIMITED, "summons_per_turn": 0}, "summons_per_turn"),
    ({**LIMITED, "locks": [{"applies": "deck", "allows": [], "scope": "turn", "by": 0}]},
     "locks"),
    ({**LIMITED, "locks": [{"applies": "all", "allows": [], "scope": "turn", "by": "x"}]},
     "locks"),
    ({**LIMITED, "locks": [{"applies": "all", "allows": [{}], "scope": "turn", "by": 0}]},
     "locks"),
    ({**LINK, "materials": [{"summon": "pendulum", "min": 2, "max": 2}]}, "materials"),
    ({**LINK, "materials": [{"min": 2, "max": 2}]}, "materials"),
    ({**SYNCHRO, "materials": [{"summon": "synchro", "tuners": [1]}]}, "materials"),
    ({**LINK, "materials": []}, "materials"),
    ({"kind": "spell", "subtype": "normal", "owner": "p1", "materials": LINK["materials"]},
     "materials"),
])
def test_a_malformed_limit_is_an_error_naming_its_field(card: dict[str, object],
                                                        path: str) -> None:
    assert path in errors_of({"cards": {"k": card}})["cards"]["k"]

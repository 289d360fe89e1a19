"""Malformed documents, each with the path its error is keyed by and a piece of its message:
what the schema's tests and the compiled loader's tests both judge."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import act, document, mon
from validator import DocumentError, load_document, validate

BAD: list[tuple[str, dict[str, Any], str, str]] = [
    ("a card placed twice", document([], {"hand": ["gemini"], "graveyard": ["gemini"]}),
     "setup.p1.graveyard.0", "placed twice"),
    ("a monster without a level", {"cards": {"x": {"kind": "monster"}}}, "cards.x.level",
     "needs a level"),
    ("an unknown ruleset", {"cards": {}, "ruleset": "speed"}, "ruleset", "Unknown ruleset"),
    ("an unknown top-level field", {"cards": {}, "colour": 1}, "colour", "Unknown field"),
    ("an unknown action field", {"cards": {}, "actions": [act("draw", foo=1)]},
     "actions.0.foo", "Unknown field"),
    ("an unknown action type", {"cards": {}, "actions": [act("fly")]}, "actions.0.type",
     "Unknown action type"),
    ("an action that is not an object", {"cards": {}, "actions": [3]}, "actions.0",
     "Not an action object"),
    ("a boolean amount", {"cards": {}, "actions": [act("damage", amount=True)]},
     "actions.0.amount", "integer"),
    ("a zero amount", {"cards": {}, "actions": [act("damage", amount=0)]},
     "actions.0.amount", "greater than or equal to 1"),
    ("a turn as a string", {"cards": {}, "turn": "3"}, "turn", "integer"),
    ("a player p3", {"cards": {}, "actions": [act("draw", "p3")]}, "actions.0.player",
     "p1, p2"),
    ("a missing phase target", {"cards": {}, "actions": [act("phase")]}, "actions.0.to",
     "Missing data"),
    ("a phase back to draw", {"cards": {}, "actions": [act("phase", to="draw")]},
     "actions.0.to", "Must be one of"),
    ("an attack without a target field", document([act("declare_attack", card="gemini")],
                                                  {"monsters": [mon("gemini")]}),
     "actions.0.target", "Missing data"),
    ("six monsters in setup", document([], {"monsters": [mon(c) for c in (
        "gemini", "vorse", "lady", "jar", "sangan", "dm")]}), "setup.p1.monsters", "5"),
    ("a Spell in the Monster Zone", document([], {"monsters": [mon("pot")]}),
     "setup.p1.monsters.0.card", "cannot stand"),
    ("a Spell that is not a Field Spell in the Field Zone",
     document([], {"field_spell": {"card": "pot", "face_up": True}}),
     "setup.p1.field_spell.card", "Field Spell"),
    ("a token in the hand", document([], {"hand": ["tok"]}), "setup.p1.hand.0", "token"),
    ("a card owned by p2 in p1's hand",
     {"cards": {"x": {"kind": "monster", "level": 4, "owner": "p2"}},
      "setup": {"p1": {"hand": ["x"]}}}, "setup.p1.hand.0", "owned by p2"),
    ("an unplaced card without an owner", {"cards": {"x": {"kind": "monster", "level": 4}}},
     "cards.x.owner", "needs an owner"),
    ("p1 drawing p2's card", {"cards": {"x": {"kind": "monster", "level": 4, "owner": "p2"}},
                              "actions": [act("draw", card="x")]}, "actions.0.card",
     "p2's card"),
    ("a Trap with a level", {"cards": {"t": {"kind": "trap", "subtype": "normal",
                                             "level": 4}}}, "cards.t.level", "no level"),
    ("a Spell without a subtype", {"cards": {"s": {"kind": "spell"}}}, "cards.s.subtype",
     "needs a subtype"),
    ("a card that is not an object", {"cards": {"s": 5}}, "cards.s", "Not a card object"),
    ("no cards", {}, "cards", "Missing data"),
    ("a negative deck", {"cards": {}, "setup": {"p2": {"deck": -1}}}, "setup.p2.deck",
     "greater than or equal to 0"),
    ("a deck of numbers", {"cards": {}, "setup": {"p2": {"deck": [1, 2]}}}, "setup.p2.deck",
     "list of card ids"),
    ("an unknown equipped_to", document([], {"spell_traps": [
        {"card": "axe", "face_up": True, "equipped_to": "nope"}]}),
     "setup.p1.spell_traps.0.equipped_to", "Unknown card id"),
    ("a turn past 1,000,000", {"cards": {}, "turn": 1_000_001}, "turn", "1000000"),
    ("Life Points past 1,000,000,000", {"cards": {}, "setup": {"p1": {"lp": 10**9 + 1}}},
     "setup.p1.lp", "1000000000"),
    ("damage past 1,000,000,000", {"cards": {}, "actions": [act("damage", amount=10**9 + 1)]},
     "actions.0.amount", "1000000000"),
    ("ATK past 1,000,000,000", {"cards": {"x": {"kind": "monster", "level": 4, "owner": "p1",
                                                "atk": 10**9 + 1}}}, "cards.x.atk",
     "1000000000"),
    ("DEF past 1,000,000,000", {"cards": {"x": {"kind": "monster", "level": 4, "owner": "p1",
                                                "def": 10**9 + 1}}}, "cards.x.def",
     "1000000000"),
    ("a move to material without its monster",
     document([act("move", card="gemini", to="material")], {"monsters": [mon("gemini")]}),
     "actions.0.target", "needs a target"),
    ("a duplicate key", '{"cards": {}, "actions": [{"type": "draw", "player": "p1", '
                        '"player": "p2"}]}', "actions.0.player", "appears twice"),
    ("a duplicate key at the top", '{"cards": {}, "turn": 2, "turn": 3}', "turn",
     "appears twice"),
    # zones (docs/format.md) and the advanced ruleset (§6)
    ("a summon to a Spell & Trap Zone", {"cards": {}, "actions": [
        act("normal_summon", card="x", zone="S1")]}, "actions.0.zone", "Not a Monster Zone"),
    ("a Set to a Monster Zone", {"cards": {}, "actions": [
        act("set_spell_trap", card="x", zone="M1")]}, "actions.0.zone", "Not a Spell & Trap"),
    ("two monsters in one zone of setup", document([], {"monsters": [
        {**mon("gemini"), "zone": "M2"}, {**mon("vorse"), "zone": "M2"}]}),
     "setup.p1.monsters.1.zone", "already holds"),
    ("both players in one Extra Monster Zone", document([], {"monsters": [
        {**mon("gemini"), "zone": "EMZ-L"}]}, {"monsters": [{**mon("vorse"), "zone": "EMZ-L"}]}),
     "setup.p2.monsters.0.zone", "already holds"),
    ("advanced: one player in both Extra Monster Zones", document([], {"monsters": [
        {**mon("gemini"), "zone": "EMZ-L"}, {**mon("vorse"), "zone": "EMZ-R"}]},
        ruleset="advanced"), "setup.p1.monsters.1.zone", "at most one"),
    ("advanced: six monsters and none in an Extra Monster Zone", document([], {"monsters": [
        mon(c) for c in ("gemini", "vorse", "lady", "jar", "sangan", "dm")]}, ruleset="advanced"),
     "setup.p1.monsters", "Extra Monster Zone"),
    ("a Field Spell with a zone", document([], {"field_spell": {
        "card": "forest", "face_up": True, "zone": "S1"}}), "setup.p1.field_spell.zone",
     "no number"),
    ("a Spell in the face-up Extra Deck", document([], {"extra_face_up": ["pot"]}),
     "setup.p1.extra_face_up.0", "cannot stand"),
    ("a monster that is no Pendulum Monster in the face-up Extra Deck",
     document([], {"extra_face_up": ["dm"]}), "setup.p1.extra_face_up.0", "Pendulum Monster"),
    ("a zone on a move that does not go to a Spell & Trap Zone",
     document([act("move", card="gemini", to="graveyard", zone="S1")], {"hand": ["gemini"]}),
     "actions.0.zone", "only for a move to spell_trap"),
    ("face_up on a move that does not go to the Extra Deck",
     document([act("move", card="gemini", to="graveyard", face_up=True)], {"hand": ["gemini"]}),
     "actions.0.face_up", "only for a move to extra"),
    ("a Pendulum Summon of no card", {"cards": {}, "actions": [act("pendulum_summon", cards=[])]},
     "actions.0.cards", "minimum length 1"),
    ("a Pendulum Summon naming a card twice", document([act("pendulum_summon", cards=[
        "gemini", "gemini"])], {"hand": ["gemini"]}), "actions.0.cards", "only once"),
    ("a Pendulum Summon with a zone too few", document([act("pendulum_summon", cards=[
        "gemini", "vorse"], zones=["M1"])], {"hand": ["gemini", "vorse"]}), "actions.0.zones",
     "One entry per card"),
    ("a Pendulum Summon of an unknown card", {"cards": {}, "actions": [
        act("pendulum_summon", cards=["c9"])]}, "actions.0.cards.0", "Unknown card id"),
    ("a position judged by another ruleset", {
        "cards": {}, "ruleset": "classic",
        "position": validate({"cards": {}, "ruleset": "advanced"}).state}, "ruleset",
     "judged by 'advanced'"),
    # revision 4: a summon's method and materials, an activation's effect
    ("a special summon by an unknown method", document([act(
        "special_summon", card="gemini", method="pendulum")], {"hand": ["gemini"]}),
     "actions.0.method", "Must be one of"),
    ("a material that is no card of the document", document([act(
        "special_summon", card="gemini", method="link", materials=["c9"])], {"extra": ["gemini"]}),
     "actions.0.materials.0", "Unknown card id"),
    ("a monster as its own material", document([act(
        "special_summon", card="gemini", method="xyz", materials=["vorse", "gemini"])],
        {"extra": ["gemini"], "monsters": [mon("vorse")]}),
     "actions.0.materials.1", "never its own material"),
    ("a material named twice", document([act(
        "special_summon", card="gemini", method="synchro", materials=["vorse", "vorse"])],
        {"extra": ["gemini"], "monsters": [mon("vorse")]}),
     "actions.0.materials", "only once"),
    # the extension returned: a monster that returns to the field is not Summoned
    ("a returned monster with a method", document([act(
        "special_summon", card="gemini", method="link", returned=True)], {"banished": ["gemini"]}),
     "actions.0.returned", "takes no method"),
    ("returned as a string", document([act(
        "special_summon", card="gemini", returned="yes")], {"banished": ["gemini"]}),
     "actions.0.returned", "boolean"),
    # the extension summoner: the other player, whose effect Special Summons the monster
    ("a summoner that is the player", document([act(
        "special_summon", card="gemini", summoner="p1")], {"graveyard": ["gemini"]}),
     "actions.0.summoner", "names the other player"),
    ("a returned monster with a summoner", document([act(
        "special_summon", card="gemini", returned=True, summoner="p2")],
        {"banished": ["gemini"]}), "actions.0.summoner", "takes no summoner"),
    ("a summoner of no player", document([act(
        "special_summon", card="gemini", summoner="p3")], {"graveyard": ["gemini"]}),
     "actions.0.summoner", "Must be one of"),
    ("materials on a quick summon", document([act(
        "quick_summon", card="gemini", materials=["vorse"])],
        {"hand": ["gemini"], "monsters": [mon("vorse")]}),
     "actions.0.materials", "Unknown field"),
    ("an effect beyond the card's effects", {
        "cards": {"h": {"kind": "monster", "level": 4, "owner": "p1",
                        "effects": [{"kind": "quick", "from": ["hand"]}]}},
        "actions": [act("activate", card="h", effect=1)]},
     "actions.0.effect", "there is no effect 1"),
    ("a negative effect index", document([act("activate", card="gemini", effect=-1)],
                                         {"hand": ["gemini"]}),
     "actions.0.effect", "greater than or equal to 0"),
    ("an effect index as a string", document([act("activate", card="gemini", effect="1")],
                                             {"hand": ["gemini"]}),
     "actions.0.effect", "integer"),
]


def errors_of(doc: Any) -> dict[str, Any]:
    """The errors, keyed by path, of a document that does not load."""
    with pytest.raises(DocumentError) as info:
        load_document(doc)
    assert isinstance(info.value, ValueError)
    return info.value.errors

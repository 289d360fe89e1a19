"""Edges of card.*, zone.* and control.* (validator/rules/checks/cards.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import Edge, act, check_edge, mon, opening, st

FIVE_ST = [st(c) for c in ("mirror", "solemn", "wall", "mst", "pot")]

CASES: list[Edge] = [
    ("an Equip on the opponent's monster counts in my zone",
     [*opening(), act("activate", card="coh")],
     {"p1": {"hand": ["coh"], "spell_traps": [*FIVE_ST[:4], {"card": "axe", "face_up": True,
                                                             "equipped_to": "lady"}]},
      "p2": {"monsters": [mon("lady")]}}, (3, "zone.spell-trap-full")),
    ("the opponent's full zone does not matter", [*opening(),
                                                  act("set_spell_trap", card="coh")],
     {"p1": {"hand": ["coh"]}, "p2": {"spell_traps": FIVE_ST}}, None),
    ("a Field Spell Set with five cards in the zone", [*opening(),
                                                       act("set_spell_trap", card="forest")],
     {"p1": {"hand": ["forest"], "spell_traps": FIVE_ST}}, None),
    ("a card moved into a full Spell & Trap Zone", [*opening(),
                                                    act("move", card="gemini",
                                                        to="spell_trap", target="lady")],
     {"p1": {"hand": ["gemini"], "spell_traps": FIVE_ST}, "p2": {"monsters": [mon("lady")]}},
     (3, "zone.spell-trap-full")),
    ("a Normal Spell that resolved frees its zone", [*opening(),
                                                     act("activate", card="coh"),
                                                     act("set_spell_trap", card="axe")],
     {"p1": {"hand": ["coh", "axe"], "spell_traps": FIVE_ST[:4]}}, None),
    ("moving a card from anywhere to the hand", [*opening(), act("move", card="dm", to="hand"),
                                                 act("move", card="lady", to="hand")],
     {"p1": {"graveyard": ["dm"]}, "p2": {"monsters": [mon("lady")]}}, None),
    ("taking control of a face-down monster", [*opening(), act("take_control", card="jar")],
     {"p2": {"monsters": [mon("jar", "facedown_defense")]}}, None),
    ("taking control of a monster in the Graveyard", [*opening(),
                                                      act("take_control", card="lady")],
     {"p2": {"graveyard": ["lady"]}}, (3, "control.invalid-target")),
    ("taking back a taken monster", [*opening(), act("take_control", card="lady"),
                                     act("take_control", "p2", card="lady")],
     {"p2": {"monsters": [mon("lady")]}}, None),
    ("discarding the opponent's card", [*opening(), act("discard", card="pot",
                                                        by_effect=True)],
     {"p2": {"hand": ["pot"]}}, (3, "card.not-in-hand")),
    ("Setting a Trap from the Graveyard", [*opening(), act("set_spell_trap", card="mirror")],
     {"p1": {"graveyard": ["mirror"]}}, (3, "card.not-in-hand")),
    ("card.not-in-hand comes before card.wrong-kind", [*opening(),
                                                       act("normal_summon", card="pot")],
     {"p2": {"hand": ["pot"]}}, (3, "card.not-in-hand")),
    ("a token is not in any hand", [*opening(), act("normal_summon", card="tok")],
     {"p1": {"monsters": [mon("tok")]}}, (3, "card.not-in-hand")),
]


@pytest.mark.parametrize(("name", "actions", "setup", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_edges(name: str, actions: list[dict[str, Any]], setup: dict[str, Any],
               expected: tuple[int, str] | None) -> None:
    check_edge(actions, setup, expected)

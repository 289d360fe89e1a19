"""Edges of activation: spell speed, chains, Set-this-turn, Traps and Equips
(validator/rules/checks/activation.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import Edge, act, check_edge, mon, opening, st, to_battle

CASES: list[Edge] = [
    ("a quick effect responds to a Normal Spell", [*opening(), act("activate", card="pot"),
                                                  act("activate", "p2", card="kuriboh",
                                                      respond=True)],
     {"p1": {"hand": ["pot"]}, "p2": {"hand": ["kuriboh"]}}, None),
    ("a trigger effect cannot respond", [*opening(), act("activate", card="pot"),
                                        act("activate", "p2", card="sangan", respond=True)],
     {"p1": {"hand": ["pot"]}, "p2": {"graveyard": ["sangan"]}}, (4, "chain.spell-speed")),
    ("a Quick-Play Spell from the hand responds on its own turn",
     [*opening(), act("activate", card="pot"), act("activate", card="mst", respond=True)],
     {"p1": {"hand": ["pot", "mst"]}}, None),
    ("a Counter Trap responds to a Trap", [*opening(), act("activate", card="mirror"),
                                          act("activate", "p2", card="solemn", respond=True)],
     {"p1": {"spell_traps": [st("mirror")]}, "p2": {"spell_traps": [st("solemn")]}}, None),
    ("a response after the chain resolved has no chain", [*opening(),
                                                         act("activate", card="pot"),
                                                         act("resolve"),
                                                         act("activate", "p2", card="mirror",
                                                             respond=True)],
     {"p1": {"hand": ["pot"]}, "p2": {"spell_traps": [st("mirror")]}},
     (5, "chain.spell-speed")),
    ("any other action resolves the chain first", [*opening(), act("activate", card="pot"),
                                                  act("normal_summon", card="gemini"),
                                                  act("activate", "p2", card="mirror",
                                                      respond=True)],
     {"p1": {"hand": ["pot", "gemini"]}, "p2": {"spell_traps": [st("mirror")]}},
     (5, "chain.spell-speed")),
    ("a resolve with no chain open is harmless", [*opening(), act("resolve")], {}, None),
    ("set-this-turn comes before the chain's speed", [*opening(),
                                                     act("set_spell_trap", card="mirror"),
                                                     act("activate", card="mirror",
                                                         respond=True)],
     {"p1": {"hand": ["mirror"]}}, (4, "card.set-this-turn")),
    ("a Normal Spell Set this turn may be activated", [*opening(),
                                                       act("set_spell_trap", card="pot"),
                                                       act("activate", card="pot")],
     {"p1": {"hand": ["pot"]}}, None),
    ("a Trap Set last turn is activated in the opponent's turn",
     [*opening(), act("set_spell_trap", card="mirror"), act("phase", to="end"),
      act("end_turn"), act("draw", "p2"), act("activate", card="mirror")],
     {"p1": {"hand": ["mirror"]}}, None),
    ("activating the opponent's Set card", [*opening(), act("activate", card="mirror")],
     {"p2": {"spell_traps": [st("mirror")]}}, (3, "card.not-on-field")),
    ("activating a card in the opponent's hand", [*opening(), act("activate", card="pot")],
     {"p2": {"hand": ["pot"]}}, (3, "card.not-in-hand")),
    ("a Trap's effect from the Graveyard is a quick effect", [*to_battle(),
                                                              act("activate", card="wall")],
     {"p1": {"graveyard": ["wall"]}, "turn": 2}, None),
    ("a monster's ignition effect in Main Phase 1", [*opening(), act("activate", card="ignis")],
     {"p1": {"monsters": [mon("ignis")]}}, None),
    ("an Equip Spell on a banished monster", [*opening(),
                                             act("activate", card="burial", target="dm")],
     {"p1": {"hand": ["burial"], "banished": ["dm"]}}, None),
    ("an Equip Spell naming a Spell", [*opening(), act("activate", card="axe", target="pot")],
     {"p1": {"hand": ["axe"], "spell_traps": [st("pot", True)]}}, (3, "equip.invalid-target")),
    ("a Set Equip Spell activated later still needs a target",
     [*opening(), act("activate", card="axe")], {"p1": {"spell_traps": [st("axe")]}},
     (3, "equip.invalid-target")),
    ("a Field Spell from the hand with a full Spell & Trap Zone",
     [*opening(), act("activate", card="forest")],
     {"p1": {"hand": ["forest"], "spell_traps": [st(c) for c in
                                                ("mirror", "solemn", "wall", "mst", "pot")]}},
     None),
    ("a Set card flipped face-up needs no free zone",
     [*opening(), act("activate", card="pot")],
     {"p1": {"spell_traps": [st(c) for c in ("mirror", "solemn", "wall", "mst", "pot")]}},
     None),
]


@pytest.mark.parametrize(("name", "actions", "setup", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_edges(name: str, actions: list[dict[str, Any]], setup: dict[str, Any],
               expected: tuple[int, str] | None) -> None:
    check_edge(actions, setup, expected)

"""Edges of battle.* (validator/rules/checks/battle.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import Edge, act, check_edge, mon, st, to_battle

T2 = {"turn": 2}

CASES: list[Edge] = [
    ("a direct attack while the opponent controls only Spells and Traps",
     [*to_battle(), act("declare_attack", card="gemini", target=None)],
     {"p1": {"monsters": [mon("gemini")]}, "p2": {"spell_traps": [st("mirror")]}, **T2}, None),
    ("a monster that attacked attacks again next turn",
     [*to_battle(), act("declare_attack", card="gemini", target=None), act("phase", to="end"),
      act("end_turn"), act("draw", "p2"), act("phase", "p2", to="standby"),
      act("phase", "p2", to="main1"), act("phase", "p2", to="end"), act("end_turn", "p2"),
      *to_battle(), act("declare_attack", card="gemini", target=None)],
     {"p1": {"monsters": [mon("gemini")]}, **T2}, None),
    ("an attack on a monster in the Graveyard", [*to_battle(),
                                                 act("declare_attack", card="gemini",
                                                     target="lady")],
     {"p1": {"monsters": [mon("gemini")]}, "p2": {"graveyard": ["lady"]}, **T2},
     (4, "battle.invalid-target")),
    ("an attack on a Set Spell", [*to_battle(),
                                  act("declare_attack", card="gemini", target="mirror")],
     {"p1": {"monsters": [mon("gemini")]}, "p2": {"spell_traps": [st("mirror")]}, **T2},
     (4, "battle.invalid-target")),
    ("an attack by a Spell", [*to_battle(), act("declare_attack", card="pot", target=None)],
     {"p1": {"spell_traps": [st("pot")]}, **T2}, (4, "card.wrong-kind")),
    ("an attack by the opponent during my Battle Phase",
     [*to_battle(), act("declare_attack", "p2", card="lady", target=None)],
     {"p2": {"monsters": [mon("lady")]}, **T2}, (4, "turn.not-turn-player")),
    ("position comes before already-attacked", [*to_battle(),
                                                act("declare_attack", card="gemini",
                                                    target=None),
                                                act("change_position", "p2", card="gemini",
                                                    to="defense", by_effect=True),
                                                act("declare_attack", card="gemini",
                                                    target=None)],
     {"p1": {"monsters": [mon("gemini")]}, **T2}, (6, "battle.not-attack-position")),
    ("a monster taken this turn may attack", [*to_battle(),
                                              act("take_control", card="lady"),
                                              act("declare_attack", card="lady", target=None)],
     {"p2": {"monsters": [mon("lady")]}, **T2}, None),
    ("the attack's target stays where it was", [*to_battle(),
                                                act("declare_attack", card="gemini",
                                                    target="lady"),
                                                act("destroy", card="lady"),
                                                act("declare_attack", card="vorse",
                                                    target=None)],
     {"p1": {"monsters": [mon("gemini"), mon("vorse")]}, "p2": {"monsters": [mon("lady")]},
      **T2}, None),
]


@pytest.mark.parametrize(("name", "actions", "setup", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_edges(name: str, actions: list[dict[str, Any]], setup: dict[str, Any],
               expected: tuple[int, str] | None) -> None:
    check_edge(actions, setup, expected)

"""Card entries with the limits of contract revision 4 (§8), for the schema's and the compiled
loader's tests."""

from __future__ import annotations

from typing import Any

#: A card entry with every limit of revision 4 (§8): effects with their limits, the card's
#: Special Summons a turn, and its locks.
LIMITED: dict[str, Any] = {
    "kind": "monster", "level": 4, "owner": "p1",
    "effects": [{"kind": "ignition", "from": ["hand"], "once": "name"},
                {"kind": "trigger", "from": ["field"], "once": "name", "shared": "a"},
                {"kind": "quick", "from": ["graveyard"], "once": "duel", "shared": "a"}],
    "summons_per_turn": 1,
    "locks": [{"applies": "extra_deck", "allows": [{"race": "Machine", "atk_max": 1500}],
               "scope": "turn", "by": 0},
              {"applies": "all", "allows": [], "scope": "rest_of_turn", "by": "activation"}]}
#: A Link-3 of 2+ Effect Monsters.
LINK: dict[str, Any] = {
    "kind": "monster", "link": 3, "link_arrows": ["left", "right", "bottom"], "owner": "p1",
    "materials": [{"summon": "link", "min": 2, "max": 3, "rating": 3,
                   "kinds": {"type": "Effect"}}]}
#: A Level 8 Synchro: 1 DARK Tuner + 1+ non-Tuner monsters.
SYNCHRO: dict[str, Any] = {
    "kind": "monster", "level": 8, "owner": "p1",
    "materials": [{"summon": "synchro", "min": 2, "max": 99, "tuners": [1, 1], "level_sum": 8,
                   "tuner_kinds": {"attribute": "DARK"}}]}

"""Synthetic legal duels of any length, for benchmarks and property tests.

Each turn the turn player draws a monster, Normal Summons it (or Sets it), draws a Spell by
an effect and activates it, attacks with an older monster and destroys the target, then
ends the turn; so the field stays small and every action is legal.
"""

from __future__ import annotations

import random
from typing import Any

from validator.document.model import Player, other
from validator.rules.rulesets import CLASSIC, RULESETS


def _act(kind: str, player: Player, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "player": player, **fields}


def legal_duel(turns: int, seed: int = 0, ruleset: str = "classic") -> dict[str, Any]:
    """A legal duel document of ``turns`` turns (about 13 actions each), judged by
    ``ruleset``: under ``advanced`` the same actions, but for turn 1's draw, made by an effect
    (the first player has no normal draw there), so that both rulesets judge comparable duels.

    >>> from validator import validate
    >>> doc = legal_duel(3)
    >>> validate(doc).legal, validate(legal_duel(3, ruleset="advanced")).legal
    (True, True)
    """
    rng = random.Random(seed)
    cards: dict[str, Any] = {}
    actions: list[dict[str, Any]] = []
    field: dict[Player, list[str]] = {"p1": [], "p2": []}
    set_down: set[str] = set()
    player: Player = "p1"
    for turn in range(1, turns + 1):
        foe = other(player)
        mon, spell = f"m{turn}", f"s{turn}"
        cards[mon] = {"kind": "monster", "level": 4, "owner": player, "atk": 1500}
        cards[spell] = {"kind": "spell", "subtype": "normal", "owner": player}
        first = not RULESETS[ruleset].first_turn_draw and turn == 1
        draw = _act("draw", player, card=mon, **({"by_effect": True} if first else {}))
        actions += [draw, _act("phase", player, to="standby"), _act("phase", player, to="main1")]
        flipped = next((m for m in field[player] if m in set_down), None)
        if flipped is not None:
            actions.append(_act("flip_summon", player, card=flipped))
            set_down.discard(flipped)
        if len(field[player]) >= 3:
            gone = field[player].pop(0)
            set_down.discard(gone)
            actions.append(_act("move", player, card=gone, to="graveyard"))
        if rng.random() < 0.25:
            actions.append(_act("set_monster", player, card=mon))
            set_down.add(mon)
        else:
            actions.append(_act("normal_summon", player, card=mon))
        actions += [_act("draw", player, card=spell, by_effect=True),
                    _act("activate", player, card=spell), _act("resolve", player)]
        attackers = [m for m in field[player] if m not in set_down and m != flipped]
        if turn > 1 and attackers and field[foe]:
            target = field[foe][0]
            actions += [_act("phase", player, to="battle"),
                        _act("declare_attack", player, card=attackers[0], target=target),
                        _act("destroy", player, card=target),
                        _act("damage", foe, amount=10),
                        _act("phase", player, to="main2")]
            field[foe].remove(target)
            set_down.discard(target)
        field[player].append(mon)
        actions += [_act("phase", player, to="end"), _act("end_turn", player)]
        player = foe
    doc = {"cards": cards, "setup": {"p1": {"deck": 2 * turns + 2},
                                     "p2": {"deck": 2 * turns + 2}}, "actions": actions}
    return doc if ruleset == CLASSIC.name else {"ruleset": ruleset, **doc}

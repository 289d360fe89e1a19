"""Duelingbook's zones in the imported documents (docs/duelingbook.md, "Zones"): every action
that puts a card on the field names the zone the log put it in. Under ``advanced`` the rules
judge that zone; under ``classic`` it is bookkeeping, but the board a judge compares with the
log (the workbench, the report, ``duelcheck board``) shows the card where the log put it.

Duelingbook writes each player's zones as that player sees the field: ``M-1`` … ``M-5`` and
``S-1`` … ``S-5`` from their own left, and the Extra Monster Zones as their own "Left EMZ" and
"Right EMZ". The contract numbers the Main Monster and Spell & Trap Zones the same way (from
each player's own left) but names the Extra Monster Zones as p1 sees them, so p2's "Left EMZ"
is the contract's ``EMZ-R``. Under today's rules the Pendulum Zones are Spell & Trap Zones 1
and 5: "Left Pendulum Zone" is ``S-1``.

>>> contract_zone("p1", "M-3"), contract_zone("p2", "M-3"), contract_zone("p2", "EMZ-L")
('M3', 'M3', 'EMZ-R')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from validator.document.model import Player

if TYPE_CHECKING:
    from validator.importers.duelingbook.board.view import View
    from validator.importers.duelingbook.cards import CardKnowledge

#: The Pendulum Zones as the log names them -> the Spell & Trap Zones they are today.
PENDULUM_ZONES: Final = {"PZ-L": "S-1", "PZ-R": "S-5"}
#: Actions that put a monster in a Monster Zone.
MONSTER_PLACING: Final = frozenset({"normal_summon", "set_monster", "special_summon",
                                    "take_control"})
#: Actions that may put a card on the field (:func:`zone_for` says which do).
PLACING: Final = MONSTER_PLACING | {"set_spell_trap", "activate", "move"}
#: The other side's name for each Extra Monster Zone.
_TURNED: Final = {"EMZ-L": "EMZ-R", "EMZ-R": "EMZ-L"}


def contract_zone(side: Player, spot: str) -> str | None:
    """The contract's name of the zone ``spot`` (as the follower names it, from ``side``'s
    own view), or None for the Field Zone and the piles.

    >>> contract_zone("p1", "EMZ-L"), contract_zone("p1", "S-5"), contract_zone("p2", "PZ-L")
    ('EMZ-L', 'S5', 'S1')
    >>> contract_zone("p1", "F"), contract_zone("p1", "graveyard")
    (None, None)
    """
    if spot.startswith(("M-", "S-")) and len(spot) == 3:
        return spot[0] + spot[2]
    if spot in _TURNED:
        return spot if side == "p1" else _TURNED[spot]
    if spot in PENDULUM_ZONES:
        return contract_zone(side, PENDULUM_ZONES[spot])
    return None


def zone_for(board: View, kind: str, fields: dict[str, Any], *, monster: bool) -> str | None:
    """The zone an action puts its card in, where the log's board has it now: a Monster Zone
    for a summon or a control change, a Spell & Trap Zone for a Set, a Spell or Trap
    activated or a card an effect places there; None otherwise (a monster's effect
    activated (``monster``: the card is a monster; a Pendulum Scale names its zone itself), a
    Field Spell, a card that is not on the field).

    >>> from validator.importers.duelingbook.board.tracker import Spot
    >>> from validator.importers.duelingbook.board.view import View
    >>> view = View({"x": {"owner": "p2", "name": "X"}})
    >>> view.move("x", None, Spot("p2", "EMZ-L", "attack"))
    >>> zone_for(view, "special_summon", {"card": "x"}, monster=True)
    'EMZ-R'
    >>> zone_for(view, "activate", {"card": "x"}, monster=True) is None
    True
    """
    card = fields.get("card")
    spot = board.where.get(card) if isinstance(card, str) else None
    if spot is None:
        return None
    zone = contract_zone(spot.side, spot.spot)
    if zone is None:
        return None
    if kind in MONSTER_PLACING:
        return zone if zone[0] in "ME" else None
    if kind == "move" and fields.get("to") != "spell_trap":
        return None
    if kind == "activate" and monster:
        return None
    return zone if zone[0] == "S" else None


def complete(board: View, kind: str, fields: dict[str, Any], known: CardKnowledge, *,
             face_up_extra: bool = True) -> None:
    """An action as the log's board shows it: the zone its card goes to (unless the reading
    named one), and, with ``face_up_extra`` (rules with Pendulum Monsters), a Pendulum
    Monster sent to its owner's Extra Deck face-up ("To ED FU") goes there face-up
    (``face_up``).

    >>> from validator.importers.duelingbook.cards import Knowledge
    >>> from validator.importers.duelingbook.board.tracker import Spot
    >>> from validator.importers.duelingbook.board.view import View
    >>> view = View({"x": {"owner": "p1", "name": "Sangan"}})
    >>> view.move("x", None, Spot("p1", "M-2", "attack"))
    >>> fields = {"card": "x"}
    >>> complete(view, "normal_summon", fields, Knowledge({}).of("Sangan")); fields
    {'card': 'x', 'zone': 'M2'}
    """
    if kind == "move" and fields.get("to") == "extra":
        if not face_up_extra:
            return
        spot = board.where.get(fields.get("card"))  # type: ignore[arg-type]
        if spot is not None and spot.face_up and (known.definition or {}).get("pendulum"):
            fields["face_up"] = True
        return
    if "zone" not in fields:
        zone = zone_for(board, kind, fields, monster=known.kind == "monster")
        if zone is not None:
            fields["zone"] = zone

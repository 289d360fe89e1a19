"""Where every card of an imported game stands, followed by zone, by Duelingbook's object id
and, in piles, by name (Duelingbook renumbers a card's id when it enters a hand or a deck).

Zones are named as Duelingbook writes them from the acting player's side: ``M-1``..``M-5``,
``S-1``..``S-5``, the Field Zone ``F`` and the Extra Monster Zones ``EMZ-L``/``EMZ-R`` for
their own, ``M2-n``/``S2-n`` (and ``F2``) for the other player's. A card under an Xyz Monster
stands in the pile ``material`` of the monster's controller, listed in :attr:`Board.under`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final, NamedTuple

from validator.document.model import PLAYERS, Player, other
from validator.importers.duelingbook.game import CannotFollow

PILES: Final = ("hand", "deck", "graveyard", "banished", "extra", "material")
#: The same, to ask whether a spot is one (asked for every change of place).
_PILE_SET: Final = frozenset(PILES)
_OTHER_SIDE: Final = re.compile(r"([MS])2-(\d)|F2|F-2")


@cache
def _slug(name: str) -> str:
    """A card id's stem: the name in lower case, words joined by hyphens.

    >>> _slug("Gravekeeper's Spy")
    'gravekeeper-s-spy'
    """
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "card"


def is_monster_zone(spot: str) -> bool:
    """True for a Monster Zone (Main or Extra).

    >>> is_monster_zone("M-3"), is_monster_zone("EMZ-L"), is_monster_zone("S-3")
    (True, True, False)
    """
    return spot.startswith(("M-", "EMZ"))


def is_zone(spot: str) -> bool:
    """True for a zone of the field, False for a pile.

    >>> is_zone("S-1"), is_zone("F"), is_zone("graveyard")
    (True, True, False)
    """
    return spot not in _PILE_SET


class Spot(NamedTuple):
    """Where a card stands: a side, a zone or pile, and its face there (a named tuple: the
    importer makes one for every move).

    >>> Spot("p1", "M-3", "defense")
    Spot(side='p1', spot='M-3', position='defense', face_up=True)
    """

    side: Player
    spot: str
    position: str | None = None  # a monster's battle position in a Monster Zone
    face_up: bool = True


def spot_at(side: Player, spot: str, position: str | None = None,
            face_up: bool = True) -> Spot:
    """``Spot(side, spot, position, face_up)``, made by ``tuple.__new__`` as the named tuple's
    own constructor makes it: called from compiled code, that constructor is an interpreted
    function (about 2,000 instructions a call, and the board makes one for every move).

    >>> spot_at("p1", "M-3", "defense") == Spot("p1", "M-3", "defense"), type(spot_at("p1", "hand"))
    (True, <class 'validator.importers.duelingbook.board.tracker.Spot'>)
    """
    made: Spot = _NEW_TUPLE(_SPOT, (side, spot, position, face_up))
    return made


_NEW_TUPLE: Final = tuple.__new__
#: :class:`Spot` as a constant: a class of the module's is otherwise looked up by name at each use.
_SPOT: Final = Spot


class Places:
    """What a board answers about its cards (``cards``: their definitions, names and owners)
    and where they stand, from its ``where`` (card -> place), ``zones`` (side and zone ->
    card) and ``journal`` (the moves a rewind reads): the follower's :class:`Board` and the
    reading's :class:`~.view.View` alike."""

    cards: dict[str, dict[str, Any]]
    where: dict[str, Spot]
    zones: dict[tuple[Player, str], str]
    journal: list[tuple[str, Spot | None]]  # (card, where it stood), for rewinds

    def snapshot(self) -> int:
        """A mark in the journal of moves: :meth:`since` tells where cards stood then."""
        return len(self.journal)

    def since(self, mark: int) -> dict[str, Spot | None]:
        """Where each card moved since ``mark`` stood at that moment (None: nowhere).

        >>> b = Board(); b.put("x", "p1", "hand"); mark = b.snapshot(); b.put("x", "p1", "S-1")
        >>> b.since(mark)
        {'x': Spot(side='p1', spot='hand', position=None, face_up=True)}
        """
        before: dict[str, Spot | None] = {}
        for cid, spot in reversed(self.journal[mark:]):
            before[cid] = spot
        return before

    def forget(self) -> None:
        """Empty the journal (no rewind reaches back past this point)."""
        self.journal.clear()

    def name(self, cid: str) -> str | None:
        """The card's name, or None while the log has not revealed it."""
        name: str | None = self.cards[cid].get("name")
        return name

    def owner(self, cid: str) -> Player:
        """The card's owner."""
        owner: Player = self.cards[cid]["owner"]
        return owner

    def monsters(self, side: Player) -> list[str]:
        """The side's monsters on the field."""
        return [cid for (s, spot), cid in self.zones.items() if s == side and
                is_monster_zone(spot)]

    def position(self, cid: str) -> str | None:
        """A monster's battle position, when it stands in a Monster Zone."""
        spot = self.where.get(cid)
        return spot.position if spot is not None else None

    def on_field(self, cid: str) -> bool:
        """True for a card in a zone of the field."""
        spot = self.where.get(cid)
        return spot is not None and is_zone(spot.spot)


@dataclass
class Board(Places):
    """Cards by id with their definitions, names, owners and places."""

    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    where: dict[str, Spot] = field(default_factory=dict)
    zones: dict[tuple[Player, str], str] = field(default_factory=dict)
    piles: dict[tuple[Player, str], list[str]] = field(
        default_factory=lambda: {(p, pile): [] for p in PLAYERS for pile in PILES})
    under: dict[str, list[str]] = field(default_factory=dict)  # top card -> materials
    by_id: dict[int, str] = field(default_factory=dict)
    copies: dict[str, int] = field(default_factory=dict)  # slug -> copies made so far
    journal: list[tuple[str, Spot | None]] = field(default_factory=list)  # moves, for rewinds
    id_of: dict[str, int] = field(default_factory=dict)
    #: every change of place, when recorded (the follower's steps): (card, before, after)
    changes: list[tuple[str, Spot | None, Spot | None]] | None = None
    #: zones the log names two ways (under today's rules the Pendulum Zones are Spell & Trap
    #: Zones 1 and 5: ``PZ-L`` is ``S-1``): written name -> the zone
    aliases: dict[str, str] = field(default_factory=dict)
    #: whether a card is an Xyz Monster (the follower asks the card database): the pile under
    #: one is its Xyz Materials, which go where it goes on the field and to their owners'
    #: Graveyards when it leaves; a pile under any other card (monsters overlaid for an Xyz
    #: Summon not made yet) leaves its next card in the zone when its top card goes
    is_xyz: Callable[[str], bool] = field(default_factory=lambda: _no_xyz)

    # -- cards ------------------------------------------------------------------------------
    def new_card(self, name: str | None, owner: Player, definition: dict[str, Any]) -> str:
        """A new card id for another copy of a card: its name as a slug, numbered.

        >>> b = Board(); b.new_card("Pot of Greed", "p1", {}), b.new_card("Pot of Greed", "p2", {})
        ('pot-of-greed', 'pot-of-greed-2')
        """
        slug = _slug(name or "hidden card")
        n = self.copies.get(slug, 0)
        cid = slug if n == 0 else f"{slug}-{n + 1}"
        while cid in self.cards:  # a slug that another name's numbered copy already took
            n += 1
            cid = f"{slug}-{n + 1}"
        self.copies[slug] = n + 1
        self.cards[cid] = {**definition, "owner": owner}
        if name is not None:
            self.cards[cid]["name"] = name
        return cid

    def bind(self, object_id: Any, cid: str) -> None:
        """Remember Duelingbook's object id of a card (the newest id wins)."""
        if type(object_id) is not int or self.by_id.get(object_id) == cid:
            return  # no id, or the one it already has
        old = self.id_of.get(cid)
        if old is not None and self.by_id.get(old) == cid:
            del self.by_id[old]
        stale = self.by_id.get(object_id)
        if stale is not None and stale != cid:
            self.id_of.pop(stale, None)
        self.by_id[object_id] = cid
        self.id_of[cid] = object_id

    def by_object(self, object_id: Any) -> str | None:
        """The card Duelingbook's object id names, if this game has seen it."""
        return self.by_id.get(object_id) if isinstance(object_id, int) else None

    # -- places -----------------------------------------------------------------------------
    @staticmethod
    def zone(player: Player, written: str) -> tuple[Player, str]:
        """The side and zone a zone name means for the player who wrote it.

        >>> Board.zone("p1", "M2-3"), Board.zone("p2", "S-1"), Board.zone("p1", "F2")
        (('p2', 'M-3'), ('p2', 'S-1'), ('p2', 'F'))
        """
        match = _OTHER_SIDE.fullmatch(written)
        if match is None:
            return player, "F" if written in ("F", "F-1", "F1") else written
        if match[1]:
            return other(player), f"{match[1]}-{match[2]}"
        return other(player), "F"

    def at(self, side: Player, spot: str) -> str | None:
        """The card in a zone (the top card of an Xyz stack)."""
        if self.aliases:
            spot = self.aliases.get(spot, spot)
        return self.zones.get((side, spot))

    def pile(self, side: Player, pile: str) -> list[str]:
        """A pile's cards, oldest first."""
        return self.piles[(side, pile)]

    def find(self, side: Player, name: str, pile: str) -> str | None:
        """A card of that name in the side's pile (the one that came there last)."""
        for cid in reversed(self.piles[(side, pile)]):
            if self.cards[cid].get("name") == name:
                return cid
        return None

    def find_hidden(self, side: Player, pile: str) -> str | None:
        """A card in the pile whose name the log has not revealed."""
        for cid in reversed(self.piles[(side, pile)]):
            if "name" not in self.cards[cid]:
                return cid
        return None

    def lift(self, cid: str) -> Spot | None:
        """Take a card from where it stands. An Xyz Monster's materials stay under it (where
        it goes next decides where they go: :meth:`put`); under any other card, the next card
        of the pile becomes the zone's top card."""
        spot = self._unplace(cid)
        if spot is None:
            return None
        if is_zone(spot.spot):
            if self.zones.get((spot.side, spot.spot)) == cid:
                del self.zones[(spot.side, spot.spot)]
                below = self.under.pop(cid, []) if cid in self.under and \
                    not self.is_xyz(cid) else None
                if below:  # the next material becomes the stack's top card
                    top, rest = below[-1], below[:-1]
                    self.zones[(spot.side, spot.spot)] = top
                    self._place(top, spot_at(spot.side, spot.spot, spot.position))
                    self.piles[(spot.side, "material")].remove(top)
                    if rest:
                        self.under[top] = rest
        else:
            self.piles[(spot.side, spot.spot)].remove(cid)
            if spot.spot == "material":
                for stack in self.under.values():
                    if cid in stack:
                        stack.remove(cid)
        return spot

    def put(self, cid: str, side: Player, spot: str, *, position: str | None = None,
            face_up: bool = True, top: bool = False) -> str | None:
        """Put a card (lifted first) in a zone or pile; returns the card it displaced, if a
        zone was occupied (the log skipped that card's leaving)."""
        if self.aliases:
            spot = self.aliases.get(spot, spot)
        if cid in self.where:
            self.lift(cid)
        displaced = None
        if spot in _PILE_SET:
            if top:
                self.piles[(side, spot)].insert(0, cid)
            else:
                self.piles[(side, spot)].append(cid)
            self._place(cid, spot_at(side, spot, None, face_up))
            self._send_materials(cid)
            return None
        displaced = self.zones.get((side, spot))
        if displaced is not None:
            self.lift(displaced)
        self.zones[(side, spot)] = cid
        if is_monster_zone(spot):
            self._carry(cid, side)
            position = position or "attack"
            self._place(cid, spot_at(side, spot, position, position != "facedown_defense"))
        else:  # out of the Monster Zones: no longer a monster holding materials
            self._send_materials(cid)
            self._place(cid, spot_at(side, spot, None, face_up))
        return displaced

    def turn(self, cid: str, *, position: str | None = None, face_up: bool | None = None) -> None:
        """Change a card's face or battle position where it stands."""
        spot = self.where.get(cid)
        if spot is None:
            return
        if position is not None:
            self._place(cid, spot_at(spot.side, spot.spot, position,
                                      position != "facedown_defense"))
        elif face_up is not None:
            self._place(cid, spot_at(spot.side, spot.spot, spot.position, face_up))

    def stack(self, cid: str, onto: str) -> None:
        """Put ``cid`` on top of the card ``onto`` as an Xyz stack (Duelingbook's Overlay).
        A card laid onto itself, or onto a card in no zone (an edited log), is
        :class:`CannotFollow`: the zone and the card would disagree on where the card is."""
        base = self.where.get(onto)
        if cid == onto or base is None or not is_zone(base.spot):
            raise CannotFollow(f"{self.name(cid) or 'a card'} is laid onto "
                               f"{'itself' if cid == onto else 'a card in no zone'}")
        self.lift(cid)
        self.zones[(base.side, base.spot)] = cid
        self._place(cid, spot_at(base.side, base.spot, base.position))
        below = [*self.under.pop(onto, []), onto, *self.under.pop(cid, [])]
        self.piles[(base.side, "material")].append(onto)
        self._place(onto, spot_at(base.side, "material"))
        self.under[cid] = below
        self._carry(cid, base.side)

    def attach(self, cid: str, holder: str) -> None:
        """Put ``cid`` under the Xyz Monster ``holder`` (an Overlay onto an Xyz Monster);
        never under itself (:class:`CannotFollow`)."""
        if cid == holder:
            raise CannotFollow(f"{self.name(cid) or 'a card'} is laid under itself")
        side = self.where[holder].side
        self.lift(cid)
        self._send_materials(cid)
        self.under.setdefault(holder, []).insert(0, cid)
        self.piles[(side, "material")].append(cid)
        self._place(cid, spot_at(side, "material"))

    def _carry(self, cid: str, side: Player) -> None:
        """The materials under ``cid`` go with it, to the side of the field it stands on."""
        for material in self.under.get(cid, ()):
            held = self.where[material].side
            if held != side:
                self.piles[(held, "material")].remove(material)
                self.piles[(side, "material")].append(material)
                self._place(material, spot_at(side, "material"))

    def _send_materials(self, cid: str) -> None:
        """An Xyz Monster left the field (or became a material itself): its materials go to
        their owners' Graveyards."""
        # (get and del: the compiled dict has no ``pop`` with a default of its own, which is
        # a method looked up by name; this runs for every card that leaves the field)
        pile = self.under.get(cid)
        if pile is None:
            return
        del self.under[cid]
        for material in pile:
            self.put(material, self.owner(material), "graveyard")

    def materials(self, cid: str) -> list[str]:
        """The cards under a zone's top card (its Xyz Materials)."""
        return list(self.under.get(cid, ()))

    def _place(self, cid: str, spot: Spot) -> None:
        before = self.where.get(cid)
        if self.changes is None:
            self.journal.append((cid, before))
        else:  # the follower's board: each change is recorded, no rewind reads a journal
            self.changes.append((cid, before, spot))
        self.where[cid] = spot

    def _unplace(self, cid: str) -> Spot | None:
        spot = self.where.get(cid)  # (get and del, as in _send_materials: no Spot is None)
        if spot is not None:
            del self.where[cid]
            if self.changes is None:
                self.journal.append((cid, spot))
            else:
                self.changes.append((cid, spot, None))
        return spot


def _no_xyz(cid: str) -> bool:
    """A board that knows no card database: no card is known to be an Xyz Monster."""
    return False


def describe_spot(spot: Spot | None) -> str:
    """A place in words, for notes.

    >>> describe_spot(Spot("p1", "S-3", face_up=False))
    "p1's S-3 (face-down)"
    """
    if spot is None:
        return "nowhere yet"
    face = "" if spot.face_up else " (face-down)"
    return f"{spot.side}'s {spot.spot}{face}"

"""The board as the engine's log shows it: which card (an id of the duel document) stands
where the engine numbers its places (controller, location, sequence), so that each message's
card is the same card from one message to the next. The engine gives cards no identity; the
importer does: a card is followed from its first appearance (the Extra Deck the file lists,
a draw, a card leaving the Deck) to wherever the log moves it (docs/edopro.md).

>>> b = Board()
>>> cid = b.new_card(46986414, 0)
>>> b.put(cid, Loc(0, HAND, 0, 0)); b.find(Loc(0, HAND, 0, 0), 46986414) == cid
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from validator.importers.edopro.messages import (
    DECK,
    EXTRA,
    FACEUP,
    GRAVE,
    HAND,
    MZONE,
    OVERLAY,
    REMOVED,
    SZONE,
    Loc,
)

PLAYERS: Final = ("p1", "p2")
#: The Field Zone's sequence among the Spell & Trap Zones.
FIELD_SEQUENCE: Final = 5


def player_of(controller: int) -> str:
    """The document's player of an engine player number (0 is p1).

    >>> player_of(1)
    'p2'
    """
    return PLAYERS[controller & 1]


def monster_zone(controller: int, sequence: int) -> str | None:
    """The document's Monster Zone of an engine sequence: 0-4 the Main Monster Zones from the
    player's own left, 5 and 6 the Extra Monster Zones from the player's own left, which the
    document names as p1 sees them.

    >>> monster_zone(0, 0), monster_zone(0, 5), monster_zone(1, 5), monster_zone(1, 6)
    ('M1', 'EMZ-L', 'EMZ-R', 'EMZ-L')
    """
    if 0 <= sequence <= 4:
        return f"M{sequence + 1}"
    if sequence in (5, 6):
        left = (sequence == 5) == (controller & 1 == 0)
        return "EMZ-L" if left else "EMZ-R"
    return None


def spell_trap_zone(sequence: int) -> str | None:
    """The document's Spell & Trap Zone of an engine sequence (None for the Field Zone).

    >>> spell_trap_zone(0), spell_trap_zone(5)
    ('S1', None)
    """
    return f"S{sequence + 1}" if 0 <= sequence <= 4 else None


@dataclass(slots=True)
class Piece:
    """A card the importer follows: its passcode and owner (0 or 1)."""

    code: int
    owner: int
    token: bool = False


@dataclass(slots=True)
class Board:
    """Where every followed card stands."""

    pieces: dict[str, Piece] = field(default_factory=dict)
    #: (controller, MZONE or SZONE, sequence) -> card
    zones: dict[tuple[int, int, int], str] = field(default_factory=dict)
    hands: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))
    graves: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))
    banished: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))
    #: Each Extra Deck as the engine orders it: [passcode, card or None while unseen],
    #: face-down cards first, then the face-up ones.
    extras: tuple[list[list[Any]], list[list[Any]]] = field(default_factory=lambda: ([], []))
    #: Cards returned to a Deck (a card drawn again is the same card).
    decks: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))
    face_up_extra: set[str] = field(default_factory=set)
    #: Xyz Material -> the monster it is under; and the materials under each monster.
    overlays: dict[str, list[str]] = field(default_factory=dict)
    #: Materials moved under an Xyz Monster still in the Extra Deck (its Xyz Summon's).
    waiting: list[str] = field(default_factory=list)
    where: dict[str, Loc] = field(default_factory=dict)
    counts: list[int] = field(default_factory=lambda: [0, 0])

    def new_card(self, code: int, owner: int, *, token: bool = False) -> str:
        """A card seen for the first time: its id (``a7``: the seventh card of player 1,
        ``b7`` of player 2; never ``p1``, which the judge's words use for the player)."""
        self.counts[owner & 1] += 1
        cid = f"{'ab'[owner & 1]}{self.counts[owner & 1]}"
        self.pieces[cid] = Piece(code, owner & 1, token)
        return cid

    def _pile(self, loc: Loc) -> list[str] | None:
        c = loc.controller & 1
        base = loc.location
        if base == HAND:
            return self.hands[c]
        if base == GRAVE:
            return self.graves[c]
        if base == REMOVED:
            return self.banished[c]
        if base == DECK:
            return self.decks[c]
        return None

    def find(self, loc: Loc, code: int) -> str | None:
        """The card the log names at ``loc`` (with passcode ``code``, 0 when it hides it),
        or None when the importer does not follow it there (a card still in the Deck)."""
        c = loc.controller & 1
        if loc.location & OVERLAY:
            return self._under(loc, code)
        if loc.location in (MZONE, SZONE):
            key = (c, loc.location, loc.sequence)
            cid = self.zones.get(key)
            if code and cid is not None and self.pieces[cid].code != code:
                return self._reshuffled(key, code) or cid
            return cid
        if loc.location == EXTRA:
            slot = self._extra_slot(loc, code)
            return None if slot is None else slot[1]
        pile = self._pile(loc)
        if pile is None:
            return None
        if loc.location in (HAND, GRAVE, REMOVED) and 0 <= loc.sequence < len(pile):
            cid = pile[loc.sequence]
            if not code or self.pieces[cid].code == code:
                return cid
        return self._by_code(pile, code)

    def _reshuffled(self, key: tuple[int, int, int], code: int) -> str | None:
        """The card of ``code`` the log names at ``key`` where the importer has another: Set
        cards an effect shuffled among their zones (MSG_SHUFFLE_SET_CARD hides where each
        went); the two swap zones, and the card the log names is returned."""
        for other, cid in self.zones.items():
            if other[:2] == key[:2] and other != key and self.pieces[cid].code == code:
                mine = self.zones[key]
                self.zones[key], self.zones[other] = cid, mine
                self.where[cid], self.where[mine] = (
                    Loc(key[0], key[1], key[2], self.where[mine].position),
                    Loc(other[0], other[1], other[2], self.where[cid].position))
                return cid
        return None

    def _extra_slot(self, loc: Loc, code: int) -> list[Any] | None:
        """The Extra Deck entry the log names: at its sequence when the passcode agrees,
        else the first entry of that passcode (face-up or face-down as ``loc`` says)."""
        extra = self.extras[loc.controller & 1]
        if 0 <= loc.sequence < len(extra) and (not code or extra[loc.sequence][0] == code):
            return extra[loc.sequence]
        face_up = bool(loc.position & FACEUP)
        match = [e for e in extra if e[0] == code]
        for entry in match:
            if (entry[1] in self.face_up_extra) == face_up and entry[1] is not None:
                return entry
        return match[0] if match else None

    def claim_extra(self, loc: Loc, code: int, cid: str) -> None:
        """``cid`` is the card the log names in the Extra Deck at ``loc`` (first seen now)."""
        slot = self._extra_slot(loc, code)
        extra = self.extras[loc.controller & 1]
        if slot is None or slot[1] is not None:
            slot = [code, None]
            extra.insert(self._face_down_end(loc.controller & 1), slot)
        slot[1] = cid
        self.where[cid] = Loc(loc.controller, EXTRA, extra.index(slot), loc.position)

    def _face_down_end(self, c: int) -> int:
        extra = self.extras[c]
        return len(extra) - sum(1 for e in extra if e[1] in self.face_up_extra)

    def shuffle_extra(self, c: int, codes: tuple[int, ...]) -> None:
        """The face-down Extra Deck in its new order (MSG_SHUFFLE_EXTRA)."""
        extra = self.extras[c]
        end = self._face_down_end(c)
        pool, up = extra[:end], extra[end:]
        order = []
        for code in codes:
            entry = next((e for e in pool if e[0] == code), None)
            if entry is None:
                return  # not the Extra Deck the importer follows: left as it was
            pool.remove(entry)
            order.append(entry)
        extra[:] = order + pool + up

    def _under(self, loc: Loc, code: int) -> str | None:
        """An Xyz Material: under the monster at ``loc`` (in a Monster Zone, or wherever
        the monster went: its materials follow it out of the field), at index ``position``."""
        base = loc.location & ~OVERLAY
        holder: str | None = None
        if base == MZONE:
            holder = self.zones.get((loc.controller & 1, MZONE, loc.sequence))
        elif base == EXTRA:
            extra = self.extras[loc.controller & 1]
            slot = extra[loc.sequence] if 0 <= loc.sequence < len(extra) else None
            if slot is not None and slot[1] in self.overlays:  # an Xyz Monster sent back
                holder = slot[1]
            else:  # materials of an Xyz Summon, under a monster still in the Extra Deck
                under = self.waiting
                if 0 <= loc.position < len(under) and \
                        self.pieces[under[loc.position]].code == code:
                    return under[loc.position]
                return self._by_code(under, code) or self._anywhere_under(code)
        else:
            pile = self._pile(Loc(loc.controller, base, loc.sequence, 0))
            if pile is not None and 0 <= loc.sequence < len(pile):
                holder = pile[loc.sequence]
        under = self.overlays.get(holder, []) if holder is not None else []
        if 0 <= loc.position < len(under) and \
                (not code or self.pieces[under[loc.position]].code == code):
            return under[loc.position]
        return self._by_code(under, code) or self._anywhere_under(code)

    def _anywhere_under(self, code: int) -> str | None:
        """A material of that passcode under any monster (its monster is not where the log
        says), or among an Xyz Summon's."""
        for other in (*self.overlays.values(), self.waiting):
            found = self._by_code(other, code)
            if found is not None:
                return found
        return None

    def _by_code(self, pile: list[str], code: int) -> str | None:
        for cid in reversed(pile):
            if self.pieces[cid].code == code:
                return cid
        return None

    def lift(self, cid: str) -> None:
        """Take ``cid`` from where it stands (its materials stay under it)."""
        loc = self.where.pop(cid, None)
        self.face_up_extra.discard(cid)
        if loc is None:
            return
        if loc.location & OVERLAY:
            for under in (*self.overlays.values(), self.waiting):
                if cid in under:
                    under.remove(cid)
                    return
            return
        if loc.location in (MZONE, SZONE):
            key = (loc.controller & 1, loc.location, loc.sequence)
            if self.zones.get(key) == cid:
                del self.zones[key]
            return
        if loc.location == EXTRA:
            extra = self.extras[loc.controller & 1]
            extra[:] = [e for e in extra if e[1] != cid]
            return
        pile = self._pile(loc)
        if pile is not None and cid in pile:
            pile.remove(cid)

    def put(self, cid: str, loc: Loc) -> None:
        """Place ``cid`` where the log puts it."""
        c = loc.controller & 1
        self.where[cid] = loc
        if loc.location & OVERLAY:
            holder = self.zones.get((c, MZONE, loc.sequence)) if loc.location & MZONE else None
            if holder is not None:
                self.overlays.setdefault(holder, []).append(cid)
            else:
                self.waiting.append(cid)
            return
        if loc.location in (MZONE, SZONE):
            self.zones[(c, loc.location, loc.sequence)] = cid
            return
        if loc.location == EXTRA:
            entry = [self.pieces[cid].code, cid]
            if loc.position & FACEUP:
                self.extras[c].append(entry)
                self.face_up_extra.add(cid)
            else:
                self.extras[c].insert(self._face_down_end(c), entry)
            return
        pile = self._pile(loc)
        if pile is None:
            return
        pile.append(cid)

    def materials_of(self, cid: str) -> list[str]:
        """The Xyz Materials under ``cid``."""
        return self.overlays.get(cid, [])

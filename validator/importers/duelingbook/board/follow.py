"""The board as Duelingbook shows it: every card object followed through every play, before any
play is read as a rule action (docs/duelingbook.md, "Cards are followed where they stand").

:class:`Follower` runs first, over a whole game: for each play it finds the card (by
Duelingbook's object id, else by the zone the log names, on the side it names, else by name in
the pile the log names) and records what the play does to the board as a :class:`Step`:
the board operations, and a :class:`Move` for each card that changed place. The rules reading
(:mod:`.builder` and the handlers) then replays those operations on its own board and reads
each step, looking ahead at later steps when it needs to: where a card stands never depends on
how a play is read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple

from validator.document.model import Player, other
from validator.importers.duelingbook import logtext
from validator.importers.duelingbook.board.tracker import Board, Spot, is_monster_zone, is_zone
from validator.importers.duelingbook.cards import Knowledge
from validator.importers.duelingbook.game import CannotFollow, Play

#: Piles a player's play takes a card by name from their own only: a Deck's cards are
#: hidden, so a copy of that name the opponent's Deck is known to hold is not the one.
OWN_PILES: Final = frozenset({"deck", "extra"})


class Move(NamedTuple):
    """A card that changed place in a play: where it stood before and after (None: nowhere
    yet, a card the log shows for the first time; after None: it ceased to exist)."""

    card: str
    before: Spot | None
    after: Spot | None


#: ``tuple.__new__``: a :class:`Move` made as the named tuple's own constructor makes it,
#: without that interpreted function (:func:`.tracker.spot_at`).
_NEW_TUPLE: Final = tuple.__new__
#: :class:`Move` as a constant: a class of the module's is otherwise looked up by name at each use.
_MOVE: Final = Move
#: One change of a card's place, face or position: (card, before, after).
Change = tuple[str, "Spot | None", "Spot | None"]


class Step:
    """What one play did to the board: its card, a second card (the target of an attack, the
    pile an Xyz Material goes under), the changes of place it made (a slice of the game's
    list of changes, read as moves and turns when asked), and an occupant the log never moved
    out of the zone used. One exists for every play that can touch a card: it stays small."""

    __slots__ = (
        "_moves",
        "_turned",
        "card",
        "changes",
        "displaced",
        "first",
        "from_field",
        "index",
        "kind",
        "last",
        "materials",
        "other",
        "player",
    )

    def __init__(self, index: int, kind: str, player: Player, changes: list[Change]) -> None:
        self.index, self.kind, self.player = index, kind, player
        self.card: str | None = None
        self.other: str | None = None
        self.displaced: tuple[str, ...] = ()  # occupants swept out of the zone used, in order
        self.materials: list[str] = []
        #: an Xyz Summon's pile: each card joined it as a face-up monster standing alone in
        #: one of the summoner's Monster Zones (no Xyz Monster's materials among them)
        self.from_field = False
        self.changes = changes  # the game's list: this step's are [first:last]
        self.first = self.last = len(changes)
        self._moves: list[Move] | None = None
        self._turned: list[tuple[str, Spot, Spot]] | None = None

    def own(self) -> list[Change]:
        """This step's changes, in order."""
        return self.changes[self.first:self.last]

    def _read(self) -> None:
        # (a list of typed tuples: the compiled loop unpacks each without an iterator)
        if self.last - self.first == 1:  # most plays change one card once: no maps
            pairs = self.own()
        else:
            first: dict[str, Spot | None] = {}
            last: dict[str, Spot | None] = {}
            for cid, before, after in self.own():
                if cid not in first:
                    first[cid] = before
                last[cid] = after
            pairs = [(cid, before, last[cid]) for cid, before in first.items()]
        moves: list[Move] = []
        turned: list[tuple[str, Spot, Spot]] = []
        for cid, before, after in pairs:
            if before == after:
                continue
            if before is not None and after is not None and before[0] == after[0] and \
                    before[1] == after[1]:
                turned.append((cid, before, after))
            else:
                moves.append(_NEW_TUPLE(_MOVE, (cid, before, after)))
        self._moves, self._turned = moves, turned

    @property
    def moves(self) -> list[Move]:
        """Each card that changed place: where it stood first and last in this play."""
        if self._moves is None:
            self._read()
        assert self._moves is not None
        return self._moves

    @property
    def turned(self) -> list[tuple[str, Spot, Spot]]:
        """Each card whose face or position changed where it stands: (card, before, after)."""
        if self._turned is None:
            self._read()
        assert self._turned is not None
        return self._turned

    def move_of(self, cid: str) -> Move | None:
        """The move of ``cid`` in this step, if it moved."""
        if self.first == self.last:
            return None
        for move in self.moves:
            if move.card == cid:
                return move
        return None

    def __repr__(self) -> str:
        return f"Step({self.index}, {self.kind!r}, {self.card!r}, {self.own()!r})"


class Follower:
    """Follows one game's cards play by play (one instance per game)."""

    def __init__(self, users: dict[str, Player], knowledge: Knowledge) -> None:
        self.users = users
        self.knowledge = knowledge
        self.changes: list[Change] = []
        self.board = Board(changes=self.changes)
        self.board.is_xyz = lambda cid: knowledge.is_xyz(self.board.name(cid))
        self.step: Step | None = None
        self.hands: dict[Player, list[str]] = {"p1": [], "p2": []}
        #: monsters moved from a Monster Zone to a Spell & Trap Zone: the position they had
        self.parked: dict[str, str] = {}
        #: cards in a pile waiting for its Xyz Summon: whether each joined it as a face-up
        #: monster standing alone in its player's Monster Zone (:meth:`joined`)
        self.piled: dict[str, bool] = {}

    # -- the opening -------------------------------------------------------------------------
    def deal(self, opening: Step, player: Player, name: str | None,
             object_id: int | None) -> str:
        """A card of an opening hand (``name`` None: the log does not name it), recorded in
        the game's opening step."""
        self.step = opening
        cid = self.new_card(name, player)
        self.put(cid, player, "hand")
        opening.last = len(self.changes)
        opening._moves = opening._turned = None
        if name is not None:
            self.hands[player].append(cid)
        if object_id is not None:
            self.board.bind(object_id, cid)
        return cid

    # -- cards -------------------------------------------------------------------------------
    def new_card(self, name: str | None, owner: Player) -> str:
        """A new card id for a copy of ``name``."""
        return self.board.new_card(name, owner, {})

    def label(self, cid: str) -> str:
        """A card as notes name it."""
        return self.board.name(cid) or "a card the log does not name"

    def owner_of(self, play: Play, player: Player) -> Player:
        """Who owns a card a play shows first: ``owner`` when the log says, else the player."""
        owner = self.users.get(str(play.get("owner"))) if play.get("owner") else None
        return owner or player

    def on_field_named(self, name: str) -> str | None:
        """The one card of that name on the field, if exactly one stands there."""
        found = [cid for cid in self.board.zones.values() if self.board.name(cid) == name]
        return found[0] if len(found) == 1 else None

    def label_at(self, side: Player, spot: str) -> str:
        found = self.board.at(side, spot)
        return self.label(found) if found else "no card"

    def find(self, play: Play, player: Player, text: str, *, key: str = "id",
             name: str | None = None, zone: str | None = None, side: Player | None = None,
             pile: str | None = None, named: bool = True) -> str:
        """The card a play is about: by Duelingbook's object id, else by the zone the log
        names (``zone`` says which; ``""`` when the card stands in no zone), else by name in
        the pile it names (the player's own first, and only theirs in a Deck: see
        :data:`OWN_PILES`; a new card when the log shows it first). ``named=False``: the log
        hides the card's name ("Set card"). An id whose card does not stand in the pile the
        play takes its card from (Duelingbook reuses numbers) is not trusted.

        Raises :class:`CannotFollow` when the log names a zone where no such card stands.
        """
        board = self.board
        oid = play.get(key)
        cid = board.by_object(oid)
        where = pile
        if cid is not None and board.on_field(cid) and \
                (where == "hand" if where else logtext.takes_from_hand(text)):
            cid = None  # a number Duelingbook reused: a card from the hand is not on the field
        if cid is not None and named:  # the usual case: an id this game knows, and its name
            known = board.cards[cid].get("name")
            if known is not None and (name == known or (name is None and f'"{known}"' in text)):
                return cid
        if name is None and named:  # the card object's name first: names may hold quotes
            shown = logtext.object_name(play)
            name = shown if shown and f'"{shown}"' in text else logtext.name_in(text) or shown
        if name == "Set card" or (name and name.startswith("Set ")):
            name = None
        if cid is not None and name not in (None, board.name(cid)) and \
                board.name(cid) is not None:
            cid = None  # an id from another numbering: trust the text
        written = (zone or None) if zone is not None else logtext.zone_in(text)
        if cid is None and written is not None:
            at_side, spot = Board.zone(side or player, written) if side is None \
                else (side, written)
            found = board.at(at_side, spot)
            if found is not None and name not in (None, board.name(found)) and \
                    board.name(found) is not None:
                found = None
            if found is None and name is not None:
                found = self.on_field_named(name)
            if found is None:
                raise CannotFollow(f"the log names {name or 'a card'} in {written}, where the "
                                   f"import has {self.label_at(at_side, spot)}")
            cid = found
        if cid is None:
            where = where or logtext.source_pile(text) or "hand"
            cid = (board.find(player, name, where) or (
                None if where in OWN_PILES else board.find(other(player), name, where))) \
                if name else board.find_hidden(player, where)
            if where == "extra" and cid is not None and oid is not None and \
                    board.id_of.get(cid) not in (None, oid) and board.where[cid].face_up:
                # a face-up copy keeps its number: another number is another copy (a face-down
                # Extra Deck is renumbered: advanced-77511191 game 1's R.B. VALCan Booster,
                # returned as 48, is taken from it as 47)
                cid = None
            if cid is None:
                cid = self.new_card(name, self.owner_of(play, player))
        if name is not None and board.name(cid) is None:
            board.cards[cid]["name"] = name
        board.bind(oid, cid)
        return cid

    def field_card(self, play: Play, player: Player, text: str, **how: Any) -> str:
        """:meth:`find` for a play whose card must stand on the field."""
        cid = self.find(play, player, text, **how)
        if not self.board.on_field(cid):
            raise CannotFollow(f"the log has {self.label(cid)} on the field, where the import "
                               f"does not")
        return cid

    def free_zone(self, player: Player, row: str) -> str:
        """The first free zone of a row (``M`` or ``S``) of a side."""
        for n in range(1, 6):
            if self.board.at(player, f"{row}-{n}") is None:
                return f"{row}-{n}"
        return f"{row}-5"

    # -- recording ---------------------------------------------------------------------------
    def put(self, cid: str, side: Player, spot: str, *, position: str | None = None,
            face_up: bool = True, top: bool = False) -> None:
        """Put a card somewhere (an occupant the log never moved out of the zone goes to its
        owner's Graveyard first, as Duelingbook allows no stacking)."""
        board = self.board
        if is_zone(spot):
            occupant = board.at(side, spot)
            for _ in range(len(board.cards)):  # then a pile's next card (bounded: each goes once)
                if occupant is None or occupant == cid:
                    break
                assert self.step is not None
                self.step.displaced += (occupant,)
                board.put(occupant, board.owner(occupant), "graveyard")
                occupant = board.at(side, spot)
        if is_monster_zone(spot) and "name" not in board.cards[cid]:
            board.cards[cid]["monster"] = True
        if self.piled:
            self.broken(cid)
        board.put(cid, side, spot, position=position, face_up=face_up, top=top)

    def turn(self, cid: str, *, position: str | None = None,
             face_up: bool | None = None) -> None:
        """Change a card's face or position where it stands."""
        self.board.turn(cid, position=position, face_up=face_up)

    def stack(self, cid: str, onto: str) -> None:
        """Put a card on top of another as an Xyz pile."""
        self.board.stack(cid, onto)

    def attach(self, cid: str, holder: str) -> None:
        """Put a card under an Xyz Monster."""
        if self.piled:
            self.broken(cid)
        self.board.attach(cid, holder)

    def broken(self, cid: str) -> None:
        """A card of a pile waiting for its Xyz Summon moved on its own (returned to the hand,
        moved to another zone, sent): Duelingbook may have taken the pile with it or left it,
        so no card of that pile is sure to be the Summon's (the reading that flags least)."""
        if cid not in self.piled:
            return
        under = self.board.under
        pile = [cid, *under.get(cid, ())]
        pile += [c for holder, below in under.items() if cid in below for c in (holder, *below)]
        for card in pile:
            self.piled[card] = False

    def joined(self, cid: str, player: Player) -> None:
        """Record, as ``cid`` joins an Xyz pile of ``player``'s, whether it stood alone as a
        face-up monster of ``player``'s own in one of their Monster Zones, neither an Xyz nor
        a Link Monster (one in a pile is a Rank-Up's, an alternative procedure's or an
        effect's: N.As.H. Knight attaching a "Number" Xyz Monster, logged as its Summon onto
        the Knight); the materials it held join it as no such monster."""
        board = self.board
        spot = board.where.get(cid)
        below = board.under.get(cid, ())
        name = board.name(cid)
        self.piled[cid] = spot is not None and spot.side == player and \
            board.owner(cid) == player and is_monster_zone(spot.spot) and \
            spot.position not in (None, "facedown_defense") and not below and \
            name is not None and not self.knowledge.is_xyz(name) and \
            not self.knowledge.is_link(name)
        for material in below:
            self.piled[material] = False

    def pile_from_field(self, pile: list[str]) -> bool:
        """True when every card of an Xyz Summon's pile joined it as a face-up monster of its
        player's, standing alone (:meth:`joined`); the pile's records are cleared."""
        found = [self.piled.pop(cid, False) for cid in pile]
        return bool(found) and all(found)

    # -- one play ----------------------------------------------------------------------------
    def follow(self, index: int, play: Play, kind: str, player: Player, mover: Mover) -> Step:
        """What ``play`` (of canonical ``kind``) does to the board, by the kind's ``mover``
        (the kinds table, :data:`.kinds.KINDS`, gives it: :func:`.movers.unknown` for a kind this
        importer does not know)."""
        changes = self.changes
        step = self.step = Step(index, kind, player, changes)
        try:
            mover(self, play, player)
        finally:
            step.last = len(changes)
        return step


#: What follows one play kind on the board (:mod:`.movers` has one per kind that moves cards).
Mover = Callable[[Follower, Play, Player], None]

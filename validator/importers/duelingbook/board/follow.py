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
from validator.importers.duelingbook.game import CannotFollow, Play, from_hand, texts

#: Piles a player's play takes a card by name from their own only: a Deck's cards are
#: hidden, so a copy of that name the opponent's Deck is known to hold is not the one.
OWN_PILES: Final = frozenset({"deck", "extra"})


class Move(NamedTuple):
    """A card that changed place in a play: where it stood before and after (None: nowhere
    yet, a card the log shows for the first time; after None: it ceased to exist)."""

    card: str
    before: Spot | None
    after: Spot | None


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
        if self.last - self.first == 1:  # most plays change one card once: no maps
            pairs: Any = (self.changes[self.first],)
        else:
            first: dict[str, Spot | None] = {}
            last: dict[str, Spot | None] = {}
            for cid, before, after in self.own():
                if cid not in first:
                    first[cid] = before
                last[cid] = after
            pairs = ((cid, before, last[cid]) for cid, before in first.items())
        moves: list[Move] = []
        turned: list[tuple[str, Spot, Spot]] = []
        for cid, before, after in pairs:
            if before == after:
                continue
            if before is not None and after is not None and before[0] == after[0] and \
                    before[1] == after[1]:
                turned.append((cid, before, after))
            else:
                moves.append(Move(cid, before, after))
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
        (the kinds table, :data:`.kinds.KINDS`, gives it: :func:`unknown` for a kind this
        importer does not know)."""
        changes = self.changes
        step = self.step = Step(index, kind, player, changes)
        try:
            mover(self, play, player)
        finally:
            step.last = len(changes)
        return step


# -- the movers: one per play kind that moves cards (kinds.py gives each kind its own) ------------
Mover = Callable[[Follower, Play, Player], None]


def draw(f: Follower, play: Play, player: Player) -> None:
    private = texts(play)[1]
    name = logtext.name_in(private) or logtext.object_name(play)
    step = f.step
    assert step is not None
    if name is None:  # unnamed (a concealed replay): followed in the hand without a name
        hidden = f.new_card(None, player)
        f.put(hidden, player, "hand")
        step.card = hidden
        return
    known = f.board.by_object(play.get("id"))
    spot = f.board.where.get(known) if known is not None else None
    if known is None or spot is None or (spot.side, spot.spot) != (player, "deck") or \
            f.board.name(known) not in (None, name):
        known = None
    cid = known or f.board.find(player, name, "deck") or f.new_card(name, player)
    f.board.cards[cid]["name"] = name
    f.board.bind(play.get("id"), cid)
    f.put(cid, player, "hand")
    step.card = cid


def shuffle_hand(f: Follower, play: Play, player: Player) -> None:
    """Duelingbook renames the cards of a shuffled hand by position (``prev`` -> ``hand``)."""
    before, after = play.get("prev"), play.get("hand")
    if not (isinstance(before, list) and isinstance(after, list) and len(before) == len(after)):
        return
    board = f.board
    renamed = [(new, board.by_object(old)) for old, new in zip(before, after, strict=True)]
    for old in before:
        cid = board.by_object(old)
        if cid is not None:
            board.id_of.pop(cid, None)
            board.by_id.pop(old, None)
    for new, cid in renamed:
        if cid is not None:
            board.bind(new, cid)


def shuffle_deck(f: Follower, play: Play, player: Player) -> None:
    """A shuffled deck gets new ids: its cards are known by name only from here on."""
    for cid in f.board.pile(player, "deck"):
        old = f.board.id_of.pop(cid, None)
        if old is not None:
            f.board.by_id.pop(old, None)


def _summon(f: Follower, play: Play, player: Player, position: str) -> None:
    text = texts(play)[1]
    step = f.step
    assert step is not None
    cid = f.find(play, player, text, pile="hand" if from_hand(play) else None)
    step.card = cid
    spot = f.board.where.get(cid)
    written = logtext.zone_to(text)
    if spot is not None and is_monster_zone(spot.spot) and spot.side == player and \
            written is None:
        return  # a Gemini monster Normal Summoned where it stands: no move
    f.put(cid, player, written or f.free_zone(player, "M"), position=position)


def normal_summon(f: Follower, play: Play, player: Player) -> None:
    _summon(f, play, player, "attack")


def set_monster(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    if from_hand(play):
        _summon(f, play, player, "facedown_defense")
        return
    cid = f.field_card(play, player, text)  # a face-up card turned face-down where it stands
    step = f.step
    assert step is not None
    step.card = cid
    spot = f.board.where[cid]
    if not is_monster_zone(spot.spot):
        f.turn(cid, face_up=False)
    else:
        f.turn(cid, position="facedown_defense")


def flip_summon(f: Follower, play: Play, player: Player) -> None:
    cid = f.field_card(play, player, texts(play)[1])
    assert f.step is not None
    f.step.card = cid
    f.turn(cid, position="attack")


def flip(f: Follower, play: Play, player: Player) -> None:
    cid = f.field_card(play, player, texts(play)[1])
    assert f.step is not None
    f.step.card = cid
    if f.board.position(cid) == "facedown_defense":
        f.turn(cid, position="defense")


def to_position(f: Follower, play: Play, player: Player) -> None:
    cid = f.field_card(play, player, texts(play)[1])
    step = f.step
    assert step is not None
    step.card = cid
    to = "attack" if step.kind == "To ATK" else \
        "facedown_defense" if play.get("face_down") is True else "defense"
    if f.board.position(cid) != to:
        f.turn(cid, position=to)


def special_summon(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    step = f.step
    assert step is not None
    cid = f.find(play, player, text)
    step.card = cid
    position = "defense" if step.kind == "SS DEF" or "(DEF)" in text else "attack"
    if str(play.get("position", "")).lower() in ("set", "fd defense"):
        position = "facedown_defense"
    f.put(cid, player, logtext.zone_to(text) or f.free_zone(player, "M"), position=position)


def summon_token(f: Follower, play: Play, player: Player) -> None:
    cid = f.new_card("Token", player)
    f.board.cards[cid]["token"] = True
    f.board.bind(play.get("id"), cid)
    assert f.step is not None
    f.step.card = cid
    f.put(cid, player, logtext.zone_in(texts(play)[1]) or f.free_zone(player, "M"),
          position="defense")


def overlay(f: Follower, play: Play, player: Player) -> None:
    """"Overlayed A onto B": onto an Xyz Monster, A is attached at once; onto another
    monster, the pile waits for its Xyz Summon."""
    text = texts(play)[1]
    names = logtext.names_in(text)
    card = f.find(play, player, text, key="start_id", name=names[0] if names else None,
                  zone=logtext.zone_attached(text) or "")
    onto_zone = logtext.zone_to(text) or play.get("zone") or logtext.zone_onto(text)
    onto = f.field_card(play, player, text, key="end_id",
                        name=names[1] if len(names) > 1 else None,
                        zone=str(onto_zone) if onto_zone else None)
    step = f.step
    assert step is not None
    step.card, step.other = card, onto
    if f.knowledge.is_xyz(f.board.name(onto)):
        f.attach(card, onto)
    elif f.knowledge.is_xyz(f.board.name(card)) and f.board.on_field(card) and \
            f.board.where[card].side != f.board.where[onto].side:
        f.attach(onto, card)  # an opponent's monster taken as material: it stays on its side
    else:
        if onto not in f.piled:
            f.joined(onto, player)
        f.joined(card, player)
        f.stack(card, onto)


def xyz_summon(f: Follower, play: Play, player: Player) -> None:
    """"Special Summoned X from Extra Deck onto A": the pile under A becomes X's materials."""
    text = texts(play)[1]
    names = logtext.names_in(text)
    xyz = f.find(play, player, text, key="start_id", name=names[0] if names else None,
                 pile="extra", zone="")
    zone = logtext.zone_in(text) or (str(play["zone"]) if play.get("zone") else None)
    base = f.find(play, player, text, key="end_id", name=names[1] if len(names) > 1 else None,
                  zone=zone)
    # A card Overlaid onto an Xyz Monster is read as its material, but Duelingbook may have
    # laid it on top of the stack (Ext Ryzeal onto Number 41): the log then names it as the
    # card this Xyz is Summoned onto. The stack it stands in is the same pile either way.
    base = next((holder for holder, below in f.board.under.items() if base in below
                 and f.board.on_field(holder)), base)
    if not f.board.on_field(base):
        raise CannotFollow(f"the log has {f.label(base)} on the field, where the import "
                           f"does not")
    step = f.step
    assert step is not None
    step.card, step.other = xyz, base
    position = "defense" if step.kind == "OL DEF" or "(DEF)" in text else "attack"
    if base not in f.piled:
        f.joined(base, player)
    f.stack(xyz, base)
    f.turn(xyz, position=position)
    step.materials = f.board.materials(xyz)
    step.from_field = f.pile_from_field(step.materials)


def attach(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    names = logtext.names_in(text)
    card = f.find(play, player, text, key="start_id", name=names[0] if names else None,
                  zone=logtext.zone_attached(text) or "")
    holder = f.board.by_object(play.get("end_id"))
    if holder is None or holder not in f.board.where:
        raise CannotFollow("cannot find the Xyz Monster the material is attached to")
    step = f.step
    assert step is not None
    step.card, step.other = card, holder
    f.attach(card, holder)


def detach(f: Follower, play: Play, player: Player) -> None:
    cid = f.board.by_object(play.get("id"))
    if cid is None:
        names = logtext.names_in(texts(play)[1])
        cid = next((m for stack in f.board.under.values() for m in stack
                    if names and f.board.name(m) == names[0]), None)
    if cid is None:
        raise CannotFollow("cannot find that Xyz Material")
    assert f.step is not None
    f.step.card = cid
    f.put(cid, f.board.owner(cid), "graveyard")


def change_control(f: Follower, play: Play, player: Player) -> None:
    cid = f.field_card(play, player, texts(play)[1])
    spot = f.board.where[cid]
    if not is_monster_zone(spot.spot):
        raise CannotFollow("the monster whose control changes is not in a Monster Zone")
    to = other(spot.side)
    written = play.get("zone")
    zone = Board.zone(player, str(written))[1] if isinstance(written, str) else \
        f.free_zone(to, "M")
    assert f.step is not None
    f.step.card = cid
    f.put(cid, to, zone, position=spot.position)


def set_spell_trap(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    step = f.step
    assert step is not None
    if not from_hand(play) and logtext.zone_in(text) and not logtext.zone_to(text):
        cid = f.field_card(play, player, text)  # "Set "X" in S-3": face-down where it stands
        step.card = cid
        f.turn(cid, face_up=False)
        return
    cid = f.find(play, player, text, pile="hand")
    step.card = cid
    dest = logtext.zone_to(text) or f.free_zone(player, "S")
    if f.knowledge.is_field_spell(f.board.name(cid)):
        dest = "F"
    f.put(cid, player, dest, face_up=False)


def activate(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    in_hand = from_hand(play)
    cid = f.find(play, player, text, pile="hand" if in_hand else None)
    step = f.step
    assert step is not None
    step.card = cid
    spot = f.board.where.get(cid)
    if spot is not None and is_zone(spot.spot) and spot.face_up and not in_hand:
        return  # a face-up card used again: its effect, no move
    if in_hand or (logtext.source_pile(text) in _EFFECT_PILES and
                   (spot is None or not is_zone(spot.spot))):  # from the Deck: an effect's
        dest = logtext.zone_to(text) or f.free_zone(player, "S")
        if f.knowledge.is_field_spell(f.board.name(cid)):
            dest = "F"
        f.put(cid, player, dest)
    else:
        f.turn(cid, face_up=True)


#: Piles an effect activates a Spell or Trap from ("Activated Field Spell "X" from Deck").
_EFFECT_PILES: Final = frozenset({"deck", "graveyard", "banished"})


def declare(f: Follower, play: Play, player: Player) -> None:
    assert f.step is not None
    f.step.card = f.find(play, player, texts(play)[1])


def send(destination: str) -> Mover:
    def mover(f: Follower, play: Play, player: Player) -> None:
        text = texts(play)[1]
        cid = f.find(play, player, text)
        assert f.step is not None
        f.step.card = cid
        before = f.board.where.get(cid)
        owner = f.board.owner(cid)
        if destination == "hand" and before is not None and before.spot == "hand" and \
                before.side == owner:
            return
        f.put(cid, owner, destination, top="top of deck" in text,
              face_up=destination != "extra")  # "To ED FU" has a mover of its own
    return mover


def to_face_up_extra(f: Follower, play: Play, player: Player) -> None:
    """"To ED FU": a Pendulum Monster to its owner's Extra Deck, face-up."""
    cid = f.find(play, player, texts(play)[1])
    assert f.step is not None
    f.step.card = cid
    f.put(cid, f.board.owner(cid), "extra", face_up=True)


def to_spell_trap(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    cid = f.find(play, player, text)
    assert f.step is not None
    f.step.card = cid
    f.put(cid, player, logtext.zone_to(text) or f.free_zone(player, "S"))


def move(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    zones = logtext.zones_moved(text)
    if zones is not None:
        cid = f.field_card(play, player, text, zone=zones[0])
        written = zones[1]
    else:  # the words say nothing: the card's id and the play's "zone" field may
        cid = f.board.by_object(play.get("id")) or ""
        written = logtext.spot_name(str(play.get("zone") or ""))
        if not f.board.on_field(cid) or not written:
            raise CannotFollow("cannot read the zones of the move")
    spot = f.board.where[cid]
    dst_side, dst = Board.zone(player, written)
    assert f.step is not None
    f.step.card = cid
    if is_monster_zone(spot.spot) and not is_monster_zone(dst) and spot.position:
        f.parked[cid] = spot.position  # back in a Monster Zone, it is shown as it was
    if is_monster_zone(dst):
        f.put(cid, dst_side, dst, position=spot.position if is_monster_zone(spot.spot)
              else f.parked.pop(cid, "attack"))
    else:  # a card moved between Spell & Trap Zones keeps its face; a monster goes face-up
        f.put(cid, dst_side, dst, face_up=spot.face_up if not is_monster_zone(spot.spot)
              else True)


def attack(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    step = f.step
    assert step is not None
    direct = step.kind == "Attack directly"
    names = logtext.names_in(text)
    with_zone = text.rsplit(" in ", 1)[-1] if " with " in text else None
    attacker = f.field_card(play, player, text, key="attacking_id" if not direct else "id",
                            name=names[-1] if names else None,
                            zone=logtext.spot_name(with_zone) if with_zone else None)
    step.card = attacker
    if direct:
        return
    zone = logtext.zone_in(text.split(" with ", 1)[0])
    hidden = text.startswith("Attacked Set card")
    where = f.board.where.get(attacker)
    step.other = f.field_card(play, player, text.split(" with ", 1)[0], key="attacked_id",
                              name=None if hidden else (names[0] if names else None),
                              named=not hidden, zone=zone,
                              side=other(where.side) if where is not None else other(player))


def turn_face_down(f: Follower, play: Play, player: Player) -> None:
    cid = f.field_card(play, player, texts(play)[1])
    assert f.step is not None
    f.step.card = cid
    spot = f.board.where[cid]
    if is_monster_zone(spot.spot):
        f.turn(cid, position="facedown_defense")
    else:
        f.turn(cid, face_up=False)


def reset(f: Follower, play: Play, player: Player) -> None:
    raise CannotFollow("the board was reset (Fiber Jar, or the reset button): the log does not "
                       "say where each card went")


def unknown(f: Follower, play: Play, player: Player) -> None:
    """A play kind this importer does not know: followed when its line sends a named card to
    a pile; a card changed any other way leaves the board unknown."""
    text = texts(play)[1]
    pile = logtext.destination_pile(text) or ("banished" if text.startswith("Banished")
                                              else None)
    if pile is not None and logtext.name_in(text) is not None:
        send(pile)(f, play, player)
        return
    if "card" in play or "id" in play or logtext.name_in(text) is not None:
        raise CannotFollow(f"a kind of play this importer does not know ({play.get('play')!r}) "
                           f"changes a card, so the board after it is unknown")

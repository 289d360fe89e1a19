"""The engine's message log read as the actions of a duel document (contract §2, revision 4):
the :class:`GameBuilder` holds what the reading keeps (the board followed in :mod:`.board`,
what a summon or a chain gathers over several messages) and reads the messages in order,
each by its handler (:data:`HANDLERS`): turns, phases, draws and Life Points in
:mod:`.turns`, moves in :mod:`.moves`, summons and Sets in :mod:`.summons`, chains in
:mod:`.chains`, positions, attacks, equips and control in :mod:`.battle` (docs/edopro.md has
the table of every message and what it becomes). The names the handlers share are in
:mod:`.records`.

>>> b = GameBuilder([], ("Ann", "Bob"))
>>> b.actions, b.turn
([], 0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from validator.importers.edopro import battle, chains, moves, summons, turns
from validator.importers.edopro import messages as msg
from validator.importers.edopro.board import Board, player_of
from validator.importers.edopro.messages import Loc, Message
from validator.importers.edopro.records import MSG_NAMES, PLACES, QUIET, CannotFollow, Link, Pending
from validator.importers.edopro.summons import close_summon
from validator.importers.edopro.yrp import Packet


@dataclass(slots=True)
class GameBuilder:
    """Reads one game's messages into actions (see :meth:`read`)."""

    packets: list[Packet]
    names: tuple[str, str]
    describe: Callable[[int], str] = str
    board: Board = field(default_factory=Board)
    actions: list[dict[str, Any]] = field(default_factory=list)
    notes: list[tuple[str, str, str | None]] = field(default_factory=list)
    turn: int = 0
    turn_player: int = 0
    first_player: int | None = None
    phase: str = "draw"
    hands: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))
    deck_sizes: list[int] = field(default_factory=lambda: [0, 0])
    lp: list[int] = field(default_factory=lambda: [8000, 8000])
    chain: list[Link] = field(default_factory=list)
    solving: bool = False
    #: the chain link resolving (MSG_CHAIN_SOLVING's number; 0 outside a resolution)
    solving_link: int = 0
    resolved_here: set[str] = field(default_factory=set)
    tributes: list[str] = field(default_factory=list)
    materials: list[tuple[str, int]] = field(default_factory=list)
    summon: Pending | None = None
    normal_summons: int = 0
    drew: bool = False
    draw_phase: bool = False
    attacking: dict[str, bool] = field(default_factory=dict)
    over: bool = False
    stopped: str | None = None
    index: int = 0
    decoded: list[Message | None] = field(default_factory=list)
    #: The monster just Flip Summoned, and where (its position change follows at once).
    last_flip: tuple[str, int] | None = None

    # -- the loop ------------------------------------------------------------------------

    def read(self) -> None:
        """Read every message up to the end of the duel (or a message it cannot follow)."""
        self.decoded = [msg.decode(p) if p.msg not in QUIET else None for p in self.packets]
        for i, m in enumerate(self.decoded):
            if self.over:
                return
            if m is None:
                continue
            self.index = i
            try:
                # a tuple, not a union: ``A | B`` would build a union object at each message
                if not isinstance(m, (msg.Summoning, msg.Summoned, msg.Move, msg.SetCard)):
                    close_summon(self)
                HANDLERS[type(m)](self, m)
            except (CannotFollow, KeyError, IndexError, ValueError) as exc:
                self.stopped = f"import stopped at {self.where()}: " + (
                    str(exc) if isinstance(exc, CannotFollow)
                    else f"the message does not read as the engine writes it "
                         f"({type(exc).__name__})")
                return
        close_summon(self)

    def where(self) -> str:
        """Where the reading is, as a judge finds it: the turn and the message."""
        packet = self.packets[self.index]
        return f"turn {self.turn}, message {packet.number} {MSG_NAMES.get(packet.msg, '?')}"

    def next_message(self, start: int) -> Message | None:
        """The next message after ``start`` that says something (QUIET ones passed over)."""
        for j in range(start + 1, len(self.decoded)):
            m = self.decoded[j]
            if m is not None:
                return m
        return None

    def emit(self, kind: str, player: int, text: str, **fields: Any) -> dict[str, Any]:
        """Add one action (with the engine's words as its log)."""
        if kind in ("special_summon", "declare_attack", "change_position", "flip_summon",
                    "destroy") and self._trap_monster(kind, player, text, fields):
            return fields
        action: dict[str, Any] = {"type": kind, "player": player_of(player), **fields}
        action["log"] = {"time": f"[T{self.turn} #{self.packets[self.index].number}]",
                         "player": self.names[player & 1], "text": text}
        if self.window is not None and kind != "activate":
            # paid while a card is activated (its costs): before a first link's activation;
            # a later link's costs, and the activated card's own cost (Ash Blossom
            # discarding itself), wait until the chain resolves, so that the chain stays
            # open and the activation is judged where the card stood (docs/edopro.md)
            own = (self.activating, self.equipped.get(self.activating or ""))
            card = fields.get("card")
            if card is not None and card == self.activating and kind in ("move", "discard") \
                    and self.chain and self.chain[-1].card == card and \
                    self.chain[-1].action is not None and \
                    self.chain[-1].action["player"] == action["player"]:
                # the activated card's own cost (a Spell sending itself to the GY, Ash
                # Blossom discarding itself): paid as it is activated, right after its
                # activation, the chain kept open (the extension ``cost``, docs/edopro.md)
                action["cost"] = True
                self.actions.append(action)
                return action
            if card in own or (self.chain_open_before and
                               any(link.card == card for link in self.chain)):
                self.deferred.append(action)  # Ash Blossom's, Wonder Wand's own cost
            elif self.chain_open_before:
                # a later link's cost: before the chain began, so that the chain stays open
                # and the card is where the engine has it for the links that follow
                self.actions.insert(self.hoist_at, action)
                self.hoist_at += 1
                self.window += 1
            else:
                self.actions.insert(self.window, action)
                self.window += 1
            return action
        self.actions.append(action)
        return action

    def _trap_monster(self, kind: str, player: int, text: str, fields: dict[str, Any]) -> bool:
        """A Trap the engine Special Summons as a monster that the card database does not
        know as one (no ``trap_monster``): the contract has no Trap Monsters, so for the rules
        it leaves its Spell & Trap Zone for the Graveyard, and what it does as a monster
        (attacks, positions) is not judged; its destruction is its move on (docs/edopro.md).
        True when the action is read so. One the database knows (Shade Brigandine) is
        Special Summoned as the monster it is, which the judge honours."""
        cid = fields.get("card")
        if kind == "special_summon" and cid is not None and \
                self.kinds(self.board.pieces[cid].code) == "trap" and \
                not self.trap_monster(self.board.pieces[cid].code):
            self.trap_monsters.add(cid)
            self.note("edopro.trap-monster", f"{self.name(cid)} Special Summoned as a "
                                             f"monster: not judged as one")
            self.emit("move", player, text + " (a Trap Monster: to the GY for the rules)",
                      card=cid, to="graveyard")
            return True
        cards = {cid, fields.get("target")} & self.trap_monsters
        if not cards:
            return False
        if kind == "destroy":
            self.trap_monsters.discard(cid)
            self.emit("move", player, text, card=cid, to="graveyard")
        return True

    def note(self, reading: str, text: str) -> None:
        """A note on the game, at the message being read."""
        self.notes.append((reading, text, f"[T{self.turn} #{self.packets[self.index].number}]"))

    def name(self, cid: str) -> str:
        """A card's name, for the log's words."""
        return self.describe(self.board.pieces[cid].code)

    def card(self, loc: Loc, code: int) -> str:
        """The card at ``loc``; a card leaving a Deck or appearing from nowhere (a token) is
        a new card, one the importer follows from now on."""
        found = self.board.find(loc, code)
        if found is not None:
            return found
        if loc.location in (msg.DECK, 0, msg.EXTRA):
            cid = self.board.new_card(code, loc.controller, token=loc.location == 0)
            if loc.location == msg.EXTRA:
                self.born_in_extra.add(cid)  # in the Extra Deck from the start
                self.board.claim_extra(loc, code, cid)
            return cid
        raise CannotFollow(f"no card {self.describe(code)} at "
                           f"{PLACES.get(loc.location, hex(loc.location))} "
                           f"{loc.sequence} of player {loc.controller + 1}")

    def origin(self, cid: str) -> int:
        """Where a card came from (the location before its last move), or 0."""
        return self.origins.get(cid, 0)

    # set by the importer (replay.py) from the card database
    kinds: Callable[[int], str] = field(default=lambda code: "monster")
    subtype: Callable[[int], str | None] = field(default=lambda code: None)
    one_shot: Callable[[int], bool] = field(default=lambda code: False)
    effects: Callable[[int], list[tuple[str, tuple[str, ...]]]] = field(
        default=lambda code: [])
    set_turn: Callable[[int], tuple[str, ...]] = field(default=lambda code: ())
    #: Which of a card's ``effects`` have a use limit (``once`` or ``shared``), by code.
    limited: Callable[[int], tuple[bool, ...]] = field(default=lambda code: ())
    trap_monster: Callable[[int], bool] = field(default=lambda code: False)
    #: Whether a description's card (its code) is the activated card itself (by name).
    own: Callable[[int, int], bool] = field(default=lambda code, source: True)
    #: Cards that activated an effect granted by another card: the places used from.
    granted: dict[str, set[str]] = field(default_factory=dict)
    origins: dict[str, int] = field(default_factory=dict)
    last_moved: str | None = None
    targets: set[str] = field(default_factory=set)
    equipped: dict[str, str] = field(default_factory=dict)
    born_in_extra: set[str] = field(default_factory=set)
    #: The packets that came right after a refresh of a hand: EDOPro's sign of the prompt.
    after_hands: set[int] = field(default_factory=set)
    #: The activate action whose costs are being paid (its index), its card, and the
    #: activated card's own costs, kept until the chain resolves.
    window: int | None = None
    activating: str | None = None
    deferred: list[dict[str, Any]] = field(default_factory=list)
    chain_open_before: bool = False
    after_summon: list[tuple[str, msg.Move]] = field(default_factory=list)
    #: Spells and Traps face-down in a Spell & Trap Zone (their activation is the card's).
    set_cards: set[str] = field(default_factory=set)
    set_this_turn: set[str] = field(default_factory=set)
    chain_start: int = 0
    turn_start: int = 0
    hoist_at: int = 0
    #: Traps the engine Special Summoned as monsters (the contract has no Trap Monsters).
    trap_monsters: set[str] = field(default_factory=set)
    #: Cards whose last move took them from the face-up Extra Deck (a Pendulum Summon's).
    from_face_up_extra: set[str] = field(default_factory=set)
    start_lp: list[int] = field(default_factory=lambda: [8000, 8000])


#: The handler of each message the importer reads, gathered from the handlers' modules.
HANDLERS: Final[dict[type, Callable[[GameBuilder, Any], None]]] = {
    **turns.HANDLERS, **moves.HANDLERS, **summons.HANDLERS, **chains.HANDLERS,
    **battle.HANDLERS,
}

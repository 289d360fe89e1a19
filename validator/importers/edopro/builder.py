"""The engine's message log read as the actions of a duel document (contract §2, revision 4):
one handler per message the importer reads, the board followed in :mod:`.board`, and what a
summon or a chain gathers over several messages kept here (docs/edopro.md has the table of
every message and what it becomes).

>>> b = GameBuilder([], ("Ann", "Bob"))
>>> b.actions, b.turn
([], 0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from validator.importers.edopro import messages as msg
from validator.importers.edopro.board import (
    FIELD_SEQUENCE,
    Board,
    monster_zone,
    player_of,
    spell_trap_zone,
)
from validator.importers.edopro.messages import Loc, Message
from validator.importers.edopro.yrp import Packet

#: The document's phase of each engine phase the turn enters (the Battle Phase's steps are
#: one phase in the document).
PHASES: Final = {msg.PHASE_DRAW: "draw", msg.PHASE_STANDBY: "standby",
                 msg.PHASE_MAIN1: "main1", msg.PHASE_BATTLE_START: "battle",
                 msg.PHASE_MAIN2: "main2", msg.PHASE_END: "end"}
#: The summon method each material reason says (revision 4 ``method``).
METHODS: Final = ((msg.R_LINK, "link"), (msg.R_XYZ, "xyz"), (msg.R_SYNCHRO, "synchro"),
                  (msg.R_FUSION, "fusion"), (msg.R_RITUAL, "ritual"))
#: Messages that say nothing the document holds: passed over when looking ahead.
QUIET: Final = frozenset({msg.MSG_HINT, msg.MSG_UPDATE_DATA, msg.MSG_UPDATE_CARD,
                          msg.MSG_CARD_HINT, msg.MSG_PLAYER_HINT, msg.MSG_SHUFFLE_DECK,
                          msg.MSG_CONFIRM_CARDS, msg.MSG_CONFIRM_DECKTOP,
                          msg.MSG_BECOME_TARGET, msg.MSG_CARD_SELECTED,
                          msg.MSG_RANDOM_SELECTED, msg.MSG_CARD_TARGET,
                          msg.MSG_FIELD_DISABLED, msg.MSG_ADD_COUNTER,
                          msg.MSG_REMOVE_COUNTER,
                          msg.MSG_SHUFFLE_SET_CARD, msg.MSG_MISSED_EFFECT})
MSG_NAMES: Final = {v: k.removeprefix("MSG_") for k, v in vars(msg).items()
                    if k.startswith("MSG_") and isinstance(v, int)}
#: Positions of the document by the engine's.
POSITIONS: Final = {msg.FACEUP_ATTACK: "attack", msg.FACEUP_DEFENSE: "defense",
                    msg.FACEDOWN_DEFENSE: "facedown_defense", msg.FACEDOWN_ATTACK: "attack"}
#: The ``effects`` place (§1) of each engine location.
PLACE_NAMES: Final = {msg.HAND: "hand", msg.MZONE: "field", msg.SZONE: "field",
                      msg.GRAVE: "graveyard", msg.REMOVED: "banished", msg.EXTRA: "extra"}
#: Places as the engine's log names them, for the words kept in each action's log.
PLACES: Final = {msg.DECK: "Deck", msg.HAND: "hand", msg.MZONE: "Monster Zone",
                 msg.SZONE: "Spell & Trap Zone", msg.GRAVE: "GY", msg.REMOVED: "banishment",
                 msg.EXTRA: "Extra Deck"}


class CannotFollow(ValueError):
    """A message the importer cannot follow: the game is judged up to it."""


@dataclass(slots=True)
class Link:
    """A chain link as the importer keeps it: the card, whether it is a card's activation,
    where the card stood (an ``effects`` place), and its ``activate`` action."""

    card: str
    activation: bool
    place: str = "field"
    action: dict[str, Any] | None = None


@dataclass(slots=True)
class Pending:
    """A summon being gathered: its monsters (id, zone, position, from where), and the
    materials and Tributes that went before it."""

    kind: int
    cards: list[tuple[str, str | None, str, int]] = field(default_factory=list)


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
                    self._close_summon()
                HANDLERS[type(m)](self, m)
            except (CannotFollow, KeyError, IndexError, ValueError) as exc:
                self.stopped = f"import stopped at {self.where()}: " + (
                    str(exc) if isinstance(exc, CannotFollow)
                    else f"the message does not read as the engine writes it "
                         f"({type(exc).__name__})")
                return
        self._close_summon()

    def where(self) -> str:
        """Where the reading is, as a judge finds it: the turn and the message."""
        packet = self.packets[self.index]
        return f"turn {self.turn}, message {packet.number} {MSG_NAMES.get(packet.msg, '?')}"

    def _next(self, start: int) -> Message | None:
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

    # -- turns and phases --------------------------------------------------------------

    def _new_turn(self, m: msg.NewTurn) -> None:
        if self.first_player is None:
            self.first_player = m.player
            self.hands = (list(self.board.hands[0]), list(self.board.hands[1]))
        else:
            if self.phase != "end":
                self.emit("phase", self.turn_player, "the turn ends", to="end")
            self.emit("end_turn", self.turn_player, "the turn ends")
        self.turn += 1
        self.turn_start = len(self.actions)
        self.turn_player = m.player
        self.phase = "draw"
        self.normal_summons = 0
        self.drew = False
        self.draw_phase = False
        self.set_this_turn = set()
        self.attacking = {}

    def _new_phase(self, m: msg.NewPhase) -> None:
        self.window = None
        to = PHASES.get(m.phase)
        if to == "draw":
            self.draw_phase = True
        if to is None or to == self.phase or to == "draw":
            return
        fields: dict[str, Any] = {"to": to}
        if self.phase == "draw" and not self.draw_phase and not self.drew and self.turn > 1:
            fields["by_effect"] = True  # the engine skipped the Draw Phase (Reckless Greed)
        self.phase = to
        self.emit("phase", self.turn_player, f"enters the {to} phase", **fields)

    # -- moves -------------------------------------------------------------------------

    def _move(self, m: msg.Move) -> None:
        old, new = m.old, m.new
        b = self.board
        if (old.location == 0 and new.location == 0) or \
                (old.location == msg.DECK and new.location == msg.DECK):
            return  # nothing, or a card put elsewhere in its Deck: the Deck's order is hidden
        cid = self.card(old, m.code)
        if old.location == 0:  # a token: it appears with its summon
            b.put(cid, new)
            return
        after = self._next(self.index)
        b.lift(cid)
        if new.location == 0:  # a token leaving the field: it ceases to exist, as sent away
            m = msg.Move(m.code, old, Loc(old.controller, msg.GRAVE, 0, msg.FACEUP_ATTACK),
                         m.reason)
            new = m.new
        else:
            b.put(cid, new)
            if old.location == msg.EXTRA and new.location == msg.MZONE and b.waiting:
                b.overlays.setdefault(cid, []).extend(b.waiting)  # its Xyz Materials
                for under in b.waiting:
                    b.where[under] = Loc(new.controller, msg.OVERLAY | msg.MZONE,
                                         new.sequence, 0)
                b.waiting.clear()
        if self._joins_summon(cid, m, after):
            return
        if isinstance(after, (msg.SetCard, msg.Summoning)) and \
                getattr(after, "code", None) in (m.code, 0) and after.loc == new:
            return  # read with its summon or Set
        if isinstance(after, msg.Chaining) and after.loc == new and old.location == msg.HAND \
                and new.location == msg.SZONE:
            return  # a card activated from the hand: placed by its activation
        self._plain_move(cid, m)

    def _joins_summon(self, cid: str, m: msg.Move, after: Message | None) -> bool:
        """A material or Tribute of the summon that follows: kept for it."""
        # a move to the field keeps a stale reason (README: reasons that lie): no material;
        # nor is a card attached under a monster on the field (OVERLAY|MZONE: Zoodiac
        # Whiptail's or Tigermortar's effect), where an Xyz Summon's materials go under the
        # monster still in the Extra Deck (OVERLAY|EXTRA)
        attached = m.new.location & msg.OVERLAY and m.new.location & msg.MZONE
        if m.reason & msg.R_MATERIAL and not m.old.location & msg.OVERLAY and not attached \
                and m.new.location not in (msg.MZONE, msg.SZONE, msg.HAND):
            if m.reason & msg.R_RELEASE and m.reason & msg.R_SUMMON:
                self.tributes.append(cid)
                return True
            if any(m.reason & bit for bit, _ in METHODS):
                self.materials.append((cid, m.reason))
                to_pile = m.new.location == msg.GRAVE or m.new.location & msg.OVERLAY or (
                    m.new.location == msg.EXTRA and m.new.position & msg.FACEUP
                    and m.old.location in (msg.MZONE, msg.SZONE))  # a Pendulum Monster
                if not to_pile:
                    self.after_summon.append((cid, m))  # banished, or back to the Deck
                return True
        # an Xyz Monster's materials going on with it
        return bool(m.old.location & msg.OVERLAY and m.new.location & msg.OVERLAY)

    def _plain_move(self, cid: str, m: msg.Move) -> None:
        old, new, reason = m.old, m.new, m.reason
        player = new.controller if new.location in (msg.MZONE, msg.SZONE) else old.controller
        words = f"{self.name(cid)}: {_place(old.location)} -> {_place(new.location)} " \
                f"(reason {reason:#x})"
        field_ = old.location in (msg.MZONE, msg.SZONE)
        if cid in self.resolved_here and old.location == msg.SZONE:
            self.resolved_here.discard(cid)
            if new.location == msg.GRAVE:
                return  # the document sent it there when its chain resolved
        if old.location & msg.OVERLAY:
            if reason & msg.R_LOST_TARGET and new.location == msg.GRAVE:
                return  # its Xyz Monster left the field: the document sends it
            self._move_to(cid, old.controller, new, words)
            return
        if new.location & msg.OVERLAY:
            holder = self.board.zones.get((new.controller & 1, msg.MZONE, new.sequence))
            if holder is None:
                raise CannotFollow("a material attached under no monster the importer sees")
            self.emit("move", new.controller, words, card=cid, to="material", target=holder)
            return
        if old.location == msg.SZONE and reason & msg.R_LOST_TARGET and \
                new.location == msg.GRAVE and self.equipped.get(cid) in (
                    {*self.tributes} | {c for c, _ in self.materials}):
            # an Equip whose monster is a Tribute or material of the summon that follows:
            # the document sends it to the GY when its monster leaves, with that summon
            # (Saqlifice, equipped to the Tribute it lets count as 2)
            del self.equipped[cid]
            return
        if field_ and reason & msg.R_DESTROY and not reason & msg.R_LOST_TARGET and (
                new.location == msg.GRAVE or (new.location == msg.EXTRA and new.position
                                              & msg.FACEUP)):
            self.emit("destroy", old.controller, words, card=cid)
            return
        if old.location == msg.HAND and new.location == msg.GRAVE and reason & msg.R_DISCARD:
            hand_limit = self.phase == "end" and bool(reason & msg.R_RULE) and not self.solving
            self.emit("discard", old.controller, words, card=cid, by_effect=not hand_limit)
            return
        if new.location == msg.MZONE:
            if old.location == msg.MZONE:
                if (old.controller & 1) != (new.controller & 1):
                    self.emit("take_control", new.controller, words, card=cid,
                              zone=monster_zone(new.controller, new.sequence))
                elif old.sequence != new.sequence:
                    self.emit("move", new.controller, words, card=cid, to="monster_zone",
                              zone=monster_zone(new.controller, new.sequence))
                return
            # a banished monster moved onto the field with no Special Summon message returns
            # (S:P Little Knight's at the End Phase): it is not Summoned (the extension
            # ``returned``, docs/format.md); from elsewhere it is read as a Special Summon
            self.emit("special_summon", new.controller, words, card=cid,
                      position=POSITIONS.get(new.position, "attack"),
                      zone=monster_zone(new.controller, new.sequence),
                      **({"returned": True} if old.location == msg.REMOVED else {}))
            return
        if new.location == msg.SZONE and old.location == msg.SZONE and \
                (old.controller & 1) == (new.controller & 1):
            if old.sequence != new.sequence and new.sequence != FIELD_SEQUENCE:
                self.emit("move", new.controller, words, card=cid, to="spell_trap",
                          zone=spell_trap_zone(new.sequence))
            return
        self._move_to(cid, player, new, words)

    def _move_to(self, cid: str, player: int, new: Loc, words: str) -> None:
        """A ``move`` of ``cid`` to where ``new`` is."""
        base = new.location
        if base == msg.SZONE:
            fields: dict[str, Any] = {"to": "spell_trap"}
            zone = spell_trap_zone(new.sequence)
            if zone is not None:
                fields["zone"] = zone
            if new.position & msg.FACEDOWN:
                fields["face_down"] = True
            self.emit("move", new.controller, words, card=cid, **fields)
        elif base == msg.EXTRA:
            extra: dict[str, Any] = {"face_up": True} if new.position & msg.FACEUP else {}
            self.emit("move", player, words, card=cid, to="extra", **extra)
        else:
            to = {msg.GRAVE: "graveyard", msg.HAND: "hand", msg.DECK: "deck",
                  msg.REMOVED: "banished"}.get(base)
            if to is None:
                raise CannotFollow(f"a move to a place the document has not ({base:#x})")
            self.emit("move", player, words, card=cid, to=to)

    # -- summons and Sets --------------------------------------------------------------

    def _summoning(self, m: msg.Summoning) -> None:
        cid = self.board.find(m.loc, m.code)
        if cid is None:
            raise CannotFollow(f"a summon of {self.describe(m.code)} where the importer "
                               f"sees no card")
        if self.summon is not None and self.summon.kind != m.msg:
            self._close_summon()
        if self.summon is None:
            self.summon = Pending(m.msg)
        origin = self._origin(cid)
        self.summon.cards.append((cid, monster_zone(m.loc.controller, m.loc.sequence),
                                  POSITIONS.get(m.loc.position, "attack"), origin))

    def _origin(self, cid: str) -> int:
        """Where the summoned card came from (the location before its last move), or 0."""
        return self.origins.get(cid, 0)

    def _summoned(self, m: msg.Summoned) -> None:
        self._close_summon()

    def _close_summon(self) -> None:
        pending, self.summon = self.summon, None
        if pending is None:
            if (self.materials or self.tributes) and not self.summon_follows():
                self._materials_unused()
            return
        controller = self.board.where[pending.cards[0][0]].controller
        tributes, self.tributes = self.tributes, []
        materials, self.materials = self.materials, []
        if pending.kind == msg.MSG_FLIPSUMMONING:
            for cid, *_ in pending.cards:
                self.emit("flip_summon", controller, f"Flip Summons {self.name(cid)}", card=cid)
                self.last_flip = (cid, self.index)
            return
        if pending.kind == msg.MSG_SUMMONING:
            cid, zone, _, _ = pending.cards[0]
            granted = self.normal_summons >= 1 or controller != self.turn_player
            self.normal_summons += 1
            fields: dict[str, Any] = {"card": cid, "tributes": tributes}
            if zone is not None and self.board.where[cid].location == msg.MZONE:
                fields["zone"] = zone
            if granted:
                fields["by_effect"] = True
            self.emit("normal_summon", controller, f"Normal Summons {self.name(cid)}", **fields)
            return
        procedure = [(cid, msg.R_RELEASE) for cid in tributes]  # Tributed by a procedure
        self._special(pending, controller, materials + procedure)
        after, self.after_summon = self.after_summon, []
        for cid, move in after:  # used as material, then sent on (banished, shuffled)
            self._plain_move(cid, move)

    def summon_follows(self) -> bool:
        """Whether the materials gathered so far still wait for their summon (the next
        message that says something is a move or a summon)."""
        after = self._next(self.index - 1)
        return isinstance(after, (msg.Move, msg.Summoning))

    def _materials_unused(self) -> None:
        """Materials no summon followed (sent as material by an effect): plain moves."""
        materials, self.materials = self.materials, []
        materials += [(cid, msg.R_RELEASE) for cid in self.tributes]
        self.tributes = []
        after, self.after_summon = self.after_summon, []
        moved = {cid for cid, _ in after}
        for cid, _ in materials:
            if cid in moved:
                continue
            where = self.board.where.get(cid)
            if where is not None:
                self.emit("move", where.controller, f"{self.name(cid)} used as material",
                          card=cid, to="graveyard" if where.location == msg.GRAVE else
                          "banished" if where.location == msg.REMOVED else "graveyard")
        for cid, move in after:
            self._plain_move(cid, move)

    def _special(self, pending: Pending, controller: int,
                 materials: list[tuple[str, int]]) -> None:
        cards = pending.cards
        if self._pendulum(cards, controller, materials):
            self.emit("pendulum_summon", controller,
                      "Pendulum Summons " + ", ".join(self.name(c) for c, *_ in cards),
                      cards=[c for c, *_ in cards], zones=[z for _, z, _, _ in cards],
                      positions=[p for _, _, p, _ in cards])
            return
        method = None
        if materials:
            reasons = 0
            for _, reason in materials:
                reasons |= reason
            method = next((name for bit, name in METHODS if reasons & bit), "procedure")
            if method != "xyz" and {c for c, _ in materials} & self.trap_monsters:
                materials = self._trap_monster_materials(cards[0][0], materials)
        elif not self.solving and len(cards) == 1:
            method = "procedure"
        for n, (cid, zone, position, _) in enumerate(cards):
            fields: dict[str, Any] = {"card": cid, "position": position}
            if zone is not None:
                fields["zone"] = zone
            if method is not None and n == 0:
                fields["method"] = method
                if materials:  # a card the log moves twice (to the GY, then on) is one
                    fields["materials"] = list(dict.fromkeys(c for c, _ in materials))
            words = f"Special Summons {self.name(cid)}" + (f" ({method})" if method else "")
            where = self.board.where.get(cid)
            owner = where.controller if where else controller
            summoner = self._summoner() if method is None else None
            if summoner is not None and summoner != player_of(owner):
                fields["summoner"] = summoner  # the other player's effect (docs/edopro.md)
            self.emit("special_summon", owner, words, **fields)

    def _summoner(self) -> str | None:
        """The player whose effect is resolving (the chain link the engine resolves: its
        activation's player), who Special Summons what it puts on the field; None outside a
        resolution."""
        if not self.solving or not 0 < self.solving_link <= len(self.chain):
            return None
        action = self.chain[self.solving_link - 1].action
        player = None if action is None else action.get("player")
        return player if isinstance(player, str) else None

    def _trap_monster_materials(self, summoned: str,
                                materials: list[tuple[str, int]]) -> list[tuple[str, int]]:
        """A Summon with a Trap Monster among its materials: the document holds the Trap in
        the GY already (the contract has no Trap Monsters), so the Summon names no materials
        (none judged) and the others leave the field as plain moves, as the log moves them."""
        self.note("edopro.trap-monster", f"{self.name(summoned)} Special Summoned with a Trap "
                                         f"Monster among its materials: none named")
        for cid in dict.fromkeys(c for c, _ in materials if c not in self.trap_monsters):
            where = self.board.where.get(cid)
            if where is not None:
                self.emit("move", where.controller, f"{self.name(cid)} used as material",
                          card=cid, to="banished" if where.location == msg.REMOVED
                          else "graveyard")
        return []

    def _pendulum(self, cards: list[tuple[str, str | None, str, int]], controller: int,
                  materials: list[tuple[str, int]]) -> bool:
        """A Pendulum Summon: outside a chain, no materials, every monster from the hand or
        the face-up Extra Deck (a monster from the face-down one is Summoned by its own
        procedure: Thunder Dragon Colossus), while its player has two Pendulum Scales."""
        if self.solving or materials or self.chain:
            return False
        if not all(origin == msg.HAND or (origin == msg.EXTRA and cid in
                                          self.from_face_up_extra)
                   for cid, *_, origin in cards):
            return False
        scales = [self.board.zones.get((controller & 1, msg.SZONE, s)) for s in (0, 4)]
        if not all(scales):
            return False
        if len(cards) == 1 and cards[0][3] == msg.HAND:
            return self._previous_selected()
        return True

    def _previous_selected(self) -> bool:
        """Whether a card selection (MSG_CARD_SELECTED) came just before this summon's
        moves: the engine's sign of a Pendulum Summon's choice."""
        for j in range(self.index, max(self.index - 40, -1), -1):
            packet = self.packets[j].msg
            if packet == msg.MSG_CARD_SELECTED:
                return True
            if packet in (msg.MSG_CHAIN_END, msg.MSG_NEW_PHASE, msg.MSG_SUMMONED,
                          msg.MSG_SPSUMMONED):
                return False
        return False

    def _set(self, m: msg.SetCard) -> None:
        cid = self.board.find(m.loc, m.code)
        if cid is None:
            raise CannotFollow("a Set card the importer does not see")
        origin = self._origin(cid)
        self.last_moved = None
        player = m.loc.controller
        if m.loc.location == msg.MZONE:
            tributes, self.tributes = self.tributes, []
            if origin == msg.HAND and not self.solving:
                fields: dict[str, Any] = {"card": cid, "tributes": tributes,
                                          "zone": monster_zone(player, m.loc.sequence)}
                if self.normal_summons >= 1 or player != self.turn_player:
                    fields["by_effect"] = True
                self.normal_summons += 1
                self.emit("set_monster", player, f"Sets {self.name(cid)}", **fields)
            else:
                self.emit("special_summon", player, f"{self.name(cid)} face-down",
                          card=cid, position="facedown_defense",
                          zone=monster_zone(player, m.loc.sequence))
            return
        if origin == msg.HAND and not self.solving:
            zone = spell_trap_zone(m.loc.sequence)
            fields = {"card": cid, **({"zone": zone} if zone else {})}
            self.emit("set_spell_trap", player, f"Sets {self.name(cid)}", **fields)
            return
        zone = spell_trap_zone(m.loc.sequence)
        self.emit("move", player, f"{self.name(cid)} Set by an effect", card=cid,
                  to="spell_trap", face_down=True, **({"zone": zone} if zone else {}))

    # -- chains ------------------------------------------------------------------------

    def _chaining(self, m: msg.Chaining) -> None:
        if not self.chain:
            self.chain_start = self.hoist_at = len(self.actions)  # where a new chain begins
        cid = self.board.find(m.loc, m.code)
        if cid is None:
            raise CannotFollow(f"an activation of {self.describe(m.code)} where the importer "
                               f"sees no card")
        piece = self.board.pieces[cid]
        kind = self.kinds(piece.code)
        if m.location and m.location != m.loc.location:
            self._cost_paid_first(cid)
        origin = self._origin(cid)
        from_hand = origin == msg.HAND and self.moved_last(cid)
        activation = m.location == msg.SZONE and (
            (kind in ("spell", "trap") and (cid in self.set_cards or from_hand))
            or (kind == "pendulum" and from_hand))  # else an effect of a face-up card
        self.set_cards.discard(cid)
        if activation and cid in self.set_this_turn and (
                kind == "trap" or self.subtype(piece.code) == "quick_play"):
            self._set_turn_allowed(cid, m)  # a Normal Spell may be activated at once
        fields: dict[str, Any] = {"card": cid}
        if m.link > 1:
            fields["respond"] = True
        if activation and from_hand and m.loc.sequence != FIELD_SEQUENCE:
            zone = spell_trap_zone(m.loc.sequence)
            if zone:
                fields["zone"] = zone
        target = self._equip_target(m) if activation else None
        if target is not None:
            fields["target"] = target
        self.chain_open_before = bool(self.chain)
        place = PLACE_NAMES.get(m.location or m.loc.location, "field")
        if self.chain and not activation:
            self._simultaneous(cid, place, fields)
        if not activation:
            self._granted(cid, m.description, place, fields)
        self.chain.append(Link(cid, activation, place))
        self.window = None
        self.emit("activate", m.controller, f"activates {self.name(cid)} (chain link "
                                            f"{m.link}, description {m.description})", **fields)
        self.window, self.activating = len(self.actions) - 1, cid
        self.chain[-1].action = self.actions[-1]

    def _simultaneous(self, cid: str, place: str, fields: dict[str, Any]) -> None:
        """A later link of Spell Speed 1 (the card has no quick effect usable where it
        stands, only a trigger effect): trigger effects put on one chain together (SEGOC).
        It, and each link below it, is marked as the card's trigger effect (revision 4
        ``effect``) where the card has one, so that the judge sees the chain the engine
        built (docs/edopro.md)."""
        kinds = self.effects(self.board.pieces[cid].code)
        usable = [(i, kind) for i, (kind, places) in enumerate(kinds) if place in places]
        if not usable or any(kind == "quick" for _, kind in usable):
            return
        trigger = self._least_limited(cid, [i for i, kind in usable if kind == "trigger"])
        if trigger is None:
            return
        fields["effect"] = trigger
        for link in self.chain:
            if link.activation or link.action is None or "effect" in link.action:
                continue
            below = self.effects(self.board.pieces[link.card].code)
            index = self._least_limited(link.card, [
                i for i, (kind, places) in enumerate(below)
                if kind == "trigger" and link.place in places])
            if index is not None:
                link.action["effect"] = index

    def _least_limited(self, cid: str, triggers: list[int]) -> int | None:
        """Of a card's trigger effects usable where it stands, the one a chain link of
        simultaneous triggers is marked with: the engine's description (a string index of the
        card's script) does not say which entry of ``effects`` it is, so the first without a
        once-per-turn limit, else the first (the reading that flags least, §8: Kashtira
        Shangri-Ira's unlimited banish trigger, not its once-per-turn Standby Phase one)."""
        limited = self.limited(self.board.pieces[cid].code)
        return min(triggers, key=lambda i: i < len(limited) and limited[i], default=None)

    def _granted(self, cid: str, description: int, place: str, fields: dict[str, Any]) -> None:
        """An effect the card has from another card (a Zoodiac Xyz material's, an Equip's):
        the engine's description of the activation is a string of that other card's
        (``code << 20 | n``). It is none of the card's own ``effects``: the activation names
        the card's granted entry, which the document adds after them, without a limit
        (docs/edopro.md)."""
        piece = self.board.pieces[cid]
        source = description >> 20
        if not source or self.own(piece.code, source):
            return
        fields["effect"] = len(self.effects(piece.code))
        self.granted.setdefault(cid, set()).add(place)
        self.note("edopro.granted-effect", f"{self.name(cid)} activates an effect that "
                                           f"{self.describe(source)} grants it")

    def _cost_paid_first(self, cid: str) -> None:
        """The card left the place it was activated from before the engine wrote its
        activation (Wonder Wand sent to the GY as the cost of its own effect): its move waits
        until the chain resolves, so that the activation is judged where the card stood."""
        for n in range(len(self.actions) - 1, max(self.chain_start, len(self.actions) - 8) - 1,
                       -1):
            action = self.actions[n]
            if action.get("card") == cid and action["type"] in ("move", "discard", "destroy"):
                self.deferred.append(self.actions.pop(n))
                return

    def _set_turn_allowed(self, cid: str, m: msg.Chaining) -> bool:
        """A Trap or Quick-Play Spell activated the turn it was Set, as a card's text allows
        (the card database's ``set_turn``: the card itself, or a face-up card of its player
        that covers it): activated as it is, which the judge allows by that card's
        ``set_turn`` (a document extension), noted (docs/edopro.md). True when a card allows
        it."""
        code = self.board.pieces[cid].code
        why = None
        if "itself" in self.set_turn(code):
            why = "its own text"
        else:
            for (side, _, _), other in self.board.zones.items():
                if side == m.loc.controller & 1 and other != cid and \
                        "field" in self.set_turn(self.board.pieces[other].code) and \
                        self.board.where[other].position & msg.FACEUP:
                    why = f"{self.name(other)}"
                    break
        if why is None:
            return False
        self.note("edopro.set-turn-by-card", f"{self.name(cid)} activated the turn it was "
                                             f"Set, as {why} allows")
        return True

    def moved_last(self, cid: str) -> bool:
        """Whether ``cid`` moved with the last move read (an activation from the hand)."""
        return self.last_moved == cid

    def _equip_target(self, m: msg.Chaining) -> str | None:
        """The monster an Equip Spell activated now equips: the target the engine names
        before the link is chained, else the monster the EQUIP message of its resolution
        names."""
        piece = self.board.zones.get((m.loc.controller & 1, msg.SZONE, m.loc.sequence))
        if piece is None or self.subtype(self.board.pieces[piece].code) != "equip":
            return None
        for j in range(self.index + 1, len(self.packets)):
            packet = self.packets[j]
            if packet.msg == msg.MSG_BECOME_TARGET:
                from validator.importers.edopro.yrp import Reader

                r = Reader(packet.data)
                if r.u32() >= 1:
                    loc = msg.loc(r)
                    return self.board.find(loc, 0)
            if packet.msg in (msg.MSG_CHAINED, msg.MSG_CHAIN_END):
                break
        return None

    def _chain_event(self, m: msg.ChainEvent) -> None:
        self.window = None  # the activation is chained (or the chain resolves): no cost
        if m.msg == msg.MSG_CHAIN_NEGATED and 0 < m.link <= len(self.chain):
            negated = self.chain[m.link - 1].action  # its activation negated (not its effect)
            if negated is not None:
                negated["negated"] = True
        if m.msg == msg.MSG_CHAIN_SOLVING:
            self.solving_link = m.link
        if m.msg == msg.MSG_CHAIN_SOLVING and not self.solving:
            self.solving = True
            for link in self.chain:
                if link.activation and self.one_shot(self.board.pieces[link.card].code):
                    self.resolved_here.add(link.card)
            self.emit("resolve", self.turn_player, "the chain resolves")
            self._flush_deferred()

    def _flush_deferred(self) -> None:
        deferred, self.deferred = self.deferred, []
        self.actions.extend(deferred)

    def _chain_end(self, m: msg.ChainEnd) -> None:
        self.window = None
        self._flush_deferred()
        self.chain = []
        self.solving = False
        self.solving_link = 0

    # -- the rest ----------------------------------------------------------------------

    def _pos_change(self, m: msg.PosChange) -> None:
        if m.location != msg.MZONE:
            return  # a Set Spell or Trap turned face-up: its activation follows
        cid = self.board.zones.get((m.controller & 1, msg.MZONE, m.sequence))
        if cid is None:
            raise CannotFollow("a position change of a monster the importer does not see")
        after = self._next(self.index)
        if isinstance(after, msg.Summoning) and after.msg == msg.MSG_FLIPSUMMONING and \
                after.loc.sequence == m.sequence and after.loc.controller == m.controller:
            return  # the Flip Summon that follows turns it
        if self.last_flip is not None and self.last_flip[0] == cid and \
                m.new == msg.FACEUP_ATTACK and self.index - self.last_flip[1] <= 2:
            self.last_flip = None
            return  # the Flip Summon just read turned it
        if self.phase == "battle" and m.old & msg.FACEDOWN and m.new == msg.FACEUP_DEFENSE \
                and cid in self.targets:
            return  # an attacked face-down monster: the attack turned it face-up
        to = POSITIONS.get(m.new, "attack")
        by_effect = self.solving or self.phase not in ("main1", "main2") or \
            to == "facedown_defense" or m.controller != self.turn_player or \
            not self.after_idle_prompt()
        fields: dict[str, Any] = {"card": cid, "to": to}
        if by_effect:
            fields["by_effect"] = True
        self.emit("change_position", m.controller, f"{self.name(cid)} to {to}", **fields)

    def after_idle_prompt(self) -> bool:
        """Whether the message being read is a player's own choice at the engine's idle
        prompt: EDOPro writes the refresh of both hands just before that prompt (which it
        does not record), and nothing between the prompt and what was chosen. A position
        changed without that refresh before it is an effect's (docs/edopro.md)."""
        return self.index in self.after_hands

    def _draw(self, m: msg.Draw) -> None:
        for code in m.codes:
            cid = self.card(Loc(m.player, msg.DECK, 0, 0), code)
            self.board.lift(cid)
            self.board.put(cid, Loc(m.player, msg.HAND, len(self.board.hands[m.player & 1]), 0))
            if self.first_player is None:
                continue  # the opening hand
            normal = self.phase == "draw" and not self.solving and not self.drew and \
                m.player == self.turn_player
            fields: dict[str, Any] = {"card": cid}
            if normal:
                self.drew = True
            else:
                fields["by_effect"] = True
            self.emit("draw", m.player, f"draws {self.name(cid)}", **fields)

    def _life_points(self, m: msg.LifePoints) -> None:
        p = m.player & 1
        amount = m.amount
        if m.msg == msg.MSG_LPUPDATE:
            amount = m.amount - self.lp[p]
            if amount == 0:
                return
            kind = "gain_lp" if amount > 0 else "damage"
            amount = abs(amount)
        else:
            kind = "gain_lp" if m.msg == msg.MSG_RECOVER else "damage"
        if amount <= 0:
            return
        self.lp[p] += amount if kind == "gain_lp" else -amount
        self.emit(kind, m.player, f"{'gains' if kind == 'gain_lp' else 'loses'} {amount} LP",
                  amount=amount)

    def _attack(self, m: msg.Attack) -> None:
        attacker = self.board.zones.get((m.attacker.controller & 1, msg.MZONE,
                                         m.attacker.sequence))
        if attacker is None:
            raise CannotFollow("an attack by a monster the importer does not see")
        target = None
        if m.target is not None:
            target = self.board.zones.get((m.target.controller & 1, msg.MZONE,
                                           m.target.sequence))
            if target is not None:
                self.targets.add(target)
        fields: dict[str, Any] = {"card": attacker, "target": target}
        state = self.attacking.get(attacker)
        if state is True:
            fields["replay"] = True  # declared again before its battle: a replay
        elif state is False:
            fields["by_effect"] = True  # a further attack
        self.attacking[attacker] = True
        self.emit("declare_attack", m.attacker.controller,
                  f"{self.name(attacker)} attacks " +
                  (self.name(target) if target else "directly"), **fields)

    def _battle(self, m: msg.Battle | msg.AttackDisabled) -> None:
        for attacker, open_ in self.attacking.items():
            if open_:
                self.attacking[attacker] = False

    def _equip(self, m: msg.Equip) -> None:
        equip = self.board.find(m.equip, 0)
        target = self.board.find(m.target, 0)
        if equip is None or target is None:
            return
        if self.equipped.get(equip) == target:
            return
        self.equipped[equip] = target
        fields: dict[str, Any] = {"card": equip, "to": "spell_trap", "target": target}
        self.emit("move", m.equip.controller, f"{self.name(equip)} equipped to "
                                              f"{self.name(target)}", **fields)

    def _swap(self, m: msg.Swap) -> None:
        a = self.board.find(m.loc1, m.code1)
        c = self.board.find(m.loc2, m.code2)
        if a is None or c is None:
            raise CannotFollow("a swap of monsters the importer does not see")
        self.board.lift(a)
        self.board.lift(c)
        self.board.put(a, m.loc2)
        self.board.put(c, m.loc1)
        self.emit("take_control", m.loc2.controller, f"{self.name(a)} changes control",
                  card=a)
        self.emit("take_control", m.loc1.controller, f"{self.name(c)} changes control",
                  card=c)

    def _shuffle_hand(self, m: msg.ShuffleHand) -> None:
        hand = self.board.hands[m.player & 1]
        pool = list(hand)
        order = []
        for code in m.codes:
            found = next((cid for cid in pool if self.board.pieces[cid].code == code), None)
            if found is None:
                return
            pool.remove(found)
            order.append(found)
        hand[:] = order + pool

    def _shuffle_extra(self, m: msg.ShuffleExtra) -> None:
        self.board.shuffle_extra(m.player & 1, m.codes)

    def _win(self, m: msg.Win) -> None:
        self.over = True
        loser = 1 - m.player if m.player in (0, 1) else None
        if m.reason == 0 and loser is not None:
            self.note("edopro.surrender", f"{self.names[loser]} surrendered")
            self.emit("surrender", loser, "surrenders")
        elif m.reason == 2 and loser is not None and \
                loser == self.turn_player and self.phase == "draw" and not self.drew:
            # a turn that begins with an empty Deck: the document's duel ends there itself
            dropped = len(self.actions) - self.turn_start
            if dropped:
                del self.actions[self.turn_start:]
                self.note("edopro.tcg-differs", f"the engine let {dropped} action(s) be taken "
                                                f"at the start of the Draw Phase of a player "
                                                f"with an empty Deck; in the TCG that player "
                                                f"loses as the turn begins: not imported")
        elif m.reason == 2 and loser is not None:
            self.emit("draw", loser, "must draw from an empty Deck", by_effect=True)
        elif m.reason not in (1, 2):
            who = self.names[m.player] if m.player in (0, 1) else "nobody (a draw)"
            self.note("edopro.win-by-effect", f"the engine ended the duel (reason "
                                              f"{m.reason}): {who} won")

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


def _place(location: int) -> str:
    """Where a move's end stands, in words (an Xyz Material is under a monster).

    >>> _place(msg.GRAVE), _place(msg.OVERLAY | msg.MZONE)
    ('GY', 'Xyz Material')
    """
    if location & msg.OVERLAY:
        return "Xyz Material"
    return PLACES.get(location & 0x7F, "?")


def _tracked_move(b: GameBuilder, m: msg.Move) -> None:
    """A move: where the card came from is kept (a summon or an activation asks)."""
    found = b.board.find(m.old, m.code) if m.old.location else None
    b._move(m)
    cid = found or b.board.find(m.new, m.code)
    if cid is not None and m.old.location == msg.MZONE and m.new.location != msg.MZONE:
        b.attacking.pop(cid, None)  # a card that leaves the field and comes back is new
    if cid is not None:
        if m.new.location == msg.SZONE and m.new.position & msg.FACEDOWN:
            b.set_cards.add(cid)
            b.set_this_turn.add(cid)
        else:
            b.set_cards.discard(cid)
        b.origins[cid] = m.old.location
        if m.old.location == msg.EXTRA and m.old.position & msg.FACEUP:
            b.from_face_up_extra.add(cid)
        else:
            b.from_face_up_extra.discard(cid)
        b.last_moved = cid


HANDLERS: Final[dict[type, Callable[[GameBuilder, Any], None]]] = {
    msg.NewTurn: GameBuilder._new_turn, msg.NewPhase: GameBuilder._new_phase,
    msg.Move: _tracked_move, msg.Summoning: GameBuilder._summoning,
    msg.Summoned: GameBuilder._summoned, msg.SetCard: GameBuilder._set,
    msg.Chaining: GameBuilder._chaining, msg.ChainEvent: GameBuilder._chain_event,
    msg.ChainEnd: GameBuilder._chain_end, msg.PosChange: GameBuilder._pos_change,
    msg.Draw: GameBuilder._draw, msg.LifePoints: GameBuilder._life_points,
    msg.Attack: GameBuilder._attack, msg.Battle: GameBuilder._battle,
    msg.AttackDisabled: GameBuilder._battle, msg.Equip: GameBuilder._equip,
    msg.Swap: GameBuilder._swap, msg.ShuffleHand: GameBuilder._shuffle_hand,
    msg.Win: GameBuilder._win, msg.ShuffleExtra: GameBuilder._shuffle_extra,
}

"""One game of a replay becoming a duel document: actions with their plays, the turn and its
phases as the log implies them, rewinds, and the notes a judge reads (docs/duelingbook.md)."""

from __future__ import annotations

from typing import Any

from ..model import Player, other
from . import logtext, phases
from .cardtext import CardTextError, Reading, definition, read
from .game import (
    CANONICAL,
    GAME_BOUNDARIES,
    QUIET,
    CannotFollow,
    Declaration,
    Game,
    Play,
    Snapshot,
    canonical,
    stamp,
    texts,
    where_said,
)
from .tracker import Board, Spot, is_monster_zone, is_zone

#: Card name -> its duel-format definition and whether its text told its effect kind (None:
#: no card object; the error: no card of the format). One per replay, shared by its games.
Defined = dict[str, "tuple[dict[str, Any], bool] | CardTextError | None"]


class GameBuilder:
    """Turns one game's plays into actions, following every card where it stands."""

    def __init__(self, number: int, order: list[str], plays: list[Play],
                 objects: dict[str, dict[str, Any]], deck_sizes: dict[str, int],
                 fmt: str | None, defined: Defined | None = None) -> None:
        self.users: dict[str, Player] = {order[0]: "p1", order[1]: "p2"}
        self.game = Game(number, {"p1": order[0], "p2": order[1]}, {}, format=fmt)
        self.plays = plays
        self.objects = objects
        self.deck_sizes = {self.users[u]: n for u, n in deck_sizes.items() if u in self.users}
        self.board = Board()
        self._defined: Defined = {} if defined is None else defined  # shared by the replay
        self.documented: dict[tuple[str, Player], dict[str, Any]] = {}
        self.untimed: list[dict[str, Any]] = []  # activations whose timing went unchecked
        self._logged: tuple[Play | None, dict[str, Any]] = (None, {})
        self.actions: list[dict[str, Any]] = []
        self.turn, self.phase, self.drew = 1, "draw", False
        self.turn_player: Player = "p1"
        self.over = False
        self.cursor = 0
        self.kind = ""  # the current play's kind under its current name (canonical())
        self.consumed: set[int] = set()
        self.lp: dict[Player, int] = {"p1": 8000, "p2": 8000}
        self.hands: dict[Player, list[str]] = {"p1": [], "p2": []}
        self.sends: list[tuple[int, str]] = []  # (action index, monster) sent off the field
        self.recent: list[tuple[int, Player, str]] = []  # (play index, player, card) effects
        self.declared: dict[str, Declaration] = {}
        self.last_declared: dict[Player, str] = {}
        self.skips: dict[Player, list[str]] = {"p1": [], "p2": []}  # cards skipping draws
        self.snapshots: list[Snapshot] = []
        self.pending: dict[str, Spot] = {}  # cards a rewind left where the engine does not
        self.signs: dict[str, str] = {}  # rules classic does not model, and where seen
        self.set_this_turn: set[str] = set()
        self.graveyard_from: dict[str, Player] = {}  # who controlled a monster sent away
        self.staged: dict[str, Spot | None] = {}  # monsters placed in an S/T Zone to summon
        self.attack_flipped: set[str] = set()  # face-down targets the engine flipped up
        self.ending: Play | None = None  # "Ended turn" seen; the turn passes at "Start turn"
        self.effect_since_end = False

    # -- cards --------------------------------------------------------------------------
    def reading(self, cid: str) -> Reading:
        """What the card's text tells (nothing for a card whose name the log hides)."""
        name = self.board.name(cid)
        obj = self.objects.get(name or "")
        return read(str(obj.get("effect") or "")) if obj else Reading()

    def card_object(self, cid: str) -> dict[str, Any]:
        """The Duelingbook card object that describes the card (empty when none does)."""
        return self.objects.get(self.board.name(cid) or "") or {}

    def defined(self, name: str | None) -> tuple[dict[str, Any], bool] | None:
        """The duel-format card a name's card object gives, and whether its text told its
        effect kind (None when no object describes it; :class:`CardTextError` when it is no
        card of the format). Read once per name."""
        if name is None:
            return None
        if name not in self._defined:
            obj = self.objects.get(name)
            try:
                self._defined[name] = definition(obj) if obj else None
            except CardTextError as exc:
                self._defined[name] = exc
        found = self._defined[name]
        if isinstance(found, CardTextError):
            raise found
        return found

    def effect_kind(self, cid: str) -> str:
        """The kind of the card's own effect, as its text reads."""
        try:
            found = self.defined(self.board.name(cid))
        except CardTextError:
            return "quick"
        return str(found[0].get("effect", "none")) if found else "quick"

    def unchecked_timing(self, cid: str) -> bool:
        """True when the card's text does not say when its effect may be used."""
        try:
            found = self.defined(self.board.name(cid))
        except CardTextError:
            return False
        return found is not None and not found[1]

    def definition_level(self, cid: str) -> int:
        """A monster's Level (4 for one the log does not name)."""
        obj = self.card_object(cid)
        try:
            return int(obj.get("level") or 4) if obj else 4
        except (TypeError, ValueError):
            return 4

    def unflip(self, play: Play, cid: str) -> None:
        """A face-down monster attacked (the engine turned it face-up then) that the log
        still shows face-down: the battle never reached damage, so it stays face-down."""
        if cid not in self.attack_flipped:
            return
        self.attack_flipped.discard(cid)
        if self.board.position(cid) != "facedown_defense":
            return
        side = self.board.where[cid].side
        self.emit(play, "change_position", side, card=cid, to="facedown_defense",
                  by_effect=True, note="the attack on it never reached damage (the log never "
                                       "flips it): it stays face-down")

    def finish(self, play: Play, why: str | None) -> None:
        """The game is over: later plays are not imported."""
        self.over = True
        if why:
            self.note(play, why)

    def new_card(self, name: str | None, owner: Player, obj: Any = None) -> str:
        """A new card id for a copy of ``name`` (None: a card the log does not name)."""
        if isinstance(obj, dict) and obj.get("name") == name and name is not None:
            self.objects.setdefault(name, obj)
        return self.board.new_card(name, owner, {})

    def label(self, cid: str) -> str:
        """A card as notes name it."""
        return self.board.name(cid) or "a card the log does not name"


    def find(self, play: Play, player: Player, text: str, *, key: str = "id",
             name: str | None = None, zone: str | None = None, side: Player | None = None,
             pile: str | None = None, named: bool = True) -> str:
        """The card a play is about: by Duelingbook's object id, else by the zone the log
        names (``zone`` says which; ``""`` when the card stands in no zone), else by name in
        the pile it names (a new card when the log shows it first). ``named=False``: the log
        hides the card's name ("Set card").

        Raises :class:`CannotFollow` when the log names a zone where no such card stands.
        """
        oid = play.get(key)
        cid = self.board.by_object(oid)
        if cid is not None and named:  # the usual case: an id this game knows, and its name
            known = self.board.cards[cid].get("name")
            if known is not None and (name == known or (name is None and f'"{known}"' in text)):
                return cid
        if name is None and named:  # the card object's name first: names may hold quotes
            shown = logtext.object_name(play)
            name = shown if shown and f'"{shown}"' in text else \
                logtext.name_in(text) or shown
        if name == "Set card" or (name and name.startswith("Set ")):
            name = None
        if cid is not None and name not in (None, self.board.name(cid)) and \
                self.board.name(cid) is not None:
            cid = None  # an id from another numbering: trust the text
        written = (zone or None) if zone is not None else logtext.zone_in(text)
        if cid is None and written is not None:
            at_side, spot = Board.zone(side or player, written) if side is None \
                else (side, written)
            found = self.board.at(at_side, spot)
            if found is not None and name not in (None, self.board.name(found)) and \
                    self.board.name(found) is not None:
                found = None
            if found is None and name is not None:
                found = self.on_field_named(name)
            if found is None:
                raise CannotFollow(f"the log names {name or 'a card'} in {written}, where the "
                                   f"import has {self.label_at(at_side, spot)}")
            cid = found
        if cid is None:
            where = pile or logtext.source_pile(text) or "hand"
            cid = (self.board.find(player, name, where) or
                   self.board.find(other(player), name, where)) if name else \
                self.board.find_hidden(player, where)
            if cid is None:
                cid = self.new_card(name, self.owner_of(play, player), play.get("card"))
        if name is not None and self.board.name(cid) is None:
            self.board.cards[cid]["name"] = name
        self.board.bind(oid, cid)
        return cid

    def field_card(self, play: Play, player: Player, text: str, **how: Any) -> str:
        """:meth:`find` for a play whose card must stand on the field (an attacker, a card
        flipped or moved from its zone): :class:`CannotFollow` when it does not."""
        cid = self.find(play, player, text, **how)
        if not self.board.on_field(cid):
            raise CannotFollow(f"the log has {self.label(cid)} on the field, where the import "
                               f"does not")
        return cid

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

    def relocate(self, play: Play, cid: str, side: Player, spot: str, *,
                 position: str | None = None, face_up: bool = True, top: bool = False) -> bool:
        """Follow a card to where the log puts it. True when that only puts back a card a
        rewind left out of place (the engine never saw it leave: no action)."""
        before = self.board.where.get(cid)
        monster = is_monster_zone(spot)
        restoring = False
        if self.pending:  # after a rewind: is this card going back where it stood?
            target = Spot(side, spot, position or ("attack" if monster else None),
                          position != "facedown_defense" if position else face_up) \
                if is_zone(spot) else Spot(side, spot)
            restoring = phases.restored(self, cid, target)
        displaced = self.board.put(cid, side, spot, position=position, face_up=face_up, top=top)
        if displaced is not None:
            self.board.put(displaced, self.board.owner(displaced), "graveyard")
            if not restoring:
                self.emit(play, "move", side, card=displaced, to="graveyard",
                          note=f"the log never moved {self.label(displaced)} out of {spot}: "
                               f"read as sent to the Graveyard before this play")
        if before is not None and is_zone(before.spot) and not is_zone(spot):
            self.declared.pop(cid, None)  # a new card if it comes back (contract §2)
            self.attack_flipped.discard(cid)
        if self.declared:
            if before is not None and is_monster_zone(before.spot):
                self.field_changed(before.side)
            if monster:
                self.field_changed(side)
        if spot[0] in "EP":
            if spot.startswith("EMZ"):
                self.signs.setdefault("Extra Monster Zones", where_said(play))
            elif spot.startswith("PZ"):
                self.signs.setdefault("Pendulum Zones", where_said(play))
        if monster and "name" not in self.board.cards[cid]:
            self.board.cards[cid]["monster"] = True
        return restoring

    # -- emitting -----------------------------------------------------------------------
    def emit(self, play: Play, kind: str, player: Player, *, note: str | None = None,
             implied: bool = False, **fields: Any) -> int:
        """Append an action that came from ``play``; returns its index."""
        if play is not self._logged[0]:  # one play often gives several actions
            public, private = texts(play)
            base: dict[str, Any] = {"time": stamp(play.get("seconds")),
                                    "player": str(play.get("username", "")), "text": public}
            if private != public:
                base["private"] = private
            self._logged = (play, base)
        log = self._logged[1]  # shared by the play's actions unless one needs more
        if implied or note:
            log = dict(log)
            if implied:
                log["implied"] = True
            if note:
                log["note"] = note
        self.actions.append({"type": kind, "player": player, **fields, "log": log})
        if kind != "move":
            self.sends.clear()
        if kind == "set_spell_trap":
            self.set_this_turn.add(fields["card"])
        return len(self.actions) - 1

    def drop(self, indexes: list[int]) -> None:
        """Remove actions already emitted (their plays were read otherwise)."""
        for index in sorted(indexes, reverse=True):
            del self.actions[index]
            for snap in self.snapshots:
                if snap.actions > index:
                    snap.actions -= 1

    def note(self, play: Play | None, text: str) -> None:
        """A note on the game (``source.notes``), tied to its play when there is one."""
        self.game.notes.append(f"{where_said(play)}: {text}" if play else text)

    # -- what comes next ----------------------------------------------------------------
    def next_play(self) -> tuple[int, Play] | None:
        """The next play of this game that says something, under the name Duelingbook gave
        it (a cheaper ``upcoming(1)``, for checks made on every summon)."""
        for index in range(self.cursor + 1, len(self.plays)):
            play = self.plays[index]
            raw = play.get("play") if type(play) is dict else None
            if type(raw) is not str or raw in QUIET or index in self.consumed:
                continue
            return None if raw in GAME_BOUNDARIES else (index, play)
        return None

    def upcoming(self, count: int = 12) -> list[tuple[int, Play]]:
        """The next plays of this game that say something (for what the log only shows
        later, such as a Tribute sent after its summon), each under its current name."""
        out: list[tuple[int, Play]] = []
        for index in range(self.cursor + 1, len(self.plays)):
            play = self.plays[index]
            if not isinstance(play, dict):
                continue
            raw = play.get("play")
            if type(raw) is not str:
                continue
            kind = CANONICAL.get(raw) or canonical(raw)
            if kind in GAME_BOUNDARIES:
                break
            if kind in QUIET or index in self.consumed:
                continue
            out.append((index, play if kind == raw else {**play, "play": kind}))
            if len(out) >= count:
                break
        return out

    # -- the turn -------------------------------------------------------------------------


    # -- effects in the log -------------------------------------------------------------
    def remember(self, player: Player, cid: str) -> None:
        """An effect used (an activation, a declared effect, a summon that triggers one)."""
        self.recent.append((self.cursor, player, cid))
        del self.recent[:-12]
        self.effect_since_end = True
        for decl in self.declared.values():
            decl.activated_since = True
        reading = self.reading(cid)
        if reading.skips_draws:
            self.skips[player] += [cid] * reading.skips_draws

    def explain_position(self, cid: str, position: str) -> str | None:
        """The card whose effect explains a change of ``cid`` to ``position``: an effect
        used shortly before this turn (the latest first: Book of Moon used on Tsukuyomi),
        its own text, or a face-up card on the field."""
        for _, _, source in reversed(self.recent):
            if self.reading(source).changes_to(position, itself=source == cid):
                return f"its own effect ({self.label(cid)})" if source == cid else \
                    f"{self.label(source)}'s effect"
        if self.reading(cid).changes_to(position, itself=True):
            return f"its own effect ({self.label(cid)})"
        for (_, spot), source in self.board.zones.items():
            place = self.board.where[source]
            if place.face_up and source != cid and not is_monster_zone(spot) and \
                    self.reading(source).changes_to(position, itself=False):
                return f"{self.label(source)}'s effect (face-up on the field)"
        return None

    def foes(self, attacker_side: Player) -> frozenset[str]:
        """The monsters the attacker's opponent controls."""
        return frozenset(self.board.monsters(other(attacker_side)))

    def field_changed(self, side: Player) -> None:
        """The monsters of ``side`` changed: for attacks declared against them, before
        damage (after an activation: a replay may follow) or by the battle itself."""
        for attacker, decl in self.declared.items():
            spot = self.board.where.get(attacker)
            if spot is None or spot.side == side or decl.battle_done:
                continue
            if decl.changed_after_activation is None:
                decl.changed_after_activation = decl.activated_since
                if not decl.activated_since:
                    decl.battle_done = True

    def life_changed(self) -> None:
        """Life Points changed: every battle declared so far has had its result."""
        for decl in self.declared.values():
            decl.battle_done = True

    # -- the document ---------------------------------------------------------------------

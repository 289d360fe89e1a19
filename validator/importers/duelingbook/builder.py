"""One game of a replay becoming a duel document: the rules reading of the board the
:class:`~.follow.Follower` followed. Each play's :class:`~.follow.Step` is replayed on this
builder's own board, then read as actions: the turn and its phases as the log implies them,
rewinds, and the notes a judge reads (docs/duelingbook.md). What a reading found takes effect
in :meth:`GameBuilder.read_as` alone (what its changes do: :mod:`.changes`); what the readings
ask of the game is the builder's :class:`~.lookup.Lookup`."""

from __future__ import annotations

from typing import Any, Final

from validator.document.model import Player
from validator.importers.duelingbook.actions import Action, ActionLog
from validator.importers.duelingbook.board.follow import Move, Step
from validator.importers.duelingbook.board.tracker import is_monster_zone, is_zone
from validator.importers.duelingbook.board.view import View
from validator.importers.duelingbook.board.zones import PLACING, complete
from validator.importers.duelingbook.cards import Knowledge
from validator.importers.duelingbook.changes import apply_after, apply_amid, apply_before
from validator.importers.duelingbook.game import (
    Game,
    Names,
    Play,
    Snapshot,
    stamp,
    texts,
    where_said,
)
from validator.importers.duelingbook.lookup import Lookup
from validator.importers.duelingbook.readings.catalog import Note, Reading, read
from validator.importers.duelingbook.readings.result import Emit, ReadAs
from validator.importers.duelingbook.readings.windows import RECENT_EFFECTS
from validator.importers.duelingbook.state import Attacks, Materials, Point, Rewinds, Turn
from validator.rules.rulesets import RULESETS, Ruleset

#: Life Point actions: the opponent's (Upstart Goblin's 1000, clicked by them) between a
#: monster sent off the field and the summon it is the Tribute of keep the two together.
_LIFE_POINTS: Final = frozenset({"gain_lp", "damage"})
#: The piles a card the log has not shown yet stands in unseen.
UNSEEN: Final = frozenset({"deck", "extra"})
#: What a monster does in battle and positions: not judged for a Trap Monster.
BATTLE_ACTIONS: Final = frozenset({"declare_attack", "change_position", "flip_summon"})
#: :data:`~validator.rules.rulesets.RULESETS` as a constant of this module: a name imported
#: from a module that is not compiled is otherwise looked up by name at each use, and
#: :attr:`GameBuilder.rules` is read some 22,000 times an Advanced pass (the dict itself,
#: never rebound, is shared).
_RULESETS: Final = RULESETS


def _trap_monster_in(b: GameBuilder, fields: dict[str, Any]) -> bool:
    """True when the action's card or target is a Trap the log has in a Monster Zone."""
    for cid in (fields.get("card"), fields.get("target")):
        spot = b.board.where.get(cid) if cid in b.trap_monsters else None
        if spot is not None and is_monster_zone(spot.spot):
            return True
    return False


class GameBuilder(Lookup):
    """Reads one game's steps as actions."""

    def __init__(self, number: int, order: list[str], plays: list[Play], knowledge: Knowledge,
                 deck_sizes: dict[str, int], fmt: str | None, steps: dict[int, Step],
                 cards: dict[str, dict[str, Any]], names: Names) -> None:
        self.users: dict[str, Player] = {order[0]: "p1", order[1]: "p2"}
        self.game = Game(number, {"p1": order[0], "p2": order[1]}, {}, format=fmt)
        self.plays = plays
        self.knowledge = knowledge
        self.deck_sizes = {self.users[u]: n for u, n in deck_sizes.items() if u in self.users}
        self.steps = steps
        self.names = names  # play names (the kinds table's: it stands above the readings)
        self.step: Step | None = None
        #: The current play's step and its card (and second card, or ""), for a kind whose
        #: handler needs them: the import loop checked they are there (kinds.Kind.needs_card).
        self.card_step = Step(-1, "", "p1", [])
        self.cid = self.other_cid = ""
        self.stop_at: tuple[int, str] | None = None  # where the board could not be followed
        self.live: list[tuple[int, str | None, str | Note]] = []  # the plays to read
        self.board = View(cards)  # the cards the follower found, placed as the steps say
        self.documented: dict[tuple[str, Player], dict[str, Any]] = {}
        self.overrides: dict[str, dict[str, Any]] = {}  # card -> facts a reading widened
        self.untimed: list[dict[str, Any]] = []  # activations whose timing went unchecked
        self._logged: tuple[Play | None, dict[str, Any]] = (None, {})
        #: The actions emitted, in order (``actions`` is the log's own list, to read).
        self.log = ActionLog()
        self.actions: list[Action] = self.log.items
        #: the card ids the actions so far name, each with the number of actions naming it, as
        #: :meth:`named_counts` last read them, and how many of the actions put in the log
        #: and taken out of it it had read then
        self._named: dict[str, int] = {}
        self._named_added = self._named_removed = 0
        self._leeway: dict[str, tuple[str, ...]] = {}  # card -> its material_leeway
        #: Every card an ``activate`` action was emitted for in this game, never shrinking
        #: (actions taken back stay in it): a card not in it has no activation among the
        #: actions, which the declaration readings ask before they scan the turn.
        self.activated: set[Any] = set()
        self.turn = Turn()  # the turn being read, replaced when it passes
        self.attacks = Attacks()
        self.rewinds = Rewinds()
        self.materials = Materials()
        self.over = False
        self.cursor = 0
        self.kind = ""  # the current play's kind under its current name (canonical())
        self.consumed: set[int] = set()
        self.applied: set[int] = set()
        self.lp: dict[Player, int] = {"p1": 8000, "p2": 8000}
        self.hands: dict[Player, list[str]] = {"p1": [], "p2": []}
        self.skips: dict[Player, list[str]] = {"p1": [], "p2": []}  # cards skipping draws
        self.signs: dict[str, str] = {}  # rules classic does not model, and where seen
        self.unzoned: set[str] = set()  # Link Monsters whose zone the log cannot tell
        self.set_by: dict[str, str] = {}  # a card Set by an effect -> the card whose effect
        self.trap_monsters: set[str] = set()  # Traps the log has in a Monster Zone

    @property
    def rules(self) -> Ruleset:
        """The ruleset the game is judged by (what it models, as flags)."""
        return _RULESETS[self.game.ruleset]

    # -- cards --------------------------------------------------------------------------

    def finish(self, play: Play, why: Reading | None = None) -> None:
        """The game is over: later plays are not imported (``why`` noted, if given)."""
        self.over = True
        if why is not None:
            self.note(play, why.ids[0], why.text)

    # -- the board ----------------------------------------------------------------------
    def apply(self, step: Step) -> None:
        """Replay a step's operations on this builder's board (once per step), with what the
        reading follows: attacks whose target side changed, cards that left the field."""
        if step.index in self.applied:
            return
        self.applied.add(step.index)
        if step.first == step.last:
            return
        board = self.board
        marked = bool(self.attacks.declared or self.attacks.flipped)
        for cid, before, after in step.changes[step.first:step.last]:
            board.move(cid, before, after)
            if after is not None and after.spot[0] in "EP":
                marked = True
        if marked:
            for move in step.moves:
                self._moved(move)
        for occupant in step.displaced:
            if self.restoring(step.move_of(occupant)):
                continue
            spot = next((m.before for m in step.moves if m.card == occupant), None)
            self.read_as(self.plays[step.index], ReadAs(actions=(Emit(
                "move", spot.side if spot else step.player,
                {"card": occupant, "to": "graveyard"},
                note=read("zone.swept", f"the log never moved {self.label(occupant)} out of "
                          f"{spot.spot if spot and is_zone(spot.spot) else 'its zone'}: read "
                          f"as sent to the Graveyard before this play")),)))

    def _moved(self, move: Move) -> None:
        before, after = move.before, move.after
        if before is not None and is_zone(before.spot) and (after is None or
                                                             not is_zone(after.spot)):
            declared = self.attacks.declared  # (del where present: no pop looked up by name)
            if move.card in declared:
                del declared[move.card]  # a new card if it comes back (contract §2)
            self.attacks.flipped.discard(move.card)
        if self.attacks.declared:
            if before is not None and is_monster_zone(before.spot):
                self.field_changed(before.side)
            if after is not None and is_monster_zone(after.spot):
                if before is not None and before.spot in self.card(move.card).facts.self_summon:
                    for decl in self.attacks.declared.values():  # its own effect brings it:
                        decl.activated_since = True  # an activation the log does not write
                self.field_changed(after.side)
        if after is not None and after.spot.startswith("EMZ"):
            self.signs.setdefault("Extra Monster Zones", self._where())
        elif after is not None and after.spot.startswith("PZ"):
            self.signs.setdefault("Pendulum Zones", self._where())

    def _where(self) -> str:
        play = self.plays[self.cursor] if self.cursor < len(self.plays) else {}
        return where_said(play) if isinstance(play, dict) else ""

    def restores(self, move: Move | None) -> bool:
        """True when a move only puts back a card a rewind left out of place (the engine
        never saw it leave: no action; a result's ``restores`` says it is back). A card the
        log had not shown before the rewind's moment is put back into the Deck or the Extra
        Deck, where it stood unseen."""
        if move is None or move.card not in self.rewinds.pending:
            return False
        then, now = self.rewinds.pending[move.card], move.after
        return then == now or (then is None and now is not None and now.spot in UNSEEN)

    def restoring(self, move: Move | None) -> bool:
        """True when a move only puts back a card a rewind left out of place (the engine
        never saw it leave: no action)."""
        if move is None or not self.restores(move):
            return False
        del self.rewinds.pending[move.card]
        return True

    def moved(self, step: Step | None = None) -> Move | None:
        """The move of a step's own card (the current step's by default)."""
        step = step or self.step
        if step is None or step.card is None:
            return None
        return step.move_of(step.card)

    # -- emitting -----------------------------------------------------------------------
    def _emit(self, play: Play, kind: str, player: Player, fields: dict[str, Any], *,
              note: Reading | None = None, implied: bool = False,
              just_before: Action | None = None) -> Action | None:
        """Append an action that came from ``play`` (or insert it just before ``just_before``), for
        :meth:`read_as`, the one place a reading's actions are made; returns it (its own
        stable id), or None when it is not judged (a Trap Monster's battle). ``note`` is
        what a reading says of it, ``implied`` an action the log skips
        (``phase.implied``, ``turn.implied-end``): the action's ``log`` says both."""
        if play is not self._logged[0]:  # one play often gives several actions
            public, private = texts(play)
            base: dict[str, Any] = {"time": stamp(play.get("seconds")),
                                    "player": str(play.get("username", "")), "text": public}
            if private != public:
                base["private"] = private
            self._logged = (play, base)
        log = self._logged[1]  # shared by the play's actions unless one needs more
        if implied or note is not None:
            log = dict(log)
            ids: tuple[str, ...] = ()
            if implied:
                log["implied"] = True
                ids = ("phase.implied" if kind == "phase" else "turn.implied-end",)
            if note is not None:
                log["note"] = note.text
                ids += note.ids
            log["readings"] = list(ids)
        if self.trap_monsters and kind in BATTLE_ACTIONS and \
                _trap_monster_in(self, fields):
            self.note(play, "card.trap-monster",
                      f"{texts(play)[0]}: a Trap Monster, which the contract does not "
                      f"model: not judged")
            return None
        if kind in PLACING and \
                not (kind == "special_summon" and fields.get("card") in self.unzoned):
            fields = dict(fields)  # (the zone completed here, not in the reading's result)
            complete(self.board, kind, fields, self.card(fields.get("card")),
                     face_up_extra=self.rules.pendulum)
        action = {"type": kind, "player": player, **fields, "log": log}
        if just_before is None:
            self.log.append(action)
            if kind != "move" and self.materials.sends and not (
                    kind in _LIFE_POINTS and player not in self.materials.senders()):
                self.materials.sends.clear()
        else:
            self.log.insert(action, before=just_before)
        if kind == "set_spell_trap":
            self.turn.set_cards.add(fields["card"])
        elif kind == "activate":
            self.activated.add(fields.get("card"))
        return action

    def drop(self, actions: list[Action]) -> None:
        """Take back actions already emitted (their plays were read otherwise): what the
        reading held of them (sends, Normal Summons) goes with them."""
        self.log.remove(actions)
        self._forget(actions)

    def _forget(self, actions: list[Action]) -> None:
        gone = {id(action) for action in actions}
        if gone:
            materials = self.materials
            materials.sends = [(a, c) for a, c in materials.sends if id(a) not in gone]
            self.turn.placed_at = {c: a for c, a in self.turn.placed_at.items()
                                   if id(a) not in gone}
            materials.sent_from = {c: s for c, s in materials.sent_from.items()
                                   if id(s[0]) not in gone}

    def read_as(self, play: Play, found: ReadAs | None) -> bool:
        """Apply what a reading found ``play`` to be: the one place a :class:`ReadAs` takes
        effect, in the order its docstring gives. True when a reading found something, so
        that a handler can try readings in turn (``b.read_as(play, r1(...) or r2(...))``)."""
        if found is None:
            return False
        changes = found.changes
        if changes is not None:
            apply_before(self, changes)
        if found.drops:
            self.drop(list(found.drops))
        for index in found.consumes:
            self.consume(index)
        if changes is not None:
            apply_amid(self, changes)
        for each in found.actions:
            self._made(play, each)
        for player, cid in found.uses:
            self.remember(player, cid)
        if changes is not None:
            apply_after(self, play, changes)
        if found.reading is not None:
            self.note(play, found.reading, found.text)
        for then in found.then:
            self.read_as(play, then)
        return True

    def point(self, index: int) -> Point:
        """The game just before play ``index`` is read (a place a rollback may go back to)."""
        actions, turn = self.actions, self.turn
        return Point(index, self.board.snapshot(), actions[-1] if actions else None,
                     (self.lp["p1"], self.lp["p2"]), turn.phase, turn.drew)

    def _made(self, play: Play, each: Emit) -> Action | None:
        """One action of a :class:`ReadAs` emitted, with what the builder keeps of it."""
        if each.phase_left:
            turn = self.turn
            self.rewinds.snapshots.append(Snapshot(
                turn.number, turn.phase, self.log.mark(each.before), self.board.snapshot(),
                dict(self.lp), turn.drew,
                dict(self.attacks.declared) if self.attacks.declared else {}))
        action = self._emit(each.play if each.play is not None else play, each.type,
                            each.player, each.fields, note=each.note, implied=each.implied,
                            just_before=each.before)
        if each.phase_left:
            self.turn.phase = each.fields["to"]
        if action is not None and each.placed:
            self.turn.placed_at[each.fields["card"]] = action
        if action is not None and each.untimed:
            self.untimed.append(action)
        sent = each.sent
        if sent is not None:
            if action is not None:
                self.materials.sends.append((action, sent.card))
            self.materials.graveyard_from[sent.card] = sent.side
            if action is not None and sent.spot is not None:
                self.materials.sent_from[sent.card] = (action, sent.spot, sent.user)
        return action

    def take_back(self, action: Action) -> None:
        """Take back one action and the snapshots taken after it (a phase click read as
        not made: what came after it is no place to rewind to)."""
        self.log.take_back(action)
        self._forget([action])
        self.rewinds.snapshots = [s for s in self.rewinds.snapshots if s.mark.alive]

    def rewind_to(self, snap: Snapshot) -> list[Action]:
        """Go back to ``snap``: the actions since are taken back (returned, in order), and
        it and the snapshots after it are forgotten."""
        undone = self.log.cut(snap.mark)
        self._forget(undone)
        self.rewinds.snapshots = [s for s in self.rewinds.snapshots if s.mark.alive]
        return undone

    def forget_snapshots(self) -> None:
        """A new turn: no rewind goes back past it."""
        self.rewinds.snapshots.clear()
        self.log.forget_marks()

    def note(self, play: Play | None, reading: str, text: str) -> None:
        """A note on the game (``source.notes``) from the reading ``reading`` (an id of the
        readings catalog), tied to its play when there is one."""
        if play:
            self.game.notes.append(Note(reading, f"{where_said(play)}: {text}",
                                        stamp(play.get("seconds"))))
        else:
            self.game.notes.append(Note(reading, text))

    def annotate(self, action: dict[str, Any], reading: Reading, replace: bool = False) -> None:
        """Add what a later reading says of an action already emitted (``replace``: its words
        instead of the action's earlier note)."""
        log = action["log"]
        ids = tuple(log.get("readings", ())) if not replace else \
            tuple(r for r in log.get("readings", ()) if r in ("phase.implied",
                                                               "turn.implied-end"))
        text = reading.text if replace or not log.get("note") else \
            f"{log['note']}; {reading.text}"
        action["log"] = {**log, "note": text, "readings": [*ids, *reading.ids]}

    def consume(self, index: int) -> Step | None:
        """Read a later play now (its board step is applied at once, and the play is not
        read again when the game gets there)."""
        self.consumed.add(index)
        step = self.steps.get(index)
        if step is not None:
            self.apply(step)
        return step

    # -- effects in the log -------------------------------------------------------------
    def remember(self, player: Player, cid: str) -> None:
        """An effect used (an activation, a declared effect, a summon that triggers one)."""
        self.turn.recent.append((self.cursor, player, cid))
        del self.turn.recent[:-RECENT_EFFECTS]
        if cid in self.turn.placed_used:
            self.turn.placed_used[cid] = True
        self.turn.effect_since_end = True
        for decl in self.attacks.declared.values():
            decl.activated_since = True
        known = self.card(cid)
        skips = known.facts.skips_draws
        if skips:
            self.skips[player] += [cid] * int(skips)
        if known.grants("normal_summon") and not isinstance(known.facts.lends_normal_summon, dict):
            # (a card that lends one while face-up, for the monsters it names, lends it by
            # itself: readings/summons.py, once a turn and for those monsters only)
            self.turn.granted[player].append(cid)

    def field_changed(self, side: Player) -> None:
        """The monsters of ``side`` changed: for attacks declared against them, before
        damage (after an activation: a replay may follow) or by the battle itself."""
        for attacker, decl in self.attacks.declared.items():
            spot = self.board.where.get(attacker)
            if spot is None or spot.side == side or decl.battle_done:
                continue
            if decl.changed_after_activation is None:
                decl.changed_after_activation = decl.activated_since
                if not decl.activated_since:
                    decl.battle_done = True

"""What a reading's :class:`~.readings.result.Changes` do to the game being built, applied by
:meth:`~.builder.GameBuilder.read_as` in the order the ``ReadAs`` docstring gives: before the
actions it takes back and the plays it consumes (Life Points, signs, take-backs, a rewind or
a rollback agreed in chat), amid them (the turn's phase and draws, attacks, grants, widened
facts), after its actions (Sets by an effect, staged materials, the turn ending or passing,
the Life Points audit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from validator.document.model import Player
from validator.importers.duelingbook.actions import Action
from validator.importers.duelingbook.game import Play, Snapshot
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.result import Changes
from validator.importers.duelingbook.state import Point

if TYPE_CHECKING:
    from validator.importers.duelingbook.builder import GameBuilder


def apply_before(b: GameBuilder, changes: Changes) -> None:
    """What a result changes before the actions it takes back and the plays it consumes."""
    if changes.lp_change is not None:
        b.lp[changes.lp_change[0]] += changes.lp_change[1]
    for sign, where in changes.signs:
        b.signs.setdefault(sign, where)
    for cid in changes.restores:
        b.rewinds.pending.pop(cid, None)
    for action in changes.takes_back:
        b.take_back(action)
    if changes.rewind is not None:
        rewind(b, changes.rewind)
    if changes.rollback is not None:
        roll_back(b, changes.rollback)


def apply_amid(b: GameBuilder, changes: Changes) -> None:
    """What a result changes after its take-backs and consumed plays, before its
    actions."""
    if changes.tributes_claimed:
        b.materials.sends.clear()
    # (each update only when there is something to add: most results carry nothing, and an
    # update from an empty tuple still builds an iterator over it)
    if changes.controllers:
        b.materials.graveyard_from.update(changes.controllers)
    for revise in changes.revises:
        revise.action.update(revise.fields)
        if revise.reading is not None:
            b.annotate(revise.action, revise.reading, replace=revise.replace)
    if changes.phase is not None:
        b.turn.phase = changes.phase
    if changes.logged_phase is not None:
        b.turn.logged_phase = changes.logged_phase
    if changes.draw_skipped is not None:
        b.skips[changes.draw_skipped].pop(0)
    b.turn.drew = b.turn.drew or changes.drew
    for decl in changes.damaged:
        decl.damaged = True
    for decl in changes.closes:
        decl.battle_done = decl.damaged = True
    for attacker in changes.attacks_ended:
        b.attacks.declared.pop(attacker, None)
    if changes.flips_seen:
        b.attacks.flipped.difference_update(changes.flips_seen)
    if changes.trap_monsters:
        b.trap_monsters.update(changes.trap_monsters)
    if changes.grant_used is not None:
        player, granting = changes.grant_used
        for held in (b.turn.granted[player], b.turn.lent_spare[player]):
            if granting in held:
                held.remove(granting)
                break
        b.turn.lent_used.add(granting)  # what a face-up card lends: once a turn
    if changes.lent_first is not None:
        player, lender = changes.lent_first
        b.turn.lent_used.add(lender)
        b.turn.lent_spare[player].append(lender)
    for cid, counts in changes.widened:
        b.overrides.setdefault(cid, {})["tributes"] = list(counts)
    for cid, entries in changes.procedures:
        b.overrides.setdefault(cid, {})["materials"] = list(entries)


def apply_after(b: GameBuilder, play: Play, changes: Changes) -> None:
    """What a result changes after its actions and the effects they used."""
    for cid in changes.fresh:
        b.turn.placed_used[cid] = False
    if changes.flips:  # (as in apply_amid: only when there is something to add)
        b.attacks.flipped.update(changes.flips)
    if changes.declares:
        b.attacks.declared.update(changes.declares)
    for cid, setter in changes.set_by_effect:
        b.turn.set_cards.add(cid)
        if setter is not None:
            b.set_by[cid] = setter
    if changes.unzoned:
        b.unzoned.update(changes.unzoned)
    if changes.staged:
        b.materials.staged.update(changes.staged)
    for cid in changes.unstaged:
        b.materials.staged.pop(cid, None)
    if changes.last_declared is not None:
        who, declared = changes.last_declared
        if declared is None:
            b.attacks.last_declared.pop(who, None)
        else:
            b.attacks.last_declared[who] = declared
    if changes.ends_turn:
        b.turn.ending = play
        b.turn.effect_since_end = False
    b.over = b.over or changes.over
    if changes.audit is not None:
        audit_lp(b, play, changes.audit)
    if changes.turn_passes:
        next_turn(b)


def rewind(b: GameBuilder, snap: Snapshot) -> list[Action]:
    """Back to the moment the turn left ``snap``'s phase; cards the players did not put
    back yet are pending (the engine still has them where they stood). The actions taken
    back, in order."""
    undone = b.rewind_to(snap)
    b.turn.phase, b.turn.drew = snap.phase, snap.drew
    b.attacks.declared = dict(snap.declared)
    pending = b.rewinds.pending
    for cid, spot in b.board.since(snap.board).items():
        if b.board.where.get(cid) != spot:
            pending[cid] = spot
        else:
            pending.pop(cid, None)  # back where it stood then (a rewind before it too)
    return undone


def roll_back(b: GameBuilder, point: Point) -> None:
    """Back to the moment before the play of ``point`` (a rollback agreed in chat): what
    the engine was told since is taken back, Life Points and the phase are as they were
    then, the turn has not ended, and cards not put back yet are pending."""
    at = b.log.position(point.last) + 1 if point.last is not None else 0
    mark = b.log.mark(b.actions[at] if at < len(b.actions) else None)
    declared = {cid: d for cid, d in b.attacks.declared.items() if d.at < point.index}
    turn = b.turn
    undone = rewind(b, Snapshot(turn.number, point.phase, mark, point.journal,
                                {"p1": point.lp[0], "p2": point.lp[1]}, point.drew,
                                declared))
    b.lp = {"p1": point.lp[0], "p2": point.lp[1]}
    turn.logged_phase, turn.ending = point.phase, None
    turn.recent = [used for used in turn.recent if used[0] < point.index]
    turn.set_cards.difference_update(
        a["card"] for a in undone if a["type"] == "set_spell_trap")
    b.materials.sends.clear()


def audit_lp(b: GameBuilder, play: Play, player: Player) -> None:
    """The Life Points the log says after ``play``, against the imported actions': a
    difference is noted and the log's count kept; at 0 the game is over."""
    logged = play.get("life")
    if isinstance(logged, int) and not isinstance(logged, bool) and logged != b.lp[player]:
        b.note(None, "import.lp-audit", f"LP audit: at {b.actions[-1]['log']['time']} "
               f"the log says {play.get('username')} has {logged} LP; the imported "
               f"actions give {b.lp[player]}")
        b.lp[player] = logged
    if b.lp[player] <= 0:
        b.finish(play, read("game.zero-lp",
                            f"{play.get('username')} has 0 Life Points: the game is over"))


def next_turn(b: GameBuilder) -> None:
    """The turn has passed: the next player's, with nothing of this one kept but what
    :meth:`Turn.next` keeps."""
    b.turn = b.turn.next()
    b.attacks.declared.clear()
    b.materials.sends.clear()
    b.forget_snapshots()
    b.board.forget()
    b.rewinds.points.clear()

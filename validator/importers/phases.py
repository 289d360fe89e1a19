"""The turn as the log implies it: phases the log skipped, slips fixed (a phase entered
again, a rewind to an earlier phase), and the turn passing at the next player's "Entered
Draw Phase" (docs/duelingbook.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..checks.turn import phase_name
from ..model import Player, other
from .game import (
    CLASSIC_DRAW_FORMATS,
    CLASSIC_DRAW_POOLS,
    ORDER,
    TURN_PLAYS,
    Play,
    Snapshot,
    stamp,
    where_said,
)
from .tracker import Spot, is_zone

if TYPE_CHECKING:
    from .builder import GameBuilder


def ensure_phase(b: GameBuilder, play: Play, player: Player, needed: tuple[str, ...]) -> None:
    """Before a turn player's action that the phase shown does not allow: the forward
    moves the log skipped (a shortcut), when the turn can still get there."""
    if player != b.turn_player or b.phase in needed:
        return
    later = [p for p in needed if ORDER[p] > ORDER[b.phase]]
    if later:
        advance(b, play, player, later[0], implied=True)


#: The steps a turn must take from a phase before it can reach one past Main Phase 1.
_STEPS: Final = {"draw": ("standby", "main1"), "standby": ("main1",)}


def advance(b: GameBuilder, play: Play, player: Player, target: str, *, implied: bool) -> None:
    """Move forward to ``target``, with the steps between implied."""
    for step in _STEPS.get(b.phase, ()):
        if ORDER[step] >= ORDER[target]:
            break
        phase_action(b, play, player, step, implied=True)
    if target == "main2" and b.phase == "main1":
        phase_action(b, play, player, "battle", implied=True)
    phase_action(b, play, player, target, implied=implied)


def phase_action(b: GameBuilder, play: Play, player: Player, target: str, *, implied: bool) -> None:
    """One phase change: a snapshot of the phase left (for rewinds), the draw skipped by
    an effect, then the action."""
    b.snapshots.append(Snapshot(b.turn, b.phase, len(b.actions), b.board.snapshot(),
                                dict(b.lp), b.drew, dict(b.declared) if b.declared else {}))
    fields: dict[str, Any] = {"to": target}
    note = None
    if b.phase == "draw" and not b.drew and player == b.turn_player:
        if b.skips[player]:
            fields["by_effect"] = True
            note = f"no draw: {b.label(b.skips[player].pop(0))} skips this Draw Phase"
        elif b.turn == 1 and b.game.format not in CLASSIC_DRAW_FORMATS and \
                b.game.card_pool not in CLASSIC_DRAW_POOLS:
            fields["by_effect"] = True
            b.signs.setdefault("no draw in the first player's first turn", where_said(play))
            note = "no draw in the first turn: later rules, which classic does not model"
    b.emit(play, "phase", player, implied=implied, note=note, **fields)
    b.phase = target


def enter(b: GameBuilder, play: Play, player: Player, target: str) -> None:
    """A phase play: forward (with skipped steps implied), the same phase again (a
    slip), or backward (a rewind when nothing irreversible happened since)."""
    if player != b.turn_player:
        if target == "draw":  # no action can say it: the contract has no phase "to: draw"
            b.note(play, "a Draw Phase entered by the player whose turn it is not: ignored")
        else:
            b.emit(play, "phase", player, to=target)  # the engine says who may
        return
    if target == b.phase:
        b.note(play, "the phase entered again: a slip, no step")
        return
    if ORDER[target] > ORDER[b.phase]:
        advance(b, play, player, target, implied=False)
        return
    snap = next((s for s in reversed(b.snapshots)
                 if s.turn == b.turn and s.phase == target), None)
    if snap is None or snap.lp != b.lp:
        why = "after Life Points changed" if snap else "to a phase this turn never left"
        if target == "draw":
            b.note(play, f"a step back to the Draw Phase {why}: no action can say it, and "
                         f"the turn goes on from here")
            return
        b.emit(play, "phase", player, to=target, note=f"a backward phase move {why}: not a "
                                                      f"rewind")
        return
    rewind(b, play, snap)


def rewind(b: GameBuilder, play: Play, snap: Snapshot) -> None:
    """Go back to the moment the turn left ``snap``'s phase: what the engine was told since
    is dropped (noted), and cards the players put back are not moved again."""
    undone = b.actions[snap.actions:]
    first = undone[0]["log"]["time"] if undone else stamp(play.get("seconds"))
    b.drop(list(range(snap.actions, len(b.actions))))
    b.snapshots = [s for s in b.snapshots if s.actions < snap.actions or
                      (s is snap)]
    b.snapshots.remove(snap)
    b.phase, b.drew = snap.phase, snap.drew
    b.declared = dict(snap.declared)
    for cid, spot in b.board.since(snap.board).items():
        if spot is not None and b.board.where.get(cid) != spot:
            b.pending[cid] = spot
    b.note(play, f"a rewind to the {phase_name(snap.phase)}: {len(undone)} action(s) from "
                    f"{first} on are undone (a slip fixed, not a step)")


def restored(b: GameBuilder, cid: str, spot: Spot) -> bool:
    """True when a card goes back where a rewind left it: no action (the engine never
    saw it leave)."""
    if b.pending.get(cid) != spot:
        return False
    del b.pending[cid]
    return True


def sync(b: GameBuilder, play: Play, cid: str) -> None:
    """A card a rewind left out of place is used before it was put back: the engine
    follows the log from here (``move`` to where the log has it)."""
    if cid not in b.pending:
        return
    del b.pending[cid]
    now = b.board.where.get(cid)
    if now is None or is_zone(now.spot):
        return
    b.emit(play, "move", b.board.owner(cid), card=cid, to=_pile_word(now.spot),
              note="not put back after the rewind: followed where the log has it")


def end_turn(b: GameBuilder, play: Play, player: Player) -> None:
    """"Ended turn": the End Phase (implied when the log skipped it). The turn passes at
    the next player's "Entered Draw Phase": plays between are in this End Phase."""
    if b.phase != "end":
        advance(b, play, player, "end", implied=True)
    b.ending = play
    b.effect_since_end = False


def pass_turn(b: GameBuilder, play: Play | None = None) -> None:
    """The turn passes: ``end_turn`` (logged at the "Ended turn" play, or implied at
    ``play`` when the log has none)."""
    ending = b.ending
    if ending is None:
        assert play is not None
        if b.phase != "end":
            advance(b, play, b.turn_player, "end", implied=True)
    for cid in list(b.pending):
        sync(b, ending or play or {}, cid)
    b.emit(ending or play or {}, "end_turn", b.turn_player, implied=ending is None)
    b.ending = None
    b.set_this_turn.clear()
    b.turn += 1
    b.turn_player = other(b.turn_player)
    b.phase, b.drew = "draw", False
    b.declared.clear()
    b.recent.clear()
    b.sends.clear()
    b.snapshots.clear()
    b.board.forget()


def before(b: GameBuilder, kind: str, player: Player, play: Play) -> None:
    """Before a play by the next player after "Ended turn" that only a turn player
    makes: their turn has begun though the log did not say so."""
    if b.ending is None or player == b.turn_player:
        return
    if kind in TURN_PLAYS or (kind == "Draw card" and not b.effect_since_end):
        b.note(play, "the turn passed with no \"Entered Draw Phase\": implied")
        pass_turn(b)


_PILE_WORDS: Final = {"graveyard": "graveyard", "banished": "banished", "hand": "hand",
                      "deck": "deck", "extra": "extra", "material": "graveyard"}


def _pile_word(pile: str) -> str:
    return _PILE_WORDS.get(pile, "graveyard")

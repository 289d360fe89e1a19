"""The turn as the log implies it: phases the log skipped, slips fixed (a phase entered
again, a rewind to an earlier phase, phase buttons catching up), and the turn passing at the
next player's "Entered Draw Phase" (docs/duelingbook.md)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from validator.document.model import Player
from validator.importers.duelingbook.board.tracker import Spot, is_zone
from validator.importers.duelingbook.cardtext import draws_in_end_phase
from validator.importers.duelingbook.game import (
    CLASSIC_DRAW_FORMATS,
    CLASSIC_DRAW_POOLS,
    ORDER,
    TURN_PLAYS,
    Play,
    Snapshot,
    from_hand,
    stamp,
    where_said,
)
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.explain import explaining
from validator.importers.duelingbook.readings.result import Changes, Emit, ReadAs, seq
from validator.importers.duelingbook.readings.windows import (
    REST_OF_TURN,
    REWIND_WINDOW,
    TURN_STARTS_WITHIN,
)
from validator.rules.checks.turn import phase_name

if TYPE_CHECKING:
    from validator.importers.duelingbook.builder import GameBuilder



def ensure_phase(b: GameBuilder, play: Play, player: Player, needed: tuple[str, ...], *,
                 tributes: bool = False) -> None:
    """Apply :func:`implied` (the phases a play needs that the log skipped)."""
    b.read_as(play, implied(b, play, player, needed, tributes=tributes))


def implied(b: GameBuilder, play: Play, player: Player, needed: tuple[str, ...], *,
            tributes: bool = False) -> ReadAs | None:
    """Before a turn player's action that the phase shown does not allow: the forward
    moves the log skipped (a shortcut), when the turn can still get there. For a summon
    that takes ``tributes``, they go before the player's own monsters sent off the field
    just before this play, which are its Tributes (a Tribute logged while the log still
    shows the Draw Phase is still the Tribute); any other play's phase change comes after
    what was sent before it (a battle's results stay in the Battle Phase). None when the
    phase shown allows the play."""
    if player != b.turn.player or b.turn.phase in needed:
        return None
    if b.turn.phase == "battle" and "main1" in needed:
        premature = _premature_battle(b, play)
        if premature is not None:
            return premature
    later = [p for p in needed if ORDER[p] > ORDER[b.turn.phase]]
    if later:
        return advancing(b, play, player, later[0], implied=True, before_sends=tributes)
    return None


def _premature_battle(b: GameBuilder, play: Play) -> ReadAs | None:
    """A Main Phase play while the Battle Phase the log entered has seen no attack: the
    Battle Phase click came too early (a player answering an opponent's response, then
    going on in Main Phase 1). The Battle Phase is read as not entered yet: it begins at the
    first attack."""
    if not _attacks_later(b, play):
        return None
    for index in range(len(b.actions) - 1, -1, -1):
        action = b.actions[index]
        if action["type"] == "declare_attack":
            return None
        if action["type"] == "phase":
            if action.get("to") != "battle" or action["log"].get("implied"):
                return None
            return ReadAs("phase.battle-too-early",
                          f"a Main Phase play after the Battle Phase was entered at "
                          f"{action['log']['time']} with no attack: that click came too "
                          f"early, the Battle Phase begins at the first attack",
                          changes=Changes(takes_back=(action,), phase="main1"))
    return None


def _attacks_later(b: GameBuilder, play: Play) -> bool:
    """True when the player attacks later in this turn without entering a phase again."""
    for _, later in b.upcoming(REST_OF_TURN):
        kind = later.get("play")
        if later.get("username") != play.get("username"):
            continue
        if kind in ("Attack", "Attack directly"):
            return True
        if kind in ("End turn", "Enter M2", "Enter EP", "Enter BP"):
            return False
    return False


#: The steps a turn must take from a phase before it can reach one past Main Phase 1.
_STEPS: Final = {"draw": ("standby", "main1"), "standby": ("main1",)}


def advancing(b: GameBuilder, play: Play, player: Player, target: str, *, implied: bool,
              before_sends: bool = False) -> ReadAs:
    """Forward to ``target``, with the steps between implied: one phase change each
    (:func:`_phase_change`)."""
    current, changes = b.turn.phase, []
    for step in _STEPS.get(current, ()):
        if ORDER[step] >= ORDER[target]:
            break
        changes.append((step, True))
        current = step
    if target == "main2" and current == "main1":
        changes.append(("battle", True))
    changes.append((target, implied))
    emits: list[Emit] = []
    signs: tuple[tuple[str, str], ...] = ()
    skipped: Player | None = None
    current = b.turn.phase
    for to, implied_here in changes:
        emit, sign, skip = _phase_change(b, play, player, current, to, implied=implied_here,
                                         before_sends=before_sends)
        emits.append(emit)
        signs += sign
        skipped = skipped or skip
        current = to
    return ReadAs(actions=tuple(emits), changes=Changes(signs=signs, draw_skipped=skipped)
                  if signs or skipped is not None else None)


def _phase_change(b: GameBuilder, play: Play, player: Player, left: str, target: str, *,
                  implied: bool, before_sends: bool = False
                  ) -> tuple[Emit, tuple[tuple[str, str], ...], Player | None]:
    """One phase change from ``left``: the action (a snapshot of the phase left is taken
    first, for rewinds; ``before_sends``: before the sends just logged), the signs it shows
    and whose draw an effect skipped."""
    held = b.materials
    own = [a for a, c in held.sends if held.graveyard_from.get(c) == player] if before_sends else []
    at = own[0] if own else None
    fields: dict[str, Any] = {"to": target}
    note = None
    signs: tuple[tuple[str, str], ...] = ()
    skipped: Player | None = None
    if left == "draw" and not b.turn.drew and player == b.turn.player:
        if b.skips[player]:
            fields["by_effect"] = True
            skipped = player
            note = read("draw.skipped-by-card",
                        f"no draw: {b.label(b.skips[player][0])} skips this Draw Phase")
        elif b.turn.number == 1 and b.rules.first_turn_draw and \
                b.game.format not in CLASSIC_DRAW_FORMATS and \
                b.game.card_pool not in CLASSIC_DRAW_POOLS:
            fields["by_effect"] = True
            signs = (("no draw in the first player's first turn", where_said(play)),)
            note = read("draw.first-turn-classic",
                        "no draw in the first turn: later rules, which classic does not model")
        elif b.turn.number == 2:
            redone = _first_choice_redone(b, player)
            if redone is not None:
                fields["by_effect"] = True
                note = read("turn.first-choice-redone",
                            f"no draw: the choice of who goes first done over as the players "
                            f"agreed in chat ({redone}), the first turn passed with nothing "
                            f"played: this is the duel's first turn for its player")
    if at is not None and note is None:
        note = read("phase.before-tributes",
                    "the log still showed the earlier phase: the phase change comes before the " \
                    "monsters sent just before this play, its Tributes")
    return Emit("phase", player, fields, note=note, implied=implied, before=at,
                phase_left=True), signs, skipped


#: A player saying their choice of who goes first was a slip ("i missclicked", "i wanted to go
#: first"), and the opponent's answer letting them go first ("and i pass", "ok").
_WANTED_FIRST: Final = re.compile(r"\bmiss?-?clicked\b|\bwanted to go first\b", re.I)
_LETS_GO_FIRST: Final = re.compile(r"\b(?:i pass|ok|okay|k|sure|np|go ahead)\b", re.I)


def _first_choice_redone(b: GameBuilder, player: Player) -> str | None:
    """When the second turn's player said in chat, before it, that their choice of who goes
    first was a slip, the opponent answered letting them go first, and the first turn passed
    with nothing in it but its phases: the times of the two messages, as the note names them;
    else None."""
    if any(a["type"] not in ("phase", "end_turn") for a in b.actions):
        return None  # the first turn was played: no do-over
    user = b.game.players[player]
    asked: str | None = None
    for index in range(b.cursor - 1, -1, -1):
        if b.plays[index].get("play") == "Pick first":
            break
    else:
        return None
    for earlier in b.plays[index + 1:b.cursor]:
        if earlier.get("play") != "Duel message":
            continue
        said = str(earlier.get("message", ""))
        if earlier.get("username") == user and _WANTED_FIRST.search(said):
            asked = asked or where_said(earlier)
        elif asked is not None and earlier.get("username") != user and \
                _LETS_GO_FIRST.search(said):
            return f"{asked}, {where_said(earlier)}"
    return None


def enter(b: GameBuilder, play: Play, player: Player, target: str) -> None:
    """A phase play: the log's phase recorded, then the play read (:func:`entered`)."""
    logged = b.turn.logged_phase
    if player == b.turn.player and logged != target:
        b.read_as(play, ReadAs(changes=Changes(logged_phase=target)))
    b.read_as(play, entered(b, play, player, target, logged))


def entered(b: GameBuilder, play: Play, player: Player, target: str,
            logged: str) -> ReadAs | None:
    """A phase play (``logged``: the phase the log showed before it): forward (with skipped
    steps implied), the same phase again (a slip), or backward: the phase buttons catching
    up with plays the importer already read in a later phase, a rewind when the cards show
    it (they are put back), else a slip."""
    if player != b.turn.player:
        if target == "draw":  # no action can say it: the contract has no phase "to: draw"
            return ReadAs("phase.draw-by-non-turn-player",
                          "a Draw Phase entered by the player whose turn it is not: ignored")
        return ReadAs(actions=(Emit("phase", player, {"to": target}),))  # the engine says who
    if target == b.turn.phase:
        if ORDER[target] > ORDER[logged]:
            return None  # the log catches up with a phase the plays already implied
        return ReadAs("phase.entered-again", "the phase entered again: a slip, no step")
    if ORDER[target] > ORDER[b.turn.phase]:
        return advancing(b, play, player, target, implied=False)
    if ORDER[target] > ORDER[logged]:
        return ReadAs("phase.buttons-catch-up",
                      f"the phase buttons catch up with the plays (the log showed the "
                      f"{phase_name(logged)}; the plays were read in the "
                      f"{phase_name(b.turn.phase)}): no step")
    snap = next((s for s in reversed(b.rewinds.snapshots)
                 if s.turn == b.turn.number and s.phase == target), None)
    if snap is not None and snap.lp == b.lp and _put_back(b, snap):
        return rewinding(b, play, snap)
    answered = _answered_at_end_of_main(b, target)
    if answered is not None:
        return answered
    why = "to a phase this turn never left" if snap is None else \
        "after Life Points changed" if snap.lp != b.lp else \
        "with no card put back where it stood"
    return ReadAs("phase.backward-click",
                  f"a backward click to the {phase_name(target)} {why}: not a rewind, and no "
                  f"step (the turn goes on in the {phase_name(b.turn.phase)})",
                  changes=Changes(logged_phase=b.turn.phase))


#: What the opponent's answer to a phase click is: a card activated, or placed face-up in a
#: Spell & Trap Zone (Duelingbook's "Placed" click for an activation).
_ANSWERS: Final = frozenset({"activate", "move"})


def _answered_at_end_of_main(b: GameBuilder, target: str) -> ReadAs | None:
    """A click back to the Main Phase just left, when since the turn player's click out of it
    only the opponent has played, and used a card: they answered "at the end of the Main
    Phase" (a Quick Effect used then, as the turn player tried to move on). The game never
    left the Main Phase: the forward click is taken back, the click back is its correction."""
    if target not in ("main1", "main2"):
        return None
    answered = False
    for index in range(len(b.actions) - 1, -1, -1):
        action = b.actions[index]
        if action["player"] != b.turn.player:
            kind = action["type"]
            answered = answered or kind == "activate" or (
                kind == "move" and action.get("to") == "spell_trap")
            if kind not in _ANSWERS:
                return None
            continue
        if action["type"] != "phase" or action["log"].get("implied") or not answered:
            return None
        left = b.rewinds.snapshots[-1] if b.rewinds.snapshots else None
        if left is None or left.phase != target or left.turn != b.turn.number:
            return None
        return ReadAs("phase.answered-end-of-main",
                      f"the opponent answered the click to the {phase_name(action['to'])} "
                      f"({action['log']['time']}) at the end of the {phase_name(target)}, and "
                      f"the turn player clicked back: the game never left the "
                      f"{phase_name(target)}",
                      changes=Changes(takes_back=(action,), phase=target))
    return None


def _put_back(b: GameBuilder, snap: Snapshot) -> bool:
    """True when the cards show a rewind: no card moved since the snapshot, every card that
    moved already stands where it stood then (its player put them back, then clicked the
    phase), or a card that moved is put back where it stood then by one of the next plays."""
    moved = b.board.since(snap.board)
    if not moved:
        return True
    where = b.board.where
    if all(where.get(cid) == spot for cid, spot in moved.items()):
        return True
    for index, later in b.upcoming(REWIND_WINDOW):
        if str(later.get("play", "")).startswith("Enter "):
            break
        step = b.step_at(index)
        if step is None:
            continue
        for move in step.moves:
            if move.card in moved and moved[move.card] == move.after:
                return True
    return False


def rewinding(b: GameBuilder, play: Play, snap: Snapshot) -> ReadAs:
    """Go back to the moment the turn left ``snap``'s phase: what the engine was told since
    is taken back (noted), and cards the players put back are not moved again."""
    undone = b.actions[snap.mark.at:]
    first = undone[0]["log"]["time"] if undone else stamp(play.get("seconds"))
    return ReadAs("rewind.phase",
                  f"a rewind to the {phase_name(snap.phase)}: {len(undone)} action(s) from "
                  f"{first} on are undone (a slip fixed, not a step)",
                  changes=Changes(rewind=snap))


def settle_rewound(b: GameBuilder, play: Play, cid: str) -> None:
    """Apply :func:`settling`."""
    b.read_as(play, settling(b, play, cid))


def settling(b: GameBuilder, play: Play, cid: str) -> ReadAs | None:
    """A card a rewind left out of place is used before it was put back: the engine
    follows the log from here (``move`` to where the log has it). None when no rewind left
    it out of place."""
    if cid not in b.rewinds.pending:
        return None
    now = b.board.where.get(cid)
    if now is None or is_zone(now.spot):
        return ReadAs(changes=Changes(restores=(cid,)))
    return ReadAs(actions=(Emit(
        "move", b.board.owner(cid), {"card": cid, "to": _pile_word(now.spot)},
        note=read("rewind.not-put-back",
                  "not put back after the rewind: followed where the log has it")),),
                  changes=Changes(restores=(cid,)))


def end_turn(b: GameBuilder, play: Play, player: Player) -> None:
    """"Ended turn": the End Phase (implied when the log skipped it). The turn passes at
    the next player's "Entered Draw Phase": plays between are in this End Phase."""
    b.read_as(play, seq(advancing(b, play, player, "end", implied=True)
                        if b.turn.phase != "end" else None,
                        ReadAs(changes=Changes(ends_turn=True))))


def pass_turn(b: GameBuilder, play: Play | None = None) -> None:
    """The turn passes (:func:`passing`): the next player's turn begins."""
    ending = b.turn.ending
    at: Play = ending or play or {}
    b.read_as(at, passing(b, play))


def passing(b: GameBuilder, play: Play | None = None) -> ReadAs:
    """The end of the turn: ``end_turn`` (logged at the "Ended turn" play, or implied at
    ``play`` when the log has none), after the End Phase the log skipped and the cards a
    rewind left out of place followed; then the next player's turn begins."""
    ending = b.turn.ending
    at: Play = ending or play or {}
    steps: list[ReadAs] = []
    if ending is None and b.turn.phase != "end":
        steps.append(advancing(b, at, b.turn.player, "end", implied=True))
    steps += [r for r in (settling(b, at, cid) for cid in list(b.rewinds.pending))
              if r is not None]
    steps.append(ReadAs(actions=(Emit("end_turn", b.turn.player, implied=ending is None),),
                        changes=Changes(turn_passes=True)))
    return ReadAs(then=tuple(steps))


#: Turn plays that an effect may make too, on a card already on the field.
IN_PLACE: Final = frozenset({"Set monster", "Set ST"})


def before(b: GameBuilder, kind: str, player: Player, play: Play) -> None:
    """Before a play by the next player after "Ended turn" that only a turn player
    makes: their turn has begun though the log did not say so."""
    if b.turn.ending is None or player == b.turn.player:
        return
    if kind in IN_PLACE and not from_hand(play):
        return  # "Set "X" in M-4": turned face-down where it stands, by an effect
    if kind == "Draw card" and not b.turn.effect_since_end:
        drawing = _end_phase_draw(b, player)
        if drawing is not None:
            b.read_as(play, ReadAs("turn.end-phase-draw",
                                   f"a draw after \"Ended turn\", just before its player's "
                                   f"\"Entered Draw Phase\": {drawing}'s draw in the ending "
                                   f"turn's End Phase, as its text says"))
            return
    if kind in TURN_PLAYS or (kind == "Draw card" and not b.turn.effect_since_end and
                              not _turn_starts_next(b, play, player)):
        b.read_as(play, ReadAs("turn.implied-start",
                               "the turn passed with no \"Entered Draw Phase\": implied"))
        pass_turn(b)


def _turn_starts_next(b: GameBuilder, play: Play, player: Player) -> bool:
    """True when the drawing player's own "Entered Draw Phase" follows within a few plays and
    a card of the ending turn can make them draw: the turn has not passed, and the draw is
    that card's, taken late (Mulcharmy Fuwalos's for the turn's last Special Summon), judged
    in the ending turn. An unexplained draw there starts the next turn (its second draw
    flagged)."""
    for _, later in b.upcoming(TURN_STARTS_WITHIN):
        if later.get("play") == "Start turn":
            return later.get("username") == play.get("username") and \
                explaining(b, "draws", player) is not None
    return False


def _end_phase_draw(b: GameBuilder, player: Player) -> str | None:
    """The card whose End Phase draw a draw after "Ended turn" is, as notes name it: a card
    the player used this turn whose text (the replay's card object) draws "during the End
    Phase" (Super Rejuvenation), their own "Entered Draw Phase" coming next; else None."""
    found = b.next_play()
    if found is None or found[1].get("play") != "Start turn" or \
            found[1].get("username") != b.game.players[player]:
        return None
    for _, who, cid in b.turn.recent:
        name = b.board.name(cid) if who == player else None
        text = (b.knowledge.objects.get(name) or {}).get("effect") if name else None
        if isinstance(text, str) and draws_in_end_phase(text):
            return b.label(cid)
    return None


_PILE_WORDS: Final = {"graveyard": "graveyard", "banished": "banished", "hand": "hand",
                      "deck": "deck", "extra": "extra", "material": "graveyard"}


def _pile_word(pile: str) -> str:
    return _PILE_WORDS.get(pile, "graveyard")


def restored_spot(b: GameBuilder, cid: str) -> Spot | None:
    """Where the engine still has a card a rewind left out of place (None: not pending)."""
    return b.rewinds.pending.get(cid)

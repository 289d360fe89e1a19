"""Cards sent in a Duelingbook log, to the Graveyard, banishment, the hand, the Deck or the Extra
Deck: a plain send (a monster sent off the field may be a Tribute or material of the summon
that follows), or a play read otherwise: an activation or a Summon taken back, Set cards put
back (at once, or together), an Xyz Summon's overlay undone, a Set card activated by a send;
a card sent from the hand is a discard (:mod:`.discards`)."""

from __future__ import annotations

from typing import Any, Final

from validator.document.model import Player
from validator.importers.duelingbook import logtext
from validator.importers.duelingbook.board.tracker import Spot, is_monster_zone, is_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.game import Play, stamp, texts
from validator.importers.duelingbook.readings import corrections, negation, phases
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.discards import discard
from validator.importers.duelingbook.readings.result import (
    Emit,
    ReadAs,
    Sent,
    emitting,
    seq,
)
from validator.importers.duelingbook.readings.windows import (
    OPPONENT_JUST_USED,
    OVERLAY_UNDONE_WITHIN,
    SETS_PUT_BACK_WITHIN,
)


def send(b: GameBuilder, play: Play, player: Player, *, to: str,
         claimable: bool = False) -> None:
    """To the Graveyard, banishment, the hand, the deck or the Extra Deck (``claimable``: a
    monster sent off the field there may be a Tribute or material, as one sent to the GY)."""
    cid, move = b.cid, b.moved()
    if move is None:
        return  # already there (a card added to the hand it is in)
    before = move.before
    if to == "graveyard" and b.read_as(play, _overlay_undone(b, play, cid)):
        return
    if to == "graveyard":
        b.read_as(play, _set_card_activated(b, play, player, cid, before))
    if before is not None and before.spot == "hand" and to == "graveyard":
        discard(b, play, player, cid)
        return
    if b.restores(move):
        b.read_as(play, corrections.put_back(b, cid))
        return
    if to in ("hand", "deck"):
        taken = _activation_taken_back(b, play, player, cid, before)
        if taken is not None:  # to the Deck, it goes on from the hand, where the activation
            moved = emitting(Emit("move", player, {"card": cid, "to": to}))  # taken back left it
            b.read_as(play, taken if to == "hand" else seq(taken, moved))
            return
        undone = _activation_undone(b, player, cid, before)
        if undone is not None:
            b.read_as(play, seq(undone, emitting(Emit("move", player, {"card": cid, "to": to}))))
            return
    b.read_as(play, (_summon_put_back(b, play, player, cid, before) or
                     _set_back_at_once(b, play, cid, before) or
                     _sets_back_together(b, play, cid, before) or
                     corrections.summon_taken_back(b, play, player, cid, before)
                     if to == "hand" else None) or
              seq(negation.negated(b, cid, before) if to == "graveyard" else None,
                  _sent(b, play, player, cid, to, before, claimable)))


def _sent(b: GameBuilder, play: Play, player: Player, cid: str, to: str,
          before: Spot | None, claimable: bool) -> ReadAs | None:
    """The card moved to ``to``: a monster sent off the field to the Graveyard or banished
    may be a Tribute or material of the summon that follows (or brought straight back: a
    slip)."""
    place = before.spot if before else ""
    sent = Sent(cid, before.side if before else player, before, play.get("username")) \
        if to in ("graveyard", "banished") and is_monster_zone(place) else \
        Sent(cid, before.side) if claimable and before is not None and \
        is_monster_zone(place) else None
    return seq(phases.settling(b, play, cid), emitting(Emit(
        "move", player, {"card": cid, "to": to}, sent=sent)))


def _activation_taken_back(b: GameBuilder, play: Play, player: Player, cid: str,
                           before: Any) -> ReadAs | None:
    """A Spell or Trap card with a limit of its own (contract §8: "You can only activate 1 X
    per turn", a lock "the turn you activate this card") activated by the turn player and
    returned by them from its zone to the hand or the Deck with no other action between: the
    activation taken back (the card put back is the evidence), neither is a step, so it
    counts toward none of its limits. Any other such return is read as it is (a card moved
    for the opponent's effect, a slip of another kind)."""
    if before is None or not is_zone(before.spot) or is_monster_zone(before.spot) or \
            not b.actions:
        return None
    last = b.actions[-1]
    if last.get("type") != "activate" or last.get("card") != cid or \
            last.get("player") != player or player != b.turn.player or last.get("respond"):
        return None
    entry = b.card(cid).definition or {}
    if entry.get("kind") == "monster" or not (entry.get("activations_per_turn") or
                                              entry.get("activation_once") or
                                              entry.get("locks")):
        return None  # only a card with a limit of its own: any other activation stays judged
    return ReadAs("slip.activation-taken-back",
                  f"{b.label(cid)} activated, then returned by its player from {before.spot} "
                  f"with nothing between: the activation taken back, neither is a step",
                  drops=(last,))


def _activation_undone(b: GameBuilder, player: Player, cid: str,
                       before: Any) -> ReadAs | None:
    """A Spell or Trap card with "You can only activate 1 X per turn" (contract §8),
    activated from the hand this turn and still in its zone, later returned by its player
    from there to the hand or the Deck: the activation undone, the card put back (a
    misclick, a play rolled back after a dispute), so it counts toward none of its limits
    and is no step. Read only where no activation responded to it (the chain it began would
    otherwise lose its first link), and where the player activated nothing else since (an
    effect that returns it: Mitsurugi no Mikoto, Kusanagi's). A card returned from the
    Graveyard or banishment is read as it is: many return by their own effect (Mitsurugi
    Prayers, the Dracotail Spells), except one its player banished from its zone by the
    play before (the card put back in two clicks)."""
    if before is None or not b.actions:
        return None
    last = b.actions[-1]
    banished_first = before.spot == "banished" and last.get("type") == "move" and \
        last.get("card") == cid and last.get("to") == "banished" and \
        last.get("player") == player  # put back in two clicks: banished, then to the hand
    if not banished_first and (not is_zone(before.spot) or is_monster_zone(before.spot)):
        return None
    known = b.card(cid)
    if (known.definition or {}).get("kind") == "monster" or \
            not (known.facts.activations_per_turn or known.facts.activation_once):
        return None  # the card database's limit (carried or not: the document is the log's)
    for n in range(len(b.actions) - 1, -1, -1):
        earlier = b.actions[n]
        if earlier.get("type") == "end_turn":
            return None
        if earlier.get("type") == "activate" and earlier.get("card") == cid:
            break
    else:
        return None
    since = b.actions[n + 1:]
    if earlier.get("player") != player or "zone" not in earlier or any(
            later.get("respond") for later in since):
        return None  # a chain on it
    if [later for later in since if later.get("card") == cid] != \
            ([last] if banished_first else []):
        return None  # it left its zone since (resolved to the GY, moved by an effect)
    for _, who, used in reversed(b.turn.recent):
        if (who, used) == (player, cid):
            break
        if who == player:
            return None  # an effect of the player's since, which may have returned it
    else:
        return None
    return ReadAs("slip.activation-undone",
                  f"{b.label(cid)} activated from the hand this turn, then put back by its "
                  f"player from {before.spot}: the activation undone, it counts toward "
                  f"none of the card's limits", drops=(earlier,))


def _set_back_at_once(b: GameBuilder, play: Play, cid: str, before: Any) -> ReadAs | None:
    """A Set Spell or Trap its player returns to the hand in the opponent's turn and, as
    their very next play, Sets again in the same zone, nothing between (a misclick carrying
    out the opponent's effect; a Set then would break the rules): a slip undone, neither play
    is a step, and the card stays Set as it was. In their own turn such a return may be an
    effect of theirs (Brionac) and the Set a Set: both are read as they are."""
    if before is None or before.face_up or not is_zone(before.spot) or \
            is_monster_zone(before.spot) or before.side == b.turn.player:
        return None
    found = b.next_own(play, cid, ("Set ST",))
    back = found[2].move_of(cid) if found is not None else None
    if found is None or back is None or back.after is None or back.after.face_up or \
            (back.after.side, back.after.spot) != (before.side, before.spot):
        return None
    return ReadAs("slip.returned-and-back",
                  f"{b.label(cid)} returned from {before.spot} to the hand and Set there again "
                  f"by its player's very next play: a slip undone, neither is a step",
                  consumes=(found[0],))


#: What the opponent may do while a player puts their Set cards back: put back cards of their
#: own (the rollback both players make), nothing that uses a card.
_PUTTING_BACK: Final = frozenset({"To hand", "To T Deck", "To B Deck", "To deck", "To GY",
                                  "SS ATK", "SS DEF", "Move"})


def _sets_back_together(b: GameBuilder, play: Play, cid: str, before: Any) -> ReadAs | None:
    """Set Spells and Traps a player returns to the hand in the opponent's turn, one after the
    other, and Sets again, each the same card back in the zone it left, face-down, as their
    next plays (nothing else of theirs between; the opponent only putting back cards of their
    own meanwhile): the Set cards put back where they were, a rollback of the board, neither
    play is a step and the cards stay Set as they were. (One card Set back as the very next
    play is :func:`_set_back_at_once`.)"""
    if before is None or before.face_up or not is_zone(before.spot) or \
            is_monster_zone(before.spot) or before.side == b.turn.player:
        return None
    user = play.get("username")
    left = {cid: (before.side, before.spot)}
    played: list[int] = []
    for index, later in b.upcoming(SETS_PUT_BACK_WITHIN):
        kind = later.get("play")
        if later.get("username") != user:
            if kind not in _PUTTING_BACK:
                return None  # the opponent used a card meanwhile: the Sets may be new
            continue
        step = b.step_at(index)
        moved = step.move_of(step.card) if step is not None and step.card else None
        if moved is None or moved.before is None or moved.after is None:
            return None
        if kind == "To hand" and not played and moved.after.spot == "hand" and \
                not moved.before.face_up and is_zone(moved.before.spot) and \
                not is_monster_zone(moved.before.spot) and moved.before.side == before.side:
            left[moved.card] = (moved.before.side, moved.before.spot)  # another Set card
            played.append(index)
            continue
        if kind != "Set ST" or moved.before.spot != "hand" or moved.after.face_up or \
                left.get(moved.card) != (moved.after.side, moved.after.spot):
            return None
        del left[moved.card]
        played.append(index)
        if not left:
            break
    if left or len(played) < 3:  # (two cards at least: one is _set_back_at_once's)
        return None
    return ReadAs("slip.sets-returned-and-back",
                  f"{b.label(cid)} and the other Set card(s) its player returned to the hand "
                  f"with it, in the opponent's turn, Set again by their next plays, each in "
                  f"the zone it left: the Set cards put back where they were, no step",
                  consumes=tuple(played))


def _summon_put_back(b: GameBuilder, play: Play, player: Player, cid: str,
                     before: Any) -> ReadAs | None:
    """A Normal Summon or Set of this turn put back into the hand by its player before the
    monster did anything (a slip fixed before the turn ended): both are undone. Not a
    monster with an ignition or quick effect on the field, which may be what returns it."""
    action = b.turn.placed_at.get(cid)
    if action is None or before is None or not is_monster_zone(before.spot):
        return None
    since = b.log.since(action)
    if not since:
        return None
    later_actions = since[1:]
    if action.get("card") != cid or action.get("player") != player or action.get("tributes"):
        return None
    if b.turn.placed_used.get(cid) or _searched_since(b, action, play):
        return None  # its effect was used: the return is an effect's, or a cost
    if b.card(cid).effect_kinds("field") & {"ignition", "quick"}:
        return None  # an effect of its own it can use on the field may return it (Swap Frog)
    for later in later_actions:
        if cid in (later.get("card"), later.get("target")) or cid in later.get("tributes", ()):
            return None  # the monster was used: the return is an effect's
    return ReadAs("slip.summon-taken-back",
                  f"{b.label(cid)} Normal Summoned or Set this turn, then put back into the "
                  f"hand by its player before it did anything: a slip fixed, neither is a step",
                  drops=(action,))


def _searched_since(b: GameBuilder, summon: dict[str, Any], play: Play) -> bool:
    """True when the player took a card out of their Deck between a summon and this play (a
    summoned monster's effect resolving: Swap Frog's "send 1 Frog from your Deck"). A card
    the player had put into the Deck since, taken back out (the same card object: a card
    misplaced and put back, as the rest of the slip is undone), is no search."""
    start = next((i for i in range(b.cursor - 1, -1, -1)
                  if texts_time(b.plays[i]) == summon["log"]["time"] and
                  b.plays[i].get("username") == play.get("username")), None)
    if start is None:
        return False
    put_in: set[str] = set()
    for index in range(start + 1, b.cursor):
        step = b.step_at(index)
        if step is None or b.plays[index].get("username") != play.get("username"):
            continue
        taken = [m.card for m in step.moves if m.before is not None and m.before.spot == "deck"]
        if any(card not in put_in for card in taken) or \
                (not taken and logtext.source_pile(texts(b.plays[index])[1]) == "deck"):
            return True
        put_in.update(m.card for m in step.moves if m.after is not None and
                      m.after.spot == "deck")
    return False


def texts_time(play: Any) -> str | None:
    """A play's time as the log writes it (None for what is not a play)."""
    return stamp(play.get("seconds")) if isinstance(play, dict) else None


def _set_card_activated(b: GameBuilder, play: Play, player: Player, cid: str,
                        spot: Any) -> ReadAs | None:
    """A Set Trap (or Quick-Play Spell) sent from its zone by its controller, with no
    "Activated" line: read as activated when it was Set before this turn (Trap Dustshoot,
    Solemn Judgment); one Set this turn cannot have been, so it is only sent (noted)."""
    if spot is None or spot.face_up or spot.side != player or is_monster_zone(spot.spot) or \
            not is_zone(spot.spot):
        return None
    known = b.card(cid)
    if not (known.kind == "trap" or known.subtype == "quick_play"):
        return None
    if any(who != player for index, who, _ in b.turn.recent
           if b.cursor - index <= OPPONENT_JUST_USED):
        return None  # a card the opponent just used destroys it: only sent
    if cid in b.turn.set_cards:
        return ReadAs("spell-trap.sent-set-this-turn",
                      f"{b.label(cid)} sent to the Graveyard without an activation line: it "
                      f"was Set this turn, so it is read as only sent")
    return seq(phases.settling(b, play, cid), ReadAs(uses=((player, cid),), actions=(Emit(
        "activate", player, {"card": cid},
        note=read("spell-trap.sent-read-as-activated",
                  "no \"Activated\" line: a Set card its controller sent straight to the "
                  "Graveyard is read as activated")),)))


def _overlay_undone(b: GameBuilder, play: Play, cid: str) -> ReadAs | None:
    """All three plays read as no step, with the overlay before them, when a monster laid
    onto another ("Overlayed A onto B", no Xyz Summon yet, nothing moved since) is sent to the
    GY with the pile (the monster under it comes up in the zone, as Duelingbook shows it), and
    its player's next two card plays Special Summon both back, each to the zone it stood in
    before the overlay: a premature overlay undone (the opponent still reading)."""
    step = b.card_step
    sent = step.move_of(cid)
    under = next((m for m in step.moves if m.card != cid and m.before is not None and
                  m.before.spot == "material"), None)
    if sent is None or sent.before is None or under is None or under.after is None or \
            not is_monster_zone(sent.before.spot) or under.after.spot != sent.before.spot:
        return None
    before: str | None = None
    for index in range(b.cursor - 1, max(b.cursor - 1 - OVERLAY_UNDONE_WITHIN, -1), -1):
        earlier = b.step_at(index)
        if earlier is None or not earlier.moves:
            continue
        laid = earlier.move_of(cid) if b.plays[index].get("play") == "Overlay" else None
        if laid is None or laid.before is None or earlier.move_of(under.card) is None or \
                b.plays[index].get("username") != play.get("username"):
            return None  # something moved since, or no overlay of these two
        before = laid.before.spot
        break
    if before is None:
        return None
    wanted = {under.card: under.after.spot, cid: before}
    found: list[int] = []
    for index, later in b.upcoming(OVERLAY_UNDONE_WITHIN):
        nxt = b.step_at(index)
        if nxt is None or nxt.card is None:
            continue
        back = nxt.move_of(nxt.card)
        where = back.after.spot if back is not None and back.after is not None else \
            wanted.get(nxt.card) if back is None and nxt.card == under.card else None
        if later.get("username") != play.get("username") or \
                later.get("play") not in ("SS ATK", "SS DEF") or wanted.get(nxt.card) != where:
            return None
        del wanted[nxt.card]
        found.append(index)
        if not wanted:
            return ReadAs("slip.overlay-undone",
                          f"{b.label(cid)} laid onto {b.label(under.card)} with no Xyz Summon, "
                          f"the pile sent to the GY and both Special Summoned straight back to "
                          f"their zones ({before}, {under.after.spot}): the overlay undone, "
                          f"neither is a step", consumes=tuple(found))
    return None

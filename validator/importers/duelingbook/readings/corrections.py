"""Plays that correct an earlier play, read with the evidence the log holds for it: an
effect's Special Summon redone with the right monster after the opponent objected in chat, a
second Normal Summon taken back after the opponent objected, a Set card's activation taken
back (the card put back and Set again where it stood), a Set card flipped face-up to show it,
a just-summoned monster's position clicked and clicked back; and a card a rewind left out of
place, put back where it stood (:func:`put_back`).

Each reading here needs the same card objects the log moved and, where the players talked
it out, the chat line between: a correction nobody asked for and nothing in the log shows
stays what it looks like (docs/duelingbook.md, "Readings")."""

from __future__ import annotations

from typing import Any, Final

from validator.document.model import Player
from validator.importers.duelingbook import logtext
from validator.importers.duelingbook.board.follow import Move
from validator.importers.duelingbook.board.tracker import Spot, is_monster_zone, is_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.game import CHAT, GAME_BOUNDARIES, Play, texts
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.result import Changes, Emit, ReadAs
from validator.importers.duelingbook.readings.windows import (
    AT_ONCE_SECONDS,
    SAME_PLAYER_NEXT,
    SHOWN_SET_BETWEEN,
)


def _opponent_spoke(b: GameBuilder, play: Play, since: int) -> bool:
    """True when ``play``'s opponent wrote in chat after play ``since`` and before this one
    (an objection, a request, a consent: what a correction the players agreed on needs)."""
    user = play.get("username")
    for index in range(b.cursor - 1, since, -1):
        earlier = b.plays[index]
        if earlier.get("play") in CHAT and earlier.get("username") != user and \
                earlier.get("username") in b.users and str(earlier.get("message") or ""):
            return True
    return False


def _placed_at(b: GameBuilder, cid: str, pile: str) -> int | None:
    """The play of this turn that last brought ``cid`` from ``pile`` to a Monster Zone."""
    for index in range(b.cursor - 1, -1, -1):
        earlier = b.plays[index]
        if earlier.get("play") in GAME_BOUNDARIES or earlier.get("play") == "Start turn":
            return None
        step = b.step_at(index)
        moved = step.move_of(cid) if step is not None else None
        if moved is not None and moved.before is not None and moved.before.spot == pile and \
                moved.after is not None and is_monster_zone(moved.after.spot):
            return index
    return None


def summon_redone(b: GameBuilder, play: Play, player: Player, cid: str,
                  move: Move) -> ReadAs | None:
    """A "Normal Summon" click, where a Normal Summon would break the rules, that redoes an
    effect's Special Summon from the Graveyard with another monster: the monster Special
    Summoned from the Graveyard this turn and used for nothing since, sent back there by its
    player after the opponent objected in chat, then this card taken from the Graveyard to
    the hand and placed in the same zone, as the player's last plays. Read as the Special
    Summon of this card from the Graveyard; the first monster never left it (its Special
    Summon, its return and this card's trip through the hand are taken back).

    >>> from validator.importers.duelingbook.readings.catalog import catalog
    >>> catalog()["summon.redone-after-objection"].family
    'summon'
    """
    if move.after is None or len(b.actions) < 3:
        return None
    back, sent = b.actions[-1], b.actions[-2]
    if back["type"] != "move" or back.get("card") != cid or back.get("to") != "hand" or \
            back["player"] != player or \
            logtext.source_pile(back["log"].get("text", "")) != "graveyard":
        return None
    wrong = sent.get("card")
    if not isinstance(wrong, str) or sent["type"] != "move" or sent.get("to") != "graveyard" \
            or sent["player"] != player:
        return None
    left = b.materials.sent_from.get(wrong)
    if left is None or left[0] is not sent or left[1].side != player or \
            left[1].spot != move.after.spot:
        return None  # not sent from the zone this card goes to
    summon = next((a for a in b.this_turn_backwards() if a["type"] == "special_summon" and
                   a.get("card") == wrong), None)
    revived_at = _placed_at(b, wrong, "graveyard")
    if summon is None or summon["player"] != player or revived_at is None:
        return None
    for later in b.log.since(summon)[1:]:
        if later is not sent and (wrong in (later.get("card"), later.get("target")) or
                                  wrong in later.get("tributes", ())):
            return None  # it was used on the field: its Special Summon stands
    if not _opponent_spoke(b, play, revived_at):
        return None
    return ReadAs(drops=(summon, sent, back), uses=((player, cid),), actions=(Emit(
        "special_summon", player, {"card": cid, "position": "attack"},
        note=read("summon.redone-after-objection",
                  f"{b.label(wrong)}, Special Summoned from the Graveyard this turn and used "
                  f"for nothing, was sent back there after the opponent objected in chat, "
                  f"and {b.label(cid)} taken from the Graveyard to the same zone: the "
                  f"effect's Special Summon redone with this monster, not a Normal Summon")),))


def summon_taken_back(b: GameBuilder, play: Play, player: Player, cid: str,
                      before: Spot | None) -> ReadAs | None:
    """A second Normal Summon of this turn returned from its zone to the hand by its player,
    after the opponent wrote in chat since it was made (the objection to it), with nothing
    but cards moved since (its effect declared, a cost sent: no summon, activation or
    attack): the players took it back, so it was never made. Not a Tribute Summon (its
    Tributes would have to come back too).

    >>> from validator.importers.duelingbook.readings.catalog import catalog
    >>> catalog()["slip.summon-taken-back-on-objection"].family
    'slip'
    """
    action = b.turn.placed_at.get(cid)
    if action is None or before is None or not is_monster_zone(before.spot) or \
            action.get("type") != "normal_summon" or action.get("player") != player or \
            action.get("tributes"):
        return None
    if not any(earlier is action for earlier in b.summons_this_turn(player)[1:]):
        return None  # the turn's first: nothing to object to
    since = b.log.since(action)
    # its own effect declared since is an activation when it is a trigger on being Summoned
    # (readings/effects.py): taken back with the summon
    own = [later for later in since[1:] if later["type"] == "activate" and
           later.get("card") == cid and later.get("player") == player]
    if not since or any(later["type"] != "move" and not any(later is mine for mine in own)
                        for later in since[1:]):
        return None  # something resolved or was summoned since: the summon was played on
    summoned_at = _placed_at(b, cid, "hand")
    if summoned_at is None or not _opponent_spoke(b, play, summoned_at):
        return None
    return ReadAs("slip.summon-taken-back-on-objection",
                  f"{b.label(cid)}, the turn's second Normal Summon, put back into the hand by "
                  f"its player after the opponent objected in chat, with only cards moved "
                  f"since: taken back, neither is a step", drops=(action, *own))


def _turned_up_at(b: GameBuilder, cid: str, *, this_turn: bool = True) -> int | None:
    """The play (of this turn, with ``this_turn``) that last turned ``cid`` face-up where it
    stood (a Set card activated)."""
    for index in range(b.cursor - 1, -1, -1):
        earlier = b.plays[index]
        if earlier.get("play") in GAME_BOUNDARIES or \
                (this_turn and earlier.get("play") == "Start turn"):
            return None
        step = b.step_at(index)
        if step is not None and any(card == cid and not before.face_up and after.face_up
                                    for card, before, after in step.turned):
            return index
    return None


def set_card_restored(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs | None:
    """A Set card activated this turn (turned face-up where it stood, never Set this turn),
    sent to the Graveyard, then placed back in the same zone from the Graveyard and turned
    face-down by its player, after the opponent wrote in chat since the activation, with
    nothing else done with it: the activation taken back (a rewind the players talked out),
    so the card is again the one Set before this turn, no new Set.

    >>> from validator.importers.duelingbook.readings.catalog import catalog
    >>> catalog()["rewind.set-card-restored"].family
    'rewind'
    """
    spot = b.board.where.get(cid)
    if spot is None or spot.side != player or not is_zone(spot.spot) or \
            is_monster_zone(spot.spot) or spot.face_up:
        return None  # (this play's step is applied: the card stands face-down now)
    mine = [a for a in b.this_turn_backwards()
            if cid in (a.get("card"), a.get("target"))][::-1]
    if [a["type"] for a in mine] != ["activate", "move", "move"]:
        return None  # not activated, sent and placed back, and only that, this turn
    activation, sent, placed = mine
    if activation["player"] != player or activation.get("zone") is None or \
            sent.get("to") != "graveyard" or placed.get("to") != "spell_trap" or \
            placed.get("face_down") or placed.get("zone") != activation.get("zone") or \
            logtext.source_pile(placed["log"].get("text", "")) != "graveyard":
        return None
    activated_at = _turned_up_at(b, cid)
    if activated_at is None or not _opponent_spoke(b, play, activated_at):
        return None
    return ReadAs("rewind.set-card-restored",
                  f"{b.label(cid)}, a Set card activated this turn, sent to the Graveyard, then "
                  f"put back in its zone and Set again by its player after the opponent wrote "
                  f"in chat: the activation taken back, the card is again the one Set before "
                  f"this turn (no new Set)", drops=(activation, sent, placed))


#: What may come between a Set card flipped face-up to show it and its Set again: the
#: player's Sets of other cards, the turn passing; nothing that resolves.
_WHILE_SHOWN: Final = frozenset({"set_spell_trap", "phase", "end_turn", "draw"})


def set_card_shown(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs | None:
    """A Set card its player flipped face-up ("Activated Set") and turns face-down again in
    the same zone, with only their Sets of other cards or the turn passing between (no chain,
    nothing resolved, the card not moved) and the opponent writing in chat since the
    player's play before the flip (asking to read it): shown, not activated.

    >>> from validator.importers.duelingbook.readings.catalog import catalog
    >>> catalog()["shown.set-card-on-request"].family
    'shown'
    """
    actions = b.actions
    for index in range(len(actions) - 1, max(len(actions) - 2 - SHOWN_SET_BETWEEN, -1), -1):
        action = actions[index]
        if action.get("card") == cid or action.get("target") == cid:
            break
        if action["type"] not in _WHILE_SHOWN:
            return None
    else:
        return None
    if action["type"] != "activate" or action["player"] != player or \
            action.get("zone") is None:
        return None
    flipped_at = _turned_up_at(b, cid, this_turn=False)
    if flipped_at is None:
        return None
    before = _own_play_before(b, play, flipped_at)
    if before is None or not _opponent_spoke(b, play, before):
        return None
    return ReadAs("shown.set-card-on-request",
                  f"{b.label(cid)} flipped face-up and Set again in its zone by its player, "
                  f"with nothing resolved between, as the opponent asked in chat: a Set card "
                  f"shown, not activated", drops=(action,))


def _own_play_before(b: GameBuilder, play: Play, index: int) -> int | None:
    """The index of the last play before ``index`` that ``play``'s player made (a quiet play,
    as a chat line, left out), if any."""
    user = play.get("username")
    return next((i for i in range(index - 1, -1, -1)
                 if b.plays[i].get("username") == user and
                 b.plays[i].get("play") not in b.names.quiet), None)


def extra_deck_card_shown(b: GameBuilder, play: Play, cid: str, move: Any) -> ReadAs | None:
    """A card Special Summoned from the Extra Deck to a Main Monster Zone (where Duelingbook
    lays a card down to show it) and returned to the Extra Deck by its player's very next
    play (nothing done with it between), the opponent having written in chat since the
    player's play before it (asking to read it): a card shown on request, neither play is a
    step.

    >>> from validator.importers.duelingbook.readings.catalog import catalog
    >>> catalog()["shown.extra-deck-on-request"].family
    'shown'
    """
    if move is None or move.after is None or not move.after.spot.startswith("M-") or \
            (move.before.spot if move.before is not None  # a card seen first: its line
             else logtext.source_pile(texts(play)[1])) != "extra":
        return None
    found = b.next_own(play, cid, ("To ED",))
    if found is None:
        return None
    before = _own_play_before(b, play, b.cursor)
    if before is None or not _opponent_spoke(b, play, before):
        return None
    return ReadAs("shown.extra-deck-on-request",
                  f"{b.label(cid)} put on the field from the Extra Deck and returned there by "
                  f"its player's next play, as the opponent asked in chat: a card shown, "
                  f"neither is a step", consumes=(found[0],))


def summon_position_undone(b: GameBuilder, play: Play, cid: str,
                           summoned: str) -> ReadAs | None:
    """A change of a monster just Special Summoned in ``summoned`` position that its player
    changes back to that position as their next play, within seconds (the opponent's plays
    between naming other cards: a draw their effect makes): a misclick fixed, the monster
    stays in the position it was summoned in, neither click is a change.

    >>> from validator.importers.duelingbook.readings.catalog import catalog
    >>> catalog()["slip.position-undone"].family
    'slip'
    """
    user = play.get("username")
    for index, later in b.upcoming(SAME_PLAYER_NEXT):
        step = b.step_at(index)
        if later.get("username") != user:
            if step is not None and (step.card == cid or step.move_of(cid) is not None):
                return None  # the opponent's play is about it
            continue
        if later.get("play") not in ("To ATK", "To DEF") or step is None or \
                step.card != cid or not step.turned or \
                step.turned[0][2].position != summoned or \
                int(later.get("seconds") or 0) - int(play.get("seconds") or 0) > AT_ONCE_SECONDS:
            return None
        return ReadAs("slip.position-undone",
                      f"{b.label(cid)}, just Special Summoned in {summoned.capitalize()} "
                      f"Position, changed and changed back by its player's next play: a "
                      f"misclick fixed, no change", consumes=(index,))
    return None


def put_back(b: GameBuilder, cid: str) -> ReadAs:
    """A card a rewind left out of place, put back where it stood before the rewind (the
    engine never saw it leave): no action, and it is no longer pending (the summon, Set and
    send handlers ask :meth:`~.builder.GameBuilder.restores` first).

    >>> from types import SimpleNamespace as N
    >>> found = put_back(N(label=lambda cid: "Sangan"), "c1")
    >>> found.text, found.changes.restores
    ('Sangan put back where it stood before the rewind: no action', ('c1',))
    """
    return ReadAs("rewind.put-back", f"{b.label(cid)} put back where it stood before the "
                                     f"rewind: no action", changes=Changes(restores=(cid,)))

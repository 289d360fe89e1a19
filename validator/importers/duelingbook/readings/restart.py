"""A turn restarted: the players agree in chat to replay the turn from its start (a dispute
settled by going back), the turn player clicks back to the Draw Phase, puts the card they
drew for the turn back on top of the Deck, and draws it again. The turn is played anew from
there, so the activations of the turn's first try, by either player, whose cards the player
who activated them put back, count toward none of their cards' limits (contract §8): "You can
only activate 1 X per turn", "You can only use each effect of X once per turn", an effect's
use limit, a lock.

The reading needs all of it in the log: the Draw Phase entered again by the turn player, the
chat request and the other player's consent, the turn's draw put back on top of the Deck and
drawn again, and each activation's card back in the hand or the Deck. Without any of them the
activations count as they stand (docs/duelingbook.md, "Readings")."""

from __future__ import annotations

from typing import Final

from validator.document.model import Player, other
from validator.importers.duelingbook.actions import Action
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.game import Play, unstamp
from validator.importers.duelingbook.readings.result import ReadAs
from validator.importers.duelingbook.readings.rollback import consent

#: Where an activated card stands once its player put it back for the replayed turn.
_PUT_BACK: Final = frozenset({"hand", "deck"})
#: Where the other player puts back cards of their own, taking part in the restart.
_TAKEN_BACK: Final = frozenset({"hand", "deck", "extra"})


def restarted(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs | None:
    """This draw is the turn's draw made again: the turn player entered the Draw Phase again
    after drawing ``cid`` for the turn, put it back on top of the Deck, and the players agreed
    in chat (a request, the other player's consent). Read as the turn restarted: the
    activations since the turn's draw that spend a card limit, by either player, each card put
    back since by the player who activated it (:func:`_undone`), are taken back (they count
    toward no limit); the draw itself is read as draws are. None when the evidence does not
    hold.

    >>> from validator.importers.duelingbook.readings.catalog import catalog
    >>> catalog()["rewind.turn-restarted"].family
    'rewind'
    """
    if player != b.turn.player or not b.turn.drew:
        return None
    first = _turn_draw(b.actions, player, cid)
    back = _went_back(b, play) if first is not None else None
    if first is None or back is None or not _back_on_top(b.actions[first + 1:], cid):
        return None
    undone = _undone(b, b.actions[first + 1:], back)
    agreed = _agreed(b, min(_time(a) or 0 for a in undone), back, player) if undone else None
    if agreed is None:
        return None
    names = ", ".join(sorted({b.label(str(a.get("card"))) for a in undone}))
    return ReadAs("rewind.turn-restarted",
                  f"the turn restarted as the players agreed in chat ({agreed}): the Draw "
                  f"Phase entered again, {b.label(cid)} put back on top of the Deck and drawn "
                  f"again; the "
                  f"activations of the first try ({names}), their cards put back, count toward "
                  f"none of their limits", drops=tuple(undone))


def _turn_draw(actions: list[Action], player: Player, cid: str) -> int | None:
    """Where in ``actions`` the turn's draw of ``cid`` by ``player`` is (this turn's only
    draw not made by an effect), or None."""
    for index in range(len(actions) - 1, -1, -1):
        action = actions[index]
        if action.get("type") == "end_turn":
            return None
        if action.get("type") == "draw" and action.get("player") == player and \
                not action.get("by_effect"):
            return index if action.get("card") == cid else None
    return None


def _back_on_top(since: list[Action], cid: str) -> bool:
    """True when ``cid`` was last moved to the Deck (put back on top of it) since its draw."""
    moves = [a for a in since if a.get("card") == cid and a.get("type") in ("move", "draw")]
    return bool(moves) and moves[-1].get("type") == "move" and moves[-1].get("to") == "deck"


def _went_back(b: GameBuilder, play: Play) -> int | None:
    """The time (seconds) the turn player last entered the Draw Phase again since the turn
    began, or None."""
    user = play.get("username")
    for index in range(b.cursor - 1, -1, -1):  # from the latest play back to the turn's start
        earlier = b.plays[index]
        if type(earlier) is not dict:
            continue
        if earlier.get("play") == "Start turn":
            return None
        if earlier.get("play") == "Enter DP" and earlier.get("username") == user:
            return _seconds(earlier.get("seconds"))
    return None


def _agreed(b: GameBuilder, since: int, back: int, player: Player) -> str | None:
    """Who asked and who agreed (as a note says it) when the players agreed to go back, as a
    rollback agreed in chat needs it
    (:func:`~validator.importers.duelingbook.readings.rollback.consent`): a chat request made at
    ``since`` seconds or later (the first try's plays disputed), before this play, and the other
    player's consent: their answer agreeing, a request of their own, or their part in it (cards
    of their own put back to the hand, the Deck or the Extra Deck after the Draw Phase was
    entered again at ``back`` seconds); None when they did not."""
    start = next((index for index in range(b.cursor) if type(b.plays[index]) is dict and
                  (_seconds(b.plays[index].get("seconds")) or -1) >= since), b.cursor)
    requests = [index for index in b.rewinds.asked if start <= index < b.cursor]
    if not requests:
        return None
    them = b.game.players[other(player)]
    took_part = any(a.get("type") == "move" and a.get("player") != player and
                    a.get("to") in _TAKEN_BACK and (_time(a) or -1) >= back
                    for a in b.actions)
    found = consent(b, start - 1, requests[0], b.cursor - 1, {them} if took_part else set())
    return None if found is None else found[0]


def _seconds(value: object) -> int | None:
    """A play's seconds, or None.

    >>> _seconds(727), _seconds("x")
    (727, None)
    """
    return value if type(value) is int else None


def _time(action: Action) -> int | None:
    """An action's log time in seconds ("[12:07]" is 727), or None.

    >>> _time({"log": {"time": "[12:07]"}}), _time({})
    (727, None)
    """
    log = action.get("log")
    return unstamp(log.get("time") if isinstance(log, dict) else None)


def _undone(b: GameBuilder, since: list[Action], back: int) -> list[Action]:
    """The activations in ``since`` made before the Draw Phase was entered again (at ``back``
    seconds), by either player, that spend a card limit (contract §8), each card put back
    later by the player who activated it: a Spell or Trap Card with a limit of its activation
    ("You can only activate 1 X per turn", "You can only use each effect of X once per turn"),
    activated into a zone and put back in the hand or the Deck; a card's effect with a use
    limit (``once``, ``shared``) or a lock, the card put back in the hand, the Deck or the
    Extra Deck."""
    found: list[Action] = []
    for index, action in enumerate(since):
        cid = action.get("card")
        if action.get("type") != "activate" or type(cid) is not str or \
                (_time(action) or back + 1) > back or not _limited(b, cid, action):
            continue
        who = action.get("player")
        back_to = _PUT_BACK if "zone" in action else _TAKEN_BACK
        later = [a for a in since[index + 1:] if a.get("card") == cid and
                 a.get("type") in ("move", "discard", "activate")]
        if later and later[-1].get("type") == "move" and later[-1].get("to") in back_to \
                and later[-1].get("player") == who:
            found.append(action)
    return found


def _limited(b: GameBuilder, cid: str, action: Action) -> bool:
    """True when this activation spends a card limit of its card's: a Spell's or Trap's
    activation into a zone with a limit of it, else an effect of a card with a use limit or a
    lock (the log may not say which effect: any of them)."""
    facts = b.card(cid).facts
    if "zone" in action:
        return bool(facts.activations_per_turn or facts.activation_once)
    return bool(facts.locks) or any(e.once is not None or e.shared is not None
                                    for e in facts.effects)

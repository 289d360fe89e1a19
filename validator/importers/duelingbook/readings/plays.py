"""One handler per Duelingbook play kind: its board step read as zero or more actions
(docs/duelingbook.md has the table; the kinds table, :data:`.kinds.KINDS`, is its source and
gives each kind its handler). This module holds the plays of the turn itself; the others live
in :mod:`.summons`, :mod:`.positions`, :mod:`.specials`, :mod:`.cardplays`, :mod:`.sets`,
:mod:`.declared`, :mod:`.sends`, :mod:`.moving`, :mod:`.battle`, :mod:`.placing` and
:mod:`.extra`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from validator.document.model import Player
from validator.importers.duelingbook.actions import Action
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cardtext import deck_search, lp_costs
from validator.importers.duelingbook.game import GAME_BOUNDARIES, CannotFollow, Play, unstamp
from validator.importers.duelingbook.readings import phases
from validator.importers.duelingbook.readings.battle import life_changed
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.explain import explaining
from validator.importers.duelingbook.readings.restart import restarted
from validator.importers.duelingbook.readings.result import Changes, Emit, ReadAs, emitting, seq
from validator.importers.duelingbook.readings.sends import send
from validator.importers.duelingbook.readings.windows import (
    EARLY_END_WITHIN,
    PUT_BACK_WITHIN,
    REJOIN_WITHIN,
    REVEAL_SECONDS,
    SAME_PLAYER_NEXT,
)

Handler = Callable[[GameBuilder, Play, Player], None]
#: The summons among them (a monster a dropped summon brought is moved nowhere after it).
_SUMMONS: Final = frozenset({"normal_summon", "set_monster", "special_summon"})
#: Action types a player shows cards with before admitting defeat.
_SHOWN: Final = frozenset({"normal_summon", "set_monster", "special_summon", "activate",
                           "set_spell_trap", "flip_summon", "change_position",
                           "declare_attack", "draw"})
#: What the other player may do between those plays (answering them) without ending them.
_ANSWERS: Final = frozenset({"special_summon", "move", "damage", "gain_lp", "activate",
                             "change_position", "discard", "draw"})


def enter(phase: str) -> Handler:
    """The handler of a play that enters ``phase`` ("Enter BP": ``battle``).

    >>> from validator.importers.duelingbook.replay import import_replay
    >>> pick = {"play": "Pick first", "order": ["a", "b"]}
    >>> game = import_replay({"plays": [pick, {"play": "Enter M1", "username": "a"}]})[0]
    >>> [(action["type"], action["to"]) for action in game.document["actions"]]
    [('phase', 'standby'), ('phase', 'main1')]
    """
    def handler(b: GameBuilder, play: Play, player: Player) -> None:
        phases.enter(b, play, player, phase)
    return handler


def start_turn(b: GameBuilder, play: Play, player: Player) -> None:
    if b.turn.ending is not None and player != b.turn.player:
        phases.pass_turn(b)
    elif player != b.turn.player and (b.turn.number > 1 or b.actions):
        b.read_as(play, ReadAs("turn.implied-end", f"the turn began with no \"Ended turn\" by "
                               f"{b.game.players[b.turn.player]}: the turn's end is implied"))
        phases.pass_turn(b, play)


def end_turn(b: GameBuilder, play: Play, player: Player) -> None:
    if player != b.turn.player:
        b.read_as(play, emitting(Emit("end_turn", player)))  # the engine says who may
        return
    if b.turn.ending is not None:
        return  # "Ended turn" clicked again
    if b.read_as(play, _ended_too_early(b, play, player)):
        return
    phases.end_turn(b, play, player)


#: Plays a turn player makes only in their Main Phase (or to enter Main Phase 2).
_MAIN_PLAYS: Final = frozenset({"Normal Summon", "Set monster", "Flip Summon", "Set ST",
                                "Enter M2"})


def _ended_too_early(b: GameBuilder, play: Play, player: Player) -> ReadAs | None:
    """"Ended turn" clicked in the same second as the opponent's Special Summon of a monster
    whose trigger is still to resolve (Gorz the Emissary of Darkness: its Token comes in the
    opponent's next plays), the turn player then making a Main Phase play before the
    opponent starts a turn: the turn cannot end with that trigger pending, so the click came
    too early and the turn goes on (its Main Phase 2 implied), no end."""
    quiet = b.names.quiet
    index = next((i for i in range(b.cursor - 1, -1, -1) if type(b.plays[i]) is dict and
                  b.plays[i].get("play") not in quiet), None)
    summon = b.plays[index] if index is not None else {}
    step = b.step_at(index) if index is not None else None
    if summon.get("play") not in ("SS ATK", "SS DEF") or step is None or step.card is None or \
            summon.get("username") == play.get("username") or \
            summon.get("seconds") != play.get("seconds") or \
            not any(e.kind == "trigger" for e in b.card(step.card).facts.effects):
        return None
    later = list(b.upcoming(EARLY_END_WITHIN))
    if not later or later[0][1].get("username") == play.get("username"):
        return None  # the trigger's resolution comes first
    for at, each in later:
        kind = each.get("play")
        if kind == "Start turn":
            return None
        if each.get("username") != play.get("username"):
            continue
        moved = b.step_at(at)
        known = b.card(moved.card if moved is not None else None)
        if kind in _MAIN_PLAYS or (kind == "Activate ST" and known.kind == "spell" and
                                   known.subtype != "quick_play"):
            return ReadAs("phase.ended-before-trigger",
                          f"\"Ended turn\" clicked as {b.label(step.card)} was Special Summoned, "
                          f"its trigger still to resolve, and the turn player goes on with a "
                          f"Main Phase play: clicked too early, the turn goes on")
        return None
    return None




def draw(b: GameBuilder, play: Play, player: Player) -> None:
    b.read_as(play, drawn(b, play, player, b.cid))


def drawn(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs | None:
    """A draw: the turn's normal draw, a slip fixed, an effect's draw, a look once the duel
    was given up, or a draw by the rules (judged so); the turn's draw made again after the
    players agreed to restart the turn takes back the first try's activations first
    (:func:`~validator.importers.duelingbook.readings.restart.restarted`)."""
    result = _drawn(b, play, player, cid)
    again = restarted(b, play, player, cid) if result is not None else None
    return result if again is None else seq(again, result)


def _drawn(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs | None:
    """:func:`drawn` without the restart."""
    normal = player == b.turn.player and b.turn.phase == "draw" and not b.turn.drew
    fields: dict[str, Any] = {"card": cid} if b.board.name(cid) else {}
    note = None
    if normal and b.turn.number == 1 and not b.rules.first_turn_draw:
        drawer = _drawing_effect_used(b, player)
        if drawer is not None:  # no normal draw in turn 1: the draws are the effect's
            normal = False
            note = read("draw.first-turn-effect",
                        f"a draw in the first turn, which has no normal draw, after "
                        f"{b.label(drawer)} was used: that card's effect draws")
    found = _put_back_at_once(b, play, cid) if not normal else \
        _drawn_before_shuffle(b, play, cid)
    if found is not None:
        return found
    if not normal:
        cause = explaining(b, "draws", player)
        searched = _search_of_card_put_back(b, play, player, cid) if cause is None else None
        if searched is not None:
            return searched
        if cause is not None:
            fields["by_effect"] = True
        elif _last_of_player(b, play):
            return ReadAs("draw.look-after-giving-up",
                          "a draw no card explains, and its player's last play of the game "
                          "(they leave or admit defeat after it): a look at the next card "
                          "once the duel was given up, not judged as a step")
        elif note is None:
            note = read("draw.by-rules",
                        "no card that makes a player draw was used around this draw, nor stands " \
                        "face-up on the field (the card database): a draw by the rules, judged so")
    return ReadAs(actions=(Emit("draw", player, fields, note=note),),
                  changes=Changes(drew=True) if normal else None)


#: The player's own plays that may come between a search's activation and the card it takes:
#: its cost sent away (Mitsurugi Prayers' Tribute).
_SEARCH_COSTS: Final = frozenset({"To GY", "Banish"})


def _search_of_card_put_back(b: GameBuilder, play: Play, player: Player,
                             cid: str) -> ReadAs | None:
    """A draw no card explains, right after its player activated a card whose text (the
    replay's card object) adds a card of an archetype from their Deck to the hand, of that
    very card object they had put back on top of their Deck earlier this turn (undoing that
    card's earlier search), an archetype card: the search, carried out by drawing the card
    they knew was on top. Read as the card added from the Deck to the hand (a ``move``)."""
    name = b.board.name(cid)
    user = play.get("username")
    if name is None or not b.turn.recent or b.turn.recent[-1][1] != player:
        return None
    at, _, source = b.turn.recent[-1]
    quiet = b.names.quiet
    for index in range(at + 1, b.cursor):
        earlier = b.plays[index]
        if type(earlier) is dict and earlier.get("username") == user and \
                earlier.get("play") not in quiet and earlier.get("play") not in _SEARCH_COSTS:
            return None  # the player did something else after the activation
    searches = deck_search(b.knowledge.text(b.board.name(source)))
    if searches is None or searches not in name or not _put_on_top(b, user, cid):
        return None
    return ReadAs(actions=(Emit("move", player, {"card": cid, "to": "hand"}, note=read(
        "draw.search-of-card-put-back",
        f"a draw right after {b.label(source)}, whose text adds a \"{searches}\" card from "
        f"the Deck to the hand, of {b.label(cid)}, the card its player had put back on top of "
        f"their Deck this turn: that search, made by drawing the card known to be on top")),))


def _put_on_top(b: GameBuilder, user: object, cid: str) -> bool:
    """True when ``user`` put the card object ``cid`` from the hand on top of their Deck
    earlier this turn (the same object: no shuffle of that Deck since, which renames its
    cards)."""
    for index in range(b.cursor - 1, -1, -1):
        earlier = b.plays[index]
        if type(earlier) is not dict or earlier.get("play") == "Start turn":
            return False
        step = b.step_at(index)
        moved = step.move_of(cid) if step is not None else None
        if moved is None:
            continue
        return earlier.get("username") == user and earlier.get("play") == "To T Deck" and \
            moved.before is not None and moved.before.spot == "hand" and \
            moved.after is not None and moved.after.spot == "deck"
    return False


def _drawing_effect_used(b: GameBuilder, player: Player) -> str | None:
    """The card of the player's own that makes them draw (the card database's ``draws``
    fact) whose effect they used this turn, the latest first; None when none was."""
    for _, who, cid in reversed(b.turn.recent):
        if who == player and b.card(cid).facts.draws:
            return cid
    return None


#: Plays after which a player's draw is a look at the next card: the game is given up.
_GIVING_UP: Final = frozenset({"Admit defeat", "Quit duel", "Left duel"})
#: Plays a player giving up may make before leaving: more looks, their hand shown.
_PEEKS: Final = frozenset({"Draw card", "Show hand"})


def _last_of_player(b: GameBuilder, play: Play) -> bool:
    """True when the player makes no other play of the game after this one but to leave or
    admit defeat (chat, viewing, shuffles, more draws and their hand shown aside): the game
    ends with them giving it up."""
    user = play.get("username")
    for _, later in b.upcoming(len(b.plays)):
        if later.get("username") == user and later.get("play") not in _GIVING_UP | _PEEKS:
            return False
        if later.get("play") in _GIVING_UP:
            return later.get("username") == user
    return False


def _put_back_at_once(b: GameBuilder, play: Play, cid: str) -> ReadAs | None:
    """A card drawn and put back on top of the Deck by the same player before they make any
    other play (a draw clicked by mistake; the opponent's plays may come between): a slip
    fixed, neither play is a step."""
    for index, later in b.upcoming(PUT_BACK_WITHIN):
        if later.get("username") != play.get("username"):
            continue
        back = b.step_at(index)
        if later.get("play") != "To T Deck" or back is None or back.card != cid:
            return None
        return ReadAs("slip.draw-put-back",
                      f"{b.label(cid)} drawn and put back on top of the Deck before its "
                      f"player did anything else: a slip fixed, neither is a step",
                      consumes=(index,))
    return None


def _drawn_before_shuffle(b: GameBuilder, play: Play, cid: str) -> ReadAs | None:
    """The Draw Phase's draw put back on top of the Deck as its player's next play, the Deck
    then shuffled and drawn again as their next play (the Deck an effect had them shuffle
    was not shuffled yet): a slip fixed, the draw after the shuffle is the turn's draw."""
    found = b.next_own(play, cid, ("To T Deck",))
    if found is None:
        return None
    user, shuffled = play.get("username"), False
    for index in range(found[0] + 1, len(b.plays)):
        later = b.plays[index]
        if later.get("username") != user or later.get("play") in ("Duel message", "Message"):
            continue
        if later.get("play") == "Shuffle deck":
            shuffled = True
            continue
        if later.get("play") != "Draw card" or not shuffled:
            return None
        return ReadAs("slip.draw-put-back",
                      f"{b.label(cid)} drawn before the Deck was shuffled, put back on top, the "
                      f"Deck shuffled and drawn again: a slip fixed, the draw after the shuffle "
                      f"is the turn's draw", consumes=(found[0],))
    return None


def nothing(b: GameBuilder, play: Play, player: Player) -> None:
    """A play whose board step is all there is to it (a shuffle renames cards)."""


def life_points(b: GameBuilder, play: Play, player: Player) -> None:
    try:
        amount = int(play.get("amount") or 0)
    except (TypeError, ValueError):
        raise CannotFollow("the Life Points change is not a number") from None
    if amount == 0:
        return
    b.read_as(play, life_point_change(b, play, player, amount))


def life_point_change(b: GameBuilder, play: Play, player: Player, amount: int) -> ReadAs:
    """A Life Point change: a card's cost paid while an attack waits for its damage, or a
    gain or loss that closes the battles declared so far (:func:`.battle.life_changed`)."""
    cost = _paid_as_cost(b, play, player, amount) if amount < 0 else None
    if cost is None:
        closed = life_changed(b, -amount if amount < 0 else 0)
        return ReadAs(actions=(Emit("gain_lp" if amount > 0 else "damage", player,
                                    {"amount": abs(amount)}, note=closed.note),),
                      changes=Changes(lp_change=(player, amount), closes=closed.closes,
                                      damaged=closed.damaged, audit=player))
    return ReadAs(actions=(Emit("damage", player, {"amount": -amount}, note=cost[0]),),
                  changes=Changes(lp_change=(player, amount), audit=player),
                  uses=((player, cost[1]),) if cost[1] is not None else ())


def _paid_as_cost(b: GameBuilder, play: Play, player: Player,
                  amount: int) -> tuple[Reading, str | None] | None:
    """A Life Point loss, while an attack waits for its damage, that pays a card's cost (its
    text, as the replay's card object gives it, has its player pay that many: Ultimate
    Offering's 500): the card the player used in the play just before, or their face-up card
    whose effect is used again with no "Activated" line, shown by the Normal Summon it grants
    following at once. A cost: no battle had its result. Returns the reading and, for an
    effect used again, its card (its use is remembered then)."""
    if all(d.battle_done for d in b.attacks.declared.values()):
        return None
    paid = -amount
    if b.turn.recent and b.turn.recent[-1][1] == player:
        index, _, cid = b.turn.recent[-1]
        quiet = b.names.quiet
        if all(type(b.plays[i]) is not dict or b.plays[i].get("play") in quiet
               for i in range(index + 1, b.cursor)) and paid in _costs(b, cid):
            return read("battle.cost-not-result",
                        f"{paid} Life Points paid for {b.label(cid)}, as its text has its "
                        f"player pay: a cost, not the result of the battle still waiting for "
                        f"its damage"), None
    for (side, spot), cid in b.board.zones.items():
        if side != player or spot[:1] != "S" or not b.board.where[cid].face_up or \
                paid not in _costs(b, cid) or not b.card(cid).grants("normal_summon"):
            continue
        if any(later.get("username") == play.get("username") and
               later.get("play") in ("Normal Summon", "Set monster")
               for _, later in b.upcoming(SAME_PLAYER_NEXT)):
            return read("battle.cost-not-result",
                        f"{paid} Life Points paid for the effect of the face-up {b.label(cid)} "
                        f"used again (its text has its player pay them, and the Normal Summon "
                        f"it grants follows): a cost, not the result of the battle still "
                        f"waiting for its damage"), cid
    return None


def _costs(b: GameBuilder, cid: str) -> frozenset[int]:
    """The Life Points the card's text (the replay's card object) has its player pay."""
    name = b.board.name(cid)
    text = (b.knowledge.objects.get(name) or {}).get("effect") if name else None
    return lp_costs(text) if isinstance(text, str) else frozenset()


def surrender(b: GameBuilder, play: Play, player: Player) -> None:
    if b.kind == "Admit defeat":
        b.read_as(play, _shown_before_defeat(b, play, player))
    b.read_as(play, ReadAs(actions=(Emit("surrender", player),),
                           changes=Changes(over=True)))


def _shown_before_defeat(b: GameBuilder, play: Play, player: Player) -> ReadAs | None:
    """Plays a player makes just before admitting defeat to show the cards they held (a
    summon or an activation no rule allows then): not steps of the duel. Read so for the
    player's own trailing actions in the last seconds, back to the opponent's last play."""
    at = int(play.get("seconds") or 0)
    shown: list[Action] = []
    zoned: list[Action] = []  # monsters moved between zones meanwhile
    for index in range(len(b.actions) - 1, -1, -1):
        action = b.actions[index]
        seconds = unstamp(action["log"].get("time", ""))
        if seconds is None or at - seconds > REVEAL_SECONDS:
            break
        if action["player"] != player:
            if action["type"] in _ANSWERS:
                continue
            break
        if action["type"] == "move" and action.get("to") == "monster_zone":
            zoned.append(action)
        if action["type"] == "move" or action.get("by_effect"):
            continue  # an effect carried out (the opponent's, often): it stays
        if action["type"] not in _SHOWN:
            break
        shown.append(action)
    if not shown:
        return None
    summoned = {a.get("card") for a in shown if a["type"] in _SUMMONS}
    moved = tuple(a for a in zoned if a.get("card") in summoned)  # not there: not moved on
    first = shown[-1]["log"]["time"]
    return ReadAs("game.shown-before-conceding",
                  f"{len(shown)} play(s) of {b.game.players[player]} from {first} on, in the "
                  f"last {REVEAL_SECONDS} seconds before admitting defeat (showing the cards "
                  f"they held or would draw, a last try): not judged as steps of the duel",
                  drops=(*moved, *shown))


def game_loss(b: GameBuilder, play: Play, player: Player) -> None:
    """A game loss a judge or the site gives: that player concedes the game."""
    b.read_as(play, ReadAs(actions=(Emit("surrender", player, note=read(
        "game.loss", f"{play['play']}: read as {play.get('username')} losing the game")),),
                           changes=Changes(over=True)))


def no_winner(b: GameBuilder, play: Play, player: Player) -> None:
    """A draw agreed, or a game cancelled: the game ends with no winner (no outcome)."""
    b.read_as(play, ReadAs("game.no-winner",
                           f"{play['play']}: the game ends here with no winner",
                           changes=Changes(over=True)))


def left(b: GameBuilder, play: Play, player: Player) -> None:
    """A player left: nothing, when they rejoin or quit next; else they abandoned the game."""
    for _, later in b.upcoming(REJOIN_WITHIN):
        if later.get("username") == play.get("username") or later.get("play") in (
                "Rejoin duel", "Quit duel", "Resume game"):
            return
    for index in range(b.cursor + 1, len(b.plays)):
        later = b.plays[index]
        kind = later.get("play") if isinstance(later, dict) else None
        if kind in ("Rejoin duel", "Resume game"):
            return
        if kind in GAME_BOUNDARIES:
            break
    b.read_as(play, ReadAs(actions=(Emit("surrender", player, note=read(
        "game.left", "left the duel and never came back: read as conceding the game")),),
                           changes=Changes(over=True)))


def to(destination: str) -> Handler:
    """The handler of a play that sends its card to a pile ("To GY": the ``graveyard``).

    >>> from validator.importers.duelingbook.replay import import_replay
    >>> pick = {"play": "Pick first", "order": ["a", "b"]}
    >>> drew = {"play": "Draw card", "username": "a", "log": {"private_log": 'Drew "Sangan"'}}
    >>> sent = {"play": "To GY", "username": "a",
    ...         "log": {"public_log": 'Sent "Sangan" from hand to GY'}}
    >>> game = import_replay({"plays": [pick, drew, sent]})[0]
    >>> [(action["type"], action["card"]) for action in game.document["actions"]]
    [('draw', 'sangan'), ('discard', 'sangan')]
    """
    def handler(b: GameBuilder, play: Play, player: Player) -> None:
        send(b, play, player, to=destination)
    return handler


def unknown(b: GameBuilder, play: Play, player: Player) -> None:
    """A play kind this importer does not know (a card's own "Resolve Effect" play, a later
    Duelingbook's): followed when its line sends a named card to a pile (the board step
    did); otherwise a note.

    >>> from validator.importers.duelingbook.replay import import_replay
    >>> pick = {"play": "Pick first", "order": ["a", "b"]}
    >>> import_replay({"plays": [pick, {"play": "Roll", "username": "a",
    ...                                 "log": {"public_log": "Rolled a 3"}}]})[0].notes[0]
    Note(reading='import.unknown-kind', text="[0:00] a: Rolled a 3: play 'Roll' not imported (a \
kind this importer does not know)", at='[0:00]')
    """
    step = b.step
    kind = play.get("play")
    moved = b.moved()
    if step is not None and step.card is not None and moved is not None and \
            moved.after is not None:  # (a move is its step's card's: there is a card)
        b.card_step, b.cid = step, step.card  # what send reads, as the loop gives a known kind
        pile = moved.after.spot
        send(b, play, player, to=pile)
        b.read_as(play, ReadAs("import.unknown-kind-followed",
                               f"play {kind!r}, a kind this importer does not know, followed "
                               f"by its line: a card moved to the {pile}"))
        return
    b.read_as(play, ReadAs("import.unknown-kind",
                           f"play {kind!r} not imported (a kind this importer does not know)"))

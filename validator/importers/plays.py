"""One handler per Duelingbook play kind: the play becomes zero or more actions
(docs/duelingbook.md has the table; :data:`HANDLERS` and :data:`IGNORED` are its source).
This module holds the table and the plays of the turn itself; the others live in
:mod:`.summons`, :mod:`.cardplays` and :mod:`.battle`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..model import Player
from . import logtext, phases
from .battle import attack
from .builder import GameBuilder
from .cardplays import (
    activate,
    declare,
    move,
    send,
    set_spell_trap,
    to_spell_trap,
    turn_face_down,
)
from .game import GAME_BOUNDARIES, CannotFollow, Play, texts
from .game import IGNORED as IGNORED
from .summons import (
    attach,
    change_control,
    change_position,
    detach,
    flip,
    flip_summon,
    normal_summon,
    overlay,
    set_monster,
    special_summon,
    summon_token,
    xyz_summon,
)

Handler = Callable[[GameBuilder, Play, Player], None]
PHASE_PLAYS: Final = {"Enter DP": "draw", "Enter SP": "standby", "Enter M1": "main1",
                      "Enter BP": "battle", "Enter M2": "main2", "Enter EP": "end"}


def phase(b: GameBuilder, play: Play, player: Player) -> None:
    phases.enter(b, play, player, PHASE_PLAYS[b.kind])


def start_turn(b: GameBuilder, play: Play, player: Player) -> None:
    if b.ending is not None and player != b.turn_player:
        phases.pass_turn(b, )
    elif player != b.turn_player and (b.turn > 1 or b.actions):
        b.note(play, f"the turn began with no \"Ended turn\" by "
                     f"{b.game.players[b.turn_player]}: the turn's end is implied")
        phases.pass_turn(b, play)


def end_turn(b: GameBuilder, play: Play, player: Player) -> None:
    if player != b.turn_player:
        b.emit(play, "end_turn", player)  # the engine says who may
        return
    if b.ending is not None:
        return  # "Ended turn" clicked again
    phases.end_turn(b, play, player)


def draw(b: GameBuilder, play: Play, player: Player) -> None:
    private = texts(play)[1]
    name = logtext.name_in(private) or logtext.object_name(play)
    normal = player == b.turn_player and b.phase == "draw" and not b.drew
    cid = None
    if name is not None:
        cid = b.board.by_object(play.get("id"))
        spot = b.board.where.get(cid) if cid is not None else None
        if cid is None or spot is None or (spot.side, spot.spot) != (player, "deck") or \
                b.board.name(cid) not in (None, name):
            cid = b.board.find(player, name, "deck") or b.new_card(name, player, play.get("card"))
        b.board.cards[cid]["name"] = name
        b.board.bind(play.get("id"), cid)
        b.relocate(play, cid, player, "hand")
    else:  # unnamed (a concealed replay): followed in the hand without a name
        b.board.put(b.new_card(None, player), player, "hand")
    fields: dict[str, Any] = {"card": cid} if cid else {}
    if not normal:
        fields["by_effect"] = True
    b.drew = b.drew or normal
    b.emit(play, "draw", player, **fields)


def shuffle_hand(b: GameBuilder, play: Play, player: Player) -> None:
    """Duelingbook renames the cards of a shuffled hand by position (``prev`` -> ``hand``)."""
    before, after = play.get("prev"), play.get("hand")
    if not (isinstance(before, list) and isinstance(after, list) and len(before) == len(after)):
        return
    renamed = [(new, b.board.by_object(old)) for old, new in zip(before, after, strict=True)]
    for old in before:
        cid = b.board.by_object(old)
        if cid is not None:
            b.board.id_of.pop(cid, None)
            b.board.by_id.pop(old, None)
    for new, cid in renamed:
        if cid is not None:
            b.board.bind(new, cid)


def shuffle_deck(b: GameBuilder, play: Play, player: Player) -> None:
    """A shuffled deck gets new ids: its cards are known by name only from here on."""
    for cid in b.board.pile(player, "deck"):
        old = b.board.id_of.pop(cid, None)
        if old is not None:
            b.board.by_id.pop(old, None)


def life_points(b: GameBuilder, play: Play, player: Player) -> None:
    try:
        amount = int(play.get("amount") or 0)
    except (TypeError, ValueError):
        raise CannotFollow("the Life Points change is not a number") from None
    if amount == 0:
        return
    b.lp[player] += amount
    b.emit(play, "gain_lp" if amount > 0 else "damage", player, amount=abs(amount))
    b.life_changed()
    logged = play.get("life")
    if isinstance(logged, int) and not isinstance(logged, bool) and logged != b.lp[player]:
        b.note(None, f"LP audit: at {b.actions[-1]['log']['time']} the log says "
                     f"{play.get('username')} has {logged} LP; the imported actions give "
                     f"{b.lp[player]}")
        b.lp[player] = logged
    if b.lp[player] <= 0:
        b.finish(play, f"{play.get('username')} has 0 Life Points: the game is over")


def surrender(b: GameBuilder, play: Play, player: Player) -> None:
    b.emit(play, "surrender", player)
    b.finish(play, None)


def game_loss(b: GameBuilder, play: Play, player: Player) -> None:
    """A game loss a judge or the site gives: that player concedes the game."""
    b.emit(play, "surrender", player, note=f"{play['play']}: read as {play.get('username')} "
                                           f"losing the game")
    b.finish(play, None)


def no_winner(b: GameBuilder, play: Play, player: Player) -> None:
    """A draw agreed, or a game cancelled: the game ends with no winner (no outcome)."""
    b.finish(play, f"{play['play']}: the game ends here with no winner")


def reset(b: GameBuilder, play: Play, player: Player) -> None:
    """Every card back in its Deck (Fiber Jar's resolution, or the reset button): the log
    does not say where each went, so the game is judged up to here.

    >>> from validator.importers.duelingbook import import_replay
    >>> import_replay({"plays": [{"play": "Pick first", "order": ["a", "b"]},
    ...                          {"play": "Reset game", "username": "a"}]})[0].stopped[:33]
    'import stopped at play [0:00] a: '
    """
    raise CannotFollow("the board was reset (Fiber Jar, or the reset button): the log does not "
                       "say where each card went")


def left(b: GameBuilder, play: Play, player: Player) -> None:
    """A player left: nothing, when they rejoin or quit next; else they abandoned the game."""
    for _, later in b.upcoming(40):
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
    b.emit(play, "surrender", player,
           note="left the duel and never came back: read as conceding the game")
    b.finish(play, None)


def _to(destination: str) -> Handler:
    def handler(b: GameBuilder, play: Play, player: Player) -> None:
        send(b, play, player, to=destination)
    return handler


def _graveyard(b: GameBuilder, play: Play, player: Player) -> None:
    send(b, play, player, to="graveyard")


def unknown(b: GameBuilder, play: Play, player: Player) -> None:
    """A play kind this importer does not know (a card's own "Resolve Effect" play, a later
    Duelingbook's): followed when its line sends a named card to a pile; when it touches a
    card any other way the board after it is unknown, and the game stops; else a note.

    >>> from validator.importers.duelingbook import import_replay
    >>> pick = {"play": "Pick first", "order": ["a", "b"]}
    >>> import_replay({"plays": [pick, {"play": "Roll", "username": "a",
    ...                                 "log": {"public_log": "Rolled a 3"}}]})[0].notes
    ["[0:00] a: Rolled a 3: play 'Roll' not imported (a kind this importer does not know)"]
    """
    text = texts(play)[1]
    kind = play.get("play")
    pile = logtext.destination_pile(text) or ("banished" if text.startswith("Banished")
                                              else None)
    if pile is not None and logtext.name_in(text) is not None:
        send(b, play, player, to=pile)
        b.note(play, f"play {kind!r}, a kind this importer does not know, followed by its line: "
                     f"a card moved to the {pile}")
        return
    if "card" in play or "id" in play or logtext.name_in(text) is not None:
        raise CannotFollow(f"a kind of play this importer does not know ({kind!r}) changes a "
                           f"card, so the board after it is unknown")
    b.note(play, f"play {kind!r} not imported (a kind this importer does not know)")


#: Play kind -> handler.
HANDLERS: Final[dict[str, Handler]] = {
    "Start turn": start_turn, "End turn": end_turn, "Draw card": draw,
    "Shuffle hand": shuffle_hand, "Shuffle deck": shuffle_deck,
    "Normal Summon": normal_summon, "Set monster": set_monster, "Flip Summon": flip_summon,
    "Flip": flip, "To ATK": change_position, "To DEF": change_position,
    "SS ATK": special_summon, "SS DEF": special_summon, "Summon Token": summon_token,
    "Overlay": overlay, "OL ATK": xyz_summon, "OL DEF": xyz_summon, "Detach": detach,
    "Set ST": set_spell_trap, "Activate ST": activate, "Declare": declare,
    "To GY": _graveyard, "Mill": _graveyard, "Discard": _graveyard, "Remove Token": _graveyard,
    "Banish": _to("banished"), "To hand": _to("hand"), "To T Deck": _to("deck"),
    "To B Deck": _to("deck"), "To deck": _to("deck"), "To ED": _to("extra"),
    "To ST": to_spell_trap, "Move": move, "Attack": attack, "Attack directly": attack,
    "Life points": life_points, "Admit defeat": surrender, "Quit duel": surrender,
    "Left duel": left, "Game loss": game_loss, "Match loss": game_loss, "Loss": game_loss,
    "Accept draw": no_winner, "Cancel game": no_winner, "Turn face-down": turn_face_down,
    "Change control": change_control, "Attach": attach, "Reset game": reset,
    **dict.fromkeys(PHASE_PLAYS, phase),
}

"""Duelingbook replays to duel documents, one per game (docs/duelingbook.md lists every play).

>>> games = import_replay({"plays": []})
Traceback (most recent call last):
...
validator.importers.duelingbook.replay.ReplayError: the replay holds no game (no "Pick first" play)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

from validator.document.jsontext import loads
from validator.document.model import Player
from validator.importers.duelingbook import document
from validator.importers.duelingbook.board.follow import Follower, Step
from validator.importers.duelingbook.board.zones import PENDULUM_ZONES
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cards import Knowledge, variant_of
from validator.importers.duelingbook.game import (
    GAME_BOUNDARIES,
    CannotFollow,
    Game,
    stamp,
    where_said,
)
from validator.importers.duelingbook.kinds import KINDS, NAMES, OUTSIDE, UNKNOWN, canonical
from validator.importers.duelingbook.limits import CARRIED, OLD_FORMATS
from validator.importers.duelingbook.readings import phases, rollback
from validator.importers.duelingbook.readings.catalog import Note, read
from validator.importers.duelingbook.readings.result import Emit, ReadAs
from validator.importers.duelingbook.ruleset import ruleset_of
from validator.importers.duelingbook.textexport import TEXT_EXPORT, is_text_export
from validator.rules.rulesets import RULESETS

__all__ = ["FORMATS", "Game", "OtherGameError", "ReplayError", "import_replay", "load_replay",
           "stamp"]

#: Duelingbook's format codes (the second letter: r rated, u unrated).
FORMATS: Final = {"a": "Advanced", "g": "Goat", "e": "Edison", "t": "Traditional",
                  "u": "Unlimited", "s": "Speed Duel", "r": "Rush Duel", "c": "Custom cards",
                  "d": "Duel Links", "h": "HAT", "p": "Plus"}
#: Format codes (first letter) of games other than the TCG, each with why: no ruleset of the
#: project judges them, so their replays get no verdict (docs/duelingbook.md).
OTHER_GAMES: Final = {
    "s": "Speed Duel is another game (three Monster and Spell & Trap Zones, no Main Phase 2, "
         "Skills)",
    "r": "Rush Duel is another game (Rush rules: draw to five, any number of Normal Summons, "
         "Maximum Summons)",
    "d": "Duel Links is another game (Speed Duel rules and Skills)"}
#: A deck size no replay play tells: the most a Main Deck holds.
UNKNOWN_DECK: Final = 60


class ReplayError(ValueError):
    """A file that is not a Duelingbook replay at all (a single play never raises this:
    the game it is in is judged up to it)."""


class OtherGameError(ReplayError):
    """A replay of a game other than the TCG (a Speed Duel, a Rush Duel, Duel Links): it has
    rules of its own, which no ruleset here judges, so it gets no verdict."""


#: Card pool dates "Pick first" carries, for replays saved without their format code.
CARD_POOLS: Final = {"2005-08-20": "Goat"}


def format_name(code: object, card_pool: object = None) -> str:
    """A format code in words (or, without one, the format its card pool date names).

    >>> format_name("gu"), format_name("uu"), format_name(None), format_name(None, "2005-08-20")
    ('Goat', 'Unlimited', 'format unknown', 'Goat, by its card pool')
    >>> format_name(5, ["x"])  # what a hand-made document may hold: no name
    'format unknown'
    """
    code = code if isinstance(code, str) else None
    card_pool = card_pool if isinstance(card_pool, str) else None
    if code:
        return FORMATS.get(code[0], code)
    if card_pool in CARD_POOLS:
        return f"{CARD_POOLS[card_pool]}, by its card pool"
    return f"format unknown, card pool {card_pool}" if card_pool else "format unknown"


def _numbers(source: dict[str, Any]) -> tuple[dict[str, int], dict[str, int]]:
    """Each user's deck size (``main_total``; :data:`UNKNOWN_DECK` without it) and first card
    number (``start``), from a replay's or a "Begin next duel" play's ``player1``/``player2``.

    >>> _numbers({"player1": {"username": "a", "main_total": 41, "start": 1}})
    ({'a': 41}, {'a': 1})
    """
    decks: dict[str, int] = {}
    starts: dict[str, int] = {}
    for key in ("player1", "player2"):
        entry = source.get(key)
        if not (isinstance(entry, dict) and isinstance(entry.get("username"), str)):
            continue
        total = entry.get("main_total")
        decks[entry["username"]] = total if isinstance(total, int) and total > 0 \
            else UNKNOWN_DECK
        if isinstance(entry.get("start"), int):
            starts[entry["username"]] = entry["start"]
    return decks, starts


def _later_decks(plays: list[Any], decks: dict[str, int]) -> dict[str, int]:
    """Deck sizes for a first game the replay gives none for: the next game's (siding
    changes them little), else 60, the most a Main Deck holds (a game judged with too
    small a deck would end by a deck-out the players never had)."""
    for play in plays:
        if isinstance(play, dict) and play.get("play") == "Begin next duel":
            later = _numbers(play)[0]
            if later:
                return {**dict.fromkeys(decks, UNKNOWN_DECK), **later}
    return dict.fromkeys(decks, UNKNOWN_DECK)


#: An opening hand's card as the unconcealed log names it (compiled once: every dealt card).
_DREW: Final = re.compile(r'Drew "(.+)"')


def _open(number: int, pick: dict[str, Any], plays: list[Any], knowledge: Knowledge,
          decks: dict[str, int], starts: dict[str, int], fmt: str | None,
          end: int) -> GameBuilder:
    """One game: who goes first, the opening hands, the board followed through every play of
    the game (the :class:`~.follow.Follower`), then a builder to read it."""
    given = pick.get("order")
    inferred = not (isinstance(given, list) and len(given) == 2 and all(
        isinstance(u, str) for u in given) and given[0] != given[1])
    start = plays.index(pick)
    order: list[str] = _order_from_plays(plays, start, decks) if inferred \
        else [str(u) for u in given or ()]
    users: dict[str, Player] = {order[0]: "p1", order[1]: "p2"}
    follower = Follower(users, knowledge)
    ruleset = ruleset_of(fmt)
    if RULESETS[ruleset].pendulum:
        follower.board.aliases = dict(PENDULUM_ZONES)
    opening = Step(start, "Pick first", "p1", follower.changes)
    log = pick.get("log")
    entries: list[Any] = log if isinstance(log, list) else []
    dealt: dict[str, int] = {}
    unnamed: list[tuple[str, Player]] = []
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        user = str(entry.get("username"))
        player = users.get(user)
        if player is None or not str(entry.get("public_log", "")).startswith("Drew"):
            continue
        match = _DREW.fullmatch(str(entry.get("private_log", "")))
        if match is None:  # a concealed replay: the card joins the hand unnamed
            unnamed.append((follower.deal(opening, player, None, None), player))
            continue
        object_id = starts[user] + dealt.get(user, 0) if user in starts else None
        follower.deal(opening, player, match[1], object_id)
        dealt[user] = dealt.get(user, 0) + 1
    asked: list[int] = []
    steps, live, stop = _follow(follower, plays, start, end, asked)
    builder = GameBuilder(number, order, plays, knowledge, decks, fmt, steps,
                          follower.board.cards, NAMES)
    builder.apply(opening)
    builder.hands = follower.hands
    builder.stop_at = stop
    builder.live = live
    builder.rewinds.asked = asked
    pool = pick.get("date")
    builder.game.card_pool = pool if isinstance(pool, str) else None
    builder.game.ruleset = ruleset
    if inferred:
        builder.note(pick, "game.first-player-inferred",
                     f"\"Pick first\" has no order of the two players: {order[0]} "
                     f"is read as going first (the first to start a turn)")
    builder.read_as(pick, ReadAs(actions=tuple(
        Emit("draw", player, {"by_effect": True},
             note=read("game.opening-hand", "the opening hand, which the log does not name"))
        for _, player in unnamed)))
    return builder


#: A play of a game as the reading takes it: its index, its kind under its current name, and
#: its player; or, for a play outside the rules, its index, None, and the note it gets.
Live = tuple[int, "str | None", "str | Note"]


def _follow(follower: Follower, plays: list[Any], start: int, end: int, asked: list[int]
            ) -> tuple[dict[int, Step], list[Live], tuple[int, str] | None]:
    """The board through every play of one game (from "Pick first" to ``end``): each play's
    step, the plays the reading takes (in order), and where the board could no longer be
    followed (the play's index and why); the chat lines asking to go back are added to
    ``asked`` (:func:`.rollback.asks`)."""
    steps: dict[int, Step] = {}
    live: list[Live] = []
    names, kinds, unknown = NAMES.current, KINDS, UNKNOWN  # locals: the loop is hot
    users = follower.users
    for index in range(start + 1, end):
        play = plays[index]
        raw = play.get("play") if type(play) is dict else None
        # (a play narrowed to a dict past this test, so that each ``get`` below is a dict's,
        # not a method looked up by name on a value typed Any)
        if type(raw) is not str or type(play) is not dict:
            live.append((index, None, Note("import.not-a-play", f"play {index} is not a "
                                                                 f"Duelingbook play object: "
                                                                 f"skipped")))
            continue
        kind = names.get(raw) or canonical(raw)
        entry = kinds.get(kind, unknown)
        if entry.ignored is not None:  # outside the rules
            if entry.ignored == "chat" and rollback.asks(play):
                asked.append(index)
            continue
        user = play.get("username")
        player = users.get(user) if type(user) is str else None
        if player is None:
            live.append((index, None, Note("import.outside-the-rules",
                                           f"{where_said(play)}: play {raw!r} not imported (a "
                                           f"watcher or the site, outside the rules)",
                                           stamp(play.get("seconds")))))
            continue
        live.append((index, kind, player))
        mover = entry.mover
        if mover is None:  # it moves no card
            continue
        try:
            steps[index] = follower.follow(index, play, kind, player, mover)
        except Exception as exc:  # one play never loses the match: its game stops there
            reason = str(exc) if isinstance(exc, CannotFollow) else \
                f"the play does not read as Duelingbook writes it ({type(exc).__name__})"
            return steps, live, (index, reason)
    return steps, live, None


def _order_from_plays(plays: list[Any], start: int, decks: dict[str, int]) -> list[str]:
    """Who went first, when "Pick first" does not say: the first player to start a turn or
    to play, the other being the other user the replay names."""
    users: list[str] = list(decks)
    first: str | None = None
    for play in plays[start + 1:]:
        if not isinstance(play, dict):
            continue
        if play.get("play") in GAME_BOUNDARIES:
            break
        user = play.get("username")
        if isinstance(user, str) and play.get("play") in ("Start turn", "Draw card",
                                                          "Enter SP", "Enter M1"):
            first = user
            break
    for play in plays[start + 1:]:
        user = play.get("username") if isinstance(play, dict) else None
        if isinstance(user, str) and user not in users and isinstance(play, dict) and \
                play.get("play") not in ("Add watcher", "Remove watcher"):
            users.append(user)
    first = first or (users[0] if users else "player 1")
    second = next((u for u in users if u != first), "player 2")
    return [first, second]


#: :data:`GAME_BOUNDARIES` as a set: :func:`_scan` asks it for every play.
_BOUNDARY_SET: Final = frozenset(GAME_BOUNDARIES)


def _scan(plays: list[Any], decks: dict[str, int], starts: dict[str, int]) -> tuple[
        list[tuple[int, int, dict[str, int], dict[str, int]]], dict[str, dict[str, Any]]]:
    """One look at every play of a replay: each game (its "Pick first" play's index, where it
    ends, the deck sizes and first card numbers it starts with), and card name -> the first
    card object a play shows for it."""
    found: list[tuple[int, int, dict[str, int], dict[str, int]]] = []
    objects: dict[str, dict[str, Any]] = {}
    current: tuple[int, dict[str, int], dict[str, int]] | None = None
    boundaries = _BOUNDARY_SET  # no older play name reads as one: the name is the kind
    for index, play in enumerate(plays):
        if type(play) is not dict:
            continue
        shown = play.get("card")
        if type(shown) is dict:
            name = shown.get("name")
            if type(name) is str and name not in objects:
                objects[name] = shown
        raw = play.get("play")
        if type(raw) is not str or raw not in boundaries:
            continue
        if current is not None:
            found.append((current[0], index, current[1], current[2]))
            current = None
        if raw == "Pick first":
            current = (index, dict(decks), starts)
            starts = {}
            for each in play.get("cards") or () if isinstance(play.get("cards"), list) else ():
                if isinstance(each, dict) and isinstance(each.get("name"), str):
                    objects.setdefault(each["name"], each)
        else:
            more, starts = _numbers(play)
            decks = {**decks, **more}
    if current is not None:
        found.append((current[0], len(plays), current[1], current[2]))
    return found, objects


def import_plays(*plays: tuple[str, str, str], fmt: str | None = None,
                 cards: Sequence[Any] = ()) -> Game:
    """The first game of a replay made of ``plays``, each (username, play kind, public log
    line), after "a" picked to go first against "b" (with ``cards`` on the pick, and the
    replay's format ``fmt``): how the readings' examples write a few plays.

    >>> game = import_plays(("a", "Draw card", 'Drew "Sangan"'))
    >>> [action["type"] for action in game.document["actions"]]
    ['draw']
    """
    pick = {"play": "Pick first", "order": ["a", "b"], **({"cards": list(cards)} if cards else {})}
    return import_replay({"format": fmt, "plays": [pick, *(
        {"play": kind, "username": user, "log": {"public_log": text}}
        for user, kind, text in plays)]})[0]


def import_replay(replay: Any) -> list[Game]:
    """Every game of a Duelingbook replay (the parsed JSON), as duel documents.

    A play the importer cannot follow stops that game there (``Game.stopped``); the game is
    judged up to it and the other games go on.

    >>> try:
    ...     import_replay({"plays": []})
    ... except ReplayError as error:
    ...     print(error)
    the replay holds no game (no "Pick first" play)
    """
    if not isinstance(replay, dict) or not isinstance(replay.get("plays"), list):
        raise ReplayError("not a Duelingbook replay: expected an object with a \"plays\" list")
    plays: list[Any] = replay["plays"]
    fmt = replay.get("format") if isinstance(replay.get("format"), str) else None
    if fmt and fmt[:1] in OTHER_GAMES:
        raise OtherGameError(f"a {FORMATS[fmt[0]]} replay (format code {fmt}): "
                             f"{OTHER_GAMES[fmt[0]]}, which duelcheck does not judge (it judges "
                             f"the TCG's rules, classic and advanced), so it gives no verdict")
    decks, starts = _numbers(replay)
    if len(decks) < 2 or not any(isinstance(e, dict) and "main_total" in e for e in (
            replay.get("player1"), replay.get("player2"))):
        decks = _later_decks(plays, decks)
    games: list[Game] = []
    knowledge: Knowledge | None = None
    segments, objects = _scan(plays, decks, starts)
    for pick_index, end, game_decks, game_starts in segments:
        pick = plays[pick_index]
        if knowledge is None:
            pool = pick.get("date")
            # an old format's texts (Edison's, Goat's) set soft "Once per turn" limits where
            # today's set hard ones (Red-Eyes Darkness Metal Dragon): ``once`` from today's
            # scripts is carried only under today's rules (docs/duelingbook.md, "Card limits")
            knowledge = Knowledge(objects, variant_of(fmt, pool if isinstance(pool, str)
                                                      else None),
                                  CARRIED if RULESETS[ruleset_of(fmt)].todays_texts
                                  else OLD_FORMATS)
        builder = _open(len(games) + 1, pick, plays, knowledge, game_decks, game_starts, fmt,
                        end)
        _read(builder, plays, pick_index, end)
        _close(builder, games, plays, end)
    if not games:
        raise ReplayError("the replay holds no game (no \"Pick first\" play)")
    return games


def _read(builder: GameBuilder, plays: list[Any], start: int, end: int) -> None:
    """The rules reading of one game's plays (those the follower took), each with its board
    step."""
    kinds, unknown = KINDS, UNKNOWN  # locals: the loop is hot
    stop = builder.stop_at
    steps, consumed = builder.steps, builder.consumed
    # where a rollback agreed in chat may go back to: the game before each play of a turn
    # that begins before the game's last chat line asking to go back (a rollback needs a
    # request made in its turn: .readings.rollback), none in a game without one
    asked, points = builder.rewinds.asked, builder.rewinds.points
    last_asked = asked[-1] if asked else -1
    for index, kind, player in builder.live:
        if builder.over or builder.game.stopped:
            return
        if isinstance(player, Note):  # a play outside the rules: its note
            builder.game.notes.append(player)
            continue
        if kind is None:
            continue
        play = plays[index]
        if stop is not None and index == stop[0]:
            builder.cursor = index
            builder.game.stopped = f"import stopped at play {where_said(play)}: {stop[1]}"
            return
        if index in consumed:
            continue
        builder.cursor = index
        builder.kind = kind
        if points or index < last_asked:  # (points are cleared as a turn passes)
            points.append(builder.point(index))
        step = steps.get(index)
        builder.step = step
        if step is not None:
            builder.apply(step)
        entry = kinds.get(kind, unknown)
        try:
            if points and step is not None and step.first != step.last and builder.read_as(
                    play, rollback.rolled_back(builder, play, player)):  # type: ignore[arg-type]
                continue  # a card put back in a rollback agreed in chat: the play is read
            if builder.turn.ending is not None:
                phases.before(builder, kind, player, play)  # type: ignore[arg-type]
            if entry.needs_card:  # checked once here, for every handler that reads the card
                if step is None or step.card is None or \
                        (entry.needs_other and step.other is None):  # no mover leaves it so
                    # the stop names an AssertionError, as the handlers' own asserts did
                    raise AssertionError(f"a {kind!r} play whose board step names no card")
                builder.card_step, builder.cid, builder.other_cid = step, step.card, \
                    step.other or ""
            handler = entry.handler
            if handler is not None:
                handler(builder, play, player)  # type: ignore[arg-type]
        except Exception as exc:  # one play never loses the match: its game stops there
            reason = str(exc) if isinstance(exc, CannotFollow) else \
                f"the play does not read as Duelingbook writes it ({type(exc).__name__})"
            builder.game.stopped = f"import stopped at play {where_said(play)}: {reason}"
        if entry.ends:
            builder.over = True
    if stop is not None and not builder.over and not builder.game.stopped:
        builder.game.stopped = f"import stopped at play {where_said(plays[stop[0]])}: {stop[1]}"


def _close(builder: GameBuilder | None, games: list[Game], plays: list[Any], end: int) -> None:
    if builder is None:
        return
    if builder.over or builder.game.stopped:
        after = sum(1 for p in plays[builder.cursor + 1:end]
                    if isinstance(p, dict) and not (type(p.get("play")) is str and
                                                    p["play"] in OUTSIDE))
        if after:
            builder.note(None, "import.after-the-end", f"{after} play(s) after "
                               f"{'the end of the game' if builder.over else 'the stop'} "
                               f"not imported")
    builder.game.document = document.document(builder)
    games.append(builder.game)


def load_replay(text: str | bytes) -> list[Game]:
    """Parse a replay's JSON text and import it (a replay's text export is told so)."""
    try:
        replay = loads(text)
    except RecursionError:
        raise ReplayError("the JSON is nested too deeply") from None
    except ValueError as exc:
        if is_text_export(text):
            raise ReplayError(TEXT_EXPORT) from None
        raise ReplayError(f"not valid JSON (truncated?): {exc}") from None
    return import_replay(replay)


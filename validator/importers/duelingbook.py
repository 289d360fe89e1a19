"""Duelingbook replays to duel documents, one per game (docs/duelingbook.md lists every play).

>>> games = import_replay({"plays": []})
Traceback (most recent call last):
...
validator.importers.duelingbook.ReplayError: the replay holds no game (no "Pick first" play)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Final

from ..model import Player, other
from .cardtext import CardTextError, definition
from .tracker import Board

#: Plays that change nothing the rules judge: viewing, chat, shuffles, counters, stat edits,
#: connection noise, match bookkeeping (docs/duelingbook.md).
IGNORED: Final = frozenset({
    "Duel message", "View GY", "View GY 2", "View Banished", "View Banished 2", "View deck",
    "View Extra", "Stop viewing", "Thinking", "Good", "Add watcher", "Remove watcher",
    "Countdown", "Left duel", "Rejoin duel", "Resume game", "Shuffle hand", "Shuffle deck",
    "Add counter", "Remove counter", "Edit stats", "Target card", "RPS", "Siding",
    "Done siding", "Start turn", "Lost connection", "Reveal", "Cancel"})
PHASE_PLAYS: Final = {"Enter SP": "standby", "Enter M1": "main1", "Enter BP": "battle",
                      "Enter M2": "main2", "Enter EP": "end"}
_ZONE = r"(?:M|S)2?-\d|F"
_PLACES: Final = (("from hand", "hand"), ("from GY", "graveyard"), ("from Deck", "deck"),
                  ("from top of deck", "deck"), ("from Extra Deck", "extra"),
                  ("banished", "banished"))


class ReplayError(ValueError):
    """A replay that cannot be imported; the message names the play where it went wrong."""


@dataclass
class Game:
    """One imported game: its duel document, the usernames of p1 and p2, and notes."""

    number: int
    players: dict[Player, str]
    document: dict[str, Any]
    notes: list[str] = field(default_factory=list)


def stamp(seconds: Any) -> str:
    """A play's time as the text export writes it.

    >>> stamp(214)
    '[3:34]'
    """
    total = int(seconds or 0)
    return f"[{total // 60}:{total % 60:02d}]"


def _text(play: dict[str, Any]) -> tuple[str, str]:
    log = play.get("log")
    log = log if isinstance(log, dict) else {}
    public = str(log.get("public_log") or play.get("play") or "")
    return public, str(log.get("private_log") or public)


class GameBuilder:
    """Turns one game's plays into actions, tracking every card by name."""

    def __init__(self, number: int, pick: dict[str, Any], replay: dict[str, Any],
                 decks: list[Any]) -> None:
        order = pick.get("order")
        if not (isinstance(order, list) and len(order) == 2):
            raise ReplayError(f"the \"Pick first\" play at {stamp(pick.get('seconds'))} has "
                              f"no order of the two players")
        self.users: dict[str, Player] = {order[0]: "p1", order[1]: "p2"}
        self.game = Game(number, {"p1": order[0], "p2": order[1]}, {})
        self.board = Board()
        self.actions: list[dict[str, Any]] = []
        self.turn, self.phase, self.drew = 1, "draw", False
        self.turn_player: Player = "p1"
        self.over = False
        self.plays: list[dict[str, Any]] = replay["plays"]
        self.cursor = 0
        self.recent_sends: list[tuple[Player, str]] = []  # field -> GY, for Tribute inference
        self.last_declared: dict[Player, str] = {}
        self.unchecked_timing: set[str] = set()
        self.definitions = {c["name"]: c for c in pick.get("cards") or [] if isinstance(c, dict)}
        self.deck_sizes = {self.users[str(p.get("username"))]: int(p.get("main_total") or 40)
                           for p in decks
                           if isinstance(p, dict) and str(p.get("username")) in self.users}
        self.hands: dict[Player, list[str]] = {"p1": [], "p2": []}
        for entry in pick.get("log") or []:
            match = re.fullmatch(r'Drew "(.+)"', str(entry.get("private_log", "")))
            player = self.users.get(str(entry.get("username")))
            if match and player:
                cid = self.card(match[1], player)
                self.board.put(cid, player, "hand")
                self.hands[player].append(cid)

    # -- cards --------------------------------------------------------------------------
    def card(self, name: str, owner: Player, obj: Any = None) -> str:
        """A new card id for a copy of ``name``, defined from the best card object known."""
        if isinstance(obj, dict) and obj.get("name") == name:
            self.definitions.setdefault(name, obj)
        source = self.definitions.get(name)
        if source is None:
            raise ReplayError(f"no card object describes {name!r}")
        try:
            df, told = definition(source)
        except CardTextError as exc:
            raise ReplayError(str(exc)) from None
        cid = self.board.new_card(df, owner)
        if not told:
            self.unchecked_timing.add(cid)
        return cid

    def locate(self, player: Player, name: str | None, text: str, obj: Any = None) -> str:
        """The card a play names: by zone, else by name in the pile its text gives."""
        zone = re.search(rf"\b(?:from|in) ({_ZONE})\b", text)
        if zone:
            cid = self.board.at(player, zone[1])
            if cid is not None:
                return cid
        if name is None:
            raise ReplayError(f"cannot tell which card {text!r} is about")
        pile = next((p for phrase, p in _PLACES if phrase in text), "hand")
        return (self.board.find(player, name, pile) or self.board.find(other(player), name, pile)
                or self.card(name, player, obj))

    # -- actions ------------------------------------------------------------------------
    def emit(self, play: dict[str, Any], kind: str, player: Player, *, note: str | None = None,
             implied: bool = False, **fields: Any) -> None:
        public, private = _text(play)
        log: dict[str, Any] = {"time": stamp(play.get("seconds")),
                               "player": play.get("username", ""), "text": public}
        if private != public:
            log["private"] = private
        if implied:
            log["implied"] = True
        if note:
            log["note"] = note
        self.actions.append({"type": kind, "player": player, **fields, "log": log})
        if kind not in ("move",):
            self.recent_sends.clear()

    def to_phase(self, play: dict[str, Any], player: Player, target: str) -> None:
        """Enter ``target``, with the Standby Phase and Main Phase 1 the log skipped implied."""
        if self.phase in ("draw", "standby") and target != "standby":
            for step in ("standby", "main1")[1 if self.phase == "standby" else 0:]:
                if step == target:
                    break
                self.emit(play, "phase", player, to=step, implied=True)
                self.phase = step
        self.emit(play, "phase", player, to=target, implied=play.get("play") == "End turn")
        self.phase = target

    def upcoming(self, play: dict[str, Any], count: int = 40) -> list[dict[str, Any]]:
        """The plays after ``play`` (for what a log only shows later, as an Equip's target)."""
        return self.plays[self.cursor + 1:self.cursor + 1 + count]

    def document(self) -> dict[str, Any]:
        unchecked = [f"{a['log']['time']} {self.board.names.get(a['card'], a['card'])}"
                     for a in self.actions if "timing not checked" in a["log"].get("note", "")]
        if unchecked:
            self.game.notes.append(f"timing not checked for {len(unchecked)} effect "
                                   f"activation(s) whose card text does not say when they may "
                                   f"be used: {', '.join(unchecked)}")
        setup = {}
        for player in ("p1", "p2"):
            size = self.deck_sizes.get(player, 40) - len(self.hands[player])
            setup[player] = {"deck": max(size, 0), "hand": self.hands[player]}
        return {"ruleset": "classic", "cards": self.board.cards, "setup": setup,
                "actions": self.actions,
                "source": {"format": "duelingbook", "game": self.game.number,
                           "players": self.game.players, "notes": self.game.notes}}


def import_replay(replay: Any) -> list[Game]:
    """Every game of a Duelingbook replay (the parsed JSON), as duel documents."""
    from .plays import play_handlers  # the handlers need GameBuilder; they live beside it

    if not isinstance(replay, dict) or not isinstance(replay.get("plays"), list):
        raise ReplayError("not a Duelingbook replay: expected an object with a \"plays\" list")
    handlers = play_handlers()
    games: list[Game] = []
    builder: GameBuilder | None = None
    decks = [replay.get("player1"), replay.get("player2")]  # deck sizes; siding may change them
    for index, play in enumerate(replay["plays"]):
        if not isinstance(play, dict) or not isinstance(play.get("play"), str):
            raise ReplayError(f"play {index} is not a Duelingbook play object")
        kind = play["play"]
        if kind in ("Pick first", "Begin next duel"):
            _close(builder, games)
            builder = None
            if kind == "Begin next duel":
                decks = [play.get("player1"), play.get("player2")]
            else:
                builder = GameBuilder(len(games) + 1, play, replay, decks)
            continue
        if builder is None or builder.over or kind in IGNORED:
            continue
        handler = handlers.get(kind)
        player = builder.users.get(str(play.get("username")))
        if handler is None or player is None:
            builder.game.notes.append(f"{stamp(play.get('seconds'))} {play.get('username')}: "
                                      f"play {kind!r} not imported (not a rules matter)")
            continue
        builder.cursor = index
        try:
            handler(builder, play, player)
        except ReplayError as exc:
            raise ReplayError(f"play {index} {stamp(play.get('seconds'))} "
                              f"{play.get('username')}: {_text(play)[0]}: {exc}") from None
    _close(builder, games)
    if not games:
        raise ReplayError("the replay holds no game (no \"Pick first\" play)")
    return games


def _close(builder: GameBuilder | None, games: list[Game]) -> None:
    if builder is not None:
        builder.game.document = builder.document()
        games.append(builder.game)


def load_replay(text: str | bytes) -> list[Game]:
    """Parse a replay's JSON text and import it."""
    try:
        replay = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ReplayError(f"not valid JSON (truncated?): {exc}") from None
    except RecursionError:
        raise ReplayError("the JSON is nested too deeply") from None
    return import_replay(replay)

"""What every part of the importer shares: a play's text and time, the game being built,
and what the builder remembers of attacks and phases."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ..model import PHASES, Player
from .tracker import Spot

Play = dict[str, Any]

#: Phases in turn order (for implied forward moves and rewinds).
ORDER: Final = {phase: n for n, phase in enumerate(PHASES)}
#: Plays that say nothing about the game: skipped when looking at what comes next.
QUIET: Final = frozenset({
    "Duel message", "View GY", "View GY 2", "View Banished", "View Banished 2", "View deck",
    "View ED", "View Extra", "Stop viewing", "Thinking", "Good", "Add watcher",
    "Remove watcher", "Countdown", "Shuffle hand", "Shuffle deck", "Target card",
    "Add counter", "Remove counter", "Edit stats", "Show hand", "Reveal", "Die", "Coin",
    "Left duel", "Rejoin duel", "Resume game", "Cancel"})


class CannotFollow(ValueError):
    """A play the importer cannot follow: the game is judged up to it (docs/duelingbook.md)."""


def stamp(seconds: Any) -> str:
    """A play's time as the text export writes it.

    >>> stamp(214)
    '[3:34]'
    """
    try:
        total = max(int(seconds or 0), 0)
    except (TypeError, ValueError):
        total = 0
    return f"[{total // 60}:{total % 60:02d}]"


def texts(play: Play) -> tuple[str, str]:
    """A play's public log line and its private one (which names hidden cards, when the
    replay was saved unconcealed)."""
    log = play.get("log")
    log = log if isinstance(log, dict) else {}
    public = str(log.get("public_log") or play.get("play") or "")
    return public, str(log.get("private_log") or public)


def where_said(play: Play) -> str:
    """A play as a judge finds it in the text export: ``[m:ss] user: text``."""
    return f"{stamp(play.get('seconds'))} {play.get('username', '')}: {texts(play)[0]}"


@dataclass
class Declaration:
    """An attack declaration this turn, and what happened since (replays, re-clicks)."""

    target: str | None
    foes: frozenset[str]
    activated_since: bool = False
    battle_done: bool = False
    changed_after_activation: bool | None = None  # None: the foes have not changed yet


@dataclass
class Snapshot:
    """The game as a phase was left: a backward phase move lands here (a rewind)."""

    turn: int
    phase: str
    actions: int
    board: dict[str, Spot]
    lp: dict[Player, int]
    drew: bool
    declared: dict[str, Declaration]


@dataclass
class Game:
    """One imported game: its duel document, the usernames of p1 and p2, and notes.

    ``stopped`` says where and why the import stopped early (None when it followed every
    play); ``format`` is the replay's format code (``gu``, ``uu``, ...) or None, and
    ``card_pool`` the card pool date "Pick first" gives (``2005-08-20`` for Goat), if any.
    """

    number: int
    players: dict[Player, str]
    document: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    stopped: str | None = None
    format: str | None = None
    card_pool: str | None = None


#: Plays only a turn player makes: one by the next player after "Ended turn" means their
#: turn has begun.
TURN_PLAYS: Final = frozenset({"Enter SP", "Enter M1", "Enter BP", "Enter M2", "Enter EP",
                               "Normal Summon", "Set monster", "Flip Summon", "Set ST",
                               "Attack", "Attack directly", "End turn"})
#: Format codes whose matches are played with the first player drawing in turn 1.
CLASSIC_DRAW_FORMATS: Final = frozenset({"gu", "gr", "eu", "er"})  # Goat, Edison
#: Card pool dates ("Pick first" ``date``) of formats whose first player draws in turn 1.
CLASSIC_DRAW_POOLS: Final = frozenset({"2005-08-20"})

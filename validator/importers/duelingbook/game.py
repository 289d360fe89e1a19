"""What every part of the importer shares: a play's name (:class:`Names`), text and time, the
game being built, and what the builder remembers of attacks and phases."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from validator.document.model import PHASES, Player
from validator.importers.duelingbook import logtext
from validator.importers.duelingbook.actions import Mark
from validator.importers.duelingbook.readings.catalog import Note

Play = dict[str, Any]

#: Phases in turn order (for implied forward moves and rewinds).
ORDER: Final = {phase: n for n, phase in enumerate(PHASES)}


class Names:
    """Play names under the names the current Duelingbook gives them (older replays used longer
    names), and the plays that say nothing about the game. The kinds table (:mod:`.kinds`) makes
    the one instance, :data:`.kinds.NAMES`, from its kinds; it stands above the readings, so the
    builder is given it.

    >>> names = Names(frozenset({"View deck"}), (("View ", "View GY"),), frozenset({"View deck"}))
    >>> names.canonical("View deck"), names.canonical("View hand"), names.current
    ('View deck', 'View GY', {'View deck': 'View deck', 'View hand': 'View GY'})
    """

    __slots__ = ("_kept", "_old", "current", "quiet")

    def __init__(self, kept: frozenset[str], old: tuple[tuple[str, str], ...],
                 quiet: frozenset[str]) -> None:
        self._kept = kept  # names read as they are, whatever older name they start like
        self._old = old  # (prefix of an older name, the current name), the first match wins
        #: Names already read -> their current names: kinds repeat, and the import loop and
        #: the look-aheads look here first (a dict lookup, not a call).
        self.current: dict[str, str] = {}
        #: Plays that say nothing about the game: skipped when looking at what comes next.
        self.quiet = quiet

    def canonical(self, kind: str) -> str:
        """``kind`` under its current name: a kept name as it is, another by the first older
        name it starts with (else as it is).

        >>> Names(frozenset(), (("SS DEF", "SS DEF"),), frozenset()).canonical("SS DEF from hand")
        'SS DEF'
        """
        found = self.current.get(kind)
        if found is not None:
            return found
        found = kind
        if kind not in self._kept:
            found = next((name for prefix, name in self._old if kind.startswith(prefix)), kind)
        if len(kind) <= 64 and len(self.current) < 4096:  # kinds repeat; input may invent any
            self.current[kind] = found
        return found


#: The plays of a chat line (the duel's chat, and a message to the room).
CHAT: Final = frozenset({"Duel message", "Message"})
#: Plays that end a game and start the next one (the match's RPS again, or the next duel).
GAME_BOUNDARIES: Final = ("Pick first", "Begin next duel", "Back to RPS")


class CannotFollow(ValueError):
    """A play the importer cannot follow: the game is judged up to it (docs/duelingbook.md)."""


def unstamp(text: object) -> int | None:
    """A play's time as :func:`stamp` writes it, back to seconds; None for anything else.

    >>> unstamp("[12:07]"), unstamp("[12:x]"), unstamp(None)
    (727, None, None)
    """
    if type(text) is not str:
        return None
    minutes, _, seconds = text.strip("[]").partition(":")
    return int(minutes) * 60 + int(seconds) if minutes.isdigit() and seconds.isdigit() \
        else None


def stamp(seconds: Any) -> str:
    """A play's time as the text export writes it.

    >>> stamp(214)
    '[3:34]'
    """
    key: object = seconds  # looked up as given: an int narrowed would be boxed again
    if type(seconds) is int:
        known = _STAMPS.get(key)
        if known is not None:
            return known
    try:
        total = max(int(seconds or 0), 0)
    except (TypeError, ValueError):
        total = 0
    text = f"[{total // 60}:{total % 60:02d}]"
    if type(seconds) is int and len(_STAMPS) < 100_000:
        _STAMPS[key] = text
    return text


_STAMPS: Final[dict[object, str]] = {}
#: The last play read and its texts, as one pair replaced in one write: threads importing
#: at once (the service's workers) each see a whole pair, never one play's texts with another.
_LAST_TEXTS: Final[list[tuple[Any, tuple[str, str]]]] = [(None, ("", ""))]


def texts(play: Play) -> tuple[str, str]:
    """A play's public log line and its private one (which names hidden cards, when the
    replay was saved unconcealed). Handlers ask several times per play: the last is kept.

    >>> texts({"play": "Draw card", "log": {"public_log": "Drew a card",
    ...                                     "private_log": 'Drew "Sangan"'}})
    ('Drew a card', 'Drew "Sangan"')
    """
    last = _LAST_TEXTS[0]
    if last[0] is play:
        return last[1]
    log = play.get("log")
    log = log if isinstance(log, dict) else {}
    public = str(log.get("public_log") or play.get("play") or "")
    found = (public, str(log.get("private_log") or public))
    _LAST_TEXTS[0] = (play, found)
    return found


def from_hand(play: Play) -> bool:
    """Whether a play takes its card from its player's hand. Either line may say so: the
    v5 private line names the card but drops the words ("Set "X" (2/6) to M-1"), and the
    play's own name may be the only witness ("Set monster from hand").

    >>> from_hand({"play": "Set monster from hand", "log": {
    ...     "public_log": "Set card from hand (2/6) to M-1",
    ...     "private_log": 'Set "Fire King Avatar Yaksha" (2/6) to M-1'}})
    True
    >>> from_hand({"play": "Set monster", "log": {"public_log": 'Set "X" in M-2'}})
    False
    """
    if str(play.get("play", "")).endswith("from hand"):
        return True  # the name Duelingbook gave the play
    return any("from hand" in text or logtext.takes_from_hand(text) for text in texts(play))


def where_said(play: Play) -> str:
    """A play as a judge finds it in the text export: ``[m:ss] user: text``."""
    return f"{stamp(play.get('seconds'))} {play.get('username', '')}: {texts(play)[0]}"


@dataclass(slots=True)
class Declaration:
    """An attack declaration this turn, and what happened since (replays, re-clicks)."""

    target: str | None
    foes: frozenset[str]
    activated_since: bool = False
    battle_done: bool = False
    changed_after_activation: bool | None = None  # None: the foes have not changed yet
    #: The damage its battle deals the defender by the two cards' printed ATK (None: none, or
    #: not known), and whether a Life Point loss was read as it.
    damage: int | None = None
    damaged: bool = False
    #: The play that declared it (its index).
    at: int = -1
    #: Its target was in Attack Position with the attacker's printed ATK: both are destroyed.
    mutual: bool = False
    #: The defender's monsters a rollback had left out of place, not put back yet when it was
    #: declared (the engine has them on the field).
    unrestored: frozenset[str] = frozenset()


@dataclass(slots=True, init=False)
class Snapshot:
    """The game as a phase was left: a backward phase move lands here (a rewind). Its
    constructor is written out, compiled (the one ``dataclass`` generates is interpreted)."""

    turn: int
    phase: str
    mark: Mark  # where the actions stood (moves with actions inserted or taken back)
    board: int  # a mark in the board's journal of moves
    lp: dict[Player, int]
    drew: bool
    declared: dict[str, Declaration]

    def __init__(self, turn: int, phase: str, mark: Mark, board: int, lp: dict[Player, int],
                 drew: bool, declared: dict[str, Declaration]) -> None:
        self.turn, self.phase, self.mark, self.board = turn, phase, mark, board
        self.lp, self.drew, self.declared = lp, drew, declared


@dataclass
class Game:
    """One imported game: its duel document, the usernames of p1 and p2, and notes (each with
    the reading it comes from, :mod:`.readings`).

    ``stopped`` says where and why the import stopped early (None when it followed every
    play); ``format`` is the replay's format code (``gu``, ``uu``, ...) or None, and
    ``card_pool`` the card pool date "Pick first" gives (``2005-08-20`` for Goat), if any;
    ``ruleset`` the one its format is judged by (:mod:`.ruleset`).
    """

    number: int
    players: dict[Player, str]
    document: dict[str, Any]
    notes: list[Note] = field(default_factory=list)
    stopped: str | None = None
    format: str | None = None
    card_pool: str | None = None
    ruleset: str = "classic"


#: Plays only a turn player makes: one by the next player after "Ended turn" means their
#: turn has begun.
TURN_PLAYS: Final = frozenset({"Enter SP", "Enter M1", "Enter BP", "Enter M2", "Enter EP",
                               "Normal Summon", "Set monster", "Flip Summon", "Set ST",
                               "Attack", "Attack directly", "End turn"})
#: Format codes whose matches are played with the first player drawing in turn 1.
CLASSIC_DRAW_FORMATS: Final = frozenset({"gu", "gr", "eu", "er"})  # Goat, Edison
#: Card pool dates ("Pick first" ``date``) of formats whose first player draws in turn 1.
CLASSIC_DRAW_POOLS: Final = frozenset({"2005-08-20"})

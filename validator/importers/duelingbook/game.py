"""What every part of the importer shares: a play's text and time, the game being built,
and what the builder remembers of attacks and phases."""

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
#: Play kinds outside the rules, with why (docs/duelingbook.md lists them).
IGNORED: Final[dict[str, str]] = {
    "Duel message": "chat", "Thinking": "a signal", "Good": "a signal (\"Signaled OK\")",
    "Countdown": "a clock", "View GY": "viewing", "View GY 2": "viewing",
    "View Banished": "viewing", "View Banished 2": "viewing", "View deck": "viewing",
    "View ED": "viewing", "View Extra": "viewing", "Stop viewing": "viewing",
    "Show hand": "showing cards (part of an effect's resolution, no move)",
    "Reveal": "showing a card, no move", "Target card": "pointing at a card (\"Pointed at\")",
    "Add counter": "counters are not modelled", "Remove counter": "counters are not modelled",
    "Edit stats": "ATK/DEF edits are not modelled", "Die": "a die roll (\"Rolled a die\")",
    "Coin": "a coin toss", "Rejoin duel": "connection", "Resume game": "connection",
    "Add watcher": "spectators", "Remove watcher": "spectators", "RPS": "match bookkeeping",
    "Siding": "match bookkeeping", "Done siding": "match bookkeeping",
    "Cancel": "a cancelled click", "Stop good": "a signal", "Typing": "a signal",
    "Message": "chat", "Watcher message": "chat", "Offer draw": "an offer",
    "Revoke draw": "an offer", "Offer rematch": "an offer", "Revoke rematch": "an offer",
    "Accept rematch": "match bookkeeping", "Pause game": "the clock",
    "Call admin": "a call to a moderator", "Cancel call": "a call to a moderator",
    "Permission event": "a permission", "Permission granted": "a permission",
    "Permission denied": "a permission", "Frozen": "connection", "Beginner": "a room flag",
    "Show deck": "showing cards", "Show ED": "showing cards",
    "Show Extra Deck": "showing cards", "View materials": "viewing", "View ED 2": "viewing",
    "Stay revealed": "showing a card", "Stop revealing": "showing a card",
    "Pick 3 cards": "showing cards from the Deck for the opponent to pick from (Enneacraft); "
                    "the card picked moves in a play of its own",
}
#: Duelingbook's older replays name plays after where the card comes from; a few plays have
#: a second name (a different case, an older spelling).
_OLD_NAMES: Final = (("Set monster to ST", "Set ST"), ("Summon token", "Summon Token"),
                     ("Flip monster", "Flip"), ("To Grave", "To GY"), ("SS ATK", "SS ATK"),
                     ("SS DEF", "SS DEF"), ("OL ATK", "OL ATK"),
                     ("OL DEF", "OL DEF"), ("To grave", "To GY"), ("To GY", "To GY"),
                     ("Banish FD", "Banish FD"), ("Banish", "Banish"), ("To hand", "To hand"),
                     ("To T Deck", "To T Deck"), ("To B Deck", "To B Deck"),
                     ("To top of deck", "To T Deck"), ("To ED FU", "To ED FU"),
                     ("To ED", "To ED"), ("To Extra", "To ED"), ("Set monster", "Set monster"),
                     ("Set ST", "Set ST"), ("Set Field Spell", "Set ST"),
                     ("Activate Spell", "Activate ST"), ("Activate Field Spell", "Activate ST"),
                     ("Activate Pendulum", "Activate ST"), ("To ST", "To ST"),
                     ("Reveal", "Reveal"), ("View ", "View GY"), ("Show ", "Show hand"),
                     ("Add random card from deck to hand", "To hand"))


#: Kinds already read (the import loop looks here first: a dict lookup, not a call).
CANONICAL: dict[str, str] = {}


def canonical(kind: str) -> str:
    """A play kind as the current Duelingbook names it (older replays used longer names).

    >>> canonical("To grave from field"), canonical("SS DEF from hand"), canonical("Attack")
    ('To GY', 'SS DEF', 'Attack')
    >>> canonical("Set monster to ST from hand"), canonical("To Grave from Extra")
    ('Set ST', 'To GY')
    """
    found = CANONICAL.get(kind)
    if found is not None:
        return found
    found = kind
    if kind not in IGNORED:
        found = next((name for prefix, name in _OLD_NAMES if kind.startswith(prefix)), kind)
    if len(kind) <= 64 and len(CANONICAL) < 4096:  # kinds repeat; input may invent any
        CANONICAL[kind] = found
    return found


#: Plays that end a game and start the next one (the match's RPS again, or the next duel).
GAME_BOUNDARIES: Final = ("Pick first", "Begin next duel", "Back to RPS")
#: Plays that say nothing about the game: skipped when looking at what comes next.
QUIET: Final = frozenset(IGNORED) | {"Shuffle hand", "Shuffle deck", "Left duel"}


class CannotFollow(ValueError):
    """A play the importer cannot follow: the game is judged up to it (docs/duelingbook.md)."""


def stamp(seconds: Any) -> str:
    """A play's time as the text export writes it.

    >>> stamp(214)
    '[3:34]'
    """
    if type(seconds) is int and seconds in _STAMPS:
        return _STAMPS[seconds]
    try:
        total = max(int(seconds or 0), 0)
    except (TypeError, ValueError):
        total = 0
    text = f"[{total // 60}:{total % 60:02d}]"
    if type(seconds) is int and len(_STAMPS) < 100_000:
        _STAMPS[seconds] = text
    return text


_STAMPS: dict[int, str] = {}
_LAST_TEXTS: list[Any] = [None, ("", "")]  # the last play read, and its texts


def texts(play: Play) -> tuple[str, str]:
    """A play's public log line and its private one (which names hidden cards, when the
    replay was saved unconcealed). Handlers ask several times per play: the last is kept.

    >>> texts({"play": "Draw card", "log": {"public_log": "Drew a card",
    ...                                     "private_log": 'Drew "Sangan"'}})
    ('Drew a card', 'Drew "Sangan"')
    """
    if play is _LAST_TEXTS[0]:
        found: tuple[str, str] = _LAST_TEXTS[1]
        return found
    log = play.get("log")
    log = log if isinstance(log, dict) else {}
    public = str(log.get("public_log") or play.get("play") or "")
    found = (public, str(log.get("private_log") or public))
    _LAST_TEXTS[0], _LAST_TEXTS[1] = play, found
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


@dataclass(slots=True)
class Snapshot:
    """The game as a phase was left: a backward phase move lands here (a rewind)."""

    turn: int
    phase: str
    mark: Mark  # where the actions stood (moves with actions inserted or taken back)
    board: int  # a mark in the board's journal of moves
    lp: dict[Player, int]
    drew: bool
    declared: dict[str, Declaration]


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

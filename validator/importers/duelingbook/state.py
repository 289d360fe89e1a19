"""What the rules reading of one game remembers, split into what it is: the turn being read
(:class:`Turn`, replaced whole when the turn passes), the attacks declared in it
(:class:`Attacks`), the rewinds it may go back to (:class:`Rewinds`) and the monsters sent off
the field that a summon may still claim as its Tributes or materials (:class:`Materials`).
The :class:`~validator.importers.duelingbook.builder.GameBuilder` holds one of each."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from validator.document.model import Player, other
from validator.importers.duelingbook.actions import Action
from validator.importers.duelingbook.board.tracker import Spot
from validator.importers.duelingbook.game import Declaration, Play, Snapshot


def _per_player() -> dict[Player, list[str]]:
    return {"p1": [], "p2": []}


@dataclass(slots=True)
class Turn:
    """The turn being read: whose, which phase, and what this turn has used.

    >>> first = Turn(); first.player, first.number, first.phase
    ('p1', 1, 'draw')
    >>> later = first.next(); later.player, later.number, later.phase
    ('p2', 2, 'draw')
    """

    number: int = 1
    player: Player = "p1"
    phase: str = "draw"
    #: The phase the log itself last entered (not implied).
    logged_phase: str = "draw"
    drew: bool = False
    #: "Ended turn" seen: the turn passes at the next player's "Start turn".
    ending: Play | None = None
    #: An effect was used since the last "Ended turn" (kept across the turn's passing).
    effect_since_end: bool = False
    #: Cards Set this turn (in a Spell & Trap Zone).
    set_cards: set[str] = field(default_factory=set)
    #: Additional Normal Summons granted and not used yet, by player (the granting cards).
    granted: dict[Player, list[str]] = field(default_factory=_per_player)
    #: Cards face-up on the field whose additional Normal Summon was used this turn.
    lent_used: set[str] = field(default_factory=set)
    #: Cards that lent the turn's first Normal Summon, by player: the turn's own is unused.
    lent_spare: dict[Player, list[str]] = field(default_factory=_per_player)
    #: (play index, player, card) of the effects used lately this turn.
    recent: list[tuple[int, Player, str]] = field(default_factory=list)
    #: card -> its Normal Summon or Set this turn.
    placed_at: dict[str, Action] = field(default_factory=dict)
    #: card -> its effect was used since it was Normal Summoned or Set.
    placed_used: dict[str, bool] = field(default_factory=dict)

    def next(self) -> Turn:
        """The next player's turn, from its Draw Phase."""
        return Turn(self.number + 1, other(self.player),
                    effect_since_end=self.effect_since_end)


@dataclass(slots=True)
class Attacks:
    """The attacks declared this turn (cleared when the turn passes)."""

    #: attacker -> its declaration and what happened since.
    declared: dict[str, Declaration] = field(default_factory=dict)
    #: player -> the monster whose effect that player declared last.
    last_declared: dict[Player, str] = field(default_factory=dict)
    #: face-down targets the engine flipped face-up.
    flipped: set[str] = field(default_factory=set)


@dataclass(slots=True, init=False)
class Point:
    """The game just before a play of this turn was read: where a rollback agreed in chat
    may go back to (:mod:`.readings.rollback`). One is kept before each play of a turn a
    request can reach: its constructor is written out (``init=False``), compiled, where the
    one ``dataclass`` generates is interpreted even in the compiled build.

    >>> Point(12, 40, None, (8000, 8000), "main1", True).phase
    'main1'
    """

    #: The play's index.
    index: int
    #: The board's journal then (a mark: :meth:`~.tracker.Board.since` tells where cards stood).
    journal: int
    #: The last action emitted before the play (None: none yet).
    last: Action | None
    #: Life Points then (p1, p2).
    lp: tuple[int, int]
    phase: str
    drew: bool

    def __init__(self, index: int, journal: int, last: Action | None, lp: tuple[int, int],
                 phase: str, drew: bool) -> None:
        self.index = index
        self.journal = journal
        self.last = last
        self.lp = lp
        self.phase = phase
        self.drew = drew


@dataclass(slots=True)
class Rewinds:
    """Where a backward phase click may go back to, and what a rewind left out of place."""

    #: The game as each phase of this turn was left.
    snapshots: list[Snapshot] = field(default_factory=list)
    #: Cards a rewind left where the engine does not have them (their spot then).
    pending: dict[str, Spot | None] = field(default_factory=dict)
    #: The game's chat lines asking to go back (their play indices), and those a rollback
    #: was read for.
    asked: list[int] = field(default_factory=list)
    used: set[int] = field(default_factory=set)
    #: The game before each play of this turn (kept only in a game with a line in ``asked``).
    points: list[Point] = field(default_factory=list)


@dataclass(slots=True)
class Materials:
    """Monsters sent off the field that a summon may claim (its Tributes, its materials),
    and monsters placed to be summoned."""

    #: (the move, monster) sent off the field since the last other action.
    sends: list[tuple[Action, str]] = field(default_factory=list)
    #: Who controlled a monster sent away.
    graveyard_from: dict[str, Player] = field(default_factory=dict)
    #: monster -> (the move that sent it off the field, the spot it left, who clicked).
    sent_from: dict[str, tuple[Action, Spot, Any]] = field(default_factory=dict)
    #: Monsters placed in a Spell & Trap Zone to be summoned (their spot before).
    staged: dict[str, Spot | None] = field(default_factory=dict)

    def senders(self) -> set[Player]:
        """Who controlled the monsters of :attr:`sends` (the players a summon now may claim
        them as Tributes for).

        >>> Materials().senders()
        set()
        """
        return {self.graveyard_from[card] for _, card in self.sends if card in self.graveyard_from}

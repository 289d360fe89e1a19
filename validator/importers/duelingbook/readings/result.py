"""What a reading found a play to be: a small typed result that the builder applies in one
place (:meth:`~validator.importers.duelingbook.builder.GameBuilder.read_as`), so that a
reading only tests and returns, and can be tried, or tried in another order, without changing
the game (docs/architecture.md, "The importer's reading model").

A :class:`ReadAs` says which actions a play becomes (:class:`Emit`, in order), which later
plays it reads with it (consumed), which actions already emitted it takes back or revises,
which effects it uses, and the note it leaves under its reading id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from validator.document.model import Player
from validator.importers.duelingbook.actions import Action
from validator.importers.duelingbook.board.tracker import Spot
from validator.importers.duelingbook.game import Declaration, Snapshot
from validator.importers.duelingbook.readings.catalog import Reading
from validator.importers.duelingbook.state import Point


@dataclass(slots=True, init=False)
class Sent:
    """A monster an action sends off the field, which a summon that follows may claim as its
    Tribute or material: who controlled it, and (when the log had it in a zone) where it
    stood and who clicked, so that bringing it straight back reads as a slip undone.

    >>> Sent("c1", "p1").side
    'p1'
    """

    card: str
    side: Player
    spot: Spot | None
    user: Any

    def __init__(self, card: str, side: Player, spot: Spot | None = None, user: Any = None) -> None:
        self.card = card
        self.side = side
        self.spot = spot
        self.user = user


@dataclass(slots=True, init=False)
class Emit:
    """One action a play becomes: its type, its player, its fields, and what the builder
    keeps of it. ``note`` is what a reading says of it; ``implied`` an action the log skips;
    ``before`` inserts it just before an action already emitted (a phase change read before
    the Tributes just logged); ``play`` is the later play it comes from, when not the play
    read (a material logged after its summon); ``placed`` marks the turn's Normal Summon or
    Set of its card; ``sent`` a monster sent off the field; ``phase_left`` a phase change
    of the turn (a snapshot of the phase left is taken first, for rewinds); ``untimed`` an
    activation whose timing goes unchecked (the card's text does not say when).

    >>> Emit("move", "p1", {"card": "c1", "to": "graveyard"}).fields["to"]
    'graveyard'
    """

    type: str
    player: Player
    fields: dict[str, Any]
    note: Reading | None
    implied: bool
    before: Action | None
    play: Any
    placed: bool
    sent: Sent | None
    phase_left: bool
    untimed: bool

    def __init__(self, type: str, player: Player, fields: dict[str, Any] | None = None,
                 note: Reading | None = None, implied: bool = False, before: Action | None = None,
                 play: Any = None, placed: bool = False, sent: Sent | None = None,
                 phase_left: bool = False, untimed: bool = False) -> None:
        self.type = type
        self.player = player
        self.fields = {} if fields is None else fields
        self.note = note
        self.implied = implied
        self.before = before
        self.play = play
        self.placed = placed
        self.sent = sent
        self.phase_left = phase_left
        self.untimed = untimed


@dataclass(slots=True, init=False)
class Revise:
    """An action already emitted, read again: its fields now, and what the reading says of
    it (``replace``: its words instead of the action's earlier note).

    >>> Revise({"type": "special_summon"}, {"position": "defense"}).fields
    {'position': 'defense'}
    """

    action: Action
    fields: dict[str, Any]
    reading: Reading | None
    replace: bool

    def __init__(self, action: Action, fields: dict[str, Any], reading: Reading | None = None,
                 replace: bool = False) -> None:
        self.action = action
        self.fields = fields
        self.reading = reading
        self.replace = replace


@dataclass(slots=True, init=False)
class Changes:
    """What a reading changes in the builder's state besides the actions a play becomes, each
    a typed field applied by :meth:`~validator.importers.duelingbook.builder.GameBuilder.
    read_as`. Before the actions: a change of Life Points the log shows (``lp_change``); the
    signs of rules the game shows; cards put back after a rewind (``restores``); a phase click
    read as not made, with the rewinds after it (``takes_back``); a rewind to a snapshot of
    the turn, what the engine was told since taken back (``rewind``), or to the moment before
    a play of the turn that a rollback agreed in chat goes back to (``rollback``: its Life
    Points and phase too); the monsters sent just
    before it that a summon claims as Tributes (``tributes_claimed``: none is left to claim),
    and who controlled those a later play sent (``controllers``); actions revised; the turn's
    phase (and the phase the log shows); a draw an effect skipped; the turn's normal draw made
    (``drew``); the battles a Life Point change closes (``closes``: they had their result;
    ``damaged``: this is their damage); attacks that are over (``attacks_ended``: their
    monster left and came back); face-down monsters an attack flipped whose flip the log now
    shows (``flips_seen``); Traps now in a Monster Zone (``trap_monsters``); an additional
    Normal Summon used (``grant_used``: the player and the granting card), a card that lent the
    turn's first Normal Summon (``lent_first``: the player and the card); Tribute counts
    another card's rule allows a copy (``widened``); the Summon procedures (``materials``) of a
    copy whose Levels or Tuners the duel leaves unjudged (``procedures``). After the actions
    and the effects used:
    cards Normal Summoned or Set whose effect is not used yet (``fresh``); the attacks
    declared (``declares``, and the face-down targets the engine flips face-up, ``flips``);
    cards an effect Set this turn (``set_by_effect``: each with the card whose effect, if the
    log shows one); Link Monsters whose zone is the judge's choice (``unzoned``); monsters
    placed in a Spell & Trap Zone to be summoned (``staged``, each with where it came from;
    ``unstaged``: summoned now); the monster whose effect its player declared last
    (``last_declared``: None for none); "Ended turn" (``ends_turn``: the turn passes at the
    next player's start); the game over (``over``); the Life Points the log says a player has
    after the play, checked (``audit``: a difference noted, at 0 the game is over); the turn
    passed (``turn_passes``: the next player's turn begins).

    A plain class with slots, not frozen: results are made for nearly every play, and a frozen
    dataclass's constructor costs a call per field; nothing changes one once made. Its
    constructor is written out (``init=False``), as :class:`ReadAs`'s, :class:`Emit`'s,
    :class:`Sent`'s and :class:`Revise`'s are: the one ``dataclass`` generates is interpreted
    even in the compiled build, and cost an import about a tenth of its instructions
    (docs/building.md); the dataclass still makes their comparison and ``repr``.

    >>> Changes(drew=True).drew
    True
    """

    lp_change: tuple[Player, int] | None
    signs: tuple[tuple[str, str], ...]
    restores: tuple[str, ...]
    takes_back: tuple[Action, ...]
    rewind: Snapshot | None
    rollback: Point | None
    tributes_claimed: bool
    controllers: tuple[tuple[str, Player], ...]
    revises: tuple[Revise, ...]
    phase: str | None
    logged_phase: str | None
    draw_skipped: Player | None
    drew: bool
    closes: tuple[Declaration, ...]
    damaged: tuple[Declaration, ...]
    attacks_ended: tuple[str, ...]
    flips_seen: tuple[str, ...]
    trap_monsters: tuple[str, ...]
    grant_used: tuple[Player, str] | None
    lent_first: tuple[Player, str] | None
    widened: tuple[tuple[str, tuple[int, ...]], ...]
    procedures: tuple[tuple[str, tuple[Any, ...]], ...]
    fresh: tuple[str, ...]
    declares: tuple[tuple[str, Declaration], ...]
    flips: tuple[str, ...]
    set_by_effect: tuple[tuple[str, str | None], ...]
    unzoned: tuple[str, ...]
    staged: tuple[tuple[str, Spot | None], ...]
    unstaged: tuple[str, ...]
    last_declared: tuple[Player, str | None] | None
    ends_turn: bool
    over: bool
    audit: Player | None
    turn_passes: bool

    def __init__(self, lp_change: tuple[Player, int] | None = None,
                 signs: tuple[tuple[str, str], ...] = (), restores: tuple[str, ...] = (),
                 takes_back: tuple[Action, ...] = (), rewind: Snapshot | None = None,
                 rollback: Point | None = None, tributes_claimed: bool = False,
                 controllers: tuple[tuple[str, Player], ...] = (),
                 revises: tuple[Revise, ...] = (), phase: str | None = None,
                 logged_phase: str | None = None, draw_skipped: Player | None = None,
                 drew: bool = False, closes: tuple[Declaration, ...] = (),
                 damaged: tuple[Declaration, ...] = (), attacks_ended: tuple[str, ...] = (),
                 flips_seen: tuple[str, ...] = (), trap_monsters: tuple[str, ...] = (),
                 grant_used: tuple[Player, str] | None = None,
                 lent_first: tuple[Player, str] | None = None,
                 widened: tuple[tuple[str, tuple[int, ...]], ...] = (),
                 procedures: tuple[tuple[str, tuple[Any, ...]], ...] = (),
                 fresh: tuple[str, ...] = (), declares: tuple[tuple[str, Declaration], ...] = (),
                 flips: tuple[str, ...] = (),
                 set_by_effect: tuple[tuple[str, str | None], ...] = (),
                 unzoned: tuple[str, ...] = (), staged: tuple[tuple[str, Spot | None], ...] = (),
                 unstaged: tuple[str, ...] = (),
                 last_declared: tuple[Player, str | None] | None = None, ends_turn: bool = False,
                 over: bool = False, audit: Player | None = None,
                 turn_passes: bool = False) -> None:
        self.lp_change = lp_change
        self.signs = signs
        self.restores = restores
        self.takes_back = takes_back
        self.rewind = rewind
        self.rollback = rollback
        self.tributes_claimed = tributes_claimed
        self.controllers = controllers
        self.revises = revises
        self.phase = phase
        self.logged_phase = logged_phase
        self.draw_skipped = draw_skipped
        self.drew = drew
        self.closes = closes
        self.damaged = damaged
        self.attacks_ended = attacks_ended
        self.flips_seen = flips_seen
        self.trap_monsters = trap_monsters
        self.grant_used = grant_used
        self.lent_first = lent_first
        self.widened = widened
        self.procedures = procedures
        self.fresh = fresh
        self.declares = declares
        self.flips = flips
        self.set_by_effect = set_by_effect
        self.unzoned = unzoned
        self.staged = staged
        self.unstaged = unstaged
        self.last_declared = last_declared
        self.ends_turn = ends_turn
        self.over = over
        self.audit = audit
        self.turn_passes = turn_passes


@dataclass(slots=True, init=False)
class ReadAs:
    """What a reading found a play to be, for the builder to apply in one place, in this
    order: the state its :class:`Changes` change first (``changes``); the actions it takes
    back (``drops``: the engine was told of a slip); the later plays read with it
    (``consumes``: their board steps applied now, not read again); the actions it becomes
    (``actions``); the effects used (``uses``: player and card); the rest of its
    ``changes``; its note on the game (``reading`` and ``text``; none when ``reading`` is
    None); and last the results that follow it (``then``, each applied so in turn). A reading
    that returns one only tests: it changes nothing itself. (Not frozen, for speed, as
    :class:`Changes`; nothing changes one once made.)

    >>> ReadAs("slip.taken-back", "returned at once", consumes=(12,)).consumes
    (12,)
    >>> ReadAs(actions=(Emit("draw", "p1"),)).reading is None
    True
    """

    reading: str | None
    text: str
    consumes: tuple[int, ...]
    drops: tuple[Action, ...]
    actions: tuple[Emit, ...]
    uses: tuple[tuple[Player, str], ...]
    changes: Changes | None
    then: tuple[ReadAs, ...]

    def __init__(self, reading: str | None = None, text: str = "", consumes: tuple[int, ...] = (),
                 drops: tuple[Action, ...] = (), actions: tuple[Emit, ...] = (),
                 uses: tuple[tuple[Player, str], ...] = (), changes: Changes | None = None,
                 then: tuple[ReadAs, ...] = ()) -> None:
        self.reading = reading
        self.text = text
        self.consumes = consumes
        self.drops = drops
        self.actions = actions
        self.uses = uses
        self.changes = changes
        self.then = then


def emitting(*actions: Emit, uses: tuple[tuple[Player, str], ...] = ()) -> ReadAs:
    """A play read as the actions it plainly is (no reading of its own).

    >>> len(emitting(Emit("draw", "p1")).actions)
    1
    """
    return ReadAs(actions=actions, uses=uses)


def seq(*results: ReadAs | None) -> ReadAs | None:
    """Results applied one after the other (None where there is none; None when none is).

    >>> seq(None, ReadAs("slip.taken-back", "at once")).reading
    'slip.taken-back'
    >>> len(seq(ReadAs(consumes=(3,)), ReadAs(consumes=(4,))).then)
    2
    >>> seq(None, None) is None
    True
    """
    found: list[ReadAs] = []
    for result in results:
        if result is not None:
            found.append(result)
    if len(found) == 1:
        return found[0]  # (one result is itself: no wrapper to apply)
    return ReadAs(then=tuple(found)) if found else None

"""Every kind of Duelingbook play (``play["play"]``) in one table, and all the importer knows
of each: what it does to the board (its mover, :mod:`.board.movers`), how the rules reading
reads it (its handler, :mod:`.readings`), or why it is outside the rules. docs/duelingbook.md
lists the same kinds.

:data:`KINDS` is the one table; every other lookup is made from it, so a kind cannot be in one
and missing from another: :data:`NAMES` (older names, the plays that say nothing), which the
builder is given, and :data:`OUTSIDE`. The table stands above the board and the readings (it
names their functions); :mod:`.replay` runs both loops from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from validator.importers.duelingbook.board import movers
from validator.importers.duelingbook.board.follow import Mover
from validator.importers.duelingbook.game import Names
from validator.importers.duelingbook.readings import (
    battle,
    declared,
    extra,
    moving,
    placing,
    plays,
    positions,
    sets,
    specials,
    summons,
)
from validator.importers.duelingbook.readings.plays import Handler


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of play, under the name the current Duelingbook gives it.

    >>> KINDS["Normal Summon"].needs_card, KINDS["Duel message"].ignored
    (True, 'chat')
    """

    name: str
    #: What it does to the board, for the Follower (None: it moves no card).
    mover: Mover | None = None
    #: How the rules reading reads it (None: it is outside the rules, ``ignored`` says why).
    handler: Handler | None = None
    #: Why it is outside the rules (chat, viewing, signals): such a play is not read at all.
    ignored: str | None = None
    #: Its handler reads the step's card: the import loop checks the step names one first.
    needs_card: bool = False
    #: ... and a second card (the monster an Xyz Material goes under), checked as well.
    needs_other: bool = False
    #: It ends the game.
    ends: bool = False
    #: It says nothing about the game though it is read: looking at what comes next skips it,
    #: as it skips every kind outside the rules.
    quiet: bool = False


def _moves(name: str, mover: Mover, handler: Handler, *, other: bool = False) -> Kind:
    """A kind that moves a card (or turns it), whose handler reads the step's card."""
    return Kind(name, mover, handler, needs_card=True, needs_other=other)


def _outside(name: str, why: str) -> Kind:
    """A kind outside the rules, and why."""
    return Kind(name, ignored=why)


#: Every play kind the importer knows, in the table's order (each name once: :data:`KINDS`
#: holds them by name).
ALL_KINDS: Final = (
    # -- the turn and its phases: no card moves
    Kind("Start turn", None, plays.start_turn), Kind("End turn", None, plays.end_turn),
    Kind("Enter DP", None, plays.enter("draw")), Kind("Enter SP", None, plays.enter("standby")),
    Kind("Enter M1", None, plays.enter("main1")), Kind("Enter BP", None, plays.enter("battle")),
    Kind("Enter M2", None, plays.enter("main2")), Kind("Enter EP", None, plays.enter("end")),
    Kind("Life points", None, plays.life_points),
    _moves("Draw card", movers.draw, plays.draw),
    Kind("Shuffle hand", movers.shuffle_hand, plays.nothing, quiet=True),
    Kind("Shuffle deck", movers.shuffle_deck, plays.nothing, quiet=True),
    # -- monsters
    _moves("Normal Summon", movers.normal_summon, summons.normal_summon),
    _moves("Set monster", movers.set_monster, summons.set_monster),
    _moves("Flip Summon", movers.flip_summon, positions.flip_summon),
    _moves("Flip", movers.flip, positions.flip),
    _moves("To ATK", movers.to_position, positions.change_position),
    _moves("To DEF", movers.to_position, positions.change_position),
    _moves("SS ATK", movers.special_summon, extra.special_summon),
    _moves("SS DEF", movers.special_summon, extra.special_summon),
    _moves("Summon Token", movers.summon_token, specials.summon_token),
    _moves("Overlay", movers.overlay, specials.overlay, other=True),
    _moves("OL ATK", movers.xyz_summon, specials.xyz_summon, other=True),
    _moves("OL DEF", movers.xyz_summon, specials.xyz_summon, other=True),
    _moves("Attach", movers.attach, specials.attach, other=True),
    _moves("Detach", movers.detach, specials.detach),
    _moves("Change control", movers.change_control, specials.change_control),
    _moves("Turn face-down", movers.turn_face_down, sets.turn_face_down),
    # -- Spells and Traps, and cards placed
    _moves("Set ST", movers.set_spell_trap, placing.set_spell_trap),
    _moves("Activate ST", movers.activate, placing.activate),
    _moves("Declare", movers.declare, declared.declare),
    _moves("To ST", movers.to_spell_trap, moving.to_spell_trap),
    _moves("Move", movers.move, placing.move),
    # -- cards sent to a pile
    _moves("To GY", movers.send("graveyard"), plays.to("graveyard")),
    _moves("Mill", movers.send("graveyard"), plays.to("graveyard")),
    _moves("Discard", movers.send("graveyard"), plays.to("graveyard")),
    _moves("Remove Token", movers.send("graveyard"), plays.to("graveyard")),
    _moves("Banish", movers.send("banished"), plays.to("banished")),
    _moves("Banish FD", movers.send("banished"), extra.banish_face_down),
    _moves("To hand", movers.send("hand"), plays.to("hand")),
    _moves("To T Deck", movers.send("deck"), plays.to("deck")),
    _moves("To B Deck", movers.send("deck"), plays.to("deck")),
    _moves("To deck", movers.send("deck"), plays.to("deck")),
    _moves("To ED", movers.send("extra"), plays.to("extra")),
    _moves("To ED FU", movers.to_face_up_extra, extra.to_face_up_extra),
    # -- battle
    _moves("Attack", movers.attack, battle.attack),
    _moves("Attack directly", movers.attack, battle.attack),
    # -- the game's end, and a board the log no longer tells
    Kind("Admit defeat", None, plays.surrender, ends=True),
    Kind("Quit duel", None, plays.surrender, ends=True),
    Kind("Left duel", None, plays.left, quiet=True),
    Kind("Game loss", None, plays.game_loss, ends=True),
    Kind("Match loss", None, plays.game_loss, ends=True),
    Kind("Loss", None, plays.game_loss, ends=True),
    Kind("Accept draw", None, plays.no_winner, ends=True),
    Kind("Cancel game", None, plays.no_winner, ends=True),
    Kind("Reset game", movers.reset, plays.nothing),
    # -- outside the rules (docs/duelingbook.md lists them)
    _outside("Duel message", "chat"), _outside("Thinking", "a signal"),
    _outside("Good", "a signal (\"Signaled OK\")"), _outside("Countdown", "a clock"),
    _outside("View GY", "viewing"), _outside("View GY 2", "viewing"),
    _outside("View Banished", "viewing"), _outside("View Banished 2", "viewing"),
    _outside("View deck", "viewing"), _outside("View ED", "viewing"),
    _outside("View Extra", "viewing"), _outside("Stop viewing", "viewing"),
    _outside("Show hand", "showing cards (part of an effect's resolution, no move)"),
    _outside("Reveal", "showing a card, no move"),
    _outside("Target card", "pointing at a card (\"Pointed at\")"),
    _outside("Add counter", "counters are not modelled"),
    _outside("Remove counter", "counters are not modelled"),
    _outside("Edit stats", "ATK/DEF edits are not modelled"),
    _outside("Die", "a die roll (\"Rolled a die\")"), _outside("Coin", "a coin toss"),
    _outside("Rejoin duel", "connection"), _outside("Resume game", "connection"),
    _outside("Add watcher", "spectators"), _outside("Remove watcher", "spectators"),
    _outside("RPS", "match bookkeeping"), _outside("Siding", "match bookkeeping"),
    _outside("Done siding", "match bookkeeping"), _outside("Cancel", "a cancelled click"),
    _outside("Stop good", "a signal"), _outside("Typing", "a signal"),
    _outside("Message", "chat"), _outside("Watcher message", "chat"),
    _outside("Offer draw", "an offer"), _outside("Revoke draw", "an offer"),
    _outside("Offer rematch", "an offer"), _outside("Revoke rematch", "an offer"),
    _outside("Accept rematch", "match bookkeeping"), _outside("Pause game", "the clock"),
    _outside("Call admin", "a call to a moderator"),
    _outside("Cancel call", "a call to a moderator"),
    _outside("Permission event", "a permission"), _outside("Permission granted", "a permission"),
    _outside("Permission denied", "a permission"), _outside("Frozen", "connection"),
    _outside("Beginner", "a room flag"), _outside("Show deck", "showing cards"),
    _outside("Show ED", "showing cards"), _outside("Show Extra Deck", "showing cards"),
    _outside("View materials", "viewing"), _outside("View ED 2", "viewing"),
    _outside("Stay revealed", "showing a card"), _outside("Stop revealing", "showing a card"),
    _outside("Pick 3 cards", "showing cards from the Deck for the opponent to pick from "
                             "(Enneacraft); the card picked moves in a play of its own"),
)
#: Play kind (its current name) -> all the importer knows of it: the one table.
KINDS: Final[dict[str, Kind]] = {kind.name: kind for kind in ALL_KINDS}
#: What a kind this importer does not know gets (a card's own "Resolve Effect" play, a later
#: Duelingbook's): followed by its line when it sends a named card to a pile, else a note
#: (:func:`.movers.unknown`, :func:`.plays.unknown`). Not a kind of the table.
UNKNOWN: Final = Kind("", movers.unknown, plays.unknown)
#: The kinds outside the rules.
OUTSIDE: Final = frozenset(name for name, kind in KINDS.items() if kind.ignored is not None)

#: Duelingbook's older replays name plays after where the card comes from; a few plays have
#: a second name (a different case, an older spelling). A name starting with one of these
#: prefixes is read as the kind beside it (the first that matches).
OLD_NAMES: Final = (("Set monster to ST", "Set ST"), ("Summon token", "Summon Token"),
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
#: Play names under their current names (a name outside the rules is kept as it is: "View
#: deck" is no older "View GY"), and the plays that say nothing about the game.
NAMES: Final = Names(OUTSIDE, OLD_NAMES, OUTSIDE | {
    name for name, kind in KINDS.items() if kind.quiet})


def canonical(kind: str) -> str:
    """A play kind as the current Duelingbook names it (older replays used longer names).

    >>> canonical("To grave from field"), canonical("SS DEF from hand"), canonical("Attack")
    ('To GY', 'SS DEF', 'Attack')
    >>> canonical("Set monster to ST from hand"), canonical("To Grave from Extra")
    ('Set ST', 'To GY')
    """
    return NAMES.current.get(kind) or NAMES.canonical(kind)


def kind_of(raw: str) -> str | None:
    """A play's kind under its current name, or None for a play outside the rules (chat,
    viewing, signals).

    >>> kind_of("SS DEF from hand"), kind_of("Duel message"), kind_of("View Opponent's GY")
    ('SS DEF', None, None)
    """
    kind = NAMES.current.get(raw) or NAMES.canonical(raw)
    return None if kind in OUTSIDE else kind

"""The table of Duelingbook play kinds (validator/importers/duelingbook/kinds.py): what each
kind is, the lookups made from it, and the older names read as its kinds."""

from __future__ import annotations

import pytest

from validator.importers.duelingbook.board import movers
from validator.importers.duelingbook.kinds import (
    ALL_KINDS,
    KINDS,
    NAMES,
    OLD_NAMES,
    OUTSIDE,
    UNKNOWN,
    Kind,
    canonical,
    kind_of,
)
from validator.importers.duelingbook.readings import plays
from validator.importers.duelingbook.replay import import_replay

PICK = {"play": "Pick first", "order": ["a", "b"]}


def test_every_kind_is_in_the_table_once_under_its_own_name() -> None:
    assert len(KINDS) == len(ALL_KINDS)
    assert [name for name, kind in KINDS.items() if kind.name != name] == []
    assert UNKNOWN.name not in KINDS


def test_a_kind_outside_the_rules_has_neither_mover_nor_handler_and_says_why() -> None:
    outside = [kind for kind in KINDS.values() if kind.ignored is not None]
    assert {kind.name for kind in outside} == OUTSIDE
    assert [kind.name for kind in outside if kind.mover or kind.handler or not kind.ignored or
            kind.needs_card or kind.ends or kind.quiet] == []
    assert KINDS["Duel message"].ignored == "chat"
    assert KINDS["Target card"].ignored == "pointing at a card (\"Pointed at\")"


def test_every_kind_inside_the_rules_has_a_handler() -> None:
    assert [name for name, kind in KINDS.items()
            if kind.ignored is None and kind.handler is None] == []
    assert UNKNOWN.mover is movers.unknown and UNKNOWN.handler is plays.unknown


def test_every_handler_that_reads_the_card_has_a_mover_that_finds_it() -> None:
    assert [name for name, kind in KINDS.items() if kind.needs_card and kind.mover is None] == []
    assert [name for name, kind in KINDS.items() if kind.needs_other and not kind.needs_card] \
        == []
    assert {name for name, kind in KINDS.items() if kind.needs_other} == {
        "Overlay", "OL ATK", "OL DEF", "Attach"}


def test_the_kinds_that_move_no_card() -> None:
    assert {name for name, kind in KINDS.items() if kind.mover is None and
            kind.ignored is None} == {
        "Start turn", "End turn", "Enter DP", "Enter SP", "Enter M1", "Enter BP", "Enter M2",
        "Enter EP", "Life points", "Admit defeat", "Quit duel", "Left duel", "Game loss",
        "Match loss", "Loss", "Accept draw", "Cancel game"}
    assert [name for name, kind in KINDS.items() if kind.mover is not None and
            not kind.needs_card] == ["Shuffle hand", "Shuffle deck", "Reset game"]


def test_the_kinds_that_end_a_game_and_those_that_say_nothing() -> None:
    assert {name for name, kind in KINDS.items() if kind.ends} == {
        "Admit defeat", "Quit duel", "Game loss", "Match loss", "Loss", "Accept draw",
        "Cancel game"}
    assert [name for name, kind in KINDS.items() if kind.ends and kind.mover] == []
    assert NAMES.quiet == OUTSIDE | {"Shuffle hand", "Shuffle deck", "Left duel"}


@pytest.mark.parametrize(("old", "new"), [
    ("SS DEF from hand", "SS DEF"), ("To grave from field", "To GY"),
    ("To Grave from Extra", "To GY"), ("Set monster to ST from hand", "Set ST"),
    ("Summon token", "Summon Token"), ("Flip monster", "Flip"),
    ("Activate Pendulum from hand", "Activate ST"), ("To top of deck from GY", "To T Deck"),
    ("Add random card from deck to hand", "To hand"), ("View Opponent's Graveyard", "View GY"),
    ("Show cards", "Show hand"),
    # a name the table knows outside the rules is kept as it is, though an older one
    # starts like it
    ("View deck", "View deck"), ("Show Extra Deck", "Show Extra Deck"),
    ("A kind from later", "A kind from later"),
])
def test_older_names_are_read_as_kinds_of_the_table(old: str, new: str) -> None:
    assert canonical(old) == new
    assert NAMES.canonical(old) == new


def test_every_older_name_reads_as_a_kind_of_the_table() -> None:
    assert [name for _, name in OLD_NAMES if name not in KINDS] == []


def test_a_kind_outside_the_rules_is_no_kind_to_read() -> None:
    assert [kind_of(raw) for raw in ("Duel message", "View Opponent's Graveyard", "View deck",
                                     "SS ATK from grave", "Roll")] == [
        None, None, None, "SS ATK", "Roll"]


def test_a_handler_that_reads_the_card_gets_one_or_the_game_stops_there(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop checks it once for every such handler, and a step without a card stops the
    game as the handlers' own asserts did (a mover that finds no card: none does today)."""
    monkeypatch.setitem(KINDS, "Draw card", Kind("Draw card", lambda f, play, player: None,
                                                 plays.draw, needs_card=True))
    drew = {"play": "Draw card", "username": "a", "log": {"public_log": "Drew a card"}}
    game = import_replay({"plays": [PICK, drew]})[0]
    assert game.stopped == ("import stopped at play [0:00] a: Drew a card: the play does not "
                            "read as Duelingbook writes it (AssertionError)")
    assert game.document["actions"] == []

"""Reading Duelingbook's log lines, current and older wording
(validator/importers/duelingbook/logtext.py, the play names of
validator/importers/duelingbook/replay.py)."""

from __future__ import annotations

from typing import Any

import pytest

from validator.importers.duelingbook import logtext
from validator.importers.duelingbook.kinds import KINDS, canonical
from validator.importers.duelingbook.replay import format_name


@pytest.mark.parametrize(("text", "pile"), [
    ('Special Summoned "X" (DEF) from hand (2/4) to M-3', "hand"),
    ('Sent "X" to Graveyard from Deck', "deck"),
    ('Special Summoned "X" (ATK) from Banished to M-2', "banished"),
    ('Banished "X" from GY', "graveyard"),
    ('Normal Summoned "X" (3/5) to M-2', "hand"),
    ('Special Summoned "Gear Gigant X" from Extra Deck onto "Y" in M-3 (ATK)', "extra"),
])
def test_the_pile_a_play_takes_its_card_from(text: str, pile: str) -> None:
    assert logtext.source_pile(text) == pile


def test_the_pile_kept_for_the_last_line_answers_only_that_line() -> None:
    hand, deck = 'Sent "X" from hand (2/3) to GY', 'Milled "X" from top of deck'
    answers = [logtext.source_pile(t) for t in (hand, hand, deck, deck, hand, "Drew", hand)]
    assert answers == ["hand", "hand", "deck", "deck", "hand", None, "hand"]


class _Interrupted(list[Any]):
    """The kept pair, with another thread reading its own line right after this one looks."""

    busy = False

    def __getitem__(self, index: Any) -> Any:
        found = super().__getitem__(index)
        if not self.busy:
            self.busy = True  # the other thread runs now, between this look and the next
            logtext.source_pile('Milled "X" from top of deck')
            self.busy = False
        return found


def test_another_thread_reading_between_two_looks_never_mixes_the_piles(
        monkeypatch: pytest.MonkeyPatch) -> None:
    kept = _Interrupted([(None, None)])
    monkeypatch.setattr(logtext, "_LAST_PILE", kept)
    hand = 'Sent "X" from hand (2/3) to GY'
    assert [logtext.source_pile(hand) for _ in range(3)] == ["hand"] * 3


@pytest.mark.parametrize(("text", "zone"), [
    ('Activated "X" (3/5) to Left Pendulum Zone', "PZ-L"),
    ('Special Summoned "X" from Extra Deck to Right Extra Monster Zone (ATK)', "EMZ-R"),
    ('Activated "Forest" from hand (1/5) to Field Spell Zone', "F"),
    ('Moved "X" from M-3 to M2-1', "M2-1"),
])
def test_the_zone_a_play_puts_its_card_in(text: str, zone: str) -> None:
    assert logtext.zone_to(text) == zone


@pytest.mark.parametrize(("old", "new"), [
    ("SS ATK from grave", "SS ATK"), ("To grave from field", "To GY"),
    ("Activate Spell from hand", "Activate ST"), ("Set Field Spell from hand", "Set ST"),
    ("To top of deck from hand", "To T Deck"), ("Banish FD from deck", "Banish FD"),
    ("View Opponent's Graveyard", "View GY"), ("Attack directly", "Attack directly"),
])
def test_older_play_names_are_read_as_the_current_ones(old: str, new: str) -> None:
    assert canonical(old) == new


def test_current_play_names_are_their_own_canonical_names() -> None:
    assert [kind for kind in KINDS if canonical(kind) != kind] == []


def test_a_format_is_named_by_its_code_or_its_card_pool() -> None:
    assert [format_name(c) for c in ("gr", "er", "au", "su", "xx")] == [
        "Goat", "Edison", "Advanced", "Speed Duel", "xx"]
    assert format_name(None, "2010-03-01") == "format unknown, card pool 2010-03-01"


@pytest.mark.parametrize(("text", "name"), [
    ('Banished "Maxx "C"" from top of deck face-down', 'Maxx "C"'),
    ('Activated "Maxx "C""', 'Maxx "C"'),
    ('Attacked "Token" in M-5 with "Night Assailant" in M-2', "Token"),
    ('Sent "Sangan", then more', "Sangan"),
])
def test_a_card_name_may_hold_quotes(text: str, name: str) -> None:
    assert logtext.name_in(text) == name
    assert logtext.names_in(text)[0] == name


def test_an_attached_cards_zone_is_never_the_xyz_monsters() -> None:
    assert logtext.zone_attached('Attached "X" from Deck to "Y" in M-1') is None
    assert logtext.zone_attached('Attached banished "X" (1/3) to "Y" in Left Extra Monster '
                                 'Zone') is None
    assert logtext.zone_attached('Attached "X" from S-2 to "Y" in M-1') == "S-2"

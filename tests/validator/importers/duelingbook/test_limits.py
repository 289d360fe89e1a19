"""The limits a Duelingbook document carries (contract §8): only those the readings back."""

from __future__ import annotations

from typing import Any

from validator import validate
from validator.cards import database
from validator.importers.duelingbook.limits import CARRIED, carried


def _entry(name: str) -> dict[str, Any]:
    info = database().named(name)
    assert info is not None, name
    return carried(info.entry())


def test_a_whole_turn_lock_is_carried() -> None:
    assert "locks" in CARRIED
    assert _entry("R.B. Stage Landing")["locks"] == [
        {"applies": "extra_deck", "allows": [{"race": "Machine", "atk_max": 1500}],
         "scope": "turn", "by": "activation"}]


def test_a_lock_of_a_joined_entry_or_for_the_rest_of_the_turn_is_set_aside() -> None:
    assert _entry("Crystron Smiger")["locks"] == []  # its field and Graveyard effects joined
    assert _entry("R.B. VALCan Booster")["locks"] == []  # rest_of_turn: from the resolution


def test_once_and_the_summon_counts_are_set_aside() -> None:
    entry = _entry("Poseidra, the Storming Atlantean")
    assert all("once" not in e and "shared" not in e for e in entry["effects"])
    assert "summons_per_turn" not in CARRIED and "once" not in CARRIED


def _twice(cards: dict[str, Any]) -> dict[str, Any]:
    """Two copies of a card activated and resolved in one turn."""
    twice = [{"type": "activate", "player": "p1", "card": c} for c in ("a", "b")]
    return {"cards": {c: {**cards, "owner": "p1"} for c in "ab"},
            "setup": {"p1": {"hand": ["a", "b"]}, "p2": {}},
            "actions": [{"type": "draw", "player": "p1"},
                        {"type": "phase", "player": "p1", "to": "standby"},
                        {"type": "phase", "player": "p1", "to": "main1"}, twice[0],
                        {"type": "resolve", "player": "p1"}, twice[1]]}


def test_activations_per_turn_is_carried_and_judged() -> None:
    """"You can only activate 1 X per turn": its traps are readings (issue 27 item 3)."""
    assert _entry("Mitsurugi Prayers")["activations_per_turn"] == 1
    verdict = validate(_twice(_entry("Mitsurugi Prayers")))
    assert verdict.violation is not None and verdict.violation.rule == "effect.once-per-turn"


def test_a_limit_set_aside_is_not_judged() -> None:
    entry = carried(database().named("Mitsurugi Prayers").entry(),  # type: ignore[union-attr]
                    frozenset({"locks"}))
    assert entry["activations_per_turn"] is None
    assert validate(_twice(entry)).legal  # the database's activations_per_turn set aside by null

"""The limits a Duelingbook document carries (contract §8): only those the readings back."""

from __future__ import annotations

from typing import Any

from validator import validate
from validator.cards import database
from validator.importers.duelingbook.limits import CARRIED, OLD_FORMATS, carried


def _entry(name: str) -> dict[str, Any]:
    info = database().named(name)
    assert info is not None, name
    return carried(info.entry())


def test_a_whole_turn_lock_is_carried() -> None:
    assert "locks" in CARRIED
    assert _entry("R.B. Stage Landing")["locks"] == [
        {"applies": "extra_deck", "allows": [{"race": "Machine", "atk_max": 1500}],
         "scope": "turn", "by": "activation"}]


def test_a_lock_of_a_joined_entry_or_of_a_resolving_card_is_set_aside() -> None:
    assert _entry("Crystron Smiger")["locks"] == []  # its field and Graveyard effects joined
    # a Spell's "for the rest of this turn": the log does not show when the chain resolved
    assert _entry("Sky Striker Mobilize - Linkage!")["locks"] == []
    # a lock on every Special Summon would meet monsters coming back "until the End Phase"
    assert _entry("Sangenpai Bident Dragion")["locks"] == []


def test_an_effects_rest_of_turn_lock_on_the_extra_deck_is_carried() -> None:
    assert _entry("R.B. VALCan Booster")["locks"] == [
        {"applies": "extra_deck", "allows": [{"race": "Machine", "atk_max": 1500}],
         "scope": "rest_of_turn", "by": 0}]


def test_once_is_carried_under_advanced_and_set_aside_under_classic() -> None:
    assert "once" in CARRIED and "once" not in OLD_FORMATS
    assert [e.get("once") for e in _entry("Poseidra, the Storming Atlantean")["effects"]] == \
        ["name", "name"]
    info = database().named("Poseidra, the Storming Atlantean")
    assert info is not None
    assert all("once" not in e for e in carried(info.entry(), OLD_FORMATS)["effects"])


def test_the_summon_counts_are_set_aside() -> None:
    assert "summons_per_turn" not in CARRIED


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

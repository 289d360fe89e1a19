"""The limits a Duelingbook document carries (contract §8): only those the readings back."""

from __future__ import annotations

from typing import Any

from tests.validator.importers.duelingbook.replays import HAND_A, HAND_B, judged, rule_at
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


def test_a_lock_of_a_joined_entry_or_on_every_special_summon_is_set_aside() -> None:
    assert _entry("Crystron Smiger")["locks"] == []  # its field and Graveyard effects joined
    # a lock on every Special Summon would meet monsters coming back "until the End Phase"
    assert _entry("Sangenpai Bident Dragion")["locks"] == []


def test_a_spells_rest_of_turn_lock_on_the_extra_deck_is_carried() -> None:
    """Held from the chain's resolution, which the engine finds at the next play that is no
    response (issue 27, item 4)."""
    (lock,) = _entry("Sky Striker Mobilize - Linkage!")["locks"]
    assert (lock["applies"], lock["scope"], lock["by"]) == ("extra_deck", "rest_of_turn",
                                                           "activation")


_LINKAGE_HANDS = (["Sky Striker Mobilize - Linkage!", *HAND_A[1:]], HAND_B)
_LINKAGE = ["A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
            'A: Activate ST | Activated "Sky Striker Mobilize - Linkage!" from hand (1/5) to S-1',
            'A: To GY | Sent "Sky Striker Mobilize - Linkage!" from S-1 to GY',
            'A: SS ATK | Special Summoned "Sky Striker Ace - Kagari" from Extra Deck to Left EMZ '
            '(ATK)', 'A: Normal Summon | Normal Summoned "Sangan" from hand (4/4) to M-1',
            'A: To GY | Sent "Sky Striker Ace - Kagari" from Left EMZ to GY']
_BORRELOAD = 'Special Summoned "Borreload Dragon" from Extra Deck to Left EMZ (ATK)'


def test_after_a_spells_resolution_its_lock_forbids_a_later_extra_deck_summon() -> None:
    """Linkage's own Summon (a "Sky Striker Ace", right after the card left for the GY) is
    its resolution's; a later Special Summon from the Extra Deck of another monster breaks
    "You cannot Special Summon from the Extra Deck for the rest of this turn after this card
    resolves, except "Sky Striker Ace" monsters" (advanced-76381692 game 2 [7:43])."""
    _, verdict = judged(*_LINKAGE, f"A: SS ATK | {_BORRELOAD}", hands=_LINKAGE_HANDS, fmt="au")
    assert rule_at(verdict) == ("summon.locked", _BORRELOAD)


def test_after_a_spells_resolution_its_lock_allows_what_it_names() -> None:
    _, verdict = judged(*_LINKAGE, 'A: SS ATK | Special Summoned "Sky Striker Ace - Shizuku" '
                        'from Extra Deck to Left EMZ (ATK)', hands=_LINKAGE_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]


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

"""A Synchro Summon's materials in a Duelingbook log (validator/importers/duelingbook/readings/
materials.py, :func:`synchro_summon`): the sends just before the Synchro Monster read as its
materials only where the log is sure of them, their Tuners and Levels judged only while no
card in the duel may have changed them, nothing written where the log cannot tell."""

from __future__ import annotations

from typing import Any

from tests.validator.importers.duelingbook.replays import HAND_B, judged, readings_of, rule_at
from validator.importers.duelingbook.game import Game

_HAND = ["Ash Blossom & Joyous Spring", "Kuriboh", "Sangan", "Blade Knight", "Book of Moon"]
_OPEN = ["A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1"]
_HERALD = 'A: SS DEF | Special Summoned "Herald of the Arc Light" from Extra Deck to M-3 (DEF)'


def _field(first: str, second: str) -> list[str]:
    return [f'A: Normal Summon | Normal Summoned "{first}" from hand (1/5) to M-1',
            f'A: SS ATK | Special Summoned "{second}" from hand (1/4) to M-2 (ATK)',
            f'A: To GY | Sent "{first}" from M-1 to GY',
            f'A: To GY | Sent "{second}" from M-2 to GY']


def _summon(imported: Game, card: str) -> dict[str, Any]:
    return next(a for a in imported.document["actions"]
                if a["type"] == "special_summon" and a["card"] == card)


def _judged(*lines: str, hand: list[str] = _HAND) -> tuple[Game, dict[str, Any]]:
    return judged(*_OPEN, *lines, hands=(hand, HAND_B), fmt="au")


def _materials_readings(imported: Game) -> list[str]:
    return [r for r in readings_of(imported) if r.startswith("materials.")]


def test_a_tuner_and_a_non_tuner_sent_just_before_are_its_materials() -> None:
    imported, verdict = _judged(*_field("Ash Blossom & Joyous Spring", "Kuriboh"), _HERALD)
    assert verdict["legal"], verdict["violation"]
    summon = _summon(imported, "herald-of-the-arc-light")
    assert (summon["method"], summon["materials"]) == (
        "synchro", ["ash-blossom-joyous-spring", "kuriboh"])
    assert _materials_readings(imported) == ["materials.synchro"]
    assert sorted(verdict["state"]["players"]["p1"]["graveyard"]) == [
        "ash-blossom-joyous-spring", "kuriboh"]  # the Summon sent them


def test_no_tuner_among_the_materials_is_flagged() -> None:
    imported, verdict = _judged(*_field("Sangan", "Kuriboh"), _HERALD)
    assert rule_at(verdict) == ("summon.materials", _HERALD[len("A: SS DEF | "):])
    assert "Tuner" in verdict["violation"]["message"]
    assert _summon(imported, "herald-of-the-arc-light")["materials"] == ["sangan", "kuriboh"]


def test_levels_that_do_not_add_up_are_flagged() -> None:
    imported, verdict = _judged(*_field("Ash Blossom & Joyous Spring", "Blade Knight"), _HERALD)
    assert rule_at(verdict) == ("summon.materials", _HERALD[len("A: SS DEF | "):])
    assert "their Levels add up to 7, not 4" in verdict["violation"]["message"]
    assert _materials_readings(imported) == ["materials.synchro"]


def test_levels_are_not_judged_after_a_card_that_changes_levels_was_in_the_duel() -> None:
    hand = ["Gagaga Magician", "Ash Blossom & Joyous Spring", "Blade Knight", "Kuriboh",
            "Book of Moon"]
    imported, verdict = _judged(
        'A: SS ATK | Special Summoned "Gagaga Magician" from hand (1/5) to M-5 (ATK)',
        *_field("Ash Blossom & Joyous Spring", "Blade Knight"), _HERALD, hand=hand)
    assert verdict["legal"], verdict["violation"]
    assert _materials_readings(imported) == ["materials.synchro", "materials.levels-unjudged"]
    assert imported.document["cards"]["herald-of-the-arc-light"]["materials"] == [
        {"summon": "synchro", "min": 2, "max": 99, "tuners": [1, 1]}]


def test_a_token_among_the_sends_is_not_judged() -> None:
    """A Swordsoul Token is a Level 4 Tuner, which the log does not say (advanced-76352164
    game 1 [9:21], Swordsoul Supreme Sovereign - Chengying)."""
    imported, verdict = _judged(
        'A: Normal Summon | Normal Summoned "Sangan" from hand (1/5) to M-1',
        "A: Summon Token | Summoned a token in M-2", 'A: To GY | Sent "Sangan" from M-1 to GY',
        "A: Remove Token | Removed a token in M-2", _HERALD)
    assert verdict["legal"], verdict["violation"]
    assert "materials" not in _summon(imported, "herald-of-the-arc-light")
    assert "a token among them" in _summon(imported, "herald-of-the-arc-light")["log"]["note"]
    assert _materials_readings(imported) == ["materials.synchro-unknown"]


def test_sends_right_after_an_effect_may_be_its_cost_and_are_not_judged() -> None:
    imported, verdict = _judged(
        'A: Normal Summon | Normal Summoned "Sangan" from hand (1/5) to M-1',
        'A: SS ATK | Special Summoned "Kuriboh" from hand (1/4) to M-2 (ATK)',
        'A: Declare | Declared effect of "Sangan" in M-1',
        'A: To GY | Sent "Sangan" from M-1 to GY',
        'A: To GY | Sent "Kuriboh" from M-2 to GY', _HERALD)
    assert verdict["legal"], verdict["violation"]
    assert "materials" not in _summon(imported, "herald-of-the-arc-light")
    assert "the cost of the effect" in _summon(imported, "herald-of-the-arc-light")["log"][
        "note"]
    assert _materials_readings(imported) == ["materials.synchro-unknown"]


def test_a_single_send_is_not_judged() -> None:
    """A Tuner from the hand the sends do not show, or an effect's cost (Kewl Tune)."""
    imported, verdict = _judged('A: Normal Summon | Normal Summoned "Sangan" from hand (1/5) '
                                'to M-1', 'A: To GY | Sent "Sangan" from M-1 to GY', _HERALD)
    assert verdict["legal"], verdict["violation"]
    assert "too few" in _summon(imported, "herald-of-the-arc-light")["log"]["note"]


def test_tuners_are_not_judged_after_a_card_that_makes_a_tuner_was_in_the_duel() -> None:
    """First Penguin's effect makes it a Tuner ("treat it as a Tuner"): with it in the duel,
    two monsters the database prints as non-Tuners may make a Synchro Monster (the Kewl Tune
    Synchros' Tuners from the hand alike: advanced-77476299 game 1 [2:38])."""
    hand = ["Sangan", "First Penguin", "Blade Knight", "Kuriboh", "Book of Moon"]
    imported, verdict = _judged(*_field("Sangan", "First Penguin"), _HERALD, hand=hand)
    assert verdict["legal"], verdict["violation"]
    assert _materials_readings(imported) == ["materials.synchro", "materials.tuners-unjudged"]
    assert imported.document["cards"]["herald-of-the-arc-light"]["materials"] == [
        {"summon": "synchro", "min": 2, "max": 99, "level_sum": 4}]

"""A Fusion or Ritual Summon's materials in a Duelingbook log (validator/importers/duelingbook/
readings/fusion.py): the sends between the Fusion (Ritual) Spell's activation and the Summon
read as its materials only where the log is sure of every one, nothing written elsewhere."""

from __future__ import annotations

from typing import Any

import pytest

from tests.validator.importers.duelingbook.replays import HAND_B, judged, readings_of, rule_at
from tests.validator.importers.edopro.replays import EDOPRO
from validator import validate
from validator.importers.duelingbook.game import Game
from validator.importers.duelingbook.replay import import_replay as import_duelingbook
from validator.importers.edopro.replay import import_replay
from validator.importers.edopro.to_duelingbook import source_index, to_duelingbook

_OPEN = ["A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1"]
_FUSION_HAND = ["Polymerization", "Elemental HERO Avian", "Elemental HERO Burstinatrix",
                "Kuriboh", "Super Polymerization"]
_WINGMAN = 'A: SS ATK | Special Summoned "Elemental HERO Flame Wingman" from Extra Deck to M-1 ' \
           '(ATK)'
_RITUAL_HAND = ["Black Luster Ritual", "Gaia The Fierce Knight", "Kuriboh",
                "Black Luster Soldier", "Sangan"]
_RITE = ['A: Activate ST | Activated "Black Luster Ritual" from hand (1/5) to S-1',
         'A: To GY | Sent "Black Luster Ritual" from S-1 to GY']
_SOLDIER = 'A: SS ATK | Special Summoned "Black Luster Soldier" from hand (2/2) to M-1 (ATK)'


_FIELD = ['A: Normal Summon | Normal Summoned "Elemental HERO Avian" from hand (2/5) to M-1',
          'A: SS ATK | Special Summoned "Elemental HERO Burstinatrix" from hand (2/4) to M-2 '
          '(ATK)']
_POLY = ['A: Activate ST | Activated "Polymerization" from hand (1/3) to S-1',
         'A: To GY | Sent "Polymerization" from S-1 to GY']
_MATERIALS = ['A: To GY | Sent "Elemental HERO Avian" from M-1 to GY',
              'A: To GY | Sent "Elemental HERO Burstinatrix" from M-2 to GY']


def _sent(card: str, n: int = 1, of: int = 4) -> str:
    return f'A: To GY | Sent "{card}" from hand ({n}/{of}) to GY'


def _summon(imported: Game, card: str) -> dict[str, Any]:
    return next(a for a in imported.document["actions"]
                if a["type"] == "special_summon" and a["card"] == card)


def _materials_readings(imported: Game) -> list[str]:
    return [r for r in readings_of(imported) if r.startswith("materials.")]


def test_the_monsters_sent_after_polymerization_are_its_fusion_materials() -> None:
    imported, verdict = judged(*_OPEN, *_FIELD, *_POLY, *_MATERIALS, _WINGMAN,
                               hands=(_FUSION_HAND, HAND_B), fmt="au")
    assert verdict["legal"], verdict["violation"]
    summon = _summon(imported, "elemental-hero-flame-wingman")
    assert (summon["method"], summon["materials"]) == (
        "fusion", ["elemental-hero-avian", "elemental-hero-burstinatrix"])
    assert _materials_readings(imported) == ["materials.fusion"]


def test_more_fusion_materials_than_the_monster_takes_are_flagged() -> None:
    _, verdict = judged(*_OPEN, *_FIELD, *_POLY, *_MATERIALS,
                        'A: To GY | Sent "Kuriboh" from hand (1/2) to GY', _WINGMAN,
                        hands=(_FUSION_HAND, HAND_B), fmt="au")
    assert rule_at(verdict) == ("summon.materials", _WINGMAN[len("A: SS ATK | "):])
    assert "it takes 2 materials, not 3" in verdict["violation"]["message"]


def test_a_fusion_spell_with_a_cost_leaves_its_materials_unknown() -> None:
    imported, verdict = judged(
        *_OPEN, *_FIELD, 'A: Activate ST | Activated "Super Polymerization" from hand (3/3) to '
        'S-1', 'A: To GY | Sent "Kuriboh" from hand (2/2) to GY',
        'A: To GY | Sent "Super Polymerization" from S-1 to GY', *_MATERIALS, _WINGMAN,
        hands=(_FUSION_HAND, HAND_B), fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "materials" not in _summon(imported, "elemental-hero-flame-wingman")
    assert _materials_readings(imported) == ["materials.fusion-unknown"]


def test_a_send_after_the_fusion_summon_leaves_its_materials_unknown() -> None:
    imported, verdict = judged(*_OPEN, *_FIELD, *_POLY, _MATERIALS[0], _WINGMAN,
                               _MATERIALS[1],
                               hands=(_FUSION_HAND, HAND_B), fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "materials" not in _summon(imported, "elemental-hero-flame-wingman")
    assert _materials_readings(imported) == ["materials.fusion-unknown"]


def test_the_tributes_after_a_ritual_spell_are_its_ritual_materials() -> None:
    imported, verdict = judged(*_OPEN, *_RITE, _sent("Gaia The Fierce Knight"),
                               _sent("Kuriboh", 1, 3), _SOLDIER,
                               hands=(_RITUAL_HAND, HAND_B), fmt="au")
    assert verdict["legal"], verdict["violation"]
    summon = _summon(imported, "black-luster-soldier")
    assert (summon["method"], summon["materials"]) == (
        "ritual", ["gaia-the-fierce-knight", "kuriboh"])
    assert _materials_readings(imported) == ["materials.ritual"]


def test_tributes_whose_levels_fall_short_are_flagged() -> None:
    _, verdict = judged(*_OPEN, *_RITE, _sent("Kuriboh", 2), _SOLDIER,
                        hands=(_RITUAL_HAND, HAND_B), fmt="au")
    assert rule_at(verdict) == ("summon.materials", _SOLDIER[len("A: SS ATK | "):])
    assert "their Levels add up to 1, not at least 8" in verdict["violation"]["message"]


def test_tributes_after_a_level_changing_card_have_their_levels_unjudged() -> None:
    imported, verdict = judged(
        *_OPEN, 'A: Normal Summon | Normal Summoned "Sangan" from hand (5/5) to M-2',
        'A: Activate ST | Activated "Star Changer" from hand (4/4) to S-2',
        'A: To GY | Sent "Star Changer" from S-2 to GY', *_RITE, _sent("Kuriboh", 2, 2), _SOLDIER,
        hands=(["Black Luster Ritual", "Kuriboh", "Black Luster Soldier", "Star Changer",
                "Sangan"], HAND_B), fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert _summon(imported, "black-luster-soldier")["method"] == "ritual"
    assert _materials_readings(imported) == ["materials.ritual", "materials.levels-unjudged"]


def test_tributes_with_no_ritual_spell_activated_just_before_are_unknown() -> None:
    imported, verdict = judged(*_OPEN, _sent("Gaia The Fierce Knight", 2, 5), _SOLDIER,
                               hands=(_RITUAL_HAND, HAND_B), fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "materials" not in _summon(imported, "black-luster-soldier")
    assert _materials_readings(imported) == ["materials.ritual-unknown"]


def test_fusion_materials_from_the_hand_after_the_spell_went_to_the_gy_are_its_effects() -> None:
    imported, verdict = judged(*_OPEN, *_POLY, _sent("Elemental HERO Avian", 1, 2),
                               _sent("Elemental HERO Burstinatrix", 1, 1), _WINGMAN,
                               hands=(["Polymerization", "Elemental HERO Avian",
                                       "Elemental HERO Burstinatrix"], HAND_B), fmt="au")
    assert verdict["legal"], verdict["violation"]  # a discard by the rules before
    assert [a.get("by_effect") for a in imported.document["actions"]
            if a["type"] == "discard"] == [True, True]
    assert _materials_readings(imported) == ["materials.discarded-by-effect",
                                             "materials.discarded-by-effect", "materials.fusion"]


@pytest.mark.skipif(not EDOPRO.is_dir(), reason="../shared/data/edopro is not beside it")
def test_a_ritual_summon_the_engine_played_is_read_with_its_tribute_and_judged_legal() -> None:
    # the EDOPro engine's log of a real game, written as the plays a Duelingbook player makes:
    # Recette de Poisson activated and sent to the GY, Poeltis de Nouvelles (Level 3) sent
    # from the hand, Buerillabaisse de Nouvelles (Level 1) Special Summoned from the hand
    [game] = import_replay((EDOPRO / "real" / "GG Nouvelles vs Adventurer.yrpX").read_bytes())
    assert game.document["actions"][11]["materials"] == ["a5"]  # the engine's Ritual Summon
    [converted] = import_duelingbook(to_duelingbook(game.document))
    summon = next(a for a in converted.document["actions"]
                  if a["type"] == "special_summon" and source_index(a) == 11)
    assert (summon["card"], summon["method"], summon["materials"]) == (
        "buerillabaisse-de-nouvelles", "ritual", ["poeltis-de-nouvelles"])
    assert summon["log"]["readings"] == ["materials.ritual"]  # its Levels judged
    assert validate(converted.document).violation is None


def test_tributes_counted_by_atk_have_their_levels_unjudged() -> None:
    # Meteonis Drytron Tributes Machines by their ATK: Drytron Alpha Thuban (Level 1, 2000 ATK)
    # for Cyber Angel Benten (Level 6, 1800 ATK) is legal, whatever its Level
    imported, verdict = judged(
        *_OPEN, 'A: Activate ST | Activated "Meteonis Drytron" from hand (1/3) to S-1',
        'A: To GY | Sent "Meteonis Drytron" from S-1 to GY', _sent("Drytron Alpha Thuban", 1, 2),
        'A: SS ATK | Special Summoned "Cyber Angel Benten" from hand (1/1) to M-1 (ATK)',
        hands=(["Meteonis Drytron", "Drytron Alpha Thuban", "Cyber Angel Benten"], HAND_B),
        fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert _summon(imported, "cyber-angel-benten")["materials"] == ["drytron-alpha-thuban"]
    assert _materials_readings(imported)[-2:] == ["materials.ritual", "materials.levels-unjudged"]

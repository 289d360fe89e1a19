"""An Xyz Summon's materials in a Duelingbook log (validator/importers/duelingbook/readings/
xyz.py): the pile the Xyz Monster is summoned onto read as its materials where every card of
it joined as a face-up monster of the summoner's standing alone, their Levels judged only
while no card that changes Levels has been in the duel, nothing written where the pile
cannot tell."""

from __future__ import annotations

from typing import Any

from tests.validator.importers.duelingbook.replays import HAND_B, judged, readings_of, rule_at
from validator.importers.duelingbook.game import Game

_OPEN = ["A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
         'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/5) to M-1']
_VORSE = 'A: SS ATK | Special Summoned "Vorse Raider" from hand (1/4) to M-2 (ATK)'
_SANGAN = 'A: SS ATK | Special Summoned "Sangan" from hand (3/4) to M-2 (ATK)'
_UTOPIA = 'A: OL ATK | Special Summoned "Number 39: Utopia" from Extra Deck onto "{}" in M-1 (ATK)'


def _overlay(card: str) -> str:
    return f'A: Overlay | Overlayed "{card}" in M-2 onto "Blade Knight" in M-1'


def _summon(imported: Game, card: str) -> dict[str, Any]:
    return next(a for a in imported.document["actions"]
                if a["type"] == "special_summon" and a["card"] == card)


def _materials_readings(imported: Game) -> list[str]:
    """The readings of materials made (a pile not judged is moved under the monster before
    its Summon: ``xyz.material-before-summon``, as before)."""
    return [r for r in readings_of(imported) if r.startswith("materials.")]


def test_the_pile_an_xyz_monster_is_summoned_onto_is_its_materials() -> None:
    imported, verdict = judged(*_OPEN, _VORSE, _overlay("Vorse Raider"),
                               _UTOPIA.format("Vorse Raider"), fmt="au")
    assert verdict["legal"], verdict["violation"]
    summon = _summon(imported, "number-39-utopia")
    assert (summon["method"], summon["materials"]) == ("xyz", ["blade-knight", "vorse-raider"])
    assert readings_of(imported) == ["materials.xyz"]
    [utopia] = verdict["state"]["players"]["p1"]["monsters"]
    assert len(utopia["materials"]) == 2  # the Summon attached them


def test_a_material_of_another_level_is_flagged() -> None:
    imported, verdict = judged(*_OPEN, _SANGAN, _overlay("Sangan"), _UTOPIA.format("Sangan"),
                               fmt="au")
    assert rule_at(verdict) == ("summon.materials", _UTOPIA.format("Sangan")[len(
        "A: OL ATK | "):])
    assert "is not Level 4" in verdict["violation"]["message"]
    assert _summon(imported, "number-39-utopia")["materials"] == ["blade-knight", "sangan"]


def test_too_few_materials_are_flagged() -> None:
    imported, verdict = judged(*_OPEN, _UTOPIA.format("Blade Knight"), fmt="au")
    assert rule_at(verdict) == ("summon.materials", _UTOPIA.format("Blade Knight")[len(
        "A: OL ATK | "):])
    assert "it takes 2 materials, not 1" in verdict["violation"]["message"]
    assert _summon(imported, "number-39-utopia")["materials"] == ["blade-knight"]


def test_levels_are_not_judged_after_a_card_that_changes_levels_was_in_the_duel() -> None:
    """Mermail Shadow Squad's "WATER monsters you currently control become Level 7" as the
    shared Advanced games use it: here Gagaga Magician, summoned earlier in the duel."""
    hands = (["Gagaga Magician", "Blade Knight", "Sangan", "Vorse Raider", "Book of Moon"],
             HAND_B)
    imported, verdict = judged(
        "A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
        'A: Normal Summon | Normal Summoned "Gagaga Magician" from hand (1/5) to M-3',
        'A: SS ATK | Special Summoned "Blade Knight" from hand (1/4) to M-1 (ATK)',
        _SANGAN, _overlay("Sangan"), _UTOPIA.format("Sangan"), hands=hands, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert readings_of(imported) == ["materials.xyz", "materials.levels-unjudged"]
    assert _summon(imported, "number-39-utopia")["materials"] == ["blade-knight", "sangan"]
    # this game's copy is judged by its procedure's count alone
    assert imported.document["cards"]["number-39-utopia"]["materials"] == [
        {"summon": "xyz", "min": 2, "max": 2}]


def test_a_pile_moved_before_its_summon_is_not_judged() -> None:
    """advanced-76293734 game 2 [16:24]: Gluttonous Reptolphin Greethys overlaid onto
    Abyssrhine, moved to the Extra Monster Zone, and LeVirtue Dragon summoned onto it (the
    pile moved with it, as Abyssrhine's later detachment shows): not sure, not judged."""
    moved = 'A: Move | Moved "Vorse Raider" from M-1 to M-3'
    summon = 'A: OL ATK | Special Summoned "Number 39: Utopia" from Extra Deck onto "Vorse ' \
             'Raider" in M-3 (ATK)'
    imported, verdict = judged(*_OPEN, _VORSE, _overlay("Vorse Raider"), moved, summon,
                               fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "materials" not in _summon(imported, "number-39-utopia")
    assert _materials_readings(imported) == ["materials.xyz-unknown"]


def test_an_xyz_monster_summoned_onto_another_is_not_judged() -> None:
    """advanced-77787280 game 2 [9:17]: N.As.H. Knight's effect, logged as Number 104:
    Masquerade summoned onto the Knight (a Rank-Up, an alternative procedure or an effect
    logged so is no Xyz Summon whose pile the judge can count)."""
    beyond = 'A: OL ATK | Special Summoned "Number 39: Utopia Beyond" from Extra Deck onto ' \
             '"Number 39: Utopia" in M-1 (ATK)'
    imported, verdict = judged(*_OPEN, _VORSE, _overlay("Vorse Raider"),
                               _UTOPIA.format("Vorse Raider"), beyond, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "materials" not in _summon(imported, "number-39-utopia-beyond")
    assert _materials_readings(imported) == ["materials.xyz", "materials.xyz-unknown"]


def test_an_opponents_monster_in_the_pile_is_not_judged() -> None:
    """advanced-77721696 game 1 [3:18]: the opponent's monster moved across for N.As.H.
    Knight's effect, and Number 104: Masquerade summoned onto it."""
    imported, verdict = judged(
        *_OPEN, 'B: Move | Moved "Blade Knight" from M2-1 to M-2',
        'B: OL ATK | Special Summoned "Number 39: Utopia" from Extra Deck onto "Blade Knight" '
        'in M-2 (ATK)', fmt="au")
    assert "materials" not in _summon(imported, "number-39-utopia")
    assert _materials_readings(imported) == ["materials.xyz-unknown"]
    assert verdict["violation"] is None or verdict["violation"]["rule"] != "summon.materials"


def test_a_card_laid_under_it_right_after_its_summon_leaves_the_pile_unjudged() -> None:
    """A material logged after the Summon ("Overlayed C onto X" next), or an effect's: the
    pile alone may be short of the count, so it is not judged (no shared match logs so)."""
    late = 'A: Overlay | Overlayed "Vorse Raider" in M-2 onto "Number 39: Utopia" in M-1'
    imported, verdict = judged(*_OPEN, _VORSE, _UTOPIA.format("Blade Knight"), late, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "materials" not in _summon(imported, "number-39-utopia")
    assert _materials_readings(imported) == ["materials.xyz-unknown"]

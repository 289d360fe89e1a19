"""Flip Summons and battle positions in a Duelingbook log
(validator/importers/duelingbook/readings/positions.py): a change of position an effect explains
or none does, a flip then a change as one Flip Summon, a change undone at once or on the
opponent's objection."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    A1,
    B2,
    HAND_A,
    HAND_B,
    actions,
    judged,
    opening,
    readings_of,
    rule_at,
    said,
)


def test_a_set_in_place_on_the_opponents_turn_is_tsukuyomis_effect() -> None:
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1', *B2,
        'B: Normal Summon | Normal Summoned "Tsukuyomi" from hand (2/6) to M-1',
        'A: Set monster | Set "Blade Knight" in M-1')
    assert verdict["legal"], verdict["violation"]
    assert ("change_position", "blade-knight", "by_effect") in actions(imported)
    assert said(imported, "position.by-effect") == ["by Tsukuyomi's effect"]


def test_the_card_just_used_explains_a_change_before_the_monsters_own_text() -> None:
    hands = (["Tsukuyomi", *HAND_A[1:]], HAND_B)  # Tsukuyomi's own text turns monsters down
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Tsukuyomi" from hand (1/6) to M-1',
        'A: Activate ST | Activated "Book of Moon" from hand (2/5) to S-1',
        'A: Set monster | Set "Tsukuyomi" in M-1', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert said(imported, "position.by-effect") == ["by Book of Moon's effect"]


def test_flipped_then_changed_to_attack_is_one_flip_summon() -> None:
    imported, verdict = judged(
        *A1, 'A: Set monster | Set card from hand (1/6) to M-1 || Set "Blade Knight" from '
             'hand (1/6) to M-1', "A: End turn | Ended turn", *opening("B", "Sangan"),
        "B: End turn | Ended turn", *opening("A", "Gemini Elf"),
        'A: Flip | Flipped Set "Blade Knight" in M-1',
        'A: To ATK | Changed "Blade Knight" in M-1 to ATK')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("flip_summon", "blade-knight")


def test_level_limit_area_b_explains_a_change_to_defense() -> None:
    hands = (HAND_A, ["Level Limit - Area B", *HAND_B[1:]])
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Activate ST | Activated "Level Limit - Area B" from hand (1/6) to S-1',
        "B: End turn | Ended turn", *opening("A", "Gemini Elf"),
        'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (1/6) to M-2',
        'A: To DEF | Changed "Vorse Raider" in M-2 to DEF', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert "Level Limit - Area B" in said(imported, "position.by-effect")[0]


def test_a_position_change_no_effect_explains_is_judged_as_made_by_hand() -> None:
    _, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        'A: To DEF | Changed "Blade Knight" in M-1 to DEF')
    assert rule_at(verdict) == ("position.placed-this-turn",
                                'Changed "Blade Knight" in M-1 to DEF')


def test_an_attack_that_never_reached_damage_leaves_the_set_monster_face_down() -> None:
    imported, verdict = judged(
        *A1, 'A: Set monster | Set card from hand (1/6) to M-1 || Set "Blade Knight" from '
             'hand (1/6) to M-1',
        'A: Set ST | Set card from hand (2/5) to S-1 || Set "Book of Moon" from hand (2/5) '
        'to S-1', *B2,
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: Enter BP | Entered Battle Phase",
        'B: Attack | Attacked Set card in M-1 with "Gemini Elf" in M-1',
        'A: Activate ST | Activated Set "Book of Moon" in S-1',
        'B: Set monster | Set "Gemini Elf" in M-1', "B: End turn | Ended turn",
        *opening("A", "Vorse Raider"), 'A: Flip Summon | Flip Summoned Set "Blade Knight" in M-1')
    assert verdict["legal"], verdict["violation"]
    assert "battle.never-reached-damage" in readings_of(imported)


def test_a_special_summon_whose_position_is_fixed_at_once_is_one_summon() -> None:
    imported, verdict = judged(
        *A1, 'A: SS ATK | Special Summoned "Vorse Raider" from hand (2/6) to M-1 (ATK)',
        "B: Good | Signaled OK", 'A: To DEF | Changed "Vorse Raider" in M-1 to DEF')
    assert verdict["legal"], verdict["violation"]
    summon = imported.document["actions"][-1]
    assert (summon["type"], summon["position"]) == ("special_summon", "defense")
    assert summon["log"]["readings"] == ["slip.summon-position-fixed"]


def test_a_change_of_position_right_after_a_move_across_is_the_moving_effects() -> None:
    """edison-58647556 game 3 [19:32]: Goyo Guardian's revival, shown as the opponent's
    monster moved across, then changed to DEF in the Battle Phase."""
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (2/6) to M-2', *B2,
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: Enter BP | Entered Battle Phase",
        'A: Move | Moved "Vorse Raider" from M-2 to M2-2',
        'B: To DEF | Changed "Vorse Raider" in M-2 to DEF',
        'B: Attack directly | Attacked directly with "Gemini Elf" in M-1')
    assert verdict["legal"], verdict["violation"]
    changed = next(a for a in imported.document["actions"] if a["type"] == "change_position")
    assert changed["by_effect"] is True


def _changed_and_back(*objection: str) -> list[str]:
    return [*A1, "A: End turn | Ended turn", *opening("B", "Sangan"),
            'B: SS DEF | Special Summoned "Tsukuyomi" from hand (2/6) to M-1 (DEF)',
            'B: To ATK | Changed "Tsukuyomi" in M-1 to ATK',
            "B: Enter BP | Entered Battle Phase",
            'B: Attack directly | Attacked directly with "Tsukuyomi" in M-1', *objection,
            'B: To DEF | Changed "Tsukuyomi" in M-1 to DEF']


def test_a_position_change_undone_after_the_opponent_objected_is_no_step() -> None:
    imported, verdict = judged(*_changed_and_back('A: Duel message | "it has to stay in def"'))
    assert verdict["legal"], verdict["violation"]
    assert "slip.undone-on-objection" in readings_of(imported)
    assert "declare_attack" not in [a[0] for a in actions(imported)]


def test_a_position_changed_back_with_no_objection_is_a_change() -> None:
    _, verdict = judged(*_changed_and_back())
    assert rule_at(verdict) == ("position.placed-this-turn",
                                'Changed "Tsukuyomi" in M-1 to DEF')

"""Spells, Traps and moving cards in a Duelingbook log
(validator/importers/duelingbook/readings/cardplays.py)."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    A1,
    HAND_A,
    HAND_B,
    POT_SET,
    actions,
    judged,
    opening,
    readings_of,
    rule_at,
)


def test_an_equip_spell_targets_the_likeliest_face_up_monster() -> None:
    hands = (["Axe of Despair", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Sangan" from hand (5/6) to M-1',
        'A: Activate ST | Activated "Axe of Despair" from hand (1/5) to S-1', hands=hands)
    assert verdict["legal"], verdict["violation"]
    equip = next(a for a in imported.document["actions"] if a.get("card") == "axe-of-despair")
    assert equip["target"] == "sangan" and equip["log"]["readings"] == ["equip.assumed"]


def test_an_equip_spell_targets_the_monster_its_player_points_at() -> None:
    hands = (["Axe of Despair", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Sangan" from hand (5/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-2',
        'B: Activate ST | Activated "Axe of Despair" from hand (1/5) to S-1',
        'B: Target card | Pointed at "Sangan" in M-1', hands=(HAND_A, hands[0][:1] +
                                                               HAND_B[:4]))
    assert verdict["legal"], verdict["violation"]
    equip = next(a for a in imported.document["actions"] if a.get("card") == "axe-of-despair")
    assert equip["target"] == "sangan" and equip["log"]["readings"] == ["equip.pointed"]


def test_a_concealed_replay_follows_cards_the_log_does_not_name() -> None:
    lines = ["A: Draw card | Drew a card", "A: Enter SP | Entered Standby Phase",
             "A: Enter M1 | Entered Main Phase 1",
             "A: Set ST | Set card from hand (4/6) to S-1",
             "A: Set monster | Set card from hand (1/5) to M-1", "A: End turn | Ended turn",
             "B: Start turn | Entered Draw Phase", "B: Draw card | Drew a card",
             "B: Enter SP | Entered Standby Phase", "B: Enter M1 | Entered Main Phase 1",
             'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
             "B: Enter BP | Entered Battle Phase",
             'B: Attack | Attacked Set card in M-1 with "Gemini Elf" in M-1',
             'A: Activate ST | Activated Set "Mirror Force" in S-1',
             'B: To GY | Sent "Gemini Elf" from M-1 to GY']
    imported, verdict = judged(*lines, concealed=True)
    assert verdict["legal"], verdict["violation"]
    cards = imported.document["cards"]
    mirror = next(c for c in cards.values() if c.get("name") == "Mirror Force")
    assert mirror["kind"] == "trap"


def test_a_direct_attack_while_the_opponent_controls_a_monster() -> None:
    _, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: Enter BP | Entered Battle Phase",
        'B: Attack directly | Attacked directly with "Gemini Elf" in M-1')
    assert rule_at(verdict) == ("battle.invalid-target",
                                'Attacked directly with "Gemini Elf" in M-1')


def test_a_trap_whose_text_allows_it_activated_from_the_hand() -> None:
    hands = (HAND_A, ["Evenly Matched", *HAND_B[1:]])
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Activate ST | Activated "Evenly Matched" from hand (1/6) to S-1', hands=hands,
        fmt="uu")
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("move", "evenly-matched")
    assert "Traps activated from the hand" in imported.document["source"]["unmodelled"]


_RUNICK_HANDS = (["Runick Fountain", "Runick Tip", "Mystical Space Typhoon", *HAND_A[:2]],
                 HAND_B)
_FOUNTAIN = 'A: Activate Field Spell | Activated Field Spell "Runick Fountain" from hand (1/5)'


def test_a_quick_play_spell_from_the_hand_in_the_opponents_turn_as_a_field_spell_allows() -> None:
    imported, verdict = judged(
        _FOUNTAIN, "A: End turn | Ended turn", *opening("B", "Sangan"),
        'A: Activate ST | Activated "Runick Tip" from hand (1/4) to S-1', hands=_RUNICK_HANDS,
        fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("move", "runick-tip")
    assert "spell-trap.quick-play-hand-by-card" in readings_of(imported)


def test_a_quick_play_spell_from_the_hand_in_the_opponents_turn_without_such_a_card() -> None:
    _, verdict = judged(
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'A: Activate ST | Activated "Runick Tip" from hand (2/5) to S-1', hands=_RUNICK_HANDS,
        fmt="au")
    assert rule_at(verdict) == ("turn.not-turn-player",
                                'Activated "Runick Tip" from hand (2/5) to S-1')


def test_a_field_spells_permission_covers_only_its_archetypes_quick_play_spells() -> None:
    _, verdict = judged(
        _FOUNTAIN, "A: End turn | Ended turn", *opening("B", "Sangan"),
        'A: Activate ST | Activated "Mystical Space Typhoon" from hand (2/4) to S-1',
        hands=_RUNICK_HANDS, fmt="au")
    assert rule_at(verdict) == ("turn.not-turn-player",
                                'Activated "Mystical Space Typhoon" from hand (2/4) to S-1')


_YUMMY_HANDS = (["Yummyusment★Acroquey", *HAND_A[:4]], HAND_B)
_SNATCHY = ['A: SS ATK | Special Summoned "Yummy★Snatchy" from Extra Deck to Left EMZ (ATK)',
            'A: Declare | Declared effect of "Yummy★Snatchy" in Left Extra Monster Zone']
_ACROQUEY = 'A: Activate Field Spell | Activated Field Spell "Yummyusment★Acroquey" from hand (1/5)'


def test_a_field_spell_placed_by_a_monsters_effect_in_the_opponents_turn() -> None:
    imported, verdict = judged("A: End turn | Ended turn", *opening("B", "Sangan"), *_SNATCHY,
                               _ACROQUEY, hands=_YUMMY_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("move", "yummyusment-acroquey")
    assert "spell.field-placed-by-effect" in readings_of(imported)


def test_a_field_spell_activated_in_the_opponents_turn_with_no_effect_placing_it() -> None:
    _, verdict = judged("A: End turn | Ended turn", *opening("B", "Sangan"), _SNATCHY[0],
                        _ACROQUEY, hands=_YUMMY_HANDS, fmt="au")
    assert rule_at(verdict) == ("turn.not-turn-player", _ACROQUEY.split(" | ")[1])




def test_a_set_card_shown_through_the_hand_and_set_again_where_it_stood() -> None:
    """A real Advanced game: after "gg", a Set Pre-Preparation of Rites flipped face-up,
    taken to the hand with the rest of the hand laid out, and Set again in S-3."""
    imported, verdict = judged(*POT_SET, 'A: Set ST | Set card from hand (6/6) to S-1 || Set '
                                          '"Pot of Greed" from hand (6/6) to S-1')
    assert verdict["legal"], verdict["violation"]
    assert "shown.set-card-via-hand" in readings_of(imported)
    assert actions(imported)[-1][0] != "activate"


def _moved_for_b(*used: str) -> list[str]:
    return [*A1, "A: End turn | Ended turn", *opening("B", "Sangan"), *used,
            'A: Activate ST | Activated "Book of Moon" from hand (3/6) to S-3',
            'A: To B Deck | Returned "Book of Moon" from S-3 to bottom of deck']


def test_a_card_activated_from_the_hand_for_the_opponents_effect_is_a_move() -> None:
    """advanced-77525222 game 1 [1:46]: Triple Tactics Talent chose Pre-Preparation of Rites
    from Chopin's hand to shuffle into the Deck; he dragged it through S-3 to the Deck."""
    imported, verdict = judged(*_moved_for_b(
        'B: Activate ST | Activated "Pot of Greed" from hand (3/6) to S-1'))
    assert verdict["legal"], verdict["violation"]
    assert ("activate", "book-of-moon") not in actions(imported)
    assert "shortcut.opponent-effect-to-deck" in readings_of(imported)


def test_a_card_activated_from_the_hand_with_no_opponents_effect_is_activated() -> None:
    imported, _ = judged(*_moved_for_b())
    assert ("activate", "book-of-moon") in actions(imported)
    assert "shortcut.opponent-effect-to-deck" not in readings_of(imported)

"""Cards sent in a Duelingbook log (validator/importers/duelingbook/readings/sends.py): a Set card
sent to the Graveyard (activated, or only sent), Set cards put back, an overlay undone."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    A1,
    HAND_A,
    HAND_B,
    POT_SET,
    SET_MF,
    actions,
    judged,
    opening,
    readings_of,
    rule_at,
)


def test_a_set_trap_sent_to_the_graveyard_in_a_later_turn_was_activated() -> None:
    imported, verdict = judged(*A1, SET_MF, "A: End turn | Ended turn", *opening("B", "Sangan"),
                               'A: To GY | Sent Set "Mirror Force" from S-1 to GY')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-2:] == [("activate", "mirror-force"), ("move", "mirror-force")]
    assert "spell-trap.sent-read-as-activated" in readings_of(imported)


def test_a_set_trap_sent_to_the_graveyard_the_turn_it_was_set_was_only_sent() -> None:
    imported, verdict = judged(*A1, SET_MF, 'A: To GY | Sent Set "Mirror Force" from S-1 to GY')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("move", "mirror-force")
    assert "spell-trap.sent-set-this-turn" in readings_of(imported)


def test_a_set_trap_destroyed_by_the_opponents_card_was_only_sent() -> None:
    hands = (HAND_A, ["Mystical Space Typhoon", *HAND_B[1:]])
    imported, verdict = judged(
        *A1, SET_MF, "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Activate ST | Activated "Mystical Space Typhoon" from hand (1/6) to S-1',
        'A: To GY | Sent Set "Mirror Force" from S-1 to GY', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert ("activate", "mirror-force") not in actions(imported)


MF_BACK = ('A: To hand | Returned Set card from S-1 to hand || Returned Set "Mirror Force" from '
           'S-1 to hand')


def test_a_set_card_returned_to_the_hand_and_set_again_where_it_was_is_a_slip_undone() -> None:
    imported, verdict = judged(
        *A1, SET_MF, "A: End turn | Ended turn", *opening("B", "Sangan"), MF_BACK,
        'A: Set ST | Set card from hand (6/6) to S-1 || Set "Mirror Force" from hand (6/6) '
        'to S-1')
    assert verdict["legal"], verdict["violation"]
    assert "slip.returned-and-back" in readings_of(imported)


def test_a_set_card_returned_and_set_in_another_zone_in_the_opponents_turn_is_illegal() -> None:
    reset = ('A: Set ST | Set card from hand (6/6) to S-2 || Set "Mirror Force" from hand (6/6) '
             'to S-2')
    _, verdict = judged(*A1, SET_MF, "A: End turn | Ended turn", *opening("B", "Sangan"),
                        MF_BACK, reset)
    assert rule_at(verdict) == ("turn.not-turn-player", "Set card from hand (6/6) to S-2")


def test_a_set_card_taken_to_the_hand_and_kept_there_was_activated() -> None:
    _, verdict = judged(*POT_SET)
    assert rule_at(verdict) == ("turn.not-turn-player",
                                'Activated Set "Pot of Greed" in S-1')


def _overlaid_and_back(zone: str) -> list[str]:
    """The plays carry Duelingbook's card object ids (1 Vorse Raider, 2 Blade Knight), as a
    real log does: the card Special Summoned "from GY" is the one that left the pile."""
    return [*A1, 'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (2/6) to M-1 '
                 '{"id": 1}',
            'A: SS ATK | Special Summoned "Blade Knight" from hand (1/5) to M-2 (ATK) {"id": 2}',
            'A: Overlay | Overlayed "Blade Knight" in M-2 onto "Vorse Raider" in M-1 '
            '{"start_id": 2, "end_id": 1}',
            'A: To GY | Sent "Blade Knight" from M-1 to GY {"id": 2}',
            'A: SS ATK | Special Summoned "Vorse Raider" from GY to M-1 (ATK) {"id": 1}',
            f'A: SS ATK | Special Summoned "Blade Knight" from GY to {zone} (ATK) {{"id": 2}}']


def test_an_overlay_sent_to_the_graveyard_and_summoned_straight_back_is_undone() -> None:
    """advanced-77237724 game 1 [22:46]: Eldam laid onto Swen while the opponent read; the
    pile sent to the GY and both put back in M-3 and M-4."""
    imported, verdict = judged(*_overlaid_and_back("M-2"))
    assert verdict["legal"], verdict["violation"]
    assert "slip.overlay-undone" in readings_of(imported)


def test_an_overlay_whose_top_comes_back_elsewhere_is_no_undo() -> None:
    imported, verdict = judged(*_overlaid_and_back("M-3"))
    assert rule_at(verdict) == ("summon.special-source",
                                'Special Summoned "Vorse Raider" from GY to M-1 (ATK)')
    assert "slip.overlay-undone" not in readings_of(imported)


BOOK_SET = ('A: Set ST | Set card from hand (3/5) to S-2 || Set "Book of Moon" from hand (3/5) '
            'to S-2')


BOOK_BACK = ('A: To hand | Returned Set card from S-2 to hand || Returned Set "Book of Moon" from '
             'S-2 to hand')


MF_AGAIN = ('A: Set ST | Set card from hand (6/7) to S-1 || Set "Mirror Force" from hand (6/7) '
            'to S-1')


def _sets_put_back(between: str, book_to: str = "S-2") -> tuple[str, ...]:
    return (*A1, SET_MF, BOOK_SET, "A: End turn | Ended turn", *opening("B", "Sangan"),
            MF_BACK, between, BOOK_BACK, MF_AGAIN,
            f'A: Set ST | Set card from hand (7/7) to {book_to} || Set "Book of Moon" from hand '
            f'(7/7) to {book_to}')


#: The opponent putting back a card of their own meanwhile.
_B_PUTS_BACK = ('B: To T Deck | Returned "Gemini Elf" from hand (1/6) to top of deck')


def test_set_cards_returned_together_and_set_back_in_their_zones_are_put_back() -> None:
    imported, verdict = judged(*_sets_put_back(_B_PUTS_BACK))
    assert verdict["legal"], verdict["violation"]
    assert "slip.sets-returned-and-back" in readings_of(imported)
    assert [a for a in actions(imported) if a[0] == "set_spell_trap"] == [
        ("set_spell_trap", "mirror-force"), ("set_spell_trap", "book-of-moon")]  # turn 1's


def test_set_cards_set_back_after_the_opponent_used_a_card_are_new_sets() -> None:
    _, verdict = judged(*_sets_put_back(
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1'))
    assert rule_at(verdict) == ("turn.not-turn-player",
                                "Set card from hand (6/7) to S-1")


def test_set_cards_set_back_in_another_zone_are_new_sets() -> None:
    _, verdict = judged(*_sets_put_back(_B_PUTS_BACK, book_to="S-3"))
    assert rule_at(verdict) == ("turn.not-turn-player",
                                "Set card from hand (6/7) to S-1")


def test_a_set_put_back_into_the_hand_before_it_did_anything_is_undone() -> None:
    """edison-58600101 game 2: a second Set returned to the hand within the turn, with no
    use in between, is a slip fixed (JUDGE-NOTES.md): neither the Set nor its return is a
    step, so the next Set is the turn's only one."""
    imported, verdict = judged(
        *A1, 'A: Set monster | Set card from hand (1/6) to M-2 || Set "Blade Knight" from '
             'hand (1/6) to M-2',
        'A: Set ST | Set card from hand (3/5) to S-1 || Set "Mirror Force" from hand (3/5) '
        'to S-1',
        'A: To hand | Returned Set card from M-2 to hand || Returned Set "Blade Knight" from '
        'M-2 to hand',
        'A: Set monster | Set card from hand (2/6) to M-2 || Set "Vorse Raider" from hand '
        '(2/6) to M-2')
    assert verdict["legal"], verdict["violation"]
    assert "slip.summon-taken-back" in readings_of(imported)


def test_a_summon_taken_back_with_a_card_misplaced_and_put_back_is_undone() -> None:
    """advanced-76368991 game 2 [4:09]: a second Normal Summon, a card placed by mistake,
    returned to the Deck and taken back out (the same card), then the monster returned to the
    hand: the card taken from the Deck is no search, so the slip is undone."""
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (2/6) to M-1',
        'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/5) to M-2',
        'A: To ST | Placed "Mirror Force" from hand (2/4) to S-4',
        'A: To B Deck | Returned "Mirror Force" from S-4 to bottom of deck',
        'A: To hand | Added "Mirror Force" from Deck to hand',
        'A: To hand | Returned "Blade Knight" from M-2 to hand')
    assert verdict["legal"], verdict["violation"]
    assert "slip.summon-taken-back" in readings_of(imported)


def test_a_monster_with_an_effect_of_its_own_returned_to_the_hand_was_summoned() -> None:
    """edison-58666577 game 3 [29:41]: Swap Frog returns itself with its own effect; its
    Normal Summon stands (and the additional one it grants follows)."""
    hands = (["Swap Frog", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Swap Frog" from hand (1/6) to M-2',
        'A: Set ST | Set card from hand (3/5) to S-1 || Set "Mirror Force" from hand (3/5) '
        'to S-1', 'A: To hand | Returned "Swap Frog" from M-2 to hand', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert ("normal_summon", "swap-frog") in actions(imported)
    assert "slip.summon-taken-back" not in readings_of(imported)

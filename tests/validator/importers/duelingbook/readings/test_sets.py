"""Spells and Traps Set in a Duelingbook log, and cards turned face-down
(validator/importers/duelingbook/readings/sets.py): a Set from the hand, a card Set and
activated at once, a misclicked activation turned face-down again."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    A1,
    HAND_A,
    HAND_B,
    SET_MF,
    actions,
    game,
    judged,
    opening,
    readings_of,
    rule_at,
)


def test_a_card_activated_by_a_misclick_and_turned_face_down_again() -> None:
    imported, verdict = judged(*A1, SET_MF, "A: End turn | Ended turn",
                               *opening("B", "Sangan"),
                               'A: Activate ST | Activated Set "Mirror Force" in S-1',
                               'A: Set ST | Set "Mirror Force" in S-1')
    assert verdict["legal"], verdict["violation"]
    assert ("activate", "mirror-force") not in actions(imported)
    assert "shown.set-cards" in readings_of(imported)


def test_the_v5_private_line_of_a_set_drops_from_hand() -> None:
    # Duelingbook v5 names the card in the private line but no longer says "from hand"
    imported, verdict = judged(
        *A1, 'A: Set monster from hand | Set card from hand (1/6) to M-1 || Set "Blade Knight" '
             '(1/6) to M-1',
        'A: Set ST from hand | Set a card from hand (3/5) to S-2 || Set "Mirror Force" '
        '(3/5) to S-2')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-2:] == [("set_monster", "blade-knight"),
                                      ("set_spell_trap", "mirror-force")]
    assert imported.stopped is None


def test_the_name_of_the_play_alone_can_say_from_hand() -> None:
    imported = game(*A1, 'A: Set monster from hand | Set a card to M-1', concealed=True)
    assert imported.stopped is None
    assert actions(imported)[-1][0] == "set_monster"


def test_a_trap_set_then_activated_at_once_is_one_activation_from_the_hand() -> None:
    hands = (HAND_A, ["Evenly Matched", *HAND_B[1:]])
    imported, verdict = judged(
        *A1, "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Set ST from hand | Set a card from hand (1/6) to S-5 || Set "Evenly Matched" '
        'from hand (1/6) to S-5',
        'B: Activate ST | Activated Set "Evenly Matched" in S-5',
        'B: To grave from field | Sent "Evenly Matched" from S-5 to Graveyard', hands=hands,
        fmt="uu")
    assert verdict["legal"], verdict["violation"]
    assert [a for a in actions(imported) if a[1] == "evenly-matched"] == [
        ("move", "evenly-matched"), ("move", "evenly-matched")]
    assert "card.trap-from-hand-classic" in readings_of(imported)


def test_a_trap_without_such_text_set_and_activated_the_same_turn_is_illegal() -> None:
    _, verdict = judged(
        *A1, 'A: Set ST from hand | Set a card from hand (4/6) to S-1 || Set "Mirror Force" '
             'from hand (4/6) to S-1',
        'A: Activate ST | Activated Set "Mirror Force" in S-1')
    assert rule_at(verdict) == ("card.set-this-turn", 'Activated Set "Mirror Force" in S-1')


SET_BOOK = ('A: Set ST | Set card from hand (3/6) to S-1 || Set "Book of Moon" from hand (3/6) '
            'to S-1')


ACTIVATE_BOOK = 'A: Activate ST | Activated Set "Book of Moon" in S-1'


MAIN_1 = [*A1, "A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1"]


def test_a_quick_play_set_and_activated_at_once_in_its_players_main_phase_is_from_the_hand(
        ) -> None:
    imported, verdict = judged(*MAIN_1, SET_BOOK, ACTIVATE_BOOK)
    assert verdict["legal"], verdict["violation"]
    assert [a for a in actions(imported) if a[1] == "book-of-moon"] == [
        ("activate", "book-of-moon")]
    assert "spell-trap.set-then-activated" in readings_of(imported)


def test_a_quick_play_activated_after_another_play_the_turn_it_was_set_is_illegal() -> None:
    _, verdict = judged(*MAIN_1, SET_BOOK,
                        'A: Normal Summon | Normal Summoned "Sangan" from hand (4/5) to M-1',
                        ACTIVATE_BOOK)
    assert rule_at(verdict) == ("card.set-this-turn", ACTIVATE_BOOK[len("A: Activate ST | "):])

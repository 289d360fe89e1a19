"""Plays that correct an earlier one in a Duelingbook log
(validator/importers/duelingbook/readings/corrections.py): each read so only with the evidence
the log holds (the same cards put back, the opponent's chat line between), and left as it
looks without it."""

from __future__ import annotations

from typing import Any

from tests.validator.importers.duelingbook.replays import (
    A1,
    actions,
    judged,
    opening,
    readings_of,
    rule_at,
)
from validator.importers.duelingbook.game import Game

B2 = ["A: End turn | Ended turn", *opening("B", "Sangan")]
SET_MF = ('A: Set ST | Set card from hand (4/6) to S-1 || Set "Mirror Force" from hand (4/6) '
          'to S-1')
CHAT = 'B: Duel message | "wait, rewind" {"message": "wait, rewind"}'


def _set_card_put_back(*chat: str) -> tuple[Game, dict[str, Any]]:
    """Mirror Force, Set in turn 1, activated in turn 2, sent to the Graveyard, placed back
    and Set again in its zone (``chat`` between), then activated again."""
    return judged(
        SET_MF, "A: End turn | Ended turn", *opening("B", "Sangan"),
        'A: Activate ST | Activated Set "Mirror Force" in S-1',
        'A: To GY | Sent "Mirror Force" from S-1 to GY', *chat,
        'A: To ST | Placed "Mirror Force" from GY to S-1',
        'A: Set ST | Set "Mirror Force" in S-1',
        'A: Activate ST | Activated Set "Mirror Force" in S-1', fmt="au")


def test_a_set_cards_activation_taken_back_leaves_it_set_since_before() -> None:
    """advanced-76304536 game 2 [13:56]: Virtue Stream put back and Set again in its zone in
    a rewind the players talked out: it is the card Set in turn 1, so activating it later in
    the turn is legal."""
    imported, verdict = _set_card_put_back(CHAT)
    assert verdict["legal"], verdict["violation"]
    assert actions(imported).count(("activate", "mirror-force")) == 1
    assert "rewind.set-card-restored" in readings_of(imported)


def test_a_set_card_put_back_with_nobody_asking_is_set_this_turn() -> None:
    _, verdict = _set_card_put_back()
    assert rule_at(verdict) == ("card.set-this-turn",
                                'Activated Set "Mirror Force" in S-1')


def _redone(*chat: str) -> tuple[Game, dict[str, Any]]:
    """A Special Summon from the Graveyard, the monster sent back, and another monster taken
    from the Graveyard to its zone with a "Normal Summon" click (``chat`` between)."""
    return judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        'A: To GY | Sent "Blade Knight" from M-1 to GY', *B2, "B: End turn | Ended turn",
        *opening("A", "Gemini Elf"),
        'A: Normal Summon | Normal Summoned "Sangan" from hand (4/6) to M-1',
        'A: To GY | Sent "Sangan" from M-1 to GY',
        'A: SS ATK | Special Summoned "Blade Knight" from GY to M-2 (ATK)', *chat,
        'A: To GY | Sent "Blade Knight" from M-2 to GY',
        'A: To hand | Returned "Sangan" from GY to hand',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (5/5) to M-2')


def test_a_special_summon_redone_after_the_opponent_objected_is_that_special_summon() -> None:
    """advanced-77067702 game 2 [13:54]: the wrong monster revived, the opponent objects, its
    player sends it back and brings the right one from the Graveyard to the same zone with a
    "Normal Summon" click: the effect's Special Summon, redone."""
    imported, verdict = _redone('B: Duel message | "not that one" {"message": "not that one"}')
    assert verdict["legal"], verdict["violation"]
    assert ("special_summon", "sangan") in actions(imported)
    assert ("special_summon", "blade-knight") not in actions(imported)
    assert "summon.redone-after-objection" in readings_of(imported)


def test_a_special_summon_redone_with_nobody_objecting_stays_a_normal_summon() -> None:
    _, verdict = _redone()
    assert rule_at(verdict) == ("summon.normal-once", 'Normal Summoned "Sangan" from hand (5/5) '
                                                      'to M-2')


def _second_summon_returned(*chat: str) -> tuple[Game, dict[str, Any]]:
    """A second Normal Summon, its effect declared, then returned to the hand (``chat``
    between)."""
    return judged(
        *A1, 'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (2/6) to M-1',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (4/5) to M-2',
        'A: Declare | Declared effect of "Sangan" in M-2', *chat,
        'A: To hand | Returned "Sangan" from M-2 to hand')


def test_a_second_normal_summon_taken_back_after_the_opponent_objected_is_undone() -> None:
    """advanced-77076141 game 3 [28:10]: the opponent objects to a second Normal Summon
    whose effect was declared; its player returns it to the hand: taken back."""
    imported, verdict = _second_summon_returned(
        'B: Duel message | "you normal summoned already" '
        '{"message": "you normal summoned already"}')
    assert verdict["legal"], verdict["violation"]
    assert ("normal_summon", "sangan") not in actions(imported)
    assert "slip.summon-taken-back-on-objection" in readings_of(imported)


def test_a_second_normal_summon_returned_with_nobody_objecting_stands() -> None:
    _, verdict = _second_summon_returned()
    assert rule_at(verdict) == ("summon.normal-once", 'Normal Summoned "Sangan" from hand (4/5) '
                                                      'to M-2')


def _set_card_flipped(*chat: str) -> tuple[Game, dict[str, Any]]:
    """Mirror Force Set, flipped face-up the same turn, another card Set, then Mirror Force
    Set again in its zone (``chat`` after the flip)."""
    return judged(
        SET_MF, 'A: Activate ST | Activated Set "Mirror Force" in S-1', *chat,
        'A: Set ST | Set card from hand (3/5) to S-2 || Set "Book of Moon" from hand (3/5) '
        'to S-2', 'A: Set ST | Set "Mirror Force" in S-1', fmt="au")


def test_a_set_card_flipped_up_as_the_opponent_asks_to_read_it_is_shown() -> None:
    """advanced-77505973 game 3 [27:09]: R.B. Last Stand flipped face-up as the opponent asks
    "can i read?", Set again in S-3 after the player's other Sets: shown, not activated."""
    imported, verdict = _set_card_flipped('B: Duel message | "can i read?" '
                                          '{"message": "can i read?"}')
    assert verdict["legal"], verdict["violation"]
    assert ("activate", "mirror-force") not in actions(imported)
    assert "shown.set-card-on-request" in readings_of(imported)


def test_a_set_card_flipped_up_with_nobody_asking_was_activated() -> None:
    _, verdict = _set_card_flipped()
    assert rule_at(verdict) == ("card.set-this-turn", 'Activated Set "Mirror Force" in S-1')


def _summoned_and_clicked(back: str) -> tuple[Game, dict[str, Any]]:
    """Gemini Elf Special Summoned in ATK, clicked to DEF, the opponent's draw, then ``back``."""
    return judged(
        *A1, *B2, 'B: SS ATK | Special Summoned "Gemini Elf" from hand (1/6) to M-1 (ATK)',
        'B: To DEF | Changed "Gemini Elf" in M-1 to DEF',
        'A: Draw card | Drew a card || Drew "Blade Knight"', back)


def test_a_summoned_monsters_position_clicked_and_clicked_back_is_unchanged() -> None:
    """advanced-76353258 game 1 [8:21]: White Aura Monoceros Synchro Summoned in ATK, clicked
    to DEF, and back to ATK by its player's next play (the opponent's draw between)."""
    imported, verdict = _summoned_and_clicked('B: To ATK | Changed "Gemini Elf" in M-1 to ATK')
    assert "slip.position-undone" in readings_of(imported)
    assert ("change_position", "gemini-elf") not in actions(imported)
    # the opponent's draw no card explains is the one flag (the real one was an effect's)
    assert rule_at(verdict) == ("turn.not-turn-player", "Drew a card")


def test_a_summoned_monsters_position_clicked_and_left_is_the_summons() -> None:
    imported, _ = _summoned_and_clicked('B: End turn | Ended turn')
    assert "slip.summon-position-fixed" in readings_of(imported)


def _drawn_and_put_back(*between: str) -> tuple[Game, dict[str, Any]]:
    """B's Draw Phase draw put back on top of the Deck, ``between``, then B draws again."""
    return judged(
        *A1, "A: End turn | Ended turn", "B: Start turn | Entered Draw Phase",
        'B: Draw card | Drew a card || Drew "Sangan"',
        'B: To T Deck | Returned card from hand (6/6) to top of deck || Returned "Sangan" '
        'from hand (6/6) to top of deck', *between,
        'B: Draw card | Drew a card || Drew "Dark Magician"')


def test_a_draw_before_the_deck_was_shuffled_put_back_and_drawn_again() -> None:
    """advanced-76353258 game 1 [12:39]: the turn's draw made before the Deck an effect had
    the player shuffle was shuffled: put back, shuffled, drawn again."""
    imported, verdict = _drawn_and_put_back('B: Shuffle deck | Shuffled deck')
    assert verdict["legal"], verdict["violation"]
    assert "slip.draw-put-back" in readings_of(imported)


def test_a_draw_put_back_and_drawn_again_without_a_shuffle_is_two_draws() -> None:
    _, verdict = _drawn_and_put_back()
    assert rule_at(verdict) == ("draw.once", "Drew a card")

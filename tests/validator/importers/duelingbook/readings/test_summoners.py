"""Who put a monster on the field (validator/importers/duelingbook/readings/summoners.py): a
monster moved for the opponent's effect, or carried off while its player's own Spell resolves."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    A1,
    B2,
    HAND_A,
    HAND_B,
    actions,
    judged,
    readings_of,
    rule_at,
)


def test_a_monster_clicked_as_special_summoned_for_the_opponents_dustshoot_is_a_move() -> None:
    """edison-58611508 [3:22]: the monster Trap Dustshoot chose, dragged to the field as a
    Special Summon, then returned to the Deck: no Summon."""
    hands = (["Trap Dustshoot", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Set ST | Set card from hand (1/6) to S-2 || Set "Trap Dustshoot" from hand '
             '(1/6) to S-2', *B2,
        'A: Activate ST | Activated Set "Trap Dustshoot" in S-2',
        'B: SS DEF | Special Summoned "Summoned Skull" from hand (5/6) to M-1 (DEF)',
        'B: To deck | Returned "Summoned Skull" from M-1 to deck', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert ("special_summon", "summoned-skull") not in actions(imported)
    assert "shortcut.opponent-effect-to-deck" in readings_of(imported)


AVARICE = ['A: Activate ST | Activated "Pot of Avarice" from hand (1/6) to S-1',
           'A: Normal Summon | Normal Summoned "Sangan" from hand (1/5) to M-1',
           'A: To T Deck | Returned "Sangan" from M-1 to top of deck']


AVARICE_HANDS = (["Pot of Avarice", "Sangan", "Blade Knight", "Vorse Raider", "Book of Moon"],
                 HAND_B)


KNIGHT = 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/4) to M-1'


def test_a_monster_carried_to_the_deck_while_its_players_spell_resolves_is_no_summon() -> None:
    imported, verdict = judged(*A1, *AVARICE, 'A: To GY | Sent "Pot of Avarice" from S-1 to GY',
                               KNIGHT, hands=AVARICE_HANDS)
    assert verdict["legal"], verdict["violation"]
    assert "shortcut.own-effect-to-deck" in readings_of(imported)


def test_a_monster_summoned_after_the_spell_resolved_is_a_summon() -> None:
    _, verdict = judged(*A1, AVARICE[0], 'A: To GY | Sent "Pot of Avarice" from S-1 to GY',
                        *AVARICE[1:], KNIGHT, hands=AVARICE_HANDS)
    assert rule_at(verdict) == ("summon.normal-once", KNIGHT[len("A: Normal Summon | "):])

"""Cards discarded in a Duelingbook log (validator/importers/duelingbook/readings/discards.py):
a Spell's activation written as the card sent from the hand to the Graveyard, a monster sent
from the hand before a Ritual Summon (its Tribute)."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    A1,
    HAND_A,
    HAND_B,
    actions,
    judged,
    readings_of,
    rule_at,
)


def test_a_spell_sent_from_the_hand_to_the_graveyard_is_its_activation() -> None:
    imported, verdict = judged(*A1, "A: Enter SP | Entered Standby Phase",
                               "A: Enter M1 | Entered Main Phase 1",
                               'A: To GY | Sent "Pot of Greed" from hand (6/6) to GY',
                               'A: Draw card | Drew a card || Drew "Sangan"',
                               'A: Draw card | Drew a card || Drew "Vorse Raider"')
    assert verdict["legal"], verdict["violation"]
    assert [(a[0], *a[2:]) for a in actions(imported)[-3:]] == [
        ("activate",), ("draw", "by_effect"), ("draw", "by_effect")]
    assert imported.document["actions"][-3]["card"].startswith("pot-of-greed")
    assert "spell.resolved-in-one-click" in readings_of(imported)


def test_a_monster_sent_from_the_hand_before_a_ritual_summon_is_its_tribute() -> None:
    """An EDOPro game converted (selfplay-0352): Recette de Viande resolved, Hungry Burger
    sent from the hand to the GY, Balameuniere de Nouvelles Special Summoned: the Ritual
    Summon's Tribute, not a discard by the rules outside the End Phase."""
    hands = (["Recette de Viande (Meat Recipe)", "Hungry Burger", "Balameuniere de Nouvelles",
              *HAND_A[3:]], HAND_B)
    imported, verdict = judged(
        'A: Activate ST | Activated "Recette de Viande (Meat Recipe)" from hand (1/5) to S-3',
        'A: To GY | Sent "Recette de Viande (Meat Recipe)" from S-3 to GY',
        'A: To GY | Sent "Hungry Burger" from hand (1/4) to GY',
        'A: SS DEF | Special Summoned "Balameuniere de Nouvelles" from hand (1/3) to M-2 (DEF)',
        hands=hands, fmt="ar")
    assert verdict["legal"], verdict["violation"]
    assert ("discard", "hungry-burger", "by_effect") in actions(imported)
    assert "summon.ritual-tribute-from-hand" in readings_of(imported)


def test_a_monster_sent_from_the_hand_with_no_ritual_summon_next_stays_a_discard() -> None:
    """The same discard followed by a Normal Summon: no Ritual Summon explains it."""
    hands = (["Hungry Burger", "Sangan", *HAND_A[2:]], HAND_B)
    _, verdict = judged('A: To GY | Sent "Hungry Burger" from hand (1/5) to GY',
                        'A: Normal Summon | Normal Summoned "Sangan" from hand (1/4) to M-1',
                        hands=hands, fmt="ar")
    assert rule_at(verdict) == ("hand.discard-not-required",
                                'Sent "Hungry Burger" from hand (1/5) to GY')

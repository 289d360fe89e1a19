"""Cards discarded in a Duelingbook log (validator/importers/duelingbook/readings/discards.py):
a Spell's activation written as the card sent from the hand to the Graveyard, a monster sent
from the hand before a Ritual Summon (its Tribute)."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import A1, actions, judged, readings_of


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

"""How the importer reads the engine's moves (validator/importers/edopro/moves.py), each reading
held at a real action of a shared replay: a card attached under a monster on the field, an
Equip leaving with the Tribute it is equipped to, a monster returning from banishment."""

from __future__ import annotations

import pytest

from tests.validator.importers.edopro.replays import EDOPRO, action, game
from validator import validate

pytestmark = pytest.mark.skipif(not EDOPRO.is_dir(), reason="../shared/data/edopro is not "
                                                            "beside the repository")


def test_a_card_attached_under_a_monster_on_the_field_is_a_move_to_material() -> None:
    """selfplay-0073: Zoodiac Whiptail attached by its own effect to Zoodiac Chakanine (from
    the hand) and later by Zoodiac Tigermortar's (from the GY): moves to OVERLAY|MZONE with an
    Xyz material's reason, which no Xyz Summon follows (its materials go under the monster
    still in the Extra Deck, OVERLAY|EXTRA)."""
    assert action("selfplay/selfplay-0073.yrpX", 59) == {
        "type": "move", "player": "p2", "card": "b13", "to": "material", "target": "b14",
        "at": "[T4 #881]"}
    assert action("selfplay/selfplay-0073.yrpX", 74) == {
        "type": "move", "player": "p2", "card": "b13", "to": "material", "target": "b17",
        "at": "[T4 #1128]"}


def test_an_equip_whose_monster_is_tributed_leaves_with_the_summon() -> None:
    """selfplay-0110 [T5 #1447]: Saqlifice, equipped to Qliphort Helix, leaves as Helix is
    Tributed for Qliphort Stealth; the engine writes its move before the Summon, the document
    sends it to the GY with the Tribute, so that it still lets Helix count as 2 Tributes."""
    assert action("selfplay/selfplay-0110.yrpX", 88) == {
        "type": "normal_summon", "player": "p1", "card": "a11", "tributes": ["a9"],
        "zone": "M5", "at": "[T5 #1460]"}
    assert not [a for a in game("selfplay/selfplay-0110.yrpX").document["actions"][80:95]
                if a.get("card") == "a4"]


def test_a_monster_returning_from_banishment_is_not_summoned() -> None:
    # S:P Little Knight, banished until the End Phase, comes back with no Special Summon
    # message: returned, so Sangenpai Bident Dragion's lock on its player does not forbid it
    name = "selfplay/selfplay-0737.yrpX"
    back, summon = action(name, 218), action(name, 210)
    assert (back["type"], back["card"], back.get("returned")) == ("special_summon", "b16", True)
    assert (summon["type"], summon.get("returned")) == ("special_summon", None)
    assert validate(game(name).document).legal

"""A document's setup (validator/document/setup_schema.py): a side left out is every default, a
Deck is a count or its cards top first, the cards placed on the field load as placed."""

from __future__ import annotations

from tests.helpers import document, mon
from validator import load_document
from validator.document.model import Placed


def test_a_side_left_out_is_every_default_and_a_side_given_keeps_its_own() -> None:
    setup = load_document({"cards": {}, "setup": {"p1": {"lp": 4000}}}).setup
    assert (setup["p1"].lp, setup["p1"].deck) == (4000, 40)
    assert (setup["p2"].lp, setup["p2"].deck, setup["p2"].hand) == (8000, 40, ())


def test_a_deck_is_a_count_or_its_cards_top_first() -> None:
    assert load_document({"cards": {}, "setup": {"p2": {"deck": 0}}}).setup["p2"].deck == 0
    doc = load_document(document([], {"deck": ["vorse", "gemini"]}))
    assert doc.setup["p1"].deck == ("vorse", "gemini")


def test_placed_cards_load_with_their_position_zone_and_gemini_status() -> None:
    doc = load_document(document([], {
        "monsters": [{**mon("gemini"), "gemini_summoned": True, "zone": "M3"}],
        "spell_traps": [{"card": "mirror", "face_up": False, "zone": "S2"}]}))
    [monster], [trap] = doc.setup["p1"].monsters, doc.setup["p1"].spell_traps
    assert (monster.card, monster.gemini, monster.zone) == ("gemini", True, "M3")
    assert trap == Placed("mirror", face_up=False, zone="S2")

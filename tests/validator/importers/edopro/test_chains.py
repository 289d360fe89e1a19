"""How the importer reads the engine's chains (validator/importers/edopro/chains.py, with the
costs kept by the builder's ``emit``), each reading held at a real action of a shared replay: a
trigger link's effect, costs kept inside a chain, Set cards activated the turn they were Set,
an effect granted by another card, a negated activation."""

from __future__ import annotations

import pytest

from tests.validator.importers.edopro.replays import EDOPRO, action, game
from validator import validate

pytestmark = pytest.mark.skipif(not EDOPRO.is_dir(), reason="../shared/data/edopro is not "
                                                            "beside the repository")


def test_a_later_trigger_link_names_its_effect() -> None:
    """White Rose Dragon's trigger when sent to the GY as Synchro Material (its script's string
    2): the card's third effect entry, since its limited trigger has an entry of its own beside
    the unlimited one when Normal Summoned (docs/cards.md)."""
    assert action("real/Bug roid ambulance doesnt sp summon.yrpX", 43)["effect"] == 2


def test_a_cost_paid_for_the_activated_card_itself_waits_for_the_chain() -> None:
    """selfplay-0682 [T2 #307]: Solemn Judgment discarded for Twin Twisters (chain link 2)
    goes before the chain began; the chain of Multirole and Twin Twisters stays one chain."""
    actions = game("selfplay/selfplay-0682.yrpX").document["actions"]
    kinds = [(a["type"], a.get("card"), a.get("respond", False)) for a in actions[17:22]]
    assert kinds == [("phase", None, False), ("discard", "b1", False),
                     ("activate", "b5", False), ("activate", "b4", True),
                     ("resolve", None, False)]


def test_the_activated_cards_own_cost_is_paid_at_once_and_keeps_the_chain_open() -> None:
    """selfplay-0349 [T12 #1921]: Recette de Personnel sent from its zone to the GY as the
    cost of its own effect is a ``move`` with the extension ``cost`` right after its
    activation (the TCG: a cost leaves at once), so that Concours de Cuisine, chained from the
    hand as link 2, has its zone (it was flagged zone.spell-trap-full)."""
    actions = game("selfplay/selfplay-0349.yrpX").document["actions"]
    kinds = [(a["type"], a.get("card"), a.get("respond", False), a.get("cost", False))
             for a in actions[131:135]]
    assert kinds == [("activate", "b14", False, False), ("move", "b14", False, True),
                     ("activate", "b17", True, False), ("resolve", None, False, False)]
    assert validate(game("selfplay/selfplay-0349.yrpX").document).legal


def test_a_card_set_and_activated_in_one_turn_as_its_text_allows_is_activated_as_it_is(
        ) -> None:
    """Shade Brigandine (its own set_turn) and ALERT! (while Rescue-ACE Hydrant is face-up,
    selfplay-0505 [T17 #5301]): activated where they were Set, which the judge allows by the
    card's set_turn; noted."""
    name = "real/GG Gemeau vs IA_Orcust spam de Gemeaux.yrpX"
    notes = [n for n in game(name).notes
             if n.reading in ("edopro.set-turn-by-card", "edopro.trap-monster")]
    assert [(n.reading, n.at) for n in notes][:1] == [("edopro.set-turn-by-card", "[T6 #2175]")]
    assert action("selfplay/selfplay-0505.yrpX", 365) == {
        "type": "activate", "player": "p2", "card": "b18", "respond": True,
        "at": "[T17 #5301]"}


def test_an_effect_granted_by_another_card_is_named_as_the_cards_granted_entry() -> None:
    # Zoodiac Broadbull activates the effect its material Zoodiac Ratpier gives it (the
    # description is Ratpier's string), then its own: the first names the entry after its own
    doc = game("selfplay/selfplay-0075.yrpX").document
    granted, own = action("selfplay/selfplay-0075.yrpX", 109), \
        action("selfplay/selfplay-0075.yrpX", 118)
    assert (granted["card"], granted.get("effect"), granted["at"]) == ("b22", 1, "[T8 #1784]")
    assert (own["card"], own.get("effect")) == ("b22", None)
    assert doc["cards"]["b22"]["effects"] == [
        {"kind": "ignition", "from": ["field"], "once": "copy"},
        {"kind": "quick", "from": ["field"]}]
    assert "edopro.granted-effect" in {n.reading for n in game("selfplay/selfplay-0075.yrpX").notes}
    assert validate(doc).legal


def test_a_negated_activation_says_so() -> None:
    # Naturia Beast negates Pot of Desires' activation (its own is not): a second Pot of
    # Desires is legal (and Naturia Beast negates that one too)
    name = "real/GG Psy vs IA_Mathmech spam mais faute.yrpX"
    first, answer, second = action(name, 51), action(name, 52), action(name, 66)
    assert (first["card"], first.get("negated"), first["at"]) == ("b1", True, "[T2 #505]")
    assert answer.get("negated") is None and (second["card"], second.get("negated")) == (
        "b6", True)
    doc = game(name).document
    assert validate({**doc, "actions": doc["actions"][:70]}).legal

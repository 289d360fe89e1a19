"""How the importer reads the engine's messages (validator/importers/edopro/builder.py), each
reading held at a real action of a shared replay: summon methods and materials, Pendulum
Summons, an effect named, costs kept inside a chain, Set cards activated the turn they were
Set, Trap Monsters, the turn that begins with an empty Deck, alternate artworks."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from tests.validator.importers.edopro.replays import EDOPRO, shared
from validator import validate
from validator.importers.duelingbook.game import Game
from validator.importers.edopro.replay import import_replay

pytestmark = pytest.mark.skipif(not EDOPRO.is_dir(), reason="../shared/data/edopro is not "
                                                            "beside the repository")


@cache
def game(name: str) -> Game:
    return import_replay(shared(name).read_bytes())[0]


def action(name: str, index: int) -> dict[str, Any]:
    """The action without its log, and the time the log gives."""
    found = game(name).document["actions"][index]
    return {**{k: v for k, v in found.items() if k != "log"}, "at": found["log"]["time"]}


@pytest.mark.parametrize(("name", "index", "method", "materials", "at"), [
    ("real/2020-07-21 14-09-04.yrpX", 38, "xyz", ["a6", "a2"], "[T1 #353]"),
    ("real/2023-02-12 17-45-56.yrpX", 27, "synchro", ["a8", "a11"], "[T1 #411]"),
    ("real/2026-02-12 23-47-39.yrpX", 6, "link", ["a6"], "[T1 #124]"),
    ("real/Bug roid ambulance doesnt sp summon.yrpX", 13, "fusion", ["a5", "a6"], "[T1 #209]"),
    ("real/GG Nouvelles vs Adventurer.yrpX", 11, "ritual", ["a5"], "[T1 #179]"),
    ("real/2020-09-24 20-56-35.yrpX", 11, "procedure", None, "[T1 #174]"),
])
def test_a_summon_says_its_method_and_materials_from_the_materials_reasons(
        name: str, index: int, method: str, materials: list[str] | None, at: str) -> None:
    summon = action(name, index)
    assert (summon["type"], summon.get("method"), summon.get("materials"), summon["at"]) == (
        "special_summon", method, materials, at)


def test_an_xyz_summons_materials_are_under_it_in_the_judges_state() -> None:
    doc = game("real/2020-07-21 14-09-04.yrpX").document
    verdict = validate({**doc, "actions": doc["actions"][:39]})
    [monster] = [m for m in verdict.state["players"]["p1"]["monsters"] if m["card"] == "a15"]
    assert monster["materials"] == ["a6", "a2"] and monster["zone"] == "EMZ-L"


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


def test_a_monster_from_the_face_down_extra_deck_is_no_pendulum_summon() -> None:
    """selfplay-0385 [T11 #2833]: Thunder Dragon Colossus Special Summoned from the face-down
    Extra Deck by its own procedure (Nemeses Corridor Tributed first) while its player has two
    Pendulum Scales: its own procedure, not a Pendulum Summon."""
    assert action("selfplay/selfplay-0385.yrpX", 180) == {
        "type": "special_summon", "player": "p1", "card": "a19", "position": "attack",
        "zone": "M5", "method": "procedure", "at": "[T11 #2833]"}


def test_an_equip_whose_monster_is_tributed_leaves_with_the_summon() -> None:
    """selfplay-0110 [T5 #1447]: Saqlifice, equipped to Qliphort Helix, leaves as Helix is
    Tributed for Qliphort Stealth; the engine writes its move before the Summon, the document
    sends it to the GY with the Tribute, so that it still lets Helix count as 2 Tributes."""
    assert action("selfplay/selfplay-0110.yrpX", 88) == {
        "type": "normal_summon", "player": "p1", "card": "a11", "tributes": ["a9"],
        "zone": "M5", "at": "[T5 #1460]"}
    assert not [a for a in game("selfplay/selfplay-0110.yrpX").document["actions"][80:95]
                if a.get("card") == "a4"]


def test_a_pendulum_summon_is_one_action_from_the_face_up_extra_deck() -> None:
    assert action("selfplay/selfplay-0109.yrpX", 151) == {
        "type": "pendulum_summon", "player": "p2", "cards": ["b14"], "zones": ["EMZ-R"],
        "positions": ["attack"], "at": "[T8 #2266]"}


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


def test_a_trap_monster_the_database_knows_is_special_summoned_as_a_monster() -> None:
    """The Phantom Knights of Shade Brigandine (its ``trap_monster``): Special Summoned where
    the engine put it, not sent to the GY as a Trap the contract cannot place (docs/edopro.md),
    so that a later Tribute Summon can Tribute it (selfplay-0106 [T9 #1924])."""
    name = "real/GG Gemeau vs IA_Orcust spam de Gemeaux.yrpX"
    assert action(name, 144) == {"type": "special_summon", "player": "p2", "card": "b14",
                                 "position": "defense", "zone": "M2", "at": "[T6 #2195]"}
    assert not [n for n in game(name).notes if n.reading == "edopro.trap-monster"]
    tribute = action("selfplay/selfplay-0106.yrpX", 124)
    assert (tribute["type"], tribute["tributes"]) == ("normal_summon", ["a16", "a13"])


def test_a_summon_using_a_trap_monster_names_it_among_its_materials() -> None:
    """selfplay-0105 [T6 #3189]: The Phantom Knights of Rusty Bardiche Link Summoned with
    Shade Brigandine, a Trap Monster the card database knows (``trap_monster``): it stands in
    a Monster Zone as a monster, so the Summon names it with the others, and is legal (its
    Attribute as a monster is no fact: the materials' kinds are not judged on it)."""
    g = game("selfplay/selfplay-0105.yrpX")
    summon = g.document["actions"][205]
    assert (summon["type"], summon["card"], summon["method"], summon["materials"]) == (
        "special_summon", "b31", "link", ["b15", "b20", "b28"])
    assert validate(g.document).legal


def test_a_summon_using_a_trap_the_database_does_not_know_as_a_monster_names_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same game with Shade Brigandine unknown as a Trap Monster: the document holds it in
    the GY (the contract has no Trap Monsters), so the other materials leave the field as
    moves and the Summon keeps its method and names none (noted)."""
    from validator.importers.edopro.replay import Cards

    monkeypatch.setattr(Cards, "trap_monster", lambda self, code: False)
    g = import_replay(shared("selfplay/selfplay-0105.yrpX").read_bytes())[0]
    summon = next(a for a in g.document["actions"] if a.get("card") == "b31"
                  and a["type"] == "special_summon")
    assert (summon.get("method"), summon.get("materials")) == ("link", None)
    assert ("edopro.trap-monster", "[T6 #3189]") in [(n.reading, n.at) for n in g.notes]
    assert validate(g.document).legal


def test_actions_before_a_draw_from_an_empty_deck_are_dropped_as_the_tcg_has_it() -> None:
    """selfplay-0660: Abyss Dweller chained at the start of the Draw Phase of a player whose
    Deck is empty; the TCG ends the duel as that turn begins."""
    g = game("selfplay/selfplay-0660.yrpX")
    assert [n.at for n in g.notes if n.reading == "edopro.tcg-differs"] == ["[T37 #7043]"]
    verdict = validate(g.document).to_dict()
    assert verdict["legal"] and verdict["outcome"] == {"winner": "p2", "reason": "deck_out"}


def test_an_alternate_artwork_is_its_card() -> None:
    g = game("real/Bug_Watthopper_dont_stop_atk_turn_6.yrpX")
    assert any(n.text == "passcode 56993277 is an alternate artwork of Wattcancel (56993276)"
               for n in g.notes if n.reading == "edopro.card-alias")
    assert {"passcode": 56993276} in [
        {k: v for k, v in c.items() if k == "passcode"} for c in g.document["cards"].values()]


def test_the_players_the_decks_and_the_first_player_are_the_files() -> None:
    g = game("selfplay/selfplay-0022.yrpX")
    assert g.players == {"p1": "Mitsurugi", "p2": "BrandedDespia"}
    doc = g.document
    assert doc["ruleset"] == "advanced" and doc["turn_player"] == "p1"
    assert doc["setup"]["p1"]["deck"] == 35 and len(doc["setup"]["p1"]["hand"]) == 5
    assert doc["source"]["from"] == "edopro" and doc["source"]["duel_flags"] == "0x2e800"


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


def test_a_monster_returning_from_banishment_is_not_summoned() -> None:
    # S:P Little Knight, banished until the End Phase, comes back with no Special Summon
    # message: returned, so Sangenpai Bident Dragion's lock on its player does not forbid it
    name = "selfplay/selfplay-0737.yrpX"
    back, summon = action(name, 218), action(name, 210)
    assert (back["type"], back["card"], back.get("returned")) == ("special_summon", "b16", True)
    assert (summon["type"], summon.get("returned")) == ("special_summon", None)
    assert validate(game(name).document).legal

"""How the importer reads the engine's summons and Sets (validator/importers/edopro/summons.py),
each reading held at a real action of a shared replay: summon methods and materials, an Xyz
Monster's materials under it, Pendulum Summons told from a procedure, Trap Monsters among a
Summon's materials."""

from __future__ import annotations

import pytest

from tests.validator.importers.edopro.replays import EDOPRO, action, game, shared
from validator import validate
from validator.importers.edopro.replay import import_replay

pytestmark = pytest.mark.skipif(not EDOPRO.is_dir(), reason="../shared/data/edopro is not "
                                                            "beside the repository")


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


def test_a_monster_from_the_face_down_extra_deck_is_no_pendulum_summon() -> None:
    """selfplay-0385 [T11 #2833]: Thunder Dragon Colossus Special Summoned from the face-down
    Extra Deck by its own procedure (Nemeses Corridor Tributed first) while its player has two
    Pendulum Scales: its own procedure, not a Pendulum Summon."""
    assert action("selfplay/selfplay-0385.yrpX", 180) == {
        "type": "special_summon", "player": "p1", "card": "a19", "position": "attack",
        "zone": "M5", "method": "procedure", "at": "[T11 #2833]"}


def test_a_pendulum_summon_is_one_action_from_the_face_up_extra_deck() -> None:
    assert action("selfplay/selfplay-0109.yrpX", 151) == {
        "type": "pendulum_summon", "player": "p2", "cards": ["b14"], "zones": ["EMZ-R"],
        "positions": ["attack"], "at": "[T8 #2266]"}


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

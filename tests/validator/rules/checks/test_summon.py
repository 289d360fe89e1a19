"""Edges of summon.* and position.* (validator/rules/checks/summon.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import Edge, act, check_edge, mon, opening, to_battle
from validator import legal_actions, validate
from validator.rules.checks.summon import required_tributes

FIVE = [mon(c) for c in ("vorse", "lady", "jar", "sangan", "ignis")]

CASES: list[Edge] = [
    ("a Tribute Set counts as the Normal Summon", [*opening(),
                                                    act("set_monster", card="skull",
                                                        tributes=["gemini"]),
                                                    act("normal_summon", card="vorse")],
     {"p1": {"hand": ["skull", "vorse"], "monsters": [mon("gemini")]}},
     (4, "summon.normal-once")),
    ("Special Summons do not use the Normal Summon", [*opening(),
                                                      act("normal_summon", card="gemini"),
                                                      act("special_summon", card="dm"),
                                                      act("special_summon", card="skull")],
     {"p1": {"hand": ["gemini"], "graveyard": ["dm", "skull"]}}, None),
    ("the Normal Summon is per turn, not per duel",
     [*opening(), act("normal_summon", card="gemini"), act("phase", to="end"),
      act("end_turn"), *opening("p2"), act("normal_summon", "p2", card="vorse")],
     {"p1": {"hand": ["gemini"]}, "p2": {"hand": ["vorse"]}}, None),
    ("a Level 7 monster needs two Tributes, not one", [*opening(),
                                                        act("normal_summon", card="dm",
                                                            tributes=["gemini"])],
     {"p1": {"hand": ["dm"], "monsters": [mon("gemini"), mon("vorse")]}},
     (3, "summon.tribute-count")),
    ("tribute count comes before tribute validity", [*opening(),
                                                     act("normal_summon", card="dm",
                                                         tributes=["pot"])],
     {"p1": {"hand": ["dm", "pot"]}}, (3, "summon.tribute-count")),
    ("a monster cannot Tribute itself", [*opening(),
                                         act("normal_summon", card="skull",
                                             tributes=["skull"])],
     {"p1": {"hand": ["skull"]}}, (3, "summon.invalid-tribute")),
    ("a Spell on the field is no Tribute", [*opening(),
                                            act("normal_summon", card="skull",
                                                tributes=["pot"])],
     {"p1": {"hand": ["skull"], "spell_traps": [{"card": "pot", "face_up": False}]}},
     (3, "summon.invalid-tribute")),
    ("a face-down monster can be Tributed", [*opening(),
                                             act("normal_summon", card="skull",
                                                 tributes=["jar"])],
     {"p1": {"hand": ["skull"], "monsters": [mon("jar", "facedown_defense")]}}, None),
    ("summon limits come before the zone limit", [*opening(),
                                                  act("normal_summon", card="gemini"),
                                                  act("normal_summon", card="dm")],
     {"p1": {"hand": ["gemini", "dm"], "monsters": FIVE[:4]}}, (4, "summon.normal-once")),
    ("a full zone refuses a Normal Summon", [*opening(), act("normal_summon", card="dm",
                                                             tributes=[])],
     {"p1": {"hand": ["dm"], "monsters": FIVE}}, (3, "summon.tribute-count")),
    ("a full zone refuses a Level 4 Normal Summon", [*opening(),
                                                    act("normal_summon", card="kuriboh")],
     {"p1": {"hand": ["kuriboh"], "monsters": FIVE}}, (3, "zone.monster-full")),
    ("four monsters leave room for a fifth", [*opening(), act("special_summon", card="dm")],
     {"p1": {"graveyard": ["dm"], "monsters": FIVE[:4]}}, None),
    ("the opponent's full zone does not matter", [*opening(),
                                                  act("special_summon", card="dm")],
     {"p1": {"graveyard": ["dm"]}, "p2": {"monsters": FIVE}}, None),
    ("a Quick Summon from the Graveyard is not from the hand",
     [*opening(), act("quick_summon", card="kuriboh")], {"p1": {"graveyard": ["kuriboh"]}},
     (3, "card.not-in-hand")),
    ("a Special Summon of a Spell", [*opening(), act("special_summon", card="pot")],
     {"p1": {"graveyard": ["pot"]}}, (3, "card.wrong-kind")),
    ("a Flip Summon of a Defense Position monster", [*opening(),
                                                      act("flip_summon", card="gemini")],
     {"p1": {"monsters": [mon("gemini", "defense")]}}, (3, "summon.flip-not-face-down")),
    ("a Flip Summon in the Battle Phase", [*to_battle(), act("flip_summon", card="jar")],
     {"p1": {"monsters": [mon("jar", "facedown_defense")]}, "turn": 2},
     (4, "phase.restricted-action")),
    ("a monster taken this turn may change position", [*opening(),
                                                        act("take_control", card="lady"),
                                                        act("change_position", card="lady",
                                                            to="defense")],
     {"p2": {"monsters": [mon("lady")]}}, None),
    ("a monster summoned last turn may change position",
     [*opening(), act("normal_summon", card="gemini"), act("phase", to="end"),
      act("end_turn"), *opening("p2"), act("phase", "p2", to="end"), act("end_turn", "p2"),
      *opening(), act("change_position", card="gemini", to="defense")],
     {"p1": {"hand": ["gemini"]}}, None),
    ("placed-this-turn comes before once-per-turn", [*opening(),
                                                     act("normal_summon", card="gemini"),
                                                     act("change_position", card="gemini",
                                                         to="defense")],
     {"p1": {"hand": ["gemini"]}}, (4, "position.placed-this-turn")),
    ("Defense Position to Attack Position", [*opening(),
                                             act("change_position", card="gemini", to="attack")],
     {"p1": {"monsters": [mon("gemini", "defense")]}}, None),
    ("a position change by effect may go to the same kind only if it differs",
     [*opening(), act("change_position", card="gemini", to="attack", by_effect=True)],
     {"p1": {"monsters": [mon("gemini")]}}, (3, "position.invalid")),
    ("a position change by effect in the Battle Phase", [*to_battle(),
                                                        act("change_position", "p2",
                                                            card="gemini", to="defense",
                                                            by_effect=True)],
     {"p1": {"monsters": [mon("gemini")]}, "turn": 2}, None),
    ("a manual position change of the opponent's monster", [*opening(),
                                                            act("change_position", card="lady",
                                                                to="defense")],
     {"p2": {"monsters": [mon("lady")]}}, (3, "card.not-on-field")),
]


@pytest.mark.parametrize(("level", "need"), [(1, 0), (4, 0), (5, 1), (6, 1), (7, 2), (12, 2)])
def test_required_tributes(level: int, need: int) -> None:
    assert required_tributes(level) == need


@pytest.mark.parametrize(("name", "actions", "setup", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_edges(name: str, actions: list[dict[str, Any]], setup: dict[str, Any],
               expected: tuple[int, str] | None) -> None:
    check_edge(actions, setup, expected)


def _double_tribute(target: dict[str, Any], kaiser: dict[str, Any] | None = None
                    ) -> dict[str, Any]:
    """Kaiser Sea Horse (by passcode unless given) as the one Tribute of ``target``'s Summon."""
    return {"cards": {"kaiser": kaiser or {"passcode": 17444133}, "t": target},
            "setup": {"p1": {"hand": ["t"], "monsters": [mon("kaiser")]}, "p2": {}},
            "actions": [*opening(), act("normal_summon", card="t", tributes=["kaiser"])]}


@pytest.mark.parametrize(("target", "kaiser", "legal"), [
    ({"passcode": 89631139}, None, True),       # Blue-Eyes White Dragon, LIGHT
    ({"passcode": 46986414}, None, False),      # Dark Magician, DARK
    ({"name": "Dark Magician"}, None, False),   # by name: the database's card
    # a document's double Tribute with no filter counts for any Tribute Summon
    ({"passcode": 46986414}, {"kind": "monster", "level": 4, "double_tribute": True}, True),
    # a filter of the document's own: checked against the database's card
    ({"passcode": 46986414}, {"kind": "monster", "level": 4, "double_tribute": True,
                              "double_tribute_for": {"race": "Spellcaster"}}, True),
    ({"passcode": 89631139}, {"kind": "monster", "level": 4, "double_tribute": True,
                              "double_tribute_for": {"cards": [46986414]}}, False),
    # a Summoned card the document describes (no passcode): the judge cannot check its
    # Attribute, and never flags what it cannot check
    ({"name": "Dark Magician", "kind": "monster", "level": 7}, None, True),
])
def test_a_double_tribute_counts_only_for_the_summons_its_text_names(
        target: dict[str, Any], kaiser: dict[str, Any] | None, legal: bool) -> None:
    verdict = validate(_double_tribute(target, kaiser))
    assert verdict.legal is legal, verdict.violation
    if not legal:
        assert verdict.violation is not None
        assert verdict.violation.rule == "summon.tribute-count"


def test_legal_actions_list_a_double_tribute_only_where_it_counts() -> None:
    def one_tribute(target: int) -> bool:
        doc = _double_tribute({"passcode": target})
        doc["actions"] = doc["actions"][:-1]
        return any(a["type"] == "normal_summon" and a.get("tributes") == ["kaiser"]
                   for a in legal_actions(doc))
    assert one_tribute(89631139) and not one_tribute(46986414)

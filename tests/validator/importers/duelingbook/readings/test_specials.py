"""Special Summons, Tokens, Xyz piles and attachments in a Duelingbook log
(validator/importers/duelingbook/readings/specials.py): room made for an Xyz Summon, a pile's
materials followed, a Link Summon's zone, a Special Summon clicked where the monster stands."""

from __future__ import annotations

from typing import Any

from tests.validator.importers.duelingbook.replays import (
    A1,
    HAND_A,
    HAND_B,
    actions,
    game,
    judged,
    opening,
    readings_of,
    rule_at,
)
from validator.importers.duelingbook.game import Game


def test_five_monsters_make_room_for_an_xyz_summon() -> None:
    hands = (["Mechanicalchaser", "Mechanicalchaser", "Blade Knight", "Vorse Raider",
              "Sangan"], HAND_B)
    lines = [*A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (3/6) to M-1',
             'A: SS ATK | Special Summoned "Vorse Raider" from hand (3/5) to M-2 (ATK)',
             'A: SS ATK | Special Summoned "Sangan" from hand (3/4) to M-3 (ATK)',
             'A: SS DEF | Special Summoned "Mechanicalchaser" from hand (1/3) to M-4 (DEF)',
             'A: SS DEF | Special Summoned "Mechanicalchaser" from hand (1/2) to M-5 (DEF)',
             'A: Overlay | Overlayed "Mechanicalchaser" in M-5 onto "Mechanicalchaser" in M-4',
             'A: OL ATK | Special Summoned "Gear Gigant X" from Extra Deck onto "Mechanicalchaser" '
             'in M-4 (ATK)',
             'A: Detach | Detached Xyz Material "Mechanicalchaser" from "Gear Gigant X" in M-4']
    _, verdict = judged(*lines, hands=hands)
    assert verdict["legal"], verdict["violation"]
    monsters = verdict["state"]["players"]["p1"]["monsters"]
    assert len(monsters) == 4 and monsters[-1]["card"] == "gear-gigant-x"
    assert len(monsters[-1]["materials"]) == 1
    assert len(verdict["state"]["players"]["p1"]["graveyard"]) == 1
    # Gear Gigant X came from the Extra Deck: the Main Deck lost only the turn's draw
    imported = game(*lines, hands=hands)
    assert imported.document["setup"]["p1"]["extra"] == ["gear-gigant-x"]
    assert verdict["state"]["players"]["p1"]["deck"] == imported.document["setup"]["p1"][
        "deck"] - 1


def test_a_link_summon_is_a_rule_classic_does_not_model() -> None:
    hands = (["Decode Talker", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: SS ATK | Special Summoned "Decode Talker" from Extra Deck to Left Extra '
             'Monster Zone (ATK)', hands=hands, fmt="uu")
    assert verdict["legal"], verdict["violation"]
    assert set(imported.document["source"]["unmodelled"]) == {"Link Summons",
                                                              "Extra Monster Zones"}


# -- Xyz piles -----------------------------------------------------------------------------------
_GEAR_HANDS = (["Mechanicalchaser", "Mechanicalchaser", "Blade Knight", "Vorse Raider",
                "Sangan"], HAND_B)


#: Turn 1 under Advanced (no draw) to Main Phase 1, two Mechanicalchaser overlaid and Gear
#: Gigant X Xyz Summoned on them in M-4 (the plays carry ``zone`` as Duelingbook's do).
_GEAR_XYZ = ["A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
             'A: SS DEF | Special Summoned "Mechanicalchaser" from hand (1/5) to M-4 (DEF)',
             'A: SS DEF | Special Summoned "Mechanicalchaser" from hand (1/4) to M-5 (DEF)',
             'A: Overlay | Overlayed "Mechanicalchaser" in M-5 onto "Mechanicalchaser" in M-4 '
             '{"zone": "M-4"}',
             'A: OL ATK | Special Summoned "Gear Gigant X" from Extra Deck onto "Mechanicalchaser" '
             'in M-4 (ATK) {"zone": "M-4"}']


def _ghosts(imported: Game) -> list[str]:
    """The plays where the import swept away a card the log never moved out of its zone."""
    return [a["log"]["text"] for a in imported.document["actions"]
            if "never moved" in a["log"].get("note", "")]


def _pile(verdict: dict[str, Any], card: str) -> tuple[str, int]:
    monster = next(m for m in verdict["state"]["players"]["p1"]["monsters"]
                   if m["card"] == card)
    return monster["zone"], len(monster.get("materials", ()))


def test_an_xyz_monsters_materials_go_to_the_graveyard_when_it_leaves() -> None:
    """Duelingbook sends them with it and logs nothing more (a real Advanced game: LeVirtue
    Dragon sent to the GY, then its material Special Summoned from the GY)."""
    imported, verdict = judged(
        *_GEAR_XYZ, 'A: To GY | Sent "Gear Gigant X" from M-4 to GY',
        'A: SS ATK | Special Summoned "Mechanicalchaser" from GY to M-4 (ATK)',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (3/3) to M-5',
        hands=_GEAR_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert _ghosts(imported) == []  # no material left standing in M-4 to be swept away
    assert [m["zone"] for m in verdict["state"]["players"]["p1"]["monsters"]] == ["M4", "M5"]
    assert len(verdict["state"]["players"]["p1"]["graveyard"]) == 2


def test_an_xyz_pile_moved_to_another_zone_keeps_its_materials() -> None:
    imported, verdict = judged(
        *_GEAR_XYZ, 'A: Move | Moved "Gear Gigant X" from M-4 to M-2',
        'A: Detach | Detached Xyz Material "Mechanicalchaser" from "Gear Gigant X" in M-2',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (3/3) to M-4',
        hands=_GEAR_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert _ghosts(imported) == []
    assert _pile(verdict, "gear-gigant-x") == ("M2", 1)


def test_an_xyz_monster_laid_on_a_monster_takes_it_as_material() -> None:
    """Cyber Dragon Infinity's effect as Duelingbook logs it: the Xyz Monster dragged onto
    the monster, then moved back to its own zone."""
    imported, verdict = judged(
        *_GEAR_XYZ, 'A: Normal Summon | Normal Summoned "Sangan" from hand (3/3) to M-1',
        'A: Overlay | Overlayed "Gear Gigant X" in M-4 onto "Sangan" in M-1 {"zone": "M-1"}',
        'A: Move | Moved "Gear Gigant X" from M-1 to M-4',
        'A: SS ATK | Special Summoned "Vorse Raider" from hand (2/2) to M-1 (ATK)',
        hands=_GEAR_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert _ghosts(imported) == []
    assert ("move", "sangan") in actions(imported)
    assert _pile(verdict, "gear-gigant-x") == ("M4", 3)


def test_an_xyz_summoned_onto_a_card_overlaid_on_an_xyz_monster_takes_the_whole_stack() -> None:
    """advanced-76292955 game 1 [13:21]: Ext Ryzeal Overlaid onto Number 41 (read as its
    material), then Eclipse Twins Summoned "onto Ext Ryzeal": Duelingbook laid it on top."""
    imported, verdict = judged(
        *_GEAR_XYZ,
        'A: Normal Summon | Normal Summoned "Sangan" from hand (3/3) to M-1 {"id": 501}',
        'A: Overlay | Overlayed "Sangan" in M-1 onto "Gear Gigant X" in M-4 '
        '{"zone": "M-4", "start_id": 501}',
        'A: OL ATK | Special Summoned "Number 39: Utopia" from Extra Deck onto "Sangan" in '
        'M-4 (ATK) {"zone": "M-4", "end_id": 501}',
        'A: SS ATK | Special Summoned "Vorse Raider" from hand (2/2) to M-1 (ATK)',
        hands=_GEAR_HANDS, fmt="au")
    assert imported.stopped is None, imported.stopped
    assert verdict["legal"], verdict["violation"]
    assert _ghosts(imported) == []
    assert _pile(verdict, "number-39-utopia") == ("M4", 4)


def test_a_pile_waiting_for_its_xyz_summon_leaves_its_lower_card_when_the_top_goes() -> None:
    imported, verdict = judged(
        *_GEAR_XYZ[:5], 'A: To hand | Returned "Mechanicalchaser" from M-4 to hand',
        'A: OL ATK | Special Summoned "Gear Gigant X" from Extra Deck onto "Mechanicalchaser" '
        'in M-4 (ATK) {"zone": "M-4"}', hands=_GEAR_HANDS, fmt="au")
    assert imported.stopped is None, imported.stopped
    assert verdict["legal"], verdict["violation"]
    assert _pile(verdict, "gear-gigant-x") == ("M4", 1)


def test_an_overlay_of_two_copies_finds_the_lower_one_by_the_zone_it_is_laid_onto() -> None:
    """A log without the play's ``zone``: the zone after "onto" names the lower card."""
    lines = [line.replace(' {"zone": "M-4"}', "") for line in _GEAR_XYZ]
    _, verdict = judged(*lines, hands=_GEAR_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert _pile(verdict, "gear-gigant-x") == ("M4", 2)


def test_an_xyz_monster_moved_to_a_spell_trap_zone_loses_its_materials() -> None:
    """Out of the Monster Zones it holds no materials: they go to the Graveyard, where the
    next play finds one of them (no third copy made up)."""
    imported, verdict = judged(
        *_GEAR_XYZ, 'A: Move | Moved "Gear Gigant X" from M-4 to S-2',
        'A: SS ATK | Special Summoned "Mechanicalchaser" from GY to M-1 (ATK)',
        hands=_GEAR_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "mechanicalchaser-3" not in imported.document["cards"]
    assert len(verdict["state"]["players"]["p1"]["graveyard"]) == 1


def test_an_xyz_monster_laid_on_an_opponents_monster_takes_it_and_stays_on_its_side() -> None:
    b_turn = ["A: End turn | Ended turn", *opening("B", "Sangan"),
              'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
              "B: End turn | Ended turn", *opening("A", "Sangan")]
    imported, verdict = judged(
        *_GEAR_XYZ, *b_turn,
        'A: Overlay | Overlayed "Gear Gigant X" in M-4 onto "Gemini Elf" in M2-1 '
        '{"zone": "M2-1"}', 'A: Move | Moved "Gear Gigant X" from M2-1 to M-4',
        hands=_GEAR_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert ("move", "gemini-elf") in actions(imported)
    assert _pile(verdict, "gear-gigant-x") == ("M4", 3)
    assert verdict["state"]["players"]["p2"]["monsters"] == []


def test_a_summon_onto_a_pile_waiting_for_its_xyz_summon_sweeps_the_whole_pile() -> None:
    """"SS ATK" (not "OL ATK") into the zone of two Overlaid monsters: both were sent to the
    Graveyard first as the log never shows; no card is lost and the zone is free."""
    imported, verdict = judged(
        *_GEAR_XYZ[:5], 'A: SS ATK | Special Summoned "Gear Gigant X" from Extra Deck to M-4 '
        '(ATK)', hands=_GEAR_HANDS, fmt="au")
    assert imported.stopped is None, imported.stopped
    assert verdict["legal"], verdict["violation"]
    assert len(_ghosts(imported)) == 2
    assert len(verdict["state"]["players"]["p1"]["graveyard"]) == 2


def test_a_card_overlaid_onto_itself_stops_the_import_there_with_the_reason() -> None:
    # An edited (or garbled) log: a card laid onto itself. The board once kept the card in
    # its zone while calling it a material, and the next card put in that zone sent it to
    # the Graveyard for ever (the import never ended).
    lines = [*A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (3/6) to M-1',
             'A: Overlay | Overlayed "Blade Knight" in M-1 onto "Blade Knight" in M-1',
             'A: SS ATK | Special Summoned "Vorse Raider" from hand (3/5) to M-1 (ATK)']
    imported, verdict = judged(*lines)
    assert imported.stopped is not None and "Blade Knight is laid onto itself" in \
        imported.stopped, imported.stopped
    assert verdict["legal"], verdict["violation"]
    assert [m["card"] for m in verdict["state"]["players"]["p1"]["monsters"]] == [
        "blade-knight"]


def test_a_special_summon_click_from_the_zone_it_stands_in_is_no_summon() -> None:
    """Duelingbook logs a click repeated on a monster just placed as a summon "from M-1 to
    M-1" (advanced-78115439 game 2 [16:50]): it moves nothing, so it is no second summon."""
    imported, verdict = judged(
        *A1, 'A: SS ATK | Special Summoned "Blade Knight" from hand (1/6) to M-1',
        'A: SS ATK | Special Summoned "Blade Knight" from M-1 to M-1 (ATK)')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported).count(("special_summon", "blade-knight")) == 1
    assert "slip.summoned-where-it-stands" in readings_of(imported)


def test_a_special_summon_of_a_monster_already_elsewhere_is_still_judged() -> None:
    """Only a line whose zones are the same and name where the monster stands is a repeated
    click: a summon of a monster on the field from another zone is judged as before."""
    imported, verdict = judged(
        *A1, 'A: SS ATK | Special Summoned "Blade Knight" from hand (1/6) to M-1',
        'A: SS ATK | Special Summoned "Blade Knight" from M-2 to M-2 (ATK)')
    assert "slip.summoned-where-it-stands" not in readings_of(imported)
    assert verdict["violation"]["rule"] == "summon.special-source"


# -- a Link Monster from the Extra Deck in a Main Monster Zone ----------------------------------
_LINK_OPEN = ["A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
              'A: Normal Summon | Normal Summoned "Sangan" from hand (5/6) to M-1']


_LINK_TO_M2 = 'A: SS ATK | Special Summoned "Linkuriboh" from Extra Deck to M-2 (ATK)'


_LINK_MATERIAL = 'A: To GY | Sent "Sangan" from M-1 to GY'


def test_a_link_summon_moved_to_the_extra_monster_zone_at_once_is_made_there() -> None:
    """advanced-77552227 game 1 [15:49]: Dharc the Dark Charmer, Gloomy landed in M-5 and
    was moved to the Right EMZ 3 s later, before its Link Materials were sent."""
    imported, verdict = judged(*_LINK_OPEN, _LINK_TO_M2,
                               'A: Move | Moved "Linkuriboh" from M-2 to Left EMZ',
                               _LINK_MATERIAL, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert readings_of(imported) == ["slip.summon-zone-fixed"]
    summon = next(a for a in imported.document["actions"] if a["type"] == "special_summon")
    assert summon["zone"] == "EMZ-L"


def test_a_link_summon_left_in_a_main_monster_zone_is_judged() -> None:
    _, verdict = judged(*_LINK_OPEN, _LINK_TO_M2, _LINK_MATERIAL, fmt="au")
    assert rule_at(verdict) == ("zone.extra-deck-summon", _LINK_TO_M2[len("A: SS ATK | "):])


def test_an_extra_deck_card_put_down_and_back_as_the_opponent_asked_is_shown() -> None:
    """advanced-77363716 game 2 [15:50]: 'can i read the link 2', R.B. VALCan Booster put
    in M-2 and returned to the Extra Deck."""
    imported, verdict = judged(
        *_LINK_OPEN, 'B: Duel message | can i read it {"message": "can i read it"}',
        _LINK_TO_M2, 'A: To ED | Returned "Linkuriboh" from M-2 to Extra Deck', fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert readings_of(imported) == ["shown.extra-deck-on-request"]
    assert ("special_summon", "linkuriboh") not in actions(imported)


def test_an_extra_deck_card_put_down_and_back_unasked_is_judged() -> None:
    _, verdict = judged(*_LINK_OPEN, _LINK_TO_M2,
                        'A: To ED | Returned "Linkuriboh" from M-2 to Extra Deck', fmt="au")
    assert rule_at(verdict) == ("zone.extra-deck-summon", _LINK_TO_M2[len("A: SS ATK | "):])


def test_a_card_attached_from_the_deck_goes_under_the_xyz_monster_the_line_names_last() -> None:
    """"Attached "X" from Deck to "Y" in M-4" (as "Attached "K9-17 Izuna" from GY to
    "Infinitrack River Stormer" in M-2", advanced-77076141 game 2): the zone is the Xyz
    Monster's; the attached card comes from the pile the line names (an EDOPro game converted:
    Zoodiac Tigermortar attaching a Zoodiac from the Deck)."""
    lines = [*_GEAR_XYZ[:-1], _GEAR_XYZ[-1].replace('{"zone": "M-4"}',
                                                     '{"zone": "M-4", "start_id": 700}'),
             'A: Attach | Attached "Sangan" from Deck to "Gear Gigant X" in M-4 '
             '{"start_id": 900, "end_id": 700}']
    imported, verdict = judged(*lines, hands=_GEAR_HANDS, fmt="au")
    assert imported.stopped is None, imported.stopped
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("move", "sangan-2")  # a second copy: the Deck's
    assert _pile(verdict, "gear-gigant-x") == ("M4", 3)
    assert verdict["state"]["players"]["p1"]["hand"].count("sangan") == 1  # still in hand

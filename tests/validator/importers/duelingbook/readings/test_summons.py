"""Summons and positions in a Duelingbook log (validator/importers/duelingbook/readings/summons.py):
Tributes logged late or taken from the opponent, position changes an effect explains, flips, Xyz
Summons."""

from __future__ import annotations

import json
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
    said,
)
from validator.importers.duelingbook.game import Game

B2 = ["A: End turn | Ended turn", *opening("B", "Sangan")]


def test_a_set_in_place_on_the_opponents_turn_is_tsukuyomis_effect() -> None:
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1', *B2,
        'B: Normal Summon | Normal Summoned "Tsukuyomi" from hand (2/6) to M-1',
        'A: Set monster | Set "Blade Knight" in M-1')
    assert verdict["legal"], verdict["violation"]
    assert ("change_position", "blade-knight", "by_effect") in actions(imported)
    assert said(imported, "position.by-effect") == ["by Tsukuyomi's effect"]


def test_the_card_just_used_explains_a_change_before_the_monsters_own_text() -> None:
    hands = (["Tsukuyomi", *HAND_A[1:]], HAND_B)  # Tsukuyomi's own text turns monsters down
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Tsukuyomi" from hand (1/6) to M-1',
        'A: Activate ST | Activated "Book of Moon" from hand (2/5) to S-1',
        'A: Set monster | Set "Tsukuyomi" in M-1', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert said(imported, "position.by-effect") == ["by Book of Moon's effect"]


def test_flipped_then_changed_to_attack_is_one_flip_summon() -> None:
    imported, verdict = judged(
        *A1, 'A: Set monster | Set card from hand (1/6) to M-1 || Set "Blade Knight" from '
             'hand (1/6) to M-1', "A: End turn | Ended turn", *opening("B", "Sangan"),
        "B: End turn | Ended turn", *opening("A", "Gemini Elf"),
        'A: Flip | Flipped Set "Blade Knight" in M-1',
        'A: To ATK | Changed "Blade Knight" in M-1 to ATK')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("flip_summon", "blade-knight")


def test_level_limit_area_b_explains_a_change_to_defense() -> None:
    hands = (HAND_A, ["Level Limit - Area B", *HAND_B[1:]])
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Activate ST | Activated "Level Limit - Area B" from hand (1/6) to S-1',
        "B: End turn | Ended turn", *opening("A", "Gemini Elf"),
        'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (1/6) to M-2',
        'A: To DEF | Changed "Vorse Raider" in M-2 to DEF', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert "Level Limit - Area B" in said(imported, "position.by-effect")[0]


def test_a_position_change_no_effect_explains_is_judged_as_made_by_hand() -> None:
    _, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        'A: To DEF | Changed "Blade Knight" in M-1 to DEF')
    assert rule_at(verdict) == ("position.placed-this-turn",
                                'Changed "Blade Knight" in M-1 to DEF')


def test_a_tribute_logged_after_its_summon() -> None:
    hands = (["Summoned Skull", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (2/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"), "B: End turn | Ended turn",
        *opening("A", "Gemini Elf"),
        'A: Normal Summon | Normal Summoned "Summoned Skull" from hand (1/6) to M-2',
        'A: To GY | Sent "Vorse Raider" from M-1 to GY', hands=hands)
    assert verdict["legal"], verdict["violation"]
    summon = next(a for a in imported.document["actions"] if a.get("card") == "summoned-skull")
    assert summon["tributes"] == ["vorse-raider"]


def test_an_xyz_summon_after_a_summon_ends_the_search_for_its_late_tributes() -> None:
    """A Level 7 Normal Summoned (Kashtira Fenrir under Kashtira Birth, EDOPro's
    selfplay-0351), then an Xyz Summon, then monsters sent for a later summon: the sends are
    not the first summon's Tributes (one of them is the Xyz Monster, Summoned after it), as
    a Special Summon between ends that search."""
    hands = (["Dark Magician", "Mechanicalchaser", "Geargiano Mk-II", "Blade Knight",
              "Sangan"], HAND_B)
    imported = game(
        *A1, 'A: SS ATK | Special Summoned "Mechanicalchaser" from hand (2/6) to M-1 (ATK)',
        'A: SS ATK | Special Summoned "Geargiano Mk-II" from hand (2/5) to M-2 (ATK)',
        'A: SS ATK | Special Summoned "Blade Knight" from hand (2/4) to M-4 (ATK)',
        'A: Normal Summon | Normal Summoned "Dark Magician" from hand (1/3) to M-3',
        'A: Overlay | Overlayed "Geargiano Mk-II" in M-2 onto "Mechanicalchaser" in M-1',
        'A: OL ATK | Special Summoned "Gear Gigant X" from Extra Deck onto "Geargiano Mk-II" '
        "in M-1 (ATK)",
        'A: To GY | Sent "Gear Gigant X" from M-1 to GY',
        'A: To GY | Sent "Blade Knight" from M-4 to GY', hands=hands)
    summon = next(a for a in imported.document["actions"] if a.get("card") == "dark-magician")
    assert "tributes" not in summon


def test_an_equip_sent_with_its_monster_is_not_a_tribute() -> None:
    hands = (["Summoned Skull", "Axe of Despair", *HAND_A[2:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Sangan" from hand (5/6) to M-1',
        'A: Activate ST | Activated "Axe of Despair" from hand (2/5) to S-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"), "B: End turn | Ended turn",
        *opening("A", "Gemini Elf"), 'A: To GY | Sent "Sangan" from M-1 to GY',
        'A: To GY | Sent "Axe of Despair" from S-1 to GY',
        'A: Normal Summon | Normal Summoned "Summoned Skull" from hand (1/5) to M-1',
        hands=hands)
    assert verdict["legal"], verdict["violation"]
    summon = next(a for a in imported.document["actions"] if a.get("card") == "summoned-skull")
    assert summon["tributes"] == ["sangan"]


def test_a_tribute_summon_without_a_tribute_in_the_log() -> None:
    hands = (["Summoned Skull", *HAND_A[1:]], HAND_B)
    _, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Summoned Skull" from hand (1/6) to M-1',
        hands=hands)
    assert rule_at(verdict) == ("summon.tribute-count", 'Normal Summoned "Summoned Skull" '
                                                        'from hand (1/6) to M-1')


def test_soul_exchange_tributes_the_opponents_monster() -> None:
    hands = (["Summoned Skull", "Soul Exchange", *HAND_A[2:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: End turn | Ended turn', *opening("B", "Sangan"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: End turn | Ended turn", *opening("A", "Vorse Raider"),
        'A: Activate ST | Activated "Soul Exchange" from hand (2/6) to S-1',
        'A: Normal Summon | Normal Summoned "Summoned Skull" from hand (1/5) to M-1',
        'B: To GY | Sent "Gemini Elf" from M-1 to GY', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert ("take_control", "gemini-elf") in actions(imported)
    assert verdict["state"]["players"]["p2"]["graveyard"] == ["gemini-elf"]


def test_the_opponents_monster_sent_after_a_summon_is_not_its_tribute() -> None:
    """A Tribute is the summoner's own monster: with no card that lets them Tribute an
    opponent's monster, the opponent's send after the summon is not read as one, and the
    summon lacks its Tribute."""
    hands = (["Summoned Skull", *HAND_A[1:]], HAND_B)
    _, verdict = judged(
        *A1, 'A: End turn | Ended turn', *opening("B", "Sangan"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: End turn | Ended turn", *opening("A", "Vorse Raider"),
        'A: Normal Summon | Normal Summoned "Summoned Skull" from hand (1/6) to M-1',
        'B: To GY | Sent "Gemini Elf" from M-1 to GY', hands=hands)
    assert rule_at(verdict)[0] == "summon.tribute-count"  # type: ignore[index]


def test_an_attack_that_never_reached_damage_leaves_the_set_monster_face_down() -> None:
    imported, verdict = judged(
        *A1, 'A: Set monster | Set card from hand (1/6) to M-1 || Set "Blade Knight" from '
             'hand (1/6) to M-1',
        'A: Set ST | Set card from hand (2/5) to S-1 || Set "Book of Moon" from hand (2/5) '
        'to S-1', *B2,
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: Enter BP | Entered Battle Phase",
        'B: Attack | Attacked Set card in M-1 with "Gemini Elf" in M-1',
        'A: Activate ST | Activated Set "Book of Moon" in S-1',
        'B: Set monster | Set "Gemini Elf" in M-1', "B: End turn | Ended turn",
        *opening("A", "Vorse Raider"), 'A: Flip Summon | Flip Summoned Set "Blade Knight" in M-1')
    assert verdict["legal"], verdict["violation"]
    assert "battle.never-reached-damage" in readings_of(imported)


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


def test_a_monster_placed_in_a_spell_trap_zone_then_moved_to_a_monster_zone() -> None:
    hands = (["Blaster", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: To GY | Sent "Blaster" from hand (1/6) to GY',
        'A: To ST | Placed "Blaster" from GY to S-3', 'A: Move | Moved "Blaster" from S-3 to M-3',
        hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("special_summon", "blaster")
    assert "summon.staged-in-spell-trap" in readings_of(imported)


def test_a_link_summon_is_a_rule_classic_does_not_model() -> None:
    hands = (["Decode Talker", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: SS ATK | Special Summoned "Decode Talker" from Extra Deck to Left Extra '
             'Monster Zone (ATK)', hands=hands, fmt="uu")
    assert verdict["legal"], verdict["violation"]
    assert set(imported.document["source"]["unmodelled"]) == {"Link Summons",
                                                              "Extra Monster Zones"}


def test_a_special_summon_whose_position_is_fixed_at_once_is_one_summon() -> None:
    imported, verdict = judged(
        *A1, 'A: SS ATK | Special Summoned "Vorse Raider" from hand (2/6) to M-1 (ATK)',
        "B: Good | Signaled OK", 'A: To DEF | Changed "Vorse Raider" in M-1 to DEF')
    assert verdict["legal"], verdict["violation"]
    summon = imported.document["actions"][-1]
    assert (summon["type"], summon["position"]) == ("special_summon", "defense")
    assert summon["log"]["readings"] == ["slip.summon-position-fixed"]


def test_an_attacked_set_monster_that_left_and_came_back_is_a_new_card() -> None:
    _, verdict = judged(
        *A1, 'A: Set monster | Set card from hand (1/6) to M-1 || Set "Blade Knight" from '
             'hand (1/6) to M-1', "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: Enter BP | Entered Battle Phase",
        'B: Attack | Attacked Set card in M-1 with "Gemini Elf" in M-1',
        'A: To GY | Sent Set "Blade Knight" from M-1 to GY', "B: End turn | Ended turn",
        *opening("A", "Vorse Raider"), 'A: To hand | Returned "Blade Knight" from GY to hand',
        'A: Set monster | Set card from hand (1/6) to M-2 || Set "Blade Knight" from hand '
        '(1/6) to M-2', "A: End turn | Ended turn", *opening("B", "Pot of Greed"),
        "B: End turn | Ended turn", *opening("A", "Sangan"),
        'A: Flip Summon | Flip Summoned Set "Blade Knight" in M-2')
    assert verdict["legal"], verdict["violation"]


def test_a_monster_its_player_takes_back_at_once_was_never_set() -> None:
    imported, verdict = judged(
        *A1, 'A: Set monster | Set card from hand (1/6) to M-2 || Set "Blade Knight" from '
             'hand (1/6) to M-2',
        'A: To hand | Returned Set card from M-2 to hand || Returned Set "Blade Knight" from '
        'M-2 to hand',
        'A: Set monster | Set card from hand (2/6) to M-2 || Set "Vorse Raider" from hand '
        '(2/6) to M-2')
    assert verdict["legal"], verdict["violation"]
    assert [a for a in actions(imported) if a[0] == "set_monster"] == [
        ("set_monster", "vorse-raider")]
    assert "slip.taken-back" in readings_of(imported)


def test_a_set_put_back_into_the_hand_before_it_did_anything_is_undone() -> None:
    """edison-58600101 game 2: a second Set returned to the hand within the turn, with no
    use in between, is a slip fixed (JUDGE-NOTES.md): neither the Set nor its return is a
    step, so the next Set is the turn's only one."""
    imported, verdict = judged(
        *A1, 'A: Set monster | Set card from hand (1/6) to M-2 || Set "Blade Knight" from '
             'hand (1/6) to M-2',
        'A: Set ST | Set card from hand (3/5) to S-1 || Set "Mirror Force" from hand (3/5) '
        'to S-1',
        'A: To hand | Returned Set card from M-2 to hand || Returned Set "Blade Knight" from '
        'M-2 to hand',
        'A: Set monster | Set card from hand (2/6) to M-2 || Set "Vorse Raider" from hand '
        '(2/6) to M-2')
    assert verdict["legal"], verdict["violation"]
    assert "slip.summon-taken-back" in readings_of(imported)


def test_a_summon_taken_back_with_a_card_misplaced_and_put_back_is_undone() -> None:
    """advanced-76368991 game 2 [4:09]: a second Normal Summon, a card placed by mistake,
    returned to the Deck and taken back out (the same card), then the monster returned to the
    hand: the card taken from the Deck is no search, so the slip is undone."""
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (2/6) to M-1',
        'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/5) to M-2',
        'A: To ST | Placed "Mirror Force" from hand (2/4) to S-4',
        'A: To B Deck | Returned "Mirror Force" from S-4 to bottom of deck',
        'A: To hand | Added "Mirror Force" from Deck to hand',
        'A: To hand | Returned "Blade Knight" from M-2 to hand')
    assert verdict["legal"], verdict["violation"]
    assert "slip.summon-taken-back" in readings_of(imported)


def test_a_summon_returned_after_a_card_was_searched_from_the_deck_stands() -> None:
    """The same, but the card taken from the Deck was never put in it: a search (the summoned
    monster's effect may be what resolved), so the second Normal Summon stays flagged."""
    _, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (2/6) to M-1',
        'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/5) to M-2',
        'A: To hand | Added "Dark Magician" from Deck to hand',
        'A: To hand | Returned "Blade Knight" from M-2 to hand')
    assert rule_at(verdict) == ("summon.normal-once", 'Normal Summoned "Blade Knight" from hand '
                                                      '(1/5) to M-2')


def test_a_monster_that_did_something_before_going_back_to_the_hand_was_summoned() -> None:
    hands = (["Tsukuyomi", *HAND_A[1:]], HAND_B)
    _, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Tsukuyomi" from hand (5/6) to M-2',
        'A: Declare | Declared effect of "Tsukuyomi" in M-2',
        'A: To hand | Returned "Tsukuyomi" from M-2 to hand',
        'A: Set monster | Set card from hand (2/6) to M-2 || Set "Vorse Raider" from hand '
        '(2/6) to M-2', hands=hands)
    assert verdict["violation"]["rule"] == "summon.normal-once"


def test_a_monster_with_an_effect_of_its_own_returned_to_the_hand_was_summoned() -> None:
    """edison-58666577 game 3 [29:41]: Swap Frog returns itself with its own effect; its
    Normal Summon stands (and the additional one it grants follows)."""
    hands = (["Swap Frog", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Swap Frog" from hand (1/6) to M-2',
        'A: Set ST | Set card from hand (3/5) to S-1 || Set "Mirror Force" from hand (3/5) '
        'to S-1', 'A: To hand | Returned "Swap Frog" from M-2 to hand', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert ("normal_summon", "swap-frog") in actions(imported)
    assert "slip.summon-taken-back" not in readings_of(imported)


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


def test_a_change_of_position_right_after_a_move_across_is_the_moving_effects() -> None:
    """edison-58647556 game 3 [19:32]: Goyo Guardian's revival, shown as the opponent's
    monster moved across, then changed to DEF in the Battle Phase."""
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (2/6) to M-2', *B2,
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: Enter BP | Entered Battle Phase",
        'A: Move | Moved "Vorse Raider" from M-2 to M2-2',
        'B: To DEF | Changed "Vorse Raider" in M-2 to DEF',
        'B: Attack directly | Attacked directly with "Gemini Elf" in M-1')
    assert verdict["legal"], verdict["violation"]
    changed = next(a for a in imported.document["actions"] if a["type"] == "change_position")
    assert changed["by_effect"] is True


def test_a_monster_its_owner_summons_and_moves_across_stays_theirs() -> None:
    """edison-58708954 game 2 [14:17]-[14:25], and EDOPro's Concours de Cuisine converted
    (docs/edopro.md): a monster Special Summoned to the opponent's field is placed by its
    owner on their own field and moved across; its new controller later sends it with the
    `owner` Duelingbook writes, and it goes to its owner's GY."""
    hands = (["Summoned Skull", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: SS ATK | Special Summoned "Summoned Skull" from hand (1/6) to M-4 (ATK)',
        'A: Move | Moved "Summoned Skull" from M-4 to M2-2', *B2,
        'B: To GY | Sent "Summoned Skull" from M-2 to GY {"owner": "Alice"}', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert [(a["type"], a["player"]) for a in imported.document["actions"]
            if a.get("card") == "summoned-skull"] == [
        ("special_summon", "p1"), ("take_control", "p2"), ("move", "p2")]
    players = verdict["state"]["players"]
    assert (players["p1"]["graveyard"], players["p2"]["graveyard"]) == (["summoned-skull"], [])


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


def test_a_tribute_the_log_banishes_ends_banished() -> None:
    """Krebons ("if this card leaves the field, banish it") Tributed for Caius: the engine
    sends a Tribute to the Graveyard, the log banishes it (edison-58591902 game 2)."""
    hands = (["Krebons", "Caius the Shadow Monarch", *HAND_A[2:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Enter SP | Entered Standby Phase', 'A: Enter M1 | Entered Main Phase 1',
        'A: SS ATK | Special Summoned "Krebons" from hand (1/6) to M-1 (ATK)',
        'A: Banish | Banished "Krebons" from M-1',
        'A: Normal Summon | Normal Summoned "Caius the Shadow Monarch" from hand (1/5) to M-1',
        hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-2:] == [("normal_summon", "caius-the-shadow-monarch"),
                                      ("move", "krebons")]
    players = verdict["state"]["players"]["p1"]
    assert (players["graveyard"], players["banished"]) == ([], ["krebons"])


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


def _changed_and_back(*objection: str) -> list[str]:
    return [*A1, "A: End turn | Ended turn", *opening("B", "Sangan"),
            'B: SS DEF | Special Summoned "Tsukuyomi" from hand (2/6) to M-1 (DEF)',
            'B: To ATK | Changed "Tsukuyomi" in M-1 to ATK',
            "B: Enter BP | Entered Battle Phase",
            'B: Attack directly | Attacked directly with "Tsukuyomi" in M-1', *objection,
            'B: To DEF | Changed "Tsukuyomi" in M-1 to DEF']


def test_a_position_change_undone_after_the_opponent_objected_is_no_step() -> None:
    imported, verdict = judged(*_changed_and_back('A: Duel message | "it has to stay in def"'))
    assert verdict["legal"], verdict["violation"]
    assert "slip.undone-on-objection" in readings_of(imported)
    assert "declare_attack" not in [a[0] for a in actions(imported)]


def test_a_position_changed_back_with_no_objection_is_a_change() -> None:
    _, verdict = judged(*_changed_and_back())
    assert rule_at(verdict) == ("position.placed-this-turn",
                                'Changed "Tsukuyomi" in M-1 to DEF')


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


def _tribute_then(*between: str) -> list[str]:
    return [*A1, "A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
            'A: SS ATK | Special Summoned "Vorse Raider" from hand (2/6) to M-1 (ATK)',
            'A: To GY | Sent "Vorse Raider" from M-1 to GY', *between,
            'A: Normal Summon | Normal Summoned "Summoned Skull" from hand (1/5) to M-1']


SKULL_HANDS = (["Summoned Skull", "Vorse Raider", "Sangan", "Book of Moon", "Mirror Force"],
               HAND_B)


def test_the_opponents_life_points_between_a_tribute_and_its_summon_keep_them_together(
        ) -> None:
    imported, verdict = judged(*_tribute_then('B: Life points | Gained 1000 LP {"amount": 1000}'),
                               hands=SKULL_HANDS)
    assert verdict["legal"], verdict["violation"]
    summon = next(a for a in imported.document["actions"] if a["type"] == "normal_summon")
    assert summon["tributes"] == ["vorse-raider"]


def test_the_summoners_own_life_points_between_them_part_them() -> None:
    _, verdict = judged(*_tribute_then('A: Life points | Gained 1000 LP {"amount": 1000}'),
                        hands=SKULL_HANDS)
    assert rule_at(verdict) == ("summon.tribute-count", 'Normal Summoned "Summoned Skull" from '
                                                        'hand (1/5) to M-1')


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


# -- a "Set" click that resolves a declared reveal effect (Enneacraft) ---------------------------
#: Enneacraft - Atori.MAR as the replay's card object carries it (a Level 9 Pendulum Monster).
_ATORI = json.dumps({"card": {
    "name": "Enneacraft - Atori.MAR", "card_type": "Monster", "type": "Machine", "level": 9,
    "atk": "3000", "def": "2500", "is_effect": 1, "pendulum": 1,
    "effect": "You can reveal this card in your hand; Special Summon 1 monster from your hand "
              "in face-down Defense Position."}})
_ATORI_HANDS = (["Enneacraft - Atori.MAR", "Summoned Skull", "Sangan", "Blade Knight",
                 "Vorse Raider"], HAND_B)
_ATORI_OPEN = ["A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1"]
_ATORI_DECLARE = f'A: Declare | Declared effect of "Enneacraft - Atori.MAR" in hand (1/5) {_ATORI}'
_ATORI_SET = ('A: Set monster | Set card from hand (1/5) to M-3 || Set "Enneacraft - Atori.MAR" '
              f'from hand (1/5) to M-3 {_ATORI}')
_ATORI_UP = 'A: To ED FU | Returned Set "Enneacraft - Atori.MAR" from M-3 to Extra Deck'
_SKULL = 'A: Normal Summon | Normal Summoned "Summoned Skull" from hand (1/4) to M-3'


def test_a_set_click_resolving_a_declared_reveal_effect_is_its_special_summon() -> None:
    """advanced-78081346 games 1-3: an Enneacraft's reveal ("Special Summon 1 monster from
    your hand in face-down Defense Position") declared, then a Level 9 placed with "Set"; the
    turn's Normal Summon Tributes it, and as a Pendulum Monster it goes face-up to the
    Extra Deck."""
    imported, verdict = judged(*_ATORI_OPEN, _ATORI_DECLARE, _ATORI_SET, _ATORI_UP, _SKULL,
                               hands=_ATORI_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert readings_of(imported) == ["summon.set-by-declared-effect", "summon.tribute-to-extra"]


def test_a_set_click_with_no_declared_effect_is_a_normal_set() -> None:
    _, verdict = judged(*_ATORI_OPEN, _ATORI_SET, hands=_ATORI_HANDS, fmt="au")
    assert rule_at(verdict) == ("summon.tribute-count", "Set card from hand (1/5) to M-3")


def test_a_normal_summon_with_no_pendulum_monster_sent_has_no_tribute() -> None:
    _, verdict = judged(*_ATORI_OPEN, _ATORI_DECLARE, _ATORI_SET, _SKULL,
                        hands=_ATORI_HANDS, fmt="au")
    assert rule_at(verdict) == ("summon.tribute-count", _SKULL[len("A: Normal Summon | "):])


def test_a_pendulum_monster_moved_to_its_pendulum_zone_is_placed_there() -> None:
    """advanced-78081346 game 1 [6:57]: oknirIA moved from M-5 to S-5 by Enneapolis's
    "place it in your Pendulum Zone"; the engine keeps it there, as the log does."""
    imported, verdict = judged(*_ATORI_OPEN, _ATORI_DECLARE, _ATORI_SET,
                               'A: Move | Moved "Enneacraft - Atori.MAR" from M-3 to S-5',
                               hands=_ATORI_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "pendulum.placed-from-field" in readings_of(imported)
    spell_traps = verdict["state"]["players"]["p1"]["spell_traps"]
    assert [s["card"] for s in spell_traps] == ["enneacraft-atori-mar"]


def test_another_monster_moved_to_a_spell_trap_zone_is_equipped() -> None:
    imported, _ = judged(*_ATORI_OPEN,
                         'A: Normal Summon | Normal Summoned "Sangan" from hand (3/5) to M-1',
                         'A: Move | Moved "Sangan" from M-1 to S-5', hands=_ATORI_HANDS, fmt="au")
    assert "pendulum.placed-from-field" not in readings_of(imported)
    assert "equip.by-effect" in readings_of(imported)


def test_another_number_from_the_face_up_extra_deck_is_another_copy() -> None:
    """A face-up copy in the Extra Deck keeps its number: a Pendulum Monster taken from the
    face-up Extra Deck with another number is another copy (an EDOPro game converted showed a
    Pendulum Fusion Monster merged with it, put under the face-up Extra Deck's zone rule)."""
    imported = game(
        *A1, 'A: SS ATK | Special Summoned "Odd-Eyes Pendulum Dragon" from Extra Deck to M-3 '
             '(ATK) {"id": 245}',
        'A: To ED FU | Sent "Odd-Eyes Pendulum Dragon" from M-3 to Extra Deck {"id": 245}',
        'A: SS ATK | Special Summoned "Odd-Eyes Pendulum Dragon" from Extra Deck to M-3 (ATK) '
        '{"id": 246}')
    summoned = [card for kind, card in actions(imported) if kind == "special_summon"]
    assert summoned == ["odd-eyes-pendulum-dragon", "odd-eyes-pendulum-dragon-2"]


def test_a_face_down_extra_deck_is_renumbered() -> None:
    """advanced-77511191 game 1: R.B. VALCan Booster returned to the Extra Deck as 48 is taken
    from it as 47 (Duelingbook renumbers a face-down Extra Deck): the same copy, not another,
    as edison-58612464's Gladiator Beast Gyzarus 245, returned and then 246, could also be
    read; the reading that flags least keeps the card that is there."""
    imported = game(
        *A1, 'A: SS ATK | Special Summoned "Gladiator Beast Gyzarus" from Extra Deck to M-3 '
             '(ATK) {"id": 245}',
        'A: To ED | Returned "Gladiator Beast Gyzarus" from M-3 to Extra Deck {"id": 245}',
        'A: SS ATK | Special Summoned "Gladiator Beast Gyzarus" from Extra Deck to M-3 (ATK) '
        '{"id": 246}')
    summoned = [card for kind, card in actions(imported) if kind == "special_summon"]
    assert summoned == ["gladiator-beast-gyzarus", "gladiator-beast-gyzarus"]


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


_LAB = ("A: Activate Field Spell | Activated Field Spell \"Brain Research Lab\" from hand "
        "(1/6)")
_PSYCHICS = (["Brain Research Lab", "Psi-Beast", "Hushed Psychic Cleric", "Blade Knight",
              "Sangan", "Book of Moon"], HAND_B)


def _lab_turn(*plays: str) -> tuple[Game, dict[str, Any]]:
    """Brain Research Lab activated in turn 1; in turn 3, ``plays``."""
    return judged(*A1, _LAB, "A: End turn | Ended turn", *opening("B", "Sangan"), _B_SETS,
                  "B: End turn | Ended turn", *opening("A", "Sangan"), *plays, hands=_PSYCHICS)


def test_a_second_normal_summon_a_face_up_field_card_lends_is_granted() -> None:
    """Brain Research Lab, face-up since an earlier turn: "you can Normal Summon 1 Psychic
    monster in addition" while it stands there (lends_normal_summon, read from its script):
    a second Psychic's Normal Summon is the additional one (GG Psy vs IA_Dogmatika, converted
    from EDOPro)."""
    imported, verdict = _lab_turn(
        'A: Normal Summon | Normal Summoned "Psi-Beast" from hand (1/6) to M-1',
        'A: Normal Summon | Normal Summoned "Hushed Psychic Cleric" from hand (1/5) to M-2')
    assert verdict["legal"], verdict["violation"]
    assert ("normal_summon", "hushed-psychic-cleric", "by_effect") in actions(imported)
    assert said(imported, "summon.granted") == [
        "an additional Normal Summon or Set that Brain Research Lab grants"]


def test_the_card_lends_one_a_turn_and_for_its_kind_only() -> None:
    # a third Normal Summon: Brain Research Lab's one is used
    _, verdict = _lab_turn(
        'A: Normal Summon | Normal Summoned "Psi-Beast" from hand (1/6) to M-1',
        'A: Normal Summon | Normal Summoned "Hushed Psychic Cleric" from hand (1/5) to M-2',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (3/4) to M-3')
    assert rule_at(verdict) == ("summon.normal-once",
                                'Normal Summoned "Sangan" from hand (3/4) to M-3')
    # neither Blade Knight nor Sangan is a Psychic: no additional Normal Summon for them
    _, verdict = _lab_turn(
        'A: Normal Summon | Normal Summoned "Blade Knight" from hand (3/6) to M-1',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (3/5) to M-2')
    assert rule_at(verdict) == ("summon.normal-once",
                                'Normal Summoned "Sangan" from hand (3/5) to M-2')
    # a Psychic after Blade Knight: the Lab's
    _, verdict = _lab_turn(
        'A: Normal Summon | Normal Summoned "Blade Knight" from hand (3/6) to M-1',
        'A: Normal Summon | Normal Summoned "Psi-Beast" from hand (1/5) to M-2')
    assert verdict["legal"], verdict["violation"]


def test_the_first_summon_may_be_the_lent_one_and_the_turns_own_kept() -> None:
    """The turn's first Normal Summon, of a Psychic while Brain Research Lab is face-up, may
    be the Lab's additional one (the player chooses): the turn's own is kept for any monster,
    even once the Lab has left the field (advanced-77476299 game 2: JJ "Kewl Tune" destroyed
    between Kewl Tune Cue's Summon and Kewl Tune Reco's)."""
    imported, verdict = _lab_turn(
        'A: Normal Summon | Normal Summoned "Psi-Beast" from hand (1/6) to M-1',
        'A: To GY | Sent "Brain Research Lab" from Field Spell Zone to GY',
        'A: Normal Summon | Normal Summoned "Blade Knight" from hand (2/5) to M-2')
    assert verdict["legal"], verdict["violation"]
    assert ("normal_summon", "blade-knight", "by_effect") in actions(imported)


_B_SETS = 'B: Set monster | Set card from hand (1/6) to M-1 || Set "Sangan" from hand (6/6) to M-1'


def test_a_gemini_summon_written_from_its_zone_to_itself_keeps_its_position() -> None:
    """ "Normal Summoned X from M-1 to M-1" of a Gemini monster in face-up Defense Position:
    its Gemini Summon where it stands, which changes no battle position (as the judge has
    it), so a later change to Attack Position is one (GG Gemeau vs IA_Orcust, converted)."""
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blazewing Butterfly" from hand (1/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"), _B_SETS,
        "B: End turn | Ended turn", *opening("A", "Sangan"),
        'A: To DEF | Changed "Blazewing Butterfly" in M-1 to DEF', "A: End turn | Ended turn",
        *opening("B", "Sangan"), _B_SETS, "B: End turn | Ended turn", *opening("A", "Sangan"),
        'A: Normal Summon | Normal Summoned "Blazewing Butterfly" from M-1 to M-1',
        'A: To ATK | Changed "Blazewing Butterfly" in M-1 to ATK',
        hands=(["Blazewing Butterfly", *HAND_A[1:]], HAND_B))
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-2:] == [("normal_summon", "blazewing-butterfly"),
                                      ("change_position", "blazewing-butterfly")]


def test_an_effect_declared_right_after_a_gemini_summon_is_used() -> None:
    """A Gemini Summon gives the monster its effects and triggers nothing of its own: the
    effect declared right after it is one of them used (Blazewing Butterfly Tributing itself,
    GG Gemeau vs IA_Orcust converted from EDOPro), where a declaration right after a Summon
    otherwise only announces that Summon's trigger."""
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blazewing Butterfly" from hand (1/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"), _B_SETS,
        "B: End turn | Ended turn", *opening("A", "Sangan"),
        'A: Normal Summon | Normal Summoned "Blazewing Butterfly" from M-1 to M-1',
        'A: Declare | Declared effect of "Blazewing Butterfly" in M-1',
        hands=(["Blazewing Butterfly", *HAND_A[1:]], HAND_B))
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-2:] == [("normal_summon", "blazewing-butterfly"),
                                      ("activate", "blazewing-butterfly")]


def test_a_card_that_lends_a_summon_activated_this_turn_lends_it_for_its_kind_only() -> None:
    # activating Brain Research Lab is no grant of any Normal Summon: it lends one, for a
    # Psychic monster, while it is face-up
    _, verdict = judged(
        *A1, _LAB, 'A: Normal Summon | Normal Summoned "Psi-Beast" from hand (1/5) to M-1',
        'A: Normal Summon | Normal Summoned "Hushed Psychic Cleric" from hand (1/4) to M-2',
        hands=_PSYCHICS)
    assert verdict["legal"], verdict["violation"]
    _, verdict = judged(
        *A1, _LAB, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (2/5) to M-1',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (2/4) to M-2',
        hands=_PSYCHICS)
    assert rule_at(verdict) == ("summon.normal-once",
                                'Normal Summoned "Sangan" from hand (2/4) to M-2')

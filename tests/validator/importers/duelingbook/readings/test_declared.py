"""Effects declared in a Duelingbook log (validator/importers/duelingbook/readings/declared.py):
an effect a monster gains from its Xyz Material, used where the card stands."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    HAND_A,
    HAND_B,
    actions,
    game,
    judged,
    opening,
)


def test_an_effect_an_xyz_monster_gains_from_its_material_is_used_in_the_battle_phase() -> None:
    """Zoodiac Broadbull with Zoodiac Whiptail as material gains Whiptail's trigger ("after
    damage calculation"): declared in the Battle Phase, it is that trigger, not Broadbull's
    own ignition effect with a Main Phase 2 the log skipped (an EDOPro game converted,
    selfplay-0647)."""
    lines = ["A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
             'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/5) to M-1',
             "A: End turn | Ended turn", *opening("B", "Sangan"),
             'B: Normal Summon | Normal Summoned "Zoodiac Whiptail" from hand (1/6) to M-1 '
             '{"id": 601}',
             'B: OL ATK | Special Summoned "Zoodiac Broadbull" from Extra Deck onto "Zoodiac '
             'Whiptail" in M-1 (ATK) {"zone": "M-1", "start_id": 700, "end_id": 601}',
             "B: Enter BP | Entered Battle Phase",
             'B: Attack | Attacked "Blade Knight" in M2-1 with "Zoodiac Broadbull" in M-1',
             'B: Declare | Declared effect of "Zoodiac Broadbull" in M-1 {"id": 700}']
    hands = (HAND_A, ["Zoodiac Whiptail", *HAND_B[1:]])
    imported, verdict = judged(*lines, hands=hands, fmt="au")
    assert imported.stopped is None, imported.stopped
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-2:] == [("declare_attack", "zoodiac-broadbull"),
                                      ("activate", "zoodiac-broadbull")]  # no phase between
    # its own ignition effect alone, with no material giving another, is Main Phase 2's
    alone = [*lines[:9], 'B: SS ATK | Special Summoned "Zoodiac Broadbull" from Extra Deck '
             'to M-2 (ATK) {"id": 700}',
             *(line.replace("in M-1", "in M-2") for line in lines[10:])]
    assert actions(game(*alone, hands=hands, fmt="au"))[-2] == ("phase", "main2", "implied")

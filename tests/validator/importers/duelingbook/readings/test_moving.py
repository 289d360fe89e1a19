"""Cards placed and moved between zones in a Duelingbook log
(validator/importers/duelingbook/readings/moving.py): an Equip placed by an effect, a Spell &
Trap Zone standing in for the Graveyard, a card placed from the Deck, a Pendulum Scale."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    A1,
    ATORI_DECLARE,
    ATORI_HANDS,
    ATORI_OPEN,
    ATORI_SET,
    HAND_A,
    HAND_B,
    SET_MF,
    actions,
    judged,
    readings_of,
    rule_at,
)


def test_a_pendulum_monster_placed_in_a_pendulum_zone_is_followed_not_judged() -> None:
    hands = (["Geargiano Mk-II", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Activate ST | Activated "Geargiano Mk-II" from hand (1/6) to Left Pendulum '
             'Zone', hands=hands, fmt="uu")
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("move", "geargiano-mk-ii")
    assert "Pendulum Zones" in imported.document["source"]["unmodelled"]


def test_a_monster_equipped_by_an_effect_never_goes_to_one_that_left_the_field() -> None:
    """edison-58707848 game 2 [23:59]: the monster whose effect was declared last was
    Tributed since; the equip goes to the monster its player placed last."""
    hands = (["Swap Frog", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Swap Frog" from hand (1/6) to M-2', SET_MF,
        'A: Declare | Declared effect of "Swap Frog" in M-2',
        'A: To GY | Sent "Swap Frog" from M-2 to GY',
        'A: SS ATK | Special Summoned "Sangan" from hand (5/5) to M-3 (ATK)',
        'A: SS ATK | Special Summoned "Vorse Raider" from hand (1/4) to M-1 (ATK)',
        'A: Move | Moved "Vorse Raider" from M-1 to S-1', hands=hands)
    assert verdict["legal"], verdict["violation"]
    equip = imported.document["actions"][-1]
    assert (equip["type"], equip["target"]) == ("move", "sangan")
    assert equip["log"]["readings"] == ["equip.by-effect"] and "placed last" in equip["log"]["note"]


_IZUNA_HANDS = (["K9-17 Izuna", *HAND_A[1:]], HAND_B)  # Advanced: no draw in turn 1


_LUPIS_IN_S3 = ("A: View deck | Viewed deck",
                'A: To ST | Placed "K9-ØØ Lupis" from Deck to S-3',
                "A: Stop viewing | Stopped viewing Deck", "A: Shuffle deck | Shuffled deck",
                'A: Declare | Declared effect of "K9-ØØ Lupis" in S-3',
                'A: Move | Moved "K9-ØØ Lupis" from S-3 to M-2')


def test_a_spell_trap_zone_standing_in_for_the_graveyard() -> None:
    """advanced-77076141 game 2 [11:30]: Izuna's effect sends a "K9" card from the Deck to the
    GY; its player places Lupis in S-3 instead and declares its GY effect there."""
    imported, verdict = judged(
        'A: Normal Summon | Normal Summoned "K9-17 Izuna" from hand (1/5) to M-1',
        'A: Declare | Declared effect of "K9-17 Izuna" in M-1', *_LUPIS_IN_S3,
        hands=_IZUNA_HANDS, fmt="ar")
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-3:] == [("move", "k9-lupis"), ("activate", "k9-lupis"),
                                      ("special_summon", "k9-lupis")]
    assert "shortcut.spell-trap-as-graveyard" in readings_of(imported)


def test_a_card_placed_from_the_deck_with_no_effect_sending_it_is_not_in_the_graveyard() -> None:
    """The same plays with Izuna's effect never declared: nothing sends Lupis to the GY, so its
    declaration in S-3 stays flagged."""
    _, verdict = judged(
        'A: Normal Summon | Normal Summoned "K9-17 Izuna" from hand (1/5) to M-1',
        *_LUPIS_IN_S3, hands=_IZUNA_HANDS, fmt="ar")
    assert rule_at(verdict) == ("card.not-in-hand", 'Declared effect of "K9-ØØ Lupis" in S-3')


def test_a_monster_placed_in_a_spell_trap_zone_then_moved_to_a_monster_zone() -> None:
    hands = (["Blaster", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: To GY | Sent "Blaster" from hand (1/6) to GY',
        'A: To ST | Placed "Blaster" from GY to S-3', 'A: Move | Moved "Blaster" from S-3 to M-3',
        hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("special_summon", "blaster")
    assert "summon.staged-in-spell-trap" in readings_of(imported)


def test_a_pendulum_monster_moved_to_its_pendulum_zone_is_placed_there() -> None:
    """advanced-78081346 game 1 [6:57]: oknirIA moved from M-5 to S-5 by Enneapolis's
    "place it in your Pendulum Zone"; the engine keeps it there, as the log does."""
    imported, verdict = judged(*ATORI_OPEN, ATORI_DECLARE, ATORI_SET,
                               'A: Move | Moved "Enneacraft - Atori.MAR" from M-3 to S-5',
                               hands=ATORI_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "pendulum.placed-from-field" in readings_of(imported)
    spell_traps = verdict["state"]["players"]["p1"]["spell_traps"]
    assert [s["card"] for s in spell_traps] == ["enneacraft-atori-mar"]


def test_another_monster_moved_to_a_spell_trap_zone_is_equipped() -> None:
    imported, _ = judged(*ATORI_OPEN,
                         'A: Normal Summon | Normal Summoned "Sangan" from hand (3/5) to M-1',
                         'A: Move | Moved "Sangan" from M-1 to S-5', hands=ATORI_HANDS, fmt="au")
    assert "pendulum.placed-from-field" not in readings_of(imported)
    assert "equip.by-effect" in readings_of(imported)

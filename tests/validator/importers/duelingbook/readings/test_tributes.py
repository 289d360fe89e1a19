"""The Tributes of a Tribute Summon in a Duelingbook log
(validator/importers/duelingbook/readings/tributes.py): Tributes logged after the Summon, the
opponent's monsters a card lets be Tributed, a banished Tribute, and what is no Tribute."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    A1,
    ATORI_DECLARE,
    ATORI_HANDS,
    ATORI_OPEN,
    ATORI_SET,
    HAND_A,
    HAND_B,
    SKULL,
    actions,
    game,
    judged,
    opening,
    rule_at,
)


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


def test_a_normal_summon_with_no_pendulum_monster_sent_has_no_tribute() -> None:
    _, verdict = judged(*ATORI_OPEN, ATORI_DECLARE, ATORI_SET, SKULL,
                        hands=ATORI_HANDS, fmt="au")
    assert rule_at(verdict) == ("summon.tribute-count", SKULL[len("A: Normal Summon | "):])

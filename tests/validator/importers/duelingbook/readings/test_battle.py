"""Attacks in a Duelingbook log (validator/importers/duelingbook/readings/battle.py): one attack
clicked twice, a replay after the opponent's monsters changed, and further attacks an effect
allows."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    A1,
    HAND_A,
    HAND_B,
    actions,
    judged,
    opening,
    readings_of,
    rule_at,
)

BATTLE = [*A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
          "A: End turn | Ended turn", *opening("B", "Sangan"),
          'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
          "B: Enter BP | Entered Battle Phase"]
ATTACK = 'B: Attack | Attacked "Blade Knight" in M-1 with "Gemini Elf" in M-1'
DIRECT = 'B: Attack directly | Attacked directly with "Gemini Elf" in M-1'


def test_one_attack_declared_twice_with_nothing_between_is_one_attack() -> None:
    imported, verdict = judged(*BATTLE, ATTACK, "A: Good | Signaled OK", ATTACK,
                               'A: To GY | Sent "Blade Knight" from M-1 to GY')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported).count(("declare_attack", "gemini-elf")) == 1
    assert "battle.reclick" in readings_of(imported)


def test_a_second_attack_after_the_first_battle_ended() -> None:
    _, verdict = judged(*BATTLE, ATTACK, 'A: To GY | Sent "Blade Knight" from M-1 to GY', DIRECT)
    assert rule_at(verdict) == ("battle.already-attacked", DIRECT[len("B: Attack directly | "):])


def test_a_replay_after_the_opponents_monsters_changed_before_damage() -> None:
    hands = (["Scapegoat", *HAND_A[1:]], HAND_B)
    lines = [*A1, 'A: Set ST | Set card from hand (1/6) to S-1 || Set "Scapegoat" from hand '
                  '(1/6) to S-1', "A: End turn | Ended turn", *opening("B", "Sangan"),
             'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
             "B: Enter BP | Entered Battle Phase", DIRECT,
             'A: Activate ST | Activated Set "Scapegoat" in S-1',
             "A: Summon Token | Summoned a token in M-1",
             "A: Summon Token | Summoned a token in M-2",
             'B: Attack | Attacked "Token" in M-2 with "Gemini Elf" in M-1',
             'A: Remove Token | Removed "Token" from M-2']
    imported, verdict = judged(*lines, hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert ("declare_attack", "gemini-elf", "replay") in actions(imported)


def test_a_further_attack_by_a_monster_whose_text_allows_it() -> None:
    hands = (HAND_A, ["Asura Priest", *HAND_B[1:]])
    lines = [*A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
             'A: SS DEF | Special Summoned "Vorse Raider" from hand (1/5) to M-2 (DEF)',
             "A: End turn | Ended turn", *opening("B", "Sangan"),
             'B: Normal Summon | Normal Summoned "Asura Priest" from hand (1/6) to M-1',
             "B: Enter BP | Entered Battle Phase",
             'B: Attack | Attacked "Blade Knight" in M-1 with "Asura Priest" in M-1',
             'A: To GY | Sent "Blade Knight" from M-1 to GY',
             'B: Attack | Attacked "Vorse Raider" in M-2 with "Asura Priest" in M-1']
    imported, verdict = judged(*lines, hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert ("declare_attack", "asura-priest", "by_effect") in actions(imported)


def test_a_direct_attack_past_monsters_that_the_attackers_text_allows_is_not_judged() -> None:
    hands = (HAND_A, ["Reaper on the Nightmare", *HAND_B[1:]])
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: SS ATK | Special Summoned "Reaper on the Nightmare" from hand (1/6) to M-1 (ATK)',
        "B: Enter BP | Entered Battle Phase",
        'B: Attack directly | Attacked directly with "Reaper on the Nightmare" in M-1',
        "A: Life points | Lost 800 LP", hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert "declare_attack" not in [a[0] for a in actions(imported)]
    assert "direct attacks a card's text allows past monsters" in \
        imported.document["source"]["unmodelled"]


_DIRECT_TWICE = [*A1, "A: End turn | Ended turn", *opening("B", "Sangan"),
                 'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
                 "B: Enter BP | Entered Battle Phase", DIRECT,
                 'A: Life points | Lost 1900 LP {"amount": -1900}', DIRECT]


def test_an_attack_clicked_again_that_comes_to_nothing_before_main_phase_2() -> None:
    """A real Advanced game: the attacks clicked again by a player who thought the game won,
    no damage followed, and Main Phase 2 came next."""
    imported, verdict = judged(*_DIRECT_TWICE, "B: Enter M2 | Entered Main Phase 2")
    assert verdict["legal"], verdict["violation"]
    assert "battle.again-to-no-battle" in readings_of(imported)


def test_an_attack_clicked_again_that_deals_damage_is_a_second_attack() -> None:
    _, verdict = judged(*_DIRECT_TWICE, 'A: Life points | Lost 1900 LP {"amount": -1900}',
                        "B: Enter M2 | Entered Main Phase 2")
    assert rule_at(verdict) == ("battle.already-attacked", DIRECT.split(" | ")[1])

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


OFFERED = [*A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
           'A: Set ST | Set card from hand (1/5) to S-1 || Set "Ultimate Offering" from hand '
           '(1/5) to S-1', "A: End turn | Ended turn", *opening("B", "Sangan"),
           'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
           "B: Enter BP | Entered Battle Phase", ATTACK,
           'A: Activate ST | Activated Set "Ultimate Offering" in S-1']
OFFERING_HANDS = (["Blade Knight", "Ultimate Offering", "Vorse Raider", "Sangan", "Book of Moon"],
                  HAND_B)
SUMMONED = 'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (1/4) to M-2'


def test_life_points_paid_as_a_cost_leave_the_attack_waiting_for_its_replay() -> None:
    imported, verdict = judged(*OFFERED, 'A: Life points | Lost 500 LP {"amount": -500}',
                               SUMMONED, ATTACK, hands=OFFERING_HANDS)
    assert verdict["legal"], verdict["violation"]
    assert ("declare_attack", "gemini-elf", "replay") in actions(imported)
    assert "battle.cost-not-result" in readings_of(imported)


def test_a_face_up_cards_cost_paid_again_before_the_summon_it_grants() -> None:
    imported, verdict = judged(*OFFERED, 'A: Life points | Lost 500 LP {"amount": -500}',
                               SUMMONED, ATTACK, 'A: Life points | Lost 500 LP {"amount": -500}',
                               'A: Normal Summon | Normal Summoned "Sangan" from hand (1/3) to '
                               'M-3', hands=OFFERING_HANDS)
    assert verdict["legal"], verdict["violation"]
    assert readings_of(imported).count("battle.cost-not-result") == 2


def test_life_points_no_cost_explains_end_the_battle() -> None:
    _, verdict = judged(*OFFERED, 'A: Life points | Lost 400 LP {"amount": -400}', SUMMONED,
                        ATTACK, hands=OFFERING_HANDS)
    assert rule_at(verdict) == ("battle.already-attacked", ATTACK[len("B: Attack | "):])


def test_an_attack_clicked_while_the_opponents_trap_destroys_the_attacker_is_no_attack() -> None:
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        'A: Set ST | Set card from hand (3/5) to S-1 || Set "Mirror Force" from hand (3/5) to '
        'S-1', "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: Enter BP | Entered Battle Phase", ATTACK,
        'A: Activate ST | Activated Set "Mirror Force" in S-1', DIRECT,
        'B: To GY | Sent "Gemini Elf" from M-1 to GY',
        'A: To GY | Sent "Mirror Force" from S-1 to GY')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported).count(("declare_attack", "gemini-elf")) == 1
    assert "battle.stray-click-in-resolution" in readings_of(imported)


def test_a_second_attack_with_no_card_resolving_stays_an_attack() -> None:
    _, verdict = judged(*BATTLE, ATTACK, DIRECT, 'B: To GY | Sent "Gemini Elf" from M-1 to GY')
    assert rule_at(verdict) == ("battle.already-attacked", DIRECT[len("B: Attack directly | "):])


POINTED = [*A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
           "A: End turn | Ended turn", *opening("B", "Sangan"),
           'B: Normal Summon | Normal Summoned "Tsukuyomi" from hand (2/6) to M-1']
TSUKUYOMI_DIRECT = 'B: Attack directly | Attacked directly with "Tsukuyomi" in M-1'
RETURNED = 'A: To T Deck | Returned "Blade Knight" from M-1 to top of deck {"id": 77}'


def test_a_monster_the_attackers_effect_pointed_at_and_its_owner_moves_late_is_gone() -> None:
    imported, verdict = judged(
        *POINTED, 'B: Target card | Pointed at "Blade Knight" in M-1 {"id": 77}',
        "B: Enter BP | Entered Battle Phase", TSUKUYOMI_DIRECT, RETURNED)
    assert verdict["legal"], verdict["violation"]
    assert "shortcut.carried-out-late" in readings_of(imported)


def test_a_monster_nobody_pointed_at_is_still_there_for_the_direct_attack() -> None:
    _, verdict = judged(*POINTED, "B: Enter BP | Entered Battle Phase", TSUKUYOMI_DIRECT,
                        RETURNED)
    assert rule_at(verdict) == ("battle.invalid-target",
                                TSUKUYOMI_DIRECT[len("B: Attack directly | "):])


#: Raigeki's text as a replay's card object carries it (Pile Bunker's "destroy all cards
#: your opponent controls" reads the same).
RAIGEKI = ('B: Activate ST | Activated "Raigeki" from hand (6/6) to S-1 {"card": {"name": '
           '"Raigeki", "card_type": "Spell", "type": "Normal", "effect": "Destroy all '
           'monsters your opponent controls."}}')
SWEPT = [*A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
         "A: End turn | Ended turn", *opening("B", "Raigeki"),
         'B: Normal Summon | Normal Summoned "Tsukuyomi" from hand (2/6) to M-1', RAIGEKI,
         "B: Enter BP | Entered Battle Phase", TSUKUYOMI_DIRECT]
SENT = 'A: To GY | Sent "Blade Knight" from M-1 to GY'


def test_monsters_the_attackers_sweep_destroyed_and_their_owner_sends_late_are_gone() -> None:
    """advanced-77261721 game 3 [36:16]: R.B. Ga10 Pile Bunker declared on an attack, its
    destruction carried out by the defender after the next direct attack clicks."""
    imported, verdict = judged(*SWEPT, SENT)
    assert verdict["legal"], verdict["violation"]
    assert "shortcut.swept-late" in readings_of(imported)


def test_monsters_sent_after_the_damage_were_there_for_the_direct_attack() -> None:
    _, verdict = judged(*SWEPT, "A: Life points | Lost 1100 LP", SENT)
    assert rule_at(verdict) == ("battle.invalid-target",
                                TSUKUYOMI_DIRECT[len("B: Attack directly | "):])


def _two_battles(lost: int) -> list[str]:
    """Gemini Elf (1900) destroys Blade Knight (1600); Tsukuyomi (1100) attacks directly; then
    ``lost`` Life Points, Tragoedia by its own effect, and Tsukuyomi's attack on it."""
    return [*A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
            "A: End turn | Ended turn", *opening("B", "Sangan"),
            'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
            'B: SS ATK | Special Summoned "Tsukuyomi" from hand (1/5) to M-2 (ATK)',
            "B: Enter BP | Entered Battle Phase", ATTACK,
            'A: To GY | Sent "Blade Knight" from M-1 to GY',
            'B: Attack directly | Attacked directly with "Tsukuyomi" in M-2',
            f'A: Life points | Lost {lost} LP {{"amount": -{lost}}}',
            'A: Normal Summon | Normal Summoned "Tragoedia" from hand (1/5) to M-1',
            'B: Attack | Attacked "Tragoedia" in M-1 with "Tsukuyomi" in M-2']


TRAGOEDIA_HANDS = (["Blade Knight", "Tragoedia", "Vorse Raider", "Sangan", "Book of Moon"],
                   HAND_B)


def test_the_battle_befores_damage_logged_after_the_next_declaration_leaves_it_pending(
        ) -> None:
    imported, verdict = judged(*_two_battles(300), hands=TRAGOEDIA_HANDS)
    assert verdict["legal"], verdict["violation"]
    assert ("declare_attack", "tsukuyomi", "replay") in actions(imported)
    assert "battle.earlier-damage" in readings_of(imported)


def test_damage_the_pending_battle_may_have_dealt_ends_it() -> None:
    _, verdict = judged(*_two_battles(1100), hands=TRAGOEDIA_HANDS)
    assert rule_at(verdict) == ("battle.already-attacked",
                                'Attacked "Tragoedia" in M-1 with "Tsukuyomi" in M-2')


def _tie_then_direct(mine: str, theirs: str) -> list[str]:
    """B's ``mine`` attacks A's ``theirs`` (the same ATK), A's monster goes, B's attacks again."""
    return [*A1, f'A: SS ATK | Special Summoned "{theirs}" from hand (1/6) to M-1 (ATK)',
            "A: End turn | Ended turn", *opening("B", "Sangan"),
            f'B: SS ATK | Special Summoned "{mine}" from hand (1/6) to M-1 (ATK)',
            "B: Enter BP | Entered Battle Phase",
            f'B: Attack | Attacked "{theirs}" in M-1 with "{mine}" in M-1',
            f'A: To GY | Sent "{theirs}" from M-1 to GY',
            f'B: Attack directly | Attacked directly with "{mine}" in M-1']


def test_a_monster_its_own_text_revives_after_a_tie_may_attack_again() -> None:
    imported, verdict = judged(*_tie_then_direct("Colossal Fighter", "Colossal Fighter"),
                               hands=(["Colossal Fighter", *HAND_A[1:]],
                                      ["Colossal Fighter", *HAND_B[1:]]))
    assert verdict["legal"], verdict["violation"]
    assert "battle.destroyed-and-revived" in readings_of(imported)


def test_a_monster_with_no_such_text_attacking_again_after_a_tie_is_flagged() -> None:
    _, verdict = judged(*_tie_then_direct("Summoned Skull", "Dark Magician"),
                        hands=(["Dark Magician", *HAND_A[1:]], ["Summoned Skull", *HAND_B[1:]]))
    assert rule_at(verdict) == ("battle.already-attacked",
                                'Attacked directly with "Summoned Skull" in M-1')


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

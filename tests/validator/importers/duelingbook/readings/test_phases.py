"""The readings a judge makes of a Duelingbook log (docs/duelingbook.md), each on a small replay
written play by play: implied phases, rewinds, effects that explain position changes, attacks
clicked twice, replays, Tributes logged late, Draw Phases skipped, the turn's end."""

from __future__ import annotations

from typing import Any

from tests.validator.importers.duelingbook.replays import (
    A1,
    HAND_A,
    HAND_B,
    actions,
    judged,
    opening,
    readings_of,
    rule_at,
    said,
)
from validator.importers.duelingbook.game import Game


# -- the phases -------------------------------------------------------------------------------
def test_a_summon_logged_in_the_draw_phase_implies_standby_and_main_phase_1() -> None:
    imported, verdict = judged(*A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from '
                                    'hand (1/6) to M-1')
    assert verdict["legal"]
    assert actions(imported)[1:4] == [("phase", "standby", "implied"),
                                      ("phase", "main1", "implied"),
                                      ("normal_summon", "blade-knight")]


def test_a_set_after_the_battle_phase_implies_main_phase_2() -> None:
    imported, verdict = judged(
        *A1, "A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        "B: Enter BP | Entered Battle Phase",
        "B: Set ST | Set card from hand (2/6) to S-2 || Set \"Trap Dustshoot\" from hand "
        "(2/6) to S-2")
    assert verdict["legal"], verdict["violation"]
    assert ("phase", "main2", "implied") in actions(imported)


def test_an_attack_after_main_phase_2_is_not_moved_back() -> None:
    _, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: Enter BP | Entered Battle Phase", "B: Enter M2 | Entered Main Phase 2",
        'B: Attack | Attacked "Blade Knight" in M-1 with "Gemini Elf" in M-1')
    assert rule_at(verdict) == ("phase.restricted-action",
                                'Attacked "Blade Knight" in M-1 with "Gemini Elf" in M-1')


def test_ending_the_turn_from_the_standby_phase_implies_the_phases_between() -> None:
    imported, verdict = judged(*A1, "A: Enter SP | Entered Standby Phase",
                               "A: End turn | Ended turn", "B: Start turn | Entered Draw Phase")
    assert verdict["legal"]
    assert [a for a in actions(imported) if a[0] != "draw"] == [
        ("phase", "standby"), ("phase", "main1", "implied"), ("phase", "end", "implied"),
        ("end_turn", "None")]


def test_a_rewind_undoes_a_premature_battle_phase() -> None:
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: Enter BP | Entered Battle Phase",
        'B: Attack | Attacked "Blade Knight" in M-1 with "Gemini Elf" in M-1',
        "B: Enter M1 | Entered Main Phase 1",
        'B: Set ST | Set card from hand (1/5) to S-1 || Set "Pot of Greed" from hand (1/5) '
        'to S-1', "B: Enter BP | Entered Battle Phase",
        'B: Attack | Attacked "Blade Knight" in M-1 with "Gemini Elf" in M-1')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported).count(("declare_attack", "gemini-elf")) == 1
    assert "rewind.phase" in readings_of(imported)


def _back_to_main_phase_1(*also: str) -> tuple[Game, dict[str, Any]]:
    """B goes to Main Phase 2, Normal Summons Tsukuyomi and uses it (``also`` after), takes
    it back to the hand, clicks Main Phase 1 and Normal Summons it again."""
    return judged(
        *A1, "A: End turn | Ended turn", *opening("B", "Sangan"),
        "B: Enter BP | Entered Battle Phase", "B: Enter M2 | Entered Main Phase 2",
        'B: Normal Summon | Normal Summoned "Tsukuyomi" from hand (2/6) to M-1',
        'B: Declare | Declared effect of "Tsukuyomi" in M-1', *also,
        'B: To hand | Returned "Tsukuyomi" from M-1 to hand',
        "B: Enter M1 | Entered Main Phase 1",
        'B: Normal Summon | Normal Summoned "Tsukuyomi" from hand (2/6) to M-1')


def test_a_rewind_with_the_cards_put_back_before_the_click() -> None:
    """advanced-77069660 game 2 [10:49]: the player puts the cards back where they stood in
    Main Phase 1, then clicks it: a rewind (what was done since is undone)."""
    imported, verdict = _back_to_main_phase_1()
    assert verdict["legal"], verdict["violation"]
    assert "rewind.phase" in readings_of(imported)


def test_a_click_back_with_a_card_not_put_back_is_no_rewind() -> None:
    _, verdict = _back_to_main_phase_1(
        'B: Set ST | Set card from hand (3/5) to S-1 || Set "Pot of Greed" from hand (3/5) '
        'to S-1')
    assert rule_at(verdict) == ("summon.normal-once",
                                'Normal Summoned "Tsukuyomi" from hand (2/6) to M-1')


def test_going_back_after_life_points_changed_is_not_a_rewind() -> None:
    """After Life Points changed a backward click cannot be a rewind; no player may go back a
    phase, so it is a click on the wrong button: noted, no step (the turn goes on)."""
    imported, verdict = judged(
        *A1, "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: Enter BP | Entered Battle Phase",
        'B: Attack directly | Attacked directly with "Gemini Elf" in M-1',
        'A: Life points | Lost 1900 LP {"amount": -1900, "life": 6100}',
        "B: Enter M1 | Entered Main Phase 1")
    assert verdict["legal"], verdict["violation"]  # a backward click, read as a slip
    assert "phase.backward-click" in readings_of(imported)


def test_a_phase_entered_again_is_a_slip() -> None:
    imported, verdict = judged(*A1, "A: Enter SP | Entered Standby Phase",
                               "A: Enter SP | Entered Standby Phase")
    assert verdict["legal"] and actions(imported).count(("phase", "standby")) == 1


def test_the_draw_phase_entered_again_after_a_premature_standby_phase() -> None:
    imported, verdict = judged(
        *A1, 'A: Set ST | Set card from hand (4/6) to S-1 || Set "Mirror Force" from hand '
             '(4/6) to S-1', "A: End turn | Ended turn", "B: Start turn | Entered Draw Phase",
        'B: Draw card | Drew a card || Drew "Sangan"',
        'A: Activate ST | Activated Set "Mirror Force" in S-1',
        "B: Enter SP | Entered Standby Phase", "B: Enter DP | Entered Draw Phase again",
        "B: Enter SP | Entered Standby Phase")
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-2:] == [("activate", "mirror-force"), ("phase", "standby")]
    assert said(imported, "rewind.phase")[0].split(": ", 2)[-1].startswith(
        "a rewind to the Draw Phase: 1 action(s)")


# -- the turn's end ---------------------------------------------------------------------------
def test_plays_between_ended_turn_and_the_next_draw_phase_are_in_the_end_phase() -> None:
    imported, verdict = judged(
        *A1, 'A: Set ST | Set card from hand (3/6) to S-1 || Set "Book of Moon" from hand '
             '(3/6) to S-1', "A: End turn | Ended turn",
        'B: Activate ST | Activated "Pot of Greed" from hand (3/5) to S-1',
        'B: Draw card | Drew a card || Drew "Sangan"', "B: Start turn | Entered Draw Phase",
        'B: Draw card | Drew a card || Drew "Vorse Raider"')
    assert rule_at(verdict) == ("turn.not-turn-player",
                                'Activated "Pot of Greed" from hand (3/5) to S-1')
    draws = [a for a in imported.document["actions"] if a["type"] == "draw"]
    assert [bool(a.get("by_effect")) for a in draws] == [False, True, False]


def test_the_next_players_draw_with_no_effect_between_starts_their_turn() -> None:
    imported, verdict = judged(*A1, "A: End turn | Ended turn",
                               'B: Draw card | Drew a card || Drew "Sangan"',
                               "B: Enter SP | Entered Standby Phase")
    assert verdict["legal"], verdict["violation"]
    assert "turn.implied-start" in readings_of(imported)


def test_a_turn_started_without_ended_turn_ends_the_last_one() -> None:
    imported, verdict = judged(*A1, *opening("B", "Sangan"))
    assert verdict["legal"] and "turn.implied-end" in readings_of(imported)


def test_the_seventh_card_sent_before_ending_the_turn_is_the_hand_limit_discard() -> None:
    imported, verdict = judged(
        *A1, 'A: To hand | Added "Sangan" from Deck to hand {"id": 90}',
        'A: To GY | Sent "Sangan" from hand (7/7) to GY', "A: End turn | Ended turn")
    assert verdict["legal"], verdict["violation"]
    discard = next(a for a in imported.document["actions"] if a["type"] == "discard")
    assert "by_effect" not in discard
    assert ("phase", "end", "implied") in actions(imported)


def test_ending_the_turn_with_seven_cards() -> None:
    _, verdict = judged(*A1, 'A: To hand | Added "Sangan" from Deck to hand',
                        "A: End turn | Ended turn", "B: Start turn | Entered Draw Phase")
    assert rule_at(verdict) == ("hand.limit", "Ended turn")


def test_a_draw_phase_skipped_by_reckless_greed() -> None:
    hands = (["Reckless Greed", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Set ST | Set card from hand (4/6) to S-1 || Set "Reckless Greed" from hand '
             '(4/6) to S-1', "A: End turn | Ended turn", *opening("B", "Sangan"),
        'A: Activate ST | Activated Set "Reckless Greed" in S-1',
        'A: Draw card | Drew a card || Drew "Gemini Elf"',
        'A: Draw card | Drew a card || Drew "Vorse Raider"', "B: End turn | Ended turn",
        "A: Start turn | Entered Draw Phase", "A: Enter SP | Entered Standby Phase",
        hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert said(imported, "draw.skipped-by-card") == [
        "no draw: Reckless Greed skips this Draw Phase"]


def test_leaving_the_draw_phase_without_a_draw_and_no_skip() -> None:
    _, verdict = judged(*A1, "A: End turn | Ended turn", "B: Start turn | Entered Draw Phase",
                        "B: Enter SP | Entered Standby Phase")
    assert rule_at(verdict) == ("draw.required", "Entered Standby Phase")


def test_the_game_ends_at_zero_life_points() -> None:
    imported, verdict = judged(
        *A1, "A: End turn | Ended turn", *opening("B", "Sangan"),
        'A: Life points | Lost 8000 LP {"amount": -8000, "life": 0}',
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "A: Admit defeat | Admitted defeat")
    assert verdict["legal"] and verdict["outcome"] == {"winner": "p2",
                                                       "reason": "life_points"}
    assert said(imported, "import.after-the-end") == [
        "2 play(s) after the end of the game not imported"]


def test_quitting_ends_the_game() -> None:
    _, verdict = judged(*A1, "B: Left duel | Left duel", "B: Quit duel | Lost Duel")
    assert verdict["outcome"] == {"winner": "p1", "reason": "surrender"}


def test_leaving_and_rejoining_changes_nothing() -> None:
    _, verdict = judged(*A1, "B: Left duel | Lost connection", "B: Rejoin duel | Rejoined duel",
                        "A: Enter SP | Entered Standby Phase")
    assert verdict["legal"] and verdict["outcome"] is None


def test_leaving_for_good_concedes() -> None:
    _, verdict = judged(*A1, "A: Enter SP | Entered Standby Phase", "B: Left duel | Left duel")
    assert verdict["outcome"] == {"winner": "p1", "reason": "surrender"}


# -- rules classic does not model ---------------------------------------------------------------
def test_no_draw_in_the_first_turn_of_a_later_format_is_said_not_failed() -> None:
    imported, verdict = judged("A: Enter SP | Entered Standby Phase",
                               "A: Enter M1 | Entered Main Phase 1", fmt="uu")
    assert verdict["legal"], verdict["violation"]
    signs = imported.document["source"]["unmodelled"]
    assert list(signs) == ["no draw in the first player's first turn"]
    assert signs["no draw in the first player's first turn"].startswith("[0:02] Alice:")


_VISION_HAND = ["Super Rejuvenation", "Sangan", "Blade Knight", "Vorse Raider", "Gemini Elf"]


def test_a_draw_in_a_first_turn_without_draw_after_a_drawing_quick_play_is_its_effect() -> None:
    """advanced-77359189 game 1 [1:03]: Radiant Typhoon Vision activated in the Draw Phase
    of turn 1 (which has no normal draw), then its two draws."""
    imported, verdict = judged(
        'A: Activate ST | Activated "Super Rejuvenation" from hand (1/5) to S-1',
        'A: Draw card | Drew a card || Drew "Tsukuyomi"', "A: Enter SP | Entered Standby Phase",
        "A: Enter M1 | Entered Main Phase 1", hands=(_VISION_HAND, HAND_B), fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert readings_of(imported) == ["draw.first-turn-effect"]


def test_a_draw_in_a_first_turn_without_draw_and_no_drawing_card_is_judged() -> None:
    _, verdict = judged(
        'A: Draw card | Drew a card || Drew "Tsukuyomi"', "A: Enter SP | Entered Standby Phase",
        "A: Enter M1 | Entered Main Phase 1", hands=(_VISION_HAND, HAND_B), fmt="au")
    assert rule_at(verdict) == ("draw.first-turn", "Drew a card")


def test_no_draw_in_the_first_turn_of_goat_is_judged() -> None:
    _, verdict = judged("A: Enter SP | Entered Standby Phase", fmt="gu")
    assert rule_at(verdict) == ("draw.required", "Entered Standby Phase")


def test_a_monster_set_in_place_by_an_effect_after_ended_turn_does_not_pass_the_turn() -> None:
    """edison-58708954 game 2 [20:17]: Book of Eclipse in the End Phase; the opponent's
    monsters turned face-down where they stand are no play of a new turn, so the hand-limit
    discard that follows is still the turn player's, in their End Phase."""
    imported, verdict = judged(
        *A1, "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: End turn | Ended turn", *opening("A", "Tsukuyomi"),
        "A: End turn | Ended turn", 'B: Set monster | Set "Gemini Elf" in M-1',
        'A: To GY | Sent "Vorse Raider" from hand (2/7) to GY')
    assert verdict["legal"], verdict["violation"]
    discard = next(a for a in imported.document["actions"] if a["type"] == "discard")
    assert "by_effect" not in discard  # the hand-limit discard, in the End Phase


def test_an_implied_main_phase_2_leaves_the_battles_results_in_the_battle_phase() -> None:
    """edison-58636603 game 1 [2:16]: a Spell Set after a battle implies Main Phase 2 after
    the monster the battle destroyed, not before it (those are no Tributes)."""
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Sangan" from hand (5/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Vorse Raider"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: Enter BP | Entered Battle Phase",
        'B: Attack | Attacked "Sangan" in M-1 with "Gemini Elf" in M-1',
        'A: To GY | Sent "Sangan" from M-1 to GY',
        'B: Set ST | Set card from hand (3/5) to S-1 || Set "Pot of Greed" from hand (3/5) '
        'to S-1')
    assert verdict["legal"], verdict["violation"]
    kinds = [(a["type"], a.get("to")) for a in imported.document["actions"]]
    assert kinds.index(("move", "graveyard")) < kinds.index(("phase", "main2"))


EARLY_END = [*A1, "A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
             'B: SS DEF | Special Summoned "Tsukuyomi" from hand (2/5) to M-1 (DEF)']
RESOLVED = 'B: Declare | Declared effect of "Tsukuyomi" in M-1'
POT = 'A: Activate ST | Activated "Pot of Greed" from hand (6/6) to S-1'


def test_ended_turn_clicked_as_the_opponents_trigger_monster_arrives_does_not_end_it() -> None:
    imported, verdict = judged(*EARLY_END, 'A: End turn | Ended turn {"seconds": 5}', RESOLVED,
                               POT)
    assert verdict["legal"], verdict["violation"]
    assert "phase.ended-before-trigger" in readings_of(imported)


def test_ended_turn_clicked_later_ends_the_turn() -> None:
    _, verdict = judged(*EARLY_END, 'A: End turn | Ended turn {"seconds": 7}', RESOLVED, POT)
    assert rule_at(verdict) == ("phase.restricted-action", POT[len("A: Activate ST | "):])


def _drawn_before_the_draw_phase(*used: str) -> list[str]:
    return [*A1, 'A: Set ST | Set card from hand (1/6) to S-1 || Set "Super Rejuvenation" '
                 'from hand (1/6) to S-1', "A: End turn | Ended turn", *opening("B", "Sangan"),
            *used, "B: End turn | Ended turn", 'A: Draw card | Drew a card || Drew "Sangan"',
            "A: Start turn | Entered Draw Phase",
            'A: Draw card | Drew a card || Drew "Vorse Raider"']


def test_a_draw_after_ended_turn_that_a_card_draws_in_the_end_phase_is_that_turns() -> None:
    imported, verdict = judged(*_drawn_before_the_draw_phase(
        'A: Activate ST | Activated Set "Super Rejuvenation" in S-1',
        'A: To GY | Sent "Super Rejuvenation" from S-1 to GY'),
        hands=(["Super Rejuvenation", *HAND_A[1:]], HAND_B))
    assert verdict["legal"], verdict["violation"]
    assert "turn.end-phase-draw" in readings_of(imported)


def test_a_draw_after_ended_turn_with_no_such_card_starts_the_next_turn() -> None:
    _, verdict = judged(*_drawn_before_the_draw_phase(),
                        hands=(["Super Rejuvenation", *HAND_A[1:]], HAND_B))
    assert rule_at(verdict) == ("draw.once", 'Drew a card')


_B_SETS = [*A1, "A: End turn | Ended turn", *opening("B", "Sangan"),
           'B: Set ST | Set card from hand (4/6) to S-1 || Set "Trap Dustshoot" from hand (4/6) '
           'to S-1', "B: End turn | Ended turn", *opening("A", "Sangan"),
           "A: Enter EP | Entered End Phase"]
_BACK = ["A: Enter M1 | Entered Main Phase 1",
         'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/7) to M-1']


def test_an_answer_at_the_end_of_the_main_phase_and_the_click_back() -> None:
    """The turn player clicks End Phase, the opponent answers at the end of Main Phase 1 and
    the turn player clicks back: the game never left Main Phase 1 (a real Advanced game:
    'in end of main', Dominus Spiral)."""
    imported, verdict = judged(*_B_SETS, 'B: Activate ST | Activated Set "Trap Dustshoot" in S-1',
                               *_BACK)
    assert verdict["legal"], verdict["violation"]
    assert "phase.answered-end-of-main" in readings_of(imported)
    assert ("phase", "end") not in actions(imported)[-4:]


def test_a_click_back_after_the_turn_player_went_on_in_the_end_phase_is_no_correction() -> None:
    """The turn player played on in the End Phase after the answer: it was left."""
    _, verdict = judged(*_B_SETS, 'B: Activate ST | Activated Set "Trap Dustshoot" in S-1',
                        'A: To GY | Sent "Sangan" from hand (7/7) to GY', _BACK[0],
                        'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1')
    assert rule_at(verdict) == ("phase.restricted-action",
                                'Normal Summoned "Blade Knight" from hand (1/6) to M-1')


def test_a_draw_after_ended_turn_a_card_of_that_turn_explains_is_that_turns() -> None:
    """advanced-77525222 game 1 [5:46]: Chopin's draw for Mulcharmy Fuwalos, taken after
    dingoe12's "Ended turn" and just before his own "Entered Draw Phase": no second draw of
    his turn."""
    _, verdict = judged(*[*A1, "A: End turn | Ended turn", *opening("B", "Sangan"),
                          'B: Activate ST | Activated "Pot of Greed" from hand (3/6) to S-1',
                          'B: To GY | Sent "Pot of Greed" from S-1 to GY',
                          "B: End turn | Ended turn", 'A: Draw card | Drew a card || Drew "Sangan"',
                          "A: Start turn | Entered Draw Phase",
                          'A: Draw card | Drew a card || Drew "Vorse Raider"'])
    assert verdict["legal"], verdict["violation"]


def _first_turn_passed(*chat: str) -> list[str]:
    return [*chat, "A: End turn | Ended turn", "B: Start turn | Entered Draw Phase",
            "B: Enter M1 | Entered Main Phase 1"]


_MISCLICKED = 'B: Duel message | "i missclicked" {"message": "i missclicked"}'


def test_a_choice_of_who_goes_first_done_over_in_chat_has_no_draw() -> None:
    """advanced-77277143 game 3 [9:22]-[9:56]: Chopin chose to go second by mistake; Luna
    offered to pass ('and i pass') and ended her first turn at once; Chopin took his turn as
    the first player's, with no draw."""
    imported, verdict = judged(*_first_turn_passed(
        _MISCLICKED, 'A: Duel message | "and i pass" {"message": "and i pass"}'), fmt="ar")
    assert verdict["legal"], verdict["violation"]
    assert "turn.first-choice-redone" in readings_of(imported)


def test_a_second_turn_with_no_draw_and_no_agreement_stays_flagged() -> None:
    _, verdict = judged(*_first_turn_passed(_MISCLICKED), fmt="ar")
    assert rule_at(verdict) == ("draw.required", "Entered Main Phase 1")

"""Readings of real logs that the Advanced corpus review asked for (docs/duelingbook.md,
"Readings"): cards shown rather than played, looks at the next card when a game is given up,
the opponent's effects that make a player draw or Summon, continuous position effects, and
a monster card Special Summoned from a Spell & Trap Zone."""

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

MAIN_A = [*A1, "A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1"]


# -- cards shown --------------------------------------------------------------------------------
def test_set_cards_shown_one_after_another_and_set_again_are_no_activations() -> None:
    """"show sets": the player flips their Set cards up, then Sets them back."""
    imported, verdict = judged(
        *MAIN_A, 'A: Set ST | Set "Mirror Force" from hand (4/6) to S-1',
        'A: Set ST | Set "Book of Moon" from hand (3/5) to S-2',
        'A: Activate ST | Activated Set "Mirror Force" in S-1',
        'A: Activate ST | Activated Set "Book of Moon" in S-2',
        'A: Set ST | Set "Book of Moon" in S-2', 'A: Set ST | Set "Mirror Force" in S-1')
    assert verdict["legal"], verdict["violation"]
    assert [a[0] for a in actions(imported)].count("activate") == 0
    assert readings_of(imported).count("shown.set-cards") == 2


def test_a_set_card_activated_then_used_by_another_play_is_not_a_show() -> None:
    _, verdict = judged(
        *MAIN_A, 'A: Set ST | Set "Mirror Force" from hand (4/6) to S-1',
        'A: Activate ST | Activated Set "Mirror Force" in S-1',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (4/5) to M-1',
        'A: Set ST | Set "Mirror Force" in S-1')
    assert rule_at(verdict) == ("card.set-this-turn", 'Activated Set "Mirror Force" in S-1')


def test_a_card_activated_from_the_hand_and_taken_back_later_is_shown() -> None:
    """The opponent asks to read it; nothing of the player's comes between but more cards
    laid out."""
    imported, verdict = judged(
        *MAIN_A, 'B: Activate ST | Activated "Pot of Greed" from hand (3/5) to S-1',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (5/6) to M-1',
        'B: To hand | Returned "Pot of Greed" from S-1 to hand')
    assert verdict["legal"], verdict["violation"]
    assert "shown.from-hand" in readings_of(imported)
    assert [a[0] for a in actions(imported)][-1] == "normal_summon"


def test_a_card_activated_from_the_hand_then_played_on_is_an_activation() -> None:
    _, verdict = judged(
        *MAIN_A, 'B: Activate ST | Activated "Pot of Greed" from hand (3/5) to S-1',
        'B: Declare | Declared effect of "Pot of Greed" in S-1',
        'B: To hand | Returned "Pot of Greed" from S-1 to hand')
    assert verdict["violation"]["rule"] == "turn.not-turn-player"


def test_a_card_returned_from_the_field_and_put_straight_back_stays() -> None:
    hands = (["Swords of Revealing Light", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *MAIN_A, 'A: Activate ST | Activated "Swords of Revealing Light" from hand (1/6) to '
                 'S-1',
        'A: Declare | Declared effect of "Swords of Revealing Light" in S-1',
        'A: To hand | Returned "Swords of Revealing Light" from S-1 to hand',
        'A: Activate ST | Activated "Swords of Revealing Light" from hand (1/6) to S-1',
        hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert [a[0] for a in actions(imported)].count("activate") == 1
    assert "slip.returned-and-back" in readings_of(imported)


# -- draws ----------------------------------------------------------------------------------
def test_a_draw_before_quitting_with_the_hand_shown_between_is_not_judged() -> None:
    imported, verdict = judged(*MAIN_A, "B: Show hand | Showed hand",
                               'B: Draw card | Drew a card || Drew "Sangan"',
                               "B: Show hand | Showed hand",
                               "B: Quit duel | Lost Duel")
    assert verdict["legal"], verdict["violation"]
    assert "draw.look-after-giving-up" in readings_of(imported)


def test_a_draw_the_player_plays_on_after_is_judged() -> None:
    _, verdict = judged(*MAIN_A, 'B: Draw card | Drew a card || Drew "Sangan"',
                        'B: To GY | Sent "Sangan" from hand (6/6) to GY',
                        "B: Quit duel | Lost Duel")
    assert rule_at(verdict) == ("turn.not-turn-player", "Drew a card")


def test_a_draw_put_back_on_top_with_the_opponents_play_between_is_a_slip() -> None:
    imported, verdict = judged(
        *MAIN_A, 'B: Draw card | Drew a card || Drew "Sangan"',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (5/6) to M-1',
        'B: To T Deck | Returned card from hand (6/6) to top of deck || Returned "Sangan" '
        'from hand (6/6) to top of deck')
    assert verdict["legal"], verdict["violation"]
    assert "slip.draw-put-back" in readings_of(imported)


def test_a_draw_explained_by_a_hand_trap_sent_early_in_the_turn() -> None:
    """Maxx "C" sent from the hand at the start of the opponent's turn; the draw comes many
    plays later."""
    hands = (HAND_A, ['Maxx "C"', *HAND_B[1:]])
    filler = ["A: View deck | Viewed deck", "A: Shuffle deck | Shuffled deck"] * 8
    imported, verdict = judged(
        *MAIN_A, 'B: To GY | Sent "Maxx "C"" from hand (1/5) to GY', *filler,
        'A: Normal Summon | Normal Summoned "Sangan" from hand (5/6) to M-1',
        'B: Draw card | Drew a card || Drew "Sangan"', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1][::2] == ("draw", "by_effect")


def test_a_trap_that_can_be_activated_from_the_hand_sent_there_is_its_activation() -> None:
    hands = (HAND_A, ["Infinite Impermanence", *HAND_B[1:]])
    imported, verdict = judged(
        *MAIN_A, 'B: To GY | Sent "Infinite Impermanence" from hand (1/5) to GY', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1][::2] == ("discard", "by_effect")


# -- summons ----------------------------------------------------------------------------------
def test_a_normal_summon_click_after_an_effect_that_summons_to_the_opponents_field() -> None:
    """R.B. Lambda Cannon looks at the opponent's hand and Special Summons a monster from it
    to their field; the opponent clicks "Normal Summon"."""
    hands = (["R.B. Lambda Cannon", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *MAIN_A, 'A: SS ATK | Special Summoned "R.B. Lambda Cannon" from hand (1/6) to M-1 '
                 '(ATK)',
        'A: Declare | Declared effect of "R.B. Lambda Cannon" in M-1',
        "B: Show hand | Showed hand",
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/5) to M-2', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1][:2] == ("special_summon", "gemini-elf")


_CANNON = ['A: SS ATK | Special Summoned "R.B. Lambda Cannon" from hand (1/6) to M-1 (ATK)',
           'A: Declare | Declared effect of "R.B. Lambda Cannon" in M-1',
           "B: Show hand | Showed hand"]
_SET_ELF = ('B: Set monster | Set card from hand (1/5) to M-2 || Set "Gemini Elf" from hand '
            '(1/5) to M-2')


def test_a_special_summon_after_an_effect_that_summons_to_the_opponents_field() -> None:
    """The opponent drags the monster R.B. Lambda Cannon Special Summons to their field: the
    Summon is Lambda Cannon's player's (summoner), whose locks bind it (the converted EDOPro
    game selfplay-0233: Concours de Cuisine, under the receiver's Dogmatika Punishment)."""
    hands = (["R.B. Lambda Cannon", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(*MAIN_A, *_CANNON, 'B: SS ATK | Special Summoned "Gemini Elf" '
                               'from hand (1/5) to M-2 (ATK)', hands=hands)
    assert verdict["legal"], verdict["violation"]
    summon = imported.document["actions"][-1]
    assert (summon["type"], summon["player"], summon["summoner"]) == \
        ("special_summon", "p2", "p1")
    assert "summon.by-opponent-effect" in readings_of(imported)


def test_a_special_summon_after_the_players_own_such_effect_is_their_own() -> None:
    hands = (["R.B. Lambda Cannon", *HAND_A[1:]], HAND_B)
    imported, _ = judged(*MAIN_A, *_CANNON, 'A: SS ATK | Special Summoned "Vorse Raider" from '
                         'hand (1/5) to M-2 (ATK)', hands=hands)
    assert "summoner" not in imported.document["actions"][-1]
    assert "summon.by-opponent-effect" not in readings_of(imported)


def test_a_set_click_flipped_at_once_after_an_effect_that_summons_to_its_field() -> None:
    """The opponent places the monster R.B. Lambda Cannon Special Summons with "Set", and
    flips it face-up 2 s later (a real Advanced game: Master Tao the Chanter)."""
    hands = (["R.B. Lambda Cannon", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(*MAIN_A, *_CANNON, _SET_ELF,
                               'B: Flip | Flipped Set "Gemini Elf" in M-2', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1][:2] == ("special_summon", "gemini-elf")
    assert "summon.set-for-opponent-effect" in readings_of(imported)


def test_a_set_in_the_opponents_turn_left_face_down_is_judged() -> None:
    """With no flip face-up at once, a Set is no Special Summon (those are face-up)."""
    hands = (["R.B. Lambda Cannon", *HAND_A[1:]], HAND_B)
    _, verdict = judged(*MAIN_A, *_CANNON, _SET_ELF, hands=hands)
    assert verdict["violation"]["rule"] == "turn.not-turn-player"


def test_a_normal_summon_in_the_opponents_turn_with_no_such_effect_is_judged() -> None:
    _, verdict = judged(*MAIN_A, 'B: Normal Summon | Normal Summoned "Gemini Elf" from hand '
                                 '(1/5) to M-2')
    assert verdict["violation"]["rule"] == "turn.not-turn-player"


def test_an_equipped_monster_special_summoned_from_its_spell_trap_zone() -> None:
    """A monster its own effect equips, then Special Summons from the Spell & Trap Zone
    (a Union monster, Ame no Habakiri no Mitsurugi)."""
    imported, verdict = judged(
        *MAIN_A, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        'A: Declare | Declared effect of "Blade Knight" in M-1',
        'A: Move | Moved "Blade Knight" from M-1 to S-2',
        'A: Move | Moved "Blade Knight" from S-2 to M-3')
    assert verdict["legal"], verdict["violation"]
    assert [a[0] for a in actions(imported)][-2:] == ["move", "special_summon"]  # equip, summon
    assert "summon.from-spell-trap-zone" in readings_of(imported)


def test_a_spell_or_trap_moved_to_a_monster_zone_is_a_special_summon() -> None:
    """A card that is no monster card dragged from its Spell & Trap Zone to a Monster Zone
    is read as a Special Summon, as the log shows it (the judge then says what it is)."""
    imported, _ = judged(*MAIN_A, 'A: Set ST | Set card from hand (3/6) to S-2 || Set '
                                  '"Book of Moon" from hand (3/6) to S-2',
                         'A: Move | Moved Set card from S-2 to M-3')
    assert actions(imported)[-1][0] == "special_summon"
    assert "summon.moved-from-spell-trap" in readings_of(imported)


def test_a_pendulum_scale_special_summoned_from_its_pendulum_zone_stays_off_the_extra_deck(
) -> None:
    """A Pendulum Monster its own effect Special Summons from its Pendulum Zone (Poissonniere
    de Nouvelles, as an EDOPro game converted shows it): a Special Summon from that zone, never
    a trip through the face-up Extra Deck (which would put it under the Extra Deck's zone
    rule)."""
    imported, verdict = judged(
        'A: Activate Pendulum Left | Activated "Poissonniere de Nouvelles" from hand (1/5) '
        "to Left Pendulum Zone",
        'A: Move | Moved "Poissonniere de Nouvelles" from S-1 to M-2',
        hands=(["Poissonniere de Nouvelles", *HAND_A[1:]], HAND_B), fmt="ar")
    assert verdict["legal"], verdict["violation"]
    assert [a[0] for a in actions(imported)][-2:] == ["activate", "special_summon"]
    assert "summon.from-spell-trap-zone" in readings_of(imported)


def test_a_change_to_defense_under_a_continuous_effect_is_by_that_effect() -> None:
    """Number 41: Bagooska the Terribly Tired Tapir in face-up Defense Position changes all
    face-up monsters to Defense Position, the turn they are Summoned too, while it stands."""
    hands = (HAND_A, ["Number 41: Bagooska the Terribly Tired Tapir", *HAND_B[:4]])
    imported, verdict = judged(
        *MAIN_A, "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: SS DEF | Special Summoned "Number 41: Bagooska the Terribly Tired Tapir" from '
        'hand (1/6) to M-1 (DEF)',
        "B: End turn | Ended turn", *opening("A", "Sangan"),
        'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (2/6) to M-2',
        'A: To DEF | Changed "Vorse Raider" in M-2 to DEF', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1][::2] == ("change_position", "by_effect")
    assert imported.document["actions"][-1]["log"]["readings"] == ["position.by-effect"]
    assert "continuous effect" in imported.document["actions"][-1]["log"]["note"]


# -- "You can only activate 1 X per turn" (contract §8): the activations the log backs -----------
_POTS = (["Pot of Desires", "Pot of Desires", *HAND_A[2:]], HAND_B)


def test_an_activation_undone_later_in_the_turn_counts_for_nothing() -> None:
    """The card put back in the hand (a play rolled back after a dispute), then activated
    anew: one activation (advanced-77607066 game 1 [3:17], "A Case for K9")."""
    imported, verdict = judged(
        *MAIN_A, 'A: Activate ST | Activated "Pot of Desires" from hand (1/6) to S-1',
        'A: Declare | Declared effect of "Pot of Desires" in S-1',
        'A: Set ST | Set "Book of Moon" from hand (2/5) to S-2',
        'A: To hand | Returned "Pot of Desires" from S-1 to hand',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (4/5) to M-1',
        'A: Activate ST | Activated "Pot of Desires" from hand (1/4) to S-1', hands=_POTS)
    assert verdict["legal"], verdict["violation"]
    assert "slip.activation-undone" in readings_of(imported)
    assert [a[0] for a in actions(imported)].count("activate") == 1


def test_a_card_returned_after_another_play_of_its_players_is_not_undone() -> None:
    """A summon (or an effect) of the player's came between: the return may be an effect's
    (Mitsurugi no Mikoto, Kusanagi adds Mitsurugi Prayers back), so both activations count."""
    imported, _ = judged(
        *MAIN_A, 'A: Activate ST | Activated "Pot of Desires" from hand (1/6) to S-1',
        'A: Declare | Declared effect of "Pot of Desires" in S-1',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (4/5) to M-1',
        'A: To hand | Returned "Pot of Desires" from S-1 to hand',
        'A: Set ST | Set "Book of Moon" from hand (2/5) to S-2',
        'A: Activate ST | Activated "Pot of Desires" from hand (1/4) to S-1', hands=_POTS)
    assert "slip.activation-undone" not in readings_of(imported)
    assert [a[0] for a in actions(imported)].count("activate") == 2


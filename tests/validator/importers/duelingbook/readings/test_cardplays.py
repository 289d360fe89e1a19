"""Spells, Traps and moving cards in a Duelingbook log
(validator/importers/duelingbook/readings/cardplays.py)."""

from __future__ import annotations

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

SET_MF = ('A: Set ST | Set card from hand (4/6) to S-1 || Set "Mirror Force" from hand (4/6) '
          'to S-1')


def test_a_set_trap_sent_to_the_graveyard_in_a_later_turn_was_activated() -> None:
    imported, verdict = judged(*A1, SET_MF, "A: End turn | Ended turn", *opening("B", "Sangan"),
                               'A: To GY | Sent Set "Mirror Force" from S-1 to GY')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-2:] == [("activate", "mirror-force"), ("move", "mirror-force")]
    assert "spell-trap.sent-read-as-activated" in readings_of(imported)


def test_a_set_trap_sent_to_the_graveyard_the_turn_it_was_set_was_only_sent() -> None:
    imported, verdict = judged(*A1, SET_MF, 'A: To GY | Sent Set "Mirror Force" from S-1 to GY')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("move", "mirror-force")
    assert "spell-trap.sent-set-this-turn" in readings_of(imported)


def test_a_set_trap_destroyed_by_the_opponents_card_was_only_sent() -> None:
    hands = (HAND_A, ["Mystical Space Typhoon", *HAND_B[1:]])
    imported, verdict = judged(
        *A1, SET_MF, "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Activate ST | Activated "Mystical Space Typhoon" from hand (1/6) to S-1',
        'A: To GY | Sent Set "Mirror Force" from S-1 to GY', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert ("activate", "mirror-force") not in actions(imported)


def test_a_card_activated_by_a_misclick_and_turned_face_down_again() -> None:
    imported, verdict = judged(*A1, SET_MF, "A: End turn | Ended turn",
                               *opening("B", "Sangan"),
                               'A: Activate ST | Activated Set "Mirror Force" in S-1',
                               'A: Set ST | Set "Mirror Force" in S-1')
    assert verdict["legal"], verdict["violation"]
    assert ("activate", "mirror-force") not in actions(imported)
    assert "shown.set-cards" in readings_of(imported)


def test_an_equip_spell_targets_the_likeliest_face_up_monster() -> None:
    hands = (["Axe of Despair", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Sangan" from hand (5/6) to M-1',
        'A: Activate ST | Activated "Axe of Despair" from hand (1/5) to S-1', hands=hands)
    assert verdict["legal"], verdict["violation"]
    equip = next(a for a in imported.document["actions"] if a.get("card") == "axe-of-despair")
    assert equip["target"] == "sangan" and equip["log"]["readings"] == ["equip.assumed"]


def test_an_equip_spell_targets_the_monster_its_player_points_at() -> None:
    hands = (["Axe of Despair", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Sangan" from hand (5/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-2',
        'B: Activate ST | Activated "Axe of Despair" from hand (1/5) to S-1',
        'B: Target card | Pointed at "Sangan" in M-1', hands=(HAND_A, hands[0][:1] +
                                                               HAND_B[:4]))
    assert verdict["legal"], verdict["violation"]
    equip = next(a for a in imported.document["actions"] if a.get("card") == "axe-of-despair")
    assert equip["target"] == "sangan" and equip["log"]["readings"] == ["equip.pointed"]


def test_a_concealed_replay_follows_cards_the_log_does_not_name() -> None:
    lines = ["A: Draw card | Drew a card", "A: Enter SP | Entered Standby Phase",
             "A: Enter M1 | Entered Main Phase 1",
             "A: Set ST | Set card from hand (4/6) to S-1",
             "A: Set monster | Set card from hand (1/5) to M-1", "A: End turn | Ended turn",
             "B: Start turn | Entered Draw Phase", "B: Draw card | Drew a card",
             "B: Enter SP | Entered Standby Phase", "B: Enter M1 | Entered Main Phase 1",
             'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
             "B: Enter BP | Entered Battle Phase",
             'B: Attack | Attacked Set card in M-1 with "Gemini Elf" in M-1',
             'A: Activate ST | Activated Set "Mirror Force" in S-1',
             'B: To GY | Sent "Gemini Elf" from M-1 to GY']
    imported, verdict = judged(*lines, concealed=True)
    assert verdict["legal"], verdict["violation"]
    cards = imported.document["cards"]
    mirror = next(c for c in cards.values() if c.get("name") == "Mirror Force")
    assert mirror["kind"] == "trap"


def test_a_direct_attack_while_the_opponent_controls_a_monster() -> None:
    _, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: Enter BP | Entered Battle Phase",
        'B: Attack directly | Attacked directly with "Gemini Elf" in M-1')
    assert rule_at(verdict) == ("battle.invalid-target",
                                'Attacked directly with "Gemini Elf" in M-1')


def test_a_pendulum_monster_placed_in_a_pendulum_zone_is_followed_not_judged() -> None:
    hands = (["Geargiano Mk-II", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Activate ST | Activated "Geargiano Mk-II" from hand (1/6) to Left Pendulum '
             'Zone', hands=hands, fmt="uu")
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("move", "geargiano-mk-ii")
    assert "Pendulum Zones" in imported.document["source"]["unmodelled"]


def test_the_v5_private_line_of_a_set_drops_from_hand() -> None:
    # Duelingbook v5 names the card in the private line but no longer says "from hand"
    imported, verdict = judged(
        *A1, 'A: Set monster from hand | Set card from hand (1/6) to M-1 || Set "Blade Knight" '
             '(1/6) to M-1',
        'A: Set ST from hand | Set a card from hand (3/5) to S-2 || Set "Mirror Force" '
        '(3/5) to S-2')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-2:] == [("set_monster", "blade-knight"),
                                      ("set_spell_trap", "mirror-force")]
    assert imported.stopped is None


def test_the_name_of_the_play_alone_can_say_from_hand() -> None:
    imported = game(*A1, 'A: Set monster from hand | Set a card to M-1', concealed=True)
    assert imported.stopped is None
    assert actions(imported)[-1][0] == "set_monster"


def test_a_trap_whose_text_allows_it_activated_from_the_hand() -> None:
    hands = (HAND_A, ["Evenly Matched", *HAND_B[1:]])
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Activate ST | Activated "Evenly Matched" from hand (1/6) to S-1', hands=hands,
        fmt="uu")
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("move", "evenly-matched")
    assert "Traps activated from the hand" in imported.document["source"]["unmodelled"]


def test_a_trap_set_then_activated_at_once_is_one_activation_from_the_hand() -> None:
    hands = (HAND_A, ["Evenly Matched", *HAND_B[1:]])
    imported, verdict = judged(
        *A1, "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Set ST from hand | Set a card from hand (1/6) to S-5 || Set "Evenly Matched" '
        'from hand (1/6) to S-5',
        'B: Activate ST | Activated Set "Evenly Matched" in S-5',
        'B: To grave from field | Sent "Evenly Matched" from S-5 to Graveyard', hands=hands,
        fmt="uu")
    assert verdict["legal"], verdict["violation"]
    assert [a for a in actions(imported) if a[1] == "evenly-matched"] == [
        ("move", "evenly-matched"), ("move", "evenly-matched")]
    assert "card.trap-from-hand-classic" in readings_of(imported)


def test_a_trap_without_such_text_set_and_activated_the_same_turn_is_illegal() -> None:
    _, verdict = judged(
        *A1, 'A: Set ST from hand | Set a card from hand (4/6) to S-1 || Set "Mirror Force" '
             'from hand (4/6) to S-1',
        'A: Activate ST | Activated Set "Mirror Force" in S-1')
    assert rule_at(verdict) == ("card.set-this-turn", 'Activated Set "Mirror Force" in S-1')


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


SET_BOOK = ('A: Set ST | Set card from hand (3/6) to S-1 || Set "Book of Moon" from hand (3/6) '
            'to S-1')
ACTIVATE_BOOK = 'A: Activate ST | Activated Set "Book of Moon" in S-1'
MAIN_1 = [*A1, "A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1"]


def test_a_quick_play_set_and_activated_at_once_in_its_players_main_phase_is_from_the_hand(
        ) -> None:
    imported, verdict = judged(*MAIN_1, SET_BOOK, ACTIVATE_BOOK)
    assert verdict["legal"], verdict["violation"]
    assert [a for a in actions(imported) if a[1] == "book-of-moon"] == [
        ("activate", "book-of-moon")]
    assert "spell-trap.set-then-activated" in readings_of(imported)


def test_a_quick_play_activated_after_another_play_the_turn_it_was_set_is_illegal() -> None:
    _, verdict = judged(*MAIN_1, SET_BOOK,
                        'A: Normal Summon | Normal Summoned "Sangan" from hand (4/5) to M-1',
                        ACTIVATE_BOOK)
    assert rule_at(verdict) == ("card.set-this-turn", ACTIVATE_BOOK[len("A: Activate ST | "):])


MF_BACK = ('A: To hand | Returned Set card from S-1 to hand || Returned Set "Mirror Force" from '
           'S-1 to hand')


def test_a_set_card_returned_to_the_hand_and_set_again_where_it_was_is_a_slip_undone() -> None:
    imported, verdict = judged(
        *A1, SET_MF, "A: End turn | Ended turn", *opening("B", "Sangan"), MF_BACK,
        'A: Set ST | Set card from hand (6/6) to S-1 || Set "Mirror Force" from hand (6/6) '
        'to S-1')
    assert verdict["legal"], verdict["violation"]
    assert "slip.returned-and-back" in readings_of(imported)


def test_a_set_card_returned_and_set_in_another_zone_in_the_opponents_turn_is_illegal() -> None:
    reset = ('A: Set ST | Set card from hand (6/6) to S-2 || Set "Mirror Force" from hand (6/6) '
             'to S-2')
    _, verdict = judged(*A1, SET_MF, "A: End turn | Ended turn", *opening("B", "Sangan"),
                        MF_BACK, reset)
    assert rule_at(verdict) == ("turn.not-turn-player", "Set card from hand (6/6) to S-2")


_RUNICK_HANDS = (["Runick Fountain", "Runick Tip", "Mystical Space Typhoon", *HAND_A[:2]],
                 HAND_B)
_FOUNTAIN = 'A: Activate Field Spell | Activated Field Spell "Runick Fountain" from hand (1/5)'


def test_a_quick_play_spell_from_the_hand_in_the_opponents_turn_as_a_field_spell_allows() -> None:
    imported, verdict = judged(
        _FOUNTAIN, "A: End turn | Ended turn", *opening("B", "Sangan"),
        'A: Activate ST | Activated "Runick Tip" from hand (1/4) to S-1', hands=_RUNICK_HANDS,
        fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("move", "runick-tip")
    assert "spell-trap.quick-play-hand-by-card" in readings_of(imported)


def test_a_quick_play_spell_from_the_hand_in_the_opponents_turn_without_such_a_card() -> None:
    _, verdict = judged(
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'A: Activate ST | Activated "Runick Tip" from hand (2/5) to S-1', hands=_RUNICK_HANDS,
        fmt="au")
    assert rule_at(verdict) == ("turn.not-turn-player",
                                'Activated "Runick Tip" from hand (2/5) to S-1')


def test_a_field_spells_permission_covers_only_its_archetypes_quick_play_spells() -> None:
    _, verdict = judged(
        _FOUNTAIN, "A: End turn | Ended turn", *opening("B", "Sangan"),
        'A: Activate ST | Activated "Mystical Space Typhoon" from hand (2/4) to S-1',
        hands=_RUNICK_HANDS, fmt="au")
    assert rule_at(verdict) == ("turn.not-turn-player",
                                'Activated "Mystical Space Typhoon" from hand (2/4) to S-1')


_YUMMY_HANDS = (["Yummyusment★Acroquey", *HAND_A[:4]], HAND_B)
_SNATCHY = ['A: SS ATK | Special Summoned "Yummy★Snatchy" from Extra Deck to Left EMZ (ATK)',
            'A: Declare | Declared effect of "Yummy★Snatchy" in Left Extra Monster Zone']
_ACROQUEY = 'A: Activate Field Spell | Activated Field Spell "Yummyusment★Acroquey" from hand (1/5)'


def test_a_field_spell_placed_by_a_monsters_effect_in_the_opponents_turn() -> None:
    imported, verdict = judged("A: End turn | Ended turn", *opening("B", "Sangan"), *_SNATCHY,
                               _ACROQUEY, hands=_YUMMY_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("move", "yummyusment-acroquey")
    assert "spell.field-placed-by-effect" in readings_of(imported)


def test_a_field_spell_activated_in_the_opponents_turn_with_no_effect_placing_it() -> None:
    _, verdict = judged("A: End turn | Ended turn", *opening("B", "Sangan"), _SNATCHY[0],
                        _ACROQUEY, hands=_YUMMY_HANDS, fmt="au")
    assert rule_at(verdict) == ("turn.not-turn-player", _ACROQUEY.split(" | ")[1])


_POT_SET = [*A1, 'A: Set ST | Set card from hand (6/6) to S-1 || Set "Pot of Greed" from hand '
                 '(6/6) to S-1', "A: End turn | Ended turn", *opening("B", "Sangan"),
            'A: Activate ST | Activated Set "Pot of Greed" in S-1',
            'A: To hand | Returned "Pot of Greed" from S-1 to hand']


def test_a_set_card_shown_through_the_hand_and_set_again_where_it_stood() -> None:
    """A real Advanced game: after "gg", a Set Pre-Preparation of Rites flipped face-up,
    taken to the hand with the rest of the hand laid out, and Set again in S-3."""
    imported, verdict = judged(*_POT_SET, 'A: Set ST | Set card from hand (6/6) to S-1 || Set '
                                          '"Pot of Greed" from hand (6/6) to S-1')
    assert verdict["legal"], verdict["violation"]
    assert "shown.set-card-via-hand" in readings_of(imported)
    assert actions(imported)[-1][0] != "activate"


def test_a_set_card_taken_to_the_hand_and_kept_there_was_activated() -> None:
    _, verdict = judged(*_POT_SET)
    assert rule_at(verdict) == ("turn.not-turn-player",
                                'Activated Set "Pot of Greed" in S-1')


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


def _moved_for_b(*used: str) -> list[str]:
    return [*A1, "A: End turn | Ended turn", *opening("B", "Sangan"), *used,
            'A: Activate ST | Activated "Book of Moon" from hand (3/6) to S-3',
            'A: To B Deck | Returned "Book of Moon" from S-3 to bottom of deck']


def test_a_card_activated_from_the_hand_for_the_opponents_effect_is_a_move() -> None:
    """advanced-77525222 game 1 [1:46]: Triple Tactics Talent chose Pre-Preparation of Rites
    from Chopin's hand to shuffle into the Deck; he dragged it through S-3 to the Deck."""
    imported, verdict = judged(*_moved_for_b(
        'B: Activate ST | Activated "Pot of Greed" from hand (3/6) to S-1'))
    assert verdict["legal"], verdict["violation"]
    assert ("activate", "book-of-moon") not in actions(imported)
    assert "shortcut.opponent-effect-to-deck" in readings_of(imported)


def test_a_card_activated_from_the_hand_with_no_opponents_effect_is_activated() -> None:
    imported, _ = judged(*_moved_for_b())
    assert ("activate", "book-of-moon") in actions(imported)
    assert "shortcut.opponent-effect-to-deck" not in readings_of(imported)


def _overlaid_and_back(zone: str) -> list[str]:
    """The plays carry Duelingbook's card object ids (1 Vorse Raider, 2 Blade Knight), as a
    real log does: the card Special Summoned "from GY" is the one that left the pile."""
    return [*A1, 'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (2/6) to M-1 '
                 '{"id": 1}',
            'A: SS ATK | Special Summoned "Blade Knight" from hand (1/5) to M-2 (ATK) {"id": 2}',
            'A: Overlay | Overlayed "Blade Knight" in M-2 onto "Vorse Raider" in M-1 '
            '{"start_id": 2, "end_id": 1}',
            'A: To GY | Sent "Blade Knight" from M-1 to GY {"id": 2}',
            'A: SS ATK | Special Summoned "Vorse Raider" from GY to M-1 (ATK) {"id": 1}',
            f'A: SS ATK | Special Summoned "Blade Knight" from GY to {zone} (ATK) {{"id": 2}}']


def test_an_overlay_sent_to_the_graveyard_and_summoned_straight_back_is_undone() -> None:
    """advanced-77237724 game 1 [22:46]: Eldam laid onto Swen while the opponent read; the
    pile sent to the GY and both put back in M-3 and M-4."""
    imported, verdict = judged(*_overlaid_and_back("M-2"))
    assert verdict["legal"], verdict["violation"]
    assert "slip.overlay-undone" in readings_of(imported)


def test_an_overlay_whose_top_comes_back_elsewhere_is_no_undo() -> None:
    imported, verdict = judged(*_overlaid_and_back("M-3"))
    assert rule_at(verdict) == ("summon.special-source",
                                'Special Summoned "Vorse Raider" from GY to M-1 (ATK)')
    assert "slip.overlay-undone" not in readings_of(imported)


BOOK_SET = ('A: Set ST | Set card from hand (3/5) to S-2 || Set "Book of Moon" from hand (3/5) '
            'to S-2')
BOOK_BACK = ('A: To hand | Returned Set card from S-2 to hand || Returned Set "Book of Moon" from '
             'S-2 to hand')
MF_AGAIN = ('A: Set ST | Set card from hand (6/7) to S-1 || Set "Mirror Force" from hand (6/7) '
            'to S-1')


def _sets_put_back(between: str, book_to: str = "S-2") -> tuple[str, ...]:
    return (*A1, SET_MF, BOOK_SET, "A: End turn | Ended turn", *opening("B", "Sangan"),
            MF_BACK, between, BOOK_BACK, MF_AGAIN,
            f'A: Set ST | Set card from hand (7/7) to {book_to} || Set "Book of Moon" from hand '
            f'(7/7) to {book_to}')


#: The opponent putting back a card of their own meanwhile.
_B_PUTS_BACK = ('B: To T Deck | Returned "Gemini Elf" from hand (1/6) to top of deck')


def test_set_cards_returned_together_and_set_back_in_their_zones_are_put_back() -> None:
    imported, verdict = judged(*_sets_put_back(_B_PUTS_BACK))
    assert verdict["legal"], verdict["violation"]
    assert "slip.sets-returned-and-back" in readings_of(imported)
    assert [a for a in actions(imported) if a[0] == "set_spell_trap"] == [
        ("set_spell_trap", "mirror-force"), ("set_spell_trap", "book-of-moon")]  # turn 1's


def test_set_cards_set_back_after_the_opponent_used_a_card_are_new_sets() -> None:
    _, verdict = judged(*_sets_put_back(
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1'))
    assert rule_at(verdict) == ("turn.not-turn-player",
                                "Set card from hand (6/7) to S-1")


def test_set_cards_set_back_in_another_zone_are_new_sets() -> None:
    _, verdict = judged(*_sets_put_back(_B_PUTS_BACK, book_to="S-3"))
    assert rule_at(verdict) == ("turn.not-turn-player",
                                "Set card from hand (6/7) to S-1")


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

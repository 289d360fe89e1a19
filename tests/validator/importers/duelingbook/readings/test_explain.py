"""Draws and discards a card explains, and those none does
(validator/importers/duelingbook/readings/explain.py)."""

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

GEMINI_ELF_DISCARDED = 'B: To GY | Sent "Gemini Elf" from hand (1/5) to GY'


# -- discards ---------------------------------------------------------------------------------
def test_a_discard_by_the_opponent_is_by_an_effect_when_a_card_just_used_explains_it() -> None:
    hands = (["Delinquent Duo", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: Activate ST | Activated "Delinquent Duo" from hand (1/6) to S-1',
        GEMINI_ELF_DISCARDED, hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert imported.document["actions"][-1]["by_effect"] is True


def test_a_discard_nothing_explains_is_judged_by_the_rules() -> None:
    imported, verdict = judged(*A1, GEMINI_ELF_DISCARDED)
    assert rule_at(verdict) == ("hand.discard-not-required",
                                'Sent "Gemini Elf" from hand (1/5) to GY')
    assert "hand.discard-by-rules" in readings_of(imported)


def test_a_trap_sent_from_the_hand_with_nothing_to_explain_it_is_judged() -> None:
    _, verdict = judged(*A1, "A: Enter SP | Entered Standby Phase",
                        "A: Enter M1 | Entered Main Phase 1",
                        'A: To GY | Sent "Mirror Force" from hand (4/6) to GY')
    assert verdict["violation"]["rule"] == "hand.discard-not-required"


def test_a_monster_sent_from_the_hand_by_its_own_effect_is_by_an_effect() -> None:
    imported, verdict = judged(*A1, "A: Enter SP | Entered Standby Phase",
                               "A: Enter M1 | Entered Main Phase 1",
                               'A: To GY | Sent "Sangan" from hand (5/6) to GY')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("discard", "sangan", "by_effect")


# -- draws ------------------------------------------------------------------------------------
def test_a_draw_after_a_card_that_draws_is_by_an_effect() -> None:
    imported, verdict = judged(
        *A1, "A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
        'A: Activate ST | Activated "Pot of Greed" from hand (6/6) to S-1',
        'A: Draw card | Drew a card || Drew "Sangan"',
        'A: Draw card | Drew a card || Drew "Vorse Raider"',
        'A: To GY | Sent "Pot of Greed" from S-1 to GY')
    assert verdict["legal"], verdict["violation"]
    assert [a[2:] for a in actions(imported) if a[0] == "draw"][-2:] == [
        ("by_effect",), ("by_effect",)]


def test_a_draw_no_card_explains_is_judged_by_the_rules() -> None:
    imported, verdict = judged(*A1, "A: Enter SP | Entered Standby Phase",
                               "A: Enter M1 | Entered Main Phase 1",
                               'A: Draw card | Drew a card || Drew "Sangan"')
    assert rule_at(verdict) == ("draw.once", "Drew a card")
    assert "draw.by-rules" in readings_of(imported)


def test_a_draw_by_the_opponent_no_card_explains_is_judged_by_the_rules() -> None:
    _, verdict = judged(*A1, "A: Enter SP | Entered Standby Phase",
                        "A: Enter M1 | Entered Main Phase 1",
                        'B: Draw card | Drew a card || Drew "Sangan"')
    assert rule_at(verdict) == ("turn.not-turn-player", "Drew a card")


def test_a_draw_a_face_up_card_on_the_field_explains_is_by_an_effect() -> None:
    hands = (["Card of Safe Return", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, "A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
        'A: Activate ST | Activated "Card of Safe Return" from hand (1/6) to S-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"),
        'A: Draw card | Drew a card || Drew "Sangan"', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1][::2] == ("draw", "by_effect")


def test_a_card_drawn_and_put_back_on_top_at_once_is_a_slip() -> None:
    imported, verdict = judged(*A1, "A: Enter SP | Entered Standby Phase",
                               "A: Enter M1 | Entered Main Phase 1",
                               'A: Draw card | Drew a card || Drew "Sangan"',
                               'A: To T Deck | Returned card from hand (6/6) to top of deck || '
                               'Returned "Sangan" from hand (6/6) to top of deck')
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-1] == ("phase", "main1")
    assert "slip.draw-put-back" in readings_of(imported)


def test_a_draw_just_before_admitting_defeat_is_not_judged() -> None:
    imported, verdict = judged(*A1, "A: Enter SP | Entered Standby Phase",
                               "A: Enter M1 | Entered Main Phase 1",
                               'B: Draw card | Drew a card || Drew "Sangan"',
                               "B: Admit defeat | Admitted defeat")
    assert verdict["legal"], verdict["violation"]
    assert verdict["outcome"]["winner"] == "p1"
    assert "draw.look-after-giving-up" in readings_of(imported)


# -- which card a Deck play names -------------------------------------------------------------
def test_a_card_sent_from_the_deck_by_name_is_the_players_own() -> None:
    """The opponent's copy known to be in their Deck (put back there) is not the one."""
    hands = (HAND_A, ["Sangan", *HAND_B[1:]])
    imported, verdict = judged(
        *A1, "A: End turn | Ended turn", *opening("B", "Vorse Raider"),
        'B: To T Deck | Returned card from hand (1/6) to top of deck || '
        'Returned "Sangan" from hand (1/6) to top of deck',
        "B: End turn | Ended turn", *opening("A", "Blade Knight"),
        'A: To GY | Sent "Sangan" from Deck to GY', hands=hands)
    sent = imported.document["actions"][-1]
    assert sent["type"] == "move" and sent["to"] == "graveyard"
    assert imported.document["cards"][sent["card"]]["owner"] == "p1"
    assert verdict["legal"], verdict["violation"]

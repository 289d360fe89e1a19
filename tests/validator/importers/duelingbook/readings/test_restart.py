"""Golden cases of rewind.turn-restarted: a turn replayed from its start as the players agreed
in chat (advanced-78105300 game 3, [12:07]-[21:25]); without each piece of its evidence the
activations of the first try count."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    HAND_A,
    HAND_B,
    actions,
    judged,
    opening,
    readings_of,
    rule_at,
)

_HANDS = (HAND_A, ["Pot of Desires", *HAND_B[1:]])
_A_TURN = ['A: Draw card | Drew a card || Drew "Pot of Greed"',
           "A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
           "A: Enter EP | Entered End Phase", "A: End turn | Ended turn"]
_ASKED = 'A: Duel message | "you cannot do that" {"message": "you cannot do that"}'
_AGREED = 'B: Duel message | "ok" {"message": "ok"}'
_SECOND = 'Activated "Pot of Desires" from hand (1/6) to S-1'


def _restart(*chat: str, back: bool = True, redrawn: bool = True) -> list[str]:
    """B's turn: Pot of Desires ("You can only activate 1 ... per turn") activated and
    resolved, Life Points lost (so no phase click is a rewind), the chat, the card put back
    in the hand, the Draw Phase entered again, the turn's draw (Sangan) put back on top and
    drawn again, and Pot of Desires activated again."""
    return [*_A_TURN, *opening("B", "Sangan"),
            'B: Activate ST | Activated "Pot of Desires" from hand (1/6) to S-1',
            'B: To GY | Sent "Pot of Desires" from S-1 to GY',
            'B: Life points | Lost 800 LP {"amount": -800}',
            *chat,
            'B: To hand | Returned "Pot of Desires" from GY to hand',
            *(["B: Enter DP | Entered Draw Phase again"] if back else []),
            *(['B: To T Deck | Returned "Sangan" from hand (6/6) to top of deck',
               'B: Draw card | Drew a card || Drew "Sangan"'] if redrawn else []),
            "B: Enter SP | Entered Standby Phase", "B: Enter M1 | Entered Main Phase 1",
            f"B: Activate ST | {_SECOND}"]


def test_a_turn_restarted_as_agreed_counts_the_replayed_activation_only() -> None:
    imported, verdict = judged(*_restart(_ASKED, _AGREED), hands=_HANDS)
    assert verdict["legal"], verdict["violation"]
    assert "rewind.turn-restarted" in readings_of(imported)
    assert [a["type"] for a in imported.document["actions"]].count("activate") == 1


def test_without_the_consent_both_activations_count() -> None:
    imported, verdict = judged(*_restart(_ASKED), hands=_HANDS)
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)
    assert "rewind.turn-restarted" not in readings_of(imported)


def test_a_consent_by_the_asker_alone_is_none() -> None:
    _, verdict = judged(*_restart(_ASKED, 'A: Duel message | "ok" {"message": "ok"}'),
                        hands=_HANDS)
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)


def test_a_question_is_no_consent() -> None:
    """A bare "yes?" asks; it agrees to nothing (the lead's review of the first version)."""
    imported, verdict = judged(*_restart(_ASKED, 'B: Duel message | "yes?" {"message": "yes?"}'),
                               hands=_HANDS)
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)
    assert "rewind.turn-restarted" not in readings_of(imported)


def test_an_ok_that_answers_no_request_is_no_consent() -> None:
    """The other player's answer to the request refuses; a later "ok" answers nothing."""
    _, verdict = judged(*_restart(_ASKED, 'B: Duel message | "no" {"message": "no"}',
                                  'B: Duel message | "ok" {"message": "ok"}'), hands=_HANDS)
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)


def test_without_the_draw_phase_entered_again_both_count() -> None:
    _, verdict = judged(*_restart(_ASKED, _AGREED, back=False), hands=_HANDS)
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)


def test_without_the_turns_draw_made_again_both_count() -> None:
    _, verdict = judged(*_restart(_ASKED, _AGREED, redrawn=False), hands=_HANDS)
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)


# -- the traps of "You can only activate 1 X per turn" (issue 27) ------------------------------
_MAIN_A = _A_TURN[:3]
_POTS = (["Pot of Desires", "Pot of Desires", *HAND_A[2:]], HAND_B)


def test_an_activation_and_its_declaration_are_one_activation() -> None:
    """"Activate ST" then "Declare" on the same Spell: one activation of the card, so the
    other copy's activation is the second of the turn (the fact carried, issue 27)."""
    imported, verdict = judged(
        *_MAIN_A, 'A: Activate ST | Activated "Pot of Desires" from hand (1/6) to S-1',
        'A: Declare | Declared effect of "Pot of Desires" in S-1',
        'A: To GY | Sent "Pot of Desires" from S-1 to GY',
        'A: Activate ST | Activated "Pot of Desires" from hand (1/5) to S-1', hands=_POTS)
    assert rule_at(verdict) == ("effect.once-per-turn",
                                'Activated "Pot of Desires" from hand (1/5) to S-1')
    assert [a[0] for a in actions(imported)].count("activate") == 2


def test_a_set_card_shown_and_set_again_is_no_activation_of_its_limit() -> None:
    """A Set Pot of Desires flipped up and Set again (shown): no activation, so activating it
    later in the turn is the turn's first."""
    imported, verdict = judged(
        *_MAIN_A, 'A: Set ST | Set "Pot of Desires" from hand (1/6) to S-1',
        'A: Activate ST | Activated Set "Pot of Desires" in S-1',
        'A: Set ST | Set "Pot of Desires" in S-1',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (4/5) to M-1',
        'A: Activate ST | Activated Set "Pot of Desires" in S-1', hands=_POTS)
    assert verdict["legal"], verdict["violation"]
    assert "shown.set-cards" in readings_of(imported)


# -- every card-limit use of the first try, by either player (issue 27, item 4) ----------------
#: (under ``advanced``, where A goes first and does not draw)
_GOAT = "The Black Goat Laughs"
_GOAT_HANDS = ([_GOAT, _GOAT, *HAND_A[2:]], ["Pot of Desires", *HAND_B[1:]])
_GOAT_AGAIN = f'Activated Set "{_GOAT}" in S-2'


def _answered(*chat: str) -> list[str]:
    """A Sets two copies of The Black Goat Laughs ("You can only use each effect of ... once
    per turn": its activation's use); in B's turn A activates the first in answer to B's Pot
    of Desires; the chat; both cards put back in the hand by their players; the turn
    restarted (Life Points lost: no phase click is a rewind); the Pot activated again, and A's
    second copy."""
    return [f'A: Set ST | Set "{_GOAT}" from hand (1/5) to S-1',
            f'A: Set ST | Set "{_GOAT}" from hand (1/4) to S-2', *_A_TURN[1:],
            *opening("B", "Sangan"),
            'B: Activate ST | Activated "Pot of Desires" from hand (1/6) to S-1',
            f'A: Activate ST | Activated Set "{_GOAT}" in S-1',
            f'A: To GY | Sent "{_GOAT}" from S-1 to GY',
            'B: To GY | Sent "Pot of Desires" from S-1 to GY',
            'B: Life points | Lost 800 LP {"amount": -800}',
            *chat,
            f'A: To hand | Returned "{_GOAT}" from GY to hand',
            'B: To hand | Returned "Pot of Desires" from GY to hand',
            "B: Enter DP | Entered Draw Phase again",
            'B: To T Deck | Returned "Sangan" from hand (6/6) to top of deck',
            'B: Draw card | Drew a card || Drew "Sangan"',
            "B: Enter SP | Entered Standby Phase", "B: Enter M1 | Entered Main Phase 1",
            f"B: Activate ST | {_SECOND}", f"A: Activate ST | {_GOAT_AGAIN}"]


def test_a_restart_takes_back_the_other_players_activation_in_the_first_try() -> None:
    """The opponent's Black Goat Laughs activated in the first try and put back in the hand
    by them: the restart takes it back too, so their second copy's activation in the replayed
    turn is the turn's first use."""
    imported, verdict = judged(*_answered(_ASKED, _AGREED), hands=_GOAT_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "rewind.turn-restarted" in readings_of(imported)
    assert [a["type"] for a in imported.document["actions"]].count("activate") == 2


def test_without_the_consent_the_other_players_activation_counts_too() -> None:
    _, verdict = judged(*_answered(_ASKED), hands=_GOAT_HANDS, fmt="au")
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)

"""Golden cases of rewind.turn-restarted: a turn replayed from its start as the players agreed
in chat (advanced-78105300 game 3, [12:07]-[21:25]); without each piece of its evidence the
activations of the first try count."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    HAND_A,
    HAND_B,
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


def test_without_the_draw_phase_entered_again_both_count() -> None:
    _, verdict = judged(*_restart(_ASKED, _AGREED, back=False), hands=_HANDS)
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)


def test_without_the_turns_draw_made_again_both_count() -> None:
    _, verdict = judged(*_restart(_ASKED, _AGREED, redrawn=False), hands=_HANDS)
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)

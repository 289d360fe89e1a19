"""Golden cases of effect.declaration-withdrawn: a "Declared effect" its own player owns up to
in chat as a mistake before anyone clicks anything else is no activation (advanced-78104029
game 2 [19:21]: "2 times?", "I used it before", "mb"); without those words, or after a click,
it stands and is judged."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    HAND_A,
    HAND_B,
    judged,
    opening,
    readings_of,
    rule_at,
)

_HANDS = (["Ame no Habakiri no Mitsurugi", *HAND_A[1:]], HAND_B)
_HABAKIRI = 'Declared effect of "Ame no Habakiri no Mitsurugi" in hand (1/6)'


def _declared_twice(*between: str) -> list[str]:
    """Ame no Habakiri no Mitsurugi's hand effect ("You can only use this effect ... once per
    Duel") declared in A's first turn and again in A's second (Advanced: no draw in turn 1),
    ``between`` after the second."""
    return ["A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
            f"A: Declare | {_HABAKIRI.replace('(1/6)', '(1/5)')}",
            "A: Enter EP | Entered End Phase", "A: End turn | Ended turn",
            *opening("B", "Sangan"), "B: Enter EP | Entered End Phase", "B: End turn | Ended turn",
            *opening("A", "Tsukuyomi"), f"A: Declare | {_HABAKIRI}", *between,
            "A: Enter EP | Entered End Phase", "A: End turn | Ended turn"]


def test_a_declaration_owned_up_to_at_once_is_no_use() -> None:
    imported, verdict = judged(*_declared_twice(
        'B: Duel message | "2 times?" {"message": "2 times?"}',
        'A: Duel message | "I used it before" {"message": "I used it before"}',
        'A: Duel message | "mb" {"message": "mb"}'), hands=_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "effect.declaration-withdrawn" in readings_of(imported)


def test_without_the_players_own_words_the_declaration_stands() -> None:
    # the opponent's question alone withdraws nothing
    _, verdict = judged(*_declared_twice(
        'B: Duel message | "2 times?" {"message": "2 times?"}'), hands=_HANDS, fmt="au")
    assert rule_at(verdict) == ("effect.once-per-turn", _HABAKIRI)


def test_words_after_a_click_withdraw_nothing() -> None:
    # A views the Deck and Special Summons from it first: the effect carried out, the words
    # come too late
    _, verdict = judged(*_declared_twice(
        "A: View deck | Viewed deck",
        'A: SS ATK | Special Summoned "Blade Knight" from Deck to M-2 (ATK)',
        'A: Duel message | "mb" {"message": "mb"}'), hands=_HANDS, fmt="au")
    assert rule_at(verdict) == ("effect.once-per-turn", _HABAKIRI)

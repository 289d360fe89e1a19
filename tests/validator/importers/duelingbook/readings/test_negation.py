"""Golden cases of spell-trap.activation-negated: a card whose activation the opponent's
answer negated was not activated for "You can only activate 1 X per turn" (issue 27; as the
EDOPro import reads the engine's own negation: GG Fleur mecha combo, Pot of Duality negated
by Void Ogre Dragon). An effect negated still counts (Ash Blossom & Joyous Spring)."""

from __future__ import annotations

from tests.validator.importers.duelingbook.replays import (
    A1,
    HAND_A,
    HAND_B,
    judged,
    opening,
    readings_of,
    rule_at,
)

_A_TURN = [*A1, "A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
           'A: Set ST | Set "Magic Jammer" from hand (1/6) to S-1',
           "A: Enter EP | Entered End Phase", "A: End turn | Ended turn"]
_HANDS = (["Magic Jammer", "Ash Blossom & Joyous Spring", *HAND_A[1:]],
          ["Pot of Desires", "Pot of Desires", *HAND_B[2:]])
_FIRST = 'B: Activate ST | Activated "Pot of Desires" from hand (1/6) to S-1'
_SECOND = 'Activated "Pot of Desires" from hand (1/5) to S-1'


def _answered(*answer: str, sent: bool = True) -> list[str]:
    """B's turn: Pot of Desires activated, A's ``answer``, the Pot sent to the GY from its
    zone (``sent``), and the other Pot activated."""
    return [*_A_TURN, *opening("B", "Sangan"), _FIRST, *answer,
            *(['B: To GY | Sent "Pot of Desires" from S-1 to GY'] if sent else []),
            f"B: Activate ST | {_SECOND}"]


_JAMMER = ['A: Activate ST | Activated Set "Magic Jammer" in S-1',
           'A: To GY | Sent "Blade Knight" from hand (5/5) to GY',
           'A: To GY | Sent "Magic Jammer" from S-1 to GY']


def test_a_pot_negated_by_magic_jammer_leaves_the_turns_pot() -> None:
    imported, verdict = judged(*_answered(*_JAMMER), hands=_HANDS)
    assert verdict["legal"], verdict["violation"]
    assert "spell-trap.activation-negated" in readings_of(imported)
    first = next(a for a in imported.document["actions"] if a["type"] == "activate")
    assert first["card"].startswith("pot-of-desires") and first["negated"] is True


def test_an_effect_negated_still_counts() -> None:
    """Ash Blossom's "negate that effect": the Pot was activated, so the second is flagged."""
    imported, verdict = judged(*_answered(
        'A: Declare | Declared effect of "Ash Blossom & Joyous Spring" in hand (1/5)',
        'A: To GY | Sent "Ash Blossom & Joyous Spring" from hand (1/5) to GY'), hands=_HANDS)
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)
    assert "spell-trap.activation-negated" not in readings_of(imported)


def test_an_answer_after_another_activation_is_not_read_as_the_pots() -> None:
    """B chained a card of their own first: the answer may negate that one."""
    _, verdict = judged(*_answered('B: Activate ST | Activated "Pot of Greed" from hand '
                                   '(3/6) to S-2', *_JAMMER), hands=_HANDS)
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)


def test_a_card_not_sent_to_the_graveyard_was_not_negated() -> None:
    """The Pot stays on the field after the answer: nothing shows a negation."""
    _, verdict = judged(*_answered(*_JAMMER, sent=False), hands=_HANDS)
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)


def test_a_card_whose_effect_the_log_shows_carried_out_was_not_negated() -> None:
    """The Pot's draw logged after the answer, before the Pot went to the GY: the negation
    did not hold (the answer's own activation negated, or another link's), so it counts."""
    imported, verdict = judged(
        *_A_TURN, *opening("B", "Sangan"), _FIRST, *_JAMMER[:2],
        'B: Draw card | Drew a card || Drew "Tsukuyomi"',
        'B: To GY | Sent "Pot of Desires" from S-1 to GY', _JAMMER[2],
        'B: Activate ST | Activated "Pot of Desires" from hand (1/6) to S-1', hands=_HANDS)
    assert rule_at(verdict) == ("effect.once-per-turn",
                                'Activated "Pot of Desires" from hand (1/6) to S-1')
    assert "spell-trap.activation-negated" not in readings_of(imported)


def test_a_hand_trap_discarded_as_its_cost_negates_the_activation() -> None:
    """Ghost Belle & Haunted Mansion sent from the hand at once, its effect not declared
    (advanced-77160071 game 3 [40:35]): "negate that activation"."""
    hands = (["Ghost Belle & Haunted Mansion", *HAND_A[1:]],
             ["Mitsurugi Prayers", "Mitsurugi Prayers", *HAND_B[2:]])
    imported, verdict = judged(
        *A1, "A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
        "A: Enter EP | Entered End Phase", "A: End turn | Ended turn",
        *opening("B", "Sangan"),
        'B: Activate ST | Activated "Mitsurugi Prayers" from hand (1/6) to S-1',
        'A: To GY | Sent "Ghost Belle & Haunted Mansion" from hand (1/5) to GY',
        'B: To GY | Sent "Mitsurugi Prayers" from S-1 to GY',
        'B: Activate ST | Activated "Mitsurugi Prayers" from hand (1/5) to S-1', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert "spell-trap.activation-negated" in readings_of(imported)


def test_a_use_limit_is_spent_by_a_negated_activation() -> None:
    """Magistus Vritra: "You can only use each effect of "Magistus Vritra" once per turn" (as
    The Black Goat Laughs' "use 1 ... effect per turn", advanced-77243436 game 1 [17:03]): an
    attempt spends the use, so the reading does not mark it negated and a second copy is
    flagged."""
    hands = (["Magic Jammer", *HAND_A[1:]],
             ["Magistus Vritra", "Magistus Vritra", *HAND_B[2:]])
    imported, verdict = judged(
        *_A_TURN, *opening("B", "Sangan"),
        'B: Activate ST | Activated "Magistus Vritra" from hand (1/6) to S-1', *_JAMMER,
        'B: To GY | Sent "Magistus Vritra" from S-1 to GY',
        'B: Activate ST | Activated "Magistus Vritra" from hand (1/5) to S-1', hands=hands)
    assert "spell-trap.activation-negated" not in readings_of(imported)
    assert rule_at(verdict) == ("effect.once-per-turn",
                                'Activated "Magistus Vritra" from hand (1/5) to S-1')


def test_a_negation_of_a_later_summon_is_not_the_pots() -> None:
    """The Pot resolved (its draws), a Normal Summon followed, and Solemn Judgment answered
    that Summon; the Pot went to the GY only then: no negation of the Pot (a reviewer's
    probe), so the second Pot is flagged."""
    hands = (["Solemn Judgment", *HAND_A[1:]], _HANDS[1])
    imported, verdict = judged(
        *_A_TURN[:-3], 'A: Set ST | Set "Solemn Judgment" from hand (1/6) to S-2',
        *_A_TURN[-2:], *opening("B", "Sangan"), _FIRST,
        'B: Draw card | Drew a card || Drew "Tsukuyomi"',
        'B: Draw card | Drew a card || Drew "Trap Dustshoot"',
        'B: Normal Summon | Normal Summoned "Sangan" from hand (1/7) to M-3',
        'A: Activate ST | Activated Set "Solemn Judgment" in S-2',
        'B: To GY | Sent "Sangan" from M-3 to GY',
        'A: To GY | Sent "Solemn Judgment" from S-2 to GY',
        'B: To GY | Sent "Pot of Desires" from S-1 to GY',
        f"B: Activate ST | {_SECOND}", hands=hands)
    assert "spell-trap.activation-negated" not in readings_of(imported)
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)


def test_an_answer_that_negates_only_monster_effects_negates_no_spell() -> None:
    """Solemn Strike ("When a monster(s) would be Summoned, OR a monster effect is activated:
    ... negate the Summon or activation") cannot answer Pot of Desires."""
    hands = (["Solemn Strike", *HAND_A[1:]], _HANDS[1])
    strike = ['A: Activate ST | Activated Set "Solemn Strike" in S-2',
              'A: To GY | Sent "Solemn Strike" from S-2 to GY']
    imported, verdict = judged(
        *_A_TURN[:-3], 'A: Set ST | Set "Solemn Strike" from hand (1/6) to S-2',
        *_A_TURN[-2:], *opening("B", "Sangan"), _FIRST, *strike,
        'B: To GY | Sent "Pot of Desires" from S-1 to GY', f"B: Activate ST | {_SECOND}",
        hands=hands)
    assert "spell-trap.activation-negated" not in readings_of(imported)
    assert rule_at(verdict) == ("effect.once-per-turn", _SECOND)

"""A rollback agreed in chat (validator/importers/duelingbook/readings/rollback.py): the plays
since the moment the players went back to are undone only with the log's evidence (a request
in chat, the other player's consent or part in it, the cards put back where they stood and
Life Points restored); without any of it the plays are judged as they stand."""

from __future__ import annotations

from typing import Any

from tests.validator.importers.duelingbook.replays import (
    actions,
    judged,
    opening,
    readings_of,
    rule_at,
    said,
)
from validator.importers.duelingbook.game import Game
from validator.importers.duelingbook.readings import rollback

ASK = 'B: Duel message | "we need to rewind" {"message": "we need to rewind"}'
AGREE = 'A: Duel message | "sure" {"message": "sure"}'
SUMMON = 'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1'
COST = 'B: To GY | Sent "Tsukuyomi" from hand (1/5) to GY'
TURN_1 = ['A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) to M-1',
          "A: End turn | Ended turn", *opening("B", "Sangan")]
PUT_BACK = ('B: To hand | Returned "Gemini Elf" from M-1 to hand',
            'B: To hand | Returned "Tsukuyomi" from GY to hand')
LOST = 'A: Life points | Lost 1900 LP {"amount": -1900, "life": 6100}'
REGAINED = 'A: Life points | Gained 1900 LP {"amount": 1900, "life": 8000}'


def _replayed_after_end_turn(*between: str, put_back: tuple[str, ...] = PUT_BACK,
                             damage: tuple[str, ...] = ()) -> tuple[Game, dict[str, Any]]:
    """advanced-77161654 game 2's shape: B's turn played (a Normal Summon, a card sent, a
    direct attack and its ``damage``), "Ended turn", then the chat ``between``, the cards
    ``put back``, and the turn replayed with its Normal Summon again."""
    return judged(
        "A: End turn | Ended turn", *opening("B", "Sangan"), SUMMON, COST,
        "B: Enter BP | Entered Battle Phase",
        'B: Attack directly | Attacked directly with "Gemini Elf" in M-1', *damage,
        "B: Enter EP | Entered End Phase", "B: End turn | Ended turn", *between, *put_back,
        SUMMON, fmt="au")


def test_a_rollback_agreed_in_chat_is_judged_from_the_restored_board() -> None:
    """advanced-77161654 game 2 [52:19]: after "Ended turn" the players agree to rewind, the
    cards go back where they stood, and the turn's Normal Summon is made again: the plays
    undone are no steps, the replayed Summon is the turn's first, in Main Phase 1."""
    imported, verdict = _replayed_after_end_turn(ASK, AGREE)
    assert verdict["legal"], verdict["violation"]
    assert "rewind.agreed-in-chat" in readings_of(imported)
    assert actions(imported).count(("normal_summon", "gemini-elf")) == 1
    assert ("declare_attack", "gemini-elf") not in actions(imported)
    assert ("phase", "battle") not in actions(imported)
    (note,) = said(imported, "rewind.agreed-in-chat")
    assert "Bob asked" in note and "Alice agreed" in note and "2 card(s) put back" in note


def test_the_other_player_putting_back_their_life_points_is_their_consent() -> None:
    """advanced-77161654 game 2 [52:31]: Pirexx wrote no "ok" but put his own Life Points
    back, which is no action."""
    imported, verdict = _replayed_after_end_turn(ASK, put_back=(*PUT_BACK[:1], REGAINED,
                                                                *PUT_BACK[1:]),
                                                 damage=(LOST,))
    assert verdict["legal"], verdict["violation"]
    assert "rewind.agreed-in-chat" in readings_of(imported)
    assert not [a for a in actions(imported) if a[0] in ("damage", "gain_lp")]
    (note,) = said(imported, "rewind.agreed-in-chat")
    assert "Alice took part" in note and "Life Points restored" in note


def test_life_points_not_restored_are_no_rollback() -> None:
    _, verdict = _replayed_after_end_turn(ASK, AGREE, damage=(LOST,))
    assert rule_at(verdict) == ("phase.restricted-action", SUMMON.split(" | ")[1])


def test_a_rollback_nobody_agreed_to_is_no_rollback() -> None:
    _, verdict = _replayed_after_end_turn(ASK)
    assert rule_at(verdict) == ("phase.restricted-action", SUMMON.split(" | ")[1])


def test_a_rollback_with_a_card_not_put_back_is_no_rollback() -> None:
    _, verdict = _replayed_after_end_turn(ASK, AGREE, put_back=PUT_BACK[:1])
    assert rule_at(verdict) == ("phase.restricted-action", SUMMON.split(" | ")[1])


def test_a_rollback_nobody_asked_for_is_no_rollback() -> None:
    _, verdict = _replayed_after_end_turn(AGREE)
    assert rule_at(verdict) == ("phase.restricted-action", SUMMON.split(" | ")[1])


WAIT = 'A: Duel message | "wait" {"message": "wait"}'


def _clicked_back(*between: str, again: tuple[str, ...]) -> tuple[Game, dict[str, Any]]:
    """advanced-77511191 game 1's shape: B's card sent, the Battle Phase, an attack on Blade
    Knight and Main Phase 2; then ``between`` and B's card put back, the phases clicked back
    to Main Phase 1, and the Battle Phase again with the attacks ``again``."""
    return judged(
        *TURN_1, SUMMON, COST, "B: Enter BP | Entered Battle Phase",
        'B: Attack | Attacked "Blade Knight" in M-1 with "Gemini Elf" in M-1',
        'A: To GY | Sent "Blade Knight" from M-1 to GY', "B: Enter M2 | Entered Main Phase 2",
        *between, "B: Enter BP | Entered Battle Phase", "B: Enter M1 | Entered Main Phase 1",
        "B: Enter BP | Entered Battle Phase", *again, fmt="au")


BACK = 'B: To hand | Returned "Tsukuyomi" from GY to hand'
ATTACK = 'B: Attack | Attacked "Blade Knight" in M-1 with "Gemini Elf" in M-1'
KNIGHT_BACK = 'A: SS ATK | Special Summoned "Blade Knight" from GY to M-1 (ATK)'


def test_phases_clicked_back_through_are_part_of_the_rollback() -> None:
    """advanced-77511191 game 1 [12:14]: "wait", the card put back, the turn player clicking
    back to Main Phase 1 (their part in it): the Battle Phase and its attack are undone, the
    attack declared in the Battle Phase entered again is the monster's first."""
    imported, verdict = judged(
        *TURN_1, SUMMON, COST, "B: Enter BP | Entered Battle Phase", ATTACK,
        'A: To GY | Sent "Blade Knight" from M-1 to GY', "B: Enter M2 | Entered Main Phase 2",
        WAIT, BACK, KNIGHT_BACK, "B: Enter BP | Entered Battle Phase",
        "B: Enter M1 | Entered Main Phase 1", "B: Enter BP | Entered Battle Phase", ATTACK,
        fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "rewind.agreed-in-chat" in readings_of(imported)
    assert actions(imported).count(("declare_attack", "gemini-elf")) == 1
    assert actions(imported).count(("phase", "battle")) == 1
    assert ("phase", "main2") not in actions(imported)


def test_an_attack_declared_before_the_defender_put_back_is_declared_again() -> None:
    """advanced-77511191 game 1 [12:57]: Jacks attacked Lambda Blade while Ga10 Cutter was
    still to be put back; Cutter came back and Jacks attacked it: one attack."""
    imported, verdict = _clicked_back(WAIT, BACK, again=(
        'B: Attack directly | Attacked directly with "Gemini Elf" in M-1', KNIGHT_BACK,
        ATTACK))
    assert verdict["legal"], verdict["violation"]
    assert "rewind.attack-redeclared" in readings_of(imported)
    assert actions(imported).count(("declare_attack", "gemini-elf")) == 1


def test_an_attack_declared_again_with_nothing_put_back_between_is_judged() -> None:
    direct = 'B: Attack directly | Attacked directly with "Gemini Elf" in M-1'
    _, verdict = _clicked_back(WAIT, BACK, KNIGHT_BACK, again=(ATTACK, direct))
    assert rule_at(verdict) == ("battle.already-attacked", direct.split(" | ")[1])


def test_phases_clicked_back_with_no_card_put_back_are_no_rollback() -> None:
    direct = 'B: Attack directly | Attacked directly with "Gemini Elf" in M-1'
    _, verdict = _clicked_back(WAIT, again=(direct,))
    assert rule_at(verdict) == ("battle.already-attacked", direct.split(" | ")[1])


def test_a_request_made_in_an_earlier_turn_is_no_rollback() -> None:
    """A rollback reaches back within the turn of its request: the importer keeps no moment
    to go back to in a turn that begins after the game's last request (the reading's cost
    where a request is long past), and the flags stay."""
    _, verdict = judged(
        ASK, AGREE, "A: End turn | Ended turn", *opening("B", "Sangan"), SUMMON, COST,
        "B: Enter BP | Entered Battle Phase",
        'B: Attack directly | Attacked directly with "Gemini Elf" in M-1',
        "B: Enter EP | Entered End Phase", "B: End turn | Ended turn", *PUT_BACK, SUMMON,
        fmt="au")
    assert rule_at(verdict) == ("phase.restricted-action", SUMMON.split(" | ")[1])


def test_a_request_is_read_alike_in_any_case() -> None:
    """An ASCII chat line is searched lower-cased (the faster search): the same lines ask as
    with the case-insensitive one, which the pattern being lower-case guarantees."""
    assert not any(c.isupper() for c in rollback.ASKED.pattern)
    for line in ("WAIT", "Can I Replay?", "MissClicked", "ok", "I COULDN'T", "Zurück", "gg"):
        play = {"play": "Duel message", "message": line}
        assert rollback.asks(play) is (rollback.ASKED.search(line) is not None)


def _spellings(items: Any) -> list[str]:
    """Every text a parsed pattern (``re._parser``) matches, for the finite constructs the
    request pattern uses (literals, groups, alternations, sets, optional parts); anything
    else fails, so that a new construct is looked at."""
    from re import _constants as c  # type: ignore[attr-defined]
    out = [""]
    for op, arg in items:
        if op is c.LITERAL:
            options = [chr(arg)]
        elif op is c.AT:
            continue  # \\b: no text
        elif op is c.SUBPATTERN:
            options = _spellings(arg[-1])
        elif op is c.BRANCH:
            options = [text for branch in arg[1] for text in _spellings(branch)]
        elif op is c.IN:
            assert all(kind is c.LITERAL for kind, _ in arg), arg
            options = [chr(code) for _, code in arg]
        elif op is c.MAX_REPEAT and arg[0] == 0 and arg[1] == 1:
            options = ["", *_spellings(arg[2])]
        else:
            raise AssertionError(f"a construct the check does not spell: {op} {arg}")
        out = [head + tail for head in out for tail in options]
    return out


def test_every_request_holds_one_of_the_anchor_words() -> None:
    """The anchor words that spare most chat lines a search are in every text the request
    pattern matches (lower-cased, as the ASCII lines are searched)."""
    import re._parser as parser  # type: ignore[import-not-found]
    spellings = _spellings(parser.parse(rollback.ASKED.pattern))
    assert len(spellings) > 40
    missing = [t for t in spellings if not any(w in t.lower() for w in rollback.ASKED_ANCHORS)]
    assert missing == []


def test_a_line_is_anchored_exactly_when_it_holds_an_anchor_word() -> None:
    """The words kept as holding an anchor or not (rollback.anchored) tell the same lines as
    testing each anchor in the whole line: the request spellings, lines around them, lines
    without, and anchors across whitespace of each kind str.split splits on (none holds one).
    Asked twice, the second time from the words kept."""
    import re._parser as parser  # type: ignore[import-not-found]
    texts = [t.lower() for t in _spellings(parser.parse(rollback.ASKED.pattern))]
    texts += ["gg", "nice", "ty", "", " ", "w", "wai", "annul", "can i go again?", "zu", "roll",
              "indietr", "x" * 40 + "legal", "my turn", "attends", "ok wait", "123 do", "wa it",
              "wa\tit", "wa\x1cit", "le\x0bgal", "un do", "ba\nck", "re-wind", "gg\r\nwait"]
    texts += [t[1:] for t in texts] + [t[:-1] for t in texts]
    for _ in range(2):
        for text in texts:
            assert rollback.anchored(text) == any(w in text for w in rollback.ASKED_ANCHORS), text

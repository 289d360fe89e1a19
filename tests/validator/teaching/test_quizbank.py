"""Quiz questions from real Duelingbook games (validator/teaching/quizbank.py)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.helpers import ROOT, SHARED
from validator import validate
from validator.teaching.quizbank import bank, build_bank, corpus_quiz

CORPUS = SHARED / "data" / "duelingbook"
KEPT = ROOT / "validator" / "teaching" / "quizdata" / "duelingbook.json"
QUESTIONS = [corpus_quiz(seed) for seed in range(len(bank()["questions"]))]


@pytest.mark.skipif(not CORPUS.exists(), reason="../shared is not beside the checkout: the "
                                                "committed quiz data is used as it is")
def test_the_kept_bank_is_what_the_replays_give_now() -> None:
    built = build_bank(CORPUS.glob("*.json"))
    assert built == json.loads(KEPT.read_text("utf-8")), \
        "validator/teaching/quizdata/duelingbook.json is stale: run `make quiz-data`"


def test_every_question_is_a_legal_position_and_its_answer_is_the_verdict() -> None:
    for q in QUESTIONS:
        assert validate(q.scenario).legal
        verdict = validate({**q.scenario, "actions": [*q.scenario["actions"], q.proposed]})
        assert verdict.legal is q.answer["legal"]
        assert q.answer["rule"] == (verdict.violation.rule if verdict.violation else None)


def test_real_plays_and_plausible_illegal_ones_come_from_every_game() -> None:
    data = bank()
    assert {q["game"] for q in data["questions"]} == set(data["games"])
    assert len(data["games"]) == 15
    kinds = Counter((q.origin["real_play"], q.answer["legal"]) for q in QUESTIONS)  # type: ignore[index]
    assert kinds[(True, True)] > 20 and kinds[(False, False)] > 20
    rules_broken = {q.answer["rule"] for q in QUESTIONS if not q.answer["legal"]}
    assert len(rules_broken) >= 8


def test_the_real_violation_of_the_corpus_is_a_question() -> None:
    real_illegal = [q for q in QUESTIONS if q.origin["real_play"] and not q.answer["legal"]]  # type: ignore[index]
    assert [(q.origin["replay"], q.origin["game"], q.answer["rule"]) for q in real_illegal] \
        == [("goat-1001583-79697592.json", 3, "summon.normal-once")]  # type: ignore[index]
    assert real_illegal[0].origin["log"]["time"] == "[16:10]"  # type: ignore[index]
    assert "log" not in real_illegal[0].proposed  # shown after the answer, not before


def test_a_question_names_its_game_and_keeps_the_log_lines() -> None:
    q = QUESTIONS[0]
    assert q.origin is not None and set(q.origin) == {
        "from", "replay", "game", "players", "format", "real_play", "log"}
    assert all("log" in action for action in q.scenario["actions"])
    again = corpus_quiz(len(QUESTIONS)).to_dict()
    assert again == QUESTIONS[0].to_dict() | {"seed": len(QUESTIONS)}

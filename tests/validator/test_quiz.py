"""Quiz questions (validator/quiz.py)."""

from __future__ import annotations

import pytest

from validator import rules, validate
from validator.quiz import quiz

QUIZZES = [quiz(seed, 1 + seed % 3) for seed in range(340)]  # 39 rules: eight rounds and more


def test_the_same_seed_gives_the_same_quiz() -> None:
    for seed in (0, 5, 99):
        assert quiz(seed, 2).to_dict() == quiz(seed, 2).to_dict()
    assert quiz(1, 1).to_dict() != quiz(2, 1).to_dict()


def test_about_half_are_illegal_and_every_rule_comes_up() -> None:
    illegal = [q for q in QUIZZES if not q.answer["legal"]]
    assert 0.35 < len(illegal) / len(QUIZZES) < 0.65
    assert {q.answer["rule"] for q in illegal} == set(rules())


def test_the_scenario_is_legal_and_the_answer_is_the_verdict() -> None:
    for q in QUIZZES:
        assert validate(q.scenario).legal
        verdict = validate({**q.scenario, "actions": [*q.scenario["actions"], q.proposed]})
        assert verdict.legal is q.answer["legal"]
        if not verdict.legal:
            assert verdict.violation is not None
            assert (q.answer["rule"], q.answer["message"]) == (verdict.violation.rule,
                                                               verdict.violation.message)
            assert q.answer["text"] == rules()[q.answer["rule"]].text


def test_higher_levels_play_further() -> None:
    def played(level: int) -> int:
        return sum(len(quiz(s, level).scenario["actions"]) for s in range(40))
    assert played(1) < played(3)


@pytest.mark.parametrize("level", [0, 4])
def test_levels_are_1_to_3(level: int) -> None:
    with pytest.raises(ValueError, match="level"):
        quiz(1, level)


def test_a_question_after_the_end_of_the_duel_says_so() -> None:
    over = [q for q in QUIZZES if q.answer["rule"] == "duel.over"]
    assert over
    for q in over:
        assert q.outcome is not None and q.to_dict()["outcome"] == q.outcome
    assert all(q.outcome is None for q in QUIZZES if q.answer["legal"])

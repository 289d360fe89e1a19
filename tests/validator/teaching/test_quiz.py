"""Quiz questions (validator/teaching/quiz.py)."""

from __future__ import annotations

import math
import random
import statistics
from typing import Any, Final

import pytest

from validator import rules, validate
from validator.cards import database
from validator.teaching.quiz import Quiz, quiz
from validator.teaching.quizbank import bank, corpus_quiz

QUIZZES = [quiz(seed, 1 + seed % 3) for seed in range(340)]  # 43 rules: eight rounds and more


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


def test_an_answer_is_about_the_real_card() -> None:
    """Seed 1615378278 asked about activating an Axe of Despair already face-up and equipped
    and answered "legal": its golden case defined it as an Equip Spell and no more, which a
    document reads as effects not known. No question may answer "legal" to activating a
    face-up card on the field whose real effects work from nowhere on the field."""
    for q in [quiz(1615378278, 1), *QUIZZES]:
        proposed = q.proposed
        if not q.answer["legal"] or proposed["type"] != "activate":
            continue
        card = q.scenario["cards"][proposed["card"]]
        info = database().named(card.get("name", ""))
        face_up = any(s["card"] == proposed["card"] and s.get("face_up")
                      for side in q.state["players"].values() for s in side["spell_traps"])
        if info is None or not face_up:
            continue
        places = {p for e in info.entry().get("effects", ()) for p in e["from"]}
        assert "field" in places, (q.seed, card["name"])


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


# -- a question must not tell its answer by its shape ---------------------------------------
# What a question shows before it is answered, beside the board: how many steps led there,
# the kind of action proposed, its flags ("in response", "(by an effect)", "(replay)"), and
# whether a log line comes with it. A simple classifier trained on these (a lookup table per
# feature, a threshold on the number of steps, naive Bayes on all four) must do no better
# than always guessing the commoner answer: its accuracy in 5-fold cross-validation (folds
# drawn from a fixed seed) may pass that rate by no more than three standard errors, which
# chance alone passes once in a thousand times. docs/workbench.md says how and why.
Shape = dict[str, Any]


def shape(q: Quiz) -> Shape:
    proposed = q.proposed
    return {"steps": len(q.scenario.get("actions", [])), "kind": proposed["type"],
            "flags": tuple(flag for flag in ("respond", "by_effect", "replay")
                           if proposed.get(flag)),
            "log": bool(proposed.get("log"))}


def _bucket(steps: int) -> int:
    return min(steps // 3, 4)


def _predict(train: list[tuple[Any, bool]], values: list[Any], how: str) -> list[bool]:
    labels = [label for _, label in train]
    common = 2 * sum(labels) >= len(labels)
    if how == "threshold":
        best = (sum(label is common for label in labels), 0, common)
        for cut in sorted({v for v, _ in train}):
            for below in (True, False):
                right = sum(((v <= cut) is below) is label for v, label in train)
                if right > best[0]:
                    best = (right, cut, below)
        _, cut, below = best
        if best[0] == sum(label is common for label in labels):
            return [common] * len(values)
        return [(v <= cut) is below for v in values]
    if how == "table":
        seen: dict[Any, list[bool]] = {}
        for v, label in train:
            seen.setdefault(v, []).append(label)
        out = []
        for v in values:
            votes = seen.get(v, [])
            out.append(common if 2 * sum(votes) == len(votes) else 2 * sum(votes) > len(votes))
        return out
    # naive Bayes over the features of a shape, Laplace-smoothed
    prior = {lab: sum(label is lab for label in labels) for lab in (True, False)}

    def score(row: Shape, lab: bool) -> float:
        total = math.log(prior[lab] + 1)
        for name, value in row.items():
            same = sum(1 for r, label in train if label is lab and r[name] == value)
            total += math.log((same + 1) / (prior[lab] + 2))
        return total
    return [score(row, True) >= score(row, False) for row in values]


def cross_validated(values: list[Any], labels: list[bool], how: str) -> float:
    order = list(range(len(values)))
    random.Random(0).shuffle(order)
    right = 0
    for fold in range(5):
        held = order[fold::5]
        train = [(values[i], labels[i]) for i in order if i not in held]
        guesses = _predict(train, [values[i] for i in held], how)
        right += sum(guess is labels[i] for guess, i in zip(guesses, held, strict=True))
    return right / len(values)


def leaks(questions: list[Quiz]) -> dict[str, tuple[float, float]]:
    """Each classifier's accuracy, with the most that chance allows, where it passes that."""
    rows = [shape(q) for q in questions]
    labels = [bool(q.answer["legal"]) for q in questions]
    chance = max(sum(labels), len(labels) - sum(labels)) / len(labels)
    allowed = chance + 3 * math.sqrt(chance * (1 - chance) / len(labels))
    tried = {name: cross_validated([r[name] for r in rows], labels,
                                   "threshold" if name == "steps" else "table")
             for name in rows[0]}
    tried["all (naive Bayes)"] = cross_validated(
        [{**r, "steps": _bucket(r["steps"])} for r in rows], labels, "bayes")
    return {name: (round(acc, 3), round(allowed, 3)) for name, acc in tried.items()
            if acc > allowed}


def test_a_rules_question_does_not_tell_its_answer_by_its_shape() -> None:
    assert leaks(QUIZZES) == {}
    for level in (1, 2, 3):
        assert leaks([q for q in QUIZZES if q.level == level]) == {}, f"level {level}"


def test_a_real_game_question_does_not_tell_its_answer_by_its_shape() -> None:
    questions = [corpus_quiz(seed) for seed in range(len(bank()["questions"]))]
    assert not any(q.proposed.get("log") for q in questions)  # shown after the answer only
    assert leaks(questions) == {}


def test_a_level_3_question_is_not_its_level_1_question() -> None:
    same = [seed for seed in range(68) if quiz(seed, 3).scenario == quiz(seed, 1).scenario]
    assert len(same) <= 7, same  # a few positions allow no play that keeps the question


#: Rules only a duel's first action can break: their illegal questions play nothing first.
AT_THE_START: Final = frozenset({"draw.first-turn"})


def test_illegal_and_legal_questions_play_alike_at_level_3() -> None:
    played = {legal: sorted(len(q.scenario["actions"]) for q in QUIZZES
                            if q.level == 3 and q.answer["legal"] is legal
                            and q.answer["rule"] not in AT_THE_START)
              for legal in (True, False)}
    for legal, lengths in played.items():
        assert statistics.median(lengths) >= 5, (legal, lengths)
        assert sum(n < 3 for n in lengths) <= 3, (legal, lengths)
    assert all(len(q.scenario["actions"]) == 0 for q in QUIZZES  # as soon as it can be
               if q.level == 3 and not q.answer["legal"] and q.answer["rule"] in AT_THE_START)

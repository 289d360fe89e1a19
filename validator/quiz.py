"""Quiz questions: a duel reached by legal play, a proposed next action, and the answer.

Each question starts from a golden case of one rule (``specs/cases``), whose board was made
to put that rule to the test. Legal play continues from there: more of it at higher levels
(1: none, 2: up to 4 actions, 3: 3 to 10). The rule is the seed modulo the number of rules,
in catalog order; one round of seeds through the rules proposes illegal actions, the next
legal ones, and so on. An illegal proposal breaks the seed's rule where the position allows
it, or else is the golden case's own illegal action. So any two rounds of seeds go through
every rule id both ways, and the same seed always gives the same question.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from .catalog import golden_cases, rules
from .engine import Duel, replay, validate
from .legal import candidates, random_play

LEVELS: Final = {1: (0, 0), 2: (0, 4), 3: (3, 10)}


@dataclass(frozen=True, slots=True)
class Quiz:
    """One question and its answer.

    ``outcome`` says how the duel ended when it is already over before the proposed action
    (any action then breaks ``duel.over``); ``origin`` says where a question from a real game
    comes from (:mod:`validator.quizbank`), None for one built from a rule's golden case.
    """

    seed: int
    level: int
    scenario: dict[str, Any]
    proposed: dict[str, Any]
    answer: dict[str, Any]
    state: dict[str, Any]
    outcome: dict[str, str] | None = None
    origin: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The question as JSON: ask ``question`` about ``proposed`` after ``scenario``."""
        return {"seed": self.seed, "level": self.level,
                "question": "Is the proposed action legal?", "scenario": self.scenario,
                "state": self.state, "outcome": self.outcome, "proposed": self.proposed,
                "answer": self.answer, "origin": self.origin}


def answer_of(played: dict[str, Any], proposed: dict[str, Any]) -> dict[str, Any]:
    """The answer to "is ``proposed`` legal after ``played``": the verdict, and for an
    illegal action its rule's title, text, reason and source from the catalog.

    >>> answer_of({"cards": {}}, {"type": "phase", "player": "p1", "to": "end"})["rule"]
    'turn.phase-order'
    """
    verdict = validate({**played, "actions": [*played.get("actions", ()), proposed]})
    answer: dict[str, Any] = {"legal": verdict.legal, "rule": None, "message": None}
    if verdict.violation is not None:
        entry = rules()[verdict.violation.rule]
        answer.update(rule=entry.id, message=verdict.violation.message, title=entry.title,
                      text=entry.text, why=entry.why, source=entry.source)
    return answer


def question(seed: int, level: int, played: dict[str, Any], proposed: dict[str, Any],
             duel: Duel, origin: dict[str, Any] | None = None) -> Quiz:
    """A :class:`Quiz` about ``proposed`` after ``played`` (``duel``: ``played`` judged).

    >>> from validator import Duel, load_document
    >>> played = {"cards": {}, "actions": []}
    >>> q = question(1, 1, played, {"type": "draw", "player": "p1"},
    ...              Duel(load_document(played)))
    >>> q.proposed["type"], q.seed
    ('draw', 1)
    """
    verdict = duel.verdict()
    return Quiz(seed, level, played, proposed, answer_of(played, proposed), verdict.state,
                verdict.outcome, origin)


def _illegal_for(duel: Duel, rule: str, rng: random.Random) -> dict[str, Any] | None:
    view = duel.legal_actions
    hits = [a.raw for a in candidates(duel.state) if (why := view.why_not(a)) and why[0] == rule]
    return rng.choice(hits) if hits else None


def quiz(seed: int, level: int = 1) -> Quiz:
    """The quiz question of ``seed`` at ``level`` (1 to 3).

    >>> q = quiz(7)
    >>> q == quiz(7), q.answer["legal"] in (True, False)
    (True, True)
    """
    if level not in LEVELS:
        raise ValueError(f"level must be 1, 2 or 3, not {level}")
    rng = random.Random(seed)
    ids = list(rules())
    rule = ids[seed % len(ids)]  # consecutive seeds go through every rule,
    want_legal = (seed // len(ids)) % 2 == 1  # each round of them illegal, then legal
    cases = golden_cases()[rule]
    base = rng.choice([c for c in cases if c["expect"]["legal"] is want_legal])
    doc, expect = base["document"], base["expect"]
    cut = rng.randint(0, len(doc["actions"])) if want_legal else expect["index"]
    scenario = {**doc, "actions": doc["actions"][:cut]}
    low, high = LEVELS[level]
    played = random_play(scenario, rng, rng.randint(low, high))
    duel = replay(played)
    proposed: dict[str, Any] | None
    if want_legal:
        options = [a.raw for a in duel.legal_actions if a.type != "surrender"]
        proposed = rng.choice(options) if options else None
    else:
        proposed = _illegal_for(duel, rule, rng)
    if proposed is None:  # the position no longer allows it: the golden case's own question
        played, proposed = scenario, doc["actions"][cut] if cut < len(doc["actions"]) else \
            {"type": "surrender", "player": doc.get("turn_player", "p1")}
        duel = replay(played)
    return question(seed, level, played, proposed, duel)

"""Quiz questions: a duel reached by legal play, a proposed next action, and the answer.

Each question is about one rule: the seed modulo the number of rules, in catalog order;
one round of seeds through the rules asks about illegal actions, the next about legal ones,
and so on, so any two rounds go through every rule id both ways, and the same seed always
gives the same question.

A question must not give its answer away by its shape, so legal and illegal questions are
made the same way. The position is drawn from the rule's golden cases (``specs/cases``,
whose boards were made to put that rule to the test), legal or illegal, then legal play
continues from there: more of it at higher levels (1: none, 2: up to 4 actions, 3: 3 to
10), leaving the rule's own kinds of action for the question. The proposal is of those
kinds either way (a Normal Summon for ``summon.normal-once``, legal or not), never a
surrender, an idle resolve or an action ``by_effect``. Walks are tried until one reaches a
position that allows the proposal wanted; only if none does is the question a golden case's
own. ``tests/validator/teaching/test_quiz.py`` measures what is left: a simple classifier on what a
question shows before it is answered does no better than chance (docs/workbench.md).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from validator.cards import DOCUMENT_FACTS, database
from validator.document.actionload import load_action
from validator.document.model import Action
from validator.engine.duel import Duel, replay, validate
from validator.engine.legal import candidates
from validator.errors import DocumentError
from validator.rules.catalog import golden_cases, rules

LEVELS: Final = {1: (0, 0), 2: (0, 4), 3: (3, 10)}


@dataclass(frozen=True, slots=True)
class Quiz:
    """One question and its answer.

    ``outcome`` says how the duel ended when it is already over before the proposed action
    (any action then breaks ``duel.over``); ``origin`` says where a question from a real game
    comes from (:mod:`validator.teaching.quizbank`), None for one built from a rule's golden case.
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


#: What a card's definition says of its rules, beside its name, kind and stats.
_RULE_FACTS: Final = frozenset(DOCUMENT_FACTS) | {"effect", "effects"}


def with_real_facts(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` with each card the card database knows by its name given the rule facts
    of the real card that its definition leaves unsaid (its effects, above all): a golden
    case may define Axe of Despair as an Equip Spell and no more, which a duel document reads
    as "its effects are not known", but a player reads the real card, whose only effect works
    from the Graveyard. What the definition says stays as it is.

    >>> doc = {"cards": {"axe": {"name": "Axe of Despair", "kind": "spell",
    ...                          "subtype": "equip"}}}
    >>> with_real_facts(doc)["cards"]["axe"]["effects"]
    [{'kind': 'trigger', 'from': ['graveyard']}]
    >>> pot = {"cards": {"pot": {"name": "Pot of Greed", "kind": "spell", "subtype": "normal"}}}
    >>> with_real_facts(pot)["cards"]["pot"]["effects"]
    []
    """
    cards: dict[str, Any] = {}
    for key, card in document.get("cards", {}).items():
        info = database().named(card["name"]) if isinstance(card, dict) and \
            isinstance(card.get("name"), str) and "passcode" not in card else None
        if info is None or info.kind != card.get("kind"):
            cards[key] = card
            continue
        said = set(card)
        if said & {"effect", "effects"}:
            said |= {"effect", "effects"}
        real = info.entry()
        if "effect" not in real:
            real.setdefault("effects", [])  # the database's "none": a document's is a list
        cards[key] = {**card, **{fact: value for fact, value in real.items()
                                 if fact in _RULE_FACTS and fact not in said}}
    return {**document, "cards": cards}


def _same_verdict(case: dict[str, Any], document: dict[str, Any]) -> bool:
    verdict, expect = validate(document), case["expect"]
    if expect["legal"]:
        return verdict.legal
    return verdict.violation is not None and verdict.violation.index == expect["index"] and \
        verdict.violation.rule == expect.get("rule", verdict.violation.rule)


@cache
def real_cases(rule: str) -> tuple[dict[str, Any], ...]:
    """The golden cases of ``rule`` that questions start from, each with its cards' real facts
    (:func:`with_real_facts`): those that the real facts leave judged as they were (a case
    whose verdict turns on a fact its definition invents keeps its own definitions)."""
    out = []
    for case in golden_cases()[rule]:
        real = {**case, "document": with_real_facts(case["document"])}
        out.append(real if _same_verdict(case, real["document"]) else case)
    return tuple(out)


#: Walks tried for a proposal of the rule's own kinds, then for one of any kind, before a
#: question falls back to a golden case's own question.
ATTEMPTS: Final = 20
RELAXED: Final = 4


@cache
def rule_actions(rule: str) -> tuple[frozenset[str], tuple[dict[str, Any], ...]]:
    """What a rule's questions propose: the action types its golden cases break it with
    (a question of that rule proposes one of those, legal or not), and every action of its
    golden cases (offered beside the candidates :func:`validator.engine.legal.candidates` makes,
    which leave out actions only an effect causes).

    >>> types, _ = rule_actions("summon.normal-once")
    >>> sorted(types)
    ['normal_summon', 'set_monster']
    """
    cases = golden_cases()[rule]
    types = frozenset(c["document"]["actions"][c["expect"]["index"]]["type"]
                      for c in cases if c["expect"].get("rule") == rule)
    seen: dict[str, dict[str, Any]] = {}
    for case in cases:
        for action in case["document"]["actions"]:
            seen.setdefault(json.dumps(action, sort_keys=True), action)
    return types, tuple(seen.values())


def _proposals(duel: Duel, rule: str, want_legal: bool,
               any_kind: bool = False) -> list[dict[str, Any]]:
    """The actions a question of ``rule`` may propose after ``duel``: legal ones, or ones
    that break ``rule``, either way of the rule's own action types (unless ``any_kind``),
    and never a surrender, an idle resolve or an action ``by_effect`` (an exemption: always
    legal)."""
    types, golden = rule_actions(rule)
    view = duel.legal_actions
    offered: dict[str, Action] = {}
    for action in candidates(duel.state):
        offered.setdefault(json.dumps(action.raw, sort_keys=True), action)
    for raw in golden:
        key = json.dumps(raw, sort_keys=True)
        if key not in offered:
            try:
                offered[key] = load_action(raw, duel.document.cards, duel.pushed)
            except DocumentError:
                continue  # a card of another golden case
    fits: list[dict[str, Any]] = []
    for action in offered.values():
        if action.type == "surrender" or action.by_effect or \
                (action.type == "resolve" and not duel.state.chain):
            continue  # nothing to ask: always legal, an exemption, or always a way out
        why = view.why_not(action)
        if (why is None) if want_legal else (why is not None and why[0] == rule):
            fits.append(action.raw)
    return [a for a in fits if any_kind or a["type"] in types]


#: Action types random play prefers to phase changes (as validator.engine.randomplay.random_play).
_PASSING: Final = frozenset({"phase", "end_turn"})
#: Never played at random: a Quick Summon (seed 001's, from the hand at any time) would
#: empty the hand and lock the turn's Normal Summon in most positions.
_SPARED: Final = frozenset({"quick_summon"})


def _walk(document: dict[str, Any], rng: random.Random, steps: int,
          spare: frozenset[str] = frozenset()) -> Iterator[tuple[dict[str, Any], Duel]]:
    """``document`` and the duel it reaches, then after each of up to ``steps`` random
    legal actions: cards are played rather than phases changed nine times in ten (never a
    surrender or an idle resolve); candidates are tried in a random order until one is legal
    (no full listing at each step). Actions of the ``spare`` types are left for the
    question.

    >>> walked = list(_walk({"cards": {}}, random.Random(1), 3))
    >>> [a["type"] for a in walked[-1][0]["actions"]], [duel.pushed for _, duel in walked]
    (['draw', 'phase', 'phase'], [0, 1, 2, 3])
    """
    duel = replay(document)
    actions = list(document.get("actions", []))
    yield {**document, "actions": list(actions)}, duel.copy()
    for _ in range(steps):
        view = duel.legal_actions
        offered = [a for a in candidates(duel.state) if a.type != "surrender"
                   and a.type not in spare and (a.type != "resolve" or duel.state.chain)]
        rng.shuffle(offered)
        if rng.random() < 0.9:  # a card played, if any can be
            offered.sort(key=lambda a: a.type in _PASSING)
        chosen = next((a for a in offered if view.why_not(a) is None), None)
        if chosen is None:
            return
        duel.push(chosen)
        actions.append(chosen.raw)
        yield {**document, "actions": list(actions)}, duel.copy()


def _positions(rule: str, level: int,
               rng: random.Random) -> list[tuple[dict[str, Any], Duel]]:
    """Positions to ask a question of ``rule`` about, drawn the same way whatever the
    answer is to be: a golden case of the rule (legal or not) cut before its illegal action
    or anywhere, then random legal play (:func:`_walk`), each position after as many actions
    as the level plays (1: none, 2: up to 4, 3: 3 to 10). The walk leaves the rule's own
    action types for the question (a Normal Summon played at random would use up the one a
    Normal Summon question is about), and plays no Quick Summon."""
    case = rng.choice(real_cases(rule))
    doc, expect = case["document"], case["expect"]
    cut = rng.randint(0, len(doc["actions"])) if expect["legal"] else expect["index"]
    low, high = LEVELS[level]
    walked = list(_walk({**doc, "actions": doc["actions"][:cut]}, rng, high,
                        (rule_actions(rule)[0] | _SPARED) - _PASSING))
    return walked[low:]


def quiz(seed: int, level: int = 1) -> Quiz:
    """The quiz question of ``seed`` at ``level`` (1 to 3).

    A question must not tell its answer by its shape: its positions are drawn the same way
    for legal and illegal questions (:func:`_positions`), one of those that allow the
    proposal wanted is taken, and the proposal is of the action types the rule is about
    either way (:func:`_proposals`); only when :data:`ATTEMPTS` walks give no such position
    is a proposal of any kind taken (:data:`RELAXED` more walks), and only then does the
    question fall back to a golden case's own question.

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
    for attempt in range(ATTEMPTS + RELAXED):
        any_kind = attempt >= ATTEMPTS  # the last walks take a proposal of any kind
        fit = [(played, duel, options) for played, duel in _positions(rule, level, rng)
               if (options := _proposals(duel, rule, want_legal, any_kind))]
        if fit:
            played, duel, options = rng.choice(fit)
            return question(seed, level, played, dict(rng.choice(options)), duel)
    # no position allowed it: a golden case's own question
    base = rng.choice([c for c in real_cases(rule) if c["expect"]["legal"] is want_legal])
    doc, expect = base["document"], base["expect"]
    types = rule_actions(rule)[0]
    cuts = [i for i, a in enumerate(doc["actions"]) if a["type"] in types] or \
        list(range(len(doc["actions"]))) or [0]
    cut = rng.choice(cuts) if want_legal else expect["index"]
    played = {**doc, "actions": doc["actions"][:cut]}
    proposed = doc["actions"][cut] if cut < len(doc["actions"]) else \
        {"type": "surrender", "player": doc.get("turn_player", "p1")}
    return question(seed, level, played, proposed, replay(played))

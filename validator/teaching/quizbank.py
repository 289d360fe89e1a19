"""Quiz questions from real games: positions reached in the Duelingbook matches of
``../shared/data/duelingbook``, each with the play its player really made next or a
plausible illegal one.

The bank is built once, at build time (``make quiz-data``), from the replays through the
importer, and kept in the package (``validator/teaching/quizdata/duelingbook.json``): the service
never reads ``../shared``. Each question is a game cut after some legal action, and a
proposed next action. Answers are not stored: they are judged when the question is asked,
so they always agree with the engine.

>>> q = corpus_quiz(3)
>>> q.origin["from"], q.answer["legal"] in (True, False), q == corpus_quiz(3)
('duelingbook', True, True)
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from validator.engine.duel import Duel, replay, validate
from validator.engine.legal import candidates
from validator.importers.duelingbook.replay import format_name, load_replay
from validator.teaching.quiz import Quiz, question

#: Questions each game gives (at most), besides its real violation if it has one.
PER_GAME: Final = 6
#: Plays worth asking about: a player's own choices, not phase steps or bookkeeping.
CHOICES: Final = frozenset({"normal_summon", "set_monster", "flip_summon", "change_position",
                            "set_spell_trap", "activate", "declare_attack", "quick_summon"})
#: Candidate illegal actions left out: not a play anyone would propose.
_DULL: Final = frozenset({"surrender", "resolve", "draw", "end_turn", "phase", "discard",
                          "quick_summon"})  # (no Quick Summon in Duelingbook's formats)


def _asked(action: dict[str, Any]) -> bool:
    log = action.get("log") or {}
    return action["type"] in CHOICES and not log.get("implied") and not action.get("by_effect")


def _plausible_illegal(duel: Duel, rng: random.Random,
                       like: dict[str, Any] | None = None,
                       asked: Counter[str] | None = None) -> dict[str, Any] | None:
    """An illegal action a player might try here: a rule chosen at random among those the
    position lets one break (among those the bank has asked least about so far, ``asked``,
    so that the quiz teaches many rules), then one such action; of the type of ``like`` (the
    play really made there), and a response only if it is one, when the position allows
    such an action, so that neither tells the real plays from the others."""
    view = duel.legal_actions
    offered = [a for a in candidates(duel.state) if a.type not in _DULL
               and not (a.card and duel.state.cards[a.card].token)]
    same = [a for a in offered if like is not None and a.type == like["type"]
            and a.respond == bool(like.get("respond"))]
    by_rule: dict[str, list[dict[str, Any]]] = {}
    for action in same if any(view.why_not(a) for a in same) else offered:
        why = view.why_not(action)
        if why is not None:
            by_rule.setdefault(why[0], []).append(action.raw)
    if not by_rule:
        return None
    counts = asked if asked is not None else Counter[str]()
    fewest = min(counts[rule] for rule in by_rule)
    rule = rng.choice(sorted(r for r in by_rule if counts[r] == fewest))
    counts[rule] += 1
    return dict(rng.choice(by_rule[rule]))


def game_questions(key: str, document: dict[str, Any],
                   asked: Counter[str] | None = None) -> list[dict[str, Any]]:
    """The questions of one game: up to :data:`PER_GAME` positions spread over its legal
    part, alternately with the real next play and a plausible illegal one (its rule counted
    in ``asked``), and its first illegal play (if any) as a real play to judge.

    >>> game_questions("empty#1", {"cards": {}, "actions": []})
    []
    """
    rng = random.Random(key)
    actions = document["actions"]
    verdict = validate(document)
    legal_part = verdict.violation.index if verdict.violation else len(actions)
    cuts = [c for c in range(1, legal_part) if _asked(actions[c])]
    chosen = sorted(rng.sample(cuts, min(PER_GAME, len(cuts))))
    out: list[dict[str, Any]] = []
    for n, cut in enumerate(chosen):
        proposed, real = actions[cut], True
        if n % 2 == 1:
            duel = replay({**document, "actions": actions[:cut]})
            if duel.state.outcome is not None:
                continue
            alternative = _plausible_illegal(duel, rng, proposed, asked)
            if alternative is not None:
                proposed, real = alternative, False
        out.append(_entry(key, cut, proposed, real))
    if verdict.violation is not None:
        index = verdict.violation.index
        out.append(_entry(key, index, actions[index], True))
    return out


def _entry(key: str, cut: int, proposed: dict[str, Any], real: bool) -> dict[str, Any]:
    """One question of the bank. The proposal is stored without its log line, which only a
    real play has: shown with the question it would tell the real plays from the others;
    the line is kept apart (``log``), for after the answer."""
    play = {k: v for k, v in proposed.items() if k != "log"}
    return {"game": key, "cut": cut, "proposed": play, "real": real,
            "log": proposed.get("log") if real else None}


def build_bank(replays: Iterable[Path]) -> dict[str, Any]:
    """The bank from replay files: each game's document (cut after its last question's
    position) and the questions.

    >>> build_bank([])["questions"]
    []
    """
    games: dict[str, Any] = {}
    questions: list[dict[str, Any]] = []
    asked = Counter[str]()
    for path in sorted(replays):
        for game in load_replay(path.read_text("utf-8")):
            key = f"{path.name}#{game.number}"
            found = game_questions(key, game.document, asked)
            if not found:
                continue
            end = max(q["cut"] for q in found)
            games[key] = {"replay": path.name, "game": game.number, "players": game.players,
                          "format": format_name(game.format, game.card_pool),
                          "document": {**game.document,
                                       "actions": game.document["actions"][:end]}}
            questions += found
    return {"about": "Quiz questions from real Duelingbook games; generated by "
                     "`make quiz-data` from ../shared/data/duelingbook, do not edit.",
            "games": games, "questions": questions}


@cache
def bank() -> dict[str, Any]:
    """The bank kept in the package.

    >>> len(bank()["questions"]) > 50
    True
    """
    text = resources.files("validator.teaching").joinpath("quizdata", "duelingbook.json") \
        .read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def corpus_quiz(seed: int) -> Quiz:
    """The question of ``seed`` (modulo the bank's size) from a real game.

    >>> corpus_quiz(0).origin["real_play"] in (True, False)
    True
    """
    data = bank()
    entry = data["questions"][seed % len(data["questions"])]
    game = data["games"][entry["game"]]
    document = game["document"]
    played = {**document, "actions": document["actions"][:entry["cut"]]}
    origin = {"from": "duelingbook", "replay": game["replay"], "game": game["game"],
              "players": game["players"], "format": game["format"],
              "real_play": entry["real"], "log": entry.get("log")}
    return question(seed, 1, played, entry["proposed"], replay(played), origin)


def main(argv: list[str]) -> int:
    """``python -m validator.teaching.quizbank FOLDER``: print the bank built from a folder's
    replays (``make quiz-data`` writes it into the package)."""
    folder = Path(argv[0]) if argv else Path("../shared/data/duelingbook")
    data = build_bank(folder.glob("*.json"))
    sys.stdout.write(json.dumps(data, indent=0, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

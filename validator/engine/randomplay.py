"""Random legal play: a document carried on by legal actions drawn at random, for property tests
and the quiz (a module of its own: it drives the engine, which builds on :mod:`.legal`)."""

from __future__ import annotations

import random
from typing import Any

from validator.engine.duel import replay


def random_play(document: dict[str, Any], rng: random.Random, steps: int) -> dict[str, Any]:
    """The document with up to ``steps`` random legal actions appended (playing cards is
    preferred to changing phase; surrender and idle resolves are left for last).

    >>> doc = random_play({"cards": {}}, random.Random(1), 3)
    >>> [a["type"] for a in doc["actions"]]
    ['draw', 'phase', 'phase']
    """
    duel = replay(document)
    actions = list(document.get("actions", []))
    for _ in range(steps):
        options = list(duel.legal_actions)
        playing = [a for a in options if a.type not in ("surrender", "resolve")]
        moves = [a for a in playing if a.type not in ("phase", "end_turn")]
        if not options:
            break
        action = rng.choice(moves if moves and rng.random() < 0.8 else playing or options)
        duel.push(action)
        actions.append(action.raw)
    return {**document, "actions": actions}

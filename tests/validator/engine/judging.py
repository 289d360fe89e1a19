"""Judging through both engines in lockstep: the compiled fast path and transitions' own
trigger (validator/engine/fastpath.py), action by action."""

from __future__ import annotations

from typing import Any

from validator import DocumentError, Duel, load_document
from validator.document.verdict import state_report
from validator.engine.fastpath import FAST_PATH, TRANSITIONS


class TransitionsDuel(Duel):
    """A duel judged through transitions' own ``Event.trigger``."""

    engine = TRANSITIONS


def outcome(duel: Duel, action: Any) -> Any:
    """What checking ``action`` gives: its violation, or the document error it raises."""
    try:
        violation = duel.check(action)
    except DocumentError as exc:
        return ("document error", exc.errors)
    return violation


def assert_same_judging(document: dict[str, Any]) -> None:
    """Both engines, in lockstep: the same verdict on every action and the same state after."""
    loaded = load_document(document)
    fast, slow = Duel(loaded), TransitionsDuel(loaded)
    assert fast.engine is FAST_PATH
    for action in loaded.actions:
        got, expected = outcome(fast, action), outcome(slow, action)
        assert got == expected, action
        assert state_report(fast.state) == state_report(slow.state), action
        if got is not None:
            return
    assert fast.verdict().to_dict() == slow.verdict().to_dict()

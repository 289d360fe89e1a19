"""A duel step by step: the board after every action, for pages and reports that show it.

:func:`trace` judges a document as :func:`validator.validate` does and keeps the board
(the verdict's ``state`` object, §3) at the start and after each legal action. For the first
illegal action it also tries the board "as the log has it": the action carried out although
the rules forbid it, so that a judge can compare the two. The engine itself never does that.

>>> t = trace({"cards": {}, "actions": [{"type": "draw", "player": "p1"},
...                                     {"type": "phase", "player": "p1", "to": "battle"}]})
>>> len(t.states), t.verdict.violation.rule, t.attempted["phase"]
(2, 'turn.phase-order', 'battle')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from validator.document.model import Action, Document
from validator.document.verdict import Verdict, state_report
from validator.engine import apply
from validator.engine.duel import Duel, load_document
from validator.engine.state import DuelState


@dataclass(frozen=True, slots=True)
class Trace:
    """A judged duel with its board at every step.

    ``states[0]`` is the board at the start, ``states[i + 1]`` the board after action ``i``;
    there is one per legal action, so with a violation at ``k`` the last one is
    ``states[k]``. The board the illegal action met is the verdict's own ``state``: the same,
    except that an open chain has resolved first (any action but a response resolves it,
    §2). ``ended_at`` is the
    first index of ``states`` at which the duel is over (the verdict's ``outcome``), or None.
    ``attempted`` is the board after the illegal action as given, had it been allowed; None
    when every action is legal or when it cannot be carried out at all (a card that is not
    where the action needs it).
    """

    verdict: Verdict
    states: list[dict[str, Any]]
    ended_at: int | None
    attempted: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        """The answer of ``POST /v1/steps``.

        >>> sorted(trace({"cards": {}}).to_dict())
        ['attempted', 'ended_at', 'states', 'verdict']
        """
        return {"verdict": self.verdict.to_dict(), "states": self.states,
                "ended_at": self.ended_at, "attempted": self.attempted}


def trace(document: Mapping[str, Any] | str | bytes | Document, *,
          keep_states: bool = True) -> Trace:
    """Judge ``document`` and keep the board at every step (see :class:`Trace`);
    ``keep_states=False`` keeps only the first (a report needs the verdict and the board
    as the log has it, not a board per action).

    Raises :class:`validator.DocumentError` for a malformed document, as ``validate`` does.

    >>> t = trace({"cards": {}, "actions": [{"type": "surrender", "player": "p2"}]})
    >>> t.verdict.outcome, t.ended_at, len(t.states)
    ({'winner': 'p1', 'reason': 'surrender'}, 1, 2)
    >>> len(trace({"cards": {}, "actions": [{"type": "draw", "player": "p1"}]},
    ...           keep_states=False).states)
    1
    """
    doc = document if isinstance(document, Document) else load_document(document)
    duel = Duel(doc)
    states = [state_report(duel.state)]
    ended_at = 0 if duel.state.outcome is not None else None
    for action in doc.actions:
        violation = duel.check(action)
        if violation is not None:
            return Trace(duel.verdict(violation), states, ended_at,
                         attempt(_before(doc, violation.index), action))
        if keep_states:
            states.append(state_report(duel.state))
        if ended_at is None and duel.state.outcome is not None:
            ended_at = duel.pushed
    return Trace(duel.verdict(), states, ended_at, None)


def _before(doc: Document, index: int) -> DuelState:
    """The state before action ``index`` (judging it again is cheaper than copying the
    state before every action, and a failed check may already have resolved the chain)."""
    duel = Duel(doc)
    for action in doc.actions[:index]:
        duel.check(action)
    return duel.state


def attempt(state: DuelState, action: Action) -> dict[str, Any] | None:
    """The board after ``action`` carried out in ``state`` (a copy the caller gives up),
    whatever the rules say; None when it cannot be carried out.

    >>> from validator.document.position import initial_state
    >>> start = initial_state(load_document({"cards": {}}))
    >>> attempt(start, Action("phase", "p1", to="end"))["phase"]
    'end'
    """
    if state.chain and not (action.type == "activate" and action.respond):
        apply.resolve_chain(state)
    try:
        if action.type == "phase":
            state.phase = action.to or state.phase
            apply.enter_phase(state, action)
        else:
            apply.EFFECTS[action.type](state, action)
            if action.type == "end_turn":
                state.phase = "draw"
    except Exception:  # an illegal action may find nothing where it looks for its card
        return None
    return state_report(state)

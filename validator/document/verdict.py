"""The verdict of §3 and the state report inside it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from validator.document.model import Action
from validator.document.position import state_report
from validator.engine.state import DuelState

__all__ = ["Verdict", "Violation", "state_report", "violation_of"]


@dataclass(frozen=True, slots=True)
class Violation:
    """The first illegal action: where it stands and which rule it breaks."""

    index: int
    rule: str
    message: str
    turn: int
    phase: str
    player: str
    action: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """The ``violation`` object of §3."""
        return {"index": self.index, "rule": self.rule, "message": self.message,
                "turn": self.turn, "phase": self.phase, "player": self.player,
                "action": self.action}


@dataclass(frozen=True, slots=True)
class Verdict:
    """Is every action legal; if not, the first violation; the outcome; the final board."""

    legal: bool
    violation: Violation | None
    outcome: dict[str, str] | None
    actions_checked: int
    state: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """Exactly the JSON object of §3.

        >>> from validator import validate
        >>> validate({"cards": {}}).to_dict()["legal"]
        True
        """
        return {"legal": self.legal,
                "violation": self.violation.to_dict() if self.violation else None,
                "outcome": self.outcome, "actions_checked": self.actions_checked,
                "state": self.state}


def violation_of(state: DuelState, index: int, action: Action, rule: str,
                 message: str) -> Violation:
    """A :class:`Violation` of ``action`` judged in ``state``."""
    return Violation(index, rule, message, state.turn, state.phase, action.player, action.raw)

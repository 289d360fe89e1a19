"""The verdict of §3 and the state report inside it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .model import PLAYERS, Action
from .state import DuelState, Monster, Side, SpellTrap


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


def _st(st: SpellTrap | None) -> dict[str, Any] | None:
    if st is None:
        return None
    out: dict[str, Any] = {"card": st.card, "face_up": st.face_up}
    if st.equipped_to is not None:
        out["equipped_to"] = st.equipped_to
    return out


def _monster(mon: Monster) -> dict[str, Any]:
    out: dict[str, Any] = {"card": mon.card, "position": mon.position}
    if mon.materials:
        out["materials"] = list(mon.materials)
    return out


def _side(side: Side) -> dict[str, Any]:
    return {
        "lp": side.lp, "deck": side.deck_size,
        "hand": [*side.hand, *([None] * side.hand_unknown)],
        "monsters": [_monster(m) for m in side.monsters],
        "spell_traps": [_st(st) for st in side.spell_traps],
        "field_spell": _st(side.field_spell),
        "graveyard": list(side.graveyard), "banished": list(side.banished),
        "extra": list(side.extra),
    }


def state_report(state: DuelState) -> dict[str, Any]:
    """The ``state`` object of §3 (plus ``chain``, the open chain's cards, oldest first)."""
    t = state.this_turn
    return {
        "turn": state.turn, "turn_player": state.turn_player, "phase": state.phase,
        "players": {p: _side(state.sides[p]) for p in PLAYERS},
        "this_turn": {
            "normal_draw": t.drew is not None, "normal_summon": t.normal_summon is not None,
            "quick_summon": t.quick_summon is not None,
            "positions_changed": list(t.positions_changed), "attacked": list(t.attacked),
            "placed": list(t.placed), "set": list(t.set),
            "phase_effects_resolved": list(t.phase_effects_done),
        },
        "chain": [link.card for link in state.chain],
    }

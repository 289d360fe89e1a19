"""One registry maps each rule id to the named predicates that check it.

A predicate takes the state and the action and returns ``None`` when the action keeps the
rule, or the message a player reads when it breaks it. The turn machine's guards are these
checks, sorted by the precedence of their rule ids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from validator.document.model import Action
from validator.engine.state import DuelState
from validator.rules.catalog import precedence

Predicate = Callable[[DuelState, Action], "str | None"]


@dataclass(frozen=True, slots=True)
class Check:
    """A named predicate and the rule id it enforces."""

    rule: str
    name: str
    predicate: Predicate

    def __call__(self, state: DuelState, action: Action) -> str | None:
        """Run the predicate: ``None`` when the action keeps the rule, else the message."""
        return self.predicate(state, action)


class Registry:
    """Rule id -> checks; the extension point for a new rule is :meth:`rule`."""

    def __init__(self) -> None:
        self.checks: dict[str, Check] = {}

    def rule(self, rule_id: str) -> Callable[[Predicate], Check]:
        """Decorator: register a predicate under ``rule_id``, named after the function.

        >>> reg = Registry()
        >>> @reg.rule("duel.over")
        ... def never(state, action): return None
        >>> reg.checks["never"].rule
        'duel.over'
        """
        def register(func: Predicate) -> Check:
            name = func.__name__
            if name in self.checks:
                raise ValueError(f"a check named {name!r} is registered twice")
            check = Check(rule_id, name, func)
            self.checks[name] = check
            return check
        return register

    def rule_ids(self) -> set[str]:
        """Every rule id that has at least one check."""
        return {check.rule for check in self.checks.values()}


REGISTRY = Registry()


def ordered(checks: Iterable[Check]) -> list[Check]:
    """Checks in the order a judge reports them (contract §4); stable within one rule.

    >>> [c.rule for c in ordered([Check("card.not-in-hand", "a", lambda s, a: None),
    ...                           Check("duel.over", "b", lambda s, a: None)])]
    ['duel.over', 'card.not-in-hand']
    """
    return sorted(checks, key=lambda check: precedence(check.rule))

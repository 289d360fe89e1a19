"""The named predicates of every rule, registered in :data:`validator.rules.registry.REGISTRY`."""

from __future__ import annotations

from validator.rules.checks import (
    activation,
    battle,
    cards,
    limits,
    pendulum,
    placement,
    summon,
    turn,
)

__all__ = ["activation", "battle", "cards", "limits", "pendulum", "placement", "summon", "turn"]

"""The named predicates of every rule, registered in :data:`validator.rules.registry.REGISTRY`."""

from __future__ import annotations

from validator.rules.checks import activation, battle, cards, pendulum, placement, summon, turn

__all__ = ["activation", "battle", "cards", "pendulum", "placement", "summon", "turn"]

"""The checks of single fields that the duel document's schemas share: a player, a zone (and
the optional ``zone`` field of an action or a setup slot), a list naming each value once.

>>> PLAYER("p2"), MONSTER_ZONE("EMZ-L")
('p2', 'EMZ-L')
>>> unique(["a1", "a1"])
Traceback (most recent call last):
marshmallow.exceptions.ValidationError: Each value may appear only once.
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, validate

from validator.document import model as m
from validator.engine.zones import MONSTER_ZONES, SPELL_TRAP_ZONES

PLAYER = validate.OneOf(m.PLAYERS)
MONSTER_ZONE = validate.OneOf(MONSTER_ZONES, error="Not a Monster Zone: one of {choices}.")
SPELL_TRAP_ZONE = validate.OneOf(SPELL_TRAP_ZONES,
                                 error="Not a Spell & Trap Zone: one of {choices}.")
ANY_ZONE = validate.OneOf((*MONSTER_ZONES, *SPELL_TRAP_ZONES),
                          error="Not a zone: one of {choices}.")


def zone_field(kind: str) -> fields.String:
    """The optional ``zone`` of an action or a setup slot (docs/format.md).

    >>> zone_field("monster").deserialize("M3"), zone_field("spell_trap").deserialize("S1")
    ('M3', 'S1')
    """
    if kind == "monster":
        return fields.String(validate=MONSTER_ZONE, metadata={
            "description": "the Monster Zone it goes to: M1-M5 from the player's own left, "
                           "EMZ-L or EMZ-R (left and right as p1 sees them); the judge picks "
                           "the first free zone the rules allow when left out"})
    return fields.String(validate=SPELL_TRAP_ZONE, metadata={
        "description": "the Spell & Trap Zone it goes to: S1-S5 from the player's own left "
                       "(S1 and S5 are the Pendulum Zones in advanced); the judge picks when "
                       "left out"})


def unique(values: list[Any]) -> None:
    """A list field naming each value once (the module's example shows a repeat refused).

    >>> unique(["a1", "a2"])
    """
    if len(set(values)) != len(values):
        raise ValidationError("Each value may appear only once.")

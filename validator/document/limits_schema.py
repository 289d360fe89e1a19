"""marshmallow schemas of a card's limits (contract §8, revision 4) in a duel document's
``cards`` entry: its Summon procedures' materials (:class:`MaterialsSchema`), its Special Summon
locks (:class:`LockSchema`) and the kinds of monster both name (:class:`MonsterKindsSchema`).
docs/format.md says what each field means; the card database fills them (docs/cards.md).

>>> MaterialsSchema().load({"summon": "link", "min": 2, "max": 3, "rating": 3})["rating"]
3
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, validate, validates_schema

from validator.document import model as m
from validator.document.strict import Strict as _Base
from validator.document.strict import StrictInt


def _unique(values: list[Any]) -> None:
    """A list field naming each value once."""
    if len(set(values)) != len(values):
        raise ValidationError("Each value may appear only once.")


class MonsterKindsSchema(_Base):
    """Kinds of monster a card's text names (§8: a material's, what a lock still allows): a
    monster of every property named."""

    attribute = fields.String(validate=validate.OneOf(m.ATTRIBUTES))
    race = fields.String(validate=validate.Length(min=1, max=40), metadata={
        "description": "its printed Type (race), as the card database names it: Cyberse"})
    type = fields.String(validate=validate.Length(min=1, max=40), metadata={
        "description": "a card type it has: Effect, Fusion, Tuner"})
    cards = fields.List(StrictInt(validate=validate.Range(0, m.MAX_PASSCODE)),
                        validate=[validate.Length(min=1), _unique],
                        metadata={"description": "one of these passcodes (an archetype)"})
    atk_max = StrictInt(validate=validate.Range(0, m.MAX_POINTS), metadata={
        "description": "an original ATK of at most this"})

    @validates_schema
    def _something(self, data: dict[str, Any], **kwargs: Any) -> None:
        if not data:
            raise ValidationError("Name at least one of attribute, race, type, cards, "
                                  "atk_max.")


_COUNT = validate.Range(0, 99)


class MaterialsSchema(_Base):
    """What one Summon procedure of an Extra Deck or Ritual monster takes (§8)."""

    summon = fields.String(required=True, validate=validate.OneOf(m.MATERIAL_SUMMONS))
    min = StrictInt(validate=_COUNT, metadata={"description": "the fewest materials"})
    max = StrictInt(validate=_COUNT, metadata={"description": "the most materials (99: any "
                                                               "number)"})
    rating = StrictInt(validate=validate.Range(1, 8), metadata={
        "description": "a Link Monster's: the rating its materials' ratings add up to"})
    level = StrictInt(validate=validate.Range(m.MIN_LEVEL, m.MAX_LEVEL), metadata={
        "description": "an Xyz Monster's: every material's Level"})
    tuners = fields.List(StrictInt(validate=_COUNT), validate=validate.Length(equal=2),
                         metadata={"description": "a Synchro Monster's: the fewest and most "
                                                  "Tuners"})
    level_sum = StrictInt(validate=validate.Range(1, 99), metadata={
        "description": "a Synchro's: the Level its materials' Levels add up to; a Ritual's: "
                       "the Level its Tributes' Levels make"})
    ritual = fields.String(validate=validate.OneOf(m.RITUAL_LEVELS))
    kinds = fields.Nested(MonsterKindsSchema, metadata={
        "description": "what every material (a Synchro's non-Tuners) must be"})
    tuner_kinds = fields.Nested(MonsterKindsSchema, metadata={
        "description": "a Synchro Monster's: what its Tuners must be"})


class LockSchema(_Base):
    """A Special Summon restriction a card's effect puts on its controller (§8)."""

    applies = fields.String(required=True, validate=validate.OneOf(m.LOCK_APPLIES),
                            metadata={"description": "extra_deck: Special Summons from the "
                                                     "Extra Deck; all: every one"})
    allows = fields.List(fields.Nested(MonsterKindsSchema), required=True, metadata={
        "description": "the kinds of monster it still allows (any one); none: no Special "
                       "Summon at all"})
    scope = fields.String(required=True, validate=validate.OneOf(m.LOCK_SCOPES), metadata={
        "description": "turn: the whole turn the card is used in; rest_of_turn: from its "
                       "resolution"})
    by = fields.Raw(required=True, metadata={
        "description": "the index of the imposing effect in effects, or activation"})

    @validates_schema
    def _by(self, data: dict[str, Any], **kwargs: Any) -> None:
        by = data.get("by")
        if not (by == "activation" or (type(by) is int and 0 <= by < 64)):
            raise ValidationError("An index in the card's effects (0-63) or \"activation\".",
                                  "by")

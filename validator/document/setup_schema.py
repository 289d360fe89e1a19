"""The ``setup`` of the duel document (§1): each side's Deck, hand, Life Points and the cards
placed on the field, in the Graveyard, banished and in the Extra Deck before the first action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError, fields, post_load, pre_load, validate

from validator.document import model as m
from validator.document.field_checks import zone_field
from validator.document.strict import CardId, StrictBool, StrictInt
from validator.document.strict import Strict as _Base
from validator.engine.zones import MONSTER_ZONES


class Deck(fields.Field):  # type: ignore[type-arg]
    """A deck: a count of unknown cards, or a list of card ids, top card first."""

    def _deserialize(self, value: Any, attr: str | None, data: Any,
                     **kwargs: Any) -> int | tuple[str, ...]:
        if isinstance(value, int) and not isinstance(value, bool):
            if value < 0:
                raise ValidationError("Must be greater than or equal to 0.")
            return value
        if isinstance(value, list) and all(isinstance(v, str) and v for v in value):
            return tuple(value)
        raise ValidationError("Not a count of cards or a list of card ids.")


class PlacedMonsterSchema(_Base):
    card = CardId(required=True)
    position = fields.String(required=True, validate=validate.OneOf(m.POSITIONS))
    #: Extension: a Gemini monster already Gemini Summoned in an earlier turn.
    gemini_summoned = StrictBool(metadata={"description": "a Gemini monster Gemini Summoned "
                                                          "in an earlier turn (it has its "
                                                          "effects)"})
    zone = zone_field("monster")

    @post_load
    def _make(self, data: dict[str, Any], **kwargs: Any) -> m.Placed:
        return m.Placed(card=data["card"], position=data["position"],
                        gemini=data.get("gemini_summoned", False), zone=data.get("zone"))


class PlacedSpellTrapSchema(_Base):
    card = CardId(required=True)
    face_up = StrictBool(required=True)
    equipped_to = CardId(allow_none=True)
    zone = zone_field("spell_trap")

    @post_load
    def _make(self, data: dict[str, Any], **kwargs: Any) -> m.Placed:
        return m.Placed(card=data["card"], face_up=data["face_up"],
                        equipped_to=data.get("equipped_to"), zone=data.get("zone"))


class SetupPlayerSchema(_Base):
    deck = Deck(load_default=40)
    hand = fields.List(CardId(), load_default=list)
    lp = StrictInt(load_default=8000, validate=validate.Range(1, m.MAX_POINTS))
    # At most 5 (6 in advanced, one in an Extra Monster Zone): checked with the ruleset.
    monsters = fields.List(fields.Nested(PlacedMonsterSchema), load_default=list,
                           validate=validate.Length(max=len(MONSTER_ZONES)))
    spell_traps = fields.List(fields.Nested(PlacedSpellTrapSchema), load_default=list,
                              validate=validate.Length(max=5))
    field_spell = fields.Nested(PlacedSpellTrapSchema, allow_none=True, load_default=None)
    graveyard = fields.List(CardId(), load_default=list)
    banished = fields.List(CardId(), load_default=list)
    extra = fields.List(CardId(), load_default=list)
    extra_face_up = fields.List(CardId(), load_default=list, metadata={
        "description": "the face-up Extra Deck: Pendulum Monsters sent there from the field"})

    @post_load
    def _make(self, data: dict[str, Any], **kwargs: Any) -> m.SetupPlayer:
        fields_: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                                   for k, v in data.items()}
        return m.SetupPlayer(**fields_)


class SetupSchema(_Base):
    # Optional in the contract: the pre-load step below fills a missing side with defaults.
    p1 = fields.Nested(SetupPlayerSchema)
    p2 = fields.Nested(SetupPlayerSchema)

    @pre_load
    def _default_sides(self, data: Any, **kwargs: Any) -> Any:
        """A side left out is a side with every default (defaults are loaded, not copied)."""
        if isinstance(data, Mapping):
            return {"p1": {}, "p2": {}, **data}
        return data

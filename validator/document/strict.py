"""Strict fields and the strict base schema that every schema of the duel format shares."""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate


class Strict(Schema):
    """A schema that refuses unknown fields, at any depth."""

    class Meta:
        unknown = RAISE


class StrictInt(fields.Integer):
    """An integer that refuses booleans, floats and numeric strings."""

    plain_values = True  # an int loads unchanged (validator.document.fastload)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError("Not a valid integer.")
        return value


class StrictBool(fields.Boolean):
    """``true`` or ``false`` only: no ``"yes"``, ``1`` or ``"on"``."""

    plain_values = True  # a bool loads unchanged (validator.document.fastload)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("Not a valid boolean (true or false).")
        return value


class CardId(fields.String):
    """A non-empty card id; whether it names a card is checked by the cross-checks."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(validate=validate.Length(min=1, max=200), **kwargs)

"""marshmallow 4 schemas for the duel document: the one schema source (the API reuses them).

``DocumentSchema().load(data)`` returns a :class:`validator.document.model.Document` or raises
``marshmallow.ValidationError`` with messages keyed by path; :func:`validator.load_document`
turns that into :class:`validator.DocumentError`. The document's parts have schemas of their
own: the cards in :mod:`.card_schema`, the setup in :mod:`.setup_schema`, the actions in
:mod:`.action_schema` (all importable from here, as before), a position in
:mod:`.position_schema`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from marshmallow import ValidationError, fields, post_load, pre_load, validate, validates_schema

from validator.document import model as m
from validator.document.action_schema import ACTION_SCHEMAS, ActionField
from validator.document.card_schema import CardSchema, CardTable
from validator.document.crosscheck import cross_check, cross_check_position
from validator.document.fastschema import FastSchema
from validator.document.field_checks import PLAYER
from validator.document.loading import make_card
from validator.document.position import owners as position_owners
from validator.document.position_schema import StateSchema
from validator.document.setup_schema import Deck, SetupSchema
from validator.document.strict import CardId, StrictBool, StrictInt
from validator.document.strict import Strict as _Base
from validator.document.zonecheck import zone_errors
from validator.engine.state import setup_placements

__all__ = ["ACTION_SCHEMAS", "POSITION_REPLACES", "ActionField", "CardId", "CardSchema",
           "CardTable", "Deck", "DocumentSchema", "StrictBool", "StrictInt"]


#: The fields a document's ``position`` stands instead of (§1): a document with a position
#: and any of them is refused, each named (and the OpenAPI document says so, api/openapi.py).
POSITION_REPLACES: Final = ("turn", "turn_player", "setup")


class DocumentSchema(FastSchema, _Base):
    """The whole duel document of §1 (loaded through :mod:`validator.document.fastload` when it is
    plainly valid, by marshmallow otherwise)."""

    # Optional: "classic", unless a position says which ruleset judged it (see _make).
    ruleset = fields.String(validate=validate.OneOf(
        m.RULESETS, error="Unknown ruleset {input!r}; known: {choices}."), metadata={
        "description": "classic (the default) or advanced (§6); a document with a position "
                       "is judged by the position's ruleset"})
    turn = StrictInt(load_default=1, validate=validate.Range(min=1, max=m.MAX_TURN))
    turn_player = fields.String(load_default="p1", validate=PLAYER)
    cards = CardTable(required=True)
    setup = fields.Nested(SetupSchema)  # optional: filled with defaults before loading
    position = fields.Nested(StateSchema, metadata={
        "description": "instead of turn, turn_player and setup: a verdict's state, to go on "
                       "from there (mid-turn and mid-chain included)"})
    actions = fields.List(ActionField(), load_default=list)
    #: Extension: where the document came from (an importer's notes); never judged.
    source = fields.Dict(metadata={"description": "where the document came from, e.g. an "
                                                  "importer's notes; ignored by the rules"})

    @pre_load
    def _default_setup(self, data: Any, **kwargs: Any) -> Any:
        """A missing ``setup`` is every default; a ``position`` replaces all three fields.
        A body that is not an object is told so in the words every other way of sending a
        document uses (``load_document``, a batch line), not marshmallow's own."""
        if not isinstance(data, Mapping):
            raise ValidationError({"_document": ["A duel document is a JSON object."]})
        if "position" in data:
            clash = [key for key in POSITION_REPLACES if key in data]
            if clash:
                raise ValidationError({key: ["A document starts either from a position or "
                                             "from turn, turn_player and setup, not both."]
                                       for key in clash})
            return data
        if "setup" not in data:
            return {**data, "setup": {}}
        return data

    @validates_schema(skip_on_field_errors=True)
    def _cross_check(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "position" in data:
            errors = cross_check_position(data["cards"], data["position"], data["actions"])
            said = data["position"]["ruleset"]
            if said is not None and data.get("ruleset", said) != said:
                errors["ruleset"] = [f"The position was judged by {said!r}: a document going "
                                     f"on from it is judged by the same ruleset."]
        else:
            errors = cross_check(data["cards"], data["setup"], data["actions"])
        ruleset = _ruleset(data)
        zone_errors(data, ruleset, errors)
        if errors:
            raise ValidationError(errors)

    @post_load
    def _make(self, data: dict[str, Any], **kwargs: Any) -> m.Document:
        position = data.get("position")
        if position is not None:
            tokens = {cid for cid, raw in data["cards"].items() if raw.get("token")}
            side: dict[str, m.Player] = position_owners(position, tokens)
            setup: dict[m.Player, m.SetupPlayer] = {}
            turn, turn_player = position["turn"], position["turn_player"]
        else:
            setup = {"p1": data["setup"]["p1"], "p2": data["setup"]["p2"]}
            side = {cid: p for p in m.PLAYERS for cid, _ in setup_placements(setup[p])}
            turn, turn_player = data["turn"], data["turn_player"]
        cards = {cid: make_card(cid, raw, side.get(cid)) for cid, raw in data["cards"].items()}
        return m.Document(cards=cards, setup=setup, actions=tuple(data["actions"]),
                          ruleset=_ruleset(data), turn=turn, turn_player=turn_player,
                          source=data.get("source"), position=position)


def _ruleset(data: Mapping[str, Any]) -> str:
    """The document's ruleset: its own, else its position's, else ``classic``."""
    position = data.get("position")
    said = position.get("ruleset") if position is not None else None
    return str(data.get("ruleset") or said or "classic")

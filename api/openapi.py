"""OpenAPI for the document fields marshmallow cannot describe by itself: the action union,
the card table and the deck. Generated from the schemas of :mod:`validator.document.schema`."""

from __future__ import annotations

from typing import Any, Final

from flask_smorest import Api
from marshmallow import fields

from validator.document.schema import (
    ACTION_SCHEMAS,
    POSITION_REPLACES,
    ActionField,
    CardSchema,
    CardTable,
    Deck,
    DocumentSchema,
)

from .batch import BatchProblemSchema, BatchVerdictSchema
from .duels.views import StepSchema


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _action_name(kind: str) -> str:
    return "Action_" + kind


def _document_fields(self: Any, field: fields.Field, **kwargs: Any) -> dict[str, Any]:  # type: ignore[type-arg]
    """apispec attribute function (bound to its converter) for our custom fields."""
    if isinstance(field, ActionField):
        return {"oneOf": [_ref(_action_name(k)) for k in ACTION_SCHEMAS],
                "discriminator": {"propertyName": "type", "mapping": {
                    k: _ref(_action_name(k))["$ref"] for k in ACTION_SCHEMAS}}}
    if isinstance(field, CardTable):
        return {"type": "object", "additionalProperties": _ref("Card"),
                "description": "every card the duel mentions, keyed by card id"}
    if isinstance(field, Deck):
        return {"oneOf": [{"type": "integer", "minimum": 0},
                          {"type": "array", "items": {"type": "string", "minLength": 1}}],
                "description": "a count of unknown cards, or card ids, top card first"}
    return {}


#: What marshmallow's fields cannot say of a document: a ``position`` stands instead of
#: ``turn``, ``turn_player`` and ``setup`` (§1), so a document with it and any of them is
#: not one (the validator refuses it, naming each: ``DocumentSchema``'s pre-load).
POSITION_EXCLUDES: Final = {"not": {"required": ["position"], "anyOf": [
    {"required": [key]} for key in POSITION_REPLACES]}}


def register_document_schemas(api: Api) -> None:
    """Add the card and per-type action components, the document's own (with what its fields
    cannot say: :data:`POSITION_EXCLUDES`) and teach the converter our fields.

    >>> from api import create_app
    >>> spec = create_app({"TESTING": True}).test_client().get("/openapi.json").get_json()
    >>> spec["components"]["schemas"]["Document"]["not"]["anyOf"][0]
    {'required': ['turn']}
    """
    converter = api.ma_plugin.converter
    converter.add_attribute_function(_document_fields)
    api.spec.components.schema("Document", component=POSITION_EXCLUDES, schema=DocumentSchema)
    api.spec.components.schema("Card", schema=CardSchema)
    for kind, schema in ACTION_SCHEMAS.items():
        body = converter.schema2jsonschema(schema)
        body["properties"]["type"] = {"type": "string", "enum": [kind]}
        api.spec.components.schema(_action_name(kind), component=body)
    api.spec.components.schema("BatchVerdict", schema=BatchVerdictSchema)
    api.spec.components.schema("BatchProblem", schema=BatchProblemSchema)
    api.spec.components.schema("DuelStep", schema=StepSchema)

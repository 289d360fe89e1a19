"""marshmallow schemas of the card database's answers (``GET /v1/cards/...``), for the API and
its OpenAPI document.

>>> CardLookupArgsSchema().load({"name": "Sangan"})
{'name': 'Sangan'}
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from validator.cards.database import VARIANTS
from validator.document.model import MAX_PASSCODE


class CardLookupArgsSchema(Schema):
    """``GET /v1/cards?name=``: a card by its English name."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=200), metadata={
        "description": "the card's English name (case, accents and punctuation aside)"})
    variant = fields.String(validate=validate.OneOf(VARIANTS), metadata={
        "description": "a version other than the current one (goat: Goat Format's pre-errata "
                       "card)"})


class CardVariantArgsSchema(Schema):
    """``GET /v1/cards/{passcode}``'s query."""

    variant = fields.String(validate=validate.OneOf(VARIANTS), metadata={
        "description": "a version other than the current one (goat: Goat Format's pre-errata "
                       "card)"})


class CardInfoSchema(Schema):
    """One card as the database knows it (docs/cards.md)."""

    passcode = fields.Integer(required=True, validate=validate.Range(0, MAX_PASSCODE))
    name = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(("monster", "spell", "trap")))
    variant = fields.String(allow_none=True, required=True)
    card = fields.Dict(required=True, metadata={
        "description": "the card as a duel document's cards entry holds it (contract §1)"})
    printed = fields.Dict(required=True, metadata={
        "description": "types, race, attribute, Level/Rank/Link and arrows, ATK/DEF, Scale"})
    facts = fields.Dict(required=True, metadata={
        "description": "every fact: the contract's and the importer's (docs/cards.md), with "
                       "the card limits of revision 4 (§8: effects' once and shared, "
                       "activations_per_turn, summons_per_turn, materials, locks; \"unread\" "
                       "where the builder could not read a filter, which the document entry "
                       "leaves out)"})
    sources = fields.Dict(keys=fields.String(), values=fields.String(), required=True,
                          metadata={"description": "fact -> the script and what in it says so"})
    text = fields.String(required=True)
    pendulum_text = fields.String()
    released = fields.Dict(keys=fields.String(), values=fields.Boolean(), required=True)
    variants = fields.List(fields.String(), required=True)

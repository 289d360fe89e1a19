"""The card database over HTTP: ``GET /v1/cards/{passcode}`` and ``GET /v1/cards?name=``."""

from __future__ import annotations

from flask import Response
from flask.views import MethodView

from validator.cards import database
from validator.cards.schema import CardInfoSchema, CardLookupArgsSchema, CardVariantArgsSchema
from validator.document.model import MAX_PASSCODE

from .problems import problem
from .views import ERRORS, ApiBlueprint, json_response

cards_blp = ApiBlueprint("cards", __name__, url_prefix="/v1",
                         description="The card database: every official card, its facts and "
                                     "their sources.")


@cards_blp.route("/cards")
class CardByNameView(MethodView):
    @cards_blp.arguments(CardLookupArgsSchema, location="query", as_kwargs=True)
    @cards_blp.response(200, CardInfoSchema)
    @cards_blp.alt_response(404, description="No card has that name.", **ERRORS)
    def get(self, name: str, variant: str | None = None) -> Response:
        """A card by its English name (exactly, else without case, accents and punctuation)."""
        found = database().named(name, variant)
        if found is None:
            close = database().similar(name)
            hint = f" Did you mean: {', '.join(close)}?" if close else ""
            return problem(404, f"No card named {name!r} in the card database.{hint}")
        return json_response(found.describe())


@cards_blp.route("/cards/<int:passcode>")
class CardByPasscodeView(MethodView):
    @cards_blp.arguments(CardVariantArgsSchema, location="query", as_kwargs=True)
    @cards_blp.response(200, CardInfoSchema)
    @cards_blp.alt_response(404, description="No card has that passcode.", **ERRORS)
    def get(self, passcode: int, variant: str | None = None) -> Response:
        """A card by its passcode (the number printed on it; Duelingbook's serial_number)."""
        found = database().card(passcode, variant) if passcode <= MAX_PASSCODE else None
        if found is None:
            return problem(404, f"No card with passcode {passcode} in the card database.")
        return json_response(found.describe())

"""The deck check over HTTP (contract §7): ``POST /v1/decks/check``. A schema in (which reads
the deck list and its cards), one library call, a schema out."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from validator.decks import check_deck
from validator.decks.schema import MALFORMED_DECK, DeckCheckRequestSchema, DeckCheckSchema

from .parser import JSON_415
from .views import ERRORS, ApiBlueprint, json_response

decks_blp = ApiBlueprint("decks", __name__, url_prefix="/v1",
                         description="Deck checks: a deck list against a format's card pool "
                                     "and Forbidden & Limited list.")
#: One schema instance for every request (see api.views.DOCUMENT_SCHEMA).
REQUEST_SCHEMA = DeckCheckRequestSchema()


@decks_blp.route("/decks/check")
class DeckCheckView(MethodView):
    @decks_blp.arguments(REQUEST_SCHEMA, location="json",
                         description="A deck list: its format, the day of the list (optional) "
                                     "and its cards by passcode or name (or a text form or "
                                     ".ydk file in text).")
    @decks_blp.response(200, DeckCheckSchema, description="The findings; legal is true when "
                                                          "there is none.")
    @decks_blp.alt_response(422, description="A malformed deck list: an unknown format or "
                            "card, a day that is not YYYY-MM-DD or before the format's first "
                            f"list (type {MALFORMED_DECK}), errors keyed by path.", **ERRORS)
    @decks_blp.alt_response(400, description="The body is not JSON.", **ERRORS)
    @decks_blp.alt_response(413, description="The body is larger than the limit.", **ERRORS)
    @decks_blp.alt_response(415, description=JSON_415, **ERRORS)
    def post(self, body: dict[str, Any]) -> Response:
        """Check a deck list against a format's card pool, its Forbidden & Limited list in
        force on a day (the latest by default) and the deck construction rules."""
        return json_response(check_deck(body["deck"], body["format"], body["date"]).to_dict())

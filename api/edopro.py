"""``POST /v1/import/edopro``: an EDOPro replay file's bytes in, its game as a duel document
out (as ``POST /v1/import/duelingbook`` answers), or problem+json for what is not a replay
that can be imported. The view translates: the library reads the file (docs/edopro.md)."""

from __future__ import annotations

from typing import Final

from flask import Response, current_app, request
from flask.views import MethodView
from werkzeug.exceptions import RequestEntityTooLarge

from validator.decks.replay import check_replay
from validator.importers.edopro.replay import NoLog, ReplayFileError, import_file
from validator.teaching.workbench import game_json
from validator.teaching.workbench_schema import ImportSchema

from .parser import refuse_encoded_body
from .problems import problem
from .views import ERRORS, json_response
from .workbench import NOT_A_REPLAY, workbench_blp

OCTET_STREAM: Final = "application/octet-stream"
#: How the body is documented in OpenAPI (flask-smorest documents JSON bodies only).
BODY_DOC: Final = {"requestBody": {"required": True, "description": "The .yrpX file, byte "
                                   "for byte, as EDOPro saved it.",
                                   "content": {OCTET_STREAM: {"schema": {
                                       "type": "string", "format": "binary"}}}}}


@workbench_blp.route("/import/edopro")
class EdoproImportView(MethodView):
    @workbench_blp.doc(**BODY_DOC)
    @workbench_blp.response(200, ImportSchema, description="The game as a duel document, "
                            "with its source (players, notes, EDOPro version) and the deck "
                            "check of both decks the file holds.")
    @workbench_blp.alt_response(422, description="Not an EDOPro replay that can be imported: "
                                "not a .yrpX file, an older .yrp that holds no engine log, or "
                                f"a file cut short (type {NOT_A_REPLAY}).", **ERRORS)
    @workbench_blp.alt_response(413, description="The body is larger than the limit.", **ERRORS)
    @workbench_blp.alt_response(415, description="The file's bytes are sent with a "
                                "Content-Encoding other than identity: the service decodes "
                                "none (the answer says Accept-Encoding: identity). Any "
                                "Content-Type is read as the file.", **ERRORS)
    def post(self) -> Response:
        """Import an EDOPro replay (.yrpX): its game as a duel document, with its source."""
        refuse_encoded_body(request)
        request.max_content_length = current_app.config["MAX_CONTENT_LENGTH"]
        try:
            data = request.get_data(cache=False)
        except RequestEntityTooLarge:
            return problem(413, f"The body is larger than this service accepts "
                                f"({current_app.config['MAX_CONTENT_LENGTH']} bytes).")
        try:
            games, cards = import_file(data)
        except NoLog as exc:
            return problem(422, f"This is {exc}.", type_=NOT_A_REPLAY,
                           title="Not an importable replay", errors={"_file": [str(exc)]})
        except ReplayFileError as exc:
            return problem(422, f"This is {exc}." if str(exc).startswith("not ") else
                           f"This is not an importable EDOPro replay: {exc}.",
                           type_=NOT_A_REPLAY, title="Not an importable replay",
                           errors={"_file": [str(exc)]})
        return json_response({"games": [game_json(game) for game in games],
                              "deck_check": check_replay(cards, "advanced")})

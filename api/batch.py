"""JSON Lines batches on ``POST /v1/validate``: one duel document per line in, one verdict per
line out, streamed as each duel is judged.

Each output line is ``{"line": n, ...}``: the verdict of §3, or the problem object a single
document on that line would have got (400 not JSON, 413 too long, 422 malformed or too many
actions), so a bad line costs only its own verdict. Blank lines are skipped; lines are
numbered from 1 as a text editor numbers them. The limits are the app's configuration.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final

from flask import Response, current_app, g, request, stream_with_context
from marshmallow import fields
from webargs.flaskparser import abort
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from validator import DocumentError, validate
from validator.document.verdict_schema import VerdictSchema

from .parser import REPLAY_HINT, load_document_json, looks_like_replay, refuse_encoded_body
from .problems import ProblemSchema, document_problem, http_problem, unexpected_problem

NDJSON: Final = "application/x-ndjson"
TOO_MANY_DOCUMENTS: Final = "urn:duelcheck:problem:too-many-documents"
BATCH_BUDGET: Final = "urn:duelcheck:problem:batch-budget-spent"


_LINE = fields.Integer(required=True, metadata={"description": "the input line, from 1"})


class BatchVerdictSchema(VerdictSchema):
    """A batch's output line for a document judged: its line number and its verdict."""

    line = _LINE


class BatchProblemSchema(ProblemSchema):
    """A batch's output line for a line that is no duel document: its number and problem."""

    line = _LINE


def _judge(line: bytes, config: Mapping[str, Any], budget: list[int]) -> dict[str, Any]:
    """One line's verdict, or its problem; ``budget`` holds the batch's actions left."""
    if len(line) > config["MAX_CONTENT_LENGTH"]:
        abort(413, detail=f"The line is larger than one document may be "
                          f"({config['MAX_CONTENT_LENGTH']} bytes).")
    data = load_document_json(line, config["DUELCHECK_MAX_ACTIONS"], what="The line")
    actions = data.get("actions") if isinstance(data, dict) else None
    count = len(actions) if isinstance(actions, list) else 0
    if count > budget[0]:
        abort(422, type=BATCH_BUDGET, title="Batch budget spent",
              detail=f"This batch may have {config['DUELCHECK_MAX_BATCH_ACTIONS']} actions "
                     f"judged in all; {budget[0]} are left and this document has {count}. "
                     f"Send it in another batch.")
    budget[0] -= count
    try:
        return validate(data).to_dict()
    except DocumentError as error:
        if looks_like_replay(data):
            return {**document_problem(error), "detail": REPLAY_HINT}
        raise


def verdict_lines(body: bytes, config: Mapping[str, Any]) -> Iterator[bytes]:
    """Judge each line of ``body`` in turn: one JSON line per non-blank line.

    >>> lines = verdict_lines(b'{"cards": {}}\\n\\nnope\\n', {
    ...     "MAX_CONTENT_LENGTH": 1000, "DUELCHECK_MAX_ACTIONS": 10,
    ...     "DUELCHECK_MAX_BATCH_ACTIONS": 100})
    >>> [(o["line"], o.get("legal"), o.get("status")) for o in map(json.loads, lines)]
    [(1, True, None), (3, None, 400)]
    """
    budget = [config["DUELCHECK_MAX_BATCH_ACTIONS"]]
    for number, raw in enumerate(body.split(b"\n"), 1):
        line = raw.strip()
        if not line:
            continue
        try:
            out = _judge(line, config, budget)
        except HTTPException as error:
            out = http_problem(error)
        except DocumentError as error:
            out = document_problem(error)
        except Exception as error:
            out = unexpected_problem(error)
        yield json.dumps({"line": number, **out}).encode() + b"\n"


def batch_response() -> Response:
    """The streamed answer to a JSON Lines body, after the batch-wide checks: no content
    coding (415), its size (413) and its number of documents (422, before any is judged).

    >>> from api import create_app
    >>> with create_app({"TESTING": True}).test_request_context(
    ...         "/v1/validate", method="POST", data=b'{"cards": {}}', content_type=NDJSON):
    ...     batch_response().mimetype
    'application/x-ndjson'
    """
    config = current_app.config
    refuse_encoded_body(request)
    request.max_content_length = config["DUELCHECK_MAX_BATCH_BYTES"]
    try:
        body = request.get_data(cache=False)
    except RequestEntityTooLarge:
        abort(413, detail=f"The batch is larger than this service accepts "
                          f"({config['DUELCHECK_MAX_BATCH_BYTES']} bytes): split it into "
                          f"smaller batches.")
    count = sum(1 for line in body.split(b"\n") if line.strip())
    limit = config["DUELCHECK_MAX_BATCH_DOCUMENTS"]
    if count > limit:
        abort(422, type=TOO_MANY_DOCUMENTS, title="Too many documents",
              detail=f"This service judges at most {limit} documents per batch; this one has "
                     f"{count}. Split it into smaller batches.",
              messages={"_batch": [f"At most {limit} documents, not {count}."]})
    return Response(stream_with_context(verdict_lines(body, config)), mimetype=NDJSON)


def takes_json_lines(view: Callable[..., Response]) -> Callable[..., Response]:
    """A view that takes one JSON duel document also takes JSON Lines: such a body is judged
    line by line (:func:`batch_response`) before the view's own JSON parsing runs.

    >>> from api import create_app
    >>> view = takes_json_lines(lambda: Response("one document"))
    >>> with create_app({"TESTING": True}).test_request_context(
    ...         method="POST", data=b"{}", content_type="application/json"):
    ...     view().get_data()
    b'one document'
    """
    @functools.wraps(view)
    def view_or_batch(*args: Any, **kwargs: Any) -> Response:
        if request.mimetype == NDJSON:
            return batch_response()
        g.takes_json_lines = True  # a 415 then offers JSON Lines (api.parser)
        return view(*args, **kwargs)
    return view_or_batch


#: How the batch is documented in OpenAPI (the line schemas are components). flask-smorest
#: replaces a documented response whole, so the 200 response is written out here in full.
BATCH_DOC: Final = {
    "requestBody": {"content": {NDJSON: {
        "schema": {"type": "string", "description": "JSON Lines: one duel document "
                                                    "(a Document) per line"},
        "example": '{"cards": {}, "actions": [{"type": "draw", "player": "p1"}]}\n'}}},
    "responses": {"200": {
        "description": "The verdict, whether the duel is legal or not; for a batch, one "
                       "line per document.",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Verdict"}},
                    NDJSON: {"schema": {
        "description": "JSON Lines, streamed: one object per non-blank input line, in order. "
                       "Each has the input's line number and either the verdict or the "
                       "problem a single document would have got.",
        "oneOf": [{"$ref": "#/components/schemas/BatchVerdict"},
                  {"$ref": "#/components/schemas/BatchProblem"}]}}}}},
}

"""Reading the request body: 415 for another content type or a content coding, 413 above the
size limit (also for a body sent in chunks), 400 for bad JSON, 422 above the action limit,
before the schema spends time on the document."""

from __future__ import annotations

from typing import Any, Final

from flask import Request, current_app, g
from webargs.flaskparser import FlaskParser, abort, is_json_request

from validator.document.jsontext import DuplicateKeyError, loads
from validator.engine.duel import duplicate_key_errors
from validator.importers.duelingbook.textexport import TEXT_EXPORT, is_text_export

from .problems import TOO_MANY_ACTIONS


def read_body(req: Request) -> bytes:
    """The request body, or 413 when it is larger than ``MAX_CONTENT_LENGTH``.

    A body with a Content-Length is checked by werkzeug from the header. A body sent in
    chunks has none, and werkzeug stops reading it at the limit without a word, so the
    document would arrive cut short (and answer 400); here one byte more than the limit is
    read, and finding it is a 413.
    """
    limit = req.max_content_length
    if req.content_length is not None or limit is None or \
            not req.environ.get("wsgi.input_terminated"):
        return req.get_data(cache=True)
    data: bytes = req.environ["wsgi.input"].read(limit + 1)
    if len(data) > limit:
        abort(413)
    return data


def count_actions(data: Any) -> int:
    """The actions of a body: a document's, or those of every document in ``games``.

    >>> count_actions({"actions": [{}, {}]}), count_actions({"games": [{"actions": [{}]}] * 3})
    (2, 3)
    """
    if not isinstance(data, dict):
        return 0
    games = data.get("games")
    documents = [data, *(games if isinstance(games, list) else ())]
    return sum(len(doc["actions"]) for doc in documents
               if isinstance(doc, dict) and isinstance(doc.get("actions"), list))


def load_document_json(body: bytes, limit: int, what: str = "The body") -> Any:
    """A body's JSON text (one duel document, or several in ``games``), read as the service
    reads it: ``abort`` with 400 for text that is not JSON, 422 for a duplicate key or more
    than ``limit`` actions in all."""
    try:
        data = loads(body)
    except DuplicateKeyError as exc:
        abort(422, messages=duplicate_key_errors(exc))
    except RecursionError:
        abort(400, detail=f"{what} is JSON nested too deeply.")
    except ValueError as exc:
        if is_text_export(body):
            abort(400, type=TEXT_EXPORT_PROBLEM, title="A replay's text export",
                  detail=f"{what} is {TEXT_EXPORT}.")
        abort(400, detail=f"{what} is not valid JSON: {exc}")
    count = count_actions(data)
    if count > limit:
        abort(422, type=TOO_MANY_ACTIONS, title="Too many actions",
              detail=f"This service checks at most {limit} actions per request; this one "
                     f"has {count}. Split the duel: a document may go on from the state of "
                     f"the one before it (its position).",
              messages={"actions": [f"At most {limit} actions, not {count}."]})
    return data


#: The problem type of a body that is a Duelingbook replay's text export, not JSON.
TEXT_EXPORT_PROBLEM: Final = "urn:duelcheck:problem:text-export"

#: A 422's detail when the body is a Duelingbook replay sent where a duel document goes.
REPLAY_HINT: Final = ("This is a Duelingbook replay, not a duel document: POST it to "
                      "/v1/import/duelingbook, which gives its games as duel documents to "
                      "send here; see errors, keyed by path.")


def looks_like_replay(data: Any) -> bool:
    """Whether a body is a Duelingbook replay (an object with ``plays`` and no ``cards``),
    the rule the command line and the page use.

    >>> looks_like_replay({"plays": []}), looks_like_replay({"cards": {}, "plays": []})
    (True, False)
    """
    return isinstance(data, dict) and "plays" in data and "cards" not in data


def unsupported_type(mimetype: str, json_lines: bool) -> str:
    """The 415 answer's detail: what the endpoint takes, and what it was sent. Only an
    endpoint that takes JSON Lines (``POST /v1/validate``) offers them.

    >>> unsupported_type("application/x-ndjson", False)
    'This endpoint takes application/json, not application/x-ndjson.'
    >>> unsupported_type("text/plain", True)  # doctest: +ELLIPSIS
    'Send the duel document as application/json, or duel documents as ..., not text/plain.'
    """
    sent = mimetype or "no content type"
    if json_lines:
        return (f"Send the duel document as application/json, or duel documents as "
                f"application/x-ndjson (one per line), not {sent}.")
    return f"This endpoint takes application/json, not {sent}."


def content_codings(value: str) -> list[str]:
    """The content codings a ``Content-Encoding`` value names, lowercased, but ``identity``
    (no coding: the body as it is).

    >>> content_codings("gzip"), content_codings(" Identity "), content_codings("")
    (['gzip'], [], [])
    >>> content_codings("deflate, GZIP")  # applied in that order
    ['deflate', 'gzip']
    """
    return [coding for coding in (part.strip().lower() for part in value.split(","))
            if coding and coding != "identity"]


def refuse_encoded_body(req: Request) -> None:
    """415 for a body sent with a content coding (``Content-Encoding`` other than
    ``identity``): the service decodes no body, and the coded bytes read as they are would be
    a 400 "not JSON" (or a replay's 422) that hides why. The answer's ``Accept-Encoding:
    identity`` says what it takes (RFC 9110, 15.5.16). Every view that reads a body asks
    this before it reads; the step's fast path hands such a request to its view.

    >>> from flask import request
    >>> from api import create_app
    >>> with create_app({"TESTING": True}).test_request_context(
    ...         method="POST", data=b"x", headers={"Content-Encoding": "gzip"}):
    ...     try:
    ...         refuse_encoded_body(request)
    ...     except Exception as problem:
    ...         print(problem.code, problem.data["headers"])
    415 {'Accept-Encoding': 'identity'}
    """
    codings = content_codings(req.environ.get("HTTP_CONTENT_ENCODING", ""))
    if codings:
        abort(415, detail=f"The body is sent with Content-Encoding {', '.join(codings)}: this "
                          f"service decodes no request body. Send it as it is (no "
                          f"Content-Encoding, or identity).",
              headers={"Accept-Encoding": "identity"})


#: What every endpoint that reads a body documents in its 415 (OpenAPI), after what it takes.
ENCODED_415: Final = ("Or the body is sent with a Content-Encoding other than identity: the "
                      "service decodes none (the answer says Accept-Encoding: identity).")
#: The 415 of an endpoint that takes application/json (OpenAPI).
JSON_415: Final = f"The body is not application/json. {ENCODED_415}"


class DocumentParser(FlaskParser):
    """webargs' Flask parser with the service's checks on the raw body."""

    def _raw_load_json(self, req: Request) -> Any:
        if not is_json_request(req):
            abort(415, detail=unsupported_type(req.mimetype, bool(g.get("takes_json_lines"))))
        refuse_encoded_body(req)
        data = load_document_json(read_body(req), current_app.config["DUELCHECK_MAX_ACTIONS"])
        g.looks_like_replay = looks_like_replay(data)
        g.document_json = data  # the body as sent (a held duel keeps its cards as given)
        return data

    def handle_error(self, error: Any, req: Request, schema: Any, *,
                     error_status_code: int | None,
                     error_headers: Any) -> Any:
        """A body the schema refuses: 422 with the errors keyed by path, and the problem's
        type, title and detail from the schema's ``PROBLEM`` when it has one (a duel
        document's otherwise)."""
        problem = getattr(schema, "PROBLEM", None)
        if problem is None and g.get("looks_like_replay"):
            problem = {"detail": REPLAY_HINT}
        if problem is None:
            return super().handle_error(error, req, schema, error_status_code=error_status_code,
                                        error_headers=error_headers)
        abort(error_status_code or 422, messages=error.messages, **problem)

    def _handle_invalid_json_error(self, error: Exception, req: Request, *args: Any,
                                   **kwargs: Any) -> Any:
        abort(400, detail=f"The body is not valid JSON: {error}")

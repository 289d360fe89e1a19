"""Every error as ``application/problem+json`` (RFC 9457), documented as such in OpenAPI."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from http import HTTPStatus
from typing import Any

from flask import Flask, Response, current_app, request
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from marshmallow import Schema, fields
from werkzeug.exceptions import HTTPException

from validator import DocumentError

PROBLEM_JSON = "application/problem+json"
LOG = logging.getLogger("duelcheck.api")

#: Problem types of our own (other errors are ``about:blank``: the status says it all).
MALFORMED = "urn:duelcheck:problem:malformed-document"
TOO_MANY_ACTIONS = "urn:duelcheck:problem:too-many-actions"


class ProblemSchema(Schema):
    """RFC 9457 problem details, with ``errors`` keyed by path for field errors."""

    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    errors = fields.Dict(metadata={"description": "field errors keyed by path, marshmallow's "
                                                  "nested style (list indexes as strings)"})
    actions = fields.Integer(metadata={
        "description": "a problem of type urn:duelcheck:problem:duel-conflict only (an "
                       "extension member): the number of actions the duel holds"})


def problem_body(status: int, detail: str, *, errors: Any = None, type_: str = "about:blank",
                 title: str | None = None) -> dict[str, Any]:
    """The problem object (RFC 9457) of an error.

    >>> problem_body(404, "No such rule.")["title"]
    'Not Found'
    """
    body: dict[str, Any] = {"type": type_, "title": title or HTTPStatus(status).phrase,
                            "status": status, "detail": detail}
    if errors is not None:
        body["errors"] = _keys_as_strings(errors)
    return body


def problem(status: int, detail: str, *, errors: Any = None, type_: str = "about:blank",
            title: str | None = None) -> Response:
    """A problem+json response."""
    body = problem_body(status, detail, errors=errors, type_=type_, title=title)
    return Response(json.dumps(body), status=status, mimetype=PROBLEM_JSON)


def _keys_as_strings(errors: Any) -> Any:
    if isinstance(errors, dict):
        return {str(k): _keys_as_strings(v) for k, v in errors.items()}
    return errors


def http_problem(error: HTTPException) -> dict[str, Any]:
    """The problem object of an HTTP error (webargs' and our ``abort`` data included).

    >>> from werkzeug.exceptions import NotFound
    >>> from api import create_app
    >>> with create_app({"TESTING": True}).test_request_context():
    ...     http_problem(NotFound("No such rule."))["detail"]
    'No such rule.'
    """
    data: dict[str, Any] = getattr(error, "data", None) or {}
    status = error.code or 500
    messages = data.get("messages")
    if isinstance(messages, dict) and len(messages) == 1 and \
            next(iter(messages)) in ("json", "query"):
        messages = next(iter(messages.values()))  # webargs keys errors by location: one here
    if status == 422 and messages is not None and request.method == "GET":
        return problem_body(422, "The query parameters are not valid; see errors.",
                            errors=messages)
    if status == 422 and messages is not None:
        return problem_body(422, data.get("detail", "The duel document is not well formed; "
                                                    "see errors, keyed by path."),
                            errors=messages, type_=data.get("type", MALFORMED),
                            title=data.get("title", "Malformed duel document"))
    detail = data.get("detail") or error.description or HTTPStatus(status).phrase
    if status == 413 and not data.get("detail"):
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        detail = f"The body is larger than this service accepts ({limit} bytes)."
    body = problem_body(status, detail, errors=messages, type_=data.get("type", "about:blank"),
                        title=data.get("title"))
    body.update(data.get("extensions") or {})  # RFC 9457 extension members (a problem's own)
    return body


def allow_header(methods: Iterable[str]) -> str:
    """The ``Allow`` header of a route's methods, in one order whatever the process (werkzeug
    gives them as a set): what a 405 and an ``OPTIONS`` answer both send.

    >>> allow_header({"POST", "OPTIONS", "HEAD", "GET"})
    'GET, HEAD, OPTIONS, POST'
    """
    return ", ".join(sorted({method.strip().upper() for method in methods} - {""}))


def _http_error(error: HTTPException) -> Response:
    body = http_problem(error)
    response = Response(json.dumps(body), status=body["status"], mimetype=PROBLEM_JSON)
    headers = (getattr(error, "data", None) or {}).get("headers")
    if isinstance(headers, dict):  # abort(..., headers=...): a problem's own (Retry-After)
        response.headers.update(headers)
    allow = error.get_response().headers.get("Allow") if body["status"] == 405 else None
    if allow:
        response.headers["Allow"] = allow_header(allow.split(","))
    return response


def document_problem(error: DocumentError) -> dict[str, Any]:
    """The problem object of a malformed duel document.

    >>> document_problem(DocumentError({"turn": ["Not a valid integer."]}))["errors"]
    {'turn': ['Not a valid integer.']}
    """
    return problem_body(422, "The duel document is not well formed; see errors, keyed by path.",
                        errors=error.errors, type_=MALFORMED, title="Malformed duel document")


def unexpected_problem(error: Exception) -> dict[str, Any]:
    """The problem object of a bug (logged with its traceback, never shown).

    >>> unexpected_problem(KeyError("x"))["status"]
    500
    """
    LOG.error("unexpected error", exc_info=error)
    return problem_body(500, "An unexpected error occurred; it has been logged.")


def _document_error(error: DocumentError) -> Response:
    return Response(json.dumps(document_problem(error)), status=422, mimetype=PROBLEM_JSON)


def _unexpected(error: Exception) -> Response:
    return Response(json.dumps(unexpected_problem(error)), status=500, mimetype=PROBLEM_JSON)


def register(app: Flask) -> None:
    """Route every error through :func:`problem` (after flask-smorest's own handler)."""
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(DocumentError, _document_error)
    app.register_error_handler(Exception, _unexpected)


class ProblemApi(Api):  # type: ignore[misc]
    """flask-smorest's Api, documenting every error response as problem+json."""

    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self) -> None:
        for status in HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if status >= 400:
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_JSON)
            self.spec.components.response(status.name, response, lazy=True)
        default: dict[str, Any] = {"description": "Default error response",
                                   "schema": self.ERROR_SCHEMA}
        prepare_response(default, self.spec, PROBLEM_JSON)
        self.spec.components.response("DEFAULT_ERROR", default, lazy=True)

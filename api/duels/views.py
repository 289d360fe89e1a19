"""The endpoints of duels held by the service (contract §9): ``POST /v1/duels``,
``POST /v1/duels/{id}/actions``, ``GET /v1/duels/{id}`` (``?document=1``) and
``DELETE /v1/duels/{id}``. docs/duels.md says what is kept, where, and for how long."""

from __future__ import annotations

import inspect
import json
import time
from datetime import UTC, datetime
from functools import partial
from typing import Any, Final, NoReturn

from flask import Flask, Response, current_app, g, request
from flask.views import MethodView
from flask_smorest import abort
from marshmallow import ValidationError, fields, validate
from webargs.flaskparser import is_json_request
from werkzeug.exceptions import ClientDisconnected, RequestEntityTooLarge

from validator import Document
from validator.document.schema import ActionField
from validator.document.strict import Strict, StrictInt
from validator.document.verdict_schema import VerdictSchema
from validator.engine.held import KeptStateError

from ..parser import JSON_415, load_document_json, read_body, refuse_encoded_body, unsupported_type
from ..problems import MALFORMED, TOO_MANY_ACTIONS, problem
from ..views import DOCUMENT_SCHEMA, ERRORS, ApiBlueprint, json_response, no_content
from . import judge
from .record import ID_PATTERN, Record, is_id, new_id
from .stepping import (
    CONFLICT,
    DUEL_FULL,
    RECORD_FORMAT,
    UNKNOWN_DUEL,
    HeldDuels,
    fail,
    held_duels,
    plain_step,
)
from .store import DuelStore, StoreError, TooManyDuels

duels_blp = ApiBlueprint("duels", __name__, url_prefix="/v1",
                         description="Duels held by the service (contract section 9): send "
                                     "each action as it happens.")
TOO_MANY_DUELS: Final = "urn:duelcheck:problem:too-many-duels"
STORE_DOWN: Final = "urn:duelcheck:problem:duel-store-unavailable"
#: Where the fast path (:mod:`.fastpath`) leaves the problem a step raised in front of Flask:
#: the view raises it again, so that Flask's error handlers answer it as they answer the
#: view's own (a key no client can set: request headers become ``HTTP_*`` keys).
RAISED: Final = "duelcheck.step.raised"


class _RawActions(fields.List):  # type: ignore[type-arg]
    """A list of actions, documented as actions and left as JSON objects: each is loaded
    against the duel's cards (:func:`validator.engine.held.load_actions`), its errors keyed
    ``actions.<i>`` as in a document."""

    def _deserialize(self, value: Any, attr: str | None, data: Any,
                     **kwargs: Any) -> list[Any]:
        if not isinstance(value, list):
            raise ValidationError("Not a valid list.")
        return value


class StepSchema(Strict):
    """The body of ``POST /v1/duels/{id}/actions`` (for the OpenAPI document: the view reads
    the body itself, :func:`_step_body`)."""

    actions = _RawActions(ActionField(), required=True, metadata={
        "description": "the new actions, in order (contract section 2)"})
    expect = StrictInt(validate=validate.Range(min=0), metadata={
        "description": "the number of actions the client believes the duel holds: if it "
                       "holds another number, 409 and nothing is kept"})


class CreatedSchema(Strict):
    id = fields.String(required=True, metadata={"description": "the duel's id: 128 random "
                                                               "bits, URL-safe"})
    actions = fields.Integer(required=True, metadata={"description": "actions kept"})
    verdict = fields.Nested(VerdictSchema, required=True)


class DuelSchema(Strict):
    id = fields.String(required=True)
    actions = fields.Integer(required=True, metadata={"description": "actions kept"})
    state = fields.Dict(required=True, metadata={
        "description": "the state after the last kept action (a State, contract section 3)"})
    outcome = fields.Dict(required=True, allow_none=True)
    created = fields.DateTime(required=True)
    updated = fields.DateTime(required=True, metadata={"description": "when an action was "
                                                                      "last kept"})
    expires = fields.DateTime(required=True, metadata={
        "description": "when the duel expires unless an action is kept before"})


class DuelQuerySchema(Strict):
    document = fields.Boolean(load_default=False, metadata={
        "description": "1 (or true) for the whole duel document instead: its cards, its "
                       "start and every kept action"})


def _duels() -> HeldDuels:
    return held_duels(current_app)


def _store() -> DuelStore:
    """This process's store (opened on first use, after gunicorn's fork)."""
    return _duels().store()


def _iso(seconds: float) -> str:
    """A time as RFC 3339, UTC, to the millisecond.

    >>> _iso(0.0)
    '1970-01-01T00:00:00.000Z'
    """
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def _location(duel_id: str) -> str:
    return f"/v1/duels/{duel_id}"


_BODY_ANSWERS: Final = (
    (400, "The body is not JSON."), (413, "The body is larger than the limit."),
    (415, JSON_415))
_STORE_ANSWER: Final = (f"The duel store cannot be reached (type {STORE_DOWN}), or the duel "
                        f"was stored by another version's record format (type "
                        f"{RECORD_FORMAT}).")


def _answers(func: Any, busy: str = "", headers: dict[str, Any] | None = None) -> Any:
    """The body's errors, and the store's (and ``busy``, another 503 of the operation, with
    its ``headers``)."""
    for status, why in _BODY_ANSWERS:
        func = duels_blp.alt_response(status, description=why, **ERRORS)(func)
    return _store_answer(func, busy, headers)


def _store_answer(func: Any, busy: str = "", headers: dict[str, Any] | None = None) -> Any:
    return duels_blp.alt_response(503, description=busy + _STORE_ANSWER, headers=headers,
                                  **ERRORS)(func)


#: The header of a create refused for too many duels.
RETRY_AFTER: Final = {"Retry-After": {
    "description": f"with type {TOO_MANY_DUELS} only: the seconds (rounded up, at least 1) "
                   f"until the soonest held duel expires, as the store counted them; an "
                   f"action kept in it first moves that on, a DELETE frees a place sooner. "
                   f"Not sent with {STORE_DOWN}: nothing tells when a store comes back",
    "schema": {"type": "integer", "minimum": 1}}}


def _unknown_answer(func: Any) -> Any:
    return duels_blp.alt_response(404, description=f"No duel has this id: unknown, deleted or "
                                  f"expired (type {UNKNOWN_DUEL}).", **ERRORS)(func)


#: The duel's id in a path: what :func:`~api.duels.record.new_id` makes (any other is 404).
DUEL_ID: Final = [{"in": "path", "name": "duel_id", "description": "the id POST /v1/duels "
                   "answered", "schema": {"type": "string", "pattern": f"^{ID_PATTERN}$"}}]
#: From a created duel to what can be done with it (OpenAPI links: a client generator, or a
#: tester such as schemathesis, follows them with the id the 201 answered).
_LINKS: Final = {name: {"operationRef": f"#/paths/~1v1~1duels~1{{duel_id}}{path}/{method}",
                        "parameters": {"duel_id": "$response.body#/id"}, "description": why}
                 for name, path, method, why in (
                     ("step", "~1actions", "post", "send the duel's next actions"),
                     ("read", "", "get", "the duel as it stands, or its whole document"),
                     ("forget", "", "delete", "forget the duel"))}


@duels_blp.route("/duels")
class DuelsView(MethodView):
    @duels_blp.arguments(DOCUMENT_SCHEMA, location="json",
                         description="A duel document (contract section 1), with or without "
                                     "actions.")
    @duels_blp.response(201, CreatedSchema, description="The duel is held; Location names "
                        "it. Its legal actions are kept; the verdict says whether all were.",
                        headers={"Location": {"description": "/v1/duels/{id}",
                                              "schema": {"type": "string"}}})
    @duels_blp.alt_response(422, description="A malformed document, more actions than "
                            f"DUELCHECK_MAX_DUEL_ACTIONS (type {DUEL_FULL}), or than "
                            f"DUELCHECK_MAX_ACTIONS (type {TOO_MANY_ACTIONS}).", **ERRORS)
    @duels_blp.doc(responses={"201": {"links": _LINKS}})
    @partial(_answers, busy=f"DUELCHECK_MAX_DUELS duels are held already (type "
                            f"{TOO_MANY_DUELS}; Retry-After). ", headers=RETRY_AFTER)
    def post(self, document: Document) -> Response:
        """Hold a duel: judge its actions, keep the legal ones, answer its id."""
        data: dict[str, Any] = g.document_json
        duels = _duels()
        duels.too_long(0, len(document.actions), creating=True)
        duel_id = new_id()
        made = judge.open_duel(duel_id, data, document, time.time())
        try:
            duels.store().create(made.record, made.kept, duels.max_duels)
        except TooManyDuels as full:
            too_many_duels(full, duels.idle_seconds)
        judge.remember(made.record, made.duel)
        body = f'{{"id":"{duel_id}","actions":{made.record.actions},"verdict":{made.text}}}'
        response = Response(body, status=201, mimetype="application/json")
        response.headers["Location"] = _location(duel_id)
        return response


@duels_blp.route("/duels/<string:duel_id>", parameters=DUEL_ID)
class DuelView(MethodView):
    @duels_blp.arguments(DuelQuerySchema(), location="query", as_kwargs=True)
    @duels_blp.response(200, DuelSchema, description="The duel as it stands; with "
                        "?document=1, the whole duel document (a Document).")
    @_unknown_answer
    @_store_answer
    def get(self, duel_id: str, document: bool = False) -> Response:
        """The duel as it stands (its state and outcome), or its whole document."""
        duels = _duels()
        record = duels.record(duel_id)
        if document:
            return json_response(_document(record))
        state = json.loads(record.state)
        idle = duels.idle_seconds
        return json_response({"id": record.id, "actions": record.actions, "state": state,
                              "outcome": state.get("outcome"), "created": _iso(record.created),
                              "updated": _iso(record.updated),
                              "expires": _iso(record.updated + idle)})

    @duels_blp.response(204, description="The duel is forgotten.")
    @_unknown_answer
    @_store_answer
    def delete(self, duel_id: str) -> Response:
        """Forget the duel (its id answers 404 from now on)."""
        if not is_id(duel_id) or not _store().delete(duel_id):
            _duels().unknown(duel_id)
        judge.DUELS.pop(duel_id)
        judge.DOCUMENTS.pop(duel_id)
        return no_content()


def too_many_duels(full: TooManyDuels, idle_seconds: int) -> NoReturn:
    """The 503 of a create the store refused: ``Retry-After`` is the seconds until the soonest
    held duel expires, as the store counted them (when one is held).

    >>> try:
    ...     too_many_duels(TooManyDuels(2, 40), 60)
    ... except Exception as problem:
    ...     print(problem.code, problem.data["headers"], "in 40 s" in problem.data["detail"])
    503 {'Retry-After': '40'} True
    >>> try:
    ...     too_many_duels(TooManyDuels(1, None), 60)
    ... except Exception as problem:
    ...     print(problem.data["detail"][:44], problem.data["headers"])
    This service holds at most 1 duel at once, a {}
    """
    soonest = "" if full.retry_after is None else (
        f" As the duels stand, the soonest of them expires in {full.retry_after} s unless "
        f"an action is kept in it first (Retry-After).")
    most = f"{full.max_duels} duel{'' if full.max_duels == 1 else 's'}"
    fail(503, TOO_MANY_DUELS, "Too many duels held",
         f"This service holds at most {most} at once, and holds that many. "
         f"DELETE the duels you no longer follow; the others expire after {idle_seconds} s "
         f"without an action kept.{soonest}",
         headers={} if full.retry_after is None else {"Retry-After": str(full.retry_after)})


def _document(record: Record) -> dict[str, Any]:
    """The whole duel document: the start, the cards as given, and every kept action."""
    log = _store().log(record.id, record.actions)
    if log is None:
        _duels().unknown(record.id)
    start: dict[str, Any] = json.loads(record.start)
    out: dict[str, Any] = {"ruleset": start.pop("ruleset", record.ruleset)}
    for key in ("turn", "turn_player"):
        if key in start:
            out[key] = start.pop(key)
    out["cards"] = json.loads(record.cards)
    out.update(start)
    out["actions"] = [json.loads(text) for text in log]
    return out


#: How the step's body is documented (it is read by :func:`_step_body`, not by webargs).
STEP_BODY: Final = {"requestBody": {"required": True, "description": "The new actions, and how "
                                    "many the client believes the duel holds.", "content": {
    "application/json": {"schema": {"$ref": "#/components/schemas/DuelStep"}}}}}


def _read_step(limit: int | None) -> bytes:
    """The step's body. With a Content-Length, read from the server's input at once, with
    werkzeug's answers (413 above ``limit``, MAX_CONTENT_LENGTH; 400 for a body cut short) but
    without its stream wrappers, which cost more than the JSON; else as every body is read
    (413 for a body sent in chunks beyond the limit)."""
    length = request.content_length
    if length is None or limit is None:
        return read_body(request)
    if length > limit:
        raise RequestEntityTooLarge()
    data: bytes = request.environ["wsgi.input"].read(length)
    if len(data) < length:
        raise ClientDisconnected()
    return data


def _step_body() -> tuple[list[Any], int | None]:
    """The step's actions (JSON objects, loaded by the judge) and ``expect``, read as the
    service reads every body (415 for another type or a content coding, 413, 400, 422 above
    DUELCHECK_MAX_ACTIONS), with the
    field errors of a document (422, keyed by path). Read by hand: a step is the hot path, and
    a schema's machinery would cost more than the rest of the request."""
    config = current_app.config
    if request.environ.get("CONTENT_TYPE") != "application/json" and \
            not is_json_request(request):  # (the header as clients send it, compared first)
        abort(415, detail=unsupported_type(request.mimetype, False))
    refuse_encoded_body(request)
    data = load_document_json(_read_step(config["MAX_CONTENT_LENGTH"]),
                              config["DUELCHECK_MAX_ACTIONS"])
    plain = plain_step(data)
    if plain is not None:
        return plain  # nothing to say
    if not isinstance(data, dict):
        _malformed_step({"_schema": ["A step is a JSON object: its actions (a list) and, "
                                     "if the client counts them, expect."]})
    actions = data.get("actions")
    expect = data.get("expect")
    errors: dict[str, list[str]] = {key: ["Unknown field."] for key in data
                                    if key not in ("actions", "expect")}
    if "actions" not in data:
        errors["actions"] = ["Missing data for required field."]
    elif actions is None:
        errors["actions"] = ["Field may not be null."]
    elif not isinstance(actions, list):
        errors["actions"] = ["Not a valid list."]
    if "expect" in data and (type(expect) is not int or expect < 0):
        errors["expect"] = ["Not a count of actions (an integer, 0 or more); leave expect "
                            "out to send without one."]
    if errors or not isinstance(actions, list):  # (the second never: plain_step took it)
        _malformed_step(errors)
    return actions, expect if type(expect) is int else None


def _malformed_step(errors: dict[str, list[str]]) -> NoReturn:
    fail(422, MALFORMED, "Malformed step",
         "The step's body is not well formed; see errors, keyed by path.", messages=errors)


@duels_blp.route("/duels/<string:duel_id>/actions", parameters=DUEL_ID)
class ActionsView(MethodView):
    @duels_blp.doc(**STEP_BODY)
    @duels_blp.response(200, VerdictSchema, description="The verdict of the new actions "
                        "(index and actions_checked counted within them), as /v1/validate "
                        "answers. The legal ones are kept; an illegal one and those after it "
                        "are not. The Duel-Actions header gives the number of actions the "
                        "duel now holds.", headers={"Duel-Actions": {
                            "description": "the number of actions the duel now holds (the "
                                           "next step's expect)",
                            "schema": {"type": "integer", "minimum": 0}}})
    @duels_blp.alt_response(409, description=f"expect is not the number of actions the duel "
                            f"holds, which the problem's actions member gives (type "
                            f"{CONFLICT}); nothing is kept.", **ERRORS)
    @duels_blp.alt_response(422, description="A malformed body or action (errors keyed "
                            "actions.<i> within the new ones), more actions than the duel "
                            f"may keep (type {DUEL_FULL}), or more in one request than "
                            f"DUELCHECK_MAX_ACTIONS (type {TOO_MANY_ACTIONS}); nothing is "
                            f"kept.", **ERRORS)
    @_unknown_answer
    @_answers
    def post(self, duel_id: str) -> Response:
        """Judge the next actions of a held duel and keep the legal ones."""
        raised = request.environ.get(RAISED)
        if raised is not None:  # the fast path met this problem: answer it as the view's own
            raise raised
        duels = _duels()
        if not is_id(duel_id):
            duels.unknown(duel_id)
        raw, expect = _step_body()
        answer = duels.step(duel_id, raw, expect)
        response = Response(answer.text, mimetype="application/json")
        response.headers["Duel-Actions"] = str(answer.actions)
        return response


#: At run time a step is served by the view itself: flask-smorest's decorators above only
#: document it (they are read when the route is registered) and, at each request, pass the
#: Response it returns through eight wrappers. A step is the hot path (issue 28).
ActionsView.post = inspect.unwrap(ActionsView.post)  # type: ignore[method-assign]


def register_store_errors(app: Flask) -> None:
    """Answer the store's and the records' failures as 503 problems (logged).

    >>> from api import create_app
    >>> app = create_app({"TESTING": True, "DUELCHECK_STORE": "redis://127.0.0.1:1/0"})
    >>> answer = app.test_client().post("/v1/duels", json={"cards": {}})
    >>> answer.status_code, answer.get_json()["type"]
    (503, 'urn:duelcheck:problem:duel-store-unavailable')
    """
    def down(error: StoreError) -> Response:
        current_app.logger.error("duel store: %s", error)
        return problem(503, f"The duel store cannot be used: {error}", type_=STORE_DOWN,
                       title="Duel store unavailable")

    def unreadable(error: KeptStateError) -> Response:
        current_app.logger.error("duel record: %s", error)
        return problem(503, f"This duel's record cannot be read: {error}",
                       type_=RECORD_FORMAT, title="Duel stored in an unknown format")

    app.register_error_handler(StoreError, down)
    app.register_error_handler(KeptStateError, unreadable)

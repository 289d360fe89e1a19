"""The endpoints. Views translate: a schema in, one library call, a schema out."""

from __future__ import annotations

import json
import os
from typing import Any

import swagger_ui_bundle
from flask import Blueprint as FlaskBlueprint
from flask import Flask, Response, redirect, request, send_from_directory
from flask.views import MethodView
from flask_smorest import Blueprint, abort
from werkzeug.wrappers import Response as BaseResponse

from validator import Document, rules, validate
from validator.document.schema import DocumentSchema
from validator.document.verdict_schema import RuleSchema, VerdictSchema

from .batch import BATCH_DOC, takes_json_lines
from .parser import ENCODED_415, DocumentParser
from .problems import PROBLEM_JSON, ProblemSchema, allow_header


class ApiBlueprint(Blueprint):  # type: ignore[misc]
    """A flask-smorest blueprint whose JSON bodies go through :class:`DocumentParser`."""

    ARGUMENTS_PARSER = DocumentParser()


def json_response(body: Any, status: int = 200) -> Response:
    """JSON in the library's own key order (the contract's order)."""
    return Response(json.dumps(body), status=status, mimetype="application/json")


def no_content(**headers: str) -> Response:
    """204, with no body and so no ``Content-Type`` (Flask would say ``text/html``).

    >>> answer = no_content(ETag='"x"')
    >>> answer.status_code, "Content-Type" in answer.headers, answer.headers["ETag"]
    (204, False, '"x"')
    """
    response = Response(status=204, headers=headers)
    del response.headers["Content-Type"]
    return response


class ServiceFlask(Flask):
    """The service's Flask app: its automatic answer to ``OPTIONS`` (every route that does not
    define the method) is a 204 with the route's methods in ``Allow``, no body and so no
    ``Content-Type``, where Flask answers a 200 typed ``text/html`` with nothing in it; and
    ``OPTIONS *`` (the server as a whole, RFC 9110) is a 204 with every method any route
    takes, where Flask answers 404 (no route is ``*``).
    No CORS headers: the service answers no cross-origin preflight (README, "The HTTP API").

    >>> answer = ServiceFlask(__name__).test_client().options("/static/x")
    >>> answer.status_code, answer.headers["Allow"], "Content-Type" in answer.headers
    (204, 'GET, HEAD, OPTIONS', False)
    """

    def make_default_options_response(self) -> Response:
        """The 204 (Flask calls it for a route's automatic ``OPTIONS``)."""
        flasks = super().make_default_options_response()
        return no_content(Allow=allow_header(flasks.allow))

    def dispatch_request(self) -> Any:
        """``OPTIONS *``'s 204 (the server's methods), else Flask's dispatch.

        >>> app = ServiceFlask(__name__)
        >>> with app.test_request_context("*", method="OPTIONS"):
        ...     app.dispatch_request().headers["Allow"]
        'GET, HEAD, OPTIONS'
        """
        environ = request.environ
        if request.method == "OPTIONS" and \
                environ.get("RAW_URI", environ.get("REQUEST_URI")) == "*":  # (not "/*")
            methods = {m for rule in self.url_map.iter_rules() for m in rule.methods or ()}
            return no_content(Allow=allow_header(methods))
        return super().dispatch_request()


validate_blp = ApiBlueprint("validate", __name__, url_prefix="/v1",
                            description="Judge a duel document.")
rules_blp = ApiBlueprint("rules", __name__, url_prefix="/v1",
                         description="The rule catalog: ids, titles, texts and sources.")
health_blp = ApiBlueprint("health", __name__, description="Liveness.")
docs_static = FlaskBlueprint("docs_static", __name__)
#: One schema instance for every request: webargs would build a class afresh each time
#: (marshmallow deep-copies the declared fields: a tenth of a millisecond per request).
DOCUMENT_SCHEMA = DocumentSchema()
#: How alternative (error) responses are documented: problem+json.
ERRORS = {"content_type": PROBLEM_JSON, "schema": ProblemSchema}


@validate_blp.route("/validate")
class ValidateView(MethodView):
    @takes_json_lines
    @validate_blp.doc(**BATCH_DOC)
    @validate_blp.arguments(DOCUMENT_SCHEMA, location="json",
                            description="A duel document (contract section 1), or with "
                                        "application/x-ndjson one per line (a batch).")
    @validate_blp.response(200, VerdictSchema,
                           description="The verdict, whether the duel is legal or not.")
    @validate_blp.alt_response(400, description="The body is not JSON.", **ERRORS)
    @validate_blp.alt_response(413, description="The body is larger than the limit.",
                               **ERRORS)
    @validate_blp.alt_response(415, description="The body is neither application/json nor "
                                                f"application/x-ndjson. {ENCODED_415}",
                               **ERRORS)
    def post(self, document: Document) -> Response:
        """Validate a duel: the first illegal action, the rule it breaks, the outcome.

        With ``application/x-ndjson``, a batch: one document per line, one verdict per line,
        streamed as each duel is judged (a malformed line gets its own problem line). A batch
        with more documents than DUELCHECK_MAX_BATCH_DOCUMENTS is a 422 before any is judged.
        """
        return json_response(validate(document).to_dict())


@rules_blp.route("/rules")
class RulesView(MethodView):
    @rules_blp.response(200, RuleSchema(many=True))
    def get(self) -> Response:
        """Every rule of the catalog, in the contract's order."""
        return json_response([rule.to_dict() for rule in rules().values()])


@rules_blp.route("/rules/<string:rule_id>")
class RuleView(MethodView):
    @rules_blp.response(200, RuleSchema)
    @rules_blp.alt_response(404, description="No rule has that id.", **ERRORS)
    def get(self, rule_id: str) -> Response:
        """One rule of the catalog."""
        rule = rules().get(rule_id)
        if rule is None:
            abort(404, detail=f"No rule has the id {rule_id!r}; GET /v1/rules lists them.")
            raise AssertionError("abort raises")
        return json_response(rule.to_dict())


@health_blp.route("/healthz")
class HealthView(MethodView):
    @health_blp.response(200, description="The service is up.")
    def get(self) -> Response:
        """Liveness check."""
        return json_response({"status": "ok"})


@docs_static.route("/docs/static/<path:filename>")
def swagger_ui_asset(filename: str) -> Response:
    """Swagger UI's files, from the installed swagger-ui-bundle package (no CDN)."""
    return send_from_directory(os.fspath(swagger_ui_bundle.swagger_ui_path), filename)


@docs_static.route("/docs/")
def docs_with_a_slash() -> BaseResponse:
    """``/docs/`` is Swagger UI too (flask-smorest serves it at ``/docs``)."""
    return redirect("/docs", 308)

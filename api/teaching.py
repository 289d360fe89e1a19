"""Endpoints for apps and teaching tools: legal next actions, quizzes, the turn diagram,
example duels, and the playground page."""

from __future__ import annotations

import random
from importlib import resources

from flask import Blueprint as FlaskBlueprint
from flask import Response, current_app
from flask.views import MethodView

from validator import Document, IllegalActionError
from validator.document.verdict_schema import (
    ActionListSchema,
    ExampleSchema,
    MachineArgsSchema,
    MachineSchema,
    QuizArgsSchema,
    QuizSchema,
)
from validator.engine.duel import list_legal_actions
from validator.engine.legal import EFFECT_DRIVEN
from validator.rules.catalog import golden_cases
from validator.teaching.diagram import mermaid, svg
from validator.teaching.quiz import quiz
from validator.teaching.quizbank import corpus_quiz

from .parser import JSON_415
from .problems import problem
from .views import DOCUMENT_SCHEMA, ERRORS, ApiBlueprint, json_response, no_content

ASSETS = resources.files("validator.teaching").joinpath("assets")

teach_blp = ApiBlueprint("teaching", __name__, url_prefix="/v1",
                         description="What may be done next, quizzes, the turn diagram.")
page = FlaskBlueprint("page", __name__)
#: The board renderer and styles the page shares with the judge's report
#: (validator/teaching/assets), served at ``/assets/``.
assets = FlaskBlueprint("assets", __name__, static_folder=str(ASSETS),
                        static_url_path="/assets")
ILLEGAL_SEQUENCE = "urn:duelcheck:problem:illegal-sequence"


@teach_blp.route("/legal-actions")
class LegalActionsView(MethodView):
    @teach_blp.arguments(DOCUMENT_SCHEMA, location="json",
                         description="A duel document; its actions must all be legal.")
    @teach_blp.response(200, ActionListSchema)
    @teach_blp.alt_response(400, description="The body is not JSON.", **ERRORS)
    @teach_blp.alt_response(413, description="The body is larger than the limit.", **ERRORS)
    @teach_blp.alt_response(415, description=JSON_415, **ERRORS)
    def post(self, document: Document) -> Response:
        """Every legal next action after the document's actions."""
        config = current_app.config
        try:
            found = list_legal_actions(document, config["DUELCHECK_MAX_LEGAL_ACTIONS"],
                                       config["DUELCHECK_MAX_CANDIDATES"])
        except IllegalActionError as err:
            return problem(422, f"The document's own action {err.index + 1} (actions."
                                f"{err.index}) is illegal ({err.rule}): {err.message}",
                           type_=ILLEGAL_SEQUENCE,
                           title="Illegal action sequence",
                           errors={"actions": {str(err.index): [f"{err.rule}: {err.message}"]}})
        return json_response({"actions": found.actions, "count": len(found.actions),
                              "truncated": found.truncated, "omitted": list(EFFECT_DRIVEN)})


@teach_blp.route("/quiz")
class QuizView(MethodView):
    @teach_blp.arguments(QuizArgsSchema, location="query", as_kwargs=True)
    @teach_blp.response(200, QuizSchema)
    def get(self, level: int, source: str, seed: int | None = None) -> Response:
        """A quiz question: is the proposed action legal? The answer comes with it."""
        if seed is None:
            seed = random.randrange(2**31)
        question = corpus_quiz(seed) if source == "duelingbook" else quiz(seed, level)
        return json_response(question.to_dict())


@teach_blp.route("/machine")
class MachineView(MethodView):
    @teach_blp.arguments(MachineArgsSchema, location="query", as_kwargs=True)
    @teach_blp.response(200, MachineSchema)
    def get(self, ids: str, phase: str | None = None) -> Response:
        """The turn machine: Mermaid text and an SVG, with ``phase`` marked."""
        return json_response({"phase": phase, "mermaid": mermaid(phase),
                              "svg": svg(phase, ids)})


@teach_blp.route("/examples")
class ExamplesView(MethodView):
    @teach_blp.response(200, ExampleSchema(many=True))
    def get(self) -> Response:
        """Example duels: the golden cases, a legal and an illegal one (or more) per rule."""
        out = []
        for rule, cases in golden_cases().items():
            for n, case in enumerate(cases):
                out.append({"id": f"{rule}/{n}", "name": case["name"],
                            "rule": None if rule.startswith("_") else rule,
                            "legal": case["expect"]["legal"], "document": case["document"]})
        return json_response(out)


@page.route("/")
def playground() -> Response:
    """The playground page (static HTML, CSS and JavaScript, no CDN)."""
    return current_app.send_static_file("index.html")


@page.route("/favicon.ico")
def favicon() -> Response:
    """No icon, said without an error: a page that names none (Swagger UI at ``/docs``) makes
    the browser ask for ``/favicon.ico``, and a 404 there is an error in its console and the
    service's log (issue 25, trial item 10). The workbench page names an empty ``data:`` one.

    >>> from api import create_app
    >>> answer = create_app({"TESTING": True}).test_client().get("/favicon.ico")
    >>> answer.status_code, answer.headers["Cache-Control"]
    (204, 'public, max-age=86400')
    """
    return no_content(**{"Cache-Control": "public, max-age=86400"})

"""The judge's workbench: Duelingbook replays in, the board at every step, a judge's report.
Views translate: a schema in, library calls, a schema (or the report's HTML) out."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from flask import Response, current_app
from flask.views import MethodView

from validator import Document
from validator.decks.replay import check_replay, read_replay
from validator.document.schema import DocumentSchema
from validator.importers.duelingbook.replay import OtherGameError, ReplayError, import_replay
from validator.teaching.report import report_html, report_policy
from validator.teaching.steps import trace
from validator.teaching.workbench import game_json, game_label, game_report, replay_reason
from validator.teaching.workbench_schema import (
    ImportSchema,
    ReplaySchema,
    ReportRequestSchema,
    StepsSchema,
)

from .parser import JSON_415
from .problems import problem
from .security import LOCKED
from .views import ERRORS, ApiBlueprint, json_response

workbench_blp = ApiBlueprint("workbench", __name__, url_prefix="/v1",
                             description="The judge's workbench: Duelingbook replays in, the "
                                         "board at every step, a judge's report.")
NOT_A_REPLAY = "urn:duelcheck:problem:not-a-replay"
TOO_MANY_STEPS = "urn:duelcheck:problem:too-many-steps"
OTHER_GAME = "urn:duelcheck:problem:other-game"


class ReplayBody(ReplaySchema):
    """A replay as the import reads it: a body that is not one is a not-a-replay problem."""

    PROBLEM: ClassVar[dict[str, str]] = {"type": NOT_A_REPLAY, "title": "Not an importable replay",
                                         "detail": "The body is not a Duelingbook replay: "
                                                   "it needs a plays list; see errors."}


_BODY_ERRORS = (
    (400, "The body is not JSON (a Duelingbook replay's text export is said to be one, "
          "type urn:duelcheck:problem:text-export)."), (413, "The body is larger than the limit."),
    (415, JSON_415))


def _body_errors(func: Any) -> Any:
    for status, why in _BODY_ERRORS:
        func = workbench_blp.alt_response(status, description=why, **ERRORS)(func)
    return func


#: The longest stem of a report's file name: with "-report.html", far below the 255 bytes
#: of a file name on common file systems (a title may be a 1,000-character file name).
ATTACHMENT_STEM = 100


def attachment_name(title: str) -> str:
    """The file name a report downloads as: the title in safe characters, cut to fit.

    >>> attachment_name("goat-1001583.json"), len(attachment_name("x" * 240 + ".json"))
    ('goat-1001583-report.html', 112)
    """
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", title).strip("-.").removesuffix(".json")
    return f"{name[:ATTACHMENT_STEM].rstrip('-.') or 'report'}-report.html"


@workbench_blp.route("/import/duelingbook")
class ImportView(MethodView):
    @workbench_blp.arguments(ReplayBody, location="json",
                             description="A Duelingbook replay, as Duelingbook serves it.")
    @workbench_blp.response(200, ImportSchema, description="Each game as a duel document.")
    @workbench_blp.alt_response(422, description="Not a replay that can be imported: no "
                                f"plays list, or no game in it (type {NOT_A_REPLAY}); or a "
                                f"replay of a game duelcheck does not judge, a Speed Duel, a "
                                f"Rush Duel or Duel Links (type {OTHER_GAME}).",
                                **ERRORS)
    @_body_errors
    def post(self, replay: dict[str, Any]) -> Response:
        """Import a Duelingbook replay: its games as duel documents, with their source."""
        try:
            games = import_replay(replay)
        except OtherGameError as exc:
            return problem(422, f"This is {exc}.", type_=OTHER_GAME,
                           title="A game duelcheck does not judge", errors={"format": [str(exc)]})
        except ReplayError as exc:
            reason = replay_reason(str(exc))
            return problem(422, f"This is {reason}.", type_=NOT_A_REPLAY,
                           title="Not an importable replay", errors={"plays": [str(exc)]})
        return json_response({"games": [game_json(game) for game in games],
                              "deck_check": check_replay(read_replay(replay))})


@workbench_blp.route("/steps")
class StepsView(MethodView):
    @workbench_blp.arguments(DocumentSchema, location="json", description="A duel document.")
    @workbench_blp.response(200, StepsSchema,
                            description="The verdict and the board after every step.")
    @workbench_blp.alt_response(422, description="A malformed document, or more actions than "
                                "DUELCHECK_MAX_STEPS (type " + TOO_MANY_STEPS + ").", **ERRORS)
    @_body_errors
    def post(self, document: Document) -> Response:
        """Judge a duel and show the board at every step (for pages that step through it)."""
        limit: int = current_app.config["DUELCHECK_MAX_STEPS"]
        if len(document.actions) > limit:
            return problem(422, f"This service shows the board at every step for at most "
                                f"{limit} actions; this duel has {len(document.actions)}. "
                                f"POST /v1/validate judges it whole.",
                           type_=TOO_MANY_STEPS, title="Too many steps",
                           errors={"actions": [f"At most {limit} actions, not "
                                               f"{len(document.actions)}."]})
        return json_response(trace(document).to_dict())


@workbench_blp.route("/report")
class ReportView(MethodView):
    @workbench_blp.arguments(ReportRequestSchema, location="json",
                             description="The games of one match.")
    @workbench_blp.response(200, {"type": "string"}, content_type="text/html",
                            description="One self-contained HTML file (no network needed "
                                        "to open it), as an attachment.")
    @workbench_blp.alt_response(422, description="A malformed document, keyed by path "
                                "(games.N...).", **ERRORS)
    @_body_errors
    def post(self, body: dict[str, Any]) -> Response:
        """A judge's report of one match: each game's verdict, the rule broken, the board
        before and after the illegal step, and the plays around it."""
        games = [game_report(doc, game_label(doc.source, f"Game {n}"))
                 for n, doc in enumerate(body["games"], 1)]
        html = report_html(body["title"], games, body.get("deck_check"))
        response = Response(html, mimetype="text/html")
        response.headers["Content-Security-Policy"] = f"{report_policy(html)}; {LOCKED}"
        response.headers["Content-Disposition"] = \
            f'attachment; filename="{attachment_name(body["title"])}"'
        return response

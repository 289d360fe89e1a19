"""The step's fast path: ``POST /v1/duels/{id}/actions`` served in front of Flask's request
cycle when all goes well, for the cost of the step itself (issue 28: a step within 1.3x of
``/healthz``).

Flask's cycle (a request context, routing, the view's dispatch, a Response object and its
headers, the after-request hook, the context's teardown) costs about what ``/healthz`` costs
whole; on a step it was a third of the worker's time. :class:`StepFastPath` wraps the app's
``wsgi_app`` and takes only the happy path of a step: a duel id of the right shape,
``Content-Type: application/json`` and no ``Content-Encoding`` (the view answers one other
than ``identity``: :func:`api.parser.refuse_encoded_body`), a Content-Length within
``MAX_CONTENT_LENGTH``, a body that is plainly a step
(:func:`~api.duels.stepping.plain_step`) within ``DUELCHECK_MAX_ACTIONS``, and a step that
the store and the judge answer. It calls the same
function as the view (:meth:`~api.duels.stepping.HeldDuels.step`) and answers what the view
answers, byte for byte: the status, the view's headers and those the app's after-request hook
adds (:func:`api.security.api_answer_headers`), the body.

Anything else goes to Flask unchanged: another request, a body that is not plainly a step
(handed back as a fresh ``wsgi.input``, so the view reads it as it came), and every problem the
step raised (404, 409, 422, 503, a body cut short). A problem is not met twice: the fast path
leaves it in the request's environ (:data:`~api.duels.views.RAISED`) and the view raises it
again, so that Flask's error handlers answer it as the view's own, and nothing is judged or
written again. So every answer but the plain 200 has one implementation, Flask's.

It stays off (every step goes to Flask) when the app has a hook or setting that could change a
step's answer and that the fast path does not know (a ``before_request``, another
``after_request``, teardown functions, signal receivers, ``SERVER_NAME`` or ``TRUSTED_HOSTS``,
another view on the step's route): checked at the first step. ``DUELCHECK_STEP_FASTPATH=0``
turns it off (``create_app`` then does not install it).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final

from flask import Flask, signals

from validator.document.jsontext import loads

from ..security import api_answer_headers, is_registered_alone
from .record import is_id
from .stepping import HeldDuels, held_duels, plain_step
from .views import RAISED, ActionsView

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

#: ``/v1/duels/`` + a 22-character id + ``/actions``.
PREFIX: Final = "/v1/duels/"
SUFFIX: Final = "/actions"
PATH_LENGTH: Final = len(PREFIX) + 22 + len(SUFFIX)
#: The endpoint Flask routes a step to.
ENDPOINT: Final = "duels.ActionsView"
_DIGITS: Final = re.compile(r"[0-9]{1,15}")
#: Flask's signals: a receiver of any would miss a step served here.
_SIGNALS: Final = (signals.request_started, signals.request_finished,
                   signals.request_tearing_down, signals.got_request_exception,
                   signals.appcontext_pushed, signals.appcontext_popped,
                   signals.appcontext_tearing_down)


def why_not(app: Flask) -> str | None:
    """Why the fast path cannot serve ``app``'s steps as its view would (a hook or setting it
    does not know), or None when it can.

    >>> from api import create_app
    >>> app = create_app({"TESTING": True})
    >>> why_not(app) is None
    True
    >>> _ = app.before_request(lambda: None)
    >>> why_not(app)
    'the app has before_request hooks'
    """
    hooks: dict[str, Mapping[Any, Any]] = {"before_request": app.before_request_funcs,
             "teardown_request": app.teardown_request_funcs,
             "url_value_preprocessor": app.url_value_preprocessors,
             "teardown_appcontext": {None: app.teardown_appcontext_funcs}}
    for name, funcs in hooks.items():
        if any(funcs.values()):
            return f"the app has {name} hooks"
    if not is_registered_alone(app.after_request_funcs):
        return "the app has after_request hooks other than api.security's"
    for name in ("SERVER_NAME", "TRUSTED_HOSTS"):
        if app.config.get(name):
            return f"{name} is set"
    if any(signal.receivers for signal in _SIGNALS):
        return "a Flask signal has receivers"
    endpoint, _ = app.url_map.bind("localhost").match(f"{PREFIX}{'A' * 22}{SUFFIX}", "POST")
    view = app.view_functions.get(endpoint)
    if endpoint != ENDPOINT or getattr(view, "view_class", None) is not ActionsView:
        return f"the step's route goes to {endpoint}"
    return None


class StepFastPath:
    """The app's ``wsgi_app`` with a step's happy path served in front of it (see the
    module).

    >>> from api import create_app
    >>> app = create_app({"TESTING": True})
    >>> isinstance(app.wsgi_app, StepFastPath)
    True
    """

    def __init__(self, app: Flask, inner: WSGIApplication) -> None:
        self.app = app
        self.inner = inner
        #: What a step needs, taken at the first one: the app's held duels, the body's and
        #: the actions' limits; False when the fast path stays off.
        self._ready: tuple[HeldDuels, int, int] | bool | None = None

    def __call__(self, environ: WSGIEnvironment,
                 start_response: StartResponse) -> Iterable[bytes]:
        path: str = environ.get("PATH_INFO", "")
        if len(path) == PATH_LENGTH and environ.get("REQUEST_METHOD") == "POST" and \
                path.startswith(PREFIX) and path.endswith(SUFFIX):
            answer = self._step(environ, path[len(PREFIX):-len(SUFFIX)])
            if answer is not None:
                start_response("200 OK", answer[0])
                return answer[1]
        return self.inner(environ, start_response)

    def _setup(self) -> tuple[HeldDuels, int, int] | bool:
        why = why_not(self.app)
        if why is not None:
            self.app.logger.warning("the step's fast path is off: %s", why)
            return False
        limit = self.app.config.get("MAX_CONTENT_LENGTH")
        if limit is None:
            return False  # a body read as werkzeug reads every body
        # Flask refuses a hook added once it has handled a request; a step served here is
        # one, so that a hook added later cannot be skipped without a word
        self.app._got_first_request = True
        return held_duels(self.app), limit, self.app.config["DUELCHECK_MAX_ACTIONS"]

    def _step(self, environ: WSGIEnvironment,
              duel_id: str) -> tuple[list[tuple[str, str]], list[bytes]] | None:
        """The step's headers and body, or None: Flask answers (see the module)."""
        ready = self._ready
        if ready is None:
            ready = self._ready = self._setup()
        if ready is False or ready is True:
            return None
        duels, limit, max_actions = ready
        length_text = environ.get("CONTENT_LENGTH")
        if environ.get("CONTENT_TYPE") != "application/json" or length_text is None or \
                "HTTP_TRANSFER_ENCODING" in environ or "HTTP_CONTENT_ENCODING" in environ or \
                not is_id(duel_id) or \
                _DIGITS.fullmatch(length_text) is None or int(length_text) > limit:
            return None
        length = int(length_text)
        try:
            body: bytes = environ["wsgi.input"].read(length)
        except Exception as exc:  # (as the view's own read would have met it)
            _to_flask(environ, exc)
            return None
        environ["wsgi.input"] = io.BytesIO(body)  # for Flask, if it answers
        if len(body) < length:
            return None
        try:
            plain = plain_step(loads(body))
        except (ValueError, RecursionError):
            return None
        if plain is None or len(plain[0]) > max_actions:
            return None
        try:
            answer = duels.step(duel_id, *plain)
        except Exception as exc:
            _to_flask(environ, exc)
            return None
        text = answer.text.encode()
        return [("Content-Type", "application/json"), ("Content-Length", str(len(text))),
                ("Duel-Actions", str(answer.actions)), *_HEADERS], [text]


_HEADERS: Final = api_answer_headers()


def _to_flask(environ: WSGIEnvironment, exc: Exception) -> None:
    """Leave ``exc`` for the view to raise again (Flask answers it)."""
    environ[RAISED] = exc


def install(app: Flask) -> None:
    """Serve ``app``'s steps through the fast path (unless DUELCHECK_STEP_FASTPATH is off).

    >>> from api import create_app
    >>> app = create_app({"TESTING": True, "DUELCHECK_STEP_FASTPATH": False})
    >>> isinstance(app.wsgi_app, StepFastPath)
    False
    """
    if app.config["DUELCHECK_STEP_FASTPATH"]:
        app.wsgi_app = StepFastPath(app, app.wsgi_app)  # type: ignore[method-assign]

"""The headers that keep the service's pages and answers where they belong: a strict
Content-Security-Policy on every response, no framing (``frame-ancestors 'none'`` and
``X-Frame-Options: DENY``), no content sniffing (``X-Content-Type-Options: nosniff``) and no
referrer.

The workbench page loads nothing but this service's own scripts, styles and API: its policy
is ``default-src 'self'`` with only a ``data:`` image (its empty favicon) beside it, and no
inline script or style at all. A judge's report is one file whose script and styles are
inline: its policy allows exactly those, by their SHA-256 hashes, and no network
(:func:`validator.teaching.report.report_policy`). Swagger UI (``/docs``) gets its one inline
script by hash too. Every other answer (JSON, problem+json) may load nothing.

>>> from api import create_app
>>> answer = create_app({"TESTING": True}).test_client().get("/healthz")
>>> answer.headers["Content-Security-Policy"], answer.headers["X-Frame-Options"]
("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'", 'DENY')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from flask import Flask, Response, request

from validator.teaching.report import inline_sources

#: What every policy ends with: nothing may frame the answer, change its base or post forms.
LOCKED: Final = "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
#: The workbench page: its own files and API only (the favicon is an empty ``data:`` URL).
PAGE_POLICY: Final = f"default-src 'self'; img-src data:; object-src 'none'; {LOCKED}"
#: Anything that is not a page (JSON, problem+json, static files): nothing to load.
NONE_POLICY: Final = f"default-src 'none'; {LOCKED}"
#: Security headers sent with every answer (the policy is chosen per answer).
HEADERS: Final = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY",
                  "Referrer-Policy": "no-referrer"}


def _docs_policy(html: str) -> str:
    """Swagger UI's page: its files from this service, its inline script by hash."""
    scripts, _ = inline_sources(html)
    script_src = " ".join(["'self'", *scripts])
    return (f"default-src 'self'; script-src {script_src}; img-src 'self' data:; "
            f"object-src 'none'; {LOCKED}")


def _secure(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if "Content-Security-Policy" in response.headers:
        return response  # set by the view (a report)
    if request.path == "/":
        policy = PAGE_POLICY
    elif request.path == "/docs" and response.mimetype == "text/html" \
            and not response.direct_passthrough:
        policy = _docs_policy(response.get_data(as_text=True))
    else:
        policy = NONE_POLICY
    response.headers["Content-Security-Policy"] = policy
    return response


def register(app: Flask) -> None:
    """Send the security headers with every answer of ``app``."""
    app.after_request(_secure)


def api_answer_headers() -> list[tuple[str, str]]:
    """The headers :func:`register`'s hook adds, in its order, to an answer that sets no
    policy of its own outside ``/`` and ``/docs`` (a JSON answer of the API): what the step's
    fast path (:mod:`api.duels.fastpath`) sends.

    >>> from api import create_app
    >>> answer = create_app({"TESTING": True}).test_client().get("/healthz")
    >>> answer.headers.to_wsgi_list()[-4:] == api_answer_headers()
    True
    """
    return [*HEADERS.items(), ("Content-Security-Policy", NONE_POLICY)]


def is_registered_alone(hooks: Mapping[str | None, list[Callable[..., Any]]]) -> bool:
    """Whether ``hooks`` (an app's ``after_request_funcs``) are :func:`register`'s alone.

    >>> from api import create_app
    >>> is_registered_alone(create_app({"TESTING": True}).after_request_funcs)
    True
    """
    return {key: list(funcs) for key, funcs in hooks.items() if funcs} == {None: [_secure]}

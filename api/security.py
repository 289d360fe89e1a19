"""The headers that keep the service's pages and answers where they belong: a strict
Content-Security-Policy on every response, no framing (``frame-ancestors 'none'`` and
``X-Frame-Options: DENY``), no content sniffing (``X-Content-Type-Options: nosniff``) and no
referrer.

The workbench page loads nothing but this service's own scripts, styles and API: its policy
is ``default-src 'self'`` with only a ``data:`` image (its empty favicon) beside it, and no
inline script or style at all. A judge's report is one file whose script and styles are
inline: its policy allows exactly those, by their SHA-256 hashes (:func:`report_policy`), and
no network. Swagger UI (``/docs``) gets its one inline script by hash too. Every other answer
(JSON, problem+json) may load nothing.

>>> from api import create_app
>>> answer = create_app({"TESTING": True}).test_client().get("/healthz")
>>> answer.headers["Content-Security-Policy"], answer.headers["X-Frame-Options"]
("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'", 'DENY')
"""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Final

from flask import Flask, Response, request

#: What every policy ends with: nothing may frame the answer, change its base or post forms.
LOCKED: Final = "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
#: The workbench page: its own files and API only (the favicon is an empty ``data:`` URL).
PAGE_POLICY: Final = f"default-src 'self'; img-src data:; object-src 'none'; {LOCKED}"
#: Anything that is not a page (JSON, problem+json, static files): nothing to load.
NONE_POLICY: Final = f"default-src 'none'; {LOCKED}"
#: Security headers sent with every answer (the policy is chosen per answer).
HEADERS: Final = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY",
                  "Referrer-Policy": "no-referrer"}
_INLINE = re.compile(r"<(script|style)\b([^>]*)>(.*?)</\1\s*>", re.I | re.S)


def sha256_source(text: str) -> str:
    """The CSP source that allows one inline script or style whose text is ``text``.

    >>> sha256_source("")
    "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"
    """
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def inline_sources(html: str) -> tuple[list[str], list[str]]:
    """The hash sources of an HTML text's inline scripts and of its style elements (a
    script with ``src``, or a data block such as ``type="application/json"``, runs nothing
    inline and needs none).

    >>> inline_sources('<script>x()</script><script type="application/json">{}</script>')[0]
    ["'sha256-D6IGS8VMvCoyaR/l0h9tERrBTATY01CoPS7l6xDv0kI='"]
    """
    scripts: list[str] = []
    styles: list[str] = []
    for tag, attrs, body in _INLINE.findall(html):
        if tag.lower() == "style":
            styles.append(sha256_source(body))
        elif "src=" not in attrs.lower() and not re.search(r"type\s*=\s*[\"']?application/json",
                                                           attrs, re.I):
            scripts.append(sha256_source(body))
    return scripts, styles


def report_policy(html: str) -> str:
    """The policy of a judge's report: its own inline script and styles by hash, images only
    as ``data:`` URLs, and no network at all (the file opens offline, and must stay so).

    >>> report_policy("<style>b{}</style>").startswith("default-src 'none'; script-src ")
    True
    """
    scripts, styles = inline_sources(html)
    script_src = " ".join(scripts) or "'none'"
    style_src = " ".join(styles) or "'none'"
    return f"default-src 'none'; script-src {script_src}; style-src {style_src}; img-src data:"


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

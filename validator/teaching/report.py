"""A judge's report as one self-contained HTML file: the board renderer the workbench page
uses too (``assets/board.js``, served by the service at ``/assets/``) and its styles, inlined
with the match's data, so that the report draws exactly what the page draws and opens with no
network; its Content-Security-Policy allows exactly its own inline script and styles, by hash.
The command line (``--format html``) and the service (the page's download) both write it.

>>> html = report_html("m.json", [{"label": "m.json", "errors": {"cards": ["Missing."]}}])
>>> html.startswith("<!doctype html>") and "http" not in html.replace("http-equiv", "")
True
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from functools import cache
from html import escape
from importlib import resources
from importlib.metadata import PackageNotFoundError, version
from string import Template
from typing import Any

#: The assets a report inlines, in order.
STYLES = ("board.css", "report.css")
SCRIPTS = ("board.js", "decks.js", "report.js")

_PAGE = Template("""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="$policy">
<title>$title</title>
<style>$styles</style>
</head>
<body>
<header class="report-head">
<h1>$title</h1>
<p class="hint">A judge's report from duelcheck $version: the verdict of each game, the
first illegal action with the rule it breaks, the board before and after it, and the plays
around it.</p>
</header>
<main id="report" aria-busy="true">
<noscript><p>This report draws its boards with JavaScript, which is turned off; the
verdicts are in the data at the end of the page's source.</p></noscript>
</main>
<script type="application/json" id="report-data">$data</script>
<script>$scripts</script>
</body>
</html>
""")


@cache
def asset(name: str) -> str:
    """The text of one of the report's assets (as installed; the page loads them too).

    >>> "duelboard" in asset("board.js")
    True
    """
    return resources.files("validator.teaching").joinpath("assets", name).read_text("utf-8")


def script_json(data: Any) -> str:
    """JSON that is safe inside a ``<script>`` element.

    >>> script_json({"a": "</script>"})
    '{"a": "\\\\u003c/script\\\\u003e"}'
    """
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def report_html(title: str, games: list[dict[str, Any]],
                decks: dict[str, Any] | None = None) -> str:
    """The report of one match: ``games`` from :func:`validator.teaching.workbench.game_report` (or
    :func:`validator.teaching.workbench.malformed_report`), and the match's deck check
    (:func:`validator.decks.replay.check_replay`) when there is one."""
    data: dict[str, Any] = {"title": title, "version": _version(), "games": games}
    if decks is not None:
        data["decks"] = decks
    styles = "\n" + "\n".join(asset(name) for name in STYLES) + "\n"
    scripts = "\n" + "\n".join(_inline(asset(name)) for name in SCRIPTS) + "\n"
    return _PAGE.substitute(
        title=escape(title), version=escape(_version()), styles=styles, scripts=scripts,
        data=script_json(data), policy=escape(report_policy(f"<style>{styles}</style>"
                                                            f"<script>{scripts}</script>")))


def _version() -> str:
    try:
        return version("duelcheck")
    except PackageNotFoundError:  # pragma: no cover - a source tree that is not installed
        return "0+unknown"


def _inline(script: str) -> str:
    """A script made safe to inline (no ``</script`` inside it)."""
    return re.sub(r"</(script)", r"<\\/\1", script, flags=re.I)


def report_title(path: str) -> str:
    """A report's title from the match's file name.

    >>> report_title("logs/aco77.json#game2")
    'aco77.json'
    """
    return path.split("#", 1)[0].rsplit("/", 1)[-1] or "duelcheck report"


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

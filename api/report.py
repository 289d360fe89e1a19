"""A judge's report as one self-contained HTML file: the page's own board renderer
(``static/board.js``) and styles, inlined with the match's data, so that the report draws
exactly what the page draws and opens with no network.

>>> html = report_html("m.json", [{"label": "m.json", "errors": {"cards": ["Missing."]}}])
>>> html.startswith("<!doctype html>") and "http" not in html.replace("http-equiv", "")
True
"""

from __future__ import annotations

import json
import re
from functools import cache
from html import escape
from importlib import resources
from importlib.metadata import PackageNotFoundError, version
from string import Template
from typing import Any

from .security import report_policy

#: The static files a report inlines, in order.
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
    """The text of one of the page's static files (as installed).

    >>> "duelboard" in asset("board.js")
    True
    """
    return resources.files("api").joinpath("static", name).read_text("utf-8")


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

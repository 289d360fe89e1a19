"""What the page's tests in a real headless Chromium share (Debian's, driven by Playwright):
the browser's arguments and viewports, opening a page that records its console errors and
policy violations, uploading and pasting, and axe-core. Their fixtures are in conftest.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import SHARED

CHROMIUM = Path("/usr/bin/chromium")
AXE = Path(__file__).with_name("vendor") / "axe.min.js"
REPLAY = SHARED / "data" / "duelingbook" / "aco77-sdesowitz02-2026-10-07.json"
GOAT = SHARED / "data" / "duelingbook" / "goat-1001583-79697592.json"
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (.ci/run installs it)")
needs_shared = pytest.mark.skipif(not REPLAY.exists(), reason="../shared is not beside the "
                                                               "checkout: no real replay")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
#: Console errors the page causes on purpose: a browser logs every 4xx/5xx answer.
EXPECTED = re.compile(r"the server responded with a status of (4\d\d|502)")
Page = Any  # playwright.sync_api.Page, imported lazily (the module may be skipped)


#: Records every Content-Security-Policy violation of a page (init scripts run outside it).
WATCH_CSP = ("window.__csp = []; document.addEventListener('securitypolicyviolation', "
             "(e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));")


def csp_violations(page: Page) -> list[str]:
    violations: list[str] = page.evaluate("window.__csp || []")
    return violations


def open_page(browser: Any, url: str, viewport: dict[str, int],
          errors: list[str], **options: Any) -> tuple[Any, Page]:
    context = browser.new_context(viewport=viewport, **options)
    context.add_init_script(WATCH_CSP)
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return context, page


def upload(page: Page, path: Path) -> None:
    page.set_input_files("#upload", str(path))
    page.wait_for_selector("#games button")
    page.wait_for_selector("#board .mat")


def paste(page: Page, doc: dict[str, Any] | str, then: str = "#summary") -> None:
    """Paste a document (or any text) and check it."""
    page.click("#paste-box summary")
    page.fill("#doc", doc if isinstance(doc, str) else json.dumps(doc))
    page.click("#validate")
    page.wait_for_selector(then)


def edited_replay(tmp_path: Path) -> Path:
    """The Unlimited match with its first Battle Phase turned into a Main Phase 2: the
    attack at [3:34] is then declared outside the Battle Phase (action 47 of game 1)."""
    replay = json.loads(REPLAY.read_text("utf-8"))
    battle = next(i for i, p in enumerate(replay["plays"]) if p["play"] == "Enter BP")
    replay["plays"][battle]["play"] = "Enter M2"
    replay["plays"][battle]["log"]["public_log"] = "Entered Main Phase 2"
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(replay), "utf-8")
    return path


def axe_serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations of the page as it stands (axe is run
    through the DevTools protocol: the page's policy allows no inline script, rightly)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text("utf-8"))
    result = page.evaluate("async () => (await axe.run(document, "
                           "{resultTypes: ['violations']})).violations")
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])}: "
            f"{[n['target'] for n in v['nodes'][:3]]})"
            for v in result if v["impact"] in ("serious", "critical")]


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"laid out {width} px wide"

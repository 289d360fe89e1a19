"""The deck check on the workbench page and in the report it downloads, in a real headless
Chromium (the fixtures of tests/api/conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.api.browser import Page, axe_serious, needs_chromium, upload
from tests.helpers import CORPUS

EDISON = CORPUS / "edison" / "edison-58554463.json"
pytestmark = [needs_chromium, pytest.mark.slow,
              pytest.mark.skipif(not EDISON.exists(), reason="../shared is not beside it")]


def test_the_page_shows_the_deck_check_and_the_report_keeps_it(
        desktop: Page, browser: Any, tmp_path: Path) -> None:
    # Starlight Road is in the pool Duelingbook's Edison games play (issue 25, trial item 4),
    # so no real Edison match has a finding: the same match as a Goat one has many
    goat = tmp_path / "goat.json"
    goat.write_text(EDISON.read_text("utf-8").replace('"format":"er"', '"format":"gr"')
                    .replace('"format": "er"', '"format": "gr"'), "utf-8")
    upload(desktop, goat)
    box = desktop.locator("#deck-check")
    box.wait_for()
    text = box.inner_text()
    assert "Goat, by its format code gr; 2005.4 GOAT (2005-04-01): " in text
    assert "deck.not-in-pool: Starlight Road is not in the Goat card pool" in text
    assert 'game 1, [0:32] Barry Allen: Drew "Starlight Road"' in text
    assert axe_serious(desktop) == []
    with desktop.expect_download() as info:
        desktop.click("#download")
    target = tmp_path / "report.html"
    info.value.save_as(str(target))
    context = browser.new_context(offline=True)
    report = context.new_page()
    errors: list[str] = []
    report.on("pageerror", lambda e: errors.append(str(e)))
    report.goto(target.as_uri())
    report.wait_for_selector(".deck-check")
    assert "Starlight Road" in report.inner_text(".deck-check") and errors == []
    assert axe_serious(report) == []
    context.close()

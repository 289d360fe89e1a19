""""Play from here" in the workbench, in a real headless Chromium: a real game's position
opened as a duel the service holds, its legal next actions proposed, and each pick judged."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.api.browser import (
    GOAT,
    Page,
    axe_serious,
    needs_chromium,
    needs_shared,
    no_horizontal_scroll,
    upload,
)
from validator.importers.duelingbook.replay import load_replay

pytestmark = [needs_chromium, pytest.mark.slow]


@needs_shared
def test_play_from_a_real_games_illegal_step(page: Page, base_url: str) -> None:
    upload(page, GOAT)
    page.locator("#games button").nth(2).click()  # illegal at step 60: a second Normal Summon
    expect(page.locator("#step-panel")).to_contain_text("Step 60 of")
    page.click("#play-here")
    expect(page.locator("#play-title")).to_have_text("Playing from the board before step 60")
    expect(page.locator("#play-title")).to_be_focused()
    # the count, not "Finding the legal next actions…" shown while they are asked for
    expect(page.locator("#play-status")).to_contain_text(re.compile(r"\d+ legal next actions"))
    offered = page.locator("#play-actions button")
    assert offered.count() > 3
    assert "Galapagos1 enters the Battle Phase" in page.inner_text("#play-actions")
    assert "Sangan" in page.inner_text("#play-board")  # the board the rules reached

    # the log's own illegal play, written as JSON: judged illegal, and not kept
    illegal = load_replay(GOAT.read_text("utf-8"))[2].document["actions"][59]
    page.click("#play-board")  # out of the way of the keys
    page.locator("#play-actions-title ~ details summary").click()
    page.fill("#play-json", json.dumps(illegal))
    page.click("#play-try")
    expect(page.locator("#play-verdict")).to_contain_text("Illegal:")
    expect(page.locator("#play-verdict")).to_contain_text("summon.normal-once")
    assert "Galapagos1 (p2) already Normal Summoned" in page.inner_text("#play-verdict")

    # a legal pick from the list: judged legal, kept, the board moves on
    page.locator("#play-actions button", has_text="enters the Battle Phase").first.click()
    expect(page.locator("#play-verdict")).to_have_text(
        "Legal: Galapagos1 enters the Battle Phase.")
    expect(page.locator("#play-moves li")).to_have_count(2)
    expect(page.locator("#play-status")).to_contain_text(re.compile(r"\d+ legal next action"))
    assert "attacks" in page.inner_text("#play-actions")
    assert axe_serious(page) == []
    no_horizontal_scroll(page)

    # the held duel is the service's: it kept the legal pick only, and stopping forgets it
    duel_id = page.get_attribute("#play", "data-duel")
    assert _held(base_url, duel_id)["actions"] == 1
    page.click("#play-stop")
    expect(page.locator("#play")).to_be_hidden()
    page.wait_for_function(f"fetch('/v1/duels/{duel_id}').then(r => r.status === 404)")


def _held(base_url: str, duel_id: str | None) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base_url}/v1/duels/{duel_id}") as response:
        body: dict[str, Any] = json.load(response)
        return body

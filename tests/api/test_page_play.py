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


@needs_shared
def test_a_duel_moved_on_elsewhere_is_played_on_from_where_it_stands(
        desktop: Page, base_url: str) -> None:
    """Another client keeps a step first: the page's pick is answered 409, and the page then
    shows the duel as it stands, asks its legal next actions again, and says so plainly."""
    page = desktop
    _play_from_step_60(page)
    duel_id = page.get_attribute("#play", "data-duel")
    battle = {"type": "phase", "player": "p2", "to": "battle"}
    assert _post(base_url, f"/v1/duels/{duel_id}/actions",
                 {"actions": [battle], "expect": 0})["legal"]

    page.locator("#play-actions button", has_text="enters the Battle Phase").first.click()
    status = page.locator("#play-status")
    expect(status).to_contain_text("moved on elsewhere")
    expect(status).to_contain_text(re.compile(r"\d+ legal next action"))
    assert "GET" not in status.inner_text()
    assert "Battle Phase" in page.inner_text("#play-board")
    # the list is the Battle Phase's, not the Main Phase's it was
    assert "enters the Battle Phase" not in page.inner_text("#play-actions")
    assert "attacks" in page.inner_text("#play-actions")
    expect(page.locator("#play-moves li")).to_have_count(0)  # the pick was not judged

    # a pick from the new list is judged from where the duel stands, and kept
    page.locator("#play-actions button", has_text="attacks").first.click()
    expect(page.locator("#play-verdict")).to_contain_text("Legal:")
    assert _held(base_url, duel_id)["actions"] == 2


@needs_shared
def test_opening_anything_else_stops_the_play(desktop: Page, base_url: str) -> None:
    """Another game of the replay, or an example (pasted and uploaded documents open the
    same way), closes the play section and forgets the held duel, as "Stop playing" does."""
    page = desktop
    _play_from_step_60(page)
    first = page.get_attribute("#play", "data-duel")
    page.locator("#games button").nth(0).click()
    expect(page.locator("#play")).to_be_hidden()
    page.wait_for_function(f"fetch('/v1/duels/{first}').then(r => r.status === 404)")

    page.locator("#games button").nth(2).click()
    page.click("#play-here")
    expect(page.locator("#play-status")).to_contain_text(re.compile(r"\d+ legal next actions"))
    second = page.get_attribute("#play", "data-duel")
    assert second != first
    example = page.locator("#example option[value]:not([value=''])").first.get_attribute("value")
    page.select_option("#example", example)
    expect(page.locator("#games-title")).to_contain_text("Example")
    expect(page.locator("#play")).to_be_hidden()
    page.wait_for_function(f"fetch('/v1/duels/{second}').then(r => r.status === 404)")


def _play_from_step_60(page: Page) -> None:
    """Play from the Goat match's game 3 at its illegal step 60 (36 legal actions)."""
    upload(page, GOAT)
    page.locator("#games button").nth(2).click()
    expect(page.locator("#step-panel")).to_contain_text("Step 60 of")
    page.click("#play-here")
    expect(page.locator("#play-status")).to_contain_text(re.compile(r"\d+ legal next actions"))
    assert "enters the Battle Phase" in page.inner_text("#play-actions")


def _held(base_url: str, duel_id: str | None) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base_url}/v1/duels/{duel_id}") as response:
        body: dict[str, Any] = json.load(response)
        return body


def _post(base_url: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(f"{base_url}{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        answer: dict[str, Any] = json.load(response)
        return answer

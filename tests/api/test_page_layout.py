"""The workbench laid out for a phone (360x800) and a desktop (1366x900), measured in a real
headless Chromium (tests/api/browser.py) by the bounding boxes of what a judge reads together
(issue 25, trial item 11): each mat a play mat, its five Monster Zones and five Spell & Trap
Zones in one row each, even at 360 px; on a phone the step controls, the step, the rule broken
and the whole board on one screen; on a desktop the turn player's mat above the fold."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.api.browser import (
    GOAT,
    Page,
    csp_violations,
    needs_chromium,
    needs_shared,
    no_horizontal_scroll,
    open_page,
)

pytestmark = [needs_chromium, needs_shared, pytest.mark.slow]

PHONE = {"width": 360, "height": 800}  # the narrowest common phone screen
DESKTOP = {"width": 1366, "height": 900}


@pytest.fixture
def opened(request: pytest.FixtureRequest, browser: Any, base_url: str) -> Iterator[Page]:
    """The Goat replay opened, its third game (illegal at step 60) shown."""
    errors: list[str] = []
    context, page = open_page(browser, base_url + "/", request.param, errors)
    page.set_input_files("#upload", str(GOAT))
    page.wait_for_selector("#games button")
    page.wait_for_selector("#board .mat")
    yield page
    assert csp_violations(page) == []
    context.close()
    assert errors == []


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return dict(found)


def in_view(page: Page, selector: str) -> bool:
    b, height = box(page, selector), page.viewport_size["height"]
    return b["y"] >= -0.5 and b["y"] + b["height"] <= height + 0.5


def assert_play_mats(page: Page) -> None:
    """Each mat's five Monster Zones and five Spell & Trap Zones in one row, in order (p2's
    turned round), side by side within the screen's width."""
    width = page.viewport_size["width"]
    for mat, step in (("bottom", 1), ("top", -1)):
        for zones in ("monsters", "spelltraps"):
            cells = [box(page, f"#board .mat.{mat} .{zones} > .zone.z{n}") for n in range(1, 6)]
            assert len({round(c["y"]) for c in cells}) == 1, (mat, zones, cells)
            xs = [c["x"] for c in cells][::step]
            assert xs == sorted(xs) and xs[0] >= 0, (mat, zones, xs)
            assert max(c["x"] + c["width"] for c in cells) <= width
    no_horizontal_scroll(page)


@pytest.mark.parametrize("opened", [PHONE], indirect=True)
def test_on_a_phone_the_controls_the_step_the_rule_and_the_board_share_one_screen(
        opened: Page) -> None:
    page = opened
    page.locator("#games button").nth(2).click()
    page.wait_for_selector("#rule h3")
    page.click("#to-violation")
    assert_play_mats(page)
    # the judge scrolls to the workbench's controls: everything read together is on screen
    page.evaluate("document.querySelector('.bench').scrollIntoView({block: 'start'})")
    for selector in (".nav-buttons", "#step-panel .step.illegal", "#rule .rule h3",
                     "#board .mat.top", "#board .mat.bottom"):
        assert in_view(page, selector), (selector, box(page, selector))
    assert "What happened: Galapagos1 (p2) already" in page.inner_text("#rule")
    # the rule's text, why and source are one tap away
    assert "The rule:" not in page.inner_text("#rule")
    page.click("#rule summary")
    assert "The rule:" in page.inner_text("#rule")
    # scrolled on to the list of steps, the step controls stay at the top of the screen
    page.evaluate("document.querySelector('#steps-box').scrollIntoView({block: 'start'})")
    assert box(page, ".nav-buttons")["y"] >= 0 and in_view(page, ".nav-buttons")
    page.click("#prev")
    assert page.url.endswith("step=59")


@pytest.mark.parametrize("opened", [DESKTOP], indirect=True)
def test_on_a_desktop_the_turn_players_mat_is_above_the_fold(opened: Page) -> None:
    page = opened
    assert_play_mats(page)
    # opened (the first game at its last step), then at its first step: p1's turn, whose
    # mat is the lower one
    assert in_view(page, "#board .mat.turn") and in_view(page, ".nav-buttons")
    page.click("#first")
    assert "Pattn13 (p1)" in page.inner_text("#board .mat.turn h3")
    assert in_view(page, "#board .mat.turn") and in_view(page, ".nav-buttons")
    page.locator("#games button").nth(2).click()
    page.wait_for_selector("#rule h3")
    for step in ("#to-violation", "#first"):  # p2's turn (the upper mat), then p1's
        page.click(step)
        for selector in ("#board .mat.turn", ".nav-buttons", "#step-panel", "#rule .rule h3"):
            assert in_view(page, selector), (step, selector, box(page, selector))

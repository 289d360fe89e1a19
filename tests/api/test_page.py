"""The playground page in a real headless Chromium (Debian's, driven by Playwright)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from api import create_app

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: object, base_url: str) -> Iterator[object]:
    context = browser.new_context()  # type: ignore[attr-defined]
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url + "/")
    yield page
    context.close()
    expected = "the server responded with a status of 422"  # a malformed document's answer
    assert [e for e in errors if expected not in e] == [], errors


def test_an_illegal_example_highlights_its_step_and_rule(page: object) -> None:
    page.select_option("#example", "summon.normal-once/1")  # type: ignore[attr-defined]
    illegal = page.wait_for_selector(".steps button.illegal")  # type: ignore[attr-defined]
    assert illegal.inner_text().startswith("4. p1 Sets Vorse Raider")
    rule = page.locator("#rule")  # type: ignore[attr-defined]
    rule.wait_for()
    assert "One Normal Summon or Set per turn (summon.normal-once)" in rule.inner_text()
    assert "seeds/000_bcf055099641f3d9.txt" in rule.inner_text()
    assert "Illegal at step 4" in page.inner_text("#summary")  # type: ignore[attr-defined]
    assert page.inner_text("#board-title") == "Board before step 4 (illegal)"  # type: ignore[attr-defined]
    assert "Gemini Elf (gemini): attack" in page.inner_text("#board")  # type: ignore[attr-defined]


def test_pasting_a_document_and_choosing_a_step_shows_its_board_and_phase(page: object) -> None:
    doc = ('{"cards": {"g": {"name": "Gemini Elf", "kind": "monster", "level": 4}}, '
           '"setup": {"p1": {"hand": ["g"]}}, "actions": [{"type": "draw", "player": "p1"}, '
           '{"type": "phase", "player": "p1", "to": "standby"}, '
           '{"type": "phase", "player": "p1", "to": "main1"}, '
           '{"type": "normal_summon", "player": "p1", "card": "g"}]}')
    page.fill("#doc", doc)  # type: ignore[attr-defined]
    page.click("#validate")  # type: ignore[attr-defined]
    page.wait_for_selector("#summary.legal")  # type: ignore[attr-defined]
    page.click('.steps button[data-index="1"]')  # type: ignore[attr-defined]
    page.wait_for_selector("#phase-standby.current")  # type: ignore[attr-defined]
    assert page.inner_text("#board-title") == "Board after step 1"  # type: ignore[attr-defined]
    assert "Gemini Elf (g)" in page.inner_text("#board")  # type: ignore[attr-defined]


def test_a_malformed_document_says_which_field(page: object) -> None:
    page.fill("#doc", '{"cards": {"x": {"kind": "monster"}}}')  # type: ignore[attr-defined]
    page.click("#validate")  # type: ignore[attr-defined]
    page.wait_for_selector("#summary.illegal")  # type: ignore[attr-defined]
    assert "A monster needs a level" in page.inner_text("#summary")  # type: ignore[attr-defined]


def test_a_quiz_question_is_answered_and_explained(page: object) -> None:
    page.keyboard.press("Tab")  # type: ignore[attr-defined]
    page.focus("#tab-validate")  # type: ignore[attr-defined]
    page.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
    page.wait_for_selector("#quiz-answers:not([hidden])")  # type: ignore[attr-defined]
    assert "Proposed:" in page.inner_text("#quiz-question")  # type: ignore[attr-defined]
    page.wait_for_selector("#quiz-diagram .phase.current")  # type: ignore[attr-defined]
    page.keyboard.press("Enter")  # type: ignore[attr-defined]  # focus is on "Legal"
    feedback = page.wait_for_selector("#quiz-feedback:not([hidden])")  # type: ignore[attr-defined]
    assert feedback.inner_text().startswith(("Correct.", "Not quite."))
    assert not page.is_visible("#answer-legal")  # type: ignore[attr-defined]
    assert page.is_visible("#quiz-board")  # type: ignore[attr-defined]


def test_the_turn_diagram_marks_the_current_phase(page: object) -> None:
    page.wait_for_selector("#diagram svg #phase-draw.current")  # type: ignore[attr-defined]
    assert page.locator("#diagram svg .phase").count() == 6  # type: ignore[attr-defined]

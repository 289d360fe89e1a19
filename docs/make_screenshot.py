"""Regenerate the README's pictures of the judge's workbench (``make screenshot``): a real
Duelingbook match from ../shared opened at its violation, on a desktop (1280x800) and on a
phone (390x844), the quiz with a question from a real game, and the judge's report; in
Debian's Chromium driven by Playwright."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from playwright.sync_api import Page, sync_playwright
from werkzeug.serving import make_server

from api import create_app

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
HERE = Path(__file__).parent
REPLAY = HERE.parent.parent / "shared" / "data" / "duelingbook" / "goat-1001583-79697592.json"


def open_violation(page: Page) -> None:
    """Upload the match and open its third game, which has the corpus's one violation."""
    page.set_input_files("#upload", str(REPLAY))
    page.wait_for_selector("#games button")
    page.locator("#games button").nth(2).click()
    page.wait_for_selector("#rule h3")
    page.wait_for_selector("#diagram .phase.current")


def main() -> int:
    """Serve the app on a free loopback port and photograph the page."""
    if not REPLAY.exists():
        print(f"needs {REPLAY} (../shared beside the checkout)", file=sys.stderr)
        return 2
    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            desktop = browser.new_page(viewport={"width": 1280, "height": 800},
                                       accept_downloads=True)
            desktop.goto(url)
            open_violation(desktop)
            desktop.locator("#workbench").screenshot(path=str(HERE / "workbench-desktop.png"))
            with desktop.expect_download() as info:
                desktop.click("#download")
            report = HERE / "report-example.html"
            info.value.save_as(str(report))
            phone = browser.new_page(viewport={"width": 390, "height": 844})
            phone.goto(url)
            open_violation(phone)
            phone.locator("#step-panel").scroll_into_view_if_needed()
            phone.evaluate("window.scrollBy(0, document.getElementById('step-panel')"
                           ".getBoundingClientRect().top - 8)")
            phone.screenshot(path=str(HERE / "workbench-phone.png"))
            desktop.click("#tab-quiz")
            desktop.select_option("#quiz-source", "duelingbook")
            desktop.wait_for_selector("#quiz-question .hint")
            desktop.wait_for_selector("#quiz-answers:not([hidden])")
            desktop.click("#answer-illegal")
            desktop.locator("#panel-quiz").screenshot(path=str(HERE / "quiz.png"))
            sheet = browser.new_page(viewport={"width": 1280, "height": 800})
            sheet.goto(report.as_uri())
            sheet.wait_for_selector(".game-report .mat")
            sheet.locator(".game-report").nth(2).screenshot(path=str(HERE / "report.png"))
            report.unlink()
            browser.close()
    finally:
        server.shutdown()
    print(f"wrote workbench-desktop.png, workbench-phone.png, quiz.png and report.png in "
          f"{HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

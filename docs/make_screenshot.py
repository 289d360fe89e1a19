"""Regenerate docs/playground.png: the playground with an illegal example, in Debian's
Chromium driven by Playwright (``make screenshot``)."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from api import create_app

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def main() -> int:
    """Serve the app on a free loopback port and photograph the page."""
    target = Path(__file__).with_name("playground.png")
    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"http://127.0.0.1:{server.server_port}/")
            page.select_option("#example", "summon.normal-once/1")
            page.wait_for_selector(".steps button.illegal")
            page.wait_for_selector("#diagram .phase.current")
            page.screenshot(path=str(target), full_page=True)
            browser.close()
    finally:
        server.shutdown()
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

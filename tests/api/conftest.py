"""The Flask app and its test client; the page's live server and headless Chromium (each
module that uses them starts its own)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from tests.api.browser import ARGS, CHROMIUM, EXPECTED, VIEWPORTS, Page, csp_violations, open_page


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "DUELCHECK_DATA_DIR": str(tmp_path / "data")})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from werkzeug.serving import make_server

    data = tmp_path_factory.mktemp("data")  # held duels (the page's "play from here")
    server = make_server("127.0.0.1", 0, create_app({"DUELCHECK_DATA_DIR": str(data)}),
                         threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(params=list(VIEWPORTS))
def page(request: pytest.FixtureRequest, browser: Any, base_url: str) -> Iterator[Page]:
    errors: list[str] = []
    context, page = open_page(browser, base_url + "/", VIEWPORTS[request.param], errors,
                          accept_downloads=True)
    yield page
    assert csp_violations(page) == []
    context.close()
    assert [e for e in errors if not EXPECTED.search(e)] == [], errors


@pytest.fixture
def desktop(browser: Any, base_url: str) -> Iterator[Page]:
    errors: list[str] = []
    context, page = open_page(browser, base_url + "/", VIEWPORTS["desktop"], errors)
    yield page
    assert csp_violations(page) == []
    context.close()
    assert [e for e in errors if not EXPECTED.search(e)] == [], errors

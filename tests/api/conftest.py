"""The Flask app and its test client; the page's live server and headless Chromium (each
module that uses them starts its own)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from tests.api.browser import ARGS, CHROMIUM, EXPECTED, VIEWPORTS, Page, csp_violations, open_page


@pytest.fixture
def app() -> Flask:
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
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

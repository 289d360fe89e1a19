"""api/worker.py against a real gunicorn: a connection that sends nothing holds neither a
worker nor the server's stop."""

from __future__ import annotations

import socket
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.api.server import call, start

#: Every test here starts a server process.
pytestmark = pytest.mark.slow


def silent_connection(base: str) -> socket.socket:
    """A connection to the server at ``base`` that sends nothing (a browser's preconnect)."""
    url = urlsplit(base)
    return socket.create_connection((url.hostname or "", url.port or 80), timeout=60)


def test_a_silent_connection_does_not_hold_the_only_worker(tmp_path: Path) -> None:
    # gunicorn's sync worker waited for the silent client until its timeout (120 s here)
    # restarted it; the request behind it timed out in call() at 30 s.
    server = start(tmp_path, WEB_CONCURRENCY="1", DUELCHECK_CLIENT_TIMEOUT="1",
                   DUELCHECK_TIMEOUT="120")
    try:
        with silent_connection(server.base) as silent:
            time.sleep(0.2)  # the worker has accepted it
            assert call(server.base + "/healthz")[0] == 200
            assert silent.recv(1) == b""  # closed unanswered, not left open
    finally:
        log = server.stop()
    assert "Traceback" not in log


def test_a_server_holding_a_silent_connection_stops_at_once(tmp_path: Path) -> None:
    # With the first byte awaited in gunicorn's sync worker, SIGTERM waited for gunicorn's
    # graceful bound (30 s) before it killed the worker.
    server = start(tmp_path, WEB_CONCURRENCY="2")
    with silent_connection(server.base), silent_connection(server.base):
        time.sleep(0.2)
        began = time.monotonic()
        server.stop()
        assert time.monotonic() - began < 20
    assert server.proc.returncode == 0

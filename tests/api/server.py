"""A real gunicorn, as `make serve` starts it (``duelcheck serve``), on a free loopback port
with a home of its own, and a call to it over HTTP: what the tests against a server process
share."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import pytest

DUELCHECK = Path(sys.executable).with_name("duelcheck")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


#: Seconds a server has to stop: gunicorn's graceful timeout (30 s) and a margin.
STOP_WITHIN: Final = 45


@dataclass
class Server:
    base: str
    proc: subprocess.Popen[bytes]
    home: Path

    def stop(self) -> str:
        """Stop the server; what it wrote (its log). It is given longer than gunicorn's own
        bound on a graceful stop (30 s, then it kills a worker that has not exited), so that a
        test fails only on a server that does not stop, not on one that takes that bound."""
        self.proc.send_signal(signal.SIGTERM)
        out, _ = self.proc.communicate(timeout=STOP_WITHIN)
        return out.decode()


def start(tmp: Path, *args: str, **env: str) -> Server:
    """``duelcheck serve`` (gunicorn, as make serve runs it) on a free loopback port, with a
    home of its own (to see what it leaves there)."""
    port = free_port()
    home = tmp / "home"
    home.mkdir(exist_ok=True)
    environ = {k: v for k, v in os.environ.items() if k != "XDG_RUNTIME_DIR"}
    environ.update(HOST="127.0.0.1", PORT=str(port), HOME=str(home), **env)
    proc = subprocess.Popen([str(DUELCHECK), "serve", *args], cwd=tmp, env=environ,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    server = Server(f"http://127.0.0.1:{port}", proc, home)
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(server.base + "/healthz", timeout=2) as response:
                assert json.load(response) == {"status": "ok"}
            return server
        except (urllib.error.URLError, ConnectionError):
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the server did not start:\n{server.stop()}")
            time.sleep(0.1)


def call(url: str, body: bytes | None = None,
         content_type: str = "application/json") -> tuple[int, str, Any]:
    request = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET",
                                     headers={"Content-Type": content_type})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers.get_content_type(), json.load(response)
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get_content_type(), json.load(err)

"""A real gunicorn, as `make serve` starts it, spoken to over HTTP on a free loopback port."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.api.test_concurrency import duels
from tests.helpers import ROOT, SHARED
from validator import validate

GUNICORN = Path(sys.executable).with_name("gunicorn")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """gunicorn with 2 workers of 4 threads each, so requests really overlap in a process."""
    port = free_port()
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "WEB_CONCURRENCY": "2",
           "GUNICORN_CMD_ARGS": "--threads 4"}
    proc = subprocess.Popen([str(GUNICORN), "-c", "python:api.gunicorn_conf", "api:create_app()"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2) as response:
                    assert json.load(response) == {"status": "ok"}
                break
            except (urllib.error.URLError, ConnectionError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    out = proc.stdout.read().decode() if proc.stdout else ""
                    pytest.fail(f"gunicorn did not start:\n{out}")
                time.sleep(0.1)
        yield base
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


def call(url: str, body: bytes | None = None,
         content_type: str = "application/json") -> tuple[int, str, Any]:
    request = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET",
                                     headers={"Content-Type": content_type})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers.get_content_type(), json.load(response)
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get_content_type(), json.load(err)


@pytest.mark.skipif(not (SHARED / "examples").exists(), reason="../shared is not beside it")
def test_posting_a_shared_example(server: str) -> None:
    raw = (SHARED / "examples" / "second-normal-summon.json").read_bytes()
    status, kind, verdict = call(server + "/v1/validate", raw)
    assert (status, kind) == (200, "application/json")
    assert verdict["violation"]["rule"] == "summon.normal-once"
    assert verdict["violation"]["index"] == 4


def announce_large_body(base: str) -> int:
    """Announce a 3 MiB body and read the answer without sending it (the server refuses from
    the Content-Length alone; sending it all would race the server closing the connection)."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.putrequest("POST", "/v1/validate")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Content-Length", str(3 * 1024 * 1024))
    conn.endheaders()
    response = conn.getresponse()
    assert response.getheader("Content-Type") == "application/problem+json"
    conn.close()
    return response.status


def test_errors_over_http(server: str) -> None:
    status, kind, body = call(server + "/v1/validate", b'{"cards": {"a": {"kind": "monster"}}}')
    assert (status, kind) == (422, "application/problem+json")
    assert body["errors"] == {"cards": {"a": {"level": ["A monster needs a level (1 to 12)."]}}}
    assert call(server + "/v1/validate", b"nope")[0] == 400
    assert call(server + "/v1/validate", b"{}", "text/plain")[0] == 415
    assert announce_large_body(server) == 413
    assert call(server + "/v1/rules/none")[:2] == (404, "application/problem+json")
    assert call(server + "/openapi.json")[0] == 200


def test_concurrent_requests_of_different_duels(server: str) -> None:
    docs = duels()
    expected = [validate(d).to_dict() for d in docs]
    bodies = [json.dumps(d).encode() for d in docs]

    def post(i: int) -> tuple[int, Any]:
        status, _, verdict = call(server + "/v1/validate", bodies[i])
        assert status == 200
        return i, verdict

    with ThreadPoolExecutor(max_workers=16) as pool:
        for i, verdict in pool.map(post, [i % len(docs) for i in range(240)]):
            assert verdict == expected[i]


def test_duelcheck_serve_runs_the_development_server() -> None:
    port = free_port()
    exe = Path(sys.executable).with_name("duelcheck")
    proc = subprocess.Popen([str(exe), "serve", "--port", str(port)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                status, _, body = call(f"http://127.0.0.1:{port}/healthz")
                break
            except (urllib.error.URLError, ConnectionError):
                assert proc.poll() is None and time.monotonic() < deadline, "did not start"
                time.sleep(0.1)
        assert (status, body) == (200, {"status": "ok"})
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_json_lines_batch_is_streamed_over_http(server: str) -> None:
    docs = duels()[:20]
    body = b"".join(json.dumps(d).encode() + b"\n" for d in docs) + b"not json\n"
    host, port = server.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request("POST", "/v1/validate", body=body,
                 headers={"Content-Type": "application/x-ndjson"})
    response = conn.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type") == "application/x-ndjson"
    assert response.getheader("Transfer-Encoding") == "chunked"
    lines = []
    while line := response.readline():
        lines.append(json.loads(line))
    conn.close()
    assert [line.pop("line") for line in lines] == list(range(1, 22))
    assert lines[:20] == [validate(d).to_dict() for d in docs]
    assert lines[20]["status"] == 400

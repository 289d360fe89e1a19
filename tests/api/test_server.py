"""A real gunicorn, as `make serve` starts it, spoken to over HTTP on a free loopback port."""

from __future__ import annotations

import gzip
import http.client
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.api.server import DUELCHECK, Server, call, free_port, start
from tests.helpers import ROOT, SHARED, crafted_position, duels
from validator import validate

#: Every test here speaks to (or starts) a server process.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """gunicorn with 2 workers of 4 threads each, so requests really overlap in a process."""
    server = start(tmp_path_factory.mktemp("serve"), WEB_CONCURRENCY="2",
                   GUNICORN_CMD_ARGS="--threads 4", DUELCHECK_ACCESS_LOG="-")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def server(served: Server) -> str:
    return served.base


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
    assert body["errors"] == {"cards": {"a": {"level": ["A monster needs a level (0 to 13)."]}}}
    assert call(server + "/v1/validate", b"nope")[0] == 400
    assert call(server + "/v1/validate", b"{}", "text/plain")[0] == 415
    assert announce_large_body(server) == 413
    assert call(server + "/v1/rules/none")[:2] == (404, "application/problem+json")
    assert call(server + "/openapi.json")[0] == 200


def test_options_over_http_is_a_204_with_the_methods(server: str) -> None:
    host, port = server.removeprefix("http://").split(":")
    duel = "/v1/duels/" + "A" * 22
    for path, allow in (("/v1/validate", "OPTIONS, POST"), (duel, "DELETE, GET, HEAD, OPTIONS"),
                        (duel + "/actions", "OPTIONS, POST"), ("/healthz", "GET, HEAD, OPTIONS"),
                        ("*", "DELETE, GET, HEAD, OPTIONS, POST")):  # the server as a whole
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        conn.request("OPTIONS", path)
        response = conn.getresponse()
        assert (response.status, response.getheader("Allow"), response.getheader("Content-Type"),
                response.read()) == (204, allow, None, b""), path
        conn.close()
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request("OPTIONS", "/*")  # a path, not the server: no route has it
    assert conn.getresponse().status == 404
    conn.close()


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


def test_duelcheck_serve_dev_runs_the_development_server() -> None:
    port = free_port()
    proc = subprocess.Popen([str(DUELCHECK), "serve", "--dev", "--port", str(port)], cwd=ROOT,
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


def raw_request(base: str, data: bytes) -> tuple[int, str, Any]:
    """Send bytes as they are; the status, content type and JSON body of the answer."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(data)
        response = http.client.HTTPResponse(sock)
        response.begin()
        return response.status, response.getheader("Content-Type") or "", json.load(response)


def chunked(body: bytes, size: int = 65536) -> bytes:
    parts = [b"%x\r\n%s\r\n" % (len(body[i:i + size]), body[i:i + size])
             for i in range(0, len(body), size)]
    return (b"POST /v1/validate HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + b"".join(parts)
            + b"0\r\n\r\n")


def test_a_chunked_body_is_read_whole_and_over_the_limit_is_413(server: str) -> None:
    doc = {"cards": {}, "actions": [{"type": "draw", "player": "p1"},
                                    {"type": "phase", "player": "p1", "to": "standby"},
                                    {"type": "phase", "player": "p1", "to": "main1"}]}
    status, _, verdict = raw_request(server, chunked(json.dumps(doc).encode()))
    assert status == 200 and verdict["actions_checked"] == 3
    padded = json.dumps(doc).encode()[:-1] + b" " * (2 * 1024 * 1024) + b"}"
    status, kind, problem = raw_request(server, chunked(padded))
    assert (status, kind) == (413, "application/problem+json")
    assert problem["detail"] == "The body is larger than this service accepts (2097152 bytes)."


def test_gunicorns_own_errors_are_problem_json_not_html(server: str) -> None:
    status, kind, problem = raw_request(server, b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\n\r\n")
    assert (status, kind, problem["status"]) == (414, "application/problem+json", 414)
    status, kind, problem = raw_request(server, b"NOT A REQUEST LINE\r\n\r\n")
    assert (status, kind, problem["title"]) == (400, "application/problem+json", "Bad Request")


def test_docs_with_and_without_a_trailing_slash(server: str) -> None:
    for path in ("/docs", "/docs/"):
        with urllib.request.urlopen(server + path, timeout=30) as response:
            assert response.status == 200 and b"swagger-ui" in response.read()


def test_access_log_on_request_and_no_control_socket(tmp_path: Path) -> None:
    server = start(tmp_path, WEB_CONCURRENCY="1", DUELCHECK_ACCESS_LOG="-")
    call(server.base + "/v1/rules")
    log = server.stop()
    assert '"GET /v1/rules HTTP/1.1" 200' in log
    assert "Control socket" not in log and not (server.home / ".gunicorn").exists()


@pytest.mark.parametrize(("command", "name"), [
    (["duelcheck", "serve"], "WEB_CONCURRENCY"), (["duelcheck", "serve"], "PORT"),
    (["duelcheck", "serve"], "DUELCHECK_TIMEOUT"),
    (["duelcheck", "serve", "--dev"], "DUELCHECK_MAX_ACTIONS"),
    (["gunicorn", "-c", "python:api.gunicorn_conf", "api:create_app()"],
     "DUELCHECK_MAX_ACTIONS")])
def test_a_bad_variable_stops_the_server_with_one_line(command: list[str], name: str) -> None:
    exe = Path(sys.executable).with_name(command[0])
    proc = subprocess.run([str(exe), *command[1:]], env={**os.environ, name: "abc"}, cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 3
    assert proc.stderr.startswith(f"duelcheck: {name}='abc' is not valid (")
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


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


def test_the_card_database_over_http(server: str) -> None:
    status, kind, card = call(server + "/v1/cards/75498415")
    assert (status, kind) == (200, "application/json")
    assert card["card"]["tributes"] == [0, 1] and "official/c75498415.lua" in \
        card["sources"]["tributes"]
    status, _, card = call(server + "/v1/cards?name=" + urllib.parse.quote('maxx "c"'))
    assert status == 200 and card["name"] == 'Maxx "C"'
    status, kind, body = call(server + "/v1/cards/1")
    assert (status, kind) == (404, "application/problem+json") and "passcode 1" in body["detail"]
    status, _, body = call(server + "/v1/cards?name=Swap%20Frg")
    assert status == 404 and "Swap Frog" in body["detail"]
    assert call(server + "/v1/cards")[0] == 422
    assert call(server + "/v1/cards/24317029?variant=nope")[0] == 422


@pytest.mark.parametrize("path", ["/v1/validate", "/v1/steps", "/v1/legal-actions",
                                  "/v1/report"])
def test_a_crafted_position_is_a_document_error_keyed_by_path(server: str, path: str) -> None:
    doc = crafted_position()
    body = {"games": [doc]} if path == "/v1/report" else doc
    status, kind, problem = call(server + path, json.dumps(body).encode())
    assert (status, kind) == (422, "application/problem+json"), problem
    errors = problem["errors"]["games"]["0"] if path == "/v1/report" else problem["errors"]
    declared = errors["position"]["this_turn"]["declared"]["x"]
    assert declared == {"key": ["Unknown card id 'x'."],
                        "value": {"0": ["Unknown card id 'y'."]}}


def test_a_crafted_position_in_a_batch_is_a_422_line(server: str) -> None:
    status, kind, line = call(server + "/v1/validate", json.dumps(crafted_position()).encode(),
                              "application/x-ndjson")
    assert (status, kind, line["line"], line["status"]) == (200, "application/x-ndjson", 1, 422)
    assert "declared" in line["errors"]["position"]["this_turn"]


def test_a_415_says_what_the_endpoint_takes(server: str) -> None:
    for path in ("/v1/steps", "/v1/report", "/v1/legal-actions", "/v1/import/duelingbook"):
        status, _, problem = call(server + path, b"{}", "application/x-ndjson")
        assert (status, problem["detail"]) == (
            415, "This endpoint takes application/json, not application/x-ndjson."), path
    status, _, problem = call(server + "/v1/validate", b"{}", "text/plain")
    assert status == 415 and problem["detail"] == (
        "Send the duel document as application/json, or duel documents as "
        "application/x-ndjson (one per line), not text/plain.")


def test_a_coded_body_is_a_415_over_http(server: str) -> None:
    status, _, created = call(server + "/v1/duels", b'{"cards": {}}')
    assert status == 201
    for path, kind in (("/v1/validate", "application/json"),
                       ("/v1/validate", "application/x-ndjson"),
                       (f"/v1/duels/{created['id']}/actions", "application/json"),
                       ("/v1/import/edopro", "application/octet-stream")):
        request = urllib.request.Request(
            server + path, data=gzip.compress(b'{"actions": [], "cards": {}}'), method="POST",
            headers={"Content-Type": kind, "Content-Encoding": "gzip"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        answer = refused.value
        assert (answer.code, answer.headers.get_content_type(),
                answer.headers["Accept-Encoding"]) == (415, "application/problem+json",
                                                       "identity"), path
        assert "Content-Encoding gzip" in json.load(answer)["detail"]
    status, _, held = call(server + f"/v1/duels/{created['id']}")
    assert (status, held["actions"]) == (200, 0)


def test_a_replay_sent_for_judging_is_told_where_to_go(server: str) -> None:
    replay = json.dumps({"plays": [{"play": "Pick first", "username": "a",
                                    "order": ["a", "b"]}]}).encode()
    for path in ("/v1/validate", "/v1/steps", "/v1/legal-actions"):
        status, _, problem = call(server + path, replay)
        assert status == 422 and "POST it to /v1/import/duelingbook" in problem["detail"], path
    status, _, line = call(server + "/v1/validate", replay, "application/x-ndjson")
    assert "POST it to /v1/import/duelingbook" in line["detail"]
    status, _, problem = call(server + "/v1/import/duelingbook", b'{"plays": []}')
    assert status == 422 and problem["detail"].count("Duelingbook replay") == 1
    status, _, problem = call(server + "/v1/validate", b'{"cards": {"x": {}}}')
    assert "import" not in problem["detail"]  # a duel document gets no such hint


def test_no_answer_advises_a_client_to_change_the_service(server: str) -> None:
    status, _, problem = call(server + "/v1/validate", b'{"turn": 1' + b"0" * 5000 + b"}")
    assert status == 400 and problem["detail"] == (
        "The body is not valid JSON: a number has 5001 digits, more than the 4300 that are read")
    for bad in (problem, *(raw_request(server, chunked(b" " * (3 * 1024 * 1024)))[2:])):
        assert "DUELCHECK_" not in bad["detail"] and "sys." not in bad["detail"], bad

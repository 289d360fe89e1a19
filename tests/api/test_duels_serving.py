"""Held duels against the real thing: gunicorn servers (``duelcheck serve``) on the SQLite
store and on a real Redis (two instances sharing it), a restart, killed workers, concurrent
``expect`` conflicts, expiry, limits and what reaches Redis's keys."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import signal
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from api import create_app
from tests.api.held_play import STARTS, play_and_compare, retry_after, stale_after
from tests.api.redis_server import redis_server
from tests.api.server import Server, start
from tests.helpers import act
from validator import validate
from validator.synth import legal_duel

pytestmark = pytest.mark.slow

DOC = legal_duel(12)
#: A duel long enough for a few workers to be killed while it is followed.
LONG = legal_duel(40)


def call(method: str, url: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
            return response.status, json.loads(text) if text else None
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


def create(server: Server, doc: dict[str, Any]) -> str:
    status, body = call("POST", server.base + "/v1/duels", doc)
    assert status == 201, body
    duel_id: str = body["id"]
    return duel_id


def folder(tmp_path: Path, name: str) -> Path:
    """A folder of one server's own."""
    (tmp_path / name).mkdir()
    return tmp_path / name


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    with redis_server(tmp_path / "redis") as url:
        yield url


def test_two_instances_share_one_duel_through_redis(tmp_path: Path, redis_url: str) -> None:
    servers = [start(folder(tmp_path, name), DUELCHECK_STORE=redis_url, WEB_CONCURRENCY="2")
               for name in ("a", "b")]
    try:
        duel_id = create(servers[0], {**DOC, "actions": DOC["actions"][:2]})
        for n in range(2, len(DOC["actions"])):
            server = servers[n % 2]
            status, verdict = call("POST", f"{server.base}/v1/duels/{duel_id}/actions",
                                   {"actions": [DOC["actions"][n]], "expect": n})
            assert status == 200 and verdict["legal"], verdict
            assert verdict["state"] == validate({**DOC, "actions": DOC["actions"][:n + 1]}).state
        seen = [call("GET", f"{s.base}/v1/duels/{duel_id}?document=1")[1] for s in servers]
        assert seen[0] == seen[1] and seen[0]["actions"] == DOC["actions"]
        status, _ = call("DELETE", f"{servers[1].base}/v1/duels/{duel_id}")
        assert status == 204 and call("GET", f"{servers[0].base}/v1/duels/{duel_id}")[0] == 404
    finally:
        for server in servers:
            server.stop()


def test_the_sqlite_service_keeps_its_duels_across_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = start(tmp_path, DUELCHECK_DATA_DIR=str(data))
    try:
        duel_id = create(server, {**DOC, "actions": DOC["actions"][:10]})
        call("POST", f"{server.base}/v1/duels/{duel_id}/actions",
             {"actions": DOC["actions"][10:20], "expect": 10})
        before = call("GET", f"{server.base}/v1/duels/{duel_id}")[1]
    finally:
        server.stop()
    server = start(tmp_path, DUELCHECK_DATA_DIR=str(data))
    try:
        assert call("GET", f"{server.base}/v1/duels/{duel_id}")[1] == before
        status, verdict = call("POST", f"{server.base}/v1/duels/{duel_id}/actions",
                               {"actions": DOC["actions"][20:], "expect": 20})
        assert status == 200 and verdict["state"] == validate(DOC).state
    finally:
        server.stop()


def test_the_default_data_dir_is_made_in_the_users_data_folder(tmp_path: Path) -> None:
    server = start(tmp_path)
    try:
        create(server, {"cards": {}})
        assert (server.home / ".local" / "share" / "duelcheck" / "duels.sqlite3").exists()
    finally:
        server.stop()


def _workers(server: Server) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == server.proc.pid:
                out.append(int(entry))
    return out


@pytest.mark.parametrize("store", ["sqlite", "redis"])
def test_a_killed_worker_loses_nothing_answered(tmp_path: Path, store: str) -> None:
    """Workers are killed (SIGKILL, one every 0.2 s) while a client follows a duel one action a
    request: every action answered is kept, in order; after a request with no answer the
    client asks the duel how many it holds and goes on from there."""
    with redis_server(tmp_path / "redis") as url:
        env = {"DUELCHECK_STORE": url} if store == "redis" else {}
        server = start(tmp_path, WEB_CONCURRENCY="3", **env)
        stop = threading.Event()
        killed = []

        def kill_one() -> None:
            for pid in _workers(server)[:1]:
                try:
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
                except ProcessLookupError:
                    pass

        def killer() -> None:  # kills that land anywhere, mid-request too
            while not stop.wait(0.2):
                kill_one()

        try:
            duel_id = create(server, {**LONG, "actions": []})
            thread = threading.Thread(target=killer)
            thread.start()
            held, answered = 0, 0
            while held < len(LONG["actions"]):
                try:
                    status, verdict = call("POST", f"{server.base}/v1/duels/{duel_id}/actions",
                                           {"actions": [LONG["actions"][held]], "expect": held})
                except (urllib.error.URLError, ConnectionError, http.client.HTTPException):
                    status = 0
                if status == 200:
                    assert verdict["legal"], verdict
                    held, answered = held + 1, answered + 1
                    if held % 10 == 0:
                        kill_one()  # and at least these, however fast the machine is
                    continue
                status, deadline = 0, time.monotonic() + 30
                while status == 0 and time.monotonic() < deadline:  # a new worker comes
                    try:
                        status, body = call("GET", f"{server.base}/v1/duels/{duel_id}")
                    except (urllib.error.URLError, ConnectionError, http.client.HTTPException):
                        time.sleep(0.05)
                assert status == 200 and body["actions"] in (held, held + 1), body
                held = body["actions"]
            stop.set()
            thread.join()
            document = call("GET", f"{server.base}/v1/duels/{duel_id}?document=1")[1]
            assert document["actions"] == LONG["actions"] and validate(document).legal
            assert len(killed) >= 3 and answered >= len(LONG["actions"]) // 2
        finally:
            stop.set()
            server.stop()


@pytest.mark.parametrize("store", ["sqlite", "redis"])
def test_concurrent_steps_with_one_expect_land_once(tmp_path: Path, store: str) -> None:
    with redis_server(tmp_path / "redis") as url:
        env = {"DUELCHECK_STORE": url} if store == "redis" else {}
        servers = [start(folder(tmp_path, name), WEB_CONCURRENCY="3",
                         DUELCHECK_DATA_DIR=str(tmp_path / "data"), **env)
                   for name in ("a", "b")]
        try:
            duel_id = create(servers[0], {**DOC, "actions": []})
            for n in range(12):
                answers: list[tuple[int, Any]] = []

                def send(i: int, n: int = n, answers: list[tuple[int, Any]] = answers) -> None:
                    base = servers[i % 2].base
                    answers.append(call("POST", f"{base}/v1/duels/{duel_id}/actions",
                                        {"actions": [DOC["actions"][n]], "expect": n}))

                threads = [threading.Thread(target=send, args=(i,)) for i in range(6)]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
                statuses = sorted(status for status, _ in answers)
                assert statuses == [200] + [409] * 5, answers
                assert all(body["type"] == "urn:duelcheck:problem:duel-conflict"
                           for status, body in answers if status == 409)
            document = call("GET", f"{servers[1].base}/v1/duels/{duel_id}?document=1")[1]
            assert document["actions"] == DOC["actions"][:12]
        finally:
            for server in servers:
                server.stop()


# --- the Redis store in-process, against the real server ------------------------------------

def test_redis_limits_expiry_and_records(redis_url: str) -> None:
    client = create_app({"TESTING": True, "DUELCHECK_STORE": redis_url, "DUELCHECK_MAX_DUELS": 2,
                         "DUELCHECK_DUEL_IDLE_SECONDS": 5,  # room for a loaded machine
                         "DUELCHECK_MAX_DUEL_ACTIONS": 3}).test_client()
    direct = redis.Redis.from_url(redis_url, decode_responses=True)
    first = client.post("/v1/duels", json={"cards": {}}).get_json()["id"]
    second = client.post("/v1/duels", json={"cards": {}, "actions": [act("draw")]}).get_json()
    assert 0 < direct.pttl(f"duelcheck:duel:{first}") <= 5000
    full = client.post("/v1/duels", json={"cards": {}})
    assert full.status_code == 503
    assert full.get_json()["type"] == "urn:duelcheck:problem:too-many-duels"
    long = client.post(f"/v1/duels/{second['id']}/actions",
                       json={"actions": [act("phase", to="standby")] * 3})
    assert long.get_json()["type"] == "urn:duelcheck:problem:too-many-duel-actions"
    direct.hset(f"duelcheck:duel:{second['id']}", "format", 7)
    newer = client.get(f"/v1/duels/{second['id']}")
    assert newer.status_code == 503 and "record format 7" in newer.get_json()["detail"]
    deadline = time.monotonic() + 30  # Redis's own TTL expires it, whatever the load
    while direct.exists(f"duelcheck:duel:{first}") and time.monotonic() < deadline:
        time.sleep(0.1)
    assert client.get(f"/v1/duels/{first}").status_code == 404
    assert client.post("/v1/duels", json={"cards": {}}).status_code == 201  # room again
    direct.close()


def test_a_full_redis_store_says_when_the_soonest_duel_expires(redis_url: str) -> None:
    client = create_app({"TESTING": True, "DUELCHECK_STORE": redis_url, "DUELCHECK_MAX_DUELS": 2,
                         "DUELCHECK_DUEL_IDLE_SECONDS": 1000}).test_client()
    direct = redis.Redis.from_url(redis_url, decode_responses=True)
    first = client.post("/v1/duels", json={"cards": {}}).get_json()["id"]
    second = client.post("/v1/duels", json={"cards": {}}).get_json()["id"]

    def now() -> float:
        seconds, micro = direct.time()
        return seconds + micro / 1e6

    start = now()
    for duel_id, left in ((first, 400.5), (second, 700.25)):  # as if idle for a while
        direct.zadd("duelcheck:duels", {duel_id: int((start + left) * 1000)}, xx=True)
    before = now()
    full = client.post("/v1/duels", json={"cards": {}})
    assert retry_after(full, int((start + 400.5) * 1000) / 1000, before, now()) in (400, 401)
    assert client.post(f"/v1/duels/{first}/actions",
                       json={"actions": [act("draw")]}).status_code == 200  # renewed
    before = now()
    full = client.post("/v1/duels", json={"cards": {}})
    assert retry_after(full, int((start + 700.25) * 1000) / 1000, before, now()) in (700, 701)
    assert client.delete(f"/v1/duels/{second}").status_code == 204
    assert client.post("/v1/duels", json={"cards": {}}).status_code == 201
    direct.close()


def test_no_client_text_reaches_a_redis_key(redis_url: str) -> None:
    client = create_app({"TESTING": True, "DUELCHECK_STORE": redis_url}).test_client()
    odd = "k*:{x}\n"
    doc = {"cards": {odd: {"kind": "monster", "level": 4}},
           "setup": {"p1": {"hand": [odd]}}, "actions": [act("draw")]}
    duel_id = client.post("/v1/duels", json=doc).get_json()["id"]
    client.post(f"/v1/duels/{duel_id}/actions",
                json={"actions": [act("phase", to="standby"), act("phase", to="main1"),
                                  act("normal_summon", card=odd)]})
    for bad in ("*", "duelcheck:duels", "A" * 21 + ":", "A" * 22 + "\r\nFLUSHALL", "%2A"):
        for answer in (client.get(f"/v1/duels/{bad}"), client.delete(f"/v1/duels/{bad}"),
                       client.post(f"/v1/duels/{bad}/actions", json={"actions": []})):
            assert answer.status_code == 404
    direct = redis.Redis.from_url(redis_url, decode_responses=True)
    assert sorted(direct.keys("*")) == sorted([f"duelcheck:duel:{duel_id}", "duelcheck:duels"])
    assert client.get(f"/v1/duels/{duel_id}?document=1").get_json()["cards"] == doc["cards"]
    direct.close()


def raw_call(method: str, url: str, body: Any = None) -> tuple[int, bytes]:
    """A request's status and its answer's bytes as they came."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read()


@pytest.mark.parametrize("store", ["sqlite", "redis"])
def test_steps_answer_any_card_id_a_document_may_hold(tmp_path: Path, store: str) -> None:
    """A create's and a step's answers are written by orjson, and by ``json`` what orjson
    refuses: a duel whose cards have non-ASCII letters is answered in UTF-8 as it is, one whose
    card has a lone surrogate (which the body's reader lets through) with escapes, in each
    store, through the step's fast path and the kept log alike."""
    env = {"DUELCHECK_DATA_DIR": str(folder(tmp_path, "data"))}
    with contextlib.ExitStack() as stack:
        if store == "redis":
            env = {"DUELCHECK_STORE": stack.enter_context(redis_server(tmp_path / "redis"))}
        server = start(folder(tmp_path, "server"), **env)
        stack.callback(server.stop)
        for odd, written in (("Gagagigo \u00e9\u9f8d", "Gagagigo \u00e9\u9f8d".encode()),
                             ("Kuriboh \ud800", b"Kuriboh \\ud800")):
            ids = ["Sangan \u00e9", odd]
            doc = {"cards": {card: {"kind": "monster", "level": 4} for card in ids},
                   "setup": {"p1": {"deck": ids[:1], "hand": ids[1:]}, "p2": {"deck": []}},
                   "actions": []}
            steps = [act("draw"), act("phase", to="standby"), act("phase", to="main1"),
                     act("normal_summon", card=odd)]
            status, text = raw_call("POST", server.base + "/v1/duels", doc)
            made = json.loads(text)
            assert status == 201 and made["verdict"] == validate(doc).to_dict()
            assert written in text and text.startswith(b'{"id":"'), text
            base = f"{server.base}/v1/duels/{made['id']}"
            for n, action in enumerate(steps):
                status, text = raw_call("POST", base + "/actions",
                                        {"actions": [action], "expect": n})
                whole = validate({**doc, "actions": steps[:n + 1]}).to_dict()
                assert status == 200 and json.loads(text) == {**whole, "actions_checked": 1}
                assert written in text and text.startswith(b'{"legal":true,"violation":null')
            verdict = json.loads(text)
            assert verdict["state"]["players"]["p1"]["monsters"][0]["card"] == odd
            assert call("GET", base + "?document=1")[1] == {**doc, "ruleset": "classic",
                                                            "actions": steps}


@pytest.mark.parametrize("expect", [True, False])
@pytest.mark.parametrize("behind", [1, 2, 3])
def test_a_step_on_an_older_copy_goes_on_from_the_redis_record(redis_url: str, expect: bool,
                                                               behind: int) -> None:
    """With ``expect`` the step reads the record, with the actions kept since when they are
    one or two, in one HMGET; without, it is judged on the older copy and the script's
    compare-and-set answers the record as it stands, which it is judged again from."""
    client = create_app({"TESTING": True, "DUELCHECK_STORE": redis_url}).test_client()
    answer = stale_after(client, DOC, 3, behind, expect)
    n = 3 + behind + 1
    assert answer.status_code == 200 and answer.headers["Duel-Actions"] == str(n)
    assert answer.get_json() == {**validate({**DOC, "actions": DOC["actions"][:n]}).to_dict(),
                                 "actions_checked": 1}


def test_held_verdicts_on_redis_are_those_of_the_whole_document(redis_url: str) -> None:
    """The property test of tests/api/test_duels.py, on the Redis store: random play from
    every start, a third of it judged from the stored record, a third on a copy of the duel
    one to three steps old."""
    client = create_app({"TESTING": True, "DUELCHECK_STORE": redis_url}).test_client()
    rng = random.Random(28)
    for n, doc in enumerate(STARTS):
        play_and_compare(client, doc, rng.randrange(2**32), rng.randint(1, 6), n % 3 == 0,
                         stale=rng.randint(1, 3) if n % 3 == 1 else 0)


def test_redis_steps_survive_a_flushed_script_cache_and_killed_connections(
        redis_url: str) -> None:
    """A step's commands go out on the worker's held connection below redis-py's client
    (``RedisStore._command``): a script Redis forgot (``SCRIPT FLUSH``, as after a restart) is
    loaded again, a connection Redis closed is opened again, each step is kept once, and a
    batch longer than the write script's chunk of the log is kept whole."""
    client = create_app({"TESTING": True, "DUELCHECK_STORE": redis_url}).test_client()
    direct = redis.Redis.from_url(redis_url, decode_responses=True)
    duel_id = client.post("/v1/duels", json={"cards": {}}).get_json()["id"]
    kept = 0
    for trouble in ("SCRIPT FLUSH", "CLIENT KILL TYPE normal SKIPME yes", None):
        if trouble:
            direct.execute_command(trouble)
        answer = client.post(f"/v1/duels/{duel_id}/actions",
                             json={"actions": [act("gain_lp", "p1", amount=100)],
                                   "expect": kept})
        kept += 1
        assert answer.status_code == 200 and answer.headers["Duel-Actions"] == str(kept)
    batch = [act("gain_lp", "p2", amount=1)] * 1_234
    answer = client.post(f"/v1/duels/{duel_id}/actions", json={"actions": batch, "expect": kept})
    assert answer.status_code == 200 and answer.headers["Duel-Actions"] == str(kept + 1_234)
    document = client.get(f"/v1/duels/{duel_id}?document=1").get_json()
    assert document["actions"] == [act("gain_lp", "p1", amount=100)] * 3 + batch
    assert direct.hlen(f"duelcheck:duel:{duel_id}") == 10 + 3 + 1_234  # the record, the log
    direct.close()

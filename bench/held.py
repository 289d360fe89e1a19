"""The held duels' part of ``make bench-api`` (issue 28): a 300-action duel followed one action
a request, for each store, against ``GET /healthz`` on the same server, and the cost of a step
at action 10 against action 10,000.

One client sends one request at a time, each on a new connection (gunicorn's sync workers
close theirs), alternating a ``/healthz`` and a step so that a noisy machine slows both alike.
Targets: the median step within 1.3x and the p99 within 2x of ``/healthz``'s; flat in the
duel's length (the median step at action 10,000 within 1.2x of the one at action 10: steps on
the two duels sent in turn, so that a change in the machine's load moves both alike).
"""

from __future__ import annotations

import http.client
import json
import statistics
import time
from collections.abc import Callable
from typing import Any, Final

from validator.synth import legal_duel

TARGET_MEDIAN: Final = 1.3
TARGET_P99: Final = 2.0
TARGET_FLAT: Final = 1.2
#: Actions that change nothing but Life Points, legal at any time: a duel made as long as one
#: wants without its board growing, so that only its length differs.
PAIR: Final = [{"type": "gain_lp", "player": "p1", "amount": 100},
               {"type": "damage", "player": "p1", "amount": 100}]


def request(port: int, method: str, path: str, body: Any = None) -> tuple[float, int, Any]:
    """One request on a new connection: seconds, status, JSON answer."""
    data = None if body is None else json.dumps(body)
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request(method, path, data, {"Content-Type": "application/json"} if data else {})
    response = conn.getresponse()
    text = response.read()
    took = time.perf_counter() - start
    conn.close()
    return took, response.status, json.loads(text) if text else None


def _p99(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, round(len(values) * 0.99))]


def _create(port: int, doc: dict[str, Any]) -> str:
    _, status, body = request(port, "POST", "/v1/duels", doc)
    if status != 201:
        raise SystemExit(f"POST /v1/duels answered {status}: {body}")
    duel_id: str = body["id"]
    return duel_id


def _steps(port: int, duel_id: str, actions: list[dict[str, Any]], held: int,
           healthz: list[float] | None = None) -> list[float]:
    """Send ``actions`` one a request (with ``expect``), each after a ``/healthz``."""
    out = []
    for n, action in enumerate(actions, held):
        if healthz is not None:
            healthz.append(request(port, "GET", "/healthz")[0])
        took, status, body = request(port, "POST", f"/v1/duels/{duel_id}/actions",
                                     {"actions": [action], "expect": n})
        if status != 200 or not body["legal"]:
            raise SystemExit(f"step {n} answered {status}: {body}")
        out.append(took)
    return out


def measure(port: int, rounds: int = 3) -> dict[str, float]:
    """The figures of one server (its store as it was started)."""
    doc = legal_duel(40, seed=7)
    doc["actions"] = doc["actions"][:300]
    healthz: list[float] = []
    steps: list[float] = []
    for _ in range(rounds):
        duel_id = _create(port, {**doc, "actions": []})
        steps += _steps(port, duel_id, doc["actions"], 0, healthz)
    short = _create(port, {**doc, "actions": doc["actions"][:10]})
    long = _create(port, {**doc, "actions": doc["actions"][:10]})
    held = 10
    while held < 9_990:
        batch = (PAIR * 500)[:9_990 - held]
        _, status, body = request(port, "POST", f"/v1/duels/{long}/actions",
                                  {"actions": batch, "expect": held})
        if status != 200:
            raise SystemExit(f"a batch answered {status}: {body}")
        held += len(batch)
    early: list[float] = []
    late: list[float] = []
    for n, action in enumerate(PAIR * 100):  # in turn, so that the machine's load moves both
        early += _steps(port, short, [action], 10 + n)
        late += _steps(port, long, [action], held + n)
    return {"step p50": statistics.median(steps), "step p99": _p99(steps),
            "healthz p50": statistics.median(healthz), "healthz p99": _p99(healthz),
            "at 10": statistics.median(early), "at 10000": statistics.median(late),
            "steps": len(steps)}


def report(store: str, m: dict[str, float], say: Callable[[str], object] = print) -> bool:
    """Print one store's table and targets; whether all are met.

    >>> figures = {"step p50": 1.0, "step p99": 2.0, "healthz p50": 1.0, "healthz p99": 1.0,
    ...            "at 10": 1.0, "at 10000": 1.0, "steps": 300}
    >>> report("SQLite", figures, say=lambda line: None)
    True
    """
    ms = {k: v * 1e3 for k, v in m.items() if k != "steps"}
    say(f"held duel, {store} store: {m['steps']:.0f} steps of a 300-action duel, one action a "
        f"request, each after a GET /healthz (new connection each)")
    say(f"{'':<22} {'p50 ms':>8} {'p99 ms':>8}")
    say(f"{'POST .../actions':<22} {ms['step p50']:>8.2f} {ms['step p99']:>8.2f}")
    say(f"{'GET /healthz':<22} {ms['healthz p50']:>8.2f} {ms['healthz p99']:>8.2f}")
    say(f"{'step / healthz':<22} {m['step p50'] / m['healthz p50']:>7.2f}x "
        f"{m['step p99'] / m['healthz p99']:>7.2f}x")
    say(f"step at action 10: {ms['at 10']:.2f} ms, at action 10,000: {ms['at 10000']:.2f} ms "
        f"({m['at 10000'] / m['at 10']:.2f}x)")
    targets = [
        (f"median step within {TARGET_MEDIAN}x of /healthz",
         m["step p50"] <= TARGET_MEDIAN * m["healthz p50"]),
        (f"p99 step within {TARGET_P99:.0f}x of /healthz's",
         m["step p99"] <= TARGET_P99 * m["healthz p99"]),
        (f"step at action 10,000 within {TARGET_FLAT}x of action 10",
         m["at 10000"] <= TARGET_FLAT * m["at 10"])]
    for text, met in targets:
        say(f"target: {store}: {text}: {'met' if met else 'MISSED'}")
    return all(met for _, met in targets)

"""A held duel's step in process: CPU time per request through the app's WSGI callable, a step
with the step's fast path on and off beside ``GET /healthz`` (issue 28), without a server, a
network or the machine's other processes between them (``make bench-api``'s held part measures
those, over HTTP).

    PYTHONPATH=build/compiled python bench/held_loop.py [--store redis://…] [--steps 290]

The steps follow a 300-action synthetic duel one action a request, each on the process's own
copy of the duel, each after a ``/healthz`` (so that a step finds the caches as a worker does
after another request). For counting instructions (cachegrind), ``--only step`` (or
``healthz``) sends only that kind after a warm-up, and ``--fast 0`` turns the fast path off.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Appended, not first: ``api`` and ``validator`` come from PYTHONPATH (a build), ``bench`` and
# the rest from the source tree.
sys.path.append(str(Path(__file__).resolve().parent.parent))

from api import create_app
from validator.synth import legal_duel

Call = Callable[[str, str, bytes], tuple[str, bytes]]


def wsgi_caller(app: Any) -> Call:
    """A function that sends one request through ``app``'s WSGI callable, as gunicorn would
    (a body with its Content-Type and Content-Length): its status and body.

    >>> call = wsgi_caller(create_app({"TESTING": True}))
    >>> call("GET", "/healthz", b"")
    ('200 OK', b'{"status": "ok"}')
    """
    said: list[str] = []

    def start_response(status: str, headers: Any, exc_info: Any = None) -> None:
        said.append(status)

    def call(method: str, path: str, body: bytes) -> tuple[str, bytes]:
        environ: dict[str, Any] = {
            "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "", "SCRIPT_NAME": "",
            "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
            "HTTP_HOST": "127.0.0.1:8000", "REMOTE_ADDR": "127.0.0.1",
            "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr, "wsgi.input_terminated": True}
        if body:
            environ["CONTENT_TYPE"] = "application/json"
            environ["CONTENT_LENGTH"] = str(len(body))
        out = app(environ, start_response)
        data = b"".join(out)
        getattr(out, "close", lambda: None)()
        return said.pop(), data

    return call


def measure(store: str, fast: bool, steps: int, rounds: int) -> dict[str, float]:
    """Median CPU seconds of ``/healthz`` and of a step, ``rounds`` duels of ``steps`` steps
    (the first duel a warm-up).

    >>> figures = measure("sqlite", True, 3, 2)
    >>> sorted(figures), figures["step"] > 0
    (['healthz', 'step'], True)
    """
    with tempfile.TemporaryDirectory() as folder:
        call = wsgi_caller(create_app({"DUELCHECK_DATA_DIR": folder, "DUELCHECK_STORE": store,
                                       "DUELCHECK_STEP_FASTPATH": fast}))
        doc = legal_duel(40, seed=7)
        actions = doc["actions"][:steps]
        healthz: list[float] = []
        step: list[float] = []
        for round_ in range(rounds):
            _, made = call("POST", "/v1/duels", json.dumps({**doc, "actions": []}).encode())
            duel = json.loads(made)["id"]
            for n, action in enumerate(actions):
                body = json.dumps({"actions": [action], "expect": n}).encode()
                start = time.process_time()
                call("GET", "/healthz", b"")
                middle = time.process_time()
                status, answer = call("POST", f"/v1/duels/{duel}/actions", body)
                end = time.process_time()
                if status != "200 OK":
                    raise SystemExit(f"step {n} answered {status}: {answer[:300]!r}")
                if round_:
                    healthz.append(middle - start)
                    step.append(end - middle)
    return {"healthz": statistics.median(healthz), "step": statistics.median(step)}


def only(store: str, fast: bool, kind: str, count: int) -> None:
    """After a warm-up, ``count`` requests of one kind (for cachegrind: run it with and
    without them and divide the difference).

    >>> only("sqlite", True, "step", 2)
    """
    with tempfile.TemporaryDirectory() as folder:
        call = wsgi_caller(create_app({"DUELCHECK_DATA_DIR": folder, "DUELCHECK_STORE": store,
                                       "DUELCHECK_STEP_FASTPATH": fast}))
        doc = legal_duel(40, seed=7)
        _, made = call("POST", "/v1/duels", json.dumps({**doc, "actions": []}).encode())
        duel = json.loads(made)["id"]
        bodies = [json.dumps({"actions": [a], "expect": n}).encode()
                  for n, a in enumerate(doc["actions"][:count + 10])]
        for body in bodies[:10]:
            call("GET", "/healthz", b"")
            call("POST", f"/v1/duels/{duel}/actions", body)
        for body in bodies[10:]:
            if kind == "healthz":
                call("GET", "/healthz", b"")
            elif kind == "step":
                call("POST", f"/v1/duels/{duel}/actions", body)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", default="sqlite", help="sqlite, or a Redis URL")
    ap.add_argument("--steps", type=int, default=290)
    ap.add_argument("--rounds", type=int, default=3, help="duels followed (the first warms up)")
    ap.add_argument("--only", choices=["none", "healthz", "step"],
                    help="only this kind of request after a warm-up (for cachegrind)")
    ap.add_argument("--fast", type=int, choices=[0, 1], default=1,
                    help="with --only: the step's fast path on (1) or off (0)")
    args = ap.parse_args()
    if args.only:
        only(args.store, bool(args.fast), args.only, args.steps)
        return 0
    for fast in (True, False):
        m = measure(args.store, fast, args.steps, args.rounds)
        print(f"{args.store}, fast path {'on ' if fast else 'off'}: GET /healthz "
              f"{m['healthz'] * 1e6:5.0f} us, step {m['step'] * 1e6:5.0f} us of CPU "
              f"({m['step'] / m['healthz']:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``make bench-api``: requests/s and latency of POST /v1/validate under gunicorn, side by side
with GET /healthz and with the stack's floor (an endpoint of the same app that only parses the
same JSON body), in alternating rounds of one run; then a held duel followed one action a
request, on the SQLite store and on Redis (:mod:`bench.held`).

Starts gunicorn as ``make serve`` does (sync workers, one per core) on a free loopback port
and drives it with wrk for a bounded time. Targets (issue 10), for the 145-action duel:
>= 400 requests/s, p99 <= 30 ms, and at least a fifth of /healthz's rate in the same run.
Targets of the held duels (issue 28): in :mod:`bench.held`. Redis is Debian's
``redis-server``, started on a free port for the run; ``--held-only`` skips wrk.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, Response, request

# Appended, not first (as bench_validate.py does): ``api`` and ``validator`` come from
# PYTHONPATH, the compiled build make bench-api names; ``bench`` from the source tree.
sys.path.append(str(Path(__file__).resolve().parent.parent))

from api import create_app
from bench import held
from validator.synth import legal_duel

ROOT = Path(__file__).resolve().parent.parent
TARGET_RPS, TARGET_P99_MS, TARGET_SHARE_OF_HEALTHZ = 400, 30.0, 0.2


def create_bench_app() -> Flask:
    """The service's app plus ``POST /bench/parse``, which only parses the body."""
    app = create_app()

    @app.post("/bench/parse")
    def parse_only() -> Response:
        json.loads(request.get_data())
        return Response('{"ok": true}', mimetype="application/json")

    @app.get("/bench/build")
    def build() -> Response:
        return Response(json.dumps(which_build()), mimetype="application/json")

    return app


def which_build() -> dict[str, str | bool]:
    """Where this process's ``api`` comes from, and whether its judge is compiled.

    >>> sorted(which_build())
    ['api', 'compiled']
    """
    import api
    from validator.engine import fastpath

    return {"api": str(Path(api.__file__ or "").parent),
            "compiled": not str(fastpath.__file__).endswith(".py")}


def duel_of_about(actions: int) -> dict[str, object]:
    """The legal synthetic duel whose length is nearest ``actions``."""
    return min((legal_duel(turns) for turns in range(1, 40)),
               key=lambda doc: abs(len(doc["actions"]) - actions))


def wrk(url: str, body_file: str | None, seconds: int, connections: int) -> dict[str, float]:
    """Run wrk (a POST of the body, or a GET without one); requests/s and latency
    percentiles in ms."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        if body_file is not None:
            script.write('wrk.method = "POST"\n'
                         'wrk.headers["Content-Type"] = "application/json"\n'
                         f'local f = io.open("{body_file}", "rb")\nwrk.body = f:read("*a")\n'
                         'f:close()\n')
    out = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency",
                          "-s", script.name, url], capture_output=True, text=True, check=True,
                         timeout=seconds + 30).stdout
    os.unlink(script.name)
    if "Non-2xx" in out:
        raise SystemExit(f"wrk saw errors:\n{out}")

    def ms(label: str) -> float:
        match = re.search(rf"^\s*{label}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        assert match, out
        value, unit = float(match[1]), match[2]
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out)[1])  # type: ignore[index]
    return {"rps": rps, "p50": ms("50"), "p99": ms("99")}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def gunicorn(env: dict[str, str]) -> Iterator[int]:
    """The bench app under gunicorn (``make serve``'s settings and ``env``); its port.

    gunicorn puts its working folder first on the workers' path: started in the source tree,
    its workers imported ``api`` and ``validator`` from the source, not from the build on
    PYTHONPATH (``make bench-api`` measured pure Python so until 2026-12-05). It starts in a
    folder of its own, the source tree after PYTHONPATH (for ``bench``), and each entry of
    PYTHONPATH made absolute first: make passes ``build/compiled``, which from that folder
    named nothing, so the workers ran the source again (until the fourth session of
    2026-12-05)."""
    port = free_port()
    given = [os.path.abspath(entry) for entry in
             os.environ.get("PYTHONPATH", "").split(os.pathsep) if entry]
    path = os.pathsep.join([*given, str(ROOT)])
    environ = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), **env,
               "PYTHONPATH": path}
    server = Path(sys.executable).with_name("gunicorn")
    with tempfile.TemporaryDirectory() as cwd:
        proc = subprocess.Popen([str(server), "-c", "python:api.gunicorn_conf",
                                 "bench.bench_api:create_bench_app()"], cwd=cwd, env=environ,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz",
                                           timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            yield port
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def served_build(port: int) -> str:
    """What the server's workers run, said in a line."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/bench/build", timeout=10) as answer:
        build = json.loads(answer.read())
    return (f"workers run {build['api']} "
            f"({'compiled' if build['compiled'] else 'pure Python'})")


@contextmanager
def redis_server(folder: str) -> Iterator[str]:
    """Debian's redis-server on a free port, saving nothing; its URL."""
    port = free_port()
    proc = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1",
                             "--dir", folder, "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def bench_held() -> bool:
    """The held duels on each store (:mod:`bench.held`); whether every target was met."""
    met = True
    with tempfile.TemporaryDirectory() as folder:
        with gunicorn({"DUELCHECK_DATA_DIR": folder}) as port:
            print(served_build(port))
            met &= held.report("SQLite", held.measure(port))
        with redis_server(folder) as url, gunicorn({"DUELCHECK_STORE": url}) as port:
            met &= held.report("Redis", held.measure(port))
    return met


def main() -> int:
    """Start gunicorn, measure both endpoints side by side, print the table; then the held
    duels."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--connections", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds; medians kept")
    ap.add_argument("--held-only", action="store_true", help="only the held duels (no wrk)")
    args = ap.parse_args()
    if args.held_only:
        return 0 if bench_held() else 1
    doc = duel_of_about(145)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as body:
        json.dump(doc, body)
    endpoints = {"validate": ("/v1/validate", body.name), "healthz": ("/healthz", None),
                 "floor": ("/bench/parse", body.name)}
    results: dict[str, list[dict[str, float]]] = {name: [] for name in endpoints}
    try:
        with tempfile.TemporaryDirectory() as folder, \
                gunicorn({"DUELCHECK_DATA_DIR": folder}) as port:
            base = f"http://127.0.0.1:{port}"
            print(served_build(port))
            wrk(base + "/v1/validate", body.name, 2, args.connections)  # warm-up
            for _ in range(args.rounds):
                for name, (path, body_file) in endpoints.items():
                    results[name].append(wrk(base + path, body_file, args.seconds,
                                             args.connections))
    finally:
        os.unlink(body.name)

    def median(name: str, key: str) -> float:
        values = sorted(r[key] for r in results[name])
        return values[len(values) // 2]

    print(f"duelcheck API benchmark: POST of a {len(doc['actions'])}-action duel "  # type: ignore[arg-type]
          f"({len(json.dumps(doc))} bytes), gunicorn "
          f"{os.cpu_count()} sync workers, wrk {args.connections} connections, "
          f"{args.rounds} alternating rounds of {args.seconds}s (medians)")
    print(f"{'endpoint':<18} {'requests/s':>9} {'p50 ms':>8} {'p99 ms':>8} "
          f"{'rate / healthz':>15}")
    healthz = median("healthz", "rps")
    for name, label in (("validate", "POST /v1/validate"), ("floor", "POST /bench/parse"),
                        ("healthz", "GET /healthz")):
        print(f"{label:<18} {median(name, 'rps'):>9.0f} {median(name, 'p50'):>8.2f} "
              f"{median(name, 'p99'):>8.2f} {median(name, 'rps') / healthz:>15.2f}")
    rps, p99 = median("validate", "rps"), median("validate", "p99")
    targets = [(f">= {TARGET_RPS} requests/s", rps >= TARGET_RPS),
               (f"p99 <= {TARGET_P99_MS:.0f} ms", p99 <= TARGET_P99_MS),
               (f">= {TARGET_SHARE_OF_HEALTHZ:.0%} of /healthz's rate",
                rps >= TARGET_SHARE_OF_HEALTHZ * healthz)]
    for text, met in targets:
        print(f"target: POST /v1/validate {text}: {'met' if met else 'MISSED'}")
    print()
    held_met = bench_held()
    return 0 if all(met for _, met in targets) and held_met else 1


if __name__ == "__main__":
    sys.exit(main())

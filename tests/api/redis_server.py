"""A real Redis for the tests of held duels: Debian's ``redis-server`` (``.ci/run`` installs
it), on a free loopback port, with a folder of its own and nothing saved to disk, stopped when
the test is done."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis

from tests.api.server import free_port

REDIS_SERVER = Path("/usr/bin/redis-server")


@contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    """A running ``redis-server``; its URL."""
    if not REDIS_SERVER.exists():
        pytest.fail("these tests need Debian's redis-server (apt-get install redis-server; "
                    ".ci/run installs it)")
    port = free_port()
    folder.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([str(REDIS_SERVER), "--port", str(port), "--bind", "127.0.0.1",
                             "--dir", str(folder), "--save", "", "--appendonly", "no",
                             "--protected-mode", "yes"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    out = proc.stdout.read().decode() if proc.stdout else ""
                    pytest.fail(f"redis-server did not start:\n{out}")
                time.sleep(0.05)
        yield url
    finally:
        client.close()
        proc.terminate()
        proc.communicate(timeout=30)

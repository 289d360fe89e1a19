"""Concurrent requests of different duels on the shared machine: every verdict is its own."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from flask import Flask

from tests.helpers import duels
from validator import validate


def test_threads_sharing_the_app_each_get_their_own_verdict(app: Flask) -> None:
    docs = duels()
    expected = [validate(d).to_dict() for d in docs]
    assert len({str(e["violation"]) for e in expected}) > 10  # really different verdicts

    def post(i: int) -> tuple[int, dict[str, Any]]:
        with app.test_client() as client:
            return i, client.post("/v1/validate", json=docs[i]).get_json()

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(post, [i % len(docs) for i in range(400)]))
    for i, verdict in results:
        assert verdict == expected[i]

"""The step's fast path (api/duels/fastpath.py) answers exactly what the Flask view answers:
the same requests (legal, illegal, conflicting, malformed, unknown ids, odd headers, a store
down) sent to an app with it and to one without, each its own store in the same state, give
the same status, headers and body; the plain steps never reach the view, and everything else
does."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from api import create_app
from api.duels import fastpath, views
from tests.helpers import act
from validator.synth import legal_duel

DOC = legal_duel(3)
LIMITS = {"DUELCHECK_MAX_DUEL_ACTIONS": 40, "DUELCHECK_MAX_ACTIONS": 30,
          "MAX_CONTENT_LENGTH": 8_000}
UNKNOWN = "A" * 22


def make(folder: Path, fast: bool, **config: Any) -> Flask:
    return create_app({"TESTING": True, "DUELCHECK_DATA_DIR": str(folder),
                       "DUELCHECK_STEP_FASTPATH": fast, **LIMITS, **config})


@contextmanager
def views_called() -> Iterator[list[str]]:
    """The steps that reached the Flask view (their duel ids)."""
    called: list[str] = []
    post = views.ActionsView.post

    def counted(self: Any, duel_id: str) -> Any:
        called.append(duel_id)
        return post(self, duel_id)

    views.ActionsView.post = counted  # type: ignore[method-assign]
    try:
        yield called
    finally:
        views.ActionsView.post = post  # type: ignore[method-assign]


def seen(answer: TestResponse, duel_id: str = UNKNOWN) -> tuple[int, list[tuple[str, str]],
                                                                 bytes]:
    """The answer, with the duel's id (which differs from one app to the other) as {id}."""
    return (answer.status_code,
            [(name, value.replace(duel_id, "{id}")) for name, value
             in answer.headers.to_wsgi_list()],
            answer.get_data().replace(duel_id.encode(), b"{id}"))


def body(value: Any) -> dict[str, Any]:
    return {"data": json.dumps(value), "content_type": "application/json"}


#: Requests on a duel (``{id}`` is its id in each app), in order: each may change the duel,
#: as the same request does in the other app. ``plain`` marks those the fast path serves.
STEPS: list[tuple[str, str, dict[str, Any], bool]] = [
    ("POST", "{id}", body({"actions": DOC["actions"][3:5], "expect": 3}), True),
    ("POST", "{id}", body({"actions": [DOC["actions"][5]]}), True),
    ("POST", "{id}", body({"actions": DOC["actions"][6:8], "expect": 4}), False),  # 409
    ("POST", "{id}", body({"actions": [act("draw", player="p2")], "expect": 6}), True),
    ("POST", "{id}", body({"actions": [act("draw", card="nope")], "expect": 6}), False),
    ("POST", "{id}", body({"actions": [{"type": "dance"}]}), False),
    ("POST", "{id}", body({"actions": [], "expect": 6}), True),
    ("POST", "{id}", body({"actions": [], "expect": True}), False),
    ("POST", "{id}", body({"actions": [], "expect": -1}), False),
    ("POST", "{id}", body({"actions": [], "expect": 6.0}), False),
    ("POST", "{id}", body({"actions": "draw"}), False),
    ("POST", "{id}", body({"actions": [], "more": 1}), False),
    ("POST", "{id}", body({"expect": 6}), False),
    ("POST", "{id}", body([]), False),
    ("POST", "{id}", body([{"actions": []}]), False),
    ("POST", "{id}", body({"actions": [act("draw")] * 31}), False),  # DUELCHECK_MAX_ACTIONS
    ("POST", "{id}", body({"actions": [act("gain_lp", amount=1)] * 30, "expect": 6}), True),
    ("POST", "{id}", body({"actions": [act("gain_lp", amount=1)] * 10}), False),  # 40 kept
    ("POST", "{id}", {"data": '{"actions": [], "actions": []}',
                      "content_type": "application/json"}, False),
    ("POST", "{id}", {"data": '{"actions": [', "content_type": "application/json"}, False),
    ("POST", "{id}", {"data": "\ufeff" + '{"actions": []}', "content_type": "application/json"},
     True),
    ("POST", "{id}", {"data": b'{"actions": [\xff]}', "content_type": "application/json"},
     False),
    ("POST", "{id}", {"data": '{"actions": []}', "content_type": "text/plain"}, False),
    ("POST", "{id}", {"data": '{"actions": []}'}, False),
    ("POST", "{id}", {"data": '{"actions": []}', "content_type": "application/json; charset=utf-8"},
     False),
    ("POST", "{id}", {"data": '{"actions": []}', "content_type": "Application/JSON"}, False),
    ("POST", "{id}", {"data": json.dumps({"actions": [act("draw")] * 20}) + " " * 8_000,
                      "content_type": "application/json"}, False),  # 413
    ("POST", "{id}", {"data": '{"actions": []}', "content_type": "application/json",
                      "environ_overrides": {"CONTENT_LENGTH": "40"}}, False),  # cut short
    ("POST", "{id}", {"data": '{"actions": []}', "content_type": "application/json",
                      "environ_overrides": {"CONTENT_LENGTH": "+15"}}, False),
    ("POST", "{id}", {"data": '{"actions": []}', "content_type": "application/json",
                      "headers": {"Transfer-Encoding": "chunked"}}, False),
    ("POST", "{id}", {"data": gzip.compress(b'{"actions": []}'),
                      "content_type": "application/json",
                      "headers": {"Content-Encoding": "gzip"}}, False),  # 415
    ("POST", "{id}", {**body({"actions": []}), "headers": {"Content-Encoding": "br"}},
     False),  # 415, though the bytes happen to be JSON
    ("POST", "{id}", {**body({"actions": []}), "headers": {"Content-Encoding": "identity"}},
     False),
    ("POST", "{id}", {**body({"actions": [], "expect": 36}), "headers": {
        "Origin": "https://evil.example", "Cookie": "session=x", "Accept": "text/html",
        "X-Forwarded-For": "10.0.0.1", "X-Request-Id": "abc", "If-None-Match": "*",
        "Accept-Encoding": "gzip"}}, True),
    ("POST", "{id}", {**body({"actions": []}), "query_string": "document=1&x=%00"}, True),
    ("HEAD", "{id}", body({"actions": []}), False),
    ("OPTIONS", "{id}", {}, False),
    ("GET", "{id}", {}, False),
    ("PUT", "{id}", body({"actions": []}), False),
    ("POST", UNKNOWN, body({"actions": [act("draw")], "expect": 0}), False),
    ("POST", "A" * 21 + "*", body({"actions": []}), False),
    ("POST", "A" * 23, body({"actions": []}), False),
    ("POST", "{id}/", body({"actions": []}), False),
    ("DELETE", "{id}", {}, False),
    ("POST", "{id}", body({"actions": [act("draw")], "expect": 36}), False),  # deleted: 404
]


def run(app: Flask) -> tuple[list[Any], list[bool]]:
    """The answers to :data:`STEPS`, and whether each reached the view."""
    client = app.test_client()
    answer = client.post("/v1/duels", json={**DOC, "actions": DOC["actions"][:3]})
    assert answer.status_code == 201
    duel_id = answer.get_json()["id"]
    out, reached = [], []
    with views_called() as called:
        for method, where, options, _ in STEPS:
            path = f"/v1/duels/{where.format(id=duel_id)}"
            path += "/actions" if method != "DELETE" else ""
            before = len(called)
            out.append(seen(client.open(path, method=method, **options), duel_id))
            reached.append(len(called) > before)
    return out, reached


def test_the_fast_path_answers_exactly_what_the_view_answers(tmp_path: Path) -> None:
    fast, reached = run(make(tmp_path / "fast", True))
    slow, _ = run(make(tmp_path / "slow", False))
    for (method, where, options, _), one, other in zip(STEPS, fast, slow, strict=True):
        assert one == other, (method, where, options)
    assert [status for status, _, _ in fast].count(200) >= 7
    # every request but a plain step reaches the view (those Flask routes to it)
    assert reached == [method == "POST" and where != "{id}/" and not plain
                       for method, where, _, plain in STEPS]


def test_a_step_answered_by_the_fast_path_has_every_header_flask_sends(
        tmp_path: Path) -> None:
    app = make(tmp_path, True)
    client = app.test_client()
    duel_id = client.post("/v1/duels", json={"cards": {}}).get_json()["id"]
    with views_called() as called:
        answer = client.post(f"/v1/duels/{duel_id}/actions", json={"actions": [act("draw")]})
    assert called == [] and answer.status_code == 200
    assert [name for name, _ in answer.headers.to_wsgi_list()] == [
        "Content-Type", "Content-Length", "Duel-Actions", "X-Content-Type-Options",
        "X-Frame-Options", "Referrer-Policy", "Content-Security-Policy"]


def test_a_store_down_is_answered_by_flask_the_same_way(tmp_path: Path) -> None:
    down = {"DUELCHECK_STORE": "redis://127.0.0.1:1/0"}
    answers = []
    for fast in (True, False):
        client = make(tmp_path, fast, **down).test_client()
        with views_called() as called:
            answers.append(seen(client.post(f"/v1/duels/{UNKNOWN}/actions",
                                            json={"actions": [act("draw")]})))
        assert called == [UNKNOWN]
    assert answers[0] == answers[1] and answers[0][0] == 503


def test_the_fast_path_stays_off_for_a_hook_it_does_not_know(tmp_path: Path) -> None:
    """A before_request hook (auth, a rate limit) added to the app would be skipped: the fast
    path sees it at the first step and sends every step to Flask."""
    app = make(tmp_path, True)
    hits: list[str] = []

    @app.before_request
    def hook() -> None:
        hits.append("hook")

    client = app.test_client()
    duel_id = client.post("/v1/duels", json={"cards": {}}).get_json()["id"]
    hits.clear()
    with views_called() as called:
        assert client.post(f"/v1/duels/{duel_id}/actions",
                           json={"actions": [act("draw")]}).status_code == 200
    assert called == [duel_id] and hits == ["hook"]
    assert fastpath.why_not(app) == "the app has before_request hooks"


def test_a_hook_cannot_be_added_once_the_fast_path_served_a_step(tmp_path: Path) -> None:
    """Flask refuses setup after its first request; a step served in front of it counts."""
    app = make(tmp_path, True)
    client = app.test_client()
    duel_id = client.post("/v1/duels", json={"cards": {}}).get_json()["id"]
    app._got_first_request = False  # as if only the fast path had served requests
    with views_called() as called:
        client.post(f"/v1/duels/{duel_id}/actions", json={"actions": [act("draw")]})
    assert called == []
    with pytest.raises(AssertionError, match="already handled its first request"):
        app.before_request(lambda: None)


@pytest.mark.parametrize("fast", [True, False])
def test_the_switch_installs_the_fast_path_or_not(tmp_path: Path, fast: bool) -> None:
    assert isinstance(make(tmp_path, fast).wsgi_app, fastpath.StepFastPath) is fast

"""Duels held by the service (contract §9) through the test client, on the SQLite store in a
folder of the test's own: the four endpoints, what is kept, expect, limits, expiry, records,
and the property that a held duel's verdicts are those of judging the whole document."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final
from unittest.mock import patch

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.duels import judge
from api.duels.record import Record, is_id
from api.duels.sqlite import CHECKPOINT_PAGES, SqliteStore
from api.duels.stepping import held_duels
from api.duels.store import Current
from tests.api.held_play import (
    STARTS,
    create,
    make_app,
    play_and_compare,
    retry_after,
    stale_after,
    step,
)
from tests.helpers import act
from validator import validate
from validator.engine.duel import replay
from validator.rules.catalog import golden_cases
from validator.synth import legal_duel

ID = re.compile(r"[A-Za-z0-9_-]{22}")


@pytest.fixture
def duels(tmp_path: Path) -> FlaskClient:
    return make_app(tmp_path).test_client()


DOC = legal_duel(3)


def test_a_duel_is_created_with_its_verdict_and_kept_actions(duels: FlaskClient) -> None:
    duel_id, body = create(duels, DOC)
    assert ID.fullmatch(duel_id) and list(body) == ["id", "actions", "verdict"]
    assert body["actions"] == len(DOC["actions"])
    assert body["verdict"] == validate(DOC).to_dict()
    held = duels.get(f"/v1/duels/{duel_id}").get_json()
    assert list(held) == ["id", "actions", "state", "outcome", "created", "updated", "expires"]
    assert held["state"] == validate(DOC).state and held["outcome"] is None
    assert held["created"] == held["updated"] and held["created"].endswith("Z")


def test_steps_keep_legal_actions_and_answer_the_verdict_itself(duels: FlaskClient) -> None:
    start = {**DOC, "actions": DOC["actions"][:5]}
    duel_id, _ = create(duels, start)
    rest = DOC["actions"][5:]
    answer = step(duels, duel_id, rest[:3], expect=5)
    whole = validate({**DOC, "actions": DOC["actions"][:8]}).to_dict()
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    assert answer.get_json() == {**whole, "actions_checked": 3}
    assert answer.headers["Duel-Actions"] == "8"
    assert duels.get(f"/v1/duels/{duel_id}").get_json()["actions"] == 8


def test_an_illegal_action_is_answered_and_not_kept(duels: FlaskClient) -> None:
    duel_id, _ = create(duels, {"cards": {}, "actions": [act("draw")]})
    answer = step(duels, duel_id, [act("phase", to="standby"), act("phase", to="battle"),
                                   act("phase", to="main1")]).get_json()
    assert not answer["legal"] and answer["violation"]["index"] == 1
    assert answer["violation"]["rule"] == "turn.phase-order" and answer["actions_checked"] == 2
    held = duels.get(f"/v1/duels/{duel_id}").get_json()
    assert held["actions"] == 2 and held["state"]["phase"] == "standby"
    assert step(duels, duel_id, [act("phase", to="main1")], expect=2).get_json()["legal"]


def test_a_document_with_an_illegal_action_keeps_its_legal_ones(duels: FlaskClient) -> None:
    doc = {"cards": {}, "actions": [act("draw"), act("draw"), act("phase", to="standby")]}
    duel_id, body = create(duels, doc)
    assert body["actions"] == 1 and body["verdict"] == validate(doc).to_dict()
    document = duels.get(f"/v1/duels/{duel_id}?document=1").get_json()
    assert document["actions"] == [act("draw")]


def test_a_refused_action_leaves_an_open_chain_open(duels: FlaskClient) -> None:
    """An open chain resolves before an action that does not respond to it: the verdict of an
    illegal action reports that (as validate does), but the duel stays at its last legal state,
    where a response may still come."""
    case = next(c for c in golden_cases()["chain.spell-speed"] if c["expect"]["legal"])
    doc = case["document"]
    opened = next(i for i in range(len(doc["actions"]), -1, -1)
                  if replay({**doc, "actions": doc["actions"][:i]}).state.chain)
    start = {**doc, "actions": doc["actions"][:opened]}
    duel_id, _ = create(duels, start)
    illegal = act("phase", player="p2", to="end")
    answer = step(duels, duel_id, [illegal]).get_json()
    assert answer == {**validate({**start, "actions": [*start["actions"], illegal]}).to_dict(),
                      "violation": {**answer["violation"], "index": 0}, "actions_checked": 1}
    held = duels.get(f"/v1/duels/{duel_id}").get_json()
    assert held["state"] == validate(start).state and held["state"]["chain"]


def test_expect_other_than_the_count_is_409_and_keeps_nothing(duels: FlaskClient) -> None:
    duel_id, _ = create(duels, {"cards": {}})
    answer = step(duels, duel_id, [act("draw")], expect=3)
    body = answer.get_json()
    assert answer.status_code == 409 and answer.mimetype == "application/problem+json"
    assert body["type"] == "urn:duelcheck:problem:duel-conflict" and body["actions"] == 0
    assert body["detail"].startswith("The duel holds 0 actions, not 3: fewer were kept than "
                                     "the client counted (an illegal action and those after "
                                     "it are not kept). Nothing was kept;")
    assert duels.get(f"/v1/duels/{duel_id}").get_json()["actions"] == 0
    assert step(duels, duel_id, [act("draw")], expect=0).status_code == 200
    behind = step(duels, duel_id, [act("draw")], expect=0).get_json()
    assert behind["actions"] == 1 and behind["detail"].startswith(
        "The duel holds 1 action, not 0: another client's step was kept first.")


def test_a_malformed_action_is_422_keyed_within_the_step(duels: FlaskClient) -> None:
    duel_id, _ = create(duels, {"cards": {}})
    answer = step(duels, duel_id, [act("draw"), {"type": "draw", "player": "p1", "card": "x"},
                                   {"type": "dance", "player": "p1"}])
    body = answer.get_json()
    assert answer.status_code == 422
    assert body["errors"]["actions"]["1"] == {"card": ["Unknown card id 'x'."]}
    assert "type" in body["errors"]["actions"]["2"]
    for bad in ({"actions": "draw"}, {"actions": [], "expect": -1}, {"actions": [], "x": 1},
                {"expect": 0}, {"actions": [], "expect": True}):
        assert duels.post(f"/v1/duels/{duel_id}/actions", json=bad).status_code == 422, bad
    assert duels.get(f"/v1/duels/{duel_id}").get_json()["actions"] == 0


COUNT = ("Not a count of actions (an integer, 0 or more); leave expect out to send without "
         "one.")


@pytest.mark.parametrize(("body", "errors"), [
    ({"actions": "draw"}, {"actions": ["Not a valid list."]}),
    ({"actions": [], "expect": -1},
     {"expect": [COUNT]}),
    ({"actions": [], "expect": True},
     {"expect": [COUNT]}),
    ({"actions": [], "expect": 1.0},
     {"expect": [COUNT]}),
    ({"actions": [], "x": 1}, {"x": ["Unknown field."]}),
    ({"expect": 0}, {"actions": ["Missing data for required field."]}),
    ({"actions": None, "expect": "0", "y": 2}, {
        "y": ["Unknown field."], "actions": ["Field may not be null."], "expect": [COUNT]}),
    ({"actions": [], "expect": None}, {"expect": [COUNT]}),
    ([], {"_schema": ["A step is a JSON object: its actions (a list) and, if the client "
                      "counts them, expect."]}),
])
def test_a_malformed_step_body_is_422_naming_each_field(duels: FlaskClient, body: Any,
                                                         errors: dict[str, Any]) -> None:
    """A plain step is read by a fast path; anything else gets these errors, each field
    named, as before the fast path."""
    duel_id, _ = create(duels, {"cards": {}})
    answer = duels.post(f"/v1/duels/{duel_id}/actions", json=body)
    assert answer.status_code == 422 and answer.get_json()["errors"] == errors
    assert answer.get_json()["title"] == "Malformed step"


def test_a_step_body_is_json_by_its_media_type_whatever_its_parameters(
        duels: FlaskClient) -> None:
    duel_id, _ = create(duels, {"cards": {}})
    body = json.dumps({"actions": [act("draw")]})
    for content_type, status in (("application/json; charset=utf-8", 200),
                                 ("application/vnd.x+json", 200), ("text/plain", 415)):
        answer = duels.post(f"/v1/duels/{duel_id}/actions", data=body,
                            content_type=content_type)
        assert answer.status_code == status, (content_type, answer.get_json())
        if status == 200:
            body = json.dumps({"actions": [act("phase", to="standby")], "expect": 1})


def test_the_document_of_a_duel_judges_to_its_state(duels: FlaskClient) -> None:
    doc = {**DOC, "source": {"note": "kept"}, "actions": DOC["actions"][:4]}
    duel_id, _ = create(duels, doc)
    step(duels, duel_id, DOC["actions"][4:9])
    document = duels.get(f"/v1/duels/{duel_id}?document=true").get_json()
    assert document == {"ruleset": "classic", **{**DOC, "source": {"note": "kept"}},
                        "actions": DOC["actions"][:9]}
    assert validate(document).state == duels.get(f"/v1/duels/{duel_id}").get_json()["state"]


def test_a_duel_from_a_position_keeps_its_position(duels: FlaskClient) -> None:
    middle = validate({**DOC, "actions": DOC["actions"][:6]}).state
    doc = {"cards": DOC["cards"], "position": middle, "actions": DOC["actions"][6:8]}
    duel_id, body = create(duels, doc)
    assert body["verdict"] == validate(doc).to_dict()
    document = duels.get(f"/v1/duels/{duel_id}?document=1").get_json()
    assert document["position"] == middle and "setup" not in document


def test_delete_forgets_the_duel(duels: FlaskClient) -> None:
    duel_id, _ = create(duels, {"cards": {}})
    assert duels.delete(f"/v1/duels/{duel_id}").status_code == 204
    for answer in (duels.get(f"/v1/duels/{duel_id}"), duels.delete(f"/v1/duels/{duel_id}"),
                   step(duels, duel_id, [act("draw")])):
        assert answer.status_code == 404
        assert answer.get_json()["type"] == "urn:duelcheck:problem:unknown-duel"


BAD_IDS = ["x", "A" * 21, "A" * 23, "A" * 21 + "*", "A" * 21 + "%", "..%2F..%2Fetc",
           "A" * 20 + "%20", "%00" + "A" * 21, "A" * 21 + "\u00e9", "' OR 1=1 --",
           "duelcheck:duels", "*", "A" * 5000]


@pytest.mark.parametrize("bad", BAD_IDS)
def test_an_id_of_another_shape_is_404_before_any_store(duels: FlaskClient, bad: str) -> None:
    for answer in (duels.get(f"/v1/duels/{bad}"), duels.delete(f"/v1/duels/{bad}"),
                   step(duels, bad, [])):
        assert answer.status_code == 404, (bad, answer.status_code)


def test_ids_are_random_not_sequential(duels: FlaskClient) -> None:
    ids = [create(duels, {"cards": {}})[0] for _ in range(30)]
    assert len(set(ids)) == 30 and all(is_id(i) for i in ids)
    assert ids != sorted(ids)
    # no id is near another: 128 random bits differ in about half their bits
    assert len({i[:4] for i in ids}) > 25
    unknown = "A" * 22
    assert duels.get(f"/v1/duels/{unknown}").status_code == 404


def test_too_many_duels_has_its_own_problem(tmp_path: Path) -> None:
    client = make_app(tmp_path, DUELCHECK_MAX_DUELS=2).test_client()
    first, _ = create(client, {"cards": {}})
    create(client, {"cards": {}})
    answer = client.post("/v1/duels", json={"cards": {}})
    assert answer.status_code == 503
    assert answer.get_json()["type"] == "urn:duelcheck:problem:too-many-duels"
    client.delete(f"/v1/duels/{first}")
    create(client, {"cards": {}})


def test_too_many_duels_says_when_the_soonest_expires(tmp_path: Path) -> None:
    client = make_app(tmp_path, DUELCHECK_MAX_DUELS=2,
                      DUELCHECK_DUEL_IDLE_SECONDS=1000).test_client()
    first, _ = create(client, {"cards": {}})
    second, _ = create(client, {"cards": {}})
    now = time.time()
    for duel_id, left in ((first, 400.5), (second, 700.25)):  # as if idle for a while
        _edit(tmp_path / "duels.sqlite3", "UPDATE duels SET expires = ? WHERE id = ?",
              now + left, duel_id)
    before = time.time()
    full = client.post("/v1/duels", json={"cards": {}})
    assert retry_after(full, now + 400.5, before, time.time()) in (400, 401)
    assert step(client, first, [act("draw")]).status_code == 200  # renewed: now the other
    before = time.time()
    full = client.post("/v1/duels", json={"cards": {}})
    assert retry_after(full, now + 700.25, before, time.time()) in (700, 701)
    assert client.delete(f"/v1/duels/{second}").status_code == 204
    create(client, {"cards": {}})


def test_too_many_actions_in_one_duel_has_its_own_problem(tmp_path: Path) -> None:
    client = make_app(tmp_path, DUELCHECK_MAX_DUEL_ACTIONS=5).test_client()
    duel_id, _ = create(client, {**DOC, "actions": DOC["actions"][:4]})
    answer = step(client, duel_id, DOC["actions"][4:6])
    assert answer.status_code == 422
    assert answer.get_json()["type"] == "urn:duelcheck:problem:too-many-duel-actions"
    assert answer.get_json()["errors"] == {"actions": ["At most 1 action more."]}
    assert step(client, duel_id, DOC["actions"][4:5]).status_code == 200
    too_long = client.post("/v1/duels", json={**DOC, "actions": DOC["actions"][:6]}).get_json()
    assert too_long["type"] == "urn:duelcheck:problem:too-many-duel-actions"
    assert too_long["detail"] == ("A held duel keeps at most 5 actions; this document has 6. "
                                  "Hold its first 5 and start another duel from where they "
                                  "leave it (the verdict's state, as a position).")


def test_an_idle_duel_expires_and_is_swept(tmp_path: Path) -> None:
    client = make_app(tmp_path, DUELCHECK_DUEL_IDLE_SECONDS=1).test_client()
    idle, _ = create(client, {"cards": {}})
    busy, _ = create(client, {"cards": {}})
    time.sleep(0.6)
    assert step(client, busy, [act("draw")]).status_code == 200  # kept: its clock restarts
    time.sleep(0.6)
    assert client.get(f"/v1/duels/{idle}").status_code == 404
    assert client.get(f"/v1/duels/{busy}").status_code == 200
    store = held_duels(client.application).store()
    assert store.sweep() == 1  # type: ignore[attr-defined]
    with sqlite3.connect(tmp_path / "duels.sqlite3") as db:
        assert db.execute("SELECT id FROM duels").fetchall() == [(busy,)]


def test_the_sqlite_file_is_in_the_data_dir_in_wal_mode(tmp_path: Path) -> None:
    client = make_app(tmp_path / "made" / "here").test_client()
    create(client, {"cards": {}})
    path = tmp_path / "made" / "here" / "duels.sqlite3"
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert db.execute("PRAGMA user_version").fetchone() == (2,)
    # the commit that fills the log syncs the file: one step in about 900, not 145 (the p99)
    store = held_duels(client.application).store()
    assert store._connection().execute(  # type: ignore[attr-defined]
        "PRAGMA wal_autocheckpoint").fetchone() == (CHECKPOINT_PAGES,) == (4_000,)


#: A file as the first service that held duels left it (layout 1): a duel's cards and start in
#: its row.
LAYOUT_1: Final = (
    "CREATE TABLE duels (id TEXT PRIMARY KEY, format INTEGER NOT NULL, rev INTEGER NOT NULL, "
    "actions INTEGER NOT NULL, ruleset TEXT NOT NULL, cards TEXT NOT NULL, start TEXT NOT NULL, "
    "state TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL, expires REAL NOT NULL) "
    "WITHOUT ROWID",
    "CREATE INDEX duels_expires ON duels (expires)",
    "CREATE TABLE actions (duel TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, "
    "PRIMARY KEY (duel, n)) WITHOUT ROWID",
    "PRAGMA user_version = 1")


def test_a_file_of_the_first_layout_is_moved_to_this_one_and_its_duels_go_on(
        tmp_path: Path) -> None:
    doc = {**DOC, "actions": DOC["actions"][:4]}
    state = validate(doc).state
    now = time.time()
    with sqlite3.connect(tmp_path / "duels.sqlite3") as db:
        for statement in LAYOUT_1:
            db.execute(statement)
        db.execute("INSERT INTO duels VALUES (?, 1, 3, 4, 'classic', ?, ?, ?, ?, ?, ?)",
                   ("L" * 22, json.dumps(DOC["cards"]), json.dumps({"setup": DOC["setup"]}),
                    json.dumps(state), now, now, now + 3600))
        db.executemany("INSERT INTO actions VALUES (?, ?, ?)",
                       [("L" * 22, n, json.dumps(a)) for n, a in enumerate(doc["actions"])])
    client = make_app(tmp_path).test_client()
    answer = step(client, "L" * 22, DOC["actions"][4:6], expect=4)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["state"] == validate({**DOC, "actions": DOC["actions"][:6]}).state
    whole = client.get(f"/v1/duels/{'L' * 22}?document=1").get_json()
    assert whole["cards"] == DOC["cards"] and whole["actions"] == DOC["actions"][:6]
    with sqlite3.connect(tmp_path / "duels.sqlite3") as db:
        assert db.execute("PRAGMA user_version").fetchone() == (2,)
        columns = [row[1] for row in db.execute("PRAGMA table_info(duels)")]
        assert "cards" not in columns and "start" not in columns


def _edit(path: Path, sql: str, *args: Any) -> None:
    with sqlite3.connect(path) as db:
        db.execute(sql, args)


def test_a_record_of_a_newer_format_is_refused_clearly(tmp_path: Path) -> None:
    client = make_app(tmp_path).test_client()
    duel_id, _ = create(client, {"cards": {}})
    _edit(tmp_path / "duels.sqlite3", "UPDATE duels SET format = 2")
    for answer in (client.get(f"/v1/duels/{duel_id}"), step(client, duel_id, [act("draw")])):
        body = answer.get_json()
        assert answer.status_code == 503, body
        assert body["type"] == "urn:duelcheck:problem:duel-record-format"
        assert "record format 2" in body["detail"]


def test_a_record_whose_state_an_older_service_wrote_is_read(tmp_path: Path) -> None:
    """A state without the fields later revisions added (a Pendulum Summon used, the face-up
    Extra Deck) is a state all the same: a newer service goes on from it."""
    client = make_app(tmp_path).test_client()
    duel_id, _ = create(client, {"cards": {}, "actions": [act("draw")]})
    old = validate({"cards": {}, "actions": [act("draw")]}).state
    del old["this_turn"]["pendulum_summon"], old["ruleset"]
    for side in old["players"].values():
        del side["extra_face_up"]
    _edit(tmp_path / "duels.sqlite3", "UPDATE duels SET state = ?", json.dumps(old))
    judge.DUELS.clear()
    judge.DOCUMENTS.clear()
    answer = step(client, duel_id, [act("phase", to="standby")], expect=1)
    assert answer.status_code == 200 and answer.get_json()["state"]["phase"] == "standby"


def test_a_step_after_another_workers_step_restores_the_record(duels: FlaskClient) -> None:
    """A worker that did not serve the last step goes on from the record's state."""
    duel_id, _ = create(duels, {**DOC, "actions": DOC["actions"][:3]})
    for n in range(3, 10):
        judge.DUELS.clear()
        if n % 2:
            judge.DOCUMENTS.clear()
        assert step(duels, duel_id, [DOC["actions"][n]], expect=n).get_json()["legal"]
    assert duels.get(f"/v1/duels/{duel_id}").get_json()["state"] == \
        validate({**DOC, "actions": DOC["actions"][:10]}).state


def _unread(self: SqliteStore, duel_id: str, seen: Record | None,
            expect: int | None) -> Current:
    """:meth:`SqliteStore.current` as if the row were read before another worker's write
    landed (a race the compare-and-set catches): this worker's copy, unread."""
    return Current(seen, False) if seen is not None else Current(self.read(duel_id), True)


@pytest.mark.parametrize("expect", [True, False])
@pytest.mark.parametrize("behind", [1, 2, 3])
@pytest.mark.parametrize("raced", [True, False])
def test_a_step_on_an_older_copy_of_the_duel_goes_on_from_the_record(
        duels: FlaskClient, expect: bool, behind: int, raced: bool) -> None:
    """A worker whose copy of the duel is older than the record (another worker kept steps
    since) moves its copy on by the actions kept since (one or two, read with the record) or
    restores the record's state (more); or, when the record was read before another worker's
    write landed (``raced``), judges on its copy, has its write refused by the compare-and-set
    and is judged again from the record as it stands: either way its answer and what is kept
    are those of the whole duel."""
    with patch.object(SqliteStore, "current", _unread if raced else SqliteStore.current):
        answer = stale_after(duels, DOC, 3, behind, expect)
    n = 3 + behind + 1
    assert answer.status_code == 200 and answer.headers["Duel-Actions"] == str(n)
    assert answer.get_json() == {**validate({**DOC, "actions": DOC["actions"][:n]}).to_dict(),
                                 "actions_checked": 1}


def test_a_step_reads_the_actions_kept_since_its_copy_with_the_record(
        duels: FlaskClient) -> None:
    """A copy one or two kept actions behind is moved on by them (read from the log, with the
    row): never restored from the record's state; three behind, it is restored."""
    from validator.engine import held as judged

    for behind, restores in ((1, 0), (2, 0), (3, 1)):
        with patch.object(judged, "restore", wraps=judged.restore) as restore:
            answer = stale_after(duels, DOC, 3, behind, True)
        assert answer.status_code == 200 and restore.call_count == restores, behind


# --- the verdicts are those of judging the whole document at once --------------------------

@pytest.fixture(scope="module")
def held(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FlaskClient]:
    yield make_app(tmp_path_factory.mktemp("held")).test_client()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(start=st.sampled_from(STARTS), seed=st.integers(0, 2**32), steps=st.integers(1, 8),
       forget=st.booleans(), stale=st.integers(0, 3), raced=st.booleans())
def test_held_verdicts_are_those_of_the_whole_document(held: FlaskClient, start: dict[str, Any],
                                                       seed: int, steps: int, forget: bool,
                                                       stale: int, raced: bool) -> None:
    """``raced``: as if each step read the row before another worker's write landed (it
    judges on its own copy, and the compare-and-set says whether it was stale), or as read."""
    with patch.object(SqliteStore, "current", _unread if raced else SqliteStore.current):
        play_and_compare(held, start, seed, steps, forget, stale)


def test_a_steps_view_holds_only_decorators_that_document_it() -> None:
    """api/duels/views.py serves a step with ``inspect.unwrap(ActionsView.post)``: every
    decorator of it is dropped at run time, so each must only document the route (a
    reviewer's point: a run-time decorator added later, auth or a rate limit, would be dropped
    without a word)."""
    import ast
    import inspect

    from api.duels import views

    tree = ast.parse(inspect.getsource(views))
    [view] = [node for node in tree.body
              if isinstance(node, ast.ClassDef) and node.name == "ActionsView"]
    [post] = [node for node in view.body
              if isinstance(node, ast.FunctionDef) and node.name == "post"]
    used = {ast.unparse(d.func if isinstance(d, ast.Call) else d) for d in post.decorator_list}
    assert used == {"duels_blp.doc", "duels_blp.response", "duels_blp.alt_response",
                    "_unknown_answer", "_answers"}

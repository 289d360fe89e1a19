"""``POST /v1/import/edopro`` (api/edopro.py): an EDOPro replay's bytes in, its game as a duel
document out, problem+json for what is not a replay, in the app and in a real server."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from tests.api.server import Server, call, start
from tests.helpers import SHARED
from validator.importers.edopro.replay import import_replay

SELFPLAY = SHARED / "data" / "edopro" / "selfplay" / "selfplay-0022.yrpX"
OLD = SHARED / "data" / "edopro" / "real" / "GG Psy Dragon vs IA_Scrap bon.yrp"
needs_shared = pytest.mark.skipif(not SELFPLAY.exists(), reason="../shared is not beside it")
NOT_A_REPLAY = "urn:duelcheck:problem:not-a-replay"


@needs_shared
def test_a_replay_is_imported_as_the_library_imports_it(client: FlaskClient) -> None:
    response = client.post("/v1/import/edopro", data=SELFPLAY.read_bytes(),
                           content_type="application/octet-stream")
    assert response.status_code == 200
    body = response.get_json()
    [game] = body["games"]
    assert game["document"] == import_replay(SELFPLAY.read_bytes())[0].document
    assert game["players"] == {"p1": "Mitsurugi", "p2": "BrandedDespia"}
    assert game["document"]["source"]["from"] == "edopro"
    assert body["deck_check"]["format"] == "advanced"
    assert [p["username"] for p in body["deck_check"]["players"]] == ["Mitsurugi",
                                                                      "BrandedDespia"]


def test_bytes_that_are_no_replay_are_a_problem(client: FlaskClient) -> None:
    response = client.post("/v1/import/edopro", data=b'{"plays": []}',
                           content_type="application/octet-stream")
    assert (response.status_code, response.mimetype) == (422, "application/problem+json")
    problem = response.get_json()
    assert problem["type"] == NOT_A_REPLAY
    assert problem["detail"] == ("This is not an EDOPro replay: 13 bytes, shorter than the "
                                 "32-byte header of a .yrpX file.")


@needs_shared
def test_an_old_replay_says_why_in_one_line(client: FlaskClient) -> None:
    response = client.post("/v1/import/edopro", data=OLD.read_bytes())
    problem = response.get_json()
    assert (response.status_code, problem["type"]) == (422, NOT_A_REPLAY)
    assert "holds the players' responses, not the engine's log" in problem["detail"]
    assert "\n" not in problem["detail"]


@needs_shared
def test_a_cut_file_is_a_problem_not_a_500(client: FlaskClient) -> None:
    data = SELFPLAY.read_bytes()
    for cut in (40, 100, len(data) // 2):
        response = client.post("/v1/import/edopro", data=data[:cut])
        assert response.status_code == 422, cut
        assert response.get_json()["type"] == NOT_A_REPLAY


def test_a_body_over_the_limit_is_413(client: FlaskClient) -> None:
    limit = client.application.config["MAX_CONTENT_LENGTH"]
    response = client.post("/v1/import/edopro", data=b"yrpX" + bytes(limit))
    assert (response.status_code, response.mimetype) == (413, "application/problem+json")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start(tmp_path_factory.mktemp("serve"), WEB_CONCURRENCY="1")
    yield server
    server.stop()


@needs_shared
@pytest.mark.slow
def test_a_real_server_imports_a_replay_and_refuses_what_is_not_one(served: Server) -> None:
    url = served.base + "/v1/import/edopro"
    status, kind, body = call(url, SELFPLAY.read_bytes(), "application/octet-stream")
    assert (status, kind) == (200, "application/json")
    assert body["games"][0]["document"] == import_replay(SELFPLAY.read_bytes())[0].document
    status, kind, problem = call(url, OLD.read_bytes(), "application/octet-stream")
    assert (status, kind, problem["type"]) == (422, "application/problem+json", NOT_A_REPLAY)
    status, kind, problem = call(url, b"hello", "application/octet-stream")
    assert (status, kind, problem["type"]) == (422, "application/problem+json", NOT_A_REPLAY)
    request = urllib.request.Request(served.base + "/openapi.json")
    with urllib.request.urlopen(request, timeout=30) as response:
        assert b"/v1/import/edopro" in response.read()

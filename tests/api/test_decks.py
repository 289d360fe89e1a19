"""``POST /v1/decks/check`` against a real gunicorn (every golden case, and malformed lists
as problem+json naming the field), and a replay's deck check in the workbench's import and
its judge's report."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.server import Server, call, start
from tests.helpers import CORPUS
from tests.validator.decks.golden import golden, short

EDISON = CORPUS / "edison" / "edison-58554463.json"
needs_shared = pytest.mark.skipif(not EDISON.exists(), reason="../shared is not beside it")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    served: Server = start(tmp_path_factory.mktemp("decks"), WEB_CONCURRENCY="1")
    yield served.base
    served.stop()


def post(server: str, body: Any) -> tuple[int, str, Any]:
    return call(server + "/v1/decks/check", json.dumps(body).encode())


@pytest.mark.slow
def test_every_golden_case_over_http(server: str) -> None:
    for _, case in golden():
        status, kind, answer = post(server, case["request"])
        assert (status, kind) == (200, "application/json"), case["name"]
        assert short(answer) == case["findings"], case["name"]


@pytest.mark.slow
@pytest.mark.parametrize(("body", "errors"), [
    ({"format": "goat", "main": ["Sangn", 5, True]},
     {"main": {"0": ["No card has the name 'Sangn'; did you mean Sangan, Scanner, Sangen "
                     "Furo?"],
               "1": ["No card has the passcode 5."],
               "2": ["A card is a passcode (a whole number) or a name."]}}),
    ({"format": "speed", "main": []}, {"format": ["Must be one of: goat, edison, advanced."]}),
    ({"main": []}, {"format": ["Missing data for required field."]}),
    ({"format": "advanced", "date": "2019-06-01"},
     {"date": ["The first Advanced list these data hold is 2020.01 TCG, in force from "
               "2020-01-01; 2019-06-01 is before it."]}),
    ({"format": "advanced", "date": "01/03/2010"},
     {"date": ["Not a day as YYYY-MM-DD: '01/03/2010'."]}),
    ({"format": "goat", "text": "#main\nSangan\n"},
     {"text": {"line 2": ["A .ydk line holds one passcode, not 'Sangan'."]}}),
    ({"format": "goat", "text": "3 Sangan", "main": ["Sangan"]},
     {"text": ["Give main, extra and side, or text, not both."]}),
    ({"format": "goat", "mian": []}, {"mian": ["Unknown field."]}),
])
def test_a_malformed_list_is_a_problem_naming_the_field(
        server: str, body: dict[str, Any], errors: dict[str, Any]) -> None:
    status, kind, answer = post(server, body)
    assert (status, kind) == (422, "application/problem+json")
    assert answer["type"] == "urn:duelcheck:problem:malformed-deck-list"
    assert answer["title"] == "Malformed deck list" and answer["errors"] == errors


@pytest.mark.slow
def test_a_body_that_is_not_a_list(server: str) -> None:
    status, kind, answer = call(server + "/v1/decks/check", b"[1")
    assert (status, kind) == (400, "application/problem+json")
    status, _, answer = post(server, [1, 2])
    assert status == 422 and answer["errors"] == {"_schema": ["Invalid input type."]}


def test_the_check_is_in_the_openapi_document(client: FlaskClient) -> None:
    spec = client.get("/openapi.json").get_json()
    post_ = spec["paths"]["/v1/decks/check"]["post"]
    assert set(post_["responses"]) >= {"200", "400", "413", "415", "422"}
    assert "DeckCheckRequest" in spec["components"]["schemas"]


@needs_shared
def test_the_import_and_the_report_carry_the_deck_check(client: FlaskClient,
                                                        tmp_path: Path) -> None:
    body = client.post("/v1/import/duelingbook", data=EDISON.read_bytes(),
                       content_type="application/json").get_json()
    check = body["deck_check"]
    # Barry Allen's Starlight Road is in the pool Duelingbook's Edison games play
    assert (check["format"], check["legal"]) == ("edison", True)
    assert [p["findings"] for p in check["players"]] == [[], []]
    report = client.post("/v1/report", json={"title": "e.json", "deck_check": check,
                                              "games": [g["document"] for g in body["games"]]})
    html = report.get_data(as_text=True)
    assert report.status_code == 200 and "window.duelcheckDecks" in html
    assert '"decks": {"format": "edison"' in html
    bad = client.post("/v1/report", json={"title": "e.json", "deck_check": {"format": 1},
                                           "games": [g["document"] for g in body["games"]]})
    assert bad.status_code == 422 and "deck_check" in bad.get_json()["errors"]


def test_a_text_list_with_no_card_names_the_text_field(client: FlaskClient) -> None:
    response = client.post("/v1/decks/check", json={"format": "goat", "text": "#main\n#extra\n"})
    problem = response.get_json()
    assert response.status_code == 422
    assert problem["type"] == "urn:duelcheck:problem:malformed-deck-list"
    assert list(problem["errors"]) == ["text"] and "holds no card" in problem["errors"]["text"][0]

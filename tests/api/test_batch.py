"""JSON Lines batches on POST /v1/validate, through the test client (api/batch.py)."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

from api import create_app
from api.config import load_settings
from tests.helpers import duels
from validator import validate
from validator.synth import legal_duel

NDJSON = "application/x-ndjson"


def post_batch(client: FlaskClient, body: bytes) -> tuple[Any, list[dict[str, Any]]]:
    response = client.post("/v1/validate", data=body, content_type=NDJSON)
    lines = response.get_data().splitlines() if response.mimetype == NDJSON else []
    return response, [json.loads(line) for line in lines]


def test_a_round_of_logs_gets_one_verdict_per_line_in_order(client: FlaskClient) -> None:
    docs = duels()[:12]
    body = b"".join(json.dumps(d).encode() + b"\n" for d in docs)
    response, lines = post_batch(client, body)
    assert response.status_code == 200 and response.mimetype == NDJSON
    assert "Content-Length" not in response.headers  # streamed, line by line
    assert [line.pop("line") for line in lines] == list(range(1, 13))
    assert lines == [validate(d).to_dict() for d in docs]


def test_a_bad_line_gets_its_own_problem_and_the_rest_are_judged(client: FlaskClient) -> None:
    good = json.dumps({"cards": {}, "actions": [{"type": "draw", "player": "p1"}]})
    body = "\n".join([
        good, "", "not json", '{"cards": {}, "turn": 2, "turn": 3}',
        '{"cards": {"x": {"kind": "monster"}}}', "[1, 2]", good + "\r", "   "]).encode()
    _, lines = post_batch(client, body)
    by_line = {line["line"]: line for line in lines}
    assert sorted(by_line) == [1, 3, 4, 5, 6, 7]
    assert by_line[1]["legal"] is True and by_line[7]["legal"] is True
    assert by_line[3]["status"] == 400 and "line is not valid JSON" in by_line[3]["detail"]
    assert by_line[4]["status"] == 422 and by_line[4]["errors"] == {
        "turn": ["This key appears twice in one object."]}
    assert by_line[5]["type"] == "urn:duelcheck:problem:malformed-document"
    assert by_line[5]["errors"] == {"cards": {"x": {"level": [
        "A monster needs a level (0 to 13)."]}}}
    assert by_line[6]["status"] == 422


def test_limits_per_line() -> None:
    client = create_app({"TESTING": True, "DUELCHECK_MAX_ACTIONS": 3,
                         "MAX_CONTENT_LENGTH": 200}).test_client()
    actions = [{"type": "draw", "player": "p1"}] * 4
    body = "\n".join([json.dumps({"cards": {}, "actions": actions}),
                      json.dumps({"cards": {}, "source": {"note": "x" * 300}}),
                      json.dumps({"cards": {}})]).encode()
    _, lines = post_batch(client, body)
    assert [line["line"] for line in lines] == [1, 2, 3]
    assert lines[0]["type"] == "urn:duelcheck:problem:too-many-actions"
    assert lines[1]["status"] == 413 and lines[1]["detail"] == \
        "The line is larger than one document may be (200 bytes)."
    assert all("DUELCHECK_" not in line.get("detail", "") for line in lines)
    assert lines[2]["legal"] is True


def test_the_batch_budget_of_actions() -> None:
    client = create_app({"TESTING": True, "DUELCHECK_MAX_BATCH_ACTIONS": 5}).test_client()
    doc = json.dumps({"cards": {}, "actions": [{"type": "draw", "player": "p1"}] * 2})
    _, lines = post_batch(client, f"{doc}\n{doc}\n{doc}\n{json.dumps({'cards': {}})}".encode())
    assert [line.get("legal") for line in lines] == [False, False, None, True]
    assert lines[2]["type"] == "urn:duelcheck:problem:batch-budget-spent"
    assert lines[2]["detail"].endswith("Send it in another batch.")
    assert "DUELCHECK_" not in lines[2]["detail"]


def test_too_many_documents_is_422_before_any_is_judged() -> None:
    client = create_app({"TESTING": True, "DUELCHECK_MAX_BATCH_DOCUMENTS": 2}).test_client()
    response = client.post("/v1/validate", data=b'{"cards": {}}\n' * 3, content_type=NDJSON)
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    body = response.get_json(force=True)
    assert body["type"] == "urn:duelcheck:problem:too-many-documents"
    assert body["detail"] == "This service judges at most 2 documents per batch; this one has " \
                             "3. Split it into smaller batches."


def test_a_batch_larger_than_its_limit_is_413() -> None:
    client = create_app({"TESTING": True, "DUELCHECK_MAX_BATCH_BYTES": 100}).test_client()
    response = client.post("/v1/validate", data=b'{"cards": {}}\n' * 10, content_type=NDJSON)
    assert response.status_code == 413
    assert response.get_json(force=True)["detail"] == \
        "The batch is larger than this service accepts (100 bytes): split it into smaller batches."


def test_a_batch_may_be_larger_than_one_document(client: FlaskClient) -> None:
    doc = json.dumps(legal_duel(60)).encode() + b"\n"
    body = doc * (3 * 1024 * 1024 // len(doc) + 1)
    assert len(body) > client.application.config["MAX_CONTENT_LENGTH"]
    response, lines = post_batch(client, body)
    assert response.status_code == 200 and len(lines) == body.count(b"\n")


def test_an_empty_batch_is_an_empty_answer(client: FlaskClient) -> None:
    response, lines = post_batch(client, b"\n\n")
    assert response.status_code == 200 and lines == []


def test_other_content_types_are_still_415(client: FlaskClient) -> None:
    response = client.post("/v1/validate", data=b"{}", content_type="text/plain")
    assert response.status_code == 415
    assert "application/x-ndjson" in response.get_json(force=True)["detail"]


def test_the_batch_limits_come_from_the_environment() -> None:
    config = load_settings({"DUELCHECK_MAX_BATCH_BYTES": "10", "DUELCHECK_MAX_BATCH_DOCUMENTS":
                            "3", "DUELCHECK_MAX_BATCH_ACTIONS": "7"}).flask_config()
    assert {k: config[k] for k in ("DUELCHECK_MAX_BATCH_BYTES", "DUELCHECK_MAX_BATCH_DOCUMENTS",
                                   "DUELCHECK_MAX_BATCH_ACTIONS")} == {
        "DUELCHECK_MAX_BATCH_BYTES": 10, "DUELCHECK_MAX_BATCH_DOCUMENTS": 3,
        "DUELCHECK_MAX_BATCH_ACTIONS": 7}


def test_the_batch_is_in_the_openapi_document(client: FlaskClient) -> None:
    spec = client.get("/openapi.json").get_json()
    post = spec["paths"]["/v1/validate"]["post"]
    assert NDJSON in post["requestBody"]["content"]
    assert NDJSON in post["responses"]["200"]["content"]
    assert "line" in spec["components"]["schemas"]["BatchVerdict"]["properties"]


def test_a_document_that_is_not_an_object_is_told_so_in_one_wording(
        client: FlaskClient) -> None:
    """A `[]` body was `"_schema": ["Invalid input type."]` as a document and "A duel document
    is a JSON object" as a batch line: one message, keyed the same, either way."""
    for body in ("[]", "3", "null"):
        whole = client.post("/v1/validate", data=body, content_type="application/json")
        line = client.post("/v1/validate", data=body + "\n",
                           content_type="application/x-ndjson")
        first = json.loads(line.get_data(as_text=True).splitlines()[0])
        assert whole.status_code == 422 and first["status"] == 422
        assert whole.get_json()["errors"] == first["errors"] == {
            "_document": ["A duel document is a JSON object."]}, body

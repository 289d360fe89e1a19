"""Legal actions, quiz, machine, examples and the page through the test client
(api/teaching.py)."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.helpers import act, document, opening
from validator import legal_actions
from validator.quiz import quiz


def test_legal_actions(client: FlaskClient) -> None:
    doc = document(opening(), {"hand": ["gemini"]})
    body = client.post("/v1/legal-actions", json=doc).get_json()
    assert body["actions"] == legal_actions(doc) and body["count"] == len(body["actions"])
    assert {"type": "normal_summon", "player": "p1", "card": "gemini"} in body["actions"]
    assert "special_summon" in body["omitted"]


def test_legal_actions_of_an_illegal_sequence_is_422(client: FlaskClient) -> None:
    response = client.post("/v1/legal-actions", json=document([act("phase", to="end")]))
    body = response.get_json()
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    assert body["type"] == "urn:duelcheck:problem:illegal-sequence"
    assert body["errors"] == {"actions": {"0": [
        "turn.phase-order: The turn cannot go from the Draw Phase to the End Phase; next comes "
        "Standby Phase."]}}


def test_legal_actions_keeps_the_body_rules(client: FlaskClient) -> None:
    assert client.post("/v1/legal-actions", data="x", content_type="text/plain").status_code \
        == 415
    assert client.post("/v1/legal-actions", json={"cards": 3}).status_code == 422


def test_quiz_by_seed_and_level(client: FlaskClient) -> None:
    body = client.get("/v1/quiz?seed=12&level=2").get_json()
    assert body == quiz(12, 2).to_dict()
    assert client.get("/v1/quiz").get_json()["level"] == 1
    bad = client.get("/v1/quiz?level=4")
    assert bad.status_code == 422 and "level" in bad.get_json()["errors"]


def test_machine(client: FlaskClient) -> None:
    body = client.get("/v1/machine?phase=battle").get_json()
    assert body["mermaid"].startswith("---\nTurn\n---\nstateDiagram-v2")
    assert "Class battle s_active" in body["mermaid"]
    assert 'id="phase-battle" class="phase current"' in body["svg"]
    assert client.get("/v1/machine").get_json()["phase"] is None
    assert client.get("/v1/machine?phase=nope").status_code == 422


def test_examples_are_the_golden_cases(client: FlaskClient) -> None:
    examples = client.get("/v1/examples").get_json()
    assert len({e["rule"] for e in examples if e["rule"]}) == 34
    assert all(e["document"]["cards"] is not None for e in examples)


def test_the_page_and_its_assets(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert '<script type="module" src="/static/app.js">' in page and "http" not in page
    for asset in ("app.js", "style.css"):
        assert client.get(f"/static/{asset}").status_code == 200


def test_legal_actions_are_bounded_and_say_so() -> None:
    from api import create_app

    few = create_app({"TESTING": True, "DUELCHECK_MAX_LEGAL_ACTIONS": 3}).test_client()
    doc = document(opening(), {"hand": ["gemini", "pot", "mirror"]})
    body = few.post("/v1/legal-actions", json=doc).get_json()
    assert body["count"] == 3 and body["truncated"] is True
    assert body["actions"] == legal_actions(doc)[:3]
    many = create_app({"TESTING": True}).test_client().post("/v1/legal-actions", json=doc)
    assert many.get_json()["truncated"] is False

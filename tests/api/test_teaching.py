"""Legal actions, quiz, machine, examples and the page through the test client
(api/teaching.py)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.helpers import act, document, opening
from validator import legal_actions
from validator.engine.legal import LegalActions
from validator.teaching.quiz import quiz
from validator.teaching.quizbank import corpus_quiz


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


def test_quiz_from_real_games(client: FlaskClient) -> None:
    body = client.get("/v1/quiz?seed=5&source=duelingbook").get_json()
    assert body == corpus_quiz(5).to_dict()
    assert body["origin"]["from"] == "duelingbook" and body["origin"]["players"]["p1"]
    assert client.get("/v1/quiz?source=nope").status_code == 422


def test_machine(client: FlaskClient) -> None:
    body = client.get("/v1/machine?phase=battle").get_json()
    assert body["mermaid"].startswith("---\nTurn\n---\nstateDiagram-v2")
    assert "Class battle s_active" in body["mermaid"]
    assert 'id="phase-battle" data-phase="battle" class="phase current"' in body["svg"]
    assert client.get("/v1/machine").get_json()["phase"] is None
    assert client.get("/v1/machine?phase=nope").status_code == 422


def test_two_diagrams_on_one_page_keep_their_own_ids(client: FlaskClient) -> None:
    ids = [re.findall(r'id="([^"]+)"', client.get(f"/v1/machine?ids={name}").get_json()["svg"])
           for name in ("bench", "quiz")]
    assert ids[0] and not set(ids[0]) & set(ids[1])
    svg = client.get("/v1/machine?ids=quiz").get_json()["svg"]
    assert 'marker-end="url(#quiz-arrow)"' in svg and 'aria-labelledby="quiz-turn-title"' in svg
    assert client.get("/v1/machine?ids=1bad").status_code == 422


def test_examples_are_the_golden_cases(client: FlaskClient) -> None:
    examples = client.get("/v1/examples").get_json()
    assert len({e["rule"] for e in examples if e["rule"]}) == 43
    assert all(e["document"]["cards"] is not None for e in examples)


def test_the_page_and_its_assets(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert '<script type="module" src="/static/app.js">' in page and "http" not in page
    linked = re.findall(r'(?:src|href)="(/[^"]+)"', page)
    assert {"/static/app.js", "/assets/board.js", "/assets/board.css"} <= set(linked)
    for url in [*linked, "/static/common.js", "/static/quiz.js", "/assets/report.js"]:
        response = client.get(url)
        assert response.status_code == 200, url
        assert "http" not in response.get_data(as_text=True), url


def test_legal_actions_are_bounded_and_say_so() -> None:
    from api import create_app

    few = create_app({"TESTING": True, "DUELCHECK_MAX_LEGAL_ACTIONS": 3}).test_client()
    doc = document(opening(), {"hand": ["gemini", "pot", "mirror"]})
    body = few.post("/v1/legal-actions", json=doc).get_json()
    assert body["count"] == 3 and body["truncated"] is True
    assert body["actions"] == legal_actions(doc)[:3]
    many = create_app({"TESTING": True}).test_client().post("/v1/legal-actions", json=doc)
    assert many.get_json()["truncated"] is False


def equips_and_targets(n: int) -> dict[str, object]:
    """n Equip Spells in hand and n monsters in the Graveyard, in the Draw Phase: n * n * 2
    candidate activations, none of them legal (the adversarial review's 31-second request)."""
    cards: dict[str, object] = {f"e{i}": {"kind": "spell", "subtype": "equip"} for i in range(n)}
    cards.update({f"m{i}": {"kind": "monster", "level": 4} for i in range(n)})
    return {"cards": cards, "setup": {"p1": {"hand": [f"e{i}" for i in range(n)],
                                             "graveyard": [f"m{i}" for i in range(n)]}}}


def test_candidates_are_capped_before_they_are_checked_at_the_body_size_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from api import create_app

    checks = 0
    why_not = LegalActions.why_not

    def counted(self: LegalActions, action: Any) -> tuple[str, str] | None:
        nonlocal checks
        checks += 1
        return why_not(self, action)

    monkeypatch.setattr(LegalActions, "why_not", counted)
    app = create_app({"TESTING": True})
    limit, cap = app.config["MAX_CONTENT_LENGTH"], app.config["DUELCHECK_MAX_CANDIDATES"]
    n = 1
    while len(json.dumps(equips_and_targets(n * 2))) < limit:
        n *= 2
    while len(json.dumps(equips_and_targets(n + 500))) < limit:
        n += 500
    body = json.dumps(equips_and_targets(n)).encode()
    assert limit - 40_000 < len(body) <= limit and n * n * 2 > 100 * cap
    response = app.test_client().post("/v1/legal-actions", data=body,
                                      content_type="application/json")
    assert response.status_code == 200 and response.get_json()["truncated"] is True
    assert 0 < checks <= cap
    checks = 0
    small = create_app({"TESTING": True, "DUELCHECK_MAX_CANDIDATES": 50}).test_client()
    assert small.post("/v1/legal-actions", json=equips_and_targets(20)).json["truncated"]
    assert checks == 50


def test_an_integer_too_long_to_read_is_400_on_both_endpoints(client: FlaskClient) -> None:
    body = b'{"cards": {}, "actions": [{"type": "draw", "player": "p1", "n": ' + b"9" * 5000 \
        + b"}]}"
    for path in ("/v1/validate", "/v1/legal-actions"):
        response = client.post(path, data=body, content_type="application/json")
        assert (response.status_code, response.content_type) == (400, "application/problem+json")
        assert response.get_json()["detail"] == "The body is not valid JSON: a number has " \
                                                "5000 digits, more than the 4300 that are read"

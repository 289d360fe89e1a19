"""The OpenAPI document says what the held duels' endpoints answer (contract section 9): each
problem they answer, member by member, against the Problem schema it names; the step's header;
the 503s of a create and its Retry-After; the links from a created duel; and a 204 with no
body type."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.api.held_play import create, make_app, step
from tests.helpers import act

TYPES = {"string": str, "integer": int, "object": dict}


def described(spec: dict[str, Any], path: str, method: str, answer: Any) -> list[str]:
    """Where ``answer`` (a problem) strays from the schema its status names in ``spec``."""
    response = spec["paths"][path][method]["responses"][str(answer.status_code)]
    ref = response["content"][answer.mimetype]["schema"]["$ref"]
    schema = spec["components"]["schemas"][ref.rsplit("/", 1)[1]]
    body = answer.get_json()
    strays = [f"{key} is not in {ref}" for key in body if key not in schema["properties"]]
    strays += [f"{key} is missing" for key in schema["required"] if key not in body]
    strays += [f"{key} is not a {schema['properties'][key]['type']}" for key in body
               if key in schema["properties"] and
               not isinstance(body[key], TYPES[schema["properties"][key]["type"]])]
    return strays


def test_every_problem_of_a_held_duel_is_the_documented_problem(tmp_path: Path) -> None:
    client = make_app(tmp_path, DUELCHECK_MAX_DUELS=1, DUELCHECK_MAX_DUEL_ACTIONS=2,
                      DUELCHECK_MAX_ACTIONS=3).test_client()
    spec = client.get("/openapi.json").get_json()
    duel_id, _ = create(client, {"cards": {}})
    actions = "/v1/duels/{duel_id}/actions"
    answers = [
        (actions, step(client, duel_id, [act("draw")], expect=5)),  # 409, with actions
        (actions, step(client, duel_id, [act("draw")] * 3)),  # 422 too-many-duel-actions
        (actions, step(client, duel_id, [act("draw")] * 4)),  # 422 too-many-actions
        (actions, client.post(f"/v1/duels/{duel_id}/actions", json={"actions": None})),
        (actions, step(client, "A" * 22, [act("draw")])),  # 404
        ("/v1/duels", client.post("/v1/duels", json={"cards": {}})),  # 503 too-many-duels
    ]
    seen = {(a.status_code, a.get_json()["type"]) for _, a in answers}
    assert seen == {(409, "urn:duelcheck:problem:duel-conflict"),
                    (422, "urn:duelcheck:problem:too-many-duel-actions"),
                    (422, "urn:duelcheck:problem:too-many-actions"),
                    (422, "urn:duelcheck:problem:malformed-document"),
                    (404, "urn:duelcheck:problem:unknown-duel"),
                    (503, "urn:duelcheck:problem:too-many-duels")}
    for path, answer in answers:
        assert described(spec, path, "post", answer) == [], answer.get_json()
        problem_type = answer.get_json()["type"]
        assert problem_type in spec["paths"][path]["post"]["responses"][
            str(answer.status_code)]["description"] or problem_type.endswith(
                "malformed-document")
    busy = spec["paths"]["/v1/duels"]["post"]["responses"]["503"]  # and its header
    assert busy["headers"]["Retry-After"]["schema"] == {"type": "integer", "minimum": 1}
    assert int(answers[-1][1].headers["Retry-After"]) >= 1


def test_the_step_answers_a_documented_header_and_a_created_duel_links_to_its_operations(
        tmp_path: Path) -> None:
    client = make_app(tmp_path).test_client()
    spec = client.get("/openapi.json").get_json()
    duels = spec["paths"]["/v1/duels/{duel_id}"]
    ok = spec["paths"]["/v1/duels/{duel_id}/actions"]["post"]["responses"]["200"]
    assert ok["headers"]["Duel-Actions"]["schema"] == {"type": "integer", "minimum": 0}
    links = spec["paths"]["/v1/duels"]["post"]["responses"]["201"]["links"]
    assert {name: link["operationRef"] for name, link in links.items()} == {
        "step": "#/paths/~1v1~1duels~1{duel_id}~1actions/post",
        "read": "#/paths/~1v1~1duels~1{duel_id}/get",
        "forget": "#/paths/~1v1~1duels~1{duel_id}/delete"}
    for link in links.values():  # each names an operation that is there
        path, method = link["operationRef"][len("#/paths/"):].rsplit("/", 1)
        assert method in spec["paths"][path.replace("~1", "/")]
    assert {p["name"]: p["schema"]["pattern"] for p in duels["parameters"]} == {
        "duel_id": "^[A-Za-z0-9_-]{22}$"}
    duel_id, _ = create(client, {"cards": {}})
    assert step(client, duel_id, [act("draw")]).headers["Duel-Actions"] == "1"


def test_a_deleted_duel_is_204_with_no_body_and_no_body_type(tmp_path: Path) -> None:
    duels = make_app(tmp_path).test_client()
    duel_id, _ = create(duels, {"cards": {}})
    answer = duels.delete(f"/v1/duels/{duel_id}")
    assert answer.status_code == 204 and answer.data == b""
    assert "Content-Type" not in answer.headers

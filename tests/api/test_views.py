"""Every endpoint and every error through the test client (api/views.py, api/problems.py)."""

from __future__ import annotations

import gzip
import json
from typing import Any

import jsonschema_rs
import pytest
from flask.testing import FlaskClient

from api import create_app
from tests.helpers import ROOT, act, document, opening
from validator import validate
from validator.document.verdict_schema import VerdictSchema

ILLEGAL = document([*opening(), act("normal_summon", card="gemini"),
                    act("set_monster", card="vorse")], {"hand": ["gemini", "vorse"]})


def problem_of(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.data
    assert response.mimetype == "application/problem+json"
    body: dict[str, Any] = response.get_json(force=True)
    assert {"type", "title", "status", "detail"} <= set(body) and body["status"] == status
    assert "Traceback" not in response.get_data(as_text=True)
    return body


def test_validate_returns_the_library_verdict(client: FlaskClient) -> None:
    response = client.post("/v1/validate", json=ILLEGAL)
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.get_json() == validate(ILLEGAL).to_dict()
    assert list(response.get_json()) == ["legal", "violation", "outcome", "actions_checked",
                                         "state"]
    assert VerdictSchema().validate(response.get_json()) == {}


def test_validate_a_legal_duel(client: FlaskClient) -> None:
    body = client.post("/v1/validate", json=document([act("draw")])).get_json()
    assert body["legal"] is True and body["violation"] is None


def test_malformed_document_is_422_keyed_by_path(client: FlaskClient) -> None:
    doc = document([*opening(), act("normal_summon", card="c9")])
    body = problem_of(client.post("/v1/validate", json=doc), 422)
    assert body["errors"] == {"actions": {"3": {"card": ["Unknown card id 'c9'."]}}}
    assert body["type"] == "urn:duelcheck:problem:malformed-document"


def test_a_document_error_found_while_judging_is_422(client: FlaskClient) -> None:
    doc = document([act("draw", card="gemini")], {"hand": ["gemini"]})
    body = problem_of(client.post("/v1/validate", json=doc), 422)
    assert "not in p1's deck" in body["errors"]["actions"]["0"]["card"][0]


@pytest.mark.parametrize("body", ["[1, 2]", "3", "null"])
def test_json_that_is_not_an_object_is_422(client: FlaskClient, body: str) -> None:
    problem_of(client.post("/v1/validate", data=body, content_type="application/json"), 422)


def test_a_duplicate_key_is_422_keyed_by_its_path(client: FlaskClient) -> None:
    text = '{"cards": {}, "actions": [{"type": "draw", "player": "p1", "player": "p2"}]}'
    body = problem_of(client.post("/v1/validate", data=text,
                                  content_type="application/json"), 422)
    assert body["errors"] == {"actions": {"0": {"player": [
        "This key appears twice in one object."]}}}


def test_an_integer_too_long_to_convert_is_400_not_500(client: FlaskClient) -> None:
    text = '{"cards": {}, "turn": ' + "9" * 5000 + "}"
    for path in ("/v1/validate", "/v1/legal-actions"):
        problem_of(client.post(path, data=text, content_type="application/json"), 400)


def test_not_json_is_400(client: FlaskClient) -> None:
    body = problem_of(client.post("/v1/validate", data="{oops",
                                  content_type="application/json"), 400)
    assert "not valid JSON" in body["detail"]


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(client: FlaskClient, constant: str) -> None:
    """Python's reader takes them; JSON has none, and a held duel's texts (written by orjson,
    which writes them as null) would lose them: refused wherever a body is read."""
    log = '{"type": "draw", "player": "p1", "log": {"t": CONSTANT}}'.replace("CONSTANT", constant)
    duel_id = client.post("/v1/duels", json={"cards": {}}).get_json()["id"]
    for path, text in (("/v1/validate", '{"cards": {}, "actions": [' + log + "]}"),
                       (f"/v1/duels/{duel_id}/actions", '{"actions": [' + log + "]}")):
        body = problem_of(client.post(path, data=text, content_type="application/json"), 400)
        assert body["detail"] == (f"The body is not valid JSON: {constant} is not a JSON "
                                  "number (JSON has no NaN or Infinity)"), path


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          None])
def test_other_content_types_are_415(client: FlaskClient, content_type: str | None) -> None:
    data = json.dumps(ILLEGAL)
    response = client.post("/v1/validate", data=data, content_type=content_type)
    assert "application/json" in problem_of(response, 415)["detail"]


def test_body_size_limit_is_413_and_configurable() -> None:
    small = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 1000}).test_client()
    body = problem_of(small.post("/v1/validate", json=ILLEGAL | {"pad": "x" * 2000}), 413)
    assert "1000 bytes" in body["detail"]
    default = create_app({"TESTING": True}).test_client()
    problem_of(default.post("/v1/validate", data="x" * (2 * 1024 * 1024 + 1),
                            content_type="application/json"), 413)


def test_action_limit_is_422_with_a_clear_message_and_configurable() -> None:
    few = create_app({"TESTING": True, "DUELCHECK_MAX_ACTIONS": 2}).test_client()
    doc = document([act("draw"), act("phase", to="standby"), act("phase", to="main1")])
    body = problem_of(few.post("/v1/validate", json=doc), 422)
    assert body["type"] == "urn:duelcheck:problem:too-many-actions"
    assert "at most 2 actions" in body["detail"] and "has 3" in body["detail"]
    assert body["errors"] == {"actions": ["At most 2 actions, not 3."]}
    assert few.post("/v1/validate", json={**doc, "actions": doc["actions"][:2]}).status_code \
        == 200


def test_rules(client: FlaskClient) -> None:
    rules = client.get("/v1/rules").get_json()
    assert len(rules) == 43 and rules[0]["id"] == "duel.over"
    one = client.get("/v1/rules/summon.tribute-count").get_json()
    assert one["title"] == "Wrong number of Tributes" and "seeds/000_" in one["source"]
    assert "no.such" in problem_of(client.get("/v1/rules/no.such"), 404)["detail"]


def test_unknown_path_and_method_are_problems(client: FlaskClient) -> None:
    problem_of(client.get("/v2/nothing"), 404)
    response = client.get("/v1/validate")
    problem_of(response, 405)
    assert "POST" in response.headers["Allow"]


def test_an_unexpected_error_is_a_500_problem_without_traceback(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(_: object) -> None:
        raise RuntimeError("secret internals")
    monkeypatch.setattr("api.views.validate", boom)
    body = problem_of(client.post("/v1/validate", json=ILLEGAL), 500)
    assert "secret" not in json.dumps(body)


def test_healthz(client: FlaskClient) -> None:
    assert client.get("/healthz").get_json() == {"status": "ok"}


def test_openapi_document_is_served_and_kept_in_specs(client: FlaskClient) -> None:
    served = client.get("/openapi.json").get_json()
    kept = json.loads((ROOT / "specs" / "openapi.json").read_text("utf-8"))
    assert served == kept, "specs/openapi.json is stale: run `make docs`"
    assert served["openapi"].startswith("3.0")
    post = served["paths"]["/v1/validate"]["post"]
    assert "application/json" in post["requestBody"]["content"]
    for status in ("400", "413", "415", "422"):
        assert "application/problem+json" in _content(served, post["responses"][status])
    assert len(served["components"]["schemas"]["Document"]["properties"]["actions"]["items"]
               ["oneOf"]) == 22  # the 21 of §2 and pendulum_summon (§6)


def _content(spec: dict[str, Any], response: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in response:
        response = spec["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
    content: dict[str, Any] = response["content"]
    return content


def test_api_docs_are_served_without_a_cdn(client: FlaskClient) -> None:
    page = client.get("/docs").get_data(as_text=True)
    assert "/docs/static/swagger-ui-bundle.js" in page and "//cdn" not in page
    assert "http" not in page.split("<script>")[0].replace("http-equiv", "")
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css", "swagger-ui-standalone-preset.js"):
        assert client.get(f"/docs/static/{asset}").status_code == 200


def test_imported_documents_with_their_log_are_accepted_and_echoed(client: FlaskClient) -> None:
    doc = {**ILLEGAL, "source": {"format": "duelingbook", "notes": []},
           "actions": [*ILLEGAL["actions"][:-1],
                       {**ILLEGAL["actions"][-1], "log": {"time": "[2:07]", "player": "Aco77",
                                                          "text": "Set card from hand"}}]}
    body = client.post("/v1/validate", json=doc).get_json()
    assert body["violation"]["action"]["log"]["time"] == "[2:07]"


def test_json_nested_too_deeply_is_400(client: FlaskClient) -> None:
    body = "[" * 100_000 + "]" * 100_000
    response = client.post("/v1/validate", data=body, content_type="application/json")
    assert "nested too deeply" in problem_of(response, 400)["detail"]


def test_a_byte_order_mark_is_accepted(client: FlaskClient) -> None:
    body = b'\xef\xbb\xbf{"cards": {}, "actions": [{"type": "draw", "player": "p1"}]}'
    for path in ("/v1/validate", "/v1/legal-actions"):
        response = client.post(path, data=body, content_type="application/json")
        assert response.status_code == 200, response.get_json()


def test_validate_goes_on_from_a_position(client: FlaskClient) -> None:
    first = client.post("/v1/validate", json={**ILLEGAL, "actions": ILLEGAL["actions"][:4]})
    state = first.get_json()["state"]
    body = client.post("/v1/validate", json={"cards": ILLEGAL["cards"], "position": state,
                                             "actions": ILLEGAL["actions"][4:]}).get_json()
    whole = validate(ILLEGAL).to_dict()
    assert body["violation"] == {**whole["violation"], "index": 0}
    assert body["state"] == whole["state"] and body["actions_checked"] == 1


@pytest.mark.parametrize(("path", "value"), [
    (("this_turn", "lessened_by"), {"p1": ["nope"]}),
    (("this_turn", "gemini_status_by"), {"p2": ["nope"]}),
    (("levels_changed",), ["nope"]),
])
def test_a_position_naming_an_unknown_card_in_an_extension_is_422(
        client: FlaskClient, path: tuple[str, ...], value: Any) -> None:
    # these were not checked against the cards: the engine then failed on them (a 500)
    state = validate({**ILLEGAL, "actions": ILLEGAL["actions"][:4]}).state
    where = state
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    body = problem_of(client.post("/v1/validate", json={
        "cards": ILLEGAL["cards"], "position": state, "actions": ILLEGAL["actions"][4:]}), 422)
    errors = body["errors"]["position"]
    for key in path:
        errors = errors[key]
    assert "Unknown card id 'nope'." in json.dumps(errors)


def test_a_position_beside_a_setup_is_422(client: FlaskClient) -> None:
    state = validate(ILLEGAL).state
    body = problem_of(client.post("/v1/validate", json={**ILLEGAL, "position": state}), 422)
    assert "not both" in body["errors"]["setup"][0]


def test_options_is_a_204_naming_the_methods_of_every_route(client: FlaskClient) -> None:
    app = client.application
    adapter = app.url_map.bind("localhost")
    routes = 0
    for rule in app.url_map.iter_rules():
        if "OPTIONS" not in (rule.methods or ()):
            continue
        values = {name: "A" * 22 if name == "duel_id" else "1" for name in rule.arguments}
        path = adapter.build(rule.endpoint, values)
        answer = client.options(path)
        assert answer.status_code == 204, path
        assert answer.data == b"" and "Content-Type" not in answer.headers, path
        methods = answer.headers["Allow"].split(", ")
        assert methods == sorted(methods) and set(methods) >= set(rule.methods or ()), path
        routes += 1
    assert routes > 20
    refused = client.get("/v1/duels/" + "A" * 22 + "/actions")  # the 405 names the same
    assert refused.status_code == 405
    assert refused.headers["Allow"] == client.options(
        "/v1/duels/" + "A" * 22 + "/actions").headers["Allow"] == "OPTIONS, POST"


def test_a_body_with_a_content_coding_is_a_415_on_every_endpoint_that_reads_one(
        client: FlaskClient) -> None:
    spec = client.get("/openapi.json").get_json()
    sent = 0
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method == "parameters" or "requestBody" not in operation:
                continue
            assert "Content-Encoding" in operation["responses"]["415"]["description"], path
            url = path.replace("{duel_id}", "A" * 22)
            for kind in operation["requestBody"]["content"]:
                for coding in ("gzip", "identity, deflate"):
                    answer = client.open(url, method=method.upper(), content_type=kind,
                                         data=gzip.compress(b'{"cards": {}}'),
                                         headers={"Content-Encoding": coding})
                    body = problem_of(answer, 415)
                    assert f"Content-Encoding {coding.split(', ')[-1]}" in body["detail"], url
                    assert answer.headers["Accept-Encoding"] == "identity"
                    sent += 1
    assert sent >= 20  # every body-reading endpoint, JSON Lines included
    plain = client.post("/v1/validate", json=ILLEGAL, headers={"Content-Encoding": "Identity"})
    assert plain.status_code == 200 and plain.get_json() == validate(ILLEGAL).to_dict()


@pytest.mark.parametrize("beside", [{}, {"turn": 1}, {"turn_player": "p1"},
                                    {"setup": ILLEGAL["setup"]},
                                    {"turn": 2, "setup": ILLEGAL["setup"]}])
@pytest.mark.parametrize("path", ["/v1/validate", "/v1/duels"])
def test_a_position_excludes_turn_turn_player_and_setup_in_openapi_as_in_the_validator(
        client: FlaskClient, beside: dict[str, Any], path: str) -> None:
    """The Document schema says what the validator does: a position stands instead of turn,
    turn_player and setup (contract section 1); a document with it and any of them is refused,
    each field named; without a position, each is a document's own."""
    spec = client.get("/openapi.json").get_json()
    exclusion = jsonschema_rs.Draft4Validator(
        {"not": spec["components"]["schemas"]["Document"]["not"]})
    state = validate({**ILLEGAL, "actions": ILLEGAL["actions"][:4]}).state
    with_position = {"cards": ILLEGAL["cards"], "position": state,
                     "actions": ILLEGAL["actions"][4:], **beside}
    answer = client.post(path, json=with_position)
    assert exclusion.is_valid(with_position) is (answer.status_code < 400) is not beside
    if beside:
        errors = problem_of(answer, 422)["errors"]
        assert set(errors) == set(beside)
        assert all("either from a position or from turn, turn_player and setup" in errors[key][0]
                   for key in beside)
    without = {**ILLEGAL, **beside}
    assert exclusion.is_valid(without)
    assert client.post(path, json=without).status_code < 400

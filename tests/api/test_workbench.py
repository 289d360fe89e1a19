"""Importing replays, the board at every step and the judge's report over HTTP
(api/workbench.py)."""

from __future__ import annotations

import json
import re

import pytest
from flask.testing import FlaskClient

from api import create_app
from tests.helpers import SHARED, act, document, opening
from validator.importers.duelingbook.replay import load_replay
from validator.teaching.steps import trace

REPLAY = SHARED / "data" / "duelingbook" / "goat-1001583-79697592.json"
needs_shared = pytest.mark.skipif(not REPLAY.exists(), reason="../shared is not beside the "
                                                               "checkout")
#: The actions that put their own card where their log line says.
PLACING = {"normal_summon", "set_monster", "special_summon", "set_spell_trap", "activate"}
TWO_SUMMONS = document([*opening(), act("normal_summon", card="gemini"),
                        act("normal_summon", card="vorse")], {"hand": ["gemini", "vorse"]})


@needs_shared
def test_a_real_replay_is_imported_game_by_game(client: FlaskClient) -> None:
    response = client.post("/v1/import/duelingbook", data=REPLAY.read_bytes(),
                           content_type="application/json")
    assert response.status_code == 200
    games = response.get_json()["games"]
    expected = load_replay(REPLAY.read_text("utf-8"))
    assert [g["document"] for g in games] == [g.document for g in expected]
    assert [(g["game"], g["players"]["p1"], g["format_name"]) for g in games] == [
        (1, "Pattn13", "Goat, by its card pool"), (2, "Galapagos1", "Goat, by its card pool"),
        (3, "Pattn13", "Goat, by its card pool")]
    assert [g["notes"] for g in games] == [[n.to_dict() for n in g.notes] for g in expected]
    rewind = next(n for n in games[1]["notes"] if n["reading"] == "rewind.phase")
    assert rewind["at"] == "[11:21]" and rewind["text"].startswith("[11:21] Pattn13: ")


@needs_shared
def test_a_classic_board_shows_each_card_in_the_zone_the_log_put_it(
        client: FlaskClient) -> None:
    """Issue 25, trial item 6: under ``classic`` the zone is bookkeeping for the engine, but the
    board a judge compares with the log line above it draws the card where the log put it."""
    edison = SHARED / "data" / "duelingbook" / "edison" / "edison-58644678.json"
    games = client.post("/v1/import/duelingbook", data=edison.read_bytes(),
                        content_type="application/json").get_json()["games"]
    logged = re.compile(r'(?:Normal|Special) Summoned "[^"]+" .*to M-(\d)|'
                        r'(?:Set|Activated) "[^"]+" from hand .*to S-(\d)')
    seen = mezuki = 0
    for game in games:
        actions = game["document"]["actions"]
        steps = client.post("/v1/steps", json=game["document"]).get_json()
        # the board after each action; after the illegal one, the board as the log has it
        boards = [*steps["states"][1:], steps["attempted"]]
        for action, board in zip(actions, boards, strict=False):
            found = logged.search(action["log"].get("private", action["log"]["text"]))
            if found is None or action["type"] not in PLACING:
                continue
            side = board["players"][action["player"]]
            zones = {e["card"]: e["zone"] for e in (*side["monsters"], *side["spell_traps"])}
            text = action["log"].get("private", action["log"]["text"])
            assert zones.get(action["card"]) == ("M" + found[1] if found[1] else "S" + found[2]), \
                text
            seen += 1
            mezuki += text.startswith('Normal Summoned "Mezuki"') and text.endswith("to M-5")
    assert seen > 30 and mezuki == 1


@pytest.mark.parametrize(("body", "kind", "field"), [
    ({"plays": []}, "urn:duelcheck:problem:not-a-replay", "plays"),
    ({"plays": [{"play": "Thinking"}]}, "urn:duelcheck:problem:not-a-replay", "plays"),
    ({"cards": {}}, "urn:duelcheck:problem:not-a-replay", "plays"),
    ({"plays": 3}, "urn:duelcheck:problem:not-a-replay", "plays"),
])
def test_what_is_not_a_replay_is_a_problem_naming_the_field(
        client: FlaskClient, body: dict, kind: str, field: str) -> None:  # type: ignore[type-arg]
    response = client.post("/v1/import/duelingbook", json=body)
    problem = response.get_json()
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    assert problem["type"] == kind and field in problem["errors"]


@needs_shared
@pytest.mark.parametrize("path", ["/v1/import/duelingbook", "/v1/steps", "/v1/validate"])
def test_a_replays_text_export_is_a_problem_that_says_what_to_send(
        client: FlaskClient, path: str) -> None:
    """Issue 25, trial item 10: not "not valid JSON", but what it is and what to send."""
    export = REPLAY.parent / "aco77-sdesowitz02-2026-10-07.txt"
    response = client.post(path, data=export.read_bytes(), content_type="application/json")
    problem = response.get_json()
    assert response.status_code == 400 and problem["type"] == "urn:duelcheck:problem:text-export"
    assert problem["detail"].startswith("The body is not a Duelingbook replay but its text "
                                        "export") and "send the replay's JSON" in problem["detail"]


def test_an_unreadable_replay_is_400_or_415(client: FlaskClient) -> None:
    bad = client.post("/v1/import/duelingbook", data='{"plays": [', content_type="application/json")
    assert bad.status_code == 400 and "not valid JSON" in bad.get_json()["detail"]
    assert client.post("/v1/import/duelingbook", data="x",
                       content_type="text/plain").status_code == 415


def test_steps_give_the_board_after_every_action(client: FlaskClient) -> None:
    body = client.post("/v1/steps", json=TWO_SUMMONS).get_json()
    assert body == json.loads(json.dumps(trace(TWO_SUMMONS).to_dict()))
    assert len(body["states"]) == 5 and body["verdict"]["violation"]["index"] == 4
    assert [m["card"] for m in body["attempted"]["players"]["p1"]["monsters"]] == \
        ["gemini", "vorse"]


def test_steps_name_a_card_given_by_passcode_only(client: FlaskClient) -> None:
    doc = {"cards": {"v": {"passcode": 97268402}},
           "setup": {"p1": {"hand": ["v"]}}, "actions": []}
    answer = client.post("/v1/steps", json=doc).get_json()
    assert answer["cards"]["v"]["name"] == "Effect Veiler"
    assert answer["cards"]["v"]["kind"] == "monster" and answer["cards"]["v"]["atk"] == 0


def test_steps_are_bounded_by_their_own_limit() -> None:
    small = create_app({"TESTING": True, "DUELCHECK_MAX_STEPS": 3}).test_client()
    response = small.post("/v1/steps", json=TWO_SUMMONS)
    problem = response.get_json()
    assert response.status_code == 422
    assert problem["type"] == "urn:duelcheck:problem:too-many-steps"
    assert problem["detail"].endswith("POST /v1/validate judges it whole.")
    assert "DUELCHECK_" not in problem["detail"]
    assert small.post("/v1/validate", json=TWO_SUMMONS).status_code == 200


def test_a_malformed_document_has_no_steps(client: FlaskClient) -> None:
    response = client.post("/v1/steps", json={"cards": {"x": {"kind": "monster"}}})
    assert response.status_code == 422
    assert "level" in response.get_json()["errors"]["cards"]["x"]


def test_the_report_is_one_html_file_with_the_games_inside(client: FlaskClient) -> None:
    response = client.post("/v1/report", json={"title": "my match.json",
                                               "games": [TWO_SUMMONS, document(opening())]})
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert response.headers["Content-Disposition"] == \
        'attachment; filename="my-match-report.html"'
    html = response.get_data(as_text=True)
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    data = json.loads(re.search(r'<script type="application/json" id="report-data">(.*?)'
                                r"</script>", html, re.S)[1])  # type: ignore[index]
    assert data["title"] == "my match.json"
    assert [g["verdict"]["legal"] for g in data["games"]] == [False, True]
    assert data["games"][0]["rule"]["id"] == "summon.normal-once"
    assert "window.duelboard" in html or "global.duelboard" in html


def test_a_report_of_a_malformed_game_names_the_field(client: FlaskClient) -> None:
    response = client.post("/v1/report", json={"games": [document(opening()),
                                                         {"cards": {"x": {"kind": "monster"}}}]})
    assert response.status_code == 422
    assert "level" in response.get_json()["errors"]["games"]["1"]["cards"]["x"]
    assert client.post("/v1/report", json={"games": []}).status_code == 422


def test_the_action_limit_counts_every_game_of_a_report() -> None:
    small = create_app({"TESTING": True, "DUELCHECK_MAX_ACTIONS": 6}).test_client()
    response = small.post("/v1/report", json={"games": [TWO_SUMMONS, TWO_SUMMONS]})
    assert response.status_code == 422
    assert response.get_json()["type"] == "urn:duelcheck:problem:too-many-actions"


def test_a_replay_of_another_game_is_a_problem_that_says_so(client: FlaskClient) -> None:
    pick = {"play": "Pick first", "order": ["ann", "bo"], "username": "ann"}
    response = client.post("/v1/import/duelingbook", json={"format": "rr", "plays": [pick]})
    problem = response.get_json()
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    assert problem["type"] == "urn:duelcheck:problem:other-game"
    assert "Rush Duel" in problem["detail"] and "format" in problem["errors"]

"""Random play through a held duel, compared step by step with judging the whole document at
once (contract §9): what the property tests of both stores share."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from api.duels import judge
from tests.helpers import act
from validator import DocumentError, validate
from validator.engine.duel import replay
from validator.rules.catalog import golden_cases
from validator.synth import legal_duel


def make_app(folder: Path, **config: Any) -> Flask:
    """An app whose held duels live in ``folder`` (SQLite), with ``config`` over the defaults."""
    return create_app({"TESTING": True, "DUELCHECK_DATA_DIR": str(folder), **config})


def create(client: FlaskClient, doc: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Hold ``doc``: its id and the 201's body (checked: 201, and its Location)."""
    response = client.post("/v1/duels", json=doc)
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert response.headers["Location"] == f"/v1/duels/{body['id']}"
    return body["id"], body


def step(client: FlaskClient, duel_id: str, actions: list[dict[str, Any]],
         **more: Any) -> Any:
    """Send ``actions`` to the held duel (``more``: ``expect``): the answer."""
    return client.post(f"/v1/duels/{duel_id}/actions", json={"actions": actions, **more})


def retry_after(answer: Any, expires: float, before: float, after: float) -> int:
    """The ``Retry-After`` of a 503 too-many-duels, checked to be the seconds from the
    refusal to ``expires`` (the soonest held duel's expiry, as the store holds it), rounded
    up: the refusal came between ``before`` and ``after`` (seconds since the epoch)."""
    assert answer.status_code == 503, answer.get_json()
    assert answer.get_json()["type"] == "urn:duelcheck:problem:too-many-duels"
    assert "Retry-After" in answer.headers
    seconds = int(answer.headers["Retry-After"])
    assert max(1, math.ceil(expires - after)) <= seconds <= max(1, math.ceil(expires - before))
    assert f"expires in {seconds} s" in answer.get_json()["detail"]
    return seconds


#: Where the random play starts: every legal golden case (positions and chains among them)
#: and synthetic duels of both rulesets.
STARTS = [*(case["document"] for cases in golden_cases().values() for case in cases
            if case["expect"]["legal"]), legal_duel(2), legal_duel(2, ruleset="advanced")]


def _candidates(doc: dict[str, Any], kept: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Legal next actions and illegal ones (the legal ones by the other player, and actions
    from elsewhere in the document), and now and then one that is not well formed."""
    legal = [a.raw for a in replay({**doc, "actions": kept}).legal_actions]
    others = [{**a, "player": "p2" if a["player"] == "p1" else "p1"} for a in legal]
    unknown = act("draw", card="no-such-card")  # not well formed: 422, nothing judged
    return legal * 8 + others + list(doc.get("actions", [])) + [act("phase", to="battle"),
                                                                  unknown]


def stale_after(client: FlaskClient, doc: dict[str, Any], held: int, steps: int,
                expect: bool) -> Any:
    """Hold ``doc``'s first ``held`` actions, keep a copy of this worker's duel as it stands,
    send the next ``steps`` actions, then put the copy back (this worker now has the duel as
    it was before another worker's steps, as a worker that served none of them has it) and
    send one more action, with ``expect`` or without; its answer."""
    answer = client.post("/v1/duels", json={**doc, "actions": doc["actions"][:held]})
    duel_id = answer.get_json()["id"]
    record, duel = judge.DUELS.get(duel_id)
    older = (record, duel.copy())
    for n in range(held, held + steps):
        answer = client.post(f"/v1/duels/{duel_id}/actions",
                             json={"actions": [doc["actions"][n]], "expect": n})
        assert answer.status_code == 200 and answer.get_json()["legal"]
    judge.DUELS.put(duel_id, older)
    n = held + steps
    body: dict[str, Any] = {"actions": [doc["actions"][n]]}
    if expect:
        body["expect"] = n
    return client.post(f"/v1/duels/{duel_id}/actions", json=body)


def play_and_compare(client: FlaskClient, start: dict[str, Any], seed: int, steps: int,
                     forget: bool, stale: int = 0) -> None:
    """Hold ``start`` without its actions, send ``steps`` random steps (1 to 3 actions each:
    legal, illegal, now and then malformed), and check each answer against ``validate`` of
    the whole document; ``forget`` empties this worker's duels before each step, so that each
    is judged from the stored record; ``stale`` gives this worker, before each step, its copy
    of the duel as it was that many steps before (as a worker that served none of the steps
    since has it)."""
    rng = random.Random(seed)
    base = {k: v for k, v in start.items() if k != "actions"}
    answer = client.post("/v1/duels", json=base)
    assert answer.status_code == 201
    duel_id = answer.get_json()["id"]
    kept: list[dict[str, Any]] = []
    copies: list[tuple[Any, Any]] = []
    for _ in range(steps):
        pool = _candidates(start, kept)
        new = [rng.choice(pool) for _ in range(rng.randint(1, 3))]
        mine = judge.DUELS.get(duel_id)
        if mine is not None:
            copies.append((mine[0], mine[1].copy()))
        if forget:  # another worker served the last step: this one restores the record
            judge.DUELS.clear()
            judge.DOCUMENTS.clear()
        elif stale and len(copies) > stale:
            record, duel = copies[-1 - stale]
            judge.DUELS.put(duel_id, (record, duel.copy()))
        answer = client.post(f"/v1/duels/{duel_id}/actions",
                             json={"actions": new, "expect": len(kept)})
        try:
            whole = validate({**base, "actions": kept + new}).to_dict()
        except DocumentError:
            assert answer.status_code == 422
            continue
        assert answer.status_code == 200, answer.get_json()
        verdict = answer.get_json()
        legal_new = whole["actions_checked"] - len(kept) - (0 if whole["legal"] else 1)
        expected = {**whole, "actions_checked": whole["actions_checked"] - len(kept)}
        if whole["violation"] is not None:
            expected["violation"] = {**whole["violation"],
                                     "index": whole["violation"]["index"] - len(kept)}
        assert verdict == expected
        kept += new[:legal_new]
        if whole["outcome"] is not None and not whole["legal"]:
            break
    held_now = client.get(f"/v1/duels/{duel_id}").get_json()
    assert held_now["actions"] == len(kept)
    assert held_now["state"] == validate({**base, "actions": kept}).state
    assert client.get(f"/v1/duels/{duel_id}?document=1").get_json()["actions"] == kept

"""The golden cases of specs/cases: every case's verdict, and every rule covered both ways."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.helpers import CASES, load_cases
from validator import rules, validate

CASE_LIST = load_cases()


def _dig(obj: Any, dotted: str) -> Any:
    for key in dotted.split("."):
        obj = obj[int(key)] if isinstance(obj, list) else obj[key]
    return obj


@pytest.mark.parametrize(("stem", "case"), CASE_LIST,
                         ids=[f"{s}: {c['name']}" for s, c in CASE_LIST])
def test_golden_case(stem: str, case: dict[str, Any]) -> None:
    verdict = validate(case["document"]).to_dict()
    expect = case["expect"]
    assert verdict["legal"] is expect["legal"], verdict["violation"]
    actions = case["document"]["actions"]
    if expect["legal"]:
        assert verdict["violation"] is None
        assert verdict["actions_checked"] == len(actions)
    else:
        v = verdict["violation"]
        assert (v["index"], v["rule"]) == (expect["index"], expect["rule"]), v["message"]
        assert v["action"] == actions[v["index"]]
        assert v["message"] and v["message"][-1] in ".)"
        assert verdict["actions_checked"] == v["index"] + 1
    if "outcome" in expect:
        assert verdict["outcome"] == expect["outcome"]
    for path, value in expect.get("state", {}).items():
        assert _dig(verdict["state"], path) == value, path
    json.dumps(verdict)


def test_every_case_file_names_a_catalog_rule() -> None:
    for path in CASES.glob("*.json"):
        data = json.loads(path.read_text("utf-8"))
        if path.stem == "_engine":
            assert data["rule"] is None
            continue
        assert data["rule"] == path.stem
        assert path.stem in rules(), f"{path.name} names no rule of the catalog"


@pytest.mark.parametrize("rule_id", list(rules()))
def test_every_rule_has_a_legal_and_an_illegal_case(rule_id: str) -> None:
    path = CASES / f"{rule_id}.json"
    assert path.exists(), f"no golden cases for {rule_id}"
    cases = json.loads(path.read_text("utf-8"))["cases"]
    assert any(c["expect"]["legal"] for c in cases), f"no legal case for {rule_id}"
    assert any(c["expect"].get("rule") == rule_id for c in cases), f"no illegal case for {rule_id}"

"""Edges of summon.pendulum-* (validator/rules/checks/pendulum.py)."""

from __future__ import annotations

import json

from tests.helpers import ROOT
from validator import validate


def test_a_second_pendulum_summon_names_the_first_by_its_number_from_one() -> None:
    """Messages number actions from 1, as the CLI and the page do (the golden case's first
    Pendulum Summon is its fourth action)."""
    case = json.loads((ROOT / "specs" / "cases" / "summon.pendulum-once.json")
                      .read_text("utf-8"))["cases"][0]
    document = case["document"]
    first = document["actions"][-1]
    document["actions"].append({"type": "pendulum_summon", "player": "p1", "cards": ["vorse"]})
    verdict = validate(document)
    assert verdict.violation is not None
    assert verdict.violation.rule == "summon.pendulum-once"
    assert f"(action {document['actions'].index(first) + 1})" in verdict.violation.message

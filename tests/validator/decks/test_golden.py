"""The deck check's golden cases (specs/decks/, one file a finding id): each request is a
body of POST /v1/decks/check and must give exactly its findings."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.validator.decks.golden import DECKS, IDS, golden, short
from validator.decks import check_deck
from validator.decks.schema import DeckCheckRequestSchema


def test_every_finding_id_has_a_file_with_legal_and_illegal_cases() -> None:
    files = {json.loads(p.read_text("utf-8"))["id"]: json.loads(p.read_text("utf-8"))
             for p in DECKS.glob("*.json")}
    assert sorted(files) == sorted(IDS)
    for rid, data in files.items():
        assert any(not c["findings"] for c in data["cases"]), f"{rid}: no legal case"
        assert any(f["id"] == rid for c in data["cases"] for f in c["findings"]), \
            f"{rid}: no case that finds it"
        for c in data["cases"]:
            assert c["name"].startswith("legal") == (not c["findings"]), c["name"]


@pytest.mark.parametrize(("rid", "case"), golden(), ids=[c["name"] for _, c in golden()])
def test_golden_case(rid: str, case: dict[str, Any]) -> None:
    body = DeckCheckRequestSchema().load(case["request"])
    answer = check_deck(body["deck"], body["format"], body["date"]).to_dict()
    assert short(answer) == case["findings"]
    assert answer["legal"] == (not case["findings"])
    assert set(answer) == {"format", "list", "legal", "findings"}
    assert set(answer["list"]) == {"name", "date", "source"}
    for finding in answer["findings"]:
        assert finding["detail"], finding


def test_a_finding_names_its_list_and_where_the_copies_are() -> None:
    case = next(c for _, c in golden() if c["name"].startswith("A Limited card once in"))
    body = DeckCheckRequestSchema().load(case["request"])
    (finding,) = check_deck(body["deck"], "goat").to_dict()["findings"]
    assert finding["copies"] == {"main": 1, "side": 1}
    assert finding["detail"].startswith("Limited on 2005.4 GOAT (ProjectIgnis/LFLists "
                                        "GOAT.lflist.conf at ")
    assert finding["detail"].endswith("at most 1 copy in the Main, Extra and Side Decks "
                                      "together; 2 found (Main 1, Side 1).")

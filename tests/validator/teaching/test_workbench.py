"""Data for the workbench and the judge's report (validator/teaching/workbench.py)."""

from __future__ import annotations

import pytest

from tests.helpers import SHARED, act, document, load_cases, opening
from validator import DocumentError, load_document, rules
from validator.importers.duelingbook.replay import load_replay
from validator.teaching.steps import card_json
from validator.teaching.workbench import game_json, game_label, game_report

REPLAY = SHARED / "data" / "duelingbook" / "goat-1001583-79697592.json"


def test_cards_come_back_as_the_document_had_them() -> None:
    for _, case in load_cases():
        doc = load_document(case["document"])
        again = load_document({"cards": {cid: {**card_json(card), "owner": card.owner or "p1"}
                                         for cid, card in doc.cards.items()}})
        for cid, card in doc.cards.items():
            if card.owner is not None:
                assert again.cards[cid] == card


def test_a_game_report_has_the_rule_and_both_boards() -> None:
    doc = document([*opening(), act("normal_summon", card="gemini"),
                    act("normal_summon", card="vorse")], {"hand": ["gemini", "vorse"]})
    game = game_report(doc, "two summons")
    assert game["label"] == "two summons" and game["actions"] == doc["actions"]
    assert game["rule"] == rules()["summon.normal-once"].to_dict()
    before = game["verdict"]["state"]["players"]["p1"]["monsters"]
    after = game["attempted"]["players"]["p1"]["monsters"]
    assert (len(before), len(after)) == (1, 2)
    assert game["cards"]["gemini"]["name"] == "Gemini Elf"


def test_a_legal_game_report_has_no_rule() -> None:
    game = game_report(document(opening()), "fine")
    assert game["verdict"]["legal"] and game["rule"] is None and game["attempted"] is None


def test_a_malformed_document_raises_its_errors() -> None:
    with pytest.raises(DocumentError):
        game_report({"cards": {"x": {"kind": "monster"}}}, "bad")


@pytest.mark.skipif(not REPLAY.exists(), reason="../shared is not beside the checkout")
def test_imported_games_carry_usernames_format_and_documents() -> None:
    games = [game_json(g) for g in load_replay(REPLAY.read_text("utf-8"))]
    assert [g["game"] for g in games] == [1, 2, 3]
    assert games[0]["players"] == {"p1": "Pattn13", "p2": "Galapagos1"}
    assert games[0]["format_name"] == "Goat, by its card pool" and games[0]["stopped"] is None
    assert games[2]["document"]["source"]["players"] == games[2]["players"]
    label = game_label(games[2]["document"]["source"], "x")
    assert label == "Game 3: Pattn13 (p1) vs Galapagos1 (p2), Goat, by its card pool"

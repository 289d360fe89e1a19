"""Malformed documents: errors keyed by path, never a traceback (validator/document/schema.py,
validator/document/crosscheck.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import act, document
from tests.validator.document.malformed import BAD, errors_of
from validator import DocumentError, load_document, validate


def test_unknown_card_id_in_an_action_is_keyed_like_marshmallow() -> None:
    doc = document([act("draw"), act("phase", to="standby"), act("phase", to="main1"),
                    act("normal_summon", card="c9")])
    assert errors_of(doc) == {"actions": {"3": {"card": ["Unknown card id 'c9'."]}}}


def test_numbers_at_their_bounds_are_well_formed() -> None:
    doc = load_document({"cards": {"x": {"kind": "monster", "level": 4, "owner": "p1",
                                         "atk": 10**9, "def": 10**9}},
                         "turn": 1_000_000, "setup": {"p1": {"lp": 10**9}},
                         "actions": [act("damage", amount=10**9)]})
    assert doc.turn == 1_000_000 and doc.setup["p1"].lp == 10**9


@pytest.mark.parametrize("text", ['\ufeff{"cards": {}}', b'\xef\xbb\xbf{"cards": {}}'])
def test_a_byte_order_mark_is_accepted(text: str | bytes) -> None:
    assert load_document(text).turn == 1


def test_an_integer_too_long_to_convert_is_a_document_error() -> None:
    assert "_document" in errors_of('{"cards": {}, "turn": ' + "9" * 5000 + "}")


@pytest.mark.parametrize(("name", "doc", "path", "fragment"), BAD, ids=[b[0] for b in BAD])
def test_malformed_document_names_the_field(name: str, doc: dict[str, Any], path: str,
                                            fragment: str) -> None:
    node: Any = errors_of(doc)
    for key in path.split("."):
        assert key in node, (path, node)
        node = node[key]
    assert any(fragment in message for message in node), node


@pytest.mark.parametrize("text", ["[1", "[]", "3", "\"x\"", b"\xff\xfe"])
def test_text_that_is_not_a_json_object(text: str | bytes) -> None:
    assert "_document" in errors_of(text)


def test_drawing_a_card_that_is_not_in_the_deck_is_a_document_error() -> None:
    doc = document([act("draw", card="gemini")], {"hand": ["gemini"]})
    with pytest.raises(DocumentError) as info:
        validate(doc)
    assert "not in p1's deck" in info.value.errors["actions"]["0"]["card"][0]


def test_defaults_of_section_1() -> None:
    doc = load_document({"cards": {}})
    assert (doc.ruleset, doc.turn, doc.turn_player) == ("classic", 1, "p1")
    assert doc.setup["p2"].deck == 40 and doc.setup["p2"].lp == 8000
    assert load_document(document([], {"hand": ["mirror"]})).cards["mirror"].effect == "quick"


def test_the_input_document_is_not_modified() -> None:
    doc = document([act("draw")], {"hand": ["gemini"]})
    before = repr(doc)
    validate(doc)
    assert repr(doc) == before


def test_json_nested_too_deeply_is_a_document_error() -> None:
    assert errors_of("[" * 100_000 + "]" * 100_000) == {
        "_document": ["The JSON is nested too deeply."]}


def test_an_unknown_monster_and_its_unknown_foes_in_a_position_are_field_errors() -> None:
    state = validate({"cards": {}}).state
    state["this_turn"]["declared"] = {"x": ["y"]}  # once a 500: a field with errors inside
    state["this_turn"]["indexes"]["declared"] = {"x": 0}
    errors = errors_of({"cards": {}, "position": state})
    assert errors["position"]["this_turn"]["declared"]["x"] == {
        "key": ["Unknown card id 'x'."], "value": {"0": ["Unknown card id 'y'."]}}



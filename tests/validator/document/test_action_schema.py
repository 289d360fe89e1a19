"""A document's actions (validator/document/action_schema.py): each type loaded by its own
schema, a list field of any length."""

from __future__ import annotations

from typing import Any

import pytest
from marshmallow import ValidationError

from tests.helpers import act, document
from validator import load_document
from validator.document.action_schema import ACTION_SCHEMAS, ActionField


def test_a_tribute_list_of_any_length_is_well_formed() -> None:
    tributes = ["gemini", "vorse", "lady", "jar", "sangan", "ignis", "kuriboh"]
    doc = document([act("draw"), act("normal_summon", card="dm", tributes=tributes)],
                   {"hand": ["dm"], "graveyard": tributes})
    assert len(load_document(doc).actions[1].tributes) == 7


def test_an_action_is_loaded_by_the_schema_of_its_type() -> None:
    field = ActionField()
    assert field.deserialize({"type": "phase", "player": "p1", "to": "main1"}).to == "main1"
    assert field.deserialize({"type": "damage", "player": "p2", "amount": 300}).amount == 300
    with pytest.raises(ValidationError) as caught:
        field.deserialize({"type": "phase", "player": "p1", "amount": 300})
    assert "amount" in caught.value.messages


@pytest.mark.parametrize("value", [{"type": "fly", "player": "p1"}, {"player": "p1"}, [], "draw"])
def test_an_action_of_no_known_type_is_refused_naming_the_types(value: Any) -> None:
    with pytest.raises(ValidationError) as caught:
        ActionField().deserialize(value)
    said = str(caught.value.messages)
    assert ("normal_summon" in said) if isinstance(value, dict) else "Not an action" in said
    assert set(ACTION_SCHEMAS) >= {"draw", "normal_summon", "activate", "move", "surrender"}

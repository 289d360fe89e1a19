"""``Duel.push`` and ``in duel.legal_actions`` take an action's JSON object as well as an
:class:`Action`, and fail on a bad one as :func:`validate` does."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import act, document, opening
from validator import Action, DocumentError, Duel, load_document, validate

DOC = document(opening(), {"hand": ["gemini"]}, p2={"hand": ["vorse"]})


def fresh() -> Duel:
    duel = Duel(load_document({**DOC, "actions": []}))
    for action in opening():
        duel.push(action)
    return duel


@pytest.mark.parametrize("bad", [
    act("dance"), act("normal_summon", card="c9"), act("normal_summon"),
    act("normal_summon", card="gemini", tributes=["nobody"]), act("draw", card="vorse"),
    {"type": "draw"}, "draw"])
def test_a_bad_action_is_the_document_error_validate_gives(bad: Any) -> None:
    with pytest.raises(DocumentError) as caught:
        validate({**DOC, "actions": [*opening(), bad]})
    with pytest.raises(DocumentError) as pushed:
        fresh().push(bad)
    assert pushed.value.errors == caught.value.errors
    assert bad not in fresh().legal_actions


def test_a_dict_and_an_action_get_the_same_answers() -> None:
    duel = fresh()
    for raw in (act("normal_summon", card="gemini"), act("set_monster", card="gemini"),
                act("normal_summon", "p2", card="vorse"), act("phase", to="end"),
                act("draw")):
        action = Action(raw["type"], raw["player"], card=raw.get("card"), to=raw.get("to"))
        assert (raw in duel.legal_actions) == (action in duel.legal_actions), raw
    assert act("normal_summon", card="gemini") in duel.legal_actions
    assert 42 not in duel.legal_actions
    duel.push(act("normal_summon", card="gemini"))
    assert duel.pushed == 4 and duel.state.sides["p1"].monsters


def test_a_token_cannot_be_drawn() -> None:
    doc = document([act("draw", card="tok")])
    with pytest.raises(DocumentError) as caught:
        validate(doc)
    assert caught.value.errors == {"actions": {"0": {"card": [
        "'tok' is a token: tokens are never in a Deck, so never drawn."]}}}
    duel = Duel(load_document({**doc, "actions": []}))
    assert act("draw", card="tok") not in duel.legal_actions
    assert all(a.card != "tok" for a in duel.legal_actions)


@pytest.mark.parametrize(("bad", "field"), [
    (Action("normal_summon", "p1"), "card"), (Action("move", "p1", card="gemini"), "to"),
    (Action("phase", "p1", to="nowhere"), "to"), (Action("draw", "p3"), "player"),
    (Action("damage", "p1", amount=-3), "amount"), (Action("attack", "p1"), "type"),
    (Action("normal_summon", "p1", card=5), "card"),  # type: ignore[arg-type]
    (Action("draw", "p1", amount=5), "amount")])
def test_an_action_built_by_hand_is_checked_as_its_json_object_is(bad: Action,
                                                                     field: str) -> None:
    # a hand-built Action skips the schema otherwise, and reaches checks that need its fields
    with pytest.raises(DocumentError) as pushed:
        fresh().push(bad)
    (where,) = pushed.value.errors["actions"].values()
    assert field in where
    assert bad not in fresh().legal_actions

"""The loader compiled from the schemas agrees with marshmallow (validator/document/fastload.py): on
every golden case and corpus game it answers, with the same document; on every malformed
document it steps aside, and the errors are marshmallow's own."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError, fields, validate

from tests.helpers import corpus, load_cases, needs_corpus
from tests.validator.document.limited import LIMITED, LINK, SYNCHRO
from tests.validator.document.malformed import BAD
from validator.document.fastload import Compiler, Fallback
from validator.document.fastschema import FastSchema
from validator.document.jsontext import DuplicateKeyError, loads
from validator.document.model import MOVE_DESTINATIONS, PHASES, POSITIONS, Document
from validator.document.schema import ACTION_SCHEMAS, DocumentSchema
from validator.synth import legal_duel

COMPILED = Compiler().schema(DocumentSchema())


class MarshmallowOnly(DocumentSchema):
    """The document schema loaded by marshmallow alone."""

    fast = False


def marshmallow(data: Any) -> tuple[str, Any]:
    try:
        return "loaded", MarshmallowOnly().load(data)
    except ValidationError as exc:
        return "errors", exc.messages


def compiled(data: Any) -> tuple[str, Any]:
    try:
        return "loaded", COMPILED(data)
    except Fallback:
        return "fallback", None


def same_document(a: Document, b: Document) -> bool:
    """Equal documents, down to the raw action objects and their logs."""
    return a == b and [(x.raw, x.log) for x in a.actions] == [(x.raw, x.log) for x in b.actions]


def assert_agree(data: Any, *, well_formed: bool | None = None) -> None:
    """The compiled path answers only what marshmallow answers, and the schema's own load
    (compiled first) gives exactly marshmallow's result or errors."""
    before = copy.deepcopy(data)
    slow, fast = marshmallow(data), compiled(data)
    if fast[0] == "loaded":
        assert slow[0] == "loaded", f"compiled path accepted what marshmallow refuses: {slow}"
        assert same_document(fast[1], slow[1])
    if well_formed is not None:
        assert (fast[0] == "loaded") is well_formed, slow
    try:
        through_schema: tuple[str, Any] = ("loaded", DocumentSchema().load(data))
    except ValidationError as exc:
        through_schema = ("errors", exc.messages)
    assert through_schema[0] == slow[0]
    if slow[0] == "errors":
        assert through_schema[1] == slow[1]
    else:
        assert same_document(through_schema[1], slow[1])
    assert data == before, "loading changed its input"


CASES = load_cases()


@pytest.mark.parametrize(("stem", "case"), CASES, ids=[f"{s}: {c['name']}" for s, c in CASES])
def test_every_golden_case_loads_compiled(stem: str, case: dict[str, Any]) -> None:
    assert_agree(case["document"], well_formed=True)


@needs_corpus()
def test_every_corpus_game_loads_compiled() -> None:
    for _, document in corpus():
        assert_agree(document, well_formed=True)


def test_synthetic_duels_load_compiled() -> None:
    for turns in (1, 5, 30):
        assert_agree(legal_duel(turns, seed=turns), well_formed=True)


def test_the_limits_of_revision_4_load_compiled() -> None:
    doc = {"cards": {"k": LIMITED, "l": LINK, "s": SYNCHRO,
                     "p": {"kind": "spell", "subtype": "normal", "owner": "p1",
                           "activations_per_turn": 1}}}
    assert_agree(doc, well_formed=True)
    for bad in ({**LIMITED, "locks": [{"applies": "all", "allows": [], "scope": "turn",
                                       "by": True}]},
                {**LINK, "materials": [{"summon": "link", "min": "2"}]}):
        assert_agree({"cards": {"k": bad}}, well_formed=False)


@pytest.mark.parametrize(("name", "doc", "path", "fragment"), BAD, ids=[b[0] for b in BAD])
def test_every_malformed_document_falls_back_to_marshmallow(name: str, doc: Any, path: str,
                                                            fragment: str) -> None:
    if isinstance(doc, str):
        with pytest.raises(DuplicateKeyError):
            loads(doc)  # refused before any schema sees it
        return
    assert_agree(doc, well_formed=False)


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 10**10), st.floats(allow_nan=False),
              st.sampled_from(["p1", "p2", "p3", "", "x" * 201, "gemini", "m1", "s1", *PHASES,
                               *POSITIONS, *MOVE_DESTINATIONS, "monster", "spell", "trap",
                               "normal", "equip", "quick", "classic", "draw", "move"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.sampled_from(["card", "to", "x", "type", "level",
                                                             "kind", "deck"]), inner,
                                            max_size=3)),
    max_leaves=6)


@st.composite
def mutated(draw: st.DrawFn, document: dict[str, Any]) -> Any:
    """The document with one to three nodes replaced, deleted or added, anywhere in it."""
    doc = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 3))):
        node: Any = doc
        while True:
            children = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
            children = [(k, v) for k, v in children if isinstance(v, dict | list)]
            if not children or draw(st.integers(0, 2)) == 0:
                break
            node = draw(st.sampled_from(children))[1]
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        how = draw(st.sampled_from(["replace", "delete", "add"]))
        if how == "add" or not keys:
            if isinstance(node, dict):
                node[draw(st.sampled_from(["x", "card", "owner", "by_effect", "level"]))] = \
                    draw(json_values)
            else:
                node.append(draw(json_values))
        elif how == "delete":
            del node[draw(st.sampled_from(keys))]
        else:
            node[draw(st.sampled_from(keys))] = draw(json_values)
    return doc


def from_position(doc: dict[str, Any]) -> dict[str, Any]:
    """The document going on from where ``doc`` ends (its state as the position)."""
    from validator import validate

    return {"cards": doc["cards"], "position": validate(doc).state,
            "actions": doc["actions"][-2:]}


POSITIONS = [from_position(case["document"]) for _, case in CASES[::5]
             if case["expect"]["legal"]]
STARTS = [case["document"] for _, case in CASES[::3]] + [legal_duel(2, seed=1), *POSITIONS]


def test_positions_load_compiled() -> None:
    for doc in POSITIONS:
        assert_agree(doc, well_formed=True)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STARTS).flatmap(mutated))
def test_compiled_loading_agrees_with_marshmallow_on_mutated_documents(doc: Any) -> None:
    assert_agree(doc)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_any_json_value_as_a_document(value: Any) -> None:
    assert_agree(value)


def test_json_text_round_trips_through_both() -> None:
    doc = legal_duel(3)
    assert same_document(DocumentSchema().load(loads(json.dumps(doc))),
                         MarshmallowOnly().load(doc))


def test_every_action_schema_compiles_to_plain_checks() -> None:
    compiler = Compiler()
    for kind, schema in ACTION_SCHEMAS.items():
        for name, field in schema.load_fields.items():
            assert compiler.plan(field)[0] is not None or name == "log" or \
                isinstance(field, fields.List), (kind, name)


def test_fields_it_does_not_know_run_as_marshmallow_runs_them() -> None:
    class Odd(Schema):
        code = fields.String(validate=validate.Regexp("^[a-z]+$"))
        when = fields.Date()

    load = Compiler().schema(Odd())
    assert load({"code": "abc", "when": "2026-01-02"}) == Odd().load(
        {"code": "abc", "when": "2026-01-02"})
    for bad in ({"code": "ABC"}, {"when": "soon"}, {"code": None}, {"x": 1}):
        with pytest.raises(Fallback):
            load(bad)


def test_a_schema_with_hooks_it_cannot_compile_always_falls_back() -> None:
    from marshmallow import post_load

    class Collection(FastSchema):
        n = fields.Integer()

        @post_load(pass_collection=True)
        def _whole(self, data: Any, **kwargs: Any) -> Any:
            return data

    with pytest.raises(Fallback):
        Compiler().schema(Collection())({"n": 1})
    assert Collection().load({"n": 1}) == {"n": 1}


def valid_value(field: fields.Field) -> st.SearchStrategy[Any]:  # type: ignore[type-arg]
    """Values the field accepts (mostly), read off its validators."""
    for v in field.validators:
        if isinstance(v, validate.OneOf):
            return st.sampled_from(list(v.choices))
        if isinstance(v, validate.Range):
            return st.integers(v.min or 0, v.max or 10)
    if isinstance(field, fields.Boolean):
        return st.booleans()
    if isinstance(field, fields.List):
        return st.lists(st.sampled_from(["a", "b", "gemini"]), max_size=5)
    return st.sampled_from(["a", "gemini", "x1"])


@st.composite
def actions(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """Mostly valid actions of every type, some with one field or key broken."""
    kind = draw(st.sampled_from(sorted(ACTION_SCHEMAS)))
    body: dict[str, Any] = {"type": kind}
    for name, field in ACTION_SCHEMAS[kind].load_fields.items():
        if name != "type" and (field.required or draw(st.booleans())):
            body[field.data_key or name] = draw(valid_value(field))
    if draw(st.integers(0, 3)) == 0:
        body[draw(st.sampled_from(["type", "player", "card", "to", "tributes", "by_effect",
                                   "respond", "target", "position", "amount", "extra"]))] = \
            draw(json_values)
    return kind, body


@settings(max_examples=2000, deadline=None)
@given(actions())
def test_each_action_schema_compiled_agrees_with_marshmallow(
        case: tuple[str, dict[str, Any]]) -> None:
    kind, value = case
    schema = ACTION_SCHEMAS[kind]
    try:
        fast: dict[str, Any] | None = Compiler().schema(schema)(value)
    except Fallback:
        fast = None
    try:
        slow: dict[str, Any] | None = schema.load(value)
    except ValidationError:
        slow = None
    if fast is not None:
        assert slow is not None, f"compiled path accepted what the schema rejects: {value}"
        assert fast == slow

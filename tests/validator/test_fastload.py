"""The fast action loader agrees with the schema whenever it answers (validator/fastload.py)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError, fields, validate

from validator.fastload import FastLoader, compile_field
from validator.model import MOVE_DESTINATIONS, PHASES, POSITIONS
from validator.schema import ACTION_SCHEMAS

KEYS = ["type", "player", "card", "to", "tributes", "by_effect", "respond", "target",
        "position", "amount", "extra"]
values = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 10_000_001), st.floats(allow_nan=False),
    st.sampled_from(["p1", "p2", "p3", "", "x" * 201, "gemini", *PHASES, *POSITIONS,
                     *MOVE_DESTINATIONS]),
    st.lists(st.sampled_from(["a", "b", "", 3]), max_size=7))


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
        body[draw(st.sampled_from(KEYS))] = draw(values)
    return kind, body


@settings(max_examples=3000, deadline=None)
@given(actions())
def test_fast_path_never_disagrees_with_the_schema(case: tuple[str, dict[str, Any]]) -> None:
    kind, value = case
    schema = ACTION_SCHEMAS[kind]
    fast = FastLoader(schema).load(value)
    try:
        slow: dict[str, Any] | None = schema.load(value)
    except ValidationError:
        slow = None
    if fast is not None:
        assert slow is not None, f"fast path accepted what the schema rejects: {value}"
        if "tributes" in slow:
            slow["tributes"] = tuple(slow["tributes"])
        assert fast == slow


def test_every_action_schema_compiles() -> None:
    assert all(FastLoader(schema).usable for schema in ACTION_SCHEMAS.values())


def test_unknown_validators_and_defaults_fall_back() -> None:
    assert compile_field(fields.String(validate=validate.Regexp("x"))) is None
    assert compile_field(fields.Dict(keys=fields.String())) is None
    assert compile_field(fields.Nested(ACTION_SCHEMAS["draw"])) is None

"""A fast path for loading action objects, compiled from the action schemas' own fields.

marshmallow spends most of a document's load on its per-field machinery. An action is a
handful of scalar fields, so each action schema is compiled once into plain checks. An action
that passes every check is built directly. Anything else (an unknown field, a wrong type, a
value out of range) goes through the schema, which then reports the error as it always does.
The schemas stay the single source: the checks are read from their fields and validators.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from marshmallow import Schema, fields, missing, validate

Test = Callable[[Any], bool]


def _validator_test(v: Any) -> Test | None:
    if isinstance(v, validate.OneOf):
        choices = frozenset(v.choices)
        return lambda x: x in choices
    if isinstance(v, validate.Range):
        lo, hi, lo_in, hi_in = v.min, v.max, v.min_inclusive, v.max_inclusive
        return lambda x: ((lo is None or (x >= lo if lo_in else x > lo))
                          and (hi is None or (x <= hi if hi_in else x < hi)))
    if isinstance(v, validate.Length) and v.equal is None:
        lo, hi = v.min, v.max
        return lambda x: (lo is None or len(x) >= lo) and (hi is None or len(x) <= hi)
    return None


def _type_test(field: fields.Field) -> Test | None:  # type: ignore[type-arg]
    if isinstance(field, fields.Boolean):
        return lambda x: x is True or x is False
    if isinstance(field, fields.Integer):
        return lambda x: type(x) is int
    if isinstance(field, fields.String):
        return lambda x: type(x) is str
    if isinstance(field, fields.Dict) and field.key_field is None and field.value_field is None:
        return lambda x: type(x) is dict
    if isinstance(field, fields.List):
        inner = compile_field(field.inner)
        if inner is None:
            return None
        return lambda x: type(x) is list and all(inner(i) for i in x)
    return None


def compile_field(field: fields.Field) -> Test | None:  # type: ignore[type-arg]
    """A plain check that accepts only what ``field`` loads unchanged, or None if unsure.

    >>> check = compile_field(fields.Integer(validate=validate.Range(1, 5)))
    >>> check(3), check(9), check("3")
    (True, False, False)
    """
    base = _type_test(field)
    if base is None:
        return None
    tests = [base]
    for v in field.validators:
        test = _validator_test(v)
        if test is None:
            return None
        tests.append(test)
    allow_none = field.allow_none

    def check(x: Any) -> bool:
        if x is None:
            return allow_none
        return all(t(x) for t in tests)
    return check


class FastLoader:
    """One action schema compiled: :meth:`load` returns its fields, or None to fall back."""

    def __init__(self, schema: Schema) -> None:
        self.plan: dict[str, tuple[str, Test, bool]] = {}
        self.required: frozenset[str] = frozenset()
        self.usable = True
        required = []
        for name, field in schema.load_fields.items():
            key = field.data_key or name
            test = compile_field(field)
            if test is None or field.load_default is not missing:
                self.usable = False
                return
            self.plan[key] = (name, test, isinstance(field, fields.List))
            if field.required:
                required.append(key)
        self.required = frozenset(required)

    def load(self, value: Mapping[str, Any]) -> dict[str, Any] | None:
        """The loaded fields of a plainly valid action; None when the schema must decide."""
        if not self.usable or not self.required <= value.keys():
            return None
        out: dict[str, Any] = {}
        plan = self.plan
        for key, item in value.items():
            entry = plan.get(key)
            if entry is None or not entry[1](item):
                return None
            out[entry[0]] = tuple(item) if entry[2] else item
        return out

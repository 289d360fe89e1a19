"""Loading compiled from the marshmallow schemas, which stay the one definition of the document.

marshmallow spends most of a load in its per-field machinery. :class:`Compiler` reads a schema
once (its fields with their type, ``data_key``, ``required``, ``allow_none``,
``load_default`` and validators; its ``unknown`` policy; its hooks) and returns a plain
function. That function loads plainly valid input exactly as the schema would, and raises
:class:`Fallback` at the first thing it is not sure of. The caller then lets the schema load
the same input, which either succeeds or words the errors marshmallow's way: the compiled path
never writes an error message of its own.

Nested schemas and lists are compiled too. A custom field runs its own ``_deserialize``; it
receives ``load`` (a :data:`LoadWith`) for the schemas it nests, so that the compiled path
loads them compiled and marshmallow's path loads them with marshmallow. A custom field on
the hot path may instead compile itself: ``fast_load(compiler)`` returns its loader.
:class:`validator.document.fastschema.FastSchema` is a schema whose ``load`` tries its compiled form
first (a module of its own: this one is compiled by mypyc, setup.py, and a compiled module
cannot hold a subclass of marshmallow's ``Schema``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import EXCLUDE, INCLUDE, RAISE, Schema, ValidationError, fields, missing, validate
from marshmallow.decorators import POST_LOAD, PRE_LOAD, VALIDATES, VALIDATES_SCHEMA

#: A compiled loader: the loaded value, or :class:`Fallback`.
Load = Callable[[Any], Any]
#: A field compiled: ``(type, choices, tests, load)``. A value of that type, among the
#: choices (None: any) and passing the tests, loads unchanged; any other value goes through
#: ``load``. Fields that are not plain scalars have no type and always go through ``load``.
FieldPlan = tuple[type | None, frozenset[Any] | None, tuple["Test", ...], Load]
#: A field of a schema compiled: its attribute name, then its :data:`FieldPlan`.
NamedPlan = tuple[str, type | None, frozenset[Any] | None, tuple["Test", ...], Load]
#: How a custom field loads a schema it nests: ``load(schema, data)``.
LoadWith = Callable[[Schema, Any], Any]
Test = Callable[[Any], bool]


class Fallback(Exception):
    """The input is not plainly valid: the schema must decide (and word any error)."""


def marshmallow_load(schema: Schema, data: Any) -> Any:
    """marshmallow's own way of loading a nested schema (the default ``load`` of fields).

    >>> from marshmallow import Schema, fields
    >>> marshmallow_load(Schema.from_dict({"n": fields.Integer()})(), {"n": 3})
    {'n': 3}
    """
    return schema.load(data)


def _validator_test(v: Any) -> Test | None:
    if isinstance(v, validate.OneOf):
        choices = frozenset(v.choices)
        return lambda x: x in choices
    if isinstance(v, validate.Range):
        lo, hi, lo_in, hi_in = v.min, v.max, v.min_inclusive, v.max_inclusive
        return lambda x: ((lo is None or (x >= lo if lo_in else x > lo))
                          and (hi is None or (x <= hi if hi_in else x < hi)))
    if isinstance(v, validate.Length):
        lo, hi, eq = v.min, v.max, v.equal
        if eq is not None:
            return lambda x: len(x) == eq
        return lambda x: (lo is None or len(x) >= lo) and (hi is None or len(x) <= hi)
    return None


def _tests(field: fields.Field) -> tuple[frozenset[Any] | None, tuple[Test, ...]] | None:  # type: ignore[type-arg]
    """A field's validators as plain tests (the first ``OneOf`` as a set of choices), or
    None when one of them is not a validator this module knows."""
    choices: frozenset[Any] | None = None
    tests = []
    for v in field.validators:
        if isinstance(v, validate.OneOf) and choices is None:
            choices = frozenset(v.choices)
            continue
        test = _validator_test(v)
        if test is None:
            return None
        tests.append(test)
    return choices, tuple(tests)


#: marshmallow field classes whose plain values load unchanged, and the type of those values.
_PLAIN: dict[type[Any], type] = {fields.Boolean: bool, fields.Integer: int, fields.String: str}


def _plain_type(field: fields.Field) -> type | None:  # type: ignore[type-arg]
    """The type of value ``field`` loads unchanged, if it is a known scalar field.

    A subclass that overrides ``_deserialize`` counts only when it says it loads plain values
    unchanged (``plain_values = True``), as the document's strict fields do.
    """
    for base, kind in _PLAIN.items():
        if isinstance(field, base) and (type(field)._deserialize is base._deserialize
                                        or getattr(field, "plain_values", False)):
            return kind
    return None


def _checked(load: Load, tests: tuple[Test, ...], allow_none: bool) -> Load:
    def checked(x: Any) -> Any:
        if x is None:
            if allow_none:
                return None
            raise Fallback
        out = load(x)
        for test in tests:
            if not test(out):
                raise Fallback
        return out
    return checked


def _scalar(kind: type, choices: frozenset[Any] | None, tests: tuple[Test, ...],
            allow_none: bool) -> Load:
    def scalar(x: Any) -> Any:
        if type(x) is kind and (choices is None or x in choices):
            for test in tests:
                if not test(x):
                    raise Fallback
            return x
        if x is None and allow_none:
            return None
        raise Fallback
    return scalar


def _list(inner: Load) -> Load:
    def load_list(x: Any) -> list[Any]:
        if type(x) is not list:
            raise Fallback
        items: list[Any] = x  # typed: the compiled loop walks it without an iterator
        return [inner(item) for item in items]
    return load_list


def _dict(x: Any) -> dict[str, Any]:
    if type(x) is not dict:
        raise Fallback
    return dict(x)


def _mapping(keys: Load, values: Load) -> Load:
    def load_mapping(x: Any) -> dict[Any, Any]:
        if type(x) is not dict:
            raise Fallback
        entries: dict[Any, Any] = x  # typed: the compiled loop walks it without an iterator
        return {keys(k): values(v) for k, v in entries.items()}
    return load_mapping


class Compiler:
    """Compiles schemas and fields into loaders; one loader per schema instance.

    >>> from marshmallow import Schema, fields, validate
    >>> class Card(Schema):
    ...     level = fields.Integer(required=True, validate=validate.Range(1, 12))
    ...     name = fields.String(load_default="?")
    >>> load = Compiler().schema(Card())
    >>> load({"level": 4})
    {'level': 4, 'name': '?'}
    >>> load({"level": 13})
    Traceback (most recent call last):
    ...
    validator.document.fastload.Fallback
    """

    def __init__(self) -> None:
        self._loaders: dict[int, Load] = {}
        self._keep: list[Schema] = []

    def load_with(self, schema: Schema, data: Any) -> Any:
        """The :data:`LoadWith` custom fields receive: ``schema`` compiled, loading ``data``.

        >>> from marshmallow import Schema, fields
        >>> Compiler().load_with(Schema.from_dict({"n": fields.Integer()})(), {"n": 2})
        {'n': 2}
        """
        load = self._loaders.get(id(schema))
        return (load or self.schema(schema))(data)

    def schema(self, schema: Schema) -> Load:
        """The loader of ``schema`` (compiled on first use)."""
        load = self._loaders.get(id(schema))
        if load is None:
            self._keep.append(schema)  # its id stays its own while the loader lives
            load = self._loaders[id(schema)] = self._compile_schema(schema)
        return load

    def field(self, field: fields.Field) -> Load:  # type: ignore[type-arg]
        """The loader of one field's value (present in the input).

        >>> load = Compiler().field(fields.List(fields.String()))
        >>> load(["a", "b"])
        ['a', 'b']
        """
        return self.plan(field)[3]

    def plan(self, field: fields.Field) -> FieldPlan:  # type: ignore[type-arg]
        """How one field's value loads: see :data:`FieldPlan`.

        >>> kind, choices, tests, load = Compiler().plan(
        ...     fields.String(validate=validate.OneOf(["p1", "p2"])))
        >>> kind, sorted(choices), tests
        (<class 'str'>, ['p1', 'p2'], ())
        """
        split = _tests(field)
        kind = _plain_type(field)
        if split is not None and kind is not None:
            choices, tests = split
            return kind, choices, tests, _scalar(kind, choices, tests, field.allow_none)
        return None, None, (), self._loader(field)

    def _loader(self, field: fields.Field) -> Load:  # type: ignore[type-arg]
        compiled = getattr(field, "fast_load", None)
        if compiled is not None:
            return compiled(self)  # type: ignore[no-any-return]
        split = _tests(field)
        if split is None:
            return self._custom(field)
        choices, tests = split
        checks = tests if choices is None else (choices.__contains__, *tests)
        if isinstance(field, fields.Nested) and not field.many and field.unknown is None:
            return _checked(self.schema(field.schema), checks, field.allow_none)
        if isinstance(field, fields.List) and type(field)._deserialize is fields.List._deserialize:
            return _checked(_list(self.field(field.inner)), checks, field.allow_none)
        if type(field) is fields.Dict:
            if field.key_field is None and field.value_field is None:
                return _checked(_dict, checks, field.allow_none)
            if field.key_field is not None and field.value_field is not None:
                mapping = _mapping(self.field(field.key_field), self.field(field.value_field))
                return _checked(mapping, checks, field.allow_none)
        return self._custom(field)

    def _custom(self, field: fields.Field) -> Load:  # type: ignore[type-arg]
        """Any other field runs its own ``_deserialize`` (the method marshmallow's
        ``deserialize`` wraps), nested schemas loaded compiled; then its validators."""
        load_with = self.load_with
        deserialize = field._deserialize
        validators = tuple(field.validators)
        allow_none = field.allow_none

        def custom(x: Any) -> Any:
            if x is None:
                if allow_none:
                    return None
                raise Fallback
            try:
                out = deserialize(x, None, None, load=load_with)
                for check in validators:
                    if check(out) is False:
                        raise Fallback
            except ValidationError:
                raise Fallback from None
            return out
        return custom

    def _compile_schema(self, schema: Schema) -> Load:
        hooks = schema._hooks
        usable = not (schema.many or schema.partial or hooks[VALIDATES]) and all(
            not many and not options.get("pass_original")
            for tag in (PRE_LOAD, VALIDATES_SCHEMA, POST_LOAD)
            for _, many, options in hooks[tag])
        if not usable:
            def unsure(data: Any) -> Any:
                raise Fallback
            return unsure
        plan: dict[str, NamedPlan] = {}
        required: list[str] = []
        defaults: list[tuple[str, str, Any]] = []
        for name, field in schema.load_fields.items():
            key = field.data_key or name
            plan[key] = (name, *self.plan(field))
            if field.required:
                required.append(key)
            elif field.load_default is not missing:
                defaults.append((name, key, field.load_default))
        return _schema_loader(schema, plan, tuple(required), tuple(defaults))


def _schema_loader(schema: Schema, plan: dict[str, NamedPlan], required: tuple[str, ...],
                   defaults: tuple[tuple[str, str, Any], ...]) -> Load:
    """One schema's loader: pre-load hooks, fields, defaults, schema validators, post-load."""
    pre = tuple(getattr(schema, name) for name, _, _ in schema._hooks[PRE_LOAD])
    checks = tuple(getattr(schema, name) for name, _, _ in schema._hooks[VALIDATES_SCHEMA])
    post = tuple(getattr(schema, name) for name, _, _ in schema._hooks[POST_LOAD])
    load_fields = _fields_loader(plan, required, schema.unknown)
    if not (pre or defaults or checks or post):
        return load_fields
    partial, unknown = schema.partial, schema.unknown

    def load(data: Any) -> Any:
        try:
            if pre:
                for hook in pre:
                    data = hook(data, many=False, partial=partial, unknown=unknown)
            out = load_fields(data)
            if defaults:
                for name, key, default in defaults:
                    if key not in data:
                        out[name] = default() if callable(default) else default
            for check in checks:
                check(out, many=False, partial=partial, unknown=unknown)
            if post:
                for hook in post:
                    out = hook(out, many=False, partial=partial, unknown=unknown)
        except ValidationError:
            raise Fallback from None
        return out
    return load


def _fields_loader(plan: dict[str, NamedPlan], required: tuple[str, ...], unknown: str) -> Load:
    """The fields of an object: each value loaded by its field's plan (see :data:`FieldPlan`).

    The plan is typed (:data:`NamedPlan`), so that the compiled loader unpacks each field's
    entry and walks its tests as a tuple: typed ``Any``, each entry went through the iterator
    protocol (six calls a field), a field of every action and card of every document."""
    if unknown not in (RAISE, EXCLUDE, INCLUDE):
        raise ValueError(f"unknown={unknown!r} is not a marshmallow policy")

    def load_fields(data: Any) -> dict[str, Any]:
        if type(data) is not dict:
            raise Fallback
        for key in required:
            if key not in data:
                raise Fallback
        out: dict[str, Any] = {}
        for key, value in data.items():
            entry = plan.get(key)
            if entry is None:
                if unknown == RAISE:
                    raise Fallback
                if unknown == INCLUDE:
                    out[key] = value
                continue
            name, kind, choices, tests, load_value = entry
            if type(value) is kind and (choices is None or value in choices):
                for test in tests:
                    if not test(value):
                        raise Fallback
                out[name] = value
            else:
                out[name] = load_value(value)
        return out
    return load_fields

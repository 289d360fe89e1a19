"""Reading JSON text strictly, and writing a held duel's texts fast
(validator/document/jsontext.py)."""

from __future__ import annotations

import dataclasses
import datetime
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from validator.document.jsontext import DuplicateKeyError, dumps, loads


def test_plain_json_loads_as_usual() -> None:
    assert loads('{"a": [1, {"b": null}]}') == {"a": [1, {"b": None}]}


@pytest.mark.parametrize(("text", "path", "key"), [
    ('{"a": 1, "a": 2}', (), "a"),
    ('{"x": {"y": [0, {"k": 1, "k": 1}]}}', ("x", "y", "1"), "k"),
    ('[{"ok": 1}, {"a": 1, "b": 2, "a": 3}]', ("1",), "a"),
])
def test_a_duplicate_key_names_its_object_and_key(text: str, path: tuple[str, ...],
                                                  key: str) -> None:
    with pytest.raises(DuplicateKeyError) as info:
        loads(text)
    assert (info.value.path, info.value.key) == (path, key)
    assert isinstance(info.value, ValueError)


def test_equal_keys_in_different_objects_are_fine() -> None:
    assert loads('[{"a": 1}, {"a": 2}]') == [{"a": 1}, {"a": 2}]


@pytest.mark.parametrize("text", ['\ufeff{"a": 1}', b'\xef\xbb\xbf{"a": 1}', b'{"a": 1}'])
def test_a_byte_order_mark_is_skipped(text: str | bytes) -> None:
    assert loads(text) == {"a": 1}


def test_text_that_is_not_json_raises_value_error() -> None:
    with pytest.raises(ValueError):
        loads("{oops")


#: Any text, lone surrogates too (which a body read as UTF-8 with ``surrogatepass`` may hold,
#: and which ``st.text()`` alone never draws).
_TEXT = st.text(st.characters(exclude_categories=()) | st.sampled_from(["\ud800", "\udfff"]))
#: JSON's values as Python holds them, with what orjson refuses among them: integers beyond
#: 64 bits, lone surrogates, keys that are integers.
_SCALARS = st.none() | st.booleans() | st.integers() | _TEXT


def _values(scalars: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(_TEXT | st.integers(), inner, max_size=4),
                        max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(_values(_SCALARS))
def test_dumps_writes_jsons_compact_text(data: object) -> None:
    """orjson's text is ``json``'s compact text with UTF-8 as it is; what orjson refuses is
    ``json``'s with non-ASCII escaped, so that a lone surrogate is written as an escape."""
    text = dumps(data)
    compact = {json.dumps(data, separators=(",", ":"), ensure_ascii=ascii)
               for ascii in (False, True)}
    assert text in compact
    text.encode("utf-8")  # (raises for a lone surrogate written as a character)


@settings(max_examples=300, deadline=None)
@given(_values(_SCALARS | st.floats(allow_nan=False, allow_infinity=False)))
def test_dumps_writes_the_same_values_as_json_floats_too(data: object) -> None:
    """A float may be written otherwise (``1e-7`` for ``1e-07``), never as another number."""
    assert json.loads(dumps(data)) == json.loads(json.dumps(data))


def test_dumps_is_orjsons_compact_text_and_json_for_what_orjson_refuses() -> None:
    state = {"lp": 8000, "hand": ["Kuriboh", "Gagagigo \u00e9"], "field_spell": None}
    assert dumps(state) == '{"lp":8000,"hand":["Kuriboh","Gagagigo \u00e9"],"field_spell":null}'
    assert dumps({"n": 2**64}) == '{"n":18446744073709551616}'
    assert dumps(["\ud800", "\u00e9"]) == '["\\ud800","\\u00e9"]'
    assert dumps({4: True}) == '{"4":true}'


def test_dumps_refuses_what_json_refuses() -> None:
    """orjson would write a dataclass or a date; ``json`` refuses them, and so does ``dumps``,
    so that a stray object in a state fails as it does in a verdict's answer."""
    for value in (DuplicateKeyError(("a",), "b"), datetime.date(2026, 12, 6), {1.5j}):
        with pytest.raises(TypeError):
            dumps(value)
    with pytest.raises(TypeError):
        dumps(_Point(1, 2))


@dataclasses.dataclass
class _Point:
    x: int
    y: int


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(constant: str) -> None:
    for text in (f'{{"lp": {constant}}}', f"[1, {constant}]".encode()):
        with pytest.raises(ValueError, match=f"^{constant} is not a JSON number"):
            loads(text)
    assert loads(f'["{constant}"]') == [constant]  # as a string, it is one

"""Reading JSON text strictly, and writing a held duel's texts fast
(validator/document/jsontext.py)."""

from __future__ import annotations

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


#: JSON's values as Python holds them, with what orjson refuses among them: integers beyond
#: 64 bits, any text (lone surrogates too), keys that are integers. No floats: a state holds
#: none, and orjson writes some of them otherwise than ``json`` (``1e16``, not ``1e+16``).
_SCALARS = st.none() | st.booleans() | st.integers() | st.text()
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text() | st.integers(), inner, max_size=4),
                       max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(_VALUES)
def test_dumps_writes_jsons_compact_text(data: object) -> None:
    """orjson's text is ``json``'s compact text with UTF-8 as it is; what orjson refuses is
    ``json``'s with non-ASCII escaped, so that a lone surrogate is written as an escape."""
    text = dumps(data)
    compact = {json.dumps(data, separators=(",", ":"), ensure_ascii=ascii)
               for ascii in (False, True)}
    assert text in compact and json.loads(text) == json.loads(json.dumps(data))
    assert text.encode("utf-8")


def test_dumps_is_orjsons_compact_text_and_json_for_what_orjson_refuses() -> None:
    state = {"lp": 8000, "hand": ["Kuriboh", "Gagagigo \u00e9"], "field_spell": None}
    assert dumps(state) == '{"lp":8000,"hand":["Kuriboh","Gagagigo \u00e9"],"field_spell":null}'
    assert dumps({"n": 2**64}) == '{"n":18446744073709551616}'
    assert dumps(["\ud800", "\u00e9"]) == '["\\ud800","\\u00e9"]'
    assert dumps({4: True}) == '{"4":true}'

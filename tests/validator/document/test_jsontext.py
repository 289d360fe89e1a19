"""Reading JSON text strictly (validator/document/jsontext.py)."""

from __future__ import annotations

import pytest

from validator.document.jsontext import DuplicateKeyError, loads


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

"""JSON text in and out: a duel document read strictly about duplicate keys (contract §3), and
a held duel's texts written fast.

``json.loads`` keeps the last of two equal keys and says nothing, so a document could mean
two things at once. :func:`loads` refuses it, naming the object's path and the key. A UTF-8
byte-order mark at the start is allowed (editors on some systems write one).

:func:`dumps` writes what a held duel's step writes every time (its state, its verdict, its
kept actions) with orjson, compact, and with the standard library what orjson refuses.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

import orjson


class DuplicateKeyError(ValueError):
    """A JSON object holds the same key twice; ``path`` leads to that object.

    >>> DuplicateKeyError(("actions", "3"), "card").path
    ('actions', '3')
    """

    def __init__(self, path: tuple[str, ...], key: str) -> None:
        self.path = path
        self.key = key
        where = ".".join(path) or "the document"
        super().__init__(f"the key {key!r} appears twice in the object at {where}")


class _Duplicate(Exception):
    """Raised inside the parser as soon as an object repeats a key (no path known yet)."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise _Duplicate
    return obj


def _not_json(name: str) -> Any:
    """``NaN``, ``Infinity`` and ``-Infinity``, which Python's reader takes by default, are not
    JSON (RFC 8259): refused as text that is not JSON.

    >>> _not_json("NaN")
    Traceback (most recent call last):
    ...
    ValueError: NaN is not a JSON number (JSON has no NaN or Infinity)
    """
    raise ValueError(f"{name} is not a JSON number (JSON has no NaN or Infinity)")


#: The decoder of :func:`loads`, made once: ``json.loads`` with a hook builds a decoder and its
#: scanner at every call, which cost twice the parsing of a small body (a held duel's step).
_STRICT = json.JSONDecoder(object_pairs_hook=_unique, parse_constant=_not_json)


class _Pairs(list):  # type: ignore[type-arg]
    """An object's key-value pairs, kept as they came (to find where a key repeats)."""


def _find(node: Any, path: tuple[str, ...]) -> DuplicateKeyError | None:
    if isinstance(node, _Pairs):
        seen: set[str] = set()
        for key, _ in node:
            if key in seen:
                return DuplicateKeyError(path, key)
            seen.add(key)
        children = [(str(k), v) for k, v in node]
    elif isinstance(node, list):
        children = [(str(i), v) for i, v in enumerate(node)]
    else:
        return None
    for key, child in children:
        found = _find(child, (*path, key))
        if found is not None:
            return found
    return None


_DIGITS = re.compile(r"Exceeds the limit \((\d+) digits\).* value has (\d+) digits")


def _plain(exc: ValueError) -> ValueError:
    """Python's words for a number too long to read advise a developer (``use
    sys.set_int_max_str_digits()``): say what is wrong with the text instead.

    >>> str(_plain(ValueError("Exceeds the limit (4300 digits) for integer string "
    ...                       "conversion: value has 5000 digits; use sys.set_int_...")))
    'a number has 5000 digits, more than the 4300 that are read'
    """
    found = _DIGITS.search(str(exc))
    if found is None:
        return exc
    return ValueError(f"a number has {found[2]} digits, more than the {found[1]} that are read")


def loads(text: str | bytes) -> Any:
    """Parse JSON text, refusing duplicate keys.

    Raises :class:`DuplicateKeyError` for a repeated key, ``ValueError`` for text that is
    not JSON (or not UTF-8; ``NaN`` and ``Infinity`` are not JSON), and ``RecursionError``
    for JSON nested too deeply.

    >>> loads('{"a": 1}')
    {'a': 1}
    >>> try:
    ...     loads('{"actions": [{"type": "draw", "type": "phase"}]}')
    ... except DuplicateKeyError as error:
    ...     print(error)
    the key 'type' appears twice in the object at actions.0
    """
    if isinstance(text, str) and text.startswith("\ufeff"):
        text = text[1:]
    elif isinstance(text, bytes | bytearray) and text.startswith(b"\xef\xbb\xbf"):
        text = text[3:]
    try:
        if isinstance(text, str):  # as json.loads reads text: a second mark is refused
            if text.startswith("\ufeff"):
                raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)",
                                           text, 0)
        else:  # and bytes
            text = text.decode(json.detect_encoding(text), "surrogatepass")
        return _STRICT.decode(text)
    except ValueError as exc:
        raise _plain(exc) from None
    except _Duplicate:
        found = _find(json.loads(text, object_pairs_hook=_Pairs), ())
        if found is None:  # pragma: no cover - the hook and the walk see the same objects
            raise ValueError("a key appears twice in one object") from None
        raise found from None


#: The standard library's writer, compact as orjson writes, for what orjson refuses; its
#: non-ASCII escaped, so that a lone surrogate (which a body read as UTF-8 with
#: ``surrogatepass`` may hold) is written as an escape, not as a character no UTF-8 encodes.
_COMPACT: Final = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


#: What orjson would write that ``json`` refuses (a dataclass, a date): refused here too, so
#: that a stray object in a held duel's state fails as it does in a verdict's answer.
_OPTIONS: Final = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


def dumps(data: Any) -> str:
    """``data`` (JSON's types: dicts, lists, tuples, strings, numbers, booleans, None) as
    compact JSON text: by orjson, about six times faster than ``json.dumps`` on a held duel's
    state (a step's largest text); by ``json`` what orjson refuses, which a document may still
    hold (an integer beyond 64 bits, a string with a lone surrogate) or a caller in Python may
    give (a key that is not a string, written as ``json.dumps`` writes it, as a string). A
    value neither writes (an object of another type) raises ``TypeError``, as ``json.dumps``
    does. Floats: the same number, but not always the same text (``1e-07`` from ``json``,
    ``1e-7`` from orjson); :func:`loads` never gives NaN or Infinity, which orjson would write
    as ``null``.

    >>> dumps({"lp": 8000, "hand": ["Mystic Tomato"], "chain": []})
    '{"lp":8000,"hand":["Mystic Tomato"],"chain":[]}'
    >>> dumps({"amount": 2 ** 70, "name": "\\ud800"})
    '{"amount":1180591620717411303424,"name":"\\\\ud800"}'
    >>> dumps({1: "Kuriboh"})
    '{"1":"Kuriboh"}'
    >>> dumps(["é"]), dumps([2 ** 64, "é"])  # orjson writes UTF-8 as it is; json escapes it
    ('["é"]', '[18446744073709551616,"\\\\u00e9"]')
    """
    try:
        return orjson.dumps(data, option=_OPTIONS).decode()
    except TypeError:  # (orjson.JSONEncodeError is a TypeError)
        return _COMPACT(data)

"""A held duel's record: what a store keeps of one duel, and its ids.

A record holds what :class:`validator.Duel` needs to go on, never a history to judge again: the
cards as the client gave them, the state after the last kept action (the contract's §3
``state``, which a document may start from as its ``position``), the number of actions kept
and a revision that every write bumps (the compare-and-set token). A step reads one record and
writes it back, whatever the duel's length; the kept actions themselves are appended to a log
that only ``GET /v1/duels/{id}?document=1`` reads.

``format`` versions the record. The state inside is the contract's, which only grows (§5), so a
newer service reads the state an older one wrote; a record of a format this service does not
know (written by a newer service) is refused with a problem of its own, never misread.

>>> record = Record("x" * 22, 0, 0, "classic", "{}", "{}", "{}", 1.0, 1.0)
>>> record.format == FORMAT, readable(record)
(True, True)
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Final

#: The record format this service writes and reads (docs/duels.md says what each holds).
FORMAT: Final = 1
#: The formats it reads: a format older than these would be upgraded here when one exists.
READS: Final = frozenset({1})
#: Random bytes in an id: 128 bits, written URL-safe in 22 characters.
ID_BYTES: Final = 16
#: An id's shape (the OpenAPI document's pattern for it too).
ID_PATTERN: Final = r"[A-Za-z0-9_-]{22}"
_ID: Final = re.compile(ID_PATTERN)


def new_id() -> str:
    """A new duel id: 128 random bits from the system's CSPRNG, URL-safe, never sequential.

    >>> len(new_id()), new_id() != new_id(), is_id(new_id())
    (22, True, True)
    """
    return secrets.token_urlsafe(ID_BYTES)


def is_id(text: str) -> bool:
    """Whether ``text`` has the shape of a duel id. Anything else a client sends as an id is
    answered 404 before any store sees it, so no client text ever reaches a store key.

    >>> is_id("A" * 22), is_id("A" * 21 + "*"), is_id("../" + "A" * 19), is_id("A" * 23)
    (True, False, False, False)
    """
    return _ID.fullmatch(text) is not None


@dataclass(slots=True)
class Record:
    """One held duel, as a store keeps it. Texts are JSON; times are seconds since the epoch."""

    id: str
    #: Writes so far: a step writes only if the record still has the revision it read.
    rev: int
    #: Actions kept.
    actions: int
    ruleset: str
    #: The document's ``cards``, as the client gave them (by passcode or name included).
    cards: str
    #: Where the document started: its ``turn``, ``turn_player`` and ``setup``, or its
    #: ``position`` (and ``ruleset`` and ``source`` when it gave them).
    start: str
    #: The state after the last kept action (§3), which the next step starts from.
    state: str
    created: float
    updated: float
    format: int = FORMAT


def readable(record: Record) -> bool:
    """Whether this service reads a record of ``record.format``.

    >>> readable(Record("x" * 22, 0, 0, "classic", "{}", "{}", "{}", 1.0, 1.0, format=2))
    False
    """
    return record.format in READS

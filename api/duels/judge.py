"""Judging a held duel for the service: the judge's held duels (:mod:`validator.engine.held`)
read from and written to a store's :class:`~api.duels.record.Record`, with what each worker
keeps loaded.

The verdicts are the judge's (:func:`validator.engine.held.begin` and ``go_on``): this module
only turns a record into the judge's cards and kept state, and a step's result into the record
to write. Each worker keeps, for the duels it served last, the loaded cards (loading a card
table costs far more than a step) and the duel itself at the revision it wrote or read: a step on
a duel this worker served last judges at once; after another worker's steps it moves its copy on
by the actions kept since (one or two, which the store reads with the record:
:meth:`~.store.DuelStore.current`) or restores the state from the record. Every way the verdict
is the same: the property tests judge through each.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from validator import Document, DocumentError, Duel, Verdict
from validator.document.jsontext import dumps
from validator.engine import held
from validator.engine.held import load_actions

from .record import Record

#: Duels (and their card tables) one worker keeps loaded, the most recently used.
CACHED: Final = 512
#: The document fields that say where a duel starts (kept in the record's ``start``).
START_KEYS: Final = ("ruleset", "turn", "turn_player", "setup", "position", "source")


@dataclass(slots=True)
class Judged:
    """What judging a duel's new actions gives: the verdict (and its JSON text), the record
    to write (None when nothing is kept), the kept actions' JSON texts, and the duel as the
    record leaves it."""

    verdict: Verdict
    text: str
    record: Record | None
    kept: list[str]
    duel: Duel


@dataclass(slots=True)
class Opened:
    """A new duel: its first verdict (and its JSON text), its record, its kept actions' JSON
    texts, and the duel as the record leaves it."""

    verdict: Verdict
    text: str
    record: Record
    kept: list[str]
    duel: Duel


class _Cache:
    """A small thread-safe LRU map (a worker may run threads: ``--threads``)."""

    def __init__(self) -> None:
        self._items: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> Any:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def pop(self, key: str) -> Any:
        with self._lock:
            return self._items.pop(key, None)

    def put(self, key: str, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > CACHED:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


#: duel id -> its Document without position or actions (the cards loaded once).
DOCUMENTS = _Cache()
#: duel id -> (its record as this worker last wrote or read it, the Duel it stands for);
#: taken out while a step uses it.
DUELS = _Cache()


def _document(record: Record) -> Document:
    """The duel's document with its cards loaded (cached), without position or actions."""
    doc: Document | None = DOCUMENTS.get(record.id)
    if doc is None:
        doc = held.held_document(record.cards, record.state)
        DOCUMENTS.put(record.id, doc)
    return doc


def _duel_at(record: Record, doc: Document, since: Sequence[str] | None) -> Duel | None:
    """This worker's own duel as ``record`` stands: if it has it at that revision, or a few
    kept actions behind it (another worker's steps), moved on by them (``since``: the actions
    kept since the copy, read with the record by :meth:`~.store.DuelStore.current`)."""
    cached = DUELS.pop(record.id)
    if cached is None:
        return None
    seen: Record = cached[0]
    duel: Duel = cached[1]
    if seen.rev == record.rev:
        return duel
    if since is None or not since or len(since) != record.actions - seen.actions or \
            seen.rev > record.rev:
        return None
    try:
        actions = load_actions([json.loads(text) for text in since], doc)
    except (ValueError, DocumentError):
        return None
    return duel if held.catch_up(duel, actions) else None


def open_duel(duel_id: str, data: Mapping[str, Any], doc: Document, now: float) -> Opened:
    """A new held duel from a loaded document (``data`` is its JSON object, kept as given):
    its first actions judged, the legal ones kept.

    >>> from validator import load_document
    >>> raw = {"cards": {}, "actions": [{"type": "draw", "player": "p1"}]}
    >>> made = open_duel("d" * 22, raw, load_document(raw), 0.0)
    >>> made.verdict.legal, made.record.actions, made.kept
    (True, 1, ['{"type":"draw","player":"p1"}'])
    """
    step = held.begin(doc)
    start = {key: data[key] for key in START_KEYS if key in data}
    record = Record(duel_id, 0, step.kept, step.duel.state.rules.name, json.dumps(data["cards"]),
                    json.dumps(start), step.state, now, now)
    DOCUMENTS.put(duel_id, replace(doc, position=None, actions=()))
    return Opened(step.verdict, step.text, record,
                  [dumps(a.raw) for a in doc.actions[:step.kept]], step.duel)


def judge_step(record: Record, raw: Sequence[Any], now: float,
               since: Sequence[str] | None = None) -> Judged:
    """The verdict of a step's new actions (JSON objects) on the duel ``record`` holds, and
    the record to write (None when no action is kept). ``since`` gives the actions kept since
    this worker's copy of the duel, when it is a few actions behind ``record`` (it moves its
    copy on by them rather than restoring the state). Raises :class:`DocumentError` for an
    action that is not well formed (nothing is judged) and
    :class:`~validator.engine.held.KeptStateError` for a record whose state does not load.

    >>> from validator import load_document
    >>> base = {"cards": {}, "actions": []}
    >>> made = open_duel("e" * 22, base, load_document(base), 0.0)
    >>> done = judge_step(made.record, [{"type": "draw", "player": "p1"},
    ...                                 {"type": "draw", "player": "p1"}], 1.0)
    >>> done.verdict.violation.rule, done.verdict.violation.index, done.record.actions
    ('draw.once', 1, 1)
    """
    doc = _document(record)
    actions = load_actions(raw, doc)
    step = held.go_on(doc, record.state, actions, _duel_at(record, doc, since))
    new = None if step.kept == 0 else Record(  # (dataclasses.replace costs five times more)
        id=record.id, rev=record.rev + 1, actions=record.actions + step.kept,
        ruleset=record.ruleset, cards=record.cards, start=record.start, state=step.state,
        created=record.created, updated=now, format=record.format)
    return Judged(step.verdict, step.text, new,
                  [dumps(a.raw) for a in actions[:step.kept]], step.duel)


def remember(record: Record, duel: Duel) -> None:
    """Keep ``duel`` as this worker's copy of the duel at ``record``'s revision (after the
    store kept that revision, or read it unchanged).

    >>> from validator import load_document
    >>> raw = {"cards": {}}
    >>> made = open_duel("r" * 22, raw, load_document(raw), 0.0)
    >>> remember(made.record, made.duel)
    >>> last_seen("r" * 22) is made.record
    True
    """
    duel.move_stack = []
    DUELS.put(record.id, (record, duel))


def last_seen(duel_id: str) -> Record | None:
    """The duel's record as this worker last wrote or read it, if it still has the duel: a
    step may judge from it at once and let the store's compare-and-set say whether another
    worker wrote since (then it reads the record and judges again).

    >>> last_seen("z" * 22) is None
    True
    """
    cached = DUELS.get(duel_id)
    return None if cached is None else cached[0]

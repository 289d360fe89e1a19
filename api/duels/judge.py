"""Judging a held duel: its first actions when it is created, then each step's new actions from
the state its record holds, with the verdict that judging the whole document at once gives.

A step goes on from the record's state (the contract's ``position``): the verdict is the one of
judging every kept action and the new ones at once, with ``index`` and ``actions_checked``
counted within the new ones (§1, §9). An illegal action and those after it are not kept: the
record's next state is the one after the last legal action, judged again from the record's
state when the illegal action moved the duel on first (an open chain resolves before an action
that does not respond to it; the verdict reports that state, as ``validate`` does, but the
duel stays where the last legal action left it, so that the client may still respond).

Each worker keeps, for the duels it served last, the loaded cards (loading a card table costs
far more than a step) and the duel itself at the revision it wrote or read: a step on a duel
this worker served last judges at once; after another worker's step it restores the state from
the record (the compiled state loader and :func:`validator.document.position.restore`). Either
way the verdict is the same: the property tests judge through both.
"""

from __future__ import annotations

import dataclasses
import json
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from marshmallow import ValidationError

from validator import Action, Document, DocumentError, Duel, Verdict, load_document
from validator.document.actionload import effect_count, load_action
from validator.document.crosscheck import check_action
from validator.document.fastload import Compiler, Fallback, Load
from validator.document.position_schema import StateSchema
from validator.document.schema import ActionField

from .record import Record

#: Duels (and their card tables) one worker keeps loaded, the most recently used.
CACHED: Final = 512
#: The document fields that say where a duel starts (kept in the record's ``start``).
START_KEYS: Final = ("ruleset", "turn", "turn_player", "setup", "position", "source")


class RecordError(Exception):
    """A record this service cannot read (its state is not a state): a 503, never a verdict."""


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
_STATE: list[Load] = []
_ACTION: list[Load] = []


def _position(text: str) -> dict[str, Any]:
    """A record's state as a loaded position: the compiled loader of the state schema (the
    record was written by a service), marshmallow for anything it is not sure of."""
    if not _STATE:
        _STATE.append(Compiler().schema(StateSchema()))
    try:
        data = json.loads(text)
        try:
            loaded: dict[str, Any] = _STATE[0](data)
        except Fallback:
            loaded = StateSchema().load(data)
    except (ValueError, ValidationError) as exc:
        raise RecordError(f"the duel's stored state cannot be read: {exc}") from None
    return loaded


def _document(record: Record) -> Document:
    """The duel's document with its cards loaded (cached), without position or actions."""
    doc: Document | None = DOCUMENTS.get(record.id)
    if doc is None:
        try:
            data = {"cards": json.loads(record.cards), "position": json.loads(record.state)}
        except ValueError as exc:
            raise RecordError(f"the duel's stored cards cannot be read: {exc}") from None
        try:
            doc = dataclasses.replace(load_document(data), position=None, actions=())
        except DocumentError as exc:
            raise RecordError(f"the duel's stored cards and state do not load: {exc}") from None
        DOCUMENTS.put(record.id, doc)
    return doc


def _duel_at(record: Record, doc: Document) -> Duel:
    """The duel as its record stands: this worker's own if it has it at that revision."""
    cached = DUELS.pop(record.id)
    if cached is not None and cached[0].rev == record.rev:
        duel: Duel = cached[1]
        return duel
    return Duel(dataclasses.replace(doc, position=_position(record.state)))


def load_actions(raw: Sequence[Any], doc: Document) -> list[Action]:
    """The new actions, each checked against the duel's cards: a :class:`DocumentError`
    with every action's errors keyed ``actions.<i>...`` (counted within the new ones).

    >>> doc = load_document({"cards": {}})
    >>> load_actions([{"type": "draw", "player": "p1"}, {"type": "draw", "player": "p3"}], doc)
    Traceback (most recent call last):
    ...
    validator.errors.DocumentError: actions.1.player: Must be one of: p1, p2.
    """
    if not _ACTION:
        _ACTION.append(ActionField().fast_load(Compiler()))
    fast = _ACTION[0]
    cards = doc.cards
    out: list[Action] = []
    errors: dict[Any, Any] = {}
    for i, value in enumerate(raw):
        try:
            action = fast(value)
        except Fallback:  # not plainly valid: the schema words the errors
            try:
                action = load_action(value, cards, i)
            except DocumentError as exc:
                errors.update(exc.errors["actions"])
                continue
        found: dict[Any, Any] = {}
        check_action(found, i, action, cards, lambda cid: cards[cid].owner,
                     lambda cid: cards[cid].token, lambda cid: effect_count(cards[cid]))
        if found:
            errors.update(found["actions"])
        out.append(action)
    if errors:
        raise DocumentError({"actions": errors})
    return out


def verdict_text(verdict: Verdict, state: str) -> str:
    """The verdict as JSON, the state given as its JSON text (written once for the answer and
    the record alike), in the library's own key order.

    >>> from validator import validate
    >>> v = validate({"cards": {}})
    >>> json.loads(verdict_text(v, json.dumps(v.state))) == v.to_dict()
    True
    """
    violation = json.dumps(verdict.violation.to_dict()) if verdict.violation else "null"
    return (f'{{"legal": {"true" if verdict.legal else "false"}, "violation": {violation}, '
            f'"outcome": {json.dumps(verdict.outcome)}, '
            f'"actions_checked": {verdict.actions_checked}, "state": {state}}}')


def _kept_state(duel: Duel, verdict: Verdict, start: Duel | None,
                actions: Sequence[Action]) -> tuple[str, Duel]:
    """The state to keep and the duel in it: the verdict's, unless an illegal action moved
    the duel on before it was refused (then the legal ones again, from ``start``)."""
    if verdict.violation is None or start is None:
        return json.dumps(verdict.state), duel
    start.judge(actions[:duel.pushed])
    return json.dumps(start.position()), start


def open_duel(duel_id: str, data: Mapping[str, Any], doc: Document, now: float) -> Opened:
    """A new held duel from a loaded document (``data`` is its JSON object, kept as given):
    its first actions judged, the legal ones kept.

    >>> raw = {"cards": {}, "actions": [{"type": "draw", "player": "p1"}]}
    >>> made = open_duel("d" * 22, raw, load_document(raw), 0.0)
    >>> made.verdict.legal, made.record.actions, made.kept
    (True, 1, ['{"type": "draw", "player": "p1"}'])
    """
    duel = Duel(doc)
    verdict = duel.judge(doc.actions)
    kept = duel.pushed
    state, duel = _kept_state(duel, verdict, Duel(doc) if verdict.violation else None,
                              doc.actions)
    start = {key: data[key] for key in START_KEYS if key in data}
    record = Record(duel_id, 0, kept, duel.state.rules.name, json.dumps(data["cards"]),
                    json.dumps(start), state, now, now)
    DOCUMENTS.put(duel_id, dataclasses.replace(doc, position=None, actions=()))
    text = verdict_text(verdict, state) if verdict.legal else json.dumps(verdict.to_dict())
    return Opened(verdict, text, record, [json.dumps(a.raw) for a in doc.actions[:kept]], duel)


def judge_step(record: Record, raw: Sequence[Any], now: float) -> Judged:
    """The verdict of a step's new actions (JSON objects) on the duel ``record`` holds, and
    the record to write (None when no action is kept). Raises :class:`DocumentError` for an
    action that is not well formed (nothing is judged) and :class:`RecordError`.

    >>> base = {"cards": {}, "actions": []}
    >>> made = open_duel("e" * 22, base, load_document(base), 0.0)
    >>> done = judge_step(made.record, [{"type": "draw", "player": "p1"},
    ...                                 {"type": "draw", "player": "p1"}], 1.0)
    >>> done.verdict.violation.rule, done.verdict.violation.index, done.record.actions
    ('draw.once', 1, 1)
    """
    doc = _document(record)
    actions = load_actions(raw, doc)
    duel = _duel_at(record, doc)
    verdict = duel.judge(actions)
    kept = duel.pushed
    if verdict.violation is not None:
        start = Duel(dataclasses.replace(doc, position=_position(record.state)))
        state, duel = _kept_state(duel, verdict, start, actions)
        text = json.dumps(verdict.to_dict())
    else:
        state = json.dumps(verdict.state)
        text = verdict_text(verdict, state)
    new = None if kept == 0 else dataclasses.replace(
        record, rev=record.rev + 1, actions=record.actions + kept, state=state, updated=now)
    return Judged(verdict, text, new, [json.dumps(a.raw) for a in actions[:kept]], duel)


def remember(record: Record, duel: Duel) -> None:
    """Keep ``duel`` as this worker's copy of the duel at ``record``'s revision (after the
    store kept that revision, or read it unchanged).

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

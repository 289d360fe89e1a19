"""A held duel's step, ``POST /v1/duels/{id}/actions``, as one function that both ways of
serving it call: the Flask view (:class:`api.duels.views.ActionsView`) and the fast path in
front of Flask's request cycle (:mod:`api.duels.fastpath`). Judging, the store's calls, the
conflict retries and every problem a step answers live here once; the view and the fast path
only read the body and write the answer.

:class:`HeldDuels` is one app's held duels: its store (one per process, opened after
gunicorn's fork) and the settings a step reads, taken from the app's config once (at the
first request that needs them), not from its config dict at every request.

>>> from api import create_app
>>> duels = held_duels(create_app({"TESTING": True, "DUELCHECK_MAX_DUEL_ACTIONS": 9}))
>>> duels.max_duel_actions
9
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NoReturn

from flask import Flask
from flask_smorest import abort

from . import judge
from .backends import open_store
from .board import StepBoard
from .record import READS, Record, is_id, readable
from .store import DuelStore, Written

UNKNOWN_DUEL: Final = "urn:duelcheck:problem:unknown-duel"
CONFLICT: Final = "urn:duelcheck:problem:duel-conflict"
DUEL_FULL: Final = "urn:duelcheck:problem:too-many-duel-actions"
RECORD_FORMAT: Final = "urn:duelcheck:problem:duel-record-format"
#: Tries of a step without ``expect`` whose write met another step's (each judged afresh).
TRIES: Final = 5
#: Where an app keeps its :class:`HeldDuels` (``app.extensions``).
EXTENSION: Final = "duelcheck.duels"
#: Where an app keeps its step board (:mod:`.board`), made with the app: before gunicorn forks
#: the workers of a preloaded app, so that they share it.
BOARD: Final = "duelcheck.board"
#: The settings of :class:`HeldDuels` as a default app has them (for examples).
DEFAULTS: Final = {"DUELCHECK_STORE": "sqlite", "DUELCHECK_DATA_DIR": None,
                   "DUELCHECK_DUEL_IDLE_SECONDS": 86_400, "DUELCHECK_MAX_DUELS": 10_000,
                   "DUELCHECK_MAX_DUEL_ACTIONS": 20_000, "DUELCHECK_REDIS_POLL_US": 100}


def fail(status: int, type_: str, title: str, detail: str, **extra: Any) -> NoReturn:
    """Raise the problem (flask-smorest's ``abort``: the app's error handlers answer it).

    >>> try:
    ...     fail(404, UNKNOWN_DUEL, "Unknown duel", "No.")
    ... except Exception as problem:
    ...     print(problem.code, problem.data["type"])
    404 urn:duelcheck:problem:unknown-duel
    """
    abort(status, type=type_, title=title, detail=detail, **extra)
    raise AssertionError("abort raises")


@dataclass(slots=True)
class Answer:
    """A step's answer: the verdict's JSON text and the number of actions the duel now holds
    (the ``Duel-Actions`` header)."""

    text: str
    actions: int


def plain_step(data: Any) -> tuple[list[Any], int | None] | None:
    """A step's body as loaded JSON, when it is plainly well formed (an object with exactly
    ``actions``, a list, and maybe ``expect``, a count): its actions and ``expect``; else None
    (the view then words every field's error).

    >>> plain_step({"actions": [], "expect": 3}), plain_step({"actions": []})
    (([], 3), ([], None))
    >>> plain_step({"actions": [], "expect": True}), plain_step([]), plain_step({"x": 1})
    (None, None, None)
    >>> plain_step({"actions": [], "expect": None})  # null is not a count: the view says so

    """
    if type(data) is not dict:
        return None
    actions = data.get("actions")
    expect = data.get("expect")
    if type(actions) is list and (len(data) == 1 if expect is None else (
            len(data) == 2 and type(expect) is int and expect >= 0)):
        return actions, expect
    return None


class HeldDuels:
    """One app's held duels: its store and the settings a step reads (see the module)."""

    def __init__(self, config: Mapping[str, Any], board: StepBoard | None = None) -> None:
        self.store_url: str = config["DUELCHECK_STORE"]
        #: The step board of the app's workers (made before they fork), for a Redis store.
        self.board = board
        self.data_dir: str | None = config["DUELCHECK_DATA_DIR"]
        self.idle_seconds: int = config["DUELCHECK_DUEL_IDLE_SECONDS"]
        self.max_duels: int = config["DUELCHECK_MAX_DUELS"]
        self.max_duel_actions: int = config["DUELCHECK_MAX_DUEL_ACTIONS"]
        self.redis_poll_us: int = config["DUELCHECK_REDIS_POLL_US"]
        self._stores: dict[int, DuelStore] = {}

    def store(self) -> DuelStore:
        """This process's store (opened on first use, after gunicorn's fork).

        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     duels = HeldDuels({**DEFAULTS, "DUELCHECK_DATA_DIR": folder})
        ...     duels.store() is duels.store(), duels.store().held()
        (True, 0)
        """
        store = self._stores.get(os.getpid())
        if store is None:
            store = self._stores[os.getpid()] = open_store(self.store_url, self.data_dir,
                                                           self.idle_seconds, self.board,
                                                           self.redis_poll_us)
        return store

    def unknown(self, duel_id: str) -> NoReturn:
        """The 404 problem of an unknown, deleted or expired duel.

        >>> try:
        ...     HeldDuels(DEFAULTS).unknown("A" * 22)
        ... except Exception as problem:
        ...     print(problem.code, problem.data["detail"][-31:])
        404 86400 s without an action kept.
        """
        fail(404, UNKNOWN_DUEL, "Unknown duel",
             "No duel has this id: it never existed, was deleted, or expired after "
             f"{self.idle_seconds} s without an action kept.")

    def record(self, duel_id: str) -> Record:
        """The duel's record, or the problem that says why not (404, 503).

        >>> try:
        ...     HeldDuels(DEFAULTS).record("../etc")  # no store is asked
        ... except Exception as problem:
        ...     print(problem.code)
        404
        """
        if not is_id(duel_id):
            self.unknown(duel_id)
        record = self.store().read(duel_id)
        if record is None:
            self.unknown(duel_id)
        return readable_record(record)

    def too_long(self, held: int, more: int, creating: bool = False) -> None:
        """The 422 problem of more actions than a duel keeps.

        >>> HeldDuels(DEFAULTS).too_long(19_999, 1)
        >>> try:
        ...     HeldDuels(DEFAULTS).too_long(19_999, 2)
        ... except Exception as problem:
        ...     print(problem.code, problem.data["messages"])
        422 {'actions': ['At most 1 action more.']}
        """
        limit = self.max_duel_actions
        if held + more > limit and creating:
            fail(422, DUEL_FULL, "Too many actions in one duel",
                 f"A held duel keeps at most {counted(limit)}; this document has {more}. "
                 f"Hold its first {limit} and start another duel from where they leave it "
                 f"(the verdict's state, as a position).",
                 messages={"actions": [f"At most {counted(limit)}."]})
        if held + more > limit:
            fail(422, DUEL_FULL, "Too many actions in one duel",
                 f"A held duel keeps at most {counted(limit)}; this one holds {held} and the "
                 f"request has {more}. Start a new duel from this one's state (its position).",
                 messages={"actions": [f"At most {counted(limit - held)} more."]})

    def step(self, duel_id: str, raw: list[Any], expect: int | None) -> Answer:
        """Judge the next actions (JSON objects) of a held duel and keep the legal ones: the
        answer, or the problem raised (404, 409, 422, 503; nothing is kept then).

        >>> import tempfile
        >>> from api import create_app
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     app = create_app({"TESTING": True, "DUELCHECK_DATA_DIR": folder})
        ...     duel_id = app.test_client().post("/v1/duels", json={"cards": {}}).json["id"]
        ...     answer = held_duels(app).step(duel_id, [{"type": "draw", "player": "p1"}], 0)
        >>> answer.actions, answer.text[:14]
        (1, '{"legal":true,')
        """
        if not is_id(duel_id):
            self.unknown(duel_id)
        store = self.store()
        now = store.current(duel_id, judge.last_seen(duel_id), expect)
        record = now.record
        if record is None:
            self.unknown(duel_id)
        since = now.since
        if not now.read:
            # this worker's copy, unread (a read is a round trip), maybe moved on by the step
            # board's: usually as stored, which the write's compare-and-set checks; else the
            # record as it stands, or None (read it)
            unread, record = record, None
            if unread.actions + len(raw) <= self.max_duel_actions:
                answer = self._judge(store, unread, raw, fresh=False, since=since)
                if isinstance(answer, Answer):
                    return answer
                record = answer
            since = None
        for _ in range(TRIES):
            record = self.record(duel_id) if record is None else readable_record(record)
            if expect is not None and expect != record.actions:
                conflict(record.actions, expect)
            self.too_long(record.actions, len(raw))
            answer = self._judge(store, record, raw, fresh=True, since=since)
            if isinstance(answer, Answer):
                return answer
            if expect is not None:
                conflict(None, expect)
            record, since = answer, None
        fail(409, CONFLICT, "Duel changed meanwhile",
             f"Other steps on this duel were kept while this one was judged, {TRIES} times "
             "over; send it again.")

    def _judge(self, store: DuelStore, record: Record, raw: list[Any], fresh: bool,
               since: Sequence[str] | None = None) -> Answer | Record | None:
        """Judge the step on the duel as ``record`` holds it and write the result (compare-
        and-set). The answer; else the record as the store now holds it, when another step was
        kept since ``record`` (None: ask the store; or, for a record not ``fresh`` from the
        store, one may have been: nothing is kept then, so the store is asked). ``since``
        gives the actions kept since this worker's copy of the duel, read with ``record``."""
        done = judge.judge_step(record, raw, time.time(), since)
        if done.record is None:
            if not fresh:
                now = store.read(record.id)
                if now is None or now.rev != record.rev:
                    return now
        else:
            written = store.write(done.record, record.rev, done.kept)
            if written is Written.GONE:
                self.unknown(record.id)
            if isinstance(written, Record):
                return written
        kept = done.record or record
        judge.remember(kept, done.duel)
        return Answer(done.text, kept.actions)


def readable_record(record: Record) -> Record:
    """``record``, or the 503 problem of a record format this service does not read.

    >>> try:
    ...     readable_record(Record("x" * 22, 0, 0, "classic", "{}", "{}", "{}", 1, 1, format=9))
    ... except Exception as problem:
    ...     print(problem.code, problem.data["type"])
    503 urn:duelcheck:problem:duel-record-format
    """
    if not readable(record):
        fail(503, RECORD_FORMAT, "Duel stored in an unknown format",
             f"This duel was stored in record format {record.format} by another version of "
             f"duelcheck; this service reads formats {', '.join(map(str, sorted(READS)))}. "
             f"Serve it with that version.")
    return record


def conflict(held: int | None, expect: int) -> NoReturn:
    """The 409 problem of a step whose ``expect`` is not (or no longer) the actions held.

    >>> try:
    ...     conflict(4, 3)
    ... except Exception as problem:
    ...     print(problem.code, problem.data["extensions"])
    409 {'actions': 4}
    """
    if held is None:
        fail(409, CONFLICT, "Duel changed meanwhile",
             f"Another step on this duel was kept while this one was judged: the duel no "
             f"longer holds {counted(expect)}. Nothing was kept; read the duel (GET) and "
             f"go on from where it stands.")
    why = ("another client's step was kept first" if held > expect else
           "fewer were kept than the client counted (an illegal action and those after it "
           "are not kept)")
    fail(409, CONFLICT, "Duel holds another number of actions",
         f"The duel holds {counted(held)}, not {expect}: {why}. Nothing was kept; read the "
         f"duel (GET) and go on from where it stands.", extensions={"actions": held})


def counted(n: int) -> str:
    """``n`` actions, in words a player reads.

    >>> counted(1), counted(0), counted(20_000)
    ('1 action', '0 actions', '20000 actions')
    """
    return f"{n} action{'' if n == 1 else 's'}"


def held_duels(app: Flask) -> HeldDuels:
    """The app's :class:`HeldDuels`, made from its config at first use.

    >>> from api import create_app
    >>> app = create_app({"TESTING": True})
    >>> held_duels(app) is held_duels(app)
    True
    """
    duels: HeldDuels | None = app.extensions.get(EXTENSION)
    if duels is None:
        duels = app.extensions[EXTENSION] = HeldDuels(app.config, app.extensions.get(BOARD))
    return duels


def make_board(app: Flask) -> None:
    """Give ``app`` a step board (:mod:`.board`) when its duels live in Redis: called as the
    app is made, so that the workers gunicorn forks from a preloaded app share it.

    >>> from api import create_app
    >>> BOARD in create_app({"TESTING": True}).extensions  # SQLite: no round trip to save
    False
    """
    if app.config["DUELCHECK_STORE"] != "sqlite":
        app.extensions[BOARD] = StepBoard()

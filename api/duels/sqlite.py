"""Held duels in one SQLite file: the default store, shared by the gunicorn workers of one
machine and kept across restarts.

The file is in WAL mode, so that readers never wait for the writer and a committed step is in
the file before its answer is sent (``synchronous=NORMAL``: a killed process loses nothing
committed; only a power cut may lose the last steps). Each worker opens its own connection
(after the fork). A write is one short ``BEGIN IMMEDIATE`` transaction: the update of the duel's
row on the revision it read (the compare-and-set) and the insert of the new actions into the
log. What never changes after a duel is created (its cards and its start) is a row of its own
(``starts``), so that a step rewrites only the small row of what changes: a step's commit puts
a page or two in the write-ahead log, not the duel's card table again (layout 2; a layout-1
file is moved to it when the service opens it). Expired duels are swept (rows deleted) at most
once a minute per worker, when a duel is created; until then a read treats them as gone.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from .record import Record
from .store import CATCH_UP, Current, StoreError, TooManyDuels, Written, retry_after

#: The layout of the file (``PRAGMA user_version``); a newer file is refused, not misread, and
#: an older one moved to this layout when the service opens it (:data:`_UPGRADE`).
LAYOUT: Final = 2
#: Seconds between two sweeps of expired duels by one worker.
SWEEP_EVERY: Final = 60.0
#: Pages the write-ahead log holds before the commit that fills it copies them into the file
#: (a checkpoint, with the one sync to disk of ``synchronous = NORMAL``: about 4 ms here, where
#: the pages copied cost little, since a duel's steps rewrite the same few). SQLite's default,
#: 1,000, made it every 145 steps or so (0.7% of them, a p99 step); 4,000 makes it about one
#: step in 900 (a log file of about 16 MB, written again from its start after a checkpoint and
#: read when the file is opened after a crash). docs/duels.md, "Speed".
CHECKPOINT_PAGES: Final = 4_000
#: How long a writer waits for another worker's write before the store is said unavailable.
BUSY_MS: Final = 5_000
_DUELS: Final = (
    "CREATE TABLE duels (id TEXT PRIMARY KEY, format INTEGER NOT NULL, "
    "rev INTEGER NOT NULL, actions INTEGER NOT NULL, ruleset TEXT NOT NULL, "
    "state TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL, "
    "expires REAL NOT NULL) WITHOUT ROWID")
_TABLES: Final = (
    _DUELS.replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS"),
    "CREATE INDEX IF NOT EXISTS duels_expires ON duels (expires)",
    "CREATE TABLE IF NOT EXISTS starts (id TEXT PRIMARY KEY, cards TEXT NOT NULL, "
    "start TEXT NOT NULL) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS actions (duel TEXT NOT NULL, n INTEGER NOT NULL, "
    "action TEXT NOT NULL, PRIMARY KEY (duel, n)) WITHOUT ROWID",
)
#: Layout 1 to 2: a duel's cards and start leave its row for a row of ``starts``.
_UPGRADE: Final = (
    "CREATE TABLE IF NOT EXISTS starts (id TEXT PRIMARY KEY, cards TEXT NOT NULL, "
    "start TEXT NOT NULL) WITHOUT ROWID",
    "INSERT INTO starts SELECT id, cards, start FROM duels",
    _DUELS.replace("TABLE duels", "TABLE duels_2"),
    "INSERT INTO duels_2 SELECT id, format, rev, actions, ruleset, state, created, updated, "
    "expires FROM duels",
    "DROP TABLE duels",
    "ALTER TABLE duels_2 RENAME TO duels",
)
_READ: Final = ("SELECT d.id, rev, actions, ruleset, cards, start, state, created, updated, "
                "format FROM duels d JOIN starts s ON s.id = d.id "
                "WHERE d.id = ? AND expires > ?")
#: What a step may have changed in a duel's row (:meth:`SqliteStore.current`); the state (a few
#: kB, in overflow pages) only where the worker's copy is not the row's revision.
_ROW: Final = ("SELECT rev, actions, CASE WHEN rev = ? AND format = ? THEN NULL ELSE state END, "
               "updated, format FROM duels WHERE id = ? AND expires > ?")
_LOG: Final = "SELECT action FROM actions WHERE duel = ? AND n >= ? AND n < ? ORDER BY n"
_UPDATE: Final = ("UPDATE duels SET rev = ?, actions = ?, state = ?, updated = ?, expires = ? "
                  "WHERE id = ? AND rev = ? AND format = ? AND expires > ?")
_APPEND: Final = "INSERT INTO actions VALUES (?, ?, ?)"


class SqliteStore:
    """The SQLite store (see the module's docstring).

    >>> import tempfile
    >>> from .record import Record
    >>> now = time.time()
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     store = SqliteStore(Path(folder) / "duels.sqlite3", 60)
    ...     store.create(Record("a" * 22, 0, 1, "classic", "{}", "{}", "{}", now, now),
    ...                  ['{"type": "draw", "player": "p1"}'], 10)
    ...     (store.read("a" * 22).actions, store.log("a" * 22, 1), store.read("b" * 22))
    (1, ['{"type": "draw", "player": "p1"}'], None)
    """

    def __init__(self, path: Path, idle_seconds: int) -> None:
        self.path = path
        self.idle = float(idle_seconds)
        self._local: dict[int, sqlite3.Connection] = {}
        self._lock = threading.Lock()
        self._swept = 0.0
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            with self._transaction() as db:
                layout = db.execute("PRAGMA user_version").fetchone()[0]
                if layout > LAYOUT:
                    raise StoreError(f"{path} was written by a newer duelcheck (layout "
                                     f"{layout}; this one knows {LAYOUT}).")
                if layout == 1:
                    for statement in _UPGRADE:
                        db.execute(statement)
                for statement in _TABLES:
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {LAYOUT}")
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open {path}: {exc}") from None

    @staticmethod
    def _key() -> int:
        """This process's and thread's key (a connection never crosses a fork)."""
        return os.getpid() * 1_000_003 + threading.get_ident()

    def _connection(self) -> sqlite3.Connection:
        """This process's and thread's connection (a connection never crosses a fork)."""
        key = self._key()
        db = self._local.get(key)
        if db is None:
            db = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None,
                                 check_same_thread=False)
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute(f"PRAGMA wal_autocheckpoint = {CHECKPOINT_PAGES}")
            db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            with self._lock:
                self._local[key] = db
        return db

    def current(self, duel_id: str, seen: Record | None, expect: int | None) -> Current:
        """Where a step starts. When the client's ``expect`` is the number of actions of this
        worker's copy (``seen``), the copy is trusted unread, as on Redis: it is the duel as
        stored unless another step was kept since, and then the duel holds more actions than
        ``expect``, which the write's compare-and-set finds (the step is answered 409, as a
        read would have had it). A read is cheap here, but not free: in a worker, between two
        requests, the query of the row cost 25 us of a 230 us step. Else the duel's record as
        the file holds it: one query of the duel's row, which answers ``seen`` itself when its
        revision is unchanged, with the actions kept since ``seen`` when they are at most
        :data:`~.store.CATCH_UP` (another worker's steps: a second query, of the log). What
        never changes after a duel is created (its cards, start, ruleset and creation time)
        is not read again when the worker has ``seen``. Two statements without a transaction
        between them read a consistent duel: the log below a row's count was committed with
        that row and is never rewritten, only deleted with the duel (then fewer actions are
        found, and ``since`` is None).

        >>> import tempfile
        >>> from .record import Record
        >>> def rec(rev: int, actions: int) -> Record:
        ...     return Record("a" * 22, rev, actions, "classic", "{}", "{}", "{}", 1e12, 1e12)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = SqliteStore(Path(folder) / "d.sqlite3", 60)
        ...     store.create(rec(0, 0), [], 10)
        ...     _ = store.write(rec(1, 1), 0, ['"x"'])
        ...     same, behind = store.current("a" * 22, rec(1, 1), None), store.current(
        ...         "a" * 22, rec(0, 0), 1)
        ...     (same.record.rev, same.read, same.since, behind.record.rev, behind.since,
        ...      store.current("a" * 22, rec(1, 1), 1).read,
        ...      store.current("b" * 22, rec(0, 0), None).record)
        (1, True, None, 1, ['"x"'], False, None)
        """
        if seen is not None and expect == seen.actions:
            return Current(seen, False)
        if seen is None:
            return Current(self.read(duel_id), True)
        try:
            db = self._connection()
            row: Any = db.execute(_ROW, (seen.rev, seen.format, duel_id, time.time())).fetchone()
            if row is None:
                return Current(None, True)
            rev, actions, state, updated, format_ = row
            if rev == seen.rev and format_ == seen.format:
                return Current(seen, True)
            record = Record(id=duel_id, rev=rev, actions=actions, ruleset=seen.ruleset,
                            cards=seen.cards, start=seen.start, state=state,
                            created=seen.created, updated=updated, format=format_)
            behind = actions - seen.actions
            if not 0 < behind <= CATCH_UP or rev < seen.rev:
                return Current(record, True)
            log = [text for (text,) in db.execute(_LOG, (duel_id, seen.actions, actions))]
        except sqlite3.Error as exc:
            raise self._failed(exc) from None
        return Current(record, True, log if len(log) == behind else None)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self._connection()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as exc:
            raise self._failed(exc) from None

    def _failed(self, exc: sqlite3.Error) -> StoreError:
        return StoreError(f"the duel store ({self.path.name}) failed: {exc}")

    def create(self, record: Record, actions: Sequence[str], max_duels: int) -> None:
        """Add the duel unless ``max_duels`` are held (the count and the insert are one
        transaction; the count's query also finds the soonest expiry, for the refusal's
        ``retry_after``); sweeps expired duels first, at most once a minute."""
        now = time.time()
        with self._errors():
            if now - self._swept > SWEEP_EVERY:
                self.sweep(now)
            with self._transaction() as db:
                held, soonest = db.execute("SELECT count(*), min(expires) FROM duels "
                                           "WHERE expires > ?", (now,)).fetchone()
                if held >= max_duels:
                    raise TooManyDuels(max_duels, retry_after(
                        None if soonest is None else soonest - now))
                db.execute("INSERT INTO duels VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (record.id, record.format, record.rev, record.actions,
                            record.ruleset, record.state, record.created, record.updated,
                            record.updated + self.idle))
                db.execute("INSERT INTO starts VALUES (?, ?, ?)",
                           (record.id, record.cards, record.start))
                db.executemany("INSERT INTO actions VALUES (?, ?, ?)",
                               [(record.id, n, text) for n, text in enumerate(actions)])

    def read(self, duel_id: str) -> Record | None:
        """The record, unless unknown or expired."""
        with self._errors():
            row: Any = self._connection().execute(_READ, (duel_id, time.time())).fetchone()
        return None if row is None else Record(*row)

    def write(self, record: Record, read_rev: int,
              actions: Sequence[str]) -> Written | Record:
        """Compare-and-set: the new row and the new actions in one transaction, only if the
        row still has ``read_rev`` (and the record's format); else the row as it stands.
        (Written out, not through :meth:`_transaction` and :meth:`_errors`: a step's hot
        path, where each generator-made context costs a few microseconds.) The duel must not
        have expired by the time the step was judged, ``record.updated``: one clock reading a
        step."""
        now = record.updated
        try:
            db = self._connection()
            db.execute("BEGIN IMMEDIATE")
            try:
                done = db.execute(_UPDATE, (
                    record.rev, record.actions, record.state, record.updated,
                    record.updated + self.idle, record.id, read_rev, record.format,
                    now)).rowcount
                if done:
                    first = record.actions - len(actions)
                    if len(actions) == 1:
                        db.execute(_APPEND, (record.id, first, actions[0]))
                    else:
                        db.executemany(_APPEND, [(record.id, first + i, text)
                                                 for i, text in enumerate(actions)])
                    row: Any = None
                else:
                    row = db.execute(_READ, (record.id, now)).fetchone()
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            raise self._failed(exc) from None
        if done:
            return Written.KEPT
        return Written.GONE if row is None else Record(*row)

    def log(self, duel_id: str, count: int, first: int = 0) -> list[str] | None:
        """The kept actions from ``first`` to ``count``, read in one transaction with the
        row."""
        with self._errors():
            db = self._connection()
            db.execute("BEGIN")
            try:
                if db.execute("SELECT 1 FROM duels WHERE id = ? AND expires > ?",
                              (duel_id, time.time())).fetchone() is None:
                    return None
                rows = db.execute("SELECT action FROM actions WHERE duel = ? AND n >= ? "
                                  "AND n < ? ORDER BY n", (duel_id, first, count)).fetchall()
            finally:
                db.execute("COMMIT")
        return [text for (text,) in rows]

    def delete(self, duel_id: str) -> bool:
        """Forget the duel and its log."""
        with self._errors(), self._transaction() as db:
            gone = db.execute("DELETE FROM duels WHERE id = ? AND expires > ?",
                              (duel_id, time.time())).rowcount
            db.execute("DELETE FROM starts WHERE id = ?", (duel_id,))
            db.execute("DELETE FROM actions WHERE duel = ?", (duel_id,))
        return bool(gone)

    def held(self) -> int:
        """Duels not expired."""
        with self._errors():
            count: int = self._connection().execute(
                "SELECT count(*) FROM duels WHERE expires > ?", (time.time(),)).fetchone()[0]
        return count

    def sweep(self, now: float | None = None) -> int:
        """Delete the expired duels and their logs; how many."""
        now = time.time() if now is None else now
        self._swept = now
        with self._errors(), self._transaction() as db:
            for table, key in (("actions", "duel"), ("starts", "id")):
                db.execute(f"DELETE FROM {table} WHERE {key} IN "
                           "(SELECT id FROM duels WHERE expires <= ?)", (now,))
            swept: int = db.execute("DELETE FROM duels WHERE expires <= ?", (now,)).rowcount
        return swept

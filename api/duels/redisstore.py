"""Held duels in Redis (``DUELCHECK_STORE=redis://…``): any number of service instances behind a
load balancer serve the same duels.

A duel is one hash, ``duelcheck:duel:<id>``, whose fields are the record's and, for each kept
action ``n``, ``a<n>`` (the log, read only by ``?document=1``): a step reads a few fields and
writes a few, whatever the duel's length, and the duel expires whole by its TTL (the idle time,
renewed when an action is kept). The sorted set ``duelcheck:duels`` holds every duel's id with
its expiry time, so that a create counts the duels held without a scan. Creates, steps and
deletes are Lua scripts: each runs atomically in Redis, so the count and the insert are one,
and a step's write is a compare-and-set on the revision it read. Ids reach a key only once
:func:`api.duels.record.is_id` has checked them (URL-safe letters only).

A step's commands (the write script, and the ``HMGET`` of a copy behind) go out at redis-py's
connection level (:meth:`RedisStore._command`); the workers of one instance leave the steps
they keep on a step board (:mod:`.board`), from which a worker whose copy is a step or two
behind moves it on without a read first.
"""

from __future__ import annotations

import select
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from time import perf_counter
from typing import Any, Final

import redis

from .board import KEEP, StepBoard
from .record import Record
from .store import CATCH_UP, Current, StoreError, TooManyDuels, Written, retry_after

PREFIX: Final = "duelcheck:"
INDEX: Final = PREFIX + "duels"
#: The record's fields, in :class:`Record`'s order.
FIELDS: Final = ("id", "rev", "actions", "ruleset", "cards", "start", "state", "created",
                 "updated", "format")
#: The fields a step may change (the others never change after a duel is created): what a
#: worker that has a copy of the duel reads of it again.
CHANGING: Final = ("rev", "actions", "state", "updated", "format")
#: :data:`CHANGING` and :data:`INDEX` as the bytes sent (redis-py's packer takes bytes as they are).
_CHANGING: Final = tuple(name.encode() for name in CHANGING)
_INDEX: Final = INDEX.encode()
#: Fields of the log read (or written) per command: a Lua call takes at most a few thousand
#: arguments at once.
CHUNK: Final = 1000

#: KEYS: duel, index. ARGV: max duels, idle ms, id, then field/value pairs. Answers 1 (added)
#: or, when max duels are held, ``{0, ms until the soonest of them expires}`` (``{0}`` when
#: none is held: a limit of 0).
_CREATE: Final = """
local now = redis.call('TIME')
local ms = now[1] * 1000 + math.floor(now[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ms)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[1]) then
  local soonest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  if soonest[2] == nil then return {0} end
  return {0, tonumber(soonest[2]) - ms}
end
for i = 4, #ARGV, 1000 do
  redis.call('HSET', KEYS[1], unpack(ARGV, i, math.min(i + 999, #ARGV)))
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], ms + tonumber(ARGV[2]), ARGV[3])
return 1
"""
#: KEYS: duel, index. ARGV: revision read, idle ms, id, format, the new rev, actions, state and
#: updated, the first new action's number, then the new actions. Answers 1 (written), -1 (no such
#: duel) or, when the revision (or format) is another, the record's :data:`CHANGING` fields as
#: they stand (nothing written).
_WRITE: Final = """
local now = redis.call('HMGET', KEYS[1], 'rev', 'format')
if not now[1] then return -1 end
if now[1] ~= ARGV[1] or now[2] ~= ARGV[4] then
  return redis.call('HMGET', KEYS[1], '""" + "', '".join(CHANGING) + """')
end
redis.call('HSET', KEYS[1], 'rev', ARGV[5], 'actions', ARGV[6], 'state', ARGV[7],
           'updated', ARGV[8])
local first, log = tonumber(ARGV[9]) - 10, {}
for i = 10, #ARGV do
  log[#log + 1] = 'a' .. (first + i)
  log[#log + 1] = ARGV[i]
  if #log >= 1000 or i == #ARGV then
    redis.call('HSET', KEYS[1], unpack(log))
    log = {}
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local time = redis.call('TIME')
redis.call('ZADD', KEYS[2], 'XX', time[1] * 1000 + math.floor(time[2] / 1000) + ARGV[2], ARGV[3])
return 1
"""
#: KEYS: duel, index. ARGV: id.
_DELETE: Final = """
redis.call('ZREM', KEYS[2], ARGV[1])
return redis.call('DEL', KEYS[1])
"""


def key(duel_id: str) -> str:
    """The key of a duel (its id checked beforehand by :func:`api.duels.record.is_id`).

    >>> key("A" * 22)
    'duelcheck:duel:AAAAAAAAAAAAAAAAAAAAAA'
    """
    return f"{PREFIX}duel:{duel_id}"


def _pairs(record: Record, first: int, actions: Sequence[str], only: Sequence[str]) -> list[Any]:
    out: list[Any] = []
    for name in only:
        out += [name, getattr(record, name)]
    for i, text in enumerate(actions):
        out += [f"a{first + i}", text]
    return out


def _record(duel_id: str, values: list[Any]) -> Record | None:
    """A record from its fields' values (in :data:`FIELDS`' order), None when the hash is
    gone; a :class:`StoreError` naming a field that is missing.

    >>> _record("A" * 22, [None] * len(FIELDS)) is None
    True
    """
    if values[0] is None:
        return None
    if None in values:
        raise StoreError(f"the record of duel {duel_id} lacks {FIELDS[values.index(None)]}")
    (id_, rev, actions, ruleset, cards, start, state, created, updated, fmt) = values
    return Record(id_, int(rev), int(actions), ruleset, cards, start, state, float(created),
                  float(updated), int(fmt))


def _changed(base: Record, values: list[Any]) -> Record | None:
    """``base`` with its :data:`CHANGING` fields as ``values`` give them, None when the hash
    is gone; a :class:`StoreError` naming a field that is missing.

    >>> base = Record("A" * 22, 1, 1, "classic", "{}", "{}", "{}", 1.0, 1.0)
    >>> _changed(base, ["3", "5", '{"turn": 2}', "9.5", "1"]).actions
    5
    """
    if values[0] is None:
        return None
    if None in values:
        raise StoreError(f"the record of duel {base.id} lacks {CHANGING[values.index(None)]}")
    rev, actions, state, updated, fmt = values
    return Record(id=base.id, rev=int(rev), actions=int(actions), ruleset=base.ruleset,
                  cards=base.cards, start=base.start, state=state, created=base.created,
                  updated=float(updated), format=int(fmt))


def packed(args: Sequence[bytes]) -> list[bytes]:
    """A command (its name and arguments, as bytes) as Redis's protocol sends it, an array of
    bulk strings: the bytes redis-py's ``pack_command`` makes of bytes arguments, a step's
    command in 2.8 us where it takes 7.2 (it checks each argument's type and encodes it, and
    copies the command so far at each one). One piece: a step's command is a few kB.

    >>> packed([b"HMGET", b"duelcheck:duel:x", b"rev"])
    [b'*3\\r\\n$5\\r\\nHMGET\\r\\n$16\\r\\nduelcheck:duel:x\\r\\n$3\\r\\nrev\\r\\n']
    """
    return [b"*%d\r\n" % len(args) + b"".join([b"$%d\r\n%s\r\n" % (len(a), a) for a in args])]


def _poll(ready: Callable[[], object], deadline: float) -> bool:
    """Poll for a reply, without sleeping, until ``deadline`` (:func:`time.perf_counter`);
    True when it is there (``ready`` says so: :meth:`RedisStore._readiness`). Asleep in
    ``recv``, a worker is woken by the kernel when the reply comes, which on an idle machine
    costs about as much as Redis's own work; polled, the reply is read as soon as it is there.
    The store polls only while polled replies come within its ``spin`` time: on a loaded
    machine, where they do not, polling would take a core from Redis, and the worker sleeps
    instead.

    >>> _poll(lambda: True, perf_counter() + 1.0)  # the reply is there: no wait
    True
    >>> _poll(lambda: False, perf_counter())  # not there by the deadline
    False
    """
    while not ready():
        if perf_counter() >= deadline:
            return False
    return True


#: The most commands whose replies a worker awaits asleep after a polled reply came late (the
#: back-off doubles from 1 at each late one in a row, up to this).
BACKOFF: Final = 64


class RedisStore:
    """The Redis store (see the module's docstring). Connections come from redis-py's pool,
    which opens new ones in a forked worker; each thread keeps one of them for its commands
    (:meth:`_client`)."""

    def __init__(self, url: str, idle_seconds: int, board: StepBoard | None = None,
                 poll_us: int = 100) -> None:
        self.url = url
        #: The step board this process shares with the other workers of its instance.
        self.board = board
        self.idle_ms = idle_seconds * 1000
        self._idle = b"%d" % self.idle_ms
        try:
            self.redis = redis.Redis.from_url(url, decode_responses=True,
                                              socket_timeout=5, socket_connect_timeout=5)
        except ValueError as exc:
            raise StoreError(f"DUELCHECK_STORE is not a Redis URL: {exc}") from None
        self._create = self.redis.register_script(_CREATE)
        self._write = self.redis.register_script(_WRITE)
        self._delete = self.redis.register_script(_DELETE)
        self._clients: dict[int, redis.Redis] = {}
        #: How long a worker polls for a reply before it sleeps on it (seconds; 0: never); the
        #: commands whose replies it awaits asleep before it polls again, after a polled reply
        #: came late, and how many that was last (:meth:`_await`).
        self.spin = poll_us / 1e6
        self._skip = 0
        self._backoff = 0
        #: Each thread's socket whose readiness :meth:`_readiness` polls, and its poll.
        self._polls: dict[int, tuple[object, Callable[[], object]]] = {}

    def _client(self) -> redis.Redis:
        """This thread's client: one connection of the pool, held for good (redis-py's
        ``single_connection_client``; it reconnects after an error as the pool does), so that
        a command does not take a connection from the pool and poll it for stray data each
        time: 18 us of the 70 a step's write cost in a loop."""
        thread = threading.get_ident()
        client = self._clients.get(thread)
        if client is None:
            client = self._clients[thread] = redis.Redis(
                connection_pool=self.redis.connection_pool, single_connection_client=True)
        return client

    def _command(self, *args: bytes, once: bool = False,
                 meanwhile: Callable[[], object] | None = None) -> Any:
        """One command on this thread's held connection, packed by :func:`packed` and sent and
        its reply read at redis-py's connection level (``send_packed_command``,
        ``read_response``; the reply decoded as the client decodes it): a step's two commands
        skip the client's
        ``execute_command`` layers (the retry wrapper and its callbacks, the timing records,
        the per-command branches, the reply callbacks none of these commands has), which cost
        as much as the rest of the call. An error Redis answers (``NOSCRIPT`` among them) is
        raised as redis-py raises it.

        A connection Redis closed while it was idle (a restart, ``CLIENT KILL``, its
        ``timeout``) is seen before the command is sent (a poll of the socket finds it closed,
        or holding bytes nothing asked for) and opened again. A connection error or time-out
        while sending sends the command again on a new connection (a command cut off while
        being sent is never run): through the client's own path, or, for a command that must
        run ``once``, here, exactly once more. One after the command was sent is raised for a
        command that must run ``once`` (the step's write, which Redis may have run before the
        connection failed: sent again, its compare-and-set would find its own write, and the
        step would be judged again and kept twice); a read is sent again. ``meanwhile``, if
        given, is called once the command is sent, before the reply is awaited (work the
        reply does not change, done while Redis works)."""
        client: Any = self._client()
        conn: Any = client.connection
        command = packed(args)
        try:
            if self._readiness(conn)():  # bytes no command of ours asked for: start afresh
                conn.disconnect()
            conn.send_packed_command(command, check_health=False)
        except (redis.ConnectionError, redis.TimeoutError):
            conn.disconnect()
            if not once:
                return client.execute_command(*args)
            # sent again once, here: the client's path would send it as often as its retries
            # say, and a write whose reply is lost must not be sent again
            try:
                conn.send_packed_command(command, check_health=False)
            except (redis.ConnectionError, redis.TimeoutError):
                conn.disconnect()
                raise
        try:
            start = perf_counter()
            if meanwhile is not None:
                meanwhile()
            self._await(conn, start)
            return conn.read_response()
        except (redis.ConnectionError, redis.TimeoutError):
            conn.disconnect()
            if once:
                raise
            return client.execute_command(*args)

    def _await(self, conn: Any, start: float) -> None:
        """Poll for the reply to a command sent at ``start``, for up to :attr:`spin`, unless a
        polled reply came late lately: then the next replies are awaited asleep (in redis-py's
        ``read_response``), one after the first late reply, twice as many after each late one
        in a row, up to :data:`BACKOFF`; a polled reply that comes in time polls again at once.
        Only polled replies decide: one awaited asleep takes longer by the waking that the
        poll saves, so its time says nothing about whether polling pays."""
        if self.spin <= 0:
            return
        if self._skip > 0:
            self._skip -= 1
        elif _poll(self._readiness(conn), start + self.spin):
            self._backoff = 0
        else:
            self._backoff = self._skip = min(BACKOFF, 2 * self._backoff or 1)

    def _readiness(self, conn: Any) -> Callable[[], object]:
        """A call that says, without waiting, whether the connection's socket has bytes to
        read or was closed (a ``select.poll`` of it, made again for a new socket; the
        connection is opened first if it is not). One system call, where redis-py's
        ``can_read`` makes three and raises and catches an exception each time (13 to 20
        against 3 to 5 us a step in a worker)."""
        sock = conn._sock  # (redis-py's socket: no public name has it)
        if sock is None:
            conn.connect()
            sock = conn._sock
        thread = threading.get_ident()
        held = self._polls.get(thread)
        if held is None or held[0] is not sock:  # (held, the old socket is never reused)
            poller = select.poll()
            poller.register(sock, select.POLLIN)
            held = self._polls[thread] = (sock, partial(poller.poll, 0))
        return held[1]

    def _eval(self, script: Any, *args: Any,
              meanwhile: Callable[[], object] | None = None) -> Any:
        """A script by its SHA1 (``EVALSHA`` through :meth:`_command`, run ``once``: the
        step's write), loaded into Redis first when Redis does not have it (a Redis
        restarted, or one that never saw it)."""
        try:
            return self._command(b"EVALSHA", script.sha.encode(), b"2", *args, once=True,
                                 meanwhile=meanwhile)
        except redis.exceptions.NoScriptError:
            self._command(b"SCRIPT", b"LOAD", script.script.encode())
            return self._command(b"EVALSHA", script.sha.encode(), b"2", *args, once=True)

    def current(self, duel_id: str, seen: Record | None, expect: int | None) -> Current:
        """A read is a round trip to Redis, so ``seen`` is trusted unread (``read`` False:
        the step is judged on this worker's copy at once, and the write's compare-and-set
        says whether another worker wrote since) unless ``expect`` says it is behind: a copy
        at most :data:`~.board.KEEP` actions behind is moved on by the actions kept since as
        the step board holds them (:mod:`.board`; unread too: the write's compare-and-set
        decides); else a copy at most :data:`~.store.CATCH_UP` behind gets the record's
        :data:`CHANGING` fields and those actions in one HMGET; else (or with no copy) the
        record is read.

        >>> from .board import KEEP, StepBoard
        >>> store = RedisStore("redis://127.0.0.1:1/0", 60, StepBoard(slots=1))  # no Redis
        >>> seen = Record("A" * 22, 4, 4, "classic", "{}", "{}", "{}", 1.0, 1.0)
        >>> now = store.current("A" * 22, seen, 4)
        >>> now.record is seen, now.read, store.current("A" * 22, seen, None).read
        (True, False, False)
        >>> store.board.put(Record("A" * 22, 5, 5, "classic", "{}", "{}", "[]", 1, 2), ["{}"])
        >>> now = store.current("A" * 22, seen, 5)
        >>> now.record.rev, now.record.state, now.read, now.since
        (5, '[]', False, ['{}'])
        """
        if seen is not None and expect in (None, seen.actions):
            return Current(seen, False)
        behind = -1 if seen is None or expect is None else expect - seen.actions
        if seen is not None and self.board is not None and 0 < behind <= KEEP:
            left = self.board.get(duel_id)  # (judging up to KEEP actions costs less than a read)
            since = None if left is None or left.actions != expect else left.after(seen.actions)
            if left is not None and since is not None:
                return Current(left.on(seen), False, since)
        if seen is not None and 0 < behind <= CATCH_UP:
            try:  # (written out: a generator-made context costs a microsecond a step)
                values: list[Any] = self._command(
                    b"HMGET", key(duel_id).encode(), *_CHANGING,
                    *(b"a%d" % n for n in range(seen.actions, seen.actions + behind)))
            except redis.RedisError as exc:
                raise StoreError(f"Redis failed: {exc}") from None
            record = _changed(seen, values[:len(CHANGING)])
            log = values[len(CHANGING):]
            return Current(record, True, None if record is None or None in log else log)
        return Current(self.read(duel_id), True)

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except redis.RedisError as exc:
            raise StoreError(f"Redis failed: {exc}") from None

    def create(self, record: Record, actions: Sequence[str], max_duels: int) -> None:
        """Add the duel unless ``max_duels`` are held (one script: count, then add; refused,
        it answers the milliseconds until the soonest held duel expires, by the index)."""
        with self._errors():
            done = self._create(keys=[key(record.id), INDEX], args=[
                max_duels, self.idle_ms, record.id, *_pairs(record, 0, actions, FIELDS)],
                client=self._client())
        if done != 1:
            wait = done[1] / 1000 if isinstance(done, list) and len(done) > 1 else None
            raise TooManyDuels(max_duels, retry_after(wait))

    def read(self, duel_id: str) -> Record | None:
        """The record's fields (never the log), or None when the key has expired or gone."""
        with self._errors():
            values: list[Any] = self._client().hmget(key(duel_id), FIELDS)
        return _record(duel_id, values)

    def write(self, record: Record, read_rev: int,
              actions: Sequence[str]) -> Written | Record:
        """Compare-and-set on the revision (and the record's format), with the new actions,
        in one script; on another revision, the record as it stands (the same script). The
        step to leave on the board is made while the script runs, and left once it is kept."""
        board, pending = self.board, []
        try:
            done = self._eval(
                self._write, key(record.id).encode(), _INDEX, b"%d" % read_rev, self._idle,
                record.id.encode(), b"%d" % record.format, b"%d" % record.rev,
                b"%d" % record.actions, record.state.encode(), repr(record.updated).encode(),
                b"%d" % (record.actions - len(actions)), *(text.encode() for text in actions),
                meanwhile=None if board is None else
                lambda: pending.append(board.prepare(record, actions)))
        except redis.RedisError as exc:
            raise StoreError(f"Redis failed: {exc}") from None
        if isinstance(done, list):
            return _changed(record, done) or Written.GONE
        if done != 1:
            return Written.GONE
        if board is not None:
            board.leave(pending[-1] if pending else board.prepare(record, actions))
        return Written.KEPT

    def log(self, duel_id: str, count: int, first: int = 0) -> list[str] | None:
        """The kept actions from ``first`` to ``count``, read in chunks (each an HMGET)."""
        out: list[str] = []
        with self._errors():
            for start in range(first, count, CHUNK):
                names = [f"a{n}" for n in range(start, min(start + CHUNK, count))]
                values: list[Any] = self._client().hmget(key(duel_id), names)
                if any(value is None for value in values):
                    return None
                out += values
        return out

    def delete(self, duel_id: str) -> bool:
        """Forget the duel (its key and its index entry)."""
        with self._errors():
            return bool(self._delete(keys=[key(duel_id), INDEX], args=[duel_id],
                                     client=self._client()))

    def held(self) -> int:
        """Duels whose expiry time has not passed."""
        with self._errors():
            client = self._client()
            now_s, now_us = client.time()
            return int(client.zcount(INDEX, f"({now_s * 1000 + now_us // 1000}", "+inf"))

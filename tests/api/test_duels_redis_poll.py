"""How a worker sends a step's command to Redis and awaits the reply
(api/duels/redisstore.py, ``RedisStore._command``, ``DUELCHECK_REDIS_POLL_US``): the reply polled
for without sleeping while polled replies come within the poll time, asleep for the next few
commands after one did not (more after each late one in a row), and polled again after them; a
connection lost before the command went out opened again and the command sent, and one lost
after it sent again only for a command that may run twice. A fake connection stands for
redis-py's, so that what is polled and sent is counted (and a socket pair for the poll of a
socket itself); the real server's replies are tested in test_duels_serving."""

from __future__ import annotations

import itertools
import socket
from typing import Any

import pytest
import redis

from api.duels.board import StepBoard
from api.duels.record import Record
from api.duels.redisstore import BACKOFF, RedisStore, packed
from api.duels.store import Written


class Connection:
    """A redis-py connection whose reply is there after ``ready_after`` polls (never, if
    None), counting the polls; ``lost`` names where the connection fails, if it does."""

    def __init__(self) -> None:
        self.ready_after: int | None = 0
        self.polls = 0
        self.asked: int | None = None  # polls since the last command was sent (None: idle)
        self.sent: list[bytes] = []
        self.lost = ""
        self.disconnected = 0
        self.reply: Any = "OK"
        self.events: list[str] = []

    def send_packed_command(self, packed: list[bytes], check_health: bool = True) -> None:
        if self.lost in ("send", "send twice"):
            self.lost = "" if self.lost == "send" else "send"
            raise redis.ConnectionError("lost while sending")
        self.sent.append(b" ".join(_unpacked(b"".join(packed))))
        self.events.append("sent")
        self.asked = 0

    def ready(self) -> bool:
        """The poll of the connection's socket (``RedisStore._readiness``)."""
        if self.asked is None:  # idle: nothing should be there, unless Redis closed it
            if self.lost == "idle":
                self.lost = ""
                return True
            return False
        self.polls += 1
        self.asked += 1
        return self.ready_after is not None and self.asked > self.ready_after

    def read_response(self) -> Any:
        self.asked = None
        self.events.append("reply")
        if self.lost == "reply":
            raise redis.ConnectionError("lost before the reply")
        return self.reply

    def disconnect(self) -> None:
        self.disconnected += 1


def _unpacked(command: bytes) -> list[bytes]:
    """A command's arguments from the protocol's array of bulk strings."""
    head, rest = command.split(b"\r\n", 1)
    args = []
    for _ in range(int(head[1:])):
        size, rest = rest.split(b"\r\n", 1)
        args.append(rest[:int(size[1:])])
        assert rest[int(size[1:]):int(size[1:]) + 2] == b"\r\n"
        rest = rest[int(size[1:]) + 2:]
    assert rest == b""
    return args


class Client:
    """redis-py's client as the store holds it: its connection, and its own path, which
    connects again and sends (recorded)."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.sent_again: list[tuple[Any, ...]] = []

    def execute_command(self, *args: Any) -> str:
        self.sent_again.append(args)
        return "AGAIN"


def _store(poll_us: int, board: StepBoard | None = None
           ) -> tuple[RedisStore, Connection, Client]:
    store = RedisStore("redis://127.0.0.1:1/0", 60, board, poll_us)  # never connects here
    connection = Connection()
    client = Client(connection)
    store._client = lambda: client  # type: ignore[assignment,method-assign,return-value]
    store._readiness = lambda conn: conn.ready  # type: ignore[method-assign]
    return store, connection, client


def _polls(store: RedisStore, connection: Connection) -> int:
    before = connection.polls
    assert store._command(b"PING") == "OK"
    return connection.polls - before


def test_a_reply_is_polled_for_until_it_is_there() -> None:
    store, connection, _ = _store(100)
    connection.ready_after = 3
    assert _polls(store, connection) == 4
    assert _polls(store, connection) == 4
    assert connection.sent == [b"PING", b"PING"]


def test_a_late_reply_puts_the_next_ones_to_sleep_more_of_them_each_time_in_a_row() -> None:
    store, connection, _ = _store(100)
    connection.ready_after = None  # never there within the 100 us: polled, then read asleep
    polls = [_polls(store, connection) for _ in range(11)]
    # late, then 1 asleep; late again, 2 asleep; again, 4 asleep; then polled again
    assert [n > 0 for n in polls] == [True, False, True, False, False, True,
                                      False, False, False, False, True]
    connection.ready_after = 0  # fast again: once a polled reply comes in time, polled on
    assert [_polls(store, connection) for _ in range(12)] == [0] * 8 + [1] * 4


def test_asleep_at_most_for_the_backoff_limit() -> None:
    store, connection, _ = _store(100)
    connection.ready_after = None
    polled = [_polls(store, connection) > 0 for _ in range(400)]
    where = [n for n, yes in enumerate(polled) if yes]
    assert max(b - a for a, b in itertools.pairwise(where)) == BACKOFF + 1


def test_with_0_a_reply_is_never_polled_for() -> None:
    store, connection, _ = _store(0)
    assert [_polls(store, connection) for _ in range(3)] == [0, 0, 0]


def test_a_connection_redis_closed_while_idle_is_opened_again_before_the_command() -> None:
    for args, once in (((b"HMGET", b"k"), False), ((b"EVALSHA", b"x"), True)):
        store, connection, client = _store(100)
        connection.lost = "idle"  # its socket polls readable: closed (or bytes none asked for)
        assert store._command(*args, once=once) == "OK"
        assert connection.disconnected == 1 and connection.sent == [b" ".join(args)]
        assert client.sent_again == []


def test_a_connection_lost_while_a_read_was_sent_is_opened_again_by_the_clients_path() -> None:
    store, connection, client = _store(100)
    connection.lost = "send"
    assert store._command(b"HMGET", b"k") == "AGAIN"
    assert client.sent_again == [(b"HMGET", b"k")] and connection.disconnected == 1


@pytest.mark.parametrize("lost", ["idle", "send"])
def test_a_write_whose_connection_was_lost_before_it_went_out_is_sent_again_once_here(
        lost: str) -> None:
    # not through the client's path, which would send it as often as its retries say
    store, connection, client = _store(100)
    connection.lost = lost
    assert store._command(b"EVALSHA", b"x", once=True) == "OK"
    assert connection.sent == [b"EVALSHA x"] and client.sent_again == []
    connection.lost = "send twice"  # lost again while sending it again: the store's error
    with pytest.raises(redis.ConnectionError, match="lost while sending"):
        store._command(b"EVALSHA", b"y", once=True)
    assert connection.sent == [b"EVALSHA x"] and client.sent_again == []


def test_a_connection_lost_after_a_write_went_out_is_an_error_not_a_second_write() -> None:
    store, connection, client = _store(100)
    connection.lost = "reply"
    with pytest.raises(redis.ConnectionError, match="lost before the reply"):
        store._command(b"EVALSHA", b"x", once=True)
    assert connection.sent == [b"EVALSHA x"] and client.sent_again == []
    assert store._command(b"HMGET", b"k") == "AGAIN"  # a read is sent again
    assert client.sent_again == [(b"HMGET", b"k")]


@pytest.mark.parametrize(("reply", "written"), [(1, Written.KEPT), (-1, Written.GONE)])
def test_the_step_for_the_board_is_made_while_the_write_is_on_the_way_and_left_once_kept(
        reply: int, written: Written) -> None:
    board = StepBoard(slots=4)
    store, connection, _ = _store(100, board)
    prepare = board.prepare
    board.prepare = lambda *args: (connection.events.append("prepared"),  # type: ignore
                                   prepare(*args))[1]
    connection.reply = reply
    record = Record("A" * 22, 2, 2, "classic", "{}", "{}", '{"turn": 1}', 1.0, 2.0)
    assert store.write(record, 1, ['{"type": "draw"}']) is written
    assert connection.events == ["sent", "prepared", "reply"]
    left = board.get("A" * 22)
    assert (left is not None and left.since == ['{"type": "draw"}']) is (written is Written.KEPT)


class Socketed:
    """A connection as :meth:`RedisStore._readiness` sees it: its socket (one end of a pair),
    opened by ``connect``."""

    def __init__(self) -> None:
        self._sock: socket.socket | None = None
        self.peer: socket.socket | None = None
        self.opened: list[socket.socket] = []

    def connect(self) -> None:
        self._sock, self.peer = socket.socketpair()
        self.opened += [self._sock, self.peer]


def test_readiness_polls_the_connections_own_socket_and_follows_a_new_one() -> None:
    store = RedisStore("redis://127.0.0.1:1/0", 60)
    conn = Socketed()
    try:
        ready = store._readiness(conn)  # not connected: connected first
        assert conn._sock is not None and conn.peer is not None
        assert not ready()
        conn.peer.sendall(b":1\r\n")
        assert ready() and store._readiness(conn)()
        conn._sock.recv(16)
        assert not ready()
        conn.peer.close()  # Redis closed it: readable (the end of the stream)
        assert ready()
        conn.connect()  # a new connection: its own socket polled, not the old one's
        assert not store._readiness(conn)()
        conn.peer.sendall(b"+OK\r\n")
        assert store._readiness(conn)()
    finally:
        for sock in conn.opened:
            sock.close()


def test_a_command_is_packed_as_redis_py_packs_it() -> None:
    args = (b"EVALSHA", b"f" * 40, b"2", b"duelcheck:duel:" + b"A" * 22, b"duelcheck:duels",
            b"12", b"86400000", b"A" * 22, b"1", b"13", b"13", b'{"turn": 1}' * 900, b"",
            b"1733450000.5", b"12", b'{"type": "draw", "player": "p1"}')
    connection: Any = redis.connection.Connection
    reference = connection()  # (packs; never connects)
    assert b"".join(packed(args)) == b"".join(reference.pack_command(*args))

"""How a worker sends a step's command to Redis and awaits the reply
(api/duels/redisstore.py, ``RedisStore._command``, ``DUELCHECK_REDIS_POLL_US``): the reply polled
for without sleeping while replies come within the poll time, asleep once one did not, and
polled again when replies are fast again; a connection lost before the command went out opened
again and the command sent, and one lost after it sent again only for a command that may run
twice. A fake connection stands for redis-py's, so that what is polled and sent is counted; the
real server's replies are tested in test_duels_serving."""

from __future__ import annotations

from typing import Any

import pytest
import redis

from api.duels.board import StepBoard
from api.duels.record import Record
from api.duels.redisstore import RedisStore
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

    def pack_command(self, *args: Any) -> bytes:
        return b" ".join(a if isinstance(a, bytes) else str(a).encode() for a in args)

    def send_packed_command(self, packed: bytes, check_health: bool = True) -> None:
        if self.lost in ("send", "send twice"):
            self.lost = "" if self.lost == "send" else "send"
            raise redis.ConnectionError("lost while sending")
        self.sent.append(packed)
        self.events.append("sent")
        self.asked = 0

    def can_read(self, timeout: float = 0) -> bool:
        if self.asked is None:  # idle: nothing should be there
            if self.lost == "idle":
                self.lost = ""
                raise redis.ConnectionError("Connection closed by server.")
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


def test_a_reply_late_past_the_poll_time_stops_polling_until_replies_are_fast_again() -> None:
    store, connection, _ = _store(100)
    connection.ready_after = None  # not there within the 100 us: polled, then read asleep
    assert _polls(store, connection) > 1
    connection.ready_after = 0
    # the late reply counts as twice the poll time; fast replies bring the average back
    assert [_polls(store, connection) for _ in range(5)] == [0, 0, 0, 1, 1]


def test_with_0_a_reply_is_never_polled_for() -> None:
    store, connection, _ = _store(0)
    assert [_polls(store, connection) for _ in range(3)] == [0, 0, 0]


@pytest.mark.parametrize("lost", ["idle", "send"])
def test_a_connection_lost_before_a_read_went_out_is_opened_again_by_the_clients_path(
        lost: str) -> None:
    store, connection, client = _store(100)
    connection.lost = lost
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

"""How a worker awaits a Redis reply (api/duels/redisstore.py, ``DUELCHECK_REDIS_POLL_US``):
polled without sleeping while replies come within the poll time, asleep once one did not,
and polled again when replies are fast again. A fake connection stands for redis-py's, so
that what is polled is counted; the real server's replies are tested in test_duels_serving."""

from __future__ import annotations

from typing import Any

from api.duels.redisstore import RedisStore


class Connection:
    """A redis-py connection whose reply is there after ``ready_after`` polls (never, if
    None), counting the polls."""

    def __init__(self) -> None:
        self.ready_after: int | None = 0
        self.polls = 0
        self.sent: list[bytes] = []

    def pack_command(self, *args: Any) -> bytes:
        return b" ".join(args)

    def send_packed_command(self, packed: bytes, check_health: bool = True) -> None:
        self.sent.append(packed)
        self.asked = 0

    def can_read(self, timeout: float = 0) -> bool:
        self.polls += 1
        self.asked += 1
        return self.ready_after is not None and self.asked > self.ready_after

    def read_response(self) -> str:
        return "OK"


def _store(poll_us: int) -> tuple[RedisStore, Connection]:
    store = RedisStore("redis://127.0.0.1:1/0", 60, poll_us=poll_us)  # never connects here
    connection = Connection()
    client: Any = type("Client", (), {"connection": connection})()
    store._client = lambda: client  # type: ignore[method-assign]
    return store, connection


def _polls(store: RedisStore, connection: Connection) -> int:
    before = connection.polls
    assert store._command(b"PING") == "OK"
    return connection.polls - before


def test_a_reply_is_polled_for_until_it_is_there() -> None:
    store, connection = _store(100)
    connection.ready_after = 3
    assert _polls(store, connection) == 4
    assert _polls(store, connection) == 4
    assert connection.sent == [b"PING", b"PING"]


def test_a_reply_late_past_the_poll_time_stops_polling_until_replies_are_fast_again() -> None:
    store, connection = _store(100)
    connection.ready_after = None  # not there within the 100 us: polled, then read asleep
    assert _polls(store, connection) > 1
    connection.ready_after = 0
    # the late reply counts as twice the poll time; fast replies bring the average back
    assert [_polls(store, connection) for _ in range(5)] == [0, 0, 0, 1, 1]


def test_with_0_a_reply_is_never_polled_for() -> None:
    store, connection = _store(0)
    assert [_polls(store, connection) for _ in range(3)] == [0, 0, 0]

"""The step board (api/duels/board.py): what the workers of one instance leave for each other,
in memory they share; and a Redis step that moves a copy behind on by it, with no read."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import redis

from api import create_app
from api.duels import judge
from api.duels.board import KEEP, SLOT_BYTES, StepBoard
from api.duels.record import Record
from api.duels.redisstore import RedisStore
from api.duels.stepping import BOARD
from tests.api.redis_server import redis_server
from validator import validate
from validator.synth import legal_duel

DOC = legal_duel(12)


def record(duel_id: str, actions: int, state: str = '{"turn": 1}', rev: int = 0) -> Record:
    return Record(duel_id, rev or actions, actions, "classic", "{}", "{}", state, 1.0, 2.5)


def texts(first: int, last: int) -> list[str]:
    return [f'{{"n": {n}}}' for n in range(first, last)]


def test_a_step_left_is_found_by_its_duel_only() -> None:
    board = StepBoard(slots=1)  # every duel in one slot
    board.put(record("A" * 22, 3, rev=7), texts(2, 3))
    left = board.get("A" * 22)
    assert left is not None
    assert (left.rev, left.actions, left.format, left.updated, left.state) == \
        (7, 3, 1, 2.5, '{"turn": 1}')
    assert left.since == texts(2, 3) and left.after(2) == texts(2, 3)
    assert left.after(1) is None and left.after(3) is None
    assert board.get("B" * 22) is None
    board.put(record("B" * 22, 1), texts(0, 1))  # another duel takes the slot
    assert board.get("A" * 22) is None and board.get("B" * 22) is not None


def test_a_slot_keeps_the_last_actions_of_contiguous_steps_only() -> None:
    board = StepBoard(slots=1)
    board.put(record("A" * 22, 2), texts(0, 2))
    board.put(record("A" * 22, 3), texts(2, 3))
    board.put(record("A" * 22, 5), texts(3, 5))
    left = board.get("A" * 22)
    assert left is not None and left.since == texts(5 - KEEP, 5)
    assert left.after(1) == texts(1, 5) and left.after(0) is None
    board.put(record("A" * 22, 9), texts(8, 9))  # a step of another worker came between
    left = board.get("A" * 22)
    assert left is not None and left.since == texts(8, 9) and left.after(7) is None
    board.put(record("A" * 22, 30), texts(9, 30))  # a long step is kept whole
    left = board.get("A" * 22)
    assert left is not None and left.since == texts(9, 30)


@pytest.mark.parametrize("where", [0, 16, 20, 40, 100])
def test_a_slot_half_written_is_missed(where: int) -> None:
    board = StepBoard(slots=1)
    board.put(record("A" * 22, 3), texts(0, 3))
    board._memory[where] ^= 0x40
    assert board.get("A" * 22) is None


def test_a_state_too_large_for_a_slot_clears_it() -> None:
    board = StepBoard(slots=1)
    board.put(record("A" * 22, 3), texts(0, 3))
    board.put(record("A" * 22, 4, state="x" * SLOT_BYTES), texts(3, 4))
    assert board.get("A" * 22) is None  # not the older step: its revision is not the duel's


@pytest.mark.slow
def test_workers_forked_after_the_board_share_it() -> None:
    board = StepBoard()
    pid = os.fork()
    if pid == 0:  # the child: a worker leaving a step
        board.put(record("C" * 22, 4), texts(3, 4))
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert status == 0
    left = board.get("C" * 22)
    assert left is not None and left.since == texts(3, 4)


def test_only_an_app_whose_duels_live_in_redis_has_a_board() -> None:
    assert BOARD not in create_app({"TESTING": True}).extensions
    redis_app = create_app({"TESTING": True, "DUELCHECK_STORE": "redis://127.0.0.1:1/0"})
    assert isinstance(redis_app.extensions[BOARD], StepBoard)


# --- on a real Redis --------------------------------------------------------------------------

def hmgets(direct: redis.Redis) -> int:
    stats: dict[str, Any] = direct.info("commandstats")
    return int(stats.get("cmdstat_hmget", {"calls": 0})["calls"])


@pytest.mark.slow
def test_a_copy_behind_moves_on_by_the_board_without_a_read(tmp_path: Path) -> None:
    """A worker whose copy of the duel is behind (put back as it was, as a worker that served
    none of the steps since has it; this process's steps on the board stand for the other
    worker's): a step on the copy one to four steps behind reads nothing of Redis before its
    write, and its verdict is that of the whole document; five behind, it reads the record.
    When another instance (no shared board) kept a step since, the write is refused and the
    step answers the conflict as a read would have."""
    with redis_server(tmp_path / "redis") as url:
        app = create_app({"TESTING": True, "DUELCHECK_STORE": url})
        client = app.test_client()
        direct = redis.Redis.from_url(url)
        duel_id = client.post("/v1/duels", json={**DOC, "actions": DOC["actions"][:3]}
                              ).get_json()["id"]
        for behind in (1, 2, KEEP, KEEP + 1):
            held = int(client.get(f"/v1/duels/{duel_id}").get_json()["actions"])
            copy = judge.DUELS.get(duel_id)
            older = (copy[0], copy[1].copy())
            for n in range(held, held + behind):  # "the other worker's" steps
                assert client.post(f"/v1/duels/{duel_id}/actions", json={
                    "actions": [DOC["actions"][n]], "expect": n}).status_code == 200
            judge.DUELS.put(duel_id, older)  # this worker's copy, as it was
            reads = hmgets(direct)
            n = held + behind
            answer = client.post(f"/v1/duels/{duel_id}/actions",
                                 json={"actions": [DOC["actions"][n]], "expect": n})
            # the write script's own check; a read before it only past what a slot keeps
            assert hmgets(direct) - reads == (1 if behind <= KEEP else 2)
            assert answer.status_code == 200
            assert answer.get_json() == {
                **validate({**DOC, "actions": DOC["actions"][:n + 1]}).to_dict(),
                "actions_checked": 1}
        held = n + 1
        copy = judge.DUELS.get(duel_id)
        older = (copy[0], copy[1].copy())
        assert client.post(f"/v1/duels/{duel_id}/actions", json={
            "actions": [DOC["actions"][held]], "expect": held}).status_code == 200
        other = RedisStore(url, 60)  # another instance keeps a step: this board never sees it
        now = other.read(duel_id)
        assert now is not None
        done = judge.judge_step(now, [DOC["actions"][held + 1]], 3.0)
        assert done.record is not None
        assert other.write(done.record, now.rev, done.kept).value == "kept"
        judge.DUELS.put(duel_id, older)
        answer = client.post(f"/v1/duels/{duel_id}/actions",
                             json={"actions": [DOC["actions"][held + 1]], "expect": held + 1})
        assert answer.status_code == 409
        assert answer.get_json()["actions"] == held + 2  # as a read before the write would say
        direct.close()


def test_a_step_that_keeps_no_action_clears_the_slot_rather_than_leave_an_empty_action() -> None:
    # the actions are kept one a line: none would read back as one empty action
    board, other = StepBoard(slots=1), StepBoard(slots=1)
    other._memory = board._memory  # another worker of the instance, with no step of its own
    board.put(Record("A" * 22, 1, 1, "classic", "{}", "{}", "{}", 1, 1), ["[1]"])
    other.put(Record("A" * 22, 2, 1, "classic", "{}", "{}", "{}", 1, 1), [])
    assert board.get("A" * 22) is None

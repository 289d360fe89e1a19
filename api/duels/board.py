"""The step board: where the workers of one service instance leave, for each other, the last
step each kept of a duel, so that a worker whose copy of the duel is a few actions behind
(another worker served the last steps) moves it on without asking Redis (a round trip) first.

With gunicorn's sync workers a client's next request often reaches another worker than its
last: on Redis such a step read the record and the actions kept since (an ``HMGET``) before its
write, two round trips where a step on the worker's own copy makes one. The board is a block of
shared memory made before gunicorn forks its workers (the app is preloaded), so every worker of
the instance has it and nothing else does: no file, no socket, no second connection. A worker
that keeps a step writes it in the duel's slot: the record's fields that a step changes (its
revision, count of actions, state, time and format) as the step left them, and the last actions
kept (the step's own, and those of the step this worker left before it, when the two join up),
under a digest of the whole; a worker whose copy lacks only actions the slot holds takes them
from there.

The board is a hint, never the record: Redis's compare-and-set still decides every write. A
duel's ``n``-th action never changes once kept, so a slot however old says the truth about the
revision it names: a worker that moved its copy on by it writes with that revision, and if the
duel has moved on since, the write is refused and the step goes on from the record as the
write's answer gives it (as for a worker's own copy). A slot being written while it is read
(another worker, another thread: the digest differs), taken by another duel's step, or cleared
for a state too large is missed, and the step reads Redis as before.

>>> board = StepBoard(slots=4)
>>> record = Record("A" * 22, 5, 5, "classic", "{}", "{}", '{"turn": 1}', 1.0, 2.5)
>>> board.put(record, ['{"type": "draw", "player": "p1"}'])
>>> left = board.get("A" * 22)
>>> left.rev, left.state, left.since
(5, '{"turn": 1}', ['{"type": "draw", "player": "p1"}'])
>>> board.get("B" * 22) is None
True
"""

from __future__ import annotations

import hashlib
import mmap
import struct
import zlib
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .record import Record

#: Slots on the board (a duel's slot is its id's CRC-32 modulo this), and the bytes of each:
#: 8 MiB of address space, of which only the slots used are ever touched.
SLOTS: Final = 1024
SLOT_BYTES: Final = 8192
#: A slot: the digest of what follows it, then the length of the step it holds, then the step.
_DIGEST: Final = 16
_LENGTH: Final = struct.Struct("<I")
#: The step: the duel's id, its revision and actions after the step, the record's format, its
#: time of update, the length of its state; then the state and the actions kept, one a line
#: (JSON text holds no raw line break: JSON escapes every control character in a string).
_STEP: Final = struct.Struct("<22sqqqdI")
_HEAD: Final = _DIGEST + _LENGTH.size
#: The most actions a slot keeps (those of the steps before the last, while they fit).
KEEP: Final = 4
#: Duels whose last step left this process remembers (for :data:`KEEP`).
MINE: Final = 512


@dataclass(slots=True)
class Left:
    """A step left on the board: the fields of the duel's record that a step changes, as the
    step left them, and the last actions kept (JSON texts), its own and maybe some before."""

    rev: int
    actions: int
    format: int
    updated: float
    state: str
    since: list[str]

    def on(self, seen: Record) -> Record:
        """``seen`` (a copy of the duel's record) as this step left the record.

        >>> seen = Record("A" * 22, 1, 1, "classic", "{}", "{}", "{}", 1.0, 1.0)
        >>> Left(2, 3, 1, 2.0, "[]", ["{}", "{}"]).on(seen)
        Record(id='AAAAAAAAAAAAAAAAAAAAAA', rev=2, actions=3, ruleset='classic', cards='{}', \
start='{}', state='[]', created=1.0, updated=2.0, format=1)
        """
        return Record(id=seen.id, rev=self.rev, actions=self.actions, ruleset=seen.ruleset,
                      cards=seen.cards, start=seen.start, state=self.state,
                      created=seen.created, updated=self.updated, format=self.format)

    def after(self, held: int) -> list[str] | None:
        """The actions kept after the first ``held`` (a copy holding that many moves on by
        them to this step's record: a duel's ``n``-th action never changes once kept), or None
        when this slot does not reach back so far.

        >>> left = Left(9, 5, 1, 2.0, "[]", ["[3]", "[4]"])
        >>> left.after(3), left.after(4), left.after(2), left.after(5)
        (['[3]', '[4]'], ['[4]'], None, None)
        """
        first = self.actions - len(self.since)
        return self.since[held - first:] if first <= held < self.actions else None


@dataclass(slots=True)
class Pending:
    """A step made to be left on the board (:meth:`StepBoard.prepare`): the duel, its count of
    actions after the step and the actions the slot keeps, and the slot's bytes."""

    duel_id: str
    actions: int
    since: list[str]
    slot: bytes


class StepBoard:
    """Shared memory for the workers forked from one process (see the module)."""

    def __init__(self, slots: int = SLOTS) -> None:
        self.slots = slots
        self._memory = mmap.mmap(-1, slots * SLOT_BYTES)  # anonymous, shared with children
        #: This process's own last steps left (duel id -> its count and actions), which the
        #: next step it leaves of the duel carries on (read here, not from the shared slot).
        self._mine: OrderedDict[str, tuple[int, list[str]]] = OrderedDict()

    def _offset(self, duel_id: str) -> int:
        return zlib.crc32(duel_id.encode()) % self.slots * SLOT_BYTES

    def put(self, record: Record, kept: Sequence[str]) -> None:
        """Leave the step that made ``record`` by keeping ``kept`` (JSON texts) on the board,
        with the actions of the step this process left before it when the two join up (a
        worker two steps behind moves on by both), up to :data:`KEEP` in all; nothing when it
        does not fit a slot. (:meth:`prepare`, then :meth:`leave`.)

        >>> board = StepBoard(slots=1)
        >>> board.put(Record("A" * 22, 1, 1, "classic", "{}", "{}", "{}", 1, 1), ["[1]"])
        >>> board.put(Record("A" * 22, 2, 2, "classic", "{}", "{}", "{}", 1, 1), ["[2]"])
        >>> board.get("A" * 22).since
        ['[1]', '[2]']
        >>> board.put(Record("A" * 22, 1, 1, "classic", "{}", "{}", "x" * 9000, 1, 1), ["{}"])
        >>> board.get("A" * 22) is None
        True
        """
        self.leave(self.prepare(record, kept))

    def prepare(self, record: Record, kept: Sequence[str]) -> Pending:
        """What :meth:`put` leaves, made without leaving it (nothing shared or remembered
        changes): a store makes it while its write is on the way, and leaves it once the
        write is kept.

        >>> board = StepBoard(slots=1)
        >>> pending = board.prepare(Record("A" * 22, 1, 1, "classic", "{}", "{}", "{}", 1, 1),
        ...                         ["[1]"])
        >>> board.get("A" * 22) is None, pending.since
        (True, ['[1]'])
        >>> board.leave(pending)
        >>> board.get("A" * 22).since
        ['[1]']
        """
        since = list(kept)
        before = self._mine.get(record.id)
        if before is not None and before[0] == record.actions - len(kept):
            since = [*before[1][max(0, len(before[1]) + len(kept) - KEEP):], *kept]
        state = record.state.encode()
        step = b"".join((_STEP.pack(record.id.encode(), record.rev, record.actions,
                                    record.format, record.updated, len(state)),
                         state, "\n".join(since).encode()))
        if not since or _HEAD + len(step) > SLOT_BYTES:
            slot = bytes(_HEAD)  # (what the slot held is older; a step keeps an action)
        else:
            body = _LENGTH.pack(len(step)) + step
            slot = hashlib.blake2b(body, digest_size=_DIGEST).digest() + body
        return Pending(record.id, record.actions, since, slot)

    def leave(self, pending: Pending) -> None:
        """Leave a step :meth:`prepare` made (see :meth:`put`)."""
        self._mine.pop(pending.duel_id, None)
        self._mine[pending.duel_id] = (pending.actions, pending.since)
        if len(self._mine) > MINE:
            self._mine.popitem(last=False)
        offset = self._offset(pending.duel_id)
        self._memory[offset:offset + len(pending.slot)] = pending.slot

    def get(self, duel_id: str) -> Left | None:
        """The last step left of the duel on the board, or None (none, or the slot is another
        duel's, or being written).

        >>> board = StepBoard(slots=1)
        >>> board.put(Record("A" * 22, 3, 4, "classic", "{}", "{}", "{}", 1, 1), ["{}", "[]"])
        >>> board._memory[40] ^= 1  # a slot caught half written
        >>> board.get("A" * 22) is None
        True
        """
        offset = self._offset(duel_id)
        head = self._memory[offset:offset + _HEAD]
        (length,) = _LENGTH.unpack_from(head, _DIGEST)
        if not 0 < length <= SLOT_BYTES - _HEAD:
            return None
        body = self._memory[offset + _DIGEST:offset + _HEAD + length]
        if hashlib.blake2b(body, digest_size=_DIGEST).digest() != head[:_DIGEST]:
            return None
        id_, rev, actions, fmt, updated, size = _STEP.unpack_from(body, _LENGTH.size)
        if id_ != duel_id.encode():
            return None
        start = _LENGTH.size + _STEP.size
        state = body[start:start + size].decode()
        since = body[start + size:].decode().split("\n")
        return Left(rev, actions, fmt, updated, state, since)

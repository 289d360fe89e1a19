"""What a store of held duels does, whichever it is (:mod:`.sqlite`, :mod:`.redisstore`;
:mod:`.backends` opens the one the configuration names).

Every operation is atomic in the store itself: a create counts the duels held and adds one in
one transaction (or script), and :meth:`DuelStore.write` is a compare-and-set on the record's
revision, so two steps on one duel never both land.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from .record import Record

#: Kept actions a worker's own copy of a duel may be behind the record and still be moved on
#: by them (read from the log) rather than restored from the kept state: judging one kept
#: action costs about a third of restoring a state.
CATCH_UP: Final = 2


class Written(enum.Enum):
    """What a compare-and-set write did, when it did not meet another step's (then it gives
    the record as it now stands)."""

    KEPT = "kept"
    #: The duel is gone (deleted or expired) since it was read.
    GONE = "gone"


class StoreError(Exception):
    """The store cannot be reached or used (a Redis down, a disk full): a 503, with why."""


class TooManyDuels(Exception):
    """The store already holds the most duels the configuration allows (``max_duels``).
    ``retry_after`` is the whole seconds until the soonest of them expires, as the store
    found them in the create that was refused (:func:`retry_after`); None when none is held
    (a limit of 0)."""

    def __init__(self, max_duels: int, retry_after: int | None) -> None:
        super().__init__(max_duels, retry_after)
        self.max_duels = max_duels
        self.retry_after = retry_after


def retry_after(wait: float | None) -> int | None:
    """A ``Retry-After`` in whole seconds for a wait of ``wait`` seconds: rounded up, and at
    least 1 (``Retry-After: 0`` would send a client straight back); None stays None.

    >>> retry_after(0.2), retry_after(59.001), retry_after(60.0), retry_after(None)
    (1, 60, 60, None)
    """
    if wait is None:
        return None
    return max(1, math.ceil(wait))


@dataclass(slots=True)
class Current:
    """What a step starts from (:meth:`DuelStore.current`): the duel's record (None when it is
    unknown, deleted or expired), whether it was ``read`` now (else it is the record of this
    worker's own copy, or of that copy moved on by steps other workers of the instance left
    on the Redis store's step board, maybe stale: the write's compare-and-set says), and the
    actions kept since that copy (JSON texts; None unless they were read with the record,
    for a copy at most :data:`CATCH_UP` behind, or taken from the Redis store's step board,
    for one at most :data:`~.board.KEEP` behind)."""

    record: Record | None
    read: bool
    since: Sequence[str] | None = None


class DuelStore(Protocol):
    """A store of held duels (see the module's docstring)."""

    def current(self, duel_id: str, seen: Record | None, expect: int | None) -> Current:
        """Where a step on ``duel_id`` starts, given the record of this worker's own copy of
        the duel (``seen``; None when it has none) and the client's ``expect``: the whole
        strategy of a step on a copy that another worker's steps may have left behind. When
        ``expect`` is the copy's number of actions, ``seen`` is trusted unread (the write's
        compare-and-set finds a step kept since); when ``expect`` says the copy is behind, the
        record and the actions kept since are read at once. Without ``expect``, a store where
        a read is cheap (a file this process has open) reads the record, and one where a read
        is a round trip trusts ``seen``."""

    def create(self, record: Record, actions: Sequence[str], max_duels: int) -> None:
        """Add a new duel with its first kept actions (JSON texts); :class:`TooManyDuels`
        when ``max_duels`` are held already, with the seconds until the soonest of them
        expires, read in the same transaction (or script) as the count."""

    def read(self, duel_id: str) -> Record | None:
        """The duel's record, or None when it is unknown, deleted or expired."""

    def write(self, record: Record, read_rev: int,
              actions: Sequence[str]) -> Written | Record:
        """Replace the record (``record.rev`` is the new revision) and append ``actions`` to
        its log, only if the stored record still has ``read_rev`` (and ``record.format``);
        else nothing is written and the answer is the record as it now stands (read in the
        same transaction or script), so that the step is judged again without another read."""

    def log(self, duel_id: str, count: int, first: int = 0) -> list[str] | None:
        """The kept actions from the ``first`` to the ``count``-th (JSON texts), or None when
        the duel is gone."""

    def delete(self, duel_id: str) -> bool:
        """Forget the duel; whether it was held."""

    def held(self) -> int:
        """How many duels are held (expired ones not counted)."""

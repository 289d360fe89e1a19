"""What a store of held duels does, whichever it is (:mod:`.sqlite`, :mod:`.redisstore`;
:mod:`.backends` opens the one the configuration names).

Every operation is atomic in the store itself: a create counts the duels held and adds one in
one transaction (or script), and :meth:`DuelStore.write` is a compare-and-set on the record's
revision, so two steps on one duel never both land.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Protocol

from .record import Record


class Written(enum.Enum):
    """What a compare-and-set write did, when it did not meet another step's (then it gives
    the record as it now stands)."""

    KEPT = "kept"
    #: The duel is gone (deleted or expired) since it was read.
    GONE = "gone"


class StoreError(Exception):
    """The store cannot be reached or used (a Redis down, a disk full): a 503, with why."""


class TooManyDuels(Exception):
    """The store already holds the most duels the configuration allows."""


class DuelStore(Protocol):
    """A store of held duels (see the module's docstring)."""

    #: Whether reading a record costs next to nothing (a file this process reads, not a round
    #: trip to another): a step then reads the record before judging, rather than judging on
    #: the record this worker last wrote and letting the compare-and-set say it was stale.
    cheap_reads: bool

    def untouched(self, duel_id: str) -> bool:
        """Whether no other connection has written to the store since this process's (and
        thread's) last call about ``duel_id``: a hint that the record this worker last wrote
        or read of it is as stored, which the write's compare-and-set checks anyway. Always
        False where reads are not cheap (there is nothing to ask without a round trip)."""

    def create(self, record: Record, actions: Sequence[str], max_duels: int) -> None:
        """Add a new duel with its first kept actions (JSON texts); :class:`TooManyDuels`
        when ``max_duels`` are held already."""

    def read(self, duel_id: str) -> Record | None:
        """The duel's record, or None when it is unknown, deleted or expired."""

    def write(self, record: Record, read_rev: int,
              actions: Sequence[str]) -> Written | Record:
        """Replace the record (``record.rev`` is the new revision) and append ``actions`` to
        its log, only if the stored record still has ``read_rev`` (and ``record.format``);
        else nothing is written and the answer is the record as it now stands (read in the
        same transaction or script), so that the step is judged again without another read."""

    def read_and_log(self, duel_id: str, first: int,
                     count: int) -> tuple[Record | None, list[str] | None]:
        """The duel's record (None when gone) and its kept actions from the ``first`` to the
        ``count``-th (None unless the record holds them all), in one read where a read is a
        round trip."""

    def log(self, duel_id: str, count: int, first: int = 0) -> list[str] | None:
        """The kept actions from the ``first`` to the ``count``-th (JSON texts), or None when
        the duel is gone."""

    def delete(self, duel_id: str) -> bool:
        """Forget the duel; whether it was held."""

    def held(self) -> int:
        """How many duels are held (expired ones not counted)."""

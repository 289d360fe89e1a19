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
    """What a compare-and-set write did."""

    KEPT = "kept"
    #: Another step wrote the record since it was read: nothing was written.
    CONFLICT = "conflict"
    #: The duel is gone (deleted or expired) since it was read.
    GONE = "gone"


class StoreError(Exception):
    """The store cannot be reached or used (a Redis down, a disk full): a 503, with why."""


class TooManyDuels(Exception):
    """The store already holds the most duels the configuration allows."""


class DuelStore(Protocol):
    """A store of held duels (see the module's docstring)."""

    def create(self, record: Record, actions: Sequence[str], max_duels: int) -> None:
        """Add a new duel with its first kept actions (JSON texts); :class:`TooManyDuels`
        when ``max_duels`` are held already."""

    def read(self, duel_id: str) -> Record | None:
        """The duel's record, or None when it is unknown, deleted or expired."""

    def write(self, record: Record, read_rev: int, actions: Sequence[str]) -> Written:
        """Replace the record (``record.rev`` is the new revision) and append ``actions`` to
        its log, only if the stored record still has ``read_rev``."""

    def log(self, duel_id: str, count: int) -> list[str] | None:
        """The first ``count`` kept actions (JSON texts), or None when the duel is gone."""

    def delete(self, duel_id: str) -> bool:
        """Forget the duel; whether it was held."""

    def held(self) -> int:
        """How many duels are held (expired ones not counted)."""

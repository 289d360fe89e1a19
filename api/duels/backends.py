"""Opening the store the configuration names (``DUELCHECK_STORE``, ``DUELCHECK_DATA_DIR``)."""

from __future__ import annotations

import os
from pathlib import Path

from .board import StepBoard
from .store import DuelStore


def default_data_dir() -> Path:
    """Where the service keeps its files when ``DUELCHECK_DATA_DIR`` is not set: the XDG data
    folder, ``$XDG_DATA_HOME/duelcheck``, else ``~/.local/share/duelcheck``.

    >>> default_data_dir().name
    'duelcheck'
    """
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "duelcheck"


def open_store(url: str, data_dir: str | None, idle_seconds: int,
               board: StepBoard | None = None, poll_us: int = 100) -> DuelStore:
    """The store a configuration names: ``sqlite`` (a file in ``data_dir``, created with the
    folder when missing) or a Redis URL (with the step ``board`` its workers share, if any,
    and the microseconds a worker polls for a reply, ``poll_us``).
    Raises :class:`StoreError` when it cannot be opened.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     open_store("sqlite", folder, 60).held()
    0
    """
    if url == "sqlite":
        from .sqlite import SqliteStore

        folder = Path(data_dir) if data_dir else default_data_dir()
        return SqliteStore(folder / "duels.sqlite3", idle_seconds)
    from .redisstore import RedisStore

    return RedisStore(url, idle_seconds, board, poll_us)

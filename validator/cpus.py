"""How many CPUs this process may use: the command line's ``--jobs`` and the service's
gunicorn workers both start from it (one answer for both, not the host's count)."""

from __future__ import annotations

import math
import os
from pathlib import Path

#: Where cgroups (v2, then v1) state the CPU quota and period of the process's group.
CGROUP_V2 = Path("/sys/fs/cgroup/cpu.max")
CGROUP_V1 = (Path("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"),
             Path("/sys/fs/cgroup/cpu/cpu.cfs_period_us"))


def cgroup_cpu_limit(v2: Path = CGROUP_V2, v1: tuple[Path, Path] = CGROUP_V1) -> float | None:
    """The CPUs the process's cgroup may use (quota / period), or None without a limit.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = (Path(d) / "cpu.max").write_text("150000 100000\\n")
    ...     cgroup_cpu_limit(Path(d) / "cpu.max")
    1.5
    """
    try:
        quota, period = v2.read_text().split()[:2]
        return None if quota == "max" else int(quota) / int(period)
    except (OSError, ValueError):
        pass
    try:
        quota_us, period_us = (int(p.read_text()) for p in v1)
    except (OSError, ValueError):
        return None
    return quota_us / period_us if quota_us > 0 and period_us > 0 else None


def usable_cpus() -> int:
    """CPUs this process may run on: its affinity mask, capped by its cgroup's limit.

    >>> usable_cpus() >= 1
    True
    """
    try:
        count = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        count = os.cpu_count() or 1
    limit = cgroup_cpu_limit()
    if limit is not None:
        count = min(count, math.ceil(limit))
    return max(1, count)

"""The test suite's own time (issue 25, trial item 12): the README's test command, ``pytest``
from the project's root on the source tree (as ``make pytest`` runs it), timed once as a
measured line, never as a test that fails on a slow machine.

Wall time depends on what else the machine runs; the CPU time of pytest and every process it
starts (servers, browsers, the wheel it builds) does much less, so the target, the README's
"under 8 minutes on a quiet 2-core machine", is read on both: wall time when the machine was
quiet (load average under 1 before the run), else its CPU time: pytest runs one test at a
time, so on a quiet machine its wall time is about its CPU time (the servers and browsers it
starts overlap a little; its waits add a little). The estimate is said as one.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from bench.report import Result

ROOT = Path(__file__).resolve().parents[2]
NAME = "suite"
DESCRIPTION = "the README's test command (pytest on the source tree), timed once"
TARGET_MINUTES = 8.0
#: A load average under this before the run counts as a quiet machine.
QUIET_LOAD = 1.0


def command() -> list[str]:
    """The README's test command, run by this interpreter (the project's virtualenv).

    >>> command()[1:3]
    ['-m', 'pytest']
    """
    return [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rf"]


def minutes(seconds: float) -> str:
    """Seconds as minutes and seconds.

    >>> minutes(421.4)
    '7 min 01 s'
    """
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60:02d} s"


def _every_core() -> None:
    """Undo ``make bench``'s pinning to one core for the suite, which a user runs unpinned."""
    if hasattr(os, "sched_setaffinity"):
        with contextlib.suppress(OSError):  # a core the process may not use
            os.sched_setaffinity(0, range(os.cpu_count() or 1))


def run(options: argparse.Namespace) -> Result:
    """Run the suite once (the source tree, not the compiled build ``make bench`` measures
    elsewhere) and report its wall time, its CPU time and the machine's load."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the source tree
    load_before = os.getloadavg()[0]
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command(), cwd=ROOT, env=env, capture_output=True, text=True,
                          check=False, preexec_fn=_every_core)
    wall = time.perf_counter() - start
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    summary = next((line for line in reversed(done.stdout.splitlines()) if line.strip()), "")
    quiet = load_before < QUIET_LOAD
    cores = os.cpu_count()
    estimate = wall if quiet else cpu
    result = Result("The test suite: the README's test command, once", ["measure", "value"])
    result.rows += [["wall time", minutes(wall)], ["CPU time (pytest and its processes)",
                                                    minutes(cpu)],
                    ["load average before (1 min)", f"{load_before:.2f} on {cores} cores"],
                    ["pytest's last line", summary[:60] or "(none)"]]
    how = "its wall time on this quiet machine" if quiet else \
        "estimated as its CPU time (the machine was busy; pytest runs one test at a time)"
    result.notes.append(f"on a quiet 2-core machine: {minutes(estimate)}, {how}")
    result.notes += [line for line in done.stdout.splitlines() if line.startswith("FAILED ")]
    result.target(f"the suite under {TARGET_MINUTES:.0f} minutes on a quiet 2-core machine",
                  estimate <= TARGET_MINUTES * 60)
    result.target("the suite passes", done.returncode == 0)
    return result

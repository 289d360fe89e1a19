"""The card database (issue 14): what loading it adds to a command that needs it, measured in
fresh processes (the first lookup against none), and what a lookup by passcode or by name
costs once it is loaded.

Targets: the load adds at most 100 ms; a lookup is a dictionary lookup (a few microseconds).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

from bench.report import Result
from bench.timing import interleaved
from validator.cards import database

NAME = "cards"
DESCRIPTION = "loading the card database, and looking a card up"
LOAD_TARGET_MS = 100.0
LOOKUP_TARGET_US = 10.0
#: One process's time to import the package and look one card up, or only to import it.
_PROBE = """
import time, sys
start = time.perf_counter()
from validator.cards import database
if sys.argv[1] == "lookup":
    database().card(55144522)
    database().named("pot of greed")  # the name index, built on the first name looked up
print((time.perf_counter() - start) * 1e3)
"""


def _cold_ms(what: str, runs: int) -> float:
    """The median of ``runs`` fresh processes' milliseconds for ``what``."""
    times = [float(subprocess.run([sys.executable, "-c", _PROBE, what], capture_output=True,
                                  text=True, check=True).stdout) for _ in range(runs)]
    return statistics.median(times)


def run(options: argparse.Namespace) -> Result:
    """Time the database's load in fresh processes, then its lookups in this one."""
    result = Result(f"{NAME}: {DESCRIPTION}", ["what", "median"])
    runs = max(3, options.rounds)
    bare, loaded = _cold_ms("import", runs), _cold_ms("lookup", runs)
    load = loaded - bare
    result.rows.append(["import validator.cards (no card looked up)", f"{bare:.1f} ms"])
    result.rows.append(["the first lookups by passcode and name: the database loaded",
                        f"{load:.1f} ms"])
    db = database()
    medians = interleaved({"by passcode": lambda: db.card(55144522),
                           "by name (exact)": lambda: db.named("Pot of Greed"),
                           "by name (loose)": lambda: db.named("pot of greed")},
                          rounds=options.rounds)
    for what, seconds in medians.items():
        result.rows.append([f"a lookup {what}", f"{seconds * 1e6:.2f} us"])
    result.notes.append(f"{len(db):,} cards; the load is the median of {runs} fresh "
                        f"processes, less one that looks nothing up")
    result.target(f"loading the database adds at most {LOAD_TARGET_MS:.0f} ms "
                  f"({load:.0f} ms)", load <= LOAD_TARGET_MS)
    slowest = max(medians.values()) * 1e6
    result.target(f"a lookup takes at most {LOOKUP_TARGET_US:.0f} us ({slowest:.2f} us)",
                  slowest <= LOOKUP_TARGET_US)
    return result

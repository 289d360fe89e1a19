"""Memory to validate a 20,000-action document, above the interpreter's baseline.

Measured in a fresh interpreter: its resident set after importing duelcheck (the baseline),
then its peak while reading and validating the document's text (Linux's VmHWM, reset after
the imports). tracemalloc's peak of Python allocations is shown beside it, from a second run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.report import Result
from validator.synth import legal_duel

NAME = "memory"
DESCRIPTION = "peak memory validating a 20,000-action document, above the baseline"
TARGET_MB = 50.0

_CHILD = r"""
import json, sys, tracemalloc
from pathlib import Path
import validator

def kib(field):
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise SystemExit("no " + field)

if sys.argv[2] == "rss":
    Path("/proc/self/clear_refs").write_text("5")  # reset the peak (VmHWM) to the current RSS
    base = kib("VmRSS")
    verdict = validator.validate(Path(sys.argv[1]).read_bytes())
    print(json.dumps({"legal": verdict.legal, "peak": (kib("VmHWM") - base) / 1024}))
else:
    tracemalloc.start()
    verdict = validator.validate(Path(sys.argv[1]).read_bytes())
    print(json.dumps({"legal": verdict.legal, "peak": tracemalloc.get_traced_memory()[1] / 2**20}))
"""


def document(actions: int) -> dict[str, Any]:
    """A legal synthetic duel of exactly ``actions`` actions (Life Points to last it)."""
    doc = legal_duel(actions // 12 + 2, seed=actions)
    doc["actions"] = doc["actions"][:actions]
    for side in doc["setup"].values():
        side["lp"] = 10**9
    return doc


def run(options: argparse.Namespace) -> Result:
    """Measure in child processes; check the target (issue 10)."""
    n = options.memory_actions
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "duel.json"
        path.write_text(json.dumps(document(n)))
        size = path.stat().st_size
        got = {}
        for how in ("rss", "tracemalloc"):
            out = subprocess.run([sys.executable, "-c", _CHILD, str(path), how], check=True,
                                 capture_output=True, text=True).stdout
            got[how] = json.loads(out)
            assert got[how]["legal"], "the synthetic duel must be legal"
    result = Result(f"Memory: a {n:,}-action document ({size / 2**20:.1f} MiB of JSON)",
                    ["measure", "MB above the baseline"])
    result.rows.append(["peak resident set (VmHWM - VmRSS after imports)",
                        f"{got['rss']['peak']:.1f}"])
    result.rows.append(["peak of Python allocations (tracemalloc)",
                        f"{got['tracemalloc']['peak']:.1f}"])
    result.target(f"under {TARGET_MB:.0f} MB above the baseline",
                  got["rss"]["peak"] < TARGET_MB)
    return result

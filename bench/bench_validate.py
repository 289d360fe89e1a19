"""``make bench``: actions per second of validation, alone and with parsing, by duel length.

Generates legal duels of 10, 100 and 1000 turns (validator.synth), times each stage
``--repeat`` times on one core, side by side in one run, and prints medians, throughput and
how time grows with length. Targets (issue 2): >= 50,000 actions/s validating,
>= 20,000 actions/s parsing plus validating, and a duel ten times longer taking at most
eleven times as long.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import time
from collections.abc import Callable

from validator import load_document, validate
from validator.synth import legal_duel

TARGET_VALIDATE, TARGET_PARSE_VALIDATE, TARGET_GROWTH = 50_000, 20_000, 11.0


def median_seconds(func: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``repeat`` calls of ``func`` (after one warm-up call)."""
    func()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> int:
    """Run the benchmark and print a table; exit 1 when a target is missed."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--turns", type=int, nargs="+", default=[10, 100, 1000])
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"duelcheck validation benchmark: medians of {args.repeat} runs on one core")
    print(f"{'turns':>6} {'actions':>8} {'validate ms':>12} {'actions/s':>10} "
          f"{'parse+val ms':>13} {'actions/s':>10}")
    rows = []
    for turns in args.turns:
        doc = legal_duel(turns, seed=turns)
        text = json.dumps(doc)
        loaded = load_document(doc)
        assert validate(loaded).legal, "the synthetic duel must be legal"
        n = len(doc["actions"])
        t_val = median_seconds(lambda loaded=loaded: validate(loaded), args.repeat)  # type: ignore[misc]
        t_all = median_seconds(lambda text=text: validate(text), args.repeat)  # type: ignore[misc]
        rows.append((turns, n, t_val, t_all))
        print(f"{turns:>6} {n:>8} {t_val * 1e3:>12.2f} {n / t_val:>10,.0f} "
              f"{t_all * 1e3:>13.2f} {n / t_all:>10,.0f}")
    ok = True
    print("\ngrowth (time ratio for a duel ten times longer; linear is 10x):")
    for (t1, n1, v1, a1), (t2, n2, v2, a2) in itertools.pairwise(rows):
        print(f"  {t1} -> {t2} turns ({n2 / n1:.1f}x actions): validate {v2 / v1:.1f}x, "
              f"parse+validate {a2 / a1:.1f}x")
        allowed = TARGET_GROWTH * (n2 / n1) / 10
        ok &= v2 / v1 <= allowed and a2 / a1 <= allowed
    longest = rows[-1]
    ok &= longest[1] / longest[2] >= TARGET_VALIDATE
    ok &= longest[1] / longest[3] >= TARGET_PARSE_VALIDATE
    print(f"\ntargets: validate >= {TARGET_VALIDATE:,}/s, parse+validate >= "
          f"{TARGET_PARSE_VALIDATE:,}/s, growth <= {TARGET_GROWTH}x per 10x: "
          f"{'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

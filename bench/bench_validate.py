"""``make bench``: the library's speed, a live duel through positions, memory, and importing
plus checking the real Duelingbook matches, each as a table measured side by side in one run
(see ``bench/sections``).

Targets (issue 10): parse and validate within 15x the floor and validate alone within 8x on
10-, 100- and 1,000-turn duels, linear in length; a live duel of 300 actions checked one
action at a time within 2x of checking it once; under 50 MB for a 20,000-action document.
Issue 8: importing the real matches costs no more than checking them. Issue 16: ``advanced``
judges a duel within 10% of ``classic``'s time per action.
Exit status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# Appended, not first: ``validator`` comes from PYTHONPATH when it names a build (make bench
# runs the compiled one in build/compiled), else from the source tree.
sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.sections import SECTIONS


def main(argv: list[str] | None = None) -> int:
    """Run the sections (all, or ``--only`` some) and print their tables."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="+", choices=[s.NAME for s in SECTIONS],
                    help="run these sections only")
    ap.add_argument("--rounds", type=int, default=7, help="interleaved rounds (medians)")
    ap.add_argument("--turns", type=int, nargs="+", default=[10, 100, 1000])
    ap.add_argument("--live-actions", type=int, default=300)
    ap.add_argument("--memory-actions", type=int, default=20_000)
    ap.add_argument("--baseline", metavar="COMMIT",
                    help="the baseline section measures against this commit (default: the "
                         "importer before the card database)")
    ap.add_argument("--baseline-compiled", action="store_true",
                    help="build the baseline commit compiled, as this build is")
    options = ap.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as one worker
    from validator.importers.duelingbook.board import follow
    build = "pure Python" if follow.__file__.endswith(".py") else "compiled by mypyc"
    print(f"validator from {Path(follow.__file__).parents[2]} ({build})", end="\n\n")
    ok = True
    for section in SECTIONS:
        if options.only and section.NAME not in options.only:
            continue
        result = section.run(options)
        print(result.render(), end="\n\n", flush=True)
        ok &= result.met
    print(f"all targets: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

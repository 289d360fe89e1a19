"""One round of the baseline section (bench/sections/baseline.py), in its own process: import
and then import plus judge one corpus's replays with whichever ``validator`` this process
finds (PYTHONPATH says which), and print plays per second of CPU time as JSON.

Usage: ``python bench/sections/baseline_run.py FOLDER REPEATS``.
"""

from __future__ import annotations

import importlib
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def _importer() -> Any:
    """The Duelingbook importer's module in whichever tree this process runs: the current one
    (``validator.importers.duelingbook.replay``) or a baseline from before validator/ was in
    packages (``validator.importers.duelingbook``, then a module)."""
    module = importlib.import_module("validator.importers.duelingbook")
    if hasattr(module, "import_replay"):
        return module
    return importlib.import_module("validator.importers.duelingbook.replay")


def stages(replays: list[dict[str, Any]]) -> dict[str, Callable[[], None]]:
    """The two stages timed on ``replays``: importing them, and importing plus judging every
    game (the corpus section times the same two, beside checking alone)."""
    from validator import validate  # whichever validator this process finds
    import_replay = _importer().import_replay

    def importing() -> None:
        for replay in replays:
            import_replay(replay)

    def both() -> None:
        for replay in replays:
            for game in import_replay(replay):
                validate(game.document)

    return {"import": importing, "import + check": both}


def main() -> None:
    """Time importing, and importing plus judging, the replays of ``sys.argv[1]``."""
    folder, repeats = Path(sys.argv[1]), int(sys.argv[2])
    replays = [json.loads(p.read_text("utf-8")) for p in sorted(folder.glob("*.json"))]
    plays = sum(len(r["plays"]) for r in replays)
    out = {}
    for name, func in stages(replays).items():
        func()  # warm-up: caches filled, as in a long-running service
        times = []
        for _ in range(repeats):
            start = time.process_time()
            func()
            times.append(time.process_time() - start)
        out[name] = plays / statistics.median(times)
    out["compiled"] = not str(_importer().__file__).endswith(".py")
    print(json.dumps(out))


if __name__ == "__main__":
    main()

"""``make bench`` (Duelingbook part): importing plus checking the real matches in
../shared/data/duelingbook, in plays per second, importing and checking side by side.

Target (issue 8): importing costs no more than checking. Each stage is timed ``--repeat``
times over the whole corpus in one run; medians are printed with their ratio.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bench_validate import median_seconds  # the same timing as the other benchmark

from validator import load_document, validate
from validator.importers.duelingbook import import_replay

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "duelingbook"


def main() -> int:
    """Time the corpus; exit 1 when importing costs more than checking."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    args = ap.parse_args()
    paths = sorted(args.corpus.glob("*.json"))
    if not paths:
        print(f"bench_corpus: no replays in {args.corpus}; skipped")
        return 0
    replays: list[dict[str, Any]] = [json.loads(p.read_text("utf-8")) for p in paths]
    plays = sum(len(r["plays"]) for r in replays)
    games = [g for r in replays for g in import_replay(r)]
    texts = [json.dumps(g.document) for g in games]
    actions = sum(len(g.document["actions"]) for g in games)

    def importing() -> None:
        for replay in replays:
            import_replay(replay)

    def checking() -> None:  # what checking an imported game costs: its JSON read and judged
        for text in texts:
            validate(load_document(text))

    def both() -> None:
        for replay in replays:
            for game in import_replay(replay):
                validate(game.document)

    imp = median_seconds(importing, args.repeat)
    chk = median_seconds(checking, args.repeat)
    whole = median_seconds(both, args.repeat)
    print(f"Duelingbook corpus: {len(paths)} matches, {len(games)} games, {plays:,} plays, "
          f"{actions:,} actions; medians of {args.repeat} runs")
    print("| stage | median | plays/s |")
    print("| --- | --- | --- |")
    for name, seconds in (("import", imp), ("check (load + validate)", chk),
                          ("import + check", whole)):
        print(f"| {name} | {seconds * 1e3:.1f} ms | {plays / seconds:,.0f} |")
    ratio = imp / chk
    met = ratio <= 1.0
    print(f"import / check = {ratio:.2f} (target <= 1.00): {'met' if met else 'MISSED'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())

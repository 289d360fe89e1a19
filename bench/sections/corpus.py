"""Importing and checking the real Duelingbook matches in ../shared/data/duelingbook, side by
side: importing each replay into duel documents, against checking those documents from their
JSON text (reading and judging them), in plays per second.

Target (issue 8): importing costs no more than checking.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from bench.report import Result
from bench.timing import interleaved
from validator import validate
from validator.importers.duelingbook import import_replay

NAME = "corpus"
DESCRIPTION = "importing and checking the real Duelingbook matches, in plays per second"
CORPUS = Path(__file__).resolve().parents[3] / "shared" / "data" / "duelingbook"


def run(options: argparse.Namespace) -> Result:
    """Time importing and checking the corpus in interleaved rounds (medians)."""
    result = Result(f"{NAME}: {DESCRIPTION}", ["stage", "median", "plays/s", "vs check"])
    paths = sorted(CORPUS.glob("*.json"))
    if not paths:
        result.notes.append(f"no replays in {CORPUS}: skipped")
        return result
    replays: list[dict[str, Any]] = [json.loads(p.read_text("utf-8")) for p in paths]
    plays = sum(len(r["plays"]) for r in replays)
    texts = [json.dumps(g.document) for r in replays for g in import_replay(r)]

    def importing() -> None:
        for replay in replays:
            import_replay(replay)

    def checking() -> None:
        for text in texts:
            validate(text)

    def both() -> None:
        for replay in replays:
            for game in import_replay(replay):
                validate(game.document)

    medians = interleaved({"import": importing, "check (read + validate)": checking,
                           "import + check": both}, rounds=options.rounds)
    check = medians["check (read + validate)"]
    for stage, seconds in medians.items():
        result.rows.append([stage, f"{seconds * 1e3:.1f} ms", f"{plays / seconds:,.0f}",
                            f"{seconds / check:.2f}x"])
    result.notes.append(f"{len(paths)} matches, {len(texts)} games, {plays:,} plays")
    result.target("importing costs no more than checking (import / check <= 1.00)",
                  medians["import"] <= check)
    return result

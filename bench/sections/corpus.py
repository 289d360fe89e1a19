"""Importing and checking the real Duelingbook matches in ../shared/data/duelingbook (the Goat
and Unlimited matches at the top, edison/ and advanced/), side by side: importing each replay
into duel documents, against checking those documents from their JSON text (reading and
judging them), and both, in plays per second.

Target (issue 8): importing costs no more than checking.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from bench.report import Result
from bench.sections.baseline_run import stages
from bench.timing import interleaved
from validator import validate
from validator.importers.duelingbook.replay import import_replay

NAME = "corpus"
DESCRIPTION = "importing and checking the real Duelingbook matches, in plays per second"
CORPUS = Path(__file__).resolve().parents[3] / "shared" / "data" / "duelingbook"
#: The corpora: the Goat and Unlimited matches at the top (classic), Edison's (classic) and
#: Advanced's (the advanced ruleset).
FOLDERS: dict[str, Path] = {"goat/unlimited": CORPUS, "edison": CORPUS / "edison",
                            "advanced": CORPUS / "advanced"}


def run(options: argparse.Namespace) -> Result:
    """Time importing and checking each corpus in interleaved rounds (medians)."""
    result = Result(f"{NAME}: {DESCRIPTION}",
                    ["corpus", "stage", "median", "plays/s", "vs check"])
    for label, folder in FOLDERS.items():
        paths = sorted(folder.glob("*.json"))
        if not paths:
            result.notes.append(f"no replays in {folder}: {label} skipped")
            continue
        _corpus(result, label, paths, options.rounds)
    return result


def _corpus(result: Result, label: str, paths: list[Path], rounds: int) -> None:
    replays: list[dict[str, Any]] = [json.loads(p.read_text("utf-8")) for p in paths]
    plays = sum(len(r["plays"]) for r in replays)
    games = [g for r in replays for g in import_replay(r)]
    texts = [json.dumps(g.document) for g in games]
    actions = sum(len(g.document["actions"]) for g in games)

    def checking() -> None:
        for text in texts:
            validate(text)

    timed = stages(replays)
    medians = interleaved({"import": timed["import"], "check (read + validate)": checking,
                           "import + check": timed["import + check"]}, rounds=rounds)
    check = medians["check (read + validate)"]
    for stage, seconds in medians.items():
        result.rows.append([label, stage, f"{seconds * 1e3:.1f} ms", f"{plays / seconds:,.0f}",
                            f"{seconds / check:.2f}x"])
    rulesets = sorted({g.document.get("ruleset", "classic") for g in games})
    result.notes.append(f"{label}: {len(paths)} matches, {len(games)} games, {plays:,} plays, "
                        f"{actions:,} actions, judged by {', '.join(rulesets)}; checking "
                        f"{actions / check:,.0f} actions/s")
    if label == "goat/unlimited":
        result.target("Goat: importing costs no more than checking (import / check <= 1.00)",
                      medians["import"] <= check)

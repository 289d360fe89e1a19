"""Importing and judging the EDOPro replays in ../shared/data/edopro (real/ and selfplay/):
reading the files, importing them into duel documents, judging those documents, and both, in
games, messages and actions per second; and importing per action against the Duelingbook
importer on the Advanced matches, side by side in one run.

Target (issue 26): the EDOPro importer is at least as fast per action as the Duelingbook
importer.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bench.report import Result
from bench.timing import interleaved
from validator import validate
from validator.importers.duelingbook.replay import import_replay as import_duelingbook
from validator.importers.edopro.replay import import_replay
from validator.importers.edopro.yrp import ReplayFileError, read_replay

NAME = "edopro"
DESCRIPTION = "importing and judging the EDOPro replays, per game, message and action"
SHARED = Path(__file__).resolve().parents[3] / "shared" / "data"
#: Rounds at most: one round reads a few MB of LZMA and imports some 200 games.
ROUNDS = 3


def run(options: argparse.Namespace) -> Result:
    """Time each stage over every shared file in interleaved rounds (medians)."""
    result = Result(f"{NAME}: {DESCRIPTION}",
                    ["stage", "median", "games/s", "messages/s", "actions/s", "µs/action"])
    paths = sorted((SHARED / "edopro").glob("*/*.yrpX"))
    advanced = sorted((SHARED / "duelingbook" / "advanced").glob("*.json"))
    if not paths or not advanced:
        result.notes.append("no EDOPro replays or Advanced matches beside the repository: "
                            "skipped")
        return result
    files = [p.read_bytes() for p in paths]
    messages = 0
    for data in files:
        try:
            messages += len(read_replay(data).packets)
        except ReplayFileError:
            continue
    games = [g for data in files for g in import_replay(data)]
    actions = sum(len(g.document["actions"]) for g in games)
    texts = [json.dumps(g.document) for g in games]
    replays = [json.loads(p.read_text("utf-8")) for p in advanced]
    db_actions = sum(len(g.document["actions"]) for r in replays for g in import_duelingbook(r))

    def reading() -> None:
        for data in files:
            read_replay(data)

    def importing() -> None:
        for data in files:
            import_replay(data)

    def judging() -> None:
        for text in texts:
            validate(text)

    def both() -> None:
        for data in files:
            for game in import_replay(data):
                validate(game.document)

    def duelingbook() -> None:
        for replay in replays:
            import_duelingbook(replay)

    medians = interleaved({"read the files": reading, "import": importing,
                           "judge (read + validate)": judging, "import + judge": both,
                           "Duelingbook import (Advanced)": duelingbook},
                          rounds=min(options.rounds, ROUNDS), sample_seconds=0.01)
    for stage, seconds in medians.items():
        other = stage.startswith("Duelingbook")
        n = db_actions if other else actions
        result.rows.append([stage, f"{seconds * 1e3:,.0f} ms",
                            "" if other else f"{len(games) / seconds:,.1f}",
                            "" if other else f"{messages / seconds:,.0f}",
                            f"{n / seconds:,.0f}", f"{seconds / n * 1e6:.1f}"])
    per_action = medians["import"] / actions
    db_per_action = medians["Duelingbook import (Advanced)"] / db_actions
    result.notes.append(f"{len(files)} files, {len(games)} games, {messages:,} messages that say "
                        f"what happened (the state refreshes and hints, most of a file, are "
                        f"kept unread), {actions:,} actions; the Duelingbook Advanced matches: "
                        f"{len(replays)} replays, {db_actions:,} actions")
    result.target(f"EDOPro import per action within the Duelingbook importer's "
                  f"({per_action * 1e6:.1f} µs vs {db_per_action * 1e6:.1f} µs)",
                  per_action <= db_per_action)
    return result

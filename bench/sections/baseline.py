"""Importing plus judging the real Duelingbook matches, against the importer before the card
database (issue 14: no slower per play than that one). The earlier tree is taken from git at
:data:`BASELINE` into ``build/``; each round runs it and this build (compiled or not, as this
process found ``validator``) in processes of their own, in turn, counting CPU time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import validator
from bench.report import Result
from bench.sections.corpus import FOLDERS

NAME = "baseline"
DESCRIPTION = ("importing and judging the real matches, against the importer before the card "
               "database (plays per second)")
#: The last commit before the card database came to the importer (d521625's parent).
BASELINE = "12d081baaed8b4f5dcec462c4c1379ae986b68f3"
ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("baseline_run.py")
REPEATS = 3


def _baseline_tree() -> Path | str:
    """The baseline's ``validator`` (and ``specs``) from git, extracted once; or why not."""
    tree = ROOT / "build" / f"baseline-{BASELINE[:12]}"
    if (tree / "validator" / "__init__.py").is_file():
        return tree
    with tempfile.TemporaryDirectory() as scratch:
        archive = Path(scratch) / "tree.tar"
        proc = subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), BASELINE,
                               "validator", "specs"], capture_output=True, text=True,
                              check=False)
        if proc.returncode != 0:
            return f"git could not give commit {BASELINE[:12]}: {proc.stderr.strip()[:200]}"
        tree.mkdir(parents=True, exist_ok=True)
        with tarfile.open(archive) as tar:
            if hasattr(tarfile, "tar_filter"):  # Python 3.11.4 and later
                tar.extractall(tree, filter="tar")
            else:  # pragma: no cover - our own repository's archive
                tar.extractall(tree)
    return tree


def _round(path: Path, folder: Path) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    proc = subprocess.run([sys.executable, str(RUNNER), str(folder), str(REPEATS)], env=env,
                          capture_output=True, text=True, check=False, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"{RUNNER.name} with {path}: {proc.stderr.strip()[-1000:]}")
    result: dict[str, float] = json.loads(proc.stdout)
    return result


def run(options: argparse.Namespace) -> Result:
    """Each corpus: median plays/s of both trees over interleaved rounds, and their ratio."""
    result = Result(f"{NAME}: {DESCRIPTION}",
                    ["corpus", "stage", "before the card database", "this build", "ratio"])
    tree = _baseline_tree()
    if isinstance(tree, str):
        result.notes.append(f"baseline skipped: {tree}")
        return result
    this = Path(validator.__file__).resolve().parents[1]
    trees = {"before": tree, "this": this}
    compiled = None
    for label, folder in FOLDERS.items():
        if not any(folder.glob("*.json")):
            result.notes.append(f"no replays in {folder}: {label} skipped")
            continue
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for r in range(max(3, options.rounds // 2)):
            for name in list(trees)[r % 2:] + list(trees)[:r % 2]:
                runs[name].append(_round(trees[name], folder))
        compiled = bool(runs["this"][0]["compiled"])
        for stage in ("import", "import + check"):
            before = statistics.median(x[stage] for x in runs["before"])
            now = statistics.median(x[stage] for x in runs["this"])
            result.rows.append([label, stage, f"{before:,.0f}", f"{now:,.0f}",
                                f"{now / before:.2f}x"])
            result.target(f"{label}: {stage} no slower per play than before the card database",
                          now >= before)
    build = "compiled (mypyc)" if compiled else "pure Python"
    result.notes.append(f"this build: {build}, from {this}; before: commit {BASELINE[:12]}, "
                        f"pure Python; medians of CPU time, {REPEATS} runs per process")
    return result

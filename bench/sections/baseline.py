"""Importing plus judging the real Duelingbook matches, against the importer before the card
database (issue 14: no slower per play than that one). The earlier tree is taken from git at
:data:`BASELINE` into ``build/``; each round runs it and this build (compiled or not, as this
process found ``validator``) in processes of their own, in turn, counting CPU time.
``--baseline COMMIT`` measures against another commit instead (issue 24: no slower per play
than where that work began), and ``--baseline-compiled`` builds that commit as ``make bench``
builds this one, so that compiled is measured against compiled.
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


def _baseline_tree(rev: str = BASELINE, compiled: bool = False) -> Path | str:
    """The tree of commit ``rev`` from git, extracted once: its ``validator`` (and ``specs``)
    as source, or, ``compiled``, the whole package built as this build is (``make bench``'s
    ``build/compiled``); or why not."""
    tree = ROOT / "build" / f"baseline-{rev[:12]}{'-compiled' if compiled else ''}"
    if (tree / "validator" / "__init__.py").is_file():
        return tree
    with tempfile.TemporaryDirectory() as scratch:
        archive = Path(scratch) / "tree.tar"
        paths = [] if compiled else ["validator", "specs"]
        proc = subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), rev,
                               *paths], capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            return f"git could not give commit {rev[:12]}: {proc.stderr.strip()[:200]}"
        source = Path(scratch) / "source" if compiled else tree
        source.mkdir(parents=True, exist_ok=True)
        with tarfile.open(archive) as tar:
            if hasattr(tarfile, "tar_filter"):  # Python 3.11.4 and later
                tar.extractall(source, filter="tar")
            else:  # pragma: no cover - our own repository's archive
                tar.extractall(source)
        if compiled:  # as the Makefile builds build/compiled (minutes: mypyc)
            proc = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                                   "--disable-pip-version-check", "--no-deps",
                                   "--no-build-isolation", "--target", str(tree), str(source)],
                                  capture_output=True, text=True, check=False)
            if proc.returncode != 0:
                return f"commit {rev[:12]} did not build: {proc.stderr.strip()[-300:]}"
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
    rev = getattr(options, "baseline", None) or BASELINE
    built = bool(getattr(options, "baseline_compiled", False))
    before = "before the card database" if rev == BASELINE else f"commit {rev[:12]}"
    result = Result(f"{NAME}: {DESCRIPTION}" if rev == BASELINE else
                    f"{NAME}: importing and judging the real matches, against {before} "
                    f"(plays per second)", ["corpus", "stage", before, "this build", "ratio"])
    tree = _baseline_tree(rev, built)
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
            old = statistics.median(x[stage] for x in runs["before"])
            now = statistics.median(x[stage] for x in runs["this"])
            result.rows.append([label, stage, f"{old:,.0f}", f"{now:,.0f}", f"{now / old:.2f}x"])
            result.target(f"{label}: {stage} no slower per play than {before}", now >= old)
    build = "compiled (mypyc)" if compiled else "pure Python"
    result.notes.append(f"this build: {build}, from {this}; before: commit {rev[:12]}, "
                        f"{'compiled (mypyc)' if built else 'pure Python'}; medians of CPU "
                        f"time, {REPEATS} runs per process")
    return result

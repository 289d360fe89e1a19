"""The benchmark scripts start as make runs them: ``python bench/<script>.py`` with only the
build on PYTHONPATH, the source tree found by the script itself (make bench-api once stopped
with "No module named bench")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
@pytest.mark.parametrize("script", ["bench_validate.py", "bench_api.py", "held_loop.py"])
def test_a_benchmark_script_starts_from_anywhere(script: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, str(ROOT / "bench" / script), "--help"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("usage:")


@pytest.mark.slow
@pytest.mark.parametrize("relative", [False, True])
def test_the_api_benchmarks_workers_run_the_build_on_pythonpath(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, relative: bool) -> None:
    """gunicorn puts its working folder first on its workers' path: started in the source
    tree, make bench-api's workers ran the source, not build/compiled. A build here is the
    source tree's packages linked into another folder, which the workers must import, named
    absolutely or, as make names it (``PYTHONPATH=build/compiled``), from the folder the bench
    starts in (the server starts in another)."""
    from bench.bench_api import gunicorn, served_build

    build = tmp_path / "build"
    build.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in ("bench", "tests", "build") and not entry.name.startswith("."):
            (build / entry.name).symlink_to(entry)
    if relative:
        monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYTHONPATH", "build" if relative else str(build))
    with gunicorn({"DUELCHECK_DATA_DIR": str(tmp_path / "data"), "WEB_CONCURRENCY": "1"}) as port:
        said = served_build(port)
    assert said.startswith(f"workers run {build / 'api'} ("), said

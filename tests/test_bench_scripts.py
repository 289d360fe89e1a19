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
@pytest.mark.parametrize("script", ["bench_validate.py", "bench_api.py"])
def test_a_benchmark_script_starts_from_anywhere(script: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, str(ROOT / "bench" / script), "--help"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("usage:")

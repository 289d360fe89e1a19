"""tests/conftest.py's guard: a test that starts a process without the ``slow`` marker fails,
naming itself; one marked ``slow`` passes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

TESTS = '''
import subprocess

import pytest


def test_unmarked_starts_a_process():
    subprocess.run(["true"], check=True)


@pytest.mark.slow
def test_marked_starts_a_process():
    subprocess.run(["true"], check=True)


def test_unmarked_starts_none():
    assert True


@pytest.fixture(scope="module")
def served():
    yield subprocess.Popen(["true"])


@pytest.mark.slow
def test_marked_sets_up_a_process_fixture(served):
    served.wait()


def test_unmarked_uses_a_process_fixture(served):
    served.wait()
'''


@pytest.mark.slow
def test_a_process_started_by_an_unmarked_test_fails_it(tmp_path: Path) -> None:
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_inner.py").write_text(TESTS, "utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    slow: starts processes\n")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-rE", str(tmp_path)], capture_output=True, text=True, cwd=tmp_path,
                         check=False)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "5 passed, 2 errors" in run.stdout
    assert ("test_inner.py::test_unmarked_starts_a_process starts a subprocess but is not "
            "marked slow") in run.stdout
    assert ("test_inner.py::test_unmarked_uses_a_process_fixture starts a process through the "
            "fixture 'served' but is not marked slow") in run.stdout
    assert "test_marked_starts_a_process starts" not in run.stdout
    assert "test_unmarked_starts_none starts" not in run.stdout

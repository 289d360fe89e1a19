"""The face of the package: ``import duelcheck``, its version and ``python -m duelcheck``."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import pytest

import duelcheck
import validator


def test_import_duelcheck_gives_the_library_and_the_version() -> None:
    for name in validator.__all__:
        assert getattr(duelcheck, name) is getattr(validator, name), name
    assert set(duelcheck.__all__) == {*validator.__all__, "__version__"}
    assert duelcheck.__version__ == version("duelcheck")


@pytest.mark.slow
def test_python_dash_m_duelcheck_is_the_command_line() -> None:
    proc = subprocess.run([sys.executable, "-m", "duelcheck", "--version"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert (proc.returncode, proc.stdout) == (0, f"duelcheck {duelcheck.__version__}\n")


@pytest.mark.slow
def test_the_library_imports_neither_the_service_nor_the_command_line() -> None:
    code = ("import sys, validator, validator.engine.legal, validator.teaching.quiz, "
            "validator.teaching.diagram; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'api', 'duelcheck', 'flask'}))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True)
    assert proc.stdout.strip() == "[]"

"""The compiled wheel the packaging tests install is built once per change of what a build
reads (tests/wheelhouse.py), and again when that changes."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests import wheelhouse


def _tree(root: Path) -> None:
    for name, text in (("setup.py", "setup()"), ("validator/__init__.py", "x = 1"),
                       ("tests/test_x.py", "def test(): pass"), ("docs/a.md", "a")):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, "utf-8")


def test_a_wheel_is_built_once_per_change_of_what_a_build_reads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "root"
    _tree(root)
    builds: list[list[str]] = []

    def pip_wheel(command: list[str], **_: Any) -> None:
        builds.append(command)
        out = Path(command[command.index("-w") + 1])
        out.mkdir(parents=True, exist_ok=True)
        (out / "duelcheck-0.1.0-py3-none-any.whl").write_bytes(b"wheel %d" % len(builds))

    monkeypatch.setattr(subprocess, "run", pip_wheel)
    first = wheelhouse.build_wheel(root, tmp_path / "h1", tmp_path / "s1")
    again = wheelhouse.build_wheel(root, tmp_path / "h2", tmp_path / "s2")
    assert len(builds) == 1 and again.read_bytes() == first.read_bytes() == b"wheel 1"
    (root / "tests" / "test_x.py").write_text("def test(): assert 1", "utf-8")
    (root / "docs" / "a.md").write_text("b", "utf-8")
    wheelhouse.build_wheel(root, tmp_path / "h3", tmp_path / "s3")
    assert len(builds) == 1  # a test or a doc is not part of the wheel
    (root / "validator" / "__init__.py").write_text("x = 2", "utf-8")
    changed = wheelhouse.build_wheel(root, tmp_path / "h4", tmp_path / "s4")
    assert len(builds) == 2 and changed.read_bytes() == b"wheel 2"
    assert len(list((root / "build" / "test-wheels").iterdir())) == 1  # only the newest kept

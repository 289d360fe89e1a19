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


class _FakeBuild:
    """A ``pip wheel`` process that has written its wheel by the time it is waited for."""

    def __init__(self, command: list[str], **_: Any) -> None:
        self.args, self.killed = command, False
        self.out = Path(command[command.index("-w") + 1])

    def wait(self, timeout: float | None = None) -> int:
        if not self.killed:
            self.out.mkdir(parents=True, exist_ok=True)
            (self.out / "duelcheck-0.1.0-py3-none-any.whl").write_bytes(b"early")
        return -9 if self.killed else 0

    def poll(self) -> int | None:
        return None

    def kill(self) -> None:
        self.killed = True


def test_a_build_started_early_is_waited_for_not_made_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """conftest starts the build as soon as the packaging tests are collected (issue 25, trial
    item 12): the fixture then takes that build, of the same source, and builds no other."""
    root = tmp_path / "root"
    _tree(root)
    started: list[_FakeBuild] = []
    runs: list[list[str]] = []

    def popen(command: list[str], **kwargs: Any) -> _FakeBuild:
        started.append(_FakeBuild(command, **kwargs))
        return started[-1]

    monkeypatch.setattr(subprocess, "Popen", popen)
    monkeypatch.setattr(subprocess, "run", lambda command, **_: runs.append(command))
    assert wheelhouse.start_early(root, tmp_path / "e1")
    wheel = wheelhouse.build_wheel(root, tmp_path / "h1", tmp_path / "s1")
    assert wheel.read_bytes() == b"early" and len(started) == 1 and runs == []
    assert not wheelhouse.start_early(root, tmp_path / "e2")  # kept: nothing to start
    # the source changed after the early start: that build is killed and another made
    (root / "validator" / "__init__.py").write_text("x = 3", "utf-8")
    assert wheelhouse.start_early(root, tmp_path / "e3")
    (root / "validator" / "__init__.py").write_text("x = 4", "utf-8")
    with pytest.raises(ValueError):  # the fake run writes no wheel: the new build ran
        wheelhouse.build_wheel(root, tmp_path / "h2", tmp_path / "s2")
    assert started[-1].killed and len(runs) == 1
    wheelhouse.stop_early()

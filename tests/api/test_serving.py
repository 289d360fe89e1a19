"""Serving defaults (api/server.py): workers from the CPUs the process may use."""

from __future__ import annotations

from pathlib import Path

import pytest

from api import server
from api.config import Settings
from validator import cpus


def test_cgroup_v2_and_v1_limits(tmp_path: Path) -> None:
    v2 = tmp_path / "cpu.max"
    quota, period = tmp_path / "quota", tmp_path / "period"
    v2.write_text("max 100000\n")
    assert cpus.cgroup_cpu_limit(v2, (quota, period)) is None
    v2.unlink()
    quota.write_text("250000\n")
    period.write_text("100000\n")
    assert cpus.cgroup_cpu_limit(v2, (quota, period)) == 2.5
    quota.write_text("-1\n")
    assert cpus.cgroup_cpu_limit(v2, (quota, period)) is None


def test_workers_follow_affinity_and_the_cgroup_not_the_host(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cpus.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})
    monkeypatch.setattr(cpus.os, "cpu_count", lambda: 64)
    monkeypatch.setattr(cpus, "cgroup_cpu_limit", lambda: None)
    assert cpus.usable_cpus() == 4
    monkeypatch.setattr(cpus, "cgroup_cpu_limit", lambda: 1.5)
    assert cpus.usable_cpus() == 2
    assert server.gunicorn_options(Settings())["workers"] == 2
    assert server.gunicorn_options(Settings(WEB_CONCURRENCY="5"))["workers"] == 5


def test_access_log_values() -> None:
    assert server.gunicorn_options(Settings(DUELCHECK_ACCESS_LOG="-"))["accesslog"] == "-"
    assert server.gunicorn_options(Settings(DUELCHECK_ACCESS_LOG="off"))["accesslog"] is None
    assert server.gunicorn_options(Settings(HOST="::1"))["bind"] == ["[::1]:8000"]

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


def test_a_port_in_use_is_one_line_and_exit_3(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    from duelcheck.cli import main

    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        assert server.cannot_bind("127.0.0.1", port) is not None
        assert main(["serve", "--port", str(port)]) == 3
    err = capsys.readouterr().err
    assert err == f"duelcheck: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    assert server.cannot_bind("127.0.0.1", port) is None  # free again


def test_an_address_that_is_not_this_machines_is_named() -> None:
    why = server.cannot_bind("192.0.2.1", 8000)  # TEST-NET-1: never a local address
    assert why is not None and why.startswith("cannot listen on 192.0.2.1:8000: ")

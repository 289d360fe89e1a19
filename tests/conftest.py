"""Every property test is seeded: hypothesis draws the same examples on every run (``derandomize``,
no example database), so a test never fails by chance. To explore instead (fresh random examples on
every run; ten times as many where a test sets no count of its own), run
``HYPOTHESIS_PROFILE=explore make pytest``; a failure it finds becomes a plain regression test (as
the card laid onto itself in tests/validator/importers/duelingbook/readings/test_specials.py)."""

from __future__ import annotations

import functools
import multiprocessing.util
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("seeded", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False, database=None,
                          max_examples=settings().max_examples * 10)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "seeded"))


# --- Every test that starts a process is marked ``slow`` (setup.cfg's marker says so) --------
#
# While a test of tests/ runs (its fixtures' setup included), starting a process (a subprocess,
# a fork, multiprocessing's spawn) without the marker fails that test, naming it; so does using
# a fixture that started one (a module's server), whichever test set it up first. A check of
# the marker, not of time: ``make test`` runs every test, slow or not (``pytest -m "not slow"``
# is the quick loop).

_RUNNING: list[pytest.Item] = []
_STARTED: dict[str, list[str]] = {}
_SETTING_UP: list[tuple[str, str]] = []  # (where the fixture is defined, its name)
_STARTS_PROCESSES: set[tuple[str, str]] = set()


def _starting(what: str) -> None:
    _STARTS_PROCESSES.update(_SETTING_UP)
    item = _RUNNING[-1] if _RUNNING else None
    if item is not None and item.get_closest_marker("slow") is None:
        _STARTED.setdefault(item.nodeid, []).append(what)


def _guard(owner: Any, name: str, what: str) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    def started(*args: Any, **kwargs: Any) -> Any:
        _starting(what)
        return original(*args, **kwargs)

    setattr(owner, name, started)


def pytest_configure(config: pytest.Config) -> None:
    _guard(subprocess.Popen, "_execute_child", "a subprocess")
    _guard(os, "fork", "a fork")
    _guard(multiprocessing.util, "spawnv_passfds", "a multiprocessing worker")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    _RUNNING.append(item)
    try:
        return (yield)
    finally:
        _RUNNING.pop()


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef: pytest.FixtureDef[Any], request: pytest.FixtureRequest) -> Any:
    _SETTING_UP.append((fixturedef.baseid, fixturedef.argname))
    try:
        return (yield)
    finally:
        _SETTING_UP.pop()


def _process_fixtures(item: pytest.Item) -> list[str]:
    names = set(getattr(item, "fixturenames", ()))
    return [f"the fixture {name!r}" for where, name in sorted(_STARTS_PROCESSES)
            if name in names and item.nodeid.startswith(where)]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    result = yield
    started = _STARTED.pop(item.nodeid, None)
    if not started and item.get_closest_marker("slow") is None:
        started = [f"a process through {using}" for using in _process_fixtures(item)]
    if started:
        pytest.fail(f"{item.nodeid} starts {started[0]} but is not marked slow: mark it "
                    "@pytest.mark.slow (setup.cfg)", pytrace=False)
    return result


# --- The compiled wheel, started as soon as the packaging tests are collected ----------------
#
# Building it (mypyc, then the C compiler) is the suite's longest step, and pytest runs on one
# core: started before the first test, outside any, it runs on the second core meanwhile, and
# tests/test_packaging.py's fixture waits for it (tests/wheelhouse.py). Nothing is tested
# less: the same build, only earlier.

_WHEEL_SCRATCH: list[Path] = []


def pytest_collection_finish(session: pytest.Session) -> None:
    root = Path(__file__).resolve().parent.parent
    if any(item.nodeid.startswith("tests/test_packaging.py") for item in session.items):
        from tests import wheelhouse

        scratch = Path(tempfile.mkdtemp(prefix="duelcheck-wheel-"))
        _WHEEL_SCRATCH.append(scratch)
        wheelhouse.start_early(root, scratch)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if not _WHEEL_SCRATCH:
        return
    from tests import wheelhouse

    wheelhouse.stop_early()
    for scratch in _WHEEL_SCRATCH:
        shutil.rmtree(scratch, ignore_errors=True)
    _WHEEL_SCRATCH.clear()

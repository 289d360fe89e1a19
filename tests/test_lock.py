"""The hashed lock files stay in step with setup.cfg (`make lock` refreshes them)."""

from __future__ import annotations

import configparser
import re

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.helpers import ROOT

PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^ ;\\]+)")


def pins(name: str) -> dict[str, str]:
    """Package -> pinned version of a lock file; every pin carries hashes."""
    text = (ROOT / "requirements" / name).read_text("utf-8")
    out: dict[str, str] = {}
    for block in re.split(r"\n(?=\S)", text):
        match = PIN.match(block)
        if match:
            assert "--hash=sha256:" in block, f"{name}: {match[1]} has no hash"
            out[canonicalize_name(match[1])] = match[2]
    return out


def declared(extra: str | None) -> list[Requirement]:
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg", encoding="utf-8")
    lines = config["options"]["install_requires"] if extra is None else \
        config["options.extras_require"][extra]
    build = (ROOT / "requirements" / "build.in").read_text("utf-8")
    return [Requirement(x) for x in (*lines.split("\n"), *build.splitlines())
            if x.strip() and not x.startswith("#")]


@pytest.mark.parametrize(("lock", "extras"), [("serve.txt", [None]),
                                               ("dev.txt", [None, "dev"])])
def test_every_declared_dependency_is_pinned_within_its_bounds(
        lock: str, extras: list[str | None]) -> None:
    pinned = pins(lock)
    for extra in extras:
        for req in declared(extra):
            version = pinned.get(canonicalize_name(req.name))
            assert version is not None, f"{req.name} is not in {lock}: run `make lock`"
            assert req.specifier.contains(version, prereleases=True), \
                f"{lock} pins {req.name}=={version}, outside {req.specifier}: run `make lock`"


def test_serving_installs_no_test_tools() -> None:
    assert not {"pytest", "ruff", "hypothesis", "playwright", "uv"} & set(pins("serve.txt"))
    # mypy is there as mypyc, which compiles the build (setup.py); requirements/build.in says so
    build = {Requirement(line).name for line in (ROOT / "requirements" / "build.in").read_text(
        "utf-8").splitlines() if line.strip() and not line.startswith("#")}
    assert "mypy" in build and "mypy" in pins("serve.txt")

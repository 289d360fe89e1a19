"""A wheelhouse for installing duelcheck into a fresh virtual environment without a network.

Its own wheel is built from a clean copy of the source tree; the wheels of its runtime
dependencies are packed again from the distributions installed in the running (dev)
environment, whose files and tags their ``RECORD`` and ``WHEEL`` metadata list.
"""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

#: What a copy of the source tree leaves out (never part of a build).
NOT_SOURCE = (".venv", ".git", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
              ".hypothesis", "*.so")
#: dist-info files that pip writes when it installs, not part of a wheel.
INSTALL_RECORDS = {"RECORD", "INSTALLER", "REQUESTED", "direct_url.json"}


def build_wheel(root: Path, house: Path, scratch: Path) -> Path:
    """Build duelcheck's wheel from a clean copy of ``root`` (no stale ``build/``), its hot
    modules compiled by mypyc as a user's build compiles them where it can (setup.py)."""
    source = scratch / "source"
    shutil.copytree(root, source, symlinks=True, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(house), str(source)], check=True, timeout=1200,
                   capture_output=True)
    (wheel,) = house.glob("duelcheck-*.whl")
    return wheel


def requirements_of(wheel: Path) -> list[str]:
    """The ``Requires-Dist`` lines of a wheel's METADATA."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        message = Parser().parsestr(archive.read(name).decode("utf-8"))
    return message.get_all("Requires-Dist") or []


def closure(requirements: list[str]) -> tuple[list[metadata.Distribution], list[str]]:
    """The installed distributions that ``requirements`` need, transitively (no extras),
    and the names of those that are not installed here."""
    found: dict[str, metadata.Distribution] = {}
    missing: list[str] = []
    todo = list(requirements)
    while todo:
        req = Requirement(todo.pop())
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        key = canonicalize_name(req.name)
        if key in found or key in missing:
            continue
        try:
            dist = metadata.distribution(req.name)
        except metadata.PackageNotFoundError:
            missing.append(key)
            continue
        found[key] = dist
        todo += dist.requires or []
    return list(found.values()), missing


def _tags(wheel_text: str) -> str:
    parts: list[list[str]] = [[], [], []]
    for line in wheel_text.splitlines():
        if line.startswith("Tag:"):
            for group, value in zip(parts, line.split(":", 1)[1].strip().split("-"), strict=True):
                if value not in group:
                    group.append(value)
    return "-".join(".".join(group) for group in parts)


def _digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).decode().rstrip("=")


def repack(dist: metadata.Distribution, house: Path) -> Path:
    """Pack an installed distribution into a wheel again (its scripts come back from its
    entry points when pip installs it)."""
    files = [f for f in dist.files or () if not str(f).startswith("..")
             and "__pycache__" not in f.parts and f.suffix != ".pyc"]
    info = next(f.parts[0] for f in files if f.parts[0].endswith(".dist-info"))
    name = re.sub(r"[-_.]+", "_", dist.metadata["Name"])
    target = house / f"{name}-{dist.version}-{_tags(dist.read_text('WHEEL') or '')}.whl"
    record: list[str] = []
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as archive:
        for file in files:
            if file.parts[0] == info and file.name in INSTALL_RECORDS:
                continue
            data = Path(str(dist.locate_file(file))).read_bytes()
            archive.writestr(file.as_posix(), data)
            record.append(f"{file.as_posix()},{_digest(data)},{len(data)}")
        record.append(f"{info}/RECORD,,")
        archive.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return target

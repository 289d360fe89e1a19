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
from dataclasses import dataclass
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


#: What a build of the source reads (setup.cfg's packages, their data, the metadata's
#: files): a change anywhere else (a test, a doc) builds the same wheel.
BUILD_INPUTS = ("setup.py", "setup.cfg", "pyproject.toml", "README.md", "validator", "api",
                "duelcheck", "specs")


def source_digest(root: Path) -> str:
    """A digest of what a build of ``root`` reads (:data:`BUILD_INPUTS`, each file's path and
    bytes, as a clean copy keeps them), the Python that builds it and the compiler's version.
    Two trees with the same digest build the same wheel.

    >>> len(source_digest(Path(__file__).parent / "api" / "vendor"))
    16
    """
    ignore = shutil.ignore_patterns(*NOT_SOURCE)
    digest = hashlib.sha256(f"{sys.version}|{_version_of('mypy')}".encode())
    todo = []
    for name in BUILD_INPUTS:
        path = root / name
        if path.is_file():
            digest.update(name.encode() + b"\0" + path.read_bytes())
        elif path.is_dir():
            todo.append(path)
    while todo:
        folder = todo.pop()
        names = sorted(n for n in (p.name for p in folder.iterdir()))
        skipped = ignore(str(folder), names)
        for name in names:
            path = folder / name
            if name in skipped:
                continue
            if path.is_dir() and not path.is_symlink():
                todo.append(path)
            elif path.is_file():
                digest.update(path.relative_to(root).as_posix().encode() + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _version_of(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "none"


def _pip_wheel(source: Path, built: Path) -> list[str]:
    return [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
            "-w", str(built), str(source)]


def _clean_copy(root: Path, scratch: Path) -> Path:
    source = scratch / "source"
    shutil.copytree(root, source, symlinks=True, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    return source


@dataclass
class EarlyBuild:
    """A build started before the tests that need it: the digest of the source it copied,
    the ``pip wheel`` process, where it writes the wheel and its log."""

    digest: str
    process: subprocess.Popen[bytes]
    built: Path
    log: Path


#: The builds started early (:func:`start_early`), by the root they build.
_EARLY: dict[Path, EarlyBuild] = {}


def start_early(root: Path, scratch: Path) -> bool:
    """Start building ``root``'s wheel in the background, unless one is kept for its source:
    tests/conftest.py does so as soon as the packaging tests are collected, so that the C
    compiler works on a second core while the tests before them run on the first
    (:func:`build_wheel` then waits for it). True when a build was started."""
    digest = source_digest(root)
    kept = root / "build" / "test-wheels" / digest
    if kept.is_dir() and len(list(kept.glob("duelcheck-*.whl"))) == 1:
        return False
    built, log = scratch / "built", scratch / "build.log"
    source = _clean_copy(root, scratch)
    with log.open("wb") as out:
        process = subprocess.Popen(_pip_wheel(source, built), stdout=out,
                                   stderr=subprocess.STDOUT)
    _EARLY[root] = EarlyBuild(digest, process, built, log)
    return True


def stop_early() -> None:
    """End the early builds no test waited for (the packaging tests deselected or not
    reached: ``-x``, Ctrl-C)."""
    for early in _EARLY.values():
        if early.process.poll() is None:
            early.process.kill()
        early.process.wait()
    _EARLY.clear()


def _wait(early: EarlyBuild) -> Path:
    try:
        code = early.process.wait(timeout=1200)
    except subprocess.TimeoutExpired:
        early.process.kill()
        early.process.wait()
        raise
    if code != 0:
        raise subprocess.CalledProcessError(code, early.process.args,
                                            early.log.read_text("utf-8", "replace"))
    return early.built


def build_wheel(root: Path, house: Path, scratch: Path) -> Path:
    """duelcheck's wheel, built from a clean copy of ``root`` (no stale ``build/``), its hot
    modules compiled by mypyc as a user's build compiles them where it can (setup.py).

    The compiled build takes most of the suite's time, so it is made once per change: a
    wheel is kept in ``build/test-wheels/<digest of the source>/`` and used again while the
    source is the same (:func:`source_digest`); ``make clean`` removes it. A build started
    early for the same source (:func:`start_early`) is waited for rather than made again."""
    digest = source_digest(root)
    kept = root / "build" / "test-wheels" / digest
    found = sorted(kept.glob("duelcheck-*.whl")) if kept.is_dir() else []
    early = _EARLY.pop(root, None)
    if len(found) != 1:
        if early is not None and early.digest == digest:
            built = _wait(early)
        else:
            if early is not None:  # the source changed since: that build is of no use
                early.process.kill()
                early.process.wait()
            built = scratch / "built"
            subprocess.run(_pip_wheel(_clean_copy(root, scratch), built), check=True,
                           timeout=1200, capture_output=True)
        (wheel,) = built.glob("duelcheck-*.whl")
        shutil.rmtree(kept.parent, ignore_errors=True)  # only the newest source's is kept
        kept.mkdir(parents=True)
        found = [Path(shutil.copy2(wheel, kept / wheel.name))]
    house.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy2(found[0], house / found[0].name))


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

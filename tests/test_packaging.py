"""What `pip install .` ships: the wheel is built, installed into a fresh virtual environment
(not editable, no network) and every command is run from there, as a user would."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.helpers import CORPUS, ROOT, SHARED
from tests.wheelhouse import build_wheel, closure, repack, requirements_of

pytestmark = pytest.mark.slow
REPLAY = SHARED / "data" / "duelingbook" / "aco77-sdesowitz02-2026-10-07.json"
LEGAL = {"cards": {}, "actions": [{"type": "draw", "player": "p1"}]}


@dataclass(frozen=True)
class Installed:
    wheel: Path
    bin: Path
    work: Path

    def run(self, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        """Run a program of the fresh environment, outside the source tree."""
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        return subprocess.run([str(self.bin / args[0]), *args[1:]], cwd=self.work, env=env,
                              input=stdin, capture_output=True, text=True, timeout=120,
                              check=False)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    scratch = tmp_path_factory.mktemp("install")
    house = scratch / "wheelhouse"
    wheel = build_wheel(ROOT, house, scratch)
    dists, missing = closure(requirements_of(wheel))
    for dist in dists:
        repack(dist, house)
    venv = scratch / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    offline = [] if missing else ["--no-index"]  # whatever is not installed here, from PyPI
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"),
                    "install", "-q", *offline, "--find-links", str(house), str(wheel)],
                   check=True, timeout=600, capture_output=True)
    work = scratch / "work"
    work.mkdir()
    yield Installed(wheel, venv / "bin", work)


def test_the_wheel_carries_every_module_and_the_data(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for package in ("validator", "api", "duelcheck"):
        for path in (ROOT / package).rglob("*.py"):
            shipped = path.relative_to(ROOT).as_posix()
            if "__pycache__" not in shipped and not shipped.startswith("validator/specs"):
                assert shipped in names, f"{shipped} is not in the wheel"
    cases = {p.name for p in (ROOT / "specs" / "cases").glob("*.json")}
    assert cases == {n.rsplit("/", 1)[1] for n in names
                     if n.startswith("validator/specs/cases/")}
    for needed in ("validator/specs/rules.toml", "validator/py.typed", "duelcheck/py.typed",
                   "validator/teaching/quizdata/duelingbook.json"):
        assert needed in names, needed
    for asset in (ROOT / "api" / "static").iterdir():
        assert f"api/static/{asset.name}" in names, asset.name
    for asset in (ROOT / "validator" / "teaching" / "assets").iterdir():
        assert f"validator/teaching/assets/{asset.name}" in names, asset.name
    assert not any(n.startswith(("tests/", "specs/", "bench/", "docs/")) for n in names)


def test_the_installed_package_is_not_the_source_tree(installed: Installed) -> None:
    proc = installed.run("python", "-c", "import validator, duelcheck; "
                         "print(validator.__file__); print(duelcheck.__version__)")
    where, version = proc.stdout.splitlines()
    assert proc.returncode == 0, proc.stderr
    assert str(ROOT) not in where and "site-packages" in where
    assert version == metadata_version(installed.wheel)


def metadata_version(wheel: Path) -> str:
    return wheel.name.split("-")[1]


def test_version_and_python_dash_m(installed: Installed) -> None:
    version = metadata_version(installed.wheel)
    proc = installed.run("duelcheck", "--version")
    assert (proc.returncode, proc.stdout) == (0, f"duelcheck {version}\n")
    proc = installed.run("python", "-m", "duelcheck", "rules", "summon.normal-once",
                         "--format", "json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["id"] == "summon.normal-once"


def test_the_judges_report_and_real_quiz_from_the_installed_package(
        installed: Installed) -> None:
    (installed.work / "legal.json").write_text(json.dumps(LEGAL), "utf-8")
    proc = installed.run("duelcheck", "check", "--format", "html", "legal.json")
    assert proc.returncode == 0, proc.stderr
    html = (installed.work / "legal.html").read_text("utf-8")
    assert "duelboard" in html and ".mat-field" in html  # the page's renderer, inlined
    proc = installed.run("python", "-c", "from validator.teaching.quizbank import corpus_quiz; "
                                         "print(corpus_quiz(1).origin['from'])")
    assert (proc.returncode, proc.stdout) == (0, "duelingbook\n"), proc.stderr


def test_check_rules_and_serve_help(installed: Installed) -> None:
    (installed.work / "legal.json").write_text(json.dumps(LEGAL), "utf-8")
    proc = installed.run("duelcheck", "check", "legal.json")
    assert (proc.returncode, proc.stderr) == (0, ""), proc.stderr
    assert proc.stdout.startswith("legal.json: legal (1 actions)")
    proc = installed.run("duelcheck", "check", "-", stdin=json.dumps(LEGAL))
    assert proc.returncode == 0, proc.stderr
    proc = installed.run("duelcheck", "rules")
    assert proc.returncode == 0 and len(proc.stdout.splitlines()) == 43, proc.stderr
    proc = installed.run("duelcheck", "serve", "--help")
    assert proc.returncode == 0 and "--port" in proc.stdout, proc.stderr
    proc = installed.run("python", "-c", "from api import create_app; "
                         "c = create_app().test_client(); "
                         "print(c.get('/').status_code, c.get('/docs/static/swagger-ui.css')"
                         ".status_code, len(c.get('/v1/examples').json))")
    status, docs, examples = proc.stdout.split()
    assert (status, docs) == ("200", "200") and int(examples) >= 68, proc.stderr


@pytest.mark.skipif(not REPLAY.exists(), reason="../shared/data/duelingbook is not beside "
                                                "the checkout, so there is no replay to import")
def test_duelingbook_replays(installed: Installed) -> None:
    proc = installed.run("duelcheck", "check", "--from", "duelingbook", str(REPLAY))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count(": legal (") == 2
    proc = installed.run("duelcheck", "import", "duelingbook", str(REPLAY), "-o", "games.jsonl")
    assert proc.returncode == 0, proc.stderr
    games = (installed.work / "games.jsonl").read_text("utf-8").splitlines()
    assert len(games) == 2
    proc = installed.run("python", "-m", "duelcheck", "check", "games.jsonl")
    assert proc.returncode == 0 and proc.stdout.count(": legal (") == 2, proc.stderr


#: EDOPro replays the installed build reads, and converts to Duelingbook replays as the
#: two-importer test does (a compiled-only failure of the converter went unseen once: only
#: Duelingbook replays were run installed).
EDOPRO_GAMES = ("real/2020-07-21 14-09-04.yrpX", "selfplay/selfplay-0001.yrpX",
                "selfplay/selfplay-0233.yrpX")
CONVERT = """
import hashlib, json, sys
from pathlib import Path
from validator.importers.edopro.replay import import_replay
from validator.importers.edopro.to_duelingbook import to_duelingbook
for name in sys.argv[1:]:
    for game in import_replay(Path(name).read_bytes()):
        text = json.dumps(to_duelingbook(game.document), sort_keys=True)
        print(hashlib.sha256(text.encode()).hexdigest())
"""


@pytest.mark.skipif(not (SHARED / "data" / "edopro").is_dir(),
                    reason="../shared/data/edopro is not beside the checkout")
def test_edopro_replays_judged_and_converted_as_the_source_does(installed: Installed) -> None:
    games = [str(SHARED / "data" / "edopro" / name) for name in EDOPRO_GAMES]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = installed.run("duelcheck", "check", *games)
    source = subprocess.run([sys.executable, "-m", "duelcheck", "check", *games], env=env,
                            capture_output=True, text=True, timeout=300, check=False)
    assert (proc.returncode, proc.stdout) == (source.returncode, source.stdout), proc.stderr
    assert proc.returncode == 0 and proc.stdout.count(": legal (") == len(games)
    script = installed.work / "convert.py"
    script.write_text(CONVERT, "utf-8")
    proc = installed.run("python", str(script), *games)
    source = subprocess.run([sys.executable, "-c", CONVERT, *games], env=env, cwd=ROOT,
                            capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == source.stdout and len(proc.stdout.split()) == len(games)


#: Whether the installed importer runs compiled, then the digests of tests/behaviour.py.
DIGESTS = """
import json, sys
from validator.importers.duelingbook import replay as duelingbook
from pathlib import Path
from behaviour import digests
print(json.dumps({"compiled": not str(duelingbook.__file__).endswith(".py"),
                  **digests(Path(sys.argv[1]))}))
"""


def _can_compile() -> bool:
    return importlib.util.find_spec("mypyc") is not None and bool(
        shutil.which("cc") or shutil.which("gcc"))


@pytest.mark.skipif(not _can_compile(), reason="no mypyc or no C compiler: the wheel is pure")
def test_the_wheel_is_compiled_where_the_machine_can(installed: Installed) -> None:
    names = zipfile.ZipFile(installed.wheel).namelist()
    assert not installed.wheel.name.endswith("-none-any.whl"), installed.wheel.name
    assert any(n.startswith("duelcheck_native__mypyc.") for n in names)
    for module in ("validator/importers/duelingbook/board/follow", "validator/engine/state",
                   "validator/document/fastload"):
        assert any(n.startswith(f"{module}.") and n.endswith(".so") for n in names), module
    proc = installed.run("python", "-c",
                         "import validator.importers.duelingbook.board.follow as f, "
                         "validator.document.schema as s; print(f.__file__); print(s.__file__)")
    compiled, schema = proc.stdout.splitlines()
    assert compiled.endswith(".so") and schema.endswith(".py"), proc.stderr


@pytest.mark.skipif(not _can_compile() or not shutil.which("nm"),
                    reason="the wheel is pure, or no nm to list a library's symbols")
def test_the_compiled_functions_are_called_directly_not_through_exported_symbols(
        installed: Installed) -> None:
    # setup.py's HIDDEN_FLAGS (docs/building.md): a compiled function exported from the shared
    # library could be replaced at load time, so every call to it went through the PLT
    proc = installed.run("python", "-c", "import duelcheck_native__mypyc as m; print(m.__file__)")
    library = proc.stdout.strip()
    assert library.endswith(".so"), proc.stderr
    symbols = subprocess.run(["nm", "-D", "--defined-only", library], capture_output=True,
                             text=True, check=True).stdout.split()
    assert "PyInit_duelcheck_native__mypyc" in symbols
    assert not [s for s in symbols if s.startswith(("CPyDef_", "CPyStatic_", "CPy_"))]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/data/duelingbook is not beside it")
def test_the_installed_build_imports_and_judges_every_real_match_as_the_source_does(
        installed: Installed) -> None:
    script = installed.work / "digests.py"
    script.write_text(DIGESTS, "utf-8")
    shutil.copy(ROOT / "tests" / "behaviour.py", installed.work / "behaviour.py")
    proc = installed.run("python", str(script), str(CORPUS))
    assert proc.returncode == 0, proc.stderr
    built = json.loads(proc.stdout)
    assert built["compiled"] == _can_compile()
    # the source is held to the same file by tests/test_behaviour.py
    want = json.loads((ROOT / "tests" / "behaviour.json").read_text("utf-8"))
    assert len(want["replays"]) >= 196
    for part in ("replays", "cases"):
        differ = sorted(k for k in want[part].keys() | built[part].keys()
                        if want[part].get(k) != built[part].get(k))
        assert differ == [], part


def test_dockerfile_installs_the_package_and_runs_gunicorn_as_a_non_root_user() -> None:
    lines = (ROOT / "Dockerfile").read_text("utf-8").splitlines()
    assert lines[1] == "FROM python:3.11-slim"
    assert "USER duelcheck" in lines
    for package in ("validator", "specs", "api", "duelcheck"):
        assert any(line.startswith(f"COPY {package} ") for line in lines), package
    assert any(line.startswith("COPY setup.py ") for line in lines)  # it decides compiling
    assert any("DUELCHECK_COMPILE=1 pip install" in line for line in lines)
    assert any(line.startswith("HEALTHCHECK") for line in lines)
    assert any("/healthz" in line for line in lines)
    assert lines[-1] == 'CMD ["duelcheck", "serve"]'
    assert any(line.startswith("RUN pip install --require-hashes -r requirements/serve.txt")
               for line in lines)
    assert any("DUELCHECK_ACCESS_LOG=-" in line for line in lines)
    ignored = (ROOT / ".dockerignore").read_text("utf-8").split()
    assert ".venv" in ignored and ".git" in ignored and "*.so" in ignored

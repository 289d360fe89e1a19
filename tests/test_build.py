"""How setup.py decides to compile (DUELCHECK_COMPILE, docs/building.md), without compiling:
the compiled wheel itself is built and checked in tests/test_packaging.py. And no compiled
module lies in the source tree, where it would shadow its source in every other test."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.helpers import ROOT


@pytest.fixture
def setup_py(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location("duelcheck_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not __main__: setup() is not called
    monkeypatch.delenv("DUELCHECK_COMPILE", raising=False)
    module.forgotten = []  # type: ignore[attr-defined]
    monkeypatch.setattr(module, "forget_earlier_builds", module.forgotten.append)
    return module


def _extensions(setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch, command: str,
                choice: str | None = None) -> list[object]:
    monkeypatch.setattr(sys, "argv", ["setup.py", command])
    if choice is not None:
        monkeypatch.setenv("DUELCHECK_COMPILE", choice)
    result: list[object] = setup_py.extensions()
    return result


def test_an_unknown_choice_is_an_error_naming_the_variable(
        setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit, match=r"DUELCHECK_COMPILE='fast': expected one of auto, 0, 1"):
        _extensions(setup_py, monkeypatch, "bdist_wheel", "fast")


@pytest.mark.parametrize(("command", "choice"), [("bdist_wheel", "0"), ("egg_info", None),
                                                 ("dist_info", "1"), ("sdist", None)])
def test_nothing_is_compiled_when_asked_not_to_or_for_metadata(
        setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch, command: str,
        choice: str | None) -> None:
    monkeypatch.setattr(setup_py, "_c_compiler_works", lambda: pytest.fail("probed"))
    assert _extensions(setup_py, monkeypatch, command, choice) == []


def test_an_editable_install_is_pure_python_unless_asked(
        setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(setup_py, "_c_compiler_works", lambda: "no compiler in this test")
    assert _extensions(setup_py, monkeypatch, "editable_wheel") == []
    assert "editable install is pure Python" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="DUELCHECK_COMPILE=1 but no compiler in this test"):
        _extensions(setup_py, monkeypatch, "editable_wheel", "1")


def test_without_mypyc_or_a_compiler_auto_builds_pure_python_and_1_fails(
        setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(setup_py, "_c_compiler_works", lambda: "the C compiler does not work")
    assert _extensions(setup_py, monkeypatch, "bdist_wheel") == []
    assert "building pure Python: the C compiler does not work" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "mypyc.build", None)  # import fails: no mypyc
    assert _extensions(setup_py, monkeypatch, "bdist_wheel", "auto") == []
    assert "mypyc is not installed" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="DUELCHECK_COMPILE=1 but mypyc is not installed"):
        _extensions(setup_py, monkeypatch, "bdist_wheel", "1")


def test_a_build_forgets_the_compiled_modules_of_an_earlier_one_and_metadata_does_not(
        setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _extensions(setup_py, monkeypatch, "egg_info")
    assert setup_py.forgotten == []
    _extensions(setup_py, monkeypatch, "bdist_wheel", "0")
    assert setup_py.forgotten == [ROOT]
    stale = [tmp_path / "build" / "lib.linux-x86_64-cpython-311" / "validator" / "engine.so",
             tmp_path / "build" / "lib.linux-x86_64-cpython-311" / "duelcheck_native__mypyc.so"]
    kept = tmp_path / "build" / "lib.linux-x86_64-cpython-311" / "validator" / "engine.py"
    for path in [*stale, kept]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("", "utf-8")
    monkeypatch.undo()  # the real forget_earlier_builds
    setup_py.forget_earlier_builds(tmp_path)
    assert [p.exists() for p in stale] == [False, False] and kept.exists()


def test_every_module_named_for_compiling_exists(setup_py: ModuleType) -> None:
    for pattern in setup_py.COMPILED:
        assert list(ROOT.glob(pattern)), pattern


def test_no_compiled_module_shadows_a_source_file() -> None:
    built = [p.relative_to(ROOT).as_posix() for p in ROOT.glob("*.so")]
    for package in ("validator", "api", "duelcheck"):
        built += [p.relative_to(ROOT).as_posix() for p in (ROOT / package).rglob("*.so")]
    assert not built, (f"compiled modules in the source tree run instead of its .py files "
                       f"(an editable install made with DUELCHECK_COMPILE=1?): {built}; "
                       f"`make clean` removes them")


def test_compiled_functions_are_hidden_from_other_libraries_except_with_msvc(
        setup_py: ModuleType) -> None:
    from setuptools import Extension

    module = Extension("m", ["m.c"], extra_compile_args=["-Wno-unused-function"])
    assert setup_py.hidden([module], "unix")[0].extra_compile_args == [
        "-Wno-unused-function", "-fvisibility=hidden"]
    assert setup_py.hidden([Extension("m", ["m.c"])], "msvc")[0].extra_compile_args == []


def test_a_compiling_build_hides_the_functions_of_the_modules_mypyc_makes(
        setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from setuptools import Extension

    made = [Extension("duelcheck_native__mypyc", ["a.c"], extra_compile_args=["-O3"])]
    monkeypatch.setitem(sys.modules, "mypyc.build",
                        SimpleNamespace(mypycify=lambda *args, **kwargs: made))
    monkeypatch.setattr(setup_py, "_c_compiler_works", lambda: None)
    monkeypatch.setattr(setup_py, "hidden", lambda modules: [*modules, "hidden"])
    assert _extensions(setup_py, monkeypatch, "bdist_wheel", "1") == [*made, "hidden"]

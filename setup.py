"""Build duelcheck with its hot modules (the Duelingbook importer and the judge's inner loop)
compiled to C by mypyc, where a build can: the same typed Python source, about twice as fast.

``DUELCHECK_COMPILE`` chooses (docs/building.md):

- ``auto`` (the default): compile a wheel (or a plain install) when mypyc (mypy) and a working
  C compiler are there; else print why and build the pure-Python package, which behaves the
  same, only slower. An editable install (``pip install -e .``) is never compiled under
  ``auto``: a compiled module would shadow its source, and an edit would not take effect;
- ``1``: compile or fail the build (editable installs too);
- ``0``: never compile.

Everything else (metadata, packages, data) is in setup.cfg.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from setuptools import setup

#: The modules compiled, as paths: the importer (every module), and what judging an action
#: runs (the state, the per-action path, the effects, the zones and the rule checks). Each is
#: plain typed Python (mypy --strict) that needs no interpreted subclass or monkeypatching.
COMPILED = [
    "validator/importers/*.py",
    "validator/importers/duelingbook/*.py",
    "validator/importers/duelingbook/board/*.py",
    "validator/importers/duelingbook/readings/*.py",
    "validator/importers/edopro/*.py",
    "validator/rules/checks/*.py",
    "validator/engine/state.py",
    "validator/engine/fastpath.py",
    "validator/engine/apply.py",
    "validator/engine/zones.py",
    "validator/engine/pendulum.py",
    "validator/engine/limits.py",
    "validator/document/fastload.py",
    "validator/document/loading.py",
    "validator/document/crosscheck.py",
    "validator/teaching/steps.py",
    "validator/rules/registry.py",
    "validator/engine/legal.py",
    "validator/document/verdict.py",
    "validator/document/position.py",
    "validator/document/zonecheck.py",
]
#: The mypy options of the compilation: followed modules (and third-party packages a build
#: environment may not have) are not checked again here; ``make typecheck`` does that.
MYPY_OPTIONS = ["--follow-imports=silent", "--ignore-missing-imports", "--no-warn-return-any",
                "--no-warn-unused-ignores"]
CHOICES = ("auto", "0", "1")
#: Added to each compiled module's C flags where the compiler is GCC or Clang (docs/building.md,
#: "Calls between compiled functions"): mypyc's functions are global symbols of one shared
#: library, which by default another library could replace at load time, so each call between
#: them went through the procedure linkage table (an indirect jump, 5,156 call sites) and none
#: could be inlined. Hidden, they are called directly; the modules' ``PyInit_`` functions stay
#: visible (CPython marks them so), and the modules reach the library through a capsule.
HIDDEN_FLAGS = ("-fvisibility=hidden",)
#: The setup commands that build modules; any other (metadata, an sdist) compiles nothing.
BUILDS = frozenset({"bdist_wheel", "build", "build_ext", "install", "editable_wheel", "develop"})
EDITABLE = frozenset({"editable_wheel", "develop"})


def _say(text: str) -> None:
    print(f"duelcheck build: {text}", file=sys.stderr)


def _c_compiler_works() -> str | None:
    """None when a C extension can be compiled here, else why not."""
    try:
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler, get_python_inc
    except ImportError as error:  # pragma: no cover - setuptools without its distutils
        return f"no compiler interface ({error})"
    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as scratch:
        probe = Path(scratch) / "probe.c"
        probe.write_text("#include <Python.h>\nint duelcheck_probe(void) { return 0; }\n")
        try:
            compiler.compile([str(probe)], output_dir=scratch, include_dirs=[get_python_inc()])
        except Exception as error:  # any failure means: no working compiler
            return f"the C compiler does not work here ({type(error).__name__}: {error})"
    return None


def forget_earlier_builds(root: Path) -> None:
    """Remove the compiled modules an earlier build left in ``build/lib*``: setuptools copies
    that whole tree into the next wheel, so a module no longer compiled (or a pure build after
    a compiled one) would ship a stale extension that shadows its source."""
    for built in root.glob("build/lib*/**/*.so"):
        built.unlink()


def hidden(modules: list[Any], compiler: str | None = None) -> list[Any]:
    """The compiled modules with :data:`HIDDEN_FLAGS` added to their C flags, unless the
    compiler (``compiler``, by default this machine's) is Microsoft's, whose symbols are
    hidden already.

    >>> from setuptools import Extension
    >>> [m.extra_compile_args for m in hidden([Extension("m", ["m.c"])], "unix")]
    [['-fvisibility=hidden']]
    >>> [m.extra_compile_args for m in hidden([Extension("m", ["m.c"])], "msvc")]
    [[]]
    """
    if compiler is None:
        from setuptools._distutils.ccompiler import get_default_compiler
        compiler = get_default_compiler()
    if compiler != "msvc":
        for module in modules:
            module.extra_compile_args = [*module.extra_compile_args, *HIDDEN_FLAGS]
    return modules


def extensions() -> list[object]:
    """The compiled modules, or none (pure Python) as ``DUELCHECK_COMPILE`` and the machine
    allow."""
    choice = os.environ.get("DUELCHECK_COMPILE", "auto").strip().lower() or "auto"
    if choice not in CHOICES:
        raise SystemExit(f"DUELCHECK_COMPILE={choice!r}: expected one of {', '.join(CHOICES)}")
    commands = set(sys.argv[1:])
    if not commands & BUILDS:
        return []
    root = Path(__file__).resolve().parent
    forget_earlier_builds(root)
    if choice == "0":
        return []
    if choice == "auto" and commands & EDITABLE:
        _say("an editable install is pure Python, so that edits take effect "
             "(DUELCHECK_COMPILE=1 compiles it)")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        why: str | None = "mypyc is not installed (pip install mypy)"
    else:
        why = _c_compiler_works()
    if why is None:
        paths = sorted(str(p.relative_to(root)) for pattern in COMPILED
                       for p in root.glob(pattern))
        try:
            return hidden(list(mypycify([*MYPY_OPTIONS, *paths],
                                        group_name="duelcheck_native")))
        except SystemExit as error:  # mypyc reports type errors and exits
            why = f"mypyc could not compile the modules (exit {error.code})"
    if choice == "1":
        raise SystemExit(f"DUELCHECK_COMPILE=1 but {why}")
    _say(f"building pure Python: {why}")
    return []


if __name__ == "__main__":  # as setuptools runs it (tests import it under another name)
    setup(ext_modules=extensions())

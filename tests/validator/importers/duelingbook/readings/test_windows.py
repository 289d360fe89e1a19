"""Every look-ahead and look-back window of the importer is a named constant of
validator/importers/duelingbook/readings/windows.py that says why it is that long, never a bare
number."""

from __future__ import annotations

import ast

from tests.helpers import ROOT
from validator.importers.duelingbook.readings import windows

IMPORTERS = ROOT / "validator" / "importers" / "duelingbook"


def _bare_windows() -> list[str]:
    found = []
    for path in sorted(IMPORTERS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr == "upcoming" and node.args and \
                    isinstance(node.args[0], ast.Constant):
                found.append(f"{path.name}:{node.lineno}")
            if isinstance(node, ast.Compare) and "cursor" in ast.unparse(node.left) and \
                    any(isinstance(c, ast.Constant) for c in node.comparators):
                found.append(f"{path.name}:{node.lineno}")
    return found


def test_no_window_is_a_bare_number() -> None:
    assert _bare_windows() == []


def test_each_window_says_why() -> None:
    text = (IMPORTERS / "readings" / "windows.py").read_text("utf-8").splitlines()
    names = [n for n in vars(windows) if n.isupper()]
    assert len(names) >= 20
    for name in names:
        line = next(i for i, t in enumerate(text) if t.startswith(f"{name}: Final"))
        assert text[line - 1].startswith("#: "), name

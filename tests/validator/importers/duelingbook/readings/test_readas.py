"""Readings that return a ``ReadAs`` only test: the builder applies what they found in one
place (``GameBuilder.read_as``), so a reading can be tried, and tried in another order,
without changing the game (docs/architecture.md, "Readings as results")."""

from __future__ import annotations

import ast

from tests.helpers import ROOT

IMPORTER = ROOT / "validator" / "importers" / "duelingbook"
#: What changes the game being built: the builder's methods that emit, note, take back...
MUTATORS = frozenset({"emit", "note", "drop", "consume", "annotate", "take_back", "remember",
                      "finish", "apply", "read_as", "rewind_to", "forget_snapshots", "unflip",
                      "field_changed", "life_changed"})
#: ...and what changes a container the builder holds.
CHANGES = frozenset({"append", "extend", "insert", "pop", "clear", "remove", "add", "update",
                     "discard", "setdefault"})


def _rooted_at_builder(node: ast.expr) -> bool:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return isinstance(node, ast.Name) and node.id == "b"


def _changes(function: ast.FunctionDef) -> list[str]:
    found = []
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                _rooted_at_builder(node.func.value) and (
                    node.func.attr in CHANGES or
                    (isinstance(node.func.value, ast.Name) and node.func.attr in MUTATORS)):
            found.append(f"{function.name}:{node.lineno} {ast.unparse(node.func)}()")
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else \
            node.targets if isinstance(node, ast.Delete) else []
        found += [f"{function.name}:{node.lineno} {ast.unparse(t)} =" for t in targets
                  if isinstance(t, (ast.Attribute, ast.Subscript)) and _rooted_at_builder(t)]
    return found


def _readings() -> dict[str, ast.FunctionDef]:
    out = {}
    for path in sorted(IMPORTER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.returns is not None and \
                    "ReadAs" in ast.unparse(node.returns):
                out[f"{path.relative_to(IMPORTER)}:{node.name}"] = node
    return out


def test_a_reading_that_returns_what_it_found_changes_nothing() -> None:
    readings = _readings()
    assert len(readings) >= 9, sorted(readings)
    assert [change for f in readings.values() for change in _changes(f)] == []


def test_the_check_sees_a_change() -> None:
    tree = ast.parse("def r(b):\n    b.consume(3)\n    b.materials.sends.clear()\n"
                     "    b.turn.phase = 'x'\n    del b.placed[1]\n    return None\n")
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    assert len(_changes(function)) == 4

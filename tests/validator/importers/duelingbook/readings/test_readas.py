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


def _functions() -> dict[str, ast.FunctionDef]:
    """Every module-level function of the importer's readings and board, by
    ``module:name``."""
    out = {}
    for path in sorted(IMPORTER.rglob("*.py")):
        if path.name == "builder.py":
            continue  # the builder's own methods are the mutators named above
        for node in ast.parse(path.read_text("utf-8")).body:
            if isinstance(node, ast.FunctionDef):
                out[f"{path.relative_to(IMPORTER)}:{node.name}"] = node
    return out


def _readings() -> dict[str, ast.FunctionDef]:
    return {key: node for key, node in _functions().items()
            if node.returns is not None and "ReadAs" in ast.unparse(node.returns)}


def _called(function: ast.FunctionDef) -> set[str]:
    """The names of the functions a function calls (``f(...)``, ``module.f(...)``)."""
    found = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                found.add(node.func.id)
            elif isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) \
                    and node.func.value.id != "b":
                found.add(node.func.attr)
    return found


def _mutating() -> set[str]:
    """The names of the importer's functions that change the builder, themselves or through
    a function they call (a name any module defines so counts for all: the check errs on
    the safe side)."""
    functions = _functions()
    by_name: dict[str, list[ast.FunctionDef]] = {}
    for key, node in functions.items():
        by_name.setdefault(key.rsplit(":", 1)[1], []).append(node)
    changing = {name for name, nodes in by_name.items() if any(_changes(n) for n in nodes)}
    while True:
        more = {name for name, nodes in by_name.items() if name not in changing and
                any(_called(n) & changing for n in nodes)}
        if not more:
            return changing
        changing |= more


def test_a_reading_that_returns_what_it_found_changes_nothing() -> None:
    readings = _readings()
    assert len(readings) >= 9, sorted(readings)
    assert [change for f in readings.values() for change in _changes(f)] == []


def test_nor_does_anything_it_calls() -> None:
    mutating = _mutating()
    assert {"ensure_phase", "settle_rewound"} <= mutating  # (the check sees through calls)
    calls = {key: sorted(_called(f) & mutating) for key, f in _readings().items()}
    assert {key: names for key, names in calls.items() if names} == {}


def test_the_check_sees_a_change() -> None:
    tree = ast.parse("def r(b):\n    b.consume(3)\n    b.materials.sends.clear()\n"
                     "    b.turn.phase = 'x'\n    del b.placed[1]\n    return None\n")
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    assert len(_changes(function)) == 4

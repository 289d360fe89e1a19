"""Readings that return a ``ReadAs`` only test: the builder applies what they found in one
place (``GameBuilder.read_as``), so a reading can be tried, and tried in another order,
without changing the game (docs/architecture.md, "Readings as results")."""

from __future__ import annotations

import ast
from typing import Any

from tests.helpers import ROOT
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cards import Knowledge
from validator.importers.duelingbook.kinds import NAMES
from validator.importers.duelingbook.readings.result import Changes, Emit, ReadAs, seq

IMPORTER = ROOT / "validator" / "importers" / "duelingbook"
#: What changes the game being built: the builder's methods that emit, note, take back...
MUTATORS = frozenset({"emit", "_emit", "note", "drop", "consume", "annotate", "take_back",
                      "remember", "finish", "apply", "read_as", "rewind_to", "forget_snapshots",
                      "next_turn", "audit_lp", "field_changed"})
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


def test_a_handler_only_applies_what_readings_found() -> None:
    # Every change a reading module makes goes through GameBuilder.read_as: the one place a
    # play's actions, consumed plays, notes and state take effect (docs/architecture.md).
    changes = {key: [c for c in _changes(f) if not c.endswith(" b.read_as()")]
               for key, f in _functions().items() if key.startswith("readings/")}
    assert {key: found for key, found in changes.items() if found} == {}


def test_read_as_applies_a_result_and_what_follows_it_in_order() -> None:
    pick: dict[str, Any] = {"play": "Pick first", "order": ["a", "b"]}
    builder = GameBuilder(1, ["a", "b"], [pick], Knowledge({}), {}, None, {}, {}, NAMES)
    first = Emit("phase", "p1", {"to": "standby"}, phase_left=True)
    found = seq(ReadAs("phase.entered-again", "first", actions=(first,)),
                ReadAs("phase.buttons-catch-up",
                       "then",
                       changes=Changes(lp_change=("p2", -500))))
    assert builder.read_as(pick, found) is True
    assert builder.read_as(pick, None) is False
    assert [a["to"] for a in builder.actions if a["type"] == "phase"][-1] == "standby"
    assert builder.turn.phase == "standby" and builder.lp["p2"] == 7500
    assert [n.reading for n in builder.game.notes][-2:] == ["phase.entered-again",
                                                            "phase.buttons-catch-up"]
    assert builder.rewinds.snapshots[-1].phase == "draw"  # the phase left, for rewinds


def test_the_check_sees_a_change() -> None:
    tree = ast.parse("def r(b):\n    b.consume(3)\n    b.materials.sends.clear()\n"
                     "    b.turn.phase = 'x'\n    del b.placed[1]\n    return None\n")
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    assert len(_changes(function)) == 4

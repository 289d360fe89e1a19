"""The packages' shape (docs/architecture.md): no import cycles, imports only downward between
layers, and a ruleset asked for its flags, never compared by name, outside ``rulesets``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.helpers import ROOT

PACKAGES = ("validator", "api", "duelcheck", "carddb", "decklists")
#: What each top-level package may import of the others (validator is the library; the
#: builders of its data stand on it, the deck lists' builder on the card database's source
#: readers too; the HTTP service stands on it; the command line is the face over
#: both, and runs the service for ``duelcheck serve``).
MAY_IMPORT = {"validator": set(), "carddb": {"validator"}, "decklists": {"validator", "carddb"},
              "api": {"validator"}, "duelcheck": {"validator", "api"}}
#: Imports of the command line from the service, each with why; the list only shrinks.
FACE_ON_SERVICE = {
    ("duelcheck.cli", "api"): "duelcheck serve runs the service's app",
    ("duelcheck.cli", "api.server"): "duelcheck serve runs gunicorn with the service's settings",
}


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _from(name: str, path: Path, node: ast.ImportFrom) -> str:
    """The module a ``from ... import`` in module ``name`` (at ``path``) imports from."""
    base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    base = base[:len(base) - node.level + 1] if node.level else []
    return ".".join([*base, *([node.module] if node.module else [])])


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project's modules ``name`` imports (anywhere in it, but under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text("utf-8"))
    typing_only = {id(node) for test in ast.walk(tree) if isinstance(test, ast.If) and
                   "TYPE_CHECKING" in ast.unparse(test.test) for node in ast.walk(test)}
    out = set()
    for node in ast.walk(tree):
        if id(node) in typing_only or not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        targets = [alias.name for alias in node.names]
        if isinstance(node, ast.ImportFrom):
            module = _from(name, path, node)
            targets = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in modules else module
                       for alias in node.names]
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


GRAPH = {name: _imports(name, path, _modules()) for name, path in _modules().items()}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _privates_used(name: str, path: Path, source: str, modules: set[str]) -> list[str]:
    """The private names (a leading underscore, not a dunder) of the project's other modules
    that module ``name`` imports or reads as an attribute of a module it imported."""
    tree = ast.parse(source)
    bound: dict[str, str] = {}  # local name -> the project module it is
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = _from(name, path, node)
            for alias in node.names:
                if module.split(".")[0] in PACKAGES and module != name and _private(alias.name):
                    found.append(f"{name}:{node.lineno} {module}.{alias.name}")
                if f"{module}.{alias.name}" in modules:
                    bound[alias.asname or alias.name] = f"{module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in modules:
                    bound[alias.asname] = alias.name
                elif alias.name.split(".")[0] in modules:
                    bound[alias.name.split(".")[0]] = alias.name.split(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            head, _, rest = ast.unparse(node.value).partition(".")
            module = ".".join(filter(None, [bound.get(head, ""), rest]))
            if module in modules and module != name:
                found.append(f"{name}:{node.lineno} {module}.{node.attr}")
    return found


def test_the_private_name_finder_finds_them() -> None:
    source = ("from validator.engine.duel import _private, public\n"
              "from . import _sibling\n"
              "import validator.engine.duel as duel\n"
              "import validator.engine\n"
              "duel._helper, validator.engine.duel._other, duel.__name__, duel.fine\n")
    modules = {"validator", "validator.engine", "validator.engine.duel", "validator.engine.x"}
    assert _privates_used("validator.engine.x", Path("x.py"), source, modules) == [
        "validator.engine.x:1 validator.engine.duel._private",
        "validator.engine.x:2 validator.engine._sibling",
        "validator.engine.x:5 validator.engine.duel._helper",
        "validator.engine.x:5 validator.engine.duel._other"]


def test_no_module_uses_another_modules_private_names() -> None:
    """A name with a leading underscore is its own module's: a module that needs another's
    helper gets it under a public name, with its docstring and example, or the helper moves
    to the module that calls it (docs/architecture.md)."""
    modules = _modules()
    assert [used for name, path in modules.items()
            for used in _privates_used(name, path, path.read_text("utf-8"), set(modules))] == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_imports_itself_back() -> None:
    assert _cycles(GRAPH) == []


def test_imports_go_down_the_layers_only() -> None:
    across = sorted((name, target) for name, targets in GRAPH.items() for target in targets
                    if target.split(".")[0] != name.split(".")[0] and
                    target.split(".")[0] not in MAY_IMPORT[name.split(".")[0]])
    assert across == []
    face = {(name, target) for name, targets in GRAPH.items() for target in targets
            if name.startswith("duelcheck") and target.split(".")[0] == "api"}
    assert face == set(FACE_ON_SERVICE)


def test_a_ruleset_is_asked_for_its_flags_not_compared_by_name() -> None:
    compared = re.compile(r"""(?:==|!=)\s*["'](?:classic|advanced)["']|["'](?:classic|advanced)"""
                          r"""["']\s*(?:==|!=)""")
    found = [f"{path.relative_to(ROOT)}:{n}" for name, path in _modules().items()
             if name != "validator.rules.rulesets"
             for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
             if compared.search(line) and ">>>" not in line and "key ==" not in line]
    assert found == []


def test_no_test_module_imports_another() -> None:
    """What tests share lives in helper modules and conftest.py fixtures: a test module that
    imports another runs that one's tests' module-level work and ties the two together."""
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = ([node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
                     if isinstance(node, ast.ImportFrom) else
                     [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            if any(n.startswith("tests.") and n.rpartition(".")[2].startswith("test_")
                   for n in names):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []

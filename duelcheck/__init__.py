"""duelcheck: a judge in software for Yu-Gi-Oh! TCG duel logs.

The package users meet: ``duelcheck`` on the command line (:mod:`duelcheck.cli`),
``python -m duelcheck``, the version, and the rules library's public names.

>>> import duelcheck
>>> duelcheck.validate({"cards": {}, "actions": [{"type": "draw", "player": "p1"}]}).legal
True
>>> duelcheck.__version__ == version("duelcheck")
True
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from validator import (
    Action,
    Card,
    Document,
    DocumentError,
    Duel,
    IllegalActionError,
    RuleDoc,
    Verdict,
    Violation,
    legal_actions,
    list_legal_actions,
    load_document,
    replay,
    rules,
    validate,
)

try:
    __version__: str = version("duelcheck")
except PackageNotFoundError:  # pragma: no cover - run from a source tree that is not installed
    __version__ = "0+unknown"

__all__ = ["Action", "Card", "Document", "DocumentError", "Duel", "IllegalActionError",
           "RuleDoc", "Verdict", "Violation", "__version__", "legal_actions",
           "list_legal_actions", "load_document", "replay", "rules", "validate"]

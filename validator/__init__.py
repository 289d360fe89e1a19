"""duelcheck's rules engine: judge a Yu-Gi-Oh! TCG duel document.

>>> from validator import validate
>>> validate({"cards": {}, "actions": [{"type": "draw", "player": "p1"}]}).legal
True
"""

from __future__ import annotations

from validator.document.model import Action, Card, Document
from validator.document.verdict import Verdict, Violation
from validator.engine.duel import (
           Duel,
           legal_actions,
           list_legal_actions,
           load_document,
           replay,
           validate,
)
from validator.errors import DocumentError, IllegalActionError
from validator.rules.catalog import RuleDoc, rules

__all__ = ["Action", "Card", "Document", "DocumentError", "Duel", "IllegalActionError",
           "RuleDoc", "Verdict", "Violation", "legal_actions", "list_legal_actions",
           "load_document", "replay", "rules", "validate"]

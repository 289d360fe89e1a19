"""duelcheck's rules engine: judge a Yu-Gi-Oh! TCG duel document.

>>> from validator import validate
>>> validate({"cards": {}, "actions": [{"type": "draw", "player": "p1"}]}).legal
True
"""

from __future__ import annotations

from .catalog import RuleDoc, rules
from .engine import Duel, legal_actions, list_legal_actions, load_document, replay, validate
from .errors import DocumentError, IllegalActionError
from .model import Action, Card, Document
from .verdict import Verdict, Violation

__all__ = ["Action", "Card", "Document", "DocumentError", "Duel", "IllegalActionError",
           "RuleDoc", "Verdict", "Violation", "legal_actions", "list_legal_actions",
           "load_document", "replay", "rules", "validate"]

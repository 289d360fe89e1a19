"""The deck check's golden cases (specs/decks/, one file a finding id), as the tests of the
library and of the HTTP API read them."""

from __future__ import annotations

import json
from typing import Any

from tests.helpers import ROOT

DECKS = ROOT / "specs" / "decks"
IDS = ("deck.forbidden", "deck.over-limit", "deck.not-in-pool", "deck.size", "deck.copies")


def golden() -> list[tuple[str, dict[str, Any]]]:
    """Every case of every file, as ``(file id, case)``."""
    out = []
    for path in sorted(DECKS.glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        out += [(data["id"], case) for case in data["cases"]]
    return out


def short(answer: dict[str, Any]) -> list[dict[str, Any]]:
    """A check's findings as the golden cases write them."""
    return [{"id": f["id"], "card": f["card"]["name"] if f["card"] else None,
             "count": f["count"], "allowed": f["allowed"],
             **({"deck": f["deck"]} if "deck" in f else {})} for f in answer["findings"]]

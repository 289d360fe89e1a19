"""The rule catalog: ``specs/rules.toml`` (installed as ``validator.specs``), loaded once.

Each entry: ``id``, ``title``, ``text`` (what the rule says, in our words), ``why``,
``source`` (seed file and section) and ``example``. The order of the file is the order of §4
of the contract, which breaks ties of precedence within a group.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import asdict, dataclass
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True, slots=True)
class RuleDoc:
    """One rule of the catalog."""

    id: str
    title: str
    text: str
    why: str
    source: str
    example: str

    def to_dict(self) -> dict[str, Any]:
        """The entry as JSON-ready data.

        >>> rules()["duel.over"].to_dict()["id"]
        'duel.over'
        """
        return asdict(self)


@cache
def rules() -> dict[str, RuleDoc]:
    """Every rule of the catalog by id, in catalog order.

    >>> "summon.normal-once" in rules()
    True
    """
    raw = resources.files("validator.specs").joinpath("rules.toml").read_text("utf-8")
    return {entry["id"]: RuleDoc(**entry) for entry in tomllib.loads(raw)["rule"]}


@cache
def golden_cases() -> dict[str, list[dict[str, Any]]]:
    """The golden cases of ``specs/cases`` by rule id (``_engine`` for the engine's cases).

    >>> any(c["expect"]["legal"] for c in golden_cases()["hand.limit"])
    True
    """
    folder = resources.files("validator.specs").joinpath("cases")
    out: dict[str, list[dict[str, Any]]] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            out[entry.name.removesuffix(".json")] = json.loads(entry.read_text("utf-8"))["cases"]
    return out


#: The groups of §4, first reported first: who may act, when, with what card, the limits.
_GROUPS: tuple[tuple[str, ...], ...] = (
    ("duel.over", "turn.not-turn-player"),
    ("turn.", "phase.", "draw.", "card.set-this-turn", "chain."),
    ("card.", "trap.from-hand"),
)


def precedence(rule_id: str) -> tuple[int, int]:
    """Sort key of a rule id: its §4 group, then its place in the catalog.

    >>> precedence("turn.not-turn-player") < precedence("turn.phase-order")
    True
    >>> precedence("card.set-this-turn") < precedence("card.not-in-hand")
    True
    """
    order = list(rules())
    for group, prefixes in enumerate(_GROUPS):
        if any(rule_id == p or (p.endswith(".") and rule_id.startswith(p)) for p in prefixes):
            return group, order.index(rule_id)
    return len(_GROUPS), order.index(rule_id)


def markdown() -> str:
    """The catalog as a Markdown page (``docs/rules.md`` is generated from it).

    >>> markdown().startswith("# Rule catalog")
    True
    """
    lines = ["# Rule catalog", "",
             "Generated from `specs/rules.toml` by `duelcheck rules --format markdown`; "
             "do not edit by hand.", "",
             "Where one action breaks several rules, the first in this order is reported: "
             "who may act, when, with what card, then the limits (contract §4).", ""]
    for rule in rules().values():
        lines += [f"## `{rule.id}`: {rule.title}", "", rule.text.strip(), "",
                  f"*Why:* {rule.why.strip()}", "", f"*Example:* {rule.example.strip()}", "",
                  f"*Source:* {rule.source.strip()}", ""]
    return "\n".join(lines)

"""Builders for small duel documents in unit tests."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from validator import Verdict, validate
from validator.synth import legal_duel

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CASES = ROOT / "specs" / "cases"
CORPUS = SHARED / "data" / "duelingbook"

CARDS: dict[str, dict[str, Any]] = {
    "gemini": {"name": "Gemini Elf", "kind": "monster", "level": 4},
    "vorse": {"name": "Vorse Raider", "kind": "monster", "level": 4},
    "lady": {"name": "D.D. Warrior Lady", "kind": "monster", "level": 4},
    "jar": {"name": "Morphing Jar", "kind": "monster", "level": 2},
    "sangan": {"name": "Sangan", "kind": "monster", "level": 3, "effect": "trigger"},
    "kuriboh": {"name": "Kuriboh", "kind": "monster", "level": 1, "effect": "quick"},
    "ignis": {"name": "Ignition Beast", "kind": "monster", "level": 4, "effect": "ignition"},
    "tok": {"name": "Sheep Token", "kind": "monster", "level": 1, "token": True},
    "skull": {"name": "Summoned Skull", "kind": "monster", "level": 6},
    "dm": {"name": "Dark Magician", "kind": "monster", "level": 7},
    "pot": {"name": "Pot of Greed", "kind": "spell", "subtype": "normal"},
    "coh": {"name": "Change of Heart", "kind": "spell", "subtype": "normal"},
    "mst": {"name": "Mystical Space Typhoon", "kind": "spell", "subtype": "quick_play"},
    "axe": {"name": "Axe of Despair", "kind": "spell", "subtype": "equip"},
    "burial": {"name": "Premature Burial", "kind": "spell", "subtype": "equip"},
    "forest": {"name": "Forest", "kind": "spell", "subtype": "field"},
    "messenger": {"name": "Messenger of Peace", "kind": "spell", "subtype": "continuous",
                  "phase_effect": "standby"},
    "curse": {"name": "End Curse", "kind": "trap", "subtype": "continuous",
              "phase_effect": "end"},
    "mirror": {"name": "Mirror Force", "kind": "trap", "subtype": "normal"},
    "solemn": {"name": "Solemn Judgment", "kind": "trap", "subtype": "counter"},
    "wall": {"name": "Magic Cylinder", "kind": "trap", "subtype": "normal"},
}


def act(kind: str, player: str = "p1", **fields: Any) -> dict[str, Any]:
    """One action object."""
    return {"type": kind, "player": player, **fields}


def opening(player: str = "p1") -> list[dict[str, Any]]:
    """Draw, Standby Phase, Main Phase 1."""
    return [act("draw", player), act("phase", player, to="standby"),
            act("phase", player, to="main1")]


def to_battle(player: str = "p1") -> list[dict[str, Any]]:
    """Draw, Standby Phase, Main Phase 1, Battle Phase."""
    return [*opening(player), act("phase", player, to="battle")]


def document(actions: list[dict[str, Any]], p1: dict[str, Any] | None = None,
             p2: dict[str, Any] | None = None, **top: Any) -> dict[str, Any]:
    """A document with the cards of the shared table that its setup and actions mention."""
    setup = {"p1": p1 or {}, "p2": p2 or {}}
    used: set[str] = set()
    _mentions([setup, actions], used)
    return {"cards": {cid: CARDS[cid] for cid in CARDS if cid in used}, "setup": setup,
            "actions": actions, **top}


def _mentions(obj: Any, used: set[str]) -> None:
    if isinstance(obj, dict):
        for value in obj.values():
            _mentions(value, used)
    elif isinstance(obj, list):
        for value in obj:
            _mentions(value, used)
    elif isinstance(obj, str) and obj in CARDS:
        used.add(obj)


def judge(actions: list[dict[str, Any]], p1: dict[str, Any] | None = None,
          p2: dict[str, Any] | None = None, **top: Any) -> Verdict:
    """Validate a document built by :func:`document`."""
    return validate(document(actions, p1, p2, **top))


def broken(verdict: Verdict) -> tuple[int, str] | None:
    """``(index, rule)`` of the verdict's violation, or None when legal."""
    v = verdict.violation
    return None if v is None else (v.index, v.rule)


def mon(card: str, position: str = "attack") -> dict[str, str]:
    """A Monster Zone entry of setup."""
    return {"card": card, "position": position}


def st(card: str, face_up: bool = False) -> dict[str, Any]:
    """A Spell & Trap Zone entry of setup."""
    return {"card": card, "face_up": face_up}


def load_cases() -> list[tuple[str, dict[str, Any]]]:
    """Every golden case as ``(file stem, case)``."""
    out = []
    for path in sorted(CASES.glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        out += [(path.stem, case) for case in data["cases"]]
    return out


Edge = tuple[str, list[dict[str, Any]], dict[str, Any], "tuple[int, str] | None"]


def check_edge(actions: list[dict[str, Any]], setup: dict[str, Any],
               expected: tuple[int, str] | None) -> None:
    """Assert the first violation of a document (setup holds p1, p2 and top-level keys)."""
    top = {k: v for k, v in setup.items() if k not in ("p1", "p2")}
    verdict = judge(actions, setup.get("p1"), setup.get("p2"), **top)
    assert broken(verdict) == expected, verdict.violation and verdict.violation.message


@cache
def corpus() -> list[tuple[str, dict[str, Any]]]:
    """Every game of the real Duelingbook matches in ../shared that the importer reads, as
    ``(file#game, document)``; empty when ../shared is not beside the repository. (A match
    the importer cannot read yet is left out: its own tests cover the importer.)"""
    from validator.importers.duelingbook.replay import ReplayError, load_replay

    out = []
    for path in sorted(CORPUS.glob("*.json")):
        try:
            games = load_replay(path.read_bytes())
        except ReplayError as exc:
            import warnings

            warnings.warn(f"corpus: {path.name} left out, the importer cannot read it: {exc}",
                          stacklevel=2)
            continue
        out += [(f"{path.stem}#game{game.number}", game.document) for game in games]
    return out


def needs_corpus() -> Any:
    """A pytest mark that skips a test when the Duelingbook corpus is not in ../shared."""
    import pytest

    return pytest.mark.skipif(not corpus(),
                              reason=f"no Duelingbook match in {CORPUS} (../shared is not "
                                     f"beside the repository)")


def duels() -> list[dict[str, Any]]:
    """Legal duels and duels broken at different places by different rules."""
    out = []
    for n in range(40):
        doc = legal_duel(2 + n % 5, seed=n)
        if n % 3:
            cut = len(doc["actions"]) * (n % 7 + 1) // 8
            bad = {"type": "normal_summon", "player": "p2", "card": f"m{1 + n % 2}"}
            doc = {**doc, "actions": [*doc["actions"][:cut], bad, *doc["actions"][cut:]]}
        out.append(doc)
    return out


def crafted_position() -> dict[str, Any]:
    """An empty duel's state whose this_turn records disagree with their indexes: monster x
    declared an attack at y, neither known (schemathesis found it: a 500 before)."""
    state = validate({"cards": {}}).state
    state["this_turn"]["declared"] = {"x": ["y"]}
    state["this_turn"]["indexes"]["declared"] = {"x": 0}
    return {"cards": {}, "position": state}

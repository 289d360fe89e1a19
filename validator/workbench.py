"""Data for the judge's workbench: imported games as JSON, and a game's part of a report.

The page and the report draw boards from these (api/static/board.js); nothing here is HTML.

>>> game = game_report({"cards": {}, "actions": [{"type": "phase", "player": "p1", "to": "end"}]},
...                    "duel.json")
>>> game["verdict"]["violation"]["rule"], game["attempted"]["phase"]
('turn.phase-order', 'end')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .catalog import rules
from .engine import load_document
from .importers.duelingbook import Game, format_name
from .model import EFFECT_PLACES, Card, Document
from .steps import trace


def game_json(game: Game) -> dict[str, Any]:
    """One imported game as ``POST /v1/import/duelingbook`` answers it.

    >>> from validator.importers.duelingbook import import_replay
    >>> replay = {"plays": [{"play": "Pick first", "username": "ann", "order": ["ann", "bo"]}]}
    >>> g = game_json(import_replay(replay)[0])
    >>> g["game"], g["players"], g["format_name"], g["document"]["source"]["from"]
    (1, {'p1': 'ann', 'p2': 'bo'}, 'format unknown', 'duelingbook')
    """
    return {"game": game.number, "players": dict(game.players), "format": game.format,
            "format_name": format_name(game.format, game.card_pool), "stopped": game.stopped,
            "notes": list(game.notes), "document": game.document}


def card_json(card: Card) -> dict[str, Any]:
    """A loaded card back as the document's JSON (the fields it has).

    >>> card_json(Card("dm", "monster", level=7, atk=2500, name="Dark Magician"))
    {'kind': 'monster', 'level': 7, 'atk': 2500, 'effect': 'none', 'name': 'Dark Magician'}
    """
    out: dict[str, Any] = {"kind": card.kind}
    for key, value in (("level", card.level), ("atk", card.atk), ("def", card.def_),
                       ("subtype", card.subtype), ("effect", card.effect),
                       ("phase_effect", card.phase_effect), ("owner", card.owner),
                       ("name", card.name)):
        if value is not None:
            out[key] = value
    if card.token:
        out["token"] = True
    for key, value in (("passcode", card.passcode), ("link", card.link),
                       ("scale", card.scale)):
        if value is not None:
            out[key] = value
    if card.tributes is not None:
        out["tributes"] = list(card.tributes)
    if not card.normal_summon:
        out["normal_summon"] = False
    for key, flag in (("gemini", card.gemini), ("pendulum", card.pendulum)):
        if flag:
            out[key] = True
    if card.effects is not None:
        out["effects"] = [{"kind": e.kind, "from": sorted(e.places, key=EFFECT_PLACES.index)}
                          for e in card.effects]
    if card.grants:
        out["grants"] = list(card.grants)
    if card.link_arrows:
        out["link_arrows"] = list(card.link_arrows)
    return out


def game_report(document: Mapping[str, Any] | str | bytes | Document,
                label: str) -> dict[str, Any]:
    """One game of a judge's report: its cards, actions (with their log lines), source,
    verdict, the rule it breaks and the board after the illegal step as the log has it.

    The board before the illegal step is the verdict's ``state``. Raises
    :class:`validator.DocumentError` for a malformed document.

    >>> game_report({"cards": {}}, "empty.json")["verdict"]["legal"]
    True
    """
    doc = document if isinstance(document, Document) else load_document(document)
    judged = trace(doc, keep_states=False)
    verdict = judged.verdict.to_dict()
    violation = judged.verdict.violation
    return {"label": label, "source": doc.source,
            "cards": {cid: card_json(card) for cid, card in doc.cards.items()},
            "actions": [action.raw for action in doc.actions], "verdict": verdict,
            "attempted": judged.attempted,
            "rule": rules()[violation.rule].to_dict() if violation else None}


def malformed_report(label: str, errors: Mapping[str, Any]) -> dict[str, Any]:
    """A game of a report that could not be judged: its document errors, keyed by path.

    >>> malformed_report("x.json", {"cards": ["Missing data for required field."]})["errors"]
    {'cards': ['Missing data for required field.']}
    """
    return {"label": label, "errors": dict(errors)}


def game_label(source: dict[str, Any] | None, fallback: str) -> str:
    """How a report names one game: number, usernames and format for an imported one.

    >>> game_label({"from": "duelingbook", "game": 2, "format": "gu",
    ...             "players": {"p1": "ann", "p2": "bo"}}, "x")
    'Game 2: ann (p1) vs bo (p2), Goat'
    >>> game_label(None, "duel.json")
    'duel.json'
    """
    if not source or not isinstance(source.get("players"), dict):
        return fallback
    who = source["players"]
    fmt = format_name(source.get("format"), source.get("card_pool"))
    return (f"Game {source.get('game', '?')}: {who.get('p1', 'p1')} (p1) vs "
            f"{who.get('p2', 'p2')} (p2), {fmt}")

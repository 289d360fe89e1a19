"""Data for the judge's workbench: imported games as JSON, and a game's part of a report.

The page and the report draw boards from these (validator/teaching/assets/board.js); nothing
here is HTML.

>>> game = game_report({"cards": {}, "actions": [{"type": "phase", "player": "p1", "to": "end"}]},
...                    "duel.json")
>>> game["verdict"]["violation"]["rule"], game["attempted"]["phase"]
('turn.phase-order', 'end')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from validator.document.model import Document
from validator.engine.duel import load_document
from validator.importers.duelingbook.replay import Game, format_name
from validator.rules.catalog import rules
from validator.teaching.steps import trace


def game_json(game: Game) -> dict[str, Any]:
    """One imported game as ``POST /v1/import/duelingbook`` answers it.

    >>> from validator.importers.duelingbook.replay import import_replay
    >>> replay = {"plays": [{"play": "Pick first", "username": "ann", "order": ["ann", "bo"]}]}
    >>> g = game_json(import_replay(replay)[0])
    >>> g["game"], g["players"], g["format_name"], g["document"]["source"]["from"]
    (1, {'p1': 'ann', 'p2': 'bo'}, 'format unknown', 'duelingbook')
    """
    return {"game": game.number, "players": dict(game.players), "format": game.format,
            "format_name": format_name(game.format, game.card_pool), "stopped": game.stopped,
            "notes": [note.to_dict() for note in game.notes], "document": game.document}


def game_report(document: Mapping[str, Any] | str | bytes | Document,
                label: str) -> dict[str, Any]:
    """One game of a judge's report: its cards, actions (with their log lines), source, the
    ruleset that judges it, verdict, the rule it breaks and the board after the illegal step
    as the log has it.

    The board before the illegal step is the verdict's ``state``. Raises
    :class:`validator.DocumentError` for a malformed document.

    >>> game_report({"cards": {}}, "empty.json")["verdict"]["legal"]
    True
    """
    doc = document if isinstance(document, Document) else load_document(document)
    judged = trace(doc, keep_states=False)
    verdict = judged.verdict.to_dict()
    violation = judged.verdict.violation
    return {"label": label, "source": doc.source, "ruleset": doc.ruleset,
            "cards": judged.cards,
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
    fmt = f"EDOPro {source.get('edopro_version')}" if source.get("from") == "edopro" else \
        format_name(source.get("format"), source.get("card_pool"))
    return (f"Game {source.get('game', '?')}: {who.get('p1', 'p1')} (p1) vs "
            f"{who.get('p2', 'p2')} (p2), {fmt}")


_PLAYER_ID = re.compile(r"\b(p1|p2)\b")


def name_players(text: str, players: Mapping[str, Any] | None) -> str:
    """A message with each player named by username where the log gives one, as a judge
    reads it: ``p2`` becomes ``Galapagos1 (p2)``.

    >>> name_players("p2 already Normal Summoned (action 39).", {"p1": "ann", "p2": "bo"})
    'bo (p2) already Normal Summoned (action 39).'
    >>> name_players("p1 cannot attack.", None)
    'p1 cannot attack.'
    """
    if not players:
        return text

    def named(found: re.Match[str]) -> str:
        name = players.get(found[1])
        return f"{name} ({found[1]})" if isinstance(name, str) and name else found[1]
    return _PLAYER_ID.sub(named, text)


def log_ends_early(source: Mapping[str, Any] | None, verdict: Mapping[str, Any]) -> bool:
    """Whether an imported game's log ends before the game does: every action legal, no
    outcome, and no import stop to explain it (a game played to its end has a winner).

    >>> log_ends_early({"from": "duelingbook"}, {"legal": True, "outcome": None})
    True
    >>> log_ends_early(None, {"legal": True, "outcome": None})  # a document: it may go on
    False
    """
    return bool(source and source.get("from") and not source.get("stopped")
                and verdict.get("legal") and verdict.get("outcome") is None)


#: What a game whose log ends before the game does is told, after its verdict.
LOG_ENDS_EARLY = "the log ends before the game does: no one has won yet"


def readings(actions: list[Any]) -> list[tuple[int, dict[str, Any]]]:
    """The importer's readings of a game: ``(index, log)`` of each action whose log line has
    a note (an effect that explains a play, a slip fixed...) or that the importer implied
    (a phase the log skipped).

    >>> readings([{"log": {"text": "a"}}, {"log": {"text": "b", "note": "by an effect"}},
    ...           {"log": {"implied": True}}, "junk"])
    [(1, {'text': 'b', 'note': 'by an effect'}), (2, {'implied': True})]
    """
    out = []
    for i, action in enumerate(actions):
        log = action.get("log") if isinstance(action, dict) else None
        if isinstance(log, dict) and (log.get("note") or log.get("implied")):
            out.append((i, log))
    return out


def replay_reason(reason: str) -> str:
    """Why a file is not a replay that can be imported, said once.

    >>> replay_reason("not a Duelingbook replay: expected an object with a plays list")
    'not a Duelingbook replay: expected an object with a plays list'
    >>> replay_reason("the replay holds no game")
    'not an importable Duelingbook replay: the replay holds no game'
    """
    if reason.startswith("not a Duelingbook replay"):
        return reason
    return f"not an importable Duelingbook replay: {reason}"

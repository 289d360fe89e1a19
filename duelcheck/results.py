"""One duel judged for the command line: its :class:`Result` (the verdict or the document's
errors, with what an importer said of it) and the text format's lines for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from validator.decks.replay import check_replay
from validator.document.jsontext import loads
from validator.engine.duel import validate
from validator.errors import DocumentError, flatten_errors
from validator.importers.duelingbook.readings.catalog import note_object, readings_used
from validator.importers.duelingbook.replay import format_name
from validator.rules.checks.turn import phase_name
from validator.teaching.workbench import (
    LOG_ENDS_EARLY,
    game_label,
    game_report,
    log_ends_early,
    malformed_report,
    name_players,
    readings,
)

from .inputs import Item
from .text import Kind, printable


@dataclass(frozen=True, slots=True)
class Result:
    """The verdict of one duel (``verdict``), or its document errors (``errors``), with the
    notes an importer left in the document's ``source`` and the readings it made of its
    plays (``readings``: each action's index and log line)."""

    source: str
    verdict: dict[str, Any] | None = None
    errors: dict[str, Any] | None = None
    notes: tuple[dict[str, Any], ...] = ()  # {"reading", "text", "at"} (docs/duelingbook.md)
    players: dict[str, str] | None = None
    imported: dict[str, Any] | None = None  # an importer's format, stop and unmodelled rules
    report: dict[str, Any] | None = None  # the game's part of a judge's report (--format html)
    decks: dict[str, Any] | None = None  # a replay's last game: the match's deck check
    readings: tuple[tuple[int, dict[str, Any]], ...] = ()
    unreadable: bool = False  # no text at all: not read, or not a replay that imports

    @property
    def not_judged(self) -> str | None:
        """Why a replay gets no verdict (a game other than the TCG), or None."""
        reasons = (self.errors or {}).get("_not_judged")
        return str(reasons[0]) if isinstance(reasons, list) and reasons else None

    @property
    def stopped(self) -> str | None:
        """Where and why the import of this game stopped, if it did."""
        return (self.imported or {}).get("stopped")


def judge(item: Item, report: bool = False, deck_format: str | None = None) -> Result:
    """Validate one item (run in worker processes with ``--jobs``); with ``report``, also
    gather the game's part of a judge's report. A replay's last game also carries the
    match's deck check (against ``deck_format``, else the replay's own format).

    >>> judge(Item("x", '{"cards": {}}')).verdict["legal"]
    True
    >>> judge(Item("x", '{"cards": {}}'), report=True).report["label"]
    'x'
    """
    decks = check_replay(item.decks, deck_format) if item.decks is not None else None
    if item.text is None or item.not_judged:
        errors = {"_not_judged" if item.not_judged else "_file": [item.error or "unreadable"]}
        return Result(item.source, errors=errors, unreadable=True,
                      report=malformed_report(item.source, errors) if report else None)
    try:
        data = loads(item.text)
    except (ValueError, RecursionError):
        data = item.text  # validate() words the JSON error
    source = data.get("source") if isinstance(data, dict) else None
    source = source if isinstance(source, dict) else {}
    given = source.get("notes")  # source is free-form: only a list of notes is shown
    notes = tuple(note_object(n) for n in given) if isinstance(given, list) else ()
    players = source.get("players") if isinstance(source.get("players"), dict) else None
    imported = {k: source[k] for k, kind in (("format", str), ("card_pool", str),
                                              ("stopped", str), ("unmodelled", dict),
                                              ("edopro_version", str))
                if isinstance(source.get(k), kind)} if source.get("from") else None
    if imported is not None:  # the ruleset that judged it (the document's, classic by default)
        given = data.get("ruleset") if isinstance(data, dict) else None
        imported["ruleset"] = given if isinstance(given, str) else "classic"
    actions = data.get("actions") if isinstance(data, dict) else None
    read = tuple((i, {**log, "what": _words(actions[i], players)})
                 for i, log in readings(actions)) if isinstance(actions, list) else ()
    if imported is not None:  # how often each reading was made (the readings catalog)
        imported["readings"] = readings_used(notes, [log for _, log in read])
    label = game_label(source, item.source)
    try:
        game = game_report(data, label) if report else None
        verdict = game["verdict"] if game else validate(data).to_dict()
        return Result(item.source, verdict=verdict, notes=notes, players=players,
                      imported=imported, report=game, decks=decks, readings=read)
    except DocumentError as exc:
        errors = exc.errors
        if isinstance(data, dict) and "plays" in data and "cards" not in data:
            errors = {"_document": ["This looks like a Duelingbook replay: check it with "
                                    "--from duelingbook."], **errors}
        return Result(item.source, errors=errors, notes=notes, imported=imported,
                      report=malformed_report(label, errors) if report else None, decks=decks)


def verdict_kind(result: Result) -> Kind:
    """``legal``, ``illegal`` or ``malformed``."""
    if result.verdict is None:
        return "malformed"
    return "legal" if result.verdict["legal"] else "illegal"


#: How many plays before a flag have their readings shown with it (as the report's).
NEAR_THE_FLAG = 8


def error_lines(errors: Any) -> list[str]:
    """Document errors as a person reads them: ``path: message``, without the internal keys
    that errors of the whole file or document carry (``_file``, ``_document``...).

    >>> error_lines({"_file": ["cannot read: No such file"], "actions": {"3": {"card": ["x."]}}})
    ['cannot read: No such file', 'actions.3.card: x.']
    """
    return [message if path.startswith("_") else f"{path}: {message}"
            for path, message in flatten_errors(errors)]


def _words(action: Any, players: dict[str, str] | None) -> str:
    """An action in a few words, for a step the importer added.

    >>> _words({"type": "phase", "player": "p2", "to": "end"}, {"p2": "bo"})
    'bo (p2) enters the End Phase'
    >>> _words({"type": "normal_summon", "player": "p1", "card": "dm"}, None)
    'p1 normal summon dm'
    """
    if not isinstance(action, dict):
        return "an action"
    who = name_players(str(action.get("player", "")), players)
    if action.get("type") == "phase":
        return f"{who} enters the {phase_name(str(action.get('to')))}"
    if action.get("type") == "end_turn":
        return f"{who} ends the turn"
    what = str(action.get("type", "")).replace("_", " ")
    return f"{who} {what}" + (f" {action['card']}" if action.get("card") else "")


def reading(index: int, log: dict[str, Any]) -> str:
    """One reading of the importer, for the text format (printable): a play the importer
    explained, or a step it added because the log skips it.

    >>> reading(4, {"time": "[1:08]", "player": "ann", "text": "Set", "note": "by X"})
    'action 5, play [1:08] ann: Set: by X'
    >>> reading(17, {"time": "[2:09]", "player": "bo", "text": "Ended turn", "implied": True,
    ...              "what": "bo (p2) ends the turn"})  # doctest: +ELLIPSIS
    'action 18, bo (p2) ends the turn: added, the log skips it (implied by [2:09] bo: ...)'
    """
    play = " ".join(printable(log[k]) for k in ("time", "player") if log.get(k))
    play = f"{play}: {printable(log.get('text', ''))}" if play else \
        printable(log.get("text", ""))
    if log.get("implied"):
        line = (f"action {index + 1}, {printable(log.get('what', 'a step'))}: added, the log "
                f"skips it (implied by {play})")
        return line + (f": {printable(log['note'])}" if log.get("note") else "")
    return f"action {index + 1}, play {play}: {printable(log.get('note', ''))}"


def describe(result: Result, all_notes: bool = False) -> str:
    """The text format's lines for one result: the verdict on one line, then (indented)
    where it came from, the importer's readings near a flag (every reading with
    ``all_notes``), and what the import could not follow. Actions count from 1, players
    are named by username where the log gives one.

    >>> describe(Result("a.json", verdict={"legal": True, "outcome": None, "actions_checked": 3}))
    'a.json: legal (3 actions)'
    """
    v = result.verdict
    imported = result.imported or {}
    where = printable(result.source)
    ruleset = str(imported.get("ruleset", "classic"))
    if result.imported is not None:
        made = f"EDOPro {imported['edopro_version']}" if "edopro_version" in imported else \
            format_name(imported.get('format'), imported.get('card_pool'))
        where += printable(f" ({made}; ruleset {ruleset})")
    signs = imported.get("unmodelled")
    tail = "".join(f"\n  {printable(ruleset)} does not model {printable(sign)}: seen at "
                   f"{printable(at)}"
                   for sign, at in (signs.items() if isinstance(signs, dict) else ()))
    if result.stopped:
        tail += f"\n  {printable(result.stopped)}"
    if result.not_judged is not None:  # a replay of another game: no verdict
        return f"{where}: not judged: {printable(result.not_judged)}{tail}"
    if v is None:
        return f"{where}: malformed: " + "; ".join(printable(line) for line in
                                                   error_lines(result.errors)) + tail
    end, who = v["outcome"], result.players or {}

    def named(player: str) -> str:
        return f"{printable(who[player])} ({player})" if player in who else player
    ended = f"; {named(end['winner'])} won by {end['reason'].replace('_', ' ')}" if end else ""
    if who:
        sides = v["state"]["players"]
        ended += "; LP " + ", ".join(f"{named(p)} {sides[p]['lp']}" for p in ("p1", "p2"))
    if result.imported is not None and \
            log_ends_early({"from": True, "stopped": result.stopped}, v):
        ended += f"; {LOG_ENDS_EARLY}"
    shown = result.readings if all_notes else ()
    if v["legal"]:
        upto = " up to the import stop" if result.stopped else ""
        line = f"{where}: legal{upto} ({v['actions_checked']} actions{ended})"
    else:
        x = v["violation"]
        message = printable(name_players(x["message"], who))
        line = (f"{where}: illegal at action {x['index'] + 1} (turn {x['turn']}, "
                f"{phase_name(x['phase'])}, {named(x['player'])}): {x['rule']}: {message}")
        log = x["action"].get("log")
        if isinstance(log, dict):
            line += (f"\n  at play {printable(log.get('time', ''))} "
                     f"{printable(log.get('player', ''))}: {printable(log.get('text', ''))}")
            if log.get("note"):
                line += f" ({printable(log['note'])})"
        if not all_notes:
            shown = tuple((i, log) for i, log in result.readings
                          if x["index"] - NEAR_THE_FLAG <= i < x["index"])
    for i, log in shown:
        line += f"\n  read: {reading(i, log)}"
    return line + tail

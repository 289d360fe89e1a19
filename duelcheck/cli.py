"""Judge Yu-Gi-Oh! TCG duel logs: check duel documents and Duelingbook replays, import
replays, show the rule catalog, run the HTTP service.

The first paragraph of this docstring is the description ``duelcheck --help`` shows (plain
text); :data:`EPILOG` lists the exit statuses and examples.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Generator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import closing
from dataclasses import dataclass
from functools import partial
from typing import Any, TextIO, cast

from validator.cards.database import VARIANTS
from validator.catalog import markdown, rules
from validator.checks.turn import phase_name
from validator.decks import FORMAT_NAMES
from validator.decks.replay import check_replay
from validator.engine import validate
from validator.errors import DocumentError, flatten_errors
from validator.importers.duelingbook import format_name
from validator.importers.readings import note_object, readings_used
from validator.jsontext import loads
from validator.workbench import (
    LOG_ENDS_EARLY,
    game_label,
    game_report,
    log_ends_early,
    malformed_report,
    name_players,
    readings,
)

from . import __version__
from .cards import show_card
from .inputs import Item, gather
from .output import (
    FORMATS,
    Guarded,
    Kind,
    OutputError,
    Progress,
    ReportWriteError,
    Tally,
    printable,
    use_colour,
)

#: Exit statuses (``duelcheck --help`` lists them).
EXIT_LEGAL, EXIT_ILLEGAL, EXIT_MALFORMED, EXIT_ENVIRONMENT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
EPILOG = """\
exit status:
  0    every duel is legal (other commands: done)
  1    some duel is illegal (deck: the deck list has findings)
  2    some document or replay is malformed or unreadable (the others are still
       checked), an unknown rule id, or a command line that is not understood
  3    the environment is at fault: a bad environment variable (such as PORT or
       DUELCHECK_MAX_ACTIONS), an output file or standard output that cannot be
       written (a full disk, a closed pipe: | head), or worker processes that
       cannot start
  130  interrupted (Ctrl-C)

examples:
  duelcheck check duel.json                 judge one duel document
  duelcheck check logs/ --quiet             every duel under a folder; only the
                                            illegal and malformed ones are listed
  duelcheck check day1.jsonl --format json  one verdict (JSON) per line of a
                                            JSON Lines file
  cat games.jsonl | duelcheck check --jsonl -
  duelcheck check replay.json               a Duelingbook replay, game by game
  duelcheck check replay.json --format html --output-dir reports/
                                            a judge's report (one HTML file) per
                                            match
  duelcheck import duelingbook replay.json -o games.jsonl
  duelcheck deck deck.ydk --format goat     a deck list against Goat's pool and list
  duelcheck rules summon.tribute-count      one rule, with why and an example
  duelcheck rules summon.tribute-count --format json
  duelcheck card "Swap Frog"                a card's facts, their sources, its text
  duelcheck serve                           the HTTP service on 127.0.0.1:8000

environment: NO_COLOR turns colour off; HOST, PORT, WEB_CONCURRENCY and the
DUELCHECK_* variables configure duelcheck serve (see the README).
"""


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
    if item.text is None:
        errors = {"_file": [item.error or "unreadable"]}
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
                                              ("stopped", str), ("unmodelled", dict))
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


def kind_of(result: Result) -> Kind:
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
        where += printable(f" ({format_name(imported.get('format'), imported.get('card_pool'))}"
                           f"; ruleset {ruleset})")
    signs = imported.get("unmodelled")
    tail = "".join(f"\n  {printable(ruleset)} does not model {printable(sign)}: seen at "
                   f"{printable(at)}"
                   for sign, at in (signs.items() if isinstance(signs, dict) else ()))
    if result.stopped:
        tail += f"\n  {printable(result.stopped)}"
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


#: The most worker processes ``--jobs`` starts (never more than there are duels either).
MAX_WORKERS = 256


class WorkerError(Exception):
    """Worker processes that cannot be started or that died (exit status 3)."""


def _results(items: list[Item], jobs: int, report: bool = False,
             deck_format: str | None = None) -> Generator[Result, None, None]:
    """Each item's result, in order; in up to ``jobs`` worker processes (never more than
    the items, nor :data:`MAX_WORKERS`). Closing the iterator early cancels what is left."""
    work = partial(judge, report=report, deck_format=deck_format)
    workers = min(jobs, len(items), MAX_WORKERS)
    if workers <= 1:
        yield from map(work, items)
        return
    chunk = max(1, min(64, len(items) // (workers * 8)))
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        yield from pool.map(work, items, chunksize=chunk)
    except (OSError, BrokenProcessPool) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else \
            "a worker process died" if isinstance(exc, BrokenProcessPool) else str(exc)
        raise WorkerError(f"cannot run {workers} worker processes: {reason}") from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def check(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``duelcheck check``: report one verdict per duel and return the exit status."""
    items = list(gather(args.files, stdin, args.source, args.jsonl))
    jobs = args.jobs if args.jobs > 0 else _usable_cpus()
    progress = Progress(len(items), err, not args.no_progress)
    kind_of_format = FORMATS[args.format]
    if kind_of_format.needs_reports:
        try:
            os.makedirs(args.output_dir, exist_ok=True)  # a new folder is made, as mkdir -p
        except OSError as exc:
            reason = "not a folder" if os.path.exists(args.output_dir) else \
                (exc.strerror or str(exc))
            err.write(f"duelcheck: --output-dir {printable(args.output_dir)}: "
                      f"{printable(reason)}\n")
            return EXIT_ENVIRONMENT
    formatter = kind_of_format(out, err, progress, use_colour(args.color, out), args.quiet,
                               single=len(items) == 1, output_dir=args.output_dir,
                               all_notes=args.notes)
    tally = Tally()
    try:
        with closing(_results(items, jobs, kind_of_format.needs_reports,
                              args.deck_format)) as results:
            for result in results:
                kind = kind_of(result)
                tally.add(kind, stopped=result.stopped is not None)
                formatter.result(kind, result)
                progress.step()
        progress.close()
        formatter.finish(tally)
    except (ReportWriteError, WorkerError) as exc:
        progress.close()
        err.write(f"duelcheck: {exc}\n")
        return EXIT_ENVIRONMENT
    finally:
        progress.close()
    return tally.status


def _usable_cpus() -> int:
    from api.server import usable_cpus

    return usable_cpus()


def import_games(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``duelcheck import duelingbook``: write each game as a duel document (JSON Lines)."""
    status = EXIT_LEGAL
    try:
        target = open(args.output, "w", encoding="utf-8") if args.output else out  # noqa: SIM115
    except OSError as exc:
        err.write(f"duelcheck: cannot write {printable(args.output)}: "
                  f"{printable(exc.strerror or exc)}\n")
        return EXIT_ENVIRONMENT
    try:
        for item in gather(args.files, stdin, "duelingbook"):
            if item.text is None:
                err.write(f"{printable(item.source)}: {printable(item.error)}\n")
                status = EXIT_MALFORMED
                continue
            target.write(item.text + "\n")
    except OSError as exc:
        err.write(f"duelcheck: cannot write {printable(args.output or 'the output')}: "
                  f"{printable(exc.strerror or exc)}\n")
        return EXIT_ENVIRONMENT
    finally:
        if target is not out:
            target.close()
    return status


def show_rules(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``duelcheck rules``: the catalog, or one rule in full (in JSON, the objects of
    ``GET /v1/rules`` and ``GET /v1/rules/{id}``)."""
    catalog = rules()
    if args.id is not None and args.id not in catalog:
        err.write(f"duelcheck: unknown rule id {args.id!r}; `duelcheck rules` lists them\n")
        return EXIT_MALFORMED
    chosen = [catalog[args.id]] if args.id else list(catalog.values())
    if args.format == "json":
        body: Any = chosen[0].to_dict() if args.id else [r.to_dict() for r in chosen]
        out.write(json.dumps(body, indent=2) + "\n")
    elif args.format == "markdown":
        out.write(markdown() + "\n")
    elif args.id:
        r = chosen[0]
        out.write(f"{r.id}: {r.title}\n\n{r.text}\n\nWhy: {r.why}\nExample: {r.example}\n"
                  f"Source: {r.source}\n")
    else:
        width = max(len(r.id) for r in chosen)
        out.writelines(f"{r.id:<{width}}  {r.title}\n" for r in chosen)
    return EXIT_LEGAL


def _count(text: str, low: int = 1, high: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise argparse.ArgumentTypeError(f"{value} is out of range ({bound})")
    return value


def parser() -> argparse.ArgumentParser:
    """The argument parser of ``duelcheck`` (reads no environment variable)."""
    raw = argparse.RawDescriptionHelpFormatter
    top = argparse.ArgumentParser(prog="duelcheck", description=__doc__.split("\n\n")[0],
                                  epilog=EPILOG, formatter_class=raw)
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    c = sub.add_parser("check", help="judge duel documents, JSON Lines files, folders and "
                       "Duelingbook replays", epilog=EPILOG, formatter_class=raw,
                       description="Judge each duel: legal, or the first illegal action and "
                       "the rule it breaks.\nA summary line ends the text format.")
    c.add_argument("files", nargs="+", metavar="PATH",
                   help="a duel document (.json), JSON Lines (.jsonl, .ndjson: one duel per "
                        "line), a Duelingbook replay, a folder to walk, or - for stdin")
    c.add_argument("--format", choices=tuple(FORMATS), default="text",
                   help="text (default): one line per duel and a summary; json: the verdict "
                        "JSON of the contract, one line per duel; html: one self-contained "
                        "judge's report per match (a replay, a document, a JSON Lines line) "
                        "in --output-dir")
    c.add_argument("--output-dir", metavar="DIR", default=".",
                   help="where --format html writes its reports (default: the current "
                        "folder; made when missing); each is named after its file, e.g. "
                        "replay.html")
    c.add_argument("--jsonl", action="store_true",
                   help="read every input (stdin too) as JSON Lines, one duel per line")
    c.add_argument("--from", dest="source", choices=("auto", "json", "duelingbook"),
                   default="auto", help="what the files are: recognised (auto, the "
                   "default), duel documents, or Duelingbook replays")
    c.add_argument("--quiet", "-q", action="store_true",
                   help="list only illegal and malformed duels, without the summary")
    c.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colour legal, illegal and malformed duels (auto: on a terminal, "
                        "unless NO_COLOR is set)")
    c.add_argument("--jobs", "-j", type=lambda t: _count(t, 0), default=1,
                   help="worker processes (0: one per CPU; default 1); never more than "
                        "there are duels, nor 256")
    c.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    c.add_argument("--deck-format", choices=FORMAT_NAMES,
                   help="check the cards a replay shows against this format (default: the "
                        "replay's own format code, or its card pool date)")
    c.add_argument("--notes", action="store_true",
                   help="text format: list every reading the importer made of a game's "
                        "plays (an effect that explains a play, a phase the log skipped, a "
                        "slip fixed), not only those near a flag")
    i = sub.add_parser("import", help="convert game logs to duel documents (JSON Lines)",
                       epilog=EPILOG, formatter_class=raw)
    i.add_argument("format", choices=("duelingbook",))
    i.add_argument("files", nargs="+", metavar="FILE", help="replays (.json), or - for stdin")
    i.add_argument("--output", "-o", metavar="FILE", help="write here instead of stdout")
    from .decks import add_parser as add_deck_parser

    add_deck_parser(sub, EPILOG, raw)
    r = sub.add_parser("rules", help="list the rule catalog, or show one rule",
                       epilog=EPILOG, formatter_class=raw)
    r.add_argument("id", nargs="?", help="a rule id, such as summon.normal-once")
    r.add_argument("--format", choices=("text", "json", "markdown"), default="text",
                   help="json: the objects of GET /v1/rules and GET /v1/rules/{id}")
    k = sub.add_parser("card", help="what the card database knows of a card: its facts, "
                       "their sources, its text", epilog=EPILOG, formatter_class=raw)
    k.add_argument("card", metavar="NAME|PASSCODE",
                   help="an English card name (quote it) or a passcode, e.g. \"Swap Frog\" or "
                        "9126351")
    k.add_argument("--variant", choices=VARIANTS,
                   help="another version of the card (goat: Goat Format's pre-errata text)")
    k.add_argument("--format", choices=("text", "json"), default="text",
                   help="json: the object GET /v1/cards/{passcode} answers")
    s = sub.add_parser("serve", help="run the HTTP service (gunicorn, as make serve does)",
                       epilog=EPILOG, formatter_class=raw)
    s.add_argument("--host", help="address to listen on (default: HOST, or 127.0.0.1)")
    s.add_argument("--port", type=lambda t: _count(t, 1, 65535),
                   help="port to listen on (default: PORT, or 8000)")
    s.add_argument("--workers", type=_count, help="gunicorn worker processes (default: "
                   "WEB_CONCURRENCY, or one per CPU this process may use)")
    s.add_argument("--dev", action="store_true",
                   help="run Flask's development server instead (one process, for trying "
                        "the API out; never for real traffic)")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``duelcheck`` console script.

    Output that cannot be written (a full disk, ``>&-``, a reader gone as ``| head`` goes)
    is one line on stderr and exit status 3, whatever was judged: a cut pipe never claims
    that every duel was legal.
    """
    args = parser().parse_args(argv)
    guarded_out = Guarded(sys.stdout)
    err = Guarded(sys.stderr, "standard error is closed")
    out, text_err = cast(TextIO, guarded_out), cast(TextIO, err)
    try:
        if args.command == "check":
            status = check(args, out, text_err, sys.stdin)
        elif args.command == "deck":
            from .decks import run as run_deck

            status = run_deck(args, out, text_err, sys.stdin)
        elif args.command == "rules":
            status = show_rules(args, out, text_err)
        elif args.command == "import":
            status = import_games(args, out, text_err, sys.stdin)
        elif args.command == "card":
            status = show_card(args, out, text_err)
        else:
            return serve(args)
        out.flush()
        return status
    except (OutputError, BrokenPipeError) as exc:
        _silence_stdout()
        reason = str(exc) if isinstance(exc, OutputError) else "cannot write the output: " \
            "Broken pipe"
        try:
            err.write(f"duelcheck: {reason}\n")
            err.flush()
        except OutputError:
            pass  # stderr is gone too: the status alone says it
        return EXIT_ENVIRONMENT
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that Python's last flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout is closed or not a real file
        pass


def serve(args: argparse.Namespace) -> int:
    """``duelcheck serve``: the service under gunicorn, or Flask's development server."""
    from api import create_app
    from api.server import gunicorn_options, settings_or_exit
    from api.server import serve as run_gunicorn

    settings = settings_or_exit()
    overrides = {"host": args.host, "port": args.port, "workers": args.workers}
    settings = settings.model_copy(update={k: v for k, v in overrides.items() if v is not None})
    if args.dev:
        create_app().run(host=settings.host, port=settings.port)
    else:
        run_gunicorn(gunicorn_options(settings))
    return EXIT_LEGAL


if __name__ == "__main__":
    raise SystemExit(main())

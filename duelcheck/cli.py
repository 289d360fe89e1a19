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
from functools import partial
from typing import Any, TextIO, cast

from validator.cards.database import VARIANTS
from validator.cpus import usable_cpus
from validator.decks import FORMAT_NAMES
from validator.rules.catalog import markdown, rules

from . import __version__
from .cards import show_card
from .inputs import Item, gather
from .output import (
    FORMATS,
    Guarded,
    OutputError,
    Progress,
    ReportWriteError,
    Tally,
    use_colour,
)
from .results import Result, judge, verdict_kind
from .text import printable

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
  duelcheck check duel.yrpX                 an EDOPro replay (--from edopro insists)
  duelcheck deck deck.ydk --format goat     a deck list against Goat's pool and list
  duelcheck rules summon.tribute-count      one rule, with why and an example
  duelcheck rules summon.tribute-count --format json
  duelcheck card "Swap Frog"                a card's facts, their sources, its text
  duelcheck serve                           the HTTP service on 127.0.0.1:8000

environment: NO_COLOR turns colour off; HOST, PORT, WEB_CONCURRENCY and the
DUELCHECK_* variables configure duelcheck serve (see the README).
"""


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
    jobs = args.jobs if args.jobs > 0 else usable_cpus()
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
                kind = verdict_kind(result)
                tally.add(kind, stopped=result.stopped is not None,
                          not_judged=result.not_judged is not None)
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


def import_games(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``duelcheck import duelingbook|edopro``: write each game as a duel document (JSON
    Lines)."""
    status = EXIT_LEGAL
    try:
        target = open(args.output, "w", encoding="utf-8") if args.output else out  # noqa: SIM115
    except OSError as exc:
        err.write(f"duelcheck: cannot write {printable(args.output)}: "
                  f"{printable(exc.strerror or exc)}\n")
        return EXIT_ENVIRONMENT
    try:
        for item in gather(args.files, stdin, args.format):
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
    c = sub.add_parser("check", help="judge duel documents, JSON Lines files, folders, "
                       "Duelingbook and EDOPro replays", epilog=EPILOG, formatter_class=raw,
                       description="Judge each duel: legal, or the first illegal action and "
                       "the rule it breaks.\nA summary line ends the text format.")
    c.add_argument("files", nargs="+", metavar="PATH",
                   help="a duel document (.json), JSON Lines (.jsonl, .ndjson: one duel per "
                        "line), a Duelingbook or EDOPro replay, a folder to walk, or - for "
                        "stdin")
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
    c.add_argument("--from", dest="source", choices=("auto", "json", "duelingbook", "edopro"),
                   default="auto", help="what the files are: recognised (auto, the "
                   "default), duel documents, Duelingbook replays, or EDOPro replays "
                   "(.yrpX)")
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
    i.add_argument("format", choices=("duelingbook", "edopro"))
    i.add_argument("files", nargs="+", metavar="FILE",
                   help="replays (.json from Duelingbook, .yrpX from EDOPro), or - for stdin")
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
    from api.server import cannot_bind, gunicorn_options, settings_or_exit
    from api.server import serve as run_gunicorn

    settings = settings_or_exit()
    overrides = {"host": args.host, "port": args.port, "workers": args.workers}
    settings = settings.model_copy(update={k: v for k, v in overrides.items() if v is not None})
    why = cannot_bind(settings.host, settings.port)
    if why is not None:  # one line and the environment's exit status, not gunicorn's retries
        sys.stderr.write(f"duelcheck: {printable(why)}\n")
        return EXIT_ENVIRONMENT
    if args.dev:
        create_app().run(host=settings.host, port=settings.port)
    else:
        run_gunicorn(gunicorn_options(settings))
    return EXIT_LEGAL


if __name__ == "__main__":
    raise SystemExit(main())

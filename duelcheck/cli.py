"""The ``duelcheck`` command line: ``check`` duel documents, list the ``rules``, ``serve``.

Exit status of ``check``: 0 when every duel is legal, 1 when any is illegal, 2 when any
document is malformed or unreadable (the others are still checked).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, TextIO

from validator.catalog import markdown, rules
from validator.checks.turn import phase_name
from validator.engine import validate
from validator.errors import DocumentError, flatten_errors
from validator.importers.duelingbook import ReplayError, load_replay
from validator.jsontext import loads

from . import __version__

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_MALFORMED = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Item:
    """One duel to check: where it came from, and its JSON text (or why it could not be read)."""

    source: str
    text: str | None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class Result:
    """The verdict of one duel (``verdict``), or its document errors (``errors``), with the
    notes an importer left in the document's ``source``."""

    source: str
    verdict: dict[str, Any] | None = None
    errors: dict[str, Any] | None = None
    notes: tuple[str, ...] = ()
    players: dict[str, str] | None = None


def read_replays(paths: Sequence[str], stdin: TextIO) -> Iterator[Item]:
    """Each game of each Duelingbook replay, as an item holding its duel document."""
    for path in paths:
        try:
            text = stdin.read() if path == "-" else _read(path)
            games = load_replay(text)
        except OSError as exc:
            yield Item(path, None, f"cannot read: {exc.strerror or exc}")
            continue
        except ReplayError as exc:
            yield Item(path, None, f"not an importable Duelingbook replay: {exc}")
            continue
        for game in games:
            yield Item(f"{path}#game{game.number}", json.dumps(game.document))


def read_items(paths: Sequence[str], stdin: TextIO) -> Iterator[Item]:
    """Each duel in the files: a ``.json`` document, or JSON Lines with one duel per line.

    >>> import io
    >>> [i.source for i in read_items(["-"], io.StringIO('{"cards": {}}\\n{"cards": {}}\\n'))]
    ['-:1', '-:2']
    """
    for path in paths:
        try:
            text = stdin.read() if path == "-" else _read(path)
        except OSError as exc:
            yield Item(path, None, f"cannot read: {exc.strerror or exc}")
            continue
        yield from _split(path, text)


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError as exc:
        raise OSError(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def _split(path: str, text: str) -> Iterator[Item]:
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > 1 and _is_json_object(lines[0][1]):
        for n, line in lines:
            yield Item(f"{path}:{n}", line)
    else:
        yield Item(path, text)


def _is_json_object(line: str) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, RecursionError):
        return False


def judge(item: Item) -> Result:
    """Validate one item (run in worker processes with ``--jobs``).

    >>> judge(Item("x", '{"cards": {}}')).verdict["legal"]
    True
    """
    if item.text is None:
        return Result(item.source, errors={"_file": [item.error or "unreadable"]})
    try:
        data = loads(item.text)
    except (ValueError, RecursionError):
        data = item.text  # validate() words the JSON error
    source = data.get("source") if isinstance(data, dict) else None
    notes = tuple(str(n) for n in source.get("notes", ())) if isinstance(source, dict) else ()
    players = source.get("players") if isinstance(source, dict) else None
    players = players if isinstance(players, dict) else None
    try:
        return Result(item.source, verdict=validate(data).to_dict(), notes=notes,
                      players=players)
    except DocumentError as exc:
        return Result(item.source, errors=exc.errors, notes=notes)


def describe(result: Result) -> str:
    """One line for the text format.

    >>> describe(Result("a.json", verdict={"legal": True, "outcome": None, "actions_checked": 3}))
    'a.json: legal (3 actions)'
    """
    v = result.verdict
    if v is None:
        pairs = flatten_errors(result.errors)
        return f"{result.source}: malformed: " + "; ".join(f"{p}: {m}" for p, m in pairs)
    end, who = v["outcome"], result.players or {}

    def named(player: str) -> str:
        return f"{who[player]} ({player})" if player in who else player
    ended = f"; {named(end['winner'])} won by {end['reason'].replace('_', ' ')}" if end else ""
    if who:
        sides = v["state"]["players"]
        ended += "; LP " + ", ".join(f"{named(p)} {sides[p]['lp']}" for p in ("p1", "p2"))
    if v["legal"]:
        return f"{result.source}: legal ({v['actions_checked']} actions{ended})"
    x = v["violation"]
    line = (f"{result.source}: illegal at action {x['index']} (turn {x['turn']}, "
            f"{phase_name(x['phase'])}, {x['player']}): {x['rule']}: {x['message']}")
    log = x["action"].get("log")
    if isinstance(log, dict):
        line += f"\n  at play {log.get('time', '')} {log.get('player', '')}: {log.get('text', '')}"
        if log.get("note"):
            line += f" ({log['note']})"
    return line


class Progress:
    """A one-line progress bar on a terminal's stderr; silent elsewhere."""

    def __init__(self, total: int, stream: TextIO, enabled: bool) -> None:
        self.total, self.stream, self.done = total, stream, 0
        self.enabled = enabled and total >= 20 and stream.isatty()

    def step(self) -> None:
        """Count one more duel done."""
        self.done += 1
        if self.enabled and (self.done == self.total or self.done % 16 == 0):
            width = 30
            filled = width * self.done // self.total
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] "
                              f"{self.done}/{self.total} duels")
            if self.done == self.total:
                self.stream.write("\n")
            self.stream.flush()


def _results(items: list[Item], jobs: int) -> Iterable[Result]:
    if jobs <= 1 or len(items) < 2:
        return map(judge, items)
    pool = ProcessPoolExecutor(max_workers=jobs)
    chunk = max(1, min(64, len(items) // (jobs * 8)))
    results = pool.map(judge, items, chunksize=chunk)

    def drain() -> Iterator[Result]:
        with pool:
            yield from results
    return drain()


def check(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``duelcheck check``: print one verdict per duel and return the exit status."""
    reader = read_replays if args.source == "duelingbook" else read_items
    items = list(reader(args.files, stdin))
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    progress = Progress(len(items), err, not args.no_progress)
    status = EXIT_LEGAL
    single = len(items) == 1
    for result in _results(items, jobs):
        progress.step()
        if result.verdict is None:
            status = EXIT_MALFORMED
            if args.format == "json":
                err.write(json.dumps({"source": result.source, "errors": result.errors}) + "\n")
            else:
                err.write(describe(result) + "\n")
            continue
        if not result.verdict["legal"] and status == EXIT_LEGAL:
            status = EXIT_ILLEGAL
        if args.format == "json":
            obj = result.verdict if single else {"source": result.source, **result.verdict}
            if result.notes:
                obj = {**obj, "notes": list(result.notes)}
            out.write(json.dumps(obj) + "\n")
        else:
            out.write(describe(result) + "\n")
            out.writelines(f"  note: {note}\n" for note in result.notes)
    return status


def import_games(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``duelcheck import duelingbook``: write each game as a duel document (JSON Lines)."""
    status = EXIT_LEGAL
    target = open(args.output, "w", encoding="utf-8") if args.output else out  # noqa: SIM115
    try:
        for item in read_replays(args.files, stdin):
            if item.text is None:
                err.write(f"{item.source}: {item.error}\n")
                status = EXIT_MALFORMED
                continue
            target.write(item.text + "\n")
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


def parser() -> argparse.ArgumentParser:
    """The argument parser of ``duelcheck``."""
    top = argparse.ArgumentParser(prog="duelcheck", description=__doc__.splitlines()[0])
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = top.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="judge duel documents (.json, or JSON Lines; - is stdin)")
    c.add_argument("files", nargs="+", metavar="FILE")
    c.add_argument("--format", choices=("text", "json"), default="text")
    c.add_argument("--jobs", "-j", type=int, default=1,
                   help="worker processes (0: one per core; default 1)")
    c.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    c.add_argument("--from", dest="source", choices=("json", "duelingbook"), default="json",
                   help="what the files are: duel documents (default) or Duelingbook replays")
    i = sub.add_parser("import", help="convert game logs to duel documents (JSON Lines)")
    i.add_argument("format", choices=("duelingbook",))
    i.add_argument("files", nargs="+", metavar="FILE")
    i.add_argument("--output", "-o", help="write here instead of standard output")
    r = sub.add_parser("rules", help="list the rule catalog, or show one rule")
    r.add_argument("id", nargs="?")
    r.add_argument("--format", choices=("text", "json", "markdown"), default="text")
    s = sub.add_parser("serve", help="run the HTTP service (gunicorn, as make serve does)")
    s.add_argument("--host", help="address to listen on (default: HOST, or 127.0.0.1)")
    s.add_argument("--port", type=int, help="port to listen on (default: PORT, or 8000)")
    s.add_argument("--workers", type=int, help="gunicorn worker processes (default: "
                   "WEB_CONCURRENCY, or one per CPU this process may use)")
    s.add_argument("--dev", action="store_true",
                   help="run Flask's development server instead (one process, for trying "
                        "the API out; never for real traffic)")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``duelcheck`` console script."""
    args = parser().parse_args(argv)
    try:
        if args.command == "check":
            return check(args, sys.stdout, sys.stderr, sys.stdin)
        if args.command == "rules":
            return show_rules(args, sys.stdout, sys.stderr)
        if args.command == "import":
            return import_games(args, sys.stdout, sys.stderr, sys.stdin)
        return serve(args)
    except BrokenPipeError:
        return EXIT_LEGAL
    except KeyboardInterrupt:
        return 130


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

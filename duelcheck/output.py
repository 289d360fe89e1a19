"""How ``duelcheck check`` reports: one formatter per ``--format`` (:data:`FORMATS`), colour
on a terminal, a progress bar (tqdm) that never shares a line with a result, and the tally.

A new format is a :class:`Formatter` subclass added to :data:`FORMATS`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, ClassVar, TextIO

from tqdm import tqdm

from .decks import describe_match
from .results import describe
from .text import Kind, printable

#: SGR colours of each kind of result: green, red, yellow.
COLOURS: dict[Kind, str] = {"legal": "32", "illegal": "31", "malformed": "33"}


def use_colour(choice: str, stream: TextIO, environ: Any = None) -> bool:
    """``--color``: ``always``, ``never``, or ``auto`` (a terminal, and no ``NO_COLOR``).

    >>> import io
    >>> use_colour("auto", io.StringIO(), {}), use_colour("always", io.StringIO(), {})
    (False, True)
    """
    environ = os.environ if environ is None else environ
    if choice != "auto":
        return choice == "always"
    return stream.isatty() and not environ.get("NO_COLOR") and environ.get("TERM") != "dumb"


def paint(text: str, kind: Kind, colour: bool) -> str:
    """``text`` in the colour of ``kind`` (its first line), or as it is.

    >>> paint("a: legal", "legal", True)
    '\\x1b[32ma: legal\\x1b[0m'
    """
    if not colour:
        return text
    first, sep, rest = text.partition("\n")
    return f"\x1b[{COLOURS[kind]}m{first}\x1b[0m{sep}{rest}"


@dataclass
class Tally:
    """How many duels were legal, illegal and malformed, and the exit status that follows."""

    counts: dict[Kind, int] = field(default_factory=lambda: dict.fromkeys(COLOURS, 0))
    stopped: int = 0  # games whose import stopped at a play it could not follow
    not_judged: int = 0  # replays of another game (counted among the malformed: no verdict)

    def add(self, kind: Kind, *, stopped: bool = False, not_judged: bool = False) -> None:
        """Count one result (and a game whose import stopped, or a replay not judged)."""
        self.counts[kind] += 1
        self.stopped += stopped
        self.not_judged += not_judged

    @property
    def status(self) -> int:
        """2 if any duel was malformed or any import stopped, else 1 if any was illegal,
        else 0.

        >>> t = Tally(); t.add("illegal"); t.status
        1
        """
        if self.counts["malformed"] or self.stopped:
            return 2
        return 1 if self.counts["illegal"] else 0

    def summary(self, colour: bool = False) -> str:
        """``N legal, M illegal, K malformed`` (and ``, S import stopped`` when any did).

        >>> Tally().summary()
        '0 legal, 0 illegal, 0 malformed'
        """
        line = ", ".join(paint(f"{n} {kind}", kind, colour and n > 0)
                         for kind, n in self.counts.items())
        if self.stopped:
            line += ", " + paint(f"{self.stopped} import stopped", "malformed", colour)
        if self.not_judged:
            line += f" ({self.not_judged} of them not judged: another game)"
        return line


class Progress:
    """A tqdm progress bar on a terminal's stderr, for 20 duels or more; silent elsewhere.
    Results are written through :meth:`write`, which takes the bar off the line first."""

    def __init__(self, total: int, stream: TextIO, enabled: bool) -> None:
        self.enabled = enabled and total >= 20 and stream.isatty()
        self.bar = tqdm(total=total, file=stream, disable=not self.enabled, leave=False,
                        unit="duel", dynamic_ncols=True)

    def write(self, stream: TextIO, text: str) -> None:
        """Write ``text`` (whole lines) with the bar out of its way."""
        if self.enabled:
            self.bar.clear()
        stream.write(text)
        if self.enabled:
            stream.flush()
            self.bar.refresh()

    def step(self) -> None:
        """Count one more duel done."""
        self.bar.update(1)

    def close(self) -> None:
        """Remove the bar."""
        self.bar.close()


class ReportWriteError(Exception):
    """A report file that cannot be written (the environment is at fault: exit status 3)."""


class OutputError(Exception):
    """Standard output (or error) cannot be written: a full disk, a closed stream, a reader
    gone (``| head``). The environment is at fault: one line on stderr, exit status 3."""


class Guarded:
    """A text stream whose write failures raise :class:`OutputError` with their reason; a
    stream that is closed (None, as ``>&-`` leaves ``sys.stdout``) fails at the first write.

    >>> Guarded(None).isatty()
    False
    >>> Guarded(None).write("x")
    Traceback (most recent call last):
    ...
    duelcheck.output.OutputError: cannot write the output: standard output is closed
    """

    def __init__(self, stream: TextIO | None, closed: str = "standard output is closed") -> None:
        self.stream = stream
        self.closed = closed

    def _fail(self, exc: BaseException | None) -> OutputError:
        if exc is None:
            reason = self.closed
        elif isinstance(exc, OSError):
            reason = exc.strerror or str(exc)
        else:  # ValueError: I/O operation on closed file
            reason = self.closed
        return OutputError(f"cannot write the output: {reason}")

    def write(self, text: str) -> int:
        """Write ``text``, or raise :class:`OutputError`."""
        if self.stream is None:
            raise self._fail(None)
        try:
            return self.stream.write(text)
        except (OSError, ValueError) as exc:
            raise self._fail(exc) from None

    def writelines(self, lines: Any) -> None:
        """Write each of ``lines``."""
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        """Flush, or raise :class:`OutputError` (a full disk shows only here)."""
        if self.stream is None:
            return
        try:
            self.stream.flush()
        except (OSError, ValueError) as exc:
            raise self._fail(exc) from None

    def isatty(self) -> bool:
        """Whether the stream is a terminal (a closed one is not)."""
        try:
            return self.stream is not None and self.stream.isatty()
        except (OSError, ValueError):
            return False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class Formatter:
    """Writes each result of ``check`` and, at the end, the tally. Results on ``out``, duels
    that could not be judged on ``err``."""

    #: Whether this format ends with the summary line.
    summary: ClassVar[bool] = False
    #: Whether each result must carry its game's report data (``Result.report``).
    needs_reports: ClassVar[bool] = False

    def __init__(self, out: TextIO, err: TextIO, progress: Progress, colour: bool = False,
                 quiet: bool = False, single: bool = False, output_dir: str = ".",
                 all_notes: bool = False) -> None:
        self.out, self.err, self.progress = out, err, progress
        self.colour, self.quiet, self.single = colour, quiet, single
        self.output_dir, self.all_notes = output_dir, all_notes

    def result(self, kind: Kind, result: Any) -> None:
        """Report one result."""
        raise NotImplementedError

    def finish(self, tally: Tally) -> None:
        """After the last result."""
        if self.summary and not self.quiet:
            self.progress.write(self.out, tally.summary(self.colour) + "\n")


class TextFormatter(Formatter):
    """One line per duel (:func:`duelcheck.results.describe`), then the summary line."""

    summary = True

    def result(self, kind: Kind, result: Any) -> None:
        """One duel's lines; with ``--quiet`` only what is illegal: no legal game, and a
        match's deck check only when it has findings."""
        quiet_legal = kind == "legal" and self.quiet
        if not quiet_legal:
            text = paint(describe(result, self.all_notes), kind, self.colour)
            if kind == "malformed":
                self.progress.write(self.err, text + "\n")
            else:
                notes = "".join(f"  note: {printable(note['text'])}\n" for note in result.notes)
                self.progress.write(self.out, text + "\n" + notes)
        if result.decks is not None and not (self.quiet and result.decks["legal"] is not False):
            self.progress.write(self.out, describe_match(result.source.split("#", 1)[0],
                                                         result.decks))


class JsonFormatter(Formatter):
    """The verdict JSON of the contract, one line per duel (with ``source`` unless there is
    only one duel, and ``notes`` when an importer left some); document errors as JSON lines
    on stderr."""

    def result(self, kind: Kind, result: Any) -> None:
        if result.decks is not None and not (self.quiet and result.decks["legal"] is not False):
            self._game(kind, result)
            deck = {"source": result.source.split("#", 1)[0], "deck_check": result.decks}
            self.progress.write(self.out, json.dumps(deck) + "\n")
        else:
            self._game(kind, result)

    def _game(self, kind: Kind, result: Any) -> None:
        if kind == "malformed":
            body = {"source": result.source, "errors": result.errors}
            self.progress.write(self.err, json.dumps(body) + "\n")
            return
        if kind == "legal" and self.quiet:
            return
        obj = result.verdict if self.single else {"source": result.source, **result.verdict}
        if result.notes:
            obj = {**obj, "notes": list(result.notes)}
        if result.imported:
            obj = {**obj, "import": result.imported}
        self.progress.write(self.out, json.dumps(obj) + "\n")


class HtmlFormatter(Formatter):
    """One self-contained HTML report per match in ``output_dir`` (a replay's games
    together; a duel document, or one line of JSON Lines, alone): each game's verdict, the
    rule broken, the board before and after the illegal step and the plays around it. One
    line per file written, then the summary; with ``quiet``, only matches with an illegal or
    malformed game."""

    summary = True
    needs_reports = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.match: str | None = None
        self.games: list[tuple[Kind, Any]] = []
        self.names: set[str] = set()
        self.decks: dict[str, Any] | None = None

    def result(self, kind: Kind, result: Any) -> None:
        if kind == "malformed":  # said on stderr, as the text format says it
            self.progress.write(self.err, paint(describe(result), kind, self.colour) + "\n")
        match = result.source.split("#", 1)[0]
        if match != self.match:
            self._write()
            self.match = match
        if not result.unreadable:  # no report of a file that could not be read at all
            self.games.append((kind, result))
        if result.decks is not None:
            self.decks = result.decks

    def finish(self, tally: Tally) -> None:
        self._write()
        super().finish(tally)

    def _write(self) -> None:
        from validator.teaching.report import report_html, report_title

        games, self.games = self.games, []
        decks, self.decks = self.decks, None
        if self.match is None or not games:
            return
        kinds = [kind for kind, _ in games]
        if self.quiet and all(kind == "legal" for kind in kinds) and \
                not (decks and decks["legal"] is False):
            return
        path = os.path.join(self.output_dir, self._name(self.match))
        html = report_html(report_title(self.match), [r.report for _, r in games], decks)
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(html)
        except OSError as exc:
            raise ReportWriteError(f"cannot write {printable(path)}: "
                                   f"{printable(exc.strerror or exc)}") from None
        counts = ", ".join(f"{kinds.count(k)} {k}" for k in COLOURS if kinds.count(k))
        worst: Kind = "malformed" if "malformed" in kinds else \
            "illegal" if "illegal" in kinds else "legal"
        line = f"{printable(path)}: {len(games)} game{'s' * (len(games) != 1)}, {counts}"
        self.progress.write(self.out, paint(line, worst, self.colour) + "\n")

    def _name(self, match: str) -> str:
        """A report's file name from the match's source, unique within one run.

        A long file name is cut (to 150 bytes of UTF-8) so that the report's name, with its
        line number and suffix, still fits the 255 bytes a file system allows.

        >>> f = HtmlFormatter(None, None, None)
        >>> f._name("logs/a.json"), f._name("b/a.json"), f._name("day.jsonl:3"), f._name("-")
        ('a.html', 'a-2.html', 'day-line3.html', 'stdin.html')
        >>> len(f._name("é" * 120 + ".jsonl:12").encode())
        162
        """
        base, _, line = match.rpartition(":") if ":" in os.path.basename(match) else \
            (match, "", "")
        stem = os.path.splitext(os.path.basename(base))[0] if base != "-" else "stdin"
        stem = stem.encode("utf-8")[:150].decode("utf-8", "ignore")
        stem = (stem or "report") + (f"-line{line}" if line else "")
        name, n = f"{stem}.html", 1
        while name in self.names:
            n += 1
            name = f"{stem}-{n}.html"
        self.names.add(name)
        return name


#: ``--format`` name -> formatter.
FORMATS: dict[str, type[Formatter]] = {"text": TextFormatter, "json": JsonFormatter,
                                       "html": HtmlFormatter}

"""What ``duelcheck check`` and ``duelcheck import`` read: files, folders and standard input.

- A ``.jsonl`` or ``.ndjson`` file, or any input with ``--jsonl``, is JSON Lines: each
  non-blank line is one duel, read and reported on its own (``path:line``), whatever the
  other lines hold.
- Any other file is one duel document, unless it has several lines and its first line is a
  JSON object on its own (then it is JSON Lines too).
- A Duelingbook replay (a JSON object with ``plays`` and no ``cards``) is recognised and
  its games are checked one by one (``path#gameN``); ``--from duelingbook`` insists on it.
- An EDOPro replay (``.yrpX``: a binary file that begins with ``yrpX``, or the older
  ``yrp1``) is recognised by its content and its game checked (docs/edopro.md); ``--from
  edopro`` insists on it.
- A Duelingbook replay's text export (``[m:ss] user: play`` lines) is named as such and not
  read: its replay's JSON is what to send.
- A folder is walked for ``.json``, ``.jsonl``, ``.ndjson``, ``.yrpX`` and ``.yrp`` files,
  in sorted order, skipping hidden files and folders.
- A UTF-8 byte-order mark at the start of a file, a line or standard input is ignored.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Literal, TextIO

from validator.decks.replay import ReplayCards, read_replay
from validator.document.jsontext import loads
from validator.importers.duelingbook.replay import OtherGameError, ReplayError, load_replay
from validator.importers.duelingbook.textexport import TEXT_EXPORT, is_text_export
from validator.importers.edopro.replay import ReplayFileError, import_replay, is_edopro
from validator.teaching.workbench import replay_reason

#: Suffixes of JSON Lines files, and of every file a folder is searched for.
JSON_LINES = (".jsonl", ".ndjson")
DUEL_FILES = (".json", *JSON_LINES)
#: Suffixes of EDOPro replays (compared without case: EDOPro writes ``.yrpX``).
EDOPRO_FILES = (".yrpx", ".yrp")
Source = Literal["auto", "json", "duelingbook", "edopro"]


@dataclass(frozen=True, slots=True)
class Item:
    """One duel to check: where it came from, and its JSON text (or why it could not be read)."""

    source: str
    text: str | None
    error: str | None = None
    decks: ReplayCards | None = None  # a replay's last game: the cards the match shows
    not_judged: bool = False  # a replay of another game (Rush, Speed): ``error`` says which


def gather(paths: list[str], stdin: TextIO, source: Source = "auto",
           jsonl: bool = False) -> Iterator[Item]:
    """Every duel in ``paths`` (``-`` is standard input; a folder is walked).

    >>> import io
    >>> [i.source for i in gather(["-"], io.StringIO('{"cards": {}}\\n{"cards": {}}\\n'))]
    ['-:1', '-:2']
    >>> [i.source for i in gather(["-"], io.StringIO('nope\\n{"cards": {}}\\n'), jsonl=True)]
    ['-:1', '-:2']
    """
    for path in paths:
        if path == "-" and source == "edopro":
            buffer = getattr(stdin, "buffer", None)
            data = buffer.read() if buffer is not None else stdin.read().encode("latin-1")
            yield from edopro_items("-", data)
        elif path == "-":
            yield from _whole("-", stdin.read().removeprefix("\ufeff"), source, jsonl)
        elif os.path.isdir(path):
            found = list(walk(Path(path), source))
            if not found:
                yield Item(path, None, "the folder holds no " + (
                    "replays (.json)" if source == "duelingbook" else
                    "EDOPro replays (.yrpX, .yrp)" if source == "edopro" else
                    ".json, .jsonl, .ndjson or .yrpX files"))
            for file in found:
                yield from _file(str(file), source, jsonl)
        else:
            yield from _file(path, source, jsonl)


def walk(folder: Path, source: Source = "auto") -> Iterator[Path]:
    """The duel files under ``folder``, sorted, hidden ones left out."""
    suffixes = (".json",) if source == "duelingbook" else EDOPRO_FILES \
        if source == "edopro" else (*DUEL_FILES, *EDOPRO_FILES)
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if not name.startswith(".") and name.lower().endswith(suffixes):
                yield Path(root) / name


def _file(path: str, source: Source, jsonl: bool) -> Iterator[Item]:
    try:
        if source == "edopro" or (source == "auto" and not jsonl and _begins_edopro(path)):
            with open(path, "rb") as handle:
                data = handle.read()
            yield from edopro_items(path, data)
            return
        if source != "duelingbook" and (jsonl or path.lower().endswith(JSON_LINES)):
            with open(path, "rb") as handle:
                yield from lines(path, handle)
            return
        text = read_text(path)
    except OSError as exc:
        yield Item(path, None, f"cannot read: {exc.strerror or exc}")
        return
    yield from _whole(path, text, source, jsonl)


def _begins_edopro(path: str) -> bool:
    """Whether the file begins as an EDOPro replay does (``yrpX`` or ``yrp1``)."""
    with open(path, "rb") as handle:
        return is_edopro(handle.read(4))


def edopro_items(path: str, data: bytes) -> Iterator[Item]:
    """The game of an EDOPro replay, as an item holding its duel document; a rule mode the
    project does not judge is an item with its document and no verdict (docs/edopro.md).

    >>> [(i.source, i.error) for i in edopro_items("x.yrpX", b"yrpX")]
    [('x.yrpX', 'not an EDOPro replay: 4 bytes, shorter than the 32-byte header of a .yrpX file')]
    """
    try:
        games = import_replay(data)
    except ReplayFileError as exc:
        yield Item(path, None, str(exc))
        return
    for game in games:
        text = json.dumps(game.document)
        reason = game.document["source"].get("not_judged")
        if reason is not None:
            yield Item(path, text, f"an EDOPro duel played by other rules: {reason}",
                       not_judged=True)
        else:
            yield Item(path, text)


def read_text(path: str) -> str:
    """A file's UTF-8 text without a byte-order mark; ``OSError`` if it is not UTF-8."""
    try:
        with open(path, encoding="utf-8-sig") as handle:
            return handle.read()
    except UnicodeDecodeError as exc:
        raise OSError(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def lines(path: str, handle: BinaryIO) -> Iterator[Item]:
    """JSON Lines, one item per non-blank line, each decoded on its own.

    >>> import io
    >>> [(i.source, i.error) for i in lines("t", io.BytesIO(b'\\xef\\xbb\\xbf{}\\n\\n\\xff\\n'))]
    [('t:1', None), ('t:3', 'line 3 is not UTF-8 text')]
    """
    for number, raw in enumerate(handle, 1):
        if number == 1:
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            yield Item(f"{path}:{number}", None, f"line {number} is not UTF-8 text")
            continue
        if line.strip():
            yield Item(f"{path}:{number}", line)


def _whole(path: str, text: str, source: Source, jsonl: bool) -> Iterator[Item]:
    if source != "json" and not jsonl and is_text_export(text):
        yield Item(path, None, TEXT_EXPORT)
    elif source == "duelingbook" or (source == "auto" and not jsonl and is_replay(text)):
        yield from replay_items(path, text)
    elif jsonl:
        yield from lines(path, _bytes_lines(text))
    else:
        numbered = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        if len(numbered) > 1 and _is_json_object(numbered[0][1]):
            yield from (Item(f"{path}:{n}", line) for n, line in numbered)
        else:
            yield Item(path, text)


def _bytes_lines(text: str) -> BinaryIO:
    import io

    return io.BytesIO(text.encode("utf-8"))


def _is_json_object(line: str) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, RecursionError):
        return False


def is_replay(text: str) -> bool:
    """Whether JSON text is a Duelingbook replay: an object with ``plays`` and no ``cards``.

    >>> is_replay('{"plays": []}'), is_replay('{"cards": {}}'), is_replay('{"plays": ')
    (True, False, False)
    """
    if '"plays"' not in text:
        return False
    try:
        data = loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and "plays" in data and "cards" not in data


def replay_items(path: str, text: str) -> Iterator[Item]:
    """Each game of a Duelingbook replay, as an item holding its duel document."""
    try:
        games = load_replay(text.removeprefix("\ufeff"))
    except OtherGameError as exc:
        yield Item(path, None, str(exc), not_judged=True)
        return
    except ReplayError as exc:
        yield Item(path, None, replay_reason(str(exc)))
        return
    try:
        cards: ReplayCards | None = read_replay(loads(text.removeprefix("\ufeff")))
    except (ValueError, RecursionError):  # pragma: no cover - load_replay read it already
        cards = None
    for n, game in enumerate(games, 1):
        yield Item(f"{path}#game{game.number}", json.dumps(game.document),
                   decks=cards if n == len(games) else None)

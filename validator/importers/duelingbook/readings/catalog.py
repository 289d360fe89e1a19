"""The importer's readings: how a play of a real log is read when it is not what it seems (a
slip fixed at once, a card shown, a phase the log skips), each with a stable id in the readings
catalog (``specs/readings.toml``), as rules have theirs in ``specs/rules.toml``.

A :class:`Reading` is what a reading says of one action (its ids and the words a judge reads,
kept in the action's ``log`` as ``readings`` and ``note``); a :class:`Note` is a note on a game
(the document's ``source.notes``), with the one reading it comes from and the play it applies to.
Ids are stable and only ever added (docs/duelingbook.md, "Readings").
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


@dataclass(slots=True, init=False, unsafe_hash=True)
class Reading:
    """What the importer's readings say of one action: their ids and the words a judge reads.

    A value never changed once made, hashable and compared by its fields; not frozen, so that
    its constructor (written out) is compiled, where a frozen dataclass's generated one stays
    interpreted (an import makes one for most notes and annotations: docs/building.md).

    >>> read("slip.taken-back", "returned at once").plus(read("summon.granted", "granted"))
    Reading(ids=('slip.taken-back', 'summon.granted'), text='returned at once; granted')
    """

    ids: tuple[str, ...]
    text: str

    def __init__(self, ids: tuple[str, ...], text: str) -> None:
        self.ids = ids
        self.text = text

    def plus(self, other: Reading | None) -> Reading:
        """This reading and ``other`` said of the same action (their words joined by "; ")."""
        if other is None:
            return self
        return Reading(self.ids + other.ids, f"{self.text}; {other.text}")


def read(reading: str, text: str) -> Reading:
    """The reading ``reading`` (an id of the catalog) said of an action in ``text``.

    >>> read("battle.replay", "a replay").ids
    ('battle.replay',)
    """
    return Reading((reading,), text)


@dataclass(frozen=True, slots=True)
class Note:
    """A note on a game: the reading it comes from, the words a judge reads (the play first,
    as the text export writes it), and the time of the play it applies to (None for the game).

    >>> Note("import.lp-audit", "LP audit: ...").to_dict()
    {'reading': 'import.lp-audit', 'text': 'LP audit: ...', 'at': None}
    """

    reading: str
    text: str
    at: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The note as the JSON output writes it."""
        return {"reading": self.reading, "text": self.text, "at": self.at}

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class ReadingDoc:
    """One reading of the catalog: its id, title, text, family and a real example."""

    id: str
    title: str
    text: str
    family: str
    example: dict[str, Any]


@cache
def catalog() -> dict[str, ReadingDoc]:
    """The readings catalog (``specs/readings.toml``) by id, in the catalog's order.

    >>> catalog()["slip.taken-back"].family
    'slip'
    """
    raw = resources.files("validator.specs").joinpath("readings.toml").read_text("utf-8")
    return {entry["id"]: ReadingDoc(family=entry["id"].split(".")[0], **entry)
            for entry in tomllib.loads(raw)["reading"]}


def note_text(note: Any) -> str:
    """The words of a note as a document or an older one holds it (an object, or a string).

    >>> note_text({"reading": "x.y", "text": "hello", "at": None}), note_text("plain")
    ('hello', 'plain')
    """
    if isinstance(note, dict):
        return str(note.get("text", ""))
    return str(note)


def note_object(note: Any) -> dict[str, Any]:
    """A document's note as the JSON output writes it: ``{"reading", "text", "at"}``; a note an
    older document holds as plain text has no reading.

    >>> note_object("an older note")
    {'reading': None, 'text': 'an older note', 'at': None}
    >>> note_object({"reading": "import.lp-audit", "text": "LP audit", "at": None})["reading"]
    'import.lp-audit'
    """
    if isinstance(note, dict):
        reading, at = note.get("reading"), note.get("at")
        return {"reading": reading if isinstance(reading, str) else None,
                "text": str(note.get("text", "")), "at": at if isinstance(at, str) else None}
    return {"reading": None, "text": str(note), "at": None}


def readings_used(notes: Any, logs: Any) -> dict[str, int]:
    """How often each reading was made in a game: its notes' readings and its actions' (their
    ``log.readings``), by id, most used first.

    >>> readings_used([{"reading": "import.lp-audit"}],
    ...               [{"readings": ["phase.implied"]}, {"readings": ["phase.implied"]}])
    {'phase.implied': 2, 'import.lp-audit': 1}
    """
    counts: dict[str, int] = {}
    for note in notes if isinstance(notes, (list, tuple)) else ():
        reading = note.get("reading") if isinstance(note, dict) else None
        if isinstance(reading, str):
            counts[reading] = counts.get(reading, 0) + 1
    for log in logs if isinstance(logs, (list, tuple)) else ():
        found = log.get("readings") if isinstance(log, dict) else None
        for reading in found if isinstance(found, list) else ():
            if isinstance(reading, str):
                counts[reading] = counts.get(reading, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def _example(example: dict[str, Any]) -> str:
    if "replay" in example:
        at = f" {example['at']}" if example.get("at") else ""
        return f"{example['replay']} game {example['game']}{at}"
    if "test" in example:
        return f"`{str(example['test']).split('::')[-1]}` (a test; no shared replay shows it yet)"
    return "none yet"


def markdown() -> str:
    """The readings catalog as the Markdown of docs/duelingbook.md's "Readings" section.

    >>> markdown().splitlines()[0]
    '| id | reading | what it reads | example |'
    """
    lines = ["| id | reading | what it reads | example |", "| --- | --- | --- | --- |"]
    for doc in catalog().values():
        text = doc.text.replace("|", "\\|")
        lines.append(f"| `{doc.id}` | {doc.title} | {text} | {_example(doc.example)} |")
    return "\n".join(lines) + "\n"


#: Where docs/duelingbook.md holds the generated table.
START, END = "<!-- readings:start -->\n", "<!-- readings:end -->"


def with_table(text: str) -> str:
    """A document's text with the table between its markers made anew from the catalog.

    >>> with_table(f"intro\\n{START}old{END}\\nrest").startswith(f"intro\\n{START}| id |")
    True
    """
    head, found, rest = text.partition(START)
    _, ended, tail = rest.partition(END)
    if not found or not ended:
        raise ValueError("the readings table's markers are missing")
    return f"{head}{START}{markdown()}{END}{tail}"


# make docs: python -m validator.importers.duelingbook.readings.catalog docs/duelingbook.md
if __name__ == "__main__":
    import sys
    from pathlib import Path

    for name in sys.argv[1:]:
        path = Path(name)
        path.write_text(with_table(path.read_text("utf-8")), "utf-8")
    if len(sys.argv) < 2:
        print(markdown(), end="")

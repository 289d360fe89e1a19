"""Deck lists in: the contract's lists of cards (passcodes or names, one entry a copy), the
common text form (one card a line, ``3 Sangan``, under ``Main``/``Extra``/``Side``
headings) and EDOPro's and YGOPro's ``.ydk`` files (``#main``, ``#extra``, ``!side``, one
passcode a line). Every card that cannot be read is an error at its path (``main.3``,
``line 12``), all of them at once.

>>> deck = parse_text("Main\\n3 Sangan\\nPot of Greed\\nSide\\n2x Mirror Force\\n")
>>> [(e.card.name, e.where) for e in deck.side]
[('Mirror Force', 'line 5'), ('Mirror Force', 'line 5')]
>>> len(parse_text("#main\\n55144522\\n#extra\\n!side\\n").main)
1
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from validator.cards.database import database
from validator.decks.formats import Card, DeckError, identify
from validator.document.jsontext import loads

SECTIONS: Final = ("main", "extra", "side")
#: How many copies one line of the text form may give (more is a typo, not a deck).
MAX_LINE_COUNT: Final = 99
#: How many cards a deck list may hold in all (a deck is 90 at most; this only bounds work).
MAX_CARDS: Final = 1000
_HEADING = re.compile(
    r"^(?:(main|extra|side|fusion)(?:\s+deck)?|(monsters?|spells?|traps?)(?:\s+cards?)?)"
    r"\s*(?:\(\s*\d+\s*\)|:?\s*\d*)\s*:?\s*$", re.I)
#: "3 Sangan", "3x Sangan", "Sangan x3" (x, the multiplication sign or *).
_TIMES = "x\u00d7*"
_COUNT_FIRST = re.compile(rf"^(\d{{1,3}})\s*[{_TIMES}]?\s+(\S.*)$", re.I)
_COUNT_LAST = re.compile(rf"^(\S.*?)\s+[{_TIMES}]\s*(\d{{1,3}})$", re.I)
_YDK = re.compile(r"^(#main|#extra|!side)\s*$", re.M)


@dataclass(frozen=True, slots=True)
class Entry:
    """One copy of a card in a deck list, and where the list gave it."""

    card: Card
    where: str


@dataclass
class DeckList:
    """A deck: its Main, Extra and Side Decks, one entry a copy."""

    main: list[Entry] = field(default_factory=list)
    extra: list[Entry] = field(default_factory=list)
    side: list[Entry] = field(default_factory=list)

    def sections(self) -> Iterator[tuple[str, list[Entry]]]:
        """``("main", entries)``, then the Extra and Side Decks.

        >>> [name for name, _ in DeckList().sections()]
        ['main', 'extra', 'side']
        """
        yield "main", self.main
        yield "extra", self.extra
        yield "side", self.side

    def __len__(self) -> int:
        return len(self.main) + len(self.extra) + len(self.side)


def _unknown(value: int | str) -> str:
    if isinstance(value, int):
        return f"No card has the passcode {value}."
    close = database().similar(value, 3)
    hint = f"; did you mean {', '.join(close)}?" if close else "."
    return f"No card has the name {value[:80]!r}{hint}"


def from_lists(main: object = None, extra: object = None, side: object = None) -> DeckList:
    """A deck from the contract's lists (``main``, ``extra``, ``side``: each entry a passcode
    or a name). A :class:`DeckError` names every entry that is not a card.

    >>> from_lists(["Sangan", 26202165], side=["dark hole"]).side[0].card.passcode
    53129443
    """
    deck = DeckList()
    errors: dict[str, list[str]] = {}
    total = 0
    for name, given in zip(SECTIONS, (main, extra, side), strict=True):
        if given is None:
            continue
        if not isinstance(given, list):
            errors[name] = ["A list of cards (passcodes or names)."]
            continue
        total += len(given)
        if total > MAX_CARDS:
            errors[name] = [f"A deck list holds at most {MAX_CARDS} cards."]
            break
        target = getattr(deck, name)
        for n, value in enumerate(given):
            where = f"{name}.{n}"
            if isinstance(value, bool) or not isinstance(value, int | str):
                errors[where] = ["A card is a passcode (a whole number) or a name."]
                continue
            if isinstance(value, int) and not 0 < value < 10**10:
                errors[where] = [f"No card has the passcode {value}."]
                continue
            if isinstance(value, str) and not 0 < len(value.strip()) <= 200:
                errors[where] = ["A card name of 1 to 200 characters."]
                continue
            card = identify(value)
            if card is None:
                errors[where] = [_unknown(value)]
            else:
                target.append(Entry(card, where))
    if errors:
        raise DeckError(errors)
    return deck


def parse_text(text: str) -> DeckList:
    """A deck in the text form or a ``.ydk`` file (recognised by its ``#main``, ``#extra``
    or ``!side`` line).

    >>> len(parse_text("Main\\n3 Sangan\\nExtra\\nThousand-Eyes Restrict\\n").extra)
    1
    >>> parse_text("#main\\n#extra\\n!side\\n")
    Traceback (most recent call last):
    ...
    validator.decks.formats.DeckError: ...
    """
    text = text.removeprefix("\ufeff")
    deck = _ydk(text) if _YDK.search(text) else _plain(text)
    if not len(deck):  # an empty file, or headings only: no deck to check, not a 0-card one
        raise DeckError({"_file": ["The deck list holds no card: a .ydk file lists one passcode "
                                   "a line under #main, #extra and !side; the text form one "
                                   "card a line ('3 Sangan')."]})
    return deck


def _ydk(text: str) -> DeckList:
    deck = DeckList()
    errors: dict[str, list[str]] = {}
    section = "main"
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"line {number}"
        if line in ("#main", "#extra", "!side"):
            section = line[1:]
        elif not line or line.startswith("#"):
            continue
        elif not line.isdigit() or len(line) > 10:
            errors[where] = [f"A .ydk line holds one passcode, not {line[:40]!r}."]
        elif len(deck) >= MAX_CARDS:
            errors[where] = [f"A deck list holds at most {MAX_CARDS} cards."]
            break
        elif (card := identify(int(line))) is None:
            errors[where] = [_unknown(int(line))]
        else:
            getattr(deck, section).append(Entry(card, where))
    if errors:
        raise DeckError(errors)
    return deck


def _plain(text: str) -> DeckList:
    deck = DeckList()
    errors: dict[str, list[str]] = {}
    section = "main"
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"line {number}"
        if not line or line.startswith(("#", "//")):
            continue
        heading = _HEADING.match(line)
        if heading:
            word = (heading[1] or "main").lower()
            section = "extra" if word == "fusion" else word
            continue
        count, value = 1, line
        if identify(line) is None:
            m = _COUNT_FIRST.match(line) or None
            m_last = None if m else _COUNT_LAST.match(line)
            if m:
                count, value = int(m[1]), m[2].strip()
            elif m_last:
                count, value = int(m_last[2]), m_last[1].strip()
        if not 1 <= count <= MAX_LINE_COUNT:
            errors[where] = [f"A count from 1 to {MAX_LINE_COUNT}, not {count}."]
            continue
        if len(deck) + count > MAX_CARDS:
            errors[where] = [f"A deck list holds at most {MAX_CARDS} cards."]
            break
        card = identify(value)
        if card is None:
            errors[where] = [_unknown(int(value) if value.isdigit() and len(value) <= 10
                                      else value)]
            continue
        getattr(deck, section).extend(Entry(card, where) for _ in range(count))
    if errors:
        raise DeckError(errors)
    return deck


def read_file(text: str, name: str = "") -> tuple[DeckList, dict[str, Any]]:
    """A deck list file: JSON (an object with ``main``, ``extra``, ``side``, and perhaps
    ``format`` and ``date``, returned as the second item), a ``.ydk`` file, or the text form.

    >>> deck, given = read_file('{"format": "goat", "main": ["Sangan"]}', "deck.json")
    >>> len(deck.main), given
    (1, {'format': 'goat'})
    """
    stripped = text.removeprefix("\ufeff").lstrip()
    if name.lower().endswith(".json") or stripped.startswith("{"):
        try:
            data = loads(stripped)
        except (ValueError, RecursionError) as exc:
            raise DeckError({"_file": [f"Not valid JSON: {exc}"]}) from None
        if not isinstance(data, dict):
            raise DeckError({"_file": ["A JSON deck list is an object with main, extra "
                                       "and side lists."]})
        unknown = sorted(set(data) - {"format", "date", *SECTIONS})
        if unknown:
            raise DeckError({k: ["Unknown field."] for k in unknown})
        given = {k: data[k] for k in ("format", "date") if k in data}
        return from_lists(data.get("main"), data.get("extra"), data.get("side")), given
    return parse_text(stripped), {}


def as_json(deck: DeckList) -> str:
    """The deck as the contract's lists (passcodes), as JSON text.

    >>> as_json(from_lists(["Sangan"]))
    '{"main": [26202165], "extra": [], "side": []}'
    """
    return json.dumps({name: [e.card.passcode for e in entries]
                       for name, entries in deck.sections()})

"""The formats a deck is checked against (``validator/decks/data/``, built by
``make deck-lists`` from the sources docs/decks.md names): each format's card pool and its
Forbidden & Limited lists by date, and the cards by passcode or name, alternate artworks and
EDOPro's ids of Goat versions being the card itself.

>>> goat = formats().get("goat")
>>> goat.list_on(None).name, goat.in_pool(identify(5318639).passcode)
('2005.4 GOAT', True)
>>> identify(504700178).name, identify("pot of greed").passcode  # a Goat version's id: Sangan
('Sangan', 55144522)
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from datetime import date as Date
from functools import cache
from importlib import resources
from typing import Any, Final

from validator.cards.database import database

#: The formats, as the contract names them (§7).
FORMAT_NAMES: Final = ("goat", "edison", "advanced")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class DeckError(ValueError):
    """A deck list (or a request to check one) that is not well formed: field errors keyed by
    path (``main.3``, ``line 12``, ``date``), each a list of messages.

    >>> str(DeckError({"main.3": ["No card has the name 'Sangn'."]}))
    "main.3: No card has the name 'Sangn'."
    """

    def __init__(self, errors: dict[str, list[str]]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{k}: {m}" for k, ms in errors.items() for m in ms))


@dataclass(frozen=True, slots=True)
class Card:
    """A card as the deck check counts it: the first passcode of its name (alternate
    artworks and Goat versions are the card), and its name."""

    passcode: int
    name: str

    def to_dict(self) -> dict[str, Any]:
        """``{"passcode", "name"}``, as a finding names its card (passcode None for a card
        the database does not know, such as a Duelingbook custom card).

        >>> Card(0, "My Dragon").to_dict()
        {'passcode': None, 'name': 'My Dragon'}
        """
        return {"passcode": self.passcode or None, "name": self.name}


@dataclass(frozen=True, slots=True)
class CardList:
    """A Forbidden & Limited list: its name, the day it took effect, where it comes from,
    and the limit of each card it names (0, 1 or 2; every other card 3)."""

    name: str
    date: str
    source: str
    limits: dict[int, int]

    def to_dict(self) -> dict[str, str]:
        """``{"name", "date", "source"}``, as a deck check names its list.

        >>> CardList("x", "2010-03-01", "here", {}).to_dict()
        {'name': 'x', 'date': '2010-03-01', 'source': 'here'}
        """
        return {"name": self.name, "date": self.date, "source": self.source}


@dataclass(frozen=True)
class Format:
    """A format: its pool (None for Advanced: every card released in the TCG), its lists
    (oldest first), the largest Extra Deck (None: any size) and the Side Deck's sizes:
    ``side`` cards at most, or with ``side_exact`` (Goat) exactly 0 or ``side``."""

    key: str
    name: str
    pool: frozenset[int] | None
    pool_date: str | None
    lists: tuple[CardList, ...]
    extra_max: int | None
    side: int
    side_exact: bool
    not_in_tcg: frozenset[int] = frozenset()
    #: Which pool the format's cards come from and why, for a finding to name (Edison).
    pool_source: str | None = None

    def list_on(self, day: str | None) -> CardList:
        """The list in force on ``day`` (``YYYY-MM-DD``), the latest without one. Goat and
        Edison have one list, whatever the day; for Advanced a day before the first list
        is a :class:`DeckError` at ``date``.

        >>> formats().get("advanced").list_on("2024-10-01").name
        '2024.09 TCG'
        """
        if day is None or len(self.lists) == 1:
            return self.lists[-1]
        found = [lst for lst in self.lists if lst.date <= day]
        if not found:
            first = self.lists[0]
            raise DeckError({"date": [f"The first {self.name} list these data hold is "
                                      f"{first.name}, in force from {first.date}; {day} is "
                                      f"before it."]})
        return found[-1]

    def in_pool(self, passcode: int, day: str | None = None) -> bool:
        """Whether a card (its :class:`Card` passcode) is in the pool (on ``day``).

        >>> ash, advanced = identify("Snake-Eye Ash").passcode, formats().get("advanced")
        >>> advanced.in_pool(ash), advanced.in_pool(ash, "2023-01-01")
        (True, False)
        """
        if self.pool is not None:
            return passcode in self.pool
        if passcode in self.not_in_tcg or database().card(passcode) is None:
            return False
        if day is not None:
            release = formats().release(passcode)
            return release is None or not release[2] or release[0] <= day
        return True


class Formats:
    """The shipped formats, the aliases of passcodes the card database does not hold, and
    (on first use) each card's first dated TCG printing."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.aliases = {int(k): int(v) for k, v in data["aliases"].items()}
        self.formats: dict[str, Format] = {}
        for key, f in data["formats"].items():
            lists = tuple(CardList(x["name"], x["date"], x["source"],
                                   {int(k): int(v) for k, v in x["limits"].items()})
                          for x in f["lists"])
            pool = frozenset(int(p) for p in f["pool"]) if f["pool"] is not None else None
            side = f["side"]
            self.formats[key] = Format(key, f["name"], pool, f["pool_date"], lists, f["extra"],
                                       max(side) if isinstance(side, list) else int(side),
                                       isinstance(side, list),
                                       frozenset(f.get("not_in_tcg", ())),
                                       f.get("pool_source"))
        self._releases: dict[str, list[Any]] | None = None
        self._lock = threading.Lock()

    def get(self, key: str) -> Format:
        """A format by its contract name (``KeyError`` for another).

        >>> formats().get("goat").side_exact
        True
        """
        return self.formats[key]

    def release(self, passcode: int) -> tuple[str, str, bool] | None:
        """A card's first dated TCG printing: ``(date, set number, complete)``, where
        ``complete`` says every English printing of it is dated (None: none is).

        >>> formats().release(58120309)
        ('2010-03-04', 'DPCT-EN004', True)
        """
        if self._releases is None:
            with self._lock:
                if self._releases is None:
                    self._releases = _load("releases.json")
        found = self._releases.get(str(passcode))
        return (str(found[0]), str(found[1]), bool(found[2])) if found else None


def _load(name: str) -> dict[str, Any]:
    path = resources.files("validator.decks").joinpath("data", name)
    with path.open("rb") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


@cache
def formats() -> Formats:
    """The shipped formats, loaded once on first use.

    >>> [f.name for f in formats().formats.values()]
    ['Goat', 'Edison', 'Advanced']
    """
    return Formats(_load("formats.json"))


@cache
def sources() -> dict[str, Any]:
    """What the formats were built from (repositories and commits) and what the build saw.

    >>> sorted(sources()["sources"])[:2]
    ['BabelCDB', 'Edison']
    """
    return _load("sources.json")


def check_date(value: object, field: str = "date") -> str | None:
    """A ``YYYY-MM-DD`` day as given (None stays None); a :class:`DeckError` at ``field``
    for anything else.

    >>> check_date("2010-03-01"), check_date(None)
    ('2010-03-01', None)
    """
    if value is None:
        return None
    if isinstance(value, str) and _DATE.match(value):
        try:
            Date.fromisoformat(value)
            return value
        except ValueError:
            pass
    raise DeckError({field: [f"Not a day as YYYY-MM-DD: {str(value)[:40]!r}."]})


_CANONICAL: dict[int, Card] = {}


def identify(value: int | str) -> Card | None:
    """The card a deck list names: a passcode (an int, or a string of digits: the
    database's, an alternate artwork's or a Goat version's), else an English name (compared
    as the database compares names). None for a card the database does not know.

    >>> identify(83764719), identify("Sangn")
    (Card(passcode=83764718, name='Monster Reborn'), None)
    """
    db = database()
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 10:
        value = int(value.strip())
    if isinstance(value, int):
        known = _CANONICAL.get(value)
        if known is not None:
            return known
        card = db.card(value) or db.card(formats().aliases.get(value, -1))
    else:
        card = db.named(value) if value.strip() else None
    if card is None:
        return None
    named = db.named(card.name)
    found = Card(named.passcode if named else card.passcode, card.name)
    if isinstance(value, int):
        _CANONICAL[value] = found
    return found

"""The card database the package ships (``validator/cards/data/``, built by ``make card-db``):
every official card by passcode and by name, with its printed data and its rule facts.

It loads on first use (a command that never looks a card up never pays for it); a lookup is a
dictionary lookup. The texts and the source of each fact load on their own first use.

>>> db = database()
>>> db.card(70095154).name, db.named("cyber dragon").passcode
('Cyber Dragon', 70095154)
>>> db.card(70095154).entry()["kind"]
'monster'
"""

from __future__ import annotations

import json
import re
import threading
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import Any, Final

from validator.cards.facts import DOCUMENT_FACTS, CardFacts

#: Card variants the database holds besides the current text (Goat's pre-errata cards).
VARIANTS: Final = ("goat",)
EXTRA_DECK_TYPES: Final = frozenset({"Fusion", "Synchro", "Xyz", "Link"})


def normalized(name: str) -> str:
    """A name as lookups compare it: case, accents, quotes, punctuation and spacing aside,
    and "&" read as "and" (players write "Ash Blossom and Joyous Spring").

    >>> normalized('Maxx "C"') == normalized("maxx c"), normalized("Blackwing - Bora the Spear")
    (True, 'blackwingborathespear')
    >>> normalized("Ash Blossom & Joyous Spring") == normalized("Ash Blossom and Joyous Spring")
    True
    """
    text = unicodedata.normalize("NFKD", name).casefold().replace("&", " and ")
    return re.sub(r"[^0-9a-z\u3040-\u30ff\u4e00-\u9fff]+", "", text)


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card of the database: its printed data and facts (``variant``: which version,
    None for the current one).

    >>> database().card(75498415).facts.tributes
    (0, 1)
    """

    passcode: int
    data: dict[str, Any]
    variant: str | None = None

    @property
    def name(self) -> str:
        """The card's English name."""
        return str(self.data["name"])

    @property
    def kind(self) -> str:
        """``monster``, ``spell`` or ``trap``."""
        return str(self.data["kind"])

    @property
    def facts(self) -> CardFacts:
        """The card's rule facts (all at their defaults for a Normal Monster), read from its
        data on each call: a caller that needs them again keeps them."""
        return CardFacts.from_json(self.data.get("facts", {}))

    @property
    def types(self) -> tuple[str, ...]:
        """A monster's types (``Effect``, ``Synchro``, ``Tuner``...), empty for a Spell/Trap."""
        return tuple(self.data.get("types", ()))

    @property
    def extra_deck(self) -> bool:
        """True for a Fusion, Synchro, Xyz or Link Monster (it starts in the Extra Deck)."""
        return bool(EXTRA_DECK_TYPES & set(self.types))

    @property
    def level(self) -> int | None:
        """The Level, or an Xyz Monster's Rank (what the duel format's ``level`` holds); None
        for a Link Monster and for Spells and Traps."""
        value = self.data.get("level", self.data.get("rank"))
        return int(value) if isinstance(value, int) else None

    def entry(self) -> dict[str, Any]:
        """The card as a duel document's ``cards`` entry holds it (§1), a fresh dict (its
        lists are shared: never change them).

        >>> database().card(43422537).entry()["grants"]
        ['normal_summon']
        """
        key = (self.passcode, self.variant)
        cached = _ENTRIES.get(key)
        if cached is None or cached[0] is not self.data:
            cached = (self.data, self._entry())
            if len(_ENTRIES) < 50_000:
                _ENTRIES[key] = cached
        return dict(cached[1])

    def _entry(self) -> dict[str, Any]:
        """The card as a duel document's ``cards`` entry holds it (§1): its passcode, name,
        kind and stats, and its rule facts.

        >>> entry = database().card(43422537).entry()
        >>> entry["name"], entry["kind"], entry["subtype"], entry["grants"]
        ('Double Summon', 'spell', 'normal', ['normal_summon'])
        """
        d = self.data
        facts = self.facts
        out: dict[str, Any] = {"passcode": self.passcode, "name": self.name, "kind": self.kind}
        if self.kind == "monster":
            if self.level is not None:
                out["level"] = self.level
            if "link" in d:
                out["link"] = d["link"]
                out["link_arrows"] = list(d.get("link_arrows", ()))
            for key in ("atk", "def"):
                if key in d:
                    out[key] = d[key]
            if d.get("pendulum"):
                out["pendulum"] = True
                if isinstance(d.get("scale"), int):
                    out["scale"] = d["scale"]
            if facts.unscripted:
                out["effect"] = "quick"  # effects no script describes: the laxest kind
            else:
                out["effects"] = _effects(facts)
        else:
            out["subtype"] = d["subtype"]
            if facts.effects:
                out["effects"] = _effects(facts)
        written = facts.to_json()
        for key in DOCUMENT_FACTS:
            if key == "trap_from_hand" and self.kind != "trap":
                continue  # a Quick-Play Spell's from the opponent's turn: not the contract's
            if key.startswith("double_tribute") and (
                    self.kind != "monster" or facts.double_tribute_for == "unread"):
                continue  # a filter the builder could not read: no double Tribute (cards.md)
            if key == "trap_monster" and self.kind != "trap":
                continue
            if key in ("grants_double_tribute", "lessens_tributes", "lessens_tributes_by") and \
                    written.get(key.removesuffix("_by")) == "unread":
                continue  # a filter not read: no double Tribute (as double_tribute_for's)
            if key in ("defense_attack", "attacks_directly") and self.kind != "monster":
                continue
            if key == "grants_tributes" and key in written:
                read = [g for g in written[key] if g.get("for") != "unread"]
                if read:  # a filter not read: no procedure (the Level rule's Tributes)
                    out[key] = read
                continue
            if key in ("materials", "locks") and key in written:
                found = _judged(key, written[key])
                if found:
                    out[key] = found
                continue
            if key != "effects" and key in written:
                out[key] = written[key]
        return out

    def details(self) -> dict[str, Any]:
        """The card's text (and Pendulum text) and the source of each fact."""
        key = f"{self.passcode}/{self.variant}" if self.variant else str(self.passcode)
        return database().details(key)

    def describe(self) -> dict[str, Any]:
        """Everything the database knows of the card, as ``GET /v1/cards/{passcode}`` answers
        it: the document entry, the printed data, every fact with its source, the text."""
        details = self.details()
        d = self.data
        printed = {k: d[k] for k in ("types", "race", "attribute", "level", "rank", "link",
                                     "link_arrows", "atk", "def", "scale", "subtype")
                   if k in d}
        facts = self.facts.to_json()
        return {
            "passcode": self.passcode, "name": self.name, "kind": self.kind,
            "variant": self.variant, "card": self.entry(), "printed": printed,
            "facts": facts, "sources": details.get("sources", {}),
            "text": details.get("text", ""),
            **({"pendulum_text": details["pendulum_text"]} if "pendulum_text" in details
               else {}),
            "released": {"tcg": bool(d.get("tcg")), "ocg": bool(d.get("ocg"))},
            "variants": sorted(d.get("variants", {})),
        }

    def as_variant(self, variant: str | None) -> CardInfo:
        """This card as ``variant`` has it (itself when the variant does not differ).

        >>> database().card(24317029).as_variant("goat").name
        "Gravekeeper's Spy"
        """
        if variant is None or variant == self.variant:
            return self
        changes = self.data.get("variants", {}).get(variant)
        if changes is None:
            return self
        merged = {k: v for k, v in self.data.items() if k != "variants"}
        merged.update(changes)
        return CardInfo(self.passcode, merged, variant)


#: (passcode, variant) -> (the card's data, its document entry): entries are built once.
_ENTRIES: dict[tuple[int, str | None], tuple[dict[str, Any], dict[str, Any]]] = {}


def _judged(key: str, value: Any) -> list[dict[str, Any]]:
    """What a document's entry holds of ``materials`` or ``locks``: what the builder could
    not read is left out, so that the judge does not flag it (docs/cards.md): ``materials``
    of a procedure not read are none at all (another way to Summon the card may be it), a
    filter not read is no ``kinds``, a lock whose target was not read is no lock.

    >>> _judged("materials", [{"summon": "link", "min": 2, "max": 2, "kinds": "unread"}])
    [{'summon': 'link', 'min': 2, 'max': 2}]
    >>> _judged("materials", "unread"), _judged("locks", [{"allows": "unread"}])
    ([], [])
    """
    if not isinstance(value, list):
        return []
    if key == "locks":
        return [lock for lock in value if lock["allows"] != "unread"]
    return [{k: v for k, v in m.items() if v != "unread"} for m in value]


def _effects(facts: CardFacts) -> list[dict[str, Any]]:
    """The facts' effects in the contract's own key order (``kind``, then ``from``)."""
    return [e.to_json() for e in facts.effects]


class Entries:
    """The cards' data by passcode (as text), each card parsed on its first use: the file holds
    one card a line (``"70095154": {"name": "Cyber Dragon", ...},``), so loading only splits
    it and reads each name; a file of another shape is parsed whole.

    >>> entries = Entries.read('{\\n"1": {"name":"A","kind":"spell"},\\n"2": {"name":"B"}\\n}\\n')
    >>> entries.get("1")["kind"], entries.names["B"], len(entries)
    ('spell', 2, 2)
    """

    def __init__(self, raw: dict[str, str], names: dict[str, int]) -> None:
        self._raw = raw
        self._parsed: dict[str, dict[str, Any]] = {}
        #: Each name -> the lowest passcode of that name.
        self.names = names

    @classmethod
    def read(cls, text: str) -> Entries:
        """The entries of a ``cards.json`` text."""
        raw: dict[str, str] = {}
        names: dict[str, int] = {}
        lines = text.splitlines()
        for line in lines[1:-1]:
            quote = line.find('"', 1)
            body = line[quote + 3:].rstrip(",")
            if not (line.startswith('"') and line[quote + 1:quote + 3] == ": " and
                    body.startswith(_NAME_KEY)):
                return cls._whole(text)
            raw[line[1:quote]] = body
            name, _ = _DECODER.raw_decode(body, len(_NAME_KEY) - 1)
            names[name] = min(names.get(name, _NO_CARD), int(line[1:quote]))
        if lines[:1] != ["{"] or lines[-1:] != ["}"]:
            return cls._whole(text)
        return cls(raw, names)

    @classmethod
    def _whole(cls, text: str) -> Entries:
        data: dict[str, dict[str, Any]] = json.loads(text)
        names: dict[str, int] = {}
        for key in sorted(data, key=int):
            names.setdefault(data[key]["name"], int(key))
        entries = cls({key: "" for key in data}, names)
        entries._parsed = data
        return entries

    def get(self, key: str) -> dict[str, Any] | None:
        """A card's data (None for a passcode the database does not hold)."""
        found = self._parsed.get(key)
        if found is None:
            body = self._raw.get(key)
            if body is None:
                return None
            found = self._parsed[key] = json.loads(body)
        return found

    def __len__(self) -> int:
        return len(self._raw)

    def __iter__(self) -> Iterator[str]:
        """The passcodes, as text, in the file's order."""
        return iter(self._raw)


#: How every card's line begins, after its passcode.
_NAME_KEY: Final = '{"name":"'
_NO_CARD: Final = 1 << 62
_DECODER: Final = json.JSONDecoder()


class CardDatabase:
    """Cards by passcode and by name; texts and sources on first use."""

    def __init__(self, cards: Entries, sources: dict[str, Any]) -> None:
        self._cards = cards
        self.sources = sources
        self._details: dict[str, dict[str, Any]] | None = None
        self._lock = threading.Lock()

    @cached_property
    def _loose(self) -> dict[str, int]:
        """Names compared loosely (:func:`normalized`), built on the first name not found
        exactly."""
        loose: dict[str, int] = {}
        for name, passcode in sorted(self._cards.names.items(), key=lambda item: item[1]):
            loose.setdefault(normalized(name), passcode)
        return loose

    def __len__(self) -> int:
        return len(self._cards)

    def card(self, passcode: int, variant: str | None = None) -> CardInfo | None:
        """The card of that passcode (None when the database does not know it)."""
        data = self._cards.get(str(passcode))
        if data is None:
            return None
        return CardInfo(int(passcode), data).as_variant(variant)

    def named(self, name: str, variant: str | None = None) -> CardInfo | None:
        """The card of that English name: exactly, else compared without case, accents and
        punctuation (Duelingbook and players spell names loosely)."""
        passcode = self._cards.names.get(name)
        if passcode is None:
            passcode = self._loose.get(normalized(name))
        return self.card(passcode, variant) if passcode is not None else None

    def lookup(self, passcode: int | None = None, name: str | None = None,
               variant: str | None = None) -> CardInfo | None:
        """By passcode when one is given and known, else by name."""
        found = self.card(passcode, variant) if passcode is not None else None
        if found is None and name:
            found = self.named(name, variant)
        return found

    def similar(self, name: str, limit: int = 5) -> list[str]:
        """Names close to ``name`` (for a "did you mean"), best first."""
        import difflib

        return difflib.get_close_matches(name, list(self._cards.names), n=limit, cutoff=0.6)

    def details(self, key: str) -> dict[str, Any]:
        """Texts and sources of a card (``"70095154"``, or ``"24317029/goat"``)."""
        if self._details is None:
            with self._lock:
                if self._details is None:
                    self._details = _load("texts.json")
        found: dict[str, Any] = self._details.get(key, {})
        return found

    def __iter__(self) -> Any:
        for key in self._cards:
            data = self._cards.get(key)
            if data is not None:
                yield CardInfo(int(key), data)


def _load(name: str) -> dict[str, Any]:
    path = resources.files("validator.cards").joinpath("data", name)
    with path.open("rb") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def _entries() -> Entries:
    path = resources.files("validator.cards").joinpath("data", "cards.json")
    return Entries.read(path.read_text("utf-8"))


_DATABASE: list[CardDatabase] = []
_LOCK = threading.Lock()


def database() -> CardDatabase:
    """The shipped card database, loaded once (thread-safe) on first use."""
    if _DATABASE:
        return _DATABASE[0]
    with _LOCK:
        if not _DATABASE:
            _DATABASE.append(CardDatabase(_entries(), _load("sources.json")))
    return _DATABASE[0]

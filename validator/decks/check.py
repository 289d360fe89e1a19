"""The deck check (contract §7): a deck against a format's card pool, its Forbidden & Limited
list in force on a day, and the rules of deck construction. A finding never makes a duel's
verdict illegal: it is an answer of its own, as a judge's deck check is.

Each card gets at most one finding, the first of: not in the pool (``deck.not-in-pool``),
Forbidden (``deck.forbidden``), more copies than its limit (``deck.over-limit``), more than
3 copies (``deck.copies``); copies are counted in the Main, Extra and Side Decks together.

>>> from validator.decks.lists import from_lists
>>> deck = from_lists(["Sangan"] * 2 + ["Pot of Greed"] * 38)
>>> [(f["id"], f["card"]["name"] if f["card"] else f["deck"]) for f in
...  check_deck(deck, "goat").to_dict()["findings"]]
[('deck.over-limit', 'Sangan'), ('deck.over-limit', 'Pot of Greed')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from validator.decks.formats import (
    FORMAT_NAMES,
    Card,
    CardList,
    DeckError,
    Format,
    check_date,
    formats,
)
from validator.decks.lists import DeckList

#: The Main Deck's size (contract §7) and the most copies of a card.
MAIN_MIN: Final = 40
MAIN_MAX: Final = 60
COPIES: Final = 3
_LIMIT_WORDS: Final = {0: "Forbidden", 1: "Limited", 2: "Semi-Limited"}
_DECK_WORDS: Final = {"main": "Main", "extra": "Extra", "side": "Side"}


@dataclass(slots=True)
class Finding:
    """One thing a deck check found: its id, the card (None for a deck's size), the count,
    what is allowed, and the list or rule behind it (``detail``); ``deck`` for a size,
    ``copies`` (where the copies are) for a card, and ``seen`` (where a replay shows each
    copy) for a replay's cards."""

    id: str
    card: Card | None
    count: int
    allowed: int | str
    detail: str
    deck: str | None = None
    copies: dict[str, int] | None = None
    seen: list[dict[str, Any]] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The finding as the contract shapes it.

        >>> Finding("deck.size", None, 39, "40-60", "Too few.", deck="main").to_dict()["deck"]
        'main'
        """
        out: dict[str, Any] = {"id": self.id,
                               "card": self.card.to_dict() if self.card else None,
                               "count": self.count, "allowed": self.allowed,
                               "detail": self.detail}
        if self.deck is not None:
            out["deck"] = self.deck
        if self.copies is not None:
            out["copies"] = self.copies
        if self.seen is not None:
            out["seen"] = self.seen
        return out


@dataclass
class DeckCheck:
    """A deck check's answer: the format, the list it used (``card_list``) and the
    findings."""

    format: str
    card_list: CardList
    findings: list[Finding] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        """True when there is no finding.

        >>> DeckCheck("goat", formats().get("goat").lists[0]).legal
        True
        """
        return not self.findings

    def to_dict(self) -> dict[str, Any]:
        """``{"format", "list": {"name", "date", "source"}, "legal", "findings"}`` (§7).

        >>> sorted(DeckCheck("goat", formats().get("goat").lists[0]).to_dict())
        ['findings', 'format', 'legal', 'list']
        """
        return {"format": self.format, "list": self.card_list.to_dict(), "legal": self.legal,
                "findings": [f.to_dict() for f in self.findings]}


def get_format(key: object, field_name: str = "format") -> Format:
    """A format by its contract name; a :class:`DeckError` at ``field_name`` for another.

    >>> get_format("edison").name
    'Edison'
    """
    if isinstance(key, str) and key in FORMAT_NAMES:
        return formats().get(key)
    raise DeckError({field_name: [f"One of {', '.join(FORMAT_NAMES)}, not "
                                  f"{str(key)[:40]!r}."]})


def _where(copies: dict[str, int]) -> str:
    return ", ".join(f"{_DECK_WORDS[k]} {n}" for k, n in copies.items() if n)


def pool_reason(fmt: Format, card: Card, day: str | None) -> str:
    """Why a card is outside a format's pool, in words (with its first TCG printing when the
    data know it).

    >>> pool_reason(get_format("goat"), Card(0, "My Dragon"), None)
    'not a card the card database knows'
    """
    from validator.cards.database import database

    info = database().card(card.passcode)
    if info is None:
        return "not a card the card database knows"
    release = formats().release(card.passcode)
    printed = f"first printed in the TCG in {release[1]} on {release[0]}" if release else ""
    if fmt.key == "goat":
        why = (f"not in the Goat card pool (the whitelist {fmt.lists[-1].name}, "
               f"{fmt.lists[-1].source})")
        return f"{why}; {printed}" if printed else why
    if fmt.key == "edison":
        why = f"not in the Edison card pool ({fmt.pool_source})" \
            if fmt.pool_source else \
            f"not in the Edison card pool (the cards released in the TCG by {fmt.pool_date})"
        return f"{why}; {printed}" if printed else why
    if card.passcode in fmt.not_in_tcg:
        return "not released in the TCG (yaml-yugi gives it no TCG status, or 'Not yet released')"
    return f"not released in the TCG by {day}: {printed}"


def card_findings(fmt: Format, lst: CardList, day: str | None,
                  counts: dict[Card, dict[str, int]],
                  seen: dict[Card, list[dict[str, Any]]] | None = None) -> list[Finding]:
    """The findings of each card of ``counts`` (``{card: {"main": n, ...}}``, in the order the
    deck gives them): pool, list and copies. With ``seen`` (a replay's sightings of each
    card), the counts are copies seen, in no particular deck.

    >>> goat = get_format("goat")
    >>> sangan = Card(26202165, "Sangan")
    >>> [f.id for f in card_findings(goat, goat.lists[0], None, {sangan: {"main": 2}})]
    ['deck.over-limit']
    """
    out = []
    for card, copies in counts.items():
        n = sum(copies.values())
        where = f"{n} {'copy' if n == 1 else 'copies'} seen in the replay" if seen is not None \
            else f"{n} found ({_where(copies)})"
        limit = lst.limits.get(card.passcode, COPIES)
        finding: Finding | None = None
        if not fmt.in_pool(card.passcode, day):
            finding = Finding("deck.not-in-pool", card, n, 0,
                              f"{card.name} is {pool_reason(fmt, card, day)}; {where}.")
        elif limit == 0:
            finding = Finding("deck.forbidden", card, n, 0,
                              f"Forbidden on {lst.name} ({lst.source}): no copy may be in the "
                              f"Main, Extra or Side Deck; {where}.")
        elif limit < COPIES and n > limit:
            plural = "copy" if limit == 1 else "copies"
            finding = Finding("deck.over-limit", card, n, limit,
                              f"{_LIMIT_WORDS.get(limit, 'Limited')} on {lst.name} "
                              f"({lst.source}): at most {limit} {plural} in the Main, Extra "
                              f"and Side Decks together; {where}.")
        elif n > COPIES:
            finding = Finding("deck.copies", card, n, COPIES,
                              f"At most {COPIES} copies of a card in the Main, Extra and Side "
                              f"Decks together (deck construction); {where}.")
        if finding is not None:
            if seen is not None:
                finding.seen = seen.get(card, [])
            else:
                finding.copies = {k: v for k, v in copies.items() if v}
            out.append(finding)
    return out


def size_findings(fmt: Format, sizes: dict[str, int | None]) -> list[Finding]:
    """The findings of the decks' sizes (a size of None is not known and not checked).

    >>> [f.allowed for f in size_findings(get_format("goat"), {"main": 40, "side": 7})]
    ['0 or 15']
    """
    out = []
    main, extra, side = sizes.get("main"), sizes.get("extra"), sizes.get("side")
    if main is not None and not MAIN_MIN <= main <= MAIN_MAX:
        out.append(Finding("deck.size", None, main, f"{MAIN_MIN}-{MAIN_MAX}",
                           f"A Main Deck holds {MAIN_MIN} to {MAIN_MAX} cards; this one "
                           f"holds {main}.", deck="main"))
    if extra is not None and fmt.extra_max is not None and extra > fmt.extra_max:
        out.append(Finding("deck.size", None, extra, f"0-{fmt.extra_max}",
                           f"An {fmt.name} Extra Deck holds at most {fmt.extra_max} cards; "
                           f"this one holds {extra}.", deck="extra"))
    if side is not None:
        if fmt.side_exact and side not in (0, fmt.side):
            out.append(Finding("deck.size", None, side, f"0 or {fmt.side}",
                               f"A {fmt.name} Side Deck holds 0 or exactly {fmt.side} cards; "
                               f"this one holds {side}.", deck="side"))
        elif not fmt.side_exact and side > fmt.side:
            out.append(Finding("deck.size", None, side, f"0-{fmt.side}",
                               f"A Side Deck holds at most {fmt.side} cards; this one holds "
                               f"{side}.", deck="side"))
    return out


def count(entries: Iterable[tuple[str, Card]]) -> dict[Card, dict[str, int]]:
    """Copies of each card by deck, in the order the cards first come.

    >>> c = Card(1, "x"); count([("main", c), ("side", c)])[c]
    {'main': 1, 'extra': 0, 'side': 1}
    """
    counts: dict[Card, dict[str, int]] = {}
    for section, card in entries:
        found = counts.get(card)
        if found is None:
            found = counts[card] = {"main": 0, "extra": 0, "side": 0}
        found[section] += 1
    return counts


def check_deck(deck: DeckList, format: str, date: str | None = None) -> DeckCheck:
    """Check a deck against ``format`` (``goat``, ``edison``, ``advanced``) and the list in
    force on ``date`` (``YYYY-MM-DD``; the latest without one). A :class:`DeckError` names
    the ``format`` or ``date`` that cannot be used.

    >>> from validator.decks.lists import parse_text
    >>> answer = check_deck(parse_text("40 Pot of Greed"), "advanced", "2024-01-01").to_dict()
    >>> answer["list"]["name"], [f["id"] for f in answer["findings"]]
    ('2024.01 TCG', ['deck.forbidden'])
    """
    fmt = get_format(format)
    day = check_date(date)
    lst = fmt.list_on(day)
    findings = size_findings(fmt, {name: len(entries) for name, entries in deck.sections()})
    findings += card_findings(fmt, lst, day, count((name, e.card) for name, entries in
                                                   deck.sections() for e in entries))
    return DeckCheck(fmt.key, lst, findings)

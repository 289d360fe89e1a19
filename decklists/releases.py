"""When a card came out in the TCG: its English printings (set numbers and set names, from
DawnbrandBots/yaml-yugi), each dated by the set's TCG release (iconmaster5326/YGOJSON's sets:
the earliest date of the set's TCG locales: English, North American, European, Oceanic,
French, German, Italian, Spanish, Portuguese). yaml-yugi carries set numbers, not dates;
YGOJSON has no English date for many sets but a European one, which is the same week.

>>> dates = SetDates({"Absolute Powerforce": {"2010-02-11"}}, {"ABPF-EN": {"2010-02-11"}})
>>> dates.of("ABPF-EN035", "Absolute Powerforce"), dates.of("ABPF-EN001", "?")
('2010-02-11', '2010-02-11')
>>> first_print([("2011-01-20", "DP10-EN025"), (None, "X-EN001")]), first_print([])
(Release(date='2011-01-20', set_number='DP10-EN025', complete=False), None)
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

#: YGOJSON's locales of TCG products (Asian-English, Korean and Chinese are OCG regions).
TCG_LOCALES: Final = frozenset({"en", "na", "eu", "oc", "au", "fr", "fc", "de", "it", "sp",
                                "pt"})
_PREFIX = re.compile(r"^([A-Z0-9]+-[A-Z]{2})")


@dataclass(frozen=True)
class Release:
    """A card's first dated TCG printing; ``complete`` when every English printing of the
    card has a date (so no undated printing can be earlier)."""

    date: str
    set_number: str
    complete: bool


@dataclass
class SetDates:
    """TCG release dates of sets, by English set name and by set-number prefix (a name or a
    prefix that stands for sets of different dates dates nothing)."""

    by_name: dict[str, set[str | None]]
    by_prefix: dict[str, set[str | None]]

    @classmethod
    def from_ygojson(cls, set_files: Iterable[str]) -> SetDates:
        """From the text of YGOJSON's ``sets/*.json`` files.

        >>> text = '{"name": {"en": "S"}, "locales": {"de": {"date": "2010-01-01"}}}'
        >>> SetDates.from_ygojson([text]).by_name
        {'S': {'2010-01-01'}}
        """
        by_name: dict[str, set[str | None]] = defaultdict(set)
        by_prefix: dict[str, set[str | None]] = defaultdict(set)
        for text in set_files:
            data: dict[str, Any] = json.loads(text)
            locales: dict[str, Any] = data.get("locales") or {}
            dates = [str(v["date"]) for k, v in locales.items()
                     if k in TCG_LOCALES and isinstance(v, dict) and v.get("date")]
            date = min(dates) if dates else None
            name = (data.get("name") or {}).get("en")
            if name:
                by_name[str(name)].add(date)
            for key, locale in locales.items():
                if key in TCG_LOCALES and isinstance(locale, dict) and locale.get("prefix"):
                    by_prefix[str(locale["prefix"]).upper()].add(date)
        return cls(dict(by_name), dict(by_prefix))

    def of(self, set_number: str, set_name: str) -> str | None:
        """The TCG date of a printing, by its set's name, else by its set number's prefix.

        >>> SetDates({}, {"ABPF-EN": {"2010-02-11"}}).of("ABPF-EN035", "?")
        '2010-02-11'
        """
        for found in (self.by_name.get(set_name),
                      self.by_prefix.get(m[1]) if (m := _PREFIX.match(set_number)) else None):
            if found and len(found) == 1 and None not in found:
                return next(iter(found))
        return None


def first_print(prints: list[tuple[str | None, str]]) -> Release | None:
    """The earliest dated printing of ``(date, set_number)`` pairs (None when none is dated).

    >>> first_print([(None, "A-EN001")]) is None
    True
    """
    dated = sorted((d, n) for d, n in prints if d)
    if not dated:
        return None
    return Release(dated[0][0], dated[0][1], complete=len(dated) == len(prints))


def english_prints(card: dict[str, Any]) -> list[tuple[str, str]]:
    """A yaml-yugi card's English printings, ``(set_number, set_name)``.

    >>> english_prints({"sets": {"en": [{"set_number": "TP8-EN002", "set_name": "TP 8"}]}})
    [('TP8-EN002', 'TP 8')]
    """
    sets = card.get("sets") or {}
    return [(str(s.get("set_number", "")), str(s.get("set_name", "")))
            for s in sets.get("en") or () if isinstance(s, dict)]

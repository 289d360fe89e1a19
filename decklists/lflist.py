"""EDOPro's Forbidden & Limited list files (``*.lflist.conf``, ProjectIgnis/LFLists): one or
more lists, each ``!name``, an optional ``$whitelist`` line (only the cards listed may be
played), and one card a line, ``passcode limit --comment``.

>>> text = "#[2005.4 GOAT]\\n!2005.4 GOAT\\n$whitelist\\n#forbidden\\n"
>>> text += "3078576 0 --Yata-Garasu\\t\\tMONSTERS\\n"
>>> [(x.name, x.whitelist, x.entries) for x in parse(text)]
[('2005.4 GOAT', True, [(3078576, 0, 'Yata-Garasu')])]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_ENTRY = re.compile(r"^\s*(\d+)\s+(-?\d+)\s*(?:--\s*([^\t]*))?")
#: Name suffixes EDOPro gives its own versions of a card ("Sangan (GOAT)", "(Pre-Errata)").
_SUFFIX = re.compile(r"\s*\((?:GOAT|Pre-?Errata)\)\s*$", re.I)


@dataclass
class LfList:
    """One list of a file: its name, whether it is a whitelist, and its entries
    ``(passcode, limit, the comment's card name)``."""

    name: str
    whitelist: bool = False
    entries: list[tuple[int, int, str]] = field(default_factory=list)


def parse(text: str) -> list[LfList]:
    """Every list of an ``lflist.conf`` text, in order (entries before any ``!`` line are
    dropped: the format has none).

    >>> [x.name for x in parse("!2026.05 TCG\\n!2026.02 TCG\\n")]
    ['2026.05 TCG', '2026.02 TCG']
    """
    lists: list[LfList] = []
    for raw in text.splitlines():
        line = raw.rstrip("\r")
        if line.startswith("!"):
            lists.append(LfList(line[1:].strip()))
        elif line.strip() == "$whitelist" and lists:
            lists[-1].whitelist = True
        elif lists and (m := _ENTRY.match(line)):
            lists[-1].entries.append((int(m[1]), int(m[2]), (m[3] or "").strip()))
    return lists


def card_name(comment: str) -> str:
    """The card a comment names, without EDOPro's version suffix.

    >>> card_name("Night Assailant (Pre-Errata)"), card_name("Fenrir (GOAT)")
    ('Night Assailant', 'Fenrir')
    """
    return _SUFFIX.sub("", comment).strip()

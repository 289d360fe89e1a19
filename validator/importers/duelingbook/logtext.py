"""Reading Duelingbook's log lines: the card a play names, the zones and piles it moves
between. Current wording first (``Sent "X" from S-3 to GY``), older replays' wording too
(``Sent "X" to Graveyard from Deck``, ``Left Pendulum Zone``)."""

from __future__ import annotations

import re
from typing import Any, Final

ZONE: Final = (r"(?:[MS]2?-[1-5]|F-?[12]?\b|Field (?:Spell )?Zone|"
               r"(?:Left|Right) (?:Extra Monster Zone|EMZ|Pendulum Zone))")
_ZONE_IN: Final = re.compile(rf"\b(?:in|from) (?:the )?({ZONE})")
_ZONE_TO: Final = re.compile(rf"\b(?:to|onto|into) (?:the )?({ZONE})")
_MOVE = re.compile(rf"\bfrom (?:the )?({ZONE}) to (?:the )?({ZONE})")
# First looks, four times faster: a zone as written today, or the start of a longer name
# (then the full pattern above reads it).
_QUICK_IN: Final = re.compile(r" (?:in|from) ([MS]2?-[1-5]|F-[12]|F\b|Field|Left|Right|the)")
_QUICK_TO: Final = re.compile(r" (?:to|onto|into) ([MS]2?-[1-5]|F-[12]|F\b|Field|Left|Right|the)")
_LONG: Final = ("Field", "Left", "Right", "the")
_ANY_NAME: Final = re.compile(r'"(.+?)"(?=$|[\s,.;:)!?])')  # a name may hold quotes: Maxx "C"
_ENDS_NAME: Final = frozenset(' ,.;:)!?\t\n')
#: Where a play takes its card from: one pattern, one named group per pile (the first the
#: line names wins). Duelingbook's own capitals are spelled out: without re.I the search is
#: five times faster, and it runs for most plays. Every branch begins with f, c, b or N: the
#: lookahead saying so lets the engine skip to those letters (twice as fast again).
_PILES: Final = re.compile(
    r"(?=[fcbN])(?:\b(?:from (?:the )?(?P<hand>hand)|card (?P<hand2>from hand)"
    r"|from (?:the )?(?P<graveyard>GY|Graveyard|graveyard|grave)"
    r"|from (?:the )?(?P<extra>Extra)"
    r"|from (?:the )?(?:top of )?(?:the )?(?P<deck>[Dd]eck)"
    r"|from (?P<banished2>Banished)|(?<=\S )(?P<banished>banished))\b"
    r'|^Normal Summoned "[^"]+" (?P<hand3>\())')
_DESTINATIONS: Final = (
    (re.compile(r"\bto (?:the )?(?:GY|Graveyard)\b", re.I), "graveyard"),
    (re.compile(r"\bto (?:the )?hand\b", re.I), "hand"),
    (re.compile(r"\bto (?:the )?(?:top|bottom) of (?:the )?deck\b|\bto (?:the )?Deck\b", re.I),
     "deck"),
    (re.compile(r"\bto (?:the )?Extra Deck\b", re.I), "extra"),
)


def spot_name(written: str) -> str:
    """A zone as the tracker names it (the side is decided elsewhere).

    >>> spot_name("Field Spell Zone"), spot_name("Left Extra Monster Zone"), spot_name("M2-3")
    ('F', 'EMZ-L', 'M2-3')
    """
    if written.startswith(("Field", "F")):
        return "F2" if written in ("F-2", "F2") else "F"
    if "Extra Monster" in written or "EMZ" in written:
        return "EMZ-L" if written.startswith("Left") else "EMZ-R"
    if "Pendulum" in written:
        return "PZ-L" if written.startswith("Left") else "PZ-R"
    return written


def zone_in(text: str) -> str | None:
    """The zone a play's card stands in (``in M-3``, ``from S-2``).

    >>> zone_in('Flip Summoned Set "Blade Knight" in M-3'), zone_in('Sent "X" from S-4 to GY')
    ('M-3', 'S-4')
    """
    quick = _QUICK_IN.search(text)
    if quick is None:
        return None
    if quick[1] not in _LONG:
        return spot_name(quick[1])
    match = _ZONE_IN.search(text)
    return spot_name(match[1]) if match else None


def zone_to(text: str) -> str | None:
    """The zone a play puts its card in (``to M-3``, ``onto "X" in M-3``).

    >>> zone_to('Normal Summoned "X" from hand (1/5) to M-3')
    'M-3'
    """
    quick = _QUICK_TO.search(text)
    if quick is None:
        return None
    if quick[1] not in _LONG:
        return spot_name(quick[1])
    match = _ZONE_TO.search(text)
    return spot_name(match[1]) if match else None


def zone_onto(text: str) -> str | None:
    """The zone of the card a play lays its card onto (an Overlay: ``onto "X" in M-4``).

    >>> zone_onto('Overlayed "Geargiano Mk-II" in M-5 onto "Geargiano Mk-II" in M-4')
    'M-4'
    """
    at = text.find(" onto ")
    return zone_in(text[at:]) if at >= 0 else None


def zone_attached(text: str) -> str | None:
    """The zone of the card an "Attached" play lays under an Xyz Monster, when it stands in
    one (``from S-2``): the zone written after the Xyz Monster's name is the Xyz Monster's.

    >>> zone_attached('Attached "Node Ryzeal" from Deck to "Gallant Granite" in M-1')
    >>> zone_attached('Attached "X" from S-2 to "Y" in M-1')
    'S-2'
    """
    at = text.rfind(' to "')
    return zone_in(text[:at] if at >= 0 else text)


def zones_moved(text: str) -> tuple[str, str] | None:
    """Both zones of a move between zones.

    >>> zones_moved('Moved Set card from M-2 to S-1')
    ('M-2', 'S-1')
    """
    match = _MOVE.search(text)
    return (spot_name(match[1]), spot_name(match[2])) if match else None


def name_in(text: str) -> str | None:
    """The (first) card name a log line quotes.

    >>> name_in('Attacked "Token" in M-5 with "Night Assailant" in M-2')
    'Token'
    >>> name_in('Banished "Maxx "C"" from top of deck face-down')
    'Maxx "C"'
    """
    start = text.find('"')
    end = text.find('"', start + 2) if start >= 0 else -1
    if end < 0:
        return None
    if end + 1 == len(text) or text[end + 1] in _ENDS_NAME:
        return text[start + 1:end]
    match = _ANY_NAME.search(text, start)  # a quote inside the name
    return match[1] if match else text[start + 1:end]


def names_in(text: str) -> list[str]:
    """Every card name a log line quotes, in order."""
    return _ANY_NAME.findall(text)


#: The last line :func:`source_pile` read and its pile, as one pair replaced in one write
#: (threads importing at once each see a whole pair): the readings of one play ask of the
#: same line in turn, and a search costs about 12,000 instructions compiled (3 asks in 10 are
#: of the line just asked of, on the Advanced matches).
_LAST_PILE: Final[list[tuple[str | None, str | None]]] = [(None, None)]


def source_pile(text: str) -> str | None:
    """The pile a play takes its card from, when it names one.

    >>> source_pile('Special Summoned banished "X" (1/1) to M-3 (DEF)')
    'banished'
    >>> source_pile('Sent "X" from hand (2/3) to GY'), source_pile('Milled "X" from top of deck')
    ('hand', 'deck')
    """
    last = _LAST_PILE[0]
    if last[0] == text:
        return last[1]
    start = _piles_start(text)
    match = _PILES.search(text, start) if start >= 0 else None
    pile = match.lastgroup.rstrip("23") if match and match.lastgroup else None
    _LAST_PILE[0] = (text, pile)
    return pile


def _piles_start(text: str) -> int:
    """Where a search of :data:`_PILES` may first match in ``text`` (-1: nowhere): every match
    begins at a ``from `` (``card from hand`` five letters before it), at a ``banished``, or
    at the start of a line that begins ``Normal Summoned ``, so the search starts at the
    first of them (a search skips the card's name at about a third of the cost) and a line
    with none has no pile without one. Starting there finds the same match: none begins
    earlier, and the engine reads the letters before the start for ``\\b`` and the lookbehind
    as a search of the whole line does.

    >>> _piles_start('Sent "X" from hand to GY'), _piles_start('Activated "X"')
    (4, -1)
    """
    if text.startswith("Normal Summoned "):
        return 0
    found = text.find("from ")
    found = found - 5 if found >= 5 else found  # "card from hand" begins 5 letters before
    banished = text.find("banished")
    if banished >= 0 and (found < 0 or banished < found):
        return banished
    return found


def takes_from_hand(text: str) -> bool:
    """True when :func:`source_pile` is ``hand``: a substring search answers most lines (only
    a line naming the hand, or an older "Normal Summoned "X" (1/5)", can say so).

    >>> takes_from_hand('Sent "X" from hand (2/3) to GY'), takes_from_hand('Sent "X" to GY')
    (True, False)
    """
    if "hand" not in text and not text.startswith("Normal Summoned "):
        return False
    return source_pile(text) == "hand"


def destination_pile(text: str) -> str | None:
    """The pile a play sends its card to.

    >>> destination_pile('Returned "X" from GY to bottom of deck')
    'deck'
    """
    for pattern, pile in _DESTINATIONS:
        if pattern.search(text):
            return pile
    return None


def object_name(play: dict[str, Any]) -> str | None:
    """The card name a play's card object carries, if any."""
    card = play.get("card")
    if isinstance(card, dict) and card.get("name"):
        return str(card["name"])
    return None


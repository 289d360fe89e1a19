"""What the engine's state refreshes (MSG_UPDATE_DATA, MSG_UPDATE_CARD) say of a card: its
alias (the passcode an alternate artwork stands for), card type, Level or Rank, Link Rating,
ATK and DEF. The importer reads them only for a passcode the card database does not know
(docs/edopro.md): every other message is enough for the game itself.

>>> import struct
>>> block = struct.pack("<HII", 8, 0x1, 46986415) + struct.pack("<HII", 8, 0x4, 46986414)
>>> block += struct.pack("<HI", 4, 0x80000000)
>>> read_blocks(Reader(block), 1)[0].alias
46986414
"""

from __future__ import annotations

import struct
from bisect import bisect_right
from dataclasses import dataclass
from typing import Final

from validator.importers.edopro.yrp import Reader, ReplayFileError

MSG_UPDATE_DATA: Final = 6
MSG_UPDATE_CARD: Final = 7
QUERY_CODE: Final = 0x1
QUERY_ALIAS: Final = 0x4
QUERY_TYPE: Final = 0x8
QUERY_LEVEL: Final = 0x10
QUERY_RANK: Final = 0x20
QUERY_ATTACK: Final = 0x100
QUERY_DEFENSE: Final = 0x200
QUERY_LINK: Final = 0x800000
QUERY_END: Final = 0x80000000
#: Card types (``TYPE_*``).
TYPE_MONSTER: Final = 0x1
TYPE_SPELL: Final = 0x2
TYPE_TRAP: Final = 0x4
TYPE_TOKEN: Final = 0x4000
TYPE_LINK: Final = 0x4000000


@dataclass(slots=True)
class Queried:
    """What one query block says of a card (0 where it says nothing)."""

    code: int = 0
    alias: int = 0
    type: int = 0
    level: int = 0
    rank: int = 0
    link: int = 0
    atk: int = 0
    def_: int = 0


def _block(r: Reader) -> Queried | None:
    """One card's query block, or None for an empty zone."""
    found = Queried()
    first = True
    while r.left >= 2:
        size = r.u16()
        if first and size == 0:
            return None
        first = False
        if size < 4:
            raise ReplayFileError("a state refresh holds a query field shorter than its flag")
        flag = r.u32()
        data = r.take(size - 4)
        if flag == QUERY_END:
            break
        if len(data) >= 4:
            value = data[0] | data[1] << 8 | data[2] << 16 | data[3] << 24  # "<I", no call
            if flag == QUERY_CODE:
                found.code = value
            elif flag == QUERY_ALIAS:
                found.alias = value
            elif flag == QUERY_TYPE:
                found.type = value
            elif flag == QUERY_LEVEL:
                found.level = value
            elif flag == QUERY_RANK:
                found.rank = value
            elif flag == QUERY_LINK:
                found.link = value
            elif flag == QUERY_ATTACK:
                found.atk = value
            elif flag == QUERY_DEFENSE:
                found.def_ = value
    return found


def read_blocks(r: Reader, count: int) -> list[Queried]:
    """Up to ``count`` query blocks (empty zones left out)."""
    out = []
    for _ in range(count):
        if not r.left:
            break
        found = _block(r)
        if found is not None:
            out.append(found)
    return out


Refresh = tuple[int, int, int]


def extra_decks(body: bytes, refreshes: list[Refresh]) -> tuple[list[int], list[int]]:
    """Each player's Extra Deck, passcodes in the engine's order, from the refreshes EDOPro
    writes after MSG_START (``refreshes``: where each stands in ``body``; empty where the
    file has none).

    >>> extra_decks(b"", [])
    ([], [])
    """
    out: tuple[list[int], list[int]] = ([], [])
    for kind, start, end in refreshes[:12]:
        data = body[start:end]
        if kind != MSG_UPDATE_DATA or len(data) < 6 or data[1] != 0x40:
            continue
        r = Reader(data, "a state refresh")
        player = r.u8() & 1
        r.u8()
        r.u32()
        try:
            blocks = read_blocks(r, 256)
        except ReplayFileError:
            continue
        if not out[player]:
            out[player].extend(b.code for b in blocks)
    return out


def queried(body: bytes, refreshes: list[Refresh], wanted: set[int]) -> dict[int, Queried]:
    """What the refreshes say of each passcode of ``wanted``: the first refresh whose first
    block of that card gives its type (a refresh that cannot be read is passed over).

    A card's block begins with its code field (size 8, QUERY_CODE): each card's field is
    looked for once through the refreshes' part of the file, rather than in each refresh in
    turn (they are many), and only the refreshes it stands in are read.

    >>> queried(b"", [], {1})
    {}
    """
    out: dict[int, Queried] = {}
    if not refreshes:
        return out
    starts = [start for _, start, _ in refreshes]
    low, high = starts[0], refreshes[-1][2]
    for code in wanted:
        sign = struct.pack("<HII", 8, QUERY_CODE, code)
        at = body.find(sign, low, high)
        while at >= 0:
            _, start, end = refreshes[bisect_right(starts, at) - 1]
            if at + len(sign) > end or at < start:  # between refreshes, or across one's end
                at = body.find(sign, at + 1, high)
                continue
            try:  # the card's block begins at its code field: read that block alone
                block = _block(Reader(body[at:end], "a state refresh"))
            except ReplayFileError:
                block = None
            if block is not None and block.type:
                out[code] = block
                break
            at = body.find(sign, end, high)  # this refresh's first says nothing: the next
    return out

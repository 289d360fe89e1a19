"""The EDOPro replay file (``.yrpX``, and the older response-only ``.yrp``): its header, its
LZMA body, the players' names, the duel flags, the message packets and the embedded ``yrp1``
(its decks). Read with the standard library only; the layout is that of EDOPro's
``gframe/replay.h`` and ``replay.cpp`` as ``../shared/data/edopro/README.md`` sets it out
(docs/edopro.md).

>>> try:
...     read_replay(b"nope")
... except NotAReplay as error:
...     print(error)
not an EDOPro replay: 4 bytes, shorter than the 32-byte header of a .yrpX file
"""

from __future__ import annotations

import lzma
import struct
from dataclasses import dataclass, field
from typing import Final, NamedTuple

#: The file ids (the first four bytes): a streamed replay, and a response replay.
YRPX: Final = 0x58707279
YRP1: Final = 0x31707279
#: Header flags (``REPLAY_*`` of gframe/replay.h).
COMPRESSED: Final = 0x1
TAG: Final = 0x2
SINGLE_MODE: Final = 0x8
NEWREPLAY: Final = 0x20
HAND_TEST: Final = 0x40
DUEL_FLAGS_64: Final = 0x100
EXTENDED_HEADER: Final = 0x200
#: The packet that holds the embedded yrp1 (OLD_REPLAY_MODE), the last of a yrpX body.
OLD_REPLAY_MODE: Final = 231
#: State refreshes (MSG_UPDATE_DATA, MSG_UPDATE_CARD) and hints (MSG_HINT, MSG_CARD_HINT,
#: MSG_PLAYER_HINT): most of a file's packets, none of them what happened (docs/edopro.md).
#: Named integers, not sets: mypyc inlines a ``Final`` int and turns ``in`` over a tuple of
#: them into comparisons, as cheap as literals in the packet loop.
MSG_UPDATE_DATA: Final = 6
MSG_UPDATE_CARD: Final = 7
MSG_HINT: Final = 2
MSG_CARD_HINT: Final = 160
MSG_PLAYER_HINT: Final = 165
HEADER: Final = 32
EXTENDED: Final = 40
NAME_BYTES: Final = 40
#: The most a body may decompress to (EDOPro writes at most 128 KiB; room for more).
MAX_BODY: Final = 64 << 20
#: The most names a side may have (a tag duel has two).
MAX_NAMES: Final = 8


class ReplayFileError(ValueError):
    """A file that cannot be read as an EDOPro replay, with why (one line)."""


class NotAReplay(ReplayFileError):
    """Not an EDOPro replay file at all."""


class NoLog(ReplayFileError):
    """An EDOPro replay without the engine's message log (a ``.yrp`` of responses only)."""


@dataclass(frozen=True, slots=True)
class Header:
    """The replay header: its id, EDOPro and engine version, flags, time and body size."""

    id: int
    version: int
    flag: int
    timestamp: int
    datasize: int
    props: bytes

    @property
    def edopro_version(self) -> str:
        """The EDOPro version that wrote the file (``41.0``).

        >>> Header(YRPX, 0x000b0029, 0x331, 0, 0, b"").edopro_version
        '41.0'
        """
        return f"{self.version & 0xFF}.{(self.version >> 8) & 0xFF}"

    @property
    def size(self) -> int:
        """The header's length: 32 bytes, 72 with the extended header."""
        return HEADER + (EXTENDED if self.flag & EXTENDED_HEADER else 0)


class Packet(NamedTuple):
    """One message of the engine's log: its type (MSG_MOVE = 50, ...), its data, and where
    it stands in the file (the how-manieth packet, from 0; a tuple: a file holds thousands)."""

    msg: int
    data: bytes
    number: int = 0


@dataclass(slots=True)
class Decks:
    """The decks of the embedded yrp1, each side's duelists in order (home side first):
    Main Deck passcodes then Extra Deck passcodes, as handed to the engine; the start LP,
    hand size and draws per turn."""

    main: list[list[int]] = field(default_factory=list)
    extra: list[list[int]] = field(default_factory=list)
    start_lp: int = 8000
    start_hand: int = 5
    draw_count: int = 1


@dataclass(slots=True)
class Replay:
    """A whole ``.yrpX`` file read: header, names per side, duel flags, the packets of the
    messages that say what happened, decks; and the body with where each state refresh
    stands in it (``(type, start, end)``: most packets are refreshes, read only when asked),
    the packets that came right after a refresh of a hand (EDOPro's sign of the idle prompt),
    and every message type the file holds."""

    header: Header
    names: tuple[list[str], list[str]]
    duel_flags: int
    packets: list[Packet]
    decks: Decks | None
    body: bytes = b""
    refreshes: list[tuple[int, int, int]] = field(default_factory=list)
    after_hands: set[int] = field(default_factory=set)
    hints: set[int] = field(default_factory=set)

    @property
    def seen(self) -> set[int]:
        """Every message type the file holds (the embedded yrp1's packet aside)."""
        return {p.msg for p in self.packets} | {r[0] for r in self.refreshes} | self.hints


def _header(data: bytes) -> Header:
    if len(data) < HEADER:
        raise NotAReplay(f"not an EDOPro replay: {len(data)} bytes, shorter than the 32-byte "
                         f"header of a .yrpX file")
    ident, version, flag, timestamp, datasize, _hash = struct.unpack_from("<6I", data)
    if ident not in (YRPX, YRP1):
        raise NotAReplay("not an EDOPro replay: the file does not begin with \"yrpX\" or "
                         "\"yrp1\"")
    head = Header(ident, version, flag, timestamp, datasize, bytes(data[24:32]))
    if len(data) < head.size:
        raise NotAReplay("not an EDOPro replay: the file ends inside its extended header")
    return head


def body(data: bytes) -> tuple[Header, bytes]:
    """The header and the body (decompressed when the file says it is compressed).

    >>> import struct
    >>> raw = struct.pack("<6I", YRPX, 0x29, 0, 0, 3, 0) + bytes(8) + b"abc"
    >>> body(raw)[1]
    b'abc'
    """
    head = _header(data)
    rest = bytes(data[head.size:])
    if not head.flag & COMPRESSED:
        return head, rest
    if head.datasize <= 0 or head.datasize > MAX_BODY:
        raise ReplayFileError(f"the replay's compressed body claims {head.datasize} bytes: "
                              f"it cannot be read")
    decoder = lzma.LZMADecompressor(lzma.FORMAT_ALONE)
    try:
        out = decoder.decompress(head.props[:5] + struct.pack("<Q", head.datasize) + rest,
                                 max_length=head.datasize)
    except lzma.LZMAError as exc:
        raise ReplayFileError(f"the replay's compressed body does not decompress ({exc})") \
            from None
    if len(out) < head.datasize:
        raise ReplayFileError(f"the replay's compressed body ends early: {len(out)} of "
                              f"{head.datasize} bytes (the file is truncated)")
    return head, out


class Reader:
    """Little-endian numbers read from bytes, with a clear error at the end of the data.

    >>> r = Reader(b"\\x01\\x02\\x00")
    >>> r.u8(), r.u16(), r.left
    (1, 2, 0)
    """

    __slots__ = ("data", "pos", "what")

    def __init__(self, data: bytes, what: str = "the replay") -> None:
        self.data = data
        self.pos = 0
        self.what = what

    @property
    def left(self) -> int:
        """Bytes not read yet."""
        return len(self.data) - self.pos

    def take(self, n: int) -> bytes:
        """The next ``n`` bytes."""
        if n < 0 or self.pos + n > len(self.data):
            raise ReplayFileError(f"{self.what} ends early (wanted {n} bytes at {self.pos})")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def _at(self, n: int) -> int:
        """Where the next ``n`` bytes start (the position moved past them)."""
        pos = self.pos
        if pos + n > len(self.data):
            raise ReplayFileError(f"{self.what} ends early (wanted {n} bytes at {pos})")
        self.pos = pos + n
        return pos

    # The numbers are put together from the bytes (indexing bytes is native code once
    # compiled), not through struct: a call and a tuple per number in the hot decoding.

    def u8(self) -> int:
        """One unsigned byte."""
        return self.data[self._at(1)]

    def u16(self) -> int:
        """An unsigned 16-bit number."""
        d, i = self.data, self._at(2)
        return d[i] | d[i + 1] << 8

    def u32(self) -> int:
        """An unsigned 32-bit number."""
        d, i = self.data, self._at(4)
        return d[i] | d[i + 1] << 8 | d[i + 2] << 16 | d[i + 3] << 24

    def u64(self) -> int:
        """An unsigned 64-bit number."""
        i = self._at(8)
        return int.from_bytes(self.data[i:i + 8], "little")


def _name(raw: bytes) -> str:
    text = raw.decode("utf-16-le", errors="replace")
    return text.split("\x00", 1)[0]


def _names(r: Reader, flag: int) -> tuple[list[str], list[str]]:
    """The players' names per side (home, then opposing)."""
    sides: tuple[list[str], list[str]] = ([], [])
    if flag & SINGLE_MODE and not flag & NEWREPLAY:
        sides[0].append(_name(r.take(NAME_BYTES)))
        sides[1].append(_name(r.take(NAME_BYTES)))
        return sides
    for side in sides:
        if flag & NEWREPLAY:
            count = r.u32()
            if count > MAX_NAMES:
                raise ReplayFileError(f"the replay names {count} players on one side")
        else:
            count = 2 if flag & TAG else 1
        side.extend(_name(r.take(NAME_BYTES)) for _ in range(count))
    return sides


def _duel_flags(r: Reader, flag: int) -> int:
    return r.u64() if flag & DUEL_FLAGS_64 else r.u32()


def read_decks(data: bytes) -> Decks:
    """The decks of a yrp1 file (an embedded one, or a bare ``.yrp``).

    >>> try:
    ...     read_decks(b"yrp1" + bytes(28) + b"no names")
    ... except ReplayFileError as error:
    ...     print(error)
    the embedded yrp1 ends early (wanted 40 bytes at 0)
    """
    head, raw = body(data)
    r = Reader(raw, "the embedded yrp1")
    names = _names(r, head.flag)
    decks = Decks(start_lp=r.u32(), start_hand=r.u32(), draw_count=r.u32())
    _duel_flags(r, head.flag)
    if head.flag & SINGLE_MODE:
        r.take(r.u16())  # the script's name
        if not head.flag & HAND_TEST:
            return decks
    for _ in range(len(names[0]) + len(names[1])):
        n_main = r.u32()
        decks.main.append([r.u32() for _ in range(min(n_main, r.left // 4))])
        n_extra = r.u32()
        decks.extra.append([r.u32() for _ in range(min(n_extra, r.left // 4))])
    return decks


def read_replay(data: bytes) -> Replay:
    """A ``.yrpX`` file read whole; :class:`NoLog` for a response-only ``.yrp``.

    >>> import struct
    >>> try:
    ...     read_replay(struct.pack("<6I", YRP1, 0x29, 0, 0, 0, 0) + bytes(8))
    ... except NoLog as error:
    ...     print(error)  # doctest: +ELLIPSIS
    an old EDOPro replay (.yrp): it holds the players' responses, not the engine's log, ...
    """
    head, raw = body(data)
    if head.id == YRP1:
        raise NoLog("an old EDOPro replay (.yrp): it holds the players' responses, not the "
                    "engine's log, and reading it needs the engine itself, which duelcheck "
                    "never runs")
    r = Reader(raw)
    names = _names(r, head.flag)
    duel_flags = _duel_flags(r, head.flag)
    out = Replay(head, names, duel_flags, [], None, raw)
    packets, keep = out.packets, out.refreshes.append
    pos, end, add = r.pos, len(raw), packets.append
    number, hands = 0, False
    while pos < end:  # the hot loop of reading a file: a million packets in the corpus
        if end - pos < 5:
            raise ReplayFileError(f"the replay's message log ends inside a packet header "
                                  f"({end - pos} bytes left)")
        # the header (a message type byte and a little-endian length of 4 bytes) read from
        # the bytes: native code once compiled, no call
        msg = raw[pos]
        length = raw[pos + 1] | raw[pos + 2] << 8 | raw[pos + 3] << 16 | raw[pos + 4] << 24
        start, pos = pos + 5, pos + 5 + length
        if pos > end:
            raise ReplayFileError(f"the replay's message log ends inside a packet (message "
                                  f"{msg} wants {length} bytes, {end - start} are left)")
        number += 1
        if msg in (MSG_UPDATE_DATA, MSG_UPDATE_CARD):  # kept where it stands: read when asked
            keep((msg, start, pos))
            hands = msg == MSG_UPDATE_DATA and length > 1 and raw[start + 1] == 2  # a hand's
            continue
        if msg in (MSG_HINT, MSG_CARD_HINT, MSG_PLAYER_HINT):
            out.hints.add(msg)
            continue
        if msg == OLD_REPLAY_MODE:
            try:
                out.decks = read_decks(raw[start:pos])
            except ReplayFileError:
                out.decks = None  # the decks are a convenience: the log has the cards
            continue
        if hands:
            out.after_hands.add(len(packets))
            hands = False
        add(Packet(msg, raw[start:pos], number - 1))
    if not packets:
        raise NoLog("an EDOPro replay whose message log is empty: nothing to import")
    return out

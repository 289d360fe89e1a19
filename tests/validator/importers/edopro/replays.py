"""What the EDOPro importer's tests share: the shared replays, and small replay files made
byte by byte (a header, a body, packets), so that a reading can be tested on exactly the
messages it reads."""

from __future__ import annotations

import lzma
import struct
from functools import cache
from pathlib import Path
from typing import Any

from tests.helpers import SHARED
from validator.importers.duelingbook.game import Game
from validator.importers.edopro.replay import import_replay

EDOPRO = SHARED / "data" / "edopro"
YRPX = 0x58707279
#: EDOPro 41.0 on OCG API 11.0, as the shared self-play files were written.
VERSION = 0x000B0029


def shared(name: str) -> Path:
    """A file of ../shared/data/edopro (``selfplay/selfplay-0001.yrpX``)."""
    return EDOPRO / name


def every_file() -> list[Path]:
    """Every replay in ../shared/data/edopro, sorted (empty when it is not there)."""
    return sorted(p for p in EDOPRO.glob("*/*") if p.suffix in (".yrpX", ".yrp"))


def packet(msg: int, data: bytes) -> bytes:
    """One packet of a yrpX body: the message number, its length, its data."""
    return struct.pack("<BI", msg, len(data)) + data


def names(*players: str) -> bytes:
    """The names of a NEWREPLAY body: one per side."""
    out = b""
    for name in players:
        out += struct.pack("<I", 1) + name.encode("utf-16-le").ljust(40, b"\0")
    return out


def yrpx(body: bytes, *, compressed: bool = True, flag: int = 0x120) -> bytes:
    """A yrpX file around ``body`` (compressed as EDOPro does: raw LZMA1, no end marker)."""
    if compressed:
        props = bytes([0x5D]) + struct.pack("<I", 1 << 24)
        stream = lzma.compress(body, format=lzma.FORMAT_ALONE,
                               filters=[{"id": lzma.FILTER_LZMA1, "dict_size": 1 << 24}])
        data = stream[13:]  # the .lzma header: props, dictionary size, length
        flag |= 0x1
    else:
        props, data = bytes(5), body
    head = struct.pack("<6I", YRPX, VERSION, flag, 0, len(body), 0) + props + bytes(3)
    return head + data


def loc(controller: int, location: int, sequence: int, position: int) -> bytes:
    """A ``loc_info``."""
    return struct.pack("<BBII", controller, location, sequence, position)


@cache
def game(name: str) -> Game:
    """The first game of a shared replay, imported once."""
    return import_replay(shared(name).read_bytes())[0]


def action(name: str, index: int) -> dict[str, Any]:
    """The action without its log, and the time the log gives."""
    found = game(name).document["actions"][index]
    return {**{k: v for k, v in found.items() if k != "log"}, "at": found["log"]["time"]}

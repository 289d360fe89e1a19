"""The EDOPro replay file (validator/importers/edopro/yrp.py): header, body, names, flags,
packets and the embedded yrp1, on files made byte by byte and on every shared file."""

from __future__ import annotations

import struct

import pytest

from tests.validator.importers.edopro.replays import EDOPRO, every_file, names, packet, yrpx
from validator.importers.edopro.yrp import (
    NoLog,
    NotAReplay,
    ReplayFileError,
    read_replay,
)

FLAGS = struct.pack("<Q", 0x2E800)
BODY = names("Ann", "Bob") + FLAGS + packet(40, b"\x00") + packet(5, b"\x00\x01")


@pytest.mark.parametrize("compressed", [True, False])
def test_a_body_is_read_compressed_or_stored(compressed: bool) -> None:
    replay = read_replay(yrpx(BODY, compressed=compressed))
    assert replay.names == (["Ann"], ["Bob"])
    assert replay.duel_flags == 0x2E800
    assert [(p.msg, p.data) for p in replay.packets] == [(40, b"\x00"), (5, b"\x00\x01")]
    assert replay.header.edopro_version == "41.0"


def test_a_file_that_is_no_replay_says_so() -> None:
    with pytest.raises(NotAReplay, match="does not begin with"):
        read_replay(b"{" + bytes(40))
    with pytest.raises(NotAReplay, match="shorter than the 32-byte header"):
        read_replay(b"yrpX")


def test_a_truncated_body_says_where_it_ends() -> None:
    whole = yrpx(BODY)
    with pytest.raises(ReplayFileError, match=r"ends early|does not decompress"):
        read_replay(whole[:-6])
    stored = yrpx(BODY + b"\x32\x09", compressed=False)  # a packet header cut short
    with pytest.raises(ReplayFileError, match="inside a packet header"):
        read_replay(stored)


def test_a_response_replay_is_refused_in_one_line() -> None:
    yrp1 = struct.pack("<6I", 0x31707279, 0x29, 0, 0, 0, 0) + bytes(8)
    with pytest.raises(NoLog) as raised:
        read_replay(yrp1)
    assert "\n" not in str(raised.value)
    assert "responses, not the engine's log" in str(raised.value)


def test_a_replay_with_an_empty_log_is_refused() -> None:
    with pytest.raises(NoLog, match="message log is empty"):
        read_replay(yrpx(names("Ann", "Bob") + FLAGS))


@pytest.mark.skipif(not EDOPRO.is_dir(), reason="../shared/data/edopro is not beside it")
def test_every_shared_file_reads_or_is_refused_as_the_old_format() -> None:
    refused = []
    for path in every_file():
        try:
            replay = read_replay(path.read_bytes())
        except NoLog:
            refused.append(path.name)
            continue
        assert replay.packets[0].msg == 4  # MSG_START first
    assert refused == ["GG Psy Dragon vs IA_Scrap bon.yrp"]

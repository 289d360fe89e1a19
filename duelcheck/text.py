"""What every part of the command line's output shares: the kinds of result, and text from
input made safe to print on a terminal."""

from __future__ import annotations

import unicodedata
from typing import Literal

Kind = Literal["legal", "illegal", "malformed"]


def _escape(char: str) -> str:
    code = ord(char)
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char) or \
        (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000
         else f"\\U{code:08x}")


def printable(text: object) -> str:
    r"""``text`` (anything a document, a replay or a path gives) with every control and
    format character made visible as an escape, so that nothing read from a file can move
    the cursor, erase a line, forge a result line or set the terminal's title. Spaces stay.

    >>> printable("ann\x1b[2K\r#game3: legal\u202e")
    'ann\\x1b[2K\\r#game3: legal\\u202e'
    >>> printable("Blue-Eyes White Dragon (bewd)")
    'Blue-Eyes White Dragon (bewd)'
    """
    text = str(text)
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() or unicodedata.category(char) == "Zs"
                   else _escape(char) for char in text)

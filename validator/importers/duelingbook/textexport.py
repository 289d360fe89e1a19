"""A Duelingbook replay's text export, recognised so that a user who sends it is told what it
is (docs/duelingbook.md, "The text export").

Duelingbook shows a replay's log as text too (a date line, then ``[m:ss] user: play`` lines
and ``---(Turn n)---`` rules). duelcheck does not read it: the text names cards only as
printed and hides the ones its exporter could not see ("Set card from hand"), so two copies
of a card cannot be told apart, and it has none of the replay's deck counts or card objects,
which the follower, the card facts and the deck check are read from. A file that is such a
text is refused in one line that says what it is and what to send instead.

>>> is_text_export('Oct 7, 2026, 03:18:54 PM\\n[0:00] Aco77: Aco77 (100/0) hosted a Match\\n'
...                '[0:05] Aco77: "glhf"\\n[0:15] Bo: Chose to go first\\n')
True
>>> is_text_export('{"plays": []}'), is_text_export("[1, 2]")
(False, False)
"""

from __future__ import annotations

import re
from typing import Final

#: What a user who sent a text export is told (one line, as an import error reads).
TEXT_EXPORT: Final = (
    "not a Duelingbook replay but its text export (the log as lines of text, without the "
    "card ids, decks and play fields a verdict is read from): send the replay's JSON "
    "instead, the file Duelingbook serves for the same replay")

#: A play line of the text export: ``[m:ss] username: what was done``.
_PLAY_LINE: Final = re.compile(r"\[\d{1,3}:\d{2}\] [^\n]*?: ")
#: How many lines of the file's start are looked at, and how many must be play lines.
_LOOKED_AT: Final = 12
_PLAYS_NEEDED: Final = 3


def is_text_export(text: str | bytes) -> bool:
    """Whether ``text`` (a file or a request body that is not JSON) is a Duelingbook replay's
    text export: among its first lines, at least three ``[m:ss] user: ...`` play lines.

    >>> is_text_export(b"[0:01] a: Drew a card\\n[0:02] a: Drew a card\\n[0:03] a: Thinking\\n")
    True
    >>> is_text_export("[0:01] one line only"), is_text_export(b"\\xff\\xfe")
    (False, False)
    """
    if isinstance(text, bytes):
        text = text[:4096].decode("utf-8", "replace")
    text = text.lstrip("\ufeff \t\r\n")
    if text[:1] == "{":
        return False
    lines = [line for line in text[:4096].splitlines() if line.strip()][:_LOOKED_AT]
    return sum(1 for line in lines if _PLAY_LINE.match(line)) >= _PLAYS_NEEDED

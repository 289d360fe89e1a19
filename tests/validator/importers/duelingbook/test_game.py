"""What every part of the importer shares (validator/importers/duelingbook/game.py): a play's
texts, kept for the last play read, while other threads read theirs (the service's workers
import replays side by side)."""

from __future__ import annotations

from typing import Any

import pytest

from validator.importers.duelingbook import game
from validator.importers.duelingbook.game import texts

MINE = {"play": "Draw card", "log": {"public_log": "mine"}}
THEIRS = {"play": "Draw card", "log": {"public_log": "theirs"}}


class Interrupted(list[Any]):
    """The cache, with another thread reading its own play right after this one looks."""

    def __init__(self, *items: Any) -> None:
        super().__init__(items)
        self.busy = False

    def __getitem__(self, index: Any) -> Any:
        found = super().__getitem__(index)
        if not self.busy:
            self.busy = True  # the other thread runs now, between this look and the next
            texts(THEIRS)
            self.busy = False
        return found


def test_another_thread_reading_between_two_looks_never_mixes_the_texts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    texts(MINE)
    cache = Interrupted(*game._LAST_TEXTS)
    monkeypatch.setattr(game, "_LAST_TEXTS", cache)
    assert texts(MINE) == ("mine", "mine")
    assert texts(THEIRS) == ("theirs", "theirs")

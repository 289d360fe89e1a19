"""docs/duelingbook.md lists every play kind the importer maps or ignores, and nothing else."""

from __future__ import annotations

import re

from tests.helpers import ROOT
from validator.importers.duelingbook.kinds import KINDS, OUTSIDE

GAME_PLAYS = {"Pick first", "Begin next duel", "Back to RPS"}


def documented() -> set[str]:
    text = (ROOT / "docs" / "duelingbook.md").read_text("utf-8")
    table = text.split("## Every play type", 1)[1].split("\n## ", 1)[0]
    kinds: set[str] = set()
    for row in table.splitlines():
        if row.startswith("| `"):
            kinds |= set(re.findall(r"`([^`]+)`", row.split(" | ")[0]))
    return kinds


def test_the_play_table_is_complete_and_has_nothing_more() -> None:
    assert documented() == set(KINDS) | GAME_PLAYS


def test_no_play_kind_is_both_mapped_and_ignored() -> None:
    handled = {name for name, kind in KINDS.items() if kind.handler is not None}
    assert not handled & OUTSIDE
    assert handled | OUTSIDE == set(KINDS)

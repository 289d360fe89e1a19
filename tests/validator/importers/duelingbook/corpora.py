"""The real Duelingbook corpora in ../shared: Goat and Unlimited at the top, Edison and
Advanced in their folders, each with the file of its signed verdicts."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import SHARED

CORPUS = SHARED / "data" / "duelingbook"
#: Each corpus: its folder, its signed verdicts, and how many matches and games it holds.
CORPORA: dict[str, tuple[Path, str, int, int]] = {
    "goat-unlimited": (CORPUS, "duelingbook-corpus.toml", 6, 15),
    "edison": (CORPUS / "edison", "duelingbook-edison.toml", 60, 124),
    "advanced": (CORPUS / "advanced", "duelingbook-advanced.toml", 130, 326),
}

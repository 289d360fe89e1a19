"""The readings catalog (specs/readings.toml) and the importer's code say the same, and every
example in it is true: the reading is made in that game at that play (docs/duelingbook.md,
"Readings: the catalog")."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

import pytest

from tests.helpers import CORPUS, ROOT
from validator.importers.duelingbook.readings.catalog import catalog, markdown, with_table
from validator.importers.duelingbook.replay import Game, load_replay

IMPORTERS = ROOT / "validator" / "importers" / "duelingbook"
#: Where the code names a reading: read("id", ...), b.note(play, "id", ...), Note("id", ...),
#: ReadAs("id", ...).
_NAMED = re.compile(r'(?:\bread\(|\.note\([^,()]+,|\b(?:Note|ReadAs)\()'
                    r'\s*"([a-z0-9-]+\.[a-z0-9-]+)"')
#: The readings of actions the log skips, named by the builder for an implied action.
IMPLIED = {"phase.implied", "turn.implied-end"}
#: Readings no shared replay or test shows yet: the list only shrinks.
WITHOUT_EXAMPLE_AT_MOST = 15
#: Every id the catalog has had (specs/readings-ever.txt): ids are only ever added.
EVER = [line for line in (ROOT / "specs" / "readings-ever.txt").read_text("utf-8").splitlines()
        if line and not line.startswith("#")]


def _named_in_code() -> set[str]:
    found = set(IMPLIED)
    for path in IMPORTERS.rglob("*.py"):
        found |= set(_NAMED.findall(path.read_text("utf-8")))
    return found


def test_every_reading_the_code_makes_is_in_the_catalog_and_every_entry_is_made() -> None:
    named = _named_in_code()
    assert named - set(catalog()) == set(), "readings the catalog does not have"
    assert set(catalog()) - named == set(), "catalog entries no code makes"


def test_ids_are_unique_stable_and_only_ever_added() -> None:
    raw = tomllib.loads((ROOT / "specs" / "readings.toml").read_text("utf-8"))["reading"]
    ids = [entry["id"] for entry in raw]
    assert len(ids) == len(set(ids)), "an id twice"
    assert set(EVER) <= set(ids), "an id was renamed or removed"
    assert set(ids) <= set(EVER), "a new id: add it to specs/readings-ever.txt too"
    assert all(re.fullmatch(r"[a-z-]+\.[a-z0-9-]+", i) for i in ids)
    assert all(entry["title"] and entry["text"].endswith(".") for entry in raw)


def test_docs_hold_the_catalog_as_generated() -> None:
    text = (ROOT / "docs" / "duelingbook.md").read_text("utf-8")
    assert with_table(text) == text, "run make docs"
    assert markdown().count("\n") == len(catalog()) + 2


@cache
def _games(replay: str) -> list[Game]:
    return load_replay((CORPUS / replay).read_bytes())


def _made(game: Game, reading: str) -> set[str | None]:
    """The times of the plays at which ``game`` makes ``reading``."""
    times = {note.at for note in game.notes if note.reading == reading}
    return times | {action["log"].get("time") for action in game.document["actions"]
                    if reading in action["log"].get("readings", ())}


EXAMPLES = [(doc.id, doc.example) for doc in catalog().values() if "replay" in doc.example]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/data/duelingbook is not beside it")
@pytest.mark.parametrize(("reading", "example"), EXAMPLES, ids=[i for i, _ in EXAMPLES])
def test_each_real_example_makes_its_reading_at_its_play(reading: str,
                                                        example: dict[str, object]) -> None:
    game = _games(str(example["replay"]))[int(str(example["game"])) - 1]
    assert example.get("at") in _made(game, reading)


def test_each_test_example_is_a_test_and_few_readings_have_none() -> None:
    for doc in catalog().values():
        test = doc.example.get("test")
        if test is not None:
            path, name = str(test).split("::")
            assert f"def {name}(" in Path(ROOT / path).read_text("utf-8"), test
    without = [doc.id for doc in catalog().values() if not doc.example]
    assert len(without) <= WITHOUT_EXAMPLE_AT_MOST, without

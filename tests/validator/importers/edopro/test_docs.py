"""docs/edopro.md says what every message of the shared files becomes, and names every note
the importer leaves; the code leaves only notes its catalog (notes.py) has."""

from __future__ import annotations

import re

import pytest

from tests.helpers import ROOT
from tests.validator.importers.edopro.replays import EDOPRO, every_file
from validator.importers.edopro.notes import NOTES
from validator.importers.edopro.records import MSG_NAMES
from validator.importers.edopro.yrp import OLD_REPLAY_MODE, ReplayFileError, body, read_replay

DOC = (ROOT / "docs" / "edopro.md").read_text("utf-8")
CODE = ROOT / "validator" / "importers" / "edopro"


def _table_names() -> set[str]:
    section = DOC.split("## Every message the shared files hold")[1].split("\n## ")[0]
    return set(re.findall(r"`([A-Z_]+)`", section))


@pytest.mark.skipif(not EDOPRO.is_dir(), reason="../shared/data/edopro is not beside it")
def test_every_message_in_the_shared_files_has_its_row() -> None:
    found: set[int] = set()
    for path in every_file():
        try:
            found |= read_replay(path.read_bytes()).seen
        except ReplayFileError:
            body(path.read_bytes())  # the bare .yrp: no messages, but a readable file
    found.add(OLD_REPLAY_MODE)
    names = {MSG_NAMES.get(n, "OLD_REPLAY_MODE" if n == OLD_REPLAY_MODE else str(n))
             for n in found}
    assert names - _table_names() == set()


def test_every_note_is_in_the_docs_and_the_code_makes_only_those() -> None:
    named = set()
    for path in CODE.glob("*.py"):
        if path.name == "notes.py":
            continue
        named |= set(re.findall(r'"(edopro\.[a-z-]+)"', path.read_text("utf-8")))
    assert named - set(NOTES) == set(), "notes the catalog does not have"
    assert set(NOTES) - named == set(), "catalog entries no code makes"
    for note in NOTES:
        assert f"`{note}`" in DOC, note

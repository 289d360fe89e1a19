"""Nothing a user sees changes by accident: every replay in ../shared and every golden case gives
the digests ``tests/behaviour.json`` holds, made from the code before the change (see
``tests/behaviour.py`` for what a digest covers: documents, note texts, stops, verdicts and
states, the command line's text and JSON output and its exit status). The compiled build is held
to the same file by ``tests/test_packaging.py``.

A change meant to change what a user sees (a misreading fixed, a card fact added) remakes the
file with ``make behaviour`` in the same commit, and its message says what changed and why."""

from __future__ import annotations

import json

import pytest

from tests.behaviour import case_digests, replay_digests
from tests.helpers import CORPUS, ROOT

WANT = json.loads((ROOT / "tests" / "behaviour.json").read_text("utf-8"))


def _differ(want: dict[str, str], got: dict[str, str]) -> list[str]:
    return sorted(k for k in want.keys() | got.keys() if want.get(k) != got.get(k))


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/data/duelingbook is not beside it")
def test_every_shared_replay_is_imported_and_judged_as_before() -> None:
    got = replay_digests(CORPUS)
    assert len(got) >= 196
    assert _differ(WANT["replays"], got) == []


def test_every_golden_case_is_judged_as_before() -> None:
    assert _differ(WANT["cases"], case_digests()) == []

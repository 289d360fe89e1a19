"""The workbench page opens an EDOPro replay (.yrpX) as it opens a Duelingbook replay: the
file's bytes to POST /v1/import/edopro, the game listed with its verdict, the board and the
engine's own words at each step (a real headless Chromium, as tests/api/test_page.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.api.browser import Page, needs_chromium, upload
from tests.helpers import SHARED

pytestmark = [needs_chromium, pytest.mark.slow]
LEGAL = SHARED / "data" / "edopro" / "selfplay" / "selfplay-0022.yrpX"
OLD = SHARED / "data" / "edopro" / "real" / "GG Psy Dragon vs IA_Scrap bon.yrp"
needs_shared = pytest.mark.skipif(not LEGAL.exists(), reason="../shared is not beside it")


@needs_shared
def test_an_edopro_replay_opens_with_its_game_its_verdict_and_the_engines_words(
        desktop: Page) -> None:
    upload(desktop, LEGAL)
    games = desktop.locator("#games button")
    assert games.count() == 1
    text = games.nth(0).inner_text()
    assert "Mitsurugi (p1) vs BrandedDespia (p2)" in text
    assert "legal (86 actions; BrandedDespia (p2) won by life points)" in text
    assert "EDOPro 41.0" in desktop.inner_text("#games-box")
    desktop.keyboard.press("End")
    assert "Mitsurugi" in desktop.inner_text("#board .mat.bottom h3")


@needs_shared
def test_an_old_yrp_file_says_why_it_cannot_be_opened(desktop: Page, tmp_path: Path) -> None:
    copy = tmp_path / OLD.name
    copy.write_bytes(OLD.read_bytes())
    desktop.set_input_files("#upload", str(copy))
    status = desktop.wait_for_selector("#status.error")
    assert "not the engine's log" in status.inner_text()


def test_a_file_that_begins_like_a_replay_but_is_cut_is_a_clear_error(
        desktop: Page, tmp_path: Path) -> None:
    cut = tmp_path / "cut.yrpX"
    cut.write_bytes(b"yrpX" + bytes(10))
    desktop.set_input_files("#upload", str(cut))
    status = desktop.wait_for_selector("#status.error")
    assert "shorter than the 32-byte header" in status.inner_text()

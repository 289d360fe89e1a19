"""Zones on the board (issue 16), in a real headless Chromium (tests/api/browser.py): each
card drawn in its zone as Duelingbook shows it (p2's mat turned round), the Extra Monster
Zones between the mats above p1's zones 2 and 4, and Link Arrows (p2's turned round too)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.browser import Page, axe_serious, needs_chromium, no_horizontal_scroll, paste

# The browser, the server and the pages are tests/api/conftest.py's fixtures; skipped where
# Debian's chromium is not installed.
pytestmark = [needs_chromium, pytest.mark.slow]

CARDS: dict[str, Any] = {
    "decode": {"name": "Decode Talker", "kind": "monster", "link": 3, "atk": 2300,
               "link_arrows": ["top", "bottom-left", "bottom-right"], "normal_summon": False},
    "linkuriboh": {"name": "Linkuriboh", "kind": "monster", "link": 1, "atk": 300,
                   "link_arrows": ["bottom"], "normal_summon": False},
    "vorse": {"name": "Vorse Raider", "kind": "monster", "level": 4, "atk": 1900, "def": 1200},
    "lady": {"name": "D.D. Warrior Lady", "kind": "monster", "level": 4},
    "stargazer": {"name": "Stargazer Magician", "kind": "monster", "level": 5, "pendulum": True,
                  "scale": 1},
    "odd": {"name": "Odd-Eyes Pendulum Dragon", "kind": "monster", "level": 7, "pendulum": True,
            "scale": 4},
}
DOC: dict[str, Any] = {
    "ruleset": "advanced", "turn": 3, "cards": CARDS,
    "setup": {"p1": {"monsters": [{"card": "decode", "position": "attack", "zone": "EMZ-L"}],
                     "hand": ["vorse", "stargazer"], "extra_face_up": ["odd"]},
              "p2": {"monsters": [{"card": "lady", "position": "attack", "zone": "M1"},
                                  {"card": "linkuriboh", "position": "attack",
                                   "zone": "EMZ-R"}]}},
    "actions": [{"type": "draw", "player": "p1"},
                {"type": "phase", "player": "p1", "to": "standby"},
                {"type": "phase", "player": "p1", "to": "main1"},
                {"type": "normal_summon", "player": "p1", "card": "vorse", "zone": "M3"},
                {"type": "activate", "player": "p1", "card": "stargazer", "zone": "S5"}],
}


def centre_x(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return float(box["x"] + box["width"] / 2)


def test_cards_stand_in_their_zones_and_the_extra_monster_zones_sit_between_the_mats(
        desktop: Page) -> None:
    paste(desktop, DOC, "#summary.legal")
    board = "#board"
    p1, p2 = f"{board} .mat.bottom .monsters", f"{board} .mat.top .monsters"
    # p1's monster summoned to M3 is in the third zone, not the first
    assert "Vorse Raider" in desktop.inner_text(f"{p1} .zone.z3")
    assert desktop.locator(f"{p1} .zone.z1.empty").count() == 1
    assert "Monster Zone 3: Vorse Raider" in desktop.text_content(f"{p1} .zone.z3")
    xs = [centre_x(desktop, f"{p1} .zone.z{n}") for n in range(1, 6)]
    assert xs == sorted(xs)  # p1's zone 1 on the left
    # p2's mat is turned round: its zone 1 on the right, across from p1's zone 5
    assert "D.D. Warrior Lady" in desktop.inner_text(f"{p2} .zone.z1")
    assert abs(centre_x(desktop, f"{p2} .zone.z1") - xs[4]) < 2
    assert abs(centre_x(desktop, f"{p2} .zone.z4") - xs[1]) < 2
    # the Extra Monster Zones: left above p1's zone 2 and below p2's zone 4, right above
    # p1's zone 4 and below p2's zone 2; each says whose monster it holds
    left, right = f"{board} .emz-row .zone.emz-left", f"{board} .emz-row .zone.emz-right"
    assert abs(centre_x(desktop, left) - xs[1]) < 2
    assert abs(centre_x(desktop, right) - xs[3]) < 2
    assert abs(centre_x(desktop, right) - centre_x(desktop, f"{p2} .zone.z2")) < 2
    top = desktop.locator(f"{board} .mat.top").bounding_box()
    row = desktop.locator(f"{board} .emz-row").bounding_box()
    bottom = desktop.locator(f"{board} .mat.bottom").bounding_box()
    assert top and row and bottom and top["y"] < row["y"] < bottom["y"]
    assert desktop.text_content(left).startswith("Extra Monster Zone, left: p1's")
    assert "Decode Talker" in desktop.text_content(left)
    assert "Linkuriboh" in desktop.text_content(right) and "p2's" in desktop.inner_text(right)
    assert desktop.locator(f"{board} .mat .monsters .card", has_text="Decode Talker").count() == 0


def test_link_arrows_are_drawn_as_the_board_shows_the_field(desktop: Page) -> None:
    paste(desktop, DOC, "#summary.legal")
    decode = desktop.locator("#board .zone.emz-left .card")
    assert sorted(decode.locator(".link-arrow").evaluate_all(
        "els => els.map(e => e.dataset.arrow + ':' + e.className)")) == [
        "bottom-left:link-arrow at-bottom-left", "bottom-right:link-arrow at-bottom-right",
        "top:link-arrow at-top"]
    assert "Link Arrows: top, bottom-left, bottom-right" in decode.text_content()
    assert "Link-3" in decode.inner_text()
    # p2's Linkuriboh points down at p2's own zones: up the screen, turned round
    kuriboh = desktop.locator("#board .zone.emz-right .card")
    arrow = kuriboh.locator(".link-arrow")
    assert arrow.get_attribute("data-arrow") == "bottom"
    assert "at-top" in (arrow.get_attribute("class") or "")
    card_box, arrow_box = kuriboh.bounding_box(), arrow.bounding_box()
    assert card_box and arrow_box and arrow_box["y"] < card_box["y"] + card_box["height"] / 2
    assert "Link Arrows: bottom" in kuriboh.text_content()


def test_pendulum_zones_and_the_face_up_extra_deck(page: Page) -> None:
    paste(page, DOC, "#summary.legal")
    scale = page.locator("#board .mat.bottom .spelltraps .zone.z5")
    assert scale.text_content().startswith("Spell & Trap Zone 5 (Pendulum Zone): Stargazer")
    assert "Scale 1" in scale.inner_text()
    assert page.locator("#board .mat.bottom .spelltraps .zone.z1.pendulum-zone").count() == 1
    extra = page.locator("#board .mat.bottom .pile-extra-deck")
    assert "1 face-up" in extra.inner_text()
    extra.click()
    dialog = page.locator("dialog.pile-dialog[open]")
    dialog.wait_for()
    assert "Odd-Eyes Pendulum Dragon" in dialog.inner_text() and "face-up" in dialog.inner_text()
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.classList.contains('pile-extra-deck')")
    assert axe_serious(page) == []
    no_horizontal_scroll(page)


def test_a_classic_board_draws_zones_without_extra_monster_zones(desktop: Page) -> None:
    doc = {"cards": {k: v for k, v in CARDS.items() if k in ("vorse", "lady")},
           "setup": {"p1": {"hand": ["vorse"]},
                     "p2": {"monsters": [{"card": "lady", "position": "attack", "zone": "M2"}]}},
           "actions": [{"type": "draw", "player": "p1"},
                       {"type": "phase", "player": "p1", "to": "standby"},
                       {"type": "phase", "player": "p1", "to": "main1"},
                       {"type": "normal_summon", "player": "p1", "card": "vorse",
                        "zone": "M4"}]}
    paste(desktop, doc, "#summary.legal")
    assert desktop.locator("#board .emz-row").count() == 0
    assert "Vorse Raider" in desktop.inner_text("#board .mat.bottom .monsters .zone.z4")
    assert "D.D. Warrior Lady" in desktop.inner_text("#board .mat.top .monsters .zone.z2")
    assert "to M4" in desktop.inner_text("#steps")

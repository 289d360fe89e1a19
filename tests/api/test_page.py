"""The judge's workbench page in a real headless Chromium (Debian's, driven by Playwright),
at a desktop's 1280x800 and a phone's 390x844: real replays in, stepping by keyboard, piles,
the downloadable report opened offline, quizzes from real games, and axe-core."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Route, expect

from tests.api.browser import (
    AXE,
    GOAT,
    REPLAY,
    VIEWPORTS,
    WATCH_CSP,
    Page,
    axe_serious,
    csp_violations,
    edited_replay,
    needs_chromium,
    needs_shared,
    no_horizontal_scroll,
    open_page,
    paste,
    upload,
)

pytestmark = [needs_chromium, pytest.mark.slow]


# -- real replays in ------------------------------------------------------------------------
@needs_shared
def test_a_real_replay_uploaded_lists_its_games_with_their_verdicts(page: Page) -> None:
    upload(page, GOAT)
    games = page.locator("#games button")
    assert games.count() == 3
    assert "Pattn13 (p1) vs Galapagos1 (p2)" in games.nth(0).inner_text()
    assert "legal (125 actions; Pattn13 (p1) won by surrender)" in games.nth(0).inner_text()
    third = games.nth(2)
    assert "illegal at step 60: summon.normal-once" in third.inner_text()
    third.click()
    page.wait_for_selector("#rule h3")
    assert "One Normal Summon or Set per turn" in page.inner_text("#rule")
    # the rule box names the player as the headline does, not "p2" (issue 25, item 10)
    assert "What happened: Galapagos1 (p2) already Normal Summoned" in page.inner_text("#rule")
    assert page.inner_text("#summary") == (
        "Illegal at step 60 (turn 4, Main Phase 1, Galapagos1 (p2)): summon.normal-once. "
        "Galapagos1 (p2) already Normal Summoned or Set a monster this turn (action 39).")
    panel = page.inner_text("#step-panel")
    assert '[16:10] Galapagos1: Normal Summoned "Sangan" from hand (3/5) to M-4' in panel
    assert "Galapagos1 Normal Summons Sangan" in panel
    assert page.url.endswith("#game=3&step=60")
    assert "Galapagos1 (p2)" in page.inner_text("#board .mat.top h3")
    no_horizontal_scroll(page)


@needs_shared
def test_a_replay_dropped_or_pasted_is_recognised(desktop: Page) -> None:
    text = REPLAY.read_text("utf-8")
    desktop.evaluate("""text => {
        const data = new DataTransfer();
        data.items.add(new File([text], "dropped.json", {type: "application/json"}));
        document.getElementById("drop").dispatchEvent(
            new DragEvent("drop", {dataTransfer: data, bubbles: true, cancelable: true}));
    }""", text)
    desktop.wait_for_selector("#games button")
    assert desktop.inner_text("#games-title") == "Games of dropped.json"
    assert desktop.locator("#games button").count() == 2
    desktop.click("#paste-box summary")
    # as a paste leaves it (Playwright's fill and insert_text type 350 kB for minutes)
    desktop.evaluate("text => { document.getElementById('doc').value = text; }", text)
    desktop.click("#validate")
    expect(desktop.locator("#games-title")).to_have_text("Games of the pasted JSON")
    assert "sdesowitz02 (p1) vs Aco77 (p2)" in desktop.inner_text("#game-title")
    assert "Unlimited" in desktop.inner_text("#game-title")


# -- moving through a game ------------------------------------------------------------------
@needs_shared
def test_stepping_with_the_keyboard_reaches_the_violation(page: Page, tmp_path: Path) -> None:
    upload(page, edited_replay(tmp_path))
    page.locator("#games button").first.click()
    page.wait_for_selector("#step-panel .step.illegal")
    page.locator("body").focus()
    page.keyboard.press("Home")
    expect(page.locator("#step-panel .step-where")).to_have_text(re.compile(r"^Step 1 of"))
    for n in range(47):
        page.keyboard.press("ArrowRight" if n % 2 else "j")
    panel = page.inner_text("#step-panel")
    assert panel.startswith("Step 48 of") and "illegal" in panel
    assert "[3:34] sdesowitz02: Attacked Set card in M-3" in panel
    assert page.inner_text("#board-title").startswith("Board before step 48")
    assert "phase.restricted-action" in page.inner_text("#rule")
    assert page.url.endswith("#game=1&step=48")
    current = page.locator("#steps button[aria-current=step]")
    assert current.get_attribute("data-index") == "47" and current.is_visible()
    assert current.locator(".step-num").inner_text() == "48"  # one numbering, from 1
    box = page.locator("#steps-box").bounding_box()
    item = current.bounding_box()
    assert box["y"] <= item["y"] and item["y"] + item["height"] <= box["y"] + box["height"]
    page.keyboard.press("k")
    assert page.inner_text("#step-panel").startswith("Step 47 of")
    page.keyboard.press("v")
    assert page.inner_text("#step-panel").startswith("Step 48 of")
    page.click("#as-logged")
    assert "as the log has it" in page.inner_text("#board-title")


@needs_shared
def test_the_step_in_the_url_is_where_the_replay_opens(browser: Any, base_url: str) -> None:
    errors: list[str] = []
    context, page = open_page(browser, base_url + "/#game=2&step=30", VIEWPORTS["desktop"], errors)
    upload(page, REPLAY)
    assert page.inner_text("#step-panel").startswith("Step 30 of")
    assert page.inner_text("#steps button[aria-current=step] .step-num") == "30"
    assert page.get_attribute("#games button[aria-current=true]", "data-game") == "1"
    page.evaluate("location.hash = '#game=2&step=12'")
    expect(page.locator("#step-panel .step-where")).to_have_text(re.compile(r"^Step 12 of"))
    page.select_option("#turn-select", index=2)
    assert page.locator("#slider").input_value() == page.locator("#turn-select").input_value()
    context.close()
    assert errors == []


@needs_shared
def test_the_steps_list_is_one_tab_stop(desktop: Page) -> None:
    upload(desktop, REPLAY)
    assert desktop.locator("#steps button[tabindex='0']").count() == 1
    desktop.focus("#steps button[tabindex='0']")
    desktop.keyboard.press("ArrowUp")
    focused = desktop.evaluate("document.activeElement.dataset.index")
    assert focused == desktop.locator("#slider").input_value()
    desktop.keyboard.press("Tab")
    assert desktop.evaluate("!document.activeElement.closest('#steps')")


# -- the board ------------------------------------------------------------------------------
@needs_shared
def test_a_pile_opens_with_its_cards_and_closes_back_to_its_button(page: Page) -> None:
    upload(page, GOAT)
    page.locator("#games button").nth(2).click()
    page.wait_for_selector("#step-panel .step.illegal")
    pile = page.locator("#board .mat.bottom .pile-graveyard")
    assert re.sub(r"\s+", " ", pile.text_content()) == "Graveyard 4 cards"
    pile.click()
    dialog = page.locator("dialog.pile-dialog[open]")
    dialog.wait_for()
    assert dialog.locator("h2").inner_text() == "Pattn13's Graveyard (4 cards)"
    names = dialog.locator(".pile-list .card-name").all_inner_texts()
    assert names == ["Breaker the Magical Warrior", "Mystic Swordsman LV2", "Solemn Judgment",
                     "Nobleman of Crossout"]  # the most recent first
    assert axe_serious(page) == []
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.classList.contains('pile-graveyard')")
    page.keyboard.press("k")  # the board is drawn again: the focus stays on its Graveyard
    assert page.inner_text("#step-panel").startswith("Step 59 of")
    assert page.evaluate("document.activeElement.closest('.mat.bottom .pile-graveyard') "
                         "!== null")


def test_the_board_shows_positions_sets_equips_and_the_chain(desktop: Page) -> None:
    doc = {"cards": {"g": {"name": "Gemini Elf", "kind": "monster", "level": 4},
                     "w": {"name": "Dark Magician", "kind": "monster", "level": 7},
                     "axe": {"name": "Axe of Despair", "kind": "spell", "subtype": "equip"},
                     "mf": {"name": "Mirror Force", "kind": "trap", "subtype": "normal"},
                     "mst": {"name": "Mystical Space Typhoon", "kind": "spell",
                             "subtype": "quick_play"}},
           "setup": {"p1": {"hand": ["axe", "mst"],
                            "monsters": [{"card": "g", "position": "defense"}]},
                     "p2": {"monsters": [{"card": "w", "position": "facedown_defense"}],
                            "spell_traps": [{"card": "mf", "face_up": False}]}},
           "actions": [{"type": "draw", "player": "p1"},
                       {"type": "phase", "player": "p1", "to": "standby"},
                       {"type": "phase", "player": "p1", "to": "main1"},
                       {"type": "activate", "player": "p1", "card": "axe", "target": "g"},
                       {"type": "resolve", "player": "p1"},
                       {"type": "activate", "player": "p1", "card": "mst"}]}
    paste(desktop, doc, "#summary.legal")
    board = desktop.locator("#board")
    elf = board.locator(".mat.bottom .monsters .card")
    assert "sideways" in elf.get_attribute("class")
    assert "face-up Defense Position" in elf.text_content()
    assert "E1" in elf.inner_text()
    set_monster = board.locator(".mat.top .monsters .card.back")
    assert "Dark Magician" in set_monster.text_content()
    assert "face-down Defense Position" in set_monster.text_content()
    assert "Set" in board.locator(".mat.top .spelltraps .card.back").inner_text()
    equip = board.locator(".mat.bottom .spelltraps .card.spell").first
    assert "→ Gemini Elf" in equip.inner_text() and "E1" in equip.inner_text()
    assert "Mystical Space Typhoon" in board.locator(".chain").inner_text()
    desktop.keyboard.press("Home")
    assert "Hand (3)" in board.locator(".mat.bottom").inner_text()  # the draw, unnamed
    drawn = board.locator(".mat.bottom .hand .card.back")  # a card back, not a Set card
    assert drawn.count() == 1 and drawn.locator(".card-back-label").count() == 0


def test_a_card_given_by_passcode_only_is_drawn_as_the_card(desktop: Page) -> None:
    doc = {"cards": {"v": {"passcode": 97268402}, "mst": {"passcode": 5318639}},
           "setup": {"p1": {"hand": ["v"], "spell_traps": [{"card": "mst", "face_up": True}]}},
           "actions": []}
    paste(desktop, doc, "#summary.legal")
    mat = desktop.locator("#board .mat.bottom")
    assert "Effect Veiler" in mat.locator(".hand").inner_text()
    assert "Mystical Space Typhoon" in mat.locator(".spelltraps").inner_text()


def test_the_outcome_shows_when_the_duel_is_over(desktop: Page) -> None:
    doc = {"cards": {}, "actions": [{"type": "draw", "player": "p1"},
                                    {"type": "surrender", "player": "p2"},
                                    {"type": "phase", "player": "p1", "to": "standby"}]}
    paste(desktop, doc, "#summary.illegal")
    assert "duel.over" in desktop.inner_text("#summary")
    assert "The duel is over: p1 won by surrender." in desktop.inner_text("#board .outcome")
    desktop.keyboard.press("Home")
    assert desktop.locator("#board .outcome").count() == 0


# -- the judge's report ---------------------------------------------------------------------
@needs_shared
def test_the_report_downloads_and_opens_offline(page: Page, browser: Any,
                                                tmp_path: Path) -> None:
    upload(page, GOAT)
    with page.expect_download() as info:
        page.click("#download")
    download = info.value
    assert download.suggested_filename == "goat-1001583-79697592-report.html"
    target = tmp_path / download.suggested_filename
    download.save_as(str(target))
    errors: list[str] = []
    requests: list[str] = []
    context = browser.new_context(viewport=page.viewport_size, offline=True)
    context.add_init_script(WATCH_CSP)
    report = context.new_page()
    report.on("request", lambda r: requests.append(r.url))
    report.on("pageerror", lambda e: errors.append(str(e)))
    report.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    report.goto(target.as_uri())
    report.wait_for_selector(".game-report .mat")
    assert report.inner_text(".tally") == "3 games: 2 legal, 1 illegal."
    third = report.locator(".game-report").nth(2)
    text = third.inner_text()
    assert "Illegal at step 60 (turn 4, Main Phase 1, Galapagos1 (p2)): summon.normal-once." \
        in text
    for part in ("One Normal Summon or Set per turn (summon.normal-once)", "The rule:",
                 "Why:", "Source:", "The board before step 60",
                 "The board after step 60, as the log has it",
                 "Galapagos1 (p2) already Normal Summoned or Set a monster this turn "
                 "(action 39).",
                 '[16:10] Galapagos1: Normal Summoned "Sangan"', "[15:42] Pattn13"):
        assert part in text, part
    after = third.locator(".report-board").nth(1)
    assert "Sangan" in after.locator(".mat.top .monsters").inner_text()
    assert "Sangan" not in third.locator(".report-board").nth(0).locator(
        ".mat.top .monsters").inner_text()
    third.locator(".mat.bottom .pile-graveyard").first.click()
    report.wait_for_selector("dialog.pile-dialog[open]")
    no_horizontal_scroll(report)
    assert axe_serious(report) == []
    assert csp_violations(report) == []
    context.close()
    assert [u for u in requests if not u.startswith("file:")] == [] and errors == []


# -- what the page and the reports send: a strict policy, no framing, no sniffing ----------
def headers_of(url: str, body: bytes | None = None) -> Any:
    import urllib.request

    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        response.read()
        return response.headers


def test_the_page_the_reports_and_the_api_send_a_strict_policy(base_url: str) -> None:
    page = headers_of(base_url + "/")
    assert page["Content-Security-Policy"] == (
        "default-src 'self'; img-src data:; object-src 'none'; frame-ancestors 'none'; "
        "base-uri 'none'; form-action 'none'")
    report = headers_of(base_url + "/v1/report",
                        json.dumps({"title": "t", "games": [{"cards": {}}]}).encode())
    policy = report["Content-Security-Policy"]
    assert policy.startswith("default-src 'none'; script-src 'sha256-")
    assert "unsafe" not in policy and policy.endswith("frame-ancestors 'none'; base-uri 'none'; "
                                                      "form-action 'none'")
    answer = headers_of(base_url + "/v1/rules")
    assert answer["Content-Security-Policy"].startswith("default-src 'none';")
    for headers in (page, report, answer):
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["X-Content-Type-Options"] == "nosniff"


def test_the_page_cannot_be_framed(browser: Any, base_url: str) -> None:
    context = browser.new_context()
    host = context.new_page()
    messages: list[str] = []
    host.on("console", lambda m: messages.append(m.text))
    with host.expect_console_message(lambda m: "frame-ancestors" in m.text):
        host.set_content(f'<iframe src="{base_url}/"></iframe>')
    assert host.frames[1].url.startswith("chrome-error:")
    context.close()


def test_swagger_ui_runs_under_its_policy(desktop: Page, base_url: str) -> None:
    failed: list[str] = []
    desktop.on("response", lambda r: failed.append(f"{r.status} {r.url}")
               if r.status >= 400 else None)
    desktop.goto(base_url + "/docs")
    desktop.wait_for_selector(".swagger-ui .opblock")
    assert csp_violations(desktop) == []
    # a page that names no icon makes the browser ask for /favicon.ico: no 404 in the log
    # (issue 25, trial item 10)
    assert desktop.request.get(base_url + "/favicon.ico").status == 204
    assert failed == []


@needs_shared
def test_a_replays_text_export_is_named_as_such(desktop: Page) -> None:
    """Issue 25, trial item 10: the text form of a replay said "is not JSON"; the page says
    in one line what it is and what to send instead."""
    export = REPLAY.with_suffix(".txt")
    desktop.set_input_files("#upload", str(export))
    status = desktop.locator("#status")
    expect(status).to_contain_text("text export")
    assert status.inner_text() == (
        f"{export.name} is not a Duelingbook replay but its text export (the log as lines of "
        "text, without the card ids, decks and play fields a verdict is read from): send the "
        "replay's JSON instead, the file Duelingbook serves for the same replay.")


# -- the quiz -------------------------------------------------------------------------------
def test_a_quiz_question_from_a_real_game_is_answered_and_explained(page: Page) -> None:
    page.click("#tab-quiz")
    page.wait_for_selector("#quiz-answers:not([hidden])")
    page.select_option("#quiz-source", "duelingbook")
    expect(page.locator("#quiz-question .hint")).to_contain_text("From a real game")
    page.wait_for_selector("#quiz-answers:not([hidden])")
    question = page.inner_text("#quiz-question")
    assert re.search(r"From a real game: .+\.json, game \d \(.+\), .+ \(p1\) vs .+ \(p2\)\.",
                     question), question
    assert page.locator("#quiz-steps .step").count() > 0
    assert page.locator("#quiz-steps .steps-heading").count() > 0
    assert re.search(r"\[\d+:\d\d\]", page.inner_text("#quiz-steps"))
    assert page.locator("#quiz-board .mat").count() == 2
    assert page.inner_text("#quiz-proposed")
    assert "As the log wrote it" not in page.inner_text("#quiz-proposed")  # not before
    page.keyboard.press("Enter")  # focus is on "Legal"
    feedback = page.wait_for_selector("#quiz-feedback:not([hidden])")
    text = feedback.inner_text()
    assert text.startswith(("Correct.", "Not quite."))
    assert "really made" in text or "proposed to test the rule" in text
    assert ("really made" in text) is ("As the log wrote it: [" in text)
    assert not page.is_visible("#answer-legal")
    no_horizontal_scroll(page)


def test_after_an_answer_the_explanation_has_the_focus_and_is_in_view(page: Page) -> None:
    # one question, not the server's random one: a test that draws its case anew each run
    # can fail by chance (a helper saw this one fail once in ten runs; 60 seeds, each tried
    # here, all pass: the seed is pinned to one of them)
    page.route("**/v1/quiz?*", lambda route: route.continue_(url=f"{route.request.url}&seed=7"))
    page.click("#tab-quiz")
    page.wait_for_selector("#quiz-answers:not([hidden])")
    proposed = page.inner_text("#quiz-proposed")
    assert proposed.strip() and "null" not in proposed  # a rules question: no log line
    page.click("#answer-illegal")
    page.wait_for_selector("#quiz-feedback:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "quiz-feedback"
    box = page.evaluate("(() => { const r = document.getElementById('quiz-feedback')"
                        ".getBoundingClientRect(); return [r.top, r.bottom]; })()")
    assert 0 <= box[0] < page.viewport_size["height"], box
    assert axe_serious(page) == []


def test_a_quiz_after_the_end_of_a_duel_says_it_is_over(desktop: Page, base_url: str) -> None:
    from validator.teaching.quiz import quiz

    seed = next(s for s in range(34) if quiz(s, 1).answer["rule"] == "duel.over")
    desktop.route("**/v1/quiz?*", lambda route: route.continue_(
        url=f"{base_url}/v1/quiz?seed={seed}&level=1"))
    desktop.click("#tab-quiz")
    desktop.wait_for_selector("#quiz-answers:not([hidden])")
    assert desktop.inner_text("#quiz-outcome").startswith("The duel is over:")
    assert "won by" in desktop.inner_text("#quiz-board .outcome")


def test_the_two_turn_diagrams_keep_their_arrowheads(desktop: Page) -> None:
    desktop.wait_for_selector("#diagram svg", state="attached")
    desktop.click("#tab-quiz")
    desktop.wait_for_selector("#quiz-diagram svg .phase.current")
    ids = desktop.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    marker = desktop.evaluate("""() => {
        const edge = document.querySelector('#quiz-diagram path.edge');
        const id = edge.getAttribute('marker-end').slice(5, -1);
        return document.getElementById(id).closest('#quiz-diagram') !== null;
    }""")
    assert marker


# -- errors and loading ---------------------------------------------------------------------
@needs_shared
def test_an_answer_that_is_not_json_shows_a_message(desktop: Page) -> None:
    desktop.route("**/v1/import/duelingbook", lambda route: route.fulfill(
        status=502, content_type="text/html", body="<html><h1>Bad Gateway</h1></html>"))
    desktop.set_input_files("#upload", str(REPLAY))
    status = desktop.wait_for_selector("#status.error")
    assert "502" in status.inner_text() and "not JSON" in status.inner_text()
    assert status.get_attribute("role") == "alert"


def test_a_file_that_is_not_json_says_so(desktop: Page, tmp_path: Path) -> None:
    bad = tmp_path / "notes.json"
    bad.write_text("this is not json", "utf-8")
    desktop.set_input_files("#upload", str(bad))
    status = desktop.wait_for_selector("#status.error")
    assert status.inner_text().startswith("notes.json is not JSON:")


def test_a_replay_without_a_game_is_a_clear_error(desktop: Page, tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text('{"plays": []}', "utf-8")
    desktop.set_input_files("#upload", str(empty))
    status = desktop.wait_for_selector("#status.error")
    assert "the replay holds no game" in status.inner_text()


def test_a_slow_answer_shows_that_it_is_working(desktop: Page) -> None:
    # the answer is held until the test has seen the busy line, then let through: a
    # handler that slept instead raced the page (the line could be gone before it was looked for)
    held: list[Route] = []
    desktop.route("**/v1/steps", lambda route: held.append(route))
    paste(desktop, '{"cards": {}, "actions": [{"type": "draw", "player": "p1"}]}',
          "#status.busy")
    assert "Judging the duel" in desktop.inner_text("#status")
    for _ in range(500):  # the request reaches the handler within a Playwright call
        if held:
            break
        desktop.wait_for_timeout(10)
    assert len(held) == 1, "the page did not ask for the steps"
    assert desktop.locator("#status.busy").is_visible()
    held[0].continue_()
    desktop.wait_for_selector("#summary.legal")
    assert not desktop.locator("#status.busy").is_visible()


# -- the examples, pasting, malformed documents (as before) ---------------------------------
def test_an_illegal_example_highlights_its_step_and_rule(desktop: Page) -> None:
    desktop.select_option("#example", "summon.normal-once/1")
    illegal = desktop.wait_for_selector("#steps button.illegal")
    assert "p1 Sets Vorse Raider" in illegal.inner_text()
    assert illegal.get_attribute("data-index") == "4"
    rule = desktop.locator("#rule")
    rule.locator("h3").wait_for()
    assert "One Normal Summon or Set per turn (summon.normal-once)" in rule.inner_text()
    assert "seeds/000_bcf055099641f3d9.txt" in rule.inner_text()
    assert "Illegal at step 5" in desktop.inner_text("#summary")
    assert desktop.inner_text("#board-title").startswith("Board before step 5")
    assert "Gemini Elf" in desktop.inner_text("#board .mat.bottom .monsters")
    assert desktop.url.endswith("#example=summon.normal-once%2F1&step=5")


def test_pasting_a_document_and_choosing_a_step_shows_its_board_and_phase(
        desktop: Page) -> None:
    doc = ('{"cards": {"g": {"name": "Gemini Elf", "kind": "monster", "level": 4}}, '
           '"setup": {"p1": {"hand": ["g"]}}, "actions": [{"type": "draw", "player": "p1"}, '
           '{"type": "phase", "player": "p1", "to": "standby"}, '
           '{"type": "phase", "player": "p1", "to": "main1"}, '
           '{"type": "normal_summon", "player": "p1", "card": "g"}]}')
    paste(desktop, doc, "#summary.legal")
    desktop.click('#steps button[data-index="1"]')
    desktop.wait_for_selector("#bench-phase-standby.current")
    assert desktop.inner_text("#board-title") == "Board after step 2"
    assert "Gemini Elf" in desktop.inner_text("#board .mat.bottom .hand")


@needs_shared
def test_a_replay_cut_off_mid_game_says_its_log_ends_early(desktop: Page,
                                                          tmp_path: Path) -> None:
    replay = json.loads(REPLAY.read_text("utf-8"))
    replay["plays"] = replay["plays"][:len(replay["plays"]) // 4]
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(replay), "utf-8")
    upload(desktop, path)
    last = desktop.locator("#games button").last
    assert "the log ends before the game does: no one has won yet" in last.inner_text()
    last.click()
    expect(desktop.locator("#summary")).to_contain_text(
        "The log ends before the game does: no one has won yet.")


def test_errors_of_the_whole_body_show_no_internal_key(desktop: Page) -> None:
    paste(desktop, "[1, 2]", "#summary.illegal")
    text = desktop.inner_text("#summary")
    assert "Malformed duel document" in text and "_schema" not in text \
        and "_document" not in text, text


def test_a_malformed_document_says_which_field(desktop: Page) -> None:
    paste(desktop, '{"cards": {"x": {"kind": "monster"}}}', "#summary.illegal")
    summary = desktop.inner_text("#summary")
    assert "Malformed duel document" in summary
    assert "cards.x.level: A monster needs a level" in summary


# -- works everywhere -----------------------------------------------------------------------
@needs_shared
def test_no_horizontal_scroll_from_360_px(browser: Any, base_url: str) -> None:
    errors: list[str] = []
    context, page = open_page(browser, base_url + "/", {"width": 360, "height": 740}, errors)
    upload(page, GOAT)
    page.locator("#games button").nth(2).click()
    no_horizontal_scroll(page)
    page.click("#tab-quiz")
    page.wait_for_selector("#quiz-answers:not([hidden])")
    no_horizontal_scroll(page)
    context.close()
    assert errors == []


#: Every word of the page's text that the browser cut across two lines (a break at a
#: hyphen, a slash or an arrow is allowed; screen-reader-only text is not drawn).
CUT_WORDS = """() => {
  const out = [];
  for (const root of document.querySelectorAll('#board, #steps, #games, #step-panel, #summary')) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode())) {
      const el = node.parentElement;
      if (!el || el.closest('.sr-only') || !el.offsetParent) continue;
      const words = /[^\\s\\-\\/\u00b7\u2192]+/g;
      let m;
      while ((m = words.exec(node.data))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
  }
  return [...new Set(out)];
}"""


@needs_shared
@pytest.mark.parametrize("width", [360, 390, 1280])
def test_no_word_is_cut_in_two(browser: Any, base_url: str, width: int) -> None:
    errors: list[str] = []
    context, page = open_page(browser, base_url + "/", {"width": width, "height": 800}, errors)
    upload(page, GOAT)
    cut: set[str] = set()
    for game in range(3):
        page.locator("#games button").nth(game).click()
        page.wait_for_selector("#board .mat")
        last = int(page.get_attribute("#slider", "max") or 0)
        for step in range(0, last + 1, 7):
            page.evaluate("(i) => { const s = document.getElementById('slider'); s.value = i; "
                          "s.dispatchEvent(new Event('input')); }", step)
            cut.update(page.evaluate(CUT_WORDS))
    context.close()
    assert sorted(cut) == [], f"cut in two at {width} px"


@needs_shared
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_page_ends_at_its_footer(browser: Any, base_url: str, viewport: str) -> None:
    errors: list[str] = []
    context, page = open_page(browser, base_url + "/", VIEWPORTS[viewport], errors)
    upload(page, GOAT)
    page.locator("#games button").nth(2).click()
    page.wait_for_selector("#step-panel .step.illegal")
    height = page.evaluate("document.documentElement.scrollHeight")
    footer = page.evaluate("document.querySelector('footer').getBoundingClientRect().bottom "
                           "+ window.scrollY")
    context.close()
    assert height <= footer + 40, f"the page is {height} px tall, its footer ends at {footer}"


def test_a_file_is_sent_as_it_is(desktop: Page, tmp_path: Path) -> None:
    """JSON.parse would turn 2.0 into 2 and a 5,000-digit number into null: the service
    must judge the file, not the page's copy of it."""
    path = tmp_path / "float.json"
    path.write_text('{"cards": {}, "turn": 2.0}', "utf-8")
    desktop.set_input_files("#upload", str(path))
    desktop.wait_for_selector("#summary.illegal")
    assert "turn: Not a valid integer." in desktop.inner_text("#summary")
    path = tmp_path / "digits.json"
    path.write_text('{"cards": {}, "turn": 1' + "0" * 5000 + "}", "utf-8")
    desktop.set_input_files("#upload", str(path))
    desktop.wait_for_function("() => document.getElementById('summary').textContent"
                              ".includes('digits')")
    assert "null" not in desktop.inner_text("#summary")


@needs_shared
def test_a_report_downloads_whatever_the_length_of_its_file_name(desktop: Page,
                                                                 tmp_path: Path) -> None:
    path = tmp_path / ("goat-" + "x" * 230 + ".json")
    path.write_bytes(GOAT.read_bytes())
    upload(desktop, path)
    with desktop.expect_download() as info:
        desktop.click("#download")
    name = info.value.suggested_filename
    assert name.startswith("goat-xxx") and name.endswith("-report.html") and len(name) <= 120
    assert desktop.inner_text("#download-status") == f"Report saved: {name}"


@needs_shared
def test_axe_finds_no_serious_violation(page: Page) -> None:
    assert axe_serious(page) == []
    upload(page, GOAT)
    page.locator("#games button").nth(2).click()
    page.wait_for_selector("#rule h3")
    assert axe_serious(page) == []
    page.click("#tab-quiz")
    page.wait_for_selector("#quiz-answers:not([hidden])")
    page.click("#answer-illegal")
    page.wait_for_selector("#quiz-feedback:not([hidden])")
    assert axe_serious(page) == []


def test_the_vendored_axe_is_the_locked_version() -> None:
    lock = json.loads((AXE.parent / "package-lock.json").read_text("utf-8"))
    version = lock["packages"]["node_modules/axe-core"]["version"]
    assert AXE.read_text("utf-8").startswith(f"/*! axe v{version}\n"), \
        "tests/api/vendor/axe.min.js is not the locked version: run `make vendor`"

"""``duelcheck deck`` and the deck check lines ``duelcheck check`` prints for a replay."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from duelcheck.cli import main
from tests.helpers import CORPUS

EDISON = CORPUS / "edison" / "edison-58554463.json"
needs_shared = pytest.mark.skipif(not EDISON.exists(), reason="../shared is not beside it")
GOAT = (Path(__file__).resolve().parents[2] / "specs" / "decks" / "deck.forbidden.json")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def goat_deck() -> str:
    cases = json.loads(GOAT.read_text("utf-8"))["cases"]
    text: str = next(c["request"]["text"] for c in cases if c["name"] == "legal: a Goat deck")
    return text


def test_a_legal_deck_exits_0_and_findings_exit_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "goat.txt"
    path.write_text(goat_deck(), "utf-8")
    code, out, _ = run(capsys, "deck", str(path), "--format", "goat")
    assert code == 0 and out == f"{path}: Goat, 2005.4 GOAT (2005-04-01): no finding\n"
    path.write_text(goat_deck().replace("1 Sinister Serpent", "1 Yata-Garasu"), "utf-8")
    code, out, _ = run(capsys, "deck", str(path), "--format", "goat")
    lines = out.splitlines()
    assert code == 1 and lines[0].endswith(": 1 finding")
    assert lines[1] == ("  deck.forbidden: Yata-Garasu: Forbidden on 2005.4 GOAT (ProjectIgnis/"
                        "LFLists GOAT.lflist.conf): no copy may be in the Main, Extra or Side "
                        "Deck; 1 found (Main 1).")  # the card first; its commit in --json only
    code, out, _ = run(capsys, "deck", str(path), "--format", "goat", "--json")
    assert code == 1 and json.loads(out)["findings"][0]["card"]["name"] == "Yata-Garasu"


def test_a_ydk_from_stdin_with_a_date(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("#main\n" + "23434538\n" * 3 + "!side\n"))
    code, out, _ = run(capsys, "deck", "-", "--format", "advanced", "--date", "2021-03-01",
                       "--json")
    answer = json.loads(out)
    assert code == 1 and answer["list"]["name"] == "2021.03 TCG"
    assert [f["id"] for f in answer["findings"]] == ["deck.size", "deck.forbidden"]


def test_a_json_list_gives_its_own_format(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "d.json"
    path.write_text(json.dumps({"format": "edison", "main": ["Starlight Road"]}), "utf-8")
    code, out, _ = run(capsys, "deck", str(path), "--json")
    assert code == 1 and json.loads(out)["format"] == "edison"


def test_a_list_that_cannot_be_read_exits_2_naming_the_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "d.txt"
    path.write_text("3 Sangan\n2 Sangn\x1b[31m\n", "utf-8")
    code, out, err = run(capsys, "deck", str(path), "--format", "goat")
    assert code == 2 and out == ""
    assert err.startswith(f"{path}: line 2: No card has the name ")
    assert "\x1b" not in err
    path.write_text("3 Sangan\n", "utf-8")
    code, _, err = run(capsys, "deck", str(path))
    assert code == 2 and "format: Give --format goat, edison or advanced." in err
    code, _, err = run(capsys, "deck", str(tmp_path / "missing.ydk"), "--format", "goat")
    assert code == 2 and "cannot read" in err
    path.write_text("40 Sangan\n", "utf-8")
    code, _, err = run(capsys, "deck", str(path), "--format", "advanced", "--date", "2019-01-01")
    assert code == 2 and ": date: The first Advanced list these data hold is 2020.01 TCG" in err


@needs_shared
def test_check_prints_the_deck_check_beside_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(EDISON))
    lines = out.splitlines()
    deck = next(i for i, line in enumerate(lines) if ": deck check (" in line)
    # Starlight Road (Barry Allen's) is in the pool Duelingbook's Edison games play
    assert lines[deck] == (f"{EDISON}: deck check (Edison, by its format code er; March 2010 "
                           "TCG): no finding; Barry Allen: 14 copies of 14 cards seen; "
                           "dlgoose: 17 copies of 16 cards seen")
    assert code == 1  # the game's own verdict
    code, out, _ = run(capsys, "check", "--deck-format", "goat", str(EDISON))
    lines = out.splitlines()
    deck = next(i for i, line in enumerate(lines) if ": deck check (" in line)
    assert lines[deck].startswith(f"{EDISON}: deck check (Goat, by asked for; 2005.4 GOAT): "
                                  "findings; Barry Allen: 14 copies of 14 cards seen, ")
    assert lines[deck + 1].startswith("  Barry Allen: deck.not-in-pool: ")
    assert any(line.startswith("  Barry Allen: deck.not-in-pool: Starlight Road is not in the "
                               "Goat card pool") and line.endswith(
                                   '(game 1, [0:32] Barry Allen: Drew "Starlight Road")')
               for line in lines)
    assert code == 1  # the game's own verdict: a deck finding changes no exit status


@needs_shared
def test_check_json_gives_one_more_line_per_match(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--format", "json", str(EDISON))
    assert code == 1
    *games, last = (json.loads(line) for line in out.splitlines())
    assert last["source"] == str(EDISON) and last["deck_check"]["format"] == "edison"
    assert all("deck_check" not in g for g in games) and len(games) == 1
    _, out, _ = run(capsys, "check", "--format", "json", "--deck-format", "advanced",
                       str(EDISON))
    assert json.loads(out.splitlines()[-1])["deck_check"]["format_from"] == "asked for"


def test_usernames_from_a_replay_never_reach_the_terminal_raw(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = "evil\x1b]0;owned\x07\u202e"
    plays = [{"play": "RPS", "winner": bad, "player1": bad, "player2": "b"},
             {"play": "Pick first", "order": [bad, "b"], "log": [
                 {"username": bad, "private_log": "Chose to go first"},
                 {"username": bad, "private_log": 'Drew "Yata-Garasu"'}],
              "cards": [{"name": "Yata-Garasu", "serial_number": "03078576", "object_id": 1}]},
             {"play": "Admit defeat", "username": bad, "log": {"public_log": "Admitted defeat"}}]
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"plays": plays, "format": "gu", "player1": {"username": bad},
                                "player2": {"username": "b"}}), "utf-8")
    _, out, _ = run(capsys, "check", str(path))
    deck = [line for line in out.splitlines() if "deck" in line]  # the games' lines: issue 15
    assert len(deck) == 2 and not any(c in "".join(deck) for c in "\x1b\x07\u202e")
    assert deck[1].startswith("  evil\\x1b]0;owned\\x07\\u202e: deck.forbidden: Yata-Garasu: "
                              "Forbidden on")
    assert deck[0].endswith("evil\\x1b]0;owned\\x07\\u202e: 1 copy of 1 card seen, 1 finding; "
                            "b: 0 copies of 0 cards seen")


@needs_shared
def test_quiet_prints_a_deck_finding_but_no_legal_game(capsys: pytest.CaptureFixture[str]) -> None:
    """``-q`` prints only what is illegal: a match whose games are all legal and whose deck
    shows a card outside the pool gives the deck check and its finding, not the games."""
    path = CORPUS / "edison" / "edison-58685567.json"
    code, out, _ = run(capsys, "check", "-q", "--no-progress", "--deck-format", "goat", str(path))
    lines = [line for line in out.splitlines() if line.strip()]
    assert code == 0
    assert ": deck check (Goat" in lines[0] and ": legal" not in out and "note:" not in out
    assert all(re.match(r"  \S+: deck\.[a-z-]+: ", line) for line in lines[1:]) and lines[1:]
    code, out, _ = run(capsys, "check", "--no-progress", str(path))
    assert out.count(": legal (") == 2


def test_an_empty_ydk_is_one_line_naming_no_field(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.ydk"
    path.write_text("#main\n#extra\n!side\n", "utf-8")
    code, out, err = run(capsys, "deck", str(path), "--format", "goat")
    assert code == 2 and out == ""
    assert err.startswith(f"{path}: The deck list holds no card: ") and err.count("\n") == 1


@needs_shared
def test_deck_on_a_replay_checks_the_cards_its_games_show(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 25, trial item 10: ``duelcheck deck replay.json`` answered "player1: Unknown
    field."; it gives the match's deck check, as ``check`` prints it beside the games."""
    goat = CORPUS / "goat-1001583-79697592.json"
    code, out, err = run(capsys, "deck", str(goat))
    assert (code, err) == (0, "")
    assert out == (f"{goat}: deck check (Goat, by its card pool date 2005-08-20; 2005.4 GOAT): "
                   "no finding; Pattn13: 27 copies of 21 cards seen; Galapagos1: 32 copies of "
                   "25 cards seen\n")
    unlimited = CORPUS / "aco77-sdesowitz02-2026-10-07.json"
    code, out, err = run(capsys, "deck", str(unlimited))
    assert code == 2 and "no format to check against" in out
    assert err == f"{unlimited}: give --format goat, edison or advanced to check its decks.\n"
    code, out, _ = run(capsys, "deck", str(unlimited), "--format", "goat")
    assert code == 1 and "sdesowitz02: deck.not-in-pool: Destiny Draw is not in the Goat" in out
    code, out, _ = run(capsys, "deck", str(unlimited), "--format", "goat", "--json")
    assert json.loads(out)["legal"] is False
    code, _, err = run(capsys, "deck", str(unlimited.with_suffix(".txt")))
    assert code == 2 and "its text export" in err and err.count("\n") == 1

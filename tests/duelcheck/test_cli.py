"""``duelcheck check`` and ``duelcheck rules`` as users run them (duelcheck/cli.py)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from duelcheck.cli import main
from tests.helpers import act, document, opening

LEGAL = document([act("draw")])
ILLEGAL = document([*opening(), act("normal_summon", card="gemini"),
                    act("normal_summon", card="vorse")], {"hand": ["gemini", "vorse"]})
MALFORMED = {"cards": {"x": {"kind": "monster"}}}


def write(tmp: Path, name: str, *docs: object) -> str:
    path = tmp / name
    path.write_text("\n".join(json.dumps(d) for d in docs) + "\n", "utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_format_and_exit_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    legal, illegal = write(tmp_path, "a.json", LEGAL), write(tmp_path, "b.json", ILLEGAL)
    code, out, _ = run(capsys, "check", legal)
    assert code == 0 and out == f"{legal}: legal (1 actions)\n1 legal, 0 illegal, 0 malformed\n"
    code, out, _ = run(capsys, "check", legal, illegal)
    assert code == 1
    assert out.splitlines()[1] == (
        f"{illegal}: illegal at action 5 (turn 1, Main Phase 1, p1): summon.normal-once: "
        "p1 already Normal Summoned or Set a monster this turn (action 4).")


def test_malformed_documents_exit_2_and_the_rest_are_still_checked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad, good = write(tmp_path, "bad.json", MALFORMED), write(tmp_path, "good.json", ILLEGAL)
    code, out, err = run(capsys, "check", bad, good, str(tmp_path / "missing.json"))
    assert code == 2
    assert "illegal at action 5" in out
    assert f"{bad}: malformed: cards.x.level: A monster needs a level (0 to 13)." in err
    assert "missing.json: malformed: cannot read" in err and "_file" not in err


def test_json_format_single_document_is_exactly_the_verdict(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--format", "json", write(tmp_path, "b.json", ILLEGAL))
    verdict = json.loads(out)
    assert code == 1 and out.count("\n") == 1
    assert list(verdict) == ["legal", "violation", "outcome", "actions_checked", "state"]


def test_json_lines_one_verdict_per_line_with_its_source(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "t.jsonl", LEGAL, ILLEGAL, MALFORMED)
    code, out, err = run(capsys, "check", "--format", "json", path)
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 2
    assert [(x["source"], x["legal"]) for x in lines] == [(f"{path}:1", True),
                                                          (f"{path}:2", False)]
    assert json.loads(err)["source"] == f"{path}:3"


@pytest.mark.slow
def test_stdin_and_parallel_jobs_give_the_same_answers(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    lines = "\n".join(json.dumps(d) for d in [LEGAL, ILLEGAL] * 20) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    code1, out1, _ = run(capsys, "check", "-")
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    code2, out2, _ = run(capsys, "check", "--jobs", "2", "-")
    assert code1 == code2 == 1 and out1 == out2 and out1.count("\n") == 41
    assert out1.endswith("\n20 legal, 20 illegal, 0 malformed\n")


def test_rules_listing_and_one_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0 and len(out.splitlines()) == 43
    code, out, _ = run(capsys, "rules", "hand.limit")
    assert code == 0 and out.startswith("hand.limit: ")
    assert "Source: the rulebook's \"Phase Structure\" (seeds/001_" in out  # its name first
    code, out, _ = run(capsys, "rules", "--format", "json")
    assert json.loads(out)[0]["id"] == "duel.over"
    assert run(capsys, "rules", "no.such")[0] == 2


@pytest.mark.slow
def test_the_console_script(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("duelcheck")
    proc = subprocess.run([str(exe), "check", write(tmp_path, "b.json", ILLEGAL)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 1 and "summon.normal-once" in proc.stdout and not proc.stderr


REPLAY = Path(__file__).resolve().parents[2].parent / "shared" / "data" / \
    "duelingbook" / "aco77-sdesowitz02-2026-10-07.json"
needs_replay = pytest.mark.skipif(not REPLAY.exists(), reason="../shared is not beside it")


@needs_replay
def test_check_from_duelingbook_prints_one_verdict_per_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--from", "duelingbook", str(REPLAY))
    lines = [line for line in out.splitlines() if not line.startswith("  note: ")]
    assert code == 0 and len(lines) == 4 and lines[3] == "2 legal, 0 illegal, 0 malformed"
    assert lines[2].endswith(": deck check: no format to check against (its format code uu: "
                             "Unlimited has no Forbidden & Limited list); Aco77: 15 copies of "
                             "13 cards seen; sdesowitz02: 44 copies of 29 cards seen")
    assert lines[0].endswith("#game1 (Unlimited; ruleset classic): legal (173 actions; "
                             "sdesowitz02 (p1) won by surrender; LP sdesowitz02 (p1) 3100, "
                             "Aco77 (p2) 1800)")


@needs_replay
def test_a_game_the_import_stopped_in_exits_2_and_says_where(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = json.loads(REPLAY.read_text("utf-8"))
    move = next(i for i, p in enumerate(replay["plays"]) if p["play"] == "Move")
    replay["plays"][move]["log"] = {"public_log": "Moved it"}
    del replay["plays"][move]["zone"]
    path = write(tmp_path, "stopped.json", replay)
    code, out, _ = run(capsys, "check", "--from", "duelingbook", path)
    assert code == 2
    assert "#game1 (Unlimited; ruleset classic): legal up to the import stop (" in out
    assert "\n  import stopped at play [8:02] sdesowitz02: Moved it: cannot read the zones" \
        in out
    assert "#game2 (Unlimited; ruleset classic): legal (" in out
    assert out.rstrip().endswith("2 legal, 0 illegal, 0 malformed, 1 import stopped")
    code, out, _ = run(capsys, "check", "--from", "duelingbook", "--format", "json", path)
    first = json.loads(out.splitlines()[0])
    assert code == 2 and first["import"]["stopped"].startswith("import stopped at play [8:02]")


@needs_replay
def test_an_illegal_play_is_named_as_in_the_text_export(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = json.loads(REPLAY.read_text("utf-8"))
    battle = next(i for i, p in enumerate(replay["plays"]) if p["play"] == "Enter BP")
    replay["plays"][battle]["play"] = "Enter M2"
    replay["plays"][battle]["log"]["public_log"] = "Entered Main Phase 2"
    path = write(tmp_path, "edited.json", replay)
    code, out, _ = run(capsys, "check", "--from", "duelingbook", path)
    assert code == 1
    assert "phase.restricted-action" in out
    assert '\n  at play [3:34] sdesowitz02: Attacked Set card in M-3 with "Dark Magician of ' \
           'Chaos" in M-3\n' in out


@needs_replay
def test_import_writes_documents_that_check_accepts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "games.jsonl"
    assert run(capsys, "import", "duelingbook", str(REPLAY), "-o", str(target))[0] == 0
    docs = [json.loads(line) for line in target.read_text("utf-8").splitlines()]
    assert [d["source"]["game"] for d in docs] == [1, 2]
    code, out, _ = run(capsys, "check", str(target))
    assert code == 0 and out.count("legal (") == 2


def test_a_truncated_replay_exits_2_without_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cut.json"
    path.write_text('{"plays": [{"play": "Pick fi', "utf-8")
    code, out, err = run(capsys, "check", "--from", "duelingbook", str(path))
    assert code == 2 and out == "0 legal, 0 illegal, 1 malformed\n"
    assert "not valid JSON (truncated?)" in err and "Traceback" not in err
    code, _, err = run(capsys, "import", "duelingbook", str(path))
    assert code == 2 and "not valid JSON" in err


@needs_replay
@pytest.mark.parametrize("args", [("check",), ("check", "--from", "duelingbook"),
                                  ("import", "duelingbook")])
def test_a_replays_text_export_is_named_in_one_line(
        args: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 25, trial item 10: the text form of a replay (the same match as REPLAY) is not
    "Not valid JSON": one line says what it is and what to send instead."""
    export = REPLAY.with_suffix(".txt")
    code, _, err = run(capsys, *args, str(export))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert f"{export}: " in err and "not a Duelingbook replay but its text export" in err
    assert "send the replay's JSON instead" in err and "Not valid JSON" not in err


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_never_shares_a_line_with_a_result(tmp_path: Path) -> None:
    from duelcheck.cli import check, parser

    path = write(tmp_path, "t.jsonl", *[LEGAL, ILLEGAL] * 20)
    tty = FakeTerminal()
    args = parser().parse_args(["check", "--color", "never", path])
    assert check(args, tty, tty, io.StringIO()) == 1
    chunks = tty.getvalue().split("\n")
    assert "duel" in chunks[0] and "/40" in tty.getvalue()  # tqdm drew its bar
    results = [chunk.rsplit("\r", 1)[-1] for chunk in chunks[:-1]]
    assert all(line.startswith(f"{path}:") for line in results[:40]), results[:3]
    assert results[40] == "20 legal, 20 illegal, 0 malformed"
    assert "\r" not in chunks[-1].strip("\r ") and "duel" not in chunks[-1]  # bar removed


def test_no_bar_for_a_few_duels_or_off_a_terminal(tmp_path: Path) -> None:
    from duelcheck.cli import check, parser

    for total, err in ((5, FakeTerminal()), (40, io.StringIO())):
        path = write(tmp_path, f"{total}.jsonl", *[LEGAL] * total)
        check(parser().parse_args(["check", path]), io.StringIO(), err, io.StringIO())
        assert err.getvalue() == ""


def test_json_nested_too_deeply_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, "utf-8")
    code, _, err = run(capsys, "check", str(path))
    assert code == 2 and "nested too deeply" in err and "Traceback" not in err
    code, _, err = run(capsys, "check", "--from", "duelingbook", str(path))
    assert code == 2 and "nested too deeply" in err


def test_a_binary_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "photo.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    for args in (["check", str(path)], ["check", "--from", "duelingbook", str(path)],
                 ["import", "duelingbook", str(path)]):
        code, _, err = run(capsys, *args)
        assert code == 2 and "not UTF-8 text" in err, args


def test_one_rule_in_json_is_the_object_the_api_serves(capsys: pytest.CaptureFixture[str]) -> None:
    from api import create_app

    code, out, _ = run(capsys, "rules", "summon.normal-once", "--format", "json")
    served = create_app({"TESTING": True}).test_client().get("/v1/rules/summon.normal-once")
    assert code == 0 and json.loads(out) == served.json
    code, out, err = run(capsys, "rules", "no.such")
    assert (code, out) == (2, "") and "unknown rule id 'no.such'" in err


def test_colour_on_a_terminal_and_off_with_no_color(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from duelcheck.cli import check, parser

    legal, illegal = write(tmp_path, "a.json", LEGAL), write(tmp_path, "b.json", ILLEGAL)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    tty = FakeTerminal()
    check(parser().parse_args(["check", legal, illegal]), tty, io.StringIO(), io.StringIO())
    assert f"\x1b[32m{legal}: legal" in tty.getvalue()
    assert f"\x1b[31m{illegal}: illegal" in tty.getvalue()
    monkeypatch.setenv("NO_COLOR", "1")
    for argv in (["check", legal], ["check", "--color", "never", legal]):
        tty = FakeTerminal()
        check(parser().parse_args(argv), tty, io.StringIO(), io.StringIO())
        assert "\x1b[" not in tty.getvalue()
    piped = io.StringIO()
    check(parser().parse_args(["check", "--color", "always", legal]), piped, piped,
          io.StringIO())
    assert "\x1b[32m" in piped.getvalue()


def test_quiet_lists_only_illegal_and_malformed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "t.jsonl", LEGAL, ILLEGAL, MALFORMED, LEGAL)
    code, out, err = run(capsys, "check", "--quiet", path)
    assert code == 2 and out.splitlines() == [line for line in out.splitlines()
                                              if line.startswith(f"{path}:2: illegal")]
    assert len(out.splitlines()) == 1 and err.startswith(f"{path}:3: malformed")


def test_a_folder_is_walked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "day1").mkdir()
    (tmp_path / ".hidden").mkdir()
    write(tmp_path / "day1", "a.json", LEGAL)
    write(tmp_path / "day1", "b.ndjson", ILLEGAL, LEGAL)
    write(tmp_path / ".hidden", "c.json", MALFORMED)
    (tmp_path / "notes.txt").write_text("not a duel", "utf-8")
    code, out, _ = run(capsys, "check", str(tmp_path))
    assert code == 1
    assert [line.split(": ")[0].removeprefix(str(tmp_path)) for line in out.splitlines()] == [
        "/day1/a.json", "/day1/b.ndjson:1", "/day1/b.ndjson:2",
        "2 legal, 1 illegal, 0 malformed"]
    (tmp_path / "empty").mkdir()
    code, _, err = run(capsys, "check", str(tmp_path / "empty"))
    assert code == 2 and "holds no .json, .jsonl, .ndjson or .yrpX files" in err


@pytest.mark.parametrize("name", ["t.jsonl", "t.ndjson"])
def test_json_lines_survive_a_bad_first_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    path = tmp_path / name
    path.write_bytes(b'\xef\xbb\xbf{"cards": \n' + json.dumps(LEGAL).encode() + b"\n\n"
                     + b"\xff\xfe\n" + json.dumps(ILLEGAL).encode() + b"\n")
    code, out, err = run(capsys, "check", str(path))
    assert code == 2
    assert [line.split(": ")[0] for line in out.splitlines()[:2]] == [f"{path}:2", f"{path}:5"]
    assert out.splitlines()[2] == "1 legal, 1 illegal, 2 malformed"
    assert err.startswith(f"{path}:1: malformed: Not valid JSON")
    assert f"{path}:4: malformed: line 4 is not UTF-8 text" in err


def test_jsonl_flag_reads_stdin_line_by_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\ufeffnope\n" + json.dumps(LEGAL) + "\n"))
    code, out, err = run(capsys, "check", "--jsonl", "-")
    assert code == 2 and out.startswith("-:2: legal") and err.startswith("-:1: malformed")


def test_a_byte_order_mark_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(LEGAL).encode())
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0 and out.startswith(f"{path}: legal")


def test_import_to_a_path_that_cannot_be_written_exits_3(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = tmp_path / "r.json"
    replay.write_text('{"plays": []}', "utf-8")
    for target in ("/nonexistent/x.jsonl", str(tmp_path)):
        code, out, err = run(capsys, "import", "duelingbook", str(replay), "-o", target)
        assert (code, out) == (3, "")
        assert err.startswith(f"duelcheck: cannot write {target}: ") and err.count("\n") == 1


def test_the_environment_is_read_only_by_serve(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PORT", "abc")
    assert run(capsys, "rules")[0] == 0
    code, _, _ = run(capsys, "check", write(tmp_path, "a.json", LEGAL))
    assert code == 0


def test_help_lists_exit_statuses_and_examples_in_plain_text(
        capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["check", "--help"]):
        with pytest.raises(SystemExit) as done:
            main(argv)
        out = capsys.readouterr().out
        assert done.value.code == 0
        assert "exit status:" in out and "examples:" in out and "  130  interrupted" in out
        assert "``" not in out and ":func:" not in out


@needs_replay
def test_a_replay_is_recognised_without_from(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(REPLAY))
    assert code == 0 and out.count("#game") == 2
    code, _, err = run(capsys, "check", "--from", "json", str(REPLAY))
    assert code == 2 and "looks like a Duelingbook replay: check it with --from duelingbook" in err


def test_a_usage_error_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["check"], ["check", "--jobs", "-1", "x"], ["serve", "--port", "99999"]):
        with pytest.raises(SystemExit) as done:
            main(argv)
        assert done.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def _report_data(path: Path) -> dict:  # type: ignore[type-arg]
    html = path.read_text("utf-8")
    start = html.index('<script type="application/json" id="report-data">')
    body = html[html.index(">", start) + 1:html.index("</script>", start)]
    data: dict = json.loads(body)  # type: ignore[type-arg]
    return data


def test_html_format_writes_one_report_per_match(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_dir = tmp_path / "reports"
    out_dir.mkdir()
    a = write(tmp_path, "a.json", ILLEGAL)
    day = write(tmp_path, "day.jsonl", LEGAL, MALFORMED)
    code, out, _ = run(capsys, "check", "--format", "html", "--output-dir", str(out_dir), a, day)
    assert code == 2
    assert sorted(p.name for p in out_dir.iterdir()) == ["a.html", "day-line1.html",
                                                         "day-line2.html"]
    assert f"{out_dir / 'a.html'}: 1 game, 1 illegal\n" in out
    assert out.rstrip().endswith("1 legal, 1 illegal, 1 malformed")
    game = _report_data(out_dir / "a.html")["games"][0]
    assert game["label"] == a and game["rule"]["id"] == "summon.normal-once"
    assert game["attempted"] is not None
    bad = _report_data(out_dir / "day-line2.html")["games"][0]
    assert "level" in bad["errors"]["cards"]["x"]


def test_html_format_makes_a_missing_output_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write(tmp_path, "a.json", ILLEGAL)
    code, _, _ = run(capsys, "check", "--format", "html", "--output-dir",
                     str(tmp_path / "reports" / "round-1"), a)
    assert code == 1 and (tmp_path / "reports" / "round-1" / "a.html").exists()


def test_html_format_quiet_writes_only_matches_with_a_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = write(tmp_path, "a.json", ILLEGAL), write(tmp_path, "b.json", LEGAL)
    code, out, _ = run(capsys, "check", "--format", "html", "-q", "--output-dir",
                       str(tmp_path), a, b)
    assert code == 1 and (tmp_path / "a.html").exists() and not (tmp_path / "b.html").exists()
    assert out == f"{tmp_path / 'a.html'}: 1 game, 1 illegal\n"


def test_html_format_that_cannot_write_is_an_environment_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write(tmp_path, "a.json", ILLEGAL)
    code, _, err = run(capsys, "check", "--format", "html", "--output-dir", a, a)
    assert code == 3 and "not a folder" in err  # a file stands where the folder would be
    (tmp_path / "a.html").mkdir()  # the report's name is taken by a folder
    code, _, err = run(capsys, "check", "--format", "html", "--output-dir", str(tmp_path), a)
    assert code == 3 and err.startswith(f"duelcheck: cannot write {tmp_path / 'a.html'}")


@pytest.mark.slow
@needs_replay
def test_html_format_puts_a_replays_games_in_one_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--format", "html", "--output-dir", str(tmp_path),
                       "--jobs", "2", str(REPLAY))
    assert code == 0 and out.count(".html: 2 games, 2 legal") == 1
    data = _report_data(tmp_path / (REPLAY.stem + ".html"))
    assert data["title"] == REPLAY.name
    assert [g["label"] for g in data["games"]] == [
        "Game 1: sdesowitz02 (p1) vs Aco77 (p2), Unlimited",
        "Game 2: Aco77 (p1) vs sdesowitz02 (p2), Unlimited"]
    assert data["games"][0]["actions"][0]["log"]["time"].startswith("[")


def test_a_source_of_the_wrong_shape_is_not_shown_and_never_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    odd = {**LEGAL, "source": {"from": "x", "format": 5, "card_pool": [1], "notes": 5,
                               "stopped": {"a": 1}, "unmodelled": [1, 2]}}
    for fmt in ("text", "json", "html"):
        code, _, err = run(capsys, "check", "--format", fmt, "--output-dir",
                             str(tmp_path), write(tmp_path, "odd.json", odd))
        assert code == 0 and "Traceback" not in err, (fmt, err)
    assert (tmp_path / "odd.html").exists()


def test_a_card_by_name_or_passcode(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "card", "blackwing - sirocco the dawn")
    assert code == 0 and out.startswith("Blackwing - Sirocco the Dawn (75498415): monster")
    assert "  tributes: [0, 1]\n      from official/c75498415.lua" in out
    code, out, _ = run(capsys, "card", "75498415", "--format", "json")
    assert code == 0 and json.loads(out)["card"]["tributes"] == [0, 1]
    code, out, err = run(capsys, "card", "Swap Frg")
    assert code == 2 and out == "" and "did you mean: Swap Frog" in err


def test_a_name_with_and_for_an_ampersand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "card", "Ash Blossom and Joyous Spring")
    assert code == 0 and out.startswith("Ash Blossom & Joyous Spring (14558127): monster")
    assert "ATK 0 DEF 1800" in out


def test_a_variant_the_card_does_not_have_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "card", "--variant", "goat", "Stardust Dragon")
    assert code == 2 and out == ""
    assert "Stardust Dragon (44508094) has no goat version" in err
    code, out, _ = run(capsys, "card", "--variant", "goat", "Gravekeeper's Spy")
    assert code == 0 and "[goat version]" in out.splitlines()[0]


def test_a_crafted_position_is_malformed_not_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers import crafted_position

    status, out, err = run(capsys, "check", write(tmp_path, "pos.json", crafted_position()))
    assert status == 2 and out.count("\n") == 1 and "Traceback" not in err
    assert "position.this_turn.declared.x.key: Unknown card id 'x'." in err


# -- output that cannot be written: one line on stderr, exit status 3, never a traceback ----
CONSOLE = Path(sys.executable).with_name("duelcheck")


def shell(command: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``command`` in a POSIX shell, ``$D`` the console script."""
    return subprocess.run(["sh", "-c", command], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "D": str(CONSOLE)}, check=False)


def into_a_cut_pipe(tmp_path: Path, *args: str) -> tuple[int, str]:
    """The console script writing into a pipe whose reader has gone (as ``| head`` is once
    it has its lines): the exit status and stderr."""
    read, write_end = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([str(CONSOLE), *args], cwd=tmp_path, stdout=write_end,
                              stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    finally:
        os.close(write_end)
    return done.returncode, done.stderr


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err and "Exception ignored" not in err, err
    return err


@pytest.mark.slow
@pytest.mark.parametrize("command", ["check", "rules", "import"])
def test_a_full_disk_is_one_line_and_exit_3(tmp_path: Path, command: str) -> None:
    doc = write(tmp_path, "a.json", LEGAL)
    replay = tmp_path / "r.json"
    replay.write_text('{"plays": [{"play": "Pick first", "username": "a", "order": ["a", "b"]}]}',
                      "utf-8")
    argv = {"check": f"check {doc}", "rules": "rules", "import": f"import duelingbook {replay}"}
    done = shell(f'"$D" {argv[command]} > /dev/full', tmp_path)
    assert done.returncode == 3
    assert one_line(done.stderr) == "duelcheck: cannot write the output: No space left on " \
                                    "device\n"


@pytest.mark.slow
def test_a_closed_output_is_one_line_and_exit_3(tmp_path: Path) -> None:
    done = shell(f'"$D" check {write(tmp_path, "a.json", LEGAL)} >&-', tmp_path)
    assert done.returncode == 3
    assert one_line(done.stderr) == "duelcheck: cannot write the output: standard output " \
                                    "is closed\n"


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_cut_pipe_never_claims_every_duel_was_legal(tmp_path: Path, jobs: str) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    for n in range(30):
        write(folder, f"{n:02}.json", LEGAL if n < 20 else ILLEGAL)
    status, err = into_a_cut_pipe(tmp_path, "check", "--jobs", jobs, "logs")
    assert status == 3
    assert one_line(err) == "duelcheck: cannot write the output: Broken pipe\n"


@pytest.mark.slow
def test_import_into_a_cut_pipe_is_one_line_and_exit_3(tmp_path: Path) -> None:
    replay = tmp_path / "r.json"
    replay.write_text('{"plays": [{"play": "Pick first", "username": "a", "order": ["a", "b"]}]}',
                      "utf-8")
    status, err = into_a_cut_pipe(tmp_path, "import", "duelingbook", str(replay))
    assert status == 3
    assert one_line(err) == "duelcheck: cannot write the output: Broken pipe\n"


@pytest.mark.slow
def test_more_jobs_than_duels_start_one_worker_per_duel(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "t.jsonl", LEGAL, ILLEGAL, LEGAL)
    code, out, err = run(capsys, "check", "--jobs", "99999999999999999999", path)
    assert (code, err) == (1, "") and out.endswith("2 legal, 1 illegal, 0 malformed\n")


# -- nothing from a document or a replay reaches the terminal as a control character --------
FORGED = "\x1b[1A\r\x1b[2Kx.json#game3: legal (125 actions)\x1b]0;pwned\x07\u202e"


def assert_inert(text: str) -> None:
    assert not any(ch in text for ch in "\x1b\r\x07\u202e"), repr(text)


def test_text_output_makes_control_characters_visible(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = document([*opening(), act("normal_summon", card="gemini"),
                    act("normal_summon", card="vorse", log={"time": "[1:00]", "player": FORGED,
                                                            "text": FORGED, "note": FORGED})],
                   {"hand": ["gemini", "vorse"]})
    doc["cards"]["vorse"] = {**doc["cards"]["vorse"], "name": FORGED}
    doc["source"] = {"players": {"p1": FORGED, "p2": "bo"}, "notes": [FORGED]}
    bad = {"cards": {FORGED: {"kind": "monster"}}}
    code, out, err = run(capsys, "check", "--color", "never", write(tmp_path, "a.json", doc),
                         write(tmp_path, f"b{FORGED}.json".replace("/", ""), bad))
    assert code == 2
    assert_inert(out + err)
    assert "\\x1b[2Kx.json#game3" in out and out.count("\n") == 4  # result, play, note, tally
    assert err.count("\n") == 1


@needs_replay
def test_a_replays_usernames_cannot_forge_lines(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    text = REPLAY.read_text("utf-8").replace('"Aco77"', json.dumps("Aco77" + FORGED))
    path = tmp_path / "forged.json"
    path.write_text(text, "utf-8")
    for fmt in ("text", "html"):
        _, out, err = run(capsys, "check", "--format", fmt, "--output-dir", str(tmp_path),
                             "--color", "never", str(path))
        assert_inert(out + err)
    _, out, err = run(capsys, "check", "--color", "never", str(path))
    assert "Aco77\\x1b[1A\\r\\x1b[2Kx.json#game3" in out
    verdicts = [line for line in out.splitlines() if ": deck check" not in line]
    assert len([line for line in verdicts if ": legal (" in line]) == 2
    assert all("\x1b" not in line for line in out.splitlines())  # shown, never sent


def test_html_reports_of_files_with_long_names_are_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "d" * 244 + ".jsonl", LEGAL, LEGAL, ILLEGAL)
    code, _, err = run(capsys, "check", "--format", "html", "--output-dir",
                         str(tmp_path / "out"), path)
    assert (code, err) == (1, "")
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == ["d" * 150 + f"-line{n}.html" for n in (1, 2, 3)]


# -- what a judge reads ------------------------------------------------------------------------
def noted(action: dict[str, object], note: str | None = None, implied: bool = False,
          time: str = "[1:00]") -> dict[str, object]:
    log: dict[str, object] = {"time": time, "player": "ann", "text": f"play {action['type']}"}
    if note:
        log["note"] = note
    if implied:
        log["implied"] = True
    return {**action, "log": log}


NOTED = document([noted(act("draw"), "a slip fixed", time="[0:01]"),
                  noted(act("phase", to="standby"), implied=True),
                  noted(act("phase", to="main1")),
                  noted(act("normal_summon", card="gemini"), "by Tsukuyomi's effect"),
                  noted(act("normal_summon", card="vorse"))],
                 {"hand": ["gemini", "vorse"]})
NOTED["source"] = {"from": "duelingbook", "players": {"p1": "ann", "p2": "bo"}, "notes": []}


def test_a_flag_shows_the_importers_readings_near_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--color", "never", write(tmp_path, "g.json", NOTED))
    lines = out.splitlines()
    assert code == 1
    assert lines[0].endswith(": illegal at action 5 (turn 1, Main Phase 1, ann (p1)): "
                             "summon.normal-once: ann (p1) already Normal Summoned or Set a "
                             "monster this turn (action 4).")
    assert lines[1] == "  at play [1:00] ann: play normal_summon"
    assert lines[2:5] == [
        "  read: action 1, play [0:01] ann: play draw: a slip fixed",
        "  read: action 2, ann (p1) enters the Standby Phase: added, the log skips it "
        "(implied by [1:00] ann: play phase)",
        "  read: action 4, play [1:00] ann: play normal_summon: by Tsukuyomi's effect"]


def test_notes_lists_every_reading_of_every_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    legal = {**NOTED, "actions": NOTED["actions"][:4]}
    path = write(tmp_path, "g.json", legal)
    _, out, _ = run(capsys, "check", path)
    assert "read:" not in out  # a legal game: its readings only on request
    _, out, _ = run(capsys, "check", "--notes", path)
    assert [line for line in out.splitlines() if line.startswith("  read: ")] == [
        "  read: action 1, play [0:01] ann: play draw: a slip fixed",
        "  read: action 2, ann (p1) enters the Standby Phase: added, the log skips it "
        "(implied by [1:00] ann: play phase)",
        "  read: action 4, play [1:00] ann: play normal_summon: by Tsukuyomi's effect"]


@needs_replay
def test_a_replay_cut_off_mid_game_says_its_log_ends_early(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = json.loads(REPLAY.read_text("utf-8"))
    replay["plays"] = replay["plays"][:len(replay["plays"]) // 4]
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(replay), "utf-8")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0
    assert out.splitlines()[0].endswith(
        "; the log ends before the game does: no one has won yet)")
    code, out, _ = run(capsys, "check", write(tmp_path, "doc.json", LEGAL))
    assert "log ends" not in out  # a document written by hand may go on


def test_a_replay_that_is_not_one_is_said_once(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "list.json"
    path.write_text("[]", "utf-8")
    _, _, err = run(capsys, "check", "--from", "duelingbook", str(path))
    assert err.count("Duelingbook replay") == 1, err
    assert "_file" not in err


def test_html_with_an_unreadable_input_says_so_on_stderr(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "missing.json")
    bad = write(tmp_path, "bad.json", MALFORMED)
    code, out, err = run(capsys, "check", "--format", "html", "--output-dir",
                         str(tmp_path / "out"), missing, bad)
    assert code == 2
    assert f"{missing}: malformed: cannot read: No such file or directory" in err
    assert f"{bad}: malformed: cards.x.level: A monster needs a level (0 to 13)." in err
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["bad.html"]
    assert out.splitlines()[-1] == "0 legal, 0 illegal, 2 malformed"


@needs_replay
def test_json_notes_carry_their_reading_and_each_game_counts_its_readings(
        capsys: pytest.CaptureFixture[str]) -> None:
    from validator.importers.duelingbook.readings.catalog import catalog

    code, out, _ = run(capsys, "check", "--from", "duelingbook", "--format", "json",
                       str(REPLAY))
    games = [g for g in map(json.loads, out.splitlines()) if "deck_check" not in g]
    assert code == 0 and len(games) == 2
    noted = [g for g in games if g.get("notes")]
    assert noted
    for game in games:
        notes = game.get("notes", [])
        assert all(set(n) == {"reading", "text", "at"} for n in notes)
        assert {n["reading"] for n in notes} <= set(catalog())
        counts = game["import"]["readings"]
        assert set(counts) <= set(catalog()) and counts["phase.implied"] > 0
        for note in notes:
            assert counts[note["reading"]] >= 1
    # the text format shows the same notes by their words
    code, out, _ = run(capsys, "check", "--from", "duelingbook", str(REPLAY))
    assert f"  note: {noted[0]['notes'][0]['text']}" in out.splitlines()


def test_a_document_with_plain_text_notes_is_still_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = {"cards": {}, "source": {"from": "duelingbook", "notes": ["an older note"]}}
    code, out, _ = run(capsys, "check", "--format", "json", write(tmp_path, "old.json", doc))
    assert code == 0
    assert json.loads(out)["notes"] == [{"reading": None, "text": "an older note", "at": None}]


def test_a_replay_of_another_game_is_not_judged_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pick = {"play": "Pick first", "order": ["ann", "bo"], "username": "ann"}
    path = write(tmp_path, "speed.json", {"format": "sr", "plays": [pick]})
    code, out, err = run(capsys, "check", "--no-progress", path)
    assert code == 2
    assert err.splitlines() == [f"{path}: not judged: a Speed Duel replay (format code sr): "
                                "Speed Duel is another game (three Monster and Spell & Trap "
                                "Zones, no Main Phase 2, Skills), which duelcheck does not judge "
                                "(it judges the TCG's rules, classic and advanced), so it gives "
                                "no verdict"]
    assert out.strip() == "0 legal, 0 illegal, 1 malformed (1 of them not judged: another game)"

"""``duelcheck check`` and ``duelcheck rules`` as users run them (duelcheck/cli.py)."""

from __future__ import annotations

import io
import json
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
        f"{illegal}: illegal at action 4 (turn 1, Main Phase 1, p1): summon.normal-once: "
        "p1 already Normal Summoned or Set a monster this turn (action 3).")


def test_malformed_documents_exit_2_and_the_rest_are_still_checked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad, good = write(tmp_path, "bad.json", MALFORMED), write(tmp_path, "good.json", ILLEGAL)
    code, out, err = run(capsys, "check", bad, good, str(tmp_path / "missing.json"))
    assert code == 2
    assert "illegal at action 4" in out
    assert f"{bad}: malformed: cards.x.level: A monster needs a level (1 to 12)." in err
    assert "missing.json: malformed: _file: cannot read" in err


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
    assert code == 0 and len(out.splitlines()) == 39
    code, out, _ = run(capsys, "rules", "hand.limit")
    assert code == 0 and out.startswith("hand.limit: ") and "Source: seeds/001_" in out
    code, out, _ = run(capsys, "rules", "--format", "json")
    assert json.loads(out)[0]["id"] == "duel.over"
    assert run(capsys, "rules", "no.such")[0] == 2


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
    assert code == 0 and len(lines) == 3 and lines[2] == "2 legal, 0 illegal, 0 malformed"
    assert lines[0].endswith("#game1 (Unlimited): legal (172 actions; sdesowitz02 (p1) won by "
                             "surrender; LP sdesowitz02 (p1) 3100, Aco77 (p2) 1800)")


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
    assert "#game1 (Unlimited): legal up to the import stop (" in out
    assert "\n  import stopped at play [8:02] sdesowitz02: Moved it: cannot read the zones" \
        in out
    assert "#game2 (Unlimited): legal (" in out
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
    assert code == 2 and "holds no .json, .jsonl or .ndjson files" in err


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
    assert err.startswith(f"{path}:1: malformed: _document: Not valid JSON")
    assert f"{path}:4: malformed: _file: line 4 is not UTF-8 text" in err


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

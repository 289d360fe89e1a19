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
    assert code == 0 and out == f"{legal}: legal (1 actions)\n"
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
    assert code1 == code2 == 1 and out1 == out2 and out1.count("\n") == 40


def test_rules_listing_and_one_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0 and len(out.splitlines()) == 34
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
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert lines[0].endswith("#game1: legal (176 actions; sdesowitz02 (p1) won by surrender; "
                             "LP sdesowitz02 (p1) 3100, Aco77 (p2) 1800)")


@needs_replay
def test_an_illegal_play_is_named_as_in_the_text_export(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = json.loads(REPLAY.read_text("utf-8"))
    battle = next(i for i, p in enumerate(replay["plays"]) if p["play"] == "Enter BP")
    del replay["plays"][battle]
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
    assert code == 2 and not out
    assert "not valid JSON (truncated?)" in err and "Traceback" not in err
    code, _, err = run(capsys, "import", "duelingbook", str(path))
    assert code == 2 and "not valid JSON" in err


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal_only_for_many_duels() -> None:
    from duelcheck.cli import Progress

    tty = FakeTerminal()
    bar = Progress(40, tty, enabled=True)
    for _ in range(40):
        bar.step()
    assert tty.getvalue().endswith("] 40/40 duels\n") and tty.getvalue().count("\r") == 3
    for total, stream in ((5, FakeTerminal()), (40, io.StringIO())):
        quiet = Progress(total, stream, enabled=True)
        for _ in range(total):
            quiet.step()
        assert stream.getvalue() == ""


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

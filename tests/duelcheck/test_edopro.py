"""``duelcheck check`` and ``duelcheck import`` with EDOPro replays (duelcheck/inputs.py):
recognised by content, insisted on with ``--from edopro``, walked in folders, refused in one
line when they hold no engine log."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from duelcheck.cli import main
from tests.helpers import SHARED, document
from validator.importers.edopro.replay import import_replay

LEGAL = SHARED / "data" / "edopro" / "selfplay" / "selfplay-0022.yrpX"
OLD = SHARED / "data" / "edopro" / "real" / "GG Psy Dragon vs IA_Scrap bon.yrp"
pytestmark = pytest.mark.skipif(not LEGAL.exists(), reason="../shared is not beside it")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_replay_is_recognised_by_its_content(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    renamed = tmp_path / "duel.bin"  # no telling suffix: the first bytes say it
    shutil.copy(LEGAL, renamed)
    code, out, _ = run(capsys, "check", str(renamed), "--color", "never", "--no-progress")
    assert code == 0
    assert out.splitlines()[0] == (
        f"{renamed} (EDOPro 41.0; ruleset advanced): legal (86 actions; BrandedDespia (p2) "
        f"won by life points; LP Mitsurugi (p1) -2300, BrandedDespia (p2) 8000)")


def test_from_edopro_insists_and_a_json_file_is_then_no_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "doc.json"
    doc.write_text(json.dumps(document([])), "utf-8")
    code, _, err = run(capsys, "check", "--from", "edopro", str(doc), "--color", "never")
    assert code == 2
    assert 'not an EDOPro replay: the file does not begin with "yrpX" or "yrp1"' in err


def test_an_old_yrp_file_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", str(OLD), "--color", "never", "--quiet")
    assert code == 2
    [line] = err.splitlines()
    assert line.endswith("holds the players' responses, not the engine's log, and reading "
                         "it needs the engine itself, which duelcheck never runs")


def test_a_folder_is_walked_for_yrpx_files(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(LEGAL, tmp_path / LEGAL.name)
    (tmp_path / "notes.txt").write_text("not a duel", "utf-8")
    code, out, _ = run(capsys, "check", str(tmp_path), "--color", "never", "--format", "json")
    assert code == 0
    [line] = out.splitlines()
    assert json.loads(line)["legal"] is True


def test_import_writes_the_document_the_library_makes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "import", "edopro", str(LEGAL))
    assert code == 0
    assert json.loads(out) == import_replay(LEGAL.read_bytes())[0].document


def test_standard_input_takes_the_bytes(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(LEGAL.read_bytes()))
    monkeypatch.setattr("sys.stdin", stdin)
    code, out, _ = run(capsys, "check", "--from", "edopro", "-", "--color", "never")
    assert code == 0 and "legal (86 actions" in out


def test_a_rule_mode_not_judged_gets_no_verdict(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from tests.validator.importers.edopro.replays import names, packet, yrpx

    flags = (0x2E800 | 0x200).to_bytes(8, "little")  # a first-turn draw: not the TCG's
    body = names("Ann", "Bob") + flags + packet(4, bytes(17)) + packet(40, b"\x00") + \
        packet(5, b"\x00\x00")
    path = tmp_path / "mr.yrpX"
    path.write_bytes(yrpx(body))
    code, _, err = run(capsys, "check", str(path), "--color", "never")
    assert code == 2
    assert "not judged: an EDOPro duel played by other rules: the duel flags (0x2ea00) give " \
           "the first player a draw in turn 1" in err

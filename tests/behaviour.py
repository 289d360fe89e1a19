"""What a user sees, reduced to digests: every replay in ../shared imported and judged (the
documents, the importer's notes as text, where an import stopped, the players, the verdicts with
their states, and the command line's text and JSON output with its exit status), and every golden
case judged. ``tests/behaviour.json`` holds the digests made from the code before a change that
must change nothing a user sees (issue 23's restructuring); ``tests/test_behaviour.py`` compares.

Run as a script to print the digests (``python -m tests.behaviour ../shared/data/duelingbook``);
the wheel test runs the same code against the installed, compiled build.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import sys
from pathlib import Path
from typing import Any


def _plain(value: Any) -> Any:
    """What a user saw before the readings catalog (issue 23): a note object as its text, and
    no ``readings`` (the reading ids the catalog added beside each note and action)."""
    if isinstance(value, dict):
        if set(value) == {"reading", "text", "at"}:
            return value["text"]
        return {k: _plain(v) for k, v in value.items() if k != "readings"}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    text = getattr(value, "text", None)  # a Note
    return text if isinstance(text, str) and hasattr(value, "reading") else value


def _sha(value: Any) -> str:
    return hashlib.sha256(json.dumps(_plain(value), sort_keys=True, default=str).encode()
                          ).hexdigest()


def _cli(path: Path, *argv: str) -> list[Any]:
    """The command line's output on ``path`` (named by its file name) and its exit status, run
    in this process."""
    from duelcheck.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            status = main([*argv, str(path)])
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 1
    lines: list[Any] = []
    for line in out.getvalue().replace(json.dumps(str(path))[1:-1], path.name).splitlines():
        try:
            data = json.loads(line)
        except ValueError:
            lines.append(line)
            continue
        lines.append(data)
    return [status, lines]


def replay_digests(root: Path) -> dict[str, str]:
    """One digest per replay below ``root``: its games imported and judged, and the command
    line's text and JSON verdicts on it with their exit statuses.

    >>> replay_digests(Path("no-such-folder"))
    {}
    """
    from validator import validate
    from validator.importers.duelingbook.replay import load_replay

    out: dict[str, str] = {}
    for path in sorted(root.rglob("*.json")):
        try:
            games = load_replay(path.read_bytes())
            seen: Any = [[g.document, g.notes, g.stopped, g.players,
                          validate(g.document).to_dict()] for g in games]
        except Exception as error:  # the digest of what the importer raised
            seen = [type(error).__name__, str(error)]
        common = ("--from", "duelingbook", "--no-progress", "--jobs", "1", "--color", "never")
        seen = [seen, _cli(path, "check", *common, "--notes"),
                _cli(path, "check", *common, "--format", "json")]
        out[path.relative_to(root).as_posix()] = _sha(seen)
    return out


def case_digests() -> dict[str, str]:
    """One digest per golden case (``specs/cases``), keyed by its rule and name (so that a case
    added before another does not move it): its verdict, state included.

    >>> len(case_digests()) > 40
    True
    """
    from validator import validate
    from validator.rules.catalog import golden_cases

    out: dict[str, str] = {}
    for rule, cases in golden_cases().items():
        for n, case in enumerate(cases):
            try:
                seen: Any = validate(case["document"]).to_dict()
            except Exception as error:  # a document error is what a user sees too
                seen = [type(error).__name__, str(error)]
            key = f"{rule}: {case.get('name', n)}"
            out[key if key not in out else f"{key} #{n}"] = _sha(seen)
    return out


def digests(root: Path) -> dict[str, Any]:
    """Every digest: the replays below ``root`` and the golden cases."""
    return {"replays": replay_digests(root), "cases": case_digests()}


if __name__ == "__main__":
    print(json.dumps(digests(Path(sys.argv[1])), indent=1, sort_keys=True))

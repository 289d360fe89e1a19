"""What the converter's property test shares: an EDOPro game judged twice, as imported from
its file and as the Duelingbook replay the converter writes for it (docs/edopro.md, "The
two importers held together").

``python -m tests.validator.importers.edopro.roundtrip`` prints every shared game whose two
verdicts differ, as ``specs/edopro-duelingbook.toml`` holds them (without their causes, which
are read by hand).
"""

from __future__ import annotations

import sys
import tomllib
from typing import Any

from tests.helpers import ROOT
from tests.validator.importers.edopro.replays import EDOPRO
from validator import validate
from validator.importers.duelingbook.replay import import_replay as import_duelingbook
from validator.importers.edopro.replay import import_replay
from validator.importers.edopro.to_duelingbook import source_index, to_duelingbook

#: The games of the shared corpus that can be imported (the refused one has no log).
GAMES: list[str] = [e["file"] for e in tomllib.loads(
    (ROOT / "specs" / "edopro-corpus.toml").read_text("utf-8"))["game"]
    if e["verdict"] != "refused"]
#: The games whose two verdicts still differ, with what each import says and why.
KNOWN: dict[str, dict[str, Any]] = {e["file"]: e for e in tomllib.loads(
    (ROOT / "specs" / "edopro-duelingbook.toml").read_text("utf-8")).get("game", [])}


def verdicts(name: str) -> tuple[str, str]:
    """The verdict of the game in ``../shared/data/edopro/<name>``, as imported from the file
    and as converted to a Duelingbook replay and imported from that: ``legal``, ``<rule> at
    <EDOPro action>`` (a converted action names the EDOPro action it was written for), or
    ``stopped: <why>``."""
    [game] = import_replay((EDOPRO / name).read_bytes())
    verdict = validate(game.document)
    edopro = "legal" if verdict.violation is None else \
        f"{verdict.violation.rule} at {verdict.violation.index}"
    [converted] = import_duelingbook(to_duelingbook(game.document))
    if converted.stopped:
        return edopro, f"stopped: {converted.stopped}"
    again = validate(converted.document)
    if again.violation is None:
        return edopro, "legal"
    action = converted.document["actions"][again.violation.index]
    return edopro, f"{again.violation.rule} at {source_index(action)}"


def main() -> None:
    """Print the games whose verdicts differ, as TOML entries."""
    for name in GAMES:
        edopro, duelingbook = verdicts(name)
        if edopro != duelingbook:
            why = KNOWN.get(name, {}).get("why", "")
            sys.stdout.write(f'[[game]]\nfile = "{name}"\nedopro = "{edopro}"\n'
                             f'duelingbook = {duelingbook!r}\nwhy = "{why}"\n\n'
                             .replace("duelingbook = '", 'duelingbook = "')
                             .replace("'\nwhy", '"\nwhy'))


if __name__ == "__main__":
    main()

"""The deck lists' builder (decklists/) on small sources written here: list files, a git
history of a TCG list with an in-progress edit, EDOPro's ids, and dated printings."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from carddb.sources import Tree
from decklists.build import Built, Resolver, Sources, _advanced, compare, history
from decklists.lflist import card_name, parse
from decklists.releases import SetDates, first_print
from validator.cards import database

SANGAN, POT, JAR = 26202165, 55144522, 33508719


def test_a_list_file_with_a_whitelist_comments_and_tabs() -> None:
    text = ("#[2005.4 GOAT]\n!2005.4 GOAT\n$whitelist\n#forbidden Goat\n"
            "504700144 0 --Witch of the Black Forest\t\t\tMAIN DECK MONSTERS\n"
            "#limited\n26202165 1 --Sangan\n!Other\n55144522 3\n")
    first, second = parse(text)
    assert (first.name, first.whitelist, second.whitelist) == ("2005.4 GOAT", True, False)
    assert first.entries == [(504700144, 0, "Witch of the Black Forest"), (SANGAN, 1, "Sangan")]
    assert second.entries == [(POT, 3, "")]
    assert card_name("Ring of Destruction (Pre-Errata)") == "Ring of Destruction"


def test_ids_resolve_to_the_card() -> None:
    db = database()
    resolver = Resolver(db, {504700144: (78010363, "Witch")}, {511000824: (83555666, "Ring")},
                        [[18144506, 18144507]])
    assert resolver.resolve(504700144) == 78010363
    assert resolver.resolve(511000824) == 83555666
    assert resolver.resolve(18144507) == 18144506
    assert resolver.resolve(77585514, "Jinzo") == 77585513
    assert resolver.resolve(99999999, "Sheep Token") is None
    assert resolver.aliases == {504700144: 78010363, 511000824: 83555666, 18144507: 18144506,
                                77585514: 77585513}
    assert resolver.unknown == {99999999: "Sheep Token"}
    assert compare({SANGAN: 1}, {SANGAN: 2, JAR: 1}, db, resolver.canonical) == [
        "Sangan: 1 here, 2 on Konami's list", "Morphing Jar: 3 here, 1 on Konami's list"]


def test_printings_are_dated_by_set_name_then_prefix() -> None:
    sets = ['{"name": {"en": "A Set"}, "locales": {"en": {"prefix": "AAA-EN"}, '
            '"de": {"prefix": "AAA-DE", "date": "2010-03-04"}, "jp": {"date": "2009-01-01"}}}',
            '{"name": {"en": "Twice"}, "locales": {"en": {"prefix": "TW-EN", '
            '"date": "2001-01-01"}}}',
            '{"name": {"en": "Twice"}, "locales": {"en": {"prefix": "TW-EN", '
            '"date": "2002-02-02"}}}']
    dates = SetDates.from_ygojson(sets)
    assert dates.of("AAA-EN004", "A Set") == "2010-03-04"  # the European date, not Japan's
    assert dates.of("AAA-EN004", "renamed") == "2010-03-04"
    assert dates.of("TW-EN001", "Twice") is None  # two sets, two dates: no date
    release = first_print([(dates.of("AAA-EN004", "A Set"), "AAA-EN004")])
    assert release is not None and release.complete and release.date == "2010-03-04"


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True, env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
                                          "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
                                          "HOME": str(repo)}).stdout


@pytest.mark.slow
def test_each_tcg_list_is_the_version_that_agrees_with_konami(tmp_path: Path) -> None:
    repo = tmp_path / "lflists"
    repo.mkdir()
    _git(repo, "init", "-q")
    versions = ["!2024.01 TCG\n26202165 1 --Sangan\n",              # the list
                "!2024.01 TCG\n26202165 0 --Sangan\n",              # the next list, being edited
                "!2024.04 TCG\n26202165 0 --Sangan\n33508719 2 --Morphing Jar\n"]
    for n, text in enumerate(versions):
        (repo / "0TCG.lflist.conf").write_text(text, "utf-8")
        _git(repo, "add", ".")
        _git(repo, "commit", "-qm", f"v{n}")
    commit = _git(repo, "rev-parse", "HEAD").strip()
    tree = Tree.open(repo, commit)
    assert [t for _, _, t in history(tree, "0TCG.lflist.conf")] == versions
    konami = {"2024-01-01": {"limits": {SANGAN: 1}}, "2024-04-22": {"limits": {SANGAN: 0}}}
    built = Built()
    src = Sources(tree, tree, tree, tree, tree, tree)
    _advanced(src, Resolver(database(), {}, {}, []), konami, built)
    lists = built.formats["advanced"]["lists"]
    assert [(x["name"], x["date"], x["limits"]) for x in lists] == [
        ("2024.01 TCG", "2024-01-01", {SANGAN: 1}),
        ("2024.04 TCG", "2024-04-22", {SANGAN: 0, JAR: 2})]
    check = built.report["advanced: each list against Konami's list of its date"]
    assert check["2024.01 TCG"]["of"] == 2
    assert check["2024.04 TCG"]["differences from Konami's list"] == [
        "Morphing Jar: 2 here, 3 on Konami's list"]

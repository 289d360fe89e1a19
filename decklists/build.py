"""Build the formats and lists the deck check ships (``validator/decks/data/``) from local
git checkouts of their sources (``make deck-lists``; docs/decks.md says what each is):

- ProjectIgnis/LFLists: ``GOAT.lflist.conf`` (Goat's pool, a whitelist, and its limits), the
  history of ``TCG.lflist.conf`` and ``0TCG.lflist.conf`` (the TCG lists, one version a list),
  and ``Edison.lflist.conf`` of the pull request that generated it (YGOPRODeck's Edison pool).
- DawnbrandBots/yaml-yugi-limit-regulation: Konami's own lists by effective date
  (``data/tcg/*.raw.json``): the list of 1 March 2010 for Edison, the date each TCG list took
  effect, and a cross-check of every list taken from LFLists.
- ProjectIgnis/BabelCDB: ``goat-entries.cdb`` and ``cards-unofficial.cdb``, whose ``alias``
  column maps EDOPro's own ids of Goat's pre-errata cards (5047xxxxx, 511xxxxxx) to the card.
- DawnbrandBots/yaml-yugi (Konami's card ids, every card's English printings) and
  iconmaster5326/YGOJSON (sets' TCG release dates, the alternate passcodes of a card): when a
  card came out in the TCG.

Only data is written, never a source's code.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from carddb.build import yaml_yugi_cards
from carddb.sources import Tree
from validator.cards.database import CardDatabase

from .lflist import LfList, card_name, parse
from .releases import Release, SetDates, english_prints, first_print

#: Where each source is published (named in ``sources.json``).
PUBLISHED: Final = {
    "LFLists": "ProjectIgnis/LFLists",
    "yaml-yugi-limit-regulation": "DawnbrandBots/yaml-yugi-limit-regulation",
    "BabelCDB": "ProjectIgnis/BabelCDB",
    "yaml-yugi": "DawnbrandBots/yaml-yugi",
    "YGOJSON": "iconmaster5326/YGOJSON",
}
#: The day of the Edison list, and of Goat's card pool (Duelingbook's "Pick first" date).
EDISON_DATE: Final = "2010-03-01"
GOAT_POOL_DATE: Final = "2005-08-20"
_TCG_LIST = re.compile(r"^(\d{4})\.(\d{1,2}) TCG$")
#: Effective dates that yaml-yugi-limit-regulation's own README corrects ("2022-05-23 is
#: actually 2022-05-17").
DATE_FIXES: Final = {"2022-05-23": "2022-05-17"}


@dataclass
class Sources:
    """The checkouts the build reads, each at its commit."""

    lflists: Tree
    edison: Tree  # LFLists at the commit of the pull request that holds Edison.lflist.conf
    regulation: Tree
    babel: Tree
    yaml_yugi: Tree
    ygojson: Tree


@dataclass
class Built:
    """What the build writes, and what it saw on the way (``sources.json``)."""

    formats: dict[str, Any] = field(default_factory=dict)
    aliases: dict[int, int] = field(default_factory=dict)
    releases: dict[int, Release] = field(default_factory=dict)
    report: dict[str, Any] = field(default_factory=dict)


def _git(tree: Tree, *args: str) -> str:
    return subprocess.run(["git", "-C", str(tree.root), *args], check=True,
                          capture_output=True, text=True).stdout


def _blob(tree: Tree, path: str) -> bytes:
    if tree.commit is None:
        return (tree.root / path).read_bytes()
    return subprocess.run(["git", "-C", str(tree.root), "show", f"{tree.commit}:{path}"],
                          check=True, capture_output=True).stdout


def cdb_aliases(data: bytes) -> dict[int, tuple[int, str]]:
    """id -> (alias, name) of an EDOPro card database (``*.cdb``, SQLite).

    >>> import sqlite3, tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "t.cdb"
    >>> with sqlite3.connect(path) as db:
    ...     _ = db.executescript("create table datas (id, alias); create table texts (id, name);"
    ...                          "insert into datas values (504700178, 26202165);"
    ...                          "insert into texts values (504700178, 'Sangan (GOAT)');")
    >>> cdb_aliases(path.read_bytes())
    {504700178: (26202165, 'Sangan (GOAT)')}
    """
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cards.cdb"
        path.write_bytes(data)
        with sqlite3.connect(path) as db:
            rows = db.execute("select d.id, d.alias, t.name from datas d "
                              "join texts t on d.id = t.id").fetchall()
    return {int(i): (int(a), str(n)) for i, a, n in rows}


def history(tree: Tree, path: str) -> list[tuple[str, str, str]]:
    """``(commit, date, text)`` of every version of ``path`` up to the tree's commit, oldest
    first (a folder has one version: its file).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp()); _ = (folder / "x.conf").write_text("!a")
    >>> [text for _, _, text in history(Tree.open(folder), "x.conf")]
    ['!a']
    """
    if tree.commit is None:
        return [("(a folder)", "", tree.read(path))] if (tree.root / path).exists() else []
    log = _git(tree, "log", "--format=%H %cs", tree.commit, "--", path).split("\n")
    out: list[tuple[str, str, str]] = []
    for line in reversed([x for x in log if x]):
        commit, date = line.split()
        try:
            out.append((commit, date, _git(tree, "show", f"{commit}:{path}")))
        except subprocess.CalledProcessError:  # deleted in that commit
            continue
    return out


class Resolver:
    """Passcodes as the list files write them -> the database's card (by name, so that an
    alternate artwork is the card itself): the database's own passcode, EDOPro's ids of Goat
    versions (goat-entries.cdb) and pre-errata versions (cards-unofficial.cdb), YGOJSON's
    other passcodes of a card, or the card the comment names."""

    def __init__(self, db: CardDatabase, goat: dict[int, tuple[int, str]],
                 unofficial: dict[int, tuple[int, str]], passwords: list[list[int]]) -> None:
        self.db = db
        self.goat = goat
        self.unofficial = unofficial
        self.other: dict[int, int] = {}
        for group in passwords:
            known = [p for p in group if db.card(p) is not None]
            for p in group:
                if known and db.card(p) is None:
                    self.other.setdefault(p, known[0])
        self.aliases: dict[int, int] = {}
        self.how: Counter[str] = Counter()
        self.unknown: dict[int, str] = {}

    def canonical(self, passcode: int) -> int:
        """The first passcode of the card's name (alternate artworks are one card).

        >>> from validator.cards import database
        >>> Resolver(database(), {}, {}, []).canonical(46986414)
        36996508
        """
        card = self.db.card(passcode)
        if card is None:
            return passcode
        named = self.db.named(card.name)
        return named.passcode if named is not None else passcode

    def resolve(self, passcode: int, comment: str = "") -> int | None:
        """The card's canonical passcode, or None (counted in :attr:`unknown`).

        >>> from validator.cards import database
        >>> Resolver(database(), {}, {}, []).resolve(77585514, "Jinzo")
        77585513
        """
        found: int | None
        if self.db.card(passcode) is not None:
            found, how = passcode, "the database"
        elif passcode in self.goat and self.db.card(self.goat[passcode][0]):
            found, how = self.goat[passcode][0], "goat-entries.cdb alias"
        elif passcode in self.unofficial and self.db.card(self.unofficial[passcode][0]):
            found, how = self.unofficial[passcode][0], "cards-unofficial.cdb alias"
        elif passcode in self.other:
            found, how = self.other[passcode], "YGOJSON passwords"
        elif comment and (named := self.db.named(card_name(comment))) is not None:
            found, how = named.passcode, "the name in the list's comment"
        else:
            self.unknown[passcode] = comment
            return None
        self.how[how] += 1
        real = self.canonical(found)
        if self.db.card(passcode) is None:
            self.aliases[passcode] = real
        return real


def konami_lists(tree: Tree, konami_ids: dict[int, int]) -> dict[str, dict[str, Any]]:
    """Konami's TCG lists by effective date: ``{"2010-03-01": {"limits": {passcode: n},
    "unknown": [Konami ids without a passcode]}}``.

    >>> import tempfile, pathlib
    >>> root = pathlib.Path(tempfile.mkdtemp()); (root / "data" / "tcg").mkdir(parents=True)
    >>> _ = (root / "data/tcg/2010-03-01.raw.json").write_text('{"1": [{"cid": "4719"}]}')
    >>> konami_lists(Tree.open(root), {4719: 26202165})
    {'2010-03-01': {'limits': {26202165: 1}, 'unknown': []}}
    """
    names = [n for n in tree.names("data/tcg") if n.endswith(".raw.json")]
    files = tree.read_many([f"data/tcg/{n}" for n in names])
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        text = files.get(f"data/tcg/{name}")
        if not text:
            continue
        raw = json.loads(text)
        limits: dict[int, int] = {}
        unknown: list[int] = []
        for key in ("0", "1", "2"):
            for entry in raw.get(key) or ():
                cid = int(entry["cid"])
                if cid in konami_ids:
                    limits[konami_ids[cid]] = int(key)
                else:
                    unknown.append(cid)
        out[name.removesuffix(".raw.json")] = {"limits": limits, "unknown": unknown}
    return out


def compare(ours: dict[int, int], konami: dict[int, int], db: CardDatabase,
            canonical: Any) -> list[str]:
    """Where two lists differ (a card and both limits), in words.

    >>> from validator.cards import database
    >>> compare({26202165: 1}, {26202165: 0}, database(), lambda p: p)
    ["Sangan: 1 here, 0 on Konami's list"]
    """
    theirs = {canonical(p): n for p, n in konami.items()}
    out = []
    for p in sorted(set(ours) | set(theirs)):
        a, b = ours.get(p, 3), theirs.get(p, 3)
        if a != b:
            card = db.card(p)
            out.append(f"{card.name if card else p}: {a} here, {b} on Konami's list")
    return out


def _limits(lst: LfList, resolver: Resolver) -> tuple[dict[int, int], set[int]]:
    limits: dict[int, int] = {}
    pool: set[int] = set()
    for passcode, limit, comment in lst.entries:
        real = resolver.resolve(passcode, comment)
        if real is None:
            continue
        pool.add(real)
        if limit < 3:
            limits[real] = min(limit, limits.get(real, 3))
    return limits, pool


def _source(tree: Tree, path: str, commit: str | None = None) -> str:
    return f"{PUBLISHED['LFLists']} {path} at {commit or tree.commit}"


def build(src: Sources, db: CardDatabase) -> Built:
    """Every format, its lists and pool; the aliases and release dates the check reads.

    It needs all six sources; ``tests/decklists`` builds its parts on small ones, e.g.::

        build(Sources(lflists, edison, regulation, babel, yaml_yugi, ygojson), database())
    """
    built = Built()
    babel_goat = cdb_aliases(_blob(src.babel, "goat-entries.cdb"))
    babel_unofficial = {k: v for k, v in cdb_aliases(_blob(src.babel, "cards-unofficial.cdb"))
                        .items() if v[0]}
    card_files = [n for n in src.ygojson.names("cards") if n.endswith(".json")]
    passwords = []
    for text in src.ygojson.read_many([f"cards/{n}" for n in card_files]).values():
        data = json.loads(text)
        passwords.append([int(m) for p in data.get("passwords") or ()
                          for m in re.findall(r"^\d+", str(p))])
    resolver = Resolver(db, babel_goat, babel_unofficial, passwords)
    set_files = [n for n in src.ygojson.names("sets") if n.endswith(".json")]
    dates = SetDates.from_ygojson(src.ygojson.read_many([f"sets/{n}" for n in set_files])
                                  .values())
    konami_ids: dict[int, int] = {}
    unreleased: set[int] = set()
    for _, raw in yaml_yugi_cards(src.yaml_yugi):
        code = raw.get("password")
        if not isinstance(code, int) or db.card(code) is None:
            continue
        card = resolver.canonical(code)
        if (raw.get("limit_regulation") or {}).get("tcg") in (None, "Not yet released"):
            unreleased.add(card)
        if isinstance(raw.get("konami_id"), int):
            konami_ids[int(raw["konami_id"])] = card
        prints = [(dates.of(number, name), number) for number, name in english_prints(raw)]
        release = first_print(prints)
        if release is not None and (card not in built.releases or
                                    release.date < built.releases[card].date):
            built.releases[card] = release
    konami = konami_lists(src.regulation, konami_ids)
    built.report["konami lists"] = {d: {"cards": len(k["limits"]),
                                         "Konami ids without a card": k["unknown"]}
                                    for d, k in sorted(konami.items()) if k["unknown"]}
    _goat(src, resolver, konami, built)
    _edison(src, resolver, konami, built)
    _advanced(src, resolver, konami, built)
    released_somewhere = {p for p in unreleased if p in built.releases}
    built.formats["advanced"]["not_in_tcg"] = sorted(unreleased - released_somewhere)
    built.report["advanced: cards not released in the TCG"] = (
        f"{len(unreleased - released_somewhere)} cards whose yaml-yugi limit_regulation has no "
        f"TCG status or 'Not yet released' (and no dated English printing)")
    built.aliases = dict(sorted(resolver.aliases.items()))
    built.report["passcodes read"] = dict(resolver.how)
    built.report["passcodes with no card (left out)"] = {
        str(k): v for k, v in sorted(resolver.unknown.items())}
    return built


def _goat(src: Sources, resolver: Resolver, konami: dict[str, dict[str, Any]],
          built: Built) -> None:
    path = "GOAT.lflist.conf"
    (lst,) = [x for x in parse(src.lflists.read(path)) if x.whitelist][:1]
    limits, pool = _limits(lst, resolver)
    later = sorted(p for p in pool if (r := built.releases.get(p)) and r.complete and
                   r.date > GOAT_POOL_DATE)
    built.formats["goat"] = {
        "name": "Goat", "pool_date": GOAT_POOL_DATE, "extra": None, "side": [0, 15],
        "pool": sorted(pool),
        "lists": [{"name": lst.name, "date": "2005-04-01", "source": _source(src.lflists, path),
                   "limits": limits}]}
    built.report["goat"] = {
        "list": f"{lst.name}: {len(pool)} cards, {len(limits)} limited or forbidden",
        "against Konami's list of 2005-03-01 (the April 2005 list)":
            compare(limits, konami["2005-03-01"]["limits"], resolver.db, resolver.canonical),
        "cards printed in the TCG by the pool date that the pool leaves out": [
            f"{resolver.db.card(p).name} ({r.set_number}, {r.date})"  # type: ignore[union-attr]
            for p, r in sorted(built.releases.items(), key=lambda x: (x[1].date, x[0]))
            if r.date <= GOAT_POOL_DATE and p not in pool],
        "pool cards first printed in the TCG after the pool date": [
            f"{resolver.db.card(p).name} ({built.releases[p].set_number}, "  # type: ignore[union-attr]
            f"{built.releases[p].date})" for p in later]}


def _edison(src: Sources, resolver: Resolver, konami: dict[str, dict[str, Any]],
            built: Built) -> None:
    path = "Edison.lflist.conf"
    (lst,) = parse(src.edison.read(path))[:1]
    theirs, whitelist = _limits(lst, resolver)
    limits = {resolver.canonical(p): n for p, n in konami[EDISON_DATE]["limits"].items()}
    named = set(limits)
    early = {p for p, r in built.releases.items() if r.date <= EDISON_DATE}
    later = {p for p, r in built.releases.items() if r.complete and r.date > EDISON_DATE}
    # The pool the format's community plays: YGOPRODeck's, which Duelingbook's Edison games
    # follow (Starlight Road, first printed four days after the date, is in both; Duelingbook
    # publishes no list of its own), with every card printed in the TCG by the date and every
    # card Konami's list names. A card of that pool printed after the date stays in it.
    pool = whitelist | early | named
    db = resolver.db

    def names(cards: set[int]) -> list[str]:
        return sorted(f"{db.card(p).name} ({built.releases[p].set_number}, "  # type: ignore[union-attr]
                      f"{built.releases[p].date})" if p in built.releases else
                      db.card(p).name for p in cards)  # type: ignore[union-attr]
    built.formats["edison"] = {
        "name": "Edison", "pool_date": EDISON_DATE, "extra": 15, "side": 15,
        "pool": sorted(pool),
        "pool_source": f"YGOPRODeck's Edison pool ({_source(src.edison, path)}), the pool "
                       f"Duelingbook's Edison games play, with the cards first printed in the "
                       f"TCG by {EDISON_DATE}",
        "lists": [{"name": "March 2010 TCG", "date": EDISON_DATE,
                   "source": f"Konami's list, {PUBLISHED['yaml-yugi-limit-regulation']} "
                             f"data/tcg/{EDISON_DATE}.raw.json at {src.regulation.commit}",
                   "limits": dict(sorted(limits.items()))}]}
    built.report["edison"] = {
        "pool": f"{len(pool)} cards: {len(whitelist)} of YGOPRODeck's Edison pool "
                f"({_source(src.edison, path)}), {len(early - whitelist)} more first printed "
                f"in the TCG by {EDISON_DATE}, {len(named - whitelist - early)} more on the "
                f"list itself; {len(whitelist & later - named)} of YGOPRODeck's first printed "
                f"after the date, kept as the community plays them",
        "added: printed in the TCG by the date": names(early - whitelist - later),
        "added: on Konami's list of the date": names(named - whitelist - early),
        "kept: in YGOPRODeck's pool, every TCG printing after the date":
            names(whitelist & later - named),
        "YGOPRODeck's limits against Konami's list": compare(
            theirs, konami[EDISON_DATE]["limits"], db, resolver.canonical)}


def _advanced(src: Sources, resolver: Resolver, konami: dict[str, dict[str, Any]],
              built: Built) -> None:
    """The TCG lists of LFLists' history. A list name has several versions (fixes, and the
    next list edited before it was renamed): the one taken is the version that agrees best
    with Konami's list of that month (the latest of equals), else the last one."""
    versions: dict[str, list[tuple[str, str, LfList]]] = defaultdict(list)
    for path in ("TCG.lflist.conf", "0TCG.lflist.conf"):
        for commit, _date, text in history(src.lflists, path):
            for lst in parse(text):
                if _TCG_LIST.match(lst.name):
                    versions[lst.name].append((path, commit, lst))
    lists = []
    checks: dict[str, Any] = {}
    by_month: dict[str, list[str]] = defaultdict(list)
    for date in sorted(konami):
        by_month[date[:7]].append(date)
    for name in sorted(versions, key=lambda n: tuple(int(x) for x in n.split()[0].split("."))):
        m = _TCG_LIST.match(name)
        month = f"{m[1]}-{int(m[2]):02}"  # type: ignore[index]
        dated = by_month.get(month)
        date = dated[0] if dated else f"{month}-01"
        candidates = []
        for order, (path, commit, lst) in enumerate(versions[name]):
            limits, _ = _limits(lst, resolver)
            differences = compare(limits, konami[date]["limits"], resolver.db,
                                  resolver.canonical) if dated else []
            candidates.append((-len(differences), order, path, commit, limits, differences))
        _, _, path, commit, limits, differences = max(candidates, key=lambda c: c[:2])
        source = _source(src.lflists, path, commit)
        if dated:
            source += f"; in force from {DATE_FIXES.get(date, date)} (Konami's list of {date}"
            source += f", whose source's README says it is of {DATE_FIXES[date]})" \
                if date in DATE_FIXES else ")"
            checks[name] = {"version": commit, "of": len(versions[name]),
                            "differences from Konami's list": differences}
        else:
            checks[name] = {"version": commit, "of": len(versions[name]),
                            "differences from Konami's list":
                                [f"Konami's lists hold none of {month}: dated the 1st"]}
        lists.append({"name": name, "date": DATE_FIXES.get(date, date), "source": source,
                      "limits": dict(sorted(limits.items()))})
    built.formats["advanced"] = {"name": "Advanced", "pool_date": None, "extra": 15,
                                 "side": 15, "pool": None, "lists": lists}
    built.report["advanced: each list against Konami's list of its date"] = checks


def write(built: Built, out: Path, described: dict[str, dict[str, str]]) -> None:
    """``formats.json`` (formats, pools, lists, aliases), ``releases.json`` (each card's first
    dated TCG printing) and ``sources.json`` (what was built from, and what the build saw);
    one entry a line, so that a rebuild diffs entry by entry.

    >>> import tempfile, pathlib, json
    >>> out = pathlib.Path(tempfile.mkdtemp())
    >>> write(Built(), out, {"LFLists": {"commit": "abc"}})
    >>> json.loads((out / "sources.json").read_text())["sources"]["LFLists"]["commit"]
    'abc'
    """
    out.mkdir(parents=True, exist_ok=True)
    formats = {"aliases": {str(k): v for k, v in built.aliases.items()},
               "formats": built.formats}
    text = json.dumps(formats, indent=1, ensure_ascii=False, sort_keys=False)
    (out / "formats.json").write_text(text + "\n", encoding="utf-8")
    rows = ",\n".join(f'"{p}": {json.dumps([r.date, r.set_number, int(r.complete)])}'
                      for p, r in sorted(built.releases.items()))
    (out / "releases.json").write_text("{\n" + rows + "\n}\n", encoding="utf-8")
    report = {"sources": described, **built.report}
    (out / "sources.json").write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n",
                                      encoding="utf-8")

"""Build the card database shipped in ``validator/cards/data/`` from local checkouts of its
sources (``make card-db``): card data and texts from DawnbrandBots/yaml-yugi, rule facts from
running ProjectIgnis/CardScripts, Goat's pre-errata versions from ProjectIgnis/BabelCDB's
``goat-entries.cdb`` and CardScripts' ``goat/``. Only facts and texts are written, never script
code.

    python -m carddb --yaml-yugi PATH --card-scripts PATH --babel-cdb PATH [--out DIR]
"""

from __future__ import annotations

import json
import re
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from validator.cards.facts import CardFacts

from . import materials
from .facts import Reader
from .found import sources
from .scripts import Runner, Script
from .sources import Tree
from .stats import attribute_bit, race_bit, stats, type_mask

#: Where each source is published, and its licence (named in the database's sources).
PUBLISHED: Final = {
    "yaml-yugi": ("DawnbrandBots/yaml-yugi", "card data: texts (c) Konami; the project's code "
                                             "AGPL-3.0-or-later"),
    "CardScripts": ("ProjectIgnis/CardScripts", "AGPL-3.0-or-later (only facts read from the "
                                                "scripts are kept, no script code)"),
    "BabelCDB": ("ProjectIgnis/BabelCDB", "no licence file; goat-entries.cdb's names, stats "
                                          "and texts of Goat's pre-errata cards"),
}
_SCRIPT_NAME = re.compile(r"^--(.+?)\s*$", re.M)
#: A goat-entries.cdb name: "Fenrir (GOAT)".
_GOAT_NAME = re.compile(r"\s*\(GOAT\)\s*$", re.I)


@dataclass
class Built:
    """The database being built, and what the build saw (for its report)."""

    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    details: dict[str, dict[str, Any]] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)
    no_script: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)


def yaml_yugi_cards(tree: Tree) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every OCG/TCG card file of yaml-yugi (``data/cards/*.json``), by file name."""
    names = [n for n in tree.names("data/cards") if n.endswith(".json")]
    files = tree.read_many([f"data/cards/{n}" for n in names])
    for name in names:
        text = files.get(f"data/cards/{name}")
        if text:
            yield name, json.loads(text)


def script_names(tree: Tree, folder: str) -> dict[str, int]:
    """English name (the script's second comment line) -> passcode, for the scripts of a
    folder, to place cards the card data gives no passcode (the Egyptian Gods)."""
    found: dict[str, int] = {}
    names = [n for n in tree.names(folder) if re.fullmatch(r"c\d+\.lua", n)]
    texts = tree.read_many([f"{folder}/{n}" for n in names])
    for name in names:
        lines = _SCRIPT_NAME.findall(texts.get(f"{folder}/{name}", "")[:300])
        if len(lines) >= 2:
            found.setdefault(lines[1], int(name[1:-4]))
    return found


def record(card: dict[str, Any], facts: dict[str, Any]) -> dict[str, Any]:
    """A card as ``cards.json`` holds it: printed data and facts (texts stay apart). What the
    card does not have (None, False, an empty list) is left out; a 0 is a value (Effect
    Veiler's ATK and DEF, a Level 0 monster, a Scale of 0) and is kept.

    >>> record({"name": "Effect Veiler", "atk": 0, "def": 0, "tcg": True, "ocg": False,
    ...         "types": [], "text": "..."}, {})
    {'name': 'Effect Veiler', 'atk': 0, 'def': 0, 'tcg': True}
    """
    out = {k: v for k, v in card.items() if k not in ("text", "pendulum_text") and
           v is not None and v is not False and v != []}
    if facts:
        out["facts"] = facts
    return out


def _run(runner: Runner, reader: Reader, code: int, path: str, text: str,
         card: dict[str, Any], built: Built, key: str) -> dict[str, Any] | None:
    runner.card_data(code, type_mask(card), int(card.get("level") or card.get("rank") or
                                                card.get("link") or 0),
                     race_bit(str(card.get("race") or "")), attribute_bit(card.get("attribute")),
                     int(card.get("atk") or 0), int(card.get("def") or 0))
    script: Script = runner.run(code, path, text)
    if script.error is not None:
        built.failed[key] = f"{path}: {script.error}"
        return None
    found = reader.read(script, card)
    built.details.setdefault(key, {})["sources"] = {
        "stats": "", **sources(found.notes), "script": path}
    return found.facts.to_json()


def build(yaml_yugi: Tree, card_scripts: Tree, babel: Tree | None) -> Built:
    """The whole database from the three sources."""
    built = Built()
    runner = Runner(card_scripts)
    scripts = {n for n in card_scripts.names("official") if n.endswith(".lua")}
    texts = {name: runner.libraries[name] for name in runner.libraries}
    by_name = script_names(card_scripts, "official")
    # one card a passcode: the first file that has it, except that a file with a passcode of
    # its own wins over one placed by its script's name (a new card that shares an old
    # card's name: the Normal Monster "Black Luster Soldier" is not the Ritual 5405694)
    chosen: dict[int, tuple[str, dict[str, Any], bool]] = {}
    series: dict[int, list[str]] = {}  # each card's archetypes, as yaml-yugi names them
    for file_name, raw in yaml_yugi_cards(yaml_yugi):
        card = stats(raw)
        if card.get("kind") is None or not card["name"]:
            built.skipped[file_name] = "not a Monster, Spell or Trap card"
            continue
        code = raw.get("password")
        own = isinstance(code, int)
        if not isinstance(code, int):
            code = by_name.get(card["name"])
            if code is None:
                built.skipped[file_name] = "no passcode and no script of that name"
                continue
        source = f"data/cards/{file_name}"
        known = chosen.get(code)
        if known is not None and (known[2] or not own):
            built.skipped[file_name] = f"passcode {code} is already the card of {known[0]}"
            continue
        if known is not None:
            built.skipped[known[0].removeprefix("data/cards/")] = \
                f"passcode {code} (by its script's name) is the card of {source}"
        chosen[code] = (source, card, own)
        series[code] = [str(name) for name in raw.get("series") or () if name]
    pending = [(code, source, card) for code, (source, card, _) in chosen.items()]
    paths = {code: f"official/c{code}.lua" for code, _, _ in pending
             if f"c{code}.lua" in scripts}
    # A card released since its script was written keeps it in pre-release/, under a
    # provisional passcode: found by the card's name, and run as the card's own passcode.
    provisional = script_names(card_scripts, "pre-release")
    # A card whose only script is kept under pre-errata/ (by its own passcode: Red-Eyes
    # Darkness Metal Dragon) runs that one rather than none.
    pre_errata = {n for n in card_scripts.names("pre-errata") if n.endswith(".lua")}
    for code, _, card in pending:
        if code not in paths and card["name"] in provisional:
            paths[code] = f"pre-release/c{provisional[card['name']]}.lua"
        elif code not in paths and f"c{code}.lua" in pre_errata:
            paths[code] = f"pre-errata/c{code}.lua"
    script_texts = card_scripts.read_many(sorted(paths.values()))
    texts.update(script_texts)
    reader = Reader(runner.constants, texts)
    for code, source, card in pending:
        key = str(code)
        facts: dict[str, Any] | None = {}
        if code in paths and paths[code] in script_texts:
            facts = _run(runner, reader, code, paths[code], script_texts[paths[code]], card,
                         built, key)
        else:
            built.no_script.append(key)
            built.details.setdefault(key, {})["sources"] = {
                "script": "none: CardScripts has no script for this card (a Normal Monster, "
                          "or one the scripts do not know)"}
            extra = set(card.get("types", ())) & {"Fusion", "Synchro", "Xyz", "Link"}
            extra_monster = card.get("kind") == "monster" and bool(extra)
            # an Effect Monster no script describes: its effects are unknown, so a document
            # gets the laxest kind (quick) rather than none (docs/cards.md)
            unscripted = card.get("kind") == "monster" and "Effect" in card.get("types", ())
            facts = CardFacts(normal_summon=not extra_monster, unscripted=unscripted).to_json()
            if extra_monster:
                built.details[key]["sources"]["normal_summon"] = \
                    f"an Extra Deck monster ({'/'.join(sorted(extra))}) is never Normal Summoned"
            if unscripted:
                built.details[key]["sources"]["unscripted"] = \
                    "an Effect Monster with no script: its effects are not known"
        built.cards[key] = record(card, facts or {})
        detail = built.details.setdefault(key, {})
        detail.setdefault("sources", {})["stats"] = f"yaml-yugi {source}"
        detail["text"] = card.get("text", "")
        if card.get("pendulum_text"):
            detail["pendulum_text"] = card["pendulum_text"]
    if babel is not None:
        _goat(babel, card_scripts, runner, reader, built)
    _rituals(built, texts, series)
    _archetypes(built, series)
    _kinds_of_archetypes(built, series)
    return built


def _members(series: dict[int, list[str]]) -> dict[str, list[int]]:
    """Each archetype's cards, by its name's letters (case aside)."""
    members: dict[str, list[int]] = {}
    for code in sorted(series):
        for name in dict.fromkeys(_letters(n) for n in series[code]):
            members.setdefault(name, []).append(code)
    return members


def _letters(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _rituals(built: Built, texts: dict[str, str], series: dict[int, list[str]]) -> None:
    """A Ritual Monster's ``materials`` from the Ritual Spells that name it (by passcode or
    archetype, :func:`.materials.ritual_spell`): the Level its Tributes make, ``equal`` or
    ``at_least`` (``at_least`` when any such Spell allows more: the reading that flags
    least). A Ritual Monster no Spell names so has no ``materials``."""
    members = _members(series)
    found: dict[int, list[tuple[str, int | None, str]]] = {}
    for passcode, card in built.cards.items():
        if card.get("kind") != "spell" or card.get("subtype") != "ritual":
            continue
        path = built.details.get(passcode, {}).get("sources", {}).get("script", "")
        for ritual, monster, level in materials.ritual_spell(texts.get(path, "")):
            codes = [monster] if isinstance(monster, int) else \
                members.get(_letters(monster), [])
            for code in codes:
                found.setdefault(code, []).append((ritual, level, card["name"]))
    for code, spells in sorted(found.items()):
        summoned = built.cards.get(str(code))
        if summoned is None or "Ritual" not in summoned.get("types", ()) or \
                not isinstance(summoned.get("level"), int):
            continue
        card = summoned
        levels = {level if level is not None else card["level"] for _, level, _ in spells}
        if len(levels) != 1:
            continue  # Spells asking for other Levels: none judged
        ritual = "at_least" if any(r == "at_least" for r, _, _ in spells) else "equal"
        facts = CardFacts.from_json(card.get("facts", {}))
        entry = {"summon": "ritual", "level_sum": levels.pop(), "ritual": ritual}
        card["facts"] = CardFacts.from_json({**facts.to_json(),
                                             "materials": [entry]}).to_json()
        names = ", ".join(sorted({name for _, _, name in spells}))
        built.details.setdefault(str(code), {}).setdefault("sources", {})["materials"] = \
            f"the Ritual Spells naming it ({names}): Tributes whose Levels make " \
            f"{entry['level_sum']} ({ritual})"


def _kinds_of_archetypes(built: Built, series: dict[int, list[str]]) -> None:
    """An archetype named by a material's filter or a lock's (``{"series": "CYBERSE"}``) as
    its cards (yaml-yugi's series); an archetype no card names makes the filter ``"unread"``.
    """
    members = _members(series)

    def resolved(kinds: Any) -> Any:
        if not isinstance(kinds, dict) or "series" not in kinds:
            return kinds
        cards = members.get(_letters(kinds["series"]), [])
        if not cards:
            return "unread"
        out = {k: v for k, v in kinds.items() if k != "series"}
        out["cards"] = sorted(set(cards) & set(out.get("cards", cards)))
        return out

    for card in built.cards.values():
        held = [card, *card.get("variants", {}).values()]
        for holder in held:
            facts = holder.get("facts")
            if not facts:
                continue
            if isinstance(facts.get("materials"), list):
                for m in facts["materials"]:
                    for key in ("kinds", "tuner_kinds"):
                        if key in m:
                            m[key] = resolved(m[key])
            for key in ("grants_double_tribute", "lessens_tributes", "lends_normal_summon"):
                if isinstance(facts.get(key), dict):
                    facts[key] = resolved(facts[key])
            for grant in facts.get("grants_tributes", ()):
                if "for" in grant:
                    grant["for"] = resolved(grant["for"])
            for lock in facts.get("locks", ()):
                if isinstance(lock["allows"], list):
                    allows = [resolved(k) for k in lock["allows"]]
                    lock["allows"] = "unread" if "unread" in allows else allows


def _archetypes(built: Built, series: dict[int, list[str]]) -> None:
    """A double Tribute for an archetype's monsters (``IsSetCard(SET_STEELSWARM)``) as the
    cards of that archetype: those whose yaml-yugi ``series`` names it (letters compared, case
    aside). An archetype no card names is ``"unread"`` (no ``double_tribute`` in the document).

    >>> built = Built(cards={"1": {"facts": {"double_tribute": True,
    ...                                      "double_tribute_for": {"series": "STEELSWARM"}}},
    ...                      "2": {"name": "Steelswarm Roach"}}, details={"1": {"sources": {}}})
    >>> _archetypes(built, {2: ["Steelswarm", "lswarm"], 3: ["Inzektor"]})
    >>> built.cards["1"]["facts"]["double_tribute_for"]
    {'cards': [2]}
    """
    def key(name: str) -> str:
        return re.sub(r"[^a-z0-9]", "", name.lower())

    members: dict[str, list[int]] = {}
    for code in sorted(series):
        for name in dict.fromkeys(key(n) for n in series[code]):
            members.setdefault(name, []).append(code)
    for passcode, card in built.cards.items():
        held = [(passcode, card)] + [(f"{passcode}/{v}", variant) for v, variant in
                                     card.get("variants", {}).items()]
        for where, holder in held:
            facts = CardFacts.from_json(holder.get("facts", {}))
            wanted = facts.double_tribute_for
            if not isinstance(wanted, dict) or "series" not in wanted:
                continue
            found = members.get(key(wanted["series"]), [])
            cards = sorted(set(found) & set(wanted.get("cards", found)))
            resolved = wanted.copy()  # its other terms, then the archetype's cards
            del resolved["series"]
            resolved.pop("cards", None)
            resolved["cards"] = cards
            holder["facts"] = replace(facts, double_tribute_for=resolved if cards
                                      else "unread").to_json()
            sources = built.details.setdefault(where, {}).setdefault("sources", {})
            sources["double_tribute_for"] = sources.get("double_tribute_for", "") + (
                f"; the archetype is {len(cards)} cards (yaml-yugi's series)" if cards else
                "; no card of that archetype (yaml-yugi's series): not read")


def _goat(babel: Tree, card_scripts: Tree, runner: Runner, reader: Reader,
          built: Built) -> None:
    """Goat's pre-errata versions: goat-entries.cdb's texts and stats, and the facts of
    CardScripts' goat/ scripts, as the variant ``goat`` of the card they stand for."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "goat.cdb"
        if babel.commit is None:
            path.write_bytes((babel.root / "goat-entries.cdb").read_bytes())
        else:
            import subprocess
            path.write_bytes(subprocess.run(
                ["git", "-C", str(babel.root), "show", f"{babel.commit}:goat-entries.cdb"],
                check=True, capture_output=True).stdout)
        with sqlite3.connect(path) as db:
            rows = db.execute("select d.id, d.alias, d.type, d.level, d.atk, d.def, t.name, "
                              "t.desc from datas d join texts t on d.id = t.id").fetchall()
    goat_scripts = {n for n in card_scripts.names("goat") if n.endswith(".lua")}
    texts = card_scripts.read_many([f"goat/{n}" for n in sorted(goat_scripts)])
    reader.texts.update(texts)
    for code, alias, _ctype, level, atk, def_, name, text in rows:
        key = str(alias)
        base = built.cards.get(key)
        if base is None:
            built.skipped[f"goat-entries.cdb {code}"] = f"{name}: no such card {alias}"
            continue
        card = {k: v for k, v in base.items() if k != "facts"}
        card["level"] = level & 0xff if "level" in card else card.get("level")
        if atk >= 0 and "atk" in card:
            card["atk"] = atk
        if def_ >= 0 and "def" in card:
            card["def"] = def_
        path_name = f"goat/c{code}.lua"
        facts: dict[str, Any] | None = {}
        sources: dict[str, str] = {}
        if f"c{code}.lua" in goat_scripts:
            built.details.pop(f"{key}/goat", None)
            facts = _run(runner, reader, int(alias), path_name, texts[path_name], card,
                         built, f"{key}/goat")
            sources = built.details.get(f"{key}/goat", {}).get("sources", {})
        variant = {k: v for k, v in record(card, facts or {}).items()
                   if base.get(k) != v or k == "facts"}
        if facts is not None and path_name in texts and "facts" not in variant and \
                base.get("facts"):
            # its own (Goat) script ran and gives no fact: that is its facts, not today's
            # card's (Gearfried the Iron Knight's Goat text has no activated effect)
            variant["facts"] = {}
        variant["name"] = _GOAT_NAME.sub("", name)
        if variant["name"] == base["name"]:
            del variant["name"]
        base.setdefault("variants", {})["goat"] = variant
        sources["stats"] = f"BabelCDB goat-entries.cdb {code}"
        built.details[f"{key}/goat"] = {"text": text.replace("\r\n", "\n"), "sources": sources}


def write(built: Built, out: Path, described: dict[str, dict[str, str]]) -> None:
    """``cards.json`` (printed data and facts), ``texts.json`` (texts and each fact's source)
    and ``sources.json`` (what was built from), one card a line so that a rebuild diffs."""
    out.mkdir(parents=True, exist_ok=True)

    def lines(table: dict[str, Any]) -> str:
        keys = sorted(table, key=lambda k: (int(k.split("/")[0]), k))
        body = ",\n".join(f"{json.dumps(k)}: {json.dumps(table[k], ensure_ascii=False, separators=(',', ':'))}"  # noqa: E501
                          for k in keys)
        return "{\n" + body + "\n}\n"

    (out / "cards.json").write_text(lines(built.cards), encoding="utf-8")
    (out / "texts.json").write_text(lines(built.details), encoding="utf-8")
    report = {
        "sources": described,
        "counts": {"cards": len(built.cards), "without a script": len(built.no_script),
                   "scripts that failed": len(built.failed),
                   "goat versions": sum(1 for c in built.cards.values() if "variants" in c)},
        "failed": dict(sorted(built.failed.items())),
        "skipped": dict(sorted(built.skipped.items())),
    }
    (out / "sources.json").write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n",
                                      encoding="utf-8")

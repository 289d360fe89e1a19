"""The sample of docs/cards-review.md, drawn again: ``python docs/cards_review_sample.py``
lists it (passcode, stratum, name); ``--dump`` adds each card's text and today's facts with
their sources, to read them side by side (``--dump --before``: the facts as they were
reviewed, before the fixes).

It is drawn from the database as it was before the review's fixes (:data:`DRAWN_FROM`), so
that it draws the same cards: (a) the cards the real Duelingbook matches in ../shared show
(their ``serial_number``) that have a non-trivial fact (anything but an Extra Deck monster's
``normal_summon: false`` and an empty ``effects``): all of the Edison matches', all of the
Goat and Unlimited matches', and a seeded sample of the Advanced matches'; (b) a seeded
sample of the whole database, stratified by frame (:data:`STRATA`), of cards not in (a).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
DATA = HERE.parent / "validator" / "cards" / "data"
REPLAYS = HERE.parent.parent / "shared" / "data" / "duelingbook"
#: The database the sample was drawn from: the commit before the review's fixes (their
#: facts decide (a), and (a) is left out of (b)'s strata), so that it draws the same cards.
DRAWN_FROM = "9c89ca3"
SEED = 20251201
ADVANCED = 60
#: (b)'s strata, in the order a card is placed in the first that fits, and their sizes.
STRATA = (("link", 6), ("xyz", 6), ("synchro", 6), ("fusion", 6), ("ritual", 10),
          ("gemini", 10), ("pendulum", 12), ("flip", 12), ("effect", 25), ("spell", 25),
          ("trap", 25))
EXTRA = {"Fusion", "Synchro", "Xyz", "Link"}


def stratum(card: dict[str, Any]) -> str | None:
    """The stratum of (b) a card falls in (None: a Normal Monster, never sampled)."""
    if card["kind"] != "monster":
        return str(card["kind"])
    types = set(card.get("types", ()))
    for name in ("Link", "Xyz", "Synchro", "Fusion", "Ritual", "Gemini", "Pendulum", "Flip"):
        if name in types:
            return name.lower()
    return "effect" if "Effect" in types else None


def nontrivial(card: dict[str, Any]) -> bool:
    facts = dict(card.get("facts", {}))
    if set(card.get("types", ())) & EXTRA and facts.get("normal_summon") is False:
        del facts["normal_summon"]
    if not facts.get("effects"):
        facts.pop("effects", None)
    return bool(facts)


def serials(paths: list[Path]) -> list[str]:
    found: set[int] = set()
    for path in paths:
        found |= {int(m[1]) for m in re.finditer(r'"serial_number":\s*"?(\d+)', path.read_text())}
    return [str(n) for n in sorted(found)]


def drawn_from() -> dict[str, Any]:
    """``cards.json`` as it was at :data:`DRAWN_FROM`."""
    text = subprocess.run(["git", "-C", str(HERE), "show",
                           f"{DRAWN_FROM}:validator/cards/data/cards.json"],
                          check=True, capture_output=True, text=True).stdout
    found: dict[str, Any] = json.loads(text)
    return found


def sample() -> list[tuple[str, str]]:
    """(passcode, stratum) in the order of the review."""
    cards = drawn_from()
    rng = random.Random(SEED)
    out: list[tuple[str, str]] = []
    seen: set[str] = set()

    def take(codes: list[str], label: str) -> None:
        for code in codes:
            if code not in seen:
                seen.add(code)
                out.append((code, label))

    pick = [c for c in serials(sorted(REPLAYS.glob("edison/*.json"))) if c in cards]
    take([c for c in pick if nontrivial(cards[c])], "a:edison")
    pick = [c for c in serials(sorted(REPLAYS.glob("goat-*.json")) +
                               sorted(REPLAYS.glob("unlimited-*.json")) +
                               sorted(REPLAYS.glob("aco77-*.json"))) if c in cards]
    take([c for c in pick if nontrivial(cards[c])], "a:goat/unlimited")
    pick = [c for c in serials(sorted(REPLAYS.glob("advanced/*.json")))
            if c in cards and c not in seen and nontrivial(cards[c])]
    take(sorted(rng.sample(pick, min(ADVANCED, len(pick))), key=int), "a:advanced")
    by_stratum: dict[str, list[str]] = {}
    for code in sorted(cards, key=int):
        s = stratum(cards[code])
        if s is not None and code not in seen:
            by_stratum.setdefault(s, []).append(code)
    for name, size in STRATA:
        take(sorted(rng.sample(by_stratum[name], size), key=int), f"b:{name}")
    return out


def main(argv: list[str]) -> None:
    cards = json.loads((DATA / "cards.json").read_text())
    texts = json.loads((DATA / "texts.json").read_text()) if "--dump" in argv else {}
    if "--before" in argv:  # the facts as they were reviewed, before the fixes
        cards = drawn_from()
    for code, label in sample():
        card = cards[code]
        print(f"{code}\t{label}\t{card['name']}")
        if texts:
            kind = card["kind"] if card["kind"] != "monster" else \
                f"monster L{card.get('level', card.get('rank', card.get('link')))} " \
                f"{'/'.join(card.get('types', ()))}"
            print(f"  [{kind}{' ' + card['subtype'] if 'subtype' in card else ''}]")
            for key in ("pendulum_text", "text"):
                if key in texts[code]:
                    print(f"  {key}: {texts[code][key]}")
            print(f"  facts: {json.dumps(card.get('facts', {}), sort_keys=True)}")
            for fact, source in texts[code]["sources"].items():
                if fact not in ("stats", "script") and "--before" not in argv:
                    print(f"   - {fact}: {source}")
            goat = card.get("variants", {}).get("goat")
            if goat is not None and label.startswith("a:goat"):
                print(f"  goat: {texts[code + '/goat']['text']}")
                print(f"  goat facts: {json.dumps(goat.get('facts', {}), sort_keys=True)}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""The sample for an audit of the card-limit facts (contract §8, issue 27): cards whose text has
a limit clause or whose facts have a limit, drawn at random from the cards the real matches use,
each with its text and the facts the builder read, to be read side by side by someone who did
not write the reader. ``python docs/cards_limits_review_sample.py`` lists the sample (passcode,
name); ``--markdown`` writes the skeleton of docs/cards-limits-review.md (every card's text and
facts, and a line for the reader's verdict); ``--pool`` prints the pool's size.

The pool: every passcode the real Duelingbook replays in ../shared show (``serial_number``, top
level, ``edison/``, ``advanced/``) and every card of the EDOPro decks in
``../shared/data/edopro/MANIFEST.json`` (main, extra and side), that the database holds and
that has a limit clause in its text (:data:`CLAUSES`: "once per turn", "You can only activate
1", "cannot Special Summon ... except", a material line of an Extra Deck or Ritual monster...)
or a limit among its facts (an effect's ``once``, ``activations_per_turn``,
``summons_per_turn``, ``materials``, ``locks``): so that a clause the builder missed is drawn
as often as one it read. :data:`SIZE` of them are drawn with :data:`SEED` (``random.Random``),
listed by passcode.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "validator" / "cards" / "data"
SHARED = HERE.parent.parent / "shared" / "data"
SEED = 20261205
SIZE = 160
#: A limit clause of a card's text.
CLAUSES = re.compile(r"once per (?:turn|Duel)|You can only (?:use|activate)|"
                     r"cannot Special Summon|can only Special Summon|"
                     r"You can only Special Summon", re.I)
EXTRA = {"Fusion", "Synchro", "Xyz", "Link", "Ritual"}
LIMITS = ("activations_per_turn", "summons_per_turn", "materials", "locks")


def passcodes() -> set[str]:
    """The cards the real matches use: the replays' and the EDOPro decks'."""
    found: set[str] = set()
    root = SHARED / "duelingbook"
    for path in [*root.glob("*.json"), *root.glob("edison/*.json"),
                 *root.glob("advanced/*.json")]:
        found |= {m[1] for m in re.finditer(r'"serial_number":\s*"?(\d+)', path.read_text())}
    manifest = json.loads((SHARED / "edopro" / "MANIFEST.json").read_text())
    for deck in manifest["decks"].values():
        for part in ("main", "extra", "side"):
            found |= {str(n) for n in deck.get(part, ())}
    return found


def limited(card: dict[str, Any], text: str) -> bool:
    """A card with a limit clause in its text, or a limit among its facts."""
    facts = card.get("facts", {})
    if any(key in facts for key in LIMITS):
        return True
    if any("once" in e for e in facts.get("effects", ())):
        return True
    return bool(CLAUSES.search(text)) or bool(EXTRA & set(card.get("types", ())))


def pool(cards: dict[str, Any], texts: dict[str, Any]) -> list[str]:
    return sorted((c for c in passcodes() if c in cards and
                   limited(cards[c], texts[c].get("text", ""))), key=int)


def sample(cards: dict[str, Any], texts: dict[str, Any]) -> list[str]:
    return sorted(random.Random(SEED).sample(pool(cards, texts), SIZE), key=int)


def read(card: dict[str, Any]) -> list[str]:
    """The limit facts read, one line each (an effect's index is its place in ``effects``)."""
    facts = card.get("facts", {})
    lines = []
    for n, e in enumerate(facts.get("effects", ())):
        limit = f" once={e['once']}" if "once" in e else " (no limit)"
        shared = f" shared={e['shared']}" if "shared" in e else ""
        lines.append(f"effect {n}: {e['kind']} from {'/'.join(e['from'])}{limit}{shared}")
    for key in LIMITS:
        if key in facts:
            lines.append(f"{key}: {json.dumps(facts[key], ensure_ascii=False)}")
    return lines or ["(no limit fact)"]


def markdown(cards: dict[str, Any], texts: dict[str, Any]) -> str:
    out = ["# The card-limit facts read against the cards' texts (issue 27)", "",
           "Drawn by `python docs/cards_limits_review_sample.py --markdown` (its docstring says "
           f"how: seed {SEED}, {SIZE} of the {len(pool(cards, texts))} cards of the pool). "
           "For each card, read its text and say of each fact below whether it agrees "
           "(`ok`), is missing a limit the text sets (`missing`), is narrower than the text "
           "(`narrower`: it could flag a legal play) or wider (`wider`: it can only miss a "
           "violation); and name any clause the facts do not hold. A fact `\"unread\"` is one "
           "the builder said it could not read (the judge flags nothing of it): say whether "
           "the text has such a clause. docs/cards.md says how each fact is read.", "",
           "| verdict | count |", "| --- | --- |", "| ok | |", "| missing | |",
           "| narrower | |", "| wider | |", ""]
    for n, code in enumerate(sample(cards, texts), 1):
        card = cards[code]
        kind = "/".join(card.get("types", ())) or card.get("subtype", "")
        out += [f"## {n}. {card['name']} ({code}), {card['kind']} {kind}", ""]
        for key in ("pendulum_text", "text"):
            if texts[code].get(key):
                out += [f"> {texts[code][key]}".replace("\n", " "), ""]
        out += [f"- {line}" for line in read(card)]
        out += ["", "Verdict: ", ""]
    return "\n".join(out)


def main(argv: list[str]) -> None:
    cards = json.loads((DATA / "cards.json").read_text())
    texts = json.loads((DATA / "texts.json").read_text())
    if "--pool" in argv:
        print(len(pool(cards, texts)))
        return
    if "--markdown" in argv:
        print(markdown(cards, texts))
        return
    for n, code in enumerate(sample(cards, texts), 1):
        print(f"{n}\t{code}\t{cards[code]['name']}")


if __name__ == "__main__":
    main(sys.argv[1:])

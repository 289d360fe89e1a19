"""The sample of the second audit (docs/cards-review.md, "A second audit (issue 25)"), drawn
again: ``python docs/cards_review_sample2.py`` lists it (passcode, name); ``--dump`` adds each
card's text, stats and today's facts with their sources, to read them side by side.

The pool: every passcode (``serial_number``) the real Duelingbook replays in ../shared show
(top level, ``edison/``, ``advanced/``) that the database holds, minus the 424 cards the first
audit read (:func:`cards_review_sample.sample`); then :data:`SIZE` of them drawn with
:data:`SEED` (Python's ``random.Random``), listed by passcode. Unlike the first audit's (a), no
card is left out for having trivial facts: a Normal Monster's stats are read too.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from cards_review_sample import DATA, REPLAYS, serials
from cards_review_sample import sample as first_sample

SEED = 20261204
SIZE = 100
STATS = ("level", "rank", "link", "scale", "atk", "def")


def pool(cards: dict[str, object]) -> list[str]:
    paths = sorted(REPLAYS.glob("*.json")) + sorted(REPLAYS.glob("edison/*.json")) + \
        sorted(REPLAYS.glob("advanced/*.json"))
    read = {code for code, _ in first_sample()}
    return [c for c in serials(paths) if c in cards and c not in read]


def sample() -> list[str]:
    cards = json.loads((DATA / "cards.json").read_text())
    return sorted(random.Random(SEED).sample(pool(cards), SIZE), key=int)


def main(argv: list[str]) -> None:
    cards = json.loads((DATA / "cards.json").read_text())
    texts = json.loads((DATA / "texts.json").read_text()) if "--dump" in argv else {}
    if "--pool" in argv:
        print(len(pool(cards)))
        return
    for n, code in enumerate(sample(), 1):
        card = cards[code]
        print(f"{n}\t{code}\t{card['name']}")
        if texts:
            stats = " ".join(f"{k}={card[k]}" for k in STATS if k in card)
            print(f"  [{card['kind']} {card.get('subtype', '')} "
                  f"{'/'.join(card.get('types', ()))} {stats}]")
            for key in ("pendulum_text", "text"):
                if key in texts[code]:
                    print(f"  {key}: {texts[code][key]}")
            print(f"  facts: {json.dumps(card.get('facts', {}), sort_keys=True)}")
            for fact, source in texts[code].get("sources", {}).items():
                if fact not in ("stats", "script"):
                    print(f"   - {fact}: {source}")


if __name__ == "__main__":
    main(sys.argv[1:])

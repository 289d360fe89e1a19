"""The deck check of a 60-card deck (issue 17: under 1 ms of the library's time once the card
database and the formats are loaded), by format, and the deck check of the real matches'
replays (reading the cards each shows, then checking them).

Each figure is a median of interleaved rounds (:func:`bench.timing.interleaved`); the loads
are timed once, before.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from bench.report import Result
from bench.timing import interleaved
from validator.cards import database
from validator.decks import check_deck, formats, from_lists, parse_text
from validator.decks.replay import check_replay, read_replay

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "data" / "duelingbook"
NAME = "decks"
DESCRIPTION = "a 60-card deck check by format, and the real replays' deck checks"
TARGET_MS = 1.0
#: 60 cards of 22 names, a Side Deck of 15 and an Extra Deck of 10: legal in no format, so
#: that every check finds and words something.
DECK = ("Main\n" + "".join(f"3 {n}\n" for n in (
    "Sangan", "Scapegoat", "Pot of Greed", "Mirror Force", "Dark Magician", "Book of Moon",
    "Mystical Space Typhoon", "Heavy Storm", "Snatch Steal", "Cyber Dragon", "Effect Veiler",
    "Ash Blossom & Joyous Spring", "Maxx \"C\"", "Starlight Road", "Torrential Tribute",
    "Bottomless Trap Hole", "Dark Hole", "Raigeki", "Call of the Haunted", "Solemn Judgment")) +
    "Side\n" + "".join(f"3 {n}\n" for n in ("Giant Rat", "Mystic Tomato", "Shining Angel",
                                              "Blade Knight", "Big Shield Gardna")) +
    "Extra\n" + "".join(f"1 {n}\n" for n in (
        "Thousand-Eyes Restrict", "Stardust Dragon", "Black Rose Dragon", "Goyo Guardian",
        "Brionac, Dragon of the Ice Barrier", "Dark Balter the Terrible", "Ryu Senshi",
        "Gaia the Dragon Champion", "Dark Flare Knight", "Red Dragon Archfiend")))


def run(options: argparse.Namespace) -> Result:
    """Time the loads, then each format's check, then the real replays."""
    start = time.perf_counter()
    database()
    loaded_db = time.perf_counter()
    formats()
    loaded = time.perf_counter()
    deck = parse_text(DECK)
    names = [e.card.name for e in deck.main]
    result = Result(f"Deck checks: medians of {options.rounds} interleaved rounds, after the "
                    f"card database ({(loaded_db - start) * 1e3:.0f} ms) and the formats "
                    f"({(loaded - loaded_db) * 1e3:.0f} ms) are loaded",
                    ["check", "cards", "findings", "ms"])
    funcs = {f"{k} (deck read)": (lambda k=k: check_deck(deck, k))
             for k in ("goat", "edison", "advanced")}
    funcs["advanced on 2022-06-01 (deck read)"] = lambda: check_deck(deck, "advanced",
                                                                     "2022-06-01")
    funcs["goat, from 60 names"] = lambda: check_deck(from_lists(names), "goat")
    funcs["goat, from the text form"] = lambda: check_deck(parse_text(DECK), "goat")
    medians = interleaved(funcs, rounds=options.rounds, sample_seconds=0.05)
    for label, seconds in medians.items():
        fmt = label.split()[0].rstrip(",")
        found = funcs[label]()
        cards = len(deck) if "names" not in label else len(names)
        result.rows.append([label, str(cards), str(len(found.findings)),
                            f"{seconds * 1e3:.3f}"])
        if "(deck read)" in label and "2022" not in label:
            result.target(f"{fmt}: a {len(deck.main)}-card Main Deck ({len(deck)} cards in "
                          f"all) checked in under {TARGET_MS:g} ms ({seconds * 1e3:.3f} ms)",
                          seconds * 1e3 < TARGET_MS)
    replays = sorted(CORPUS.rglob("*.json")) if CORPUS.exists() else []
    if replays:
        texts = [json.loads(p.read_text("utf-8")) for p in replays]
        m = interleaved({"replays": lambda: [check_replay(read_replay(t)) for t in texts]},
                        rounds=options.rounds, sample_seconds=0.2)
        result.rows.append([f"{len(texts)} real replays: read + check each", "-", "-",
                            f"{m['replays'] * 1e3 / len(texts):.3f} per match"])
    return result

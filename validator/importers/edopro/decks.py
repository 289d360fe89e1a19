"""The decks an EDOPro replay holds (its embedded yrp1), as the deck check reads a replay's
cards (validator/decks/replay.py): every copy of each player's Main and Extra Deck, checked
against the Advanced list in force on the day the duel was played (docs/edopro.md).

>>> replay_cards(None, ("Ann", "Bob"), 0).players
[]
"""

from __future__ import annotations

import datetime

from validator.decks.formats import Card, identify
from validator.decks.replay import PlayerCards, ReplayCards
from validator.importers.edopro.yrp import Decks


def replay_cards(decks: Decks | None, names: tuple[str, str], timestamp: int) -> ReplayCards:
    """What the deck check reads of the file: each player's cards by passcode (an alternate
    artwork counted as its card), and the day of the duel (the header's time, UTC)."""
    day = None
    if timestamp > 0:
        day = datetime.datetime.fromtimestamp(timestamp, datetime.UTC).date().isoformat()
    out = ReplayCards(day=day)
    if decks is None:
        return out
    for n, (main, extra) in enumerate(zip(decks.main, decks.extra, strict=False)):
        player = PlayerCards(names[min(n, 1)])
        for copy, code in enumerate((*main, *extra), 1):
            card = identify(code) or Card(0, f"card {code}")
            player.copies.setdefault(card, set()).add(copy)
        out.players.append(player)
    return out

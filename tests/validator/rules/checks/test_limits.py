"""Edges of the card-limit checks' bookkeeping (validator/rules/checks/limits.py)."""

from __future__ import annotations

import pytest

from validator.document.model import Card
from validator.engine.state import DuelState, Monster, Side
from validator.rules.checks.limits import levels_kept

#: Chef de Nouvelles: its Level change outlasts the turn (``lasting_level``).
CHEF = 29251488


def _state(cards: dict[str, Card], activated: str) -> DuelState:
    mine = Side(8000, [], 0, monsters=[Monster("couverture", "attack")])
    s = DuelState(cards, 3, "p1", {"p1": mine, "p2": Side(8000, [], 0)})
    s.this_turn.limits.activations[f"p2|{activated}"] = [0]
    return s


@pytest.mark.parametrize(("cards", "activated", "kept"), [
    # the Chef used by the opponent: the monster keeps a changed Level
    ({"chef": Card("chef", "monster", passcode=CHEF)}, f"#{CHEF}", {"couverture"}),
    # a card whose id reads like the Chef's key, but with no passcode: no leeway
    ({"#0" + str(CHEF): Card("#0" + str(CHEF), "spell")}, f"#0{CHEF}", set()),
    # the Chef's passcode named by an id, with no Chef in the duel: no leeway either
    ({f"#{CHEF}": Card(f"#{CHEF}", "spell")}, f"#{CHEF}", set()),
    # a card named, not numbered: no passcode, no leeway
    ({"pot": Card("pot", "spell", name="Pot of Greed")}, "@Pot of Greed", set()),
])
def test_a_level_is_kept_only_after_a_card_whose_change_lasts(
        cards: dict[str, Card], activated: str, kept: set[str]) -> None:
    cards = {**cards, "couverture": Card("couverture", "monster", level=6)}
    assert levels_kept(_state(cards, activated)) == kept

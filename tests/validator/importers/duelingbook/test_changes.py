"""What a reading's Changes do to the game being built (validator/importers/duelingbook/
changes.py): Life Points and signs before its actions, the turn passing and the Life Points
audit after them."""

from __future__ import annotations

from typing import Any

from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cards import Knowledge
from validator.importers.duelingbook.changes import apply_after, apply_before
from validator.importers.duelingbook.kinds import NAMES
from validator.importers.duelingbook.readings.result import Changes


def builder() -> GameBuilder:
    return GameBuilder(1, ["a", "b"], [{"play": "Pick first"}], Knowledge({}), {}, None, {}, {},
                       NAMES)


def test_life_points_and_signs_change_before_the_actions() -> None:
    b = builder()
    apply_before(b, Changes(lp_change=("p2", -800), signs=(("Extra Monster Zones", "1:02"),)))
    apply_before(b, Changes(signs=(("Extra Monster Zones", "3:00"),)))
    assert b.lp == {"p1": 8000, "p2": 7200}
    assert b.signs == {"Extra Monster Zones": "1:02"}  # where first seen


def test_the_turn_passes_after_the_actions_with_nothing_of_it_kept() -> None:
    b = builder()
    b.turn.set_cards.add("c1")
    apply_after(b, {"play": "Pass turn", "username": "a"}, Changes(turn_passes=True))
    assert (b.turn.number, b.turn.player, b.turn.set_cards) == (2, "p2", set())


def test_the_audit_keeps_the_logs_life_points_and_notes_the_difference() -> None:
    b = builder()
    b.log.append({"type": "damage", "player": "p1", "amount": 500,
                  "log": {"time": "[0:05]"}})
    play: dict[str, Any] = {"play": "Life points", "username": "a", "life": 7000}
    apply_after(b, play, Changes(audit="p1"))
    assert b.lp["p1"] == 7000 and not b.over
    assert [n.reading for n in b.game.notes] == ["import.lp-audit"]
    apply_after(b, {**play, "life": 0}, Changes(audit="p1"))
    assert b.over and b.game.notes[-1].reading == "game.zero-lp"

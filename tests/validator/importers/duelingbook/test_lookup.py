"""What the readings ask of the game being built (validator/importers/duelingbook/lookup.py):
the plays ahead, quiet and consumed ones passed over and a new game's boundary stopping the
walk, and the actions of this turn."""

from __future__ import annotations

from typing import Any

from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cards import Knowledge
from validator.importers.duelingbook.kinds import NAMES


def builder(plays: list[dict[str, Any]]) -> GameBuilder:
    return GameBuilder(1, ["a", "b"], plays, Knowledge({}), {}, None, {}, {}, NAMES)


PLAYS: list[dict[str, Any]] = [
    {"play": "Pick first", "username": "a"}, {"play": "Draw card", "username": "a"},
    {"play": "Coin", "username": "b"}, {"play": "Normal Summon", "username": "a"},
    {"play": "To GY", "username": "a"}, {"play": "Begin next duel", "username": "a"},
    {"play": "Draw card", "username": "b"}]


def test_the_plays_ahead_pass_over_quiet_and_consumed_plays_up_to_the_next_game() -> None:
    b = builder(PLAYS)
    assert [i for i, _ in b.upcoming(10)] == [1, 3, 4]
    b.consumed.add(3)
    assert [i for i, _ in b.upcoming(1)] == [1] and b.next_play() == (1, PLAYS[1])
    b.cursor = 4
    assert list(b.upcoming(10)) == [] and b.next_play() is None
    assert [(i, kind) for i, _, kind in b.said(range(4, 0, -1))] == [(4, "To GY"),
                                                                      (1, "Draw card")]


def test_the_summons_of_this_turn_count_only_those_that_used_the_turns_count() -> None:
    b = builder(PLAYS)
    for action in ({"type": "normal_summon", "player": "p1", "card": "c1"},
                   {"type": "end_turn", "player": "p1"},
                   {"type": "normal_summon", "player": "p2", "card": "c2"},
                   {"type": "set_monster", "player": "p2", "card": "c3", "by_effect": True},
                   {"type": "set_monster", "player": "p2", "card": "c4"}):
        b.log.append({**action, "log": {}})
    assert [a["card"] for a in b.summons_this_turn("p2")] == ["c2", "c4"]
    assert b.summons_this_turn("p1") == []
    assert b.named_cards() == {"c1", "c2", "c3", "c4"}

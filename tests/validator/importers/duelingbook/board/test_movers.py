"""The movers (validator/importers/duelingbook/board/movers.py), each run on a Follower as the
follower runs it for one play: the card found (or made, the first time the log shows it), put
where the play puts it, and recorded as the play's step."""

from __future__ import annotations

from typing import Any

from validator.importers.duelingbook.board import movers
from validator.importers.duelingbook.board.follow import Follower
from validator.importers.duelingbook.cards import Knowledge


def play(kind: str, public: str, private: str | None = None) -> dict[str, Any]:
    return {"play": kind, "username": "A",
            "log": {"public_log": public, "private_log": private or public}}


def test_a_draw_names_the_card_and_puts_it_in_the_hand() -> None:
    f = Follower({"A": "p1", "B": "p2"}, Knowledge({}))
    step = f.follow(3, play("Draw card", "Drew a card", 'Drew "Sangan"'), "Draw card", "p1",
                    movers.draw)
    assert step.card is not None and f.board.name(step.card) == "Sangan"
    assert f.board.pile("p1", "hand") == [step.card]
    assert [(m.card, m.after.spot if m.after else None) for m in step.moves] == [
        (step.card, "hand")]


def test_a_normal_summon_takes_the_card_from_the_hand_to_the_zone_the_log_names() -> None:
    f = Follower({"A": "p1", "B": "p2"}, Knowledge({}))
    f.follow(3, play("Draw card", "Drew a card", 'Drew "Sangan"'), "Draw card", "p1",
             movers.draw)
    summon = play("Normal Summon", 'Normal Summoned "Sangan" from hand (1/5) to M-3')
    step = f.follow(4, summon, "Normal Summon", "p1", movers.normal_summon)
    assert f.board.pile("p1", "hand") == []
    [move] = step.moves
    assert (move.card, move.before and move.before.spot, move.after and move.after.spot) == (
        step.card, "hand", "M-3")


def test_a_card_sent_to_the_graveyard_leaves_its_zone() -> None:
    f = Follower({"A": "p1", "B": "p2"}, Knowledge({}))
    f.follow(3, play("Draw card", "Drew a card", 'Drew "Sangan"'), "Draw card", "p1",
             movers.draw)
    f.follow(4, play("Normal Summon", 'Normal Summoned "Sangan" from hand (1/5) to M-3'),
             "Normal Summon", "p1", movers.normal_summon)
    step = f.follow(5, play("To GY", 'Sent "Sangan" from M-3 to GY'), "To GY", "p1",
                    movers.send("graveyard"))
    assert f.board.pile("p1", "graveyard") == [step.card]
    assert [(m.before and m.before.spot) for m in step.moves] == ["M-3"]

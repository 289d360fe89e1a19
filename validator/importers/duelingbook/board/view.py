"""The board the rules reading works on: the follower's steps applied one by one, so that at
each play it shows the board as Duelingbook did then (where each card stands, who holds what
in which zone, how many cards each hand holds), with a journal for rewinds.

>>> view = View({"x": {"owner": "p1", "name": "Sangan"}})
>>> view.move("x", None, Spot("p1", "M-3", "attack"))
>>> view.at("p1", "M-3"), view.monsters("p1"), view.position("x")
('x', ['x'], 'attack')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from validator.document.model import Player
from validator.importers.duelingbook.board.tracker import Board, Places, Spot, is_zone


@dataclass
class View(Places):
    """Cards by id (shared with the follower, which named them), and where each stands."""

    cards: dict[str, dict[str, Any]]
    where: dict[str, Spot] = field(default_factory=dict)
    zones: dict[tuple[Player, str], str] = field(default_factory=dict)
    hands: dict[Player, int] = field(default_factory=lambda: {"p1": 0, "p2": 0})
    journal: list[tuple[str, Spot | None]] = field(default_factory=list)

    zone = staticmethod(Board.zone)

    def move(self, cid: str, before: Spot | None, after: Spot | None) -> None:
        """A card changed place (or face, or position) as a step says."""
        old = self.where.get(cid)
        self.journal.append((cid, old))
        if old is not None:
            if is_zone(old.spot) and self.zones.get((old.side, old.spot)) == cid:
                del self.zones[(old.side, old.spot)]
            elif old.spot == "hand":
                self.hands[old.side] -= 1
        if after is None:
            if old is not None:  # (``old`` is its entry: del, not a pop looked up by name)
                del self.where[cid]
            return
        self.where[cid] = after
        if is_zone(after.spot):
            self.zones[(after.side, after.spot)] = cid
        elif after.spot == "hand":
            self.hands[after.side] += 1

    # -- what the reading asks ------------------------------------------------------------
    def at(self, side: Player, spot: str) -> str | None:
        """The card in a zone (the top card of an Xyz pile)."""
        return self.zones.get((side, spot))

    def hand_size(self, side: Player) -> int:
        """How many cards the side holds."""
        return self.hands[side]

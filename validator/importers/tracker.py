"""Where every card of an imported game is, tracked by name (Duelingbook renumbers its ids).

Zones are named as Duelingbook writes them from the acting player's side: ``M-1``..``M-5``,
``S-1``..``S-5`` and ``F`` for their own, ``M2-n``/``S2-n`` for the other player's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..model import Player, other

PILES = ("hand", "graveyard", "banished", "deck", "extra")


@dataclass
class Side:
    """One player's zones (zone name -> card id) and piles."""

    zones: dict[str, str] = field(default_factory=dict)
    positions: dict[str, str] = field(default_factory=dict)
    piles: dict[str, list[str]] = field(default_factory=lambda: {p: [] for p in PILES})
    lp: int = 8000


class Board:
    """Cards by id, their names, and where each one stands."""

    def __init__(self) -> None:
        self.sides: dict[Player, Side] = {"p1": Side(), "p2": Side()}
        self.cards: dict[str, dict[str, Any]] = {}
        self.names: dict[str, str] = {}
        self.where: dict[str, tuple[Player, str]] = {}
        self.placed: list[str] = []  # monsters in the order they came onto the field

    def new_card(self, definition: dict[str, Any], owner: Player) -> str:
        """A new card id for another copy of a card: its name as a slug, numbered."""
        slug = re.sub(r"[^a-z0-9]+", "-", definition["name"].lower()).strip("-") or "card"
        cid, n = slug, 1
        while cid in self.cards:
            n += 1
            cid = f"{slug}-{n}"
        self.cards[cid] = {**definition, "owner": owner}
        self.names[cid] = definition["name"]
        return cid

    @staticmethod
    def zone(player: Player, written: str) -> tuple[Player, str]:
        """The side and zone a zone name means for the player who wrote it.

        >>> Board.zone("p1", "M2-3"), Board.zone("p2", "S-1")
        (('p2', 'M-3'), ('p2', 'S-1'))
        """
        match = re.fullmatch(r"([MS])2-(\d)", written)
        if match:
            return other(player), f"{match[1]}-{match[2]}"
        return player, written

    def at(self, player: Player, written: str) -> str | None:
        """The card in a zone, as the player wrote it."""
        side, zone = self.zone(player, written)
        return self.sides[side].zones.get(zone)

    def find(self, player: Player, name: str, pile: str) -> str | None:
        """A card of that name in the player's pile (the one they got last)."""
        for cid in reversed(self.sides[player].piles[pile]):
            if self.names.get(cid) == name:
                return cid
        return None

    def lift(self, cid: str) -> None:
        """Take a card from where it stands."""
        loc = self.where.pop(cid, None)
        if loc is None:
            return
        side = self.sides[loc[0]]
        if loc[1] in side.piles:
            side.piles[loc[1]].remove(cid)
        else:
            side.zones.pop(loc[1], None)
            side.positions.pop(cid, None)

    def put(self, cid: str, player: Player, place: str, position: str | None = None) -> None:
        """Put a card (lifted first) in a pile or zone of ``player``."""
        self.lift(cid)
        side = self.sides[player]
        if place in side.piles:
            side.piles[place].append(cid)
        else:
            side.zones[place] = cid
            if position is not None:
                side.positions[cid] = position
                self.placed.append(cid)
        self.where[cid] = (player, place)

    def position(self, cid: str) -> str | None:
        """A monster's position on the field."""
        loc = self.where.get(cid)
        return self.sides[loc[0]].positions.get(cid) if loc else None

    def owner(self, cid: str) -> Player:
        """The card's owner."""
        owner: Player = self.cards[cid]["owner"]
        return owner

    def monsters(self, player: Player) -> list[str]:
        """The player's monsters on the field, oldest placement first."""
        mine = {c for z, c in self.sides[player].zones.items() if z.startswith("M-")}
        return [c for c in dict.fromkeys(self.placed) if c in mine]

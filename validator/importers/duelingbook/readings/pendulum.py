"""Pendulum Monsters in the logs of games judged by ``advanced`` (docs/duelingbook.md,
"Pendulum"): Pendulum Scales activated from the hand, Pendulum Summons, and the face-up Extra
Deck.

Duelingbook has no Pendulum Summon play: its player drags each monster from the hand or the
face-up Extra Deck to a Monster Zone, one "Special Summoned" play each. Several such plays in
one go, while the player has a Pendulum Scale in each Pendulum Zone and every monster's Level
lies strictly between them, are one ``pendulum_summon``; anything else stays a Special Summon
by an effect (a Pendulum Summon of one monster and a Special Summon look the same in the log,
and the Special Summon flags less).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from validator.document.model import Player
from validator.importers.duelingbook.board.tracker import is_monster_zone
from validator.importers.duelingbook.board.zones import contract_zone
from validator.importers.duelingbook.game import GAME_BOUNDARIES, Play
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.phases import implied, settling
from validator.importers.duelingbook.readings.result import Emit, ReadAs, seq

if TYPE_CHECKING:
    from validator.importers.duelingbook.board.follow import Move
    from validator.importers.duelingbook.board.tracker import Spot
    from validator.importers.duelingbook.builder import GameBuilder

#: The Pendulum Zones, as the follower names them under today's rules.
PENDULUM_SPOTS: Final = ("S-1", "S-5")
#: The plays of one Pendulum Summon: its monsters, each dragged to a Monster Zone.
_SUMMONS: Final = ("SS ATK", "SS DEF")


def is_pendulum(b: GameBuilder, cid: str | None) -> bool:
    """True for a Pendulum Monster (the card database's ``pendulum``)."""
    known = b.card(cid)
    return known.kind == "monster" and bool((known.definition or {}).get("pendulum"))


def scales(b: GameBuilder, player: Player) -> tuple[int, int] | None:
    """The Pendulum Scales in ``player``'s Pendulum Zones (low, high), when both hold a
    face-up Pendulum Monster; None otherwise. A Scale the database leaves out is 0."""
    found: list[int] = []
    for spot in PENDULUM_SPOTS:
        cid = b.board.at(player, spot)
        where = b.board.where.get(cid) if cid is not None else None
        if cid is None or where is None or not where.face_up or not is_pendulum(b, cid):
            return None
        scale = (b.card(cid).definition or {}).get("scale", 0)
        found.append(scale if isinstance(scale, int) else 0)
    return min(found), max(found)


def from_reach(b: GameBuilder, move: Move | None, player: Player) -> bool:
    """True when a summon takes its monster from the player's hand or face-up Extra Deck."""
    before = move.before if move is not None else None
    if before is None or before.side != player:
        return False
    return before.spot == "hand" or (before.spot == "extra" and before.face_up)


def _pendulum_group(b: GameBuilder, play: Play, player: Player, cid: str, move: Move | None
                    ) -> tuple[tuple[int, int], list[tuple[int, Move]]] | None:
    """The Scales and the later plays of a Pendulum Summon this play begins: by the turn
    player, two or more monsters in one go from the hand or the face-up Extra Deck, each of
    a Level strictly between the player's Scales; None when it begins none."""
    if player != b.turn.player or b.turn.phase in ("battle", "end") or \
            not from_reach(b, move, player):
        return None
    between = scales(b, player)
    if between is None or not _fits(b, cid, between):
        return None
    group = _group(b, play, player, between)
    return (between, group) if group else None


def second_pendulum_summon(b: GameBuilder, play: Play, player: Player, cid: str,
                           move: Move | None) -> ReadAs | None:
    """A second Pendulum Summon this turn: noted, and read as the Special Summons it is."""
    if _pendulum_group(b, play, player, cid, move) is None or not _pendulum_summoned(b, player):
        return None
    return ReadAs("pendulum.second-summon",
                  "a second Pendulum Summon this turn: read as Special Summons by an effect "
                  "(cards such as Solfachord and D/D allow one more)")


def pendulum_summon(b: GameBuilder, play: Play, player: Player, cid: str,
                    move: Move | None) -> ReadAs | None:
    """The "Special Summoned" plays of one Pendulum Summon, read as one ``pendulum_summon``,
    or None when this play is no part of one (:func:`_pendulum_group`), or the player has
    Pendulum Summoned this turn already (:func:`second_pendulum_summon`)."""
    found = _pendulum_group(b, play, player, cid, move)
    if found is None or _pendulum_summoned(b, player):
        return None
    between, group = found
    cards, positions = [cid], [_position(move)]
    zones = [_zone(b.board.where.get(cid))]
    for _, later_move in group:
        cards.append(later_move.card)
        positions.append(_position(later_move))
        zones.append(_zone(later_move.after))
    fields: dict[str, Any] = {"cards": cards}
    if all(zone is not None for zone in zones):
        fields["zones"] = zones
    if any(p != "attack" for p in positions):
        fields["positions"] = positions
    return seq(implied(b, play, player, ("main1", "main2")), ReadAs(
        consumes=tuple(index for index, _ in group),
        actions=(Emit("pendulum_summon", player, fields, note=read(
            "pendulum.summon", f"{len(cards)} monsters from the hand and the face-up Extra "
                               f"Deck in one go, between Scales {between[0]} and "
                               f"{between[1]}: one Pendulum Summon")),),
        uses=tuple((player, card) for card in cards)))


def _pendulum_summoned(b: GameBuilder, player: Player) -> bool:
    """True when ``player`` has Pendulum Summoned this turn already."""
    return any(action["type"] == "pendulum_summon" and action["player"] == player
               for action in b.this_turn_backwards())


def _fits(b: GameBuilder, cid: str, between: tuple[int, int]) -> bool:
    level = (b.card(cid).definition or {}).get("level")
    return isinstance(level, int) and between[0] < level < between[1]


def _position(move: Move | None) -> str:
    after = move.after if move is not None else None
    return "defense" if after is not None and after.position == "defense" else "attack"


def _zone(spot: Spot | None) -> str | None:
    if spot is None or not is_monster_zone(spot.spot):
        return None
    return contract_zone(spot.side, spot.spot)


def _group(b: GameBuilder, play: Play, player: Player,
           between: tuple[int, int]) -> list[tuple[int, Move]]:
    """The next plays of the same Pendulum Summon: the same user's Special Summons of more
    monsters that fit, from the hand or the face-up Extra Deck, with nothing else between."""
    out: list[tuple[int, Move]] = []
    user = play.get("username")
    for index, later, kind in b.said(range(b.cursor + 1, len(b.plays))):
        if kind in GAME_BOUNDARIES or kind not in _SUMMONS or later.get("username") != user:
            break
        step = b.step_at(index)
        moved = step.move_of(step.card) if step is not None and step.card else None
        if moved is None or not from_reach(b, moved, player) or \
                not _fits(b, moved.card, between):
            break
        out.append((index, moved))
    return out


def scale_activation(b: GameBuilder, play: Play, player: Player, cid: str,
                     move: Move | None) -> ReadAs | None:
    """A Pendulum Monster activated from the hand into a Pendulum Zone: a Pendulum Scale's
    activation (``activate`` naming ``S1`` or ``S5``), judged as a Spell Speed 1 card
    activation. None for any other activation."""
    after = move.after if move is not None else None
    if after is None or after.spot not in PENDULUM_SPOTS or not is_pendulum(b, cid):
        return None
    return seq(implied(b, play, player, ("main1", "main2")), settling(b, play, cid), ReadAs(
        actions=(Emit("activate", player,
                      {"card": cid, "zone": contract_zone(after.side, after.spot)},
                      note=read("pendulum.scale", "a Pendulum Monster activated in a "
                                                  "Pendulum Zone: a Pendulum Scale")),),
        uses=((player, cid),)))


def face_up_extra(b: GameBuilder, cid: str) -> bool:
    """True when the log has ``cid`` in its owner's face-up Extra Deck (a Pendulum Monster
    sent there: "To ED FU")."""
    spot = b.board.where.get(cid)
    return spot is not None and spot.spot == "extra" and spot.face_up and is_pendulum(b, cid)

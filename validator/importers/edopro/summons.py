"""The engine's summons and Sets read as actions: a summon gathered over its messages (its
monsters, the materials and Tributes that went before) and closed as a Normal, Flip, Special
(with its method and materials) or Pendulum Summon; materials no summon followed; a monster,
Spell or Trap Set (by its player or an effect).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from validator.importers.edopro import messages as msg
from validator.importers.edopro.board import monster_zone, player_of, spell_trap_zone
from validator.importers.edopro.moves import plain_move
from validator.importers.edopro.records import METHODS, POSITIONS, CannotFollow, Pending

if TYPE_CHECKING:
    from validator.importers.edopro.builder import GameBuilder


def _summoning(b: GameBuilder, m: msg.Summoning) -> None:
    cid = b.board.find(m.loc, m.code)
    if cid is None:
        raise CannotFollow(f"a summon of {b.describe(m.code)} where the importer "
                           f"sees no card")
    if b.summon is not None and b.summon.kind != m.msg:
        close_summon(b)
    if b.summon is None:
        b.summon = Pending(m.msg)
    origin = b.origin(cid)
    b.summon.cards.append((cid, monster_zone(m.loc.controller, m.loc.sequence),
                           POSITIONS.get(m.loc.position, "attack"), origin))


def _summoned(b: GameBuilder, m: msg.Summoned) -> None:
    close_summon(b)


def close_summon(b: GameBuilder) -> None:
    """Close the summon being gathered (any message but a move, a summon or a Set ends it):
    its action, with the materials and Tributes gathered before it; materials no summon
    followed become plain moves.

    >>> from validator.importers.edopro.builder import GameBuilder
    >>> b = GameBuilder([], ("Ann", "Bob"))
    >>> close_summon(b); b.actions, b.summon
    ([], None)
    """
    pending, b.summon = b.summon, None
    if pending is None:
        if (b.materials or b.tributes) and not _summon_follows(b):
            _materials_unused(b)
        return
    controller = b.board.where[pending.cards[0][0]].controller
    tributes, b.tributes = b.tributes, []
    materials, b.materials = b.materials, []
    if pending.kind == msg.MSG_FLIPSUMMONING:
        for cid, *_ in pending.cards:
            b.emit("flip_summon", controller, f"Flip Summons {b.name(cid)}", card=cid)
            b.last_flip = (cid, b.index)
        return
    if pending.kind == msg.MSG_SUMMONING:
        cid, zone, _, _ = pending.cards[0]
        granted = b.normal_summons >= 1 or controller != b.turn_player
        b.normal_summons += 1
        fields: dict[str, Any] = {"card": cid, "tributes": tributes}
        if zone is not None and b.board.where[cid].location == msg.MZONE:
            fields["zone"] = zone
        if granted:
            fields["by_effect"] = True
        b.emit("normal_summon", controller, f"Normal Summons {b.name(cid)}", **fields)
        return
    procedure = [(cid, msg.R_RELEASE) for cid in tributes]  # Tributed by a procedure
    _special(b, pending, controller, materials + procedure)
    after, b.after_summon = b.after_summon, []
    for cid, move in after:  # used as material, then sent on (banished, shuffled)
        plain_move(b, cid, move)


def _summon_follows(b: GameBuilder) -> bool:
    """Whether the materials gathered so far still wait for their summon (the next
    message that says something is a move or a summon)."""
    after = b.next_message(b.index - 1)
    return isinstance(after, (msg.Move, msg.Summoning))


def _materials_unused(b: GameBuilder) -> None:
    """Materials no summon followed (sent as material by an effect): plain moves."""
    materials, b.materials = b.materials, []
    materials += [(cid, msg.R_RELEASE) for cid in b.tributes]
    b.tributes = []
    after, b.after_summon = b.after_summon, []
    moved = {cid for cid, _ in after}
    for cid, _ in materials:
        if cid in moved:
            continue
        where = b.board.where.get(cid)
        if where is not None:
            b.emit("move", where.controller, f"{b.name(cid)} used as material",
                   card=cid, to="graveyard" if where.location == msg.GRAVE else
                   "banished" if where.location == msg.REMOVED else "graveyard")
    for cid, move in after:
        plain_move(b, cid, move)


def _special(b: GameBuilder, pending: Pending, controller: int,
             materials: list[tuple[str, int]]) -> None:
    cards = pending.cards
    if _pendulum(b, cards, controller, materials):
        b.emit("pendulum_summon", controller,
               "Pendulum Summons " + ", ".join(b.name(c) for c, *_ in cards),
               cards=[c for c, *_ in cards], zones=[z for _, z, _, _ in cards],
               positions=[p for _, _, p, _ in cards])
        return
    method = None
    if materials:
        reasons = 0
        for _, reason in materials:
            reasons |= reason
        method = next((name for bit, name in METHODS if reasons & bit), "procedure")
        if method != "xyz" and {c for c, _ in materials} & b.trap_monsters:
            materials = _trap_monster_materials(b, cards[0][0], materials)
    elif not b.solving and len(cards) == 1:
        method = "procedure"
    for n, (cid, zone, position, _) in enumerate(cards):
        fields: dict[str, Any] = {"card": cid, "position": position}
        if zone is not None:
            fields["zone"] = zone
        if method is not None and n == 0:
            fields["method"] = method
            if materials:  # a card the log moves twice (to the GY, then on) is one
                fields["materials"] = list(dict.fromkeys(c for c, _ in materials))
        words = f"Special Summons {b.name(cid)}" + (f" ({method})" if method else "")
        where = b.board.where.get(cid)
        owner = where.controller if where else controller
        summoner = _summoner(b) if method is None else None
        if summoner is not None and summoner != player_of(owner):
            fields["summoner"] = summoner  # the other player's effect (docs/edopro.md)
        b.emit("special_summon", owner, words, **fields)


def _summoner(b: GameBuilder) -> str | None:
    """The player whose effect is resolving (the chain link the engine resolves: its
    activation's player), who Special Summons what it puts on the field; None outside a
    resolution."""
    if not b.solving or not 0 < b.solving_link <= len(b.chain):
        return None
    action = b.chain[b.solving_link - 1].action
    player = None if action is None else action.get("player")
    return player if isinstance(player, str) else None


def _trap_monster_materials(b: GameBuilder, summoned: str,
                            materials: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """A Summon with a Trap Monster among its materials: the document holds the Trap in
    the GY already (the contract has no Trap Monsters), so the Summon names no materials
    (none judged) and the others leave the field as plain moves, as the log moves them."""
    b.note("edopro.trap-monster", f"{b.name(summoned)} Special Summoned with a Trap "
                                  f"Monster among its materials: none named")
    for cid in dict.fromkeys(c for c, _ in materials if c not in b.trap_monsters):
        where = b.board.where.get(cid)
        if where is not None:
            b.emit("move", where.controller, f"{b.name(cid)} used as material",
                   card=cid, to="banished" if where.location == msg.REMOVED
                   else "graveyard")
    return []


def _pendulum(b: GameBuilder, cards: list[tuple[str, str | None, str, int]], controller: int,
              materials: list[tuple[str, int]]) -> bool:
    """A Pendulum Summon: outside a chain, no materials, every monster from the hand or
    the face-up Extra Deck (a monster from the face-down one is Summoned by its own
    procedure: Thunder Dragon Colossus), while its player has two Pendulum Scales."""
    if b.solving or materials or b.chain:
        return False
    if not all(origin == msg.HAND or (origin == msg.EXTRA and cid in
                                      b.from_face_up_extra)
               for cid, *_, origin in cards):
        return False
    scales = [b.board.zones.get((controller & 1, msg.SZONE, s)) for s in (0, 4)]
    if not all(scales):
        return False
    if len(cards) == 1 and cards[0][3] == msg.HAND:
        return _previous_selected(b)
    return True


def _previous_selected(b: GameBuilder) -> bool:
    """Whether a card selection (MSG_CARD_SELECTED) came just before this summon's
    moves: the engine's sign of a Pendulum Summon's choice."""
    for j in range(b.index, max(b.index - 40, -1), -1):
        packet = b.packets[j].msg
        if packet == msg.MSG_CARD_SELECTED:
            return True
        if packet in (msg.MSG_CHAIN_END, msg.MSG_NEW_PHASE, msg.MSG_SUMMONED,
                      msg.MSG_SPSUMMONED):
            return False
    return False


def _set_card(b: GameBuilder, m: msg.SetCard) -> None:
    cid = b.board.find(m.loc, m.code)
    if cid is None:
        raise CannotFollow("a Set card the importer does not see")
    origin = b.origin(cid)
    b.last_moved = None
    player = m.loc.controller
    if m.loc.location == msg.MZONE:
        tributes, b.tributes = b.tributes, []
        if origin == msg.HAND and not b.solving:
            fields: dict[str, Any] = {"card": cid, "tributes": tributes,
                                      "zone": monster_zone(player, m.loc.sequence)}
            if b.normal_summons >= 1 or player != b.turn_player:
                fields["by_effect"] = True
            b.normal_summons += 1
            b.emit("set_monster", player, f"Sets {b.name(cid)}", **fields)
        else:
            b.emit("special_summon", player, f"{b.name(cid)} face-down",
                   card=cid, position="facedown_defense",
                   zone=monster_zone(player, m.loc.sequence))
        return
    if origin == msg.HAND and not b.solving:
        zone = spell_trap_zone(m.loc.sequence)
        fields = {"card": cid, **({"zone": zone} if zone else {})}
        b.emit("set_spell_trap", player, f"Sets {b.name(cid)}", **fields)
        return
    zone = spell_trap_zone(m.loc.sequence)
    b.emit("move", player, f"{b.name(cid)} Set by an effect", card=cid,
           to="spell_trap", face_down=True, **({"zone": zone} if zone else {}))


#: The handler of each message this module reads (the builder's table gathers them).
HANDLERS: Final[dict[type, Callable[[GameBuilder, Any], None]]] = {
    msg.Summoning: _summoning,
    msg.Summoned: _summoned,
    msg.SetCard: _set_card,
}

"""The engine's chains read as actions: an activation (a card's, or an effect of a face-up
card; its zone, its Equip target, the trigger effect of simultaneous links, an effect another
card grants), its costs (paid before the activation, or kept until the chain resolves), the
chain's resolution, its negated links and its end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from validator.importers.edopro import messages as msg
from validator.importers.edopro.board import FIELD_SEQUENCE, spell_trap_zone
from validator.importers.edopro.records import PLACE_NAMES, CannotFollow, Link

if TYPE_CHECKING:
    from validator.importers.edopro.builder import GameBuilder


def _chaining(b: GameBuilder, m: msg.Chaining) -> None:
    if not b.chain:
        b.chain_start = b.hoist_at = len(b.actions)  # where a new chain begins
    cid = b.board.find(m.loc, m.code)
    if cid is None:
        raise CannotFollow(f"an activation of {b.describe(m.code)} where the importer "
                           f"sees no card")
    piece = b.board.pieces[cid]
    kind = b.kinds(piece.code)
    if m.location and m.location != m.loc.location:
        _cost_paid_first(b, cid)
    origin = b.origin(cid)
    from_hand = origin == msg.HAND and _moved_last(b, cid)
    activation = m.location == msg.SZONE and (
        (kind in ("spell", "trap") and (cid in b.set_cards or from_hand))
        or (kind == "pendulum" and from_hand))  # else an effect of a face-up card
    b.set_cards.discard(cid)
    if activation and cid in b.set_this_turn and (
            kind == "trap" or b.subtype(piece.code) == "quick_play"):
        _set_turn_allowed(b, cid, m)  # a Normal Spell may be activated at once
    fields: dict[str, Any] = {"card": cid}
    if m.link > 1:
        fields["respond"] = True
    if activation and from_hand and m.loc.sequence != FIELD_SEQUENCE:
        zone = spell_trap_zone(m.loc.sequence)
        if zone:
            fields["zone"] = zone
    target = _equip_target(b, m) if activation else None
    if target is not None:
        fields["target"] = target
    b.chain_open_before = bool(b.chain)
    place = PLACE_NAMES.get(m.location or m.loc.location, "field")
    if b.chain and not activation:
        _simultaneous(b, cid, place, fields)
    if not activation:
        _granted(b, cid, m.description, place, fields)
    b.chain.append(Link(cid, activation, place))
    b.window = None
    b.emit("activate", m.controller, f"activates {b.name(cid)} (chain link "
                                        f"{m.link}, description {m.description})", **fields)
    b.window, b.activating = len(b.actions) - 1, cid
    b.chain[-1].action = b.actions[-1]


def _simultaneous(b: GameBuilder, cid: str, place: str, fields: dict[str, Any]) -> None:
    """A later link of Spell Speed 1 (the card has no quick effect usable where it
    stands, only a trigger effect): trigger effects put on one chain together (SEGOC).
    It, and each link below it, is marked as the card's trigger effect (revision 4
    ``effect``) where the card has one, so that the judge sees the chain the engine
    built (docs/edopro.md)."""
    kinds = b.effects(b.board.pieces[cid].code)
    usable = [(i, kind) for i, (kind, places) in enumerate(kinds) if place in places]
    if not usable or any(kind == "quick" for _, kind in usable):
        return
    trigger = _least_limited(b, cid, [i for i, kind in usable if kind == "trigger"])
    if trigger is None:
        return
    fields["effect"] = trigger
    for link in b.chain:
        if link.activation or link.action is None or "effect" in link.action:
            continue
        below = b.effects(b.board.pieces[link.card].code)
        index = _least_limited(b, link.card, [
            i for i, (kind, places) in enumerate(below)
            if kind == "trigger" and link.place in places])
        if index is not None:
            link.action["effect"] = index


def _least_limited(b: GameBuilder, cid: str, triggers: list[int]) -> int | None:
    """Of a card's trigger effects usable where it stands, the one a chain link of
    simultaneous triggers is marked with: the engine's description (a string index of the
    card's script) does not say which entry of ``effects`` it is, so the first without a
    once-per-turn limit, else the first (the reading that flags least, §8: Kashtira
    Shangri-Ira's unlimited banish trigger, not its once-per-turn Standby Phase one)."""
    limited = b.limited(b.board.pieces[cid].code)
    return min(triggers, key=lambda i: i < len(limited) and limited[i], default=None)


def _granted(b: GameBuilder, cid: str, description: int, place: str,
             fields: dict[str, Any]) -> None:
    """An effect the card has from another card (a Zoodiac Xyz material's, an Equip's):
    the engine's description of the activation is a string of that other card's
    (``code << 20 | n``). It is none of the card's own ``effects``: the activation names
    the card's granted entry, which the document adds after them, without a limit
    (docs/edopro.md)."""
    piece = b.board.pieces[cid]
    source = description >> 20
    if not source or b.own(piece.code, source):
        return
    fields["effect"] = len(b.effects(piece.code))
    b.granted.setdefault(cid, set()).add(place)
    b.note("edopro.granted-effect", f"{b.name(cid)} activates an effect that "
                                    f"{b.describe(source)} grants it")


def _cost_paid_first(b: GameBuilder, cid: str) -> None:
    """The card left the place it was activated from before the engine wrote its
    activation (Wonder Wand sent to the GY as the cost of its own effect): its move waits
    until the chain resolves, so that the activation is judged where the card stood."""
    for n in range(len(b.actions) - 1, max(b.chain_start, len(b.actions) - 8) - 1,
                   -1):
        action = b.actions[n]
        if action.get("card") == cid and action["type"] in ("move", "discard", "destroy"):
            b.deferred.append(b.actions.pop(n))
            return


def _set_turn_allowed(b: GameBuilder, cid: str, m: msg.Chaining) -> bool:
    """A Trap or Quick-Play Spell activated the turn it was Set, as a card's text allows
    (the card database's ``set_turn``: the card itself, or a face-up card of its player
    that covers it): activated as it is, which the judge allows by that card's
    ``set_turn`` (a document extension), noted (docs/edopro.md). True when a card allows
    it."""
    code = b.board.pieces[cid].code
    why = None
    if "itself" in b.set_turn(code):
        why = "its own text"
    else:
        for (side, _, _), other in b.board.zones.items():
            if side == m.loc.controller & 1 and other != cid and \
                    "field" in b.set_turn(b.board.pieces[other].code) and \
                    b.board.where[other].position & msg.FACEUP:
                why = f"{b.name(other)}"
                break
    if why is None:
        return False
    b.note("edopro.set-turn-by-card", f"{b.name(cid)} activated the turn it was "
                                      f"Set, as {why} allows")
    return True


def _moved_last(b: GameBuilder, cid: str) -> bool:
    """Whether ``cid`` moved with the last move read (an activation from the hand)."""
    return b.last_moved == cid


def _equip_target(b: GameBuilder, m: msg.Chaining) -> str | None:
    """The monster an Equip Spell activated now equips: the target the engine names
    before the link is chained, else the monster the EQUIP message of its resolution
    names."""
    piece = b.board.zones.get((m.loc.controller & 1, msg.SZONE, m.loc.sequence))
    if piece is None or b.subtype(b.board.pieces[piece].code) != "equip":
        return None
    for j in range(b.index + 1, len(b.packets)):
        packet = b.packets[j]
        if packet.msg == msg.MSG_BECOME_TARGET:
            from validator.importers.edopro.yrp import Reader

            r = Reader(packet.data)
            if r.u32() >= 1:
                loc = msg.loc(r)
                return b.board.find(loc, 0)
        if packet.msg in (msg.MSG_CHAINED, msg.MSG_CHAIN_END):
            break
    return None


def _chain_event(b: GameBuilder, m: msg.ChainEvent) -> None:
    b.window = None  # the activation is chained (or the chain resolves): no cost
    if m.msg == msg.MSG_CHAIN_NEGATED and 0 < m.link <= len(b.chain):
        negated = b.chain[m.link - 1].action  # its activation negated (not its effect)
        if negated is not None:
            negated["negated"] = True
    if m.msg == msg.MSG_CHAIN_SOLVING:
        b.solving_link = m.link
    if m.msg == msg.MSG_CHAIN_SOLVING and not b.solving:
        b.solving = True
        for link in b.chain:
            if link.activation and b.one_shot(b.board.pieces[link.card].code):
                b.resolved_here.add(link.card)
        b.emit("resolve", b.turn_player, "the chain resolves")
        _flush_deferred(b)


def _flush_deferred(b: GameBuilder) -> None:
    deferred, b.deferred = b.deferred, []
    b.actions.extend(deferred)


def _chain_end(b: GameBuilder, m: msg.ChainEnd) -> None:
    b.window = None
    _flush_deferred(b)
    b.chain = []
    b.solving = False
    b.solving_link = 0


#: The handler of each message this module reads (the builder's table gathers them).
HANDLERS: Final[dict[type, Callable[[GameBuilder, Any], None]]] = {
    msg.Chaining: _chaining,
    msg.ChainEvent: _chain_event,
    msg.ChainEnd: _chain_end,
}

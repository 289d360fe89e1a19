"""The engine's MSG_MOVE read as the document's moves: a card gathered as a summon's material
or Tribute, a card destroyed, discarded, taken control of, returned, attached, or sent to a
pile; the board followed as it goes (:func:`tracked_move`, the handler).

>>> _place(msg.GRAVE), _place(msg.OVERLAY | msg.MZONE)
('GY', 'Xyz Material')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from validator.importers.edopro import messages as msg
from validator.importers.edopro.board import FIELD_SEQUENCE, monster_zone, spell_trap_zone
from validator.importers.edopro.messages import Loc, Message
from validator.importers.edopro.records import METHODS, PLACES, POSITIONS, CannotFollow

if TYPE_CHECKING:
    from validator.importers.edopro.builder import GameBuilder


def _move(b: GameBuilder, m: msg.Move) -> None:
    old, new = m.old, m.new
    board = b.board
    if (old.location == 0 and new.location == 0) or \
            (old.location == msg.DECK and new.location == msg.DECK):
        return  # nothing, or a card put elsewhere in its Deck: the Deck's order is hidden
    cid = b.card(old, m.code)
    if old.location == 0:  # a token: it appears with its summon
        board.put(cid, new)
        return
    after = b.next_message(b.index)
    board.lift(cid)
    if new.location == 0:  # a token leaving the field: it ceases to exist, as sent away
        m = msg.Move(m.code, old, Loc(old.controller, msg.GRAVE, 0, msg.FACEUP_ATTACK),
                     m.reason)
        new = m.new
    else:
        board.put(cid, new)
        if old.location == msg.EXTRA and new.location == msg.MZONE and board.waiting:
            board.overlays.setdefault(cid, []).extend(board.waiting)  # its Xyz Materials
            for under in board.waiting:
                board.where[under] = Loc(new.controller, msg.OVERLAY | msg.MZONE,
                                         new.sequence, 0)
            board.waiting.clear()
    if _joins_summon(b, cid, m, after):
        return
    if isinstance(after, (msg.SetCard, msg.Summoning)) and \
            getattr(after, "code", None) in (m.code, 0) and after.loc == new:
        return  # read with its summon or Set
    if isinstance(after, msg.Chaining) and after.loc == new and old.location == msg.HAND \
            and new.location == msg.SZONE:
        return  # a card activated from the hand: placed by its activation
    plain_move(b, cid, m)


def _joins_summon(b: GameBuilder, cid: str, m: msg.Move, after: Message | None) -> bool:
    """A material or Tribute of the summon that follows: kept for it."""
    # a move to the field keeps a stale reason (README: reasons that lie): no material;
    # nor is a card attached under a monster on the field (OVERLAY|MZONE: Zoodiac
    # Whiptail's or Tigermortar's effect), where an Xyz Summon's materials go under the
    # monster still in the Extra Deck (OVERLAY|EXTRA)
    attached = m.new.location & msg.OVERLAY and m.new.location & msg.MZONE
    if m.reason & msg.R_MATERIAL and not m.old.location & msg.OVERLAY and not attached \
            and m.new.location not in (msg.MZONE, msg.SZONE, msg.HAND):
        if m.reason & msg.R_RELEASE and m.reason & msg.R_SUMMON:
            b.tributes.append(cid)
            return True
        if any(m.reason & bit for bit, _ in METHODS):
            b.materials.append((cid, m.reason))
            to_pile = m.new.location == msg.GRAVE or m.new.location & msg.OVERLAY or (
                m.new.location == msg.EXTRA and m.new.position & msg.FACEUP
                and m.old.location in (msg.MZONE, msg.SZONE))  # a Pendulum Monster
            if not to_pile:
                b.after_summon.append((cid, m))  # banished, or back to the Deck
            return True
    # an Xyz Monster's materials going on with it
    return bool(m.old.location & msg.OVERLAY and m.new.location & msg.OVERLAY)


def plain_move(b: GameBuilder, cid: str, m: msg.Move) -> None:
    """A move of ``cid`` that is neither a summon's material nor read with a summon, a Set or
    an activation: the action it is (a destruction, a discard, a control change, a return to
    the field, an attachment, a move to a pile), or none where the document moved it already.

    >>> from validator.importers.edopro.builder import GameBuilder
    >>> b = GameBuilder([], ("Ann", "Bob"))
    >>> cid = b.board.new_card(1, 0)
    >>> b.resolved_here.add(cid)  # a Spell its chain's resolution sent to the GY already
    >>> plain_move(b, cid, msg.Move(1, Loc(0, msg.SZONE, 0, 0), Loc(0, msg.GRAVE, 0, 0), 0))
    >>> b.actions
    []
    """
    old, new, reason = m.old, m.new, m.reason
    player = new.controller if new.location in (msg.MZONE, msg.SZONE) else old.controller
    words = f"{b.name(cid)}: {_place(old.location)} -> {_place(new.location)} " \
            f"(reason {reason:#x})"
    field_ = old.location in (msg.MZONE, msg.SZONE)
    if cid in b.resolved_here and old.location == msg.SZONE:
        b.resolved_here.discard(cid)
        if new.location == msg.GRAVE:
            return  # the document sent it there when its chain resolved
    if old.location & msg.OVERLAY:
        if reason & msg.R_LOST_TARGET and new.location == msg.GRAVE:
            return  # its Xyz Monster left the field: the document sends it
        _move_to(b, cid, old.controller, new, words)
        return
    if new.location & msg.OVERLAY:
        holder = b.board.zones.get((new.controller & 1, msg.MZONE, new.sequence))
        if holder is None:
            raise CannotFollow("a material attached under no monster the importer sees")
        b.emit("move", new.controller, words, card=cid, to="material", target=holder)
        return
    if old.location == msg.SZONE and reason & msg.R_LOST_TARGET and \
            new.location == msg.GRAVE and b.equipped.get(cid) in (
                {*b.tributes} | {c for c, _ in b.materials}):
        # an Equip whose monster is a Tribute or material of the summon that follows:
        # the document sends it to the GY when its monster leaves, with that summon
        # (Saqlifice, equipped to the Tribute it lets count as 2)
        del b.equipped[cid]
        return
    if field_ and reason & msg.R_DESTROY and not reason & msg.R_LOST_TARGET and (
            new.location == msg.GRAVE or (new.location == msg.EXTRA and new.position
                                          & msg.FACEUP)):
        b.emit("destroy", old.controller, words, card=cid)
        return
    if old.location == msg.HAND and new.location == msg.GRAVE and reason & msg.R_DISCARD:
        hand_limit = b.phase == "end" and bool(reason & msg.R_RULE) and not b.solving
        b.emit("discard", old.controller, words, card=cid, by_effect=not hand_limit)
        return
    if new.location == msg.MZONE:
        if old.location == msg.MZONE:
            if (old.controller & 1) != (new.controller & 1):
                b.emit("take_control", new.controller, words, card=cid,
                       zone=monster_zone(new.controller, new.sequence))
            elif old.sequence != new.sequence:
                b.emit("move", new.controller, words, card=cid, to="monster_zone",
                       zone=monster_zone(new.controller, new.sequence))
            return
        # a banished monster moved onto the field with no Special Summon message returns
        # (S:P Little Knight's at the End Phase): it is not Summoned (the extension
        # ``returned``, docs/format.md); from elsewhere it is read as a Special Summon
        b.emit("special_summon", new.controller, words, card=cid,
               position=POSITIONS.get(new.position, "attack"),
               zone=monster_zone(new.controller, new.sequence),
               **({"returned": True} if old.location == msg.REMOVED else {}))
        return
    if new.location == msg.SZONE and old.location == msg.SZONE and \
            (old.controller & 1) == (new.controller & 1):
        if old.sequence != new.sequence and new.sequence != FIELD_SEQUENCE:
            b.emit("move", new.controller, words, card=cid, to="spell_trap",
                   zone=spell_trap_zone(new.sequence))
        return
    _move_to(b, cid, player, new, words)


def _move_to(b: GameBuilder, cid: str, player: int, new: Loc, words: str) -> None:
    """A ``move`` of ``cid`` to where ``new`` is."""
    base = new.location
    if base == msg.SZONE:
        fields: dict[str, Any] = {"to": "spell_trap"}
        zone = spell_trap_zone(new.sequence)
        if zone is not None:
            fields["zone"] = zone
        if new.position & msg.FACEDOWN:
            fields["face_down"] = True
        b.emit("move", new.controller, words, card=cid, **fields)
    elif base == msg.EXTRA:
        extra: dict[str, Any] = {"face_up": True} if new.position & msg.FACEUP else {}
        b.emit("move", player, words, card=cid, to="extra", **extra)
    else:
        to = {msg.GRAVE: "graveyard", msg.HAND: "hand", msg.DECK: "deck",
              msg.REMOVED: "banished"}.get(base)
        if to is None:
            raise CannotFollow(f"a move to a place the document has not ({base:#x})")
        b.emit("move", player, words, card=cid, to=to)


def _place(location: int) -> str:
    """Where a move's end stands, in words (an Xyz Material is under a monster).

    >>> _place(msg.GRAVE), _place(msg.OVERLAY | msg.MZONE)
    ('GY', 'Xyz Material')
    """
    if location & msg.OVERLAY:
        return "Xyz Material"
    return PLACES.get(location & 0x7F, "?")



def _tracked_move(b: GameBuilder, m: msg.Move) -> None:
    """A move: where the card came from is kept (a summon or an activation asks)."""
    found = b.board.find(m.old, m.code) if m.old.location else None
    _move(b, m)
    cid = found or b.board.find(m.new, m.code)
    if cid is not None and m.old.location == msg.MZONE and m.new.location != msg.MZONE:
        b.attacking.pop(cid, None)  # a card that leaves the field and comes back is new
    if cid is not None:
        if m.new.location == msg.SZONE and m.new.position & msg.FACEDOWN:
            b.set_cards.add(cid)
            b.set_this_turn.add(cid)
        else:
            b.set_cards.discard(cid)
        b.origins[cid] = m.old.location
        if m.old.location == msg.EXTRA and m.old.position & msg.FACEUP:
            b.from_face_up_extra.add(cid)
        else:
            b.from_face_up_extra.discard(cid)
        b.last_moved = cid


#: The handler of each message this module reads (the builder's table gathers them).
HANDLERS: Final[dict[type, Callable[[GameBuilder, Any], None]]] = {
    msg.Move: _tracked_move,
}

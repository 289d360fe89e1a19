"""The movers: one per Duelingbook play kind that moves cards (the kinds table,
:data:`~validator.importers.duelingbook.kinds.KINDS`, gives each kind its own). A mover finds
the play's card with the :class:`~.follow.Follower` and records what the play does to the
board (draws, shuffles, summons, Xyz piles, attachments, control, Sets and activations, moves
between zones and piles, attacks); the builder's readings never move a card themselves.
"""

from __future__ import annotations

from typing import Final

from validator.document.model import Player, other
from validator.importers.duelingbook import logtext
from validator.importers.duelingbook.board.follow import Follower, Mover
from validator.importers.duelingbook.board.tracker import Board, is_monster_zone, is_zone
from validator.importers.duelingbook.game import CannotFollow, Play, from_hand, texts


def draw(f: Follower, play: Play, player: Player) -> None:
    private = texts(play)[1]
    name = logtext.name_in(private) or logtext.object_name(play)
    step = f.step
    assert step is not None
    if name is None:  # unnamed (a concealed replay): followed in the hand without a name
        hidden = f.new_card(None, player)
        f.put(hidden, player, "hand")
        step.card = hidden
        return
    known = f.board.by_object(play.get("id"))
    spot = f.board.where.get(known) if known is not None else None
    if known is None or spot is None or (spot.side, spot.spot) != (player, "deck") or \
            f.board.name(known) not in (None, name):
        known = None
    cid = known or f.board.find(player, name, "deck") or f.new_card(name, player)
    f.board.cards[cid]["name"] = name
    f.board.bind(play.get("id"), cid)
    f.put(cid, player, "hand")
    step.card = cid


def shuffle_hand(f: Follower, play: Play, player: Player) -> None:
    """Duelingbook renames the cards of a shuffled hand by position (``prev`` -> ``hand``)."""
    before, after = play.get("prev"), play.get("hand")
    if not (isinstance(before, list) and isinstance(after, list) and len(before) == len(after)):
        return
    board = f.board
    renamed = [(new, board.by_object(old)) for old, new in zip(before, after, strict=True)]
    for old in before:
        cid = board.by_object(old)
        if cid is not None:
            board.id_of.pop(cid, None)
            board.by_id.pop(old, None)
    for new, cid in renamed:
        if cid is not None:
            board.bind(new, cid)


def shuffle_deck(f: Follower, play: Play, player: Player) -> None:
    """A shuffled deck gets new ids: its cards are known by name only from here on."""
    for cid in f.board.pile(player, "deck"):
        old = f.board.id_of.pop(cid, None)
        if old is not None:
            f.board.by_id.pop(old, None)


def _summon(f: Follower, play: Play, player: Player, position: str) -> None:
    text = texts(play)[1]
    step = f.step
    assert step is not None
    cid = f.find(play, player, text, pile="hand" if from_hand(play) else None)
    step.card = cid
    spot = f.board.where.get(cid)
    written = logtext.zone_to(text)
    if spot is not None and is_monster_zone(spot.spot) and spot.side == player and \
            written in (None, spot.spot):
        # a Gemini monster Normal Summoned where it stands ("from M-3 to M-3" too): no move,
        # and its battle position stays (a Gemini Summon changes none, as the judge has it)
        return
    f.put(cid, player, written or f.free_zone(player, "M"), position=position)


def normal_summon(f: Follower, play: Play, player: Player) -> None:
    _summon(f, play, player, "attack")


def set_monster(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    if from_hand(play):
        _summon(f, play, player, "facedown_defense")
        return
    cid = f.field_card(play, player, text)  # a face-up card turned face-down where it stands
    step = f.step
    assert step is not None
    step.card = cid
    spot = f.board.where[cid]
    if not is_monster_zone(spot.spot):
        f.turn(cid, face_up=False)
    else:
        f.turn(cid, position="facedown_defense")


def flip_summon(f: Follower, play: Play, player: Player) -> None:
    cid = f.field_card(play, player, texts(play)[1])
    assert f.step is not None
    f.step.card = cid
    f.turn(cid, position="attack")


def flip(f: Follower, play: Play, player: Player) -> None:
    cid = f.field_card(play, player, texts(play)[1])
    assert f.step is not None
    f.step.card = cid
    if f.board.position(cid) == "facedown_defense":
        f.turn(cid, position="defense")


def to_position(f: Follower, play: Play, player: Player) -> None:
    cid = f.field_card(play, player, texts(play)[1])
    step = f.step
    assert step is not None
    step.card = cid
    to = "attack" if step.kind == "To ATK" else \
        "facedown_defense" if play.get("face_down") is True else "defense"
    if f.board.position(cid) != to:
        f.turn(cid, position=to)


def special_summon(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    step = f.step
    assert step is not None
    cid = f.find(play, player, text)
    step.card = cid
    position = "defense" if step.kind == "SS DEF" or "(DEF)" in text else "attack"
    if str(play.get("position", "")).lower() in ("set", "fd defense"):
        position = "facedown_defense"
    f.put(cid, player, logtext.zone_to(text) or f.free_zone(player, "M"), position=position)


def summon_token(f: Follower, play: Play, player: Player) -> None:
    cid = f.new_card("Token", player)
    f.board.cards[cid]["token"] = True
    f.board.bind(play.get("id"), cid)
    assert f.step is not None
    f.step.card = cid
    f.put(cid, player, logtext.zone_in(texts(play)[1]) or f.free_zone(player, "M"),
          position="defense")


def overlay(f: Follower, play: Play, player: Player) -> None:
    """"Overlayed A onto B": onto an Xyz Monster, A is attached at once; onto another
    monster, the pile waits for its Xyz Summon."""
    text = texts(play)[1]
    names = logtext.names_in(text)
    card = f.find(play, player, text, key="start_id", name=names[0] if names else None,
                  zone=logtext.zone_attached(text) or "")
    onto_zone = logtext.zone_to(text) or play.get("zone") or logtext.zone_onto(text)
    onto = f.field_card(play, player, text, key="end_id",
                        name=names[1] if len(names) > 1 else None,
                        zone=str(onto_zone) if onto_zone else None)
    step = f.step
    assert step is not None
    step.card, step.other = card, onto
    if f.knowledge.is_xyz(f.board.name(onto)):
        f.attach(card, onto)
    elif f.knowledge.is_xyz(f.board.name(card)) and f.board.on_field(card) and \
            f.board.where[card].side != f.board.where[onto].side:
        f.attach(onto, card)  # an opponent's monster taken as material: it stays on its side
    else:
        if onto not in f.piled:
            f.joined(onto, player)
        f.joined(card, player)
        f.stack(card, onto)


def xyz_summon(f: Follower, play: Play, player: Player) -> None:
    """"Special Summoned X from Extra Deck onto A": the pile under A becomes X's materials."""
    text = texts(play)[1]
    names = logtext.names_in(text)
    xyz = f.find(play, player, text, key="start_id", name=names[0] if names else None,
                 pile="extra", zone="")
    zone = logtext.zone_in(text) or (str(play["zone"]) if play.get("zone") else None)
    base = f.find(play, player, text, key="end_id", name=names[1] if len(names) > 1 else None,
                  zone=zone)
    # A card Overlaid onto an Xyz Monster is read as its material, but Duelingbook may have
    # laid it on top of the stack (Ext Ryzeal onto Number 41): the log then names it as the
    # card this Xyz is Summoned onto. The stack it stands in is the same pile either way.
    base = next((holder for holder, below in f.board.under.items() if base in below
                 and f.board.on_field(holder)), base)
    if not f.board.on_field(base):
        raise CannotFollow(f"the log has {f.label(base)} on the field, where the import "
                           f"does not")
    step = f.step
    assert step is not None
    step.card, step.other = xyz, base
    position = "defense" if step.kind == "OL DEF" or "(DEF)" in text else "attack"
    if base not in f.piled:
        f.joined(base, player)
    f.stack(xyz, base)
    f.turn(xyz, position=position)
    step.materials = f.board.materials(xyz)
    step.from_field = f.pile_from_field(step.materials)


def attach(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    names = logtext.names_in(text)
    card = f.find(play, player, text, key="start_id", name=names[0] if names else None,
                  zone=logtext.zone_attached(text) or "")
    holder = f.board.by_object(play.get("end_id"))
    if holder is None or holder not in f.board.where:
        raise CannotFollow("cannot find the Xyz Monster the material is attached to")
    step = f.step
    assert step is not None
    step.card, step.other = card, holder
    f.attach(card, holder)


def detach(f: Follower, play: Play, player: Player) -> None:
    cid = f.board.by_object(play.get("id"))
    if cid is None:
        names = logtext.names_in(texts(play)[1])
        cid = next((m for stack in f.board.under.values() for m in stack
                    if names and f.board.name(m) == names[0]), None)
    if cid is None:
        raise CannotFollow("cannot find that Xyz Material")
    assert f.step is not None
    f.step.card = cid
    f.put(cid, f.board.owner(cid), "graveyard")


def change_control(f: Follower, play: Play, player: Player) -> None:
    cid = f.field_card(play, player, texts(play)[1])
    spot = f.board.where[cid]
    if not is_monster_zone(spot.spot):
        raise CannotFollow("the monster whose control changes is not in a Monster Zone")
    to = other(spot.side)
    written = play.get("zone")
    zone = Board.zone(player, str(written))[1] if isinstance(written, str) else \
        f.free_zone(to, "M")
    assert f.step is not None
    f.step.card = cid
    f.put(cid, to, zone, position=spot.position)


def set_spell_trap(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    step = f.step
    assert step is not None
    if not from_hand(play) and logtext.zone_in(text) and not logtext.zone_to(text):
        cid = f.field_card(play, player, text)  # "Set "X" in S-3": face-down where it stands
        step.card = cid
        f.turn(cid, face_up=False)
        return
    cid = f.find(play, player, text, pile="hand")
    step.card = cid
    dest = logtext.zone_to(text) or f.free_zone(player, "S")
    if f.knowledge.is_field_spell(f.board.name(cid)):
        dest = "F"
    f.put(cid, player, dest, face_up=False)


def activate(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    in_hand = from_hand(play)
    cid = f.find(play, player, text, pile="hand" if in_hand else None)
    step = f.step
    assert step is not None
    step.card = cid
    spot = f.board.where.get(cid)
    if spot is not None and is_zone(spot.spot) and spot.face_up and not in_hand:
        return  # a face-up card used again: its effect, no move
    if in_hand or (logtext.source_pile(text) in _EFFECT_PILES and
                   (spot is None or not is_zone(spot.spot))):  # from the Deck: an effect's
        dest = logtext.zone_to(text) or f.free_zone(player, "S")
        if f.knowledge.is_field_spell(f.board.name(cid)):
            dest = "F"
        f.put(cid, player, dest)
    else:
        f.turn(cid, face_up=True)


#: Piles an effect activates a Spell or Trap from ("Activated Field Spell "X" from Deck").
_EFFECT_PILES: Final = frozenset({"deck", "graveyard", "banished"})


def declare(f: Follower, play: Play, player: Player) -> None:
    assert f.step is not None
    f.step.card = f.find(play, player, texts(play)[1])


def send(destination: str) -> Mover:
    def mover(f: Follower, play: Play, player: Player) -> None:
        text = texts(play)[1]
        cid = f.find(play, player, text)
        assert f.step is not None
        f.step.card = cid
        before = f.board.where.get(cid)
        owner = f.board.owner(cid)
        if destination == "hand" and before is not None and before.spot == "hand" and \
                before.side == owner:
            return
        f.put(cid, owner, destination, top="top of deck" in text,
              face_up=destination != "extra")  # "To ED FU" has a mover of its own
    return mover


def to_face_up_extra(f: Follower, play: Play, player: Player) -> None:
    """"To ED FU": a Pendulum Monster to its owner's Extra Deck, face-up."""
    cid = f.find(play, player, texts(play)[1])
    assert f.step is not None
    f.step.card = cid
    f.put(cid, f.board.owner(cid), "extra", face_up=True)


def to_spell_trap(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    cid = f.find(play, player, text)
    assert f.step is not None
    f.step.card = cid
    f.put(cid, player, logtext.zone_to(text) or f.free_zone(player, "S"))


def move(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    zones = logtext.zones_moved(text)
    if zones is not None:
        cid = f.field_card(play, player, text, zone=zones[0])
        written = zones[1]
    else:  # the words say nothing: the card's id and the play's "zone" field may
        cid = f.board.by_object(play.get("id")) or ""
        written = logtext.spot_name(str(play.get("zone") or ""))
        if not f.board.on_field(cid) or not written:
            raise CannotFollow("cannot read the zones of the move")
    spot = f.board.where[cid]
    dst_side, dst = Board.zone(player, written)
    assert f.step is not None
    f.step.card = cid
    if is_monster_zone(spot.spot) and not is_monster_zone(dst) and spot.position:
        f.parked[cid] = spot.position  # back in a Monster Zone, it is shown as it was
    if is_monster_zone(dst):
        f.put(cid, dst_side, dst, position=spot.position if is_monster_zone(spot.spot)
              else f.parked.pop(cid, "attack"))
    else:  # a card moved between Spell & Trap Zones keeps its face; a monster goes face-up
        f.put(cid, dst_side, dst, face_up=spot.face_up if not is_monster_zone(spot.spot)
              else True)


def attack(f: Follower, play: Play, player: Player) -> None:
    text = texts(play)[1]
    step = f.step
    assert step is not None
    direct = step.kind == "Attack directly"
    names = logtext.names_in(text)
    with_zone = text.rsplit(" in ", 1)[-1] if " with " in text else None
    attacker = f.field_card(play, player, text, key="attacking_id" if not direct else "id",
                            name=names[-1] if names else None,
                            zone=logtext.spot_name(with_zone) if with_zone else None)
    step.card = attacker
    if direct:
        return
    zone = logtext.zone_in(text.split(" with ", 1)[0])
    hidden = text.startswith("Attacked Set card")
    where = f.board.where.get(attacker)
    step.other = f.field_card(play, player, text.split(" with ", 1)[0], key="attacked_id",
                              name=None if hidden else (names[0] if names else None),
                              named=not hidden, zone=zone,
                              side=other(where.side) if where is not None else other(player))


def turn_face_down(f: Follower, play: Play, player: Player) -> None:
    cid = f.field_card(play, player, texts(play)[1])
    assert f.step is not None
    f.step.card = cid
    spot = f.board.where[cid]
    if is_monster_zone(spot.spot):
        f.turn(cid, position="facedown_defense")
    else:
        f.turn(cid, face_up=False)


def reset(f: Follower, play: Play, player: Player) -> None:
    raise CannotFollow("the board was reset (Fiber Jar, or the reset button): the log does not "
                       "say where each card went")


def unknown(f: Follower, play: Play, player: Player) -> None:
    """A play kind this importer does not know: followed when its line sends a named card to
    a pile; a card changed any other way leaves the board unknown."""
    text = texts(play)[1]
    pile = logtext.destination_pile(text) or ("banished" if text.startswith("Banished")
                                              else None)
    if pile is not None and logtext.name_in(text) is not None:
        send(pile)(f, play, player)
        return
    if "card" in play or "id" in play or logtext.name_in(text) is not None:
        raise CannotFollow(f"a kind of play this importer does not know ({play.get('play')!r}) "
                           f"changes a card, so the board after it is unknown")

"""Spells, Traps and effects in a Duelingbook log, and cards moving between zones and
piles: activations (with Equip targets), declared effects, sends, discards (the hand-limit
one included), placements in a Spell & Trap Zone and moves between zones."""

from __future__ import annotations

from typing import Any

from ..model import Player, other
from . import logtext, phases
from .builder import GameBuilder
from .game import CannotFollow, Play, from_hand, texts, where_said
from .summons import free_zone, position_by_effect
from .tracker import Board, is_monster_zone, is_zone


def set_spell_trap(b: GameBuilder, play: Play, player: Player) -> None:
    text = texts(play)[1]
    if not from_hand(play) and logtext.zone_in(text) and not logtext.zone_to(text):
        cid = b.field_card(play, player, text)  # "Set "X" in S-3": turned face-down where it stands
        _turned_face_down(b, play, player, cid)
        return
    cid = b.find(play, player, text, pile="hand")
    dest = logtext.zone_to(text) or free_zone(b, player, "S")
    if _hand_trap(b, cid) and _activated_next(b, play, cid):
        _trap_from_hand(b, play, player, cid, dest, "Set, then activated at once: one "
                        "activation from the hand in two clicks, as the card's text allows")
        return
    phases.ensure_phase(b, play, player, ("main1", "main2"))
    kind = b.objects.get(b.board.name(cid) or "")
    if kind is not None and kind.get("type") == "Field":
        dest = "F"
    if b.relocate(play, cid, player, dest, face_up=False):
        b.note(play, f"{b.label(cid)} put back where it stood before the rewind: no action")
        return
    b.emit(play, "set_spell_trap", player, card=cid)


def turn_face_down(b: GameBuilder, play: Play, player: Player) -> None:
    """"Turn face-down" (older clients): a monster by an effect, a Spell or Trap in place."""
    cid = b.field_card(play, player, texts(play)[1])
    spot = b.board.where.get(cid)
    if spot is not None and is_monster_zone(spot.spot):
        position_by_effect(b, play, player, cid, "facedown_defense")
    else:
        _turned_face_down(b, play, player, cid)


def _turned_face_down(b: GameBuilder, play: Play, player: Player, cid: str) -> None:
    """A card activated by a misclick and turned face-down again: the activation is undone
    (a slip fixed, not a step) when nothing else happened since."""
    last = b.actions[-1] if b.actions else {}
    if last.get("type") == "activate" and last.get("card") == cid:
        b.drop([len(b.actions) - 1])
        b.note(play, f"{b.label(cid)} activated, then turned face-down again at once: a "
                     f"misclick fixed, not an activation")
    else:
        b.note(play, f"{b.label(cid)} turned face-down where it stands (a card effect)")
    b.board.turn(cid, face_up=False)


def _hand_trap(b: GameBuilder, cid: str) -> bool:
    """A Trap whose own text lets it be activated from the hand (later rules)."""
    return b.card_object(cid).get("card_type") == "Trap" and b.reading(cid).from_hand


def _activated_next(b: GameBuilder, play: Play, cid: str) -> bool:
    """True, and the activation consumed, when the same player's next play activates the
    card just Set."""
    for index, later in b.upcoming(4):
        if later.get("username") != play.get("username"):
            continue
        if later.get("play") == "Activate ST" and \
                logtext.name_in(texts(later)[1]) == b.board.name(cid):
            b.consumed.add(index)
            return True
        return False
    return False


def _placed_face_up(b: GameBuilder, play: Play, player: Player, cid: str, sign: str,
                    note: str) -> None:
    """A card put in a Spell & Trap Zone by a rule ``classic`` does not model (``sign``):
    followed as a card placed face-up there, a ``move``."""
    b.signs.setdefault(sign, where_said(play))
    b.emit(play, "move", player, card=cid, to="spell_trap", note=note)


def _trap_from_hand(b: GameBuilder, play: Play, player: Player, cid: str, dest: str,
                    how: str) -> None:
    b.relocate(play, cid, player, dest)
    _placed_face_up(b, play, player, cid, "Traps activated from the hand",
                    f"{how}: rules classic does not model a Trap activated from the hand, "
                    f"followed as a card placed face-up")
    b.remember(player, cid)


def activate(b: GameBuilder, play: Play, player: Player) -> None:
    text = texts(play)[1]
    in_hand = from_hand(play)
    cid = b.find(play, player, text, pile="hand" if in_hand else None)
    spot = b.board.where.get(cid)
    if spot is not None and is_zone(spot.spot) and spot.face_up and not in_hand:
        declare(b, play, player)  # a face-up card used again: its effect
        return
    obj = b.objects.get(b.board.name(cid) or "") or {}
    if obj.get("card_type") == "Spell" and obj.get("type") != "Quick-Play":
        phases.ensure_phase(b, play, player, ("main1", "main2"))
    phases.sync(b, play, cid)
    if in_hand and _hand_trap(b, cid):
        _trap_from_hand(b, play, player, cid, logtext.zone_to(text) or free_zone(b, player, "S"),
                        "an activation from the hand, as the card's text allows")
        return
    if in_hand:
        dest = logtext.zone_to(text) or free_zone(b, player, "S")
        if obj.get("type") == "Field":
            dest = "F"
        b.relocate(play, cid, player, dest)
        if obj.get("card_type") == "Monster":  # a Pendulum Monster placed as a Spell
            _placed_face_up(b, play, player, cid, "Pendulum Zones",
                            "a Pendulum Monster placed in a Pendulum Zone: rules classic does "
                            "not model, followed as a card placed face-up")
            return
    else:
        b.board.turn(cid, face_up=True)
    fields: dict[str, Any] = {"card": cid}
    note = None
    if obj.get("type") == "Equip":
        fields["target"], note = _equip_target(b, play, player)
    b.last_declared.pop(player, None)
    b.emit(play, "activate", player, note=note, **fields)
    b.remember(player, cid)


def _pointed_at(b: GameBuilder, play: Play, player: Player) -> str | None:
    """The monster its player points at ("Pointed at "X" in M-4") right after the play,
    before any other play of theirs."""
    for index in range(b.cursor + 1, min(b.cursor + 8, len(b.plays))):
        later = b.plays[index]
        if not isinstance(later, dict) or later.get("username") != play.get("username"):
            continue
        if later.get("play") != "Target card":
            return None
        text = texts(later)[1]
        name, zone = logtext.name_in(text), logtext.zone_in(text)
        if name is None or zone is None or not zone.startswith("M"):
            return None
        # "Pointed at" names the zone as its controller numbers it ("in M-4" for the
        # opponent's monster, goat-1119697 game 2): the card of that name in it, either side
        side, spot = b.board.zone(player, zone)
        for each in (side, other(side)):
            cid = b.board.at(each, spot)
            if cid is not None and b.board.name(cid) == name:
                return cid
        return None
    return None


def _equip_target(b: GameBuilder, play: Play, player: Player) -> tuple[str | None, str]:
    """The monster its player points at, else the one a following Special Summon revives,
    else the likeliest face-up one."""
    pointed = _pointed_at(b, play, player)
    if pointed is not None:
        return pointed, "Equip target: the monster its player pointed at"
    for _, later in b.upcoming(12):
        if later.get("username") != play.get("username"):
            continue
        if str(later.get("play", "")).startswith(("SS ATK", "SS DEF")):
            text = texts(later)[1]
            pile = logtext.source_pile(text)
            name = logtext.name_in(text)
            if pile in ("graveyard", "banished") and name:
                found = b.board.find(player, name, pile) or b.board.find(other(player), name,
                                                                         pile)
                if found:
                    return found, "Equip target: the monster the next Special Summon revives"
        if later.get("play") in ("Normal Summon", "Activate ST", "End turn", "Enter BP"):
            break
    for side in (player, other(player)):
        for cid in reversed(b.board.monsters(side)):
            if b.board.position(cid) != "facedown_defense":
                return cid, "Equip target not in the log: the likeliest face-up monster assumed"
    return None, "Equip target not in the log, and no face-up monster to equip"


def declare(b: GameBuilder, play: Play, player: Player) -> None:
    text = texts(play)[1]
    cid = b.find(play, player, text)
    last = b.actions[-1] if b.actions else {}
    if last.get("type") in ("activate", "normal_summon", "flip_summon", "special_summon") and \
            last.get("card") == cid:
        b.remember(player, cid)
        return  # it only announces the effect of the card just activated or summoned
    note = None
    if b.unchecked_timing(cid):
        note = "the card's text does not say when its effect may be used: timing not checked"
    elif player == b.turn_player and b.effect_kind(cid) == "ignition":
        phases.ensure_phase(b, play, player, ("main1", "main2"))
    if b.board.name(cid) and (b.objects.get(b.board.name(cid) or "") or {}).get(
            "card_type") == "Monster":
        b.last_declared[player] = cid
    phases.sync(b, play, cid)
    index = b.emit(play, "activate", player, card=cid, note=note)
    if note is not None:
        b.untimed.append(b.actions[index])
    b.remember(player, cid)


def send(b: GameBuilder, play: Play, player: Player, *, to: str) -> None:
    """To the Graveyard, banishment, the hand, the deck or the Extra Deck."""
    text = texts(play)[1]
    cid = b.find(play, player, text)
    before = b.board.where.get(cid)
    place = before.spot if before else ""
    owner = b.board.owner(cid)
    if to == "hand" and before is not None and before.spot == "hand" and \
            before.side == owner:
        return
    if to == "graveyard":
        _set_card_activated(b, play, player, cid)
    if before is not None and before.spot == "hand" and to == "graveyard":
        _discard(b, play, player, cid)
        return
    phases.sync(b, play, cid)
    restoring = b.relocate(play, cid, owner, to, top="top of deck" in text)
    if restoring:
        b.note(play, f"{b.label(cid)} put back where it stood before the rewind: no action")
        return
    index = b.emit(play, "move", player, card=cid, to=to)
    if to in ("graveyard", "banished") and is_monster_zone(place):
        b.sends.append((index, cid))
        b.graveyard_from[cid] = before.side if before else player


def _set_card_activated(b: GameBuilder, play: Play, player: Player, cid: str) -> bool:
    """A Set Trap (or Quick-Play Spell) sent from its zone by its controller, with no
    "Activated" line: read as activated when it was Set before this turn (Trap Dustshoot,
    Solemn Judgment); one Set this turn cannot have been, so it is only sent."""
    spot = b.board.where.get(cid)
    if spot is None or spot.face_up or spot.side != player or is_monster_zone(spot.spot) or \
            not is_zone(spot.spot):
        return False
    obj = b.objects.get(b.board.name(cid) or "") or {}
    if not (obj.get("card_type") == "Trap" or obj.get("type") == "Quick-Play"):
        return False
    if any(who != player for index, who, _ in b.recent if b.cursor - index <= 8):
        return False  # a card the opponent just used destroys it: only sent
    if cid in b.set_this_turn:
        b.note(play, f"{b.label(cid)} sent to the Graveyard without an activation line: it "
                     f"was Set this turn, so it is read as only sent")
        return False
    phases.sync(b, play, cid)
    b.board.turn(cid, face_up=True)
    b.emit(play, "activate", player, card=cid,
           note="no \"Activated\" line: a Set card its controller sent straight to the "
                "Graveyard is read as activated")
    b.remember(player, cid)
    return True


def _discard(b: GameBuilder, play: Play, player: Player, cid: str) -> None:
    """From the hand to the Graveyard: the End Phase hand-limit discard when the turn player
    holds 7 or more and ends the turn next, otherwise a discard by an effect."""
    hand = len(b.board.pile(player, "hand"))
    ending = b.phase == "end"
    if player == b.turn_player and hand >= 7 and not ending:
        for _, later in b.upcoming(4):
            kind = later.get("play")
            if later.get("username") != play.get("username"):
                continue
            if kind in ("End turn", "Enter EP"):
                ending = True
            if kind not in ("To GY", "Discard") or ending:
                break
    limit = player == b.turn_player and hand >= 7 and ending
    if limit:
        phases.ensure_phase(b, play, player, ("end",))
    phases.sync(b, play, cid)
    b.relocate(play, cid, b.board.owner(cid), "graveyard")
    fields: dict[str, Any] = {"card": cid}
    if not limit:
        fields["by_effect"] = True
    b.emit(play, "discard", player, **fields)


def to_spell_trap(b: GameBuilder, play: Play, player: Player) -> None:
    """"Placed X from GY to S-3": a card put face-up in a Spell & Trap Zone by an effect;
    a monster staged there and moved to a Monster Zone next is Special Summoned then."""
    text = texts(play)[1]
    cid = b.find(play, player, text)
    dest = logtext.zone_to(text) or free_zone(b, player, "S")
    obj = b.objects.get(b.board.name(cid) or "") or {}
    if obj.get("card_type") == "Monster":
        for _, later in b.upcoming(6):
            if later.get("play") == "Move" and later.get("username") == play.get("username"):
                zones = logtext.zones_moved(texts(later)[1])
                if zones and zones[0] == dest and zones[1].startswith("M"):
                    b.staged[cid] = b.board.where.get(cid)
                    b.relocate(play, cid, player, dest)
                    return
                break
    phases.sync(b, play, cid)
    b.relocate(play, cid, player, dest)
    b.emit(play, "move", player, card=cid, to="spell_trap")


def move(b: GameBuilder, play: Play, player: Player) -> None:
    text = texts(play)[1]
    zones = logtext.zones_moved(text)
    if zones is not None:
        cid = b.field_card(play, player, text, zone=zones[0])
        written = zones[1]
    else:  # the words say nothing: the card's id and the play's "zone" field may
        cid = b.board.by_object(play.get("id")) or ""
        written = logtext.spot_name(str(play.get("zone") or ""))
        if not b.board.on_field(cid) or not written:
            raise CannotFollow("cannot read the zones of the move")
    spot = b.board.where[cid]
    src_side, src = spot.side, spot.spot
    dst_side, dst = Board.zone(player, written)
    phases.sync(b, play, cid)
    if cid in b.staged and dst.startswith(("M", "EMZ")):
        b.staged.pop(cid)
        b.relocate(play, cid, dst_side, dst, position="attack")
        b.emit(play, "special_summon", dst_side, card=cid,
               note="placed in a Spell & Trap Zone, then moved to a Monster Zone: one "
                    "Special Summon")
        return
    if src_side == dst_side and is_monster_zone(src) == is_monster_zone(dst):
        b.relocate(play, cid, dst_side, dst, position=spot.position, face_up=spot.face_up)
        return  # a zone change on one side: no rules matter
    if is_monster_zone(src) and is_monster_zone(dst):
        b.relocate(play, cid, dst_side, dst, position=spot.position)
        b.emit(play, "take_control", dst_side, card=cid)
        return
    if is_monster_zone(src) and not is_monster_zone(dst):
        equipper = b.last_declared.get(dst_side)
        held = b.board.where.get(equipper) if equipper else None
        if held is None or held.side != dst_side:
            mine = b.board.monsters(dst_side)
            equipper = next((c for c in reversed(mine) if c != cid), None)
        b.relocate(play, cid, dst_side, dst)
        b.emit(play, "move", dst_side, card=cid, to="spell_trap", target=equipper,
               note="equipped by an effect: the monster whose effect was declared last assumed")
        return
    if not is_monster_zone(src) and is_monster_zone(dst):
        b.relocate(play, cid, dst_side, dst, position="attack")
        b.emit(play, "special_summon", dst_side, card=cid,
               note="moved from a Spell & Trap Zone to a Monster Zone: read as a Special Summon")
        return
    b.relocate(play, cid, dst_side, dst, face_up=spot.face_up)
    b.emit(play, "move", dst_side, card=cid, to="spell_trap",
           note="moved to the other player's Spell & Trap Zone")

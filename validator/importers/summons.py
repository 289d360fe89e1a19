"""Summons and battle positions in a Duelingbook log: Normal Summons and Sets with their
Tributes (logged before or after), Flip Summons, flips and position changes (by hand, or by an
effect the log explains), Special Summons, tokens and Xyz Summons."""

from __future__ import annotations

from typing import Any

from ..checks.summon import required_tributes
from ..model import Player, other
from . import logtext, phases
from .builder import GameBuilder
from .cardtext import is_link, is_xyz
from .game import CannotFollow, Play, canonical, from_hand, texts
from .tracker import Board, is_monster_zone, is_zone


def _tributes(b: GameBuilder, play: Play, player: Player, cid: str) -> list[str]:
    """The Tributes of a Normal Summon or Set: monsters sent off the field just before it,
    else just after it (logs often show them late), by either player."""
    level = int(b.definition_level(cid))
    need = required_tributes(level)
    if not need:
        return []
    before = b.sends[-need:]
    chosen = [c for _, c in before]
    b.drop([i for i, _ in before])
    b.sends.clear()
    for index, later in b.upcoming(8):
        if len(chosen) >= need:
            break
        kind = later.get("play")
        if kind in ("Normal Summon", "Set monster", "End turn", "Enter BP", "SS ATK", "SS DEF"):
            break
        if kind not in ("To GY", "Banish"):
            continue
        text = texts(later)[1]
        written = logtext.zone_in(text)
        actor = b.users.get(str(later.get("username")))
        if written is None or actor is None or not written.startswith("M"):
            continue
        side, spot = Board.zone(actor, written)
        tribute = b.board.at(side, spot)
        if tribute is None or tribute == cid:
            continue
        b.consumed.add(index)
        b.graveyard_from[tribute] = side
        b.relocate(later, tribute, b.board.owner(tribute),
                   "graveyard" if kind == "To GY" else "banished")
        chosen.append(tribute)
    return chosen


def _tribute_foes(b: GameBuilder, play: Play, player: Player, tributes: list[str]) -> None:
    """An opponent's monster Tributed: a card of the summoner's that lets them do so (Soul
    Exchange: "as if you controlled it") is read as taking control for the Tribute."""
    for tribute in tributes:
        spot = b.board.where.get(tribute)
        held_by = spot.side if spot is not None and is_zone(spot.spot) else None
        if held_by is None:
            held_by = b.graveyard_from.get(tribute)
        if held_by is None or held_by == player:
            continue
        enabler = next((c for _, p, c in reversed(b.recent)
                        if p == player and b.reading(c).tributes_foes), None)
        if enabler is None:
            return
        b.emit(play, "take_control", player, card=tribute,
               note=f"{b.label(enabler)} lets {b.game.players[player]} Tribute "
                    f"{b.label(tribute)} as if they controlled it")


def normal_summon(b: GameBuilder, play: Play, player: Player, *, kind: str = "normal_summon",
                  position: str = "attack") -> None:
    text = texts(play)[1]
    cid = b.find(play, player, text, pile="hand")
    if _taken_back(b, play, cid, logtext.zone_to(text)):
        return
    phases.ensure_phase(b, play, player, ("main1", "main2"))
    phases.sync(b, play, cid)
    tributes = _tributes(b, play, player, cid)
    _tribute_foes(b, play, player, tributes)
    b.relocate(play, cid, player, logtext.zone_to(text) or free_zone(b, player, "M"),
               position=position)
    fields: dict[str, Any] = {"card": cid}
    if tributes:
        fields["tributes"] = tributes
    b.emit(play, kind, player, **fields)
    b.remember(player, cid)


def _taken_back(b: GameBuilder, play: Play, cid: str, zone: str | None) -> bool:
    """A monster of Level 4 or lower its player returns from that zone to the hand as the
    very next play: a take-back (the player changed their mind), never summoned; the return
    is consumed and noted."""
    found = b.next_play()
    if found is None or zone is None:
        return False
    index, later = found
    if canonical(later["play"]) != "To hand" or later.get("username") != play.get("username") or \
            logtext.zone_in(texts(later)[1]) != zone:
        return False
    level = b.card_object(cid).get("level")
    if not (isinstance(level, int | str) and str(level).isdigit() and int(level) <= 4):
        return False
    b.consumed.add(index)
    b.note(play, f"{b.label(cid)} returned to the hand by its player as the very next play: "
                 f"a take-back, read as never placed")
    return True


def set_monster(b: GameBuilder, play: Play, player: Player) -> None:
    text = texts(play)[1]
    if from_hand(play):
        normal_summon(b, play, player, kind="set_monster", position="facedown_defense")
        return
    cid = b.field_card(play, player, text)  # a face-up card turned face-down where it stands
    b.attack_flipped.discard(cid)
    spot = b.board.where.get(cid)
    if spot is not None and not is_monster_zone(spot.spot):
        b.board.turn(cid, face_up=False)
        b.note(play, "a face-up card turned face-down in its Spell & Trap Zone")
        return
    position_by_effect(b, play, player, cid, "facedown_defense")


def position_by_effect(b: GameBuilder, play: Play, player: Player, cid: str, to: str) -> None:
    why = b.explain_position(cid, to)
    note = f"by {why}" if why else "by a card effect the log does not show (a position " \
                                   "change no player may make by hand)"
    phases.sync(b, play, cid)
    owner = b.board.where[cid].side if cid in b.board.where else player
    b.board.turn(cid, position=to)
    b.emit(play, "change_position", owner if player not in (owner,) else player, card=cid,
           to=to, by_effect=True, note=note)


def flip_summon(b: GameBuilder, play: Play, player: Player) -> None:
    cid = b.field_card(play, player, texts(play)[1])
    phases.ensure_phase(b, play, player, ("main1", "main2"))
    phases.sync(b, play, cid)
    b.unflip(play, cid)
    b.board.turn(cid, position="attack")
    b.emit(play, "flip_summon", player, card=cid)
    b.remember(player, cid)


def flip(b: GameBuilder, play: Play, player: Player) -> None:
    """Face-down to face-up Defense Position: an attack's flip already followed, a Flip
    Summon in two clicks ("Flip" then "To ATK"), or an effect."""
    cid = b.field_card(play, player, texts(play)[1])
    if cid in b.attack_flipped:  # the engine turned it face-up when it was attacked
        b.attack_flipped.discard(cid)
        b.board.turn(cid, position="defense")
        b.remember(player, cid)
        return
    if b.board.position(cid) != "facedown_defense":
        return
    spot = b.board.where[cid]
    if player == b.turn_player == spot.side and b.phase in ("main1", "main2"):
        for index, later in b.upcoming(3):
            if later.get("username") != play.get("username"):
                continue
            if later.get("play") == "To ATK" and b.find(later, player, texts(later)[1]) == cid:
                b.consumed.add(index)
                b.unflip(play, cid)
                b.board.turn(cid, position="attack")
                b.emit(play, "flip_summon", player, card=cid,
                       note="\"Flipped\" then \"Changed to ATK\": one Flip Summon in two clicks")
                b.remember(player, cid)
                return
            break
    position_by_effect(b, play, player, cid, "defense")
    b.remember(player, cid)


def change_position(b: GameBuilder, play: Play, player: Player) -> None:
    text = texts(play)[1]
    cid = b.field_card(play, player, text)
    to = "attack" if b.kind == "To ATK" else \
        "facedown_defense" if play.get("face_down") is True else "defense"
    b.unflip(play, cid)
    now = b.board.position(cid)
    if now == to:
        b.note(play, f"{b.label(cid)} is already in that position: nothing to change")
        return
    last = b.actions[-1] if b.actions else {}
    if last.get("type") == "special_summon" and last.get("card") == cid and \
            last.get("player") == player and to in ("attack", "defense"):
        last["position"] = to  # the summon's position, fixed at once: no change of its own
        last["log"] = {**last["log"], "note": f"Special Summoned, then changed to {to} at once "
                                              f"({texts(play)[0]}): a misclick fixed, read "
                                              f"as summoned in {to.capitalize()} Position"}
        b.board.turn(cid, position=to)
        return
    spot = b.board.where.get(cid)
    mine = spot is not None and spot.side == player == b.turn_player
    why = b.explain_position(cid, to) if to != "facedown_defense" else "a card effect"
    if now == "facedown_defense" and to == "attack" and mine and why is None:
        phases.ensure_phase(b, play, player, ("main1", "main2"))
        flip_summon(b, play, player)
        return
    if not mine or why is not None or to == "facedown_defense":
        position_by_effect(b, play, player, cid, to)
        return
    phases.ensure_phase(b, play, player, ("main1", "main2"))
    phases.sync(b, play, cid)
    b.board.turn(cid, position=to)
    b.emit(play, "change_position", player, card=cid, to=to)


def special_summon(b: GameBuilder, play: Play, player: Player) -> None:
    text = texts(play)[1]
    cid = b.find(play, player, text)
    position = "defense" if b.kind == "SS DEF" or "(DEF)" in text else "attack"
    if str(play.get("position", "")).lower() in ("set", "fd defense"):
        position = "facedown_defense"
    phases.sync(b, play, cid)
    note_signs(b, play, cid)
    b.relocate(play, cid, player, logtext.zone_to(text) or free_zone(b, player, "M"),
               position=position)
    b.emit(play, "special_summon", player, card=cid, position=position)
    b.remember(player, cid)


def summon_token(b: GameBuilder, play: Play, player: Player) -> None:
    cid = b.new_card("Token", player)
    b.board.cards[cid]["token"] = True
    b.board.bind(play.get("id"), cid)
    b.relocate(play, cid, player, logtext.zone_in(texts(play)[1]) or free_zone(b, player, "M"),
               position="defense")
    b.emit(play, "special_summon", player, card=cid, position="defense",
           note="a token's position is not in the log: Defense Position assumed")


def overlay(b: GameBuilder, play: Play, player: Player) -> None:
    """"Overlayed A onto B": A goes on top of B's pile; under an Xyz Monster already on the
    field it is attached at once, otherwise the pile waits for its Xyz Summon."""
    text = texts(play)[1]
    names = logtext.names_in(text)
    card = b.find(play, player, text, key="start_id", name=names[0] if names else None,
                  zone=logtext.zone_in(text) or "")
    onto_zone = logtext.zone_to(text) or play.get("zone")
    onto = b.field_card(play, player, text, key="end_id", name=names[1] if len(names) > 1 else None,
                  zone=str(onto_zone) if onto_zone else None)
    holder = b.objects.get(b.board.name(onto) or "")
    phases.sync(b, play, card)
    if holder is not None and is_xyz(holder):
        b.board.attach(card, onto)
        b.emit(play, "move", player, card=card, to="material", target=onto)
        return
    b.board.stack(card, onto)
    b.field_changed(b.board.where[card].side)


def xyz_summon(b: GameBuilder, play: Play, player: Player) -> None:
    """"Special Summoned X from Extra Deck onto A": the pile under A becomes X's materials,
    which leave their zones before X arrives (so five monsters can make room)."""
    text = texts(play)[1]
    names = logtext.names_in(text)
    xyz = b.find(play, player, text, key="start_id", name=names[0] if names else None,
                 pile="extra", zone="")
    base = b.field_card(play, player, text, key="end_id", name=names[1] if len(names) > 1 else None,
                  zone=logtext.zone_in(text) or (str(play["zone"]) if play.get("zone") else None))
    materials = [*b.board.materials(base), base]
    spot = b.board.where[base]
    for material in materials:
        phases.sync(b, play, material)
        b.emit(play, "move", player, card=material, to="material", target=xyz,
               note="an Xyz Material, out of its zone before the Xyz Summon")
    position = "defense" if b.kind == "OL DEF" or "(DEF)" in text else "attack"
    b.board.stack(xyz, base)
    b.board.turn(xyz, position=position)
    b.field_changed(spot.side)
    b.emit(play, "special_summon", player, card=xyz, position=position)
    b.remember(player, xyz)


def attach(b: GameBuilder, play: Play, player: Player) -> None:
    """"Attach": a card from anywhere becomes an Xyz Material of ``end_id``."""
    text = texts(play)[1]
    names = logtext.names_in(text)
    card = b.find(play, player, text, key="start_id", name=names[0] if names else None,
                  zone=logtext.zone_in(text) or "")
    holder = b.board.by_object(play.get("end_id"))
    if holder is None or holder not in b.board.where:
        raise CannotFollow("cannot find the Xyz Monster the material is attached to")
    phases.sync(b, play, card)
    b.board.attach(card, holder)
    b.emit(play, "move", player, card=card, to="material", target=holder)


def change_control(b: GameBuilder, play: Play, player: Player) -> None:
    """"Change control": a monster moves to the other player's Monster Zone."""
    cid = b.field_card(play, player, texts(play)[1])
    spot = b.board.where.get(cid)
    if spot is None or not is_monster_zone(spot.spot):
        raise CannotFollow("the monster whose control changes is not in a Monster Zone")
    to = other(spot.side)
    written = play.get("zone")
    zone = Board.zone(player, str(written))[1] if isinstance(written, str) else \
        free_zone(b, to, "M")
    b.relocate(play, cid, to, zone, position=spot.position)
    b.emit(play, "take_control", to, card=cid)


def detach(b: GameBuilder, play: Play, player: Player) -> None:
    cid = _material(b, play, player)
    phases.sync(b, play, cid)
    b.relocate(play, cid, b.board.owner(cid), "graveyard")
    b.emit(play, "move", player, card=cid, to="graveyard")


def _material(b: GameBuilder, play: Play, player: Player) -> str:
    cid = b.board.by_object(play.get("id"))
    if cid is not None:
        return cid
    text = texts(play)[1]
    names = logtext.names_in(text)
    for stack in b.board.under.values():
        for material in stack:
            if names and b.board.name(material) == names[0]:
                return material
    raise CannotFollow("cannot find that Xyz Material")


def free_zone(b: GameBuilder, player: Player, row: str) -> str:
    for n in range(1, 6):
        if b.board.at(player, f"{row}-{n}") is None:
            return f"{row}-{n}"
    return f"{row}-5"


def note_signs(b: GameBuilder, play: Play, cid: str) -> None:
    obj = b.objects.get(b.board.name(cid) or "")
    if is_link(obj):
        b.signs.setdefault("Link Summons", texts(play)[0])

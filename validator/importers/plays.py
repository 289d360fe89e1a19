"""One handler per Duelingbook play kind: the play becomes zero or more actions."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..checks.summon import required_tributes
from ..model import Player, other
from .duelingbook import _ZONE, PHASE_PLAYS, GameBuilder, ReplayError, _text

Play = dict[str, Any]
Handler = Callable[[GameBuilder, Play, Player], None]


def _name(play: Play) -> str | None:
    card = play.get("card")
    if isinstance(card, dict) and card.get("name"):
        return str(card["name"])
    match = re.search(r'"(.+?)"', _text(play)[1])
    return match[1] if match else None


def _dest_zone(text: str) -> str | None:
    match = re.search(rf"\b(?:to|token in) ({_ZONE})\b", text)
    return match[1] if match else None


def draw(b: GameBuilder, play: Play, player: Player) -> None:
    name = _name(play)
    normal = player == b.turn_player and b.phase == "draw" and not b.drew
    cid = None
    if name is not None:
        cid = b.board.find(player, name, "deck") or b.card(name, player, play.get("card"))
        b.board.put(cid, player, "hand")
    fields: dict[str, Any] = {"card": cid} if cid else {}
    if not normal:
        fields["by_effect"] = True
    b.drew = b.drew or normal
    b.emit(play, "draw", player, **fields)


def phase(b: GameBuilder, play: Play, player: Player) -> None:
    b.to_phase(play, player, PHASE_PLAYS[play["play"]])


def end_turn(b: GameBuilder, play: Play, player: Player) -> None:
    if b.phase != "end":
        b.to_phase(play, player, "end")
    b.emit(play, "end_turn", player)
    b.turn, b.phase, b.drew = b.turn + 1, "draw", False
    b.turn_player = other(b.turn_player)


def _summon(b: GameBuilder, play: Play, player: Player, kind: str, position: str) -> None:
    text = _text(play)[1]
    cid = b.locate(player, _name(play), text, play.get("card"))
    level = int(b.board.cards[cid].get("level") or 0)
    need = required_tributes(level)
    tributes: list[str] = []
    mine = [c for who, c in b.recent_sends if who == player]
    if need and mine and len(mine) == len(b.recent_sends):
        tributes = mine[-need:]
        del b.actions[len(b.actions) - len(tributes):]  # their sends were the last actions
    b.board.put(cid, player, _dest_zone(text) or "M-?", position)
    b.emit(play, kind, player, card=cid, tributes=tributes)


def normal_summon(b: GameBuilder, play: Play, player: Player) -> None:
    _summon(b, play, player, "normal_summon", "attack")


def set_monster(b: GameBuilder, play: Play, player: Player) -> None:
    _summon(b, play, player, "set_monster", "facedown_defense")


def special_summon(b: GameBuilder, play: Play, player: Player) -> None:
    text = _text(play)[1]
    cid = b.locate(player, _name(play), text, play.get("card"))
    position = "defense" if play["play"] == "SS DEF" else "attack"
    b.board.put(cid, player, _dest_zone(text) or "M-?", position)
    b.emit(play, "special_summon", player, card=cid, position=position)


def summon_token(b: GameBuilder, play: Play, player: Player) -> None:
    b.definitions.setdefault("Token", {"name": "Token", "card_type": "Monster", "level": 1,
                                       "is_effect": 0})
    cid = b.card("Token", player)
    b.board.cards[cid]["token"] = True
    b.board.put(cid, player, _dest_zone(_text(play)[1]) or "M-?", "defense")
    b.emit(play, "special_summon", player, card=cid, position="defense",
           note="a token's position is not in the log: Defense Position assumed")


def set_spell_trap(b: GameBuilder, play: Play, player: Player) -> None:
    text = _text(play)[1]
    cid = b.locate(player, _name(play), text, play.get("card"))
    b.board.put(cid, player, _dest_zone(text) or "S-?")
    b.emit(play, "set_spell_trap", player, card=cid)


def activate(b: GameBuilder, play: Play, player: Player) -> None:
    text = _text(play)[1]
    cid = b.locate(player, _name(play), text, play.get("card"))
    dest = _dest_zone(text)
    if dest is not None:
        b.board.put(cid, player, dest)
    fields: dict[str, Any] = {"card": cid}
    note = None
    if b.board.cards[cid].get("subtype") == "equip":
        fields["target"], note = _equip_target(b, play, player)
    b.last_declared.pop(player, None)
    b.emit(play, "activate", player, note=note, **fields)


def _equip_target(b: GameBuilder, play: Play, player: Player) -> tuple[str | None, str]:
    """The monster a following Special Summon revives, or else the likeliest face-up one."""
    for later in b.upcoming(play):
        if later.get("username") != play.get("username"):
            continue
        if later.get("play") in ("SS ATK", "SS DEF"):
            text = _text(later)[1]
            if "from GY" in text or "banished" in text:
                name = _name(later)
                pile = "graveyard" if "from GY" in text else "banished"
                found = name and (b.board.find(player, name, pile)
                                  or b.board.find(other(player), name, pile))
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
    text = _text(play)[1]
    cid = b.locate(player, _name(play), text, play.get("card"))
    last = b.actions[-1] if b.actions else {}
    if last.get("type") == "activate" and last.get("card") == cid:
        return  # it only announces the effect of the card just activated
    note = None
    if cid in b.unchecked_timing:
        note = "the card's text does not say when its effect may be used: timing not checked"
    if b.board.cards[cid]["kind"] == "monster":
        b.last_declared[player] = cid
    b.emit(play, "activate", player, card=cid, note=note)


def _move(b: GameBuilder, play: Play, player: Player, to: str) -> None:
    text = _text(play)[1]
    cid = b.locate(player, _name(play), text, play.get("card"))
    loc = b.board.where.get(cid)
    place = loc[1] if loc else ""
    on_field, was_monster = place.startswith(("M-", "S-", "F")), place.startswith("M-")
    owner = b.board.owner(cid)
    if to == "hand" and loc == (player, "hand"):
        return
    b.board.put(cid, owner, "deck" if to == "deck" else to)
    if to == "graveyard" and "from hand" in text:
        limit = (player == b.turn_player and b.phase == "end"
                 and len(b.board.sides[player].piles["hand"]) >= 6)
        b.emit(play, "discard", player, card=cid, by_effect=not limit)
        return
    b.emit(play, "move", player, card=cid, to=to)
    if to == "graveyard" and on_field and was_monster:
        b.recent_sends.append((player, cid))
    else:
        b.recent_sends.clear()


def to_graveyard(b: GameBuilder, play: Play, player: Player) -> None:
    _move(b, play, player, "graveyard")


def banish(b: GameBuilder, play: Play, player: Player) -> None:
    _move(b, play, player, "banished")


def to_hand(b: GameBuilder, play: Play, player: Player) -> None:
    _move(b, play, player, "hand")


def to_deck(b: GameBuilder, play: Play, player: Player) -> None:
    _move(b, play, player, "deck")


def remove_token(b: GameBuilder, play: Play, player: Player) -> None:
    _move(b, play, player, "graveyard")


def attack(b: GameBuilder, play: Play, player: Player) -> None:
    text = _text(play)[1]
    match = re.search(rf"with .* in ({_ZONE})$", text)
    attacker = b.board.at(player, match[1]) if match else None
    if attacker is None:
        raise ReplayError("cannot find the attacking monster")
    target = None
    if play["play"] == "Attack":
        zone = re.match(rf'Attacked (?:Set card|".+?") in ({_ZONE}) with', text)
        target = b.board.sides[other(player)].zones.get(zone[1]) if zone else None
        if target is None:
            raise ReplayError("cannot find the attacked monster")
        if b.board.position(target) == "facedown_defense":
            b.board.sides[other(player)].positions[target] = "defense"
    b.emit(play, "declare_attack", player, card=attacker, target=target)


def life_points(b: GameBuilder, play: Play, player: Player) -> None:
    amount = int(play.get("amount") or 0)
    if amount == 0:
        return
    side = b.board.sides[player]
    side.lp += amount
    kind = "gain_lp" if amount > 0 else "damage"
    b.emit(play, kind, player, amount=abs(amount))
    logged = play.get("life")
    if isinstance(logged, int) and logged != side.lp:
        b.game.notes.append(f"LP audit: at {b.actions[-1]['log']['time']} the log says "
                            f"{play.get('username')} has {logged} LP; the imported actions give "
                            f"{side.lp}")
        side.lp = logged
    if side.lp <= 0:
        b.over = True


def change_position(b: GameBuilder, play: Play, player: Player) -> None:
    text = _text(play)[1]
    cid = b.locate(player, _name(play), text, play.get("card"))
    to = "defense" if play["play"] == "To DEF" else "attack"
    manual = player == b.turn_player and b.phase in ("main1", "main2")
    was = b.board.position(cid)
    loc = b.board.where.get(cid)
    if loc:
        b.board.sides[loc[0]].positions[cid] = to
    if manual and was == "facedown_defense" and to == "attack":
        b.emit(play, "flip_summon", player, card=cid)
        return
    b.emit(play, "change_position", player, card=cid, to=to, by_effect=not manual)


def move(b: GameBuilder, play: Play, player: Player) -> None:
    text = _text(play)[1]
    match = re.search(rf"from ({_ZONE}) to ({_ZONE})", text)
    if not match:
        raise ReplayError("cannot read the zones of the move")
    cid = b.board.at(player, match[1])
    if cid is None:
        raise ReplayError(f"no card in {match[1]}")
    src_side, src = b.board.zone(player, match[1])
    dst_side, dst = b.board.zone(player, match[2])
    position = b.board.position(cid)
    if src[0] == dst[0] and src_side == dst_side:
        b.board.put(cid, dst_side, dst, position)  # a zone change on one side: no rule matter
    elif src[0] == "M" and dst[0] == "M":
        b.board.put(cid, dst_side, dst, position)
        b.emit(play, "take_control", dst_side, card=cid)
    elif src[0] == "M" and dst[0] == "S":
        equipper = b.last_declared.get(dst_side)
        held = b.board.where.get(equipper) if equipper else None
        if held is None or held[0] != dst_side:
            mine = b.board.monsters(dst_side)
            equipper = next((c for c in reversed(mine) if c != cid), None)
        b.board.put(cid, dst_side, dst)
        b.emit(play, "move", dst_side, card=cid, to="spell_trap", target=equipper,
               note="equipped by an effect: the monster whose effect was declared last assumed")
    else:
        raise ReplayError("a move between these zones is not a duel action")


def surrender(b: GameBuilder, play: Play, player: Player) -> None:
    b.emit(play, "surrender", player)
    b.over = True


def play_handlers() -> dict[str, Handler]:
    """Play kind -> handler."""
    table: dict[str, Handler] = {
        "Draw card": draw, "End turn": end_turn, "Normal Summon": normal_summon,
        "Set monster": set_monster, "SS ATK": special_summon, "SS DEF": special_summon,
        "Summon Token": summon_token, "Set ST": set_spell_trap, "Activate ST": activate,
        "Declare": declare, "To GY": to_graveyard, "Mill": to_graveyard, "Banish": banish,
        "To hand": to_hand, "To B Deck": to_deck, "To T Deck": to_deck, "To deck": to_deck,
        "Remove Token": remove_token, "Attack": attack, "Attack directly": attack,
        "Life points": life_points, "To DEF": change_position, "To ATK": change_position,
        "Move": move, "Admit defeat": surrender, "Discard": to_graveyard,
    }
    table.update(dict.fromkeys(PHASE_PLAYS, phase))
    return table

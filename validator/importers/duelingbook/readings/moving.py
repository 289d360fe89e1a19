"""Cards placed and moved between zones in a Duelingbook log: a card placed in a Spell & Trap
Zone ("To ST": an effect's, a Continuous Spell's or Trap's from the Deck, a Pendulum
Monster's) and a card moved from one zone to another ("Move")."""

from __future__ import annotations

from typing import Any

from validator.document.model import Player
from validator.importers.duelingbook.board.tracker import Spot, is_monster_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.game import Play, from_hand, texts
from validator.importers.duelingbook.readings import phases
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.declared import (
    declared_after_shuffle,
    sent_from_deck_by,
)
from validator.importers.duelingbook.readings.result import (
    Changes,
    Emit,
    ReadAs,
    emitting,
    seq,
)
from validator.importers.duelingbook.readings.windows import (
    STAGED_MOVE_WITHIN,
)


def to_spell_trap(b: GameBuilder, play: Play, player: Player) -> None:
    """"Placed X from GY to S-3" (:func:`_placed`)."""
    b.read_as(play, _placed(b, play, player, b.cid, b.moved()))


def _placed(b: GameBuilder, play: Play, player: Player, cid: str,
            move: Any) -> ReadAs | None:
    """"Placed X from GY to S-3": a card put face-up in a Spell & Trap Zone by an effect;
    a monster placed there and moved to a Monster Zone next is Special Summoned then."""
    known = b.card(cid)
    if known.kind == "monster" and move is not None and move.before is None and \
            " from Deck to " in texts(play)[0] and known.effect_kinds("graveyard"):
        sender = sent_from_deck_by(b, player, cid)
        if sender is not None and declared_after_shuffle(b, play, cid) and \
                _summoned_from_zone_next(b, cid):
            return ReadAs(actions=(Emit(
                "move", player, {"card": cid, "to": "graveyard"},
                note=read("shortcut.spell-trap-as-graveyard",
                          f"{b.label(cid)} placed from the Deck in a Spell & Trap Zone by "
                          f"{b.label(sender)}'s effect, which sends it to the GY, and its GY "
                          f"effect declared there next, then moved on to a Monster Zone: the "
                          f"zone stands in for the GY")),),
                          changes=Changes(staged=((cid, Spot(player, "graveyard", None, True)),)))
    if known.kind == "monster" and move is not None:
        # a monster with an effect "if this card is a Continuous Trap" (Centur-Ion), placed
        # and that effect declared where it stands, is no marker for a hand effect: it stands
        # there as that Trap until it moves on
        used_there = "this card is a Continuous Trap" in b.knowledge.text(b.board.name(cid))
        for index, later in b.upcoming(STAGED_MOVE_WITHIN):
            if used_there and later.get("play") == "Declare" and \
                    (used := b.step_at(index)) is not None and used.card == cid:
                break
            if later.get("play") == "Move" and later.get("username") == play.get("username"):
                nxt = b.step_at(index)
                back = nxt.move_of(cid) if nxt is not None else None
                if back is not None and back.after is not None and \
                        is_monster_zone(back.after.spot):
                    return ReadAs(changes=Changes(staged=((cid, move.before),)))
                break
        if move.before is not None and move.before.spot == "hand" and \
                known.effect_kinds("hand"):
            # its hand effect's marker (Battle Fader)
            return ReadAs(changes=Changes(staged=((cid, move.before),)))
    return seq(phases.settling(b, play, cid),
               emitting(Emit("move", player, {"card": cid, "to": "spell_trap"})))


def _summoned_from_zone_next(b: GameBuilder, cid: str) -> bool:
    """True when the card's next move, within a few plays, takes it on to a Monster Zone (the
    Special Summon its declared effect makes), not out of its zone to the GY (a marker for the
    declaration, then sent where it belongs)."""
    for index, _ in b.upcoming(STAGED_MOVE_WITHIN):
        step = b.step_at(index)
        later = step.move_of(cid) if step is not None else None
        if later is not None:
            return later.after is not None and is_monster_zone(later.after.spot)
    return False


def move(b: GameBuilder, play: Play, player: Player) -> None:
    """A card moved across the field (:func:`_moved`)."""
    cid, moved = b.cid, b.moved()
    if moved is None or moved.before is None or moved.after is None:
        return
    b.read_as(play, seq(phases.settling(b, play, cid), _moved(b, cid, moved)))


def _moved(b: GameBuilder, cid: str, moved: Any) -> ReadAs | None:
    """A card moved across the field: a staged monster Special Summoned, control taken, a
    Pendulum Monster placed in its Pendulum Zone, an Equip by an effect, a monster card
    Special Summoned from a Spell & Trap Zone, a card put in the opponent's zone."""
    src_side, src = moved.before.side, moved.before.spot
    dst_side, dst = moved.after.side, moved.after.spot
    if cid in b.materials.staged and is_monster_zone(dst):
        came = b.materials.staged[cid]
        where = f" from the {came.spot}" if came is not None else ""
        return ReadAs(actions=(Emit(
            "special_summon", dst_side, {"card": cid},
            note=read("summon.staged-in-spell-trap",
                      f"placed in a Spell & Trap Zone, then moved to a Monster Zone: one "
                      f"Special Summon{where}")),),
                      changes=Changes(unstaged=(cid,)))
    if src_side == dst_side and is_monster_zone(src) == is_monster_zone(dst):
        return None  # a zone change on one side: no rules matter
    if is_monster_zone(src) and is_monster_zone(dst):
        return emitting(Emit("take_control", dst_side, {"card": cid}))
    if is_monster_zone(src) and dst in ("S-1", "S-5") and src_side == dst_side and \
            b.rules.pendulum and (b.card(cid).definition or {}).get("pendulum"):
        return emitting(Emit(
            "move", dst_side, {"card": cid, "to": "spell_trap"},
            note=read("pendulum.placed-from-field",
                      "a Pendulum Monster moved from its Monster Zone to its player's "
                      "Pendulum Zone: placed there by an effect (Enneapolis), no Equip")))
    if is_monster_zone(src) and not is_monster_zone(dst):
        equipper = b.attacks.last_declared.get(dst_side)
        held = b.board.where.get(equipper) if equipper else None
        how = "the monster whose effect was declared last assumed"
        if held is None or held.side != dst_side or not is_monster_zone(held.spot):
            mine = b.board.monsters(dst_side)  # none declared, or it left the field since
            equipper = next((c for c in reversed(mine) if c != cid), None)
            how = "the monster its player placed last assumed"
        return emitting(Emit("move", dst_side, {"card": cid, "to": "spell_trap",
                                                "target": equipper},
                             note=read("equip.by-effect", f"equipped by an effect: {how}")))
    if not is_monster_zone(src) and is_monster_zone(dst):
        position = moved.after.position or "attack"
        if b.card(cid).kind == "monster":  # an Equip its own effect Special Summons (Union
            return emitting(Emit(  # monsters, Mitsurugi), a Pendulum Scale (Poissonniere)
                "special_summon", dst_side, {"card": cid, "position": position},
                note=read("summon.from-spell-trap-zone",
                          f"{b.label(cid)}, a monster card in a Spell & Trap Zone, is Special "
                          f"Summoned from there by an effect, as the contract allows "
                          f"(docs/format.md)")))
        return emitting(Emit("special_summon", dst_side, {"card": cid, "position": position},
                             note=read("summon.moved-from-spell-trap",
                                       "moved from a Spell & Trap Zone to a Monster Zone: read "
                                       "as a Special Summon")))
    return emitting(Emit("move", dst_side, {"card": cid, "to": "spell_trap"},
                         note=read("zone.to-opponent-spell-trap",
                                   "moved to the other player's Spell & Trap Zone")))


def from_hand_play(play: Play) -> bool:
    """Whether a play takes its card from the hand (kept for the handlers' table)."""
    return from_hand(play)

"""Spells and Traps Set in a Duelingbook log, and cards turned face-down: a Set read as it is,
or otherwise (a Trap activated from the hand, a card its setter's effect Sets, a Set card
activated at once), a card turned face-down where it stands, and whether a card's activation
was shown (:func:`shown_activation`, which the placing readings ask too)."""

from __future__ import annotations

from validator.document.model import Player
from validator.importers.duelingbook.actions import Action
from validator.importers.duelingbook.board.tracker import is_monster_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.game import Play, stamp
from validator.importers.duelingbook.readings import corrections, phases
from validator.importers.duelingbook.readings.cardplays import (
    last_declared_forgotten,
    trap_activated_from_hand,
)
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.positions import position_by_effect
from validator.importers.duelingbook.readings.result import (
    Emit,
    ReadAs,
    emitting,
    seq,
)
from validator.importers.duelingbook.readings.windows import (
    SAME_PLAYER_NEXT,
    SET_BY_EFFECT_WITHIN,
    SHOWN_TOGETHER,
)


def set_spell_trap(b: GameBuilder, play: Play, player: Player) -> None:
    cid, move = b.cid, b.moved()
    if move is None:  # "Set "X" in S-3": turned face-down where it stands
        b.read_as(play, _turned_face_down(b, cid))
        return
    if b.restores(move):
        b.read_as(play, corrections.put_back(b, cid))
        return
    found = _set_read_otherwise(b, play, player, cid)
    if found is not None:
        b.read_as(play, found)
        return
    phases.ensure_phase(b, play, player, ("main1", "main2"))
    b.read_as(play, emitting(Emit("set_spell_trap", player, {"card": cid})))


def _set_read_otherwise(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs | None:
    """A "Set ST" that is no Set by its player: a Trap activated from the hand in two clicks,
    a Quick-Play Spell's activation from the hand clicked in two, or a card an effect Sets
    as it resolves."""
    known = b.card(cid)
    if known.kind == "trap" and known.facts.trap_from_hand:
        index = _activated_next(b, play, cid)
        if index is not None:
            return seq(ReadAs(consumes=(index,)), trap_activated_from_hand(
                b, play, player, cid, "Set, then activated at once: one activation from the "
                                      "hand in two clicks, as the card allows"))
    if known.subtype == "quick_play" and player == b.turn.player and \
            b.turn.phase in ("main1", "main2"):
        found = _set_then_activated(b, play, player, cid)
        if found is not None:
            return found
    setter = _setting_effect(b, player)
    if setter is not None and (player != b.turn.player or b.turn.phase not in ("main1", "main2")):
        return emitting(Emit(
            "move", player, {"card": cid, "to": "spell_trap"},
            note=read("set.by-resolving-effect",
                      f"Set by {b.label(setter)}'s effect as it resolves (the contract has no "
                      f"face-down placement by an effect: followed as a card placed there)")))
    return None


def _set_then_activated(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs | None:
    """A Quick-Play Spell Set in its player's own Main Phase and activated by their very next
    play, nothing between: the activation from the hand the player could make then, clicked
    in two (Set, then "Activate"). Read as that activation, not one the turn it was Set."""
    found = b.next_own(play, cid, ("Activate ST",))
    if found is None:
        return None
    index, activation, _ = found
    return ReadAs(consumes=(index,),
                  uses=((player, cid),),
                  actions=(Emit("activate", player, {"card": cid}, play=activation, note=read(
                      "spell-trap.set-then-activated",
                      f"Set in its player's own Main Phase ({stamp(play.get('seconds'))}) and "
                      f"activated by their very next play: the activation from the hand they "
                      f"could make, clicked in two; read as it")),),
                  changes=last_declared_forgotten(b, player))


def _setting_effect(b: GameBuilder, player: Player) -> str | None:
    """A card the player used just before whose resolution Sets a Spell or Trap (Dust
    Tornado: "then you can Set 1 Spell/Trap from your hand")."""
    for at, who, cid in reversed(b.turn.recent):
        if b.cursor - at > SET_BY_EFFECT_WITHIN:
            break
        if who == player and b.card(cid).facts.sets_spell_traps:
            return cid
    return None


def turn_face_down(b: GameBuilder, play: Play, player: Player) -> None:
    """"Turn face-down" (older clients): a monster by an effect, a Spell or Trap in place."""
    cid = b.cid
    spot = b.board.where.get(cid)
    if spot is not None and is_monster_zone(spot.spot):
        b.read_as(play, position_by_effect(b, play, player, cid, "facedown_defense"))
    else:
        b.read_as(play, _turned_face_down(b, cid))


def _turned_face_down(b: GameBuilder, cid: str) -> ReadAs:
    """A card activated by a misclick and turned face-down again: the activation is undone
    (a slip fixed, not a step) when nothing else happened since."""
    shown = shown_activation(b, cid)
    if shown is not None:
        return ReadAs("shown.set-cards",
                      f"{b.label(cid)} activated, then turned face-down again at once: a "
                      f"misclick fixed, or Set cards shown, not an activation", drops=(shown,))
    return ReadAs("set.turned-face-down",
                  f"{b.label(cid)} turned face-down where it stands (a card effect)")




def shown_activation(b: GameBuilder, cid: str) -> Action | None:
    """The activation of ``cid`` that turning it face-down again undoes: the
    last action, or one followed only by activations of other cards (a player showing their
    Set cards, "show sets": they flip them face-up and Set them back); None otherwise."""
    for index in range(len(b.actions) - 1, max(len(b.actions) - 2 - SHOWN_TOGETHER, -1), -1):
        action = b.actions[index]
        if action.get("type") != "activate":
            return None
        if action.get("card") == cid:
            return action
        if action.get("target") == cid:
            return None
    return None


def _activated_next(b: GameBuilder, play: Play, cid: str) -> int | None:
    """The same player's next play, when it activates the card just Set (read with it)."""
    for index, later in b.upcoming(SAME_PLAYER_NEXT):
        if later.get("username") != play.get("username"):
            continue
        step = b.step_at(index)
        if later.get("play") == "Activate ST" and step is not None and step.card == cid:
            return index
        return None
    return None

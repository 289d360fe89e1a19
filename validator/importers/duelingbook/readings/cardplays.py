"""Spells, Traps and effects in a Duelingbook log, and cards moving between zones and piles,
read through the card database: activations (with Equip targets), declared effects judged by
their kinds and places, sends, discards (the hand-limit one included), a Summon or Set put
back into the hand, placements in a Spell & Trap Zone and moves between zones."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from validator.document.model import Player, other
from validator.importers.duelingbook import logtext
from validator.importers.duelingbook.actions import Action
from validator.importers.duelingbook.board.tracker import Spot, is_monster_zone, is_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cardtext import (
    deck_to_graveyard,
    field_spell_placement,
    quick_play_grant,
)
from validator.importers.duelingbook.game import Play, from_hand, stamp, texts, where_said
from validator.importers.duelingbook.readings import corrections, effects, negation, phases
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.explain import explaining
from validator.importers.duelingbook.readings.gained import gained_kinds
from validator.importers.duelingbook.readings.result import (
    Changes,
    Emit,
    ReadAs,
    Sent,
    emitting,
    seq,
)
from validator.importers.duelingbook.readings.summons import (
    _for_an_opponents_effect as for_an_opponents_effect,
)
from validator.importers.duelingbook.readings.summons import position_by_effect
from validator.importers.duelingbook.readings.windows import (
    DECLARED_NEXT,
    EQUIP_REVIVE_WITHIN,
    OPPONENT_JUST_USED,
    OVERLAY_UNDONE_WITHIN,
    PLACED_BY_EFFECT_WITHIN,
    SAME_PLAYER_NEXT,
    SENT_FROM_DECK_WITHIN,
    SET_BY_EFFECT_WITHIN,
    SETS_PUT_BACK_WITHIN,
    SHOWN_TOGETHER,
    SHOWN_WITHIN,
    STAGED_MOVE_WITHIN,
)


def set_spell_trap(b: GameBuilder, play: Play, player: Player) -> None:
    cid, move = b.cid, b.moved()
    if move is None:  # "Set "X" in S-3": turned face-down where it stands
        b.read_as(play, _turned_face_down(b, cid))
        return
    if b.restores(move):
        b.read_as(play, ReadAs("rewind.put-back",
                               f"{b.label(cid)} put back where it stood "
                                                  f"before the rewind: no action",
                               changes=Changes(restores=(cid,))))
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
            return seq(ReadAs(consumes=(index,)), _trap_from_hand(
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
                  changes=_not_declaring(b, player))


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


#: The plays a player lays their hand out with ("Placed "X" from hand to S-2" too), or takes
#: it back with.
_SHOWING: Final = frozenset({"Activate ST", "Normal Summon", "Set monster", "Set ST", "To hand",
                             "Show hand", "SS ATK", "SS DEF", "To ST"})


def _returned_next(b: GameBuilder, play: Play, cid: str) -> ReadAs | None:
    """Both plays read as no step, when a card activated from the hand goes back
    to the hand later in the turn with no play naming it between (no declaration, no
    resolution): a card shown to the opponent (a player laying out their hand for an effect
    that looks at it, or letting the opponent read a card), or a misclick."""
    for index, later in b.upcoming(SHOWN_WITHIN):
        if later.get("play") in ("End turn", "Start turn"):
            return None
        step = b.step_at(index)
        if step is None or (step.card != cid and step.move_of(cid) is None):
            if later.get("username") == play.get("username") and \
                    later.get("play") not in _SHOWING:
                return None  # the player went on playing: it was played
            continue
        back = step.move_of(cid)
        if later.get("username") != play.get("username") or later.get("play") != "To hand" or \
                back is None or back.after is None or back.after.spot != "hand":
            return None
        return ReadAs("shown.from-hand",
                      f"{b.label(cid)} activated from the hand and returned to it later with "
                      f"nothing done with it: a card shown or a misclick, not an activation",
                      consumes=(index,))
    return None


def _set_card_shown(b: GameBuilder, play: Play, cid: str) -> ReadAs | None:
    """All three plays read as no step, when a Set card turned face-up by its player goes
    to the hand with no play naming it between (no declaration, no resolution), and a card
    of its name is then Set from the hand in the zone it left: a Set card shown (a player
    laying out their cards after "gg", or letting the opponent read one) and put back. Its
    player's other plays between only show cards too."""
    spot = b.board.where.get(cid)
    if spot is None or not is_zone(spot.spot):
        return None
    user, name = play.get("username"), b.board.name(cid)
    returned: int | None = None
    for index, later in b.upcoming(SHOWN_WITHIN):
        kind = later.get("play")
        if kind in ("End turn", "Start turn"):
            return None
        step = b.step_at(index)
        mine = later.get("username") == user
        if returned is None and step is not None and (step.card == cid or
                                                      step.move_of(cid) is not None):
            back = step.move_of(cid)
            if not mine or kind != "To hand" or back is None or back.after is None or \
                    back.after.spot != "hand":
                return None
            returned = index
            continue
        again = step.move_of(step.card) if step is not None and step.card else None
        if returned is not None and mine and kind == "Set ST" and again is not None and \
                again.before is not None and again.before.spot == "hand" and \
                again.after == Spot(spot.side, spot.spot, None, False) and \
                b.board.name(again.card) == name:
            return ReadAs("shown.set-card-via-hand",
                          f"{b.label(cid)} turned face-up, taken to the hand with nothing done "
                          f"with it and Set again in {spot.spot}: a Set card shown and put "
                          f"back, not an activation", consumes=(returned, index))
        if mine and kind not in _SHOWING:
            return None  # the player went on playing: it was played
    return None


#: A log line taking a card from a zone of the field ("from Field Spell Zone", "from S-3").
_FROM_FIELD: Final = re.compile(r"\bfrom (?:[MS]-\d|Field Spell Zone|(?:Left|Right) "
                                r"(?:Extra Monster|Pendulum) Zone)\b")


def _put_straight_back(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs | None:
    """Both plays read as no step, when a player returns a face-up card of theirs
    from the field to the hand and activates it again as their next play (the opponent
    says the effect cannot return it: "not cross"): the return undone, the card stays."""
    last = b.actions[-1] if b.actions else {}
    if last.get("type") != "move" or last.get("card") != cid or last.get("to") != "hand" or \
            last.get("player") != player or not _FROM_FIELD.search(last["log"].get("text", "")):
        return None
    return ReadAs("slip.returned-and-back",
                  f"{b.label(cid)} returned to the hand from the field and put straight back: "
                  f"a slip undone, the card stayed where it was", drops=(last,))


def _declared_next(b: GameBuilder, play: Play, cid: str) -> bool:
    """True when the same player's next play declares the card's effect (it is read there)."""
    for index, later in b.upcoming(DECLARED_NEXT):
        if later.get("username") != play.get("username"):
            continue
        step = b.step_at(index)
        return later.get("play") == "Declare" and step is not None and step.card == cid
    return False


def _placed_face_up(b: GameBuilder, play: Play, player: Player, cid: str, sign: str,
                    note: Reading) -> ReadAs:
    """A card put in a Spell & Trap Zone by a rule ``classic`` does not model (``sign``):
    followed as a card placed face-up there, a ``move``."""
    return ReadAs(actions=(Emit("move", player, {"card": cid, "to": "spell_trap"}, note=note),),
                  changes=Changes(signs=((sign, where_said(play)),)))


def _trap_from_hand(b: GameBuilder, play: Play, player: Player, cid: str, how: str) -> ReadAs:
    return seq(_placed_face_up(b, play, player, cid, "Traps activated from the hand",
                               read("card.trap-from-hand-classic",
                                    f"{how}: rules classic does not model a Trap activated "
                                    f"from the hand, followed as a card placed face-up")),
               ReadAs(uses=((player, cid),))) or ReadAs()


def _quick_play_allowance(b: GameBuilder, player: Player, cid: str) -> str | None:
    """The face-up card ``player`` controls whose text lets them activate the Quick-Play Spell
    ``cid`` from the hand during the opponent's turn (Runick Fountain: 'You can activate
    "Runick" Quick-Play Spell Cards from your hand during your opponent's turn'), named for
    the note, or None. An archetype's permission covers the cards whose names hold it; the
    granting card's own conditions (a material to detach, once per Duel) are not checked.
    Only read for such an activation, which is rare: the texts are not looked at otherwise.
    """
    name = b.board.name(cid) or ""
    for (side, _), holder in b.board.zones.items():
        if side != player or holder == cid or not b.board.where[holder].face_up:
            continue
        archetype = quick_play_grant(b.knowledge.text(b.board.name(holder)))
        if archetype is not None and archetype in name:
            return f"{b.label(holder)} (face-up on the field)"
    return None


def _field_spell_placer(b: GameBuilder, player: Player, cid: str) -> str | None:
    """The card of ``player``'s whose effect, declared in the last few plays, places the Field
    Spell ``cid`` face-up on their field (Yummy★Snatchy: 'place 1 "Yummy" Field Spell from
    your hand or Deck, face-up on your field'), or None. Read from the card's text (the card
    database has no such fact), only for a Field Spell outside its player's Main Phase."""
    return _declared_for(b, player, cid, PLACED_BY_EFFECT_WITHIN, field_spell_placement)


def _declared_at(b: GameBuilder, index: int) -> bool:
    """True when the play at ``index`` declares an effect or activates a card (the builder
    also remembers summons, whose triggers the log may never declare)."""
    raw = b.plays[index].get("play")
    names = b.names
    return type(raw) is str and (names.current.get(raw) or names.canonical(raw)) in (
        "Activate ST", "Declare")


def activate(b: GameBuilder, play: Play, player: Player) -> None:
    step, cid, move = b.card_step, b.cid, b.moved()
    known = b.card(cid)
    in_hand = move is not None and move.before is not None and move.before.spot == "hand"
    if move is None and not step.turned:  # a face-up card used again: its effect
        declare(b, play, player)
        return
    if move is None and b.read_as(play, _set_card_shown(b, play, cid)):
        return
    if known.kind == "monster" and in_hand:
        to_pendulum = move is not None and move.after is not None and \
            move.after.spot.startswith("PZ")
        if known.facts.pendulum_activation or to_pendulum:
            b.read_as(play, _placed_face_up(b, play, player, cid, "Pendulum Zones",
                                            read("pendulum.zone-classic",
                                                 "a Pendulum Monster placed in a Pendulum "
                                                 "Zone: rules classic does not model, followed "
                                                 "as a card placed face-up")))
        else:  # a monster's effect activated in the hand, placed in a zone as a marker
            b.read_as(play, ReadAs(changes=Changes(staged=((cid, move.before if move else None),))))
            if not _declared_next(b, play, cid):
                _declare_effect(b, play, player, cid, "hand")
        return
    if in_hand and b.read_as(play, _returned_next(b, play, cid) or
                             _put_straight_back(b, play, player, cid) or
                             for_an_opponents_effect(b, play, player, cid, known,
                                                     "activation")):
        return
    if in_hand and known.subtype == "field" and (
            player != b.turn.player or b.turn.phase not in ("main1", "main2")):
        placer = _field_spell_placer(b, player, cid)
        if placer is not None:
            b.read_as(play, seq(phases.settling(b, play, cid), emitting(Emit(
                "move", player, {"card": cid, "to": "spell_trap"},
                note=read("spell.field-placed-by-effect",
                          f"placed face-up by {b.label(placer)}'s effect, used just before (not "
                          f"an activation: a placement happens in either player's turn): "
                          f"followed as a card placed face-up")))))
            return
    if known.kind == "spell" and known.subtype != "quick_play":
        phases.ensure_phase(b, play, player, ("main1", "main2"))
    b.read_as(play, seq(phases.settling(b, play, cid), _activated(b, play, player, cid, in_hand)))


def _activated(b: GameBuilder, play: Play, player: Player, cid: str,
               in_hand: bool) -> ReadAs:
    """A card activated: a Trap from the hand or a Quick-Play Spell in the opponent's turn
    as a card allows (followed as placed face-up), else its activation (an Equip Spell's
    target read from the log)."""
    known = b.card(cid)
    if in_hand and known.kind == "trap" and known.facts.trap_from_hand:
        return _trap_from_hand(b, play, player, cid, "an activation from the hand, as the card "
                                                     "allows")
    if in_hand and known.subtype == "quick_play" and player != b.turn.player:
        allowed_by = _quick_play_allowance(b, player, cid)
        if allowed_by is not None:
            return seq(_placed_face_up(
                b, play, player, cid, "Quick-Play Spells activated from the hand in the "
                                      "opponent's turn, as a card allows",
                read("spell-trap.quick-play-hand-by-card",
                     f"activated from the hand in the opponent's turn, as {allowed_by} "
                     f"allows: the contract has no such activation, so it is followed as a "
                     f"card placed face-up")), ReadAs(uses=((player, cid),))) or ReadAs()
    fields: dict[str, Any] = {"card": cid}
    note = None
    if known.subtype == "equip":
        fields["target"], note = _equip_target(b, play, player)
    return ReadAs(uses=((player, cid),),
                  actions=(Emit("activate", player, fields, note=note),),
                  changes=_not_declaring(b, player))


def _not_declaring(b: GameBuilder, player: Player) -> Changes | None:
    """An activation: the monster whose effect the player declared last is no longer the
    last thing they used (None when there is none to forget)."""
    return Changes(last_declared=(player, None)) if player in b.attacks.last_declared else None


def _activate_in_one_click(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs:
    """A Spell the log shows going from the hand to the Graveyard, read as activated."""
    return seq(phases.implied(b, play, player, ("main1", "main2"))
               if b.card(cid).subtype != "quick_play" else None,
               phases.settling(b, play, cid),
               ReadAs(uses=((player, cid),),
                      actions=(Emit("activate", player, {"card": cid}),),
                      changes=_not_declaring(b, player))) or ReadAs()


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
        # "Pointed at" names the zone as its controller numbers it (goat-1119697 game 2):
        # the card of that name in it, either side
        side, spot = b.board.zone(player, zone)
        for each in (side, other(side)):
            cid = b.board.at(each, spot)
            if cid is not None and b.board.name(cid) == name:
                return cid
        return None
    return None


def _equip_target(b: GameBuilder, play: Play, player: Player) -> tuple[str | None, Reading]:
    """The monster its player points at, else the one a following Special Summon revives,
    else the likeliest face-up one."""
    pointed = _pointed_at(b, play, player)
    if pointed is not None:
        return pointed, read("equip.pointed", "Equip target: the monster its player pointed at")
    for index, later in b.upcoming(EQUIP_REVIVE_WITHIN):
        if later.get("username") != play.get("username"):
            continue
        if str(later.get("play", "")).startswith(("SS ATK", "SS DEF")):
            step = b.step_at(index)
            move = step.move_of(step.card) if step is not None and step.card else None
            if move is not None and move.before is not None and \
                    move.before.spot in ("graveyard", "banished"):
                return move.card, read("equip.revived", "Equip target: the monster the next "
                                                        "Special Summon revives")
        if later.get("play") in ("Normal Summon", "Activate ST", "End turn", "Enter BP"):
            break
    for side in (player, other(player)):
        for cid in reversed(b.board.monsters(side)):
            if b.board.position(cid) != "facedown_defense":
                return cid, read("equip.assumed", "Equip target not in the log: the likeliest "
                                                  "face-up monster assumed")
    return None, read("equip.none", "Equip target not in the log, and no face-up monster to "
                                    "equip")


def _place_of(b: GameBuilder, cid: str) -> str:
    """Where a card stands, as the contract's effects name places."""
    spot = b.board.where.get(cid)
    if spot is None:
        return "hand"
    if is_zone(spot.spot):
        return "field"
    return {"graveyard": "graveyard", "banished": "banished"}.get(spot.spot, spot.spot)


def declare(b: GameBuilder, play: Play, player: Player) -> None:
    cid = b.cid
    last = b.actions[-1] if b.actions else {}
    if last.get("type") in ("activate", "normal_summon", "flip_summon", "special_summon") and \
            last.get("card") == cid:
        trigger = None if last.get("type") == "activate" else \
            effects.in_extra_monster_zone(b, play, cid) or \
            effects.summon_trigger(b, cid, last) or effects.detaching(b, play, cid)
        if trigger is None and _gemini_summoned(last):
            # a Gemini Summon gives the monster its effects: the effect declared right
            # after it is one of them used (Blazewing Butterfly Tributing itself), not the
            # Summon's announcement (a Gemini Summon triggers nothing of its own)
            _declare_effect(b, play, player, cid, "field")
            return
        if trigger is None:  # it only announces the effect of the card just activated or
            b.read_as(play, ReadAs(uses=((player, cid),)))  # summoned
            return
        b.read_as(play, _effect_declared(b, play, player, cid, trigger))
        return
    spot = b.board.where.get(cid)
    if cid in b.materials.staged and spot is not None and spot.spot.startswith("S-"):
        # the hand effect of a monster placed in a zone as its marker (or the GY effect of one
        # the zone stands in the GY for); one since summoned from the hand is on the field
        came = b.materials.staged[cid]
        place = "graveyard" if came is not None and came.spot == "graveyard" else "hand"
        if not b.read_as(play, effects.staged_spent(b, player, cid, place)):
            _declare_effect(b, play, player, cid, place)
        return
    _declare_effect(b, play, player, cid, _place_of(b, cid))


def _gemini_summoned(last: Action) -> bool:
    """True when ``last`` is a Gemini Summon where the monster stands (read so: its note's
    ``summon.gemini``).

    >>> _gemini_summoned({"type": "normal_summon", "log": {"readings": ["summon.gemini"]}})
    True
    >>> _gemini_summoned({"type": "normal_summon", "log": {}})
    False
    """
    return last.get("type") == "normal_summon" and \
        "summon.gemini" in (last.get("log") or {}).get("readings", ())


def _declare_effect(b: GameBuilder, play: Play, player: Player, cid: str, place: str) -> None:
    """An effect declared where the card stands, judged by the kinds of the card's effects
    usable there (a trigger in the Graveyard in the End Phase, a quick effect in the hand in
    the opponent's turn). A card with no activated effect usable there announces something
    else (a continuous effect, a cost, an effect resolving): no action."""
    known = b.card(cid)
    kinds = known.effect_kinds(place)
    if place == "field" and kinds <= {"ignition"}:  # or one its Xyz Materials give it
        kinds |= gained_kinds(b, cid)
    if known.definition is not None and not kinds:
        b.read_as(play, ReadAs("effect.none-usable-here",
                               f"{b.label(cid)} has no activated effect usable {_words(place)} "
                               f"(the card database): the declaration announces another "
                               f"effect, no action", uses=((player, cid),)))
        return
    # the three readings of a card declared again each need an activation of it this turn:
    # one look says whether there is any (most declarations are a card's first in its turn)
    again = effects.activated_this_turn(b, cid)
    if again and b.read_as(play, effects.points_at_moved(b, play, player, cid, place)):
        return
    if b.read_as(play, effects.withdrawn(b, play)):
        return
    if again:
        b.read_as(play, effects.use_undone(b, player, cid, place))  # (then read as any other)
    which = effects.in_extra_monster_zone(b, play, cid) if place == "field" else None
    if again and b.read_as(play, effects.declared_again(b, player, cid, place,
                                                        which[0] if which is not None
                                                        else None)):
        return
    if kinds == {"ignition"} and player == b.turn.player:
        phases.ensure_phase(b, play, player, ("main1", "main2"))
    b.read_as(play, _effect_declared(b, play, player, cid, which))


def _effect_declared(b: GameBuilder, play: Play, player: Player, cid: str,
                     which: tuple[int | None, Reading] | None = None) -> ReadAs:
    """The activation of a declared effect (its timing unchecked when the card's text does
    not say it); ``which``: the effect it used and the reading that says so
    (:mod:`~validator.importers.duelingbook.readings.effects`), written as its ``effect``."""
    known = b.card(cid)
    note = which[1] if which is not None else None
    fields: dict[str, Any] = {"card": cid} if which is None or which[0] is None else \
        {"card": cid, "effect": which[0]}
    if not known.known and not known.told:
        note = read("effect.timing-unknown",
                    "the card's text does not say when its effect may be used: timing not checked")
    elif not known.known:
        note = read("card.from-replay-text",
                    f"{b.label(cid)} is not in the card database: its effect is judged by the " \
                    f"replay's own card text")
    return seq(ReadAs(changes=Changes(last_declared=(player, cid)))
               if known.kind == "monster" else None, phases.settling(b, play, cid),
               ReadAs(uses=((player, cid),), actions=(Emit(
                   "activate", player, fields, note=note,
                   untimed=not known.known and not known.told),))) or ReadAs()


def _words(place: str) -> str:
    return {"field": "on the field", "hand": "in the hand", "graveyard": "in the Graveyard",
            "banished": "while banished"}.get(place, f"in the {place}")


def send(b: GameBuilder, play: Play, player: Player, *, to: str,
         claimable: bool = False) -> None:
    """To the Graveyard, banishment, the hand, the deck or the Extra Deck (``claimable``: a
    monster sent off the field there may be a Tribute or material, as one sent to the GY)."""
    cid, move = b.cid, b.moved()
    if move is None:
        return  # already there (a card added to the hand it is in)
    before = move.before
    if to == "graveyard" and b.read_as(play, _overlay_undone(b, play, cid)):
        return
    if to == "graveyard":
        b.read_as(play, _set_card_activated(b, play, player, cid, before))
    if before is not None and before.spot == "hand" and to == "graveyard":
        _discard(b, play, player, cid)
        return
    if b.restores(move):
        b.read_as(play, ReadAs("rewind.put-back",
                               f"{b.label(cid)} put back where it stood "
                                                  f"before the rewind: no action",
                               changes=Changes(restores=(cid,))))
        return
    if to in ("hand", "deck"):
        taken = _activation_taken_back(b, play, player, cid, before)
        if taken is not None:  # to the Deck, it goes on from the hand, where the activation
            moved = emitting(Emit("move", player, {"card": cid, "to": to}))  # taken back left it
            b.read_as(play, taken if to == "hand" else seq(taken, moved))
            return
        undone = _activation_undone(b, player, cid, before)
        if undone is not None:
            b.read_as(play, seq(undone, emitting(Emit("move", player, {"card": cid, "to": to}))))
            return
    b.read_as(play, (_summon_put_back(b, play, player, cid, before) or
                     _set_back_at_once(b, play, cid, before) or
                     _sets_back_together(b, play, cid, before) or
                     corrections.summon_taken_back(b, play, player, cid, before)
                     if to == "hand" else None) or
              seq(negation.negated(b, cid, before) if to == "graveyard" else None,
                  _sent(b, play, player, cid, to, before, claimable)))


def _sent(b: GameBuilder, play: Play, player: Player, cid: str, to: str,
          before: Spot | None, claimable: bool) -> ReadAs | None:
    """The card moved to ``to``: a monster sent off the field to the Graveyard or banished
    may be a Tribute or material of the summon that follows (or brought straight back: a
    slip)."""
    place = before.spot if before else ""
    sent = Sent(cid, before.side if before else player, before, play.get("username")) \
        if to in ("graveyard", "banished") and is_monster_zone(place) else \
        Sent(cid, before.side) if claimable and before is not None and \
        is_monster_zone(place) else None
    return seq(phases.settling(b, play, cid), emitting(Emit(
        "move", player, {"card": cid, "to": to}, sent=sent)))


def _activation_taken_back(b: GameBuilder, play: Play, player: Player, cid: str,
                           before: Any) -> ReadAs | None:
    """A Spell or Trap card with a limit of its own (contract §8: "You can only activate 1 X
    per turn", a lock "the turn you activate this card") activated by the turn player and
    returned by them from its zone to the hand or the Deck with no other action between: the
    activation taken back (the card put back is the evidence), neither is a step, so it
    counts toward none of its limits. Any other such return is read as it is (a card moved
    for the opponent's effect, a slip of another kind)."""
    if before is None or not is_zone(before.spot) or is_monster_zone(before.spot) or \
            not b.actions:
        return None
    last = b.actions[-1]
    if last.get("type") != "activate" or last.get("card") != cid or \
            last.get("player") != player or player != b.turn.player or last.get("respond"):
        return None
    entry = b.card(cid).definition or {}
    if entry.get("kind") == "monster" or not (entry.get("activations_per_turn") or
                                              entry.get("activation_once") or
                                              entry.get("locks")):
        return None  # only a card with a limit of its own: any other activation stays judged
    return ReadAs("slip.activation-taken-back",
                  f"{b.label(cid)} activated, then returned by its player from {before.spot} "
                  f"with nothing between: the activation taken back, neither is a step",
                  drops=(last,))


def _activation_undone(b: GameBuilder, player: Player, cid: str,
                       before: Any) -> ReadAs | None:
    """A Spell or Trap card with "You can only activate 1 X per turn" (contract §8),
    activated from the hand this turn and still in its zone, later returned by its player
    from there to the hand or the Deck: the activation undone, the card put back (a
    misclick, a play rolled back after a dispute), so it counts toward none of its limits
    and is no step. Read only where no activation responded to it (the chain it began would
    otherwise lose its first link), and where the player activated nothing else since (an
    effect that returns it: Mitsurugi no Mikoto, Kusanagi's). A card returned from the
    Graveyard or banishment is read as it is: many return by their own effect (Mitsurugi
    Prayers, the Dracotail Spells), except one its player banished from its zone by the
    play before (the card put back in two clicks)."""
    if before is None or not b.actions:
        return None
    last = b.actions[-1]
    banished_first = before.spot == "banished" and last.get("type") == "move" and \
        last.get("card") == cid and last.get("to") == "banished" and \
        last.get("player") == player  # put back in two clicks: banished, then to the hand
    if not banished_first and (not is_zone(before.spot) or is_monster_zone(before.spot)):
        return None
    known = b.card(cid)
    if (known.definition or {}).get("kind") == "monster" or \
            not (known.facts.activations_per_turn or known.facts.activation_once):
        return None  # the card database's limit (carried or not: the document is the log's)
    for n in range(len(b.actions) - 1, -1, -1):
        earlier = b.actions[n]
        if earlier.get("type") == "end_turn":
            return None
        if earlier.get("type") == "activate" and earlier.get("card") == cid:
            break
    else:
        return None
    since = b.actions[n + 1:]
    if earlier.get("player") != player or "zone" not in earlier or any(
            later.get("respond") for later in since):
        return None  # a chain on it
    if [later for later in since if later.get("card") == cid] != \
            ([last] if banished_first else []):
        return None  # it left its zone since (resolved to the GY, moved by an effect)
    for _, who, used in reversed(b.turn.recent):
        if (who, used) == (player, cid):
            break
        if who == player:
            return None  # an effect of the player's since, which may have returned it
    else:
        return None
    return ReadAs("slip.activation-undone",
                  f"{b.label(cid)} activated from the hand this turn, then put back by its "
                  f"player from {before.spot}: the activation undone, it counts toward "
                  f"none of the card's limits", drops=(earlier,))


def _set_back_at_once(b: GameBuilder, play: Play, cid: str, before: Any) -> ReadAs | None:
    """A Set Spell or Trap its player returns to the hand in the opponent's turn and, as
    their very next play, Sets again in the same zone, nothing between (a misclick carrying
    out the opponent's effect; a Set then would break the rules): a slip undone, neither play
    is a step, and the card stays Set as it was. In their own turn such a return may be an
    effect of theirs (Brionac) and the Set a Set: both are read as they are."""
    if before is None or before.face_up or not is_zone(before.spot) or \
            is_monster_zone(before.spot) or before.side == b.turn.player:
        return None
    found = b.next_own(play, cid, ("Set ST",))
    back = found[2].move_of(cid) if found is not None else None
    if found is None or back is None or back.after is None or back.after.face_up or \
            (back.after.side, back.after.spot) != (before.side, before.spot):
        return None
    return ReadAs("slip.returned-and-back",
                  f"{b.label(cid)} returned from {before.spot} to the hand and Set there again "
                  f"by its player's very next play: a slip undone, neither is a step",
                  consumes=(found[0],))


#: What the opponent may do while a player puts their Set cards back: put back cards of their
#: own (the rollback both players make), nothing that uses a card.
_PUTTING_BACK: Final = frozenset({"To hand", "To T Deck", "To B Deck", "To deck", "To GY",
                                  "SS ATK", "SS DEF", "Move"})


def _sets_back_together(b: GameBuilder, play: Play, cid: str, before: Any) -> ReadAs | None:
    """Set Spells and Traps a player returns to the hand in the opponent's turn, one after the
    other, and Sets again, each the same card back in the zone it left, face-down, as their
    next plays (nothing else of theirs between; the opponent only putting back cards of their
    own meanwhile): the Set cards put back where they were, a rollback of the board, neither
    play is a step and the cards stay Set as they were. (One card Set back as the very next
    play is :func:`_set_back_at_once`.)"""
    if before is None or before.face_up or not is_zone(before.spot) or \
            is_monster_zone(before.spot) or before.side == b.turn.player:
        return None
    user = play.get("username")
    left = {cid: (before.side, before.spot)}
    played: list[int] = []
    for index, later in b.upcoming(SETS_PUT_BACK_WITHIN):
        kind = later.get("play")
        if later.get("username") != user:
            if kind not in _PUTTING_BACK:
                return None  # the opponent used a card meanwhile: the Sets may be new
            continue
        step = b.step_at(index)
        moved = step.move_of(step.card) if step is not None and step.card else None
        if moved is None or moved.before is None or moved.after is None:
            return None
        if kind == "To hand" and not played and moved.after.spot == "hand" and \
                not moved.before.face_up and is_zone(moved.before.spot) and \
                not is_monster_zone(moved.before.spot) and moved.before.side == before.side:
            left[moved.card] = (moved.before.side, moved.before.spot)  # another Set card
            played.append(index)
            continue
        if kind != "Set ST" or moved.before.spot != "hand" or moved.after.face_up or \
                left.get(moved.card) != (moved.after.side, moved.after.spot):
            return None
        del left[moved.card]
        played.append(index)
        if not left:
            break
    if left or len(played) < 3:  # (two cards at least: one is _set_back_at_once's)
        return None
    return ReadAs("slip.sets-returned-and-back",
                  f"{b.label(cid)} and the other Set card(s) its player returned to the hand "
                  f"with it, in the opponent's turn, Set again by their next plays, each in "
                  f"the zone it left: the Set cards put back where they were, no step",
                  consumes=tuple(played))


def _summon_put_back(b: GameBuilder, play: Play, player: Player, cid: str,
                     before: Any) -> ReadAs | None:
    """A Normal Summon or Set of this turn put back into the hand by its player before the
    monster did anything (a slip fixed before the turn ended): both are undone. Not a
    monster with an ignition or quick effect on the field, which may be what returns it."""
    action = b.turn.placed_at.get(cid)
    if action is None or before is None or not is_monster_zone(before.spot):
        return None
    since = b.log.since(action)
    if not since:
        return None
    later_actions = since[1:]
    if action.get("card") != cid or action.get("player") != player or action.get("tributes"):
        return None
    if b.turn.placed_used.get(cid) or _searched_since(b, action, play):
        return None  # its effect was used: the return is an effect's, or a cost
    if b.card(cid).effect_kinds("field") & {"ignition", "quick"}:
        return None  # an effect of its own it can use on the field may return it (Swap Frog)
    for later in later_actions:
        if cid in (later.get("card"), later.get("target")) or cid in later.get("tributes", ()):
            return None  # the monster was used: the return is an effect's
    return ReadAs("slip.summon-taken-back",
                  f"{b.label(cid)} Normal Summoned or Set this turn, then put back into the "
                  f"hand by its player before it did anything: a slip fixed, neither is a step",
                  drops=(action,))


def _searched_since(b: GameBuilder, summon: dict[str, Any], play: Play) -> bool:
    """True when the player took a card out of their Deck between a summon and this play (a
    summoned monster's effect resolving: Swap Frog's "send 1 Frog from your Deck"). A card
    the player had put into the Deck since, taken back out (the same card object: a card
    misplaced and put back, as the rest of the slip is undone), is no search."""
    start = next((i for i in range(b.cursor - 1, -1, -1)
                  if texts_time(b.plays[i]) == summon["log"]["time"] and
                  b.plays[i].get("username") == play.get("username")), None)
    if start is None:
        return False
    put_in: set[str] = set()
    for index in range(start + 1, b.cursor):
        step = b.step_at(index)
        if step is None or b.plays[index].get("username") != play.get("username"):
            continue
        taken = [m.card for m in step.moves if m.before is not None and m.before.spot == "deck"]
        if any(card not in put_in for card in taken) or \
                (not taken and logtext.source_pile(texts(b.plays[index])[1]) == "deck"):
            return True
        put_in.update(m.card for m in step.moves if m.after is not None and
                      m.after.spot == "deck")
    return False


def texts_time(play: Any) -> str | None:
    """A play's time as the log writes it (None for what is not a play)."""
    return stamp(play.get("seconds")) if isinstance(play, dict) else None


def _set_card_activated(b: GameBuilder, play: Play, player: Player, cid: str,
                        spot: Any) -> ReadAs | None:
    """A Set Trap (or Quick-Play Spell) sent from its zone by its controller, with no
    "Activated" line: read as activated when it was Set before this turn (Trap Dustshoot,
    Solemn Judgment); one Set this turn cannot have been, so it is only sent (noted)."""
    if spot is None or spot.face_up or spot.side != player or is_monster_zone(spot.spot) or \
            not is_zone(spot.spot):
        return None
    known = b.card(cid)
    if not (known.kind == "trap" or known.subtype == "quick_play"):
        return None
    if any(who != player for index, who, _ in b.turn.recent
           if b.cursor - index <= OPPONENT_JUST_USED):
        return None  # a card the opponent just used destroys it: only sent
    if cid in b.turn.set_cards:
        return ReadAs("spell-trap.sent-set-this-turn",
                      f"{b.label(cid)} sent to the Graveyard without an activation line: it "
                      f"was Set this turn, so it is read as only sent")
    return seq(phases.settling(b, play, cid), ReadAs(uses=((player, cid),), actions=(Emit(
        "activate", player, {"card": cid},
        note=read("spell-trap.sent-read-as-activated",
                  "no \"Activated\" line: a Set card its controller sent straight to the "
                  "Graveyard is read as activated")),)))


#: Spells whose activation a log may write as the card sent from the hand to the Graveyard.
ONE_SHOT_SPELLS: Final = frozenset({"normal", "quick_play", "ritual"})


def _discard(b: GameBuilder, play: Play, player: Player, cid: str) -> None:
    """From the hand to the Graveyard: the End Phase hand-limit discard when the turn player
    holds 7 or more and ends the turn next, otherwise a discard by an effect."""
    hand = b.board.hand_size(player) + 1  # the hand before this card left it
    ending = b.turn.phase == "end"
    if player == b.turn.player and hand >= 7 and not ending:
        for _, later in b.upcoming(SAME_PLAYER_NEXT):
            kind = later.get("play")
            if later.get("username") != play.get("username"):
                continue
            if kind in ("End turn", "Enter EP"):
                ending = True
            if kind not in ("To GY", "Discard") or ending:
                break
    limit = player == b.turn.player and hand >= 7 and ending
    if limit:
        phases.ensure_phase(b, play, player, ("end",))
        b.read_as(play, seq(phases.settling(b, play, cid),
                            emitting(Emit("discard", player, {"card": cid}))))
        return
    b.read_as(play, _discarded(b, play, player, cid))


def _ritual_next(b: GameBuilder, play: Play) -> bool:
    """True when the player's next play but other cards sent from the hand to the GY (the
    other Tributes) Special Summons a Ritual Monster."""
    for index, later in b.upcoming(SAME_PLAYER_NEXT):
        if later.get("username") != play.get("username"):
            continue
        kind = later.get("play")
        if kind in ("To GY", "Discard", "Shuffle hand"):
            continue
        step = b.step_at(index)
        return kind in ("SS ATK", "SS DEF") and step is not None and \
            "Ritual" in b.card(step.card).types
    return False


def _discarded(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs:
    """A card sent from the hand to the Graveyard that is no hand-limit discard: a discard
    a card explains, a Spell activated and resolved in one click, or a discard by the
    rules (judged so)."""
    cause = explaining(b, "discards", player, itself=cid)
    known = b.card(cid)
    if cause is None and known.kind == "spell" and known.subtype in ONE_SHOT_SPELLS:
        return seq(ReadAs("spell.resolved-in-one-click",
                          f"{b.label(cid)} sent from the hand to the Graveyard, and no card "
                          f"that makes a player discard explains it: the Spell activated and "
                          f"resolved in one click"),
                   _activate_in_one_click(b, play, player, cid)) or ReadAs()
    if cause is None and known.kind == "monster" and _ritual_next(b, play):
        return seq(phases.settling(b, play, cid), emitting(Emit(
            "discard", player, {"card": cid, "by_effect": True},
            note=read("summon.ritual-tribute-from-hand",
                      f"{b.label(cid)} sent from the hand to the GY right before its player "
                      f"Special Summons a Ritual Monster: its Tribute for that Ritual Summon, "
                      f"as the Ritual Spell's or effect's text allows")))) or ReadAs()
    if cause is None:
        emit = Emit("discard", player, {"card": cid},
                    note=read("hand.discard-by-rules",
                              "no card that makes a player discard was used around this play, "
                              "nor stands face-up on the field (the card database), and the "
                              "card has no effect of its own in the hand: a discard by the "
                              "rules, judged so"))
    else:
        emit = Emit("discard", player, {"card": cid, "by_effect": True})
    return seq(phases.settling(b, play, cid), emitting(emit)) or ReadAs()


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
        sender = _sent_from_deck_by(b, player, cid)
        if sender is not None and _declared_after_shuffle(b, play, cid) and \
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


def _overlay_undone(b: GameBuilder, play: Play, cid: str) -> ReadAs | None:
    """All three plays read as no step, with the overlay before them, when a monster laid
    onto another ("Overlayed A onto B", no Xyz Summon yet, nothing moved since) is sent to the
    GY with the pile (the monster under it comes up in the zone, as Duelingbook shows it), and
    its player's next two card plays Special Summon both back, each to the zone it stood in
    before the overlay: a premature overlay undone (the opponent still reading)."""
    step = b.card_step
    sent = step.move_of(cid)
    under = next((m for m in step.moves if m.card != cid and m.before is not None and
                  m.before.spot == "material"), None)
    if sent is None or sent.before is None or under is None or under.after is None or \
            not is_monster_zone(sent.before.spot) or under.after.spot != sent.before.spot:
        return None
    before: str | None = None
    for index in range(b.cursor - 1, max(b.cursor - 1 - OVERLAY_UNDONE_WITHIN, -1), -1):
        earlier = b.step_at(index)
        if earlier is None or not earlier.moves:
            continue
        laid = earlier.move_of(cid) if b.plays[index].get("play") == "Overlay" else None
        if laid is None or laid.before is None or earlier.move_of(under.card) is None or \
                b.plays[index].get("username") != play.get("username"):
            return None  # something moved since, or no overlay of these two
        before = laid.before.spot
        break
    if before is None:
        return None
    wanted = {under.card: under.after.spot, cid: before}
    found: list[int] = []
    for index, later in b.upcoming(OVERLAY_UNDONE_WITHIN):
        nxt = b.step_at(index)
        if nxt is None or nxt.card is None:
            continue
        back = nxt.move_of(nxt.card)
        where = back.after.spot if back is not None and back.after is not None else \
            wanted.get(nxt.card) if back is None and nxt.card == under.card else None
        if later.get("username") != play.get("username") or \
                later.get("play") not in ("SS ATK", "SS DEF") or wanted.get(nxt.card) != where:
            return None
        del wanted[nxt.card]
        found.append(index)
        if not wanted:
            return ReadAs("slip.overlay-undone",
                          f"{b.label(cid)} laid onto {b.label(under.card)} with no Xyz Summon, "
                          f"the pile sent to the GY and both Special Summoned straight back to "
                          f"their zones ({before}, {under.after.spot}): the overlay undone, "
                          f"neither is a step", consumes=tuple(found))
    return None


def _sent_from_deck_by(b: GameBuilder, player: Player, cid: str) -> str | None:
    """The card of ``player``'s, used in the last few plays, whose effect sends a card of
    ``cid``'s archetype from the Deck to the GY (K9-17 Izuna: 'send 1 "K9" card from your Deck
    to the GY'), or None."""
    return _declared_for(b, player, cid, SENT_FROM_DECK_WITHIN, deck_to_graveyard)


def _declared_for(b: GameBuilder, player: Player, cid: str, within: int,
                  archetype_of: Callable[[str], str | None]) -> str | None:
    """The latest card of ``player``'s whose effect was declared within ``within`` plays and
    whose text (``archetype_of``) names an archetype in ``cid``'s name, or None."""
    name = b.board.name(cid) or ""
    for at, who, used in reversed(b.turn.recent):
        if b.cursor - at > within:
            break
        if who != player or used == cid or not _declared_at(b, at):
            continue
        archetype = archetype_of(b.knowledge.text(b.board.name(used)))
        if archetype is not None and archetype in name:
            return used
    return None


def _declared_after_shuffle(b: GameBuilder, play: Play, cid: str) -> bool:
    """True when the same player's next play, past the Deck's shuffle, declares the card's
    effect."""
    for index, later in b.upcoming(DECLARED_NEXT):
        if later.get("username") != play.get("username") or \
                later.get("play") in ("Shuffle deck", "Stop viewing"):
            continue
        step = b.step_at(index)
        return later.get("play") == "Declare" and step is not None and step.card == cid
    return False


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

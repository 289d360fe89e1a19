"""Spells, Traps and effects activated in a Duelingbook log, read through the card database:
an activation (a card placed face-up and activated, one shown and put back, a Trap from the
hand, a Quick-Play Spell a card allows, an Equip Spell with its target), and an effect
activated where the card stands (read as a declaration: :mod:`.declared`); and what the
other readings ask of activations (:func:`trap_activated_from_hand`,
:func:`last_declared_forgotten`). Sets are in :mod:`.sets`, sends and discards in
:mod:`.sends` and :mod:`.discards`, placements and moves between zones in :mod:`.moving`."""

from __future__ import annotations

import re
from typing import Any, Final

from validator.document.model import Player, other
from validator.importers.duelingbook import logtext
from validator.importers.duelingbook.board.tracker import Spot, is_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cardtext import (
    field_spell_placement,
    quick_play_grant,
)
from validator.importers.duelingbook.game import Play, texts, where_said
from validator.importers.duelingbook.readings import phases
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.declared import (
    declare,
    declare_effect,
    declared_for_archetype,
    declared_next,
)
from validator.importers.duelingbook.readings.result import (
    Changes,
    Emit,
    ReadAs,
    emitting,
    seq,
)
from validator.importers.duelingbook.readings.summoners import moved_for_opponents_effect
from validator.importers.duelingbook.readings.windows import (
    EQUIP_REVIVE_WITHIN,
    PLACED_BY_EFFECT_WITHIN,
    SHOWN_WITHIN,
)

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


def _placed_face_up(b: GameBuilder, play: Play, player: Player, cid: str, sign: str,
                    note: Reading) -> ReadAs:
    """A card put in a Spell & Trap Zone by a rule ``classic`` does not model (``sign``):
    followed as a card placed face-up there, a ``move``."""
    return ReadAs(actions=(Emit("move", player, {"card": cid, "to": "spell_trap"}, note=note),),
                  changes=Changes(signs=((sign, where_said(play)),)))


def trap_activated_from_hand(b: GameBuilder, play: Play, player: Player, cid: str,
                             how: str) -> ReadAs:
    """A Trap activated from the hand as its text allows (``how``: the click that says so),
    under ``classic``, which has no such exception: followed as a card placed face-up, the
    card used, and the rule listed among those ``classic`` does not model.

    >>> from validator.importers.duelingbook.replay import import_replay
    >>> game = import_replay({"plays": [{"play": "Pick first", "order": ["a", "b"]}, *(
    ...     {"play": k, "username": u, "log": {"public_log": t}} for u, k, t in [
    ...         ("a", "Draw card", 'Drew "Sangan"'), ("b", "Draw card", 'Drew "Evenly Matched"'),
    ...         ("a", "Enter M1", "Entered Main Phase 1"),
    ...         ("a", "Normal Summon", 'Normal Summoned "Sangan" from hand to M-1'),
    ...         ("b", "Activate ST", 'Activated "Evenly Matched" from hand to S-1')])]})[0]
    >>> [(a["type"], a["log"].get("readings")) for a in game.document["actions"][-1:]]
    [('move', ['card.trap-from-hand-classic'])]
    """
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
    return declared_for_archetype(b, player, cid, PLACED_BY_EFFECT_WITHIN, field_spell_placement)


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
            if not declared_next(b, play, cid):
                declare_effect(b, play, player, cid, "hand")
        return
    if in_hand and b.read_as(play, _returned_next(b, play, cid) or
                             _put_straight_back(b, play, player, cid) or
                             moved_for_opponents_effect(b, play, player, cid, known,
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
        return trap_activated_from_hand(b, play, player, cid,
                                        "an activation from the hand, as the card allows")
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
                  changes=last_declared_forgotten(b, player))


def last_declared_forgotten(b: GameBuilder, player: Player) -> Changes | None:
    """What an activation changes: the monster whose effect the player declared last is no
    longer the last thing they used (None when there is none to forget).

    >>> from types import SimpleNamespace as N
    >>> last_declared_forgotten(N(attacks=N(last_declared={"p1": "sangan"})), "p1").last_declared
    ('p1', None)
    >>> last_declared_forgotten(N(attacks=N(last_declared={})), "p1") is None
    True
    """
    return Changes(last_declared=(player, None)) if player in b.attacks.last_declared else None


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

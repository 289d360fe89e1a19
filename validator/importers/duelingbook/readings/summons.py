"""Normal Summons and Sets in a Duelingbook log, read through the card database: Normal
Summons and Sets with their Tributes (:mod:`.tributes`), additional Normal Summons a card
grants or lends, Gemini Summons, a card's own Special Summon clicked as a Normal Summon, a
monster Set by a declared effect, and the clicks a judge lets pass (a Summon taken back, a Set
Flip Summoned at once, the moves made for an opponent's effect: :mod:`.summoners`). Flip
Summons and positions are in :mod:`.positions`, Special Summons, Tokens and Xyz Summons in
:mod:`.specials`."""

from __future__ import annotations

import re
from typing import Any, Final

from validator.cards import database
from validator.document.model import Player, TributeFilter
from validator.importers.duelingbook.board.tracker import is_monster_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cards import CardKnowledge
from validator.importers.duelingbook.game import GAME_BOUNDARIES, Play
from validator.importers.duelingbook.readings import corrections, phases
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.positions import position_by_effect
from validator.importers.duelingbook.readings.result import (
    Changes,
    Emit,
    ReadAs,
    Revise,
    seq,
)
from validator.importers.duelingbook.readings.summoners import (
    moved_for_opponents_effect,
    moved_for_own_resolving_spell,
    set_for_opponents_summon,
    summoned_for_opponents_effect,
)
from validator.importers.duelingbook.readings.tributes import (
    lp_paid_just_before,
    summoned_with_tributes,
    tributes_available,
)
from validator.importers.duelingbook.readings.windows import (
    AT_ONCE_SECONDS,
)


def normal_summon(b: GameBuilder, play: Play, player: Player, *, kind: str = "normal_summon",
                  position: str = "attack") -> None:
    """A "Normal Summon" (or, with ``kind``, "Set monster") click: what it carries out when
    it is no Normal Summon (a take-back, an effect's move or Special Summon), the phase the
    log skipped, then the Summon or Set with its Tributes."""
    cid, move = b.cid, b.moved()
    known = b.card(cid)
    if move is None:  # no move: a monster Normal Summoned where it stands
        _where_it_stands(b, play, player, cid, known)
        return
    if b.restores(move):
        b.read_as(play, corrections.put_back(b, cid))
        return
    if b.read_as(play, _taken_back(b, play, cid, move.after.spot if move.after else None,
                                   known) or
                 moved_for_opponents_effect(b, play, player, cid, known) or
                 (summoned_for_opponents_effect(b, play, player, cid) if kind == "normal_summon"
                  else None) or
                 moved_for_own_resolving_spell(b, play, player, cid) or
                 # (a Normal Set it could also be: the declaration says which it is)
                 (_set_by_declared_effect(b, play, player, cid) if kind == "set_monster"
                  else None)):
        return
    phases.settle_rewound(b, play, cid)
    granted = _grant(b, player)
    own_turn = player == b.turn.player
    used = b.summons_this_turn(player)
    if granted is None and used and own_turn:
        granted = _lent(b, player, known) or _spare(b, player)
    # the turn's first Normal Summon may be the one a face-up card lends (_spare)
    first_lent = _lent(b, player, known) if not used and own_turn and granted is None \
        else None
    counts = known.tribute_counts()
    illegal = not known.normal_summon or (not own_turn and granted is None) or \
        (used and granted is None and own_turn) or \
        (tributes_available(b, player, cid, counts) < min(counts) and
         not lp_paid_just_before(b.actions, player))
    if illegal and b.read_as(play, _own_special_summon(b, player, cid, known, position) or
                             corrections.summon_redone(b, play, player, cid, move)):
        return
    if own_turn and not (granted is not None and used):
        phases.ensure_phase(b, play, player, ("main1", "main2"), tributes=max(counts) > 0)
    b.read_as(play, summoned_with_tributes(b, player, cid, known, kind,
                              granted if granted is not None and (used or not own_turn)
                              else None, first_lent))


def _grant(b: GameBuilder, player: Player) -> str | None:
    """A card used this turn that grants the player one more Normal Summon, if any is left."""
    granted = b.turn.granted[player]
    return granted[0] if granted else None


def _lent(b: GameBuilder, player: Player, known: CardKnowledge) -> str | None:
    """A card face-up on the player's field that gives them an additional Normal Summon of
    this monster while it stands there (``lends_normal_summon``: Catalyst Field, a Gemini
    monster's), not used yet this turn. A monster the database does not know is not checked
    against the card's filter (as the judge's Tribute filters are not)."""
    for cid in b.board.zones.values():
        spot = b.board.where[cid]
        allowed = b.card(cid).facts.lends_normal_summon
        if spot.side != player or not spot.face_up or not isinstance(allowed, dict) or \
                cid in b.turn.lent_used or cid in b.turn.granted[player]:
            continue
        if _allows(allowed, known):
            return cid
    return None


def _spare(b: GameBuilder, player: Player) -> str | None:
    """A card that lent the turn's first Normal Summon (``lent_first``): that Summon, of a
    monster it names while it was face-up, may have been its additional one (the player
    chooses, as in the TCG), which keeps the turn's own Normal Summon for later, even once the
    lender has left the field (JJ "Kewl Tune" destroyed before the second Tuner's Summon:
    advanced-77476299 game 2 [21:07]), the reading that flags least. A reading, not a change:
    the builder spends it with ``grant_used``."""
    spare = b.turn.lent_spare[player]
    return spare[0] if spare else None


def _allows(allowed: dict[str, Any], known: CardKnowledge) -> bool:
    """True when the monster ``known`` is one a filter of the card database names (its
    printed data; one the database does not know is allowed).

    >>> _allows({"type": "Gemini"}, CardKnowledge("x", None))
    True
    >>> _allows({"race": "Psychic"}, CardKnowledge("Blade Knight", {}, known=True))
    False
    """
    info = database().named(known.name) if known.known else None
    if info is None:
        return True
    return TributeFilter.from_json(allowed).names(info.data, known.level, info.passcode)


def _own_special_summon(b: GameBuilder, player: Player, cid: str, known: CardKnowledge,
                        position: str) -> ReadAs | None:
    """A "Normal Summon" (or "Set") click of a card whose own procedure or effect Special
    Summons it from the hand, where its Normal Summon would be illegal: that Special Summon."""
    if not (known.procedure_from("hand") or "hand" in known.facts.self_summon):
        return None
    how = "its own procedure" if known.procedure_from("hand") else "its own effect"
    return ReadAs(uses=((player, cid),), actions=(Emit(
        "special_summon", player,
        {"card": cid,
         "position": "facedown_defense" if position == "facedown_defense" else "attack"},
        note=read("summon.own-procedure",
                  f"a Normal Summon click of a card that {how} Special Summons from the hand, "
                  f"where its Normal Summon would break the rules: read as that Special "
                  f"Summon")),))


#: A card's text that Special Summons a monster from the hand face-down, which Duelingbook
#: players place with the "Set" click (the Enneacraft reveal effects: "You can reveal this
#: card in your hand; Special Summon 1 monster from your hand in face-down Defense Position").
_SETS_FROM_HAND: Final = re.compile(r'Special Summon 1 (?:"[^"]+" )?monster from your hand '
                                    r'in face-down Defense Position', re.I)


def _set_by_declared_effect(b: GameBuilder, play: Play, player: Player,
                            cid: str) -> ReadAs | None:
    """A "Set" click that resolves the player's last declared effect this turn, whose text in
    the replay Special Summons a monster from the hand in face-down Defense Position: that
    Special Summon. Between the declaration and the Set the player only moved cards (a cost,
    the card shown, the opponent's chain answered), so each declaration places one monster."""
    user, quiet = play.get("username"), b.names.quiet
    declared = None
    for index in range(b.cursor - 1, -1, -1):
        earlier = b.plays[index]
        kind = earlier.get("play")
        if kind in GAME_BOUNDARIES or kind == "Start turn":
            return None
        if earlier.get("username") != user or kind in quiet:
            continue
        if kind == "Declare":
            step = b.step_at(index)
            declared = step.card if step is not None else None
            break
        if kind not in _WHILE_RESOLVING:
            return None
    if declared is None:
        return None
    name = b.board.name(declared)
    text = (b.knowledge.objects.get(name) or {}).get("effect") if name else None
    if not isinstance(text, str) or _SETS_FROM_HAND.search(text) is None:
        return None
    return ReadAs(uses=((player, cid),), actions=(Emit(
        "special_summon", player, {"card": cid, "position": "facedown_defense"},
        note=read("summon.set-by-declared-effect",
                  f"a Set click resolving {b.label(declared)}'s declared effect, which Special "
                  f"Summons a monster from the hand in face-down Defense Position (its text): "
                  f"read as that Special Summon")),))


#: The player's own plays that may come between an effect's declaration and the Set that
#: resolves it: cards moved (a cost paid, the card shown and put back), no other play.
_WHILE_RESOLVING: Final = frozenset({"To GY", "To hand", "To ST", "Banish", "Move"})


def _where_it_stands(b: GameBuilder, play: Play, player: Player, cid: str,
                     known: CardKnowledge) -> None:
    """A Normal Summon of a monster already on the field: a Gemini monster's Gemini Summon
    (uses the turn's Normal Summon, unless a card granted one); any other is a click on a
    card already summoned (no action)."""
    spot = b.board.where.get(cid)
    if not (known.definition or {}).get("gemini") or spot is None or spot.side != player:
        b.read_as(play, ReadAs("summon.already-on-field",
                               f"{b.label(cid)} is already on the field: a Normal Summon "
                               f"click with no move, no action"))
        return
    granted = _grant(b, player)
    used = b.summons_this_turn(player)
    if granted is None and used and player == b.turn.player:
        granted = _lent(b, player, known) or _spare(b, player)
    first_lent = _lent(b, player, known) if not used and player == b.turn.player and \
        granted is None else None
    fields: dict[str, Any] = {"card": cid}
    note = read("summon.gemini", "a Gemini Summon where it stands")
    phase = None
    if granted is not None and (used or player != b.turn.player):
        fields["by_effect"] = True
        note = Reading((*note.ids, "summon.granted"), f"{note.text}: an additional Normal "
                                                       f"Summon that {b.label(granted)} grants")
    elif player == b.turn.player:
        phase = phases.implied(b, play, player, ("main1", "main2"))
    b.read_as(play, seq(phase, ReadAs(actions=(Emit("normal_summon", player, fields, note=note),),
                                      uses=((player, cid),),
                                      changes=Changes(grant_used=(player, granted))
                                      if "by_effect" in fields and granted is not None
                                      else Changes(lent_first=(player, first_lent))
                                      if first_lent is not None else None)))


def _taken_back(b: GameBuilder, play: Play, cid: str, zone: str | None,
                known: CardKnowledge) -> ReadAs | None:
    """A monster its player returns from that zone to the hand as the very next play: a
    take-back (the player changed their mind), never summoned; the return is read with it."""
    found = b.next_own(play, cid, ("To hand",))
    if found is None or zone is None:
        return None
    if known.level > 4 and b.summons_this_turn(b.users[str(play.get("username"))]):
        return None
    return ReadAs("slip.taken-back",
                  f"{b.label(cid)} returned to the hand by its player as the very next play: "
                  f"a take-back, read as never placed", consumes=(found[0],))


def set_monster(b: GameBuilder, play: Play, player: Player) -> None:
    step, cid, move = b.card_step, b.cid, b.moved()
    if move is not None:  # from the hand
        flipped = _flip_summoned_at_once(b, play, cid)
        if flipped is not None:
            normal_summon(b, play, player, kind="normal_summon", position="attack")
            last = b.actions[-1] if b.actions else {}
            b.read_as(play, ReadAs(consumes=(flipped,),
                                   changes=Changes(revises=(Revise(last, {}, read(
                "slip.set-then-flip", "Set, then Flip Summoned at once by the same player: a "
                                      "Summon clicked as a Set and fixed, read as a face-up "
                                      "Summon")),) if last.get("card") == cid and
                last.get("type") == "normal_summon" else ())))
            return
        if b.read_as(play, set_for_opponents_summon(b, play, player, cid)):
            return
        normal_summon(b, play, player, kind="set_monster", position="facedown_defense")
        return
    spot = b.board.where.get(cid)
    if spot is not None and not is_monster_zone(spot.spot):
        b.read_as(play, ReadAs("spell-trap.turned-face-down",
                               "a face-up card turned face-down in its Spell & Trap Zone"))
        return
    b.read_as(play, seq(ReadAs(changes=Changes(flips_seen=(cid,))),
                        position_by_effect(b, play, player, cid, "facedown_defense")
                        if step.turned else None))


def _flip_summoned_at_once(b: GameBuilder, play: Play, cid: str) -> int | None:
    """A Set Flip Summoned at once by the same player (a Summon clicked as a Set and fixed):
    read as one face-up Normal (or Tribute) Summon; the Flip Summon's play."""
    found = b.next_own(play, cid, ("Flip Summon",))
    if found is None:
        return None
    index, later, _ = found
    if int(later.get("seconds") or 0) - int(play.get("seconds") or 0) > AT_ONCE_SECONDS:
        return None
    return index

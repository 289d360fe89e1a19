"""Cards an effect puts on the field, and cards moved where they stand (docs/duelingbook.md,
"Cards placed by effects"): a Spell or Trap activated from the Deck or the Graveyard by an
effect, a card Set by an effect ("Placed" then "Set" where it stands), an activation clicked
for a Set, Pendulum Scales, and zone changes on one side of the field.

These handlers come before the general ones (:mod:`.cardplays`, :mod:`.sets`, :mod:`.moving`) in
the play table: each reads what it knows and hands the rest on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from validator.document.model import Player
from validator.importers.duelingbook import logtext
from validator.importers.duelingbook.board.tracker import is_monster_zone, is_zone
from validator.importers.duelingbook.board.zones import contract_zone
from validator.importers.duelingbook.game import Play, texts, where_said
from validator.importers.duelingbook.readings import cardplays, corrections, moving, phases, sets
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.pendulum import scale_activation
from validator.importers.duelingbook.readings.result import Changes, Emit, ReadAs, seq

if TYPE_CHECKING:
    from validator.importers.duelingbook.board.follow import Move
    from validator.importers.duelingbook.builder import GameBuilder

#: Piles an effect activates a Spell or Trap from.
EFFECT_PILES: Final = frozenset({"deck", "graveyard", "banished"})


def activate(b: GameBuilder, play: Play, player: Player) -> None:
    """"Activate ST": a Pendulum Scale (``advanced``), a Spell or Trap an effect activates
    from the Deck, the Graveyard or banishment (followed as a card placed face-up: the
    contract activates a card only from the hand or where it is Set), else
    :func:`.cardplays.activate`."""
    step, cid, move = b.card_step, b.cid, b.moved()
    before = move.before if move is not None else None
    if before is not None and before.spot == "hand" and b.rules.pendulum and \
            b.read_as(play, scale_activation(b, play, player, cid, move)):
        return
    if move is None and step.turned and \
            b.read_as(play, _set_turn_activation(b, play, player, cid)):
        return
    if b.read_as(play, _from_pile(b, play, player, cid, move)):
        return
    cardplays.activate(b, play, player)


def _from_pile(b: GameBuilder, play: Play, player: Player, cid: str,
               move: Move | None) -> ReadAs | None:
    """A Spell or Trap an effect activates from the Deck, the Graveyard or banishment:
    followed as a card placed face-up."""
    before = move.before if move is not None else None
    pile = before.spot if before is not None else logtext.source_pile(texts(play)[1])
    if move is None or pile not in EFFECT_PILES or b.card(cid).kind == "monster":
        return None
    return seq(phases.settling(b, play, cid), ReadAs(uses=((player, cid),), actions=(Emit(
        "move", player, {"card": cid, "to": "spell_trap"},
        note=read("effect.placed-from-pile",
                  f"activated from the {_pile(pile)} by an effect: followed as a card placed "
                  f"face-up (a card is activated from the hand or where it is Set)")),)))


def set_turn_allowance(b: GameBuilder, player: Player, cid: str) -> str | None:
    """The card whose script lets ``player`` activate ``cid`` the turn it was Set, if any (the
    card database's ``set_turn``): the card itself (``itself``), the card whose effect Set it
    (``sets``), or a face-up card the player controls (``field``: Temple of the Kings).

    The contract has no such exception to ``card.set-this-turn``; the importer follows such an
    activation as the card turned face-up where it stands (noted, ``source.unmodelled``).
    """
    if "itself" in b.card(cid).facts.set_turn:
        return f"{b.label(cid)}'s own effect"
    setter = b.set_by.get(cid)
    if setter is not None and "sets" in b.card(setter).facts.set_turn:
        return f"the effect of {b.label(setter)}, which Set it"
    for (side, _), other in b.board.zones.items():
        if side == player and other != cid and b.board.where[other].face_up and \
                "field" in b.card(other).facts.set_turn:
            return f"{b.label(other)} (face-up on the field)"
    return None


def _set_turn_activation(b: GameBuilder, play: Play, player: Player,
                         cid: str) -> ReadAs | None:
    """A Trap or Quick-Play Spell Set this turn, activated this turn as a card's text allows:
    followed as the card turned face-up where it stands."""
    known = b.card(cid)
    if cid not in b.turn.set_cards or not (known.kind == "trap" or
                                          known.subtype == "quick_play"):
        return None
    why = set_turn_allowance(b, player, cid)
    if why is None:
        return None
    return seq(phases.settling(b, play, cid), ReadAs(uses=((player, cid),),
                                                     actions=(Emit(
            "move", player, {"card": cid, "to": "spell_trap"},
            note=read("spell-trap.set-turn-by-card",
                      f"activated the turn it was Set, as {why} allows: the contract has no "
                      f"such activation, so it is followed as the card turned face-up where it "
                      f"stands")),),
        changes=Changes(signs=(("Spells and Traps activated the turn they were Set, as a card "
                                "allows", where_said(play)),))))


def _pile(pile: str) -> str:
    return {"deck": "Deck", "graveyard": "Graveyard", "banished": "banishment"}.get(pile, pile)


def set_spell_trap(b: GameBuilder, play: Play, player: Player) -> None:
    """"Set ST": a card activated from the hand and Set at once where it went (the activation
    was a click for the Set: one ``set_spell_trap``); under ``advanced``, a face-up card
    turned face-down where it stands by its player, which is no misclick undone, is Set by
    an effect (``move`` with ``face_down``); else :func:`.sets.set_spell_trap`."""
    cid = b.cid
    if b.moved() is None and b.read_as(play, _set_for_activation(b, play, player, cid)):
        return
    if b.moved() is None and (
            b.read_as(play, corrections.set_card_restored(b, play, player, cid)) or
            (sets.shown_activation(b, cid) is None and  # else: shown.set-cards
             b.read_as(play, corrections.set_card_shown(b, play, player, cid)))):
        return
    if b.moved() is None and b.rules.zone_rules and \
            b.read_as(play, _set_by_effect(b, play, player, cid)):
        return
    sets.set_spell_trap(b, play, player)


def _set_for_activation(b: GameBuilder, play: Play, player: Player,
                        cid: str) -> ReadAs | None:
    """The card was activated from the hand as the last action and is Set now where it went:
    the player clicked "Activate" for "Set". Read as the Set."""
    last = b.actions[-1] if b.actions else {}
    if last.get("type") != "activate" or last.get("card") != cid or \
            last.get("player") != player:
        return None
    came = _came_from(b, cid)
    if came != "hand":
        return None
    return seq(ReadAs(drops=(last,)), phases.implied(b, play, player, ("main1", "main2")),
               ReadAs(actions=(Emit(
                   "set_spell_trap", player, {"card": cid},
                   note=read("spell-trap.activate-then-set",
                             f"activated from the hand, then Set where it went at once: a click "
                             f"for the Set ({last['log']['time']}), read as one Set")),)))


def _came_from(b: GameBuilder, cid: str) -> str | None:
    """Where the last play about the card (its activation) took it from onto the field; None
    when that play did not move it (a Set card turned face-up)."""
    for index in range(b.cursor - 1, -1, -1):
        step = b.step_at(index)
        if step is None or step.card != cid:
            continue
        moved = step.move_of(cid)
        if moved is None or moved.after is None or not is_zone(moved.after.spot):
            return None
        return moved.before.spot if moved.before is not None else None
    return None


def _set_by_effect(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs | None:
    """A face-up Spell or Trap its controller turns face-down where it stands, that no
    misclicked activation explains: an effect Sets it (Placed from the Deck, then Set: "Set 1
    "R.B." Trap from your Deck"). Followed as a ``move`` face-down in its zone."""
    if sets.shown_activation(b, cid) is not None:
        return None  # a misclicked activation undone: the general reading
    spot = b.board.where.get(cid)
    if spot is None or not is_zone(spot.spot) or is_monster_zone(spot.spot) or \
            spot.side != player:
        return None
    setter = next((card for _, who, card in reversed(b.turn.recent) if who == player and
                   card != cid), None)
    return seq(phases.settling(b, play, cid), ReadAs(actions=(Emit(
            "move", player, {"card": cid, "to": "spell_trap", "face_down": True},
            note=read("set.by-effect-where-it-stands",
                      "turned face-down where it stands: Set by an effect (the Set counts as "
                      "this turn's)")),),
        changes=Changes(set_by_effect=((cid, setter),))))


def _trap_monster(b: GameBuilder, play: Play, cid: str, moved: Move | None) -> ReadAs | None:
    """A Trap moved from its Spell & Trap Zone to a Monster Zone: a Trap Monster (Apophis the
    Serpent: "Special Summon this card as a Normal Monster"). The contract has no Trap
    Monsters: the card leaves its Spell & Trap Zone for the rules (a ``move`` to the
    Graveyard, where no rule asks for it), and what it does as a monster is not judged."""
    if moved is None or moved.before is None or moved.after is None or \
            b.card(cid).kind != "trap" or is_monster_zone(moved.before.spot) or \
            not is_monster_zone(moved.after.spot):
        return None
    return seq(ReadAs(changes=Changes(signs=(("Trap Monsters", where_said(play)),),
                                      trap_monsters=(cid,))),
               phases.settling(b, play, cid), ReadAs(actions=(Emit(
                   "move", moved.before.side, {"card": cid, "to": "graveyard"},
                   note=read("card.trap-monster-summoned",
                             f"{b.label(cid)} is a Trap its own text Special Summons as a "
                             f"monster: the contract has no Trap Monsters, so for the rules it "
                             f"leaves its Spell & Trap Zone, and what it does as a monster is "
                             f"not judged")),)))


def _moved_back(b: GameBuilder, play: Play, cid: str, moved: Move | None) -> ReadAs | None:
    """A monster its player moves from its Monster Zone to a Spell & Trap Zone and, as the
    next play, back to the same Monster Zone (a card dragged as a prompt, "response?"): a
    slip undone, neither move is a step."""
    if moved is None or moved.before is None or moved.after is None or \
            not is_monster_zone(moved.before.spot) or is_monster_zone(moved.after.spot) or \
            not is_zone(moved.after.spot):
        return None
    found = b.next_own(play, cid)
    back = found[2].move_of(cid) if found is not None else None
    if found is None or back is None or back.after is None or \
            (back.after.side, back.after.spot) != (moved.before.side, moved.before.spot):
        return None
    return ReadAs("slip.moved-and-back",
                  f"{b.label(cid)} moved out of {moved.before.spot} and straight back with "
                  f"nothing between: a slip undone, no step", consumes=(found[0],))


def move(b: GameBuilder, play: Play, player: Player) -> None:
    """"Move" within one side of the field under ``advanced``: a monster to another of its
    controller's Monster Zones (``move`` to ``monster_zone``: R.B. VALCan Booster's effect,
    or an Xyz pile moved to where its Xyz Monster goes), a card to another Spell & Trap
    Zone; else :func:`.moving.move`."""
    cid, moved = b.cid, b.moved()
    if b.read_as(play, _trap_monster(b, play, cid, moved) or _moved_back(b, play, cid, moved)):
        return
    if moved is None or moved.before is None or \
            moved.after is None or moved.before.side != moved.after.side or \
            cid in b.materials.staged:
        moving.move(b, play, player)
        return
    src, dst = moved.before.spot, moved.after.spot
    zone = contract_zone(moved.after.side, dst)
    if is_monster_zone(src) != is_monster_zone(dst) or zone is None:
        moving.move(b, play, player)
        return
    side = moved.after.side
    if is_monster_zone(dst):
        emit = Emit("move", side, {"card": cid, "to": "monster_zone", "zone": zone},
                    note=read("zone.monster-moved",
                              f"moved to {zone} on its side of the field (an effect, or the Xyz "
                              f"Monster's zone chosen): the same card"))
    else:
        face_down: dict[str, Any] = {"face_down": True} if not moved.after.face_up else {}
        emit = Emit("move", side, {"card": cid, "to": "spell_trap", "zone": zone, **face_down},
                    note=read("zone.spell-trap-moved",
                              f"moved to {zone} in its Spell & Trap Zones"))
    b.read_as(play, seq(phases.settling(b, play, cid), ReadAs(actions=(emit,))))

"""Attacks in a Duelingbook log: one declaration clicked twice, replays, and further
attacks a card effect allows."""

from __future__ import annotations

from typing import Any

from ..model import Player, other
from . import logtext, phases
from .builder import GameBuilder
from .game import Declaration, Play, texts, where_said


def attack(b: GameBuilder, play: Play, player: Player) -> None:
    text = texts(play)[1]
    direct = b.kind == "Attack directly"
    names = logtext.names_in(text)
    with_zone = text.rsplit(" in ", 1)[-1] if " with " in text else None
    attacker = b.field_card(play, player, text, key="attacking_id" if not direct else "id",
                      name=names[-1] if names else None,
                      zone=logtext.spot_name(with_zone) if with_zone else None)
    target = None
    if not direct:
        zone = logtext.zone_in(text.split(" with ", 1)[0])
        hidden = text.startswith("Attacked Set card")
        target = b.field_card(play, player, text.split(" with ", 1)[0], key="attacked_id",
                        name=None if hidden else (names[0] if names else None),
                        named=not hidden,
                        zone=zone, side=other(b.board.where[attacker].side)
                        if attacker in b.board.where else other(player))
    phases.ensure_phase(b, play, player, ("battle",))
    side = b.board.where[attacker].side if attacker in b.board.where else player
    foes = b.foes(side)
    fields: dict[str, Any] = {"card": attacker, "target": target}
    note = None
    decl = b.declared.get(attacker)
    if decl is not None and not decl.battle_done and foes == decl.foes and \
            decl.target == target:
        b.note(play, "the same attack declared again with no battle result between: one "
                     "attack (a re-click)")
        return
    if decl is not None and not decl.battle_done and foes != decl.foes and \
            decl.changed_after_activation:
        fields["replay"] = True
        note = "a replay: the opponent's monsters changed before this attack's damage"
    elif decl is not None and b.reading(attacker).extra_attacks:
        fields["by_effect"] = True
        note = f"a further attack: {b.label(attacker)}'s text allows one"
    if direct and foes and b.reading(attacker).direct_attacks:
        _direct_by_text(b, play, attacker, foes)
        return
    phases.sync(b, play, attacker)
    if target is not None and b.board.position(target) == "facedown_defense":
        b.attack_flipped.add(target)  # the engine turns it face-up; the log, when battled
    b.declared[attacker] = Declaration(target, foes)
    b.emit(play, "declare_attack", player, note=note, **fields)


def _direct_by_text(b: GameBuilder, play: Play, attacker: str, foes: frozenset[str]) -> None:
    """A direct attack the attacker's own text allows while the opponent controls monsters
    (Reaper on the Nightmare): the contract has no such attack, so none is judged; its
    damage follows as the log shows it."""
    b.signs.setdefault("direct attacks a card's text allows past monsters", where_said(play))
    b.declared[attacker] = Declaration(None, foes)
    b.note(play, f"{b.label(attacker)} attacks directly past the opponent's monsters, as its "
                 f"text allows: rules classic does not model it, so the attack is not judged")

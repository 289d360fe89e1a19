"""Attacks in a Duelingbook log: one declaration clicked twice, replays, further attacks a card
allows (the card database's ``grants``/``extra_attack``), an attack clicked and given up before
any battle, and a direct attack clicked for an attack on a monster."""

from __future__ import annotations

from typing import Any

from validator.document.model import Player, other
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.game import Declaration, Play, where_said
from validator.importers.duelingbook.readings import phases
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.windows import ATTACK_RESULT_WITHIN


def attack(b: GameBuilder, play: Play, player: Player) -> None:
    attacker, target = b.cid, b.card_step.other
    direct = b.kind == "Attack directly"
    phases.ensure_phase(b, play, player, ("battle",))
    side = b.board.where[attacker].side if attacker in b.board.where else player
    foes = b.foes(side)
    fields: dict[str, Any] = {"card": attacker, "target": target}
    note = None
    decl = b.attacks.declared.get(attacker)
    if decl is not None and not decl.battle_done and foes == decl.foes and \
            decl.target == target:
        b.note(play, "battle.reclick",
               "the same attack declared again with no battle result between: one "
               "attack (a re-click)")
        return
    known = b.card(attacker)
    if decl is not None and not decl.battle_done and foes != decl.foes and \
            decl.changed_after_activation:
        fields["replay"] = True
        note = read("battle.replay",
                    "a replay: the opponent's monsters changed before this attack's damage")
    elif decl is not None and (known.grants("attack") or _granted_attack(b, player)):
        fields["by_effect"] = True
        note = read("battle.further-attack",
                    f"a further attack: {b.label(attacker)} may attack again (the card database)")
    elif decl is not None and _given_up(b, play, player, attacker):
        b.note(play, "battle.misclick-given-up",
               f"{b.label(attacker)} had attacked already; this declaration brings no "
               f"battle and another monster attacks at once: a misclick given up, no "
               f"attack")
        return
    elif decl is not None and decl.battle_done and decl.changed_after_activation is None and \
            _came_to_nothing(b, play):
        b.note(play, "battle.again-to-no-battle",
               f"{b.label(attacker)} had attacked already; this declaration brings no "
               f"battle (no Life Points lost, nothing removed, no card used) and its player "
               f"leaves the Battle Phase next: an attack click that came to nothing, no "
               f"attack")
        return
    if direct and foes and known.facts.direct_attack:
        _direct_by_text(b, play, attacker, foes)
        return
    if direct and foes and _conceded_next(b, play):
        b.note(play, "battle.conceded-before-battle",
               f"a direct attack while {b.game.players[other(side)]} controls monsters, "
               f"and {b.game.players[other(side)]} admits defeat before any battle: the "
               f"log cannot tell whether the monsters were still there (an effect "
               f"resolving, not shown), so the attack is not judged")
        return
    if direct and foes:
        meant = _meant_a_monster(b, play, player, foes)
        if meant is not None:
            fields["target"] = target = meant
            note = read("battle.direct-click-meant-monster",
                        f"\"Attack directly\" clicked while {b.game.players[other(side)]} "
                        f"controls monsters, with no Life Points lost and {b.label(meant)} "
                        f"removed next: read as an attack on it")
    phases.sync(b, play, attacker)
    if target is not None and b.board.position(target) == "facedown_defense":
        b.attacks.flipped.add(target)  # the engine turns it face-up; the log, when battled
    b.attacks.declared[attacker] = Declaration(target, foes)
    b.emit(play, "declare_attack", player, note=note, **fields)


def _conceded_next(b: GameBuilder, play: Play) -> bool:
    """True when the defender admits defeat among the next plays, with no battle result (no
    Life Points lost) between."""
    for _, later in b.upcoming(ATTACK_RESULT_WITHIN):
        kind = later.get("play")
        if kind == "Life points":
            return False
        if kind in ("Admit defeat", "Quit duel") and later.get("username") != \
                play.get("username"):
            return True
    return False


def _granted_attack(b: GameBuilder, player: Player) -> bool:
    """A card the player used this turn lets a monster attack again."""
    return any(who == player and b.card(cid).grants("attack") for _, who, cid in b.turn.recent)


def _given_up(b: GameBuilder, play: Play, player: Player, attacker: str) -> bool:
    """A second declaration by a monster that attacked already, with no battle after it (no
    Life Points lost, nothing destroyed) and another monster of the player attacking at
    once: a misclick replaced by the attack meant."""
    for index, later in b.upcoming(ATTACK_RESULT_WITHIN):
        kind = later.get("play")
        if kind in ("Life points", "To GY", "Banish", "Remove Token", "Activate ST", "Declare"):
            return False
        if kind in ("Attack", "Attack directly") and later.get("username") == \
                play.get("username"):
            step = b.step_at(index)
            return step is not None and step.card not in (None, attacker)
    return False


#: The clicks with which a player leaves the Battle Phase.
_LEAVING_BATTLE = frozenset({"Enter M2", "Enter EP", "End turn"})


def _came_to_nothing(b: GameBuilder, play: Play) -> bool:
    """A second declaration by a monster whose first attack went through to its result
    with the opponent's monsters unchanged (no replay arose: after a replay, attacking with
    another monster still counts the first as attacked, and its new declaration is judged),
    after which its player's next play leaves the Battle Phase with no battle between (no
    Life Points lost, nothing destroyed or removed, no card used): the same attack clicked
    again by mistake (a player who thought the game won), which the players let pass."""
    for _, later in b.upcoming(ATTACK_RESULT_WITHIN):
        kind = later.get("play")
        if kind in ("Life points", "To GY", "Banish", "Remove Token", "Activate ST", "Declare",
                    "To hand", "To T Deck", "To B Deck", "To ED"):
            return False
        if later.get("username") == play.get("username") and kind not in (
                "Attack", "Attack directly"):
            return kind in _LEAVING_BATTLE
    return False


def _meant_a_monster(b: GameBuilder, play: Play, player: Player,
                     foes: frozenset[str]) -> str | None:
    """A direct attack clicked for an attack on a monster: the defender loses no Life Points
    and removes one of their monsters in the next plays (the battle's result)."""
    for index, later in b.upcoming(ATTACK_RESULT_WITHIN):
        kind = later.get("play")
        if kind == "Life points" or kind in ("Attack", "Attack directly", "Activate ST"):
            return None
        step = b.step_at(index)
        if kind in ("To GY", "Remove Token") and step is not None and step.card in foes:
            return step.card
    return None


def _direct_by_text(b: GameBuilder, play: Play, attacker: str, foes: frozenset[str]) -> None:
    """A direct attack the attacker's own text allows while the opponent controls monsters
    (Reaper on the Nightmare): the contract has no such attack, so none is judged; its
    damage follows as the log shows it."""
    b.signs.setdefault("direct attacks a card's text allows past monsters", where_said(play))
    b.attacks.declared[attacker] = Declaration(None, foes)
    b.note(play, "battle.direct-by-text",
           f"{b.label(attacker)} attacks directly past the opponent's monsters, as its "
           f"text allows: rules classic does not model it, so the attack is not judged")

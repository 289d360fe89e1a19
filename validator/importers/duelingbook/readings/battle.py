"""Attacks in a Duelingbook log: one declaration clicked twice, replays, further attacks a card
allows (the card database's ``grants``/``extra_attack``), an attack clicked and given up before
any battle, and a direct attack clicked for an attack on a monster."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from validator.document.model import Player, other
from validator.importers.duelingbook.board.tracker import is_monster_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.game import Declaration, Play, where_said
from validator.importers.duelingbook.readings import phases
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.phases import settling
from validator.importers.duelingbook.readings.result import Changes, Emit, ReadAs, seq
from validator.importers.duelingbook.readings.windows import ATTACK_RESULT_WITHIN, SWEPT_LATE_WITHIN


def attack(b: GameBuilder, play: Play, player: Player) -> None:
    """An attack: the Battle Phase the log skipped; then what the declaration is (a re-click,
    a misclick...: no attack; a replay, a further attack, an attack after its monster came
    back), decided before anything moves; a direct attack not judged; the defender's
    monsters an effect of the attacker's took away first, when the log moves them only after
    the attack clicks; then the declaration."""
    phases.ensure_phase(b, play, player, ("battle",))
    side = b.board.where[b.cid].side if b.cid in b.board.where else player
    again = _again(b, play, player, side)
    if isinstance(again, ReadAs):
        b.read_as(play, again)
        return
    fields, note, revived = again
    b.read_as(play, revived)
    if b.read_as(play, _not_judged(b, play, side)):
        return
    foes = b.foes(side)
    if b.kind == "Attack directly" and foes and \
            b.read_as(play, _removed_late(b, play, player, foes) or
                      _swept_late(b, play, player, foes)):
        foes = b.foes(side)
    b.read_as(play, _declared(b, play, player, side, foes, fields, note))


def _again(b: GameBuilder, play: Play, player: Player, side: Player
           ) -> ReadAs | tuple[dict[str, Any], Reading | None, ReadAs | None]:
    """A monster's declaration, as what it was declared before makes it: the same attack
    clicked again, a stray click, a misclick given up, a click that came to nothing (a
    result: no attack); else the declaration's fields and note (a replay, a further attack
    a card allows) and, for a monster destroyed by its battle and revived by its own text,
    that trip the log skips."""
    attacker, target = b.cid, b.card_step.other
    foes = b.foes(side)
    fields: dict[str, Any] = {"card": attacker, "target": target}
    decl = b.attacks.declared.get(attacker)
    if decl is None:
        return fields, None, None
    if not decl.battle_done and foes == decl.foes and decl.target == target:
        return ReadAs("battle.reclick",
                      "the same attack declared again with no battle result between: one "
                      "attack (a re-click)")
    stray = _stray_in_resolution(b, player, attacker)
    if stray is not None:
        return stray
    known = b.card(attacker)
    if not decl.battle_done and foes != decl.foes and decl.changed_after_activation:
        fields["replay"] = True
        return fields, read("battle.replay", "a replay: the opponent's monsters changed "
                                             "before this attack's damage"), None
    if known.grants("attack") or _granted_attack(b, player):
        fields["by_effect"] = True
        return fields, read("battle.further-attack",
                            f"a further attack: {b.label(attacker)} may attack again (the card "
                            f"database)"), None
    if _revived_by_text(b, decl, attacker):
        return fields, None, _revive(b, player, attacker)
    if _given_up(b, play, player, attacker):
        return ReadAs("battle.misclick-given-up",
                      f"{b.label(attacker)} had attacked already; this declaration brings no "
                      f"battle and another monster attacks at once: a misclick given up, no "
                      f"attack")
    if decl.battle_done and decl.changed_after_activation is None and \
            _came_to_nothing(b, play):
        return ReadAs("battle.again-to-no-battle",
                      f"{b.label(attacker)} had attacked already; this declaration brings no "
                      f"battle (no Life Points lost, nothing removed, no card used) and its "
                      f"player leaves the Battle Phase next: an attack click that came to "
                      f"nothing, no attack")
    return fields, None, None


def _not_judged(b: GameBuilder, play: Play, side: Player) -> ReadAs | None:
    """A direct attack while the opponent controls monsters that is not judged: one the
    attacker's text allows, or one whose defender admits defeat before any battle."""
    attacker = b.cid
    foes = b.foes(side)
    if b.kind != "Attack directly" or not foes:
        return None
    if b.card(attacker).facts.direct_attack:
        return _direct_by_text(b, play, attacker, foes)
    if _conceded_next(b, play):
        return ReadAs("battle.conceded-before-battle",
                      f"a direct attack while {b.game.players[other(side)]} controls monsters, "
                      f"and {b.game.players[other(side)]} admits defeat before any battle: the "
                      f"log cannot tell whether the monsters were still there (an effect "
                      f"resolving, not shown), so the attack is not judged")
    return None


def _declared(b: GameBuilder, play: Play, player: Player, side: Player, foes: frozenset[str],
              fields: dict[str, Any], note: Reading | None) -> ReadAs | None:
    """The attack declared (a direct attack clicked for an attack on a monster is that)."""
    attacker, target = b.cid, b.card_step.other
    if b.kind == "Attack directly" and foes:
        meant = _meant_a_monster(b, play, player, foes)
        if meant is not None:
            fields = {**fields, "target": meant}
            target = meant
            note = read("battle.direct-click-meant-monster",
                        f"\"Attack directly\" clicked while {b.game.players[other(side)]} "
                        f"controls monsters, with no Life Points lost and {b.label(meant)} "
                        f"removed next: read as an attack on it")
    atk = (b.card(attacker).definition or {}).get("atk")
    declaration = Declaration(
        target, foes, damage=_damage(b, attacker, target), at=b.cursor,
        mutual=target is not None and type(atk) is int and b.board.position(target) == "attack"
        and (b.card(target).definition or {}).get("atk") == atk)
    flips = (target,) if target is not None and \
        b.board.position(target) == "facedown_defense" else ()  # the engine turns it face-up
    return seq(settling(b, play, attacker), ReadAs(
        actions=(Emit("declare_attack", player, fields, note=note),),
        changes=Changes(declares=((attacker, declaration),), flips=flips)))


#: A monster's text that Special Summons when it is destroyed by battle (Colossal Fighter:
#: "When this card is destroyed by battle and sent to the GY: You can target 1 Warrior monster
#: in either GY; Special Summon that target", itself a Warrior).
_REVIVES: Final = re.compile(r"destroyed by battle[^.]*?:[^.]*?\b(?:in|from) (?:either|your) "
                             r"(?:GY|Graveyard)\b[^.]*?Special Summon", re.I)


def _revived_by_text(b: GameBuilder, decl: Declaration, attacker: str) -> bool:
    """True when the attacker's last battle was against a monster in Attack Position with its
    own printed ATK (both destroyed), its target left the field with no Life Points lost,
    and the attacker's own text (the replay's card object) Special Summons a monster from the
    Graveyard when it is destroyed by battle: the log skipped its trip there and back."""
    if not decl.mutual or decl.damaged or decl.target is None:
        return False
    spot = b.board.where.get(decl.target)
    if spot is not None and is_monster_zone(spot.spot):
        return False
    name = b.board.name(attacker)
    text = (b.knowledge.objects.get(name) or {}).get("effect") if name else None
    return isinstance(text, str) and _REVIVES.search(text) is not None


def _revive(b: GameBuilder, player: Player, attacker: str) -> ReadAs:
    """The attacker destroyed by its battle and Special Summoned again by its own effect,
    which the log does not show: a new card (contract §2), which may attack."""
    return ReadAs(uses=((player, attacker),),
                  actions=(
        Emit("move", player, {"card": attacker, "to": "graveyard"},
             note=read("battle.destroyed-and-revived",
                       f"{b.label(attacker)} and its target had the same ATK, so both were "
                       f"destroyed by the battle; the log skips its trip to the Graveyard and "
                       f"back by its own effect (\"destroyed by battle ... Special Summon\"): "
                       f"a new card, which may attack")),
        Emit("special_summon", player, {"card": attacker, "position": "attack"})),
                  changes=Changes(attacks_ended=(attacker,)))


def _damage(b: GameBuilder, attacker: str, target: str | None) -> int | None:
    """The battle damage the defender takes by the two cards' printed ATK (a direct attack:
    the attacker's; a monster in Attack Position with less ATK: the difference), or None."""
    atk = (b.card(attacker).definition or {}).get("atk")
    if type(atk) is not int:
        return None
    if target is None:
        return atk
    other_atk = (b.card(target).definition or {}).get("atk")
    if type(other_atk) is not int or b.board.position(target) != "attack" or other_atk >= atk:
        return None
    return atk - other_atk


def _stray_in_resolution(b: GameBuilder, player: Player, attacker: str) -> ReadAs | None:
    """A monster that attacked already clicked to attack again while the opponent's Spell or
    Trap is resolving (it stands face-up in its zone, not yet sent away: Icarus Attack), and
    sent away by the very next play with no battle between (that card destroys it): a stray
    click in the middle of the resolution, no attack."""
    found = b.next_play()
    if found is None or b.names.canonical(found[1]["play"]) not in ("To GY", "Banish"):
        return None
    step = b.step_at(found[0])
    if step is None or step.card != attacker:
        return None
    for _, who, cid in reversed(b.turn.recent):
        spot = b.board.where.get(cid)
        if who != player and b.card(cid).subtype in ("normal", "quick_play") and \
                spot is not None and spot.face_up and spot.spot[:1] == "S":
            return ReadAs("battle.stray-click-in-resolution",
                          f"{b.label(attacker)} had attacked already, and is clicked to attack "
                          f"again while {b.label(cid)} resolves, which sends it away at once: "
                          f"a stray click, no attack")
    return None


def _removed_late(b: GameBuilder, play: Play, player: Player,
                  foes: frozenset[str]) -> ReadAs | None:
    """A direct attack while the defender still shows monsters that an effect of the
    attacker's had already taken away: the attacker used a card this turn, then pointed at
    each of them ("Pointed at", the same card object), and their owner moves each off the
    field in the next plays, before any damage (Raiza the Storm Monarch: "place that target
    on the top of the Deck", carried out late). Those moves are read first, as made before
    the attack."""
    pending = _moved_off_next(b, play, foes, ATTACK_RESULT_WITHIN)
    first = min((at for at, who, _ in b.turn.recent if who == player), default=None)
    if set(pending) != foes or first is None:
        return None
    ids = {b.plays[index].get("id") for index, _ in pending.values()}
    pointed: set[object] = set()
    for index in range(b.cursor - 1, -1, -1):
        earlier = b.plays[index]
        if type(earlier) is not dict or earlier.get("play") == "Start turn":
            break
        if earlier.get("play") == "Target card" and earlier.get("username") == \
                play.get("username") and index > first:
            pointed.add(earlier.get("id"))
    if None in ids or not ids <= pointed:
        return None
    return _read_first(b, player, pending, lambda foe: read(
        "shortcut.carried-out-late",
        f"{b.label(foe)}, pointed at by {b.game.players[player]} after an effect of theirs "
        f"this turn, is moved off the field by its owner only after the attack clicks: the "
        f"effect carried out late, read first"))


def _read_first(b: GameBuilder, player: Player, pending: dict[str, tuple[int, str]],
                note: Callable[[str], Reading]) -> ReadAs | None:
    """The defender's monsters an effect of ``player``'s this turn moved off the field, each
    moved by its owner only after the attack clicks (``pending``: card -> the later play and
    the pile): read first, the later play consumed, each with its ``note``."""
    return seq(*(ReadAs(consumes=(index,), actions=(Emit(
        "move", other(player), {"card": foe, "to": pile}, play=b.plays[index],
        note=note(foe)),)) for foe, (index, pile) in pending.items()))


def _moved_off_next(b: GameBuilder, play: Play, foes: frozenset[str], within: int
                    ) -> dict[str, tuple[int, str]]:
    """The defender's monsters their owner moves off the field in the next ``within`` plays,
    before any Life Points change: each with the play's index and the pile it goes to."""
    pending: dict[str, tuple[int, str]] = {}
    for index, later in b.upcoming(within):
        if later.get("play") == "Life points":
            break
        step = b.step_at(index)
        move = step.move_of(step.card) if step is not None and step.card in foes else None
        if step is not None and step.card is not None and move is not None and \
                move.after is not None and move.after.spot in _PILES and \
                later.get("username") != play.get("username"):
            pending[step.card] = (index, move.after.spot)
    return pending


#: A card's text that destroys every monster the opponent controls (R.B. Ga10 Pile Bunker:
#: "destroy all cards your opponent controls and this card"; Dark Hole's own wording names
#: every monster on the field, both players', and is not this).
_SWEEPS: Final = re.compile(r"\bdestroy all (?:cards|monsters) your opponent controls\b", re.I)


def _swept_late(b: GameBuilder, play: Play, player: Player,
                foes: frozenset[str]) -> ReadAs | None:
    """A direct attack while the defender still shows monsters that an effect of the
    attacker's had destroyed: a card the attacker used this turn destroys all cards (or
    monsters) the opponent controls by its own text (the replay's card object), and the
    defender sends every one of those monsters to the Graveyard in the next plays, before
    any damage (R.B. Ga10 Pile Bunker, declared on an attack, carried out late). Those moves
    are read first, as made before the attack."""
    sweeper = None
    for _, who, cid in reversed(b.turn.recent):
        name = b.board.name(cid)
        text = (b.knowledge.objects.get(name) or {}).get("effect") if name else None
        if who == player and isinstance(text, str) and _SWEEPS.search(text):
            sweeper = cid
            break
    if sweeper is None:
        return None
    pending = _moved_off_next(b, play, foes, SWEPT_LATE_WITHIN)
    if set(pending) != foes or any(pile != "graveyard" for _, pile in pending.values()):
        return None
    return _read_first(b, player, pending, lambda foe: read(
        "shortcut.swept-late",
        f"{b.label(foe)} was destroyed by {b.label(sweeper)} (\"destroy all ... your "
        f"opponent controls\"), used by {b.game.players[player]} this turn, and is sent to "
        f"the GY by its owner only after the attack clicks: the effect carried out late, "
        f"read first"))


#: Where an effect sends a monster it takes away.
_PILES: Final = frozenset({"deck", "hand", "graveyard", "banished", "extra"})


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


def _direct_by_text(b: GameBuilder, play: Play, attacker: str,
                    foes: frozenset[str]) -> ReadAs:
    """A direct attack the attacker's own text allows while the opponent controls monsters
    (Reaper on the Nightmare): the contract has no such attack, so none is judged; its
    damage follows as the log shows it."""
    return ReadAs("battle.direct-by-text",
                  f"{b.label(attacker)} attacks directly past the opponent's monsters, as its "
                  f"text allows: rules classic does not model it, so the attack is not judged",
                  changes=Changes(signs=(("direct attacks a card's text allows past monsters",
                          where_said(play)),), declares=((attacker, Declaration(None, foes)),)))


@dataclass(frozen=True, slots=True)
class LifeChange:
    """What a Life Point change says of the battles declared: what the reading says of it,
    the battles it closes (they had their result) and the battle whose damage it is."""

    note: Reading | None
    closes: tuple[Declaration, ...] = ()
    damaged: tuple[Declaration, ...] = ()


def life_changed(b: GameBuilder, lost: int = 0) -> LifeChange:
    """Life Points changed: every battle declared so far has had its result. Unless the
    loss is exactly the damage of a battle that already had its other result (its target
    left the field) and not yet its damage, while the one battle still pending was
    declared after it and would deal another amount (the cards' printed ATK): that
    earlier battle's damage, logged after the next declaration; the pending battle goes
    on (the reading's words, then)."""
    declared = b.attacks.declared
    earlier = [d for d in declared.values() if d.battle_done and not d.damaged and
               lost and d.damage == lost] if lost else []
    pending = [d for d in declared.values() if not d.battle_done]
    if len(earlier) == 1 and len(pending) == 1 and pending[0].at > earlier[0].at and \
            pending[0].damage is not None and pending[0].damage != lost:
        return LifeChange(read("battle.earlier-damage",
                               f"{lost} damage: the result of the battle before, whose target "
                               f"had left the field, logged after the next declaration (which "
                               f"would deal another amount): that attack goes on"),
                          damaged=(earlier[0],))
    return LifeChange(None, closes=tuple(declared.values()))

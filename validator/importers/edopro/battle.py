"""The engine's messages of positions and battle read as actions: a position change (a
player's own at the idle prompt, or an effect's), attack declarations (a replay, a further
attack), battles, an Equip attached to its monster, and monsters swapping control.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from validator.importers.edopro import messages as msg
from validator.importers.edopro.records import POSITIONS, CannotFollow

if TYPE_CHECKING:
    from validator.importers.edopro.builder import GameBuilder


def _pos_change(b: GameBuilder, m: msg.PosChange) -> None:
    if m.location != msg.MZONE:
        return  # a Set Spell or Trap turned face-up: its activation follows
    cid = b.board.zones.get((m.controller & 1, msg.MZONE, m.sequence))
    if cid is None:
        raise CannotFollow("a position change of a monster the importer does not see")
    after = b.next_message(b.index)
    if isinstance(after, msg.Summoning) and after.msg == msg.MSG_FLIPSUMMONING and \
            after.loc.sequence == m.sequence and after.loc.controller == m.controller:
        return  # the Flip Summon that follows turns it
    if b.last_flip is not None and b.last_flip[0] == cid and \
            m.new == msg.FACEUP_ATTACK and b.index - b.last_flip[1] <= 2:
        b.last_flip = None
        return  # the Flip Summon just read turned it
    if b.phase == "battle" and m.old & msg.FACEDOWN and m.new == msg.FACEUP_DEFENSE \
            and cid in b.targets:
        return  # an attacked face-down monster: the attack turned it face-up
    to = POSITIONS.get(m.new, "attack")
    by_effect = b.solving or b.phase not in ("main1", "main2") or \
        to == "facedown_defense" or m.controller != b.turn_player or \
        not _after_idle_prompt(b)
    fields: dict[str, Any] = {"card": cid, "to": to}
    if by_effect:
        fields["by_effect"] = True
    b.emit("change_position", m.controller, f"{b.name(cid)} to {to}", **fields)


def _after_idle_prompt(b: GameBuilder) -> bool:
    """Whether the message being read is a player's own choice at the engine's idle
    prompt: EDOPro writes the refresh of both hands just before that prompt (which it
    does not record), and nothing between the prompt and what was chosen. A position
    changed without that refresh before it is an effect's (docs/edopro.md)."""
    return b.index in b.after_hands


def _attack(b: GameBuilder, m: msg.Attack) -> None:
    attacker = b.board.zones.get((m.attacker.controller & 1, msg.MZONE,
                                  m.attacker.sequence))
    if attacker is None:
        raise CannotFollow("an attack by a monster the importer does not see")
    target = None
    if m.target is not None:
        target = b.board.zones.get((m.target.controller & 1, msg.MZONE,
                                    m.target.sequence))
        if target is not None:
            b.targets.add(target)
    fields: dict[str, Any] = {"card": attacker, "target": target}
    state = b.attacking.get(attacker)
    if state is True:
        fields["replay"] = True  # declared again before its battle: a replay
    elif state is False:
        fields["by_effect"] = True  # a further attack
    b.attacking[attacker] = True
    b.emit("declare_attack", m.attacker.controller,
           f"{b.name(attacker)} attacks " +
           (b.name(target) if target else "directly"), **fields)


def _battle(b: GameBuilder, m: msg.Battle | msg.AttackDisabled) -> None:
    for attacker, open_ in b.attacking.items():
        if open_:
            b.attacking[attacker] = False


def _equip(b: GameBuilder, m: msg.Equip) -> None:
    equip = b.board.find(m.equip, 0)
    target = b.board.find(m.target, 0)
    if equip is None or target is None:
        return
    if b.equipped.get(equip) == target:
        return
    b.equipped[equip] = target
    fields: dict[str, Any] = {"card": equip, "to": "spell_trap", "target": target}
    b.emit("move", m.equip.controller, f"{b.name(equip)} equipped to "
                                       f"{b.name(target)}", **fields)


def _swap(b: GameBuilder, m: msg.Swap) -> None:
    a = b.board.find(m.loc1, m.code1)
    c = b.board.find(m.loc2, m.code2)
    if a is None or c is None:
        raise CannotFollow("a swap of monsters the importer does not see")
    b.board.lift(a)
    b.board.lift(c)
    b.board.put(a, m.loc2)
    b.board.put(c, m.loc1)
    b.emit("take_control", m.loc2.controller, f"{b.name(a)} changes control",
           card=a)
    b.emit("take_control", m.loc1.controller, f"{b.name(c)} changes control",
           card=c)


#: The handler of each message this module reads (the builder's table gathers them).
HANDLERS: Final[dict[type, Callable[[GameBuilder, Any], None]]] = {
    msg.PosChange: _pos_change,
    msg.Attack: _attack,
    msg.Battle: _battle,
    msg.AttackDisabled: _battle,
    msg.Equip: _equip,
    msg.Swap: _swap,
}

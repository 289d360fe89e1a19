"""What a card's operations register or do in their turn, found by running them with
stand-ins and by reading their code where the stand-ins stopped early (docs/cards.md):
``grants`` (an additional Normal Summon, further attacks), ``skips_draws``, ``tributes_foes``,
``sets_spell_traps``, and ``extra_attack`` for a monster that can attack again in a row; the
position changes among them are read by :mod:`.positions`, the card's Summons of itself and
taking control by :func:`.summons.own_summons`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from validator.cards.facts import CardFacts

from . import positions, summons
from .codefacts import COMMENT, QUERY
from .effects import HANDLER
from .found import Found

if TYPE_CHECKING:
    from .facts import Reader
    from .scripts import Registered, Script

#: Operation code that grants, changes positions, etc., as a script writes it: what a
#: registration during resolution uses when the stand-ins could not run that far.
_SCANNED: Final = {
    "EFFECT_EXTRA_SUMMON_COUNT": "normal_summon", "EFFECT_SET_SUMMON_COUNT_LIMIT": "normal_summon",
    "EFFECT_EXTRA_ATTACK": "attack",
    "EFFECT_EXTRA_ATTACK_MONSTER": "attack", "EFFECT_ATTACK_ALL": "attack",
}
#: Effects that let a player Tribute the opponent's monster (Soul Exchange, The Monarchs
#: Stormforth).
_FOES: Final = ("EFFECT_EXTRA_RELEASE", "EFFECT_EXTRA_RELEASE_SUM", "EFFECT_EXTRA_RELEASE_NONSUM")
#: ``Duel.Summon(tp,tc,true,...)``: a Normal Summon that ignores the turn's count.
_ADDITIONAL_SUMMON = re.compile(r"Duel\.(?:Summon|MSet|SummonOrSet)\(\s*[^,()]+,\s*[^,()]+,\s*true")


def read(reader: Reader, script: Script, card: dict[str, Any], facts: CardFacts,
         where: str) -> Found:
    """What the card's operations register or do in their turn: found by running them with
    stand-ins, and by reading the operation's code where the stand-ins stopped early."""
    c = reader.c
    grants: dict[str, str] = {}
    found = Found(facts)
    for e in script.operation_effects:
        name = reader.c.name("EFFECT_", e.code)
        if e.code in (c["EFFECT_EXTRA_SUMMON_COUNT"], c["EFFECT_SET_SUMMON_COUNT_LIMIT"]):
            grants.setdefault("normal_summon", f"{where}: an operation registers {name}")
        elif e.code in (c["EFFECT_EXTRA_ATTACK"], c["EFFECT_EXTRA_ATTACK_MONSTER"],
                        c["EFFECT_ATTACK_ALL"]):
            grants.setdefault("attack", f"{where}: an operation registers {name}")
        elif e.code == c["EFFECT_SKIP_DP"]:
            skips = _skipped(reader, e)
            if skips > found.facts.skips_draws:
                found = found.said(replace(found.facts, skips_draws=skips), "skips_draws",
                                   f"{where}: an operation registers {name} (reset count "
                                   f"{e.reset_count})")
        elif e.code in [c[code] for code in _FOES]:
            found = found.said(replace(found.facts, tributes_foes=True), "tributes_foes",
                               f"{where}: an operation registers {name}")
    for name, args, _ in script.operation_calls:
        if name in ("Duel.Summon", "Duel.MSet", "Duel.SummonOrSet") and \
                len(args) > 2 and args[2] is True:
            grants.setdefault("normal_summon", f"{where}: an operation calls {name} with "
                                               f"ignore_count (an additional Normal Summon)")
        if name == "Duel.SSet" and not found.facts.sets_spell_traps:
            found = found.said(replace(found.facts, sets_spell_traps=True),
                               "sets_spell_traps", f"{where}: an operation calls Duel.SSet")
        if name == "Duel.ChangePosition":
            found = found.then(positions.called(reader, args, found.facts, where))
        if name == "Duel.ChainAttack":
            grants.setdefault("attack", f"{where}: an operation calls Duel.ChainAttack (an "
                                        f"attack again in a row)")
    for e in script.effects:  # continuous grants: an additional Normal Summon while face-up
        if e.code in (c["EFFECT_EXTRA_SUMMON_COUNT"], c["EFFECT_SET_SUMMON_COUNT_LIMIT"]) \
                and e.type & c["EFFECT_TYPE_FIELD"]:
            grants.setdefault("normal_summon", f"{where}: {reader.describe(e)} (continuous)")
        if e.code in [c[code] for code in _FOES]:
            found = found.said(replace(found.facts, tributes_foes=True), "tributes_foes",
                               f"{where}: {reader.describe(e)}")
        if e.code == c["EFFECT_SET_POSITION"]:  # the position its value names
            found = found.then(positions.set_position(reader, e, found.facts, where))
    # the code of the card's effects, and of what their operations register (a delayed
    # effect: "during the End Phase of this turn, change them to face-up Defense Position")
    for e in [*script.effects, *script.operation_effects]:
        scanned, granting = _scan(reader, e, found.facts, where)
        found = found.then(scanned)
        for grant, source in granting.items():
            grants.setdefault(grant, source)  # the first source of each grant kept
    if "attack" in grants and "Duel.ChainAttack" in grants["attack"] and \
            card.get("kind") == "monster" and not found.facts.extra_attack:
        # a monster's "it can attack again in a row": the attacker is the monster itself
        found = found.said(replace(found.facts, extra_attack=True), "extra_attack",
                           grants["attack"])
    found = found.then(summons.own_summons(reader, script, found.facts, where,
                                           bool(card.get("pendulum"))))
    granted = tuple(grant for grant in ("normal_summon", "attack") if grant in grants)
    found = found.then(Found(replace(found.facts, grants=(*found.facts.grants, *granted)),
                             tuple(("grants", grants[grant]) for grant in granted)))
    found = found.then(positions.set_again(card, found.facts, where))
    if not found.facts.positions:  # none left (a Spell or Trap Set again): no source either
        return Found(found.facts, tuple(n for n in found.notes if n[0] != "positions"))
    return found


def _scan(reader: Reader, e: Registered, facts: CardFacts,
          where: str) -> tuple[Found, dict[str, str]]:
    """What an effect's operation or cost code does, read where the stand-ins could not run
    it as far, and the grants it found (each with its first source)."""
    found = Found(facts)
    grants: dict[str, str] = {}
    for key in ("operation", "cost"):
        if key not in e.functions:
            continue
        text = reader.source_of(e.functions[key])
        for needle, grant in _SCANNED.items():
            if _registers(needle, text) and key == "operation":
                grants.setdefault(grant, f"{where}: its operation's code registers "
                                         f"{needle}")
        if key == "operation" and "Duel.ChainAttack(" in text:
            grants.setdefault("attack", f"{where}: its operation's code calls "
                                        f"Duel.ChainAttack (an attack again in a row)")
        if key == "operation" and _ADDITIONAL_SUMMON.search(text):
            grants.setdefault("normal_summon", f"{where}: its operation's code Normal "
                                               f"Summons with ignore_count")
        if key == "operation" and "Duel.SSet(" in text and not found.facts.sets_spell_traps:
            found = found.said(replace(found.facts, sets_spell_traps=True),
                               "sets_spell_traps", f"{where}: its operation's code calls Duel.SSet")
        if "Duel.ChangePosition(" in text:
            found = found.then(positions.in_code(text, found.facts, where, key))
        for helper in reader.helpers(e.functions[key]):
            # its work written in a function of the script's own (Sol and Luna's
            # s.flipflop(c), whose ``c`` is the target, not the card itself)
            if "Duel.ChangePosition(" in helper:
                found = found.then(positions.in_code(helper, found.facts, where,
                                                     f"{key}'s helper",
                                                     card_is_c=bool(HANDLER.search(helper))))
        if _registers("EFFECT_SKIP_DP", text) and not found.facts.skips_draws:
            found = found.said(replace(found.facts, skips_draws=1), "skips_draws",
                               f"{where}: its operation's code registers EFFECT_SKIP_DP (1 "
                               f"Draw Phase assumed)")
        if any(_registers(code, text) for code in _FOES) and not found.facts.tributes_foes:
            found = found.said(replace(found.facts, tributes_foes=True), "tributes_foes",
                               f"{where}: its operation's code registers "
                               f"EFFECT_EXTRA_RELEASE")
    return found, grants


def _skipped(reader: Reader, e: Registered) -> int:
    """Draw Phases an EFFECT_SKIP_DP skips: its reset count, in the player's own turns."""
    count = e.reset_count or 1
    reset = e.reset or 0
    if reader.has(reset, "PHASE_END") and not reader.has(reset, "RESET_SELF_TURN"):
        return max(count // 2, 1)  # End Phases of both players' turns
    return count


def _registers(name: str, text: str) -> bool:
    """True when code uses the effect code ``name`` other than to ask about it: to register
    one (``e1:SetCode(name)``, or a variable set to it), not to test ``c:IsHasEffect(name)``
    nor to name it in a comment.

    >>> _registers("EFFECT_SKIP_DP", "local code=op==1 and EFFECT_SKIP_DP\\ne1:SetCode(code)")
    True
    >>> _registers("EFFECT_EXTRA_RELEASE", "return c:IsHasEffect(EFFECT_EXTRA_RELEASE)")
    False
    """
    code = QUERY.sub("", COMMENT.sub("", text))
    return re.search(rf"\b{name}\b", code) is not None

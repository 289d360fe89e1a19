"""How a card is Summoned, read from what its script registers (docs/cards.md explains each
reading): ``normal_summon``, ``tributes`` (the Level rule and the card's own Normal Summon
procedures), ``gemini``, ``double_tribute`` and ``procedures`` (its own Special Summons and
where they start); the same pass over its own effects reads ``trap_from_hand``,
``direct_attack`` and ``extra_attack`` (:func:`.effects.attacks`). From what its operations
do: ``self_summon``, ``lp_for_tributes`` and ``takes_control`` (:func:`own_summons`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from validator.checks.summon import required_tributes  # the Level rule, as the engine has it

from . import effects
from .constants import PLACE_ORDER

if TYPE_CHECKING:
    from .facts import Facts, Reader
    from .scripts import Script

#: Summon types of EFFECT_SPSUMMON_PROC's value, in words.
SUMMON_TYPES: Final = (("SUMMON_TYPE_LINK", "link"), ("SUMMON_TYPE_PENDULUM", "pendulum"),
                       ("SUMMON_TYPE_XYZ", "xyz"), ("SUMMON_TYPE_SYNCHRO", "synchro"),
                       ("SUMMON_TYPE_RITUAL", "ritual"), ("SUMMON_TYPE_FUSION", "fusion"))
#: A Normal Summon procedure's condition that asks for no Tribute, as EDOPro's scripts write
#: it (``minc==0``), or for a number of them (``Duel.CheckTribute(c,1)``).
_NO_TRIBUTE = re.compile(r"\bminc\s*(?:==|<=)\s*0\b")
_CHECK_TRIBUTE = re.compile(r"CheckTribute\(\s*c\s*,\s*(\d)(?:\s*,\s*(\d))?")
#: ``Duel.SpecialSummon(c,...)`` or ``(e:GetHandler(),...)``: the card Summons itself.
_SUMMONS_ITSELF = re.compile(r"Duel\.SpecialSummon\(\s*(?:c|e:GetHandler\(\))\s*,")
#: A Normal Summon within the turn's count (``Duel.SummonOrSet(tp,sc,false,...)``).
_SUMMONS_IN_COUNT = re.compile(r"Duel\.(?:Summon|MSet|SummonOrSet)\(\s*[^,()]+,\s*[^,()]+,"
                               r"\s*false")


def read(reader: Reader, script: Script, card: dict[str, Any], facts: Facts,
         where: str) -> None:
    """The facts of how the card is Summoned, and the others its own effects state."""
    _normal_summon(reader, script, card, facts, where)
    _own_effects(reader, script, facts, where)
    _tributes(reader, script, card, facts, where)
    _procedures(reader, script, facts, where)


def _normal_summon(reader: Reader, script: Script, card: dict[str, Any], facts: Facts,
                   where: str) -> None:
    """``normal_summon: false`` for a card that is never Normal Summoned: an Extra Deck
    monster, a Main Deck monster with c:EnableReviveLimit(), c:EnableUnsummonable(), or
    effects on itself that bar it with no condition."""
    c = reader.c
    types = set(card.get("types", ()))
    if card.get("kind") == "monster" and types & {"Fusion", "Synchro", "Xyz", "Link"}:
        facts.normal_summon = False
        facts.note("normal_summon", f"an Extra Deck monster ({'/'.join(sorted(types))}) "
                                    f"is never Normal Summoned")
    if "revive_limit" in script.flags and card.get("kind") == "monster" and \
            facts.normal_summon:
        facts.normal_summon = False
        facts.note("normal_summon", f"{where}: c:EnableReviveLimit() on a Main Deck monster "
                                    f"(it must be Special Summoned by its own procedure "
                                    f"or a Ritual Summon)")
    if "unsummonable" in script.flags:
        facts.normal_summon = False
        facts.note("normal_summon", f"{where}: c:EnableUnsummonable()")
    barred = {e.code for e in script.effects if e.type & c["EFFECT_TYPE_SINGLE"] and
              "condition" not in e.functions}
    if c["EFFECT_UNSUMMONABLE_CARD"] in barred or \
            {c["EFFECT_CANNOT_SUMMON"], c["EFFECT_CANNOT_MSET"]} <= barred:
        # a card that cannot be Summoned but may be Set (Amaterasu) keeps normal_summon:
        # the contract has one fact for both, and the reading that flags least wins
        facts.normal_summon = False
        facts.note("normal_summon", f"{where}: EFFECT_UNSUMMONABLE_CARD, or both "
                                    f"EFFECT_CANNOT_SUMMON and EFFECT_CANNOT_MSET, with no "
                                    f"condition")


def _own_effects(reader: Reader, script: Script, facts: Facts, where: str) -> None:
    """What the card's own effects say: ``gemini``, ``double_tribute``, ``trap_from_hand``,
    ``direct_attack`` and ``extra_attack``, from an effect on itself with no condition, and
    (the reading that flags least) from one with a condition."""
    c = reader.c
    for e in script.effects:
        if not (e.type & c["EFFECT_TYPE_SINGLE"]) or "condition" in e.functions:
            continue
        if e.code == c["EFFECT_GEMINI_SUMMONABLE"]:
            facts.gemini = True
            facts.note("gemini", f"{where}: {reader.describe(e)} (Gemini.AddProcedure)")
        if e.code == c["EFFECT_DOUBLE_TRIBUTE"]:
            facts.double_tribute = True
            facts.note("double_tribute", f"{where}: {reader.describe(e)}")
        effects.attacks(reader, e, facts, f"{where}: {reader.describe(e)}")
        if e.code in (c["EFFECT_TRAP_ACT_IN_HAND"], c["EFFECT_QP_ACT_IN_NTPHAND"]):
            facts.trap_from_hand = True
            facts.note("trap_from_hand", f"{where}: {reader.describe(e)}")
    for e in script.effects:  # conditional ones still allow it: the reading that flags least
        if e.type & c["EFFECT_TYPE_SINGLE"] and e.code == c["EFFECT_GEMINI_SUMMONABLE"]:
            facts.gemini = True
        if e.code in (c["EFFECT_TRAP_ACT_IN_HAND"], c["EFFECT_QP_ACT_IN_NTPHAND"]) and \
                not facts.trap_from_hand:
            facts.trap_from_hand = True
            facts.note("trap_from_hand", f"{where}: {reader.describe(e)} (with a condition)")
        # a direct attack of its own: on itself, or on its controller's monsters (itself
        # among them); a Field effect on the opponent's monsters only (Duck Dummy's "the
        # attacks from your opponent's monsters become direct attacks") is not its own
        mine = e.type & c["EFFECT_TYPE_SINGLE"] or (
            e.type & c["EFFECT_TYPE_FIELD"] and (e.target_range or 0) & c["LOCATION_MZONE"])
        why = "with a condition" if "condition" in e.functions else \
            "on its controller's monsters"
        if e.code == c["EFFECT_DIRECT_ATTACK"] and mine and not facts.direct_attack:
            facts.direct_attack = True
            facts.note("direct_attack", f"{where}: {reader.describe(e)} ({why})")
        if e.code in (c["EFFECT_EXTRA_ATTACK"], c["EFFECT_EXTRA_ATTACK_MONSTER"],
                      c["EFFECT_ATTACK_ALL"]) and e.type & c["EFFECT_TYPE_SINGLE"] and \
                not facts.extra_attack:
            facts.extra_attack = True
            facts.note("extra_attack", f"{where}: {reader.describe(e)} (with a condition)")


def _tributes(reader: Reader, script: Script, card: dict[str, Any], facts: Facts,
              where: str) -> None:
    """``tributes``: the Level rule, plus the counts of the card's own Normal Summon
    procedures (extra ways), or only those of its limiting ones (the only way)."""
    c = reader.c
    if card.get("kind") != "monster" or not facts.normal_summon or "level" not in card:
        return
    standard = required_tributes(int(card.get("level") or 0))
    extra: set[int] = set()
    limited: set[int] | None = None
    said: list[str] = []
    helper_calls = [args for name, args in script.calls if name in (
        "Auxiliary.AddNormalSummonProcedure", "Auxiliary.AddNormalSetProcedure")]
    helpers = {(a[1], a[2], a[3], a[4]) for a in helper_calls if len(a) >= 5}
    for ns, opt, lo, hi in helpers:
        if not (isinstance(lo, int) and isinstance(hi, int)):
            continue
        span = set(range(lo, hi + 1))
        if ns and opt:
            extra |= span
        elif ns:
            limited = (limited or set()) | span
        else:
            limited = limited or set()
        said.append(f"aux.AddNormalSummonProcedure({bool(ns)}, {bool(opt)}, {lo}, {hi})")
    for e in script.effects:
        if e.code not in (c["EFFECT_SUMMON_PROC"], c["EFFECT_SET_PROC"],
                          c["EFFECT_LIMIT_SUMMON_PROC"], c["EFFECT_LIMIT_SET_PROC"]):
            continue
        condition = reader.source_of(e.functions["condition"]) \
            if "condition" in e.functions else ""
        if "NormalSummonCondition" in condition or "NormalSetCondition" in condition or \
                e.functions.get("condition", ("",))[0] == "proc_normal.lua":
            continue  # the helper's own procedure, read from its arguments above
        counts: set[int] = set()
        if _NO_TRIBUTE.search(condition):
            counts.add(0)
        for match in _CHECK_TRIBUTE.finditer(condition):
            lo = int(match[1])
            counts |= set(range(lo, int(match[2] or lo) + 1))
        if not counts:
            # a procedure whose count the condition does not write plainly: any count from
            # none up to the Level rule's (the reading that flags least), said so
            counts = set(range(standard + 1))
            said.append(f"{reader.describe(e)} whose condition names no count: 0 to "
                        f"{standard} allowed")
        else:
            said.append(f"{reader.describe(e)}, its condition asking for "
                        f"{' or '.join(map(str, sorted(counts)))} Tribute(s)")
        if e.code in (c["EFFECT_LIMIT_SUMMON_PROC"], c["EFFECT_LIMIT_SET_PROC"]):
            limited = (limited or set()) | counts
        else:
            extra |= counts
    if limited is None and not extra:
        return
    allowed = (limited if limited is not None else {standard}) | extra
    if allowed == {standard}:
        return
    if not allowed:
        facts.normal_summon = False
        facts.note("normal_summon", f"{where}: " + "; ".join(said))
        return
    facts.tributes = sorted(allowed)
    facts.note("tributes", f"{where}: Level {card.get('level')} (the Level rule: "
                           f"{standard}); " + "; ".join(said))


def _procedures(reader: Reader, script: Script, facts: Facts, where: str) -> None:
    """``procedures``: the card's own Special Summon procedures (EFFECT_SPSUMMON_PROC), where
    each starts and the kind of Summon it is."""
    c = reader.c
    for e in script.effects:
        if e.code != c["EFFECT_SPSUMMON_PROC"]:
            continue
        places = reader.places(e.range)
        if e.range & c["LOCATION_EXTRA"]:
            places = ["extra", *places]
        places = places or ["hand"]
        how = next((word for name, word in SUMMON_TYPES
                    if e.value is not None and e.value & 0xff000000 == c[name] & 0xff000000),
                   None)
        entry: dict[str, Any] = {"from": sorted(set(places), key=_place_key)}
        if how is not None:
            entry["summon"] = how
        if entry not in facts.procedures:
            facts.procedures.append(entry)
        facts.note("procedures", f"{where}: {reader.describe(e)}" +
                   (f" ({how})" if how else ""))


def _place_key(place: str) -> int:
    order = ("extra", *PLACE_ORDER)
    return order.index(place) if place in order else len(order)


def own_summons(reader: Reader, script: Script, facts: Facts, where: str) -> None:
    """``self_summon``: the places an activated effect of the card Special Summons the
    card itself from; ``lp_for_tributes``: an effect that pays Life Points and Normal
    Summons within the turn's count (Mausoleum of the Emperor); ``takes_control``: an
    operation that takes control of a monster (Change of Heart, Enemy Controller)."""
    summoning: set[int] = set()
    for name, args, origin in script.operation_calls:
        if origin is None or origin >= len(script.effects):
            continue
        if name == "Duel.SpecialSummon" and args and args[0] == "SELF":
            summoning.add(origin)
        if name == "Duel.GetControl" and not facts.takes_control:
            facts.takes_control = True
            facts.note("takes_control", f"{where}: an operation calls Duel.GetControl")
    for n, e in enumerate(script.effects):
        text = reader.source_of(e.functions["operation"]) if "operation" in e.functions \
            else ""
        if _SUMMONS_ITSELF.search(text):
            summoning.add(n)
        if "GetControl(" in text and not facts.takes_control:
            facts.takes_control = True
            facts.note("takes_control", f"{where}: its operation's code calls "
                                        f"Duel.GetControl")
        paid = any("PayLPCost" in reader.source_of(e.functions[k])
                   for k in ("cost", "target") if k in e.functions)
        if paid and _SUMMONS_IN_COUNT.search(text) and not facts.lp_for_tributes:
            facts.lp_for_tributes = True
            facts.note("lp_for_tributes", f"{where}: {reader.describe(e)} pays Life Points "
                                          f"and Normal Summons within the turn's count")
    for n in sorted(summoning):
        e = script.effects[n]
        kind = reader.kind(e)
        if kind is None:
            continue
        for place in reader.effect_places(e, kind):
            if place not in facts.self_summon:
                facts.self_summon.append(place)
        facts.note("self_summon", f"{where}: {reader.describe(e)} Special Summons the card "
                                  f"itself")
    facts.self_summon.sort(key=PLACE_ORDER.index)


"""How a card is Summoned, read from what its script registers (docs/cards.md explains each
reading): ``normal_summon``, ``tributes`` (the Level rule and the card's own Normal Summon
procedures), ``gemini``, ``double_tribute`` and ``procedures`` (its own Special Summons and
where they start); the same pass over its own effects reads ``trap_from_hand``,
``direct_attack`` and ``extra_attack`` (:func:`.effects.attacks`). From what its operations
do: ``self_summon``, ``lp_for_tributes`` and ``takes_control`` (:func:`own_summons`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final, cast

from validator.cards.facts import CardFacts, Procedure, TributeFor
from validator.rules.checks.summon import required_tributes  # the Level rule, as the engine has it

from . import effects
from .constants import PLACE_ORDER
from .found import Found
from .kinds import term as filter_term

if TYPE_CHECKING:
    from .facts import Reader
    from .found import Notes
    from .scripts import Registered, Script

#: Summon types of EFFECT_SPSUMMON_PROC's value, in words.
SUMMON_TYPES: Final = (("SUMMON_TYPE_LINK", "link"), ("SUMMON_TYPE_PENDULUM", "pendulum"),
                       ("SUMMON_TYPE_XYZ", "xyz"), ("SUMMON_TYPE_SYNCHRO", "synchro"),
                       ("SUMMON_TYPE_RITUAL", "ritual"), ("SUMMON_TYPE_FUSION", "fusion"))
#: A Normal Summon procedure's condition that asks for no Tribute, as EDOPro's scripts write
#: it (``minc==0``), or for a number of them (``Duel.CheckTribute(c,1)``).
_NO_TRIBUTE = re.compile(r"\bminc\s*(?:==|<=)\s*0\b")
_CHECK_TRIBUTE = re.compile(r"CheckTribute\(\s*c\s*,\s*(\d)(?:\s*,\s*(\d))?")
#: Counts a condition names in other words: a group of Tributes chosen between two counts
#: (``aux.SelectUnselectGroup(rg,e,tp,1,1,...)``: Flamvell Commando), a number of monsters
#: to Tribute (``Duel.CheckReleaseGroup(tp,f,1,...)``: Sauropod Brachion), or the most a
#: procedure takes (``if minc>1 ... then return false``: Tainted of the Tistina).
_SELECTED = re.compile(r"SelectUnselectGroup\(\s*[^,()]+(?:\([^()]*\))?\s*,\s*e\s*,\s*tp\s*,"
                       r"\s*(\d+)\s*,\s*(\d+)")
_RELEASE_GROUP = re.compile(r"CheckReleaseGroup\(\s*[^,()]+(?:\([^()]*\))?\s*,\s*[^,()]+\s*,"
                            r"\s*(\d+)\s*,")
_AT_MOST = re.compile(r"\bminc\s*>\s*(\d+)")
#: Words of a condition that Tributes: without any, a procedure that asks only for a free
#: Monster Zone (``Duel.GetLocationCount(tp,LOCATION_MZONE)>0``: the Timelords, Heart of
#: Gaia) Summons without Tributing.
_TRIBUTE_WORDS = re.compile(r"Release|Tribute|minc|SelectUnselectGroup")
_FREE_ZONE = re.compile(r"GetLocationCount\((?:[^()]|\(\))*LOCATION_MZONE\s*\)\s*>\s*0")
#: A condition whose whole body, once the ``c==nil`` check is past, is ``return false``.
_NEVER = re.compile(r"\)\s*(?:if\s+(?:c\s*==\s*nil|not\s+c)\s+then\s+return\s+true\s+end\s*)?"
                    r"return\s+false\s+end\s*$")
#: ``Duel.SpecialSummon(c,...)`` or ``(e:GetHandler(),...)``, or its step form
#: ``Duel.SpecialSummonStep(c,...)`` (PSY-Framegear Gamma Summons itself with the Driver):
#: the card Summons itself; so does a group holding it, ``Group.FromCards(c,tc)`` or ``g+c``
#: (Wizard @Ignister: "Special Summon both this card and that monster"), written in the call
#: or in a variable the function sets so (``local g=Group.FromCards(c,tc)``).
_SPECIAL_SUMMON_OF = re.compile(r"Duel\.SpecialSummon(?:Step)?\(\s*([^,()]+(?:\([^()]*\))?"
                                r"(?:\s*\+\s*[^,()]+)?)\s*,")
_ITSELF = r"(?:\bc\b|e:GetHandler\(\))"
_HOLDS_ITSELF = re.compile(rf"^(?:{_ITSELF}|Group\.FromCards\([^()]*{_ITSELF}[^()]*\)|"
                           rf"\w+\s*\+\s*{_ITSELF}|{_ITSELF}\s*\+\s*\w+)$")
#: The calls that Special Summon (one at once, or one step of several).
_SPECIAL_SUMMONS = ("Duel.SpecialSummon", "Duel.SpecialSummonStep")
#: A Normal Summon within the turn's count (``Duel.SummonOrSet(tp,sc,false,...)``).
_SUMMONS_IN_COUNT = re.compile(r"Duel\.(?:Summon|MSet|SummonOrSet)\(\s*[^,()]+,\s*[^,()]+,"
                               r"\s*false")


def read(reader: Reader, script: Script, card: dict[str, Any], facts: CardFacts,
         where: str) -> Found:
    """The facts of how the card is Summoned, and the others its own effects state."""
    found = _normal_summon(reader, script, card, facts, where)
    found = found.then(_own_effects(reader, script, found.facts, where))
    found = found.then(_tributes(reader, script, card, found.facts, where))
    found = found.then(_foe_tributes(reader, script, found.facts, where))
    return found.then(_procedures(reader, script, found.facts, where))


def _normal_summon(reader: Reader, script: Script, card: dict[str, Any], facts: CardFacts,
                   where: str) -> Found:
    """``normal_summon: false`` for a card that is never Normal Summoned: an Extra Deck
    monster, a Main Deck monster with c:EnableReviveLimit(), c:EnableUnsummonable(), or
    effects on itself that bar it with no condition."""
    c = reader.c
    said: list[str] = []
    types = set(card.get("types", ()))
    if card.get("kind") == "monster" and types & {"Fusion", "Synchro", "Xyz", "Link"}:
        said.append(f"an Extra Deck monster ({'/'.join(sorted(types))}) is never Normal "
                    f"Summoned")
    if "revive_limit" in script.flags and card.get("kind") == "monster" and \
            facts.normal_summon and not said:
        said.append(f"{where}: c:EnableReviveLimit() on a Main Deck monster (it must be "
                    f"Special Summoned by its own procedure or a Ritual Summon)")
    if "unsummonable" in script.flags:
        said.append(f"{where}: c:EnableUnsummonable()")
    barred = {e.code for e in script.effects if e.type & c["EFFECT_TYPE_SINGLE"] and
              "condition" not in e.functions}
    if c["EFFECT_UNSUMMONABLE_CARD"] in barred or \
            {c["EFFECT_CANNOT_SUMMON"], c["EFFECT_CANNOT_MSET"]} <= barred:
        # a card that cannot be Summoned but may be Set (Amaterasu) keeps normal_summon:
        # the contract has one fact for both, and the reading that flags least wins
        said.append(f"{where}: EFFECT_UNSUMMONABLE_CARD, or both EFFECT_CANNOT_SUMMON and "
                    f"EFFECT_CANNOT_MSET, with no condition")
    if not said:
        return Found(facts)
    return Found(replace(facts, normal_summon=False),
                 tuple(("normal_summon", source) for source in said))


def _own_effects(reader: Reader, script: Script, facts: CardFacts, where: str) -> Found:
    """What the card's own effects say: ``gemini``, ``double_tribute``, ``trap_from_hand``,
    ``direct_attack`` and ``extra_attack``, from an effect on itself (EFFECT_TYPE_SINGLE) with
    no condition, and (the reading that flags least) from one with a condition."""
    c = reader.c
    notes: Notes = ()
    for e in script.effects:
        if not (e.type & c["EFFECT_TYPE_SINGLE"]) or "condition" in e.functions:
            continue
        if e.code == c["EFFECT_GEMINI_SUMMONABLE"]:
            facts = replace(facts, gemini=True)
            notes += (("gemini", f"{where}: {reader.describe(e)} (Gemini.AddProcedure)"),)
        if e.code == c["EFFECT_DOUBLE_TRIBUTE"]:
            facts, said = _double_tribute(reader, e, facts, where)
            notes += said
        facts, said = effects.attacks(reader, e, facts, f"{where}: {reader.describe(e)}")
        notes += said
        if e.code in (c["EFFECT_TRAP_ACT_IN_HAND"], c["EFFECT_QP_ACT_IN_NTPHAND"]):
            facts = replace(facts, trap_from_hand=True)
            notes += (("trap_from_hand", f"{where}: {reader.describe(e)}"),)
    for e in script.effects:  # conditional ones still allow it: the reading that flags least
        if e.type & c["EFFECT_TYPE_SINGLE"] and e.code == c["EFFECT_GEMINI_SUMMONABLE"]:
            facts = replace(facts, gemini=True)
        if e.code in (c["EFFECT_TRAP_ACT_IN_HAND"], c["EFFECT_QP_ACT_IN_NTPHAND"]) and \
                e.type & c["EFFECT_TYPE_SINGLE"] and not facts.trap_from_hand:
            # on the card itself: a Field effect letting its controller's Traps be activated
            # from the hand (Traptrix Atrax, the Magical Musketeers) is not the card's own
            facts = replace(facts, trap_from_hand=True)
            notes += (("trap_from_hand", f"{where}: {reader.describe(e)} (with a condition)"),)
        # a direct attack of its own: on itself, or on its controller's monsters (itself
        # among them); a Field effect on the opponent's monsters only (Duck Dummy's "the
        # attacks from your opponent's monsters become direct attacks") is not its own
        mine = e.type & c["EFFECT_TYPE_SINGLE"] or (
            e.type & c["EFFECT_TYPE_FIELD"] and (e.target_range or 0) & c["LOCATION_MZONE"])
        why = "with a condition" if "condition" in e.functions else \
            "on its controller's monsters"
        if e.code == c["EFFECT_DIRECT_ATTACK"] and mine and not facts.direct_attack:
            facts = replace(facts, direct_attack=True)
            notes += (("direct_attack", f"{where}: {reader.describe(e)} ({why})"),)
        if e.code in (c["EFFECT_EXTRA_ATTACK"], c["EFFECT_EXTRA_ATTACK_MONSTER"],
                      c["EFFECT_ATTACK_ALL"]) and e.type & c["EFFECT_TYPE_SINGLE"] and \
                not facts.extra_attack:
            facts = replace(facts, extra_attack=True)
            notes += (("extra_attack", f"{where}: {reader.describe(e)} (with a condition)"),)
    return Found(facts, notes)


def _double_tribute(reader: Reader, e: Registered, facts: CardFacts,
                    where: str) -> tuple[CardFacts, Notes]:
    """``double_tribute`` and what it is for (``double_tribute_for``): an EFFECT_DOUBLE_TRIBUTE
    on the monster itself counts it as 2 Tributes for the Tribute Summon of a monster its value
    allows: any (a number: World Ark), or those its value function's filter names (Kaiser Sea
    Horse: ``c:IsAttribute(ATTRIBUTE_LIGHT)``, read by :func:`tribute_filter`); a filter it
    cannot read is ``"unread"`` (the document gets no ``double_tribute`` then)."""
    if "value" not in e.functions:
        return replace(facts, double_tribute=True), (
            ("double_tribute", f"{where}: {reader.describe(e)} (any monster's Tribute Summon)"),)
    found = tribute_filter(reader.source_of(e.functions["value"]))
    return replace(facts, double_tribute=True,
                   double_tribute_for="unread" if found is None else found), (
        ("double_tribute", f"{where}: {reader.describe(e)} with a value function"),
        ("double_tribute_for", f"{where}: {reader.describe(e)}'s value function " + (
            "not read as a filter (no double_tribute in the document)" if found is None else
            "allows " + " and ".join(f"{k} {v}" for k, v in found.items()))))


#: One term of a double Tribute's value function: ``c:IsAttribute(ATTRIBUTE_LIGHT)``.
_FILTER_TERM = re.compile(r"(\w+):Is(Attribute|Race|Type|SetCard|Code)\(\s*([A-Z][A-Z0-9_]*|\d+)"
                          r"\s*\)")
_VALUE_FUNCTION = re.compile(r"function\b[^(]*\(\s*\w+\s*,\s*(\w+)\s*\)\s*return\s+(.+?)\s+"
                             r"end\b", re.S)


def tribute_filter(function: str) -> TributeFor | None:
    """What a double Tribute's value function ``(e,c)`` allows of the Summoned monster ``c``,
    as ``double_tribute_for`` holds it: terms joined by ``and``, each one of
    ``IsAttribute(ATTRIBUTE_X)`` (``attribute``), ``IsRace(RACE_X)`` (``race``, as the card
    data names it), ``IsType(TYPE_X)`` (``type``), ``IsSetCard(SET_X)`` (``series``: the
    archetype, resolved into its cards by the build) and ``IsCode(n)`` (``cards``); None for
    anything else (another call, ``or``, ``not``, two terms of one kind).

    >>> tribute_filter("function s.condition(e,c)\\n\\treturn c:IsAttribute(ATTRIBUTE_LIGHT)\\nend")
    {'attribute': 'LIGHT'}
    >>> tribute_filter("e3:SetValue(function(e,c) return c:IsAttribute(ATTRIBUTE_LIGHT) and "
    ...                "c:IsRace(RACE_FAIRY) end)")
    {'attribute': 'LIGHT', 'race': 'Fairy'}
    >>> tribute_filter("function s.c(e,c) return c:IsSetCard(SET_STEELSWARM) end")
    {'series': 'STEELSWARM'}
    >>> tribute_filter("function s.c(e,c) return c:IsRace(RACE_DRAGON) or c:IsLevel(7) end") is None
    True
    """
    found = _VALUE_FUNCTION.search(function)
    if found is None:
        return None
    param, body = found[1], found[2]
    out: dict[str, Any] = {}
    for term in re.split(r"\s+and\s+", body.strip()):
        match = _FILTER_TERM.fullmatch(term.strip())
        if match is None or match[1] != param:
            return None
        key, value = filter_term(match[2], match[3])
        if key is None or key in out:
            return None
        out[key] = value
    order = ("attribute", "race", "type", "series", "cards")
    return cast(TributeFor, {k: out[k] for k in order if k in out}) or None


def _tributes(reader: Reader, script: Script, card: dict[str, Any], facts: CardFacts,
              where: str) -> Found:
    """``tributes``: the Level rule, plus the counts of the card's own Normal Summon
    procedures (extra ways), or only those of its limiting ones (the only way)."""
    c = reader.c
    if card.get("kind") != "monster" or not facts.normal_summon or "level" not in card:
        return Found(facts)
    standard = required_tributes(int(card.get("level") or 0))
    extra: set[int] = set()
    limited: set[int] | None = None
    limits: set[int] = set()  # the limiting procedures' codes (Summon, Set)
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
        if e.type & c["EFFECT_TYPE_FIELD"] and e.range and not e.range & c["LOCATION_HAND"]:
            continue  # a procedure it gives other monsters from the field (Leo Wizard's)
        condition = reader.source_of(e.functions["condition"]) \
            if "condition" in e.functions else ""
        if "NormalSummonCondition" in condition or "NormalSetCondition" in condition or \
                e.functions.get("condition", ("",))[0] == "proc_normal.lua":
            continue  # the helper's own procedure, read from its arguments above
        counts = tribute_counts(condition)
        how = ""
        if not counts and condition:
            counts, how = condition_counts(condition)
        if not counts and not _NEVER.search(condition):
            # a procedure whose count the condition does not write plainly: any count from
            # none up to the Level rule's (the reading that flags least), said so
            counts = set(range(standard + 1))
            said.append(f"{reader.describe(e)} whose condition names no count: 0 to "
                        f"{standard} allowed")
        elif not counts:
            said.append(f"{reader.describe(e)} whose condition is always false: never")
        else:
            said.append(f"{reader.describe(e)}, its condition asking for "
                        f"{' or '.join(map(str, sorted(counts)))} Tribute(s){how}")
        if e.code in (c["EFFECT_LIMIT_SUMMON_PROC"], c["EFFECT_LIMIT_SET_PROC"]):
            limited = (limited or set()) | counts
            limits.add(e.code)
        else:
            extra |= counts
    if limited is None and not extra:
        return Found(facts)
    codes = {e.code for e in script.effects}
    if limits == {c["EFFECT_LIMIT_SUMMON_PROC"]} and not helper_calls and \
            c["EFFECT_CANNOT_MSET"] not in codes:
        # its Summon is limited, its Set is not ("Cannot be Normal Summoned, except by
        # Tributing 1 Normal Monster (but can be Normal Set)"): the Set keeps the Level rule,
        # and the contract has one fact for both
        limited = (limited or set()) | {standard}
        said.append(f"its Set by the Level rule ({standard})")
    allowed = (limited if limited is not None else {standard}) | extra
    if allowed == {standard}:
        return Found(facts)
    if not allowed:
        return Found(replace(facts, normal_summon=False),
                     (("normal_summon", f"{where}: " + "; ".join(said)),))
    return Found(replace(facts, tributes=tuple(sorted(allowed))), (
        ("tributes", f"{where}: Level {card.get('level')} (the Level rule: {standard}); " +
         "; ".join(said)),))


def tribute_counts(condition: str) -> set[int]:
    """The Tribute counts a Summon procedure's condition names in the engine's words: none
    (``minc==0``) and ``Duel.CheckTribute(c, n[, m])``.

    >>> sorted(tribute_counts("return minc==0 and Duel.CheckTribute(c,1,2)"))
    [0, 1, 2]
    """
    counts: set[int] = set()
    if _NO_TRIBUTE.search(condition):
        counts.add(0)
    for match in _CHECK_TRIBUTE.finditer(condition):
        lo = int(match[1])
        counts |= set(range(lo, int(match[2] or lo) + 1))
    return counts


def condition_counts(condition: str) -> tuple[set[int], str]:
    """The Tribute counts a Summon procedure's condition names in other words than
    ``minc==0`` and ``Duel.CheckTribute``, and how they were read (none found: empty).

    >>> condition_counts("return aux.SelectUnselectGroup(rg,e,tp,1,1,s.rescon,0)")
    ({1}, ' (aux.SelectUnselectGroup)')
    >>> condition_counts("return Duel.CheckReleaseGroup(c:GetControler(),Card.IsRace,1,false)")
    ({1}, ' (Duel.CheckReleaseGroup)')
    >>> condition_counts("return Duel.GetLocationCount(c:GetControler(),LOCATION_MZONE)>0")
    ({0}, ' (it asks only for a free Monster Zone)')
    >>> condition_counts("if minc>1 then return false end return #g>0 and c:IsReleasable()")
    ({1}, ' (at most minc 1)')
    >>> condition_counts("return Duel.IsExistingMatchingCard(s.f,tp,LOCATION_MZONE,0,1,nil)")
    (set(), '')
    """
    counts: set[int] = set()
    for match in _SELECTED.finditer(condition):
        counts |= set(range(int(match[1]), int(match[2]) + 1))
    if counts:
        return counts, " (aux.SelectUnselectGroup)"
    counts = {int(match[1]) for match in _RELEASE_GROUP.finditer(condition)}
    if counts:
        return counts, " (Duel.CheckReleaseGroup)"
    most = _AT_MOST.search(condition)
    if most is not None and int(most[1]) > 0 and "Releas" in condition:
        return set(range(1, int(most[1]) + 1)), f" (at most minc {most[1]})"
    if _FREE_ZONE.search(condition) and not _TRIBUTE_WORDS.search(condition):
        return {0}, " (it asks only for a free Monster Zone)"
    return set(), ""


#: A Tribute Summon procedure's ``Duel.CheckTribute(c,3,3,mg,1-tp,...)`` or
#: ``Duel.SelectTribute(tp,c,3,3,mg,1-tp,...)``: the Tributes are the opponent's monsters, the
#: monster Summoned to their field (The Winged Dragon of Ra - Sphere Mode).
_FOE_TRIBUTE = re.compile(r"\b(?:CheckTribute|SelectTribute)\([^\n]*?\b1\s*-\s*tp\b")


def _foe_tributes(reader: Reader, script: Script, facts: CardFacts, where: str) -> Found:
    """``tributes_foes`` from the card's own Normal Summon procedure whose Tributes are the
    opponent's monsters ("Requires 3 Tributes from either side of the field")."""
    c = reader.c
    codes = (c["EFFECT_SUMMON_PROC"], c["EFFECT_SET_PROC"], c["EFFECT_LIMIT_SUMMON_PROC"],
             c["EFFECT_LIMIT_SET_PROC"])
    for e in script.effects:
        if e.code not in codes:
            continue
        for key in ("condition", "target"):
            if key in e.functions and _FOE_TRIBUTE.search(reader.source_of(e.functions[key])):
                return Found(replace(facts, tributes_foes=True), (
                    ("tributes_foes", f"{where}: {reader.describe(e)}'s {key} Tributes the "
                                      f"opponent's monsters (1-tp)"),))
    return Found(facts)


def _procedures(reader: Reader, script: Script, facts: CardFacts, where: str) -> Found:
    """``procedures``: the card's own Special Summon procedures (EFFECT_SPSUMMON_PROC), where
    each starts and the kind of Summon it is."""
    c = reader.c
    found = list(facts.procedures)
    notes: Notes = ()
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
        entry = Procedure(tuple(sorted(set(places), key=_place_key)), how)
        if entry not in found:
            found.append(entry)
        notes += (("procedures", f"{where}: {reader.describe(e)}" +
                   (f" ({how})" if how else "")),)
    return Found(replace(facts, procedures=tuple(found)), notes)


def _place_key(place: str) -> int:
    order = ("extra", *PLACE_ORDER)
    return order.index(place) if place in order else len(order)


def summons_itself(text: str) -> bool:
    """True when a function's code Special Summons the card itself, alone or in a group.

    >>> summons_itself("Duel.SpecialSummon(Group.FromCards(c,tc),0,tp,tp,false,false,POS_FACEUP)")
    True
    >>> summons_itself("local sg=g+c\\nDuel.SpecialSummon(sg,0,tp,tp,false,false,POS_FACEUP)")
    True
    >>> summons_itself("Duel.SpecialSummon(tc,0,tp,tp,false,false,POS_FACEUP)")
    False
    """
    for call in _SPECIAL_SUMMON_OF.finditer(text):
        summoned = call[1].strip()
        if _HOLDS_ITSELF.match(summoned):
            return True
        if re.fullmatch(r"\w+", summoned):
            made = re.findall(rf"\b{summoned}\s*=\s*([^\n]+)", text[:call.start()])
            if made and _HOLDS_ITSELF.match(made[-1].strip()):
                return True
    return False


def own_summons(reader: Reader, script: Script, facts: CardFacts, where: str,
                pendulum: bool = False) -> Found:
    """``self_summon``: the places an activated effect of the card Special Summons the
    card itself from (the face-up Extra Deck only for a ``pendulum`` card);
    ``lp_for_tributes``: an effect that pays Life Points and Normal Summons within the
    turn's count (Mausoleum of the Emperor); ``takes_control``: an
    operation that takes control of a monster (Change of Heart, Enemy Controller)."""
    summoning: set[int] = set()
    notes: Notes = ()
    for name, args, origin in script.operation_calls:
        if origin is None or origin >= len(script.effects):
            continue
        if name in _SPECIAL_SUMMONS and args and args[0] == "SELF":
            summoning.add(origin)
        if name == "Duel.GetControl" and not facts.takes_control:
            facts = replace(facts, takes_control=True)
            notes += (("takes_control", f"{where}: an operation calls Duel.GetControl"),)
    for n, e in enumerate(script.effects):
        text = reader.source_of(e.functions["operation"]) if "operation" in e.functions \
            else ""
        if summons_itself(text):
            summoning.add(n)
        if "GetControl(" in text and not facts.takes_control:
            facts = replace(facts, takes_control=True)
            notes += (("takes_control", f"{where}: its operation's code calls "
                                        f"Duel.GetControl"),)
        paid = any("PayLPCost" in reader.source_of(e.functions[k])
                   for k in ("cost", "target") if k in e.functions)
        if paid and _SUMMONS_IN_COUNT.search(text) and not facts.lp_for_tributes:
            facts = replace(facts, lp_for_tributes=True)
            notes += (("lp_for_tributes", f"{where}: {reader.describe(e)} pays Life Points "
                                          f"and Normal Summons within the turn's count"),)
    places = list(facts.self_summon)
    for n in sorted(summoning):
        e = script.effects[n]
        kind = reader.kind(e)
        if kind is None:
            continue
        for place in reader.effect_places(e, kind, pendulum):
            if place not in places:
                places.append(place)
        notes += (("self_summon", f"{where}: {reader.describe(e)} Special Summons the card "
                                  f"itself"),)
    return Found(replace(facts, self_summon=tuple(sorted(places, key=PLACE_ORDER.index))),
                 notes)


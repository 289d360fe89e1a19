"""What a card's text gives other monsters, or itself, beyond the rules, read from its script
(docs/cards.md): ``grants_tributes``, a Normal Summon procedure a card on the field gives its
controller's monsters in the hand (Kashtira Birth: "You can Normal Summon Level 7 monsters
without Tributing"); ``xyz_material_effects``, the effects an Xyz Monster gains while it has
the card as material (Zoodiac Whiptail); and ``defense_attack``, a monster that can attack
while in Defense Position by its own text (Scareclaw Kashtira). All are extensions of a
document's entry (docs/format.md) that the engine honours.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from validator.cards.facts import CardFacts

from . import kinds
from .codefacts import COMMENT
from .found import Found, Notes
from .summons import condition_counts, tribute_counts, tribute_filter

if TYPE_CHECKING:
    from .facts import Reader
    from .scripts import Registered, Script

#: The target helper of a procedure given from the field: its filter argument is the first.
_FIELD_TARGET: Final = re.compile(r"aux\.FieldSummonProcTg\(")
#: ``aux.TargetBoolFunction(Card.IsRace,RACE_DINOSAUR)``: one term about the monster.
_BOOL_TARGET: Final = re.compile(r"aux\.TargetBoolFunction\(\s*Card\.Is(Attribute|Race|Type|"
                                 r"SetCard|Code|Level|LevelAbove)\s*,\s*([A-Z][A-Z0-9_]*|\d+)"
                                 r"\s*\)")
#: A Level term of a filter: ``c:IsLevel(7)``, ``c:IsLevelAbove(7)``.
_LEVEL: Final = re.compile(r"(\w+):IsLevel(Above)?\(\s*(\d+)\s*\)")


#: ``Duel.IsPlayerCanSpecialSummonMonster(tp,id,set,types,atk,def,level,...)``: the card
#: itself (its own ``id``) as a monster of those stats.
_AS_MONSTER: Final = re.compile(r"IsPlayerCanSpecialSummonMonster\(\s*tp\s*,\s*id\s*,\s*[^,()]+"
                                r"\s*,\s*[^,()]+\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,")


def trap_monster(code: str) -> dict[str, int] | None:
    """What a Trap's script Special Summons it as, from the stats it checks it can be
    Summoned with (None: not written so).

    >>> trap_monster("Duel.IsPlayerCanSpecialSummonMonster(tp,id,SET_THE_PHANTOM_KNIGHTS,"
    ...              "TYPE_MONSTER+TYPE_NORMAL,0,300,4,RACE_WARRIOR,ATTRIBUTE_DARK)")
    {'level': 4, 'atk': 0, 'def': 300}
    >>> trap_monster("Duel.IsPlayerCanSpecialSummonMonster(tp,id+1,0,TYPES_TOKEN,0,0,1,1,1)")
    """
    found = {(int(m[1]), int(m[2]), int(m[3])) for m in _AS_MONSTER.finditer(code)}
    if len(found) != 1:
        return None  # none, or two ways told apart (not read)
    [(atk, def_, level)] = found
    return {"level": level, "atk": atk, "def": def_}


def read(reader: Reader, script: Script, facts: CardFacts, where: str,
         kind: str | None = None) -> Found:
    """``defense_attack``, ``xyz_material_effects``, ``grants_tributes`` and (a Trap's)
    ``trap_monster`` of one card: ``facts`` with what it read in them."""
    c = reader.c
    notes: Notes = ()
    as_monster = None
    if kind == "trap":
        as_monster = trap_monster(COMMENT.sub("", reader.texts.get(script.path, "")))
        if as_monster is not None:
            notes += (("trap_monster", f"{where}: Duel.IsPlayerCanSpecialSummonMonster(tp,id,"
                                       f"...) with ATK {as_monster['atk']}, DEF "
                                       f"{as_monster['def']}, Level {as_monster['level']}"),)
    defense_attack, attacks_directly = facts.defense_attack, facts.attacks_directly
    for e in script.effects:
        if e.code == c["EFFECT_DEFENSE_ATTACK"] and e.type & c["EFFECT_TYPE_SINGLE"] and \
                not defense_attack:
            # on itself (with a condition or a value function too: the reading that flags
            # least); one an operation registers on another monster (Scareclaw Sclash's) is
            # that monster's for the turn, not this card's
            defense_attack = True
            notes += (("defense_attack", f"{where}: {reader.describe(e)}"),)
    material_effects = list(facts.xyz_material_effects)
    for e in script.effects:
        if e.code == c["EFFECT_DIRECT_ATTACK"] and e.type & c["EFFECT_TYPE_SINGLE"] and \
                not attacks_directly:
            # on itself (with a condition too: the reading that flags least); one a card
            # gives its controller's monsters (Atlantean Dragoons' Level 3 or lower Sea
            # Serpents) is not its own, nor one an operation registers for a turn
            attacks_directly = True
            notes += (("attacks_directly", f"{where}: {reader.describe(e)}"),)
        material = _material_kind(reader, e)
        if material is not None and material not in material_effects:
            material_effects.append(material)
            notes += (("xyz_material_effects", f"{where}: {reader.describe(e)} (an Xyz "
                                               f"Monster with it as material gains it)"),)
    material_effects.sort(key=("ignition", "trigger", "quick").index)
    double = facts.grants_double_tribute
    for e in script.effects:
        if e.code == c["EFFECT_DOUBLE_TRIBUTE"] and e.type & c["EFFECT_TYPE_EQUIP"] and \
                double is None:
            filtered = {} if "value" not in e.functions else \
                tribute_filter(reader.source_of(e.functions["value"]))
            double = "unread" if filtered is None else dict(filtered)
            notes += (("grants_double_tribute", f"{where}: {reader.describe(e)} (on the "
                       f"equipped monster): " + _for_words(double or None)),)
    facts = replace(facts, trap_monster=as_monster or facts.trap_monster,
                    defense_attack=defense_attack, attacks_directly=attacks_directly,
                    xyz_material_effects=tuple(material_effects), grants_double_tribute=double)
    grants, more = _grants_tributes(reader, script, where)
    return Found(replace(facts, grants_tributes=(*facts.grants_tributes, *grants)),
                 notes + more)


def _grants_tributes(reader: Reader, script: Script,
                     where: str) -> tuple[list[dict[str, Any]], Notes]:
    """``grants_tributes``: the Normal Summon procedures the card gives from the field to its
    controller's monsters in the hand, and their sources."""
    procedures = [e for e in script.effects if _lent_procedure(reader, e)]
    if not procedures:
        return [], ()
    code = COMMENT.sub("", reader.texts.get(script.path, ""))
    filters = [kinds.split_arguments(code, m.end() - 1) for m in _FIELD_TARGET.finditer(code)]
    functions = kinds.script_functions(code)
    grants: list[dict[str, Any]] = []
    notes: Notes = ()
    for i, e in enumerate(procedures):
        counts = _counts(reader, e)
        if not counts:
            continue
        if len(filters) == len(procedures) and filters[i]:
            args = filters[i] or []
            allowed = target_filter(args[0], functions)
            said = f"aux.FieldSummonProcTg({args[0]})"
        elif not filters and "target" in e.functions and \
                e.functions["target"][0] == script.path:
            allowed = _function_filter(reader.source_of(e.functions["target"]))
            said = "its target function"
        else:
            allowed, said = "unread", "its target not found"
        grant: dict[str, Any] = {"tributes": sorted(counts)}
        if allowed is not None:
            grant["for"] = allowed
        grants.append(grant)
        notes += (("grants_tributes", f"{where}: {reader.describe(e)} on its controller's "
                   f"hand, its condition asking for {' or '.join(map(str, sorted(counts)))} "
                   f"Tribute(s), {said}: " + _for_words(allowed)),)
    return grants, notes


def _material_kind(reader: Reader, e: Registered) -> str | None:
    """The kind of an activated effect the card gives an Xyz Monster it is the material of
    (``EFFECT_TYPE_XMATERIAL`` with a quick, trigger or ignition type), else None."""
    c = reader.c
    if not e.type & c["EFFECT_TYPE_XMATERIAL"]:
        return None
    if e.type & (c["EFFECT_TYPE_QUICK_O"] | c["EFFECT_TYPE_QUICK_F"]):
        return "quick"
    if e.type & (c["EFFECT_TYPE_TRIGGER_O"] | c["EFFECT_TYPE_TRIGGER_F"]):
        return "trigger"
    if e.type & c["EFFECT_TYPE_IGNITION"]:
        return "ignition"
    return None  # a continuous one (an ATK gain): no activation


def _for_words(allowed: dict[str, Any] | str | None) -> str:
    """What a procedure given from the field is for, in words, for its source."""
    if isinstance(allowed, str):
        return "not read (no procedure in the document)"
    if allowed is None:
        return "any monster"
    return " and ".join(f"{k} {v}" for k, v in allowed.items())


def _lent_procedure(reader: Reader, e: Registered) -> bool:
    """An ``EFFECT_SUMMON_PROC`` the card gives from the field to its controller's hand (one
    given from elsewhere, Elemental HERO Necroshade's from the Graveyard, is not read: the
    engine looks for such a card face-up on the field)."""
    c = reader.c
    field = c["LOCATION_MZONE"] | c["LOCATION_SZONE"] | c["LOCATION_FZONE"] | \
        c["LOCATION_PZONE"]
    return bool(e.code == c["EFFECT_SUMMON_PROC"] and e.type & c["EFFECT_TYPE_FIELD"] and
                e.range and not e.range & ~field and (e.target_range or 0) & c["LOCATION_HAND"])


def _counts(reader: Reader, e: Registered) -> set[int]:
    """The Tribute counts the procedure's condition asks for (none read: empty)."""
    if "condition" not in e.functions:
        return set()
    condition = reader.source_of(e.functions["condition"])
    return tribute_counts(condition) or condition_counts(condition)[0]


def target_filter(arg: str, functions: dict[str, str]) -> dict[str, Any] | str | None:
    """The monsters a procedure given from the field is for, from the filter its target
    helper is handed: None (``nil``: any), a filter, or ``"unread"``.

    >>> target_filter("s.nttg", {"nttg": "function s.nttg(e,c) return c:IsLevel(7) end"})
    {'level': 7}
    >>> target_filter("aux.TargetBoolFunction(Card.IsRace,RACE_DINOSAUR)", {})
    {'race': 'Dinosaur'}
    >>> target_filter("function(e,c) return c:IsLevelAbove(5) and c:IsRace(RACE_FIEND) end", {})
    {'level_min': 5, 'race': 'Fiend'}
    >>> target_filter("s.f", {"f": "function s.f(e,c) return c:IsLevel(7) or c:IsLevel(8) end"})
    'unread'
    """
    arg = arg.strip()
    if arg in ("", "nil"):
        return None
    plain = _BOOL_TARGET.fullmatch(arg)
    if plain is not None:
        if plain[1] in ("Level", "LevelAbove"):
            return {"level" if plain[1] == "Level" else "level_min": int(plain[2])}
        key, value = kinds.term(plain[1], plain[2])
        return {key: value} if key is not None else "unread"
    named = re.fullmatch(r"s\.(\w+)", arg)
    if named is not None:
        return _function_filter(functions.get(named[1], "")) or "unread"
    return _function_filter(arg) or "unread"


def _function_filter(text: str) -> dict[str, Any] | None:
    """A target function ``(e,c)`` whose body is ``return`` and terms about ``c`` joined by
    ``and``: Level terms (``level``, ``level_min``) and those :mod:`.kinds` reads."""
    found = kinds.FUNCTION.search(text.strip())
    if found is None:
        return None
    params = [p.strip() for p in found[1].split(",")]
    body = found[2].strip()
    if len(params) < 2 or not body.startswith("return "):
        return None
    param = params[1]
    out: dict[str, Any] = {}
    rest: list[str] = []
    for part in re.split(r"\s+and\s+", body.removeprefix("return ").strip()):
        level = _LEVEL.fullmatch(part.strip())
        if level is not None and level[1] == param:
            key = "level_min" if level[2] else "level"
            if key in out:
                return None
            out[key] = int(level[3])
        else:
            rest.append(part)
    if rest:
        others = kinds.conjunction(" and ".join(rest), param)
        if others is None or "atk_max" in others or set(others) & set(out):
            return None
        out.update(others)
    return out or None

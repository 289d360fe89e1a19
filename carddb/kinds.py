"""Kinds of monster a script's filter names, reduced to a fact where the code is plain enough
(docs/cards.md): a Summon procedure's material filter (``aux.FilterBoolFunctionEx(Card.IsRace,
RACE_CYBERSE)``, ``s.matfilter``), what a Special Summon lock still allows (``function(e,c)
return not c:IsRace(RACE_CYBERSE) end``). A filter is terms joined by ``and``, each one of
``c:IsAttribute(ATTRIBUTE_X)`` (``attribute``), ``c:IsRace(RACE_X)`` (``race``),
``c:IsType(TYPE_X)`` (``type``), ``c:IsSetCard(SET_X)`` (``series``: an archetype, resolved
into ``cards`` by the build), ``c:IsCode(n)`` (``cards``) and ``c:GetBaseAttack()<=n`` or
``c:IsAttackBelow(n)`` (``atk_max``: a monster Summoned from the Extra Deck or the hand has its
printed ATK); anything else is not read (None), and the caller says so ("unread").
"""

from __future__ import annotations

import re
from typing import Any, Final

from .stats import ATTRIBUTES, RACES, TYPE_BITS

#: One term: ``c:IsRace(RACE_CYBERSE)``, extra arguments allowed (``c:IsRace(RACE_X,lc,st,tp)``).
_TERM: Final = re.compile(r"(\w+):Is(Attribute|Race|Type|SetCard|Code)\(\s*([A-Z][A-Z0-9_]*|\d+)"
                          r"\s*(?:,[^()]*)?\)")
_ATK: Final = re.compile(r"(\w+):(?:(?:GetBaseAttack|GetTextAttack|GetAttack)\(\)\s*<=\s*(\d+)|"
                         r"IsAttackBelow\(\s*(\d+)\s*\))")
#: ``c:IsSynchroMonster()`` and its like: a card type.
_KIND: Final = re.compile(r"(\w+):Is(Fusion|Synchro|Xyz|Link|Ritual|Pendulum)Monster\(\)")
#: ``aux.FilterBoolFunctionEx(Card.IsRace,RACE_X)`` (or ``FilterBoolFunction``).
_BOOL_FUNCTION: Final = re.compile(r"aux\.FilterBoolFunction(?:Ex)?\(\s*Card\.Is(Attribute|Race|"
                                   r"Type|SetCard|Code)\s*,\s*([A-Z][A-Z0-9_]*|\d+)\s*\)")
#: A function: its parameters and body (``function s.f(c,lc) return ... end``).
FUNCTION: Final = re.compile(r"function\b[^(]*\(([^)]*)\)\s*(.*?)\s*end\s*\)?\s*$", re.S)


def term(what: str, arg: str) -> tuple[str | None, Any]:
    """One ``Is...`` test as a key of a filter and its value (None: not read).

    >>> term("Race", "RACE_CYBERSE"), term("Type", "TYPE_EFFECT"), term("Code", "46986414")
    (('race', 'Cyberse'), ('type', 'Effect'), ('cards', [46986414]))
    """
    name = arg.split("_", 1)[1] if "_" in arg else ""
    if what == "Attribute" and arg.startswith("ATTRIBUTE_") and name in ATTRIBUTES:
        return "attribute", name
    if what == "Race" and arg.startswith("RACE_"):
        races = {re.sub(r"[^A-Z]", "", r.upper()): r for r in RACES} | {"DIVINE": "Divine-Beast"}
        return ("race", races[name]) if name in races else (None, None)
    if what == "Type" and arg.startswith("TYPE_"):
        types = {t.upper(): t for t in TYPE_BITS if t not in ("Monster", "Spell", "Trap")}
        return ("type", types[name]) if name in types else (None, None)
    if what == "SetCard" and arg.startswith("SET_"):
        return "series", name
    if what == "Code" and arg.isdigit():
        return "cards", [int(arg)]
    return None, None


def conjunction(body: str, param: str) -> dict[str, Any] | None:
    """Terms joined by ``and`` about ``param``, as a filter (None: not read).

    >>> conjunction("c:IsAttribute(ATTRIBUTE_DARK) and c:IsRace(RACE_CYBERSE,lc,st,tp)", "c")
    {'attribute': 'DARK', 'race': 'Cyberse'}
    >>> conjunction("c:IsRace(RACE_MACHINE) and c:GetBaseAttack()<=1500", "c")
    {'race': 'Machine', 'atk_max': 1500}
    >>> conjunction("c:IsRace(RACE_MACHINE) and c:IsAttackBelow(1500)", "c")
    {'race': 'Machine', 'atk_max': 1500}
    >>> conjunction("c:IsSynchroMonster()", "c")
    {'type': 'Synchro'}
    >>> conjunction("c:IsLevelAbove(5)", "c") is None
    True
    """
    body = body.strip()
    while body.startswith("(") and body.endswith(")") and _balanced(body[1:-1]):
        body = body[1:-1].strip()
    out: dict[str, Any] = {}
    for part in re.split(r"\s+and\s+", body):
        part = part.strip()
        found = _TERM.fullmatch(part)
        if found is not None and found[1] == param:
            key, value = term(found[2], found[3])
        elif (atk := _ATK.fullmatch(part)) is not None and atk[1] == param:
            key, value = "atk_max", int(atk[2] or atk[3])
        elif (kind := _KIND.fullmatch(part)) is not None and kind[1] == param:
            key, value = "type", kind[2]  # c:IsSynchroMonster(): a Synchro Monster
        else:
            return None
        if key is None or key in out:
            return None
        out[key] = value
    return out or None


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if depth < 0:
            return False
    return depth == 0


def function_filter(text: str) -> dict[str, Any] | None:
    """A filter function's whole body, ``return`` and a conjunction about its first
    parameter (None: not read).

    >>> function_filter("function s.matfilter(c,lc,sumtype,tp) "
    ...                 "return c:IsType(TYPE_EFFECT,lc,sumtype,tp) end")
    {'type': 'Effect'}
    """
    found = FUNCTION.search(text.strip())
    if found is None:
        return None
    params = [p.strip() for p in found[1].split(",")]
    body = found[2].strip()
    if not params or not body.startswith("return "):
        return None
    return conjunction(body.removeprefix("return "), params[0])


def argument_filter(arg: str, functions: dict[str, str]) -> dict[str, Any] | str | None:
    """A procedure's filter argument: None (``nil``: any monster), a filter, or ``"unread"``.
    ``functions`` holds the script's own functions by name (``matfilter``).

    >>> argument_filter("aux.FilterBoolFunctionEx(Card.IsRace,RACE_CYBERSE)", {})
    {'race': 'Cyberse'}
    >>> argument_filter("s.f", {"f": "function s.f(c) return c:IsCode(1) end"})
    {'cards': [1]}
    >>> argument_filter("nil", {}) is None
    True
    >>> argument_filter("aux.NOT(aux.FilterBoolFunctionEx(Card.IsType,TYPE_TOKEN))", {})
    'unread'
    """
    arg = arg.strip()
    if arg in ("", "nil"):
        return None
    plain = _BOOL_FUNCTION.fullmatch(arg)
    if plain is not None:
        key, value = term(plain[1], plain[2])
        return {key: value} if key is not None else "unread"
    named = re.fullmatch(r"s\.(\w+)", arg)
    if named is not None and named[1] in functions:
        return function_filter(functions[named[1]]) or "unread"
    return "unread"


def script_functions(script: str) -> dict[str, str]:
    """The script's own top-level functions (``function s.name(...)``) by name, each with its
    text up to its closing ``end`` at the start of a line (or its one line)."""
    out: dict[str, str] = {}
    for found in re.finditer(r"^function\s+s\.(\w+)\s*\(", script, re.M):
        start = found.start()
        line_end = script.find("\n", start)
        line = script[start:line_end if line_end >= 0 else len(script)]
        if re.search(r"\bend\s*$", line):
            out.setdefault(found[1], line)
            continue
        close = re.compile(r"^end\b", re.M).search(script, start)
        out.setdefault(found[1], script[start:close.end() if close else len(script)])
    return out


def split_arguments(text: str, start: int) -> list[str] | None:
    """The top-level arguments of the call whose ``(`` is at ``start`` (None: unclosed).

    >>> split_arguments("f(c,aux.F(a,b),2)", 1)
    ['c', 'aux.F(a,b)', '2']
    """
    depth = 0
    current: list[str] = []
    out: list[str] = []
    for i in range(start, len(text)):
        ch = text[i]
        if ch in "({[":
            depth += 1
            if depth == 1:
                continue
        elif ch in ")}]":
            depth -= 1
            if depth == 0:
                out.append("".join(current).strip())
                return out
        elif ch == "," and depth == 1:
            out.append("".join(current).strip())
            current = []
            continue
        current.append(ch)
    return None

"""What an Extra Deck monster's own Summon procedures take (``materials``, contract §8), read
from the procedure helpers its script calls, as written in its code (docs/cards.md):
``Link.AddProcedure(c,f,min,max)`` (the count; the rating the materials' ratings add up to, the
card's own), ``Xyz.AddProcedure(c,f,lv,ct,alterf,desc,maxct)`` (the count, the Level of every
material; an alternative procedure ``alterf`` is a second way, its material not read),
``Synchro.AddProcedure(c,f1,min1,max1,f2,min2,max2)`` (the Tuners ``f1`` and the others ``f2``,
the Level sum, the card's own), and the Fusion helpers (``Fusion.AddProcMix``, ``AddProcMixN``,
``AddProcMixRep``, ``AddProcCode2``...: the count). A filter naming kinds of monster is read
where it is plain (:mod:`.kinds`), else ``"unread"``; a procedure helper not known here, or
counts not written as numbers, make the card's whole ``materials`` ``"unread"`` (the judge then
judges none). Ritual Monsters get theirs from the Ritual Spells that name them (the build's
:func:`ritual_spell`).
"""

from __future__ import annotations

import ast
import operator
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from validator.cards.facts import CardFacts, Materials

from . import kinds, locks
from .codefacts import COMMENT
from .found import Found

if TYPE_CHECKING:
    from .facts import Reader
    from .scripts import Script

#: A Summon procedure helper's call as a script writes it.
_CALL: Final = re.compile(r"\b(Link|Xyz|Synchro|Fusion)\.(Add\w+)\(")
#: Helpers that are no Summon procedure of the card's (Contact Fusion is a procedure of its own,
#: ``procedures``; a hand material is a material's, not the card's).
_NOT_PROCEDURES: Final = frozenset({"AddContactProc", "AddHandMaterialEffect"})
#: Fusion helpers whose count is fixed by their name (``Fusion.AddProcCode3``): the count.
_FIXED: Final = {"AddProcCode2": 2, "AddProcCode3": 3, "AddProcCode4": 4, "AddProcFun2": 2}
#: Fusion helpers that repeat a material: the arguments that give (fixed materials, min, max).
_REPEATED: Final = {"AddProcCodeRep": (1, 2, 2), "AddProcCodeRep2": (1, 2, 3),
                    "AddProcCodeFun": (2, 3, 3), "AddProcFunRep": (1, 2, 2),
                    "AddProcFunRep2": (1, 2, 3), "AddProcFunFun": (2, 3, 3),
                    "AddProcFunFunRep": (2, 3, 4), "AddProcCodeFunRep": (2, 3, 4),
                    "AddProcCode2FunRep": (3, 4, 5)}
#: "any number" of materials (Xyz.InfiniteMats, a ``max`` left out of a Synchro's others).
MANY: Final = 99


def _int(arg: str | None) -> int | None:
    return int(arg) if arg is not None and re.fullmatch(r"\d+", arg.strip()) else None


def read(reader: Reader, script: Script, card: dict[str, Any], facts: CardFacts,
         where: str) -> Found:
    """``materials`` of an Extra Deck monster from its procedure helpers' calls."""
    types = set(card.get("types", ()))
    if card.get("kind") != "monster" or not types & {"Fusion", "Synchro", "Xyz", "Link"}:
        return Found(facts)
    code = COMMENT.sub("", reader.texts.get(script.path, ""))
    functions = kinds.script_functions(code)
    found: list[dict[str, Any]] = []
    unread: list[str] = []
    for call in _CALL.finditer(code):
        family, helper = call[1], call[2]
        if helper in _NOT_PROCEDURES:
            continue
        args = kinds.split_arguments(code, call.end() - 1)
        read_one = None if args is None else _procedure(family, helper, args, card, functions,
                                                        _own_levels(code))
        if read_one is None:
            unread.append(f"{family}.{helper}")
            continue
        found += read_one
    if unread:
        return Found(replace(facts, materials="unread"), (
            ("materials", f"{where}: {', '.join(unread)} not read (no material judged)"),))
    if not found:
        return Found(facts)
    return Found(replace(facts, materials=tuple(Materials.from_json(m) for m in found)), (
        ("materials", f"{where}: " + "; ".join(
            f"{m['summon']} {m.get('min')}-{m.get('max')}" + (
                " (its filter not read)" if "unread" in (m.get("kinds"), m.get("tuner_kinds"))
                else "") for m in found)),))


#: An effect a Synchro or Xyz Monster registers so that its own Summon may treat a material
#: as of another Level (``EFFECT_SYNCHRO_LEVEL``: Cupsy★Yummy Way's Link-1 as a Level 1
#: Tuner; ``EFFECT_XYZ_LEVEL``: The Zombie Vampire's opponent's monsters as Level 8).
_OWN_LEVEL: Final = re.compile(r"SetCode\(\s*EFFECT_(SYNCHRO|XYZ)_LEVEL\s*\)")


def _own_levels(code: str) -> frozenset[str]:
    """The Summons (``synchro``, ``xyz``) whose materials' Levels the script's own effects
    change.

    >>> sorted(_own_levels("e1:SetCode(EFFECT_XYZ_LEVEL)"))
    ['xyz']
    """
    return frozenset(m[1].lower() for m in _OWN_LEVEL.finditer(code))


#: What a card lets a monster's Summon take beyond that monster's procedure, as its script
#: registers it (``material_leeway``; docs/cards.md): as a material, or as a card in play.
_LEEWAY: Final = (
    ("hand", re.compile(r"\bSynchro\.AddHandMaterialEffect\(|"
                        r"SetCode\(\s*EFFECT_SYNCHRO_MAT_FROM_HAND\s*\)")),
    ("non_tuner", re.compile(r"SetCode\(\s*EFFECT_NONTUNER\s*\)")),
    ("synchro_level", re.compile(r"SetCode\(\s*EFFECT_SYNCHRO_LEVEL\s*\)")),
    ("xyz_level", re.compile(r"SetCode\(\s*EFFECT_XYZ_LEVEL\s*\)")),
    # a Level changed by one of its effects, its own or another monster's (Shooting Riser
    # Dragon, Kashtira Riseheart, Chef de Nouvelles)
    ("level", re.compile(r"SetCode\(\s*EFFECT_(?:UPDATE|CHANGE)_LEVEL(?:_FINAL)?\s*\)|"
                         r"\bUpdateLevel\(")),
    # a monster made a Tuner (EFFECT_ADD_TYPE's TYPE_TUNER, EFFECT_CAN_BE_TUNER: Battlewasp
    # Wind)
    ("tuner", re.compile(r"SetValue\(\s*TYPE_TUNER\s*\)|SetCode\(\s*EFFECT_CAN_BE_TUNER\s*\)")),
    # materials from another place (Underworld Goddess of the Closed World: 1 monster the
    # opponent controls)
    ("place", re.compile(r"SetCode\(\s*EFFECT_EXTRA_MATERIAL\s*\)")),
    # a monster Special Summoned as an Xyz (Synchro, ...) Summon by the card's own effect,
    # on that effect's terms (Rank-Up-Magic Argent Chaos Force, Exosister Irene)
    *((f"{kind.lower()}_summon",
       re.compile(rf"SpecialSummon(?:Step)?\(\s*[^,()]+,\s*SUMMON_TYPE_{kind}\b"))
      for kind in ("FUSION", "SYNCHRO", "XYZ", "LINK", "RITUAL")),
)


def leeway(reader: Reader, script: Script, facts: CardFacts, where: str) -> Found:
    """``material_leeway``: what the card, as a material or in play, lets a monster's Summon
    take beyond that monster's ``materials`` (a Tuner from the hand, itself as a non-Tuner, a
    Level treated as another or changed, a monster made a Tuner, a material from another
    place, a Summon on its own effect's terms), read in its script's code."""
    code = COMMENT.sub("", reader.texts.get(script.path, ""))
    found = {name: match[0].strip() for name, pattern in _LEEWAY
             if (match := pattern.search(code)) is not None}
    if "level" in found and (lasting := _lasting_level(reader, code)) is not None:
        found["lasting_level"] = lasting
    return Found(replace(facts, material_leeway=(*facts.material_leeway, *found)),
                 tuple(("material_leeway", f"{where}: {said}") for said in found.values()))


#: Where a script changes a Level: an effect given a Level change's code, its variable
#: (``e1:SetCode(EFFECT_UPDATE_LEVEL)``), or a ``tc:UpdateLevel(amt,reset,rc)`` call.
_LEVEL_CODE: Final = re.compile(r"(\w+):SetCode\(\s*EFFECT_(?:UPDATE|CHANGE)_LEVEL(?:_FINAL)?\s*\)")
_UPDATE_LEVEL: Final = re.compile(r"\bUpdateLevel\(")
#: A reset's expression as a script writes it: constants, numbers, ``| + & ~`` and brackets.
_EXPRESSION: Final = re.compile(r"[A-Z][A-Z0-9_]*|0x[0-9a-fA-F]+|\d+|[|+&~()\s]")


def _lasting_level(reader: Reader, code: str) -> str | None:
    """Why a Level the card's effects change may outlast the turn it was changed in
    (``lasting_level``), or None when each change its code makes ends in the End Phase
    (Hi-Speed Re-Level's ``SetReset(RESETS_STANDARD_PHASE_END)``: "until the end of this
    turn") or is a continuous effect of the card itself (one ``initial_effect`` registers
    with no reset: it ends when the card leaves, and while it stays it is in play). A change
    with a reset that has no ``RESET_PHASE|PHASE_END``, that counts more than one End Phase
    or names whose turn (``RESET_SELF_TURN``), or none outside ``initial_effect``, lasts
    (Chef de Nouvelles' ``RESET_EVENT|RESETS_STANDARD``; ``UpdateLevel`` with no reset); a
    reset not written in constants cannot be told: lasting, the reading that flags least."""
    start = re.search(r"function\s+s\.initial_effect\b", code)
    own = (start.start(), _function_end(code, start.start())) if start else (-1, -1)
    for site in _LEVEL_CODE.finditer(code):
        args = locks.effect_call(code, site[1], "SetReset", site.start())
        if args is None:
            if own[0] <= site.start() < own[1]:
                continue  # a continuous effect of the card's own
            return f"{site[0]} with no reset outside initial_effect"
        why = _outlasts(reader, args)
        if why is not None:
            return f"{site[0]}: {why}"
    for site in _UPDATE_LEVEL.finditer(code):
        args = kinds.split_arguments(code, site.end() - 1) or []
        if len(args) < 2 or args[1].strip() in ("", "nil"):
            return "UpdateLevel with its default reset (RESET_EVENT|RESETS_STANDARD)"
        why = _outlasts(reader, args[1:2])
        if why is not None:
            return f"UpdateLevel: {why}"
    return None


def _outlasts(reader: Reader, args: list[str]) -> str | None:
    """Why a ``SetReset(reset, count)`` may outlast the turn, or None when it ends in the
    turn's End Phase."""
    reset = _evaluate(reader, args[0]) if args else None
    count = _evaluate(reader, args[1]) if len(args) > 1 else 1
    if reset is None or count is None:
        return f"reset {', '.join(a.strip() for a in args)} not read"
    c = reader.c
    ends = c["RESET_PHASE"] | c["PHASE_END"]
    if reset & ends != ends:
        return f"reset {args[0].strip()} (not until the End Phase)"
    if count > 1 or reset & (c["RESET_SELF_TURN"] | c["RESET_OPPO_TURN"]):
        return f"reset {', '.join(a.strip() for a in args)} (past this turn's End Phase)"
    return None


def _evaluate(reader: Reader, text: str) -> int | None:
    """The value of a constant expression as Lua reads it (``a|b``, ``a+b``, ``a&~b``), or
    None for anything else (a variable, a call)."""
    tokens = _EXPRESSION.findall(text)
    if "".join(tokens) != text:
        return None
    out: list[str] = []
    for token in tokens:
        if token[0].isalpha():
            if token not in reader.c.values:
                return None
            token = str(reader.c[token])
        out.append(token)
    try:
        return _value(ast.parse("".join(out).strip(), mode="eval").body)
    except SyntaxError:
        return None


_OPERATORS: Final = {ast.BitOr: operator.or_, ast.Add: operator.add, ast.BitAnd: operator.and_}


def _value(node: ast.expr) -> int | None:
    """An expression of numbers, ``| + &`` and ``~`` (``1|~2``), else None.

    >>> _value(ast.parse("0x40|(3&~1)", mode="eval").body)
    66
    """
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Invert):
        inner = _value(node.operand)
        return None if inner is None else ~inner
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _value(node.left), _value(node.right)
        return None if left is None or right is None else \
            _OPERATORS[type(node.op)](left, right)
    return None


def _function_end(code: str, start: int) -> int:
    """Where the function that begins at ``start`` ends: the next top-level function."""
    found = re.compile(r"^function\b", re.M).search(code, start + 1)
    return found.start() if found else len(code)


def _procedure(family: str, helper: str, args: list[str], card: dict[str, Any],
               functions: dict[str, str],
               levels: frozenset[str] = frozenset()) -> list[dict[str, Any]] | None:
    """The materials of one helper's call (None: not read); ``levels``: the Summons whose
    materials' Levels the card's own effects change (no ``level`` or ``level_sum`` then)."""
    def arg(n: int) -> str | None:
        return args[n] if n < len(args) and args[n] not in ("", "nil") else None

    if family == "Link" and helper == "AddProcedure":
        low = _int(arg(2))
        high = _int(arg(3)) if arg(3) is not None else card.get("link")
        if low is None or not isinstance(high, int):
            return None
        out: dict[str, Any] = {"summon": "link", "min": low, "max": high}
        if isinstance(card.get("link"), int):
            out["rating"] = card["link"]
        _kinds(out, "kinds", arg(1), functions)
        return [out]
    if family == "Xyz" and helper == "AddProcedure":
        low, level = _int(arg(3)), _int(arg(2))
        high = low if arg(6) is None else (MANY if "InfiniteMats" in (arg(6) or "")
                                           else _int(arg(6)))
        if low is None or high is None or (arg(2) is not None and level is None):
            return None
        out = {"summon": "xyz", "min": low, "max": high}
        if level is not None and "xyz" not in levels:
            out["level"] = level
        _kinds(out, "kinds", arg(1), functions)
        alternatives = [out]
        if arg(4) is not None:  # "You can also Xyz Summon this card by using ...": 1 material
            alternatives.append({"summon": "xyz", "min": 1, "max": 1, "kinds": "unread"})
        return alternatives
    if family == "Synchro" and helper == "AddProcedure":
        t_low, t_high = _int(arg(2)), _int(arg(3))
        o_low = _int(arg(5))
        o_high = MANY if arg(6) is None else _int(arg(6))
        if t_low is None or t_high is None or o_low is None or o_high is None:
            return None
        out = {"summon": "synchro", "min": t_low + o_low, "max": min(t_high + o_high, MANY)}
        # a second filter not wrapped in Synchro.NonTuner ("1 Tuner + 1+ EARTH monsters",
        # "+ 1+ Tuners"): the others may be Tuners too, no upper bound but the count's
        others_tuners = not (arg(4) or "").startswith("Synchro.NonTuner")
        tuners = [t_low, min(t_high + o_high, MANY) if others_tuners else t_high]
        # a substitute Tuner (the 8th argument: Cupsy★Yummy Way's Link-1 "as a Level 1
        # Tuner"), or the card's own EFFECT_SYNCHRO_LEVEL: neither the Tuners nor the Levels
        # can be counted from the materials' printed data
        if arg(7) is None and "synchro" not in levels:
            out["tuners"] = tuners
            if isinstance(card.get("level"), int):
                out["level_sum"] = card["level"]
        _kinds(out, "kinds", _non_tuner(arg(4)), functions)
        _kinds(out, "tuner_kinds", arg(1), functions)
        # a substitute for a Tuner or for one of the others (the 8th and 9th arguments) may
        # be of other kinds than the filter names
        for key, sub in (("tuner_kinds", arg(7)), ("kinds", arg(8))):
            if sub is not None:
                out[key] = "unread"
        return [out]
    if family == "Fusion":
        count = _fusion_count(helper, args)
        if count is None:
            return None
        return [{"summon": "fusion", "min": min(count[0], MANY), "max": min(count[1], MANY)}]
    return None


def _non_tuner(arg: str | None) -> str | None:
    """A Synchro's others' filter without its ``Synchro.NonTuner`` wrapper (the Tuners are
    counted apart): ``Synchro.NonTuner(nil)`` is any, ``Synchro.NonTunerEx(Card.IsRace,X)``
    the filter ``aux.FilterBoolFunctionEx(Card.IsRace,X)``.

    >>> _non_tuner("Synchro.NonTunerEx(Card.IsRace,RACE_DRAGON)")
    'aux.FilterBoolFunctionEx(Card.IsRace,RACE_DRAGON)'
    >>> _non_tuner("Synchro.NonTuner(nil)") is None
    True
    """
    if arg is None:
        return None
    found = re.fullmatch(r"Synchro\.NonTuner\(\s*(nil)?\s*\)", arg)
    if found is not None:
        return None
    found = re.fullmatch(r"Synchro\.NonTunerEx\(\s*(Card\.Is\w+\s*,\s*\w+)\s*\)", arg)
    if found is not None:
        return f"aux.FilterBoolFunctionEx({found[1]})"
    found = re.fullmatch(r"Synchro\.NonTuner\(\s*(s\.\w+)\s*\)", arg)
    return found[1] if found is not None else arg


def _kinds(out: dict[str, Any], key: str, arg: str | None, functions: dict[str, str]) -> None:
    """What the materials of a filter must be; an ATK a material's filter names is its ATK on
    the field, which an effect may have changed: not read."""
    found = kinds.argument_filter(arg or "nil", functions)
    if isinstance(found, dict) and "atk_max" in found:
        found = "unread"
    if found is not None:
        out[key] = found


def _fusion_count(helper: str, args: list[str]) -> tuple[int, int] | None:
    """How many materials a Fusion helper's call names (None: not read).

    >>> _fusion_count("AddProcMix", ["c", "true", "true", "1", "s.f"])
    (2, 2)
    >>> _fusion_count("AddProcMixN", ["c", "true", "true", "s.f", "3", "2", "1"])
    (4, 4)
    >>> _fusion_count("AddProcMixRep", ["c", "true", "true", "s.f", "1", "99", "2"])
    (2, 100)
    >>> _procedure("Fusion", "AddProcMixRep", ["c", "true", "true", "s.f", "1", "99", "2"], {},
    ...            {})
    [{'summon': 'fusion', 'min': 2, 'max': 99}]
    """
    if helper in _FIXED:
        return _FIXED[helper], _FIXED[helper]
    if helper == "AddProcMix":
        return (len(args) - 3,) * 2 if len(args) > 3 else None
    if helper == "AddProcMixN":
        counts = [_int(a) for a in args[4::2]]
        if len(args) < 5 or None in counts:
            return None
        total = sum(n for n in counts if n is not None)
        return total, total
    if helper == "AddProcMixRep":
        low, high = (_int(args[4]), _int(args[5])) if len(args) > 5 else (None, None)
        if low is None or high is None:
            return None
        rest = len(args) - 6
        return low + rest, high + rest
    if helper in _REPEATED:
        fixed, low_at, high_at = _REPEATED[helper]
        low = _int(args[low_at]) if low_at < len(args) else None
        high = _int(args[high_at]) if high_at < len(args) else None
        if low is None or high is None:
            return None
        return fixed - 1 + low, fixed - 1 + high
    return None


#: A Ritual Spell's procedure helper, as its script writes it.
_RITUAL: Final = re.compile(r"\bRitual\.(AddProcGreaterCode|AddProcEqualCode|AddProcGreater|"
                            r"AddProcEqual)\s*(\(|\{)")
#: Named arguments of a Ritual procedure that change what the Tributes are (their Levels from
#: another source, other places, a requirement of its own): such a Spell is not read.
_RITUAL_OTHER: Final = ("lv", "requirementfunc", "extrafil", "location", "matfilter",
                        "customoperation", "specificmatfilter", "forcedselection")


def ritual_spell(text: str) -> list[tuple[str, int | str, int | None]]:
    """What a Ritual Spell's script Ritual Summons by code or archetype, and how its Tributes'
    Levels count: ``(ritual, monster, level)``, ``ritual`` being ``equal`` or ``at_least``, the
    monster a passcode or an archetype (``SET_X``'s name), the Level the Tributes make when the
    Spell fixes one (else the monster's); a procedure whose Tributes are counted otherwise
    (an ``extrafil``, a ``requirementfunc`` of its own) is left out.

    >>> ritual_spell("Ritual.AddProcGreaterCode(c,4,nil,71408082)")
    [('at_least', 71408082, 4)]
    >>> ritual_spell("Ritual.AddProcEqual{handler=c,"
    ...              "filter=aux.FilterBoolFunction(Card.IsSetCard,SET_NEKROZ)}")
    [('equal', 'NEKROZ', None)]
    >>> ritual_spell("Ritual.AddProcGreater({handler=c,filter=s.f,extrafil=s.x})")
    []
    """
    out: list[tuple[str, int | str, int | None]] = []
    code = COMMENT.sub("", text)
    functions = kinds.script_functions(code)
    for call in _RITUAL.finditer(code):
        helper = call[1]
        ritual = "at_least" if "Greater" in helper else "equal"
        args = kinds.split_arguments(code, call.end() - 1)
        if args is None:
            continue
        if helper.endswith("Code"):
            level = _int(args[1]) if len(args) > 1 else None
            if len(args) > 3 and (level is not None or args[1] == "nil"):
                out += [(ritual, int(a), level) for a in args[3:] if _int(a) is not None]
            continue
        if call[2] == "{" or (args and args[0].startswith("{")):
            table = args if call[2] == "{" else (kinds.split_arguments(args[0], 0) or [])
            named = {m[1]: m[2].strip() for a in table
                     if (m := re.match(r"\s*(\w+)\s*=\s*(.*)$", a, re.S)) is not None}
        else:
            named = {k: v for k, v in zip(("handler", "filter", "lv"), args, strict=False)
                     if v not in ("", "nil")}
        if any(k in named for k in _RITUAL_OTHER if k != "lv"):
            continue
        level = _int(named.get("lv"))
        if "lv" in named and level is None:
            continue  # a Level of another source (the monster's ATK)
        found = kinds.argument_filter(named.get("filter", "nil"), functions)
        if isinstance(found, dict) and set(found) == {"cards"}:
            out += [(ritual, n, level) for n in found["cards"]]
        elif isinstance(found, dict) and set(found) == {"series"}:
            out.append((ritual, found["series"], level))
    return out

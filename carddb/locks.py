"""The Special Summon restrictions a card's effects put on its controller (``locks``, contract
§8), read from the code of each activated effect (its cost, target and operation, and the
script's own functions they call): an ``EFFECT_CANNOT_SPECIAL_SUMMON`` registered for the player
(``Duel.RegisterEffect(e1,tp)``), with what its target function still allows
(``function(e,c) return not c:IsRace(RACE_CYBERSE) end``: Cyberse monsters), where it applies
(``c:IsLocation(LOCATION_EXTRA) and ...``: from the Extra Deck), its scope (``turn`` when the
effect checks the turn's Special Summons, ``Duel.GetCustomActivityCount(id,tp,
ACTIVITY_SPSUMMON)``: "the turn you activate this card"; else ``rest_of_turn``) and which
effect imposes it. A target function not read is ``allows: "unread"`` (never judged).
docs/cards.md explains it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from validator.cards.facts import CardFacts, Lock

from . import kinds
from .codefacts import COMMENT
from .found import Found

if TYPE_CHECKING:
    from .facts import Reader
    from .found import Notes
    from .scripts import Script

_LOCK: Final = re.compile(r"(\w+):SetCode\(\s*EFFECT_CANNOT_SPECIAL_SUMMON\s*\)")
_TURN: Final = re.compile(r"Get(?:Custom)?ActivityCount\([^()]*ACTIVITY_SPSUMMON")
#: A check that the turn's Special Summons are the card's own one (Nekroz of Sophia's "other
#: monsters": ``Duel.GetActivityCount(tp,ACTIVITY_SPSUMMON)==1``).
_ONE_BEFORE: Final = re.compile(r"Get(?:Custom)?ActivityCount\([^()]*ACTIVITY_SPSUMMON\)\s*"
                                r"(?:==|<=)\s*1\b")
_EXTRA: Final = re.compile(r"^(\w+):IsLocation\(\s*LOCATION_EXTRA\s*\)$")
#: A monster of another Attribute or Type than X (``c:IsAttributeExcept(ATTRIBUTE_X)``,
#: ``c:GetRace()~=RACE_X``).
_EXCEPT: Final = re.compile(r"(\w+):(?:Is(Attribute|Race)Except\(\s*([A-Z][A-Z0-9_]*)\s*\)|"
                            r"Get(Attribute|Race)\(\)\s*~=\s*([A-Z][A-Z0-9_]*))")


def read(reader: Reader, script: Script, card: dict[str, Any], facts: CardFacts, where: str,
         entries: dict[int, int]) -> Found:
    """``locks`` from the card's effects, each once (``entries``: which entry of ``effects``
    holds each of the script's effects)."""
    found_locks = list(facts.locks)
    notes: Notes = ()
    code = COMMENT.sub("", reader.texts.get(script.path, ""))
    functions = kinds.script_functions(code)
    for n, e in enumerate(script.effects):
        activation = bool(e.type & reader.c["EFFECT_TYPE_ACTIVATE"]) and \
            card.get("kind") != "monster"
        if not activation and n not in entries:
            continue
        texts = [reader.source_of(e.functions[k]) for k in ("cost", "target", "operation")
                 if k in e.functions]
        for k in ("cost", "target", "operation"):
            if k in e.functions:
                texts += reader.helpers(e.functions[k])
        checks = [*texts, reader.source_of(e.functions["condition"])] \
            if "condition" in e.functions else texts
        scope = "turn" if any(_TURN.search(t) for t in checks) else "rest_of_turn"
        # "You cannot Special Summon other monsters the turn you activate this effect": the
        # check lets one Special Summon (the card's own) have happened this turn
        itself = scope == "turn" and any(_ONE_BEFORE.search(t) for t in checks)
        by: int | str = "activation" if activation else entries[n]
        for text in texts:
            text = COMMENT.sub("", text)
            for found in _LOCK.finditer(text):
                if not re.search(r"Duel\.RegisterEffect\(\s*" + found[1] + r"\b", text):
                    continue
                whose = effect_call(text, found[1], "SetTargetRange", found.start())
                if whose is not None and re.sub(r"\s", "", ",".join(whose[:2])) == "0,1":
                    continue  # a lock on the opponent: none of the player's (§8 has no whose)
                if _later_turn(text, found[1], found.start(), functions):
                    continue  # "during your next turn": none of this turn's
                if _while(text, found[1], found.start()):
                    notes += (("locks", f"{where}: {reader.describe(e)} registers "
                                        f"EFFECT_CANNOT_SPECIAL_SUMMON with a condition "
                                        f"(not read: no lock)"),)
                    continue  # "while you control that card": a scope §8 has not
                applies, allows = _target(text, found[1], found.start(), functions)
                if itself and allows == []:
                    allows = [{"cards": [script.code]}]
                lock = Lock.from_json({"applies": applies, "allows": allows, "scope": scope,
                                       "by": by})
                if lock not in found_locks:
                    found_locks.append(lock)
                    notes += (("locks", f"{where}: {reader.describe(e)} registers "
                                        f"EFFECT_CANNOT_SPECIAL_SUMMON for its player ({scope}"
                                        + (", its target not read" if allows == "unread"
                                           else "") + ")"),)
    return Found(replace(facts, locks=tuple(found_locks)), notes)


def effect_call(text: str, name: str, method: str, at: int) -> list[str] | None:
    """The arguments of effect ``name``'s ``method`` call (``e1:SetTarget(...)``) as it
    stands at ``at``: made from its creation (``name=Effect.CreateEffect(...)``) up to its
    registration, or inherited from the effect it was cloned from (``e2=e1:Clone()``).

    >>> code = ("local e1=Effect.CreateEffect(c) e1:SetTarget(s.t) Duel.RegisterEffect(e1,tp) "
    ...         "local e2=e1:Clone() e2:SetCode(X) Duel.RegisterEffect(e2,tp)")
    >>> effect_call(code, "e2", "SetTarget", code.index("e2:SetCode"))
    ['s.t']
    """
    made = None
    for each in re.finditer(rf"\b{name}\s*=\s*(?:Effect\.CreateEffect|(\w+):Clone)\(",
                            text[:at]):
        made = each  # the last one before ``at``
    begin = made.start() if made is not None else 0
    registered = re.compile(rf"\b(?:Duel|\w+):RegisterEffect\(\s*{name}\b").search(text, at)
    end = registered.start() if registered is not None else len(text)
    calls = list(re.finditer(rf"\b{name}:{method}\(", text[:end]))
    calls = [c for c in calls if c.start() >= begin]
    if calls:
        return kinds.split_arguments(text, calls[-1].end() - 1) or []
    if made is not None and made[1] is not None:
        return effect_call(text, made[1], method, made.start())
    return None


#: A condition that holds on another turn than the one the lock was made in (Lucky Loan's
#: ``Duel.GetTurnCount()~=e:GetLabel()``, the label being that turn).
_LATER: Final = re.compile(r"GetTurnCount\([^()]*\)\s*~=\s*\w+:GetLabel\(\)|"
                           r"\w+:GetLabel\(\)\s*~=\s*Duel\.GetTurnCount\(")


def _later_turn(text: str, name: str, start: int, functions: dict[str, str]) -> bool:
    """Whether the lock's condition (its own or inherited) holds only on a later turn.

    >>> code = ("e1:SetCondition(s.con) e1:SetLabel(Duel.GetTurnCount()) "
    ...         "e1:SetCode(EFFECT_CANNOT_SPECIAL_SUMMON) Duel.RegisterEffect(e1,tp)")
    >>> _later_turn(code, "e1", code.index("e1:SetCode"),
    ...             {"con": "function s.con(e) return Duel.GetTurnCount()~=e:GetLabel() end"})
    True
    """
    args = effect_call(text, name, "SetCondition", start)
    if not args:
        return False
    named = re.fullmatch(r"s\.(\w+)", args[0])
    condition = functions.get(named[1], "") if named is not None else args[0]
    return _LATER.search(condition) is not None


def _while(text: str, name: str, start: int) -> bool:
    """Whether the lock holds only while a condition of its own does (Emblema Oath's "while
    you control that card", written ``e2:SetCondition(function() return
    Duel.IsExistingMatchingCard(...) end)``): a scope that §8 has not, so no lock (the reading
    that flags least). A condition met on a later turn is :func:`_later_turn`'s.

    >>> code = ("e2:SetCondition(function() return Duel.IsExistingMatchingCard(f,tp,"
    ...         "LOCATION_ONFIELD,0,1,nil) end) e2:SetCode(EFFECT_CANNOT_SPECIAL_SUMMON) "
    ...         "Duel.RegisterEffect(e2,tp)")
    >>> _while(code, "e2", code.index("e2:SetCode")), _while(code.replace("Condition", "X"),
    ...                                                      "e2", code.index("e2:SetCode"))
    (True, False)
    """
    registered = re.compile(rf"\b\w+[.:]RegisterEffect\(\s*{name}\b").search(text, start)
    return bool(effect_call(text[:registered.start()] if registered else text, name,
                            "SetCondition", start))


def _target(text: str, name: str, start: int,
            functions: dict[str, str]) -> tuple[str, list[dict[str, Any]] | str]:
    """Where a lock applies and what it still allows, from its ``SetTarget`` (its own or
    the one of the effect it was cloned from)."""
    args = effect_call(text, name, "SetTarget", start)
    if args is None:
        return "all", []  # no target: no Special Summon at all
    if not args:
        return "all", "unread"
    arg = args[0]
    named = re.fullmatch(r"s\.(\w+)", arg)
    function = functions.get(named[1], "") if named is not None else arg
    return target_function(function)


def target_function(text: str) -> tuple[str, list[dict[str, Any]] | str]:
    """A lock's target function (true for a monster it forbids) as where it applies and what
    it still allows.

    >>> target_function("function(e,c) return not c:IsRace(RACE_CYBERSE) end")
    ('all', [{'race': 'Cyberse'}])
    >>> target_function("function(e,c) return c:IsLocation(LOCATION_EXTRA) and not "
    ...                 "(c:IsRace(RACE_MACHINE) and c:GetBaseAttack()<=1500) end")
    ('extra_deck', [{'race': 'Machine', 'atk_max': 1500}])
    >>> target_function("function s.splimit(e,c) return c:IsLocation(LOCATION_EXTRA) and "
    ...                 "not (c:IsType(TYPE_FUSION) or c:IsType(TYPE_SYNCHRO)) end")
    ('extra_deck', [{'type': 'Fusion'}, {'type': 'Synchro'}])
    >>> target_function("function s.splimit(e,c) return c:IsLocation(LOCATION_EXTRA) end")
    ('extra_deck', [])
    >>> target_function("function(e,c) return c:IsAttributeExcept(ATTRIBUTE_DARK) end")
    ('all', [{'attribute': 'DARK'}])
    >>> target_function("function(e,c) return c:IsLocation(LOCATION_EXTRA) and "
    ...                 "not c:IsSynchroMonster() end")
    ('extra_deck', [{'type': 'Synchro'}])
    >>> target_function("function s.splimit(e,c) return c:IsLevelAbove(5) end")
    ('all', 'unread')
    """
    found = kinds.FUNCTION.search(text.strip())
    if found is None:
        return "all", "unread"
    params = [p.strip() for p in found[1].split(",")]
    body = re.sub(r"\s+", " ", found[2].strip())
    if len(params) < 2 or not body.startswith("return "):
        return "all", "unread"
    param = params[1]
    terms = _top_level(body.removeprefix("return "), "and")
    applies = "all"
    rest: list[str] = []
    for term in terms:
        extra = _EXTRA.match(term)
        if extra is not None and extra[1] == param:
            applies = "extra_deck"
        else:
            rest.append(term)
    if not rest:
        return applies, []
    if rest == ["true"]:
        return applies, []
    if len(rest) == 1 and (other := _EXCEPT.fullmatch(rest[0])) is not None and \
            other[1] == param:
        # c:IsAttributeExcept(ATTRIBUTE_X), c:GetRace()~=RACE_X: all but X are forbidden
        key, value = kinds.term(other[2] or other[4], other[3] or other[5])
        return (applies, [{key: value}]) if key is not None else (applies, "unread")
    if len(rest) != 1 or not rest[0].startswith("not "):
        return applies, "unread"
    allowed = rest[0].removeprefix("not ").strip()
    while allowed.startswith("(") and allowed.endswith(")") and \
            kinds.split_arguments(allowed, 0) == [allowed[1:-1]]:
        allowed = allowed[1:-1].strip()
    out: list[dict[str, Any]] = []
    for option in _top_level(allowed, "or"):
        one = kinds.conjunction(option, param)
        if one is None:
            return applies, "unread"
        out.append(one)
    return applies, out


def _top_level(text: str, word: str) -> list[str]:
    """``text`` split at ``word`` (``and``, ``or``) outside parentheses.

    >>> _top_level("a and (b and c) and d", "and")
    ['a', '(b and c)', 'd']
    """
    parts, depth, current = [], 0, ""
    tokens = re.split(r"(\(|\)|\s+)", text)
    for token in tokens:
        if token == "(":
            depth += 1
        elif token == ")":
            depth -= 1
        if depth == 0 and token == word:
            parts.append(current.strip())
            current = ""
            continue
        current += token
    parts.append(current.strip())
    return [p for p in parts if p]

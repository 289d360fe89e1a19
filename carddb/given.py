"""What resolving a card's effect gives beyond the rules, read from the code of its operations
(docs/cards.md): ``gives_gemini_status``, a Gemini monster its operation Special Summons is
treated as an Effect Monster and gains its effects (Gemini Ablation: ``EnableGeminiStatus``
on the monster it Special Summons); ``lessens_tributes``, its player may Tribute Summon the
monsters it names with 1 less Tribute for the rest of the turn (Elborz, the Sacred Lands of
Simorgh: an operation registers ``EFFECT_DECREASE_TRIBUTE`` on the player until the End
Phase). Both are extensions of a document's entry (docs/format.md) that the engine honours
once the card's chain link has resolved. And, for the Duelingbook importer,
``lends_normal_summon``: the additional Normal Summon a card gives its controller while it is
face-up on the field (Catalyst Field, for a Gemini monster).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from validator.cards.facts import CardFacts

from . import kinds
from .codefacts import COMMENT
from .found import Found
from .lent import target_filter

if TYPE_CHECKING:
    from .facts import Reader
    from .scripts import Script

#: ``tc:EnableGeminiStatus()`` (or the older name, ``EnableGeminiState``), or handed to a loop
#: (``g:ForEach(Card.EnableGeminiStatus)``).
_GEMINI: Final = re.compile(r"EnableGeminiStat(?:us|e)\b")
#: ``Duel.SpecialSummon(...)`` or ``Duel.SpecialSummonStep(...)``: a Special Summon by the code.
_SUMMON: Final = re.compile(r"Duel\.SpecialSummon(?:Step)?\(")


def read(reader: Reader, script: Script, facts: CardFacts, where: str) -> Found:
    """``gives_gemini_status`` and ``lessens_tributes`` of one card: ``facts`` with what it
    read in them."""
    found = Found(facts)
    for e in script.effects:
        if "operation" not in e.functions or found.facts.gives_gemini_status:
            continue
        texts = [reader.source_of(e.functions["operation"]),
                 *reader.helpers(e.functions["operation"])]
        code = COMMENT.sub("", "\n".join(texts))
        if _GEMINI.search(code) and _SUMMON.search(code):
            found = found.said(replace(found.facts, gives_gemini_status=True),
                               "gives_gemini_status",
                               f"{where}: {reader.describe(e)}, whose operation Special Summons "
                               f"a monster and calls EnableGeminiStatus on it")
    found = found.then(_lessened(reader, script, found.facts, where))
    return found.then(_lent_summon(reader, script, found.facts, where))


def by_effects(reader: Reader, script: Script, card: dict[str, Any], facts: CardFacts,
               where: str, entries: dict[int, int]) -> Found:
    """``gives_gemini_status_by`` and ``lessens_tributes_by``: which of the card's effects give
    what :func:`read` found (an index in ``effects``, as ``entries`` maps the script's
    effects to them, or ``activation``, a Spell or Trap Card's activation, as a lock's ``by``
    is). Where one of them cannot be told (an effect ``effects`` does not list), none is
    named: any resolution of the card gives it, the reading that flags least."""
    c = reader.c
    activation = c["EFFECT_TYPE_ACTIVATE"]

    def by(indexes: list[int | None]) -> tuple[int | str, ...]:
        out: list[int | str] = []
        for n in indexes:
            if n is None or n >= len(script.effects):
                return ()
            e = script.effects[n]
            own = bool(e.type & activation) and card.get("kind") != "monster"
            one: int | str | None = "activation" if own else entries.get(n)
            if one is None:
                return ()
            if one not in out:
                out.append(one)
        return tuple(out)

    found = Found(facts)
    if facts.gives_gemini_status:
        giving: list[int | None] = []
        for n, e in enumerate(script.effects):
            if "operation" not in e.functions:
                continue
            code = COMMENT.sub("", "\n".join([reader.source_of(e.functions["operation"]),
                                              *reader.helpers(e.functions["operation"])]))
            if _GEMINI.search(code) and _SUMMON.search(code):
                giving.append(n)
        named = by(giving)
        if named:
            found = found.said(replace(facts, gives_gemini_status_by=named),
                               "gives_gemini_status_by", f"{where}: by {list(named)}")
    if found.facts.lessens_tributes is not None:
        lessening = [e.source_effect for e in script.operation_effects
                     if e.code == c["EFFECT_DECREASE_TRIBUTE"] and not e.on_card]
        named = by(lessening) if lessening else ()
        if named:
            found = found.said(replace(found.facts, lessens_tributes_by=named),
                               "lessens_tributes_by", f"{where}: by {list(named)}")
    return found


def _lent_summon(reader: Reader, script: Script, facts: CardFacts, where: str) -> Found:
    """``lends_normal_summon``: a Field effect ``EFFECT_EXTRA_SUMMON_COUNT`` the card registers
    itself, with a range on the field and its controller's hand (or Monster Zone: a Gemini
    Summon) among its targets; the monsters it is for from its ``SetTarget`` (none: any)."""
    c = reader.c
    field = c["LOCATION_MZONE"] | c["LOCATION_SZONE"] | c["LOCATION_FZONE"] | \
        c["LOCATION_PZONE"]
    lending = [e for e in script.effects
               if e.code == c["EFFECT_EXTRA_SUMMON_COUNT"] and e.type & c["EFFECT_TYPE_FIELD"]
               and e.range and not e.range & ~field and
               (e.target_range or 0) & (c["LOCATION_HAND"] | c["LOCATION_MZONE"])]
    if not lending or facts.lends_normal_summon is not None:
        return Found(facts)
    code = COMMENT.sub("", reader.texts.get(script.path, ""))
    named = effect_target(code, "EFFECT_EXTRA_SUMMON_COUNT")
    allowed = "unread" if named is None else \
        target_filter(named, kinds.script_functions(code)) or {}
    out = allowed if isinstance(allowed, str) else dict(allowed)
    said = "a target not read" if allowed == "unread" else \
        "any monster" if named == "" else f"SetTarget({named})"
    return Found(replace(facts, lends_normal_summon=out), (
        ("lends_normal_summon", f"{where}: {reader.describe(lending[0])} while it is face-up "
                                f"on the field, for {said}"),))


def _lessened(reader: Reader, script: Script, facts: CardFacts, where: str) -> Found:
    """``lessens_tributes``: an operation registers ``EFFECT_DECREASE_TRIBUTE`` as a Field
    effect on its player's hand (``Duel.RegisterEffect``, not on a card) whose value lowers
    the Tributes by 1; the monsters it names from the effect's ``SetTarget`` in the code (none:
    any monster)."""
    c = reader.c
    lessening = [e for e in script.operation_effects
                 if e.code == c["EFFECT_DECREASE_TRIBUTE"] and not e.on_card and
                 e.type & c["EFFECT_TYPE_FIELD"] and (e.target_range or 0) & c["LOCATION_HAND"]]
    if not lessening or facts.lessens_tributes is not None:
        return Found(facts)
    code = COMMENT.sub("", reader.texts.get(script.path, ""))
    value = lessening[0].value
    if value is None or value & 0xFFFF != 1:
        allowed: dict[str, Any] | str = "unread"
        said = f"its value {value!r} not read as 1 less Tribute"
    else:
        named = effect_target(code, "EFFECT_DECREASE_TRIBUTE")
        allowed = "unread" if named is None else \
            target_filter(named, kinds.script_functions(code)) or {}
        said = "any monster" if named == "" else f"SetTarget({named})"
    out = allowed if isinstance(allowed, str) else dict(allowed)
    return Found(replace(facts, lessens_tributes=out), (
        ("lessens_tributes", f"{where}: an operation registers EFFECT_DECREASE_TRIBUTE on its "
                             f"player (value {value!r}) for " + (
                                 "a target not read" if allowed == "unread" else said)),))


def effect_target(code: str, name: str) -> str | None:
    """The filter handed to ``SetTarget`` of the script's effects built with code ``name``
    ("": none, any monster; None: such effects that name different ones, or a call not read).

    >>> effect_target("e1:SetCode(EFFECT_DECREASE_TRIBUTE)\\n"
    ...               "e1:SetTarget(aux.TargetBoolFunction(Card.IsRace,RACE_WINGEDBEAST))\\n"
    ...               "Duel.RegisterEffect(e1,tp)", "EFFECT_DECREASE_TRIBUTE")
    'aux.TargetBoolFunction(Card.IsRace,RACE_WINGEDBEAST)'
    >>> effect_target("e1:SetCode(EFFECT_DECREASE_TRIBUTE)\\ne1:SetValue(0x1)\\n"
    ...               "Duel.RegisterEffect(e1,tp)", "EFFECT_DECREASE_TRIBUTE")
    ''
    >>> effect_target("local e2=Effect.CreateEffect(c)\\ne2:SetTarget(s.tg)\\n"
    ...               "e2:SetCode(EFFECT_EXTRA_SUMMON_COUNT)\\nc:RegisterEffect(e2)",
    ...               "EFFECT_EXTRA_SUMMON_COUNT")
    's.tg'
    """
    built = re.compile(rf"(\w+):SetCode\(\s*{re.escape(name)}\s*\)")
    named: set[str] = set()
    for found in built.finditer(code):
        var = found[1]
        made = [m for m in re.finditer(rf"\b{re.escape(var)}\s*=\s*([^\n]*)", code)
                if m.start() < found.start()]
        start = made[-1].start() if made else found.start()
        end = code.find("RegisterEffect", found.end())
        block = code[start:end if end >= 0 else len(code)]
        target = re.search(rf"\b{re.escape(var)}:SetTarget\(", block)
        if target is None:
            if made and ":Clone()" in made[-1][1]:
                return None  # a clone's target is the cloned effect's: not read
            named.add("")
            continue
        args = kinds.split_arguments(block, target.end() - 1)
        if not args or len(args) != 1:
            return None
        named.add(args[0].strip())
    return named.pop() if len(named) == 1 else None

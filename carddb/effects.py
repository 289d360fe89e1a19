"""A card's activated effects (``effects``: their kinds and the places each works from), a
Pendulum Monster's activation as a Spell (``pendulum_activation``), and what its operations
register on the card itself: activated effects merged into ``effects``, and on a monster
``direct_attack`` and ``extra_attack`` (:func:`attacks`, also read from the card's own effects
by :mod:`.summons`). docs/cards.md explains each reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from validator.cards.facts import CardFacts, Effect

from . import limits
from .constants import PLACE_ORDER
from .found import Found
from .scripts import Registered

if TYPE_CHECKING:
    from .constants import Constants
    from .facts import Reader
    from .found import Notes
    from .scripts import Script

#: An operation's ``c:RegisterEffect(e1)`` (``c`` being ``e:GetHandler()``, the card itself),
#: and the constant expressions (``EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O``) its setters take.
_ON_ITSELF = re.compile(r"(\bc|e:GetHandler\(\)):RegisterEffect\((\w+)")
_ON_OTHERS = re.compile(r"(?<![\w.:])(\w+)[:.]RegisterEffect\((\w+)")
#: ``local c=e:GetHandler()``: in a function, ``c`` is the card itself.
HANDLER = re.compile(r"\blocal\s+c\s*=\s*e:GetHandler\(\)")
_CARD_PARAMETER = re.compile(r"\s*(?:local\s+)?function\b[^(]*\(\s*\w+\s*,\s*c\s*[,)]")
_CONSTANTS = re.compile(r"\s*[A-Z][A-Z0-9_]*(?:\s*[+|]\s*[A-Z][A-Z0-9_]*)*\s*")
#: The kinds of activated effects, in the order ``effects`` lists them.
_KINDS = ("ignition", "trigger", "quick")


#: The entries of ``effects`` being built, by kind, limit and the limit's key: each one's
#: places and the script's effects in it (by index).
Merged = dict[tuple[str, str | None, str | None], tuple[list[str], list[int]]]


@dataclass(frozen=True, slots=True)
class Listed:
    """The card's activated effects as :func:`activated` lists them (``entries``, merged
    further by :func:`on_itself`), and what else it found."""

    found: Found
    entries: Merged


@dataclass(frozen=True, slots=True)
class OnItself:
    """The facts with ``effects`` final (:func:`on_itself`), and which entry of ``effects``
    holds each of the script's effects (by index)."""

    found: Found
    entries: dict[int, int]


def activated(reader: Reader, script: Script, card: dict[str, Any], facts: CardFacts,
              where: str) -> Listed:
    """``effects``: the card's activated effects, with every place each works from and its
    limit (``once``, ``shared``: :func:`.limits.limit_of`). Effects of one kind with no limit
    are one entry, as before revision 4 (a card with no limited effect lists each kind
    once); effects of one kind with one hard limit (one count code: "You can only use this
    effect of X once per turn", an effect and its clone for another event) are one entry;
    every other limited effect is an entry of its own (docs/cards.md). ``pendulum_activation``:
    a monster's Spell activation (a Pendulum Monster's, EFFECT_TYPE_ACTIVATE)."""
    merged: Merged = {}
    notes: list[tuple[str, str]] = []
    for n, e in enumerate(script.effects):
        if e.type & reader.c["EFFECT_TYPE_ACTIVATE"] and card.get("kind") == "monster":
            facts = replace(facts, pendulum_activation=True)
            notes.append(("pendulum_activation", f"{where}: {reader.describe(e)}"))
            continue
        kind = reader.kind(e)
        if kind is None:
            continue
        places = reader.effect_places(e, kind, bool(card.get("pendulum")))
        if not places:
            continue  # used only from the face-down Extra Deck: no place of the contract's
        once, key = limits.limit_of(reader, script, e, n)
        _merge(merged, kind, places, once, key, n)
        notes.append(("effects", f"{where}: {reader.describe(e)} -> {kind} from "
                                 f"{', '.join(places)}" + (f", once: {once}" if once else "")))
    return Listed(Found(facts, tuple(notes)), merged)


def on_itself(reader: Reader, script: Script, card: dict[str, Any], facts: CardFacts,
              where: str, listed: Merged) -> OnItself:
    """An operation's registrations on the card itself: its activated effects (merged into
    the ``listed`` ones, making ``effects``), a direct attack, further attacks; with which
    entry of ``effects`` holds each of the script's effects (by index), now that the list is
    final."""
    c = reader.c
    merged: Merged = {key: (list(places), list(of)) for key, (places, of) in listed.items()}
    notes: list[tuple[str, str]] = []
    for e, how in registered_on_itself(reader, script):
        kind = reader.kind(e)
        places = [] if kind is None else \
            reader.effect_places(e, kind, bool(card.get("pendulum")))
        if kind is not None and places:  # (none: used only from the face-down Extra Deck)
            origin = e.source_effect if e.source_effect is not None else -1
            once, key = limits.limit_of(reader, script, e, 1000 + len(merged))
            _merge(merged, kind, places, once, key, origin)
            notes.append(("effects", f"{where}: {how} {reader.describe(e)} -> {kind} from "
                                     f"{', '.join(places)}"))
        if card.get("kind") != "monster" or not e.type & c["EFFECT_TYPE_SINGLE"]:
            continue
        facts, said = attacks(reader, e, facts, f"{where}: {how} {reader.describe(e)}")
        notes += said
    written, entries = _final(merged)
    return OnItself(Found(replace(facts, effects=written), tuple(notes)), entries)


def _merge(merged: Merged, kind: str, places: list[str], once: str | None, key: str | None,
           index: int) -> None:
    known, of = merged.setdefault((kind, once, key), ([], []))
    known += [p for p in places if p not in known]
    if index not in of:
        of.append(index)


def _final(merged: Merged) -> tuple[tuple[Effect, ...], dict[int, int]]:
    """``effects`` as written, by kind: a limit's key kept as ``shared`` where it spans
    entries (a soft limit's own key, ``#n``, never does); and which entry holds each of the
    script's effects."""
    listed = [(kind, once, key, places, of) for kind in _KINDS
              for (k, once, key), (places, of) in merged.items() if k == kind]
    spans: dict[str, int] = {}
    for _, _, key, _, _ in listed:
        if key is not None:
            spans[key] = spans.get(key, 0) + 1
    out: list[Effect] = []
    where: dict[int, int] = {}
    for position, (kind, once, key, places, of) in enumerate(listed):
        out.append(Effect(kind, tuple(sorted(places, key=PLACE_ORDER.index)), once,
                          key if key is not None and spans[key] > 1 else None))
        for index in of:
            where.setdefault(index, position)
    return tuple(out), where


def attacks(reader: Reader, e: Registered, facts: CardFacts,
            source: str) -> tuple[CardFacts, Notes]:
    """``direct_attack`` and ``extra_attack`` from an effect on the monster itself."""
    c = reader.c
    notes: Notes = ()
    if e.code == c["EFFECT_DIRECT_ATTACK"]:
        facts = replace(facts, direct_attack=True)
        notes += (("direct_attack", source),)
    if e.code in (c["EFFECT_EXTRA_ATTACK"], c["EFFECT_EXTRA_ATTACK_MONSTER"],
                  c["EFFECT_ATTACK_ALL"]):
        facts = replace(facts, extra_attack=True)
        notes += (("extra_attack", source),)
    return facts, notes


def registered_on_itself(reader: Reader, script: Script) -> list[tuple[Registered, str]]:
    """What the card's operations register on the card itself ("this card can attack
    directly this turn", an End Phase trigger set up when it is Summoned), each with how it
    was found: as the stand-ins ran the operation, or in the operation's code where they
    stopped before it."""
    found = [(e, "an operation registers on the card") for e in script.operation_effects
             if e.on_card]
    ran = {(e.type, e.code, e.range) for e, _ in found}
    for e in [*script.effects, *script.operation_effects]:
        if "operation" in e.functions:
            text = reader.source_of(e.functions["operation"])
            found += [(r, "its operation's code registers on the card")
                      for r in _registered_in(reader.c, text)
                      if (r.type, r.code, r.range) not in ran]
        if "value" in e.functions and e.type & reader.c["EFFECT_TYPE_SINGLE"]:
            # a value function of an effect on the card itself, such as an
            # EFFECT_MATERIAL_CHECK's (e,c), is handed the card as ``c``
            text = reader.source_of(e.functions["value"])
            if _CARD_PARAMETER.match(text):
                found += [(r, "its value function's code registers on the card")
                          for r in _registered_in(reader.c, text, card_is_c=True)]
    return found


def granted_direct_attack(reader: Reader, script: Script, facts: CardFacts,
                          where: str) -> Found:
    """``grants_direct_attack``: an operation lets another monster attack directly ("target 1
    monster you control; it can attack directly this turn": Infernity Queen, Invoked
    Oceanus), an ``EFFECT_DIRECT_ATTACK`` it registers on a card other than itself, or, as a
    player's effect, on its controller's monsters. Found by running the operation, or in its
    code (``tc:RegisterEffect(e1)``, ``Duel.RegisterEffect(e1,tp)``) where the stand-ins
    stop first. The card's own direct attack is ``direct_attack``.

    >>> from carddb.facts import Reader
    >>> from validator.cards.facts import NO_FACTS
    >>> from carddb.scripts import Script
    >>> kinds = ("SINGLE", "FIELD", "ACTIVATE", "FLIP", "IGNITION", "TRIGGER_O", "TRIGGER_F",
    ...          "QUICK_O", "QUICK_F", "CONTINUOUS")
    >>> reader = Reader({"EFFECT_DIRECT_ATTACK": 74, "LOCATION_MZONE": 4,
    ...                  **{f"EFFECT_TYPE_{k}": 1 << n for n, k in enumerate(kinds)}}, {})
    >>> given = Registered(1, 74, 0, 0, 0, None, None, None, None, None, {}, False)
    >>> granted_direct_attack(reader, Script(1, "c1.lua", operation_effects=[given]),
    ...                       NO_FACTS, "c1.lua").facts.grants_direct_attack
    True
    """
    c = reader.c
    for e in script.operation_effects:
        if e.code != c["EFFECT_DIRECT_ATTACK"] or e.on_card:
            continue
        if e.type & c["EFFECT_TYPE_FIELD"] and not (e.target_range or 0) & c["LOCATION_MZONE"]:
            continue  # the opponent's monsters only
        return Found(replace(facts, grants_direct_attack=True), (
            ("grants_direct_attack", f"{where}: an operation registers "
                                     f"{reader.describe(e)} on another card"),))
    for e in [*script.effects, *script.operation_effects]:
        if "operation" not in e.functions:
            continue
        text = reader.source_of(e.functions["operation"])
        for r in _registered_in(c, text, on_others=True):
            if r.code == c["EFFECT_DIRECT_ATTACK"]:
                return Found(replace(facts, grants_direct_attack=True), (
                    ("grants_direct_attack", f"{where}: its operation's code registers "
                                             f"{reader.describe(r)} on another card"),))
    return Found(facts)


def _registered_in(c: Constants, text: str, card_is_c: bool = False,
                   on_others: bool = False) -> list[Registered]:
    """The effects a function's code registers on the card itself (or, ``on_others``, on
    another card, ``tc:RegisterEffect(e1)``, or for a player, ``Duel.RegisterEffect(e1,tp)``),
    as far as its setters name constants."""
    out: list[Registered] = []
    for call in (_ON_OTHERS if on_others else _ON_ITSELF).finditer(text):
        before = text[:call.start()]
        if on_others and call[1] in ("c", "e"):
            continue  # ``c`` is the card itself, as scripts name it
        if not on_others and call[1] == "c" and not (card_is_c or HANDLER.search(before)):
            continue
        name = call[2]
        made = [m.end() for m in re.finditer(rf"\b{name}\s*=\s*Effect\.CreateEffect\(",
                                             before)]
        if not made:
            continue
        setup = before[made[-1]:]

        def setting(setter: str, setup: str = setup, name: str = name) -> int | None:
            values = re.findall(rf"\b{name}:{setter}\(([^()]*)\)", setup)
            return _constant(c, values[-1]) if values else None

        kind = setting("SetType")
        if kind is None:
            continue
        out.append(Registered(type=kind, code=setting("SetCode") or 0,
                              range=setting("SetRange") or 0, property=0, category=0,
                              count=None, value=None, description=None, reset=None,
                              reset_count=None, functions={}, on_card=True))
    return out


def _constant(c: Constants, expression: str) -> int | None:
    """The value of constants joined by ``+`` or ``|`` (None for anything else).

    >>> from carddb.constants import Constants
    >>> _constant(Constants({"EFFECT_TYPE_SINGLE": 1, "EFFECT_TYPE_TRIGGER_O": 128}),
    ...           "EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O")
    129
    >>> _constant(Constants({}), "0x10") is None
    True
    """
    if not _CONSTANTS.fullmatch(expression):
        return None
    value = 0
    for name in re.findall(r"[A-Z][A-Z0-9_]*", expression):
        if name not in c.values:
            return None
        value |= c[name]
    return value

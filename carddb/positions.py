"""The battle positions a card's effects change monsters to (``positions``: pairs of a scope,
``self`` for the card itself, ``any`` monster or the ``field`` a continuous effect covers, and
a position, ``attack``, ``defense``, ``facedown_defense`` or ``any``), read from its operations'
``Duel.ChangePosition`` calls, from its operation's or cost's code, and from
EFFECT_SET_POSITION; and a Spell or Trap turning itself face-down, which is Set again
(``sets_spell_traps``), no battle position. docs/cards.md explains each reading.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from validator.cards.facts import CardFacts

from .found import Found

if TYPE_CHECKING:
    from .constants import Constants
    from .facts import Reader
    from .scripts import Registered

#: A position as a script's code writes it (``POS_FACEUP_DEFENSE``), and the positions it
#: stands for.
_POSITIONS = re.compile(r"POS_(FACEUP_ATTACK|FACEDOWN_ATTACK|FACEUP_DEFENSE|FACEDOWN_DEFENSE|"
                        r"FACEUP|FACEDOWN|ATTACK|DEFENSE)\b")
_POSITION_WORDS: Final = {"FACEUP_ATTACK": ("attack",), "FACEDOWN_ATTACK": ("facedown_defense",),
                          "FACEUP_DEFENSE": ("defense",),
                          "FACEDOWN_DEFENSE": ("facedown_defense",),
                          "FACEUP": ("attack", "defense"), "FACEDOWN": ("facedown_defense",),
                          "ATTACK": ("attack",), "DEFENSE": ("defense", "facedown_defense")}


def called(reader: Reader, args: tuple[Any, ...], facts: CardFacts, where: str) -> Found:
    """An operation's ``Duel.ChangePosition`` call, with the arguments the stand-ins recorded:
    the positions it names (``any`` when it names none), of the card itself or any monster."""
    scope = "self" if args and args[0] == "SELF" else "any"
    # the positions it names; a boolean (the call's no-flip flag) is not one, though
    # Python counts True as the integer 1, POS_FACEUP_ATTACK's value
    positions = [a for a in args[1:] if isinstance(a, int) and not isinstance(a, bool)]
    found = words(reader.c, positions) or ["any"]
    return _added(facts, [(scope, word) for word in found],
                  f"{where}: an operation calls Duel.ChangePosition")


def set_position(reader: Reader, e: Registered, facts: CardFacts, where: str) -> Found:
    """An EFFECT_SET_POSITION of the card: the position its value names, on every monster a
    continuous (Field) effect covers, or on the card itself."""
    scope = "field" if e.type & reader.c["EFFECT_TYPE_FIELD"] else "self"  # continuous
    found = words(reader.c, [e.value]) if e.value is not None else []
    return _added(facts, [(scope, word) for word in found or ["any"]],
                  f"{where}: {reader.describe(e)}")


def words(c: Constants, values: Iterable[int]) -> list[str]:
    """The positions position masks stand for, each once (face-down Attack Position is read
    as face-down Defense Position).

    >>> from carddb.constants import Constants
    >>> c = Constants({"POS_FACEUP_ATTACK": 1, "POS_FACEDOWN_ATTACK": 2,
    ...                "POS_FACEUP_DEFENSE": 4, "POS_FACEDOWN_DEFENSE": 8})
    >>> words(c, [1 | 4, 2])
    ['attack', 'defense', 'facedown_defense']
    """
    out: list[str] = []
    names = (("POS_FACEUP_ATTACK", "attack"), ("POS_FACEUP_DEFENSE", "defense"),
             ("POS_FACEDOWN_DEFENSE", "facedown_defense"),
             ("POS_FACEDOWN_ATTACK", "facedown_defense"))
    for value in values:
        for name, word in names:
            if c[name] and value & c[name] and word not in out:
                out.append(word)
    return out


def in_code(text: str, facts: CardFacts, where: str, key: str,
            card_is_c: bool = True) -> Found:
    """The ``Duel.ChangePosition`` calls of an operation's or cost's code (``key``), read where
    the stand-ins could not run it as far: the positions each names (every one its arguments
    name: ``c:IsFaceup() and POS_FACEDOWN_DEFENSE or POS_FACEUP_DEFENSE`` is both), of the
    card itself (``e:GetHandler()``, and ``c`` unless ``card_is_c`` is False: a helper's
    parameter) or any monster.

    >>> from validator.cards.facts import NO_FACTS
    >>> in_code("Duel.ChangePosition(c,POS_FACEUP_DEFENSE)", NO_FACTS, "c1.lua",
    ...         "operation").facts.positions
    (('self', 'defense'),)
    """
    found = Found(facts)
    # Duel.ChangePosition calls only: c:IsCanChangePosition() asks, it changes nothing
    for call in re.finditer(r"\bDuel\.ChangePosition\(([^\n]*)", text):
        argument = call[1]
        itself = r"\s*(?:c|e:GetHandler\(\))\s*," if card_is_c else r"\s*e:GetHandler\(\)\s*,"
        scope = "self" if re.match(itself, argument) else "any"
        named = [w for m in _POSITIONS.finditer(argument) for w in _POSITION_WORDS[m[1]]]
        found = found.then(_added(found.facts, [(scope, word) for word in
                                                dict.fromkeys(named or ["any"])],
                                  f"{where}: its {key}'s code calls Duel.ChangePosition"))
    return found


def set_again(card: dict[str, Any], facts: CardFacts, where: str) -> Found:
    """A Spell/Trap turning itself face-down is Set again ("Set this card face-down instead of
    sending it to the GY"), not a monster's battle position: ``sets_spell_traps``, and no
    ``("self", "facedown_defense")`` (the caller drops the sources of ``positions`` left
    empty)."""
    if card.get("kind") == "monster" or ("self", "facedown_defense") not in facts.positions:
        return Found(facts)
    kept = tuple(p for p in facts.positions if p != ("self", "facedown_defense"))
    return Found(replace(facts, positions=kept, sets_spell_traps=True), (
        ("sets_spell_traps", f"{where}: Duel.ChangePosition of the card itself to face-down "
                             f"(it is Set again)"),))


def _added(facts: CardFacts, entries: list[tuple[str, str]], source: str) -> Found:
    """Position changes (``(scope, position)``, each once), each noted with its source."""
    known = list(facts.positions)
    known += [e for e in dict.fromkeys(entries) if e not in known]
    return Found(replace(facts, positions=tuple(known)),
                 tuple(("positions", source) for _ in entries))

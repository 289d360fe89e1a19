"""The limits a card's text puts on its own use (contract §8, revision 4), read from its
script's count limits: on each activated effect ``once`` and ``shared`` (:func:`limit_of`, used
by :mod:`.effects` as it lists them), and on the card ``activations_per_turn`` (a Spell or Trap
card's activation with a count limit: "You can only activate 1 "X" per turn") and
``summons_per_turn`` (``c:SetSPSummonOnce(id)``: "You can only Special Summon "X" once per
turn"). docs/cards.md explains each reading.

EDOPro writes a count limit ``e:SetCountLimit(n, code, flags)``: no code is a soft limit ("Once
per turn": each copy its own); a code (the card's passcode ``id``, or ``{id, n}``, the n-th
limit of that code) is a hard one, shared by every copy and by every effect with that code;
the flags ``EFFECT_COUNT_CODE_OATH`` (counted when activated, even if negated),
``EFFECT_COUNT_CODE_DUEL`` (once per Duel), ``EFFECT_COUNT_CODE_SINGLE`` (the card's effects
with it share one use, per copy) and ``EFFECT_COUNT_CODE_CHAIN`` (once per Chain: no turn's
limit).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from validator.cards.facts import CardFacts

from .found import Found

if TYPE_CHECKING:
    from .facts import Reader
    from .found import Notes
    from .scripts import Registered, Script


def _flag(reader: Reader, flags: int, name: str) -> bool:
    bits = reader.c.values.get(name, 0)
    return bool(bits and flags & bits)


def limit_of(reader: Reader, script: Script, e: Registered,
             n: int) -> tuple[str | None, str | None]:
    """An activated effect's limit: ``once`` (``name``, ``copy``, ``duel``; None: none the
    contract names) and the key of the count it uses (the effects of a card with one key share
    one use; a soft limit's key is its own, ``#n``). A limit of 2 or more uses, and once per
    Chain, are no ``once`` (never flagged).

    >>> from carddb.facts import Reader
    >>> from carddb.scripts import Registered, Script
    >>> reader = Reader({"EFFECT_COUNT_CODE_OATH": 1, "EFFECT_COUNT_CODE_DUEL": 2,
    ...                  "EFFECT_COUNT_CODE_SINGLE": 4, "EFFECT_COUNT_CODE_CHAIN": 8}, {})
    >>> def effect(count, code=None, index=None, flags=None):
    ...     return Registered(1, 0, 0, 0, 0, count, None, None, None, None, {}, True,
    ...                       count_code=code, count_index=index, count_flags=flags)
    >>> script = Script(77, "c77.lua")
    >>> limit_of(reader, script, effect(1, 77), 0), limit_of(reader, script, effect(1, 77, 1), 1)
    (('name', '77'), ('name', '77:1'))
    >>> limit_of(reader, script, effect(1), 2), limit_of(reader, script, effect(1, 77, None, 2), 3)
    (('copy', '#2'), ('duel', '77'))
    >>> limit_of(reader, script, effect(2, 77), 4)
    (None, None)
    >>> limit_of(reader, script, effect(1, 0, None, 4), 5)
    ('copy', 'copy')
    """
    if e.count is None:
        return None, None
    flags = e.count_flags or 0
    if e.count != 1 or _flag(reader, flags, "EFFECT_COUNT_CODE_CHAIN"):
        return None, None
    code = e.count_code or 0
    phase = reader.c.values.get("EVENT_PHASE", 0)
    if not code and phase and e.code & phase and e.code < 2 * phase:
        return None, None  # "During the End Phase": once a turn by itself, no text's limit
    once = "duel" if _flag(reader, flags, "EFFECT_COUNT_CODE_DUEL") else \
        "name" if code else "copy"
    if _flag(reader, flags, "EFFECT_COUNT_CODE_SINGLE") and not code:
        return once, "copy"  # the card's effects with it share one use, per copy
    if not code:
        return once, f"#{n}"
    return once, str(code) if not e.count_index else f"{code}:{e.count_index}"


def read(reader: Reader, script: Script, card: dict[str, Any], facts: CardFacts,
         where: str) -> Found:
    """``activations_per_turn`` and ``summons_per_turn``."""
    notes: Notes = ()
    if "special_summon_once" in script.flags:
        facts = replace(facts, summons_per_turn=1)
        notes += (("summons_per_turn", f"{where}: c:SetSPSummonOnce(id)"),)
    if card.get("kind") == "monster":
        return Found(facts, notes)  # a Pendulum Monster's activation as a Spell: no limit
    found: set[int] = set()
    for e in script.effects:
        if not e.type & reader.c["EFFECT_TYPE_ACTIVATE"] or e.count is None:
            continue
        flags = e.count_flags or 0
        if not e.count_code or _flag(reader, flags, "EFFECT_COUNT_CODE_CHAIN"):
            continue
        if _flag(reader, flags, "EFFECT_COUNT_CODE_DUEL"):
            notes += (("activations_per_turn", f"{where}: {reader.describe(e)} with a count "
                                               f"limit per Duel: not a fact (never flagged)"),)
            continue
        found.add(e.count)
        oath = " (EFFECT_COUNT_CODE_OATH)" if _flag(reader, flags, "EFFECT_COUNT_CODE_OATH") \
            else ""
        notes += (("activations_per_turn", f"{where}: {reader.describe(e)} "
                                           f"SetCountLimit({e.count}, id){oath}"),)
    if found:  # several ways of activating: the laxest
        facts = replace(facts, activations_per_turn=max(found))
    return Found(facts, notes)

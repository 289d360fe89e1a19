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

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

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


#: A card text's limit on its activations ("You can only activate 1 "X" per turn", "You can
#: activate up to 2 "X" per turn", "You can only activate "X" once per turn").
_ACTIVATE_CLAUSE: Final = re.compile(r"\bYou can (?:only )?activate\b[^.]*\bper turn", re.I)


def activation_clause(text: str) -> bool:
    """True when a card's text limits its activations, not its effects' uses.

    >>> activation_clause('... You can only activate 1 "Pot of Desires" per turn.')
    True
    >>> activation_clause('... You can only use each effect of "Loka Samsara" once per turn.')
    False
    """
    return _ACTIVATE_CLAUSE.search(text) is not None


def read(reader: Reader, script: Script, card: dict[str, Any], facts: CardFacts,
         where: str, entries: dict[int, int] | None = None) -> Found:
    """``summons_per_turn``, and a Spell's or Trap's limit on its activation: the count limit
    of its ``EFFECT_TYPE_ACTIVATE`` effects, read as ``activations_per_turn`` ("You can only
    activate 1 X per turn": the oath flag, or the card's text saying so) or else as the use of
    the effect the activation carries out, ``activation_once`` ("You can only use each effect
    of X once per turn"), with ``activation_shared`` where the same count code limits other
    effects of the card ("You can only use 1 X effect per turn": those ``effects`` entries get
    that ``shared`` key; ``entries`` says which entry holds each of the script's effects)."""
    notes: Notes = ()
    if "special_summon_once" in script.flags:
        facts = replace(facts, summons_per_turn=1)
        notes += (("summons_per_turn", f"{where}: c:SetSPSummonOnce(id)"),)
    if card.get("kind") == "monster":
        return Found(facts, notes)  # a Pendulum Monster's activation as a Spell: no limit
    found: set[int] = set()
    uses: set[str] = set()
    said = activation_clause(str(card.get("text") or ""))
    for n, e in enumerate(script.effects):
        if not e.type & reader.c["EFFECT_TYPE_ACTIVATE"] or e.count is None:
            continue
        flags = e.count_flags or 0
        if not e.count_code or _flag(reader, flags, "EFFECT_COUNT_CODE_CHAIN"):
            continue
        if _flag(reader, flags, "EFFECT_COUNT_CODE_DUEL"):
            notes += (("activations_per_turn", f"{where}: {reader.describe(e)} with a count "
                                               f"limit per Duel: not a fact (never flagged)"),)
            continue
        oath = _flag(reader, flags, "EFFECT_COUNT_CODE_OATH")
        if oath or said or e.count != 1:
            found.add(e.count)
            why = " (EFFECT_COUNT_CODE_OATH)" if oath else \
                " (no oath flag; the text says \"You can only activate\")" if said else ""
            notes += (("activations_per_turn", f"{where}: {reader.describe(e)} "
                                               f"SetCountLimit({e.count}, id){why}"),)
            continue
        _, key = limit_of(reader, script, e, n)
        if key is not None:
            uses.add(key)
            notes += (("activation_once", f"{where}: {reader.describe(e)} SetCountLimit(1, "
                                          f"{_code(key)}), no oath flag: the use of its "
                                          f"effect, not of an activation"),)
    if found:  # several ways of activating: the laxest
        return Found(replace(facts, activations_per_turn=max(found)), notes)
    if not uses:
        return Found(facts, notes)
    facts = replace(facts, activation_once="name")
    if len(uses) != 1:  # ways of activating limited apart: each its own use (none shared)
        return Found(facts, notes)
    key = next(iter(uses))
    others = {entries[n] for n, e in enumerate(script.effects) if entries and n in entries
              and not e.type & reader.c["EFFECT_TYPE_ACTIVATE"]
              and limit_of(reader, script, e, n)[1] == key}
    if not others:
        return Found(facts, notes)
    effects = tuple(replace(fact, shared=key) if i in others else fact
                    for i, fact in enumerate(facts.effects))
    notes += (("activation_shared", f"{where}: the same count code limits its "
                                  f"{', '.join(facts.effects[i].kind for i in sorted(others))} "
                                  f"effect: one use shared (\"You can only use 1 X effect per "
                                  f"turn\"), key {key}"),)
    return Found(replace(facts, activation_once="name", activation_shared=key,
                         effects=effects), notes)


def _code(key: str) -> str:
    """A count code's key as the script writes it: ``id`` or ``{id, n}``."""
    code, _, index = key.partition(":")
    return f"{{{code}, {index}}}" if index else code

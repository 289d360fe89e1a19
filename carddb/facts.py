"""What a card's script registers, read as the rule facts of the contract (§1) and the few
facts the Duelingbook importer needs besides, each with the source it came from:
:class:`Reader` (the helpers every reading shares, and :meth:`Reader.read`, the one place the
readings are chained). Each fact is declared once, as a field of the database's
:class:`~validator.cards.CardFacts`: a reading is a function given the facts the readings
before it found that returns a :class:`~.found.Found`, those facts with what it read in them
(``dataclasses.replace``, whose keywords mypy checks) and the notes saying where each came
from (:func:`.found.sources` makes them the data's sources).

The contract's facts: ``tributes``, ``normal_summon``, ``gemini``, ``effects`` (kind, places
and limit), ``grants``, ``trap_from_hand``, ``double_tribute``, and revision 4's limits; the
importer's are the others. Each reading has its module, run in this
order (a card's sources are listed in the order its facts were found):

- :mod:`.summons`: how the card is Summoned (``normal_summon``, ``tributes``, ``gemini``,
  ``double_tribute``, ``procedures``) and what its own effects state (``trap_from_hand``,
  ``direct_attack``, ``extra_attack``);
- :mod:`.effects`: its activated effects (``effects``, ``pendulum_activation``), with those its
  operations register on the card itself, and a direct attack they give another monster
  (``grants_direct_attack``);
- :mod:`.resolution`: what its operations register or do in their turn (``grants``,
  ``skips_draws``, ``tributes_foes``, ``sets_spell_traps``; ``self_summon``,
  ``lp_for_tributes`` and ``takes_control`` by :func:`.summons.own_summons`), the position
  changes among them read by :mod:`.positions` (``positions``);
- :mod:`.codefacts`: what is read from the whole script's code (``draws``, ``discards``,
  ``foe_summons``, ``set_turn``);
- the card limits of revision 4 (contract §8): :mod:`.limits` (``once`` and ``shared`` on each
  entry of ``effects``, which :mod:`.effects` lists by limit; ``activations_per_turn``,
  ``summons_per_turn``), :mod:`.materials` (``materials``; a Ritual Monster's from its Ritual
  Spells, by the build) and :mod:`.locks` (``locks``), the kinds of monster their filters name
  read by :mod:`.kinds`.

docs/cards.md explains each reading. Every reading takes an EDOPro constant's value from the
scripts' own ``constant.lua`` (:class:`.constants.Constants`), never a number written here.
"""

from __future__ import annotations

import re
from typing import Any

from validator.cards.facts import NO_FACTS

from . import codefacts, effects, given, lent, limits, locks, materials, resolution, summons
from .constants import (
    ALL_PLACES,
    EVENT_PLACES,
    LEAVES_FIELD,
    PLACE_BITS,
    PLACE_ORDER,
    Constants,
)
from .found import Found
from .scripts import Registered, Script

#: A function of the script's own table (``function s.flipflop(c)``), and a reference to one.
_DEFINED = re.compile(r"^function\s+s\.(\w+)\s*\(", re.M)
_REFERENCED = re.compile(r"\bs\.(\w+)\b")


def _function_at(script: str, start: int) -> str:
    """The text of the top-level function starting at ``start``: up to its closing ``end``
    at the start of a line (EDOPro's scripts close a top-level function there)."""
    line_end = script.find("\n", start)
    line = script[start:line_end if line_end >= 0 else len(script)]
    if re.search(r"\bend\s*$", line):
        return line  # written on one line
    found = re.compile(r"^end\b", re.M).search(script, start)
    return script[start:found.end() if found else len(script)]


class Reader:
    """Reads :class:`Script` records into the facts they state (:meth:`read`) with one set of
    constants and the scripts' texts (for the lines of a function)."""

    def __init__(self, constants: dict[str, int], texts: dict[str, str]) -> None:
        self.c = Constants(constants)
        self.texts = texts
        self._lines: dict[str, list[str]] = {}

    # -- helpers ------------------------------------------------------------------------------
    def places(self, bits: int) -> list[str]:
        """The contract's places a location mask covers, in a fixed order.

        >>> bits = {name: 1 << n for n, (name, _) in enumerate(PLACE_BITS)}
        >>> Reader(bits, {}).places(bits["LOCATION_HAND"] | bits["LOCATION_GRAVE"])
        ['hand', 'graveyard']
        """
        found = {place for name, place in PLACE_BITS if bits & self.c[name]}
        return [p for p in PLACE_ORDER if p in found]

    def source_of(self, where: tuple[str, int, int]) -> str:
        """The text of a function, from the chunk and lines Lua gives."""
        chunk, first, last = where
        lines = self._lines.get(chunk)
        if lines is None:
            lines = self._lines[chunk] = self.texts.get(chunk, "").splitlines()
        return "\n".join(lines[max(first - 1, 0):last])

    def helpers(self, where: tuple[str, int, int], depth: int = 3) -> list[str]:
        """The texts of the script's own functions (``s.name``) that a function calls or
        hands on (``g:ForEach(s.flip)``), and those they call in turn, ``depth`` deep: an
        operation's work is often written in a helper (Sol and Luna's ``s.flipflop``).

        >>> text = "function s.op(e)\\n s.flip(e)\\nend\\nfunction s.flip(c)\\n x()\\nend"
        >>> Reader({}, {"c1.lua": text}).helpers(("c1.lua", 1, 3))
        ['function s.flip(c)\\n x()\\nend']
        """
        chunk, first, last = where
        script = self.texts.get(chunk, "")
        defined = {m[1]: m.start() for m in _DEFINED.finditer(script)}
        found: list[str] = []
        seen: set[str] = set()
        texts = [self.source_of(where)]
        for _ in range(depth):
            later: list[str] = []
            for text in texts:
                for name in _REFERENCED.findall(text):
                    if name in seen or name not in defined:
                        continue
                    seen.add(name)
                    line = script.count("\n", 0, defined[name]) + 1
                    if first <= line <= last:
                        continue  # the function itself
                    body = _function_at(script, defined[name])
                    found.append(body)
                    later.append(body)
            texts = later
        return found

    def has(self, value: int, name: str) -> bool:
        """True when the bit mask ``value`` has the constant ``name``'s bits."""
        bits = self.c[name]
        return value & bits == bits

    def kind(self, e: Registered) -> str | None:
        """The contract's kind of an activated effect (None: not one the contract knows as an
        activated effect: a continuous one, a procedure, a Spell or Trap card's activation)."""
        t = e.type
        if t & (self.c["EFFECT_TYPE_XMATERIAL"] | self.c["EFFECT_TYPE_GRANT"] |
                self.c["EFFECT_TYPE_EQUIP"]):
            return None
        if t & self.c["EFFECT_TYPE_ACTIVATE"]:
            return None
        if t & (self.c["EFFECT_TYPE_QUICK_O"] | self.c["EFFECT_TYPE_QUICK_F"]):
            return "quick"
        if t & (self.c["EFFECT_TYPE_TRIGGER_O"] | self.c["EFFECT_TYPE_TRIGGER_F"] |
                self.c["EFFECT_TYPE_FLIP"]):
            return "trigger"
        if t & self.c["EFFECT_TYPE_IGNITION"]:
            return "ignition"
        return None

    def effect_places(self, e: Registered, kind: str, pendulum: bool = False) -> list[str]:
        """Where an activated effect can be used from: its range, or for a trigger of the
        card's own (no range) the place its event leaves the card in (for a Pendulum Monster
        leaving the field, the face-up Extra Deck too). ``extra`` is the face-up Extra Deck,
        where only a Pendulum Monster stands: a range naming the Extra Deck gives it to no
        other card (Miracle Flipper's ``SetRange(0xff)``); an effect of another card used only
        there (its face-down Extra Deck) has no place (an empty list: not listed).

        >>> bits = {name: 1 << n for n, (name, _) in enumerate(PLACE_BITS)}
        >>> bits |= {"EFFECT_TYPE_FIELD": 1, "EFFECT_TYPE_FLIP": 2}
        >>> e = Registered(1, 0, bits["LOCATION_GRAVE"] | bits["LOCATION_EXTRA"], 0, 0, None,
        ...                None, None, None, None, {}, False)
        >>> reader = Reader(bits, {})
        >>> reader.effect_places(e, "ignition"), reader.effect_places(e, "ignition", True)
        (['graveyard'], ['graveyard', 'extra'])
        """
        if e.range:
            found = self.places(e.range)
            if found and not pendulum:
                return [p for p in found if p != "extra"]  # none left: a place of no contract's
            if found:
                return found
        if kind == "trigger" and not (e.type & self.c["EFFECT_TYPE_FIELD"]):
            if e.type & self.c["EFFECT_TYPE_FLIP"]:
                return ["field"]
            event = self.c.name("EVENT_", e.code)
            places = list(EVENT_PLACES[event]) if event is not None and \
                event in EVENT_PLACES else list(ALL_PLACES)
            if pendulum and (event not in EVENT_PLACES or event in LEAVES_FIELD):
                places.append("extra")
            return places
        return ["field"]

    def describe(self, e: Registered) -> str:
        """An effect as its script registers it, for a fact's source."""
        t = e.type
        types = [n.removeprefix("EFFECT_TYPE_") for n in (
            "EFFECT_TYPE_SINGLE", "EFFECT_TYPE_FIELD", "EFFECT_TYPE_ACTIVATE",
            "EFFECT_TYPE_FLIP", "EFFECT_TYPE_IGNITION", "EFFECT_TYPE_TRIGGER_O",
            "EFFECT_TYPE_TRIGGER_F", "EFFECT_TYPE_QUICK_O", "EFFECT_TYPE_QUICK_F",
            "EFFECT_TYPE_CONTINUOUS") if t & self.c[n]]
        what = "+".join(types) or "no type"
        code = self.c.name("EVENT_", e.code) if e.code >= 1000 else self.c.name("EFFECT_", e.code)
        if e.code and (t & (self.c["EFFECT_TYPE_TRIGGER_O"] | self.c["EFFECT_TYPE_TRIGGER_F"]
                            | self.c["EFFECT_TYPE_QUICK_O"] | self.c["EFFECT_TYPE_QUICK_F"])):
            code = self.c.name("EVENT_", e.code) or self._phase_event(e.code) or code
        elif e.code:
            code = self.c.name("EFFECT_", e.code) or code
        out = f"EFFECT_TYPE_{what}" + (f" {code}" if code else "")
        if e.range:
            where = [n.removeprefix("LOCATION_") for n, _ in PLACE_BITS if e.range & self.c[n]]
            out += f" in {'|'.join(dict.fromkeys(where))}" if where else ""
        return out

    def _phase_event(self, code: int) -> str | None:
        if code & self.c["EVENT_PHASE"] and code < self.c["EVENT_PHASE"] * 2:
            phase = self.c.name("PHASE_", code & ~self.c["EVENT_PHASE"])
            return f"EVENT_PHASE+{phase}" if phase else None
        return None

    # -- the facts ----------------------------------------------------------------------------
    def read(self, script: Script, card: dict[str, Any]) -> Found:
        """All facts of one card from its script's record and its printed data: each reading
        given the facts those before it found, in this order (the notes' order is the
        sources' order in the data)."""
        where = script.path
        found = summons.read(self, script, card, NO_FACTS, where)
        found = found.then(lent.read(self, script, found.facts, where, card.get("kind")))
        found = found.then(given.read(self, script, found.facts, where))
        listed = effects.activated(self, script, card, found.facts, where)
        found = found.then(listed.found)
        itself = effects.on_itself(self, script, card, found.facts, where, listed.entries)
        found = found.then(itself.found)
        found = found.then(given.by_effects(self, script, card, found.facts, where,
                                            itself.entries))
        found = found.then(effects.granted_direct_attack(self, script, found.facts, where))
        found = found.then(resolution.read(self, script, card, found.facts, where))
        found = found.then(codefacts.read(self, script, found.facts))
        found = found.then(limits.read(self, script, card, found.facts, where,
                                             itself.entries))
        found = found.then(materials.read(self, script, card, found.facts, where))
        found = found.then(materials.leeway(self, script, found.facts, where))
        return found.then(locks.read(self, script, card, found.facts, where, itself.entries))

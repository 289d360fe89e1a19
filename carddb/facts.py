"""What a card's script registers, read as the rule facts of the contract (§1) and the few
facts the Duelingbook importer needs besides, each with the source it came from.

The contract's facts: ``tributes``, ``normal_summon``, ``gemini``, ``effects`` (kind and
places), ``grants``. The importer's: ``procedures`` (the card's own Special Summons and where
they start), ``positions`` (battle positions its effects change monsters to), ``skips_draws``,
``tributes_foes``, ``trap_from_hand``, ``direct_attack``, ``double_tribute``,
``extra_attack`` and ``pendulum_activation``; how the card is Summoned is read in
:mod:`.summons`, ``effects`` (with what operations register on the card itself) in
:mod:`.effects`, ``positions`` in :mod:`.positions`, those read from the whole script's code in
:mod:`.codefacts`. docs/cards.md explains each reading.

Every reading takes an EDOPro constant's value from the scripts' own ``constant.lua``
(:class:`.constants.Constants`), never a number written here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from . import codefacts, effects, positions, summons
from .codefacts import COMMENT, QUERY
from .constants import ALL_PLACES, EVENT_PLACES, PLACE_BITS, PLACE_ORDER, Constants
from .scripts import Registered, Script

#: Operation code that grants, changes positions, etc., as a script writes it: what a
#: registration during resolution uses when the stand-ins could not run that far.
_SCANNED: Final = {
    "EFFECT_EXTRA_SUMMON_COUNT": "normal_summon", "EFFECT_SET_SUMMON_COUNT_LIMIT": "normal_summon",
    "EFFECT_EXTRA_ATTACK": "attack",
    "EFFECT_EXTRA_ATTACK_MONSTER": "attack", "EFFECT_ATTACK_ALL": "attack",
}
#: Effects that let a player Tribute the opponent's monster (Soul Exchange, The Monarchs
#: Stormforth).
_FOES: Final = ("EFFECT_EXTRA_RELEASE", "EFFECT_EXTRA_RELEASE_SUM", "EFFECT_EXTRA_RELEASE_NONSUM")
#: ``Duel.Summon(tp,tc,true,...)``: a Normal Summon that ignores the turn's count.
_ADDITIONAL_SUMMON = re.compile(r"Duel\.(?:Summon|MSet|SummonOrSet)\(\s*[^,()]+,\s*[^,()]+,\s*true")


@dataclass
class Facts:
    """The facts of one card and the source of each (a sentence naming the script and what
    in it says so)."""

    tributes: list[int] | None = None
    normal_summon: bool = True
    gemini: bool = False
    effects: list[dict[str, Any]] = field(default_factory=list)
    grants: list[str] = field(default_factory=list)
    procedures: list[dict[str, Any]] = field(default_factory=list)
    positions: list[list[str]] = field(default_factory=list)
    skips_draws: int = 0
    tributes_foes: bool = False
    trap_from_hand: bool = False
    direct_attack: bool = False
    double_tribute: bool = False
    extra_attack: bool = False
    pendulum_activation: bool = False
    sets_spell_traps: bool = False
    self_summon: list[str] = field(default_factory=list)
    lp_for_tributes: bool = False
    takes_control: bool = False
    draws: bool = False
    discards: bool = False
    foe_summons: bool = False
    set_turn: list[str] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)

    def note(self, fact: str, source: str) -> None:
        """Say where a fact came from (the first source of each fact is kept, others
        joined)."""
        known = self.sources.get(fact)
        if known is None:
            self.sources[fact] = source
        elif source not in known:
            self.sources[fact] = f"{known}; {source}"


class Reader:
    """Reads :class:`Script` records into :class:`Facts` with one set of constants and the
    scripts' texts (for the lines of a function)."""

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

    def effect_places(self, e: Registered, kind: str) -> list[str]:
        """Where an activated effect can be used from: its range, or for a trigger of the
        card's own (no range) the place its event leaves the card in."""
        if e.range:
            found = self.places(e.range)
            if found:
                return found
        if kind == "trigger" and not (e.type & self.c["EFFECT_TYPE_FIELD"]):
            if e.type & self.c["EFFECT_TYPE_FLIP"]:
                return ["field"]
            event = self.c.name("EVENT_", e.code)
            if event is not None and event in EVENT_PLACES:
                return list(EVENT_PLACES[event])
            return list(ALL_PLACES)
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
    def read(self, script: Script, card: dict[str, Any]) -> Facts:
        """All facts of one card from its script's record and its printed data."""
        facts = Facts()
        where = script.path
        summons.read(self, script, card, facts, where)
        effects.activated(self, script, card, facts, where)
        effects.on_itself(self, script, card, facts, where)
        self._during_resolution(script, card, facts, where)
        codefacts.read(self, script, facts)
        return facts

    def _during_resolution(self, script: Script, card: dict[str, Any], facts: Facts,
                           where: str) -> None:
        """What the card's operations register or do in their turn: found by running them with
        stand-ins, and by reading the operation's code where the stand-ins stopped early."""
        c = self.c
        grants: dict[str, str] = {}
        for e in script.operation_effects:
            name = self.c.name("EFFECT_", e.code)
            if e.code in (c["EFFECT_EXTRA_SUMMON_COUNT"], c["EFFECT_SET_SUMMON_COUNT_LIMIT"]):
                grants.setdefault("normal_summon", f"{where}: an operation registers {name}")
            elif e.code in (c["EFFECT_EXTRA_ATTACK"], c["EFFECT_EXTRA_ATTACK_MONSTER"],
                            c["EFFECT_ATTACK_ALL"]):
                grants.setdefault("attack", f"{where}: an operation registers {name}")
            elif e.code == c["EFFECT_SKIP_DP"]:
                skips = self._skipped(e)
                if skips > facts.skips_draws:
                    facts.skips_draws = skips
                    facts.note("skips_draws", f"{where}: an operation registers {name} "
                                              f"(reset count {e.reset_count})")
            elif e.code in [c[code] for code in _FOES]:
                facts.tributes_foes = True
                facts.note("tributes_foes", f"{where}: an operation registers {name}")
        for name, args, _ in script.operation_calls:
            if name in ("Duel.Summon", "Duel.MSet", "Duel.SummonOrSet") and \
                    len(args) > 2 and args[2] is True:
                grants.setdefault("normal_summon", f"{where}: an operation calls {name} with "
                                                   f"ignore_count (an additional Normal Summon)")
            if name == "Duel.SSet" and not facts.sets_spell_traps:
                facts.sets_spell_traps = True
                facts.note("sets_spell_traps", f"{where}: an operation calls Duel.SSet")
            if name == "Duel.ChangePosition":
                positions.called(self, args, facts, where)
            if name == "Duel.ChainAttack":
                grants.setdefault("attack", f"{where}: an operation calls Duel.ChainAttack (an "
                                            f"attack again in a row)")
        for e in script.effects:  # continuous grants: an additional Normal Summon while face-up
            if e.code in (c["EFFECT_EXTRA_SUMMON_COUNT"], c["EFFECT_SET_SUMMON_COUNT_LIMIT"]) \
                    and e.type & c["EFFECT_TYPE_FIELD"]:
                grants.setdefault("normal_summon", f"{where}: {self.describe(e)} (continuous)")
            if e.code in [c[code] for code in _FOES]:
                facts.tributes_foes = True
                facts.note("tributes_foes", f"{where}: {self.describe(e)}")
            if e.code == c["EFFECT_SET_POSITION"]:  # the position its value names
                positions.set_position(self, e, facts, where)
        # the code of the card's effects, and of what their operations register (a delayed
        # effect: "during the End Phase of this turn, change them to face-up Defense Position")
        for e in [*script.effects, *script.operation_effects]:
            self._scan(e, facts, grants, where)
        if "attack" in grants and "Duel.ChainAttack" in grants["attack"] and \
                card.get("kind") == "monster" and not facts.extra_attack:
            # a monster's "it can attack again in a row": the attacker is the monster itself
            facts.extra_attack = True
            facts.note("extra_attack", grants["attack"])
        summons.own_summons(self, script, facts, where)
        for grant in ("normal_summon", "attack"):
            if grant in grants:
                facts.grants.append(grant)
                facts.note("grants", grants[grant])
        positions.set_again(card, facts, where)

    def _scan(self, e: Registered, facts: Facts, grants: dict[str, str], where: str) -> None:
        """What an effect's operation or cost code does, read where the stand-ins could not run
        it as far."""
        for key in ("operation", "cost"):
            if key not in e.functions:
                continue
            text = self.source_of(e.functions[key])
            for needle, grant in _SCANNED.items():
                if _registers(needle, text) and key == "operation":
                    grants.setdefault(grant, f"{where}: its operation's code registers "
                                             f"{needle}")
            if key == "operation" and "Duel.ChainAttack(" in text:
                grants.setdefault("attack", f"{where}: its operation's code calls "
                                            f"Duel.ChainAttack (an attack again in a row)")
            if key == "operation" and _ADDITIONAL_SUMMON.search(text):
                grants.setdefault("normal_summon", f"{where}: its operation's code Normal "
                                                   f"Summons with ignore_count")
            if key == "operation" and "Duel.SSet(" in text and not facts.sets_spell_traps:
                facts.sets_spell_traps = True
                facts.note("sets_spell_traps", f"{where}: its operation's code calls "
                                               f"Duel.SSet")
            if "Duel.ChangePosition(" in text:
                positions.in_code(text, facts, where, key)
            if _registers("EFFECT_SKIP_DP", text) and not facts.skips_draws:
                facts.skips_draws = 1
                facts.note("skips_draws", f"{where}: its operation's code registers "
                                          f"EFFECT_SKIP_DP (1 Draw Phase assumed)")
            if any(_registers(code, text) for code in _FOES) and not facts.tributes_foes:
                facts.tributes_foes = True
                facts.note("tributes_foes", f"{where}: its operation's code registers "
                                            f"EFFECT_EXTRA_RELEASE")

    def _skipped(self, e: Registered) -> int:
        """Draw Phases an EFFECT_SKIP_DP skips: its reset count, in the player's own turns."""
        count = e.reset_count or 1
        reset = e.reset or 0
        if self.has(reset, "PHASE_END") and not self.has(reset, "RESET_SELF_TURN"):
            return max(count // 2, 1)  # End Phases of both players' turns
        return count


def _registers(name: str, text: str) -> bool:
    """True when code uses the effect code ``name`` other than to ask about it: to register
    one (``e1:SetCode(name)``, or a variable set to it), not to test ``c:IsHasEffect(name)``
    nor to name it in a comment.

    >>> _registers("EFFECT_SKIP_DP", "local code=op==1 and EFFECT_SKIP_DP\\ne1:SetCode(code)")
    True
    >>> _registers("EFFECT_EXTRA_RELEASE", "return c:IsHasEffect(EFFECT_EXTRA_RELEASE)")
    False
    """
    code = QUERY.sub("", COMMENT.sub("", text))
    return re.search(rf"\b{name}\b", code) is not None


def facts_dict(facts: Facts) -> dict[str, Any]:
    """The facts as the database stores them: defaults left out.

    >>> facts_dict(Facts(tributes=[0, 1]))
    {'tributes': [0, 1]}
    """
    out: dict[str, Any] = {}
    if facts.tributes is not None:
        out["tributes"] = facts.tributes
    if not facts.normal_summon:
        out["normal_summon"] = False
    if facts.gemini:
        out["gemini"] = True
    if facts.effects:
        out["effects"] = facts.effects
    if facts.grants:
        out["grants"] = facts.grants
    for key in ("procedures", "positions", "self_summon", "set_turn"):
        if getattr(facts, key):
            out[key] = getattr(facts, key)
    if facts.skips_draws:
        out["skips_draws"] = facts.skips_draws
    for key in ("tributes_foes", "trap_from_hand", "direct_attack", "double_tribute",
                "extra_attack", "pendulum_activation", "sets_spell_traps", "lp_for_tributes",
                "takes_control", "draws", "discards", "foe_summons"):
        if getattr(facts, key):
            out[key] = True
    return out

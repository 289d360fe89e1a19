"""Run the community's card scripts (EDOPro's Lua, ProjectIgnis/CardScripts) in a real Lua
runtime with stand-ins for the C side (``host.lua``), and record what each card registers.

Only what the scripts *register* is kept (effect types, codes, ranges, count limits, summon
procedures, what operations register in their turn, where each function is written); no script
code leaves this module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from lupa import lua54

from .sources import Tree

#: Library files loaded before any card, in EDOPro's order (utility.lua loads the rest).
PRELUDE = ("constant.lua", "utility.lua")
#: Lua instructions an operation may run with stand-in arguments before it is stopped.
OPERATION_BUDGET = 200_000


@dataclass
class Registered:
    """One effect a card registered: its fields as numbers, and where its functions are
    written (``{"operation": ("official/c1.lua", 10, 20)}``)."""

    type: int
    code: int
    range: int
    property: int
    category: int
    count: int | None
    value: int | None
    description: int | None
    reset: int | None
    reset_count: int | None
    functions: dict[str, tuple[str, int, int]]
    on_card: bool
    source_effect: int | None = None  # for an operation's registration: the effect's index
    target_range: int | None = None  # a Field effect's SetTargetRange: its controller's side
    #: its count limit's code (``SetCountLimit(1, id)``; None: no code, a soft limit), the
    #: index of a ``{id, n}`` code, and its flags (``EFFECT_COUNT_CODE_OATH``...)
    count_code: int | None = None
    count_index: int | None = None
    count_flags: int | None = None


@dataclass
class Script:
    """What one card script did: its effects, the effects its operations register, its flags
    (``revive_limit``, ``unsummonable``...), the API calls it made, and its failure if any."""

    code: int
    path: str
    effects: list[Registered] = field(default_factory=list)
    operation_effects: list[Registered] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    calls: list[tuple[str, tuple[Any, ...]]] = field(default_factory=list)
    operation_calls: list[tuple[str, tuple[Any, ...], int | None]] = field(default_factory=list)
    error: str | None = None


class Runner:
    """One Lua runtime with the stand-ins and EDOPro's libraries loaded; :meth:`run` one
    script after another in it (the example needs a CardScripts checkout):

    >>> Runner(Tree.open("CardScripts")).run(  # doctest: +SKIP
    ...     70095154, "official/c70095154.lua", text).effects
    """

    def __init__(self, scripts: Tree) -> None:
        self.lua = lua54.LuaRuntime(unpack_returned_tuples=True)
        host = resources.files("carddb").joinpath("host.lua").read_text(encoding="utf-8")
        self.lua.execute(host)
        self.g = self.lua.globals()
        self.libraries = {name: scripts.read(name) for name in scripts.names("")
                          if name.endswith(".lua")}
        for name, text in self.libraries.items():
            self.g.host_library(name, text)
        for name in PRELUDE:
            self.g.Duel.LoadScript(name)
        self.g.watch_helpers()
        self.constants = {str(k): int(v) for k, v in self.g.items()
                          if isinstance(k, str) and k.isupper() and isinstance(v, int)
                          and not isinstance(v, bool)}

    def card_data(self, code: int, ctype: int, level: int, race: int, attribute: int,
                  atk: int, def_: int) -> None:
        """What ``c:IsType()``, ``c:GetLevel()``... answer for this card."""
        self.g.host_card_data(code, ctype, level, race, attribute, atk, def_)

    def run(self, code: int, path: str, text: str) -> Script:
        """Run one script's ``initial_effect`` (and its operations with stand-ins)."""
        out = Script(code, path)
        ok, message = self.g.run_card(code, text, path)
        rec = self.g.REC
        if not ok:
            out.error = str(message)
            return out
        self.g.run_operations(OPERATION_BUDGET)
        out.effects = [self._registered(e) for e in rec.effects.values()]
        out.operation_effects = [self._registered(e) for e in rec.op_effects.values()]
        out.flags = [str(f["name"]) for f in rec.flags.values()]
        out.calls = [(str(c["name"]), self._args(c["args"])) for c in rec.calls.values()]
        for call in rec.op_calls.values():
            out.operation_calls.append((str(call["name"]), self._args(call["args"]),
                                        self._number(call["from"])))
        return out

    @staticmethod
    def _args(args: Any) -> tuple[Any, ...]:
        """A call's recorded arguments, in order (None where it was not a scalar)."""
        if not args:
            return ()
        found = dict(args.items())
        return tuple(found.get(n) for n in range(1, max(found, default=0) + 1))

    @staticmethod
    def _number(value: Any) -> int | None:
        return int(value) if isinstance(value, int) and not isinstance(value, bool) else None

    def _registered(self, e: Any) -> Registered:
        get = self.g.field_of

        def number(key: str) -> int | None:
            return self._number(get(e, key))

        functions: dict[str, tuple[str, int, int]] = {}
        for key in ("condition", "cost", "target", "operation", "value"):
            where = self.g.where_defined(get(e, key))
            if where is not None:
                functions[key] = (str(where["source"]).lstrip("@"), int(where["first"]),
                                  int(where["last"]))
        return Registered(
            type=number("type") or 0, code=number("code") or 0, range=number("range") or 0,
            property=number("property") or 0, category=number("category") or 0,
            count=number("count"), value=number("value"), description=number("description"),
            reset=number("reset"), reset_count=number("reset_count"), functions=functions,
            on_card=bool(get(e, "_on_card")), source_effect=number("_from"),
            target_range=number("target_range"), count_code=number("count_code"),
            count_index=number("count_index"), count_flags=number("count_flags"))

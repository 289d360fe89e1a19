"""The plain work of loading a document, per card and per action: what the schemas
(:mod:`validator.schema`) call once their fields are checked. Kept out of the schemas'
module so that mypyc compiles it (setup.py): a compiled module cannot hold marshmallow's
classes, and these run for every card and action of every document.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from . import model as m

#: A card's ``effect`` when the document leaves it out (§1).
DEFAULT_EFFECTS = {"monster": "none", "spell": "ignition", "trap": "quick"}
#: A Pendulum Summon's fields that are lists in JSON and tuples in an :class:`~.model.Action`.
TUPLES = ("cards", "zones", "positions")


def entry_key(value: Any) -> Hashable | None:
    """A key equal for equal JSON values and different for any other (types included, so that
    ``true`` is not ``1``); None for what JSON does not hold.

    >>> entry_key({"a": [1, True]}) == entry_key({"a": [1, True]}), entry_key(1) == entry_key(True)
    (True, False)
    """
    kind = type(value)
    if kind is dict:
        items = []
        for k, v in value.items():
            part = entry_key(v)
            if part is None or type(k) is not str:
                return None
            items.append((k, part))
        return (dict, tuple(sorted(items)))
    if kind is list:
        parts = tuple(entry_key(v) for v in value)
        return None if None in parts else (list, parts)
    if kind in (str, int, bool, float) or value is None:
        return (kind, value)
    return None


def make_card(cid: str, raw: dict[str, Any], side: m.Player | None) -> m.Card:
    """The card of a loaded card entry, owned by ``side`` unless it names its owner.

    >>> make_card("v", {"kind": "monster", "level": 4, "atk": 1900, "def_": 1200}, "p1").effect
    'none'
    """
    get = raw.get
    kind = raw["kind"]
    tributes, effects, grants = get("tributes"), get("effects"), get("grants")
    return m.Card(
        cid, kind, get("level"), get("atk"), get("def_"), get("subtype"),
        get("effect") or DEFAULT_EFFECTS[kind], get("phase_effect"), get("owner") or side,
        get("name"), get("token", False), passcode=get("passcode"),
        tributes=None if tributes is None else tuple(sorted(tributes)),
        normal_summon=get("normal_summon", True), gemini=get("gemini", False),
        effects=None if effects is None else tuple(
            m.EffectFact(e["kind"], frozenset(e["from_"])) for e in effects),
        grants=tuple(grants or ()), link=get("link"), link_arrows=tuple(get("link_arrows") or ()),
        pendulum=get("pendulum", False), scale=get("scale"))


def make_action(value: Mapping[str, Any], loaded: dict[str, Any]) -> m.Action:
    """The action of a loaded object (``value`` kept as it came, for the verdict).

    >>> surrender = {"type": "surrender", "player": "p2"}
    >>> make_action(surrender, dict(surrender)).player
    'p2'
    """
    if "tributes" in loaded:
        loaded["tributes"] = tuple(loaded["tributes"])
    elif "cards" in loaded:  # a Pendulum Summon
        for key in TUPLES:
            if key in loaded:
                loaded[key] = tuple(loaded[key])
    return m.Action(raw=dict(value), **loaded)

"""The plain work of loading a document, per card and per action: what the schemas
(:mod:`validator.document.schema`) call once their fields are checked. Kept out of the schemas'
module so that mypyc compiles it (setup.py): a compiled module cannot hold marshmallow's
classes, and these run for every card and action of every document.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, Final

from marshmallow import ValidationError

from validator.document import model as m
from validator.document.fastload import Fallback, Load

#: A card's ``effect`` when the document leaves it out (§1).
DEFAULT_EFFECTS = {"monster": "none", "spell": "ignition", "trap": "quick"}
#: A Pendulum Summon's fields that are lists in JSON and tuples in an :class:`~.model.Action`.
TUPLES: Final = ("cards", "zones", "positions")
#: How many card entries, as documents give them, are kept loaded (read-only, shared): real
#: documents repeat the same few hundred cards, each loaded once.
LOADED_CARDS: Final = 4096
_LOADED: Final[dict[Hashable, dict[str, Any]]] = {}
#: The cards made (:func:`make_card`) by id, loaded entry (its identity: the entry is kept
#: beside its card, so that no other object takes its address) and side.
_MADE: Final[dict[tuple[str, int, str | None], tuple[dict[str, Any], m.Card]]] = {}


def entry_key(value: Any) -> Hashable | None:
    """A key equal only for equal JSON values (types included, so that ``true`` is not
    ``1``), and for equal objects whose keys come in the same order (a document's entries of
    one card do: the key is made without sorting them); None for what JSON does not hold.

    A flat tuple: a dict's key is :data:`_DICT` then each key and its value's key, a string's
    and an integer's key the value itself (no key of another kind equals one), a list's
    ``list`` then its values (of integers or strings) or their keys.

    >>> entry_key({"a": [1, True]}) == entry_key({"a": [1, True]}), entry_key(1) == entry_key(True)
    (True, False)
    >>> entry_key([1, 2]) == entry_key([1, 2.0]), entry_key(["a"]) == entry_key("a")
    (False, False)
    >>> entry_key({"a": 1, "b": 2}) == entry_key({"b": 2, "a": 1})  # (loaded apart, alike)
    False
    """
    kind = type(value)
    if kind is str or kind is int:  # itself: equal to no key of another kind
        key: Hashable = value
        return key
    if kind is dict:
        # (typed, an exact dict and list are walked by the compiled loops without an iterator)
        entries: dict[Any, Any] = value
        parts: list[Hashable] = [_DICT]
        for k, v in entries.items():
            if type(k) is not str:
                return None
            parts.append(k)
            vkind = type(v)  # a string or a number: its key made here, without a call
            if vkind is str or vkind is int:
                parts.append(v)
            elif vkind is bool or vkind is float or v is None:
                parts.append((vkind, v))
            else:
                part = entry_key(v)
                if part is None:
                    return None
                parts.append(part)
        return tuple(parts)
    if kind is list:
        values: list[Any] = value
        # a list of integers (a material's passcodes) or of strings: its values, which equal
        # those of no other list (an integer is never a bool or a float here)
        if all(type(v) is int for v in values):
            return (list, int, tuple(values))
        if all(type(v) is str for v in values):
            return (list, str, tuple(values))
        items: list[Hashable] = [list]
        for v in values:
            part = entry_key(v)
            if part is None:
                return None
            items.append(part)
        return tuple(items)
    if kind is bool or kind is float or value is None:
        return (kind, value)
    return None


#: :class:`~.model.Action` as a constant: a module's attribute is otherwise read by name
#: at each use, and every action of every document is made here.
_ACTION: Final = m.Action
#: The first item of a dict's :func:`entry_key`, which no other key begins with.
_DICT: Final = object()


def make_card(cid: str, raw: dict[str, Any], side: m.Player | None) -> m.Card:
    """The card of a loaded card entry, owned by ``side`` unless it names its owner. A card
    is a value never changed once made: the same id, entry (the same loaded object, shared by
    the documents that give an equal entry: :func:`card_table`) and side give the card made
    before.

    >>> make_card("v", {"kind": "monster", "level": 4, "atk": 1900, "def_": 1200}, "p1").effect
    'none'
    """
    key = (cid, id(raw), side)
    made = _MADE.get(key)
    if made is not None and made[0] is raw:  # the entry itself, not one at the same address
        return made[1]
    card = _new_card(cid, raw, side)
    if len(_MADE) >= LOADED_CARDS:
        _MADE.clear()
    _MADE[key] = (raw, card)
    return card


def _new_card(cid: str, raw: dict[str, Any], side: m.Player | None) -> m.Card:
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
            m.EffectFact(e["kind"], frozenset(e["from_"]), e.get("once"), e.get("shared"))
            for e in effects),
        grants=tuple(grants or ()), trap_from_hand=get("trap_from_hand", False),
        double_tribute=get("double_tribute", False),
        double_tribute_for=_tribute_filter(get("double_tribute_for")),
        defense_attack=get("defense_attack", False),
        attacks_directly=get("attacks_directly", False),
        xyz_material_effects=tuple(get("xyz_material_effects") or ()),
        set_turn=tuple(get("set_turn") or ()),
        grants_double_tribute=None if get("grants_double_tribute") is None else
        _tribute_filter(raw["grants_double_tribute"]) or m.TributeFilter(),
        gives_gemini_status=get("gives_gemini_status", False),
        gives_gemini_status_by=tuple(get("gives_gemini_status_by") or ()),
        lessens_tributes=None if get("lessens_tributes") is None else
        _tribute_filter(raw["lessens_tributes"]) or m.TributeFilter(),
        lessens_tributes_by=tuple(get("lessens_tributes_by") or ()),
        trap_monster=None if get("trap_monster") is None else m.TrapMonster(
            raw["trap_monster"]["level"], raw["trap_monster"].get("atk"),
            raw["trap_monster"].get("def_")),
        grants_tributes=tuple(
            m.GrantedTributes(tuple(sorted(g["tributes"])),
                              _tribute_filter(g.get("for_")) or m.TributeFilter())
            for g in get("grants_tributes") or ()),
        link=get("link"),
        link_arrows=tuple(get("link_arrows") or ()),
        pendulum=get("pendulum", False), scale=get("scale"),
        activations_per_turn=get("activations_per_turn"),
        activation_once=get("activation_once"),
        activation_shared=get("activation_shared"),
        summons_per_turn=get("summons_per_turn"),
        materials=None if get("materials") is None else tuple(
            _materials(x) for x in raw["materials"]),
        locks=tuple(m.Lock(k["applies"], tuple(_kinds(a) for a in k["allows"]), k["scope"],
                           k["by"]) for k in get("locks") or ()))


def _kinds(raw: Mapping[str, Any]) -> m.MonsterKinds:
    """Loaded kinds of monster (a material's, a lock's) as the card holds them.

    >>> _kinds({"race": "Cyberse"}).race
    'Cyberse'
    """
    cards = raw.get("cards")
    return m.MonsterKinds(raw.get("attribute"), raw.get("race"), raw.get("type"),
                          None if cards is None else frozenset(cards), raw.get("atk_max"))


def _materials(raw: Mapping[str, Any]) -> m.Materials:
    """A loaded Summon procedure's materials as the card holds them.

    >>> _materials({"summon": "synchro", "min": 2, "max": 99, "tuners": [1, 1]}).tuners
    (1, 1)
    """
    tuners = raw.get("tuners")
    kinds, tuner_kinds = raw.get("kinds"), raw.get("tuner_kinds")
    return m.Materials(raw["summon"], raw.get("min"), raw.get("max"), raw.get("rating"),
                       raw.get("level"), None if tuners is None else (tuners[0], tuners[1]),
                       raw.get("level_sum"), raw.get("ritual"),
                       None if kinds is None else _kinds(kinds),
                       None if tuner_kinds is None else _kinds(tuner_kinds))


def _tribute_filter(raw: Mapping[str, Any] | None) -> m.TributeFilter | None:
    """A loaded ``double_tribute_for`` as the card holds it.

    >>> _tribute_filter({"attribute": "LIGHT"}).attribute, _tribute_filter({"level": 7}).level
    ('LIGHT', 7)
    """
    return None if raw is None else m.TributeFilter.from_json(raw)


def make_action(value: Mapping[str, Any], loaded: dict[str, Any]) -> m.Action:
    """The action of a loaded object (``value`` kept as it came, for the verdict).

    >>> surrender = {"type": "surrender", "player": "p2"}
    >>> make_action(surrender, dict(surrender)).player
    'p2'
    """
    if "tributes" in loaded:
        loaded["tributes"] = tuple(loaded["tributes"])
    elif "materials" in loaded:  # an Extra Deck or Ritual Summon's (revision 4)
        loaded["materials"] = tuple(loaded["materials"])
    elif "cards" in loaded:  # a Pendulum Summon
        for key in TUPLES:
            if key in loaded:
                loaded[key] = tuple(loaded[key])
    return _ACTION(raw=dict(value), **loaded)


def card_table(value: Mapping[str, Any], load: Callable[[Mapping[str, Any]], dict[str, Any]],
               by_reference: Callable[[Mapping[str, Any]], dict[str, Any]]) -> tuple[
        dict[str, dict[str, Any]], dict[str, Any]]:
    """A document's ``cards`` loaded (id -> loaded entry), and the errors by card id. An entry
    given by passcode or name is completed by ``by_reference`` first; one equal to an entry
    loaded before is that entry (:func:`entry_key`).

    >>> card_table({"": {}, "y": 5}, dict, dict)  # (a doctest that loads nothing it caches)
    ({}, {'': ['A card id is 1 to 200 characters.'], 'y': ['Not a card object.']})
    """
    out: dict[str, dict[str, Any]] = {}
    errors: dict[str, Any] = {}
    for cid, raw in value.items():
        if not cid or len(cid) > 200:
            errors[cid] = ["A card id is 1 to 200 characters."]
            continue
        if type(raw) is not dict and not isinstance(raw, Mapping):
            errors[cid] = ["Not a card object."]
            continue
        key = entry_key(raw)
        known = _LOADED.get(key) if key is not None else None
        if known is not None:  # the same entry as one loaded before: loaded alike
            out[cid] = known
            continue
        if "passcode" in raw or ("kind" not in raw and "name" in raw):
            try:
                raw = by_reference(raw)
            except ValidationError as exc:
                errors[cid] = exc.messages
                continue
        try:
            out[cid] = load(raw)
        except ValidationError as exc:
            errors[cid] = exc.messages
            continue
        if key is not None:
            if len(_LOADED) >= LOADED_CARDS:
                _LOADED.clear()
            _LOADED[key] = out[cid]
    return out, errors


def action_loader(loaders: Mapping[str, Load]) -> Load:
    """The compiled loader of an action object: its type's loader, then :func:`make_action`
    (:class:`~.fastload.Fallback` for an object of no known type).

    >>> load = action_loader({"surrender": dict})
    >>> load({"type": "surrender", "player": "p2"}).player
    'p2'
    """
    def load(value: Any) -> m.Action:
        kind = value.get("type") if type(value) is dict else None
        loader = loaders.get(kind) if type(kind) is str else None
        if loader is None:
            raise Fallback
        return make_action(value, loader(value))
    return load

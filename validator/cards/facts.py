"""The rule facts of one card, declared once: :class:`CardFacts`. The card database's builder
(``carddb``) writes them, the database reads them (:attr:`.CardInfo.facts`), a duel document's
``cards`` entry carries the contract's among them (``DOCUMENT_FACTS``: each field says where it
goes), and the Duelingbook importer reads them by attribute, so that mypy checks every use
(the text of a card the database does not know gives them too). docs/cards.md says how the
builder reads each one from a card's script. A card's limits, :class:`Materials` and
:class:`Lock`, are declared once in the duel document's model
(:class:`~validator.document.model.MaterialsOf`, :class:`~validator.document.model.LockOf`):
the database holds them with the data's kinds of monster (:class:`Kinds`, or ``"unread"``)
and their JSON.

The JSON form (``cards.json``'s ``facts``) leaves a fact at its default out (a card with no
fact has an empty object) and writes the others in the fields' order: the data files' bytes
depend on both (moving a field would rewrite every card that has it). Values are not checked
against their types on reading: the builder wrote them, and a test reads every shipped card.

>>> facts = CardFacts.from_json({"tributes": [0, 1], "grants": ["normal_summon"]})
>>> facts.tributes, facts.grants, facts.draws
((0, 1), ('normal_summon',), False)
>>> facts.to_json()
{'tributes': [0, 1], 'grants': ['normal_summon']}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final, Literal, TypedDict

from validator.document.model import Kinds, LockOf, MaterialsOf

#: Where a fact goes (a field's ``metadata["carried"]``): ``document``, a duel document's
#: ``cards`` entry holds it (contract §1; the importer may read it too); ``importer``, only the
#: Duelingbook importer reads it (the API still shows it under ``facts``).
Carried = Literal["document", "importer"]
_DOCUMENT: Final[Mapping[str, Carried]] = {"carried": "document"}
_IMPORTER: Final[Mapping[str, Carried]] = {"carried": "importer"}


@dataclass(frozen=True, slots=True)
class Effect:
    """One kind of activated effect the card has and every place an effect of that kind is
    used from (JSON ``{"kind": ..., "from": [...]}``).

    >>> Effect.from_json({"kind": "trigger", "from": ["graveyard"]})
    Effect(kind='trigger', places=('graveyard',), once=None, shared=None)
    """

    #: ``ignition``, ``trigger`` or ``quick``
    kind: str
    #: ``field``, ``hand``, ``graveyard``, ``banished``, ``extra`` (the face-up Extra Deck)
    places: tuple[str, ...]
    #: (revision 4, §8) its limit: ``name`` (hard: every copy shares it), ``copy`` (soft: each
    #: copy its own), ``duel`` (once per Duel); None, none
    once: str | None = None
    #: (revision 4, §8) a key naming the card's effects that share one use
    shared: str | None = None

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Effect:
        """An effect as ``cards.json`` holds it.

        >>> Effect.from_json({"kind": "ignition", "from": ["field"], "once": "name"}).once
        'name'
        """
        _only(raw, ("kind", "from", "once", "shared"), "effects")
        return cls(raw["kind"], tuple(raw["from"]), raw.get("once"), raw.get("shared"))

    def to_json(self) -> dict[str, Any]:
        """The effect as ``cards.json`` and a document's entry hold it (``kind``, then
        ``from``: the contract's own key order; then its limit, if any)."""
        out: dict[str, Any] = {"kind": self.kind, "from": list(self.places)}
        if self.once is not None:
            out["once"] = self.once
        if self.shared is not None:
            out["shared"] = self.shared
        return out


class Materials(MaterialsOf[Kinds | Literal["unread"]]):
    """What one Summon procedure of an Extra Deck or Ritual monster takes, as the card
    database holds it (:class:`~validator.document.model.MaterialsOf` declares it; JSON
    ``{"summon": ..., "min": ..., "max": ..., ...}``, a key left out where it does not apply or
    is not known): its kinds of monster are the data's mapping, or ``"unread"``, a filter the
    builder could not reduce (nothing judged of the kinds).

    >>> Materials.from_json({"summon": "link", "min": 2, "max": 4, "rating": 4}).to_json()
    {'summon': 'link', 'min': 2, 'max': 4, 'rating': 4}
    """

    __slots__ = ()

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Materials:
        """A procedure's materials as ``cards.json`` holds them."""
        _only(raw, tuple(f.name for f in fields(cls)), "materials")
        tuners = raw.get("tuners")
        return cls(**{**raw, "tuners": None if tuners is None else tuple(tuners)})

    def to_json(self) -> dict[str, Any]:
        """The materials as ``cards.json`` and a document's entry hold them."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


class Lock(LockOf[tuple[Kinds, ...] | Literal["unread"]]):
    """A Special Summon restriction one of the card's effects puts on its controller, as the
    card database holds it (:class:`~validator.document.model.LockOf` declares it; JSON
    ``{"applies": ..., "allows": [...], "scope": ..., "by": ...}``): what it allows is the
    data's mappings, or ``"unread"``, a filter the builder could not reduce (never judged).

    >>> Lock.from_json({"applies": "extra_deck", "allows": [{"type": "Fusion"}],
    ...                 "scope": "turn", "by": "activation"}).scope
    'turn'
    """

    __slots__ = ()

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Lock:
        """A lock as ``cards.json`` holds it."""
        _only(raw, ("applies", "allows", "scope", "by"), "locks")
        allows = raw["allows"]
        return cls(raw["applies"], "unread" if allows == "unread" else tuple(allows),
                   raw["scope"], raw["by"])

    def to_json(self) -> dict[str, Any]:
        """The lock as ``cards.json`` and a document's entry hold it."""
        allows = self.allows if isinstance(self.allows, str) else \
            [dict(k) for k in self.allows]
        return {"applies": self.applies, "allows": allows, "scope": self.scope, "by": self.by}


@dataclass(frozen=True, slots=True)
class Procedure:
    """A Special Summon procedure of the card (``EFFECT_SPSUMMON_PROC``): where it starts, and
    the kind of Summon it is (JSON ``{"from": [...], "summon": ...}``).

    >>> Procedure.from_json({"from": ["extra"], "summon": "synchro"}).to_json()
    {'from': ['extra'], 'summon': 'synchro'}
    """

    #: where the card is Special Summoned from (``extra``, ``hand``, ``graveyard``...)
    places: tuple[str, ...]
    #: ``synchro``, ``xyz``, ``link``...; None for the card's own procedure (Cyber Dragon's)
    summon: str | None = None

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Procedure:
        """A procedure as ``cards.json`` holds it."""
        _only(raw, ("from", "summon"), "procedures")
        return cls(tuple(raw["from"]), raw.get("summon"))

    def to_json(self) -> dict[str, Any]:
        """The procedure as ``cards.json`` holds it (no ``summon`` for the card's own)."""
        out: dict[str, Any] = {"from": list(self.places)}
        if self.summon is not None:
            out["summon"] = self.summon
        return out


class TributeFor(TypedDict, total=False):
    """For which Tribute Summons a double Tribute counts: all of its keys must hold (docs/
    format.md). Kept as the mapping the data holds, its keys in the order the script's filter
    names them, since a document's entry carries it as it is."""

    attribute: str
    race: str
    type: str
    cards: list[int]
    #: an archetype (``SET_STEELSWARM``'s name): the builder's only, resolved into ``cards``
    series: str


@dataclass(frozen=True, slots=True)
class CardFacts:
    """The rule facts of one card (docs/cards.md), each at its default when the card has no
    such fact. The fields' order is the JSON order (see the module's docstring).

    >>> CardFacts(normal_summon=False, unscripted=True).to_json()
    {'normal_summon': False, 'unscripted': True}
    >>> DOCUMENT_FACTS
    ('tributes', 'normal_summon', 'gemini', 'effects', 'grants', 'set_turn', 'trap_from_hand', \
'double_tribute', 'double_tribute_for', 'activations_per_turn', 'activation_once', \
'activation_shared', 'summons_per_turn', 'materials', 'locks', 'defense_attack', \
'grants_tributes', 'xyz_material_effects', 'trap_monster', 'grants_double_tribute', \
'attacks_directly', 'gives_gemini_status', 'gives_gemini_status_by', 'lessens_tributes', \
'lessens_tributes_by')
    """

    #: the numbers of Tributes its Normal Summon or Set may have (None: the Level rule's)
    tributes: tuple[int, ...] | None = field(default=None, metadata=_DOCUMENT)
    #: False for a monster that cannot be Normal Summoned or Set
    normal_summon: bool = field(default=True, metadata=_DOCUMENT)
    #: a Gemini monster (a second Normal Summon makes it an Effect Monster)
    gemini: bool = field(default=False, metadata=_DOCUMENT)
    #: its activated effects, each kind once with the places it is used from
    effects: tuple[Effect, ...] = field(default=(), metadata=_DOCUMENT)
    #: what resolving it lets its controller do again this turn (``normal_summon``, ``attack``)
    grants: tuple[str, ...] = field(default=(), metadata=_DOCUMENT)
    #: its Special Summon procedures
    procedures: tuple[Procedure, ...] = field(default=(), metadata=_IMPORTER)
    #: the battle positions its effects change monsters to: ``(scope, position)``, the scope
    #: ``self`` (the card itself), ``any`` (a monster an effect picks) or ``field`` (every
    #: monster a continuous effect covers), the position ``attack``, ``defense``,
    #: ``facedown_defense``, ``faceup`` (flipped face-up) or ``any``
    positions: tuple[tuple[str, str], ...] = field(default=(), metadata=_IMPORTER)
    #: the places an activated effect of its own Special Summons the card itself from
    self_summon: tuple[str, ...] = field(default=(), metadata=_IMPORTER)
    #: a Trap or Quick-Play Spell activated in the turn it is Set: ``itself``, the ones it
    #: ``sets``, those on the ``field`` its effect covers
    set_turn: tuple[str, ...] = field(default=(), metadata=_DOCUMENT)
    #: how many of its player's Draw Phases it skips (Reckless Greed: 2)
    skips_draws: int = field(default=0, metadata=_IMPORTER)
    #: it lets its player Tribute an opponent's monster (Soul Exchange)
    tributes_foes: bool = field(default=False, metadata=_IMPORTER)
    #: it can be activated from the hand (a Trap's is the contract's; a Quick-Play Spell's in
    #: the opponent's turn stays out of the document)
    trap_from_hand: bool = field(default=False, metadata=_DOCUMENT)
    #: it can attack directly past the opponent's monsters
    direct_attack: bool = field(default=False, metadata=_IMPORTER)
    #: it lets another monster attack directly this turn (Infernity Queen)
    grants_direct_attack: bool = field(default=False, metadata=_IMPORTER)
    #: it counts as 2 Tributes (for which Summons: ``double_tribute_for``)
    double_tribute: bool = field(default=False, metadata=_DOCUMENT)
    #: it can attack more than once a Battle Phase
    extra_attack: bool = field(default=False, metadata=_IMPORTER)
    #: a monster activated as a Spell (a Pendulum Monster placed in a Pendulum Zone)
    pendulum_activation: bool = field(default=False, metadata=_IMPORTER)
    #: its effect Sets Spells/Traps (Dust Tornado), or Sets itself again
    sets_spell_traps: bool = field(default=False, metadata=_IMPORTER)
    #: it pays Life Points for a Tribute Summon with fewer Tributes (Mausoleum of the Emperor)
    lp_for_tributes: bool = field(default=False, metadata=_IMPORTER)
    #: its effect takes control of an opponent's monster (Change of Heart)
    takes_control: bool = field(default=False, metadata=_IMPORTER)
    #: it can make a player draw
    draws: bool = field(default=False, metadata=_IMPORTER)
    #: it can make a player discard
    discards: bool = field(default=False, metadata=_IMPORTER)
    #: its effect Special Summons a monster to the opponent's field
    foe_summons: bool = field(default=False, metadata=_IMPORTER)
    #: for which Tribute Summons ``double_tribute`` counts (None: any; ``"unread"``: a filter
    #: the builder could not read, so the document gets no double Tribute)
    double_tribute_for: TributeFor | Literal["unread"] | None = field(default=None,
                                                                      metadata=_DOCUMENT)
    #: an Effect Monster no script describes: its effects are not known (the laxest reading)
    unscripted: bool = field(default=False, metadata=_IMPORTER)
    #: (revision 4, §8) how many times a turn the card may be activated (a Spell's or Trap's
    #: "You can only activate 1 "X" per turn"; None: no limit)
    activations_per_turn: int | None = field(default=None, metadata=_DOCUMENT)
    #: (an extension, docs/format.md) the use limit of the effect a Spell's or Trap's
    #: activation carries out ("You can only use each effect of "X" once per turn"):
    #: ``name`` (None: none); unlike ``activations_per_turn``, a negated activation spends it
    activation_once: str | None = field(default=None, metadata=_DOCUMENT)
    #: (an extension) the key of the card's ``effects`` that share that use with its
    #: activation ("You can only use 1 "X" effect per turn")
    activation_shared: str | None = field(default=None, metadata=_DOCUMENT)
    #: (revision 4, §8) how many times a turn it may be Special Summoned (None: no limit)
    summons_per_turn: int | None = field(default=None, metadata=_DOCUMENT)
    #: (revision 4, §8) an Extra Deck or Ritual monster's Summon procedures and what each
    #: takes (any one of them); ``"unread"``: one the builder could not read (none judged)
    materials: tuple[Materials, ...] | Literal["unread"] = field(default=(),
                                                                 metadata=_DOCUMENT)
    #: (revision 4, §8) the Special Summon restrictions its effects put on its controller
    locks: tuple[Lock, ...] = field(default=(), metadata=_DOCUMENT)
    #: what this card, as a material, lets another monster's Summon take beyond that
    #: monster's ``materials`` (docs/cards.md): ``hand`` (a Synchro Material from the hand:
    #: Kewl Tune Cue, Revolution Synchron), ``non_tuner`` (itself treated as a non-Tuner:
    #: Centur-Ion Atrii), ``synchro_level``/``xyz_level`` (a material's Level treated as
    #: another for a Synchro/Xyz Summon); the materials rule takes the reading that flags
    #: least when such a card is among the materials
    material_leeway: tuple[str, ...] = field(default=(), metadata=_IMPORTER)
    #: (an extension, docs/format.md) its own text lets it attack while in face-up Defense
    #: Position (Scareclaw Kashtira)
    defense_attack: bool = field(default=False, metadata=_DOCUMENT)
    #: (an extension) the Normal Summon procedures it gives its controller's monsters in the
    #: hand while it is face-up on the field, each ``{"tributes": [...], "for": kinds}`` (for
    #: which monsters: a filter, absent for any, ``"unread"`` for one not read, which the
    #: document leaves out): Kashtira Birth ``[{"tributes": [0], "for": {"level": 7}}]``
    grants_tributes: tuple[dict[str, Any], ...] = field(default=(), metadata=_DOCUMENT)
    #: (an extension) the kinds of the effects an Xyz Monster gains while it has this card as
    #: an Xyz Material (Zoodiac Whiptail: ``trigger``)
    xyz_material_effects: tuple[str, ...] = field(default=(), metadata=_DOCUMENT)
    #: (an extension) a Trap that Special Summons itself as a monster: ``{"level", "atk",
    #: "def"}`` as one (The Phantom Knights of Shade Brigandine)
    trap_monster: dict[str, int] | None = field(default=None, metadata=_DOCUMENT)
    #: (an extension) as an Equip Card, its equipped monster can count as 2 Tributes for the
    #: Tribute Summons of the monsters it names (a filter, ``{}`` for any, ``"unread"``)
    grants_double_tribute: dict[str, Any] | str | None = field(default=None, metadata=_DOCUMENT)
    #: the additional Normal Summon it gives its controller while it is face-up on the field,
    #: for which monsters (a filter, ``{}`` for any, ``"unread"``: Catalyst Field, a Gemini
    #: monster's; Brain Research Lab, a Psychic monster's)
    lends_normal_summon: dict[str, Any] | str | None = field(default=None, metadata=_IMPORTER)
    #: (an extension) its own text lets it attack directly (``EFFECT_DIRECT_ATTACK`` on
    #: itself: Wattcobra); narrower than ``direct_attack``, which also counts one a card
    #: gives its controller's monsters
    attacks_directly: bool = field(default=False, metadata=_DOCUMENT)
    #: (an extension) a Gemini monster its effect Special Summons is treated as an Effect
    #: Monster and gains its effects (Gemini Ablation)
    gives_gemini_status: bool = field(default=False, metadata=_DOCUMENT)
    #: (an extension) the effects that give it (their indexes in ``effects``, or
    #: ``activation``, as a lock's ``by``); empty: any resolution of the card
    gives_gemini_status_by: tuple[int | str, ...] = field(default=(), metadata=_DOCUMENT)
    #: (an extension) resolving its effect lets its player Tribute Summon the monsters it
    #: names with 1 less Tribute this turn (a filter, ``{}`` for any, ``"unread"``: Elborz,
    #: the Sacred Lands of Simorgh, for a Winged Beast monster's)
    lessens_tributes: dict[str, Any] | str | None = field(default=None, metadata=_DOCUMENT)
    #: (an extension) the effects that do so (as ``gives_gemini_status_by``)
    lessens_tributes_by: tuple[int | str, ...] = field(default=(), metadata=_DOCUMENT)

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> CardFacts:
        """The facts as ``cards.json`` holds them (a default may be given or left out). A key
        that is no fact is an error naming it: the data and this code ship together, so such a
        key is a fact this code would silently drop (a data file built by a newer builder).

        >>> CardFacts.from_json({"procedures": [{"from": ["hand"]}]}).procedures
        (Procedure(places=('hand',), summon=None),)
        >>> CardFacts.from_json({"draw": True})
        Traceback (most recent call last):
        ...
        ValueError: unknown card fact 'draw' (the facts are CardFacts' fields)
        """
        if not raw:
            return NO_FACTS
        values: dict[str, Any] = {}
        for key, value in raw.items():
            spec = _JSON.get(key)
            if spec is None:
                raise ValueError(f"unknown card fact {key!r} (the facts are CardFacts' fields)")
            values[key] = value if spec[1] is None or value is None else spec[1](value)
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        """The facts as ``cards.json`` holds them: a fact at its default left out (a 0, a
        False or an empty list that is not the default is kept: ``tributes: [0]``), the
        others in the fields' order; fresh lists and dicts (nested ones are shared).

        >>> CardFacts(tributes=(0,), skips_draws=0, double_tribute_for="unread").to_json()
        {'tributes': [0], 'double_tribute_for': 'unread'}
        """
        out: dict[str, Any] = {}
        for name, (default, _, write) in _JSON.items():
            value = getattr(self, name)
            if value != default:
                out[name] = value if write is None else write(value)
        return out


def _only(raw: Mapping[str, Any], keys: tuple[str, ...], fact: str) -> None:
    """An error naming a key of a fact's entry that is not one of ``keys``."""
    for key in raw:
        if key not in keys:
            raise ValueError(f"unknown key {key!r} in a card's {fact}")


def _strings(value: Any) -> tuple[Any, ...]:
    return tuple(value)


def _positions(value: Any) -> tuple[tuple[str, str], ...]:
    return tuple((scope, position) for scope, position in value)


#: How a JSON value becomes a field's (as it is for a fact not named; never called on None)
#: and how a field's is written (as it is for a fact not named).
_READ: Final[dict[str, Callable[[Any], Any]]] = {
    "tributes": _strings, "grants": _strings, "self_summon": _strings, "set_turn": _strings,
    "material_leeway": _strings, "xyz_material_effects": _strings,
    "gives_gemini_status_by": _strings, "lessens_tributes_by": _strings,
    "effects": lambda v: tuple(Effect.from_json(e) for e in v),
    "procedures": lambda v: tuple(Procedure.from_json(p) for p in v),
    "positions": _positions,
    "materials": lambda v: v if isinstance(v, str) else tuple(Materials.from_json(m)
                                                              for m in v),
    "locks": lambda v: tuple(Lock.from_json(k) for k in v),
    "grants_tributes": lambda v: tuple(dict(g) for g in v),
}
_WRITE: Final[dict[str, Callable[[Any], Any]]] = {
    "tributes": list, "grants": list, "self_summon": list, "set_turn": list,
    "material_leeway": list, "xyz_material_effects": list,
    "gives_gemini_status_by": list, "lessens_tributes_by": list,
    "effects": lambda v: [e.to_json() for e in v],
    "procedures": lambda v: [p.to_json() for p in v],
    "positions": lambda v: [list(p) for p in v],
    "double_tribute_for": lambda v: v if isinstance(v, str) else dict(v),
    "materials": lambda v: v if isinstance(v, str) else [m.to_json() for m in v],
    "locks": lambda v: [k.to_json() for k in v],
    "grants_tributes": lambda v: [dict(g) for g in v],
    "trap_monster": dict,
    "grants_double_tribute": lambda v: v if isinstance(v, str) else dict(v),
    "lessens_tributes": lambda v: v if isinstance(v, str) else dict(v),
    "lends_normal_summon": lambda v: v if isinstance(v, str) else dict(v),
}
#: Each fact, in the fields' order: its default and its two conversions.
_JSON: Final = {f.name: (f.default, _READ.get(f.name), _WRITE.get(f.name))
                for f in fields(CardFacts)}
#: The ``material_leeway`` (docs/cards.md) that leaves a Summon's materials' Levels unjudged,
#: by Summon: a card changing Levels, or treating a material's as another for that Summon;
#: and the leeway that leaves its Tuners unjudged (a card making a Tuner or a non-Tuner).
#: The rule (``summon.materials``) and the Duelingbook importer's readings share them.
LEVEL_LEEWAY: Final = {"synchro": frozenset({"level", "synchro_level"}),
                       "xyz": frozenset({"level", "xyz_level"}), "ritual": frozenset({"level"})}
TUNER_LEEWAY: Final = frozenset({"tuner", "non_tuner"})
#: The facts a duel document's ``cards`` entry holds (contract §1, and ``double_tribute_for``,
#: an extension: docs/format.md), in the JSON order.
DOCUMENT_FACTS: Final = tuple(f.name for f in fields(CardFacts)
                              if f.metadata["carried"] == "document")
#: The facts only the Duelingbook importer reads (docs/cards.md says what each means).
IMPORTER_FACTS: Final = tuple(f.name for f in fields(CardFacts)
                              if f.metadata["carried"] == "importer")
#: A card with no fact (a Normal Monster): shared, as every CardFacts may be.
NO_FACTS: Final = CardFacts()

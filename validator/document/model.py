"""The duel document as plain typed dataclasses (what the schemas in
:mod:`validator.document.schema` load).

Names and values follow ``../shared/spec/duel-format.md`` §1 and §2 exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Literal, TypedDict, TypeVar

Player = Literal["p1", "p2"]
PLAYERS: Final[tuple[Player, Player]] = ("p1", "p2")

PHASES: Final = ("draw", "standby", "main1", "battle", "main2", "end")
MAIN_PHASES: Final = frozenset({"main1", "main2"})
KINDS: Final = ("monster", "spell", "trap")
SPELL_SUBTYPES: Final = ("normal", "continuous", "equip", "field", "quick_play", "ritual")
TRAP_SUBTYPES: Final = ("normal", "continuous", "counter")
EFFECTS: Final = ("none", "ignition", "quick", "trigger")
#: Kinds of a card's activated effects (§1 ``effects``), from the most restrictive timing.
EFFECT_KINDS: Final = ("ignition", "trigger", "quick")
#: Where an effect can be used from (§1 ``effects.from``); ``extra`` (revision 4) is the
#: face-up Extra Deck (a destroyed Pendulum Monster's trigger there).
EFFECT_PLACES: Final = ("field", "hand", "graveyard", "banished", "extra")
#: A monster's Attributes, as ``double_tribute_for`` names them (an extension, docs/format.md).
ATTRIBUTES: Final = ("EARTH", "WATER", "FIRE", "WIND", "LIGHT", "DARK", "DIVINE")
#: Whom a card lets activate a card the turn it was Set (``set_turn``, an extension).
SET_TURN: Final = ("itself", "sets", "field")
#: What resolving a card lets its controller do this turn (§1 ``grants``).
GRANTS: Final = ("normal_summon", "attack")
#: (revision 4, §8) an effect's limit, a Summon procedure's kind, a lock's reach and scope.
ONCE: Final = ("name", "copy", "duel")
MATERIAL_SUMMONS: Final = ("link", "xyz", "synchro", "fusion", "ritual")
RITUAL_LEVELS: Final = ("equal", "at_least")
LOCK_APPLIES: Final = ("extra_deck", "all")
LOCK_SCOPES: Final = ("turn", "rest_of_turn")
#: A Link Monster's arrows (§6), as its controller sees them.
LINK_ARROWS: Final = ("top-left", "top", "top-right", "left", "right", "bottom-left", "bottom",
                      "bottom-right")
POSITIONS: Final = ("attack", "defense", "facedown_defense")
RULESETS: Final = ("classic", "advanced")
MOVE_DESTINATIONS: Final = ("graveyard", "hand", "deck", "banished", "extra", "spell_trap",
                             "material", "monster_zone")
#: How a ``special_summon`` was made (revision 4 ``method``): an Extra Deck or Ritual Summon,
#: or the card's own Summon procedure (Cyber Dragon's); none: by a card's effect.
SUMMON_METHODS: Final = ("link", "xyz", "synchro", "fusion", "ritual", "procedure")
#: Bounds of numbers in a document (§3).
MAX_TURN: Final = 1_000_000
MAX_POINTS: Final = 1_000_000_000
#: The largest passcode (printed passcodes have 8 digits; EDOPro's own go to 9 and 10).
MAX_PASSCODE: Final = 9_999_999_999
#: A monster's Level or Rank (§1; 0 to 13 from revision 4).
MIN_LEVEL: Final = 0
MAX_LEVEL: Final = 13
#: The most Tributes a card's own text can ask for (``tributes``).
MAX_TRIBUTES: Final = 10

#: Cards that go to the Graveyard once their chain link resolves (§2).
ONE_SHOT_SUBTYPES: Final = frozenset({("spell", "normal"), ("spell", "quick_play"),
                                      ("spell", "ritual"), ("trap", "normal"),
                                      ("trap", "counter")})


_KIND_RANK: Final = {"none": 0, "ignition": 1, "trigger": 2, "quick": 3}


def other(player: Player) -> Player:
    """The opponent of ``player``.

    >>> other("p1")
    'p2'
    """
    return "p2" if player == "p1" else "p1"


@dataclass(frozen=True, slots=True)
class EffectFact:
    """One of a card's activated effects (§1 ``effects``): its kind and where it works from.

    >>> EffectFact("trigger", frozenset({"graveyard"})).speed
    1
    """

    kind: str
    places: frozenset[str]
    #: (revision 4, §8) its limit: ``name``, ``copy``, ``duel`` (None: none)
    once: str | None = None
    #: (revision 4, §8) a key naming the card's effects that share one use
    shared: str | None = None

    @property
    def speed(self) -> int:
        """Its spell speed: 2 for a quick effect, else 1."""
        return 2 if self.kind == "quick" else 1


@dataclass(frozen=True, slots=True)
class MonsterKinds:
    """Kinds of monster a card's text names (§8: a material's kinds, what a lock still
    allows): a monster of every property named.

    >>> MonsterKinds(race="Cyberse").race
    'Cyberse'
    """

    attribute: str | None = None
    race: str | None = None
    type: str | None = None
    cards: frozenset[int] | None = None
    #: an original ATK of at most this
    atk_max: int | None = None


class Kinds(TypedDict, total=False):
    """Kinds of monster as the data holds them (a card database entry's, a document's JSON:
    :class:`MonsterKinds`' keys, in the order the card's script names them, which the data's
    bytes and documents' digests keep, as ``double_tribute_for``'s): all of its keys must
    hold. ``atk_max``: an original ATK of at most that."""

    attribute: str
    race: str
    type: str
    cards: list[int]
    atk_max: int


#: How kinds of monster are held where :class:`MaterialsOf` and :class:`LockOf` are used: a
#: duel document's :class:`MonsterKinds`, the card database's :class:`Kinds` (or ``"unread"``).
K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class MaterialsOf(Generic[K]):
    """What one Summon procedure of an Extra Deck or Ritual monster takes (§8 ``materials``),
    declared once: a duel document holds it as :class:`Materials`, the card database as
    :class:`validator.cards.facts.Materials` (its JSON, with ``"unread"`` kinds).

    >>> Materials("link", 2, 4, rating=4).summon
    'link'
    """

    #: ``link``, ``xyz``, ``synchro``, ``fusion``, ``ritual`` (:data:`MATERIAL_SUMMONS`)
    summon: str
    #: how many materials (None: not fixed by the procedure, as a Ritual's Tributes)
    min: int | None = None
    max: int | None = None
    #: a Link Monster's: the Link Rating the materials' ratings add up to (a Link Monster as
    #: material counting 1 or its rating)
    rating: int | None = None
    #: an Xyz Monster's: the Level every material has
    level: int | None = None
    #: a Synchro Monster's: how many Tuners (``[min, max]``)
    tuners: tuple[int, int] | None = None
    #: a Synchro Monster's: the Level the materials' Levels add up to; a Ritual Monster's: the
    #: Level the Tributes' Levels make (``ritual``: :data:`RITUAL_LEVELS`)
    level_sum: int | None = None
    ritual: str | None = None
    #: what every material must be (a Synchro Monster's non-Tuners); the card database's
    #: ``"unread"``: a filter its builder could not reduce (nothing judged of the kinds)
    kinds: K | None = None
    #: a Synchro Monster's Tuners: what they must be
    tuner_kinds: K | None = None


class Materials(MaterialsOf[MonsterKinds]):
    """A Summon procedure's materials as a duel document's card holds them (its kinds
    typed).

    >>> Materials("xyz", 2, 2, level=4).level
    4
    """

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class LockOf(Generic[K]):
    """A Special Summon restriction a card's effect puts on its controller (§8 ``locks``),
    declared once: a duel document holds it as :class:`Lock`, the card database as
    :class:`validator.cards.facts.Lock` (its JSON, with ``"unread"``).

    >>> Lock("extra_deck", (MonsterKinds(type="Fusion"),), "turn", "activation").scope
    'turn'
    """

    #: ``extra_deck`` (Special Summons from the Extra Deck) or ``all`` (every Special
    #: Summon): :data:`LOCK_APPLIES`
    applies: str
    #: the kinds of monster it still allows (any one of them; none: no Special Summon at
    #: all); the card database's ``"unread"``: a filter its builder could not reduce (never
    #: judged)
    allows: K
    #: ``turn`` ("the turn you activate this card": the whole turn) or ``rest_of_turn`` (from
    #: its resolution): :data:`LOCK_SCOPES`
    scope: str
    #: which effect imposes it: its index in the card's ``effects``, or ``activation`` (a
    #: Spell or Trap card's own)
    by: int | str


class Lock(LockOf[tuple[MonsterKinds, ...]]):
    """A lock as a duel document's card holds it (what it allows typed).

    >>> Lock("all", (), "rest_of_turn", 0).allows
    ()
    """

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class TributeFilter:
    """The Tribute Summons a double Tribute counts for (``double_tribute_for``, an extension
    of revision 4's ``double_tribute``: docs/format.md): of a monster with every property
    named (its printed Attribute, Type and card type, or one of ``cards``' passcodes).

    >>> TributeFilter(attribute="LIGHT").allows({"attribute": "LIGHT", "types": ["Normal"]}, 1)
    True
    >>> TributeFilter(attribute="LIGHT").allows({"attribute": "DARK"}, 46986414)
    False
    """

    attribute: str | None = None
    race: str | None = None
    type: str | None = None
    cards: frozenset[int] | None = None
    #: its Level is this (``grants_tributes``: Kashtira Birth's Level 7 monsters)
    level: int | None = None
    #: its Level is this or more
    level_min: int | None = None

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> TributeFilter:
        """A filter as a document (loaded) or the card database writes it.

        >>> TributeFilter.from_json({"race": "Dragon", "cards": [1]})
        TributeFilter(attribute=None, race='Dragon', type=None, cards=frozenset({1}), \
level=None, level_min=None)
        """
        cards = raw.get("cards")
        return cls(raw.get("attribute"), raw.get("race"), raw.get("type"),
                   None if cards is None else frozenset(cards), raw.get("level"),
                   raw.get("level_min"))

    def names(self, printed: Mapping[str, Any] | None, level: int | None,
              passcode: int | None) -> bool:
        """True when a monster of this printed data (None: a card the database does not
        know, judged by its Level alone, the rest allowed) at ``level`` (its Level as the
        document or the log gives it, not the printed one) is one the filter names.

        >>> TributeFilter(race="Dragon", level=7).names(None, 7, None)
        True
        >>> TributeFilter(race="Dragon").names({"race": "Warrior", "level": 4}, 4, 1)
        False
        """
        if printed is None:
            return self.level in (None, level) and (
                self.level_min is None or (level or 0) >= self.level_min)
        return self.allows({**printed, "level": level}, passcode)

    def allows(self, printed: Mapping[str, Any], passcode: int | None) -> bool:
        """True when a monster of this printed data (the card database's: ``attribute``,
        ``race``, ``types``, ``level``) and passcode is one the double Tribute counts for.

        >>> seven, above = TributeFilter(level=7), TributeFilter(level_min=7)
        >>> seven.allows({"level": 7}, None), above.allows({"level": 6}, None)
        (True, False)
        """
        level = printed.get("level")
        if self.level is not None and level != self.level:
            return False
        if self.level_min is not None and (not isinstance(level, int) or level < self.level_min):
            return False
        if self.attribute is not None and printed.get("attribute") != self.attribute:
            return False
        if self.race is not None and printed.get("race") != self.race:
            return False
        if self.type is not None and self.type not in printed.get("types", ()):
            return False
        return self.cards is None or passcode in self.cards


@dataclass(frozen=True, slots=True)
class GrantedTributes:
    """A Normal Summon procedure a card gives its controller's other monsters while it is
    face-up on the field (``grants_tributes``, an extension: docs/format.md): a monster in
    the hand that ``allows`` may be Normal Summoned with one of ``tributes`` (Kashtira Birth:
    a Level 7 monster with none).

    >>> GrantedTributes((0,), TributeFilter(level=7)).tributes
    (0,)
    """

    tributes: tuple[int, ...]
    allows: TributeFilter


@dataclass(frozen=True, slots=True)
class TrapMonster:
    """What a Trap that Special Summons itself as a monster is as one (``trap_monster``, an
    extension: docs/format.md): The Phantom Knights of Shade Brigandine, a Level 4 with 0 ATK
    and 300 DEF.

    >>> TrapMonster(4, 0, 300).level
    4
    """

    level: int
    atk: int | None = None
    def_: int | None = None


@dataclass(slots=True)
class Card:
    """One card definition of the document's ``cards`` table (a value: never changed once
    loaded, and shared by every copy of a duel).

    >>> Card("dm", "monster", level=7).label
    'dm'
    """

    id: str
    kind: str
    level: int | None = None
    atk: int | None = None
    def_: int | None = None
    subtype: str | None = None
    effect: str = "none"
    phase_effect: str | None = None
    owner: Player | None = None
    name: str | None = None
    token: bool = False
    passcode: int | None = None
    #: Tributes its own text lets it be Normal Summoned or Set with (None: the Level rule).
    tributes: tuple[int, ...] | None = None
    normal_summon: bool = True
    gemini: bool = False
    #: Its activated effects (None: judged by ``effect`` alone, as before revision 3).
    effects: tuple[EffectFact, ...] | None = None
    grants: tuple[str, ...] = ()
    #: (revision 4) a Trap its own text lets be activated from the hand (Infinite
    #: Impermanence); a monster that can count as 2 Tributes (Kaiser Sea Horse).
    trap_from_hand: bool = False
    double_tribute: bool = False
    #: The Tribute Summons it counts as 2 for (None: any; an extension, docs/format.md).
    double_tribute_for: TributeFilter | None = None
    #: (extensions, docs/format.md) a monster its own text lets attack while in face-up
    #: Defense Position (Scareclaw Kashtira); Normal Summon procedures it gives its
    #: controller's monsters in the hand while it is face-up on the field (Kashtira Birth)
    defense_attack: bool = False
    #: (an extension) a monster its own text lets attack directly while the opponent
    #: controls monsters (Wattcobra)
    attacks_directly: bool = False
    grants_tributes: tuple[GrantedTributes, ...] = ()
    #: (an extension) the kinds of the effects an Xyz Monster gains while it has this card as
    #: an Xyz Material (Zoodiac Whiptail: a trigger effect)
    xyz_material_effects: tuple[str, ...] = ()
    #: (an extension) a Trap that Special Summons itself as a monster: what it is as one
    trap_monster: TrapMonster | None = None
    #: (an extension) an Equip Card whose equipped monster can count as 2 Tributes, for the
    #: Tribute Summons of the monsters it names (Saqlifice: a "Qli" monster's)
    grants_double_tribute: TributeFilter | None = None
    #: (an extension) a Gemini monster its effect Special Summons is treated as an Effect
    #: Monster and gains its effects (Gemini Ablation)
    gives_gemini_status: bool = False
    #: (an extension) the effects that give it (indexes in ``effects``, or ``activation``);
    #: empty: any resolution of the card
    gives_gemini_status_by: tuple[int | str, ...] = ()
    #: (an extension) once its effect resolved, its player may Tribute Summon the monsters it
    #: names with 1 less Tribute for the rest of the turn (Elborz, the Sacred Lands of
    #: Simorgh: a Winged Beast monster)
    lessens_tributes: TributeFilter | None = None
    #: (an extension) the effects that do so (as ``gives_gemini_status_by``)
    lessens_tributes_by: tuple[int | str, ...] = ()
    #: (an extension) who may activate a Trap or Quick-Play Spell the turn it was Set, as
    #: this card allows: ``itself``, the cards on its player's ``field`` while it is face-up
    #: there (Rescue-ACE Hydrant), the ones it ``sets`` (not judged: the document does not
    #: say which card Set a card)
    set_turn: tuple[str, ...] = ()
    link: int | None = None
    link_arrows: tuple[str, ...] = ()
    pendulum: bool = False
    scale: int | None = None
    #: (revision 4, §8) the card's own limits: activations and Special Summons a turn (None:
    #: no limit), its Summon procedures' materials (None: not given), its Special Summon locks
    activations_per_turn: int | None = None
    #: (an extension) the use limit of the effect a Spell's or Trap's activation carries out
    #: ("You can only use each effect of "X" once per turn": ``name``; None: none), spent by
    #: a negated activation too, and the ``shared`` key of the card's effects it shares that
    #: use with ("You can only use 1 "X" effect per turn")
    activation_once: str | None = None
    activation_shared: str | None = None
    summons_per_turn: int | None = None
    materials: tuple[Materials, ...] | None = None
    locks: tuple[Lock, ...] = ()

    @property
    def label(self) -> str:
        """How messages name the card: its name and id, or its id alone.

        >>> Card("pot", "spell", subtype="normal", effect="ignition", name="Pot of Greed").label
        'Pot of Greed (pot)'
        """
        return f"{self.name} ({self.id})" if self.name else self.id

    @property
    def card_speed(self) -> int:
        """Spell speed of activating this Spell or Trap card itself (§2).

        >>> Card("mst", "spell", subtype="quick_play").card_speed
        2
        """
        if self.kind == "trap":
            return 3 if self.subtype == "counter" else 2
        return 2 if self.subtype == "quick_play" else 1

    def effect_at(self, place: str | None) -> str:
        """The kind to judge an activation of this card's effect by, where it stands
        (``field``, ``hand``, ``graveyard``, ``banished``, ``extra``): the least restrictive
        kind among its ``effects`` usable there, ``none`` when none is; without ``effects``,
        ``effect``.

        >>> ign, trg = EffectFact("ignition", frozenset({"field"})), \\
        ...     EffectFact("trigger", frozenset({"graveyard"}))
        >>> c = Card("g", "monster", level=4, effects=(ign, trg))
        >>> c.effect_at("field"), c.effect_at("graveyard"), c.effect_at("hand")
        ('ignition', 'trigger', 'none')
        """
        if self.effects is None:
            return self.effect
        best = "none"
        for fact in self.effects:
            if place in fact.places and _KIND_RANK[fact.kind] > _KIND_RANK[best]:
                best = fact.kind
        return best

    @property
    def effect_speed(self) -> int:
        """Spell speed of this card's own effect used where it stands (§2).

        >>> Card("jar", "monster", level=2, effect="quick").effect_speed
        2
        """
        return 2 if self.effect == "quick" else 1


@dataclass(frozen=True, slots=True)
class Placed:
    """A card in a Monster or Spell & Trap Zone of ``setup``.

    >>> Placed("mf", face_up=False).face_up
    False
    """

    card: str
    position: str = "attack"
    face_up: bool = True
    equipped_to: str | None = None
    gemini: bool = False  # a Gemini monster already Gemini Summoned (extension, docs/format.md)
    zone: str | None = None  # where it stands (M1-M5, EMZ-L, EMZ-R, S1-S5); None: the judge picks


@dataclass(frozen=True, slots=True)
class SetupPlayer:
    """One player's side of ``setup``; ``deck`` is a count or a top-first list of ids.

    >>> SetupPlayer().deck
    40
    """

    deck: int | tuple[str, ...] = 40
    hand: tuple[str, ...] = ()
    lp: int = 8000
    monsters: tuple[Placed, ...] = ()
    spell_traps: tuple[Placed, ...] = ()
    field_spell: Placed | None = None
    graveyard: tuple[str, ...] = ()
    banished: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    #: The face-up Extra Deck: Pendulum Monsters sent there from the field (§6).
    extra_face_up: tuple[str, ...] = ()


@dataclass(slots=True, unsafe_hash=True)
class Action:
    """One proposed action (§2); ``raw`` is the object exactly as the document gave it.

    A value, as python-chess's ``Move`` is: hashable, and never changed once made (it is not
    frozen only because frozen dataclasses are four times slower to build, and a long duel
    builds tens of thousands).

    >>> Action("draw", "p1").by_effect
    False
    """

    type: str
    player: Player
    card: str | None = None
    to: str | None = None
    tributes: tuple[str, ...] = ()
    by_effect: bool = False
    replay: bool = False
    respond: bool = False
    target: str | None = None
    position: str = "attack"
    amount: int = 0
    #: Where the card goes (docs/format.md: ``M1``-``M5``, ``EMZ-L``, ``EMZ-R``, ``S1``-``S5``).
    zone: str | None = None
    #: A Pendulum Summon's cards, and their zones and positions (none given: the judge picks).
    cards: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()
    positions: tuple[str, ...] = ()
    #: A ``move`` to the Extra Deck face-up (a Pendulum Monster, §6).
    face_up: bool = False
    #: A ``move`` to a Spell & Trap Zone face-down: an effect Sets the card (docs/format.md).
    face_down: bool = False
    #: (revision 4) An ``activate``'s effect: its index in the card's ``effects``.
    effect: int | None = None
    #: (an extension) An ``activate`` whose activation was negated (docs/format.md).
    negated: bool = False
    #: (revision 4) A ``special_summon``'s method (:data:`SUMMON_METHODS`) and materials.
    method: str | None = None
    materials: tuple[str, ...] = ()
    #: (an extension) A ``special_summon`` of a monster that returns to the field unsummoned.
    returned: bool = False
    #: (an extension) a ``move`` or ``discard`` of the open chain's last card by its player:
    #: the cost of its own activation, paid as it is activated, so the chain stays open
    cost: bool = False
    #: (an extension) A ``special_summon`` made by the other player's effect onto ``player``'s
    #: field (Concours de Cuisine's): the player who Special Summons it, whose locks and
    #: Special Summons it is; None, ``player`` (docs/format.md).
    summoner: Player | None = None
    log: dict[str, Any] | None = field(default=None, compare=False)
    raw: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True, slots=True)
class Document:
    """A whole duel document (§1), loaded and cross-checked.

    A document that starts from a ``position`` (a verdict's ``state``, as loaded) has an
    empty ``setup``; ``turn`` and ``turn_player`` are the position's.

    >>> Document(cards={}, setup={"p1": SetupPlayer(), "p2": SetupPlayer()}, actions=()).turn
    1
    """

    cards: dict[str, Card]
    setup: dict[Player, SetupPlayer]
    actions: tuple[Action, ...]
    ruleset: str = "classic"
    turn: int = 1
    turn_player: Player = "p1"
    source: dict[str, Any] | None = None
    position: dict[str, Any] | None = None

"""The duel state: plain typed dataclasses, kept apart from the turn machine.

A card stands in at most one place; ``DuelState.where`` indexes that place so that every
query is O(1) in the number of cards. Only the primitives here move cards.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from validator.document.model import (
    PLAYERS,
    Action,
    Card,
    Document,
    Placed,
    Player,
    SetupPlayer,
    other,
)
from validator.engine.zones import MAIN_ZONES, free_zone
from validator.rules.rulesets import CLASSIC, RULESETS, Ruleset

if TYPE_CHECKING:
    from validator.engine.zones import Placement
    from validator.rules.checks.activation import Activation

FIELD_PILES: Final = frozenset({"monsters", "spell_traps", "field_spell"})


@dataclass(slots=True, init=False)
class Monster:
    """A monster in a Monster Card Zone, with the Xyz Materials attached under it.

    Its constructor is written out, as :class:`SpellTrap`'s and :class:`ChainLink`'s are: the
    one ``dataclass`` generates stays interpreted in the compiled build (docs/building.md), and
    judging makes one for every monster placed; the dataclass still makes ``==`` and ``repr``.

    >>> Monster("c1", "attack").materials, Monster("c1", "attack") == Monster("c1", "attack")
    ([], True)
    """

    card: str
    position: str
    materials: list[str]
    #: A Gemini monster Gemini Summoned where it stands: it has its effects (§1 ``gemini``).
    gemini: bool
    #: Its zone (``M1``-``M5``, ``EMZ-L``, ``EMZ-R``; see validator/engine/zones.py); None only on a
    #: board "as the log has it" with more monsters than zones.
    zone: str | None

    def __init__(self, card: str, position: str, materials: list[str] | None = None,
                 gemini: bool = False, zone: str | None = None) -> None:
        self.card = card
        self.position = position
        self.materials = [] if materials is None else materials
        self.gemini = gemini
        self.zone = zone


@dataclass(slots=True, init=False)
class SpellTrap:
    """A card in a Spell & Trap Zone or the Field Zone; ``equipped_to`` for an attached Equip
    (a constructor of its own, as :class:`Monster`'s).

    >>> SpellTrap("c2", True)
    SpellTrap(card='c2', face_up=True, equipped_to=None, zone=None)
    """

    card: str
    face_up: bool
    equipped_to: str | None
    #: Its zone (``S1``-``S5``); None in the Field Zone.
    zone: str | None

    def __init__(self, card: str, face_up: bool, equipped_to: str | None = None,
                 zone: str | None = None) -> None:
        self.card = card
        self.face_up = face_up
        self.equipped_to = equipped_to
        self.zone = zone


@dataclass(slots=True)
class Side:
    """One player's Life Points and piles; unknown cards are counted, not named."""

    lp: int
    deck: list[str]
    deck_unknown: int
    hand: list[str] = field(default_factory=list)
    hand_unknown: int = 0
    monsters: list[Monster] = field(default_factory=list)
    spell_traps: list[SpellTrap] = field(default_factory=list)
    field_spell: SpellTrap | None = None
    graveyard: list[str] = field(default_factory=list)
    banished: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    #: The face-up Extra Deck (§6), oldest first.
    extra_face_up: list[str] = field(default_factory=list)

    @property
    def deck_size(self) -> int:
        """Cards left in the deck, named or not."""
        return len(self.deck) + self.deck_unknown

    @property
    def hand_size(self) -> int:
        """Cards in the hand, named or not."""
        return len(self.hand) + self.hand_unknown


@dataclass(frozen=True, slots=True)
class ActiveLock:
    """A lock of a card's (§8 ``locks``) on a player's Special Summons this turn: the card,
    the index of the lock in its ``locks``, and the action from which it holds."""

    player: Player
    card: str
    lock: int
    since: int


@dataclass(slots=True, init=False, unsafe_hash=True)
class SpecialSummoned:
    """A Special Summon made this turn: by whom, of which card, at which action, and whether
    it came from the Extra Deck (what a ``turn`` lock taken later asks).

    A value never changed once made, hashable and compared by its fields; not frozen, as
    :class:`~validator.document.model.Action` is not, so that its constructor (written out)
    is compiled: a frozen dataclass's generated one stays interpreted, and judging makes one
    for every Special Summon (docs/building.md).

    >>> SpecialSummoned("p1", "c1", 4, True) == SpecialSummoned("p1", "c1", 4, True)
    True
    """

    player: Player
    card: str
    index: int
    from_extra: bool

    def __init__(self, player: Player, card: str, index: int, from_extra: bool) -> None:
        self.player = player
        self.card = card
        self.index = index
        self.from_extra = from_extra


@dataclass(frozen=True, slots=True)
class GuessedUse:
    """An activation whose document names no effect, made when several of the card's effects
    were usable (§8): the judge took ``chosen`` among ``options`` (indexes in the card's
    ``effects``). A later use that needs ``chosen``'s limit may move it to another option
    still allowed, as a judge would read the earlier activation (the reading that flags
    least)."""

    player: Player
    card: str
    index: int
    options: tuple[int, ...]
    chosen: int


@dataclass(slots=True)
class TurnLimits:
    """What the card limits (§8) count in a turn; values are the indexes of the actions.

    ``uses``: a limited use (player, hard key: validator/engine/limits.py) -> the action that
    used it; ``copy_uses``: card -> its own (soft) uses, dropped when it leaves its place;
    ``activations`` and ``summons``: (player, the card's name key) -> the actions;
    ``special_summons``: every Special Summon; ``locks``: the locks holding; ``guesses``: the
    activations whose effect the judge chose among several.
    """

    uses: dict[str, int] = field(default_factory=dict)
    copy_uses: dict[str, dict[str, int]] = field(default_factory=dict)
    activations: dict[str, list[int]] = field(default_factory=dict)
    summons: dict[str, list[int]] = field(default_factory=dict)
    special_summons: list[SpecialSummoned] = field(default_factory=list)
    locks: list[ActiveLock] = field(default_factory=list)
    guesses: list[GuessedUse] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.uses or self.copy_uses or self.activations or self.summons or
                    self.special_summons or self.locks or self.guesses)

    def copy(self) -> TurnLimits:
        """An independent copy."""
        return TurnLimits(dict(self.uses), {c: dict(u) for c, u in self.copy_uses.items()},
                          {k: list(v) for k, v in self.activations.items()},
                          {k: list(v) for k, v in self.summons.items()},
                          list(self.special_summons), list(self.locks), list(self.guesses))


@dataclass(slots=True)
class ThisTurn:
    """What the current turn has used up; values are the indexes of the actions that did it."""

    drew: int | None = None
    normal_summon: int | None = None
    quick_summon: int | None = None
    positions_changed: dict[str, int] = field(default_factory=dict)
    attacked: dict[str, int] = field(default_factory=dict)
    placed: dict[str, int] = field(default_factory=dict)
    set: dict[str, int] = field(default_factory=dict)
    phase_effects_due: list[str] = field(default_factory=list)
    phase_effects_done: dict[str, int] = field(default_factory=dict)
    #: card -> (index of its last attack declaration, the opponent's monsters at that moment)
    declared: dict[str, tuple[int, frozenset[str]]] = field(default_factory=dict)
    #: player -> what cards resolved this turn granted them (§1 ``grants``), in order
    granted: dict[Player, list[str]] = field(default_factory=dict)
    #: Monsters whose opponent's monsters changed since their last declaration (one left a
    #: Monster Zone or one came, even if the same ids stand there again): a replay may follow.
    foes_changed: builtins.set[str] = field(default_factory=builtins.set)  # (set is a field)
    pendulum_summon: int | None = None
    #: (revision 4, §8) the card limits' bookkeeping: validator/engine/limits.py
    limits: TurnLimits = field(default_factory=lambda: TurnLimits())
    #: player -> the cards whose resolution this turn let them Tribute Summon with 1 less
    #: Tribute (``lessens_tributes``, an extension: docs/format.md), in order
    lessened_by: dict[Player, list[str]] = field(default_factory=dict)
    #: player -> the cards of the last chain resolved whose effect gives the Gemini monsters
    #: it Special Summons their effects (``gives_gemini_status``); emptied as a chain begins
    gemini_status_by: dict[Player, list[str]] = field(default_factory=dict)

    def forget(self, card: str) -> None:
        """A card that left the field is a new card if it comes back: drop what it did."""
        for record in (self.positions_changed, self.attacked, self.placed, self.set,
                       self.phase_effects_done, self.declared):
            record.pop(card, None)
        self.limits.copy_uses.pop(card, None)
        self.foes_changed.discard(card)
        if card in self.phase_effects_due:
            self.phase_effects_due.remove(card)


@dataclass(slots=True, init=False)
class ChainLink:
    """One link of the open chain (a constructor of its own, as :class:`Monster`'s).

    >>> ChainLink("c3", "p1", 2, False).locks
    ()
    """

    card: str
    player: Player
    speed: int
    card_activation: bool
    target: str | None
    #: (revision 4) indexes in the card's ``locks`` that its resolution imposes
    locks: tuple[int, ...]
    #: the effect activated (its index in the card's ``effects``), where the judge knows
    #: it; None for a card activation, or an effect not known
    effect: int | None

    def __init__(self, card: str, player: Player, speed: int, card_activation: bool,
                 target: str | None = None, locks: tuple[int, ...] = (),
                 effect: int | None = None) -> None:
        self.card = card
        self.player = player
        self.speed = speed
        self.card_activation = card_activation
        self.target = target
        self.locks = locks
        self.effect = effect


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the duel ended."""

    winner: Player
    reason: str


@dataclass(slots=True)
class DuelState:
    """Everything the rules need to judge the next action."""

    cards: dict[str, Card]
    turn: int
    turn_player: Player
    sides: dict[Player, Side]
    phase: str = "draw"
    where: dict[str, tuple[Player, str]] = field(default_factory=dict)
    chain: list[ChainLink] = field(default_factory=list)
    pending_equips: dict[str, str] = field(default_factory=dict)
    #: Xyz Material -> the monster it is attached under (on the field, or still to come)
    attached: dict[str, str] = field(default_factory=dict)
    this_turn: ThisTurn = field(default_factory=ThisTurn)
    outcome: Outcome | None = None
    #: Actions judged legal in the whole duel so far: the index of the one being judged.
    index: int = 0
    gone: set[str] = field(default_factory=set)
    #: The ``activate`` being judged and how it activates (see checks.activation.classify).
    activating: tuple[Action, Activation] | None = None
    #: The ruleset the duel is judged by (§1 ``ruleset``; validator/rules/rulesets.py).
    rules: Ruleset = CLASSIC
    #: The action being judged and where its card goes (see validator.engine.zones.placement).
    placing: tuple[Action, Placement] | None = None
    #: (revision 4, §8) once-per-Duel uses: (player, key) as validator/engine/limits.py
    #: writes it -> the action that used it.
    duel_uses: dict[str, int] = field(default_factory=dict)
    #: Monsters face-up on the field at the end of a turn in which a card whose Level change
    #: may outlast the turn (``lasting_level``) was used, and on the field face-up since:
    #: their Level may still be one that card gave (``summon.materials``;
    #: validator/rules/checks/limits.py).
    levels_changed: set[str] = field(default_factory=set)

    def copy(self) -> DuelState:
        """An independent copy (the card table, never changed, is shared).

        >>> s = DuelState({}, 1, "p1", {p: Side(8000, [], 40) for p in PLAYERS})
        >>> t = s.copy()
        >>> t.sides["p1"].lp = 1
        >>> s.sides["p1"].lp
        8000
        """
        t = self.this_turn
        return DuelState(
            cards=self.cards, turn=self.turn, turn_player=self.turn_player,
            sides={p: _copy_side(side) for p, side in self.sides.items()}, phase=self.phase,
            where=dict(self.where),
            chain=[ChainLink(c.card, c.player, c.speed, c.card_activation, c.target, c.locks,
                             c.effect) for c in self.chain],
            pending_equips=dict(self.pending_equips), attached=dict(self.attached),
            this_turn=ThisTurn(t.drew, t.normal_summon, t.quick_summon,
                               dict(t.positions_changed), dict(t.attacked), dict(t.placed),
                               dict(t.set), list(t.phase_effects_due),
                               dict(t.phase_effects_done), dict(t.declared),
                               {p: list(g) for p, g in t.granted.items()},
                               set(t.foes_changed), t.pendulum_summon, t.limits.copy(),
                               {p: list(c) for p, c in t.lessened_by.items()},
                               {p: list(c) for p, c in t.gemini_status_by.items()}),
            outcome=self.outcome, index=self.index, gone=set(self.gone), rules=self.rules,
            duel_uses=dict(self.duel_uses), levels_changed=set(self.levels_changed))

    # -- queries -----------------------------------------------------------------------
    def locate(self, card: str) -> tuple[Player, str] | None:
        """``(player, pile)`` where ``card`` stands, or None when it stands nowhere yet."""
        return self.where.get(card)

    def controls(self, player: Player, card: str) -> bool:
        """True when ``card`` is on ``player``'s side of the field."""
        loc = self.where.get(card)
        return loc is not None and loc[0] == player and loc[1] in FIELD_PILES

    def on_field(self, card: str) -> bool:
        """True when ``card`` is on either side of the field."""
        loc = self.where.get(card)
        return loc is not None and loc[1] in FIELD_PILES

    def unplaced(self, card: str) -> bool:
        """True for a card that stands nowhere yet: hidden in a deck or hand, or a token."""
        return card not in self.where and card not in self.gone

    def in_hand(self, player: Player, card: str) -> bool:
        """In ``player``'s hand, or one of the unknown cards they hold (see docs/format.md)."""
        loc = self.where.get(card)
        if loc is not None:
            return loc == (player, "hand")
        c = self.cards[card]
        return (not c.token and c.owner == player and self.sides[player].hand_unknown > 0
                and card not in self.gone)

    def monster(self, card: str) -> Monster | None:
        """The zone entry of a monster on the field."""
        loc = self.where.get(card)
        if loc is None or loc[1] != "monsters":
            return None
        return next(mon for mon in self.sides[loc[0]].monsters if mon.card == card)

    def in_monster_zone(self, player: Player, card: str) -> bool:
        """True when ``card`` stands in one of ``player``'s Monster Zones."""
        return self.where.get(card) == (player, "monsters")

    def spell_trap(self, card: str) -> SpellTrap | None:
        """The zone entry of a card in a Spell & Trap Zone or the Field Zone."""
        loc = self.where.get(card)
        if loc is None or loc[1] not in ("spell_traps", "field_spell"):
            return None
        side = self.sides[loc[0]]
        if loc[1] == "field_spell":
            return side.field_spell
        return next(st for st in side.spell_traps if st.card == card)

    def face_up_on_field(self, player: Player, card: str) -> bool:
        """True when ``card`` is face-up on ``player``'s side of the field."""
        if not self.controls(player, card):
            return False
        mon = self.monster(card)
        if mon is not None:
            return mon.position != "facedown_defense"
        st = self.spell_trap(card)
        return st is not None and st.face_up

    def owner(self, card: str) -> Player:
        """The card's owner (for a token, whoever controls it or created it)."""
        owner = self.cards[card].owner
        if owner is None:
            loc = self.where.get(card)
            return loc[0] if loc else self.turn_player
        return owner

    def field_cards(self, player: Player) -> list[str]:
        """Every card on ``player``'s side of the field."""
        side = self.sides[player]
        out = [m.card for m in side.monsters] + [st.card for st in side.spell_traps]
        if side.field_spell is not None:
            out.append(side.field_spell.card)
        return out

    def equips_of(self, monster: str) -> list[SpellTrap]:
        """Equip cards attached to ``monster``, on either side."""
        return [st for p in PLAYERS for st in self.sides[p].spell_traps
                if st.equipped_to == monster]

    # -- primitives that move cards -----------------------------------------------------
    def take(self, card: str, hidden: str = "deck", *, control_change: bool = False) -> None:
        """Lift ``card`` from where it stands.

        A card that leaves the field takes its Equips and Xyz Materials to the Graveyard and
        forgets what it did this turn (it is a new card if it comes back); a control change
        (``control_change``) keeps all of that. A card that stands nowhere yet is one of its
        owner's unknown cards: it leaves the ``hidden`` pile's count ("deck" or "hand"), or
        the other one's when that is empty.
        """
        # (dict entries taken by get and del, or del where present: the compiled dict has no
        # ``pop`` with a default of its own, which is a method looked up by name; no entry
        # of these dicts is None)
        loc = self.where.get(card)
        if loc is None:
            self._take_hidden(card, hidden)
            return
        del self.where[card]
        player, pile = loc
        side = self.sides[player]
        if pile == "monsters":
            mon = next(m for m in side.monsters if m.card == card)
            side.monsters.remove(mon)
            self._monsters_changed(player, card)
            if not control_change:
                for st in self.equips_of(card):
                    self.send(st.card, "graveyard")
                for material in mon.materials:
                    del self.attached[material]
                    self.where.pop(material, None)
                    self.put(material, self.owner(material), "graveyard")
        elif pile == "spell_traps":
            side.spell_traps = [st for st in side.spell_traps if st.card != card]
        elif pile == "field_spell":
            side.field_spell = None
        elif pile == "material":
            holder = self.monster(self.attached.pop(card))
            if holder is not None:
                holder.materials.remove(card)
        else:
            getattr(side, pile).remove(card)
        if pile in FIELD_PILES and not control_change:
            self.this_turn.forget(card)
            self.levels_changed.discard(card)
        elif not control_change:  # a soft limit (§8 "copy") is renewed wherever it goes
            copy_uses = self.this_turn.limits.copy_uses
            if card in copy_uses:
                del copy_uses[card]
        pending = self.pending_equips
        if pending:
            if card in pending:
                del pending[card]  # an Equip that left stops waiting
            for equip in [e for e, target in pending.items() if target == card]:
                del pending[equip]  # its target left the Graveyard or banishment

    def _take_hidden(self, card: str, hidden: str) -> None:
        side = self.sides[self.owner(card)]
        if self.cards[card].token:
            return
        if hidden == "hand" and side.hand_unknown > 0:
            side.hand_unknown -= 1
        elif side.deck_unknown > 0:
            side.deck_unknown -= 1
        elif side.hand_unknown > 0:
            side.hand_unknown -= 1

    def put(self, card: str, player: Player, pile: str, *, position: str = "attack",
            face_up: bool = True, equipped_to: str | None = None, top: bool = False,
            zone: str | None = None) -> None:
        """Place ``card`` (already lifted) in ``player``'s ``pile``, in ``zone`` (the first
        free Main Monster or Spell & Trap Zone when None: see validator/engine/zones.py).

        A monster entering a Monster Zone takes the Xyz Materials waiting for it; a token
        that had ceased to exist is a new token (its id is no longer ``gone``).
        """
        side = self.sides[player]
        self.gone.discard(card)
        if pile == "monsters":
            waiting = [m for m, holder in self.attached.items() if holder == card]
            if zone is None:
                zone = free_zone([m.zone for m in side.monsters], MAIN_ZONES)
            side.monsters.append(Monster(card, position, waiting, False, zone))
            self._monsters_changed(player, card)
        elif pile == "spell_traps":
            if zone is None:
                zone = free_zone([st.zone for st in side.spell_traps],
                                 self.rules.spell_trap_order)
            side.spell_traps.append(SpellTrap(card, face_up, equipped_to, zone))
        elif pile == "field_spell":
            if side.field_spell is not None:
                self.send(side.field_spell.card, "graveyard")
            side.field_spell = SpellTrap(card, face_up)
        elif top:
            getattr(side, pile).insert(0, card)
        else:
            getattr(side, pile).append(card)
        self.where[card] = (player, pile)

    def _monsters_changed(self, player: Player, moved: str) -> None:
        """``moved`` came to or left ``player``'s Monster Zones: every monster of the other
        side that declared an attack may replay it (§2: the card is new if it comes back)."""
        declared = self.this_turn.declared
        if declared:
            self.this_turn.foes_changed.update(
                card for card in declared
                if card != moved and self.where.get(card) != (player, "monsters"))

    def attach(self, card: str, holder: str, player: Player) -> None:
        """Attach ``card`` (already lifted) as an Xyz Material under ``holder``: under it at
        once if it is in a Monster Zone, else when it comes there."""
        self.attached[card] = holder
        self.where[card] = (player, "material")
        mon = self.monster(holder)
        if mon is not None:
            mon.materials.append(card)

    def send(self, card: str, pile: str, *, hidden: str = "deck") -> None:
        """Move ``card`` to its owner's ``pile``; a token leaving the field ceases to exist.
        Under ``advanced`` a Pendulum Monster going from the field to the Graveyard goes
        face-up to its owner's Extra Deck instead (§6)."""
        if self.rules.pendulum and pile == "graveyard" and self.cards[card].pendulum and \
                self.on_field(card):
            pile = "extra_face_up"
        self.take(card, hidden)
        if self.cards[card].token:
            self.gone.add(card)
            return
        self.put(card, self.owner(card), pile)


def _copy_spell_trap(st: SpellTrap | None) -> SpellTrap | None:
    return None if st is None else SpellTrap(st.card, st.face_up, st.equipped_to, st.zone)


def _copy_side(side: Side) -> Side:
    return Side(side.lp, list(side.deck), side.deck_unknown, list(side.hand), side.hand_unknown,
                [Monster(m.card, m.position, list(m.materials), m.gemini, m.zone)
                 for m in side.monsters],
                [SpellTrap(st.card, st.face_up, st.equipped_to, st.zone)
                 for st in side.spell_traps],
                _copy_spell_trap(side.field_spell), list(side.graveyard), list(side.banished),
                list(side.extra), list(side.extra_face_up))


def zoned(named: list[str | None], order: tuple[str, ...]) -> list[str | None]:
    """The zones of a side's slots in order: each named one as named, the others the free
    zones of ``order`` in turn (None once none is left).

    >>> zoned([None, "M1", None], MAIN_ZONES)
    ['M2', 'M1', 'M3']
    """
    free = iter([z for z in order if z not in named])
    return [z if z is not None else next(free, None) for z in named]


def _side(setup: Any, rules: Ruleset) -> Side:
    deck = list(setup.deck) if isinstance(setup.deck, tuple) else []
    unknown = setup.deck if isinstance(setup.deck, int) else 0
    side = Side(setup.lp, deck, unknown, list(setup.hand), 0, [], [],
                _st(setup.field_spell, None) if setup.field_spell else None,
                list(setup.graveyard), list(setup.banished), list(setup.extra),
                list(setup.extra_face_up))
    if setup.monsters:
        zones = zoned([p.zone for p in setup.monsters], MAIN_ZONES)
        side.monsters = [Monster(p.card, p.position, [], p.gemini, z)
                         for p, z in zip(setup.monsters, zones, strict=True)]
    if setup.spell_traps:
        zones = zoned([p.zone for p in setup.spell_traps], rules.spell_trap_order)
        side.spell_traps = [_st(p, z) for p, z in zip(setup.spell_traps, zones, strict=True)]
    return side


def _st(placed: Placed, zone: str | None) -> SpellTrap:
    return SpellTrap(placed.card, placed.face_up, placed.equipped_to, zone)


def setup_placements(setup: SetupPlayer) -> list[tuple[str, str]]:
    """Every ``(card id, pile)`` a side's ``setup`` places, in document order: where
    :func:`setup_state` puts each card, and whose card each is for the document's schema.
    Here, compiled, rather than a method of the (interpreted) model: it runs for every
    document.

    >>> setup_placements(SetupPlayer(deck=("a",), hand=("b",)))
    [('a', 'deck'), ('b', 'hand')]
    >>> setup_placements(SetupPlayer(deck=12, hand=("b",), field_spell=Placed("f")))
    [('b', 'hand'), ('f', 'field_spell')]
    """
    out: list[tuple[str, str]] = []
    deck = setup.deck
    if isinstance(deck, tuple):
        out += [(cid, "deck") for cid in deck]
    out += [(cid, "hand") for cid in setup.hand]
    out += [(placed.card, "monsters") for placed in setup.monsters]
    out += [(placed.card, "spell_traps") for placed in setup.spell_traps]
    field_spell = setup.field_spell
    if field_spell is not None:
        out.append((field_spell.card, "field_spell"))
    out += [(cid, "graveyard") for cid in setup.graveyard]
    out += [(cid, "banished") for cid in setup.banished]
    out += [(cid, "extra") for cid in setup.extra]
    out += [(cid, "extra_face_up") for cid in setup.extra_face_up]
    return out


def setup_state(doc: Document) -> DuelState:
    """The state at the beginning of the document's turn, in its Draw Phase, from its
    ``setup`` (a document that starts from a ``position``: :func:`.position.initial_state`).

    >>> from validator.document.model import SetupPlayer
    >>> s = setup_state(Document({}, {"p1": SetupPlayer(), "p2": SetupPlayer()}, ()))
    >>> (s.turn, s.phase, s.sides["p1"].deck_size)
    (1, 'draw', 40)
    """
    rules = RULESETS[doc.ruleset]
    sides = {p: _side(doc.setup[p], rules) for p in PLAYERS}
    state = DuelState(cards=doc.cards, turn=doc.turn, turn_player=doc.turn_player, sides=sides,
                      rules=rules)
    where = state.where
    for player in PLAYERS:
        for cid, pile in setup_placements(doc.setup[player]):
            where[cid] = (player, pile)
    if sides[doc.turn_player].deck_size == 0:
        state.outcome = Outcome(other(doc.turn_player), "deck_out")
    return state

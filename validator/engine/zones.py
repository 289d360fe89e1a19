"""Where a card stands on the field: zones, their geometry, and where the judge puts a card.

Zones are written as in Duelingbook's log, without its dash (docs/format.md): each player's
Main Monster Zones ``M1``-``M5`` and Spell & Trap Zones ``S1``-``S5``, numbered from that
player's own left; the field's two Extra Monster Zones ``EMZ-L`` and ``EMZ-R``, left and right
as p1 sees them. The Field Zone is a pile of its own (``field_spell``) and has no name here.

Geometry (§6): the field is a grid of columns 1-5 from p1's left and rows from p1's side: p1's
Main Monster Zones are row 1, the Extra Monster Zones row 2 (``EMZ-L`` above p1's zone 2 and
below p2's zone 4, ``EMZ-R`` above p1's zone 4 and below p2's zone 2) and p2's Main Monster
Zones row 3, p2's zone ``k`` in column ``6 - k``. A Link Monster's arrows are written as its
controller sees them, so p2's arrows are turned round on this grid.

:func:`place_monster`, :func:`place_pendulum` and :func:`place_spell_trap` say where a card
goes, and under ``advanced`` which zone rule a placement breaks first (contract §4 order:
``zone.monster-full``, ``zone.spell-trap-full``, ``zone.extra-deck-summon``,
``zone.extra-monster-zone``). Under ``classic`` zones are bookkeeping: a named zone is used
when free, and the first free zone otherwise; nothing is ever refused for its zone.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from validator.document.model import PLAYERS, Action, Player

if TYPE_CHECKING:
    from validator.engine.state import DuelState

MAIN_ZONES: Final = ("M1", "M2", "M3", "M4", "M5")
EXTRA_ZONES: Final = ("EMZ-L", "EMZ-R")
MONSTER_ZONES: Final = MAIN_ZONES + EXTRA_ZONES
SPELL_TRAP_ZONES: Final = ("S1", "S2", "S3", "S4", "S5")
PENDULUM_ZONES: Final = ("S1", "S5")
_MAIN_SET: Final = frozenset(MAIN_ZONES)
#: Piles a card is Summoned "from the Extra Deck" from.
EXTRA_PILES: Final = frozenset({"extra", "extra_face_up"})

#: A Link Arrow as its controller sees it: (columns to the right, rows toward the opponent).
ARROWS: Final = {"top-left": (-1, 1), "top": (0, 1), "top-right": (1, 1), "left": (-1, 0),
                 "right": (1, 0), "bottom-left": (-1, -1), "bottom": (0, -1),
                 "bottom-right": (1, -1)}
_EMZ_CELLS: Final = {"EMZ-L": (2, 2), "EMZ-R": (4, 2)}

ZoneRef = tuple["Player | None", str]  # (the player whose zone it is, None for an EMZ; zone)


def cell(player: Player, zone: str) -> tuple[int, int]:
    """The grid cell of one of ``player``'s Monster Zones (or an Extra Monster Zone).

    >>> cell("p1", "M2"), cell("p2", "M4"), cell("p2", "EMZ-L")
    ((2, 1), (2, 3), (2, 2))
    """
    if zone in _EMZ_CELLS:
        return _EMZ_CELLS[zone]
    k = int(zone[1])
    return (k, 1) if player == "p1" else (6 - k, 3)


_CELLS: Final[dict[tuple[int, int], ZoneRef]] = {
    **{cell(p, z): (p, z) for p in PLAYERS for z in MAIN_ZONES},
    **{xy: (None, z) for z, xy in _EMZ_CELLS.items()}}


def points_to(player: Player, zone: str, arrows: Iterable[str]) -> list[ZoneRef]:
    """The Monster Zones that a Link Monster ``player`` controls in ``zone`` points to.

    >>> points_to("p1", "EMZ-L", ["top", "bottom"])
    [('p2', 'M4'), ('p1', 'M2')]
    >>> points_to("p2", "EMZ-L", ["bottom"])  # p2's Bottom points down at p2's own zones
    [('p2', 'M4')]
    >>> points_to("p1", "M1", ["right", "top-right", "left"])
    [('p1', 'M2'), (None, 'EMZ-L')]
    """
    col, row = cell(player, zone)
    sign = 1 if player == "p1" else -1
    out = []
    for arrow in arrows:
        dx, dy = ARROWS[arrow]
        found = _CELLS.get((col + sign * dx, row + sign * dy))
        if found is not None:
            out.append(found)
    return out


def linked_zones(s: DuelState, player: Player, leaving: Collection[str] = ()) -> set[str]:
    """``player``'s Main Monster Zones that a Link Monster on the field (either player's, not
    one in ``leaving``) points to.

    >>> from validator.document.model import Card
    >>> from validator.engine.state import DuelState, Monster, Side
    >>> link = Card("l", "monster", link=2, link_arrows=("top", "bottom-left"))
    >>> s = DuelState({"l": link}, 1, "p1", {"p1": Side(8000, [], 0), "p2": Side(8000, [], 0)})
    >>> s.sides["p1"].monsters.append(Monster("l", "attack", zone="EMZ-R"))
    >>> sorted(linked_zones(s, "p1")), sorted(linked_zones(s, "p2"))
    (['M3'], ['M2'])
    """
    out: set[str] = set()
    for p in PLAYERS:
        for mon in s.sides[p].monsters:
            card = s.cards[mon.card]
            if card.link is None or mon.zone is None or mon.card in leaving:
                continue
            out.update(z for owner, z in points_to(p, mon.zone, card.link_arrows)
                       if owner == player)
    return out


def _extra_zone_holders(s: DuelState, leaving: Collection[str]) -> dict[str, tuple[Player, str]]:
    """Extra Monster Zone -> (its monster's controller, the monster)."""
    return {mon.zone: (p, mon.card) for p in PLAYERS for mon in s.sides[p].monsters
            if mon.zone in _EMZ_CELLS and mon.card not in leaving}


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a card goes (``zone``; None when no zone is free, as on a board "as the log has
    it"), or the first zone rule that putting it there breaks, with the message."""

    zone: str | None
    rule: str | None = None
    message: str | None = None


def _refused(rule: str, message: str) -> Placement:
    return Placement(None, rule, message)


#: The placement in each zone (made once: placing a card allocates nothing).
_PLACED: Final[dict[str | None, Placement]] = {
    zone: Placement(zone) for zone in (None, *MONSTER_ZONES, *SPELL_TRAP_ZONES)}


def from_extra_deck(s: DuelState, card: str) -> str | None:
    """``extra`` or ``extra_face_up`` when ``card`` stands in its owner's Extra Deck.

    >>> from validator import load_document
    >>> from validator.document.position import initial_state
    >>> s = initial_state(load_document({"cards": {"f": {"kind": "monster", "level": 6}},
    ...                                  "setup": {"p1": {"extra": ["f"]}}}))
    >>> from_extra_deck(s, "f")
    'extra'
    """
    loc = s.locate(card)
    return loc[1] if loc is not None and loc[1] in EXTRA_PILES else None


def place_monster(s: DuelState, player: Player, card: str, named: str | None,
                  leaving: Collection[str] = (), *, control: bool = False) -> Placement:
    """Where ``card`` goes when ``player`` Summons it (or, with ``control``, takes control of
    it) naming zone ``named``; ``leaving`` are the monsters that leave first (Tributes).

    >>> from validator import load_document
    >>> from validator.document.position import initial_state
    >>> s = initial_state(load_document({"cards": {"x": {"kind": "monster", "level": 4}},
    ...     "setup": {"p1": {"hand": ["x"]}}}))
    >>> place_monster(s, "p1", "x", None).zone, place_monster(s, "p1", "x", "M3").zone
    ('M1', 'M3')
    """
    taken = [m.zone for m in s.sides[player].monsters
             if m.card != card and m.card not in leaving]
    zone_rules = s.rules.zone_rules
    if named is None or named in _MAIN_SET:  # the common cases: a Main Monster Zone
        main_deck = control or not zone_rules or from_extra_deck(s, card) is None
        if named is None and main_deck:
            zone = _first_free(MAIN_ZONES, taken)
            if zone is not None or not zone_rules:
                return _PLACED[zone]
        elif named is not None and main_deck and named not in taken:
            return _PLACED[named]
    if not zone_rules:  # a named zone is used when free, else the first free one
        if named not in taken and (named not in _EMZ_CELLS or
                                   named not in _extra_zone_holders(s, (*leaving, card))):
            return _PLACED[named]
        return _PLACED[_first_free(MAIN_ZONES, taken)]
    return _place_monster(s, player, card, named, leaving, control, taken)


def _first_free(order: tuple[str, ...], taken: Collection[str | None]) -> str | None:
    for zone in order:
        if zone not in taken:
            return zone
    return None


def _place_monster(s: DuelState, player: Player, card: str, named: str | None,
                   leaving: Collection[str], control: bool,
                   taken: Collection[str | None]) -> Placement:
    """:func:`place_monster` under ``advanced``, but for its common case."""
    free_main = [z for z in MAIN_ZONES if z not in taken]
    holders = _extra_zone_holders(s, (*leaving, card))
    label = s.cards[card].label
    pile = None if control else from_extra_deck(s, card)
    restricted = pile is not None and (pile == "extra_face_up" or s.cards[card].link is not None)
    own_extra = next(((z, c) for z, (p, c) in holders.items() if p == player), None)
    open_extra = [z for z in EXTRA_ZONES if z not in holders] if own_extra is None else []
    usable_extra = open_extra if pile is not None else []
    if not free_main and not usable_extra:
        return _refused("zone.monster-full", f"{player} has no free Main Monster Zone for "
                        f"{label}" + (f", and {_extra_full(s, own_extra)}." if pile else "."))
    linked = linked_zones(s, player, leaving) if restricted else set()
    allowed_main = [z for z in free_main if not restricted or z in linked]
    if restricted:
        why = "a Link Monster" if s.cards[card].link is not None else \
            "a Pendulum Monster from the face-up Extra Deck"
        if named in MAIN_ZONES and named not in linked:
            return _refused("zone.extra-deck-summon", f"{label} is {why}: it goes to an Extra "
                            f"Monster Zone or to a Main Monster Zone a Link Monster points to, "
                            f"and no Link Arrow points to {player}'s {named}.")
        if named is None and not usable_extra and not allowed_main:
            return _refused("zone.extra-deck-summon", f"{label} is {why}: it needs an Extra "
                            f"Monster Zone ({_extra_full(s, own_extra)}) or a free Main "
                            f"Monster Zone a Link Monster points to, and {player} has none.")
    if named is not None:
        refused = _named_monster_zone(s, player, label, named, pile, taken, holders, own_extra,
                                      control)
        return refused if refused is not None else _PLACED[named]
    order = [*usable_extra, *allowed_main] if restricted else [*allowed_main, *usable_extra]
    return _PLACED[order[0]]


def _extra_full(s: DuelState, own: tuple[str, str] | None) -> str:
    if own is not None:
        return f"it already has {s.cards[own[1]].label} in {own[0]}"
    return "both Extra Monster Zones are taken"


def _named_monster_zone(s: DuelState, player: Player, label: str, named: str,
                        pile: str | None, taken: Collection[str | None],
                        holders: dict[str, tuple[Player, str]],
                        own_extra: tuple[str, str] | None, control: bool) -> Placement | None:
    """``zone.extra-monster-zone`` of a named zone, or None when the monster may enter it."""
    if named in EXTRA_ZONES:
        if control:
            return _refused("zone.extra-monster-zone", f"A monster whose control changes goes "
                            f"to a Main Monster Zone of its new controller, not to {named}.")
        if pile is None:
            return _refused("zone.extra-monster-zone", f"Only a monster Summoned from the "
                            f"Extra Deck enters an Extra Monster Zone; {label} is not.")
        if named in holders:
            holder = holders[named]
            return _refused("zone.extra-monster-zone", f"{named} already holds {holder[0]}'s "
                            f"{s.cards[holder[1]].label}.")
        if own_extra is not None:
            return _refused("zone.extra-monster-zone", f"{player} already has "
                            f"{s.cards[own_extra[1]].label} in {own_extra[0]}: a player has at "
                            f"most one monster in the Extra Monster Zones.")
        return None
    if named in taken:
        mon = next(m for m in s.sides[player].monsters if m.zone == named)
        return _refused("zone.extra-monster-zone", f"{player}'s {named} already holds "
                        f"{s.cards[mon.card].label}.")
    return None


def move_monster(s: DuelState, player: Player, card: str, named: str) -> Placement:
    """Where an effect moves ``player``'s monster ``card`` on the field when it names zone
    ``named`` (R.B. VALCan Booster's "move this card to another of your Main Monster Zones"):
    there, unless the zone holds another monster or, under ``advanced``, it is an Extra
    Monster Zone while the player has another monster in the other one
    (``zone.extra-monster-zone``). Under ``classic`` an occupied zone leaves it where it is.

    >>> from validator import load_document
    >>> from validator.document.position import initial_state
    >>> s = initial_state(load_document({"ruleset": "advanced", "cards": {
    ...     "x": {"kind": "monster", "level": 4}, "y": {"kind": "monster", "level": 4}},
    ...     "setup": {"p1": {"monsters": [{"card": "x", "position": "attack", "zone": "M1"},
    ...                                   {"card": "y", "position": "attack", "zone": "M2"}]}}}))
    >>> move_monster(s, "p1", "x", "M3").zone, move_monster(s, "p1", "x", "M2").rule
    ('M3', 'zone.extra-monster-zone')
    """
    label = s.cards[card].label
    others = [m for m in s.sides[player].monsters if m.card != card]
    here = next((m for m in others if m.zone == named), None)
    holders = _extra_zone_holders(s, (card,))
    if not s.rules.zone_rules:
        mine = next((m.zone for m in s.sides[player].monsters if m.card == card), None)
        free = here is None and (named not in _EMZ_CELLS or named not in holders)
        return _PLACED[named if free else mine]
    if here is not None:
        return _refused("zone.extra-monster-zone", f"{player}'s {named} already holds "
                        f"{s.cards[here.card].label}: no room to move {label} there.")
    if named in _EMZ_CELLS:
        if named in holders:
            holder = holders[named]
            return _refused("zone.extra-monster-zone", f"{named} already holds {holder[0]}'s "
                            f"{s.cards[holder[1]].label}.")
        own = next(((z, c) for z, (p, c) in holders.items() if p == player), None)
        if own is not None:
            return _refused("zone.extra-monster-zone", f"{player} already has "
                            f"{s.cards[own[1]].label} in {own[0]}: a player has at most one "
                            f"monster in the Extra Monster Zones.")
    return _PLACED[named]


def place_pendulum(s: DuelState, player: Player, cards: tuple[str, ...],
                   named: tuple[str, ...]) -> tuple[list[str | None], str | None, str | None]:
    """Where each of ``cards`` goes in a Pendulum Summon naming ``named`` (one zone per card,
    or none at all), and the first zone rule it breaks: ``(zones, rule, message)``.

    Cards from the hand go to Main Monster Zones; cards from the face-up Extra Deck to an Extra
    Monster Zone or to a Main Monster Zone a Link Monster points to.

    >>> from validator import load_document
    >>> from validator.document.position import initial_state
    >>> s = initial_state(load_document({"ruleset": "advanced", "cards": {
    ...     "a": {"kind": "monster", "level": 4}, "b": {"kind": "monster", "level": 4,
    ...     "pendulum": True}}, "setup": {"p1": {"hand": ["a"], "extra_face_up": ["b"]}}}))
    >>> place_pendulum(s, "p1", ("a", "b"), ())
    (['M1', 'EMZ-L'], None, None)
    >>> place_pendulum(s, "p1", ("a", "b"), ("M1", "M2"))[1]
    'zone.extra-deck-summon'
    """
    wanted: list[str | None] = list(named) if named else [None] * len(cards)
    side = s.sides[player]
    taken = {m.zone for m in side.monsters}
    free_main = [z for z in MAIN_ZONES if z not in taken]
    holders = _extra_zone_holders(s, ())
    own_extra = next(((z, c) for z, (p, c) in holders.items() if p == player), None)
    open_extra = [z for z in EXTRA_ZONES if z not in holders] if own_extra is None else []
    extra = [from_extra_deck(s, c) is not None for c in cards]
    n_extra = sum(extra)
    room = len(free_main) + (1 if open_extra and n_extra else 0)
    if s.rules.zone_rules and len(cards) > room:
        return [], "zone.monster-full", (f"{player} has room for {room} monster"
                                         f"{'s' if room != 1 else ''}, not the {len(cards)} "
                                         f"Pendulum Summoned.")
    linked = linked_zones(s, player)
    if s.rules.zone_rules:
        refused = _pendulum_zones(s, player, cards, wanted, extra, linked, free_main,
                                  open_extra, holders, own_extra)
        if refused is not None:
            return [], refused[0], refused[1]
    used = {z for z in wanted if z is not None}
    out = list(wanted)
    for i, card in sorted(enumerate(cards), key=lambda ic: not extra[ic[0]]):
        if out[i] is not None:
            continue
        if extra[i] and s.rules.zone_rules:
            options = [*open_extra, *[z for z in free_main if z in linked]]
        else:
            options = free_main
        zone = out[i] = next((z for z in options if z not in used), None)
        if zone is not None:
            used.add(zone)
            if zone in EXTRA_ZONES:
                used.update(EXTRA_ZONES)  # one monster per player in the EMZs
        elif s.rules.zone_rules:
            return [], "zone.monster-full", f"{player} has no free zone left for " \
                                            f"{s.cards[card].label}."
    return out, None, None


def _pendulum_zones(s: DuelState, player: Player, cards: tuple[str, ...],
                    wanted: list[str | None], extra: list[bool], linked: set[str],
                    free_main: list[str], open_extra: list[str],
                    holders: dict[str, tuple[Player, str]],
                    own_extra: tuple[str, str] | None) -> tuple[str, str] | None:
    """The first of ``zone.extra-deck-summon`` and ``zone.extra-monster-zone`` that the named
    zones of a Pendulum Summon break (``advanced``)."""
    for card, zone, from_ed in zip(cards, wanted, extra, strict=True):
        if from_ed and zone in MAIN_ZONES and zone not in linked:
            return "zone.extra-deck-summon", (
                f"{s.cards[card].label} comes from the face-up Extra Deck: it goes to an Extra "
                f"Monster Zone or to a Main Monster Zone a Link Monster points to, and no "
                f"Link Arrow points to {player}'s {zone}.")
    unnamed = sum(1 for zone, from_ed in zip(wanted, extra, strict=True)
                  if from_ed and zone is None)
    named_extra = any(z in EXTRA_ZONES for z in wanted)
    slots = (0 if named_extra or not open_extra else 1) + \
        len([z for z in free_main if z in linked and z not in wanted])
    if unnamed > slots:
        return "zone.extra-deck-summon", (
            f"{player} Pendulum Summons {unnamed} monster{'s' if unnamed != 1 else ''} from "
            f"the face-up Extra Deck with room for {slots} there: they need an Extra Monster "
            f"Zone or Main Monster Zones a Link Monster points to.")
    seen: set[str] = set()
    taken = {m.zone for m in s.sides[player].monsters}
    for card, zone, from_ed in zip(cards, wanted, extra, strict=True):
        if zone is None:
            continue
        refused = _named_monster_zone(s, player, s.cards[card].label, zone,
                                      "extra" if from_ed else None, taken | seen, holders,
                                      own_extra, False)
        if refused is not None:
            return str(refused.rule), str(refused.message)
        seen.add(zone)
        if zone in EXTRA_ZONES:
            own_extra = (zone, card)
    return None


def place_spell_trap(s: DuelState, player: Player, card: str, named: str | None, *,
                     pendulum_zone: bool = False) -> Placement:
    """Where ``card`` goes in ``player``'s Spell & Trap Zones, naming zone ``named``; with
    ``pendulum_zone``, a Pendulum Monster activated as a Pendulum Scale (zone 1 or 5).

    >>> from validator import load_document
    >>> from validator.document.position import initial_state
    >>> s = initial_state(load_document({"ruleset": "advanced", "cards": {
    ...     "x": {"kind": "spell", "subtype": "normal"}}, "setup": {"p1": {"hand": ["x"]}}}))
    >>> place_spell_trap(s, "p1", "x", None).zone, place_spell_trap(s, "p1", "x", "S5").zone
    ('S2', 'S5')
    """
    holders = {st.zone: st.card for st in s.sides[player].spell_traps if st.card != card}
    order = PENDULUM_ZONES if pendulum_zone and s.rules.pendulum else s.rules.spell_trap_order
    if not s.rules.zone_rules:
        if named is not None and named not in holders:
            return _PLACED[named]
        return _PLACED[_first_free(order, holders)]
    if pendulum_zone and s.rules.pendulum:
        if named is not None and named not in PENDULUM_ZONES:
            return _refused("zone.spell-trap-full", f"{s.cards[card].label} is activated as a "
                            f"Pendulum Scale: it goes to a Pendulum Zone (S1 or S5), not to "
                            f"{named}.")
        if named is None and _first_free(order, holders) is None:
            return _refused("zone.spell-trap-full", f"Both of {player}'s Pendulum Zones (S1 "
                            f"and S5) already hold a card: no room for {s.cards[card].label}.")
    if named is not None:
        if named in holders:
            return _refused("zone.spell-trap-full", f"{player}'s {named} already holds "
                            f"{s.cards[holders[named]].label}.")
        return _PLACED[named]
    return _PLACED[_first_free(order, holders)]


#: Actions that put one monster in a Monster Zone (:func:`placement`).
_MONSTER_ACTIONS: Final = frozenset({"normal_summon", "set_monster", "special_summon",
                                     "quick_summon", "take_control"})


def placement(s: DuelState, a: Action) -> Placement:
    """Where the card of ``a`` (an action that puts one card on the field) goes, worked out
    once per action judged: the guards that ask and the effect that places it share it.

    >>> from validator import load_document
    >>> from validator.document.position import initial_state
    >>> s = initial_state(load_document({"cards": {"x": {"kind": "monster", "level": 4}},
    ...     "setup": {"p1": {"hand": ["x"]}}}))
    >>> a = Action("normal_summon", "p1", card="x", zone="M4")
    >>> placement(s, a).zone, placement(s, a) is placement(s, a)
    ('M4', True)
    """
    memo = s.placing
    if memo is not None and memo[0] is a:
        return memo[1]
    found = _place(s, a)
    s.placing = (a, found)
    return found


def _place(s: DuelState, a: Action) -> Placement:
    card = a.card or ""
    if a.type in _MONSTER_ACTIONS:
        # the Tributes or (revision 4) the materials leave before the monster is placed
        return place_monster(s, a.player, card, a.zone, a.tributes or a.materials,
                             control=a.type == "take_control")
    if a.type == "move" and a.to == "monster_zone":
        return move_monster(s, a.player, card, a.zone or "")
    # set_spell_trap, activate (from the hand: a Pendulum Scale too), move to spell_trap
    return place_spell_trap(s, a.player, card, a.zone, pendulum_zone=a.type == "activate"
                            and s.cards[card].kind == "monster")


def take_placement(s: DuelState, a: Action) -> str | None:
    """The zone :func:`placement` gives ``a``'s card, for the effect that puts it there: the
    placement is then forgotten, so that none outlives the action that found it.

    >>> from validator import load_document
    >>> from validator.document.position import initial_state
    >>> s = initial_state(load_document({"ruleset": "advanced", "cards": {
    ...     "x": {"kind": "spell", "subtype": "normal"}}, "setup": {"p1": {"hand": ["x"]}}}))
    >>> a = Action("set_spell_trap", "p1", card="x")
    >>> placement(s, a).zone, take_placement(s, a), s.placing
    ('S2', 'S2', None)
    """
    memo = s.placing
    if memo is not None and memo[0] is a:
        s.placing = None
        return memo[1].zone
    if a.zone is None and not s.rules.zone_rules:
        return None  # the first free zone, which DuelState.put picks
    return _place(s, a).zone


def forget_placement(s: DuelState, a: Action) -> None:
    """A transition's prepare step: what :func:`placement` found for an earlier action (or
    the same one in an earlier state) is no longer this action's.

    >>> from validator.engine.state import DuelState
    >>> s = DuelState({}, 1, "p1", {})
    >>> s.placing = (Action("resolve", "p1"), Placement("M1"))
    >>> forget_placement(s, Action("resolve", "p1")); s.placing is None
    True
    """
    s.placing = None


def free_zone(taken: list[str | None], order: Iterable[str]) -> str | None:
    """The first zone of ``order`` that is not ``taken``.

    >>> free_zone(["M1", "M3"], MAIN_ZONES)
    'M2'
    """
    for zone in order:
        if zone not in taken:
            return zone
    return None

"""What each legal action does to the duel state (§2). Rules are checked before, never here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from validator.document.model import ONE_SHOT_SUBTYPES, Action, Card, other
from validator.engine import limits
from validator.engine.pendulum import pendulum_summon
from validator.engine.state import ChainLink, DuelState, Outcome, ThisTurn
from validator.engine.zones import take_placement
from validator.errors import DocumentError
from validator.rules.checks.activation import classified
from validator.rules.checks.limits import levels_kept

Effect = Callable[[DuelState, Action], None]


def resolve_chain(s: DuelState) -> None:
    """Resolve the open chain, last link first (§2).

    One-shot Spells and Traps go to their owner's Graveyard; an Equip Spell attaches to its
    monster, waits for it (in a Graveyard or banished), or goes to the Graveyard.
    """
    while s.chain:
        link = s.chain.pop()
        card = s.cards[link.card]
        for grant in card.grants:  # what resolving it lets its controller do this turn
            s.this_turn.granted.setdefault(link.player, []).append(grant)
        # 1 less Tribute this turn (docs/format.md), by the effect that gives it
        if card.lessens_tributes is not None and _by(card.lessens_tributes_by, link, card):
            s.this_turn.lessened_by.setdefault(link.player, []).append(link.card)
        # the Gemini monsters it Special Summons next, by the effect that gives it
        if card.gives_gemini_status and _by(card.gives_gemini_status_by, link, card):
            s.this_turn.gemini_status_by.setdefault(link.player, []).append(link.card)
        if link.locks:  # "for the rest of this turn after this card resolves" (§8)
            limits.impose(s, link.player, link.card, link.locks)
        if not link.card_activation or not s.on_field(link.card):
            continue
        if (card.kind, card.subtype) in ONE_SHOT_SUBTYPES:
            s.send(link.card, "graveyard")
        elif card.subtype == "equip" and link.target is not None:
            _attach(s, link.card, link.target)


def _by(effects: tuple[int | str, ...], link: ChainLink, card: Card) -> bool:
    """True when the chain link is one of the card's ``effects`` (indexes, ``activation``)
    that give what it gives; none named, or an effect the judge does not know: true, the
    reading that flags least (as for a lock, the other way round). A Continuous Spell or
    Trap Card's activation may be one of its effects too: the EDOPro engine lets a Set
    Continuous Trap be activated with its effect at once (Gemini Ablation's "discard 1 card,
    then activate 1 of these effects", logged as the card's activation).

    >>> trap = Card("c", "trap", subtype="normal")
    >>> _by((1,), ChainLink("c", "p1", 1, False, effect=1), trap), _by((1,), ChainLink(
    ...     "c", "p1", 1, True), trap), _by((1,), ChainLink("c", "p1", 1, False), trap), _by(
    ...     (), ChainLink("c", "p1", 1, True), trap)
    (True, False, True, True)
    """
    if not effects:
        return True
    if link.card_activation:
        return "activation" in effects or card.subtype == "continuous"
    return link.effect is None or link.effect in effects


def resolves_chain_first(s: DuelState, a: Action) -> bool:
    """True when the open chain resolves before ``a`` is judged: any action but a response
    resolves it (§2), unless the duel is over.

    >>> from validator.engine.state import ChainLink, DuelState
    >>> s = DuelState({}, 1, "p1", {}, chain=[ChainLink("pot", "p1", 1, True)])
    >>> resolves_chain_first(s, Action("draw", "p1")), resolves_chain_first(
    ...     s, Action("activate", "p2", card="mf", respond=True))
    (True, False)
    """
    return bool(s.chain) and s.outcome is None and \
        not (a.type == "activate" and a.respond) and not own_cost(s, a)


def own_cost(s: DuelState, a: Action) -> bool:
    """True when ``a`` is the cost of the open chain's last activation paid by its card
    itself (the extension ``cost``, docs/format.md: a Spell that sends itself to the GY to
    activate its effect leaves its zone at once): a ``move`` or ``discard`` of that link's
    card by its player, where the link is an effect's activation. A card being activated
    (a Spell or Trap Card's activation) is what resolves: it cannot be sent as its own cost.
    The chain stays open; a ``cost`` that is no such thing is judged as the action it is,
    after the chain resolves (§2).

    >>> from validator.engine.state import ChainLink, DuelState
    >>> s = DuelState({}, 1, "p1", {}, chain=[ChainLink("rec", "p2", 1, False)])
    >>> own_cost(s, Action("move", "p2", card="rec", to="graveyard", cost=True))
    True
    >>> own_cost(s, Action("move", "p2", card="other", to="graveyard", cost=True))
    False
    >>> s.chain = [ChainLink("pot", "p2", 1, True)]
    >>> own_cost(s, Action("move", "p2", card="pot", to="graveyard", cost=True))
    False
    """
    if not a.cost or a.type not in ("move", "discard") or not s.chain:
        return False
    link = s.chain[-1]
    return link.card == a.card and link.player == a.player and not link.card_activation


def _attach(s: DuelState, equip: str, target: str) -> None:
    placed = s.spell_trap(equip)
    assert placed is not None
    if s.on_field(target):
        placed.equipped_to = target
        return
    loc = s.locate(target)
    if loc is not None and loc[1] in ("graveyard", "banished"):
        s.pending_equips[equip] = target
    else:
        s.send(equip, "graveyard")


def draw(s: DuelState, a: Action) -> None:
    """Draw the named card, the top card, or an unknown one; an empty deck loses the duel."""
    side = s.sides[a.player]
    if side.deck_size == 0:
        s.outcome = Outcome(other(a.player), "deck_out")
        return
    if not a.by_effect:
        s.this_turn.drew = s.index
    card = a.card
    if card is None:
        if side.deck_unknown:
            side.deck_unknown -= 1
            side.hand_unknown += 1
            return
        card = side.deck[0]
    if s.locate(card) == (a.player, "deck") or \
            (s.unplaced(card) and side.deck_unknown and not s.cards[card].token):
        s.take(card, "deck")
        s.put(card, a.player, "hand")
        return
    raise DocumentError({"card": [  # keyed by the action's own field: Duel adds its path
        f"{a.player} cannot draw {card!r}: it is not in {a.player}'s deck at this point."]})


def enter_phase(s: DuelState, a: Action) -> None:
    """Note the mandatory Standby or End Phase effects due in the phase just entered."""
    if s.phase in ("standby", "end"):
        player = s.turn_player
        s.this_turn.phase_effects_due = [
            c for c in s.field_cards(player)
            if s.cards[c].phase_effect == s.phase and s.face_up_on_field(player, c)]


def end_turn(s: DuelState, a: Action) -> None:
    """The next player's turn begins in its Draw Phase; an empty deck there loses the duel."""
    s.levels_changed |= levels_kept(s)
    s.turn += 1
    s.turn_player = other(s.turn_player)
    s.this_turn = ThisTurn()
    if s.sides[s.turn_player].deck_size == 0:
        s.outcome = Outcome(other(s.turn_player), "deck_out")


def _summon(s: DuelState, a: Action, position: str, hidden: str) -> None:
    assert a.card is not None
    for tribute in a.tributes:
        s.send(tribute, "graveyard")
    # Equips waiting for this monster in a Graveyard or banished (only a Special Summon
    # brings it from there; taking it from anywhere clears the waiting list)
    waiting = [e for e, target in s.pending_equips.items() if target == a.card]
    zone = take_placement(s, a)
    s.take(a.card, hidden)
    s.put(a.card, a.player, "monsters", position=position, zone=zone)
    s.this_turn.placed[a.card] = s.index
    for equip in waiting:
        if s.on_field(equip):
            _attach(s, equip, a.card)


def normal_summon(s: DuelState, a: Action) -> None:
    """Normal (or Tribute) Summon in face-up Attack Position; a Gemini monster's Gemini
    Summon where it stands gives it its effects. Either uses the turn's Normal Summon, unless
    a card granted this one (``by_effect``)."""
    mon = s.monster(a.card or "")
    if mon is not None and s.cards[mon.card].gemini:
        mon.gemini = True
    else:
        _summon(s, a, "attack", "hand")
    if not a.by_effect:
        s.this_turn.normal_summon = s.index


def set_monster(s: DuelState, a: Action) -> None:
    """Normal Set (or Tribute Set) in face-down Defense Position."""
    _summon(s, a, "facedown_defense", "hand")
    if not a.by_effect:
        s.this_turn.normal_summon = s.index


def special_summon(s: DuelState, a: Action) -> None:
    """Special Summon from wherever the card stands; a waiting Equip attaches to it. Its
    ``materials`` (revision 4) are used first, as the contract's ``move``s would use them:
    with ``method`` ``xyz`` each is attached to the summoned monster (with the materials an
    Xyz Monster used as material had), else each goes to its owner's Graveyard (a Pendulum
    Monster from the field to the face-up Extra Deck), except a material already in a
    Graveyard or banished, which an earlier action put there (a Fusion that banishes its
    materials) and which stays. Where a material stood is not judged here (docs/format.md).
    """
    assert a.card is not None
    for material in a.materials:
        _use_material(s, a, material)
    if not a.returned:  # a monster that returns to the field is not Summoned
        limits.record_summon(s, a.summoner or a.player, a.card,  # the summoner's Summon
                             limits.from_extra_deck(s, a.card))
    _summon(s, a, a.position, "deck")
    # Gemini Ablation's: "treated as an Effect Monster" (docs/format.md); its list, almost
    # always empty, looked at first
    if s.this_turn.gemini_status_by.get(a.player) and s.cards[a.card].gemini and \
            not a.returned and a.method != "procedure":
        mon = s.monster(a.card)
        if mon is not None:
            mon.gemini = True


def _use_material(s: DuelState, a: Action, material: str) -> None:
    """One material of ``a``'s summon used (see :func:`special_summon`)."""
    assert a.card is not None
    loc = s.locate(material)
    if a.method == "xyz":
        if loc is not None and loc[1] == "material" and s.attached.get(material) == a.card:
            return  # already attached to it
        mon = s.monster(material)
        for under in list(mon.materials) if mon is not None else ():
            s.take(under)  # an Xyz Monster's materials go on to the new one
            s.attach(under, a.card, a.player)
        if s.cards[material].token:
            s.send(material, "graveyard")  # a token leaving the field ceases to exist
        else:
            s.take(material)
            s.attach(material, a.card, a.player)
        return
    if loc is not None and loc[1] in ("graveyard", "banished"):
        return
    s.send(material, "graveyard")


def quick_summon(s: DuelState, a: Action) -> None:
    """Quick Summon from the hand; the turn player's Normal Summon is locked for the turn."""
    _summon(s, a, a.position, "hand")
    s.this_turn.quick_summon = s.index


def flip_summon(s: DuelState, a: Action) -> None:
    """Flip the monster to face-up Attack Position; its position change for the turn is used."""
    change_position(s, Action("change_position", a.player, card=a.card, to="attack"))


def change_position(s: DuelState, a: Action) -> None:
    """Change a battle position; by hand, that uses the monster's change for the turn."""
    mon = s.monster(a.card or "")
    assert mon is not None and a.to is not None
    mon.position = a.to
    if a.to == "facedown_defense":  # face-down, a monster's Level is its own again
        s.levels_changed.discard(mon.card)
    if not a.by_effect:
        s.this_turn.positions_changed[mon.card] = s.index


def set_spell_trap(s: DuelState, a: Action) -> None:
    """Set face-down in the Spell & Trap Zone (a Field Spell in the Field Zone)."""
    assert a.card is not None
    field = s.cards[a.card].subtype == "field"
    zone = None if field else take_placement(s, a)
    s.take(a.card, "hand")
    s.put(a.card, a.player, "field_spell" if field else "spell_traps", face_up=False, zone=zone)
    s.this_turn.set[a.card] = s.index


def activate(s: DuelState, a: Action) -> None:
    """Place or flip the card face-up if the card itself is activated; add a chain link."""
    assert a.card is not None
    act = classified(s, a)
    s.activating = None  # judged: the classification is no longer this state's
    if act.card_activation:
        if act.source == "hand":
            field = s.cards[a.card].subtype == "field"
            zone = None if field else take_placement(s, a)  # a Pendulum Scale: S1 or S5
            s.take(a.card, "hand")
            s.put(a.card, a.player, "field_spell" if field else "spell_traps", zone=zone)
            s.this_turn.placed[a.card] = s.index
        else:
            placed = s.spell_trap(a.card)
            assert placed is not None
            placed.face_up = True
    later = limits.record_activation(s, a, act.used, act.known, act.card_activation,
                                     act.source or "field", act.options)
    if not s.chain:  # a new chain: the last one's Special Summons are over
        s.this_turn.gemini_status_by.clear()
    effect = act.used if act.known and not act.card_activation else None
    s.chain.append(ChainLink(a.card, a.player, act.speed, act.card_activation, a.target, later,
                             effect))


def resolve(s: DuelState, a: Action) -> None:
    """Resolve the open chain now (with no chain open, nothing happens)."""
    resolve_chain(s)


def phase_effect(s: DuelState, a: Action) -> None:
    """A mandatory phase effect resolved: it is no longer due this phase."""
    assert a.card is not None
    due = s.this_turn.phase_effects_due
    if a.card in due:
        due.remove(a.card)
    s.this_turn.phase_effects_done[a.card] = s.index


def declare_attack(s: DuelState, a: Action) -> None:
    """The attack is declared (a replay is the same attack declared again); a face-down
    target turns face-up in Defense Position."""
    assert a.card is not None
    if not a.replay or a.card not in s.this_turn.attacked:
        s.this_turn.attacked[a.card] = s.index
    foes = frozenset(m.card for m in s.sides[other(a.player)].monsters)
    s.this_turn.declared[a.card] = (s.index, foes)
    s.this_turn.foes_changed.discard(a.card)
    target = s.monster(a.target) if a.target else None
    if target is not None and target.position == "facedown_defense":
        target.position = "defense"


def take_control(s: DuelState, a: Action) -> None:
    """The monster moves to the taker's zone, in its position; Equips stay where they are."""
    mon = s.monster(a.card or "")
    assert mon is not None
    zone = take_placement(s, a)
    s.take(mon.card, control_change=True)
    s.put(mon.card, a.player, "monsters", position=mon.position, zone=zone)
    moved = s.monster(mon.card)
    if moved is not None:
        moved.gemini = mon.gemini  # a control change keeps its Gemini Summon


def destroy(s: DuelState, a: Action) -> None:
    """To its owner's Graveyard (a token ceases to exist)."""
    s.send(a.card or "", "graveyard")


def move(s: DuelState, a: Action) -> None:
    """To its owner's pile, face-up (face-down with ``face_down``: Set by an effect) in the
    acting player's Spell & Trap Zone (a Field Spell in the Field Zone), to another of its
    controller's Monster Zones, or under an Xyz Monster as its material (a token leaving the
    field ceases to exist)."""
    card, to = a.card, a.to  # (read once: an Action's fields are read by name)
    assert card is not None and to is not None
    if to == "spell_trap" and s.cards[card].subtype == "field":
        s.take(card)
        s.put(card, a.player, "field_spell", face_up=not a.face_down)
        s.this_turn.placed[card] = s.index
        if a.face_down:
            s.this_turn.set[card] = s.index
    elif to == "spell_trap":
        placed = s.spell_trap(card) if s.controls(a.player, card) else None
        zone = placed.zone if placed is not None and a.zone is None else \
            take_placement(s, a)  # moved within its own zone: it stays
        s.take(card)
        s.put(card, a.player, "spell_traps", face_up=not a.face_down, equipped_to=a.target,
              zone=zone)
        s.this_turn.placed[card] = s.index
        if a.face_down and (placed is None or placed.face_up):  # not a Set card moved on
            s.this_turn.set[card] = s.index
    elif to == "monster_zone":
        mon = s.monster(card)
        assert mon is not None
        mon.zone = take_placement(s, a) or mon.zone  # the same card, in another zone
    elif to == "material" and a.target is not None and not s.cards[card].token:
        s.take(card)
        holder = s.locate(a.target)
        s.attach(card, a.target, holder[0] if holder else a.player)
    elif to == "extra" and a.face_up:
        s.take(card)
        s.put(card, s.owner(card), "extra_face_up")
    else:
        s.send(card, "graveyard" if to == "material" else to)


def discard(s: DuelState, a: Action) -> None:
    """From the hand to the Graveyard."""
    s.send(a.card or "", "graveyard", hidden="hand")


def damage(s: DuelState, a: Action) -> None:
    """Lose Life Points; at 0 or less the player loses."""
    side = s.sides[a.player]
    side.lp -= a.amount
    if side.lp <= 0:
        s.outcome = Outcome(other(a.player), "life_points")


def gain_lp(s: DuelState, a: Action) -> None:
    """Gain Life Points."""
    s.sides[a.player].lp += a.amount


def surrender(s: DuelState, a: Action) -> None:
    """The player concedes."""
    s.outcome = Outcome(other(a.player), "surrender")


def _nothing(s: DuelState, a: Action) -> None:
    """Phase changes: the machine changes the phase itself."""


EFFECTS: Final[dict[str, Effect]] = {
    "draw": draw, "phase": _nothing, "end_turn": end_turn, "normal_summon": normal_summon,
    "set_monster": set_monster, "flip_summon": flip_summon, "change_position": change_position,
    "special_summon": special_summon, "quick_summon": quick_summon,
    "set_spell_trap": set_spell_trap, "activate": activate, "resolve": resolve,
    "phase_effect": phase_effect, "declare_attack": declare_attack,
    "take_control": take_control, "destroy": destroy, "move": move, "discard": discard,
    "damage": damage, "gain_lp": gain_lp, "surrender": surrender,
    "pendulum_summon": pendulum_summon,
}


def _carrying(effect: Effect) -> Effect:
    """``effect``, then the locks a resolution just took on carried past it (§8)."""
    def applied(s: DuelState, a: Action) -> None:
        effect(s, a)
        if s.this_turn.limits.locks:  # most turns hold none: no call
            limits.carry(s, a)
    applied.__name__ = applied.__qualname__ = effect.__name__
    applied.__doc__ = effect.__doc__
    return applied


EFFECTS.update({kind: _carrying(EFFECTS[kind]) for kind in (
    "resolve", "special_summon", "move", "destroy", "damage", "gain_lp", "take_control",
    "draw", "discard", "change_position")})


def carry_out(s: DuelState, a: Action) -> bool:
    """Carry out ``a`` in ``s`` whatever the rules say (a phase entered, or the action's
    effect; the turn passed leaves the next one in its Draw Phase), for a board followed
    without judging it (the workbench's attempts, the EDOPro converter); False when it cannot
    be carried out (an illegal action may find nothing where it looks for its card), ``s``
    then as far as it got.

    >>> from validator.document.position import initial_state
    >>> from validator.engine.duel import load_document
    >>> s = initial_state(load_document({"cards": {}}))
    >>> carry_out(s, Action("phase", "p1", to="end")), s.phase
    (True, 'end')
    """
    try:
        if a.type == "phase":
            s.phase = a.to or s.phase
            enter_phase(s, a)
        else:
            EFFECTS[a.type](s, a)
            if a.type == "end_turn":
                s.phase = "draw"
    except Exception:  # whatever the engine finds missing on a board nobody judged
        return False
    return True

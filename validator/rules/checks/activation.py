"""Activating cards and effects: spell speed, chains, Set-this-turn, Traps and Equips."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from validator.document.model import MAIN_PHASES, Action
from validator.engine.limits import choice
from validator.engine.state import FIELD_PILES, DuelState
from validator.rules.checks.cards import card_in_hand, card_on_own_field, spell_trap_zone_has_room
from validator.rules.checks.turn import phase_name
from validator.rules.registry import REGISTRY


@dataclass(slots=True, init=False, unsafe_hash=True)
class Activation:
    """How an ``activate`` action activates its card.

    ``source`` is where it is activated from (``hand``, ``field``, ``graveyard``,
    ``banished``, ``extra`` for the face-up Extra Deck, or None when the card is out of the
    player's reach); ``card_activation``
    is True when a Spell or Trap card itself is activated rather than an effect (or, under
    ``advanced``, a Pendulum Monster from the hand as a Pendulum Scale: docs/format.md).

    A value never changed once made, hashable and compared by its fields; not frozen, as
    :class:`~validator.document.model.Action` is not, so that its constructor (written out)
    is compiled: a frozen dataclass's generated one stays interpreted, and judging makes one
    for every activation it classifies (docs/building.md).
    """

    source: str | None
    speed: int
    card_activation: bool
    effect: str
    #: (revision 4, §8) the index of the effect used in the card's ``effects`` (its
    #: ``effect``, else the one whose use is still allowed: validator/engine/limits.py), and
    #: whether the document says which (given, or the only one usable there)
    used: int | None
    known: bool
    #: the effects the judge chose ``used`` among (validator/engine/limits.py ``choice``)
    options: tuple[int, ...]

    def __init__(self, source: str | None, speed: int, card_activation: bool, effect: str,
                 used: int | None = None, known: bool = False,
                 options: tuple[int, ...] = ()) -> None:
        self.source = source
        self.speed = speed
        self.card_activation = card_activation
        self.effect = effect
        self.used = used
        self.known = known
        self.options = options


def activation(s: DuelState, a: Action) -> Activation:
    """Classify an ``activate`` action (see :class:`Activation`).

    >>> from validator.document.model import Card
    >>> from validator.engine.state import DuelState, Side
    >>> s = DuelState({"mf": Card("mf", "trap", subtype="normal", effect="quick")}, 1, "p1",
    ...               {"p1": Side(8000, [], 0, hand=["mf"]), "p2": Side(8000, [], 0)})
    >>> s.where["mf"] = ("p1", "hand")
    >>> act = activation(s, Action("activate", "p1", card="mf"))
    >>> act.source, act.speed, act.card_activation, act.effect, act.used, act.options
    ('hand', 2, True, 'card', None, ())
    """
    cid, player = a.card, a.player  # (read once: an Action's fields are read by name)
    assert cid is not None
    card = s.cards[cid]
    loc = s.locate(cid)
    source: str | None = None
    if s.in_hand(player, cid):
        source = "hand"
    elif loc is not None and loc[0] == player:
        if loc[1] in FIELD_PILES:
            source = "field"
        elif loc[1] in ("graveyard", "banished"):
            source = loc[1]
        elif loc[1] == "extra_face_up" and card.effects is not None:
            # a Pendulum Monster's effect there (revision 4): a place only ``effects`` names;
            # a card with only ``effect`` is judged as before (§1), out of reach there
            source = "extra"
    if card.kind != "monster":
        placed = s.spell_trap(cid)
        if source == "hand" or (source == "field" and placed is not None and not placed.face_up):
            return Activation(source, card.card_speed, True, "card")
    elif source == "hand" and card.pendulum and s.rules.pendulum and (
            a.zone is not None or card.effects is None or card.effect_at("hand") == "none"):
        return Activation(source, 1, True, "card")  # a Pendulum Scale, activated as a Spell
    kind = effect_kind(s, cid, source, a.effect)
    used, known, options = choice(s, a, source if source is not None else "field")
    return Activation(source, 2 if kind == "quick" else 1, False, kind, used, known, options)


def effect_kind(s: DuelState, card_id: str, source: str | None,
                index: int | None = None) -> str:
    """The kind an activation of the card's effect from ``source`` is judged by (§1): the
    least restrictive of its ``effects`` usable there (``none`` if none is, or for a Gemini
    monster on the field that has not been Gemini Summoned), else its ``effect``. With the
    ``index`` of the effect used (revision 4 ``effect``), that effect's kind if it is usable
    there, else ``none``; a card that lists no ``effects`` is judged as without it.

    >>> from validator.document.model import Card, EffectFact
    >>> from validator.engine.state import DuelState, Side
    >>> c = Card("a", "monster", level=4, effects=(EffectFact("quick", frozenset({"hand"})),))
    >>> s = DuelState({"a": c}, 1, "p1", {"p1": Side(8000, [], 0), "p2": Side(8000, [], 0)})
    >>> effect_kind(s, "a", "hand"), effect_kind(s, "a", "field")
    ('quick', 'none')
    >>> effect_kind(s, "a", "hand", 0), effect_kind(s, "a", "field", 0)
    ('quick', 'none')
    """
    card = s.cards[card_id]
    if card.gemini and source == "field":
        mon = s.monster(card_id)
        if mon is not None and not mon.gemini:
            return "none"  # a Normal Monster until its Gemini Summon
    place = source if source is not None else "field"
    if index is not None and card.effects is not None and index < len(card.effects):
        used = card.effects[index]
        return used.kind if place in used.places else "none"
    kind = card.effect_at(place)
    if place == "field":
        kind = max((kind, *gained_effects(s, card_id)), key=_KIND_ORDER.index)
    return kind


#: Kinds of an effect, from the most restrictive timing (``none``: no effect at all).
_KIND_ORDER: Final = ("none", "ignition", "trigger", "quick")


def gained_effects(s: DuelState, card_id: str) -> tuple[str, ...]:
    """The kinds of the effects a monster on the field gains from its Xyz Materials
    (``xyz_material_effects``, an extension: docs/format.md; the material's condition on the
    Xyz Monster, such as Zoodiac Whiptail's "whose original Type is Beast-Warrior", not
    checked).

    >>> from validator.document.model import Card
    >>> from validator.engine.state import Monster, Side
    >>> s = DuelState({"x": Card("x", "monster", level=4, effects=()),
    ...                "w": Card("w", "monster", level=4, xyz_material_effects=("trigger",))},
    ...               1, "p1", {"p1": Side(8000, [], 0, monsters=[Monster("x", "attack", ["w"])]),
    ...                         "p2": Side(8000, [], 0)})
    >>> s.where["x"] = ("p1", "monsters")
    >>> gained_effects(s, "x"), effect_kind(s, "x", "field")
    (('trigger',), 'trigger')
    """
    mon = s.monster(card_id)
    if mon is None or not mon.materials:
        return ()
    return tuple(kind for material in mon.materials
                 for kind in s.cards[material].xyz_material_effects)


def classify(s: DuelState, a: Action) -> None:
    """The ``activate`` transition's prepare step: classify the activation once, for all of
    its guards and its effect (:func:`classified` reads it back)."""
    s.activating = (a, activation(s, a))


def classified(s: DuelState, a: Action) -> Activation:
    """``a`` classified: as :func:`classify` found it while ``a`` is being judged, else afresh.

    >>> from validator.document.model import Card
    >>> from validator.engine.state import Side
    >>> s = DuelState({"pot": Card("pot", "spell", subtype="normal", effect="ignition")}, 1,
    ...               "p1", {"p1": Side(8000, [], 0, hand=["pot"]), "p2": Side(8000, [], 0)})
    >>> s.where["pot"] = ("p1", "hand")
    >>> a = Action("activate", "p1", card="pot")
    >>> classify(s, a)
    >>> classified(s, a) is s.activating[1], classified(s, a).speed
    (True, 1)
    """
    memo = s.activating
    if memo is not None and memo[0] is a:
        return memo[1]
    return activation(s, a)


def _speed_one(act: Activation) -> bool:
    """Spell speed 1 and bound to its controller's turn (trigger effects are not)."""
    return act.speed == 1 and act.effect != "trigger"


@REGISTRY.rule("turn.not-turn-player")
def activation_by_turn_player(s: DuelState, a: Action) -> str | None:
    """Spell speed 1 cards, ignition effects and Quick-Play Spells from the hand: turn player."""
    if a.player == s.turn_player:
        return None
    act = classified(s, a)
    card = s.cards[a.card or ""]
    if act.card_activation and act.source == "hand" and card.subtype == "quick_play":
        return f"{a.player} cannot activate the Quick-Play Spell {card.label} from the hand " \
               f"during {s.turn_player}'s turn (only a Set one)."
    if _speed_one(act) and (act.card_activation or act.effect == "ignition"):
        what = "Spell Speed 1 card" if act.card_activation else "ignition effect"
        return f"{a.player} cannot activate {card.label} ({what}) during " \
               f"{s.turn_player}'s turn."
    return None


@REGISTRY.rule("phase.restricted-action")
def speed_one_in_main_phase(s: DuelState, a: Action) -> str | None:
    """Spell speed 1 activations (trigger effects aside) happen in a Main Phase."""
    if s.phase in MAIN_PHASES:
        return None
    act = classified(s, a)
    if act.effect == "none" or not _speed_one(act):
        return None
    return f"{s.cards[a.card or ''].label} is Spell Speed 1: it can be activated only in " \
           f"Main Phase 1 or 2, not in the {phase_name(s.phase)}."


@REGISTRY.rule("card.set-this-turn")
def not_set_this_turn(s: DuelState, a: Action) -> str | None:
    """A Set Trap or Quick-Play Spell waits until the next turn to be activated, unless a
    card's text allows it (``set_turn``, an extension: docs/format.md): its own, or that of a
    face-up card on its player's field (Rescue-ACE Hydrant; its conditions, such as "Set by
    the effect of a Rescue-ACE card", and its once per turn not checked)."""
    assert a.card is not None
    card = s.cards[a.card]
    when = s.this_turn.set.get(a.card)
    if when is None or not (card.kind == "trap" or card.subtype == "quick_play"):
        return None
    placed = s.spell_trap(a.card)
    if placed is None or placed.face_up or "itself" in card.set_turn:
        return None
    if any("field" in s.cards[other].set_turn and s.face_up_on_field(a.player, other)
           for other in s.field_cards(a.player) if other != a.card):
        return None
    return f"{card.label} was Set this turn (action {when + 1}): it cannot be activated until " \
           f"the next turn."


@REGISTRY.rule("chain.spell-speed")
def chain_link_speed(s: DuelState, a: Action) -> str | None:
    """A response needs an open chain and Spell Speed 2 or more, not below the last link's;
    a trigger effect may be a later link of a chain of Spell Speed 1 effects (they triggered
    together), or of any chain when the action names it (revision 4 ``effect``: it triggered
    while the chain was built, by a cost paid for an earlier link): docs/format.md, "Chains"."""
    if not a.respond:
        return None
    label = s.cards[a.card or ""].label
    if not s.chain:
        return f"There is no open chain for {label} to respond to."
    act = classified(s, a)
    last = s.chain[-1]
    if act.speed == 1 and act.effect == "trigger" and (a.effect is not None or all(
            link.speed == 1 and not link.card_activation for link in s.chain)):
        return None  # it triggered while the chain was built
    if act.speed == 1:
        return f"{label} is Spell Speed 1: it cannot be chained as a response."
    if act.speed < last.speed:
        return (f"{label} is Spell Speed {act.speed}: it cannot respond to "
                f"{s.cards[last.card].label} (Spell Speed {last.speed}).")
    return None


@REGISTRY.rule("card.not-in-hand")
def activated_card_in_reach(s: DuelState, a: Action) -> str | None:
    """A card is activated from its player's hand, field, Graveyard or banishment."""
    if classified(s, a).source is not None or s.on_field(a.card or ""):
        return None
    return card_in_hand(s, a)


@REGISTRY.rule("card.not-on-field")
def activated_card_controlled(s: DuelState, a: Action) -> str | None:
    """A card on the field is activated by the player who controls it."""
    if classified(s, a).source is not None or not s.on_field(a.card or ""):
        return None
    return card_on_own_field(s, a)


@REGISTRY.rule("card.wrong-kind")
def activated_card_has_effect(s: DuelState, a: Action) -> str | None:
    """A card whose effect is activated (a monster, a face-up Spell or Trap, one in the
    Graveyard or banished) needs an effect: ``effect: none`` has none to activate."""
    card = s.cards[a.card or ""]
    act = classified(s, a)
    if card.kind != "monster" and (act.card_activation or act.source is None):
        return None
    if act.effect != "none":
        return None
    if card.effects is None:
        return f"{card.label} has no effect to activate."
    if card.gemini and act.source == "field" and any("field" in e.places for e in card.effects):
        return f"{card.label} is a Gemini monster: on the field it has no effect until it is " \
               f"Normal Summoned again (its Gemini Summon)."
    where = {"field": "on the field", "hand": "in the hand", "graveyard": "in the Graveyard",
             "banished": "while banished", "extra": "face-up in the Extra Deck"}.get(
        act.source or "field", "there")
    places = sorted({p for e in card.effects for p in e.places})
    usable = f" (its effects work from: {', '.join(places)})" if places else ""
    return f"{card.label} has no effect that can be activated {where}{usable}."


@REGISTRY.rule("trap.from-hand")
def trap_not_from_hand(s: DuelState, a: Action) -> str | None:
    """A Trap is Set first and activated from the field, unless its own text lets it be
    activated from the hand (``trap_from_hand``, revision 4; its condition not checked)."""
    card = s.cards[a.card or ""]
    if card.kind != "trap" or card.trap_from_hand or classified(s, a).source != "hand":
        return None
    return f"{card.label} is a Trap: it must be Set before it can be activated."


@REGISTRY.rule("equip.invalid-target")
def equip_has_valid_target(s: DuelState, a: Action) -> str | None:
    """An Equip Spell names a monster face-up on the field, in a Graveyard or banished."""
    card = s.cards[a.card or ""]
    if card.subtype != "equip" or not classified(s, a).card_activation:
        return None
    if a.target is None:
        return f"{card.label} is an Equip Spell: name the monster it equips (target)."
    target = s.cards[a.target]
    loc = s.locate(a.target)
    if target.kind == "monster" and loc is not None:
        mon = s.monster(a.target)
        if (mon is not None and mon.position != "facedown_defense") or \
                loc[1] in ("graveyard", "banished"):
            return None
    return f"{card.label} cannot equip {target.label}: it is not a monster face-up on the " \
           f"field, in a Graveyard or banished."


@REGISTRY.rule("zone.spell-trap-full")
def activation_zone_has_room(s: DuelState, a: Action) -> str | None:
    """A Spell activated from the hand needs a free Spell & Trap Zone (Field Spells aside)."""
    act = classified(s, a)
    if not (act.card_activation and act.source == "hand"):
        return None
    return spell_trap_zone_has_room(s, a)

"""With what card, and where it goes: ``card.*``, ``zone.*`` and ``control.*``."""

from __future__ import annotations

from typing import Final

from validator.document.model import Action, Player, other
from validator.engine.state import DuelState
from validator.engine.zones import placement
from validator.rules.registry import REGISTRY

ZONE_SIZE: Final = 5

_PILE_WORDS: Final = {"deck": "Deck", "hand": "hand", "monsters": "Monster Zone",
                      "spell_traps": "Spell & Trap Zone", "field_spell": "Field Zone",
                      "graveyard": "Graveyard", "banished": "banishment", "extra": "Extra Deck",
                      "material": "Xyz Materials", "extra_face_up": "face-up Extra Deck"}


def whereabouts(s: DuelState, card: str) -> str:
    """Where a card stands, in words.

    >>> from validator.engine.state import DuelState
    >>> whereabouts(DuelState({}, 1, "p1", {}), "x")
    'nowhere yet'
    """
    loc = s.locate(card)
    if loc is None:
        return "no longer in play" if card in s.gone else "nowhere yet"
    if loc[1] == "material":
        return f"an Xyz Material of {s.cards[s.attached[card]].label}"
    return f"in {loc[0]}'s {_PILE_WORDS[loc[1]]}"


@REGISTRY.rule("card.not-in-hand")
def card_in_hand(s: DuelState, a: Action) -> str | None:
    """The card is in the acting player's hand."""
    assert a.card is not None
    if s.in_hand(a.player, a.card):
        return None
    return f"{s.cards[a.card].label} is not in {a.player}'s hand (it is {whereabouts(s, a.card)})."


@REGISTRY.rule("card.not-in-hand")
def summoned_from_hand(s: DuelState, a: Action) -> str | None:
    """A Normal Summon or Set takes a card from the hand, but for a Gemini monster's Gemini
    Summon where it stands (face-up in its controller's Monster Zone, not Gemini Summoned yet)."""
    assert a.card is not None
    card = s.cards[a.card]
    if card.gemini and a.type == "normal_summon" and s.in_monster_zone(a.player, a.card):
        mon = s.monster(a.card)
        assert mon is not None
        if mon.position == "facedown_defense":
            return f"{card.label} is face-down: a Gemini monster is Gemini Summoned face-up " \
                   f"where it stands, and a Normal Summon needs a card in the hand."
        if mon.gemini:
            return f"{card.label} has already been Gemini Summoned: it cannot be Normal " \
                   f"Summoned again where it stands."
        return None
    return card_in_hand(s, a)


@REGISTRY.rule("card.not-in-hand")
def card_in_hand_unless_on_field(s: DuelState, a: Action) -> str | None:
    """A Quick Summon comes from the hand (one from the field breaks ``summon.special-source``)."""
    assert a.card is not None
    return None if s.on_field(a.card) else card_in_hand(s, a)


def card_on_own_field(s: DuelState, a: Action) -> str | None:
    """The card is on the field under the acting player's control (``card.not-on-field``
    of the checks that call it)."""
    assert a.card is not None
    if s.controls(a.player, a.card):
        return None
    return (f"{s.cards[a.card].label} is not on the field under {a.player}'s control "
            f"(it is {whereabouts(s, a.card)}).")


@REGISTRY.rule("card.not-on-field")
def card_face_up_on_own_field(s: DuelState, a: Action) -> str | None:
    """A Standby or End Phase effect is resolved by a card face-up under the acting
    player's control (a face-down card's effect does not apply)."""
    assert a.card is not None
    if s.face_up_on_field(a.player, a.card):
        return None
    if s.controls(a.player, a.card):
        return f"{s.cards[a.card].label} is face-down: only a face-up card resolves its " \
               f"Standby or End Phase effect."
    return card_on_own_field(s, a)


@REGISTRY.rule("card.not-on-field")
def card_in_own_monster_zone(s: DuelState, a: Action) -> str | None:
    """Only a monster in its controller's Monster Zone Flip Summons, changes position or
    attacks (one an effect put in a Spell & Trap Zone does none of these)."""
    assert a.card is not None
    if s.in_monster_zone(a.player, a.card):
        return None
    if s.cards[a.card].kind != "monster" and s.controls(a.player, a.card):
        return None  # a Spell or Trap: card.wrong-kind says why
    return (f"{s.cards[a.card].label} is not in a Monster Zone under {a.player}'s control "
            f"(it is {whereabouts(s, a.card)}).")


@REGISTRY.rule("card.not-on-field")
def card_in_any_monster_zone(s: DuelState, a: Action) -> str | None:
    """An effect changes the battle position of a monster in either player's Monster Zone."""
    assert a.card is not None
    if s.monster(a.card) is not None:
        return None
    if s.cards[a.card].kind != "monster" and s.on_field(a.card):
        return None  # a Spell or Trap: card.wrong-kind says why
    return f"{s.cards[a.card].label} is not in a Monster Zone (it is {whereabouts(s, a.card)})."


@REGISTRY.rule("card.not-on-field")
def card_on_any_field(s: DuelState, a: Action) -> str | None:
    """The card is on the field (either side: effects reach the opponent's cards too)."""
    assert a.card is not None
    if s.on_field(a.card):
        return None
    return f"{s.cards[a.card].label} is not on the field (it is {whereabouts(s, a.card)})."


@REGISTRY.rule("card.wrong-kind")
def card_is_monster(s: DuelState, a: Action) -> str | None:
    """Summons, Sets of monsters and attacks need a monster."""
    assert a.card is not None
    card = s.cards[a.card]
    if card.kind == "monster":
        return None
    return f"{card.label} is a {card.kind.capitalize()}, not a monster."


@REGISTRY.rule("card.wrong-kind")
def card_can_be_normal_summoned(s: DuelState, a: Action) -> str | None:
    """A monster that cannot be Normal Summoned or Set (an Extra Deck monster, or one whose
    text says so: ``normal_summon: false``) is neither."""
    assert a.card is not None
    card = s.cards[a.card]
    if card.kind != "monster" or (card.normal_summon and not (
            s.rules.link_rules and card.link is not None)):
        return None
    return f"{card.label} cannot be Normal Summoned or Set (it must be Special Summoned)."


@REGISTRY.rule("card.wrong-kind")
def quick_summon_exists(s: DuelState, a: Action) -> str | None:
    """Quick Summons (seed ``001_…``) do not exist under ``advanced`` (§6)."""
    if s.rules.quick_summon:
        return None
    return f"There is no Quick Summon under the {s.rules.name} ruleset: " \
           f"{s.cards[a.card or ''].label} cannot be Quick Summoned."


@REGISTRY.rule("card.wrong-kind")
def card_is_spell_or_trap(s: DuelState, a: Action) -> str | None:
    """Only Spells and Traps are Set in the Spell & Trap Zone."""
    assert a.card is not None
    card = s.cards[a.card]
    if card.kind != "monster":
        return None
    return f"{card.label} is a monster: it cannot be Set as a Spell or Trap."


@REGISTRY.rule("card.wrong-kind")
def material_goes_under_a_monster(s: DuelState, a: Action) -> str | None:
    """An Xyz Material is attached under a monster other than itself."""
    if a.to != "material" or a.target is None:
        return None
    card, holder = s.cards[a.card or ""], s.cards[a.target]
    if holder.kind != "monster":
        return f"{card.label} cannot be attached under {holder.label}: it is not a monster."
    if holder.id == card.id:
        return f"{card.label} cannot be attached under itself."
    return None


@REGISTRY.rule("card.wrong-kind")
def card_has_phase_effect(s: DuelState, a: Action) -> str | None:
    """Only a card with a Standby or End Phase effect resolves one."""
    assert a.card is not None
    card = s.cards[a.card]
    if card.phase_effect is not None:
        return None
    return f"{card.label} has no Standby or End Phase effect to resolve."


def _monster_room(s: DuelState, player: Player, freed: int, label: str) -> str | None:
    if len(s.sides[player].monsters) - freed < ZONE_SIZE:
        return None
    return f"{player}'s Monster Card Zone already holds {ZONE_SIZE} monsters: no room " \
           f"for {label}."


@REGISTRY.rule("zone.monster-full")
def monster_zone_has_room(s: DuelState, a: Action) -> str | None:
    """At most 5 monsters per side; the monsters tributed for a summon (or used as its
    materials) make room."""
    assert a.card is not None
    if s.in_monster_zone(a.player, a.card):
        return None  # already in a zone (a Gemini Summon where it stands): no room needed
    if s.rules.zone_rules:
        return placement_breaks(s, a, "zone.monster-full")
    freed = len({t for t in a.tributes if s.controls(a.player, t)}
                | {m for m in a.materials if s.in_monster_zone(a.player, m)})
    return _monster_room(s, a.player, freed, s.cards[a.card].label)


def placement_breaks(s: DuelState, a: Action, rule: str) -> str | None:
    """The message when placing ``a``'s monster where it goes breaks ``rule`` first
    (validator/engine/zones.py), else None."""
    found = placement(s, a)
    return found.message if found.rule == rule else None


@REGISTRY.rule("zone.spell-trap-full")
def spell_trap_zone_has_room(s: DuelState, a: Action) -> str | None:
    """At most 5 cards in a Spell & Trap Zone; Field Spells go to the Field Zone instead.
    Under ``advanced`` the card goes to a free zone: the one named, or for a Pendulum Scale
    a free Pendulum Zone (validator/engine/zones.py)."""
    assert a.card is not None
    if s.cards[a.card].subtype == "field":
        return None
    full = _spell_trap_room(s, a)
    if full is None and s.rules.zone_rules and (a.zone is not None or (
            a.type == "activate" and s.cards[a.card].kind == "monster")):
        return placement(s, a).message  # a zone named, or a Pendulum Scale's
    return full  # with fewer than 5 cards, the judge finds the card a free zone


@REGISTRY.rule("zone.spell-trap-full")
def spell_trap_zone_has_room_for_move(s: DuelState, a: Action) -> str | None:
    """A card an effect moves into a Spell & Trap Zone counts toward its 5 cards, and under
    ``advanced`` goes to a free zone (one moved within its own zone keeps it unless another
    is named). A Field Spell goes to the Field Zone instead."""
    if a.to != "spell_trap" or s.cards[a.card or ""].subtype == "field":
        return None
    full = _spell_trap_room(s, a)
    if full is None and s.rules.zone_rules and \
            (a.zone is not None or not s.controls(a.player, a.card or "")):
        return placement(s, a).message
    return full


def _spell_trap_room(s: DuelState, a: Action) -> str | None:
    zone = s.sides[a.player].spell_traps
    already = any(st.card == a.card for st in zone)  # moved within the zone: no 6th card
    if len(zone) - already < ZONE_SIZE:
        return None
    return f"{a.player}'s Spell & Trap Zone already holds {ZONE_SIZE} cards: no room for " \
           f"{s.cards[a.card or ''].label}."


@REGISTRY.rule("control.invalid-target")
def control_target_is_opponents_monster(s: DuelState, a: Action) -> str | None:
    """Only a monster the opponent controls can be taken."""
    assert a.card is not None
    if s.controls(other(a.player), a.card) and s.monster(a.card) is not None:
        return None
    return f"{a.player} can take control only of a monster {other(a.player)} controls; " \
           f"{s.cards[a.card].label} is {whereabouts(s, a.card)}."

"""Where a monster may go under ``advanced`` (§6): Extra Monster Zones, Link Arrows and
occupied zones, and Link Monsters always in Attack Position (a Spell & Trap Zone's room is
checked with its count, in validator/rules/checks/cards.py). Under ``classic`` zones are
bookkeeping, and every check here passes (validator/engine/zones.py says where cards go).
"""

from __future__ import annotations

from validator.document.model import Action
from validator.engine.state import DuelState
from validator.rules.checks.cards import card_in_own_monster_zone, placement_breaks
from validator.rules.registry import REGISTRY


@REGISTRY.rule("zone.extra-deck-summon")
def extra_deck_summon_zone(s: DuelState, a: Action) -> str | None:
    """A Link Monster, or a Pendulum Monster from the face-up Extra Deck, Summoned from the
    Extra Deck goes to an Extra Monster Zone or to a Main Monster Zone a Link Monster points
    to."""
    if not s.rules.zone_rules or s.on_field(a.card or ""):
        return None
    return placement_breaks(s, a, "zone.extra-deck-summon")


@REGISTRY.rule("zone.extra-monster-zone")
def extra_monster_zone_free(s: DuelState, a: Action) -> str | None:
    """Only a monster Summoned from the Extra Deck enters an Extra Monster Zone, a player has
    at most one monster there, and no monster enters an occupied zone."""
    if not s.rules.zone_rules or a.zone is None or s.in_monster_zone(a.player, a.card or ""):
        return None
    if a.type != "take_control" and s.on_field(a.card or ""):
        return None  # summon.special-source says why
    return placement_breaks(s, a, "zone.extra-monster-zone")


@REGISTRY.rule("position.invalid")
def link_stays_in_attack_position(s: DuelState, a: Action) -> str | None:
    """A Link Monster is always in face-up Attack Position (advanced): it is Summoned in it
    and never changes it."""
    card = s.cards[a.card or ""]
    if not s.rules.link_rules or card.link is None:
        return None
    if a.type == "special_summon":
        if a.position == "attack":
            return None
        return f"{card.label} is a Link Monster: it is always in face-up Attack Position, so " \
               f"it cannot be Special Summoned in {a.position.replace('_', ' ')} position."
    if s.monster(card.id) is None:
        return None  # card.not-on-field says why
    return f"{card.label} is a Link Monster: it is always in face-up Attack Position and " \
           f"cannot change its battle position."


@REGISTRY.rule("card.wrong-kind")
def face_up_extra_is_pendulum(s: DuelState, a: Action) -> str | None:
    """Only a Pendulum Monster goes face-up to the Extra Deck."""
    if not a.face_up:
        return None
    card = s.cards[a.card or ""]
    if card.kind == "monster" and card.pendulum:
        return None
    return f"{card.label} is not a Pendulum Monster: only a Pendulum Monster goes face-up " \
           f"to the Extra Deck."


@REGISTRY.rule("card.not-on-field")
def moved_monster_on_own_field(s: DuelState, a: Action) -> str | None:
    """An effect moves a monster to another zone only while it stands in one of its
    controller's Monster Zones (``move`` with ``to: monster_zone``)."""
    if a.to != "monster_zone":
        return None
    return card_in_own_monster_zone(s, a)


@REGISTRY.rule("zone.extra-monster-zone")
def moved_monster_zone_free(s: DuelState, a: Action) -> str | None:
    """A monster an effect moves never enters an occupied zone, nor a second Extra Monster
    Zone of one player (advanced)."""
    if a.to != "monster_zone" or not s.rules.zone_rules or \
            not s.in_monster_zone(a.player, a.card or ""):
        return None
    return placement_breaks(s, a, "zone.extra-monster-zone")

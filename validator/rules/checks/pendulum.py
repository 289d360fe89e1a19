"""The Pendulum Summon (``pendulum_summon``, §6): which cards, once per turn, the Scales, and
room. Who and when are the Normal Summon's checks (validator/rules/checks/turn.py)."""

from __future__ import annotations

from validator.document.model import Action
from validator.engine.pendulum import scales
from validator.engine.state import DuelState
from validator.engine.zones import place_pendulum
from validator.rules.checks.cards import whereabouts
from validator.rules.registry import REGISTRY


@REGISTRY.rule("card.wrong-kind")
def pendulum_summon_exists(s: DuelState, a: Action) -> str | None:
    """There is no Pendulum Summon under ``classic`` (the seeds' rules)."""
    if s.rules.pendulum:
        return None
    return f"There is no Pendulum Summon under the {s.rules.name} ruleset (it is part of " \
           f"the advanced ruleset)."


@REGISTRY.rule("card.not-in-hand")
def pendulum_cards_in_reach(s: DuelState, a: Action) -> str | None:
    """Each card comes from the summoner's hand or their face-up Extra Deck."""
    for card in a.cards:
        if s.in_hand(a.player, card) or s.locate(card) == (a.player, "extra_face_up"):
            continue
        return f"{s.cards[card].label} is neither in {a.player}'s hand nor face-up in their " \
               f"Extra Deck (it is {whereabouts(s, card)})."
    return None


@REGISTRY.rule("card.wrong-kind")
def pendulum_cards_are_monsters(s: DuelState, a: Action) -> str | None:
    """Only monsters are Pendulum Summoned (from the face-up Extra Deck: Pendulum Monsters)."""
    for cid in a.cards:
        card = s.cards[cid]
        if card.kind != "monster":
            return f"{card.label} is a {card.kind.capitalize()}, not a monster: it cannot be " \
                   f"Pendulum Summoned."
        if s.locate(cid) == (a.player, "extra_face_up") and not card.pendulum:
            return f"{card.label} is not a Pendulum Monster: only Pendulum Monsters are " \
                   f"Pendulum Summoned from the Extra Deck."
    return None


@REGISTRY.rule("summon.pendulum-once")
def pendulum_summon_unused(s: DuelState, a: Action) -> str | None:
    """One Pendulum Summon per turn."""
    used = s.this_turn.pendulum_summon
    if used is None:
        return None
    return f"{a.player} already Pendulum Summoned this turn (action {used + 1})."


@REGISTRY.rule("summon.pendulum-scales")
def levels_between_scales(s: DuelState, a: Action) -> str | None:
    """Two Pendulum Scales in the summoner's Pendulum Zones, and each monster's Level strictly
    between them."""
    found = scales(s, a.player)
    if found is None:
        return f"{a.player} needs a Pendulum Scale in each Pendulum Zone (S1 and S5) to " \
               f"Pendulum Summon."
    low, high = found
    for cid in a.cards:
        card = s.cards[cid]
        if card.level is None:
            return f"{card.label} has no Level (a Link Monster): it cannot be Pendulum " \
                   f"Summoned."
        if not low < card.level < high:
            return f"{card.label} is Level {card.level}: with Scales {low} and {high}, " \
                   f"{a.player} can Pendulum Summon only Levels {low + 1} to {high - 1}."
    return None


def _zones_break(s: DuelState, a: Action, rule: str) -> str | None:
    _, broken, message = place_pendulum(s, a.player, a.cards, a.zones)
    return message if broken == rule else None


@REGISTRY.rule("zone.monster-full")
def pendulum_room(s: DuelState, a: Action) -> str | None:
    """The monsters Pendulum Summoned fit in the free zones they may go to."""
    return _zones_break(s, a, "zone.monster-full")


@REGISTRY.rule("zone.extra-deck-summon")
def pendulum_extra_deck_zones(s: DuelState, a: Action) -> str | None:
    """Monsters from the face-up Extra Deck go to an Extra Monster Zone or to Main Monster
    Zones a Link Monster points to."""
    return _zones_break(s, a, "zone.extra-deck-summon")


@REGISTRY.rule("zone.extra-monster-zone")
def pendulum_zones_free(s: DuelState, a: Action) -> str | None:
    """The zones named are free, one monster per zone, at most one in the Extra Monster Zones."""
    return _zones_break(s, a, "zone.extra-monster-zone")

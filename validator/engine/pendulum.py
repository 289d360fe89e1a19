"""Pendulum Monsters under ``advanced`` (§6): the Pendulum Scales a player has, and what a
legal ``pendulum_summon`` does. Its rules are checked before, in validator/rules/checks/pendulum.py.
"""

from __future__ import annotations

from validator.document.model import Action, Player
from validator.engine.limits import from_extra_deck, record_summon
from validator.engine.state import DuelState
from validator.engine.zones import PENDULUM_ZONES, place_pendulum


def scale_cards(s: DuelState, player: Player) -> list[str]:
    """The cards that are ``player``'s Pendulum Scales: face-up Pendulum Monsters in their
    Spell & Trap Zones 1 and 5 (the Pendulum Zones), left first.

    >>> from validator import load_document
    >>> from validator.document.position import initial_state
    >>> doc = load_document({"ruleset": "advanced", "cards": {
    ...     "a": {"kind": "monster", "level": 4, "pendulum": True, "scale": 1}},
    ...     "setup": {"p1": {"spell_traps": [{"card": "a", "face_up": True, "zone": "S5"}]}}})
    >>> scale_cards(initial_state(doc), "p1")
    ['a']
    """
    out = []
    for zone in PENDULUM_ZONES:
        st = next((st for st in s.sides[player].spell_traps if st.zone == zone), None)
        if st is None or not st.face_up:
            continue
        card = s.cards[st.card]
        if card.kind == "monster" and card.pendulum:
            out.append(st.card)
    return out


def scales(s: DuelState, player: Player) -> tuple[int, int] | None:
    """The low and the high Pendulum Scale of ``player``, or None without two Scales (a
    Pendulum Monster without a ``scale`` counts as Scale 0: the card database leaves out the
    scales that are 0).

    >>> from validator import load_document
    >>> from validator.document.position import initial_state
    >>> doc = load_document({"ruleset": "advanced", "cards": {
    ...     "a": {"kind": "monster", "level": 4, "pendulum": True, "scale": 8},
    ...     "b": {"kind": "monster", "level": 1, "pendulum": True}}, "setup": {"p1": {
    ...     "spell_traps": [{"card": "a", "face_up": True, "zone": "S1"},
    ...                     {"card": "b", "face_up": True, "zone": "S5"}]}}})
    >>> scales(initial_state(doc), "p1"), scales(initial_state(doc), "p2")
    ((0, 8), None)
    """
    found = scale_cards(s, player)
    if len(found) < 2:
        return None
    low, high = sorted(s.cards[c].scale or 0 for c in found)
    return low, high


def pendulum_summon(s: DuelState, a: Action) -> None:
    """Special Summon every card at once, from the hand or the face-up Extra Deck, each to its
    zone and position (the judge's pick where none is named); the turn's Pendulum Summon is
    used.

    >>> from validator import load_document
    >>> from validator.document.position import initial_state
    >>> s = initial_state(load_document({"ruleset": "advanced", "cards": {
    ...     "a": {"kind": "monster", "level": 4}}, "setup": {"p1": {"hand": ["a"]}}}))
    >>> pendulum_summon(s, Action("pendulum_summon", "p1", cards=("a",), zones=("M2",)))
    >>> [(m.card, m.zone) for m in s.sides["p1"].monsters], s.this_turn.pendulum_summon
    ([('a', 'M2')], 0)
    """
    zones, _, _ = place_pendulum(s, a.player, a.cards, a.zones)
    positions = a.positions or ("attack",) * len(a.cards)
    for i, card in enumerate(a.cards):
        record_summon(s, a.player, card, from_extra_deck(s, card))
        s.take(card, "hand")
        s.put(card, a.player, "monsters", position=positions[i],
              zone=zones[i] if i < len(zones) else None)
        s.this_turn.placed[card] = s.index
    s.this_turn.pendulum_summon = s.index

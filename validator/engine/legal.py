"""What may be done next: candidate actions offered to the turn machine's own guards.

:class:`LegalActions` is a lazy view (``action in duel.legal_actions`` means "is legal").
Candidates cover every action a player chooses: phases, the turn's end, draws, summons,
Sets, position changes, activations (with Equip targets), responses, phase effects, attacks,
hand-limit discards, resolving and surrender; under ``advanced``, Pendulum Summons (every set
of monsters the Scales allow that fits the free zones) and no Quick Summons. Zones are left
to the judge (an action that names none goes to the first free zone the rules allow).
Actions that only an effect causes (:data:`EFFECT_DRIVEN`) are left out: any card could be
destroyed, moved or summoned by *some* effect, so listing them would say nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import combinations, islice
from typing import Any, Final

from validator.document.actionload import load_action
from validator.document.model import PHASES, PLAYERS, Action, Player, other
from validator.engine.apply import resolve_chain, resolves_chain_first
from validator.engine.fastpath import FAST_PATH
from validator.engine.pendulum import scales
from validator.engine.state import FIELD_PILES, DuelState
from validator.engine.zones import MAIN_ZONES, PENDULUM_ZONES
from validator.errors import DocumentError
from validator.rules.checks.summon import counts_as_two, required_tributes

#: Action types (and by-effect variants) that legal_actions does not list.
EFFECT_DRIVEN: Final = ("special_summon", "take_control", "destroy", "move", "damage",
                        "gain_lp", "draw (by_effect)", "change_position (by_effect)",
                        "discard (by_effect)", "declare_attack (by_effect)",
                        "phase (by_effect)",
                        "normal_summon (by_effect, unless a card granted one this turn)",
                        "set_monster (by_effect, unless a card granted one this turn)")


def make(kind: str, player: Player, **fields: Any) -> Action:
    """An action and its JSON form, with only the fields given.

    >>> make("phase", "p1", to="standby").raw
    {'type': 'phase', 'player': 'p1', 'to': 'standby'}
    """
    raw: dict[str, Any] = {"type": kind, "player": player}
    for key, value in fields.items():
        raw[key] = list(value) if isinstance(value, tuple) else value
    return Action(kind, player, raw=raw, **fields)


def _hand_candidates(s: DuelState, p: Player, cid: str) -> Iterator[Action]:
    card = s.cards[cid]
    if card.kind == "monster":
        own = sorted(m.card for m in s.sides[p].monsters)
        counts = card.tributes if card.tributes is not None else \
            (required_tributes(card.level or 0),)
        granted = "normal_summon" in s.this_turn.granted.get(p, ())
        doubles = {c for c in own if counts_as_two(s, c, cid)}
        sizes = sorted({size for need in counts for size in range(need + 1)
                        if size == need or size + len(doubles) >= need})
        for kind in ("normal_summon", "set_monster"):
            for size in sizes:
                for tributes in combinations(own, size):
                    if size not in counts and not any(
                            size <= need <= size + len(doubles & set(tributes))
                            for need in counts):
                        continue
                    extra = {"tributes": tributes} if tributes else {}
                    yield make(kind, p, card=cid, **extra)
                    if granted:  # an additional Normal Summon or Set a card granted (§1)
                        yield make(kind, p, card=cid, by_effect=True, **extra)
        if s.rules.quick_summon:
            for position in ("attack", "defense"):
                yield make("quick_summon", p, card=cid, position=position)
    else:
        yield make("set_spell_trap", p, card=cid)
    yield make("discard", p, card=cid)


def _equip_targets(s: DuelState) -> list[str]:
    return sorted(c for c, (_, pile) in s.where.items() if s.cards[c].kind == "monster"
                  and pile in ("monsters", "graveyard", "banished"))


def _activations(s: DuelState, p: Player, cid: str, equip_targets: list[str]) -> Iterator[Action]:
    card = s.cards[cid]
    if s.rules.pendulum and card.pendulum and card.effects is not None and \
            card.effect_at("hand") != "none" and s.in_hand(p, cid):
        for zone in PENDULUM_ZONES:  # as a Pendulum Scale (without a zone: its hand effect)
            yield make("activate", p, card=cid, zone=zone)
    targets: list[str | None] = [None]
    if s.cards[cid].subtype == "equip":
        targets += equip_targets
    for respond in (False, True):
        for target in targets:
            fields: dict[str, Any] = {"card": cid}
            if respond:
                fields["respond"] = True
            if target is not None:
                fields["target"] = target
            yield make("activate", p, **fields)


def _field_candidates(s: DuelState, p: Player, cid: str) -> Iterator[Action]:
    if s.monster(cid) is not None:
        if s.cards[cid].gemini:  # its Gemini Summon where it stands
            yield make("normal_summon", p, card=cid)
            if "normal_summon" in s.this_turn.granted.get(p, ()):
                yield make("normal_summon", p, card=cid, by_effect=True)
        yield make("flip_summon", p, card=cid)
        for to in ("attack", "defense"):
            yield make("change_position", p, card=cid, to=to)
        for target in [None, *sorted(m.card for m in s.sides[other(p)].monsters)]:
            yield make("declare_attack", p, card=cid, target=target)
            if cid in s.this_turn.declared:
                yield make("declare_attack", p, card=cid, target=target, replay=True)
    if s.cards[cid].phase_effect is not None:
        yield make("phase_effect", p, card=cid)


def candidates(s: DuelState) -> Iterator[Action]:
    """Every candidate next action, legal or not (see the module's docstring)."""
    equip_targets = _equip_targets(s)
    for p in PLAYERS:
        yield make("draw", p)
        for cid in s.cards:
            loc = s.locate(cid)
            if loc == (p, "deck") or (s.unplaced(cid) and s.cards[cid].owner == p
                                      and not s.cards[cid].token):
                yield make("draw", p, card=cid)
        for to in PHASES[1:]:
            yield make("phase", p, to=to)
        yield make("end_turn", p)
        for cid in s.cards:
            loc = s.locate(cid)
            in_hand = s.in_hand(p, cid)
            if in_hand:
                yield from _hand_candidates(s, p, cid)
            elif loc is not None and loc[0] == p and loc[1] in FIELD_PILES:
                yield from _field_candidates(s, p, cid)
            if in_hand or (loc is not None and loc[0] == p and loc[1] != "deck"):
                yield from _activations(s, p, cid, equip_targets)
        if s.rules.pendulum:
            yield from _pendulum_summons(s, p)
        yield make("resolve", p)
        yield make("surrender", p)


def _pendulum_summons(s: DuelState, p: Player) -> Iterator[Action]:
    """Every set of ``p``'s monsters the Scales allow that fits the free zones (advanced)."""
    found = scales(s, p)
    if found is None:
        return
    low, high = found
    eligible = sorted(cid for cid, card in s.cards.items()
                      if card.kind == "monster" and card.level is not None
                      and low < card.level < high
                      and (s.in_hand(p, cid) or (s.locate(cid) == (p, "extra_face_up")
                                                 and card.pendulum)))
    side = s.sides[p]
    room = len([z for z in MAIN_ZONES if z not in {m.zone for m in side.monsters}]) + 1
    for size in range(1, min(room, len(eligible)) + 1):
        for cards in combinations(eligible, size):
            yield make("pendulum_summon", p, cards=cards)


@dataclass(frozen=True, slots=True)
class Listing:
    """Legal next actions found among at most ``max_candidates`` candidates.

    ``truncated``: more legal actions may exist (the listing stopped at its limit, or not
    every candidate was checked); ``checked``: how many candidates were offered to the
    guards.
    """

    actions: list[dict[str, Any]]
    truncated: bool
    checked: int


class LegalActions:
    """The legal next actions of a duel: iterate them, or ask ``action in legal``."""

    def __init__(self, state: DuelState) -> None:
        self._state = state
        self._resolved: DuelState | None = None

    def _state_for(self, action: Action) -> DuelState:
        state = self._state
        if not resolves_chain_first(state, action):
            return state
        if self._resolved is None:
            self._resolved = state.copy()
            resolve_chain(self._resolved)
        return self._resolved

    def why_not(self, action: Action) -> tuple[str, str] | None:
        """``(rule id, message)`` of the first rule the action would break; None if legal."""
        return FAST_PATH.why_not(self._state_for(action), action)

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` (an :class:`Action` or its JSON object) is legal next; one
        that is not well formed or names an unknown card is not.

        >>> from validator import Duel, load_document
        >>> legal = Duel(load_document({"cards": {}})).legal_actions
        >>> {"type": "draw", "player": "p1"} in legal, make("draw", "p1") in legal
        (True, True)
        """
        if not isinstance(action, Action | Mapping):
            return False
        try:
            action = load_action(action, self._state.cards, self._state.index)
        except DocumentError:
            return False
        return self.why_not(action) is None

    def __iter__(self) -> Iterator[Action]:
        seen: set[Action] = set()
        for action in candidates(self._state):  # made by the engine: well formed already
            if action not in seen and self.why_not(action) is None:
                seen.add(action)
                yield action

    def dicts(self, limit: int | None = None) -> list[dict[str, Any]]:
        """The legal actions (the first ``limit`` of them) as JSON objects of the contract."""
        return [a.raw for a in islice(self, limit)]

    def listing(self, limit: int | None = None, max_candidates: int | None = None) -> Listing:
        """The first ``limit`` legal actions among the first ``max_candidates`` candidates:
        candidates are capped before the guards see them, so the work is bounded whatever
        the board holds.

        >>> from validator import Duel, load_document
        >>> found = Duel(load_document({"cards": {}})).legal_actions.listing(2, 100)
        >>> ([a["type"] for a in found.actions], found.truncated)
        (['draw', 'resolve'], True)
        """
        seen: set[Action] = set()
        found: list[dict[str, Any]] = []
        checked = 0
        for action in candidates(self._state):
            if checked == max_candidates:
                return Listing(found, True, checked)
            checked += 1
            if action in seen or self.why_not(action) is not None:
                continue
            if len(found) == limit:
                return Listing(found, True, checked)
            seen.add(action)
            found.append(action.raw)
        return Listing(found, False, checked)


"""A duel step by step: the board after every action, for pages and reports that show it.

:func:`trace` judges a document as :func:`validator.validate` does and keeps the board
(the verdict's ``state`` object, §3) at the start and after each legal action. For the first
illegal action it also tries the board "as the log has it": the action carried out although
the rules forbid it, so that a judge can compare the two. The engine itself never does that.

>>> t = trace({"cards": {}, "actions": [{"type": "draw", "player": "p1"},
...                                     {"type": "phase", "player": "p1", "to": "battle"}]})
>>> len(t.states), t.verdict.violation.rule, t.attempted["phase"]
(2, 'turn.phase-order', 'battle')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from validator.document.model import (
    EFFECT_PLACES,
    Action,
    Card,
    Document,
    EffectFact,
    GrantedTributes,
    MonsterKinds,
    TributeFilter,
)
from validator.document.verdict import Verdict, state_report
from validator.engine import apply
from validator.engine.duel import Duel, load_document
from validator.engine.state import DuelState


@dataclass(frozen=True, slots=True)
class Trace:
    """A judged duel with its board at every step.

    ``states[0]`` is the board at the start, ``states[i + 1]`` the board after action ``i``;
    there is one per legal action, so with a violation at ``k`` the last one is
    ``states[k]``. The board the illegal action met is the verdict's own ``state``: the same,
    except that an open chain has resolved first (any action but a response resolves it,
    §2). ``ended_at`` is the
    first index of ``states`` at which the duel is over (the verdict's ``outcome``), or None.
    ``attempted`` is the board after the illegal action as given, had it been allowed; None
    when every action is legal or when it cannot be carried out at all (a card that is not
    where the action needs it).
    """

    verdict: Verdict
    states: list[dict[str, Any]]
    ended_at: int | None
    attempted: dict[str, Any] | None
    #: The cards as judged (:func:`card_json`): a card the document gives by passcode only
    #: has its name, kind and stats from the card database, for a page to draw it.
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The answer of ``POST /v1/steps``.

        >>> sorted(trace({"cards": {}}).to_dict())
        ['attempted', 'cards', 'ended_at', 'states', 'verdict']
        """
        return {"verdict": self.verdict.to_dict(), "states": self.states,
                "ended_at": self.ended_at, "attempted": self.attempted, "cards": self.cards}


def trace(document: Mapping[str, Any] | str | bytes | Document, *,
          keep_states: bool = True) -> Trace:
    """Judge ``document`` and keep the board at every step (see :class:`Trace`);
    ``keep_states=False`` keeps only the first (a report needs the verdict and the board
    as the log has it, not a board per action).

    Raises :class:`validator.DocumentError` for a malformed document, as ``validate`` does.

    >>> t = trace({"cards": {}, "actions": [{"type": "surrender", "player": "p2"}]})
    >>> t.verdict.outcome, t.ended_at, len(t.states)
    ({'winner': 'p1', 'reason': 'surrender'}, 1, 2)
    >>> len(trace({"cards": {}, "actions": [{"type": "draw", "player": "p1"}]},
    ...           keep_states=False).states)
    1
    """
    doc = document if isinstance(document, Document) else load_document(document)
    cards = {cid: card_json(card) for cid, card in doc.cards.items()}
    duel = Duel(doc)
    states = [state_report(duel.state)]
    ended_at = 0 if duel.state.outcome is not None else None
    for action in doc.actions:
        violation = duel.check(action)
        if violation is not None:
            return Trace(duel.verdict(violation), states, ended_at,
                         attempt(_before(doc, violation.index), action), cards)
        if keep_states:
            states.append(state_report(duel.state))
        if ended_at is None and duel.state.outcome is not None:
            ended_at = duel.pushed
    return Trace(duel.verdict(), states, ended_at, None, cards)


def _before(doc: Document, index: int) -> DuelState:
    """The state before action ``index`` (judging it again is cheaper than copying the
    state before every action, and a failed check may already have resolved the chain)."""
    duel = Duel(doc)
    for action in doc.actions[:index]:
        duel.check(action)
    return duel.state


def attempt(state: DuelState, action: Action) -> dict[str, Any] | None:
    """The board after ``action`` carried out in ``state`` (a copy the caller gives up),
    whatever the rules say; None when it cannot be carried out.

    >>> from validator.document.position import initial_state
    >>> start = initial_state(load_document({"cards": {}}))
    >>> attempt(start, Action("phase", "p1", to="end"))["phase"]
    'end'
    """
    if apply.resolves_chain_first(state, action):
        apply.resolve_chain(state)
    return state_report(state) if apply.carry_out(state, action) else None


def card_json(card: Card) -> dict[str, Any]:
    """A loaded card back as the document's JSON (the fields it has).

    >>> card_json(Card("dm", "monster", level=7, atk=2500, name="Dark Magician"))
    {'kind': 'monster', 'level': 7, 'atk': 2500, 'effect': 'none', 'name': 'Dark Magician'}
    """
    out: dict[str, Any] = {"kind": card.kind}
    for key, value in (("level", card.level), ("atk", card.atk), ("def", card.def_),
                       ("subtype", card.subtype), ("effect", card.effect),
                       ("phase_effect", card.phase_effect), ("owner", card.owner),
                       ("name", card.name)):
        if value is not None:
            out[key] = value
    if card.token:
        out["token"] = True
    for key, value in (("passcode", card.passcode), ("link", card.link),
                       ("scale", card.scale)):
        if value is not None:
            out[key] = value
    if card.tributes is not None:
        out["tributes"] = list(card.tributes)
    if not card.normal_summon:
        out["normal_summon"] = False
    for key, flag in (("gemini", card.gemini), ("pendulum", card.pendulum)):
        if flag:
            out[key] = True
    # revision 4's facts: said either way for a card the database fills (its own field wins)
    for key, flag, kind in (("trap_from_hand", card.trap_from_hand, "trap"),
                            ("double_tribute", card.double_tribute, "monster")):
        if card.kind == kind and (flag or card.passcode is not None):
            out[key] = flag
    allowed = card.double_tribute_for
    if card.double_tribute and allowed is not None:
        found = {"attribute": allowed.attribute, "race": allowed.race, "type": allowed.type,
                 "cards": None if allowed.cards is None else sorted(allowed.cards)}
        out["double_tribute_for"] = {k: v for k, v in found.items() if v is not None}
    # the extensions likewise: a card the database fills gets its own field back either way
    filled = card.passcode is not None
    if card.kind == "monster" and (card.defense_attack or filled):
        out["defense_attack"] = card.defense_attack
    if card.kind == "monster" and (card.attacks_directly or filled):
        out["attacks_directly"] = card.attacks_directly
    if card.set_turn or filled:
        out["set_turn"] = list(card.set_turn)
    if card.grants_double_tribute is not None:
        out["grants_double_tribute"] = _filter_json(card.grants_double_tribute)
    if card.gives_gemini_status or filled:
        out["gives_gemini_status"] = card.gives_gemini_status
    if card.lessens_tributes is not None:
        out["lessens_tributes"] = _filter_json(card.lessens_tributes)
    if card.trap_monster is not None:
        stats = card.trap_monster
        out["trap_monster"] = {"level": stats.level, **({"atk": stats.atk} if stats.atk is not None
                                                        else {}),
                               **({"def": stats.def_} if stats.def_ is not None else {})}
    if card.xyz_material_effects or filled:
        out["xyz_material_effects"] = list(card.xyz_material_effects)
    if card.grants_tributes or filled:
        out["grants_tributes"] = [_granted_json(g) for g in card.grants_tributes]
    if card.effects is not None:
        out["effects"] = [_effect_json(e) for e in card.effects]
    if card.grants:
        out["grants"] = list(card.grants)
    if card.link_arrows:
        out["link_arrows"] = list(card.link_arrows)
    out.update(_limits_json(card))
    return out


def _granted_json(granted: GrantedTributes) -> dict[str, Any]:
    """A Normal Summon procedure a card gives from the field, back as the document's JSON.

    >>> from validator.document.model import TributeFilter
    >>> _granted_json(GrantedTributes((0,), TributeFilter(level=7)))
    {'tributes': [0], 'for': {'level': 7}}
    """
    kinds = _filter_json(granted.allows)
    return {"tributes": list(granted.tributes), **({"for": kinds} if kinds else {})}


def _filter_json(allowed: TributeFilter) -> dict[str, Any]:
    """A filter of monsters back as the document's JSON (``{}``: any).

    >>> _filter_json(TributeFilter(cards=frozenset({2, 1})))
    {'cards': [1, 2]}
    """
    found = {"attribute": allowed.attribute, "race": allowed.race, "type": allowed.type,
             "cards": None if allowed.cards is None else sorted(allowed.cards),
             "level": allowed.level, "level_min": allowed.level_min}
    return {k: v for k, v in found.items() if v is not None}


def _effect_json(effect: EffectFact) -> dict[str, Any]:
    """One of a card's effects back as the document's JSON (its limit too, revision 4).

    >>> _effect_json(EffectFact("quick", frozenset({"hand"}), "name"))
    {'kind': 'quick', 'from': ['hand'], 'once': 'name'}
    """
    out: dict[str, Any] = {"kind": effect.kind,
                           "from": sorted(effect.places, key=EFFECT_PLACES.index)}
    if effect.once is not None:
        out["once"] = effect.once
    if effect.shared is not None:
        out["shared"] = effect.shared
    return out


def _kinds_json(kinds: MonsterKinds) -> dict[str, Any]:
    found = {"attribute": kinds.attribute, "race": kinds.race, "type": kinds.type,
             "cards": None if kinds.cards is None else sorted(kinds.cards),
             "atk_max": kinds.atk_max}
    return {k: v for k, v in found.items() if v is not None}


def _limits_json(card: Card) -> dict[str, Any]:
    """A card's limits (revision 4, §8) back as the document's JSON; its locks said either
    way for a card the database fills (its own field wins).

    >>> _limits_json(Card("r", "monster", level=4, summons_per_turn=1))
    {'summons_per_turn': 1}
    """
    out: dict[str, Any] = {}
    for key, value in (("activations_per_turn", card.activations_per_turn),
                       ("activation_once", card.activation_once),
                       ("activation_shared", card.activation_shared),
                       ("summons_per_turn", card.summons_per_turn)):
        if value is not None:
            out[key] = value
    if card.materials is not None:
        out["materials"] = []
        for m in card.materials:
            found: dict[str, Any] = {
                "summon": m.summon, "min": m.min, "max": m.max, "rating": m.rating,
                "level": m.level, "tuners": None if m.tuners is None else list(m.tuners),
                "level_sum": m.level_sum, "ritual": m.ritual,
                "kinds": None if m.kinds is None else _kinds_json(m.kinds),
                "tuner_kinds": None if m.tuner_kinds is None else _kinds_json(m.tuner_kinds)}
            out["materials"].append({k: v for k, v in found.items() if v is not None})
    if card.locks or card.passcode is not None:
        out["locks"] = [{"applies": k.applies, "allows": [_kinds_json(a) for a in k.allows],
                         "scope": k.scope, "by": k.by} for k in card.locks]
    return out

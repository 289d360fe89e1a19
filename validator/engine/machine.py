"""The turn as a ``transitions`` state machine, built once at import and shared.

States are the six phases; triggers are the action types (with ``*_by_effect`` variants whose
guards differ, and one ``enter_<phase>`` trigger per phase); guards are the registry's checks
in §4 precedence. No model is ever added: an event is triggered on a per-duel
:class:`TurnModel`, so one machine serves every duel and every thread. The machine is the one
definition; :mod:`validator.engine.fastpath` compiles it into the path that judges duels, and
:mod:`validator.engine.legal` and :mod:`validator.teaching.diagram` read it as it is.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Final

from transitions import EventData, Machine, State

from validator.document.model import PHASES
from validator.engine import apply, zones
from validator.engine.state import DuelState
from validator.rules.checks import activation as act
from validator.rules.checks import battle, cards, limits, pendulum, placement, summon, turn
from validator.rules.registry import Check, ordered

logging.getLogger("transitions").setLevel(logging.WARNING)

_ALWAYS: Final = (turn.duel_not_over,)
#: A Normal Summon or Set: who, when, with what card, then the limits. ``by_effect`` (an
#: additional one a card grants, revision 3) is exempt from who, when and the turn's count.
_SUMMON_CARD: Final = (cards.summoned_from_hand, cards.card_is_monster,
                       cards.card_can_be_normal_summoned, summon.tribute_count_matches_level,
                       summon.tributes_are_own_monsters, cards.monster_zone_has_room,
                       placement.extra_monster_zone_free)
_HAND_MONSTER: Final = (turn.turn_player_acts, turn.in_main_phase, *_SUMMON_CARD,
                        summon.normal_summon_unused, summon.no_quick_summon_this_turn)
_MANUAL_POSITION: Final = (turn.turn_player_acts, turn.in_main_phase,
                           cards.card_in_own_monster_zone, cards.card_is_monster,
                           summon.not_placed_this_turn, summon.position_unchanged_this_turn)
#: Where a monster goes under advanced (validator/engine/zones.py): its zone, and Link Monsters.
_MONSTER_PLACE: Final = (cards.monster_zone_has_room, placement.extra_deck_summon_zone,
                         placement.extra_monster_zone_free)

#: Trigger name -> the checks its guard runs (sorted by precedence when the machine is built).
GUARDS: Final[dict[str, tuple[Check, ...]]] = {
    "draw": (turn.turn_player_acts, turn.normal_draw_once, turn.no_normal_draw_in_first_turn),
    "draw_by_effect": (),
    "end_turn": (turn.turn_player_acts, turn.turn_ends_in_end_phase, turn.phase_effects_resolved,
                 turn.hand_within_limit),
    "normal_summon": _HAND_MONSTER,
    "set_monster": _HAND_MONSTER,
    "normal_summon_by_effect": _SUMMON_CARD,
    "set_monster_by_effect": _SUMMON_CARD,
    "flip_summon": (*_MANUAL_POSITION, summon.flip_summon_of_face_down),
    "change_position": (*_MANUAL_POSITION, summon.did_not_attack,
                        summon.position_change_is_real, placement.link_stays_in_attack_position),
    "change_position_by_effect": (cards.card_in_any_monster_zone, cards.card_is_monster,
                                  summon.position_change_is_real,
                                  placement.link_stays_in_attack_position),
    "special_summon": (cards.card_is_monster, summon.summoned_from_off_field,
                       limits.summons_within_limit, limits.materials_make_monster,
                       limits.summon_not_locked, placement.link_stays_in_attack_position,
                       *_MONSTER_PLACE),
    "quick_summon": (cards.card_in_hand_unless_on_field, cards.card_is_monster,
                     cards.quick_summon_exists, summon.summoned_from_off_field,
                     cards.monster_zone_has_room),
    "pendulum_summon": (turn.turn_player_acts, turn.in_main_phase,
                        pendulum.pendulum_summon_exists, pendulum.pendulum_cards_in_reach,
                        pendulum.pendulum_cards_are_monsters, pendulum.pendulum_summon_unused,
                        pendulum.levels_between_scales, pendulum.pendulum_room,
                        pendulum.pendulum_extra_deck_zones, pendulum.pendulum_zones_free,
                        limits.summons_within_limit, limits.summon_not_locked),
    "set_spell_trap": (turn.turn_player_acts, turn.in_main_phase, cards.card_in_hand,
                       cards.card_is_spell_or_trap, cards.spell_trap_zone_has_room),
    "activate": (act.activation_by_turn_player, act.speed_one_in_main_phase,
                 act.not_set_this_turn, act.chain_link_speed, act.activated_card_in_reach,
                 act.activated_card_controlled, act.activated_card_has_effect,
                 act.trap_not_from_hand, act.equip_has_valid_target,
                 limits.effect_use_allowed, limits.activation_lock_unbroken,
                 act.activation_zone_has_room),
    "resolve": (),
    "phase_effect": (turn.turn_player_acts, turn.phase_effect_due,
                     cards.card_face_up_on_own_field, cards.card_has_phase_effect),
    "declare_attack": (turn.turn_player_acts, turn.in_battle_phase,
                       cards.card_in_own_monster_zone, cards.card_is_monster,
                       battle.attacker_in_attack_position, battle.attacker_has_not_attacked,
                       battle.replay_follows_a_change, battle.attack_target_is_valid),
    "take_control": (cards.control_target_is_opponents_monster, cards.monster_zone_has_room,
                     placement.extra_monster_zone_free),
    "destroy": (cards.card_on_any_field,),
    "move": (cards.material_goes_under_a_monster, placement.face_up_extra_is_pendulum,
             cards.spell_trap_zone_has_room_for_move, placement.moved_monster_on_own_field,
             placement.moved_monster_zone_free),
    "discard": (cards.card_in_hand, turn.hand_limit_discard_due),
    "discard_by_effect": (cards.card_in_hand,),
    "damage": (), "gain_lp": (), "surrender": (),
}
#: Trigger name -> what its transition prepares before the guards run.
PREPARE: Final[dict[str, tuple[apply.Effect, ...]]] = {
    "activate": (act.classify, zones.forget_placement),
    **{trigger: (zones.forget_placement,) for trigger in (
        "normal_summon", "set_monster", "normal_summon_by_effect", "set_monster_by_effect",
        "special_summon", "quick_summon", "take_control", "set_spell_trap", "move")}}
_PHASE_GUARDS: Final = (turn.turn_player_acts, turn.phase_follows_order,
                        turn.no_battle_on_first_turn, turn.drew_before_leaving_draw_phase,
                        turn.phase_effects_resolved)

class TurnModel:
    """The per-duel model the shared machine acts on: the phase lives in the duel state."""

    __slots__ = ("failure", "state")

    def __init__(self, state: DuelState) -> None:
        self.state = state
        self.failure: tuple[str, str] | None = None

    @property
    def phase(self) -> str:
        """The machine's state: the duel's current phase."""
        return self.state.phase

    @phase.setter
    def phase(self, value: str) -> None:
        self.state.phase = value


class Guard:
    """A transition condition: runs one check and records the rule it reports when it fails."""

    __slots__ = ("check",)

    def __init__(self, check: Check) -> None:
        self.check = check

    def __call__(self, event: EventData) -> bool:
        model: TurnModel = event.model  # type: ignore[assignment]  # hot path: no cast() call
        message = self.check.predicate(model.state, event.args[0])  # type: ignore[index]
        if message is None:
            return True
        model.failure = (self.check.rule, message)
        return False

    def __repr__(self) -> str:
        return f"{self.check.rule}:{self.check.name}"


class Apply:
    """A transition's ``after`` callback: applies an action's effect to the duel state."""

    __slots__ = ("effect",)

    def __init__(self, effect: apply.Effect) -> None:
        self.effect = effect

    def __call__(self, event: EventData) -> None:
        self.effect(event.model.state, event.args[0])  # type: ignore[attr-defined,index]


def _guards(checks: Sequence[Check]) -> list[Any]:
    """Transition conditions (typed ``Any``: transitions' stubs want plain callables)."""
    return [Guard(c) for c in ordered((*_ALWAYS, *checks))]


def build_machine() -> Machine:
    """Build the turn machine (about a third of a millisecond: do it once).

    >>> sorted(build_machine().states)
    ['battle', 'draw', 'end', 'main1', 'main2', 'standby']
    """
    enter = Apply(apply.enter_phase)
    states = [State(p, on_enter=[enter]) if p in ("standby", "end") else State(p)
              for p in PHASES]
    machine = Machine(model=None, states=states, initial="draw", auto_transitions=False,
                      send_event=True, model_attribute="phase", ignore_invalid_triggers=False)
    phase_guards = _guards(_PHASE_GUARDS)
    for dest in PHASES[1:]:
        sources: list[Any] = [p for p in PHASES if dest in turn.NEXT_PHASES[p]]
        others: list[Any] = [p for p in PHASES if p not in sources]
        machine.add_transition(f"enter_{dest}", sources, dest, conditions=phase_guards)
        machine.add_transition(f"enter_{dest}", others, None, conditions=phase_guards)
    end_guards = _guards(GUARDS["end_turn"])
    after_end: list[Any] = [Apply(apply.end_turn)]
    machine.add_transition("end_turn", "end", "draw", conditions=end_guards, after=after_end)
    not_end: list[Any] = list(PHASES[:-1])
    machine.add_transition("end_turn", not_end, None, conditions=end_guards)
    for trigger, checks in GUARDS.items():
        if trigger == "end_turn":
            continue
        effect = apply.EFFECTS[trigger.removesuffix("_by_effect")]
        after: list[Any] = [Apply(effect)]
        prepare: list[Any] = [Apply(p) for p in PREPARE.get(trigger, ())]
        machine.add_transition(trigger, "*", None, conditions=_guards(checks), after=after,
                               prepare=prepare)
    return machine


MACHINE: Final = build_machine()
#: Trigger name -> its ``transitions`` event.
EVENTS: Final[dict[str, Any]] = dict(MACHINE.events)

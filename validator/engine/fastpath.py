"""The turn machine compiled: a fast path read off the shared ``transitions`` machine.

transitions' own dispatch (``Event.trigger``: an ``EventData``, partials, logging calls and
callback resolution for every guard) costs more than the rules it runs. The machine stays the
one definition of states, triggers, guards and callbacks. :func:`compile_machine` reads it
once, at import: for each trigger and phase, the transitions in the order transitions tries
them, each with its guards' checks in order, its destination and its callbacks.
:meth:`FastPath.fire` then runs exactly that, with the same semantics (the first transition
whose guards all pass is taken; a failed guard records its rule and the next transition is
tried). A callback the compiler does not know is refused when the module is imported, so
the machine cannot gain a feature that the fast path would silently skip.

Both ways of firing an action share one signature, ``fire(state, action)``, returning None
when the action is legal (and applied) or ``(rule id, message)`` when it is not:
:data:`FAST_PATH` and :data:`TRANSITIONS`. :class:`validator.Duel` uses the first; tests
run both and compare.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from transitions import Machine, MachineError, Transition

from validator.document.model import PHASES, Action
from validator.engine.apply import Effect, resolve_chain, resolves_chain_first
from validator.engine.machine import EVENTS, MACHINE, Apply, Guard, TurnModel
from validator.engine.state import DuelState
from validator.errors import DocumentError
from validator.rules.registry import Check, Predicate
from validator.rules.rulesets import RULESETS, Ruleset

Failure = tuple[str, str]

#: Action types with a trigger of their own when an effect makes them (``draw_by_effect``).
_BY_EFFECT: Final = {kind: f"{kind}_by_effect" for kind in (
    "draw", "change_position", "discard", "normal_summon", "set_monster")}
_PHASE_TRIGGERS: Final = {phase: f"enter_{phase}" for phase in PHASES}


def trigger_of(action: Action) -> str:
    """The machine trigger an action fires (here, compiled, since every action asks it).

    >>> trigger_of(Action("phase", "p1", to="main1"))
    'enter_main1'
    >>> trigger_of(Action("draw", "p1", by_effect=True)), trigger_of(Action("draw", "p1"))
    ('draw_by_effect', 'draw')
    """
    kind = action.type
    if kind == "phase":
        return _PHASE_TRIGGERS[action.to or ""]
    if action.by_effect:
        return _BY_EFFECT.get(kind, kind)
    return kind


class Engine(Protocol):
    """Fires an action's trigger: None when legal (and applied), else ``(rule, message)``."""

    def fire(self, state: DuelState, action: Action) -> Failure | None:
        """Judge ``action`` in ``state`` and apply it when legal."""


@dataclass(frozen=True, slots=True)
class Step:
    """One transition, compiled: what runs before its guards, the guards' checks in order,
    what runs before the phase changes, the destination (None: an internal transition),
    and what runs after."""

    prepare: tuple[Effect, ...]
    checks: tuple[Check, ...]
    before: tuple[Effect, ...]
    dest: str | None
    after: tuple[Effect, ...]
    #: The checks as ``(predicate, rule id)`` pairs, the form :meth:`FastPath.fire` runs.
    guards: tuple[tuple[Predicate, str], ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "guards", tuple((c.predicate, c.rule) for c in self.checks))


def _effects(callbacks: Iterable[Any], where: str,
             out_: frozenset[str] = frozenset()) -> tuple[Effect, ...]:
    """The effects behind transitions callbacks (but those named in ``out_``); anything else
    cannot be compiled."""
    out = []
    for callback in callbacks:
        if not isinstance(callback, Apply):
            raise TypeError(f"the fast path cannot compile the {where} callback {callback!r}: "
                            f"use validator.engine.machine.Apply")
        if getattr(callback.effect, "__name__", "") not in out_:
            out.append(callback.effect)
    return tuple(out)


def _checks(transition: Transition, out_: frozenset[str]) -> tuple[Check, ...]:
    out = []
    for condition in transition.conditions:
        if not isinstance(condition.func, Guard) or condition.target is not True:
            raise TypeError(f"the fast path cannot compile the condition {condition.func!r} "
                            f"of {transition!r}: use validator.engine.machine.Guard")
        if condition.func.check.name not in out_:
            out.append(condition.func.check)
    return tuple(out)


def compile_step(machine: Machine, transition: Transition, rules: Ruleset | None = None) -> Step:
    """Compile one transition of ``machine``; for ``rules``, without the checks and prepare
    steps that ruleset compiles out (:attr:`validator.rules.rulesets.Ruleset.compiled_out`).

    >>> step = compile_step(MACHINE, MACHINE.events["enter_standby"].transitions["draw"][0])
    >>> (step.dest, [c.rule for c in step.checks][:2], len(step.after))
    ('standby', ['duel.over', 'turn.not-turn-player'], 1)
    >>> draw = MACHINE.events["draw"].transitions["draw"][0]
    >>> len(compile_step(MACHINE, draw).checks), len(compile_step(MACHINE, draw,
    ...                                                           RULESETS["classic"]).checks)
    (4, 3)
    """
    out_ = rules.compiled_out if rules is not None else frozenset()
    before = [*machine.before_state_change, *transition.before]
    after = [*transition.after, *machine.after_state_change]
    dest = transition.dest
    if dest is not None:
        target = machine.get_state(dest)
        before += machine.get_state(transition.source).on_exit
        after = [*target.on_enter, *(machine.on_final if target.final else ()), *after]
    return Step(_effects(transition.prepare, "prepare", out_), _checks(transition, out_),
                _effects(before, "before"), dest, _effects(after, "after"))


Plan = dict[str, dict[str, tuple[Step, ...]]]


def compile_machine(machine: Machine, rules: Ruleset | None = None) -> Plan:
    """trigger -> phase -> the compiled transitions transitions would try, in order (for
    ``rules``: see :func:`compile_step`).

    >>> plan = compile_machine(MACHINE)
    >>> [step.dest for step in plan["end_turn"]["end"]], plan["draw"]["main1"][0].dest
    (['draw'], None)
    """
    for hook in ("prepare_event", "finalize_event", "on_exception"):
        if getattr(machine, hook):
            raise TypeError(f"the fast path cannot compile the machine's {hook} callbacks")
    return {name: {source: tuple(compile_step(machine, t, rules) for t in transitions)
                   for source, transitions in event.transitions.items()}
            for name, event in machine.events.items()}


class Plans(dict[Ruleset, Plan]):
    """Ruleset -> its plan; a ruleset made outside :data:`validator.rules.rulesets.RULESETS` gets
    its plan compiled on first use.

    >>> plans = Plans(MACHINE)
    >>> plans[RULESETS["advanced"]]["pendulum_summon"]["main1"][0].dest is None
    True
    """

    def __init__(self, machine: Machine) -> None:
        super().__init__()
        self.machine = machine

    def __missing__(self, rules: Ruleset) -> Plan:
        plan = self[rules] = compile_machine(self.machine, rules)
        return plan


class FastPath:
    """The machine's transitions as plain data and loops (see the module's docstring), one
    plan per ruleset."""

    __slots__ = ("machine", "plan", "plans")

    def __init__(self, machine: Machine) -> None:
        self.machine = machine
        #: The whole machine, and each ruleset's plan (the one a duel of it runs).
        self.plan = compile_machine(machine)
        self.plans = Plans(machine)
        for rules in RULESETS.values():
            self.plans[rules] = compile_machine(machine, rules)

    def fire(self, state: DuelState, action: Action) -> Failure | None:
        """Judge ``action`` in ``state`` and apply it when legal, as the machine would.

        >>> from validator.engine.state import Side
        >>> s = DuelState({}, 1, "p1", {p: Side(8000, [], 40) for p in ("p1", "p2")})
        >>> FAST_PATH.fire(s, Action("phase", "p1", to="main1"))[0]
        'turn.phase-order'
        >>> FAST_PATH.fire(s, Action("draw", "p1")), s.phase, s.sides["p1"].hand_size
        (None, 'draw', 1)
        """
        step, failure = self._passing(state, action)
        if step is None:
            return failure
        if step.before:
            for effect in step.before:
                effect(state, action)
        if step.dest is not None:
            state.phase = step.dest
        for effect in step.after:
            effect(state, action)
        return None

    def why_not(self, state: DuelState, action: Action) -> Failure | None:
        """The first rule ``action`` would break in ``state`` (as :meth:`fire` would judge
        it), or None when it is legal; the guards run (and what the machine prepares before
        them), the action is not applied. What the legal-actions view asks.

        >>> from validator.engine.state import Side
        >>> s = DuelState({}, 1, "p1", {p: Side(8000, [], 40) for p in ("p1", "p2")})
        >>> why = FAST_PATH.why_not
        >>> why(s, Action("draw", "p2"))[0], why(s, Action("draw", "p1"))
        ('turn.not-turn-player', None)
        >>> s.sides["p1"].hand_size
        0
        """
        return self._passing(state, action)[1]

    def _passing(self, state: DuelState,
                 action: Action) -> tuple[Step | None, Failure | None]:
        """The first of the trigger's steps whose guards all pass (what the machine prepares
        before them run first), or None and the last failure: what :meth:`fire` applies and
        :meth:`why_not` reports."""
        trigger = trigger_of(action)
        steps = self.plans[state.rules][trigger].get(state.phase)
        if steps is None:
            raise MachineError(f"Can't trigger event {trigger} from state {state.phase}!")
        failure: Failure | None = None
        for step in steps:
            if step.prepare:
                for effect in step.prepare:
                    effect(state, action)
            for predicate, rule in step.guards:
                message = predicate(state, action)
                if message is not None:
                    failure = (rule, message)
                    break
            else:
                return step, None
        if failure is None:
            raise MachineError(f"no transition of {trigger} from {state.phase}")
        return None, failure


class TransitionsTrigger:
    """transitions' own dispatch: the trigger's ``Event.trigger`` on a :class:`TurnModel`."""

    __slots__ = ()

    def fire(self, state: DuelState, action: Action) -> Failure | None:
        """Judge ``action`` in ``state`` through the machine and apply it when legal.

        >>> from validator.engine.state import Side
        >>> s = DuelState({}, 1, "p1", {p: Side(8000, [], 40) for p in ("p1", "p2")})
        >>> TRANSITIONS.fire(s, Action("phase", "p2", to="standby"))[0]
        'turn.not-turn-player'
        """
        model = TurnModel(state)
        if EVENTS[trigger_of(action)].trigger(model, action):
            return None
        assert model.failure is not None, f"no guard reported why {action} failed"
        return model.failure


def judge_actions(engine: Engine, state: DuelState, actions: Iterable[Action],
                  done: list[Action]) -> tuple[Action, Failure] | None:
    """Judge ``actions`` in order in ``state``, as :meth:`validator.Duel.check` judges one:
    an open chain resolves first unless the action responds to it (§2); each legal action is
    applied and appended to ``done``. The first illegal action and why, or None when all are
    legal. (The loop of :meth:`validator.Duel.judge`, here so that it runs compiled.) A
    :class:`~validator.errors.DocumentError` an action raises names it by its place in
    ``done``.

    >>> from validator.engine.state import Side
    >>> s = DuelState({}, 1, "p1", {p: Side(8000, [], 40) for p in ("p1", "p2")})
    >>> done: list[Action] = []
    >>> judge_actions(FAST_PATH, s, [Action("draw", "p1"), Action("draw", "p1")], done)[1][0]
    'draw.once'
    >>> len(done), s.index
    (1, 1)
    """
    for action in actions:
        if state.chain and resolves_chain_first(state, action):
            resolve_chain(state)
        try:
            failure = engine.fire(state, action)
        except DocumentError as exc:  # a field of this action contradicts the duel
            raise DocumentError({"actions": {str(len(done)): exc.errors}}) from None
        if failure is not None:
            return action, failure
        state.index += 1
        done.append(action)
    return None


FAST_PATH: Final = FastPath(MACHINE)
TRANSITIONS: Final = TransitionsTrigger()
Fire = Callable[[DuelState, Action], "Failure | None"]

"""Who may act and when: ``duel.*``, ``turn.*``, ``phase.*``, ``draw.*`` and ``hand.*``."""

from __future__ import annotations

from typing import Final

from validator.document.model import MAIN_PHASES, Action
from validator.engine.state import DuelState
from validator.rules.registry import REGISTRY

PHASE_NAMES: Final = {"draw": "Draw Phase", "standby": "Standby Phase", "main1": "Main Phase 1",
                      "battle": "Battle Phase", "main2": "Main Phase 2", "end": "End Phase"}

#: The phase changes the turn order allows (Battle Phase and Main Phase 2 may be skipped).
NEXT_PHASES: Final = {"draw": ("standby",), "standby": ("main1",), "main1": ("battle", "end"),
                      "battle": ("main2", "end"), "main2": ("end",), "end": ()}

HAND_LIMIT: Final = 6

#: What each action is called in a message about who may take it.
VERBS: Final = {"phase": "change the phase", "end_turn": "end the turn",
                "draw": "make the normal draw", "normal_summon": "Normal Summon",
                "set_monster": "Set a monster", "flip_summon": "Flip Summon",
                "change_position": "change a monster's battle position",
                "set_spell_trap": "Set a Spell or Trap", "declare_attack": "declare an attack",
                "phase_effect": "resolve a phase effect", "pendulum_summon": "Pendulum Summon"}


def phase_name(phase: str) -> str:
    """A phase as players say it.

    >>> phase_name("main2")
    'Main Phase 2'
    """
    return PHASE_NAMES[phase]


@REGISTRY.rule("duel.over")
def duel_not_over(s: DuelState, a: Action) -> str | None:
    """Nothing may happen once the duel has a winner."""
    if s.outcome is None:
        return None
    reason = {"deck_out": "deck-out", "life_points": "Life Points",
              "surrender": "surrender"}[s.outcome.reason]
    return f"The duel is already over: {s.outcome.winner} won by {reason}."


@REGISTRY.rule("turn.not-turn-player")
def turn_player_acts(s: DuelState, a: Action) -> str | None:
    """Only the turn player takes the turn's own actions."""
    if a.player == s.turn_player:
        return None
    return f"{a.player} cannot {VERBS[a.type]} during {s.turn_player}'s turn."


@REGISTRY.rule("turn.phase-order")
def phase_follows_order(s: DuelState, a: Action) -> str | None:
    """Phases go Draw, Standby, Main 1, (Battle, Main 2,) End."""
    assert a.to is not None
    if a.to in NEXT_PHASES[s.phase]:
        return None
    allowed = " or ".join(phase_name(p) for p in NEXT_PHASES[s.phase]) or "no other phase"
    return (f"The turn cannot go from the {phase_name(s.phase)} to the {phase_name(a.to)}; "
            f"next comes {allowed}.")


@REGISTRY.rule("turn.phase-order")
def turn_ends_in_end_phase(s: DuelState, a: Action) -> str | None:
    """The turn ends only from its End Phase."""
    if s.phase == "end":
        return None
    return f"{a.player} cannot end the turn in the {phase_name(s.phase)}; " \
           f"enter the End Phase first."


@REGISTRY.rule("turn.first-turn-battle")
def no_battle_on_first_turn(s: DuelState, a: Action) -> str | None:
    """The player who starts the duel has no Battle Phase in turn 1."""
    if a.to == "battle" and s.turn == 1:
        return f"{a.player} cannot enter the Battle Phase in the first turn of the duel."
    return None


@REGISTRY.rule("phase.restricted-action")
def in_main_phase(s: DuelState, a: Action) -> str | None:
    """Summons, Sets and position changes happen in the turn player's Main Phases."""
    if s.phase in MAIN_PHASES:
        return None
    return (f"{a.player} can {VERBS[a.type]} only in Main Phase 1 or 2, "
            f"not in the {phase_name(s.phase)}.")


@REGISTRY.rule("phase.restricted-action")
def in_battle_phase(s: DuelState, a: Action) -> str | None:
    """Attacks are declared in the Battle Phase."""
    if s.phase == "battle":
        return None
    return f"{a.player} can declare an attack only in the Battle Phase, not in the " \
           f"{phase_name(s.phase)}."


@REGISTRY.rule("phase.restricted-action")
def phase_effect_due(s: DuelState, a: Action) -> str | None:
    """A Standby or End Phase effect resolves in its phase, once."""
    assert a.card is not None
    card = s.cards[a.card]
    if card.phase_effect is None:
        return None
    if card.phase_effect != s.phase:
        return f"{card.label} has a {phase_name(card.phase_effect)} effect: it cannot be " \
               f"resolved in the {phase_name(s.phase)}."
    done = s.this_turn.phase_effects_done.get(a.card)
    if done is not None:
        return f"The {phase_name(s.phase)} effect of {card.label} was already resolved " \
               f"this phase (action {done + 1})."
    return None


def _unresolved(s: DuelState) -> list[str]:
    due = s.this_turn.phase_effects_due
    return [c for c in due if s.face_up_on_field(s.turn_player, c)]


@REGISTRY.rule("phase.unresolved-effect")
def phase_effects_resolved(s: DuelState, a: Action) -> str | None:
    """Mandatory Standby and End Phase effects resolve before the phase is left."""
    if s.phase not in ("standby", "end"):
        return None
    left = _unresolved(s)
    if not left:
        return None
    names = ", ".join(s.cards[c].label for c in left)
    return f"{s.turn_player} must resolve the {phase_name(s.phase)} effect of {names} " \
           f"before leaving the {phase_name(s.phase)}."


@REGISTRY.rule("draw.once")
def normal_draw_once(s: DuelState, a: Action) -> str | None:
    """One normal draw, in the Draw Phase."""
    if s.phase != "draw":
        return f"The normal draw happens in the Draw Phase, not in the {phase_name(s.phase)} " \
               f"(a draw by a card effect needs by_effect: true)."
    if s.this_turn.drew is not None:
        return f"{a.player} already made the normal draw this turn (action {s.this_turn.drew + 1})."
    return None


@REGISTRY.rule("draw.required")
def drew_before_leaving_draw_phase(s: DuelState, a: Action) -> str | None:
    """The turn player draws before leaving the Draw Phase, unless an effect skips it (or,
    under ``advanced``, it is the first turn of the duel, which has no normal draw)."""
    if s.phase == "draw" and s.this_turn.drew is None and not a.by_effect and \
            (s.rules.first_turn_draw or s.turn != 1):
        return (f"{s.turn_player} must draw a card before leaving the Draw Phase (a Draw "
                f"Phase skipped by a card effect needs by_effect: true).")
    return None


@REGISTRY.rule("draw.first-turn")
def no_normal_draw_in_first_turn(s: DuelState, a: Action) -> str | None:
    """Under ``advanced`` the player who goes first skips the normal draw of turn 1 (§6)."""
    if s.rules.first_turn_draw or s.turn != 1:
        return None
    return f"{a.player} goes first: the first player does not draw in the first turn of the " \
           f"duel (a draw by a card effect needs by_effect: true)."


@REGISTRY.rule("hand.limit")
def hand_within_limit(s: DuelState, a: Action) -> str | None:
    """At most 6 cards in hand when the turn ends."""
    size = s.sides[s.turn_player].hand_size
    if size <= HAND_LIMIT:
        return None
    return (f"{s.turn_player} has {size} cards in hand and must discard down to "
            f"{HAND_LIMIT} before ending the turn.")


@REGISTRY.rule("hand.discard-not-required")
def hand_limit_discard_due(s: DuelState, a: Action) -> str | None:
    """The hand-limit discard is for the turn player's End Phase with more than 6 cards."""
    if a.by_effect:
        return None
    if a.player != s.turn_player or s.phase != "end":
        return ("A hand-limit discard happens only in the turn player's End Phase "
                "(a discard by a card effect needs by_effect: true).")
    size = s.sides[a.player].hand_size
    if size <= HAND_LIMIT:
        return f"{a.player} holds {size} cards, within the hand limit of {HAND_LIMIT}: " \
               f"no discard is required."
    return None

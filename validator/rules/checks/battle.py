"""Attacks: ``battle.*``."""

from __future__ import annotations

from validator.document.model import Action, other
from validator.engine.state import DuelState
from validator.rules.registry import REGISTRY


@REGISTRY.rule("battle.not-attack-position")
def attacker_in_attack_position(s: DuelState, a: Action) -> str | None:
    """Only a monster in face-up Attack Position attacks; one whose own text lets it attack
    in face-up Defense Position (``defense_attack``, an extension: Scareclaw Kashtira) also
    attacks from there."""
    assert a.card is not None
    mon = s.monster(a.card)
    if mon is None or mon.position == "attack":
        return None
    if mon.position == "defense" and s.cards[a.card].defense_attack:
        return None
    return f"{s.cards[a.card].label} is not in face-up Attack Position: it cannot attack."


@REGISTRY.rule("battle.already-attacked")
def attacker_has_not_attacked(s: DuelState, a: Action) -> str | None:
    """Each monster attacks once per Battle Phase; a replay is the same attack, and an attack
    a card effect allows (``by_effect``) is exempt."""
    assert a.card is not None
    when = s.this_turn.attacked.get(a.card)
    if when is None or a.replay or a.by_effect:
        return None
    return (f"{s.cards[a.card].label} already attacked this turn (action {when + 1}); a replay "
            f"needs replay: true, and a further attack an effect allows needs by_effect: true.")


@REGISTRY.rule("battle.invalid-replay")
def replay_follows_a_change(s: DuelState, a: Action) -> str | None:
    """A replay repeats this monster's declaration after the opponent's monsters changed: a
    monster left their Monster Zones or one came, since its last declaration (a card that
    left and came back is a new card, and a token that came and went was a change)."""
    if not a.replay:
        return None
    label = s.cards[a.card or ""].label
    last = s.this_turn.declared.get(a.card or "")
    if last is None:
        return f"{label} has not declared an attack this Battle Phase: there is nothing to replay."
    foes = frozenset(m.card for m in s.sides[other(a.player)].monsters)
    if foes == last[1] and a.card not in s.this_turn.foes_changed:
        return (f"The monsters {other(a.player)} controls have not changed since {label} "
                f"declared its attack (action {last[0] + 1}): no replay.")
    return None


@REGISTRY.rule("battle.invalid-target")
def attack_target_is_valid(s: DuelState, a: Action) -> str | None:
    """The target is a monster the opponent controls; a direct attack needs an empty field,
    but for a monster whose own text lets it attack directly (``attacks_directly``, an
    extension: docs/format.md; Wattcobra)."""
    foe = other(a.player)
    if a.target is None:
        if not s.sides[foe].monsters or s.cards[a.card or ""].attacks_directly:
            return None
        return f"{a.player} cannot attack directly while {foe} controls a monster."
    if s.controls(foe, a.target) and s.monster(a.target) is not None:
        return None
    return f"{s.cards[a.target].label} is not a monster {foe} controls: it cannot be attacked."

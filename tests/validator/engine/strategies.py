"""What the property tests of the engine, positions and legal actions draw from: any
well-formed action (legal or not), and the cards a state shows."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from validator.document.model import MOVE_DESTINATIONS, PHASES, POSITIONS
from validator.engine.zones import MONSTER_ZONES


def placed_cards(state: dict[str, Any]) -> list[str]:
    """Every card id the state shows, once per place it stands."""
    out: list[str] = []
    for side in state["players"].values():
        out += [c for c in side["hand"] if c is not None]
        out += [m["card"] for m in side["monsters"]]
        out += [c for m in side["monsters"] for c in m.get("materials", ())]
        out += [s["card"] for s in side["spell_traps"]]
        out += [side["field_spell"]["card"]] if side["field_spell"] else []
        out += side["graveyard"] + side["banished"] + side["extra"]
    return out


@st.composite
def random_action(draw: st.DrawFn, cards: list[str]) -> dict[str, Any]:
    """Any well-formed action, legal or not (named draws aside: they may be malformed)."""
    player = draw(st.sampled_from(["p1", "p2"]))
    card = draw(st.sampled_from(cards))
    target = draw(st.one_of(st.none(), st.sampled_from(cards)))
    kind = draw(st.sampled_from([
        "draw", "phase", "end_turn", "normal_summon", "set_monster", "flip_summon",
        "change_position", "special_summon", "quick_summon", "set_spell_trap", "activate",
        "resolve", "phase_effect", "declare_attack", "take_control", "destroy", "move",
        "discard", "damage", "gain_lp", "surrender"]))
    extra: dict[str, Any] = {
        "draw": {"by_effect": draw(st.booleans())},
        "phase": {"to": draw(st.sampled_from(PHASES[1:])), "by_effect": draw(st.booleans())},
        "normal_summon": {"card": card, "tributes": draw(st.lists(st.sampled_from(cards),
                                                                  max_size=2))},
        "set_monster": {"card": card},
        "change_position": {"card": card, "to": draw(st.sampled_from(POSITIONS)),
                            "by_effect": draw(st.booleans())},
        "special_summon": {"card": card, "position": draw(st.sampled_from(POSITIONS))},
        "activate": {"card": card, "respond": draw(st.booleans()), "target": target},
        "declare_attack": {"card": card, "target": target, "replay": draw(st.booleans()),
                           "by_effect": draw(st.booleans())},
        "move": {"card": card, "to": (to := draw(st.sampled_from(MOVE_DESTINATIONS))),
                 "target": draw(st.sampled_from(cards)) if to == "material" else target,
                 **({"zone": draw(st.sampled_from(MONSTER_ZONES))}
                    if to == "monster_zone" else {})},
        "discard": {"card": card, "by_effect": draw(st.booleans())},
        "damage": {"amount": draw(st.integers(1, 9000))},
        "gain_lp": {"amount": draw(st.integers(1, 9000))},
    }.get(kind, {} if kind in ("end_turn", "resolve", "surrender") else {"card": card})
    return {"type": kind, "player": player, **extra}

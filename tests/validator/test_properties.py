"""Properties over many duels (hypothesis): prefixes, board invariants, verdict consistency."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from validator import DocumentError, validate
from validator.model import MOVE_DESTINATIONS, PHASES, POSITIONS
from validator.synth import legal_duel
from validator.zones import MONSTER_ZONES

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

duels = st.builds(legal_duel, st.integers(1, 8), st.integers(0, 10_000))


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


@SETTINGS
@given(duels, st.data())
def test_every_prefix_of_a_legal_duel_is_legal(doc: dict[str, Any], data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(doc["actions"])))
    prefix = {**doc, "actions": doc["actions"][:cut]}
    verdict = validate(prefix)
    assert verdict.legal and verdict.actions_checked == cut


@SETTINGS
@given(duels, st.data())
def test_verdicts_of_perturbed_duels_are_consistent(doc: dict[str, Any],
                                                    data: st.DataObject) -> None:
    actions = list(doc["actions"])
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.integers(0, len(actions)))
        if actions and data.draw(st.booleans()):
            del actions[min(where, len(actions) - 1)]
        else:
            actions.insert(where, data.draw(random_action(sorted(doc["cards"]))))
    doc = {**doc, "actions": actions}
    try:
        verdict = validate(doc).to_dict()
    except DocumentError as exc:  # a named draw of a card an inserted action already moved
        ((index, fields),) = exc.errors["actions"].items()
        assert actions[int(index)]["type"] == "draw" and "cannot draw" in fields["card"][0]
        return
    json.dumps(verdict)
    counts = Counter(placed_cards(verdict["state"]))
    assert all(n == 1 for n in counts.values()), counts.most_common(3)
    if verdict["legal"]:
        assert verdict["actions_checked"] == len(actions) and verdict["violation"] is None
        return
    v = verdict["violation"]
    assert verdict["actions_checked"] == v["index"] + 1
    assert v["action"] == actions[v["index"]]
    assert validate({**doc, "actions": actions[:v["index"]]}).legal
    again = validate({**doc, "actions": actions[:v["index"] + 1]}).to_dict()
    assert again["violation"] == v and again["state"] == verdict["state"]


@SETTINGS
@given(duels)
def test_a_duel_judged_twice_gives_the_same_verdict(doc: dict[str, Any]) -> None:
    assert validate(doc).to_dict() == validate(json.dumps(doc)).to_dict()

"""``advanced`` against ``classic`` on comparable duels, by length (issue 16).

Both rulesets judge the same synthetic duel (:func:`validator.synth.legal_duel`: under
``advanced`` turn 1's draw is made by an effect, as the first player has no normal draw), once
as written (the judge picks every zone) and once with every zone named, as an imported log
names them. Each figure is a median of interleaved rounds (:func:`bench.timing.interleaved`),
in CPU time of this process (``time.process_time``: a shared machine's waits count for neither
side), with three times the rounds of the other sections, as the ratio sought is close to 1;
the ratio is advanced's time over classic's on the same duel.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from bench.report import Result
from bench.timing import interleaved
from validator import Duel, load_document, validate
from validator.synth import legal_duel

NAME = "rulesets"
DESCRIPTION = "advanced against classic on the same duels, per action"
TARGET_RATIO = 1.10
#: Actions that put a card on the field, and may name its zone.
_PLACING = frozenset({"normal_summon", "set_monster", "special_summon", "set_spell_trap",
                      "activate", "take_control", "move"})


def with_zones(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with each placing action naming the zone the judge put its card in.

    >>> doc = with_zones(legal_duel(2))
    >>> [a["zone"] for a in doc["actions"] if "zone" in a][:2]
    ['M1', 'S1']
    """
    duel = Duel(load_document(doc))
    out = []
    for action in doc["actions"]:
        duel.push(action)
        card = action.get("card")
        if action["type"] in _PLACING and card is not None and \
                (action["type"] != "move" or action["to"] == "spell_trap"):
            mon, st = duel.state.monster(card), duel.state.spell_trap(card)
            zone = mon.zone if mon is not None else st.zone if st is not None else None
            if zone is not None:
                action = {**action, "zone": zone}
        out.append(action)
    return {**doc, "actions": out}


def run(options: argparse.Namespace) -> Result:
    """Measure each length, as written and with zones; check advanced within 10% of classic."""
    result = Result(f"Rulesets: advanced against classic on the same duels, medians of "
                    f"{3 * options.rounds} interleaved rounds (CPU time)",
                    ["turns", "zones", "actions", "classic us/action", "advanced us/action",
                     "validate ratio", "parse+validate ratio"])
    for turns in options.turns:
        for zoned in (False, True):
            docs = {rules: legal_duel(turns, seed=turns, ruleset=rules)
                    for rules in ("classic", "advanced")}
            if zoned:
                docs = {rules: with_zones(doc) for rules, doc in docs.items()}
            texts = {rules: json.dumps(doc) for rules, doc in docs.items()}
            loaded = {rules: load_document(text) for rules, text in texts.items()}
            for rules, doc in loaded.items():
                if not validate(doc).legal:
                    raise AssertionError(f"the synthetic duel must be legal under {rules}")
            n = len(docs["classic"]["actions"])
            m = interleaved({
                **{f"validate {r}": (lambda d=d: validate(d)) for r, d in loaded.items()},
                **{f"parse {r}": (lambda t=t: validate(t)) for r, t in texts.items()}},
                rounds=3 * options.rounds, clock=time.process_time)
            ratio = m["validate advanced"] / m["validate classic"]
            parse_ratio = m["parse advanced"] / m["parse classic"]
            result.rows.append([str(turns), "named" if zoned else "judge's", str(n),
                                f"{m['validate classic'] / n * 1e6:.2f}",
                                f"{m['validate advanced'] / n * 1e6:.2f}", f"{ratio:.2f}x",
                                f"{parse_ratio:.2f}x"])
            result.target(f"{turns} turns, zones {'named' if zoned else 'left to the judge'}: "
                          f"advanced within {TARGET_RATIO:.2f}x of classic per action",
                          ratio <= TARGET_RATIO and parse_ratio <= TARGET_RATIO)
    return result

"""Parse and validate, and validate alone, against the floor, by duel length.

The floor is what any judge of the document's text must do at least: ``json.loads`` of the
text and one pass reading each action's ``type`` and ``player``. Every figure is a median
ratio to the floor measured in the same rounds (:func:`bench.timing.interleaved`).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from bench.report import Result, ratio
from bench.timing import interleaved
from validator import load_document, validate
from validator.synth import legal_duel

NAME = "speed"
DESCRIPTION = "parse+validate and validate alone, as ratios to the floor, by length"
TARGET_PARSE_VALIDATE, TARGET_VALIDATE, TARGET_GROWTH = 15.0, 8.0, 1.15


def floor_of(text: str) -> Any:
    """The floor: parse the text and read each action's type and player once."""
    def floor() -> None:
        for action in json.loads(text)["actions"]:
            action["type"], action["player"]
    return floor


def run(options: argparse.Namespace) -> Result:
    """Measure each length; check the targets (issue 10) on each."""
    result = Result(f"Speed: medians of {options.rounds} interleaved rounds, ratios to the "
                    f"floor (json.loads + reading each action's type and player)",
                    ["turns", "actions", "floor us/action", "parse+validate", "validate",
                     "parse+validate us/action"])
    per_action: list[tuple[int, float]] = []
    for turns in options.turns:
        doc = legal_duel(turns, seed=turns)
        text = json.dumps(doc)
        loaded = load_document(text)
        assert validate(loaded).legal, "the synthetic duel must be legal"
        n = len(doc["actions"])
        m = interleaved({"floor": floor_of(text), "parse+validate": lambda t=text: validate(t),
                         "validate": lambda d=loaded: validate(d)}, rounds=options.rounds)
        pv, v = m["parse+validate"] / m["floor"], m["validate"] / m["floor"]
        result.rows.append([str(turns), str(n), f"{m['floor'] / n * 1e6:.2f}", ratio(pv),
                            ratio(v), f"{m['parse+validate'] / n * 1e6:.2f}"])
        result.target(f"{turns} turns: parse+validate <= {TARGET_PARSE_VALIDATE:.0f}x, "
                      f"validate <= {TARGET_VALIDATE:.0f}x",
                      pv <= TARGET_PARSE_VALIDATE and v <= TARGET_VALIDATE)
        per_action.append((turns, pv))
    if len(per_action) > 1:
        (short, first), (long, last) = per_action[0], per_action[-1]
        result.target(f"linear: the ratio at {long} turns within {TARGET_GROWTH:.2f}x of the "
                      f"ratio at {short} turns ({last / first:.2f}x)",
                      last / first <= TARGET_GROWTH)
    return result

"""A live duel followed one action at a time through ``position``, against checking it once.

An app that follows a live duel sends, after each action, the last verdict's state as the
document's ``position``, the cards revealed so far, and the one new action. Each step's
document text is prepared beforehand (as the app would have it), so the timing is the
service's part: reading the text and judging it, for every step, against reading and judging
the whole duel's text once.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from bench.report import Result, ratio
from bench.timing import interleaved
from validator import validate
from validator.synth import legal_duel

NAME = "live"
DESCRIPTION = "a live duel checked one action at a time through position, against once"
TARGET = 2.0


def _mentioned(obj: Any, cards: dict[str, Any], out: dict[str, Any]) -> None:
    if isinstance(obj, dict):
        for value in obj.values():
            _mentioned(value, cards, out)
    elif isinstance(obj, list):
        for value in obj:
            _mentioned(value, cards, out)
    elif isinstance(obj, str) and obj in cards:
        out[obj] = cards[obj]


def steps(doc: dict[str, Any]) -> list[str]:
    """Each step's document text: the cards revealed so far, the position, one action."""
    state = validate({**doc, "actions": []}).state
    revealed: dict[str, Any] = {}
    out = []
    for action in doc["actions"]:
        _mentioned(action, doc["cards"], revealed)
        step = {"cards": dict(revealed), "position": state, "actions": [action]}
        out.append(json.dumps(step))
        verdict = validate(step)
        assert verdict.legal, verdict.violation
        state = json.loads(json.dumps(verdict.state))
    return out


def run(options: argparse.Namespace) -> Result:
    """Time the steps and the whole; check the target (issue 10)."""
    doc = legal_duel(40, seed=7)
    doc["actions"] = doc["actions"][:options.live_actions]
    doc["cards"] = {cid: card for cid, card in doc["cards"].items()
                    if any(cid in json.dumps(a) for a in doc["actions"])}
    whole = json.dumps(doc)
    texts = steps(doc)
    n = len(texts)

    def live() -> None:
        for text in texts:
            validate(text)

    def live_floor() -> None:
        for text in texts:
            json.loads(text)

    prefixes = [json.dumps({**doc, "actions": doc["actions"][:i]}) for i in range(1, n + 1)]

    def resend() -> None:
        for text in prefixes:
            validate(text)

    m = interleaved({"once": lambda: validate(whole), "live": live,
                     "live, json.loads alone": live_floor,
                     "resending the whole duel each time": resend},
                    rounds=options.rounds, sample_seconds=0.2)
    result = Result(f"Live duel: {n} actions, medians of {options.rounds} interleaved rounds",
                    ["how", "ms in all", "us per action", "ratio to once"])
    for name in ("once", "live", "live, json.loads alone",
                 "resending the whole duel each time"):
        result.rows.append([name, f"{m[name] * 1e3:.2f}", f"{m[name] / n * 1e6:.1f}",
                            ratio(m[name] / m["once"])])
    size = sum(map(len, texts)) / n
    result.notes.append(f"each step sends {size / 1024:.1f} KiB on average (the whole duel: "
                        f"{len(whole) / 1024:.1f} KiB); json.loads of the steps alone is the "
                        f"live floor")
    result.target(f"live within {TARGET:.0f}x of once", m["live"] / m["once"] <= TARGET)
    return result

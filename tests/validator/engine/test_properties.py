"""Properties over many duels (hypothesis): prefixes, board invariants, verdict consistency."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.validator.engine.strategies import placed_cards, random_action
from validator import DocumentError, validate
from validator.synth import legal_duel

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

duels = st.builds(legal_duel, st.integers(1, 8), st.integers(0, 10_000))


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

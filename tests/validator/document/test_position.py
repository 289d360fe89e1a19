"""Positions (contract §1, §3): a verdict's state sent back as a document's ``position``; judging in
two parts equals judging at once (validator/document/position.py, validator/engine/duel.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import CARDS, act, corpus, document, load_cases, mon, needs_corpus, opening
from tests.validator.engine.strategies import random_action
from validator import DocumentError, Duel, Verdict, legal_actions, load_document, validate
from validator.document.position_schema import StateSchema
from validator.engine.randomplay import random_play
from validator.synth import legal_duel

CASES = load_cases()


def judged(doc: dict[str, Any]) -> Verdict | DocumentError:
    try:
        return validate(doc)
    except DocumentError as exc:
        return exc


def continued(doc: dict[str, Any], state: dict[str, Any],
              actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The document that goes on from ``state`` with ``actions`` (the state sent as JSON)."""
    out = {"cards": doc["cards"], "position": json.loads(json.dumps(state)),
           "actions": actions}
    if "ruleset" in doc:
        out["ruleset"] = doc["ruleset"]
    return out


def assert_split_equals_whole(doc: dict[str, Any], cut: int) -> None:
    """Judging ``doc``'s actions at once and in two parts, cut before action ``cut``."""
    actions = doc.get("actions", [])
    whole = judged(doc)
    first = judged({**doc, "actions": actions[:cut]})
    if isinstance(first, DocumentError) or not first.legal:
        return  # the first part decides on its own: nothing is sent back
    second = judged(continued(doc, first.state, actions[cut:]))
    if isinstance(whole, DocumentError):
        assert isinstance(second, DocumentError), second
        ((index, errors),) = whole.errors["actions"].items()
        assert second.errors == {"actions": {str(int(index) - cut): errors}}
        return
    assert isinstance(second, Verdict), second.errors
    a, b = whole.to_dict(), second.to_dict()
    assert b["legal"] == a["legal"]
    assert b["outcome"] == a["outcome"]
    assert b["actions_checked"] + cut == a["actions_checked"]
    if a["violation"] is not None:
        assert b["violation"] == {**a["violation"], "index": a["violation"]["index"] - cut}
    assert b["state"] == a["state"]


@pytest.mark.parametrize(("stem", "case"), CASES, ids=[f"{s}: {c['name']}" for s, c in CASES])
def test_every_golden_state_is_a_position(stem: str, case: dict[str, Any]) -> None:
    doc = case["document"]
    state = validate(doc).state
    assert StateSchema().validate(state) == {}
    again = validate(continued(doc, state, []))
    assert again.state == state and again.legal and again.actions_checked == 0
    for cut in range(len(doc["actions"]) + 1):
        assert_split_equals_whole(doc, cut)


@pytest.mark.parametrize(("stem", "case"), [(s, c) for s, c in CASES if c["expect"]["legal"]],
                         ids=[f"{s}: {c['name']}" for s, c in CASES if c["expect"]["legal"]])
def test_legal_actions_from_a_position_are_those_of_the_whole(stem: str,
                                                             case: dict[str, Any]) -> None:
    doc = case["document"]
    assert legal_actions(continued(doc, validate(doc).state, [])) == legal_actions(doc)


@needs_corpus()
def test_corpus_games_split_anywhere() -> None:
    for _, doc in corpus():
        for cut in range(0, len(doc["actions"]) + 1, 7):
            assert_split_equals_whole(doc, cut)


STARTS = [case["document"] for _, case in CASES if case["expect"]["legal"]]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.sampled_from(STARTS), st.builds(legal_duel, st.integers(1, 4),
                                                    st.integers(0, 99))),
       st.integers(0, 10**6), st.integers(0, 12), st.data())
def test_judging_in_two_parts_equals_judging_at_once(start: dict[str, Any], seed: int,
                                                     steps: int, data: st.DataObject) -> None:
    doc = random_play(start, random.Random(seed), steps)
    actions = list(doc["actions"])
    if doc["cards"]:
        for _ in range(data.draw(st.integers(0, 3))):
            where = data.draw(st.integers(0, len(actions)))
            actions.insert(where, data.draw(random_action(sorted(doc["cards"]))))
    doc = {**doc, "actions": actions}
    assert_split_equals_whole(doc, data.draw(st.integers(0, len(actions))))


def test_a_live_duel_checked_one_action_at_a_time() -> None:
    doc = legal_duel(12, seed=3)
    state = validate({**doc, "actions": []}).state
    for i, action in enumerate(doc["actions"]):
        verdict = validate(continued(doc, state, [action]))
        assert verdict.legal, (i, verdict.violation)
        state = verdict.state
    assert state == validate(doc).state
    assert state["actions_judged"] == len(doc["actions"])


def test_messages_cite_actions_counted_over_the_whole_duel() -> None:
    doc = document([*opening(), act("normal_summon", card="gemini"),
                    act("set_monster", card="vorse")], {"hand": ["gemini", "vorse"]})
    whole = validate(doc).violation
    part = validate(continued(doc, validate({**doc, "actions": doc["actions"][:4]}).state,
                              doc["actions"][4:])).violation
    assert whole is not None and part is not None
    assert (whole.index, part.index) == (4, 0)
    assert whole.message == part.message == \
        "p1 already Normal Summoned or Set a monster this turn (action 4)."


def test_a_chain_left_open_goes_on_in_the_next_part() -> None:
    doc = document([*opening(), act("activate", card="pot"),
                    act("activate", "p2", card="mirror", respond=True)],
                   {"hand": ["pot"]}, {"spell_traps": [{"card": "mirror", "face_up": False}]})
    state = validate({**doc, "actions": doc["actions"][:4]}).state
    assert state["chain_links"] == [{"card": "pot", "player": "p1", "speed": 1,
                                     "card_activation": True, "target": None}]
    assert validate(continued(doc, state, doc["actions"][4:])).legal


def test_owners_and_waiting_cards_are_in_the_state() -> None:
    doc = document([*opening(), act("take_control", card="vorse"),
                    act("move", card="gemini", to="material", target="dm"),
                    act("activate", card="burial", target="jar"), act("resolve")],
                   {"hand": ["burial"], "monsters": [mon("gemini")]},
                   {"monsters": [mon("vorse")], "graveyard": ["jar"]})
    doc["cards"]["dm"] = {"kind": "monster", "level": 7, "owner": "p1"}
    state = validate(doc).state
    assert state["owners"] == {"vorse": "p2", "gemini": "p1"}
    assert state["pending_materials"] == [{"card": "gemini", "monster": "dm"}]
    assert state["players"]["p1"]["spell_traps"] == [
        {"card": "burial", "face_up": True, "zone": "S1", "waiting_for": "jar"}]
    for cut in range(len(doc["actions"]) + 1):
        assert_split_equals_whole(doc, cut)


def test_copy_and_pop_leave_the_original_alone() -> None:
    doc = load_document(legal_duel(4, seed=2))
    duel = Duel(doc)
    for action in doc.actions[:20]:
        duel.push(action)
    before = duel.position()
    trial = duel.copy()
    for action in doc.actions[20:]:
        trial.push(action)
    assert duel.position() == before and trial.pushed == len(doc.actions)
    for _ in doc.actions[20:]:
        trial.pop()
    assert trial.position() == before and trial.move_stack == duel.move_stack
    with pytest.raises(IndexError):
        Duel(doc).pop()


def crafted_declaration(state: dict[str, Any]) -> None:
    """An empty duel's state whose ``this_turn`` says that monster x declared an attack at
    y, and whose index for it is the action about to come."""
    state["this_turn"]["declared"] = {"x": ["y"]}
    state["this_turn"]["indexes"]["declared"] = {"x": state["actions_judged"]}


BAD_POSITIONS: list[tuple[str, Any, str, str]] = [
    ("a position beside a setup", lambda s: None, "setup", "not both"),
    ("a position beside a turn", lambda s: None, "turn", "not both"),
    ("a position beside a turn_player", lambda s: None, "turn_player", "not both"),
    ("an unknown card in a hand", lambda s: s["players"]["p1"]["hand"].append("nope"),
     "position.players.p1.hand.3", "Unknown card id"),
    ("a card in two places", lambda s: s["players"]["p2"]["graveyard"].append("gemini"),
     "position.players.p2.graveyard.0", "placed twice"),
    ("a missing field", lambda s: s.pop("owners"), "position.owners", "Missing data"),
    ("an unknown field", lambda s: s.update(colour=1), "position.colour", "Unknown field"),
    ("a chain that is not its links", lambda s: s.update(chain=["gemini"]),
     "position.chain", "chain_links"),
    ("an index for a card not listed",
     lambda s: s["this_turn"]["indexes"]["placed"].update(gemini=0),
     "position.this_turn.indexes.placed", "not those of"),
    ("a non-token gone", lambda s: s["gone"].append("vorse"), "position.gone.0", "no token"),
    ("a Spell in a Monster Zone",
     lambda s: (s["players"]["p2"]["hand"].remove("pot"),
                s["players"]["p2"]["monsters"].append({"card": "pot", "position": "attack"})),
     "position.players.p2.monsters.0.card", "cannot stand"),
    ("an owner the cards table contradicts", lambda s: s["owners"].update(gemini="p2"),
     "position.owners.gemini", "cards table"),
    # schemathesis found these (a 500 before): this_turn's records and their indexes disagree
    ("a declaration of unknown cards", crafted_declaration,
     "position.this_turn.declared.x.key", "Unknown card id 'x'"),
    ("a declaration against an unknown card", crafted_declaration,
     "position.this_turn.declared.x.value.0", "Unknown card id 'y'"),
    ("a declaration whose index is not below actions_judged", crafted_declaration,
     "position.this_turn.indexes.declared", "not below actions_judged"),
    ("a change of foes for a monster that declared no attack",
     lambda s: s["this_turn"].update(foes_changed=["gemini"]),
     "position.this_turn.foes_changed.0", "has not declared"),
    # positions no duel can reach
    ("a token in a hand", lambda s: s["players"]["p1"]["hand"].append("tok"),
     "position.players.p1.hand.3", "token"),
    ("a token in a Graveyard", lambda s: s["players"]["p2"]["graveyard"].append("tok"),
     "position.players.p2.graveyard.0", "token"),
    ("a token as an Xyz Material", lambda s: s["pending_materials"].append(
        {"card": "tok", "monster": "gemini"}), "position.pending_materials.0.card", "token"),
    ("a player at 0 LP with no outcome", lambda s: s["players"]["p2"].update(lp=0),
     "position.players.p2.lp", "outcome"),
    ("a Life Points outcome whose loser has Life Points left",
     lambda s: s.update(outcome={"winner": "p1", "reason": "life_points"}),
     "position.outcome.reason", "8000 Life Points"),
]


@pytest.mark.parametrize(("name", "change", "path", "fragment"), BAD_POSITIONS,
                         ids=[b[0] for b in BAD_POSITIONS])
def test_a_malformed_position_names_the_field(name: str, change: Any, path: str,
                                              fragment: str) -> None:
    doc = document([act("draw")], {"hand": ["gemini", "vorse"]}, {"hand": ["pot"]})
    doc["cards"]["gemini"] = {**doc["cards"]["gemini"], "owner": "p1"}
    doc["cards"]["tok"] = CARDS["tok"]
    state = validate(doc).state
    change(state)
    sent = continued(doc, state, [])
    beside = {"setup": {}, "turn": 1, "turn_player": "p1"}  # each as its default
    if name.startswith("a position beside a "):
        sent[path] = beside[path]
    with pytest.raises(DocumentError) as info:
        load_document(sent)
    node: Any = info.value.errors
    for key in path.split("."):
        assert key in node, (path, info.value.errors)
        node = node[key]
    assert any(fragment in message for message in node), node

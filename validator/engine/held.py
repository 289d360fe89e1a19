"""A duel judged step by step from a kept state (contract §9): what a service that holds duels
needs from the judge, without a store, a record or HTTP (``api/duels`` keeps those).

A held duel is its cards (a :class:`~validator.Document` without position or actions) and the
state after its last kept action (the contract's §3 ``state``, which a document may start from
as its ``position``), kept as JSON text. :func:`begin` judges a new duel's first actions and
:func:`go_on` a step's new ones; each gives a :class:`Step`: the verdict (and its JSON text), the
state to keep and how many of the new actions are kept. The verdict is the one of judging every
kept action and the new ones at once, with ``index`` and ``actions_checked`` counted within the
new ones. An illegal action and those after it are not kept: the state to keep is the one after
the last legal action, judged again from the kept state when the illegal action moved the duel
on first (an open chain resolves before an action that does not respond to it; the verdict
reports that state, as :func:`~validator.validate` does, but the duel stays where the last legal
action left it, so that the client may still respond).

>>> first = begin(load_document({"cards": {}}))
>>> cards = held_document("{}", first.state)
>>> step = go_on(cards, first.state, load_actions([
...     {"type": "draw", "player": "p1"}, {"type": "draw", "player": "p1"}], cards))
>>> step.verdict.violation.rule, step.verdict.violation.index, step.kept
('draw.once', 1, 1)
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from marshmallow import ValidationError

from ..document.actionload import effect_count, load_action
from ..document.crosscheck import check_action
from ..document.fastload import Compiler, Fallback, Load
from ..document.jsontext import dumps
from ..document.model import Action, Document
from ..document.position_schema import StateSchema
from ..document.schema import ActionField
from ..document.verdict import Verdict
from ..errors import DocumentError
from .duel import Duel, load_document


class KeptStateError(ValueError):
    """A kept state (or kept cards) that does not load: the holder's fault, never a verdict.

    >>> restore(load_document({"cards": {}}), "[")
    Traceback (most recent call last):
    ...
    validator.engine.held.KeptStateError: the duel's stored state cannot be read: ...
    """


@dataclass(slots=True)
class Step:
    """What judging a held duel's new actions gives: the verdict and its JSON text, the state
    to keep (JSON), how many of the new actions are kept, and the duel in that state."""

    verdict: Verdict
    text: str
    state: str
    kept: int
    duel: Duel


_STATE: list[Load] = []
_ACTION: list[Load] = []


def _position(text: str) -> dict[str, Any]:
    """A kept state as a loaded position: the compiled loader of the state schema (a holder
    wrote it), marshmallow for anything that loader is not sure of."""
    if not _STATE:
        _STATE.append(Compiler().schema(StateSchema()))
    try:
        data = json.loads(text)
        try:
            loaded: dict[str, Any] = _STATE[0](data)
        except Fallback:
            loaded = StateSchema().load(data)
    except (ValueError, ValidationError) as exc:
        raise KeptStateError(f"the duel's stored state cannot be read: {exc}") from None
    return loaded


def held_document(cards: str, state: str) -> Document:
    """A held duel's document from its kept cards and state (JSON texts): the cards loaded
    (and checked against the state), without position or actions.

    >>> held_document('{"k": {"name": "Kuriboh"}}', begin(load_document({"cards": {}})).state)
    Traceback (most recent call last):
    ...
    validator.engine.held.KeptStateError: the duel's stored cards and state do not load: ...
    """
    try:
        data = {"cards": json.loads(cards), "position": json.loads(state)}
    except ValueError as exc:
        raise KeptStateError(f"the duel's stored cards cannot be read: {exc}") from None
    try:
        return dataclasses.replace(load_document(data), position=None, actions=())
    except DocumentError as exc:
        raise KeptStateError(f"the duel's stored cards and state do not load: {exc}") from None


def restore(doc: Document, state: str) -> Duel:
    """The duel of ``doc``'s cards in the kept ``state`` (JSON).

    >>> doc = load_document({"cards": {}})
    >>> restore(doc, begin(doc).state).state.turn
    1
    """
    return Duel(dataclasses.replace(doc, position=_position(state)))


def load_actions(raw: Sequence[Any], doc: Document) -> list[Action]:
    """The new actions (JSON objects), each checked against the duel's cards: a
    :class:`DocumentError` with every action's errors keyed ``actions.<i>...`` (counted within
    the new ones).

    >>> doc = load_document({"cards": {}})
    >>> load_actions([{"type": "draw", "player": "p1"}, {"type": "draw", "player": "p3"}], doc)
    Traceback (most recent call last):
    ...
    validator.errors.DocumentError: actions.1.player: Must be one of: p1, p2.
    """
    if not _ACTION:
        _ACTION.append(ActionField().fast_load(Compiler()))
    fast = _ACTION[0]
    cards = doc.cards
    out: list[Action] = []
    errors: dict[Any, Any] = {}
    for i, value in enumerate(raw):
        try:
            action = fast(value)
        except Fallback:  # not plainly valid: the schema words the errors
            try:
                action = load_action(value, cards, i)
            except DocumentError as exc:
                errors.update(exc.errors["actions"])
                continue
        found: dict[Any, Any] = {}
        check_action(found, i, action, cards, lambda cid: cards[cid].owner,
                     lambda cid: cards[cid].token, lambda cid: effect_count(cards[cid]))
        if found:
            errors.update(found["actions"])
        out.append(action)
    if errors:
        raise DocumentError({"actions": errors})
    return out


def verdict_text(verdict: Verdict, state: str) -> str:
    """The verdict as compact JSON (:func:`~validator.document.jsontext.dumps`), the state given
    as its JSON text (written once for the answer and the kept state alike), in the library's
    own key order.

    >>> from validator import validate
    >>> v = validate({"cards": {}})
    >>> json.loads(verdict_text(v, dumps(v.state))) == v.to_dict()
    True
    >>> verdict_text(v, "{}")
    '{"legal":true,"violation":null,"outcome":null,"actions_checked":0,"state":{}}'
    """
    violation = dumps(verdict.violation.to_dict()) if verdict.violation else "null"
    return (f'{{"legal":{"true" if verdict.legal else "false"},"violation":{violation},'
            f'"outcome":{dumps(verdict.outcome)},'
            f'"actions_checked":{verdict.actions_checked},"state":{state}}}')


def _step(duel: Duel, verdict: Verdict, start: Duel | None,
          actions: Sequence[Action]) -> Step:
    """The step's result: the verdict's state kept, unless an illegal action moved the duel on
    before it was refused (then the legal ones judged again, from ``start``)."""
    kept = duel.pushed
    if verdict.violation is None or start is None:
        state = dumps(verdict.state)
        return Step(verdict, verdict_text(verdict, state), state, kept, duel)
    start.judge(actions[:kept])
    return Step(verdict, dumps(verdict.to_dict()), dumps(start.position()), kept, start)


def catch_up(duel: Duel, actions: Sequence[Action]) -> bool:
    """Move ``duel`` on by ``actions`` that a holder kept after it (another worker's steps),
    without a verdict: the duel is then in the state those steps left, as restoring the kept
    state would give it, for the cost of judging them rather than of loading a state. False
    (the duel then half moved: throw it away) if one is refused, which a kept action never is.

    >>> doc = load_document({"cards": {}})
    >>> duel, draw = Duel(doc), load_actions([{"type": "draw", "player": "p1"}], doc)
    >>> catch_up(duel, draw), duel.state.index, catch_up(duel, draw)
    (True, 1, False)
    """
    try:
        return all(duel.check(action) is None for action in actions)
    except DocumentError:
        return False


def begin(doc: Document) -> Step:
    """A new held duel: its document's actions judged, the legal ones kept.

    >>> step = begin(load_document({"cards": {}, "actions": [{"type": "draw", "player": "p1"}]}))
    >>> step.verdict.legal, step.kept
    (True, 1)
    """
    duel = Duel(doc)
    verdict = duel.judge(doc.actions)
    return _step(duel, verdict, Duel(doc) if verdict.violation else None, doc.actions)


def go_on(doc: Document, state: str, actions: Sequence[Action],
          duel: Duel | None = None) -> Step:
    """A step: the new ``actions`` judged on the duel of ``doc``'s cards in the kept
    ``state``; ``duel`` is that duel when the caller still has it in that state (it saves
    restoring it), and is moved on.

    >>> doc = load_document({"cards": {}})
    >>> step = go_on(doc, begin(doc).state, load_actions([{"type": "draw", "player": "p1"}], doc))
    >>> step.verdict.legal, step.kept, step.duel.pushed
    (True, 1, 1)
    """
    if duel is None:
        duel = restore(doc, state)
    duel.move_stack = []  # the kept actions are the holder's; count the new ones
    verdict = duel.judge(actions)
    return _step(duel, verdict, restore(doc, state) if verdict.violation else None, actions)

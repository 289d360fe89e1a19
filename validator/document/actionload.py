"""One action given on its own (``Duel.push``, ``action in duel.legal_actions``): a mapping
is loaded by the document schema's own action field, and its card ids are checked against
the duel's cards, so it fails with the :class:`DocumentError` that :func:`validate` gives.
An :class:`Action` built by hand passes the same schema: its fields as an action object.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from marshmallow import ValidationError

from validator.document.crosscheck import Errors, check_action
from validator.document.model import Action, Card
from validator.document.schema import ACTION_SCHEMAS, ActionField
from validator.errors import DocumentError

_FIELD = ActionField()
#: The optional fields of an action and their defaults, as :class:`Action` declares them.
_DEFAULTS: dict[str, Any] = {
    f.name: f.default for f in fields(Action)
    if f.name not in ("type", "player", "log", "raw")}


def as_object(action: Action) -> dict[str, Any]:
    """An :class:`Action` as the action object (§2) that loads to it: the required fields of
    its type always, every other field where it differs from the default (so that a field
    the type does not have is refused, as in JSON).

    >>> as_object(Action("declare_attack", "p1", card="c1"))
    {'type': 'declare_attack', 'player': 'p1', 'card': 'c1', 'target': None}
    >>> as_object(Action("normal_summon", "p1"))
    {'type': 'normal_summon', 'player': 'p1', 'card': None}
    >>> as_object(Action("draw", "p1", amount=5))
    {'type': 'draw', 'player': 'p1', 'amount': 5}
    """
    out: dict[str, Any] = {"type": action.type, "player": action.player}
    schema = ACTION_SCHEMAS.get(action.type) if isinstance(action.type, str) else None
    required = {name for name, declared in schema.fields.items() if declared.required} \
        if schema is not None else set()
    for name, default in _DEFAULTS.items():
        value = getattr(action, name)
        if name in required or value != default:
            out[name] = list(value) if isinstance(value, tuple) else value
    return out
    for name, declared in schema.fields.items():
        if name in out or name not in _DEFAULTS:
            continue
        value = getattr(action, name)
        if declared.required or value != _DEFAULTS[name]:
            out[name] = list(value) if isinstance(value, tuple) else value
    return out


def effect_count(card: Card) -> int | None:
    """How many activated effects the card lists (None: it lists none, ``effect`` alone).

    >>> effect_count(Card("a", "monster", level=4)) is None
    True
    """
    return None if card.effects is None else len(card.effects)


def load_action(value: Action | Mapping[str, Any], cards: Mapping[str, Card],
                index: int) -> Action:
    """``value`` as an :class:`Action` of a duel with ``cards``, as action ``index``.

    >>> load_action({"type": "draw", "player": "p1"}, {}, 0).type
    'draw'
    >>> load_action({"type": "dance", "player": "p1"}, {}, 4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    validator.errors.DocumentError: actions.4.type: Unknown action type 'dance'; one of: ...
    >>> load_action(Action("discard", "p1", card="c9"), {}, 2)
    Traceback (most recent call last):
    ...
    validator.errors.DocumentError: actions.2.card: Unknown card id 'c9'.
    >>> load_action(Action("move", "p1", card="c9"), {}, 3)
    Traceback (most recent call last):
    ...
    validator.errors.DocumentError: actions.3.to: Field may not be null.
    """
    if isinstance(value, Action):
        try:
            _FIELD.deserialize(as_object(value))
        except ValidationError as exc:
            raise DocumentError({"actions": {index: exc.messages}}) from None
        action = value
    elif isinstance(value, Mapping):
        try:
            action = _FIELD.deserialize(value)
        except ValidationError as exc:
            raise DocumentError({"actions": {index: exc.messages}}) from None
    else:
        raise DocumentError({"actions": {index: ["Not an action object."]}})
    errors: Errors = {}
    check_action(errors, index, action, cards, lambda cid: cards[cid].owner,
                 lambda cid: cards[cid].token, lambda cid: effect_count(cards[cid]))
    if errors:
        raise DocumentError(errors)
    return action

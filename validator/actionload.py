"""One action given on its own (``Duel.push``, ``action in duel.legal_actions``): a mapping
is loaded by the document schema's own action field, and its card ids are checked against
the duel's cards, so it fails with the :class:`DocumentError` that :func:`validate` gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError

from .crosscheck import Errors, check_action
from .errors import DocumentError
from .model import Action, Card
from .schema import ActionField

_FIELD = ActionField()


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
    """
    if isinstance(value, Action):
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
                 lambda cid: cards[cid].token)
    if errors:
        raise DocumentError(errors)
    return action

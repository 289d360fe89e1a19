"""Judging a duel: :class:`Duel` (push actions one by one) and :func:`validate` (a verdict)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from marshmallow import ValidationError

from validator.document.actionload import load_action
from validator.document.jsontext import DuplicateKeyError, loads
from validator.document.model import Action, Document
from validator.document.position import initial_state
from validator.document.schema import DocumentSchema
from validator.document.verdict import Verdict, Violation, state_report, violation_of
from validator.engine.apply import resolve_chain, resolves_chain_first
from validator.engine.fastpath import FAST_PATH, Engine, judge_actions
from validator.engine.legal import LegalActions, Listing
from validator.errors import DocumentError, IllegalActionError

_SCHEMA = DocumentSchema()


def load_document(data: Mapping[str, Any] | str | bytes) -> Document:
    """Load and cross-check a duel document (a mapping or JSON text).

    Raises :class:`DocumentError` with path-keyed errors when it is not well formed.

    >>> load_document('{"cards": {}}').turn_player
    'p1'
    >>> load_document({"cards": {}, "ruleset": "speed"})
    Traceback (most recent call last):
    ...
    validator.errors.DocumentError: ruleset: Unknown ruleset 'speed'; known: classic, advanced.
    """
    if isinstance(data, str | bytes):
        try:
            data = loads(data)
        except DuplicateKeyError as exc:
            raise DocumentError(duplicate_key_errors(exc)) from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise DocumentError({"_document": [f"Not valid JSON: {exc}"]}) from None
        except RecursionError:
            raise DocumentError({"_document": ["The JSON is nested too deeply."]}) from None
    if not isinstance(data, Mapping):
        raise DocumentError({"_document": ["A duel document is a JSON object."]})
    try:
        doc: Document = _SCHEMA.load(data)
    except ValidationError as exc:
        messages = exc.messages if isinstance(exc.messages, dict) else {"_document": exc.messages}
        raise DocumentError(messages) from None
    return doc


def duplicate_key_errors(exc: DuplicateKeyError) -> dict[str, Any]:
    """A duplicate key as path-keyed document errors.

    >>> duplicate_key_errors(DuplicateKeyError(("actions", "3"), "card"))
    {'actions': {'3': {'card': ['This key appears twice in one object.']}}}
    """
    errors: dict[str, Any] = {exc.key: ["This key appears twice in one object."]}
    for key in reversed(exc.path):
        errors = {key: errors}
    return errors


class Duel:
    """A duel in progress, judged action by action, as python-chess's ``Board`` is played
    move by move: :meth:`push`, :meth:`pop`, :meth:`copy` and a :attr:`move_stack`.

    >>> duel = Duel(load_document({"cards": {}}))
    >>> duel.push(Action("draw", "p1"))
    >>> duel.push(Action("phase", "p1", to="battle"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    validator.errors.IllegalActionError: action 2: turn.phase-order: The turn cannot go ...
    >>> trial = duel.copy()
    >>> trial.push(Action("phase", "p1", to="standby"))
    >>> trial.state.phase, duel.state.phase
    ('standby', 'draw')
    >>> trial.pop().to, trial.pushed
    ('standby', 1)
    >>> trial.position() == duel.position()
    True
    """

    #: What fires an action's trigger: the machine compiled (:mod:`validator.engine.fastpath`);
    #: ``validator.engine.fastpath.TRANSITIONS`` runs transitions' own dispatch, with equal
    #: verdicts.
    engine: ClassVar[Engine] = FAST_PATH

    def __init__(self, document: Document) -> None:
        self.document = document
        self.state = initial_state(document)
        #: The legal actions pushed so far, oldest first.
        self.move_stack: list[Action] = []

    @property
    def pushed(self) -> int:
        """How many actions have been pushed (the index, in the document, of the next one)."""
        return len(self.move_stack)

    def check(self, action: Action) -> Violation | None:
        """Apply ``action`` if legal and return None; else return its violation (unapplied).

        An open chain resolves first unless the action responds to it (§2). Indexes in the
        violation count the document's actions; those its message cites (``action 3``) count
        the whole duel's, as the state records them.
        """
        state = self.state
        if state.chain and resolves_chain_first(state, action):
            resolve_chain(state)
        try:
            failure = self.engine.fire(state, action)
        except DocumentError as exc:  # a field of this action contradicts the duel
            raise DocumentError({"actions": {str(self.pushed): exc.errors}}) from None
        if failure is None:
            state.index += 1
            self.move_stack.append(action)
            return None
        return violation_of(state, self.pushed, action, *failure)

    def push(self, action: Action | Mapping[str, Any]) -> None:
        """Apply ``action`` (an :class:`Action` or its JSON object), or raise
        :class:`IllegalActionError` naming the rule it breaks.

        An action that is not well formed, of an unknown type or naming an unknown card
        raises the :class:`DocumentError` that :func:`validate` gives for it.

        >>> duel = Duel(load_document({"cards": {}}))
        >>> duel.push({"type": "draw", "player": "p1", "card": "c9"})
        Traceback (most recent call last):
        ...
        validator.errors.DocumentError: actions.0.card: Unknown card id 'c9'.
        """
        violation = self.check(load_action(action, self.document.cards, self.pushed))
        if violation is not None:
            raise IllegalActionError(violation.index, violation.rule, violation.message,
                                     violation.action)

    def pop(self) -> Action:
        """Take back the last action pushed and return it (``IndexError`` when none was).

        The duel is replayed from the document's start, so this takes time in proportion to
        the actions left.
        """
        action = self.move_stack.pop()
        state = initial_state(self.document)
        engine = self.engine
        for earlier in self.move_stack:
            if state.chain and resolves_chain_first(state, earlier):
                resolve_chain(state)
            engine.fire(state, earlier)
            state.index += 1
        self.state = state
        return action

    def peek(self) -> Action:
        """The last action pushed (``IndexError`` when none was).

        >>> duel = Duel(load_document({"cards": {}}))
        >>> duel.push(Action("draw", "p1"))
        >>> duel.peek().type
        'draw'
        """
        return self.move_stack[-1]

    def copy(self) -> Duel:
        """An independent duel in the same position, with the same move stack."""
        duel = type(self).__new__(type(self))
        duel.document = self.document
        duel.state = self.state.copy()
        duel.move_stack = list(self.move_stack)
        return duel

    def position(self) -> dict[str, Any]:
        """The duel as it stands: a verdict's ``state``, which a document may start from.

        >>> duel = Duel(load_document({"cards": {}}))
        >>> duel.push(Action("draw", "p1"))
        >>> later = Duel(load_document({"cards": {}, "position": duel.position()}))
        >>> later.state.this_turn.drew, later.position() == duel.position()
        (0, True)
        """
        return state_report(self.state)

    @property
    def legal_actions(self) -> LegalActions:
        """The legal next actions, as a lazy view (``action in duel.legal_actions``)."""
        return LegalActions(self.state)

    def judge(self, actions: Iterable[Action]) -> Verdict:
        """Check ``actions`` in order, stopping at the first illegal one; the verdict.

        >>> duel = Duel(load_document({"cards": {}}))
        >>> duel.judge([Action("draw", "p1"), Action("draw", "p1")]).violation.rule
        'draw.once'
        """
        found = judge_actions(self.engine, self.state, actions, self.move_stack)
        if found is not None:  # (each action as check judges it, in one compiled loop)
            action, (rule, message) = found
            return self.verdict(violation_of(self.state, self.pushed, action, rule, message))
        return self.verdict()

    def verdict(self, violation: Violation | None = None) -> Verdict:
        """The verdict so far."""
        outcome = self.state.outcome
        return Verdict(
            legal=violation is None, violation=violation,
            outcome={"winner": outcome.winner, "reason": outcome.reason} if outcome else None,
            actions_checked=self.pushed + (violation is not None),
            state=state_report(self.state))


def replay(document: Mapping[str, Any] | str | bytes | Document) -> Duel:
    """The duel after the document's actions; :class:`IllegalActionError` if one is illegal.

    >>> replay({"cards": {}, "actions": [{"type": "draw", "player": "p1"}]}).state.phase
    'draw'
    """
    doc = document if isinstance(document, Document) else load_document(document)
    duel = Duel(doc)
    for action in doc.actions:
        duel.push(action)
    return duel


def legal_actions(document: Mapping[str, Any] | str | bytes | Document,
                  limit: int | None = None) -> list[dict[str, Any]]:
    """Every legal next action after the document's actions (see :mod:`validator.engine.legal`),
    or the first ``limit`` of them.

    Raises :class:`DocumentError` for a malformed document and :class:`IllegalActionError`
    when its own actions are not legal.

    >>> [a["type"] for a in legal_actions({"cards": {}}) if a["player"] == "p1"]
    ['draw', 'resolve', 'surrender']
    """
    return replay(document).legal_actions.dicts(limit)


def list_legal_actions(document: Mapping[str, Any] | str | bytes | Document,
                       limit: int | None = None,
                       max_candidates: int | None = None) -> Listing:
    """The first ``limit`` legal next actions, checking at most ``max_candidates`` candidate
    actions (the bound on work the HTTP service sets with ``DUELCHECK_MAX_CANDIDATES``).

    Raises as :func:`legal_actions` does.

    >>> found = list_legal_actions({"cards": {}}, limit=10, max_candidates=3)
    >>> (len(found.actions), found.truncated, found.checked)
    (1, True, 3)
    """
    return replay(document).legal_actions.listing(limit, max_candidates)


def validate(document: Mapping[str, Any] | str | bytes | Document) -> Verdict:
    """Judge a duel document: the first illegal action, the outcome and the board (§3).

    >>> v = validate({"cards": {}, "actions": [{"type": "phase", "player": "p1", "to": "standby"}]})
    >>> (v.legal, v.violation.rule, v.actions_checked)
    (False, 'draw.required', 1)
    """
    doc = document if isinstance(document, Document) else load_document(document)
    return Duel(doc).judge(doc.actions)

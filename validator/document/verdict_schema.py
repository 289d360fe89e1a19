"""marshmallow schemas of the verdict (§3) and of a catalog rule: what the API documents.

The engine builds the verdict JSON itself (:meth:`validator.Verdict.to_dict`); these schemas
describe it for OpenAPI, and the tests check every golden verdict against them. The ``state`` is
:class:`validator.document.position_schema.StateSchema`, the schema a ``position`` loads.
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from validator.document import model as m
from validator.document.position_schema import OutcomeSchema, StateSchema

_PLAYER = fields.String(required=True, validate=validate.OneOf(m.PLAYERS))
_PHASE = validate.OneOf(m.PHASES)


class ViolationSchema(Schema):
    index = fields.Integer(required=True, metadata={"description": "0-based index of the action"})
    rule = fields.String(required=True, metadata={"description": "a rule id of the catalog"})
    message = fields.String(required=True)
    turn = fields.Integer(required=True)
    phase = fields.String(required=True, validate=_PHASE)
    player = fields.String(required=True, validate=validate.OneOf(m.PLAYERS))
    action = fields.Dict(required=True, metadata={"description": "the action as it was given"})


class VerdictSchema(Schema):
    """The verdict of §3 of the contract."""

    legal = fields.Boolean(required=True)
    violation = fields.Nested(ViolationSchema, required=True, allow_none=True)
    outcome = fields.Nested(OutcomeSchema, required=True, allow_none=True)
    actions_checked = fields.Integer(required=True)
    state = fields.Nested(StateSchema, required=True)


class RuleSchema(Schema):
    """One rule of the catalog."""

    id = fields.String(required=True)
    title = fields.String(required=True)
    text = fields.String(required=True)
    why = fields.String(required=True)
    source = fields.String(required=True)
    example = fields.String(required=True)


class ActionListSchema(Schema):
    """The legal next actions."""

    actions = fields.List(fields.Dict(), required=True,
                          metadata={"description": "action objects of the contract"})
    count = fields.Integer(required=True)
    truncated = fields.Boolean(required=True, metadata={
        "description": "true when more legal actions may exist: there were more than "
                       "DUELCHECK_MAX_LEGAL_ACTIONS, or more candidate actions than "
                       "DUELCHECK_MAX_CANDIDATES (the bound on the work of one request), "
                       "so not all were checked"})
    omitted = fields.List(fields.String(), required=True,
                          metadata={"description": "action types caused only by effects, "
                                                   "which are not listed"})


class QuizArgsSchema(Schema):
    seed = fields.Integer(validate=validate.Range(0, 2**31 - 1),
                          metadata={"description": "the same seed gives the same question; "
                                                   "a random one when left out"})
    level = fields.Integer(load_default=1, validate=validate.Range(1, 3),
                           metadata={"description": "1 to 3: how much legal play comes "
                                                    "before the question (rules only)"})
    source = fields.String(load_default="rules", validate=validate.OneOf(
        ("rules", "duelingbook")), metadata={
        "description": "rules: built from a rule's golden case; duelingbook: a position "
                       "of a real Duelingbook game, with the real next play or a plausible "
                       "illegal one"})


class AnswerSchema(Schema):
    legal = fields.Boolean(required=True)
    rule = fields.String(required=True, allow_none=True)
    message = fields.String(required=True, allow_none=True)
    title = fields.String()
    text = fields.String()
    why = fields.String()
    source = fields.String()


class QuizSchema(Schema):
    """A question: is ``proposed`` legal after ``scenario``; and its answer."""

    seed = fields.Integer(required=True)
    level = fields.Integer(required=True)
    question = fields.String(required=True)
    scenario = fields.Dict(required=True, metadata={"description": "a duel document"})
    state = fields.Nested(StateSchema, required=True)
    outcome = fields.Nested(OutcomeSchema, required=True, allow_none=True, metadata={
        "description": "how the duel ended, when it is over before the proposed action"})
    proposed = fields.Dict(required=True, metadata={"description": "an action object"})
    answer = fields.Nested(AnswerSchema, required=True)
    origin = fields.Dict(required=True, allow_none=True, metadata={
        "description": "for a question from a real game: from, replay, game, players, "
                       "format and real_play (whether the proposed action is the play "
                       "that was really made)"})


class MachineArgsSchema(Schema):
    phase = fields.String(validate=validate.OneOf(m.PHASES),
                          metadata={"description": "the phase to mark as current"})
    ids = fields.String(load_default="", validate=validate.Regexp(
        r"^([A-Za-z][A-Za-z0-9_-]{0,31})?$",
        error="Up to 32 letters, digits, - or _, starting with a letter."), metadata={
        "description": "a prefix for the SVG's element ids, so that several diagrams on one "
                       "page keep their own (for example their own arrowheads)"})


class MachineSchema(Schema):
    """The turn machine as a diagram."""

    phase = fields.String(required=True, allow_none=True)
    mermaid = fields.String(required=True, metadata={"description": "Mermaid stateDiagram-v2"})
    svg = fields.String(required=True)


class ExampleSchema(Schema):
    """A golden case, as an example duel."""

    id = fields.String(required=True)
    name = fields.String(required=True)
    rule = fields.String(required=True, allow_none=True)
    legal = fields.Boolean(required=True)
    document = fields.Dict(required=True)

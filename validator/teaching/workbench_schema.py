"""marshmallow schemas of the workbench endpoints (what the API documents and reads):
importing a replay, the board at every step, and a judge's report."""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

from validator.decks.schema import ReplayDeckCheckSchema
from validator.document.position_schema import StateSchema
from validator.document.schema import DocumentSchema
from validator.document.verdict_schema import VerdictSchema


class ReplaySchema(Schema):
    """A Duelingbook replay as Duelingbook serves it (only ``plays`` is needed)."""

    class Meta:
        unknown = INCLUDE

    plays = fields.List(fields.Raw(), required=True, metadata={
        "description": "every play of the match, in order (docs/duelingbook.md)"})


class PlayersNamesSchema(Schema):
    p1 = fields.String(required=True, metadata={"description": "username of p1 (goes first)"})
    p2 = fields.String(required=True)


class NoteSchema(Schema):
    """A note of the importer on a game: the reading it comes from and what a judge reads."""

    reading = fields.String(required=True, metadata={
        "description": "the reading's stable id in the readings catalog (docs/duelingbook.md), "
                       "e.g. slip.taken-back"})
    text = fields.String(required=True, metadata={"description": "the note as a judge reads it"})
    at = fields.String(required=True, allow_none=True, metadata={
        "description": "the time of the play it applies to, [m:ss]; null for the whole game"})


class ImportedGameSchema(Schema):
    """One game of the match, as a duel document."""

    game = fields.Integer(required=True, metadata={"description": "1 for the first game"})
    players = fields.Nested(PlayersNamesSchema, required=True)
    format = fields.String(required=True, allow_none=True,
                           metadata={"description": "Duelingbook's format code, e.g. gu"})
    format_name = fields.String(required=True, metadata={"description": "e.g. Goat"})
    stopped = fields.String(required=True, allow_none=True, metadata={
        "description": "where and why the import stopped early: the game is judged up to "
                       "there"})
    notes = fields.List(fields.Nested(NoteSchema), required=True,
                        metadata={"description": "what the importer inferred or skipped"})
    document = fields.Dict(required=True, metadata={
        "description": "a duel document (contract section 1) with its source and every "
                       "action's log line"})


class ImportSchema(Schema):
    """The games of a replay."""

    games = fields.List(fields.Nested(ImportedGameSchema), required=True)
    deck_check = fields.Nested(ReplayDeckCheckSchema, required=True, metadata={
        "description": "the cards the match shows, by player, against its format (contract "
                       "section 7; docs/decks.md): never part of a game's verdict"})


class StepsSchema(Schema):
    """A verdict with the board at every step."""

    verdict = fields.Nested(VerdictSchema, required=True)
    states = fields.List(fields.Nested(StateSchema), required=True, metadata={
        "description": "the board at the start, then after each legal action"})
    ended_at = fields.Integer(required=True, allow_none=True, metadata={
        "description": "the first index of states at which the duel is over"})
    attempted = fields.Nested(StateSchema, required=True, allow_none=True, metadata={
        "description": "the board after the first illegal action carried out as given "
                       "(the rules forbid it); null when all are legal or it cannot be "
                       "carried out"})
    cards = fields.Dict(keys=fields.String(), values=fields.Dict(), required=True, metadata={
        "description": "each card as judged, as a document's cards entry: a card given by "
                       "passcode only has its name, kind and stats from the card database"})


class ReportRequestSchema(Schema):
    """The games of one match, for a judge's report."""

    title = fields.String(load_default="duelcheck report",
                          validate=validate.Length(min=1, max=1000),
                          metadata={"description": "the report's title, e.g. the file name "
                                                   "(the attachment's name is cut to fit a "
                                                   "file system)"})
    games = fields.List(fields.Nested(DocumentSchema), required=True,
                        validate=validate.Length(min=1), metadata={
                            "description": "duel documents, such as the games "
                                           "POST /v1/import/duelingbook gives"})
    deck_check = fields.Nested(ReplayDeckCheckSchema, load_default=None, allow_none=True,
                               metadata={"description": "the match's deck check, as "
                                                        "POST /v1/import/duelingbook gives it"})

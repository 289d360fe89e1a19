"""marshmallow schemas of the deck check (what ``POST /v1/decks/check`` reads and answers, and
a replay's deck check as ``POST /v1/import/duelingbook`` gives it). A list that is not well
formed is a ``urn:duelcheck:problem:malformed-deck-list`` problem, its errors keyed by path
(``main.3``, ``text.line 12``, ``date``).

>>> DeckCheckRequestSchema().load({"format": "goat", "main": ["Sangan"]})["deck"].main[0].card
Card(passcode=26202165, name='Sangan')
"""

from __future__ import annotations

from typing import Any, ClassVar

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from validator.decks.formats import FORMAT_NAMES, DeckError, check_date, formats
from validator.decks.lists import SECTIONS, from_lists, parse_text

MALFORMED_DECK = "urn:duelcheck:problem:malformed-deck-list"


def nested(errors: dict[str, list[str]], text: bool = False) -> dict[str, Any]:
    """Flat paths (``main.3``, ``line 12``) as marshmallow's nested errors (a text list's
    lines under ``text``).

    >>> nested({"main.3": ["x"], "date": ["y"]}), nested({"line 2": ["z"]}, text=True)
    ({'main': {'3': ['x']}, 'date': ['y']}, {'text': {'line 2': ['z']}})
    >>> nested({"_file": ["no card"]}, text=True)
    {'text': ['no card']}
    """
    out: dict[str, Any] = {}
    for path, messages in errors.items():
        if text and path.startswith("line "):
            out.setdefault("text", {})[path] = messages
        elif text and path == "_file":  # the whole list given as text: the field is text
            out["text"] = messages
        elif "." in path:
            head, tail = path.split(".", 1)
            out.setdefault(head, {})[tail] = messages
        else:
            out[path] = messages
    return out


class CardRef(fields.Raw):
    """A card: a passcode (a whole number) or an English name (read, with every other entry
    of the list, by :func:`validator.decks.lists.from_lists`, so that all are named at once)."""


def _cards(description: str) -> fields.List[Any]:
    return fields.List(CardRef(metadata={"oneOf": [{"type": "integer", "minimum": 1},
                                                   {"type": "string", "minLength": 1,
                                                    "maxLength": 200}],
                                         "description": "a passcode, or an English name"}),
                       load_default=None, validate=validate.Length(max=1000),
                       metadata={"description": description})


class DeckCheckRequestSchema(Schema):
    """A deck list to check (contract §7): its format, the day of the list (optional), and
    its cards, as lists or as a text form or .ydk file in ``text``."""

    PROBLEM: ClassVar[dict[str, str]] = {
        "type": MALFORMED_DECK, "title": "Malformed deck list",
        "detail": "The deck list is not well formed; see errors, keyed by path."}

    format = fields.String(required=True, validate=validate.OneOf(FORMAT_NAMES), metadata={
        "description": "goat, edison or advanced"})
    date = fields.String(load_default=None, allow_none=True, metadata={
        "description": "YYYY-MM-DD: check against the list in force that day (default: the "
                       "latest)", "example": "2025-11-01"})
    main = _cards("the Main Deck: one entry a copy")
    extra = _cards("the Extra Deck")
    side = _cards("the Side Deck")
    text = fields.String(load_default=None, validate=validate.Length(max=100_000), metadata={
        "description": "instead of main, extra and side: a deck list in the text form (one "
                       "card a line, '3 Sangan', under Main/Extra/Side headings) or a .ydk "
                       "file (#main, #extra, !side, one passcode a line)"})

    @validates_schema
    def _one_form(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("text") is not None and any(data.get(k) is not None for k in SECTIONS):
            raise ValidationError("Give main, extra and side, or text, not both.", "text")

    @post_load
    def _read(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        text = data.get("text")
        try:
            day = check_date(data["date"])
            formats().get(data["format"]).list_on(day)
            deck = parse_text(text) if text is not None else \
                from_lists(data.get("main"), data.get("extra"), data.get("side"))
        except DeckError as exc:
            raise ValidationError(nested(exc.errors, text=text is not None)) from None
        return {"format": data["format"], "date": day, "deck": deck}


class CardNameSchema(Schema):
    passcode = fields.Integer(required=True, allow_none=True,
                              metadata={"description": "null for a card the database does not "
                                                       "know (a replay's custom card)"})
    name = fields.String(required=True)


class SeenSchema(Schema):
    game = fields.Integer(required=True, metadata={"description": "1 for the first game"})
    play = fields.Integer(required=True, metadata={"description": "the play's index in the "
                                                                  "replay's plays"})
    time = fields.String(required=True, metadata={"description": "the play's time, m:ss"})
    player = fields.String(required=True, metadata={"description": "who made the play (the "
                                                                   "opponent, for a card they "
                                                                   "moved)"})
    log = fields.String(required=True, metadata={"description": "the play's log line"})


class FindingSchema(Schema):
    """One finding of a deck check."""

    id = fields.String(required=True, validate=validate.OneOf(
        ("deck.forbidden", "deck.over-limit", "deck.not-in-pool", "deck.size", "deck.copies")))
    card = fields.Nested(CardNameSchema, required=True, allow_none=True, metadata={
        "description": "the card (null for deck.size)"})
    count = fields.Integer(required=True, metadata={
        "description": "copies of the card (seen, in a replay), or the deck's size"})
    allowed = fields.Raw(required=True, metadata={
        "oneOf": [{"type": "integer"}, {"type": "string"}],
        "description": "the copies allowed (0 for a Forbidden card or one outside the pool), "
                       "or the sizes allowed (\"40-60\", \"0-15\", \"0 or 15\")"})
    detail = fields.String(required=True, metadata={"description": "the list or rule behind "
                                                                   "it, in words"})
    deck = fields.String(validate=validate.OneOf(SECTIONS),
                         metadata={"description": "deck.size: which deck"})
    copies = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "where the copies are: {\"main\": 2, \"side\": 1}"})
    seen = fields.List(fields.Nested(SeenSchema), metadata={
        "description": "a replay's finding: where the replay first shows each copy"})


class CardListSchema(Schema):
    name = fields.String(required=True, metadata={"example": "2005.4 GOAT"})
    date = fields.String(required=True, metadata={"description": "the day it took effect"})
    source = fields.String(required=True, metadata={"description": "where it comes from"})


class DeckCheckSchema(Schema):
    """A deck check's answer (contract §7)."""

    format = fields.String(required=True)
    list = fields.Nested(CardListSchema, required=True)
    legal = fields.Boolean(required=True, metadata={"description": "true when there is no "
                                                                   "finding"})
    findings = fields.List(fields.Nested(FindingSchema), required=True)


class PlayerCheckSchema(Schema):
    username = fields.String(required=True)
    cards = fields.Integer(required=True, metadata={"description": "distinct cards seen"})
    copies = fields.Integer(required=True, metadata={"description": "copies seen"})
    legal = fields.Boolean(required=True, allow_none=True)
    findings = fields.List(fields.Nested(FindingSchema), required=True)


class ReplayDeckCheckSchema(Schema):
    """The deck check of a replay's match: each player's cards seen against its format."""

    format = fields.String(required=True, allow_none=True, metadata={
        "description": "null when the match's format has no list here (Unlimited)"})
    format_from = fields.String(required=True, metadata={"description": "why this format"})
    list = fields.Nested(CardListSchema, required=True, allow_none=True)
    legal = fields.Boolean(required=True, allow_none=True)
    players = fields.List(fields.Nested(PlayerCheckSchema), required=True)
    note = fields.String(required=True)
    unplaced = fields.Integer(metadata={"description": "sightings no player's list could take"})

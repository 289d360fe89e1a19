"""The actions of the duel document (§2): the fields every action has, one schema per action
type (:data:`ACTION_SCHEMAS`), and the field that loads an action by its ``type``
(:class:`ActionField`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from validator.document import model as m
from validator.document.fastload import Compiler, Load, LoadWith, marshmallow_load
from validator.document.field_checks import (
    ANY_ZONE,
    MONSTER_ZONE,
    PLAYER,
    SPELL_TRAP_ZONE,
    unique,
    zone_field,
)
from validator.document.loading import action_loader, make_action
from validator.document.strict import CardId, StrictBool, StrictInt
from validator.document.strict import Strict as _Base
from validator.engine.zones import MONSTER_ZONES, SPELL_TRAP_ZONES


class ActionSchema(_Base):
    """Fields every action has; one subclass per action type adds its own."""

    type = fields.String(required=True)
    player = fields.String(required=True, validate=PLAYER)
    #: Extension: where the action came from (an imported log's play); echoed, never judged.
    log = fields.Dict(metadata={"description": "where the action came from (time, player, "
                                               "text of an imported log's play); ignored by "
                                               "the rules, echoed in a violation"})


class _CardAction(ActionSchema):
    card = CardId(required=True)


class DrawSchema(ActionSchema):
    card = CardId()
    by_effect = StrictBool()


class PhaseSchema(ActionSchema):
    to = fields.String(required=True, validate=validate.OneOf(m.PHASES[1:]))
    by_effect = StrictBool()


class SummonSchema(_CardAction):
    # Any length: a wrong number of Tributes is a verdict (summon.tribute-count), not an error.
    tributes = fields.List(CardId())
    by_effect = StrictBool()
    zone = zone_field("monster")


class ChangePositionSchema(_CardAction):
    to = fields.String(required=True, validate=validate.OneOf(m.POSITIONS))
    by_effect = StrictBool()


class QuickSummonSchema(_CardAction):
    position = fields.String(validate=validate.OneOf(m.POSITIONS))
    zone = zone_field("monster")


class SpecialSummonSchema(QuickSummonSchema):
    """``special_summon``: with revision 4's ``method`` and ``materials``."""

    method = fields.String(validate=validate.OneOf(m.SUMMON_METHODS), metadata={
        "description": "(revision 4) how it was Special Summoned: link, xyz, synchro, fusion, "
                       "ritual, or procedure (the card's own Summon procedure, as Cyber "
                       "Dragon's); left out, by a card's effect"})
    materials = fields.List(CardId(), validate=unique, metadata={
        "description": "(revision 4) the cards used as its materials: Xyz Materials are "
                       "attached to it, the others go to the Graveyard as they are used "
                       "(docs/format.md)"})
    returned = StrictBool(metadata={
        "description": "(an extension) the banished monster returns to the field without "
                       "being Summoned (banished until the End Phase); no lock or Summon "
                       "limit applies (docs/format.md)"})

    summoner = fields.String(validate=validate.OneOf(m.PLAYERS), metadata={
        "description": "(an extension) the other player, whose effect Special Summons the "
                       "monster onto player's field: the locks that bind and the Special "
                       "Summon that counts are the summoner's (docs/format.md)"})

    @validates_schema
    def _returned_alone(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("returned") and "method" in data:
            raise ValidationError("A monster that returns to the field is not Summoned: "
                                  "returned takes no method.", "returned")
        if data.get("returned") and "summoner" in data:
            raise ValidationError("A monster that returns to the field is not Summoned: "
                                  "returned takes no summoner.", "summoner")
        if "summoner" in data and data["summoner"] == data.get("player"):
            raise ValidationError("summoner names the other player, whose effect Special "
                                  "Summons the monster onto player's field; left out, it is "
                                  "player.", "summoner")
        if "summoner" in data and "method" in data:
            raise ValidationError("A Summon by its own procedure (method) is its "
                                  "controller's: it takes no summoner.", "summoner")


class MonsterZoneSchema(_CardAction):
    """``take_control``: the card, and the zone it goes to."""

    zone = zone_field("monster")


class SpellTrapZoneSchema(_CardAction):
    """``set_spell_trap``: the card, and the zone it goes to."""

    zone = zone_field("spell_trap")


class ActivateSchema(_CardAction):
    respond = StrictBool()
    target = CardId(allow_none=True)
    zone = zone_field("spell_trap")
    effect = StrictInt(validate=validate.Range(min=0), metadata={
        "description": "(revision 4) the effect used: its index (from 0) in the card's "
                       "effects; left out, the judge takes the one usable where the card "
                       "stands"})
    negated = StrictBool(metadata={
        "description": "(an extension) the activation was negated: a card so activated does "
                       "not count toward its activations_per_turn (docs/format.md)"})


class AttackSchema(_CardAction):
    target = CardId(required=True, allow_none=True)
    replay = StrictBool()
    by_effect = StrictBool()


#: (an extension) the cost of the activation just made of the card itself (docs/format.md).
_COST_DESCRIPTION = ("(an extension) the card of the open chain's last link leaves as the cost "
                     "of its own activation (a Spell sending itself to the GY, Ash Blossom "
                     "discarding itself): paid as it is activated, the chain stays open "
                     "(docs/format.md)")


class MoveSchema(_CardAction):
    to = fields.String(required=True, validate=validate.OneOf(m.MOVE_DESTINATIONS))
    cost = StrictBool(metadata={"description": _COST_DESCRIPTION})
    target = CardId(allow_none=True)
    zone = fields.String(validate=ANY_ZONE, metadata={
        "description": "with to: spell_trap, the Spell & Trap Zone it goes to (the judge picks "
                       "when left out); with to: monster_zone (required), the Monster Zone of "
                       "its controller it moves to"})
    face_up = StrictBool(metadata={"description": "with to: extra, the card goes to the "
                                                  "face-up Extra Deck (a Pendulum Monster)"})
    face_down = StrictBool(metadata={"description": "with to: spell_trap, the card is placed "
                                                    "face-down: an effect Sets it"})

    @validates_schema
    def _destination_fields(self, data: dict[str, Any], **kwargs: Any) -> None:
        to, zone = data["to"], data.get("zone")
        if to == "monster_zone":
            if zone is None:
                raise ValidationError("A move to monster_zone names the zone.", "zone")
            if zone not in MONSTER_ZONES:
                raise ValidationError(MONSTER_ZONE.error.format(
                    choices=", ".join(MONSTER_ZONES)), "zone")
        elif zone is not None and to != "spell_trap":
            raise ValidationError("A zone is named only for a move to spell_trap or "
                                  "monster_zone.", "zone")
        elif zone is not None and zone not in SPELL_TRAP_ZONES:
            raise ValidationError(SPELL_TRAP_ZONE.error.format(
                choices=", ".join(SPELL_TRAP_ZONES)), "zone")
        if data.get("face_up") and to != "extra":
            raise ValidationError("face_up is only for a move to extra.", "face_up")
        if data.get("face_down") and to != "spell_trap":
            raise ValidationError("face_down is only for a move to spell_trap.", "face_down")


class PendulumSummonSchema(ActionSchema):
    """``pendulum_summon`` (§6): the cards, and optionally their zones and positions."""

    cards = fields.List(CardId(), required=True, validate=[validate.Length(min=1), unique])
    zones = fields.List(fields.String(validate=MONSTER_ZONE), metadata={
        "description": "the Monster Zone of each card, in the order of cards (as zone on "
                       "other summons); the judge picks when left out"})
    positions = fields.List(fields.String(validate=validate.OneOf(("attack", "defense"))),
                            metadata={"description": "the face-up position of each card, in "
                                                     "the order of cards; attack when left "
                                                     "out"})

    @validates_schema
    def _one_per_card(self, data: dict[str, Any], **kwargs: Any) -> None:
        for key in ("zones", "positions"):
            if key in data and len(data[key]) != len(data["cards"]):
                raise ValidationError(f"One entry per card: {len(data['cards'])} cards, "
                                      f"{len(data[key])} {key}.", key)


class DiscardSchema(_CardAction):
    by_effect = StrictBool()
    cost = StrictBool(metadata={"description": _COST_DESCRIPTION})


class AmountSchema(ActionSchema):
    amount = StrictInt(required=True, validate=validate.Range(min=1, max=m.MAX_POINTS))


#: The action vocabulary of §2: type -> schema of its fields.
ACTION_SCHEMAS: dict[str, Schema] = {
    "draw": DrawSchema(), "phase": PhaseSchema(), "end_turn": ActionSchema(),
    "normal_summon": SummonSchema(), "set_monster": SummonSchema(),
    "flip_summon": _CardAction(), "change_position": ChangePositionSchema(),
    "special_summon": SpecialSummonSchema(), "quick_summon": QuickSummonSchema(),
    "set_spell_trap": SpellTrapZoneSchema(), "activate": ActivateSchema(),
    "resolve": ActionSchema(), "phase_effect": _CardAction(), "declare_attack": AttackSchema(),
    "take_control": MonsterZoneSchema(), "destroy": _CardAction(), "move": MoveSchema(),
    "discard": DiscardSchema(), "damage": AmountSchema(), "gain_lp": AmountSchema(),
    "surrender": ActionSchema(), "pendulum_summon": PendulumSummonSchema(),
}



class ActionField(fields.Field):  # type: ignore[type-arg]
    """One action: picks the schema by ``type`` and keeps the raw object for the verdict."""

    schemas: ClassVar[dict[str, Schema]] = ACTION_SCHEMAS

    def _deserialize(self, value: Any, attr: str | None, data: Any,
                     load: LoadWith = marshmallow_load, **kwargs: Any) -> m.Action:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise ValidationError("Not an action object.")
        kind = value.get("type")
        if not isinstance(kind, str) or kind not in self.schemas:
            raise ValidationError({"type": [f"Unknown action type {kind!r}; one of: "
                                            f"{', '.join(self.schemas)}."]})
        return self.action(value, load(self.schemas[kind], value))

    @staticmethod
    def action(value: Mapping[str, Any], loaded: dict[str, Any]) -> m.Action:
        """The action of a loaded object (``value`` kept as it came, for the verdict).

        >>> ActionField.action({"type": "surrender", "player": "p2"},
        ...                    {"type": "surrender", "player": "p2"}).player
        'p2'
        """
        return make_action(value, loaded)

    def fast_load(self, compiler: Compiler) -> Load:
        """This field compiled (it is loaded once per action): each type's schema compiled.

        >>> load = ActionField().fast_load(Compiler())
        >>> load({"type": "phase", "player": "p1", "to": "main1"}).to
        'main1'
        """
        return action_loader({kind: compiler.schema(schema)
                              for kind, schema in self.schemas.items()})

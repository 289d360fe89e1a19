"""marshmallow 4 schemas for the duel document: the one schema source (the API reuses them).

``DocumentSchema().load(data)`` returns a :class:`validator.document.model.Document` or raises
``marshmallow.ValidationError`` with messages keyed by path; :func:`validator.load_document`
turns that into :class:`validator.DocumentError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import (
    Schema,
    ValidationError,
    fields,
    post_load,
    pre_load,
    validate,
    validates_schema,
)

from validator.document import model as m
from validator.document.crosscheck import cross_check, cross_check_position
from validator.document.fastload import Compiler, Load, LoadWith, marshmallow_load
from validator.document.fastschema import FastSchema
from validator.document.limits_schema import LockSchema, MaterialsSchema
from validator.document.loading import action_loader, card_table, make_action, make_card
from validator.document.position import owners as position_owners
from validator.document.position_schema import StateSchema
from validator.document.strict import CardId, StrictBool, StrictInt
from validator.document.strict import Strict as _Base
from validator.document.zonecheck import zone_errors
from validator.engine.zones import MONSTER_ZONES, SPELL_TRAP_ZONES

__all__ = ["ACTION_SCHEMAS", "ActionField", "CardId", "CardSchema", "CardTable", "Deck",
           "DocumentSchema", "StrictBool", "StrictInt"]

_PLAYER = validate.OneOf(m.PLAYERS)
_MONSTER_ZONE = validate.OneOf(MONSTER_ZONES, error="Not a Monster Zone: one of {choices}.")
_SPELL_TRAP_ZONE = validate.OneOf(SPELL_TRAP_ZONES,
                                  error="Not a Spell & Trap Zone: one of {choices}.")
_ANY_ZONE = validate.OneOf((*MONSTER_ZONES, *SPELL_TRAP_ZONES),
                           error="Not a zone: one of {choices}.")


def _zone(kind: str) -> fields.String:
    """The optional ``zone`` of an action or a setup slot (docs/format.md)."""
    if kind == "monster":
        return fields.String(validate=_MONSTER_ZONE, metadata={
            "description": "the Monster Zone it goes to: M1-M5 from the player's own left, "
                           "EMZ-L or EMZ-R (left and right as p1 sees them); the judge picks "
                           "the first free zone the rules allow when left out"})
    return fields.String(validate=_SPELL_TRAP_ZONE, metadata={
        "description": "the Spell & Trap Zone it goes to: S1-S5 from the player's own left "
                       "(S1 and S5 are the Pendulum Zones in advanced); the judge picks when "
                       "left out"})


def _unique(values: list[Any]) -> None:
    """A list field naming each value once."""
    if len(set(values)) != len(values):
        raise ValidationError("Each value may appear only once.")


def _by_effects(values: list[Any]) -> None:
    """Effects named as a lock's ``by`` is: an index in the card's effects, or activation."""
    for by in values:
        if not (by == "activation" or (type(by) is int and 0 <= by < 64)):
            raise ValidationError("Each one an index in the card's effects (0-63) or "
                                  "\"activation\".")
    _unique(values)


class Deck(fields.Field):  # type: ignore[type-arg]
    """A deck: a count of unknown cards, or a list of card ids, top card first."""

    def _deserialize(self, value: Any, attr: str | None, data: Any,
                     **kwargs: Any) -> int | tuple[str, ...]:
        if isinstance(value, int) and not isinstance(value, bool):
            if value < 0:
                raise ValidationError("Must be greater than or equal to 0.")
            return value
        if isinstance(value, list) and all(isinstance(v, str) and v for v in value):
            return tuple(value)
        raise ValidationError("Not a count of cards or a list of card ids.")




class CardTable(fields.Field):  # type: ignore[type-arg]
    """The ``cards`` table: id -> card; errors are keyed ``cards.<id>.<field>``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.schema = CardSchema()

    def _deserialize(self, value: Any, attr: str | None, data: Any,
                     load: LoadWith = marshmallow_load, **kwargs: Any) -> dict[str, dict[str, Any]]:
        if not isinstance(value, Mapping):
            raise ValidationError("Not an object of card id -> card.")
        schema = self.schema
        out, errors = card_table(value, lambda raw: load(schema, raw), by_reference)
        if errors:
            raise ValidationError(errors)
        return out


class EffectSchema(_Base):
    """One of a card's activated effects (§1 ``effects``)."""

    kind = fields.String(required=True, validate=validate.OneOf(m.EFFECT_KINDS))
    from_ = fields.List(fields.String(validate=validate.OneOf(m.EFFECT_PLACES)),
                        data_key="from", required=True, validate=[
                            validate.Length(min=1, max=len(m.EFFECT_PLACES)), _unique])
    # revision 4 (§8): its limit
    once = fields.String(validate=validate.OneOf(m.ONCE), metadata={
        "description": "name: once per turn for every copy (a hard limit); copy: once per "
                       "turn for each copy on the field (a soft one); duel: once per Duel"})
    shared = fields.String(validate=validate.Length(min=1, max=40), metadata={
        "description": "a key naming the card's effects that share one use"})


class TributeFilterSchema(_Base):
    """What a double Tribute counts for (``double_tribute_for``, an extension: docs/format.md):
    the Tribute Summon of a monster with every property named."""

    attribute = fields.String(validate=validate.OneOf(m.ATTRIBUTES))
    race = fields.String(validate=validate.Length(min=1, max=40), metadata={
        "description": "its printed Type (race), as the card database names it: Fairy"})
    type = fields.String(validate=validate.Length(min=1, max=40), metadata={
        "description": "a card type it has: Normal, Pendulum"})
    cards = fields.List(StrictInt(validate=validate.Range(0, m.MAX_PASSCODE)),
                        validate=[validate.Length(min=1), _unique],
                        metadata={"description": "one of these passcodes (an archetype)"})

    @validates_schema
    def _something(self, data: dict[str, Any], **kwargs: Any) -> None:
        if not data:
            raise ValidationError("Name at least one of attribute, race, type, cards.")


class GrantedForSchema(TributeFilterSchema):
    """The monsters a Normal Summon procedure given from the field is for (``grants_tributes``'
    ``for``): those of a double Tribute's filter, and their Level."""

    level = StrictInt(validate=validate.Range(m.MIN_LEVEL, m.MAX_LEVEL), metadata={
        "description": "its Level is this"})
    level_min = StrictInt(validate=validate.Range(m.MIN_LEVEL, m.MAX_LEVEL), metadata={
        "description": "its Level is this or more"})

    @validates_schema
    def _something(self, data: dict[str, Any], **kwargs: Any) -> None:
        if not data:
            raise ValidationError("Name at least one of attribute, race, type, cards, level, "
                                  "level_min.")


class AnyKindsSchema(GrantedForSchema):
    """The monsters an Equip's double Tribute counts for (``grants_double_tribute``): those
    named, or any (``{}``)."""

    @validates_schema
    def _something(self, data: dict[str, Any], **kwargs: Any) -> None:
        return None  # {}: any monster's Tribute Summon


class GrantedTributesSchema(_Base):
    """A Normal Summon procedure a card gives its controller's monsters in the hand while it
    is face-up on the field (``grants_tributes``, an extension: docs/format.md)."""

    tributes = fields.List(StrictInt(validate=validate.Range(0, m.MAX_TRIBUTES)),
                           required=True, validate=[validate.Length(min=1), _unique],
                           metadata={"description": "the numbers of Tributes it allows"})
    for_ = fields.Nested(GrantedForSchema, data_key="for", metadata={
        "description": "the monsters it is for (absent: any)"})


class TrapMonsterSchema(_Base):
    """What a Trap that Special Summons itself as a monster is as one (``trap_monster``, an
    extension: docs/format.md)."""

    level = StrictInt(required=True, validate=validate.Range(m.MIN_LEVEL, m.MAX_LEVEL))
    atk = StrictInt(validate=validate.Range(0, m.MAX_POINTS))
    def_ = StrictInt(data_key="def", validate=validate.Range(0, m.MAX_POINTS))


class CardSchema(_Base):
    """One entry of ``cards``; the id is its key in the table. A card given by ``passcode``
    (or by ``name`` alone) is filled from the card database first (:func:`by_reference`)."""

    # Required, unless the card is given by passcode or by name (the database then gives it).
    kind = fields.String(validate=validate.OneOf(m.KINDS), metadata={
        "description": "required unless the card is looked up by passcode or name"})
    name = fields.String(validate=validate.Length(max=200), metadata={
        "description": "with no kind and no passcode: looked up in the card database"})
    passcode = StrictInt(validate=validate.Range(0, m.MAX_PASSCODE), metadata={
        "description": "the number printed on the card: looked up in the card database, "
                       "which gives every field the document leaves out"})
    # revision 4: a few Level 0 and Rank 0 monsters exist, and Rank 13 (contract §1)
    level = StrictInt(validate=validate.Range(m.MIN_LEVEL, m.MAX_LEVEL))
    atk = StrictInt(validate=validate.Range(0, m.MAX_POINTS))
    # ``def`` is a Python keyword: the field is named by data_key.
    def_ = StrictInt(data_key="def", validate=validate.Range(0, m.MAX_POINTS))
    subtype = fields.String()
    effect = fields.String(validate=validate.OneOf(m.EFFECTS))
    phase_effect = fields.String(validate=validate.OneOf(("standby", "end")))
    owner = fields.String(validate=_PLAYER)
    token = StrictBool()
    # revision 3: the card's own rule facts
    tributes = fields.List(StrictInt(validate=validate.Range(0, m.MAX_TRIBUTES)),
                           validate=[validate.Length(min=1), _unique])
    normal_summon = StrictBool()
    gemini = StrictBool()
    effects = fields.List(fields.Nested(EffectSchema))
    grants = fields.List(fields.String(validate=validate.OneOf(m.GRANTS)), validate=_unique)
    # revision 4: more of the card's own rule facts
    trap_from_hand = StrictBool(metadata={"description": "a Trap its own text lets be "
                                                         "activated from the hand"})
    double_tribute = StrictBool(metadata={"description": "a monster that can count as 2 "
                                                         "Tributes"})
    # extension (docs/format.md): the Tribute Summons a double Tribute counts for
    double_tribute_for = fields.Nested(TributeFilterSchema, metadata={
        "description": "with double_tribute: the Tribute Summons it counts as 2 for (the "
                       "card database fills it); absent, any"})
    # extensions (docs/format.md): an attack in Defense Position its own text allows, the
    # Normal Summon procedures a card gives its controller's other monsters
    defense_attack = StrictBool(metadata={"description": "a monster its own text lets attack "
                                                         "while in face-up Defense Position"})
    attacks_directly = StrictBool(metadata={"description": "a monster its own text lets "
                                                           "attack directly"})
    grants_tributes = fields.List(fields.Nested(GrantedTributesSchema), metadata={
        "description": "Normal Summons with these Tributes it allows its controller's "
                       "monsters in the hand while it is face-up on the field"})
    xyz_material_effects = fields.List(
        fields.String(validate=validate.OneOf(m.EFFECT_KINDS)), validate=_unique, metadata={
            "description": "the kinds of the effects an Xyz Monster gains while it has this "
                           "card (a monster, or a Spell attached as one) as an Xyz Material"})
    set_turn = fields.List(fields.String(validate=validate.OneOf(m.SET_TURN)),
                           validate=_unique, metadata={
                               "description": "who may activate a Trap or Quick-Play Spell "
                                              "the turn it was Set, as this card allows"})
    grants_double_tribute = fields.Nested(AnyKindsSchema, metadata={
        "description": "an Equip Card whose equipped monster can count as 2 Tributes for the "
                       "Tribute Summon of a monster it names ({} for any)"})
    gives_gemini_status = StrictBool(metadata={
        "description": "a Gemini monster this card's effect Special Summons is treated as an "
                       "Effect Monster and gains its effects"})
    gives_gemini_status_by = fields.List(fields.Raw(), validate=_by_effects, metadata={
        "description": "the effects that give it: indexes in effects, or activation; left "
                       "out: any resolution of the card"})
    lessens_tributes = fields.Nested(AnyKindsSchema, metadata={
        "description": "once this card's effect resolved, its player may Tribute Summon a "
                       "monster it names ({} for any) with 1 less Tribute this turn"})
    lessens_tributes_by = fields.List(fields.Raw(), validate=_by_effects, metadata={
        "description": "the effects that do so: indexes in effects, or activation; left "
                       "out: any resolution of the card"})
    trap_monster = fields.Nested(TrapMonsterSchema, metadata={
        "description": "a Trap that Special Summons itself as a monster: its Level, ATK and "
                       "DEF as one"})
    # Link and Pendulum Monsters (their rules are the advanced ruleset's, §6)
    link = StrictInt(validate=validate.Range(1, 8))
    link_arrows = fields.List(fields.String(validate=validate.OneOf(m.LINK_ARROWS)),
                              validate=_unique)
    pendulum = StrictBool()
    scale = StrictInt(validate=validate.Range(0, 13))
    # revision 4 (§8): the card's own limits
    activations_per_turn = StrictInt(validate=validate.Range(1, 9), allow_none=True, metadata={
        "description": "how many times a turn the card may be activated (null: not judged, "
                       "a fact of the card database's set aside)"})
    activation_once = fields.String(validate=validate.OneOf(("name",)), allow_none=True,
                                    metadata={
        "description": "a Spell's or Trap's activation as the use of its effect, once per turn "
                       "for every copy (\"You can only use each effect of X once per turn\"; "
                       "a negated activation spends it; null: not judged), an extension"})
    activation_shared = fields.String(validate=validate.Length(1, 40), allow_none=True,
                                      metadata={
        "description": "the shared key of the card's effects that share one use with its "
                       "activation (\"You can only use 1 X effect per turn\"), an extension"})
    summons_per_turn = StrictInt(validate=validate.Range(1, 9), allow_none=True, metadata={
        "description": "how many times a turn it may be Special Summoned (null: not judged)"})
    materials = fields.List(fields.Nested(MaterialsSchema), validate=validate.Length(min=1),
                            allow_none=True,
                            metadata={"description": "an Extra Deck or Ritual monster's "
                                                     "Summon procedures (any one of them; "
                                                     "null: not judged)"})
    locks = fields.List(fields.Nested(LockSchema), metadata={
        "description": "the Special Summon restrictions its effects put on its controller"})

    @validates_schema
    def _kind_fields(self, data: dict[str, Any], **kwargs: Any) -> None:
        kind = data.get("kind")
        if kind is None:
            raise ValidationError("Missing data for required field.", "kind")
        if kind == "monster":
            if "level" not in data and "link" not in data:
                raise ValidationError(f"A monster needs a level ({m.MIN_LEVEL} to "
                                      f"{m.MAX_LEVEL}).", "level")
            if "level" in data and "link" in data:
                raise ValidationError("A Link Monster has a link rating and no level.", "level")
            if "subtype" in data:
                raise ValidationError("Only Spells and Traps have a subtype.", "subtype")
            if "link_arrows" in data and "link" not in data:
                raise ValidationError("Only a Link Monster (with a link rating) has arrows.",
                                      "link_arrows")
            for key in ("trap_from_hand", "trap_monster", "activation_once",
                        "activation_shared"):
                if data.get(key) is not None:
                    raise ValidationError(f"A monster card has no {key}.", key)
            if "scale" in data and not data.get("pendulum"):
                raise ValidationError("Only a Pendulum Monster (pendulum: true) has a Scale.",
                                      "scale")
        else:
            for key in ("level", "atk", "def_", "token", "tributes", "normal_summon", "gemini",
                        "double_tribute", "double_tribute_for", "defense_attack",
                        "attacks_directly", "link", "link_arrows",
                        "pendulum", "scale", "summons_per_turn", "materials"):
                if key in data and not (key in ("summons_per_turn", "materials") and
                                        data[key] is None):
                    name = "def" if key == "def_" else key
                    raise ValidationError(f"A {kind} card has no {name}.", name)
            for key in ("trap_from_hand", "trap_monster"):
                if kind == "spell" and key in data:
                    raise ValidationError(f"A spell card has no {key}.", key)
            allowed = m.SPELL_SUBTYPES if kind == "spell" else m.TRAP_SUBTYPES
            if data.get("subtype") not in allowed:
                raise ValidationError(
                    f"A {kind} needs a subtype, one of: {', '.join(allowed)}.", "subtype")


def by_reference(raw: Mapping[str, Any]) -> dict[str, Any]:
    """A card given by ``passcode`` (or by ``name`` with no ``kind``), filled from the card
    database: the document's own fields win (§1). Raises ``ValidationError`` naming what was
    looked up when the database does not know the card.

    >>> by_reference({"passcode": 70095154})["name"]
    'Cyber Dragon'
    >>> by_reference({"name": "Double Summon", "owner": "p1"})["grants"]
    ['normal_summon']
    """
    from validator.cards import database

    passcode, name = raw.get("passcode"), raw.get("name")
    if "passcode" in raw and not (type(passcode) is int and 0 <= passcode <= m.MAX_PASSCODE):
        return dict(raw)  # the schema words the error
    db = database()
    found = db.card(passcode) if type(passcode) is int else None
    if found is None and "passcode" not in raw and isinstance(name, str):
        found = db.named(name)
    if found is None:
        if "passcode" in raw:
            raise ValidationError(f"No card with passcode {passcode} in the card database.")
        hint = db.similar(str(name)) if isinstance(name, str) else []
        more = f" Did you mean: {', '.join(repr(n) for n in hint)}?" if hint else ""
        raise ValidationError(f"No card named {str(name)!r} in the card database.{more}")
    entry = found.entry()
    if "passcode" not in raw:
        del entry["passcode"]  # looked up by name: the document did not say which printing
        entry["passcode"] = found.passcode
    return {**entry, **raw}


class PlacedMonsterSchema(_Base):
    card = CardId(required=True)
    position = fields.String(required=True, validate=validate.OneOf(m.POSITIONS))
    #: Extension: a Gemini monster already Gemini Summoned in an earlier turn.
    gemini_summoned = StrictBool(metadata={"description": "a Gemini monster Gemini Summoned "
                                                          "in an earlier turn (it has its "
                                                          "effects)"})
    zone = _zone("monster")

    @post_load
    def _make(self, data: dict[str, Any], **kwargs: Any) -> m.Placed:
        return m.Placed(card=data["card"], position=data["position"],
                        gemini=data.get("gemini_summoned", False), zone=data.get("zone"))


class PlacedSpellTrapSchema(_Base):
    card = CardId(required=True)
    face_up = StrictBool(required=True)
    equipped_to = CardId(allow_none=True)
    zone = _zone("spell_trap")

    @post_load
    def _make(self, data: dict[str, Any], **kwargs: Any) -> m.Placed:
        return m.Placed(card=data["card"], face_up=data["face_up"],
                        equipped_to=data.get("equipped_to"), zone=data.get("zone"))


class SetupPlayerSchema(_Base):
    deck = Deck(load_default=40)
    hand = fields.List(CardId(), load_default=list)
    lp = StrictInt(load_default=8000, validate=validate.Range(1, m.MAX_POINTS))
    # At most 5 (6 in advanced, one in an Extra Monster Zone): checked with the ruleset.
    monsters = fields.List(fields.Nested(PlacedMonsterSchema), load_default=list,
                           validate=validate.Length(max=len(MONSTER_ZONES)))
    spell_traps = fields.List(fields.Nested(PlacedSpellTrapSchema), load_default=list,
                              validate=validate.Length(max=5))
    field_spell = fields.Nested(PlacedSpellTrapSchema, allow_none=True, load_default=None)
    graveyard = fields.List(CardId(), load_default=list)
    banished = fields.List(CardId(), load_default=list)
    extra = fields.List(CardId(), load_default=list)
    extra_face_up = fields.List(CardId(), load_default=list, metadata={
        "description": "the face-up Extra Deck: Pendulum Monsters sent there from the field"})

    @post_load
    def _make(self, data: dict[str, Any], **kwargs: Any) -> m.SetupPlayer:
        fields_: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                                   for k, v in data.items()}
        return m.SetupPlayer(**fields_)


class SetupSchema(_Base):
    # Optional in the contract: the pre-load step below fills a missing side with defaults.
    p1 = fields.Nested(SetupPlayerSchema)
    p2 = fields.Nested(SetupPlayerSchema)

    @pre_load
    def _default_sides(self, data: Any, **kwargs: Any) -> Any:
        """A side left out is a side with every default (defaults are loaded, not copied)."""
        if isinstance(data, Mapping):
            return {"p1": {}, "p2": {}, **data}
        return data


class ActionSchema(_Base):
    """Fields every action has; one subclass per action type adds its own."""

    type = fields.String(required=True)
    player = fields.String(required=True, validate=_PLAYER)
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
    zone = _zone("monster")


class ChangePositionSchema(_CardAction):
    to = fields.String(required=True, validate=validate.OneOf(m.POSITIONS))
    by_effect = StrictBool()


class QuickSummonSchema(_CardAction):
    position = fields.String(validate=validate.OneOf(m.POSITIONS))
    zone = _zone("monster")


class SpecialSummonSchema(QuickSummonSchema):
    """``special_summon``: with revision 4's ``method`` and ``materials``."""

    method = fields.String(validate=validate.OneOf(m.SUMMON_METHODS), metadata={
        "description": "(revision 4) how it was Special Summoned: link, xyz, synchro, fusion, "
                       "ritual, or procedure (the card's own Summon procedure, as Cyber "
                       "Dragon's); left out, by a card's effect"})
    materials = fields.List(CardId(), validate=_unique, metadata={
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

    zone = _zone("monster")


class SpellTrapZoneSchema(_CardAction):
    """``set_spell_trap``: the card, and the zone it goes to."""

    zone = _zone("spell_trap")


class ActivateSchema(_CardAction):
    respond = StrictBool()
    target = CardId(allow_none=True)
    zone = _zone("spell_trap")
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
    zone = fields.String(validate=_ANY_ZONE, metadata={
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
                raise ValidationError(_MONSTER_ZONE.error.format(
                    choices=", ".join(MONSTER_ZONES)), "zone")
        elif zone is not None and to != "spell_trap":
            raise ValidationError("A zone is named only for a move to spell_trap or "
                                  "monster_zone.", "zone")
        elif zone is not None and zone not in SPELL_TRAP_ZONES:
            raise ValidationError(_SPELL_TRAP_ZONE.error.format(
                choices=", ".join(SPELL_TRAP_ZONES)), "zone")
        if data.get("face_up") and to != "extra":
            raise ValidationError("face_up is only for a move to extra.", "face_up")
        if data.get("face_down") and to != "spell_trap":
            raise ValidationError("face_down is only for a move to spell_trap.", "face_down")


class PendulumSummonSchema(ActionSchema):
    """``pendulum_summon`` (§6): the cards, and optionally their zones and positions."""

    cards = fields.List(CardId(), required=True, validate=[validate.Length(min=1), _unique])
    zones = fields.List(fields.String(validate=_MONSTER_ZONE), metadata={
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


class DocumentSchema(FastSchema, _Base):
    """The whole duel document of §1 (loaded through :mod:`validator.document.fastload` when it is
    plainly valid, by marshmallow otherwise)."""

    # Optional: "classic", unless a position says which ruleset judged it (see _make).
    ruleset = fields.String(validate=validate.OneOf(
        m.RULESETS, error="Unknown ruleset {input!r}; known: {choices}."), metadata={
        "description": "classic (the default) or advanced (§6); a document with a position "
                       "is judged by the position's ruleset"})
    turn = StrictInt(load_default=1, validate=validate.Range(min=1, max=m.MAX_TURN))
    turn_player = fields.String(load_default="p1", validate=_PLAYER)
    cards = CardTable(required=True)
    setup = fields.Nested(SetupSchema)  # optional: filled with defaults before loading
    position = fields.Nested(StateSchema, metadata={
        "description": "instead of turn, turn_player and setup: a verdict's state, to go on "
                       "from there (mid-turn and mid-chain included)"})
    actions = fields.List(ActionField(), load_default=list)
    #: Extension: where the document came from (an importer's notes); never judged.
    source = fields.Dict(metadata={"description": "where the document came from, e.g. an "
                                                  "importer's notes; ignored by the rules"})

    @pre_load
    def _default_setup(self, data: Any, **kwargs: Any) -> Any:
        """A missing ``setup`` is every default; a ``position`` replaces all three fields.
        A body that is not an object is told so in the words every other way of sending a
        document uses (``load_document``, a batch line), not marshmallow's own."""
        if not isinstance(data, Mapping):
            raise ValidationError({"_document": ["A duel document is a JSON object."]})
        if "position" in data:
            clash = [key for key in ("turn", "turn_player", "setup") if key in data]
            if clash:
                raise ValidationError({key: ["A document starts either from a position or "
                                             "from turn, turn_player and setup, not both."]
                                       for key in clash})
            return data
        if "setup" not in data:
            return {**data, "setup": {}}
        return data

    @validates_schema(skip_on_field_errors=True)
    def _cross_check(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "position" in data:
            errors = cross_check_position(data["cards"], data["position"], data["actions"])
            said = data["position"]["ruleset"]
            if said is not None and data.get("ruleset", said) != said:
                errors["ruleset"] = [f"The position was judged by {said!r}: a document going "
                                     f"on from it is judged by the same ruleset."]
        else:
            errors = cross_check(data["cards"], data["setup"], data["actions"])
        ruleset = _ruleset(data)
        zone_errors(data, ruleset, errors)
        if errors:
            raise ValidationError(errors)

    @post_load
    def _make(self, data: dict[str, Any], **kwargs: Any) -> m.Document:
        position = data.get("position")
        if position is not None:
            tokens = {cid for cid, raw in data["cards"].items() if raw.get("token")}
            side: dict[str, m.Player] = position_owners(position, tokens)
            setup: dict[m.Player, m.SetupPlayer] = {}
            turn, turn_player = position["turn"], position["turn_player"]
        else:
            setup = {"p1": data["setup"]["p1"], "p2": data["setup"]["p2"]}
            side = {cid: p for p in m.PLAYERS for cid, _ in setup[p].placements()}
            turn, turn_player = data["turn"], data["turn_player"]
        cards = {cid: make_card(cid, raw, side.get(cid)) for cid, raw in data["cards"].items()}
        return m.Document(cards=cards, setup=setup, actions=tuple(data["actions"]),
                          ruleset=_ruleset(data), turn=turn, turn_player=turn_player,
                          source=data.get("source"), position=position)


def _ruleset(data: Mapping[str, Any]) -> str:
    """The document's ruleset: its own, else its position's, else ``classic``."""
    position = data.get("position")
    said = position.get("ruleset") if position is not None else None
    return str(data.get("ruleset") or said or "classic")

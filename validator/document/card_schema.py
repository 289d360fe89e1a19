"""The card of the duel document (§1 ``cards``): the ``cards`` table, one card's schema with
its effects, Tribute filters, granted procedures and Trap Monster facts, and a card given by
passcode or name filled from the card database (:func:`by_reference`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError, fields, validate, validates_schema

from validator.document import model as m
from validator.document.fastload import LoadWith, marshmallow_load
from validator.document.field_checks import PLAYER, unique
from validator.document.limits_schema import LockSchema, MaterialsSchema
from validator.document.loading import card_table
from validator.document.strict import Strict as _Base
from validator.document.strict import StrictBool, StrictInt


def _by_effects(values: list[Any]) -> None:
    """Effects named as a lock's ``by`` is: an index in the card's effects, or activation."""
    for by in values:
        if not (by == "activation" or (type(by) is int and 0 <= by < 64)):
            raise ValidationError("Each one an index in the card's effects (0-63) or "
                                  "\"activation\".")
    unique(values)


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
                            validate.Length(min=1, max=len(m.EFFECT_PLACES)), unique])
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
                        validate=[validate.Length(min=1), unique],
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
                           required=True, validate=[validate.Length(min=1), unique],
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
    owner = fields.String(validate=PLAYER)
    token = StrictBool()
    # revision 3: the card's own rule facts
    tributes = fields.List(StrictInt(validate=validate.Range(0, m.MAX_TRIBUTES)),
                           validate=[validate.Length(min=1), unique])
    normal_summon = StrictBool()
    gemini = StrictBool()
    effects = fields.List(fields.Nested(EffectSchema))
    grants = fields.List(fields.String(validate=validate.OneOf(m.GRANTS)), validate=unique)
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
        fields.String(validate=validate.OneOf(m.EFFECT_KINDS)), validate=unique, metadata={
            "description": "the kinds of the effects an Xyz Monster gains while it has this "
                           "card (a monster, or a Spell attached as one) as an Xyz Material"})
    set_turn = fields.List(fields.String(validate=validate.OneOf(m.SET_TURN)),
                           validate=unique, metadata={
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
                              validate=unique)
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

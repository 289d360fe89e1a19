"""The schema of a duel's state (contract §3), which is also a document's ``position`` (§1).

One definition serves both ways: a verdict's ``state`` is documented by :class:`StateSchema`,
and a document's ``position`` is loaded by it, so a state sent back as a position is accepted
exactly as it came. Every field a state always has is required; the few a state leaves out
when empty (a monster's ``materials``, an Equip's ``equipped_to`` and ``waiting_for``, the
indexes of what this turn has not used, ``this_turn.foes_changed``) are optional. Which
card ids a position may name, and where, is cross-checked with the document's ``cards``
(:mod:`validator.document.crosscheck`).
"""

from __future__ import annotations

from typing import Any, Final

from marshmallow import fields, validate

from validator.document import model as m
from validator.document.strict import CardId, StrictBool, StrictInt
from validator.document.strict import Strict as _Base
from validator.engine.zones import MONSTER_ZONES, SPELL_TRAP_ZONES

#: Numbers in a position may pass a document's bounds (turns after turn 1,000,000, Life
#: Points gained past 1,000,000,000): they stay within what a 64-bit integer holds.
MAX_NUMBER: Final = 10**18
_PLAYER = validate.OneOf(m.PLAYERS)
_COUNT = validate.Range(0, MAX_NUMBER)


def _ids(description: str, **kwargs: Any) -> fields.List[Any]:
    return fields.List(CardId(), required=True, metadata={"description": description},
                       **kwargs)


def _indexes(description: str) -> fields.Dict:
    return fields.Dict(keys=CardId(), values=StrictInt(validate=_COUNT), required=True,
                       metadata={"description": description})


class MonsterSlotSchema(_Base):
    card = CardId(required=True)
    position = fields.String(required=True, validate=validate.OneOf(m.POSITIONS))
    materials = fields.List(CardId(), load_default=list, metadata={
        "description": "the Xyz Materials attached under it, when it has any"})
    gemini_summoned = StrictBool(load_default=False, metadata={
        "description": "a Gemini monster that was Gemini Summoned where it stands (it has "
                       "its effects)"})
    zone = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(
        MONSTER_ZONES), metadata={"description": "its Monster Zone: M1-M5 from its "
                                                 "controller's left, or EMZ-L / EMZ-R (left "
                                                 "and right as p1 sees them); the first free "
                                                 "one when left out"})


class SpellTrapSlotSchema(_Base):
    card = CardId(required=True)
    face_up = StrictBool(required=True)
    equipped_to = CardId(allow_none=True, load_default=None,
                         metadata={"description": "the monster an Equip is attached to"})
    waiting_for = CardId(allow_none=True, load_default=None, metadata={
        "description": "an Equip Spell's monster in a Graveyard or banished: it is equipped "
                       "when a special_summon brings that monster to the field"})
    zone = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(
        SPELL_TRAP_ZONES), metadata={"description": "its Spell & Trap Zone, S1-S5 from its "
                                                    "controller's left (none in the Field "
                                                    "Zone); the first free one when left out"})


class SideStateSchema(_Base):
    lp = StrictInt(required=True, validate=validate.Range(-MAX_NUMBER, MAX_NUMBER))
    deck = StrictInt(required=True, validate=_COUNT,
                     metadata={"description": "cards left in the deck, named or not"})
    deck_cards = _ids("the named cards of the deck, top first; the rest of the count are "
                      "unknown cards")
    hand = fields.List(CardId(allow_none=True), required=True,
                       metadata={"description": "card ids; null for a card not yet known"})
    monsters = fields.List(fields.Nested(MonsterSlotSchema), required=True,
                           validate=validate.Length(max=len(MONSTER_ZONES)), metadata={
                               "description": "at most 5 (classic), or 5 in the Main Monster "
                                              "Zones and 1 in an Extra Monster Zone "
                                              "(advanced)"})
    spell_traps = fields.List(fields.Nested(SpellTrapSlotSchema), required=True,
                              validate=validate.Length(max=5))
    field_spell = fields.Nested(SpellTrapSlotSchema, required=True, allow_none=True)
    graveyard = _ids("the Graveyard, oldest first")
    banished = _ids("banished cards")
    extra = _ids("the Extra Deck")
    extra_face_up = fields.List(CardId(), load_default=list, metadata={
        "description": "the face-up Extra Deck: Pendulum Monsters sent there from the field "
                       "(advanced), oldest first"})


class PlayersSchema(_Base):
    p1 = fields.Nested(SideStateSchema, required=True)
    p2 = fields.Nested(SideStateSchema, required=True)


#: What this turn has used once (a boolean in ``this_turn``), by the state's names.
ONCE_RECORDS: Final = ("normal_draw", "normal_summon", "quick_summon", "pendulum_summon")
#: What this turn records per card (a list of ids in ``this_turn``), and what the list holds.
CARD_RECORDS: Final = {
    "positions_changed": "monsters whose battle position was changed by hand",
    "attacked": "monsters that attacked", "placed": "cards placed on the field this turn",
    "set": "cards Set this turn",
    "phase_effects_resolved": "cards whose phase effect was resolved in this phase"}

#: The index (counted over the whole duel) of the action that used each thing.
TurnIndexesSchema = _Base.from_dict({
    **{name: StrictInt(validate=_COUNT) for name in ONCE_RECORDS},
    **{name: _indexes(f"card -> the action that made it one of the {what}")
       for name, what in CARD_RECORDS.items()},
    "declared": _indexes("card -> its last attack declaration")}, name="TurnIndexesSchema")


class SpecialSummonedSchema(_Base):
    player = fields.String(required=True, validate=_PLAYER)
    card = CardId(required=True)
    index = StrictInt(required=True, validate=_COUNT,
                      metadata={"description": "the action that Special Summoned it"})
    from_extra = StrictBool(required=True, metadata={
        "description": "it came from the Extra Deck"})


class ActiveLockSchema(_Base):
    player = fields.String(required=True, validate=_PLAYER)
    card = CardId(required=True, metadata={"description": "the card whose lock it is"})
    lock = StrictInt(required=True, validate=validate.Range(0, 99),
                     metadata={"description": "its index in the card's locks"})
    since = StrictInt(required=True, validate=_COUNT, metadata={
        "description": "it holds for the actions after this one"})


class GuessedUseSchema(_Base):
    player = fields.String(required=True, validate=_PLAYER)
    card = CardId(required=True)
    index = StrictInt(required=True, validate=_COUNT, metadata={
        "description": "the activation that named no effect"})
    options = fields.List(StrictInt(validate=validate.Range(0, 99)), required=True,
                          validate=validate.Length(2, 100), metadata={
                              "description": "the effects (indexes) it could have used"})
    chosen = StrictInt(required=True, validate=validate.Range(0, 99), metadata={
        "description": "the one the judge took (a later use may move it to another)"})


def _uses(description: str) -> fields.Dict:
    return fields.Dict(keys=fields.String(validate=validate.Length(1, 200)),
                       values=StrictInt(validate=_COUNT), load_default=dict,
                       metadata={"description": description})


def _counts(description: str) -> fields.Dict:
    return fields.Dict(keys=fields.String(validate=validate.Length(1, 200)),
                       values=fields.List(StrictInt(validate=_COUNT)), load_default=dict,
                       metadata={"description": description})


class TurnLimitsSchema(_Base):
    """(revision 4, §8) what the card limits counted this turn (docs/format.md)."""

    uses = _uses("player|key of a limited effect's use (hard: shared by every copy) -> the "
                 "action that used it")
    copy_uses = fields.Dict(keys=CardId(), values=fields.Dict(
        keys=fields.String(validate=validate.Length(1, 20)), values=StrictInt(validate=_COUNT)),
        load_default=dict, metadata={"description": "card -> its own (soft) limited uses: "
                                                    "the effect's index or shared -> the "
                                                    "action"})
    activations = _counts("player|the card's name key -> the actions that activated it")
    summons = _counts("player|the card's name key -> the actions that Special Summoned it")
    special_summons = fields.List(fields.Nested(SpecialSummonedSchema), load_default=list)
    locks = fields.List(fields.Nested(ActiveLockSchema), load_default=list,
                        metadata={"description": "the card locks holding this turn"})
    guesses = fields.List(fields.Nested(GuessedUseSchema), load_default=list, metadata={
        "description": "activations whose effect the judge chose among several"})


class ThisTurnSchema(_Base):
    normal_draw = StrictBool(required=True)
    normal_summon = StrictBool(required=True)
    quick_summon = StrictBool(required=True)
    pendulum_summon = StrictBool(load_default=False, metadata={
        "description": "a Pendulum Summon was made this turn (advanced)"})
    positions_changed = _ids(CARD_RECORDS["positions_changed"])
    attacked = _ids(CARD_RECORDS["attacked"])
    placed = _ids(CARD_RECORDS["placed"])
    set = _ids(CARD_RECORDS["set"])
    phase_effects_resolved = _ids(CARD_RECORDS["phase_effects_resolved"])
    phase_effects_due = _ids("cards whose mandatory phase effect is still due in this phase")
    declared = fields.Dict(keys=CardId(), values=fields.List(CardId()), required=True,
                           metadata={"description": "monster -> the monsters its opponent "
                                                    "controlled at its last attack "
                                                    "declaration (for replays)"})
    foes_changed = fields.List(CardId(), load_default=list, metadata={
        "description": "monsters whose opponent's monsters changed since their last attack "
                       "declaration (one left a Monster Zone or one came, even if the same "
                       "ids stand there again): a replay may follow; left out when empty"})
    indexes = fields.Nested(TurnIndexesSchema, required=True)
    granted = fields.Dict(keys=fields.String(validate=validate.OneOf(m.PLAYERS)),
                          values=fields.List(fields.String(validate=validate.OneOf(m.GRANTS))),
                          load_default=dict, metadata={
                              "description": "player -> what cards resolved this turn let "
                                             "them do (revision 3 grants)"})
    lessened_by = fields.Dict(keys=fields.String(validate=validate.OneOf(m.PLAYERS)),
                              values=fields.List(CardId()), load_default=dict, metadata={
                                  "description": "player -> the cards whose effect resolved "
                                                 "this turn lets them Tribute Summon with 1 "
                                                 "less Tribute (an extension: "
                                                 "lessens_tributes); left out when none"})
    gemini_status_by = fields.Dict(keys=fields.String(validate=validate.OneOf(m.PLAYERS)),
                                   values=fields.List(CardId()), load_default=dict, metadata={
                                       "description": "player -> the cards of the last chain "
                                                      "resolved that give the Gemini monsters "
                                                      "they Special Summon their effects (an "
                                                      "extension: gives_gemini_status); left "
                                                      "out when none"})
    limits = fields.Nested(TurnLimitsSchema, load_default=None, metadata={
        "description": "(revision 4) what the card limits counted this turn; left out when "
                       "nothing"})


class ChainLinkSchema(_Base):
    card = CardId(required=True)
    player = fields.String(required=True, validate=_PLAYER)
    speed = StrictInt(required=True, validate=validate.Range(1, 3))
    card_activation = StrictBool(required=True, metadata={
        "description": "true when the Spell or Trap card itself was activated, false for "
                       "an effect"})
    target = CardId(required=True, allow_none=True)
    locks = fields.List(StrictInt(validate=validate.Range(0, 99)), load_default=list,
                        metadata={"description": "(revision 4) the card's locks (indexes) "
                                                 "its resolution imposes; left out when none"})
    effect = StrictInt(load_default=None, validate=validate.Range(0, 63), metadata={
        "description": "the effect activated (its index in the card's effects), where it is "
                       "known; left out for a card activation or an effect not known"})


class PendingMaterialSchema(_Base):
    card = CardId(required=True)
    monster = CardId(required=True, metadata={"description": "the Xyz Monster it goes under "
                                                             "when it enters a Monster Zone"})


class OutcomeSchema(_Base):
    winner = fields.String(required=True, validate=_PLAYER)
    reason = fields.String(required=True, validate=validate.OneOf(
        ("deck_out", "life_points", "surrender")))


class StateSchema(_Base):
    """The duel as it stands (§3): a verdict's ``state``, and a document's ``position``."""

    turn = StrictInt(required=True, validate=validate.Range(1, MAX_NUMBER))
    turn_player = fields.String(required=True, validate=_PLAYER)
    phase = fields.String(required=True, validate=validate.OneOf(m.PHASES))
    players = fields.Nested(PlayersSchema, required=True)
    this_turn = fields.Nested(ThisTurnSchema, required=True)
    chain = _ids("cards of the open chain, oldest link first")
    chain_links = fields.List(fields.Nested(ChainLinkSchema), required=True,
                              metadata={"description": "the open chain, oldest link first"})
    owners = fields.Dict(keys=CardId(), values=fields.String(validate=_PLAYER), required=True,
                         metadata={"description": "the owner of each card on the field under "
                                                  "its opponent's control, of each Xyz "
                                                  "Material, and of each token that has one"})
    pending_materials = fields.List(fields.Nested(PendingMaterialSchema), required=True,
                                    metadata={"description": "Xyz Materials attached to a "
                                                             "monster not in a Monster Zone"})
    gone = _ids("tokens that have ceased to exist")
    outcome = fields.Nested(OutcomeSchema, required=True, allow_none=True)
    actions_judged = StrictInt(required=True, validate=_COUNT, metadata={
        "description": "actions judged legal in the whole duel so far: the index the next "
                       "action has when the duel is judged at once"})
    duel_uses = _uses("(revision 4) player|key of a once-per-Duel effect's use -> the action "
                      "that used it; left out when none")
    levels_changed = fields.List(CardId(), load_default=list, metadata={
        "description": "monsters face-up on the field since the end of a turn in which a card "
                       "whose Level change may outlast the turn was used (lasting_level): "
                       "their Level as a material is not judged (summon.materials); left "
                       "out when none"})
    ruleset = fields.String(load_default=None, validate=validate.OneOf(m.RULESETS), metadata={
        "description": "the ruleset the duel is judged by: a document going on from this "
                       "state is judged by it too (naming another is a document error)"})

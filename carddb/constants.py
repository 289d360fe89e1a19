"""EDOPro's vocabulary as the card readings use it: its constants by name, as the scripts'
own ``constant.lua`` defines them (:class:`Constants`), and the contract's places (§1) by the
location bits and events that stand for them.
"""

from __future__ import annotations

from typing import Final

#: Places of the contract (§1), by the EDOPro location bits that stand for them.
PLACE_BITS: Final = (("LOCATION_HAND", "hand"), ("LOCATION_MZONE", "field"),
                     ("LOCATION_SZONE", "field"), ("LOCATION_FZONE", "field"),
                     ("LOCATION_PZONE", "field"), ("LOCATION_GRAVE", "graveyard"),
                     ("LOCATION_REMOVED", "banished"), ("LOCATION_EXTRA", "extra"))
#: The places in the order ``effects`` lists them; ``extra`` (revision 4) is the face-up Extra
#: Deck, where a Pendulum Monster goes when it leaves the field.
PLACE_ORDER: Final = ("field", "hand", "graveyard", "banished", "extra")
#: Where a trigger whose event names no place may be used (the reading that flags least).
ALL_PLACES: Final = PLACE_ORDER[:4]
#: Events of a card leaving the field: a Pendulum Monster goes to the face-up Extra Deck
#: instead of the Graveyard, so its trigger on such an event works from there too
#: (Supreme King Gate Zero: "If this card in the Monster Zone is destroyed").
LEAVES_FIELD: Final = frozenset({"EVENT_DESTROYED", "EVENT_BATTLE_DESTROYED", "EVENT_RELEASE",
                                 "EVENT_LEAVE_FIELD", "EVENT_BE_MATERIAL"})
#: Where a card stands when a trigger of its own (EFFECT_TYPE_SINGLE, no range) activates,
#: by the event that triggers it; an event not listed: anywhere (the reading that flags least).
EVENT_PLACES: Final = {
    "EVENT_SUMMON_SUCCESS": ("field",), "EVENT_FLIP_SUMMON_SUCCESS": ("field",),
    "EVENT_SPSUMMON_SUCCESS": ("field",), "EVENT_FLIP": ("field",),
    "EVENT_CHANGE_POS": ("field",), "EVENT_ATTACK_ANNOUNCE": ("field",),
    "EVENT_BE_BATTLE_TARGET": ("field",), "EVENT_BATTLE_START": ("field",),
    "EVENT_BATTLE_CONFIRM": ("field",), "EVENT_PRE_DAMAGE_CALCULATE": ("field",),
    "EVENT_PRE_BATTLE_DAMAGE": ("field",), "EVENT_BATTLED": ("field",),
    "EVENT_BATTLE_DESTROYING": ("field",), "EVENT_DAMAGE_STEP_END": ("field",),
    "EVENT_BATTLE_DAMAGE": ("field",), "EVENT_CONTROL_CHANGED": ("field",),
    "EVENT_EQUIP": ("field",), "EVENT_BECOME_TARGET": ("field",),
    "EVENT_TO_GRAVE": ("graveyard",), "EVENT_BATTLE_DESTROYED": ("graveyard", "banished"),
    "EVENT_DESTROYED": ("graveyard", "banished"), "EVENT_RELEASE": ("graveyard", "banished"),
    "EVENT_DISCARD": ("graveyard",), "EVENT_BE_MATERIAL": ("graveyard", "banished", "field"),
    "EVENT_REMOVE": ("banished",), "EVENT_TO_HAND": ("hand",), "EVENT_DRAW": ("hand",),
    "EVENT_LEAVE_FIELD": ("graveyard", "banished", "hand"),
}


class Constants:
    """EDOPro's constants by name, as the scripts' ``constant.lua`` defines them.

    >>> Constants({"EFFECT_TYPE_IGNITION": 64})["EFFECT_TYPE_IGNITION"]
    64
    """

    #: Constant families that share numbers with effect codes, never an effect code's name.
    NOT_CODES: Final = ("EFFECT_TYPE_", "EFFECT_FLAG_", "EFFECT_FLAG2_", "EFFECT_COUNT_CODE_")

    def __init__(self, values: dict[str, int]) -> None:
        self.values = dict(sorted(values.items()))  # names found in a fixed order

    def __getitem__(self, name: str) -> int:
        """A constant's value; a name ``constant.lua`` does not define is a bug here."""
        return self.values[name]

    def name(self, prefix: str, value: int) -> str | None:
        """The first constant named ``prefix...`` whose value is ``value``.

        >>> Constants({"EVENT_TO_GRAVE": 1014, "EFFECT_X": 1014}).name("EVENT_", 1014)
        'EVENT_TO_GRAVE'
        """
        for name, found in self.values.items():
            if found == value and name.startswith(prefix) and not (
                    prefix == "EFFECT_" and name.startswith(self.NOT_CODES)):
                return name
        return None

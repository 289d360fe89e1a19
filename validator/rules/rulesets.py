"""The rulesets a document may name (§1 ``ruleset``): what each changes, as class attributes.

The turn machine is one for every ruleset. A ruleset changes what guards find and what the
state does, never the machine: each check or effect that differs asks the duel's ruleset
(``DuelState.rules``) through one of these attributes. A new ruleset is a subclass that
overrides some of them, listed in :data:`RULESETS`.
"""

from __future__ import annotations

from typing import ClassVar, Final


class Ruleset:
    """``classic``: the rules of the seeds (contract §1-§4).

    >>> CLASSIC.name, CLASSIC.first_turn_draw, CLASSIC.zone_rules
    ('classic', True, False)
    """

    name: ClassVar[str] = "classic"
    #: The first player makes the normal draw in turn 1 (§6: not in ``advanced``).
    first_turn_draw: ClassVar[bool] = True
    #: Quick Summons exist (seed ``001_…``; §6: not in ``advanced``).
    quick_summon: ClassVar[bool] = True
    #: Zones have places that the rules check: Extra Monster Zones, Link arrows, occupied
    #: zones. Without them, zones are bookkeeping only (where the board draws a card).
    zone_rules: ClassVar[bool] = False
    #: Pendulum Zones, Pendulum Summons and the face-up Extra Deck (§6).
    pendulum: ClassVar[bool] = False
    #: A Link Monster is always in face-up Attack Position (§6).
    link_rules: ClassVar[bool] = False
    #: The order in which the judge fills Spell & Trap Zones when an action names none.
    spell_trap_order: ClassVar[tuple[str, ...]] = ("S1", "S2", "S3", "S4", "S5")
    #: The cards are played with today's texts, whose use limits the card database reads from
    #: today's scripts (an old format's texts set soft "Once per turn" limits where today's
    #: set hard ones: an importer carries an effect's ``once`` only under today's texts).
    todays_texts: ClassVar[bool] = False
    #: Checks and prepare steps (by name) that never do anything under this ruleset: each
    #: returns at once when the attribute it depends on says so. The fast path
    #: (validator/engine/fastpath.py) compiles them out of this ruleset's plan; the machine keeps
    #: them all, and tests judge both ways.
    compiled_out: ClassVar[frozenset[str]] = frozenset({
        "no_normal_draw_in_first_turn", "quick_summon_exists", "extra_deck_summon_zone",
        "extra_monster_zone_free", "link_stays_in_attack_position", "forget_placement"})

    def __repr__(self) -> str:
        return f"<ruleset {self.name}>"


class Advanced(Ruleset):
    """``advanced``: today's TCG (Master Rule as revised in April 2021), as Duelingbook's
    Advanced format plays it (§6).

    >>> ADVANCED.first_turn_draw, ADVANCED.spell_trap_order
    (False, ('S2', 'S3', 'S4', 'S1', 'S5'))
    """

    name: ClassVar[str] = "advanced"
    first_turn_draw: ClassVar[bool] = False
    quick_summon: ClassVar[bool] = False
    zone_rules: ClassVar[bool] = True
    pendulum: ClassVar[bool] = True
    link_rules: ClassVar[bool] = True
    todays_texts: ClassVar[bool] = True
    #: The Pendulum Zones (1 and 5) are filled last, so that a card the log did not place
    #: never takes the zone a later Pendulum Scale needs.
    spell_trap_order: ClassVar[tuple[str, ...]] = ("S2", "S3", "S4", "S1", "S5")
    compiled_out: ClassVar[frozenset[str]] = frozenset({"pendulum_summon_exists"})


CLASSIC: Final = Ruleset()
ADVANCED: Final = Advanced()
#: Ruleset name -> its rules, in the order the contract lists them.
RULESETS: Final[dict[str, Ruleset]] = {"classic": CLASSIC, "advanced": ADVANCED}

"""Which ruleset judges an imported game, from Duelingbook's format code (docs/duelingbook.md,
"Format codes and rulesets").

Duelingbook's format codes are two letters: the format, then ``r`` (rated) or ``u`` (unrated).
The formats played with today's rules (Master Rule as revised in April 2021: no draw for the
first player, Extra Monster Zones, Link and Pendulum Monsters) are judged by ``advanced``;
every other one, and a replay that names no format, by ``classic`` as before.

>>> ruleset_of("ar"), ruleset_of("tu"), ruleset_of("gu"), ruleset_of(None)
('advanced', 'advanced', 'classic', 'classic')
"""

from __future__ import annotations

from typing import Final

#: The first letters of the format codes whose rules are today's: Advanced (``ar``, ``au``)
#: and Traditional (``tr``, ``tu``: Advanced's cards and rules, its Forbidden cards limited
#: to one). Goat, Edison and HAT are formats of their own years' rules; Unlimited on
#: Duelingbook is played with cards of any year and, in the matches known to this project,
#: with the first player drawing; Speed Duels, Rush Duels and Duel Links are other games.
ADVANCED_FORMATS: Final = frozenset({"a", "t"})


def ruleset_of(code: object) -> str:
    """The ruleset a game of this format is judged by: ``advanced`` or ``classic`` (a replay
    without a code is told only by its card pool date, which names retro formats: classic).

    >>> ruleset_of("au"), ruleset_of("er"), ruleset_of("uu"), ruleset_of(""), ruleset_of(7)
    ('advanced', 'classic', 'classic', 'classic', 'classic')
    """
    if isinstance(code, str) and code[:1] in ADVANCED_FORMATS:
        return "advanced"
    return "classic"

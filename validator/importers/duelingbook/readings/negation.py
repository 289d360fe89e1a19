"""A negated activation: a Spell or Trap card with "You can only activate 1 X per turn" is
activated (its text says so: not "You can only use 1 X effect per turn", which an attempt
spends), the opponent's very next activation is of a card whose text negates an activation
("negate the activation", Solemn Judgment's "negate the Summon or activation"; a hand trap
discarded as its own cost, as Ghost Belle & Haunted Mansion, is one), and the card
then goes to the Graveyard from its zone without having moved since. In the TCG a card whose
activation was negated was not activated for that limit, so a second copy may be activated
that turn (an effect negated, as by Ash Blossom, still counts): the activation is marked
``negated`` (docs/format.md), as the EDOPro importer marks it from the engine's own message.

A Duelingbook log does not say which chain link an effect negated, nor whether the negation
resolved (it may itself have been negated): the reading takes the one that flags least, the
first link negated, and says so in its note (docs/duelingbook.md, "Readings"), unless the log
shows the card's effect carried out (its player drew, added a card to the hand or Special
Summoned before the card went to the Graveyard: advanced-77603336 game 3's Mitsurugi Mirror
Ritual Summons after Ghost Belle)."""

from __future__ import annotations

import re
from typing import Final

from validator.importers.duelingbook.actions import Action
from validator.importers.duelingbook.board.tracker import Spot, is_monster_zone, is_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cardtext import (
    limits_activations,
    negates_spell_trap_activation,
)
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.result import Changes, ReadAs, Revise

#: The actions that show a card's effect carried out by its player (with a move to the hand).
_CARRIED_OUT: Final = frozenset({"draw", "special_summon"})
#: A card's text that discards the card itself as the cost of its effect (a hand trap's).
_OWN_DISCARD: Final = re.compile(r"\bdiscard this card\b", re.I)


def negated(b: GameBuilder, cid: str, before: Spot | None) -> ReadAs | None:
    """This play sends ``cid`` to the Graveyard from its Spell & Trap or Field Zone, where it
    stands since its activation this turn, a card with "You can only activate 1 X per turn",
    the next activation after it was the opponent's, of a card whose text negates an
    activation, and the log shows no effect of the card carried out since (its player drew,
    added a card to the hand or Special Summoned): read as that activation negated (it counts
    toward none of the card's limits of activations; its effects' own limits are spent all
    the same). None otherwise.

    >>> from validator.importers.duelingbook.readings.catalog import catalog
    >>> catalog()["spell-trap.activation-negated"].family
    'spell-trap'
    """
    if before is None or not is_zone(before.spot) or is_monster_zone(before.spot):
        return None
    known = b.card(cid)
    if known.kind == "monster" or not known.facts.activations_per_turn or \
            not limits_activations(b.knowledge.text(b.board.name(cid))):
        return None  # "You can only use 1 X effect per turn": a negated attempt spends it
    activation = _activation(b.actions, cid)
    if activation is None:
        return None
    index, action = activation
    since = b.actions[index + 1:]
    if any(later.get("card") == cid for later in since):
        return None  # it was used or moved since: not the card a negation sent
    answer = _answer(b, since)
    if answer is None or answer.get("player") == action.get("player"):
        return None
    by = b.label(str(answer.get("card")))
    if not negates_spell_trap_activation(_text(b, answer)) or \
            _resolved(since, action.get("player")):
        return None
    note = (f"{b.label(cid)}'s activation answered at once by {by}, whose text negates an "
            f"activation, and the card sent to the Graveyard from its zone: read as its "
            f"activation negated, so it counts toward none of the card's \"You can only "
            f"activate 1\" (the log does not say whether the negation resolved: the reading "
            f"that flags least)")
    return ReadAs(changes=Changes(revises=(Revise(action, {"negated": True}, read(
        "spell-trap.activation-negated", note)),)))


#: What may stand between an activation and the answer that negates it: other links of the
#: chain and their costs.
_IN_CHAIN: Final = frozenset({"activate", "move", "discard", "damage"})


def _answer(b: GameBuilder, since: list[Action]) -> Action | None:
    """The first activation after the card's (or a hand trap discarded as its own cost), while
    the chain is still open: None once anything else is played first (a Summon, a Set, a
    phase, a draw: the card's chain had resolved, and a later negation is another chain's).

    >>> _answer(None, [{"type": "normal_summon"}, {"type": "activate"}]) is None
    True
    """
    for later in since:
        if later.get("type") == "activate" or _discarded(b, later):
            return later
        if later.get("type") not in _IN_CHAIN:
            return None
    return None


def _resolved(after: list[Action], player: object) -> bool:
    """True when the log shows the card's effect carried out since its activation: its player drew,
    added a card to the hand or Special Summoned before the card went to the Graveyard (a
    Spell's search, Pot of Desires's draw). The negation then did not hold.

    >>> _resolved([{"type": "move", "player": "p1", "card": "c2", "to": "hand"}], "p1")
    True
    >>> _resolved([{"type": "move", "player": "p2", "card": "c2", "to": "hand"}], "p1")
    False
    """
    return any(a.get("player") == player and (a.get("type") in _CARRIED_OUT or
                                              a.get("to") == "hand") for a in after)


def _discarded(b: GameBuilder, action: Action) -> bool:
    """True for a card discarded by an effect whose text discards it as its own cost ("You
    can discard this card; negate that activation": a hand trap used with one click, its
    "Declared effect" left out of the log)."""
    return action.get("type") == "discard" and bool(action.get("by_effect")) and \
        _OWN_DISCARD.search(_text(b, action)) is not None


def _text(b: GameBuilder, action: Action) -> str:
    """The text of the card of ``action``."""
    return b.knowledge.text(b.board.name(str(action.get("card"))))


def _activation(actions: list[Action], cid: str) -> tuple[int, Action] | None:
    """The last activation of ``cid`` as a card (one placed in a zone) this turn, not yet read
    as negated, with its index in ``actions``; None when there is none.

    >>> _activation([{"type": "activate", "card": "c1", "zone": "S1"}], "c1")
    (0, {'type': 'activate', 'card': 'c1', 'zone': 'S1'})
    >>> _activation([{"type": "activate", "card": "c1", "zone": "S1"}, {"type": "end_turn"}],
    ...             "c1") is None
    True
    """
    for index in range(len(actions) - 1, -1, -1):
        action = actions[index]
        if action.get("type") == "end_turn":
            return None
        if action.get("type") == "activate" and action.get("card") == cid:
            return (index, action) if "zone" in action and not action.get("negated") \
                else None
    return None

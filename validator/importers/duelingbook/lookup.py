"""What the Duelingbook readings ask of the game being built, never changing it: the plays
ahead (the windows' walks: :meth:`Lookup.upcoming`, :meth:`Lookup.said`, ...), the actions
so far (this turn's, the cards they name), what is known of a card, and the card whose
effect explains a change of position. :class:`~.builder.GameBuilder` is a :class:`Lookup`
and holds what these read.

>>> from validator.importers.duelingbook.builder import GameBuilder
>>> from validator.importers.duelingbook.kinds import NAMES
>>> b = GameBuilder(1, ["a", "b"], [], Knowledge({}), {}, None, {}, {}, NAMES)
>>> b.next_play(), list(b.upcoming(3)), b.summons_this_turn("p1")
(None, [], [])
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from validator.document.model import Player, other
from validator.importers.duelingbook.actions import Action, ActionLog
from validator.importers.duelingbook.board.follow import Step
from validator.importers.duelingbook.board.tracker import is_monster_zone
from validator.importers.duelingbook.board.view import View
from validator.importers.duelingbook.cards import CardKnowledge, Knowledge
from validator.importers.duelingbook.game import GAME_BOUNDARIES, Names, Play
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.result import Changes, Emit, ReadAs
from validator.importers.duelingbook.state import Attacks, Turn


def _count_named(counts: dict[str, int], action: Action, step: int) -> None:
    """Count the card ids an action names (its card, target, materials and Tributes; an id
    once for each time it is named) in ``counts``, by ``step`` (1 or -1: an id counted down
    to 0 is left out).

    >>> counts = {}; _count_named(counts, {"card": "x", "tributes": ["y", 3]}, 1); counts
    {'x': 1, 'y': 1}
    >>> _count_named(counts, {"target": "y"}, -1); counts
    {'x': 1}
    """
    value = action.get("card")
    if type(value) is str:
        _bump(counts, value, step)
    value = action.get("target")
    if type(value) is str:
        _bump(counts, value, step)
    for key in ("materials", "tributes"):
        values = action.get(key)
        if type(values) is list:
            for each in values:
                if type(each) is str:
                    _bump(counts, each, step)


def _bump(counts: dict[str, int], cid: str, step: int) -> None:
    """One more (or one less) action naming ``cid``; none left: it is left out."""
    left = counts.get(cid, 0) + step
    if left:
        counts[cid] = left
    else:
        del counts[cid]


class Lookup:
    """The questions the readings ask of the game (the builder sets what they read)."""

    plays: list[Play]
    names: Names
    knowledge: Knowledge
    steps: dict[int, Step]
    step: Step | None
    board: View
    log: ActionLog
    actions: list[Action]
    _named: dict[str, int]
    _named_added: int
    _named_removed: int
    _leeway: dict[str, tuple[str, ...]]
    turn: Turn
    attacks: Attacks
    cursor: int
    consumed: set[int]

    def named_cards(self) -> set[str]:
        """The card ids the actions so far name (used, summoned, moved, targeted, a material
        or a Tribute; a copy the caller may change).

        >>> from validator.importers.duelingbook.builder import GameBuilder
        >>> b = GameBuilder(1, ["a", "b"], [], Knowledge({}), {}, None, {}, {}, {})
        >>> b.log.append({"type": "move", "card": "x", "materials": ["y"]})
        >>> sorted(b.named_cards())
        ['x', 'y']
        """
        return set(self.named_counts())

    def named_counts(self) -> dict[str, int]:
        """:meth:`named_cards` as the number of actions in the log naming each (only ids
        named, read-only): kept from the last call, with the actions put in and taken out of
        the log since (:attr:`.actions.ActionLog.added`, ``removed``) counted in and out, so
        that an action put before others or taken back costs a reading of it alone.

        >>> from validator.importers.duelingbook.builder import GameBuilder
        >>> b = GameBuilder(1, ["a", "b"], [], Knowledge({}), {}, None, {}, {}, {})
        >>> first, second = {"type": "move", "card": "x"}, {"type": "move", "card": "x"}
        >>> b.log.append(first); b.log.append(second); b.named_counts()
        {'x': 2}
        >>> b.log.remove([first, second]); b.named_counts()
        {}
        """
        counts = self._named
        log = self.log
        added, removed = log.added, log.removed
        for index in range(self._named_added, len(added)):
            _count_named(counts, added[index], 1)
        for index in range(self._named_removed, len(removed)):
            _count_named(counts, removed[index], -1)
        self._named_added, self._named_removed = len(added), len(removed)
        return counts

    def material_leeway(self, cid: str) -> tuple[str, ...]:
        """The card's ``material_leeway`` (docs/cards.md), kept once read: the reading never
        renames a card (the follower named every card before it began).

        >>> from validator.importers.duelingbook.builder import GameBuilder
        >>> b = GameBuilder(1, ["a", "b"], [], Knowledge({}), {}, None, {}, {"x": {}}, {})
        >>> b.material_leeway("x")
        ()
        """
        found = self._leeway.get(cid)
        if found is None:
            found = self._leeway[cid] = tuple(self.card(cid).facts.material_leeway)
        return found

    def card(self, cid: str | None) -> CardKnowledge:
        """What is known of the card (by the name the follower found for it)."""
        return self.knowledge.of(self.board.name(cid) if cid else None)

    def label(self, cid: str) -> str:
        """A card as notes name it."""
        return self.board.name(cid) or "a card the log does not name"

    def unflipped(self, cid: str) -> ReadAs | None:
        """A face-down monster attacked (the engine turned it face-up then) that the log
        still shows face-down: the battle never reached damage, so it stays face-down."""
        if cid not in self.attacks.flipped:
            return None
        spot = self.board.where.get(cid)
        turned = self.step.turned if self.step is not None else []
        shown = next((before for card, before, _ in turned if card == cid), spot)
        if spot is None or shown is None or shown.position != "facedown_defense":
            return ReadAs(changes=Changes(flips_seen=(cid,)))
        return ReadAs(actions=(Emit(
            "change_position", spot.side, {"card": cid, "to": "facedown_defense",
                                           "by_effect": True},
            note=read("battle.never-reached-damage",
                      "the attack on it never reached damage (the log never flips it): it "
                      "stays face-down")),),
                      changes=Changes(flips_seen=(cid,)))

    def summons_this_turn(self, player: Player) -> list[dict[str, Any]]:
        """The Normal Summons and Sets ``player`` made this turn that used the turn's count
        (not ``by_effect``), in order."""
        found = [action for action in self.this_turn_backwards()
                 if action["type"] in ("normal_summon", "set_monster") and
                 action["player"] == player and not action.get("by_effect")]
        return found[::-1]

    def this_turn_backwards(self) -> Iterator[dict[str, Any]]:
        """The actions emitted this turn, the latest first (back to the last ``end_turn``).

        An index walk, not ``reversed()``: mypyc (setup.py) cannot compile ``reversed`` over a
        list of ``dict[str, Any]``.
        """
        actions = self.actions
        for index in range(len(actions) - 1, -1, -1):
            if actions[index]["type"] == "end_turn":
                return
            yield actions[index]

    def next_play(self) -> tuple[int, Play] | None:
        """The next play of this game that says something, under the name Duelingbook gave
        it (a cheaper ``upcoming(1)``)."""
        quiet = self.names.quiet
        for index in range(self.cursor + 1, len(self.plays)):
            play = self.plays[index]
            raw = play.get("play") if type(play) is dict else None
            if type(raw) is not str or raw in quiet or index in self.consumed:
                continue
            return None if raw in GAME_BOUNDARIES else (index, play)
        return None

    def next_own(self, play: Play, cid: str,
                 kinds: tuple[str, ...] | None = None) -> tuple[int, Play, Step] | None:
        """The next play of this game, when ``play``'s own player makes it about the same card
        (its step's card is ``cid``) and, if ``kinds`` are given, it is one of them (under its
        current name): the play a slip fixed at once, a take-back, is looked for so."""
        found = self.next_play()
        if found is None:
            return None
        index, later = found
        step = self.steps.get(index)
        if later.get("username") != play.get("username") or step is None or \
                step.card != cid or (kinds is not None and
                                     self.names.canonical(later["play"]) not in kinds):
            return None
        return index, later, step

    def said(self, indices: range) -> Iterator[tuple[int, Play, str]]:
        """The plays at ``indices`` (forward or backward) that say something, neither quiet
        (chat, viewing) nor consumed by a reading, each with its index and its kind under its
        current name: the walk the material and Pendulum readings make around a Summon.
        Boundaries are the caller's to stop at (unlike :meth:`upcoming`)."""
        names = self.names
        current, quiet, plays, consumed = names.current, names.quiet, self.plays, self.consumed
        for index in indices:
            play = plays[index]
            raw = play.get("play") if type(play) is dict else None
            if type(raw) is not str or raw in quiet or index in consumed:
                continue
            yield index, play, current.get(raw) or names.canonical(raw)

    def upcoming(self, count: int) -> Iterator[tuple[int, Play]]:
        """The next plays of this game that say something (at most ``count``), each under its
        current name. A generator: a reading that stops at the first play that settles it
        reads no further (most do, and windows run to 60 plays)."""
        found = 0
        names = self.names
        current, quiet = names.current, names.quiet
        for index in range(self.cursor + 1, len(self.plays)):
            play = self.plays[index]
            if not isinstance(play, dict):
                continue
            raw = play.get("play")
            if type(raw) is not str:
                continue
            kind = current.get(raw) or names.canonical(raw)
            if kind in GAME_BOUNDARIES:
                break
            if kind in quiet or index in self.consumed:
                continue
            yield index, play if kind == raw else {**play, "play": kind}
            found += 1
            if found >= count:
                return

    def step_at(self, index: int) -> Step | None:
        """The board step of a play (None for a play that moved nothing and named no card)."""
        return self.steps.get(index)

    def explain_position(self, cid: str, position: str) -> str | None:
        """The card whose effect explains a change of ``cid`` to ``position``: an effect
        used shortly before this turn (the latest first: Book of Moon used on Tsukuyomi),
        its own effect, or a face-up card on the field."""
        for _, _, source in reversed(self.turn.recent):
            if self.card(source).changes_to(position, itself=source == cid):
                return f"its own effect ({self.label(cid)})" if source == cid else \
                    f"{self.label(source)}'s effect"
        if self.card(cid).changes_to(position, itself=True):
            return f"its own effect ({self.label(cid)})"
        for (_, spot), source in self.board.zones.items():
            place = self.board.where[source]
            if not place.face_up or source == cid:
                continue
            if is_monster_zone(spot) and self.card(source).holds_in(position):
                return f"{self.label(source)}'s continuous effect (a face-up monster)"
            if not is_monster_zone(spot) and self.card(source).changes_to(position,
                                                                           itself=False):
                return f"{self.label(source)}'s effect (face-up on the field)"
        return None

    def foes(self, attacker_side: Player) -> frozenset[str]:
        """The monsters the attacker's opponent controls."""
        return frozenset(self.board.monsters(other(attacker_side)))

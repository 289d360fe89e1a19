"""The actions of a game being built, in order, and marks between them (docs/architecture.md).

An action is its own stable id: readings hold the action itself (a dict, compared with
``is``), never its position, so nothing they hold moves when an action is inserted before it
or taken back. A :class:`Mark` is a place between actions (where a phase was left, so that a
rewind can go back there); marks move with the actions inserted and removed before them, here
and only here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Action = dict[str, Any]


class Mark:
    """A place in the log: after the first ``at`` actions. ``alive`` turns False when the
    actions it stood after are cut away (a rewind to an earlier mark)."""

    __slots__ = ("alive", "at")

    def __init__(self, at: int) -> None:
        self.at = at
        self.alive = True

    def __repr__(self) -> str:
        return f"Mark(at={self.at}{'' if self.alive else ', dead'})"


class ActionLog:
    """The actions in order (``items``, a plain list that readings may read) and the marks
    between them.

    >>> log = ActionLog()
    >>> draw, summon = {"type": "draw"}, {"type": "normal_summon"}
    >>> log.append(draw); log.append(summon)
    >>> left = log.mark()                       # Main Phase 1 left here
    >>> log.append({"type": "phase"})
    >>> log.insert({"type": "move"}, before=summon)
    >>> left.at, [a["type"] for a in log.cut(left)]
    (3, ['phase'])
    >>> log.remove([draw]); [a["type"] for a in log.items], left.alive
    (['move', 'normal_summon'], False)
    """

    __slots__ = ("added", "items", "marks", "removed")

    def __init__(self) -> None:
        self.items: list[Action] = []
        self.marks: list[Mark] = []
        #: every action put in the log and every one taken out, in order (an action may be in
        #: both): a reader that kept what it read of the first ``n`` of each follows the log
        #: by reading only those after (:meth:`.lookup.Lookup.named_cards`)
        self.added: list[Action] = []
        self.removed: list[Action] = []

    def append(self, action: Action) -> None:
        """Add an action at the end."""
        self.items.append(action)
        self.added.append(action)

    def insert(self, action: Action, *, before: Action) -> None:
        """Add an action just before ``before`` (at the end if ``before`` is not in the log);
        marks after that place move with it.

        >>> log = ActionLog(); first = {"n": 1}; log.append(first); m = log.mark()
        >>> log.insert({"n": 0}, before=first); m.at
        2
        """
        at = self.position(before)
        self.added.append(action)
        if at < 0:
            self.items.append(action)
            return
        self.items.insert(at, action)
        for mark in self.marks:
            if mark.at > at:
                mark.at += 1

    def position(self, action: Action) -> int:
        """Where ``action`` stands (searched from the end: readings ask about recent ones),
        or -1 when it is not in the log.

        >>> log = ActionLog(); a = {"n": 1}; log.append(a); log.position(a), log.position({})
        (0, -1)
        """
        items = self.items
        for index in range(len(items) - 1, -1, -1):
            if items[index] is action:
                return index
        return -1

    def since(self, action: Action) -> list[Action]:
        """``action`` and every action after it (empty when it is not in the log).

        >>> log = ActionLog(); a, b = {"n": 1}, {"n": 2}; log.append(a); log.append(b)
        >>> log.since(b), log.since({})
        ([{'n': 2}], [])
        """
        at = self.position(action)
        return self.items[at:] if at >= 0 else []

    def remove(self, actions: Iterable[Action]) -> None:
        """Take actions back (those not in the log are ignored); marks after each move back.

        >>> log = ActionLog(); a = {"n": 1}; log.append(a); m = log.mark(); log.remove([a])
        >>> m.at, log.items
        (0, [])
        """
        for action in actions:
            at = self.position(action)
            if at < 0:
                continue
            del self.items[at]
            self.removed.append(action)
            for mark in self.marks:
                if mark.at > at:
                    mark.at -= 1

    def take_back(self, action: Action) -> None:
        """Take one action back and forget the marks made after it (what happened after it
        is no longer a place to go back to); a mark just after it stays, where it was.

        >>> log = ActionLog(); a, b = {"n": 1}, {"n": 2}; log.append(a); before = log.mark()
        >>> log.append(b); after = log.mark(); log.append({"n": 3}); later = log.mark()
        >>> log.take_back(b); before.at, after.at, after.alive, later.alive
        (1, 1, True, False)
        """
        at = self.position(action)
        if at < 0:
            return
        self.remove([action])
        self._kill(lambda mark: mark.at > at)

    def mark(self, before: Action | None = None) -> Mark:
        """A new mark at the end of the log, or just before ``before``.

        >>> log = ActionLog(); a = {"n": 1}; log.append(a); log.mark().at, log.mark(a).at
        (1, 0)
        """
        at = self.position(before) if before is not None else -1
        mark = Mark(at if at >= 0 else len(self.items))
        self.marks.append(mark)
        return mark

    def cut(self, mark: Mark) -> list[Action]:
        """Take back every action after ``mark`` (a rewind to it), and forget it and every
        mark at or after it; the actions taken back, in order.

        >>> log = ActionLog(); log.append({"n": 1}); m = log.mark(); log.append({"n": 2})
        >>> log.cut(m), log.items, m.alive
        ([{'n': 2}], [{'n': 1}], False)
        """
        at = mark.at
        undone = self.items[at:]
        del self.items[at:]
        self.removed += undone
        self._kill(lambda other: other.at >= at or other is mark)
        return undone

    def forget_marks(self) -> None:
        """Forget every mark (a new turn: no rewind goes back past it)."""
        for mark in self.marks:
            mark.alive = False
        self.marks.clear()

    def _kill(self, dead: Callable[[Mark], bool]) -> None:
        kept = []
        for mark in self.marks:
            if dead(mark):
                mark.alive = False
            else:
                kept.append(mark)
        self.marks = kept

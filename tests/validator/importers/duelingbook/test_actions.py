"""The importer's action log (validator/importers/duelingbook/actions.py): actions held by
identity, marks that move with insertions and removals, rewinds to a mark; checked against
the plain index arithmetic it replaced, over random sequences of operations."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from validator.importers.duelingbook.actions import ActionLog, Mark


class IndexModel:
    """What the builder did before the log: positions as numbers, shifted by hand."""

    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []
        self.marks: list[list[int]] = []  # [position], alive while listed

    def insert(self, action: dict[str, Any], at: int) -> None:
        self.items.insert(at, action)
        for mark in self.marks:
            if mark[0] > at:
                mark[0] += 1

    def delete(self, at: int) -> None:
        del self.items[at]
        for mark in self.marks:
            if mark[0] > at:
                mark[0] -= 1


operations = st.lists(st.tuples(st.sampled_from(["append", "insert", "remove", "mark",
                                                 "mark-before", "cut", "take-back"]),
                                 st.integers(0, 50)), max_size=60)


@settings(max_examples=300)
@given(operations)
def test_the_log_agrees_with_index_arithmetic(ops: list[tuple[str, int]]) -> None:
    log, model = ActionLog(), IndexModel()
    pairs: list[tuple[Mark, list[int]]] = []
    made = 0
    for op, n in ops:
        live = [(mark, ref) for mark, ref in pairs if mark.alive]
        if op == "append" or (not log.items and op != "mark"):
            made += 1
            action = {"n": made}
            log.append(action)
            model.insert(action, len(model.items))
        elif op == "insert":
            made += 1
            action, at = {"n": made}, n % len(log.items)
            log.insert(action, before=log.items[at])
            model.insert(action, at)
        elif op == "remove":
            at = n % len(log.items)
            log.remove([log.items[at]])
            model.delete(at)
        elif op in ("mark", "mark-before"):
            at = n % len(log.items) if op == "mark-before" and log.items else len(log.items)
            mark = log.mark(log.items[at] if at < len(log.items) else None)
            ref = [at]
            model.marks.append(ref)
            pairs.append((mark, ref))
        elif op == "cut" and live:
            mark, ref = live[n % len(live)]
            undone = log.cut(mark)
            assert undone == model.items[ref[0]:]
            for at in range(len(model.items) - 1, ref[0] - 1, -1):
                model.delete(at)
            model.marks = [m for m in model.marks if m[0] < ref[0]]
        elif op == "take-back":
            at = n % len(log.items)
            log.take_back(log.items[at])
            model.delete(at)
            model.marks = [m for m in model.marks if m[0] <= at]
        assert log.items == model.items
        for mark, ref in pairs:
            assert mark.alive == any(ref is m for m in model.marks)
            if mark.alive:
                assert mark.at == ref[0]


def test_actions_are_held_by_identity_not_by_equal_contents() -> None:
    log = ActionLog()
    first, twin = {"type": "draw"}, {"type": "draw"}
    log.append(first)
    log.append(twin)
    log.remove([twin])
    assert log.items == [first] and log.items[0] is first
    assert log.position(twin) == -1 and log.since(twin) == []


def test_a_new_turn_forgets_every_mark() -> None:
    log = ActionLog()
    log.append({"type": "draw"})
    mark = log.mark()
    log.forget_marks()
    log.insert({"type": "phase"}, before=log.items[0])
    assert not mark.alive and mark.at == 1

"""What a benchmark section reports: a titled table, and the targets it checks.

>>> result = Result("demo", ["n", "ratio"], [["10", "1.5x"]])
>>> result.target("ratio <= 2x", 1.5 <= 2)
>>> print(result.render())
demo
n  ratio
-- -----
10  1.5x
target: ratio <= 2x: met
>>> result.met
True
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Result:
    """One section's table: a title, column names, rows of text, notes and targets."""

    title: str
    header: list[str]
    rows: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    targets: list[tuple[str, bool]] = field(default_factory=list)

    def target(self, description: str, met: bool) -> None:
        """Record a target and whether this run met it."""
        self.targets.append((description, met))

    @property
    def met(self) -> bool:
        """True when every target of the section was met."""
        return all(ok for _, ok in self.targets)

    def render(self) -> str:
        """The table as text: the first column left-aligned, the others right-aligned."""
        widths = [max(len(row[i]) for row in [self.header, *self.rows])
                  for i in range(len(self.header))]

        def line(cells: list[str]) -> str:
            return " ".join(c.ljust(w) if i == 0 else c.rjust(w)
                            for i, (c, w) in enumerate(zip(cells, widths, strict=True)))
        out = [self.title, line(self.header), line(["-" * w for w in widths])]
        out += [line(row) for row in self.rows]
        out += self.notes
        out += [f"target: {text}: {'met' if ok else 'MISSED'}" for text, ok in self.targets]
        return "\n".join(out)


def ratio(value: float) -> str:
    """A ratio to the floor, as the tables print it.

    >>> ratio(12.345)
    '12.3x'
    """
    return f"{value:.1f}x"

"""The turn machine as a diagram: Mermaid text from transitions' own mermaid graph engine
(no graphviz), and a small SVG drawn from the same edges for pages without Mermaid."""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Final
from xml.sax.saxutils import escape

from transitions.extensions import GraphMachine

from validator.document.model import PHASES
from validator.engine.machine import MACHINE

_W, _H, _STEP, _Y = 760, 190, 122, 95
SHORT_NAMES: Final = {"draw": "Draw", "standby": "Standby", "main1": "Main 1",
                      "battle": "Battle", "main2": "Main 2", "end": "End"}


def edges() -> list[tuple[str, str, str]]:
    """``(source, dest, trigger)`` of every phase change of the shared machine.

    >>> ("end", "draw", "end_turn") in edges()
    True
    """
    out = []
    for name, event in MACHINE.events.items():
        for source, transitions in event.transitions.items():
            out += [(source, t.dest, name) for t in transitions if t.dest is not None]
    return sorted(set(out), key=lambda e: (PHASES.index(e[0]), PHASES.index(e[1])))


class _Model:
    """The drawing machine's own model (the shared machine never gets one)."""


@cache
def _mermaid_base() -> str:
    model = _Model()
    machine = GraphMachine(model=model, states=list(PHASES), initial="draw",
                           transitions=[{"trigger": t, "source": s, "dest": d}
                                        for s, d, t in edges()],
                           auto_transitions=False, graph_engine="mermaid", title="Turn")
    graph: Any = model.get_graph()  # type: ignore[attr-defined]
    text: str = graph.draw(None)
    del machine
    return text


def mermaid(phase: str | None = None) -> str:
    """Mermaid ``stateDiagram-v2`` text of a turn, ``phase`` marked as the active state.

    >>> "main1 --> battle: enter_battle" in mermaid()
    True
    """
    text = re.sub(r"^(\s*Class \w+) s_active$", r"\1 s_default", _mermaid_base(), flags=re.M)
    if phase in PHASES:
        text = re.sub(rf"^(\s*Class {phase}) s_default$", r"\1 s_active", text, flags=re.M)
    return text


def _x(phase: str) -> int:
    return 60 + PHASES.index(phase) * _STEP


def svg(phase: str | None = None, ids: str = "") -> str:
    """An SVG of a turn's phases and their changes; ``phase`` gets the class ``current``.

    Every element id starts with ``ids`` and a hyphen (when given), so that two diagrams on
    one page never share an id: an arrowhead ``marker`` referred to by ``url(#...)`` would
    otherwise resolve to the first diagram's, and vanish when that one is hidden. Each
    phase's group carries ``data-phase``, so a page can mark another phase without asking
    again.

    >>> 'id="phase-battle"' in svg("battle")
    True
    >>> 'id="quiz-phase-battle" data-phase="battle"' in svg(ids="quiz")
    True
    """
    pre = f"{ids}-" if ids else ""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" role="img" '
             f'aria-labelledby="{pre}turn-title" class="turn-diagram">',
             f'<title id="{pre}turn-title">The phases of a turn and how one leads to the next'
             f'{escape(f"; now: {SHORT_NAMES[phase]}") if phase in PHASES else ""}</title>',
             f'<defs><marker id="{pre}arrow" viewBox="0 0 10 10" refX="9" refY="5" '
             'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
             '<path d="M0,0L10,5L0,10z"/></marker></defs>']
    for source, dest, trigger in edges():
        x1, x2 = _x(source), _x(dest)
        span = abs(PHASES.index(dest) - PHASES.index(source))
        if dest != "draw" and span == 1:
            path = f"M{x1 + 46},{_Y} L{x2 - 46},{_Y}"
        else:
            lift = -1 if dest != "draw" else 1
            y = _Y + lift * 30
            bend = _Y + lift * (40 + 14 * span)
            path = f"M{x1},{y} C{x1},{bend} {x2},{bend} {x2},{y}"
        parts.append(f'<path class="edge" d="{path}" marker-end="url(#{pre}arrow)">'
                     f"<title>{escape(trigger)}</title></path>")
    for phase_id in PHASES:
        css = "phase current" if phase_id == phase else "phase"
        parts.append(f'<g id="{pre}phase-{phase_id}" data-phase="{phase_id}" class="{css}">'
                     f'<rect x="{_x(phase_id) - 46}" y="{_Y - 22}" width="92" height="44" '
                     f'rx="10"/><text x="{_x(phase_id)}" y="{_Y + 5}" text-anchor="middle">'
                     f'{SHORT_NAMES[phase_id]}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


DIAGRAM_CSS: Final = (".turn-diagram .phase rect{fill:#fff;stroke:#333;stroke-width:2}"
                      ".turn-diagram .current rect{fill:#ffe08a;stroke:#7a4d00;stroke-width:4}"
                      ".turn-diagram .edge{fill:none;stroke:#555;stroke-width:2}"
                      ".turn-diagram text{font:14px sans-serif;fill:#111}")

"""The sections of ``make bench``, in the order they run. To add one, write a module here
with ``NAME``, ``DESCRIPTION`` and ``run(options) -> bench.report.Result`` and list it in
:data:`SECTIONS`; ``bench/bench_validate.py --only NAME`` runs it alone."""

from __future__ import annotations

from types import ModuleType

from . import baseline, cards, corpus, decks, edopro, live, memory, rulesets, speed, suite

SECTIONS: list[ModuleType] = [speed, rulesets, live, memory, corpus, edopro, baseline, cards,
                              decks, suite]

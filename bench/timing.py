"""Timing side by side: every figure of a benchmark is a median measured in one run, in
rounds that interleave the things compared, so that a noisy shared machine slows them alike.

>>> medians = interleaved({"a": lambda: sum(range(100)), "b": lambda: sum(range(1000))},
...                       rounds=3, sample_seconds=0.001)
>>> medians["a"] < medians["b"]
True
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Mapping

Clock = Callable[[], float]


def calls_per_sample(func: Callable[[], object], sample_seconds: float) -> int:
    """How many calls of ``func`` make one sample of about ``sample_seconds``."""
    func()  # warm-up
    number = 1
    while True:
        start = time.perf_counter()
        for _ in range(number):
            func()
        took = time.perf_counter() - start
        if took >= sample_seconds / 4 or number >= 1 << 20:
            return max(1, round(number * sample_seconds / max(took, 1e-9)))
        number *= 4


def interleaved(funcs: Mapping[str, Callable[[], object]], rounds: int = 7,
                sample_seconds: float = 0.05, clock: Clock = time.perf_counter) -> dict[str, float]:
    """Median seconds per call of each function, measured in ``rounds`` rounds; each round
    times every function once (one sample of many calls), starting at a different one.

    The garbage collector runs between samples, not inside them, as in ``timeit``. ``clock``
    may be ``time.process_time`` to count only the time this process runs (on a shared
    machine, time spent waiting for a core then counts for neither side of a comparison).
    """
    names = list(funcs)
    numbers = {name: calls_per_sample(funcs[name], sample_seconds) for name in names}
    samples: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:
            func, number = funcs[name], numbers[name]
            gc.collect()
            gc.disable()
            try:
                start = clock()
                for _ in range(number):
                    func()
                samples[name].append((clock() - start) / number)
            finally:
                gc.enable()
    return {name: statistics.median(values) for name, values in samples.items()}


def median(values: list[float]) -> float:
    """The median (``statistics.median``, named here for the sections' use)."""
    return statistics.median(values)

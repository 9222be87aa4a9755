"""How fast something runs, as the benchmarks of every game measure it."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_rate(run: Callable[[], int], seconds: float, rounds: int) -> float:
    """What ``run`` completes a second (it returns how many): the best of ``rounds`` timed
    rounds sharing ``seconds``, as ``timeit`` reports."""
    best = 0.0
    for _ in range(rounds):
        done = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / rounds:
            done += run()
        best = max(best, done / elapsed)
    return best

"""Timing that cannot flatter: contenders alternate in rounds, CPU time, medians with their spread.

Every contender runs once per round, in an order that flips each round, so a
slow spell of the (shared, noisy) machine falls on all of them alike. A ratio
is computed per round (contender / reference in that round), and the median
of those ratios is reported with the lowest and highest.
"""

from __future__ import annotations

import resource
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Spread:
    """The median of some figures, with the lowest and highest and how many there were."""

    median: float
    low: float
    high: float
    n: int

    @classmethod
    def of(cls, figures: Sequence[float]) -> Spread:
        return cls(statistics.median(figures), min(figures), max(figures), len(figures))

    def text(self, unit: str, digits: int = 1) -> str:
        return (f"{self.median:,.{digits}f}{unit} [{self.low:,.{digits}f}-{self.high:,.{digits}f}, "
                f"{self.n} round{'s' if self.n != 1 else ''}]")


def cpu_seconds(run: Callable[[], object]) -> float:
    """The CPU time (this process) that one call takes; infinity for a call stopped by its time limit."""
    start = time.process_time()
    try:
        run()
    except Exception as e:
        if type(e).__name__ != "_Stopped":
            raise
        return float("inf")
    return time.process_time() - start


def child_cpu_seconds(run: Callable[[], object]) -> float:
    """The CPU time (user + system) of the child processes that one call waits for."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def alternate(contenders: Mapping[str, Callable[[], object]], rounds: int,
              clock: Callable[[Callable[[], object]], float] = cpu_seconds) -> dict[str, list[float]]:
    """Seconds per round for each contender, the order flipping every round."""
    times: dict[str, list[float]] = {name: [] for name in contenders}
    names = list(contenders)
    for i in range(rounds):
        for name in names if i % 2 == 0 else reversed(names):
            times[name].append(clock(contenders[name]))
    return times


def ratio(times: Mapping[str, list[float]], contender: str, reference: str) -> Spread:
    """contender / reference, round by round."""
    return Spread.of([c / r for c, r in zip(times[contender], times[reference], strict=True) if r > 0])


RESULTS: list[tuple[str, str, str, bool | None]] = []
"""(what, measured, target, met) for the summary; met is None where there is no target."""


def report(what: str, measured: str, target: str = "", met: bool | None = None) -> None:
    """Print one measurement beside its target, and keep it for the summary."""
    verdict = "" if met is None else ("PASS" if met else "MISS")
    print(f"  {what:<58} {measured:<34} {target:<18} {verdict}", flush=True)
    RESULTS.append((what, measured, target, met))


def summary() -> None:
    met = [r for r in RESULTS if r[3] is True]
    missed = [r for r in RESULTS if r[3] is False]
    print(f"\n{len(met)} target(s) met, {len(missed)} missed"
          + "".join(f"\n  MISS {what}: {measured} (target {target})" for what, measured, target, _ in missed))

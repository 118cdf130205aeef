"""Many rulings at once over loopback: every answer right, none refused (a count, never a timed assertion)."""

from __future__ import annotations

import json
import statistics
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

REQUESTS = 200
SITUATIONS = [
    ("shooter.bs=3", "4+"),
    ("shooter.bs=3&given=shooter.moved=true", "5+"),
    ("shooter.bs=3&given=target.in_soft_cover=true&given=target.in_hard_cover=true", "6+"),
    ("shooter.bs=3&given=shooter.moved=true&given=target.in_hard_cover=true", "6, then 4+"),
]


def test_200_concurrent_asks_are_answered_correctly(server: str) -> None:
    def ask(i: int) -> tuple[bool, float]:
        given, display = SITUATIONS[i % len(SITUATIONS)]
        start = time.perf_counter()
        with urllib.request.urlopen(f"{server}/api/ask?pack=fantasy&quantity=to_hit&given={given}", timeout=120) as r:
            doc = json.load(r)
        return doc["display"] == display, time.perf_counter() - start

    with ThreadPoolExecutor(max_workers=REQUESTS) as pool:
        results = list(pool.map(ask, range(REQUESTS)))
    assert all(ok for ok, _ in results)
    seconds = sorted(s for _, s in results)
    print(f"{REQUESTS} concurrent asks: median {statistics.median(seconds) * 1000:.0f} ms, "
          f"99th percentile {seconds[int(len(seconds) * 0.99) - 1] * 1000:.0f} ms")

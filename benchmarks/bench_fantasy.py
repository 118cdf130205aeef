"""Benchmark: fantasy rulings per second, against a hand-written reference measured in the same run.

1. Random, fully known fantasy situations through the Python API (`solver.ask`, which
   records the full derivation), and the same situations through a hand-written
   function that computes only the score needed: rulings per second and the ratio.
2. `rulings ask` as a fresh process against `python3 -c pass`: median wall time of N
   runs each, and the ratio.

Run: `python3 benchmarks/bench_fantasy.py [--situations N] [--runs N]`. Prints numbers,
asserts nothing about time.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

MINUS_ONE = (
    "shooter.moved",
    "shooter.stand_and_shoot",
    "special.multiple_shots",
    "special.quick_to_fire",
    "special.sniper",
    "special.volley_fire",
)
"""The seed's flat -1 shooting modifiers, written out here so the reference does not lean on the pack."""
BOOLS = (*MINUS_ONE, "target.within_4in", "target.lone_model")


def random_situation(rng: random.Random) -> dict[str, Any]:
    """A fully known shot: every fact a ruling needs is given, so each gives one value."""
    given: dict[str, Any] = {
        "shooter.bs": rng.randint(1, 10),
        "shooter.los": rng.randint(1, 10),
        "target.los": rng.randint(1, 10),
        "target.unit_strength": rng.randint(0, 30),
    }
    given |= {name: rng.random() < 0.3 for name in BOOLS}
    for kind in ("soft", "hard"):
        if rng.random() < 0.5:
            given[f"{kind}_cover.obscures"] = rng.random() < 0.6
            given[f"{kind}_cover.los"] = rng.randint(1, 10)
    return given


def hand_written(given: dict[str, Any]) -> int:
    """The score needed, computed directly from the seed's rules: no derivation, no policies."""
    score = 7 - given["shooter.bs"] + sum(1 for name in MINUS_ONE if given.get(name))
    score -= 1 if given.get("target.within_4in") else 0
    score += 1 if given.get("target.lone_model") and given["target.unit_strength"] <= 2 else 0

    def cover(kind: str) -> bool:
        los = given.get(f"{kind}_cover.los", 0)
        return (
            bool(given.get(f"{kind}_cover.obscures"))
            and 2 * los >= given["target.los"]
            and 2 * los >= given["shooter.los"]
        )

    score += 2 if cover("hard") else 1 if cover("soft") else 0
    return max(score, 2)


def per_second(
    run: Callable[[dict[str, Any]], Any], situations: list[dict[str, Any]]
) -> tuple[float, list[Any]]:
    start = time.perf_counter()
    results = [run(s) for s in situations]
    return len(situations) / (time.perf_counter() - start), results


# As on a user's machine, Python may cache compiled bytecode (some environments forbid it).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def median_seconds(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--situations", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()

    from explain.json import ruling_json
    from kb import load_pack
    from solver import Situation, ask

    pack = load_pack("fantasy")
    rng = random.Random(args.seed)
    situations = [random_situation(rng) for _ in range(args.situations)]
    ask(pack, "to_hit", Situation(given=situations[0]))  # warm up lazy imports

    cold, _ = per_second(lambda g: ask(pack, "to_hit", Situation(given=g)), situations)
    engine, rulings = per_second(lambda g: ask(pack, "to_hit", Situation(given=g)), situations)
    with_json, _ = per_second(lambda g: ruling_json(ask(pack, "to_hit", Situation(given=g))), situations)
    reference, values = per_second(hand_written, situations)
    disagree = sum(r.value != v for r, v in zip(rulings, values, strict=True))
    print(f"situations:              {len(situations)} random fully known fantasy shots (seed {args.seed})")
    print(f"engine, first pass:       {cold:12,.0f} rulings/s (explanation nodes built the first time)")
    print(f"engine (ask, derivation): {engine:12,.0f} rulings/s (second pass: shared explanation nodes)")
    print(f"engine + ruling_json:     {with_json:12,.0f} rulings/s")
    print(f"hand-written value only:  {reference:12,.0f} rulings/s")
    print(f"ratio hand-written/engine: {reference / engine:.1f}x  (target: within 50x; first pass "
          f"{reference / cold:.1f}x)")
    print(f"values that disagree:     {disagree}")

    # the console script beside this interpreter, so both commands start the same way (no shell shims)
    script = Path(sys.executable).with_name("rulings")
    argv = [str(script)] if script.exists() else [sys.executable, "-m", "rulings.cli"]
    ask_argv = [
        *argv,
        "ask",
        "fantasy",
        "to_hit",
        "--given",
        "shooter.bs=3",
        "--given",
        "shooter.moved=true",
        "--given",
        "target.in_soft_cover=true",
        "--given",
        "target.in_hard_cover=true",
    ]
    subprocess.run(ask_argv, check=True, stdout=subprocess.DEVNULL, env=ENV)  # warm the pack and bytecode caches
    python = median_seconds([sys.executable, "-c", "pass"], args.runs)
    cli = median_seconds(ask_argv, args.runs)
    print(f"python3 -c pass:          {python * 1000:8.1f} ms (median of {args.runs})")
    print(f"rulings ask (fresh):      {cli * 1000:8.1f} ms (median of {args.runs})")
    print(f"ratio rulings ask/python: {cli / python:.1f}x  (target: within 3x)")


if __name__ == "__main__":
    main()

"""The searches of this tree against those of an earlier commit, in one run: each ratio beside its target.

Run: `python3 benchmarks/before_after.py REF [--rounds N] [--target X]` (REF: a commit, tag or branch).
The earlier version is checked out in a temporary git worktree; each task (the FAQ, `check`, `diff` of a
pack against itself, `find`, on the built-in packs, the game-shaped pack and 24 interchangeable rules) runs
in a fresh Python process of either version, timed inside it (CPU seconds from loading the pack to the
answer; imports excluded), with an empty pack cache. The versions alternate, their order flipping every
round; a ratio is after / before in the same round, and its median is reported with the lowest and
highest. It prints, and asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import packs
from harness import Spread, report, summary

HERE = Path(__file__).resolve().parents[1]

TASK = """
import json, sys, time
from kb.loader import load_pack
kind, source = sys.argv[1], sys.argv[2]
start = time.process_time()
pack = load_pack(source)
if kind == "faq":
    from explain.faq import faq
    faq(pack)
elif kind == "check":
    from solver.space.check import check_pack
    check_pack(pack)
elif kind == "diff":
    from solver.space.diff import diff_packs
    diff_packs(pack, load_pack(source))
elif kind == "find":
    from solver.space.find import find
    find(pack, "q", "value >= 13")
print(json.dumps(time.process_time() - start))
"""
"""One task in a fresh process of either version: its CPU seconds, loading the pack included."""


def tasks(folder: Path) -> dict[str, tuple[str, str]]:
    """Each task's name, and the kind and pack it runs."""
    independent = packs.write(folder, "independent", packs.independent_rules(24))
    game = packs.write(folder, "game", packs.game())
    out: dict[str, tuple[str, str]] = {}
    for name in ("fantasy", "skirmish", "wh40k"):
        for kind in ("faq", "check", "diff"):
            out[f"{kind} {name}"] = (kind, name)
    out["faq of the game-shaped pack"] = ("faq", game)
    out["check, 24 interchangeable rules"] = ("check", independent)
    out["diff, 24 interchangeable rules"] = ("diff", independent)
    out["find value >= 13, 24 interchangeable rules"] = ("find", independent)
    return out


def seconds(tree: Path, kind: str, source: str, cache: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree), "RULINGS_CACHE": str(cache)}
    done = subprocess.run([sys.executable, "-c", TASK, kind, source], cwd=tree, env=env, check=True,
                          capture_output=True, text=True)
    return float(json.loads(done.stdout.strip().splitlines()[-1]))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ref", help="the earlier commit, tag or branch")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--target", type=float, default=1.5, help="the most after / before may be (default 1.5)")
    args = parser.parse_args(argv)
    scratch = Path(tempfile.mkdtemp(prefix="rulings-before-after-"))
    before = scratch / "before"
    subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", str(before), args.ref], check=True,
                   capture_output=True)
    try:
        trees = {"before": before, "after": HERE}
        counter = iter(range(10**9))
        print(f"after / before ({args.ref}), CPU seconds in a fresh process, {args.rounds} alternating round(s)")
        for name, (kind, source) in tasks(scratch).items():
            times: dict[str, list[float]] = {"before": [], "after": []}
            for i in range(args.rounds):
                for version in ("before", "after") if i % 2 == 0 else ("after", "before"):
                    cache = scratch / f"cache-{next(counter)}"
                    times[version].append(seconds(trees[version], kind, source, cache))
            ratio = Spread.of([a / b for a, b in zip(times["after"], times["before"], strict=True) if b > 0])
            shown = f"{Spread.of(times['before']).median:.2f} s -> {Spread.of(times['after']).median:.2f} s"
            report(name, f"{shown}, {ratio.text('x', 2)}", f"<= {args.target:g}x", ratio.median <= args.target)
        summary()
    finally:
        subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(before)], check=False,
                       capture_output=True)


if __name__ == "__main__":
    main()

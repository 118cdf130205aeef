"""Every benchmark of Rulings in one run: each ratio or time with its spread, beside its target.

Run: `python3 benchmarks/run.py [--quick] [--only SECTION,...]`. Sections:
`warm` (rulings against plain Python references), `cold` (a fresh `rulings ask`
against `python3 -c pass`, and batch rulings, in a normal install built in a
temporary venv), `search` (FAQ, check and find, the ignore choice), `scale`
(`check` on 1k and 10k modifiers), `sequence` (whole attacks against a plain
chain), `clingo` (optional: the same fantasy
questions in clingo, grounded once and answered with assumptions, against
Rulings; `clingo_fantasy.py` is the encoding), `web` (`/api/ask` against a
trivial endpoint of the same framework, `web_load.py`; needs the `web` extra).
The clingo section needs the `bench` extra and is skipped with a message without it:

    pip install -e '.[bench]'      # or: pip install clingo
    python3 benchmarks/run.py --only clingo

How it measures, so that it cannot flatter: references are plain functions
(`references.py`); contenders alternate in rounds; figures are medians of CPU
time (`time.process_time`, or the children's CPU time for processes) with the
lowest and highest round; the pack cache lives in a temporary folder, never
the user's. The machine may be shared: read the spreads. Nothing here is a
test: it prints, and asserts nothing about time.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
SCRATCH = Path(tempfile.mkdtemp(prefix="rulings-bench-"))
os.environ["RULINGS_CACHE"] = str(SCRATCH / "cache")  # before any Rulings import: never the user's cache

import coldstart  # noqa: E402
import packs  # noqa: E402
import references  # noqa: E402
from harness import Spread, alternate, child_cpu_seconds, cpu_seconds, ratio, report, summary  # noqa: E402

SECTIONS = ("warm", "cold", "search", "scale", "sequence", "clingo", "web")
FANTASY_BOOLS = (*references.FANTASY_MINUS_ONE, "target.within_4in", "target.lone_model")
ASK_ARGV = ["ask", "fantasy", "to_hit", "--given", "shooter.bs=3", "--given", "shooter.moved=true",
            "--given", "target.in_soft_cover=true", "--given", "target.in_hard_cover=true"]


def fantasy_situation(rng: random.Random) -> dict[str, Any]:
    """A fully known shot: every fact a ruling needs is given, so each gives one value."""
    given: dict[str, Any] = {"shooter.bs": rng.randint(1, 10), "shooter.los": rng.randint(1, 10),
                             "target.los": rng.randint(1, 10), "target.unit_strength": rng.randint(0, 30)}
    for name in FANTASY_BOOLS:
        given[name] = rng.random() < 0.3
    for kind in ("soft", "hard"):
        if rng.random() < 0.5:
            given[f"{kind}_cover.obscures"] = rng.random() < 0.6
            given[f"{kind}_cover.los"] = rng.randint(1, 10)
    return given


def skirmish_situation(rng: random.Random) -> dict[str, Any]:
    given: dict[str, Any] = {"attacker.bases": rng.randint(1, 20), "attacker.dice_per_base": rng.randint(1, 10)}
    for name in ("attacker.charging", "attacker.shaken", "attacker.flanked", "attacker.vehicle"):
        given[name] = rng.random() < 0.4
    return given


def wh40k_case(rng: random.Random) -> tuple[int, list[str]]:
    return rng.randint(3, 10), [rng.choice(("+1", "-1", "+2", "-2", "x2", "/2")) for _ in range(3)]


def warm(rounds: int, n: int) -> None:
    """Warm rulings through `solver.ask` against plain functions, on the same random situations.

    Each contender gets its input ready-made: the engine its `Situation`s, the references their dicts (what
    building a `Situation` costs is reported on its own line). A ruling is compiled from a quantity's second in
    a process (`solver.compiled`) and its decisions are kept: `fresh` asks situations never asked before.
    """
    from kb.cache import load
    from solver import Situation, ask
    try:
        from solver.compiled import compiled
    except ImportError:  # run on an earlier version, to compare
        compiled = None  # type: ignore[assignment]

    print(f"\nwarm rulings: {n} random fully known situations per round, {rounds} rounds")
    rng = random.Random(2)
    fantasy = load("fantasy")
    shots = [fantasy_situation(rng) for _ in range(n)]
    situations = [Situation(given=g) for g in shots]
    spare = [[Situation(given=fantasy_situation(rng)) for _ in range(n)] for _ in range(2 * rounds + 1)]

    def engine() -> list[Any]:
        return [ask(fantasy, "to_hit", s) for s in situations]

    def explained() -> list[Any]:
        return [ask(fantasy, "to_hit", s).explanation for s in situations]

    def built() -> list[Any]:
        return [ask(fantasy, "to_hit", Situation(given=g)) for g in shots]

    def fresh() -> list[Any]:
        if compiled is not None:  # (an earlier version has no compiled rulings: nothing is kept)
            compiled(fantasy, "to_hit", {}).decisions.clear()  # type: ignore[union-attr]
        return [ask(fantasy, "to_hit", s) for s in spare.pop()]

    def value_only() -> list[Any]:
        return [references.fantasy_value(g) for g in shots]

    def every_field() -> list[Any]:
        return [references.fantasy_answer(g) for g in shots]

    rulings = engine()  # warm: lazy imports, the compiled ruling, first explanation nodes
    explained()
    wrong = sum(r.value != references.fantasy_value(g) or (r.display, r.probability, r.then) !=
                references.fantasy_answer(g)[1:2] + references.fantasy_answer(g)[6:8]
                for r, g in zip(rulings, shots, strict=True))
    times = alternate({"engine": engine, "value": value_only, "fields": every_field, "explained": explained,
                       "built": built, "fresh": fresh}, rounds)
    per_second = Spread.of([n / t for t in times["engine"]])
    report("fantasy ruling (solver.ask, compiled)", per_second.text("/s", 0))
    r = ratio(times, "engine", "value")
    report("  vs a plain value-only function", r.text("x"), "<= 5x", r.median <= 5)
    r = ratio(times, "engine", "fields")
    report("  vs a plain function returning every field", r.text("x"))
    r = ratio(times, "explained", "fields")
    report("  explanation read, vs the every-field function", r.text("x"), "<= 10x", r.median <= 10)
    r = ratio(times, "fresh", "value")
    report("  situations never asked before, vs value-only", r.text("x"))
    r = ratio(times, "built", "value")
    report("  building each Situation too, vs value-only", r.text("x"))
    if wrong:
        print(f"  !! {wrong} fantasy rulings disagree with the reference")
    warm_others(rounds, n, rng)


def warm_others(rounds: int, n: int, rng: random.Random) -> None:
    """A wh40k characteristic and a skirmish pool with both readings, against plain integer functions."""
    from kb.cache import load
    from solver import Effect, Situation, ask

    wh40k = load("wh40k")
    cases = [wh40k_case(rng) for _ in range(n)]
    characteristics = [Situation(base=b, effects=tuple(Effect(f"e{i}", e) for i, e in enumerate(es)))
                       for b, es in cases]

    def characteristic() -> list[Any]:
        return [ask(wh40k, "S", s) for s in characteristics]

    def plain_characteristic() -> list[Any]:
        return [references.wh40k_characteristic(b, es) for b, es in cases]

    def fraction_characteristic() -> list[Any]:
        return [references.wh40k_characteristic_fractions(b, es) for b, es in cases]

    wrong = sum(r.value != references.wh40k_characteristic(b, es)
                for r, (b, es) in zip(characteristic(), cases, strict=True))
    times = alternate({"engine": characteristic, "plain": plain_characteristic,
                       "fractions": fraction_characteristic}, rounds)
    r = ratio(times, "engine", "plain")
    report("wh40k characteristic (S, 3 effects) vs plain integers", r.text("x"), "<= 10x", r.median <= 10)
    r = ratio(times, "engine", "fractions")
    report("  vs the same with Fraction", r.text("x"))
    if wrong:
        print(f"  !! {wrong} wh40k values disagree with the reference")

    skirmish = load("skirmish")
    units = [skirmish_situation(rng) for _ in range(n)]
    pools = [Situation(given=g) for g in units]

    def pool() -> list[Any]:
        return [ask(skirmish, "cc_dice", s) for s in pools]

    def plain_pool() -> list[Any]:
        return [references.skirmish_cc_dice(g) for g in units]

    wrong = 0
    for ruling, g in zip(pool(), units, strict=True):
        both = references.skirmish_cc_dice(g)
        readings = {o.option: o.ruling.value for o in ruling.readings or ()}
        wrong += ruling.value != both["cumulative"] or readings.get("once", both["once"]) != both["once"]
    times = alternate({"engine": pool, "plain": plain_pool}, rounds)
    r = ratio(times, "engine", "plain")
    report("skirmish cc_dice (both readings) vs plain", r.text("x"), "<= 10x", r.median <= 10)
    if wrong:
        print(f"  !! {wrong} skirmish pools disagree with the reference")


def cold(rounds: int, batch_lines: int) -> None:
    """A fresh `rulings ask` against `python3 -c pass`, and batch rulings, in a normal install."""
    print(f"\ncold start: a normal install in a temporary venv, bytecode on, {rounds} alternating rounds")
    folder = SCRATCH / "install"
    folder.mkdir()
    bin_folder = coldstart.build(folder)
    if bin_folder is None:
        report("cold rulings ask vs python3 -c pass", "not measured", "<= 3x", False)
        return
    env = coldstart.environment(SCRATCH / "cold-cache")
    python, rulings = str(bin_folder / "python"), str(bin_folder / "rulings")

    def run(argv: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env, check=False)

    run([rulings, *ASK_ARGV])  # fill the pack cache, compile and keep the answer, as a user's second ask finds them
    walls: dict[str, list[float]] = {"python": [], "ask": [], "new": []}
    fresh = iter(range(1, 1000))

    def timed(name: str, argv: Any) -> Any:
        def go() -> None:
            words = argv() if callable(argv) else argv
            start = time.perf_counter()
            done = run(words)
            walls[name].append(time.perf_counter() - start)
            if done.returncode != 0:
                raise SystemExit(f"{' '.join(words)} failed: {done.stderr}")
        return go

    def new_question() -> list[str]:  # the pack cache warm, the question never asked before: the engine answers
        return [rulings, *ASK_ARGV, "--given", f"target.unit_strength={next(fresh)}"]

    times = alternate({"python": timed("python", [python, "-c", "pass"]), "ask": timed("ask", [rulings, *ASK_ARGV]),
                       "new": timed("new", new_question)}, rounds, clock=child_cpu_seconds)
    report("python3 -c pass (CPU)", Spread.of([t * 1000 for t in times["python"]]).text(" ms"))
    report("rulings ask asked before, fresh process (CPU)", Spread.of([t * 1000 for t in times["ask"]]).text(" ms"))
    report("rulings ask asked before, fresh process (wall)", Spread.of([t * 1000 for t in walls["ask"]]).text(" ms"))
    r = ratio(times, "ask", "python")
    report("cold rulings ask (asked before) vs python3 -c pass (CPU)", r.text("x"), "<= 3x", r.median <= 3)
    wall = Spread.of([a / p for a, p in zip(walls["ask"], walls["python"], strict=True)])
    report("cold rulings ask (asked before) vs python3 -c pass (wall)", wall.text("x"))
    report("rulings ask never asked before, fresh process (CPU)",
           Spread.of([t * 1000 for t in times["new"]]).text(" ms"))
    report("  vs python3 -c pass (CPU)", ratio(times, "new", "python").text("x"))
    # the installed script, as timed: `-m rulings.cli` would put the working folder first on the path and import
    # the work tree (another code stamp, so a pack cache miss) instead of the install
    traced = run([python, "-X", "importtime", *new_question()])
    if traced.returncode != 0:
        print(f"  !! the traced ask failed (exit {traced.returncode}): {traced.stderr.splitlines()[-1:]}")
    imports(traced.stderr)
    batch(run, rulings, rounds, batch_lines)


def batch(run: Any, rulings: str, rounds: int, batch_lines: int) -> None:
    """Batch rulings in one process of the normal install, with and without each line's explanation."""
    import json

    rng = random.Random(3)
    lines = "".join(json.dumps({"quantity": "to_hit", "given": fantasy_situation(rng)}) + "\n"
                    for _ in range(batch_lines))
    probe = run([rulings, "ask", "fantasy", "--batch", "-"], "")
    if probe.returncode != 0:
        report("batch rulings (one process)", "no batch mode", ">= 20,000/s", False)
        return
    figures: dict[str, list[float]] = {"brief": [], "full": []}
    for _ in range(max(rounds // 4, 1)):
        for kind, argv in (("brief", [rulings, "ask", "fantasy", "--batch", "-"]),
                           ("full", [rulings, "ask", "fantasy", "--batch", "-", "--full"])):
            seconds = child_cpu_seconds(lambda argv=argv: run(argv, lines))
            figures[kind].append(batch_lines / seconds)
    out = run([rulings, "ask", "fantasy", "--batch", "-"], lines)
    answered = sum(1 for line in out.stdout.splitlines() if "error" not in json.loads(line))
    r = Spread.of(figures["brief"])
    report(f"batch rulings, {batch_lines} JSON lines", r.text("/s", 0), ">= 20,000/s", r.median >= 20000)
    report("  with each line's explanation (--full)", Spread.of(figures["full"]).text("/s", 0))
    if answered != batch_lines or out.returncode != 0:
        print(f"  !! the batch answered {answered} of {batch_lines} lines (exit {out.returncode})")


class _Stopped(Exception):
    pass


def _bounded(run: Any, seconds: float) -> Any:
    """`run()`, stopped after `seconds` of wall time (`cpu_seconds` then reads infinity)."""
    import signal

    def stop(signum: int, frame: Any) -> None:
        raise _Stopped

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return run()
    except _Stopped:
        raise
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def imports(trace: str) -> None:
    """What a fresh `rulings ask` imports (`python -X importtime`): the project's own share, and the largest."""
    own: dict[str, int] = {}
    total = 0
    for line in trace.splitlines():
        parts = line.split("|")
        if len(parts) != 3 or not parts[0].startswith("import time:") or not parts[0].split(":")[1].strip().isdigit():
            continue
        spent, name = int(parts[0].split(":")[1]), parts[2].strip()
        total += spent
        if name.split(".")[0] in ("kb", "solver", "explain", "rulings"):
            own[name] = spent
    if not total:
        return
    largest = ", ".join(f"{n} {us / 1000:.1f}" for n, us in sorted(own.items(), key=lambda x: -x[1])[:5])
    report("  imports of a fresh ask (-X importtime, one run)", f"{total / 1000:.1f} ms, {len(own)} own modules "
           f"{sum(own.values()) / total:.0%}")
    print(f"    largest own modules (ms, self): {largest}")


def search(rounds: int) -> None:
    """Searches over many situations: each pack's FAQ, check and find on 24 independent rules, the ignore choice."""
    from explain.faq import faq
    from kb.loader import load_pack
    from solver import Effect, Situation, ask
    from solver.space.check import check_pack
    from solver.space.find import find

    print(f"\nsearches: CPU seconds (loading the pack included), {rounds} alternating round(s)")
    folder = SCRATCH / "packs"
    folder.mkdir(exist_ok=True)
    # each round loads its pack afresh: what a search memoises on a pack must not flatter the next round
    sources = {name: name for name in ("fantasy", "skirmish", "wh40k")}
    sources["game"] = packs.write(folder, "game", packs.game())
    sources["wide"] = packs.write(folder, "wide", packs.wide_game())
    targets = {"fantasy": 2.0, "skirmish": 2.0, "wh40k": 2.0, "game": 5.0, "wide": 10.0}
    limit = 60.0 if rounds == 1 else 180.0  # a FAQ still running then is reported as such, and the run goes on
    times = alternate({n: (lambda source=source: _bounded(lambda: faq(load_pack(source)), limit))
                       for n, source in sources.items()}, rounds)
    names = {"game": "the game-shaped pack (15+6 facts, 10 rules)",
             "wide": "a game with wide distance ranges (1-72 inches)"}
    for name, figures in times.items():
        target = targets.get(name)
        shown = f"faq of {names.get(name, name)}"
        if any(f == float("inf") for f in figures):
            report(shown, f"not done within {limit:g} s (stopped)", f"< {target:g} s" if target else "",
                   False if target else None)
            continue
        s = Spread.of(figures)
        report(shown, s.text(" s", 2), f"< {target:g} s" if target else "", s.median < target if target else None)

    independent = packs.write(folder, "independent", packs.independent_rules(24))
    wh40k = load_pack("wh40k")
    effects = tuple(Effect(f"e{i:02}", ("+1", "-1", "+2", "-2")[i % 4]) for i in range(20))
    ignoring = Situation(given={"unit.ignores_modifiers": True}, base=6, effects=effects)
    times = alternate({"check": lambda: check_pack(load_pack(independent)),
                       "find": lambda: find(load_pack(independent), "q", "value >= 13", Situation()),
                       "ignore": lambda: ask(wh40k, "M", ignoring)}, rounds)
    for name, shown in (("check", "check on 24 independent boolean rules"),
                        ("find", "find value >= 13 on 24 independent rules"),
                        ("ignore", "ignore choice, 20 effects (wh40k M)")):
        s = Spread.of(times[name])
        report(shown, s.text(" s", 2), "< 2 s", s.median < 2)


def scale(rounds: int) -> None:
    """`rulings check` on generated packs of 1k and 10k modifiers, each from an empty pack cache."""
    from rulings.cli import main

    print(f"\nscale: `rulings check` from an empty pack cache, CPU seconds, {rounds} alternating round(s)")
    folder = SCRATCH / "packs"
    folder.mkdir(exist_ok=True)
    paths = {n: packs.write(folder, f"many{n}", packs.many_modifiers(n)) for n in (1000, 10000)}
    counter = iter(range(10**6))

    def check(path: str) -> Any:
        def go() -> None:
            os.environ["RULINGS_CACHE"] = str(SCRATCH / f"check-cache-{next(counter)}")
            with contextlib.redirect_stdout(io.StringIO()):
                main(["check", path])
        return go

    times = alternate({"1k": check(paths[1000]), "10k": check(paths[10000])}, rounds)
    os.environ["RULINGS_CACHE"] = str(SCRATCH / "cache")
    report("check, 1k modifiers", Spread.of(times["1k"]).text(" s", 2))
    ten = Spread.of(times["10k"])
    report("check, 10k modifiers", ten.text(" s", 2), "< 8 s", ten.median < 8)
    r = ratio(times, "10k", "1k")
    report("check, 10k vs 1k modifiers", r.text("x"), "<= 10x", r.median <= 10)


def clingo(rounds: int, n: int) -> None:
    """The same fantasy questions in clingo (grounded once, one solve under assumptions each) against Rulings."""
    import importlib.util

    print(f"\nclingo: the fantasy to_hit question, {n} random fully known situations per round, {rounds} rounds")
    if importlib.util.find_spec("clingo") is None:
        print("  skipped: clingo is not installed (an optional benchmark dependency: pip install -e '.[bench]')")
        return
    import clingo as clingo_module
    from clingo_fantasy import FantasyToHit

    from kb.cache import load
    from solver import Situation, ask

    rng = random.Random(2)
    fantasy = load("fantasy")
    shots = [fantasy_situation(rng) for _ in range(n)]
    grounded: list[FantasyToHit] = []
    report(f"clingo {clingo_module.__version__}: parse and ground once",
           f"{cpu_seconds(lambda: grounded.append(FantasyToHit())) * 1000:,.1f} ms")
    to_hit = grounded[0]

    def engine() -> list[Any]:
        return [ask(fantasy, "to_hit", Situation(given=g)) for g in shots]

    def solver() -> list[Any]:
        return [to_hit.ask(g) for g in shots]

    rulings, answers = engine(), solver()  # warm both: lazy imports, first explanation nodes, clingo's first solves
    wrong = sum(not (a.value == r.value == references.fantasy_value(g) and a.then == r.then
                     and a.impossible == r.impossible and a.automatic == r.automatic)
                for a, r, g in zip(answers, rulings, shots, strict=True))
    report("  clingo disagrees with the reference or Rulings", f"{wrong} of {n} situations", "0", wrong == 0)
    times = alternate({"rulings": engine, "clingo": solver}, rounds)
    report("  clingo solve (assumptions, score read from the model)",
           Spread.of([n / t for t in times["clingo"]]).text("/s", 0))
    report("  Rulings ask (a Ruling; its derivation when read)",
           Spread.of([n / t for t in times["rulings"]]).text("/s", 0))
    r = ratio(times, "clingo", "rulings")
    report("  Rulings faster than clingo by (clingo / Rulings time)", r.text("x"), ">= 10x faster", r.median >= 10)


def sequence(rounds: int) -> None:
    """A whole wh40k attack (hit 3+, wound 4+, save 5+, D3 damage, ten two-wound models) against a plain chain."""
    from fractions import Fraction

    from kb.cache import load
    from solver.sequence import resolve
    from solver.situation import Situation

    wh40k = load("wh40k")
    d3 = {n: Fraction(1, 3) for n in (1, 2, 3)}
    through = Fraction(2, 3) * Fraction(1, 2) * Fraction(2, 3)
    for attacks, target in ((20, 0.05), (100, 0.5)):
        situation = Situation(sequence={"attacks": attacks, "hit": {"target": 3}, "wound": {"target": 4},
                                        "save": {"target": 5}, "damage": "D3", "models": 10, "wounds": 2})
        if resolve(wh40k, "attack", situation).damage != references.attack_damage(attacks, through, d3, 10, 2):
            print(f"  !! the {attacks}-attack sequence disagrees with the reference")
        times = alternate({"engine": lambda s=situation: resolve(wh40k, "attack", s),
                           "plain": lambda n=attacks: references.attack_damage(n, through, d3, 10, 2)}, rounds)
        spread = Spread.of(times["engine"])
        report(f"wh40k attack sequence, {attacks} attacks, D3 vs 10x W2", spread.text(" s", 3),
               f"< {target} s", spread.median < target)
        r = ratio(times, "engine", "plain")
        report(f"  against a plain chain ({attacks} attacks)", r.text("x"))


def web(requests: int) -> None:
    """`/api/ask` of `rulings serve` against a trivial endpoint of the same framework, at concurrency 1 and 20."""
    import importlib.util

    print(f"\nweb: {requests} requests each, loopback, one uvicorn worker each (web_load.py)")
    if importlib.util.find_spec("starlette") is None or importlib.util.find_spec("uvicorn") is None:
        print("  skipped: the web extra is not installed (pip install -e '.[web]')")
        return
    import web_load

    rulings_port, trivial_port = web_load.free_port(), web_load.free_port()
    env_cache = os.environ["RULINGS_CACHE"]
    results: dict[tuple[str, int], dict[str, float]] = {}
    with web_load.serving([sys.executable, "-m", "rulings.cli", "serve", "--port", str(rulings_port)], rulings_port,
                          "/api/packs"), \
            web_load.serving([sys.executable, "-c", web_load.TRIVIAL.format(port=trivial_port)], trivial_port, "/ok"):
        for concurrency in (1, 20):
            web_load.load(rulings_port, web_load.ASKS, 100, concurrency)
            web_load.load(trivial_port, ["/ok"], 100, concurrency)
            fresh = web_load.new_asks(requests, start=2 * requests * (concurrency > 1))
            for name, port, paths in (("ask", rulings_port, web_load.ASKS), ("ok", trivial_port, ["/ok"]),
                                      ("new", rulings_port, fresh)):
                results[name, concurrency] = web_load.load(port, paths, requests, concurrency)
    os.environ["RULINGS_CACHE"] = env_cache
    for concurrency in (1, 20):
        ok = results["ok", concurrency]
        for name, what in (("ask", "the same 4 queries again and again"), ("new", "every query new")):
            ask = results[name, concurrency]
            times = ask["throughput"] / ok["throughput"]
            shown = f"{ask['throughput']:,.0f}/s vs {ok['throughput']:,.0f}/s = {times:.2f}x"
            target = ">= 0.9x" if concurrency == 20 and name == "ask" else ""
            met = times >= 0.9 if target else None
            report(f"web /api/ask ({what}) vs trivial, concurrency {concurrency}", shown, target, met)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds and situations: a rough figure fast")
    parser.add_argument("--only", default=",".join(SECTIONS), help=f"comma-separated sections of {SECTIONS}")
    args = parser.parse_args(argv)
    only = args.only.split(",")
    for name in only:
        if name not in SECTIONS:
            parser.error(f"unknown section {name!r}; the sections are {', '.join(SECTIONS)}")
    quick = args.quick
    print(f"Rulings benchmarks ({'quick' if quick else 'full'}): medians of CPU time with [lowest-highest]; "
          "the machine may be shared, so read the spreads")
    if "warm" in only:
        warm(rounds=5 if quick else 9, n=300 if quick else 1000)
    if "cold" in only:
        cold(rounds=9 if quick else 21, batch_lines=2000 if quick else 10000)
    if "search" in only:
        search(rounds=1 if quick else 3)
    if "scale" in only:
        scale(rounds=1 if quick else 3)
    if "sequence" in only:
        sequence(rounds=5 if quick else 15)
    if "clingo" in only:
        clingo(rounds=5 if quick else 9, n=300 if quick else 1000)
    if "web" in only:
        web(requests=500 if quick else 2000)
    summary()


if __name__ == "__main__":
    main()

"""A longer fuzz run: broken packs, situations, expressions and command lines for as many minutes as you give.

Hypothesis generates the inputs (atheris needs a compiler and a libFuzzer
build; Hypothesis is already a test dependency). Four targets take turns, a
few hundred examples at a time, until the time is up:

- ``loader``: a built-in pack file mutated with bytes and YAML fragments
  chosen for the trouble they cause, loaded with ``kb.loader.load_pack``;
- ``situation``: a situation mutated the same way, read against the fantasy
  pack with ``solver.situation.read_situation``;
- ``expression``: text built from the expression language's own tokens (and
  some that are not), parsed with ``kb.expr.parse_expr`` and then asked
  through the command line as a quantity's base;
- ``cli``: command lines built from every command, option and some broken
  values and files, run through ``rulings.cli.main`` in-process.

Bad input must end in exit 2 (or a ``RulingsError`` from the library calls);
0 and 1 are fine. Anything else is reported: another exit code, an exception
escaping, a traceback or "internal error" in the output, an example slower than
``--slow`` seconds, a hang (stopped after ``--hang`` seconds) or a file left in
the working folder. Each run works in a fresh temporary folder with its own
``RULINGS_CACHE``.

Usage::

    python tools/fuzz.py --minutes 10

It prints the examples run per target, the exit codes seen and every problem
(with the input that caused it), and exits 1 when there was any.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import os
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

TROUBLE = [b"!!python/name:os.system ", b"<<: *a\n", b"&a ", b"*a", b"\x00", b"\xff", b"\x07", b"9" * 30,
           b"9" * 5000, b"-", b"[", b"]", b"{", b"}", b": ", b"!!int ", b"!!binary ", b"!!set ", b"!custom ",
           b"~", b"'", b'"', b"\n  ", b"1.5", b"yes", b"[1.0, 2.0]", b"#", b"not not ", b" // 0", b" / 0",
           b"x2", b"\t", b"\xe2\x80", b"\xc2\xb3", b"? ", b"\xef\xbb\xbf", b"\r", b"---\n", b"...\n", b"%YAML 1.1\n",
           b"{a: 1, a: 2}", b"-10000000000000000000", b"[" * 200, b"0x" + b"f" * 30, b"1e400", b".inf", b".nan",
           b"null", b"[]", b"{}", b"''", b"range: [5, 1]", b"derive: ", b"when: ", b"change: "]

SITUATION = (b"given: {shooter.bs: 3, shooter.moved: true}\n"
             b"groups: [{name: a, given: {hard_cover.obscures: true}}]\nignore: [moved]\n"
             b"reading: {}\n")

EXPR_TOKENS = ["a", "b", "c", "flag", "kind", "unit", "shooter.bs", "1", "0", "2", "999999999999999999",
               "10000000000000000000", "-", "+", "*", "//", "/", "%", "**", "(", ")", "[", "]", " and ", " or ",
               " not ", "==", "!=", "<", "<=", ">", ">=", " if ", " else ", " in ", "true", "false", "'x'", "\"y\"",
               "len", "(a)", ",", ".", "lambda", "__import__", "__class__", "[x for x in a]", "@", ":=", "³",
               "\\", "{", "}", ";", "\n", " is ", "keywords", "'INFANTRY unit'", " "]

EXPR_PACK = ("facts:\n  a: {{type: int, range: [0, 6]}}\n  b: {{type: int, range: [-3, 3], default: 1}}\n"
             "  c: {{type: int, range: [0, 1000000000]}}\n  flag: {{type: bool}}\n"
             "  kind: {{type: enum, values: [x, y]}}\n"
             "quantities:\n  q: {{kind: pool, base: {base}}}\n"
             "modifiers:\n  m: {{quantity: q, change: '+1', when: {when}}}\n")
"""A pack around one expression: as the quantity's base (an int) or as a rule's condition (a bool)."""

COMMANDS = ["packs", "ask", "test", "schema", "match", "why-not", "find", "faq", "check", "diff"]
OPTIONS = ["--situation", "--given", "--base", "--roll", "--format", "--with", "--full", "--batch", "--colour",
           "--timeout", "--debug", "-h"]
WORDS = ["fantasy", "wh40k", "skirmish", "to_hit", "hit_roll", "S", "A", "q", "INFANTRY", "moved", "heavy",
         "shooter.bs=3", "shooter.moved=true", "shooter.bs=--3", "shooter.bs=³", "shooter.bs=", "=3", "3+", "7",
         "-1", "0", "json", "text", "markdown", "never", "{pack}", "{situation}", "{missing}", "/dev/null", "-",
         "", " ", "value > 3", "value >", "x" * 300, "9" * 5000, "0.001", "nan", "inf"]


class Hang(BaseException):
    """Raised by the alarm: an example ran past --hang seconds (a BaseException, so no handler swallows it)."""


@st.composite
def mutated(draw: st.DrawFn, text: bytes) -> bytes:
    data = bytearray(text)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["cut", "insert", "insert", "byte", "copy"]))
        if kind == "cut":
            del data[at:at + draw(st.integers(1, 40))]
        elif kind == "insert":
            data[at:at] = draw(st.sampled_from(TROUBLE))
        elif kind == "copy" and data:
            start = draw(st.integers(0, len(data) - 1))
            data[at:at] = data[start:start + draw(st.integers(1, 80))]
        elif data:
            data[min(at, len(data) - 1)] = draw(st.integers(0, 255))
    return bytes(data)


expressions = st.one_of(
    st.lists(st.sampled_from(EXPR_TOKENS), min_size=1, max_size=12).map("".join),
    st.text(max_size=30),
    st.builds(lambda n, op: op * n + "a", st.integers(1, 1200), st.sampled_from(["not ", "-", "(", "+"])),
)


class Fuzz:
    """The targets, the work folder and what was seen."""

    def __init__(self, work: Path, slow: float, hang: float) -> None:
        from kb.locate import BUILTIN

        self.work, self.slow, self.hang = work, slow, hang
        self.packs = [(BUILTIN / f"{name}.yaml").read_bytes() for name in ("fantasy", "wh40k", "skirmish")]
        self.counts: collections.Counter[str] = collections.Counter()
        self.codes: collections.Counter[tuple[str, object]] = collections.Counter()
        self.problems: list[str] = []
        self.fantasy: Any = None

    @contextlib.contextmanager
    def watched(self, target: str, shown: object) -> Iterator[None]:
        """Time an example, stop it at the hang limit, and record whatever escapes or is left behind."""
        before = set(os.listdir(self.work))

        def alarm(signum: int, frame: Any) -> None:
            raise Hang

        previous = signal.signal(signal.SIGALRM, alarm)
        signal.setitimer(signal.ITIMER_REAL, self.hang)
        start = time.monotonic()
        try:
            yield
        except Hang:
            self.problem(target, f"hang: stopped after {self.hang:g} s", shown)
        except Exception as e:  # the point of fuzzing: anything escaping is a finding
            self.problem(target, f"{type(e).__name__}: {str(e)[:300]}", shown)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        took = time.monotonic() - start
        if took > self.slow:
            self.problem(target, f"slow: {took:.1f} s", shown)
        left = set(os.listdir(self.work)) - before
        if left:
            self.problem(target, f"left files behind: {sorted(left)}", shown)
        self.counts[target] += 1

    def problem(self, target: str, what: str, shown: object) -> None:
        text = repr(shown)
        self.problems.append(f"[{target}] {what}\n    input: {text[:600]}{' ...' if len(text) > 600 else ''}")

    def run_cli(self, target: str, argv: list[str], shown: object) -> None:
        from rulings.cli import main

        out, err = io.StringIO(), io.StringIO()
        code: object = None
        with self.watched(target, shown), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as e:  # argparse refuses a command line with exit 2 (or 0 for --help)
                code = e.code
        self.codes[(target, code)] += 1
        text = err.getvalue()
        if code not in (0, 1, 2, None):
            self.problem(target, f"exit {code}: {text[:300]}", shown)
        elif "Traceback" in text or "internal error" in text:
            self.problem(target, f"exit {code} with a traceback: {text[:300]}", shown)

    def files(self, pack: bytes, situation: bytes) -> dict[str, str]:
        (self.work / "p.yaml").write_bytes(pack)
        (self.work / "s.yaml").write_bytes(situation)
        return {"{pack}": str(self.work / "p.yaml"), "{situation}": str(self.work / "s.yaml"),
                "{missing}": str(self.work / "missing.yaml")}

    def tidy(self) -> None:
        for name in ("p.yaml", "s.yaml"):
            (self.work / name).unlink(missing_ok=True)

    # -- the targets ------------------------------------------------------------------------------------------------

    def loader(self, data: st.DataObject) -> None:
        from kb.errors import RulingsError
        from kb.loader import load_pack

        text = data.draw(mutated(data.draw(st.sampled_from(self.packs))))
        self.files(text, b"")
        code = "ok"
        with self.watched("loader", text):
            try:
                load_pack(str(self.work / "p.yaml"))
            except RulingsError:
                code = "RulingsError"
        self.codes[("loader", code)] += 1
        self.tidy()

    def situation(self, data: st.DataObject) -> None:
        from kb.errors import RulingsError
        from kb.loader import load_pack
        from solver.situation import read_situation

        if self.fantasy is None:
            self.fantasy = load_pack("fantasy")
        raw = data.draw(mutated(SITUATION))
        code = "ok"
        with self.watched("situation", raw):
            try:
                read_situation(raw.decode("utf-8", "replace"), "s.yaml", self.fantasy)
            except RulingsError:
                code = "RulingsError"
        self.codes[("situation", code)] += 1

    def expression(self, data: st.DataObject) -> None:
        import json

        from kb.errors import RulingsError
        from kb.expr import ExprSyntaxError, parse_expr

        text = data.draw(expressions)
        code = "ok"
        with self.watched("expression", text):
            try:
                parse_expr(text)
            except (ExprSyntaxError, RulingsError):
                code = "refused"
        self.codes[("expression", code)] += 1
        shown = json.dumps(text)
        base, when = (shown, "flag") if data.draw(st.booleans()) else ("a", shown)
        files = self.files(EXPR_PACK.format(base=base, when=when).encode(), b"")
        given = data.draw(st.lists(st.sampled_from(["a=3", "b=-2", "c=999999999", "flag=true", "kind=y"]),
                                   max_size=4, unique=True))
        argv = ["ask", files["{pack}"], "q", *[g for v in given for g in ("--given", v)]]
        self.run_cli("expression asked", argv, (text, given))
        self.tidy()

    def cli(self, data: st.DataObject) -> None:
        pack = data.draw(mutated(data.draw(st.sampled_from(self.packs))))
        situation = data.draw(mutated(SITUATION))
        files = self.files(pack, situation)
        words = data.draw(st.lists(st.one_of(st.sampled_from(OPTIONS), st.sampled_from(WORDS)), max_size=8))
        argv = [data.draw(st.sampled_from(COMMANDS)), *[files.get(w, w).replace("\0", "") for w in words]]
        self.run_cli("cli", argv, (argv[:12], pack if "{pack}" in words else None,
                                   situation if "{situation}" in words else None))
        self.tidy()


def round_of(target: Callable[[st.DataObject], None], examples: int) -> None:
    """Run one batch of a target; Hypothesis draws, the target records (it never fails the batch)."""

    @settings(max_examples=examples, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def batch(data: st.DataObject) -> None:
        target(data)

    batch()


def run(minutes: float, slow: float, hang: float, examples: int) -> Fuzz:
    """Take turns over the targets until the time is up."""
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder) / "work"
        work.mkdir()
        os.environ["RULINGS_CACHE"] = str(Path(folder) / "cache")
        old = Path.cwd()
        os.chdir(work)
        try:
            fuzz = Fuzz(work, slow, hang)
            targets = [fuzz.loader, fuzz.situation, fuzz.expression, fuzz.cli]
            end = time.monotonic() + minutes * 60
            turn = 0
            while time.monotonic() < end:
                round_of(targets[turn % len(targets)], examples)
                turn += 1
        finally:
            os.chdir(old)
    return fuzz


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=1.0, help="how long to run (default 1)")
    parser.add_argument("--slow", type=float, default=10.0, help="report examples slower than this (seconds)")
    parser.add_argument("--hang", type=float, default=60.0, help="stop an example after this many seconds")
    parser.add_argument("--batch", type=int, default=100, help="examples per turn of a target")
    args = parser.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    start = time.monotonic()
    fuzz = run(args.minutes, args.slow, args.hang, args.batch)
    took = (time.monotonic() - start) / 60
    print(f"fuzzed for {took:.1f} minutes: {sum(fuzz.counts.values())} examples")
    for target, count in sorted(fuzz.counts.items()):
        codes = ", ".join(f"{code}: {n}" for (t, code), n in sorted(fuzz.codes.items(), key=str) if t == target)
        print(f"  {target}: {count} examples ({codes})")
    print(f"{len(fuzz.problems)} problems")
    for problem in fuzz.problems:
        print(problem)
    return 1 if fuzz.problems else 0


if __name__ == "__main__":
    sys.exit(main())

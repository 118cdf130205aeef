"""Property tests for the space of situations, against brute force over every situation of small random packs.

The packs have bool facts, one int fact (no default) read through comparisons
and floor division, one derived fact, modifiers on a `pool` quantity, an
optional `keep: first` cover group and an optional clamp. The reference
evaluates each condition over every assignment of the base facts with plain
Python, and applies the rules' arithmetic by hand: it never asks the code
under test what the answer is.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kb.document import read_yaml
from kb.expr import evaluate
from kb.expr import parse_expr as _parse
from kb.loader import build_pack
from kb.model import Pack
from solver.ask import ask
from solver.situation import Situation
from solver.space.check import check_pack
from solver.space.diff import diff_packs

parse_expr = cache(_parse)
BOOLS = ("a", "b", "c")
N = range(0, 8)
ATOMS = ("f.a", "f.b", "f.c", "not f.a", "f.n >= 3", "f.n <= 1", "f.n // 3 == 1", "f.n == 6", "f.d", "not f.d",
         "f.n >= 8")
DERIVES = ("f.a and f.n >= 4", "f.b or f.n // 2 == 1", "f.n <= 2", "f.c and not f.b")


@dataclass(frozen=True)
class Shape:
    derive: str
    rules: tuple[tuple[str, int, str], ...]  # (name, change, condition)
    group: tuple[str, ...]  # a keep: first exclusive group, in preference order
    floor: int | None

    def yaml(self) -> str:
        lines = ["pack: random", "facts:"]
        lines += [f"  f.{x}: {{type: bool, text: {x} holds}}" for x in BOOLS]
        lines += ["  f.n: {type: int, range: [0, 7], text: 'n is {value}'}",
                  f"  f.d: {{type: bool, text: d holds, derive: '{self.derive}'}}",
                  "quantities:", "  dice: {kind: pool, text: dice, base: 10}", "modifiers:"]
        lines += [f"  {name}: {{quantity: dice, change: {change:+d}, when: '{when}'}}"
                  for name, change, when in self.rules]
        policies = []
        if len(self.group) > 1:
            policies.append(f"  group: {{kind: exclusive, keep: first, rules: [{', '.join(self.group)}]}}")
        if self.floor is not None:
            policies.append(f"  floor: {{kind: clamp, quantity: dice, min: {self.floor}}}")
        return "\n".join(lines + (["policies:", *policies] if policies else [])) + "\n"

    def pack(self) -> Pack:
        return _built(self.yaml())


@cache
def _built(text: str) -> Pack:
    return build_pack([read_yaml(text, "random.yaml")], "random")


@st.composite
def shapes(draw: st.DrawFn) -> Shape:
    n = draw(st.integers(1, 4))
    rules = []
    for i in range(n):
        parts = draw(st.lists(st.sampled_from(ATOMS), min_size=1, max_size=2, unique=True))
        rules.append((f"r{i}", draw(st.sampled_from([-3, -2, -1, 1, 2])), " and ".join(parts)))
    names = [r[0] for r in rules]
    group = tuple(draw(st.lists(st.sampled_from(names), max_size=3, unique=True)))
    return Shape(draw(st.sampled_from(DERIVES)), tuple(rules), group, draw(st.sampled_from([None, 5, 8])))


def worlds() -> list[dict[str, Any]]:
    """Every assignment of the base facts."""
    return [{**{f"f.{x}": v for x, v in zip(BOOLS, bits, strict=True)}, "f.n": n}
            for bits in product((False, True), repeat=len(BOOLS)) for n in N]


def holds(shape: Shape, when: str, world: dict[str, Any]) -> bool:
    values = {**world, "f.d": evaluate(parse_expr(shape.derive), world)}
    return bool(evaluate(parse_expr(when), values))


def counting(shape: Shape, world: dict[str, Any]) -> list[str]:
    held = [name for name, _, when in shape.rules if holds(shape, when, world)]
    if len(shape.group) > 1:
        winner = next((r for r in shape.group if r in held), None)
        held = [r for r in held if r not in shape.group or r == winner]
    return held


def value(shape: Shape, world: dict[str, Any]) -> int:
    change = dict((name, c) for name, c, _ in shape.rules)
    total = 10 + sum(change[r] for r in counting(shape, world))
    return max(total, shape.floor) if shape.floor is not None else total


@settings(max_examples=40, deadline=None)
@given(shapes())
def test_dead_and_shadowed_verdicts_agree_with_brute_force(shape: Shape) -> None:
    findings = {(f.kind, f.key.split(".", 1)[1]) for f in check_pack(shape.pack())}
    for name, _, when in shape.rules:
        can_hold = any(holds(shape, when, w) for w in worlds())
        can_count = any(name in counting(shape, w) for w in worlds())
        assert (("dead_rule", name) in findings) == (not can_hold), shape.yaml()
        assert (("shadowed_rule", name) in findings) == (can_hold and not can_count), shape.yaml()
    assert not any(kind == "unproven" for kind, _ in findings)  # small packs: every verdict is proven


@settings(max_examples=40, deadline=None)
@given(shapes())
def test_every_ruling_agrees_with_brute_force(shape: Shape) -> None:
    pack = shape.pack()
    for world in worlds():
        assert ask(pack, "dice", Situation(given=world)).value == value(shape, world)


@settings(max_examples=30, deadline=None)
@given(shapes(), st.data())
def test_diff_finds_a_change_exactly_when_one_exists(shape: Shape, data: st.DataObject) -> None:
    name, _, _ = data.draw(st.sampled_from(shape.rules))
    how = data.draw(st.sampled_from(["amount", "condition", "floor"]))
    if how == "amount":
        rules = tuple((n, data.draw(st.sampled_from([-2, -1, 1, 3])) if n == name else c, w) for n, c, w in shape.rules)
        other = Shape(shape.derive, rules, shape.group, shape.floor)
    elif how == "condition":
        new_when = data.draw(st.sampled_from(ATOMS))
        other = Shape(shape.derive, tuple((n, c, new_when if n == name else w) for n, c, w in shape.rules),
                      shape.group, shape.floor)
    else:
        other = Shape(shape.derive, shape.rules, shape.group, data.draw(st.sampled_from([None, 5, 8, 11])))
    result = diff_packs(shape.pack(), other.pack(), "dice")
    expected = any(value(shape, w) != value(other, w) for w in worlds())
    assert result.exhaustive
    assert bool(result.changes) == expected, (shape.yaml(), other.yaml())
    for c in result.changes:  # each witness replays to the change it reports
        before = ask(shape.pack(), "dice", Situation(given=dict(c.witness)))
        after = ask(other.pack(), "dice", Situation(given=dict(c.witness)))
        assert before.value != after.value


@settings(max_examples=40, deadline=None)
@given(shapes(), st.sets(st.sampled_from(BOOLS)), st.booleans())
def test_cases_cover_every_possibility_and_only_possible_ones(shape: Shape, known: set[str], d_given: bool) -> None:
    """Leave f.n unknown (and f.d given or not): the cases are exactly the values the unknown can produce.

    Giving f.d says nothing of its inputs, so the bool facts it is derived from are free too; every
    other bool fact not given keeps its default (false).
    """
    pack = shape.pack()
    fixed: dict[str, Any] = {f"f.{x}": True for x in known}
    if d_given:
        fixed["f.d"] = True
    derive = parse_expr(shape.derive)
    free = {f"f.{x}" for x in BOOLS if d_given and f"f.{x}" in derive.names and f"f.{x}" not in fixed}
    possible = [w for w in worlds()
                if all(w[f"f.{x}"] is (f"f.{x}" in fixed) for x in BOOLS if f"f.{x}" not in free)
                and (not d_given or evaluate(derive, w) is True)]
    assume(possible)  # the facts fixed contradict the derived fact: no situation to ask about
    ruling = ask(pack, "dice", Situation(given=fixed))
    expected = {value(shape, w) for w in possible}
    if ruling.cases is None:
        assert {ruling.value} == expected
        return
    assert {c.ruling.value for c in ruling.cases} == expected
    for case in ruling.cases:  # only possible cases: each one is some possible world
        when = dict(case.when)
        assert any(all(_matches(w, shape, k, v) for k, v in when.items()) for w in possible), when


def _matches(world: dict[str, Any], shape: Shape, fact: str, wanted: Any) -> bool:
    actual = evaluate(parse_expr(shape.derive), world) if fact == "f.d" else world[fact]
    if isinstance(wanted, str) and ".." in wanted:
        low, high = map(int, wanted.split(".."))
        return low <= actual <= high
    return actual == wanted

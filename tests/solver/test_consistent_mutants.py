"""`solver.consistent`, checked where mutation testing found nothing watching (`python tools/mutate.py
solver/consistent.py`): a search's coverage, the classes an int fact's values split into, the facts compared
together, and whether a situation (or a derived fact's value) can happen at all.

Every expected value is worked out from the small packs written here, by hand or by brute force over their few
values: a class holds the values every comparison of the pack answers alike, its representative is the value
nearest the fact's typical value (the smaller on a tie), a derived fact is its `derive:` expression of its
inputs, and a situation is consistent when some assignment of its free base facts agrees with everything given
and every `require:` holds.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import Any

import pytest

from kb.errors import Span
from kb.expr import FactType, evaluate, parse_expr
from kb.model import Fact, Pack
from solver import consistent as c
from solver.consistent import (
    EVALUATE_LIMIT,
    SOLUTION_LIMIT,
    Coverage,
    Partition,
    compared_groups,
    comparisons_of,
    completions,
    consistent,
    defaults_apply,
    expressions,
    facts_behind,
    inputs,
    joint_values,
    partition,
    plain_values,
    producible,
    simple_cuts,
    splits,
    typical,
    unsplit,
    values_of,
)
from tests.solver.small_packs import pack


@pytest.fixture
def no_deadline() -> Iterator[None]:
    """Whatever a test sets, the deadline is as it was afterwards (None outside `--timeout`)."""
    before = c.DEADLINE
    c.DEADLINE = None
    try:
        yield
    finally:
        c.DEADLINE = before


def tree(text: str) -> Any:
    return parse_expr(text)._tree


def int_fact(low: int, high: int, *, default: Any = None, declared: int | None = None) -> Fact:
    return Fact("a.s", FactType("int"), "s is {value}", Span("p"), range=(low, high), default=default,
                typical=declared)


# -- coverage -------------------------------------------------------------------------------------------------------


@pytest.mark.usefixtures("no_deadline")
def test_a_new_coverage_is_exhaustive_and_empty_and_each_reason_is_kept_once_in_order() -> None:
    """Nothing searched yet is everything searched; a reason given twice is said once, after the earlier ones."""
    coverage = Coverage()
    assert (coverage.searched, coverage.exhaustive, coverage.reasons, coverage.deadline) == (0, True, [], None)
    assert coverage.as_json() == {"exhaustive": True, "searched": 0}
    coverage.stop("first")
    coverage.stop("second")
    coverage.stop("first")
    assert not coverage.exhaustive and coverage.reasons == ["first", "second"]
    coverage.searched = 5
    assert coverage.as_json() == {"exhaustive": False, "searched": 5, "limits": ["first", "second"]}


@pytest.mark.usefixtures("no_deadline")
def test_a_coverage_takes_the_deadline_set_when_it_is_made() -> None:
    """`--timeout` sets the module's deadline; each coverage made afterwards reads it, one made before does not."""
    before = Coverage()
    c.DEADLINE = 12.5
    assert Coverage().deadline == 12.5 and before.deadline is None


def test_a_deadline_runs_out_only_once_passed_and_says_so() -> None:
    """No deadline and one in the far future never run out; one in the past does, with the reason to raise it."""
    for deadline in (None, float("inf")):
        coverage = Coverage(deadline=deadline)
        assert coverage.out_of_time() is False
        assert coverage.exhaustive and coverage.reasons == []
    past = Coverage(deadline=float("-inf"))
    assert past.out_of_time() is True
    assert not past.exhaustive and past.reasons == ["the time limit ran out (raise it with --timeout)"]


def test_a_deadline_is_passed_only_once_the_clock_is_beyond_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the clock read as 100 exactly, a deadline of 100 has not passed yet; one of 99.5 has."""
    monkeypatch.setattr(c.time, "monotonic", lambda: 100.0)
    assert Coverage(deadline=100.0).out_of_time() is False
    assert Coverage(deadline=99.5).out_of_time() is True


def test_merging_adds_the_searched_and_takes_every_reason() -> None:
    """3 and 4 searched are 7; the other's reasons join this one's (once each), and stop its being exhaustive."""
    mine = Coverage(deadline=None, searched=3)
    mine.stop("mine")
    other = Coverage(deadline=None, searched=4)
    other.stop("theirs")
    other.stop("mine")
    mine.merge(other)
    assert (mine.searched, mine.exhaustive, mine.reasons) == (7, False, ["mine", "theirs"])
    whole = Coverage(deadline=None, searched=1)
    whole.merge(Coverage(deadline=None, searched=2))
    assert (whole.searched, whole.exhaustive, whole.reasons) == (3, True, [])


# -- partitions -----------------------------------------------------------------------------------------------------


def test_a_value_belongs_to_the_class_whose_runs_hold_it_both_ends_included() -> None:
    """Runs are inclusive: 0 and 2 are in (0, 2), 5 in (5, 5); 3 and 4 in the other class; 6 in none."""
    p = Partition("a.s", (((0, 2), (5, 5)), ((3, 4),)), (0, 3))
    for value in (0, 1, 2, 5):
        assert p.class_of(value) == ((0, 2), (5, 5))
    for value in (3, 4):
        assert p.class_of(value) == ((3, 4),)
    with pytest.raises(ValueError, match=r"^6 is outside a\.s's range$"):
        p.class_of(6)
    with pytest.raises(ValueError, match=r"^-1 is outside"):
        p.class_of(-1)
    assert p.exact


def test_the_typical_value_is_the_declared_one_else_the_default_else_the_lower_middle() -> None:
    """Declared 7 (even 0) wins; then an int default (even 0); then (1 + 4) // 2 = 2 and (2 + 5) // 2 = 3."""
    assert typical(int_fact(1, 9, default=4, declared=7)) == 7
    assert typical(int_fact(0, 9, default=4, declared=0)) == 0
    assert typical(int_fact(1, 9, default=4)) == 4
    assert typical(int_fact(0, 9, default=0)) == 0
    assert typical(int_fact(1, 4)) == 2
    assert typical(int_fact(2, 5)) == 3
    assert typical(int_fact(-5, -2)) == -4
    assert typical(int_fact(1, 4, default=True)) == 2  # a bool default is no number


SPLIT = """\
pack: split
facts:
  a.s: {type: int, range: [0, 9], text: "s is {value}"}
  a.t: {type: int, range: [0, 9], typical: 5, text: "t is {value}"}
  a.y: {type: int, range: [0, 9], typical: 4, text: "y is {value}"}
  a.u: {type: int, range: [0, 6], default: 3, text: "u is {value}"}
  a.v: {type: int, range: [1, 5], text: "v is {value}"}
  a.w: {type: int, range: [0, 9], text: "w is {value}"}
  a.r: {type: int, range: [0, 8], typical: 4, text: "r is {value}"}
  a.flag: {type: bool, default: true, text: flag holds}
  a.mode: {type: enum, values: [low, mid, high], default: mid, text: "mode is {value}"}
  a.free: {type: enum, values: [x, y], text: "free is {value}"}
  d.far: {type: bool, derive: a.s <= 2, text: far}
quantities:
  q: {kind: score, base: 4 + a.u}
modifiers:
  m1: {quantity: q, change: +1, when: a.s // 4 == 1}
  m2: {quantity: q, change: +1, when: "a.t // 3 == 1 or a.y // 3 == 1"}
  m3: {quantity: q, change: +1, when: "a.v < a.w"}
  m4: {quantity: q, change: +1, when: "a.flag and a.mode == 'low' and a.free == 'x'"}
  m5: {quantity: q, change: +1, when: a.u > 5}
  m6: {quantity: q, change: +1, when: a.r == 4 or 1 <= a.r <= 3}
"""


@pytest.fixture(scope="module")
def split() -> Pack:
    return pack(SPLIT)


def test_an_int_fact_splits_by_the_answers_of_every_comparison_that_reads_it_alone(split: Pack) -> None:
    """s <= 2 and s // 4 == 1: 0..2 (true, false), 3 and 8..9 (false, false), 4..7 (false, true). The typical s is
    (0 + 9) // 2 = 4: the classes' values nearest it are 2, 3 and 4, tried nearest first."""
    p = partition(split, "a.s")
    assert p.classes == (((0, 2),), ((3, 3), (8, 9)), ((4, 7),))
    assert p.representatives == (4, 3, 2)
    assert p.exact and p.fact == "a.s"
    assert partition(split, "a.s") is p  # kept on the pack


def test_a_class_of_runs_either_side_of_the_typical_value_is_represented_by_the_nearer(split: Pack) -> None:
    """t // 3 == 1 splits 3..5 from 0..2 and 6..9. Typical 5: 5 itself, then of 0..2 and 6..9 the nearer end, 6
    (one away, 2 is three). Typical 4 (y): 4, then 2 and 6 are both two away: the smaller, 2."""
    t, y = partition(split, "a.t"), partition(split, "a.y")
    assert t.classes == y.classes == (((0, 2), (6, 9)), ((3, 5),))
    assert t.representatives == (5, 6)
    assert y.representatives == (4, 2)


def test_classes_as_near_the_typical_value_are_tried_the_smaller_first(split: Pack) -> None:
    """r == 4 and 1 <= r <= 3 over 0..8: {0, 5..8} (neither), {1..3}, {4}. Typical 4: 4, then 3 and 5 (both one
    away: 3, the smaller, first), though 5's class starts lower."""
    p = partition(split, "a.r")
    assert p.classes == (((0, 0), (5, 8)), ((1, 3),), ((4, 4),))
    assert p.representatives == (4, 3, 5)


def test_a_fact_counted_with_keeps_every_value_apart_nearest_its_default_first(split: Pack) -> None:
    """The base 4 + u counts with u: each of 0..6 is a class (though a rule read later only asks whether u > 5); from
    the default 3, 2 before 4 (the smaller on a tie)."""
    p = partition(split, "a.u")
    assert p.classes == tuple(((v, v),) for v in range(7))
    assert p.representatives == (3, 2, 4, 1, 5, 0, 6)
    assert p.fact == "a.u" and p.exact is True
    assert values_of(split, "a.u") == (3, 2, 4, 1, 5, 0, 6)


def test_a_fact_compared_with_another_keeps_every_value_apart(split: Pack) -> None:
    """v < w reads two facts: neither splits alone. v's typical value is (1 + 5) // 2 = 3."""
    assert partition(split, "a.v").classes == tuple(((v, v),) for v in range(1, 6))
    assert partition(split, "a.v").representatives == (3, 2, 4, 1, 5)
    assert len(partition(split, "a.w").classes) == 10


def test_a_search_tries_the_default_first_then_the_other_values_in_order(split: Pack) -> None:
    """A bool defaulting to true tries true first; an enum its default, then the rest as declared; without a
    default, the declared order; an int one value per class."""
    assert values_of(split, "a.flag") == (True, False)
    assert values_of(split, "a.mode") == ("mid", "low", "high")
    assert values_of(split, "a.free") == ("x", "y")
    assert values_of(split, "d.far") == (False, True)
    assert values_of(split, "a.s") == (4, 3, 2)
    assert all(splits(split, n) for n in ("a.flag", "a.mode", "a.free", "a.s", "a.u", "d.far"))


def test_every_expression_of_the_pack_is_read_in_order() -> None:
    """Derivations, constraints, a quantity's base, automatic, passes and re-roll conditions, a rule's condition,
    amount and multiplier (a rule without a condition holds: `true`), a policy's bounds and condition, a
    sequence's own expressions (a step's target); blanks left out."""
    text = """\
pack: every
facts:
  a.n: {type: int, range: [1, 6], text: "n is {value}"}
  a.b: {type: bool, text: b}
  d.x: {type: bool, derive: a.n > 1, text: x}
constraints:
  c1: {require: a.n != 6}
quantities:
  q: {kind: score, base: 7 - a.n, automatic: a.b}
  h: {kind: roll, dice: D6, rerolls: [{name: r, reroll: ones, when: a.n > 2}]}
  t: {kind: total, dice: 2D6, passes: a.n + 3}
  p: {kind: pool, base: 3}
modifiers:
  m: {quantity: p, change: "+a.n", per: a.n - 1, when: a.n > 4}
  k: {quantity: q, change: +1}
policies:
  cl: {kind: clamp, quantity: p, min: a.n - 5, max: a.n + 5, when: a.n < 3}
sequences:
  attack:
    steps:
      - {step: hit, roll: h, passes: hits, target: a.n + 1}
"""
    got = [e.text for e in expressions(pack(text))]
    assert got == ["a.n > 1", "a.n != 6", "7 - a.n", "a.b", "a.n > 2", "a.n + 3", "3", "a.n > 4", "a.n",
                   "a.n - 1", "true", "1", "a.n - 5", "a.n + 5", "a.n < 3", "a.n + 1"]


def test_a_comparison_of_a_fact_with_a_whole_number_changes_its_answer_at_the_number_and_the_next() -> None:
    """`fact OP number`, either side, any of the six orderings: the answer can change at c and at c + 1 only."""
    for op in ("<", "<=", ">", ">=", "==", "!="):
        assert simple_cuts(tree(f"a.s {op} 7"), "a.s") == [7, 8]
        assert simple_cuts(tree(f"-3 {op} a.s"), "a.s") == [-3, -2]
    for text in ("a.s + 1 < 7", "a.s < a.t", "7 < 8", "a.s < 3 < 5", "a.s", "a.s == 'x'", "3 in a.k",
                 "max(a.s, 2) < 3", "a.s < 2 + 1"):
        assert simple_cuts(tree(text), "a.s") is None, text


def test_comparisons_that_read_the_fact_alone_are_collected_and_any_other_reading_counts_with_it() -> None:
    """A comparison of s alone is an atom; s read in arithmetic, or compared with t, counts (every value apart),
    unless `jointly` collects the comparison with t too. Constants, other facts' comparisons and matches() do
    neither."""
    atoms: list[Any] = []
    assert comparisons_of(tree("a.s <= 2"), "a.s", atoms) is False
    assert atoms == [tree("a.s <= 2")]
    atoms = []
    assert comparisons_of(tree("a.s + 1"), "a.s", atoms) is True and atoms == []
    assert comparisons_of(tree("a.s"), "a.s", atoms) is True and atoms == []
    assert comparisons_of(tree("a.t"), "a.s", atoms) is False and atoms == []
    assert comparisons_of(tree("3"), "a.s", atoms) is False and atoms == []
    assert comparisons_of(tree("a.t <= 2"), "a.s", atoms) is False and atoms == []
    assert comparisons_of(tree("a.s <= a.t"), "a.s", atoms) is True and atoms == []
    assert comparisons_of(tree("a.s <= a.t"), "a.s", atoms, jointly=True) is False
    assert atoms == [tree("a.s <= a.t")]
    atoms = []
    assert comparisons_of(tree("a.b and (a.s <= a.t)"), "a.s", atoms, jointly=True) is False
    assert atoms == [tree("a.b and (a.s <= a.t)")[2][1]]  # the comparison, the second operand of `and`
    atoms = []
    assert comparisons_of(tree("a.t <= 2"), "a.s", atoms, jointly=True) is False and atoms == []
    assert comparisons_of(tree("matches('VEHICLE', a.k)"), "a.k", atoms) is False and atoms == []
    assert comparisons_of(tree("a.s"), "a.s", atoms, True) is False  # inside an atom: read by the atom
    assert comparisons_of(tree("a.s < 3"), "a.s", atoms, True) is False and atoms == []
    assert comparisons_of(tree("a.s + 1"), "a.s", atoms, True) is False


def test_every_form_of_expression_is_looked_into() -> None:
    """Inside a call, a conditional, `not`, `and`, `or` and a negation, a comparison of s alone is an atom and s
    in arithmetic counts, as outside them."""
    atoms: list[Any] = []
    text = "max(2, min(6, 1 if a.s < 3 else 2)) > 0 and not a.s == 4 or -(a.s) > 0"
    counted = comparisons_of(tree(text), "a.s", atoms)
    assert counted is False  # every reading of s is inside a comparison of s alone
    assert [a[0] for a in atoms] == ["cmp", "cmp", "cmp"]
    assert comparisons_of(tree("1 if a.t else a.s"), "a.s", []) is True
    assert comparisons_of(tree("max(2, a.s)"), "a.s", []) is True
    assert comparisons_of(tree("not a.s"), "a.s", []) is True
    assert comparisons_of(tree("a.t or a.s"), "a.s", []) is True
    assert comparisons_of(tree("a.t and a.s"), "a.s", []) is True


def huge(conditions: list[str], low: int = 1, high: int = 1_000_000, base: str = "4") -> Pack:
    rules = "\n".join(f'  m{i}: {{quantity: q, change: +1, when: "{w}"}}' for i, w in enumerate(conditions))
    return pack(f"""\
pack: huge
facts:
  a.s: {{type: int, range: [{low}, {high}], typical: {low}, text: "s is {{value}}"}}
  a.t: {{type: int, range: [0, 3], text: "t is {{value}}"}}
quantities:
  q: {{kind: score, base: {base}}}
modifiers:
{rules}
""")


def test_a_huge_range_splits_where_its_plain_comparisons_change_their_answer() -> None:
    """s <= 10 and 5 < s over 1..1,000,000 change at 5, 6, 10 and 11: five runs, each its own class. From the
    typical value 1, the nearest of each run is its low end."""
    p = partition(huge(["a.s <= 10", "5 < a.s"]), "a.s")
    assert p.classes == (((1, 4),), ((5, 5),), ((6, 9),), ((10, 10),), ((11, 1_000_000),))
    assert p.representatives == (1, 5, 6, 10, 11)
    assert p.exact and p.fact == "a.s"


def test_a_huge_range_keeps_a_cut_at_its_top_and_drops_one_at_its_bottom_or_beyond() -> None:
    """s == 1,000,000 changes at the top value (a run of its own) and beyond it (no value there); s >= 1 changes
    at 1, the bottom (no run below it), and at 2."""
    p = partition(huge(["a.s == 1000000", "a.s >= 1"]), "a.s")
    assert p.classes == (((1, 1),), ((2, 999_999),), ((1_000_000, 1_000_000),))
    assert p.exact


def test_a_huge_range_read_otherwise_than_plainly_cannot_be_proven() -> None:
    """s // 4 == 1 is no plain comparison: its cuts are not known, so the partition (by the plain s < 3 alone,
    which changes at 3 and 4) is not exact. A huge range counted with is one class, not exact, represented by its
    typical value."""
    p = partition(huge(["a.s // 4 == 1", "a.s < 3"]), "a.s")
    assert p.classes == (((1, 2),), ((3, 3),), ((4, 1_000_000),)) and p.exact is False
    counted = partition(huge(["a.t > 1"], base="a.s"), "a.s")
    assert counted.classes == (((1, 1_000_000),),) and counted.representatives == (1,) and counted.exact is False
    assert counted.fact == "a.s"


def test_a_range_of_exactly_the_limit_is_evaluated_value_by_value() -> None:
    """1..100,000 is EVALUATE_LIMIT values: s // 4 == 1 is evaluated over all of them (exact: 4..7 and the rest);
    1..100,001 is one more, and split by plain comparisons only (here none: one class, not exact)."""
    assert EVALUATE_LIMIT == 100_000
    p = partition(huge(["a.s // 4 == 1"], high=EVALUATE_LIMIT), "a.s")
    assert p.classes == (((1, 3), (8, 100_000)), ((4, 7),)) and p.exact
    assert p.representatives == (1, 4)
    over = partition(huge(["a.s // 4 == 1"], high=EVALUATE_LIMIT + 1), "a.s")
    assert over.classes == (((1, 100_001),),) and over.exact is False
    counted = partition(huge(["a.t > 1"], low=1, high=EVALUATE_LIMIT, base="a.s"), "a.s")
    assert counted.exact and len(counted.classes) == EVALUATE_LIMIT and counted.representatives[:3] == (1, 2, 3)


def test_a_huge_range_is_represented_nearest_its_typical_value() -> None:
    """Typical 500 (declared) over 0..1,000,000 with s < 300 and s > 600: cuts at 300, 301, 600 and 601. 500 is in
    the middle run; 600, 601, 300 and 299 are the other runs' nearest, 100, 101, 200 and 201 away."""
    text = """\
pack: mid
facts:
  a.s: {type: int, range: [0, 1000000], typical: 500, text: "s is {value}"}
quantities:
  q: {kind: score, base: 4}
modifiers:
  lo: {quantity: q, change: +1, when: a.s < 300}
  hi: {quantity: q, change: +1, when: a.s > 600}
"""
    p = partition(pack(text), "a.s")
    assert p.classes == (((0, 299),), ((300, 300),), ((301, 599),), ((600, 600),), ((601, 1_000_000),))
    assert p.representatives == (500, 600, 601, 300, 299)


# -- whether a situation can happen: against every assignment of the base facts ------------------------------------

WORLD = """\
pack: world
facts:
  a.x: {type: int, range: [1, 3], text: "x is {value}"}
  a.y: {type: int, range: [1, 3], default: 2, text: "y is {value}"}
  a.b: {type: bool, default: false, text: b holds}
  a.e: {type: enum, values: [p, q, r], default: p, text: "e is {value}"}
  a.z: {type: bool, default: false, text: z holds}
  d.hi: {type: bool, derive: a.x >= a.y, text: x reaches y}
  d.both: {type: bool, derive: d.hi and a.b, text: both}
  d.sum: {type: int, range: [2, 6], derive: a.x + a.y, text: "the sum is {value}"}
  d.e: {type: bool, derive: "a.e != 'r' and a.z", text: e is not r and z holds}
constraints:
  c1: {require: "a.z or not (a.b and a.e == 'q')"}
  c2: {require: a.z or a.x != 3}
quantities:
  q: {kind: score, base: 4}
modifiers:
  m1: {quantity: q, change: +1, when: d.both}
  m2: {quantity: q, change: +1, when: d.sum >= 5}
  m3: {quantity: q, change: +1, when: d.e}
"""
"""Every derived fact's inputs reach every constraint (c2 ties x to z, c1 ties z to b and e), and each constraint
can be met whatever its fixed facts hold, as long as one of them is free: what a search finds for the derived
facts is then exactly what every assignment of the base facts allows."""

WORLD_CHOICES: dict[str, tuple[Any, ...]] = {
    "d.hi": (True, False), "d.both": (True,), "d.sum": (2, 5, 6), "d.e": (True, False),
    "a.x": (3,), "a.b": (True,), "a.e": ("q",), "a.z": (False,)}
"""The values a situation may give each fact (or leave it out): every mix is tried."""


@pytest.fixture(scope="module")
def world() -> Pack:
    return pack(WORLD)


def reference_inputs(p: Pack, name: str) -> set[str]:
    """The base facts behind a fact, by following its `derive:` down (worked out here, not asked of the module)."""
    derive = p.facts[name].derive
    if derive is None:
        return {name}
    return set().union(*(reference_inputs(p, n) for n in derive.names))


def every_world(p: Pack) -> list[dict[str, Any]]:
    """Every assignment of the base facts, each with its derived facts and whether every constraint holds."""
    base = [n for n, f in p.facts.items() if f.derive is None]
    out = []
    for values in product(*(tuple(p.facts[n].domain) for n in base)):
        world = dict(zip(base, values, strict=True))
        for name, fact in p.facts.items():
            if fact.derive is not None:
                world[name] = evaluate(fact.derive, world)
        world["constraints hold"] = all(evaluate(k.require, world) is True for k in p.constraints.values())
        out.append(world)
    return out


def agrees(p: Pack, world: dict[str, Any], given: dict[str, Any]) -> bool:
    """Whether the world is a situation `given` describes: the given values, the defaults of the base facts not
    given (but the inputs of a given derived fact, which are free), every constraint."""
    freed = set().union(*(reference_inputs(p, n) for n in given if p.facts[n].derive is not None))
    kept = all(world[n] == f.default for n, f in p.facts.items()
               if f.derive is None and f.default is not None and n not in given and n not in freed)
    return kept and world["constraints hold"] and all(world[n] == v for n, v in given.items())


def every_given(choices: dict[str, tuple[Any, ...]]) -> list[dict[str, Any]]:
    """Every situation giving each fact one of its values or leaving it out."""
    names = list(choices)
    out = []
    for picks in product(*((None, *choices[n]) for n in names)):
        out.append({n: v for n, v in zip(names, picks, strict=True) if v is not None})
    return out


def test_a_situation_giving_derived_facts_is_consistent_exactly_when_some_assignment_has_it(world: Pack) -> None:
    """For every mix of given values with a derived fact among them, `consistent` says what going through all
    324 assignments of the base facts says (asked in one order on one pack, so what it keeps between questions is
    tried as well)."""
    worlds = every_world(world)
    tried = 0
    for given in every_given(WORLD_CHOICES):
        if not any(world.facts[n].derive is not None for n in given):
            continue
        expected = any(agrees(world, w, given) for w in worlds)
        assert consistent(world, given) is expected, given
        tried += 1
    assert tried > 500


def test_the_values_facts_can_take_together_are_those_of_some_assignment(world: Pack) -> None:
    """`producible` finds exactly the joint values that the assignments the situation describes give the names,
    each with a completion that gives them."""
    worlds = every_world(world)
    situations = every_given({"d.hi": (True, False), "a.x": (1, 3), "a.b": (True,), "a.e": ("q", "r"),
                              "a.z": (False,)})
    for names in (["d.hi"], ["d.sum"], ["d.both", "d.e"], ["a.x"], ["a.y", "d.hi"], ["d.sum", "a.z"], ["a.e"]):
        for given in situations:
            expected = {tuple(w[n] for n in names) for w in worlds if agrees(world, w, given)}
            coverage = Coverage(deadline=None)
            found = producible(world, names, given, coverage=coverage)
            assert set(found) == expected, (names, given)
            assert coverage.exhaustive
            for value, completion in found.items():
                assert any(agrees(world, w, given) and all(w[n] == v for n, v in completion.items())
                           and tuple(w[n] for n in names) == value for w in worlds), (names, given, value)


def test_every_completion_is_the_free_facts_of_some_assignment_and_every_one_is_found(world: Pack) -> None:
    """Wanting (at least) the given derived facts, the completions of a situation are the free facts' values of
    every assignment the situation describes, each once, and none when there is no such assignment; with `first`,
    only the first of them."""
    worlds = every_world(world)
    for given in every_given({"d.hi": (True, False), "d.e": (True,), "a.x": (3,), "a.b": (True,)}):
        for more in ([], ["d.sum"], ["d.both", "a.e"]):
            wanted = [n for n in given if world.facts[n].derive is not None] + more
            found = list(completions(world, given, wanted))
            if not found:
                assert not any(agrees(world, w, given) for w in worlds), (given, wanted)
                continue
            keys = set(found[0])
            assert all(set(f) == keys for f in found)
            expected = {tuple(sorted((n, w[n]) for n in keys)) for w in worlds if agrees(world, w, given)}
            assert sorted(tuple(sorted(f.items())) for f in found) == sorted(expected), (given, wanted)
            assert list(completions(world, given, wanted, first=True)) == found[:1]


BROKEN_ELSEWHERE = """\
pack: elsewhere
facts:
  a.x: {type: int, range: [1, 3], text: "x is {value}"}
  a.y: {type: int, range: [1, 3], default: 2, text: "y is {value}"}
  a.b: {type: bool, default: false, text: b holds}
  a.e: {type: enum, values: [p, q, r], default: p, text: "e is {value}"}
  d.hi: {type: bool, derive: a.x >= a.y, text: x reaches y}
constraints:
  c1: {require: "not (a.b and a.e == 'q')"}
quantities:
  q: {kind: score, base: 4}
modifiers:
  m: {quantity: q, change: +1, when: d.hi}
"""
"""A constraint on b and e, which nothing ties to x, y and the derived fact they make."""


def test_a_constraint_broken_apart_from_a_derived_fact_is_not_remembered_against_it() -> None:
    """x reaches y for x = 2 or 3 (y defaults to 2), whatever b and e are: asked after a situation that breaks c1
    (b with e = q), or before it, the derived fact is as consistent, and can be either value, as on a fresh pack.
    (The answers are kept on the pack: they were once kept under the derived fact's part of the situation but
    worked out from all of it, so one broken constraint made every later situation with x reaching y
    impossible.)"""
    broken = {"a.b": True, "a.e": "q"}
    for first, then in ((broken, {}), ({}, broken)):
        p = pack(BROKEN_ELSEWHERE)
        answers = [consistent(p, {**given, "d.hi": True}) for given in (first, then)]
        assert answers == [True, True]
        p = pack(BROKEN_ELSEWHERE)
        values = [set(producible(p, ["d.hi"], given)) for given in (first, then)]
        assert values == [{(True,), (False,)}, {(True,), (False,)}]


def test_a_ruling_after_a_situation_that_breaks_a_constraint_still_rules_on_the_next_one() -> None:
    """The situation breaking c1 is refused for c1; the empty situation after it is fine (x free: the ruling
    branches on x reaching y), and so is the one giving x reaching y."""
    from kb.errors import Contradiction
    from solver.facts import derive_facts

    p = pack(BROKEN_ELSEWHERE)
    with pytest.raises(Contradiction, match="breaks the constraint 'c1'"):
        derive_facts(p, {"a.b": True, "a.e": "q"})
    assert "d.hi" not in derive_facts(p, {})
    with pytest.raises(Contradiction, match="breaks the constraint 'c1'"):
        derive_facts(p, {"d.hi": True, "a.b": True, "a.e": "q"})
    assert derive_facts(p, {"d.hi": True})["d.hi"] is True


# -- the facts behind a fact, the defaults a situation keeps, the values it has --------------------------------------


def test_a_fact_stands_for_the_base_facts_its_derivation_reads_all_the_way_down(world: Pack) -> None:
    """both reads hi (x and y) and b; a base fact stands for itself. `facts_behind` keeps the derived facts on
    the way, and skips a name that is no fact."""
    assert inputs(world, "d.both") == {"a.x", "a.y", "a.b"}
    assert inputs(world, "d.both") == {"a.x", "a.y", "a.b"}  # asked again, from the pack's index
    assert inputs(world, "d.e") == {"a.e", "a.z"}
    assert inputs(world, "a.x") == {"a.x"}
    assert facts_behind(world, ["d.both"]) == {"d.both", "d.hi", "a.x", "a.y", "a.b"}
    assert facts_behind(world, ["nothing", "a.x", "d.e"]) == {"a.x", "d.e", "a.e", "a.z"}
    assert facts_behind(world, []) == set()
    assert facts_behind(world, ["a.y", "a.x", "nothing"]) == {"a.x", "a.y"}  # skipped, and the rest still followed
    assert facts_behind(world, ["a.y", "a.x", "a.x"]) == {"a.x", "a.y"}


def test_a_situation_keeps_every_default_but_those_of_the_inputs_of_a_derived_fact_it_gives(world: Pack) -> None:
    """x has no default; y, b, e and z have 2, false, p and false. Giving hi frees x and y; giving b keeps the
    others; a fact given is no default kept."""
    assert defaults_apply(world, {}) == {"a.y": 2, "a.b": False, "a.e": "p", "a.z": False}
    assert defaults_apply(world, {"d.hi": True}) == {"a.b": False, "a.e": "p", "a.z": False}
    assert defaults_apply(world, {"a.b": True}) == {"a.y": 2, "a.e": "p", "a.z": False}
    assert defaults_apply(world, {"d.e": False, "a.y": 1}) == {"a.b": False}


def test_a_situations_values_are_its_defaults_its_given_facts_and_what_they_derive(world: Pack) -> None:
    """x = 3 with y's default 2: hi (3 >= 2), both false (b is false), the sum 5, e false (z is false). Without x,
    hi and the sum stay open; both is false anyway. A given derived fact keeps its value."""
    assert plain_values(world, {"a.x": 3}) == {
        "a.x": 3, "a.y": 2, "a.b": False, "a.e": "p", "a.z": False,
        "d.hi": True, "d.both": False, "d.sum": 5, "d.e": False}
    assert plain_values(world, {}) == {"a.y": 2, "a.b": False, "a.e": "p", "a.z": False, "d.both": False,
                                       "d.e": False}
    assert plain_values(world, {"d.hi": False, "a.x": 3, "a.b": True}) == {
        "a.x": 3, "a.b": True, "a.e": "p", "a.z": False, "d.hi": False, "d.both": False, "d.e": False}


def test_without_defaults_every_fact_not_given_is_free_the_typical_value_first(world: Pack) -> None:
    """y's typical value is its default, 2; then 1 and 3 (the smaller first on a tie). Keeping defaults, y is
    fixed: one empty completion. Given, it is fixed either way. x, without a default, is free: 2 (the middle of
    1..3), then 1; not 3, which c2 forbids while z keeps its default, false."""
    assert list(completions(world, {}, ["a.y"], defaults=False)) == [{"a.y": 2}, {"a.y": 1}, {"a.y": 3}]
    assert list(completions(world, {}, ["a.y"])) == [{}]
    assert list(completions(world, {"a.y": 3}, ["a.y"], defaults=False)) == [{}]
    assert list(completions(world, {}, ["a.x"])) == [{"a.x": 2}, {"a.x": 1}]


def test_a_search_counts_what_it_tried(world: Pack) -> None:
    """Without defaults, x is tied by c2 to z, and z by c1 to b and e, all free. With z true, every x, b and e:
    3 * 2 * 3 = 18; with z false, x is 1 or 2 and not both b and e = q, 2 * 5 = 10: 28 found and counted. With
    `first`, one is yielded and none counted."""
    coverage = Coverage(deadline=None)
    found = list(completions(world, {}, ["a.x"], coverage=coverage, defaults=False))
    assert {(f["a.x"], f["a.z"]) for f in found} == {(1, False), (1, True), (2, False), (2, True), (3, True)}
    assert len(found) == 28 and len({tuple(sorted(f.items())) for f in found}) == 28
    assert coverage.searched == 28 and coverage.exhaustive
    first = Coverage(deadline=None)
    assert len(list(completions(world, {}, ["a.x"], coverage=first, first=True))) == 1
    assert first.searched == 0


def test_a_search_of_more_combinations_than_the_limit_stops_at_the_limit_and_says_so(
        world: Pack, monkeypatch: pytest.MonkeyPatch) -> None:
    """The 28 completions above (x, b, e and z free) are all of them under a limit of 28: exhaustive. Under 27,
    the 28th is one too many: 27 are yielded and counted, and the search says why it stopped. (It once stopped at
    the limit itself, saying "more than 28" of exactly 28.)"""
    assert SOLUTION_LIMIT == 200_000
    monkeypatch.setattr(c, "SOLUTION_LIMIT", 28)
    whole = Coverage(deadline=None)
    assert len(list(completions(world, {}, ["a.x"], coverage=whole, defaults=False))) == 28
    assert (whole.searched, whole.exhaustive, whole.reasons) == (28, True, [])
    monkeypatch.setattr(c, "SOLUTION_LIMIT", 27)
    short = Coverage(deadline=None)
    assert len(list(completions(world, {}, ["a.x"], coverage=short, defaults=False))) == 27
    assert (short.searched, short.exhaustive) == (27, False)
    assert short.reasons == ["more than 27 combinations of a.x, a.b, a.e, a.z (give some of them)"]
    assert len(list(completions(world, {}, ["a.x"], defaults=False))) == 27  # without a coverage, the same stop


def test_values_found_short_of_every_combination_say_so_again_when_asked_again(
        world: Pack, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sum of x and y with hi given true frees x and y: (x, y) with x >= y and x not 3 (c2, z false): (1, 1),
    (2, 1) and (2, 2), sums 2 to 4. Under a limit of 2 pairs, only two sums are found and the search is not
    exhaustive; asked again (from the pack's index) it says so again, naming the facts behind the sum (or sums).
    Under a limit of 3, all three are found."""
    monkeypatch.setattr(c, "SOLUTION_LIMIT", 2)
    p = pack(WORLD)
    first = Coverage(deadline=None)
    found = producible(p, ["d.sum"], {"d.hi": True}, coverage=first)
    assert len(found) == 2 and not first.exhaustive and first.searched == 2
    assert first.reasons == ["more than 2 combinations of a.x, a.y (give some of them)"]
    again = Coverage(deadline=None)
    assert producible(p, ["d.sum"], {"d.hi": True}, coverage=again) == found
    assert not again.exhaustive and again.reasons == ["more than 2 combinations of the facts behind d.sum"]
    assert producible(p, ["d.sum"], {"d.hi": True}) == found  # without a coverage, the same values
    producible(p, ["d.sum", "d.hi"], {"d.hi": True})
    both = Coverage(deadline=None)
    producible(p, ["d.sum", "d.hi"], {"d.hi": True}, coverage=both)
    assert both.reasons == ["more than 2 combinations of the facts behind d.sum, d.hi"]
    monkeypatch.setattr(c, "SOLUTION_LIMIT", 3)
    q = pack(WORLD)
    assert {v for (v,) in producible(q, ["d.sum"], {"d.hi": True})} == {2, 3, 4}
    whole = Coverage(deadline=None)
    assert len(producible(q, ["d.sum"], {"d.hi": True}, coverage=whole)) == 3
    assert whole.exhaustive and whole.reasons == [] and whole.searched == 0  # from the index: nothing searched


def test_a_search_for_a_fact_s_values_stops_once_it_has_found_every_one() -> None:
    """With z true, x is free over 1..3 (y keeps its default 2): hi is true at x = 2 (the typical x, tried first)
    and false at x = 1; both found, x = 3 is never tried (fewer than three searched). The sum of x and 2 can be 3,
    4 or 5: each x is tried. With y = 1 every x reaches it: the completion kept is the first found, x = 2."""
    p = pack(WORLD)
    coverage = Coverage(deadline=None)
    assert producible(p, ["d.hi"], {"a.z": True}, coverage=coverage) == {(True,): {"a.x": 2}, (False,): {"a.x": 1}}
    assert coverage.searched < 3
    total = Coverage(deadline=None)
    assert producible(p, ["d.sum"], {"a.z": True}, coverage=total) == {
        (4,): {"a.x": 2}, (3,): {"a.x": 1}, (5,): {"a.x": 3}}
    assert total.searched == 3
    assert producible(p, ["d.hi"], {"a.z": True, "a.y": 1}) == {(True,): {"a.x": 2}}


# -- keywords facts ---------------------------------------------------------------------------------------------------

MANY = " or ".join(f"'K{i}' in u.many" for i in range(11))
KEYWORDS = f"""\
pack: kw
facts:
  u.k: {{type: keywords, default: [VEHICLE], text: the unit's keywords}}
  u.free: {{type: keywords, text: the other unit's keywords}}
  u.many: {{type: keywords, default: [], text: the third unit's keywords}}
  d.k: {{type: keywords, derive: u.k, text: the unit's keywords as seen}}
  d.m: {{type: bool, derive: "'K0' in u.many", text: the third unit is a K0}}
  d.m1: {{type: bool, derive: "'K1' in u.many", text: the third unit is a K1}}
quantities:
  q: {{kind: score, base: 4}}
modifiers:
  a: {{quantity: q, change: +1, when: "'VEHICLE' in d.k"}}
  b: {{quantity: q, change: +1, when: "matches('MONSTER', u.k)"}}
  c: {{quantity: q, change: +1, when: "{MANY}"}}
  d: {{quantity: q, change: +1, when: "'FLY' in u.free"}}
  e: {{quantity: q, change: +1, when: d.m or d.m1}}
"""
"""u.k is asked about VEHICLE (through d.k) and MONSTER: four mixes. u.many is asked about eleven keywords."""


@pytest.fixture(scope="module")
def keywords() -> Pack:
    return pack(KEYWORDS)


def test_a_keywords_fact_is_tried_once_per_mix_of_the_keywords_asked_its_default_first(keywords: Pack) -> None:
    """VEHICLE and MONSTER: no keyword, each alone, both; the default (VEHICLE) first, then the rest smallest
    first. The other unit is asked about FLY: with or without it."""
    assert values_of(keywords, "u.k") == (frozenset({"VEHICLE"}), frozenset(), frozenset({"MONSTER"}),
                                          frozenset({"MONSTER", "VEHICLE"}))
    assert values_of(keywords, "u.free") == (frozenset(), frozenset({"FLY"}))
    assert splits(keywords, "u.k") and splits(keywords, "u.free")


def test_a_keywords_fact_asked_about_more_than_ten_keywords_is_not_split_and_the_search_says_so(
        keywords: Pack) -> None:
    """Eleven keywords are 2,048 mixes, over the 1,024 a search tries: no values, and the reason names the fact."""
    assert values_of(keywords, "u.many") == ()
    assert not splits(keywords, "u.many")
    assert unsplit(keywords, "u.many") == ("u.many is asked about more than 10 keywords, or in a way the search "
                                           "cannot follow: not every mix of them was tried")


def test_a_derived_keyword_set_is_given_as_a_set_or_a_frozen_set_alike() -> None:
    """d.k is u.k: any set of keywords can be it while u.k is free, but not one other than u.k when u.k is given.
    A set and a frozen set of the same keywords are the same situation."""
    p = pack(KEYWORDS)
    assert consistent(p, {"d.k": {"VEHICLE", "MONSTER"}}) is True
    assert consistent(p, {"d.k": {"MONSTER", "VEHICLE"}, "u.k": frozenset({"VEHICLE"})}) is False
    assert consistent(p, {"d.k": frozenset({"MONSTER", "VEHICLE"})}) is True
    assert consistent(p, {"d.k": {"TITAN"}}) is True
    assert consistent(p, {"d.k": frozenset({"TITAN"}), "u.k": frozenset({"TITAN"})}) is True
    assert consistent(p, {"d.k": frozenset({"TITAN"}), "u.k": frozenset({"MONSTER"})}) is False
    assert consistent(p, {"d.k": {"MONSTER", "VEHICLE"}, "u.k": frozenset({"VEHICLE", "MONSTER"})}) is True
    assert consistent(p, {"d.k": {"VEHICLE"}, "u.k": frozenset({"VEHICLE"})}) is True


# -- derived facts in parts --------------------------------------------------------------------------------------------

PARTS = """\
pack: parts
facts:
  a.x: {type: int, range: [1, 3], text: "x is {value}"}
  a.y: {type: int, range: [1, 3], default: 2, text: "y is {value}"}
  a.b: {type: bool, text: b holds}
  a.e: {type: enum, values: [p, q], text: "e is {value}"}
  d.hi: {type: bool, derive: a.x >= a.y, text: x reaches y}
  d.lo: {type: bool, derive: a.x < a.y, text: x is below y}
  d.b: {type: bool, derive: a.b, text: b}
  d.e: {type: bool, derive: "a.e == 'q'", text: e is q}
  d.mid: {type: bool, derive: a.x > 1 and a.b, text: mid}
constraints:
  c1: {require: "not (a.b and a.e == 'q')"}
quantities:
  q: {kind: score, base: 4}
modifiers:
  m: {quantity: q, change: +1, when: d.hi or d.lo or d.b or d.e or d.mid}
"""
"""hi and lo read x and y; b and e are tied by c1; mid reads x and b, so it ties the two."""


def test_derived_facts_that_share_no_input_are_consistent_each_on_its_own() -> None:
    """hi and lo cannot both hold (x >= y and x < y); b and e cannot both hold (c1); hi with b, or lo with e, can.
    mid (x > 1 and b) ties x to b: with lo it needs y = 3 (x = 2): fine; with lo and e, b and e break c1."""
    p = pack(PARTS)
    assert consistent(p, {"d.hi": True, "d.lo": True}) is False
    assert consistent(p, {"d.hi": True, "d.b": True}) is True
    assert consistent(p, {"d.b": True, "d.e": True}) is False
    assert consistent(p, {"d.hi": True, "d.b": True, "d.e": True}) is False
    assert consistent(p, {"d.lo": True, "d.e": True}) is True
    assert consistent(p, {"d.hi": False, "d.lo": False}) is False
    assert consistent(p, {"d.mid": True, "d.lo": True}) is True
    assert consistent(p, {"d.mid": True, "d.lo": True, "a.y": 2}) is False  # x > 1 and x < 2
    assert consistent(p, {"d.mid": True, "d.lo": True, "d.e": True}) is False
    assert consistent(p, {"d.lo": True, "d.e": True, "d.mid": True}) is False
    assert consistent(p, {"d.mid": False, "d.hi": True, "d.b": True}) is True  # x = 1, y = 1
    assert consistent(p, {"d.mid": False, "d.hi": True, "d.b": True, "a.y": 2}) is False
    assert consistent(p, {"a.x": 3}) is True  # no derived fact given: nothing to check here
    assert consistent(p, {"d.hi": True, "d.lo": True, "d.b": True}) is False  # hi and lo, whatever b is
    assert consistent(p, {"d.b": True, "d.hi": True, "d.lo": True}) is False


def test_given_derived_facts_fall_into_parts_that_share_no_input_nor_constraint() -> None:
    """hi and lo share x and y; b and e are tied by c1; mid reads x and b, so it joins both parts into one. The
    parts are kept on the pack: asked again, the same ones are given back."""
    p = pack(PARTS)
    xy, be = frozenset({"a.x", "a.y"}), frozenset({"a.b", "a.e"})
    assert c._parts_of(p, ("d.hi", "d.b")) == ((xy, ["d.hi"]), (be, ["d.b"]))
    assert c._parts_of(p, ("d.hi", "d.b", "d.lo", "d.e")) == ((xy, ["d.hi", "d.lo"]), (be, ["d.b", "d.e"]))
    assert c._parts_of(p, ("d.hi", "d.b", "d.mid")) == ((xy | be, ["d.hi", "d.b", "d.mid"]),)
    assert c._parts_of(p, ()) == ()
    assert c._parts_of(p, ("d.hi", "d.b")) is c._parts_of(p, ("d.hi", "d.b"))


# -- facts compared together ------------------------------------------------------------------------------------------

JOINT = """\
pack: joint
facts:
  a.x: {type: int, range: [1, 4], text: "x is {value}"}
  a.y: {type: int, range: [1, 4], text: "y is {value}"}
  a.z: {type: int, range: [0, 3], default: 1, text: "z is {value}"}
  a.w: {type: int, range: [1, 3], text: "w is {value}"}
  a.v: {type: int, range: [1, 5], text: "v is {value}"}
  a.c: {type: int, range: [1, 3], text: "c is {value}"}
  a.b: {type: bool, text: b holds}
  d.far: {type: bool, derive: a.x > 2, text: x is far}
quantities:
  q: {kind: score, base: 4 - a.c}
modifiers:
  m1: {quantity: q, change: +1, when: d.far and a.x > a.y}
  m2: {quantity: q, change: +1, when: a.w < a.z}
  m3: {quantity: q, change: +1, when: a.v > 2 and a.c > 1}
"""
"""x and y are compared with each other, w with z; v only with a number; c is counted with (the base)."""


@pytest.fixture(scope="module")
def joint() -> Pack:
    return pack(JOINT)


def test_facts_compared_with_each_other_are_grouped_in_the_order_asked(joint: Pack) -> None:
    """x with y and w with z make two groups; v, compared only with a number, none; c (counted), b (no int) and
    far (derived) are never grouped. Asked alone, y is a group of its own: it is compared with x."""
    names = ["a.w", "a.x", "a.y", "a.z", "a.v", "a.c", "a.b", "d.far", "nothing"]
    assert compared_groups(joint, names) == [["a.w", "a.z"], ["a.x", "a.y"]]
    assert compared_groups(joint, ["a.y", "a.x"]) == [["a.y", "a.x"]]
    assert compared_groups(joint, ["a.x", "a.y", "a.w", "a.z"]) == [["a.x", "a.y"], ["a.w", "a.z"]]
    assert compared_groups(joint, ["a.y"]) == [["a.y"]]
    assert compared_groups(joint, ["a.v", "a.c"]) == []


def test_two_facts_compared_together_get_one_pair_per_class_nearest_their_typical_values(joint: Pack) -> None:
    """x > 2 and x > y over 1..4 by 1..4, both typically 2: neither (2, 2); x > y alone (2, 1); both (3, 2), one
    away; x > 2 alone (3, 3), two away, the nearest of (3, 3), (3, 4) and (4, 4)."""
    assert joint_values(joint, ["a.x", "a.y"], {}) == ((2, 2), (2, 1), (3, 2), (3, 3))
    assert joint_values(joint, ["a.y", "a.x"], {}) == ((2, 2), (1, 2), (2, 3), (3, 3))


def test_a_comparison_with_a_fact_outside_needs_its_value(joint: Pack) -> None:
    """w < z: unknown z, no classes; z = 2 splits w into 1 (below) and 2..3 (2 nearest w's typical 2); z = 0
    leaves one class."""
    assert joint_values(joint, ["a.w"], {}) is None
    assert joint_values(joint, ["a.w"], {"a.z": 2}) == ((2,), (1,))
    assert joint_values(joint, ["a.w"], {"a.z": 0, "a.b": True}) == ((2,),)


def test_facts_not_read_in_comparisons_alone_have_no_joint_classes(joint: Pack) -> None:
    """c is counted with (the base 4 - c); b is no int; far is derived; an unknown name is no fact."""
    for names in (["a.c"], ["a.x", "a.c"], ["a.b"], ["d.far"], ["a.x", "a.y", "a.b"]):
        assert joint_values(joint, names, {"a.z": 1}) is None, names
    assert joint_values(joint, ["a.v"], {}) == ((3,), (2,))  # v > 2 alone: 3 (typical) and 2


def test_a_comparison_that_fails_for_some_values_is_a_class_of_its_own() -> None:
    """12 // (x - y) > 2 over 1..3 by 1..3: x = y divides by zero (a class: (2, 2)); x - y of 1 or 2 is true ((2, 1)
    and (3, 2) one away, (2, 1) the smaller); of -1 or -2 false ((1, 2))."""
    p = pack("""\
pack: fails
facts:
  a.x: {type: int, range: [1, 3], text: "x is {value}"}
  a.y: {type: int, range: [1, 3], text: "y is {value}"}
quantities:
  q: {kind: score, base: 4}
modifiers:
  m: {quantity: q, change: +1, when: "12 // (a.x - a.y) > 2"}
""")
    assert joint_values(p, ["a.x", "a.y"], {}) == ((2, 2), (1, 2), (2, 1))


def test_facts_compared_together_are_split_up_to_the_limit_of_assignments() -> None:
    """400 values by 250 are 100,000 pairs, the limit: split by x > y, typically 200 and 125. (200, 125) is above;
    below, every x = y from 125 to 200 is 75 away, and the smallest, (125, 125), stands for them. 401 by 250 is one
    row over the limit: not split."""
    def big(rx: int, ry: int) -> Pack:
        return pack(f"""\
pack: big
facts:
  a.x: {{type: int, range: [1, {rx}], typical: 200, text: "x is {{value}}"}}
  a.y: {{type: int, range: [1, {ry}], typical: 125, text: "y is {{value}}"}}
quantities:
  q: {{kind: score, base: 4}}
modifiers:
  m: {{quantity: q, change: +1, when: a.x > a.y}}
""")
    assert joint_values(big(400, 250), ["a.x", "a.y"], {}) == ((200, 125), (125, 125))
    assert joint_values(big(401, 250), ["a.x", "a.y"], {}) is None


def test_a_derived_fact_whose_input_cannot_be_split_is_never_refuted() -> None:
    """d.m reads u.many, asked about too many keywords to try every mix: given true or false it frees u.many, and
    no value tried can refute it, so it is consistent either way. Not given, u.many keeps its default (none)."""
    p = pack(KEYWORDS)
    assert consistent(p, {"d.m": True}) is True
    assert consistent(p, {"d.m": False}) is True
    assert producible(p, ["d.m"], {}) == {(False,): {}}
    assert producible(p, ["d.m"], {"u.many": frozenset({"K0"})}) == {(True,): {}}
    # d.m1 given frees u.many, which no search can try: d.m is then unknown, and no value of it is found
    assert producible(p, ["d.m"], {"d.m1": True}) == {}


# -- what the pack keeps between questions ----------------------------------------------------------------------------


def test_forgetting_drops_the_answers_about_situations_and_keeps_what_the_pack_alone_decides() -> None:
    """The answers about situations (consistent, producible, and the parts and names behind them) go; what depends on
    the pack alone (a partition, a fact's inputs) stays, as does anything else kept on it."""
    p = pack(WORLD)
    assert consistent(p, {"d.hi": True}) and producible(p, ["d.sum"], {"a.x": 1})
    values = producible(p, ["d.sum"], {"a.x": 1})
    classes, behind = partition(p, "a.x"), inputs(p, "d.sum")
    p.index[("other", "")] = ("kept",)
    assert {"consistent", "producible", "parts", "part names"} <= {k[0] for k in p.index}
    c._forget(p)
    assert not {k[0] for k in p.index} & {"consistent", "producible", "parts", "part names"}
    assert partition(p, "a.x") is classes and inputs(p, "d.sum") is behind and p.index[("other", "")] == ("kept",)
    again = producible(p, ["d.sum"], {"a.x": 1})
    assert again == values and again is not values  # worked out anew


def test_a_pack_that_keeps_too_much_forgets_the_answers_about_situations_before_keeping_more() -> None:
    """Past 50,000 entries, each new answer about a situation first forgets the old ones: the answer to the first
    question is gone after the second, and the answers are right all the same (x = 2 reaches y, which can be 1 or
    2; x = 1 does not reach y = 2)."""
    for ask in (consistent, lambda p, g: bool(producible(p, ["d.hi"], g))):
        p = pack(WORLD)
        assert ask(p, {"d.hi": True, "a.x": 2}) is True
        kept = {k for k in p.index if k[0] in ("consistent", "producible")}
        assert kept
        for i in range(50_001):
            p.index[("padding", i)] = (i,)
        assert ask(p, {"d.hi": True, "a.x": 1, "a.y": 2}) is False
        assert not kept & set(p.index)
        assert ("padding", 0) in p.index


def test_facts_compared_in_a_chain_are_one_group() -> None:
    """p and q are each compared with x, r with p and s with q: one group of all five, found from any of them."""
    p = pack("""\
pack: chain
facts:
  a.x: {type: int, range: [1, 2], text: "x is {value}"}
  a.p: {type: int, range: [1, 2], text: "p is {value}"}
  a.q: {type: int, range: [1, 2], text: "q is {value}"}
  a.r: {type: int, range: [1, 2], text: "r is {value}"}
  a.s: {type: int, range: [1, 2], text: "s is {value}"}
quantities:
  q: {kind: score, base: 4}
modifiers:
  m1: {quantity: q, change: +1, when: a.p > a.x and a.q > a.x}
  m2: {quantity: q, change: +1, when: a.r > a.p and a.s > a.q}
""")
    names = ["a.x", "a.p", "a.q", "a.r", "a.s"]
    assert compared_groups(p, names) == [names]
    assert compared_groups(p, names[::-1]) == [names[::-1]]
    assert compared_groups(p, ["a.r", "a.s", "a.x"]) == [["a.r"], ["a.s"], ["a.x"]]


@pytest.mark.parametrize("kept", [50_000, 50_001])
def test_a_pack_forgets_once_it_keeps_more_than_50000_entries(kept: int) -> None:
    """Each place that keeps a new answer about a situation first forgets the old ones when the pack keeps more than
    50,000 entries: at exactly 50,000 nothing is forgotten, at 50,001 the earlier answers go."""
    def padded(p: Pack) -> Pack:
        for i in range(kept - len(p.index)):
            p.index[("padding", i)] = (i,)
        assert len(p.index) == kept
        return p

    def remembers(p: Pack, kind: str) -> bool:
        return any(k[0] == kind for k in p.index if k[0] != "padding")

    # a new answer of consistent: its parts and names already known, only the answer is kept
    p = pack(WORLD)
    assert consistent(p, {"d.hi": True, "a.x": 2}) is True
    padded(p)
    assert consistent(p, {"d.hi": True, "a.x": 1, "a.y": 2}) is False
    assert remembers(p, "parts") is (kept == 50_000)
    # new values of producible: everything else it reads already known
    p = pack(WORLD)
    assert producible(p, ["d.hi"], {"a.x": 2}) == {(True,): {}}
    padded(p)
    assert producible(p, ["d.hi"], {"a.x": 1}) == {(False,): {}}
    assert len([k for k in p.index if k[0] == "producible"]) == (2 if kept == 50_000 else 1)
    # new parts of derived facts: each one's reach already known
    p = pack(WORLD)
    assert consistent(p, {"d.hi": True}) and consistent(p, {"d.sum": 4})
    padded(p)
    assert c._parts_of(p, ("d.hi", "d.sum"))
    assert remembers(p, "consistent") is (kept == 50_000)


def test_the_values_of_a_fact_depend_on_a_given_derived_fact_that_shares_an_input_and_what_it_ties_in() -> None:
    """lo reads x and y. mid, given true, needs x > 1 and b: so b is part of the question, and given false it
    leaves no situation; given true, x is 2 or 3 with y at its default 2, so lo (x < 2) is false."""
    p = pack(PARTS)
    assert producible(p, ["d.lo"], {"d.mid": True, "a.b": False}) == {}
    assert set(producible(p, ["d.lo"], {"d.mid": True, "a.b": True})) == {(False,)}
    assert set(producible(p, ["d.lo"], {"d.mid": True})) == {(False,)}
    assert set(producible(p, ["d.lo"], {"a.b": False})) == {(False,), (True,)}  # x = 1 is below y = 2
    # lo given true reads exactly what hi reads: x below y, so hi is false
    assert set(producible(p, ["d.hi"], {"d.lo": True})) == {(False,)}


def test_a_keyword_set_given_to_one_unit_is_no_value_of_another_units_keywords() -> None:
    """Only a given *derived* keyword set lends its keywords to the inputs' domains. Unit a given [ALIEN] says
    nothing of unit b, whose keywords are still those the pack's rules name: none, or VEHICLE."""
    p = pack("""
pack: t
facts:
  a.k: {type: keywords, text: a's keywords}
  b.k: {type: keywords, text: b's keywords}
quantities:
  q: {kind: pool, base: 3}
modifiers:
  m: {quantity: q, change: '+1', when: "'VEHICLE' in b.k"}
""")
    found = [c["b.k"] for c in completions(p, {"a.k": frozenset({"ALIEN"})}, ["b.k"], defaults=False)]
    assert sorted(found, key=sorted) == [frozenset(), frozenset({"VEHICLE"})]

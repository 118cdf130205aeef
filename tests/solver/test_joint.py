"""Facts compared with each other, split together: every class kept, against brute force.

A distance and a weapon's range compared (`attack.distance * 4 <= weapon.range`) keep every value apart in their
own partitions. `joint_values` splits them together, by the answers of the comparisons that read them, and a
search with `joint` tries one pair of values per class. The reference here evaluates every expression of the pack
over every assignment (derived facts worked out from their own expressions): it never asks the code under test.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.document import read_yaml
from kb.errors import RulingsError, Unworkable
from kb.expr import evaluate
from kb.loader import build_pack
from kb.model import Pack
from solver.ask import ask
from solver.situation import Situation
from solver.space.find import find
from solver.space.model import Coverage, compared_groups, joint_values
from solver.space.search import minimal_witnesses, situations

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

CONDITIONS = (
    "a.x * {k} <= a.y", "2 * a.x > a.y", "a.x > a.y", "a.x <= {c}", "a.y >= {c}", "a.x + a.y > {c}",
    "min(a.x, a.y) == {c}", "abs(a.x - a.y) <= {k}", "a.x > a.z", "a.flag and a.x >= a.y", "d.far",
    "not d.far and a.y < {c}", "a.x // 2 == a.y // {k}", "a.x > {c} or a.y < {k}", "12 // (a.x - a.y) > {k}",
)
"""Conditions of the drawn packs: comparisons of the two facts with each other, with a constant, with a fact
that has a default, inside `and`/`or`/`not`, through a derived fact, failing (a division by zero) for some pairs."""


def pack_text(rx: int, ry: int, far: int, conditions: list[str], counted: bool) -> str:
    rules = "\n".join(f'  m{i}: {{quantity: q, change: {"+1" if i % 2 else "-1"}, when: "{c}"}}'
                      for i, c in enumerate(conditions))
    base = "a.x + 2" if counted else "4"  # a fact the quantity counts with keeps every value apart
    return f"""
pack: joint
facts:
  a.x: {{type: int, range: [1, {rx}], typical: {(rx + 1) // 2}, text: "x is {{value}}"}}
  a.y: {{type: int, range: [1, {ry}], typical: {ry // 2 + 1}, text: "y is {{value}}"}}
  a.z: {{type: int, range: [0, 3], default: 1, text: "z is {{value}}"}}
  a.flag: {{type: bool, text: flag holds}}
  d.far: {{type: bool, derive: "a.x > {far}", text: far}}
quantities:
  q: {{kind: score, base: "{base}"}}
modifiers:
{rules}
"""


@st.composite
def joint_packs(draw: st.DrawFn) -> tuple[Pack, str]:
    rx, ry = draw(st.integers(1, 8)), draw(st.integers(1, 10))
    chosen = draw(st.lists(st.sampled_from(CONDITIONS), min_size=1, max_size=4))
    conditions = [c.format(k=draw(st.integers(1, 4)), c=draw(st.integers(0, 11))) for c in chosen]
    text = pack_text(rx, ry, draw(st.integers(0, 8)), conditions, draw(st.booleans()))
    return build_pack([read_yaml(text, "joint.yaml")], "joint"), text


def signature(pack: Pack, world: dict[str, Any]) -> tuple[Any, ...]:
    """What every expression of the pack answers in `world`, derived facts worked out from their expressions."""
    values = dict(world)
    for name, fact in pack.facts.items():
        if fact.derive is not None:
            values[name] = evaluate(fact.derive, values)
    exprs = [f.derive for f in pack.facts.values()] + [q.base for q in pack.quantities.values()]
    exprs += [m.when for m in pack.modifiers.values()]
    return tuple(_evaluated(e, values) for e in exprs if e is not None)


def _evaluated(expr: Any, values: dict[str, Any]) -> Any:
    try:
        return evaluate(expr, values)
    except RulingsError:
        return "fails"


def typical_distance(pack: Pack, values: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    typical = [pack.facts[n].typical for n in ("a.x", "a.y")]
    return sum(abs(v - t) for v, t in zip(values, typical, strict=True)), values  # type: ignore[operator]


@SETTINGS
@given(joint_packs(), st.integers(0, 3), st.booleans())
def test_every_class_of_pairs_the_pack_tells_apart_holds_its_pair_nearest_the_typical_values(
        drawn: tuple[Pack, str], z: int, flag: bool) -> None:
    pack, text = drawn
    found = joint_values(pack, ["a.x", "a.y"], {"a.z": z, "a.flag": flag})
    if pack.quantities["q"].base.names:  # counted: every value of a.x apart, so no joint classes
        assert found is None, text
        return
    assert found is not None, text
    classes: dict[tuple[Any, ...], list[tuple[int, int]]] = {}
    for x, y in product(range(1, pack.facts["a.x"].range[1] + 1), range(1, pack.facts["a.y"].range[1] + 1)):
        world = {"a.x": x, "a.y": y, "a.z": z, "a.flag": flag}
        classes.setdefault(signature(pack, world), []).append((x, y))
    for members in classes.values():
        nearest = min(members, key=lambda v: typical_distance(pack, v))
        assert nearest in found, (text, members, found)
    assert len(set(found)) == len(found), text


def test_a_comparison_with_a_fact_of_unknown_value_leaves_the_facts_unsplit() -> None:
    pack = build_pack([read_yaml(pack_text(4, 4, 2, ["a.x > a.z"], False), "joint.yaml")], "joint")
    # x > 2 (far) and x > z: 2 is typical and not far; 1 is not above z; 3 and 4 are far, 3 the nearer
    assert joint_values(pack, ["a.x"], {"a.z": 1}) == ((2,), (1,), (3,))
    assert joint_values(pack, ["a.x"], {}) is None


def test_facts_compared_with_each_other_form_one_group_and_a_fact_compared_alone_none() -> None:
    pack = build_pack([read_yaml(pack_text(4, 4, 2, ["a.x > a.y", "a.z >= 2"], False), "joint.yaml")], "joint")
    assert compared_groups(pack, ["a.z", "a.y", "a.x", "a.flag"]) == [["a.y", "a.x"]]
    assert compared_groups(pack, ["a.x"]) == [["a.x"]]  # compared with a fact outside the names: still split
    counted = build_pack([read_yaml(pack_text(4, 4, 2, ["a.x > a.y"], True), "joint.yaml")], "joint")
    assert compared_groups(counted, ["a.x", "a.y"]) == [["a.y"]]


def test_a_search_tries_one_pair_per_class_in_the_order_of_the_facts() -> None:
    text = """
pack: order
facts:
  a.n: {type: int, range: [1, 2], text: "n is {value}"}
  a.x: {type: int, range: [1, 3], text: "x is {value}"}
  a.y: {type: int, range: [1, 3], text: "y is {value}"}
quantities:
  q: {kind: score, base: 4}
modifiers:
  above: {quantity: q, change: +1, when: "a.n > 1 and a.x > a.y"}
"""
    pack = build_pack([read_yaml(text, "order.yaml")], "order")
    # x above y or not: 2 and 2 (the typical values), then 2 and 1 (of the pairs one away, the smaller); n, declared
    # first, changes the slowest, its typical value 1 first
    assert list(situations(pack, ["a.n", "a.x", "a.y"], joint=True)) == [
        {"a.n": 1, "a.x": 2, "a.y": 2}, {"a.n": 1, "a.x": 2, "a.y": 1},
        {"a.n": 2, "a.x": 2, "a.y": 2}, {"a.n": 2, "a.x": 2, "a.y": 1}]
    assert len(list(situations(pack, ["a.n", "a.x", "a.y"]))) == 2 * 3 * 3  # without: every pair
    # declared between the two, n still changes faster than the pair, which its first fact places
    n = '  a.n: {type: int, range: [1, 2], text: "n is {value}"}\n'
    between = build_pack([read_yaml(text.replace(n, "").replace("  a.y:", n + "  a.y:"), "between.yaml")], "between")
    assert list(situations(between, ["a.x", "a.n", "a.y"], joint=True)) == [
        {"a.x": 2, "a.n": 1, "a.y": 2}, {"a.x": 2, "a.n": 2, "a.y": 2},
        {"a.x": 2, "a.n": 1, "a.y": 1}, {"a.x": 2, "a.n": 2, "a.y": 1}]


def test_a_fact_compared_with_one_that_keeps_its_default_is_split_by_that_default() -> None:
    pack = build_pack([read_yaml(pack_text(4, 4, 9, ["a.x > a.z", "a.y > 2"], False), "joint.yaml")], "joint")
    # z keeps its default 1: x above it or not, 2 (typical) and 1; y splits alone, 3 (typical) and 2
    assert [s["a.x"] for s in situations(pack, ["a.x"], joint=True)] == [2, 1]
    assert [s["a.x"] for s in situations(pack, ["a.x"], fixed={"a.z": 3}, joint=True)] == [2, 4]


def worlds(pack: Pack) -> list[dict[str, Any]]:
    ranges = [range(1, pack.facts["a.x"].range[1] + 1), range(1, pack.facts["a.y"].range[1] + 1), range(4)]
    return [{"a.x": x, "a.y": y, "a.z": z, "a.flag": f} for x, y, z in product(*ranges) for f in (False, True)]


@SETTINGS
@given(joint_packs(), st.integers(1, 7))
def test_a_search_by_joint_classes_finds_a_situation_exactly_when_some_situation_has_it(
        drawn: tuple[Pack, str], bar: int) -> None:
    pack, text = drawn

    def wanted(r: Any) -> bool:
        return isinstance(r.value, int) and r.value >= bar

    coverage = Coverage()
    try:
        found = find(pack, "q", wanted, coverage=coverage, max_facts=None, decided=True, joint=True)
    except Unworkable:  # it came to a world the pack's expressions cannot be worked out in, and said so
        assert any(_asked(pack, w) is UNWORKABLE for w in worlds(pack)), text
        return
    assert coverage.exhaustive, (text, coverage.reasons)
    for f in found:  # each one found has it
        assert wanted(ask(pack, "q", Situation(given={n: v[0] if isinstance(v, tuple) else v for n, v in f.given})))
    exists = any(wanted(r) for w in worlds(pack) if (r := _asked(pack, w)) not in (None, UNWORKABLE)
                 and r.cases is None)
    assert bool(found) == exists, (text, bar, [f.describe() for f in found])


UNWORKABLE = object()


def _asked(pack: Pack, world: dict[str, Any]) -> Any:
    try:
        return ask(pack, "q", Situation(given=world))
    except Unworkable:  # a division by zero in this world: no ruling, and a search that comes here stops
        return UNWORKABLE
    except RulingsError:  # a world the pack refuses
        return None


def test_a_rule_that_never_counts_alone_is_proven_so_over_wide_ranges() -> None:
    """Beyond 36 inches the target is always at long range with a weapon of 72 inches at most: "far" never
    counts alone. Proving it tries one pair per class, not each of 72 by 67 pairs."""
    text = """
pack: wide
facts:
  attack.distance: {type: int, range: [1, 72], typical: 12, text: "the target is {value} inches away"}
  weapon.range: {type: int, range: [6, 72], typical: 24, text: "the weapon has range {value} inches"}
  weapon.accurate: {type: bool, text: the weapon is accurate}
quantities:
  to_hit: {kind: score, base: 4}
modifiers:
  long_range: {quantity: to_hit, change: -1, when: "2 * attack.distance > weapon.range"}
  far: {quantity: to_hit, change: -1, when: "attack.distance > 36 and not weapon.accurate"}
  close_volley: {quantity: to_hit, change: +1, when: "attack.distance * 4 <= weapon.range"}
"""
    pack = build_pack([read_yaml(text, "wide.yaml")], "wide")

    def far_alone(r: Any) -> bool:
        return [a.rule for a in r.applied] == ["far"]

    def long_alone(r: Any) -> bool:
        return [a.rule for a in r.applied] == ["long_range"]

    coverage = Coverage()
    assert find(pack, "to_hit", far_alone, coverage=coverage, decided=True, joint=True) == []
    assert coverage.exhaustive and coverage.searched < 200, coverage
    every = product(range(1, 73), range(6, 73), (False, True))
    assert not any(far_alone(ask(pack, "to_hit", Situation(given={
        "attack.distance": d, "weapon.range": r, "weapon.accurate": a}))) for d, r, a in every)
    # a rule that does count alone is found at a pair nearest the typical distance and range (12 and 24): of
    # 12 and 23, 13 and 24, both one inch away, the smaller
    found = minimal_witnesses(pack, lambda g: long_alone(ask(pack, "to_hit", Situation(given=g))),
                              ["attack.distance", "weapon.range"], joint=True)
    assert found == [{"attack.distance": 12, "weapon.range": 23}]

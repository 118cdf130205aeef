"""Situation search: smallest first, within the domain constraints, only the facts that matter."""

from __future__ import annotations

from itertools import islice, product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.document import read_yaml
from kb.errors import UnknownName
from kb.expr import evaluate
from kb.loader import build_pack, load_pack
from kb.model import Pack
from solver.ask import ask
from solver.facts import derive_facts
from solver.situation import Situation
from solver.space.search import (
    base_inputs,
    candidate_facts,
    minimal_witnesses,
    sample_values,
    situations,
    unconstrained,
)

FANTASY = load_pack("fantasy")

SMALL = """
pack: small
facts:
  a.flag: {type: bool}
  b.flag: {type: bool}
  close: {type: bool}
  long_range: {type: bool}
  level: {type: int, range: [0, 40], default: 0}
  mode: {type: enum, values: [walk, run, fly], default: walk}
  score: {type: int, range: [1, 6]}
quantities:
  roll: {kind: score, base: score}
modifiers:
  a: {quantity: roll, change: -1, when: a.flag and level >= 20}
  b: {quantity: roll, change: +1, when: b.flag or mode == 'fly'}
  far: {quantity: roll, change: -1, when: long_range}
constraints:
  not_both: {require: not (close and long_range), text: long range cannot happen in close combat}
"""


def small() -> Pack:
    return build_pack([read_yaml(SMALL, "small.yaml")], "small")


def size(given: dict[str, Any], pack: Pack, fixed: dict[str, Any] | None = None) -> int:
    return sum(1 for f, v in given.items() if f not in (fixed or {}) and v != pack.facts[f].default)


def test_candidate_facts_are_the_base_facts_behind_a_quantity() -> None:
    facts = candidate_facts(FANTASY, "to_hit")
    assert "target.in_soft_cover" not in facts  # derived: its inputs stand for it
    assert {"soft_cover.los", "target.los", "shooter.los", "shooter.bs", "attack.auto_hit"} <= set(facts)
    assert candidate_facts(FANTASY) == facts


def test_candidate_facts_leave_out_facts_that_cannot_reach_the_quantity() -> None:
    pack = small()
    assert candidate_facts(pack, "roll") == ["a.flag", "b.flag", "long_range", "level", "mode", "score"]
    assert "close" not in candidate_facts(pack, "roll")


def test_unknown_quantity_is_a_did_you_mean_error() -> None:
    with pytest.raises(UnknownName, match="to_hit"):
        candidate_facts(FANTASY, "to_hti")


def test_unknown_fact_is_an_error() -> None:
    with pytest.raises(UnknownName, match=r"unknown fact 'shooter\.movd'(.|\n)*did you mean 'shooter\.moved'"):
        list(situations(FANTASY, ["shooter.movd"]))


def test_base_inputs_go_through_derived_facts() -> None:
    hard = FANTASY.modifiers["hard_cover"].when
    assert set(base_inputs(FANTASY, [hard])) == {
        "hard_cover.obscures",
        "hard_cover.los",
        "target.los",
        "shooter.los",
    }


def test_int_ranges_are_searched_at_one_value_per_class_the_pack_cannot_tell_apart() -> None:
    """ "any shot at a lone model with Unit Strength 2 or less suffers a -1 shooting modifier." """
    assert sorted(sample_values(FANTASY, "target.unit_strength")) == [2, 10]  # 0..2 and 3..99, typical first
    assert sample_values(small(), "level") == (20,)  # 0..19 (the default, not a change) and 20..40
    assert sorted(sample_values(small(), "score")) == [1, 2, 3, 4, 5, 6]  # the base counts with every value


@pytest.mark.parametrize("pack", [FANTASY, load_pack("skirmish"), load_pack("wh40k"), small()],
                         ids=lambda p: p.name)
def test_every_value_of_a_class_reads_like_its_representative(pack: Pack) -> None:
    """Brute force over every int value: every expression of the pack reading only that fact agrees."""
    from solver.space.model import expressions, partition

    for name, fact in pack.facts.items():
        if fact.type.kind != "int" or fact.derive is not None:
            continue
        p = partition(pack, name)
        seen = [v for runs in p.classes for low, high in runs for v in range(low, high + 1)]
        assert sorted(seen) == list(fact.domain)  # the classes cover the range, each value once
        reading = [e for e in expressions(pack) if e.names == {name}]
        for runs in p.classes:
            [rep] = [r for r in p.representatives if any(low <= r <= high for low, high in runs)]
            for low, high in runs:
                for v in range(low, high + 1):
                    assert [evaluate(e, {name: v}) for e in reading] == [evaluate(e, {name: rep}) for e in reading]


def test_situations_come_smallest_first_without_repeats() -> None:
    pack = small()
    seen = list(situations(pack, [*candidate_facts(pack, "roll"), "close"]))
    sizes = [size(s, pack) for s in seen]
    assert sizes == sorted(sizes)
    assert len({tuple(sorted(s.items())) for s in seen}) == len(seen)


def test_situations_respect_domain_constraints() -> None:
    pack = small()
    seen = list(situations(pack, ["close", "long_range", "a.flag"]))
    assert seen and not any(s.get("close") and s.get("long_range") for s in seen)
    assert {"close": True, "a.flag": True} in seen


def test_constraints_also_bind_fixed_facts() -> None:
    pack = small()
    assert all(
        "long_range" not in s for s in situations(pack, ["long_range", "a.flag"], fixed={"close": True})
    )


def test_facts_without_default_are_given_exactly_when_needed() -> None:
    """A fact with no default that a ruling depends on and the situation does not give is unknown."""
    for situation in islice(situations(FANTASY, candidate_facts(FANTASY, "to_hit")), 3000):
        ruling = ask(FANTASY, "to_hit", Situation(given=situation))
        assert ruling.cases is None, situation
        assert "shooter.bs" in situation or situation.get("attack.auto_hit")


def test_situations_are_the_whole_sampled_space_when_nothing_is_needed() -> None:
    pack = small()
    facts = ["a.flag", "b.flag", "mode"]
    seen = {tuple(sorted(s.items())) for s in situations(pack, facts)}
    assert len(seen) == 2 * 2 * 3


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.sampled_from(["a.flag", "b.flag", "close", "long_range", "level", "mode"]),
        min_size=1,
        max_size=4,
        unique=True,
    ),
    st.sets(st.sampled_from(["a.flag", "b.flag", "long_range", "level", "mode", "close"]), max_size=3),
)
def test_minimal_witness_is_as_small_as_brute_force(facts: list[str], wanted: set[str]) -> None:
    """The solver's witness is as small as the smallest found by trying every assignment."""
    pack = small()

    def predicate(given: dict[str, Any]) -> bool:
        return all(given.get(f, pack.facts[f].default) != pack.facts[f].default for f in wanted)

    got = minimal_witnesses(pack, predicate, facts)
    domains = [(pack.facts[f].default, *sample_values(pack, f)) for f in facts]
    best = None
    for values in product(*domains):
        given = {f: v for f, v in zip(facts, values, strict=True) if v != pack.facts[f].default}
        if given.get("close") and given.get("long_range"):
            continue
        if predicate(given):
            best = min(best if best is not None else 99, len(given))
    if best is None:
        assert got == []
    else:
        assert len(got) == 1 and size(got[0], pack) == best and predicate(got[0])
        derive_facts(pack, got[0])  # the witness breaks no constraint


def test_minimal_witness_names_the_facts_the_ruling_needs() -> None:
    """ "Soft and hard cover never stack -- if both would apply, use only the -2 for hard cover." """

    def both_covers(given: dict[str, Any]) -> bool:
        ruling = ask(FANTASY, "to_hit", Situation(given=given))
        return ruling.cases is None and [(s.rule, s.by) for s in ruling.suppressed] == [
            ("soft_cover", "hard_cover")
        ]

    (witness,) = minimal_witnesses(FANTASY, both_covers, candidate_facts(FANTASY, "to_hit"))
    assert witness["soft_cover.obscures"] and witness["hard_cover.obscures"]
    assert set(witness) == {
        "shooter.bs",
        "shooter.los",
        "target.los",
        "soft_cover.obscures",
        "soft_cover.los",
        "hard_cover.obscures",
        "hard_cover.los",
    }


def test_limit_gives_several_witnesses_smallest_first() -> None:
    pack = small()
    found = minimal_witnesses(pack, bool, ["a.flag", "b.flag"], limit=3)
    assert found == [{"a.flag": True}, {"b.flag": True}, {"a.flag": True, "b.flag": True}]
    assert minimal_witnesses(pack, lambda g: False, ["a.flag"]) == []


BEHIND_A_DERIVED_FACT = """
pack: behind
facts:
  a.y: {type: int, range: [1, 1], text: "y is {value}"}
  a.x: {type: int, range: [1, 1], text: "x is {value}"}
  d.far: {type: bool, derive: "a.x > 1", text: far}
quantities:
  q: {kind: score, base: "4"}
modifiers:
  m0: {quantity: q, change: -1, when: "not d.far and a.y < 0"}
"""


def test_a_fact_a_condition_waits_for_is_given_when_the_other_facts_it_reads_are_behind_a_derived_fact() -> None:
    """The condition reads `a.x` only through `d.far`, which the search gives whole: it can still be decided, so
    `a.y` (no default) is given. Left out, every situation but an impossible one (`d.far` true) left the ruling
    undecided, and `find` said no situation needs 4+ while every one does."""
    from solver.space.find import find
    from solver.space.model import Coverage

    pack = build_pack([read_yaml(BEHIND_A_DERIVED_FACT, "behind.yaml")], "behind")
    assert ask(pack, "q", Situation(given={"a.x": 1, "a.y": 1})).value == 4  # the only situation there is
    coverage = Coverage()
    found = find(pack, "q", "value == 4", coverage=coverage, max_facts=None, decided=True)
    assert coverage.exhaustive and [f.describe() for f in found] == ["a.y = 1"]


def test_a_fact_is_given_where_it_decides_a_condition_once_a_derived_fact_of_one_possible_value_is_settled() -> None:
    """x can only be 1, so `d.far` (x over 1) is false whatever is given, as a ruling settles it: then y decides
    the rule. Without settling it, giving y seemed to decide nothing, so y was only given beside `d.far` itself,
    a situation that says no more than y alone, and `find` found no situation at all where every one needs 3+."""
    from solver.space.find import find
    from solver.space.model import Coverage

    pack = build_pack([read_yaml(BEHIND_A_DERIVED_FACT.replace("a.y < 0", "a.y < 2"), "behind.yaml")], "behind")
    assert ask(pack, "q", Situation(given={"a.x": 1, "a.y": 1})).value == 3  # the only situation there is
    coverage = Coverage()
    found = find(pack, "q", "value == 3", coverage=coverage, max_facts=None, decided=True)
    assert coverage.exhaustive and [f.describe() for f in found] == ["a.y = 1"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.integers(0, 9), min_size=1, max_size=4, unique=True), min_size=1, max_size=5))
def test_combinations_with_nothing_to_check_come_in_the_solvers_order(domains: list[list[int]]) -> None:
    """The search's situations come in python-constraint's order; where no constraint holds the facts chosen, they
    are listed without the solver, in the very order it gives them (its variables' order: fewer values first)."""
    from constraint import Problem

    named = {f"v{i}": values for i, values in enumerate(domains)}
    problem = Problem()
    for name, values in named.items():
        problem.addVariable(name, list(reversed(values)))  # as the search gives them: tried from the end
    solved = [[(name, s[name]) for name in named] for s in problem.getSolutionIter()]
    assert [list(s.items()) for s in unconstrained(named)] == solved

"""Why a rule can never apply, checked where mutation testing found nothing watching (`python tools/mutate.py
solver/space/dead.py`).

Each expected reason is worked out from the small pack written here and the order solver/space/dead.py's
docstring gives: a domain constraint first, then a derived fact's definition, then a declared range, then a
condition that contradicts itself, and otherwise only what is proven.
"""

from __future__ import annotations

import pytest

from kb.expr import Expr, parse_expr
from kb.model import Pack
from solver.consistent import values_of
from solver.space.dead import DeadReason, _candidates, _free_witness, dead_reason, quoted
from tests.solver.small_packs import pack

TEXT = """\
pack: d
facts:
  a: {type: bool, text: the shooter moved}
  b: {type: bool, text: the target is in cover}
  n: {type: int, range: [0, 3], default: 0, text: "the range band is {value}"}
  m: {type: int, range: [1, 6], text: "the height is {value}"}
  k: {type: int, range: [0, 10], text: "k is {value}"}
  both: {type: bool, derive: a and b, text: both hold}
  never: {type: bool, derive: a and not a, text: never}
  big: {type: int, range: [0, 20], derive: "n + m", text: "big is {value}"}
  tall: {type: bool, derive: m > 3}
  taller: {type: bool, derive: tall and m > 5}
  kind: {type: enum, values: [foot, horse], default: foot}
quantities:
  roll: {kind: roll, dice: D6}
constraints:
  still: {require: not (a and n == 0), text: a moving shooter is never at range 0}
  calm: {require: not b or n < 3}
  mounted: {require: not (kind == 'horse' and k > 5)}
"""
"""Facts from line 3, constraints from line 17."""


@pytest.fixture(scope="module")
def p() -> Pack:
    return pack(TEXT)


def reason(p: Pack, condition: str, loose: bool = False, words: object = None) -> DeadReason:
    return dead_reason(p, parse_expr(condition), loose, words)  # type: ignore[arg-type]


def cited(r: DeadReason) -> list[tuple[str, str]]:
    return [(name, str(where)) for name, where in r.cited]


def english(pack: Pack, expr: Expr) -> str:
    return {"n > 3": "the range band is above 3", "a": "a"}.get(expr.text, "")


def test_a_condition_only_the_constraints_rule_out_names_those_that_read_its_facts(p: Pack) -> None:
    r = reason(p, "a and n == 0", loose=True)
    assert r.cause == "constraint"
    assert r.why == (
        "the domain constraints still (`not (a and n == 0)`: a moving shooter is never at range 0) and "
        "calm (`not b or n < 3`) rule out its condition `a and n == 0`"
    )
    assert cited(r) == [("still", "p.yaml:17:10"), ("calm", "p.yaml:18:9")]


def test_one_constraint_rules_out_in_the_singular(p: Pack) -> None:
    r = reason(p, "kind == 'horse' and k == 9", loose=True)
    assert r.why == (
        "the domain constraint mounted (`not (kind == 'horse' and k > 5)`) rules out its condition "
        "`kind == 'horse' and k == 9`"
    )
    assert cited(r) == [("mounted", "p.yaml:19:12")]


def test_a_derived_fact_whose_definition_rules_a_condition_out_is_quoted(p: Pack) -> None:
    r = reason(p, "both and not a")
    assert (r.cause, r.why) == (
        "derivation",
        "both is derived as `a and b`, so its condition `both and not a` never holds",
    )
    assert cited(r) == [("both", "p.yaml:8:3")]


def test_each_derived_fact_read_is_quoted_in_order(p: Pack) -> None:
    r = reason(p, "taller and not tall")
    assert r.why == (
        "tall is derived as `m > 3` and taller is derived as `tall and m > 5`, so its condition "
        "`taller and not tall` never holds"
    )
    assert cited(r) == [("tall", "p.yaml:11:3"), ("taller", "p.yaml:12:3")]


def test_a_derived_fact_that_is_never_true_says_why_in_turn(p: Pack) -> None:
    r = reason(p, "never")
    assert r.cause == "derivation"
    assert r.why == (
        "never is derived as `a and not a`, which is never true: it contradicts itself: no values of its "
        "facts satisfy it, whatever their ranges; so its condition `never` never holds"
    )
    assert cited(r) == [("never", "p.yaml:9:3")]


def test_a_derived_int_is_read_within_its_own_range(p: Pack) -> None:
    r = reason(p, "big > 9")
    assert (r.cause, r.why) == ("derivation", "big is derived as `n + m`, so its condition `big > 9` never holds")


def test_a_declared_range_that_rules_a_condition_out_is_said_with_the_bound(p: Pack) -> None:
    r = reason(p, "n > 3")
    assert (r.cause, r.why) == (
        "range",
        "n is at most 3 (its declared range 0..3), so its condition `n > 3` never holds",
    )
    assert cited(r) == [("n", "p.yaml:5:3")]
    low = reason(p, "n > 3 and m < 1")
    assert low.why == (
        "m is at least 1 (its declared range 1..6) and n is at most 3 (its declared range 0..3), so "
        "its condition `n > 3 and m < 1` never holds"
    )
    assert cited(low) == [("m", "p.yaml:6:3"), ("n", "p.yaml:5:3")]


def test_a_range_found_far_outside_is_still_said(p: Pack) -> None:
    r = reason(p, "k * 2 > 150")  # k of 76 or more: 10 beyond the range is not enough, 100 is
    assert (r.cause, r.why) == (
        "range",
        "k is at most 10 (its declared range 0..10), so its condition `k * 2 > 150` never holds",
    )


def test_a_condition_that_contradicts_itself_is_said_so(p: Pack) -> None:
    r = reason(p, "n > 5 and n < 2")
    assert (r.cause, r.cited) == ("contradiction", ())
    assert r.why == (
        "its condition `n > 5 and n < 2` contradicts itself: no values of its facts satisfy it, whatever their ranges"
    )
    assert reason(p, "not never and never").cause == "contradiction"


def test_a_condition_nothing_explains_says_only_what_is_proven(p: Pack) -> None:
    r = reason(p, "n * n == 2")
    assert (r.cause, r.why) == (
        "unexplained",
        "no values of n within their declared ranges satisfy its condition `n * n == 2`",
    )
    assert cited(r) == [("n", "p.yaml:5:3")]
    both = reason(p, "n * n == 2 and k > m")
    assert both.why == (
        "no values of k, m, n within their declared ranges satisfy its condition `n * n == 2 and k > m`"
    )


def test_a_condition_is_quoted_with_its_english_where_that_says_it_otherwise(p: Pack) -> None:
    assert quoted(p, parse_expr("n > 3")) == "`n > 3`"
    assert quoted(p, parse_expr("n > 3"), english) == "`n > 3` (the range band is above 3)"
    assert quoted(p, parse_expr("a"), english) == "`a`"  # the same words: said once
    assert quoted(p, parse_expr("b"), english) == "`b`"  # no words
    assert reason(p, "n > 3", words=english).why == (
        "n is at most 3 (its declared range 0..3), so its condition `n > 3` (the range band is above 3) never holds"
    )


def test_three_facts_out_of_range_are_listed_with_commas_and_a_last_and(p: Pack) -> None:
    r = reason(p, "n > 3 and m < 1 and k > 10")
    assert r.why == (
        "k is at most 10 (its declared range 0..10), m is at least 1 (its declared range 1..6) and n is at most 3 "
        "(its declared range 0..3), so its condition `n > 3 and m < 1 and k > 10` never holds"
    )
    assert [name for name, _ in r.cited] == ["k", "m", "n"]


def test_a_value_far_outside_is_found_near_a_constant_of_the_condition(p: Pack) -> None:
    # k + 1 == 500 holds only at k = 499, far beyond 10 or 100 past the range: it is found beside the constant 500,
    # wherever that constant stands in the condition, and a text constant beside it is passed over
    for condition in ("k + 1 == 500", "k + 1 == 500 and kind == 'horse'", "kind != 'foot' and 500 == k + 1"):
        r = reason(p, condition)
        assert (r.cause, r.why) == (
            "range",
            f"k is at most 10 (its declared range 0..10), so its condition `{condition}` never holds",
        )


MORE = """\
pack: e
facts:
  a: {type: bool, text: the shooter moved}
  b: {type: bool, text: the target is in cover}
  n: {type: int, range: [0, 3], default: 0, text: "the range band is {value}"}
  both: {type: bool, derive: a and b, text: both hold}
  always: {type: bool, derive: a or not a, text: always}
  far: {type: bool, derive: n > 5, text: far}
quantities:
  roll: {kind: roll, dice: D6}
"""


@pytest.fixture(scope="module")
def q() -> Pack:
    return pack(MORE)


def facts_said(pack: Pack, expr: Expr) -> str:
    """English as the renderer gives it: the texts of the facts read (from the pack it is given)."""
    return " and ".join(pack.facts[n].text for n in sorted(expr.names)) if expr.text == "a and b" else ""


def test_a_derived_fact_that_is_never_false_says_why_in_turn(q: Pack) -> None:
    r = reason(q, "not always")
    assert (r.cause, r.why) == (
        "derivation",
        "always is derived as `a or not a`, which is never false: it contradicts itself: no values of its facts "
        "satisfy it, whatever their ranges; so its condition `not always` never holds",
    )


def test_a_derived_fact_a_range_keeps_from_being_true_names_the_range_once(q: Pack) -> None:
    r = reason(q, "far")
    assert (r.cause, r.why) == (
        "derivation",
        "far is derived as `n > 5`, which is never true: n is at most 3 (its declared range 0..3); so its condition "
        "`far` never holds",
    )
    assert [name for name, _ in r.cited] == ["far", "n"]


def test_a_derived_fact_is_only_blamed_when_the_declared_ranges_let_the_condition_hold(q: Pack) -> None:
    # both and n > 5 holds with both set freely only once n leaves its range: the range is the reason
    r = reason(q, "both and n > 5")
    assert (r.cause, r.why) == (
        "range",
        "n is at most 3 (its declared range 0..3), so its condition `both and n > 5` never holds",
    )


def test_a_definition_is_quoted_with_its_english(q: Pack) -> None:
    r = reason(q, "both and not a", words=facts_said)
    assert r.why == (
        "both is derived as `a and b` (the shooter moved and the target is in cover), so its condition "
        "`both and not a` never holds"
    )


def test_a_witness_far_outside_is_the_one_with_fewest_facts_outside(p: Pack) -> None:
    # m < 1 and n < 0 needs both out of range, m > 6 only m: the search goes on past the first and says only m
    r = reason(p, "(m < 1 and n < 0) or m > 6")
    assert (r.cause, r.why) == (
        "range",
        "m is at most 6 (its declared range 1..6), so its condition `(m < 1 and n < 0) or m > 6` never holds",
    )
    assert [name for name, _ in r.cited] == ["m"]


def test_among_witnesses_as_far_outside_the_first_found_is_said(p: Pack) -> None:
    # every witness has both facts out of range; values are tried from the lowest, m before n: m 0 and n -1 first
    r = reason(p, "(n < 0 or n > 3) and (m < 1 or m > 6)")
    assert r.why == (
        "m is at least 1 (its declared range 1..6) and n is at least 0 (its declared range 0..3), so its condition "
        "`(n < 0 or n > 3) and (m < 1 or m > 6)` never holds"
    )


def test_values_that_cannot_be_worked_out_are_passed_over(p: Pack) -> None:
    # k = 0 divides by zero; k = 11 (beside the constants 10 and 12) is the witness
    r = reason(p, "12 // k == 1 and k > 10")
    assert (r.cause, r.why) == (
        "range",
        "k is at most 10 (its declared range 0..10), so its condition `12 // k == 1 and k > 10` never holds",
    )


def test_a_condition_is_only_said_to_contradict_itself_when_every_fact_it_reads_is_tried_whole(p: Pack) -> None:
    # n is only compared with constants (tried whole), but k is multiplied: nothing is proven beyond the ranges
    r = reason(p, "k * k == 2 and n > 5")
    assert (r.cause, r.why) == (
        "unexplained",
        "no values of k, n within their declared ranges satisfy its condition `k * k == 2 and n > 5`",
    )


TRIED = """\
pack: t
facts:
  k: {type: int, range: [0, 10], text: "k is {value}"}
  big: {type: int, range: [2, 5], derive: "k + 2", text: "big is {value}"}
  x: {type: int, range: [1, 50], derive: "k", text: "x is {value}"}
  y: {type: int, range: [1, 1000], derive: "k", text: "y is {value}"}
  wide: {type: int, range: [1, 51], derive: "k", text: "wide is {value}"}
  one: {type: int, range: [7, 7], derive: "k", text: "one is {value}"}
  tags: {type: keywords, text: "tags {value}"}
  kind: {type: enum, values: [foot, horse], default: horse}
  flag: {type: bool}
quantities:
  roll: {kind: roll, dice: D6}
modifiers:
  r:
    quantity: roll
    change: "+1"
    when: "k > 5 and matches('fly', tags) and big == 4 and kind == 'foot' and flag"
"""


@pytest.fixture(scope="module")
def t() -> Pack:
    return pack(TRIED)


def test_within_the_ranges_a_base_int_is_tried_once_per_class_and_a_derived_one_at_every_value(t: Pack) -> None:
    assert _candidates(t, parse_expr("k > 5"), "k", bounded=True) == (values_of(t, "k"), True)
    assert _candidates(t, parse_expr("big > 4"), "big", bounded=True) == ((2, 3, 4, 5), True)


def test_other_facts_are_tried_at_every_value_they_take(t: Pack) -> None:
    for bounded in (True, False):
        assert _candidates(t, parse_expr("kind == 'foot'"), "kind", bounded=bounded) == (("foot", "horse"), True)
        assert _candidates(t, parse_expr("flag"), "flag", bounded=bounded) == ((False, True), True)
        assert _candidates(t, parse_expr("matches('fly', tags)"), "tags", bounded=bounded) == (
            values_of(t, "tags"),
            True,
        )
    assert frozenset({"FLY"}) in values_of(t, "tags")


def test_outside_the_ranges_an_int_compared_with_constants_is_tried_beside_each_edge(t: Pack) -> None:
    # one past each end of 0..10, and each side of the edges 12|13 and -3|-2 of the comparisons
    inside = values_of(t, "k")
    assert _candidates(t, parse_expr("k > 12 or k < -3"), "k", bounded=False) == (
        (*inside, -4, -3, -2, -1, 11, 12, 13),
        True,
    )
    assert _candidates(t, parse_expr("big > 4"), "big", bounded=False) == ((2, 3, 4, 5, 1, 6), True)


def test_outside_the_ranges_an_int_read_otherwise_is_also_tried_far_off_and_beside_every_constant(t: Pack) -> None:
    # 10 and 100 beyond each end of 0..10, one beyond each, and 29, 30, 31 beside the constant 30 (1, 2, 3 are inside)
    inside = values_of(t, "k")
    assert _candidates(t, parse_expr("k * 2 == 30"), "k", bounded=False) == (
        (*inside, -100, -10, -1, 11, 20, 29, 30, 31, 110),
        False,
    )


def test_at_most_50000_combinations_are_tried(t: Pack) -> None:
    # 50 x 1000 x 1 values: just within the limit, and the first combination holds
    assert _free_witness(t, parse_expr("x + y + one == 9"), ["x", "y", "one"], bounded=True) == (
        {"x": 1, "y": 1, "one": 7},
        True,
    )
    # 51 x 1000: beyond it, nothing is tried and nothing is proven
    assert _free_witness(t, parse_expr("wide + y == 2"), ["wide", "y"], bounded=True) == (None, False)


def test_only_the_facts_a_witness_takes_beyond_their_range_are_named(p: Pack) -> None:
    # k at its top (10) and m at its bottom (1) are within their ranges: only n is beyond
    r = reason(p, "k == 10 and m == 1 and n > 5")
    assert (r.cause, r.why) == (
        "range",
        "n is at most 3 (its declared range 0..3), so its condition `k == 10 and m == 1 and n > 5` never holds",
    )
    assert [name for name, _ in r.cited] == ["n"]


def test_a_condition_the_constraints_rule_out_is_quoted_with_its_english(p: Pack) -> None:
    def words(pack: Pack, expr: Expr) -> str:
        return "the shooter moved at range 0" if expr.text == "a and n == 0" else ""

    r = reason(p, "a and n == 0", loose=True, words=words)
    assert r.why.endswith("rule out its condition `a and n == 0` (the shooter moved at range 0)")

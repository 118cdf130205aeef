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
from solver.space.dead import DeadReason, dead_reason, quoted
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

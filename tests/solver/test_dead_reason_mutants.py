"""Why a rule can never apply, as `rulings check` words it: more checks where mutation testing of
solver/space/dead.py found nothing watching (`python tools/mutate.py solver/space/dead.py`).

Each expected message is worked out from the small pack written here and the order solver/space/dead.py's
docstring gives: a domain constraint first, then a derived fact's definition, then a declared range, then a
condition that contradicts itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.expr import Expr, parse_expr
from kb.model import Pack
from solver.space.check import check_pack
from solver.space.dead import DeadReason, dead_reason
from tests.solver.small_packs import pack

TEXT = """\
pack: w
facts:
  a: {type: bool, text: the shooter moved}
  b: {type: bool, text: the target is in cover}
  n: {type: int, range: [0, 3], default: 0, text: "the range band is {value}"}
  k: {type: int, range: [0, 9], default: 0, text: "k is {value}"}
  both: {type: bool, derive: a and b, text: both hold}
  far: {type: bool, derive: n > 5, text: far}
quantities:
  roll: {kind: roll, dice: D6}
constraints:
  still: {require: not (a and n == 0), text: a moving shooter is never at range 0}
  hidden: {require: not both}
  low: {require: k < 5}
"""
"""Facts from line 3, constraints from line 12."""


@pytest.fixture(autouse=True)
def cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))


@pytest.fixture()
def p() -> Pack:
    return pack(TEXT)


def reason(p: Pack, condition: str, loose: bool = False, words: object = None) -> DeadReason:
    return dead_reason(p, parse_expr(condition), loose, words)  # type: ignore[arg-type]


def from_the_pack(pack: Pack, expr: Expr) -> str:
    """English built from the texts of the pack it is given, as the renderer builds it."""
    said = {
        "a and n == 0": f"{pack.facts['a'].text} at range 0",
        "far": f"the target is {pack.facts['far'].text}",
        "n > 5": "the range band is above 5",
    }
    return said.get(expr.text, "")


def test_a_condition_the_constraints_rule_out_is_said_in_the_words_of_the_pack_it_belongs_to(p: Pack) -> None:
    # still reads a and n, hidden reads a (through both); low reads only k and is left out
    r = reason(p, "a and n == 0", loose=True, words=from_the_pack)
    assert (r.cause, r.why) == (
        "constraint",
        "the domain constraints still (`not (a and n == 0)`: a moving shooter is never at range 0) and hidden "
        "(`not both`) rule out its condition `a and n == 0` (the shooter moved at range 0)",
    )
    assert [(name, str(where)) for name, where in r.cited] == [("still", "p.yaml:12:10"), ("hidden", "p.yaml:13:11")]


def test_a_constraint_and_a_condition_that_meet_only_through_a_derived_fact_are_put_together(p: Pack) -> None:
    # the condition reads both, derived from a and b: still reads a, hidden reads both; low reads neither
    r = reason(p, "both and k == 0", loose=True)
    assert r.why == (
        "the domain constraints still (`not (a and n == 0)`: a moving shooter is never at range 0) and hidden "
        "(`not both`) and low (`k < 5`) rule out its condition `both and k == 0`"
    )
    # b meets hidden through both, which ties a, and so still; k meets low: every constraint tied to the condition's
    # facts is named, as together they rule it out (one that plays its part through another is never left out)
    one = reason(p, "b and k == 7", loose=True)
    assert one.why == (
        "the domain constraints still (`not (a and n == 0)`: a moving shooter is never at range 0) and hidden "
        "(`not both`) and low (`k < 5`) rule out its condition `b and k == 7`"
    )
    single = reason(p, "k > 6", loose=True)
    assert single.why == "the domain constraint low (`k < 5`) rules out its condition `k > 6`"
    assert [name for name, _ in single.cited] == ["low"]


def test_a_definition_explained_in_turn_says_it_and_quotes_the_outer_condition_with_its_english(p: Pack) -> None:
    r = reason(p, "far", words=from_the_pack)
    assert (r.cause, r.why) == (
        "derivation",
        "far is derived as `n > 5` (the range band is above 5), which is never true: n is at most 3 (its declared "
        "range 0..3); so its condition `far` (the target is far) never holds",
    )
    assert [(name, str(where)) for name, where in r.cited] == [("far", "p.yaml:8:3"), ("n", "p.yaml:5:3")]


def test_a_range_below_its_low_end_and_above_its_high_end_are_told_apart(p: Pack) -> None:
    assert reason(p, "n == 4").why == (
        "n is at most 3 (its declared range 0..3), so its condition `n == 4` never holds"
    )
    assert reason(p, "n == -1").why == (
        "n is at least 0 (its declared range 0..3), so its condition `n == -1` never holds"
    )
    # k at the top of its range is inside it: only n is said
    assert reason(p, "k == 9 and n == 4").why == (
        "n is at most 3 (its declared range 0..3), so its condition `k == 9 and n == 4` never holds"
    )


def test_rulings_check_tells_the_rules_writer_which_constraint_rules_a_rule_out(p: Pack) -> None:
    ruled = pack(TEXT + "modifiers:\n  r: {quantity: roll, change: \"+1\", when: k == 7}\n")
    dead = [f for f in check_pack(ruled) if f.kind == "dead_rule"]
    assert [(f.key, f.message, f.cause) for f in dead] == [
        ("dead_rule.r", "r can never apply: the domain constraint low (`k < 5`) rules out its condition `k == 7`.",
         "constraint"),
    ]
    assert [name for name, _ in dead[0].rules] == ["r", "low"]



def test_a_constraint_on_a_derived_fact_is_named_though_earlier_checks_asked_about_that_fact() -> None:
    # `check` asks whether the rule holds without the constraints on a pack made from this one: it must not take
    # the answers this pack's own searches kept, which the constraint decided (else the definition is blamed)
    ruled = pack("""\
pack: contra
facts:
  x: {type: int, range: [0, 3], default: 0, text: x}
  d: {type: bool, derive: x >= 2, text: d}
quantities:
  q: {kind: score, base: 4, text: q}
modifiers:
  m: {quantity: q, change: -1, when: d, text: m}
constraints:
  c: {require: not d, text: never d}
""")
    dead = [f for f in check_pack(ruled) if f.kind == "dead_rule"]
    assert [(f.message, f.cause) for f in dead] == [
        ("m can never apply: the domain constraint c (`not d`: never d) rules out its condition `d`.", "constraint")]

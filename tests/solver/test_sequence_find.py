"""`find` on a sequence: the minimal situations whose whole attack satisfies an expression over its outcome,
compared with resolving every situation of a small pack."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.errors import RulingsError
from kb.expr import evaluate, parse_expr
from kb.loader import load_pack
from rulings.cli import main
from solver.sequence import at_least, mean, resolve
from solver.situation import Situation
from solver.space.model import Coverage
from solver.space.sequence_find import find_sequence, parse_where

CRITICAL = str(Path(__file__).parent / "sequence_packs" / "critical.yaml")
INPUTS = {"attacks": 2, "hit": {"target": 4}, "wound": {"target": 4}, "save": {"target": 4}, "ward": {"target": 7}}
SEARCHED = ("hit.mod", "ab.sustained", "ab.lethal", "ab.devastating")
FIXED = {"save.mod": 0, "ab.mortal": 0}


def _holds(where: str, pack, given) -> bool:
    """The expression over the attack resolved in this situation, with the fields worked out here."""
    r = resolve(pack, "attack", Situation(given=given, sequence=INPUTS))
    fields = {"mean": mean(r.outcome), "chance": int(at_least(r.outcome).get(1, Fraction(0)) * 100),
              "most": max(r.outcome)}
    return bool(evaluate(parse_expr(where), fields))


def _contains(assignment: dict, found) -> bool:
    for name, value in found.given:
        have = assignment.get(name, load_pack(CRITICAL).facts[name].default)
        if isinstance(value, tuple) and not value[0] <= have <= value[1]:
            return False
        if not isinstance(value, tuple) and have != value:
            return False
    return True


@settings(max_examples=12, deadline=None)
@given(where=st.sampled_from(["2 * mean >= 1", "mean >= 1", "chance >= 40", "most >= 5", "3 * mean < 1",
                              "chance < 30 and most >= 4"]))
def test_every_situation_that_satisfies_contains_a_found_one_and_every_found_one_satisfies(where: str) -> None:
    pack = load_pack(CRITICAL)
    coverage = Coverage()
    found = find_sequence(pack, "attack", where, Situation(given=FIXED, sequence=INPUTS), max_facts=None,
                          coverage=coverage)
    assert coverage.exhaustive
    domains = [pack.facts[f].domain for f in SEARCHED]
    for values in product(*domains):
        assignment = {**FIXED, **dict(zip(SEARCHED, values, strict=True))}
        if _holds(where, pack, assignment):
            assert any(_contains(assignment, f) for f in found), (where, assignment)
        else:
            assert not any(_contains(assignment, f) and set(dict(f.given)) >= set(assignment) for f in found)
    for f in found:
        for situation in f.situations():
            low = {n: v[0] if isinstance(v, tuple) else v for n, v in situation.items()}
            high = {n: v[1] if isinstance(v, tuple) else v for n, v in situation.items()}
            assert _holds(where, pack, low) and _holds(where, pack, high), (where, f.describe())


def test_a_sustained_hit_is_found_as_the_smallest_way_to_a_half_an_unsaved_wound(capsys) -> None:
    """Two attacks, each step on 4+, no ward: (1/2)^3 x 2 = 1/4 unsaved wounds. Sustained Hits 2 adds two hits on
    an unmodified 6 (1/6 x 2 x 1/4 = 1/12 more each attack), so 2 x (1/8 + 1/12) = 5/12 < 1/2; a +1 to hit
    (hit on 3+: 2/3 x 1/4 = 1/6, plus 1/12) with Sustained Hits 2 gives 2 x 1/4 = 1/2."""
    steps = ["attacks=2", "hit.target=4", "wound.target=4", "save.target=4", "ward.target=7"]
    argv = ["find", CRITICAL, "attack", "--where", "2 * mean >= 1", "--given", "save.mod=0", "--given", "ab.mortal=0",
            "--max-facts", "6", *[w for s in steps for w in ("--step", s)]]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "hit.mod = 1..3, ab.sustained = 2  ->  mean 1/2 unsaved wounds" in out
    assert "every situation was searched: there are no others" in out


def test_a_field_a_sequence_lacks_and_a_missing_input_are_errors(capsys) -> None:
    with pytest.raises(RulingsError, match="unknown field of a sequence 'value'"):
        parse_where("value >= 2")
    with pytest.raises(RulingsError, match="needs the number of attacks"):
        find_sequence(load_pack("skirmish"), "attack", "mean >= 1", Situation())
    assert main(["find", "skirmish", "attack", "--where", "mean >= 1"]) == 2
    assert "--step attacks=10" in capsys.readouterr().err

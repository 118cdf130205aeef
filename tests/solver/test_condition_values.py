"""`condition_values`: what a condition reads in a situation, looked up without working out the whole situation, is
what the whole situation's values (`fact_values`) say, for every expression of every pack and situation."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from kb.expr import evaluate, parse_expr
from kb.loader import load_pack
from kb.model import Pack
from solver.space.search import condition_values, fact_values
from tests.language import Drawn, drawn_packs, pack_expressions


def _agree(pack: Pack, situation: dict[str, Any]) -> None:
    whole = fact_values(pack, situation)
    for expr in pack_expressions(pack):
        assert evaluate(expr, condition_values(pack, expr, situation)) == evaluate(expr, whole), (expr.text, situation)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn_packs())
def test_a_condition_reads_what_the_whole_situation_says_in_every_drawn_pack(drawn: Drawn) -> None:
    pack = drawn.pack()
    for world in drawn.worlds():
        # every part of the world too: a search's situation gives only the facts it sets away from their default
        for size in (0, 1, len(world)):
            for names in itertools.combinations(sorted(world), size):
                _agree(pack, {n: world[n] for n in names})


@pytest.mark.parametrize("name", ["fantasy", "skirmish", "wh40k"])
def test_a_condition_reads_what_the_whole_situation_says_in_every_built_in_pack(name: str) -> None:
    pack = load_pack(name)
    base = [n for n, f in pack.facts.items() if f.derive is None and f.type.kind in ("bool", "int", "enum")]
    derived = [n for n, f in pack.facts.items() if f.derive is not None and f.type.kind == "bool"]
    for fact in [*base, *derived]:
        for value in _some_values(pack, fact):
            _agree(pack, {fact: value})


def _some_values(pack: Pack, name: str) -> list[Any]:
    fact = pack.facts[name]
    if fact.type.kind == "bool":
        return [True, False]
    if fact.type.kind == "enum":
        return list(fact.type.values)
    low, high = fact.range if fact.range else (0, 12)
    return sorted({low, high, (low + high) // 2})


def test_only_the_facts_a_base_condition_names_are_looked_up() -> None:
    pack = load_pack("fantasy")
    when = parse_expr("shooter.moved and target.unit_strength >= 5")
    assert condition_values(pack, when, {"shooter.moved": True, "target.los": 3}) == {"shooter.moved": True}
    # a derived fact read, or given, needs the whole situation worked out
    cover = parse_expr("target.in_hard_cover")
    assert condition_values(pack, cover, {"target.los": 3}) == fact_values(pack, {"target.los": 3})
    given = {"target.in_hard_cover": True}
    assert condition_values(pack, when, given) == fact_values(pack, given)

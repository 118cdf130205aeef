"""Conditions in plain English: any expression over a pack's facts reads without pack syntax."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.english import negate, noun, say, sentence
from kb.document import read_yaml
from kb.expr import parse_expr
from kb.loader import build_pack, load_pack
from kb.model import Pack

PACKS = [load_pack(name) for name in ("fantasy", "skirmish", "wh40k")]
SYNTAX = re.compile(r"==|!=|>=|<=|//|\bmatches\(|\(\)|it is not the case")
ODD = build_pack([read_yaml("""
pack: odd
facts:
  crew.size: {type: int, range: [0, 9], text: "the crew counts {value} sailors"}
  crew.drunk: {type: bool, text: "every sailor of the crew is drunk"}
  ship.hull: {type: enum, values: [wood, iron], text: "the ship's hull is {value}"}
  ship.sunk: {type: bool, text: "the ship sank this turn"}
  ship.cargo: {type: keywords, default: [], text: "the ship's cargo keywords"}
  wind.speed: {type: int, range: [0, 12], text: "wind speed"}
quantities:
  speed: {kind: pool, text: the ship's speed, base: 3}
""", "odd.yaml")], "odd")
CMP = ("<", "<=", ">", ">=", "==", "!=")


@st.composite
def conditions(draw: st.DrawFn, pack: Pack) -> str:
    """A well-typed condition over the pack's facts: atoms, comparisons, arithmetic, keywords, and/or/not."""
    bools = sorted(n for n, f in pack.facts.items() if f.type.kind == "bool")
    ints = sorted(n for n, f in pack.facts.items() if f.type.kind == "int")
    enums = sorted(n for n, f in pack.facts.items() if f.type.kind == "enum")
    keywords = sorted(n for n, f in pack.facts.items() if f.type.kind == "keywords")
    atoms = [st.sampled_from(bools)]
    if ints:
        fact = st.sampled_from(ints)
        atoms.append(st.builds("{} {} {}".format, fact, st.sampled_from(CMP), st.integers(-2, 12)))
        atoms.append(st.builds("{} * {} {} {}".format, st.integers(2, 3), fact, st.sampled_from(CMP), fact))
        atoms.append(st.builds("{} + {} {} {}".format, fact, fact, st.sampled_from(CMP), st.integers(0, 20)))
        atoms.append(st.builds("max({}, {}) {} {}".format, fact, fact, st.sampled_from(CMP), fact))
    if enums:
        atoms.append(st.builds(lambda n, eq: f"{n} {eq} '{pack.facts[n].type.values[0]}'",
                               st.sampled_from(enums), st.sampled_from(["==", "!="])))
    if keywords:
        kw = st.sampled_from(keywords)
        atoms.append(st.builds("'VEHICLE' {} {}".format, st.sampled_from(["in", "not in"]), kw))
        atoms.append(st.builds("matches('{}', {})".format, st.sampled_from(
            ["MONSTER/VEHICLE", "non-VEHICLE INFANTRY", "INFANTRY or MOUNTED unit"]), kw))
    tree = st.recursive(st.one_of(atoms), lambda inner: st.one_of(
        st.builds("not ({})".format, inner),
        st.builds("({}) and ({})".format, inner, inner),
        st.builds("({}) or ({})".format, inner, inner)), max_leaves=6)
    return draw(tree)


@st.composite
def values_for(draw: st.DrawFn, pack: Pack, names: frozenset[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in sorted(names):
        fact = pack.facts[name]
        if not draw(st.booleans()):
            continue
        if fact.type.kind == "bool":
            out[name] = draw(st.booleans())
        elif fact.type.kind == "int":
            low, high = fact.range or (0, 20)
            out[name] = draw(st.integers(low, high))
        elif fact.type.kind == "enum":
            out[name] = draw(st.sampled_from(fact.type.values))
        else:
            out[name] = frozenset(draw(st.lists(st.sampled_from(["INFANTRY", "VEHICLE", "MONSTER"]), max_size=2)))
    return out


@pytest.mark.parametrize("pack", [*PACKS, ODD], ids=lambda p: p.name)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_english_renderer_never_shows_a_fact_name_or_pack_syntax(pack: Pack, data: st.DataObject) -> None:
    expr = parse_expr(data.draw(conditions(pack)))
    values = data.draw(values_for(pack, expr.names))
    for holds in (True, False):
        for shown in (say(pack, expr, holds=holds), say(pack, expr, values, holds=holds)):
            assert not SYNTAX.search(shown), (expr.text, shown)
            assert not any(name in shown for name in expr.names if pack.facts[name].text), (expr.text, shown)


@pytest.mark.parametrize("pack", [*PACKS, ODD], ids=lambda p: p.name)
def test_every_fact_reads_both_ways_without_its_name(pack: Pack) -> None:
    for fact in pack.facts.values():
        if fact.type.kind == "bool":
            yes, no = sentence(fact, True), sentence(fact, False)
            assert yes != no and "not: " not in no and "it is not the case" not in no, (yes, no)
        else:
            assert fact.name not in noun(fact) and "{value}" not in noun(fact)


@pytest.mark.parametrize(("text", "negated"), [
    ("the shooter moved this turn", "the shooter did not move this turn"),
    ("the target is in hard cover", "the target is not in hard cover"),
    ("the target has the Cover status", "the target does not have the Cover status"),
    ("soft cover obscures the majority of the target", "soft cover does not obscure the majority of the target"),
    ("the attacker is charging", "the attacker is not charging"),
    ("the bearer's unit made a Charge move this turn", "the bearer's unit did not make a Charge move this turn"),
    ("the attacking model's unit Remained Stationary this turn",
     "the attacking model's unit did not Remain Stationary this turn"),
    ("at least one model of the target unit was visible", "no model of the target unit was visible"),
    ("every model in the target unit has the Stealth ability",
     "not every model in the target unit has the Stealth ability"),
    ("the attack is a ranged attack (false: a melee attack)", "the attack is a melee attack"),
    ("the target cannot have the Benefit of Cover", "the target can have the Benefit of Cover"),
    ("the ship sank this turn", "the ship did not sink this turn"),
])
def test_negation_turns_the_verb(text: str, negated: str) -> None:
    assert negate(text) == negated


def test_comparisons_read_in_words() -> None:
    fantasy, wh40k = PACKS[0], PACKS[2]
    assert say(fantasy, parse_expr("target.unit_strength <= 2")) == "the target has Unit Strength 2 or less"
    assert say(fantasy, parse_expr("target.unit_strength <= 2"), {"target.unit_strength": 5}, holds=False) == \
        "the target has Unit Strength 5 (more than 2)"
    assert say(fantasy, parse_expr("2 * soft_cover.los >= target.los")) == \
        "twice the soft cover's Line of Sight value is at least the target's Line of Sight value"
    assert say(wh40k, parse_expr("target.save <= 3 and weapon.ap == 0")) == \
        "the target model's Save characteristic is 3+ or better (before modifiers) and the attack's AP " \
        "characteristic is 0"
    assert say(wh40k, parse_expr("matches('MONSTER/VEHICLE', attacker.keywords)")) == \
        "the attacking unit is a MONSTER or VEHICLE"
    assert say(wh40k, parse_expr("not target.visible")) == \
        "no model of the target unit was visible to the attacking unit when it was selected as the target"

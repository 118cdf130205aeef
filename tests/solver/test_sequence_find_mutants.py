"""`find` on a sequence (`solver.space.sequence_find`), checked where mutation testing found nothing watching
(`python tools/mutate.py solver/space/sequence_find.py`).

Every expected value is worked out by hand from the small packs written here. In `SHOT`, an attack is one D6 hit
roll (no `always` entries) that must reach the situation's target; `w.bonus` (0..3) adds itself to the roll and a
keen weapon adds 1, so against a target of 6 an attack hits with chance (1 + bonus + keen) / 6. Each hit does one
damage to a target of `t.models` models of one wound each; no models (`t.models = 0`) cannot be resolved.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from kb.errors import RulingsError
from kb.model import Pack
from solver.sequence import AttackRuling, resolve
from solver.situation import Situation
from solver.space.find import LIMIT_STOP, Found
from solver.space.model import Coverage
from solver.space.sequence_find import find_sequence, outcome_fields, parse_where
from tests.solver.small_packs import pack, pack_text

SHOT = pack_text(
    "shot",
    facts=['w.bonus: {type: int, range: [0, 3], default: 0, text: "the hit bonus is {value}"}',
           'w.keen: {type: bool, text: "the weapon is keen"}',
           't.models: {type: int, range: [0, 2], default: 1, text: "the target has {value} models"}'],
    quantities="hit_roll: {kind: roll, dice: D6}",
    modifiers=['bonus: {quantity: hit_roll, change: "+w.bonus", when: "w.bonus != 0"}',
               'keen: {quantity: hit_roll, change: "+1", when: w.keen}'],
    sequences=["attack:", "  text: an attack", "  models: t.models", "  steps:",
               "    - {step: hit, roll: hit_roll, passes: hits}"],
)
ONE_SHOT = {"attacks": 1, "hit": {"target": 6}, "damage": 1, "wounds": 1}
MODELS_ERROR = "sequence: models 0 is not a number from 1 to 300"


def _shot() -> Pack:
    return pack(SHOT)


def _edges(where_mean_at_least: Fraction) -> list[dict[str, Any]]:
    """By brute force over every situation of `SHOT` the search can resolve (one or two models): the minimal
    assignments (facts away from their defaults) whose hit chance (1 + bonus + keen) / 6 is at least the bound."""
    holding = []
    for bonus, keen, models in product(range(4), (False, True), (1, 2)):
        if Fraction(1 + bonus + keen, 6) >= where_mean_at_least:
            given = {"w.bonus": bonus, "w.keen": keen, "t.models": models}
            holding.append({f: v for f, v in given.items() if v != {"w.bonus": 0, "w.keen": False, "t.models": 1}[f]})
    return [g for g in holding if not any(h.items() < g.items() for h in holding)]


def _expanded(found: list[Found]) -> list[dict[str, Any]]:
    """Each situation a found one stands for, its ranges `(low, high)` taken value by value."""
    out = []
    for f in found:
        ranges = [range(v[0], v[1] + 1) if isinstance(v, tuple) else [v] for _, v in f.given]
        out += [dict(zip([n for n, _ in f.given], values, strict=True)) for values in product(*ranges)]
    return out


def test_a_third_of_a_hit_is_found_as_any_bonus_from_1_to_3_or_a_keen_weapon_shown_as_a_range_of_means() -> None:
    """Hitting on 6+, a bonus b hits with chance (1 + b) / 6: a third from b = 1 on (1/3, 1/2, 2/3); keen alone
    hits on 5+ (1/3). No models cannot be resolved, so the search is not exhaustive, but it is no error."""
    coverage = Coverage()
    found = find_sequence(_shot(), "attack", "6 * mean >= 2", Situation(sequence=ONE_SHOT), coverage=coverage)
    minimal = _edges(Fraction(1, 3))
    assert sorted(map(str, minimal)) == ["{'w.bonus': 1}", "{'w.bonus': 2}", "{'w.bonus': 3}", "{'w.keen': True}"]
    assert sorted(map(str, _expanded(found))) == sorted(map(str, minimal))
    by_given = {f.describe(): f for f in found}
    assert set(by_given) == {"w.bonus = 1..3", "w.keen = true"}
    assert by_given["w.bonus = 1..3"].display == "mean 1/3 to 2/3 damage"
    assert by_given["w.keen = true"].display == "mean 1/3 damage"
    for f in found:
        assert isinstance(f.ruling, AttackRuling)
        assert f.ruling.outcome_name == "damage"
    assert not coverage.exhaustive
    assert coverage.reasons == [f"a situation could not be resolved ({MODELS_ERROR})"]


def test_a_situation_that_cannot_be_resolved_does_not_stop_the_search_for_later_ones() -> None:
    """Destroying both models of two needs two hits out of two: only with two models, and certain hits on 5+
    (bonus 3 and keen: 1 + 3 + 1 >= 5 on every face) — a situation of three facts, searched after `t.models = 0`
    failed."""
    coverage = Coverage()
    two = {**ONE_SHOT, "attacks": 2, "hit": {"target": 5}}
    found = find_sequence(_shot(), "attack", "destroyed >= 2", Situation(sequence=two), coverage=coverage)
    assert [dict(f.given) for f in found] == [{"w.bonus": 3, "w.keen": True, "t.models": 2}]
    assert found[0].display == "mean 2 damage"
    assert coverage.reasons == [f"a situation could not be resolved ({MODELS_ERROR})"]


def test_the_count_of_situations_searched_counts_each_one_once() -> None:
    """Nothing holds (one attack does at most 1 damage), so each of the 4 x 2 x 3 situations is searched, and
    counted once."""
    coverage = Coverage()
    assert find_sequence(_shot(), "attack", "most >= 2", Situation(sequence=ONE_SHOT), coverage=coverage) == []
    assert coverage.searched == 4 * 2 * 3


def test_the_facts_the_situation_gives_are_kept_in_every_situation_searched() -> None:
    """Given bonus 2 and one model, a keen weapon makes a 6+ roll hit on 3+ (2/3): the one minimal situation."""
    coverage = Coverage()
    found = find_sequence(_shot(), "attack", "3 * mean >= 2",
                          Situation(given={"w.bonus": 2, "t.models": 1}, sequence=ONE_SHOT), coverage=coverage)
    assert [dict(f.given) for f in found] == [{"w.bonus": 2, "t.models": 1, "w.keen": True}]
    assert found[0].display == "mean 2/3 damage"
    assert coverage.exhaustive


def test_a_where_expression_already_parsed_is_used_as_it_is() -> None:
    found = find_sequence(_shot(), "attack", parse_where("6 * mean >= 4"),
                          Situation(given={"t.models": 1}, sequence=ONE_SHOT))
    # (1 + b + keen) / 6 >= 2/3: b = 3; or keen with b = 2
    assert sorted(f.describe() for f in found) == ["t.models = 1, w.bonus = 2, w.keen = true",
                                                   "t.models = 1, w.bonus = 3"]


def test_the_outcome_fields_of_two_attacks_hitting_on_3_against_two_models() -> None:
    """Each attack hits with chance 2/3: 4/3 hits on average, at least one with 1 - (1/3)^2 = 8/9 (88%), at most
    2; each hit destroys a one-wound model, so 4/3 models on average."""
    seq = {"attacks": 2, "hit": {"target": 3}, "damage": 1, "wounds": 1}
    fields = outcome_fields(resolve(_shot(), "attack", Situation(given={"t.models": 2}, sequence=seq)))
    assert fields == {"mean": Fraction(4, 3), "chance": 88, "most": 2, "destroyed": Fraction(4, 3)}


def test_the_chance_of_an_attack_that_can_never_hit_is_0() -> None:
    """A D6 never reaches 7: no outcome of at least 1."""
    seq = {**ONE_SHOT, "hit": {"target": 7}}
    fields = outcome_fields(resolve(_shot(), "attack", Situation(sequence=seq)))
    assert fields == {"mean": 0, "chance": 0, "most": 0, "destroyed": 0}


def test_a_chance_of_two_thirds_is_66_percent_rounded_down() -> None:
    seq = {**ONE_SHOT, "hit": {"target": 3}}
    assert outcome_fields(resolve(_shot(), "attack", Situation(sequence=seq)))["chance"] == 66


def test_a_where_expression_that_does_not_parse_says_how_one_looks() -> None:
    with pytest.raises(RulingsError) as e:
        parse_where("mean >=")
    assert e.value.hint == 'e.g. --where "mean >= 2"'


SIX = pack_text(
    "six",
    facts=[f'b.{c}: {{type: bool, text: "bonus {c}"}}' for c in "abcdef"],
    quantities="hit_roll: {kind: roll, dice: D6}",
    modifiers=[f'm{c}: {{quantity: hit_roll, change: "+1", when: b.{c}}}' for c in "abcdef"],
    sequences=["attack:", "  text: an attack", "  steps:", "    - {step: hit, roll: hit_roll, passes: hits}"],
)
"""Six bonuses of +1 each: a roll of D6 reaches 7 on every face only with all six."""


def test_by_default_situations_of_more_than_5_facts_are_not_searched_and_the_search_says_so() -> None:
    inputs = Situation(sequence={"attacks": 1, "hit": {"target": 7}, "damage": 1})
    coverage = Coverage()
    assert find_sequence(pack(SIX), "attack", "mean >= 1", inputs, coverage=coverage) == []
    assert not coverage.exhaustive
    assert coverage.reasons == [LIMIT_STOP.format(max_facts=5)]
    assert "more than 5 facts" in coverage.reasons[0]


def test_a_situation_of_exactly_max_facts_facts_is_searched() -> None:
    inputs = Situation(sequence={"attacks": 1, "hit": {"target": 7}, "damage": 1})
    coverage = Coverage()
    found = find_sequence(pack(SIX), "attack", "mean >= 1", inputs, max_facts=6, coverage=coverage)
    assert [dict(f.given) for f in found] == [{f"b.{c}": True for c in "abcdef"}]
    assert coverage.exhaustive


class _RunsOut(Coverage):
    """A coverage whose clock runs out at its second look (the first is the situation generator's)."""

    def __init__(self) -> None:
        super().__init__()
        self.looks = 0

    def out_of_time(self) -> bool:
        self.looks += 1
        if self.looks >= 2:
            self.stop("the time limit ran out (raise it with --timeout)")
            return True
        return False


def test_when_time_runs_out_before_any_situation_is_resolved_nothing_is_found_and_the_search_says_so() -> None:
    """Every situation holds `mean >= 0`; the clock (the caller's, which the situation generator looks at too) runs
    out before the first one is resolved: nothing found, no error, not exhaustive."""
    coverage = _RunsOut()
    found = find_sequence(_shot(), "attack", "mean >= 0", Situation(sequence=ONE_SHOT), coverage=coverage)
    assert found == []
    assert coverage.reasons == ["the time limit ran out (raise it with --timeout)"]

"""The `skirmish` pack against its seed: one test per sentence of the rule text, plus properties.

Each test's docstring quotes the seed sentence it checks.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from importlib import resources
from itertools import product
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from explain.json import ruling_json
from kb.errors import Contradiction, RulingsError
from kb.loader import load_pack
from kb.model import Pack
from rulings.examples import run_examples
from solver import Ruling, Situation, ask
from solver.arithmetic import Term
from solver.kinds import outcome

CC_PENALTIES = ("attacker.shaken", "attacker.flanked", "attacker.vehicle")


@cache
def skirmish() -> Pack:
    return load_pack("skirmish")


def rule(quantity: str, reading: dict[str, str] | None = None, roll: int | None = None,
         **given: Any) -> Ruling:
    """Ask the skirmish pack; keyword names use `__` for the dot (`attacker__bases=2`)."""
    facts = {name.replace("__", "."): value for name, value in given.items()}
    return ask(skirmish(), quantity, Situation(given=facts, reading=reading or {}, roll=roll))


def applied(ruling: Ruling) -> list[str]:
    return [a.rule for a in ruling.applied]


def claims(ruling: Ruling) -> list[str]:
    return [node.claim for _, node in ruling.explanation.lines()]


# -- paragraph 1: what modifiers are ---------------------------------------------


def test_modifiers_alter_dice_or_thresholds() -> None:
    """"Modifiers are numerical adjustments that alter the physical quantity of dice in a Dice Pool or the
    Success Threshold required for mechanical Checks.\""""
    pack = skirmish()
    kinds = {pack.quantities[q].kind for m in pack.modifiers.values() for q in m.quantities}
    assert kinds == {"pool", "score", "total"}
    assert rule("cc_dice", attacker__bases=2, attacker__dice_per_base=2, attacker__charging=True).value == 6
    assert rule("to_hit", attacker__to_hit=4, attack__long_range=True).value == 5


def test_rolls_modifiers_adjust() -> None:
    """"This includes adjustments to Attack Resolutions, Save Rolls, Command Rolls, and Availability Rolls.\"

    The seed states no modifier for Availability Rolls, so the pack has no quantity for them and says why."""
    pack = skirmish()
    modified = {q for m in pack.modifiers.values() for q in m.quantities}
    assert modified == {"to_hit", "save", "command_roll", "cc_dice"}
    text = resources.files("kb.packs").joinpath("skirmish.yaml").read_text(encoding="utf-8")
    assert "states no modifier for them" in str(yaml.safe_load(text)["description"])


def test_target_and_dice_modifiers() -> None:
    """"Modifiers are categorized as either Target Modifiers, which adjust the specific numerical result
    required on a die to achieve a success, or Dice Modifiers, which adjust the total volume of dice gathered
    for a specific resolution.\""""
    target = rule("save", target__save=5, target__dug_in_token=True)
    assert (target.value, target.display, target.probability) == (4, "4+", Fraction(1, 2))
    dice = rule("cc_dice", attacker__bases=1, attacker__dice_per_base=3, attacker__vehicle=True)
    assert (dice.value, dice.display, dice.probability) == (2, "2 dice", None)


@pytest.mark.parametrize("quantity, given", [
    ("to_hit", {"attacker__to_hit": 3}),
    ("save", {"target__save": 3}),
    ("command_roll", {"faction__command_value": 7}),
    ("cc_dice", {"attacker__bases": 1, "attacker__dice_per_base": 2}),
])
def test_timing_window(quantity: str, given: dict[str, Any]) -> None:
    """"All Modifiers must be calculated and applied during the procedural timing window of an action sequence
    immediately prior to the casting of dice.\""""
    ruling = rule(quantity, **given)
    assert "timing_window" in ruling.assumptions
    assert any(c.startswith("assumption timing_window: A situation describes the state immediately before")
               for c in claims(ruling))


# -- paragraph 2: to-hit target modifiers -----------------------------------------


def test_to_hit_adjusts_the_attack_threshold() -> None:
    """"Target Modifiers for To-Hit Values adjust the Success Threshold of an Attack Roll.\""""
    plain = rule("to_hit", attacker__to_hit=4)
    assert (plain.value, plain.display, plain.probability, applied(plain)) == (4, "4+", Fraction(1, 2), [])
    assert rule("to_hit", attacker__to_hit=4, target__in_cover=True).value == 5


def test_penalty_raises_bonus_lowers() -> None:
    """"A Penalty increases the numerical result required for a success, while a Bonus decreases the
    requirement.\""""
    assert rule("to_hit", attacker__to_hit=3, attack__long_range=True).value == 4
    assert rule("to_hit", attacker__to_hit=3, target__dash_token=True).value == 2
    both = rule("to_hit", attacker__to_hit=3, attack__long_range=True, target__dash_token=True)
    assert (both.value, sorted(applied(both))) == (3, ["dash", "long_range"])


def test_long_range_and_cover_penalties() -> None:
    """"Long Range and Targets possessing the Cover status provide a +1 Penalty to the Hit requirement.\""""
    both = rule("to_hit", attacker__to_hit=3, attack__long_range=True, target__in_cover=True)
    assert (both.value, both.probability) == (5, Fraction(1, 3))
    assert {a.rule: a.change for a in both.applied} == {"long_range": "+1", "cover": "+1"}


def test_flanked_and_dash_bonuses() -> None:
    """"Targets that are categorized as Flanked or possess a Dash Token provide a -1 Bonus to the Hit
    requirement.\""""
    both = rule("to_hit", attacker__to_hit=5, target__flanked=True, target__dash_token=True)
    assert (both.value, both.probability) == (3, Fraction(2, 3))
    assert {a.rule: a.change for a in both.applied} == {"flanked": "-1", "dash": "-1"}


def both_readings(quantity: str, reading: str, values: list[tuple[str, int]],
                  given: dict[str, Any]) -> tuple[Ruling, Ruling]:
    """The ruling under the default and under the other option; each lists both values and quotes the sentence."""
    default = rule(quantity, **given)
    other = rule(quantity, reading={reading: values[1][0]}, **given)
    for ruling in (default, other):
        doc = ruling_json(ruling)
        assert [(r["reading"], r["value"], r["default"]) for r in doc["readings"]] == [
            (option, value, i == 0) for i, (option, value) in enumerate(values)]
        assert any(skirmish().readings[reading].sentence in c for c in claims(ruling))
    return default, other


def test_flanked_or_dash_is_read_two_ways() -> None:
    """"Targets that are categorized as Flanked or possess a Dash Token provide a -1 Bonus to the Hit
    requirement.\" -- one Bonus per status, or one Bonus in all? Both answers are shown."""
    given: dict[str, Any] = {"attacker__to_hit": 5, "target__flanked": True, "target__dash_token": True}
    default, one = both_readings("to_hit", "hit_bonuses", [("each_bonus", 3), ("one_bonus", 4)], given)
    assert (default.value, default.probability, one.value, one.probability) == (
        3, Fraction(2, 3), 4, Fraction(1, 2))
    assert [(s.rule, s.by, s.policy) for s in one.suppressed] == [("dash", "flanked", "hit_bonus_once")]
    alone = rule("to_hit", attacker__to_hit=5, target__dash_token=True)
    assert alone.readings is None  # one status: both readings agree, so the reading is not mentioned


def test_threshold_limits() -> None:
    """"A Penalty increases the numerical result required for a success, while a Bonus decreases the
    requirement.\" -- the seed sets no limit; below 1 is shown as 1+, 7 or more is impossible."""
    low = rule("to_hit", attacker__to_hit=1, target__flanked=True, target__dash_token=True)
    doc = ruling_json(low)
    assert (low.value, low.probability) == (1, 1)
    assert doc["clamped"] == [{"rule": "threshold_limits", "from": -1, "to": 1}]
    assert "threshold_limits" in low.assumptions
    high = rule("to_hit", attacker__to_hit=6, attack__long_range=True)
    assert (high.value, high.probability, high.impossible, high.clamped) == (7, 0, True, ())
    assert "threshold_limits" not in rule("to_hit", attacker__to_hit=4).assumptions


# -- paragraph 3: saves -----------------------------------------------------------


def test_save_threshold() -> None:
    """"Save Values are subject to Target Modifiers that adjust the required result for a Save Roll.\""""
    plain = rule("save", target__save=4)
    assert (plain.value, plain.probability, applied(plain)) == (4, Fraction(1, 2), [])
    assert applied(rule("save", target__save=4, target__dug_in_token=True)) == ["dug_in"]


def test_save_improvement_lowers_penalty_raises() -> None:
    """"Improvements to a Save Stat decrease the Success Threshold, while penalties increase it.\""""
    save = skirmish().quantities["save"]
    assert outcome(save, 4, [Term("improvement", "-", Fraction(1))]).value == 3
    assert outcome(save, 4, [Term("penalty", "+", Fraction(1))]).value == 5


def test_dug_in() -> None:
    """"For example, a Unit possessing a Dug-In Token improves its printed Save Stat by -1.\""""
    ruling = rule("save", target__save=4, target__dug_in_token=True)
    assert (ruling.value, ruling.display, ruling.probability) == (3, "3+", Fraction(2, 3))
    assert [(a.rule, a.change) for a in ruling.applied] == [("dug_in", "-1")]


# -- paragraph 4: command rolls ---------------------------------------------------


def test_shaken_command_roll_penalty() -> None:
    """"Command Rolls are subject to a cumulative Penalty if the activating Unit possesses the Shaken
    status.\""""
    shaken = rule("command_roll", faction__command_value=7, unit__shaken=True)
    steady = rule("command_roll", faction__command_value=7)
    assert (shaken.value, shaken.modifier, shaken.probability) == (None, -1, Fraction(5, 12))
    assert (steady.modifier, steady.probability, applied(steady)) == (0, Fraction(7, 12), [])
    assert "command_pass_direction" in shaken.assumptions
    assert any(c.startswith("assumption command_pass_direction:") for c in claims(shaken))


def test_flat_minus_one_before_comparing() -> None:
    """"This Modifier is a flat -1 subtraction from the final sum of the 2d6 roll, calculated before comparing
    the result to the printed Faction Command Value.\""""
    ruling = rule("command_roll", roll=8, faction__command_value=8, unit__shaken=True)
    doc = ruling_json(ruling)
    assert (doc["value"], doc["modifier"], doc["passed"]) == (7, -1, False)
    passed = rule("command_roll", roll=8, faction__command_value=7, unit__shaken=True)
    assert ruling_json(passed)["passed"] is True
    no_target = rule("command_roll", roll=8, unit__shaken=True)
    assert (no_target.value, no_target.probability) == (7, None)


# -- paragraph 5: close-combat dice pools -----------------------------------------


def test_dice_modifiers_adjust_the_attack_pool() -> None:
    """"Dice Modifiers primarily apply during the resolution of Close Combat to adjust the quantity of dice
    gathered for the Attack Pool.\""""
    plain = rule("cc_dice", attacker__bases=3, attacker__dice_per_base=2)
    assert (plain.value, plain.display, applied(plain)) == (6, "6 dice", [])
    cc = rule("cc_dice", attacker__bases=3, attacker__dice_per_base=2, attack__close_combat=True,
              attacker__charging=True)
    assert cc.value == 9


def test_charging_bonus_per_base() -> None:
    """"A charging Attacker receives a +1 Bonus to the number of dice rolled for every physical Base in the
    Unit.\""""
    ruling = rule("cc_dice", attacker__bases=3, attacker__dice_per_base=2, attacker__charging=True)
    assert (ruling.value, [(a.rule, a.change) for a in ruling.applied]) == (9, [("charging", "+3")])


@pytest.mark.parametrize("status, rule_id", [
    ("attacker__shaken", "cc_shaken"),
    ("attacker__flanked", "cc_flanked"),
    ("attacker__vehicle", "cc_vehicle"),
])
def test_shaken_flanked_vehicle_penalty_per_base(status: str, rule_id: str) -> None:
    """"Conversely, a Unit categorized as Shaken, Flanked, or belonging to the Vehicle Unit Type suffers a -1
    Penalty to the quantity of dice rolled for every physical Base.\""""
    extra: dict[str, Any] = {status: True}
    ruling = rule("cc_dice", attacker__bases=2, attacker__dice_per_base=3, **extra)
    assert (ruling.value, [(a.rule, a.change) for a in ruling.applied]) == (4, [(rule_id, "-2")])
    assert ruling.readings is None  # one status: both readings agree, so the reading is not mentioned
    assert not any("read more than one way" in c for c in claims(ruling))


def test_several_statuses_are_read_two_ways() -> None:
    """"Conversely, a Unit categorized as Shaken, Flanked, or belonging to the Vehicle Unit Type suffers a -1
    Penalty to the quantity of dice rolled for every physical Base.\" -- once per status, or once in all?"""
    given: dict[str, Any] = {"attacker__bases": 2, "attacker__dice_per_base": 3,
                             "attacker__shaken": True, "attacker__flanked": True}
    default, once = both_readings("cc_dice", "cc_penalties", [("cumulative", 2), ("once", 4)], given)
    assert default.value == 2 and once.value == 4
    assert any("reading 'cumulative' (default): 2 dice (used)" in c for c in claims(default))
    assert any("reading 'once': 4 dice (used)" in c for c in claims(once))
    suppressed = [(s.rule, s.by, s.policy) for s in once.suppressed]
    assert suppressed == [("cc_flanked", "cc_shaken", "cc_penalty_once")]


def test_pool_floor_of_one_die_per_base() -> None:
    """"The Attack Pool cannot be reduced below a minimum of 1 die per Base through the application of
    Modifiers.\""""
    ruling = rule("cc_dice", attacker__bases=2, attacker__dice_per_base=1, attacker__shaken=True)
    assert ruling_json(ruling)["clamped"] == [{"rule": "min_per_base", "from": 0, "to": 2}]
    assert (ruling.value, applied(ruling)) == (2, ["cc_shaken"])


def test_dice_modifiers_in_addition_to_target_modifiers() -> None:
    """"These Dice Modifiers are applied in addition to standard Target Modifiers for Hit resolution.\""""
    hit = rule("to_hit", attacker__to_hit=4, attack__close_combat=True, target__flanked=True,
               target__in_cover=True)
    assert (hit.value, sorted(applied(hit))) == (4, ["cover", "flanked"])
    flanked = rule("to_hit", attacker__to_hit=4, attack__close_combat=True, target__flanked=True)
    assert (flanked.value, flanked.probability) == (3, Fraction(2, 3))


def test_no_long_range_in_close_combat() -> None:
    """Long range cannot happen in close combat (a domain constraint of the pack, SPEC 4.2)."""
    with pytest.raises(Contradiction, match="no_long_range_in_close_combat") as caught:
        rule("to_hit", attacker__to_hit=4, attack__close_combat=True, attack__long_range=True)
    assert isinstance(caught.value, RulingsError)
    assert "Close Combat" in str(caught.value)  # the citation is quoted


def test_pack_examples_pass() -> None:
    """Every example stored in the pack (one per seed sentence that states a modifier) passes."""
    results = run_examples(skirmish())
    assert [(r.name, r.problems) for r in results if r.problems] == []
    quotes = {e.quote for e in skirmish().examples}
    for m in skirmish().modifiers.values():
        assert m.cite is not None and any(m.cite.quote.strip(". ") in q or q.strip(". ") in m.cite.quote
                                          for q in quotes), m.name


# -- properties -------------------------------------------------------------------


@given(bases=st.integers(1, 20), per_base=st.integers(1, 10), charging=st.booleans(),
       statuses=st.sets(st.sampled_from(CC_PENALTIES)), reading=st.sampled_from(["cumulative", "once"]))
def test_pool_never_below_one_die_per_base(bases: int, per_base: int, charging: bool, statuses: set[str],
                                           reading: str) -> None:
    """"The Attack Pool cannot be reduced below a minimum of 1 die per Base through the application of
    Modifiers.\" -- for every pool, status mix and reading."""
    given = {"attacker.bases": bases, "attacker.dice_per_base": per_base, "attacker.charging": charging}
    given |= {s: True for s in statuses}
    ruling = ask(skirmish(), "cc_dice", Situation(given=given, reading={"cc_penalties": reading}))
    penalties = len(statuses) if reading == "cumulative" else min(1, len(statuses))
    unclamped = bases * (per_base + charging - penalties)
    assert ruling.value == max(bases, unclamped)
    assert ruling.value >= bases
    assert bool(ruling.clamped) == (unclamped < bases)


@given(command_value=st.integers(2, 12), shaken=st.booleans())
def test_command_chance_counts_all_36_outcomes(command_value: int, shaken: bool) -> None:
    """"This Modifier is a flat -1 subtraction from the final sum of the 2d6 roll, calculated before comparing
    the result to the printed Faction Command Value.\" -- the chance is exact over all 36 outcomes."""
    ruling = rule("command_roll", faction__command_value=command_value, unit__shaken=shaken)
    outcomes = list(product(range(1, 7), repeat=2))
    passing = sum(1 for a, b in outcomes if a + b - shaken >= command_value)
    assert len(outcomes) == 36
    assert ruling.probability == Fraction(passing, 36)
    for a, b in outcomes:
        rolled = rule("command_roll", roll=a + b, faction__command_value=command_value, unit__shaken=shaken)
        assert dict(rolled.extra)["passed"] == (a + b - shaken >= command_value)


@given(threshold=st.integers(1, 6),
       penalties=st.sets(st.sampled_from(["attack.long_range", "target.in_cover"])),
       bonuses=st.sets(st.sampled_from(["target.flanked", "target.dash_token"])))
def test_to_hit_chance_is_seven_minus_value_over_six(threshold: int, penalties: set[str],
                                                     bonuses: set[str]) -> None:
    """"A Penalty increases the numerical result required for a success, while a Bonus decreases the
    requirement.\" -- and the chance is (7 - value)/6 within 0..1."""
    given = {"attacker.to_hit": threshold} | {f: True for f in penalties | bonuses}
    ruling = ask(skirmish(), "to_hit", Situation(given=given))
    raw = threshold + len(penalties) - len(bonuses)
    assert ruling.value == max(1, raw)
    assert ruling.probability == min(Fraction(1), max(Fraction(0), Fraction(7 - raw, 6)))

"""Every clause of the `wh40k` seed text, in the seed's order: the pack entries that encode it and the test that
quotes it, or why it is left out.

A row's `quote` is a verbatim piece of the clause; the named test's docstring (or, for `example:NAME`, the
pack example's `quote`) must contain it, and every id must name something the pack declares. Section
headings and lines that only introduce a list ("the following points also apply") are not clauses.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import NamedTuple

import pytest

from kb import load_pack

PACK = load_pack("wh40k")
TESTS = Path(__file__).resolve().parents[1]


class Clause(NamedTuple):
    quote: str
    ids: tuple[str, ...]
    test: str
    left_out: str = ""


W = "packs/test_wh40k.py::"
K = "kb/test_keywords.py::"
M = "packs/test_wh40k_keywords.py::"
R = "packs/test_wh40k_rolls.py::"
P = "packs/test_wh40k_weapons.py::"
H = "packs/test_wh40k_healing.py::"

CLAUSES = (
    Clause("each datasheet name acts as an additional keyword for that unit", ("datasheets:1",),
           M + "test_datasheet_name_is_a_keyword"),
    Clause("A rule that does so is known as a modifier.", ("modifiers:1",), W + "test_plus_improves_and_minus_worsens"),
    Clause("One of the most common ways for modifiers to be presented is as +1 or -1", ("modifiers:1",),
           W + "test_plus_improves_and_minus_worsens"),
    Clause("If the rule has +1 to a characteristic, it improves it by the value after the '+' symbol.",
           ("modifiers:2",), W + "test_plus_improves_and_minus_worsens"),
    Clause("'This weapon has +1 AP' would improve an AP characteristic of -2 to -3.", ("modifiers:3",),
           W + "test_plus_one_ap"),
    Clause("If the rule has -1 to a characteristic, it worsens it by the value after the '-' symbol.",
           ("modifiers:4",), W + "test_plus_improves_and_minus_worsens"),
    Clause("'This unit has -1 Sv' would worsen a Sv characteristic of 3+ to 4+.", ("modifiers:5",),
           W + "test_minus_one_sv"),
    Clause("All modifiers are cumulative.", ("modifiers:6",), W + "test_all_modifiers_are_cumulative_in_every_order"),
    Clause("When a value is modified (e.g. characteristic, dice roll, distance), do so in the following order.",
           ("modifiers:7",), W + "test_rolls_follow_the_order_of_operations_too"),
    Clause("you must first change the relevant value to the new value", ("modifiers:7",), W + "test_set_comes_first"),
    Clause("cannot be modified by other rules (in such cases, skip steps 2-5)", ("modifiers:7", "set_to_zero_is_final"),
           W + "test_set_to_zero_is_final_is_reported"),
    Clause("2. Apply multiplication modifiers.", ("modifiers:7",), W + "test_order_of_operations"),
    Clause("3. Apply addition modifiers.", ("modifiers:7",), W + "test_order_of_operations"),
    Clause("4. Apply division modifiers.", ("modifiers:7",), W + "test_order_of_operations"),
    Clause("5. Apply subtraction modifiers.", ("modifiers:7",), W + "test_order_of_operations"),
    Clause("6. Round any fractions up after applying all modifiers.", ("modifiers:7", "fractions_of_x_plus"),
           W + "test_fractions_of_x_plus_is_reported_when_relied_on"),
    Clause("Characteristics of '-', '*' and 'N/A' can never be modified.", ("characteristics:1",),
           W + "test_never_modified_symbols"),
    Clause("modify the WS and/or BS characteristic of every weapon equipped by that model",
           ("characteristics:2", "example:model-bs-carries-to-each-weapon"),
           P + "test_a_models_bs_modifier_carries_to_every_weapon"),
    Clause('M cannot be less than 1".', ("M_min",), W + "test_after_all_modifiers_each_characteristic_is_clamped"),
    Clause("T cannot be less than 1.", ("T_min",), W + "test_after_all_modifiers_each_characteristic_is_clamped"),
    Clause("Sv cannot be 1+ or better.", ("Sv_limit",), W + "test_after_all_modifiers_each_characteristic_is_clamped"),
    Clause("InSv cannot be 1+ or better.", ("InSv_limit",),
           W + "test_after_all_modifiers_each_characteristic_is_clamped"),
    Clause("Ld cannot be 4+ (or better) or 9+ (or worse).", ("Ld_limits",),
           W + "test_after_all_modifiers_each_characteristic_is_clamped"),
    Clause("OC cannot be less than 0 or '-'.", ("OC_min", "OC_not_dash", "oc_dash"),
           M + "test_oc_set_to_dash_is_read_two_ways"),
    Clause('Range characteristics cannot be less than 1".', ("Range_min",),
           W + "test_after_all_modifiers_each_characteristic_is_clamped"),
    Clause("A cannot be less than 1.", ("A_min",), W + "test_after_all_modifiers_each_characteristic_is_clamped"),
    Clause("WS cannot be 1+ (or better) or 7+ (or worse).", ("WS_limits",),
           W + "test_after_all_modifiers_each_characteristic_is_clamped"),
    Clause("BS cannot be 1+ (or better) or 7+ (or worse).", ("BS_limits",),
           W + "test_after_all_modifiers_each_characteristic_is_clamped"),
    Clause("S cannot be less than 1.", ("S_min",), W + "test_after_all_modifiers_each_characteristic_is_clamped"),
    Clause("AP cannot be worse than 0.", ("AP_max",), W + "test_after_all_modifiers_each_characteristic_is_clamped"),
    Clause("D cannot be less than 1.", ("D_min",), W + "test_after_all_modifiers_each_characteristic_is_clamped"),
    Clause("improving a WS of 3+ by 1 would result in a WS of 2+", ("characteristics:4",),
           W + "test_improving_and_worsening_ws"),
    Clause("worsening a WS of 3+ by 1 would result in a WS of 4+", ("characteristics:5",),
           W + "test_improving_and_worsening_ws"),
    Clause("improving an AP of -1 by 1 would result in an AP of -2", ("characteristics:6", "AP"),
           W + "test_improving_ap"),
    Clause("reducing/worsening an AP of -1 by 1 would result in an AP of 0", ("characteristics:7", "AP_max"),
           W + "test_worsening_ap"),
    Clause("add/subtract the specified amount to/from that characteristic", ("characteristics:8",),
           W + "test_improving_or_worsening_other_characteristics"),
    Clause("Modifiers are applied after any re-rolls of that dice roll.", ("dice_rolls:1",),
           R + "test_reroll_ones_then_modifiers"),
    Clause("referring to the dice result after any re-rolls, but before modifiers",
           ("dice_rolls:2", "unmodified_one_fails", "unmodified_six_passes"),
           R + "test_unmodified_six_is_before_modifiers"),
    Clause("A dice result can be modified above its maximum possible value", ("dice_rolls:3",),
           W + "test_modified_above_maximum"),
    Clause("A result that would be less than 1 is changed to a result of 1.",
           ("dice_rolls:4", "hit_roll_floor", "wound_roll_floor", "save_roll_floor", "dice_roll_floor"),
           W + "test_result_below_one_becomes_one"),
    Clause("Hit rolls and wound rolls can never be modified by more than -1 or +1.", ("hit_roll_cap", "wound_roll_cap"),
           W + "test_hit_and_wound_modifier_capped"),
    Clause("-2 or worse, it is changed to -1.", ("hit_roll_cap", "wound_roll_cap"),
           W + "test_hit_and_wound_modifier_capped"),
    Clause("+2 or better, it is changed to +1.", ("hit_roll_cap", "wound_roll_cap"),
           W + "test_hit_and_wound_modifier_capped"),
    Clause("Charge rolls cannot be greater than 12.", ("charge_roll_limits",),
           R + "test_charge_roll_rerolls_and_its_cap"),
    Clause('Detection range and Lone Operative cannot be better than 9" or worse than 30".',
           ("detection_range_limits", "lone_operative_limits"), W + "test_detection_range_and_lone_operative"),
    Clause("A stratagem cannot have its CP increased by more than 1 or reduced to below 0", ("cp_cost_limits",),
           W + "test_cp_cost"),
    Clause("that rule allows you to ignore modifiers to the unit's rolls and the unit's profile and weapon "
           "characteristics", ("ignore_modifiers", "unit.ignores_modifiers"),
           W + "test_ignoring_covers_rolls_and_every_characteristic"),
    Clause("you can choose to ignore all of those modifiers, or only some of them", ("ignore_modifiers",),
           W + "test_ignore_some_or_all"),
    Clause("You can choose to ignore the -2\" M, meaning that unit's M characteristic will only be modified by the "
           "+2\" M.", ("ignore_modifiers",), W + "test_ignore_example_move"),
    Clause("You can choose to ignore the -1 to hit rolls, meaning those attacks will only be affected by the +1 to "
           "hit rolls.", ("ignore_modifiers",), W + "test_ignore_example_hit_rolls"),
    Clause("determine the entire unit's move distance by rolling the indicated number of dice", ("M",),
           W + "test_random_characteristics_say_how_they_are_rolled"),
    Clause("that characteristic is determined when generating attacks for that weapon", ("A",),
           W + "test_random_characteristics_say_how_they_are_rolled"),
    Clause("generate the attacks for each of those weapons individually, and group them all together",
           ("A", "example:three-weapons-d3-minus-two-grouped", "example:two-weapons-d6-grouped"),
           P + "test_random_attacks_of_identical_weapons_are_generated_individually_and_grouped"),
    Clause("each time an attack made with it inflicts damage, the controlling player determines that weapon's "
           "characteristic", ("D",), W + "test_random_damage_is_a_damage_roll"),
    Clause("the dice roll made is called a damage roll", ("D",), W + "test_random_damage_is_a_damage_roll"),
    Clause("the value after the operator is part of that D characteristic", ("characteristics:10", "D"),
           W + "test_d6_plus_one_is_not_a_modifier_in_the_explanation"),
    Clause("roll to determine the value on an individual, per-model or per-weapon basis", ("S",),
           W + "test_random_characteristics_say_how_they_are_rolled"),
    Clause("it regains up to that number of lost wounds",
           ("healing:1", "heal.wounds", "wounds_regained", "example:unit-heals-four-wounds"),
           H + "test_a_unit_heals_wound_by_wound"),
    Clause("select one of those models; that model regains one lost wound",
           ("healing:2", "unit.lost_wounds", "models_revived"), H + "test_a_unit_heals_wound_by_wound"),
    Clause("revive one of those destroyed models, with one wound remaining",
           ("healing:3", "unit.destroyed_models", "models_revived", "example:unit-heals-four-revives-two"),
           H + "test_the_seed_steps_in_one_example"),
    Clause("This cannot cause a model to have more wounds remaining than it started the battle with.",
           ("healing:3", "wounds_not_regained", "example:unit-heals-more-than-it-lost"),
           H + "test_a_unit_heals_wound_by_wound"),
    Clause("only that model can regain wounds up to its starting number of wounds",
           ("healing:4", "heal.model_only", "example:model-heals-revives-none"),
           H + "test_a_model_that_heals_keeps_the_excess_from_its_unit"),
    Clause("Any excess regained wounds are lost",
           ("healing:4", "wounds_not_regained", "example:model-heals-excess-lost"),
           H + "test_a_model_that_heals_keeps_the_excess_from_its_unit"),
    Clause("A model has its full wounds remaining if it has the same number of wounds remaining as its W",
           ("healing:5", "model.lost_wounds", "a_model_loses_fewer_wounds_than_its_w"),
           H + "test_a_model_with_full_wounds_regains_none"),
    Clause("either instead of the first condition's rule or as well as it", ("multiple_conditions:1",),
           R + "test_an_improved_rule_instead_of_or_as_well_as"),
    Clause("Such rules require both the first condition and the second condition to be satisfied",
           ("multiple_conditions:1", "example:objective-alone-rerolls-nothing"),
           R + "test_the_second_condition_alone_gives_nothing"),
    Clause("This unit's ranged attacks that target the closest eligible target can: Re-roll hit rolls of 1.",
           ("multiple_conditions:2", "attacker.closest_target_ability", "example:closest-target-rerolls-ones"),
           R + "test_the_first_condition_alone_rerolls_ones"),
    Clause("that target must be both the closest eligible target and within range of an objective",
           ("multiple_conditions:3", "target.near_enemy_objective",
            "example:closest-target-on-objective-rerolls-hits"),
           R + "test_both_conditions_give_the_improved_rule_instead"),
    Clause("that weapon has S 1 for that interaction", ("no_s_is_s1", "S"), W + "test_no_s_is_s1_assumption"),
    Clause("A unit has all the keywords of all models in that unit.", ("keywords:1", "attacker.keywords"),
           K + "test_unit_has_all_keywords_of_its_models"),
    Clause("it applies to a unit which includes one or more models with that keyword", ("keywords:1",),
           K + "test_unit_with_keyword_means_any_model_has_it"),
    Clause("it only applies to a model with that keyword", ("keywords:1",),
           K + "test_model_with_keyword_only_that_model"),
    Clause("it only applies to models/units that do not have that keyword", ("keywords:3", "non_reach"),
           M + "test_non_before_an_or_list_is_read_two_ways"),
    Clause("such a unit is considered to have all of the keywords of all of its models", ("keywords:1",),
           K + "test_mixed_unit_affected_by_rules_for_any_of_its_keywords"),
    Clause("it instead only applies to models in such a unit that have the correct keyword", ("keywords:1",),
           K + "test_model_rule_in_mixed_unit_only_models_with_keyword"),
    Clause("refers to a model/unit that has any one of those keywords", ("keywords:4",),
           M + "test_lists_mean_any_and_adjacent_means_all"),
    Clause("only refers to a model/unit that has all of those keywords", ("keywords:5",),
           M + "test_lists_mean_any_and_adjacent_means_all"),
    Clause("These rules refer to units with those keywords.", ("keywords:2", "big_guns_never_tire"),
           M + "test_monster_vehicle_rule_in_the_pack"),
    Clause("Singular and plural instances of the same keyword function in the same way.", ("keywords:6", "plurals"),
           M + "test_singular_and_plural_keywords"),
    Clause("The bearer of a weapon, enhancement or item of wargear is the model equipped with it.",
           ("definitions:1", "attacker.made_charge_move", "lance"), W + "test_lance_reads_the_bearers_unit"),
    Clause("it refers to all of the wargear equipped by models in that unit", ("definitions:2",), "",
           "definitions: no rule of the pack refers to a unit's equipment, and a situation's unit lists its "
           "models' keywords, not their wargear; the sentence is in the pack's sources (definitions 2) for a rule "
           "that needs it"),
)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'").replace("‘", "'").replace('\\"', '"')).strip()


def _docstring(test: str) -> str:
    path, name = test.split("::")
    tree = ast.parse((TESTS / path).read_text(encoding="utf-8"))
    found = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == name]
    assert found, f"{test} does not exist"
    return _norm(ast.get_docstring(found[0]) or "")


def _known(entry: str) -> bool:
    if entry.startswith("example:"):
        return entry.partition(":")[2] in {e.name for e in PACK.examples}
    if ":" in entry:
        source, paragraph = entry.split(":")
        paragraphs = PACK.sources.get(source, {}).get("paragraphs", {})
        return paragraph in map(str, paragraphs)
    return (entry == "plurals" and bool(PACK.plurals)) or any(
        entry in section for section in (PACK.modifiers, PACK.policies, PACK.quantities, PACK.readings,
                                         PACK.assumptions, PACK.facts, PACK.constraints))


@pytest.mark.parametrize("clause", CLAUSES, ids=[c.quote[:40] for c in CLAUSES])
def test_each_clause_is_quoted_by_its_test_or_left_out_with_a_reason(clause: Clause) -> None:
    assert clause.test or clause.left_out, "a clause needs a test or a reason it is left out"
    if clause.test:
        assert _norm(clause.quote) in _docstring(clause.test), (clause.test, clause.quote)
    for entry in clause.ids:
        assert _known(entry), f"{entry} is not in the pack"


def test_the_table_lists_each_clause_once() -> None:
    """81 clauses: 80 encoded and tested, 1 left out (a unit's equipment, which no rule of the pack refers to),
    with its reason. A clause that gets encoded moves up a count."""
    quotes = [c.quote for c in CLAUSES]
    assert len(quotes) == len(set(quotes)) == 81
    assert sum(1 for c in CLAUSES if c.test and not c.left_out) >= 80
    assert sum(1 for c in CLAUSES if not c.test) <= 1

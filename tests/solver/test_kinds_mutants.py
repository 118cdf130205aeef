"""A quantity's kind turning a base and its terms into a value, checked where mutation testing found nothing
watching (`python tools/mutate.py solver/kinds.py`).

Every expected value is worked out by hand: a D6 shows each face 1/6 of the time, two D6 show each of their 36
pairs 1/36 of the time, and a score of N+ on a D6 passes on 7 - N of its faces.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from kb.errors import RulingsError, Span
from kb.expr import parse_expr
from kb.model import Always, Arithmetic, Quantity
from solver.arithmetic import Bound, Note, Step, Term
from solver.kinds import outcome
from solver.rolls import REROLL_CHOICE, REROLLS

WHERE = Span("p.yaml", 1, 1)
F = Fraction


def quantity(kind: str, **more: object) -> Quantity:
    return Quantity("hit", kind, "the hit roll", WHERE, **more)  # type: ignore[arg-type]


def plus(rule: str, n: int) -> Term:
    return Term(rule, "+", n)


# -- score: the number a D6 must reach ------------------------------------------------------------------------------


def test_a_score_reads_as_the_number_to_reach_and_its_chance() -> None:
    out = outcome(quantity("score"), 3, [])
    assert (out.value, out.display, out.probability, out.rank, out.then) == (3, "3+", F(2, 3), F(2, 3), None)
    assert (out.steps, out.clamped) == ((), ())


def test_a_score_raised_by_a_plus_one_needs_one_more() -> None:
    out = outcome(quantity("score"), 3, [plus("cover", 1)])
    assert (out.value, out.display, out.probability) == (4, "4+", F(1, 2))
    assert out.steps == (Step("add", ("cover",), 4),)


def test_a_score_whose_modifiers_change_the_roll_needs_one_less_for_a_plus_one() -> None:
    out = outcome(quantity("score", plus="lowers"), 3, [plus("aim", 1)])
    assert (out.value, out.display, out.probability) == (2, "2+", F(5, 6))
    assert out.steps == (Step("add", ("aim",), 2),)


def test_a_score_above_6_follows_its_chart() -> None:
    q = quantity("score", chart=((7, 4), (8, 5)))
    seven = outcome(q, 6, [plus("cover", 1)])  # a 6, then a 4+: 1/6 * 1/2
    assert (seven.value, seven.display, seven.probability, seven.then) == (7, "6, then 4+", F(1, 12), 4)
    eight = outcome(q, 8, [])  # a 6, then a 5+: 1/6 * 1/3
    assert (eight.value, eight.display, eight.probability, eight.then) == (8, "6, then 5+", F(1, 18), 5)


def test_a_score_above_6_without_a_chart_entry_is_impossible() -> None:
    out = outcome(quantity("score", chart=((7, 4),)), 9, [])
    assert (out.value, out.display, out.probability, out.then) == (9, "9+: impossible", F(0), None)


def test_a_score_from_the_impossible_one_on_cannot_be_made_even_with_a_chart_entry() -> None:
    out = outcome(quantity("score", chart=((7, 4),), impossible_from=7), 7, [])
    assert (out.display, out.probability, out.then) == ("7+: impossible", F(0), None)


def test_a_score_of_6_or_less_made_impossible_still_reads_as_its_number() -> None:
    out = outcome(quantity("score", impossible_from=5), 5, [])
    assert (out.display, out.probability, out.then) == ("5+", F(0), None)


def test_a_score_is_held_by_its_limits_and_says_which() -> None:
    out = outcome(quantity("score"), 2, [Term("cover", "-", 1)], clamps=[Bound("floor", 2, None)])
    assert (out.value, out.display, out.clamped) == (2, "2+", (("floor", 1, 2),))


def test_a_score_rounds_a_fraction_the_packs_way() -> None:
    halve = [Term("half", "/", 2)]
    assert outcome(quantity("score"), 7, halve).value == 4  # 7/2 rounded up
    assert outcome(quantity("score", arithmetic=Arithmetic(round="down")), 7, halve).value == 3


def test_a_score_applies_operations_in_the_packs_order() -> None:
    terms = [Term("double", "x", 2), plus("aim", 1)]
    assert outcome(quantity("score"), 2, terms).value == 5  # 2 x 2 + 1
    added_first = Arithmetic(order=("=", "+", "-", "x", "/"))
    assert outcome(quantity("score", arithmetic=added_first), 2, terms).value == 6  # (2 + 1) x 2


# -- pool: a number of dice -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("base", "shown"), [(1, "1 die"), (3, "3 dice"), (0, "0 dice")])
def test_a_pool_reads_as_its_number_of_dice(base: int, shown: str) -> None:
    out = outcome(quantity("pool"), base, [])
    assert (out.value, out.display, out.rank) == (base, shown, F(base))


def test_a_pool_a_player_wants_small_ranks_fewer_dice_higher() -> None:
    out = outcome(quantity("pool", better="lower"), 4, [])
    assert out.rank == F(-4)


def test_a_pool_modified_to_one_die_says_die() -> None:
    out = outcome(quantity("pool"), 2, [Term("lost", "-", 1)])
    assert (out.value, out.display, out.steps) == (1, "1 die", (Step("subtract", ("lost",), 1),))


def test_a_pool_is_held_by_its_limits_rounded_and_ordered_the_packs_way() -> None:
    out = outcome(quantity("pool"), 3, [plus("more", 4)], clamps=[Bound("most", None, 5)])
    assert (out.value, out.display, out.clamped) == (5, "5 dice", (("most", 7, 5),))
    halve = [Term("half", "/", 2)]
    assert outcome(quantity("pool"), 5, halve).value == 3
    assert outcome(quantity("pool", arithmetic=Arithmetic(round="down")), 5, halve).value == 2
    terms = [Term("double", "x", 2), plus("more", 1)]
    assert outcome(quantity("pool", arithmetic=Arithmetic(order=("=", "+", "-", "x", "/"))), 2, terms).value == 6


def test_limits_apply_one_after_another_each_said_where_it_bit() -> None:
    clamps = [Bound("most", None, 5), Bound("least", 7, None), Bound("idle", 0, 9)]
    out = outcome(quantity("pool"), 8, [], clamps=clamps)  # 8 held to 5, then raised to 7; the last holds 7
    assert (out.value, out.clamped) == (7, (("most", 8, 5), ("least", 5, 7)))


def test_weapons_are_refused_for_a_quantity_that_is_no_characteristic() -> None:
    for weapons in (2, 0):
        with pytest.raises(RulingsError) as caught:
            outcome(quantity("pool"), 3, [], weapons=weapons)
        assert caught.value.message == "hit is not a characteristic: it takes no weapons:"
        assert caught.value.hint == (
            "weapons: says how many identical weapons each roll a characteristic whose quantity has weapons: true"
        )


# -- characteristic ---------------------------------------------------------------------------------------------------


def attacks(**more: object) -> Quantity:
    return Quantity("A", "characteristic", "Attacks", WHERE, characteristic="number", weapons=True, **more)  # type: ignore[arg-type]


def test_a_characteristic_is_modified_and_held_by_its_limits() -> None:
    out = outcome(attacks(), 2, [plus("frenzy", 1)])
    assert (out.value, out.display) == (3, "3")
    held = outcome(attacks(), 5, [], clamps=[Bound("most", None, 4)])
    assert (held.value, held.clamped) == (4, (("most", 5, 4),))


def test_identical_weapons_each_roll_the_modified_value_then_add_up() -> None:
    out = outcome(attacks(), "D3", [plus("frenzy", 1)], weapons=2)  # two D3+1: 4 to 8
    total = out.extra["total"]
    assert out.extra["weapons"] == 2
    assert total["distribution"] == {"4": "1/9", "5": "2/9", "6": "1/3", "7": "2/9", "8": "1/9"}
    assert total["mean"] == "6"


def test_identical_weapons_each_held_by_the_limits_before_adding_up() -> None:
    out = outcome(attacks(), "D3", [], clamps=[Bound("most", None, 2)], weapons=2)  # each D3 held to 1, 2, 2
    assert out.extra["total"]["distribution"] == {"2": "1/9", "3": "4/9", "4": "4/9"}


def test_weapons_of_different_values_are_each_modified_then_added_up() -> None:
    out = outcome(attacks(), None, [plus("frenzy", 1)], clamps=[Bound("most", None, 3)], weapons=("D3", 4))
    # D3 + 1 held to 3 (2, 3, 3) and 4 + 1 held to 3: 5 (1/3) or 6 (2/3)
    assert out.value is None
    assert out.extra["weapons"] == ["D3", 4]
    assert out.extra["total"]["distribution"] == {"5": "1/3", "6": "2/3"}


# -- roll and total: dice plus a net modifier -------------------------------------------------------------------------


def test_a_roll_not_yet_made_reads_as_its_dice_and_net_modifier_with_its_chance() -> None:
    out = outcome(quantity("roll"), None, [plus("aim", 1)], target=3)  # a D6 + 1 reaches 3 on a 2 to 6
    assert (out.value, out.display, out.modifier, out.probability, out.rank) == (None, "D6+1", 1, F(5, 6), F(5, 6))
    assert out.steps == ()


def test_a_roll_without_a_target_ranks_by_its_net_modifier() -> None:
    out = outcome(quantity("roll"), None, [Term("cover", "-", 2)])
    assert (out.display, out.modifier, out.probability, out.rank) == ("D6-2", -2, None, F(-2))
    assert (out.extra, out.notes) == ({}, ())
    lower = outcome(quantity("roll", better="lower"), None, [Term("cover", "-", 2)])
    assert lower.rank == F(2)
    assert outcome(quantity("roll"), None, []).display == "D6"


def test_a_roll_a_player_wants_low_ranks_a_small_chance_higher() -> None:
    out = outcome(quantity("roll", better="lower"), None, [], target=5)
    assert (out.probability, out.rank) == (F(1, 3), F(-1, 3))


def test_a_roll_that_multiplies_shows_the_operation_beside_the_dice() -> None:
    out = outcome(quantity("roll"), None, [Term("double", "x", 2), plus("aim", 1)])
    assert out.display == "D6 x2+1"


def test_a_roll_made_reads_as_its_modified_number_and_whether_it_passed() -> None:
    out = outcome(quantity("roll"), 4, [plus("aim", 1)], target=5)
    assert (out.value, out.display, out.rank, out.modifier, out.steps) == (5, "5", F(5), 1, ())
    assert out.extra["passed"] is True
    assert out.probability == F(1, 2)  # a D6 + 1 reaches 5 on a 4, 5 or 6
    assert outcome(quantity("roll"), 3, [plus("aim", 1)], target=5).extra["passed"] is False
    assert outcome(quantity("roll", better="lower"), 4, [plus("aim", 1)]).rank == F(-5)


def test_a_roll_made_without_a_target_says_nothing_of_passing() -> None:
    out = outcome(quantity("roll"), 4, [plus("aim", 1)])
    assert (out.value, out.probability, out.extra, out.notes) == (5, None, {}, ())


def test_a_roll_made_that_multiplies_goes_through_the_order_of_operations() -> None:
    out = outcome(quantity("roll"), 3, [Term("double", "x", 2), plus("aim", 1)])
    assert out.value == 7
    assert out.steps == (Step("multiply", ("double",), 6), Step("add", ("aim",), 7))
    later = quantity("roll", arithmetic=Arithmetic(order=("=", "+", "-", "x", "/")))
    assert outcome(later, 3, [Term("double", "x", 2), plus("aim", 1)]).value == 8


def test_a_roll_that_halves_rounds_the_packs_way_when_made_and_when_asked_its_chance() -> None:
    halve = [Term("half", "/", 2)]
    assert outcome(quantity("roll"), 5, halve).value == 3
    down = quantity("roll", arithmetic=Arithmetic(round="down"))
    assert outcome(down, 5, halve).value == 2
    # halved and rounded up, a D6 reaches 3 on a 5 or 6; rounded down only never (6 / 2 = 3 reaches it)
    assert outcome(quantity("roll"), None, halve, target=3).probability == F(1, 3)
    assert outcome(down, None, halve, target=3).probability == F(1, 6)


def test_a_capped_net_modifier_takes_the_add_step_after_a_multiplication() -> None:
    cap = [Bound("cap", -1, 1)]
    out = outcome(quantity("roll"), 3, [Term("double", "x", 2), plus("aim", 2)], caps=cap)
    assert (out.value, out.modifier) == (7, 1)  # 3 x 2, then the capped +1
    assert out.steps == (Step("multiply", ("double",), 6), Step("add", ("hit",), 7))
    assert out.clamped == (("cap", 2, 1),)
    worse = outcome(quantity("roll"), 3, [Term("double", "x", 2), Term("cover", "-", 3)], caps=cap)
    assert (worse.value, worse.steps[-1]) == (5, Step("subtract", ("hit",), 5))


def test_a_net_modifier_capped_to_nothing_is_an_add_of_0() -> None:
    out = outcome(quantity("roll"), 3, [Term("double", "x", 2), plus("aim", 2)], caps=[Bound("cap", 0, 0)])
    assert (out.value, out.steps[-1]) == (6, Step("add", ("hit",), 6))


def test_a_capped_net_modifier_is_what_the_chance_counts() -> None:
    out = outcome(
        quantity("roll"), None, [Term("double", "x", 2), plus("aim", 3)], caps=[Bound("cap", -1, 1)], target=9
    )  # 2 x D6 + 1 reaches 9 on a 4, 5 or 6
    assert (out.display, out.probability) == ("D6 x2+1", F(1, 2))


def test_a_roll_made_is_held_by_its_limits_after_its_cap() -> None:
    out = outcome(quantity("roll"), 5, [plus("aim", 3)], clamps=[Bound("most", None, 6)], caps=[Bound("cap", -1, 2)])
    assert (out.value, out.clamped) == (6, (("cap", 3, 2), ("most", 7, 6)))


def test_a_roll_above_the_highest_its_dice_show_says_no_limit_holds_it() -> None:
    out = outcome(quantity("roll"), 6, [plus("aim", 1)])
    assert out.notes == (
        Note("above_maximum", "7 is above the highest roll of D6 (6): no limit of the pack holds it there"),
    )
    assert out.notes[0].step == "above_maximum"
    assert outcome(quantity("roll"), 5, [plus("aim", 1)]).notes == ()
    two = outcome(quantity("total", dice="2D6"), 12, [plus("aim", 1)])
    assert two.notes == ("13 is above the highest roll of 2D6 (12): no limit of the pack holds it there",)
    assert outcome(quantity("total", dice="2D6"), 11, [plus("aim", 1)]).notes == ()


def test_a_roll_asked_against_a_target_gives_its_results_and_the_unmodified_roll() -> None:
    out = outcome(quantity("roll"), None, [plus("aim", 1)], clamps=[Bound("most", None, 6)], target=3)
    assert out.extra["distribution"] == {"2": "1/6", "3": "1/6", "4": "1/6", "5": "1/6", "6": "1/3"}
    assert out.notes[0] == (
        "the unmodified roll (after any re-rolls, before modifiers): 1 (1/6), 2 (1/6), 3 (1/6), "
        "4 (1/6), 5 (1/6), 6 (1/6)"
    )
    made = outcome(quantity("roll"), 4, [plus("aim", 1)], clamps=[Bound("most", None, 6)], target=3)
    assert (made.extra["passed"], made.extra["distribution"]["6"]) == (True, "1/3")


def test_a_roll_whose_passing_the_pack_decides_gives_no_distribution_without_re_rolls() -> None:
    q = quantity("roll", passes=parse_expr("true"))
    out = outcome(q, None, [plus("aim", 1)], target=3)
    assert (out.probability, out.extra, out.notes) == (F(5, 6), {}, ())


def test_an_unmodified_1_that_always_fails_is_said_an_assumption_where_it_matters() -> None:
    q = quantity("roll", always=(Always(1, False, "ones_fail"),))
    out = outcome(q, None, [plus("aim", 5)], target=3)  # every face would reach 3, but a 1 fails
    assert (out.probability, out.assumes) == (F(5, 6), ("ones_fail",))
    assert outcome(q, None, [], target=3).assumes == ()  # a 1 fails anyway
    made = outcome(q, 1, [plus("aim", 5)], target=3)
    assert (made.value, made.extra["passed"], made.assumes) == (6, False, ("ones_fail",))


def test_an_always_failing_1_is_judged_after_the_limits() -> None:
    q = quantity("roll", always=(Always(1, False, "ones_fail"),))
    out = outcome(q, None, [Term("cover", "-", 1)], clamps=[Bound("least", 3, None)], target=3)
    assert out.assumes == ("ones_fail",)  # the 1 is raised to 3 and would pass


def test_an_always_result_the_dice_cannot_show_is_no_assumption() -> None:
    q = quantity("total", dice="2D6", always=(Always(1, False, "ones_fail"),))
    assert outcome(q, None, [plus("aim", 5)], target=3).assumes == ()


def test_an_always_result_without_an_assumption_adds_none() -> None:
    q = quantity("roll", always=(Always(1, False, None),))
    assert outcome(q, None, [plus("aim", 5)], target=3).assumes == ()


def test_an_always_result_counts_only_against_a_target() -> None:
    q = quantity("roll", always=(Always(1, False, "ones_fail"),))
    out = outcome(q, None, [plus("aim", 5)])
    assert (out.probability, out.extra, out.notes, out.assumes) == (None, {}, (), ())


def test_re_rolls_and_unmodified_results_are_counted_as_dice() -> None:
    q = quantity("roll", passes=parse_expr("true"))
    out = outcome(q, None, [], target=4, reroll=("ones",))  # 1/2, and a 1 re-rolled passes 1/2 again: 7/12
    assert out.probability == F(7, 12)
    assert out.extra["reroll"] == ["ones"]
    assert out.notes[0] == f"re-rolls first, then modifiers: {REROLLS['ones']}; a die is re-rolled once at most"
    six = outcome(q, None, [], target=4, unmodified=(6,))
    assert six.extra["unmodified"] == {"on": [6], "probability": "1/6"}


def test_a_player_fishing_for_a_result_re_rolls_for_it() -> None:
    q = quantity("roll")
    fishing = outcome(q, None, [], target=2, reroll=("all",), unmodified=(6,), fish=True)
    assert fishing.extra["unmodified"]["probability"] == "11/36"  # a 6, or a 6 on the re-roll of any other face
    assert any("the player may re-roll the roll whatever it shows" in n for n in fishing.notes)
    assert fishing.assumes == ()
    plain = outcome(q, None, [], target=2, reroll=("all",), unmodified=(6,))
    assert plain.extra["unmodified"]["probability"] == "7/36"  # only a failed 1 is re-rolled: 1/6 + 1/6 x 1/6


def test_the_players_choice_of_dice_to_re_roll_is_said_an_assumption() -> None:
    q = quantity("total", dice="2D6")
    out = outcome(q, None, [], target=9, reroll=("ones", "failed"))
    assert out.assumes == (REROLL_CHOICE,)
    made = outcome(q, 5, [], target=9, reroll=("ones", "failed"))
    assert (made.value, made.extra["passed"], made.assumes) == (5, False, (REROLL_CHOICE,))
    assert "distribution" in made.extra


def test_a_pack_assumption_comes_before_the_players_choice() -> None:
    q = quantity("total", dice="2D6", always=(Always(12, True, "boxcars"),))
    out = outcome(q, None, [Term("cover", "-", 4)], target=9, reroll=("ones", "failed"))
    assert out.assumes == ("boxcars", REROLL_CHOICE)  # a 12 - 4 would fail


def test_a_cap_on_the_improvements_of_a_roll_wanted_low_holds_the_modifiers_that_lower_it() -> None:
    q = quantity("roll", better="lower")
    out = outcome(q, None, [Term("aim", "-", 2), plus("cover", 2)], caps=[Bound("cap", -1, 1, of="improvements")])
    assert out.modifier == 1  # the -2 that helps is held to -1; the +2 that hinders stays


def test_the_chance_of_a_roll_that_multiplies_follows_the_packs_order() -> None:
    later = quantity("roll", arithmetic=Arithmetic(order=("=", "+", "-", "x", "/")))
    terms = [Term("double", "x", 2), plus("aim", 1)]
    assert outcome(later, None, terms, target=8).probability == F(2, 3)  # (3 + 1) x 2 reaches 8: a 3 or more
    assert outcome(quantity("roll"), None, terms, target=8).probability == F(1, 2)  # 4 x 2 + 1 does: a 4 or more


def test_the_chance_of_a_roll_whose_passing_the_pack_decides_counts_its_multiplication() -> None:
    q = quantity("roll", passes=parse_expr("true"))
    assert outcome(q, None, [Term("double", "x", 2)], target=7).probability == F(1, 2)  # 4 x 2 is the least to pass


def test_each_operation_beside_the_dice_is_shown_apart() -> None:
    out = outcome(quantity("roll"), None, [Term("double", "x", 2), Term("triple", "x", 3), plus("aim", 1)])
    assert out.display == "D6 x2 x3+1"

"""The arithmetic of every kind and the chance of success, checked where mutation testing found nothing watching
(`python tools/mutate.py solver/arithmetic.py`).

Every expected number is worked out by hand: operations in the order the pack gives (without one: set, multiply,
divide, add, subtract), a D6 shows each face 1/6 of the time and two D6 each of their 36 pairs 1/36 of the time.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from kb.errors import RulingsError
from solver.arithmetic import (
    Bound,
    Note,
    Step,
    Term,
    apply_terms,
    capped_terms,
    dice_chance,
    dice_count,
    faces,
    round_up,
    rounded,
    score_chance,
)

F = Fraction


# -- limits ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "held"), [(0, 1), (1, 1), (3, 3), (6, 6), (7, 6)])
def test_a_limit_raises_a_value_below_it_and_lowers_one_above_it(value: int, held: int) -> None:
    assert Bound("limits", 1, 6).apply(value) == held


def test_a_limit_with_one_end_holds_only_that_end() -> None:
    assert (Bound("floor", low=1).apply(-5), Bound("floor", low=1).apply(99)) == (1, 99)
    assert (Bound("ceiling", high=6).apply(-5), Bound("ceiling", high=6).apply(99)) == (-5, 6)
    assert Bound("none").apply(42) == 42


def test_a_note_reads_as_its_text_and_names_its_step() -> None:
    note = Note("round", "round fractions up: 5/2 -> 3")
    assert (note, note.step, isinstance(note, str)) == ("round fractions up: 5/2 -> 3", "round", True)


# -- the order of operations ----------------------------------------------------------------------------------------


def test_without_an_order_given_sets_come_first_then_multiply_divide_add_subtract() -> None:
    terms = [
        Term("less", "-", 1),
        Term("more", "+", 4),
        Term("half", "/", 2),
        Term("triple", "x", 3),
        Term("fixed", "=", 5),
    ]
    value, steps = apply_terms(F(1), terms)
    # 5, x3 = 15, /2 = 15/2, +4 = 23/2, -1 = 21/2
    assert value == F(21, 2)
    assert steps == [
        Step("set", ("fixed",), 5),
        Step("multiply", ("triple",), 15),
        Step("divide", ("half",), F(15, 2)),
        Step("add", ("more",), F(23, 2)),
        Step("subtract", ("less",), F(21, 2)),
    ]


def test_the_packs_order_is_followed_and_absent_operations_make_no_step() -> None:
    terms = [Term("more", "+", 1), Term("double", "x", 2)]
    value, steps = apply_terms(3, terms, order=("+", "x", "=", "/", "-"))
    assert (value, steps) == (8, [Step("add", ("more",), 4), Step("multiply", ("double",), 8)])


def test_terms_of_one_operation_apply_by_rule_name_in_one_step() -> None:
    value, steps = apply_terms(1, [Term("b", "=", 4), Term("a", "=", 2), Term("z", "+", 1), Term("c", "+", 2)])
    assert (value, steps) == (7, [Step("set", ("a", "b"), 4), Step("add", ("c", "z"), 7)])  # b's 4 is set last


def test_a_roll_whose_modifiers_change_the_score_needed_adds_a_minus_and_subtracts_a_plus() -> None:
    value, steps = apply_terms(4, [Term("cover", "+", 1), Term("heavy", "-", 2)], lowers=True)
    assert (value, steps) == (5, [Step("add", ("cover",), 3), Step("subtract", ("heavy",), 5)])


def test_a_division_gives_an_exact_fraction() -> None:
    value, _ = apply_terms(7, [Term("half", "/", 2)])
    assert (value, type(value)) == (F(7, 2), Fraction)


@pytest.mark.parametrize("amount", [10**18, -(10**18)])
def test_a_product_may_reach_10_to_the_18(amount: int) -> None:
    assert apply_terms(1, [Term("big", "x", amount)])[0] == amount


@pytest.mark.parametrize("amount", [10**18 + 1, -(10**18) - 1])
def test_a_product_beyond_10_to_the_18_is_refused_naming_the_rule(amount: int) -> None:
    with pytest.raises(RulingsError) as caught:
        apply_terms(1, [Term("big", "x", amount)])
    assert (caught.value.message, caught.value.hint) == (
        "big multiplies the value beyond 10^18",
        "integers stay within 10^18",
    )


def test_fractions_round_up_unless_the_pack_rounds_down() -> None:
    assert (round_up(F(3, 2)), round_up(F(-3, 2)), round_up(2)) == (2, -1, 2)
    assert (rounded(F(5, 2)), rounded(F(5, 2), "up"), rounded(F(5, 2), "down")) == (3, 3, 2)
    assert (rounded(F(-5, 2)), rounded(F(-5, 2), "down")) == (-2, -3)


# -- caps on a roll's modifiers -------------------------------------------------------------------------------------


def test_a_cap_on_the_net_modifier_holds_it_and_says_so() -> None:
    terms = [Term("aura", "+", 1), Term("aim", "+", 2)]
    kept, raw, net, bit, notes = capped_terms(terms, [Bound("cap", -1, 1)])
    assert (kept, raw, net, bit, notes) == (terms, 3, 1, [("cap", 3, 1)], [])
    assert capped_terms(terms, [Bound("cap", -1, 5)])[1:4] == (3, 3, [])
    assert capped_terms(terms, [Bound("cap", None, 2), Bound("again", None, 1)])[2:4] == (
        1,
        [("cap", 3, 2), ("again", 2, 1)],
    )


def test_a_cap_on_the_improvements_holds_only_the_modifiers_that_help() -> None:
    terms = [Term("aura", "+", 1), Term("cover", "+", 1), Term("rend", "-", 2)]
    kept, raw, net, bit, notes = capped_terms(terms, [Bound("save", None, 1, of="improvements")])
    assert kept == [Term("rend", "-", 2), Term("save", "+", 1)]
    assert (raw, net, bit) == (0, -1, [("save", 2, 1)])
    assert notes == ["the modifiers that improve the roll: aura +1, cover +1 (+2 in all); save holds them to +1"]


def test_a_cap_on_the_worsenings_holds_only_the_modifiers_that_hinder() -> None:
    terms = [Term("aura", "+", 1), Term("rend", "-", 2), Term("gloom", "-", 1)]
    kept, raw, net, bit, notes = capped_terms(terms, [Bound("floor", -1, None, of="worsenings")])
    assert kept == [Term("aura", "+", 1), Term("floor", "-", 1)]
    assert (raw, net, bit) == (-2, 0, [("floor", -3, -1)])
    assert notes == ["the modifiers that worsen the roll: rend -2, gloom -1 (-3 in all); floor holds them to -1"]


def test_for_a_roll_wanted_low_the_minus_modifiers_are_the_improvements() -> None:
    terms = [Term("aura", "+", 2), Term("rend", "-", 2)]
    kept, _, net, bit, _ = capped_terms(terms, [Bound("cap", -1, None, of="improvements")], better="lower")
    assert (kept, net, bit) == ([Term("aura", "+", 2), Term("cap", "-", 1)], 1, [("cap", -2, -1)])
    kept, _, net, _, _ = capped_terms(terms, [Bound("cap", None, 1, of="worsenings")], better="lower")
    assert (kept, net) == ([Term("rend", "-", 2), Term("cap", "+", 1)], -1)


def test_a_share_held_to_nothing_leaves_no_term() -> None:
    terms = [Term("aura", "+", 1), Term("rend", "-", 2)]
    kept, _, net, _, notes = capped_terms(terms, [Bound("none", None, 0, of="improvements")])
    assert (kept, net) == ([Term("rend", "-", 2)], -2)
    assert notes == ["the modifiers that improve the roll: aura +1 (+1 in all); none holds them to +0"]


def test_a_share_the_cap_does_not_change_keeps_its_terms() -> None:
    terms = [Term("aura", "+", 1), Term("rend", "-", 2)]
    kept, raw, net, bit, notes = capped_terms(terms, [Bound("cap", None, 3, of="improvements")])
    assert (kept, raw, net, bit, notes) == (terms, -1, -1, [], [])


def test_caps_on_a_share_apply_one_after_another_and_the_first_names_the_term() -> None:
    terms = [Term("a", "+", 3), Term("b", "+", 2)]
    kept, _, net, bit, notes = capped_terms(
        terms, [Bound("first", None, 4, of="improvements"), Bound("second", None, 2, of="improvements")]
    )
    assert (kept, net, bit) == ([Term("first", "+", 2)], 2, [("first", 5, 4), ("second", 4, 2)])
    assert notes == [
        "the modifiers that improve the roll: a +3, b +2 (+5 in all); first holds them to +4",
        "the modifiers that improve the roll: a +3, b +2 (+5 in all); second holds them to +2",
    ]


def test_both_shares_and_then_the_net_are_capped() -> None:
    terms = [Term("a", "+", 3), Term("r", "-", 3), Term("s", "-", 1)]
    caps = [Bound("net", -1, None), Bound("up", None, 1, of="improvements"), Bound("down", -2, None, of="worsenings")]
    kept, raw, net, bit, _ = capped_terms(terms, caps)
    # improvements +3 held to +1, worsenings -4 held to -2: net -1, which the net cap lets be
    assert (raw, net, bit) == (-1, -1, [("up", 3, 1), ("down", -4, -2)])
    assert kept == [Term("up", "+", 1), Term("down", "-", 2)]
    tight = [Bound("net", 0, None), *caps[1:]]
    assert capped_terms(terms, tight)[2:4] == (0, [("up", 3, 1), ("down", -4, -2), ("net", -1, 0)])


def test_an_improvement_cap_reads_shares_rounded_the_packs_way() -> None:
    terms = [Term("a", "+", F(3, 2)), Term("r", "-", 1)]
    assert capped_terms(terms, [Bound("up", None, 5, of="improvements")])[1:3] == (1, 1)
    assert capped_terms(terms, [Bound("up", None, 5, of="improvements")], way="down")[1:3] == (0, 0)
    assert capped_terms(terms, [Bound("up", None, 1, of="improvements")], way="down")[2:4] == (0, [])
    assert capped_terms(terms, [Bound("up", None, 1, of="improvements")])[2:4] == (0, [("up", 2, 1)])


# -- chances --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("score", "chance"), [(-3, F(1)), (1, F(1)), (2, F(5, 6)), (4, F(1, 2)), (6, F(1, 6))])
def test_a_score_of_6_or_less_passes_on_the_faces_that_reach_it(score: int, chance: Fraction) -> None:
    assert score_chance(score, {}, None) == chance


def test_a_score_above_6_needs_a_6_then_the_charts_score() -> None:
    chart = {7: 4, 8: 6}
    assert (score_chance(7, chart, None), score_chance(8, chart, None), score_chance(9, chart, None)) == (
        F(1, 12),
        F(1, 36),
        F(0),
    )


def test_a_score_from_the_impossible_one_on_never_passes() -> None:
    assert (score_chance(4, {}, 4), score_chance(5, {}, 4), score_chance(3, {}, 4)) == (F(0), F(0), F(2, 3))
    assert score_chance(7, {7: 4}, 8) == F(1, 12)


def test_the_chance_of_dice_counts_every_outcome() -> None:
    assert dice_chance("2D6", -1, 7) == F(5, 12)  # 8 or more on two dice: 15 of 36
    assert dice_chance("D6", 0, 4) == F(1, 2)
    assert dice_chance("D3", 1, 3) == F(2, 3)
    assert dice_chance("D6", 0, 4, lambda total: total * 2) == F(5, 6)  # doubled, a 2 or more reaches 4


def test_dice_are_counted_and_their_faces_read_in_either_case() -> None:
    assert (dice_count("D6"), dice_count("2D6"), dice_count("3d6"), dice_count("d3")) == (1, 2, 3, 1)
    assert (faces("2D6"), faces("D3"), faces("d6")) == (range(1, 7), range(1, 4), range(1, 7))


def test_a_change_reads_as_a_player_writes_it() -> None:
    assert [
        Term("t", op, n).change
        for op, n in (
            ("+", 1),
            ("+", -2),
            ("-", 1),
            ("-", -2),
            ("x", 2),
            ("/", 2),
            ("=", 3),
            ("+", F(1, 2)),
            ("-", F(-3, 2)),
        )
    ] == ["+1", "-2", "-1", "+2", "x2", "/2", "=3", "+1/2", "+3/2"]


def test_a_chart_score_above_6_on_the_second_die_never_passes() -> None:
    # a 6, then 7+ (or 9+) on a second D6: no face reaches it; the second roll has no chart of its own
    assert (score_chance(7, {7: 7}, None), score_chance(8, {8: 9, 9: 4}, None)) == (F(0), F(0))


def test_a_modifier_of_nothing_is_neither_an_improvement_nor_a_worsening() -> None:
    # +0 (and a multiplier, which adds nothing to the net) is in neither share: a cap on a share keeps it and the
    # note does not list it
    terms = [Term("aura", "+", 2), Term("still", "+", 0), Term("twice", "x", 2), Term("rend", "-", 3)]
    kept, raw, net, bit, notes = capped_terms(terms, [Bound("up", None, 1, of="improvements")])
    assert kept == [Term("still", "+", 0), Term("twice", "x", 2), Term("rend", "-", 3), Term("up", "+", 1)]
    assert (raw, net, bit) == (-1, -2, [("up", 2, 1)])
    assert notes == ["the modifiers that improve the roll: aura +2 (+2 in all); up holds them to +1"]
    kept, raw, net, bit, notes = capped_terms(terms, [Bound("down", -1, None, of="worsenings")])
    assert kept == [Term("aura", "+", 2), Term("still", "+", 0), Term("twice", "x", 2), Term("down", "-", 1)]
    assert (raw, net, bit) == (-1, 1, [("down", -3, -1)])
    assert notes == ["the modifiers that worsen the roll: rend -3 (-3 in all); down holds them to -1"]

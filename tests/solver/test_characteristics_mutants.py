"""`solver.characteristics`, checked where mutation testing found nothing watching
(`python tools/mutate.py solver/characteristics.py`).

Each expected value is worked out by hand from how a player reads a characteristic: "3+" is the number 3, D3+1 is 2,
3 or 4 alike, and a symbol never changes.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from kb.errors import RulingsError, Span
from kb.model import Arithmetic, Quantity
from solver.arithmetic import Bound, Outcome, Term
from solver.characteristics import (
    FRACTIONS_OF_X_PLUS,
    SET_TO_ZERO,
    Dice,
    Value,
    characteristic,
    display,
    group_weapons,
    parse_value,
    set_term,
    show,
    style_of,
    unsettled_sets,
)

WANT = {"plus": 'a value like "3+"', "ap": "a number like -2 or 0", "number": "a number like 4",
        "inches": 'a distance like 6 or "6\\""'}


@pytest.mark.parametrize("raw, style", [(True, "number"), (None, "ap"), (3, "plus"), ("3", "plus"), ("D6", "plus"),
                                        ('6"', "number"), ("x", "inches"), ("3+", "number"), ("10D6", "ap")])
def test_a_value_no_player_writes_is_refused_with_what_the_style_wants(raw: object, style: str) -> None:
    with pytest.raises(RulingsError) as caught:
        parse_value(raw, style, "BS")
    assert caught.value.message == f"BS: {raw!r} is not a characteristic value"
    assert caught.value.hint == (f"write {WANT[style]}, a dice expression like D6+1 (not for X+ values), "
                                 "or one of -, *, N/A")


@pytest.mark.parametrize("raw, style, value", [
    ("3+", "plus", Value(Fraction(3))), (" 4 + ", "plus", Value(Fraction(4))), (-2, "ap", Value(Fraction(-2))),
    ("-1", "ap", Value(Fraction(-1))), ('6"', "inches", Value(Fraction(6))), ("8 inches", "inches", Value(Fraction(8))),
    ("+2", "number", Value(Fraction(2))), ("n/a", "number", Value(symbol="N/A")), ("NA", "plus", Value(symbol="N/A")),
    ("-", "plus", Value(symbol="-")), ("*", "number", Value(symbol="*")),
    ("D3+1", "number", Value(dice=Dice(1, 3, 1))), ("2d6", "inches", Value(dice=Dice(2, 6))),
    ("D6 - 1", "ap", Value(dice=Dice(1, 6, -1))), ('D6"', "inches", Value(dice=Dice(1, 6))),
])
def test_a_value_is_read_as_a_player_writes_it(raw: object, style: str, value: Value) -> None:
    assert parse_value(raw, style) == value


def test_dice_say_themselves_and_every_total_with_its_chance() -> None:
    assert (str(Dice(1, 6)), str(Dice(2, 3, -1)), str(Dice(1, 3, 2))) == ("D6", "2D3-1", "D3+2")
    # 2D3: 2 (1 way), 3 (2), 4 (3), 5 (2), 6 (1) of 9; minus 1
    assert Dice(2, 3, -1).distribution() == {1: Fraction(1, 9), 2: Fraction(2, 9), 3: Fraction(3, 9),
                                             4: Fraction(2, 9), 5: Fraction(1, 9)}
    assert list(Dice(2, 3).distribution()) == [2, 3, 4, 5, 6]  # smallest first


@pytest.mark.parametrize("text, amount, change", [("3+", 3, "=3+"), (" 5 ", 5, "=5"), ('6"', 6, '=6"'),
                                                  ("-", 0, "=-"), ("D6", 0, "=D6")])
def test_a_set_written_as_a_value_keeps_its_words_and_its_number(text: str, amount: int, change: str) -> None:
    term = set_term("Lucky", text)
    assert (term.rule, term.op, term.amount, term.change) == ("Lucky", "=", Fraction(amount), change)


def test_a_value_is_shown_and_written_in_its_style() -> None:
    assert (show(Fraction(2), "plus"), show(3, "number"), show(Fraction(7, 2), "ap")) == ("2+", 3, "7/2")
    assert (display(Fraction(8), "inches"), display(4, "plus"), display(Fraction(-1), "ap")) == ('8"', "4+", "-1")


SAVE = Quantity("Sv", "characteristic", "Save", Span("p"), characteristic="plus", better="lower")
OC = Quantity("OC", "characteristic", "Objective control", Span("p"), characteristic="number")
AURA = Term("aura", "+", Fraction(1))


def test_a_symbol_a_limit_names_becomes_the_limits_least_value() -> None:
    # "-" can never be modified, but the floor names it: it becomes 6+, and the aura does nothing
    o = characteristic(SAVE, "-", [AURA], [Bound("floor", 6, None, ("-",))])
    assert (o.value, o.display, o.rank) == ("6+", "6+", Fraction(-6))  # a lower save is better
    assert o.clamped == (("floor", "-", "6+"),)
    assert o.inert == ("aura",)
    assert [str(n) for n in o.notes] == ["start: Sv -", "Sv is '-': it can never be modified",
                                         "floor cannot be '-' after all modifiers: '-' becomes 6",
                                         "no effect: aura (+1)"]


def test_a_symbol_no_limit_names_stays_and_nothing_modifies_it() -> None:
    o = characteristic(OC, "-", [AURA], [Bound("floor", 0, None)])  # the floor names no symbol
    assert (o.value, o.display, o.rank, o.clamped, o.inert) == ("-", "-", Fraction(0), (), ("aura",))
    assert [str(n) for n in o.notes] == ["start: OC -", "OC is '-': it can never be modified", "no effect: aura (+1)"]


def test_a_symbol_with_nothing_to_ignore_says_no_more() -> None:
    o = characteristic(OC, "*", [], [])
    assert (o.value, o.inert) == ("*", ())
    assert [str(n) for n in o.notes] == ["start: OC *", "OC is '*': it can never be modified"]


@pytest.mark.parametrize("first, second", [(set_term("a", "-"), set_term("b", "D6")),
                                           (set_term("a", '6"'), set_term("b", "D6")),
                                           (set_term("a", "3+"), Term("b", "=", Fraction(4)))])
def test_two_sets_written_differently_are_refused(first: Term, second: Term) -> None:
    with pytest.raises(RulingsError) as caught:
        unsettled_sets([second, first])
    assert caught.value.message == (f"set effects a ({first.change}) and b ({second.change}) set one value to "
                                    "different values, and nothing in the pack orders them")
    assert caught.value.hint == "listing order never decides a ruling: drop one of them, or add an override policy"


@pytest.mark.parametrize("first, second", [(set_term("a", "3+"), Term("b", "=", Fraction(3))),
                                           (set_term("a", '6"'), Term("b", "=", Fraction(6))),
                                           (set_term("a", "-"), set_term("b", " - "))])
def test_two_sets_to_one_value_however_written_are_one_value(first: Term, second: Term) -> None:
    unsettled_sets([first, second])  # refuses nothing


def test_a_set_written_as_a_value_is_read_in_the_characteristics_style() -> None:
    o = characteristic(SAVE, "5+", [set_term("lucky", "3+")], [])
    assert (o.value, o.display) == ("3+", "3+")
    assert [str(n) for n in o.notes] == ["start: Sv 5+", "set: lucky (=3+) -> 3+"]


def test_a_set_to_no_value_is_refused_naming_the_rule_that_sets() -> None:
    with pytest.raises(RulingsError) as caught:
        characteristic(OC, 2, [set_term("curse", "x")], [])
    assert caught.value.message == "OC (set by curse): 'x' is not a characteristic value"


ATTACKS = Quantity("A", "characteristic", "Attacks", Span("p"), characteristic="number", weapons=True)
BANNER = Term("banner", "+", Fraction(1))


def test_every_rule_a_symbol_ignores_is_named() -> None:
    o = characteristic(OC, "-", [AURA, BANNER], [])
    assert o.inert == ("aura", "banner")
    assert str(o.notes[-1]) == "no effect: aura (+1), banner (+1)"


def test_weapons_of_different_values_are_written_each_as_rolled_then_added_up() -> None:
    # D6 +1 (2 to 7) and 2 +1 (3): 5 to 10, each 1/6; the dice weapon's value is bracketed, the number's is not
    o = group_weapons(ATTACKS, [characteristic(ATTACKS, "D6", [AURA], []), characteristic(ATTACKS, 2, [AURA], [])],
                      ("D6", 2))
    assert o.value is None
    assert o.display == "(D6 +1) + 3: 5 (1/6), 6 (1/6), 7 (1/6), 8 (1/6), 9 (1/6), 10 (1/6)"


def test_one_weapon_is_a_number_of_weapons() -> None:
    o = group_weapons(ATTACKS, [characteristic(ATTACKS, 2, [], [])], 1)
    assert (o.value, o.extra["weapons"], o.extra["total"]) == (2, 1, {"distribution": {"2": "1"}, "mean": "2"})


@pytest.mark.parametrize("weapons, shown", [(0, "0"), (31, "31"), (True, "True"), (("D6",) * 31, repr(["D6"] * 31))])
def test_weapons_are_one_to_thirty(weapons: int | tuple[str, ...], shown: str) -> None:
    with pytest.raises(RulingsError) as caught:
        group_weapons(ATTACKS, [characteristic(ATTACKS, 2, [], [])], weapons)
    assert caught.value.message == f"weapons: {shown} must be a number of weapons from 1 to 30"


@pytest.mark.parametrize("weapons, shown", [(2, "2"), (("D6", 2), "['D6', 2]")])
def test_weapons_of_a_characteristic_no_weapons_roll_are_refused(weapons: int | tuple[object, ...],
                                                                 shown: str) -> None:
    with pytest.raises(RulingsError) as caught:
        group_weapons(OC, [characteristic(OC, 2, [], [])], weapons)
    assert caught.value.message == f"weapons: {shown} is for a quantity that several weapons each roll, not OC"
    assert caught.value.hint == ("give weapons: only when asking such a quantity (weapons: true in the pack); OC has "
                                 "no weapons: true")


def test_thirty_weapons_are_the_most() -> None:
    # thirty identical weapons of 1 attack: exactly 30
    o = group_weapons(ATTACKS, [characteristic(ATTACKS, 1, [], [])] * 30, 30)
    assert o.extra["total"] == {"distribution": {"30": "1"}, "mean": "30"}


def test_weapons_of_different_values_keep_each_weapons_steps_and_limits_and_rank_by_the_mean() -> None:
    # D3 (1-3) and 2 +1 held to 2 by a cap: 3, 4 or 5, each 1/3, mean 4
    capped = characteristic(ATTACKS, 2, [AURA], [Bound("cap", None, 2)])
    o = group_weapons(ATTACKS, [characteristic(ATTACKS, "D3", [], []), capped], ("D3", 2))
    assert (o.value, o.rank, o.clamped) == (None, Fraction(4), (("cap", 3, 2),))
    assert o.notes == (
        "start: A D3, 2",  # each weapon's own start is left out
        "each result of D3 modified by nothing, rounded up and clamped: 1 (1/3), 2 (1/3), 3 (1/3)",
        "add: aura (+1) -> 3",
        "2 weapons, each weapon's A rolled on its own, then added up: total 3 (1/3), 4 (1/3), 5 (1/3); mean 4",
    )


def test_a_weapon_whose_value_is_no_number_is_named() -> None:
    dash = characteristic(ATTACKS, "-", [], [])
    with pytest.raises(RulingsError) as caught:  # the second weapon, the one with no number
        group_weapons(ATTACKS, [characteristic(ATTACKS, 2, [], []), dash], (2, "-"))
    assert caught.value.message == "weapons: [2, '-']: A '-' is no number to add up"
    assert caught.value.hint == "list only weapons whose A is a number or dice"
    # identical weapons with no number: the one weapon's ruling, saying why there is no total
    o = group_weapons(ATTACKS, [dash], 1)
    assert (o.value, o.display, "total" in o.extra) == ("-", "-", False)
    assert o.notes == ("start: A -", "A is '-': it can never be modified", "weapons 1: A '-' is no number to add up")


MOVE = Quantity("M", "characteristic", "Move", Span("p"), characteristic="inches")
AP = Quantity("AP", "characteristic", "Armour penetration", Span("p"), characteristic="ap", better="lower")


def test_a_rolled_move_is_modified_then_held_and_written_in_inches() -> None:
    # D6 -2 is -1, 0, 1, 2, 3 or 4; held at 1 or more: 1 on a 1, 2 or 3 (1/2), else 2, 3 or 4; mean 12/6 = 2
    o = characteristic(MOVE, "D6", [Term("slow", "-", Fraction(2))], [Bound("floor", 1, None)])
    assert (o.value, o.display) == ('D6 -2"', 'D6 -2: 1" (1/2), 2" (1/6), 3" (1/6), 4" (1/6)')
    assert (o.rank, o.extra) == (Fraction(2), {"distribution": {"1": "1/2", "2": "1/6", "3": "1/6", "4": "1/6"},
                                               "mean": "2"})
    assert o.clamped == (("floor", -1, 1),)  # the most the floor moved a result: -1 up to 1
    assert o.notes == ('start: M D6"', 'each result of D6 modified by -2, rounded up and clamped: 1" (1/2), 2" (1/6), '
                                       '3" (1/6), 4" (1/6)')


def test_a_limit_is_reported_at_the_result_it_moved_most() -> None:
    # a floor of 4 lifts a 1 by 3, a 2 by 2 and a 3 by 1: the 1 is the one reported
    o = characteristic(ATTACKS, "D6", [], [Bound("floor", 4, None)])
    assert o.clamped == (("floor", 1, 4),)
    assert o.extra["distribution"] == {"4": "2/3", "5": "1/6", "6": "1/6"}


def test_a_rolled_armour_penetration_improves_by_lowering_and_ranks_lower_first() -> None:
    # D3 improved by 1 is 0, 1 or 2 (improving AP lowers its number); lower is better, so the mean 1 ranks as -1
    o = characteristic(AP, "D3", [Term("sharp", "+", Fraction(1))], [])
    assert (o.value, o.display, o.rank) == ("D3 +1", "D3 +1: 0 (1/3), 1 (1/3), 2 (1/3)", Fraction(-1))


def test_a_rolled_value_halved_rounds_the_packs_way_and_keeps_its_plus_apart() -> None:
    # D6+1 is 2 to 7; halved and rounded down: 1, 1, 2, 2, 3, 3
    down = Quantity("A", "characteristic", "Attacks", Span("p"), characteristic="number",
                    arithmetic=Arithmetic(round="down"))
    o = characteristic(down, "D6+1", [Term("half", "/", Fraction(2))], [])
    assert (o.value, o.display) == ("(D6+1) /2", "(D6+1) /2: 1 (1/3), 2 (1/3), 3 (1/3)")
    plus, rolled = o.notes[1:]
    assert (plus, plus.step) == ("D6+1: the +1 is part of the A characteristic, not a modifier", "dice")
    assert rolled == "each result of D6+1 modified by /2, rounded down and clamped: 1 (1/3), 2 (1/3), 3 (1/3)"


def test_a_rolled_value_with_two_changes_lists_them_in_the_order_they_apply() -> None:
    # multiplying comes before adding (the default order), so no brackets: D3 x2 +1 is 3, 5 or 7
    o = characteristic(ATTACKS, "D3", [Term("aura", "+", Fraction(1)), Term("double", "x", Fraction(2))], [])
    assert o.display == "D3 x2 +1: 3 (1/3), 5 (1/3), 7 (1/3)"
    assert o.notes[-1] == "each result of D3 modified by x2 +1, rounded up and clamped: 3 (1/3), 5 (1/3), 7 (1/3)"
    # added to first (a pack that adds before it multiplies), the sum is bracketed: (D3 +1) x2 is 4, 6 or 8
    adds_first = Quantity("A", "characteristic", "Attacks", Span("p"), characteristic="number",
                          arithmetic=Arithmetic(order=("=", "+", "-", "x", "/")))
    o = characteristic(adds_first, "D3", [Term("double", "x", Fraction(2)), Term("aura", "+", Fraction(1))], [])
    assert o.display == "(D3 +1) x2: 4 (1/3), 6 (1/3), 8 (1/3)"


def test_a_limit_with_both_bounds_reports_the_first_of_its_largest_moves() -> None:
    # D6 -2 is -1 to 4; held within 1..2: -1 is lifted by 2, 4 lowered by 2; the first of the two is reported
    o = characteristic(ATTACKS, "D6", [Term("slow", "-", Fraction(2))], [Bound("limit", 1, 2)])
    assert o.clamped == (("limit", -1, 1),)
    assert o.extra["distribution"] == {"1": "1/2", "2": "1/2"}


def test_each_stage_says_whether_it_improves_or_worsens_an_x_plus_or_ap_value() -> None:
    # 3+ improved by the aura and an unnamed +1 is 1+, worsened by two unnamed -1 is 3+ again; an unnamed effect
    # given twice (+1#2, -1#2) is named by its change alone
    bs = Quantity("BS", "characteristic", "Ballistic skill", Span("p"), characteristic="plus")
    terms = [Term("aura", "+", Fraction(1)), Term("+1#2", "+", Fraction(1)), Term("-1", "-", Fraction(1)),
             Term("-1#2", "-", Fraction(1))]
    assert characteristic(bs, "3+", terms, []).notes == (
        "start: BS 3+", "add (improve): +1, aura (+1) -> 1+", "subtract (worsen): -1, -1 -> 3+")
    # AP -1: improving it lowers the number (sharp: -2), worsening raises it (blunt: 0)
    ap = [Term("sharp", "+", Fraction(1)), Term("blunt", "-", Fraction(2))]
    assert characteristic(AP, -1, ap, []).notes == (
        "start: AP -1", "add (improve): sharp (+1) -> -2", "subtract (worsen): blunt (-2) -> 0")
    # a plain number is only added to and subtracted from
    plain = [Term("aura", "+", Fraction(1)), Term("tired", "-", Fraction(1))]
    assert characteristic(ATTACKS, 2, plain, []).notes == (
        "start: A 2", "add: aura (+1) -> 3", "subtract: tired (-1) -> 2")


def test_a_symbol_lists_every_effect_it_ignores() -> None:
    o = characteristic(ATTACKS, "-", [Term("aura", "+", Fraction(1)), Term("+1", "+", Fraction(1))], [])
    assert o.notes == ("start: A -", "A is '-': it can never be modified", "no effect: aura (+1), +1")


# -- the derivation step by step: each note with the step it is (its citation follows the step), the limits it
# met, the rules that did nothing and the assumptions the ruling rests on

ENDS_AT_0 = Arithmetic(set_ends=(0,))
"""wh40k's order of operations: a characteristic set to 0 stays 0."""
OC_ENDS = Quantity("OC", "characteristic", "Objective control", Span("p"), characteristic="number",
                   arithmetic=ENDS_AT_0)
CURSE = Term("curse", "=", Fraction(0))


def steps(o: Outcome) -> list[tuple[Any, str]]:
    """Each note with the step it belongs to (None: a note no step cites)."""
    return [(getattr(n, "step", None), str(n)) for n in o.notes]


def test_a_symbol_is_unmodifiable_and_says_so_as_that_step() -> None:
    o = characteristic(OC_ENDS, "-", [AURA], [])
    assert steps(o) == [(None, "start: OC -"), ("unmodifiable", "OC is '-': it can never be modified"),
                        (None, "no effect: aura (+1)")]


def test_two_sets_to_one_value_are_named_together_as_the_set_step() -> None:
    o = characteristic(SAVE, "5+", [set_term("lucky", "3+"), Term("blessed", "=", Fraction(3))], [])
    assert (o.value, o.display) == ("3+", "3+")
    assert steps(o) == [(None, "start: Sv 5+"), ("set", "set: lucky (=3+), blessed (=3) -> 3+")]


def test_a_set_to_0_ends_modification_and_stays_0_by_assumption_where_a_limit_would_lift_it() -> None:
    # "OC cannot be less than 1" would lift it, but a set to 0 is final: the ruling rests on that reading
    o = characteristic(OC_ENDS, 2, [CURSE, AURA, BANNER], [Bound("floor", 1, None), Bound("least", 2, None)])
    assert (o.value, o.display, o.clamped, o.inert, o.assumes) == (0, "0", (), ("aura", "banner"), (SET_TO_ZERO,))
    assert steps(o) == [
        (None, "start: OC 2"), ("set", "set: curse (=0) -> 0"),
        ("set_ends", "a set to '0' ends modification: the other steps are skipped"),
        ("set_ends", "floor, least would not let it be 0, but a set to '0' is final"),
        (None, "no effect: aura (+1), banner (+1)")]


def test_a_set_to_0_no_limit_lifts_rests_on_nothing() -> None:
    o = characteristic(OC_ENDS, 2, [CURSE, AURA], [Bound("cap", None, 3)])
    assert (o.value, o.inert, o.assumes) == (0, ("aura",), ())
    assert [s for s, _ in steps(o)] == [None, "set", "set_ends", None]


def test_a_set_to_0_a_limit_names_becomes_the_limits_least_value() -> None:
    o = characteristic(OC_ENDS, 2, [CURSE, AURA], [Bound("floor", 1, None, ("0",))])
    assert (o.value, o.clamped, o.inert, o.assumes) == (1, (("floor", "0", 1),), ("aura",), ())
    assert steps(o)[2:] == [("set_ends", "a set to '0' ends modification: the other steps are skipped"),
                            (None, "floor cannot be '0' after all modifiers: '0' becomes 1"),
                            (None, "no effect: aura (+1)")]


def test_a_set_to_0_is_modified_further_where_the_pack_does_not_end_it() -> None:
    plain = Quantity("OC", "characteristic", "Objective control", Span("p"), characteristic="number")
    o = characteristic(plain, 2, [CURSE, AURA], [])
    assert (o.value, o.assumes) == (1, ())
    assert steps(o) == [(None, "start: OC 2"), ("set", "set: curse (=0) -> 0"), ("add", "add: aura (+1) -> 1")]


@pytest.mark.parametrize("limit, value, clamped", [
    (Bound("cap", None, 3), "-", ()),
    (Bound("floor", 0, None, ("-",)), 0, (("floor", "-", 0),)),
])
def test_a_set_to_a_symbol_ends_modification(limit: Bound, value: Any, clamped: tuple[Any, ...]) -> None:
    o = characteristic(OC_ENDS, 2, [set_term("curse", "-"), AURA], [limit])
    assert (o.value, o.clamped, o.inert) == (value, clamped, ("aura",))
    assert steps(o)[1:3] == [("set", "set: curse (=-) -> -"),
                             ("set_ends", "a set to '-' ends modification: the other steps are skipped")]


def test_a_set_to_a_number_the_pack_ends_at_is_shown_in_its_style() -> None:
    ends_at_3 = Quantity("Sv", "characteristic", "Save", Span("p"), characteristic="plus", better="lower",
                         arithmetic=Arithmetic(set_ends=(3,)))
    o = characteristic(ends_at_3, "5+", [set_term("lucky", "3+"), AURA], [])
    assert (o.value, o.inert) == ("3+", ("aura",))
    assert steps(o) == [(None, "start: Sv 5+"), ("set", "set: lucky (=3+) -> 3+"),
                        ("set_ends", "a set to '3+' ends modification: the other steps are skipped"),
                        (None, "no effect: aura (+1)")]


@pytest.mark.parametrize("q, base, term, assumes", [
    (SAVE, "4+", Term("half", "x", Fraction(2)), (FRACTIONS_OF_X_PLUS,)),  # X+ multiplied: its number is
    (AP, -2, Term("half", "/", Fraction(2)), (FRACTIONS_OF_X_PLUS,)),
    (AP, "D3", Term("double", "x", Fraction(2)), (FRACTIONS_OF_X_PLUS,)),  # rolled: the same assumption
    (SAVE, "4+", Term("aura", "+", Fraction(1)), ()),  # added to: nothing assumed
    (ATTACKS, 4, Term("half", "/", Fraction(2)), ()),  # a plain number halves as any number does
])
def test_multiplying_an_x_plus_value_or_an_ap_rests_on_an_assumption(q: Quantity, base: Any, term: Term,
                                                                      assumes: tuple[str, ...]) -> None:
    assert characteristic(q, base, [term], []).assumes == assumes


def test_each_stage_and_the_rounding_are_their_own_steps_shown_in_the_style() -> None:
    o = characteristic(SAVE, "5+", [Term("half", "/", Fraction(2))], [])  # 5/2 rounded up: 3+
    assert (o.value, o.assumes) == ("3+", (FRACTIONS_OF_X_PLUS,))
    assert steps(o) == [(None, "start: Sv 5+"), ("divide", "divide: half (/2) -> 5/2+"),
                        ("round", "round fractions up: 5/2+ -> 3+")]


def test_a_limit_met_is_shown_in_the_style() -> None:
    o = characteristic(SAVE, "3+", [Term("aura", "+", Fraction(2))], [Bound("best", 2, None)])  # 3+ improved twice
    assert (o.value, o.clamped) == ("2+", (("best", "1+", "2+"),))
    assert steps(o)[1] == ("add", "add (improve): aura (+2) -> 1+")


def test_dice_start_as_written_in_inches_only_with_the_inch_mark() -> None:
    move = Quantity("M", "characteristic", "Move", Span("p"), characteristic="inches")
    assert str(characteristic(ATTACKS, "D6", [], []).notes[0]) == "start: A D6"
    assert str(characteristic(move, "D6", [], []).notes[0]) == 'start: M D6"'


def test_the_style_is_a_number_where_the_pack_names_none_and_one_it_does_not_know_is_refused() -> None:
    assert style_of(Quantity("x", "characteristic", "", Span("p"), characteristic="")) == "number"
    with pytest.raises(RulingsError) as caught:
        style_of(Quantity("x", "characteristic", "", Span("p"), characteristic="feet"))
    assert caught.value.message == "x: unknown characteristic style 'feet'"
    assert caught.value.hint == "one of plus, ap, number, inches"


def test_a_base_no_player_writes_is_refused_naming_the_characteristic() -> None:
    with pytest.raises(RulingsError) as caught:
        characteristic(OC_ENDS, "3++", [], [])
    assert caught.value.message == "OC: '3++' is not a characteristic value"


def test_a_value_refused_without_a_name_is_the_characteristics() -> None:
    with pytest.raises(RulingsError) as caught:
        parse_value(True, "number")
    assert caught.value.message == "the characteristic: True is not a characteristic value"
    with pytest.raises(RulingsError):
        parse_value("D6X", "number")  # no dice with something after them

"""Characteristic arithmetic: values as written, order of operations, improve/worsen, clamps, dice."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.errors import RulingsError, Span, Unsatisfiable
from kb.model import NEUTRAL, Arithmetic, Quantity, Remark
from solver.arithmetic import Bound, Term
from solver.characteristics import Dice, characteristic, parse_value, set_term, unsettled_sets

SEED = Arithmetic(order=("=", "x", "+", "/", "-"), round="up", set_ends=(0,))
"""The order of operations wh40k.txt gives, as its pack declares it (the engine assumes none)."""


def quantity(style: str, better: str = "higher", name: str = "X", arithmetic: Arithmetic = SEED) -> Quantity:
    return Quantity(name, "characteristic", name, Span("test"), characteristic=style, better=better,
                    arithmetic=arithmetic)


def term(change: str, rule: str | None = None) -> Term:
    op, amount = change[0], change[1:]
    return Term(rule or change, op, Fraction(int(amount)))


@pytest.mark.parametrize(("raw", "style", "number"), [
    ("3+", "plus", 3), (-2, "ap", -2), ("-2", "ap", -2), ("0", "ap", 0), (6, "inches", 6),
    ('6"', "inches", 6),
    (4, "number", 4), ("4", "number", 4),
])
def test_values_as_written(raw: object, style: str, number: int) -> None:
    assert parse_value(raw, style).number == number


@pytest.mark.parametrize("raw", ["-", "*", "N/A"])
def test_symbols(raw: str) -> None:
    assert parse_value(raw, "number").symbol == raw


@pytest.mark.parametrize(("raw", "style"), [("3", "plus"), (3, "plus"), ("D6", "plus"), ('6"', "number"),
                                            ("lots", "number"), (True, "number")])
def test_bad_values_are_errors(raw: object, style: str) -> None:
    with pytest.raises(RulingsError, match="not a characteristic value"):
        parse_value(raw, style)


def test_dice_distributions() -> None:
    assert Dice(2, 6).distribution()[7] == Fraction(1, 6)
    assert sum(Dice(2, 6).distribution().values()) == 1
    assert Dice(1, 3, 1).distribution() == {2: Fraction(1, 3), 3: Fraction(1, 3), 4: Fraction(1, 3)}
    assert str(parse_value("2d6", "number").dice) == "2D6"


def test_improving_an_x_plus_lowers_its_number() -> None:
    """When improving a WS, BS, Sv or Ld characteristic, subtract the appropriate amount from the number
    before
    the plus sign, e.g. improving a WS of 3+ by 1 would result in a WS of 2+."""
    assert characteristic(quantity("plus"), "3+", [term("+1")], []).value == "2+"


def test_worsening_an_x_plus_raises_its_number() -> None:
    """When worsening a WS, BS, Sv or Ld characteristic, add the appropriate amount to the number before
    the plus
    sign, e.g. worsening a WS of 3+ by 1 would result in a WS of 4+."""
    assert characteristic(quantity("plus"), "3+", [term("-1")], []).value == "4+"


def test_ap_improves_downwards_and_worsens_to_at_most_zero() -> None:
    """Reducing or Worsening AP: ... add the appropriate amount to the characteristic, to a maximum of 0."""
    ap = quantity("ap", "lower", "AP")
    cap = [Bound("AP", None, 0)]
    assert characteristic(ap, -1, [term("+1")], cap).value == -2
    worse = characteristic(ap, 0, [term("-1")], cap)
    assert (worse.value, worse.clamped) == (0, (("AP", 1, 0),))


def test_order_of_operations_with_each_step_recorded() -> None:
    """1. ... change the relevant value to the new value. 2. Apply multiplication modifiers. 3. Apply addition
    modifiers. 4. Apply division modifiers. 5. Apply subtraction modifiers. 6. Round any fractions up."""
    out = characteristic(quantity("number"), 3, [term("x2"), term("+1"), term("/2"), term("-1")], [])
    assert out.value == 3
    stages = [n.split(":")[0] for n in out.notes]
    assert stages == ["start", "multiply", "add", "divide", "subtract", "round fractions up"]
    assert out.notes[-1] == "round fractions up: 5/2 -> 3"


def test_set_to_zero_or_dash_ends_modification() -> None:
    """Note that rules that modify a characteristic in this step to a new value of '0', '-' or '*' cannot be
    modified by other rules (in such cases, skip steps 2-5)."""
    zero = characteristic(quantity("number"), 2, [Term("Pinned", "=", Fraction(0)), term("+1")],
                          [Bound("OC", 1, None)])
    assert (zero.value, zero.inert, zero.clamped) == (0, ("+1",), ())
    dash = characteristic(quantity("number"), 4, [set_term("Broken", "-"), term("+1")], [])
    assert (dash.value, dash.display, dash.inert) == ("-", "-", ("+1",))


def test_dash_star_and_na_never_change() -> None:
    """Characteristics of '-', '*' and 'N/A' can never be modified."""
    for symbol in ("-", "*", "N/A"):
        out = characteristic(quantity("number"), symbol, [term("+2"), term("x2"), set_term("s", "3")], [])
        assert (out.value, out.inert) == (symbol, ("+2", "x2", "s"))


def test_dice_characteristic_plus_is_part_of_it() -> None:
    """Where a D characteristic includes an operator (e.g. a '+', as in D6+1), the value after the operator is
    part of that D characteristic - it is not a modifier."""
    d = quantity("number", name="D")
    doubled = characteristic(d, "D6+1", [term("x2")], [Bound("D", 1, None)])
    assert doubled.extra["distribution"] == {str(2 * (r + 1)): "1/6" for r in range(1, 7)}
    low = characteristic(d, "D3", [term("-2")], [Bound("D", 1, None)])
    assert low.extra["distribution"] == {"1": "1"}
    assert low.clamped == (("D", -1, 1),)


def test_two_different_sets_are_unsettled_naming_both() -> None:
    with pytest.raises(Unsatisfiable, match=r"Armour.*Curse"):
        unsettled_sets([set_term("Armour", "2+"), set_term("Curse", "6+")])
    unsettled_sets([set_term("Armour", "2+"), Term("Same", "=", Fraction(2))])


STYLE_BOUNDS = {  # the seed's limits, in each style's own numbers
    "Ld": ("plus", 5, 8), "WS": ("plus", 2, 6), "Sv": ("plus", 2, None), "AP": ("ap", None, 0),
    "T": ("number", 1, None), "OC": ("number", 0, None), "M": ("inches", 1, None),
    "detection_range": ("inches", 9, 30),
}
EFFECTS = st.lists(st.tuples(st.sampled_from("x+/-"), st.integers(1, 6)), max_size=6)


def _base(style: str, number: int) -> object:
    return f"{number}+" if style == "plus" else number


def _number(value: object) -> int:
    return int(str(value).rstrip("+"))


@given(st.sampled_from(sorted(STYLE_BOUNDS)), st.integers(-6, 30), EFFECTS)
def test_values_never_leave_their_clamp_range(name: str, base: int, effects: list[tuple[str, int]]) -> None:
    style, low, high = STYLE_BOUNDS[name]
    if style == "plus":
        base = max(2, min(base, 9))
    terms = [Term(f"e{i}", op, Fraction(n)) for i, (op, n) in enumerate(effects)]
    out = characteristic(quantity(style, name=name), _base(style, base), terms, [Bound(name, low, high)])
    number = _number(out.value)
    assert low is None or number >= low
    assert high is None or number <= high


@given(st.sampled_from(sorted(STYLE_BOUNDS)), st.integers(0, 12), EFFECTS, st.randoms())
def test_listing_order_never_changes_the_value(name: str, base: int, effects: list[tuple[str, int]],
                                               random: object) -> None:
    style, low, high = STYLE_BOUNDS[name]
    if style == "plus":
        base = max(2, min(base, 9))
    terms = [Term(f"e{i}", op, Fraction(n)) for i, (op, n) in enumerate(effects)]
    shuffled = list(terms)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    q, bounds = quantity(style, name=name), [Bound(name, low, high)]
    assert characteristic(q, _base(style, base), terms, bounds).value == \
        characteristic(q, _base(style, base), shuffled, bounds).value


@given(st.sampled_from(["D3", "D6", "2D6", "D6+1", "D3+1"]), EFFECTS)
def test_dice_results_are_each_clamped_and_sum_to_one(base: str, effects: list[tuple[str, int]]) -> None:
    terms = [Term(f"e{i}", op, Fraction(n)) for i, (op, n) in enumerate(effects)]
    out = characteristic(quantity("number", name="D"), base, terms, [Bound("D", 1, None)])
    distribution = {int(v): Fraction(p) for v, p in out.extra["distribution"].items()}
    assert sum(distribution.values()) == 1
    assert min(distribution) >= 1


def test_without_a_declared_order_operations_apply_as_in_arithmetic() -> None:
    """A pack that declares no `arithmetic:` gets the engine's neutral order: set, then multiply and divide, then
    add and subtract, fractions rounded up; a set to 0 is modified further like any other value."""
    plain = quantity("number", arithmetic=NEUTRAL)
    out = characteristic(plain, 3, [term("x2"), term("+1"), term("/2"), term("-1")], [])
    assert [n.split(":")[0] for n in out.notes] == ["start", "multiply", "divide", "add", "subtract"]
    assert out.value == 3
    assert characteristic(plain, 3, [term("/2"), term("+1")], []).value == 3  # 3/2 + 1 = 5/2, rounded up
    zero = characteristic(plain, 2, [Term("Pinned", "=", Fraction(0)), term("+1")], [])
    assert (zero.value, zero.inert) == (1, ())
    assert not any("ends modification" in n for n in zero.notes)


def test_a_declared_order_and_rounding_are_the_packs() -> None:
    """"4. Apply division modifiers. 5. Apply subtraction modifiers." -- the seed's order puts addition before
    division: 3 +1 /2 is 2 there, and 5/2 rounded up (3) in the neutral order; a pack may round down."""
    assert characteristic(quantity("number"), 3, [term("/2"), term("+1")], []).value == 2
    down = quantity("number", arithmetic=Arithmetic(round="down"))
    out = characteristic(down, 3, [term("/2"), term("+1")], [])
    assert (out.value, out.notes[-1]) == (2, "round fractions down: 5/2 -> 2")
    ends = quantity("number", arithmetic=Arithmetic(set_ends=(2,)))
    assert characteristic(ends, 5, [Term("Fixed", "=", Fraction(2)), term("+1")], []).value == 2


def test_a_random_value_says_only_what_its_pack_says() -> None:
    """The engine holds no game's sentences: a dice value whose quantity has no `random` note gets only the
    engine's neutral steps; with one, the pack's words and its citation."""
    plain = characteristic(quantity("number", name="D"), "D6", [], [])
    assert [n.split(":")[0] for n in plain.notes] == ["start", "each result of D6 modified by nothing, rounded up and "
                                                      "clamped"]
    said = Quantity("D", "characteristic", "D", Span("test"), characteristic="number",
                    random=Remark("rolled for each wound"))
    assert "rolled for each wound" in characteristic(said, "D6", [], []).notes

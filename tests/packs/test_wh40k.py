"""The `wh40k` pack against its seed: one test per modifier sentence, quoted in the docstring."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.brief import brief_text
from kb import RulingsError, Unsatisfiable, load_pack
from kb.model import Pack
from solver import Effect, Ruling, Situation, ask

PACK = load_pack("wh40k")


@pytest.fixture(scope="module")
def pack() -> Pack:
    return PACK


def rule(pack: Pack, quantity: str, base: Any = None, *effects: str | tuple[str, str],
         roll: int | None = None,
         ignore: tuple[str, ...] | None = None, **facts: Any) -> Ruling:
    """Ask `quantity`; effects are "+1" or (name, "+1"); fact keywords use `__` for the dot."""
    listed = tuple(Effect(e, e) if isinstance(e, str) else Effect(*e) for e in effects)
    given_ = {k.replace("__", "."): v for k, v in facts.items()}
    return ask(pack, quantity, Situation(given=given_, base=base, effects=listed, roll=roll, ignore=ignore))


def clamps(ruling: Ruling) -> list[str]:
    return [c.rule for c in ruling.clamped]


def test_plus_one_ap(pack: Pack) -> None:
    """Example: 'This weapon has +1 AP' would improve an AP characteristic of -2 to -3."""
    assert rule(pack, "AP", -2, "+1").value == -3


def test_minus_one_sv(pack: Pack) -> None:
    """Example: 'This unit has -1 Sv' would worsen a Sv characteristic of 3+ to 4+."""
    r = rule(pack, "Sv", "3+", "-1")
    assert (r.value, r.display) == ("4+", "4+")


def test_modifiers_are_cumulative(pack: Pack) -> None:
    """All modifiers are cumulative."""
    assert rule(pack, "S", 4, ("Aura", "+1"), ("Relic", "+1"), ("Curse", "-1")).value == 5


def test_set_comes_first(pack: Pack) -> None:
    """If a rule instructs you to change or replace one value with a specified value, you must first change
    the
    relevant value to the new value."""
    assert rule(pack, "S", 4, "+1", "=6").value == 7
    assert rule(pack, "Sv", "5+", "+1", "=3+").value == "2+"


def test_set_to_zero_or_dash_skips_the_rest(pack: Pack) -> None:
    """Note that rules that modify a characteristic in this step to a new value of '0', '-' or '*' cannot be
    modified by other rules (in such cases, skip steps 2-5)."""
    zero = rule(pack, "OC", 2, "=0", "+1")
    assert (zero.value, [a.rule for a in zero.applied]) == (0, ["=0"])
    assert rule(pack, "S", 4, "=-", "x2").value == "-"
    assert rule(pack, "A", 2, "=*", "+1").value == "*"


def test_order_of_operations(pack: Pack) -> None:
    """2. Apply multiplication modifiers. 3. Apply addition modifiers. 4. Apply division modifiers. 5. Apply
    subtraction modifiers. 6. Round any fractions up after applying all modifiers."""
    r = rule(pack, "A", 3, "x2", "+1", "/2", "-1")
    assert r.value == 3
    steps = [n.claim for n in r.explanation.because if n.tag == "step"]
    assert steps == ["start: A 3", "multiply: x2 -> 6", "add: +1 -> 7", "divide: /2 -> 7/2",
                     "subtract: -1 -> 5/2",
                     "round fractions up: 5/2 -> 3"]
    assert rule(pack, "A", 3, "/2", "+1").value == 2


def test_never_modified_symbols(pack: Pack) -> None:
    """Characteristics of '-', '*' and 'N/A' can never be modified."""
    for symbol in ("-", "*", "N/A"):
        r = rule(pack, "Range", symbol, "+6", "x2")
        assert (r.value, r.display, r.applied) == (symbol, symbol, ())


@pytest.mark.parametrize(("quantity", "base", "effect", "value"), [
    ("M", 3, "-4", 1), ("T", 2, "-3", 1), ("Sv", "2+", "+1", "2+"), ("InSv", "4+", "+3", "2+"),
    ("Ld", "6+", "+3", "5+"), ("Ld", "7+", "-2", "8+"), ("OC", 1, "-2", 0), ("Range", 12, "-12", 1),
    ("A", 1, "-1", 1), ("WS", "2+", "+1", "2+"), ("WS", "6+", "-1", "6+"), ("BS", "3+", "+2", "2+"),
    ("BS", "5+", "-2", "6+"), ("S", 3, "-3", 1), ("AP", -1, "-2", 0), ("D", 2, "-2", 1),
])
def test_after_all_modifiers_each_characteristic_is_clamped(pack: Pack, quantity: str, base: Any, effect: str,
                                                            value: Any) -> None:
    """After all modifiers have been applied: M cannot be less than 1". T cannot be less than 1. Sv cannot
    be 1+ or
    better. InSv cannot be 1+ or better. Ld cannot be 4+ (or better) or 9+ (or worse). OC cannot be less
    than 0
    or '-'. Range characteristics cannot be less than 1". A cannot be less than 1. WS cannot be 1+ (or
    better) or
    7+ (or worse). BS cannot be 1+ (or better) or 7+ (or worse). S cannot be less than 1. AP cannot be
    worse than
    0. D cannot be less than 1."""
    r = rule(pack, quantity, base, effect)
    assert (r.value, clamps(r)) == (value, [quantity])


def test_improving_and_worsening_ws(pack: Pack) -> None:
    """e.g. improving a WS of 3+ by 1 would result in a WS of 2+. ... e.g. worsening a WS of 3+ by 1 would
    result
    in a WS of 4+."""
    assert rule(pack, "WS", "3+", "+1").value == "2+"
    assert rule(pack, "WS", "3+", "-1").value == "4+"


def test_improving_ap(pack: Pack) -> None:
    """e.g. improving an AP of -1 by 1 would result in an AP of -2; improving an AP of 0 by 1 would result
    in an AP
    of -1."""
    assert (rule(pack, "AP", -1, "+1").value, rule(pack, "AP", 0, "+1").value) == (-2, -1)


def test_worsening_ap(pack: Pack) -> None:
    """e.g. reducing/worsening an AP of -1 by 1 would result in an AP of 0; reducing /worsening an AP of 0
    by 1
    would result in an AP of 0."""
    assert rule(pack, "AP", -1, "-1").value == 0
    r = rule(pack, "AP", 0, "-1")
    assert (r.value, clamps(r)) == (0, ["AP"])


def test_improving_other_characteristics_adds(pack: Pack) -> None:
    """(e.g. to improve a S by 1, add 1 to it)."""
    assert rule(pack, "S", 4, "+1").value == 5
    assert rule(pack, "M", 6, "-2").display == '4"'


def test_dice_characteristic_keeps_its_operator(pack: Pack) -> None:
    """Where a D characteristic includes an operator (e.g. a '+', as in D6+1), the value after the operator is
    part of that D characteristic - it is not a modifier."""
    plain = rule(pack, "D", "D6+1")
    assert (plain.value, plain.applied) == ("D6+1", ())
    assert dict(plain.extra)["distribution"] == {str(v): "1/6" for v in range(2, 8)}
    halved = rule(pack, "D", "D6+1", "/2")  # (D6+1)/2, not D6/2+1
    assert dict(halved.extra)["distribution"] == {"1": "1/6", "2": "1/3", "3": "1/3", "4": "1/6"}


def test_modifiers_after_rerolls_on_the_roll_given(pack: Pack) -> None:
    """Modifiers are applied after any re-rolls of that dice roll."""
    r = rule(pack, "dice_roll", None, "+1", roll=4)
    assert (r.value, r.modifier) == (5, 1)


def test_modified_above_maximum(pack: Pack) -> None:
    """A dice result can be modified above its maximum possible value (for example, a D6 roll can be modified
    above 6)."""
    r = rule(pack, "dice_roll", None, "+1", roll=6)
    assert (r.value, r.clamped) == (7, ())


def test_result_below_one_becomes_one(pack: Pack) -> None:
    """A result that would be less than 1 is changed to a result of 1."""
    for quantity in ("dice_roll", "hit_roll", "wound_roll", "save_roll"):
        r = rule(pack, quantity, None, "-1", roll=1)
        assert (r.value, clamps(r)) == (1, [quantity])
    r = rule(pack, "charge_roll", None, "-2", roll=2)  # a charge roll is 2D6: its lowest roll is 2
    assert (r.value, clamps(r)) == (1, ["charge_roll"])


def test_hit_and_wound_modifier_capped(pack: Pack) -> None:
    """Hit rolls and wound rolls can never be modified by more than -1 or +1. ... -2 or worse, it is
    changed to
    -1. +2 or better, it is changed to +1."""
    up = rule(pack, "hit_roll", None, "+1", "+1", roll=3)
    assert (up.value, up.modifier, clamps(up)) == (4, 1, ["hit_roll"])
    down = rule(pack, "wound_roll", None, "-2", roll=4)
    assert (down.value, down.modifier, clamps(down)) == (3, -1, ["wound_roll"])
    unrolled = rule(pack, "hit_roll", None, "-1", "-1", "-1")
    assert (unrolled.value, unrolled.modifier) == (None, -1)


def test_charge_roll_at_most_twelve(pack: Pack) -> None:
    """Charge rolls cannot be greater than 12. ... if the result would be 13 or more, it is changed to 12."""
    r = rule(pack, "charge_roll", None, "+2", roll=11)
    assert (r.value, clamps(r)) == (12, ["charge_roll"])
    assert rule(pack, "charge_roll", None, "+2", roll=10).clamped == ()


def test_detection_range_and_lone_operative(pack: Pack) -> None:
    """Detection range and Lone Operative cannot be better than 9" or worse than 30"."""
    assert rule(pack, "detection_range", 12, "-6").value == 9
    assert rule(pack, "detection_range", 24, "x2").value == 30
    assert rule(pack, "lone_operative", 12, "-6").display == '9"'


def test_cp_cost(pack: Pack) -> None:
    """A stratagem cannot have its CP increased by more than 1 or reduced to below 0 after all modifiers
    have been
    applied."""
    assert (rule(pack, "cp_cost", 1, "+2").value, rule(pack, "cp_cost", 2, "+1").value) == (2, 3)
    assert rule(pack, "cp_cost", 1, "-2").value == 0
    with pytest.raises(RulingsError, match="must be a number"):
        rule(pack, "cp_cost", "D3", "+1")


def test_no_s_is_s1_assumption(pack: Pack) -> None:
    """If a weapon has no S characteristic (because it is '-', or for any other reason) and a rule
    interacts with
    that weapon's S, that weapon has S 1 for that interaction."""
    r = rule(pack, "S", "-", "+1")
    assert (r.value, "no_s_is_s1" in r.assumptions) == ("-", True)


def test_two_unordered_sets_are_an_error_naming_both(pack: Pack) -> None:
    with pytest.raises(Unsatisfiable, match=r"Armour.*Curse"):
        rule(pack, "Sv", "3+", ("Curse", "=6+"), ("Armour", "=2+"))


def test_ignore_example_move(pack: Pack) -> None:
    """Example: Your unit can ignore characteristic modifiers and is under the effect of +2" M and -2" M.
    You can
    choose to ignore the -2" M, meaning that unit's M characteristic will only be modified by the +2" M."""
    r = rule(pack, "M", 6, ("Boost", "+2"), ("Slowed", "-2"), unit__ignores_modifiers=True)
    assert (r.value, r.ignored, [a.rule for a in r.applied]) == (8, ("Slowed",), ["Boost"])


def test_ignore_example_hit_rolls(pack: Pack) -> None:
    """Example: Your unit's ranged attacks can ignore roll modifiers and are under the effect of +1 to hit
    rolls and
    -1 to hit rolls. You can choose to ignore the -1 to hit rolls, meaning those attacks will only be
    affected by
    the +1 to hit rolls."""
    r = rule(pack, "hit_roll", None, ("Aura", "+1"), ("Debuff", "-1"), roll=3, unit__ignores_modifiers=True)
    assert (r.value, r.ignored) == (4, ("Debuff",))


def test_ignore_some_or_all(pack: Pack) -> None:
    """When a rule states you can ignore modifiers to a stated roll or characteristic, you can choose to
    ignore all
    of those modifiers, or only some of them."""
    r = rule(pack, "Sv", "3+", ("Aura", "+1"), ("Curse", "-1"), ignore=("Aura", "Curse"),
             unit__ignores_modifiers=True)
    assert (r.value, r.ignored) == ("3+", ("Aura", "Curse"))
    assert r.choice is not None and r.choice.best.ignored == ("Curse",)
    with pytest.raises(RulingsError, match="no rule lets"):
        rule(pack, "Sv", "3+", "-1", ignore=("-1",))


@pytest.mark.parametrize(("given_", "roll", "value", "applied"), [
    ({"weapon.heavy": True, "attacker.remained_stationary": True}, 3, 4, {"heavy"}),
    ({"weapon.heavy": True}, 3, 3, set()),
    ({"attack.ranged": True, "target.stealth": True}, 4, 3, {"stealth"}),
    ({"target.stealth": True}, 4, 4, set()),
    ({"attack.ranged": True, "weapon.indirect_fire": True, "target.visible": False}, 4, 3, {"indirect_fire"}),
])
def test_core_abilities_on_hit_rolls(pack: Pack, given_: dict[str, Any], roll: int, value: int,
                                     applied: set[str]) -> None:
    r = ask(pack, "hit_roll", Situation(given=given_, roll=roll))
    assert (r.value, {a.rule for a in r.applied}) == (value, applied)


def test_lance_reads_the_bearers_unit(pack: Pack) -> None:
    """The bearer of a weapon, enhancement or item of wargear is the model equipped with it. -- Lance's "the
    bearer's unit" is the unit of the model equipped with the Lance weapon: the pack's fact cites the definition,
    and the +1 to wound counts only when that unit made a Charge move."""
    fact = pack.facts["attacker.made_charge_move"]
    assert fact.cite is not None and (fact.cite.source, fact.cite.paragraph) == ("definitions", 1)
    charged = rule(pack, "wound_roll", None, roll=3, weapon__lance=True, attacker__made_charge_move=True)
    assert (charged.value, [a.rule for a in charged.applied]) == (4, ["lance"])
    stayed = rule(pack, "wound_roll", None, roll=3, weapon__lance=True)
    assert (stayed.value, stayed.applied) == (3, ())
    assert any("bearer's unit" in c.claim for n in stayed.explanation.because if n.tag == "failed"
               for c in n.because)


def test_lance_and_cover(pack: Pack) -> None:
    lance = rule(pack, "wound_roll", None, roll=3, weapon__lance=True, attacker__made_charge_move=True)
    assert lance.value == 4
    cover = {"attack.ranged": True, "target.in_cover": True, "weapon.indirect_fire": True,
             "target.visible": False,
             "target.save": 4, "weapon.ap": -1}
    once = ask(pack, "save_roll", Situation(given=cover, roll=3))
    suppressed = [(s.rule, s.by) for s in once.suppressed]
    assert (once.value, suppressed) == (4, [("indirect_fire_cover", "benefit_of_cover")])
    denied = ask(pack, "save_roll", Situation(given=cover | {"target.save": 3, "weapon.ap": 0}, roll=3))
    assert denied.value == 3


# -- the ignore choice against brute force ---------------------------------------------------------------

CHOICE_CASES = st.sampled_from([("M", 6), ("Sv", "4+"), ("Ld", "7+"), ("AP", -1), ("A", 2),
                                ("hit_roll", None),
                                ("charge_roll", None)])
EFFECT = st.tuples(st.sampled_from("x+/-"), st.integers(1, 3))


@settings(max_examples=60, deadline=None)
@given(CHOICE_CASES, st.lists(EFFECT, min_size=1, max_size=5), st.integers(1, 6))
def test_ignore_choice_is_brute_force_best_and_fewest(case: tuple[str, Any], effects: list[tuple[str, int]],
                                                     roll: int) -> None:
    quantity, base = case
    listed = tuple(Effect(f"e{i}", f"{op}{n}") for i, (op, n) in enumerate(effects))
    is_roll = PACK.quantities[quantity].kind == "roll"
    situation = Situation(given={"unit.ignores_modifiers": True}, base=base, effects=listed,
                          roll=roll * (2 if quantity == "charge_roll" else 1) if is_roll else None)
    chosen = ask(PACK, quantity, situation)
    assert chosen.choice is not None
    names = [e.name for e in listed]
    goodness = {}  # brute force, independent of the solver's choice: ask again without each subset
    for k in range(len(names) + 1):
        for subset in combinations(names, k):
            kept = tuple(e for e in listed if e.name not in subset)
            r = ask(PACK, quantity, Situation(base=base, effects=kept, roll=situation.roll))
            goodness[subset] = _goodness(quantity, r.value)
    best = max(goodness.values())
    fewest = min(len(s) for s, g in goodness.items() if g == best)
    assert _goodness(quantity, chosen.value) == best
    assert goodness[tuple(chosen.ignored)] == best
    assert len(chosen.ignored) == fewest
    tied = sorted(sorted(s) for s, g in goodness.items() if g == best and len(s) == fewest)
    assert sorted(chosen.ignored) == tied[0]


def _goodness(quantity: str, value: Any) -> int:
    """Higher is better for the controlling player: lower X+, more negative AP, higher everything else."""
    number = int(str(value).rstrip("+"))
    return -number if PACK.quantities[quantity].better == "lower" else number


@pytest.mark.parametrize(
    ("quantity", "roll", "effects", "value"),
    [("dice_roll", 3, ["=5"], 5), ("dice_roll", 3, ["x2"], 6), ("dice_roll", 3, ["/2"], 2),
     ("charge_roll", 7, ["x2"], 12), ("hit_roll", 3, ["=6", "+1", "+1"], 7)],
)
def test_rolls_follow_the_order_of_operations_too(quantity: str, roll: int, effects: list[str], value: int) -> None:
    """Seed: "When a value is modified (e.g. characteristic, dice roll, distance), do so in the following order."
    Set, multiply and divide act on a roll as on a characteristic; the hit roll's cap still bounds the net +1s."""
    ruling = ask(PACK, quantity, Situation(roll=roll, effects=tuple(Effect(e, e) for e in effects)))
    assert ruling.value == value


def test_set_to_zero_is_final_is_reported(pack: Pack) -> None:
    """Note that rules that modify a characteristic in this step to a new value of '0', '-' or '*' cannot be
    modified by other rules (in such cases, skip steps 2-5). -- an A set to 0 stays 0 although "A cannot be
    less than 1": the ruling relies on the assumption set_to_zero_is_final and says so."""
    a = rule(pack, "A", 3, "=0", "+1")
    assert (a.value, a.clamped, a.assumptions) == (0, (), ("set_to_zero_is_final",))
    assert any("a set to '0' is final" in n.claim for n in a.explanation.because)
    for quantity, base in (("OC", 2), ("AP", -1)):  # 0 is within their limits: nothing to assume
        assert "set_to_zero_is_final" not in rule(pack, quantity, base, "=0").assumptions
    assert "set_to_zero_is_final" not in rule(pack, "A", 3, "=2").assumptions


@settings(max_examples=60, deadline=None)
@given(quantity=st.sampled_from(["WS", "BS", "Sv", "Ld", "AP", "S", "A"]), number=st.integers(2, 6),
       effects=st.lists(st.sampled_from(["x2", "/2", "+1", "-1", "x3", "/3"]), max_size=3))
def test_fractions_of_x_plus_is_reported_when_relied_on(quantity: str, number: int, effects: list[str]) -> None:
    """6. Round any fractions up after applying all modifiers. -- multiplying or dividing an X+ value or an AP
    acts on its number (assumption fractions_of_x_plus): reported exactly when an X+ or AP is multiplied or
    divided, and the value is the written number modified in order and rounded up."""
    style = {"AP": "ap", "S": "number", "A": "number"}.get(quantity, "plus")
    base: Any = f"{number}+" if style == "plus" else (-number if style == "ap" else number)
    r = rule(PACK, quantity, base, *[(f"e{i}", e) for i, e in enumerate(effects)])
    relied = style != "number" and any(e[0] in "x/" for e in effects)
    assert ("fractions_of_x_plus" in r.assumptions) == relied
    if relied and not r.clamped:
        written = Fraction(-number if style == "ap" else number)
        sign = -1 if style in ("plus", "ap") else 1  # "+1" improves: lowers the X+ number and the AP
        for op in "x+/-":
            for e in (e for e in effects if e[0] == op):
                n = int(e[1:])
                written = {"x": written * n, "/": written / n, "+": written + sign * n, "-": written - sign * n}[op]
        assert int(str(r.value).rstrip("+")) == math.ceil(written)


def _steps(r: Ruling) -> list[str]:
    return [n.claim for n in r.explanation.because if n.tag == "step"]


def test_d6_plus_one_is_not_a_modifier_in_the_explanation(pack: Pack) -> None:
    """Where a D characteristic includes an operator (e.g. a '+', as in D6+1), the value after the operator is
    part of that D characteristic – it is not a modifier."""  # noqa: RUF002 -- the seed's own dash, quoted
    r = rule(pack, "D", "D6+1")
    assert "D6+1: the +1 is part of the D characteristic, not a modifier" in _steps(r)
    assert r.applied == ()  # the +1 is no modifier, so nothing is applied and no ignore-choice can drop it
    assert "not a modifier" not in " ".join(_steps(rule(pack, "D", "D6")))


@pytest.mark.parametrize(("quantity", "base", "effects", "step", "sentence"), [
    ("D", "D6+1", (), "D6+1: the +1 is part of the D characteristic",
     "the value after the operator is part of that D characteristic – it is not a modifier."),
    ("OC", 2, ("=0", "+1"), "set: =0 -> 0", "1. If a rule instructs you to change or replace one value with a "
     "specified value, you must first change the relevant value to the new value."),
    ("OC", 2, ("=0", "+1"), "a set to '0' ends modification", "Note that rules that modify a characteristic in this "
     "step to a new value of '0', '-' or '*' cannot be modified by other rules (in such cases, skip steps 2-5)."),
    ("S", 4, ("=-", "+1"), "a set to '-' ends modification", "cannot be modified by other rules"),
    ("A", 3, ("x2", "+1", "/2", "-1"), "round fractions up", "6. Round any fractions up after applying all modifiers."),
    ("Range", "N/A", ("x2",), "Range is 'N/A': it can never be modified",
     "Characteristics of '-', '*' and 'N/A' can never be modified."),
])
def test_each_step_of_a_characteristics_arithmetic_quotes_the_sentence_it_rests_on(
        pack: Pack, quantity: str, base: Any, effects: tuple[str, ...], step: str, sentence: str) -> None:
    """The player's question ("is the +1 of D6+1 a modifier?", "does a set to 0 stay 0?") is answered by a
    sentence of the rules: the step that applies it quotes it, in the short ruling too."""
    r = rule(pack, quantity, base, *effects)
    node = next(n for n in r.explanation.because if n.tag == "step" and n.claim.startswith(step))
    assert node.cite is not None and sentence in node.cite
    assert sentence in brief_text(r, pack)


def test_a_roll_modified_above_its_maximum_says_so_and_quotes_the_rule(pack: Pack) -> None:
    """A dice result can be modified above its maximum possible value (for example, a D6 roll can be modified
    above 6)."""
    r = rule(pack, "dice_roll", None, "+1", roll=6)
    assert r.value == 7
    assert "A dice result can be modified above its maximum possible value" in brief_text(r, pack)
    assert not [n for n in rule(pack, "dice_roll", None, "+1", roll=5).explanation.because if n.tag == "step"]


@pytest.mark.parametrize(("quantity", "base", "words"), [
    ("M", "D6", "Random Movement: when the unit is selected to move, one roll determines the entire unit's move"),
    ("A", "D3", "Random Attacks: determined when generating attacks for that weapon, each weapon's roll made"),
    ("D", "D3+1", "Random Damage: each time an attack made with it inflicts damage, a damage roll determines D"),
    ("S", "2D6", "Other Random Characteristics: rolled on an individual, per-model or per-weapon basis"),
    ("AP", "D3", "Other Random Characteristics: rolled on an individual, per-model or per-weapon basis"),
])
def test_random_characteristics_say_how_they_are_rolled(pack: Pack, quantity: str, base: str, words: str) -> None:
    """Random Movement: When a unit with a random M characteristic is selected to move, determine the entire
    unit's move distance by rolling the indicated number of dice. Random Attacks: If a weapon has a random A
    characteristic, that characteristic is determined when generating attacks for that weapon at the Resolve
    Attacks step (04.03). Random Damage: ... When determining a random D characteristic, the dice roll made is
    called a damage roll. Other Random Characteristics: For all other characteristics, roll to determine the
    value on an individual, per-model or per-weapon basis each time that characteristic is required."""
    assert any(step.startswith(words) for step in _steps(rule(pack, quantity, base)))
    note = next(n for n in rule(pack, quantity, base).explanation.because if n.claim.startswith(words))
    assert note.cite is not None and "random_characteristics" in note.cite  # the pack's words, citing the seed


def test_plus_improves_and_minus_worsens(pack: Pack) -> None:
    """Many rules in the game modify a value, characteristic or roll elsewhere in the game. A rule that does so
    is known as a modifier. One of the most common ways for modifiers to be presented is as +1 or -1 to a
    characteristic, roll or value. If the rule has +1 to a characteristic, it improves it by the value after
    the '+' symbol. If the rule has -1 to a characteristic, it worsens it by the value after the '-' symbol."""
    for quantity, base, better, worse in (("BS", "4+", "3+", "5+"), ("AP", -1, -2, 0), ("S", 4, 5, 3),
                                          ("M", 6, 7, 5)):
        assert (rule(pack, quantity, base, "+1").value, rule(pack, quantity, base, "-1").value) == (better, worse)
    assert rule(pack, "hit_roll", None, "+1", roll=3).value == 4


def test_all_modifiers_are_cumulative_in_every_order(pack: Pack) -> None:
    """This section presents the various ways rules may be modified. All modifiers are cumulative."""
    effects = [("a", "+1"), ("b", "+2"), ("c", "-1")]
    values = {rule(pack, "S", 4, *order).value for order in (effects, effects[::-1], effects[1:] + effects[:1])}
    assert values == {6}


def test_improving_or_worsening_other_characteristics(pack: Pack) -> None:
    """Improving or Worsening Other Characteristics: When instructed to improve/worsen a characteristic that
    does not include a '+' or '-' symbol, add/subtract the specified amount to/from that characteristic (e.g.
    to improve a S by 1, add 1 to it)."""
    for quantity in ("T", "OC", "A", "S", "D"):
        assert (rule(pack, quantity, 4, "+2").value, rule(pack, quantity, 4, "-2").value) == (6, 2)


def test_ignoring_covers_rolls_and_every_characteristic(pack: Pack) -> None:
    """Unless otherwise stated, that rule allows you to ignore modifiers to the unit's rolls and the unit's
    profile and weapon characteristics."""
    choice = pack.policies["ignore_modifiers"]
    rolls = {q for q, v in pack.quantities.items() if v.kind == "roll"}
    profile = {"M", "T", "Sv", "InSv", "Ld", "OC", "Range", "A", "WS", "BS", "S", "AP", "D"}
    assert set(choice.quantities) == rolls | profile
    for quantity, base in (("D", 2), ("save_roll", None)):
        r = rule(pack, quantity, base, ("Curse", "-1"), roll=3 if base is None else None,
                 unit__ignores_modifiers=True)
        assert r.ignored == ("Curse",)


def test_random_damage_is_a_damage_roll(pack: Pack) -> None:
    """Random Damage: If a weapon has a random D characteristic, then each time an attack made with it inflicts
    damage, the controlling player determines that weapon's characteristic when the opposing player has
    selected a model in the target unit to allocate that attack to. When determining a random D
    characteristic, the dice roll made is called a damage roll."""
    r = rule(pack, "D", "D3", "+1")
    assert dict(r.extra)["distribution"] == {"2": "1/3", "3": "1/3", "4": "1/3"}
    assert any("a damage roll determines D" in step for step in _steps(r))


@pytest.mark.parametrize(("quantity", "base"), [("A", 3), ("S", 4), ("D", 2), ("T", 4), ("M", 6), ("Range", 24)])
def test_a_set_to_zero_against_a_limit_is_a_declared_reading(quantity: str, base: int) -> None:
    """"rules that modify a characteristic in this step to a new value of '0', '-' or '*' cannot be modified by
    other rules" against "After all modifiers have been applied: ... A cannot be less than 1": the same tension as
    OC '-', the same treatment. The default reading keeps the 0; `limit_applies` lifts it to the limit's 1; a
    ruling shows both, and a situation's reading picks one."""
    effects = (Effect("=0", "=0"), Effect("+1", "+1"))
    both = ask(PACK, quantity, Situation(base=base, effects=effects))
    assert both.value == 0
    assert {o.option: o.ruling.value for o in both.readings or ()} == {"zero_stays": 0, "limit_applies": 1}
    lifted = ask(PACK, quantity, Situation(base=base, effects=effects, reading={"zero_set": "limit_applies"}))
    assert lifted.value == 1 and [c.rule for c in lifted.clamped] == [quantity]
    # the limit bit under the chosen reading, so the default's 0 is listed beside it
    assert {o.option: o.ruling.value for o in lifted.readings or ()} == {"zero_stays": 0, "limit_applies": 1}
    assert ask(PACK, "OC", Situation(base=2, effects=effects, reading={"zero_set": "limit_applies"})).value == 0


def test_the_pack_examples_pass(pack: Pack) -> None:
    """Every example the pack writes down, each quoting the seed sentence it rests on, is answered as written."""
    from rulings.examples import run_examples

    results = run_examples(pack)
    assert len(results) >= 90 and [(r.name, r.problems) for r in results if r.problems] == []


def test_a_chosen_reading_still_shows_the_other_readings_answer(pack: Pack) -> None:
    """OC set to '-': "OC cannot be less than 0 or '-'." read as 0 is 0, and the other reading's '-' is shown."""
    ruling = ask(pack, "OC", Situation(base="2", effects=(Effect("=-", "=-"),),
                                       reading=(("oc_dash", "dash_is_zero"),)))
    assert ruling.value == 0
    assert {(o.option, o.ruling.display) for o in ruling.readings} == {("dash_stays", "-"), ("dash_is_zero", "0")}


def test_a_random_value_multiplied_then_lowered_reads_as_it_is_worked_out(pack: Pack) -> None:
    """D3+1 doubled, then -1: "the value after the operator is part of that D characteristic - it is not a
    modifier", so the +1 goes with the D3 before the x2: 1+1=2 -> 3, 3 -> 5, 4 -> 7 (not D3 + 1x2 - 1)."""
    ruling = ask(pack, "D", Situation(base="D3+1", effects=(Effect("x2", "x2"), Effect("-1", "-1"))))
    assert ruling.value == "(D3+1) x2 -1"
    assert ruling.display == "(D3+1) x2 -1: 3 (1/3), 5 (1/3), 7 (1/3)"

"""Re-rolls and unmodified rolls in the `wh40k` pack, checked against brute-force enumeration of the dice.

The reference below rolls every die twice (every combination of a first and a
second face, all equally likely) and keeps the second face of each die the
player re-rolls: of the dice the re-rolls allow, those with the best chance of
passing (assumption `reroll_choice`); it shares no code with `solver.rolls`.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.json import ruling_json
from kb import RulingsError, load_pack
from rulings.cli import main
from solver import Effect, Situation, ask

PACK = load_pack("wh40k")
DICE = {"hit_roll": 1, "wound_roll": 1, "save_roll": 1, "dice_roll": 1, "charge_roll": 2}
CAPPED = {"hit_roll", "wound_roll"}
ALWAYS_FAILS = {"hit_roll": 1, "wound_roll": 1, "save_roll": 1}  # the core rules: an unmodified 1 always fails
ALWAYS_PASSES = {"hit_roll": 6, "wound_roll": 6}  # an unmodified 6 (a Critical Hit or Wound) always succeeds


def _final(quantity: str, total: int, effects: list[int]) -> int:
    """The seed's order for a roll of +N/-N effects: net modifier, capped for hit and wound rolls, then limits."""
    net = sum(effects)
    if quantity in CAPPED:
        net = max(-1, min(1, net))
    result = max(1, total + net)
    return min(12, result) if quantity == "charge_roll" else result


def _passes(quantity: str, total: int, effects: list[int], target: int) -> bool:
    if total == ALWAYS_FAILS.get(quantity):
        return False
    return total == ALWAYS_PASSES.get(quantity) or _final(quantity, total, effects) >= target


def brute_force(quantity: str, effects: list[int], target: int | None, reroll: set[str],
                unmodified: set[int]) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    """(distribution of the final result, chance of passing target, chance of an unmodified trigger)."""
    count = DICE[quantity]
    results: dict[int, Fraction] = {}
    trigger = reach = Fraction(0)
    each = Fraction(1, 6 ** (2 * count))
    for first in product(range(1, 7), repeat=count):
        chosen = _chosen(quantity, first, effects, target, reroll)
        for second in product(range(1, 7), repeat=count):
            kept = tuple(b if i in chosen else a for i, (a, b) in enumerate(zip(first, second, strict=True)))
            final = _final(quantity, sum(kept), effects)
            results[final] = results.get(final, Fraction(0)) + each
            trigger += each if sum(kept) in unmodified else 0
            reach += each if target is not None and _passes(quantity, sum(kept), effects, target) else 0
    return dict(sorted(results.items())), reach, trigger


def _chosen(quantity: str, first: tuple[int, ...], effects: list[int], target: int | None,
            reroll: set[str]) -> set[int]:
    """The dice (by position) the player re-rolls: any of the 1s (`ones`) or the whole roll (`failed` when it
    fails, `all`), a die once at most, for the best chance of passing; ties go to the re-roll as it reads
    alone (a failing roll whole, else every 1), then to the most dice."""
    failing = target is not None and not _passes(quantity, sum(first), effects, target)
    ones = [i for i, a in enumerate(first) if a == 1] if "ones" in reroll else []
    options = [set(ones[:j]) for j in range(len(ones) + 1)]  # which 1s is all one: each shows 1
    if "all" in reroll or (failing and "failed" in reroll):
        options.append(set(range(len(first))))
    plain = set(range(len(first))) if failing and reroll & {"failed", "all"} else set(ones)
    if target is None:
        return plain

    def chance_of(chosen: set[int]) -> Fraction:
        wins = 0
        for again in product(range(1, 7), repeat=len(first)):
            kept = (b if i in chosen else a for i, (a, b) in enumerate(zip(first, again, strict=True)))
            wins += _passes(quantity, sum(kept), effects, target)
        return Fraction(wins, 6 ** len(first))

    best = max(chance_of(o) for o in options)
    return plain if chance_of(plain) == best else max((o for o in options if chance_of(o) == best), key=len)


def ruling(quantity: str, effects: list[int], **keys: Any) -> Any:
    listed = tuple(Effect(f"e{i}", f"{e:+d}") for i, e in enumerate(effects))
    return ask(PACK, quantity, Situation(effects=listed, **keys))


@settings(max_examples=80, deadline=None)
@given(quantity=st.sampled_from(sorted(DICE)), effects=st.lists(st.sampled_from([-2, -1, 1, 2]), max_size=3),
       target=st.integers(1, 13), reroll=st.sets(st.sampled_from(["ones", "failed", "all"])),
       unmodified=st.sets(st.integers(1, 12), max_size=2))
def test_chances_match_brute_force(quantity: str, effects: list[int], target: int, reroll: set[str],
                                   unmodified: set[int]) -> None:
    """Modifiers are applied after any re-rolls of that dice roll. Rules that refer to the value of an
    'unmodified' dice roll are referring to the dice result after any re-rolls, but before modifiers. -- the
    exact distribution, chance and trigger chance of every roll agree with enumerating every die."""
    order = ("ones", "failed", "all")
    r = ruling(quantity, effects, target=target, reroll=tuple(x for x in order if x in reroll),
               unmodified=tuple(sorted(unmodified)))
    results, reach, trigger = brute_force(quantity, effects, target, reroll, unmodified)
    doc = ruling_json(r)
    assert doc["distribution"] == {str(k): _text(p) for k, p in results.items()}
    assert r.probability == reach
    assert Fraction(doc["unmodified"]["probability"]) == trigger if unmodified else "unmodified" not in doc


def _text(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def test_reroll_ones_then_modifiers() -> None:
    """Modifiers are applied after any re-rolls of that dice roll. -- re-roll hit rolls of 1 with BS 3+ and
    -1 to hit: a 1 is re-rolled first, then -1 applies to whatever stands, so 3+ needs an unmodified 4+."""
    r = ruling("hit_roll", [-1], target=3, reroll=("ones",))
    assert r.probability == Fraction(7, 12)  # (1/2) + (1/6)(1/2): a 1, re-rolled into 4+
    step = next(n for n in r.explanation.because if n.claim.startswith("re-rolls first, then modifiers"))
    assert step.cite is not None and "Modifiers are applied after any re-rolls of that dice roll." in step.cite
    assert ruling("hit_roll", [-1], target=3).probability == Fraction(1, 2)


def test_unmodified_six_is_before_modifiers() -> None:
    """Rules that refer to the value of an 'unmodified' dice roll are referring to the dice result after any
    re-rolls, but before modifiers. -- a +1 to hit never makes a 5 an unmodified 6; a re-rolled 1 can be one."""
    plain = ruling("hit_roll", [1], target=3, unmodified=(6,))
    assert ruling_json(plain)["unmodified"] == {"on": [6], "probability": "1/6"}
    rerolled = ruling("hit_roll", [1], target=3, unmodified=(6,), reroll=("ones",))
    assert ruling_json(rerolled)["unmodified"] == {"on": [6], "probability": "7/36"}
    failed = ruling("hit_roll", [], target=4, unmodified=(6,), reroll=("failed",))
    assert ruling_json(failed)["unmodified"]["probability"] == "1/4"  # 1/6 + (1/2)(1/6)


def test_one_reroll_per_die() -> None:
    """Modifiers are applied after any re-rolls of that dice roll. -- re-roll 1s and re-roll failed together
    still re-roll a die once: a failed 1 is re-rolled once, as a failed roll."""
    both = ruling("wound_roll", [], target=4, reroll=("ones", "failed"))
    assert both.probability == Fraction(3, 4) == ruling("wound_roll", [], target=4, reroll=("failed",)).probability


def test_charge_roll_rerolls_and_its_cap() -> None:
    """Charge rolls cannot be greater than 12. -- a 2D6 charge of 9" with re-roll failed and +2: the result is
    capped at 12, and a failed roll is re-rolled whole."""
    r = ruling("charge_roll", [2], target=9, reroll=("failed",))
    assert ruling_json(r)["distribution"]["12"] == _text(brute_force("charge_roll", [2], 9, {"failed"}, set())[0][12])
    assert ruling("charge_roll", [2], target=13).probability == 0  # never more than 12
    assert ruling("charge_roll", [2], target=13).impossible


def test_an_unmodified_one_always_fails_by_assumption() -> None:
    """A result that would be less than 1 is changed to a result of 1. -- the seed says how a roll is modified,
    not when it succeeds; the core rules' "an unmodified 1 always fails" is the pack's assumption
    `unmodified_one_fails`, reported only by a ruling it changes."""
    plus = ruling("hit_roll", [1], target=2)
    assert plus.probability == Fraction(5, 6)  # a 1 becomes 2, which would reach 2+, but fails
    assert "unmodified_one_fails" in plus.assumptions
    one = ruling("hit_roll", [1], roll=1, target=2)
    assert (one.value, dict(one.extra)["passed"]) == (2, False)
    save = ruling("save_roll", [1], target=2)
    assert save.probability == Fraction(5, 6) and "unmodified_one_fails" in save.assumptions
    plain = ruling("hit_roll", [-1], target=3)  # a 1 fails here anyway: nothing relies on the assumption
    assert plain.probability == Fraction(1, 2) and "unmodified_one_fails" not in plain.assumptions
    assert "unmodified_one_fails" not in ruling("dice_roll", [1], target=2).assumptions
    assert ruling("dice_roll", [1], target=2).probability == 1  # any dice roll: the seed alone decides


def test_an_unmodified_six_always_succeeds_by_assumption() -> None:
    """Hit rolls and wound rolls can never be modified by more than -1 or +1. -- a 6+ to hit at -1 is not
    impossible: an unmodified 6 always succeeds (assumption `unmodified_six_passes`), although it ends as 5."""
    r = ruling("wound_roll", [-1], target=6)
    assert r.probability == Fraction(1, 6) and "unmodified_six_passes" in r.assumptions
    assert not r.impossible
    assert ruling("save_roll", [-1], target=6).probability == 0  # a save has no such rule


def test_a_given_roll_keeps_its_value() -> None:
    """Modifiers are applied after any re-rolls of that dice roll. -- a given `roll` is already after re-rolls:
    its value is that roll modified; the chances still describe the dice."""
    r = ruling("hit_roll", [1], roll=2, target=3, reroll=("ones",))
    assert (r.value, r.probability, dict(r.extra)["passed"]) == (3, Fraction(35, 36), True)  # fails on 1, 1


@pytest.mark.parametrize(("situation", "message"), [
    ({"reroll": "twos", "target": 3}, "unknown re-roll 'twos'"),
    ({"reroll": "failed"}, "needs what the roll must reach"),
    ({"target": "three"}, "is not what a roll must reach"),
    ({"unmodified": "7+"}, "is not a result"),
])
def test_bad_roll_keys_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], situation: dict[str, Any],
                              message: str) -> None:
    path = tmp_path / "roll.yaml"
    path.write_text(json.dumps(situation))
    assert main(["ask", "wh40k", "hit_roll", "--situation", str(path)]) == 2
    assert message in capsys.readouterr().err


def test_a_characteristic_takes_no_reroll() -> None:
    with pytest.raises(RulingsError, match="is not a roll"):
        ask(PACK, "BS", Situation(base="3+", reroll=("ones",)))


ABILITY = {"attacker.closest_target_ability": True, "attack.ranged": True}


def test_the_first_condition_alone_rerolls_ones() -> None:
    """For example, an ability reads: 'This unit's ranged attacks that target the closest eligible target can:
    Re-roll hit rolls of 1. -- BS 3+ at the closest eligible target: a 1 is re-rolled, 2/3 + (1/6)(2/3) = 7/9."""
    r = ruling("hit_roll", [], target=3, given={**ABILITY, "target.closest_eligible": True})
    assert r.probability == Fraction(7, 9)
    assert ruling_json(r)["reroll"] == ["ones"]


def test_both_conditions_give_the_improved_rule_instead() -> None:
    """In order for those attacks to re-roll hit rolls, that target must be both the closest eligible target and
    within range of an objective your opponent controls. -- both conditions: hit rolls are re-rolled (instead of
    only 1s), 2/3 + (1/3)(2/3) = 8/9."""
    r = ruling("hit_roll", [], target=3, given={**ABILITY, "target.closest_eligible": True,
                                                 "target.near_enemy_objective": True})
    assert r.probability == Fraction(8, 9)
    assert ruling_json(r)["reroll"] == ["all"]
    claims = [n.claim for n in r.explanation.because]
    assert any("replaced by the improved rule closest_target_on_objective" in c for c in claims)
    assert any("both conditions hold" in c and "instead of closest_target's re-roll" in c for c in claims)


def test_the_second_condition_alone_gives_nothing() -> None:
    """Such rules require both the first condition and the second condition to be satisfied for the improved rule
    to apply. -- within range of an objective but not the closest eligible target: no re-roll at all, 2/3."""
    r = ruling("hit_roll", [], target=3, given={**ABILITY, "target.near_enemy_objective": True})
    assert r.probability == Fraction(2, 3)
    assert "reroll" not in ruling_json(r)
    claims = [n.claim for n in r.explanation.because]
    assert any("whose condition does not hold: an improved rule needs both conditions" in c for c in claims)


IMPROVED = """
pack: improved
quantities:
  hit_roll:
    kind: roll
    dice: D6
    rerolls:
      - {name: first, reroll: ones, when: a.x}
      - {name: better, reroll: failed, improves: first, instead: %s, when: a.y}
facts:
  a.x: {type: bool}
  a.y: {type: bool}
"""


@pytest.mark.parametrize(("instead", "rerolls", "word"), [("true", ["failed"], "instead of"),
                                                          ("false", ["ones", "failed"], "as well as")])
def test_an_improved_rule_instead_of_or_as_well_as(tmp_path: Path, instead: str, rerolls: list[str],
                                                   word: str) -> None:
    """Some rules have multiple conditions, with the second, more specific condition conferring an improved rule,
    either instead of the first condition's rule or as well as it. -- `instead: true` replaces the first rule's
    re-roll, `instead: false` keeps both (one re-roll per die: a failed 1 is re-rolled once)."""
    path = tmp_path / "improved.yaml"
    path.write_text(IMPROVED % instead)
    pack = load_pack(str(path))
    r = ask(pack, "hit_roll", Situation(given={"a.x": True, "a.y": True}, target=4))
    assert ruling_json(r)["reroll"] == rerolls
    assert r.probability == Fraction(3, 4)  # 1/2 + (1/2)(1/2) either way
    assert any(word in n.claim for n in r.explanation.because)
    only_first = ask(pack, "hit_roll", Situation(given={"a.x": True}, target=4))
    assert only_first.probability == Fraction(1, 2) + Fraction(1, 6) * Fraction(1, 2)  # 7/12: 1s only


def test_an_improved_rule_must_name_an_earlier_rule(tmp_path: Path) -> None:
    path = tmp_path / "improved.yaml"
    path.write_text((IMPROVED % "true").replace("improves: first", "improves: frist"))
    with pytest.raises(RulingsError, match="improves 'frist', which is not an earlier re-roll rule"):
        load_pack(str(path))


def test_the_same_roll_keys_in_the_other_packs() -> None:
    """Modifiers are applied after any re-rolls of that dice roll. -- the same notation elsewhere: skirmish's
    Command Roll is a 2D6 total whose target is the faction's Command Value, so a Shaken unit (-1) needing 8
    passes on 9+, 10/36, and re-rolling a failed roll gives 10/36 + (26/36)(10/36) = 155/324; a score such as
    fantasy's to_hit is already the score needed, with its chance, and takes no roll keys."""
    skirmish = load_pack("skirmish")
    r = ask(skirmish, "command_roll", Situation(given={"faction.command_value": 8, "unit.shaken": True},
                                                 reroll=("failed",)))
    assert r.probability == Fraction(155, 324)
    assert ask(skirmish, "command_roll", Situation(given={"faction.command_value": 8, "unit.shaken": True})
               ).probability == Fraction(10, 36)
    with pytest.raises(RulingsError, match="is not a roll") as error:
        ask(load_pack("fantasy"), "to_hit", Situation(given={"shooter.bs": 3}, reroll=("failed",)))
    assert "the score needed, and its answer already gives the chance" in (error.value.hint or "")

"""Rolls as dice, checked where mutation testing found nothing watching (`python tools/mutate.py solver/rolls.py`).

Every expected chance here is worked out by hand from the dice (a D6 shows each face 1/6 of the time; a re-rolled
die shows each face 1/6 again), and every wording is the one docs/rolls.md shows a reader.
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from kb.errors import RulingsError, Span
from kb.expr import Expr, parse_expr
from kb.model import Citation, Reroll
from solver.derivation import Node
from solver.rolls import (
    FISHING_ALL,
    REROLL_CHOICE,
    REROLLS,
    after_rerolls,
    chance,
    check_roll_keys,
    describe,
    dice_detail,
    pack_rerolls,
    read_reroll,
    read_reroll_for,
    read_target,
    read_unmodified,
)

WHERE = Span("shot.yaml", 4, 9)
F = Fraction

ONES = "each die showing an unmodified 1 is re-rolled"
FAILED = "a roll that fails is re-rolled (every die of it)"
ONCE = "a die is re-rolled once at most"


def same(x: int) -> int:
    return x


# -- reading what a situation says -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("raw", "target"), [(1, 1), (3, 3), ("1+", 1), ("3+", 3), (" 4 + ", 4), ("12", 12),
                                             ('9"', 9), ("7 in", 7), ("7 inches", 7), (None, None)])
def test_a_target_is_read_as_players_write_it(raw: object, target: int | None) -> None:
    assert read_target(raw, WHERE) == target


@pytest.mark.parametrize("raw", [0, -3, "0+", "0", "+3", "3++", "three", 2.5, True, [3]])
def test_a_target_no_roll_can_mean_is_refused_where_it_is_written(raw: object) -> None:
    with pytest.raises(RulingsError) as caught:
        read_target(raw, WHERE)
    assert caught.value.message == f"target: {raw!r} is not what a roll must reach"
    assert caught.value.where == WHERE
    assert caught.value.hint == 'give a number such as 3, a score such as "3+", or a charge distance such as 7'


def test_rerolls_are_read_as_one_name_or_a_list_each_once() -> None:
    assert read_reroll(None, WHERE) == ()
    assert read_reroll("ones", WHERE) == ("ones",)
    assert read_reroll(["failed", "ones", "failed"], WHERE) == ("failed", "ones")
    assert read_reroll(["all"], WHERE) == ("all",)


@pytest.mark.parametrize(("raw", "shown", "hint"), [
    ("twos", "'twos'", "one of ones, failed, all"),
    ("onse", "'onse'", "did you mean 'ones'?"),
    (["ones", 3], "'3'", "one of ones, failed, all"),  # a number is shown as written
    ([["x"]], "\"['x']\"", "one of ones, failed, all"),  # so is a list
])
def test_an_unknown_reroll_is_refused_with_the_names_there_are(raw: object, shown: str, hint: str) -> None:
    with pytest.raises(RulingsError) as caught:
        read_reroll(raw, WHERE)
    assert (caught.value.message, caught.value.where, caught.value.hint) == (f"reroll: unknown re-roll {shown}",
                                                                              WHERE, hint)


def test_what_a_player_rerolls_for() -> None:
    assert read_reroll_for(None, WHERE) == "pass"
    assert read_reroll_for("pass", WHERE) == "pass"
    assert read_reroll_for("unmodified", WHERE) == "unmodified"
    with pytest.raises(RulingsError) as caught:
        read_reroll_for("sixes", WHERE)
    assert caught.value.message == "reroll_for: 'sixes' is not what a player re-rolls for"
    assert caught.value.where == WHERE
    assert caught.value.hint == ("pass (the default: for the best chance of passing) or unmodified (first for an "
                                 "unmodified result of unmodified:)")


@pytest.mark.parametrize(("raw", "results"), [
    (None, ()), (6, (6,)), (1, (1,)), ("6+", (6,)), ("5+", (5, 6)), ("1+", (1, 2, 3, 4, 5, 6)), (" 4 + ", (4, 5, 6)),
    ([6, 1, 6], (1, 6)), ([1], (1,)),
])
def test_unmodified_triggers_are_read_as_results(raw: object, results: tuple[int, ...]) -> None:
    assert read_unmodified(raw, WHERE) == results


@pytest.mark.parametrize("raw", ["5", "0+", "7+", "x", "", [], [0], [6, True], [2.5], True, 0])
def test_an_unmodified_trigger_that_is_no_result_is_refused(raw: object) -> None:
    with pytest.raises(RulingsError) as caught:
        read_unmodified(raw, WHERE)
    assert caught.value.message == f"unmodified: {raw!r} is not a result"
    assert caught.value.where == WHERE
    assert caught.value.hint == 'give a result such as 6, "5+" (5 or more, on a D6) or a list such as [1, 6]'


def test_a_distribution_reads_as_results_and_chances() -> None:
    assert describe({1: F(1, 2), 2: F(1, 2)}) == "1 (1/2), 2 (1/2)"
    assert describe({3: F(1)}) == "3 (1)"  # a certainty is 1, not 1/1
    assert describe({}) == ""


# -- a roll's chance and its derivation ------------------------------------------------------------------------------


def test_a_failed_d6_is_rerolled_whole() -> None:
    """4+ with failed rolls re-rolled: 1-3 come back 1/2 x 1/6 = 1/12 each, 4-6 1/6 + 1/12 = 1/4 each."""
    p, extra, notes = dice_detail("D6", same, 0, 4, ("failed",), (6,))
    assert p == F(3, 4)
    assert extra == {"distribution": {"1": "1/12", "2": "1/12", "3": "1/12", "4": "1/4", "5": "1/4", "6": "1/4"},
                     "reroll": ["failed"], "unmodified": {"on": [6], "probability": "1/4"}}
    assert notes == (
        f"re-rolls first, then modifiers: {FAILED}; {ONCE}",
        "the unmodified roll (after any re-rolls, before modifiers): 1 (1/12), 2 (1/12), 3 (1/12), 4 (1/4), 5 (1/4), "
        "6 (1/4)",
        "an unmodified 6: chance 1/4",
        "after modifiers (net +0) and limits: 1 (1/12), 2 (1/12), 3 (1/12), 4 (1/4), 5 (1/4), 6 (1/4)",
        "at least 4: chance 3/4",
    )
    assert notes[0].step == "rerolls"  # type: ignore[attr-defined]


def test_two_rerolls_are_both_said_and_a_die_is_rerolled_once() -> None:
    """A D6 with 1s and failed rolls re-rolled, needing 3: a 1 or 2 is re-rolled once (2/6 x 1/6 each after)."""
    p, extra, notes = dice_detail("D6", same, 0, 3, ("ones", "failed"), ())
    assert p == F(2, 3) + F(1, 3) * F(2, 3)  # 8/9
    assert notes[0] == f"re-rolls first, then modifiers: {ONES}; {FAILED}; {ONCE}"
    assert "unmodified" not in extra and extra["reroll"] == ["ones", "failed"]


def test_the_players_choice_of_dice_is_said_where_it_changes_the_answer() -> None:
    """docs/rolls.md: a 2D6 charge needing 9 with ones and failed: 167/324, a failed 1 and 6 re-rolling only the 1."""
    p, _, notes = dice_detail("2D6", same, 0, 9, ("ones", "failed"), ())
    assert p == F(167, 324)
    assert notes[1] == ("the player chooses the dice to re-roll for the best chance of passing: a failing roll may be "
                        "better re-rolled in part, e.g. only its 1s")
    assert notes[1].step == REROLL_CHOICE  # type: ignore[attr-defined]
    p, _, notes = dice_detail("2D6", same, 0, 9, ("failed",), ())
    assert p == F(155, 324)  # nothing to choose: no note
    assert not any("chooses" in n for n in notes)


def test_fishing_for_a_six_rerolls_every_other_result() -> None:
    """docs/rolls.md: a 3+ hit that may re-roll any roll, fishing for a 6: a 6 comes 1/6 + 5/6 x 1/6 = 11/36 of the
    time, a hit 1/6 + 5/6 x 4/6 = 13/18."""
    p, extra, notes = dice_detail("D6", same, 0, 3, ("all",), (6,), fish=True)
    assert p == F(13, 18)
    assert extra["unmodified"] == {"on": [6], "probability": "11/36"}
    assert notes[:2] == (f"re-rolls first, then modifiers: {FISHING_ALL}; {ONCE}",
                         "the player chooses the dice to re-roll for the best chance of an unmodified 6, then of "
                         "passing")
    assert notes[2] == ("the unmodified roll (after any re-rolls, before modifiers): 1 (5/36), 2 (5/36), 3 (5/36), "
                        "4 (5/36), 5 (5/36), 6 (11/36)")


def test_fishing_for_a_five_or_six() -> None:
    """Re-rolling every 1-4: each comes back 4/6 x 1/6 = 1/9; a 5 or a 6 1/6 + 1/9 = 5/18 each."""
    p, extra, notes = dice_detail("D6", same, 0, 3, ("all",), (5, 6), fish=True)
    assert p == F(7, 9)
    assert extra["unmodified"] == {"on": [5, 6], "probability": "5/9"}
    assert notes[1] == ("the player chooses the dice to re-roll for the best chance of an unmodified 5 or 6, then of "
                        "passing")
    assert "an unmodified 5 or 6: chance 5/9" in notes


def test_without_fishing_a_success_is_kept() -> None:
    """docs/rolls.md: re-rolling to pass instead, a 3+ hit is 8/9 and a 6 2/9 (1/6 + 2/6 x 1/6)."""
    p, extra, notes = dice_detail("D6", same, 0, 3, ("all",), (6,))
    assert p == F(8, 9)
    assert extra["unmodified"] == {"on": [6], "probability": "2/9"}
    assert notes[0] == f"re-rolls first, then modifiers: {REROLLS['all']}; {ONCE}"
    _, _, said = dice_detail("D6", same, 0, 3, ("ones",), (6,), fish=True)
    assert said[0] == f"re-rolls first, then modifiers: {ONES}; {ONCE}"  # only a re-roll of any roll fishes


def test_without_a_target_there_is_no_chance_and_every_one_is_rerolled() -> None:
    p, extra, notes = dice_detail("D6", same, 0, None, ("ones",), ())
    assert p is None
    assert extra["distribution"] == {"1": "1/36", "2": "7/36", "3": "7/36", "4": "7/36", "5": "7/36", "6": "7/36"}
    assert not any(n.startswith("at least") for n in notes)
    p, extra, _ = dice_detail("D6", same, 0, None, (), ())
    assert p is None and extra == {"distribution": {str(n): "1/6" for n in range(1, 7)}}


@pytest.mark.parametrize("reroll", [("failed",), ("all",), ("ones", "failed")])
def test_rerolling_a_failed_roll_without_a_target_is_refused(reroll: tuple[str, ...]) -> None:
    with pytest.raises(RulingsError) as caught:
        dice_detail("D6", same, 0, None, reroll, ())
    assert caught.value.message == f"re-rolling a failed roll ({', '.join(reroll)}) needs what the roll must reach"
    assert caught.value.hint == 'give target: in the situation, e.g. target: "3+"'


def test_a_result_that_always_fails_or_passes_is_said_where_the_modifiers_disagree() -> None:
    """docs/rolls.md: a 2+ to hit with +1 is 5/6, and 'an unmodified 1 always fails, although it ends as 2'."""
    p, _, notes = dice_detail("D6", lambda t: t + 1, 1, 2, (), (), {1: False})
    assert p == F(5, 6)
    assert notes[-3:] == ("after modifiers (net +1) and limits: 2 (1/6), 3 (1/6), 4 (1/6), 5 (1/6), 6 (1/6), 7 (1/6)",
                          "an unmodified 1 always fails, although it ends as 2",
                          "at least 2: chance 5/6")
    p, _, notes = dice_detail("D6", lambda t: t - 1, -1, 6, (), (), {6: True})
    assert p == F(1, 6)
    assert "an unmodified 6 always passes, although it ends as 5" in notes
    p, _, notes = dice_detail("D6", same, 0, 3, (), (), {1: False, 6: True})  # the modifiers agree: nothing to say
    assert p == F(2, 3)
    assert not any("always" in n for n in notes)


# -- re-rolls a pack grants ------------------------------------------------------------------------------------------

CITE = Citation("wh40k", 3, "re-roll a Hit roll of 1")
CLOSEST = Reroll("closest", "ones", parse_expr("a"), Span("p"), text="Closest target", cite=CITE)
OBJECTIVE = Reroll("objective", "all", parse_expr("b"), Span("p"), improves="closest")
ALONGSIDE_CITE = Citation("house", 2, "re-roll a failed Hit roll as well")
ALONGSIDE = Reroll("alongside", "failed", parse_expr("c"), Span("p"), improves="closest", instead=False,
                   text="Alongside", cite=ALONGSIDE_CITE)
LATE = Reroll("late", "ones", parse_expr("d"), Span("p"), text="Late")
RULES = (CLOSEST, OBJECTIVE, ALONGSIDE, LATE)


def _granted(facts: dict[str, bool], target: int | None,
             given: tuple[str, ...] = ()) -> tuple[tuple[str, ...], tuple[Node, ...]]:
    def why(condition: Expr, outcome: bool) -> tuple[Node, ...]:
        return (Node(f"{condition.text} is {outcome}"),)

    return pack_rerolls(RULES, given, lambda e: facts[e.text], target, why)


def test_a_rule_whose_condition_fails_says_so_and_its_improvements_say_why() -> None:
    granted, nodes = _granted({"a": False, "b": True, "c": True, "d": False}, 3)
    assert granted == ()
    assert nodes == (
        Node("Closest target (closest) does not apply: its condition does not hold", (Node("a is False"),),
             cite=str(CITE), tag="failed"),
        Node("objective (objective) does not apply: it improves closest, whose condition does not hold: an improved "
             "rule needs both conditions", (), tag="failed"),
        Node("Alongside (alongside) does not apply: it improves closest, whose condition does not hold: an improved "
             "rule needs both conditions", (), cite=str(ALONGSIDE_CITE), tag="failed"),
        Node("Late (late) does not apply: its condition does not hold", (Node("d is False"),), tag="failed"),
    )


def test_an_improved_rule_replaces_or_joins_the_rule_it_improves() -> None:
    granted, nodes = _granted({"a": True, "b": True, "c": True, "d": True}, 3, given=("ones",))
    assert granted == ("ones", "all", "failed")
    assert nodes == (
        Node("Closest target (closest): replaced by the improved rule objective", cite=str(CITE), tag="suppressed"),
        Node(f"objective (objective) grants a re-roll: {REROLLS['all']}; both conditions hold (closest's and its "
             "own), so it applies instead of closest's re-roll", (Node("b is True"),), tag="applied"),
        Node(f"Alongside (alongside) grants a re-roll: {FAILED}; both conditions hold (closest's and its own), so it "
             "applies as well as closest's re-roll", (Node("c is True"),), cite=str(ALONGSIDE_CITE), tag="applied"),
        Node(f"Late (late) grants a re-roll: {ONES}", (Node("d is True"),), tag="applied"),
    )


def test_a_failed_roll_reroll_without_a_target_is_named_not_counted() -> None:
    granted, nodes = _granted({"a": True, "b": False, "c": True, "d": True}, None)
    assert granted == ("ones",)  # closest's and late's 1s, once
    assert nodes == (
        Node(f"Closest target (closest) grants a re-roll: {ONES}", (Node("a is True"),), cite=str(CITE),
             tag="applied"),
        Node("objective (objective) does not apply: its condition does not hold", (Node("b is False"),),
             tag="failed"),
        Node(f"Alongside (alongside): {FAILED}; give target: for what it changes", cite=str(ALONGSIDE_CITE),
             tag="step"),
        Node(f"Late (late) grants a re-roll: {ONES}", (Node("d is True"),), tag="applied"),
    )


def test_a_reroll_of_any_roll_without_a_target_is_named_not_counted() -> None:
    granted, nodes = _granted({"a": True, "b": True, "c": False, "d": False}, None)
    assert granted == ()  # closest's 1s are replaced by objective's re-roll of any roll, which needs a target
    assert nodes[:2] == (
        Node("Closest target (closest): replaced by the improved rule objective", cite=str(CITE), tag="suppressed"),
        Node(f"objective (objective): {REROLLS['all']}; give target: for what it changes", tag="step"),
    )


def test_without_a_reason_giver_the_nodes_rest_on_nothing() -> None:
    facts = {"a": True, "b": False, "c": False, "d": False}
    granted, nodes = pack_rerolls(RULES, (), lambda e: facts[e.text], 3)
    assert granted == ("ones",)
    assert all(n.because == () for n in nodes)


# -- which quantities take the roll keys -----------------------------------------------------------------------------

KEYS = ("target", "reroll", "unmodified", "reroll_for")
SPANS = {f"({key})": Span("s.yaml", line, 1) for line, key in enumerate(KEYS, start=1)}


def _situation(keys: tuple[str, ...] = (), target: int | None = None, reroll: tuple[str, ...] = (),
               reroll_for: str = "pass", unmodified: tuple[int, ...] = ()) -> SimpleNamespace:
    return SimpleNamespace(where={f"({k})": SPANS[f"({k})"] for k in keys}, target=target, reroll=reroll,
                           reroll_for=reroll_for, unmodified=unmodified)


@pytest.mark.parametrize(("keys", "placed"), [
    (("target", "reroll", "unmodified", "reroll_for"), "target"), (("reroll", "unmodified"), "reroll"),
    (("unmodified", "reroll_for"), "unmodified"), (("reroll_for",), "reroll_for"),
])
def test_a_quantity_that_is_no_roll_refuses_the_keys_at_the_first_one_written(keys: tuple[str, ...],
                                                                              placed: str) -> None:
    with pytest.raises(RulingsError) as caught:
        check_roll_keys(SimpleNamespace(name="S", kind="characteristic"), _situation(keys), None)
    assert caught.value.message == "S is not a roll: it takes no target:, reroll:, unmodified: or reroll_for:"
    assert caught.value.where == SPANS[f"({placed})"]
    assert caught.value.hint == "these describe dice: ask a roll quantity such as hit_roll"


def test_a_score_says_its_answer_already_is_the_chance() -> None:
    with pytest.raises(RulingsError) as caught:
        check_roll_keys(SimpleNamespace(name="to_hit", kind="score"), _situation(("target",)), None)
    assert caught.value.hint == ("to_hit is the score needed, and its answer already gives the chance of reaching it; "
                                 "these keys describe a roll quantity's dice")


@pytest.mark.parametrize("kind", ["roll", "total"])
def test_the_situations_target_comes_before_the_packs(kind: str) -> None:
    q = SimpleNamespace(name="charge", kind=kind)
    assert check_roll_keys(q, _situation(("target",), target=9), 7) == 9
    assert check_roll_keys(q, _situation(), 7) == 7
    assert check_roll_keys(q, _situation(reroll=("ones",)), None) is None


def test_fishing_needs_a_result_to_fish_for() -> None:
    with pytest.raises(RulingsError) as caught:
        check_roll_keys(SimpleNamespace(name="hit_roll", kind="roll"),
                        _situation(("target", "reroll_for"), target=3, reroll_for="unmodified"), None)
    assert caught.value.message == "reroll_for: unmodified re-rolls for an unmodified result, but none is given"
    assert (caught.value.where, caught.value.hint) == (SPANS["(reroll_for)"], "give the result it fishes for: "
                                                                               "unmodified: 6")


def test_a_failed_roll_reroll_needs_a_target_from_the_situation_or_the_pack() -> None:
    q = SimpleNamespace(name="hit_roll", kind="roll")
    with pytest.raises(RulingsError) as caught:
        check_roll_keys(q, _situation(("reroll",), reroll=("ones", "failed")), None)
    assert caught.value.message == "re-rolling a failed roll (ones, failed) needs what the roll must reach"
    assert (caught.value.where, caught.value.hint) == (SPANS["(reroll)"], 'give target: in the situation, e.g. '
                                                                           'target: "3+"')
    assert check_roll_keys(q, _situation(("reroll",), reroll=("all",)), 4) == 4
    with pytest.raises(RulingsError, match=r"re-rolling a failed roll \(all\) needs what the roll must reach"):
        check_roll_keys(q, _situation(("reroll",), reroll=("all",)), None)


# -- the exact distribution, called wrongly --------------------------------------------------------------------------


def test_an_unknown_reroll_is_a_programming_error_naming_the_first_in_order() -> None:
    with pytest.raises(ValueError, match=r"^unknown re-roll 'sixes'$"):
        after_rerolls(1, 6, ["twos", "ones", "sixes"], lambda total: total < 4)


@pytest.mark.parametrize("reroll", [["failed"], ["all"], ["ones", "all"]])
def test_rerolling_what_fails_needs_to_know_what_fails(reroll: list[str]) -> None:
    with pytest.raises(ValueError, match=r"^re-rolling a failed roll needs what the roll must reach$"):
        after_rerolls(1, 6, reroll)
    assert after_rerolls(1, 6, reroll, lambda total: total < 2)[1] == F(1, 36)  # a 1 re-rolled into a 1


def test_a_chance_is_an_exact_fraction_even_when_nothing_wins() -> None:
    nothing = chance({1: F(1, 2), 2: F(1, 2)}, lambda result: result > 2)
    assert nothing == 0 and isinstance(nothing, Fraction)
    assert chance({1: F(1, 3), 2: F(2, 3)}, lambda result: result >= 2) == F(2, 3)

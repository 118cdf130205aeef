"""Why a rule did not count (`solver.space.whynot`), checked where mutation testing found nothing watching
(`python tools/mutate.py solver/space/whynot.py`).

Every expected value is worked out by hand from the small packs written here (a `score` of base 4 that a +1
raises to 5+ and a -1 lowers to 3+) and from the built-in packs' own texts: which rule holds, which policy beats
it, which reading it is tied to, and which values of a fact make its condition hold.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Any

import pytest

from kb.errors import RulingsError, UnknownName
from kb.loader import load_pack
from kb.model import Pack
from solver import Effect, Situation, ask
from solver.derivation import Node
from solver.ruling import Applied, Ruling
from solver.settle import Suppression
from solver.space.whynot import (
    MAX_CHANGED,
    Change,
    _changeable,
    _merged,
    _modifier,
    _reason,
    replay_command,
    rule_counts,
    smallest_changes,
    why_not,
)
from tests.solver.small_packs import bools, keen_damage, pack, pack_text

FANTASY, WH40K = load_pack("fantasy"), load_pack("wh40k")
HIT = "hit: {kind: score, base: 4}"
"""The quantity of every small pack here: a score of 4+, raised by a +1 and lowered by a -1."""


def small(*modifiers: str, facts: Sequence[str], **sections: str | Sequence[str]) -> Pack:
    """A pack of `facts` whose quantity `hit` (4+) the `modifiers` change."""
    return pack(pack_text(facts=list(facts), quantities=HIT, modifiers=list(modifiers), **sections))


def ranges(p: Pack, given: dict[str, Any], rule: str = "r") -> list[dict[str, Any]]:
    """The smallest changes that make `rule` count for `hit`, each as its facts' ranges."""
    return [dict(c.ranges) for c in why_not(p, "hit", rule, Situation(given=given)).changes]


def ruling(display: str = "4+", **fields: Any) -> Ruling:
    """A ruling made by hand, whose derivation says nothing of any rule."""
    return Ruling("p", "hit", 4, display, Node(f"hit: {display}"), **fields)


# -- Change.describe (and the values it writes) ------------------------------------------------


@pytest.mark.parametrize(("value", "text"), [
    ((0, 2), "0..2"),  # an int range
    ((1, 2, 3), "{1, 2, 3}"),  # three values are a set, never a range
    (("short", "long"), "{short, long}"),  # two enum values are a set in the order given
    (("1", "5", "7..9"), "{1, 5, 7..9}"),  # values apart from each other, as text
    (3, "3"),
    (True, "true"),
    (frozenset({"VEHICLE", "MONSTER"}), "[MONSTER, VEHICLE]"),
])
def test_describe_writes_a_range_a_set_or_one_value(value: Any, text: str) -> None:
    """Each range is written as a player would: `low..high`, `{a, b}` or the one value as `--given` takes it."""
    assert Change((("n", 0),), "4+", ruling(), (("n", value),)).describe() == f"n = {text}"


def test_describe_joins_every_fact_of_the_change_and_prefers_the_ranges() -> None:
    """The ranges (every value that works) are described, not the one value of each given."""
    change = Change((("target.unit_strength", 2), ("shooter.moved", True)), "5+", ruling(),
                    (("target.unit_strength", (0, 2)), ("shooter.moved", True)))
    assert change.describe() == "target.unit_strength = 0..2, shooter.moved = true"


def test_describe_without_ranges_writes_the_given_values() -> None:
    """A change made without ranges is described from its given values."""
    assert Change((("mode", "close"), ("n", 4)), "4+", ruling()).describe() == "mode = close, n = 4"


# -- replay_command ------------------------------------------------------------------------------


def test_replay_command_gives_the_situation_then_the_change() -> None:
    """The situation's facts come first, each `--given NAME=VALUE` as `rulings ask` reads it, then the change."""
    change = Change((("shooter.moved", True),), "5+", ruling())
    assert replay_command("fantasy", "to_hit", change, given={"shooter.bs": 3}) == (
        "rulings ask fantasy to_hit --given shooter.bs=3 --given shooter.moved=true")


def test_replay_command_names_the_situation_file_and_lets_the_change_win() -> None:
    """A fact both the situation and the change give is given once, with the change's value, where it was."""
    change = Change((("shooter.moved", True),), "5+", ruling())
    command = replay_command("fantasy", "to_hit", change, situation_file="shot.yaml",
                             given={"shooter.moved": False, "shooter.bs": 3})
    assert command == ("rulings ask fantasy to_hit --situation shot.yaml "
                       "--given shooter.moved=true --given shooter.bs=3")


def test_replay_command_quotes_a_value_with_a_space_for_the_shell() -> None:
    """A keywords value holds a space: the whole `NAME=VALUE` is quoted, so the shell passes it as one word."""
    change = Change((("attacker.keywords", frozenset({"VEHICLE", "MONSTER"})),), "D6-1", ruling())
    command = replay_command("wh40k", "hit_roll", change)
    assert command == "rulings ask wh40k hit_roll --given 'attacker.keywords=[MONSTER, VEHICLE]'"
    assert shlex.split(command)[-1] == "attacker.keywords=[MONSTER, VEHICLE]"


def test_replay_command_quotes_a_pack_or_situation_path_with_a_space() -> None:
    change = Change((("shooter.moved", True),), "5+", ruling())
    command = replay_command("my packs/house.yaml", "to_hit", change, situation_file="my shots/shot 1.yaml")
    assert command == ("rulings ask 'my packs/house.yaml' to_hit --situation 'my shots/shot 1.yaml' "
                       "--given shooter.moved=true")
    assert shlex.split(command)[2:6] == ["my packs/house.yaml", "to_hit", "--situation", "my shots/shot 1.yaml"]


def test_a_change_replays_through_rulings_ask(monkeypatch: pytest.MonkeyPatch, tmp_path: Any,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Seed (fantasy): "A model that moved ... suffering a -1 shooting modifier": BS 3 needs 4+, moved 5+;
    the replay command, run, answers the change's 5+."""
    from rulings.cli import main

    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))
    given = {"shooter.bs": 3}
    (change,) = why_not(FANTASY, "to_hit", "moved", Situation(given=given)).changes
    assert change.display == "5+"
    assert main(shlex.split(replay_command("fantasy", "to_hit", change, given=given))[1:]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "The score needed to hit on a D6: 5+ (chance 1/3)"


# -- rule_counts -----------------------------------------------------------------------------------

ENUMS = small(
    "r: {quantity: hit, change: +1, when: a}",
    "s: {quantity: hit, change: -1, when: m == 'Near'}",
    "t: {quantity: hit, change: +2, when: a and m == 'Far' and b}",
    facts=[*bools("a", "b"), "m: {type: enum, values: [Near, Far]}"])
"""`m` has no default: a situation that does not give it leaves the ruling in cases, Near then Far."""


def test_a_rule_that_counts_in_every_case_counts() -> None:
    """r holds whatever m is (a is given), s only when m is Near: r counts, s does not."""
    both = ask(ENUMS, "hit", Situation(given={"a": True}))
    assert [c.when for c in both.cases or ()] == [(("m", "Near"),), (("m", "Far"),)]
    assert (rule_counts(both, "r"), rule_counts(both, "s")) == (True, False)


# -- why_not ---------------------------------------------------------------------------------------


def test_why_not_refuses_groups_and_says_what_to_give_instead() -> None:
    """Groups are resolved separately: why-not asks about one of them, given as plain facts."""
    split = Situation(groups=(("clear", Situation(given={"shooter.bs": 3})),))
    with pytest.raises(RulingsError, match=r"^why-not asks about one group of shots at a time") as error:
        why_not(FANTASY, "to_hit", "moved", split)
    assert error.value.hint == "drop groups: and give that group's facts instead"


def test_a_rule_that_counts_is_answered_with_its_ruling_and_no_change() -> None:
    """Seed: "A model that moved ... suffering a -1 shooting modifier": moved counts, and how is its reason."""
    situation = Situation(given={"shooter.bs": 3, "shooter.moved": True})
    result = why_not(FANTASY, "to_hit", "moved", situation)
    assert (result.pack, result.quantity, result.rule, result.status) == ("fantasy", "to_hit", "moved", "counts")
    assert result.ruling == ask(FANTASY, "to_hit", situation)
    assert result.changes == ()
    assert (result.reason.claim, result.reason.tag) == ("moved -1 counts", "applied")
    assert result.reason.cite is not None and "A model that moved for any reason" in result.reason.cite


def test_a_rule_that_counts_is_offered_no_change_even_one_it_would_survive() -> None:
    """Seed: "a lone model with Unit Strength 2 or less": at Unit Strength 1 lone_model counts, and Unit Strength 2
    would keep it counting, but a rule that counts needs no change at all."""
    situation = Situation(given={"shooter.bs": 3, "target.lone_model": True, "target.unit_strength": 1})
    assert rule_counts(ask(FANTASY, "to_hit", situation.with_given({"target.unit_strength": 2})), "lone_model")
    result = why_not(FANTASY, "to_hit", "lone_model", situation)
    assert (result.status, result.changes) == ("counts", ())


def test_a_rule_that_does_not_count_is_answered_with_its_pack_quantity_and_ruling() -> None:
    """BS 3 needs 4+; the answer names the pack, quantity and rule asked about, and the ruling as it is."""
    situation = Situation(given={"shooter.bs": 3})
    result = why_not(FANTASY, "to_hit", "moved", situation)
    assert (result.pack, result.quantity, result.rule, result.status) == ("fantasy", "to_hit", "moved", "failed")
    assert result.ruling.display == "4+"
    assert [c.given for c in result.changes] == [(("shooter.moved", True),)]


FLAGS = [f"f{i:02}" for i in range(65)]
ANY_FLAG = small(f"r: {{quantity: hit, change: +1, when: {' or '.join(FLAGS)}}}", facts=bools(*FLAGS))
"""r holds when any of 65 flags does: each flag alone is a smallest change, 65 of them."""


def test_why_not_lists_at_most_64_changes_unless_told_otherwise() -> None:
    """65 single flags make r count; the answer keeps the first 64 (f00 to f63), or as many as `limit` says."""
    assert [c.given for c in why_not(ANY_FLAG, "hit", "r", Situation()).changes] == [
        ((f, True),) for f in FLAGS[:64]]
    assert [c.given for c in why_not(ANY_FLAG, "hit", "r", Situation(), limit=2).changes] == [
        (("f00", True),), (("f01", True),)]


def test_smallest_changes_lists_at_most_64_changes_by_default() -> None:
    """The search itself keeps 64 changes when no limit is given."""
    found = smallest_changes(ANY_FLAG, "hit", Situation(), lambda r: rule_counts(r, "r"), FLAGS)
    assert len(found) == 64
    assert found[-1].given == (("f63", True),)


def test_a_change_touches_at_most_three_facts() -> None:
    """r needs three flags and u four: r has the one change of three, u none (beyond `MAX_CHANGED`)."""
    assert MAX_CHANGED == 3
    p = small("r: {quantity: hit, change: +1, when: a and b and c}",
              "u: {quantity: hit, change: +1, when: a and b and c and d}", facts=bools("a", "b", "c", "d"))
    assert ranges(p, {}) == [{"a": True, "b": True, "c": True}]
    assert ranges(p, {}, "u") == []


def test_a_constraint_brings_its_facts_along_with_the_rules_own() -> None:
    """r needs a and long range; close combat forbids long range: the change sets all three, a included."""
    p = small("r: {quantity: hit, change: +1, when: a and long}", facts=bools("a", "long", "close"),
              constraints="no_long_in_close: {require: not (long and close)}")
    assert ranges(p, {"close": True}) == [{"a": True, "close": False, "long": True}]


# -- _modifier -------------------------------------------------------------------------------------


def test_an_unknown_quantity_is_named_with_a_did_you_mean() -> None:
    """The rule is looked up among the quantity's: a misspelt quantity is refused first, with the right name."""
    with pytest.raises(UnknownName, match=r"^unknown quantity 'to_hti'") as error:
        _modifier(FANTASY, "to_hti", "moved", Situation())
    assert (error.value.name, error.value.hint) == ("to_hti", "did you mean 'to_hit'?")


def test_an_ad_hoc_effect_is_a_rule_without_a_modifier() -> None:
    """An effect in play is a rule of the quantity, but no modifier of the pack stands behind it."""
    slow = Situation(base=6, effects=(Effect("Slow", "-2"),))
    assert _modifier(WH40K, "M", "Slow", slow) is None
    with pytest.raises(UnknownName, match=r"^unknown rule of M 'Slow'"):
        why_not(WH40K, "M", "Slow", Situation(base=6))


def test_a_misspelt_effect_is_refused_naming_the_effects_in_play() -> None:
    """Another effect in play does not make any name a rule: "Slowe" is refused, "Slow" suggested."""
    with pytest.raises(UnknownName, match=r"^unknown rule of M 'Slowe'") as error:
        why_not(WH40K, "M", "Slowe", Situation(base=6, effects=(Effect("Slow", "-2"),)))
    assert error.value.hint == "did you mean 'Slow'?"


# -- _reason ---------------------------------------------------------------------------------------

FREED = small("r: {quantity: hit, change: +1, when: a and m == 'Near'}",
              facts=[*bools("a", "b"), "d: {type: bool, derive: a or b}", "m: {type: enum, values: [Near, Far]}"])
"""Giving d (a or b) frees a and b: with m unknown too, the ruling is in cases of a and m."""


def test_a_rule_that_counts_in_some_cases_names_them() -> None:
    """d given true leaves a and m unknown: r counts only when a is true and m is Near (cases a, m as written)."""
    result = why_not(FREED, "hit", "r", Situation(given={"d": True}))
    assert result.status == "unknown"
    assert result.reason == Node("r counts only in some cases: the situation leaves facts unknown",
                                 (Node("when a = true, m = Near: r counts"),), tag="cases")


def test_a_rule_that_counts_in_no_case_is_explained_from_the_first() -> None:
    """m unknown: t fails with m Near (the first case) and with m Far; the reason is the first case's, where
    m == 'Far' is one of the parts that fail."""
    result = why_not(ENUMS, "hit", "t", Situation())
    assert result.status == "failed"
    assert result.reason.claim == "t does not apply: a and m == 'Far' and b fails"
    assert [n.claim for n in result.reason.because] == ["a: no", "m == 'Far' fails (m = Near)", "b: no"]


def test_an_automatic_hit_makes_no_modifier_count() -> None:
    """Seed: "Some unusual attacks ... hit automatically ... skip the To Hit roll entirely": moved cannot count."""
    situation = Situation(given={"shooter.bs": 3, "shooter.moved": True, "attack.auto_hit": True})
    result = why_not(FANTASY, "to_hit", "moved", situation)
    assert result.status == "automatic"
    assert result.reason == Node("moved does not count: no roll is made, so no modifier counts",
                                 (ask(FANTASY, "to_hit", situation).explanation,), tag="automatic")


READINGS = small(
    "rally: {quantity: hit, change: +2, when: banner, under: {further: generous, pace: quick}}",
    facts=bools("banner"),
    readings=["further:", "  sentence: the band marches further", "  options: {strict: no change, generous: two more}",
              "  default: strict", "pace:", "  sentence: at a quick pace", "  options: {slow: walking, quick: running}",
              "  default: quick"])
"""rally is in force only under both readings `further = generous` and `pace = quick` (the first is not the default)."""


def test_a_rule_tied_to_readings_not_in_force_is_inactive() -> None:
    """With a banner, rally would count, but under the default reading `further = strict` it is not in force."""
    for reading in ({}, {"further": "generous", "pace": "slow"}):
        result = why_not(READINGS, "hit", "rally", Situation(given={"banner": True}, reading=reading))
        assert result.status == "inactive"
        assert result.reason == Node("rally is only in force under reading further = generous, reading pace = quick",
                                     tag="inactive")
        assert result.changes == ()  # no fact puts a reading in force
    counted = why_not(READINGS, "hit", "rally", Situation(given={"banner": True}, reading={"further": "generous"}))
    assert counted.status == "counts"


def test_a_suppressed_rule_names_the_policy_and_its_sentence() -> None:
    """Seed: "Soft and hard cover never stack -- if both would apply, use only the -2 for hard cover." """
    situation = Situation(given={"shooter.bs": 3, "target.in_soft_cover": True, "target.in_hard_cover": True})
    reason = why_not(FANTASY, "to_hit", "soft_cover", situation).reason
    assert reason.claim == ("soft_cover does not count, hard_cover counts instead (cover_never_stacks: soft and hard "
                            "cover never stack; with both, only hard cover counts)")
    assert reason.tag == "suppressed"
    assert reason.cite is not None and "Soft and hard cover never stack" in reason.cite


def test_an_ignored_effect_names_the_choice_that_ignores_it() -> None:
    """Seed (wh40k): "You can choose to ignore the -2\\" M": the reason holds the choice, ignoring Slow is best."""
    situation = Situation(given={"unit.ignores_modifiers": True}, base=6,
                          effects=(Effect("Slow", "-2"), Effect("Boost", "+2")))
    result = why_not(WH40K, "M", "Slow", situation)
    (choice,) = [n for _, n in ask(WH40K, "M", situation).explanation.lines() if n.tag == "ignored"]
    assert choice.claim.startswith("choice (ignore_modifiers)") and choice.claim.endswith("best is ignoring Slow")
    assert (result.status, result.reason) == (
        "ignored", Node("Slow is ignored by a permitted choice", (choice,), tag="ignored"))


@pytest.mark.parametrize(("made", "status", "reason"), [
    (ruling(applied=(Applied("r", "+1"),)), "counts", Node("r counts")),
    (ruling(suppressed=(Suppression("r", "s", "p"),)), "suppressed", Node("r does not count, s counts instead (p)")),
    (ruling(ignored=("r",)), "ignored", Node("r is ignored by a permitted choice", tag="ignored")),
    (ruling(), "failed", Node("r does not apply", tag="failed")),
], ids=["counts", "suppressed", "ignored", "failed"])
def test_a_derivation_that_does_not_say_why_gets_a_plain_reason(made: Ruling, status: str, reason: Node) -> None:
    """A ruling whose derivation has no node for the rule is still explained, from the ruling's own lists."""
    assert _reason(FANTASY, made, None, "r", Situation()) == (status, reason)


# -- smallest_changes ------------------------------------------------------------------------------


def test_changes_that_change_the_answer_come_first() -> None:
    """a makes r (+1) and t (-1) count, still 4+; b makes r alone count, 5+: b first, though a sorts first."""
    p = small("r: {quantity: hit, change: +1, when: a or b}", "t: {quantity: hit, change: -1, when: a}",
              facts=bools("a", "b"))
    changes = why_not(p, "hit", "r", Situation()).changes
    assert [(c.given, c.display) for c in changes] == [((("b", True),), "5+"), ((("a", True),), "4+")]
    for change in changes:  # each keeps the ruling it gives, in which r counts
        assert change.ruling.display == change.display and rule_counts(change.ruling, "r")


def test_leaving_the_situation_as_it_is_is_no_change() -> None:
    """4+ already; wanting 4+ needs a (+1) and b (-1) together: a change always changes some fact."""
    p = small("r: {quantity: hit, change: +1, when: a}", "s: {quantity: hit, change: -1, when: b}",
              facts=bools("a", "b"))
    found = smallest_changes(p, "hit", Situation(), lambda r: r.display == "4+", ["a", "b"])
    assert [c.given for c in found] == [(("a", True), ("b", True))]


# -- _merged and the ranges it writes --------------------------------------------------------------


def ints(when: str) -> list[dict[str, Any]]:
    """The smallest changes that make r count when `when` holds of n (0 to 200, given 0)."""
    return ranges(small(f"r: {{quantity: hit, change: +1, when: {when}}}",
                        facts=["n: {type: int, range: [0, 200]}"]), {"n": 0})


def test_one_int_value_is_written_alone() -> None:
    """Only 90 makes r count: the change is n = 90, not the range 90..90."""
    assert ints("n == 90") == [{"n": 90}]


def test_int_values_apart_are_each_written() -> None:
    """100 to 102 and 105 to 106: five values, listed one by one (never read as the range 100..106)."""
    assert ints("(n >= 100 and n <= 102) or (n >= 105 and n <= 106)") == [
        {"n": ("100", "101", "102", "105", "106")}]


def test_64_int_values_are_listed_and_65_are_written_as_runs() -> None:
    """10 to 72 and 90 are 64 values, each listed; 10 to 73 and 90 are 65, written as the runs `10..73` and `90`."""
    assert ints("(n >= 10 and n <= 72) or n == 90") == [{"n": (*map(str, range(10, 73)), "90")}]
    assert ints("(n >= 10 and n <= 73) or n == 90") == [{"n": ("10..73", "90")}]


def test_enum_values_are_merged_in_the_packs_order() -> None:
    """r needs a and any range but medium: a with short or long is one change, short before long as declared."""
    p = small("r: {quantity: hit, change: +1, when: a and k != 'medium'}",
              facts=[*bools("a"), "k: {type: enum, values: [short, medium, long]}"])
    assert ranges(p, {"k": "medium"}) == [{"a": True, "k": ("short", "long")}]


def test_changes_that_differ_in_two_facts_stay_apart() -> None:
    """(k y, j p) and (k z, j q) make r count, but k z with j p does not: they are two changes, not one."""
    p = small("r: {quantity: hit, change: +1, when: (k == 'y' and j == 'p') or (k == 'z' and j == 'q')}",
              facts=["k: {type: enum, values: [x, y, z]}", "j: {type: enum, values: [o, p, q]}"])
    found = ranges(p, {"k": "x", "j": "o"})
    assert sorted(found, key=str) == [{"j": "p", "k": "y"}, {"j": "q", "k": "z"}]


def test_a_derived_int_keeps_the_values_that_work() -> None:
    """t is a + b (neither given); r needs c and t at 2 or 5: giving t directly frees a and b, and the change's
    values of t are exactly 2 and 5."""
    p = small("r: {quantity: hit, change: +1, when: c and (t == 2 or t == 5)}",
              facts=[*bools("c"), "a: {type: int, range: [0, 6]}", "b: {type: int, range: [0, 6]}",
                     "t: {type: int, range: [0, 12], derive: a + b}"])
    (change,) = ranges(p, {})
    assert change.keys() == {"c", "t"} and change["c"] is True
    assert sorted(int(v) for v in change["t"]) == [2, 5]
    for t in (2, 5):
        assert rule_counts(ask(p, "hit", Situation(given={"c": True, "t": t})), "r")
    (found,) = why_not(p, "hit", "r", Situation()).changes
    assert found.describe() == "c = true, t = {2, 5}"  # 3 and 4 do not make r count: never "2..5"


def test_a_rule_that_counts_whatever_the_unknown_fact_counts() -> None:
    """r needs a alone; m is unknown (the ruling splits into Near and Far) but r counts in both: no change."""
    result = why_not(ENUMS, "hit", "r", Situation(given={"a": True}))
    assert (result.status, result.changes) == ("counts", ())
    assert why_not(ENUMS, "hit", "s", Situation(given={"a": True})).status == "unknown"


KEYWORDS = small(
    "r: {quantity: hit, change: +1, when: \"matches('ALPHA/BETA', kw)\"}",
    "s: {quantity: hit, change: -1, when: \"matches('ALPHA', kw)\"}",
    "t: {quantity: hit, change: -1, when: \"matches('GAMMA', kw)\"}",
    facts=["kw: {type: keywords, default: [], text: the unit's keywords}"])
"""r counts for ALPHA or BETA; GAMMA, told apart by t, makes ALPHA GAMMA and BETA GAMMA further classes."""


def kw(*keywords: str) -> tuple[tuple[str, frozenset[str]], ...]:
    return (("kw", frozenset(keywords)),)


def test_a_keyword_set_holding_another_is_no_smaller_change() -> None:
    """ALPHA or BETA alone make r count; ALPHA GAMMA and BETA GAMMA hold them and are left out. BETA (5+) comes
    before ALPHA, which s's -1 leaves at 4+."""
    changes = why_not(KEYWORDS, "hit", "r", Situation()).changes
    assert [(c.given, c.ranges, c.display) for c in changes] == [
        (kw("BETA"), kw("BETA"), "5+"), (kw("ALPHA"), kw("ALPHA"), "4+")]


@pytest.mark.parametrize("given", [
    [kw("ALPHA", "GAMMA"), kw("ALPHA")],
    [kw("ALPHA"), kw("ALPHA", "GAMMA")],
])
def test_the_smaller_keyword_set_is_kept_whichever_comes_first(given: list[tuple[Any, ...]]) -> None:
    """Of two keyword sets one of which holds the other, the smaller is the change, found first or not."""
    merged = _merged(KEYWORDS, [Change(g, "5+", ruling("5+")) for g in given])
    assert [c.given for c in merged] == [kw("ALPHA")]


def test_changes_to_a_bool_fact_are_never_merged() -> None:
    """true and false are no range: two changes that differ in a bool fact only stay two."""
    p = small("r: {quantity: hit, change: +1, when: a}", facts=bools("a"))
    merged = _merged(p, [Change((("a", True),), "5+", ruling("5+")), Change((("a", False),), "4+", ruling())])
    assert [c.ranges for c in merged] == [(("a", True),), (("a", False),)]


# -- _changeable -----------------------------------------------------------------------------------


def test_the_facts_worth_changing_are_the_rules_and_what_could_beat_it() -> None:
    """r reads a; s (which beats r under policy p when c) reads b; the constraint on a brings z, the one on x
    and y reads nothing of them. A rule that counts needs only its own facts."""
    p = small("r: {quantity: hit, change: +1, when: a}", "s: {quantity: hit, change: -1, when: b}",
              facts=bools("a", "b", "c", "x", "y", "z"),
              policies="p: {kind: exclusive, rules: [s, r], keep: first, when: c}",
              constraints=["apart: {require: not (x and y)}", "a_or_z: {require: not (a and z)}"])
    r = p.modifiers["r"]
    assert _changeable(p, "hit", r, "failed") == {"a", "b", "c", "z"}
    assert _changeable(p, "hit", r, "counts") == {"a", "z"}


def test_a_rule_on_a_value_that_can_never_be_modified_applies_but_changes_nothing() -> None:
    """keen holds (the weapon is keen) but damage is '-': the rule's condition did not fail, the value is fixed."""
    keen = pack(keen_damage())
    result = why_not(keen, "damage", "keen", Situation(base="-", given={"weapon.keen": True}))
    assert (result.status, result.changes) == ("no effect", ())
    assert [(depth, node.claim) for depth, node in result.reason.lines()] == [
        (0, "keen applies, but changes nothing"), (1, "damage is '-': it can never be modified"),
        (1, "no effect: keen (+1)")]
    assert why_not(keen, "damage", "keen", Situation(base=2)).status == "failed"  # not keen: its condition fails


def test_no_effect_names_the_rule_itself_not_one_whose_name_it_begins() -> None:
    """"keen" is not among the rules of "no effect: keener (+1)": its own condition failed."""
    both = pack(pack_text("r", facts=bools("weapon.keen", "weapon.keener"),
                          quantities="damage: {kind: characteristic, characteristic: number}",
                          modifiers=["keen: {quantity: damage, change: +1, when: weapon.keen}",
                                     "keener: {quantity: damage, change: +1, when: weapon.keener}"]))
    fixed = Situation(base="-", given={"weapon.keen": False, "weapon.keener": True})
    assert why_not(both, "damage", "keen", fixed).status == "failed"
    assert why_not(both, "damage", "keener", fixed).status == "no effect"


def test_the_command_says_a_rule_on_a_fixed_value_applies(monkeypatch: pytest.MonkeyPatch, tmp_path: Any,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """`rulings why-not` heads the answer with the status in words, then the reason's lines."""
    from rulings.cli import main

    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "keen.yaml"
    path.write_text(keen_damage(), encoding="utf-8")
    assert main(["why-not", str(path), "damage", "keen", "--base", "-", "--given", "weapon.keen=true"]) == 0
    assert capsys.readouterr().out.splitlines()[:5] == [
        "keen (damage): it applies, but the value cannot be modified", "", "keen applies, but changes nothing",
        "  damage is '-': it can never be modified", "  no effect: keen (+1)"]

"""`check`: every finding a pack's rules give, checked where mutation testing found nothing watching
(`python tools/mutate.py solver/space/check.py`).

Each pack here is a few lines written for one finding; what the finding must say is worked out from those lines
(which rules can hold together, what a clamp leaves of a pool, which condition contradicts itself), never read
back from `check` itself. `pack_text` writes each section's heading and each entry on a line of its own, so the
line a finding cites counts as in the YAML written out: `pack:` is line 1, `facts:` line 2, the first fact line 3.
"""

from __future__ import annotations

import pytest

from kb.errors import PackError
from solver.space.check import Finding, check_pack, load_findings
from tests.solver.small_packs import DICE, bools, keen_damage, pack, pack_text, rerolling
from tests.terminal import watched

THREE_DICE = "dice: {kind: pool, base: 3}"
AT_LEAST_ONE = "at_least_one: {kind: clamp, quantity: dice, min: 1}"


def _ups(quantity: str) -> list[str]:
    """Two rules that each raise `quantity` by 1: `up` where unit.a holds, `up2` where unit.b does."""
    return [f"up: {{quantity: {quantity}, change: +1, when: unit.a}}",
            f"up2: {{quantity: {quantity}, change: +1, when: unit.b}}"]


def findings(text: str, *overlays: str) -> list[Finding]:
    """What `check` finds in the pack `text`, or what keeps it from loading."""
    try:
        return check_pack(pack(text, *overlays))
    except PackError as e:
        return load_findings(e)


def names(f: Finding) -> list[str]:
    """The rules and policies a finding cites, by name."""
    return [name for name, _ in f.rules]


def lines(f: Finding) -> list[tuple[str, int]]:
    """The rules and policies a finding cites, each with the line it is written on."""
    return [(name, where.line) for name, where in f.rules]


# -- a pack that does not load -----------------------------------------------------------------------------------


def test_a_cycle_of_three_derived_facts_says_each_step_and_what_to_do() -> None:
    (f,) = findings(pack_text(facts=["a.x: {type: bool, derive: c.x}", "b.x: {type: bool, derive: a.x}",
                                     "c.x: {type: bool, derive: b.x}"],
                              quantities=THREE_DICE, modifiers="m: {quantity: dice, change: +1, when: a.x}"))
    assert (f.severity, f.kind, f.key) == ("error", "cycle", "cycle.a.x+b.x+c.x")
    assert f.message == ("a.x -> b.x -> c.x -> a.x: b.x is derived from a.x, c.x is derived from b.x and a.x is "
                         "derived from c.x, so none of them can be worked out; derive one of them from base facts "
                         "(or from facts derived from base facts) only.")
    assert lines(f) == [("a.x", 3), ("b.x", 4), ("c.x", 5)]


def test_a_cycle_of_overrides_names_each_policy_once() -> None:
    """p beats q, q beats r, r beats p: no rule comes first. Each policy is cited after the rules, once."""
    (f,) = findings(pack_text(facts=bools("a.x"), quantities=THREE_DICE,
                              modifiers=[f"{rule}: {{quantity: dice, change: +1, when: a.x}}" for rule in "pqr"],
                              policies=["o1: {kind: override, rule: p, over: [q]}",
                                        "o2: {kind: override, rule: q, over: [r]}",
                                        "o3: {kind: override, rule: r, over: [p]}"]))
    assert (f.severity, f.kind, f.key) == ("error", "cycle", "cycle.p+q+r")
    assert f.message == ("p -> q -> r -> p: no rule comes first: p beats q by o1, q beats r by o2 and r beats p by "
                         "o3; change one of these policies so that one rule comes first.")
    assert names(f) == ["p", "q", "r", "o1", "o2", "o3"]


def test_a_load_error_is_a_finding_placed_where_it_is_and_says_its_hint() -> None:
    found = findings(pack_text(facts=bools("shooter.moved"), quantities=THREE_DICE,
                               modifiers="moved: {quantity: dice, change: -1, when: shooter.movd}"))
    (f,) = found
    assert (f.severity, f.kind, f.key) == ("error", "load_error", "load_error.p.yaml:7:45")  # the name's column
    assert f.message == "modifiers.moved.when: unknown fact 'shooter.movd' (did you mean 'shooter.moved'?)"
    assert [(name, str(where)) for name, where in f.rules] == [("p.yaml:7:45", "p.yaml:7:45")]


def test_a_problem_with_no_place_or_members_is_still_a_finding() -> None:
    from kb.errors import RuleCycle, RulingsError

    plain = load_findings(RulingsError("something is wrong"))
    assert [(f.kind, f.key, f.message, f.rules) for f in plain] == [
        ("load_error", "load_error.", "something is wrong", ())]
    bare = load_findings(RuleCycle(["a", "b"]))  # a cycle that names nothing where it is written
    assert [(f.kind, f.key, f.message) for f in bare] == [
        ("cycle", "cycle.", "cycle: a -> b -> a (break the cycle: a rule cannot depend on itself)")]


# -- rules that can never apply --------------------------------------------------------------------------------

REROLLS = pack_text(facts=bools("unit.a", "unit.b"),
                    quantities=rerolling("hit", "{name: r1, reroll: ones, when: unit.a}",
                                         "{name: r2, reroll: all, when: not unit.a, improves: r1}",
                                         "{name: r3, reroll: failed, when: unit.b, improves: r2}"),
                    modifiers="m: {quantity: hit, change: +1, when: unit.b}")


def test_an_improved_re_roll_needs_the_conditions_of_every_rule_it_improves() -> None:
    """r2 improves r1: it needs a and not a, which never hold together; r3 improves r2, so it needs r1's and
    r2's conditions too."""
    found = findings(REROLLS)
    assert [(f.severity, f.kind, f.key, f.quantity, f.cause) for f in found] == [
        ("error", "dead_rule", "dead_rule.hit.r2", "hit", "contradiction"),
        ("error", "dead_rule", "dead_rule.hit.r3", "hit", "contradiction")]
    r2, r3 = found
    assert r2.message == ("the re-roll rule r2 of hit (it improves r1, so both conditions must hold) can never "
                          "apply: its condition `(not unit.a) and (unit.a)` contradicts itself: no values of its "
                          "facts satisfy it, whatever their ranges.")
    assert r3.message.startswith("the re-roll rule r3 of hit (it improves r2, which improves r1, so every one of "
                                 "their conditions must hold) can never apply: its condition "
                                 "`(unit.b) and (not unit.a) and (unit.a)` contradicts itself")
    assert lines(r2) == [("r2", 11), ("r1", 10)] and lines(r3) == [("r3", 12), ("r2", 11), ("r1", 10)]


def test_a_re_roll_ruled_out_by_a_constraint_names_it() -> None:
    text = REROLLS.replace("when: not unit.a, improves: r1", "when: unit.b, improves: r1") + \
        "constraints:\n  apart: {require: not (unit.a and unit.b)}\n"
    found = [f for f in findings(text) if f.kind == "dead_rule"]
    assert [(f.key, f.cause) for f in found] == [("dead_rule.hit.r2", "constraint"), ("dead_rule.hit.r3", "constraint")]
    assert names(found[0]) == ["r2", "r1", "apart"]
    assert "the re-roll rule r2 of hit (it improves r1, so both conditions must hold) can never apply:" in \
        found[0].message


def test_a_re_roll_alone_that_can_never_apply_says_so_without_a_chain() -> None:
    text = REROLLS.replace("when: unit.a}", "when: unit.a and not unit.a}")
    dead = [f for f in findings(text) if f.key == "dead_rule.hit.r1"]
    assert [f.message.split(":")[0] for f in dead] == ["the re-roll rule r1 of hit can never apply"]
    assert names(dead[0]) == ["r1"]


def test_a_rule_the_search_cannot_split_is_not_said_dead() -> None:
    """A keywords fact asked about eleven keywords is not split: a rule that no situation tried satisfies is only
    said maybe dead, with why."""
    many = " and ".join(f"'K{i}' in unit.kw" for i in range(11))
    text = pack_text(facts="unit.kw: {type: keywords, default: []}",
                     quantities=[THREE_DICE,
                                 *rerolling("hit", f'{{name: all_of_them, reroll: ones, when: "{many}"}}')],
                     modifiers=f'all_of_them: {{quantity: dice, change: +1, when: "{many}"}}')
    found = findings(text)
    why = ("unit.kw is asked about more than 10 keywords, or in a way the search cannot follow: not every mix of "
           "them was tried")
    assert [(f.severity, f.kind, f.key) for f in found] == [
        ("note", "unproven", "unproven.dead_rule.all_of_them"),
        ("note", "unproven", "unproven.dead_rule.hit.all_of_them")]
    assert found[0].message == (f"all_of_them may be a dead rule (no situation tried satisfies `{many}`), but this "
                                f"is not proven: {why}.")
    assert found[1].message == (f"the re-roll rule all_of_them of hit may never apply (no situation tried "
                                f"satisfies `{many}`), but this is not proven: {why}.")
    assert [f.quantity for f in found] == ["dice", "hit"]


# -- rules that hold but never change what a player is told ---------------------------------------------------

CLAMPED = pack_text(facts=bools("unit.a", "unit.b", "unit.c", "unit.d"), quantities=THREE_DICE,
                    modifiers=["up: {quantity: dice, change: +1, when: unit.a}",
                               "big: {quantity: dice, change: +2, when: unit.b}",
                               "also: {quantity: dice, change: +2, when: unit.c}",
                               "down: {quantity: dice, change: -1, when: unit.d}"],
                    policies=["most: {kind: clamp, quantity: dice, max: 3}",
                              "best: {kind: exclusive, rules: [big, also], keep: strongest}"])


def test_a_rule_a_clamp_always_absorbs_never_changes_a_ruling() -> None:
    """Three dice, at most three: +1 and +2 never show, unless -1 holds too (3 - 1 + 1 = 3 is not 2)."""
    found = findings(CLAMPED)
    never = [f for f in found if f.kind == "never_changes"]
    assert never == []  # down lets each of them show: 3 + 1 - 1 = 3, not 2
    found = findings(CLAMPED.replace("  down: {quantity: dice, change: -1, when: unit.d}\n", ""))
    never = [f for f in found if f.kind == "never_changes"]
    assert [f.key for f in never] == ["never_changes.also.dice", "never_changes.big.dice", "never_changes.up.dice"]
    up = never[-1]
    assert up.severity == "warning" and up.quantity == "dice" and lines(up) == [("up", 10)]
    assert up.message == ("up holds but never changes a ruling of dice: wherever it holds, a clamp, cap, set or "
                          "automatic result decides instead.")
    assert dict(up.witness or {}) == {"unit.a": True}
    assert up.answer == "3 dice; applied up +1; clamped most from 4 to 3"


def test_two_equally_strong_rules_of_a_strongest_group_are_an_unsettled_conflict() -> None:
    found = [f for f in findings(CLAMPED) if f.kind == "unsettled_conflict"]
    (f,) = found
    assert (f.severity, f.key, f.quantity) == ("warning", "unsettled_conflict.big+also", "dice")
    assert f.message == ("best keeps the strongest of its rules, but big and also are equally strong and both hold "
                         "here, with nothing stronger: only their listing order decides.")
    assert lines(f) == [("big", 11), ("also", 12), ("best", 16)]
    assert dict(f.witness or {}) == {"unit.b": True, "unit.c": True}
    assert f.answer == "3 dice; applied big +2; suppressed also (by big); clamped most from 5 to 3"


# -- limits a pack declares -------------------------------------------------------------------------------------

LIMITED = pack_text(facts=bools("unit.a", "unit.b"), quantities="hit: {kind: roll, dice: D6}", modifiers=_ups("hit"),
                    limits=["small: {quantity: hit, holds: modifier <= 1, text: never more than +1}",
                            "fine: {quantity: hit, holds: modifier <= 2}",
                            "bare: {quantity: hit, holds: modifier <= 0}",
                            'none: {quantity: hit, holds: "value <= 100"}'])


def test_a_broken_limit_gives_the_smallest_situation_that_breaks_it_and_the_rules_applied_there() -> None:
    """+1 and +1: at most +2, so `fine` holds; `small` breaks with both, `bare` with either (the first, up)."""
    found = {f.key: f for f in findings(LIMITED)}
    assert sorted(found) == ["limit_broken.bare.hit", "limit_broken.none.hit", "limit_broken.small.hit"]
    small, bare = found["limit_broken.small.hit"], found["limit_broken.bare.hit"]
    assert (small.severity, small.kind, small.quantity) == ("error", "limit_broken", "hit")
    assert small.message == ("hit breaks the limit small (never more than +1): `modifier <= 1` does not hold here, "
                             "with up and up2 applied.")
    assert lines(small) == [("small", 11), ("up", 8), ("up2", 9)]
    assert dict(small.witness or {}) == {"unit.a": True, "unit.b": True}
    assert small.answer == "D6+2; applied up +1, up2 +1"
    assert bare.message == "hit breaks the limit bare (modifier <= 0): `modifier <= 0` does not hold here, with up " \
        "applied."
    assert dict(bare.witness or {}) == {"unit.a": True}
    # a roll has no value to compare: every ruling breaks it, the first with no rule applied
    none = found["limit_broken.none.hit"]
    assert none.message == "hit breaks the limit none (value <= 100): `value <= 100` does not hold here."
    assert names(none) == ["none"] and dict(none.witness or {}) == {}


CAPPED = keen_damage(limits='capped: {quantity: damage, holds: "value <= %d"}')  # damage at most %d


def test_a_limit_the_search_cannot_prove_is_a_note_that_says_why() -> None:
    from solver.characteristics import searched_bases

    p = pack(CAPPED % 100)
    (f,) = check_pack(p)
    tried = ", ".join(map(str, searched_bases(p.quantities["damage"])))
    assert (f.severity, f.kind, f.key, f.quantity) == ("note", "unproven", "unproven.limit.capped.damage", "damage")
    assert f.message == ("the limit capped (value <= 100) may not hold for every ruling of damage: no situation "
                         f"tried breaks it, but this is not proven: damage's base comes from the situation: tried "
                         f"{tried}.")
    assert lines(f) == [("capped", 9)]


# -- values out of range, and quantities with no base -----------------------------------------------------------


LOWERED = pack_text(facts=bools("unit.a", "unit.b"), quantities="to_hit: {kind: score, base: 3, plus: lowers}",
                    modifiers=_ups("to_hit"))


def test_a_score_below_2_is_out_of_range_unless_a_clamp_sets_a_minimum() -> None:
    """A 3+ lowered by two +1s needs a 1+: a natural 1 would hit."""
    (f,) = findings(LOWERED)
    assert (f.severity, f.kind, f.key, f.quantity) == ("warning", "out_of_range", "out_of_range.to_hit", "to_hit")
    assert f.message == "to_hit can come out as a score below 2 (a natural 1 would hit), and no clamp settles it."
    assert lines(f) == [("to_hit", 6)]
    assert dict(f.witness or {}) == {"unit.a": True, "unit.b": True} and f.answer == "1+; applied up +1, up2 +1"
    assert findings(LOWERED + "policies:\n  natural_one: {kind: clamp, quantity: to_hit, min: 2}\n") == []
    # a clamp with only a maximum settles nothing below
    capped = findings(LOWERED + "policies:\n  most: {kind: clamp, quantity: to_hit, max: 6}\n")
    assert [f.key for f in capped] == ["out_of_range.to_hit"]


def test_a_score_or_pool_with_no_base_is_a_note() -> None:
    text = pack_text(facts=bools("unit.a"), quantities=["dice: {kind: pool}", "to_hit: {kind: score}"],
                     modifiers=["up: {quantity: dice, change: +1, when: unit.a}",
                                "down: {quantity: to_hit, change: +1, when: unit.a}"])
    notes = [f for f in findings(text) if f.kind == "no_base"]
    assert [(f.severity, f.key, f.quantity, f.message) for f in notes] == [
        ("note", "no_base.dice", "dice", "dice has no base in the pack: every question must give one with base:."),
        ("note", "no_base.to_hit", "to_hit",
         "to_hit has no base in the pack: every question must give one with base:.")]
    assert [lines(f) for f in notes] == [[("dice", 5)], [("to_hit", 6)]]


# -- rules another rule keeps from counting ----------------------------------------------------------------------

SHADOWED = pack_text(facts=bools("cover.any", "cover.hard"), quantities=DICE,
                     modifiers=["any_cover: {quantity: dice, change: -1, when: cover.any}",
                                "hard: {quantity: dice, change: -1, when: cover.any and cover.hard}",
                                "hedge: {quantity: dice, change: -1, when: cover.any and cover.hard}"],
                     policies=[AT_LEAST_ONE, "g1: {kind: exclusive, rules: [any_cover, hedge]}",
                               "o1: {kind: override, rule: hard, over: [hedge]}"])


def test_a_rule_two_policies_suppress_names_both_and_every_rival() -> None:
    """The hedge holds only in hard cover, where any cover holds (g1 keeps it first) and hard overrides it."""
    found = {f.kind: f for f in findings(SHADOWED)}
    f = found["shadowed_rule"]
    assert (f.severity, f.key, f.quantity) == ("warning", "shadowed_rule.hedge", "dice")
    assert f.message == ("hedge never counts: whenever it holds, any_cover or hard holds too, and g1 (only one of "
                         "any_cover, hedge counts: the first listed that holds) and o1 (hard overrides hedge) "
                         "suppress hedge.")
    assert lines(f) == [("hedge", 10), ("any_cover", 8), ("hard", 9), ("g1", 13), ("o1", 14)]
    assert dict(f.witness or {}) == {"cover.any": True, "cover.hard": True}
    # hard is no member of g1, so it counts beside any cover: subsumed, and it slips past the group
    s = found["subsumed_rule"]
    assert (s.key, s.cause) == ("subsumed_rule.hard+any_cover", "non_stacking")
    assert s.message == ("hard and any_cover have the same effect, and whenever hard holds any_cover holds too, so "
                         "both count (-1 twice). hard is not in any_cover's non-stacking group g1 (only one of "
                         "any_cover, hedge counts: the first listed that holds), so it slips past it.")
    assert names(s) == ["hard", "any_cover", "g1"]
    assert [f.kind for f in findings(SHADOWED)] == ["shadowed_rule", "subsumed_rule"]  # and the hedge is no
    # subsumed rule: it never counts beside any cover


def test_a_rule_one_override_suppresses_says_so_in_the_singular() -> None:
    text = SHADOWED.replace("  g1: {kind: exclusive, rules: [any_cover, hedge]}\n", "")
    shadowed = [f for f in findings(text) if f.kind == "shadowed_rule"]
    assert [f.message for f in shadowed] == ["hedge never counts: whenever it holds, hard holds too, and o1 (hard "
                                             "overrides hedge) suppresses hedge."]


# -- two rules that set a value to different numbers -----------------------------------------------------------

def _conflicts(n: int = 3, frenzy: str = "6", exhaustion: str = "1", under: tuple[str, str] = ("", ""),
               policy: str = "") -> list[Finding]:
    """The unsettled conflicts of a pack where frenzy sets the dice to `frenzy` and exhaustion to `exhaustion` (each
    `under` a reading, if given), beside `policy`; a count n from 1 to `n` is read by another rule."""
    text = pack_text(facts=[*bools("unit.frenzied", "unit.exhausted"),
                            f"unit.n: {{type: int, range: [1, {n}], default: 1}}"],
                     quantities=THREE_DICE,
                     modifiers=[f'frenzy: {{quantity: dice, change: "={frenzy}", when: unit.frenzied{under[0]}}}',
                                f'exhaustion: {{quantity: dice, change: "={exhaustion}", '
                                f'when: unit.exhausted{under[1]}}}',
                                "counted: {quantity: dice, change: +0, when: unit.n >= 9}"],
                     policies=[AT_LEAST_ONE, *([policy] if policy else [])],
                     readings=["rules:", "  sentence: a frenzied unit rolls six dice; an exhausted one rolls one",
                               "  options: {a: the first, b: the second}", "  default: a"])
    return [f for f in findings(text) if f.kind == "unsettled_conflict"]


def test_two_rules_that_set_different_values_and_can_both_hold_are_an_unsettled_conflict() -> None:
    (f,) = _conflicts()
    assert (f.severity, f.key, f.quantity) == ("error", "unsettled_conflict.frenzy+exhaustion", "dice")
    assert f.message == "frenzy sets dice to 6 and exhaustion to 1; both hold here and no policy orders them."
    assert lines(f) == [("frenzy", 9), ("exhaustion", 10)]
    assert dict(f.witness or {}) == {"unit.frenzied": True, "unit.exhausted": True}
    assert f.answer == ("error: set effects exhaustion (=1) and frenzy (=6) set one value to different values, and "
                        "nothing in the pack orders them")


def test_sets_that_agree_wherever_both_hold_are_no_conflict() -> None:
    assert _conflicts(exhaustion="6") == []  # the same number
    assert _conflicts(n=1, frenzy="unit.n", exhaustion="1") == []  # n is always 1
    # n from 1 to 3: they differ where n is not 1, and the witness says so
    (f,) = _conflicts(frenzy="unit.n", exhaustion="1")
    assert dict(f.witness or {}) == {"unit.frenzied": True, "unit.exhausted": True, "unit.n": 2}


def test_sets_under_two_readings_of_one_sentence_never_meet() -> None:
    assert _conflicts(under=(", under: {rules: a}", ", under: {rules: b}")) == []
    assert [f.key for f in _conflicts(under=(", under: {rules: a}", ""))] == ["unsettled_conflict.frenzy+exhaustion"]
    assert [f.key for f in _conflicts(under=(", under: {rules: a}", ", under: {rules: a}"))] == [
        "unsettled_conflict.frenzy+exhaustion"]


def test_sets_a_policy_orders_are_no_conflict() -> None:
    assert _conflicts(policy="o: {kind: override, rule: exhaustion, over: [frenzy]}") == []
    assert _conflicts(policy="g: {kind: exclusive, rules: [exhaustion, frenzy]}") == []


# -- derivations a constraint forbids ---------------------------------------------------------------------------


def test_derivations_that_break_a_constraint_are_cited_in_the_packs_order_with_the_quantity_they_reach() -> None:
    """A wall of height 2 is both cover (2 or more) and open ground (2 or less), and the other two facts
    derived from it hold there too; the rule reading cover is of `dice`, not `other`. The derived facts are named
    in the order the pack declares them (every time: not in the order a set happens to hold them)."""
    text = pack_text(facts=["wall.height: {type: int, range: [0, 3], default: 0}",
                            "unit.covered: {type: bool, derive: wall.height >= 2}",
                            "unit.exposed: {type: bool, derive: wall.height <= 2}",
                            "unit.seen: {type: bool, derive: wall.height <= 2}",
                            "unit.near: {type: bool, derive: wall.height >= 1}", *bools("unit.x")],
                     quantities=["other: {kind: pool, base: 2}", "dice: {kind: pool, base: 2}"],
                     modifiers=["m: {quantity: other, change: -1, when: unit.x}",
                                "n: {quantity: dice, change: -1, when: unit.covered}"],
                     constraints="nowhere: {require: not (unit.seen and unit.near and unit.exposed and unit.covered)}")
    (f,) = findings(text)
    assert (f.severity, f.kind, f.key, f.quantity) == ("error", "contradictory_derivation",
                                                       "contradictory_derivation.nowhere", "dice")
    assert f.message == ("the derivations of unit.covered, unit.exposed, unit.seen, unit.near break the constraint "
                         "nowhere (not (unit.seen and unit.near and unit.exposed and unit.covered)) in a situation "
                         "whose inputs are allowed.")
    assert lines(f) == [("nowhere", 16), ("unit.covered", 4), ("unit.exposed", 5), ("unit.seen", 6), ("unit.near", 7)]
    assert dict(f.witness or {}) == {"wall.height": 2}


# -- rules that count twice -------------------------------------------------------------------------------------

TWICE = pack_text(facts=bools("unit.moved", "unit.ran"), quantities=DICE,
                  modifiers=["z_moved: {quantity: dice, change: -1, when: unit.moved}",
                             "a_moving: {quantity: dice, change: -1, when: unit.moved}",
                             "always: {quantity: dice, change: -1}",
                             "ran: {quantity: dice, change: -1, when: unit.ran}"],
                  policies=AT_LEAST_ONE)


def test_rules_with_the_same_effect_count_twice_where_one_condition_implies_the_other() -> None:
    """Two rules for a moving unit are one finding, named in order of their names; a rule with no condition
    holds whenever any other does."""
    found = findings(TWICE)
    assert [(f.severity, f.kind, f.key) for f in found] == [
        ("warning", "redundant_rule", "redundant_rule.a_moving+z_moved"),
        ("warning", "subsumed_rule", "subsumed_rule.a_moving+always"),
        ("warning", "subsumed_rule", "subsumed_rule.ran+always"),
        ("warning", "subsumed_rule", "subsumed_rule.z_moved+always")]
    same, _, ran, _ = found
    assert same.message == ("a_moving and z_moved have the same effect and the same condition, so both count "
                            "(-1 twice).")
    assert lines(same) == [("a_moving", 9), ("z_moved", 8)] and same.cause is None
    assert ran.message == ("ran and always have the same effect, and whenever ran holds always holds too, so both "
                           "count (-1 twice).")
    assert dict(ran.witness or {}) == {"unit.ran": True} and ran.answer == "2 dice; applied always -1, ran -1"


def test_rules_a_policy_keeps_apart_or_that_differ_somewhere_are_not_counted_twice() -> None:
    kept = findings(TWICE + "  g: {kind: exclusive, rules: [z_moved, a_moving]}\n"
                    "  o: {kind: override, rule: always, over: [ran, z_moved, a_moving]}\n")
    # each pair is kept from counting twice: the rules kept out never count, which is another finding
    assert [f.key for f in kept] == ["shadowed_rule.a_moving", "shadowed_rule.ran", "shadowed_rule.z_moved"]
    differ = TWICE.replace("ran: {quantity: dice, change: -1, when: unit.ran}",
                           "ran: {quantity: dice, change: -2, when: unit.ran}").replace(
        "a_moving: {quantity: dice, change: -1, when: unit.moved}",
        "a_moving: {quantity: dice, change: -1, when: unit.moved and not unit.ran}")
    assert [f.key for f in findings(differ)] == ["subsumed_rule.a_moving+always", "subsumed_rule.a_moving+z_moved",
                                                 "subsumed_rule.z_moved+always"]


# -- vocabulary nothing uses -------------------------------------------------------------------------------------


def test_a_fact_a_constraint_or_an_attack_reads_and_a_quantity_an_attack_rolls_are_used() -> None:
    text = pack_text(facts=[*bools("unit.a", "unit.b", "unit.c", "unit.d"),
                            "ab.extra: {type: int, range: [0, 2], default: 0}"],
                     quantities=["hit_roll: {kind: roll, dice: D6}", "dice: {kind: pool, base: 2}",
                                 "spare: {kind: pool, base: 2}"],
                     modifiers="m: {quantity: dice, change: -1, when: unit.a}",
                     constraints="apart: {require: not (unit.b and unit.c)}",
                     sequences=["attack:", "  steps:", "    - {step: hit, roll: hit_roll, passes: hits, "
                                                       "events: [{name: more, unmodified: 6, extra: ab.extra}]}"])
    found = findings(text)
    assert [(f.severity, f.key, f.message, lines(f), f.quantity) for f in found] == [
        ("note", "unused_fact.unit.d", "no rule reads the fact unit.d.", [("unit.d", 6)], None),
        ("note", "unused_quantity.spare", "no rule or policy touches the quantity spare.", [("spare", 11)], None)]


# -- a finding's witness, completed and replayed --------------------------------------------------------------

REPLAYED = pack_text(facts=["shooter.bs: {type: int, range: [1, 10]}", *bools("unit.moved")],
                     quantities=["to_hit: {kind: score, base: 7 - shooter.bs}",
                                 "damage: {kind: characteristic, characteristic: number}"],
                     modifiers=["moved: {quantity: to_hit, change: +1, when: unit.moved}",
                                "moving: {quantity: to_hit, change: +1, when: unit.moved}",
                                "keen: {quantity: damage, change: +1, when: unit.moved}",
                                "sharp: {quantity: damage, change: +1, when: unit.moved}"],
                     policies="lim: {kind: clamp, quantity: to_hit, min: 2}")


def test_a_witness_is_completed_with_what_its_quantity_needs_in_the_packs_order() -> None:
    """The score needs the shooter's BS, which has no default: the witness gives its typical value, 5 (the lower
    middle of 1..10), so 7 - 5 + 1 + 1 = 4+. The damage needs a base: the first one tried, 0, gives 0 + 1 + 1."""
    from solver.characteristics import searched_bases

    p = pack(REPLAYED)
    found = {f.key: f for f in check_pack(p)}
    assert sorted(found) == ["redundant_rule.keen+sharp", "redundant_rule.moved+moving"]
    score = found["redundant_rule.moved+moving"]
    assert list((score.witness or {}).items()) == [("shooter.bs", 5), ("unit.moved", True)]
    assert score.answer == "4+; applied moved +1, moving +1"
    damage = found["redundant_rule.keen+sharp"]
    first = searched_bases(p.quantities["damage"])[0]
    assert first == 0 and list((damage.witness or {}).items()) == [("unit.moved", True), ("base", 0)]
    assert damage.answer == "2; applied keen +1, sharp +1"


def test_replay_keeps_a_given_base_and_target() -> None:
    from solver.space.check import BASE, TARGET, replay

    p = pack(REPLAYED)
    assert replay(p, "damage", {"unit.moved": True, BASE: 3}) == ({"unit.moved": True, BASE: 3},
                                                                  "5; applied keen +1, sharp +1")
    roll = pack(pack_text(facts=bools("unit.a"), quantities="hit: {kind: roll, dice: D6}",
                          modifiers="up: {quantity: hit, change: +1, when: unit.a}"))
    assert replay(roll, "hit", {"unit.a": True, TARGET: 4}) == ({"unit.a": True, TARGET: 4}, "D6+1; applied up +1")


def test_a_witness_no_base_answers_for_says_the_error() -> None:
    """Two rules set a damage with no base to 6 and to 1: whatever base is tried, the ruling refuses to pick one;
    the witness keeps no base, and its answer is that refusal."""
    (f,) = findings(pack_text(facts=bools("unit.frenzied", "unit.exhausted"),
                              quantities="damage: {kind: characteristic, characteristic: number}",
                              modifiers=['frenzy: {quantity: damage, change: "=6", when: unit.frenzied}',
                                         'exhaustion: {quantity: damage, change: "=1", when: unit.exhausted}']))
    assert f.key == "unsettled_conflict.frenzy+exhaustion"
    assert dict(f.witness or {}) == {"unit.frenzied": True, "unit.exhausted": True}
    assert f.answer == ("error: set effects exhaustion (=1) and frenzy (=6) set one value to different values, and "
                        "nothing in the pack orders them")


def test_a_broken_limit_of_a_quantity_whose_base_the_situation_gives_is_replayed_at_that_base() -> None:
    """Damage at most 3: a base of 4 breaks it with no rule applied (the bases tried: 0, 1, 2, 3, 4, ...)."""
    (f,) = findings(CAPPED % 3)
    assert (f.kind, f.key, f.quantity) == ("limit_broken", "limit_broken.capped.damage", "damage")
    assert f.message == "damage breaks the limit capped (value <= 3): `value <= 3` does not hold here."
    assert dict(f.witness or {}) == {"base": 4} and f.answer == "4"


# -- a pack's notes, and the order of the report ---------------------------------------------------------------


def test_a_noted_finding_is_an_explained_note_and_a_note_for_nothing_is_stale() -> None:
    text = TWICE + ("notes:\n  redundant_rule.a_moving+z_moved: two rules on purpose\n"
                    "  dead_rule.gone: it was once\n")
    found = findings(text)
    assert [(f.severity, f.kind, f.key, f.reason) for f in found] == [
        ("warning", "stale_note", "stale_note.dead_rule.gone", None),
        ("warning", "subsumed_rule", "subsumed_rule.a_moving+always", None),
        ("warning", "subsumed_rule", "subsumed_rule.ran+always", None),
        ("warning", "subsumed_rule", "subsumed_rule.z_moved+always", None),
        ("note", "redundant_rule", "redundant_rule.a_moving+z_moved", "two rules on purpose")]
    assert found[0].message == ("the pack's note 'dead_rule.gone' explains no finding: what it was written for is "
                                "gone, so remove it.")


# -- what the searches covered ---------------------------------------------------------------------------------


def test_a_check_past_its_deadline_claims_nothing_it_did_not_prove() -> None:
    from solver.space.model import Coverage

    p = pack(TWICE.replace("when: unit.ran}", "when: unit.ran and not unit.ran}"))
    assert [f.key for f in check_pack(p) if f.kind == "dead_rule"] == ["dead_rule.ran"]
    coverage = Coverage(deadline=float("-inf"))
    found = check_pack(p, coverage)
    assert not coverage.exhaustive and "the time limit ran out (raise it with --timeout)" in coverage.reasons
    assert not [f for f in found if f.kind in ("dead_rule", "redundant_rule", "subsumed_rule")]
    assert "unproven.dead_rule.ran" in [f.key for f in found]


def test_a_check_counts_the_situations_it_searched() -> None:
    from solver.space.model import Coverage

    coverage = Coverage()
    check_pack(pack(TWICE), coverage)
    assert coverage.searched > 0 and coverage.exhaustive


def test_a_quantity_wide_search_stops_at_its_budget_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """The score below 2 needs both +1s: the fourth situation tried (none, a, b, both)."""
    from solver.space import check
    from solver.space.model import Coverage

    monkeypatch.setattr(check, "BUDGET", 4)
    assert [f.key for f in check_pack(pack(LOWERED))] == ["out_of_range.to_hit"]
    monkeypatch.setattr(check, "BUDGET", 3)
    coverage = Coverage()
    assert check_pack(pack(LOWERED), coverage) == []
    assert coverage.reasons == ["to_hit: more than 3 situations"]


def test_a_policy_is_named_with_what_it_does() -> None:
    from solver.space.check import policy_words

    p = pack(CLAMPED + "  over: {kind: override, rule: up, over: [big, also]}\n"
             "  first: {kind: exclusive, rules: [up, down]}\n")
    assert [policy_words(p.policies[name]) for name in ("best", "over", "first", "most")] == [
        "best (only one of big, also counts: the strongest)",
        "over (up overrides big, also)",
        "first (only one of up, down counts: the first listed that holds)",
        "most"]


# -- found by the mutation run of this session --------------------------------------------------------------------


def test_a_set_under_a_reading_meets_one_under_none() -> None:
    """exhaustion is tied to option a of `rules`; frenzy to no option, so it stands under a as well: the two meet
    there (the other way round from the test above, where the first rule is the one tied)."""
    assert [f.key for f in _conflicts(under=("", ", under: {rules: a}"))] == ["unsettled_conflict.frenzy+exhaustion"]


def test_a_set_reading_a_fact_is_compared_at_that_facts_value() -> None:
    """exhaustion sets the dice to the count n, which is always 1 here: it agrees with frenzy's 1 wherever both
    hold (the count read for the second rule as for the first)."""
    assert _conflicts(n=1, frenzy="1", exhaustion="unit.n") == []
    (f,) = _conflicts(frenzy="1", exhaustion="unit.n")
    assert dict(f.witness or {}) == {"unit.frenzied": True, "unit.exhausted": True, "unit.n": 2}


def test_a_rule_that_contradicts_itself_beside_an_unrelated_constraint_is_said_to_contradict_itself() -> None:
    """The constraint keeps a and b apart, but `unit.a and not unit.a` never holds whatever the constraints: the
    reason is the contradiction, for a rule and for a re-roll alike, and the rule's finding names its quantity."""
    text = REROLLS.replace("modifiers:\n", "modifiers:\n  never: {quantity: hit, change: +1, "
                                           "when: unit.a and not unit.a}\n") + \
        "constraints:\n  apart: {require: not (unit.a and unit.b)}\n"
    dead = {f.key: f for f in findings(text) if f.kind == "dead_rule"}
    assert sorted(dead) == ["dead_rule.hit.r2", "dead_rule.hit.r3", "dead_rule.never"]
    assert (dead["dead_rule.never"].cause, dead["dead_rule.never"].quantity) == ("contradiction", "hit")
    assert dead["dead_rule.hit.r2"].cause == "contradiction"
    assert names(dead["dead_rule.never"]) == ["never"]


def test_a_re_roll_check_past_its_deadline_says_each_re_roll_unproven_and_why() -> None:
    """With no time left no search proves anything: each re-roll of the chain is a note, not an error, citing its
    chain, and the note says the time ran out (this pack has no modifier, so the re-rolls' searches are the first
    to say so)."""
    from solver.space.model import Coverage

    text = REROLLS.replace("modifiers:\n  m: {quantity: hit, change: +1, when: unit.b}\n", "")
    found = check_pack(pack(text), Coverage(deadline=float("-inf")))
    unproven = [f for f in found if f.kind == "unproven"]
    assert [f.key for f in found if f.kind == "dead_rule"] == []
    assert [f.key for f in unproven] == ["unproven.dead_rule.hit.r1", "unproven.dead_rule.hit.r2",
                                         "unproven.dead_rule.hit.r3"]
    r2 = unproven[1]
    assert r2.message == ("the re-roll rule r2 of hit (it improves r1, so both conditions must hold) may never apply "
                          "(no situation tried satisfies `(not unit.a) and (unit.a)`), but this is not proven: the "
                          "time limit ran out (raise it with --timeout).")
    assert names(r2) == ["r2", "r1"] and r2.quantity == "hit"


def test_a_quantity_wide_search_past_the_deadline_shows_nothing() -> None:
    """The score below 2 needs both +1s, but with no time left no situation is tried: nothing is claimed."""
    from solver.space.model import Coverage

    coverage = Coverage(deadline=float("-inf"))
    assert [f.key for f in check_pack(pack(LOWERED), coverage) if f.kind == "out_of_range"] == []
    assert coverage.reasons == ["the time limit ran out (raise it with --timeout)"]


def test_every_search_of_a_check_stops_at_the_checks_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deadline far off changes no finding, but each search the check makes is given it."""
    from solver.space import check
    from solver.space.model import Coverage

    seen: list[float | None] = []
    real = check.minimal_witnesses

    def watched(*args, **kwargs):  # type: ignore[no-untyped-def]
        if "coverage" in kwargs:  # a search whose coverage is read (not the completion of a witness)
            seen.append(kwargs["coverage"].deadline)
        return real(*args, **kwargs)

    monkeypatch.setattr(check, "minimal_witnesses", watched)
    far = 1e300
    for text in (TWICE, LOWERED, REROLLS):
        seen.clear()
        check_pack(pack(text), Coverage(deadline=far))
        assert seen and set(seen) == {far}, text


def test_every_problem_after_a_cycle_is_a_finding_too() -> None:
    from kb.errors import PackError, RuleCycle, RulingsError, Span

    cycle = RuleCycle(["a.x", "b.x"], members=[("a.x", Span("p.yaml", 3)), ("b.x", Span("p.yaml", 4))])
    error = PackError([cycle, RulingsError("something else is wrong", where=Span("p.yaml", 9, 1))])
    assert [(f.kind, f.key) for f in load_findings(error)] == [("cycle", "cycle.a.x+b.x"),
                                                               ("load_error", "load_error.p.yaml:9:1")]


KEYWORDS = " and ".join(f"'K{i}' in unit.{{kw}}" for i in range(11))
"""A condition on eleven keywords of a keywords fact: more than the search splits (`LIMIT`, 10)."""


def _too_many(name: str) -> str:
    return (f"unit.{name} is asked about more than 10 keywords, or in a way the search cannot follow: not every mix "
            "of them was tried")


def test_a_rule_on_two_facts_the_search_cannot_split_gives_both_reasons() -> None:
    both = f"{KEYWORDS.format(kw='kw')} and {KEYWORDS.format(kw='kx')}"
    text = pack_text(facts=["unit.kw: {type: keywords, default: []}", "unit.kx: {type: keywords, default: []}"],
                     quantities=THREE_DICE, modifiers=f'all_of_them: {{quantity: dice, change: +1, when: "{both}"}}')
    (f,) = findings(text)
    assert f.key == "unproven.dead_rule.all_of_them"
    assert f.message.endswith(f"but this is not proven: {_too_many('kw')}; {_too_many('kx')}.")
    assert names(f) == ["all_of_them"]


def test_a_rule_implied_through_a_fact_the_search_cannot_split_is_not_said_to_count_twice() -> None:
    """Whenever `narrow` holds `wide` does (its condition is wide's and unit.x), but the keywords both read cannot
    be searched: nothing is claimed, and the check says why it is not exhaustive."""
    from solver.space.model import Coverage

    none_of = f"not ({KEYWORDS.format(kw='kw')})"
    text = pack_text(facts=["unit.kw: {type: keywords, default: []}", *bools("unit.x")], quantities=THREE_DICE,
                     modifiers=[f'narrow: {{quantity: dice, change: +1, when: "unit.x and {none_of}"}}',
                                f'wide: {{quantity: dice, change: +1, when: "{none_of}"}}'])
    coverage = Coverage()
    found = check_pack(pack(text), coverage)
    assert [f.kind for f in found if f.kind in ("redundant_rule", "subsumed_rule")] == []
    assert coverage.reasons == [_too_many("kw")]


def test_a_constraint_on_a_fact_the_search_cannot_split_is_not_searched_and_the_check_says_why() -> None:
    """No rule reads the keywords: only the constraint does, so its own search is the one that says why."""
    from solver.space.model import Coverage

    text = pack_text(facts=["unit.kw: {type: keywords, default: []}",
                            "unit.d: {type: bool, derive: \"'K0' in unit.kw\"}", *bools("unit.x")],
                     quantities=THREE_DICE, modifiers="m: {quantity: dice, change: +1, when: unit.x}",
                     constraints=f'c: {{require: "not (unit.d and {KEYWORDS.format(kw="kw")})"}}')
    coverage = Coverage()
    found = check_pack(pack(text), coverage)
    assert [f.kind for f in found if f.kind == "contradictory_derivation"] == []
    assert coverage.reasons == [_too_many("kw")]


def test_a_group_that_holds_neither_of_two_rules_is_not_slipped_past() -> None:
    """g keeps z_moved and a_moving apart; ran and always are in no group, so nothing slips past one."""
    found = {f.key: f for f in findings(TWICE + "  g: {kind: exclusive, rules: [z_moved, a_moving]}\n")}
    ran = found["subsumed_rule.ran+always"]
    assert ran.cause is None and names(ran) == ["ran", "always"]
    assert ran.message == ("ran and always have the same effect, and whenever ran holds always holds too, so both "
                           "count (-1 twice).")


def test_two_rules_of_a_strongest_group_as_strong_as_a_count_they_both_read_tie() -> None:
    """Both raise the dice by n: wherever both hold they are equally strong, whatever n is."""
    text = pack_text(facts=[*bools("unit.a", "unit.b"), "unit.n: {type: int, range: [1, 3], default: 1}"],
                     quantities=THREE_DICE,
                     modifiers=['big: {quantity: dice, change: "+unit.n", when: unit.a}',
                                'also: {quantity: dice, change: "+unit.n", when: unit.b}'],
                     policies="best: {kind: exclusive, rules: [big, also], keep: strongest}")
    (f,) = [f for f in findings(text) if f.kind == "unsettled_conflict"]
    assert f.key == "unsettled_conflict.big+also" and dict(f.witness or {}) == {"unit.a": True, "unit.b": True}


def test_a_rule_a_clamp_with_the_same_condition_absorbs_never_changes_a_ruling() -> None:
    """2 dice, at most 2 where a holds: up (+1 where a holds) never shows. down (-1 where b holds but not a) is
    listed after it and does show: 1 die instead of 2."""
    text = pack_text(facts=bools("unit.a", "unit.b"), quantities="dice: {kind: pool, base: 2}",
                     modifiers=["up: {quantity: dice, change: +1, when: unit.a}",
                                "down: {quantity: dice, change: -1, when: unit.b and not unit.a}"],
                     policies="most: {kind: clamp, quantity: dice, max: 2, when: unit.a}")
    (f,) = [f for f in findings(text) if f.kind == "never_changes"]
    assert f.key == "never_changes.up.dice" and dict(f.witness or {}) == {"unit.a": True}


def test_a_ruling_is_described_with_every_rule_suppressed_and_every_clamp() -> None:
    """6 dice, -1 and +3 make 8; g keeps a, the first listed, over b and c; most clamps 8 to 6, less 6 to 4."""
    from solver.ask import ask
    from solver.situation import Situation
    from solver.space.check import describe_ruling

    p = pack(pack_text(facts=[*bools("unit.a"), "unit.n: {type: int, range: [1, 3], default: 1}"],
                       quantities="dice: {kind: pool, base: 6}",
                       modifiers=[*(f"{r}: {{quantity: dice, change: -1, when: unit.a}}" for r in "abc"),
                                  'u: {quantity: dice, change: "+unit.n", when: unit.a}'],
                       policies=["g: {kind: exclusive, rules: [a, b, c]}",
                                 "most: {kind: clamp, quantity: dice, max: 6}",
                                 "less: {kind: clamp, quantity: dice, max: 4}"]))
    assert describe_ruling(ask(p, "dice", Situation(given={"unit.a": True, "unit.n": 3}))) == (
        "4 dice; applied a -1, u +3; suppressed b (by a), c (by a); clamped most from 8 to 6, less from 6 to 4")


def test_with_the_checks_deadline_past_no_rule_is_proven_to_imply_another(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules' witnesses given (a_moving and z_moved hold where the unit moved), the implication between them is
    searched under the check's deadline: past it, nothing is proven, and the check says why."""
    from solver.space import check
    from solver.space.model import Coverage

    p = pack(TWICE)
    coverage = Coverage(deadline=float("-inf"))
    monkeypatch.setitem(check._COVERAGE, id(p), coverage)
    holds = {"z_moved": {"unit.moved": True}, "a_moving": {"unit.moved": True}, "always": {},
             "ran": {"unit.ran": True}}
    assert list(check._redundant(p, holds)) == []
    assert coverage.reasons == ["the time limit ran out (raise it with --timeout)"]


def test_a_rule_absorbed_beside_a_group_under_a_reading_never_changes_a_ruling() -> None:
    """As above, with g keeping x or y under option a of `rules` only (the readings of g's rules are compared), and
    the clamp's condition read through a derived fact (x and y hold only where it does not): up still never shows."""
    text = pack_text(facts=[*bools("unit.a", "unit.b", "unit.c"), "unit.d: {type: bool, derive: unit.a}"],
                     quantities="dice: {kind: pool, base: 2}",
                     modifiers=["up: {quantity: dice, change: +1, when: unit.d}",
                                "down: {quantity: dice, change: -1, when: unit.b and not unit.d}",
                                "x: {quantity: dice, change: -1, when: unit.c and not unit.d}",
                                "y: {quantity: dice, change: -1, when: unit.c and not unit.d}"],
                     policies=["most: {kind: clamp, quantity: dice, max: 2, when: unit.d}",
                               "g: {kind: exclusive, rules: [x, y], under: {rules: a}}"],
                     readings=["rules:", "  sentence: x and y are one penalty", "  options: {a: one, b: each}",
                               "  default: a"])
    never = [f for f in findings(text) if f.kind == "never_changes"]
    assert [f.key for f in never] == ["never_changes.up.dice"]
    assert dict(never[0].witness or {}) == {"unit.d": True}  # a derived fact is searched whole


WEIGHT = ["weight:", "  sentence: the rule counts, perhaps twice", "  default: once",
          "  options: {once: it counts once, twice: it counts twice}"]


@pytest.mark.parametrize(("base", "witness"), [
    # n 3 and m 2, their typical values, already split: min(3, 2) = 2 once, min(3, 3) = 3 twice; k is not needed
    # there (the bonus needs g first) and is left out
    ("min(f.n, f.m + (1 if reading.weight == 'twice' else 0))", {"f.n": 3, "f.m": 2}),
    # only where g holds (its default is false) does the reading count: g is set, at the typical n and m, and then
    # the bonus needs k, at its typical 1
    ("min(f.n, f.m + (1 if reading.weight == 'twice' and f.g else 0))", {"f.n": 3, "f.m": 2, "f.g": True, "f.k": 1}),
])
def test_a_reading_an_expression_reads_splits_a_ruling_first_at_the_typical_values(base: str,
                                                                                   witness: dict[str, object]) -> None:
    text = pack_text(facts=['f.n: {type: int, range: [0, 20], typical: 3}',
                            'f.m: {type: int, range: [0, 20], typical: 2}',
                            'f.k: {type: int, range: [0, 5], typical: 1}', "f.g: {type: bool, default: false}"],
                     quantities=f'q: {{kind: score, base: "{base}"}}',
                     modifiers='bonus: {quantity: q, change: +1, when: "f.g and f.k >= 1"}', readings=WEIGHT)
    (f,) = [f for f in findings(text) if f.kind == "reading_split"]
    assert f.key == "reading_split.weight" and f.quantity == "q"
    assert dict(f.witness or {}) == {**witness, "reading.weight": "once"}  # replayed: the default reading given


def test_a_derivation_search_past_the_deadline_claims_no_constraint_holds_and_says_so() -> None:
    """The wall of height 2 breaks the constraint; with no time left, the check neither finds that nor says the
    constraint always holds: a note says it is not proven, and the check is not exhaustive."""
    from solver.space.model import Coverage

    text = pack_text(facts=["wall.height: {type: int, range: [0, 3], default: 0}",
                            "unit.covered: {type: bool, derive: wall.height >= 2}",
                            "unit.exposed: {type: bool, derive: wall.height <= 2}"],
                     quantities=["dice: {kind: pool, base: 2}"],
                     modifiers=["n: {quantity: dice, change: -1, when: unit.covered}"],
                     constraints="nowhere: {require: not (unit.exposed and unit.covered)}")
    (found,) = [f for f in findings(text) if f.kind == "contradictory_derivation"]
    assert dict(found.witness or {}) == {"wall.height": 2}
    coverage = Coverage(deadline=0.0)
    late = [f for f in check_pack(pack(text), coverage) if "nowhere" in f.key]
    assert [(f.severity, f.kind, f.key, f.quantity) for f in late] == [
        ("note", "unproven", "unproven.contradictory_derivation.nowhere", "dice")]
    assert late[0].message.startswith("the derivations of unit.covered, unit.exposed may break the constraint "
                                      "nowhere, but this is not proven: ")
    assert not coverage.exhaustive


# -- a check leaves nothing behind ---------------------------------------------------------------------------------

APART = pack_text(facts=bools("unit.a", "unit.b"), quantities=THREE_DICE,
                  modifiers="both: {quantity: dice, change: +1, when: unit.a and unit.b}",
                  constraints="apart: {require: not (unit.a and unit.b)}")
"""A rule that needs a and b, which a constraint keeps apart: dead by the constraint (without it, a and b hold)."""


def test_a_check_past_its_deadline_leaves_nothing_to_a_later_check() -> None:
    """A check keeps its coverage (and deadline) by the pack's id only while it runs: a pack freed afterwards leaves
    its id to the next object made, such as the copy without constraints a later check searches to tell a rule dead
    by a constraint from one dead by itself, which must not inherit a deadline long past (and find nothing)."""
    from solver.space import check
    from solver.space.model import Coverage

    for _ in range(12):
        earlier = pack(APART)
        check_pack(earlier, Coverage(deadline=float("-inf")))
        assert id(earlier) not in check._COVERAGE
        del earlier
        (f,) = [f for f in check_pack(pack(APART)) if f.kind == "dead_rule"]
        assert (f.key, f.cause, names(f)) == ("dead_rule.both", "constraint", ["both", "apart"])


# -- rules that never change a ruling: every rule, every quantity ------------------------------------------------

TWO_POOLS = pack_text(facts=[*bools("unit.a"), "unit.b: {type: bool, default: false}"],
                      quantities=["dice: {kind: pool, base: 3}", "more: {kind: pool, base: 3}"],
                      modifiers="up: {quantity: [dice, more], change: +1, when: unit.a}",
                      policies=["most: {kind: clamp, quantity: more, max: 3}",
                                "cap: {kind: clamp, quantity: dice, max: 3, when: not unit.b}"])
"""up raises two pools of 3 dice where a holds; `more` is clamped to 3 always, `dice` only where b does not hold
(b is false unless given): up never shows on `more`, and shows on `dice` only where b holds."""


def test_a_rule_of_two_quantities_is_checked_on_the_second_after_it_shows_on_the_first() -> None:
    # at up's own witness (a; b false by default) both pools are clamped: dice shows up only where b holds too
    never = [f for f in findings(TWO_POOLS) if f.kind == "never_changes"]
    assert [(f.key, f.quantity) for f in never] == [("never_changes.up.more", "more")]
    assert dict(never[0].witness or {}) == {"unit.a": True}
    assert never[0].answer == "3 dice; applied up +1; clamped most from 4 to 3"
    # with dice clamped nowhere, up shows on it at its own witness: 4 dice, not 3
    never = [f for f in findings(TWO_POOLS.replace(", when: not unit.b}", ", when: unit.b and not unit.b}"))
             if f.kind == "never_changes"]
    assert [f.key for f in never] == ["never_changes.up.more"]


def test_a_rule_checked_after_one_that_can_never_hold_or_never_counts_is_still_checked() -> None:
    """`first`, listed first, can never hold (and is dead); up, after it, never shows on `more`."""
    text = TWO_POOLS.replace("modifiers:\n", "modifiers:\n  first: {quantity: more, change: -1, when: "
                                             "unit.a and not unit.a}\n")
    found = findings(text)
    assert [f.key for f in found if f.kind in ("dead_rule", "never_changes")] == [
        "dead_rule.first", "never_changes.up.more"]


def test_a_rule_of_two_quantities_unproven_to_never_change_either_says_so_for_each(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """up holds where a does (its witness given); past the check's deadline no situation is tried, so on neither
    quantity is it proven never to change a ruling: one note for each, naming it."""
    from solver.space import check
    from solver.space.model import Coverage

    p = pack(TWO_POOLS.replace(", when: not unit.b}", "}"))
    monkeypatch.setitem(check._COVERAGE, id(p), Coverage(deadline=float("-inf")))
    found = list(check._never_changes(p, {"up": {"unit.a": True}}, set()))
    assert [(f.severity, f.kind, f.key, f.quantity) for f in found] == [
        ("note", "unproven", "unproven.never_changes.up.dice", "dice"),
        ("note", "unproven", "unproven.never_changes.up.more", "more")]
    assert [f.message for f in found] == [
        f"up may never change a ruling of {q} (no situation tried is told anything else without it), but this is "
        "not proven: the time limit ran out (raise it with --timeout)." for q in ("dice", "more")]
    assert [lines(f) for f in found] == [[("up", 9)], [("up", 9)]]


def test_a_rule_never_changing_a_ruling_is_found_with_its_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The finding itself carries the answer at its witness: 3 dice, up's +1 clamped away."""
    from solver.space import check

    p = pack(TWO_POOLS)
    (f,) = check._never_changes(p, {"up": {"unit.a": True}}, set())
    assert (f.key, dict(f.witness or {}), f.answer) == (
        "never_changes.up.more", {"unit.a": True}, "3 dice; applied up +1; clamped most from 4 to 3")
    assert list(check._never_changes(p, {"up": {"unit.a": True}}, {"up"})) == []  # a shadowed rule is skipped


# -- limits: every situation, or a note ---------------------------------------------------------------------------


def test_a_limit_past_the_checks_deadline_is_neither_broken_nor_proven() -> None:
    """No situation is tried once the deadline has passed: `fine` (which holds) is not proven, and `small` (broken
    where both rules hold) is not found broken; each limit is a note."""
    from solver.space.model import Coverage

    found = [f for f in check_pack(pack(LIMITED), Coverage(deadline=float("-inf"))) if "limit" in f.key]
    assert [(f.severity, f.key) for f in found] == [
        ("note", f"unproven.limit.{name}.hit") for name in ("bare", "fine", "none", "small")]


def test_a_limit_is_searched_past_a_situation_its_quantity_refuses() -> None:
    """Where b holds, six and one set the dice to different values: no ruling, and the limit's search goes on to
    where a holds, 3 + 1 = 4 dice, more than 3."""
    text = pack_text(facts=bools("unit.a", "unit.b"), quantities=THREE_DICE,
                     modifiers=["up: {quantity: dice, change: +1, when: unit.a}",
                                'six: {quantity: dice, change: "=6", when: unit.b}',
                                'one: {quantity: dice, change: "=1", when: unit.b}'],
                     limits="three: {quantity: dice, holds: value <= 3}")
    (f,) = [f for f in findings(text) if f.kind == "limit_broken"]
    assert f.message == "dice breaks the limit three (value <= 3): `value <= 3` does not hold here, with up applied."
    assert dict(f.witness or {}) == {"unit.a": True} and f.answer == "4 dice; applied up +1"


def test_a_limit_on_the_assumptions_a_roll_relies_on_is_checked_at_every_target() -> None:
    """An unmodified 6 always hits, by the assumption `six`: at a target of 7 on a D6 only a 6 hits, and only by
    it (at 6 or less a 6 reaches the target anyway). A limit that no ruling relies on `six` breaks there, with no
    fact given: the target, not a fact, makes the ruling rely on it."""
    text = pack_text(facts=bools("unit.a"),
                     quantities=["hit:", "  kind: roll", "  dice: D6", "  always:",
                                 "    - {unmodified: 6, result: passes, assumption: six}"],
                     modifiers="down: {quantity: hit, change: -1, when: unit.a}",
                     assumptions="six: {text: an unmodified 6 always hits, reason: the rules say so}",
                     limits="trusted: {quantity: hit, holds: \"'six' not in assumptions\"}")
    (f,) = findings(text)
    assert (f.severity, f.kind, f.key, f.quantity) == ("error", "limit_broken", "limit_broken.trusted.hit", "hit")
    assert f.message == ("hit breaks the limit trusted ('six' not in assumptions): `'six' not in assumptions` does "
                         "not hold here.")
    assert dict(f.witness or {}) == {"target": 7}


def test_a_dead_rule_and_a_dead_re_roll_say_their_condition_in_the_words_given() -> None:
    """`words` renders a condition in English; a dead rule's message and a dead re-roll's give it beside the
    condition as written."""
    text = REROLLS.replace("m: {quantity: hit, change: +1, when: unit.b}",
                           "m: {quantity: hit, change: +1, when: unit.b and not unit.b}")
    found = check_pack(pack(text), words=lambda _, e: "said " + e.text.replace(" ", "_"))
    dead = {f.key: f.message for f in found if f.kind == "dead_rule"}
    assert dead["dead_rule.m"].startswith("m can never apply: its condition `unit.b and not unit.b` "
                                          "(said unit.b_and_not_unit.b) contradicts itself")
    assert dead["dead_rule.hit.r2"].startswith(
        "the re-roll rule r2 of hit (it improves r1, so both conditions must hold) can never apply: its condition "
        "`(not unit.a) and (unit.a)` (said (not_unit.a)_and_(unit.a)) contradicts itself")


def test_past_the_checks_deadline_no_conflict_is_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """frenzy and exhaustion (sets to 6 and 1) hold together where both facts do, and big and also (as strong as
    each other, in a `keep: strongest` group) where a and b do: each pair's witness given, the search for a
    situation where they clash runs under the check's deadline, and past it finds none."""
    from solver.space import check
    from solver.space.model import Coverage

    text = pack_text(facts=bools("unit.frenzied", "unit.exhausted", "unit.a", "unit.b"), quantities=THREE_DICE,
                     modifiers=['frenzy: {quantity: dice, change: "=6", when: unit.frenzied}',
                                'exhaustion: {quantity: dice, change: "=1", when: unit.exhausted}',
                                "big: {quantity: dice, change: +2, when: unit.a}",
                                "also: {quantity: dice, change: +2, when: unit.b}"],
                     policies="best: {kind: exclusive, rules: [big, also], keep: strongest}")
    p = pack(text)
    holds = {"frenzy": {"unit.frenzied": True}, "exhaustion": {"unit.exhausted": True}, "big": {"unit.a": True},
             "also": {"unit.b": True}}
    assert [f.key for f in check._set_conflicts(p, holds)] == ["unsettled_conflict.frenzy+exhaustion"]
    assert [f.key for f in check._strongest_ties(p, holds)] == ["unsettled_conflict.big+also"]
    coverage = Coverage(deadline=float("-inf"))
    monkeypatch.setitem(check._COVERAGE, id(p), coverage)
    assert list(check._set_conflicts(p, holds)) == []
    assert list(check._strongest_ties(p, holds)) == []
    assert coverage.reasons == ["the time limit ran out (raise it with --timeout)"]


def test_a_limit_on_a_roll_whose_modifiers_the_player_may_ignore_is_checked_at_every_target() -> None:
    """down (-1) holds where a does, and there the player may ignore it. With no target the -1 is best ignored
    (D6, modifier 0); at a target of 6 a 6 hits either way, by the assumption `six` (1/6 each), so nothing is
    ignored and the roll is D6-1: the limit that the roll is never lowered breaks at a and a target of 6 (at 5 or
    less ignoring the -1 still hits more often)."""
    text = pack_text(facts=bools("unit.a"),
                     quantities=["hit:", "  kind: roll", "  dice: D6", "  always:",
                                 "    - {unmodified: 6, result: passes, assumption: six}"],
                     modifiers="down: {quantity: hit, change: -1, when: unit.a}",
                     assumptions="six: {text: an unmodified 6 always hits, reason: the rules say so}",
                     policies="may: {kind: choice, quantity: hit, chooser: the player, when: unit.a}",
                     limits="lowered: {quantity: hit, holds: modifier >= 0}")
    (f,) = findings(text)
    assert (f.kind, f.key) == ("limit_broken", "limit_broken.lowered.hit")
    assert f.message == ("hit breaks the limit lowered (modifier >= 0): `modifier >= 0` does not hold here, with "
                         "down applied.")
    assert dict(f.witness or {}) == {"unit.a": True, "target": 6} and f.answer == "D6-1; applied down -1"


def test_a_check_shows_its_progress_through_the_packs_rules_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """TWICE has four rules: the check of pack r counts them out where a person watches standard error."""
    terminal = watched(monkeypatch)
    check_pack(pack(TWICE))
    assert "check r:" in terminal.getvalue() and "| 0/4 " in terminal.getvalue()


@pytest.mark.parametrize(("base", "typical", "witness"), [
    # n 2 and m 2 (typical): min(2, 2) = min(2, 3), no split; n is varied first, nearest its typical value first
    # (the lower of two as near): n 1 gives min(1, 2) = min(1, 3), n 3 gives 2 once and 3 twice
    ("min(f.n, f.m + (1 if reading.weight == 'twice' else 0))", (2, 2), {"f.n": 3, "f.m": 2}),
    # n 3 and m 3: min(3, 3) = min(3, 4), no split; n 2, the first value tried after the typical one, splits:
    # min(3, 2) = 2 once, min(3, 3) = 3 twice
    ("min(f.m, f.n + (1 if reading.weight == 'twice' else 0))", (3, 3), {"f.n": 2, "f.m": 3}),
])
def test_a_reading_that_splits_no_typical_ruling_is_tried_at_each_facts_other_values_in_turn(
        base: str, typical: tuple[int, int], witness: dict[str, object]) -> None:
    text = pack_text(facts=[f"f.n: {{type: int, range: [0, 20], typical: {typical[0]}}}",
                            f"f.m: {{type: int, range: [0, 20], typical: {typical[1]}}}"],
                     quantities=f'q: {{kind: score, base: "{base}"}}', readings=WEIGHT)
    (f,) = [f for f in findings(text) if f.kind == "reading_split"]
    assert dict(f.witness or {}) == {**witness, "reading.weight": "once"}


def test_a_reading_an_expression_reads_that_never_changes_a_ruling_splits_none() -> None:
    """Both options add 0: no ruling splits, and the check says nothing of the reading."""
    text = pack_text(facts="f.n: {type: int, range: [0, 20], typical: 3}",
                     quantities="q: {kind: score, base: \"f.n + (0 if reading.weight == 'twice' else 0)\"}",
                     readings=WEIGHT)
    assert [f.key for f in findings(text) if f.kind == "reading_split"] == []


def test_a_reading_split_is_shown_by_the_inputs_of_the_rule_under_it() -> None:
    """x, under option b only, holds where d does, which is derived as p or q: the smallest situation showing the
    split sets p (listed first), not d itself."""
    text = pack_text(facts=[*bools("unit.p", "unit.q"), "unit.d: {type: bool, derive: unit.p or unit.q}"],
                     quantities=THREE_DICE,
                     modifiers="x: {quantity: dice, change: +1, when: unit.d, under: {rules: b}}",
                     readings=["rules:", "  sentence: x counts", "  options: {a: it does not, b: it does}",
                               "  default: a"])
    (f,) = findings(text)
    assert (f.kind, f.key, dict(f.witness or {})) == ("reading_split", "reading_split.rules", {"unit.p": True})
    assert f.answer == "rules = a (the default): 3 dice | rules = b: 4 dice; applied x +1"


def test_a_limit_unproven_for_two_reasons_gives_both_and_the_check_counts_them() -> None:
    """Damage's base comes from the situation (only some bases are tried), and a rule reads more keywords than the
    search splits: the limit's note gives both reasons, in the order its search met them, and so does the check's
    coverage (the keywords first: the rule's own search met them before the limit's)."""
    from solver.characteristics import searched_bases
    from solver.space.model import Coverage

    text = pack_text(facts=[*bools("weapon.keen"), "unit.kw: {type: keywords, default: []}"],
                     quantities="damage: {kind: characteristic, characteristic: number}",
                     modifiers=["keen: {quantity: damage, change: +1, when: weapon.keen}",
                                f'all_of_them: {{quantity: damage, change: +1, when: "{KEYWORDS.format(kw="kw")}"}}'],
                     limits='capped: {quantity: damage, holds: "value <= 100"}')
    p = pack(text)
    coverage = Coverage()
    (f,) = [f for f in check_pack(p, coverage) if "limit" in f.key]
    tried = ", ".join(map(str, searched_bases(p.quantities["damage"])))
    bases = f"damage's base comes from the situation: tried {tried}"
    assert f.message == ("the limit capped (value <= 100) may not hold for every ruling of damage: no situation tried "
                         f"breaks it, but this is not proven: {_too_many('kw')}; {bases}.")
    assert coverage.reasons == [_too_many("kw"), bases]


def test_a_check_whose_only_unproven_search_is_a_limits_is_not_exhaustive() -> None:
    from solver.characteristics import searched_bases
    from solver.space.model import Coverage

    p = pack(CAPPED % 100)
    coverage = Coverage()
    assert [f.key for f in check_pack(p, coverage)] == ["unproven.limit.capped.damage"]
    assert not coverage.exhaustive
    assert coverage.reasons == ["damage's base comes from the situation: tried "
                                + ", ".join(map(str, searched_bases(p.quantities["damage"])))]


# -- found by a fresh mutation run: strongest groups of more than two rules, and what their rules read -----------


def _strongest(*rules: str, facts: tuple[str, ...] = ("unit.a", "unit.b", "unit.c"), extra: str = "",
               group: str = "") -> list[Finding]:
    """The unsettled conflicts of a pool of 4 dice whose `rules` are all in one `keep: strongest` group `best`
    (with `group` added to the policy: a condition, say); the bool `facts` are false unless given."""
    names = [r.split(":")[0] for r in rules]
    text = pack_text(facts=[*(f"{f}: {{type: bool, default: false}}" for f in facts), *([extra] if extra else [])],
                     quantities=DICE, modifiers=list(rules),
                     policies=f"best: {{kind: exclusive, rules: [{', '.join(names)}], keep: strongest{group}}}")
    return [f for f in findings(text) if f.kind == "unsettled_conflict"]


def test_no_tie_where_a_stronger_rule_of_the_group_holds_wherever_both_do() -> None:
    """big and also (+2 each) both hold only where a and b do, and there most (+3) holds too and is kept: big
    and also never decide between themselves."""
    assert _strongest("big: {quantity: dice, change: +2, when: unit.a}",
                      "also: {quantity: dice, change: +2, when: unit.b}",
                      "most: {quantity: dice, change: +3, when: unit.a and unit.b}") == []


def test_a_tie_beside_a_weaker_rule_that_holds_and_a_stronger_one_that_does_not() -> None:
    """odd (+1) holds wherever big does, but is weaker; huge (+3) is stronger, but holds only where c does
    (false unless given): where a and b hold, big and also (+2 each) are the strongest, and tie. big is checked
    against odd first (different amounts, no tie) and then against also."""
    (f,) = _strongest("big: {quantity: dice, change: +2, when: unit.a}",
                      "odd: {quantity: dice, change: +1, when: unit.a}",
                      "also: {quantity: dice, change: +2, when: unit.b}",
                      "huge: {quantity: dice, change: +3, when: unit.c}")
    assert f.key == "unsettled_conflict.big+also" and dict(f.witness or {}) == {"unit.a": True, "unit.b": True}
    assert names(f) == ["big", "also", "best"]


def test_three_equally_strong_rules_that_hold_together_tie_in_each_pair() -> None:
    """x, y and z (+1 each): where any two hold, neither the third (weaker or as strong) nor anything else is
    stronger; each pair is a tie, shown where its two hold."""
    found = _strongest("x: {quantity: dice, change: +1, when: unit.a}",
                       "y: {quantity: dice, change: +1, when: unit.b}",
                       "z: {quantity: dice, change: +1, when: unit.a and unit.b}")
    assert [(f.key, dict(f.witness or {})) for f in found] == [
        ("unsettled_conflict.x+y", {"unit.a": True, "unit.b": True}),
        ("unsettled_conflict.x+z", {"unit.a": True, "unit.b": True}),
        ("unsettled_conflict.y+z", {"unit.a": True, "unit.b": True})]


def test_rules_that_add_nothing_tie_beside_another_that_adds_nothing() -> None:
    """x and y add n (0 unless given), z adds 0 where a holds: with n at 0 all three add nothing, and x and y, as
    strong as z, tie where a and b hold."""
    (f,) = _strongest('x: {quantity: dice, change: "+unit.n", when: unit.a}',
                      'y: {quantity: dice, change: "+unit.n", when: unit.b}',
                      "z: {quantity: dice, change: +0, when: unit.a}",
                      extra="unit.n: {type: int, range: [0, 2], default: 0}")
    assert f.key == "unsettled_conflict.x+y" and dict(f.witness or {}) == {"unit.a": True, "unit.b": True}


def test_a_tie_counts_only_where_the_groups_condition_holds() -> None:
    """The group keeps the strongest only where c holds: elsewhere big and also both count, and nothing ties.
    The smallest tie sets a, b and c."""
    (f,) = _strongest("big: {quantity: dice, change: +2, when: unit.a}",
                      "also: {quantity: dice, change: +2, when: unit.b}", group=", when: unit.c")
    assert dict(f.witness or {}) == {"unit.a": True, "unit.b": True, "unit.c": True}


def test_a_rule_counted_per_model_ties_a_flat_one_where_the_count_makes_them_as_strong() -> None:
    """big is +1 per model (2 models unless given), also a flat +1: they are as strong only with one model,
    which the tie sets. With at least 2 models big is always the stronger: no tie."""
    n = "unit.n: {type: int, range: [%d, 3], default: 2}"
    per = ("big: {quantity: dice, change: +1, per: unit.n, when: unit.a}",
           "also: {quantity: dice, change: +1, when: unit.b}")
    (f,) = _strongest(*per, extra=n % 1)
    assert dict(f.witness or {}) == {"unit.a": True, "unit.b": True, "unit.n": 1}
    assert f.answer == "5 dice; applied big +1; suppressed also (by big)"
    assert _strongest(*per, extra=n % 2) == []


def test_two_rules_as_strong_as_a_count_no_default_gives_tie_with_the_count_given() -> None:
    """Both raise the dice by n, which has no default: wherever both hold they tie, and the situation that shows
    it gives n (1 to 3)."""
    (f,) = _strongest('big: {quantity: dice, change: "+unit.n", when: unit.a}',
                      'also: {quantity: dice, change: "+unit.n", when: unit.b}',
                      extra="unit.n: {type: int, range: [1, 3]}")
    witness = dict(f.witness or {})
    assert witness.keys() == {"unit.a", "unit.b", "unit.n"} and witness["unit.a"] is witness["unit.b"] is True


def test_a_tie_is_shown_where_the_strength_of_every_other_rule_that_holds_is_known() -> None:
    """rival (+n, n from 0 to 5 with no default) holds wherever big does: big and also (+2 each) tie only where
    n is at most 2, so the tie's own situation gives n, at most 2 (before its replay completes anything)."""
    from solver.space import check

    text = pack_text(facts=[*bools("unit.a", "unit.b"), "unit.n: {type: int, range: [0, 5]}"], quantities=DICE,
                     modifiers=["big: {quantity: dice, change: +2, when: unit.a}",
                                "also: {quantity: dice, change: +2, when: unit.b}",
                                'rival: {quantity: dice, change: "+unit.n", when: unit.a}'],
                     policies="best: {kind: exclusive, rules: [big, also, rival], keep: strongest}")
    p = pack(text)
    holds = {"big": {"unit.a": True}, "also": {"unit.b": True}, "rival": {"unit.a": True, "unit.n": 1}}
    (f,) = check._strongest_ties(p, holds)
    witness = dict(f.witness or {})
    assert witness["unit.a"] is witness["unit.b"] is True and witness["unit.n"] <= 2


def test_sets_skipped_for_agreeing_are_not_the_end_of_the_search() -> None:
    """s1 and s2 both set 6 (no conflict between them); s3 sets 1, against each of them."""
    text = pack_text(facts=bools("unit.a", "unit.b", "unit.c"), quantities=THREE_DICE,
                     modifiers=['s1: {quantity: dice, change: "=6", when: unit.a}',
                                's2: {quantity: dice, change: "=6", when: unit.b}',
                                's3: {quantity: dice, change: "=1", when: unit.c}'])
    assert [f.key for f in findings(text) if f.kind == "unsettled_conflict"] == [
        "unsettled_conflict.s1+s3", "unsettled_conflict.s2+s3"]


# -- found by a fresh mutation run: redundant rules ----------------------------------------------------------------


def test_rules_counted_per_different_things_are_not_redundant() -> None:
    """+1 per model and +1 per wound, under the same condition: different effects, whatever the condition."""
    text = pack_text(facts=[*bools("unit.a"), "unit.models: {type: int, range: [1, 3], default: 1}",
                            "unit.wounds: {type: int, range: [1, 3], default: 1}"], quantities=DICE,
                     modifiers=["m: {quantity: dice, change: +1, per: unit.models, when: unit.a}",
                                "w: {quantity: dice, change: +1, per: unit.wounds, when: unit.a}"])
    assert [f.key for f in findings(text) if f.kind in ("redundant_rule", "subsumed_rule")] == []


def test_a_rule_its_own_witness_separates_from_one_is_still_compared_with_the_next() -> None:
    """a holds where p does; b1 needs q too (a's witness, p alone, already separates them); b2 holds where p or r
    does, so wherever a holds b2 does too. b1 implies both a and b2."""
    text = pack_text(facts=bools("unit.p", "unit.q", "unit.r"), quantities=DICE,
                     modifiers=["a: {quantity: dice, change: -1, when: unit.p}",
                                "b1: {quantity: dice, change: -1, when: unit.p and unit.q}",
                                "b2: {quantity: dice, change: -1, when: unit.p or unit.r}"])
    assert [f.key for f in findings(text) if f.kind == "subsumed_rule"] == [
        "subsumed_rule.a+b2", "subsumed_rule.b1+a", "subsumed_rule.b1+b2"]


def test_a_rule_that_slips_past_two_groups_names_each_in_a_sentence_of_its_own() -> None:
    """hard (hard cover) implies any_cover; any_cover is in g1 and in g2, hard in neither."""
    text = pack_text(facts=bools("cover.any", "cover.hard", "unit.x"), quantities=DICE,
                     modifiers=["any_cover: {quantity: dice, change: -1, when: cover.any}",
                                "hard: {quantity: dice, change: -1, when: cover.any and cover.hard}",
                                "other1: {quantity: dice, change: -2, when: unit.x}",
                                "other2: {quantity: dice, change: -3, when: unit.x}"],
                     policies=["g1: {kind: exclusive, rules: [any_cover, other1]}",
                               "g2: {kind: exclusive, rules: [any_cover, other2]}"])
    (f,) = [f for f in findings(text) if f.kind == "subsumed_rule"]
    assert f.message == ("hard and any_cover have the same effect, and whenever hard holds any_cover holds too, so "
                         "both count (-1 twice). hard is not in any_cover's non-stacking group g1 (only one of "
                         "any_cover, other1 counts: the first listed that holds), so it slips past it. hard is not "
                         "in any_cover's non-stacking group g2 (only one of any_cover, other2 counts: the first "
                         "listed that holds), so it slips past it.")
    assert names(f) == ["hard", "any_cover", "g1", "g2"] and f.cause == "non_stacking"


def test_rules_kept_apart_by_two_groups_are_no_redundant_pair() -> None:
    """g1 keeps a1 and a2 (the same rule twice) apart, g2 b1 and b2: neither pair counts twice."""
    text = pack_text(facts=bools("unit.a", "unit.b"), quantities=DICE,
                     modifiers=["a1: {quantity: dice, change: -1, when: unit.a}",
                                "a2: {quantity: dice, change: -1, when: unit.a}",
                                "b1: {quantity: dice, change: +1, when: unit.b}",
                                "b2: {quantity: dice, change: +1, when: unit.b}"],
                     policies=["g1: {kind: exclusive, rules: [a1, a2]}", "g2: {kind: exclusive, rules: [b1, b2]}"])
    assert [f.key for f in findings(text) if f.kind in ("redundant_rule", "subsumed_rule")] == []


# -- found by a fresh mutation run: a shadowed rule unproven, values out of range, readings ----------------------


def test_a_shadowed_rule_search_past_the_deadline_is_a_note_for_each_rule_and_says_why(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each of any_cover, hard and hedge has a rival in a policy; with no time left no situation is tried, so none
    is proven never to count: a note for each (not a finding), saying the time ran out."""
    from solver.space import check
    from solver.space.model import Coverage

    p = pack(SHADOWED)
    coverage = Coverage(deadline=float("-inf"))
    monkeypatch.setitem(check._COVERAGE, id(p), coverage)
    holds = {"any_cover": {"cover.any": True}, "hard": {"cover.any": True, "cover.hard": True},
             "hedge": {"cover.any": True, "cover.hard": True}}
    found = list(check._shadowed(p, holds))
    assert [(f.severity, f.kind, f.key, f.quantity) for f in found] == [
        ("note", "unproven", f"unproven.shadowed_rule.{rule}", "dice") for rule in ("any_cover", "hard", "hedge")]
    assert found[2].message == ("hedge may be a shadowed rule (no situation tried lets it count), but this is not "
                                "proven: the time limit ran out (raise it with --timeout).")
    assert [lines(f) for f in found] == [[("any_cover", 8)], [("hard", 9)], [("hedge", 10)]]
    assert coverage.reasons == ["the time limit ran out (raise it with --timeout)"]


def test_a_pool_of_no_dice_is_out_of_range_past_a_roll_and_a_clamped_pool() -> None:
    """hit is a roll (no range to keep); dice is clamped to at least 1; few (1 die, -1 where a holds) can come to
    no dice, with no clamp."""
    text = pack_text(facts=bools("unit.a"),
                     quantities=["hit: {kind: roll, dice: D6}", "dice: {kind: pool, base: 1}",
                                 "few: {kind: pool, base: 1}"],
                     modifiers=["down: {quantity: dice, change: -1, when: unit.a}",
                                "less: {quantity: few, change: -1, when: unit.a}"],
                     policies="at_least_one: {kind: clamp, quantity: dice, min: 1}")
    (f,) = [f for f in findings(text) if f.kind == "out_of_range"]
    assert (f.severity, f.key, f.quantity) == ("warning", "out_of_range.few", "few")
    assert f.message == "few can come out as a pool of no dice, and no clamp settles it."
    assert dict(f.witness or {}) == {"unit.a": True} and f.answer == "0 dice; applied less -1"


SPLIT = pack_text(facts=[*bools("unit.p", "unit.q"), "unit.d: {type: bool, derive: unit.p or unit.q}",
                         *bools("unit.s", "unit.t")],
                  quantities=THREE_DICE,
                  modifiers=["x: {quantity: dice, change: +1, when: unit.d, under: {rules: b}}",
                             "y: {quantity: dice, change: +1, when: unit.s}",
                             "z: {quantity: dice, change: +1, when: unit.t}"],
                  policies="g: {kind: exclusive, rules: [y, z], under: {rules: a}}",
                  readings=["rules:", "  sentence: x counts, and y and z both",
                            "  options: {a: they do not, b: they do}", "  default: a"])
"""Under option b x counts where d (p or q) holds, and y and z both count; under a, x never does and only one of
y and z counts: a split where d holds, or where s and t both do."""


def test_a_reading_split_says_what_splits_and_is_shown_by_the_inputs_of_the_rules_and_groups_under_it() -> None:
    """The rules and the group tied to the reading are searched first, through the inputs of what they read: the
    smallest split sets p (the first of d's inputs), not d itself."""
    (f,) = [f for f in findings(SPLIT) if f.kind == "reading_split"]
    assert (f.severity, f.key, f.quantity) == ("note", "reading_split.rules", "dice")
    assert f.message == 'the readings of rules give different rulings for dice ("x counts, and y and z both").'
    assert lines(f) == [("rules", 17)]
    assert dict(f.witness or {}) == {"unit.p": True}


def test_a_reading_split_search_past_its_budget_names_the_quantity(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no situation allowed, no split is shown, and the check says whose search stopped: the dice's."""
    from solver.space import check
    from solver.space.model import Coverage

    monkeypatch.setattr(check, "BUDGET", 0)
    coverage = Coverage()
    assert [f for f in check_pack(pack(SPLIT), coverage) if f.kind == "reading_split"] == []
    assert coverage.reasons == ["dice: more than 0 situations"]  # as the search for a pool of no dice says too


# -- found by a fresh mutation run: completing a witness ---------------------------------------------------------


def test_a_conflicts_witness_is_completed_with_the_count_its_base_needs_and_answers_with_the_conflict() -> None:
    """The dice are as many as the bases (no default): where frenzy and exhaustion both hold the ruling is refused
    for the conflict, which is the answer, but only once the bases are given; the witness gives them."""
    text = pack_text(facts=[*bools("unit.frenzied", "unit.exhausted"), "unit.bases: {type: int, range: [1, 4]}"],
                     quantities='dice: {kind: pool, base: "unit.bases"}',
                     modifiers=['frenzy: {quantity: dice, change: "=6", when: unit.frenzied}',
                                'exhaustion: {quantity: dice, change: "=1", when: unit.exhausted}'])
    (f,) = findings(text)
    assert f.key == "unsettled_conflict.frenzy+exhaustion"
    witness = dict(f.witness or {})
    assert witness.keys() == {"unit.frenzied", "unit.exhausted", "unit.bases"} and 1 <= witness["unit.bases"] <= 4
    assert f.answer == ("error: set effects exhaustion (=1) and frenzy (=6) set one value to different values, and "
                        "nothing in the pack orders them")


NEAR = pack_text(facts=["attack.distance: {type: int, range: [1, 72], typical: 30}",
                        "weapon.range: {type: int, range: [6, 72], typical: 24}",
                        'attack.long_range: {type: bool, derive: "2 * attack.distance > weapon.range"}'],
                 quantities="to_hit: {kind: score, base: 4}",
                 modifiers=["long_range: {quantity: to_hit, change: -1, when: attack.long_range}",
                            'close: {quantity: to_hit, change: +1, when: "attack.distance * 4 < weapon.range"}'],
                 constraints='within: {require: "attack.distance <= weapon.range"}')


def test_a_witness_is_completed_nearest_the_typical_values_of_facts_compared_with_each_other() -> None:
    """Not at long range: twice the distance at most the range. Nearest the typical 30 inches and range 24, the
    range keeps its 24 and the distance comes down to 12 (keeping the distance at 30 would need a range of 60,
    twice as far off)."""
    from solver.space.check import replay

    given, answer = replay(pack(NEAR), "to_hit", {"attack.long_range": False})
    assert given == {"attack.distance": 12, "weapon.range": 24, "attack.long_range": False} and answer == "4+"


TWO_READINGS = pack_text(facts=[*(f"unit.{f}: {{type: bool, default: false}}" for f in "kp")], quantities=THREE_DICE,
                         modifiers=["u1: {quantity: dice, change: +1, when: unit.k}",
                                    "u2: {quantity: dice, change: +1, when: unit.k}",
                                    "x: {quantity: dice, change: +1, when: unit.p, under: {rules: b}}"],
                         policies=[AT_LEAST_ONE, "g2: {kind: exclusive, rules: [u1, u2], under: {other: a}}"],
                         readings=["rules:", "  sentence: x counts", "  options: {a: it does not, b: it does}",
                                   "  default: a",
                                   "other:", "  sentence: u1 and u2 both count",
                                   "  options: {a: only one does, b: both do}", "  default: a"])
"""x counts only under option b of `rules` (where p holds); u1 and u2 (where k holds) are kept apart by g2 only under
option a of `other`: each reading splits the dice where its own fact holds (never below 1 die: no search for one)."""


def test_a_reading_split_is_searched_first_over_what_is_tied_to_that_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search for each reading's split starts with the facts of what is tied to that reading, not to another:
    `rules` splits at the second situation tried (none, then p), `other` at the second too (none, then k). Two
    situations are enough for both, and k, listed first in the pack, is not tried before p for `rules`."""
    from solver.space import check
    from solver.space.model import Coverage

    monkeypatch.setattr(check, "BUDGET", 2)
    coverage = Coverage()
    found = [f for f in check_pack(pack(TWO_READINGS), coverage) if f.kind == "reading_split"]
    assert [(f.key, dict(f.witness or {})) for f in found] == [("reading_split.other", {"unit.k": True}),
                                                                ("reading_split.rules", {"unit.p": True})]
    assert coverage.reasons == []


def test_a_reading_split_gives_the_base_fact_a_derived_base_needs_not_the_derived_fact() -> None:
    """The dice are twice the models (n, no default, derived into unit.dice); x (+1 where p holds) counts only under
    option b: the split sets p and gives the models, from which a player works out the dice."""
    text = pack_text(facts=["unit.p: {type: bool, default: false}", "unit.n: {type: int, range: [1, 3]}",
                            'unit.dice: {type: int, range: [2, 6], derive: "unit.n * 2"}'],
                     quantities='dice: {kind: pool, base: "unit.dice"}',
                     modifiers="x: {quantity: dice, change: +1, when: unit.p, under: {rules: b}}",
                     policies=AT_LEAST_ONE,
                     readings=["rules:", "  sentence: x counts", "  options: {a: it does not, b: it does}",
                               "  default: a"])
    (f,) = findings(text)
    witness = dict(f.witness or {})
    assert f.key == "reading_split.rules" and witness.keys() == {"unit.p", "unit.n"} and witness["unit.p"] is True
    n = witness["unit.n"]
    assert f.answer == f"rules = a (the default): {2 * n} dice | rules = b: {2 * n + 1} dice; applied x +1"


def test_each_rule_is_weighed_against_the_policies_that_name_it_and_no_other() -> None:
    """Two groups, each settling its own pair: only the rule each group suppresses is shadowed, by that group."""
    text = pack_text(facts=bools("unit.a", "unit.b"), quantities=DICE,
                     modifiers=["first: {quantity: dice, change: -1, when: unit.a}",
                                "second: {quantity: dice, change: -1, when: unit.a}",
                                "third: {quantity: dice, change: -1, when: unit.b}",
                                "fourth: {quantity: dice, change: -1, when: unit.b}"],
                     policies=["g1: {kind: exclusive, rules: [first, second]}",
                               "g2: {kind: exclusive, rules: [third, fourth]}"])
    shadowed = {f.key: names(f) for f in findings(text) if f.kind == "shadowed_rule"}
    assert shadowed == {"shadowed_rule.second": ["second", "first", "g1"],
                        "shadowed_rule.fourth": ["fourth", "third", "g2"]}


def test_a_checked_pack_goes_when_its_caller_lets_it_go() -> None:
    """What the search keeps for a pack lives in the pack: checking many packs in one process holds none of them."""
    import gc

    from kb.model import Pack

    def alive() -> int:
        gc.collect()
        return sum(isinstance(o, Pack) and o.name == "gone" for o in gc.get_objects())

    before = alive()
    p = pack(pack_text("gone", facts=bools("unit.a"), quantities=DICE, modifiers=_ups("dice")[:1]))
    assert check_pack(p) == [] and alive() == before + 1
    del p
    assert alive() == before


def test_each_pack_made_without_a_rule_is_freed_as_soon_as_the_rule_is_checked() -> None:
    """A check makes a copy of the pack for each rule that holds, with its rulings compiled for it: each is freed
    when its rule is checked, without the cycle collector (which a check pauses; every object it has not collected
    is still among `gc.get_objects()`), and the findings stay right."""
    import gc

    from kb.model import Pack

    def packs() -> int:
        return sum(isinstance(o, Pack) and o.name == "pools" for o in gc.get_objects())

    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        p = pack(TWO_POOLS.replace("pack: r\n", "pack: pools\n", 1))
        before = packs()
        found = check_pack(p)
        assert [f.key for f in found if f.kind == "never_changes"] == ["never_changes.up.more"]
        assert packs() == before
    finally:
        if enabled:
            gc.enable()

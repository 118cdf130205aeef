"""`rulings why-not` in words: checked where mutation testing found nothing watching
(`python tools/mutate.py explain/whynot.py`).

Each line is worked out by hand from the rule text of the fantasy seed or of a small pack written here: the rule
that failed and the condition said from the facts' texts; for a rule that counts only in some cases, each case in
which it counts; for any other answer, the derivation's own lines; a change said fact by fact, "and" between.
"""

from __future__ import annotations

from explain.whynot import change_text, reason_lines
from kb import load_pack
from solver import Situation
from solver.space.whynot import Change, why_not
from tests.solver.small_packs import pack, pack_text

FANTASY, WH40K = load_pack("fantasy"), load_pack("wh40k")

SMALL = pack(pack_text(
    facts=["n.v: {type: int, range: [0, 999], default: 300, text: 'the model has {value} wounds'}",
           "n.a: {type: int, range: [0, 9], text: 'the model has Strength {value}'}",
           "n.b: {type: int, range: [0, 9], text: 'the target has Toughness {value}'}"],
    quantities="damage: {kind: characteristic, characteristic: number}",
    modifiers=["strong: {quantity: damage, change: +1, when: n.a >= 4 and n.b <= 2}",
               "odd: {quantity: damage, change: +1, when: n.v == 1 or n.v == 5 or n.v == 7}",
               "far: {quantity: damage, change: +1, when: n.v <= 100 or n.v >= 900}",
               "pair: {quantity: damage, change: +1, when: n.v == 1 or n.v == 5}"]))


def test_a_failed_modifier_is_said_with_its_condition_and_cited() -> None:
    """Seed: "A model that moved for any reason this turn ... suffering a -1 shooting modifier." """
    result = why_not(FANTASY, "to_hit", "moved", Situation(given={"shooter.bs": 3}))
    ((depth, claim, cite),) = reason_lines(FANTASY, result)
    assert (depth, claim) == (0, "moved does not apply: the shooter did not move this turn")
    assert cite == 'roll_to_hit ¶4: "A model that moved for any reason this turn ... suffering a -1 shooting modifier."'


def test_a_suppressed_modifier_is_said_by_its_derivation_not_by_its_condition() -> None:
    """Seed: "Soft and hard cover never stack -- if both would apply, use only the -2 for hard cover." """
    situation = Situation(given={"shooter.bs": 3, "target.in_soft_cover": True, "target.in_hard_cover": True})
    result = why_not(FANTASY, "to_hit", "soft_cover", situation)
    assert result.status == "suppressed"
    ((depth, claim, cite),) = reason_lines(FANTASY, result)
    assert depth == 0 and claim.startswith("soft_cover does not count, hard_cover counts instead")
    assert cite is not None and "Soft and hard cover never stack" in cite


def test_an_automatic_hit_is_said_with_every_line_of_its_derivation() -> None:
    """Seed: "skip the To Hit roll entirely and apply the stated number of automatic hits." """
    situation = Situation(given={"shooter.bs": 3, "shooter.moved": True, "attack.auto_hit": True})
    lines = reason_lines(FANTASY, why_not(FANTASY, "to_hit", "moved", situation))
    assert [depth for depth, _, _ in lines] == [0, 1, 2]
    assert lines[0] == (0, "moved does not count: no roll is made, so no modifier counts", None)
    assert lines[2][1] == "the attack hits automatically: yes"
    assert lines[2][2] is not None and "automatic hits" in lines[2][2]


def test_a_rule_that_counts_in_some_cases_lists_only_those_cases() -> None:
    """`strong` counts when Strength is 4 or more and Toughness 2 or less: Strength and Toughness are unknown."""
    lines = reason_lines(SMALL, why_not(SMALL, "damage", "strong", Situation(base=2)))
    assert lines[0] == (0, "strong counts only in some cases: the situation leaves facts unknown", None)
    assert len(lines) == 2  # the cases where it does not count (Strength 0 to 3, or Toughness 3 to 9) are left out
    depth, claim, cite = lines[1]
    assert (depth, cite) == (1, None)
    strength, toughness = "the model has Strength 4 to 9", "the target has Toughness 0 to 2"
    assert claim in (f"when {strength} and {toughness}: strong counts",
                     f"when {toughness} and {strength}: strong counts")


def test_the_lone_model_seed_unknown_strength() -> None:
    """Seed: "any shot at a lone model with Unit Strength 2 or less suffers a -1 shooting modifier." """
    result = why_not(FANTASY, "to_hit", "lone_model", Situation(given={"shooter.bs": 3, "target.lone_model": True}))
    assert reason_lines(FANTASY, result) == [
        (0, "lone_model counts only in some cases: the situation leaves facts unknown", None),
        (1, "when the target has Unit Strength 0 to 2: lone_model counts", None)]


def test_a_change_of_two_facts_is_said_fact_by_fact() -> None:
    result = why_not(FANTASY, "to_hit", "lone_model", Situation(given={"shooter.bs": 3}))
    assert [change_text(FANTASY, c) for c in result.changes] == [
        "the target is a lone model and the target has Unit Strength 0 to 2"]


def test_a_change_says_its_range_when_it_has_one_and_else_its_values() -> None:
    given = (("target.unit_strength", 2),)
    assert change_text(FANTASY, Change(given, "5+", None)) == "the target has Unit Strength 2"  # type: ignore[arg-type]
    assert change_text(FANTASY, Change(given, "5+", None, (("target.unit_strength", (0, 2)),))) == (  # type: ignore
        "the target has Unit Strength 0 to 2")
    assert change_text(FANTASY, Change(given, "5+", None, (("target.unit_strength", (2, 2)),))) == (  # type: ignore
        "the target has Unit Strength 2")


def test_values_are_said_as_a_player_reads_them() -> None:
    def said(p, name, value):  # type: ignore[no-untyped-def]
        return change_text(p, Change(((name, value),), "", None))  # type: ignore[arg-type]

    assert said(FANTASY, "no.such", 3) == "no.such = 3"
    assert said(FANTASY, "target.unit_strength", "0..2") == "the target has Unit Strength 0 to 2"
    # an enum's values by the pack's words for them ("full_wounds" is "full wounds"), "or" between
    assert said(WH40K, "reading.starting_wounds", ("full_wounds", "starting_caps")) == (
        "starting wounds is read as full wounds or starting caps")
    assert said(WH40K, "reading.starting_wounds", "full_wounds") == "starting wounds is read as full wounds"


def test_several_values_or_runs_of_an_int_fact_are_said_with_or() -> None:
    """`odd` counts at 1, 5 or 7 wounds; `far` at 100 wounds or fewer, or 900 or more (of 0 to 999)."""
    (odd,) = why_not(SMALL, "damage", "odd", Situation(base=2)).changes
    assert change_text(SMALL, odd) == "the model has 1 or 5 or 7 wounds"
    (far,) = why_not(SMALL, "damage", "far", Situation(base=2)).changes
    assert change_text(SMALL, far) == "the model has 0 to 100 or 900 to 999 wounds"


def test_two_values_apart_never_read_as_the_range_between_them() -> None:
    """`pair` counts at 1 or 5 wounds, not at 2, 3 or 4: neither "1 to 5" nor "n.v = 1..5"."""
    (pair,) = why_not(SMALL, "damage", "pair", Situation(base=2)).changes
    assert change_text(SMALL, pair) == "the model has 1 or 5 wounds"
    assert pair.describe() == "n.v = {1, 5}"


def test_an_enum_value_written_as_a_range_reads_as_one() -> None:
    """An enum whose values are bands written "1..6" and "7..12" (any text is an enum value): "1 to 6"."""
    bands = pack(pack_text(
        facts="t.band: {type: enum, values: ['1..6', '7..12'], text: 'the target is {value} inches away'}",
        quantities="damage: {kind: characteristic, characteristic: number}",
        modifiers="close: {quantity: damage, change: +1, when: \"t.band == '1..6'\"}"))
    (change,) = why_not(bands, "damage", "close", Situation(given={"t.band": "7..12"}, base=2)).changes
    assert change_text(bands, change) == "the target is 1 to 6 inches away"
    assert change_text(bands, Change((("t.band", "7..12"),), "", None)) == (  # type: ignore[arg-type]
        "the target is 7 to 12 inches away")

"""Unknown facts: a ruling branches on the fewest, highest-level unknowns (SPEC 3.2 `cases`)."""

from __future__ import annotations

from itertools import product

from kb import load_pack
from solver import Situation, ask

FANTASY = load_pack("fantasy")


def when_values(ruling):
    return sorted((tuple(sorted(c.when)), c.ruling.value) for c in ruling.cases)


def test_both_covers_unknown_needs_three_cases_not_four():
    """Hard cover decides alone when it holds, so the case list asks about soft cover only without it."""
    ruling = ask(FANTASY, "to_hit", Situation(given={
        "shooter.bs": 3, "hard_cover.obscures": True, "soft_cover.obscures": True}))
    assert ruling.value is None
    assert when_values(ruling) == [
        ((("target.in_hard_cover", False), ("target.in_soft_cover", False)), 4),
        ((("target.in_hard_cover", False), ("target.in_soft_cover", True)), 5),
        ((("target.in_hard_cover", True),), 6),
    ]


def test_branches_on_the_derived_fact_not_the_line_of_sight_values_behind_it():
    ruling = ask(FANTASY, "to_hit", Situation(given={"shooter.bs": 3, "hard_cover.obscures": True}))
    facts = {fact for case in ruling.cases for fact, _ in case.when}
    assert facts == {"target.in_hard_cover"}


def test_integer_unknowns_become_ranges():
    ruling = ask(FANTASY, "to_hit", Situation(given={"shooter.bs": 3, "target.lone_model": True}))
    assert when_values(ruling) == [
        ((("target.unit_strength", "0..2"),), 5),
        ((("target.unit_strength", "3..99"),), 4),
    ]


def test_a_known_answer_has_no_cases():
    ruling = ask(FANTASY, "to_hit", Situation(given={"shooter.bs": 3, "attack.auto_hit": True}))
    assert ruling.cases is None and ruling.automatic is True


def test_every_case_replays_to_its_value():
    """Each case's `when`, given back to the solver, gives that case's value (ranges at both ends)."""
    given = {"shooter.bs": 4, "hard_cover.obscures": True, "soft_cover.obscures": True, "target.lone_model": True}
    ruling = ask(FANTASY, "to_hit", Situation(given=given))
    assert len(ruling.cases) >= 4
    for case in ruling.cases:
        choices = [
            [(fact, int(end)) for end in value.split("..")] if isinstance(value, str) else [(fact, value)]
            for fact, value in case.when
        ]
        for assignment in product(*choices):
            assert ask(FANTASY, "to_hit", Situation(given={**given, **dict(assignment)})).value == case.ruling.value

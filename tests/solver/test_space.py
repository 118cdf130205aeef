"""The space of situations, solved soundly: issue "no impossible cases, no sampled verdicts".

Each test is one symptom a rules lawyer met, with a small pack of its own
where the built-in packs cannot show it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kb.loader import load_pack
from solver.ask import ask
from solver.situation import Situation
from solver.space.check import check_pack
from solver.space.model import consistent, partition, producible

PACKS = Path(__file__).parent / "space_packs"


def kinds(pack: str) -> list[tuple[str, str]]:
    return [(f.kind, f.key) for f in check_pack(load_pack(str(PACKS / f"{pack}.yaml")))]


def whens(ruling: Any) -> list[dict[str, Any]]:
    return [dict(c.when) for c in ruling.cases or ()]


def test_cover_that_every_line_of_sight_gives_is_not_a_case() -> None:
    """"standing behind ... terrain with at least half as high a Line of Sight value": any LoS >= 1 is half of 2."""
    given = {"shooter.bs": 3, "shooter.los": 2, "target.los": 2, "soft_cover.obscures": True}
    ruling = ask(load_pack("fantasy"), "to_hit", Situation(given=given))
    assert ruling.cases is None and ruling.value == 5
    assert [a.rule for a in ruling.applied] == ["soft_cover"]
    assert "given in the situation" not in "\n".join(n.claim for _, n in ruling.explanation.lines())


def test_hard_cover_at_line_of_sight_1_is_settled_by_what_is_given() -> None:
    given = {"shooter.bs": 4, "shooter.los": 1, "target.los": 1, "hard_cover.obscures": True}
    ruling = ask(load_pack("fantasy"), "to_hit", Situation(given=given))
    assert (ruling.value, str(ruling.probability), [a.rule for a in ruling.applied]) == (5, "1/3", ["hard_cover"])


def test_cases_offer_only_values_the_inputs_can_produce() -> None:
    """Shooter LoS 4 behind soft cover: cover LoS 1 gives no cover, 2 or more does: two real cases."""
    pack = load_pack("fantasy")
    given = {"shooter.bs": 3, "shooter.los": 4, "target.los": 2, "soft_cover.obscures": True}
    ruling = ask(pack, "to_hit", Situation(given=given))
    assert sorted((c["target.in_soft_cover"], r.value) for c, r in zip(whens(ruling), [c.ruling for c in ruling.cases],
                                                                         strict=True)) == [(False, 4), (True, 5)]
    for case in ruling.cases:
        assert consistent(pack, {**given, **dict(case.when)})
        assert "in this case (target.in_soft_cover)" in "\n".join(n.claim for _, n in case.ruling.explanation.lines())


def test_brute_force_agrees_on_what_cover_values_are_possible() -> None:
    pack = load_pack("fantasy")
    for shooter in range(1, 11):
        for target in range(1, 11):
            given = {"shooter.los": shooter, "target.los": target, "hard_cover.obscures": True}
            expected = {(2 * los >= target and 2 * los >= shooter,) for los in range(1, 11)}
            assert set(producible(pack, ["target.in_hard_cover"], given)) == expected


def test_a_derived_fact_given_against_its_inputs_is_refused_even_at_their_defaults() -> None:
    pack = load_pack("fantasy")
    assert not consistent(pack, {"target.in_hard_cover": False, "hard_cover.obscures": True,
                                 "shooter.los": 1, "target.los": 1})
    assert consistent(pack, {"target.in_hard_cover": True})  # a judge's call: the inputs are free


def test_floor_division_partitions_exactly() -> None:
    """A rule true for Unit Strength 20..23 only: the partition finds that class by evaluating every value."""
    pack = load_pack(str(PACKS / "floor_division.yaml"))
    assert partition(pack, "target.unit_strength").classes == (((0, 19), (24, 99)), ((20, 23),))


def test_a_rule_true_for_a_narrow_range_is_not_dead() -> None:
    assert kinds("floor_division") == []
    ruling = ask(load_pack(str(PACKS / "floor_division.yaml")), "to_hit",
                 Situation(given={"target.unit_strength": 21}))
    assert [a.rule for a in ruling.applied] == ["big_regiment"]


def test_a_rule_the_stronger_cover_always_beats_is_shadowed_without_a_false_tie() -> None:
    """The foxhole needs hard cover and joins the cover group, so the -2 always holds with it."""
    assert kinds("foxhole") == [("shadowed_rule", "shadowed_rule.foxhole")]

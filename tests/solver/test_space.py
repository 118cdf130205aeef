"""The space of situations, solved soundly: issue "no impossible cases, no sampled verdicts".

Each test is one symptom a rules lawyer met, with a small pack of its own
where the built-in packs cannot show it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from explain.faq import faq
from kb.errors import Contradiction, Span
from kb.expr import evaluate
from kb.loader import load_pack
from solver.ask import ask
from solver.facts import derive_facts
from solver.situation import Situation, situation_from_data
from solver.space.check import check_pack
from solver.space.find import find
from solver.space.model import Coverage, consistent, partition, producible
from solver.space.whynot import why_not

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


def test_find_never_sets_derived_facts_their_inputs_cannot_produce_together() -> None:
    """Long range is beyond half the weapon's range; point blank is 3" or less: never both with a 6" weapon+."""
    pack = load_pack(str(PACKS / "ranges.yaml"))
    coverage = Coverage()
    assert find(pack, "to_hit", "'long' in applied and 'point_blank' in applied", coverage=coverage) == []
    assert coverage.exhaustive
    with pytest.raises(Contradiction, match=r"attack\.long_range is given as true, but attack\.distance = 10, "
                                             r"weapon\.range = 24 derive false"):
        ask(pack, "to_hit", Situation(given={"attack.distance": 10, "weapon.range": 24, "attack.long_range": True}))


@pytest.mark.parametrize("name", ["fantasy", "skirmish", "wh40k"])
def test_every_faq_situation_replays_and_its_derived_facts_agree_with_their_inputs(name: str) -> None:
    pack = load_pack(name)
    for entry in faq(pack):
        given = entry.situation.get("given") or {}
        assert consistent(pack, given), (entry.question, given)
        ask(pack, entry.quantity, situation_from_data(entry.situation, pack, Span("faq")))  # no contradiction
        values = derive_facts(pack, given)
        for fact in (n for n in given if pack.facts[n].derive is not None):
            if pack.facts[fact].derive.names <= set(given):
                assert evaluate(pack.facts[fact].derive, values) == given[fact]


@pytest.mark.parametrize(("pack_name", "quantity", "where"), [
    ("fantasy", "to_hit", "value >= 7"), ("fantasy", "to_hit", "'lone_model' in applied"),
    ("skirmish", "cc_dice", "value <= 3"), ("ranges", "to_hit", "value == 3"),
])
def test_every_found_situation_replays(pack_name: str, quantity: str, where: str) -> None:
    pack = load_pack(pack_name if pack_name != "ranges" else str(PACKS / "ranges.yaml"))
    for found in find(pack, quantity, where, max_facts=3):
        given = {n: v[0] if isinstance(v, tuple) else v for n, v in found.given}
        assert consistent(pack, given)
        ask(pack, quantity, Situation(given=given))


def test_why_not_gives_every_minimal_change_as_ranges() -> None:
    """"any shot at a lone model with Unit Strength 2 or less suffers a -1 shooting modifier." """
    pack = load_pack("fantasy")
    result = why_not(pack, "to_hit", "lone_model", Situation(given={"shooter.bs": 3, "target.unit_strength": 10}))
    assert [c.describe() for c in result.changes] == ["target.lone_model = true, target.unit_strength = 0..2"]
    result = why_not(pack, "to_hit", "soft_cover", Situation(given={"shooter.bs": 3}))
    assert [c.describe() for c in result.changes] == ["target.in_soft_cover = true"]


def test_witnesses_use_the_typical_value_not_a_range_end() -> None:
    """The replayed witness takes Ballistic Skill 3 (the pack's typical value), where a clamp bites nothing."""
    [finding] = check_pack(load_pack(str(PACKS / "foxhole.yaml")))
    assert dict(finding.witness) == {"shooter.bs": 3, "target.in_hard_cover": True, "target.in_foxhole": True}
    assert finding.answer == "2+; applied hard_cover -2; suppressed foxhole (by hard_cover)"  # no clamp bites


def test_witnesses_count_a_derived_fact_as_one() -> None:
    """A dead-looking rule needing soft cover is shown with the derived fact, not four Line of Sight values."""
    pack = load_pack("fantasy")
    [found] = find(pack, "to_hit", "'soft_cover' in applied", Situation(given={"shooter.bs": 3}))
    assert dict(found.given) == {"shooter.bs": 3, "target.in_soft_cover": True}


def test_a_search_that_meets_its_limit_says_so() -> None:
    pack = load_pack("fantasy")
    coverage = Coverage()
    find(pack, "to_hit", "impossible", max_facts=2, coverage=coverage)
    assert not coverage.exhaustive and "--max-facts" in coverage.reasons[0]


def test_check_never_claims_dead_from_a_search_it_did_not_finish() -> None:
    coverage = Coverage(deadline=0.0)  # already out of time: nothing can be proven
    findings = check_pack(load_pack(str(PACKS / "floor_division.yaml")), coverage)
    assert not coverage.exhaustive
    assert [(f.severity, f.kind) for f in findings] == [("note", "unproven")]

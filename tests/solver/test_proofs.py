"""Claims of proof that hold: each is checked against every situation of a small space, by brute force.

Every pack here is one that a rules writer wrote and the search once got wrong while saying it had looked
everywhere (a base clamped with max/min, an erratum to a derived fact, a change seen only in a chance).
The expected values are worked out by asking every situation, never taken from the search under test.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

from kb.loader import load_pack
from solver.ask import ask
from solver.situation import Situation
from solver.space.diff import diff_packs
from solver.space.find import find
from solver.space.model import Coverage

PACKS = Path(__file__).parent / "proof_packs"


def _every_situation(pack: Any, names: list[str]) -> list[dict[str, Any]]:
    domains = [pack.facts[n].domain for n in names]
    return [dict(zip(names, values, strict=True)) for values in product(*domains)]


def test_a_base_clamped_with_max_and_min_is_varied_inside_the_calls() -> None:
    pack = load_pack(str(PACKS / "clamped_base.yaml"))
    names = ["target.toughness", "weapon.strength", "attack.charged"]
    below = [g for g in _every_situation(pack, names) if ask(pack, "to_wound", Situation(given=g)).value < 2]
    assert below, "the pack was written so that a charge pushes the score below 2"
    coverage = Coverage()
    found = find(pack, "to_wound", "value < 2", coverage=coverage, max_facts=None)
    assert coverage.exhaustive
    # every situation below 2 holds one of the minimal ones found (its facts, within their ranges) ...
    spans = [dict(f.given) for f in found]

    def holds(given: dict[str, Any], span: dict[str, Any]) -> bool:
        return all((v[0] <= given[n] <= v[1]) if isinstance(v, tuple) else given[n] == v for n, v in span.items())

    for given in below:
        assert any(holds(given, span) for span in spans), given
    # ... and each found one, its other facts at their defaults, is below 2 at every value of its ranges
    for span in spans:
        ranged = {n: range(v[0], v[1] + 1) if isinstance(v, tuple) else (v,) for n, v in span.items()}
        for values in product(*ranged.values()):
            given = dict(zip(ranged, values, strict=True))
            assert ask(pack, "to_wound", Situation(given=given)).value < 2, given


def test_a_clamped_base_that_goes_below_the_lowest_score_is_reported_by_check() -> None:
    from solver.space.check import check_pack

    pack = load_pack(str(PACKS / "clamped_base.yaml"))
    kinds = {f.kind for f in check_pack(pack)}
    assert "out_of_range" in kinds


def test_an_erratum_to_a_derived_fact_is_a_change() -> None:
    """ "a unit whose majority has Line of Sight value 1 provides cover to a unit behind it with Line of Sight
    value 2" -- an erratum that makes cover need more than half as high breaks the seed's own example."""
    old = load_pack("fantasy")
    new = load_pack("fantasy", extra=[str(PACKS / "soft_cover_errata.yaml")])
    seed_example = {"shooter.bs": 3, "shooter.los": 2, "target.los": 2, "soft_cover.obscures": True,
                    "soft_cover.los": 1}
    assert ask(old, "to_hit", Situation(given=seed_example)).display == "5+"
    assert ask(new, "to_hit", Situation(given=seed_example)).display == "4+"
    result = diff_packs(old, new, "to_hit")
    assert result.changes and result.exhaustive
    assert {c.causes for c in result.changes} == {("target.in_soft_cover",)}
    for change in result.changes:
        before = ask(old, "to_hit", Situation(given=dict(change.witness)))
        after = ask(new, "to_hit", Situation(given=dict(change.witness)))
        assert before.display != after.display or before.probability != after.probability


def test_a_re_roll_that_changes_only_the_chance_is_a_change() -> None:
    old = load_pack("skirmish")
    new = load_pack("skirmish", extra=[str(PACKS / "leader_reroll.yaml")])
    given = {"unit.leader_near": True, "faction.command_value": 7}
    assert ask(old, "command_roll", Situation(given={"faction.command_value": 7})).probability == Fraction(21, 36)
    assert ask(new, "command_roll", Situation(given=given)).probability == 1 - Fraction(15, 36) ** 2
    result = diff_packs(old, new, "command_roll")
    assert result.exhaustive
    shown = {(c.old, c.new) for c in result.changes if dict(c.witness) == given}
    assert shown == {("2D6 (chance 7/12, net modifier +0)", "2D6 (chance 119/144, net modifier +0, re-rolls failed)")}
    # every command value changes with a Leader near (the ruling names the re-roll), none without; the
    # chance changes from 3 up (a total of 2 or more always passes a Command Value of 2)
    values = {dict(c.witness)["faction.command_value"]: c for c in result.changes
              if set(c.witness) == {"unit.leader_near", "faction.command_value"}}
    assert set(values) == set(range(2, 13))
    assert values[2].old.split(",")[0] == values[2].new.split(",")[0] == "2D6 (chance 1"
    assert all(dict(c.witness)["unit.leader_near"] is True for c in result.changes)


def _replayed(pack: Any, witness: dict[str, Any]) -> Any:
    given = {k: v for k, v in witness.items() if k != "target"}
    return ask(pack, "hit_roll", Situation(given=given, target=witness.get("target")))


def test_a_pack_re_roll_and_an_always_entry_are_compared_at_every_target() -> None:
    """ "An unmodified Hit roll of 6 always succeeds" -- an erratum removing it changes the chance to reach 7."""
    old = load_pack("wh40k")
    for errata, where in (("heavy_rerolls_ones.yaml", {"weapon.heavy": True, "attacker.remained_stationary": True}),
                          ("six_not_always.yaml", {})):
        new = load_pack("wh40k", extra=[str(PACKS / errata)])
        result = diff_packs(old, new, "hit_roll")
        assert result.changes, errata
        for change in result.changes:
            before, after = _replayed(old, dict(change.witness)), _replayed(new, dict(change.witness))
            assert (before.probability, dict(before.extra)) != (after.probability, dict(after.extra))
        # the brute-force reference: every target from 1 to 8 in the situation the erratum is about
        differ = {t for t in range(1, 9)
                  if ask(old, "hit_roll", Situation(given=where, target=t)).probability
                  != ask(new, "hit_roll", Situation(given=where, target=t)).probability}
        shown = {(c.old, c.new) for c in result.changes}
        for t in differ:
            p = (ask(old, "hit_roll", Situation(given=where, target=t)).probability,
                 ask(new, "hit_roll", Situation(given=where, target=t)).probability)
            assert any(f"chance {p[0]}," in a and f"chance {p[1]}," in b for a, b in shown), (errata, t, p)


def test_two_sets_are_a_conflict_exactly_where_some_situation_gets_two_values() -> None:
    from kb.errors import RulingsError
    from solver.space.check import check_pack

    names = ["attack.blessed", "weapon.heavy", "unit.stationary"]
    for name, conflict in (("agreeing_sets", False), ("disagreeing_sets", True)):
        pack = load_pack(str(PACKS / f"{name}.yaml"))
        refused = []
        for given in _every_situation(pack, names):
            try:
                ask(pack, "to_hit", Situation(given=given))
            except RulingsError:
                refused.append(given)
        assert bool(refused) is conflict, name  # the reference: asking every one of the 8 situations
        findings = [f for f in check_pack(pack) if f.kind == "unsettled_conflict"]
        assert bool(findings) is conflict, name
        for f in findings:
            assert {**{n: False for n in names}, **dict(f.witness or {})} in refused

"""`why_not`: the reason a rule did not count, and smallest changes that really make it count."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.errors import UnknownName
from kb.loader import load_pack
from solver import Effect, Situation, ask
from solver.space.whynot import rule_counts, why_not

PACK = load_pack("fantasy")
RULES = [m.name for m in PACK.modifiers_of("to_hit")]


def _replays(rule: str, situation: Situation) -> None:
    """Every change, replayed through `ask`, makes the rule count; no smaller part of it does."""
    result = why_not(PACK, "to_hit", rule, situation)
    assert result.status != "counts"
    assert result.changes, f"no change found for {rule}"
    for change in result.changes:
        replayed = ask(PACK, "to_hit", situation.with_given(change.as_given()))
        assert rule_counts(replayed, rule)
        assert replayed.display == change.display
        for size in range(1, len(change.given)):
            for part in combinations(change.given, size):
                assert not rule_counts(ask(PACK, "to_hit", situation.with_given(dict(part))), rule)


@pytest.mark.parametrize(("rule", "given", "status"), [
    ("moved", {"shooter.bs": 3}, "failed"),
    ("lone_model", {"shooter.bs": 3, "target.lone_model": True, "target.unit_strength": 3}, "failed"),
    ("lone_model", {"shooter.bs": 3}, "failed"),
    ("soft_cover", {"shooter.bs": 3, "target.in_soft_cover": True, "target.in_hard_cover": True}, "suppressed"),
    ("soft_cover", {"shooter.bs": 3, "soft_cover.obscures": True, "soft_cover.los": 1, "target.los": 3,
                    "shooter.los": 1}, "failed"),
    ("moved", {"shooter.bs": 3, "shooter.moved": True, "attack.auto_hit": True}, "automatic"),
])
def test_each_smallest_change_replays(rule: str, given: dict, status: str) -> None:
    situation = Situation(given=given)
    assert why_not(PACK, "to_hit", rule, situation).status == status
    _replays(rule, situation)


def test_cover_never_stacks_names_the_winner() -> None:
    """Seed: "Soft and hard cover never stack -- if both would apply, use only the -2 for hard cover." """
    situation = Situation(given={"shooter.bs": 3, "target.in_soft_cover": True, "target.in_hard_cover": True})
    result = why_not(PACK, "to_hit", "soft_cover", situation)
    assert result.status == "suppressed"
    assert "hard_cover counts instead" in result.reason.claim
    assert [c.given for c in result.changes] == [(("target.in_hard_cover", False),)]


def test_tall_shooter_ignores_low_cover_traced_through_the_derived_fact() -> None:
    """Seed: "a Line of Sight 3 model ignoring the cover a Line of Sight 1 model would otherwise grant a Line of
    Sight 2 model behind it" """
    situation = Situation(given={"shooter.bs": 3, "soft_cover.obscures": True, "soft_cover.los": 1,
                                 "target.los": 2, "shooter.los": 3})
    result = why_not(PACK, "to_hit", "soft_cover", situation)
    claims = [n.claim for _, n in result.reason.lines()]
    assert result.status == "failed"
    assert any("2 * soft_cover.los >= shooter.los fails" in c for c in claims)
    assert any(dict(c.given).get("shooter.los") == 2 for c in result.changes)


def test_a_rule_that_counts_needs_no_change() -> None:
    result = why_not(PACK, "to_hit", "moved", Situation(given={"shooter.bs": 3, "shooter.moved": True}))
    assert (result.status, result.changes) == ("counts", ())


def test_unknown_rule_has_a_did_you_mean() -> None:
    with pytest.raises(UnknownName, match="sniper"):
        why_not(PACK, "to_hit", "snipr", Situation(given={"shooter.bs": 3}))


BOOLS = ["shooter.moved", "shooter.stand_and_shoot", "target.within_4in", "target.in_soft_cover",
         "target.in_hard_cover", "special.sniper", "attack.auto_hit"]


@settings(max_examples=25, deadline=None)
@given(bs=st.integers(1, 10), flags=st.sets(st.sampled_from(BOOLS)), rule=st.sampled_from(RULES))
def test_changes_always_make_the_rule_count(bs: int, flags: set[str], rule: str) -> None:
    situation = Situation(given={"shooter.bs": bs, **dict.fromkeys(sorted(flags), True)})
    if rule_counts(ask(PACK, "to_hit", situation), rule):
        assert why_not(PACK, "to_hit", rule, situation).status == "counts"
    else:
        _replays(rule, situation)


def test_an_ignored_ad_hoc_effect_is_reported_as_ignored_by_its_name() -> None:
    """Seed (wh40k): "You can choose to ignore the -2\\" M" -- why-not names the effect and the choice."""
    situation = Situation(given={"unit.ignores_modifiers": True}, base=6,
                          effects=(Effect("Slow", "-2"), Effect("Boost", "+2")))
    answer = why_not(load_pack("wh40k"), "M", "Slow", situation)
    assert answer.status == "ignored"
    assert answer.reason.claim.startswith("Slow is ignored")


def test_a_change_a_domain_constraint_forbids_alone_brings_the_constraint_fact_along() -> None:
    """Skirmish: long range cannot happen in close combat, so long range counts only out of close combat."""
    situation = Situation(given={"attacker.to_hit": 4, "attack.close_combat": True})
    answer = why_not(load_pack("skirmish"), "to_hit", "long_range", situation)
    assert [dict(c.given) for c in answer.changes] == [{"attack.close_combat": False, "attack.long_range": True}]
    for change in answer.changes:
        assert rule_counts(ask(load_pack("skirmish"), "to_hit", situation.with_given(dict(change.given))), "long_range")


def test_why_not_over_a_trillion_values_names_their_runs_in_bounded_memory(tmp_path: Path) -> None:
    import tracemalloc

    path = tmp_path / "huge.yaml"
    path.write_text(
        "pack: huge\nfacts:\n"
        "  game.points: {type: int, range: [0, 1000000000000], default: 500, text: 'the game is {value} points'}\n"
        "quantities:\n  to_hit: {kind: score, base: 4, text: the score needed to hit}\nmodifiers:\n"
        "  big_game: {quantity: to_hit, change: -1,"
        " when: game.points >= 2000 and game.points != 5000 and game.points != 7000}\n")
    pack = load_pack(str(path))
    tracemalloc.start()
    try:
        result = why_not(pack, "to_hit", "big_game", Situation())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # the reference: the condition read by hand, every value from 2000 up but 5000 and 7000
    assert [dict(c.ranges) for c in result.changes] == [
        {"game.points": ("2000..4999", "5001..6999", "7001..1000000000000")}]
    assert peak < 100 * 2**20, peak

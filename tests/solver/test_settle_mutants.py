"""Which rules count when policies conflict, and who suppressed whom: checked where mutation testing found nothing
watching (`python tools/mutate.py solver/settle.py`).

Each case is worked out by hand from the policies: an exclusive group keeps one rule (its first, or its strongest),
an override's rule suppresses the rules it is over, and a rule two policies contend for is decided by both.
"""

from __future__ import annotations

from kb.errors import Span
from kb.model import Policy
from solver.settle import Conflict, Suppression, conflicts, settle


def exclusive(name: str, *rules: str, keep: str = "first") -> Policy:
    return Policy(name, "exclusive", Span("p"), rules=rules, keep=keep)


def override(name: str, rule: str, *over: str) -> Policy:
    return Policy(name, "override", Span("p"), rule=rule, over=over)


def _strength(rule: str) -> int:
    return {"a": 1, "b": 3, "c": 3}.get(rule, 0)


def test_only_policies_with_two_rules_holding_bite() -> None:
    cover = exclusive("cover", "hard", "soft", "partial")
    ignore = override("ignore", "x", "hard", "soft")
    clamp = Policy("limit", "clamp", Span("p"), rules=("hard", "soft"))
    assert conflicts([cover, ignore, clamp], ["soft", "hard"], _strength) == [Conflict(cover, ("hard", "soft"))]
    assert conflicts([cover, ignore], ["soft", "x"], _strength) == [Conflict(ignore, ("x", "soft"))]
    assert conflicts([cover, ignore], ["soft"], _strength) == []
    assert conflicts([ignore], ["x"], _strength) == []  # nothing to override
    assert conflicts([ignore], ["hard", "soft"], _strength) == []  # the overriding rule does not hold
    # a policy that does not bite (a clamp, an override whose rule does not hold) leaves the next one to bite
    assert conflicts([clamp, ignore, cover], ["soft", "hard"], _strength) == [Conflict(cover, ("hard", "soft"))]


def test_a_strongest_group_keeps_the_strongest_and_ties_keep_the_listing_order() -> None:
    group = exclusive("best", "a", "b", "c", keep="strongest")
    assert conflicts([group], ["a", "b", "c"], _strength) == [Conflict(group, ("b", "c", "a"))]
    first = exclusive("first", "a", "b", "c")
    assert conflicts([first], ["c", "b", "a"], _strength) == [Conflict(first, ("a", "b", "c"))]


def test_without_conflicts_every_rule_counts() -> None:
    assert settle(("moved", "soft"), []) == (["moved", "soft"], [])


def test_an_override_of_one_of_two_covers_lets_the_other_count() -> None:
    """In soft and hard cover, with a rule that ignores hard cover: hard cover is overridden, so soft cover is no
    longer kept out by it and counts."""
    cover = exclusive("cover", "hard", "soft")
    ignore = override("ignore", "x", "hard")
    counting, suppressed = settle(["soft", "hard", "x", "moved"],
                                  [Conflict(cover, ("hard", "soft")), Conflict(ignore, ("x", "hard"))])
    assert counting == ["soft", "x", "moved"]
    assert suppressed == [Suppression("hard", "x", "ignore")]


def test_an_overridden_rule_suppresses_nothing() -> None:
    """a overrides b and b overrides c: b does not count, so c does."""
    ab, bc = override("ab", "a", "b"), override("bc", "b", "c")
    counting, suppressed = settle(["c", "b", "a"], [Conflict(ab, ("a", "b")), Conflict(bc, ("b", "c"))])
    assert counting == ["c", "a"]
    assert suppressed == [Suppression("b", "a", "ab")]


def test_each_loser_is_suppressed_by_the_rule_that_beat_it() -> None:
    """An exclusive group a, b, c (keep the first) and d over a: d removes a, so the group keeps b, which
    suppresses c."""
    group, over_a = exclusive("group", "a", "b", "c"), override("over_a", "d", "a")
    counting, suppressed = settle(["a", "b", "c", "d"],
                                  [Conflict(group, ("a", "b", "c")), Conflict(over_a, ("d", "a"))])
    assert counting == ["b", "d"]
    assert suppressed == [Suppression("a", "d", "over_a"), Suppression("c", "b", "group")]


def test_an_overrides_losers_are_not_ranked_among_themselves() -> None:
    """x overrides a and b; a group of b and a keeps b first. x wins both, and suppresses each."""
    over = override("over", "x", "a", "b")
    group = exclusive("group", "b", "a")
    counting, suppressed = settle(["a", "b", "x"], [Conflict(over, ("x", "a", "b")), Conflict(group, ("b", "a"))])
    assert counting == ["x"]
    assert suppressed == [Suppression("a", "x", "over"), Suppression("b", "x", "over")]


def test_two_rules_that_override_each_other_keep_the_first_one_listed() -> None:
    ab, ba = override("ab", "a", "b"), override("ba", "b", "a")
    counting, suppressed = settle(["b", "a"], [Conflict(ab, ("a", "b")), Conflict(ba, ("b", "a"))])
    assert counting == ["b"]
    assert suppressed == [Suppression("a", "b", "ba")]

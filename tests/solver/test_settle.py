"""Settling conflicts: the shortcut for conflicts that share no rule agrees with the full constraint search."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kb.errors import Span
from kb.model import Policy
from solver.settle import Conflict, Suppression, search, settle

RULES = [f"r{i}" for i in range(8)]


@st.composite
def conflicts(draw: st.DrawFn) -> tuple[list[str], list[Conflict]]:
    """Rules that hold, and policies over them (exclusive groups and overrides), which may share rules."""
    holding = draw(st.lists(st.sampled_from(RULES), min_size=2, max_size=8, unique=True))
    bites = []
    for i in range(draw(st.integers(1, 3))):
        rules = tuple(draw(st.lists(st.sampled_from(holding), min_size=2, max_size=len(holding), unique=True)))
        if draw(st.booleans()):
            policy = Policy(f"p{i}", "exclusive", Span("p"), rules=rules)
        else:
            policy = Policy(f"p{i}", "override", Span("p"), rule=rules[0], over=rules[1:])
        bites.append(Conflict(policy, rules))
    return holding, bites


@given(conflicts())
def test_settle_agrees_with_the_constraint_search(case: tuple[list[str], list[Conflict]]) -> None:
    holding, bites = case
    assert settle(holding, bites) == search(holding, bites)


def test_two_separate_groups_each_keep_their_preferred_rule() -> None:
    """Soft and hard cover never stack; nor do two orders: each group alone keeps its first rule."""
    cover = Policy("cover", "exclusive", Span("p"), rules=("hard", "soft"))
    orders = Policy("orders", "override", Span("p"), rule="rally", over=("advance",))
    bites = [Conflict(cover, ("hard", "soft")), Conflict(orders, ("rally", "advance"))]
    counting, suppressed = settle(["soft", "advance", "hard", "rally", "moved"], bites)
    assert counting == ["hard", "rally", "moved"]
    assert suppressed == [Suppression("soft", "hard", "cover"), Suppression("advance", "rally", "orders")]

"""`rulings why-not` in words: the failed condition and each smallest change said from the facts' texts."""

from __future__ import annotations

import re

import pytest

from explain.whynot import change_text, reason_lines
from kb import load_pack
from solver import Situation
from solver.space.whynot import why_not

FANTASY, WH40K = load_pack("fantasy"), load_pack("wh40k")
PACK_SYNTAX = re.compile(r"==|!=|>=|<=|\b[a-z_]+\.[a-z_]+\b|matches\(|\* ")

CASES = [
    (FANTASY, "to_hit", "soft_cover", {"shooter.bs": 3, "shooter.los": 3, "target.los": 2, "soft_cover.obscures": True,
                                       "soft_cover.los": 1}),
    (FANTASY, "to_hit", "lone_model", {"shooter.bs": 3, "target.lone_model": True, "target.unit_strength": 4}),
    (FANTASY, "to_hit", "lone_model", {"shooter.bs": 3, "target.lone_model": True}),
    (WH40K, "hit_roll", "big_guns_never_tire", {"attack.ranged": True, "attacker.in_engagement_range": True,
                                                "attacker.keywords": frozenset({"INFANTRY"})}),
]


@pytest.mark.parametrize(("pack", "quantity", "rule", "given"), CASES, ids=lambda x: getattr(x, "name", str(x)))
def test_why_not_says_it_in_words(pack, quantity, rule, given) -> None:  # type: ignore[no-untyped-def]
    result = why_not(pack, quantity, rule, Situation(given=given))
    said = [claim for _, claim, _ in reason_lines(pack, result)] + [change_text(pack, c) for c in result.changes]
    assert said
    for line in said:
        assert not PACK_SYNTAX.search(line), line


def test_a_failed_comparison_names_the_value_and_the_bound() -> None:
    """Seed: "any shot at a lone model with Unit Strength 2 or less suffers a -1 shooting modifier." """
    result = why_not(FANTASY, "to_hit", "lone_model", Situation(given={"shooter.bs": 3, "target.lone_model": True,
                                                                        "target.unit_strength": 4}))
    (_, claim, cite), = reason_lines(FANTASY, result)
    assert claim == "lone_model does not apply: the target has Unit Strength 4 (more than 2)"
    assert cite is not None and "Unit Strength 2 or less" in cite
    assert [change_text(FANTASY, c) for c in result.changes] == ["the target has Unit Strength 0 to 2"]

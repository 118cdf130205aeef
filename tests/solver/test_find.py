"""`find`: minimal situations whose ruling satisfies an expression, complete against brute force."""

from __future__ import annotations

from itertools import product
from pathlib import Path
from typing import Any

import pytest

from kb.errors import RulingsError
from kb.loader import load_pack
from kb.model import Pack
from solver import Situation, ask
from solver.space.find import find, parse_where, satisfies

SMALL = """\
pack: small
title: A small pack for brute force
version: 1
facts:
  shooter.skill: {type: int, range: [1, 5], text: "the shooter has skill {value}"}
  shooter.moved: {type: bool, text: "the shooter moved"}
  target.close: {type: bool, text: "the target is close"}
  target.hidden: {type: bool, text: "the target is hidden"}
quantities:
  to_hit:
    kind: score
    text: the score needed to hit on a D6
    base: 7 - shooter.skill
    plus: lowers
    impossible_from: 7
modifiers:
  moved: {quantity: to_hit, change: -1, when: shooter.moved}
  close: {quantity: to_hit, change: +1, when: target.close}
  hidden: {quantity: to_hit, change: -2, when: target.hidden and not target.close}
policies:
  floor:
    kind: clamp
    quantity: to_hit
    min: 2
"""


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Pack:
    path = Path(tmp_path_factory.mktemp("packs")) / "small.yaml"
    path.write_text(SMALL, encoding="utf-8")
    return load_pack(str(path))


def _points(pack: Pack) -> list[dict[str, Any]]:
    """Every situation: each fact left out or given any value of its domain."""
    names = list(pack.facts)
    options = [[None, *pack.facts[n].domain] for n in names]
    return [{n: v for n, v in zip(names, values, strict=True) if v is not None} for values in product(*options)]


def _covers(found: tuple[tuple[str, Any], ...], point: dict[str, Any]) -> bool:
    for name, value in found:
        if name not in point:
            return False
        low, high = value if isinstance(value, tuple) else (value, value)
        if isinstance(value, bool) or not isinstance(point[name], int) or isinstance(point[name], bool):
            if point[name] != value:
                return False
        elif not low <= point[name] <= high:
            return False
    return True


@pytest.mark.parametrize("where", ["impossible", "value == 2", "modifier == 0", "'moved' in applied",
                                   "'floor' in clamped", "value >= 5 and not impossible", "probability >= 50"])
def test_find_is_complete_and_minimal_against_brute_force(small: Pack, where: str) -> None:
    expr = parse_where(where)
    found = find(small, "to_hit", expr, max_facts=None)
    satisfying = [p for p in _points(small) if satisfies(ask(small, "to_hit", Situation(given=p)), expr)]
    for point in satisfying:  # complete: every satisfying situation extends a result
        assert any(_covers(f.given, point) for f in found), point
    for f in found:  # sound: every situation a result stands for satisfies the expression
        ints = {n: v for n, v in f.given if isinstance(v, tuple)}
        for values in product(*(range(lo, hi + 1) for lo, hi in ints.values())):
            given = {**dict(f.given), **dict(zip(ints, values, strict=True))}
            assert satisfies(ask(small, "to_hit", Situation(given=given)), expr), given
    for a in found:  # minimal: no result extends another
        for b in found:
            if a is not b:
                assert not all(x in a.given for x in b.given)


def test_when_is_a_shot_impossible() -> None:
    """Seed: "A required score of 10 or more is simply impossible -- those shots are lost outright." """
    found = find(load_pack("fantasy"), "to_hit", "impossible", max_facts=4)
    assert found
    assert all(f.ruling.impossible for f in found)
    assert ("shooter.bs", 1) in found[0].given


def test_ranges_for_numbers() -> None:
    found = find(load_pack("fantasy"), "to_hit", "'natural_one_misses' in clamped", max_facts=1)
    assert [f.describe() for f in found] == ["shooter.bs = 6..10"]


@pytest.mark.parametrize(("where", "fragment"), [
    ("valu >= 7", "did you mean 'value'"),
    ("value >=", "--where"),
    ("value + 1", "bool is expected"),
    ("__import__('os')", "--where"),
])
def test_bad_where_is_a_user_error(where: str, fragment: str) -> None:
    with pytest.raises(RulingsError) as info:
        parse_where(where)
    assert fragment in str(info.value)

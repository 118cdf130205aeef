"""`find`: minimal situations whose ruling satisfies an expression, complete against brute force."""

from __future__ import annotations

from itertools import product
from pathlib import Path
from typing import Any

import pytest

from kb.document import read_yaml
from kb.errors import RulingsError
from kb.loader import build_pack, load_pack
from kb.model import Pack
from solver import Situation, ask
from solver.space.find import find, parse_where, satisfies
from solver.space.model import Coverage

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


ALIKE = """\
pack: alike
title: Rules that differ only in their names, beside some that do not
version: 1
facts:
  a1: {type: bool, text: "a1 holds"}
  a2: {type: bool, text: "a2 holds"}
  a3: {type: bool, text: "a3 holds"}
  a4: {type: bool, text: "a4 holds"}
  b1: {type: bool, text: "b1 holds"}
  b2: {type: bool, text: "b2 holds"}
  b3: {type: bool, text: "b3 holds"}
  c: {type: bool, text: "c holds"}
  d: {type: bool, text: "d holds"}
quantities:
  dice: {kind: pool, base: 4, better: higher, text: the dice in the pool}
modifiers:
  a1: {quantity: dice, change: +1, when: a1}
  a2: {quantity: dice, change: +1, when: a2}
  a3: {quantity: dice, change: +1, when: a3}
  a4: {quantity: dice, change: +1, when: a4}
  b1: {quantity: dice, change: -1, when: b1}
  b2: {quantity: dice, change: -1, when: b2}
  b3: {quantity: dice, change: -1, when: b3}
  c: {quantity: dice, change: +2, when: c and not d}
  d: {quantity: dice, change: +1, when: d}
policies:
  most: {kind: clamp, quantity: dice, max: 7, text: at most seven dice}
"""


@pytest.mark.parametrize("where", ["value >= 7", "value <= 2", "value == 5", "modifier == 0",
                                   "value == 6 and modifier >= 3", "'a2' in applied and value >= 6",
                                   "'most' in clamped"])
def test_interchangeable_rules_are_searched_by_count_and_every_choice_is_given(tmp_path: Path, where: str) -> None:
    """`a1`..`a4` (and `b1`..`b3`) differ only in their names: searched by how many hold, every choice stood for.

    The reference is brute force over every set of facts made true: the minimal ones that satisfy `where`.
    """
    path = tmp_path / "alike.yaml"
    path.write_text(ALIKE, encoding="utf-8")
    pack = load_pack(str(path))
    expr = parse_where(where)
    names = list(pack.facts)
    holding = [frozenset(n for n, on in zip(names, bits, strict=True) if on)
               for bits in product((False, True), repeat=len(names))]
    satisfying = [s for s in holding
                  if satisfies(ask(pack, "dice", Situation(given=dict.fromkeys(s, True))), expr)]
    expected = {s for s in satisfying if not any(t < s for t in satisfying)}
    found = find(pack, "dice", expr, max_facts=None)
    stood_for = [frozenset(s) for f in found for s in f.situations()]
    assert set(stood_for) == expected
    assert len(stood_for) == sum(f.count for f in found) == len(expected)
    for f in found:  # each ruling is that of the choice the search asked: the first k of each group
        first = next(f.situations())
        assert f.ruling.applied == ask(pack, "dice", Situation(given=first)).applied
        assert {ask(pack, "dice", Situation(given=s)).display for s in f.situations()} == {f.display}


def test_interchangeable_rules_are_found_as_any_k_of_them_and_stand_for_every_choice(tmp_path: Path) -> None:
    """Eight rules of +1, each on its own fact: the minimal situations reaching 13 dice are every 3 of 8."""
    from itertools import product

    lines = ["pack: plus8", "facts:", *(f"  f{i}: {{type: bool, text: condition {i} holds}}" for i in range(8)),
             "quantities:", "  q: {kind: pool, base: 10, text: the dice}", "modifiers:",
             *(f"  m{i}: {{quantity: q, change: '+1', when: f{i}}}" for i in range(8))]
    path = tmp_path / "plus8.yaml"
    path.write_text("\n".join(lines) + "\n")
    pack = load_pack(str(path))
    reaching = []
    for bits in product((False, True), repeat=8):  # the reference: every situation, asked
        given = {f"f{i}": True for i, b in enumerate(bits) if b}
        if ask(pack, "q", Situation(given=given)).value >= 13:
            reaching.append(frozenset(given))
    minimal = {s for s in reaching if not any(o < s for o in reaching)}
    coverage = Coverage()
    (found,) = find(pack, "q", "value >= 13", max_facts=None, coverage=coverage)
    assert coverage.exhaustive
    assert found.any_of == ((3, tuple(f"f{i}" for i in range(8))),) and found.count == len(minimal) == 56
    assert {frozenset(s) for s in found.situations()} == minimal
    assert found.describe() == "any 3 of f0, f1, f2, f3, f4, f5, f6, f7 = true"


def test_a_pack_made_from_another_keeps_its_own_rulings() -> None:
    """Searches keep the rulings they ask with the pack; a pack made from it by `replace` (check's pack without
    its domain constraints) shares its index, and keeps its rulings apart from the pack's."""
    from dataclasses import replace as remade

    from solver.space.find import _asked, _asked_before

    pack = load_pack("wh40k")
    loose = remade(pack, constraints={})
    assert loose.index is pack.index
    broken = {"unit.model_w": 1, "model.lost_wounds": 1, "heal.wounds": 1}  # breaks a constraint: no ruling
    assert _asked(_asked_before(pack), pack, "wounds_regained", Situation(), broken, True) is None
    assert _asked_before(pack) and _asked_before(pack) is _asked_before(pack)
    assert _asked_before(loose) == {} and _asked_before(loose) is not _asked_before(pack)


DERIVED_COUNT = """
pack: widen
facts:
  f.a: {type: bool, text: a holds}
  f.n: {type: int, range: [0, 4], default: 2, text: "n is {value}"}
  d.n: {type: int, range: [0, 9], derive: "f.n + (2 if f.a else 0)", text: "dn is {value}"}
quantities:
  q: {kind: score, base: 4}
modifiers:
  r0: {quantity: q, change: +1, when: "d.n >= 4"}
"""


def test_a_derived_number_found_is_shown_as_every_value_of_its_class_its_inputs_can_produce() -> None:
    """`d.n >= 4` splits d.n into 0..3 and 4..9, but n is at most 4 and a adds 2: d.n can be 4, 5 or 6 and no
    more. Shown as the lone value 4, a situation of d.n 5 held no result; shown as 4..9, 7 to 9 could not happen."""
    pack = build_pack([read_yaml(DERIVED_COUNT, "widen.yaml")], "widen")
    assert [f.describe() for f in find(pack, "q", "value == 5")] == ["d.n = 4..6"]

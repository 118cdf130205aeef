"""Values that depend on a category: the conditional `a if cond else b` in kb.expr."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.expr import UNKNOWN, FactType, check_expr, evaluate, parse_expr

FACTS = {
    "s.experience": FactType("enum", ("green", "regular", "veteran")),
    "s.bs": FactType("int"),
    "s.moved": FactType("bool"),
    "t.range": FactType("int"),
    "u.keywords": FactType("keywords"),
}


def test_a_category_picks_a_value() -> None:
    """The issue's example: "3+/4+/5+ by experience" as one expression."""
    text = "3 if s.experience == 'veteran' else 4 if s.experience == 'regular' else 5"
    expr = parse_expr(text)
    assert check_expr(expr, FACTS, "int") == []
    table = {"veteran": 3, "regular": 4, "green": 5}
    for experience, value in table.items():
        assert evaluate(expr, {"s.experience": experience}) == value
    assert evaluate(expr, {}) is UNKNOWN


def test_the_branch_not_taken_is_not_evaluated() -> None:
    expr = parse_expr("0 if t.range == 0 else 12 // t.range")
    assert evaluate(expr, {"t.range": 0}) == 0
    assert evaluate(expr, {"t.range": 4}) == 3
    guarded = parse_expr("12 // t.range if s.moved else 0")  # unknown condition, the other branch divides by 0
    assert evaluate(guarded, {"t.range": 0}) is UNKNOWN
    assert evaluate(guarded, {"t.range": 0, "s.moved": False}) == 0


def test_an_unknown_condition_decides_nothing_unless_both_values_agree() -> None:
    assert evaluate(parse_expr("2 if s.moved else s.bs"), {"s.bs": 2}) == 2
    assert evaluate(parse_expr("2 if s.moved else s.bs"), {"s.bs": 3}) is UNKNOWN
    assert evaluate(parse_expr("true if s.moved else 1 == 1"), {}) is True
    assert evaluate(parse_expr("1 if s.moved else 1 + 0 * s.bs"), {}) is UNKNOWN  # the second value is unknown


@pytest.mark.parametrize(
    ("text", "want", "fragment"),
    [
        ("1 if s.bs else 0", "int", "the condition after 'if' must be bool, but 's.bs' is int"),
        ("1 if s.moved else true", "int", "'if' needs both values of one type"),
        ("u.keywords if s.moved else u.keywords", "bool", "'if' needs both values of one type"),
        ("s.experience if s.moved else 'elite'", "bool", "'elite' is not a value of 's.experience'"),
        ("3 + (s.experience == 'regular')", "int", "write '1 if CONDITION else 0'"),
        ("1 if s.movd else 0", "int", "did you mean 's.moved'"),
        ("(1 if s.moved else 0) == true", "bool", "cannot compare int with bool"),
        ("s.moved if s.moved else s.bs > 2", "int", "expression is bool, but int is expected"),
    ],
)
def test_conditionals_are_type_checked(text: str, want: str, fragment: str) -> None:
    problems = check_expr(parse_expr(text), FACTS, want)
    assert any(fragment in message for message, _ in problems), problems
    assert all(0 <= offset <= len(text) for _, offset in problems)


def test_a_conditional_of_an_enum_compares_with_its_values() -> None:
    expr = parse_expr("(s.experience if s.moved else 'green') == 'green'")
    assert check_expr(expr, FACTS, "bool") == []
    assert evaluate(expr, {"s.moved": False}) is True
    assert evaluate(expr, {"s.moved": True, "s.experience": "veteran"}) is False


# -- a plain-Python reference over random trees ------------------------------------

NAMES = ("v.a", "v.b", "v.c")
FLAGS = ("f.p", "f.q")


def _int_trees() -> st.SearchStrategy[Any]:
    leaves = st.one_of(st.integers(-5, 5).map(lambda i: ("c", i)), st.sampled_from(NAMES).map(lambda n: ("n", n)))

    def grow(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        conds = st.one_of(
            st.sampled_from(FLAGS).map(lambda n: ("flag", n)),
            st.tuples(st.just("cmp"), st.sampled_from(["<", "<=", "==", "!="]), inner, inner),
        )
        return st.one_of(
            st.tuples(st.just("if"), conds, inner, inner),
            st.tuples(st.just("bin"), st.sampled_from(["+", "-", "*"]), inner, inner),
        )
    return st.recursive(leaves, grow, max_leaves=8)


def _text(t: Any) -> str:
    tag = t[0]
    if tag == "c":
        return f"({t[1]})"
    if tag in ("n", "flag"):
        return t[1]
    if tag == "cmp":
        return f"({_text(t[2])} {t[1]} {_text(t[3])})"
    if tag == "bin":
        return f"({_text(t[2])} {t[1]} {_text(t[3])})"
    return f"({_text(t[2])} if {_text(t[1])} else {_text(t[3])})"


def _reference(t: Any, values: dict[str, Any]) -> Any:
    """Kleene logic written out plainly: unknown in, unknown out, except a conditional whose values agree."""
    tag = t[0]
    if tag == "c":
        return t[1]
    if tag in ("n", "flag"):
        return values.get(t[1], UNKNOWN)
    if tag in ("cmp", "bin"):
        a, b = _reference(t[2], values), _reference(t[3], values)
        if a is UNKNOWN or b is UNKNOWN:
            return UNKNOWN
        ops = {"<": a < b, "<=": a <= b, "==": a == b, "!=": a != b}
        return ops[t[1]] if tag == "cmp" else {"+": a + b, "-": a - b, "*": a * b}[t[1]]
    cond = _reference(t[1], values)
    if cond is True:
        return _reference(t[2], values)
    if cond is False:
        return _reference(t[3], values)
    a, b = _reference(t[2], values), _reference(t[3], values)
    return a if a is not UNKNOWN and b is not UNKNOWN and a == b else UNKNOWN


situations = st.fixed_dictionaries(
    {},
    optional={**{n: st.integers(-3, 3) for n in NAMES}, **{f: st.booleans() for f in FLAGS}},
)


@given(tree=_int_trees(), values=situations)
def test_conditionals_agree_with_a_plain_python_reference(tree: Any, values: dict[str, Any]) -> None:
    expr = parse_expr(_text(tree))
    types = {**{n: FactType("int") for n in NAMES}, **{f: FactType("bool") for f in FLAGS}}
    assert check_expr(expr, types, "int") == []
    got, want = evaluate(expr, values), _reference(tree, values)
    assert got is UNKNOWN if want is UNKNOWN else got == want
    if all(n in values for n in (*NAMES, *FLAGS)):  # every fact known: exactly Python's own conditional
        assert got == eval(_text(tree).replace("f.", "f_").replace("v.", "v_"), {},  # the reference: Python itself
                           {k.replace(".", "_"): v for k, v in values.items()})


# -- the search's partition of int facts reads conditionals soundly ----------------

PACK = """\
pack: partition_probe
facts:
  s.pins: {type: int, range: [0, 12], text: "the shooter has {value} pins"}
  s.bs: {type: int, range: [1, 6], text: "the shooter has Ballistic Skill {value}"}
  s.veteran: {type: bool, text: "the shooter is a veteran"}
quantities:
  to_hit:
    kind: score
    base: "s.bs if s.veteran else 4"
modifiers:
  pinned:
    quantity: to_hit
    change: "-1 if s.pins >= 3 else 0"
"""


def test_a_fact_in_a_condition_is_compared_and_in_a_value_is_counted(tmp_path: Path) -> None:
    from kb.loader import load_pack
    from solver.space.model import expressions, partition

    (tmp_path / "probe.yaml").write_text(PACK, encoding="utf-8")
    pack = load_pack(str(tmp_path / "probe.yaml"))
    pins = partition(pack, "s.pins")
    assert pins.classes == (((0, 2),), ((3, 12),))  # read only inside the condition: two classes
    assert len(partition(pack, "s.bs").classes) == 6  # read as a value: every value apart
    for name, others in (("s.pins", {"s.bs": 3}), ("s.bs", {"s.pins": 5})):
        for runs in partition(pack, name).classes:
            members = [v for low, high in runs for v in range(low, high + 1)]
            for veteran in (False, True):
                for expr in expressions(pack):
                    seen = {repr(evaluate(expr, {**others, "s.veteran": veteran, name: v})) for v in members}
                    assert len(seen) == 1, (name, runs, expr.text)


def test_a_conditional_reads_in_words() -> None:
    from explain.english import amount, say
    from kb.loader import load_pack

    pack = load_pack("fantasy")
    assert amount(pack, parse_expr("3 if shooter.moved else 7 - shooter.bs"), {"shooter.bs": 3}) == (
        "3 if the shooter moved this turn, otherwise 7 minus the shooter's Ballistic Skill (3)")
    assert say(pack, parse_expr("target.lone_model if shooter.moved else attack.auto_hit"), holds=False) == (
        "the target is not a lone model if the shooter moved this turn, otherwise "
        + say(pack, parse_expr("attack.auto_hit"), holds=False))

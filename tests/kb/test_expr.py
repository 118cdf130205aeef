"""Tests for the rule expression language in kb.expr."""

from __future__ import annotations

import operator
import pickle
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from kb.errors import RulingsError
from kb.expr import (
    UNKNOWN,
    Expr,
    ExprSyntaxError,
    FactType,
    atoms,
    check_expr,
    describe,
    evaluate,
    parse_expr,
)

FACTS = {
    "shooter.moved": FactType("bool"),
    "shooter.bs": FactType("int"),
    "attack.auto_hit": FactType("bool"),
    "hard_cover.los": FactType("int"),
    "target.los": FactType("int"),
    "target.unit_strength": FactType("int"),
    "attacker.dice_per_base": FactType("int"),
    "attacker.bases": FactType("int"),
    "weapon.type": FactType("enum", ("heavy", "rapid", "pistol")),
    "unit.keywords": FactType("keywords"),
}
KW = frozenset({"VEHICLE", "FLY"})


@pytest.mark.parametrize(
    ("text", "values", "expected", "kind"),
    [
        (
            "shooter.moved and not attack.auto_hit",
            {"shooter.moved": True, "attack.auto_hit": False},
            True,
            "bool",
        ),
        (
            "shooter.moved and not attack.auto_hit",
            {"shooter.moved": True, "attack.auto_hit": True},
            False,
            "bool",
        ),
        ("2 * hard_cover.los >= target.los", {"hard_cover.los": 2, "target.los": 4}, True, "bool"),
        ("2 * hard_cover.los >= target.los", {"hard_cover.los": 1, "target.los": 4}, False, "bool"),
        (
            "attacker.dice_per_base * attacker.bases",
            {"attacker.dice_per_base": 3, "attacker.bases": 4},
            12,
            "int",
        ),
        ("target.unit_strength <= 2", {"target.unit_strength": 2}, True, "bool"),
        ("7 - shooter.bs", {"shooter.bs": 4}, 3, "int"),
        ("weapon.type == 'heavy'", {"weapon.type": "heavy"}, True, "bool"),
        ("weapon.type != 'heavy'", {"weapon.type": "heavy"}, False, "bool"),
        ("'VEHICLE' in unit.keywords", {"unit.keywords": KW}, True, "bool"),
        ("'vehicle' in unit.keywords", {"unit.keywords": KW}, True, "bool"),
        ("'Infantry' not in unit.keywords", {"unit.keywords": KW}, True, "bool"),
        ("'fly' in unit.keywords", {"unit.keywords": frozenset({"Fly"})}, True, "bool"),
        ("true", {}, True, "bool"),
        ("false", {}, False, "bool"),
        ("True", {}, True, "bool"),
        ("min(shooter.bs, 3)", {"shooter.bs": 5}, 3, "int"),
        ("max(shooter.bs, 3, 4)", {"shooter.bs": 2}, 4, "int"),
        ("abs(0 - shooter.bs)", {"shooter.bs": 5}, 5, "int"),
        ("-shooter.bs + 10", {"shooter.bs": 3}, 7, "int"),
        ("target.los // 2", {"target.los": 7}, 3, "int"),
        ("(shooter.bs + 1) * 2", {"shooter.bs": 3}, 8, "int"),
    ],
)
def test_examples_parse_check_and_evaluate(
    text: str, values: dict[str, object], expected: object, kind: str
) -> None:
    expr = parse_expr(text)
    assert isinstance(expr, Expr)
    assert check_expr(expr, FACTS, kind) == []
    result = evaluate(expr, values)
    assert result == expected
    assert type(result) is type(expected)


def test_names_are_dotted() -> None:
    assert parse_expr("shooter.moved and not a.b.c or x").names == {"shooter.moved", "a.b.c", "x"}
    assert parse_expr("true and 1 < 2").names == frozenset()


@pytest.mark.parametrize(
    ("value", "text", "result"), [(2, "2", 2), (-3, "-3", -3), (True, "true", True), (False, "false", False)]
)
def test_yaml_scalars_are_constants(value: int | bool, text: str, result: object) -> None:
    expr = parse_expr(value)
    assert expr.text == text
    assert evaluate(expr, {}) is result or evaluate(expr, {}) == result


T, F, U = True, False, UNKNOWN
KLEENE_AND = [
    (T, T, T),
    (T, F, F),
    (T, U, U),
    (F, T, F),
    (F, F, F),
    (F, U, F),
    (U, T, U),
    (U, F, F),
    (U, U, U),
]
KLEENE_OR = [
    (T, T, T),
    (T, F, T),
    (T, U, T),
    (F, T, T),
    (F, F, F),
    (F, U, U),
    (U, T, T),
    (U, F, U),
    (U, U, U),
]


def _vals(a: object, b: object) -> dict[str, object]:
    """Both UNKNOWN spellings: absent for a, explicit UNKNOWN for b."""
    values: dict[str, object] = {"b.y": b}
    if a is not UNKNOWN:
        values["a.x"] = a
    return values


@pytest.mark.parametrize(("a", "b", "out"), KLEENE_AND)
def test_kleene_and(a: object, b: object, out: object) -> None:
    assert evaluate(parse_expr("a.x and b.y"), _vals(a, b)) is out


@pytest.mark.parametrize(("a", "b", "out"), KLEENE_OR)
def test_kleene_or(a: object, b: object, out: object) -> None:
    assert evaluate(parse_expr("a.x or b.y"), _vals(a, b)) is out


@pytest.mark.parametrize(("a", "out"), [(T, F), (F, T), (U, U)])
def test_kleene_not(a: object, out: object) -> None:
    assert evaluate(parse_expr("not a.x"), {"a.x": a}) is out


def test_longer_bool_chains() -> None:
    expr = parse_expr("a and b and c")
    assert evaluate(expr, {"a": True, "b": True}) is UNKNOWN
    assert evaluate(expr, {"b": False}) is False
    assert evaluate(parse_expr("a or b or c"), {"c": True}) is True


@pytest.mark.parametrize(
    "text",
    [
        "n.x + 1",
        "n.x * 2",
        "-n.x",
        "n.x < 3",
        "n.x == 3",
        "min(n.x, 3)",
        "abs(n.x)",
        "'X' in n.x",
        "n.x // 2",
    ],
)
def test_unknown_propagates_through_arithmetic_and_comparison(text: str) -> None:
    assert evaluate(parse_expr(text), {}) is UNKNOWN
    assert evaluate(parse_expr(text), {"n.x": UNKNOWN}) is UNKNOWN


def test_unknown_sentinel() -> None:
    assert repr(UNKNOWN) == "unknown"
    with pytest.raises(TypeError, match="UNKNOWN has no truth value; test it with 'is UNKNOWN'"):
        bool(UNKNOWN)
    assert pickle.loads(pickle.dumps(UNKNOWN)) is UNKNOWN


@pytest.mark.parametrize(
    ("values", "out"),
    [
        ({"a": 1, "b": 2, "c": 3}, True),
        ({"a": 1, "b": 2, "c": 2}, True),
        ({"a": 2, "b": 2, "c": 3}, False),
        ({"a": 1, "b": 3, "c": 2}, False),
        ({"a": 1, "b": 2}, UNKNOWN),
        ({"a": 3, "b": 2}, False),
    ],
)
def test_chained_comparison(values: dict[str, int], out: object) -> None:
    assert evaluate(parse_expr("a < b <= c"), values) is out


def test_chained_comparison_mixed_ops() -> None:
    assert evaluate(parse_expr("0 < x.v < 10 != x.w"), {"x.v": 5, "x.w": 3}) is True
    assert evaluate(parse_expr("0 < x.v < 10 != x.w"), {"x.v": 5, "x.w": 10}) is False


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("lambda: 1", "lambda"),
        ("x[0]", "subscripts"),
        ("a.b[0].c", "attribute access"),
        ("1.5", "floats"),
        ("2 ** 3", "'**'"),
        ("a / b", "'//'"),
        ("a % b", "'%'"),
        ("f'{a}'", "f-strings"),
        ("(x := 1)", "walrus"),
        ("min(a=1, b=2)", "keyword arguments"),
        ("len(x)", "calling 'len'"),
        ("a.b()", "calling 'a.b'"),
        ("__import__('os')", "calling '__import__'"),
        ("__import__('os').system('ls')", "calling"),
        ("min(a, b).c", "attribute access"),
        ("x.__class__", "'__'"),
        ("a if b else (lambda: c)", "lambda"),
        ("[1, 2]", "list"),
        ("(1, 2)", "tuples"),
        ("{1: 2}", "dict"),
        ("None", "None"),
        ("a is b", "'=='"),
        ("a & b", "'and'"),
        ("a | b", "'or'"),
        ("~a", "'not'"),
        ("+a", "unary '+'"),
        ("b'x'", "bytes"),
        ("a && b", "use 'and'"),
        ("a || b", "use 'or'"),
        ("!a", "use 'not'"),
        ("a = 1", "'=='"),
        ("a and b # c", "comments"),
        ("min(1)", "min() takes 2"),
        ("abs(1, 2)", "abs() takes 1"),
        ("", "empty"),
        ("   ", "empty"),
        ("a +", "invalid syntax"),
        ("(a", "never closed"),
    ],
)
def test_forbidden_constructs(text: str, fragment: str) -> None:
    with pytest.raises(ExprSyntaxError) as info:
        parse_expr(text)
    err = info.value
    assert fragment in err.message
    assert err.text == text
    assert 0 <= err.offset <= len(text)
    assert fragment in str(err)


@pytest.mark.parametrize("text", ["lambda: 1", "x[0]", "1.5", "len(x)"])
def test_whitelist_errors_list_what_is_allowed(text: str) -> None:
    with pytest.raises(ExprSyntaxError, match="allowed: and, or, not"):
        parse_expr(text)


@pytest.mark.parametrize(
    ("text", "offset"),
    [
        ("a and x[0]", 6),
        ("a || b", 2),
        ("  a = 1", 4),
        ("a b", 2),
        ("a and 1.5", 6),
        ("'é' == 1.5", 7),
        ("a +", 3),
        ("a and\n  len(x)", 8),
    ],
)
def test_error_offsets(text: str, offset: int) -> None:
    with pytest.raises(ExprSyntaxError) as info:
        parse_expr(text)
    assert info.value.offset == offset


def test_literal_strings_do_not_trigger_hints() -> None:
    assert evaluate(parse_expr("weapon.type == '&&!=#'"), {"weapon.type": "&&!=#"}) is True


def test_syntax_error_pickles() -> None:
    with pytest.raises(ExprSyntaxError) as info:
        parse_expr("x[0]")
    copy = pickle.loads(pickle.dumps(info.value))
    assert (copy.message, copy.offset, copy.text) == (info.value.message, info.value.offset, "x[0]")


def test_non_string_input_rejected() -> None:
    with pytest.raises(ExprSyntaxError, match="expected an expression, got NoneType"):
        parse_expr(None)  # type: ignore[arg-type]


def test_check_unknown_name_with_hint() -> None:
    problems = check_expr(parse_expr("shooter.movd and true"), FACTS, "bool")
    assert problems == [("unknown fact 'shooter.movd' (did you mean 'shooter.moved'?)", 0)]
    ((message, offset),) = check_expr(parse_expr("true and zzzz.qqq"), FACTS, "bool")
    assert message == "unknown fact 'zzzz.qqq'"
    assert offset == 9


def test_check_enum_mismatch_lists_values() -> None:
    ((message, offset),) = check_expr(parse_expr("weapon.type == 'hevy'"), FACTS, "bool")
    assert "'hevy'" in message
    assert "'heavy', 'rapid', 'pistol'" in message
    assert offset == 15
    assert check_expr(parse_expr("'hevy' != weapon.type"), FACTS, "bool")


@pytest.mark.parametrize(
    ("text", "expect", "fragment"),
    [
        ("shooter.bs and shooter.moved", "bool", "'and' needs bool"),
        ("shooter.moved or 1", "bool", "'or' needs bool"),
        ("not shooter.bs", "bool", "'not' needs bool"),
        ("shooter.moved + 1", "int", "'+' needs int"),
        ("-shooter.moved", "int", "unary '-' needs int"),
        ("min(shooter.moved, 2)", "int", "min() needs int"),
        ("weapon.type < 3", "bool", "'<' compares ints"),
        ("shooter.moved == 1", "bool", "cannot compare bool with int"),
        ("weapon.type == 1", "bool", "cannot compare enum with int"),
        ("'X' in weapon.type", "bool", "must be a keywords fact"),
        ("shooter.bs in unit.keywords", "bool", "left side of 'in' must be a string"),
        ("unit.keywords == 'X'", "bool", "keywords facts can only be used"),
        ("7 - shooter.bs", "bool", "expression is int, but bool is expected"),
        ("shooter.moved", "int", "expression is bool, but int is expected"),
        ("weapon.type", "bool", "expression is enum"),
    ],
)
def test_check_type_errors(text: str, expect: str, fragment: str) -> None:
    problems = check_expr(parse_expr(text), FACTS, expect)
    assert any(fragment in message for message, _ in problems), problems


def test_check_unknown_name_does_not_cascade() -> None:
    assert len(check_expr(parse_expr("nope.x + 1 > 2 and nope.y"), FACTS, "bool")) == 2


def test_describe_and_atoms() -> None:
    expr = parse_expr("shooter.moved   and\n (not attack.auto_hit and target.los > 1) and (a.x or b.y)")
    assert describe(expr) == "shooter.moved and (not attack.auto_hit and target.los > 1) and (a.x or b.y)"
    parts = atoms(expr)
    assert [p.text for p in parts] == ["shooter.moved", "not attack.auto_hit", "target.los > 1", "a.x or b.y"]
    assert [p.names for p in parts][3] == {"a.x", "b.y"}
    assert evaluate(parts[2], {"target.los": 2}) is True
    single = parse_expr("a or b")
    assert atoms(single) == [single]


def test_expr_is_picklable_and_comparable() -> None:
    expr = parse_expr("2 * hard_cover.los >= target.los")
    copy = pickle.loads(pickle.dumps(expr))
    assert copy == expr
    assert hash(copy) == hash(expr)
    assert evaluate(copy, {"hard_cover.los": 1, "target.los": 2}) is True


def test_keyword_membership_needs_a_string() -> None:
    with pytest.raises(TypeError, match="left side of 'in' must be a string, not 3"):
        evaluate(parse_expr("n.x in unit.keywords"), {"n.x": 3, "unit.keywords": KW})


def _floordiv(a: int, b: int) -> int:
    return a // b


OPS: dict[str, Callable[[int, int], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "//": _floordiv,
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
FUNCS: dict[str, Callable[[int, int], int]] = {"min": min, "max": max}

ints = st.integers(min_value=-(10**6), max_value=10**6)


@given(a=ints, b=ints, op=st.sampled_from(sorted(OPS)))
@example(a=7, b=0, op="//")  # drawn too rarely to count on: a division by zero is refused, naming the expression
def test_binary_ops_match_python(a: int, b: int, op: str) -> None:
    values = {"x.a": a, "x.b": b}
    for text in (f"x.a {op} x.b", f"{a} {op} x.b", f"x.a {op} {b}"):
        expr = parse_expr(text)
        if op == "//" and b == 0:
            with pytest.raises(RulingsError, match=f"division by zero in '{re.escape(text)}'"):
                evaluate(expr, values)
        else:
            assert evaluate(expr, values) == OPS[op](a, b)
            assert evaluate(parse_expr(f"x.a {op} x.c"), values) is UNKNOWN


@given(a=ints, b=ints, fn=st.sampled_from(sorted(FUNCS)))
def test_functions_match_python(a: int, b: int, fn: str) -> None:
    values = {"x.a": a, "x.b": b}
    assert evaluate(parse_expr(f"{fn}(x.a, x.b)"), values) == FUNCS[fn](a, b)
    assert evaluate(parse_expr("abs(x.a) - -x.b"), values) == abs(a) + b


@given(
    xs=st.lists(ints, min_size=2, max_size=5),
    ops=st.lists(st.sampled_from(["<", "<=", "==", "!=", ">", ">="]), min_size=4, max_size=4),
)
def test_chained_comparisons_match_python(xs: list[int], ops: list[str]) -> None:
    names = [f"v.n{i}" for i in range(len(xs))]
    text = names[0] + "".join(f" {op} {name}" for op, name in zip(ops, names[1:], strict=False))
    expected = all(OPS[op](xs[i], xs[i + 1]) for i, op in zip(range(len(xs) - 1), ops, strict=False))
    assert evaluate(parse_expr(text), dict(zip(names, xs, strict=True))) is expected

"""The expression language's edges, each pinned where mutation testing found nothing watching
(`python tools/mutate.py kb/expr.py`): exact messages and columns of refused expressions, the type checker's
messages, the small helpers other modules call (`children`, `phrases`, `atoms`, `show_value`, `json_value`).

Expected values come from docs/pack-format.md ("Expressions") and the module's own docstrings, with columns
counted by hand in the text (0-based).
"""

from __future__ import annotations

import pickle

import pytest

from kb.errors import RulingsError
from kb.expr import (
    NON_REACH,
    UNKNOWN,
    ExprSyntaxError,
    FactType,
    Names,
    atoms,
    check_expr,
    children,
    evaluate,
    json_value,
    parse_expr,
    phrases,
    problem_hint,
    show_value,
)

EXPERIENCE = FactType("enum", ("green", "regular", "veteran"))
FACTS = {
    "s.experience": EXPERIENCE,
    "s.bs": FactType("int"),
    "s.moved": FactType("bool"),
    "u.keywords": FactType("keywords"),
}
WEIGHT = FactType("enum", ("heavy", "light"))


def refused(text: object) -> ExprSyntaxError:
    with pytest.raises(ExprSyntaxError) as caught:
        parse_expr(text)  # type: ignore[arg-type]
    return caught.value


# -- refused expressions: the message, the column and the text ----------------------------------------------


def test_a_refusal_carries_message_column_and_text_as_its_arguments() -> None:
    err = refused("x[0]")
    assert err.args == (err.message, 0, "x[0]")
    assert err.message.startswith("not allowed: subscripts ([...]); allowed: ")


def test_a_refusal_counts_columns_from_the_start_of_the_text_with_its_leading_blanks() -> None:
    assert refused("  x[0]").offset == 2


def test_an_empty_expression_is_refused_as_empty() -> None:
    err = refused("")
    assert (err.message, err.offset) == ("empty expression", 0)


def test_a_value_that_is_no_expression_names_its_type() -> None:
    err = refused(1.5)
    assert (err.message, err.offset, err.text) == ("expected an expression, got float", 0, "1.5")


@pytest.mark.parametrize(("text", "offset"), [
    ("w.type == 'heavy' # note", 18),  # a quoted value before the '#' keeps its columns
    ("  a.x # c", 6),
    ("a.x # b # c", 4),  # the first '#'
])
def test_a_comment_is_refused_at_its_hash(text: str, offset: int) -> None:
    err = refused(text)
    assert (err.message, err.offset) == ("comments ('#') are not allowed", offset)


def test_a_hint_after_a_quoted_value_points_past_it() -> None:
    err = refused("w.type == 'a' && b")
    assert (err.message, err.offset) == ("invalid syntax: use 'and' instead of '&&'", 14)


INTEGERS = "integers must lie between -10^18 and 10^18"


@pytest.mark.parametrize(("text", "offset"), [
    ("1" * 5000, 0),  # refused before Python reads it
    ("  x.a + " + "1" * 25, 8),
    ("1000000000000000001", 0),  # 10^18 + 1: read, then refused
    ("x.a + 1000000000000000001", 6),
    ("-1000000000000000001", 1),
])
def test_an_integer_beyond_ten_to_the_eighteen_is_refused(text: str, offset: int) -> None:
    err = refused(text)
    assert (err.message, err.offset, err.text) == (INTEGERS, offset, text)


def test_ten_to_the_eighteen_itself_is_an_integer() -> None:
    assert evaluate(parse_expr("1000000000000000000"), {}) == 10**18
    assert evaluate(parse_expr("-1000000000000000000"), {}) == -(10**18)


@pytest.mark.parametrize(("text", "message", "offset"), [
    ("a +", "invalid syntax", 3),
    ("  a +", "invalid syntax", 5),
    ("(a", "invalid syntax: '(' was never closed", 0),
])
def test_invalid_syntax_says_so_once(text: str, message: str, offset: int) -> None:
    err = refused(text)
    assert (err.message, err.offset) == (message, offset)


def test_an_expression_too_deep_for_the_parser_cannot_be_parsed() -> None:
    text = "-" * 5000 + "a"
    err = refused(text)
    assert err.message.startswith("cannot parse: ")
    assert (err.offset, err.text) == (0, text)


def test_an_expression_too_deep_to_convert_is_nested_too_deeply() -> None:
    text = "not " * 1500 + "a"
    err = refused(text)
    assert (err.message, err.offset, err.text) == ("nested too deeply", 0, text)


@pytest.mark.parametrize(("text", "what", "offset"), [
    ("1.5", "floats", 0),
    ("2j", "complex numbers", 0),
    ("b'x'", "bytes", 0),
    ("...", "Ellipsis", 0),
    ("[x for x in y]", "ListComp", 0),
    ("x.a ** 2", "'**'", 3),  # at the end of the left operand
    ("max(1, 2, key=3)", "keyword arguments", 10),
    ("a.b[0].c", "attribute access on anything but a fact name", 0),
    ("x.__class__", "names containing '__'", 0),
])
def test_what_is_not_allowed_is_named_exactly(text: str, what: str, offset: int) -> None:
    err = refused(text)
    assert err.message.startswith(f"not allowed: {what}; allowed: and, or, not, ")
    assert err.offset == offset


@pytest.mark.parametrize(("text", "message"), [
    ("min(1)", "min() takes 2 or more arguments"),
    ("abs(1, 2)", "abs() takes 1 argument"),
    ("matches('VEHICLE')", "matches() takes 2 arguments"),
])
def test_a_function_given_the_wrong_number_of_arguments_says_how_many_it_takes(text: str, message: str) -> None:
    err = refused(text)
    assert (err.message, err.offset) == (message, 0)


PHRASE_FIRST = ("matches() takes a keyword phrase in quotes first, e.g. matches('non-VEHICLE units', "
                "target.keywords)")


@pytest.mark.parametrize("text", ["matches(u.phrase, u.keywords)", "matches(p, u.keywords)",
                                  "matches(3, u.keywords)"])
def test_matches_takes_a_phrase_written_in_quotes(text: str) -> None:
    err = refused(text)
    assert (err.message, err.offset, err.text) == (PHRASE_FIRST, 8, text)


def test_a_broken_phrase_is_refused_at_its_column_in_the_expression() -> None:
    text = "matches('VEHICLE and MONSTER', u.keywords)"
    err = refused(text)
    assert (err.message, err.offset, err.text) == (
        "keyword phrase: 'and' is ambiguous; use adjacent keywords", 17, text)
    assert text[17:20] == "and"


# -- whitespace --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["a.x and\rb.y", "a.x and\r\nb.y", "a.x and\tb.y", "a.x and\nb.y"])
def test_line_breaks_and_tabs_are_blanks(text: str) -> None:
    expr = parse_expr(text)
    assert expr.names == {"a.x", "b.y"}
    assert evaluate(expr, {"a.x": True, "b.y": True}) is True
    assert evaluate(expr, {"a.x": True, "b.y": False}) is False


@pytest.mark.parametrize("blank", ["\t", "\n", "\r"])
def test_a_blank_inside_a_quoted_value_reads_as_a_space(blank: str) -> None:
    """A value folded over lines in YAML (or with a tab) is the value with a space there."""
    expr = parse_expr(f"w.type == 'two{blank}hits'")
    assert evaluate(expr, {"w.type": "two hits"}) is True


# -- evaluation ----------------------------------------------------------------------------------------------


def test_unknown_refuses_to_be_true_or_false_with_its_reason() -> None:
    with pytest.raises(TypeError) as caught:
        bool(UNKNOWN)
    assert str(caught.value) == "UNKNOWN has no truth value; test it with 'is UNKNOWN'"


def test_a_division_by_zero_names_the_expression_and_the_divisor() -> None:
    with pytest.raises(RulingsError) as caught:
        evaluate(parse_expr("12 // t.range"), {"t.range": 0})
    assert caught.value.message == "division by zero in '12 // t.range'"
    assert caught.value.hint == "the divisor is 0 in this situation"


def test_a_product_may_reach_ten_to_the_thirty_six() -> None:
    assert evaluate(parse_expr("x.a * x.b"), {"x.a": 10**18, "x.b": 10**18}) == 10**36
    assert evaluate(parse_expr("x.a * 3"), {"x.a": 10**18}) == 3 * 10**18


def test_a_product_beyond_ten_to_the_thirty_six_is_refused() -> None:
    with pytest.raises(RulingsError) as caught:
        evaluate(parse_expr("2 * x.a * x.b"), {"x.a": 10**18, "x.b": 10**18})
    assert caught.value.message == "an expression's product grows beyond 10^36 in '2 * x.a * x.b'"
    assert caught.value.hint == "integers must stay within 10^18"


def test_rule_names_are_found_whole_and_case_aside() -> None:
    """Names (a ruling's rule ids, kept in capitals) match exactly, case aside; a keyword's plural is no help."""
    applied = {"r.applied": Names({"COVER_SAVE"})}
    assert evaluate(parse_expr("'cover_save' in r.applied"), applied) is True
    assert evaluate(parse_expr("'Cover_Save' not in r.applied"), applied) is False
    assert evaluate(parse_expr("'cover_saves' in r.applied"), applied) is False
    assert evaluate(parse_expr("'other' in r.applied"), applied) is False


MIXED = "matches('non-VEHICLE INFANTRY or MOUNTED unit', u.keywords)"


def test_matches_reads_non_next_to_its_keywords_unless_told_whole_list() -> None:
    """docs: `non-X` excludes; NON_REACH: absent, next to its keywords; `whole_list`, across the whole list.

    A MOUNTED VEHICLE unit is "MOUNTED" (the second alternative, no `non-` next to it), but not "not VEHICLE,
    and INFANTRY or MOUNTED"."""
    expr = parse_expr(MIXED)
    unit = frozenset({"MOUNTED", "VEHICLE"})
    assert evaluate(expr, {"u.keywords": unit}) is True
    assert evaluate(expr, {"u.keywords": unit, NON_REACH: "adjacent"}) is True
    assert evaluate(expr, {"u.keywords": unit, NON_REACH: "whole_list"}) is False


def test_matches_of_unknown_keywords_is_unknown() -> None:
    assert evaluate(parse_expr("matches('VEHICLE', u.keywords)"), {}) is UNKNOWN


# -- the type checker's messages -------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "want", "problems"), [
    ("-true", "int",
     [("unary '-' needs int operands, but True is bool (to count a condition, write '1 if CONDITION else 0')", 1)]),
    ("s.moved + 1", "int",
     [("'+' needs int operands, but 's.moved' is bool (to count a condition, write '1 if CONDITION else 0')", 0)]),
    ("s.bs and s.moved", "bool", [("'and' needs bool operands, but 's.bs' is int", 0)]),
    ("s.moved or 1", "bool", [("'or' needs bool operands, but 1 is int", 11)]),
    ("not (1 + 2)", "bool", [("'not' needs bool operands, but its operand is int", 5)]),
    ("matches('VEHICLE', s.bs)", "bool", [("matches() needs a keywords fact second, but 's.bs' is int", 19)]),
    ("matches('VEHICLE', zz.q)", "bool", [("unknown fact 'zz.q'", 19)]),
    ("1 if s.bs else 0", "int", [("the condition after 'if' must be bool, but 's.bs' is int", 5)]),
    ("1 if zz.q else 0", "int", [("unknown fact 'zz.q'", 5)]),
    ("zz.q if s.moved else zz.r", "int", [("unknown fact 'zz.q'", 0), ("unknown fact 'zz.r'", 21)]),
    ("zz.q if s.moved else 1", "int", [("unknown fact 'zz.q'", 0)]),
    ("zz.q if s.moved else 1", "bool", [("unknown fact 'zz.q'", 0), ("expression is int, but bool is expected", 0)]),
    ("1 if s.moved else zz.q", "bool", [("unknown fact 'zz.q'", 18), ("expression is int, but bool is expected", 0)]),
    ("1 if s.moved else true", "int",
     [("'if' needs both values of one type (int, bool or text), but 1 is int and True is bool", 0)]),
    ("'elite' if s.moved else s.experience", "bool",
     [("'elite' is not a value of 's.experience' (one of: 'green', 'regular', 'veteran')", 0),
      ("expression is enum, but bool is expected", 0)]),
    ("'X' in zz.q", "bool", [("unknown fact 'zz.q'", 7)]),
    ("'X' in s.bs", "bool", [("right side of 'in' must be a keywords fact, but 's.bs' is int", 7)]),
    ("s.experience in u.keywords", "bool", []),
    ("zz.q in u.keywords", "bool", [("unknown fact 'zz.q'", 0)]),
    ("s.bs in u.keywords", "bool", [("left side of 'in' must be a string, but 's.bs' is int", 0)]),
    ("zz.q < 3", "bool", [("unknown fact 'zz.q'", 0)]),
    ("s.experience < 3", "bool", [("'<' compares ints, not enum and int", 0)]),
    ("u.keywords == 'X'", "bool", [("keywords facts can only be used on the right of 'in'", 0)]),
    ("1 < s.bs <= s.moved", "bool", [("'<=' compares ints, not int and bool", 4)]),
    ("'green' == s.experience == 'elite'", "bool",
     [("'elite' is not a value of 's.experience' (one of: 'green', 'regular', 'veteran')", 27)]),
    ("zz.q", "bool", [("unknown fact 'zz.q'", 0)]),
])
def test_the_type_checker_says_exactly_what_is_wrong_and_where(
        text: str, want: str, problems: list[tuple[str, int]]) -> None:
    assert check_expr(parse_expr(text), FACTS, want) == problems


@pytest.mark.parametrize(("text", "problems"), [
    ("s.experience", []),
    ("'heavy' if s.moved else 'light'", []),
    ("'heavy' if s.moved else 'medium'", [("'medium' is not a value of the enum (one of: 'heavy', 'light')", 24)]),
    ("'bad1' if s.moved else 'light' if s.bs > 1 else 'bad2'",
     [("'bad1' is not a value of the enum (one of: 'heavy', 'light')", 0),
      ("'bad2' is not a value of the enum (one of: 'heavy', 'light')", 48)]),
    ("'medium' if zz.q else 'light'",
     [("unknown fact 'zz.q'", 12), ("'medium' is not a value of the enum (one of: 'heavy', 'light')", 0)]),
    ("'heavy' if s.moved else zz.q", [("unknown fact 'zz.q'", 24)]),
    ("3", [("expression is int, but enum is expected", 0)]),
])
def test_an_enum_expression_gives_only_the_enum_s_values(text: str, problems: list[tuple[str, int]]) -> None:
    """check_expr's `expect` for an enum is its fact type: the texts the expression can give must be its values."""
    expect = FACTS["s.experience"] if text == "s.experience" else WEIGHT
    assert check_expr(parse_expr(text), FACTS, expect) == problems


def test_a_pickled_expression_keeps_its_tree() -> None:
    copy = pickle.loads(pickle.dumps(parse_expr("s.moved + 1")))
    assert check_expr(copy, FACTS, "int") == [
        ("'+' needs int operands, but 's.moved' is bool (to count a condition, write '1 if CONDITION else 0')", 0)]
    assert [c[2] for c in children(copy._tree)] == ["s.moved", 1]


# -- the helpers other modules read the tree with ---------------------------------------------------------------


@pytest.mark.parametrize(("text", "parts"), [
    ("a and b and c", ["a", "b", "c"]),
    ("a or b", ["a", "b"]),
    ("max(a, b, 3)", ["a", "b", 3]),
    ("not a", ["a"]),
    ("-a", ["a"]),
    ("a - b", ["a", "b"]),
    ("a < b <= c", ["a", "b", "c"]),
    ("a if b else c", ["b", "a", "c"]),
    ("a", []),
    ("'x'", []),
])
def test_children_are_a_node_s_operands_in_order(text: str, parts: list[object]) -> None:
    assert [c[2] for c in children(parse_expr(text)._tree)] == parts


def test_a_negative_literal_is_one_constant() -> None:
    tree = parse_expr("-3")._tree
    assert tree[0] == "c"
    assert tree[2] == -3
    assert children(tree) == ()
    assert children(parse_expr("-(3)")._tree) == ()


def test_phrases_are_those_matches_names_in_order() -> None:
    text = "matches('VEHICLE', u.keywords) or not matches('non-FLY unit', u.keywords) and a.x"
    assert phrases(parse_expr(text)) == ("VEHICLE", "non-FLY unit")
    assert phrases(parse_expr("a.x and 'VEHICLE' in u.keywords and max(1, 2, 3) > 1")) == ()


def test_atoms_keep_each_conjunct_as_written() -> None:
    assert [a.text for a in atoms(parse_expr("a.x and (b.y   or c.z)"))] == ["a.x", "b.y   or c.z"]


@pytest.mark.parametrize(("value", "text"), [
    (True, "true"),
    (False, "false"),
    (3, "3"),
    ("ranged", "ranged"),
    (frozenset({"VEHICLE", "MONSTER"}), "[MONSTER, VEHICLE]"),
    (["b", "a"], "[a, b]"),
])
def test_a_value_is_shown_as_a_player_writes_it(value: object, text: str) -> None:
    assert show_value(value) == text


def test_a_keywords_value_becomes_a_sorted_list_for_json() -> None:
    assert json_value(frozenset({"VEHICLE", "MONSTER"})) == ["MONSTER", "VEHICLE"]
    assert json_value({"B", "A"}) == ["A", "B"]
    kept = ["b", "a"]
    assert json_value(kept) is kept
    assert json_value(3) == 3
    assert json_value(True) is True
    assert json_value("ranged") == "ranged"


# -- hints: what to write instead of a refused expression ----------------------------------------------------
# Each hint is what a pack author needs next to the message: the operator that lacks a value, the word that
# cannot be a name, or the construct the language has instead. Worked out from docs/pack-format.md
# ("Expressions"): whole numbers, + - * // and comparisons, and/or/not, `A if C else B`, min/max/abs/matches.


@pytest.mark.parametrize(("text", "hint"), [
    ("a.x if b.y", "a conditional needs both values: A if CONDITION else B"),
    ("a.x; b.y", "an expression is one formula: remove the ';'"),
    ("(a.x := 1)", "to compare, write '=='"),  # Python: cannot use assignment expressions with attribute
    ("if", "'if' is a word of the language, not a fact name"),
    ("lambda", "'lambda' is a word of the language, not a fact name"),
    ("shooter.in", "'in' is a word of the language, so it cannot be part of a fact name"),
    ("class.bs > 1", "'class' is a word of the language, so it cannot be part of a fact name"),
    ("shooter.class >= 3", "'class' is a word of the language, so it cannot be part of a fact name"),
    ("* 2", "'*' needs a value on each side"),
    ("/ 2", "'/' needs a value on each side"),
    ("// 2", "'//' needs a value on each side"),
    ("** 2", "'**' needs a value on each side"),
    ("a.x +", "'+' needs a value after it"),
    ("a.x -", "'-' needs a value after it"),
    ("a.x //", "'//' needs a value after it"),
    ("a.x **", "'**' needs a value after it"),
    ("a.x <", "'<' needs a value after it"),
    ("a.x <=", "'<=' needs a value after it"),
    ("a.x ==", "'==' needs a value after it"),
    ("a.x !=", "'!=' needs a value after it"),
    ("a.x and", "'and' needs a value after it"),
    ("a.x or", "'or' needs a value after it"),
    ("a.x not", "'not' needs a value after it"),
    ("w.color not in", "'in' needs a value after it"),  # 'color' ends in 'or' but is no operator
    ("w.type == 'a;b' +", "'+' needs a value after it"),  # a ';' in quotes is text, not a second formula
    ("(a.x", ""),  # Python's own message says it: '(' was never closed
    ("a.b.", ""),
])
def test_a_syntax_error_hints_at_its_usual_cause(text: str, hint: str) -> None:
    """A syntax slip names what to fix: the lone operator, the reserved word, the missing 'else'."""
    assert refused(text).hint == hint


def test_a_refusal_with_its_own_fix_in_the_message_has_no_separate_hint() -> None:
    """The '&&' message already says to write 'and', an empty expression has nothing to fix in it."""
    assert refused("a.x && b.y").hint == ""
    assert refused("").hint == ""
    assert refused("a.x # note").hint == ""


@pytest.mark.parametrize(("text", "hint"), [
    ("a.x ** 2", "there is no power operator: multiply, e.g. a * a"),
    ("a.x @ b.y", "to multiply, write '*'"),
    ("a.x * 1.5", "values are whole numbers: scale with * and //, e.g. a * 3 // 2 for 1.5 times a, rounded down"),
    ("(a := 1)", "to compare, write '=='"),
    ("+a.x", "drop the '+' before the value: it needs no sign of its own"),
    ("w.type == b'heavy'", "write text in plain quotes, without the b: 'x'"),
    ("f'{a.x}'", "name a fact directly, without quotes or braces: shooter.bs, not f'{shooter.bs}'"),
    ("{a.x}", "name a fact directly, without braces: shooter.bs, not {shooter.bs}"),
    ("a.x, b.y", "an expression gives one value: for the least or the greatest of several, write min(a, b) or "
                 "max(a, b)"),
    ("[a.x, b.y]", "an expression gives one value: for the least or the greatest of several, write min(a, b) or "
                   "max(a, b)"),
    ("{'heavy': 1}", "a lookup table is a YAML mapping, not text in quotes: {table: FACT, rows: {VALUE: RESULT}}"),
    ("a.x[0]", ""),  # no construct to write instead: the message lists what is allowed
    ("a.x is b.y", ""),  # the message itself says: use '=='
])
def test_a_refused_construct_hints_at_what_the_language_has_instead(text: str, hint: str) -> None:
    """A construct outside the language names its replacement where there is one, and nothing otherwise."""
    err = refused(text)
    assert err.message.startswith("not allowed: ")
    assert err.hint == hint


@pytest.mark.parametrize(("text", "hint"), [
    ("abs(a.x, b.y)", "abs(x) is the size of one value; min() and max() take several"),
    ("abs()", "abs(x) is the size of one value; min() and max() take several"),
    ("min(a.x)", ""),
    ("matches('VEHICLE')", ""),
])
def test_abs_given_other_than_one_value_points_to_min_and_max(text: str, hint: str) -> None:
    """abs() given several values was most likely meant as min() or max(); the others only need their count."""
    assert refused(text).hint == hint


def problem_hints(text: str, expect: str | FactType) -> list[tuple[str, str]]:
    """check_expr's problems with the hint the loader shows under each."""
    facts = {**FACTS, "w.type": WEIGHT}
    return [(problem, problem_hint(problem)) for problem, _ in check_expr(parse_expr(text), facts, expect)]


COMPARE = "a condition is true or false: compare the number, e.g. shooter.bs >= 4"
UNQUOTE = "quotes make text: write numbers and fact names without quotes"
IN_QUOTES = "compare an enum fact with one of its values in quotes, e.g. weapon.type == 'heavy'"
AS_IS = "a condition is true or false, not a number: use it as it is, or with 'not'"


@pytest.mark.parametrize(("text", "expect", "problems"), [
    ("s.bs", "bool", [("expression is int, but bool is expected", COMPARE)]),
    ("s.moved", "int", [("expression is bool, but int is expected",
                         "for a number that depends on a condition, write 'A if CONDITION else B'")]),
    ("s.bs + '3'", "int", [("'+' needs int operands, but '3' is str", UNQUOTE)]),
    ("min(s.bs, '2')", "int", [("min() needs int operands, but '2' is str", UNQUOTE)]),
    ("w.type == 3", "bool", [("cannot compare enum with int using '=='", IN_QUOTES)]),
    ("3 == w.type", "bool", [("cannot compare int with enum using '=='", IN_QUOTES)]),
    ("s.moved > 3", "bool", [("'>' compares ints, not bool and int", AS_IS)]),
    ("3 < s.moved", "bool", [("'<' compares ints, not int and bool", AS_IS)]),
    ("zz.qq", "bool", [("unknown fact 'zz.qq'",
                        "each name in an expression is a fact declared under facts: (or true, false)")]),
    # the problem's own text says what to do: no hint repeats it
    ("s.bss", "bool", [("unknown fact 's.bss' (did you mean 's.bs'?)", "")]),
    ("s.moved + 1", "int", [("'+' needs int operands, but 's.moved' is bool (to count a condition, write "
                             "'1 if CONDITION else 0')", "")]),
    ("w.type", "int", [("expression is enum, but int is expected", "")]),
])
def test_a_type_problem_hints_at_what_to_write_instead(text: str, expect: str, problems: list[object]) -> None:
    """Each of check_expr's problems a hint knows gets it; the others get none."""
    assert problem_hints(text, expect) == problems

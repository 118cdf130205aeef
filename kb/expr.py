"""A small, safe expression language for rule conditions and amounts.

Packs are written by strangers, so an expression such as
``shooter.moved and not attack.auto_hit`` or ``7 - shooter.bs`` is parsed
with :mod:`ast` against a strict whitelist (bool ops, ``not``, unary ``-``,
``+ - * //``, comparisons including ``in``, ints, strings, ``true``/``false``,
``min``/``max``/``abs``, ``matches('KEYWORD PHRASE', keywords.fact)`` (see
:mod:`kb.keywords`), the conditional ``a if cond else b`` and dotted fact
names), converted to a tree of plain
tuples, type-checked against fact declarations by :func:`check_expr` and
evaluated by :func:`evaluate` with Kleene three-valued logic: a fact without a
value is :data:`UNKNOWN`. Nothing is ever passed to ``eval``, ``exec`` or
``compile``; evaluation runs closures built once from the tuple tree.
"""

from __future__ import annotations

import ast
import difflib
import keyword
import operator
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, NoReturn

from kb.errors import RulingsError, Unworkable
from kb.limits import MAX_INT, excerpt

__all__ = ["NON_REACH", "UNKNOWN", "Expr", "ExprSyntaxError", "FactType", "Names", "atoms", "check_expr", "children",
           "describe",
           "evaluate", "json_value", "parse_expr", "phrases", "show_value"]

NON_REACH = "(non_reach)"
"""The name under which the values an expression reads say how `matches()` reads a leading `non-X` before an
or-list: absent, next to its keywords (`adjacent`); `whole_list`, across the whole list (a pack's reading)."""

_Node = tuple[Any, ...]  # ("c"|"n"|"and"|"or"|"not"|"neg"|"bin"|"cmp"|"call"|"if", offset, ...)
_Fn = Callable[[Mapping[str, object]], object]


class _Unknown:
    """The third truth value; compare with ``is UNKNOWN``, never by truthiness."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "unknown"

    def __bool__(self) -> bool:
        raise TypeError("UNKNOWN has no truth value; test it with 'is UNKNOWN'")

    def __reduce__(self) -> str:
        return "UNKNOWN"


UNKNOWN: Final = _Unknown()


@dataclass(frozen=True, slots=True)
class FactType:
    """The declared type of a fact: ``bool``, ``int``, ``enum`` (with values) or ``keywords``."""

    kind: str
    values: tuple[str, ...] = ()


def show_value(value: Any) -> str:
    """A fact's value as a player writes it after ``--given NAME=``: ``true``, ``3``, ``ranged``, ``[A, B]``.

    Examples:
        >>> show_value(True), show_value(3), show_value(frozenset({"VEHICLE", "MONSTER"}))
        ('true', '3', '[MONSTER, VEHICLE]')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, frozenset | set | list):
        return "[" + ", ".join(sorted(map(str, value))) + "]"
    return str(value)


def json_value(value: Any) -> Any:
    """A fact's value for JSON: a keywords set becomes a sorted list, anything else stays as it is."""
    return sorted(map(str, value)) if isinstance(value, frozenset | set) else value


class ExprSyntaxError(Exception):
    """An expression outside the language; ``offset`` is the 0-based column in ``text``."""

    def __init__(self, message: str, offset: int, text: str, hint: str = "") -> None:
        super().__init__(message, offset, text)
        self.message, self.offset, self.text, self.hint = message, offset, text, hint

    def __str__(self) -> str:
        return f"{self.message} (at column {self.offset} of {self.text!r})"


@dataclass(frozen=True, slots=True)
class Expr:
    """A parsed expression: its text, the fact names it reads, and its private tree."""

    text: str
    names: frozenset[str]
    _tree: _Node = field(compare=False, repr=False)
    _fn: _Fn = field(compare=False, repr=False)

    def __reduce__(self) -> tuple[Any, ...]:  # closures don't pickle; the checked tree does, and needs no parsing
        return (_compiled, (self.text, self.names, self._tree))


def _compiled(text: str, names: frozenset[str], tree: _Node) -> Expr:
    """An expression from its checked tree (the pack cache): the closures built again, the text not parsed again.

    Examples:
        >>> import pickle
        >>> e = pickle.loads(pickle.dumps(parse_expr("7 - shooter.bs")))
        >>> e.text, sorted(e.names), evaluate(e, {"shooter.bs": 3})
        ('7 - shooter.bs', ['shooter.bs'], 4)
    """
    return Expr(text, names, tree, _build(tree))


_ALLOWED = ("allowed: and, or, not, unary -, + - * //, == != < <= > >=, in, not in, integers, "
            "'strings', true/false, min() max() abs(), 'a if cond else b', parentheses and dotted.fact.names")
_FORBIDDEN: dict[type, str] = {
    ast.Lambda: "lambda", ast.Subscript: "subscripts ([...])", ast.JoinedStr: "f-strings",
    ast.NamedExpr: "':=' (walrus)", ast.Starred: "'*' unpacking",
    ast.List: "list literals", ast.Tuple: "tuples", ast.Set: "set literals", ast.Dict: "dict literals",
    ast.Pow: "'**'", ast.Div: "'/' (use '//' for integer division)", ast.Mod: "'%'",
    ast.MatMult: "'@'", ast.BitAnd: "'&' (use 'and')", ast.BitOr: "'|' (use 'or')", ast.BitXor: "'^'",
    ast.LShift: "'<<'", ast.RShift: "'>>'", ast.Invert: "'~' (use 'not')", ast.UAdd: "unary '+'",
    ast.Is: "'is' (use '==')", ast.IsNot: "'is not' (use '!=')",
}
_FORBIDDEN_HINTS = {
    "'**'": "there is no power operator: multiply, e.g. a * a", "'@'": "to multiply, write '*'",
    "floats": "values are whole numbers: scale with * and //, e.g. a * 3 // 2 for 1.5 times a, rounded down",
    "':=' (walrus)": "to compare, write '=='",
    "unary '+'": "drop the '+' before the value: it needs no sign of its own",
    "bytes": "write text in plain quotes, without the b: 'x'",
    "f-strings": "name a fact directly, without quotes or braces: shooter.bs, not f'{shooter.bs}'",
    "set literals": "name a fact directly, without braces: shooter.bs, not {shooter.bs}",
    "tuples": "an expression gives one value: for the least or the greatest of several, write min(a, b) or "
              "max(a, b)",
    "list literals": "an expression gives one value: for the least or the greatest of several, write min(a, b) or "
                     "max(a, b)",
    "dict literals": "a lookup table is a YAML mapping, not text in quotes: {table: FACT, rows: {VALUE: RESULT}}",
}
"""For a construct the language refuses, what to write instead."""
def _floordiv(a: Any, b: Any) -> Any:
    if b == 0:
        raise Unworkable("division by zero", hint="the divisor is 0 in this situation")
    return a // b


def _mul(a: Any, b: Any) -> Any:
    product = a * b
    if abs(product) > MAX_INT**2:  # repeated products grow without bound; sums of bounded products cannot
        raise Unworkable("an expression's product grows beyond 10^36", hint="integers must stay within 10^18")
    return product


_BIN: dict[type, tuple[str, Callable[[Any, Any], Any]]] = {
    ast.Add: ("+", operator.add), ast.Sub: ("-", operator.sub),
    ast.Mult: ("*", _mul), ast.FloorDiv: ("//", _floordiv)}



class Names(frozenset[str]):
    """Names `in` finds exactly, case aside (a ruling's rule ids), where keywords also match their plural."""


def _contains(item: object, keywords: Any) -> bool:
    """Whether a keyword is among `keywords`, in either form: singular and plural are the same keyword."""
    if not isinstance(item, str):
        raise TypeError(f"left side of 'in' must be a string, not {item!r}")
    if isinstance(keywords, Names):
        return item.upper() in keywords
    from kb.keywords import same_keyword

    return any(same_keyword(item, k) for k in keywords)


_CMP: dict[type, tuple[str, Callable[[Any, Any], bool]]] = {
    ast.Eq: ("==", operator.eq), ast.NotEq: ("!=", operator.ne), ast.Lt: ("<", operator.lt),
    ast.LtE: ("<=", operator.le), ast.Gt: (">", operator.gt), ast.GtE: (">=", operator.ge),
    ast.In: ("in", _contains), ast.NotIn: ("not in", lambda a, b: not _contains(a, b))}
_CMP_FN = dict(_CMP.values())
_BIN_FN = dict(_BIN.values())
_PHRASES: dict[str, Any] = {}


def _phrase(text: str) -> Any:
    from kb.keywords import parse_phrase

    if text not in _PHRASES:
        _PHRASES[text] = parse_phrase(text)
    return _PHRASES[text]


_ARITY = {"min": (2, 99), "max": (2, 99), "abs": (1, 1), "matches": (2, 2)}
"""The functions an expression may call, each with its fewest and most arguments."""
_CALLS: dict[str, Callable[..., Any]] = {"min": min, "max": max, "abs": abs}
"""What each function but matches() computes (`_build` builds a matches() call on its own)."""
_CONSTS = {"true": True, "false": False}
_STRINGS = re.compile(r"'[^']*'?|\"[^\"]*\"?")
_HINTS = ((re.compile(r"&&"), "use 'and' instead of '&&'"), (re.compile(r"\|\|"), "use 'or' instead of '||'"),
          (re.compile(r"!(?!=)"), "use 'not' instead of '!'"),
          (re.compile(r"(?<![=!<>:])=(?!=)"), "use '==' to compare (a single '=' assigns)"))


def _parse_ast(text: str) -> tuple[ast.expr, str, int]:
    """Parse ``text`` as one line; returns the ast body, the parsed source and its shift in ``text``."""
    src = text.translate({10: 32, 13: 32, 9: 32})  # YAML folding may bring newlines; keep columns
    delta = len(src) - len(src.lstrip())
    src = src.strip()
    if not src:
        raise ExprSyntaxError("empty expression", 0, text)
    blank = _STRINGS.sub(lambda m: " " * len(m.group()), src)
    if "#" in blank:
        raise ExprSyntaxError("comments ('#') are not allowed", blank.index("#") + delta, text)
    if long := re.search(r"\d{20,}", blank):  # before Python reads it: a huge literal is slow and its error long
        raise ExprSyntaxError("integers must lie between -10^18 and 10^18", long.start() + delta, text)
    try:
        return ast.parse(src, mode="eval").body, src, delta
    except SyntaxError as exc:
        for pattern, hint in _HINTS:
            if m := pattern.search(blank):
                raise ExprSyntaxError(f"invalid syntax: {hint}", m.start() + delta, text) from None
        offset = min(exc.offset - 1, len(src)) if exc.offset else len(src)  # 0: at the end
        msg = "invalid syntax" + ("" if exc.msg == "invalid syntax" else f": {exc.msg}")
        raise ExprSyntaxError(msg, offset + delta, text, _syntax_hint(blank, msg)) from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise ExprSyntaxError(f"cannot parse: {exc}", 0, text) from None


def _syntax_hint(blank: str, message: str) -> str:
    """What usually causes Python's syntax error in an expression (its strings blanked out), or nothing.

    Examples:
        >>> _syntax_hint("a +", "invalid syntax")
        "'+' needs a value after it"
    """
    if "expected 'else'" in message:
        return "a conditional needs both values: A if CONDITION else B"
    if ";" in blank:
        return "an expression is one formula: remove the ';'"
    if ":=" in blank:  # with a fact name: Python refuses to assign to it
        return "to compare, write '=='"
    if keyword.iskeyword(blank):
        return f"{blank!r} is a word of the language, not a fact name"
    for word in re.findall(r"\w+(?=\.)|(?<=\.)\w+", blank):  # the parts of a dotted name
        if keyword.iskeyword(word):
            return f"{word!r} is a word of the language, so it cannot be part of a fact name"
    if first := re.match(r"\*\*|//|[*/]", blank):
        return f"{first.group()!r} needs a value on each side"
    if last := re.search(r"(\*\*|//|!=|[-+*/<>=]=?|\band|\bor|\bnot|\bin)$", blank):
        return f"{last.group()!r} needs a value after it"
    return ""


def problem_hint(problem: str) -> str:
    """What to write instead, for one of `check_expr`'s problems; or nothing.

    Examples:
        >>> problem_hint("expression is int, but bool is expected")
        'a condition is true or false: compare the number, e.g. shooter.bs >= 4'
    """
    for pattern, hint in _PROBLEM_HINTS:
        if re.search(pattern, problem):
            return hint
    return ""


_PROBLEM_HINTS = (
    (r"^expression is int, but bool is expected", "a condition is true or false: compare the number, e.g. "
                                                  "shooter.bs >= 4"),
    (r"^expression is bool, but int is expected", "for a number that depends on a condition, write "
                                                  "'A if CONDITION else B'"),
    (r"needs int operands, but .* is str$", "quotes make text: write numbers and fact names without quotes"),
    (r"^cannot compare (enum with int|int with enum)", "compare an enum fact with one of its values in quotes, "
                                                       "e.g. weapon.type == 'heavy'"),
    (r"compares ints, not (bool and int|int and bool)", "a condition is true or false, not a number: use it as it "
                                                        "is, or with 'not'"),
    (r"^unknown fact '[^']*'$", "each name in an expression is a fact declared under facts: (or true, false)"),
)
"""`check_expr`'s problems, as patterns, and what to write instead."""


class _Converter:
    """Turns a whitelisted ast into tuples, collecting fact names; anything else is an error."""

    def __init__(self, text: str, src: str, delta: int) -> None:
        self.text, self.src, self.delta, self.names = text, src, delta, set[str]()

    def off(self, col: int) -> int:
        if not self.src.isascii():  # ast columns count UTF-8 bytes
            col = len(self.src.encode()[:col].decode("utf-8", "ignore"))
        return col + self.delta

    def fail(self, what: str, col: int) -> NoReturn:
        raise ExprSyntaxError(f"not allowed: {what}; {_ALLOWED}", self.off(col), self.text,
                              _FORBIDDEN_HINTS.get(what, ""))

    def conv(self, n: ast.expr) -> _Node:
        off = self.off(n.col_offset)
        if isinstance(n, ast.BoolOp):
            return ("and" if isinstance(n.op, ast.And) else "or", off, tuple(map(self.conv, n.values)))
        if isinstance(n, ast.UnaryOp):
            if isinstance(n.op, ast.Not):
                return ("not", off, self.conv(n.operand))
            if not isinstance(n.op, ast.USub):
                self.fail(_FORBIDDEN[type(n.op)], n.col_offset)
            inner = self.conv(n.operand)
            if inner[0] == "c" and type(inner[2]) is int:
                return ("c", off, -inner[2])
            return ("neg", off, inner)
        if isinstance(n, ast.BinOp):
            if type(n.op) not in _BIN:
                self.fail(_FORBIDDEN.get(type(n.op), "this operator"), n.left.end_col_offset or 0)
            return ("bin", off, _BIN[type(n.op)][0], self.conv(n.left), self.conv(n.right))
        if isinstance(n, ast.Compare):
            ops = []
            for op, right in zip(n.ops, n.comparators, strict=True):
                if type(op) not in _CMP:
                    self.fail(_FORBIDDEN.get(type(op), "this comparison"), right.col_offset)
                ops.append((_CMP[type(op)][0], self.conv(right)))
            return ("cmp", off, self.conv(n.left), tuple(ops))
        if isinstance(n, ast.Constant):
            if isinstance(n.value, int) and not isinstance(n.value, bool) and abs(n.value) > MAX_INT:
                raise ExprSyntaxError("integers must lie between -10^18 and 10^18", off, self.text)
            if isinstance(n.value, bool | int | str):
                return ("c", off, n.value)
            kind = {float: "floats", complex: "complex numbers", bytes: "bytes"}.get(type(n.value))
            self.fail(kind or repr(n.value), n.col_offset)
        if isinstance(n, ast.Name | ast.Attribute):
            return self.name(n)
        if isinstance(n, ast.IfExp):  # ("if", offset, condition, value when it holds, value otherwise)
            return ("if", off, self.conv(n.test), self.conv(n.body), self.conv(n.orelse))
        if isinstance(n, ast.Call):
            fname = n.func.id if isinstance(n.func, ast.Name) else None
            if fname not in _ARITY:
                what = ast.get_source_segment(self.src, n.func) or "this"
                self.fail(f"calling {what!r} (only min, max, abs, matches)", n.col_offset)
            if n.keywords:
                self.fail("keyword arguments", n.keywords[0].col_offset)
            lo, hi = _ARITY[fname]
            if not lo <= len(n.args) <= hi:
                raise ExprSyntaxError(f"{fname}() takes {lo}{'' if lo == hi else ' or more'} "
                                      f"argument{'' if lo == hi == 1 else 's'}",
                                      off, self.text, "abs(x) is the size of one value; min() and max() take "
                                      "several" if fname == "abs" else "")
            if fname == "matches":
                self.phrase(n.args[0])
            return ("call", off, fname, tuple(map(self.conv, n.args)))
        self.fail(_FORBIDDEN.get(type(n), type(n).__name__), n.col_offset)

    def phrase(self, arg: ast.expr) -> None:
        """A keyword phrase must be a string written in the expression, and must parse."""
        from kb.keywords import PhraseError

        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            raise ExprSyntaxError("matches() takes a keyword phrase in quotes first, e.g. "
                                  "matches('non-VEHICLE units', target.keywords)",
                                  self.off(arg.col_offset), self.text)
        try:
            _phrase(arg.value)
        except PhraseError as e:
            raise ExprSyntaxError(f"keyword phrase: {e.message}", self.off(arg.col_offset) + 1 + e.offset,
                                  self.text) from None

    def name(self, n: ast.expr) -> _Node:
        parts, cur = [], n
        while isinstance(cur, ast.Attribute):
            parts.append(cur.attr)
            cur = cur.value
        if not isinstance(cur, ast.Name):
            self.fail("attribute access on anything but a fact name", n.col_offset)
        if not parts and cur.id in _CONSTS:
            return ("c", self.off(n.col_offset), _CONSTS[cur.id])
        name = ".".join([cur.id, *reversed(parts)])
        if "__" in name:
            self.fail("names containing '__'", n.col_offset)
        self.names.add(name)
        return ("n", self.off(n.col_offset), name)


def _build(n: _Node) -> _Fn:
    """Compile a tuple tree into nested closures (plain Python functions, no code generation)."""
    tag = n[0]
    if tag == "c":
        const = n[2]
        return lambda values: const
    if tag == "n":
        name = n[2]
        return lambda values: values.get(name, UNKNOWN)
    if tag in ("and", "or"):
        fns, stop = tuple(map(_build, n[2])), tag == "or"

        def boolop(values: Mapping[str, object]) -> object:
            unknown = False
            for fn in fns:
                x = fn(values)
                if x is UNKNOWN:
                    unknown = True
                elif bool(x) is stop:
                    return stop
            return UNKNOWN if unknown else not stop
        return boolop
    if tag in ("not", "neg"):
        inner = _build(n[2])
        op: Callable[[Any], object] = operator.not_ if tag == "not" else operator.neg
        return lambda values: UNKNOWN if (x := inner(values)) is UNKNOWN else op(x)
    if tag == "bin":
        bop, left, right = _BIN_FN[n[2]], _build(n[3]), _build(n[4])
        return lambda values: (UNKNOWN if (a := left(values)) is UNKNOWN or (b := right(values)) is UNKNOWN
                               else bop(a, b))
    if tag == "if":
        return _conditional(_build(n[2]), _build(n[3]), _build(n[4]))
    if tag == "call" and n[2] == "matches":
        phrase_of, keywords_of = map(_build, n[3])

        def match(values: Mapping[str, object]) -> object:
            phrase, keywords = phrase_of(values), keywords_of(values)
            if phrase is UNKNOWN or keywords is UNKNOWN:
                return UNKNOWN
            parsed = _phrase(phrase)  # type: ignore[arg-type]
            return (parsed.whole_list() if values.get(NON_REACH) == "whole_list" else parsed).matches_keywords(keywords)
        return match
    if tag == "call":
        func, args = _CALLS[n[2]], tuple(map(_build, n[3]))

        def call(values: Mapping[str, object]) -> object:
            xs = [fn(values) for fn in args]
            return UNKNOWN if any(x is UNKNOWN for x in xs) else func(*xs)
        return call
    first, rest = _build(n[2]), tuple((_CMP_FN[op], _build(r)) for op, r in n[3])
    if len(rest) == 1:
        (cop, second), = rest
        return lambda values: (UNKNOWN if (a := first(values)) is UNKNOWN or (b := second(values)) is UNKNOWN
                               else cop(a, b))

    def chain(values: Mapping[str, object]) -> object:
        a, unknown = first(values), False
        for cop, fn in rest:
            b = fn(values)
            if a is UNKNOWN or b is UNKNOWN:
                unknown = True
            elif not cop(a, b):
                return False
            a = b
        return UNKNOWN if unknown else True
    return chain


def _conditional(cond: _Fn, then: _Fn, otherwise: _Fn) -> _Fn:
    """``then if cond else otherwise``; an unknown condition decides nothing unless both values agree."""

    def choose(values: Mapping[str, object]) -> object:
        c = cond(values)
        if c is not UNKNOWN:
            return then(values) if c else otherwise(values)
        try:  # the branch not taken may divide by zero: that is no answer, not an error
            a, b = then(values), otherwise(values)
        except RulingsError:
            return UNKNOWN
        return a if a is not UNKNOWN and type(a) is type(b) and a == b else UNKNOWN
    return choose


def parse_expr(text: str | int | bool) -> Expr:
    """Parse an expression (ints and bools from YAML are constants).

    Examples:
        >>> e = parse_expr("shooter.moved and not attack.auto_hit")
        >>> sorted(e.names)
        ['attack.auto_hit', 'shooter.moved']
        >>> parse_expr(2).text, parse_expr(True).text
        ('2', 'true')
        >>> try:
        ...     parse_expr("a && b")
        ... except ExprSyntaxError as exc:
        ...     print(exc.message, "@", exc.offset)
        invalid syntax: use 'and' instead of '&&' @ 2
    """
    if isinstance(text, bool):
        text = "true" if text else "false"
    elif isinstance(text, int):
        text = str(text)
    elif not isinstance(text, str):
        raise ExprSyntaxError(f"expected an expression, got {type(text).__name__}", 0, repr(text))
    body, src, delta = _parse_ast(text)
    conv = _Converter(text, src, delta)
    try:
        tree = conv.conv(body)
        return Expr(text, frozenset(conv.names), tree, _build(tree))
    except RecursionError:
        raise ExprSyntaxError("nested too deeply", 0, text) from None


def evaluate(expr: Expr, values: Mapping[str, object]) -> object:
    """Evaluate with Kleene logic; facts missing from ``values`` are UNKNOWN.

    Examples:
        >>> evaluate(parse_expr("7 - shooter.bs"), {"shooter.bs": 3})
        4
        >>> evaluate(parse_expr("a.x and b.y"), {"a.x": False})
        False
        >>> evaluate(parse_expr("a.x or b.y"), {"a.x": False})
        unknown
        >>> evaluate(parse_expr("'vehicle' in unit.keywords"), {"unit.keywords": frozenset({"VEHICLE"})})
        True
        >>> tn = parse_expr("3 if shooter.experience == 'regular' else 4")
        >>> evaluate(tn, {"shooter.experience": "regular"}), evaluate(tn, {"shooter.experience": "green"})
        (3, 4)
        >>> evaluate(parse_expr("2 if a.x else 2"), {}), evaluate(parse_expr("2 if a.x else 3"), {})
        (2, unknown)
    """
    try:
        return expr._fn(values)
    except Unworkable as e:  # division by zero, a product out of bounds: say which expression
        raise Unworkable(f"{e.message} in {excerpt(expr.text)}", where=e.where, hint=e.hint) from None


def _kind(n: _Node, facts: Mapping[str, FactType], out: list[tuple[str, int]]) -> FactType:
    tag, off = n[0], n[1]
    if tag == "c":
        v = n[2]
        return FactType("bool" if isinstance(v, bool) else "int" if isinstance(v, int) else "str")
    if tag == "n":
        if (t := facts.get(n[2])) is not None:
            return t
        close = difflib.get_close_matches(n[2], list(facts), n=1)
        out.append((f"unknown fact {n[2]!r}" + (f" (did you mean {close[0]!r}?)" if close else ""), off))
        return FactType("?")
    if tag == "if":
        return _kind_if(n, facts, out)
    if tag == "call" and n[2] == "matches":
        keywords = n[3][1]
        if (k := _kind(keywords, facts, out).kind) not in ("keywords", "?"):
            out.append((f"matches() needs a keywords fact second, but {_show(keywords)} is {k}", keywords[1]))
        return FactType("bool")
    spec: tuple[Any, str, str] | None = (
        (n[2], "bool", f"'{tag}'") if tag in ("and", "or") else ((n[2],), "bool", "'not'") if tag == "not"
        else ((n[2],), "int", "unary '-'") if tag == "neg" else ((n[3], n[4]), "int", f"'{n[2]}'")
        if tag == "bin" else (n[3], "int", f"{n[2]}()") if tag == "call" else None)
    if spec is not None:
        args, want, what = spec
        for arg in args:
            if (k := _kind(arg, facts, out).kind) not in (want, "?"):
                tip = " (to count a condition, write '1 if CONDITION else 0')" if (want, k) == ("int", "bool") else ""
                out.append((f"{what} needs {want} operands, but {_show(arg)} is {k}{tip}", arg[1]))
        return FactType(want)
    nodes = [n[2], *(r for _, r in n[3])]
    kinds = [_kind(x, facts, out) for x in nodes]
    for i, (op, _) in enumerate(n[3]):
        _check_cmp(op, (nodes[i], kinds[i]), (nodes[i + 1], kinds[i + 1]), out)
    return FactType("bool")


def _kind_if(n: _Node, facts: Mapping[str, FactType], out: list[tuple[str, int]]) -> FactType:
    """A conditional's condition is bool; both values have one type (an enum and its values' strings agree)."""
    if (k := _kind(n[2], facts, out).kind) not in ("bool", "?"):
        out.append((f"the condition after 'if' must be bool, but {_show(n[2])} is {k}", n[2][1]))
    then, otherwise = _kind(n[3], facts, out), _kind(n[4], facts, out)
    kinds = {then.kind, otherwise.kind}
    if "?" in kinds:
        return otherwise if then.kind == "?" else then
    if kinds == {"enum", "str"}:
        (en, enum), sn = ((n[3], then), n[4]) if then.kind == "enum" else ((n[4], otherwise), n[3])
        if sn[0] == "c" and sn[2] not in enum.values:
            out.append((f"{sn[2]!r} is not a value of {_show(en)} (one of: {', '.join(map(repr, enum.values))})",
                        sn[1]))
        return enum
    if len(kinds) > 1 or then.kind == "keywords":
        out.append((f"'if' needs both values of one type (int, bool or text), but {_show(n[3])} is {then.kind} "
                    f"and {_show(n[4])} is {otherwise.kind}", n[3][1]))
        return FactType("?")
    return then


def _show(n: _Node) -> str:
    return repr(n[2]) if n[0] in ("n", "c") else "its operand"


def _check_cmp(op: str, left: tuple[_Node, FactType], right: tuple[_Node, FactType],
               out: list[tuple[str, int]]) -> None:
    (ln, lt), (rn, rt) = left, right
    if op in ("in", "not in"):
        if rt.kind not in ("keywords", "?"):
            out.append((f"right side of '{op}' must be a keywords fact, but {_show(rn)} is {rt.kind}", rn[1]))
        if lt.kind not in ("str", "enum", "?"):
            out.append((f"left side of '{op}' must be a string, but {_show(ln)} is {lt.kind}", ln[1]))
        return
    kinds = {lt.kind, rt.kind}
    if "?" in kinds:
        return
    if op not in ("==", "!=") and kinds != {"int"}:
        out.append((f"'{op}' compares ints, not {lt.kind} and {rt.kind}", ln[1]))
    elif "keywords" in kinds:
        out.append(("keywords facts can only be used on the right of 'in'", ln[1]))
    elif kinds <= {"str", "enum"}:
        for (en, et), (sn, st) in (((ln, lt), (rn, rt)), ((rn, rt), (ln, lt))):
            if et.kind == "enum" and sn[0] == "c" and st.kind == "str" and sn[2] not in et.values:
                allowed = ", ".join(map(repr, et.values))
                out.append((f"{sn[2]!r} is not a value of {_show(en)} (one of: {allowed})", sn[1]))
    elif len(kinds) > 1:
        out.append((f"cannot compare {lt.kind} with {rt.kind} using '{op}'", ln[1]))


def check_expr(expr: Expr, facts: Mapping[str, FactType], expect: str | FactType) -> list[tuple[str, int]]:
    """Type-check against fact declarations; returns ``(message, offset)`` problems.

    ``expect`` is a kind (``"bool"``, ``"int"``) or, for an enum, its fact type:
    the texts the expression can give must then be among its values.

    Examples:
        >>> facts = {"shooter.moved": FactType("bool"), "shooter.bs": FactType("int")}
        >>> check_expr(parse_expr("shooter.movd"), facts, "bool")
        [("unknown fact 'shooter.movd' (did you mean 'shooter.moved'?)", 0)]
        >>> check_expr(parse_expr("7 - shooter.bs"), facts, "bool")
        [('expression is int, but bool is expected', 0)]
        >>> check_expr(parse_expr("1 if shooter.moved else shooter.bs"), facts, "int")
        []
        >>> check_expr(parse_expr("1 if shooter.bs else 0"), facts, "int")
        [("the condition after 'if' must be bool, but 'shooter.bs' is int", 5)]
        >>> check_expr(parse_expr("'heavy' if shooter.moved else 'light'"), facts, FactType("enum", ("heavy",)))
        [("'light' is not a value of the enum (one of: 'heavy')", 30)]
    """
    out: list[tuple[str, int]] = []
    kind = _kind(expr._tree, facts, out).kind
    want = expect.kind if isinstance(expect, FactType) else expect
    if want == "enum" and kind == "str" and isinstance(expect, FactType):
        allowed = ", ".join(map(repr, expect.values))
        out += [(f"{n[2]!r} is not a value of the enum (one of: {allowed})", n[1])
                for n in _leaves(expr._tree) if n[2] not in expect.values]
    elif kind not in (want, "?"):
        out.append((f"expression is {kind}, but {want} is expected", expr._tree[1]))
    return out


def children(n: _Node) -> tuple[_Node, ...]:
    """The sub-expressions of a tree node, whatever its shape.

    Examples:
        >>> [c[0] for c in children(parse_expr("max(2, min(6, a.x))")._tree)]
        ['c', 'call']
        >>> [c[0] for c in children(parse_expr("a.x < 3 <= b.y")._tree)]
        ['n', 'c', 'n']
    """
    tag = n[0]
    if tag in ("and", "or", "call"):
        return n[2] if tag != "call" else n[3]  # type: ignore[no-any-return]
    if tag in ("not", "neg"):
        return (n[2],)
    if tag == "bin":
        return (n[3], n[4])
    if tag == "cmp":
        return (n[2], *(right for _, right in n[3]))
    if tag == "if":
        return (n[2], n[3], n[4])
    return ()


def _leaves(n: _Node) -> list[_Node]:
    """The constants a text-valued expression can give (its conditionals' values)."""
    return [*_leaves(n[3]), *_leaves(n[4])] if n[0] == "if" else [n] if n[0] == "c" else []


def describe(expr: Expr) -> str:
    """The expression's text with whitespace normalised.

    Examples:
        >>> describe(parse_expr("a.x   and\\n  b.y"))
        'a.x and b.y'
    """
    return " ".join(expr.text.split())


def phrases(expr: Expr) -> tuple[str, ...]:
    """The keyword phrases an expression's ``matches()`` calls name.

    Examples:
        >>> phrases(parse_expr("a.x and matches('non-VEHICLE INFANTRY or MOUNTED unit', u.k)"))
        ('non-VEHICLE INFANTRY or MOUNTED unit',)
    """
    found: list[str] = []

    def walk(n: Any) -> None:
        if isinstance(n, tuple):
            if len(n) > 3 and n[0] == "call" and n[2] == "matches" and n[3][0][0] == "c":
                found.append(n[3][0][2])
            for part in n:
                walk(part)

    walk(expr._tree)
    return tuple(found)


def atoms(expr: Expr) -> list[Expr]:
    """The top-level conjuncts of an ``and`` (flattened), else ``[expr]``.

    Examples:
        >>> [a.text for a in atoms(parse_expr("a and (b and c or d) and (e and f)"))]
        ['a', 'b and c or d', 'e', 'f']
    """
    if expr._tree[0] != "and":
        return [expr]
    body, src, _ = _parse_ast(expr.text)

    def flat(n: ast.expr) -> Iterable[ast.expr]:
        if isinstance(n, ast.BoolOp) and isinstance(n.op, ast.And):
            for v in n.values:
                yield from flat(v)
        else:
            yield n
    return [parse_expr(ast.get_source_segment(src, n) or ast.unparse(n)) for n in flat(body)]

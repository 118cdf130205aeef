"""Compiled rulings: each quantity and reading of a loaded pack as one specialised function.

The engine (`solver.ask`, `solver.ruling.decide`) interprets a pack: it
derives the facts, then walks the quantity's rules evaluating each
expression's closures, then settles, applies the arithmetic and says what
counted. A compiled ruling does the first half as one generated Python
function per (quantity, reading): every derived fact, domain constraint and
rule condition inlined as straight-line code over local variables, Kleene
logic resolved where the facts are known to be there, and a quantity's rules
read once each. The second half is the engine's own `conclude`, kept per
*decision key*: which rules hold, and the values of the facts the amounts,
policies, base, target, limits and re-rolls read (with what the situation
says of the roll). Two situations with the same key have the same decision,
so a repeat costs a dictionary lookup; the derivation is built from the
decision and the situation's own facts only when it is read, by the engine's
own `explain_decision`.

Anything a compiled ruling does not handle it hands back (`None`): a fact
the situation leaves unknown where the ruling needs it (the engine then
branches into cases), a derived fact given directly (the engine checks it
can be produced), a broken constraint or an expression that raises (the
engine words the error), groups. The engine stays the reference, and
`tests/solver/test_compiled.py` checks the two agree on random situations of
every built-in pack and of random packs over the whole pack language.

Safety: packs come from strangers. The generated function is built only from
the checked expression tree (`kb.expr`), as `ast` nodes: a pack's fact names,
strings and numbers only ever become `ast.Constant` values (dictionary keys
and literals) or objects in the function's own namespace, never identifiers
or source text, and nothing a pack wrote is ever parsed, `eval`ed or
`exec`ed. The identifiers are the compiler's own (`f0`, `t1`, `K2`).
"""

from __future__ import annotations

import ast
import itertools
import types
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from kb.errors import RulingsError
from kb.expr import _CMP_FN, NON_REACH, UNKNOWN, Expr, _contains, _floordiv, _phrase
from kb.limits import MAX_INT
from kb.model import Modifier, Pack, Quantity
from solver.consistent import facts_behind
from solver.derivation import Node
from solver.facts import _plural_forms, derive_facts
from solver.ruling import (
    Decision,
    NeedFacts,
    Ruling,
    _automatic,
    _Made,
    _plan,
    adhoc_modifiers,
    conclude,
    explain_made,
    made_parts,
)
from solver.situation import Situation

T = TypeVar("T")

MEMO_SIZE = 20_000
"""Decisions kept per compiled ruling before the memo starts afresh (a search asks many situations)."""


class _GiveUp(Exception):
    """Raised by generated code where the engine's answer needs more than the compiled code does (a conditional
    whose condition is unknown, a product beyond the bounds): the engine then makes the ruling."""


_FALLBACK = (_GiveUp, RulingsError, NeedFacts, ArithmeticError, TypeError, ValueError, KeyError, AttributeError,
             RecursionError, MemoryError)
"""What a compiled ruling hands back to the engine instead of raising: the engine raises it with its words."""


class Unsupported(Exception):
    """A construct the compiler does not handle: the engine answers every ruling of that quantity."""


def compiled(pack: Pack, quantity: str, reading: Mapping[str, str]) -> Compiled | None:
    """The compiled ruling of `quantity` under `reading` (built on first use, kept in `pack.index`), or None
    where the quantity cannot be compiled."""
    key = ("compiled", quantity, tuple(reading.items()))
    found = pack.index.get(key)
    if isinstance(found, Compiled):
        return found
    if found is False:  # the compiler cannot compile it: the engine makes every ruling
        return None
    try:
        made = Compiled(pack, pack.quantities[quantity], dict(reading))
    except (Unsupported, RecursionError, MemoryError):
        pack.index[key] = False
        return None
    pack.index[key] = made
    pack.index.setdefault(("compiled readings", quantity), []).append(key)
    return made


class Compiled:
    """One quantity under one reading, compiled: `ruling(situation)` is the engine's ruling, or None.

    `run(situation)` is the generated function itself (it may raise where the engine would: `ruling` hands those
    back as None). `source` is the `ast` module it was compiled from, for reading it (`ast.unparse`).
    """

    __slots__ = ("decisions", "explained", "explainer", "explains", "given_derived", "modifiers", "pack", "plan", "q",
                 "reading", "run", "source")

    def __init__(self, pack: Pack, q: Quantity, reading: dict[str, str]) -> None:
        self._start(pack, q, reading)
        self.explains = tuple(sorted(_explanation_reads(pack, q, self.plan)))
        self.run, self.source = _Compiler(pack, q, self.plan, reading).build(self)

    def _start(self, pack: Pack, q: Quantity, reading: dict[str, str]) -> None:
        """Its pack, quantity, reading and plan, with empty memos: all but the generated function."""
        self.pack, self.q, self.reading = pack, q, reading
        self.plan = _plan(pack, q, reading)
        self.modifiers: tuple[Modifier, ...] = self.plan.modifiers
        self.decisions: dict[Any, Kept] = {}
        self.explained: dict[Any, Node] = {}
        self.given_derived: Callable[[Situation], Ruling | None] | None = None
        self.explainer = self.explain  # bound once: each ruling holds it with its arguments, to word it when read

    def hooks(self) -> dict[str, Callable[..., Any]]:
        """What the generated function calls back, by the names it calls them: the memo of decisions, the engine's
        decision of a key it does not hold, the ruling of a decision, an automatic result, a derived fact given."""
        return {"Memo": self.decisions.get, "Decide": self.decide, "Make": self.make, "Automatic": self.automatic,
                "Derived": self.with_derived_given}

    def without(self, pack: Pack, rule: str) -> Compiled:
        """This ruling for `pack`, a copy of this one's pack in which `rule` never holds (its condition alone
        changed, `solver.ruling.plans_when_changed`): the same generated function, with the rule's truth made
        false in each decision key before the decision is looked up or made, so checking thousands of rules one
        at a time (`solver.space.check`) compiles nothing again."""
        made = object.__new__(Compiled)
        made._start(pack, self.q, self.reading)
        made.explains, made.source = self.explains, self.source
        hooks = made.hooks()
        names = [m.name for m in self.modifiers]
        if rule in names:  # else a rule of another reading: this one's rulings are the same
            at = names.index(rule)  # the same place in both plans

            def off(key: tuple[Any, ...]) -> tuple[Any, ...]:
                return (*key[:at], False, *key[at + 1:])

            memo, decide = made.decisions.get, made.decide  # (`Make` keeps the key: a derivation reads the decision)
            hooks.update(Memo=lambda key: memo(off(key)), Decide=lambda s, v, key: decide(s, v, off(key)))
        made.run = types.FunctionType(self.run.__code__, {**self.run.__globals__, **hooks})
        return made

    def release(self) -> None:
        """Let this ruling go: its generated function and its bound `explain` refer back to it, a cycle only
        Python's collector would free. It answers nothing after."""
        del self.run, self.explainer
        self.given_derived = None

    def worded(self, word: Callable[[Ruling], T]) -> Callable[[Situation], Ruling | T | None]:
        """A function like `ruling` that answers `word(ruling)` instead of a ruling made from a decision, worked out
        once per decision and kept (for what no situation changes in a ruling of that decision: a batch keeps its
        JSON text without the explanation). A ruling made otherwise (an automatic result, a derived fact given) is
        answered as it is; None where the engine must make it."""
        words: dict[int, tuple[Kept, T]] = {}
        make = self.make

        def made(situation: Situation, values: Mapping[str, Any], kept: Kept, key: tuple[Any, ...]) -> T:
            found = words.get(id(kept))
            if found is None:  # each word is held with its decision, so no other decision takes that id
                if len(words) >= MEMO_SIZE:
                    words.clear()
                found = words[id(kept)] = (kept, word(make(situation, values, kept, key)))
            return found[1]

        run = types.FunctionType(self.run.__code__, {**self.run.__globals__, "Make": made})

        def answer(situation: Situation) -> Ruling | T | None:
            try:
                return run(situation)  # type: ignore[no-any-return]
            except _FALLBACK:
                return None

        return answer

    def ruling(self, situation: Situation) -> Ruling | None:
        """The ruling in `situation`, exactly as `solver.ask` makes it, or None: the engine must make it."""
        try:
            return self.run(situation)  # type: ignore[no-any-return]
        except _FALLBACK:
            return None

    def decide(self, situation: Situation, values: Mapping[str, Any], key: tuple[Any, ...]) -> Kept | None:
        """The engine's decision for a key the memo does not hold yet, kept under it with its ruling's fields
        (`Kept`); None where the engine must make the ruling (it raises, or needs a fact the situation does not
        give)."""
        holding = [m for m, holds in zip(self.modifiers, key, strict=False) if holds]
        failed = [m for m, holds in zip(self.modifiers, key, strict=False) if not holds]
        modifiers: Sequence[Modifier] = self.modifiers
        try:
            if self.q.effects:
                adhoc = adhoc_modifiers(self.q, situation)
                modifiers = [*modifiers, *adhoc]
                holding += adhoc  # an effect in play always holds
            decision = conclude(self.pack, self.q, situation, values, self.plan, modifiers, holding, failed)
        except _FALLBACK:
            return None
        if len(self.decisions) >= MEMO_SIZE:
            self.decisions.clear()
        kept = self.decisions[key] = (decision, *made_parts(self.pack, self.q, decision))
        return kept

    def with_derived_given(self, situation: Situation) -> Ruling | None:
        """The ruling of a situation that gives a derived fact directly (or a name that is no base fact): its facts
        are the engine's own (`solver.facts.derive_facts`, which checks the derived facts given can be produced,
        and raises where they cannot), then read by a second function compiled for them (built on first use)."""
        if self.given_derived is None:
            self.given_derived, _ = _Compiler(self.pack, self.q, self.plan, self.reading, from_values=True).build(self)
        return self.given_derived(situation)

    def automatic(self, situation: Situation, values: Mapping[str, Any]) -> Ruling:
        """The ruling of a roll that is not made (`automatic` holds)."""
        return _automatic(self.pack, self.q, values, situation)

    def make(self, situation: Situation, values: Mapping[str, Any], kept: Kept, key: tuple[Any, ...]) -> Ruling:
        """The ruling of a decision in this situation (`solver.ruling.made`), its derivation kept (`explain`)."""
        decision, head, tail = kept
        return _Made(head, (self.explainer, situation, values, decision, key), tail, values)  # type: ignore[return-value]

    def explain(self, situation: Situation, values: Mapping[str, Any], decision: Decision,
                key: tuple[Any, ...]) -> Node:
        """The derivation of a decision (`solver.ruling.explain_made`), kept by what it reads: the decision's key
        and every fact the quantity's expressions read (a derived fact is never given on this path)."""
        try:
            seen = (key, tuple([values.get(n, UNKNOWN) for n in self.explains]))
            node = self.explained.get(seen)
        except TypeError:  # an unhashable value: worded afresh
            return explain_made(self.pack, self.q, situation, values, decision)
        if node is None:
            node = explain_made(self.pack, self.q, situation, values, decision)
            if len(self.explained) >= MEMO_SIZE:
                self.explained.clear()
            self.explained[seen] = node
        return node


Kept = tuple[Decision, tuple[Any, ...], tuple[Any, ...]]
"""A decision as the memo keeps it, with its ruling's fields that no situation changes (`made_parts`)."""

SITUATION_KEYS = ("base", "roll", "target", "reroll", "unmodified", "reroll_for", "weapons", "effects", "ignore")
"""What a situation says besides its facts that a decision depends on (its roll, its effects, ...)."""


# -- the compiler ------------------------------------------------------------------------------------------------


def _load(name: str) -> ast.Name:
    return ast.Name(name, ast.Load())


def _store(name: str) -> ast.Name:
    return ast.Name(name, ast.Store())


def _located(tree: ast.Module) -> ast.Module:
    """`tree` with every node at line 1, column 0 (`compile` wants a place for each; none was ever parsed): what
    `ast.fix_missing_locations` does, in a plain loop rather than a generic recursive walk, which took most of the time
    of compiling a quantity of many rules."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if node._attributes:  # statements, expressions, arguments...: those with a place
            node.lineno = node.end_lineno = 1  # type: ignore[attr-defined]
            node.col_offset = node.end_col_offset = 0  # type: ignore[attr-defined]
        for name in node._fields:
            child = getattr(node, name, None)
            if isinstance(child, ast.AST):
                stack.append(child)
            elif isinstance(child, list):
                stack.extend(c for c in child if isinstance(c, ast.AST))
    return tree


def _assign(name: str, value: ast.expr) -> ast.Assign:
    return ast.Assign([_store(name)], value)


def _is(a: ast.expr, b: ast.expr) -> ast.Compare:
    return ast.Compare(a, [ast.Is()], [b])


def _is_not(a: ast.expr, b: ast.expr) -> ast.Compare:
    return ast.Compare(a, [ast.IsNot()], [b])


def _call(fn: ast.expr, *args: ast.expr) -> ast.Call:
    return ast.Call(fn, list(args), [])


_COMPARE = {"==": ast.Eq, "!=": ast.NotEq, "<": ast.Lt, "<=": ast.LtE, ">": ast.Gt, ">=": ast.GtE}
_ARITH = {"+": ast.Add, "-": ast.Sub}


def _chain(ops: tuple[str, ...], operands: tuple[Any, ...]) -> Any:
    """A chained comparison (`1 < a <= 3`), as `kb.expr` evaluates it: False at the first that fails, else
    unknown if any operand is."""
    a, unknown = operands[0], False
    for op, b in zip(ops, operands[1:], strict=True):
        if a is UNKNOWN or b is UNKNOWN:
            unknown = True
        elif not _CMP_FN[op](a, b):
            return False
        a = b
    return UNKNOWN if unknown else True


class _Compiler:
    """Builds `ruling(situation) -> Ruling | None` for one quantity under one reading.

    The function works out the situation's facts (defaults, given, derived, as `solver.facts.derive_facts` gives
    them) and its decision key: whether each rule of the plan holds, the values of every fact the rest of the
    ruling reads, and what the situation says of its roll and effects. It returns None, or raises, where the
    engine must make the ruling (an unknown fact it needs, a derived fact given, a constraint broken, an
    expression that cannot be worked out).
    """

    def __init__(self, pack: Pack, q: Quantity, plan: Any, reading: Mapping[str, str],
                 from_values: bool = False) -> None:
        self.pack, self.q, self.plan, self.from_values = pack, q, plan, from_values
        self.whole_list = any(reading.get(r.name) == "whole_list" for r in pack.readings.values()
                              if r.decides == "non_reach")
        self.namespace: dict[str, Any] = {"U": UNKNOWN, "GiveUp": _GiveUp}
        self.constants: dict[Any, str] = {}
        self.counter = itertools.count()
        self.locals: dict[str, str] = {}  # fact name -> its local variable
        self.maybe_unknown: set[str] = set()  # locals that may hold UNKNOWN

    # - names and constants

    def const(self, value: Any) -> ast.expr:
        """A value in the generated function's namespace (a pack's value becomes data, never code)."""
        if type(value) in (bool, int, str) or value is None:
            return ast.Constant(value)
        key = (type(value), id(value))
        name = self.constants.get(key)  # type: ignore[call-overload]
        if name is None:
            name = self.constants[key] = f"K{next(self.counter)}"  # type: ignore[index]
            self.namespace[name] = value
        return _load(name)

    def temp(self) -> str:
        return f"t{next(self.counter)}"

    # - expressions

    def expr(self, node: tuple[Any, ...], out: list[ast.stmt], whole_list: bool) -> tuple[ast.expr, bool]:
        """Statements into `out` that compute `node`; returns a simple expression (a name or constant) holding
        its value, and whether that value may be UNKNOWN."""
        tag = node[0]
        if tag == "c":
            constant = node[2]
            if type(constant) not in (bool, int, str):
                raise Unsupported(f"constant {type(constant).__name__}")
            return ast.Constant(constant), False
        if tag == "n":
            name = node[2]
            local = self.locals.get(name)
            if local is None:
                raise Unsupported(f"a name that is not a fact: {name!r}")
            return _load(local), local in self.maybe_unknown
        if tag in ("and", "or"):
            return self.boolean(node[2], tag == "or", out, whole_list)
        if tag in ("not", "neg"):
            x, unknown = self.expr(node[2], out, whole_list)
            value: ast.expr = ast.UnaryOp(ast.Not() if tag == "not" else ast.USub(), x)
            return self.guarded(value, [x] if unknown else [], out), unknown
        if tag == "bin":
            a, ua = self.expr(node[3], out, whole_list)
            b, ub = self.expr(node[4], out, whole_list)
            op = node[2]
            if op in _ARITH:
                value = ast.BinOp(a, _ARITH[op](), b)
            elif op == "*":  # a product within 10^36, as kb.expr bounds it (beyond: the engine says so)
                product = self.guarded(ast.BinOp(a, ast.Mult(), b), [x for x, u in ((a, ua), (b, ub)) if u], out)
                big = ast.UnaryOp(ast.Not(), ast.Compare(ast.Constant(-MAX_INT**2), [ast.LtE(), ast.LtE()],
                                                         [product, ast.Constant(MAX_INT**2)]))
                test = big if not (ua or ub) else ast.BoolOp(ast.And(), [_is_not(product, _load("U")), big])
                out.append(ast.If(test, [ast.Raise(_load("GiveUp"))], []))
                return product, ua or ub
            elif op == "//":
                value = _call(self.const(_floordiv), a, b)
            else:
                raise Unsupported(f"operator {op!r}")
            return self.guarded(value, [x for x, u in ((a, ua), (b, ub)) if u], out), ua or ub
        if tag == "cmp":
            return self.compare(node, out, whole_list)
        if tag == "if":
            return self.conditional(node, out, whole_list)
        if tag == "call":
            return self.call(node, out, whole_list)
        raise Unsupported(f"expression {tag!r}")

    def guarded(self, value: ast.expr, unknowns: list[ast.expr], out: list[ast.stmt]) -> ast.expr:
        """`value` in a temporary, or UNKNOWN when any of `unknowns` is (as `kb.expr` propagates it)."""
        t = self.temp()
        if unknowns:
            test: ast.expr = (_is(unknowns[0], _load("U")) if len(unknowns) == 1
                              else ast.BoolOp(ast.Or(), [_is(u, _load("U")) for u in unknowns]))
            value = ast.IfExp(test, _load("U"), value)
        out.append(_assign(t, value))
        return _load(t)

    def boolean(self, operands: Sequence[tuple[Any, ...]], stop: bool, out: list[ast.stmt],
                whole_list: bool) -> tuple[ast.expr, bool]:
        """`and` (stop at False) or `or` (stop at True), Kleene: operands are read in order up to the first that
        decides; an unknown one makes the answer unknown unless a later one decides."""
        t = self.temp()
        flags: list[ast.expr] = []
        any_unknown = False
        block = out
        for operand in operands:
            x, unknown = self.expr(operand, block, whole_list)
            decides: ast.expr = x if stop else ast.UnaryOp(ast.Not(), x)
            if unknown:
                any_unknown = True
                flags.append(_is(x, _load("U")))
                decides = ast.BoolOp(ast.And(), [_is_not(x, _load("U")), decides])
            rest: list[ast.stmt] = []
            block.append(ast.If(decides, [_assign(t, ast.Constant(stop))], rest))
            block = rest
        if any_unknown:
            test = flags[0] if len(flags) == 1 else ast.BoolOp(ast.Or(), flags)
            block.append(_assign(t, ast.IfExp(test, _load("U"), ast.Constant(not stop))))
        else:
            block.append(_assign(t, ast.Constant(not stop)))
        return _load(t), any_unknown

    def compare(self, node: tuple[Any, ...], out: list[ast.stmt], whole_list: bool) -> tuple[ast.expr, bool]:
        first, rest = node[2], node[3]
        operands = [self.expr(first, out, whole_list), *(self.expr(r, out, whole_list) for _, r in rest)]
        ops = tuple(op for op, _ in rest)
        unknown = any(u for _, u in operands)
        if len(ops) > 1:
            t = self.temp()
            out.append(_assign(t, _call(self.const(_chain), ast.Tuple([ast.Constant(op) for op in ops], ast.Load()),
                                        ast.Tuple([x for x, _ in operands], ast.Load()))))
            return _load(t), unknown
        (a, ua), (b, ub) = operands
        op = ops[0]
        if op in _COMPARE:
            value: ast.expr = ast.Compare(a, [_COMPARE[op]()], [b])
        elif op == "in":
            value = _call(self.const(_contains), a, b)
        elif op == "not in":
            value = ast.UnaryOp(ast.Not(), _call(self.const(_contains), a, b))
        else:
            raise Unsupported(f"comparison {op!r}")
        return self.guarded(value, [x for x, u in ((a, ua), (b, ub)) if u], out), unknown

    def conditional(self, node: tuple[Any, ...], out: list[ast.stmt], whole_list: bool) -> tuple[ast.expr, bool]:
        """`a if c else b`, the branch not taken never read; an unknown condition is left to the engine (which may
        still decide it when both values agree)."""
        c, unknown = self.expr(node[2], out, whole_list)
        t = self.temp()
        if unknown:
            out.append(ast.If(_is(c, _load("U")), [ast.Raise(_load("GiveUp"))], []))
        then: list[ast.stmt] = []
        a, ua = self.expr(node[3], then, whole_list)
        then.append(_assign(t, a))
        otherwise: list[ast.stmt] = []
        b, ub = self.expr(node[4], otherwise, whole_list)
        otherwise.append(_assign(t, b))
        out.append(ast.If(c, then, otherwise))
        return _load(t), ua or ub

    def call(self, node: tuple[Any, ...], out: list[ast.stmt], whole_list: bool) -> tuple[ast.expr, bool]:
        name, args = node[2], node[3]
        if name == "matches":
            phrase, keywords = args
            if phrase[0] != "c" or not isinstance(phrase[2], str):
                raise Unsupported("matches() with a phrase that is not written")
            parsed = _phrase(phrase[2])
            if whole_list:
                parsed = parsed.whole_list()
            x, unknown = self.expr(keywords, out, whole_list)
            value: ast.expr = _call(ast.Attribute(self.const(parsed), "matches_keywords", ast.Load()), x)
            return self.guarded(value, [x] if unknown else [], out), unknown
        builtin = {"min": min, "max": max, "abs": abs}.get(name)
        if builtin is None:
            raise Unsupported(f"function {name!r}")
        xs = [self.expr(a, out, whole_list) for a in args]
        value = _call(self.const(builtin), *(x for x, _ in xs))
        return self.guarded(value, [x for x, u in xs if u], out), any(u for _, u in xs)

    # - the function

    def trees(self) -> list[tuple[Any, ...]]:
        """Every expression the function evaluates."""
        pack, q = self.pack, self.q
        exprs = [pack.facts[n].derive for n in pack.order] + [c.require for c in pack.constraints.values()]
        exprs += [q.automatic, *(m.when for m in self.plan.modifiers)]
        return [e._tree for e in exprs if e is not None]

    def build(self, owner: Compiled) -> tuple[Callable[[Situation], Ruling | None], ast.Module]:
        """The function, and the `ast` module it was compiled from."""
        self.namespace.update(owner.hooks())
        body: list[ast.stmt] = [ast.If(ast.Attribute(_load("situation"), "groups", ast.Load()),
                                       [ast.Return(ast.Constant(None))], []),
                                _assign("given", ast.Attribute(_load("situation"), "given", ast.Load()))]
        self.facts(body)
        self.rules(body)
        function = ast.FunctionDef("ruling", ast.arguments([], [ast.arg("situation")], None, [], [], None, []),
                                   body, [], None)
        module = _located(ast.Module([function], []))
        code = compile(module, "<compiled ruling>", "exec")  # the ast built here: no text is parsed
        exec(code, self.namespace)  # defines `ruling` in the namespace of its constants
        return self.namespace.pop("ruling"), module  # (not kept there: it and its namespace would make a cycle)

    def facts(self, body: list[ast.stmt]) -> None:
        """The situation's facts, as `solver.facts.derive_facts` gives them (None where it would do more)."""
        pack = self.pack
        if self.from_values:
            self.facts_given(body)
            return
        base = frozenset(n for n, f in pack.facts.items() if f.derive is None)
        # a derived fact given directly: the engine's facts, read by a function compiled for them
        body.append(ast.If(ast.UnaryOp(ast.Not(), _call(ast.Attribute(self.const(base), "issuperset",
                                                                       ast.Load()), _load("given"))),
                           [ast.Return(_call(_load("Derived"), _load("situation")))], []))
        defaults = {n: f.default for n, f in pack.facts.items() if f.default is not None and f.derive is None}
        body.append(_assign("values", ast.Dict([None, None], [self.const(defaults), _load("given")])))  # {**d, **g}
        if pack.plurals:
            body.append(ast.Expr(_call(self.const(_plural_forms), self.const(pack), _load("values"))))
        read = _read_by(self.trees())
        for name, fact in pack.facts.items():  # every base fact the function reads, read once
            if fact.derive is not None or name not in read:
                continue
            local = self.locals[name] = f"f{next(self.counter)}"
            if name in defaults:
                body.append(_assign(local, ast.Subscript(_load("values"), ast.Constant(name), ast.Load())))
            else:
                self.maybe_unknown.add(local)
                body.append(_assign(local, _call(ast.Attribute(_load("values"), "get", ast.Load()),
                                                 ast.Constant(name), _load("U"))))
        for name in pack.order:  # derived facts, in the order they can be computed, read as the engine reads them
            fact = pack.facts[name]
            assert fact.derive is not None
            x, unknown = self.expr(fact.derive._tree, body, False)
            local = self.locals[name] = f"f{next(self.counter)}"
            body.append(_assign(local, x))
            store = ast.Assign([ast.Subscript(_load("values"), ast.Constant(name), ast.Store())], _load(local))
            if not unknown:
                body.append(store)
                continue
            # unknown: the engine asks which values its unknown inputs can still produce (`_Settle`)
            self.maybe_unknown.add(local)
            body.append(ast.If(_is(_load(local), _load("U")), [
                _assign(local, _call(self.const(_Settle(pack, name)), _load("given"), _load("values")))], []))
            body.append(ast.If(_is_not(_load(local), _load("U")), [store], []))
        for constraint in pack.constraints.values():  # one the situation breaks: the engine says which
            x, _ = self.expr(constraint.require._tree, body, False)
            body.append(ast.If(_is(x, ast.Constant(False)), [ast.Return(ast.Constant(None))], []))

    def facts_given(self, body: list[ast.stmt]) -> None:
        """The facts of a situation that gives a derived fact: the engine's (`derive_facts`), each read as it is
        (any of them may be unknown: the inputs of a derived fact given are free, their defaults do not apply)."""
        pack = self.pack
        body.append(_assign("values", _call(self.const(derive_facts), self.const(pack), _load("given"))))
        read = _read_by(self.trees())
        for name, fact in pack.facts.items():
            if fact.derive is None and name not in read:
                continue
            local = self.locals[name] = f"f{next(self.counter)}"
            self.maybe_unknown.add(local)
            body.append(_assign(local, _call(ast.Attribute(_load("values"), "get", ast.Load()), ast.Constant(name),
                                             _load("U"))))
        # which derived facts were given: the derivation says so (`solver.facts.condition_key`), so it is in the key
        derived = frozenset(n for n, f in pack.facts.items() if f.derive is not None)
        body.append(_assign("marked", _call(ast.Attribute(self.const(derived), "intersection", ast.Load()),
                                            _load("given"))))

    def rules(self, body: list[ast.stmt]) -> None:
        """Which rules hold and what the rest of the ruling reads: the decision key, its decision, the ruling."""
        pack, q, plan = self.pack, self.q, self.plan
        if self.whole_list:  # how matches() reads a rule's keyword phrases under this reading
            body.append(ast.Assign([ast.Subscript(_load("values"), ast.Constant(NON_REACH), ast.Store())],
                                   ast.Constant("whole_list")))
        if q.automatic is not None:
            a, unknown = self.expr(q.automatic._tree, body, self.whole_list)
            if unknown:
                body.append(ast.If(_is(a, _load("U")), [ast.Return(ast.Constant(None))], []))
            body.append(ast.If(a, [ast.Return(_call(_load("Automatic"), _load("situation"),
                                                    _load("values")))], []))
        if q.passes is not None:  # a target reading a fact not given: the engine works it out where the situation can
            for name in sorted(q.passes.names & pack.facts.keys()):
                known = _call(ast.Attribute(_load("values"), "get", ast.Load()), ast.Constant(name), _load("U"))
                body.append(ast.If(_is(known, _load("U")), [ast.Return(ast.Constant(None))], []))
        key: list[ast.expr] = []
        for m in plan.modifiers:  # whether each rule holds
            h, unknown = self.expr(m.when._tree, body, self.whole_list)
            if unknown:
                body.append(ast.If(_is(h, _load("U")), [ast.Return(ast.Constant(None))], []))
            key.append(h)  # its truth: the engine asks only whether it holds (1 and True are one key)
        for name in sorted(_decision_reads(pack, q, plan)):  # and what the rest of the ruling reads
            local = self.locals.get(name)
            key.append(_load(local) if local is not None else _call(
                ast.Attribute(_load("values"), "get", ast.Load()), ast.Constant(name), _load("U")))
        key += [ast.Attribute(_load("situation"), name, ast.Load()) for name in SITUATION_KEYS]
        if self.from_values:
            key.append(_load("marked"))
        # the decision of this key (the memo's, else the engine's), and the ruling of it in this situation
        body.append(_assign("key", ast.Tuple(key, ast.Load())))
        body.append(_assign("decision", _call(_load("Memo"), _load("key"))))
        body.append(ast.If(_is(_load("decision"), ast.Constant(None)), [
            _assign("decision", _call(_load("Decide"), _load("situation"), _load("values"), _load("key"))),
            ast.If(_is(_load("decision"), ast.Constant(None)), [ast.Return(ast.Constant(None))], [])], []))
        body.append(ast.Return(_call(_load("Make"), _load("situation"), _load("values"),
                                     _load("decision"), _load("key"))))


class _Settle:
    """What `solver.facts.derive_facts` makes of a derived fact its inputs leave unknown: the one value they can
    still produce (among the situation's given facts and the domain constraints), unknown when they can produce
    several or it cannot prove which, a contradiction (the engine's to word) when they can produce none.

    It depends only on the given facts its question reaches (`solver.consistent.producible`): kept by them.
    """

    __slots__ = ("kept", "name", "pack", "reach")

    def __init__(self, pack: Pack, name: str) -> None:
        from solver.consistent import _constraint_reads, inputs

        reach = set(inputs(pack, name))
        grown = True
        while grown:  # as producible reaches: through the domain constraints (no derived fact is given here)
            grown = False
            for reads in _constraint_reads(pack):
                if reads & reach and not reads <= reach:
                    reach |= reads
                    grown = True
        self.pack, self.name, self.reach = pack, name, tuple(sorted(reach))
        self.kept: dict[tuple[Any, ...], Any] = {}

    def __call__(self, given: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
        key = tuple([given.get(n, _ABSENT) for n in self.reach])
        found = self.kept.get(key, _ABSENT)
        if found is _ABSENT:
            found = self.kept[key] = self._settle(given, values)
            if len(self.kept) > MEMO_SIZE:
                self.kept.clear()
        if found is _NONE:
            raise _GiveUp  # no value: the engine says which constraint or fact contradicts
        return found

    def _settle(self, given: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
        from solver.consistent import Coverage, inputs, producible

        pack, name = self.pack, self.name
        coverage = Coverage(deadline=None)
        settled = producible(pack, [name], given, coverage=coverage)
        if not coverage.exhaustive or any(not pack.facts[n].domain and n not in values for n in inputs(pack, name)):
            return UNKNOWN
        if len(settled) == 1:
            return next(iter(settled))[0]
        return _NONE if not settled else UNKNOWN


def _explanation_reads(pack: Pack, q: Quantity, plan: Any) -> set[str]:
    """Every fact a derivation of `q` can read: those its expressions read, and those behind each derived one."""
    exprs: list[Expr | None] = [q.base, q.passes, q.automatic, *(r.when for r in q.rerolls)]
    for m in plan.modifiers:
        exprs += [m.when, m.amount, m.per]
    for e in [*exprs, *(p.when for p in plan.policies)]:
        if e is not None:
            exprs += [condition for condition, _ in pack.row_cites.get(e.text, ())]
    return facts_behind(pack, [n for e in exprs if e is not None for n in e.names])


_ABSENT = object()
_NONE = object()


def _decision_reads(pack: Pack, q: Quantity, plan: Any) -> set[str]:
    """Every fact `solver.ruling.conclude` reads: the rules' amounts (and their tables' cited rows), the policies'
    conditions and limits, the base, the target and the re-rolls' conditions."""
    exprs: list[Expr | None] = [q.base, q.passes, *(r.when for r in q.rerolls)]
    for m in plan.modifiers:
        exprs += [m.amount, m.per]
        for e in (m.amount, m.per):
            exprs += [condition for condition, _ in pack.row_cites.get(e.text, ())] if e is not None else []
    for p in plan.policies:
        exprs += [p.when, p.min, p.max]
    return {n for e in exprs if e is not None for n in e.names if n in pack.facts}


def _read_by(trees: Sequence[tuple[Any, ...]]) -> set[str]:
    """The fact names the expression trees read."""
    from kb.expr import children

    out: set[str] = set()
    todo = list(trees)
    while todo:
        node = todo.pop()
        if node[0] == "n":
            out.add(node[2])
        todo += children(node)
    return out

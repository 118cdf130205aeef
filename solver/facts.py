"""Facts of a situation: defaults, derived facts, domain constraints, and why a condition held.

Unknown facts stay absent from the values, so expressions that read them
evaluate to `UNKNOWN` (Kleene logic) and the ruling can branch on them.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from functools import cache, lru_cache
from typing import Any, TypeVar

from kb.errors import Contradiction
from kb.expr import UNKNOWN, Expr, atoms, evaluate
from kb.model import Pack
from solver.derivation import Node

T = TypeVar("T")


def derive_facts(pack: Pack, given: Mapping[str, Any]) -> dict[str, Any]:
    """The situation's fact values: given, defaults, then derived facts in dependency order.

    A derived fact the situation gives must be one its inputs can produce: its
    given inputs, and its other inputs over every value they can take (they
    are free: giving "in hard cover" says nothing of what the inputs are).
    A derived fact the situation leaves undecided gets the one value its
    inputs can still produce, when there is only one.

    Raises:
        Contradiction: a derived fact given directly that its inputs cannot produce,
            or a situation that breaks a domain constraint of the pack.
    """
    assumed: frozenset[str] = getattr(given, "assumed", frozenset())  # a case's: nobody gave them, they free nothing
    given_derived = [n for n in given if pack.facts[n].derive is not None and n not in assumed]
    if given_derived:
        from solver.consistent import defaults_apply  # only when a derived fact needs it

        values = defaults_apply(pack, {n: v for n, v in given.items() if n not in assumed})
    else:
        defaults = pack.index.get(("defaults", ""))
        if defaults is None:
            defaults = pack.index["defaults", ""] = {n: f.default for n, f in pack.facts.items()
                                                     if f.default is not None and f.derive is None}
        values = defaults.copy()
    values.update(given)
    if pack.plurals:  # a pack's irregular plurals: each keyword in both forms, for matches() in its expressions
        _plural_forms(pack, values)
    for name in pack.order:
        fact = pack.facts[name]
        assert fact.derive is not None
        derived = evaluate(fact.derive, values)
        if name in given:
            from solver.consistent import consistent, inputs

            kept = {}  # an assumed value must come from the inputs' defaults, as the situation has them
            if name in assumed:
                kept = {n: values[n] for n in inputs(pack, name) if n in values and n not in given}
            if derived is UNKNOWN and consistent(pack, {**kept, **{n: given[n] for n in given if n == name or
                                                                   pack.facts[n].derive is None}}):
                continue
            if derived != given[name]:
                known = sorted(n for n in fact.derive.names if n in values)
                shown = ", ".join(f"{n} = {_show(values[n])}" + ("" if n in given else " (its default)")
                                  for n in known)
                if derived is UNKNOWN:
                    free = sorted(n for n in inputs(pack, name) if n not in values)
                    shown = f"no value of {', '.join(free)}" + (f" with {shown}" if shown else "")
                raise Contradiction(
                    f"{name} is given as {_show(given[name])}, but {shown} "
                    + (f"derive {_show(derived)}" if derived is not UNKNOWN else "derives it"),
                    hint=f"{name} is derived from: {fact.derive.text}; give either it or its inputs",
                    facts=(name, *known),
                )
        elif derived is not UNKNOWN:
            values[name] = derived
        else:
            from solver.consistent import Coverage, inputs, producible

            coverage = Coverage()
            settled = producible(pack, [name], given, coverage=coverage)
            if not coverage.exhaustive or any(not pack.facts[n].domain and n not in values
                                              for n in inputs(pack, name)):
                continue  # not proven: the ruling branches on it instead
            if len(settled) == 1:  # every value its unknown inputs can take derives the same
                values[name] = next(iter(settled))[0]
            elif not settled:
                _check_constraints(pack, values, given)  # a constraint the situation breaks outright is what to name
                raise Contradiction(f"no value of the facts behind {name} is consistent with this situation",
                                    hint=f"{name} is derived from: {fact.derive.text}", facts=(name,))
    _check_constraints(pack, values, given)
    return values


def _check_constraints(pack: Pack, values: Mapping[str, Any], given: Mapping[str, Any]) -> None:
    """Raise the contradiction of the first domain constraint `values` break (one they leave unknown holds), naming
    its facts as the situation gave them (a unit's keywords without the plural forms added to read them), and
    those it did not give as its defaults or derived."""
    for constraint in pack.constraints.values():
        if evaluate(constraint.require, values) is False:
            names = [n for n in sorted(constraint.require.names) if n in values]
            origin = {n: "derived" if pack.facts[n].derive is not None else "its default" for n in names}
            shown = "; ".join(part for part in (
                ", ".join(f"{n} = {_show(_as_given(given[n]))}" for n in names if n in given),
                ", ".join(f"{n} = {_show(values[n])} ({origin[n]})" for n in names if n not in given)) if part)
            cite = f" ({constraint.cite})" if constraint.cite else ""
            raise Contradiction(
                f"this situation breaks the constraint {constraint.name!r}: "
                f"{constraint.text or constraint.require.text}"
                f"{cite}; {'given ' if any(n in given for n in names) else ''}{shown}",
                hint=f"requires: {constraint.require.text}",
                facts=sorted(n for n in constraint.require.names if n in values),
            )


def explain_condition(
    pack: Pack, expr: Expr, values: Mapping[str, Any], given: Container[str], want: bool
) -> tuple[Node, ...]:
    """Why `expr` came out `want`: the atoms that decided it, traced through derived facts.

    Nodes are immutable, so the same explanation for the same relevant facts is
    built once per pack and shared (rulings are made thousands of times a second).
    """
    key = ("condition", expr.text, want, condition_key(pack, expr, values, given))
    return shared(pack, key, lambda: _explain(pack, expr, values, given, want))


def _plural_forms(pack: Pack, values: dict[str, Any]) -> None:
    names = pack.index.get(("keywords facts", ""))
    if names is None:
        names = pack.index["keywords facts", ""] = tuple(n for n, f in pack.facts.items() if f.type.kind == "keywords")
    for name in names:
        if isinstance(value := values.get(name), frozenset | list | tuple | set):
            values[name] = _with_forms(frozenset(value), pack.plurals)


@lru_cache(maxsize=4096)
def _with_forms(keywords: frozenset[str], plurals: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """`kb.keywords.with_plural_forms`, once per unit's keywords: a search gives the same ones thousands of times."""
    from kb.keywords import with_plural_forms

    return with_plural_forms(keywords, plurals)


def condition_key(pack: Pack, expr: Expr, values: Mapping[str, Any], given: Container[str]) -> tuple[Any, ...]:
    """What an explanation of `expr` depends on: the facts it reads, and which derived ones were given."""
    memo = _memo(pack)
    plan = memo.reads.get(expr.text)
    if plan is None:
        reads = _reads(pack, expr.names)
        plan = memo.reads[expr.text] = (reads, tuple(n for n in reads if pack.facts[n].derive is not None))
    reads, derived = plan
    assumed = getattr(given, "assumed", ())
    return (tuple([values.get(n, UNKNOWN) for n in reads]),
            tuple([(n in given) + (n in assumed) for n in derived]) if derived else ())


def shared(pack: Pack, key: tuple[Any, ...], build: Callable[[], T]) -> T:
    """The value `build()` gives, built once per pack and key: explanation nodes are immutable."""
    nodes = _memo(pack).nodes
    try:
        value = nodes.get(key)
    except TypeError:  # a value that cannot be a key: build it afresh
        return build()
    if value is None:
        if len(nodes) > _MEMO_SIZE:
            nodes.clear()
        value = nodes[key] = build()
    return value  # type: ignore[no-any-return]


class _Memo:
    __slots__ = ("nodes", "reads")

    def __init__(self) -> None:
        self.reads: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
        self.nodes: dict[tuple[Any, ...], Any] = {}


_MEMO_SIZE = 100_000


def _memo(pack: Pack) -> _Memo:
    """The pack's memo of what its expressions read and of explanation nodes, kept in the pack's own index: it goes
    with the pack."""
    memo = pack.index.get(("facts memo", ""))
    if memo is None:
        memo = pack.index["facts memo", ""] = _Memo()
    return memo  # type: ignore[no-any-return]


def _reads(pack: Pack, names: frozenset[str]) -> tuple[str, ...]:
    """Every fact an expression reads, directly or through derived facts."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            fact = pack.facts.get(name)
            if fact is not None and fact.derive is not None:
                todo += fact.derive.names
    return tuple(sorted(seen))


def _explain(
    pack: Pack, expr: Expr, values: Mapping[str, Any], given: Container[str], want: bool
) -> tuple[Node, ...]:
    parts = _atoms(expr)
    if want is False:
        parts = [a for a in parts if evaluate(a, values) is False] or parts
    return tuple(_atom_node(pack, a, values, given) for a in parts)


def _atom_node(pack: Pack, atom: Expr, values: Mapping[str, Any], given: Container[str]) -> Node:
    result = evaluate(atom, values)
    name = atom.text.strip()
    negated = name.startswith("not ") and name[4:].strip() in pack.facts
    fact = pack.facts.get(name[4:].strip() if negated else name)
    if fact is not None and fact.type.kind == "bool":
        value = values.get(fact.name, UNKNOWN)
        claim = fact.describe(value) if value is not UNKNOWN else f"{fact.text}: unknown"
        because: tuple[Node, ...] = ()
        if fact.derive is not None and fact.name in given:  # a judge's call, or a case, not the derivation
            said = "in this case" if fact.name in getattr(given, "assumed", ()) else "given in the situation"
            return Node(claim, (Node(f"{said} ({fact.name})"),), tag="fact")
        if fact.derive is not None and value is not UNKNOWN and evaluate(fact.derive, values) is UNKNOWN:
            free = sorted(n for n in _reads(pack, fact.derive.names) if n not in values)
            because = (Node(f"whatever {', '.join(free)} may be, given the rest of the situation"),)
        elif fact.derive is not None and value is not UNKNOWN:
            because = explain_condition(pack, fact.derive, values, given, bool(value))
        return Node(claim, because, str(fact.cite) if fact.cite else None, tag="fact")
    shown = ", ".join(f"{n} = {_show(values[n])}" for n in sorted(atom.names) if n in values)
    unknown = sorted(n for n in atom.names if n not in values)
    detail = "; ".join(x for x in (shown, ", ".join(f"{n} unknown" for n in unknown)) if x)
    verdict = "is unknown" if result is UNKNOWN else ("holds" if result else "fails")
    return Node(f"{atom.text} {verdict}" + (f" ({detail})" if detail else ""), tag="fact")


@cache
def _atoms(expr: Expr) -> list[Expr]:
    return atoms(expr)


def _as_given(value: Any) -> Any:
    """A given value as a constraint's message shows it: a list of keywords as a set."""
    return frozenset(value) if isinstance(value, list | tuple | set) else value


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, frozenset):
        return "[" + ", ".join(sorted(value)) + "]"
    return str(value)

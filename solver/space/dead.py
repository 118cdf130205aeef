"""Why a rule can never apply: the real reason, found soundly, for a rules writer.

A condition no situation satisfies is dead for one of four reasons, tried in
this order, each only claimed when it is shown:

- a **domain constraint** rules it out: without the pack's constraints, a
  situation satisfies it;
- a **derived fact's definition** rules it out: with the derived facts it
  reads set freely (each within its type), values within the declared ranges
  satisfy it;
- a **declared range** rules it out: values outside an int fact's range
  satisfy it (the value found is the proof);
- the condition **contradicts itself**: no values of its facts satisfy it,
  whatever their ranges. Only said when that is proven: every int fact it
  reads is only compared with constants, so the values around those
  constants stand for every integer.

When none of these can be shown, the finding says what is proven (no values
within the declared ranges satisfy it) and nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from kb.errors import RulingsError, Span
from kb.expr import Expr, evaluate, parse_expr
from kb.model import Pack
from solver.space.model import comparisons_of, simple_cuts, values_of

Words = Callable[[Pack, Expr], str] | None
"""Renders a condition in English (the caller's `explain.english.say`), or None for the expression alone."""

LIMIT = 50_000
"""Most combinations of values tried when a condition's facts are set freely."""


@dataclass(frozen=True, slots=True)
class DeadReason:
    """Why a rule can never apply: `cause` for machines, `why` for a rules writer, and what it cites."""

    cause: str  # "constraint", "derivation", "range", "contradiction" or "unexplained"
    why: str
    cited: tuple[tuple[str, Span], ...]


def dead_reason(pack: Pack, when: Expr, satisfiable_without_constraints: bool, words: Words = None) -> DeadReason:
    """The real reason a rule whose condition is `when` can never apply (`when` is proven unsatisfiable in `pack`).

    `satisfiable_without_constraints` says whether a situation satisfies the
    condition once the pack's domain constraints are dropped; `words` renders
    a condition in English (`explain.english.say`, given by the caller: the
    solver does not depend on the renderers).
    """
    condition = quoted(pack, when, words)
    if satisfiable_without_constraints:
        from solver.space.search import base_inputs

        reads = {c.name: set(base_inputs(pack, [c.require])) for c in pack.constraints.values()}
        reach, names = set(base_inputs(pack, [when])), []
        while more := [c for c in pack.constraints.values() if c not in names and reads[c.name] & reach]:
            names += more  # a constraint on a fact another one ties to the condition's facts plays its part too
            reach |= {f for c in more for f in reads[c.name]}
        names = [c for c in pack.constraints.values() if c in names]
        everything = not names  # none touches them: the constraints can never all hold, in any situation
        names = names or list(pack.constraints.values())
        said = " and ".join(
            f"{c.name} (`{c.require.text}`" + (f": {c.text}" if c.text else "") + ")" for c in names
        )
        plural = "s" if len(names) != 1 else ""
        if everything:
            return DeadReason("constraint", f"the domain constraint{plural} {said} can never all hold, so no "
                              f"situation satisfies its condition {condition}", tuple((c.name, c.where) for c in names))
        return DeadReason("constraint", f"the domain constraint{plural} {said} rule{'' if plural else 's'} out "
                          f"its condition {condition}", tuple((c.name, c.where) for c in names))
    return _never(pack, when, words, "its condition")


def _never(pack: Pack, expr: Expr, words: Words, label: str | None, depth: int = 0) -> DeadReason:
    """Why `expr` never holds in the pack (no domain constraint involved).

    `label` names the expression in the sentence ("its condition"); None
    leaves it out, for a definition the sentence has just quoted.
    """
    condition = f"{label} {quoted(pack, expr, words)}" if label else "it"
    never = f"; so {condition} never holds" if label else ""
    names = sorted(expr.names)
    derived = [n for n in names if pack.facts[n].derive is not None]
    if derived and _free_witness(pack, expr, names, bounded=True)[0] is not None:
        parts, cited = [], []
        for n in derived:
            d = pack.facts[n].derive
            assert d is not None
            part = f"{n} is derived as {quoted(pack, d, words)}"
            cited.append((n, pack.facts[n].where))
            if depth < 2 and pack.facts[n].type.kind == "bool":
                for value, said in ((d, "true"), (parse_expr(f"not ({d.text})"), "false")):
                    if _free_witness(pack, value, sorted(value.names), bounded=True)[0] is None:
                        inner = _never(pack, value, words, None, depth + 1)
                        part += f", which is never {said}: {inner.why}"
                        cited += [c for c in inner.cited if c not in cited]
            parts.append(part)
        nested = any(", which is never" in part for part in parts)
        return DeadReason("derivation", f"{_join(parts)}{never if nested else never.replace(';', ',')}", tuple(cited))
    witness, exact = _free_witness(pack, expr, names, bounded=False)
    if witness is not None:
        outside = [n for n in names if _outside(pack, n, witness[n])]
        parts = []
        for n in outside:
            low, high = pack.facts[n].range or (0, 0)
            bound = f"at most {high}" if witness[n] > high else f"at least {low}"
            parts.append(f"{n} is {bound} (its declared range {low}..{high})")
        return DeadReason("range", f"{_join(parts)}{never.replace(';', ',')}",
                          tuple((n, pack.facts[n].where) for n in outside))
    if exact:
        return DeadReason("contradiction", f"{condition} contradicts itself: no values of its facts "
                          "satisfy it, whatever their ranges", ())
    return DeadReason("unexplained", f"no values of {', '.join(names)} within their declared ranges satisfy "
                      f"{condition}", tuple((n, pack.facts[n].where) for n in names))


def quoted(pack: Pack, expr: Expr, words: Words = None) -> str:
    """An expression as written, with its English beside it where `words` says it differently.

    Examples:
        >>> from kb.loader import load_pack
        >>> from kb.expr import parse_expr
        >>> quoted(load_pack("fantasy"), parse_expr("shooter.moved"), lambda pack, e: "the shooter moved")
        '`shooter.moved` (the shooter moved)'
    """
    text = f"`{expr.text.strip()}`"
    english = words(pack, expr) if words is not None else ""
    return text + (f" ({english})" if english and english.strip() != expr.text.strip() else "")


def _free_witness(pack: Pack, when: Expr, names: Sequence[str], *, bounded: bool) -> tuple[dict[str, Any] | None, bool]:
    """Values of `names`, each set freely (derived facts too), that satisfy `when`, and whether the try was exact.

    Bounded, int facts keep their declared ranges; unbounded, they also take
    values outside them (fewest facts outside their range first). Exact means a
    missing witness proves there is none.
    """
    options: list[tuple[Any, ...]] = []
    exact = True
    for n in names:
        values, whole = _candidates(pack, when, n, bounded=bounded)
        options.append(values)
        exact &= whole
    total = 1
    for values in options:
        total *= max(len(values), 1)
    if total > LIMIT:
        return None, False
    best: dict[str, Any] | None = None
    fewest = len(names) + 1
    for combo in product(*options):
        given = dict(zip(names, combo, strict=True))
        outside = sum(_outside(pack, n, v) for n, v in given.items())
        if outside >= fewest:
            continue
        try:
            held = evaluate(when, given) is True
        except (RulingsError, ArithmeticError, TypeError, ValueError):
            continue
        if held:
            best, fewest = given, outside
            if outside <= 1:
                break
    return best, exact


def _candidates(pack: Pack, when: Expr, name: str, *, bounded: bool) -> tuple[tuple[Any, ...], bool]:
    """The values tried for `name`, and whether they stand for every value it could take."""
    fact = pack.facts[name]
    if fact.type.kind != "int":
        values = values_of(pack, name) if fact.type.kind == "keywords" else tuple(fact.domain)
        return values, bool(values)
    inside = values_of(pack, name) if fact.range and fact.derive is None else tuple(fact.domain)
    if bounded:
        return inside, bool(inside)
    atoms: list[Any] = []
    counted = comparisons_of(when._tree, name, atoms)
    cuts = [simple_cuts(a, name) for a in atoms]
    exact = not counted and all(c is not None for c in cuts)
    low, high = fact.range or (0, 0)
    extra = {low - 1, high + 1}
    for c in cuts:
        for v in c or ():
            extra |= {v - 1, v}
    if not exact:
        constants = _constants(when._tree)
        extra |= {low - 10, low - 100, high + 10, high + 100, *(c + d for c in constants for d in (-1, 0, 1))}
    return (*inside, *sorted(v for v in extra if v not in set(inside))), exact


def _constants(node: Any) -> set[int]:
    """Every int constant in an expression tree."""
    out: set[int] = set()
    if isinstance(node, tuple) and node and node[0] == "c":
        if isinstance(node[2], int) and not isinstance(node[2], bool):
            out.add(node[2])
        return out
    if isinstance(node, tuple | list):
        for child in node:
            out |= _constants(child)
    return out


def _outside(pack: Pack, name: str, value: Any) -> bool:
    fact = pack.facts[name]
    if fact.type.kind != "int" or not fact.range or isinstance(value, bool):
        return False
    return not fact.range[0] <= value <= fact.range[1]


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]

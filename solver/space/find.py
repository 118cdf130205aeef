"""Find the situations whose ruling satisfies an expression over the ruling's fields.

`find(pack, "to_hit", "impossible")` answers "when is a shot impossible?"
with the *minimal* situations: each names the fewest facts that matter (every
fact it leaves out keeps its default, or stays unknown when the answer does
not depend on it), no result contains another, and every situation of the
search space whose ruling satisfies the expression contains one of them.
Results that differ only in one number are shown as a range.

The search goes over the facts the quantity's rules read directly: a derived
fact such as `target.in_hard_cover` is one yes/no fact here, not the Line of
Sight values behind it. The expression is parsed with `kb.expr` (never
`eval`ed) and evaluated over the ruling's fields.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, fields, replace
from itertools import combinations, product
from math import comb, prod
from typing import Any, TypeVar

from kb.errors import RulingsError
from kb.expr import UNKNOWN, Expr, ExprSyntaxError, Names, check_expr, evaluate, parse_expr, show_value
from kb.model import RULING_FIELDS, Pack
from solver.ask import ask, ask_if_possible
from solver.ruling import Ruling
from solver.situation import Situation
from solver.space.model import Coverage, consistent, partition
from solver.space.progress import progress
from solver.space.search import fact_values, frontier, interchangeable, sample_values, situations

T = TypeVar("T")

MAX_FACTS = 5
"""How many facts beyond the given ones `find` sets at most, unless told otherwise."""

FIELDS = RULING_FIELDS
"""The ruling fields a `--where` expression may read (those a limit's `holds` reads)."""


@dataclass(frozen=True, slots=True)
class Found:
    """One minimal situation (numbers may be ranges `(low, high)`) and what its ruling shows.

    `any_of` holds, for each group of interchangeable rules, how many of the group's facts are true, and which
    facts they are chosen from: every such choice is a minimal situation with this ruling (`count` of them).
    """

    given: tuple[tuple[str, Any], ...]
    display: str
    ruling: Ruling
    any_of: tuple[tuple[int, tuple[str, ...]], ...] = ()

    @property
    def count(self) -> int:
        """How many minimal situations this one stands for (every choice of its `any_of`)."""
        return prod(comb(len(members), k) for k, members in self.any_of)

    def describe(self) -> str:
        """The situation as `fact = value` pairs, with ranges as `low..high` and choices as `any k of ...`.

        Examples:
            >>> given = (("shooter.bs", (1, 2)), ("shooter.moved", True))
            >>> Found(given, "", None).describe()  # type: ignore[arg-type]
            'shooter.bs = 1..2, shooter.moved = true'
            >>> Found((), "", None, ((2, ("a.x", "a.y", "a.z")),)).describe()  # type: ignore[arg-type]
            'any 2 of a.x, a.y, a.z = true'
        """
        parts = [f"{n} = {show(v)}" for n, v in self.given]
        parts += [f"any {k} of {', '.join(members)} = true" for k, members in self.any_of]
        return ", ".join(parts) or "(nothing beyond the defaults)"

    def situations(self) -> Iterator[dict[str, Any]]:
        """Every minimal situation this one stands for: each choice of its `any_of` facts set true."""
        for chosen in product(*(combinations(members, k) for k, members in self.any_of)):
            yield {**dict(self.given), **{f: True for group in chosen for f in group}}


def parse_where(text: str, fields: Mapping[str, Any] = FIELDS, *, what: str = "ruling field",
                example: str = '--where "impossible" or --where "value >= 7"') -> Expr:
    """Parse and check a `--where` expression over the ruling's fields (or other `fields`: a sequence's).

    Examples:
        >>> parse_where("value >= 7 and 'hard_cover' in applied").text
        "value >= 7 and 'hard_cover' in applied"
    """
    try:
        expr = parse_expr(text)
    except ExprSyntaxError as e:
        raise RulingsError(f"--where {text!r}: {e.message} (at column {e.offset + 1})",
                           hint=f"e.g. {example}") from None
    problems = check_expr(expr, fields, "bool")
    if problems:
        message = problems[0][0].replace("unknown fact", f"unknown {what}")
        raise RulingsError(f"--where {text!r}: {message}", hint="fields: " + ", ".join(fields))
    return expr


def ruling_fields(ruling: Ruling) -> dict[str, Any]:
    """The values a `--where` expression reads; a field the ruling lacks stays unknown."""
    out: dict[str, Any] = {
        "applied": Names(a.rule.upper() for a in ruling.applied),
        "suppressed": Names(s.rule.upper() for s in ruling.suppressed),
        "ignored": Names(r.upper() for r in ruling.ignored),
        "clamped": Names(c.rule.upper() for c in ruling.clamped),
        "assumptions": Names(a.upper() for a in ruling.assumptions),
        "display": ruling.display,
    }
    if isinstance(ruling.value, int) and not isinstance(ruling.value, bool):
        out["value"] = ruling.value
    for name in ("modifier", "then"):
        if getattr(ruling, name) is not None:
            out[name] = getattr(ruling, name)
    if ruling.probability is not None:
        out["probability"] = int(ruling.probability * 100)
        out["impossible"] = bool(ruling.impossible)
        out["automatic"] = bool(ruling.automatic)
    return out


def satisfies(ruling: Ruling, where: Expr) -> bool:
    """Whether the ruling (every one of its cases, when it has cases) satisfies `where`.

    A ruling's rule names compare without regard to case (and, not being keywords, never as plurals).
    """
    if ruling.cases:
        return all(satisfies(c.ruling, where) for c in ruling.cases)
    result = evaluate(where, ruling_fields(ruling))
    return result is not UNKNOWN and bool(result)


def search_facts(pack: Pack, quantity: str) -> list[str]:
    """The facts the quantity's ruling reads directly (a derived fact stays whole where it can), in pack order."""
    return frontier(pack, _readings(pack, quantity))


def _readings(pack: Pack, quantity: str) -> list[Expr | None]:
    """Every expression a ruling of `quantity` reads: its base, automatic and passes, its rules', its policies'."""
    q = pack.quantities[quantity]
    exprs: list[Expr | None] = [q.base, q.automatic, q.passes, *(r.when for r in q.rerolls)]
    for m in pack.modifiers_of(quantity):
        exprs += [m.when, m.amount, m.per]
    exprs += [e for p in pack.policies_of(quantity) for e in (p.min, p.max, p.when)]
    return exprs


def find(pack: Pack, quantity: str, where: Expr | str | Callable[[Ruling], bool],
         situation: Situation | None = None, *, facts: Iterable[str] | None = None,
         max_facts: int | None = MAX_FACTS, coverage: Coverage | None = None,
         decided: bool = False, joint: bool = False) -> list[Found]:
    """Every minimal situation over `facts` (default: `search_facts`) whose ruling satisfies `where`.

    The search stops after situations of `max_facts` facts beyond the given
    ones (None: no limit); within that, the answer is complete. `coverage`
    records whether the limit (or a deadline) left situations unsearched.
    With `decided`, only rulings without cases are wanted, so situations that
    leave a fact the ruling needs unknown are not worked through. With
    `joint`, facts compared with each other take one combination of values per
    class no expression tells apart (`situations`): every class of situation is
    still searched, but a result stands for its class, not each situation of it.

    Interchangeable rules (`interchangeable`: the same constant effect, each on
    its own fact) are searched by how many of them hold, when `where` reads no
    rule names: the first k facts of a group stand for every k of them, and a
    result says so (`Found.any_of`: "any 4 of these 24"), never expanded.

    Examples:
        >>> from kb.loader import load_pack
        >>> found = find(load_pack("fantasy"), "to_hit", "value == 2",
        ...              Situation(given={"target.within_4in": True}), facts=["shooter.bs"])
        >>> [f.describe() for f in found]
        ['target.within_4in = true, shooter.bs = 4..10']
    """
    if quantity not in pack.quantities:
        ask(pack, quantity, Situation())  # raises the UnknownName with its did-you-mean
    expr = parse_where(where) if isinstance(where, str) else where
    wanted = (lambda r: satisfies(r, expr)) if isinstance(expr, Expr) else expr
    base = situation or Situation()
    fixed = dict(base.given)
    names = [f for f in (facts if facts is not None else search_facts(pack, quantity)) if f not in fixed]
    outer = [f for f in names if f in counted_facts(pack, quantity)]
    inner = [f for f in names if f not in outer]
    groups = _groups(pack, quantity, inner, expr, max_facts)
    standing = {f for members in groups for f in members[len(_first(members, max_facts)):]}
    inner = [f for f in inner if f not in standing]
    minimal: list[tuple[dict[str, Any], Ruling]] = []
    seen = _Found()  # each result's facts beyond the fixed ones
    coverage = coverage if coverage is not None else Coverage()
    if standing:  # more of a group hold in situations the limit leaves out
        coverage.stop(LIMIT_STOP.format(max_facts=max_facts))
    asked = _asked_before(pack)
    for f in outer:
        if not partition(pack, f).exact:
            coverage.stop(f"{f} has too many values to search each one")
    outer_values = [_outer_values(pack, f) for f in outer]
    for values in progress(product(*outer_values), f"find {quantity}", total=prod(map(len, outer_values))):
        pinned = {**fixed, **{f: v for f, v in zip(outer, values, strict=True) if v is not None}}
        for given in situations(pack, inner, fixed=pinned, coverage=coverage, joint=joint):
            if max_facts is not None and len(given) - len(fixed) > max_facts:
                coverage.stop(LIMIT_STOP.format(max_facts=max_facts))
                break
            if not all(_prefix(members, given) for members in groups):
                continue
            items = frozenset((f, v) for f, v in given.items() if f not in fixed)  # fixed: in every situation
            if _redundant(pack, given, fixed) or seen.within(items):
                continue
            ruling = _asked(asked, pack, quantity, base, given, decided)
            if ruling is not None and wanted(ruling):
                minimal.append((given, ruling))
                seen.add(items)
    return condense(pack, minimal, groups)


LIMIT_STOP = ("situations setting more than {max_facts} facts beyond those given were not searched "
              "(raise the limit with --max-facts)")


class _Found:
    """The fact sets of the situations found so far, to tell whether a larger situation holds one of them.

    A found set is small (a few facts) and there are many of them over wide ranges, so they are kept by the facts
    they set: a situation holds one exactly when, for some facts found together that it sets too, its own values of
    those facts were found.
    """

    def __init__(self) -> None:
        self.by_facts: dict[frozenset[str], set[frozenset[tuple[str, Any]]]] = {}

    def add(self, items: frozenset[tuple[str, Any]]) -> None:
        self.by_facts.setdefault(frozenset(n for n, _ in items), set()).add(items)

    def within(self, items: frozenset[tuple[str, Any]]) -> bool:
        """Whether some set found is a subset of `items` (which sets each fact once)."""
        names = {n for n, _ in items}
        return any(facts <= names and frozenset(i for i in items if i[0] in facts) in found
                   for facts, found in self.by_facts.items())


ASKED_LIMIT = 50_000
"""Most rulings a pack keeps from its searches: the FAQ's searches ask the same situations again and again."""


def _asked_before(pack: Pack) -> dict[Any, Ruling | None]:
    """The rulings searches asked of this very pack. A pack made from another (`dataclasses.replace`: other
    constraints, readings...) shares its `index`, so the rulings are kept by the parts the pack is made of,
    and those parts are held so no other pack's can take their place."""
    parts = tuple(getattr(pack, f.name) for f in fields(pack) if f.name != "index")
    memos = pack.index.setdefault(("asked", ""), {})
    key = tuple(map(id, parts))
    if key not in memos:
        memos[key] = (parts, {})
    return memos[key][1]  # type: ignore[no-any-return]


def _asked(asked: dict[Any, Ruling | None], pack: Pack, quantity: str, base: Situation, given: dict[str, Any],
           decided: bool) -> Ruling | None:
    """`ask_if_possible` in a situation of facts alone, kept for the next search that asks it."""
    if replace(base, given={}) != Situation():  # effects, a roll, readings...: asked each time
        return ask_if_possible(pack, quantity, base.given_as(given), cases=not decided)
    key = (quantity, decided, frozenset((n, v if not isinstance(v, list | set) else tuple(sorted(v)))
                                        for n, v in given.items()))
    if key not in asked:
        if len(asked) >= ASKED_LIMIT:
            asked.clear()
        asked[key] = ask_if_possible(pack, quantity, Situation(given=given), cases=not decided)
    return asked[key]  # type: ignore[no-any-return]


def _groups(pack: Pack, quantity: str, facts: list[str], where: Any, max_facts: int | None) -> list[list[str]]:
    """The facts of each group of interchangeable rules among `facts`, when `where` reads no rule names."""
    if not isinstance(where, Expr) or where.names & {"applied", "suppressed", "ignored", "clamped"}:
        return []
    exprs = [e for e in _readings(pack, quantity) if e is not None]
    return [[next(iter(m.when.names)) for m in group] for group in interchangeable(pack, pack, quantity, facts, exprs)]


def _first(members: list[str], max_facts: int | None) -> list[str]:
    """The facts of a group the search sets: as many as a situation may hold."""
    return members if max_facts is None else members[:max_facts]


def _prefix(members: list[str], given: Mapping[str, Any]) -> bool:
    """Whether the group's facts set in `given` are its first ones (they stand for any as many)."""
    k = sum(f in given for f in members)
    return all(f in given for f in members[:k])


def counted_facts(pack: Pack, quantity: str) -> set[str]:
    """Int facts the quantity counts with (its base, amounts, bounds): every value of these is searched.

    Examples:
        >>> from kb.loader import load_pack
        >>> sorted(counted_facts(load_pack("fantasy"), "to_hit"))
        ['shooter.bs']
    """
    q = pack.quantities[quantity]
    exprs: list[Expr | None] = [q.base, q.passes]
    exprs += [e for m in pack.modifiers_of(quantity) for e in (m.amount, m.per)]
    exprs += [e for p in pack.policies.values() if quantity in p.quantities for e in (p.min, p.max)]
    read = {n for e in exprs if e is not None for n in e.names}
    return {n for n in read if n in pack.facts and pack.facts[n].type.kind == "int" and pack.facts[n].domain}


def _outer_values(pack: Pack, name: str) -> list[Any]:
    """Left out (None) first, then one value of each class of the fact's partition, in the domain's order."""
    return [None, *sorted(sample_values(pack, name))]


def _redundant(pack: Pack, given: Mapping[str, Any], fixed: Collection[str] = ()) -> bool:
    """A derived fact the search set (not one of the `fixed`, which the user gave) to the very value the rest of the
    situation derives (a smaller situation says it)."""
    derived = [n for n in given if pack.facts[n].derive is not None and n not in fixed]
    if not derived:
        return False
    values = fact_values(pack, {n: v for n, v in given.items() if n not in derived})
    return any(values.get(n) == given[n] for n in derived)


def condense(pack: Pack, results: list[tuple[dict[str, Any], Any]],
             groups: list[list[str]] = ()) -> list[Found]:  # type: ignore[assignment]
    """Merge results that differ only in one int fact's consecutive values into a range; the facts of each
    group of interchangeable rules (its first k stand for any k) become a choice, `Found.any_of`."""
    Row = tuple[dict[str, Any], list[Ruling], tuple[tuple[int, tuple[str, ...]], ...]]

    def join(a: Row, b: Row) -> Row | None:
        given = _join(pack, a[0], b[0]) if a[2] == b[2] else None
        return None if given is None else (given, a[1] + b[1], a[2])

    def split(given: dict[str, Any]) -> tuple[dict[str, Any], tuple[tuple[int, tuple[str, ...]], ...]]:
        rest = {f: v for f, v in given.items() if not any(f in members for members in groups)}
        return rest, tuple((k, tuple(m)) for m in groups if (k := sum(f in given for f in m)))

    rows = merge_all([(_widen(pack, rest), [r], any_of) for g, r in results for rest, any_of in [split(g)]], join)
    out = []
    for given, rulings, any_of in rows:
        displays = list(dict.fromkeys(r.display for r in rulings))
        out.append(Found(tuple(given.items()), " / ".join(displays), rulings[0], any_of))
    return out


def merge_all(rows: list[T], join: Callable[[T, T], T | None]) -> list[T]:
    """`rows` with any two that `join` can make one replaced by their join, until no two can.

    Examples:
        >>> merge_all([(1, 1), (5, 5), (2, 2)], lambda a, b: (a[0], b[1]) if a[1] + 1 == b[0] else None)
        [(1, 2), (5, 5)]
    """
    rows = list(rows)
    i = 0
    while i < len(rows):
        for j in range(i + 1, len(rows)):
            joined = join(rows[i], rows[j])
            if joined is not None:
                rows[i] = joined
                del rows[j]
                i = -1  # a join can make earlier rows joinable again: start over
                break
        i += 1
    return rows


def _join(pack: Pack, a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any] | None:
    """`a` and `b` as one result, when they differ only in adjacent ranges of one int fact."""
    if a.keys() != b.keys():
        return None
    differ = [n for n in a if a[n] != b[n]]
    if len(differ) != 1 or pack.facts[differ[0]].type.kind != "int":
        return None
    name = differ[0]
    (low_a, high_a), (low_b, high_b) = _span(a[name]), _span(b[name])
    if high_a + 1 != low_b and high_b + 1 != low_a:
        return None
    return {**a, name: (min(low_a, low_b), max(high_a, high_b))}


def _widen(pack: Pack, given: Mapping[str, Any]) -> dict[str, Any]:
    """Each int value as the range of its partition class (every value of which gives the same ruling); a derived
    fact's, as the values of the class its inputs can produce with the rest of the situation."""
    out = dict(given)
    for name, value in given.items():
        fact = pack.facts[name]
        if fact.type.kind == "int" and fact.range and isinstance(value, int) and not isinstance(value, bool):
            runs = partition(pack, name).class_of(value)
            if fact.derive is not None:
                runs = _producible_runs(pack, name, runs, {n: v for n, v in given.items() if n != name})
            if len(runs) == 1 and runs[0][0] != runs[0][1]:
                out[name] = runs[0]
    return out


def _producible_runs(pack: Pack, name: str, runs: tuple[tuple[int, int], ...],
                     rest: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
    """The values of `runs` that the derived fact `name`, given beside `rest`, can take (each found consistent:
    some values of its inputs produce it), as runs; none for a class of more than `WIDEST` values."""
    if sum(high - low + 1 for low, high in runs) > WIDEST:
        return ()
    out: list[tuple[int, int]] = []
    for v in (v for low, high in runs for v in range(low, high + 1)):
        if not consistent(pack, {**rest, name: v}):
            continue
        if out and out[-1][1] == v - 1:
            out[-1] = (out[-1][0], v)
        else:
            out.append((v, v))
    return tuple(out)


WIDEST = 1000
"""The most values of a derived int fact's class that a result is widened over, each checked to be possible."""


def _span(value: Any) -> tuple[int, int]:
    return value if isinstance(value, tuple) else (value, value)


def show(value: Any) -> str:
    """A fact value as a player writes it: `true`, `3`, a range `1..2`."""
    return f"{value[0]}..{value[1]}" if isinstance(value, tuple) else show_value(value)

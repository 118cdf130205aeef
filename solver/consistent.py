"""Whether one situation can happen: derived facts agree with their inputs, domain constraints hold.

A ruling needs this for a single situation (`solver.facts`, `solver.ask`): a
derived fact given directly must be one its inputs can produce, and a case may
assume only values a derived fact can take. The searches over every situation
(`solver.space`) build on the same pieces, re-exported by `solver.space.model`.

Three ideas make reasoning over situations both sound and small:

- **Partitions** (`partition`): an int fact's values split into classes that
  no expression of the pack can tell apart. A comparison that reads only the
  fact (`target.unit_strength <= 2`, `target.unit_strength // 4 == 5`) is
  evaluated over the whole range; a fact the pack counts with (a base, an
  amount) or compares with another fact keeps every value apart. One
  representative per class is then exactly as good as every value of it.
- **Derived facts are never free** (`consistent`, `producible`): a derived
  fact can be given, branched on or searched over, but only with values its
  inputs can produce under what is given and the pack's domain constraints.
  Both questions are python-constraint problems over the base facts behind
  them, with the derivations and domain constraints as constraints.
- **Coverage** (`Coverage`): a search that stops at a limit says so. Verdicts
  of "never" and "no change" need `coverage.exhaustive`.

In a *situation* (what `ask` gets), a base fact that is not given keeps its
default, except when it is an input of a derived fact the situation gives: a
judge who says "the target is in hard cover" has not said the cover does not
obscure the target. Such inputs, and facts without a default, are free.

A keywords fact is split into the classes of keyword sets the pack tells apart
(`solver.keyword_classes`), imported only when a question reaches one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise, product
from math import prod
from typing import Any

from kb.errors import RulingsError, Unworkable
from kb.expr import UNKNOWN, Expr, children, evaluate, show_value
from kb.model import Fact, Pack

EVALUATE_LIMIT = 100_000
"""Int ranges up to this size are partitioned by evaluating every comparison over every value."""

DEADLINE: float | None = None
"""When every search must stop (`time.monotonic()`), set by the command line's `--timeout`."""

SOLUTION_LIMIT = 200_000
"""The most assignments one consistency question yields: finding one more, it says it is not exhaustive."""


@dataclass(slots=True)
class Coverage:
    """What a search covered: whether it was exhaustive, and if not, why and how to go further."""

    searched: int = 0
    exhaustive: bool = True
    reasons: list[str] = field(default_factory=list)
    deadline: float | None = field(default_factory=lambda: DEADLINE)

    def stop(self, reason: str) -> None:
        """Record that the search did not cover everything, and why (each reason once)."""
        self.exhaustive = False
        if reason not in self.reasons:
            self.reasons.append(reason)

    def out_of_time(self) -> bool:
        """Whether the deadline has passed (recorded as a reason once it has)."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            self.stop("the time limit ran out (raise it with --timeout)")
            return True
        return False

    def merge(self, other: Coverage) -> None:
        """Fold another search's coverage into this one."""
        self.searched += other.searched
        for reason in other.reasons:
            self.stop(reason)

    def as_json(self) -> dict[str, Any]:
        """`exhaustive`, how many situations were searched, and why the search stopped short."""
        out: dict[str, Any] = {"exhaustive": self.exhaustive, "searched": self.searched}
        if self.reasons:
            out["limits"] = list(self.reasons)
        return out


# -- partitions of int facts --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Partition:
    """An int fact's values in classes no expression of the pack tells apart, with a representative each.

    `classes` are tuples of inclusive `(low, high)` runs; `representatives`
    are in the order a search should try them (the most typical first).
    `exact` is False only for a huge range the partition could not prove.
    """

    fact: str
    classes: tuple[tuple[tuple[int, int], ...], ...]
    representatives: tuple[int, ...]
    exact: bool = True

    def class_of(self, value: int) -> tuple[tuple[int, int], ...]:
        """The class holding `value`."""
        for runs in self.classes:
            if any(low <= value <= high for low, high in runs):
                return runs
        raise ValueError(f"{value} is outside {self.fact}'s range")


def partition(pack: Pack, name: str) -> Partition:
    """The classes of `name`'s values that the pack's expressions cannot tell apart.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> p = partition(pack, "target.unit_strength")
        >>> p.classes, p.representatives
        ((((0, 2),), ((3, 99),)), (10, 2))
        >>> len(partition(pack, "shooter.bs").classes)  # the base counts with it: every value apart
        10
    """
    key = ("partition", name)
    if key not in pack.index:
        pack.index[key] = (_partition(pack, pack.facts[name]),)
    return pack.index[key][0]  # type: ignore[no-any-return]


def values_of(pack: Pack, name: str) -> tuple[Any, ...]:
    """The values a search tries for a base fact: one per class, the most typical first.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> values_of(pack, "shooter.moved"), values_of(pack, "target.unit_strength")
        ((False, True), (10, 2))
    """
    fact = pack.facts[name]
    if fact.type.kind == "int" and fact.range:
        return partition(pack, name).representatives
    values = tuple(fact.domain) if fact.type.kind != "keywords" else _keyword_classes(pack, name) or ()
    if fact.default is not None and fact.default in values:  # the default first: the smallest situation
        values = (fact.default, *(v for v in values if v != fact.default))
    return values


def splits(pack: Pack, name: str) -> bool:
    """Whether a search can try every class of the fact's values (a keywords fact: while it names few keywords).

    Examples:
        >>> from kb.loader import load_pack
        >>> splits(load_pack("wh40k"), "attacker.keywords"), splits(load_pack("fantasy"), "shooter.moved")
        (True, True)
    """
    fact = pack.facts[name]
    return bool(fact.domain) or (fact.type.kind == "keywords" and _keyword_classes(pack, name) is not None)


def unsplit(pack: Pack, name: str) -> str:
    """Why a search cannot split a fact's values (for `Coverage.stop`)."""
    from solver.keyword_classes import LIMIT

    return (f"{name} is asked about more than {LIMIT} keywords, or in a way the search cannot follow: "
            "not every mix of them was tried")


def _keyword_classes(pack: Pack, name: str) -> tuple[frozenset[str], ...] | None:
    from solver.keyword_classes import keyword_classes  # only a question about a keywords fact needs them

    return keyword_classes(pack, name)


def typical(fact: Fact) -> int:
    """The value a player would recognise: declared `typical`, else the default, else the lower middle."""
    declared = getattr(fact, "typical", None)
    if isinstance(declared, int):
        return declared
    if isinstance(fact.default, int) and not isinstance(fact.default, bool):
        return fact.default
    assert fact.range is not None
    low, high = fact.range
    return (low + high) // 2


def _partition(pack: Pack, fact: Fact) -> Partition:
    assert fact.range is not None
    low, high = fact.range
    size = high - low + 1
    atoms: list[Any] = []
    counted = False
    for expr in expressions(pack):
        if fact.name in expr.names:
            counted |= comparisons_of(expr._tree, fact.name, atoms)
    centre = typical(fact)
    if counted:
        if size > EVALUATE_LIMIT:
            return _breakpoints(fact, [], centre, exact=False)
        values = sorted(range(low, high + 1), key=lambda v: (abs(v - centre), v))
        return Partition(fact.name, tuple(((v, v),) for v in range(low, high + 1)), tuple(values))
    if size > EVALUATE_LIMIT:
        cuts = [c for a in atoms for c in simple_cuts(a, fact.name) or ()]
        exact = all(simple_cuts(a, fact.name) is not None for a in atoms)
        return _breakpoints(fact, [c for c in cuts if c is not None], centre, exact=exact)
    fns = [_atom_fn(a) for a in atoms]
    classes: dict[tuple[Any, ...], list[list[int]]] = {}
    for v in range(low, high + 1):
        signature = tuple(_answer(fn, {fact.name: v}) for fn in fns)  # a value it fails on is a class of its own
        runs = classes.setdefault(signature, [])
        if runs and runs[-1][1] == v - 1:
            runs[-1][1] = v
        else:
            runs.append([v, v])
    found = [tuple((a, b) for a, b in runs) for runs in classes.values()]
    found.sort(key=lambda runs: runs[0][0])
    reps = [_nearest(runs, centre) for runs in found]
    order = sorted(range(len(found)), key=lambda i: (abs(reps[i] - centre), reps[i]))
    return Partition(fact.name, tuple(found), tuple(reps[i] for i in order))


def _nearest(runs: Sequence[tuple[int, int]], centre: int) -> int:
    return min((min(max(centre, a), b) for a, b in runs), key=lambda v: (abs(v - centre), v))


def _breakpoints(fact: Fact, cuts: list[int], centre: int, *, exact: bool) -> Partition:
    """Classes between the points where a simple comparison changes its answer (huge ranges)."""
    assert fact.range is not None
    low, high = fact.range
    edges = sorted({low, high + 1, *(c for c in cuts if low < c <= high)})
    runs = [((a, b - 1),) for a, b in pairwise(edges)]
    reps = [_nearest(r, centre) for r in runs]
    return Partition(fact.name, tuple(runs), tuple(sorted(reps, key=lambda v: (abs(v - centre), v))), exact)


def comparisons_of(node: Any, name: str, atoms: list[Any], in_atom: bool = False, *, jointly: bool = False) -> bool:
    """Collect the comparisons that read `name`; True when it is read as a number outside any comparison.

    A comparison that also reads other facts counts `name` (its partition keeps every value apart), or with
    `jointly` is collected too (`joint_values` splits the facts it compares together)."""
    if not isinstance(node, tuple) or not node:
        return False
    tag = node[0]
    if tag == "n":
        return node[2] == name and not in_atom
    if tag == "c":
        return False
    if tag == "cmp" and not in_atom:
        if _names(node) == {name} or (jointly and name in _names(node)):
            atoms.append(node)
            return False
        # compared with another fact: every value is kept apart (sound, if not the smallest partition)
        return name in _names(node)
    if tag == "call" and node[2] == "matches":
        return False
    counted = False
    for child in children(node):
        counted |= comparisons_of(child, name, atoms, in_atom, jointly=jointly)
    return counted


def compared_groups(pack: Pack, names: Iterable[str]) -> list[list[str]]:
    """The int facts of `names` compared with one another (or with facts outside `names`) and read nowhere else,
    in groups of facts some comparison reads together (in `names`' order): each group `joint_values` can split.

    Examples:
        >>> from kb.loader import load_pack
        >>> compared_groups(load_pack("fantasy"), ["shooter.bs", "shooter.los", "target.los", "hard_cover.los"])
        [['shooter.los', 'target.los', 'hard_cover.los']]
    """
    members = [n for n in names if _int_base(pack, n) and _compared(pack, n) is not None]
    links = {n: {m for a in _compared(pack, n) or () for m in _names(a) if m in members} for n in members}
    groups: list[list[str]] = []
    placed: set[str] = set()
    for n in members:
        if n in placed:
            continue
        group, todo = {n}, [n]
        while todo:
            more = links[todo.pop()] - group
            group |= more
            todo += more
        placed |= group
        if any(len(_names(a)) > 1 for m in group for a in _compared(pack, m) or ()):
            groups.append([m for m in members if m in group])
    return groups


def joint_values(pack: Pack, names: Sequence[str], known: Mapping[str, Any]) -> tuple[tuple[int, ...], ...] | None:
    """One assignment to the int facts `names` per class of assignments no expression of the pack tells apart,
    every other fact the comparisons read holding its value in `known`; the nearest the typical values first.

    Facts compared with each other (`attack.distance * 4 <= weapon.range`) keep every value apart in their own
    partitions (`partition`); together, only the answers of the comparisons that read them matter, so 72 distances
    by 67 ranges are a handful of classes. None where that is not proven: a fact read outside a comparison, a
    comparison that reads a fact neither in `names` nor in `known`, too many assignments to go through.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> joint_values(pack, ["shooter.los", "target.los"], {"hard_cover.los": 2, "soft_cover.los": 2})
        ((2, 2), (2, 5), (5, 2), (5, 5))
        >>> joint_values(pack, ["shooter.los", "target.los"], {}) is None  # the covers' heights are unknown
        True
    """
    facts = [pack.facts[n] for n in names]
    atoms: dict[int, Any] = {}
    for n in names:
        read = _compared(pack, n) if _int_base(pack, n) else None
        if read is None:
            return None
        atoms.update((id(a), a) for a in read)
    outside = {m for a in atoms.values() for m in _names(a)} - set(names)
    if not outside <= known.keys() or prod(f.range[1] - f.range[0] + 1 for f in facts if f.range) > EVALUATE_LIMIT:
        return None
    key = ("joint", tuple(names), tuple(sorted((m, _hashable(known[m])) for m in outside)))
    if key not in pack.index:
        pack.index[key] = (_joint(facts, list(atoms.values()), {m: known[m] for m in outside}),)
    return pack.index[key][0]  # type: ignore[no-any-return]


def _joint(facts: list[Fact], atoms: list[Any], known: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    """Each class of assignments to `facts` by the answers of `atoms`, as its assignment nearest the typical
    values (the smallest of those, on a tie), the nearest class first."""
    answers = [_atom_fn(a) for a in atoms]
    centre = [typical(f) for f in facts]
    best: dict[tuple[Any, ...], tuple[int, tuple[int, ...]]] = {}
    for values in product(*(range(f.range[0], f.range[1] + 1) for f in facts if f.range)):
        scope = {**known, **{f.name: v for f, v in zip(facts, values, strict=True)}}
        signature = tuple(_answer(fn, scope) for fn in answers)
        rank = (sum(abs(v - c) for v, c in zip(values, centre, strict=True)), values)
        if signature not in best or rank < best[signature]:
            best[signature] = rank
    return tuple(values for _, values in sorted(best.values()))


_FAILS = object()
"""The answer of a comparison its values make fail (a division by zero): told apart from every other answer."""


def _answer(fn: Callable[[Mapping[str, object]], object], scope: Mapping[str, object]) -> object:
    try:
        return fn(scope)
    except RulingsError:
        return _FAILS


def _int_base(pack: Pack, name: str) -> bool:
    fact = pack.facts.get(name)
    return fact is not None and fact.type.kind == "int" and bool(fact.range) and fact.derive is None


def _compared(pack: Pack, name: str) -> tuple[Any, ...] | None:
    """Every comparison of the pack that reads the fact, with other facts or alone; None where an expression
    reads it outside a comparison (counts with it)."""
    key = ("compared", name)
    if key not in pack.index:
        atoms: list[Any] = []
        counted = False
        for expr in expressions(pack):
            if name in expr.names:
                counted |= comparisons_of(expr._tree, name, atoms, jointly=True)
        pack.index[key] = (None if counted else tuple(atoms),)
    return pack.index[key][0]  # type: ignore[no-any-return]


def _names(node: Any) -> set[str]:
    if not isinstance(node, tuple | list):
        return set()
    if isinstance(node, tuple) and node and node[0] == "n":
        return {node[2]}
    out: set[str] = set()
    for child in node:
        out |= _names(child)
    return out


def _atom_fn(node: Any) -> Callable[[Mapping[str, object]], object]:
    from kb.expr import _build

    return _build(node)


def simple_cuts(node: Any, name: str) -> list[int] | None:
    """For `fact OP const` (either side), the values where the answer can change; None when not that shape."""
    if node[0] != "cmp" or len(node[3]) != 1:
        return None
    left, ((op, right),) = node[2], node[3]
    if left[0] == "n" and right[0] == "c" and isinstance(right[2], int):
        c = right[2]
    elif right[0] == "n" and left[0] == "c" and isinstance(left[2], int):
        c = left[2]
    else:
        return None
    return [c, c + 1] if op in ("<", "<=", ">", ">=", "==", "!=") else None


def expressions(pack: Pack) -> tuple[Expr, ...]:
    """Every expression of the pack: derivations, constraints, quantities and their re-rolls, rules, policies,
    sequences."""
    key = ("expressions", "")
    if key not in pack.index:
        exprs: list[Expr | None] = [f.derive for f in pack.facts.values()]
        exprs += [c.require for c in pack.constraints.values()]
        for q in pack.quantities.values():
            exprs += [q.base, q.automatic, q.passes, *(r.when for r in q.rerolls)]
        for m in pack.modifiers.values():
            exprs += [m.when, m.amount, m.per]
        for p in pack.policies.values():
            exprs += [p.min, p.max, p.when]
        for s in pack.sequences.values():
            exprs += s.expressions()
        pack.index[key] = tuple(e for e in exprs if e is not None)
    return pack.index[key]  # type: ignore[no-any-return]


# -- derived facts: consistent and producible values --------------------------------


def inputs(pack: Pack, name: str) -> frozenset[str]:
    """The base facts a fact is computed from (itself, for a base fact).

    Examples:
        >>> from kb.loader import load_pack
        >>> sorted(inputs(load_pack("fantasy"), "target.in_hard_cover"))
        ['hard_cover.los', 'hard_cover.obscures', 'shooter.los', 'target.los']
    """
    key = ("inputs", name)
    if key not in pack.index:
        fact = pack.facts[name]
        if fact.derive is None:
            found = frozenset((name,))
        else:
            found = frozenset().union(*(inputs(pack, n) for n in fact.derive.names if n in pack.facts))
        pack.index[key] = (found,)
    return pack.index[key][0]  # type: ignore[no-any-return]


def facts_behind(pack: Pack, names: Iterable[str]) -> set[str]:
    """Every fact the names stand for: themselves, and what their derivations read, all the way down.

    Examples:
        >>> from kb.loader import load_pack
        >>> sorted(facts_behind(load_pack("fantasy"), ["target.in_soft_cover"]))[:3]
        ['shooter.los', 'soft_cover.los', 'soft_cover.obscures']
    """
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in seen or name not in pack.facts:
            continue
        seen.add(name)
        derive = pack.facts[name].derive
        if derive is not None:
            todo += derive.names
    return seen


def defaults_apply(pack: Pack, given: Mapping[str, Any]) -> dict[str, Any]:
    """The defaults a situation keeps: every base fact's, except inputs of a derived fact it gives."""
    freed = {n for d in given if pack.facts[d].derive is not None for n in inputs(pack, d)} - set(given)
    return {n: f.default for n, f in pack.facts.items()
            if f.default is not None and f.derive is None and n not in given and n not in freed}


def completions(
    pack: Pack, given: Mapping[str, Any], wanted: Iterable[str], *, defaults: bool = True,
    coverage: Coverage | None = None, first: bool = False,
) -> Iterator[dict[str, Any]]:
    """Every value assignment of the free base facts behind `wanted` that agrees with `given`.

    Free facts are those `given` does not fix (nor, with `defaults`, a
    default); the problem also takes in every given derived fact and domain
    constraint that shares a free fact with them, so each assignment is one a
    real situation can have. Each yielded dict maps those free facts to
    values (partition representatives for int facts); keywords facts without
    a value stay out. With `first`, the search stops at the first one.
    """
    from constraint import FunctionConstraint, Problem

    fixed = dict(defaults_apply(pack, given)) if defaults else {}
    fixed.update((n, v) for n, v in given.items() if pack.facts[n].derive is None)
    searchable = {n for n in pack.facts if pack.facts[n].derive is None and n not in fixed and splits(pack, n)}
    # a domain constraint tied to neither `wanted` nor `given` is not this question's: one its defaults break is the
    # situation's own fault (`solver.facts` names it), not a reason the derived facts cannot have their values
    tied = _tied(pack, {n for w in (*wanted, *given) for n in inputs(pack, w)})
    checks = [(reads, test) for reads, test in _checks(pack, given) if reads & tied]
    free = {n for w in wanted for n in inputs(pack, w)} & searchable
    grown = True
    while grown:  # take in every check that reads a free fact, and the free facts it reads
        grown = False
        for reads, _ in checks:
            if reads & free and not reads & searchable <= free:
                free |= reads & searchable
                grown = True
    variables = [n for n in pack.facts if n in free]
    static = [test for reads, test in checks if not reads & searchable]
    if any(test(_values(pack, fixed, given)) is False for test in static):
        return
    if not variables:
        yield {}
        return
    problem = Problem()
    # a given derived keyword set may hold keywords no expression names, so no class of its inputs has them: the
    # set itself is a value of each keywords input too (`derive: f.k` given [VEHICLE] is f.k = [VEHICLE])
    sets = [v for n, v in given.items() if pack.facts[n].derive is not None and pack.facts[n].type.kind == "keywords"]
    for n in variables:
        # python-constraint tries a domain from its end: reversed, the most typical value comes first
        domain = list(values_of(pack, n))
        if pack.facts[n].type.kind == "keywords":
            domain += [frozenset(v) for v in sets if frozenset(v) not in domain]
        problem.addVariable(n, list(reversed(domain)))
    for reads, test in checks:  # one constraint per check, so a partial assignment that breaks it is pruned
        scope = [n for n in variables if n in reads]
        if scope:
            problem.addConstraint(FunctionConstraint(_allowed(pack, fixed, given, scope, test)), scope)
    for seen, solution in enumerate(problem.getSolutionIter(), 1):
        if seen > SOLUTION_LIMIT:  # one more than the limit: only now is it "more than" (exactly the limit is all)
            if coverage is not None:
                coverage.stop(f"more than {SOLUTION_LIMIT} combinations of "
                              + ", ".join(variables) + " (give some of them)")
            return
        yield solution
        if first:
            return
        if coverage is not None:
            coverage.searched += 1


def _allowed(pack: Pack, fixed: Mapping[str, Any], given: Mapping[str, Any], scope: list[str],
             test: Callable[[Mapping[str, Any]], Any]) -> Callable[..., bool]:
    def allowed(*assigned: Any) -> bool:
        return test(_values(pack, {**fixed, **dict(zip(scope, assigned, strict=True))}, given)) is not False

    return allowed


def consistent(pack: Pack, given: Mapping[str, Any]) -> bool:
    """Whether some situation has every value of `given` (derived facts agreeing with their inputs).

    Domain constraints count where they tie to a given derived fact's inputs; one that `given` breaks apart from
    them is the situation's own fault, not the derived facts' (`solver.facts` names it), and is left out, so the
    answer kept for the derived facts and their part of `given` holds whatever else is given.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> consistent(pack, {"target.in_hard_cover": True})
        True
        >>> consistent(pack, {"target.in_hard_cover": False, "hard_cover.obscures": True,
        ...                   "shooter.los": 1, "target.los": 1})
        False
    """
    derived = tuple(n for n in given if pack.facts[n].derive is not None)
    return all(_consistent_part(pack, given, reach, part) for reach, part in _parts_of(pack, derived))


def _parts_of(pack: Pack, derived: tuple[str, ...]) -> tuple[tuple[frozenset[str], list[str]], ...]:
    """Given derived facts in groups that share no input, directly or through a domain constraint (kept on the
    pack: searches ask it of the same few sets of derived facts again and again)."""
    key = ("parts", derived)
    found = pack.index.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    groups: list[tuple[frozenset[str], list[str]]] = []
    for d in derived:
        reach = _reach(pack, d)
        joined = [g for g in groups if g[0] & reach]
        groups = [g for g in groups if not g[0] & reach]
        groups.append((reach.union(*(g[0] for g in joined)), [x for g in joined for x in g[1]] + [d]))
    if len(pack.index) > 50_000:
        _forget(pack)
    pack.index[key] = tuple(groups)
    return pack.index[key]  # type: ignore[no-any-return]


def _reach(pack: Pack, derived: str) -> frozenset[str]:
    """The inputs of a derived fact, and every fact a domain constraint ties to them."""
    key = ("reach", derived)
    if key not in pack.index:
        pack.index[key] = (_tied(pack, inputs(pack, derived)),)
    return pack.index[key][0]  # type: ignore[no-any-return]


def _tied(pack: Pack, names: Iterable[str]) -> frozenset[str]:
    """The base facts `names`, and every fact a chain of domain constraints ties to them."""
    reach = set(names)
    grown = True
    while grown:
        grown = False
        for reads in _constraint_reads(pack):
            if reads & reach and not reads <= reach:
                reach |= reads
                grown = True
    return frozenset(reach)


def _consistent_part(pack: Pack, given: Mapping[str, Any], reach: frozenset[str], derived: list[str]) -> bool:
    names_key = ("part names", reach, tuple(derived))
    names = pack.index.get(names_key)
    if names is None:  # the given derived facts and the base facts they reach
        names = pack.index[names_key] = frozenset(derived) | {n for n in reach if pack.facts[n].derive is None}
    relevant = tuple(sorted((n, _hashable(v)) for n, v in given.items() if n in names))
    key = ("consistent", relevant)
    if key not in pack.index:
        if len(pack.index) > 50_000:
            _forget(pack)
        wanted = [n for d in derived for n in inputs(pack, d)]
        # asked of the relevant part of `given` alone, as it is kept: a constraint `given` breaks elsewhere is the
        # situation's own (solver.facts names it), and must not be remembered against this part's values
        part = {n: v for n, v in given.items() if n in names}
        pack.index[key] = (next(completions(pack, part, wanted, first=True), None) is not None,)
    return pack.index[key][0]  # type: ignore[no-any-return]


def placed(e: Unworkable, given: Mapping[str, Any]) -> Unworkable:
    """The error, its hint saying the situation's facts (where nothing inside has said them already): for a search,
    or a case of facts the user did not give, which situation it came to."""
    if e.situation:
        return e
    facts = ", ".join(f"{name} = {show_value(value)}" for name, value in given.items()) or "no facts given"
    said = Unworkable(e.message, where=e.where, hint=f"{e.hint}: {facts}")
    said.situation = facts
    return said


def producible(
    pack: Pack, names: Sequence[str], given: Mapping[str, Any], *, coverage: Coverage | None = None
) -> dict[tuple[Any, ...], dict[str, Any]]:
    """The joint values of `names` that the situation `given` can still have, each with a completion.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> sorted(producible(pack, ["target.in_soft_cover"], {"soft_cover.obscures": True,
        ...        "shooter.los": 2, "target.los": 2}))
        [(True,)]
    """
    relevant = _relevant_items(pack, names, given)
    key = ("producible", tuple(names), relevant)
    cached = pack.index.get(key)
    if cached is not None:
        if not cached[1] and coverage is not None:
            coverage.stop(f"more than {SOLUTION_LIMIT} combinations of the facts behind " + ", ".join(names))
        return cached[0]  # type: ignore[no-any-return]
    # the relevant part of `given` alone, as it is kept (a constraint broken elsewhere is the situation's own)
    kept = {n for n, _ in relevant}
    given = {n: v for n, v in given.items() if n in kept}
    own = Coverage(deadline=None)
    out: dict[tuple[Any, ...], dict[str, Any]] = {}
    domains = prod(len(pack.facts[n].domain) for n in names)  # all found: stop (never, for a keywords fact)
    for completion in completions(pack, given, names, coverage=own):
        try:
            values = _values(pack, {**defaults_apply(pack, given), **given, **completion}, given)
        except Unworkable as e:  # in a completion the user did not give: which one
            raise placed(e, {**given, **completion}) from None
        found = tuple(values.get(n, UNKNOWN) for n in names)
        if UNKNOWN not in found and found not in out:
            out[found] = completion
            if domains and len(out) == domains:
                break
    if coverage is not None:
        coverage.merge(own)
    if len(pack.index) > 50_000:
        _forget(pack)
    pack.index[key] = (out, own.exhaustive)
    return out


def _relevant_items(pack: Pack, names: Sequence[str], given: Mapping[str, Any]) -> tuple[Any, ...]:
    """The part of `given` that can bear on the facts behind `names`: through inputs, derivations, constraints."""
    reach = set().union(*(inputs(pack, n) for n in names))
    links = [inputs(pack, n) for n in given if pack.facts[n].derive is not None] + list(_constraint_reads(pack))
    grown = True
    while grown:
        grown = False
        for link in links:
            if link & reach and not link <= reach:
                reach |= link
                grown = True
    return tuple(sorted((n, _hashable(v)) for n, v in given.items() if inputs(pack, n) & reach))


def _constraint_reads(pack: Pack) -> tuple[frozenset[str], ...]:
    key = ("constraint_reads", "")
    if key not in pack.index:
        pack.index[key] = tuple(frozenset().union(*(inputs(pack, n) for n in c.require.names if n in pack.facts))
                                for c in pack.constraints.values())
    return pack.index[key]  # type: ignore[no-any-return]


def _checks(pack: Pack, given: Mapping[str, Any]) -> list[tuple[frozenset[str], Callable[[Mapping[str, Any]], Any]]]:
    """The tests a completion must pass: given derived facts agree, domain constraints hold."""
    out: list[tuple[frozenset[str], Callable[[Mapping[str, Any]], Any]]] = []
    for n, v in given.items():
        fact = pack.facts[n]
        if fact.derive is not None:
            out.append((inputs(pack, n), _agreeing(fact.derive, v)))
    for c in pack.constraints.values():
        reads = frozenset().union(*(inputs(pack, n) for n in c.require.names if n in pack.facts))
        out.append((reads, _holding(c.require)))
    return out


def _agreeing(derive: Expr, value: Any) -> Callable[[Mapping[str, Any]], Any]:
    return lambda values: _agrees(evaluate(derive, values), value)


def _holding(require: Expr) -> Callable[[Mapping[str, Any]], Any]:
    return lambda values: evaluate(require, values)


def _agrees(derived: Any, value: Any) -> Any:
    return UNKNOWN if derived is UNKNOWN else derived == value


def plain_values(pack: Pack, given: Mapping[str, Any]) -> dict[str, Any]:
    """The defaults a situation keeps, `given`, then every derived fact its inputs decide (none settled)."""
    return _values(pack, {**defaults_apply(pack, given), **given}, given)


def _values(pack: Pack, base: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """Base values, then every derived fact computed from them (given derived facts keep their value)."""
    values = dict(base)
    for name in pack.order:
        if name in given:
            values[name] = given[name]
            continue
        derive = pack.facts[name].derive
        assert derive is not None
        result = evaluate(derive, values)
        if result is not UNKNOWN:
            values[name] = result
    return values


def _hashable(value: Any) -> Any:
    return value if not isinstance(value, list | set) else tuple(sorted(value))


def _forget(pack: Pack) -> None:
    for key in [k for k in pack.index if k[0] in ("consistent", "producible", "parts", "part names")]:
        del pack.index[key]

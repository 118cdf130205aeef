"""Search the situations a pack allows, smallest first, with python-constraint.

A *situation* here is a `given` dict: the facts set away from their defaults.
A fact left out keeps its default, or stays unknown when it has none, so the
smallest situation that shows something names only the facts it needs.
Facts without a default count as set whenever they are given.

The search is exhaustive over the space model (`solver.space.model`), never
sampled:

- it goes through the dependency graph (`kb.graph.dependency_graph`) to the
  facts that can influence the quantity or the rules at hand
  (`candidate_facts`, `base_inputs`, `frontier`);
- an int fact takes one value per class of its partition (`values_of`): no
  expression of the pack tells the other values of a class apart, so one is
  exactly as good as all of them;
- a derived fact may be set directly, but only to values its inputs can
  produce together with the rest of the situation (`consistent`), so every
  situation it yields replays through `rulings ask` without a contradiction.

Situations come level by level (number of facts set beyond defaults), and
within a level each choice of facts is a python-constraint `Problem` whose
variables are those facts, with the pack's domain constraints (and the
consistency of derived facts) as `FunctionConstraint`s. A constraint only
rules a situation out when it is false; unknown (a fact it reads left
unknown) does not. A `Coverage` passed in records how many situations were
tried and whether anything (a partition it could not prove, a deadline)
kept the search from being exhaustive.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any

import networkx as nx

from kb.errors import UnknownName
from kb.expr import UNKNOWN, Expr, evaluate
from kb.graph import dependency_graph
from kb.model import Pack
from solver.space.model import Coverage, consistent, partition, values_of


def candidate_facts(pack: Pack, quantity: str | None = None) -> list[str]:
    """Base facts (not derived) that can influence `quantity` (every quantity when None), in pack order.

    Found through the dependency graph: a fact counts when a path leads from
    it, perhaps through derived facts, rules and policies, to the quantity.

    Examples:
        >>> from kb.loader import load_pack
        >>> facts = candidate_facts(load_pack("fantasy"), "to_hit")
        >>> "shooter.bs" in facts, "target.in_hard_cover" in facts, "hard_cover.los" in facts
        (True, False, True)

    Raises:
        UnknownName: `quantity` is not a quantity of the pack.
    """
    graph = _graph(pack)
    targets = list(pack.quantities) if quantity is None else [quantity]
    if quantity is not None and quantity not in pack.quantities:
        raise UnknownName("quantity", quantity, pack.quantities)
    names: set[str] = set()
    for q in targets:
        names |= {name for kind, name in nx.ancestors(graph, ("quantity", q)) if kind == "fact"}
    return [n for n, fact in pack.facts.items() if n in names and fact.derive is None]


def base_inputs(pack: Pack, exprs: Iterable[Expr | None]) -> list[str]:
    """The base facts that `exprs` read, directly or through derived facts, in pack order.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> base_inputs(pack, [pack.modifiers["soft_cover"].when])
        ['shooter.los', 'target.los', 'soft_cover.obscures', 'soft_cover.los']
    """
    names: set[str] = set()
    for expr in exprs:
        for name in expr.names if expr is not None else ():
            names |= _base_of(pack, name)
    return [n for n in pack.facts if n in names]


def sample_values(pack: Pack, fact: str) -> tuple[Any, ...]:
    """The values of `fact` the search tries besides its default: one per class, the most typical first.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> sample_values(pack, "shooter.moved"), sample_values(pack, "target.unit_strength")
        ((True,), (10, 2))
        >>> sample_values(pack, "shooter.bs")
        (3, 2, 4, 1, 5, 6, 7, 8, 9, 10)
    """
    return _sample(pack, fact)


def frontier(pack: Pack, exprs: Iterable[Expr | None]) -> list[str]:
    """The facts `exprs` read directly (a derived fact stays whole), with a finite domain, in pack order.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> frontier(pack, [pack.modifiers["soft_cover"].when, pack.modifiers["lone_model"].when])
        ['target.lone_model', 'target.unit_strength', 'target.in_soft_cover']
    """
    names = {n for e in exprs if e is not None for n in e.names}
    return [n for n in pack.facts if n in names and pack.facts[n].domain]


def situations(
    pack: Pack, facts: Sequence[str], *, fixed: Mapping[str, Any] = {}, coverage: Coverage | None = None
) -> Iterator[dict[str, Any]]:
    """Every assignment to `facts` the pack's domain constraints allow, merged over `fixed`, smallest first.

    Each situation is a `given` dict holding `fixed` and the facts set away
    from their default. Facts with a default are chosen freely (each subset,
    each sampled value). A fact without a default is given exactly when the
    others leave an expression of the pack that reads it undecided (it is
    *needed*: the quantity's base, a rule condition, a derived fact...), so a
    situation never leaves a needed fact unknown nor sets one that makes no
    difference. Situations come in order of size (facts set beyond `fixed`),
    then of the facts' order in `facts`, then in python-constraint's
    (deterministic) order over the values, each domain tried in order.
    Keywords facts (no finite domain) are left out of the search.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> for s in situations(pack, ["shooter.moved", "target.within_4in"]):
        ...     print(s)
        {}
        {'shooter.moved': True}
        {'target.within_4in': True}
        {'shooter.moved': True, 'target.within_4in': True}
        >>> lone = ["target.lone_model", "target.unit_strength"]
        >>> [s.get("target.unit_strength") for s in situations(pack, lone)]
        [None, 10, 2]
        >>> next(situations(pack, ["shooter.moved", "shooter.bs"], fixed={"shooter.bs": 3}))
        {'shooter.bs': 3}
    """
    for f in [*facts, *fixed]:
        if f not in pack.facts:
            raise UnknownName("fact", f, pack.facts)
    order = {f: i for i, f in enumerate(dict.fromkeys(facts))}
    free = [f for f in order if f not in fixed and _sample(pack, f)]
    chosen_freely = [f for f in free if pack.facts[f].default is not None or pack.facts[f].derive is not None]
    on_need = {f for f in free if f not in chosen_freely}
    reads = _relevant(pack, on_need)  # only they can leave a fact without default needed
    checks = [
        (c.require, set(base_inputs(pack, [c.require])) | set(c.require.names))
        for c in pack.constraints.values()
    ]
    static = {i: _allows(pack, require, fixed) for i, (require, _) in enumerate(checks)}
    coverage = coverage if coverage is not None else Coverage()
    for f in free:
        if pack.facts[f].type.kind == "int" and pack.facts[f].range and not partition(pack, f).exact:
            coverage.stop(f"{f}'s range is too wide to prove which of its values the pack tells apart")
    needed: dict[tuple[str, ...], list[str]] = {}
    for size in range(len(free) + 1):
        for count in range(min(size, len(chosen_freely)) + 1):
            for combo in combinations(chosen_freely, count):
                if combo not in needed:
                    needed[combo] = sorted(_needed(pack, combo, fixed, on_need, reads), key=order.__getitem__)
                if count + len(needed[combo]) == size:
                    variables = sorted([*combo, *needed[combo]], key=order.__getitem__)
                    for found in _solve(pack, variables, fixed, checks, static):
                        if coverage.out_of_time():
                            return
                        coverage.searched += 1
                        yield found


def minimal_witnesses(
    pack: Pack,
    predicate: Callable[[dict[str, Any]], bool],
    facts: Sequence[str],
    *,
    fixed: Mapping[str, Any] = {},
    limit: int = 1,
    coverage: Coverage | None = None,
) -> list[dict[str, Any]]:
    """The smallest situations for which `predicate(given)` holds: at most `limit`, smallest first.

    Smallest means fewest facts set beyond defaults (a fact without a default
    counts as set when given); the search goes by increasing size, so the
    first found are minimal. An empty list means no situation over `facts`
    satisfies the predicate (proven when `coverage` stays exhaustive).

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> hard_and_soft = lambda g: g.get("soft_cover.obscures") and g.get("hard_cover.obscures")
        >>> covers = ["shooter.moved", "soft_cover.obscures", "hard_cover.obscures"]
        >>> minimal_witnesses(pack, hard_and_soft, covers)
        [{'soft_cover.obscures': True, 'hard_cover.obscures': True}]
    """
    found: list[dict[str, Any]] = []
    if limit < 1:
        return found
    for given in situations(pack, facts, fixed=fixed, coverage=coverage):
        if predicate(given):
            found.append(given)
            if len(found) >= limit:
                break
    return found


def fact_values(pack: Pack, given: Mapping[str, Any]) -> dict[str, Any]:
    """The situation's fact values as `ask` sees them (`solver.facts.derive_facts`), never raising.

    A situation `ask` refuses (a broken domain constraint, a derived fact its
    inputs cannot produce) gets its plain values instead: defaults, `given`,
    then every derived fact computable from them, so the search can evaluate
    the very constraint it breaks.

    Examples:
        >>> from kb.loader import load_pack
        >>> values = fact_values(load_pack("fantasy"), {"hard_cover.obscures": True, "hard_cover.los": 2,
        ...                                             "target.los": 2, "shooter.los": 3})
        >>> values["target.in_hard_cover"], "target.in_soft_cover" in values
        (True, True)
    """
    from kb.errors import Contradiction
    from solver.facts import derive_facts

    try:
        return derive_facts(pack, given)
    except Contradiction:
        pass
    values = dict(_index(pack).defaults)
    values.update(given)
    for name in pack.order:
        if name in given:
            continue
        derive = pack.facts[name].derive
        assert derive is not None
        result = evaluate(derive, values)
        if result is not UNKNOWN:
            values[name] = result
    return values


# -- internals ------------------------------------------------------------------


def _relevant(pack: Pack, facts: set[str]) -> list[tuple[Expr, set[str]]]:
    """The pack's expressions that read any of `facts` (through derived facts), with their base facts."""
    index = _index(pack)
    if index.reads is None:
        index.reads = defaultdict(list)
        for expr in _expressions(pack):
            if expr is not None:
                base = set(base_inputs(pack, [expr]))
                for name in base:
                    index.reads[name].append((expr, base))
    found = {id(expr): (expr, base) for f in facts for expr, base in index.reads.get(f, ())}
    return list(found.values())


def _needed(
    pack: Pack,
    combo: Sequence[str],
    fixed: Mapping[str, Any],
    on_need: set[str],
    reads: list[tuple[Expr, set[str]]],
) -> set[str]:
    """Facts without default that `combo` (at its first values) leaves some expression waiting for."""
    given = {**fixed, **{f: _sample(pack, f)[0] for f in combo}}
    needed: set[str] = set()
    while True:
        values = fact_values(pack, given)
        more = set()
        for expr, base in reads:
            if evaluate(expr, values) is UNKNOWN:
                more |= (base & on_need) - needed
        if not more:
            return needed
        needed |= more
        given.update({f: _sample(pack, f)[0] for f in more})


def _solve(
    pack: Pack,
    chosen: list[str],
    fixed: Mapping[str, Any],
    checks: list[tuple[Expr, set[str]]],
    static: dict[int, bool],
) -> Iterator[dict[str, Any]]:
    """Every value assignment to exactly `chosen` (each away from its default), in the solver's order."""
    from constraint import FunctionConstraint, Problem

    touching = [(i, require, [f for f in chosen if f in reads]) for i, (require, reads) in enumerate(checks)]
    if any(not vars_ and not static[i] for i, _, vars_ in touching):
        return
    derived = any(pack.facts[f].derive is not None for f in [*chosen, *fixed])
    if not chosen:
        if not derived or consistent(pack, fixed):
            yield dict(fixed)
        return
    problem = Problem()
    for f in chosen:
        # the solver tries a domain's values from its end: reversed, they come in domain order
        problem.addVariable(f, list(reversed(_sample(pack, f))))
    for _, require, vars_ in touching:
        if vars_:
            problem.addConstraint(FunctionConstraint(_constraint_check(pack, require, vars_, fixed)), vars_)
    if derived:  # a derived fact only takes values its inputs can produce with the rest of the situation
        problem.addConstraint(FunctionConstraint(_consistency_check(pack, chosen, fixed)), chosen)
    # streamed, never listed: one choice of facts can have many value assignments
    for s in problem.getSolutionIter():
        yield {**fixed, **{f: s[f] for f in chosen}}


def _constraint_check(
    pack: Pack, require: Expr, vars_: list[str], fixed: Mapping[str, Any]
) -> Callable[..., bool]:
    def check(*values: Any) -> bool:
        return _allows(pack, require, {**fixed, **dict(zip(vars_, values, strict=True))})

    return check


def _consistency_check(pack: Pack, chosen: list[str], fixed: Mapping[str, Any]) -> Callable[..., bool]:
    def check(*values: Any) -> bool:
        return consistent(pack, {**fixed, **dict(zip(chosen, values, strict=True))})

    return check


def _allows(pack: Pack, require: Expr, given: Mapping[str, Any]) -> bool:
    return evaluate(require, fact_values(pack, given)) is not False


class _Index:
    """What the search reuses for one pack: its graph and each fact's sampled values."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.graph = dependency_graph(pack)
        self.samples: dict[str, tuple[Any, ...]] = {}
        self.defaults = {name: fact.default for name, fact in pack.facts.items() if fact.default is not None}
        self.base_of: dict[str, set[str]] = {}
        self.reads: dict[str, list[tuple[Expr, set[str]]]] | None = None


_INDEXES: dict[int, _Index] = {}


def _index(pack: Pack) -> _Index:
    # Packs hold dicts, so they are not hashable; key by identity and keep the pack alive with its index.
    index = _INDEXES.get(id(pack))
    if index is None or index.pack is not pack:
        if len(_INDEXES) >= 8:
            _INDEXES.pop(next(iter(_INDEXES)))
        index = _INDEXES[id(pack)] = _Index(pack)
    return index


def _graph(pack: Pack) -> nx.DiGraph:
    return _index(pack).graph


def _base_of(pack: Pack, name: str) -> set[str]:
    fact = pack.facts.get(name)
    if fact is None:
        return set()
    if fact.derive is None:
        return {name}
    cache = _index(pack).base_of
    if name not in cache:
        ancestors = nx.ancestors(_graph(pack), ("fact", name))
        cache[name] = {n for kind, n in ancestors if kind == "fact" and pack.facts[n].derive is None}
    return cache[name]


def _sample(pack: Pack, name: str) -> tuple[Any, ...]:
    samples = _index(pack).samples
    if name not in samples:
        samples[name] = _sample_uncached(pack, name)
    return samples[name]


def _sample_uncached(pack: Pack, name: str) -> tuple[Any, ...]:
    fact = pack.facts.get(name)
    if fact is None or not fact.domain:
        return ()
    return tuple(v for v in values_of(pack, name) if v != fact.default)


def _expressions(pack: Pack) -> list[Expr | None]:
    exprs: list[Expr | None] = [f.derive for f in pack.facts.values()]
    exprs += [c.require for c in pack.constraints.values()]
    for q in pack.quantities.values():
        exprs += [q.base, q.automatic, q.passes]
    for m in pack.modifiers.values():
        exprs += [m.when, m.amount, m.per]
    for p in pack.policies.values():
        exprs += [p.min, p.max, p.when]
    return exprs



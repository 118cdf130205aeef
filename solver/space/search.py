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

import heapq
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import combinations, product
from typing import Any

import networkx as nx

from kb.errors import RulingsError, UnknownName
from kb.expr import UNKNOWN, Expr, evaluate
from kb.graph import dependency_graph
from kb.model import Constraint, Modifier, Pack
from solver.space.model import (
    Coverage,
    compared_groups,
    consistent,
    defaults_apply,
    expressions,
    facts_behind,
    inputs,
    joint_values,
    partition,
    plain_values,
    splits,
    unsplit,
    values_of,
)


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
    if quantity is not None and quantity not in pack.quantities:
        raise UnknownName("quantity", quantity, [*pack.quantities, *pack.sequences])  # the commands take both
    index = _index(pack)
    if quantity not in index.candidates:  # a check asks it of the same quantity once for each rule
        names: set[str] = set()
        for q in list(pack.quantities) if quantity is None else [quantity]:
            names |= {name for kind, name in nx.ancestors(index.graph, ("quantity", q)) if kind == "fact"}
        index.candidates[quantity] = tuple(n for n, fact in pack.facts.items() if n in names and fact.derive is None)
    return list(index.candidates[quantity])


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
    return in_pack_order(pack, names)


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
    """The facts `exprs` read directly (a derived fact stays whole), in pack order, with those of every domain
    constraint that ties them to others (a default a constraint forbids beside a value must be free to change) or
    that the facts' defaults break.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> frontier(pack, [pack.modifiers["soft_cover"].when, pack.modifiers["lone_model"].when])
        ['target.lone_model', 'target.unit_strength', 'target.in_soft_cover']
    """
    names = {n for e in exprs if e is not None for n in e.names if n in pack.facts}
    names |= {n for c in broken_by_defaults(pack) for n in c.require.names if n in pack.facts}
    names = untangle(pack, names)
    while True:  # until no constraint ties in more: a derived fact it reads may stand for facts already here
        reach = {b for n in names for b in _base_of(pack, n)}
        more = {n for c in pack.constraints.values() if set(base_inputs(pack, [c.require])) & reach
                for n in c.require.names if n in pack.facts}
        grown = untangle(pack, names | more)
        if grown == names:
            return in_pack_order(pack, names)
        names = grown


def broken_by_defaults(pack: Pack) -> list[Constraint]:
    """The domain constraints the facts' defaults break: each rules out every situation that keeps its facts at
    their defaults, so a search must be free to change them, whatever it asks about.

    Examples:
        >>> from kb.loader import load_pack
        >>> broken_by_defaults(load_pack("fantasy"))
        []
    """
    # kept on the pack, by the constraints themselves: a pack made from another with other constraints shares its index
    key = ("broken by defaults", tuple((name, c.require.text) for name, c in pack.constraints.items()))
    if key not in pack.index:
        pack.index[key] = tuple(c for c in pack.constraints.values() if not _allows(pack, c.require, {}))
    return list(pack.index[key])


def in_pack_order(pack: Pack, names: Iterable[str]) -> list[str]:
    """`names` (facts of the pack) in the order the pack declares them, in time with their number, not the pack's.

    Examples:
        >>> from kb.loader import load_pack
        >>> in_pack_order(load_pack("fantasy"), {"target.los", "shooter.bs"})
        ['shooter.bs', 'target.los']
    """
    index = _index(pack)
    if index.position is None:
        index.position = {n: i for i, n in enumerate(pack.facts)}
    return sorted(names, key=index.position.__getitem__)


def untangle(pack: Pack, names: set[str]) -> set[str]:
    """`names`, each derived fact whose inputs are also among them replaced by what it is derived from.

    A derived fact set directly frees its inputs, so it cannot stand whole beside one of them: the search
    would never see the input's value and the derived fact's disagree.
    """
    while True:
        direct = {n for n in names if pack.facts[n].derive is None}
        tangled = {n for n in names if pack.facts[n].derive is not None and inputs(pack, n) & direct}
        if not tangled:
            return names
        names = (names - tangled) | {i for n in tangled for i in _derive(pack, n).names if i in pack.facts}


def situations(
    pack: Pack, facts: Sequence[str], *, fixed: Mapping[str, Any] = {}, coverage: Coverage | None = None,
    joint: bool = False,
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
    A fact whose values the search cannot split (`splits`) is left out, and
    `coverage` says so. With `joint`, facts without a default that are given
    together and compared with each other take one combination of values
    per class no expression tells apart (`joint_values`), not every
    combination of their values: enough to prove that no situation shows
    something, or to find the one nearest the typical values, but not to
    list them all.

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
    plan = _plan(pack, facts)  # refuses a fact the pack does not have
    for f in fixed:
        if f not in pack.facts:
            raise UnknownName("fact", f, pack.facts)
    order = plan.order
    free = [f for f in plan.sampled if f not in fixed]
    on_need = {f for f in plan.on_need if f not in fixed}
    # only they can leave a fact without default needed; one that also needs facts outside the search cannot
    reach = set(free) | set(fixed)
    reads = [r for r in _relevant(pack, on_need) if _reachable(pack, r[0].names, reach)]
    checks = _checks(pack)
    broken = [i for i, (require, _) in enumerate(checks) if not _allows(pack, require, fixed)]  # by `fixed` alone
    coverage = coverage if coverage is not None else Coverage()
    for f, why in plan.unproven:
        if f not in fixed:
            coverage.stop(why)
    chosen_freely = [f for f in free if f not in on_need]
    needs = [f for f in order if f in on_need]
    # situations with facts given because an expression waits for them come when their size is reached
    pending: list[tuple[int, int, Iterator[dict[str, Any]]]] = []

    def due(size: int | None) -> Iterator[dict[str, Any]]:
        """The waiting situations whose size is reached (every one left, when None)."""
        while pending and (size is None or pending[0][0] == size):
            yield from heapq.heappop(pending)[2]

    def in_order() -> Iterator[dict[str, Any]]:
        serial = 0
        for size in range(len(free) + 1):
            yield from due(size)
            for combo in combinations(chosen_freely, size):
                for assigned in _solve(pack, list(combo), fixed, checks, broken):
                    wanted = _waited_for(pack, assigned, needs, reads)
                    serial += 1
                    heapq.heappush(pending, (size + len(wanted), serial, _complete(
                        pack, assigned, wanted, needs, reads, checks, joint)))
            yield from due(size)
        yield from due(None)  # every fact was chosen: what is left holds facts given because they were waited for

    for found in in_order():
        if coverage.out_of_time():
            return
        coverage.searched += 1
        yield found


def _reachable(pack: Pack, names: Iterable[str], reach: set[str]) -> bool:
    """Whether every fact without a default behind `names` can be given by the search: it is in `reach`, or is
    read through a derived fact in `reach` (given whole, it stands for its inputs)."""
    for name in names:
        fact = pack.facts.get(name)
        if name in reach or fact is None:
            continue
        if fact.derive is not None:
            if not _reachable(pack, fact.derive.names, reach):
                return False
        elif name in _index(pack).on_need:
            return False
    return True


def _waited_for(pack: Pack, given: Mapping[str, Any], needs: list[str],
                reads: list[tuple[Expr, set[str], str | None]]) -> list[str]:
    """The facts without a default that `given`'s expressions wait for, found in rounds (each given its first
    value to see what else then waits)."""
    wanted = _waiting(pack, given, needs, reads) if reads else []
    probe = {**given, **{f: values_of(pack, f)[0] for f in wanted}}
    while wanted and (more := _waiting(pack, probe, needs, reads)):
        wanted += more
        probe.update({f: values_of(pack, f)[0] for f in more})
    return wanted


def _complete(pack: Pack, given: dict[str, Any], wanted: list[str], needs: list[str],
              reads: list[tuple[Expr, set[str], str | None]],
              checks: list[tuple[Expr, set[str]]], joint: bool) -> Iterator[dict[str, Any]]:
    """`given` with each combination of values of the facts it waits for (`_waited_for`, `_combinations`).

    What waits can depend on the values (a fact that decides a condition only at another value of a fact the
    first round gave), so each combination is checked again and completed further where it must be. Plain
    values (no derived fact settled from its possible inputs) are cheap, and can only find a fact waited for
    that is not: the situation is then a little larger than it needs to be, never missing.
    """
    for values in _combinations(pack, wanted, given, joint):
        found = {**given, **dict(zip(wanted, values, strict=True))}
        if wanted and (more := _waiting(pack, found, needs, reads)):
            for value in values_of(pack, more[0]):
                deeper = {**found, more[0]: value}
                yield from _complete(pack, deeper, _waited_for(pack, deeper, needs, reads), needs, reads, checks,
                                     joint)
            continue
        if _allows_all(pack, [require for require, _ in checks], found):
            yield found


def _combinations(pack: Pack, wanted: list[str], given: Mapping[str, Any], joint: bool) -> Iterator[tuple[Any, ...]]:
    """Each combination of values of `wanted` to try with `given`: one value of each class of each fact, or with
    `joint`, for facts compared with each other (`compared_groups`), one combination of each class of their values
    together, the rest of the situation holding its values (`joint_values`)."""
    parts: list[tuple[list[str], Sequence[tuple[Any, ...]]]] = []
    rest = list(wanted)
    groups = compared_groups(pack, wanted) if joint else []
    if groups:
        known = {**defaults_apply(pack, given), **{n: v for n, v in given.items() if pack.facts[n].derive is None}}
        for group in groups:
            together = joint_values(pack, group, known)
            if together is not None:
                parts.append((group, together))
                rest = [f for f in rest if f not in group]
    parts += [([f], [(v,) for v in values_of(pack, f)]) for f in rest]
    parts.sort(key=lambda part: wanted.index(part[0][0]))  # the first fact's values change the slowest
    at = {f: i for i, f in enumerate(f for names, _ in parts for f in names)}
    for chosen in product(*(values for _, values in parts)):
        flat = [v for values in chosen for v in values]
        yield tuple(flat[at[f]] for f in wanted)


def _waiting(pack: Pack, given: Mapping[str, Any], needs: list[str],
             reads: list[tuple[Expr, set[str], str | None]]) -> list[str]:
    """The facts of `needs` not given that some undecided expression would be decided by, in search order."""
    pending = [f for f in needs if f not in given]
    if not pending:
        return []
    unread = set(pending).isdisjoint  # an expression that reads none of them cannot want one: never evaluated
    values = plain_values(pack, given)
    open_ = [(expr, base) for expr, base, owner in reads
             if (owner is None or owner not in given) and not unread(base) and _probe(expr, values, UNKNOWN) is UNKNOWN]
    missing = [f for f in pending if any(f in base for _, base in open_)]
    if not missing:
        return []
    probe = {**given, **{f: values_of(pack, f)[0] for f in missing}}
    filled = plain_values(pack, probe)
    decided = [base for expr, base in open_ if _probe(expr, filled, None) is not UNKNOWN]
    if len(decided) < len(open_):  # a derived fact the inputs left can settle (one value), as `ask` settles it
        settled = fact_values(pack, probe)
        decided = [base for expr, base in open_ if _probe(expr, settled, None) is not UNKNOWN]
    return [f for f in missing if any(f in base for base in decided)]


def _probe(expr: Expr, values: Mapping[str, Any], failed: Any) -> Any:
    """An expression's value on probe values, which no domain constraint has checked, or `failed` where they make it
    fail (a division by a derived fact that only an impossible situation makes 0). Before facts are filled in, a
    failure leaves the expression open (its facts are waited for: a situation a little larger, never one missed);
    after, it shows the facts filled in decide it."""
    try:
        return evaluate(expr, values)
    except RulingsError:
        return failed


def interchangeable(old: Pack, new: Pack, q: str, facts: Sequence[str], exprs: Sequence[Expr],
                    changed: Sequence[str] = ()) -> list[list[Modifier]]:
    """Groups of `q`'s rules only whose number holding matters: same in both packs, same constant effect, untied.

    Each rule of a group holds exactly when its own bool fact (default false, one of `facts`) is true, and
    nothing else of `exprs`, no derivation and no domain constraint reads that fact, so which of them hold
    changes nothing but the rule names: seven -1 rules are 8 cases, not 128. `changed` rules never join.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("skirmish")
        >>> interchangeable(pack, pack, "cc_dice", ["attacker.charging"], [])
        []
    """
    tied = {r for pack in (old, new) for p in pack.policies.values() for r in p.members}
    readers: dict[str, int] = {}
    for e in exprs:
        for n in facts_behind(new, e.names):  # through derivations: a derived fact's inputs are read by it too
            readers[n] = readers.get(n, 0) + 1
    constrained = {n for pack in (old, new) for c in pack.constraints.values()
                   for f in c.require.names if f in pack.facts for n in facts_behind(pack, [f])}
    groups: dict[tuple[str, str], list[Modifier]] = {}
    for m in new.modifiers_of(q):
        names = m.when.names
        if (m.name in changed or m.name in tied or m.name not in old.modifiers or m.per is not None
                or m.amount.names or m.under or len(names) != 1):
            continue
        (fact,) = names
        f = new.facts.get(fact)
        if (f is None or fact not in facts or f.type.kind != "bool" or f.derive is not None or f.default is not False
                or readers.get(fact) != 1 or fact in constrained or m.when.text.strip() != fact):
            continue
        groups.setdefault((m.op, m.amount.text), []).append(m)
    return [g for g in groups.values() if len(g) > 1]


def minimal_witnesses(
    pack: Pack,
    predicate: Callable[[dict[str, Any]], bool],
    facts: Sequence[str],
    *,
    fixed: Mapping[str, Any] = {},
    limit: int = 1,
    coverage: Coverage | None = None,
    joint: bool = False,
) -> list[dict[str, Any]]:
    """The smallest situations for which `predicate(given)` holds: at most `limit`, smallest first (`joint`: see
    `situations`).

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
    for given in situations(pack, facts, fixed=fixed, coverage=coverage, joint=joint):
        if predicate(given):
            found.append(given)
            if len(found) >= limit:
                break
    return found


def fact_values(pack: Pack, given: Mapping[str, Any]) -> dict[str, Any]:
    """The situation's fact values as `ask` sees them (`solver.facts.derive_facts`), never raising.

    A situation `ask` refuses (a broken domain constraint, a derived fact its
    inputs cannot produce) gets its plain values instead (`plain_values`), so
    the search can evaluate the very constraint it breaks.

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
        return plain_values(pack, given)


def condition_values(pack: Pack, expr: Expr, given: Mapping[str, Any]) -> Mapping[str, Any]:
    """The fact values `expr` reads in the situation `given`, as `fact_values` has them.

    An expression on base facts alone, in a situation that gives base facts
    alone, of a pack without irregular plurals, reads the given values and
    defaults as they are: only the facts it names are looked up (a large pack's
    every default is not copied for a condition on two facts).

    Examples:
        >>> from kb.loader import load_pack
        >>> from kb.expr import parse_expr
        >>> pack = load_pack("fantasy")
        >>> condition_values(pack, parse_expr("shooter.moved and target.los > 2"), {"shooter.moved": True})
        {'shooter.moved': True}
    """
    return _named_values(pack, expr, given) if _reads_plainly(pack, expr, given) else fact_values(pack, given)


def _reads_plainly(pack: Pack, expr: Expr, given: Mapping[str, Any]) -> bool:
    """Whether `expr` reads the situation's given values and defaults as they are (`condition_values`)."""
    facts = pack.facts
    return not (pack.plurals or any(facts[n].derive is not None for n in given)
                or any(facts[n].derive is not None for n in expr.names if n in facts))


def _named_values(pack: Pack, expr: Expr, given: Mapping[str, Any]) -> dict[str, Any]:
    facts = pack.facts
    return {n: given[n] if n in given else facts[n].default for n in expr.names
            if n in given or (n in facts and facts[n].default is not None)}


# -- internals ------------------------------------------------------------------


def _relevant(pack: Pack, facts: set[str]) -> list[tuple[Expr, set[str], str | None]]:
    """The pack's expressions that read any of `facts` (through derived facts): each with its base facts,
    and the derived fact it derives (None for a rule's or quantity's expression)."""
    index = _index(pack)
    if index.reads is None:
        index.reads = defaultdict(list)
        owners = {id(f.derive): n for n, f in pack.facts.items() if f.derive is not None}
        for expr in expressions(pack):
            base = set(base_inputs(pack, [expr]))
            for name in base:
                index.reads[name].append((expr, base, owners.get(id(expr))))
    found = {id(entry[0]): entry for f in facts for entry in index.reads.get(f, ())}
    return list(found.values())


def _checks(pack: Pack) -> list[tuple[Expr, set[str]]]:
    """The pack's constraints, each with the facts it reads (its base facts and the derived facts it names)."""
    index = _index(pack)
    if index.checks is None:
        index.checks = [(c.require, set(base_inputs(pack, [c.require])) | set(c.require.names))
                        for c in pack.constraints.values()]
    return index.checks


def _touches(pack: Pack, fact: str) -> tuple[int, ...]:
    """The constraints (their places in `_checks`) a fact touches: a derived fact touches those on its inputs too,
    since given, it frees them."""
    touches = _index(pack).touches
    found = touches.get(fact)
    if found is None:
        base = _base_of(pack, fact)
        found = touches[fact] = tuple(i for i, (_, reads) in enumerate(_checks(pack)) if fact in reads or base & reads)
    return found


def _solve(
    pack: Pack,
    chosen: list[str],
    fixed: Mapping[str, Any],
    checks: list[tuple[Expr, set[str]]],
    broken: list[int],
) -> Iterator[dict[str, Any]]:
    """Every value assignment to exactly `chosen` (each away from its default), in the solver's order; none where a
    constraint `fixed` breaks (`broken`) is touched by none of them."""
    from constraint import FunctionConstraint, Problem

    touching: dict[int, list[str]] = {}  # each constraint the chosen facts touch, with those facts in their order
    for f in chosen:
        for i in _touches(pack, f):
            touching.setdefault(i, []).append(f)
    if any(i not in touching for i in broken):
        return
    derived = any(pack.facts[f].derive is not None for f in [*chosen, *fixed])
    if not chosen:
        if not derived or consistent(pack, fixed):
            yield dict(fixed)
        return
    if not touching and not derived:  # nothing to check: every combination, in the order the solver gives them
        for s in unconstrained({f: _sample(pack, f) for f in chosen}):
            yield {**fixed, **s}
        return
    problem = Problem()
    for f in chosen:
        # the solver tries a domain's values from its end: reversed, they come in domain order
        problem.addVariable(f, list(reversed(_sample(pack, f))))
    for i, vars_ in touching.items():
        problem.addConstraint(FunctionConstraint(_constraint_check(pack, checks[i][0], vars_, fixed)), vars_)
    if derived:  # a derived fact only takes values its inputs can produce with the rest of the situation
        problem.addConstraint(FunctionConstraint(_consistency_check(pack, chosen, fixed)), chosen)
    # streamed, never listed: one choice of facts can have many value assignments
    for s in problem.getSolutionIter():
        yield {**fixed, **{f: s[f] for f in chosen}}


def unconstrained(domains: Mapping[str, Sequence[Any]]) -> Iterator[dict[str, Any]]:
    """Every assignment of values to the variables of `domains` (each in its order), in the order python-constraint's
    solver gives them when no constraint holds them: the variables with fewer values vary more slowly (ties as
    listed), each through its values in order (each domain given reversed, as `_solve` gives it). Each assignment
    lists the variables as `domains` does.

    Examples:
        >>> [tuple(s.values()) for s in unconstrained({"a": [1, 2, 3], "b": ["x", "y"]})]
        [(1, 'x'), (2, 'x'), (3, 'x'), (1, 'y'), (2, 'y'), (3, 'y')]
    """
    names = list(domains)
    order = sorted(names, key=lambda name: len(domains[name]))
    at = [order.index(name) for name in names]
    for values in product(*(domains[name] for name in order)):
        yield {name: values[i] for name, i in zip(names, at, strict=True)}


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
    """Whether `given` keeps the constraint `require` (unknown keeps it: only a sure break rules a situation out)."""
    return evaluate(require, condition_values(pack, require, given)) is not False


def _allows_all(pack: Pack, requires: Sequence[Expr], given: Mapping[str, Any]) -> bool:
    """Whether `given` keeps every constraint of `requires` (`_allows`), its values as `ask` sees them worked out
    once for all of them, not once for each."""
    values: Mapping[str, Any] | None = None
    for require in requires:
        if _reads_plainly(pack, require, given):
            read: Mapping[str, Any] = _named_values(pack, require, given)
        else:
            read = values = fact_values(pack, given) if values is None else values
        if evaluate(require, read) is False:
            return False
    return True


class _Plan:
    """What `situations` makes of its list of facts alone, before it knows what is fixed: kept per pack and list,
    as a check searches each rule's situations over the same facts of its quantity."""

    __slots__ = ("on_need", "order", "sampled", "unproven")

    def __init__(self, pack: Pack, facts: Sequence[str]) -> None:
        for f in facts:
            if f not in pack.facts:
                raise UnknownName("fact", f, pack.facts)
        self.order = {f: i for i, f in enumerate(dict.fromkeys(facts))}
        self.sampled = [f for f in self.order if _sample(pack, f)]
        self.on_need = [f for f in self.sampled if pack.facts[f].default is None and pack.facts[f].derive is None]
        self.unproven: list[tuple[str, str]] = []  # each fact the search cannot prove it split, with why
        for f in self.order:
            if not splits(pack, f):
                self.unproven.append((f, unsplit(pack, f)))
            # one class found is no proof either: its default may be all the search tries of an unsplit range
            elif pack.facts[f].type.kind == "int" and pack.facts[f].range and not partition(pack, f).exact:
                self.unproven.append((f, f"{f}'s range is too wide to prove which of its values the pack tells apart"))


def _plan(pack: Pack, facts: Sequence[str]) -> _Plan:
    plans = _index(pack).plans
    key = tuple(facts)
    plan = plans.get(key)
    if plan is None:
        plan = plans[key] = _Plan(pack, facts)
    return plan


class _Index:
    """What the search reuses for one pack: its graph, each fact's sampled values, each list of facts' plan, its
    constraints and which of them each fact touches."""

    def __init__(self, pack: Pack) -> None:
        self.graph = dependency_graph(pack)
        self.samples: dict[str, tuple[Any, ...]] = {}
        self.base_of: dict[str, set[str]] = {}
        self.candidates: dict[str | None, tuple[str, ...]] = {}
        self.reads: dict[str, list[tuple[Expr, set[str], str | None]]] | None = None
        self.position: dict[str, int] | None = None
        self.on_need = {n for n, f in pack.facts.items() if f.default is None and f.derive is None and splits(pack, n)}
        self.plans: dict[tuple[str, ...], _Plan] = {}
        self.checks: list[tuple[Expr, set[str]]] | None = None
        self.touches: dict[str, tuple[int, ...]] = {}


def _index(pack: Pack) -> _Index:
    """The pack's search index, kept in the pack's own registry: it lives and goes with the pack."""
    index = pack.index.get(("search index",))
    if index is None:
        index = pack.index["search index",] = _Index(pack)
    return index  # type: ignore[no-any-return]


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
    if fact is None or not splits(pack, name):
        return ()
    return tuple(v for v in values_of(pack, name) if v != fact.default)


def _derive(pack: Pack, name: str) -> Expr:
    """The expression a derived fact is worked out by."""
    derive = pack.facts[name].derive
    assert derive is not None, name
    return derive

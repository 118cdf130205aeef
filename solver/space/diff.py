"""Compare two versions of a pack: which rulings change, in which situations, and which rule changes cause it.

A ruling of a quantity depends on the situation only through its *readings*:
whether each rule's condition holds, what each amount, base and bound comes
to. So the search goes over the readings the two packs can produce, not over
every situation:

- the facts the readings read directly (a derived fact stays whole, unless
  the change touches its derivation) split into *parts* that share no facts,
  no inputs and no domain constraint; each part's reachable readings are
  found by enumerating its facts (int facts one value per partition class),
  each with its smallest situation;
- rules that are the same in both versions, with the same constant effect,
  tied to no policy and reading facts nothing else reads, are
  interchangeable: only how many of them hold matters (seven -1 rules are 8
  cases, not 128);
- every combination of the parts' readings is then one situation to ask
  both packs about, smallest first.

That search is exhaustive when it finishes (`Coverage.exhaustive`): "no
change" is then proven. Ad-hoc effects and characteristic bases come from
the situation, an open domain: for quantities that take them, the search
says what it tried and does not claim to be exhaustive.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise, product
from typing import Any

from kb.errors import Contradiction, RulingsError, UnknownName, Unworkable
from kb.expr import UNKNOWN, Expr, evaluate, parse_expr
from kb.model import Modifier, Pack
from solver.keyword_classes import joint_keyword_classes
from solver.space.check import BASE, TARGET, describe_ruling
from solver.space.model import (
    EVALUATE_LIMIT,
    Coverage,
    facts_behind,
    inputs,
    partition,
    splits,
    typical,
    unsplit,
    values_of,
)
from solver.space.progress import progress
from solver.space.search import broken_by_defaults, interchangeable, untangle

LIMIT = 200_000
"""Most combinations of readings compared per quantity before the search says it is not exhaustive."""
PART_LIMIT = 100_000
"""Most assignments of one part's facts read before the search says it is not exhaustive."""
SAMPLE_LIMIT = 10_000
"""Assignments read of a part known from the start to have more than `PART_LIMIT`: enough to show changes."""


@dataclass(frozen=True, slots=True)
class Change:
    """A group of situations whose ruling goes from `old` to `new`, with the smallest of them."""

    quantity: str
    old: str
    new: str
    witness: Mapping[str, Any]
    count: int
    causes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PackDiff:
    """Every change between two packs, the rules that differ, and what each quantity's search covered."""

    changed_rules: tuple[str, ...]
    changes: tuple[Change, ...]
    searched: dict[str, int]
    coverage: dict[str, Coverage] = field(default_factory=dict)

    @property
    def exhaustive(self) -> bool:
        """Whether every quantity's search covered its whole space (so "no change" is proven)."""
        return all(c.exhaustive for c in self.coverage.values())


def changed_rules(old: Pack, new: Pack) -> list[str]:
    """Modifiers, policies, quantities, facts, sequences, domain constraints and readings added, removed or
    changed between `old` and `new`, by name; and `PLURALS` where the irregular plurals differ.

    Examples:
        >>> from kb.loader import load_pack
        >>> changed_rules(load_pack("fantasy"), load_pack("fantasy"))
        []
    """
    out = []
    for section in ("modifiers", "policies", "quantities", "facts", "sequences", "constraints", "readings"):
        a, b = getattr(old, section), getattr(new, section)
        for name in sorted(set(a) | set(b)):
            if _shape(a.get(name)) != _shape(b.get(name)) and name not in out:
                out.append(name)
    if set(old.plurals) != set(new.plurals):
        out.append(PLURALS)
    return out


PLURALS = "irregular plurals"
"""How `changed_rules` names a change of the pack's irregular plurals (what it means is read from the packs, never
from this name, which a rule may have too)."""


def diff_packs(old: Pack, new: Pack, quantity: str | None = None, *, deadline: float | None = None) -> PackDiff:
    """The rulings that change between `old` and `new` (for one quantity, or every shared one and every shared
    sequence)."""
    from solver.ask import ask
    from solver.situation import Situation

    if quantity is not None and quantity not in new.quantities:
        raise UnknownName("quantity", quantity, new.quantities)
    changed = changed_rules(old, new)
    names = [quantity] if quantity else [q for q in new.quantities if q in old.quantities]
    changes: list[Change] = []
    searched: dict[str, int] = {}
    covered: dict[str, Coverage] = {}
    for q in names:
        coverage = covered[q] = Coverage(deadline=deadline)
        groups: dict[tuple[str, str], list[Any]] = {}
        for situation, weight in _situations(old, new, q, changed, coverage):
            for given in _with_targets(ask, old, new, q, situation, Situation):
                before, after = _ruling(ask, old, q, given, Situation), _ruling(ask, new, q, given, Situation)
                if before[0] == after[0]:
                    continue
                key = _shown_apart(before, after)
                if key in groups:
                    groups[key][1] += weight
                    continue
                causes = _causes(before[2] | after[2], changed, old, new, q)
                groups[key] = [given, weight, causes]
        searched[q] = coverage.searched
        changes += [Change(q, a, b, w, n, c) for (a, b), (w, n, c) in groups.items()]
    if quantity is None:  # a quantity or whole attack only one version has: every ruling of it comes or goes
        for name in sorted(set(old.quantities) ^ set(new.quantities)):
            a, b = (_ruling(ask, p, name, {}, Situation)[1] for p in (old, new))
            changes.append(Change(name, a, b, {}, 1, (name,)))
        for name in sorted(set(old.sequences) ^ set(new.sequences)):
            a, b = (f"{p.sequences[name].text or name}" if name in p.sequences else "no such sequence"
                    for p in (old, new))
            changes.append(Change(name, a, b, {}, 1, (name,)))
    if quantity is None:  # a whole attack changes with what it rolls: see solver.space.sequence_diff
        from solver.space.sequence_diff import sequence_changes

        found, sequences = sequence_changes(old, new, changed, changes, covered, deadline=deadline)
        changes += [Change(name, a, b, w, 1, c) for name, a, b, w, c in found]
        covered.update(sequences)
        searched.update({name: c.searched for name, c in sequences.items()})
    return PackDiff(tuple(changed), tuple(changes), searched, covered)


EFFECTS = "takes ad-hoc effects from the situation"
"""How a coverage reason that only concerns effects a situation adds (not rules of the pack) starts."""


def every_reading(pack: Pack, q: str, coverage: Coverage, *, targets: bool = True) -> Iterator[dict[str, Any]]:
    """One situation per combination of readings `q`'s ruling can reach (at every target that matters).

    The same situations `diff` compares, so a claim about every ruling of `q` (a limit that holds, a rule that
    never changes one) is proven where `coverage` stays exhaustive. Effects a situation adds are not the
    pack's rules: their reason (`EFFECTS`) is left out.
    """
    from solver.ask import ask
    from solver.situation import Situation

    own = Coverage(deadline=coverage.deadline)
    for situation, _ in _situations(pack, pack, q, [], own):
        yield from _with_targets(ask, pack, pack, q, situation, Situation) if targets else (situation,)
    coverage.searched += own.searched
    for reason in own.reasons:
        if EFFECTS not in reason:
            coverage.stop(reason)


def differs_at(old: Pack, new: Pack, q: str, given: dict[str, Any]) -> bool:
    """Whether a player is told something else under `new` than under `old` in this situation (at every target
    that matters, for a roll without one)."""
    from solver.ask import ask
    from solver.situation import Situation

    return any(_ruling(ask, old, q, g, Situation)[0] != _ruling(ask, new, q, g, Situation)[0]
               for g in _with_targets(ask, old, new, q, given, Situation))


def _with_targets(ask: Any, old: Pack, new: Pack, q: str, given: dict[str, Any],
                  situation: Any) -> Iterator[dict[str, Any]]:
    """The situation, and for a roll whose pack sets no target, the situation at every target that matters.

    A roll's chance of reaching a target changes only where the target crosses one of its possible results
    (a re-roll of failed rolls, too, reads only which results fail), so the targets that tell rolls apart are
    every result either pack's roll can end as, and one above the highest: exactly, not a sample.
    """
    yield given
    quantity = new.quantities.get(q)
    if quantity is None or quantity.kind not in ("roll", "total") or quantity.passes is not None:
        return
    results: set[int] = set()
    for pack in (old, new):
        if q not in pack.quantities:
            continue
        try:  # any target: a result can be reached whatever fails, so the results are the same
            r = ask(pack, q, situation(given={f: v for f, v in given.items() if f in pack.facts},
                                       base=given.get(BASE), target=1))
        except RulingsError:
            continue
        results |= {int(v) for v in dict(r.extra).get("distribution", {})}
    if results:
        for target in sorted({max(1, t) for t in results | {max(results) + 1}}):  # below 1 reads as 1
            yield {**given, TARGET: target}


def _ruling(ask: Any, pack: Pack, q: str, given: dict[str, Any], situation: Any) -> tuple[Any, str, set[str], Any]:
    from solver.situation import check_given

    if q not in pack.quantities:
        return (None, "no such quantity", set(), None)
    own = {f: v for f, v in given.items() if f in pack.facts}
    try:  # a value outside this version's range or enum values: a situation it does not have
        check_given(own, pack)
    except RulingsError as e:
        return (("cannot happen",), f"error: {e.message}", set(), None)
    try:
        r = ask(pack, q, situation(given=own, base=given.get(BASE), target=given.get(TARGET)))
    except Contradiction as e:  # a situation this version does not allow: no ruling, however the refusal words it
        return (("cannot happen",), f"error: {e.message}", set(), None)
    except RulingsError as e:
        return (("error", e.message), f"error: {e.message}", set(), None)
    rules = {a.rule for a in r.applied} | {s.rule for s in r.suppressed} | {c.rule for c in r.clamped}
    key = _answer(r)
    return key, describe_ruling(r), rules, r


def _shown_apart(before: tuple[Any, ...], after: tuple[Any, ...]) -> tuple[str, str]:
    """The two answers as a change shows them: where their descriptions read the same, with what differs."""
    if before[1] != after[1] or before[3] is None or after[3] is None:
        return before[1], after[1]
    a, b = _details(before[3]), _details(after[3])
    if a == b:  # only the distribution of results differs
        a, b = _details(before[3], results=True), _details(after[3], results=True)
    return f"{before[1]} ({a})", f"{after[1]} ({b})"


def _details(r: Any, *, results: bool = False) -> str:
    """What a player is told beyond the displayed value: the chance, the net modifier, a follow-up roll."""
    parts = []
    if r.probability is not None:
        parts.append(f"chance {r.probability}")
    if r.modifier is not None:
        parts.append(f"net modifier {r.modifier:+d}")
    if r.then is not None:
        parts.append(f"then {r.then}+")
    extra = dict(r.extra)
    if extra.get("reroll"):
        parts.append("re-rolls " + " and ".join(extra["reroll"]))
    if results and "distribution" in extra:
        parts.append("results " + ", ".join(f"{v}: {p}" for v, p in extra["distribution"].items()))
    if r.automatic:
        parts.append("automatic")
    for o in r.readings or ():
        parts.append(f"{o.reading} = {o.option}: {_details(o.ruling, results=results)}")
    return ", ".join(parts) or repr(_answer(r))


@dataclass(slots=True)
class _Part:
    """Facts that only ever vary together, the readings they decide, and each reachable reading's situation."""

    facts: list[str]
    exprs: list[Expr]
    table: list[tuple[dict[str, Any], int]] = field(default_factory=list)  # (smallest situation, class weight)


def _situations(old: Pack, new: Pack, q: str, changed: Sequence[str],
                coverage: Coverage) -> Iterator[tuple[dict[str, Any], int]]:
    """One situation per combination of readings the packs can reach for `q`, smallest first, with its weight."""
    # a base fact whose values changed (a range narrowed, an enum value added) or a domain constraint changed: a
    # situation only one version has is one the other refuses, whether or not the quantity reads those facts
    exprs = [*read_by(old, new, q), *(parse_expr(n) for n in changed if _values_changed(old, new, n)),
             *(p.constraints[n].require for n in changed for p in (old, new) if n in p.constraints)]
    facts = _facts(old, new, exprs, changed)
    removed = sorted({n for e in exprs for n in e.names if n in old.facts and n not in new.facts})
    if removed:
        coverage.stop("facts only the old pack has are not varied: " + ", ".join(removed))
    for name in sorted(n for e in exprs for n in e.names if n in new.facts and not splits(new, n)):
        coverage.stop(unsplit(new, name))
    symmetric = interchangeable(old, new, q, facts, exprs, changed)
    members = {m.name for group in symmetric for m in group}
    single = {f for m in members for f in new.modifiers[m].when.names}
    parts = _parts((old, new), [f for f in facts if f not in single], [e for e in exprs if not e.names & single])
    for part in parts:
        _fill(old, new, part, changed, coverage)
        if not part.table:
            return  # no situation of this part is allowed: nothing to compare
    quantity = new.quantities[q]
    bases: tuple[Any, ...] = (None,)
    if quantity.kind == "characteristic" and quantity.base is None:
        from solver.characteristics import searched_bases

        bases = searched_bases(quantity)
        coverage.stop(f"{q}'s base comes from the situation: tried {', '.join(map(str, bases))}")
    if quantity.effects:
        coverage.stop(f"{q} {EFFECTS}: those are not varied")
    axes: list[list[tuple[dict[str, Any], int]]] = [part.table for part in parts]
    for group in symmetric:
        axes.append([(_first(group, k), _choose(len(group), k)) for k in range(len(group) + 1)])
    total = 1
    for axis in axes:
        total *= len(axis)
    total *= len(bases)
    combos: Iterable[tuple[tuple[dict[str, Any], int], ...]] = product(*axes)
    if total <= LIMIT:
        combos = sorted(combos, key=lambda c: sum(len(g) for g, _ in c))
    else:
        coverage.stop(f"{total} combinations of readings for {q}; compared the first {LIMIT}")
    for count, combo in enumerate(progress(combos, f"diff {q}", total=min(total, LIMIT))):
        if count >= LIMIT or coverage.out_of_time():
            return
        given: dict[str, Any] = {}
        weight = 1
        for part_given, part_weight in combo:
            given.update(part_given)
            weight *= part_weight
        for base in bases:
            coverage.searched += 1
            yield ({**given, BASE: base} if base is not None else given), weight


def read_by(old: Pack, new: Pack, q: str) -> list[Expr]:
    """Every expression a ruling of `q` reads, in either pack (the same text once), with every domain
    constraint that ties their facts to others or that the defaults break: a default the constraint forbids must be
    free to change."""
    out: dict[str, Expr] = {}
    for pack in (old, new):
        if q not in pack.quantities:
            continue
        quantity = pack.quantities[q]
        found: list[Expr | None] = [quantity.base, quantity.automatic, quantity.passes]
        found += [r.when for r in quantity.rerolls]
        for m in pack.modifiers_of(q):
            found += [m.when, m.amount, m.per]
        for p in pack.policies_of(q):
            found += [p.when, p.min, p.max]
        out.update((e.text, e) for e in found if e is not None)
        out.update((c.require.text, c.require) for c in broken_by_defaults(pack))  # its facts must be free too
    tied = True
    while tied:
        tied = False
        for pack in (old, new):
            reach = facts_behind(pack, [n for e in out.values() for n in e.names])
            for c in pack.constraints.values():
                if c.require.text not in out and facts_behind(pack, c.require.names) & reach:
                    out[c.require.text] = c.require
                    tied = True
    return list(out.values())


def _values_changed(old: Pack, new: Pack, name: str) -> bool:
    """Whether a base fact of both versions takes other values in one than in the other."""
    a, b = old.facts.get(name), new.facts.get(name)
    return (a is not None and b is not None and a.derive is None and b.derive is None
            and (a.type.kind, set(a.type.values), a.range) != (b.type.kind, set(b.type.values), b.range))


def _facts(old: Pack, new: Pack, exprs: Sequence[Expr], changed: Sequence[str]) -> list[str]:
    """The facts to vary: those the readings read, a derived fact replaced by its inputs where a change touches it."""
    todo = [n for e in exprs for n in e.names]
    out: list[str] = []
    while todo:
        name = todo.pop()
        if name in out or name not in new.facts:
            continue
        if name not in old.facts:  # new in this version: the old pack never reads it, the new one may
            out.append(name)
            continue
        derive = [d for p in (old, new) if (d := p.facts[name].derive) is not None]
        touched = any(c in changed for c in {name} | inputs(new, name) | inputs(old, name)) or any(
            new.facts[n].derive is not None and n in changed for n in facts_behind(new, [name]))
        if derive and (touched or new.facts[name].type.kind == "keywords"):
            # a keywords fact derived from another: vary that one, whose classes take in both versions' questions
            todo += [n for d in derive for n in d.names]
            continue
        if splits(new, name):
            out.append(name)
    tangled = untangle(new, set(out))
    if tangled != set(out):  # a derived fact beside one of its inputs: vary what it is derived from
        return _facts(old, new, [parse_expr(n) for n in sorted(tangled)], changed)
    return [n for n in new.facts if n in out]


def _first(group: Sequence[Modifier], k: int) -> dict[str, Any]:
    """The situation where the group's first `k` rules hold (any `k` of them stand for all)."""
    return {next(iter(m.when.names)): True for m in group[:k]}


def _choose(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


def _parts(packs: Sequence[Pack], facts: Sequence[str], exprs: Sequence[Expr]) -> list[_Part]:
    """Split the facts into parts no reading, shared input or domain constraint joins (in either version: a fact
    only the old version's derivation reads still decides a reading)."""
    import networkx as nx

    def behind(names: Iterable[str]) -> set[str]:
        return set().union(*(facts_behind(p, names) for p in packs))

    def inputs_of(name: str) -> set[str]:
        return set().union(*(inputs(p, name) for p in packs if name in p.facts))

    graph: nx.Graph[str] = nx.Graph()
    graph.add_nodes_from(facts)
    for e in exprs:
        read = [n for n in behind(e.names) if n in graph]  # through derived facts varied by inputs
        graph.add_edges_from(pairwise(read))
    by_input: dict[str, str] = {}
    for f in facts:
        for n in inputs_of(f):
            if n in by_input:
                graph.add_edge(by_input[n], f)
            by_input.setdefault(n, f)
    for c in (c for p in packs for c in p.constraints.values()):
        read = [f for f in facts if inputs_of(f) & {i for n in c.require.names for i in inputs_of(n)}]
        graph.add_edges_from(pairwise(read))
    order = {f: i for i, f in enumerate(facts)}
    parts = []
    for component in sorted(nx.connected_components(graph), key=lambda c: min(order[f] for f in c)):
        members = sorted(component, key=order.__getitem__)
        parts.append(_Part(members, [e for e in exprs if behind(e.names) & component]))
    return parts


def _fill(old: Pack, new: Pack, part: _Part, changed: Sequence[str], coverage: Coverage) -> None:
    """Each reachable combination of the part's readings, with its smallest situation and how many it stands for."""
    classes = {f: _joint_classes(old, new, f, coverage) for f in part.facts}
    options = [[v for v in classes[f] if v != new.facts[f].default] for f in part.facts]
    derivations_differ = any(c in old.facts or c in new.facts for c in changed) or \
        _shape(old.constraints) != _shape(new.constraints) or old.plurals != new.plurals
    seen: dict[tuple[Any, ...], int] = {}
    old, new = _alone(old, part.facts), _alone(new, part.facts)
    for given in _assignments(part.facts, options, coverage):
        if coverage.out_of_time():
            return
        readings = _read(old if derivations_differ else None, new, part, given)
        if readings is None:
            continue
        weight = 1
        for f in part.facts:  # a fact left out keeps its default, which stands for the default's whole class
            weight *= classes[f].get(given.get(f, new.facts[f].default), 1)
        if readings in seen:
            index = seen[readings]
            part.table[index] = (part.table[index][0], part.table[index][1] + weight)
            continue
        seen[readings] = len(part.table)
        part.table.append((given, weight))


def _alone(pack: Pack, facts: Sequence[str]) -> Pack:
    """`pack` with only the domain constraints on what `facts` are computed from.

    A part is read with every other fact at its default, and a default may be one a constraint of another part
    forbids (that part's own situations set it): such a constraint says nothing about this part's readings.
    """
    read = {i for f in facts if f in pack.facts for i in inputs(pack, f)}
    own = {name: c for name, c in pack.constraints.items()
           if read & {i for n in c.require.names if n in pack.facts for i in inputs(pack, n)}}
    return pack if len(own) == len(pack.constraints) else replace(pack, constraints=own, index={})


def _assignments(facts: Sequence[str], options: Sequence[Sequence[Any]],
                 coverage: Coverage) -> Iterator[dict[str, Any]]:
    """Every assignment of the facts' other values, fewest facts set first, up to `PART_LIMIT` of them.

    A part with more than that cannot be proven: it is read only as far as `SAMPLE_LIMIT`, to show changes.
    """
    from itertools import combinations
    from math import prod

    total = prod(len(o) + 1 for o in options)
    limit = PART_LIMIT if total <= PART_LIMIT else SAMPLE_LIMIT
    if total > PART_LIMIT:
        coverage.stop(f"{', '.join(facts)} take {total:,} combinations of values, too many to compare: "
                      f"compared the first {limit:,}, fewest facts set first")
    count = 0
    for size in range(len(facts) + 1):
        for chosen in combinations(range(len(facts)), size):
            for values in product(*(options[i] for i in chosen)):
                if count >= limit:
                    return
                count += 1
                yield {facts[i]: v for i, v in zip(chosen, values, strict=True)}


def _joint_classes(old: Pack, new: Pack, name: str, coverage: Coverage) -> dict[Any, int]:
    """A fact's values that neither pack can tell apart, one representative each, with how many it stands for.

    An int fact's classes are those of both packs at once: a comparison only the old pack makes still splits.
    A value only one version allows (a range or an enum's values changed) is a situation only it has: a class of
    its own, so the other version's refusal of it is compared too.
    """
    fact = new.facts[name]
    before = old.facts[name] if name in old.facts and old.facts[name].type.kind == fact.type.kind else None
    if fact.type.kind == "keywords":
        classes = joint_keyword_classes(old, new, name)
        if classes is None:
            coverage.stop(unsplit(new, name))
        return {v: 1 for v in classes or ()}
    if fact.type.kind != "int" or not fact.range:
        return {v: 1 for v in dict.fromkeys((*values_of(new, name), *(values_of(old, name) if before else ())))}
    a, b = partition(old, name) if before and before.range else partition(new, name), partition(new, name)
    low, high = fact.range
    if before and before.range:
        low, high = min(low, before.range[0]), max(high, before.range[1])
    if not (a.exact and b.exact) or high - low + 1 > EVALUATE_LIMIT:
        coverage.stop(f"{name}'s range is too wide to prove which of its values the packs tell apart")
        return {v: 1 for v in dict.fromkeys((*b.representatives, *a.representatives))}
    index_a = {v: i for i, runs in enumerate(a.classes) for lo, hi in runs for v in range(lo, hi + 1)}
    index_b = {v: i for i, runs in enumerate(b.classes) for lo, hi in runs for v in range(lo, hi + 1)}
    groups: dict[tuple[int, int], list[int]] = {}
    for v in range(low, high + 1):  # outside a version's range: -1, a class of that version's own
        groups.setdefault((index_a.get(v, -1), index_b.get(v, -1)), []).append(v)
    centre = typical(fact)
    # the default's class is tried as the default (the fact left out), never again as another of its values
    out = {fact.default if fact.default in vs else min(vs, key=lambda v: (abs(v - centre), v)): len(vs)
           for vs in groups.values()}
    return dict(sorted(out.items(), key=lambda item: (abs(item[0] - centre), item[0])))


def _read(old: Pack | None, new: Pack, part: _Part, given: dict[str, Any]) -> tuple[Any, ...] | None:
    """The part's readings in a situation under both packs, or None when it cannot happen in either or leaves
    a needed fact unknown.

    Both packs read it (`old` is None where the two derive every fact alike): two situations the new pack
    cannot tell apart may still differ under the old one's
    derivations (an erratum to a derived fact), and only together do they decide whether a ruling changes.
    """
    from solver.facts import derive_facts

    out: list[Any] = []
    possible = False
    for pack in (new,) if old is None else (old, new):  # no old: its facts are derived as the new pack's
        try:
            values = derive_facts(pack, {f: v for f, v in given.items() if f in pack.facts})
        except Contradiction:
            out.append(None)
            continue
        possible = True
        read = tuple(_value(e, values) if e.names <= pack.facts.keys() else None for e in part.exprs)
        if any(v is UNKNOWN for v in read):
            return None  # a fact without a default left out: the assignments that give it cover this one
        out.append(read)
    return tuple(out) if possible else None


_FAILS = object()
"""What an expression reads where it cannot be worked out (a division by zero): a reading of its own, whose
situation is then asked, and its error compared as its answer."""


def _value(expr: Expr, values: Mapping[str, Any]) -> Any:
    try:
        return evaluate(expr, values)
    except Unworkable:
        return _FAILS


def _answer(r: Any) -> tuple[Any, ...]:
    """What a player is told: a ruling changes when this does, not when only its reasons do."""
    if r.cases:
        return tuple((c.when, _answer(c.ruling)) for c in r.cases)
    if r.groups:
        return tuple((name, _answer(g)) for name, g in r.groups)
    extra = tuple((k, sorted(v) if k == "reroll" else v) for k, v in r.extra)  # the re-rolls that apply, as a set
    return (r.value, r.display, r.probability, r.then, r.automatic, r.modifier, repr(extra),
            tuple((o.option, _answer(o.ruling)) for o in r.readings or ()))


def _causes(involved: set[str], changed: list[str], old: Pack, pack: Pack, q: str) -> tuple[str, ...]:
    """The changed rules behind a change: those the rulings name, else the quantity's own (what of it changed)."""
    hit = [c for c in changed if c in involved]
    own = hit or [
        c
        for c in changed
        if c == q
        or c in {m.name for m in pack.modifiers_of(q)}
        or c in {p.name for p in pack.policies.values() if q in p.quantities}
    ]
    return tuple(_what_changed(old, pack, c) if c == q else c for c in own or changed)


def _what_changed(old: Pack, new: Pack, q: str) -> str:
    """A changed quantity with what of it changed: `command_roll (re-roll leader)`, `hit_roll (always)`."""
    before, after = old.quantities.get(q), new.quantities.get(q)
    if before is None or after is None:
        return q
    parts = []
    rerolls = {r.name: _shape(r) for r in before.rerolls}, {r.name: _shape(r) for r in after.rerolls}
    parts += [f"re-roll {n}" for n in dict.fromkeys([*rerolls[0], *rerolls[1]])
              if rerolls[0].get(n) != rerolls[1].get(n)]
    parts += [name for name in before.__dataclass_fields__
              if name not in (*UNSHAPED, "rerolls") and _shape(getattr(before, name)) != _shape(getattr(after, name))]
    return f"{q} ({', '.join(parts)})" if parts else q


UNSHAPED = ("where", "cite", "cites", "text")
"""Fields that say where an entry is written or how it is worded, not what it does."""


def _shape(entry: Any) -> Any:
    """An entry without where it was written: two entries are the same rule when their shapes match.

    Nested entries (a quantity's re-rolls, a chart's rows) lose their places too.
    """
    if entry is None:
        return None
    if isinstance(entry, Expr):
        return entry.text
    if hasattr(entry, "__dataclass_fields__"):
        return tuple((name, _shape(getattr(entry, name))) for name in entry.__dataclass_fields__
                     if name not in UNSHAPED)
    if isinstance(entry, tuple | list):
        return tuple(_shape(v) for v in entry)
    if isinstance(entry, dict):
        return tuple(sorted((repr(k), _shape(v)) for k, v in entry.items()))
    return repr(entry)

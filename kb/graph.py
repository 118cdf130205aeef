"""The dependency graph of a pack: facts -> derived facts -> modifiers -> quantities.

Nodes are `("fact", name)`, `("rule", name)`, `("policy", name)` and
`("quantity", name)`. Policies point at the rules they settle. A separate
"beats" graph orders rules for the policies that prefer one over another;
a cycle in either is a load error that prints the cycle path.
"""

from __future__ import annotations

import networkx as nx

from kb.errors import PackError, RuleCycle
from kb.model import Pack

Node = tuple[str, str]


def dependency_graph(pack: Pack) -> nx.DiGraph:
    """Facts, rules, policies and quantities with an edge from each input to what reads it."""
    graph = nx.DiGraph()
    for fact in pack.facts.values():
        graph.add_node(("fact", fact.name))
        for name in fact.derive.names if fact.derive else ():
            graph.add_edge(("fact", name), ("fact", fact.name))
    for q in pack.quantities.values():
        graph.add_node(("quantity", q.name))
        for expr in (q.base, q.automatic, q.passes):
            for name in expr.names if expr else ():
                graph.add_edge(("fact", name), ("quantity", q.name))
    for m in pack.modifiers.values():
        for expr in (m.when, m.amount, m.per):
            for name in expr.names if expr else ():
                graph.add_edge(("fact", name), ("rule", m.name))
        for quantity in m.quantities:
            graph.add_edge(("rule", m.name), ("quantity", quantity))
    for p in pack.policies.values():
        for rule in p.members:
            graph.add_edge(("policy", p.name), ("rule", rule))
        for expr in (p.min, p.max, p.when):
            for name in expr.names - {"base"} if expr else ():  # `base`: the quantity's own value, not a fact
                graph.add_edge(("fact", name), ("policy", p.name))
        for quantity in p.quantities:
            graph.add_edge(("policy", p.name), ("quantity", quantity))
    return graph


def beats_graph(pack: Pack) -> nx.DiGraph:
    """Rule X -> rule Y when a policy prefers X over Y whenever both hold."""
    graph = nx.DiGraph()
    for p in pack.policies.values():
        if p.kind == "override" and p.rule:
            for other in p.over:
                graph.add_edge(p.rule, other, policy=p.name)
        elif p.kind == "exclusive" and p.keep == "first":
            for i, winner in enumerate(p.rules):
                for loser in p.rules[i + 1 :]:
                    graph.add_edge(winner, loser, policy=p.name)
    return graph


def derivation_order(pack: Pack) -> tuple[str, ...]:
    """Derived facts in an order where each comes after its inputs.

    Raises:
        PackError: a cycle among derived facts or among rule priorities.
    """
    graph = dependency_graph(pack)
    facts = graph.subgraph([n for n in graph if n[0] == "fact"])
    problems = []
    for cycle in nx.simple_cycles(facts):
        names = _from_first([name for _, name in cycle], list(pack.facts))
        problems.append(RuleCycle(names, where=pack.facts[names[0]].where))
    for cycle in nx.simple_cycles(beats_graph(pack)):
        names = _from_first(list(cycle), list(pack.modifiers))
        problems.append(RuleCycle(names, where=pack.modifiers[names[0]].where))
    if problems:
        raise PackError(problems)  # type: ignore[arg-type]
    return tuple(name for _, name in nx.topological_sort(facts) if pack.facts[name].derive is not None)


def _from_first(cycle: list[str], declared: list[str]) -> list[str]:
    """The cycle rotated to start at its earliest-declared name, so the message is the same every run.

    Examples:
        >>> _from_first(["b", "c", "a"], ["a", "b", "c"])
        ['a', 'b', 'c']
    """
    i = cycle.index(min(cycle, key=declared.index))
    return cycle[i:] + cycle[:i]

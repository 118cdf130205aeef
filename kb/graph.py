"""The dependency graph of a pack: facts -> derived facts -> modifiers -> quantities.

Nodes are `("fact", name)`, `("rule", name)`, `("policy", name)` and
`("quantity", name)`. Policies point at the rules they settle. A separate
"beats" graph orders rules for the policies that prefer one over another;
a cycle in either is a load error that prints the cycle path.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import networkx as nx

from kb.errors import PackError, RuleCycle
from kb.model import Pack

Node = tuple[str, str]


def dependency_graph(pack: Pack) -> nx.DiGraph:
    """Facts, rules, policies and quantities with an edge from each input to what reads it.

    Each edge's `roles` say what the input is to what reads it: `derives` (an input of a derived fact), the
    expression that reads a fact (`condition`, `amount`, `per`, `base`, `automatic`, `passes`, `min`, `max`,
    `when`), `modifies` (a rule's quantity), `settles` (a policy's rules) and a policy's kind towards its quantity.
    """
    graph: nx.DiGraph[Any] = nx.DiGraph()
    for fact in pack.facts.values():
        graph.add_node(("fact", fact.name))
        for name in fact.derive.names if fact.derive else ():
            _link(graph, ("fact", name), ("fact", fact.name), "derives")
    for q in pack.quantities.values():
        graph.add_node(("quantity", q.name))
        for role, expr in (("base", q.base), ("automatic", q.automatic), ("passes", q.passes),
                           *(("re-roll", r.when) for r in q.rerolls)):
            for name in expr.names if expr else ():
                _link(graph, ("fact", name), ("quantity", q.name), role)
    for m in pack.modifiers.values():
        for role, expr in (("condition", m.when), ("amount", m.amount), ("per", m.per)):
            for name in expr.names if expr else ():
                _link(graph, ("fact", name), ("rule", m.name), role)
        for quantity in m.quantities:
            _link(graph, ("rule", m.name), ("quantity", quantity), "modifies")
    for p in pack.policies.values():
        for rule in p.members:
            _link(graph, ("policy", p.name), ("rule", rule), "settles")
        for role, expr in (("min", p.min), ("max", p.max), ("when", p.when)):
            for name in expr.names - {"base"} if expr else ():  # `base`: the quantity's own value, not a fact
                _link(graph, ("fact", name), ("policy", p.name), role)
        for quantity in p.quantities:
            _link(graph, ("policy", p.name), ("quantity", quantity), POLICY_ROLES.get(p.kind, p.kind))
    return graph


POLICY_ROLES = {"clamp": "clamps", "cap": "caps", "choice": "permits ignoring", "exclusive": "settles",
                "override": "settles"}
"""What a policy does to its quantity, as an edge's role."""


def _link(graph: nx.DiGraph, source: Node, target: Node, role: str) -> None:
    roles = graph.edges[source, target]["roles"] if graph.has_edge(source, target) else ()
    graph.add_edge(source, target, roles=roles if role in roles else (*roles, role))


def beats_graph(pack: Pack) -> nx.DiGraph:
    """Rule X -> rule Y when a policy prefers X over Y whenever both hold."""
    graph: nx.DiGraph[Any] = nx.DiGraph()
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
        PackError: a cycle among derived facts or among rule priorities: one
            shortest cycle for each knot of names that depend on each other.
    """
    graph = dependency_graph(pack)
    facts = graph.subgraph([n for n in graph if n[0] == "fact"])
    problems = []
    declared = {("fact", name): i for i, name in enumerate(pack.facts)}
    for cycle in one_cycle_each(facts, declared.__getitem__):
        names = [name for _, name in cycle]
        steps = [f"{b} reads {a} at {pack.facts[b].where}" for a, b in zip(names, names[1:] + names[:1], strict=True)]
        problems.append(RuleCycle(names, where=pack.facts[names[0]].where, steps=steps,
                                  members=[(n, pack.facts[n].where) for n in names]))
    beats = beats_graph(pack)
    for cycle in one_cycle_each(beats, {name: i for i, name in enumerate(pack.modifiers)}.__getitem__):
        pairs = zip(cycle, cycle[1:] + cycle[:1], strict=True)
        steps = [f"{a} beats {b} by {(p := beats.edges[a, b]['policy'])} at {pack.policies[p].where}" for a, b in pairs]
        by = [beats.edges[a, b]["policy"] for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True)]
        problems.append(RuleCycle(list(cycle), where=pack.modifiers[cycle[0]].where, steps=steps,
                                  members=[(n, pack.modifiers[n].where) for n in cycle],
                                  policies=[(p, pack.policies[p].where) for p in by]))
    if problems:
        raise PackError(problems)  # type: ignore[arg-type]
    return tuple(name for _, name in nx.topological_sort(facts) if pack.facts[name].derive is not None)


def one_cycle_each(graph: nx.DiGraph, rank: Callable[[Any], int]) -> list[list[Any]]:
    """One shortest cycle through the lowest-ranked node of each knot (strongly connected part), in linear time.

    Listing every cycle would not end: 14 facts that all read each other have billions.

    Examples:
        >>> g = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "a"), ("b", "a"), ("d", "d")])
        >>> one_cycle_each(g, "abcd".index)
        [['a', 'b'], ['d']]
    """
    cycles = []
    for knot in nx.strongly_connected_components(graph):
        start = min(knot, key=rank)
        if len(knot) == 1 and not graph.has_edge(start, start):
            continue
        parent = {start: start}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            if graph.has_edge(node, start):
                path = [node]
                while path[-1] != start:
                    path.append(parent[path[-1]])
                cycles.append(path[::-1])
                break
            for succ in graph.successors(node):
                if succ in knot and succ not in parent:
                    parent[succ] = node
                    queue.append(succ)
    return sorted(cycles, key=lambda c: rank(c[0]))

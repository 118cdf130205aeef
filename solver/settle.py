"""Settle conflicts between modifiers whose conditions hold.

The policies that say two rules cannot both count (non-stacking groups,
overrides) become constraints of a python-constraint `Problem` over one
0/1 variable per rule in conflict. Among its solutions we take the one that
keeps the higher-priority rules: the lexicographic best over the rules in
priority order (a policy's preferred rule first). A rule left out is
`suppressed` by the rule that won, under the policy that forced it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kb.model import Policy


@dataclass(frozen=True, slots=True)
class Suppression:
    """A rule whose condition held but that a policy removed in favour of another."""

    rule: str
    by: str
    policy: str


@dataclass(frozen=True, slots=True)
class Conflict:
    """One policy restricted to the rules that hold in this situation.

    `rules` are in the policy's order of preference: for `exclusive`, the one
    to keep first; for `override`, the overriding rule first.
    """

    policy: Policy
    rules: tuple[str, ...]


def conflicts(policies: Sequence[Policy], holding: Sequence[str], strength: Callable[[str], object]) -> list[Conflict]:
    """The policies that bite: those with at least two of their rules holding.

    `strength(rule)` orders an `exclusive keep: strongest` group (greatest first;
    ties keep the policy's listing order).
    """
    held = set(holding)
    out = []
    for p in policies:
        if p.kind == "exclusive":
            rules = [r for r in p.rules if r in held]
            if p.keep == "strongest":
                rules.sort(key=strength, reverse=True)  # type: ignore[arg-type]
        elif p.kind == "override" and p.rule in held:
            rules = [p.rule, *(r for r in p.over if r in held)]
        else:
            continue
        if len(rules) >= 2:
            out.append(Conflict(p, tuple(rules)))
    return out


def settle(holding: Sequence[str], bites: Sequence[Conflict]) -> tuple[list[str], list[Suppression]]:
    """Decide which holding rules count; returns (counting in input order, suppressions).

    Examples:
        >>> from kb.errors import Span
        >>> cover = Policy("cover", "exclusive", Span("p"), rules=("hard", "soft"))
        >>> settle(["soft", "hard", "moved"], [Conflict(cover, ("hard", "soft"))])
        (['hard', 'moved'], [Suppression(rule='soft', by='hard', policy='cover')])
    """
    if not bites:
        return list(holding), []
    if len({r for c in bites for r in c.rules}) == sum(len(c.rules) for c in bites):
        # no rule in two conflicts: each policy alone keeps its preferred rule, as the search below would
        losers = {r: c for c in bites for r in c.rules[1:]}
        return ([r for r in holding if r not in losers],
                [Suppression(r, losers[r].rules[0], losers[r].policy.name) for r in holding if r in losers])
    return search(holding, bites)


def search(holding: Sequence[str], bites: Sequence[Conflict]) -> tuple[list[str], list[Suppression]]:
    """`settle` by constraint search: the rules that count are the lexicographic best solution over the
    rules in priority order, so a rule two policies contend for is decided by both at once."""
    from constraint import FunctionConstraint, MaxSumConstraint, Problem

    in_conflict = sorted({r for c in bites for r in c.rules}, key=list(holding).index)
    problem = Problem()
    problem.addVariables(in_conflict, [1, 0])
    for c in bites:
        if c.policy.kind == "exclusive":
            problem.addConstraint(MaxSumConstraint(1), list(c.rules))  # at most one: all may be overridden
        else:
            winner, *losers = c.rules
            for loser in losers:
                problem.addConstraint(FunctionConstraint(_not_both), [winner, loser])
    order = _priority(in_conflict, bites)
    best = max(problem.getSolutions(), key=lambda s: [s[r] for r in order])
    counting = [r for r in holding if best.get(r, 1)]
    suppressed = []
    for rule in (r for r in holding if not best.get(r, 1)):
        for c in bites:
            # only a rule the policy prefers over this one (listed before it) can have suppressed it
            winners = [r for r in c.rules[: c.rules.index(rule)] if best[r]] if rule in c.rules else []
            if winners and (c.policy.kind == "exclusive" or winners[0] == c.rules[0]):
                suppressed.append(Suppression(rule, winners[0], c.policy.name))
                break
    return counting, suppressed


def _not_both(a: int, b: int) -> bool:
    return not (a and b)


def _priority(rules: list[str], bites: Sequence[Conflict]) -> list[str]:
    """Rules ordered so that each policy's preferred rule comes before those it beats."""
    from graphlib import CycleError, TopologicalSorter

    position = {r: i for i, r in enumerate(rules)}
    graph: dict[str, set[str]] = {r: set() for r in rules}
    for c in bites:
        for i, winner in enumerate(c.rules):
            for loser in c.rules[i + 1 :]:
                graph[loser].add(winner)
            if c.policy.kind == "override":
                break  # an override's losers are not ranked among themselves
    sorter = TopologicalSorter(graph)
    try:
        sorter.prepare()
    except CycleError:
        return rules
    order: list[str] = []
    while sorter.is_active():
        ready = sorted(sorter.get_ready(), key=position.__getitem__)
        order += ready
        sorter.done(*ready)
    return order

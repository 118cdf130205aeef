"""Permitted choices: "you may ignore any or all of these modifiers".

The choice is a python-constraint `Problem` with one 0/1 variable per
modifier that may be ignored (an explicit `ignore:` pins them). Every
solution is scored by the arithmetic; the chooser gets the best outcome,
then the fewest ignored, then the earliest names in sorted order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kb.errors import UnknownName
from kb.model import Policy
from solver.derivation import Node


@dataclass(frozen=True, slots=True)
class Alternative:
    """One subset the chooser could ignore, and what it would give."""

    ignored: tuple[str, ...]
    display: str
    rank: Any


@dataclass(frozen=True, slots=True)
class Choice:
    """The subset ignored, the best one, and every alternative weighed."""

    policy: Policy
    ignored: tuple[str, ...]
    best: Alternative
    alternatives: tuple[Alternative, ...]
    explicit: bool

    def explain(self) -> Node:
        """The choice as a derivation node: what was ignored and what each alternative gave."""
        shown = ", ".join(self.ignored) or "nothing"
        who = "the situation chose" if self.explicit else f"{self.policy.chooser} may ignore any of them; best is"
        weighed = tuple(
            Node(f"ignoring {', '.join(a.ignored) or 'nothing'} gives {a.display}", tag="alternative")
            for a in self.alternatives
        )
        because = weighed
        if self.explicit and self.best.ignored != self.ignored:
            because = (Node(f"the best choice would ignore {', '.join(self.best.ignored) or 'nothing'} "
                            f"for {self.best.display}"), *weighed)
        cite = str(self.policy.cite) if self.policy.cite else None
        return Node(f"choice ({self.policy.name}): {who} ignoring {shown}", because, cite, tag="ignored")


def choose(
    counting: Sequence[str],
    result: Callable[[list[str]], Any],
    explicit: Sequence[str] | None,
    policy: Policy,
) -> Choice:
    """Settle the choice over `counting` modifiers; `result(kept)` gives an outcome with a `rank`."""
    if explicit is not None:
        for name in explicit:
            if name not in counting:
                raise UnknownName("modifier to ignore", name, counting)
    alternatives = []
    for ignored in _subsets(counting):
        out = result([r for r in counting if r not in ignored])
        alternatives.append(Alternative(ignored, out.display, out.rank))
    top = max(a.rank for a in alternatives)
    best = min((a for a in alternatives if a.rank == top), key=lambda a: (len(a.ignored), sorted(a.ignored)))
    if explicit is not None:
        chosen = tuple(r for r in counting if r in set(explicit))
        return Choice(policy, chosen, best, tuple(alternatives), True)
    return Choice(policy, best.ignored, best, tuple(alternatives), False)


def _subsets(counting: Sequence[str]) -> list[tuple[str, ...]]:
    """Every subset the chooser may ignore, as a constraint problem's solutions."""
    if not counting:
        return [()]
    from constraint import Problem

    problem = Problem()
    problem.addVariables(list(counting), [0, 1])
    solutions = problem.getSolutions()
    subsets = {tuple(r for r in counting if s[r]) for s in solutions}
    return sorted(subsets, key=lambda s: (len(s), sorted(s)))

"""Permitted choices: "you may ignore any or all of these modifiers".

Modifiers whose terms differ only in their names are interchangeable: the
arithmetic reads a term's operation and amount, never its name, so ignoring
one or another of them gives the same outcome. They form a kind, and a
choice is how many of each kind to ignore: a python-constraint `Problem`
with one integer variable per kind, 0 to the kind's size. That is the
product of (size + 1) over the kinds instead of 2 to the number of
modifiers.

Each count vector is scored by the arithmetic ignoring the earliest-named
members of each kind. Among all subsets with the same counts that one sorts
first by name (a subset's k-th name within a kind is never earlier than the
kind's k-th name, so no sorted position can be earlier either), so taking
the best outcome, then the fewest ignored, then the earliest names gives
exactly the subset that weighing every subset would give. When even the
count vectors are too many to weigh, the choice is refused rather than
guessed; an explicit `ignore:` is still honoured.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from math import prod
from typing import Any

from kb.errors import RulingsError, UnknownName
from kb.model import Policy
from solver.arithmetic import Term
from solver.derivation import Node

MAX_WEIGHED = 16384
"""At most this many count vectors are scored; more is refused, never sampled."""

SHOWN = 8
"""At most this many alternatives are kept, best first, and ignoring nothing; the rest are only counted."""


@dataclass(frozen=True, slots=True)
class Alternative:
    """One subset the chooser could ignore, and what it would give."""

    ignored: tuple[str, ...]
    display: str
    rank: Any


@dataclass(frozen=True, slots=True)
class Choice:
    """The subset ignored, the best one, and the best few alternatives weighed.

    `best` is None only when an explicit choice was honoured among too many
    choices to weigh. `more` counts the weighed choices not kept in
    `alternatives` (none of them better than those kept); `kinds` lists the
    groups of interchangeable modifiers that have more than one member.
    """

    policy: Policy
    ignored: tuple[str, ...]
    best: Alternative | None
    alternatives: tuple[Alternative, ...]
    explicit: bool
    more: int = 0
    kinds: tuple[tuple[str, ...], ...] = ()
    weighed: int = 0

    def explain(self) -> Node:
        """The choice as a derivation node: what was ignored and what the best alternatives gave."""
        shown = ", ".join(self.ignored) or "nothing"
        who = "the situation chose" if self.explicit else f"{self.policy.chooser} may ignore any of them; best is"
        because = [Node(f"ignoring {', '.join(a.ignored) or 'nothing'} gives {a.display}", tag="alternative")
                   for a in self.alternatives]
        if self.more:
            because.append(Node(f"and {self.more} more choice{'s' if self.more > 1 else ''}, none better",
                                tag="alternative"))
        if self.kinds:
            groups = "; ".join(", ".join(k) for k in self.kinds)
            because.append(Node(f"interchangeable, the same change (the earliest names are ignored first): {groups}"))
        if self.best is None:
            because.insert(0, Node(f"the best choice is not weighed: {self.weighed} ways to choose how many of "
                                   f"each change to ignore, more than {MAX_WEIGHED}"))
        elif self.explicit and self.best.ignored != self.ignored:
            because.insert(0, Node(f"the best choice would ignore {', '.join(self.best.ignored) or 'nothing'} "
                                   f"for {self.best.display}"))
        cite = str(self.policy.cite) if self.policy.cite else None
        return Node(f"choice ({self.policy.name}): {who} ignoring {shown}", tuple(because), cite, tag="ignored")


def same_change(term: Term) -> Hashable:
    """What the arithmetic reads of a term: all of it but its name (and whether the amount is an int).

    Examples:
        >>> from fractions import Fraction
        >>> same_change(Term("Aura", "+", 1)) == same_change(Term("Banner", "+", 1))
        True
        >>> same_change(Term("Aura", "+", 1)) == same_change(Term("Aura", "+", Fraction(1)))
        False
    """
    return type(term), type(term.amount), replace(term, rule="")


def choose(
    counting: Sequence[str],
    result: Callable[[list[str]], Any],
    explicit: Sequence[str] | None,
    policy: Policy,
    kind_of: Callable[[str], Hashable] | None = None,
) -> Choice:
    """Settle the choice over `counting` modifiers; `result(kept)` gives an outcome with a `rank`.

    `kind_of` names what `result` reads of a modifier: modifiers with equal
    kinds must be interchangeable to it. Without it every modifier is a kind
    of its own (exact, but 2 to the n choices).
    """
    if explicit is not None:
        for name in explicit:
            if name not in counting:
                raise UnknownName("modifier to ignore", name, counting)
    kinds = _kinds(counting, kind_of)
    several = tuple(tuple(k) for k in kinds if len(k) > 1)
    chosen = tuple(r for r in counting if r in set(explicit)) if explicit is not None else None
    ways = prod(len(k) + 1 for k in kinds)
    if ways > MAX_WEIGHED:
        if chosen is None:
            raise RulingsError(
                f"{policy.name}: {len(counting)} modifiers could be ignored in {ways} ways that differ (how many "
                f"of each change), more than the {MAX_WEIGHED} weighed to find the best",
                hint="choose yourself with ignore: [...] in the situation, or give fewer distinct effects")
        return Choice(policy, chosen, None, (), True, kinds=several, weighed=ways)

    def weigh(counts: Sequence[int]) -> Alternative:
        ignored = {name for kind, n in zip(kinds, counts, strict=True) for name in kind[:n]}
        out = result([r for r in counting if r not in ignored])
        return Alternative(tuple(r for r in counting if r in ignored), out.display, out.rank)

    weighed = [weigh(counts) for counts in _count_vectors([len(k) for k in kinds])]
    weighed.sort(key=lambda a: (len(a.ignored), sorted(a.ignored)))
    weighed.sort(key=lambda a: a.rank, reverse=True)  # stable: best, then fewest, then earliest names
    best = weighed[0]
    kept = tuple(weighed[:SHOWN]) + tuple(a for a in weighed[SHOWN:] if not a.ignored)  # and what no choice gives
    more = len(weighed) - len(kept)
    if chosen is not None:
        return Choice(policy, chosen, best, kept, True, more, several, len(weighed))
    return Choice(policy, best.ignored, best, kept, False, more, several, len(weighed))


def _kinds(counting: Sequence[str], kind_of: Callable[[str], Hashable] | None) -> list[list[str]]:
    """The modifiers grouped into interchangeable kinds, each kind's names sorted."""
    groups: dict[Hashable, list[str]] = {}
    for i, name in enumerate(counting):
        groups.setdefault(kind_of(name) if kind_of is not None else ("modifier", i), []).append(name)
    return [sorted(g) for g in groups.values()]


def _count_vectors(sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """Every choice of how many of each kind to ignore, as a constraint problem's solutions."""
    if not sizes:
        return [()]
    from constraint import Problem

    problem = Problem()
    for i, size in enumerate(sizes):
        problem.addVariable(i, list(range(size + 1)))
    return sorted(tuple(s[i] for i in range(len(sizes))) for s in problem.getSolutions())

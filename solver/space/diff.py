"""Compare two versions of a pack: which rulings change, in which situations, and which rule changes cause it.

The search varies the base facts behind the rules that changed (and the
quantity's own base, bounds and the rules that share a policy with a changed
rule); the other facts keep their defaults, and facts without default are
given exactly when a ruling needs them. Situations come smallest first, so
the first situation of each group of changes is its smallest witness.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import islice
from typing import Any

from kb.errors import RulingsError, UnknownName
from kb.expr import Expr
from kb.model import Pack
from solver.space.check import describe_ruling
from solver.space.search import base_inputs, candidate_facts, situations

BUDGET = 20000
"""Most situations compared per quantity."""


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
    """Every change between two packs, and the rules that differ."""

    changed_rules: tuple[str, ...]
    changes: tuple[Change, ...]
    searched: dict[str, int]


def changed_rules(old: Pack, new: Pack) -> list[str]:
    """Modifiers and policies added, removed or changed between `old` and `new`, by name.

    Examples:
        >>> from kb.loader import load_pack
        >>> changed_rules(load_pack("fantasy"), load_pack("fantasy"))
        []
    """
    out = []
    for section in ("modifiers", "policies", "quantities", "facts"):
        a, b = getattr(old, section), getattr(new, section)
        for name in sorted(set(a) | set(b)):
            if _shape(a.get(name)) != _shape(b.get(name)):
                out.append(name)
    return out


def diff_packs(old: Pack, new: Pack, quantity: str | None = None) -> PackDiff:
    """The rulings that change between `old` and `new` (for one quantity, or every shared one)."""
    from solver.ask import ask
    from solver.situation import Situation

    if quantity is not None and quantity not in new.quantities:
        raise UnknownName("quantity", quantity, new.quantities)
    changed = changed_rules(old, new)
    names = [quantity] if quantity else [q for q in new.quantities if q in old.quantities]
    changes: list[Change] = []
    searched: dict[str, int] = {}
    for q in names:
        facts = [f for f in _facts(old, new, q, changed) if f in old.facts and f in new.facts]
        groups: dict[tuple[str, str], list[Any]] = {}
        count = 0
        for given in islice(_with_bases(new, q, situations(new, facts)), BUDGET):
            count += 1
            before, after = _ruling(ask, old, q, given, Situation), _ruling(ask, new, q, given, Situation)
            if before[0] == after[0]:
                continue
            key = (before[1], after[1])
            if key in groups:
                groups[key][1] += 1
                continue
            causes = _causes(before[2] | after[2], changed, new, q)
            groups[key] = [given, 1, causes]
        searched[q] = count
        changes += [Change(q, a, b, w, n, c) for (a, b), (w, n, c) in groups.items()]
    return PackDiff(tuple(changed), tuple(changes), searched)


def _ruling(ask: Any, pack: Pack, q: str, given: dict[str, Any], situation: Any) -> tuple[Any, str, set[str]]:
    if q not in pack.quantities:
        return (None, "no such quantity", set())
    try:
        r = ask(pack, q, situation(given={f: v for f, v in given.items() if f in pack.facts}, base=given.get("base")))
    except RulingsError as e:
        return (("error", e.message), f"error: {e.message}", set())
    rules = {a.rule for a in r.applied} | {s.rule for s in r.suppressed} | {c.rule for c in r.clamped}
    key = (r.value, r.display, r.probability, r.then, r.automatic, tuple(sorted(rules)))
    return key, describe_ruling(r), rules


BASES = {
    "plus": ("2+", "3+", "4+", "5+", "6+"), "ap": (0, -1, -2, -3), "number": (0, 1, 2, 3, 4, 6, 10),
    "inches": (1, 3, 6, 12), "dice": ("D6",),
}
"""Bases tried for a characteristic the pack takes from the situation: every clamp edge of the seed's values."""


def _with_bases(pack: Pack, q: str, found: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Each situation, with each sample base where the quantity's base comes from the situation."""
    quantity = pack.quantities[q]
    if quantity.kind != "characteristic" or quantity.base is not None:
        yield from found
        return
    from solver.characteristics import style_of

    for given in found:
        for base in BASES.get(style_of(quantity), (1,)):
            yield {**given, "base": base}


def _causes(involved: set[str], changed: list[str], pack: Pack, q: str) -> tuple[str, ...]:
    hit = [c for c in changed if c in involved]
    if hit:
        return tuple(hit)
    own = [
        c
        for c in changed
        if c == q
        or c in {m.name for m in pack.modifiers_of(q)}
        or c in {p.name for p in pack.policies.values() if q in p.quantities}
    ]
    return tuple(own or changed)


def _facts(old: Pack, new: Pack, q: str, changed: list[str]) -> list[str]:
    exprs: list[Expr | None] = []
    for pack in (old, new):
        if q not in pack.quantities:
            continue
        quantity = pack.quantities[q]
        exprs += [quantity.base, quantity.automatic, quantity.passes]
        partners = set(changed)
        for p in pack.policies.values():
            tied = set(p.members)
            if tied & set(changed) or p.name in changed:
                partners |= tied
            if q in p.quantities:
                exprs += [p.min, p.max, p.when]
                if p.name in changed:  # a changed clamp, cap or choice bites through any of the quantity's rules
                    partners |= {m.name for m in pack.modifiers_of(q)}
        for m in pack.modifiers_of(q):
            if m.name in partners:
                exprs += [m.when, m.amount, m.per]
        for name in changed:
            fact = pack.facts.get(name)
            if fact is not None:
                exprs += [fact.derive] if fact.derive is not None else []
                exprs += [m.when for m in pack.modifiers_of(q) if name in m.when.names]
    wanted = set(base_inputs(old, exprs)) | set(base_inputs(new, exprs))
    wanted |= {f for f in changed if f in new.facts and new.facts[f].derive is None}
    ordered = candidate_facts(new, q) + [f for f in new.facts if f not in candidate_facts(new, q)]
    return [f for f in ordered if f in wanted]


def _shape(entry: Any) -> Any:
    """An entry without where it was written: two entries are the same rule when their shapes match."""
    if entry is None:
        return None
    out = []
    for name in entry.__dataclass_fields__:
        if name in ("where", "cite", "text"):
            continue
        value = getattr(entry, name)
        out.append((name, value.text if isinstance(value, Expr) else repr(value)))
    return tuple(out)

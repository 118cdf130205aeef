"""Which sequences (whole attacks) change between two versions of a pack.

A sequence's outcome is a function of its own definition, the rulings of the
quantities it rolls and counts with (its steps' rolls, its attacks and
damage characteristics), the facts its expressions read (targets, event
conditions, extra dice, damage, models, wounds) and how those are read (the
pack's irregular plurals and domain constraints). So:

- when none of these changed (each quantity proven unchanged by the
  quantity search, the definition and the facts the same), the sequence is
  proven unchanged wherever those searches were exhaustive, and is as far
  from proven as the least covered of them;
- when one of them changed, the situations where a quantity it uses changes
  are resolved in both versions, smallest first: the first whose outcome
  differs is the change's witness, its mean and chances before and after.
  When none differs the sequence is *not* claimed unchanged: its coverage says
  what changed and that no situation tried showed it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import islice, product
from typing import Any

from kb.errors import RulingsError
from kb.model import Pack, RollSequence
from solver.space.check import BASE, TARGET
from solver.space.diff import PLURALS
from solver.space.model import Coverage, facts_behind, typical, values_of

SEQUENCE = "sequence"
"""A witness's key for the sequence inputs a replay gives (`--step attacks=2 --step hit.target=4`)."""

CANDIDATES = 256
"""Most combinations of a sequence's own facts resolved in both versions in looking for a change."""


def sequence_changes(old: Pack, new: Pack, changed: Sequence[str], changes: Iterable[Any],
                     covered: Mapping[str, Coverage], *, deadline: float | None = None
                     ) -> tuple[list[tuple[str, str, str, dict[str, Any], tuple[str, ...]]], dict[str, Coverage]]:
    """Each shared sequence whose outcome changes (name, before, after, witness, causes), and what each
    sequence's comparison covered."""
    by_quantity: dict[str, list[Any]] = {}
    for c in changes:
        by_quantity.setdefault(c.quantity, []).append(c)
    found = []
    coverage: dict[str, Coverage] = {}
    for name in sorted(set(old.sequences) & set(new.sequences)):
        own = coverage[name] = Coverage(deadline=deadline)
        before, after = old.sequences[name], new.sequences[name]
        used = sorted(before.uses() | after.uses())
        facts = facts_behind(old, before.reads()) | facts_behind(new, after.reads())
        through = _read_through(old, new, facts, changed)
        causes = tuple(n for n in changed if n == name or n in used or n in facts or n in through)
        for q in used:
            if q not in covered:
                own.stop(f"{name} uses {q}, which only one version has")
            for reason in covered.get(q, Coverage()).reasons:
                own.stop(f"{q} (used by {name}): {reason}")
        moved = [c for q in used for c in by_quantity.get(q, ())]
        if not causes and not moved:
            continue
        candidates = [*((c.quantity, c.witness) for c in moved), *((None, w) for w in _own_situations(old, new, name))]
        witness = _first_change(old, new, name, candidates, own)
        if witness is None:
            what = dict.fromkeys([*causes, *(c.quantity for c in moved)])
            own.stop(f"{', '.join(what)} changed, and no situation tried changed {name}'s outcome: "
                     "it is not proven unchanged")
            continue
        situation, a, b = witness
        found.append((name, a, b, situation, tuple(dict.fromkeys([*causes, *(r for c in moved for r in c.causes)]))))
    return found, coverage


def _read_through(old: Pack, new: Pack, facts: set[str], changed: Sequence[str]) -> set[str]:
    """What changed that a sequence's own facts are read through (`solver.facts.derive_facts`, as the attack is
    resolved): the domain constraints, which decide what situations can happen at all, and the irregular plurals,
    where it reads a keywords fact. The rest reaches it only through its quantities' rulings."""
    keywords = any(f in pack.facts and pack.facts[f].type.kind == "keywords" for pack in (old, new) for f in facts)
    plurals = {PLURALS} if keywords and set(old.plurals) != set(new.plurals) else set()
    return {n for n in changed if n in old.constraints or n in new.constraints} | plurals


def _own_situations(old: Pack, new: Pack, name: str) -> Iterator[dict[str, Any]]:
    """Every combination of the facts the sequence's own expressions read (events, targets, models), one value
    per class of either version, defaults first, up to `CANDIDATES`: where a changed event or condition shows."""
    facts = facts_behind(old, old.sequences[name].reads()) | facts_behind(new, new.sequences[name].reads())
    names = sorted(f for f in facts if f in new.facts and new.facts[f].derive is None)
    # a plural one version declares and the other does not: a unit with either form is read differently
    forms = [frozenset({w.upper()}) for w in sorted({w for pair in set(old.plurals) ^ set(new.plurals) for w in pair})]
    both = [dict.fromkeys((*values_of(new, f), *(values_of(old, f) if f in old.facts else ()),
                           *(forms if new.facts[f].type.kind == "keywords" else ()))) for f in names]
    for values in islice(product(*both), CANDIDATES):
        yield {f: v for f, v in zip(names, values, strict=True) if v != new.facts[f].default}


def _first_change(old: Pack, new: Pack, name: str, witnesses: Iterable[tuple[str | None, Mapping[str, Any]]],
                  coverage: Coverage) -> tuple[dict[str, Any], str, str] | None:
    """The first witness (of a quantity's change, as a replayable situation of the sequence) under which the
    sequence's outcome differs, with both outcomes."""
    from solver.sequence import resolve
    from solver.situation import Situation

    for quantity, w in witnesses:
        inputs = _inputs(new.sequences[name], new, quantity, w)
        given = _completed(old, new, name, {k: v for k, v in w.items()  # an own situation's keys are all facts
                                            if quantity is None or k not in (BASE, TARGET, SEQUENCE)})
        situation = Situation(given=given, sequence=inputs)
        coverage.searched += 1
        try:  # each version given the facts it has (an erratum may add a fact the sequence reads)
            a = resolve(old, name, Situation(given={f: v for f, v in given.items() if f in old.facts}, sequence=inputs))
            b = resolve(new, name, situation)
        except RulingsError:  # a witness of one quantity may not be a whole situation for the sequence
            continue
        if a.outcome != b.outcome:
            shown_a, shown_b = a.display, b.display
            if shown_a == shown_b:
                shown_a, shown_b = _with_distribution(shown_a, a.outcome), _with_distribution(shown_b, b.outcome)
            return {**given, SEQUENCE: inputs}, shown_a, shown_b
    return None


def _completed(old: Pack, new: Pack, name: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """A quantity's witness made a situation of the whole sequence: each int fact with no default that the
    sequence or the rolls of its other steps read, at a value a player would recognise."""
    from solver.space.diff import read_by

    names = old.sequences[name].reads() | new.sequences[name].reads()
    for q in old.sequences[name].uses() | new.sequences[name].uses():
        names |= {n for e in read_by(old, new, q) for n in e.names}
    out = dict(given)
    for fact_name in sorted(facts_behind(new, names)):
        fact = new.facts[fact_name]
        if fact_name not in out and fact.derive is None and fact.default is None and fact.type.kind == "int":
            out[fact_name] = typical(fact)
    return out


def _inputs(seq: RollSequence, pack: Pack, quantity: str | None, witness: Mapping[str, Any]) -> dict[str, Any]:
    """The sequence inputs a comparison gives: two attacks and one damage (or the witness's base, where it is
    of that characteristic), and where a step's target comes from the situation, the middle of its die (or the
    witness's target, where it is of that step's roll). `quantity` is None for a situation of the sequence's own
    facts: none of its keys is a base (a fact may be named `base`)."""
    def own(name: str | None, default: Any) -> Any:
        return witness.get(BASE, default) if name is not None and name == quantity else default

    inputs: dict[str, Any] = {}
    if seq.attacks is None or pack.quantities[seq.attacks].base is None:
        inputs["attacks"] = own(seq.attacks, 2)
    if seq.damage is not None and pack.quantities[seq.damage].base is None:
        inputs["damage"] = own(seq.damage, 1)
    for step in seq.rolls:
        q = pack.quantities[step.roll]
        if step.target is None and q.kind != "score":
            sides = int(str(q.dice).upper().partition("D")[2] or 6)
            target = witness.get(TARGET, sides // 2 + 1) if step.roll == quantity else sides // 2 + 1
            inputs[step.name] = {"target": target}
    return inputs


def _with_distribution(text: str, dist: Mapping[int, Fraction]) -> str:
    return f"{text}; distribution " + ", ".join(f"{n}: {p}" for n, p in sorted(dist.items()))

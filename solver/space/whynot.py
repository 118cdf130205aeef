"""Why a rule did not count, and the smallest changes to the situation that make it count.

A rule can miss a ruling these ways: its condition failed (traced through the
derived facts behind it), a policy suppressed it in favour of another rule,
the chooser ignored it under a permitted choice, the roll was skipped, the
rule is tied to a reading not in force, or it applies to a value that can
never be modified (a `-` characteristic). The smallest changes are found
by asking, for one, two, then three facts at a time, every assignment the
situation search allows, keeping those whose ruling counts the rule; each is
a set of `--given` values that replays through `rulings ask`.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from kb.errors import RulingsError, UnknownName
from kb.expr import Expr, show_value
from kb.model import Modifier, Pack
from solver.ask import ask, ask_if_possible
from solver.derivation import Node
from solver.facts import derive_facts
from solver.ruling import Ruling, active
from solver.situation import Situation
from solver.space.find import merge_all
from solver.space.model import facts_behind
from solver.space.search import situations

MAX_CHANGED = 3
"""The most facts one smallest change may touch; beyond that the search says none was found."""


@dataclass(frozen=True, slots=True)
class Change:
    """Facts to give (new values) so that the rule counts, and the ruling they give."""

    given: tuple[tuple[str, Any], ...]
    display: str
    ruling: Ruling
    ranges: tuple[tuple[str, Any], ...] = ()
    """The same change with every value that works: an int range `(low, high)` or a set of enum values."""

    def as_given(self) -> dict[str, Any]:
        """The change as fact values to merge over the situation (one value of each range)."""
        return dict(self.given)

    def describe(self) -> str:
        """The change as a rules lawyer writes it: `target.unit_strength 0..2`, `mode in {a, b}`.

        Examples:
            >>> Change((("target.unit_strength", 2),), "5+", None, (("target.unit_strength", (0, 2)),)).describe()
            'target.unit_strength = 0..2'
        """
        return ", ".join(f"{n} = {_range_text(v)}" for n, v in (self.ranges or self.given))


@dataclass(frozen=True, slots=True)
class WhyNot:
    """Why `rule` did or did not count for `quantity`, and how to make it count."""

    pack: str
    quantity: str
    rule: str
    status: str
    """`counts`, `failed`, `suppressed`, `ignored`, `automatic`, `inactive`, `no effect` or `unknown`."""
    reason: Node
    ruling: Ruling
    changes: tuple[Change, ...] = ()


def rule_counts(ruling: Ruling, rule: str) -> bool:
    """Whether `rule` counts in the ruling (in every case, when the ruling has cases).

    Examples:
        >>> from kb.loader import load_pack
        >>> r = ask(load_pack("fantasy"), "to_hit", Situation(given={"shooter.bs": 3, "shooter.moved": True}))
        >>> rule_counts(r, "moved"), rule_counts(r, "sniper")
        (True, False)
    """
    if ruling.cases:
        return all(rule_counts(c.ruling, rule) for c in ruling.cases)
    return any(a.rule == rule for a in ruling.applied)


def why_not(pack: Pack, quantity: str, rule: str, situation: Situation, *, limit: int = 64) -> WhyNot:
    """Explain why `rule` did not count for `quantity` in `situation`, with its smallest fixes.

    Examples:
        >>> from kb.loader import load_pack
        >>> w = why_not(load_pack("fantasy"), "to_hit", "moved", Situation(given={"shooter.bs": 3}))
        >>> w.status, [c.given for c in w.changes]
        ('failed', [(('shooter.moved', True),)])
    """
    if situation.groups:
        raise RulingsError("why-not asks about one group of shots at a time",
                           hint="drop groups: and give that group's facts instead")
    ruling = ask(pack, quantity, situation)
    modifier = _modifier(pack, quantity, rule, situation)
    status, reason = _reason(pack, ruling, modifier, rule, situation)
    if status == "counts":
        return WhyNot(pack.name, quantity, rule, status, reason, ruling)
    facts = _changeable(pack, quantity, modifier, status)
    changes = smallest_changes(pack, quantity, situation, lambda r: rule_counts(r, rule), facts, limit=limit)
    return WhyNot(pack.name, quantity, rule, status, reason, ruling, tuple(changes))


def smallest_changes(pack: Pack, quantity: str, situation: Situation, wanted: Any, facts: Iterable[str], *,
                     limit: int = 64) -> list[Change]:
    """Every change of fewest facts (at most `MAX_CHANGED`) after which `wanted(ruling)` holds, as ranges.

    Every fact in a change takes a value different from its value in the
    situation; the assignments come from the situation search (one value per
    partition class), so domain constraints are respected. Changes that differ
    only in one fact's value are merged: an int fact's classes into a range,
    an enum fact's values into a set. At most `limit` merged changes.
    """
    current = derive_facts(pack, situation.given)
    names = sorted(set(facts))
    for size in range(1, MAX_CHANGED + 1):
        found: list[Change] = []
        for chosen in combinations(names, size):
            fixed = {n: v for n, v in situation.given.items() if n not in chosen}
            for assignment in situations(pack, list(chosen), fixed=fixed):
                change = _change(pack, chosen, assignment, current)
                if change is None:
                    continue
                ruling = ask_if_possible(pack, quantity, situation.with_given(dict(change)))
                if ruling is not None and wanted(ruling):
                    found.append(Change(change, ruling.display, ruling))
        if found:  # those that change the answer first: a change that leaves it as it is answers less
            now = ask_if_possible(pack, quantity, situation)
            merged = _merged(pack, found)
            return sorted(merged, key=lambda c: now is not None and c.display == now.display)[:limit]
    return []


def _merged(pack: Pack, changes: list[Change]) -> list[Change]:
    """Changes that differ in one fact's value only, as one change with that fact's range or set of values."""
    from solver.space.model import partition

    def spread(name: str, value: Any) -> Any:
        fact = pack.facts[name]
        if fact.type.kind == "int" and fact.range and fact.derive is None:  # runs, never every value of them
            return frozenset(partition(pack, name).class_of(value))
        return frozenset((value,))

    def join(a: tuple[Change, dict[str, Any]], b: tuple[Change, dict[str, Any]]) -> Any:
        va, vb = a[1], b[1]
        differ = [n for n in va if va[n] != vb.get(n)]
        if va.keys() != vb.keys() or len(differ) != 1 or pack.facts[differ[0]].type.kind == "bool":
            return None
        if pack.facts[differ[0]].type.kind == "keywords":  # a set of keywords holding another is no smaller change
            (x,), (y,) = va[differ[0]], vb[differ[0]]
            return a if x <= y else b if y <= x else None
        return (a[0], {**va, differ[0]: va[differ[0]] | vb[differ[0]]})

    rows = merge_all([(c, {n: spread(n, v) for n, v in c.given}) for c in changes], join)
    out = []
    for change, values in rows:
        ranges = tuple((n, _compact(pack, n, values[n])) for n, _ in change.given)
        out.append(Change(change.given, change.display, change.ruling, ranges))
    return out


SHOWN_VALUES = 64
"""Most int values a change lists one by one; more are shown as runs (`0..5, 9..10`)."""


def _compact(pack: Pack, name: str, values: frozenset[Any]) -> Any:
    """A set of values as a player writes it: one value, an int range `(low, high)`, or a set.

    An int fact's values come as runs `(low, high)` (a partition class of a range of a trillion values is
    two numbers, not a trillion). Values apart from each other are written as text ("1", "5", "7..9"), so two of
    them never read as the range between them.
    """
    fact = pack.facts[name]
    if fact.type.kind == "int" and fact.range and fact.derive is None:
        runs: list[list[int]] = []
        for low, high in sorted(values):
            if runs and low <= runs[-1][1] + 1:
                runs[-1][1] = max(runs[-1][1], high)
            else:
                runs.append([low, high])
        if len(runs) == 1:
            return runs[0][0] if runs[0][0] == runs[0][1] else (runs[0][0], runs[0][1])
        if sum(high - low + 1 for low, high in runs) <= SHOWN_VALUES:
            return tuple(str(v) for low, high in runs for v in range(low, high + 1))
        return tuple(f"{low}..{high}" if low != high else str(low) for low, high in runs)
    if len(values) == 1:
        return next(iter(values))
    if fact.type.kind == "int":  # a derived fact's values, each one apart: never two read as a range
        return tuple(str(v) for v in sorted(values))
    # an enum's (a bool's two values, or two sets of keywords, are never merged: `_merged`)
    return tuple(v for v in fact.type.values if v in values)


def _range_text(value: Any) -> str:
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"{value[0]}..{value[1]}"
    if isinstance(value, tuple):
        return "{" + ", ".join(map(str, value)) + "}"
    return show_value(value)


def _change(pack: Pack, chosen: tuple[str, ...], assignment: Mapping[str, Any],
            current: Mapping[str, Any]) -> tuple[tuple[str, Any], ...] | None:
    """The new value of each chosen fact, or None when one of them would not change (or become unknown)."""
    out = []
    for name in chosen:
        value = assignment.get(name, pack.facts[name].default)
        if value is None or (name in current and current[name] == value):
            return None
        out.append((name, value))
    return tuple(out)


def _modifier(pack: Pack, quantity: str, rule: str, situation: Situation) -> Modifier | None:
    if quantity not in pack.quantities:
        raise UnknownName("quantity", quantity, [*pack.quantities, *pack.sequences])  # the commands take both
    mine = {m.name: m for m in pack.modifiers_of(quantity)}
    if rule in mine:
        return mine[rule]
    if any(e.name == rule for e in situation.effects):
        return None
    raise UnknownName(f"rule of {quantity}", rule, [*mine, *(e.name for e in situation.effects)])


def _reason(
    pack: Pack, ruling: Ruling, modifier: Modifier | None, rule: str, situation: Situation
) -> tuple[str, Node]:
    if ruling.cases:
        counts = [c for c in ruling.cases if rule_counts(c.ruling, rule)]
        if 0 < len(counts) < len(ruling.cases):
            return "unknown", Node(f"{rule} counts only in some cases: the situation leaves facts unknown",
                                   tuple(Node("when " + _when(c.when) + f": {rule} counts") for c in counts),
                                   tag="cases")
        ruling = ruling.cases[0].ruling  # the same in every case, as far as the rule goes
    if rule_counts(ruling, rule):
        return "counts", _find(ruling.explanation, "applied", f"{rule} ") or Node(f"{rule} counts")
    if ruling.automatic:
        return "automatic", Node(f"{rule} does not count: no roll is made, so no modifier counts",
                                 (ruling.explanation,), tag="automatic")
    if modifier is not None and not active(modifier, _reading(pack, situation)):
        under = ", ".join(f"reading {r} = {o}" for r, o in modifier.under)
        return "inactive", Node(f"{rule} is only in force under {under}", tag="inactive")
    for s in ruling.suppressed:
        if s.rule == rule:
            return "suppressed", _find(ruling.explanation, "suppressed", f"{rule} does not count") or Node(
                f"{rule} does not count, {s.by} counts instead ({s.policy})")
    if rule in ruling.ignored:
        choice = _find(ruling.explanation, "ignored", "choice")
        return "ignored", Node(f"{rule} is ignored by a permitted choice", (choice,) if choice else (),
                               tag="ignored")
    inert = _find(ruling.explanation, "step", "no effect: ")
    if inert is not None and rule in re.findall(r"(?:^no effect: |, )(\S+) \(", inert.claim):
        steps = tuple(n for n in ruling.explanation.because if n.tag == "step" and not n.claim.startswith("start:"))
        return "no effect", Node(f"{rule} applies, but changes nothing", steps)
    failed = _find(ruling.explanation, "failed", f"{rule} does not apply")
    return "failed", failed or Node(f"{rule} does not apply", tag="failed")


def _reading(pack: Pack, situation: Situation) -> Mapping[str, str]:
    """The reading of each choice the situation asks under: its own, else the pack's default."""
    return {r.name: r.default for r in pack.readings.values()} | dict(situation.reading)


def _find(node: Node, tag: str, prefix: str) -> Node | None:
    for _, n in node.lines():
        if n.tag == tag and n.claim.startswith(prefix):
            return n
    return None


def _changeable(pack: Pack, quantity: str, modifier: Modifier | None, status: str) -> set[str]:
    """The facts worth changing: those behind the rule, and behind whatever could beat or skip it."""
    q = pack.quantities[quantity]
    exprs: list[Expr | None] = [q.automatic]
    if modifier is not None:
        exprs += [modifier.when, modifier.amount, modifier.per]
    # Making the condition hold may still leave the rule suppressed, ignored or skipped: every rule
    # and policy of the quantity can stand in the way, so their facts are all changeable.
    if status != "counts":
        exprs += [e for m in pack.modifiers_of(quantity) for e in (m.when, m.amount, m.per)]
        exprs += [p.when for p in pack.policies.values()]
    facts = behind(pack, (e for e in exprs if e is not None))
    # A domain constraint can forbid the change (no long range in close combat): its other facts may have to give.
    for constraint in pack.constraints.values():
        if constraint.require.names & facts:
            facts |= behind(pack, [constraint.require])
    return facts


def behind(pack: Pack, exprs: Iterable[Expr]) -> set[str]:
    """Every fact the expressions read, directly or through derived facts.

    Examples:
        >>> from kb.loader import load_pack
        >>> from kb.expr import parse_expr
        >>> sorted(behind(load_pack("fantasy"), [parse_expr("target.in_soft_cover")]))[:3]
        ['shooter.los', 'soft_cover.los', 'soft_cover.obscures']
    """
    return facts_behind(pack, (n for e in exprs for n in e.names))


def _when(when: tuple[tuple[str, Any], ...]) -> str:
    return ", ".join(f"{f} = {str(v).lower() if isinstance(v, bool) else v}" for f, v in when)


def replay_command(pack: str, quantity: str, change: Change, *, situation_file: str | None = None,
                   given: Mapping[str, Any] | None = None) -> str:
    """The `rulings ask` command that replays a change.

    Examples:
        >>> from solver.derivation import Node
        >>> c = Change((("shooter.moved", True),), "5+", None)  # type: ignore[arg-type]
        >>> replay_command("fantasy", "to_hit", c, given={"shooter.bs": 3})
        'rulings ask fantasy to_hit --given shooter.bs=3 --given shooter.moved=true'
    """
    words = ["rulings", "ask", pack, quantity]
    if situation_file:
        words += ["--situation", situation_file]
    merged = {**(given or {}), **change.as_given()}
    words += [w for n, v in merged.items() for w in ("--given", f"{n}={show_value(v)}")]
    return " ".join(shlex.quote(w) for w in words)  # every word as the shell must pass it: a path may hold a space



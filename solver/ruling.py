"""One ruling for a fully known situation, with the derivation recorded as it is made.

`decide` walks the quantity's modifiers: which conditions hold, which
policies settle conflicts among them, which the chooser ignores, then the
arithmetic of the quantity's kind. Any expression it needs that reads an
unknown fact raises `NeedFacts`, so `solver.ask` can branch on exactly the
facts that matter.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache, partial
from typing import TYPE_CHECKING, Any

from kb.errors import RulingsError, Span
from kb.expr import UNKNOWN, Expr, evaluate
from kb.model import Modifier, Pack, Policy, Quantity, split_change
from solver.arithmetic import Bound, Note, Term
from solver.derivation import Node
from solver.facts import condition_key, explain_condition, shared
from solver.kinds import Outcome, outcome
from solver.settle import Suppression, conflicts, settle
from solver.situation import Situation

if TYPE_CHECKING:
    from solver.choice import Choice


class NeedFacts(Exception):
    """An expression the ruling needs reads facts the situation does not give."""

    def __init__(self, names: set[str]) -> None:
        super().__init__(sorted(names))
        self.names = names


@dataclass(frozen=True, slots=True)
class Applied:
    """A modifier that counted."""

    rule: str
    change: str
    text: str = ""
    cite: str | None = None


@dataclass(frozen=True, slots=True)
class Clamped:
    """A cap or clamp that changed the result."""

    rule: str
    before: Any
    after: Any


@dataclass(frozen=True, slots=True)
class Case:
    """The ruling when the unknown facts take the values in `when`."""

    when: tuple[tuple[str, Any], ...]
    ruling: Ruling


@dataclass(frozen=True, slots=True)
class ReadingOutcome:
    """What one reading of an ambiguous sentence gives."""

    reading: str
    option: str
    default: bool
    ruling: Ruling


@dataclass(frozen=True, slots=True)
class Ruling:
    """The answer to one query, with its derivation.

    The derivation is built when first read (`explanation`): a ruling records its decisions as it is made,
    and searches that ask thousands of rulings for their values never pay for the words.
    """

    pack: str
    quantity: str
    value: Any
    display: str
    derivation: Node | Callable[[], Node] | tuple[Any, ...] = field(compare=False, repr=False)
    """The derivation, or what builds it on first reading: a function, or a function and its arguments in one tuple
    (see `explanation`)."""
    applied: tuple[Applied, ...] = ()
    suppressed: tuple[Suppression, ...] = ()
    ignored: tuple[str, ...] = ()
    clamped: tuple[Clamped, ...] = ()
    modifier: int | None = None
    probability: Fraction | None = None
    automatic: bool | None = None
    then: int | None = None
    cases: tuple[Case, ...] | None = None
    readings: tuple[ReadingOutcome, ...] | None = None
    groups: tuple[tuple[str, Ruling], ...] | None = None
    assumptions: tuple[str, ...] = ()
    choice: Choice | None = None
    extra: tuple[tuple[str, Any], ...] = ()
    values: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
    """The fact values the ruling was made with, for renderers that word its reasons (not in the JSON)."""

    @property
    def explanation(self) -> Node:
        """The derivation: every step of the ruling, why, and the rule text it rests on."""
        derivation = self.derivation
        if not isinstance(derivation, Node):
            derivation = derivation[0](*derivation[1:]) if isinstance(derivation, tuple) else derivation()
            object.__setattr__(self, "derivation", derivation)  # built once: a ruling never changes
        return derivation

    @property
    def impossible(self) -> bool | None:
        """True when success cannot happen (present whenever `probability` is)."""
        return None if self.probability is None else self.probability == 0


def need(expr: Expr | None, values: Mapping[str, Any], default: Any = None, where: Span | None = None) -> Any:
    """Evaluate `expr`, raising `NeedFacts` when unknown facts leave it undecided.

    An expression that cannot be worked out (a division by zero, a product beyond the bounds) is bad input:
    the error points at `where`, the rule or quantity that wrote it.
    """
    if expr is None:
        return default
    try:
        result = evaluate(expr, values)
    except RulingsError as e:
        e.where = e.where or where  # the same error, now placed
        raise
    if result is UNKNOWN:
        raise NeedFacts({n for n in expr.names if n not in values})
    return result


def active(entry: Modifier | Policy, reading: Mapping[str, str]) -> bool:
    """Whether an entry that may be tied to readings is in force under `reading`."""
    return all(reading.get(name) == option for name, option in entry.under)


class _Plan:
    """What a quantity's rulings under one reading share: worked out once, then read by every ruling.

    `terms`: the modifiers whose amount is a constant, and `applied` how each of them reads when it counts;
    `bounds`: the clamps and caps, when no limit depends on the situation; `settles`: a non-stacking group or an
    override among the policies; `chooses`: a choice to ignore modifiers among them. (A plain class: a fresh
    ruling does not pay for a dataclass nobody compares.)
    """

    __slots__ = ("applied", "bounds", "by_name", "chooses", "modifiers", "policies", "settles", "terms")

    def __init__(self, modifiers: tuple[Modifier, ...], by_name: Mapping[str, Modifier], terms: Mapping[str, Term],
                 applied: Mapping[str, Applied], policies: tuple[Policy, ...],
                 bounds: tuple[list[Bound], list[Bound]] | None, settles: bool, chooses: bool) -> None:
        self.modifiers, self.by_name, self.terms, self.applied = modifiers, by_name, terms, applied
        self.policies, self.bounds, self.settles, self.chooses = policies, bounds, settles, chooses


def _plan(pack: Pack, q: Quantity, reading: Mapping[str, str]) -> _Plan:
    key = ("plan", q.name, tuple(sorted(reading.items())))
    plan = pack.index.get(key)
    if plan is None:
        modifiers = tuple(m for m in pack.modifiers_of(q.name) if not m.under or active(m, reading))
        terms = {}
        for m in modifiers:
            if not m.amount.names and (m.per is None or not m.per.names):
                with suppress(RulingsError):  # a divisor of 0 is said when the rule counts, not before
                    terms[m.name] = _term(m, {})
        policies = tuple(p for p in pack.policies_of(q.name) if not p.under or active(p, reading))
        limits = [p for p in policies if p.kind in ("clamp", "cap") and q.name in p.quantities]
        fixed = all(p.when is None and not any(e.names for e in (p.min, p.max) if e is not None) for p in limits)
        bounds = (_bounds(list(policies), q, "clamp", {}), _bounds(list(policies), q, "cap", {})) if fixed else None
        applied = {m.name: Applied(m.name, terms[m.name].change, m.text, _cite(m))
                   for m in modifiers if m.name in terms}
        kinds = {p.kind for p in policies}
        plan = pack.index[key] = _Plan(modifiers, {m.name: m for m in modifiers}, terms, applied, policies, bounds,
                                       bool(kinds & {"exclusive", "override"}), "choice" in kinds)
        pack.index.setdefault(("plans", q.name), []).append(key)
    return plan  # type: ignore[no-any-return]


def plans_when_changed(pack: Pack, old: Modifier, new: Modifier) -> dict[tuple[Any, ...], _Plan]:
    """The plans the pack has made so far for `old`'s quantities, with `old` replaced by `new`, a copy of it that
    differs in its condition alone (what a plan keeps of a rule is its amount, never its condition): for a pack
    made from this one with one rule changed, instead of planning every rule again."""
    assert (new.amount, new.per, new.quantities, new.under) == (old.amount, old.per, old.quantities, old.under)
    out = {}
    for key in [k for q in old.quantities for k in pack.index.get(("plans", q), ())]:
        plan = pack.index.get(key)
        if plan is not None and old.name in plan.by_name:
            at = [m.name for m in plan.modifiers].index(old.name)  # by name: comparing whole rules is slow
            modifiers = (*plan.modifiers[:at], new, *plan.modifiers[at + 1:])
            out[key] = _Plan(modifiers, {**plan.by_name, old.name: new}, plan.terms, plan.applied, plan.policies,
                             plan.bounds, plan.settles, plan.chooses)
    return out


def decide(pack: Pack, q: Quantity, situation: Situation, values: Mapping[str, Any],
           reading: Mapping[str, str]) -> Ruling:
    """The ruling for a situation whose facts (`values`) are all that it needs."""
    if q.automatic is not None and need(q.automatic, values, False, q.where):
        return _automatic(pack, q, values, situation)
    plan = _plan(pack, q, reading)
    modifiers = [*plan.modifiers, *adhoc_modifiers(q, situation)] if q.effects else plan.modifiers
    holding: list[Modifier] = []
    failed: list[Modifier] = []
    for m in modifiers:
        (holding if need(m.when, values, where=m.where) else failed).append(m)
    return made(pack, q, situation, values, conclude(pack, q, situation, values, plan, modifiers, holding, failed))


class Decision:
    """What a ruling decided once it knew which rules hold: everything but its facts and the words of its derivation.

    `conclude` reads the facts only through the expressions of the quantity's amounts, policies, base, target,
    limits and re-rolls, so every situation that gives those the same values and holds the same rules has the same
    decision (`solver.compiled` keeps them by that key). A plain class: nothing changes it once made, and a fresh
    ruling need not pay for a dataclass it never shows.
    """

    __slots__ = ("applied", "assumptions", "base", "by_name", "choice", "clamped", "extra", "failed", "final", "kept",
                 "suppressed", "target", "terms")

    def __init__(self, base: Any, by_name: Mapping[str, Modifier], failed: tuple[Modifier, ...],
                 terms: Mapping[str, Term], kept: tuple[str, ...], suppressed: tuple[Suppression, ...],
                 choice: Choice | None, final: Outcome, target: int | None, applied: tuple[Applied, ...],
                 clamped: tuple[Clamped, ...], assumptions: tuple[str, ...],
                 extra: tuple[tuple[str, Any], ...]) -> None:
        self.base, self.by_name, self.failed, self.terms, self.kept = base, by_name, failed, terms, kept
        self.suppressed, self.choice, self.final, self.target, self.applied = suppressed, choice, final, target, applied
        self.clamped, self.assumptions, self.extra = clamped, assumptions, extra


def conclude(pack: Pack, q: Quantity, situation: Situation, values: Mapping[str, Any], plan: _Plan,
             modifiers: Sequence[Modifier], holding: Sequence[Modifier], failed: Sequence[Modifier]) -> Decision:
    """Settle the rules that hold, apply the arithmetic of the quantity's kind, and say what counted."""
    if situation.weapons is not None and q.kind == "characteristic" and not q.weapons:
        shown = list(situation.weapons) if isinstance(situation.weapons, tuple) else situation.weapons
        raise RulingsError(f"weapons: {shown} is for a quantity that several weapons each roll, "
                           f"not {q.name}", where=situation.where.get("(weapons)"),
                           hint=f"give weapons: only when asking such a quantity (weapons: true in the pack); "
                                f"{q.name} has no weapons: true")
    constant = plan.terms
    terms = {m.name: constant.get(m.name) or _term(m, values) for m in holding}  # (no effect is named as a rule)
    policies = [p for p in plan.policies if p.when is None or need(p.when, values, where=p.where)]
    names = [m.name for m in holding]
    bites = conflicts(policies, names, lambda r: abs(terms[r].signed)) if plan.settles else []
    counting, suppressed = settle(names, bites)
    if sum(terms[r].op == "=" for r in counting) > 1:  # two sets to different values: no ruling
        _refuse_unsettled(modifiers, terms, counting)
    base = _base(q, situation, values)
    clamps, caps = plan.bounds or (_bounds(policies, q, "clamp", values, base), _bounds(policies, q, "cap", values))
    try:
        passes = evaluate(q.passes, values) if q.passes is not None else None
    except RulingsError as e:
        e.where = e.where or q.where  # the target that cannot be worked out
        raise
    target = passes if isinstance(passes, int) else None  # unknown target: no chance, but no cases either
    if situation.target is not None or situation.reroll or situation.unmodified or situation.reroll_for != "pass":
        from solver.rolls import check_roll_keys

        target = check_roll_keys(q, situation, target)

    reroll: tuple[str, ...] = situation.reroll
    if q.rerolls:  # the pack's own re-roll rules, improved ones needing both conditions (worded when explained)
        from solver.rolls import pack_rerolls

        reroll, _ = pack_rerolls(q.rerolls, situation.reroll, lambda e: need(e, values), target)

    def result(kept: list[str]) -> Outcome:
        return outcome(q, base, [terms[r] for r in kept], clamps=clamps, caps=caps, target=target,
                       reroll=reroll, unmodified=situation.unmodified, weapons=situation.weapons,
                       fish=situation.reroll_for == "unmodified")

    choice = _choice(q, policies, counting, result, situation, terms) if plan.chooses else None
    if situation.ignore is not None and choice is None:
        raise RulingsError(f"ignore: {list(situation.ignore)} given, but no rule lets anyone ignore modifiers to "
                           f"{q.name} in this situation", where=situation.where.get("(ignore)"),
                           hint="only a permitted choice can ignore modifiers")
    kept = [r for r in counting if not choice or r not in choice.ignored]
    final = result(kept)
    by_name = {m.name: m for m in modifiers} if q.effects else plan.by_name
    kept = [r for r in kept if r not in final.inert]  # e.g. modifiers to a `-` characteristic change nothing
    said = plan.applied  # the constant rules': each as worked out below
    applied = tuple(said.get(r) or Applied(r, terms[r].change, by_name[r].text, _rule_cite(pack, by_name[r], values))
                    for r in kept)
    bitten = {c.policy.name for c in bites} | {rule for rule, _, _ in final.clamped}
    assumptions = _assumptions(pack, q, [by_name[r] for r in kept], policies, bitten, final)
    clamped = tuple(Clamped(rule, a, b) for rule, a, b in final.clamped)
    return Decision(base, by_name, tuple(failed), terms, tuple(kept), tuple(suppressed), choice, final, target,
                    applied, clamped, assumptions, tuple(final.extra.items()))


def made(pack: Pack, q: Quantity, situation: Situation, values: Mapping[str, Any], d: Decision,
         derivation: Callable[[], Node] | None = None) -> Ruling:
    """The ruling of a decision in a situation whose facts are `values`; its derivation is worded when read (by
    `derivation`, else by `explain_made`)."""
    if derivation is None:
        derivation = partial(explain_made, pack, q, situation, values, d)
    head, tail = made_parts(pack, q, d)
    return _Made(head, derivation, tail, values)  # type: ignore[return-value]


def made_parts(pack: Pack, q: Quantity, d: Decision) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The fields of a decision's ruling that no situation changes: those before its derivation, and those between
    it and its values (`_Made(head, derivation, tail, values)` is the ruling)."""
    final = d.final
    return ((pack.name, q.name, final.value, final.display),
            (d.applied, d.suppressed, d.choice.ignored if d.choice else (), d.clamped, final.modifier,
             final.probability, False if final.probability is not None else None, final.then, None, None, None,
             d.assumptions, d.choice, d.extra))


def explain_made(pack: Pack, q: Quantity, situation: Situation, values: Mapping[str, Any], d: Decision) -> Node:
    """The derivation of a decision made in a situation whose facts are `values`."""
    reroll_nodes: tuple[Node, ...] = ()
    if q.rerolls:
        from solver.rolls import pack_rerolls

        _, reroll_nodes = pack_rerolls(q.rerolls, situation.reroll, lambda e: need(e, values), d.target,
                                       lambda e, want: explain_condition(pack, e, values, situation.given, want))
    return explain_decision(pack, q, situation, values, d.base, d.kept, d.terms, d.by_name, reroll_nodes, d.final,
                            d.suppressed, d.choice, d.failed, d.assumptions)


class _Made:
    """A `Ruling` built without the dataclass's frozen `__init__` (twenty `object.__setattr__` calls, a third of a
    compiled ruling's time): the same slots set plainly, then the object becomes the `Ruling` it is (the layouts are
    the same, so `__class__` may be assigned). Its fields come as the parts `made_parts` gives, around the
    derivation and the values; `new_ruling` is the constructor; nothing else sees this class."""

    __slots__ = Ruling.__slots__

    def __init__(self, head: tuple[Any, ...], derivation: Any, tail: tuple[Any, ...],
                 values: Mapping[str, Any] | None) -> None:
        self.pack, self.quantity, self.value, self.display = head
        self.derivation = derivation
        (self.applied, self.suppressed, self.ignored, self.clamped, self.modifier, self.probability, self.automatic,
         self.then, self.cases, self.readings, self.groups, self.assumptions, self.choice, self.extra) = tail
        self.values = values
        self.__class__ = Ruling  # type: ignore[assignment]


class _Outcome:
    """A `ReadingOutcome` built the way `_Made` builds a `Ruling`; `new_outcome` is the constructor."""

    __slots__ = ReadingOutcome.__slots__

    def __init__(self, reading: str, option: str, default: bool, ruling: Ruling) -> None:
        self.reading, self.option, self.default, self.ruling = reading, option, default, ruling
        self.__class__ = ReadingOutcome  # type: ignore[assignment]


def new_outcome(reading: str, option: str, default: bool, ruling: Ruling) -> ReadingOutcome:
    """`ReadingOutcome(reading, option, default, ruling)`, made faster (see `_Made`)."""
    return _Outcome(reading, option, default, ruling)  # type: ignore[return-value]


def new_ruling(*fields: Any) -> Ruling:
    """`Ruling(*fields)`, every field given in order, five times faster (see `_Made`)."""
    return _Made(fields[:4], fields[4], fields[5:19], fields[19])  # type: ignore[return-value]


def explain_decision(pack: Pack, q: Quantity, situation: Situation, values: Mapping[str, Any], base: Any,
                     kept: Sequence[str], terms: Mapping[str, Term], by_name: Mapping[str, Modifier],
                     reroll_nodes: Sequence[Node], final: Outcome, suppressed: Sequence[Suppression],
                     choice: Choice | None, failed: Sequence[Modifier], assumptions: Sequence[str]) -> Node:
    """The derivation of a ruling `decide` made (and `solver.compiled` makes the same way): its value, each rule
    that counted and why, the re-rolls, the arithmetic's steps, what was suppressed or ignored, each rule that did
    not apply and why, the clamps and chart edges, and the assumptions."""
    chance = f", chance {final.probability}" if final.probability is not None else ""
    shown = f"{final.value}, i.e. a 6 then {final.then}+" if final.then is not None else final.display
    return Node(f"{q.text} ({q.name}): {shown}{chance}", (
        _base_node(pack, q, base, values),
        *(_applied_node(pack, by_name[r], terms[r], values, situation) for r in kept),
        *reroll_nodes,
        *(Node(note, cite=_step_cite(q, note.step) if isinstance(note, Note) else None, tag="step")
          for note in final.notes),
        *(_suppressed_node(pack, s) for s in suppressed),
        *([choice.explain()] if choice else []),
        *(_failed_node(pack, m, values, situation) for m in failed),
        *_result_nodes(pack, q, final),
        *(_assumption_node(pack, a) for a in assumptions),
    ), tag="value")


def _choice(q: Quantity, policies: list[Policy], counting: list[str], result: Callable[[list[str]], Outcome],
            situation: Situation, terms: Mapping[str, Term]) -> Choice | None:
    """The chooser's best choice of modifiers to ignore, where a policy in force lets them choose."""
    choosers = [p for p in policies if p.kind == "choice" and q.name in p.quantities]
    if not choosers:
        return None
    from solver.choice import choose, same_change  # only quantities a player may ignore modifiers of

    try:  # `result` reads only terms: equal ones are interchangeable
        return choose(counting, result, situation.ignore, choosers[0], lambda r: same_change(terms[r]))
    except RulingsError as e:  # an ignore: naming no rule that counts: at the situation's ignore:
        e.where = e.where or situation.where.get("(ignore)")
        raise


def _refuse_unsettled(modifiers: Sequence[Modifier], terms: Mapping[str, Term], counting: list[str]) -> None:
    """Refuse two sets to different values that nothing orders, at the last rule that sets it (an overlay's)."""
    from solver.characteristics import unsettled_sets

    try:
        unsettled_sets([terms[r] for r in counting])
    except RulingsError as e:
        sets = [m for m in modifiers if m.name in counting and terms[m.name].op == "=" and not m.adhoc]
        e.where = e.where or (sets[-1].where if sets else None)
        raise


def _share(pack: Pack, q: Quantity, label: str, before: Any, after: Any) -> str:
    """What a cap of only the improvements (or worsenings) did, in words; '' for any other clamp or cap."""
    for p in pack.policies_of(q.name, "cap"):
        if (p.label or p.name) == label and p.of != "net" and isinstance(before, int) and isinstance(after, int):
            return (f"the modifiers that {'improve' if p.of == 'improvements' else 'worsen'} the roll, "
                    f"{before:+d} in all, become {after:+d}")
    return ""


def _result_nodes(pack: Pack, q: Quantity, final: Outcome) -> list[Node]:
    """The clamps that bit and the chart edge the final value reached."""
    nodes = [Node(f"{rule}: {_share(pack, q, rule, a, b) or f'{a} becomes {b}'}", cite=_policy_cite(pack, rule, a, b),
                  tag="clamp") for rule, a, b in final.clamped]
    if final.then is not None:
        nodes.append(Node(f"a score of {final.value} needs a 6, then {final.then}+ on a second D6",
                          cite=_step_cite(q, "chart", "cite"), tag="chart"))
    elif q.impossible_from is not None and isinstance(final.value, int) and final.value >= q.impossible_from:
        nodes.append(Node(f"a score of {q.impossible_from} or more is impossible",
                          cite=_step_cite(q, "impossible_from", "chart", "cite"), tag="chart"))
    return nodes


def adhoc_modifiers(q: Quantity, situation: Situation) -> list[Modifier]:
    """The situation's ad-hoc effects, as modifiers of `q` that always hold."""
    if not q.effects:
        return []
    out = []
    for i, effect in enumerate(situation.effects):
        op, amount = split_change(effect.op)
        whole = re.fullmatch(r"-?[0-9]{1,18}", amount) is not None  # as int() reads it, within the bounds
        written = op == "=" and q.kind == "characteristic" and not whole
        if op not in "=x+/-" or not (written or whole):
            raise RulingsError(f"effect {effect.name!r}: {effect.op!r} is not +N, -N, xN, /N or =N",
                               where=situation.where.get(f"(effects)[{i}]"),
                               hint='e.g. effects: ["+1", {name: Stealth, op: "-1"}]; a characteristic may '
                                    'also be set to a value as written: "=3+", "=-", "=D6"')
        value = _effect_expr(repr(amount)) if written else _effect_expr(int(amount))
        out.append(Modifier(effect.name, (q.name,), op, value, _effect_expr(True),
                            situation.where.get(f"(effects)[{i}]") or Span("situation"), text=f"effect {effect.op}",
                            adhoc=True))
    return out


@lru_cache(maxsize=1024, typed=True)  # typed: True and 1 are different expressions
def _effect_expr(value: str | int | bool) -> Expr:
    """An ad-hoc effect's amount or condition, parsed once: the same few recur in every ruling (an `Expr` is
    immutable, so one serves them all)."""
    from kb.expr import parse_expr

    return parse_expr(value)


def _term(m: Modifier, values: Mapping[str, Any]) -> Term:
    amount = need(m.amount, values, where=m.where)
    if isinstance(amount, str):  # a characteristic value as written, e.g. "=3+" or "=-"
        from solver.characteristics import set_term

        return set_term(m.name, amount)
    amount *= need(m.per, values, where=m.where) if m.per is not None else 1
    if m.op == "/" and amount == 0:
        raise RulingsError(f"{m.name} divides by 0", where=m.where,
                           hint="a division modifier needs a divisor other than 0")
    return Term(m.name, m.op, amount if isinstance(amount, int) else Fraction(amount))


def _base(q: Quantity, situation: Situation, values: Mapping[str, Any]) -> Any:
    if q.kind in ("total", "roll"):
        return situation.roll
    if q.base is None:
        listed = situation.weapons if isinstance(situation.weapons, tuple) else None
        if situation.base is None and listed is None:
            raise RulingsError(f"{q.name} has no base in this pack: give one with base: in the situation")
        if q.kind == "characteristic":  # read it now, so a mistake points at the situation's base:
            from solver.characteristics import parse_value, style_of

            for base in listed or (situation.base,):
                try:
                    if parse_value(base, style_of(q), q.name).symbol and listed:
                        raise RulingsError(f"weapons: {list(listed)}: {q.name} {base!r} is no number to add up",
                                           hint=f"list only weapons whose {q.name} is a number or dice")
                except RulingsError as e:
                    raise RulingsError(e.message, where=situation.where.get("(weapons)" if listed else "(base)"),
                                       hint=e.hint) from None
        return situation.base if listed is None else ", ".join(map(str, listed))
    return need(q.base, values, where=q.where)


def _bounds(policies: list[Policy], q: Quantity, kind: str, values: Mapping[str, Any],
            base: Any = None) -> list[Bound]:
    """The quantity's caps or clamps; their limits may read `base`, the unmodified value (e.g. a CP cost)."""
    chosen = [p for p in policies if p.kind == kind and q.name in p.quantities]
    if any("base" in e.names for p in chosen for e in (p.min, p.max) if e is not None):
        number = str(base).strip()
        if isinstance(base, bool) or not number.lstrip("-").isdigit():
            raise RulingsError(f"{q.name}: its limits depend on its base, which must be a number, not {base!r}",
                               hint=f"give e.g. base: 1 for {q.name}")
        values = {**values, "base": int(number)}
    return [Bound(p.label or p.name, need(p.min, values, where=p.where), need(p.max, values, where=p.where), p.symbols,
                  p.of) for p in chosen]


def _assumptions(pack: Pack, q: Quantity, applied: list[Modifier], policies: list[Policy],
                 bitten: set[str], final: Outcome) -> tuple[str, ...]:
    names = list(q.assumptions)
    if final.then is not None and q.chart_assumption:
        names.append(q.chart_assumption)
    names += [a for m in applied for a in m.assumptions]
    names += [n for a in final.assumes if (n := pack.relied_on(a)) is not None]  # what the arithmetic relied on
    names += [p.assumption for p in policies if p.assumption and (p.name in bitten or (p.label or p.name) in bitten)]
    return tuple(dict.fromkeys(names))


def _cite(entry: Any) -> str | None:
    return str(entry.cite) if entry.cite else None


def _step_cite(q: Quantity, *steps: str) -> str | None:
    """The first citation written among a quantity's `steps` (`cite`: the quantity's own)."""
    for step in steps:
        if (cite := q.cite if step == "cite" else q.step_cite(step)) is not None:
            return str(cite)
    return None


def _policy_cite(pack: Pack, label: str, before: Any = None, after: Any = None) -> str | None:
    """The citation of the cap or clamp `label` that turned `before` into `after` (a roll's cap and floor
    share the roll's name as their label)."""
    named = [p for p in pack.policies.values() if (p.label or p.name) == label]
    chosen = next((p for p in named if _turns(p, before, after)), named[0] if named else None)
    return _cite(chosen) if chosen is not None else None


def _turns(p: Policy, before: Any, after: Any) -> bool:
    """Whether the policy's limits, where they are plain numbers, turn `before` into `after`."""
    low = evaluate(p.min, {}) if p.min is not None else None
    high = evaluate(p.max, {}) if p.max is not None else None
    if low is UNKNOWN or high is UNKNOWN or not all(isinstance(x, int | Fraction) for x in (before, after)):
        return True
    value = before if high is None else min(before, high)
    return (value if low is None else max(value, low)) == after


def _base_node(pack: Pack, q: Quantity, base: Any, values: Mapping[str, Any]) -> Node:
    if q.kind in ("total", "roll"):
        missing = f"no roll given: the answer is the modifier to {q.dice}"
        return Node(f"the roll: {base}" if base is not None else missing,
                    tag="base")
    if q.base is None:
        return Node(f"base {base} (given in the situation)", tag="base")
    # a conditional's branch not taken may read a fact the situation does not give
    shown = ", ".join(f"{n} = {values[n]}" for n in sorted(q.base.names) if n in values)
    row = _row(pack, q.base, values)  # a table's row that cites its own sentence says more than the whole table
    return Node(f"base {base} = {q.base.text}" + (f" ({shown})" if shown else ""),
                cite=row.cite if row is not None else _step_cite(q, "base"), tag="base")


def _applied_node(pack: Pack, m: Modifier, term: Term, values: Mapping[str, Any], situation: Situation) -> Node:
    if m.adhoc:
        name = "" if m.name == term.change else f"{m.name} "
        return Node(f"{name}{term.change} counts (an effect in play)", tag="applied")

    rows = tuple(row for e in (m.amount, m.per) if (row := _row(pack, e, values)) is not None)

    def build() -> Node:
        because = explain_condition(pack, m.when, values, situation.given, True)
        text = f": {m.text}" if m.text else ""
        per = f" ({m.op}{m.amount.text} per {m.per.text})" if m.per is not None else ""
        return Node(f"{m.name} {term.change}{per} counts{text}", (*because, *rows), _cite(m), tag="applied")

    key = ("applied", m.name, term.change, condition_key(pack, m.when, values, situation.given), rows)
    return shared(pack, key, build)


def _row(pack: Pack, expr: Expr | None, values: Mapping[str, Any]) -> Node | None:
    """The row of a lookup table `expr` that `values` pick, when that row cites its own sentence."""
    for condition, cite in pack.row_cites.get(expr.text, ()) if expr is not None else ():
        if evaluate(condition, values) is True:
            shown = ", ".join(f"{n} = {_shown(values[n])}" for n in sorted(condition.names) if n in values)
            return Node(f"the row for {shown}", cite=str(cite), tag="row")
    return None


def _rule_cite(pack: Pack, m: Modifier, values: Mapping[str, Any]) -> str | None:
    """What a rule that counts rests on: the row of its amount's table that cites its own sentence, or its cite."""
    rows = [row.cite for e in (m.amount, m.per) if (row := _row(pack, e, values)) is not None]
    return rows[0] if rows else _cite(m)


def _shown(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _failed_node(pack: Pack, m: Modifier, values: Mapping[str, Any], situation: Situation) -> Node:
    def build() -> Node:
        because = explain_condition(pack, m.when, values, situation.given, False)
        return Node(f"{m.name} does not apply: {m.when.text} fails", because, _cite(m), tag="failed")

    return shared(pack, ("failed", m.name, condition_key(pack, m.when, values, situation.given)), build)


def _suppressed_node(pack: Pack, s: Suppression) -> Node:
    policy = pack.policies[s.policy]
    text = f": {policy.text}" if policy.text else ""
    return Node(f"{s.rule} does not count, {s.by} counts instead ({s.policy}{text})", cite=_cite(policy),
                tag="suppressed")


def _assumption_node(pack: Pack, name: str) -> Node:
    a = pack.assumptions[name]
    return _assumption_text(name, a.text, a.reason)


@cache
def _assumption_text(name: str, text: str, reason: str) -> Node:
    return Node(f"assumption {name}: {text}", (Node(f"why: {reason}"),), tag="assumption")


def _automatic(pack: Pack, q: Quantity, values: Mapping[str, Any], situation: Situation) -> Ruling:
    assert q.automatic is not None
    because = explain_condition(pack, q.automatic, values, situation.given, True)
    node = Node(f"{q.text} ({q.name}): automatic, no roll needed (chance 1)", because,
                _step_cite(q, "automatic"), tag="value")
    return Ruling(pack.name, q.name, None, "automatic: no roll needed", node, probability=Fraction(1),
                  automatic=True, assumptions=q.assumptions, values=values)

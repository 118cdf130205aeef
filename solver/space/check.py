"""Check a loaded pack for consistency: every finding with the smallest situation that shows it.

Each check restricts the search (`solver.space.search`) to the facts the rules
at hand read (a derived fact stays whole, with only the values its inputs
can produce), so the work grows with the rules, not with every situation of
the pack. Pairwise checks only look at pairs a policy ties together or that
share an effect, never at every pair of rules.

A finding that claims something never happens (a dead or shadowed rule, a
redundant pair) is only made when the search behind it was exhaustive over
the partitioned situation space; a search that stopped short turns it into
an `unproven` note that says why.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from kb.errors import Contradiction, RuleCycle, RulingsError, Span, Undecided, Unworkable
from kb.expr import UNKNOWN, Expr, evaluate, parse_expr
from kb.loader import gc_paused
from kb.model import READING, Constraint, Modifier, Pack, Policy
from solver.space.dead import Words, dead_reason
from solver.space.model import Coverage, expressions, splits, unsplit
from solver.space.progress import progress
from solver.space.search import (
    base_inputs,
    candidate_facts,
    condition_values,
    fact_values,
    frontier,
    in_pack_order,
    minimal_witnesses,
)

SEVERITIES = ("error", "warning", "note")
KINDS = (
    "load_error", "cycle", "dead_rule", "unsettled_conflict", "contradictory_derivation", "redundant_rule",
    "subsumed_rule", "shadowed_rule", "never_changes", "limit_broken", "out_of_range", "stale_note", "no_base",
    "reading_split", "unused_fact", "unused_quantity", "unproven",
)
"""Every kind of finding, as docs/checking.md lists them."""
BUDGET = 20000
"""Most situations a quantity-wide search tries before giving up (a note says so)."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem (or intended oddity) of a pack, with the situation that shows it.

    `key` names the finding for a pack's `notes:` section; `reason` is the
    note's text when the pack explains the finding as intended.
    """

    severity: str
    kind: str
    key: str
    message: str
    rules: tuple[tuple[str, Span], ...] = ()
    quantity: str | None = None
    witness: Mapping[str, Any] | None = None
    answer: str | None = None
    reason: str | None = None
    new: bool = False
    cause: str | None = None
    """Why, for machines: a dead rule's `constraint`, `derivation`, `range`, `contradiction` or `unexplained`;
    `non_stacking` for a subsumed rule that slips past a non-stacking group."""


def load_findings(error: RulingsError) -> list[Finding]:
    """Every problem a loader error holds, as findings (a cycle names each rule or fact in it, and where)."""
    problems = getattr(error, "problems", [error])
    out = []
    for p in problems:
        if isinstance(p, RuleCycle) and p.members:
            out.append(_cycle(p))
            continue
        where = ((str(p.where), p.where),) if p.where else ()
        text = p.message + (f" ({p.hint})" if p.hint else "")
        kind = "cycle" if isinstance(p, RuleCycle) else "load_error"
        out.append(Finding("error", kind, f"{kind}.{p.where or ''}", text, where))
    return out


def _cycle(p: RuleCycle) -> Finding:
    """A cycle of derived facts or of rule priorities, in words, citing every name and policy in it."""
    names = [n for n, _ in p.members]
    after = names[1:] + names[:1]
    if p.policies:
        steps = [f"{a} beats {b} by {by}" for a, b, (by, _) in zip(names, after, p.policies, strict=True)]
        text = f"no rule comes first: {_and(steps)}; change one of these policies so that one rule comes first."
        policies = tuple(dict.fromkeys(p.policies))
    else:
        steps = [f"{b} is derived from {a}" for a, b in zip(names, after, strict=True)]
        text = (f"{_and(steps)}, so none of them can be worked out; derive one of them from base facts "
                "(or from facts derived from base facts) only.")
        policies = ()
    ring = " -> ".join([*names, names[0]])
    return Finding("error", "cycle", f"cycle.{'+'.join(names)}", f"{ring}: {text}", (*p.members, *policies))


def _and(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


@gc_paused()
def check_pack(pack: Pack, coverage: Coverage | None = None, *, words: Words = None) -> list[Finding]:
    """Every finding for a loaded pack, noted ones (the pack's `notes:`) turned into explained notes.

    `coverage` collects what every search covered (with its deadline, if any);
    `words` renders a condition in English for the messages (the caller's
    `explain.english.say`; without it, conditions are shown as written).
    """
    coverage = coverage if coverage is not None else Coverage()
    _COVERAGE[id(pack)] = coverage
    try:
        return _checked(pack, coverage, words)
    finally:  # once the pack is freed its id may be another pack's (a `loose` copy), which must not inherit this
        _COVERAGE.pop(id(pack), None)


def _checked(pack: Pack, coverage: Coverage, words: Words) -> list[Finding]:
    holds: dict[str, dict[str, Any] | None] = {}
    proven: dict[str, bool] = {}
    for m in progress(pack.modifiers.values(), f"check {pack.name}", total=len(pack.modifiers)):
        own = Coverage(deadline=coverage.deadline)
        holds[m.name] = _witness(pack, [m.when], _true(pack, m.when), own)
        proven[m.name] = own.exhaustive
        coverage.merge(own)
    shadowed = list(_shadowed(pack, holds))
    findings = [
        *_dead(pack, holds, proven, words),
        *_dead_rerolls(pack, words),
        *_contradictions(pack),
        *_set_conflicts(pack, holds),
        *_strongest_ties(pack, holds),
        *_redundant(pack, holds),
        *shadowed,
        *_never_changes(pack, holds, {f.key.split(".")[-1] for f in shadowed}),
        *_limits(pack),
        *_ranges(pack),
        *_reading_splits(pack),
        *_unused(pack),
    ]
    out = []
    for f in findings:
        witness, answer = f.witness, f.answer
        if witness is not None and f.quantity and answer is None:
            witness, answer = replay(pack, f.quantity, witness)
        reason = pack.notes.get(f.key)
        out.append(
            replace(
                f, witness=witness, answer=answer, reason=reason, severity="note" if reason else f.severity
            )
        )
    found = {f.key for f in findings}
    out += [
        Finding("warning", "stale_note", f"stale_note.{key}",
                f"the pack's note {key!r} explains no finding: what it was written for is gone, so remove it.")
        for key in sorted(set(pack.notes) - found)
    ]
    return sorted(out, key=lambda f: (SEVERITIES.index(f.severity), f.kind, f.key))


def replay(pack: Pack, quantity: str, witness: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
    """The witness completed with the facts the quantity needs, and what `rulings ask` answers for it."""
    from solver.ask import ask
    from solver.situation import Situation

    def answered(given: dict[str, Any]) -> bool:
        try:
            return ask(pack, quantity, Situation(given=given)).cases is None
        except (Contradiction, Undecided):  # a situation that cannot happen, or needs more facts, answers nothing
            return False
        except RulingsError:  # refused for what the finding shows (two rules set the value): the answer
            return True

    facts = {f: v for f, v in witness.items() if f in pack.facts}  # a base or a target is no fact: kept below
    # one completion is enough: facts compared with each other take one pair of values per class
    found = minimal_witnesses(pack, answered, candidate_facts(pack, quantity), fixed=facts, joint=True)
    given = found[0] if found else facts
    given = {f: given[f] for f in in_pack_order(pack, (f for f in given if f in pack.facts))}
    q = pack.quantities[quantity]
    target = witness.get(TARGET)
    bases: tuple[Any, ...] = (witness.get(BASE),)
    if q.kind == "characteristic" and q.base is None and BASE not in witness:  # the situation gives the base
        from solver.characteristics import searched_bases

        bases = searched_bases(q)
    answer = ""
    for base in bases:
        try:
            answer = describe_ruling(ask(pack, quantity, Situation(given=given, base=base, target=target)))
        except RulingsError as e:
            answer = answer or f"error: {e.message}"
            continue
        return {**given, **({BASE: base} if base is not None else {}),
                **({TARGET: target} if target is not None else {})}, answer
    return given, answer


BASE = "base"
"""A witness's key for the quantity's base, where the pack does not derive it (a characteristic)."""

TARGET = "target"
"""A witness's key for what a roll must reach (beside `base`): a chance is compared at every target."""

READINGS = " | "
"""Between the answers of the readings in `describe_ruling` (a text report puts each on its own line)."""


def describe_ruling(ruling: Any) -> str:
    """The value and the rules that made it; where readings differ, every reading's answer.

    Examples:
        >>> from kb.loader import load_pack
        >>> from solver.ask import ask
        >>> from solver.situation import Situation
        >>> pack = load_pack("skirmish")
        >>> describe_ruling(ask(pack, "cc_dice", Situation(given={
        ...     "attacker.bases": 1, "attacker.dice_per_base": 2, "attacker.shaken": True})))
        '1 die; applied cc_shaken -1'
        >>> for answer in describe_ruling(ask(pack, "cc_dice", Situation(given={"attacker.bases": 1,
        ...         "attacker.dice_per_base": 3, "attacker.shaken": True, "attacker.flanked": True}))).split(READINGS):
        ...     print(answer)
        cc_penalties = cumulative (the default): 1 die; applied cc_shaken -1, cc_flanked -1
        cc_penalties = once: 2 dice; applied cc_shaken -1; suppressed cc_flanked (by cc_shaken)
    """
    if ruling.readings:
        return READINGS.join(
            f"{o.reading} = {o.option}{' (the default)' if o.default else ''}: {_one(o.ruling)}"
            for o in ruling.readings
        )
    return _one(ruling)


def _one(ruling: Any) -> str:
    parts = [ruling.display]
    if ruling.applied:
        parts.append("applied " + ", ".join(f"{a.rule} {a.change}" for a in ruling.applied))
    if ruling.suppressed:
        parts.append("suppressed " + ", ".join(f"{s.rule} (by {s.by})" for s in ruling.suppressed))
    if ruling.clamped:
        parts.append("clamped " + ", ".join(f"{c.rule} from {c.before} to {c.after}" for c in ruling.clamped))
    return "; ".join(parts)


# -- the checks -------------------------------------------------------------------


def _dead(pack: Pack, holds: Mapping[str, dict[str, Any] | None], proven: Mapping[str, bool],
          words: Words = None) -> Iterable[Finding]:
    """Rules no allowed situation satisfies, each with the real reason (`solver.space.dead`)."""
    for m in pack.modifiers.values():
        if holds[m.name] is not None:
            continue
        if not proven[m.name] or not _searchable(pack, [m.when]):
            yield _unproven(pack, "dead_rule", m, f"no situation tried satisfies `{m.when.text}`")
            continue
        loose = _loosened(pack, {})
        constrained = bool(pack.constraints) and _witness(loose, [m.when], _true(loose, m.when)) is not None
        reason = dead_reason(pack, m.when, constrained, words)
        yield Finding(
            "error",
            "dead_rule",
            f"dead_rule.{m.name}",
            f"{m.name} can never apply: {reason.why}.",
            _spans(pack, [m.name]) + reason.cited,
            m.quantities[0],
            cause=reason.cause,
        )


def _dead_rerolls(pack: Pack, words: Words = None) -> Iterable[Finding]:
    """Re-roll rules no allowed situation satisfies: an improved rule needs the condition it improves on too."""
    for q in pack.quantities.values():
        by_name = {r.name: r for r in q.rerolls}
        for r in q.rerolls:
            chain = [r]
            while chain[-1].improves in by_name:
                chain.append(by_name[chain[-1].improves])
            when = r.when if len(chain) == 1 else parse_expr(" and ".join(f"({x.when.text})" for x in chain))
            coverage = Coverage(deadline=_coverage(pack).deadline)
            if _witness(pack, [when], _true(pack, when), coverage) is not None:
                continue
            _coverage(pack).merge(coverage)
            spans = tuple((x.name, x.where) for x in chain)
            improved = ", which improves ".join(x.name for x in chain[1:])
            inherits = "" if len(chain) == 1 else f" (it improves {improved}, so both conditions must hold)" \
                if len(chain) == 2 else f" (it improves {improved}, so every one of their conditions must hold)"
            if not coverage.exhaustive or not _searchable(pack, [when]):
                yield _not_proven(pack, f"dead_rule.{q.name}.{r.name}", f"the re-roll rule {r.name} of {q.name}"
                                  f"{inherits} may never apply (no situation tried satisfies `{when.text}`)",
                                  spans, q.name)
                continue
            loose = _loosened(pack, {})
            constrained = bool(pack.constraints) and _witness(loose, [when], _true(loose, when)) is not None
            reason = dead_reason(pack, when, constrained, words)
            yield Finding("error", "dead_rule", f"dead_rule.{q.name}.{r.name}",
                          f"the re-roll rule {r.name} of {q.name}{inherits} can never apply: {reason.why}.",
                          spans + reason.cited, q.name, cause=reason.cause)


def _never_changes(pack: Pack, holds: Mapping[str, dict[str, Any] | None], skip: set[str]) -> Iterable[Finding]:
    """Rules that hold, and count, but never change what a player is told: a clamp, cap, set or automatic
    result absorbs them wherever they hold."""
    for m in pack.modifiers.values():
        if holds[m.name] is None or m.name in skip:
            continue
        replays = {q: replay(pack, q, holds[m.name] or {}) for q in m.quantities}  # compiles the pack's rulings
        without = _without(pack, m)
        found = list(_absorbed(pack, m, without, replays))
        _let_go(without)
        yield from found


def _absorbed(pack: Pack, m: Modifier, without: Pack,
              replays: Mapping[str, tuple[dict[str, Any], Any]]) -> Iterator[Finding]:
    """`m`'s findings of `_never_changes`: each quantity where the pack `without` it rules alike wherever it holds
    (`replays`: the smallest situation where it holds, and its ruling, for each quantity)."""
    from solver.space.diff import differs_at, every_reading

    for q, (witness, answer) in replays.items():
        if differs_at(pack, without, q, witness):
            continue  # the smallest situation where it holds already shows it mattering
        coverage = Coverage(deadline=_coverage(pack).deadline)
        if any(differs_at(pack, without, q, g) for g in every_reading(pack, q, coverage, targets=False)):
            continue
        _coverage(pack).merge(coverage)
        if not coverage.exhaustive:  # a note for each quantity, as a finding would be
            yield _not_proven(pack, f"never_changes.{m.name}.{q}", f"{m.name} may never change a ruling of {q} "
                              "(no situation tried is told anything else without it)", _spans(pack, [m.name]), q)
            continue
        yield Finding("warning", "never_changes", f"never_changes.{m.name}.{q}",
                      f"{m.name} holds but never changes a ruling of {q}: wherever it holds, a clamp, cap, set "
                      "or automatic result decides instead.", _spans(pack, [m.name]), q, witness, answer)


def _loosened(pack: Pack, constraints: dict[str, Constraint]) -> Pack:
    """The pack with only `constraints`. Its situations are split as the whole pack's are (by every expression,
    the left-out constraints' too: a search for where one of them breaks must tell its values apart); nothing
    else of the pack's index is kept, since what a situation allows changed."""
    return replace(pack, constraints=constraints, index={("expressions", ""): expressions(pack)})


_NEVER = parse_expr("false")
_OF_FACTS = ("defaults", "plain checks", "keywords facts", "reading names", "reading facts")


def _without(pack: Pack, m: Modifier) -> Pack:
    """The pack with `m` never holding: its lists of each quantity's modifiers made from the pack's own (a check on
    thousands of rules makes one such pack for each, and listing them afresh would read every rule each time)."""
    from solver.ruling import plans_when_changed

    never = replace(m, when=_NEVER)
    index: dict[tuple[Any, ...], Any] = dict(plans_when_changed(pack, m, never))
    for key in _OF_FACTS:  # what is made of the facts and readings alone: no rule changes them
        if (key, "") in pack.index:
            index[key, ""] = pack.index[key, ""]
    for q in m.quantities:
        mods = pack.modifiers_of(q)
        at = [x.name for x in mods].index(m.name)  # by name: comparing whole rules is slow
        index["modifiers", q] = (*mods[:at], never, *mods[at + 1:])
        if ("policies", q) in pack.index:  # a policy names rules, and no rule's name changed
            index["policies", q] = pack.index["policies", q]
    made = replace(pack, modifiers=_OneReplaced(pack.modifiers, never), index=index)  # type: ignore[arg-type]
    for q in m.quantities:  # the pack's compiled rulings, with the rule's truth made false
        for key in pack.index.get(("compiled readings", q), ()):
            index[key] = pack.index[key].without(made, m.name)
        if ("plain", q) in pack.index:
            found, readings = pack.index["plain", q]
            index["plain", q] = (index["compiled", q, tuple(found.reading.items())], readings)
    return made


def _let_go(made: Pack) -> None:
    """Free a pack `_without` made once its rule is checked: it and its compiled rulings refer to each other, cycles
    only Python's collector frees, and a check of thousands of rules (the collector paused) would otherwise hold
    them all to its end (10k rules: a third of its memory, and half a second to collect them afterwards)."""
    from solver.compiled import Compiled

    for kept in made.index.values():
        if isinstance(kept, Compiled):
            kept.release()
    made.index.clear()


class _OneReplaced(Mapping[str, Modifier]):
    """A pack's rules with one replaced by a rule of the same name: a view, as a copy of thousands of rules made
    (and freed) for each of them would cost a check more than all its rulings."""

    __slots__ = ("_rule", "_rules")

    def __init__(self, rules: Mapping[str, Modifier], rule: Modifier) -> None:
        self._rules, self._rule = rules, rule

    def __getitem__(self, name: str) -> Modifier:
        return self._rule if name == self._rule.name else self._rules[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)


def _limits(pack: Pack) -> Iterable[Finding]:
    """Each declared limit proven over every ruling of its quantities, or the smallest situation that breaks it."""
    from solver.ask import ask
    from solver.consistent import placed
    from solver.situation import Situation
    from solver.space.diff import every_reading

    for limit in pack.limits.values():
        for q in limit.quantities:
            coverage = Coverage(deadline=_coverage(pack).deadline)
            broken = None
            # what a target changes: the chance, the assumptions a result relies on to pass or fail, and, where
            # the player may ignore modifiers, which of them are best ignored (so any field of the ruling)
            chance = bool(limit.holds.names & {"probability", "impossible", "display", "assumptions"}
                          or pack.policies_of(q, "choice"))
            for given in every_reading(pack, q, coverage, targets=chance):
                try:
                    r = ask(pack, q, Situation(given={f: v for f, v in given.items() if f in pack.facts},
                                               base=given.get(BASE), target=given.get(TARGET)))
                except Unworkable as e:  # the pack's fault, not a situation to pass over: said with where it came
                    raise placed(e, {f: v for f, v in given.items() if f in pack.facts}) from None
                except RulingsError:
                    continue
                if not all(_respects(one, limit.holds) for one in (r, *(o.ruling for o in r.readings or ()))):
                    broken = (given, r)
                    break
            _coverage(pack).merge(coverage)
            said = f"{limit.name} ({limit.text or limit.holds.text})"
            if broken is not None:
                given, r = broken
                rules = [a.rule for a in r.applied if a.rule in pack.modifiers]
                yield Finding("error", "limit_broken", f"limit_broken.{limit.name}.{q}",
                              f"{q} breaks the limit {said}: `{limit.holds.text}` does not hold here"
                              + (f", with {_and(rules)} applied." if rules else "."),
                              ((limit.name, limit.where), *_spans(pack, rules)), q, given)
            elif not coverage.exhaustive:
                yield Finding("note", "unproven", f"unproven.limit.{limit.name}.{q}",
                              f"the limit {said} may not hold for every ruling of {q}: no situation tried breaks "
                              f"it, but this is not proven: {'; '.join(coverage.reasons)}.",
                              ((limit.name, limit.where),), q)


def _respects(ruling: Any, holds: Expr) -> bool:
    """Whether a ruling (each of its cases) keeps a limit: a field it lacks (`modifier` of a score) breaks it."""
    from solver.space.find import ruling_fields

    if ruling.cases:
        return all(_respects(c.ruling, holds) for c in ruling.cases)
    return evaluate(holds, ruling_fields(ruling)) is True


def _contradictions(pack: Pack) -> Iterable[Finding]:
    """Derivations that produce values a domain constraint forbids, from inputs that break no constraint."""
    for c in pack.constraints.values():
        derived = [n for n in in_pack_order(pack, c.require.names) if pack.facts[n].derive is not None]
        if not derived or not _searchable(pack, [c.require]):
            continue
        others = {n: k for n, k in pack.constraints.items() if n != c.name}
        loose = _loosened(pack, others)
        coverage = Coverage(deadline=_coverage(pack).deadline)
        found = minimal_witnesses(loose, _false(loose, c.require), base_inputs(pack, [c.require]),  # the inputs
                                  coverage=coverage)
        _coverage(pack).merge(coverage)
        witness = found[0] if found else None
        rules = ((c.name, c.where), *((n, pack.facts[n].where) for n in derived))
        inputs = set(base_inputs(pack, [c.require]))
        quantity = next((q for q in pack.quantities if inputs & set(candidate_facts(pack, q))), None)
        if witness is None and not coverage.exhaustive:
            yield _not_proven(pack, f"contradictory_derivation.{c.name}",
                              f"the derivations of {', '.join(derived)} may break the constraint {c.name}", rules,
                              quantity)
        if witness is not None:
            yield Finding(
                "error",
                "contradictory_derivation",
                f"contradictory_derivation.{c.name}",
                f"the derivations of {', '.join(derived)} break the constraint {c.name} "
                f"({c.require.text}) in a situation whose inputs are allowed.",
                rules,
                quantity,
                witness,
            )


def _set_conflicts(pack: Pack, holds: Mapping[str, dict[str, Any] | None]) -> Iterable[Finding]:
    """Two `=` modifiers to different values on one quantity, both able to hold, nothing ordering them."""
    ordered = _ordered_pairs(pack)
    for q in pack.quantities:
        sets = [m for m in pack.modifiers_of(q) if m.op == "=" and holds[m.name] is not None]
        for i, a in enumerate(sets):
            for b in sets[i + 1 :]:
                if a.amount.text == b.amount.text or frozenset((a.name, b.name)) in ordered or not _coexist(a, b):
                    continue
                witness = _witness(pack, [a.when, b.when, a.amount, b.amount], _disagree(pack, a, b))
                if witness is not None:
                    yield Finding(
                        "error",
                        "unsettled_conflict",
                        f"unsettled_conflict.{a.name}+{b.name}",
                        f"{a.name} sets {q} to {a.amount.text} and {b.name} to {b.amount.text}; both hold "
                        "here and no policy orders them.",
                        _spans(pack, [a.name, b.name]),
                        q,
                        witness,
                    )


def _strongest_ties(pack: Pack, holds: Mapping[str, dict[str, Any] | None]) -> Iterable[Finding]:
    """An exclusive `keep: strongest` group where two equally strong rules are the strongest that hold."""
    for p in pack.policies.values():
        if p.kind != "exclusive" or p.keep != "strongest":
            continue
        rules = [pack.modifiers[r] for r in p.rules if holds.get(r) is not None]
        members = [pack.modifiers[r] for r in p.rules if r in pack.modifiers]
        for i, a in enumerate(rules):
            for b in rules[i + 1 :]:
                if (a.op, a.amount.text) != (b.op, b.amount.text):
                    continue
                others = [m for m in members if m.name not in (a.name, b.name)]
                # the amounts too: a count an amount (or a rule's `per`) reads is given where no default settles it
                exprs = [a.when, b.when, a.amount, a.per, b.amount, b.per, *([p.when] if p.when else []),
                         *(e for m in others for e in (m.when, m.amount, m.per))]

                def tie(given: dict[str, Any], a: Modifier = a, b: Modifier = b, others: list[Modifier] = others,
                        p: Any = p) -> bool:
                    values = fact_values(pack, given)
                    if not all(evaluate(e, values) is True for e in (a.when, b.when, *([p.when] if p.when else []))):
                        return False
                    strength = _strength(a, values)
                    if strength is None or _strength(b, values) != strength:  # a rule counted per model and a
                        return False  # rule counted once are as strong only where the count makes them so
                    held = [evaluate(m.when, values) for m in others]
                    return UNKNOWN not in held and all(
                        h is False or (_strength(m, values) or 0) <= strength
                        for m, h in zip(others, held, strict=True))

                witness = _witness(pack, exprs, tie)
                if witness is not None:
                    yield Finding(
                        "warning",
                        "unsettled_conflict",
                        f"unsettled_conflict.{a.name}+{b.name}",
                        f"{p.name} keeps the strongest of its rules, but {a.name} and {b.name} are equally "
                        "strong and both hold here, with nothing stronger: only their listing order decides.",
                        (*_spans(pack, [a.name, b.name]), (p.name, p.where)),
                        a.quantities[0],
                        witness,
                    )


def _redundant(pack: Pack, holds: Mapping[str, dict[str, Any] | None]) -> Iterable[Finding]:
    """Same effect on the same quantities, and one condition implies the other."""
    groups: dict[tuple[Any, ...], list[Modifier]] = defaultdict(list)
    for m in pack.modifiers.values():
        if holds[m.name] is not None:
            groups[(m.quantities, m.op, m.amount.text, m.per.text if m.per else None, m.under)].append(m)
    settled = _ordered_pairs(pack)
    for members in groups.values():
        inputs = {m.name: set(base_inputs(pack, [m.when])) for m in members}
        readers: dict[str, list[Modifier]] = defaultdict(list)
        for m in members:
            for f in inputs[m.name]:
                readers[f].append(m)
        constant = [m for m in members if not inputs[m.name]]
        for a in members:
            # a condition implies another only if they share a fact, or the other reads none (always true)
            near = {b.name: b for f in inputs[a.name] for b in readers[f]} | {b.name: b for b in constant}
            for b in near.values():
                if b.name == a.name or frozenset((a.name, b.name)) in settled:
                    continue
                shown = condition_values(pack, b.when, holds[a.name] or {})
                if evaluate(b.when, shown) is False:  # a's own witness already separates them: no search
                    continue
                if not _implies(pack, a.when, b.when):
                    continue
                same = _implies(pack, b.when, a.when)
                if same and a.name > b.name:
                    continue
                kind = "redundant_rule" if same else "subsumed_rule"
                text = (
                    "have the same effect and the same condition"
                    if same
                    else f"have the same effect, and whenever {a.name} holds {b.name} holds too"
                )
                slipped = _slipped(pack, a.name, b.name)
                slip = "".join(
                    f" {outside} is not in {inside}'s non-stacking group {policy_words(p)}, so it slips past it."
                    for p, inside, outside in slipped
                )
                yield Finding(
                    "warning",
                    kind,
                    f"{kind}.{a.name}+{b.name}",
                    f"{a.name} and {b.name} {text}, so both count ({a.op}{a.amount.text} twice).{slip}",
                    (*_spans(pack, [a.name, b.name]), *((p.name, p.where) for p, _, _ in slipped)),
                    a.quantities[0],
                    holds[a.name],
                    cause="non_stacking" if slipped else None,
                )


def _shadowed(pack: Pack, holds: Mapping[str, dict[str, Any] | None]) -> Iterable[Finding]:
    """A rule that can hold, but that a policy suppresses in every situation where it does: it never counts."""
    from solver.settle import conflicts, settle

    settling: dict[str, list[Policy]] = defaultdict(list)  # each rule's exclusive and override policies, in order
    for p in pack.policies.values():
        if p.kind in ("exclusive", "override"):
            for name in p.members:  # each once: the loader refuses a rule listed twice
                settling[name].append(p)
    for m in pack.modifiers.values():
        policies = settling.get(m.name, [])
        if holds[m.name] is None or not policies:
            continue
        rivals = [pack.modifiers[r] for p in policies for r in p.members if r != m.name and r in pack.modifiers
                  and set(pack.modifiers[r].under) <= set(m.under)]  # a rival under another reading may be absent
        policies = [p for p in policies if set(p.under) <= set(m.under)]
        if not rivals or not policies:
            continue
        exprs = [m.when, m.amount, m.per, *(p.when for p in policies),
                 *(e for r in rivals for e in (r.when, r.amount, r.per))]
        if not _searchable(pack, exprs):
            continue

        def counts(given: dict[str, Any], m: Modifier = m, rivals: list[Modifier] = rivals,
                   policies: list[Any] = policies) -> bool:
            values = fact_values(pack, given)
            held = {r.name: evaluate(r.when, values) for r in rivals}
            bite = {p.name: evaluate(p.when, values) if p.when is not None else True for p in policies}
            if evaluate(m.when, values) is not True or UNKNOWN in (*held.values(), *bite.values()):
                return False  # only a situation that decides every rival shows the rule counting
            holding = [m.name, *(r for r, h in held.items() if h)]
            biting = [p for p in policies if bite[p.name]]
            by_name = {r.name: r for r in (m, *rivals)}
            bites = conflicts(biting, holding, lambda r: _strength(by_name[r], values) or 0)
            return m.name in settle(holding, bites)[0]

        coverage = Coverage(deadline=_coverage(pack).deadline)
        if _witness(pack, exprs, counts, coverage) is not None:
            continue
        _coverage(pack).merge(coverage)
        names = list(dict.fromkeys(r.name for r in rivals))
        if not coverage.exhaustive:
            yield _unproven(pack, "shadowed_rule", m, "no situation tried lets it count")
            continue
        yield Finding(
            "warning",
            "shadowed_rule",
            f"shadowed_rule.{m.name}",
            f"{m.name} never counts: whenever it holds, {' or '.join(names)} holds too, and "
            f"{_and([policy_words(p) for p in policies])} {'suppress' if len(policies) > 1 else 'suppresses'} "
            f"{m.name}.",
            (*_spans(pack, [m.name, *names]), *((p.name, p.where) for p in policies)),
            m.quantities[0],
            holds[m.name],
        )


def _ranges(pack: Pack) -> Iterable[Finding]:
    """Final values outside what the quantity's kind allows, with no clamp to settle them."""
    from solver.ask import ask_if_possible
    from solver.situation import Situation

    for q in pack.quantities.values():
        if q.kind not in ("score", "pool"):
            continue
        if q.base is None:
            yield Finding(
                "note",
                "no_base",
                f"no_base.{q.name}",
                f"{q.name} has no base in the pack: every question must give one with base:.",
                ((q.name, q.where),),
                q.name,
            )
            continue
        floor = 2 if q.kind == "score" else 1
        if any(p.min is not None for p in pack.policies_of(q.name, "clamp")):
            continue

        def low(given: dict[str, Any], q: Any = q, floor: int = floor) -> bool:
            r = ask_if_possible(pack, q.name, Situation(given=given))
            return r is not None and r.cases is None and isinstance(r.value, int) and r.value < floor

        found = _bounded(pack, low, q.name)
        if found:
            what = "a score below 2 (a natural 1 would hit)" if q.kind == "score" else "a pool of no dice"
            yield Finding(
                "warning",
                "out_of_range",
                f"out_of_range.{q.name}",
                f"{q.name} can come out as {what}, and no clamp settles it.",
                ((q.name, q.where),),
                q.name,
                found[0],
            )


def _reading_splits(pack: Pack) -> Iterable[Finding]:
    from solver.ask import ask_if_possible, readings_of
    from solver.situation import Situation
    from solver.space.find import search_facts

    for q in pack.quantities.values():
        for r in readings_of(pack, q):
            names = {m.name for m in pack.modifiers_of(q.name) if any(n == r.name for n, _ in m.under)}
            for p in pack.policies.values():
                if any(n == r.name for n, _ in p.under):
                    names |= set(p.members)
            tied = [pack.modifiers[n] for n in sorted(names) if n in pack.modifiers]
            facts = base_inputs(pack, [m.when for m in tied] + [m.per for m in tied])
            facts += [f for f in candidate_facts(pack, q.name) if pack.facts[f].default is None]
            facts += search_facts(pack, q.name)  # a split may need another rule too: one a cap holds back, say

            def split(given: dict[str, Any], q: Any = q, r: Any = r) -> bool:  # this reading's split, not another's
                ruling = ask_if_possible(pack, q.name, Situation(given=given))
                return ruling is not None and ruling.cases is None and any(
                    o.reading == r.name for o in ruling.readings or ())

            facts = [f for f in dict.fromkeys(facts) if f != READING + r.name]
            typical = _typical_split(pack, split, facts) if READING + r.name in pack.facts else None
            found = [typical] if typical is not None else _bounded(pack, split, q.name, facts)
            if found:
                yield Finding(
                    "note",
                    "reading_split",
                    f"reading_split.{r.name}",
                    f'the readings of {r.name} give different rulings for {q.name} ("{r.sentence}").',
                    ((r.name, r.where),),
                    q.name,
                    found[0],
                )


def _typical_split(pack: Pack, split: Callable[[dict[str, Any]], bool],
                   facts: Sequence[str]) -> dict[str, Any] | None:
    """A situation where a reading that an expression reads splits a ruling, tried first where a player would look:
    every fact without a default at its most typical value, then each fact with one at each of its other values;
    shrunk by leaving out each fact it does not need. (A reading read by arithmetic over several wide facts splits
    rulings only where several facts are set at once, which a search by increasing size reaches last.)"""
    from solver.consistent import values_of

    typical = {f: values_of(pack, f)[0] for f in facts if pack.facts[f].default is None}
    varied = [typical, *({**typical, f: v} for f in facts if pack.facts[f].default is not None
                         for v in values_of(pack, f) if v != pack.facts[f].default)]
    tries = (given if f is None else {**given, f: v} for given in varied
             for f, v in [(None, None), *((f, v) for f in typical for v in values_of(pack, f)[1:])])
    found = next((given for given in tries if split(given)), None)
    if found is None:
        return None
    for f in list(found):
        smaller = {k: v for k, v in found.items() if k != f}
        if split(smaller):
            found = smaller
    return found


def _unused(pack: Pack) -> Iterable[Finding]:
    from kb.graph import dependency_graph

    graph = dependency_graph(pack)
    constrained = {n for c in pack.constraints.values() for n in c.require.names}
    rolled = {q for s in pack.sequences.values() for q in s.uses()}  # a sequence's steps: used, if by no rule
    read = {n for s in pack.sequences.values() for n in s.reads()}
    for name, fact in pack.facts.items():
        if not any(graph.successors(("fact", name))) and name not in constrained | read:
            yield Finding(
                "note",
                "unused_fact",
                f"unused_fact.{name}",
                f"no rule reads the fact {name}.",
                ((name, fact.where),),
            )
    for name, q in pack.quantities.items():
        if not any(graph.predecessors(("quantity", name))) and name not in rolled:
            yield Finding(
                "note",
                "unused_quantity",
                f"unused_quantity.{name}",
                f"no rule or policy touches the quantity {name}.",
                ((name, q.where),),
            )


# -- helpers ----------------------------------------------------------------------


def _witness(
    pack: Pack, exprs: Sequence[Expr | None], predicate: Callable[[dict[str, Any]], bool],
    coverage: Coverage | None = None,
) -> dict[str, Any] | None:
    """The smallest situation over the facts `exprs` read (derived facts whole) where `predicate` holds."""
    own = coverage if coverage is not None else Coverage(deadline=_coverage(pack).deadline)
    found = minimal_witnesses(pack, predicate, frontier(pack, exprs), coverage=own)
    if coverage is None:
        _coverage(pack).merge(own)
    return found[0] if found else None


def _bounded(pack: Pack, predicate: Callable[[dict[str, Any]], bool], quantity: str,
             facts: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """A witness among at most `BUDGET` situations of the quantity: enough to show a problem, never to deny one."""
    from solver.space.find import search_facts

    coverage = Coverage(deadline=_coverage(pack).deadline)
    names = facts if facts is not None else search_facts(pack, quantity)

    def within(given: dict[str, Any]) -> bool:
        if coverage.searched > BUDGET:
            raise _Budget
        return predicate(given)

    try:
        return minimal_witnesses(pack, within, names, coverage=coverage)
    except _Budget:
        coverage.stop(f"{quantity}: more than {BUDGET} situations")
        return []
    finally:
        _coverage(pack).merge(coverage)


class _Budget(Exception):
    """A quantity-wide search reached `BUDGET`."""


_COVERAGE: dict[int, Coverage] = {}


def _coverage(pack: Pack) -> Coverage:
    """The coverage of the check running on `pack` (a fresh one outside `check_pack`)."""
    return _COVERAGE.get(id(pack)) or Coverage()


def _strength(m: Modifier, values: Mapping[str, Any]) -> Any:
    """How strong a rule is in a `keep: strongest` group (None when its amount is undecided)."""
    from solver.ruling import NeedFacts, _term

    try:
        return abs(_term(m, values).signed)
    except (NeedFacts, RulingsError, TypeError):
        return None


def _unproven(pack: Pack, kind: str, m: Modifier, what: str) -> Finding:
    return _not_proven(pack, f"{kind}.{m.name}", f"{m.name} may be a {kind.replace('_', ' ')} ({what})",
                       _spans(pack, [m.name]), m.quantities[0])


def _not_proven(pack: Pack, subject: str, claim: str, rules: tuple[tuple[str, Span], ...],
                quantity: str | None) -> Finding:
    """A note that `claim` may hold, with what the check's searches could not cover."""
    reasons = "; ".join(_coverage(pack).reasons) or "the search stopped at a limit"
    return Finding("note", "unproven", f"unproven.{subject}", f"{claim}, but this is not proven: {reasons}.",
                   rules, quantity)


def _searchable(pack: Pack, exprs: Sequence[Expr | None]) -> bool:
    """Whether the search can try every class of every fact behind `exprs`; the check's coverage says when not."""
    left = [f for f in base_inputs(pack, exprs) if not splits(pack, f)]
    for f in left:
        _coverage(pack).stop(unsplit(pack, f))
    return not left


def _true(pack: Pack, expr: Expr) -> Callable[[dict[str, Any]], bool]:
    def holds(given: dict[str, Any]) -> bool:
        return evaluate(expr, condition_values(pack, expr, given)) is True

    return holds


def _false(pack: Pack, expr: Expr) -> Callable[[dict[str, Any]], bool]:
    def fails(given: dict[str, Any]) -> bool:
        return evaluate(expr, condition_values(pack, expr, given)) is False

    return fails


def _disagree(pack: Pack, a: Modifier, b: Modifier) -> Callable[[dict[str, Any]], bool]:
    """Both rules hold and set different values: two sets that agree wherever both hold are no conflict."""
    def disagree(given: dict[str, Any]) -> bool:
        values = fact_values(pack, given)
        if evaluate(a.when, values) is not True or evaluate(b.when, values) is not True:
            return False
        one, other = evaluate(a.amount, values), evaluate(b.amount, values)
        return one is UNKNOWN or other is UNKNOWN or one != other

    return disagree


def _coexist(a: Modifier, b: Modifier) -> bool:
    """Whether some reading has both rules: none that both are tied to picks two different options."""
    chosen = dict(a.under)
    return all(chosen.get(reading, option) == option for reading, option in b.under)


def _implies(pack: Pack, a: Expr, b: Expr) -> bool:
    """Proven: no situation makes `a` true and `b` false (False when unproven or a fact cannot be searched)."""
    if not _searchable(pack, [a, b]):
        return False
    coverage = Coverage(deadline=_coverage(pack).deadline)
    witness = _witness(
        pack,
        [a, b],
        lambda g: (v := fact_values(pack, g)) is not None and evaluate(a, v) is True and evaluate(b, v) is False,
        coverage,
    )
    _coverage(pack).merge(coverage)
    return witness is None and coverage.exhaustive


def policy_words(p: Any) -> str:
    """A non-stacking group or override by name, with what it does in words.

    Examples:
        >>> from kb.loader import load_pack
        >>> policy_words(load_pack("fantasy").policies["cover_never_stacks"])
        'cover_never_stacks (only one of hard_cover, soft_cover counts: the first listed that holds)'
    """
    if p.kind == "exclusive":
        keep = "the strongest" if p.keep == "strongest" else "the first listed that holds"
        return f"{p.name} (only one of {', '.join(p.rules)} counts: {keep})"
    if p.kind == "override" and p.rule:
        return f"{p.name} ({p.rule} overrides {', '.join(p.over)})"
    return p.name  # type: ignore[no-any-return]


def _slipped(pack: Pack, a: str, b: str) -> list[tuple[Any, str, str]]:
    """Exclusive groups that hold one of two rules but not the other: (group, the member, the rule outside it)."""
    out = []
    for p in pack.policies.values():
        if p.kind == "exclusive" and (a in p.rules) != (b in p.rules):
            out.append((p, a, b) if a in p.rules else (p, b, a))
    return out


def _ordered_pairs(pack: Pack) -> set[frozenset[str]]:
    """Pairs of rules a policy keeps from both counting (exclusive or override)."""
    out: set[frozenset[str]] = set()
    for p in pack.policies.values():
        rules = [*p.rules, *([p.rule] if p.rule else []), *p.over]
        if p.kind == "exclusive":
            out |= {frozenset((a, b)) for a in rules for b in rules if a != b}
        elif p.kind == "override" and p.rule:
            out |= {frozenset((p.rule, o)) for o in p.over}
    return out


def _spans(pack: Pack, names: list[str]) -> tuple[tuple[str, Span], ...]:
    return tuple((n, pack.modifiers[n].where) for n in names)

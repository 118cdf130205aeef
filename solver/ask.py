"""Ask a ruling: split resolution, readings, and branching on unknown facts.

`ask` is the solver's front door. It resolves each group of a split
separately, computes every declared reading that bears on the quantity, and
when the answer depends on facts the situation leaves unknown, branches on
the fewest and highest-level of them (a derived fact before the facts it is
derived from), merging branches that give the same answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import cache
from itertools import product
from math import prod
from typing import Any

from kb.errors import Contradiction, RulingsError, Undecided, UnknownName, Unworkable
from kb.expr import Expr, evaluate
from kb.model import READING, Modifier, Pack, Policy, Quantity, Reading
from solver.arithmetic import dice_count, faces
from solver.consistent import placed
from solver.derivation import Node
from solver.facts import derive_facts
from solver.ruling import Case, Clamped, NeedFacts, ReadingOutcome, Ruling, _Made, decide, new_outcome
from solver.situation import Situation

MAX_CASES = 4096


def ask(pack: Pack, quantity: str, situation: Situation, *, cases: bool = True) -> Ruling:
    """The ruling for `quantity` in `situation`.

    Examples:
        >>> from kb.loader import load_pack
        >>> r = ask(load_pack("fantasy"), "to_hit", Situation(given={"shooter.bs": 3, "shooter.moved": True}))
        >>> r.value, r.display, str(r.probability), [a.rule for a in r.applied]
        (5, '5+', '1/3', ['moved'])
    """
    try:
        plain = pack.index.get(("plain", quantity))
        if plain is not None and not (situation.effects or situation.base is not None or situation.roll is not None
                                      or situation.reading or situation.groups):
            found, readings = plain  # `_ask` with none of its checks to make: straight to the compiled ruling
            ruling = found.ruling(situation)
            if ruling is not None:
                return _other_readings(pack, found.q, situation, readings, found.reading, ruling, cases) \
                    if readings else ruling
        return _ask(pack, quantity, situation, cases)
    except Contradiction as e:
        if e.where is not None:
            raise
        where = next((situation.where[f] for f in e.facts if f in situation.where), None)
        if where is None:
            raise
        raise Contradiction(e.message, where=where, hint=e.hint, facts=e.facts) from None  # the file that said it


def _ask(pack: Pack, quantity: str, situation: Situation, cases: bool) -> Ruling:
    q = pack.quantities.get(quantity)
    if q is None:
        raise UnknownName("quantity", quantity, [*pack.quantities, *pack.sequences])  # the commands take both
    if situation.groups:
        return _groups(pack, q, situation)
    check_inputs(q, situation)
    for effect in situation.effects:  # a situation read from a file refuses it too (`solver.situation`)
        if effect.name in pack.modifiers:  # it would stand in for the rule of its name, silently
            raise RulingsError(f"effect name {effect.name!r} is already a rule of the pack",
                               where=situation.where.get("(effects)"),
                               hint="name the effect differently, or give the facts that make the rule hold")
    if pack.readings and not _reading_names(pack).isdisjoint(situation.given):
        situation = _reading_given(situation)
    readings = _readings(pack, q)
    if not readings and not situation.reading:
        return _one(pack, q, situation, {}, cases)
    chosen = _defaults(pack, q, readings)
    if situation.reading:
        chosen = chosen | dict(situation.reading)
    ruling = _one(pack, q, situation, chosen, cases)
    if not readings:
        return ruling
    return _other_readings(pack, q, situation, readings, chosen, ruling, cases)


def _other_readings(pack: Pack, q: Quantity, situation: Situation, readings: tuple[Reading, ...],
                    chosen: dict[str, str], ruling: Ruling, cases: bool) -> Ruling:
    """`ruling` (made under the `chosen` options) with what each other option of `readings` gives where it differs
    (`Ruling.readings`), and the readings worded in its derivation."""
    outcomes: list[tuple[Reading, ReadingOutcome]] = []
    worded: list[list[tuple[Reading, ReadingOutcome]]] = []  # each reading's outcomes, worded when explained
    for r in readings:
        if ruling.values is not None and not ruling.cases and not _may_change(pack, q, r, ruling.values, ruling.value,
                                                                              ruling.clamped):
            continue  # every option gives this very ruling
        subs = [(option, ruling if chosen[r.name] == option else _one(pack, q, situation, chosen | {r.name: option},
                                                                      cases)) for option, _ in r.options]
        if len({_key(sub) for _, sub in subs}) > 1:  # only readings that change this ruling are mentioned
            these = [(r, new_outcome(r.name, option, option == r.default, sub)) for option, sub in subs]
            outcomes += these
            worded.append(these)
    if not outcomes:
        return ruling

    def explanation() -> Node:
        nodes = [_readings_node(these, chosen) for these in worded]
        return replace(ruling.explanation, because=(*ruling.explanation.because, *nodes))

    return _with_readings(ruling, tuple(o for _, o in outcomes), explanation)


def _with_readings(ruling: Ruling, readings: tuple[ReadingOutcome, ...], derivation: Callable[[], Node]) -> Ruling:
    """`replace(ruling, readings=readings, derivation=derivation)`, without `dataclasses.replace`'s cost."""
    r = ruling
    return _Made((r.pack, r.quantity, r.value, r.display), derivation,  # type: ignore[return-value]
                 (r.applied, r.suppressed, r.ignored, r.clamped, r.modifier, r.probability, r.automatic, r.then,
                  r.cases, readings, r.groups, r.assumptions, r.choice, r.extra), r.values)


def _defaults(pack: Pack, q: Quantity, readings: tuple[Reading, ...]) -> dict[str, str]:
    """Each of `readings` (those of `q`) by its default option: one dict kept per quantity, never changed."""
    key = ("reading defaults", q.name)
    found = pack.index.get(key)
    if found is None:
        found = pack.index[key] = {r.name: r.default for r in readings}
    return found  # type: ignore[no-any-return]


def check_inputs(q: Quantity, situation: Situation) -> None:
    """Refuse parts of a situation the quantity would silently ignore (a roll for a characteristic, say)."""
    rolled = q.kind in ("total", "roll")
    where = situation.where.get
    if situation.effects and not q.effects:
        raise RulingsError(f"{q.name} takes no ad-hoc effects in this pack", where=where("(effects)"),
                           hint="give facts instead (given:)")
    if situation.base is not None and (rolled or q.base is not None):
        source = "its roll: give roll:" if rolled else f"the pack ({q.base.text if q.base else ''})"
        raise RulingsError(f"{q.name} takes no base: its value comes from {source}", where=where("(base)"))
    if situation.roll is not None and not rolled:
        raise RulingsError(f"{q.name} is not a roll: it takes no roll:", where=where("(roll)"),
                           hint="give facts instead (given:)" if q.base is not None else "give base: or facts instead")
    if situation.roll is not None:
        low, high = dice_count(q.dice), dice_count(q.dice) * faces(q.dice)[-1]
        if not low <= situation.roll <= high:
            raise RulingsError(f"roll: {situation.roll} cannot be rolled on {q.dice} ({low}..{high})",
                               where=where("(roll)"), hint="give the unmodified roll, after re-rolls")


def ask_if_possible(pack: Pack, quantity: str, situation: Situation, *, cases: bool = True) -> Ruling | None:
    """The ruling, or None for a situation the pack refuses (one that breaks a domain constraint, say).

    For searches over many situations, where a refused one is simply not a witness. A situation in which the
    pack's own expressions cannot be worked out (`Unworkable`: a division by zero) is the pack's fault: that error
    is raised, with where the expression is written, and the search stops rather than pass the situation over.
    """
    try:
        return ask(pack, quantity, situation, cases=cases)
    except Unworkable as e:  # said with the situation the search came to: the user did not give it
        raise placed(e, situation.given) from None
    except RulingsError:
        return None


def _reading_names(pack: Pack) -> frozenset[str]:
    """Each reading's name as a fact (`reading.NAME`)."""
    found = pack.index.get(("reading names", ""))
    if found is None:
        found = pack.index["reading names", ""] = frozenset(READING + r for r in pack.readings)
    return found  # type: ignore[no-any-return]


def _reading_given(situation: Situation) -> Situation:
    """A reading given as a fact (`reading.NAME: OPTION`, as a search writes a situation) is the situation's
    `reading:` choice."""
    said = {n.removeprefix(READING): v for n, v in situation.given.items() if n.startswith(READING)}
    for name, option in said.items():
        if situation.reading.get(name, option) != option:
            raise RulingsError(f"{READING}{name} is given as {option!r}, but reading: chooses "
                               f"{situation.reading[name]!r}", where=situation.where.get(READING + name),
                               hint="choose the reading once")
    return replace(situation, given={n: v for n, v in situation.given.items() if not n.startswith(READING)},
                   reading={**situation.reading, **said})


def _with_reading_facts(pack: Pack, situation: Situation, reading: Mapping[str, str]) -> Situation:
    """The situation with each reading that an expression reads given as the option this ruling follows."""
    read = _reading_facts(pack)
    if not read:
        return situation
    chosen = {READING + r: reading.get(r, pack.readings[r].default) for r in read}
    if all(situation.given.get(n) == v for n, v in chosen.items()):  # set already (the engine after the compiled)
        return situation
    return situation.given_as({**situation.given, **chosen})


def _reading_facts(pack: Pack) -> tuple[str, ...]:
    """The readings an expression reads (as the fact `reading.NAME`)."""
    read = pack.index.get(("reading facts", ""))
    if read is None:
        read = pack.index["reading facts", ""] = tuple(r for r in pack.readings if READING + r in pack.facts)
    return read  # type: ignore[no-any-return]


def readings_of(pack: Pack, q: Quantity) -> list[Reading]:
    """The readings whose options change a modifier or policy bearing on `q`."""
    return list(_readings(pack, q))


def _readings(pack: Pack, q: Quantity) -> tuple[Reading, ...]:
    key = ("readings", q.name)
    found = pack.index.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    if not pack.readings:
        return ()
    if key not in pack.index:
        entries: list[Modifier | Policy] = [*pack.modifiers_of(q.name), *pack.policies_of(q.name)]
        tied = {reading for entry in entries for reading, _ in entry.under} | _read_readings(pack, q)
        if any(_reads_two_ways(e.when) for e in entries if e.when is not None):  # matches('non-X Y or Z unit', ..)
            tied |= {r.name for r in pack.readings.values() if r.decides == "non_reach"}
        pack.index[key] = tuple(r for name, r in pack.readings.items() if name in tied)
    return pack.index[key]  # type: ignore[no-any-return]


def _read_readings(pack: Pack, q: Quantity) -> set[str]:
    """The readings whose option an expression bearing on `q` reads (`reading.NAME`), directly or through derived
    facts."""
    if not pack.readings:
        return set()
    key = ("read readings", q.name)
    if key not in pack.index:
        import networkx as nx

        from kb.graph import dependency_graph

        read = {READING + r for r in pack.readings if READING + r in pack.facts}
        graph = (pack.index.get(("dependency graph", "")) or dependency_graph(pack)) if read else None
        pack.index["dependency graph", ""] = graph
        pack.index[key] = {node[1].removeprefix(READING) for node in nx.ancestors(graph, ("quantity", q.name))
                           if node[0] == "fact" and node[1] in read} if graph is not None else set()
    return pack.index[key]  # type: ignore[no-any-return]


def _reads_two_ways(expr: Expr) -> bool:
    """Whether a keyword phrase in the expression reads differently when its `non-X` reaches the whole list (kept by
    the expression's text: a check asks it of every rule again for each pack it makes without one rule)."""
    if "matches" not in expr.text:  # no keyword phrase at all
        return False
    found = _TWO_WAYS.get(expr.text)
    if found is None:
        from kb.expr import phrases
        from kb.keywords import parse_phrase

        found = any(parse_phrase(p).whole_list() != parse_phrase(p) for p in phrases(expr))
        if len(_TWO_WAYS) >= 10_000:
            _TWO_WAYS.clear()
        _TWO_WAYS[expr.text] = found
    return found


_TWO_WAYS: dict[str, bool] = {}


def _may_change(pack: Pack, q: Quantity, reading: Reading, values: Mapping[str, Any], value: Any = None,
                clamped: tuple[Clamped, ...] = ()) -> bool:
    """Whether another option of `reading` could change a ruling of `q` made with `values` (whose value is
    `value`, after the clamps that bit, `clamped`).

    It cannot when every rule tied to the reading fails, every policy tied to it is a group or override that
    fewer than two of its rules can bite (the options then keep the same rules), and every clamp tied to it
    that names symbols leaves this value as it is (a number within its bounds, not one of its symbols) and did
    not make it so (a clamp that bit under the chosen option: the others may not bite).
    """
    key = ("tied", q.name, reading.name)
    tied = pack.index.get(key)
    if tied is None:
        tied = pack.index[key] = _tied(pack, q, reading)
    for when, rules in tied:
        if when is not None and evaluate(when, values) is False:
            continue
        if isinstance(rules, Policy):
            name = rules.label or rules.name
            if any(c.rule == name for c in clamped) or _clamp_may_change(rules, values, value):
                return True
            continue
        if rules is None:
            return True
        holding = 0
        for rule in rules:
            if evaluate(rule, values) is not False:
                holding += 1
                if holding == 2:
                    return True
    return False


def _clamp_may_change(p: Policy, values: Mapping[str, Any], value: Any) -> bool:
    """Whether a clamp that names symbols could change a ruling of this value: unless it is a whole number within
    the clamp's bounds (worked out from the facts alone) and not a symbol the clamp names ("0": a set to 0)."""
    if not isinstance(value, int) or isinstance(value, bool) or (value == 0 and "0" in p.symbols):
        return True
    for bound, inside in ((p.min, lambda b: value >= b), (p.max, lambda b: value <= b)):
        if bound is None:
            continue
        if not bound.names <= values.keys():  # reads the quantity's base or an unknown fact: not worked out here
            return True
        found = evaluate(bound, values)
        if not isinstance(found, int) or not inside(found):
            return True
    return False


def _tied(pack: Pack, q: Quantity,
          reading: Reading) -> tuple[tuple[Expr | None, tuple[Expr, ...] | Policy | None], ...]:
    """What could make `reading`'s options differ for `q`: each entry tied to it as (its condition, the conditions
    of the rules of which two must hold), or None for the rules when the entry itself is enough."""
    out: list[tuple[Expr | None, tuple[Expr, ...] | Policy | None]] = []
    if reading.decides or reading.name in _read_readings(pack, q):  # read by an expression: any ruling may change
        return ((None, None),)
    entries: tuple[Modifier | Policy, ...] = (*pack.modifiers_of(q.name), *pack.policies_of(q.name))
    for entry in entries:
        if all(name != reading.name for name, _ in entry.under):
            continue
        if isinstance(entry, Policy) and entry.kind == "clamp" and entry.symbols:
            out.append((entry.when, entry))  # what it does depends on the value: see _clamp_may_change
        elif isinstance(entry, Modifier) or entry.kind not in ("exclusive", "override"):
            out.append((entry.when, None))
        else:
            rules = [pack.modifiers[n] for n in entry.members if n in pack.modifiers]
            out.append((entry.when, tuple(m.when for m in rules if q.name in m.quantities)))
    return tuple(out)


def _groups(pack: Pack, q: Quantity, situation: Situation) -> Ruling:
    subs = tuple((name, ask(pack, q.name, in_group(situation, group))) for name, group in situation.groups)
    display = "; ".join(f"{name}: {r.display}" for name, r in subs)

    def explanation() -> Node:
        return Node(f"{q.text} ({q.name}): resolved separately for each group", tuple(
            Node(f"group {name!r}", (r.explanation,)) for name, r in subs), tag="groups")

    return Ruling(pack.name, q.name, None, display, explanation, groups=subs)


def in_group(situation: Situation, group: Situation) -> Situation:
    """The situation of one group of a split resolution: its facts merged over the top level's, its effects after
    the top level's, and each other thing it says (base, roll, target, re-rolls, ...) in place of the top level's,
    which holds where the group says nothing (or only the default: `reroll_for: pass`)."""
    s, g = situation, group
    return replace(g, given={**s.given, **g.given}, effects=s.effects + g.effects, reading={**s.reading, **g.reading},
                   base=g.base if g.base is not None else s.base, roll=g.roll if g.roll is not None else s.roll,
                   target=g.target if g.target is not None else s.target, reroll=g.reroll or s.reroll,
                   unmodified=g.unmodified or s.unmodified,
                   reroll_for=g.reroll_for if g.reroll_for != "pass" else s.reroll_for,
                   weapons=g.weapons if g.weapons is not None else s.weapons,
                   ignore=g.ignore if g.ignore is not None else s.ignore, models=g.models or s.models,
                   datasheet=g.datasheet or s.datasheet)


COMPILE_AFTER = 2
"""A quantity's rulings under one reading are compiled at this many in one process (a single ruling is made
faster by the engine than by compiling it first)."""


def _one(pack: Pack, q: Quantity, situation: Situation, reading: Mapping[str, str], cases: bool) -> Ruling:
    """The ruling under one reading: compiled where the situation is fully known (`solver.compiled`), else the
    engine's, which branches on the unknown facts it needs."""
    situation = _with_reading_facts(pack, situation, reading)
    key = ("compiled", q.name, tuple(reading.items()))
    found = pack.index.get(key, 0)
    if type(found) is int:  # not compiled yet: how many rulings asked for it so far
        if found + 1 < COMPILE_AFTER:
            pack.index[key] = found + 1
            return _branch(pack, q, situation, reading, cases)
        from solver.compiled import compiled

        found = compiled(pack, q.name, reading)
        if found and not _reading_facts(pack):
            readings = _readings(pack, q)
            if reading == _defaults(pack, q, readings):  # `ask` goes straight to it where a situation only gives facts
                pack.index["plain", q.name] = (found, readings)
    if found:
        ruling = found.ruling(situation)
        if ruling is not None:
            return ruling  # type: ignore[no-any-return]
    return _branch(pack, q, situation, reading, cases)


class _Branch:
    """A branch on an unknown fact: each of its values (or runs of values), and the tree or ruling under it."""

    __slots__ = ("fact", "options")

    def __init__(self, fact: str, options: tuple[tuple[Any, Any], ...]) -> None:
        self.fact, self.options = fact, options  # options: (value, _Branch | Ruling)


def _branch(pack: Pack, q: Quantity, situation: Situation, reading: Mapping[str, str], cases: bool = True) -> Ruling:
    budget = [MAX_CASES if cases else 0]  # without cases, the first unknown fact that matters is refused
    situation = _with_reading_facts(pack, situation, reading)
    tree = _solve(pack, q, situation, reading, {}, budget)
    if tree is None:
        raise Contradiction("no value of the unknown facts is consistent with this situation")
    if isinstance(tree, Ruling):
        return tree
    found = [Case(tuple(when), ruling) for when, ruling in _flatten(_simplify(_fewest(tree, pack), pack))]
    if len({_key(c.ruling) for c in found}) == 1:
        return found[0].ruling
    unknown = sorted({f for c in found for f, _ in c.when})

    def explanation() -> Node:
        return Node(
            f"{q.text} ({q.name}) depends on facts the situation does not give: " + ", ".join(unknown),
            tuple(Node("when " + _when_text(c.when) + f": {c.ruling.display}", (c.ruling.explanation,))
                  for c in found),
            tag="cases",
        )

    return Ruling(pack.name, q.name, None, "depends on " + ", ".join(unknown), explanation, cases=tuple(found),
                  assumptions=tuple(dict.fromkeys(a for c in found for a in c.ruling.assumptions)))


def _solve(pack: Pack, q: Quantity, situation: Situation, reading: Mapping[str, str],
           assigned: dict[str, Any], budget: list[int]) -> _Branch | Ruling | None:
    given: Mapping[str, Any] = situation.given
    if assigned:
        given = Assumed({**situation.given, **assigned})
        given.assumed = frozenset(assigned)
    try:
        values = derive_facts(pack, given)
        if q.passes is not None and not q.passes.names <= values.keys():
            settled = _settled(pack, [n for n in q.passes.names if n not in values], given)
            if settled:  # a target the situation settles without giving it: worked out, as a rule's fact would be
                return _solve(pack, q, situation, reading, {**assigned, **settled}, budget)
        if any(reading.get(r.name) == "whole_list" for r in pack.readings.values() if r.decides == "non_reach"):
            from kb.expr import NON_REACH

            values[NON_REACH] = "whole_list"  # how matches() reads a rule's keyword phrases (the pack's reading)
        return decide(pack, q, situation.given_as(given) if assigned else situation, values, reading)
    except NeedFacts as need:
        fact = _pick(pack, need.names)
    except Unworkable as e:  # in a case of facts the user did not give: which case
        raise placed(e, given) if assigned else e from None
    domain = _possible(pack, fact, given)
    if not domain:
        raise Undecided(f"{q.name} depends on {fact}, which the situation does not give",
                        hint=f"give it: --given {fact}=...")
    budget[0] -= len(domain)
    if budget[0] < 0:
        raise Undecided(f"{q.name} depends on too many unknown facts to list every case",
                        hint=f"give some of them, starting with --given {fact}=...")
    options = []
    for value in domain:
        try:
            sub = _solve(pack, q, situation, reading, {**assigned, fact: value}, budget)
        except Contradiction:
            if not assigned and len(domain) == 1:
                raise
            continue
        if sub is not None:
            options.append((value, sub))
    return _Branch(fact, tuple(options)) if options else None


def _settled(pack: Pack, names: list[str], given: Mapping[str, Any]) -> dict[str, Any]:
    """The facts of `names` that `given` leaves free but allows only one value each (the inputs of a derived fact
    given directly, say), with that value; none where the search behind it is not exhaustive.

    A roll's target that reads a free fact gives no chance and no cases (the result is told without it), unless
    the situation settles the fact: then it is worked out, whether or not a rule happens to read it too.
    """
    from solver.consistent import Coverage, _constraint_reads, inputs, producible

    # only a derived fact given or a domain constraint ties a free fact to others: else its own domain settles it
    tied = frozenset().union(*_constraint_reads(pack), *(inputs(pack, n) for n in given if n in pack.facts
                                                           and pack.facts[n].derive is not None))
    out = {}
    for name in names:
        if tied.isdisjoint(inputs(pack, name)) and len(pack.facts[name].domain) != 1:
            continue
        coverage = Coverage()
        found = producible(pack, [name], given, coverage=coverage)
        if coverage.exhaustive and len(found) == 1:
            out[name] = next(iter(found))[0]
    return out


class Assumed(dict[str, Any]):
    """A case's facts: the situation's, and those a case assumes (`assumed`), which no one gave."""

    assumed: frozenset[str] = frozenset()


def _possible(pack: Pack, fact: str, given: Mapping[str, Any]) -> Sequence[Any]:
    """The values a case may assume for `fact`: for a derived fact, only those its inputs can produce."""
    from solver.consistent import Coverage, producible

    domain = pack.facts[fact].domain
    if pack.facts[fact].derive is None:
        return domain
    coverage = Coverage()
    found = producible(pack, [fact], given, coverage=coverage)
    if not coverage.exhaustive:  # unproven: every value is tried, and each case checks its own consistency
        return domain
    return [v for v in domain if (v,) in found]


def _pick(pack: Pack, names: set[str]) -> str:
    """The highest-level unknown: derived facts first, then the smallest domain."""
    return min(names, key=lambda name: _rank(pack, name))


def _rank(pack: Pack, name: str) -> tuple[bool, int, str]:
    fact = pack.facts[name]
    return (fact.derive is None, len(fact.domain) or 10**6, name)


def _fewest(tree: _Branch, pack: Pack) -> _Branch | Ruling:
    """The decision tree over the same unknown facts with the fewest leaves (when small enough to search).

    The branching found while solving follows the order rules are met; a different
    order can need fewer cases (hard cover decides alone when it holds).
    """
    facts = sorted(_facts_in(tree), key=lambda f: _rank(pack, f))
    domains = [pack.facts[f].domain for f in facts]
    if len(facts) < 2 or prod(len(d) + 1 for d in domains) > 20_000:
        return tree
    rows = []
    for values in product(*domains):
        leaf = _lookup(tree, dict(zip(facts, values, strict=True)))
        if leaf is not None:
            rows.append((values, leaf, _key(leaf)))
    rows_with: dict[tuple[int, Any], set[int]] = {}
    for r, (values, _, _) in enumerate(rows):
        for i, v in enumerate(values):
            rows_with.setdefault((i, v), set()).add(r)
    having = {k: frozenset(ids) for k, ids in rows_with.items()}
    every = frozenset(range(len(rows)))

    @cache
    def best(fixed: tuple[tuple[int, Any], ...]) -> tuple[int, _Branch | Ruling | None]:
        ids = every.intersection(*(having.get(f, frozenset()) for f in fixed))
        if len({rows[r][2] for r in ids}) <= 1:
            return (1, rows[min(ids)][1]) if ids else (0, None)
        done = {i for i, _ in fixed}
        options = []
        for i in (i for i in range(len(facts)) if i not in done):
            subs = [(v, best((*fixed, (i, v)))) for v in domains[i]]
            options.append((sum(c for _, (c, _) in subs), i, subs))
        count, i, subs = min(options, key=lambda o: (o[0], o[1]))
        return count, _Branch(facts[i], tuple((v, t) for v, (_, t) in subs if t is not None))

    return best(())[1] or tree


def _facts_in(tree: _Branch | Ruling) -> set[str]:
    if isinstance(tree, Ruling):
        return set()
    return {tree.fact}.union(*(_facts_in(sub) for _, sub in tree.options))


def _lookup(tree: _Branch | Ruling, assignment: Mapping[str, Any]) -> Ruling | None:
    while isinstance(tree, _Branch):
        tree = next((sub for value, sub in tree.options if value == assignment[tree.fact]), None)  # type: ignore[assignment]
        if tree is None:
            return None
    return tree


def _key(ruling: Ruling) -> tuple[Any, ...]:
    if ruling.cases:
        return tuple((c.when, _key(c.ruling)) for c in ruling.cases)
    return (ruling.value, ruling.display, ruling.probability, ruling.then, ruling.automatic)


def _simplify(tree: _Branch | Ruling, pack: Pack) -> _Branch | Ruling:
    """Merge branches that give the same answer; consecutive ints become ranges."""
    if isinstance(tree, Ruling):
        return tree
    options = [(value, _simplify(sub, pack)) for value, sub in tree.options]
    if all(isinstance(s, Ruling) for _, s in options) and len({_key(s) for _, s in options}) == 1:  # type: ignore[arg-type]
        return options[0][1]
    if pack.facts[tree.fact].type.kind == "int":
        merged: list[tuple[Any, Any]] = []
        for value, sub in options:
            if merged and _tree_key(merged[-1][1]) == _tree_key(sub) and _high(merged[-1][0]) + 1 == value:
                merged[-1] = (f"{_low(merged[-1][0])}..{value}", merged[-1][1])
            else:
                merged.append((value, sub))
        options = merged
    return _Branch(tree.fact, tuple(options))


def _tree_key(tree: Any) -> Any:
    if isinstance(tree, Ruling):
        return _key(tree)
    return (tree.fact, tuple((v, _tree_key(s)) for v, s in tree.options))


def _low(value: Any) -> int:
    return int(str(value).split("..")[0])


def _high(value: Any) -> int:
    return int(str(value).split("..")[-1])


When = tuple[tuple[str, Any], ...]


def _flatten(tree: _Branch | Ruling, when: When = ()) -> list[tuple[When, Ruling]]:
    if isinstance(tree, Ruling):
        return [(when, tree)]
    return [leaf for value, sub in tree.options for leaf in _flatten(sub, (*when, (tree.fact, value)))]


def _when_text(when: tuple[tuple[str, Any], ...]) -> str:
    return ", ".join(f"{f} = {str(v).lower() if isinstance(v, bool) else v}" for f, v in when)


def _readings_node(outcomes: list[tuple[Reading, ReadingOutcome]], chosen: Mapping[str, str]) -> Node:
    reading = outcomes[0][0]
    children = tuple(
        Node(f"reading {o.option!r}" + (" (default)" if o.default else "") + f": {o.ruling.display}"
             + (" (used)" if chosen.get(r.name) == o.option else ""), (Node(dict(r.options)[o.option]),))
        for r, o in outcomes
    )
    return Node(f'the text can be read more than one way: "{reading.sentence}"', children,
                str(reading.cite) if reading.cite else None, tag="reading")

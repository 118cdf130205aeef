"""Which questions a pack's FAQ asks: the situations the solver's searches find worth asking about.

A question earns its place by what its ruling shows, never by enumerating
rows: each modifier that counts (alone, at typical values), each policy at
the moment it bites (a non-stacking group or override deciding, a cap, a
permitted choice; a clamp only where a modifier pushes a realistic value
into it), each chart edge, each boundary of a comparison (Unit Strength 2
counts, 3 does not), each reading split with every reading's number, the
seed's own worked examples, the questions the pack declares (`faq:` on an
example), an odds table for a roll that passes or fails, and each kind of
keyword phrase. Inputs are realistic: the facts' `typical:` values, and a
value a quantity counts with never strays more than `REALISTIC_SPREAD` from
its typical one. Every answer is the solver's (`ask`, `match`), found here
and re-derived when the FAQ is rendered.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from itertools import islice, product
from typing import Any

from kb.errors import RulingsError, Span
from kb.expr import Expr, atoms, evaluate, json_value
from kb.model import Example, Pack, Policy, Quantity
from solver.ask import ask_if_possible, readings_of
from solver.ruling import Ruling
from solver.situation import Situation, situation_from_data
from solver.space.find import counted_facts, find
from solver.space.model import values_of
from solver.space.search import base_inputs, fact_values, frontier, minimal_witnesses

MAX_FACTS = 4
"""The most facts a witness sets beyond the typical values; interactions needing more are left out."""

REALISTIC_SPREAD = 2
"""How far a value the quantity counts with (Ballistic Skill, bases) may stray from the fact's typical value."""

TOPICS = {
    "declared": "Questions players ask",
    "automatic": "No roll needed",
    "modifier": "What each modifier does",
    "policy": "When rules meet",
    "choice": "Ignoring modifiers",
    "limit": "Limits",
    "chart": "Scores of 7 or more",
    "boundary": "Where a rule stops applying",
    "reading": "Where the text can be read two ways",
    "order": "Order of operations",
    "example": "Worked examples from the rules",
    "odds": "Odds",
    "assumption": "Assumptions",
}
"""The topics of a quantity's questions where no rule names them (a question about one rule, or the rules a
non-stacking policy settles, goes under that rule's words: `explain.faq_words.topic_of`); the last few are
listed after every rule's topic."""

LAST_TOPICS = ("limit", "chart", "order", "example", "odds", "assumption")
"""The topics listed after the rules' own, in this order."""

_EXAMPLE_WORDS = re.compile(r"\be\.g\.|\bexample\b|\bas in\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Question:
    """A situation worth asking about: its topic, what it shows, and (for a declared one) the pack's words."""

    topic: str
    shows: str
    situation: dict[str, Any]
    words: str = ""
    quote: str = ""


def questions(pack: Pack, q: Quantity) -> Iterator[Question]:
    """The questions about `q`, in topic order.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> shown = [x.shows for x in questions(pack, pack.quantities["to_hit"])]
        >>> "modifier:moved" in shown, "policy:cover_never_stacks" in shown
        (True, True)
    """
    typical = typical_values(pack, q)
    yield from _declared(pack, q)
    if q.automatic is not None:
        yield from _by_ruling(pack, q, typical, TOPICS["automatic"], "automatic", lambda r: bool(r.automatic))
    for m in pack.modifiers_of(q.name):
        shown = list(_by_ruling(pack, q, typical, TOPICS["modifier"], f"modifier:{m.name}", partial(_alone, m.name),
                                also=_keywords_for(pack, m.when)))
        if not shown and not any(_by_ruling(pack, q, typical, "", "", partial(_sole, m.name))):
            # a rule that is never the only one to count (far: always at long range too) counts beside the fewest;
            # one that is, where a limit bites (plate: at least 1 Damage), is shown by that limit's question
            shown = list(_by_ruling(pack, q, typical, TOPICS["modifier"], f"modifier:{m.name}",
                                    partial(_beside_others, m.name), also=_keywords_for(pack, m.when)))
        yield from shown
    rules = {m.name for m in pack.modifiers_of(q.name)}
    for p in pack.policies.values() if rules else ():  # a policy shows only where the pack's modifiers meet it
        if not (q.name in p.quantities or rules.intersection(p.rules) or p.rule in rules):
            continue
        test = _policy_test(p)
        if test is not None:
            topic = TOPICS["limit"] if p.kind == "clamp" else TOPICS["policy"]
            yield from _by_ruling(pack, q, typical, topic, f"policy:{p.name}", test)
    for score, _ in q.chart:
        yield from _by_ruling(pack, q, typical, TOPICS["chart"], f"chart:{score}", partial(_scores, score))
    if q.impossible_from is not None:
        yield from _by_ruling(pack, q, typical, TOPICS["chart"], f"chart:{q.impossible_from}",
                              lambda r: bool(r.impossible))
    yield from _boundaries(pack, q, typical)
    for reading in readings_of(pack, q):
        if not _split_shown(pack, q, reading.name):
            yield from _by_ruling(pack, q, typical, TOPICS["reading"], f"reading:{reading.name}",
                                  lambda r: r.readings is not None)
    yield from _examples(pack, q)
    relied = _assumptions_of(pack, q)
    for name in pack.assumptions if rules else ():
        if name not in q.assumptions and name in relied:  # a quantity's own are cited under every answer
            yield from _by_ruling(pack, q, typical, TOPICS["assumption"], f"assumption:{name}",
                                  partial(_relies_on, name))


def _assumptions_of(pack: Pack, q: Quantity) -> set[str]:
    """The assumptions a ruling of `q` can rely on: its own, its chart's, its rules' and policies', those of its
    unmodified results that always pass or fail, and the choice of the dice to re-roll. No search is made for
    any other (a search that finds nothing is the slowest there is)."""
    from solver.rolls import REROLL_CHOICE

    names = {*q.assumptions, *((q.chart_assumption,) if q.chart_assumption else ()), REROLL_CHOICE}
    names |= {a for m in pack.modifiers_of(q.name) for a in m.assumptions}
    names |= {p.assumption for p in pack.policies_of(q.name) if p.assumption}
    names |= {a.assumption for a in q.always if getattr(a, "assumption", None)}
    return names


def typical_values(pack: Pack, q: Quantity) -> dict[str, Any]:
    """A value for every int fact: its `typical:`, or for one the quantity counts with, the even-odds value.

    A fact without a typical value that the quantity's base reads gets the
    value whose plain ruling is closest to even odds (BS 3 needs 4+), else
    the middle of its range.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("skirmish")
        >>> typical_values(pack, pack.quantities["cc_dice"])["attacker.bases"]
        3
    """
    out: dict[str, Any] = {n: f.typical for n, f in pack.facts.items() if f.typical is not None}
    counted = sorted({*counted_facts(pack, q.name), *(q.passes.names if q.passes is not None else ())})
    for name in counted:
        fact = pack.facts.get(name)
        if name in out or fact is None or fact.default is not None or not fact.domain:
            continue
        domain = fact.domain
        if len(domain) > 100:  # a huge range: its ends and middle are question enough
            domain = (domain[0], domain[len(domain) // 2], domain[-1])
        scored = []
        for i, value in enumerate(domain):
            r = ask_if_possible(pack, q.name, Situation(given={**out, name: value}))
            p = r.probability if r is not None and not r.cases else None
            scored.append((abs(p - Fraction(1, 2)) if p is not None else Fraction(1), i, value))
        best = min(scored)
        out[name] = best[2] if best[0] < 1 else domain[len(domain) // 2]
    return out


def realistic(pack: Pack, q: Quantity, given: dict[str, Any], typical: dict[str, Any]) -> bool:
    """Whether every value the quantity counts with stays within `REALISTIC_SPREAD` of its typical value."""
    counted = {*counted_facts(pack, q.name), *(q.passes.names if q.passes is not None else ())}
    return all(abs(v - typical[n]) <= REALISTIC_SPREAD for n, v in given.items()
               if n in counted and n in typical and isinstance(v, int) and not isinstance(v, bool))


# -- what a ruling shows ----------------------------------------------------------


def _alone(rule: str, r: Ruling) -> bool:
    """The rule counts and nothing else does or bites: what the modifier does, seen on its own."""
    return ([a.rule for a in r.applied] == [rule] and not r.clamped and not r.suppressed and not r.ignored
            and not r.impossible and not r.automatic and r.then is None and r.readings is None)


def _sole(rule: str, r: Ruling) -> bool:
    """The rule is the only one that counts (a limit may bite)."""
    return [a.rule for a in r.applied] == [rule]


def _beside_others(rule: str, r: Ruling) -> bool:
    """The rule counts beside other rules, and nothing bites: what the modifier does where it never counts alone."""
    return (rule in [a.rule for a in r.applied] and not r.clamped and not r.suppressed and not r.ignored
            and not r.impossible and not r.automatic and r.then is None and r.readings is None)


def _scores(score: int, r: Ruling) -> bool:
    return bool(r.value == score)


def _relies_on(assumption: str, r: Ruling) -> bool:
    return assumption in r.assumptions and bool(r.applied)


def _policy_test(p: Policy) -> Callable[[Ruling], bool] | None:
    """Whether a ruling shows the policy at work: suppressing a rule, a cap biting, ignoring modifiers, or a
    modifier pushing the value into a clamp (a clamp on the unmodified value restates the limit)."""
    label = p.label or p.name

    def suppresses(r: Ruling) -> bool:
        return any(s.policy == p.name for s in r.suppressed)

    def caps(r: Ruling) -> bool:
        return any(c.rule == label for c in r.clamped)

    def clamps(r: Ruling) -> bool:
        return caps(r) and bool(r.applied)

    def ignores(r: Ruling) -> bool:
        return bool(r.ignored)

    return {"exclusive": suppresses, "override": suppresses, "clamp": clamps, "cap": caps,
            "choice": ignores}.get(p.kind)


# -- searches ---------------------------------------------------------------------


def _keywords_for(pack: Pack, when: Expr) -> dict[str, Any]:
    """Keywords that satisfy each keyword phrase a condition tests (`matches('MONSTER/VEHICLE', ...)`): a set of
    keywords has no range to search, so the phrase's first alternative stands for it."""
    from kb.keywords import irregular_words, parse_phrase

    out: dict[str, Any] = {}
    for phrase, fact in re.findall(r"matches\(\s*'([^']+)'\s*,\s*([\w.]+)\s*\)", when.text):
        parsed = parse_phrase(phrase, irregular_words(pack.plurals))
        written = dict(parsed.written)
        out[fact] = [written.get(k, k) for k, negated in parsed.alternatives[-1] if not negated]
    return out


def _by_ruling(pack: Pack, q: Quantity, typical: dict[str, Any], topic: str, shows: str,
               test: Callable[[Ruling], bool], also: dict[str, Any] | None = None) -> Iterator[Question]:
    """The situation nearest the typical values whose ruling passes `test`.

    The typical values of what the quantity counts with are held first (one
    more fact allowed, since they are given); only when nothing shows the
    interaction there are they let go, within `REALISTIC_SPREAD`. A
    characteristic the situation gives (a weapon's Damage) is asked at its
    typical value (`typical_base`).
    """
    base = typical_base(pack, q)
    top = {"base": base} if base is not None else {}
    held = {**{n: typical[n] for n in sorted(counted_facts(pack, q.name)) if n in typical}, **(also or {})}
    for fixed, limit in ((held, MAX_FACTS + 1), (also or {}, MAX_FACTS)):
        start = situation_from_data({**top, "given": fixed}, pack, Span(f"faq of {pack.name}")) if top else \
            Situation(given=fixed) if fixed else None
        picked: list[dict[str, Any]] = []
        for most in _deepening(limit):  # the fewest facts first: a search that finds them at typical values stops
            found = find(pack, q.name, lambda r: not r.cases and test(r), start,
                         facts=_deciding(pack, q), max_facts=most, decided=True, joint=True)
            picked = [{n: _pick(v, typical.get(n)) for n, v in f.given} for f in found]
            picked = [g for g in picked if realistic(pack, q, g, typical)]
            if picked and min(_distance(g, typical) for g in picked) == 0:
                break
        if picked:
            best = min(picked, key=lambda g: (_distance(g, typical), len(g)))
            yield Question(topic, shows, {**top, "given": _ordered(pack, _inputs_for_negatives(pack, best, typical))})
            return
        if held == (also or {}):
            return


def _deepening(limit: int) -> list[int]:
    """The fact limits a search tries in turn: 2, then one more at a time up to `limit`.

    A rule counting alone or two rules meeting needs few facts. A search that finds a situation at the typical
    values stops there; any larger limit is tried only where none was found, and the last is the whole space up
    to `limit` (a situation nearer the typical values, of more facts, is then preferred, as a search of the whole
    space would prefer it). Each smaller search finds exactly the whole search's situations of its size or less,
    so stopping early picks the situation the whole search would pick.

    Examples:
        >>> _deepening(5), _deepening(1)
        ([2, 3, 4, 5], [1])
    """
    return sorted({min(2, limit), *range(3, limit + 1)})


def typical_base(pack: Pack, q: Quantity) -> Any:
    """The value a characteristic the situation gives (no `base` of its own) is asked at: the one the pack's own
    examples give it most often (a weapon's Damage D3); None for any other quantity.

    Examples:
        >>> from kb.loader import load_pack
        >>> typical_base(load_pack("wh40k"), load_pack("wh40k").quantities["D"])
        'D6+1'
    """
    if q.kind != "characteristic" or q.base is not None:
        return None
    bases = [e.situation["base"] for e in pack.examples
             if e.quantity == q.name and e.situation.get("base") is not None and not e.expect.get("exit")]
    return max(dict.fromkeys(bases), key=bases.count) if bases else None


def _deciding(pack: Pack, q: Quantity) -> list[str]:
    """The facts that decide which rules apply and how they count: a fact only a re-roll condition reads
    changes the chance alone, never what an FAQ question shows (rules, suppressions, clamps, readings)."""
    exprs = [q.base, q.automatic, q.passes, *(e for m in pack.modifiers_of(q.name) for e in (m.when, m.amount, m.per)),
             *(e for p in pack.policies_of(q.name) for e in (p.min, p.max, p.when))]
    return frontier(pack, exprs)


def _boundaries(pack: Pack, q: Quantity, typical: dict[str, Any]) -> Iterator[Question]:
    """Each comparison a modifier (or a derived fact it reads) depends on, on both sides of its boundary.

    The rest of the modifier's condition holds, so the comparison is what
    decides: a lone model of Unit Strength 2, then 3; cover of Line of Sight 1
    in front of a Line of Sight 2 target, then a Line of Sight 3 one. A part
    that is a plain yes/no is no boundary (its row of the truth table is not
    a question).
    """
    done: set[str] = set()
    for m in pack.modifiers_of(q.name):
        own = atoms(m.when)
        subjects: list[tuple[str, list[Expr], list[Expr]]] = [(m.name, own, [])]
        for atom in own:
            for name in atom.names:
                fact = pack.facts.get(name)
                if fact is not None and fact.derive is not None:
                    rest = [a for a in own if a is not atom]
                    subjects.append((name, atoms(fact.derive), [*rest, atom]))
        for name, parts, also in subjects:
            if name in done or not any(_boundary(p) for p in parts):
                continue
            done.add(name)
            facts = base_inputs(pack, [*parts, *also])
            fixed = {n: typical[n] for n in sorted(counted_facts(pack, q.name)) if n in typical and n not in facts}
            holding: dict[str, Any] = {}
            for i in [-1, *(j for j, p in enumerate(parts) if _boundary(p))]:
                def test(given: dict[str, Any], i: int = i, parts: list[Expr] = parts,
                         also: list[Expr] = also) -> bool:
                    values = fact_values(pack, given)
                    return (all(evaluate(a, values) is (j != i) for j, a in enumerate(parts))
                            and all(evaluate(a, values) is True for a in also[:-1]))
                found = minimal_witnesses(pack, test, facts, fixed=fixed, limit=64)
                if not found:
                    continue
                best = min(found, key=lambda g: (_distance(g, holding or typical), len(g)))
                best = _nearest(pack, test, best, holding or typical)
                if i < 0:
                    holding = best
                elif not set(base_inputs(pack, [parts[i]])) & set(best):
                    continue  # the comparison fails at its facts' defaults (no markers): no question
                base = typical_base(pack, q)
                yield Question(TOPICS["boundary"], f"chain:{name}:{'all' if i < 0 else i}",
                               {**({"base": base} if base is not None else {}), "given": _ordered(pack, best)})


def _boundary(part: Expr) -> bool:
    """A comparison of numbers (Unit Strength 2 or less); an enum's value compared (the target wears plate) is a
    yes/no part, no boundary."""
    tree = part._tree
    return tree[0] == "cmp" and not any(
        isinstance(x, tuple) and x[0] == "c" and isinstance(x[2], str) for _, x in tree[3]) and not (
        tree[2][0] == "c" and isinstance(tree[2][2], str))


def _declared(pack: Pack, q: Quantity) -> Iterator[Question]:
    """The questions the pack declares: examples with a `faq:` question, answered by the solver all the same."""
    for example in pack.examples:
        if example.quantity == q.name and example.faq and not example.expect.get("exit"):
            yield Question(example.topic or TOPICS["declared"], f"example:{example.name}", example.situation,
                           example.faq, example.quote)


def _split_shown(pack: Pack, q: Quantity, reading: str) -> bool:
    """Whether one of the pack's examples of `q` that is an FAQ question of its own (`faq:`) already shows the
    reading splitting its ruling: no search is made for another."""
    for example in pack.examples:
        if example.quantity == q.name and example.faq and not example.expect.get("exit"):
            r = ask_if_possible(pack, q.name, situation_from_data(example.situation, pack, example.where))
            if r is not None and any(o.reading == reading for o in r.readings or ()):
                return True
    return False


def _examples(pack: Pack, q: Quantity) -> Iterator[Question]:
    """The pack's examples that are the seed's own worked examples, or that combine several steps.

    A worked example is one whose quote the seed introduces as one ("e.g.",
    "Example:", "for example"). An example that only restates a limit (a
    characteristic clamped) is left out; a cap on several modifiers is not
    a restatement, it is how they meet.
    """
    caps = {p.label or p.name for p in pack.policies_of(q.name) if p.kind == "cap"}
    for example in pack.examples:
        data = example.situation
        if example.quantity != q.name or example.expect.get("exit") or example.faq or not example.quote:
            continue  # a worked example from the rules quotes them
        effects = data.get("effects") or []
        ops = {(e["op"] if isinstance(e, dict) else e)[:1] for e in effects}
        clamped = set(example.expect.get("clamped", ())) | set(example.expect.get("clamped_only", ()))
        # a reading's split is asked under its own topic, with every reading's number
        steps = len(ops) >= 2 or data.get("ignore") is not None or bool({"ignored"} & set(example.expect))
        capped = len(effects) >= 2 and bool(clamped & caps)
        if seed_example(pack, example):  # only the rules' own examples are "worked examples from the rules"
            yield Question(TOPICS["example"], f"example:{example.name}", data, quote=example.quote)
        elif capped or _ceiling(pack, q, example):
            yield Question(TOPICS["limit"], f"example:{example.name}", data, quote=example.quote)
        elif steps and not (clamped - caps):
            choosing = data.get("ignore") is not None or bool({"ignored"} & set(example.expect)) or (
                any(p.kind == "choice" for p in pack.policies_of(q.name)) and _ignores(pack, q, example))
            topic = TOPICS["choice"] if choosing or len(ops) < 2 else TOPICS["order"]
            yield Question(topic, f"example:{example.name}", data, quote=example.quote)


def _ignores(pack: Pack, q: Quantity, example: Example) -> bool:
    """Whether the example's ruling ignores a modifier (a permitted choice made)."""
    r = ask_if_possible(pack, q.name, situation_from_data(example.situation, pack, example.where))
    return r is not None and bool(r.ignored)


def _ceiling(pack: Pack, q: Quantity, example: Example) -> bool:
    """A roll held down to a maximum (a +2 charge on an 11 is 12): news, since a roll may otherwise exceed
    its die's maximum; a floor or a characteristic's limit restates its sentence and is not asked."""
    if q.kind != "roll" or example.situation.get("roll") is None:
        return False
    r = ask_if_possible(pack, q.name, situation_from_data(example.situation, pack, example.where))
    return r is not None and any(isinstance(c.before, int) and isinstance(c.after, int) and c.before > c.after
                                 and r.value == c.after for c in r.clamped)  # the result held down, not a net cap


def seed_example(pack: Pack, example: Example) -> bool:
    """Whether the example's quote is one the seed gives as a worked example ("e.g.", "Example:").

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("wh40k")
        >>> [seed_example(pack, e) for e in pack.examples if e.name in ("improve-ws", "clamp-T")]
        [True, False]
    """
    quote = example.quote.strip().strip("'\"")
    if not quote:
        return False
    if _EXAMPLE_WORDS.search(re.sub(r"\([^)]*\)", "", quote)):
        return True
    for source in pack.sources.values():
        for text in (source.get("paragraphs") or {}).values():
            at = str(text).find(quote)
            before = re.split(r"(?<!e\.g)[.!?]\s", str(text)[:max(at, 0)])[-1]  # the sentence so far
            before = re.sub(r"\([^)]*\)", "", before)  # "(e.g. a wall)" closed before the quote introduces nothing
            if at >= 0 and _EXAMPLE_WORDS.search(before):
                return True
    return False


# -- odds tables ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Odds:
    """An odds table: the threshold fact down the side, a column per modifier (and none)."""

    fact: str
    values: tuple[int, ...]
    columns: tuple[tuple[str, dict[str, Any]], ...]
    """(rule, the facts that make it count), "" for no modifier."""


def odds(pack: Pack, q: Quantity) -> Odds | None:
    """For a quantity that passes or fails against a fact: the chance at typical values of that fact, with no
    modifier and with each modifier that counts alone (found by the same search as its own question).

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("skirmish")
        >>> o = odds(pack, pack.quantities["command_roll"])
        >>> o.fact, o.values, [rule for rule, _ in o.columns]
        ('faction.command_value', (5, 6, 7, 8, 9), ['', 'shaken'])
    """
    if q.passes is None or len(q.passes.names) != 1:
        return None
    (fact,) = q.passes.names
    typical = typical_values(pack, q)
    domain = pack.facts[fact].domain
    if fact not in typical or not domain:
        return None
    values = tuple(v for v in domain if abs(v - typical[fact]) <= REALISTIC_SPREAD)
    columns: list[tuple[str, dict[str, Any]]] = [("", {})]
    for m in pack.modifiers_of(q.name):
        for found in _by_ruling(pack, q, typical, "", m.name, partial(_alone, m.name)):
            columns.append((m.name, {n: v for n, v in found.situation["given"].items() if n != fact}))
    return Odds(fact, values, tuple(columns))


# -- helpers ----------------------------------------------------------------------


def _inputs_for_negatives(pack: Pack, given: dict[str, Any], typical: dict[str, Any]) -> dict[str, Any]:
    """A derived fact given as false is said through typical inputs that make it false ("the Save is 3+ and
    the AP is -1" rather than "the target can have the Benefit of Cover"), where they do."""
    out = dict(given)
    for name, value in given.items():
        fact = pack.facts.get(name)
        if fact is None or fact.derive is None or value is not False:
            continue
        inputs = {n: typical[n] for n in base_inputs(pack, [fact.derive]) if n in typical and n not in out}
        rest = {n: v for n, v in out.items() if n != name}
        if inputs and fact_values(pack, {**rest, **inputs}).get(name) is False:
            out = {**rest, **inputs}
    return out


def _nearest(pack: Pack, test: Callable[[dict[str, Any]], bool], given: dict[str, Any],
             toward: dict[str, Any]) -> dict[str, Any]:
    """The witness with each number moved as near to `toward` as the test allows (Unit Strength 3, not 10,
    just past "2 or less")."""
    out = dict(given)
    for name, value in given.items():
        want = toward.get(name)
        if not isinstance(value, int) or isinstance(value, bool) or not isinstance(want, int) or want == value:
            continue
        step = 1 if value > want else -1
        for candidate in range(want, value, step):
            if candidate in pack.facts[name].domain and test({**out, name: candidate}):
                out[name] = candidate
                break
    return out


def _ordered(pack: Pack, given: dict[str, Any]) -> dict[str, Any]:
    """The facts in pack order (keywords as sorted lists), so a question reads and regenerates the same every time."""
    return {n: json_value(given[n])
            for n in sorted(given, key=lambda n: (list(pack.facts).index(n) if n in pack.facts else 0, n))}


def _distance(given: dict[str, Any], typical: dict[str, Any]) -> int:
    return sum(abs(v - typical[n]) for n, v in given.items()
               if n in typical and isinstance(v, int) and not isinstance(v, bool))


def _pick(value: Any, typical: Any) -> Any:
    if not isinstance(value, tuple):
        return value
    low, high = value
    return min(max(typical, low), high) if isinstance(typical, int) else low


# -- whole attacks (sequences) ------------------------------------------------------

SEQUENCE_TOPICS = {
    "worked": "A worked attack",
    "event": "Events, modifiers and caps",
    "reading": "Where the text can be read two ways",
}
"""The topics of a sequence's questions, in the order the FAQ lists them."""

WORKED_ATTACKS = 6
"""How many attacks a worked attack makes, where the situation gives them."""


@dataclass(frozen=True, slots=True)
class SequenceQuestion:
    """A whole attack worth asking about, and (for a question on how two things meet) the attack it is told from.

    `kind` says what the question asks: `worked` (a typical attack), `reading` (an attack a reading changes),
    `trigger` (does a modifier or cap on the event's own step change how often it happens), `skip` (does a
    change to a step the event skips matter to the die that skips it), `extra` (do extra dice roll the next
    step), `extra_skip` (do they also skip what the die that scored them skips), `carry_over` and `damage`.
    """

    sequence: str
    topic: str
    shows: str
    kind: str
    situation: dict[str, Any]
    compare: dict[str, Any] | None = None
    """The same attack without what the question is about (the modifier, the change, the event)."""
    event: str = ""
    step: str = ""
    """The step the question is about: the one skipped, or the one the extra dice go on to."""
    other: str = ""
    """The other event of an `extra_skip` question (the one that skips)."""
    change: tuple[dict[str, Any], dict[str, Any] | None] | None = None
    """What the question changes, for its words: (facts, step targets)."""


def sequence_questions(pack: Pack, entries: Sequence[Any] = ()) -> Iterator[SequenceQuestion]:
    """The questions about each of the pack's sequences: a worked attack at typical inputs; the attack under each
    reading of a sentence that changes one of its steps; and for each event, how it meets the modifiers and caps
    of its own step and of the steps it skips, and what its extra dice, damage and carry-over do.

    `entries` are the pack's quantity questions (`explain.faq.faq`): the situations where a step's roll shows a
    modifier, a cap or a reading are found there, not searched again.

    Examples:
        >>> from kb.loader import load_pack
        >>> [(q.sequence, q.kind) for q in sequence_questions(load_pack("fantasy"))]
        [('shooting', 'worked')]
    """
    for name, seq in pack.sequences.items():
        worked = worked_inputs(pack, name)
        yield SequenceQuestion(name, SEQUENCE_TOPICS["worked"], "worked", "worked", worked)
        rolls = {s.roll for s in seq.rolls if s.modified}
        done: set[str] = set()
        for e in entries:
            split = [s.split(":", 1)[1] for s in e.shows if s.startswith("reading:")]
            if e.quantity in rolls and split and split[0] not in done and _facts_only(e.situation):
                done.add(split[0])
                yield SequenceQuestion(name, SEQUENCE_TOPICS["reading"], f"reading:{split[0]}", "reading",
                                       _merged(worked, e.situation["given"]))
        yield from _event_questions(pack, name, worked, entries)


def worked_inputs(pack: Pack, name: str) -> dict[str, Any]:
    """A typical attack of sequence `name`: `WORKED_ATTACKS` attacks where the situation gives them; each fact a
    step's target, roll or attacks count with at its typical value (else the one that makes the roll need the
    middle of its die: 4+ on a D6); each target the situation gives, the middle of the die.

    Examples:
        >>> from kb.loader import load_pack
        >>> worked_inputs(load_pack("skirmish"), "attack")
        {'given': {'attacker.to_hit': 4, 'target.save': 4}, 'sequence': {'attacks': 6}}
    """
    seq = pack.sequences[name]
    given: dict[str, Any] = {}
    steps: dict[str, Any] = {}
    own = seq.attacks is not None and pack.quantities[seq.attacks].base is not None
    if own:
        q = pack.quantities[seq.attacks]  # type: ignore[index]
        typical = typical_values(pack, q)
        given.update({n: typical[n] for n in sorted(counted_facts(pack, q.name)) if n in typical})
    for step in seq.rolls:
        q = pack.quantities[step.roll]
        middle_ = middle(q.dice)
        if step.target is not None:
            for fact in base_inputs(pack, [step.target]):
                f = pack.facts[fact]
                if fact in given or f.type.kind not in ("int", "enum") or not f.domain or f.default is not None:
                    continue  # a fact with a default keeps it: a Ward of 7 (none) is the typical target
                if f.typical is not None:
                    given[fact] = f.typical
                    continue
                scored = []
                for i, v in enumerate(f.domain):
                    try:
                        t = evaluate(step.target, fact_values(pack, {**given, fact: v}))
                    except Exception:
                        continue
                    if isinstance(t, int) and not isinstance(t, bool):
                        scored.append((abs(t - middle_), i, v))
                if scored:
                    given[fact] = min(scored)[2]
        elif q.kind == "score":
            typical = typical_values(pack, q)
            given.update({n: typical[n] for n in sorted(counted_facts(pack, q.name))
                          if n in typical and n not in given})
        else:
            steps[step.name] = {"target": middle_}
    for step in seq.rolls:  # an event or rule whose condition reads a fact without a default: switched off
        for when in [*(e.when for e in step.events), *(m.when for m in pack.modifiers_of(step.roll))]:
            given.update(_switched_off(pack, when, given))
    if seq.damage is not None and pack.modifiers_of(seq.damage):  # random damage the pack's rules change
        damage = typical_base(pack, pack.quantities[seq.damage])
        if damage is not None:
            steps["damage"] = damage
    sequence: dict[str, Any] = {**({} if own else {"attacks": WORKED_ATTACKS}), **steps}
    return {"given": _ordered(pack, given), **({"sequence": sequence} if sequence else {})}


def _switched_off(pack: Pack, when: Expr | None, given: dict[str, Any]) -> dict[str, Any]:
    """Values for the facts without a default that an event's condition reads, so that it does not hold."""
    return next(switch_offs(pack, when, given), {})


def switch_offs(pack: Pack, when: Expr | None, given: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Each choice of values, the most typical first, for the facts without a default that `when` reads, so that
    it does not hold; nothing (one empty choice) when `given` decides it already or it reads no such fact."""
    if when is None or _answer(when, fact_values(pack, given)) in (True, False):
        yield {}  # decided already: nothing to give
        return
    names = [n for n in base_inputs(pack, [when]) if n not in given and pack.facts[n].default is None]
    if not names:
        yield {}
        return
    choices = [values_of(pack, n)[:8] for n in names]  # the most typical values first
    for values in islice(product(*choices), 257):
        candidate = dict(zip(names, values, strict=True))
        if _answer(when, fact_values(pack, {**given, **candidate})) is False:
            yield candidate


def _answer(when: Expr, values: dict[str, Any]) -> Any:
    """What a condition answers, or None where the values make it fail (a division by zero)."""
    try:
        return evaluate(when, values)
    except RulingsError:
        return None


def middle(dice: str | None) -> int:
    """The score that passes about half the time on the dice: 4 on a D6, 7 on 2D6.

    Examples:
        >>> middle("D6"), middle("2D6"), middle(None)
        (4, 7, 4)
    """
    found = re.fullmatch(r"(\d*)D(\d+)", str(dice or "D6").strip())
    if found is None:
        return 4
    count, sides = int(found.group(1) or 1), int(found.group(2))
    return sides // 2 + 1 if count == 1 else (count * (sides + 1) + 1) // 2


def _facts_only(data: dict[str, Any]) -> bool:
    """A situation of facts alone (and the target the question gives the roll): one a whole attack can state."""
    return set(data) <= {"given", "target", "reading"} and "given" in data


def _merged(data: dict[str, Any], given: dict[str, Any], sequence: dict[str, Any] | None = None) -> dict[str, Any]:
    out = {**data, "given": {**data["given"], **given}}
    if sequence:
        out["sequence"] = {**data.get("sequence", {}), **sequence}
    return out


def _event_questions(pack: Pack, name: str, worked: dict[str, Any], entries: Sequence[Any],
                     ) -> Iterator[SequenceQuestion]:
    """For each event of the sequence (switched on by its condition): how it meets what changes its own step's
    roll and the steps it skips, and what its extra dice, damage and carry-over do."""
    seq = pack.sequences[name]
    topic = SEQUENCE_TOPICS["event"]
    steps = list(seq.steps)
    for i, step in enumerate(steps):
        for e in step.events:
            on = _switched_on(pack, e.when, worked["given"])
            if on is None:
                continue
            damage = {"damage": "D3"} if e.damage is not None else None  # its damage is instead of the attack's
            with_it = _merged(worked, on, damage)
            off = _merged(worked, {}, damage)
            for given, targets, tag in _changes(pack, step, entries, with_it):
                yield SequenceQuestion(name, topic, f"trigger:{e.name}:{tag}", "trigger",
                                       _merged(with_it, given, targets), with_it, e.name, step.name,
                                       change=(given, targets))
            for skipped in e.skip:
                target = next((s for s in steps if s.name == skipped), None)
                if target is None:
                    continue
                for given, targets, tag in _changes(pack, target, entries, with_it, harder=True):
                    yield SequenceQuestion(name, topic, f"skip:{e.name}:{tag}", "skip",
                                           _merged(with_it, given, targets), with_it, e.name, skipped,
                                           change=(given, targets))
            if e.extra is not None and i + 1 < len(steps):
                yield SequenceQuestion(name, topic, f"extra:{e.name}", "extra", with_it, off, e.name,
                                       steps[i + 1].name)
                for other in step.events:
                    both = _switched_on(pack, other.when, with_it["given"]) if other.skip and other is not e else None
                    if both is not None and set(other.on) & set(e.on) and other.result == e.result:
                        yield SequenceQuestion(name, topic, f"extra_skip:{e.name}:{other.name}", "extra_skip",
                                               _merged(with_it, both, {"damage": "D3"} if other.damage else None),
                                               None, e.name, other.skip[0], other.name)
            if e.carry_over or e.damage is not None:
                unit = {"damage": "D3", "models": 5, "wounds": 2} if e.carry_over else {"damage": "D3"}
                kind = "carry_over" if e.carry_over else "damage"
                yield SequenceQuestion(name, topic, f"{kind}:{e.name}", kind, _merged(with_it, {}, unit),
                                       _merged(off, {}, unit), e.name, step.name)


def _switched_on(pack: Pack, when: Expr | None, given: dict[str, Any]) -> dict[str, Any] | None:
    """The facts that switch an event on over `given` (the values nearest their defaults that make its
    condition hold), {} for an event always on, None where none found."""
    if when is None:
        return {}
    names = [n for n in base_inputs(pack, [when]) if n not in given]
    choices: list[list[Any]] = []
    for name in names:
        f = pack.facts[name]
        if f.type.kind == "bool":
            choices.append([True, False])
        elif f.type.kind == "enum" and f.domain:  # the default last: an event is switched on by another value
            order = list(f.domain)
            choices.append(sorted(order, key=lambda v: (v == f.default, order.index(v))))
        elif f.domain and len(f.domain) <= 100:
            home: int = f.default if isinstance(f.default, int) else f.typical if isinstance(f.typical, int) else 0
            numbers = [v for v in f.domain if isinstance(v, int)]
            choices.append(sorted(numbers, key=lambda v: (v == home, abs(v - home), v)))
        else:
            return None
    for tried, values in enumerate(product(*choices)):
        if tried > 256:
            return None
        candidate = dict(zip(names, values, strict=True))
        try:
            if evaluate(when, fact_values(pack, {**given, **candidate})) is True:
                return candidate
        except Exception:
            continue
    return None


def _changes(pack: Pack, step: Any, entries: Sequence[Any], data: dict[str, Any], *, harder: bool = False,
             ) -> Iterator[tuple[dict[str, Any], dict[str, Any] | None, str]]:
    """What changes a step's roll, as (facts, step targets, what it shows): the situation where the quantity FAQ
    shows its first modifier, and its first cap or other policy at work; with `harder` and neither, its target one
    worse."""
    if not step.modified:
        return
    found = False
    for prefix in ("modifier:", "policy:"):
        for e in entries:
            if (e.quantity == step.roll and e.table is None and _facts_only(e.situation)
                    and any(s.startswith(prefix) for s in e.shows)):
                change = {n: v for n, v in e.situation["given"].items() if data["given"].get(n) != v}
                if change:
                    found = True
                    yield change, None, next(s for s in e.shows if s.startswith(prefix))
                    break
    if found or not harder:
        return
    target = (data.get("sequence") or {}).get(step.name, {}).get("target")
    if target is not None:
        yield {}, {step.name: {"target": target + 1}}, f"target:{step.name}"
        return
    for fact in base_inputs(pack, [step.target] if step.target is not None else []):
        value = data["given"].get(fact)
        if isinstance(value, int) and not isinstance(value, bool):
            worse = value + 1 if step.keep == "passes" else value - 1
            if worse in pack.facts[fact].domain:
                yield {fact: worse}, None, f"target:{fact}"
                return

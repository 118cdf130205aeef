"""Every claim of proof, on random packs over the whole pack language, against brute force.

`tests/language.py` draws small packs from a snippet of every documented
construct. The reference asks `rulings ask`'s solver every situation the pack
allows (every assignment of the base facts it reads, at every target that
matters) and evaluates conditions directly: it never asks the search under
test. Whenever `check`, `find` or `diff` says it was exhaustive, its verdicts
must agree with that reference; its witnesses must replay to what they claim.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.errors import Contradiction, RulingsError
from kb.expr import evaluate
from kb.model import Pack
from solver.ask import ask
from solver.facts import derive_facts
from solver.situation import Situation, check_given
from solver.space.check import check_pack
from solver.space.diff import diff_packs
from solver.space.find import find, ruling_fields
from solver.space.model import Coverage
from tests.language import BASE_FACTS, CONDITIONS, LIMITS, Drawn, drawn_packs, every_snippet_tag, pack_expressions

ROOT = Path(__file__).parents[2]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _values(pack: Pack, world: dict[str, Any]) -> dict[str, Any] | None:
    """The world's fact values, derived facts worked out; None when the pack does not allow it."""
    try:
        return derive_facts(pack, world)
    except RulingsError:
        return None


def _answer(pack: Pack, world: dict[str, Any], target: int | None) -> Any:
    """What a player is told in one situation: value, display, chance, re-rolls, distribution; or the refusal (of a
    situation that cannot happen, only that: it has no ruling to change, however the refusal words it)."""
    try:
        check_given(world, pack)  # a value the pack does not declare (a narrower range, fewer enum values)
    except RulingsError:
        return ("cannot happen",)
    try:
        r = ask(pack, "q", Situation(given=world, target=target))
    except Contradiction:
        return ("cannot happen",)
    except RulingsError as e:
        return ("refused", e.message)
    readings = tuple((o.option, o.ruling.display, o.ruling.probability) for o in r.readings or ())
    return (r.value, r.display, r.probability, r.then, r.automatic, json.dumps(dict(r.extra), sort_keys=True,
                                                                                  default=str), readings)


def _allowed(drawn: Drawn, pack: Pack) -> list[dict[str, Any]]:
    return [w for w in drawn.worlds() if _values(pack, w) is not None]


def _holds(pack: Pack, when: Any, world: dict[str, Any]) -> bool:
    values = _values(pack, world)
    return values is not None and evaluate(when, values) is True


@SETTINGS
@given(drawn_packs())
def test_dead_verdicts_agree_with_every_situation(drawn: Drawn) -> None:
    pack = drawn.pack()
    coverage = Coverage()
    findings = check_pack(pack, coverage)
    keys = {f.key for f in findings}
    worlds = _allowed(drawn, pack)
    for name in drawn.rules:
        live = any(_holds(pack, pack.modifiers[name].when, w) for w in worlds)
        if f"dead_rule.{name}" in keys:
            assert not live, drawn.text
        elif coverage.exhaustive:
            assert live, drawn.text
    rules = {r.name: r for r in pack.quantities["q"].rerolls}

    def granted(name: str, world: dict[str, Any]) -> bool:  # an improved rule needs both conditions
        r = rules[name]
        return _holds(pack, r.when, world) and (r.improves is None or granted(r.improves, world))

    for name in rules:
        live = any(granted(name, w) for w in worlds)
        if f"dead_rule.q.{name}" in keys:
            assert not live, drawn.text
        elif coverage.exhaustive:
            assert live, drawn.text
    assert coverage.exhaustive or any(f.kind == "unproven" for f in findings) or coverage.reasons, drawn.text


@SETTINGS
@given(drawn_packs())
def test_shadowed_verdicts_agree_with_every_situation(drawn: Drawn) -> None:
    pack = drawn.pack()
    coverage = Coverage()
    shadowed = {f.key.split(".", 1)[1] for f in check_pack(pack, coverage) if f.kind == "shadowed_rule"}
    worlds = _allowed(drawn, pack)
    for name in drawn.rules:
        m = pack.modifiers[name]
        if m.under or not any(_holds(pack, m.when, w) for w in worlds):
            continue
        counts, suppressed_wherever_it_holds, ruled = False, True, False
        for w in worlds:
            try:  # refused (two sets that clash): no ruling, so nothing there is suppressed or counts
                r = ask(pack, "q", Situation(given=w, target=4 if drawn.quantity.target else None))
            except RulingsError:  # and where the rule holds, nothing shows a preferred rule holding with it: a
                if _holds(pack, m.when, w):  # rule that holds there alone, in a clash, is no shadowed rule
                    suppressed_wherever_it_holds = False
                continue
            for one in (r, *(o.ruling for o in r.readings or ())):  # under any reading
                counts |= name in {a.rule for a in one.applied} or name in one.ignored
                if _holds(pack, m.when, w):
                    ruled = True
                    if name not in {s.rule for s in one.suppressed}:
                        suppressed_wherever_it_holds = False
        if name in shadowed:
            assert not counts, drawn.text
        elif coverage.exhaustive and "policy:choice" not in drawn.tags and ruled:
            assert counts or not suppressed_wherever_it_holds, drawn.text


@SETTINGS
@given(drawn_packs())
def test_a_rule_never_changes_a_ruling_exactly_when_no_situation_is_told_otherwise_without_it(drawn: Drawn) -> None:
    from dataclasses import replace

    from kb.expr import parse_expr

    pack = drawn.pack()
    coverage = Coverage()
    never = {f.key.split(".")[1] for f in check_pack(pack, coverage) if f.kind == "never_changes"}
    worlds = _allowed(drawn, pack)
    for name in drawn.rules:
        m = pack.modifiers[name]
        if not any(_holds(pack, m.when, w) for w in worlds):
            continue  # dead: another finding
        without = replace(pack, modifiers={**pack.modifiers, name: replace(m, when=parse_expr("false"))}, index={})
        changes = any(_answer(pack, w, t) != _answer(without, w, t) for w in worlds for t in drawn.targets())
        if name in never:
            assert not changes, drawn.text
        elif coverage.exhaustive and not changes:
            shadowed = {f.key.split(".", 1)[1] for f in check_pack(pack) if f.kind == "shadowed_rule"}
            assert name in shadowed, drawn.text  # a rule that changes nothing is reported one way or the other


def _where(drawn: Drawn, bar: int) -> Any:
    if drawn.quantity.kind in ("roll", "total"):
        return lambda r: r.probability is not None and r.probability >= Fraction(bar, 6)
    return lambda r: isinstance(r.value, int) and r.value >= bar


@SETTINGS
@given(drawn_packs().filter(lambda d: not d.quantity.target), st.integers(1, 7))
def test_find_finds_every_situation_or_says_it_did_not_look(drawn: Drawn, bar: int) -> None:
    """A roll with no target of its own (one draw in ten) is left out: find asks at the pack's own target, and the
    chance at every target is diff's to compare."""
    pack = drawn.pack()
    where = _where(drawn, bar)
    coverage = Coverage()
    found = find(pack, "q", where, coverage=coverage, max_facts=None, decided=True)
    spans = [dict(f.given) for f in found]

    def alike(world: dict[str, Any], mine: dict[str, Any], name: str, keywords: frozenset[str]) -> bool:
        """Whether no expression of the pack tells the world's keywords from `keywords` (its class)."""
        derived = pack.facts[name].derive is not None
        other = {**mine, name: keywords} if derived else _values(pack, {**world, name: keywords})
        return other is not None and all(evaluate(e, mine) == evaluate(e, other) for e in pack_expressions(pack))

    def within(world: dict[str, Any], span: dict[str, Any]) -> bool:
        mine = _values(pack, world)
        return mine is not None and all(
            (v[0] <= mine.get(n, -1) <= v[1]) if isinstance(v, tuple)
            else alike(world, mine, n, v) if isinstance(v, frozenset) else mine.get(n) == v
            for n, v in span.items())

    for span in spans:  # each one found holds, at the low end of its ranges
        given_ = {n: v[0] if isinstance(v, tuple) else v for n, v in span.items()}
        assert where(ask(pack, "q", Situation(given=given_))), (drawn.text, span)
    if not coverage.exhaustive:  # a search that stopped short says why, and claims nothing of what it missed
        assert coverage.reasons, drawn.text
        return
    for world in _allowed(drawn, pack):
        try:
            ruling = ask(pack, "q", Situation(given=world))
        except RulingsError:
            continue
        if ruling.cases is None and where(ruling):
            assert any(within(world, span) for span in spans), (drawn.text, world, spans)


EXPRESSION_FORMS = {
    "and": {"expr:and"}, "or": {"expr:or"}, "not": {"expr:not"}, "-": {"expr:neg"},
    "+ - * //": {"expr:+", "expr:-", "expr:*", "expr://"}, "==": {"expr:=="}, "!=": {"expr:!="}, "<": {"expr:<"},
    "<=": {"expr:<="}, ">": {"expr:>"}, ">=": {"expr:>="}, "in": {"expr:in"}, "not in": {"expr:not_in"},
    "'strings'": {"expr:string"}, "true": {"expr:true_false"}, "false": {"expr:true_false"}, "min": {"expr:min"},
    "max": {"expr:max"}, "abs": {"expr:abs"}, "matches('PHRASE', keywords_fact)": {"expr:matches"},
    "A if CONDITION else B": {"expr:if"}, "/": {"keywords:any_of"}, "non-X": {"keywords:non"},
}
"""Each expression form the docs' "Allowed:" list names (as written there), and the constructs that stand for it."""

SECTION_TAGS = {"facts": "fact:bool", "quantities": "quantity:score", "modifiers": "change:+",
                "policies": "policy:clamp", "constraints": "constraint", "limits": "limit", "readings": "reading",
                "plurals": "plurals", "sequences": "sequence", "arithmetic": "arithmetic"}
"""A construct that stands for each section of a pack that holds rules."""

MUTATIONS = (
    (r'change: \+1', "change: +2"), (r'change: -1', "change: =2"), (r"change: x2", "change: +1"),
    (r'when: "[^"]*"', 'when: "f.n >= 2"'), (r"reroll: ones", "reroll: failed"), (r"reroll: failed", "reroll: all"),
    (r", \{unmodified: 6, result: passes\}", ""), (r"max: 7", "max: 5"), (r"min: '2'", "min: '3'"),
    (r"base: '6 - f.n'", "base: '5 - f.n'"), (r"passes: 4", "passes: 5"), (r"keep: first", "keep: strongest"),
    (r"derive: 'f.a or f.n >= 3'", "derive: 'f.a and f.n >= 3'"), (r"plurals:\n  BOY: BOYZ\n", ""),
    (r"of: improvements, max: 1", "of: improvements, max: 2"), (r"of: worsenings, min: -1", "min: -1"),
    (r"round: up", "round: down"), (r"order: \[set, (\w+), (\w+)", r"order: [set, \2, \1"),
    (r'tied: \{require: "[^"]*"\}', 'tied: {require: "not f.a"}'), (r"default: once", "default: twice"),
    (r"f.n: \{type: int, range: \[0, 4\]", "f.n: {type: int, range: [0, 3]"),
    (r"f.b: \{type: bool, default: true", "f.b: {type: bool, default: false"),
    (r"default: 2, typical", "default: 3, typical"),
    (r"z: zed\}, default: x", "z: zed}, default: y"),
)
"""Each a change a rules writer makes: an amount, a condition, a re-roll, a bound, a policy, a derivation, a plural,
a reading's default, a range, a fact's default (seen only by a player who does not give the fact)."""


def _asked_worlds(drawn: Drawn) -> list[dict[str, Any]]:
    """Every situation a player can ask: each world, and each with any of its facts that have a default left out
    (the pack's default then holds, which a changed default changes)."""
    defaulted = [n for n in sorted(drawn.reads) if n in BASE_FACTS and "default:" in BASE_FACTS[n][0]]
    out = []
    for world in drawn.worlds():
        for size in range(len(defaulted) + 1):
            for left_out in combinations(defaulted, size):
                out.append({n: v for n, v in world.items() if n not in left_out})
    return out


@SETTINGS
@given(drawn_packs(), st.data())
def test_diff_finds_a_change_exactly_where_some_situation_changes(drawn: Drawn, data: st.DataObject) -> None:
    usable = [(p, r) for p, r in MUTATIONS if re.search(p, drawn.text)]
    assert usable, drawn.text  # every drawn rule has a `when: "..."`, which a mutation rewrites
    pattern, replacement = data.draw(st.sampled_from(usable))
    changed_text = re.sub(pattern, replacement, drawn.text, count=1)
    other = Drawn(changed_text, drawn.tags, drawn.quantity, drawn.reads | {"f.n"}, drawn.rules, drawn.rerolls)
    old, new = drawn.pack(), other.pack()
    result = diff_packs(old, new, "q")
    differs = [(w, t) for w in _asked_worlds(other) for t in drawn.targets()
               if _answer(old, w, t) != _answer(new, w, t)]
    if result.exhaustive:
        assert bool(result.changes) == bool(differs), (drawn.text, changed_text, differs[:3])
    else:
        assert result.changes or not differs or result.coverage
    for c in result.changes:  # each witness replays to a change
        given_ = {n: v for n, v in c.witness.items() if n not in ("base", "target")}
        target = c.witness.get("target")
        assert _answer(old, given_, target) != _answer(new, given_, target), (drawn.text, changed_text, c)


@st.composite
def packs_with_a_limit(draw: st.DrawFn) -> Drawn:
    """A drawn pack with a limit on its quantity: the one it was drawn with, else one drawn for it here."""
    drawn = draw(drawn_packs())
    if "\nlimits:\n" in drawn.text:
        return drawn
    holds = draw(st.sampled_from(LIMITS[drawn.quantity.kind]))
    text = drawn.text + f"limits:\n  stated: {{quantity: q, holds: '{holds}', text: a bound the rules state}}\n"
    return replace(drawn, text=text, tags=drawn.tags | {"limit"})


@SETTINGS
@given(packs_with_a_limit())
def test_a_limit_is_broken_exactly_where_some_ruling_breaks_it(drawn: Drawn) -> None:
    pack = drawn.pack()
    (limit,) = pack.limits.values()
    coverage = Coverage()
    broken = [f for f in check_pack(pack, coverage) if f.kind == "limit_broken"]

    def respects(r: Any) -> bool:  # the reference: the limit read on the ruling, every reading's too
        fields = [ruling_fields(one) for one in (r, *(o.ruling for o in r.readings or ()))]
        return all(evaluate(limit.holds, f) is True for f in fields)

    breaks = []
    for world in _allowed(drawn, pack):
        for target in drawn.targets():
            try:
                r = ask(pack, "q", Situation(given=world, target=target))
            except RulingsError:
                continue
            if not respects(r):
                breaks.append((world, target))
    if broken:
        witness = dict(broken[0].witness or {})
        r = ask(pack, "q", Situation(given={n: v for n, v in witness.items() if n != "target"},
                                     target=witness.get("target")))
        assert not respects(r), (drawn.text, witness)
    elif coverage.exhaustive:
        assert not breaks, (drawn.text, breaks[:3])


@settings(SETTINGS, max_examples=150)  # one drawn pack in twenty or so has two sets that can clash
@given(drawn_packs())
def test_an_unsettled_conflict_is_found_exactly_where_two_sets_disagree(drawn: Drawn) -> None:
    pack = drawn.pack()
    coverage = Coverage()
    found = {f.key for f in check_pack(pack, coverage) if f.kind == "unsettled_conflict"}
    # the drawn policies that settle which rule counts (exclusive, override) only ever name r0 and r1
    settled = {"r0", "r1"} if any(p.kind in ("exclusive", "override") for p in pack.policies.values()) else set()
    worlds = _allowed(drawn, pack)
    sets = [m for m in pack.modifiers.values() if m.op == "="]
    for a, b in combinations(sets, 2):
        if {a.name, b.name} == settled:
            continue
        clash = any((values := _values(pack, w)) is not None and evaluate(a.when, values) is True
                    and evaluate(b.when, values) is True and evaluate(a.amount, values) != evaluate(b.amount, values)
                    for w in worlds)
        if f"unsettled_conflict.{a.name}+{b.name}" in found:
            assert clash, drawn.text
        elif coverage.exhaustive:
            assert not clash, drawn.text


@SETTINGS
@given(drawn_packs())
def test_a_derivation_is_said_to_break_a_constraint_exactly_where_some_situation_shows_it(drawn: Drawn) -> None:
    pack = drawn.pack()
    coverage = Coverage()
    findings = {f.key: f for f in check_pack(pack, coverage) if f.kind == "contradictory_derivation"}
    for c in pack.constraints.values():
        # the reference: a world whose inputs break no other constraint, whose derived facts break this one
        others = replace(pack, constraints={n: k for n, k in pack.constraints.items() if n != c.name}, index={})
        shown = [w for w in drawn.worlds() if (values := _values(others, w)) is not None
                 and evaluate(c.require, values) is False]
        found = findings.get(f"contradictory_derivation.{c.name}")
        if found is not None:
            witness = dict(found.witness or {})
            values = _values(others, witness)
            assert values is not None and evaluate(c.require, values) is False, (drawn.text, witness)
        elif coverage.exhaustive and any(pack.facts[n].derive is not None for n in c.require.names):
            assert not shown, (drawn.text, shown[:3])


def test_every_construct_the_docs_and_schema_name_is_drawn() -> None:
    """The generator's snippets cover every fact type, quantity kind, policy kind, change, expression form,
    re-roll kind, table form and section the pack language documents."""
    schema = json.loads((ROOT / "kb" / "schema.json").read_text(encoding="utf-8"))
    defs = schema["$defs"]
    documented = {f"fact:{t}" for t in defs["fact"]["properties"]["type"]["enum"]}
    documented |= {f"quantity:{k}" for k in defs["quantity"]["properties"]["kind"]["enum"]}
    for kind in defs["policy"]["properties"]["kind"]["enum"]:
        documented |= {f"policy:exclusive_{keep}" for keep in ("first", "strongest")} if kind == "exclusive" \
            else {f"policy:{kind}"}
    documented |= {"fact:derived_bool", "fact:derived_int", "fact:derived_enum", "fact:derived_keywords",
                   "fact:default", "fact:no_default", "per", "reading", "reading:under", "reading:expr", "constraint",
                   "plurals",
                   "policy:when", "clamp:base", "change:expression", "roll:target", "roll:passes", "roll:always",
                   "reroll:when", "reroll:improves", "reroll:instead", "score:chart", "score:impossible_from",
                   "score:automatic", "score:plus_lowers", "table:int_rows", "table:enum_rows", "table:bool_rows",
                   "table:default", "keywords:plural", "keywords:non"}
    reroll = next(p for p in defs["quantity"]["properties"]["rerolls"]["items"]["properties"].items()
                  if p[0] == "reroll")[1]
    documented |= {f"reroll:{k}" for k in reroll["enum"]}
    sections = set(schema["properties"]) - {"$schema", "pack", "title", "version", "description", "sources",
                                            "assumptions", "examples", "notes", "overlay"}  # words, not rules
    assert sections <= SECTION_TAGS.keys(), sections - SECTION_TAGS.keys()  # a new section needs a snippet
    documented |= {SECTION_TAGS[s] for s in sections}
    documented |= {f"cap:{share}" for share in defs["policy"]["properties"]["of"]["enum"]}
    rounding = schema["properties"]["arithmetic"]["properties"]["round"]["enum"]
    documented |= {f"arithmetic:round_{way}" for way in rounding}
    documented |= {"arithmetic:set_ends", "fact:enum_text"}
    docs = (ROOT / "docs" / "pack-format.md").read_text(encoding="utf-8")
    documented |= {f"change:{op}" for op in re.findall(r"`([+\-x/=])N`", docs)}
    allowed = docs[docs.index("Allowed: "):docs.index("Nothing else")]
    forms = re.findall(r"`([^`]+)`", allowed)
    assert set(forms) <= EXPRESSION_FORMS.keys(), set(forms) - EXPRESSION_FORMS.keys()  # a new form needs a snippet
    for form in forms:
        documented |= EXPRESSION_FORMS[form]
    documented |= {tag for word, tag in (("chained", "expr:chained"), ("parentheses", "expr:parentheses"),
                                         ("fact names", "expr:name")) if word in allowed}
    missing = documented - every_snippet_tag()
    assert not missing, sorted(missing)


def test_every_condition_snippet_loads_and_reads_a_declared_fact() -> None:
    from kb.document import read_yaml
    from kb.loader import build_pack

    facts = "\n".join(line for line, _, _ in BASE_FACTS.values())
    for when, _ in CONDITIONS:
        text = (f"pack: one\nfacts:\n{facts}\n  d.b: {{type: bool, derive: 'f.a', text: d}}\n"
                "  d.n: {type: int, range: [0, 9], derive: f.n, text: dn}\n"
                "  d.e: {type: enum, values: [x, y], derive: \"'x'\", text: de}\n"
                "  d.k: {type: keywords, derive: f.k, text: dk}\n"
                f"quantities:\n  q: {{kind: pool, base: 3, text: q}}\nmodifiers:\n"
                f"  r: {{quantity: q, change: +1, when: \"{when}\"}}\n")
        pack = build_pack([read_yaml(text, "one.yaml")], "one")
        assert pack.modifiers["r"].when.names

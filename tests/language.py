"""Random small packs over the whole documented pack language, and every situation they allow.

Each construct the docs and the schema name is a *snippet* here, tagged with
what it exercises: fact types (derived ones of every type), expression forms,
quantity kinds and their options (re-rolls, `always`, targets, charts), rule
changes, `per`, readings, policies (caps of the net modifier, of only its
improvements or only its worsenings), constraints, plurals, tables, enum
values with display text and a declared order of operations. A pack
is drawn from the snippets; `worlds` lists every assignment of the base facts
it reads (a keywords fact gets every set of up to two keywords from a list
holding both forms of its keywords, case and longer keywords), so a property
test can ask each one and compare a search's claims with brute force.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from hypothesis import strategies as st

from kb.document import read_yaml
from kb.loader import build_pack
from kb.model import Pack

BASE_FACTS = {
    "f.a": ("  f.a: {type: bool, text: a holds}", (False, True), {"fact:bool"}),
    "f.b": ("  f.b: {type: bool, default: true, text: b holds}", (True, False), {"fact:bool", "fact:default"}),
    "f.n": ('  f.n: {type: int, range: [0, 4], default: 2, typical: 2, text: "n is {value}"}', tuple(range(5)),
            {"fact:int", "fact:default", "fact:typical"}),
    "f.m": ('  f.m: {type: int, range: [1, 2], text: "m is {value}"}', (1, 2), {"fact:int", "fact:no_default"}),
    "f.e": ('  f.e: {type: enum, values: {x: an ex, y: a why, z: zed}, default: x, text: "e is {value}"}',
            ("x", "y", "z"), {"fact:enum", "fact:enum_text"}),
    "f.k": ("  f.k: {type: keywords, default: [], text: the unit's keywords}", None, {"fact:keywords"}),
}
KEYWORDS = ("VEHICLE", "Vehicles", "MONSTER", "TITANIC KNIGHTS", "BOYZ", "Titanic")
"""What a unit's keywords are drawn from: both forms, another case, a plural the pack declares, a keyword a
phrase names, and a longer keyword holding that word (a keyword is whole: TITANIC KNIGHTS is not TITANIC)."""

DERIVED_FACTS = {
    "d.b": ("  d.b: {type: bool, derive: 'f.a or f.n >= 3', text: d holds}", {"fact:derived_bool"}),
    "d.n": ('  d.n: {type: int, range: [0, 9], derive: "f.n + (2 if f.a else 0)", text: "dn is {value}"}',
            {"fact:derived_int"}),
    "d.e": ('  d.e: {type: enum, values: [x, y], derive: {table: f.n, rows: {0..1: "\'x\'", 2..4: "\'y\'"}}, '
            'text: "de is {value}"}', {"fact:derived_enum", "table:int_rows"}),
    "d.k": ("  d.k: {type: keywords, derive: f.k, text: the unit's keywords as seen}", {"fact:derived_keywords"}),
}
DERIVED_READS = {"d.b": {"f.a", "f.n"}, "d.n": {"f.a", "f.n"}, "d.e": {"f.n"}, "d.k": {"f.k"}}

CONDITIONS = (
    ("f.a", {"expr:name"}),
    ("not f.b", {"expr:not"}),
    ("f.a and f.b", {"expr:and"}),
    ("f.a or f.n == 0", {"expr:or", "expr:=="}),
    ("f.n >= 3", {"expr:>="}),
    ("f.n < 2", {"expr:<"}),
    ("f.n <= 1", {"expr:<="}),
    ("f.n > 3", {"expr:>"}),
    ("f.n != 2", {"expr:!="}),
    ("1 < f.n <= 3", {"expr:chained"}),
    ("f.n // 2 == 1", {"expr://"}),
    ("f.n * 2 - 1 > 4", {"expr:*", "expr:-"}),
    ("-f.n < -2", {"expr:neg"}),
    ("abs(f.n - 2) <= 1", {"expr:abs"}),
    ("min(f.n, f.m) == 1", {"expr:min"}),
    ("max(f.n, 3) + 1 >= 5", {"expr:max", "expr:+"}),
    ("(f.n if f.a else 0) >= 2", {"expr:if", "expr:parentheses"}),
    ("f.m == 2", {"expr:=="}),
    ("f.m < f.n", {"expr:<", "expr:two_facts"}),
    ("f.e == 'y'", {"expr:string"}),
    ("f.e != 'z' and f.a", {"expr:string"}),
    ("f.a == true", {"expr:true_false"}),
    ("'VEHICLE' in f.k", {"expr:in"}),
    ("'MONSTERS' not in f.k", {"expr:not_in", "keywords:plural"}),
    ("'BOY' in f.k", {"expr:in", "plurals"}),
    ("matches('VEHICLE/MONSTER', f.k)", {"expr:matches", "keywords:any_of"}),
    ("matches('non-Titanic unit', f.k)", {"expr:matches", "keywords:non"}),
    ("matches('Knight', f.k) and 'KNIGHT' not in f.k", {"expr:matches", "keywords:word"}),
    ("'VEHICLE' in d.k", {"expr:in"}),
    ("d.b", {"expr:name"}),
    ("d.n >= 4", {"expr:>="}),
    ("d.e == 'y'", {"expr:string"}),
    ("'VEHICLE' in f.k and 'VEHICLES' not in f.k", {"expr:in", "expr:not_in", "keywords:plural"}),
    ("f.n >= 3 and f.n < 2", {"expr:and"}),
    ("d.b and not f.a and f.n < 3", {"expr:and"}),
    ("f.a and f.n == 0", {"expr:and"}),
    ("matches('Monster', f.k) and not matches('MONSTERS', f.k)", {"expr:matches", "keywords:plural"}),
)
AMOUNTS = (("+1", {"change:+"}), ("-1", {"change:-"}), ("+2", {"change:+"}), ("=3", {"change:="}),
           ("x2", {"change:x"}), ("/2", {"change:/"}), ('"-(f.n // 2)"', {"change:expression", "expr:neg"}),
           ("=2", {"change:="}))
PERS = (("f.n", {"per"}), ("{table: f.e, rows: {x: 0, y: 1, z: 2}}", {"per", "table:enum_rows"}),
        ("{table: f.a, rows: {true: 1, false: 0}}", {"per", "table:bool_rows"}),
        ("{table: f.n, rows: {0..1: 1}, default: 0}", {"per", "table:default"}))
LIMITS = {
    "score": ("value <= 6", "value >= 3", "not automatic"), "pool": ("value >= 4", "value <= 6"),
    "characteristic": ("value <= 5",), "roll": ("-1 <= modifier <= 1", "probability >= 40"),
    "total": ("modifier <= 1", "probability >= 20"),
}
"""What a drawn pack's `limits:` may say of every ruling of its quantity."""
REROLLS = (("ones", {"reroll:ones"}), ("failed", {"reroll:failed"}), ("all", {"reroll:all"}))
CAPS = (("min: -1, max: 1", {"cap:net"}), ("of: improvements, max: 1", {"cap:improvements"}),
        ("of: worsenings, min: -1", {"cap:worsenings"}), ("of: improvements, max: 0", {"cap:improvements"}))
"""A roll's caps: of its net modifier, or of only the modifiers that improve it (a sum of 0 or more, so a max) or
only those that worsen it (0 or less: a min)."""
STEP_NAMES = ("multiply", "divide", "add", "subtract")


@dataclass(frozen=True)
class Quantity:
    kind: str
    yaml: str
    tags: frozenset[str]
    target: bool = False  # a roll whose pack sets no target: its chance is asked at every target


QUANTITIES = (
    Quantity("score", "{kind: score, base: 4, text: the score}", frozenset({"quantity:score", "base:constant"})),
    Quantity("score", "{kind: score, base: '3 + f.n // 2', plus: lowers, text: the score}",
             frozenset({"quantity:score", "base:expression", "score:plus_lowers"})),
    Quantity("score", "{kind: score, base: 'max(2, min(6, 2 + f.n))', plus: raises, chart: {7: 4, 8: 5}, "
             "impossible_from: 9, text: the score}",
             frozenset({"quantity:score", "score:chart", "score:impossible_from", "expr:min", "expr:max"})),
    Quantity("score", "{kind: score, base: {table: f.e, rows: {x: 3, y: 4, z: 5}}, automatic: 'f.m == 2', "
             "text: the score}", frozenset({"quantity:score", "table:enum_rows", "score:automatic"})),
    Quantity("pool", "{kind: pool, base: '6 - f.n', text: the dice}", frozenset({"quantity:pool"})),
    Quantity("roll", "{kind: roll, dice: D6, passes: 4, text: the roll, always: [{unmodified: 1, result: fails}, "
             "{unmodified: 6, result: passes}], rerolls: [RR]}",
             frozenset({"quantity:roll", "roll:passes", "roll:always"})),
    Quantity("roll", "{kind: roll, dice: D6, text: the roll, rerolls: [RR]}",
             frozenset({"quantity:roll", "roll:target"}), target=True),
    Quantity("total", "{kind: total, dice: 2D6, passes: '6 + f.n', text: the total, rerolls: [RR]}",
             frozenset({"quantity:total", "roll:passes"})),
    Quantity("characteristic", "{kind: characteristic, characteristic: number, base: '2 + f.n', text: the number}",
             frozenset({"quantity:characteristic"})),
)


READING_OPTIONS = ("once", "twice")
"""The options of the drawn reading `weight`, which an expression may read as the fact `reading.weight`."""


@dataclass(frozen=True)
class Drawn:
    """A drawn pack: its text, the constructs it uses, and the facts it reads."""

    text: str
    tags: frozenset[str]
    quantity: Quantity
    reads: frozenset[str]
    rules: tuple[str, ...]
    rerolls: tuple[str, ...]

    def pack(self) -> Pack:
        return build_pack([read_yaml(self.text, "drawn.yaml")], "drawn")

    def worlds(self) -> list[dict[str, Any]]:
        """Every assignment of the base facts the pack reads (the others keep their defaults)."""
        names = sorted(self.reads)
        domains = [READING_OPTIONS if n == "reading.weight" else _keyword_sets() if BASE_FACTS[n][1] is None
                   else BASE_FACTS[n][1] for n in names]
        return [dict(zip(names, values, strict=True)) for values in product(*domains)]

    def targets(self) -> tuple[int | None, ...]:
        """The targets a ruling is asked at: every one that can matter for a roll without one."""
        return tuple(range(1, 9)) if self.quantity.target else (None,)


def _keyword_sets() -> tuple[frozenset[str], ...]:
    return tuple(frozenset(c) for size in range(3) for c in combinations(KEYWORDS, size))


def _reads(text: str) -> set[str]:
    out = {n for n in (*BASE_FACTS, "reading.weight") if n in text}
    for d, inputs in DERIVED_READS.items():
        if d in text:
            out |= inputs
    return out


@st.composite
def drawn_packs(draw: st.DrawFn) -> Drawn:
    """A small pack of one quantity, 1-3 rules, perhaps policies, a constraint, a reading and re-rolls."""
    kind = draw(st.sampled_from(sorted({q.kind for q in QUANTITIES})))  # each kind as often, whatever its variants
    q = draw(st.sampled_from([q for q in QUANTITIES if q.kind == kind]))
    tags = set(q.tags)
    rules = []
    lines_rules = []
    n = draw(st.integers(1, 3))
    reading = draw(st.booleans())
    settable = q.kind in ("pool", "characteristic", "score")
    clash = settable and n >= 2 and draw(st.booleans())  # two rules setting different values
    for i in range(n):
        when, when_tags = draw(st.sampled_from(CONDITIONS))
        amount, amount_tags = draw(st.sampled_from(AMOUNTS if settable else AMOUNTS[:3] + AMOUNTS[6:7]))
        if clash and i < 2:
            amount, amount_tags = ("=3", "=2")[i], {"change:="}
        tags |= when_tags | amount_tags
        extra = ""
        if draw(st.integers(0, 3)) == 0 and amount in ("+1", "-1"):
            per, per_tags = draw(st.sampled_from(PERS))
            extra += f", per: {per}"
            tags |= per_tags
        if reading and i == n - 1:
            if draw(st.booleans()):
                extra += ", under: {weight: twice}"
                tags.add("reading:under")
            else:  # an expression reads the option instead
                when = f"({when}) and reading.weight == 'twice'"
                tags.add("reading:expr")
        name = f"r{i}"
        rules.append(name)
        lines_rules.append(f"  {name}: {{quantity: q, change: {amount}, when: \"{when}\"{extra}}}")
    rerolls: list[str] = []
    reroll_yaml = ""
    if "RR" in q.yaml:
        chosen = []
        for i in range(draw(st.integers(0, 2))):
            kind, kind_tags = draw(st.sampled_from(REROLLS))
            when, when_tags = draw(st.sampled_from(CONDITIONS))
            tags |= kind_tags | when_tags | {"reroll:when"}
            improves = ", improves: rr0" if i == 1 and draw(st.booleans()) else ""
            if improves:
                tags.add("reroll:improves")
                if not draw(st.booleans()):
                    improves += ", instead: false"
                    tags.add("reroll:instead")
            chosen.append(f"{{name: rr{i}, reroll: {kind}, when: \"{when}\"{improves}}}")
            rerolls.append(f"rr{i}")
        reroll_yaml = ", ".join(chosen)
    quantity_yaml = q.yaml.replace("RR", reroll_yaml).replace(", rerolls: []", "")
    policies = []
    if n >= 2 and draw(st.booleans()):
        keep = draw(st.sampled_from(["first", "strongest"]))
        policies.append(f"  pair: {{kind: exclusive, keep: {keep}, rules: [r1, r0]}}")
        tags.add(f"policy:exclusive_{keep}")
    elif n >= 2 and draw(st.booleans()):
        policies.append("  beats: {kind: override, rule: r1, over: [r0]}")
        tags.add("policy:override")
    if q.kind in ("score", "pool", "characteristic") and draw(st.booleans()):
        low, low_tags = draw(st.sampled_from([("2", set()), ("base - 1", {"clamp:base"})]))
        when = draw(st.sampled_from(["", ", when: f.b"]))
        policies.append(f"  bounds: {{kind: clamp, quantity: q, min: '{low}', max: 7{when}}}")
        tags |= {"policy:clamp"} | low_tags | ({"policy:when"} if when else set())
    if q.kind in ("roll", "total") and draw(st.booleans()):
        for i, (bounds, cap_tags) in enumerate(draw(st.lists(st.sampled_from(CAPS), min_size=1, max_size=2,
                                                             unique_by=lambda c: c[0]))):
            policies.append(f"  cap{i}: {{kind: cap, quantity: q, {bounds}}}")
            tags |= {"policy:cap"} | cap_tags
    if q.kind == "score" and draw(st.integers(0, 3)) == 0:
        policies.append("  pick: {kind: choice, quantity: q, when: f.b, chooser: attacker}")
        tags.add("policy:choice")
    text = ["pack: drawn", "facts:"]
    body = "\n".join([quantity_yaml, *lines_rules, *policies])
    for name, (line, _, fact_tags) in BASE_FACTS.items():
        text.append(line)
        if name in body or any(name in DERIVED_READS[d] and d in body for d in DERIVED_FACTS):
            tags |= fact_tags
    for name, (line, fact_tags) in DERIVED_FACTS.items():
        text.append(line)
        if name in body:
            tags |= fact_tags
    text += ["quantities:", f"  q: {quantity_yaml}", "modifiers:", *lines_rules]
    if policies:
        text += ["policies:", *policies]
    constraint = draw(st.sampled_from([None, None, "not (f.a and f.n == 0)", "f.n >= 3 or not f.a", "not f.b",
                                       "d.n <= 5", "'VEHICLE' not in d.k"]))
    # the second moves f.n off its default wherever f.a holds; the defaults break the third; the last two forbid
    # values derived facts take (f.n = 4 with f.a; a unit with the keyword VEHICLE)
    if constraint is not None:
        text += ["constraints:", f'  tied: {{require: "{constraint}"}}']
        tags |= {"constraint"} | ({"constraint:derived"} if "d." in constraint else set())
    if draw(st.booleans()):
        holds = draw(st.sampled_from(LIMITS[q.kind]))
        text += ["limits:", f"  stated: {{quantity: q, holds: '{holds}', text: a bound the rules state}}"]
        tags.add("limit")
    if reading:
        text += ["readings:", "  weight:", "    sentence: the last rule counts, perhaps twice",
                 "    default: once", "    options: {once: it counts once, twice: it counts twice}"]
        tags.add("reading")
    text += ["plurals:", "  BOY: BOYZ"]
    if draw(st.integers(0, 2)) == 0:  # the game's own order of operations, rounding, and sets that end it
        order = ", ".join(["set", *draw(st.permutations(STEP_NAMES))])
        way = draw(st.sampled_from(["up", "down"]))
        ends = draw(st.sampled_from(["", ", set_ends: [0]", ", set_ends: [3, 0]"]))
        text += [f"arithmetic: {{order: [{order}], round: {way}{ends}}}"]
        tags |= {"arithmetic", f"arithmetic:round_{way}"} | ({"arithmetic:set_ends"} if ends else set())
    if q.kind == "roll" and draw(st.booleans()):  # a sequence of the roll: no ruling of q may change for it
        text += ["sequences:", "  whole: {steps: [{step: once, roll: q, target: 4, passes: hits}]}"]
        tags.add("sequence")
    yaml_text = "\n".join(text) + "\n"
    reads = _reads(body + (constraint or ""))
    return Drawn(yaml_text, frozenset(tags), q, frozenset(reads), tuple(rules), tuple(rerolls))


def every_snippet_tag() -> set[str]:
    """Every construct some snippet exercises (what `drawn_packs` can draw)."""
    tags: set[str] = set()
    for _, _, fact_tags in BASE_FACTS.values():
        tags |= fact_tags
    for _, fact_tags in DERIVED_FACTS.values():
        tags |= fact_tags
    for table in (CONDITIONS, AMOUNTS, PERS, REROLLS):
        for _, snippet_tags in table:
            tags |= snippet_tags
    for q in QUANTITIES:
        tags |= q.tags
    tags |= {"reading", "reading:under", "reading:expr", "constraint", "constraint:derived", "plurals", "limit",
             "policy:exclusive_first", "policy:exclusive_strongest", "policy:override", "policy:clamp", "clamp:base",
             "policy:when", "policy:cap", "policy:choice", "reroll:when", "reroll:improves", "reroll:instead",
             "sequence", "arithmetic", "arithmetic:round_up", "arithmetic:round_down", "arithmetic:set_ends"}
    for _, cap_tags in CAPS:
        tags |= cap_tags
    return tags


def pack_expressions(pack: Pack) -> list[Any]:
    """Every expression the pack holds that gives an answer (not a keywords set), read from the pack itself."""
    out = [f.derive for f in pack.facts.values() if f.type.kind != "keywords"]  # not an alias's set: what is asked
    out += [c.require for c in pack.constraints.values()]
    for q in pack.quantities.values():
        out += [q.base, q.passes, q.automatic, *(r.when for r in q.rerolls)]
    out += [e for m in pack.modifiers.values() for e in (m.when, m.amount, m.per)]
    out += [e for p in pack.policies.values() for e in (p.when, p.min, p.max)]
    return [e for e in out if e is not None]

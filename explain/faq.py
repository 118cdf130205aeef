"""A pack's FAQ, generated: every interaction worth a question, answered by the solver.

For each quantity, in pack order, the generator looks for the smallest
situation that shows each interaction: a roll skipped, each non-stacking
group or override when it decides, each cap and clamp when it bites, each
permitted choice, each chart edge (7+, 10+), each reading split, each
derived-fact chain and compound condition (all parts holding, then each part
alone failing), each worked example stored in the pack, and each recorded
assumption not already shown. The question is built from the pack's fact
texts; the answer is the ruling the solver gives for that situation now, so
the FAQ cannot drift from the pack. It renders as Markdown, JSON, or pack
`examples:` YAML that turns the published FAQ into a regression suite.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any

import yaml

from explain.json import ruling_json
from kb.errors import Span
from kb.expr import Expr, atoms, evaluate
from kb.model import Fact, Pack, Policy, Quantity
from solver.ask import ask_if_possible, readings_of
from solver.ruling import Ruling
from solver.situation import Situation, situation_from_data
from solver.space.find import find
from solver.space.progress import progress
from solver.space.search import base_inputs, fact_values, minimal_witnesses
from solver.space.whynot import behind

MAX_FACTS = 4
"""The most facts a witness sets beyond the typical values; interactions needing more are left out."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One question and its answer, re-derived by the solver."""

    quantity: str
    topic: str
    question: str
    situation: dict[str, Any]
    ruling: Ruling
    shows: tuple[str, ...] = ()
    """What the entry shows, e.g. `policy:cover_never_stacks`, for tests and de-duplication."""


def faq(pack: Pack) -> list[Entry]:
    """Every FAQ entry of the pack: grouped by quantity and topic, no question asked twice.

    Examples:
        >>> from kb.loader import load_pack
        >>> entries = faq(load_pack("fantasy"))
        >>> any("policy:cover_never_stacks" in e.shows for e in entries)
        True
    """
    out: list[Entry] = []
    seen: dict[tuple[str, str], int] = {}
    for q in progress(pack.quantities.values(), f"faq {pack.name}", total=len(pack.quantities)):
        for topic, shows, data in _witnesses(pack, q):
            ruling = ask_if_possible(pack, q.name, situation_from_data(data, pack, _where(pack)))
            if ruling is None or ruling.cases:
                continue  # a question whose answer depends on facts it does not state is not worth asking
            question = question_text(pack, q, data)
            key = (q.name, question)
            if key in seen:
                old = out[seen[key]]
                out[seen[key]] = Entry(old.quantity, old.topic, old.question, old.situation, old.ruling,
                                       (*old.shows, shows))
                continue
            seen[key] = len(out)
            out.append(Entry(q.name, topic, question, data, ruling, (shows,)))
    return out


def question_text(pack: Pack, q: Quantity, data: dict[str, Any]) -> str:
    """The question in plain English, built from the fact texts of the situation.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> data = {"given": {"shooter.bs": 3, "shooter.moved": True}}
        >>> print(question_text(pack, pack.quantities["to_hit"], data))
        The shooter has Ballistic Skill 3 and the shooter moved this turn. What is the score needed to hit on a D6?
    """
    given = data.get("given") or {}
    clauses = [_clause(pack.facts[n], given[n]) for n in pack.facts if n in given]
    if data.get("base") is not None:
        clauses.append(f"the base value is {data['base']}")
    for effect in data.get("effects") or []:
        name, op = (effect.get("name"), effect["op"]) if isinstance(effect, dict) else (None, effect)
        clauses.append(f"{name} gives {op}" if name else f"an effect gives {op}")
    if data.get("roll") is not None:
        clauses.append(f"the roll is {data['roll']}")
    if data.get("unit"):
        kinds = ["[" + ", ".join(m["keywords"]) + "]" for m in data["unit"]["models"]]
        clauses.append("the unit's models have keywords " + ", ".join(kinds))
    if data.get("ignore") is not None:
        clauses.append("the player ignores " + (", ".join(data["ignore"]) or "nothing"))
    ask_ = f"What is {q.text}?"
    if not clauses:
        return ask_
    text = clauses[0] if len(clauses) == 1 else ", ".join(clauses[:-1]) + " and " + clauses[-1]
    return text[0].upper() + text[1:] + ". " + ask_


def _clause(fact: Fact, value: Any) -> str:
    if fact.type.kind == "bool" and "{value}" in fact.text:
        return fact.describe(value)
    from explain.english import sentence

    return sentence(fact, value)  # "the shooter did not move this turn", never "it is not the case that ..."


def _witnesses(pack: Pack, q: Quantity) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(topic, what it shows, situation data) for each interaction of `q`, in a fixed order."""
    typical = typical_values(pack, q)
    rules = {m.name for m in pack.modifiers_of(q.name)}
    if q.automatic is not None:
        yield from _by_ruling(pack, q, typical, "No roll needed", "automatic", lambda r: bool(r.automatic))
    for p in pack.policies.values():
        if not (q.name in p.quantities or rules.intersection(p.rules) or p.rule in rules):
            continue
        topic = (p.text or p.name.replace("_", " "))
        topic = topic[0].upper() + topic[1:]
        test = _policy_test(p)
        if test is None:
            continue
        yield from _by_ruling(pack, q, typical, topic, f"policy:{p.name}", test)
    for score, then in q.chart:
        yield from _by_ruling(pack, q, typical, f"Scores of 7 or more: {score}+ needs a 6, then {then}+",
                              f"chart:{score}", partial(_scores, score))
    if q.impossible_from is not None:
        yield from _by_ruling(pack, q, typical, f"Scores of {q.impossible_from} or more are impossible",
                              f"chart:{q.impossible_from}", lambda r: bool(r.impossible))
    if q.passes is not None:
        yield from _by_ruling(pack, q, typical, "The chance of passing", "chance",
                              lambda r: r.probability is not None and bool(r.applied))
    for reading in readings_of(pack, q):
        yield from _by_ruling(pack, q, typical, f"Two readings: {reading.sentence}",
                              f"reading:{reading.name}",
                              lambda r: r.readings is not None)
    yield from _chains(pack, q, typical)
    yield from _examples(pack, q)
    for name in pack.assumptions:
        yield from _by_ruling(pack, q, typical, f"Assumption: {pack.assumptions[name].text}",
                              f"assumption:{name}", partial(_relies_on, name))


def _scores(score: int, r: Ruling) -> bool:
    return bool(r.value == score)


def _relies_on(assumption: str, r: Ruling) -> bool:
    return assumption in r.assumptions


def _policy_test(p: Policy) -> Callable[[Ruling], bool] | None:
    """Whether a ruling shows the policy at work: suppressing a rule, biting, or ignoring modifiers."""
    label = p.label or p.name

    def suppresses(r: Ruling) -> bool:
        return any(s.policy == p.name for s in r.suppressed)

    def bites(r: Ruling) -> bool:
        return any(c.rule == label for c in r.clamped)

    def ignores(r: Ruling) -> bool:
        return bool(r.ignored)

    return {"exclusive": suppresses, "override": suppresses, "clamp": bites, "cap": bites,
            "choice": ignores}.get(p.kind)


def typical_values(pack: Pack, q: Quantity) -> dict[str, Any]:
    """Values for the facts without a default that the quantity's base reads.

    For a quantity with a chance of success, the value whose plain ruling is
    closest to even odds (BS 3 needs 4+); otherwise the middle of the range.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> typical_values(pack, pack.quantities["to_hit"])
        {'shooter.bs': 3}
    """
    out: dict[str, Any] = {}
    for name in sorted(q.base.names if q.base is not None else ()):
        fact = pack.facts.get(name)
        if fact is None or fact.default is not None or not fact.domain:
            continue
        scored = []
        domain = fact.domain
        if len(domain) > 100:  # a huge range: its ends and middle are question enough
            domain = (domain[0], domain[len(domain) // 2], domain[-1])
        for i, value in enumerate(domain):
            r = ask_if_possible(pack, q.name, Situation(given={**out, name: value}))
            if r is None:
                continue
            p = r.probability
            odds = abs(p - Fraction(1, 2)) if p is not None and not r.cases else Fraction(1)
            scored.append((odds, i, value))
        if scored:
            best = min(scored)
            out[name] = best[2] if best[0] < 1 else domain[len(domain) // 2]
    return out


def _by_ruling(pack: Pack, q: Quantity, typical: dict[str, Any], topic: str, shows: str,
               test: Callable[[Ruling], bool]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    found = find(pack, q.name, lambda r: not r.cases and test(r), max_facts=MAX_FACTS, decided=True)
    if not found:
        return
    best = min(found, key=lambda f: (len(f.given), _distance(f.given, typical)))
    given = {n: _pick(v, typical.get(n)) for n, v in best.given}
    yield topic, shows, {"given": given}


def _chains(pack: Pack, q: Quantity, typical: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Derived facts and compound conditions: all parts holding, then each part alone failing."""
    exprs = [m.when for m in pack.modifiers_of(q.name)]
    derived = [n for n in pack.facts if n in behind(pack, exprs) and pack.facts[n].derive is not None]
    subjects: list[tuple[str, str, Expr]] = []
    for n in derived:
        derive = pack.facts[n].derive
        assert derive is not None
        subjects.append((n, f"when {pack.facts[n].text}", derive))
    for m in pack.modifiers_of(q.name):
        if len(atoms(m.when)) > 1:
            shown = " and ".join(_atom_text(pack, a) for a in atoms(m.when))
            subjects.append((m.name, f"when {m.name.replace('_', ' ')} counts: {shown}", m.when))
    for name, text, expr in subjects:
        parts = atoms(expr)
        facts = base_inputs(pack, [expr])
        fixed = {n: v for n, v in typical.items() if n not in facts}
        for i in [-1, *range(len(parts))]:
            def test(given: dict[str, Any], i: int = i, parts: list[Expr] = parts) -> bool:
                values = fact_values(pack, given)
                return all(evaluate(a, values) is (j != i) for j, a in enumerate(parts))
            for given in minimal_witnesses(pack, test, facts, fixed=fixed):
                yield text[0].upper() + text[1:], f"chain:{name}:{'all' if i < 0 else i}", {"given": given}


def _atom_text(pack: Pack, atom: Expr) -> str:
    from explain.english import say

    return say(pack, atom)  # "the target has Unit Strength 2 or less", not "target.unit_strength <= 2"


def _examples(pack: Pack, q: Quantity) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """The pack's worked examples that combine several steps (set, multiply, add...) or ad-hoc effects."""
    for example in pack.examples:
        data = example.situation
        if example.quantity != q.name or example.expect.get("exit") or data.get("groups"):
            continue
        shows = {"clamped", "clamped_only", "ignored", "suppressed", "readings"} & set(example.expect)
        if len(data.get("effects") or []) >= 2 or data.get("ignore") is not None or shows:
            title = example.name.replace("_", " ").replace("-", " ")
            yield f"Worked example: {title}", f"example:{example.name}", data


def _distance(given: tuple[tuple[str, Any], ...], typical: dict[str, Any]) -> int:
    total = 0
    for name, value in given:
        if name in typical and isinstance(typical[name], int):
            low, high = value if isinstance(value, tuple) else (value, value)
            want = typical[name]
            total += 0 if low <= want <= high else min(abs(low - want), abs(high - want))
    return total


def _pick(value: Any, typical: Any) -> Any:
    if not isinstance(value, tuple):
        return value
    low, high = value
    return min(max(typical, low), high) if isinstance(typical, int) else low


def _where(pack: Pack) -> Any:
    return Span(f"faq of {pack.name}")


# -- rendering ------------------------------------------------------------------


def answer_text(entry: Entry) -> str:
    """The answer in one line: the ruling as a player writes it, with the chance of success."""
    r = entry.ruling
    shown = r.display
    if r.then is not None:
        shown = f"{r.value}+: roll a 6, then {r.then}+"
    chance = f" (chance {_fraction(r.probability)})" if r.probability is not None and not r.automatic else ""
    return shown + chance


def reasons(entry: Entry, pack: Pack | None = None) -> list[str]:
    """The reasons in a sentence or two: what counted, what was suppressed or ignored, what bit.

    With the pack, each reason is worded as `rulings ask` words it (conditions in plain English,
    every reading's answer); without it, from the recorded claims.
    """
    r = entry.ruling
    if pack is not None and r.cases is None and r.groups is None:
        return _worded_reasons(pack, entry)
    out = []
    if r.applied:
        out.append("Counts: " + ", ".join(f"{a.rule} ({a.change})" for a in r.applied) + ".")
    elif not r.automatic:
        out.append("No modifier counts.")
    for node in r.explanation.because:
        if node.tag in ("suppressed", "ignored", "clamp", "chart", "reading", "automatic"):
            out.append(node.claim + ".")
        if node.tag == "failed" and any(n.because for n in node.because) and entry.topic.startswith("When"):
            traced = "; ".join(c.claim for n in node.because for c in n.because)
            out.append(node.claim + f" ({traced}).")
    if r.automatic:
        out.append("The roll is skipped: the attack hits automatically.")
    return out


def _worded_reasons(pack: Pack, entry: Entry) -> list[str]:
    from explain.brief import brief_lines
    from explain.english import why_not

    r = entry.ruling
    out = []
    after = ""
    for line in brief_lines(r, pack)[1:]:
        text = line.text
        if line.tag == "note" and line.depth == 2:
            text = f"Read as {text}" if after == "reading" else text
        elif line.tag in ("applied", "suppressed", "ignored", "clamp", "chart", "reading", "failed", "step"):
            after = line.tag
        elif line.tag == "note" and text == "no modifier applies" and not r.automatic:
            text = "No modifier counts"
        else:
            continue
        first = text.split(" ")[0]
        text = text if "_" in first or not first[:1].isalpha() else text[:1].upper() + text[1:]
        out.append(text if text.endswith((".", '"', ")")) and line.tag == "reading" else text.rstrip(".") + ".")
    if entry.topic.startswith("When") and r.values is not None:
        shown = " ".join(out)
        for rule in _asked_about(pack, entry):
            if f"{rule} does not apply" not in shown:
                out.append(f"{rule} does not apply: {why_not(pack, pack.modifiers[rule].when, r.values)}.")
    return out


def _asked_about(pack: Pack, entry: Entry) -> list[str]:
    """The rules that did not apply although they read a fact the question states."""
    from solver.facts import _reads

    given = set(entry.situation.get("given") or {})
    failed = [n.claim.split(" ")[0] for n in entry.ruling.explanation.because if n.tag == "failed"]
    return [rule for rule in failed
            if rule in pack.modifiers and given & set(_reads(pack, pack.modifiers[rule].when.names))]


def citations(pack: Pack, entry: Entry) -> list[str]:
    """The rule texts the answer rests on, and the assumptions it relies on."""
    root = entry.ruling.explanation
    keep = {"applied", "suppressed", "ignored", "clamp", "chart", "reading"}
    asked = set(_asked_about(pack, entry)) if entry.topic.startswith("When") else set()
    nodes = [root] if entry.ruling.automatic or entry.ruling.impossible or entry.ruling.then else []
    nodes += [n for child in root.because if child.tag in keep or (child.tag == "failed" and child.claim.split(" ")[0]
                                                                   in asked) for _, n in child.lines()]
    # curly quotes around the seed's words: an inch mark inside a quote ('within 4"') cannot end it
    out = list(dict.fromkeys(re.sub(r': "(.*)"$', ": “\\1”", n.cite) for n in nodes if n.cite))
    out += [f"assumption {a}: {pack.assumptions[a].text}"
            for a in entry.ruling.assumptions if a in pack.assumptions]
    return out


def replay(pack: Pack, entry: Entry) -> str:
    """The `rulings ask` command that re-derives the answer."""
    data = entry.situation
    flags = [f"--given {shlex.quote(f'{n}={_arg(v)}')}" for n, v in (data.get("given") or {}).items()]
    if data.get("base") is not None:
        flags.append(f"--base {shlex.quote(_arg(data['base']))}")
    if data.get("roll") is not None:
        flags.append(f"--roll {data['roll']}")
    command = " ".join([f"rulings ask {pack.name} {entry.quantity}", *flags])
    rest = {k: v for k, v in data.items() if k not in ("given", "base", "roll")}
    if not rest:
        return command
    # what flags cannot say (effects, ignore, unit, readings, groups) goes on standard input: no file to look for
    shown = yaml.safe_dump(rest, sort_keys=False, allow_unicode=True, default_flow_style=None).rstrip()
    return f"{command} --situation - <<'EOF'\n{shown}\nEOF"


def faq_json(pack: Pack, entries: list[Entry]) -> dict[str, Any]:
    """The FAQ as JSON: one object per entry, with its full ruling."""
    return {"pack": pack.name, "title": pack.title, "entries": [
        {"quantity": e.quantity, "topic": e.topic, "question": e.question, "answer": answer_text(e),
         "reasons": reasons(e, pack), "citations": citations(pack, e), "situation": e.situation,
         "shows": list(e.shows),
         "command": replay(pack, e), "ruling": ruling_json(e.ruling)} for e in entries]}


def faq_markdown(pack: Pack, entries: list[Entry]) -> str:
    """The FAQ as Markdown: a contents list, then one section per quantity and topic."""
    lines = [f"# {pack.title}: frequently asked questions", "",
             f"Generated from the `{pack.name}` pack by `rulings faq {pack.name}`. Every answer is re-derived "
             "by the solver when the FAQ is generated, so it always matches the pack; do not edit this file "
             "by hand.", ""]
    by_quantity: dict[str, list[Entry]] = {}
    for e in entries:
        by_quantity.setdefault(e.quantity, []).append(e)
    lines.append("## Contents")
    lines.append("")
    for name, group in by_quantity.items():
        text = pack.quantities[name].text
        lines.append(f"- [`{name}`: {text}](#{_anchor(name, text)}) ({len(group)} questions)")
    number = 0
    for name, group in by_quantity.items():
        lines += ["", f"## `{name}`: {pack.quantities[name].text}"]
        topic = None
        for e in group:
            if e.topic != topic:
                topic = e.topic
                lines += ["", f"### {topic}"]
            number += 1
            answer = f"**A:** {answer_text(e)}. " + " ".join(reasons(e, pack))
            lines += ["", f"**Q{number}. {e.question}**", "", answer]
            cites = citations(pack, e)
            if cites:
                lines.append("")
                lines += [f"> {c}" + ("  " if i < len(cites) - 1 else "") for i, c in enumerate(cites)]
            command = replay(pack, e)
            lines += ["", "<details><summary>Situation and replay</summary>", "", "```yaml",
                      yaml.safe_dump(e.situation, sort_keys=False, allow_unicode=True).rstrip(), "```", "",
                      "```", command, "```", "", "</details>"]
    return "\n".join(lines) + "\n"


def faq_examples(pack: Pack, entries: list[Entry]) -> str:
    """The FAQ as pack `examples:` YAML, so a published FAQ becomes a regression suite."""
    examples = []
    for i, e in enumerate(entries, 1):
        doc = ruling_json(e.ruling)
        expect: dict[str, Any] = {"value": doc["value"], "display": doc["display"]}
        for key in ("probability", "then", "modifier"):
            if key in doc:
                expect[key] = doc[key]
        expect["applied"] = [a["rule"] for a in doc["applied"]]
        expect["suppressed"] = {s["rule"]: s["by"] for s in doc["suppressed"]}
        expect["ignored"] = [x["rule"] for x in doc["ignored"]]
        expect["clamped_only"] = [c["rule"] for c in doc["clamped"]]
        if "readings" in doc:
            expect["readings"] = {r["reading"]: r["value"] for r in doc["readings"]}
        examples.append({"name": f"faq-{i:03d}-{e.quantity}", "quantity": e.quantity, "quote": e.question,
                         "situation": e.situation, "expect": expect})
    return yaml.safe_dump({"examples": examples}, sort_keys=False, allow_unicode=True, width=120)


def _anchor(name: str, text: str) -> str:
    return re.sub(r"[^a-z0-9 _-]", "", f"{name}: {text}".lower()).replace(" ", "-")


def _fraction(p: Fraction | None) -> str:
    if p is None:
        return ""
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def _arg(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple | frozenset | set):
        return "[" + ", ".join(sorted(map(str, value))) + "]"
    return str(value)

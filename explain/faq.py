"""A pack's FAQ, generated: the questions players ask, answered by the solver.

`explain.faq_questions` chooses the situations worth asking about (from the
solver's searches, and the questions a pack declares); this module asks
them, words each question from the pack's fact texts, and renders the FAQ
as Markdown, JSON, or pack `examples:` YAML that turns the published FAQ
into a regression suite. Every answer is the ruling the solver gives for
that situation now, so the FAQ cannot drift from the pack.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import islice
from typing import Any

import yaml

from explain.faq_keywords import KeywordEntry, keyword_questions
from explain.faq_questions import (
    LAST_TOPICS,
    SEQUENCE_TOPICS,
    TOPICS,
    SequenceQuestion,
    middle,
    odds,
    questions,
    sequence_questions,
    worked_inputs,
)
from explain.faq_words import (
    _lower,
    faq_lines,
    form_of,
    is_odds_question,
    lead,
    question_words,
    rule_label,
    scrub,
    situation_words,
    source_title,
    topic_of,
)
from explain.json import ruling_json
from kb.errors import Span
from kb.expr import Expr, show_value
from kb.model import Fact, Pack, Quantity
from solver.ask import ask_if_possible
from solver.ruling import Ruling
from solver.sequence import AttackRuling, at_least, mean
from solver.situation import situation_from_data
from solver.space.progress import progress


@dataclass(frozen=True, slots=True)
class Table:
    """An odds table: one row per value of a fact, one column per modifier (and none), each cell a ruling."""

    corner: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[tuple[dict[str, Any], Ruling], ...]], ...]


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
    quote: str = ""
    """The seed sentence a declared question or a worked example rests on."""
    table: Table | None = None
    """For an odds question: every cell, each a situation and its ruling."""
    form: str = ""
    """How a generated question asks (`explain.faq_words.FORMS`); "" for one the pack declares."""
    baseline: Ruling | None = None
    """The ruling without the rules the question is about, which the answer compares with ("5+ instead of 4+")."""


def faq(pack: Pack) -> list[Entry]:
    """Every FAQ entry of the pack: grouped by quantity and topic, no situation asked about twice.

    Examples:
        >>> from kb.loader import load_pack
        >>> entries = faq(load_pack("fantasy"))
        >>> any("policy:cover_never_stacks" in e.shows for e in entries)
        True
    """
    out: list[Entry] = []
    for q in progress(pack.quantities.values(), f"faq {pack.name}", total=len(pack.quantities)):
        mine: list[Entry] = []
        seen: dict[str, int] = {}
        shown_assumptions: set[str] = set()
        shown: set[str] = set()
        target = roll_target(pack, q)
        for found in questions(pack, q):
            if found.shows.startswith("assumption:") and found.shows.split(":", 1)[1] in shown_assumptions:
                continue  # already under an answer that relies on it
            if not found.words and found.shows in shown:
                continue  # a question the pack declares already shows it
            data = found.situation
            if target is not None and not found.words and not found.quote and not {"roll", "target"} & set(data):
                data = {**data, "target": target}  # a roll's chance, at what a step of the pack's sequence needs
            ruling = _asked(pack, q.name, data)
            if ruling is None or ruling.cases:
                continue  # a question whose answer depends on facts it does not state is not worth asking
            key = json.dumps(data, sort_keys=True, default=str)
            if key in seen:
                old = mine[seen[key]]
                mine[seen[key]] = replace(old, shows=(*old.shows, found.shows), quote=old.quote or found.quote)
                continue
            seen[key] = len(mine)
            if found.words:
                question, form, topic, baseline = found.words, "", found.topic, None
            else:
                form = form_of(pack, found.shows, data, ruling)
                question = question_words(pack, q, form, data, ruling, found.shows)
                topic = topic_of(pack, q, found.shows, found.topic)
                baseline = _baseline(pack, q, data, ruling) if form == "change" else None
            mine.append(Entry(q.name, topic, question, data, ruling, (found.shows,), found.quote, form=form,
                              baseline=baseline))
            shown_assumptions.update(ruling.assumptions)
            if found.words:
                shown.update(_what_it_shows(ruling))
        table = odds_entry(pack, q)
        if table is not None:
            mine.append(table)
        out += _by_topic(mine, [topic_of(pack, q, f"modifier:{m.name}", "") for m in pack.modifiers_of(q.name)])
    return out


def _by_topic(entries: list[Entry], rules: list[str]) -> list[Entry]:
    """The entries grouped by topic: the pack's own topics, each rule's in the pack's order (`rules`), the others in
    the order they first come, then limits, charts, the order of operations, worked examples, odds and
    assumptions."""
    late = [TOPICS[t] for t in LAST_TOPICS]
    asked = {e.topic for e in entries}
    declared = [e.topic for e in entries if e.form == "" and e.table is None and e.topic not in late]
    order = list(dict.fromkeys([*declared, TOPICS["automatic"], *(t for t in rules if t in asked),
                                *(e.topic for e in entries if e.topic not in late), *late]))
    return sorted(entries, key=lambda e: order.index(e.topic))


ASKED_SIZE = 20_000
"""Most rulings the FAQ keeps per pack (in the pack's own index, so they go with it): the questions, their
baselines and the odds tables ask the same situations again."""


def _asked(pack: Pack, quantity: str, data: dict[str, Any]) -> Ruling | None:
    """`ask_if_possible` of the situation `data`, each situation asked once per pack."""
    asked: dict[tuple[str, str], Ruling | None] = pack.index.setdefault(("faq asked", ""), {})
    key = (quantity, json.dumps(data, sort_keys=True, default=str))
    if key not in asked:
        if len(asked) >= ASKED_SIZE:
            asked.clear()
        asked[key] = ask_if_possible(pack, quantity, situation_from_data(data, pack, _where(pack)))
    return asked[key]


def roll_target(pack: Pack, q: Quantity) -> int | None:
    """What a roll quantity's question says the roll needs, so its answer gives a chance: the target a step of the
    pack's sequence sets for it in a typical attack, else the middle of its dice (4 on a D6, 7 on 2D6)."""
    if q.kind != "roll":
        return None
    from kb.expr import evaluate
    from solver.space.search import fact_values

    for name, seq in pack.sequences.items():
        for step in seq.rolls:
            if step.roll != q.name or not step.modified:
                continue
            worked = worked_inputs(pack, name)
            if step.target is None:
                target = ((worked.get("sequence") or {}).get(step.name) or {}).get("target")
            else:
                try:
                    target = evaluate(step.target, fact_values(pack, worked["given"]))
                except Exception:
                    target = None
            if isinstance(target, int) and not isinstance(target, bool):
                return target
    return middle(q.dice)


def _baseline(pack: Pack, q: Quantity, data: dict[str, Any], r: Ruling) -> Ruling | None:
    """The ruling of `data` without the pack's rules that counted (their facts switched off) and without the
    situation's effects: what the answer's value was before them. Switching a rule off by the values of facts
    it reads (a distance) must not switch another on (point blank): the first few ways are tried, most typical
    first, and where each does, there is no baseline."""
    from solver.space.search import base_inputs

    rules = [a.rule for a in r.applied if a.rule in pack.modifiers]
    reads = set(base_inputs(pack, [pack.modifiers[x].when for x in rules]))
    reads |= {n for x in rules for n in pack.modifiers[x].when.names}  # a derived fact given as it is
    kept = {n: v for n, v in (data.get("given") or {}).items() if n not in reads}
    plain = {k: v for k, v in data.items() if k in ("base", "roll", "target", "reroll", "unmodified", "weapons")}
    if r.groups is not None:
        return None
    for given in islice(_switched(pack, [pack.modifiers[x].when for x in rules], kept), BASELINE_TRIES):
        situation = {**plain, **({"given": given} if given else {})}
        if situation == data:
            return None
        before = _asked(pack, q.name, situation)
        if before is None or before.cases is not None or before.groups is not None:
            return None
        if {a.rule for a in before.applied} <= set(rules):
            return before
    return None


BASELINE_TRIES = 16
"""How many ways of switching a question's rules off its baseline tries."""


def _switched(pack: Pack, whens: list[Expr], given: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """`given` with each of `whens` switched off in turn (`switch_offs`), every way of doing so."""
    from explain.faq_questions import switch_offs

    if not whens:
        yield given
        return
    for values in switch_offs(pack, whens[0], given):
        yield from _switched(pack, whens[1:], {**given, **values})


def _what_it_shows(r: Ruling) -> set[str]:
    """What a declared question's ruling already shows, in the terms of the generated questions' `shows`."""
    out = {"automatic"} if r.automatic else set()
    for sub in ([g for _, g in r.groups] if r.groups is not None else [r]):
        if len(sub.applied) == 1 and not sub.clamped and not sub.suppressed and sub.readings is None:
            out.add(f"modifier:{sub.applied[0].rule}")
        out.update(f"policy:{x.policy}" for x in sub.suppressed)
    return out


def situation_text(pack: Pack, q: Quantity, data: dict[str, Any]) -> str:
    """The situation of a question in the pack's words: "The shooter has Ballistic Skill 3 and ..."."""
    return situation_words(pack, q, data)


def odds_entry(pack: Pack, q: Quantity) -> Entry | None:
    """The odds table of a quantity that passes or fails against a fact, each cell asked of the solver."""
    found = odds(pack, q)
    if found is None:
        return None
    fact = pack.facts[found.fact]
    rows = []
    for value in found.values:
        cells = []
        for _, given in found.columns:
            data = {"given": {**given, found.fact: value}}
            ruling = ask_if_possible(pack, q.name, situation_from_data(data, pack, _where(pack)))
            if ruling is None:
                return None
            cells.append((data, ruling))
        rows.append((str(value), tuple(cells)))
    from explain.english import noun

    corner = noun(fact)
    columns = tuple(_column(pack, rule, given, ruling) for (rule, given), (_, ruling) in zip(
        found.columns, rows[0][1], strict=True))
    first_data, first = rows[0][1][0]
    question = f"How likely is {_bare(q.text)} to pass at each {corner.removeprefix('the ')}?"
    return Entry(q.name, TOPICS["odds"], question, first_data, first, ("odds",),
                 table=Table(corner[:1].upper() + corner[1:], columns, tuple(rows)))


def _column(pack: Pack, rule: str, given: dict[str, Any], ruling: Ruling) -> str:
    """A column's heading: what makes its modifier count, and the change it makes."""
    from explain.english import sentence

    if not rule:
        return "no modifier"
    said = " and ".join(sentence(pack.facts[n], v) for n, v in given.items() if n in pack.facts)
    change = ", ".join(a.change for a in ruling.applied if a.rule == rule)
    return f"{said} ({change})" if change else said


def _bare(text: str) -> str:
    return re.sub(r"^the (modified )?", "a ", text)


def question_text(pack: Pack, q: Quantity, data: dict[str, Any]) -> str:
    """The question a player asks about the situation `data`, built from the fact texts: how it changes the value
    or the chance (a roll's chance, what a roll given ends as), never "What is X?".

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("fantasy")
        >>> data = {"given": {"shooter.bs": 3, "shooter.moved": True}}
        >>> question_text(pack, pack.quantities["to_hit"], data).endswith(
        ...     "moved this turn. How does that change the score needed to hit on a D6?")
        True
    """
    ruling = _asked(pack, q.name, data)
    form = form_of(pack, "", data, ruling) if ruling is not None and ruling.cases is None else "change"
    return question_words(pack, q, form, data, ruling, "") if ruling is not None else \
        f"{situation_words(pack, q, data)} How does that change {q.text}?".strip()


def _clause(fact: Fact, value: Any) -> str:
    from explain.english import sentence

    if fact.type.kind == "bool" and "{value}" in fact.text:
        return fact.describe(value)
    said = sentence(fact, value)  # "the shooter did not move this turn", never "it is not the case that ..."
    return _one_held(_one(said)) if value == 1 and not isinstance(value, bool) else said


def _one(text: str) -> str:
    """"1 dice per base" -> "1 die per base", "1 physical bases" -> "1 physical base"."""
    from explain.english import _singular

    def one(m: re.Match[str]) -> str:
        words = m.group(2).split()
        return m.group(1) + " ".join([*(w for w in words[:-1]), _singular(words[-1])])
    return re.sub(r"(?<![\w+\-/.])(1 )((?:[a-z]+ )?(?:dice|[a-z]+s))\b", one, text)


def _one_held(text: str) -> str:
    """A reason's "has 1 Spotter markers" as "has 1 Spotter marker": only a count something has, never a verb
    ("a natural 1 always misses")."""
    from explain.english import _singular

    def one(m: re.Match[str]) -> str:
        return m.group(1) + (m.group(2) or "") + _singular(m.group(3))
    return re.sub(r"(\b(?:has|have|had|with|of) 1 )([A-Za-z]+ )?\b((?:dice|[A-Za-z]{2,}s))\b(?= \(|[.,;]|$)",
                  lambda m: one(m) if m.group(2) is None or not m.group(2).strip().endswith("s") else m.group(0),
                  text)


def _where(pack: Pack) -> Any:
    return Span(f"faq of {pack.name}")


# -- rendering ------------------------------------------------------------------


def answer_text(entry: Entry, pack: Pack | None = None) -> str:
    """The answer in one line, as a published FAQ leads it: the yes or no a yes/no question asks, then the chance
    (a roll's chance and what it needs on the die) or the value, and what it was without the rules asked about.

    Split fire gives each group's answer; an odds table says it is one.
    """
    if entry.table is not None:
        return "see the table"
    if pack is None:  # the value alone, as the ruling displays it
        r = entry.ruling
        return "; ".join(f"{n}: {_one_answer(sub)}" for n, sub in r.groups) if r.groups is not None else \
            _one_answer(r)
    q = pack.quantities[entry.quantity]
    form = entry.form or ("passes" if "passed" in dict(entry.ruling.extra) else "")
    said = lead(pack, q, form, entry.ruling, entry.baseline, entry.shows)
    return scrub(pack, said)


def _one_answer(r: Ruling) -> str:
    shown = r.display
    extra = dict(r.extra)
    if "passed" in extra:  # a roll already made: the verdict, not the chance it had
        return f"{shown}: it {'passes' if extra['passed'] else 'fails'}"
    if r.then is not None:
        shown = f"{r.value}+: roll a 6, then {r.then}+"
    chance = f" (chance {_fraction(r.probability)})" if r.probability is not None and not r.automatic else ""
    return shown + chance


def reasons(entry: Entry, pack: Pack | None = None) -> list[str]:
    """The reasons in a sentence or two: what counted and why, what was suppressed or ignored, what bit.

    With the pack, each reason is worded from the pack's texts (conditions in plain English, each rule by its
    own words, every reading's answer by what the reading means), no id of the pack among them; without it,
    from the recorded claims.
    """
    r = entry.ruling
    if entry.table is not None:
        return []
    if pack is not None and r.groups is not None:
        out = []
        for name, sub in r.groups:
            said = _worded_reasons(pack, Entry(entry.quantity, entry.topic, entry.question, entry.situation, sub))
            out.append(f"{name[:1].upper() + name[1:]}: " + " ".join(said))
        return out
    if pack is not None and r.cases is None:
        return _worded_reasons(pack, entry)
    out = []
    if r.applied:
        out.append("Counts: " + ", ".join(f"{a.rule} ({a.change})" for a in r.applied) + ".")
    elif not r.automatic:
        out.append("No modifier counts.")
    for node in r.explanation.because:
        if node.tag in ("suppressed", "ignored", "clamp", "chart", "reading", "automatic"):
            out.append(node.claim + ".")
    if r.automatic:
        out.append("The roll is skipped: the attack hits automatically.")
    return out


def _worded_reasons(pack: Pack, entry: Entry) -> list[str]:
    from explain.english import why_not

    r = entry.ruling
    odds_ = is_odds_question(entry.question) or entry.topic == TOPICS["odds"]
    asked = _asked_about(pack, entry)
    out = []
    for line in faq_lines(pack, r, odds=odds_):
        text = line.text
        if line.tag == "failed":
            if not any(text.startswith(_cap(rule_label(pack, rule)) + " does not apply") for rule in asked):
                continue  # a rule the question is not about
        elif line.tag == "note" and text == "no modifier applies":
            if r.automatic:
                continue
            text = "No modifier counts"
        elif line.tag == "note" and not text.startswith("no roll is made"):
            continue
        text = _one_held(text[:1].upper() + text[1:] if text[:1].isalpha() else text)
        if line.tag == "reading" and text.endswith(("\u201d", ")")):
            out.append(text + ".")
        else:
            out.append(text.rstrip(".") + ".")
    if r.values is not None:
        shown = " ".join(out)
        for rule in asked:
            label = _cap(rule_label(pack, rule))
            if f"{label} does not apply" not in shown:
                why = why_not(pack, pack.modifiers[rule].when, r.values)
                out.append(scrub(pack, f"{label} does not apply: {why}."))
    return out


def _asked_about(pack: Pack, entry: Entry) -> list[str]:
    """The rules that did not apply although every fact they read that the question states is as they need,
    or they read a fact whose boundary the question is about."""
    from solver.facts import _reads

    given = set(entry.situation.get("given") or {})
    subjects = {s.split(":")[1] for s in entry.shows if s.startswith("chain:")}
    failed = [n.claim.split(" ")[0] for n in entry.ruling.explanation.because if n.tag == "failed"]
    values = entry.ruling.values or {}

    def about(rule: str) -> bool:  # it reads the boundary's fact, and nothing else it needs is missing
        from kb.expr import atoms, evaluate

        when = pack.modifiers[rule].when
        return bool(subjects & when.names) and all(
            evaluate(a, values) is True for a in atoms(when) if not subjects & a.names)

    return [rule for rule in failed if rule in pack.modifiers
            and (rule in subjects or about(rule) or (
                not subjects and entry.topic == TOPICS["boundary"]
                and given & set(_reads(pack, pack.modifiers[rule].when.names))))]


def citations(pack: Pack, entry: Entry) -> list[str]:
    """The rule texts the answer rests on (the seed sentence a question quotes first), and the assumptions it
    relies on."""
    rulings = [sub for _, sub in entry.ruling.groups] if entry.ruling.groups is not None else [entry.ruling]
    if entry.table is not None:
        rulings = [r for _, cells in entry.table.rows for _, r in cells]
    keep = {"applied", "suppressed", "ignored", "clamp", "chart", "reading"}
    asked = set(_asked_about(pack, entry))
    nodes = []
    for r in rulings:
        root = r.explanation
        nodes += [root] if r.automatic or r.impossible or r.then else []
        nodes += [n for child in root.because if child.tag in keep or (child.tag == "failed" and child.claim.split(
            " ")[0] in asked) for _, n in child.lines()]
    # curly quotes around the seed's words: an inch mark inside a quote ('within 4"') cannot end it
    out = [source_title(pack, _curly(n.cite)) for n in nodes if n.cite]
    if entry.quote:
        where = _source_of(pack, entry.quote)
        out.insert(0, f"{where}: \u201c{entry.quote}\u201d" if where else f"\u201c{entry.quote}\u201d")
    if entry.quote and out[0].split(":")[0] != f"\u201c{entry.quote}\u201d".split(":")[0]:
        where = out[0].split(": \u201c")[0]
        out = [out[0], *(c for c in out[1:] if not c.startswith(where + ": "))]
    out = list(dict.fromkeys(out))
    assumptions = dict.fromkeys(a for r in rulings for a in r.assumptions)
    out += [f"Assumption: {pack.assumptions[a].text}" for a in assumptions if a in pack.assumptions]
    return out


def _curly(cite: str) -> str:
    return re.sub(r': "(.*)"$', ": \u201c\\1\u201d", cite)


def _source_of(pack: Pack, quote: str) -> str:
    """Where in the pack's sources a quote is: "roll_to_hit ¶4", or "" when it is not found word for word."""
    for name, source in pack.sources.items():
        for number, text in (source.get("paragraphs") or {}).items():
            if quote.strip() in str(text):
                return f"{source.get('title') or name} \u00b6{number}"
    return ""


def replay(pack: Pack, entry: Entry | dict[str, Any], named: tuple[str, ...] = (), quantity: str = "") -> str:
    """The `rulings ask` command that re-derives the answer; `named` is the pack as the user named it (a path as
    given) and its options (`--with FILE`), shell-quoted; the pack's name by default."""
    data = entry.situation if isinstance(entry, Entry) else entry
    quantity = entry.quantity if isinstance(entry, Entry) else quantity
    flags = [f"--given {shlex.quote(f'{n}={_arg(v)}')}" for n, v in (data.get("given") or {}).items()]
    if data.get("base") is not None:
        flags.append(f"--base {shlex.quote(_arg(data['base']))}")
    if data.get("roll") is not None:
        flags.append(f"--roll {data['roll']}")
    if data.get("target") is not None:
        flags.append(f"--target {shlex.quote(_arg(data['target']))}")
    reading = data.get("reading")
    if isinstance(reading, dict):
        flags += [f"--reading {shlex.quote(f'{n}={o}')}" for n, o in reading.items()]
    where, *options = named or (pack.name,)
    command = " ".join(["rulings ask", where, quantity, *options, *flags])
    rest = {k: v for k, v in data.items() if k not in ("given", "base", "roll", "target")
            and not (k == "reading" and isinstance(reading, dict))}
    if not rest:
        return command
    # what flags cannot say (effects, ignore, unit, readings, groups) goes on standard input: no file to look for
    shown = yaml.safe_dump(rest, sort_keys=False, allow_unicode=True, default_flow_style=None).rstrip()
    return f"{command} --situation - <<'EOF'\n{shown}\nEOF"


def _replays(pack: Pack, entry: Entry, named: tuple[str, ...]) -> list[str]:
    if entry.table is None:
        return [replay(pack, entry, named)]
    return [replay(pack, data, named, entry.quantity) for _, cells in entry.table.rows for data, _ in cells]


def _match_command(pack: Pack, k: KeywordEntry, named: tuple[str, ...]) -> str:
    where, *options = named or (pack.name,)
    shown = yaml.safe_dump(k.situation, sort_keys=False, allow_unicode=True, default_flow_style=None).rstrip()
    return " ".join(["rulings match", where, shlex.quote(k.phrase), *options]) + \
        f" --situation - <<'EOF'\n{shown}\nEOF"


def keyword_answer(k: KeywordEntry) -> str:
    """What `match` says, in a sentence or two."""
    said = f"{'Yes' if k.unit else 'No'}: the phrase means {k.meaning}."
    if k.scope == "model":
        each = ", ".join(f"model {i} {'yes' if ok else 'no'}" for i, ok in enumerate(k.each, 1))
        said += f" A rule for a model applies only to the models that have the keyword: {each}."
    else:
        said += " A unit has every keyword of every one of its models."
    for a, b in k.forms:
        said += f" {a} matched {b}: a keyword's singular and its plural are one keyword."
    for option, unit, default in k.readings:
        said += f" Read as {option}{' (the default)' if default else ''}: {'yes' if unit else 'no'}."
    return said


def faq_command(pack: Pack, named: tuple[str, ...] = ()) -> str:
    """The `rulings faq` command that generates the FAQ again, naming the pack as the user did."""
    return " ".join(["rulings faq", *(named or (pack.name,))])


def faq_json(pack: Pack, entries: list[Entry], named: tuple[str, ...] = (),
             sequences: list[SequenceEntry] | None = None) -> dict[str, Any]:
    """The FAQ as JSON: one object per entry, with its full ruling (an odds table with every cell's); the
    keyword questions; and the questions on whole attacks (`sequences`, each with its whole resolution), asked
    here unless given."""
    doc: dict[str, Any] = {"pack": pack.name, "title": pack.title, "command": faq_command(pack, named), "entries": [
        {"quantity": e.quantity, "topic": e.topic, "question": e.question, "answer": answer_text(e, pack),
         "reasons": reasons(e, pack), "citations": citations(pack, e), "situation": e.situation,
         "situation_text": _said_under(pack, e), "shows": list(e.shows), "command": replay(pack, e, named),
         "ruling": ruling_json(e.ruling),
         **({"table": _table_json(pack, e.table, e.quantity, named)} if e.table is not None else {})} for e in entries]}
    doc["keywords"] = [{"phrase": k.phrase, "question": k.question, "situation": k.situation, "unit": k.unit,
                        "models": list(k.each), "meaning": k.meaning, "answer": keyword_answer(k),
                        "command": _match_command(pack, k, named)} for k in keyword_questions(pack)]
    doc["sequences"] = sequences_json(pack, sequence_faq(pack, entries) if sequences is None else sequences, named)
    return doc


def _table_json(pack: Pack, table: Table, quantity: str, named: tuple[str, ...]) -> dict[str, Any]:
    return {"corner": table.corner, "columns": list(table.columns), "rows": [
        {"label": label, "cells": [{"situation": data, "ruling": ruling_json(r),
                                    "command": replay(pack, data, named, quantity)} for data, r in cells]}
        for label, cells in table.rows]}


def faq_markdown(pack: Pack, entries: list[Entry], named: tuple[str, ...] = (),
                 sequences: list[SequenceEntry] | None = None) -> str:
    """The FAQ as Markdown: a contents list, then one section per quantity and topic, the keyword questions, and
    one section per sequence (a whole attack; its questions asked here unless given)."""
    if sequences is None:
        sequences = sequence_faq(pack, entries)
    lines = [f"# {pack.title}: frequently asked questions", "",
             f"Generated from the `{pack.name}` pack by `{faq_command(pack, named)}`. Every answer is re-derived "
             "by the solver when the FAQ is generated, so it always matches the pack; do not edit this file "
             "by hand.", ""]
    by_quantity: dict[str, list[Entry]] = {}
    for e in entries:
        by_quantity.setdefault(e.quantity, []).append(e)
    keywords = keyword_questions(pack)
    lines.append("## Contents")
    lines.append("")
    for name, group in by_quantity.items():
        text = pack.quantities[name].text
        lines.append(f"- [{_cap(text)}](#{_anchor(text)}) ({count_questions(len(group))})")
        for topic in dict.fromkeys(e.topic for e in group):
            lines.append(f"  - [{topic}](#{_anchor(topic)})")
    if keywords:
        lines.append(f"- [{KEYWORDS}](#{_anchor(KEYWORDS)}) ({count_questions(len(keywords))})")
    for name, attacks in sequence_contents(pack, sequences):
        title = _sequence_heading(pack, name)
        lines.append(f"- [{title}](#{_anchor(title)}) ({count_questions(len(attacks))})")
        for topic in dict.fromkeys(s.topic for s in attacks):
            lines.append(f"  - [{topic}](#{_anchor(topic)})")
    number = 0
    for name, group in by_quantity.items():
        lines += ["", f"## {_cap(pack.quantities[name].text)}"]
        heading: str | None = None
        for e in group:
            if e.topic != heading:
                heading = e.topic
                lines += ["", f"### {heading}"]
            number += 1
            answer = f"**A:** {answer_text(e, pack)}. " + " ".join(reasons(e, pack))
            lines += ["", f"**Q{number}. {e.question}**", ""]
            said = _said_under(pack, e)
            if said:
                lines += [f"*{said}*", ""]
            lines.append(answer.rstrip())
            if e.table is not None:
                lines += ["", *_table_markdown(e.table)]
            cites = citations(pack, e)
            if cites:
                lines.append("")
                lines += [f"> {c}" + ("  " if i < len(cites) - 1 else "") for i, c in enumerate(cites)]
            shown = e.situation if e.table is None else None
            lines += ["", "<details><summary>Situation and replay</summary>", ""]
            if shown is not None:
                lines += ["```yaml", yaml.safe_dump(shown, sort_keys=False, allow_unicode=True).rstrip(), "```", ""]
            lines += ["```", *_replays(pack, e, named), "```", "", "</details>"]
    if keywords:
        lines += ["", f"## {KEYWORDS}"]
        for k in keywords:
            number += 1
            lines += ["", f"**Q{number}. {k.question}**", "", f"**A:** {keyword_answer(k)}"]
            lines += ["", "<details><summary>Replay</summary>", "", "```", _match_command(pack, k, named), "```",
                      "", "</details>"]
    lines += _sequences_markdown(pack, sequences, named, number)
    return "\n".join(_linked(lines)) + "\n"


KEYWORDS = "Keywords: does a rule apply to this unit?"


def _said_under(pack: Pack, e: Entry) -> str:
    """The situation in the facts' words, under a question that does not state it itself (a question a pack
    declares in a player's words); "" for a question written from the facts or an odds table."""
    if e.form or e.table is not None:  # a generated question states its situation itself
        return ""
    return _situations_said(pack, e)


def _situations_said(pack: Pack, e: Entry) -> str:
    q = pack.quantities[e.quantity]
    top = {k: v for k, v in e.situation.items() if k != "groups"}
    said = situation_text(pack, q, top)
    for group in e.situation.get("groups") or []:
        said += f" {group['name'][:1].upper() + group['name'][1:]}: " + situation_text(pack, q, group).rstrip(".") + "."
    return said


def _table_markdown(table: Table) -> list[str]:
    out = [f"| {table.corner} | " + " | ".join(table.columns) + " |", "|" + " --- |" * (len(table.columns) + 1)]
    for label, cells in table.rows:
        shown = [_percent(r.probability) for _, r in cells]
        out.append(f"| {label} | " + " | ".join(shown) + " |")
    return out


def _percent(p: Fraction | None) -> str:
    if p is None:
        return "-"
    return f"{_fraction(p)} ({round(float(p) * 100)}%)"


def faq_examples(pack: Pack, entries: list[Entry], sequences: list[SequenceEntry] = ()) -> str:  # type: ignore[assignment]
    """The FAQ as pack `examples:` YAML, so a published FAQ becomes a regression suite (an odds table gives
    one example per cell; a question on a whole attack expects its outcome's exact mean and chances)."""
    examples = []
    for i, e in enumerate(entries, 1):
        cells = [(e.situation, e.ruling)] if e.table is None else [c for _, row in e.table.rows for c in row]
        for j, (situation, ruling) in enumerate(cells):
            name = f"faq-{i:03d}-{e.quantity}" + (f"-{j + 1}" if e.table is not None else "")
            quote = _quoted(e.quote, citations(pack, e))
            examples.append({"name": name, "quantity": e.quantity, **({"quote": quote} if quote else {}),
                             "situation": situation, "expect": _expect(ruling_json(ruling))})
    for i, s in enumerate(sequences, len(entries) + 1):
        outcome = {"mean": _fraction(mean(s.attack.outcome)),
                   "at_least": {n: _fraction(p) for n, p in at_least(s.attack.outcome).items()}}
        quote = _quoted("", attack_citations(pack, s))
        examples.append({"name": f"faq-{i:03d}-{s.sequence}", "quantity": s.sequence,
                         **({"quote": quote} if quote else {}), "situation": s.situation,
                         "expect": {"outcome": outcome}})
    return yaml.safe_dump({"examples": examples}, sort_keys=False, allow_unicode=True, width=120)


def _quoted(quote: str, cites: list[str]) -> str:
    """An example's `quote`: the rule text the answer rests on (the question's own sentence, else its first
    citation's words), never the question, which is no sentence of the rules."""
    if quote:
        return quote
    found = next((m for c in cites if (m := re.search(r"\u201c(.*)\u201d", c))), None)
    return found.group(1) if found else ""


def _expect(doc: dict[str, Any]) -> dict[str, Any]:
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
    if "groups" in doc:
        expect["groups"] = {g["name"]: _expect(g) for g in doc["groups"]}
    return expect


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _anchor(text: str) -> str:
    return re.sub(r"[^a-z0-9 _-]", "", text.lower()).replace(" ", "-")


def count_questions(n: int) -> str:
    """'1 question', '2 questions'."""
    return "1 question" if n == 1 else f"{n} questions"


_CONTENTS_LINK = re.compile(r"^(\s*- \[)(?P<text>[^\]]+)\]\(#[^)]*\)")


def _linked(lines: list[str]) -> list[str]:
    """The contents' links pointed at the headings they name, each heading's anchor as Markdown renderers make it:
    a heading said again (each section's "Worked examples from the rules") gets -1, -2, ... after its first.

    Examples:
        >>> _linked(["# T", "- [A](#a)", "  - [Worked](#worked)", "- [B](#b)", "  - [Worked](#worked)",
        ...          "## A", "### Worked", "## B", "### Worked"])[1:5]
        ['- [A](#a)', '  - [Worked](#worked)', '- [B](#b)', '  - [Worked](#worked-1)']
    """
    seen: dict[str, int] = {}
    headings: list[tuple[str, str]] = []
    for line in lines:
        if line.startswith("#"):
            text = line.lstrip("#").strip()
            slug = _anchor(text)
            headings.append((text, slug if slug not in seen else f"{slug}-{seen[slug]}"))
            seen[slug] = seen.get(slug, 0) + 1
    out, at = [], 0
    for line in lines:
        found = _CONTENTS_LINK.match(line) if not line.startswith("#") else None
        index = None
        if found is not None:
            index = next((i for i in range(at, len(headings)) if headings[i][0] == found.group("text")), None)
        if found is None or index is None:
            out.append(line)
            continue
        out.append(f"{found.group(1)}{found.group('text')}](#{headings[index][1]})" + line[found.end():])
        at = index + 1
    return out


def _fraction(p: Fraction | None) -> str:
    if p is None:
        return ""
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def _arg(value: Any) -> str:
    return show_value(list(value) if isinstance(value, tuple) else value)


# -- whole attacks (sequences) --------------------------------------------------


@dataclass(frozen=True, slots=True)
class SequenceEntry:
    """One question about a whole attack (a sequence), answered by resolving it (`solver.sequence.resolve`)."""

    sequence: str
    topic: str
    question: str
    situation: dict[str, Any]
    attack: AttackRuling
    answer: str
    reasons: tuple[str, ...]
    shows: tuple[str, ...] = ()
    compared: tuple[tuple[dict[str, Any], AttackRuling], ...] = ()
    """The attack the answer is told from (without the modifier, the change or the event), where it has one."""


def sequence_faq(pack: Pack, entries: list[Entry] | None = None,
                 readings: dict[str, str] | None = None) -> list[SequenceEntry]:
    """The questions about the pack's sequences, each resolved exactly; `entries` are the pack's quantity
    questions (where a step's roll shows a modifier, a cap or a reading), `readings` those the FAQ states.

    Examples:
        >>> from kb.loader import load_pack
        >>> e = sequence_faq(load_pack("skirmish"))[0]
        >>> e.question.endswith("saves on 4+ (printed Save Stat). How many unsaved hits do 6 attacks score?")
        True
        >>> e.answer
        '1.50 (3/2) unsaved hits on average; at least 1: 82.2%, 2: 46.6%, 4: 3.8%, 6: <0.1%'
    """
    from solver.sequence import resolve

    if not pack.sequences:
        return []
    found = list(sequence_questions(pack, entries if entries is not None else faq(pack)))
    out: list[SequenceEntry] = []
    attacks: dict[str, AttackRuling] = {}

    def resolved(name: str, data: dict[str, Any]) -> AttackRuling:  # an attack compared with again and again
        key = json.dumps([name, data], sort_keys=True, default=str)
        if key not in attacks:
            attacks[key] = resolve(pack, name, situation_from_data(data, pack, _where(pack)))
        return attacks[key]

    seen: set[str] = set()
    for q in found:
        data = _stating(pack, q.situation, readings)
        key = yaml.safe_dump([q.sequence, q.kind, data], sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        r = resolved(q.sequence, data)
        if q.kind == "reading" and not r.readings:
            continue
        compared: tuple[tuple[dict[str, Any], AttackRuling], ...] = ()
        if q.compare is not None:
            other = _stating(pack, q.compare, readings)
            compared = ((other, resolved(q.sequence, other)),)
        said = _sequence_said(pack, q.sequence, compared[0][0] if q.kind in ("trigger", "skip") else data)
        question, answer = _sequence_answer(pack, q, r, compared[0][1] if compared else None, said)
        topic = q.topic
        if q.event and q.kind != "reading":  # a question about an event goes under the event's own name
            from explain.sequence import _label

            event = next((e for s in pack.sequences[q.sequence].rolls for e in s.events if e.name == q.event), None)
            topic = _cap(_label(event)) if event is not None else topic
        out.append(SequenceEntry(q.sequence, topic, question, data, r, answer, tuple(attack_reasons(r, pack)),
                                 (q.shows,), compared))
    order = list(dict.fromkeys([SEQUENCE_TOPICS["worked"], *(e.topic for e in out if e.topic not in (
        SEQUENCE_TOPICS["reading"],)), SEQUENCE_TOPICS["reading"]]))
    return sorted(out, key=lambda e: (list(pack.sequences).index(e.sequence), order.index(e.topic)))


def _stating(pack: Pack, data: dict[str, Any], readings: dict[str, str] | None) -> dict[str, Any]:
    """The situation stating the readings the FAQ was asked under that rule one of the sequence's rolls."""
    if not readings:
        return data
    from solver.ask import readings_of

    rolls = {s.roll for seq in pack.sequences.values() for s in seq.rolls}
    mine = {r.name for q in rolls if q in pack.quantities for r in readings_of(pack, pack.quantities[q])}
    chosen = {n: o for n, o in readings.items() if n in mine}
    return {**data, "reading": {**chosen, **(data.get("reading") or {})}} if chosen else data


def _sequence_said(pack: Pack, name: str, data: dict[str, Any]) -> str:
    """The situation of a sequence question in the pack's words: the facts, then each step's target given."""
    given = data.get("given") or {}
    clauses = [_clause(pack.facts[n], given[n]) for n in pack.facts if n in given]
    steps = data.get("sequence") or {}
    for step in pack.sequences[name].steps:
        target = (steps.get(step.name) or {}).get("target")
        if target is not None:
            clauses.append(f"the {_words(step.name)} roll needs {target}+")
    if steps.get("damage") is not None:
        clauses.append(f"each attack's damage is {steps['damage']}")
    if steps.get("models") is not None:
        clauses.append(f"the target unit has {steps['models']} models of {steps.get('wounds')} wounds")
    if not clauses:
        return ""
    text = clauses[0] if len(clauses) == 1 else ", ".join(clauses[:-1]) + " and " + clauses[-1]
    return text[:1].upper() + text[1:] + "."


def _words(name: str) -> str:
    return name.replace("_", " ")


def _changed_said(pack: Pack, change: tuple[dict[str, Any], dict[str, Any] | None] | None) -> str:
    """What a question changes, in the pack's words: "the attacker moved this turn"."""
    if change is None:
        return ""
    given, steps = change
    clauses = [_clause(pack.facts[n], v) for n, v in given.items() if n in pack.facts]
    clauses += [f"the {_words(s)} roll needs {v['target']}+" for s, v in (steps or {}).items()]
    return " and ".join(clauses)


def _outcome_said(r: AttackRuling, chances: bool = True) -> str:
    """The outcome's mean and its key chances: "2 unsaved hits on average; at least 1: 91.2%, 2: 64.9%" (the mean
    alone, without `chances`: a yes/no answer says how much, not a distribution)."""
    from explain.sequence import _count, _key_chances, _noun, _num, _outcome_noun

    m = mean(r.outcome)
    exact = f" ({_fraction(m)})" if 1 < m.denominator < 1000 else ""
    said = f"{_num(m)}{exact} {_noun(m, _outcome_noun(r))} on average"
    if r.destroyed is not None and r.models is not None:
        d = mean(r.destroyed)
        said += f", {_count(d, 'models')} of {r.models} destroyed"
    if not chances:
        return said
    key = _key_chances(r)[0]
    return said + "; " + (key.replace(", at least: ", " at least ") if r.destroyed is not None
                          else re.sub(r"^.*?, at least: ", "at least ", key))


def _readings_said(pack: Pack, r: AttackRuling) -> str:
    """Yes, and the outcome under the default reading, then under each other reading, each by what it means."""
    out = []
    for reading, option, other in r.readings:
        found = pack.readings.get(reading)
        options = dict(found.options) if found is not None else {}
        default = found.default if found is not None else ""
        out.append(f"read the default way ({_lower(options.get(default, default))}), {_outcome_said(r, False)}; "
                   f"read the other way ({_lower(options.get(option, option))}), {_outcome_said(other, False)}")
    return "Yes: " + "; ".join(out)


def _event_chance(r: AttackRuling, step: str, event: str) -> Fraction:
    s = next(x for x in r.steps if x.step.name == step)
    return sum((o.chance for o in s.outcomes if event in o.events), Fraction(0))


def _step_of(r: AttackRuling, step: str) -> tuple[int, Any]:
    return next((i, x) for i, x in enumerate(r.steps) if x.step.name == step)


def _sequence_answer(pack: Pack, q: SequenceQuestion, r: AttackRuling, other: AttackRuling | None,  # noqa: PLR0915
                     said: str) -> tuple[str, str]:
    """The question in words and its answer, told from the resolved attack (and the one it is compared with)."""
    from explain.sequence import _called, _count, _frac, _label, _noun, _num, _results, _rolled

    seq = pack.sequences[q.sequence]
    attacks = _count(mean(r.attacks), "attacks") if len(r.attacks) == 1 else \
        f"{_num(mean(r.attacks))} attacks on average"
    outcome = _noun(2, _called(r.steps[-1])) if r.damage is None else "damage"
    lead = said + " " if said else ""
    if q.kind in ("worked", "reading"):
        how = f"How much damage do {attacks} inflict" if r.damage is not None else \
            f"How many {outcome} do {attacks} score"
        ask_ = f"{how}?" if q.kind == "worked" else f"{how}, and does it matter how the rule is read?"
        answer = _readings_said(pack, r) if r.readings else _outcome_said(r)
        return lead + ask_, answer
    step = next(s for s in seq.steps if any(e.name == q.event for e in s.events))
    event = next(e for e in step.events if e.name == q.event)
    label = _words(_label(event))
    on = f"{'an unmodified ' if event.result == 'unmodified' else 'a result of '}{_results(event.on)}"
    changed = _changed_said(pack, q.change)
    assert other is not None or q.kind == "extra_skip"
    if q.kind == "trigger":
        i, s = _step_of(r, step.name)
        _, s0 = _step_of(other, step.name)  # type: ignore[arg-type]
        a, b = _event_chance(r, step.name, q.event), _event_chance(other, step.name, q.event)  # type: ignore[arg-type]
        ask_ = f"If {changed}, does {label} still happen on {on}, as often?"
        verdict = "Yes" if a == b else "No"
        how = "before modifiers" if event.result == "unmodified" else "after modifiers"
        answer = (f"{verdict}: {label} happens on {on}, {how}: chance {_frac(a)} per die rolled"
                  + (" either way" if a == b else f", {_frac(b)} without it")
                  + f". It changes whether a die {'passes' if s.step.keep == 'passes' else 'is saved'}: "
                  f"chance {_frac(s.kept)} it goes on ({_frac(s0.kept)} without); {_outcome_said(r, False)} "
                  f"(without it: {_num(mean(other.outcome))})")  # type: ignore[union-attr]
        return lead + ask_, answer
    if q.kind == "skip":
        i, s = _step_of(r, q.step)
        _, s0 = _step_of(other, q.step)  # type: ignore[arg-type]
        now, before = _rolled(r), _rolled(other)  # type: ignore[arg-type]
        ask_ = (f"{label[:1].upper() + label[1:]} lets a die skip the {_words(q.step)} roll: does it matter to that "
                f"die if {changed}?")
        if now is None or before is None:
            return lead + ask_, _outcome_said(r, False)
        rolled, skipped = now[i]
        same = skipped == before[i][1]
        noun = _called(r.steps[i - 1]) if i else "dice"
        answer = (f"{'No' if same else 'Yes'}: the {_num(skipped)} {_noun(skipped, noun)} that {label} lets skip it "
                  f"{'goes' if _num(skipped) == '1' else 'go'} on without a roll"
                  f"{' either way' if same else f' ({_num(before[i][1])} without it)'}; "
                  f"the change touches only the {_num(rolled)} rolled: chance {_frac(s.kept)} each goes on "
                  f"({_frac(s0.kept)} without). {_outcome_said(r, False)} "
                  f"(without it: {_num(mean(other.outcome))})")  # type: ignore[union-attr]
        return lead + ask_, answer
    if q.kind in ("extra", "extra_skip"):
        i, s = _step_of(r, q.step)
        counts = _rolled(r)
        noun = _called(r.steps[i - 1])
        if q.kind == "extra":
            ask_ = f"Do the extra {noun} from {label} roll the {_words(q.step)} roll?"
            if counts is None:
                return lead + ask_, _outcome_said(r, False)
            rolled, skipped = counts[i]
            total = mean(s.dice_in)
            answer = (f"Yes: they go on as ordinary {noun}: {_count(total, noun)} on average reach the "
                      f"{_words(q.step)} roll ({_num(mean(other.steps[i].dice_in))} without {label}), "  # type: ignore[union-attr]
                      f"and {_num(rolled)} of them roll it"
                      + (f"; {_num(skipped)} go on without a roll" if skipped else "")
                      + f". {_outcome_said(r, False)} ({_num(mean(other.outcome))} without {label})")  # type: ignore[union-attr]
            return lead + ask_, answer
        skipper = next(e for e in step.events if e.name == q.other)
        other_label = _words(_label(skipper))
        ask_ = (f"Do the extra {noun} from {label} also skip the {_words(q.step)} roll, as the die that scored them "
                f"does ({other_label})?")
        if counts is None:
            return lead + ask_, _outcome_said(r, False)
        rolled, skipped = counts[i]
        _, s_own = _step_of(r, step.name)
        triggered = mean(s_own.dice_in) * _event_chance(r, step.name, skipper.name)
        same = skipped == triggered
        answer = (f"{'No' if same else 'Yes'}: {'only the die that scored them does' if same else 'they do'}: "
                  f"{_num(skipped)} {_noun(skipped, noun)} {'goes' if _num(skipped) == '1' else 'go'} on without a "
                  f"roll ({other_label}) and {_num(rolled)} "
                  f"roll the {_words(q.step)} roll, the extra {noun} among them. {_outcome_said(r, False)}")
        return lead + ask_, answer
    if q.kind == "carry_over":
        ask_ = (f"When a model is destroyed, does the rest of the damage of a die that scores {label} go on to the "
                "next model?")
        lost = "carries over" if seq.carry_over else "is lost"
        answer = (f"Yes: its damage comes last, after every other attack's, and what a destroyed model does not take "
                  f"carries over to the next; the rest of any other attack's damage {lost}. {_outcome_said(r, False)} "
                  f"({_num(mean(other.destroyed or {}))} models destroyed without {label})")  # type: ignore[union-attr]
        return lead + ask_, answer
    damage = next((d for e, _, d in next(s for s in r.steps if s.step.name == step.name).events
                   if e.name == q.event), None)
    ask_ = f"How much damage does a die that scores {label} inflict?"
    answer = (f"{damage}, instead of the attack's own damage. {_outcome_said(r, False)} "
              f"({_num(mean(other.outcome))} without {label})")  # type: ignore[union-attr]
    return lead + ask_, answer


def attack_reasons(r: AttackRuling, pack: Pack) -> list[str]:
    """The attack step by step, as `rulings ask` says it: the attacks, each step with what made its chance and
    the events it sets off, the roll for each point of damage, and the damage (the quotes are its citations)."""
    from explain.sequence import (
        _attacks,
        _called,
        _damage_line,
        _decides,
        _event_lines,
        _marked,
        _point_line,
        _rolled,
        _skipped_by,
        _step_line,
    )

    def why(step: Any) -> list[str]:
        if step.ruling is None:
            return []
        return ["  " * (line.depth - 1) + _marked(line) for line in faq_lines(pack, step.ruling)
                if line.tag not in ("note", "assumption") and (line.tag != "step" or _decides(line.text))]

    def named(line: str, step: Any) -> str:  # "hit: 6 dice ...", not "hit (hit_roll): 6 dice ..."
        return line.replace(f"{step.step.name} ({step.step.roll}):", f"{step.step.name}:", 1)

    out = [_attacks(r)]
    counts = _rolled(r)
    before = "dice"
    for i, step in enumerate(r.steps):
        out.append(named(_step_line(step, before, counts[i] if counts else None, _skipped_by(r, i)), step))
        out += ["  " + x for x in why(step)]
        out += ["  " + x.strip() for x in _event_lines(step) if not x.startswith("        ")]
        before = _called(step)
    if r.damage is not None:
        if r.point is not None:
            out.append(named(_point_line(r.point), r.point))
            out += ["  " + x for x in why(r.point)]
        out.append(_damage_line(r))
    return list(dict.fromkeys(scrub(pack, x) for x in out))


def attack_citations(pack: Pack, e: SequenceEntry) -> list[str]:
    """The rule texts an attack's answer rests on: the sequence's and each step's sentence, each event's in force,
    what made each step's chance, then the assumptions."""
    from explain.brief import brief_lines

    r = e.attack
    seq = r.sequence
    cites: list[Any] = [seq.cite]
    for s in (*r.steps, *((r.point,) if r.point is not None else ())):
        cites.append(s.step.cite)
        cites += [ev.cite for ev, _, _ in s.events]
        if s.ruling is not None:
            cites += [line.cite for line in brief_lines(s.ruling, pack)[1:]
                      if line.tag not in ("note", "assumption")]
    out = [source_title(pack, _curly(str(c))) for c in cites if c]
    out = list(dict.fromkeys(out))
    out += [f"Assumption: {pack.assumptions[a].text}" for a in r.assumptions if a in pack.assumptions]
    return out


def sequence_replay(pack: Pack, name: str, data: dict[str, Any], named: tuple[str, ...] = ()) -> str:
    """The `rulings ask PACK SEQUENCE --given ... --step ...` command that resolves the attack again."""
    flags = [f"--given {shlex.quote(f'{n}={_arg(v)}')}" for n, v in (data.get("given") or {}).items()]
    for key, value in (data.get("sequence") or {}).items():
        if isinstance(value, dict):
            flags += [f"--step {shlex.quote(f'{key}.{k}={_arg(v)}')}" for k, v in value.items()]
        else:
            flags.append(f"--step {shlex.quote(f'{key}={_arg(value)}')}")
    reading = data.get("reading") or {}
    flags += [f"--reading {shlex.quote(f'{n}={o}')}" for n, o in reading.items()] if isinstance(reading, dict) else []
    where, *options = named or (pack.name,)
    return " ".join(["rulings ask", where, name, *options, *flags])


def _sequence_replays(pack: Pack, e: SequenceEntry, named: tuple[str, ...]) -> list[str]:
    return [sequence_replay(pack, e.sequence, e.situation, named),
            *(sequence_replay(pack, e.sequence, data, named) for data, _ in e.compared)]


def _sequence_heading(pack: Pack, name: str) -> str:
    seq = pack.sequences[name]
    return _cap(seq.text or _words(name))


def sequences_json(pack: Pack, entries: list[SequenceEntry], named: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The sequence questions as JSON: each with its answer, reasons, citations, replay and whole resolution
    (`explain.sequence.sequence_json`), and the attack it is told from."""
    from explain.sequence import sequence_json

    return [{"sequence": e.sequence, "heading": _sequence_heading(pack, e.sequence), "topic": e.topic,
             "question": e.question, "answer": e.answer, "reasons": list(e.reasons),
             "citations": attack_citations(pack, e), "situation": e.situation, "shows": list(e.shows),
             "command": sequence_replay(pack, e.sequence, e.situation, named), "attack": sequence_json(e.attack),
             "compared": [{"situation": data, "command": sequence_replay(pack, e.sequence, data, named),
                           "attack": sequence_json(other)} for data, other in e.compared]} for e in entries]


def _sequences_markdown(pack: Pack, entries: list[SequenceEntry], named: tuple[str, ...], number: int) -> list[str]:
    lines: list[str] = []
    shown = None
    heading = None
    for e in entries:
        if e.sequence != shown:
            shown, heading = e.sequence, None
            lines += ["", f"## {_sequence_heading(pack, e.sequence)}"]
        if e.topic != heading:
            heading = e.topic
            lines += ["", f"### {heading}"]
        number += 1
        lines += ["", f"**Q{number}. {e.question}**", "", f"**A:** {e.answer}.", ""]
        lines += [f"- {x}" if not x.startswith("  ") else f"  - {x.strip()}" for x in e.reasons]
        cites = attack_citations(pack, e)
        if cites:
            lines.append("")
            lines += [f"> {c}" + ("  " if i < len(cites) - 1 else "") for i, c in enumerate(cites)]
        lines += ["", "<details><summary>Situation and replay</summary>", "", "```yaml",
                  yaml.safe_dump(e.situation, sort_keys=False, allow_unicode=True).rstrip(), "```", "",
                  "```", *_sequence_replays(pack, e, named), "```", "", "</details>"]
    return lines


def sequence_contents(pack: Pack, entries: list[SequenceEntry]) -> list[tuple[str, list[SequenceEntry]]]:
    """The sequence questions grouped by sequence, in the pack's order."""
    out: dict[str, list[SequenceEntry]] = {}
    for e in entries:
        out.setdefault(e.sequence, []).append(e)
    return list(out.items())

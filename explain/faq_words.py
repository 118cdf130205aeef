"""How a generated FAQ entry is worded: a player's question, an answer that leads with the chance or the yes/no,
and reasons in the pack's words.

A question is asked in the form its ruling answers (`form_of`): how the situation changes the roll or the
value, whether two rules both count, whether a cap lets the full modifier through, whether a rule applies at
its boundary, whether a roll is needed, whether the reading matters. The answer leads with the yes or no a
yes/no question asks, then the chance (a roll's chance and what it needs on the die, never a dice expression
for a roll), and the reasons say what counted and why from the facts' and rules' `text`: no fact, rule,
policy or quantity id reaches the page (`scrub` is the last guard). A distribution is printed only where the
question is about odds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from kb.model import Pack, Quantity
from solver.ruling import Ruling

FORMS = ("change", "passes", "roll", "both", "full", "limit", "chart", "applies", "reading", "choice")
"""How a generated question asks: what changes (the default), a roll already made, whether a roll is needed,
whether two rules both count, whether a cap lets the full modifier through, whether a limit holds, whether a
score past the die still succeeds, whether a rule applies, whether the reading matters, whether to ignore."""

YES_NO = ("passes", "roll", "both", "full", "limit", "chart", "applies", "reading", "choice")

_ODDS_WORDS = re.compile(r"\b(how likely|how often|odds|each total|distribution)\b", re.IGNORECASE)
_DISTRIBUTION = re.compile(r"-?\d+ \(\d+(?:/\d+)?\)")
_DICE = re.compile(r"^\d*D\d+(?: ?[+-]\d+)?$")


def is_odds_question(question: str) -> bool:
    """Whether a question asks for odds, so its answer may list a distribution."""
    return bool(_ODDS_WORDS.search(question))


def is_distribution(text: str) -> bool:
    """Whether a line lists a distribution ("1 (1/6), 2 (1/6), ..."): two or more results with their chances."""
    return len(_DISTRIBUTION.findall(text)) >= 2


# -- names ----------------------------------------------------------------------------


def rule_label(pack: Pack, name: str) -> str:
    """A rule (or policy, or ad-hoc effect) as the pack words it: its `text`, else its name in words.

    Examples:
        >>> from kb.loader import load_pack
        >>> rule_label(load_pack("wh40k"), "big_guns_never_tire"), rule_label(load_pack("fantasy"), "soft_cover")
        ('Big Guns Never Tire', 'soft cover')
    """
    m = pack.modifiers.get(name)
    if m is not None and m.text:
        return m.text
    p = pack.policies.get(name) or next((p for p in pack.policies.values() if p.label == name), None)
    if p is not None and p.text:
        return p.text
    return name.replace("_", " ")


def quantity_label(pack: Pack, name: str) -> str:
    q = pack.quantities.get(name)
    return q.text if q is not None and q.text else name.replace("_", " ")


def machine_names(pack: Pack) -> set[str]:
    """The pack's ids that are plainly not words (they hold `_` or `.`): what `scrub` keeps off the page."""
    names = {*pack.facts, *pack.modifiers, *pack.policies, *pack.quantities, *pack.assumptions, *pack.readings,
             *pack.sequences, *pack.sources}
    names |= {o for r in pack.readings.values() for o, _ in r.options}
    names |= {e.name for s in pack.sequences.values() for step in s.rolls for e in step.events}
    return {n for n in names if "_" in n or "." in n}


def scrub(pack: Pack, text: str) -> str:
    """Every id of the pack left in a sentence, put in words: a rule's label, a quantity's text, a fact's noun."""
    names = machine_names(pack)
    if not names or not re.search(r"[_.]\w", text):
        return text

    def said(m: re.Match[str]) -> str:
        name = m.group(0)
        if name not in names:
            return name
        if name in pack.quantities:
            return quantity_label(pack, name)
        if name in pack.facts:
            from explain.english import noun

            return noun(pack.facts[name])
        if name in pack.sources:
            return str(pack.sources[name].get("title") or name.replace("_", " "))
        for r in pack.readings.values():
            for option, words in r.options:
                if name == option:
                    return words
        return rule_label(pack, name)

    return re.sub(r"(?<![\w.])[A-Za-z][\w]*(?:\.[A-Za-z_]\w*)*", said, text)


def source_title(pack: Pack, cite: str) -> str:
    """A citation with its source's title for its id: 'Roll to Hit ¶4: “...”', not 'roll_to_hit ¶4: ...'."""
    found = re.match(r"^([\w.-]+) \u00b6([\w.-]+)", cite)
    if found is None or found.group(1) not in pack.sources:
        return cite
    title = str(pack.sources[found.group(1)].get("title") or found.group(1))
    paragraph = found.group(2).replace("_", " ")  # a paragraph named, not numbered: in words
    return f"{title} \u00b6{paragraph}" + cite[found.end():]


# -- questions ---------------------------------------------------------------------------


def form_of(pack: Pack, shows: str, data: Mapping[str, Any], r: Ruling) -> str:
    """How a generated question asks, from what it shows and what its ruling holds."""
    kind, _, rest = shows.partition(":")
    if kind == "automatic" and r.automatic:
        return "roll"
    if kind == "policy" and rest in pack.policies:
        p = pack.policies[rest]
        if p.kind in ("exclusive", "override") and r.suppressed:
            return "both"
        if p.kind == "choice" and r.choice is not None:
            return "choice"
        if p.kind == "cap" and r.clamped and isinstance(r.clamped[0].before, int):
            return "full"
        if p.kind == "clamp" and r.clamped:
            return "limit"
    if kind == "chart" and (r.then is not None or r.impossible):
        return "chart"
    if kind == "chain":
        return "applies"
    if kind == "reading" and r.readings:
        return "reading"
    if data.get("roll") is not None and "passed" in dict(r.extra):
        return "passes"
    return "change"


def situation_words(pack: Pack, q: Quantity, data: Mapping[str, Any]) -> str:
    """The situation in the pack's words, one sentence: "A brace roll needs 4+ and the weapon has Breach 1."."""
    from explain.faq import _clause

    clauses = []
    target = data.get("target")
    if target is not None:
        shown = f"{target}+" if isinstance(target, int) and _one_die(q) else \
            f"{target} or more" if isinstance(target, int) else str(target)
        clauses.append(f"{q.text} needs {shown}")
    if data.get("base") is not None:
        clauses.append(f"{q.text} is {data['base']} before modifiers")
    given = data.get("given") or {}
    clauses += [_clause(pack.facts[n], given[n]) for n in pack.facts if n in given]
    for effect in data.get("effects") or []:
        name, op = (effect.get("name"), effect["op"]) if isinstance(effect, dict) else (None, effect)
        clauses.append(f"{name or 'a rule'} {_effect(str(op))}")
    weapons = data.get("weapons")
    if isinstance(weapons, list):
        clauses.append(f"weapons of {q.name} {_join(str(w) for w in weapons)} make the attacks")
    elif weapons is not None:
        clauses.append(f"{weapons} identical weapons make the attacks")
    if data.get("roll") is not None:
        clauses.append(f"the roll is {data['roll']}")
    rerolls = data.get("reroll")
    for reroll in [rerolls] if isinstance(rerolls, str) else rerolls or []:
        clauses.append({"ones": "rolls of 1 are re-rolled", "failed": "a failed roll is re-rolled",
                        "all": "any roll may be re-rolled"}.get(reroll, f"re-roll: {reroll}"))
    if data.get("unmodified") is not None:
        clauses.append(f"an unmodified {data['unmodified']} matters")
    if data.get("unit"):
        kinds = ["[" + ", ".join(m["keywords"]) + "]" for m in data["unit"]["models"]]
        clauses.append("the unit's models have keywords " + ", ".join(kinds))
    if data.get("ignore") is not None:
        clauses.append("the player ignores " + (", ".join(rule_label(pack, n) for n in data["ignore"]) or "nothing"))
    if data.get("reading"):
        clauses += _readings_said(pack, data["reading"])
    if not clauses:
        return ""
    text = clauses[0] if len(clauses) == 1 else ", ".join(clauses[:-1]) + " and " + clauses[-1]
    # a reading's words may end a sentence of their own
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _readings_said(pack: Pack, reading: Any) -> list[str]:
    chosen = reading.items() if isinstance(reading, dict) else (
        (r.name, reading) for r in pack.readings.values() if reading in dict(r.options))
    out = []
    for name, option in chosen:
        r = pack.readings.get(name)
        words = dict(r.options).get(option, option) if r is not None else option
        out.append(f"\u201c{r.sentence}\u201d is read as: {words}" if r is not None else f"the text is read as {words}")
    return out


def _effect(op: str) -> str:
    """An ad-hoc effect in words: "gives +1", "sets it to 0", "doubles it"."""
    if op.startswith("="):
        return f"sets it to {op[1:]}"
    if op.startswith("x"):
        return "doubles it" if op == "x2" else f"multiplies it by {op[1:]}"
    if op.startswith("/"):
        return "halves it" if op == "/2" else f"divides it by {op[1:]}"
    return f"gives {op}"


def question_words(pack: Pack, q: Quantity, form: str, data: Mapping[str, Any], r: Ruling, shows: str) -> str:
    """The question a player asks about the situation, in the form its ruling answers; never "What is X?"."""
    said = situation_words(pack, q, data)
    ask = _ask(pack, q, form, data, r, shows)
    return f"{said} {ask}" if said else ask


def _ask(pack: Pack, q: Quantity, form: str, data: Mapping[str, Any], r: Ruling, shows: str) -> str:
    if form == "roll":
        return "Is a roll needed?"
    if form == "passes":
        return "Does the roll succeed?"
    if form == "both":
        rules = list(dict.fromkeys(x for s in r.suppressed for x in (s.by, s.rule)))
        labels = [rule_label(pack, x) for x in rules]
        return f"Do both {labels[0]} and {labels[1]} count?" if len(labels) == 2 else \
            f"Do {', '.join(labels[:-1])} and {labels[-1]} all count?"
    if form == "full":
        return f"Does {q.text} take the full {r.clamped[0].before:+d}?"
    if form == "limit":
        c = r.clamped[0]
        before = f"{c.before}+" if q.kind == "score" and isinstance(c.before, int) else str(c.before)
        return f"Can {q.text} be {before}?"
    if form == "chart":
        return "Is a success still possible?"
    if form == "applies":
        return f"Does {subject_label(pack, q, shows)} apply?"
    if form == "reading":
        sentence = next((pack.readings[o.reading].sentence for o in r.readings or () if o.reading in pack.readings), "")
        return f"Does it matter how \u201c{sentence}\u201d is read?" if sentence else \
            "Does it matter how the rule is read?"
    if form == "choice":
        return "Is it better to ignore any of the modifiers?"
    if data.get("base") is not None:
        return "How do the rules change it?"
    if data.get("roll") is not None:
        return "What does the roll end as?"
    if q.kind in ("roll", "total") and r.probability is not None:
        return "How does that change the chance?"
    if not (data.get("given") or data.get("effects")):
        return f"What does {q.text} come to when no rule applies?"
    return f"How does that change {q.text}?"


def subject_label(pack: Pack, q: Quantity, shows: str) -> str:
    """The rule a boundary question is about: the rule itself, or the rule that reads the derived fact."""
    subject = shows.split(":")[1] if ":" in shows else shows
    if subject in pack.modifiers:
        return _rule_with_change(pack, subject)
    for m in pack.modifiers_of(q.name):
        from solver.facts import _reads

        if subject in m.when.names or subject in set(_reads(pack, m.when.names)):
            return _rule_with_change(pack, m.name)
    return subject.replace("_", " ")


def _rule_with_change(pack: Pack, name: str) -> str:
    """"the -1 for lone model", "Heavy": a rule with no text of its own is named with its change."""
    m = pack.modifiers[name]
    change = f"{m.op}{m.amount.text}" if m.amount._tree[0] == "c" and m.op in "+-" else ""
    return f"the {change} for {rule_label(pack, name)}" if re.fullmatch(r"[+-]\d+", change) else rule_label(pack, name)


def topic_of(pack: Pack, q: Quantity, shows: str, default: str) -> str:
    """The topic an entry goes under: what the rule text it is about is about (a rule's own words, the pair a
    non-stacking rule settles), else `default` (limits, charts, examples, assumptions)."""
    from explain.faq_questions import TOPICS

    kind, _, rest = shows.partition(":")
    if kind == "modifier" and rest in pack.modifiers:
        return _cap(rule_label(pack, rest))
    if kind == "chain":
        label = subject_label(pack, q, shows)
        return _cap(re.sub(r"^the [+-]\d+ for ", "", label))
    if kind == "policy" and rest in pack.policies:
        p = pack.policies[rest]
        if p.kind in ("cap", "clamp"):
            return TOPICS["limit"]
        rules = p.rules if p.kind == "exclusive" else (*((p.rule,) if p.rule else ()), *p.over)
        if p.kind in ("exclusive", "override") and rules:
            labels = list(dict.fromkeys(rule_label(pack, x) for x in rules))
            return _cap(labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1])
        if p.kind == "choice":
            return TOPICS["choice"]
    if kind == "reading" and rest in pack.readings:
        tied = [m for m in pack.modifiers_of(q.name) if any(n == rest for n, _ in m.under)]
        if tied:
            return _cap(rule_label(pack, tied[0].name))
    return default


# -- answers ---------------------------------------------------------------------------------


def value_words(r: Ruling, q: Quantity, *, dice: bool = True) -> str:
    """The ruling's value as a player wants it: a roll's chance (and what it needs on the die), a score with its
    chance, a dice value's results and mean (without its dice expression unless `dice`); never a dice expression
    for a roll."""
    if r.groups is not None:
        return "; ".join(f"{name}: {value_words(sub, q, dice=dice)}" for name, sub in r.groups)
    if r.automatic:
        return "no roll is needed: it succeeds automatically"
    extra = dict(r.extra)
    if "passed" in extra:
        ends = f", ending as {r.value}" if r.value is not None else ""
        return f"it {'succeeds' if extra['passed'] else 'fails'}{ends}"
    if q.kind in ("roll", "total"):
        change = _roll_change(r)
        if r.probability is not None:
            if r.probability == 0:
                return "it can never succeed (chance 0)" + (f"; {change}" if change else "")
            parts = [x for x in (_die_needed(r, q), change) if x]
            return f"chance {_fraction(r.probability)}" + (f" ({', '.join(parts)})" if parts else "")
        if r.value is not None:
            return f"{r.value}" + (f" ({change})" if change else "")
        return change or "no modifier to the roll"
    if r.then is not None:
        return f"a 6, then {r.then}+ on a second die (chance {_fraction(r.probability)})"
    if r.impossible:
        return f"a score of {r.display.split(':')[0]} cannot succeed (chance 0)"
    said = _dice_words(r, q)
    if said:
        return said if dice else said.split(": ", 1)[-1]
    chance = f" (chance {_fraction(r.probability)})" if r.probability is not None else ""
    return f"{r.display}{chance}"


def _roll_change(r: Ruling) -> str:
    if r.modifier is None:
        return ""
    return f"{r.modifier:+d} to the roll" if r.modifier else "no modifier to the roll"


def _die_needed(r: Ruling, q: Quantity) -> str:
    """What one D6 must show, where the chance says it plainly: "5+ on the die", "only a 6"."""
    if q.dice != "D6" or r.probability is None:
        return ""
    six = r.probability * 6
    if six.denominator != 1 or not 0 < six < 6:
        return ""
    k = int(six)
    return "only a 6 succeeds" if k == 1 else f"{7 - k}+ on the die"


def _dice_words(r: Ruling, q: Quantity) -> str:
    """A random value's results and mean: "D3+1: 2, 3 or 4, 3 on average"."""
    extra = dict(r.extra)
    dist, mean = extra.get("distribution"), extra.get("mean")
    if q.kind != "characteristic" or not dist or mean is None:
        return ""
    results = [str(k) for k in sorted(dist, key=lambda k: int(k) if str(k).lstrip("-").isdigit() else 0)]
    said = results[0] if len(results) == 1 else ", ".join(results[:-1]) + " or " + results[-1]
    value = str(r.value if r.value is not None else r.display.split(":")[0]).replace(" ", "")
    m = Fraction(str(mean))
    shown = str(m.numerator) if m.denominator == 1 else f"{float(m):.2f}".rstrip("0").rstrip(".") + f" ({m})"
    return f"{value}: {said}, {shown} on average"


def lead(pack: Pack, q: Quantity, form: str, r: Ruling, baseline: Ruling | None, shows: tuple[str, ...]) -> str:
    """The answer's first words: the yes or no a yes/no question asks, then the value or the chance; what a
    change made of the value it had without it."""
    now = value_words(r, q, dice=form not in YES_NO)
    if form == "roll":
        return "No: it succeeds automatically"
    if form == "passes":
        return f"{'Yes' if dict(r.extra).get('passed') else 'No'}: {now}"
    if form == "both":
        winners = list(dict.fromkeys(rule_label(pack, s.by) for s in r.suppressed))
        return f"No: only {' and '.join(winners)} {'counts' if len(winners) == 1 else 'count'}; {now}"
    if form == "full":
        c = r.clamped[0]
        return f"No: {c.after:+d}, not {c.before:+d}; {now}"
    if form == "limit":
        return f"No: {now}"
    if form == "chart":
        return f"{'No' if r.impossible else 'Yes'}: {now}"
    if form == "applies":
        subject = next((s.split(":")[1] for s in shows if s.startswith("chain:")), "")
        rules = {a.rule for a in r.applied} | {s.rule for s in r.suppressed}
        applies = subject in rules or bool(rules & _rules_reading(pack, q, subject))
        return f"{'Yes' if applies else 'No'}: {now}"
    if form == "reading":
        others = [o for o in r.readings or () if not o.default]
        other = "; ".join(value_words(o.ruling, q) for o in others)
        return f"Yes: {now} as the default reads it, {other} the other way" if other else f"Yes: {now}"
    if form == "choice":
        ignored = [rule_label(pack, x) for x in r.ignored]
        return f"Yes: ignore {', '.join(ignored)}; {now}" if ignored else f"No: {now}"
    if form == "change" and baseline is not None and baseline.cases is None:
        return _changed(r, baseline, q, now)
    return _cap(now)


def _changed(r: Ruling, before: Ruling, q: Quantity, now: str) -> str:
    was = value_words(before, q)
    if was == now:
        return _cap(now) + ", as without it"
    if q.kind == "characteristic" and was.split(": ", 1)[-1] == now.split(": ", 1)[-1]:
        return _cap(now) + f", the same as {was.split(': ', 1)[0]} alone"
    if q.kind in ("roll", "total") and r.probability is not None and before.probability is not None \
            and "passed" not in dict(r.extra):
        parts = [x for x in (_die_needed(r, q), _roll_change(r)) if x]
        return (f"Chance {_fraction(r.probability)} instead of {_fraction(before.probability)}"
                + (f" ({', '.join(parts)})" if parts else ""))
    if q.kind == "score" and r.probability is not None and before.probability is not None and r.then is None \
            and before.then is None and not r.impossible:
        return (f"{r.display} instead of {before.display} (chance {_fraction(r.probability)} instead of "
                f"{_fraction(before.probability)})")
    return f"{_cap(now)}, instead of {was}"


def _rules_reading(pack: Pack, q: Quantity, subject: str) -> set[str]:
    from solver.facts import _reads

    return {m.name for m in pack.modifiers_of(q.name)
            if subject in m.when.names or subject in set(_reads(pack, m.when.names))}


# -- reasons -------------------------------------------------------------------------------------


def faq_lines(pack: Pack, r: Ruling, *, odds: bool = False) -> list[Any]:
    """The brief ruling's reasons (`explain.brief.brief_lines`) as a published FAQ says them: each rule by what
    made it count, a rule that lost or a limit by its own words, the readings by what each means, no ids, and
    no distribution unless the question is about odds."""
    from explain.brief import Line, brief_lines

    q = pack.quantities[r.quantity]
    values = r.values or {}
    out: list[Any] = []
    suppressed = iter(r.suppressed)
    clamps = iter(r.clamped)
    readings_done = False
    for line in brief_lines(r, pack)[1:]:
        text = line.text
        if line.tag == "applied" and text.startswith("because "):
            text = "the roll is skipped " + text
        elif line.tag == "applied":
            text = _applied(pack, r, text, values)
        elif line.tag == "suppressed":
            text = _suppressed(pack, next(suppressed, None), text)
        elif line.tag == "clamp":
            c = next(clamps, None)
            text = _clamp(pack, q, c) if c is not None else text
        elif line.tag == "chart":
            text = re.sub(r" \(assumes [\w.]+\)$", "", text)
        elif line.tag == "step":
            if not odds and (is_distribution(text) or re.match(r"at least \d+: chance ", text)):
                continue  # the chance leads the answer; a distribution only where the question is about odds
            text = re.sub(rf"^start: {re.escape(q.name)} ", "start: ", text)
        elif line.tag == "failed":
            name = text.split(" ", 1)[0]
            if name in pack.modifiers:
                text = _cap(rule_label(pack, name)) + text[len(name):]
        elif line.tag == "ignored":
            text = _ignored(pack, r, q, text)
        elif line.tag == "note" and line.depth == 2 and text.startswith(("instead:", "the best choice")):
            text = _alternatives(pack, r, q, text)
        elif line.tag == "note" and text.startswith("no roll is made, so "):
            text = _moot(pack, q, values)
        elif line.tag == "reading" or (line.tag == "note" and line.depth == 2):
            if not readings_done and r.readings:
                readings_done = True
                out += [Line(1, "reading", x) for x in reading_sentences(pack, r, q)]
            continue
        elif line.tag in ("assumption", "case", "group", "value") or (
                line.tag == "note" and text.startswith("not shown")):
            continue
        out.append(Line(line.depth, line.tag, scrub(pack, text), line.cite))
    steps = [x for x in out if x.tag == "step"]
    if len(steps) == 1 and steps[0].text.startswith("start: ") and not steps[0].cite:
        out.remove(steps[0])  # "Start: D3" and nothing after it: the question has said so
    return out


def _suppressed(pack: Pack, s: Any, text: str) -> str:
    """A rule a policy suppressed, and the one that counted instead, by their words and the policy's."""
    if s is None:
        return text
    policy = pack.policies.get(s.policy)
    why = f" ({policy.text})" if policy is not None and policy.text else ""
    return f"{rule_label(pack, s.rule)} does not count; only {rule_label(pack, s.by)} does{why}"


def _moot(pack: Pack, q: Quantity, values: Mapping[str, Any]) -> str:
    """The rules whose conditions hold but that no roll is made for, by their conditions."""
    from explain.english import say

    moot = [m for m in pack.modifiers_of(q.name) if m.when.names <= values.keys() and _holds(m.when, values)]
    return "no roll is made, so it does not matter that " + _join([say(pack, m.when, values) for m in moot])


def _holds(when: Any, values: Mapping[str, Any]) -> bool:
    from kb.expr import evaluate

    try:
        return evaluate(when, values) is True
    except Exception:
        return False


def _applied(pack: Pack, r: Ruling, text: str, values: Mapping[str, Any]) -> str:
    """"-1 moved: the shooter moved this turn" as "-1 because the shooter moved this turn"."""
    from explain.english import say

    for a in r.applied:
        m = pack.modifiers.get(a.rule)
        found = re.match(rf"^(.*?) {re.escape(a.rule)}(?:: (.*))?$", text)
        if m is None or found is None:
            continue
        why = say(pack, m.when, values)
        head = found.group(1)
        return f"{head} because {why}" if why != "always" else f"{head} for {rule_label(pack, a.rule)}"
    return text


def _clamp(pack: Pack, q: Quantity, c: Any) -> str:
    """A cap or a limit that bit, in the policy's own words."""
    named = [p for p in pack.policies_of(q.name) if (p.label or p.name) == c.rule and p.kind in ("cap", "clamp")]
    policy = named[0] if named else None
    words = _cap(policy.text) if policy is not None and policy.text else ""
    if policy is not None and policy.kind == "cap" and isinstance(c.before, int):
        return f"{words or 'The cap on the net modifier'}: the net modifier {c.before:+d} becomes {c.after:+d}"
    before, after = c.before, c.after
    if policy is not None and policy.max is not None and isinstance(before, int) and isinstance(after, int) \
            and after == 0 and before > 0 and q.kind == "characteristic":
        before = f"{before:+d}"  # a value that cannot be above 0 (AP) went above it: "+1 becomes 0"
    if q.kind in ("roll", "total"):
        return f"{words or _cap(q.text) + ' is held at ' + str(after)}: a result of {before} becomes {after}"
    return f"{words or _cap(q.text) + ' is held at ' + str(after)}: {before} becomes {after}"


def _ignored(pack: Pack, r: Ruling, q: Quantity, text: str) -> str:
    choice = r.choice
    if choice is None:
        return text
    chosen = ", ".join(rule_label(pack, x) for x in choice.ignored) or "nothing"
    policy = choice.policy
    who = "the situation chose" if choice.explicit else f"{policy.chooser} chose the best option"
    return f"ignored: {chosen} ({who}: {policy.text or 'a permitted choice'})"


def _alternatives(pack: Pack, r: Ruling, q: Quantity, text: str) -> str:
    """A choice's alternatives with each rule's label, a roll's as its modifier rather than a dice expression."""
    names = sorted({*(x for a in (r.choice.alternatives if r.choice else ()) for x in a.ignored)}, key=len,
                   reverse=True)
    for name in names:
        text = re.sub(rf"(?<![\w.]){re.escape(name)}(?![\w])", rule_label(pack, name), text)
    if q.kind in ("roll", "total"):
        text = re.sub(r"\b\d*D\d+([+-]\d+)?\b(?!\+)",
                      lambda m: f"{int(m.group(1)):+d} to the roll" if m.group(1) else "no modifier", text)
    return text


def reading_sentences(pack: Pack, r: Ruling, q: Quantity) -> list[str]:
    """Each reading of an ambiguous sentence and what it gives, the default first: what it means, never its id."""
    out = []
    used = {c.claim for _, n in r.explanation.lines() if n.tag == "reading" for c in n.because
            if c.claim.endswith("(used)")}
    for name in dict.fromkeys(o.reading for o in r.readings or ()):
        reading = pack.readings[name]
        where = source_title(pack, f"{reading.cite.source} \u00b6{reading.cite.paragraph}") if reading.cite else ""
        count = {2: "two", 3: "three", 4: "four"}.get(len(reading.options), str(len(reading.options)))
        out.append(f"The text can be read {count} ways: \u201c{reading.sentence}\u201d"
                   + (f" ({where})" if where else ""))
        options = sorted((o for o in r.readings or () if o.reading == name), key=lambda o: not o.default)
        for o in options:
            here = any(c.startswith(f"reading {o.option!r}") for c in used)
            how = "Read the default way" if o.default else "Read the other way" if len(options) == 2 else "Read"
            note = ", as here" if here and len(options) > 1 else ""
            out.append(f"{how}{note} ({_lower(dict(reading.options)[o.option])}): {value_words(o.ruling, q)}")
    return out


# -- helpers ------------------------------------------------------------------------------------


def _one_die(q: Quantity) -> bool:
    return q.kind == "score" or re.fullmatch(r"D\d+", str(q.dice or "D6")) is not None


def _join(parts: Iterable[str]) -> str:
    items = list(parts)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else "nothing"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower(text: str) -> str:
    """A sentence put inside another: its determiner lowered ("A spotted target" -> "a spotted target"), a name
    kept ("Flanked and ..."), its last full stop dropped."""
    first = text.split(" ", 1)[0]
    text = text.rstrip().removesuffix(".")
    return text[:1].lower() + text[1:] if first in _DETERMINERS else text


_DETERMINERS = {"A", "An", "The", "Each", "Every", "Any", "One", "No", "All", "Its", "This", "That"}


def _fraction(p: Fraction | None) -> str:
    if p is None:
        return ""
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"

"""A ruling as a judge says it across the table: the answer, then only what decided it.

The headline gives the value as a player writes it, the chance, and for a
given roll whether it passes. Below it: each modifier that counted, with its
condition in plain English (`explain.english`) and the seed sentence it
rests on; each one that a policy suppressed or a choice ignored, and why;
clamps that bit; chart edges; readings that give different answers (every
reading's value); and the assumptions the ruling used. Rules that did not
apply are counted in one line; `render_text` (the full derivation) lists
them. Unknown facts give one line per case. Nothing is recomputed: the
ruling's own fields and derivation are worded, nothing more.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from explain.english import _fact, amount, effect_words, per_unit, say, sentence, why_not
from kb.expr import Expr, atoms, evaluate
from kb.model import Pack, Quantity, split_change
from solver.derivation import Node
from solver.ruling import Ruling

MARKS = {"applied": "+", "failed": "-", "suppressed": "x", "ignored": "~", "clamp": "!", "chart": "*", "step": "=",
         "reading": "?", "assumption": "?", "note": "", "case": "-", "group": "", "value": ""}
COLOURS = {"applied": "32", "failed": "2", "suppressed": "33", "ignored": "35", "clamp": "33", "reading": "36",
           "assumption": "36", "value": "1", "note": "2"}
LONG_ARITHMETIC = 320
"""Arithmetic longer than this (in characters) is said as the facts it reads; `--full` shows it whole."""
SHOWN_ALTERNATIVES = 3
"""How many of a choice's alternatives the brief names (the rest are counted)."""


@dataclass(frozen=True, slots=True)
class Line:
    """One claim of a brief ruling, its depth, kind and the sentence it cites."""

    depth: int
    tag: str
    text: str
    cite: str | None = None


def brief_text(ruling: Ruling, pack: Pack, *, colour: bool = False) -> str:
    """The ruling in a few lines: headline, what counted and why, each claim's seed sentence under it.

    Examples:
        >>> from kb.loader import load_pack
        >>> from solver import Situation, ask
        >>> p = load_pack("fantasy")
        >>> print(brief_text(ask(p, "to_hit", Situation(given={"shooter.bs": 3, "shooter.moved": True})), p))
        The score needed to hit on a D6: 5+ (chance 1/3)
          + -1 moved: the shooter moved this turn
              roll_to_hit ¶4: "A model that moved for any reason this turn ... suffering a -1 shooting modifier."
          not shown: 9 rules that did not apply (--full lists them)
    """
    out = []
    for line in brief_lines(ruling, pack):
        mark = MARKS[line.tag]
        text = f"{mark} {line.text}" if mark else line.text
        if colour and line.tag in COLOURS:
            text = f"\033[{COLOURS[line.tag]}m{text}\033[0m"
        out.append("  " * line.depth + text)
        if line.cite:
            out.append("  " * line.depth + "    " + (f"\033[2m{line.cite}\033[0m" if colour else line.cite))
    return "\n".join(out)


def brief_markdown(ruling: Ruling, pack: Pack) -> str:
    """The brief ruling as Markdown: the headline in bold, the reasons as a list, citations in italics."""
    lines = brief_lines(ruling, pack)
    out = [f"**{lines[0].text}**", *([f"*{lines[0].cite}*"] if lines[0].cite else []), ""]
    for line in lines[1:]:
        cite = f" — *{line.cite}*" if line.cite else ""
        out.append("  " * (line.depth - 1) + f"- {line.text}{cite}")
    return "\n".join(out) + "\n"


def brief_lines(ruling: Ruling, pack: Pack) -> list[Line]:
    """The brief ruling as lines: the headline first (depth 0), then its reasons."""
    q = pack.quantities[ruling.quantity]
    if ruling.groups is not None:
        lines = [Line(0, "value", f"{_cap(q.text)}: resolved separately for each group")]
        assumptions: list[str] = []
        for name, sub in ruling.groups:
            body = brief_lines(sub, pack)
            lines.append(Line(1, "group", f"{name}: {_answer(sub, q)}"))
            for line in body[1:]:
                if line.tag in ("assumption", "note"):
                    if line.text not in assumptions:
                        assumptions.append(line.text)
                else:
                    lines.append(Line(line.depth + 1, line.tag, line.text, line.cite))
        hidden = [a for a in assumptions if a.startswith("not shown")]
        lines += [Line(1, "assumption", a) for a in assumptions if a.startswith("assumes")]
        if hidden:
            lines.append(Line(1, "note", "not shown: rules that did not apply (--full lists them)"))
        return lines
    if ruling.cases is not None:
        return _cases(ruling, pack, q)
    lines = [Line(0, "value", f"{_cap(q.text)}: {_answer(ruling, q)}", _headline_cite(ruling, q))]
    lines += _reasons(ruling, pack, q)
    if len(lines) == 1:  # the answer is the base itself: cite the sentence the base rests on, where there is one
        base = next((n.cite for n in ruling.explanation.because if n.tag == "base"), None)
        lines.append(Line(1, "note", "no modifier applies", base))
    near = _near_misses(ruling, pack, q)
    lines += near
    lines += _assumptions(ruling.assumptions, pack, shown=q.chart_assumption if ruling.then is not None else None)
    failed = sum(1 for n in ruling.explanation.because if n.tag == "failed") - len(near)
    if failed > 0:
        rules = "rule that did not apply" if failed == 1 else "rules that did not apply"
        lines.append(Line(1, "note", f"not shown: {failed} {rules} (--full lists them)"))
    return lines


def _headline_cite(ruling: Ruling, q: Quantity) -> str | None:
    """The quantity's own sentence, where it is what answers: a verdict on a roll, or a modified characteristic."""
    if q.cite is None or not q.cite.quote:
        return None
    if "passed" in dict(ruling.extra) or (q.kind == "characteristic" and ruling.applied):
        return str(q.cite)
    return None


def _answer(ruling: Ruling, q: Quantity) -> str:
    """The value as a player writes it, with the chance, or for a given roll whether it passes."""
    if ruling.automatic:
        return "automatic, no roll needed (chance 1)"
    if ruling.then is not None:
        shown = f"{ruling.value}, i.e. a 6 then {ruling.then}+"
    elif ruling.value is None and ruling.modifier is not None and q.kind in ("total", "roll"):
        net = f"{ruling.modifier:+d}" if ruling.modifier else "no modifier"
        shown = f"{ruling.display} (roll {q.dice}, {net})"
    else:
        shown = ruling.display
    base = next((n.claim for n in ruling.explanation.because if n.tag == "base"), "")
    if base.startswith("the roll: ") and ruling.value is not None:
        shown += f" (rolled {base[len('the roll: '):]})"
    extra = dict(ruling.extra)
    if "passed" in extra:
        need = evaluate(q.passes, ruling.values or {}) if q.passes is not None else None
        verdict = "PASSED" if extra["passed"] else "FAILED"
        return f"{shown}, {verdict}" + (f" (it needs {need} or more)" if isinstance(need, int) else "")
    if ruling.probability is not None:
        if ruling.probability == 0 and q.kind in ("total", "roll"):
            return f"{shown} (impossible: it can never pass, chance 0)"
        if q.kind in ("total", "roll"):  # what passes: the target the roll must reach
            need = _needs(ruling, q)
            what = f"needs {need} or more: " if need else "to pass: "
            return f"{shown} ({what}chance {_fraction(ruling.probability)})"
        return f"{shown} (chance {_fraction(ruling.probability)})"
    return shown


def _needs(ruling: Ruling, q: Quantity) -> str | None:
    """What a roll or total must reach to pass: the pack's `passes`, else the target the situation gave."""
    need = evaluate(q.passes, ruling.values or {}) if q.passes is not None else None
    if isinstance(need, int) and not isinstance(need, bool):
        return str(need)
    return next((m.group(1) for n in ruling.explanation.because if (m := _AT_LEAST.match(n.claim))), None)


_AT_LEAST = re.compile(r"at least (\d+): chance ")


def _reasons(ruling: Ruling, pack: Pack, q: Quantity) -> list[Line]:
    values = ruling.values or {}
    nodes = ruling.explanation.because
    lines: list[Line] = []
    if ruling.automatic and q.automatic is not None:
        lines.append(Line(1, "applied", f"because {say(pack, q.automatic, values)}",
                          ruling.explanation.cite or _first_cite(nodes)))
        moot = [m.name for m in pack.modifiers_of(q.name) if m.when.names <= values.keys()
                and evaluate(m.when, values) is True]
        if moot:  # a magic missile at a target in hard cover: the -2 would have counted, but no roll is made
            lines.append(Line(1, "note", f"no roll is made, so {', '.join(moot)} "
                                         f"{'does' if len(moot) == 1 else 'do'} not count"))
    own = {x.name for x in pack.modifiers_of(q.name)}
    unnamed = [a.change for a in ruling.applied if a.rule not in own and a.rule.split("#")[0] == a.change]
    if unnamed:
        lines.append(Line(1, "applied", (f"an effect {effect_words(unnamed[0])}" if len(unnamed) == 1 else
                                         "effects in play: " + ", ".join(unnamed))))
    for a in ruling.applied:
        m = pack.modifiers.get(a.rule)
        if a.rule not in own or m is None:
            if a.rule.split("#")[0] != a.change:
                lines.append(Line(1, "applied", f"{a.rule} {effect_words(a.change)}"))
            continue
        per = ""
        if m.per is not None:
            op, each = split_change(f"{m.op}{m.amount.text}")
            if op in "+-" and each.startswith("-") and each[1:].isdigit():  # "+-1" each is -1 each
                op, each = "-+"[op == "-"], each[1:]
            unit = per_unit(pack.facts[next(iter(m.per.names))]) if m.per._tree[0] == "n" and next(
                iter(m.per.names)) in pack.facts else amount(pack, m.per)  # "per base" only for the count itself
            per = f" ({op}{each} per {unit})" if each.lstrip("-").isdigit() else f" ({m.op} per {unit})"
        why = say(pack, m.when, values)
        reason = f": {why}" if why != "always" else (f": {m.text}" if m.text else "")
        lines.append(Line(1, "applied", f"{a.change}{per} {a.rule}{reason}", a.cite))
    if ruling.applied or q.kind == "characteristic":
        signed = any(p.kind == "clamp" and p.max is not None and evaluate(p.max, {}) == 0
                     for p in pack.policies_of(q.name))
        lines += [_start(pack, q, ruling, n) or Line(1, "step", _signed(n.claim) if signed else n.claim, n.cite)
                  for n in nodes if n.tag == "step" and _shown_step(n.claim, ruling)]
    else:  # no modifier: what re-rolls and triggers did to the chance still decided it
        lines += [Line(1, "step", n.claim, n.cite) for n in nodes if n.tag == "step" and n.claim.startswith(DICE_STEPS)]
    for s in ruling.suppressed:
        policy = pack.policies[s.policy]
        why = f" ({policy.text})" if policy.text else ""
        lines.append(Line(1, "suppressed", f"{s.rule} does not count, {s.by} counts instead{why}",
                          str(policy.cite) if policy.cite else None))
    if ruling.choice is not None:
        lines += _choice(ruling)
    clamps = iter(ruling.clamped)
    for n in nodes:
        if n.tag == "clamp":
            c = next(clamps, None)
            lines.append(Line(1, "clamp", _clamp(pack, q, c) if c is not None else n.claim, n.cite))
        elif n.tag == "chart":  # the step says what the chart assumption says: named here, not repeated below
            assumed = f" (assumes {q.chart_assumption})" if q.chart_assumption in ruling.assumptions else ""
            lines.append(Line(1, "chart", n.claim + assumed, n.cite))
    if ruling.readings:
        lines += _readings(ruling, pack)
    return lines


def _clamp(pack: Pack, q: Quantity, c: Any) -> str:
    """A cap or clamp that bit, in words, with the policy's own text."""
    named = [p for p in pack.policies_of(q.name) if (p.label or p.name) == c.rule and p.kind in ("cap", "clamp")]
    policy = _policy_for(named, c)
    why = f" ({policy.text})" if policy is not None and policy.text else ""
    if policy is not None and policy.kind == "cap":
        what = {"improvements": "the modifiers that improve it", "worsenings": "the modifiers that worsen it"}.get(
            policy.of, "the net modifier")
        return f"{what} {c.before:+d} becomes {c.after:+d}{why}" if isinstance(c.before, int) \
            else f"{what} {c.before} becomes {c.after}{why}"
    what = "the result" if q.kind in ("total", "roll") else c.rule
    before = c.before
    if policy is not None and policy.max is not None and evaluate(policy.max, {}) == 0 and isinstance(before, int):
        before = f"{before:+d}"  # a value that cannot be above 0 (AP) went above it: "+1 becomes 0", not "1"
    return f"{what}: {before} becomes {c.after}{why}"


def _signed(claim: str) -> str:
    """A step of a value that cannot be above 0 (AP) shows a result above 0 with its sign: "-> +1"."""
    return re.sub(r"-> (\d+)$", lambda m: f"-> +{m.group(1)}" if m.group(1) != "0" else m.group(0), claim)


def _policy_for(named: list[Any], c: Any) -> Any:
    for p in named:
        low = evaluate(p.min, {}) if p.min is not None else None
        high = evaluate(p.max, {}) if p.max is not None else None
        if not all(isinstance(x, int) or x is None for x in (low, high, c.before, c.after)):
            return p
        value = c.before if high is None else min(c.before, high)
        if (value if low is None else max(value, low)) == c.after:
            return p
    return named[0] if named else None


def _near_misses(ruling: Ruling, pack: Pack, q: Quantity) -> list[Line]:
    """Rules that did not apply although the situation set one of the facts they read away from its default.

    Those are the rules a player is asking about ("the target is a lone model, so why no -1?", "the target is in
    cover, so why no +1?"): a part of the rule's condition holds because the situation set a fact, yet the whole
    does not. The others did not apply because nothing in the situation spoke for them.
    """
    values = ruling.values
    if not values or ruling.automatic:
        return []
    out = []
    counted = {a.rule for a in ruling.applied} | {s.rule for s in ruling.suppressed} | set(ruling.ignored)
    for m in pack.modifiers_of(q.name):
        if m.name in counted or m.under or evaluate(m.when, values) is not False:
            continue
        if _spoken_for(pack, m.when, values):
            out.append(Line(1, "failed", f"{m.name} does not apply: {why_not(pack, m.when, values)}", _cite(m)))
    return out


def _spoken_for(pack: Pack, when: Expr, values: Mapping[str, Any], depth: int = 0) -> bool:
    """Whether a part of the condition holds because of a fact the situation set: a part that holds and reads such a
    fact, or a derived fact whose own condition is spoken for ("the hard cover obscures the target" behind "in hard
    cover")."""
    for part in atoms(when):
        held = evaluate(part, values)
        if held is True and _touched(pack, part.names, values):
            return True
        fact = _fact(pack, part._tree)  # an atom that is a fact
        if held is False and fact is not None and fact.derive is not None and depth < 8 \
                and _spoken_for(pack, fact.derive, values, depth + 1):
            return True
    return False


def _inputs(pack: Pack, names: frozenset[str]) -> set[str]:
    """The facts a condition reads, directly or through derived facts."""
    from solver.facts import _reads

    return set(_reads(pack, names))


def _touched(pack: Pack, names: frozenset[str], values: Mapping[str, Any]) -> bool:
    """Whether any fact among `names` (or behind them, for derived facts) is away from its default."""
    for name in _inputs(pack, names):
        fact = pack.facts.get(name)
        if fact is not None and fact.derive is None and fact.default is not None and name in values \
                and values[name] != fact.default:
            return True
    return False


def _cite(entry: Any) -> str | None:
    return str(entry.cite) if entry.cite else None


DICE_STEPS = ("re-rolls first", "the player chooses", "an unmodified", "unmodified ")
"""The steps of a roll's derivation that change its chance with no modifier: re-rolls, the choice, triggers."""


def _start(pack: Pack, q: Quantity, ruling: Ruling, step: Node) -> Line | None:
    """The start of a characteristic the pack works out from facts: the reason in words, with the sentence it rests
    on ("start: 2, the smaller of the unit's destroyed models (2) and ..."), not just its name and number."""
    base = next((n for n in ruling.explanation.because if n.tag == "base"), None)
    if q.base is None or not q.base.names or base is None or not step.claim.startswith(f"start: {q.name} "):
        return None
    value = step.claim[len(f"start: {q.name} "):]
    cite = base.cite or step.cite or (str(q.cite) if q.cite and q.cite.quote else None)
    said = amount(pack, q.base, ruling.values or {}, settled=True, within=LONG_ARITHMETIC)
    return Line(1, "step", f"start: {value}, {said}", cite)


def _shown_step(claim: str, ruling: Ruling) -> bool:
    """A characteristic's arithmetic steps, except a dice value's "modified by nothing"."""
    return "modified by nothing" not in claim


def _choice(ruling: Ruling) -> list[Line]:
    choice = ruling.choice
    assert choice is not None
    policy = choice.policy
    chosen = ", ".join(choice.ignored) or "nothing"
    who = "the situation chose" if choice.explicit else f"{policy.chooser} chose the best option"
    lines = [Line(1, "ignored", f"ignored: {chosen} ({who}: {policy.text or 'a permitted choice'})",
                  str(policy.cite) if policy.cite else None)]
    others = [a for a in choice.alternatives if a.ignored != choice.ignored]
    if not others:
        return lines
    if choice.explicit and (best := choice.best) is not None and best.ignored != choice.ignored:
        lines.append(Line(2, "note", f"the best choice would ignore {', '.join(best.ignored) or 'nothing'} "
                                     f"for {best.display}"))
    ranked = sorted(others, key=lambda a: (a.ignored != (), -a.rank, len(a.ignored), sorted(a.ignored)))
    shown = ranked[:SHOWN_ALTERNATIVES]
    said = "; ".join(f"ignoring {', '.join(a.ignored) or 'nothing'} gives {a.display}" for a in shown)
    weighed = choice.weighed or len(choice.alternatives)  # every subset weighed, not only those kept
    rest = weighed - 1 - len(shown)
    more = f"; {rest} more weighed (--full lists them)" if rest else ""
    lines.append(Line(2, "note", f"instead: {said}{more}"))
    return lines


def _readings(ruling: Ruling, pack: Pack) -> list[Line]:
    lines: list[Line] = []
    assert ruling.readings is not None
    used = {claim for _, n in ruling.explanation.lines() if n.tag == "reading" for claim in
            (c.claim for c in n.because) if claim.endswith("(used)")}
    for name in dict.fromkeys(o.reading for o in ruling.readings):
        reading = pack.readings[name]
        where = f" ({reading.cite.source} ¶{reading.cite.paragraph})" if reading.cite else ""
        cite = str(reading.cite) if reading.cite and reading.cite.quote not in reading.sentence else None
        lines.append(Line(1, "reading", f'the text can be read {_count(reading.options)} ways: '
                                        f'"{reading.sentence}"{where}', cite))
        for o in (o for o in ruling.readings if o.reading == name):
            marks = [m for m, on in (("the default", o.default), ("used here", any(
                c.startswith(f"reading {o.option!r}") for c in used))) if on]
            shown = f" ({', '.join(marks)})" if marks else ""
            lines.append(Line(2, "note", f"{o.option}{shown}: {_answer(o.ruling, pack.quantities[ruling.quantity])}"
                                         f" — {dict(reading.options)[o.option]}"))
    return lines


def _count(options: tuple[Any, ...]) -> str:
    return {2: "two", 3: "three", 4: "four"}.get(len(options), str(len(options)))


def _cases(ruling: Ruling, pack: Pack, q: Quantity) -> list[Line]:
    assert ruling.cases is not None
    facts = list(dict.fromkeys(f for c in ruling.cases for f, _ in c.when))
    unknown = ", ".join(about(pack, f) for f in facts)
    lines = [Line(0, "value", f"{_cap(q.text)}: depends on {unknown}, which the situation does not give")]
    for case in ruling.cases:
        when = "; ".join(_when(pack, f, v) for f, v in case.when)
        counted = ", ".join(f"{a.change} {a.rule}" for a in case.ruling.applied)
        extra = [f"{s.rule} suppressed" for s in case.ruling.suppressed]
        extra += [f"{c.rule}: {c.before} becomes {c.after}" for c in case.ruling.clamped]
        detail = "; ".join(x for x in (counted, *extra) if x)
        lines.append(Line(1, "case", f"{when}: {_answer(case.ruling, q)}" + (f" [{detail}]" if detail else "")))
    lines += _assumptions(ruling.assumptions, pack)
    lines.append(Line(1, "note", "give the facts (--given FACT=VALUE) for one ruling with its reasons"))
    return lines


def about(pack: Pack, name: str) -> str:
    """What an unknown fact is about: "whether the target is in hard cover", "the shooter's Ballistic Skill"."""
    fact = pack.facts.get(name)
    if fact is None:
        return name
    if fact.type.kind == "bool":
        return "whether " + sentence(fact)
    from explain.english import noun

    return noun(fact)


def _when(pack: Pack, name: str, value: Any) -> str:
    fact = pack.facts.get(name)
    return sentence(fact, value) if fact is not None else f"{name} = {value}"


def _assumptions(names: tuple[str, ...], pack: Pack, shown: str | None = None) -> list[Line]:
    """The assumptions that decided something in this ruling: not those that frame every situation (`--full` lists
    them), nor one already named on the step it decided (`shown`)."""
    out = []
    for name in names:
        a = pack.assumptions.get(name)
        if name == shown or (a is not None and a.framing):
            continue
        out.append(Line(1, "assumption", f"assumes: {a.text} ({name})" if a else f"assumes: {name}"))
    return out


def _first_cite(nodes: tuple[Node, ...]) -> str | None:
    for n in nodes:
        if n.cite:
            return n.cite
        if (inner := _first_cite(n.because)) is not None:
            return inner
    return None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _fraction(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"

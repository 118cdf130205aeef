"""A why-not answer in words: the failed condition and each smallest change said from the facts' texts.

`solver.space.whynot` records why a rule did not count (the derivation's
nodes, in pack syntax) and the smallest changes that make it count; this
module says the same in plain English (`explain.english`): "the target has
Unit Strength 4 (more than 2)", not "target.unit_strength <= 2 fails".
Nothing is recomputed: the ruling's own fact values are worded.
"""

from __future__ import annotations

from typing import Any

from explain.english import sentence, why_not
from kb.model import Pack
from solver.space.whynot import Change, WhyNot


def reason_lines(pack: Pack, result: WhyNot) -> list[tuple[int, str, str | None]]:
    """(depth, claim, citation) lines of the answer, conditions in words.

    Examples:
        >>> from kb.loader import load_pack
        >>> from solver import Situation
        >>> from solver.space.whynot import why_not as search
        >>> p = load_pack("fantasy")
        >>> r = search(p, "to_hit", "lone_model", Situation(given={"shooter.bs": 3, "target.lone_model": True,
        ...                                                         "target.unit_strength": 4}))
        >>> [claim for _, claim, _ in reason_lines(p, r)]
        ['lone_model does not apply: the target has Unit Strength 4 (more than 2)']
    """
    modifier = pack.modifiers.get(result.rule)
    values = result.ruling.values
    if result.status == "failed" and modifier is not None and values is not None:
        return [(0, f"{result.rule} does not apply: {why_not(pack, modifier.when, values)}", result.reason.cite)]
    if result.status == "unknown":
        lines: list[tuple[int, str, str | None]] = [(0, f"{result.rule} counts only in some cases: the situation "
                                                       "leaves facts unknown", None)]
        for case in result.ruling.cases or ():
            if any(a.rule == result.rule for a in case.ruling.applied):
                when = " and ".join(_said(pack, n, v) for n, v in case.when)
                lines.append((1, f"when {when}: {result.rule} counts", None))
        return lines
    return [(depth, node.claim, node.cite) for depth, node in result.reason.lines()]


def change_text(pack: Pack, change: Change) -> str:
    """A smallest change in words: "the shooter has Line of Sight value 1 to 2".

    Examples:
        >>> from kb.loader import load_pack
        >>> change_text(load_pack("fantasy"), Change((("target.unit_strength", 2),), "5+", None,  # type: ignore
        ...                                          (("target.unit_strength", (0, 2)),)))
        'the target has Unit Strength 0 to 2'
    """
    return " and ".join(_said(pack, n, v) for n, v in (change.ranges or change.given))


def _said(pack: Pack, name: str, value: Any) -> str:
    fact = pack.facts.get(name)
    if fact is None:
        return f"{name} = {value}"
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        value = f"{value[0]}..{value[1]}" if value[0] != value[1] else value[0]
    elif isinstance(value, tuple) and fact.type.kind == "int":  # several values or runs: "1 or 5 or 7", "0..2 or 5"
        value = " or ".join(map(str, value))
    elif isinstance(value, str) and ".." in value and fact.type.kind != "int":
        value = value.replace("..", " to ")
    elif isinstance(value, tuple) and fact.type.kind == "enum":  # any of these values: "a glancing or solid blow"
        value = " or ".join(fact.shown(v) for v in value)
    return sentence(fact, value)

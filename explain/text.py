"""A ruling rendered for people: a readable tree on a terminal, or Markdown.

Both renderers walk the derivation the solver recorded; neither recomputes.
Colour is used only when asked (the command line asks on a terminal).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from explain.english import amount, effect_words, per_unit, say, why_not
from kb.expr import ExprSyntaxError, parse_expr
from kb.model import Pack
from solver.derivation import Node
from solver.ruling import Ruling

MARKS = {
    "applied": "+", "suppressed": "x", "ignored": "~", "failed": "-", "clamp": "!", "chart": "*",
    "assumption": "?", "reading": "?", "alternative": "~", "base": "=", "value": "", "cases": "", "groups": "",
}
COLOURS = {"applied": "32", "suppressed": "33", "ignored": "35", "failed": "2", "clamp": "33",
           "assumption": "36", "reading": "36", "value": "1", "cases": "1", "groups": "1"}


def render_text(ruling: Ruling, *, colour: bool = False, max_depth: int = 99, pack: Pack | None = None) -> str:
    """The ruling as an indented tree, one claim a line, citations under their claims.

    With the `pack`, claims that quote pack expressions are worded in English (see `english_claim`).

    Examples:
        >>> from kb.loader import load_pack
        >>> from solver import Situation, ask
        >>> r = ask(load_pack("fantasy"), "to_hit", Situation(given={"shooter.bs": 3, "shooter.moved": True}))
        >>> print(render_text(r).splitlines()[0])
        the score needed to hit on a D6 (to_hit): 5+, chance 1/3
    """
    lines = []
    words = _wording(ruling, pack)
    for depth, node in ruling.explanation.lines(max_depth):
        mark = MARKS.get(node.tag, "")
        claim = words(node)
        text = f"{mark} {claim}" if mark else claim
        if colour and node.tag in COLOURS:
            text = f"\033[{COLOURS[node.tag]}m{text}\033[0m"
        lines.append("  " * depth + text)
        if node.cite:
            cite = f"cite: {node.cite}"
            lines.append("  " * depth + "    " + (f"\033[2m{cite}\033[0m" if colour else cite))
    if ruling.assumptions:
        lines.append("assumptions: " + ", ".join(ruling.assumptions))
    return "\n".join(lines)


def render_markdown(ruling: Ruling, pack: Pack | None = None) -> str:
    """The ruling as Markdown: a heading with the answer and a nested list of reasons."""
    root = ruling.explanation
    out = [f"**{root.claim}**", ""]
    out += _markdown_items(root.because, 0, _wording(ruling, pack))
    if ruling.assumptions:
        out += ["", "Assumptions: " + ", ".join(f"`{a}`" for a in ruling.assumptions)]
    return "\n".join(out) + "\n"


def _markdown_items(nodes: tuple[Node, ...], depth: int, words: Any) -> list[str]:
    out = []
    for node in nodes:
        cite = f" — *{node.cite}*" if node.cite else ""
        out.append("  " * depth + f"- {words(node)}{cite}")
        out += _markdown_items(node.because, depth + 1, words)
    return out


_ATOM = re.compile(r"^(?P<expr>.+) (?P<verdict>holds|fails|is unknown)(?: \((?P<detail>[^()]*)\))?$")
_FAILED = re.compile(r"^(?P<rule>\S+) does not apply: (?P<expr>.+) fails$")
_PER = re.compile(r"^(?P<head>\S+ \S+) \((?P<op>[-+x/=])(?P<amount>[^ ]+) per (?P<per>[^)]+)\)(?P<tail> counts.*)$")
_ADHOC = re.compile(r"^(?:(?P<name>.+) )?(?P<change>[-+x/=]\S*) counts \(an effect in play\)$")
_BASE = re.compile(r"^base (?P<value>\S+) = (?P<expr>.+?)(?: \([^()]*\))?$")


def _wording(ruling: Ruling, pack: Pack | None) -> Any:
    """A function from a node to its claim in words, using the fact values of the ruling that made it."""
    if pack is None:
        return lambda node: node.claim
    values: dict[int, Mapping[str, Any]] = {}

    def collect(r: Ruling, outer: Mapping[str, Any]) -> None:
        here = r.values if r.values is not None else outer
        for _, node in r.explanation.lines():
            values.setdefault(id(node), here)
        for sub in [*(c.ruling for c in r.cases or ()), *(g for _, g in r.groups or ())]:
            for _, node in sub.explanation.lines():
                values.pop(id(node), None)
            collect(sub, here)

    collect(ruling, {})
    return lambda node: english_claim(node, pack, values.get(id(node), {}))


def english_claim(node: Node, pack: Pack, values: Mapping[str, Any]) -> str:
    """A derivation claim with its pack expressions worded in English; other claims as recorded.

    Examples:
        >>> from kb.loader import load_pack
        >>> p = load_pack("fantasy")
        >>> english_claim(Node("target.unit_strength <= 2 fails (target.unit_strength = 5)", tag="fact"), p,
        ...               {"target.unit_strength": 5})
        'the target has Unit Strength 5 (more than 2)'
    """
    claim = node.claim
    try:
        if node.tag == "fact" and (m := _ATOM.match(claim)):
            verdict = m.group("verdict")
            said = say(pack, parse_expr(m.group("expr")), values, holds=verdict != "fails")
            return said + (" (unknown)" if verdict == "is unknown" else "")
        if node.tag == "failed" and (m := _FAILED.match(claim)):
            return f"{m.group('rule')} does not apply: {why_not(pack, parse_expr(m.group('expr')), values)}"
        if node.tag == "applied" and (m := _ADHOC.match(claim)):
            name, change = m.group("name"), m.group("change")
            who = "an effect" if not name or name.split("#")[0] == change else name
            return f"{who} {effect_words(change)} (an effect in play)"
        if node.tag == "applied" and (m := _PER.match(claim)):
            per = parse_expr(m.group("per"))
            unit = per_unit(pack.facts[next(iter(per.names))]) if per._tree[0] == "n" and next(
                iter(per.names)) in pack.facts else amount(pack, per)  # "per base" only for the count itself
            return f"{m.group('head')} ({m.group('op')}{m.group('amount')} per {unit}){m.group('tail')}"
        if node.tag == "base" and (m := _BASE.match(claim)) and not claim.endswith("(given in the situation)"):
            return f"base {m.group('value')} = {amount(pack, parse_expr(m.group('expr')), values)}"
    except (ExprSyntaxError, KeyError, StopIteration):
        return claim
    if re.fullmatch(r"(given in the situation|in this case) \([\w.]+\)", claim):
        return claim.split(" (")[0]
    if node.tag == "cases" and (m := _DEPENDS.match(claim)):
        from explain.brief import about

        return f"{m.group('head')} depends on what the situation does not give: " + ", ".join(
            about(pack, name) for name in m.group("names").split(", "))
    if (m := _WHEN.match(claim)) and all(name in pack.facts for name, _ in _PAIR.findall(m.group("when"))):
        from explain.english import sentence

        pairs = [(pack.facts[name], _value(value)) for name, value in _PAIR.findall(m.group("when"))]
        return "when " + "; ".join(sentence(fact, value) for fact, value in pairs) + f": {m.group('answer')}"
    return claim


_DEPENDS = re.compile(r"^(?P<head>.*) depends on facts the situation does not give: (?P<names>[\w., ]+)$")
_WHEN = re.compile(r"^when (?P<when>(?:[\w.]+ = [^,:]+)(?:, [\w.]+ = [^,:]+)*): (?P<answer>.*)$")
_PAIR = re.compile(r"([\w.]+) = ([^,:]+)")


def _value(text: str) -> Any:
    return {"true": True, "false": False}.get(text.strip(), text.strip())

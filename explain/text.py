"""A ruling rendered for people: a readable tree on a terminal, or Markdown.

Both renderers walk the derivation the solver recorded; neither recomputes.
Colour is used only when asked (the command line asks on a terminal).
"""

from __future__ import annotations

from solver.derivation import Node
from solver.ruling import Ruling

MARKS = {
    "applied": "+", "suppressed": "x", "ignored": "~", "failed": "-", "clamp": "!", "chart": "*",
    "assumption": "?", "reading": "?", "alternative": "~", "base": "=", "value": "", "cases": "", "groups": "",
}
COLOURS = {"applied": "32", "suppressed": "33", "ignored": "35", "failed": "2", "clamp": "33",
           "assumption": "36", "reading": "36", "value": "1", "cases": "1", "groups": "1"}


def render_text(ruling: Ruling, *, colour: bool = False, max_depth: int = 99) -> str:
    """The ruling as an indented tree, one claim a line, citations under their claims.

    Examples:
        >>> from kb.loader import load_pack
        >>> from solver import Situation, ask
        >>> r = ask(load_pack("fantasy"), "to_hit", Situation(given={"shooter.bs": 3, "shooter.moved": True}))
        >>> print(render_text(r).splitlines()[0])
        the score needed to hit on a D6 (to_hit): 5+, chance 1/3
    """
    lines = []
    for depth, node in ruling.explanation.lines(max_depth):
        mark = MARKS.get(node.tag, "")
        text = f"{mark} {node.claim}" if mark else node.claim
        if colour and node.tag in COLOURS:
            text = f"\033[{COLOURS[node.tag]}m{text}\033[0m"
        lines.append("  " * depth + text)
        if node.cite:
            cite = f"cite: {node.cite}"
            lines.append("  " * depth + "    " + (f"\033[2m{cite}\033[0m" if colour else cite))
    if ruling.assumptions:
        lines.append("assumptions: " + ", ".join(ruling.assumptions))
    return "\n".join(lines)


def render_markdown(ruling: Ruling) -> str:
    """The ruling as Markdown: a heading with the answer and a nested list of reasons."""
    root = ruling.explanation
    out = [f"**{root.claim}**", ""]
    out += _markdown_items(root.because, 0)
    if ruling.assumptions:
        out += ["", "Assumptions: " + ", ".join(f"`{a}`" for a in ruling.assumptions)]
    return "\n".join(out) + "\n"


def _markdown_items(nodes: tuple[Node, ...], depth: int) -> list[str]:
    out = []
    for node in nodes:
        cite = f" — *{node.cite}*" if node.cite else ""
        out.append("  " * depth + f"- {node.claim}{cite}")
        out += _markdown_items(node.because, depth + 1)
    return out

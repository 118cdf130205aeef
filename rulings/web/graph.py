"""The rule graph as SVG: laid out by Graphviz where its `dot` program is on PATH, else in layers.

Graphviz routes each edge around the boxes (`drawn`); without it the graph
is drawn in layers by this module alone (`graph_svg`), facts -> derived
facts -> rules -> quantities.

Layers are the dependency graph's topological generations (it has no
cycles: a cycle is a load error), so every edge points right and ends in an
arrowhead at what reads it. Boxes are as wide as the longest name, so no label
is cut, and a legend under the columns names each kind's colour. Focused on a
node, everything it does not reach or come from is dimmed.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from dataclasses import replace
from html import escape

import networkx as nx

from explain.diagram import Box, diagram, neighbourhood, to_dot
from kb.errors import RulingsError, UnknownName
from kb.graph import dependency_graph
from kb.model import Pack

COLUMN = 230
ROW = 34
BOX_WIDTH = 190
"""The narrowest box; a longer name widens every box (`box_width`)."""
CHAR_WIDTH = 7.2
"""A generous width of one character of the labels' 12px sans-serif."""
BOX_HEIGHT = 24
LEGEND = (("fact", "fact (derived facts too)"), ("rule", "rule (a modifier)"), ("policy", "policy"),
          ("quantity", "quantity"))
MARGIN = 20
KINDS = ("fact", "rule", "policy", "quantity")


GRAPHVIZ_LEGEND = (("fact", "fact"), ("derived", "derived fact"), ("rule", "rule (a modifier)"), ("policy", "policy"),
                   ("quantity", "quantity"))


def drawn(pack: Pack, focus: str | None = None) -> str:
    """The rule graph as the web pages show it: laid out by Graphviz's `dot` when it is on PATH, every edge routed
    around the boxes and ending in an arrowhead, with a legend; focused, only what the node reads and feeds. Without
    Graphviz (or for a name the pack does not have), the layered drawing of `graph_svg`."""
    if shutil.which("dot") is None:
        return graph_svg(pack, focus)
    from rulings.graph import svg

    try:
        d = diagram(pack, None, focus or None)
    except UnknownName:
        return graph_svg(pack, focus)
    legend = tuple(Box(f"legend{i}", kind, words, group="legend") for i, (kind, words) in enumerate(GRAPHVIZ_LEGEND))
    d = replace(d, boxes=(*d.boxes, *legend), groups=(*d.groups, ("legend", "legend")),
                arrows=(*d.arrows, ("legend0", "legend2", "points at what reads it")))
    try:
        text = svg(to_dot(d) + "\n")
    except RulingsError:
        return graph_svg(pack, focus)
    text = text[text.index("<svg"):]  # inline in a page: no XML prolog or doctype
    return text.replace("<svg ", f'<svg class="rule-graph" role="group" aria-label="rule graph of '
                                 f'{escape(pack.name)}" ', 1)


def layers(graph: nx.DiGraph) -> list[list[tuple[str, str]]]:
    """The nodes in columns, inputs first; within a column, by kind then name.

    Examples:
        >>> g = nx.DiGraph([(("fact", "a"), ("rule", "r")), (("rule", "r"), ("quantity", "q"))])
        >>> layers(g)
        [[('fact', 'a')], [('rule', 'r')], [('quantity', 'q')]]
    """
    return [sorted(generation, key=lambda n: (KINDS.index(n[0]), n[1]))
            for generation in nx.topological_generations(graph)]


def graph_svg(pack: Pack, focus: str | None = None) -> str:
    """The pack's dependency graph drawn as SVG; `focus` (a rule, fact, policy or quantity name) highlights its
    neighbourhood: what it depends on and what depends on it."""
    graph = dependency_graph(pack)
    columns = layers(graph)
    box = box_width(n[1] for n in graph.nodes)
    column = box + COLUMN - BOX_WIDTH
    place = {node: (MARGIN + c * column, MARGIN + r * ROW) for c, col in enumerate(columns) for r, node in
             enumerate(col)}
    width = max(MARGIN * 2 + max(len(columns) - 1, 0) * column + box, MARGIN * 2 + len(LEGEND) * 190 + 170)
    legend_y = MARGIN + max((len(col) for col in columns), default=0) * ROW + 10
    height = legend_y + BOX_HEIGHT + MARGIN
    near = _near(graph, focus)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height}" width="{width:g}" '
           f'height="{height}" class="rule-graph" role="group" aria-label="rule graph of {escape(pack.name)}">',
           "<style>.n rect{stroke:#445;fill:#fff}.fact rect{fill:#eef5ff}.rule rect{fill:#fff7e6}"
           ".policy rect{fill:#fdecef}.quantity rect{fill:#e9f7ec}.dim{opacity:.2}.focus rect{stroke-width:3}"
           "text{font:12px sans-serif;fill:#1d2330}path{fill:none;stroke:#889}#arrow path{fill:#889;stroke:none}"
           "</style>",
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
           'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>']
    for a, b, roles in graph.edges(data="roles", default=()):
        (left, top), (x2, bottom) = place[a], place[b]
        x1, y1, y2 = left + box, top + BOX_HEIGHT / 2, bottom + BOX_HEIGHT / 2
        middle = (x1 + x2) / 2
        dim = ' class="dim"' if near is not None and not (a in near and b in near) else ""
        out.append(f'<path{dim} d="M{x1:g},{y1:g} C{middle:g},{y1:g} {middle:g},{y2:g} {x2:g},{y2:g}" '
                   f'marker-end="url(#arrow)"><title>{escape(", ".join(roles))}</title></path>')
    for node, (x, y) in place.items():
        kind, name = node
        classes = ["n", kind]
        if near is not None:
            classes.append("focus" if name == focus else "" if node in near else "dim")
        out.append(f'<a href="?focus={escape(name)}"><g class="{" ".join(c for c in classes if c)}" '
                   f'data-node="{escape(kind)}:{escape(name)}"><title>{escape(kind)} {escape(name)}</title>'
                   f'<rect x="{x:g}" y="{y}" width="{box:g}" height="{BOX_HEIGHT}" rx="5"/>'
                   f'<text x="{x + 8:g}" y="{y + 16}">{escape(name)}</text></g></a>')
    out.append('<g class="legend">')
    for i, (kind, words) in enumerate(LEGEND):
        x = MARGIN + i * 190
        out.append(f'<g class="n {kind}"><rect x="{x}" y="{legend_y}" width="18" height="{BOX_HEIGHT}" rx="5"/>'
                   f'<text x="{x + 24}" y="{legend_y + 16}">{escape(words)}</text></g>')
    out.append(f'<text x="{MARGIN + len(LEGEND) * 190}" y="{legend_y + 16}">→ points at what reads it</text>')
    out.append("</g></svg>")
    return "\n".join(out)


def box_width(names: Iterable[str]) -> float:
    """A box wide enough for the longest name (never narrower than `BOX_WIDTH`).

    Examples:
        >>> box_width(["bs"]), box_width(["a" * 40])
        (190, 304.0)
    """
    longest = max((len(n) for n in names), default=0)
    return max(BOX_WIDTH, round(longest * CHAR_WIDTH + 16, 1))


def _near(graph: nx.DiGraph, focus: str | None) -> set[tuple[str, str]] | None:
    """What the focused node reads and feeds (`rulings graph --focus` draws the same nodes); an unknown name
    dims everything."""
    if not focus:
        return None
    return neighbourhood(graph, focus) or set()

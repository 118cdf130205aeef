"""The rule graph as SVG: facts -> derived facts -> rules -> quantities, in layers, no graphviz needed.

Layers are the dependency graph's topological generations (it has no
cycles: a cycle is a load error), so every edge points right. Focused on a
node, everything it does not reach or come from is dimmed.
"""

from __future__ import annotations

from html import escape

import networkx as nx

from explain.diagram import neighbourhood
from kb.graph import dependency_graph
from kb.model import Pack

COLUMN = 230
ROW = 34
BOX_WIDTH = 190
BOX_HEIGHT = 24
MARGIN = 20
KINDS = ("fact", "rule", "policy", "quantity")


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
    place = {node: (MARGIN + c * COLUMN, MARGIN + r * ROW) for c, col in enumerate(columns) for r, node in
             enumerate(col)}
    width = MARGIN * 2 + max(len(columns) - 1, 0) * COLUMN + BOX_WIDTH
    height = MARGIN * 2 + max((len(col) for col in columns), default=0) * ROW
    near = _near(graph, focus)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" class="rule-graph" role="img" aria-label="rule graph of {escape(pack.name)}">',
           "<style>.n rect{stroke:#445;fill:#fff}.fact rect{fill:#eef5ff}.rule rect{fill:#fff7e6}"
           ".policy rect{fill:#fdecef}.quantity rect{fill:#e9f7ec}.dim{opacity:.2}.focus rect{stroke-width:3}"
           "text{font:12px sans-serif}path{fill:none;stroke:#889}</style>"]
    for a, b, roles in graph.edges(data="roles", default=()):
        (x1, y1), (x2, y2) = place[a], place[b]
        x1, y1, y2 = x1 + BOX_WIDTH, y1 + BOX_HEIGHT / 2, y2 + BOX_HEIGHT / 2
        middle = (x1 + x2) / 2
        dim = ' class="dim"' if near is not None and not (a in near and b in near) else ""
        out.append(f'<path{dim} d="M{x1},{y1} C{middle},{y1} {middle},{y2} {x2},{y2}">'
                   f'<title>{escape(", ".join(roles))}</title></path>')
    for node, (x, y) in place.items():
        kind, name = node
        classes = ["n", kind]
        if near is not None:
            classes.append("focus" if name == focus else "" if node in near else "dim")
        label = name if len(name) <= 26 else name[:25] + "…"
        out.append(f'<a href="?focus={escape(name)}"><g class="{" ".join(c for c in classes if c)}" '
                   f'data-node="{escape(kind)}:{escape(name)}"><title>{escape(kind)} {escape(name)}</title>'
                   f'<rect x="{x}" y="{y}" width="{BOX_WIDTH}" height="{BOX_HEIGHT}" rx="5"/>'
                   f'<text x="{x + 8}" y="{y + 16}">{escape(label)}</text></g></a>')
    out.append("</svg>")
    return "\n".join(out)


def _near(graph: nx.DiGraph, focus: str | None) -> set[tuple[str, str]] | None:
    """What the focused node reads and feeds (`rulings graph --focus` draws the same nodes); an unknown name
    dims everything."""
    if not focus:
        return None
    return neighbourhood(graph, focus) or set()

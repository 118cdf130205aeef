"""The rule graph as a picture's source text: Graphviz DOT and Mermaid.

The graph is `kb.graph.dependency_graph`: facts feed derived facts, rules,
policies and quantities; rules modify quantities; policies settle rules and
bound quantities. Each edge is labelled with what it means (`derives`,
`condition`, `modifies`, `settles`, `clamps`, ...), and the rules a
non-stacking or override policy settles are drawn in one box with it. Both
formats are plain text written here (no Graphviz needed); every label is
escaped, since packs come from strangers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import networkx as nx

from kb.errors import UnknownName
from kb.graph import dependency_graph
from kb.model import Modifier, Pack, Policy

Node = tuple[str, str]
KINDS = ("fact", "derived", "rule", "policy", "quantity")
"""What a box is, in the order boxes are listed: facts first, quantities last."""


@dataclass(frozen=True, slots=True)
class Box:
    """One node of the picture."""

    id: str
    kind: str
    name: str
    detail: str = ""
    group: str | None = None
    """The policy whose box this one is drawn in (its settled rules, and the policy itself)."""


@dataclass(frozen=True, slots=True)
class Diagram:
    """What a picture shows: boxes, labelled arrows between them, and the policies' groups."""

    title: str
    boxes: tuple[Box, ...]
    arrows: tuple[tuple[str, str, str], ...]
    groups: tuple[tuple[str, str], ...]
    """(policy name, its caption) for each group, in pack order."""


def diagram(pack: Pack, quantity: str | None = None, focus: str | None = None,
            readings: Mapping[str, str] | None = None) -> Diagram:
    """The pack's rule graph: everything, what bears on one quantity, or what one name reads or feeds.

    `readings` (reading name -> option) leaves out the rules and policies not in force under them.

    Raises:
        UnknownName: `quantity` or `focus` is not in the pack (with did-you-mean).

    Examples:
        >>> from kb.loader import load_pack
        >>> d = diagram(load_pack("fantasy"), focus="hard_cover")
        >>> sorted(b.name for b in d.boxes)  # doctest: +NORMALIZE_WHITESPACE
        ['cover_never_stacks', 'hard_cover', 'hard_cover.los', 'hard_cover.obscures', 'shooter.los',
         'target.in_hard_cover', 'target.los', 'to_hit']
    """
    graph = dependency_graph(pack)
    if readings:
        graph.remove_nodes_from([n for n in list(graph) if not _in_force(pack, n, readings)])
    if quantity is not None:
        if quantity not in pack.quantities:
            raise UnknownName("quantity", quantity, pack.quantities)
        graph = graph.subgraph(nx.ancestors(graph, ("quantity", quantity)) | {("quantity", quantity)}).copy()
    if focus is not None:
        near = neighbourhood(graph, focus)
        if near is None:
            raise UnknownName("rule, fact, policy or quantity", focus, {name for _, name in graph})
        graph = graph.subgraph(near).copy()
    order = sorted(graph, key=lambda n: (KINDS.index(_kind(pack, n)), n[1]))
    ids = {node: f"n{i}" for i, node in enumerate(order)}
    group_of: dict[Node, str] = {}
    groups = []
    for p in pack.policies.values():
        members = [("rule", r) for r in p.members if ("rule", r) in graph and ("rule", r) not in group_of]
        if ("policy", p.name) in graph and members:
            groups.append((p.name, f"{p.name}: {_detail(pack, ('policy', p.name))}"))
            for node in [("policy", p.name), *members]:
                group_of.setdefault(node, p.name)
    boxes = tuple(Box(ids[n], _kind(pack, n), n[1], _detail(pack, n), group_of.get(n)) for n in order)
    arrows = tuple(sorted(((ids[a], ids[b], ", ".join(roles)) for a, b, roles in graph.edges(data="roles", default=())),
                          key=lambda e: (int(e[0][1:]), int(e[1][1:]))))
    title = f"{pack.name}" + (f": {quantity}" if quantity else "") + (f", around {focus}" if focus else "")
    return Diagram(title, boxes, arrows, tuple(groups))


def neighbourhood(graph: nx.DiGraph, focus: str) -> set[Node] | None:
    """The nodes named `focus` with everything they read (upstream) and everything that reads them (downstream);
    None when no node has that name.

    Examples:
        >>> g = nx.DiGraph([(("fact", "a"), ("rule", "r")), (("fact", "b"), ("rule", "r")),
        ...                 (("rule", "r"), ("quantity", "q"))])
        >>> sorted(neighbourhood(g, "a"))
        [('fact', 'a'), ('quantity', 'q'), ('rule', 'r')]
    """
    nodes = [n for n in graph if n[1] == focus]
    if not nodes:
        return None
    near: set[Node] = set(nodes)
    for node in nodes:
        near |= nx.ancestors(graph, node) | nx.descendants(graph, node)
    return near


def to_dot(d: Diagram) -> str:
    """The diagram in Graphviz's DOT language (`dot -Tsvg` draws it).

    Examples:
        >>> d = Diagram('a "b"', (Box("n0", "fact", 'x"y'), Box("n1", "quantity", "q")), (("n0", "n1", "base"),), ())
        >>> print(to_dot(d))
        digraph "rules" {
          graph [rankdir=LR, label="a \\"b\\"", labelloc=t, fontname="Helvetica"];
          node [fontname="Helvetica", fontsize=11, style=filled];
          edge [fontname="Helvetica", fontsize=9, color="#888899"];
          n0 [label="x\\"y", shape=box, fillcolor="#eef5ff"];
          n1 [label="q", shape=ellipse, fillcolor="#e9f7ec"];
          n0 -> n1 [label="base"];
        }
    """
    lines = ['digraph "rules" {',
             f'  graph [rankdir=LR, label="{_dot(d.title)}", labelloc=t, fontname="Helvetica"];',
             '  node [fontname="Helvetica", fontsize=11, style=filled];',
             '  edge [fontname="Helvetica", fontsize=9, color="#888899"];']
    for name, caption in d.groups:
        lines.append(f'  subgraph "cluster_{_dot(name)}" {{')
        lines.append(f'    label="{_dot(caption)}"; style="dashed,rounded"; color="#cc6677";')
        lines += ["  " + _dot_box(b) for b in d.boxes if b.group == name]
        lines.append("  }")
    lines += [_dot_box(b) for b in d.boxes if b.group is None]
    lines += [f'  {a} -> {b} [label="{_dot(label)}"];' for a, b, label in d.arrows]
    lines.append("}")
    return "\n".join(lines)


def to_mermaid(d: Diagram) -> str:
    """The diagram as a Mermaid flowchart (GitHub draws it in Markdown and in `.mmd` files).

    Examples:
        >>> d = Diagram("t", (Box("n0", "fact", "a<b>#1"), Box("n1", "rule", "r", "-1")), (("n0", "n1", "condition"),),
        ...             (("p", "p: exclusive"),))
        >>> print(to_mermaid(d))
        %% rulings graph: t
        flowchart LR
          n0["a#lt;b#gt;#35;1"]:::fact
          n1("r<br>-1"):::rule
          n0 -->|condition| n1
        <BLANKLINE>
          classDef fact fill:#eef5ff,stroke:#445566
          classDef derived fill:#dde9fb,stroke:#445566
          classDef rule fill:#fff7e6,stroke:#445566
          classDef policy fill:#fdecef,stroke:#445566
          classDef quantity fill:#e9f7ec,stroke:#445566
    """
    lines = [f"%% rulings graph: {_comment(d.title)}", "flowchart LR"]
    for name, caption in d.groups:
        members = [b for b in d.boxes if b.group == name]
        if not members:
            continue
        lines.append(f'  subgraph g_{next(b.id for b in members)}["{_mermaid(caption)}"]')
        lines += ["  " + _mermaid_box(b) for b in members]
        lines.append("  end")
    lines += [_mermaid_box(b) for b in d.boxes if b.group is None]
    lines += [f"  {a} -->|{_mermaid(label)}| {b}" for a, b, label in d.arrows]
    lines.append("")
    lines += [f"  classDef {kind} fill:{FILL[kind]},stroke:#445566" for kind in KINDS]
    return "\n".join(lines)


FILL = {"fact": "#eef5ff", "derived": "#dde9fb", "rule": "#fff7e6", "policy": "#fdecef", "quantity": "#e9f7ec"}
_DOT_SHAPES = {"fact": "box", "derived": "parallelogram", "rule": "box, style=\"filled,rounded\"",
               "policy": "hexagon", "quantity": "ellipse"}
_MERMAID_SHAPES = {"fact": ('["', '"]'), "derived": ('[/"', '"/]'), "rule": ('("', '")'),
                   "policy": ('{{"', '"}}'), "quantity": ('(["', '"])')}


def _kind(pack: Pack, node: Node) -> str:
    kind, name = node
    if kind == "fact" and name in pack.facts and pack.facts[name].derive is not None:
        return "derived"
    return kind


def _detail(pack: Pack, node: Node) -> str:
    """A second line for a rule (its change) or a policy (its kind)."""
    kind, name = node
    if kind == "rule" and name in pack.modifiers:
        m = pack.modifiers[name]
        change = f"{m.op}{m.amount.text}" if m.amount.text.isdigit() else f"{m.op} ({m.amount.text})"
        per = f" per {m.per.text}" if m.per else ""
        under = "".join(f", under {r}: {o}" for r, o in m.under)
        return change + per + under
    if kind == "policy" and name in pack.policies:
        return pack.policies[name].kind + "".join(f", under {r}: {o}" for r, o in pack.policies[name].under)
    return ""


def _in_force(pack: Pack, node: Node, readings: Mapping[str, str]) -> bool:
    kind, name = node
    entry: Modifier | Policy | None = pack.modifiers.get(name) if kind == "rule" else \
        pack.policies.get(name) if kind == "policy" else None
    return entry is None or all(readings.get(r, o) == o for r, o in entry.under)


def _dot(text: str) -> str:
    """Text inside a DOT double-quoted string: backslashes and quotes escaped, line breaks as \\n."""
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "").replace("\n", "\\n")


def _dot_box(b: Box) -> str:
    label = _dot(b.name + (f"\n{b.detail}" if _shows_detail(b) else ""))
    return f'  {b.id} [label="{label}", shape={_DOT_SHAPES[b.kind]}, fillcolor="{FILL[b.kind]}"];'


def _mermaid(text: str) -> str:
    """Text inside a Mermaid label: every character Mermaid reads as syntax written as an entity.

    Examples:
        >>> _mermaid('say "hi" | <b> & #x')
        'say #quot;hi#quot; #124; #lt;b#gt; #amp; #35;x'
    """
    out = []
    for ch in text:
        if ch == "#":
            out.append("#35;")
        elif ch in _ENTITIES:
            out.append(_ENTITIES[ch])
        elif ch in "\r\n":
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


_ENTITIES = {'"': "#quot;", "<": "#lt;", ">": "#gt;", "&": "#amp;", "|": "#124;", "`": "#96;", "[": "#91;",
             "]": "#93;", "{": "#123;", "}": "#125;", "(": "#40;", ")": "#41;"}


def _mermaid_box(b: Box) -> str:
    start, end = _MERMAID_SHAPES[b.kind]
    label = _mermaid(b.name) + (f"<br>{_mermaid(b.detail)}" if _shows_detail(b) else "")
    return f"  {b.id}{start}{label}{end}:::{b.kind}"


def _shows_detail(b: Box) -> bool:
    """A rule shows its change; a policy its kind, unless its group's caption says it."""
    return bool(b.detail) and (b.kind != "policy" or b.group is None)


def _comment(text: str) -> str:
    return " ".join(text.split())

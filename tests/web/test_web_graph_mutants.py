"""The rule graph's SVG (`rulings.web.graph`): the layered drawing's exact geometry (boxes in columns, edges from
box to box, the legend under them, a canvas holding it all), the focus's dimming, escaping, and the Graphviz
drawing with its legend, and when each is used."""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from textwrap import dedent

import networkx as nx
import pytest

from kb.graph import dependency_graph
from kb.loader import load_pack
from kb.model import Pack
from rulings.web import graph
from rulings.web.graph import (
    BOX_HEIGHT,
    BOX_WIDTH,
    CHAR_WIDTH,
    COLUMN,
    MARGIN,
    ROW,
    box_width,
    drawn,
    graph_svg,
    layers,
)

SVG = "{http://www.w3.org/2000/svg}"
LONG = "a_very_long_fact_name_that_needs_width_41"
PACK = dedent(f"""\
    pack: layered
    facts:
      zeta: {{type: bool, text: "zeta holds"}}
      alpha: {{type: bool, text: "alpha holds"}}
      roll: {{type: int, range: [2, 6], text: "the roll needs {{value}}"}}
      {LONG}: {{type: bool, text: "long holds"}}
    quantities:
      need: {{kind: score, text: the score needed, base: roll, plus: lowers, impossible_from: 7}}
      hit: {{kind: score, text: the hit, base: roll, plus: lowers, impossible_from: 7}}
    modifiers:
      bonus: {{quantity: need, change: +1, per: roll, when: alpha and roll > 3}}
      drag: {{quantity: need, change: -1, when: zeta and alpha and {LONG}}}
    """)
COLUMNS = [[("fact", LONG), ("fact", "alpha"), ("fact", "roll"), ("fact", "zeta")],
           [("rule", "bonus"), ("rule", "drag"), ("quantity", "hit")],
           [("quantity", "need")]]
"""PACK's layers worked out by hand: facts; what reads only facts, rules before quantities; what reads the rules."""
WIDE = "q" + "_wide" * 26
LEGEND_WORDS = ["fact (derived facts too)", "rule (a modifier)", "policy", "quantity"]
GRAPHVIZ_LEGEND = {"legend0": ("fact", "#eef5ff"), "legend1": ("derived fact", "#dde9fb"),
                   "legend2": ("rule (a modifier)", "#fff7e6"), "legend3": ("policy", "#fdecef"),
                   "legend4": ("quantity", "#e9f7ec")}
STYLE = {".n rect": {"stroke": "#445", "fill": "#fff"}, ".fact rect": {"fill": "#eef5ff"},
         ".rule rect": {"fill": "#fff7e6"}, ".policy rect": {"fill": "#fdecef"}, ".quantity rect": {"fill": "#e9f7ec"},
         ".dim": {"opacity": ".2"}, ".focus rect": {"stroke-width": "3"},
         "text": {"font": "12px sans-serif", "fill": "#1d2330"}, "path": {"fill": "none", "stroke": "#889"},
         "#arrow path": {"fill": "#889", "stroke": "none"}}
"""Each kind filled in the colour the Graphviz drawing gives it (explain.diagram's FILL), the focus outlined thicker,
what it does not touch faded, edges unfilled lines ending in filled arrowheads."""


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))


@pytest.fixture
def pack(tmp_path: Path) -> Pack:
    path = tmp_path / "layered.yaml"
    path.write_text(PACK, encoding="utf-8")
    return load_pack(str(path))


@pytest.fixture
def no_dot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Graphviz is not installed: PATH is an empty folder."""
    empty = tmp_path / "empty-path"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


def need_dot() -> None:
    if shutil.which("dot") is None:
        pytest.fail("no Graphviz dot program on PATH: install the distribution's package (apt-get install graphviz)")


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def nodes(root: ET.Element) -> dict[str, ET.Element]:
    """data-node -> the node's group."""
    return {g.get("data-node", ""): g for g in root.iter(f"{SVG}g") if g.get("data-node")}


def edges(root: ET.Element) -> list[ET.Element]:
    return [p for p in root.iter(f"{SVG}path") if p.get("marker-end") == "url(#arrow)"]


def numbers(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)]


def only(element: ET.Element, tag: str) -> ET.Element:
    found = element.findall(f"{SVG}{tag}")
    assert len(found) == 1, f"{len(found)} {tag} in {element.attrib}"
    return found[0]


def expected_places(columns: list[list[tuple[str, str]]], box: float) -> dict[tuple[str, str], tuple[float, float]]:
    column = box + COLUMN - BOX_WIDTH
    return {node: (MARGIN + c * column, MARGIN + r * ROW) for c, col in enumerate(columns)
            for r, node in enumerate(col)}


def check_boxes(root: ET.Element, places: dict[tuple[str, str], tuple[float, float]], box: float) -> None:
    """Each node a link to its focus, a box of the kind's class at its place, titled and labelled with its name."""
    links = {a.find(f"{SVG}g").get("data-node"): a.get("href") for a in root.iter(f"{SVG}a")}  # type: ignore[union-attr]
    drawn_nodes = nodes(root)
    assert set(drawn_nodes) == {f"{kind}:{name}" for kind, name in places}
    for (kind, name), (x, y) in places.items():
        g = drawn_nodes[f"{kind}:{name}"]
        assert links[f"{kind}:{name}"] == f"?focus={name}"
        assert only(g, "title").text == f"{kind} {name}"
        rect, label = only(g, "rect"), only(g, "text")
        assert float(rect.get("x", "")) == pytest.approx(x) and float(rect.get("y", "")) == pytest.approx(y)
        assert float(rect.get("width", "")) == pytest.approx(box)
        assert rect.get("height") == str(BOX_HEIGHT) and rect.get("rx") == "5"
        assert label.text == name
        assert float(label.get("x", "")) == pytest.approx(x + 8) and float(label.get("y", "")) == pytest.approx(y + 16)
        assert 8 + len(name) * CHAR_WIDTH <= box  # the label is not cut


def check_edges(root: ET.Element, pack: Pack, places: dict[tuple[str, str], tuple[float, float]], box: float) -> None:
    """Every edge of the pack's graph a curve from the middle of its source box's right side to the middle of its
    target box's left side, ending in the arrowhead, titled with what the input is to what reads it."""
    want = set()
    for a, b, roles in dependency_graph(pack).edges(data="roles"):
        (xa, ya), (xb, yb) = places[a], places[b]
        x1, y1, x2, y2 = xa + box, ya + BOX_HEIGHT / 2, xb, yb + BOX_HEIGHT / 2
        middle = (x1 + x2) / 2
        want.add((tuple(round(n, 3) for n in (x1, y1, middle, y1, middle, y2, x2, y2)), ", ".join(roles)))
    got = set()
    for path in edges(root):
        d = path.get("d", "")
        assert re.fullmatch(r"M[\d.]+,[\d.]+ C[\d.]+,[\d.]+ [\d.]+,[\d.]+ [\d.]+,[\d.]+", d), d
        got.add((tuple(round(n, 3) for n in numbers(d)), only(path, "title").text or ""))
    assert len(edges(root)) == len(want) and got == want


def check_stray_text(root: ET.Element) -> None:
    """No characters lie about between the elements (only titles, labels and the stylesheet hold text)."""
    for element in root.iter():
        if element.tag not in (f"{SVG}text", f"{SVG}title", f"{SVG}style"):
            assert not (element.text or "").strip(), (element.tag, element.text)
        if element is not root:
            assert not (element.tail or "").strip(), (element.tag, element.tail)


def check_canvas(root: ET.Element, width: float, height: float) -> None:
    assert float(root.get("width", "")) == pytest.approx(width) and root.get("height") == f"{height:g}"
    assert numbers(root.get("viewBox", "")) == pytest.approx([0, 0, width, height])


def check_legend(root: ET.Element, legend_y: float) -> None:
    """Under the columns, a swatch of each kind's colour beside its words, then what an arrow means."""
    legend = [g for g in root.iter(f"{SVG}g") if g.get("class") == "legend"]
    assert len(legend) == 1
    entries = legend[0].findall(f"{SVG}g")
    assert [g.get("class") for g in entries] == ["n fact", "n rule", "n policy", "n quantity"]
    for i, (g, words) in enumerate(zip(entries, LEGEND_WORDS, strict=True)):
        swatch, label = only(g, "rect"), only(g, "text")
        x = MARGIN + i * 190
        assert {k: float(v) for k, v in swatch.attrib.items()} == {"x": x, "y": legend_y, "width": 18,
                                                                   "height": BOX_HEIGHT, "rx": 5}
        assert (label.text, float(label.get("x", "")), float(label.get("y", ""))) == (words, x + 24, legend_y + 16)
    note = only(legend[0], "text")
    assert note.text == "→ points at what reads it"
    assert (float(note.get("x", "")), float(note.get("y", ""))) == (MARGIN + 4 * 190, legend_y + 16)


def test_the_layered_drawing_of_a_small_pack_is_exact(pack: Pack) -> None:
    """The longest name (41 characters) widens every box to 41 * CHAR_WIDTH + 16 and every column with it; the
    columns are PACK's layers, the legend under the tallest column, the canvas just holding the three columns."""
    root = parse(graph_svg(pack))
    box = len(LONG) * CHAR_WIDTH + 16
    assert box > BOX_WIDTH
    places = expected_places(COLUMNS, box)
    check_boxes(root, places, box)
    check_edges(root, pack, places, box)
    assert {only(p, "title").text for p in edges(root)} >= {"condition, per", "modifies", "base"}
    legend_y = MARGIN + 4 * ROW + 10
    check_legend(root, legend_y)
    width = 2 * MARGIN + 2 * (box + COLUMN - BOX_WIDTH) + box
    check_canvas(root, width, legend_y + BOX_HEIGHT + MARGIN)
    assert all(p.get("class") is None for p in edges(root))
    assert all(g.get("class") == f"n {node.split(':')[0]}" for node, g in nodes(root).items())
    assert root.get("class") == "rule-graph" and root.get("role") == "group"
    assert root.get("aria-label") == "rule graph of layered"
    check_stray_text(root)


def test_the_layers_are_ordered_by_kind_then_name(pack: Pack) -> None:
    """Within a column, rules come before quantities (not in the alphabet's order) and facts by name (not in the
    order the pack declares them)."""
    assert layers(dependency_graph(pack)) == COLUMNS


def test_the_stylesheet_and_the_arrowhead(pack: Pack) -> None:
    root = parse(graph_svg(pack))
    css = only(root, "style").text or ""
    rules = re.findall(r"([^{}]+)\{([^{}]*)\}", css)
    assert "".join(f"{s}{{{d}}}" for s, d in rules) == css  # nothing else in the stylesheet
    assert {s: dict(d.split(":", 1) for d in body.split(";")) for s, body in rules} == STYLE
    marker = only(only(root, "defs"), "marker")
    assert marker.attrib == {"id": "arrow", "viewBox": "0 0 10 10", "refX": "10", "refY": "5", "markerWidth": "7",
                             "markerHeight": "7", "orient": "auto-start-reverse"}
    assert only(marker, "path").attrib == {"d": "M0,0 L10,5 L0,10 z"}  # a triangle whose tip (10, 5) ends the edge


def test_a_focus_dims_what_it_neither_reads_nor_feeds(pack: Pack) -> None:
    """Focused on bonus: it reads alpha and roll and feeds need; the rest, and the edges not between two of those,
    are dimmed."""
    root = parse(graph_svg(pack, "bonus"))
    near = {("rule", "bonus"), ("fact", "alpha"), ("fact", "roll"), ("quantity", "need")}
    want = {f"{kind}:{name}": f"n {kind} focus" if name == "bonus" else f"n {kind}" if (kind, name) in near
            else f"n {kind} dim" for col in COLUMNS for kind, name in col}
    assert {node: g.get("class") for node, g in nodes(root).items()} == want
    box = len(LONG) * CHAR_WIDTH + 16
    places = expected_places(COLUMNS, box)
    check_edges(root, pack, places, box)
    starts = {(round(x + box, 3), y + BOX_HEIGHT / 2): node for node, (x, y) in places.items()}
    ends = {(round(x, 3), y + BOX_HEIGHT / 2): node for node, (x, y) in places.items()}
    dimmed = {}
    for path in edges(root):
        n = numbers(path.get("d", ""))
        dimmed[starts[n[0], n[1]][1], ends[n[6], n[7]][1]] = path.get("class")
    assert dimmed == {("alpha", "bonus"): None, ("roll", "bonus"): None, ("bonus", "need"): None,
                      ("roll", "need"): None, ("alpha", "drag"): "dim", ("zeta", "drag"): "dim",
                      (LONG, "drag"): "dim", ("drag", "need"): "dim", ("roll", "hit"): "dim"}
    check_stray_text(root)


def test_a_focus_on_a_name_the_pack_lacks_dims_everything(pack: Pack) -> None:
    root = parse(graph_svg(pack, "nonesuch"))
    assert all(g.get("class", "").split()[2:] == ["dim"] for g in nodes(root).values())
    assert len(nodes(root)) == 8 and all(p.get("class") == "dim" for p in edges(root)) and len(edges(root)) == 9


def test_an_empty_pack_is_drawn_as_its_legend() -> None:
    """No nodes: the canvas holds the legend alone, at the top."""
    empty = dataclasses.replace(load_pack("fantasy"), facts={}, quantities={}, modifiers={}, policies={})
    root = parse(graph_svg(empty))
    assert not nodes(root) and not edges(root)
    legend_y = MARGIN + 10
    check_legend(root, legend_y)
    check_canvas(root, 2 * MARGIN + 4 * 190 + 170, legend_y + BOX_HEIGHT + MARGIN)


def test_one_column_of_a_very_wide_box(tmp_path: Path) -> None:
    """A 131-character name: one column whose box is wider than the legend, so the canvas is as wide as the box
    and its margins."""
    path = tmp_path / "wide.yaml"
    path.write_text(f"pack: wide\nquantities:\n  {WIDE}: {{kind: score, text: a score, base: 4, plus: lowers, "
                    "impossible_from: 7}\n", encoding="utf-8")
    root = parse(graph_svg(load_pack(str(path))))
    box = len(WIDE) * CHAR_WIDTH + 16
    assert 2 * MARGIN + box > 2 * MARGIN + 4 * 190 + 170
    check_boxes(root, {("quantity", WIDE): (MARGIN, MARGIN)}, box)
    legend_y = MARGIN + ROW + 10
    check_legend(root, legend_y)
    check_canvas(root, 2 * MARGIN + box, legend_y + BOX_HEIGHT + MARGIN)


def test_a_narrow_pack_keeps_the_legends_width_and_the_narrowest_box() -> None:
    """skirmish: names of at most 24 characters fit the narrowest box; its columns are narrower than the legend."""
    p = load_pack("skirmish")
    g = dependency_graph(p)
    assert max(len(name) for _, name in g) * CHAR_WIDTH + 16 <= BOX_WIDTH
    columns = [sorted(gen, key=lambda n: (["fact", "rule", "policy", "quantity"].index(n[0]), n[1]))
               for gen in nx.topological_generations(g)]
    root = parse(graph_svg(p))
    places = expected_places(columns, BOX_WIDTH)
    check_boxes(root, places, BOX_WIDTH)
    check_edges(root, p, places, BOX_WIDTH)
    legend_y = MARGIN + max(len(c) for c in columns) * ROW + 10
    assert 2 * MARGIN + (len(columns) - 1) * COLUMN + BOX_WIDTH < 2 * MARGIN + 4 * 190 + 170
    check_canvas(root, 2 * MARGIN + 4 * 190 + 170, legend_y + BOX_HEIGHT + MARGIN)


@pytest.mark.parametrize("name", ["fantasy", "wh40k", "skirmish"])
def test_boxes_do_not_overlap_and_the_canvas_holds_them(name: str) -> None:
    root = parse(graph_svg(load_pack(name)))
    width, height = float(root.get("width", "")), float(root.get("height", ""))
    rects = [tuple(float(only(g, "rect").get(k, "")) for k in ("x", "y", "width", "height")) for g in
             nodes(root).values()]
    for i, (x, y, w, h) in enumerate(rects):
        assert x >= MARGIN and x + w + MARGIN <= width and y >= MARGIN and y + h + MARGIN <= height
        for x2, y2, w2, h2 in rects[i + 1:]:
            assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y


def test_box_width() -> None:
    """BOX_WIDTH at least; else CHAR_WIDTH a character and 16 for the padding, to a tenth."""
    assert box_width([]) == BOX_WIDTH
    assert box_width(["a" * 24]) == BOX_WIDTH
    assert box_width(["a" * 25, "b"]) == pytest.approx(25 * CHAR_WIDTH + 16)
    assert box_width(iter(["b", "a" * 41])) == pytest.approx(41 * CHAR_WIDTH + 16)
    assert str(box_width(["a" * 41])) == "311.2"


def test_hostile_names_are_escaped(pack: Pack) -> None:
    hostile = '<script>alert("&")</script>'
    zeta = pack.facts["zeta"]
    p = dataclasses.replace(pack, name=hostile, facts={**pack.facts, hostile: dataclasses.replace(zeta, name=hostile)})
    text = graph_svg(p, hostile)
    assert "<script>" not in text
    root = parse(text)
    assert root.get("aria-label") == f"rule graph of {hostile}"
    g = nodes(root)[f"fact:{hostile}"]
    assert only(g, "text").text == hostile and only(g, "title").text == f"fact {hostile}"
    assert g.get("class") == "n fact focus"


# Graphviz, and when it is used


def graphviz_nodes(root: ET.Element) -> dict[str, ET.Element]:
    """Graphviz's node id -> its group."""
    return {only(g, "title").text or "": g for g in root.iter(f"{SVG}g") if g.get("class") == "node"}


def bbox(element: ET.Element) -> tuple[float, float, float, float]:
    """The left, top, right and bottom of a Graphviz node's or cluster's outline."""
    for shape in element:
        if shape.tag == f"{SVG}ellipse":
            cx, cy, rx, ry = (float(shape.get(k, "")) for k in ("cx", "cy", "rx", "ry"))
            return cx - rx, cy - ry, cx + rx, cy + ry
        if shape.tag in (f"{SVG}polygon", f"{SVG}path"):
            n = numbers(shape.get("points") or shape.get("d") or "")
            return min(n[::2]), min(n[1::2]), max(n[::2]), max(n[1::2])
    raise AssertionError(f"no outline in {element.attrib}")


def fill(element: ET.Element) -> str | None:
    return next(s.get("fill") for s in element if s.tag in (f"{SVG}polygon", f"{SVG}path", f"{SVG}ellipse"))


def check_graphviz_legend(root: ET.Element) -> None:
    """A frame captioned legend holding a box of each kind, in its colour, and an arrow from fact to rule."""
    boxes = graphviz_nodes(root)
    clusters = {only(g, "title").text: g for g in root.iter(f"{SVG}g") if g.get("class") == "cluster"}
    frame = clusters["cluster_legend"]
    assert [t.text for t in frame.findall(f"{SVG}text")] == ["legend"]
    left, top, right, bottom = bbox(frame)
    for box_id, (words, colour) in GRAPHVIZ_LEGEND.items():
        g = boxes[box_id]
        assert [t.text for t in g.findall(f"{SVG}text")] == [words] and fill(g) == colour
        x1, y1, x2, y2 = bbox(g)
        assert left <= x1 and x2 <= right and top <= y1 and y2 <= bottom, box_id
    arrows = {only(g, "title").text: g for g in root.iter(f"{SVG}g") if g.get("class") == "edge"}
    assert [t.text for t in arrows["legend0->legend2"].findall(f"{SVG}text")] == ["points at what reads it"]
    assert len(boxes) == len({t for t in boxes if t.startswith("n")}) + len(GRAPHVIZ_LEGEND)


def labels(root: ET.Element) -> set[str]:
    """The name on each of the pack's boxes (the legend's aside)."""
    return {g.find(f"{SVG}text").text or "" for t, g in graphviz_nodes(root).items()  # type: ignore[union-attr]
            if not t.startswith("legend")}


def test_graphviz_draws_the_focus_with_its_legend(pack: Pack) -> None:
    need_dot()
    text = drawn(pack, "bonus")
    assert text.startswith("<svg ")  # inline in a page: no XML prolog, no doctype
    root = parse(text)
    assert root.get("class") == "rule-graph" and root.get("role") == "group"
    assert root.get("aria-label") == "rule graph of layered"
    assert labels(root) == {"alpha", "roll", "bonus", "need"}
    title = [t.text for t in only(root, "g").findall(f"{SVG}text")]
    assert title == ["layered, around bonus"]
    check_graphviz_legend(root)
    assert not nodes(root)  # not the layered drawing


def test_graphviz_draws_the_whole_pack(pack: Pack) -> None:
    need_dot()
    root = parse(drawn(pack))
    assert labels(root) == {name for _, name in dependency_graph(pack)}
    assert [t.text for t in only(root, "g").findall(f"{SVG}text")] == ["layered"]
    check_graphviz_legend(root)


def test_graphviz_escapes_the_packs_name(pack: Pack) -> None:
    need_dot()
    hostile = '<script>alert("&")</script>'
    text = drawn(dataclasses.replace(pack, name=hostile))
    assert "<script>" not in text
    root = parse(text)
    assert root.get("aria-label") == f"rule graph of {hostile}"
    assert [t.text for t in only(root, "g").findall(f"{SVG}text")] == [hostile]


def test_a_name_graphviz_cannot_focus_on_is_drawn_in_layers_all_dimmed(pack: Pack) -> None:
    need_dot()
    root = parse(drawn(pack, "nonesuch"))
    assert len(nodes(root)) == 8 and all(g.get("class", "").endswith(" dim") for g in nodes(root).values())


def test_without_graphviz_the_layers_are_drawn_focused(pack: Pack, no_dot: None) -> None:
    assert shutil.which("dot") is None
    root = parse(drawn(pack, "bonus"))
    classes = {node: g.get("class") for node, g in nodes(root).items()}
    assert classes["rule:bonus"] == "n rule focus" and classes["rule:drag"] == "n rule dim"
    assert classes["quantity:need"] == "n quantity" and len(classes) == 8


def test_without_graphviz_the_whole_pack_is_drawn_in_layers(pack: Pack, no_dot: None) -> None:
    root = parse(drawn(pack))
    assert {node: g.get("class") for node, g in nodes(root).items()} == {f"{kind}:{name}": f"n {kind}"
                                                                        for col in COLUMNS for kind, name in col}


def test_when_graphviz_fails_the_layers_are_drawn_focused(pack: Pack, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A `dot` that fails (as a broken install does): the layered drawing, still focused."""
    folder = tmp_path / "broken"
    folder.mkdir()
    program = folder / "dot"
    program.write_text("#!/bin/sh\necho 'Error: broken' >&2\nexit 1\n", encoding="utf-8")
    program.chmod(0o755)
    monkeypatch.setenv("PATH", str(folder) + os.pathsep + os.environ.get("PATH", ""))
    assert graph.shutil.which("dot") == str(program)
    root = parse(drawn(pack, "bonus"))
    classes = {node: g.get("class") for node, g in nodes(root).items()}
    assert classes["rule:bonus"] == "n rule focus" and classes["fact:zeta"] == "n fact dim"
    assert classes["fact:alpha"] == "n fact"

"""The FAQ pages and the rule graph drawn as SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from starlette.testclient import TestClient

from kb.graph import dependency_graph
from kb.loader import load_pack
from rulings.web import create_app
from rulings.web.graph import BOX_WIDTH, graph_svg, layers

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://localhost")


@pytest.mark.parametrize("pack", ["fantasy", "skirmish", "wh40k"])
def test_the_faq_page_shows_every_question_and_answer(client: TestClient, pack: str) -> None:
    doc = client.get(f"/api/faq/{pack}").json()
    page = client.get(f"/faq/{pack}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.text.count('class="faq-entry"') == len(doc["entries"]) + len(doc["keywords"]) > 0
    from html import escape

    for entry in doc["entries"]:
        assert escape(entry["question"]) in page.text and escape(entry["answer"]) in page.text


def test_a_faq_entry_links_to_its_situation_in_the_explorer(client: TestClient) -> None:
    page = client.get("/faq/fantasy").text
    assert 'href="/?pack=fantasy&amp;quantity=to_hit&amp;given=shooter.bs=3&amp;given=shooter.moved=true"' in page


@pytest.mark.parametrize("pack", ["fantasy", "skirmish", "wh40k"])
def test_the_graph_is_svg_with_every_node_and_edge(pack: str) -> None:
    p = load_pack(pack)
    graph = dependency_graph(p)
    root = ET.fromstring(graph_svg(p))
    assert root.tag == f"{SVG}svg"
    nodes = {g.get("data-node") for g in root.iter(f"{SVG}g") if g.get("data-node")}
    assert nodes == {f"{kind}:{name}" for kind, name in graph}
    edges = [path for path in root.iter(f"{SVG}path") if path.get("marker-end") == "url(#arrow)"]
    assert len(edges) == graph.number_of_edges()  # each with its arrowhead (the marker's own path aside)


def test_every_edge_points_to_a_later_layer() -> None:
    graph = dependency_graph(load_pack("wh40k"))
    column = {node: i for i, layer in enumerate(layers(graph)) for node in layer}
    assert all(column[a] < column[b] for a, b in graph.edges)


def test_a_focused_graph_shows_what_the_rule_reads_and_feeds(client: TestClient) -> None:
    """Focused on hard_cover, Graphviz draws the nodes `rulings graph --focus hard_cover` draws, and the legend."""
    from explain.diagram import diagram
    from tests.web.conftest import need_graphviz

    need_graphviz()
    svg = client.get("/graph/fantasy.svg", params={"focus": "hard_cover"})
    assert svg.headers["content-type"].startswith("image/svg+xml")
    root = ET.fromstring(svg.text)
    labels = {"".join(t.itertext()) for g in root.iter(f"{SVG}g") if g.get("class") == "node"
              for t in g.iter(f"{SVG}text")}
    wanted = {b.name for b in diagram(load_pack("fantasy"), focus="hard_cover").boxes}
    assert wanted <= labels and "moved" not in labels and "to_hit" in labels


def test_without_graphviz_the_graph_is_drawn_in_layers(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """No `dot` on PATH: the page still shows every node, in layers, the focus dimming what it does not touch."""
    from rulings.web import graph

    monkeypatch.setattr(graph.shutil, "which", lambda name: None)
    root = ET.fromstring(client.get("/graph/fantasy.svg", params={"focus": "hard_cover"}).text)
    classes = {g.get("data-node"): g.get("class", "") for g in root.iter(f"{SVG}g")}
    assert "focus" in classes["rule:hard_cover"]
    assert "dim" not in classes["fact:target.in_hard_cover"] and "dim" not in classes["quantity:to_hit"]
    assert "dim" in classes["rule:moved"]
    assert BOX_WIDTH > 0


def test_the_graph_page_inlines_the_svg(client: TestClient) -> None:
    page = client.get("/graph/wh40k", params={"focus": "heavy"})
    assert page.status_code == 200 and "<svg" in page.text and "focused on <strong>heavy</strong>" in page.text
    assert client.get("/graph/nonesuch").status_code == 404

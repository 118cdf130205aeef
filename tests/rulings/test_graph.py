"""`rulings graph`: Mermaid and DOT text of the dependency graph, labelled edges, policy groups, --focus,
a quantity, SVG through Graphviz, the checked-in pictures of the built-in packs, and the web page's focus."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

from explain.diagram import Box, Diagram, diagram, to_dot, to_mermaid
from kb.graph import dependency_graph
from kb.loader import load_pack
from rulings.cli import main

ROOT = Path(__file__).resolve().parents[2]
PACKS = ("fantasy", "skirmish", "wh40k")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def mermaid_nodes(text: str) -> dict[str, str]:
    """id -> label of every box in Mermaid text."""
    return {m[1]: m[2] for m in re.finditer(r'^\s+(n\d+)[\[({]+/?"(.*?)"/?[\])}]+:::\w+$', text, re.MULTILINE)}


def mermaid_edges(text: str) -> set[tuple[str, str, str]]:
    return {(m[1], m[2], m[3]) for m in re.finditer(r"^\s+(n\d+) -->\|(.*?)\| (n\d+)$", text, re.MULTILINE)}


@pytest.mark.parametrize("name", PACKS)
def test_the_checked_in_pictures_are_current(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/graphs/NAME.mmd is what `rulings graph NAME` prints: regenerate with
    `rulings graph NAME > docs/graphs/NAME.mmd`."""
    code, out, _ = run(capsys, "graph", name)
    assert code == 0
    assert (ROOT / "docs" / "graphs" / f"{name}.mmd").read_text(encoding="utf-8") == out, (
        f"docs/graphs/{name}.mmd is stale: rulings graph {name} > docs/graphs/{name}.mmd")


def test_the_docs_link_every_picture() -> None:
    page = (ROOT / "docs" / "graphs.md").read_text(encoding="utf-8")
    for name in PACKS:
        assert f"(graphs/{name}.mmd)" in page


def test_the_docs_drawing_is_the_commands_output(capsys: pytest.CaptureFixture[str]) -> None:
    page = (ROOT / "docs" / "graphs.md").read_text(encoding="utf-8")
    drawn = page.split("```mermaid\n", 1)[1].split("```", 1)[0]
    assert drawn == run(capsys, "graph", "fantasy", "--focus", "hard_cover")[1]


@pytest.mark.parametrize("name", PACKS)
def test_every_node_and_edge_of_the_dependency_graph_is_drawn(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    pack = load_pack(name)
    graph = dependency_graph(pack)
    out = run(capsys, "graph", name)[1]
    labels = mermaid_nodes(out)
    assert sorted(label.split("<br>")[0] for label in labels.values()) == sorted(n for _, n in graph)
    ids = {(label.split("<br>")[0]): i for i, label in labels.items()}
    edges = mermaid_edges(out)
    assert len(edges) == graph.number_of_edges()
    for (_, a), (_, b), roles in graph.edges(data="roles"):
        assert (ids[a], ", ".join(roles), ids[b]) in edges


def test_edges_say_what_they_mean(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "graph", "fantasy", "--format", "dot")[1]
    ids = dict(re.findall(r'^\s+(n\d+) \[label="([^"\\]*)', out, re.MULTILINE))
    name = {i: label.split("\\n")[0] for i, label in ids.items()}
    edges = {(name[a], label, name[b]) for a, b, label in re.findall(r'(n\d+) -> (n\d+) \[label="(.*?)"\]', out)}
    assert ("hard_cover.los", "derives", "target.in_hard_cover") in edges
    assert ("target.in_hard_cover", "condition", "hard_cover") in edges
    assert ("hard_cover", "modifies", "to_hit") in edges
    assert ("cover_never_stacks", "settles", "soft_cover") in edges
    assert ("natural_one_misses", "clamps", "to_hit") in edges
    assert ("shooter.bs", "base", "to_hit") in edges
    skirmish = run(capsys, "graph", "skirmish", "cc_dice")[1]
    assert "|per|" in skirmish and "|min|" in skirmish


def test_a_policys_rules_are_grouped_with_it(capsys: pytest.CaptureFixture[str]) -> None:
    dot = run(capsys, "graph", "fantasy", "--format", "dot")[1]
    cluster = dot.split('subgraph "cluster_cover_never_stacks" {', 1)[1].split("}", 1)[0]
    assert 'label="cover_never_stacks: exclusive"' in cluster
    assert all(f'label="{n}' in cluster for n in ("hard_cover\\n-2", "soft_cover\\n-1", "cover_never_stacks"))
    mermaid = run(capsys, "graph", "fantasy")[1]
    group = mermaid.split('["cover_never_stacks: exclusive"]\n', 1)[1].split("\n  end\n", 1)[0]
    assert sorted(re.findall(r'"(\w+)', group)) == ["cover_never_stacks", "hard_cover", "soft_cover"]


def test_focus_keeps_what_the_name_reads_and_feeds(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "graph", "fantasy", "--focus", "target.in_soft_cover")[1]
    names = {label.split("<br>")[0] for label in mermaid_nodes(out).values()}
    assert names == {"soft_cover.obscures", "soft_cover.los", "target.los", "shooter.los", "target.in_soft_cover",
                     "soft_cover", "to_hit"}


def test_a_quantity_keeps_what_bears_on_it(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "graph", "skirmish", "save")[1]
    names = {label.split("<br>")[0] for label in mermaid_nodes(out).values()}
    assert names == {"target.save", "target.dug_in_token", "dug_in", "threshold_limits", "save"}


@pytest.mark.parametrize(("argv", "message", "hint"), [
    (["graph", "fantasy", "--focus", "hard_covr"], "unknown rule, fact, policy or quantity 'hard_covr'",
     "did you mean 'hard_cover'"),
    (["graph", "fantasy", "to_hti"], "unknown quantity 'to_hti'", "did you mean 'to_hit'"),
    (["graph", "fantasy", "--format", "svg", "--focus", "nope"], "unknown rule, fact, policy or quantity", "hint:"),
])
def test_unknown_names_are_bad_input(argv: list[str], message: str, hint: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert message in err and hint in err


def test_svg_without_graphviz_says_what_to_do(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no dot program
    code, out, err = run(capsys, "graph", "fantasy", "--format", "svg")
    assert (code, out) == (2, "")
    assert "needs Graphviz's dot program" in err and "--format dot" in err


def fake_dot(folder: Path, script: str) -> None:
    program = folder / "dot"
    program.write_text("#!/bin/sh\n" + script, encoding="utf-8")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)


def test_svg_is_the_dot_text_drawn_by_graphviz(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # a stand-in for Graphviz: wraps what it reads in <svg>, so the test sees the DOT it was given and its -T
    fake_dot(tmp_path, 'echo "<svg format=\\"$1\\">"; cat; echo "</svg>"\n')
    monkeypatch.setenv("PATH", str(tmp_path) + os.pathsep + os.environ.get("PATH", ""))
    code, out, _ = run(capsys, "graph", "fantasy", "--format", "svg")
    assert code == 0
    dot = run(capsys, "graph", "fantasy", "--format", "dot")[1]
    assert out == f'<svg format="-Tsvg">\n{dot}</svg>\n'


def test_svg_when_graphviz_fails(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    fake_dot(tmp_path, 'echo "Error: syntax error in line 1" >&2; exit 1\n')
    monkeypatch.setenv("PATH", str(tmp_path))
    code, out, err = run(capsys, "graph", "fantasy", "--format", "svg")
    assert (code, out) == (2, "")
    assert "Graphviz's dot failed: Error: syntax error in line 1" in err


HOSTILE = 'a "quoted" \\ back|slash <b>#1</b> [x] {y} (z) `t`\nnext'


def test_labels_are_escaped() -> None:
    d = Diagram(HOSTILE, (Box("n0", "fact", HOSTILE), Box("n1", "rule", "r", HOSTILE, group="p"),
                          Box("n2", "policy", "p", group="p")),
                (("n0", "n1", HOSTILE),), (("p", HOSTILE),))
    dot = to_dot(d)
    # every DOT string ends where it should: outside strings only the syntax Rulings writes
    strings = re.findall(r'"(?:[^"\\]|\\.)*"', dot)
    outside = re.sub(r'"(?:[^"\\]|\\.)*"', '""', dot)
    assert "quoted" not in outside and "slash" not in outside and "<b>" not in outside
    assert any("a \\\"quoted\\\" \\\\ back|slash" in s for s in strings)
    assert "\nnext" not in dot.split("digraph", 1)[1].split("\n", 1)[1].replace("\n  ", "")
    mermaid = to_mermaid(d)
    body = "\n".join(line for line in mermaid.splitlines() if not line.startswith("%%"))
    for label in re.findall(r'"(.*?)"', body):
        assert not set(label.replace("<br>", "")) & set('"<>|[]{}()`'), label  # entities only (and our <br>)
    assert "#quot;quoted#quot;" in body and "#35;1" in body and "-->|a #quot;quoted" in body
    assert len(mermaid.splitlines()) == len(to_mermaid(Diagram("t", d.boxes, d.arrows, d.groups)).splitlines())


def test_the_web_page_focuses_on_the_same_nodes() -> None:
    from rulings.web.graph import graph_svg

    pack = load_pack("fantasy")
    svg = graph_svg(pack, focus="hard_cover")
    lit = {m[1] for m in re.finditer(r'<g class="n \w+(?: focus)?" data-node="\w+:([^"]+)"', svg)}
    assert lit == {b.name for b in diagram(pack, focus="hard_cover").boxes}

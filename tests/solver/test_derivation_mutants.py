"""A derivation's tree as JSON and as indented lines: checked where mutation testing found nothing watching
(`python tools/mutate.py solver/derivation.py`).

SPEC 3.2 writes a node as `{"claim", "because", "cite"}`; `lines` flattens the tree depth-first, each node with its
depth, and stops below `max_depth` (99 unless told).
"""

from __future__ import annotations

from solver.derivation import Node

LEAF = Node("the shooter has Ballistic Skill 3", cite="p. 5", tag="base")
MIDDLE = Node("-1 for moving", (LEAF,), "p. 7", "applied")
OTHER = Node("the target is in the open")
ROOT = Node("to hit: 5+", (MIDDLE, OTHER), None, "value")


def test_a_node_as_json_has_its_claim_its_reasons_and_its_citation_only() -> None:
    assert LEAF.to_json() == {"claim": "the shooter has Ballistic Skill 3", "because": [], "cite": "p. 5"}
    assert ROOT.to_json() == {
        "claim": "to hit: 5+",
        "because": [
            {"claim": "-1 for moving", "because": [
                {"claim": "the shooter has Ballistic Skill 3", "because": [], "cite": "p. 5"}], "cite": "p. 7"},
            {"claim": "the target is in the open", "because": [], "cite": None},
        ],
        "cite": None,
    }


def test_lines_go_depth_first_with_each_depth() -> None:
    assert ROOT.lines() == [(0, ROOT), (1, MIDDLE), (2, LEAF), (1, OTHER)]
    assert MIDDLE.lines(depth=3) == [(3, MIDDLE), (4, LEAF)]
    assert LEAF.lines() == [(0, LEAF)]


def test_lines_stop_at_the_depth_asked() -> None:
    assert ROOT.lines(0) == [(0, ROOT)]
    assert ROOT.lines(1) == [(0, ROOT), (1, MIDDLE), (1, OTHER)]
    assert ROOT.lines(2) == ROOT.lines()
    assert MIDDLE.lines(3, depth=3) == [(3, MIDDLE)]  # already at the depth asked: no children


def test_lines_stop_at_depth_99_unless_told() -> None:
    chain = Node("0")
    for i in range(1, 150):
        chain = Node(str(i), (chain,))
    lines = chain.lines()
    assert [d for d, _ in lines] == list(range(100))  # depths 0 to 99: a hundred lines
    assert lines[-1][1].claim == str(149 - 99)
    assert len(chain.lines(149)) == 150

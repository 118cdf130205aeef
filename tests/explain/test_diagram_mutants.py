"""`explain.diagram`, checked where mutation testing found nothing watching
(`python tools/mutate.py explain/diagram.py`).

The pack below is small enough to draw by hand: each expected line is written from the pack's rules and the
formats' own conventions (boxes listed facts first, quantities last, each kind by name; arrows by their ends).
"""

from __future__ import annotations

import pytest

from explain.diagram import Box, Diagram, _comment, _dot, _mermaid, diagram, to_dot, to_mermaid
from kb.errors import UnknownName
from tests.explain.fact_packs import yaml_pack

# A policy named like a rule (rattled) and one named like the quantity (dice): each box must take its detail,
# and is left out under a reading, by its own kind. Both exclusive policies settle shaken and flanked: they are
# drawn in the first one's box.
PACK = yaml_pack("tiny", """\
facts:
  unit.shaken: {type: bool}
  unit.flanked: {type: bool}
  unit.bases: {type: int, range: [1, 5]}
  unit.rattled: {type: bool, derive: "unit.shaken and unit.flanked"}
quantities:
  dice: {kind: pool, base: 4}
modifiers:
  shaken: {quantity: dice, change: -1, when: unit.shaken, under: {extra: "on", penalties: cumulative}}
  flanked: {quantity: dice, change: "-unit.bases", when: unit.flanked, per: unit.bases}
  rattled: {quantity: dice, change: -1, when: unit.rattled and unit.shaken}
policies:
  dice: {kind: clamp, quantity: dice, min: 1, under: {extra: "on"}}
  once: {kind: exclusive, rules: [shaken, flanked], under: {extra: "off", penalties: once}}
  rattled: {kind: exclusive, rules: [shaken, flanked]}
readings:
  penalties:
    sentence: a Shaken or Flanked unit suffers -1
    options: {cumulative: each status counts, once: one penalty in all}
    default: cumulative
  extra:
    sentence: an extra reading
    options: {"on": it applies, "off": it does not}
    default: "on"
""")

RULE = 'shape=box, style="filled,rounded", fillcolor="#fff7e6"'

WHOLE_DOT = "\n".join([
    'digraph "rules" {',
    '  graph [rankdir=LR, label="tiny", labelloc=t, fontname="Helvetica"];',
    '  node [fontname="Helvetica", fontsize=11, style=filled];',
    '  edge [fontname="Helvetica", fontsize=9, color="#888899"];',
    '  subgraph "cluster_once" {',
    '    label="once: exclusive, under extra: off, under penalties: once"; style="dashed,rounded"; color="#cc6677";',
    f'    n4 [label="flanked\\n- (unit.bases) per unit.bases", {RULE}];',
    f'    n6 [label="shaken\\n-1, under extra: on, under penalties: cumulative", {RULE}];',
    '    n8 [label="once", shape=hexagon, fillcolor="#fdecef"];',
    "  }",
    '  n0 [label="unit.bases", shape=box, fillcolor="#eef5ff"];',
    '  n1 [label="unit.flanked", shape=box, fillcolor="#eef5ff"];',
    '  n2 [label="unit.shaken", shape=box, fillcolor="#eef5ff"];',
    '  n3 [label="unit.rattled", shape=parallelogram, fillcolor="#dde9fb"];',
    f'  n5 [label="rattled\\n-1", {RULE}];',
    '  n7 [label="dice\\nclamp, under extra: on", shape=hexagon, fillcolor="#fdecef"];',
    '  n9 [label="rattled\\nexclusive", shape=hexagon, fillcolor="#fdecef"];',
    '  n10 [label="dice", shape=ellipse, fillcolor="#e9f7ec"];',
    '  n0 -> n4 [label="amount, per"];',
    '  n1 -> n3 [label="derives"];',
    '  n1 -> n4 [label="condition"];',
    '  n2 -> n3 [label="derives"];',
    '  n2 -> n5 [label="condition"];',
    '  n2 -> n6 [label="condition"];',
    '  n3 -> n5 [label="condition"];',
    '  n4 -> n10 [label="modifies"];',
    '  n5 -> n10 [label="modifies"];',
    '  n6 -> n10 [label="modifies"];',
    '  n7 -> n10 [label="clamps"];',
    '  n8 -> n4 [label="settles"];',
    '  n8 -> n6 [label="settles"];',
    '  n9 -> n4 [label="settles"];',
    '  n9 -> n6 [label="settles"];',
    "}",
])


def test_the_whole_pack_in_dot() -> None:
    """Every line of the picture: the settings, the group of `once` (its rules and itself, the policy's kind in
    the caption only), then the other boxes (a fact without a second line), then the arrows, one input read two
    ways with both roles."""
    assert to_dot(diagram(PACK)) == WHOLE_DOT


def test_a_rule_settled_twice_is_grouped_once() -> None:
    d = diagram(PACK)
    assert d.groups == (("once", "once: exclusive, under extra: off, under penalties: once"),)
    assert {b.name: b.group for b in d.boxes if b.kind in ("rule", "policy")} == {
        "flanked": "once", "shaken": "once", "rattled": None, "once": "once", "dice": None}


def test_each_box_takes_its_detail_from_its_own_kind() -> None:
    details = {(b.kind, b.name): b.detail for b in diagram(PACK).boxes}
    assert details[("rule", "rattled")] == "-1"
    assert details[("policy", "rattled")] == "exclusive"
    assert details[("policy", "dice")] == "clamp, under extra: on"
    assert details[("quantity", "dice")] == ""
    assert details[("fact", "unit.bases")] == ""


def names(d: Diagram) -> set[tuple[str, str]]:
    return {(b.kind, b.name) for b in d.boxes}


ALL = {("fact", "unit.bases"), ("fact", "unit.flanked"), ("fact", "unit.shaken"), ("derived", "unit.rattled"),
       ("rule", "flanked"), ("rule", "rattled"), ("rule", "shaken"), ("policy", "dice"), ("policy", "once"),
       ("policy", "rattled"), ("quantity", "dice")}


@pytest.mark.parametrize(("readings", "gone"), [
    ({}, set()),
    ({"penalties": "cumulative"}, {("policy", "once")}),
    # a reading not given keeps what is under any of its options: `once` stays under penalties: once alone
    ({"penalties": "once"}, {("rule", "shaken")}),
    # the quantity dice stays when the policy named dice goes
    ({"extra": "off"}, {("rule", "shaken"), ("policy", "dice")}),
    ({"extra": "off", "penalties": "cumulative"}, {("rule", "shaken"), ("policy", "once"), ("policy", "dice")}),
    ({"extra": "on", "penalties": "once"}, {("policy", "once"), ("rule", "shaken")}),
    ({"nothing": "at all"}, set()),
])
def test_readings_leave_out_what_is_not_in_force(readings: dict[str, str], gone: set[tuple[str, str]]) -> None:
    d = diagram(PACK, readings=readings)
    assert names(d) == ALL - gone


def test_under_one_reading_the_group_keeps_the_rules_in_force() -> None:
    d = diagram(PACK, readings={"penalties": "once"})
    assert d.groups == (("once", "once: exclusive, under extra: off, under penalties: once"),)
    assert {b.name for b in d.boxes if b.group == "once"} == {"once", "flanked"}


def test_rules_drawn_without_their_policy_have_no_group() -> None:
    """Around unit.flanked: what it feeds (unit.rattled, the rules flanked and rattled, dice), not the policies
    that settle flanked."""
    d = diagram(PACK, focus="unit.flanked")
    assert names(d) == {("fact", "unit.flanked"), ("derived", "unit.rattled"), ("rule", "flanked"),
                        ("rule", "rattled"), ("quantity", "dice")}
    assert d.groups == ()
    assert all(b.group is None for b in d.boxes)


def test_the_title_names_the_quantity_and_the_focus() -> None:
    assert diagram(PACK).title == "tiny"
    assert diagram(PACK, "dice").title == "tiny: dice"
    assert diagram(PACK, focus="flanked").title == "tiny, around flanked"
    assert diagram(PACK, "dice", focus="flanked").title == "tiny: dice, around flanked"


def test_an_unknown_quantity_or_focus_is_refused() -> None:
    with pytest.raises(UnknownName) as caught:
        diagram(PACK, "dise")
    assert "dise" in str(caught.value) and "dice" in str(caught.value)


def test_a_group_with_no_box_is_passed_over_and_the_next_drawn() -> None:
    d = Diagram("t", (Box("n0", "policy", "q", "exclusive", group="q"), Box("n1", "rule", "r", "-1", group="q")),
                (), (("p", "p: exclusive"), ("q", "q: exclusive")))
    assert to_mermaid(d).split("\n\n")[0] == "\n".join([
        "%% rulings graph: t",
        "flowchart LR",
        '  subgraph g_n0["q: exclusive"]',
        '    n0{{"q"}}:::policy',
        '    n1("r<br>-1"):::rule',
        "  end",
    ])


def test_mermaid_writes_a_line_break_as_a_space_and_keeps_other_letters() -> None:
    assert _mermaid("a\nb\rc") == "a b c"
    assert _mermaid("XX x") == "XX x"


def test_dot_drops_carriage_returns() -> None:
    assert _dot('a\r\nb "c" \\') == 'a\\nb \\"c\\" \\\\'


def test_a_comment_is_one_line() -> None:
    assert _comment("a\n  b\tc ") == "a b c"

"""A pack's dependency graph, its rule priorities and their cycles, checked where mutation testing found nothing
watching (`python tools/mutate.py kb/graph.py`).

Each expected edge is read off the small pack written here: a fact points at what reads it, with the part of the
entry that reads it (kb/graph.py's docstring lists the roles); a policy points at the rules it settles and the
quantity it bounds. Each expected cycle is traced by hand from the packs' `derive:` and policies.
"""

from __future__ import annotations

import networkx as nx
import pytest

from kb.errors import PackError, RuleCycle
from kb.graph import beats_graph, dependency_graph, derivation_order, one_cycle_each
from tests.solver.small_packs import pack

PACK = """\
pack: g
facts:
  a: {type: bool}
  b: {type: bool}
  n: {type: int, range: [0, 3], default: 0}
  more: {type: bool, derive: both or a}
  both: {type: bool, derive: a and b}
  idle: {type: bool}
quantities:
  save: {kind: score, base: 4 + n, automatic: b}
  lead:
    kind: total
    dice: 2D6
    passes: n + 6
    rerolls:
      - {name: again, reroll: failed, when: b and a}
      - {name: ones, reroll: ones, when: b}
  still: {kind: pool, base: 3}
modifiers:
  cover: {quantity: save, change: -1, when: more}
  aim: {quantity: [save, lead], change: "+n", when: a and n > 0, per: n}
  sneak: {quantity: lead, change: +1, when: b}
policies:
  trumps: {kind: override, rule: cover, over: [aim], when: b}
  floor: {kind: clamp, quantity: save, min: n, max: base + n}
  most: {kind: cap, quantity: lead, min: -1, max: 1}
  free: {kind: choice, quantity: lead, when: a}
  once: {kind: exclusive, rules: [sneak, aim], keep: strongest}
"""


def F(name: str) -> tuple[str, str]:
    return ("fact", name)


def Q(name: str) -> tuple[str, str]:
    return ("quantity", name)


def R(name: str) -> tuple[str, str]:
    return ("rule", name)


def P(name: str) -> tuple[str, str]:
    return ("policy", name)


def test_every_input_points_at_what_reads_it_with_how_it_reads_it() -> None:
    graph = dependency_graph(pack(PACK))
    assert {(a, b): d["roles"] for a, b, d in graph.edges(data=True)} == {
        (F("a"), F("both")): ("derives",),
        (F("b"), F("both")): ("derives",),
        (F("both"), F("more")): ("derives",),
        (F("a"), F("more")): ("derives",),
        (F("n"), Q("save")): ("base",),
        (F("b"), Q("save")): ("automatic",),
        (F("n"), Q("lead")): ("passes",),
        (F("a"), Q("lead")): ("re-roll",),
        (F("b"), Q("lead")): ("re-roll",),
        (F("more"), R("cover")): ("condition",),
        (R("cover"), Q("save")): ("modifies",),
        (F("a"), R("aim")): ("condition",),
        (F("n"), R("aim")): ("condition", "amount", "per"),
        (R("aim"), Q("save")): ("modifies",),
        (R("aim"), Q("lead")): ("modifies",),
        (F("b"), R("sneak")): ("condition",),
        (R("sneak"), Q("lead")): ("modifies",),
        (P("trumps"), R("cover")): ("settles",),
        (P("trumps"), R("aim")): ("settles",),
        (F("b"), P("trumps")): ("when",),
        (F("n"), P("floor")): ("min", "max"),
        (P("floor"), Q("save")): ("clamps",),
        (P("most"), Q("lead")): ("caps",),
        (F("a"), P("free")): ("when",),
        (P("free"), Q("lead")): ("permits ignoring",),
        (P("once"), R("sneak")): ("settles",),
        (P("once"), R("aim")): ("settles",),
    }


def test_every_fact_and_quantity_is_a_node_even_when_nothing_reads_it_and_base_is_none() -> None:
    graph = dependency_graph(pack(PACK))
    assert {F("idle"), Q("still")} <= set(graph)
    assert set(graph) == {
        F("a"),
        F("b"),
        F("n"),
        F("more"),
        F("both"),
        F("idle"),
        Q("save"),
        Q("lead"),
        Q("still"),
        R("cover"),
        R("aim"),
        R("sneak"),
        P("trumps"),
        P("floor"),
        P("most"),
        P("free"),
        P("once"),
    }


def test_derived_facts_come_after_their_inputs_whatever_order_they_are_written_in() -> None:
    assert derivation_order(pack(PACK)) == ("both", "more")


def priorities(*policies: str) -> str:
    return (
        "pack: b\nfacts:\n  a: {type: bool}\nquantities:\n  roll: {kind: roll, dice: D6}\nmodifiers:\n"
        + "".join(f"  {r}: {{quantity: roll, change: +1, when: a}}\n" for r in ("r1", "r2", "r3", "r4"))
        + "policies:\n"
        + "".join(f"  {p}\n" for p in policies)
    )


def test_an_override_beats_each_rule_it_overrides_and_an_exclusive_group_kept_first_orders_its_rules() -> None:
    beats = beats_graph(
        pack(
            priorities(
                "o: {kind: override, rule: r4, over: [r1, r2]}",
                "x: {kind: exclusive, rules: [r3, r2, r1], keep: first}",
                "s: {kind: exclusive, rules: [r4, r3], keep: strongest}",
            )
        )
    )
    assert {(a, b): d["policy"] for a, b, d in beats.edges(data=True)} == {
        ("r4", "r1"): "o",
        ("r4", "r2"): "o",
        ("r3", "r2"): "x",
        ("r3", "r1"): "x",
        ("r2", "r1"): "x",
    }


def test_a_cycle_among_derived_facts_is_refused_with_each_step_and_where() -> None:
    text = (
        "pack: c\nfacts:\n  a: {type: bool}\n  x: {type: bool, derive: y and a}\n  y: {type: bool, derive: z}\n"
        "  z: {type: bool, derive: x or a}\nquantities:\n  roll: {kind: roll, dice: D6}\n"
    )
    with pytest.raises(PackError) as caught:
        pack(text)
    (cycle,) = caught.value.problems
    assert isinstance(cycle, RuleCycle)
    assert cycle.message == "cycle: x -> z -> y -> x"  # z reads x, y reads z, x reads y
    assert cycle.cycle == ["x", "z", "y"]
    assert (cycle.where.path, cycle.where.line, cycle.where.column) == ("p.yaml", 4, 3)
    assert cycle.hint == (
        "break the cycle: a rule cannot depend on itself; z reads x at p.yaml:6:3; "
        "y reads z at p.yaml:5:3; x reads y at p.yaml:4:3"
    )
    assert [(n, str(w)) for n, w in cycle.members] == [("x", "p.yaml:4:3"), ("z", "p.yaml:6:3"), ("y", "p.yaml:5:3")]


def test_a_cycle_of_rule_priorities_is_refused_with_the_policy_of_each_step() -> None:
    with pytest.raises(PackError) as caught:
        pack(
            priorities(
                "o: {kind: override, rule: r2, over: [r1]}", "x: {kind: exclusive, rules: [r1, r3, r2], keep: first}"
            )
        )
    (cycle,) = caught.value.problems
    assert isinstance(cycle, RuleCycle)
    assert cycle.message == "cycle: r1 -> r2 -> r1"
    assert str(cycle.where) == "p.yaml:7:3"
    assert cycle.hint == (
        "break the cycle: a rule cannot depend on itself; r1 beats r2 by x at p.yaml:13:3; "
        "r2 beats r1 by o at p.yaml:12:3"
    )
    assert [(n, str(w)) for n, w in cycle.members] == [("r1", "p.yaml:7:3"), ("r2", "p.yaml:8:3")]
    assert [(p, str(w)) for p, w in cycle.policies] == [("x", "p.yaml:13:3"), ("o", "p.yaml:12:3")]


def test_each_cycle_is_reported_once_facts_first_then_priorities_each_in_the_packs_order() -> None:
    text = (
        "pack: c\nfacts:\n  a: {type: bool}\n  p: {type: bool, derive: q}\n  q: {type: bool, derive: p}\n"
        "  x: {type: bool, derive: x and a}\nquantities:\n  roll: {kind: roll, dice: D6}\nmodifiers:\n"
        "  r1: {quantity: roll, change: +1, when: a}\n  r2: {quantity: roll, change: +1, when: a}\n"
        "policies:\n  o: {kind: override, rule: r2, over: [r1]}\n  v: {kind: override, rule: r1, over: [r2]}\n"
    )
    with pytest.raises(PackError) as caught:
        pack(text)
    assert [p.message for p in caught.value.problems] == [
        "cycle: p -> q -> p",
        "cycle: x -> x",
        "cycle: r1 -> r2 -> r1",
    ]


def test_one_shortest_cycle_is_found_through_the_first_node_of_each_knot() -> None:
    graph = nx.DiGraph(
        [
            ("a", "b"),
            ("b", "c"),
            ("c", "d"),
            ("d", "a"),
            ("a", "c"),
            ("c", "a"),
            ("e", "f"),
            ("f", "g"),
            ("g", "e"),
            ("g", "h"),
            ("h", "h"),
            ("i", "a"),
        ]
    )
    assert one_cycle_each(graph, "abcdefghi".index) == [["a", "c"], ["e", "f", "g"], ["h"]]
    assert one_cycle_each(graph, "hgfedcbai".index) == [["h"], ["g", "e", "f"], ["d", "a", "c"]]


def test_a_graph_without_a_cycle_has_none() -> None:
    assert one_cycle_each(nx.DiGraph([("a", "b"), ("b", "c"), ("a", "c")]), "abc".index) == []


def test_a_knot_found_after_a_lone_node_that_reads_nothing_back_still_gets_its_cycle() -> None:
    """networkx finds the lone `c` (read by the knot, reading nothing) before the knot {a, b}: passing over `c`
    must not end the search."""
    graph = nx.DiGraph([("a", "b"), ("b", "a"), ("b", "c")])
    assert next(iter(nx.strongly_connected_components(graph))) == {"c"}
    assert one_cycle_each(graph, "abc".index) == [["a", "b"]]

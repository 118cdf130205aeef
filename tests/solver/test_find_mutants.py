"""Minimal situations (`solver.space.find`), checked where mutation testing found nothing watching
(`python tools/mutate.py solver/space/find.py`).

Every expected value is worked out by hand from the small packs written here: a pool of dice whose size is a
base plus one die for each rule that holds, a derived number `d.n` that is `f.n`, plus 2 when `f.a` holds, and
the like. A pool shows its value as `N dice`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import Any, TypeVar

import pytest

import solver.space.find as find_module
from kb.errors import RulingsError, UnknownName
from kb.model import FactType
from solver import Situation
from solver.derivation import Node
from solver.ruling import Applied, Clamped, Ruling
from solver.settle import Suppression
from solver.space.find import (
    ASKED_LIMIT,
    WIDEST,
    Found,
    _asked,
    _asked_before,
    _Found,
    _groups,
    _join,
    _producible_runs,
    _redundant,
    _widen,
    condense,
    counted_facts,
    find,
    merge_all,
    parse_where,
    ruling_fields,
    satisfies,
    search_facts,
)
from solver.space.model import Coverage, consistent
from tests.solver.small_packs import bools, pack, pack_text

T = TypeVar("T")
Asked = dict[Any, Ruling | None]
"""The rulings a search kept, by situation."""

POOL = "q: {kind: pool, base: 4}"
"""A pool of 4 dice: the quantity of most packs here."""


def plus_one(*facts: str) -> list[str]:
    """A rule of +1 die to q on each fact, named `m_FACT`."""
    return [f"m_{f}: {{quantity: q, change: +1, when: {f}}}" for f in facts]


THREE = pack_text(facts=bools("a", "b", "c"), quantities=POOL, modifiers=plus_one("a", "b", "c"))
"""4 dice, +1 for each of a, b and c: three interchangeable rules."""

DERIVED = pack_text(facts=["f.a: {type: bool}", "f.n: {type: int, range: [0, 4], default: 2}",
                           'd.n: {type: int, range: [0, 9], derive: "f.n + (2 if f.a else 0)"}'],
                    quantities=POOL, modifiers='r0: {quantity: q, change: +1, when: "d.n >= 4"}')
"""d.n is f.n (0 to 4, 2 by default), plus 2 when f.a holds: it can be 0 to 6, never 7 to 9. At 4 or more, +1."""

HIDDEN = pack_text(facts=["w.s: {type: int, range: [1, 3]}"],
                   quantities=[POOL, "damage: {kind: characteristic, characteristic: number}"],
                   modifiers="big: {quantity: [q, damage], change: +1, when: w.s >= 2}")
"""w.s has no default: a ruling that is not given it depends on it (4 or 5 dice; a damage of its base, or one more)."""

COUNTED = pack_text(facts=["n: {type: int, range: [1, 6], default: 1}", *bools("g1", "g2")],
                    quantities="q: {kind: pool, base: n}", modifiers=plus_one("g1", "g2"))
"""n dice, one more for each of g1 and g2 (interchangeable)."""


def described(found: Iterable[Found]) -> list[str]:
    """Each result as `find` shows it."""
    return [f.describe() for f in found]


def made(value: Any = 4, display: str = "4 dice", **fields: Any) -> Ruling:
    """A ruling made by hand, whose derivation says nothing of any rule."""
    return Ruling("p", "q", value, display, Node(f"q: {display}"), **fields)


# -- Found.describe and _Found.within ------------------------------------------------------------


def test_a_situation_is_described_as_its_facts_joined_by_commas() -> None:
    """Each fact is `name = value`, a range `low..high`, a choice `any k of ...`, all joined by `, `."""
    found = Found((("n", (3, 5)), ("g", True)), "", made(), ((1, ("h1", "h2")),))
    assert found.describe() == "n = 3..5, g = true, any 1 of h1, h2 = true"


def test_a_situation_of_no_facts_says_nothing_beyond_the_defaults() -> None:
    """A result that sets nothing says so, rather than being an empty line."""
    assert Found((), "4 dice", made()).describe() == "(nothing beyond the defaults)"
    assert described(find(pack(THREE), "q", "value == 4")) == ["(nothing beyond the defaults)"]


def test_a_set_found_counts_as_within_itself_and_any_larger_set_of_the_same_values() -> None:
    """A situation that sets exactly the facts of one found, to the same values, holds it."""
    seen = _Found()
    seen.add(frozenset({("a", True), ("n", 3)}))
    assert seen.within(frozenset({("a", True), ("n", 3)}))
    assert seen.within(frozenset({("a", True), ("n", 3), ("b", True)}))
    assert not seen.within(frozenset({("a", True), ("n", 4)}))
    assert not seen.within(frozenset({("a", True)}))


# -- parse_where ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "column", "problem"), [
    ("(value", 1, "'(' was never closed"),  # the bracket, the first character
    ("value >= 7 )", 12, "unmatched ')'"),  # the twelfth character
])
def test_a_where_that_does_not_parse_says_at_which_column_and_gives_an_example(
        text: str, column: int, problem: str) -> None:
    """The column counts from 1; the hint shows what a `--where` looks like."""
    with pytest.raises(RulingsError, match="invalid syntax") as info:
        parse_where(text)
    assert info.value.message == f"--where {text!r}: invalid syntax: {problem} (at column {column})"
    assert info.value.hint == 'e.g. --where "impossible" or --where "value >= 7"'


def test_a_where_over_other_fields_gives_its_own_example() -> None:
    """A sequence's `--where` reads other fields, and its hint shows one of its own."""
    fields = {"mean": FactType("int"), "chance": FactType("int")}
    with pytest.raises(RulingsError, match="never closed") as info:
        parse_where("mean >= 2 and (", fields, example='--where "mean >= 2"')
    assert info.value.hint == 'e.g. --where "mean >= 2"'


def test_an_unknown_name_is_an_unknown_ruling_field_and_the_hint_lists_the_fields() -> None:
    """Not an "unknown fact": a `--where` reads a ruling's fields, which the hint lists in their order."""
    with pytest.raises(RulingsError, match="unknown ruling field 'valu'") as info:
        parse_where("valu >= 7")
    assert info.value.message == "--where 'valu >= 7': unknown ruling field 'valu' (did you mean 'value'?)"
    assert info.value.hint == ("fields: value, modifier, impossible, automatic, probability, then, applied, "
                               "suppressed, ignored, clamped, assumptions, display")


def test_an_unknown_name_among_other_fields_is_called_what_the_caller_says() -> None:
    """A sequence's fields are "fields of a sequence", and the hint lists those fields."""
    fields = {"mean": FactType("int"), "chance": FactType("int")}
    with pytest.raises(RulingsError, match="unknown field of a sequence 'chanse'") as info:
        parse_where("mean >= 2 and chanse > 5", fields, what="field of a sequence")
    assert info.value.message == ("--where 'mean >= 2 and chanse > 5': unknown field of a sequence 'chanse' "
                                  "(did you mean 'chance'?)")
    assert info.value.hint == "fields: mean, chance"


# -- ruling_fields ----------------------------------------------------------------------------------


def test_every_field_of_a_ruling_is_read_with_rule_names_in_capitals() -> None:
    """Rule names are upper-cased (they compare without regard to case); a chance of 5/6 is 83 percent, rounded
    down; a ruling that is neither impossible nor automatic says so."""
    ruling = made(applied=(Applied("keen", "+1"),), suppressed=(Suppression("cover", "keen", "one_of"),),
                  ignored=("heavy",), clamped=(Clamped("most", 7, 6),), assumptions=("flat_ground",),
                  modifier=-1, then=2, probability=Fraction(5, 6), automatic=False)
    assert ruling_fields(ruling) == {
        "applied": {"KEEN"}, "suppressed": {"COVER"}, "ignored": {"HEAVY"}, "clamped": {"MOST"},
        "assumptions": {"FLAT_GROUND"}, "display": "4 dice", "value": 4, "modifier": -1, "then": 2,
        "probability": 83, "impossible": False, "automatic": False}


def test_a_sure_ruling_reads_as_automatic_at_a_hundred_percent() -> None:
    """A certain result is 100 percent (not more) and automatic."""
    fields = ruling_fields(made(2, "2+", probability=Fraction(1), automatic=True))
    assert (fields["probability"], fields["automatic"], fields["impossible"]) == (100, True, False)


@pytest.mark.parametrize("where", [
    "'Cover' in suppressed", "'HEAVY' in ignored", "'most' in clamped", "'flat_ground' in assumptions",
    "display == '4 dice'", "modifier == -1 and then == 2", "probability == 83 and not automatic",
])
def test_a_where_reads_each_field_of_a_ruling(where: str) -> None:
    """Each field a `--where` may name holds what the ruling says, rule names in any case."""
    ruling = made(suppressed=(Suppression("cover", "keen", "one_of"),), ignored=("heavy",),
                  clamped=(Clamped("most", 7, 6),), assumptions=("flat_ground",), modifier=-1, then=2,
                  probability=Fraction(5, 6), automatic=False)
    assert satisfies(ruling, parse_where(where))
    assert not satisfies(made(5, "5 dice", probability=Fraction(1, 6), automatic=True), parse_where(where))


# -- search_facts, counted_facts ------------------------------------------------------------------


POLICED = pack_text(
    facts=["f.k: {type: int, range: [0, 3], default: 0}", "f.cap: {type: int, range: [1, 9], default: 9}",
           "f.rcap: {type: int, range: [1, 9], default: 9}", *bools("g")],
    quantities=[POOL, "r: {kind: pool, base: 4}"], modifiers='more: {quantity: q, change: "+f.k"}',
    policies=["most: {kind: clamp, quantity: q, max: f.cap, when: g}",
              "rmost: {kind: clamp, quantity: r, max: f.rcap}"])
"""q gains f.k dice and is at most f.cap when g holds; r is at most f.rcap."""


def test_the_facts_a_quantity_counts_with_are_its_amounts_and_its_own_bounds() -> None:
    """q counts with its rule's amount f.k and its clamp's f.cap, not with r's bound f.rcap."""
    p = pack(POLICED)
    assert counted_facts(p, "q") == {"f.k", "f.cap"}
    assert counted_facts(p, "r") == {"f.rcap"}


def test_the_facts_searched_include_those_of_the_quantitys_policies() -> None:
    """The clamp's bound and condition bear on q's ruling: f.cap and g are searched beside f.k."""
    p = pack(POLICED)
    assert search_facts(p, "q") == ["f.k", "f.cap", "g"]
    assert search_facts(p, "r") == ["f.rcap"]


# -- find --------------------------------------------------------------------------------------------


def test_an_unknown_quantity_is_refused_with_the_name_meant() -> None:
    """A misspelt quantity is an unknown name, with its did-you-mean, not a search that finds nothing."""
    with pytest.raises(UnknownName, match="unknown quantity 'damaeg'") as info:
        find(pack(HIDDEN), "damaeg", "value >= 1")
    assert info.value.hint == "did you mean 'damage'?"


def test_only_the_facts_asked_for_are_searched() -> None:
    """Searching a alone: a is the one minimal situation (b and c, as good, are not searched)."""
    assert described(find(pack(THREE), "q", "value >= 5", facts=["a"])) == ["a = true"]
    assert described(find(pack(THREE), "q", "value >= 5")) == ["any 1 of a, b, c = true"]


def test_the_facts_given_do_not_count_against_the_limit() -> None:
    """Given a, one fact more (b or c) makes 6 dice, and a limit of two facts beyond those given holds every
    situation (a with b and c): the search is whole."""
    coverage = Coverage()
    found = find(pack(THREE), "q", "value >= 6", Situation(given={"a": True}), max_facts=2, coverage=coverage)
    assert described(found) == ["a = true, any 1 of b, c = true"]
    assert coverage.exhaustive


def test_the_limit_reached_is_recorded_with_how_to_raise_it() -> None:
    """7 dice with m_a among them needs all three facts: beyond a limit of 2, so the search says it stopped."""
    coverage = Coverage()
    assert find(pack(THREE), "q", "value >= 7 and 'm_a' in applied", max_facts=2, coverage=coverage) == []
    assert not coverage.exhaustive
    assert coverage.reasons == ["situations setting more than 2 facts beyond those given were not searched "
                                "(raise the limit with --max-facts)"]


def test_every_situation_searched_is_counted() -> None:
    """No situation of three yes/no facts reaches 8 dice: all 2 x 2 x 2 of them are searched, and counted."""
    coverage = Coverage()
    assert find(pack(THREE), "q", "value >= 8", coverage=coverage) == []
    assert (coverage.searched, coverage.exhaustive, coverage.reasons) == (8, True, [])


def test_a_counted_fact_too_wide_to_search_each_value_is_recorded() -> None:
    """A base of 0 to 200,000 is counted with but too wide to try each value: the search says it is not
    exhaustive, and why."""
    p = pack(pack_text(facts=["f.big: {type: int, range: [0, 200000], default: 0}"],
                       quantities="q: {kind: pool, base: f.big}"))
    coverage = Coverage()
    find(p, "q", "value == 3", coverage=coverage)
    assert coverage.reasons == ["f.big has too many values to search each one"]


def test_the_progress_shown_names_the_quantity_and_counts_every_outer_combination(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """s (no default) is left out or one of 5 values, t (default 3) left out or one of its 4 others: 6 x 5."""
    shown: list[tuple[str, int | None]] = []
    real = find_module.progress

    def watched(items: Iterable[T], what: str, total: int | None = None) -> Iterator[T]:
        shown.append((what, total))
        return real(items, what, total)

    monkeypatch.setattr(find_module, "progress", watched)
    p = pack(pack_text(facts=["s: {type: int, range: [1, 5]}", "t: {type: int, range: [1, 5], default: 3}"],
                       quantities="q: {kind: pool, base: s + t}"))
    assert described(find(p, "q", "value == 9")) == ["s = 4, t = 5", "s = 5, t = 4"]
    assert shown == [("find q", 30)]


JOINT = pack_text(facts=['a.n: {type: int, range: [1, 2]}', 'a.x: {type: int, range: [1, 3]}',
                         'a.y: {type: int, range: [1, 3]}'],
                  quantities=POOL, modifiers='above: {quantity: q, change: +1, when: "a.n > 1 and a.x > a.y"}')
"""`above` holds when n is 2 and x is above y: x and y are compared with each other."""


def test_by_default_every_pair_of_facts_compared_with_each_other_is_listed() -> None:
    """x above y: 2 or 3 over 1, and 3 over 2 (three pairs), each listed."""
    found = find(pack(JOINT), "q", "'above' in applied")
    assert described(found) == ["a.n = 2, a.x = 2..3, a.y = 1", "a.n = 2, a.x = 3, a.y = 2"]


def test_a_joint_search_takes_one_pair_for_each_class() -> None:
    """With `joint`, x above y is one class of pairs, found at its pair nearest the middle values: 2 over 1."""
    coverage = Coverage()
    found = find(pack(JOINT), "q", "'above' in applied", joint=True, coverage=coverage)
    assert described(found) == ["a.n = 2, a.x = 2, a.y = 1"]
    assert coverage.exhaustive


def test_a_decided_search_passes_over_rulings_that_depend_on_an_unknown_fact() -> None:
    """Not searching w.s, the ruling depends on it (4 or 5 dice, both at least 4): a result, unless only decided
    rulings are wanted."""
    found = find(pack(HIDDEN), "q", "value >= 4", facts=[])
    assert [(f.describe(), f.display) for f in found] == [("(nothing beyond the defaults)", "depends on w.s")]
    assert find(pack(HIDDEN), "q", "value >= 4", facts=[], decided=True) == []


def test_a_derived_fact_is_searched_beside_a_given_input() -> None:
    """Given f.n = 2 (its default), d.n can be 2 or, with f.a, 4: 5 dice need d.n = 4, and nothing else."""
    found = find(pack(DERIVED), "q", "value == 5", Situation(given={"f.n": 2}))
    assert described(found) == ["f.n = 2, d.n = 4"]


# -- _asked, _asked_before -------------------------------------------------------------------------------


def test_a_ruling_asked_with_facts_given_is_kept_for_the_next_search() -> None:
    """Facts alone (the given ones among them): the ruling is kept under them."""
    p, asked = pack(HIDDEN), Asked()
    ruling = _asked(asked, p, "q", Situation(given={"w.s": 2}), {"w.s": 2}, False)
    assert ruling is not None and ruling.display == "5 dice"
    assert list(asked.values()) == [ruling]


def test_a_ruling_asked_beyond_facts_is_asked_each_time_and_honours_decided() -> None:
    """With a base of 2 (not facts alone), nothing is kept; without w.s the damage is 2 or 3, which a search for
    decided rulings passes over."""
    p, asked = pack(HIDDEN), Asked()
    undecided = _asked(asked, p, "damage", Situation(base=2), {}, False)
    assert undecided is not None and undecided.display == "depends on w.s"
    assert [c.ruling.value for c in undecided.cases or ()] == [2, 3]
    assert _asked(asked, p, "damage", Situation(base=2), {}, True) is None
    decided = _asked(asked, p, "damage", Situation(base=2), {"w.s": 3}, True)
    assert decided is not None and decided.value == 3
    assert asked == {}


def test_a_decided_ruling_of_facts_alone_is_none_when_a_fact_it_needs_is_unknown() -> None:
    """Without w.s the pool is 4 or 5 dice: no decided ruling, and that answer is kept too."""
    p, asked = pack(HIDDEN), Asked()
    assert _asked(asked, p, "q", Situation(), {}, True) is None
    assert list(asked.values()) == [None]


def test_the_kept_rulings_are_dropped_at_the_limit_and_not_before() -> None:
    """At ASKED_LIMIT rulings kept, the next one asked starts afresh; one fewer, it is simply added."""
    p = pack(HIDDEN)
    full: Asked = dict.fromkeys(range(ASKED_LIMIT))
    ruling = _asked(full, p, "q", Situation(), {"w.s": 1}, True)
    assert ruling is not None and ruling.display == "4 dice"
    assert list(full.values()) == [ruling]
    nearly: Asked = dict.fromkeys(range(ASKED_LIMIT - 1))
    _asked(nearly, p, "q", Situation(), {"w.s": 1}, True)
    assert len(nearly) == ASKED_LIMIT


def test_the_rulings_kept_leave_the_packs_index_prunable() -> None:
    """A pack's index grown past 50,000 entries drops its consistency answers; the rulings a search kept are
    kept under a key like every other, so pruning works and keeps them."""
    p = pack(DERIVED)
    assert described(find(p, "q", "value == 5")) == ["d.n = 4..6"]
    p.index.update({("filler", i): i for i in range(50_001)})
    assert consistent(p, {"d.n": 2})  # f.n = 2 without f.a: not asked before, so asked past the limit
    assert [k for k in p.index if k[0] in ("consistent", "parts")] == [("consistent", (("d.n", 2),))]
    assert _asked_before(p)


# -- _groups -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["'x' in applied", "'x' in suppressed", "'x' in ignored", "'most' in clamped",
                                   "value >= 6 and 'most' in clamped"])
def test_rules_are_not_grouped_when_the_where_reads_rule_names(where: str) -> None:
    """a1..a3 are alike but for their names: a `where` that reads rule names tells them apart."""
    p = pack(pack_text(facts=bools("a1", "a2", "a3"), quantities=POOL, modifiers=plus_one("a1", "a2", "a3"),
                       policies="most: {kind: clamp, quantity: q, max: 6}"))
    assert _groups(p, "q", ["a1", "a2", "a3"], parse_where("value >= 6"), None) == [["a1", "a2", "a3"]]
    assert _groups(p, "q", ["a1", "a2", "a3"], parse_where(where), None) == []


# -- condense, merge_all, _join -----------------------------------------------------------------------------


def test_results_alike_but_for_their_choices_are_not_merged() -> None:
    """5 dice: n = 5, or n = 4 and one of g1, g2, or n = 3 and both. Adjacent n, but different choices."""
    found = find(pack(COUNTED), "q", "value == 5")
    assert described(found) == ["n = 3, any 2 of g1, g2 = true", "n = 4, any 1 of g1, g2 = true", "n = 5"]


def test_a_merged_result_shows_each_of_its_rulings() -> None:
    """n = 5 and n = 6 give 5 and 6 dice: one result, both rulings shown."""
    p = pack(pack_text(facts=["n: {type: int, range: [1, 6], default: 1}"], quantities="q: {kind: pool, base: n}"))
    (found,) = find(p, "q", "value >= 5")
    assert (found.describe(), found.display) == ("n = 5..6", "5 dice / 6 dice")


def test_condensing_results_already_condensed_changes_nothing() -> None:
    """A result holding a range is kept as it is: its range is not widened again."""
    p = pack(COUNTED)
    found = find(p, "q", "value >= 4 and value <= 5")
    assert described(found) == ["n = 2, any 2 of g1, g2 = true", "n = 3, any 1 of g1, g2 = true", "n = 4..5"]
    again = condense(p, [(dict(f.given), f.ruling) for f in found if not f.any_of])
    assert described(again) == ["n = 4..5"]


def test_rows_join_only_with_later_ones_and_never_with_themselves() -> None:
    """Joining equal rows leaves one of each: a row is never joined with itself, which would lose it."""
    assert merge_all([1, 1, 2, 2, 2], lambda a, b: a if a == b else None) == [1, 2]
    assert merge_all([3], lambda a, b: a if a == b else None) == [3]


def test_the_first_row_joins_too() -> None:
    """1 and 2 are adjacent: one run, the first row included."""
    assert merge_all([(1, 1), (2, 2)], lambda a, b: (a[0], b[1]) if a[1] + 1 == b[0] else None) == [(1, 2)]


@pytest.mark.parametrize(("a", "b", "joined"), [
    ({"n": 1}, {"n": 2}, {"n": (1, 2)}),
    ({"n": 2}, {"n": 1}, {"n": (1, 2)}),  # the later one below
    ({"n": (4, 5)}, {"n": 3}, {"n": (3, 5)}),
    ({"n": 1, "g1": True}, {"n": 2, "g1": True}, {"n": (1, 2), "g1": True}),
    ({"n": 1}, {"n": 3}, None),  # a gap between them
    ({"n": 4}, {"n": 1}, None),
    ({"g1": True}, {"g1": False}, None),  # not a number
    ({"n": 1, "g1": True}, {"n": 2, "g1": False}, None),  # two facts differ
    ({"n": 1}, {"n": 1}, None),  # nothing differs
])
def test_results_join_when_they_differ_in_adjacent_values_of_one_number(
        a: dict[str, Any], b: dict[str, Any], joined: dict[str, Any] | None) -> None:
    """Two results become one only when one int fact takes adjacent values (either way round), all else equal."""
    assert _join(pack(COUNTED), a, b) == joined


# -- _widen, _producible_runs, _redundant -----------------------------------------------------------------


def test_a_derived_number_is_widened_only_over_what_the_rest_of_the_situation_allows() -> None:
    """Given f.a false, d.n is f.n, 4 at most: of its class 4..9 only 4 is possible, shown alone."""
    found = find(pack(DERIVED), "q", "value == 5", Situation(given={"f.a": False}))
    assert described(found) == ["f.a = false, d.n = 4"]
    assert _widen(pack(DERIVED), {"f.a": True, "d.n": 5}) == {"f.a": True, "d.n": (4, 6)}


FAR = pack_text(facts=["f.a: {type: bool}", 'd.far: {type: int, range: [0, 2000], derive: "700 if f.a else 0"}',
                       "f.n: {type: int, range: [0, 4], default: 0}",
                       'd.same: {type: int, range: [0, 9], derive: "f.n"}'],
                quantities=POOL, modifiers=['m: {quantity: q, change: +1, when: "d.far >= 500"}',
                                            'k: {quantity: q, change: +1, when: "d.same >= 1"}'])
"""d.far can only be 0 or 700; d.same is f.n, 0 to 4."""


@pytest.mark.parametrize(("runs", "possible"), [
    (((0, WIDEST - 1),), ((0, 0), (700, 700))),  # exactly WIDEST values: each checked
    (((0, WIDEST),), ()),  # one more: none
    (((650, 750),), ((700, 700),)),
    (((0, 2), (690, 1500)), ((0, 0), (700, 700))),
])
def test_the_values_a_derived_number_can_take_are_checked_up_to_a_width(
        runs: tuple[tuple[int, int], ...], possible: tuple[tuple[int, int], ...]) -> None:
    """d.far is 0 or 700; a class of more than WIDEST values is not checked value by value."""
    assert _producible_runs(pack(FAR), "d.far", runs, {}) == possible


def test_each_value_of_a_run_is_checked_up_to_its_last() -> None:
    """d.same is f.n: every value of 1..3 is possible, and 5 (past the run) is never looked at."""
    assert _producible_runs(pack(FAR), "d.same", ((1, 3),), {}) == ((1, 3),)
    assert _producible_runs(pack(FAR), "d.same", ((1, 3), (4, 4)), {"f.a": True}) == ((1, 4),)


def test_a_derived_fact_given_what_the_rest_derives_is_redundant() -> None:
    """f.a with f.n at its default 2 derives d.n = 4: giving d.n = 4 besides says nothing more; 3 says something
    (and is impossible). Only derived facts are looked at: f.n given its default is not a derived fact."""
    p = pack(DERIVED)
    assert _redundant(p, {"f.a": True, "d.n": 4})
    assert _redundant(p, {"d.n": 2})
    assert not _redundant(p, {"f.n": 2, "d.n": 3})
    assert not _redundant(p, {"f.n": 2})
    assert not _redundant(p, {"f.a": True})



@pytest.mark.parametrize(("max_facts", "where"), [(2, "value >= 7"), (0, "value >= 6")])
def test_a_limit_that_cuts_a_group_short_is_no_exhaustive_search(max_facts: int, where: str) -> None:
    """Within the limit nothing is found, and the situations beyond it (more of the group holding) were never
    searched: the search must not claim there are no others."""
    coverage = Coverage()
    assert find(pack(THREE), "q", where, max_facts=max_facts, coverage=coverage) == []
    assert not coverage.exhaustive
    assert coverage.reasons == [find_module.LIMIT_STOP.format(max_facts=max_facts)]
    whole = Coverage()
    (found,) = find(pack(THREE), "q", where, max_facts=None, coverage=whole)
    assert whole.exhaustive and found.ruling.value >= 6


def test_a_limit_the_group_fits_in_leaves_the_search_whole() -> None:
    """With room for all three, the search reaches 7 dice and has nothing left beyond its limit."""
    coverage = Coverage()
    (found,) = find(pack(THREE), "q", "value >= 7", max_facts=3, coverage=coverage)
    assert coverage.exhaustive and found.ruling.value == 7



def test_a_derived_fact_the_user_gives_is_no_redundancy_of_the_search() -> None:
    """d given false (what z's default derives) is the user's: the search still sets x, and x = 3 is 5 dice."""
    waited = pack(pack_text(facts=["z: {type: int, range: [0, 3], default: 0}", 'd: {type: bool, derive: "z >= 2"}',
                                   "x: {type: int, range: [1, 3]}"],
                            quantities="q: {kind: pool, base: 4}",
                            modifiers='r1: {quantity: q, change: +1, when: "x >= 3"}'))
    coverage = Coverage()
    found = find(waited, "q", "value == 5", Situation(given={"d": False}), coverage=coverage)
    assert described(found) == ["d = false, x = 3"] and coverage.exhaustive
    assert _redundant(waited, {"d": False, "x": 3}) and not _redundant(waited, {"d": False, "x": 3}, {"d"})


def test_fantasy_six_shooting_penalties_lie_beyond_a_limit_of_five() -> None:
    """Seed (fantasy): six -1 shooting modifiers turn BS 3's 4+ into 10+, impossible, with no cover at all. A
    search of five facts cannot set all six and says it did not see every situation; a limit of six finds it."""
    from kb.loader import load_pack
    from solver import ask

    fantasy, given = load_pack("fantasy"), Situation(given={"shooter.bs": 3})
    penalties = ["shooter.moved", "shooter.stand_and_shoot", "special.multiple_shots", "special.quick_to_fire",
                 "special.sniper", "special.volley_fire"]
    assert ask(fantasy, "to_hit", given.with_given(dict.fromkeys(penalties, True))).impossible
    five = Coverage()
    found = find(fantasy, "to_hit", "impossible", given, max_facts=5, coverage=five)
    assert not five.exhaustive and all(sum(n for n, _ in f.any_of) <= 5 for f in found)
    six = find(fantasy, "to_hit", "impossible", given, max_facts=6)
    assert "shooter.bs = 3, any 6 of " + ", ".join(penalties) + " = true" in described(six)


"""A reading read by an expression (`reading.NAME == 'OPTION'`): loaded as an enum fact of its options, given
the option a ruling follows, listed with every option's answer where they differ, and refused where it is
misnamed."""

from __future__ import annotations

import pytest

from kb import PackError, RulingsError
from kb.document import read_yaml
from kb.loader import build_pack
from kb.model import Pack
from solver import Situation, ask
from solver.space.check import check_pack

READING = """readings:
  weight:
    sentence: the rule counts, perhaps twice
    default: once
    options: {once: it counts once, twice: it counts twice}
"""


def pack(body: str, readings: str = READING) -> Pack:
    text = "pack: rp\nfacts:\n  f.a: {type: bool, text: a holds}\n" + body + readings
    return build_pack([read_yaml(text, "rp.yaml")], "rp")


def test_a_reading_an_expression_reads_is_an_enum_fact_of_its_options_without_a_default() -> None:
    """The fact has the reading's options and no default (a ruling always gives it the option it follows); a
    reading no expression reads adds no fact."""
    p = pack("quantities:\n  q: {kind: score, base: \"3 if reading.weight == 'twice' else 4\", text: the score}\n")
    fact = p.facts["reading.weight"]
    assert (fact.type.kind, fact.type.values, fact.default) == ("enum", ("once", "twice"), None)
    assert fact.shown("twice") == "twice" and fact.text == "weight is read as {value}"
    unread = pack("quantities:\n  q: {kind: score, base: 4, text: the score}\n")
    assert not any(n.startswith("reading.") for n in unread.facts)


def test_a_ruling_follows_the_chosen_option_and_lists_each_where_they_differ() -> None:
    """A base that reads the reading: the default option's answer, then every option's; a situation's `reading:`
    or the fact given chooses another, and both ways agree."""
    p = pack("quantities:\n  q: {kind: score, base: \"3 if reading.weight == 'twice' else 4\", text: the score}\n")
    r = ask(p, "q", Situation())
    assert r.value == 4
    assert [(o.option, o.ruling.value, o.default) for o in r.readings or ()] == [("once", 4, True),
                                                                              ("twice", 3, False)]
    assert ask(p, "q", Situation(reading={"weight": "twice"})).value == 3
    assert ask(p, "q", Situation(given={"reading.weight": "twice"})).value == 3


def test_a_reading_read_through_a_derived_fact_and_a_condition_splits_the_ruling() -> None:
    """The reading may be read by a derived fact a rule's condition reads: the rule holds under one option only."""
    p = pack("  d.b: {type: bool, derive: \"f.a and reading.weight == 'twice'\", text: d holds}\n"
             "quantities:\n  q: {kind: score, base: 4, text: the score}\n"
             "modifiers:\n  r: {quantity: q, change: +1, when: d.b}\n")
    r = ask(p, "q", Situation(given={"f.a": True}))
    assert r.value == 4 and {o.option: o.ruling.value for o in r.readings or ()} == {"once": 4, "twice": 5}
    assert ask(p, "q", Situation(given={"f.a": False})).readings is None  # the same either way: not listed


def test_a_reading_chosen_twice_two_ways_is_refused() -> None:
    p = pack("quantities:\n  q: {kind: score, base: \"3 if reading.weight == 'twice' else 4\", text: the score}\n")
    with pytest.raises(RulingsError, match=r"reading\.weight is given as 'twice', but reading: chooses 'once'"):
        ask(p, "q", Situation(given={"reading.weight": "twice"}, reading={"weight": "once"}))


def test_check_finds_where_a_reading_read_by_arithmetic_splits_a_ruling() -> None:
    """A reading read inside arithmetic over several wide facts splits rulings only where several are set; the
    check finds such a situation near the typical values, and the check stays exhaustive."""
    p = pack("  f.n: {type: int, range: [0, 20], typical: 3, text: \"n is {value}\"}\n"
             "  f.m: {type: int, range: [0, 20], typical: 2, text: \"m is {value}\"}\n"
             "quantities:\n  q: {kind: score, base: \"min(f.n, f.m + (1 if reading.weight == 'twice' else 0))\","
             " text: the score}\n")
    findings = check_pack(p)
    split = [f for f in findings if f.kind == "reading_split"]
    assert len(split) == 1 and split[0].witness is not None
    r = ask(p, "q", Situation(given=dict(split[0].witness)))
    assert len({o.ruling.value for o in r.readings or ()}) == 2
    assert not [f for f in findings if f.kind == "unproven"]


@pytest.mark.parametrize(("body", "message"), [
    ("  reading.mine: {type: bool, text: mine}\nquantities:\n  q: {kind: score, base: 4, text: the score}\n",
     r"rp.yaml:4:3: fact 'reading.mine': names that begin with 'reading.' are the readings'"),
    ("quantities:\n  q: {kind: score, base: \"3 if reading.weight == 'thrice' else 4\", text: the score}\n",
     r"rp.yaml:5:\d+: quantities.q.base: 'thrice' is not a value of 'reading.weight' \(one of: 'once', 'twice'\)"),
    ("quantities:\n  q: {kind: score, base: \"3 if reading.other == 'x' else 4\", text: the score}\n",
     r"rp.yaml:5:\d+: quantities.q.base: 'reading.other' names no reading an expression can read: declared ones "
     r"are weight"),
])
def test_a_misnamed_reading_is_refused_where_it_is_written(body: str, message: str) -> None:
    with pytest.raises(PackError, match=message):
        pack(body)


def test_a_reading_that_decides_the_engines_work_is_no_fact() -> None:
    """`decides: non_reach` settles how keyword phrases read, not a rule: no expression may read it."""
    readings = READING + ("  reach:\n    sentence: non-X reaches\n    decides: non_reach\n    default: adjacent\n"
                          "    options: {adjacent: a, whole_list: b}\n")
    with pytest.raises(PackError, match=r"'reading\.reach' names no reading an expression can read: declared ones "
                                        r"are weight"):
        pack("quantities:\n  q: {kind: score, base: \"3 if reading.reach == 'adjacent' else 4\", text: the score}\n",
             readings)

"""Where errors come from and how they read: checked where mutation testing found nothing watching
(`python tools/mutate.py kb/errors.py`).

Each expected text is worked out by hand from the documented message format (`file:line:column: message`, a
second line `  hint: ...`), from `did_you_mean`'s description (at most three close names, `difflib`'s ratio of at
least 0.6) and from the classes' own descriptions.
"""

from __future__ import annotations

import pytest

from kb.errors import Contradiction, PackError, RuleCycle, RulingsError, Span, UnknownName, did_you_mean


def test_a_span_reads_as_file_line_column_and_as_the_file_alone_without_a_line() -> None:
    assert str(Span("shot.yaml", 3, 5)) == "shot.yaml:3:5"
    assert str(Span("shot.yaml", 12)) == "shot.yaml:12:0"
    assert str(Span("shot.yaml")) == "shot.yaml"
    assert str(Span("shot.yaml", 0, 7)) == "shot.yaml"
    assert (Span("a").line, Span("a").column) == (0, 0)


def test_did_you_mean_names_up_to_three_close_names_quoted_and_joined_with_or() -> None:
    assert did_you_mean("shooter.movd", ["shooter.moved", "target.los"]) == "did you mean 'shooter.moved'?"
    hint = did_you_mean("abcd", ["abce", "abcf", "abcg", "abch", "zzzz"])
    assert hint.startswith("did you mean ") and hint.endswith("?")
    assert hint.count(" or ") == 2 and hint.count("'") == 6 and "zzzz" not in hint
    # "abcd" itself scores 1, "abce" 2 * 3 / 8 = 0.75: the closer first
    assert did_you_mean("abcd", ["abce", "abcd"]) == "did you mean 'abcd' or 'abce'?"


def test_did_you_mean_keeps_a_name_exactly_at_the_cutoff_and_says_nothing_for_no_close_name() -> None:
    # "abcde" and "abcxy" share 3 of their 10 letters' worth: ratio 2 * 3 / 10 = 0.6, the cutoff itself
    assert did_you_mean("abcde", ["abcxy"]) == "did you mean 'abcxy'?"
    # "abcde" and "abxyz": 2 * 2 / 10 = 0.4, below
    assert did_you_mean("abcde", ["abxyz"]) == ""
    assert did_you_mean("abcde", []) == ""


def test_an_error_keeps_its_parts_and_reads_place_message_and_hint() -> None:
    e = RulingsError("bad value", where=Span("p.yaml", 4, 2), hint="try 3")
    assert (e.message, e.where, e.hint) == ("bad value", Span("p.yaml", 4, 2), "try 3")
    assert e.args == ("bad value",)
    assert str(e) == "p.yaml:4:2: bad value\n  hint: try 3"
    assert str(RulingsError("bad value")) == "bad value"
    assert str(RulingsError("bad value", where=Span("p.yaml", 1, 1))) == "p.yaml:1:1: bad value"
    assert str(RulingsError("bad value", hint="try 3")) == "bad value\n  hint: try 3"
    plain = RulingsError("x")
    assert (plain.where, plain.hint) == (None, "")


def test_a_pack_error_lists_its_problems_by_place_and_counts_them_when_more_than_one() -> None:
    one = PackError([RulingsError("only", where=Span("p.yaml", 2, 1), hint="h")])
    assert str(one) == "p.yaml:2:1: only\n  hint: h"
    assert (one.message, one.where, one.hint) == ("only", Span("p.yaml", 2, 1), "h")
    late = RulingsError("late", where=Span("p.yaml", 10, 1))
    early = RulingsError("early", where=Span("p.yaml", 9, 5))
    same_line = RulingsError("same line", where=Span("p.yaml", 9, 3))
    two = PackError([late, early])
    assert str(two) == "p.yaml:9:5: early\np.yaml:10:1: late\n2 errors"
    assert PackError([late, early, same_line]).problems == [same_line, early, late]


def test_a_problem_without_a_place_comes_before_every_placed_one() -> None:
    placed = RulingsError("placed", where=Span("A.yaml", 1, 1))
    nowhere = RulingsError("nowhere")
    assert PackError([placed, nowhere]).problems == [nowhere, placed]
    other = RulingsError("other file", where=Span("B.yaml", 1, 1))
    assert PackError([other, placed]).problems == [placed, other]


def test_an_unknown_name_suggests_a_close_name_or_lists_the_first_twelve_known_names() -> None:
    e = UnknownName("fact", "shooter.movd", ["target.los", "shooter.moved"], where=Span("s.yaml", 2, 3))
    assert str(e) == "s.yaml:2:3: unknown fact 'shooter.movd'\n  hint: did you mean 'shooter.moved'?"
    assert e.name == "shooter.movd" and e.message == "unknown fact 'shooter.movd'"
    known = [f"n{i:02}" for i in range(13, 0, -1)]  # n13 .. n01, given backwards
    far = UnknownName("rule", "zzzzzzzz", known)
    assert far.hint == "known: " + ", ".join(f"n{i:02}" for i in range(1, 13))
    assert far.where is None
    assert UnknownName("rule", "zzzzzzzz", []).hint == ""


def test_an_unknown_name_among_none_known_gives_the_callers_hint_and_only_then() -> None:
    """`none_known` says what to do when nothing is declared; a close or a listed name comes first."""
    bare = UnknownName("reading", "once", [], none_known="the pack declares no readings: remove reading:")
    assert str(bare) == "unknown reading 'once'\n  hint: the pack declares no readings: remove reading:"
    close = UnknownName("reading", "onse", ["once"], none_known="the pack declares no readings")
    assert close.hint == "did you mean 'once'?"
    far = UnknownName("reading", "zzzz", ["once"], none_known="the pack declares no readings")
    assert far.hint == "known: once"

def test_an_unknown_name_longer_than_an_excerpt_gets_no_suggestion() -> None:
    at_limit = "a" * 59 + "b"  # 60 characters: an excerpt shows it whole
    assert UnknownName("fact", at_limit, ["a" * 60]).hint == "did you mean '" + "a" * 60 + "'?"
    over = "a" * 60 + "b"  # 61 characters
    assert UnknownName("fact", over, ["a" * 61]).hint == "known: " + "a" * 61


def test_a_contradiction_keeps_its_place_hint_and_facts() -> None:
    e = Contradiction("both", where=Span("s.yaml", 1, 2), hint="drop one", facts=iter(["a.x", "b.y"]))
    assert str(e) == "s.yaml:1:2: both\n  hint: drop one"
    assert e.facts == ("a.x", "b.y")
    bare = Contradiction("both")
    assert (bare.facts, bare.hint, bare.where, str(bare)) == ((), "", None, "both")


def test_a_rule_cycle_reads_its_path_back_to_the_start_and_its_hint_with_its_steps() -> None:
    e = RuleCycle(["a", "b"], where=Span("p.yaml", 3, 1), steps=["a needs b", "b needs a"],
                  members=iter([("a", Span("p.yaml", 3, 1))]), policies=iter([("p", Span("p.yaml", 5, 1))]))
    assert str(e) == ("p.yaml:3:1: cycle: a -> b -> a\n"
                      "  hint: break the cycle: a rule cannot depend on itself; a needs b; b needs a")
    assert e.cycle == ["a", "b"]
    assert e.members == (("a", Span("p.yaml", 3, 1)),)
    assert e.policies == (("p", Span("p.yaml", 5, 1)),)
    bare = RuleCycle(["a"])
    assert bare.hint == "break the cycle: a rule cannot depend on itself" and bare.where is None
    assert (bare.members, bare.policies) == ((), ())


@pytest.mark.parametrize("cls", [PackError, UnknownName, Contradiction, RuleCycle])
def test_every_error_is_a_rulings_error(cls: type) -> None:
    assert issubclass(cls, RulingsError)

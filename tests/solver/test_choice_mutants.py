"""The ignore-modifiers choice, worded and bounded: checked where mutation testing found nothing watching
(`python tools/mutate.py solver/choice.py`).

The modifiers here are plain numbers added to 0 and a higher total is better, so every alternative is worked out by
hand: ignoring a -2 and a -1 and keeping two +1s gives 2, the best.
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from kb.errors import RulingsError, Span, UnknownName
from kb.model import Citation, Policy
from solver.arithmetic import Term
from solver.choice import MAX_WEIGHED, choose, same_change
from solver.derivation import Node

CHANGE = {"a": 1, "b": 1, "c": -2, "d": -1, "e": -1, "f": 1, "g": 1}
POLICY = Policy("ignore", "choice", Span("p"), cite=Citation("house", 4, "you may ignore any or all modifiers"))


def total(kept: list[str]) -> SimpleNamespace:
    value = sum(CHANGE[r] for r in kept)
    return SimpleNamespace(display=str(value), rank=value)


def by_change(name: str) -> int:
    return CHANGE[name]


def test_the_best_choice_ignores_what_worsens_and_keeps_what_improves() -> None:
    choice = choose(["a", "b", "c", "d"], total, None, POLICY, by_change)
    assert (choice.ignored, choice.explicit) == (("c", "d"), False)
    assert choice.best is not None and (choice.best.ignored, choice.best.display) == (("c", "d"), "2")
    assert choice.kinds == (("a", "b"),)  # the two +1s are interchangeable; c and d differ
    assert choice.weighed == 12  # 0-2 of the +1s, c or not, d or not
    # best first; ties: fewest ignored, then earliest names; ignoring nothing (-1) is among the first eight
    assert [(a.ignored, a.display) for a in choice.alternatives] == [
        (("c", "d"), "2"), (("c",), "1"), (("a", "c", "d"), "1"), (("d",), "0"), (("a", "c"), "0"),
        (("a", "b", "c", "d"), "0"), ((), "-1"), (("a", "d"), "-1")]
    assert choice.more == 4
    assert choice.explain() == Node(
        "choice (ignore): the controlling player may ignore any of them; best is ignoring c, d",
        (*(Node(f"ignoring {', '.join(a.ignored) or 'nothing'} gives {a.display}", tag="alternative")
           for a in choice.alternatives),
         Node("and 4 more choices, none better", tag="alternative"),
         Node("interchangeable, the same change (the earliest names are ignored first): a, b")),
        'house ¶4: "you may ignore any or all modifiers"', tag="ignored")


def test_ignoring_nothing_is_kept_even_when_it_is_worst() -> None:
    choice = choose(["c", "d"], total, None, POLICY, by_change)
    assert [(a.ignored, a.display) for a in choice.alternatives] == [
        (("c", "d"), "0"), (("c",), "-1"), (("d",), "-2"), ((), "-3")]
    assert choice.more == 0 and choice.kinds == ()


def test_one_more_choice_is_said_in_the_singular() -> None:
    """Two +1s and two -1s: nine ways; ignoring both +1s (-2) is the one not kept."""
    choice = choose(["a", "b", "d", "e"], total, None, POLICY, by_change)
    assert choice.weighed == 9 and choice.more == 1
    assert Node("and 1 more choice, none better", tag="alternative") in choice.explain().because
    assert choice.kinds == (("a", "b"), ("d", "e"))
    assert "interchangeable, the same change (the earliest names are ignored first): a, b; d, e" in [
        n.claim for n in choice.explain().because]


def test_two_more_choices_are_said_in_the_plural() -> None:
    """Four +1s and a -2: ten ways, and the two worst (ignoring three or four +1s, keeping the -2) are not kept."""
    choice = choose(["a", "b", "c", "f", "g"], total, None, POLICY, by_change)
    assert (choice.weighed, choice.more) == (10, 2)
    assert Node("and 2 more choices, none better", tag="alternative") in choice.explain().because


def test_the_same_change_under_another_name_is_the_same_kind() -> None:
    assert same_change(Term("Aura", "+", 1)) == same_change(Term("Banner", "+", 1))
    assert same_change(Term("Aura", "+", 1)) != same_change(Term("Aura", "+", Fraction(1)))  # an int stays an int
    assert same_change(Term("Aura", "+", 1)) != same_change(Term("Aura", "-", 1))


def test_without_kinds_every_modifier_is_its_own() -> None:
    choice = choose(["a", "b"], total, None, POLICY)
    assert choice.weighed == 4 and choice.kinds == ()
    assert (choice.ignored, choice.best and choice.best.display) == ((), "2")


def test_nothing_to_choose_from() -> None:
    choice = choose([], total, None, POLICY)
    assert (choice.ignored, choice.weighed, [a.display for a in choice.alternatives]) == ((), 1, ["0"])
    assert choice.explain().claim == ("choice (ignore): the controlling player may ignore any of them; best is "
                                      "ignoring nothing")


def test_the_situations_own_choice_is_honoured_and_the_better_one_named() -> None:
    choice = choose(["a", "b", "c", "d"], total, ["d"], POLICY, by_change)
    assert (choice.ignored, choice.explicit) == (("d",), True)
    node = choice.explain()
    assert node.claim == "choice (ignore): the situation chose ignoring d"
    assert node.because[0] == Node("the best choice would ignore c, d for 2")
    assert (choice.kinds, choice.weighed) == ((("a", "b"),), 12)
    modest = choose(["a", "b"], total, ["a"], POLICY, by_change)
    assert modest.explain().because[0] == Node("the best choice would ignore nothing for 2")
    same = choose(["a", "b", "c", "d"], total, ["d", "c"], POLICY, by_change)
    assert same.ignored == ("c", "d")  # in the order the modifiers count
    assert same.explain().because[0].claim.startswith("ignoring c, d gives 2")  # the best: nothing to add


def test_ignoring_a_modifier_that_does_not_count_is_refused() -> None:
    with pytest.raises(UnknownName, match=r"^unknown modifier to ignore 'f'\n  hint: known: a, b$"):
        choose(["a", "b"], total, ["f"], POLICY)


def test_too_many_ways_to_weigh_are_refused_unless_the_situation_chooses() -> None:
    names = [f"m{i:02}" for i in range(15)]  # 15 modifiers of their own: 2**15 = 32768 ways
    with pytest.raises(RulingsError) as caught:
        choose(names, lambda kept: SimpleNamespace(display="0", rank=0), None, POLICY)
    assert caught.value.message == (f"ignore: 15 modifiers could be ignored in 32768 ways that differ (how many of "
                                    f"each change), more than the {MAX_WEIGHED} weighed to find the best")
    assert caught.value.hint == ("choose yourself with ignore: [...] in the situation, or give fewer distinct "
                                 "effects")
    choice = choose(names, lambda kept: SimpleNamespace(display="0", rank=0), ["m03"], POLICY)
    assert (choice.ignored, choice.best, choice.alternatives, choice.explicit, choice.weighed) == (
        ("m03",), None, (), True, 32768)
    assert choice.explain().because[0] == Node(f"the best choice is not weighed: 32768 ways to choose how many of "
                                               f"each change to ignore, more than {MAX_WEIGHED}")
    assert MAX_WEIGHED == 2**14  # 14 distinct modifiers are still weighed
    twins = choose(names, lambda kept: SimpleNamespace(display="0", rank=0), ["m03"], POLICY,
                   lambda name: "twin" if name in ("m00", "m01") else name)  # 3 x 2**13 = 24576 ways
    assert (twins.kinds, twins.weighed) == ((("m00", "m01"),), 24576)
    assert [n.claim for n in twins.explain().because] == [
        f"the best choice is not weighed: 24576 ways to choose how many of each change to ignore, more than "
        f"{MAX_WEIGHED}", "interchangeable, the same change (the earliest names are ignored first): m00, m01"]
    assert choose(names[:14], lambda kept: SimpleNamespace(display="0", rank=0), None, POLICY).weighed == MAX_WEIGHED


def test_a_policy_without_a_citation_cites_nothing() -> None:
    plain = Policy("plain", "choice", Span("p"), chooser="the defender")
    node = choose(["c"], total, None, plain).explain()
    assert (node.claim, node.cite) == ("choice (plain): the defender may ignore any of them; best is ignoring c",
                                       None)

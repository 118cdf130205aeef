"""The ignore-modifiers choice (SPEC 4.3) against weighing every subset, and its bounds.

The reference here weighs every subset the plain way, scoring each with the
arithmetic; the solver instead chooses how many of each interchangeable kind
to ignore. Both must pick the same subset: the best outcome, then the fewest
ignored, then the earliest names in sorted order.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.json import ruling_json
from kb import RulingsError, load_pack
from solver import Effect, Situation, ask
from solver.arithmetic import Term
from solver.choice import MAX_WEIGHED, SHOWN, choose, same_change
from solver.kinds import Outcome, outcome

PACK = load_pack("wh40k")
POLICY = PACK.policies["ignore_modifiers"]
NAMES = "abcdefghijkl"
QUANTITIES = st.sampled_from([("A", 2), ("A", "D6"), ("M", 6), ("Sv", "4+"), ("AP", -1), ("Ld", "7+"),
                              ("hit_roll", 3), ("charge_roll", 7), ("dice_roll", 4)])


def weigh_every_subset(counting: Sequence[str], result: Callable[[list[str]], Outcome]
                       ) -> tuple[tuple[str, ...], dict[tuple[str, ...], Outcome]]:
    """The reference: every subset's outcome, and the best subset (best, then fewest, then earliest names)."""
    outcomes = {}
    for k in range(len(counting) + 1):
        for subset in combinations(counting, k):
            outcomes[subset] = result([r for r in counting if r not in subset])
    top = max(o.rank for o in outcomes.values())
    best = min((s for s, o in outcomes.items() if o.rank == top), key=lambda s: (len(s), sorted(s)))
    return best, outcomes


@st.composite
def choices(draw: st.DrawFn, most: int) -> tuple[str, Any, list[Term], tuple[str, ...] | None]:
    """A quantity and base, up to `most` named terms (one amount for every set), and maybe an explicit choice."""
    quantity, base = draw(QUANTITIES)
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=most, unique=True))  # not in sorted order
    set_to = draw(st.integers(1, 4))
    terms = []
    for name in names:
        op = draw(st.sampled_from("+-x/="))
        terms.append(Term(name, op, set_to if op == "=" else draw(st.integers(1, 3))))
    explicit = draw(st.none() | st.lists(st.sampled_from(names), unique=True).map(tuple))
    return quantity, base, terms, explicit


@settings(max_examples=300, deadline=None)
@given(choices(8))
def test_counts_per_kind_choose_what_every_subset_would(case: tuple[str, Any, list[Term], tuple[str, ...] | None]
                                                        ) -> None:
    quantity, base, terms, explicit = case
    q = PACK.quantities[quantity]
    by_name = {t.rule: t for t in terms}
    counting = [t.rule for t in terms]
    calls = []

    def result(kept: list[str]) -> Outcome:
        calls.append(tuple(kept))
        return outcome(q, base, [by_name[r] for r in kept], target=None)

    expected, outcomes = weigh_every_subset(counting, lambda kept: outcome(q, base, [by_name[r] for r in kept]))
    choice = choose(counting, result, explicit, POLICY, lambda r: same_change(by_name[r]))

    assert choice.best is not None
    assert choice.best.ignored == expected
    assert (choice.best.rank, choice.best.display) == (outcomes[expected].rank, outcomes[expected].display)
    assert choice.ignored == (tuple(r for r in counting if r in explicit) if explicit is not None else expected)
    assert choice.explicit == (explicit is not None)
    # what each kept alternative says is what that very subset gives, best first, ignoring nothing among them
    assert choice.alternatives[0] == choice.best
    for a in choice.alternatives:
        assert (a.rank, a.display) == (outcomes[a.ignored].rank, outcomes[a.ignored].display)
    ranks = [a.rank for a in choice.alternatives[:SHOWN]]
    assert ranks == sorted(ranks, reverse=True)
    assert () in [a.ignored for a in choice.alternatives]
    assert len(choice.alternatives) <= SHOWN + 1
    # one evaluation per way of choosing how many of each change: subsets that differ only in names are one
    changes = {tuple(sorted((by_name[r].op, by_name[r].amount) for r in s)) for s in outcomes}
    assert len(calls) == len(set(calls)) == len(changes)
    assert len(choice.alternatives) + choice.more == len(changes)


@settings(max_examples=60, deadline=None)
@given(choices(5))
def test_a_ruling_ignores_what_asking_without_each_subset_shows_best(
        case: tuple[str, Any, list[Term], tuple[str, ...] | None]) -> None:
    """End to end: the effects as a situation lists them, the reference asking again without each subset."""
    quantity, base, terms, explicit = case
    is_roll = PACK.quantities[quantity].kind == "roll"
    if quantity == "A" and base == "D6":
        base = 3  # a dice value has no single number to compare by; the first test weighs its mean
    listed = tuple(Effect(t.rule, t.change) for t in terms)
    place = {"base": None, "roll": base} if is_roll else {"base": base, "roll": None}
    ruling = ask(PACK, quantity, Situation(given={"unit.ignores_modifiers": True}, effects=listed, ignore=explicit,
                                           **place))

    def goodness(kept: tuple[Effect, ...]) -> Fraction:
        value = ask(PACK, quantity, Situation(effects=kept, **place)).value
        number = Fraction(int(str(value).rstrip("+")))
        return -number if PACK.quantities[quantity].better == "lower" else number

    names = [e.name for e in listed]
    scored = {s: goodness(tuple(e for e in listed if e.name not in s))
              for k in range(len(names) + 1) for s in combinations(names, k)}
    top = max(scored.values())
    expected = min((s for s, g in scored.items() if g == top), key=lambda s: (len(s), sorted(s)))
    assert ruling.choice is not None and ruling.choice.best is not None
    assert ruling.choice.best.ignored == expected
    assert ruling.ignored == (tuple(n for n in names if n in explicit) if explicit is not None else expected)


def test_equal_changes_ignore_the_earliest_names_first() -> None:
    """Three -1s and a +3 under a +-1 cap: ignoring any one -1 is best, and the one ignored is the earliest name,
    not the first listed."""
    counting = ["zeal", "aura", "mist", "bane"]
    terms = {"zeal": Term("zeal", "-", 1), "aura": Term("aura", "-", 1), "mist": Term("mist", "-", 1),
             "bane": Term("bane", "+", 3)}
    q = PACK.quantities["hit_roll"]

    def result(kept: list[str]) -> Outcome:
        net = sum(terms[r].signed for r in kept)
        return outcome(q, 3, [Term("net", "+", max(-1, min(1, net)))])

    choice = choose(counting, result, None, POLICY, lambda r: same_change(terms[r]))
    assert choice.best is not None
    assert (choice.ignored, choice.best.display) == (("aura",), "4")
    assert choice.kinds == (("aura", "mist", "zeal"),)
    listed = ask(PACK, "hit_roll", Situation(given={"unit.ignores_modifiers": True}, roll=3, effects=(
        Effect("zeal", "-1"), Effect("aura", "-1"), Effect("mist", "-1"), Effect("bane", "+3"))))
    assert (listed.value, listed.ignored) == (4, ("aura",))


def test_twenty_effects_weigh_counts_not_subsets(monkeypatch: pytest.MonkeyPatch) -> None:
    """20 ad-hoc effects on a characteristic: 11 x 11 ways to choose how many +1s and -1s, not 2^20 subsets;
    the JSON keeps a bounded number of alternatives."""
    import solver.ruling

    evaluations = []

    def counted(*args: Any, **kwargs: Any) -> Outcome:
        evaluations.append(1)
        return outcome(*args, **kwargs)

    monkeypatch.setattr(solver.ruling, "outcome", counted)
    effects = tuple(Effect(f"E{i:02d}", "+1" if i % 2 == 0 else "-1") for i in range(20))
    ruling = ask(PACK, "A", Situation(given={"unit.ignores_modifiers": True}, base=3, effects=effects))
    assert ruling.value == 13
    assert ruling.ignored == tuple(f"E{i:02d}" for i in range(1, 20, 2))
    assert len(evaluations) <= 11 * 11 + 1  # each count vector once, and the final ruling
    assert ruling.choice is not None
    assert len(ruling.choice.alternatives) <= SHOWN + 1
    assert len(ruling.choice.alternatives) + ruling.choice.more == 11 * 11
    assert len(json.dumps(ruling_json(ruling))) < 16_000


def test_too_many_distinct_changes_are_refused_not_guessed() -> None:
    """15 different amounts are 2^15 ways that differ: more than are weighed, so no best is claimed."""
    counting = [f"e{n}" for n in range(1, 16)]
    terms = {f"e{n}": Term(f"e{n}", "-", n) for n in range(1, 16)}
    calls = []

    def result(kept: list[str]) -> Outcome:
        calls.append(kept)
        return outcome(PACK.quantities["A"], 20, [terms[r] for r in kept])

    assert MAX_WEIGHED < 2 ** 15
    with pytest.raises(RulingsError, match=f"more than the {MAX_WEIGHED} weighed") as error:
        choose(counting, result, None, POLICY, lambda r: same_change(terms[r]))
    assert "ignore:" in error.value.hint
    assert calls == []
    chosen = choose(counting, result, ("e2", "e1"), POLICY, lambda r: same_change(terms[r]))
    assert (chosen.ignored, chosen.best, chosen.alternatives, calls) == (("e1", "e2"), None, (), [])
    assert "not weighed" in chosen.explain().because[0].claim

    effects = tuple(Effect(f"e{n}", f"-{n}") for n in range(1, 16))
    with pytest.raises(RulingsError, match="ways that differ"):
        ask(PACK, "A", Situation(given={"unit.ignores_modifiers": True}, base=200, effects=effects))
    honoured = ask(PACK, "A", Situation(given={"unit.ignores_modifiers": True}, base=200, effects=effects,
                                        ignore=("e15",)))
    assert (honoured.value, honoured.ignored) == (200 - sum(range(1, 15)), ("e15",))


def test_the_explanation_lists_a_few_alternatives_and_counts_the_rest() -> None:
    effects = tuple(Effect(f"E{i:02d}", "+1" if i % 2 == 0 else "-1") for i in range(16))
    ruling = ask(PACK, "A", Situation(given={"unit.ignores_modifiers": True}, base=3, effects=effects))
    assert ruling.choice is not None
    node = ruling.choice.explain()
    claims = [n.claim for n in node.because]
    assert claims[0] == "ignoring E01, E03, E05, E07, E09, E11, E13, E15 gives 11"
    assert "ignoring nothing gives 3" in claims
    assert f"and {9 * 9 - len(ruling.choice.alternatives)} more choices, none better" in claims
    assert any(c.startswith("interchangeable") and "E00, E02, E04" in c for c in claims)


def test_twenty_mixed_effects_are_weighed_not_refused() -> None:
    """Six kinds of change among 20 effects: 4 x 4 x 4 x 4 x 4 x 5 = 6,400 ways, within what is weighed."""
    wh40k = load_pack("wh40k")
    ops = ("+1", "-1", "+2", "-2", "x2", "/2")
    effects = tuple(Effect(f"E{i:02d}", ops[i % 6]) for i in range(20))
    ruling = ask(wh40k, "BS", Situation(given={"unit.ignores_modifiers": True}, base="3+", effects=effects))
    assert ruling.choice is not None and ruling.choice.best is not None
    assert ruling.value == "2+"  # the best a Ballistic Skill can be
    unchosen = ask(wh40k, "BS", Situation(given={"unit.ignores_modifiers": True}, base="3+", effects=effects,
                                          ignore=()))
    assert unchosen.value != "2+" and ruling.ignored

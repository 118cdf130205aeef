"""The situation search (`solver.space.search`), checked where mutation testing found nothing watching
(`python tools/mutate.py solver/space/search.py`).

Every expected value is worked out by hand from the small packs written here (a pool of 4 dice, one more or one
fewer for each rule that holds), or found by brute force: `ask` over every situation of a pack small enough to list.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import Any

import pytest

from kb.errors import RulingsError, UnknownName
from kb.model import Pack
from solver.ask import ask
from solver.situation import Situation
from solver.space.model import Coverage
from solver.space.search import (
    _allows,
    _reachable,
    base_inputs,
    candidate_facts,
    fact_values,
    frontier,
    in_pack_order,
    interchangeable,
    minimal_witnesses,
    situations,
    untangle,
)
from tests.solver.small_packs import bools, pack, pack_text

POOL = "q: {kind: pool, base: 4}"
"""A pool of 4 dice: the quantity of most packs here."""


def rule(name: str, when: str, change: str = "+1", more: str = "") -> str:
    """A rule `name` of q: `change` when `when` holds (`more`: further fields of the rule)."""
    return f"{name}: {{quantity: q, change: {change}, when: \"{when}\"{', ' + more if more else ''}}}"


# -- interchangeable ------------------------------------------------------------------------------------------------


def groups(old: Pack, new: Pack, facts: list[str], changed: tuple[str, ...] = ()) -> list[list[str]]:
    """The names of the rules of q that `interchangeable` groups, reading q's conditions in the new pack."""
    found = interchangeable(old, new, "q", facts, [m.when for m in new.modifiers_of("q")], changed)
    return [[m.name for m in group] for group in found]


ABC = bools("a", "b", "c")


def abc_pack(*, facts: list[str] = ABC, first: str = 'm_c: {quantity: q, change: +1, when: "c"}',
             more: tuple[str, ...] = (), **sections: str | list[str]) -> Pack:
    """+1 die on each of a and b, after `first` (by default +1 die on c), then the rules `more`."""
    return pack(pack_text(facts=facts, quantities=POOL,
                          modifiers=[first, rule("m_a", "a"), rule("m_b", "b"), *more], **sections))


def test_two_rules_of_the_same_constant_change_on_their_own_bool_facts_are_one_group() -> None:
    """Exactly two rules, +1 on a and +1 on b, read nowhere else: one group, in pack order."""
    p = pack(pack_text(facts=bools("a", "b"), quantities=POOL, modifiers=[rule("m_a", "a"), rule("m_b", "b")]))
    assert groups(p, p, ["a", "b"]) == [["m_a", "m_b"]]


def test_a_group_is_one_of_same_operation_and_amount() -> None:
    """+1 and -1 (same amount, another operation) and +2 make separate groups; a rule alone makes none."""
    p = pack(pack_text(facts=bools("a", "b", "c", "d", "e", "f", "g"), quantities=POOL, modifiers=[
        rule("up_a", "a"), rule("down_b", "b", "-1"), rule("up_c", "c"), rule("down_d", "d", "-1"),
        rule("two_e", "e", "+2"), rule("two_f", "f", "+2"), rule("times_g", "g", "x2")]))
    assert groups(p, p, list("abcdefg")) == [["up_a", "up_c"], ["down_b", "down_d"], ["two_e", "two_f"]]


def test_interchangeable_rules_give_the_same_dice_whichever_of_them_hold() -> None:
    """The group found is real: over every situation of the pack, `ask` gives as many dice for the same number of
    the group's facts holding, while the rule on c, which a rule on c and d also reads, is not in it."""
    p = pack(pack_text(facts=bools("a", "b", "c", "d"), quantities=POOL, modifiers=[
        rule("m_a", "a"), rule("m_b", "b"), rule("m_c", "c"), rule("cd", "c and d", "-2")]))
    assert groups(p, p, ["a", "b", "c", "d"]) == [["m_a", "m_b"]]
    dice: dict[tuple[int, bool, bool], set[int]] = {}
    for a, b, c, d in product([False, True], repeat=4):
        value = ask(p, "q", Situation(given={"a": a, "b": b, "c": c, "d": d})).value
        assert value == 4 + a + b + c - 2 * (c and d)
        dice.setdefault((a + b, c, d), set()).add(value)
    assert all(len(values) == 1 for values in dice.values())
    assert dice[1, True, False] != dice[1, False, True]  # which of c and d holds matters


@pytest.mark.parametrize(("why", "p", "changed"), [
    ("changed", abc_pack(), ("m_c",)),
    ("tied by a policy", abc_pack(more=(rule("m_d", "d"),), facts=[*ABC, "d: {type: bool}"],
                                  policies="one: {kind: exclusive, rules: [m_c, m_d]}"), ()),
    ("read by its own rule only through a negation", abc_pack(first=rule("m_c", "not c")), ()),
    ("read as a comparison", abc_pack(first=rule("m_c", "c == true")), ()),
    ("read twice", abc_pack(more=(rule("m_ce", "c and e", "-1"),), facts=[*ABC, "e: {type: bool}"]), ()),
    ("read through a derived fact", abc_pack(more=(rule("m_g", "g", "-1"),),
                                             facts=[*ABC, "e: {type: bool}", 'g: {type: bool, derive: "c or e"}']), ()),
    ("constrained", abc_pack(facts=[*ABC, "e: {type: bool}"], constraints='ce: {require: "not (c and e)"}'), ()),
    ("constrained through a derived fact", abc_pack(facts=[*ABC, "e: {type: bool}", 'g: {type: bool, derive: c}'],
                                                    constraints='ce: {require: "not (g and e)"}'), ()),
    ("true by default", abc_pack(facts=["c: {type: bool, default: true}", *bools("a", "b")]), ()),
    ("counted per die", abc_pack(first=rule("m_c", "c", more="per: n"),
                                 facts=[*ABC, "n: {type: int, range: [1, 3], default: 1}"]), ()),
    ("under a reading", abc_pack(first=rule("m_c", "c", more="under: {extra: more}"),
                                 readings="extra: {sentence: s, options: {more: m, less: l}, default: less}"), ()),
])
def test_a_rule_not_only_counted_leaves_the_group(why: str, p: Pack, changed: tuple[str, ...]) -> None:
    """m_c, first of three +1 rules, leaves the group of m_a and m_b when it is not simply one more rule that
    holds on its own fact (the others still make a group)."""
    assert groups(p, p, ["c", "a", "b"], changed=changed) == [["m_a", "m_b"]], why


def test_a_fact_outside_the_search_leaves_its_rule_out() -> None:
    """A rule whose fact the search does not vary (not among `facts`) joins no group."""
    p = abc_pack()
    assert groups(p, p, ["a", "b"]) == [["m_a", "m_b"]]
    assert groups(p, p, ["c", "a"]) == [["m_c", "m_a"]]


def test_a_rule_the_old_pack_lacks_or_ties_leaves_the_group() -> None:
    """Comparing two packs, a rule new in the new one, or tied by a policy of the old one only, joins no group."""
    new = abc_pack()
    without_c = pack(pack_text(facts=ABC, quantities=POOL, modifiers=[rule("m_a", "a"), rule("m_b", "b")]))
    assert groups(without_c, new, ["c", "a", "b"]) == [["m_a", "m_b"]]
    tied_before = abc_pack(more=(rule("m_d", "d"),), facts=[*ABC, "d: {type: bool}"],
                           policies="one: {kind: exclusive, rules: [m_c, m_d]}")
    assert groups(tied_before, new, ["c", "a", "b"]) == [["m_a", "m_b"]]
    assert groups(new, new, ["c", "a", "b"]) == [["m_c", "m_a", "m_b"]]


def test_rules_whose_amount_reads_a_fact_make_no_group() -> None:
    """Two rules of +k dice (k a fact) are not a constant change: only the +1 rules group."""
    p = abc_pack(first=rule("k_c", "c", "+k"), more=(rule("k_d", "d", "+k"),),
                 facts=[*ABC, "d: {type: bool}", "k: {type: int, range: [0, 3], default: 1}"])
    assert groups(p, p, ["c", "a", "b", "d"]) == [["m_a", "m_b"]]


# -- candidate_facts ------------------------------------------------------------------------------------------------


def test_candidate_facts_of_every_quantity_gather_each_quantitys_facts() -> None:
    """With no quantity named, the facts behind every quantity, the first's too, in pack order."""
    p = pack(pack_text(facts=bools("a", "b", "c"), quantities=[POOL, "r: {kind: pool, base: 2}"],
                       modifiers=[rule("m_a", "a"), "m_b: {quantity: r, change: +1, when: b}"]))
    assert candidate_facts(p, "q") == ["a"]
    assert candidate_facts(p, "r") == ["b"]
    assert candidate_facts(p) == ["a", "b"]


def test_an_unknown_quantity_is_named_as_a_quantity() -> None:
    """The error names what was not found: a quantity."""
    p = abc_pack()
    with pytest.raises(UnknownName, match=r"^unknown quantity 'qq'"):
        candidate_facts(p, "qq")


# -- situations: facts without a default, given when an expression waits for them -----------------------------------


def classes(found: list[dict[str, Any]], test: Callable[[dict[str, Any]], Any]) -> set[Any]:
    """What `test` says of each situation found (which class of values each falls in)."""
    return {test(s) for s in found}


X_OR_Y = pack(pack_text(facts=["x: {type: int, range: [1, 3]}", "y: {type: int, range: [1, 3]}"], quantities=POOL,
                        modifiers=rule("m", "x >= 2 or y >= 2")))
"""A rule on two facts without a default, x and y (1 to 3): x of 2 or more decides it alone."""

X_OR_Y_DERIVED = pack(pack_text(facts=["x: {type: int, range: [1, 3]}", "y: {type: int, range: [1, 3]}",
                                       'd: {type: bool, derive: "x >= 2 or y >= 2"}'],
                                quantities=POOL, modifiers=rule("m", "d")))
"""The same, through a derived fact d that the rule reads."""


@pytest.mark.parametrize("p", [X_OR_Y, X_OR_Y_DERIVED], ids=["direct", "derived"])
def test_a_fact_is_not_waited_for_by_an_expression_that_also_needs_a_fact_outside_the_search(p: Pack) -> None:
    """Searching x alone, the rule also needs y, which the search never gives: x is never given for it. Searching
    both, each is given, one value of each class (below 2, 2 or more): the four combinations."""
    assert list(situations(p, ["x"])) == [{}]
    both = list(situations(p, ["x", "y"]))
    assert len(both) == 4 and all(s.keys() == {"x", "y"} for s in both)
    assert classes(both, lambda s: (s["x"] >= 2, s["y"] >= 2)) == set(product([False, True], repeat=2))


def test_a_fact_without_a_default_that_nothing_reads_is_never_given() -> None:
    """w (no default) is read by no expression of the pack: nothing waits for it, so it is never given."""
    p = pack(pack_text(facts=["w: {type: int, range: [1, 3]}", *bools("a")], quantities=POOL, modifiers=rule("m", "a")))
    assert list(situations(p, ["w", "a"])) == [{}, {"a": True}]


def test_reachable_needs_every_fact_without_a_default_behind_the_names() -> None:
    """`_reachable`: a fact without a default outside `reach` makes the names unreachable, whatever comes before it;
    a fact with a default never does; a derived fact is reachable through its inputs, or given whole."""
    p = pack(pack_text(facts=["x: {type: int, range: [1, 3]}", "y: {type: int, range: [1, 3]}",
                              "k: {type: int, range: [0, 3], default: 0}",
                              'd: {type: bool, derive: "x >= 2 or y >= 2"}'],
                       quantities=POOL, modifiers=[rule("m", "d"), rule("n", "k >= 2")]))
    assert not _reachable(p, ["k", "x"], {"k"})
    assert not _reachable(p, ["x"], set())
    assert _reachable(p, ["k"], set())
    assert _reachable(p, ["k", "x"], {"x"})
    assert _reachable(p, ["d"], {"x", "y"})
    assert not _reachable(p, ["d"], {"x"})
    assert _reachable(p, ["d"], {"d"})


ONLY_DERIVED = pack(pack_text(facts=["x: {type: int, range: [1, 3]}", 'd: {type: bool, derive: "x >= 2"}'],
                              quantities=POOL))
"""x (1 to 3, no default) is read only by the derivation of d: whether d holds."""


def test_a_derivation_waits_for_its_input_unless_the_derived_fact_is_given() -> None:
    """d's derivation is an expression of the pack that x decides: x is given, one value of each class. With d given
    whole, nothing waits for x any more."""
    found = list(situations(ONLY_DERIVED, ["x"]))
    assert len(found) == 2 and classes(found, lambda s: s["x"] >= 2) == {True, False}
    assert list(situations(ONLY_DERIVED, ["x"], fixed={"d": True})) == [{"d": True}]


def test_an_expression_that_fails_on_the_defaults_waits_for_its_facts() -> None:
    """`x >= 2 or 6 // n >= 4` divides by n's default 0: it fails, so it counts as undecided and x is given (x of 2
    or more then decides it)."""
    p = pack(pack_text(facts=["x: {type: int, range: [1, 3]}", "n: {type: int, range: [0, 3], default: 0}"],
                       quantities=POOL, modifiers=rule("m", "x >= 2 or 6 // n >= 4")))
    found = list(situations(p, ["x"]))
    assert len(found) == 2 and classes(found, lambda s: s["x"] >= 2) == {True, False}


def in_blocks(values: list[Any]) -> bool:
    """Whether each value comes in one run: it changes only after every situation with the one before."""
    runs = [v for i, v in enumerate(values) if i == 0 or values[i - 1] != v]
    return len(runs) == len(set(runs))


def test_facts_waited_for_round_after_round_are_all_given() -> None:
    """x is waited for (rule r1). At x's typical value 2, d = x - k is 0 (k's default 2), so e's `6 // d` fails and e
    is undecided again (`a`, true by default, decided it while x was unknown): y, which e also reads, is waited for.
    Likewise y's typical 2 makes f's `6 // (y - j)` fail: z is waited for. Every situation gives x, y and z, one value
    of each class (x and y: 1, 2, 3; z: below 2 or not), the first fact's values changing the slowest."""
    p = pack(pack_text(facts=["x: {type: int, range: [1, 3]}", "y: {type: int, range: [1, 3]}",
                              "z: {type: int, range: [1, 3]}", "k: {type: int, range: [0, 3], default: 2}",
                              "j: {type: int, range: [0, 3], default: 2}", "a: {type: bool, default: true}",
                              'd: {type: int, range: [-3, 3], derive: "x - k"}'],
                       quantities=POOL, modifiers=[rule("r1", "x >= 3"), rule("e", "6 // d >= 1 or a or y >= 2"),
                                                   rule("f", "6 // (y - j) >= 1 or a or z >= 2")]))
    found = list(situations(p, ["x", "y", "z"]))
    assert len(found) == 18 and all(s.keys() == {"x", "y", "z"} for s in found)
    assert classes(found, lambda s: (s["x"], s["y"], s["z"] >= 2)) == set(product([1, 2, 3], [1, 2, 3], [False, True]))
    assert in_blocks([s["x"] for s in found]) and in_blocks([(s["x"], s["y"]) for s in found])


def rounds(h3: str) -> Pack:
    """x then y waited for in two rounds (e's `6 // d` fails at x's typical 2, d = x - k and k's default 2); with g
    given false, m (g's input) is free and unknown, so h and h2 wait for w and v at some values of x and w only; and
    h3 (`6 // (v - n) ...`, n's default 2) fails at v's typical 2, so u is waited for beside v."""
    return pack(pack_text(facts=["x: {type: int, range: [1, 3]}", "y: {type: int, range: [1, 3]}",
                              "w: {type: int, range: [1, 3]}", "v: {type: int, range: [1, 3]}",
                              "u: {type: int, range: [1, 3]}", "n: {type: int, range: [0, 3], default: 2}",
                              "k: {type: int, range: [0, 3], default: 2}", "m: {type: int, range: [0, 3], default: 0}",
                              "a: {type: bool, default: true}", 'd: {type: int, range: [-3, 3], derive: "x - k"}',
                              'g: {type: bool, derive: "m >= 2"}'],
                       quantities=POOL, modifiers=[rule("r1", "x >= 3"), rule("e", "6 // d >= 1 or a or y >= 2"),
                                                   rule("h", "(x <= 1 and w >= 2) or m >= 2"),
                                                   rule("h2", "(x <= 1 and w <= 1 and v >= 2) or m >= 2"),
                                                   rule("h3", h3)]))


def test_once_waiting_took_rounds_each_situation_is_checked_for_facts_its_values_wait_for() -> None:
    """As above, x then y are waited for (e's `6 // d` fails at x's typical 2). With g given false, m (g's input) is
    free and unknown, so h, `(x <= 1 and w >= 2) or m >= 2`, is undecided at x = 2 whatever w is; at x = 1, w decides
    it: w is given there, each class of it, and nowhere else. In turn, at x = 1 and w = 1 only, v decides h2, and at
    v's typical 2, h3's `6 // (v - n)` fails (n's default 2): u is waited for beside v, a second round there too."""
    p = rounds("6 // (v - n) >= 1 or a or u >= 2")
    found = list(situations(p, ["x", "y", "w", "v", "u"], fixed={"g": False}))

    def shown(s: dict[str, Any]) -> tuple[Any, ...]:
        """x, y's class, then w's class, v and u's class where given."""
        return s["x"], s["y"] >= 2, s["w"] >= 2 if "w" in s else None, s.get("v"), s["u"] >= 2 if "u" in s else None

    expected = {(x, y, None, None, None) for x in (2, 3) for y in (False, True)}
    expected |= {(1, y, True, None, None) for y in (False, True)}
    expected |= {(1, y, False, v, u) for y in (False, True) for v in (1, 2, 3) for u in (False, True)}
    assert [shown(s) for s in found if s.keys() - {"g", "x", "y", "w", "v", "u"}] == []
    assert classes(found, shown) == expected and len(found) == len(expected) == 18


def test_facts_waited_for_deeper_take_one_combination_per_class_when_joint() -> None:
    """With `joint`, u and v, waited for together at x = 1 and w = 1 and compared in h3 (`u > v`), take one pair of
    values for each v and each side of the comparison that can happen (none above 3): 5 pairs for each class of y,
    not all 9."""
    found = [s for s in situations(rounds("6 // (v - n) >= 1 or a or u > v"), ["x", "y", "w", "v", "u"],
                                   fixed={"g": False}, joint=True) if "u" in s]
    pairs = [(s["y"] >= 2, s["v"], s["u"] > s["v"]) for s in found]
    assert sorted(pairs) == sorted((y, v, above) for y in (False, True) for v in (1, 2, 3) for above in (False, True)
                                   if v < 3 or not above)


# -- situations: domain constraints (`_allows`) ---------------------------------------------------------------------


def allowed_subsets(p: Pack, facts: list[str], possible: Callable[[dict[str, Any]], bool]) -> set[frozenset[Any]]:
    """Brute force: each setting of the bool `facts` (True where set, default False) that `possible` keeps."""
    found = set()
    for values in product([False, True], repeat=len(facts)):
        given = {f: True for f, v in zip(facts, values, strict=True) if v}
        if possible(given):
            found.add(frozenset(given.items()))
    return found


def searched(p: Pack, facts: list[str]) -> set[frozenset[Any]]:
    """The situations the search gives, as sets of items."""
    return {frozenset(s.items()) for s in situations(p, facts)}


def test_a_constraint_reads_the_defaults_of_facts_left_out() -> None:
    """`not close or melee`: close alone breaks it (melee keeps its default, false), so every situation but that one
    comes, as brute force over the four says."""
    p = pack(pack_text(facts=bools("close", "melee"), quantities=POOL,
                       modifiers=[rule("c", "close"), rule("m", "melee")],
                       constraints='cm: {require: "not close or melee"}'))
    require = p.constraints["cm"].require
    assert not _allows(p, require, {"close": True})
    assert _allows(p, require, {"close": True, "melee": True})
    expected = allowed_subsets(p, ["close", "melee"], lambda g: not g.get("close") or bool(g.get("melee")))
    assert searched(p, ["close", "melee"]) == expected and len(expected) == 3


def test_a_constraint_on_a_derived_fact_reads_it_derived_from_the_given_facts() -> None:
    """`not g` with g derived as `a and b`: a and b together break it, though g is not given; either alone keeps it."""
    p = pack(pack_text(facts=[*bools("a", "b"), 'g: {type: bool, derive: "a and b"}'], quantities=POOL,
                       modifiers=[rule("m_a", "a"), rule("m_b", "b")], constraints='ng: {require: "not g"}'))
    require = p.constraints["ng"].require
    assert not _allows(p, require, {"a": True, "b": True})
    assert _allows(p, require, {"a": True})
    expected = allowed_subsets(p, ["a", "b"], lambda g: not (g.get("a") and g.get("b")))
    assert searched(p, ["a", "b"]) == expected and len(expected) == 3


BIG = pack(pack_text(facts=["n: {type: int, range: [0, 3], default: 0}", 'd: {type: bool, derive: "n >= 2"}',
                            *bools("big")], quantities=POOL, modifiers=[rule("m", "d"), rule("b", "big")],
                     constraints='c: {require: "not big or n >= 2"}'))
"""n (0 to 3, 0 by default), d when n is 2 or more, and big only with n of 2 or more."""


def test_a_derived_fact_given_frees_the_inputs_a_constraint_reads() -> None:
    """Given d (n of 2 or more), n's default 0 no longer holds: big with d keeps the constraint (n unknown), while big
    alone, on n's default, breaks it."""
    require = BIG.constraints["c"].require
    assert _allows(BIG, require, {"big": True, "d": True})
    assert not _allows(BIG, require, {"big": True})
    assert list(situations(BIG, [], fixed={"big": True, "d": True})) == [{"big": True, "d": True}]
    assert list(situations(BIG, [], fixed={"big": True})) == []


def test_a_constraint_the_defaults_break_holds_once_a_derived_fact_frees_its_fact() -> None:
    """`n >= 1` with n's default 0: the default situation breaks it, but given d (n of 2 or more) it holds."""
    p = pack(pack_text(facts=["n: {type: int, range: [0, 3], default: 0}", 'd: {type: bool, derive: "n >= 2"}'],
                       quantities=POOL, modifiers=rule("m", "d"), constraints='c: {require: "n >= 1"}'))
    assert _allows(p, p.constraints["c"].require, {"d": True})
    assert not _allows(p, p.constraints["c"].require, {})
    assert list(situations(p, [], fixed={"d": True})) == [{"d": True}]
    assert list(situations(p, [])) == []
    found = list(situations(p, ["n"]))  # n set to a value that keeps it: one of each class, 1 and 2 or 3
    assert all(s.keys() == {"n"} and s["n"] >= 1 for s in found) and classes(found, lambda s: s["n"] >= 2) == {
        False, True} and len(found) == 2


def test_a_fixed_derived_fact_its_fixed_inputs_cannot_produce_gives_no_situation() -> None:
    """d given true beside n = 1 (d is n >= 2) cannot happen: no situation; beside n = 3 it is the one situation."""
    assert list(situations(BIG, [], fixed={"d": True, "n": 1})) == []
    assert list(situations(BIG, [], fixed={"d": True, "n": 3})) == [{"d": True, "n": 3}]
    assert list(situations(BIG, [], fixed={"n": 1})) == [{"n": 1}]


# -- fact_values ----------------------------------------------------------------------------------------------------


def test_fact_values_of_a_situation_ask_refuses_are_its_plain_values() -> None:
    """A derived fact given against its inputs, or a broken constraint: the given values and the other defaults, as
    they are, never an error."""
    p = pack(pack_text(facts=[*bools("a", "b"), "k: {type: int, range: [0, 3], default: 2}",
                              'g: {type: bool, derive: "a and b"}'],
                       quantities=POOL, modifiers=rule("m", "g"), constraints='na: {require: "not (a and k >= 3)"}'))
    assert fact_values(p, {"a": True, "b": True, "g": False}) == {"a": True, "b": True, "k": 2, "g": False}
    assert fact_values(p, {"a": True, "k": 3}) == {"a": True, "b": False, "k": 3, "g": False}
    assert fact_values(p, {"a": True, "b": True}) == {"a": True, "b": True, "k": 2, "g": True}  # nothing refused


# -- minimal_witnesses ----------------------------------------------------------------------------------------------


COMPARED = pack(pack_text(facts=["x: {type: int, range: [1, 4]}", "y: {type: int, range: [1, 4]}"], quantities=POOL,
                          modifiers=rule("m", "x > y")))
"""x and y (1 to 4, no default), compared: the rule holds when x is the greater."""


def test_minimal_witnesses_list_every_combination_unless_joint() -> None:
    """By default every combination of x and y (16: no value of either is like another beside the other); `joint`
    takes one combination per class of the comparison: x greater, or not."""
    every = minimal_witnesses(COMPARED, lambda g: True, ["x", "y"], limit=100)
    assert {(s["x"], s["y"]) for s in every} == set(product(range(1, 5), repeat=2)) and len(every) == 16
    joint = minimal_witnesses(COMPARED, lambda g: True, ["x", "y"], limit=100, joint=True)
    assert len(joint) == 2 and classes(joint, lambda s: s["x"] > s["y"]) == {True, False}


# -- frontier -------------------------------------------------------------------------------------------------------


def test_frontier_follows_constraints_from_tie_to_tie() -> None:
    """a needs b, which needs c (defaults false): the rule on a reads a, but a search of a alone or with b only finds
    no situation where it holds; the frontier takes c too, and the smallest such situation sets all three."""
    p = pack(pack_text(facts=bools("a", "b", "c", "d"), quantities=POOL, modifiers=rule("m_a", "a"),
                       constraints=['ab: {require: "not a or b"}', 'bc: {require: "not b or c"}']))
    names = frontier(p, [p.modifiers["m_a"].when])
    assert names == ["a", "b", "c"]
    assert minimal_witnesses(p, lambda g: bool(g.get("a")), ["a", "b"]) == []
    assert minimal_witnesses(p, lambda g: bool(g.get("a")), names) == [{"a": True, "b": True, "c": True}]


# -- untangle, base_inputs, in_pack_order ---------------------------------------------------------------------------


def test_untangle_replaces_a_derived_fact_beside_its_inputs_round_after_round() -> None:
    """e is `d and a`, d is `x >= 2`: the base facts behind e are x and a. Beside x, e gives way to d and a, then d
    to x. A derived fact beside none of its inputs stays whole."""
    p = pack(pack_text(facts=["x: {type: int, range: [1, 3]}", *bools("a"), 'd: {type: bool, derive: "x >= 2"}',
                              'e: {type: bool, derive: "d and a"}'], quantities=POOL, modifiers=rule("m", "e")))
    assert base_inputs(p, [p.modifiers["m"].when]) == ["x", "a"]  # through d, which is no base fact
    assert untangle(p, {"e", "x"}) == {"x", "a"}
    assert untangle(p, {"d", "x"}) == {"x"}
    assert untangle(p, {"e"}) == {"e"}
    assert untangle(p, {"d", "a"}) == {"d", "a"}


def test_in_pack_order_is_the_order_the_pack_declares_not_the_alphabet() -> None:
    """Facts declared z, m, a come back z, m, a, whatever order they are given in."""
    p = pack(pack_text(facts=bools("z", "m", "a"), quantities=POOL, modifiers=[rule("r", "a and m and z")]))
    assert in_pack_order(p, {"a", "z"}) == ["z", "a"]
    assert in_pack_order(p, ["a", "m", "z"]) == ["z", "m", "a"]
    assert base_inputs(p, [p.modifiers["r"].when]) == ["z", "m", "a"]


# -- a fact waited for only at another value of the first ones ------------------------------------------------------

WAITED = pack(pack_text(facts=["z: {type: int, range: [0, 3], default: 0}", 'd: {type: bool, derive: "z >= 2"}',
                               "x: {type: int, range: [1, 3]}", "y: {type: int, range: [1, 3]}"],
                        quantities="q: {kind: pool, base: 4}",
                        modifiers=['r1: {quantity: q, change: +1, when: "x >= 3"}',
                                   'e: {quantity: q, change: +2, when: "(x <= 1 and y >= 2) or z >= 2"}']))
"""x has no default, so the search waits for it (r1); with d given false (z is then free), e is undecided at x's
first value whatever y is, and y decides it only at x = 1."""


def test_a_fact_that_decides_only_at_another_value_is_given_there() -> None:
    """Brute force: {d: False, x: 1, y: 2} is 6 dice (e holds); the search reaches it and the witness search finds
    it (it answered "no situation" with an exhaustive coverage when y was looked for at x's first value alone)."""
    ruling = ask(WAITED, "q", Situation(given={"d": False, "x": 1, "y": 2}))
    assert ruling.value == 6 and [a.rule for a in ruling.applied] == ["e"]
    found = list(situations(WAITED, ["x", "y"], fixed={"d": False}))
    assert any(s.get("x") == 1 and "y" in s for s in found), found

    def six(given: dict[str, Any]) -> bool:
        try:
            return bool(ask(WAITED, "q", Situation(given=given)).value == 6)
        except RulingsError:
            return False

    coverage = Coverage()
    witnesses = minimal_witnesses(WAITED, six, ["x", "y"], fixed={"d": False}, coverage=coverage)
    assert witnesses and all(six(w) for w in witnesses)


# -- a chosen derived fact frees the inputs a constraint reads ------------------------------------------------------

BIG = pack(pack_text(facts=["n: {type: int, range: [0, 3], default: 0}", 'd: {type: bool, derive: "n >= 2"}',
                            *bools("big")], quantities="q: {kind: pool, base: 4}",
                     modifiers=['m: {quantity: q, change: +1, when: "d"}', 'b: {quantity: q, change: +1, when: "big"}'],
                     constraints='c: {require: "not big or n >= 2"}'))
"""big needs n of 2 or more (n is 0 by default); d says n >= 2, so big with d given keeps the constraint."""


def test_a_constraint_is_checked_with_the_derived_fact_that_frees_its_input() -> None:
    """Brute force: big with d is a situation of 6 dice. The search over big and d gives it, and the witness search
    finds big (it answered none, exhaustively, judging big on n's default alone)."""
    assert ask(BIG, "q", Situation(given={"big": True, "d": True})).value == 6
    assert {"big": True, "d": True} in list(situations(BIG, ["big", "d"]))
    coverage = Coverage()
    found = minimal_witnesses(BIG, lambda g: bool(g.get("big")), ["big", "d"], coverage=coverage)
    assert found == [{"big": True, "d": True}]


# -- every constraint at once -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["wh40k", "skirmish"])
def test_a_situation_keeps_every_constraint_at_once_exactly_when_it_keeps_each(name: str) -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from kb.loader import load_pack
    from solver.space.model import values_of
    from solver.space.search import _allows, _allows_all

    pack = load_pack(name)
    requires = [c.require for c in pack.constraints.values()]
    facts = sorted({n for r in requires for n in r.names if n in pack.facts})
    # each fact a constraint reads: left out, or one value of each of its classes (a derived one given whole)
    choices = {f: [None, *values_of(pack, f)] for f in facts}

    @settings(max_examples=200, deadline=None)
    @given(st.fixed_dictionaries({f: st.sampled_from(vs) for f, vs in choices.items()}))
    def agree(drawn: dict[str, Any]) -> None:
        situation = {f: v for f, v in drawn.items() if v is not None}
        assert _allows_all(pack, requires, situation) == all(_allows(pack, r, situation) for r in requires)

    agree()

"""A situation's facts (defaults, derived facts, constraints) and why a condition held, checked where mutation
testing found nothing watching (`python tools/mutate.py solver/facts.py`).

Every expected value is worked out from the small packs written here: a bool fact without a default is false
unless given, a derived fact is its `derive:` expression of its inputs, and a constraint's `require:` must hold.
"""

from __future__ import annotations

from typing import Any

import pytest

from kb.errors import Contradiction
from kb.expr import parse_expr
from kb.model import Pack
from solver import consistent
from solver.ask import Assumed
from solver.derivation import Node
from solver.facts import derive_facts, explain_condition
from tests.solver.small_packs import pack

TEXT = """\
pack: f
sources:
  core: {title: Core, paragraphs: {1: A moving shooter is never at range 0., 2: Cover counts.}}
plurals: {SPACE WOLF: SPACE WOLVES}
facts:
  a: {type: bool, text: the shooter moved}
  b: {type: bool, default: false, text: the target is in cover, cite: {source: core, paragraph: 2}}
  n: {type: int, range: [0, 3], default: 1, text: "the range band is {value}"}
  m: {type: int, range: [0, 3], text: "the height is {value}"}
  kw: {type: keywords, default: [], text: "the unit's keywords"}
  both: {type: bool, derive: a and b, text: both hold}
  far: {type: bool, derive: n >= 2, text: the target is far}
  high: {type: bool, derive: m >= 0, text: the target is high}
  edge: {type: bool, derive: m >= n, text: the edge is reached}
  deep: {type: bool, derive: far and not b, text: the attack is deep}
quantities:
  roll: {kind: roll, dice: D6}
constraints:
  still: {require: not (a and n == 0), text: a moving shooter is never at range 0, cite: {source: core, paragraph: 1}}
  plain: {require: "not (b and n == 3 and 'SPACE WOLF' in kw)"}
"""


@pytest.fixture(scope="module")
def p() -> Pack:
    return pack(TEXT)


def contradiction(p: Pack, given: dict[str, Any]) -> Contradiction:
    with pytest.raises(Contradiction) as caught:
        derive_facts(p, given)
    return caught.value


def assumed(given: dict[str, Any], *names: str) -> Assumed:
    out = Assumed(given)
    out.assumed = frozenset(names)
    return out


# -- the values a situation has -------------------------------------------------------------------------------------


def test_a_situation_has_its_defaults_then_its_derived_facts(p: Pack) -> None:
    # a is false and b defaults to false, so both is false; n defaults to 1, so far is false; any height is 0 or
    # more, so high is true whatever m is; edge reads m, unknown, against 1: it stays open; far is false, so deep
    assert derive_facts(p, {}) == {
        "a": False,
        "b": False,
        "n": 1,
        "kw": frozenset(),
        "both": False,
        "far": False,
        "high": True,
        "deep": False,
    }


def test_given_facts_replace_the_defaults_and_feed_the_derived_ones(p: Pack) -> None:
    values = derive_facts(p, {"a": True, "b": True, "n": 3, "m": 2})
    assert values == {
        "a": True,
        "b": True,
        "n": 3,
        "m": 2,
        "kw": frozenset(),
        "both": True,
        "far": True,
        "high": True,
        "edge": False,
        "deep": False,
    }


def test_a_given_derived_fact_frees_its_inputs_from_their_defaults(p: Pack) -> None:
    values = derive_facts(p, {"both": True})
    assert values == {"n": 1, "kw": frozenset(), "both": True, "far": False, "high": True, "deep": False}


def test_a_derived_fact_given_as_its_inputs_make_it_is_kept(p: Pack) -> None:
    assert derive_facts(p, {"far": True, "n": 2})["far"] is True
    assert derive_facts(p, {"both": False, "a": True})["both"] is False  # b is free: false makes both false


def test_a_keyword_is_known_in_both_its_forms_whatever_collection_gives_it(p: Pack) -> None:
    for given in (["SPACE WOLF"], ("SPACE WOLF",), {"SPACE WOLF"}, frozenset({"SPACE WOLF"})):
        assert derive_facts(p, {"kw": given})["kw"] == frozenset({"SPACE WOLF", "SPACE WOLVES"})
    assert derive_facts(p, {"kw": ["SPACE WOLVES"]})["kw"] == frozenset({"SPACE WOLF", "SPACE WOLVES"})


def test_without_plurals_keywords_are_kept_as_given() -> None:
    plain = pack("pack: k\nfacts:\n  kw: {type: keywords, default: []}\nquantities:\n  roll: {kind: roll, dice: D6}\n")
    assert derive_facts(plain, {"kw": ["SPACE WOLF"]})["kw"] == ["SPACE WOLF"]


# -- contradictions -------------------------------------------------------------------------------------------------


def test_a_derived_fact_its_given_inputs_contradict_names_them(p: Pack) -> None:
    error = contradiction(p, {"both": True, "b": False})
    assert error.message == "both is given as true, but b = false derive false"
    assert error.hint == "both is derived from: a and b; give either it or its inputs"
    assert error.facts == ("both", "b")
    far = contradiction(p, {"far": True, "n": 1})
    assert (far.message, far.facts) == ("far is given as true, but n = 1 derive false", ("far", "n"))


def test_a_derived_fact_a_case_assumes_is_held_to_its_inputs_defaults(p: Pack) -> None:
    error = contradiction(p, assumed({"both": True}, "both"))
    assert error.message == "both is given as true, but a = false (its default), b = false (its default) derive false"
    assert error.facts == ("both", "a", "b")


def test_a_derived_fact_a_case_assumes_keeps_the_inputs_it_can_come_from(p: Pack) -> None:
    values = derive_facts(p, assumed({"far": True, "n": 3}, "far"))
    assert (values["far"], values["n"], values["deep"]) == (True, 3, True)
    values = derive_facts(p, assumed({"both": True, "a": True, "b": True}, "both"))
    assert values["both"] is True


def test_a_case_assuming_a_derived_fact_its_free_inputs_can_make_keeps_it(p: Pack) -> None:
    values = derive_facts(p, assumed({"edge": True, "n": 2}, "edge"))
    assert (values["edge"], values["n"]) == (True, 2)
    error = contradiction(p, assumed({"high": False}, "high"))
    assert error.message == "high is given as false, but no value of m derives it"


def test_a_derived_fact_no_value_of_its_free_inputs_makes_is_refused(p: Pack) -> None:
    error = contradiction(p, {"high": False})
    assert error.message == "high is given as false, but no value of m derives it"
    assert (error.hint, error.facts) == ("high is derived from: m >= 0; give either it or its inputs", ("high",))
    alone = pack(
        "pack: e\nfacts:\n  n: {type: int, range: [0, 3], default: 1}\n  m: {type: int, range: [0, 3]}\n"
        "  edge: {type: bool, derive: m >= n}\nquantities:\n  roll: {kind: roll, dice: D6}\n"
    )
    edge = contradiction(alone, {"edge": False, "n": 0})
    assert edge.message == "edge is given as false, but no value of m with n = 0 derives it"
    assert edge.facts == ("edge", "n")


def test_a_derived_fact_its_free_inputs_can_make_is_kept(p: Pack) -> None:
    assert derive_facts(p, {"edge": True, "n": 3})["edge"] is True  # m = 3 makes it
    assert derive_facts(p, {"high": True})["high"] is True


def test_a_broken_constraint_is_named_with_its_text_its_cite_and_the_facts_given(p: Pack) -> None:
    error = contradiction(p, {"a": True, "n": 0})
    assert error.message == (
        "this situation breaks the constraint 'still': a moving shooter is never at range 0 "
        "(core ¶1); given a = true, n = 0"
    )
    assert (error.hint, error.facts) == ("requires: not (a and n == 0)", ("a", "n"))


def test_a_constraint_without_text_or_cite_says_what_it_requires(p: Pack) -> None:
    error = contradiction(p, {"b": True, "n": 3, "kw": ["SPACE WOLF"]})
    assert error.message == (
        "this situation breaks the constraint 'plain': not (b and n == 3 and 'SPACE WOLF' in "
        "kw); given b = true, kw = [SPACE WOLF], n = 3"  # as given: the plural read beside it is not shown
    )
    assert error.facts == ("b", "kw", "n")


def test_a_broken_constraint_names_a_default_and_a_derived_fact_as_such() -> None:
    still = pack("""\
pack: s
facts:
  a: {type: bool, text: the shooter moved}
  n: {type: int, range: [0, 3], default: 0, text: "the range band is {value}"}
  far: {type: bool, derive: n >= 2, text: the target is far}
quantities:
  roll: {kind: roll, dice: D6}
constraints:
  still: {require: not (a and n == 0)}
  near: {require: not (a and far)}
  never: {require: n != 0}
""")
    assert contradiction(still, {"a": True}).message == (
        "this situation breaks the constraint 'still': not (a and n == 0); given a = true; n = 0 (its default)")
    assert contradiction(still, {"a": True, "n": 3}).message == (
        "this situation breaks the constraint 'near': not (a and far); given a = true; far = true (derived)")
    assert contradiction(still, {}).message == (
        "this situation breaks the constraint 'never': n != 0; n = 0 (its default)")


def test_a_broken_constraint_lists_each_fact_not_given() -> None:
    apart = pack("""\
pack: s
facts:
  n: {type: int, range: [0, 3], default: 0, text: "the range band is {value}"}
  m: {type: int, range: [0, 3], default: 0, text: "the cover band is {value}"}
quantities:
  roll: {kind: roll, dice: D6}
constraints:
  apart: {require: n != m}
""")
    assert contradiction(apart, {}).message == (
        "this situation breaks the constraint 'apart': n != m; m = 0 (its default), n = 0 (its default)")


def test_a_constraint_the_situation_leaves_open_holds(p: Pack) -> None:
    assert derive_facts(p, {"n": 0})["n"] == 0  # a is false by default: still holds


CLOSED = """\
pack: c
facts:
  b: {type: bool}
  n: {type: int, range: [0, 3], default: 0}
  m: {type: int, range: [0, 3]}
  low: {type: bool, derive: m < 2}
quantities:
  roll: {kind: roll, dice: D6}
constraints:
  above: {require: m > n}
  never: {require: not (b and n == 3)}
"""


def test_a_derived_fact_no_situation_can_give_names_a_broken_constraint_first() -> None:
    closed = pack(CLOSED)
    assert derive_facts(closed, {"n": 1})["low"] is False  # m is 2 or 3
    assert "low" not in derive_facts(closed, {"n": 0})  # m is 1, 2 or 3: low is open
    error = contradiction(closed, {"n": 3})
    assert error.message == "no value of the facts behind low is consistent with this situation"
    assert (error.hint, error.facts) == ("low is derived from: m < 2", ("low",))
    broken = contradiction(closed, {"n": 3, "b": True})
    assert broken.message == "this situation breaks the constraint 'never': not (b and n == 3); given b = true, n = 3"


# -- why a condition held -------------------------------------------------------------------------------------------


def why(p: Pack, text: str, given: dict[str, Any], want: bool) -> tuple[Node, ...]:
    return explain_condition(p, parse_expr(text), derive_facts(p, given), given, want)


def test_each_part_of_a_condition_that_held_is_said(p: Pack) -> None:
    assert why(p, "a and n >= 2 and not b", {"a": True, "n": 3}, True) == (
        Node("the shooter moved: yes", tag="fact"),
        Node("n >= 2 holds (n = 3)", tag="fact"),
        Node("the target is in cover: no", cite="core ¶2", tag="fact"),
    )


def test_only_the_parts_that_failed_are_said_of_a_condition_that_failed(p: Pack) -> None:
    assert why(p, "a and n >= 2 and m > 1", {"a": True, "n": 1}, False) == (Node("n >= 2 fails (n = 1)", tag="fact"),)


def test_a_condition_that_failed_with_no_part_failing_says_every_part(p: Pack) -> None:
    assert why(p, "a and m > n", {"a": True}, False) == (
        Node("the shooter moved: yes", tag="fact"),
        Node("m > n is unknown (n = 1; m unknown)", tag="fact"),
    )


def test_an_unknown_fact_is_said_unknown(p: Pack) -> None:
    assert why(p, "m > 1", {}, True) == (Node("m > 1 is unknown (m unknown)", tag="fact"),)
    assert why(p, "a", {"both": True}, True) == (Node("the shooter moved: unknown", tag="fact"),)


def test_a_keyword_fact_is_shown_as_its_list(p: Pack) -> None:
    assert why(p, "'SPACE WOLF' in kw", {"kw": ["SPACE WOLF"]}, True) == (
        Node("'SPACE WOLF' in kw holds (kw = [SPACE WOLF, SPACE WOLVES])", tag="fact"),
    )


def test_a_derived_fact_is_explained_by_its_own_derivation(p: Pack) -> None:
    shooter, cover = (
        Node("the shooter moved: yes", tag="fact"),
        Node("the target is in cover: yes", cite="core ¶2", tag="fact"),
    )
    assert why(p, "both", {"a": True, "b": True}, True) == (Node("both hold: yes", (shooter, cover), tag="fact"),)
    assert why(p, "not both", {"a": False, "b": True}, True) == (
        Node("both hold: no", (Node("the shooter moved: no", tag="fact"),), tag="fact"),
    )
    assert why(p, "not both", {"a": True, "b": False}, True) == (
        Node("both hold: no", (Node("the target is in cover: no", cite="core ¶2", tag="fact"),), tag="fact"),
    )


def test_a_derived_fact_given_or_assumed_is_said_so_not_derived(p: Pack) -> None:
    given = {"both": True}
    assert explain_condition(p, parse_expr("both"), derive_facts(p, given), given, True) == (
        Node("both hold: yes", (Node("given in the situation (both)"),), tag="fact"),
    )
    case = assumed({"both": True, "a": True, "b": True}, "both")
    assert explain_condition(p, parse_expr("both"), derive_facts(p, case), case, True) == (
        Node("both hold: yes", (Node("in this case (both)"),), tag="fact"),
    )
    assert why(p, "both", {"a": True, "b": True}, True)[0].because[0].claim == "the shooter moved: yes"


def test_a_derived_fact_every_free_input_gives_says_so(p: Pack) -> None:
    assert why(p, "high", {}, True) == (
        Node("the target is high: yes", (Node("whatever m may be, given the rest of the situation"),), tag="fact"),
    )


def test_a_derived_fact_read_through_another_is_explained_down_to_its_inputs(p: Pack) -> None:
    far = Node("the target is far: yes", (Node("n >= 2 holds (n = 3)", tag="fact"),), tag="fact")
    uncovered = Node("the target is in cover: no", cite="core ¶2", tag="fact")
    assert why(p, "deep", {"n": 3}, True) == (Node("the attack is deep: yes", (far, uncovered), tag="fact"),)
    near = Node("the target is far: no", (Node("n >= 2 fails (n = 1)", tag="fact"),), tag="fact")
    assert why(p, "not deep", {}, True) == (Node("the attack is deep: no", (near,), tag="fact"),)


OTHER = """\
pack: o
facts:
  a: {type: bool, text: the gunner moved}
  gamma: {type: bool, text: the gamma rule holds}
  m: {type: int, range: [0, 3], text: "the height is {value}"}
  h: {type: int, range: [0, 3], text: "the depth is {value}"}
  always: {type: bool, derive: m + h >= 0, text: the sum is not negative}
  tall: {type: bool, derive: m > 2, text: the target is tall}
quantities:
  roll: {kind: roll, dice: D6}
"""


def test_a_fact_whose_name_ends_in_another_facts_name_is_itself() -> None:
    other = pack(OTHER)
    assert why(other, "gamma", {"gamma": True}, True) == (Node("the gamma rule holds: yes", tag="fact"),)


def test_every_free_input_and_every_unknown_fact_is_listed(p: Pack) -> None:
    other = pack(OTHER)
    assert why(other, "always", {}, True) == (
        Node(
            "the sum is not negative: yes", (Node("whatever h, m may be, given the rest of the situation"),), tag="fact"
        ),
    )
    assert why(other, "m > h", {}, True) == (Node("m > h is unknown (h unknown, m unknown)", tag="fact"),)
    assert why(p, "n >= m", {"n": 2, "m": 1}, True) == (Node("n >= m holds (m = 1, n = 2)", tag="fact"),)


def test_a_part_that_reads_no_fact_is_said_without_values(p: Pack) -> None:
    assert why(p, "a and 2 > 1", {"a": True}, True)[1] == Node("2 > 1 holds", tag="fact")


def test_the_same_condition_in_another_pack_is_explained_in_that_packs_words(p: Pack) -> None:
    assert why(p, "a", {"a": True}, True) == (Node("the shooter moved: yes", tag="fact"),)
    assert why(pack(OTHER), "a", {"a": True}, True) == (Node("the gunner moved: yes", tag="fact"),)


def test_a_derived_fact_given_then_assumed_alike_is_said_each_way() -> None:
    other = pack(OTHER)
    given = {"tall": True}
    assert explain_condition(other, parse_expr("tall"), derive_facts(other, given), given, True)[0].because == (
        Node("given in the situation (tall)"),
    )
    case = assumed({"tall": True}, "tall")
    assert explain_condition(other, parse_expr("tall"), derive_facts(other, case), case, True)[0].because == (
        Node("in this case (tall)"),
    )


def test_what_a_condition_reads_is_this_packs_own_not_another_packs_of_the_same_text() -> None:
    head = "facts:\n  m: {type: int, range: [0, 3]}\n"
    tail = "quantities:\n  roll: {kind: roll, dice: D6}\n"
    plain = pack(f"pack: x\n{head}  lofty: {{type: bool, text: lofty}}\n{tail}")
    assert why(plain, "lofty", {"lofty": True}, True) == (Node("lofty: yes", tag="fact"),)
    derived = pack(f"pack: y\n{head}  lofty: {{type: bool, derive: m > 2, text: lofty}}\n{tail}")
    given = {"lofty": True}  # here lofty is derived: given and assumed read alike but are said apart
    assert explain_condition(derived, parse_expr("lofty"), derive_facts(derived, given), given, True)[0].because == (
        Node("given in the situation (lofty)"),
    )
    case = assumed({"lofty": True}, "lofty")
    assert explain_condition(derived, parse_expr("lofty"), derive_facts(derived, case), case, True)[0].because == (
        Node("in this case (lofty)"),
    )


# -- what a situation settles, and what it leaves open --------------------------------------------------------------


SUM = """\
pack: s
facts:
  m: {type: int, range: [0, 3]}
  h: {type: int, range: [0, 3]}
  always: {type: bool, derive: m + h >= 0}
quantities:
  roll: {kind: roll, dice: D6}
"""


def test_a_derived_fact_no_value_of_several_free_inputs_makes_lists_them_all() -> None:
    # m and h are 0 to 3, so m + h is never negative: no value of either makes always false
    error = contradiction(pack(SUM), {"always": False})
    assert error.message == "always is given as false, but no value of h, m derives it"
    assert error.facts == ("always",)


DEFAULTED = """\
pack: d
facts:
  n: {type: int, range: [0, 3], default: 0}
  m: {type: int, range: [0, 3]}
  edge: {type: bool, derive: m >= n}
quantities:
  roll: {kind: roll, dice: D6}
"""


def test_a_case_assuming_a_derived_fact_its_inputs_defaults_cannot_make_is_refused() -> None:
    # n defaults to 0 and m is 0 or more, so m >= n: a case that assumes edge false keeps n at its default, and
    # no m makes edge false
    defaulted = pack(DEFAULTED)
    error = contradiction(defaulted, assumed({"edge": False}, "edge"))
    assert error.message == "edge is given as false, but no value of m with n = 0 (its default) derives it"
    assert error.facts == ("edge", "n")
    # given by the user, edge false frees n from its default: n = 1 and m = 0 make it
    assert derive_facts(defaulted, {"edge": False}) == {"edge": False}


KEYWORDS = """\
pack: k
facts:
  kx: {type: keywords, text: the other unit's keywords}
  kw: {type: keywords, default: [], text: the unit's keywords}
  m: {type: int, range: [0, 3], text: "the height is {value}"}
  open: {type: bool, derive: "'X' in kx or m >= 0", text: open}
  sure: {type: bool, derive: "'X' in kw or m >= 0", text: sure}
  after: {type: bool, derive: not sure, text: after}
quantities:
  roll: {kind: roll, dice: D6}
"""


def test_a_derived_fact_reading_a_keywords_fact_nobody_gave_stays_open_and_the_next_are_still_worked_out() -> None:
    # kx has no default and is not given: no search tries every set of keywords, so open is left for the ruling
    # to branch on, though m >= 0 whatever m is; sure reads kw, whose default is no keyword, so only m >= 0
    # counts, and every m makes it true; after is not sure: false
    assert derive_facts(pack(KEYWORDS), {}) == {"kw": frozenset(), "sure": True, "after": False}


def test_a_derived_fact_given_a_keywords_input_is_settled_by_its_other_inputs() -> None:
    # kx given without X: open is m >= 0, true whatever m is
    values = derive_facts(pack(KEYWORDS), {"kx": ["Y"]})
    assert (values["open"], values["sure"]) == (True, True)


def test_a_derived_fact_whose_inputs_were_too_many_to_search_stays_open(monkeypatch: pytest.MonkeyPatch) -> None:
    # m and h are 0 to 3: m + h >= 0 whatever they are, so always is true; with the search cut to 3 of their
    # combinations, that is not proven, and always is left open
    assert derive_facts(pack(SUM), {}) == {"always": True}
    monkeypatch.setattr(consistent, "SOLUTION_LIMIT", 3)
    assert derive_facts(pack(SUM), {}) == {}


def test_a_node_built_for_a_pack_is_shared_by_every_ruling_of_that_pack() -> None:
    """Explanation nodes are immutable and built once per pack and key (a batch writes each shared node's text once,
    by its identity): asked again, the same node, not a copy; another pack builds its own."""
    from kb.loader import load_pack
    from solver.facts import shared

    pack, other = load_pack("fantasy"), load_pack("fantasy")
    first = shared(pack, ("a key",), object)
    assert shared(pack, ("a key",), object) is first
    assert shared(other, ("a key",), object) is not first

"""Asking a ruling (`solver.ask`), checked where mutation testing found nothing watching
(`python tools/mutate.py solver/ask.py`): the parts of a situation a quantity refuses, the file and line a
contradiction is reported at, a reading given as a fact, groups, the readings a ruling lists and the words it
quotes them in, and the cases a ruling branches into on the facts the situation leaves unknown.

Every expected value is worked out by hand from the small packs written here: a D6 rolls 1 to 6 and 2D6 2 to 12,
a pool's dice are its base plus its modifiers, a case is each value (or run of values) of an unknown fact that
the pack's constraints allow, and a reading is listed where its options give different answers.
"""

from __future__ import annotations

from dataclasses import fields, replace
from fractions import Fraction

import pytest

from kb.errors import Contradiction, RulingsError, Span, Undecided, UnknownName
from kb.model import Pack
from solver import consistent
from solver.ask import ask, ask_if_possible, readings_of
from solver.compiled import compiled
from solver.derivation import Node
from solver.ruling import Ruling
from solver.situation import Effect, Situation, read_situation
from tests.solver.small_packs import pack

INPUTS = """\
pack: t
facts:
  a: {type: bool, text: a holds}
  b: {type: bool, text: b holds}
  n: {type: int, range: [1, 6], text: "n is {value}"}
quantities:
  hit: {kind: roll, dice: D6}
  sum: {kind: total, dice: 2D6}
  d3: {kind: roll, dice: D3}
  pool: {kind: pool, base: n}
  free: {kind: pool}
  eff: {kind: pool, effects: true, text: the dice}
constraints:
  apart: {require: not (a and b), text: a and b never hold together}
"""


@pytest.fixture(scope="module")
def inputs() -> Pack:
    return pack(INPUTS)


def refusal(p: Pack, quantity: str, text: str) -> RulingsError:
    with pytest.raises(RulingsError) as caught:
        ask(p, quantity, read_situation(text, "s.yaml", p))
    return caught.value


# -- what a quantity refuses ----------------------------------------------------------------------------------------


def test_an_unknown_quantity_is_refused_with_a_did_you_mean(inputs: Pack) -> None:
    """A misspelt quantity names the one meant; it is never answered as some other quantity."""
    with pytest.raises(UnknownName) as caught:
        ask(inputs, "hti", Situation())
    assert (caught.value.message, caught.value.hint) == ("unknown quantity 'hti'", "did you mean 'hit'?")


@pytest.mark.parametrize("quantity, roll", [("hit", 1), ("hit", 6), ("sum", 2), ("sum", 12), ("d3", 1), ("d3", 3)])
def test_every_roll_the_dice_can_show_is_taken(inputs: Pack, quantity: str, roll: int) -> None:
    """A D6 shows 1 to 6, 2D6 a total of 2 to 12, a D3 1 to 3: each end is a roll the situation may give."""
    assert ask(inputs, quantity, read_situation(f"roll: {roll}", "s.yaml", inputs)).value == roll


@pytest.mark.parametrize("quantity, roll, message", [
    ("hit", 0, "roll: 0 cannot be rolled on D6 (1..6)"),
    ("hit", 7, "roll: 7 cannot be rolled on D6 (1..6)"),
    ("sum", 1, "roll: 1 cannot be rolled on 2D6 (2..12)"),
    ("sum", 13, "roll: 13 cannot be rolled on 2D6 (2..12)"),
    ("d3", 4, "roll: 4 cannot be rolled on D3 (1..3)"),
])
def test_a_roll_the_dice_cannot_show_is_refused_at_its_line(inputs: Pack, quantity: str, roll: int,
                                                             message: str) -> None:
    """One past either end of the dice's range is refused, with the range and the line of `roll:`."""
    error = refusal(inputs, quantity, f"given: {{}}\nroll: {roll}")
    assert (error.message, str(error.where), error.hint) == (message, "s.yaml:2:7",
                                                             "give the unmodified roll, after re-rolls")


def test_a_roll_for_a_quantity_with_a_base_points_to_the_facts(inputs: Pack) -> None:
    """A pool whose base is a fact is not rolled: the facts decide it."""
    error = refusal(inputs, "pool", "given: {}\nroll: 3")
    assert (error.message, str(error.where), error.hint) == ("pool is not a roll: it takes no roll:", "s.yaml:2:7",
                                                             "give facts instead (given:)")


def test_a_roll_for_a_quantity_without_a_base_points_to_base(inputs: Pack) -> None:
    """A pool with no base in the pack takes one from the situation: the hint says so."""
    error = refusal(inputs, "free", "given: {}\nroll: 3")
    assert (error.message, str(error.where), error.hint) == ("free is not a roll: it takes no roll:", "s.yaml:2:7",
                                                             "give base: or facts instead")


def test_a_base_for_a_roll_asks_for_the_roll(inputs: Pack) -> None:
    """A roll's value is what the dice show, so a base for it is refused, pointing at `roll:`."""
    error = refusal(inputs, "hit", "given: {}\nbase: 3")
    assert (error.message, str(error.where)) == ("hit takes no base: its value comes from its roll: give roll:",
                                                 "s.yaml:2:7")
    total = refusal(inputs, "sum", "base: 3")
    assert total.message == "sum takes no base: its value comes from its roll: give roll:"


def test_a_base_for_a_quantity_the_pack_bases_names_the_packs_base(inputs: Pack) -> None:
    """The pool's base is the fact n: a base given as well would be silently ignored, so it is refused."""
    error = refusal(inputs, "pool", "given: {}\nbase: 3")
    assert (error.message, str(error.where)) == ("pool takes no base: its value comes from the pack (n)",
                                                 "s.yaml:2:7")


def test_a_base_is_taken_where_the_pack_gives_none(inputs: Pack) -> None:
    """A pool with no base of its own has the situation's: 3 dice."""
    assert ask(inputs, "free", read_situation("base: 3", "s.yaml", inputs)).value == 3


def test_effects_are_refused_by_a_quantity_that_takes_none(inputs: Pack) -> None:
    """Ad-hoc effects count only where the pack allows them; elsewhere they are refused at their line."""
    error = refusal(inputs, "free", 'base: 2\neffects: [{name: X, op: "+1"}]')
    assert (error.message, str(error.where), error.hint) == ("free takes no ad-hoc effects in this pack",
                                                             "s.yaml:2:10", "give facts instead (given:)")
    assert ask(inputs, "eff", read_situation('base: 2\neffects: [{name: X, op: "+1"}]', "s.yaml", inputs)).value == 3


def test_ask_if_possible_is_none_for_a_refused_situation(inputs: Pack) -> None:
    """A situation the pack refuses is no ruling at all; one it takes is the ruling."""
    assert ask_if_possible(inputs, "free", Situation(given={"a": True, "b": True}, base=2)) is None
    assert ask_if_possible(inputs, "hit", Situation(roll=7)) is None
    ruling = ask_if_possible(inputs, "free", Situation(given={"a": True}, base=2))
    assert ruling is not None and ruling.value == 2


# -- groups ---------------------------------------------------------------------------------------------------------


def test_each_group_is_the_whole_situation_with_its_own_changes(inputs: Pack) -> None:
    """Base 2 and an effect of +1 for all; one group adds a second effect, one has a base of its own."""
    plus = Effect("X", "+1")
    ruling = ask(inputs, "eff", Situation(base=2, effects=(plus,), groups=(
        ("more", Situation(effects=(Effect("Y", "+1"),))),
        ("based", Situation(base=5)),
        ("plain", Situation()),
    )))
    assert (ruling.pack, ruling.quantity, ruling.value) == ("t", "eff", None)
    assert [(name, r.value) for name, r in ruling.groups or ()] == [("more", 4), ("based", 6), ("plain", 3)]
    assert ruling.display == "more: 4 dice; based: 6 dice; plain: 3 dice"
    node = ruling.explanation
    assert (node.claim, node.tag) == ("the dice (eff): resolved separately for each group", "groups")
    assert [(c.claim, c.because) for c in node.because] == [
        (f"group {name!r}", (r.explanation,)) for name, r in ruling.groups or ()]


def test_a_group_rolls_its_own_roll_or_the_whole_situations(inputs: Pack) -> None:
    """A roll of 3 for all, 5 for one group."""
    ruling = ask(inputs, "hit", Situation(roll=3, groups=(("five", Situation(roll=5)), ("same", Situation()))))
    assert [(name, r.value) for name, r in ruling.groups or ()] == [("five", 5), ("same", 3)]


def test_a_group_rolls_for_the_whole_situations_target_and_re_rolls_or_its_own(inputs: Pack) -> None:
    """A D6 that must reach 4 passes on 4, 5 or 6: 1/2; re-rolling a 1 adds 1/6 of another 1/2: 7/12; reaching
    5 alone, 2 of 6: 1/3. A group that says nothing of the target or the re-rolls rolls for the whole situation's
    (it was told no chance at all); one that gives its own rolls for those."""
    ruling = ask(inputs, "hit", Situation(target=4, reroll=("ones",), groups=(
        ("same", Situation()), ("own", Situation(target=5, reroll=("failed",))), ("five", Situation(target=5)))))
    chances = [(name, r.probability) for name, r in ruling.groups or ()]
    assert chances == [("same", Fraction(7, 12)), ("own", Fraction(1, 3) + Fraction(2, 3) * Fraction(1, 3)),
                       ("five", Fraction(1, 3) + Fraction(1, 6) * Fraction(1, 3))]


def test_a_group_keeps_the_whole_situations_unmodified_triggers_weapons_and_datasheet() -> None:
    """Everything a group does not say is the whole situation's, field by field; what it says is its own."""
    from solver.ask import in_group

    whole = Situation(given={"a": 1}, unmodified=(6,), reroll_for="unmodified", weapons=2, datasheet="Unit",
                      models=(("A",),), ignore=("m",))
    assert in_group(whole, Situation()) == whole
    own = Situation(given={"b": 2}, unmodified=(5,), reroll_for="unmodified", weapons=3, datasheet="Other",
                    models=(("B",),), ignore=())
    assert in_group(replace(whole, reroll_for="pass"), own) == replace(own, given={"a": 1, "b": 2})


def test_a_group_adds_its_facts_and_readings_to_the_whole_situations(marches: Pack) -> None:
    """Tired and wounded, read as one league in all, for everyone: a group with a banner read generously marches
    6 - 1 + 2, one that is not tired 6 - 1, and one that is given nothing more 6 - 1."""
    ruling = ask(marches, "march", Situation(given=BOTH, reading={"stacking": "once"}, groups=(
        ("proud", Situation(given={"band.banner": True}, reading={"banner": "generous"})),
        ("rested", Situation(given={"band.tired": False})),
        ("same", Situation()),
    )))
    assert [(name, r.value) for name, r in ruling.groups or ()] == [("proud", 7), ("rested", 5), ("same", 5)]


def test_a_group_ignores_its_own_rules_or_the_whole_situations(marches: Pack) -> None:
    """Tired and lost, each a league, for a band that may ignore modifiers: lost ignored for all leaves 6 - 1; a
    group that ignores nothing loses both leagues, one that ignores tired loses only lost's."""
    given = {"band.pace": 6, "band.tired": True, "band.lost": True, "band.free": True}
    ruling = ask(marches, "march", Situation(given=given, ignore=("lost",), groups=(
        ("nothing", Situation(ignore=())),
        ("tired", Situation(ignore=("tired",))),
        ("same", Situation()),
    )))
    assert [(name, r.value, r.ignored) for name, r in ruling.groups or ()] == [
        ("nothing", 4, ()), ("tired", 5, ("tired",)), ("same", 5, ("lost",))]


# -- where a contradiction is reported ------------------------------------------------------------------------------


def test_a_contradiction_points_at_the_first_of_its_facts_the_file_gives(inputs: Pack) -> None:
    """a and b never hold together: the error points at the line that gives a, the first of them."""
    error = refusal(inputs, "free", "base: 2\ngiven:\n  b: true\n  a: true")
    assert isinstance(error, Contradiction)
    assert str(error.where) == "s.yaml:4:3"
    assert error.facts == ("a", "b")
    assert error.message == ("this situation breaks the constraint 'apart': a and b never hold together; "
                             "given a = true, b = true")
    assert error.hint == "requires: not (a and b)"


def test_a_contradiction_points_at_a_fact_the_file_gives_not_a_default() -> None:
    """b is false by default and given true, a derived from it: the line named is b's, the one given."""
    p = pack(INPUTS.replace("a: {type: bool, text: a holds}", "a: {type: bool, default: true, text: a holds}"))
    error = refusal(p, "free", "base: 2\ngiven:\n  b: true")
    assert isinstance(error, Contradiction)
    assert error.facts == ("a", "b")
    assert str(error.where) == "s.yaml:3:3"


def test_a_contradiction_of_a_situation_made_in_code_has_no_place(inputs: Pack) -> None:
    """A situation no file wrote has no line to point at: the contradiction is raised as found."""
    with pytest.raises(Contradiction) as caught:
        ask(inputs, "free", Situation(given={"a": True, "b": True}, base=2))
    assert caught.value.where is None
    assert caught.value.facts == ("a", "b")


def test_a_contradiction_within_a_group_points_at_the_groups_line(inputs: Pack) -> None:
    """The whole situation gives a, the group b: the group is where the two meet, so its line is named, not a's."""
    error = refusal(inputs, "free", "base: 2\ngiven: {a: true}\ngroups:\n  - {name: g, given: {b: true}}")
    assert isinstance(error, Contradiction)
    assert str(error.where) == "s.yaml:4:23"



# -- readings -------------------------------------------------------------------------------------------------------

STACKING = "A tired or wounded band marches one league less."
RALLY = "A band with a banner may march further."

READINGS = f"""\
pack: marches
sources:
  book: {{title: Book, paragraphs: {{1: "{STACKING}", 2: "{RALLY}"}}}}
facts:
  band.pace: {{type: int, range: [1, 10], text: "the band marches {{value}} leagues"}}
  band.tired: {{type: bool, text: the band is tired}}
  band.wounded: {{type: bool, text: the band is wounded}}
  band.banner: {{type: bool, text: the band has a banner}}
  band.free: {{type: bool, text: the band may ignore modifiers}}
  band.lost: {{type: bool, text: the band is lost}}
quantities:
  march: {{kind: pool, base: band.pace}}
modifiers:
  tired: {{quantity: march, change: -1, when: band.tired}}
  wounded: {{quantity: march, change: -1, when: band.wounded}}
  banner: {{quantity: march, change: +2, when: band.banner, under: {{banner: generous}}}}
  lost: {{quantity: march, change: -1, when: band.lost}}
policies:
  one_league:
    kind: exclusive
    rules: [tired, wounded]
    under: {{stacking: once}}
  may: {{kind: choice, quantity: march, chooser: the player, when: band.free}}
readings:
  stacking:
    sentence: "{STACKING}"
    options:
      each: each of tired and wounded costs a league
      once: one league in all
    default: each
    cite: {{source: book, paragraph: 1}}
  banner:
    sentence: "{RALLY}"
    options:
      strict: no number, no change
      generous: two leagues further
    default: strict
"""

BOTH = {"band.pace": 6, "band.tired": True, "band.wounded": True}


@pytest.fixture(scope="module")
def marches() -> Pack:
    return pack(READINGS)


def outcomes(ruling: Ruling) -> list[tuple[str, str, bool, object]]:
    return [(o.reading, o.option, o.default, o.ruling.value) for o in ruling.readings or ()]


def test_the_readings_of_a_quantity_are_those_tied_to_its_rules(marches: Pack) -> None:
    """Both readings bear on the march (one through a policy, one through a modifier), in the pack's order."""
    assert [r.name for r in readings_of(marches, marches.quantities["march"])] == ["stacking", "banner"]
    assert readings_of(marches, marches.quantities["march"]) == list(marches.readings.values())


def test_a_reading_given_as_a_fact_is_the_situations_choice(marches: Pack) -> None:
    """`reading.stacking: once` among the facts (as a search writes it) reads the sentence as one league in all."""
    ruling = ask(marches, "march", Situation(given={**BOTH, "reading.stacking": "once"}))
    assert ruling.value == 5  # 6, less one league in all
    assert outcomes(ruling) == [("stacking", "each", True, 4), ("stacking", "once", False, 5)]
    assert [a.rule for a in ruling.applied] == ["tired"]


def test_a_reading_given_as_a_fact_keeps_the_other_readings_chosen(marches: Pack) -> None:
    """The fact chooses one reading; the banner reading chosen with `reading:` still counts: 6 - 1 + 2."""
    ruling = ask(marches, "march", Situation(given={**BOTH, "band.banner": True, "reading.stacking": "once"},
                                             reading={"banner": "generous"}))
    assert ruling.value == 7
    assert outcomes(ruling) == [("stacking", "each", True, 6), ("stacking", "once", False, 7),
                                ("banner", "strict", True, 5), ("banner", "generous", False, 7)]


def test_a_reading_given_both_ways_alike_is_taken(marches: Pack) -> None:
    """The fact and `reading:` agree: nothing to refuse."""
    ruling = ask(marches, "march", Situation(given={**BOTH, "reading.stacking": "once"}, reading={"stacking": "once"}))
    assert ruling.value == 5


def test_a_reading_given_two_ways_differently_is_refused(marches: Pack) -> None:
    """The fact says once and `reading:` each: the situation must choose once, at the fact's line."""
    where = Span("s.yaml", 3, 5)
    with pytest.raises(RulingsError) as caught:
        ask(marches, "march", Situation(given={**BOTH, "reading.stacking": "once"}, reading={"stacking": "each"},
                                        where={"reading.stacking": where}))
    assert caught.value.message == "reading.stacking is given as 'once', but reading: chooses 'each'"
    assert (caught.value.where, caught.value.hint) == (where, "choose the reading once")


def test_a_ruling_with_readings_is_the_chosen_readings_ruling(marches: Pack) -> None:
    """Listing the readings changes nothing else: every field is the ruling under the option chosen."""
    ruling = ask(marches, "march", Situation(given=BOTH, reading={"stacking": "once"}))
    chosen = ask(marches, "march", Situation(given=BOTH, reading={"stacking": "once"}))
    assert ruling.readings is not None
    plain = next(o.ruling for o in ruling.readings if o.option == "once")
    for f in fields(Ruling):
        if f.name not in ("readings", "derivation"):
            assert getattr(ruling, f.name) == getattr(plain, f.name), f.name
    assert ruling.values is not None and ruling.values["band.pace"] == 6
    assert (ruling.value, ruling.display, [s.rule for s in ruling.suppressed]) == (5, "5 dice", ["wounded"])
    assert chosen == ruling


def test_the_readings_are_quoted_and_each_option_worded(marches: Pack) -> None:
    """The ruling's derivation ends with the sentence, each option's answer, the one used, and its meaning."""
    ruling = ask(marches, "march", Situation(given=BOTH))
    node = ruling.explanation.because[-1]
    assert (node.claim, node.cite, node.tag) == (f'the text can be read more than one way: "{STACKING}"',
                                                 "book ¶1", "reading")
    assert [(c.claim, [g.claim for g in c.because]) for c in node.because] == [
        ("reading 'each' (default): 4 dice (used)", ["each of tired and wounded costs a league"]),
        ("reading 'once': 5 dice", ["one league in all"]),
    ]
    plain = (ruling.readings or ())[0].ruling  # the ruling under the default, before its readings were listed
    assert plain.readings is None
    assert ruling.explanation.because == (*plain.explanation.because, node)
    assert ruling.explanation.claim == plain.explanation.claim


def test_a_reading_without_a_citation_is_quoted_without_one(marches: Pack) -> None:
    """The banner reading cites nothing: its node has no citation, and the chosen option is marked used."""
    ruling = ask(marches, "march", Situation(given={"band.pace": 3, "band.banner": True},
                                             reading={"banner": "generous"}))
    node = ruling.explanation.because[-1]
    assert (node.claim, node.cite) == (f'the text can be read more than one way: "{RALLY}"', None)
    assert [c.claim for c in node.because] == ["reading 'strict' (default): 3 dice",
                                               "reading 'generous': 5 dice (used)"]


# -- cases: the facts a situation leaves unknown --------------------------------------------------------------------

CASES = """\
pack: c
assumptions:
  calm: {text: the band is calm, reason: nothing says otherwise}
facts:
  h: {type: int, range: [1, 6], text: "the hill is {value} high"}
  g: {type: int, range: [1, 6], text: "the gap is {value}"}
  r: {type: int, range: [0, 1], text: "the river is {value}"}
  one: {type: int, range: [2, 2], text: "the one is {value}"}
  e: {type: enum, values: [Red, Blue], text: "the banner is {value}"}
  far: {type: bool, derive: h >= 4, text: the hill is far}
  kw: {type: keywords, text: the band's keywords}
  a: {type: int, range: [1, 6], text: "the a is {value}"}
  zz: {type: enum, values: [Red, Blue], text: "the zz is {value}"}
  big: {type: int, range: [1, 100], text: "the big is {value}"}
  huge: {type: int, range: [1, 1000001], text: "the huge is {value}"}
quantities:
  dice: {kind: pool, base: 3, text: the dice}
  gap: {kind: pool, base: 3, text: the gap dice}
  river: {kind: pool, base: 3, text: the river dice}
  lone: {kind: pool, base: 3, text: the lone dice}
  elves: {kind: pool, base: 3, text: the elf dice}
  pair: {kind: pool, base: 3, text: the pair dice}
  grid: {kind: pool, base: 3, text: the grid dice}
  red_far: {kind: pool, base: 3, text: the red far dice}
  big_elves: {kind: pool, base: 3, text: the big elf dice}
  huge_elves: {kind: pool, base: 3, text: the huge elf dice}
modifiers:
  tall: {quantity: dice, change: +1, when: far, assumptions: [calm]}
  red: {quantity: dice, change: +1, when: "e == 'Red'"}
  wide: {quantity: gap, change: +1, when: "g >= 3 and one == 2"}
  wet: {quantity: river, change: +1, when: r == 1}
  dry: {quantity: river, change: +1, when: r == 0}
  alone: {quantity: lone, change: +1, when: one == 2}
  elf: {quantity: elves, change: +1, when: "'ELF' in kw"}
  high_a: {quantity: pair, change: +1, when: a >= 4}
  red_zz: {quantity: pair, change: +1, when: "zz == 'Red'"}
  grid_a: {quantity: grid, change: +1, when: a >= 4}
  grid_h: {quantity: grid, change: +1, when: h >= 4}
  red_and_far: {quantity: red_far, change: +1, when: "e == 'Red' and far and a >= 2"}
  big_elf: {quantity: big_elves, change: +1, when: "big > 50 and 'ELF' in kw"}
  huge_elf: {quantity: huge_elves, change: +1, when: "huge > 50 and 'ELF' in kw"}
constraints:
  narrow: {require: not (one == 2 and g == 1)}
  banks: {require: not (g == 2 and r == 0)}
  flood: {require: not (g == 3 and r == 0) and not (g == 3 and r == 1)}
"""


@pytest.fixture(scope="module")
def cases() -> Pack:
    return pack(CASES)


def listed(ruling: Ruling) -> list[tuple[tuple[tuple[str, object], ...], str]]:
    return [(c.when, c.ruling.display) for c in ruling.cases or ()]


def test_a_ruling_branches_on_the_derived_fact_first_then_the_smaller_domain(cases: Pack) -> None:
    """3 dice, +1 on a far hill (h 4 or more) and +1 under a red banner: four cases, far asked before the banner
    (a derived fact is higher-level), the banner before the hill's height (which far stands for)."""
    ruling = ask(cases, "dice", Situation())
    assert (ruling.pack, ruling.quantity, ruling.value, ruling.display) == ("c", "dice", None, "depends on e, far")
    assert listed(ruling) == [
        ((("far", False), ("e", "Red")), "4 dice"),
        ((("far", False), ("e", "Blue")), "3 dice"),
        ((("far", True), ("e", "Red")), "5 dice"),
        ((("far", True), ("e", "Blue")), "4 dice"),
    ]


def test_the_cases_are_worded_with_bools_in_lower_case_and_values_as_written(cases: Pack) -> None:
    """Each case's claim reads its facts as a situation file would write them (`false`, `Red`)."""
    ruling = ask(cases, "dice", Situation())
    node = ruling.explanation
    assert (node.claim, node.tag) == ("the dice (dice) depends on facts the situation does not give: e, far", "cases")
    assert [c.claim for c in node.because] == [
        "when far = false, e = Red: 4 dice",
        "when far = false, e = Blue: 3 dice",
        "when far = true, e = Red: 5 dice",
        "when far = true, e = Blue: 4 dice",
    ]
    assert [c.because for c in node.because] == [(c.ruling.explanation,) for c in ruling.cases or ()]


def test_a_ruling_with_cases_assumes_what_any_case_assumes_once(cases: Pack) -> None:
    """Only a far hill brings the tall rule and its assumption; two cases assume it, the ruling names it once."""
    ruling = ask(cases, "dice", Situation())
    assert [c.ruling.assumptions for c in ruling.cases or ()] == [(), (), ("calm",), ("calm",)]
    assert ruling.assumptions == ("calm",)


def test_a_known_fact_leaves_one_unknown(cases: Pack) -> None:
    """A hill of 2 is not far: only the banner is open."""
    ruling = ask(cases, "dice", Situation(given={"h": 2}))
    assert ruling.display == "depends on e"
    assert listed(ruling) == [((("e", "Red"),), "4 dice"), ((("e", "Blue"),), "3 dice")]
    assert ruling.assumptions == ()


def test_without_cases_the_first_unknown_that_matters_is_refused(cases: Pack) -> None:
    """`cases=False` lists no case: it names the fact to give, the highest-level one (far)."""
    with pytest.raises(Undecided) as caught:
        ask(cases, "dice", Situation(), cases=False)
    assert caught.value.message == "dice depends on too many unknown facts to list every case"
    assert caught.value.hint == "give some of them, starting with --given far=..."
    assert ask(cases, "dice", Situation(given={"h": 5, "e": "Blue"}), cases=False).value == 4


def test_an_unknown_fact_with_no_values_to_try_is_refused(cases: Pack) -> None:
    """Keywords could be anything: the ruling cannot list them, so it asks for them."""
    with pytest.raises(Undecided) as caught:
        ask(cases, "elves", Situation())
    assert (caught.value.message, caught.value.hint) == ("elves depends on kw, which the situation does not give",
                                                         "give it: --given kw=...")
    assert ask(cases, "elves", Situation(given={"kw": ["ELF"]})).value == 4


def test_a_value_the_constraints_rule_out_is_no_case(cases: Pack) -> None:
    """The gap dice gain 1 for a gap of 3 or more while the one is 2; a gap of 1 with the one at 2 breaks a
    constraint, so the gap is 2 (3 dice) or 3 to 6 (4 dice)."""
    ruling = ask(cases, "gap", Situation())
    assert listed(ruling) == [((("one", 2), ("g", 2)), "3 dice"), ((("one", 2), ("g", "3..6")), "4 dice")]


def test_the_only_value_of_an_unknown_fact_breaking_a_constraint_is_the_contradiction(cases: Pack) -> None:
    """The one can only be 2, and with a gap of 1 that breaks `narrow`: that is the error, not a vaguer one."""
    with pytest.raises(Contradiction) as caught:
        ask(cases, "lone", Situation(given={"g": 1}))
    assert caught.value.message.startswith("this situation breaks the constraint 'narrow'")


def test_an_unknown_fact_one_of_whose_values_is_ruled_out_is_the_other(cases: Pack) -> None:
    """With a gap of 2 the river cannot be 0 (`banks`): it is 1, so the river dice are 4 and there is no case."""
    ruling = ask(cases, "river", Situation(given={"g": 2}))
    assert (ruling.value, ruling.cases) == (4, None)
    assert [a.rule for a in ruling.applied] == ["wet"]


def test_an_unknown_fact_every_value_of_which_is_ruled_out_is_a_contradiction(cases: Pack) -> None:
    """With a gap of 3 neither river value is allowed (`flood`)."""
    with pytest.raises(Contradiction) as caught:
        ask(cases, "river", Situation(given={"g": 3}))
    assert caught.value.message == "no value of the unknown facts is consistent with this situation"


def test_an_unknown_fact_every_value_of_which_gives_the_same_answer_is_no_case(cases: Pack) -> None:
    """The river dice gain 1 whether the river is 0 or 1: 4 dice, whatever it is."""
    ruling = ask(cases, "river", Situation())
    assert (ruling.value, ruling.display, ruling.cases) == (4, "4 dice", None)


# -- readings an expression reads, and readings of a clamp ----------------------------------------------------------

READ = """\
pack: w
arithmetic: {order: [set, multiply, add, divide, subtract], round: up, set_ends: [0]}
facts:
  f.n: {type: int, range: [1, 6], text: "n is {value}"}
  u.weak: {type: bool, text: the unit is weakened}
  u.cap: {type: int, range: [2, 5], text: "the cap is {value}"}
  heavy: {type: bool, derive: "reading.weight == 'twice'", text: the load is heavy}
  u.null: {type: bool, text: the unit's attacks are set to 0}
  u.bold: {type: bool, text: the unit is bold}
quantities:
  q: {kind: pool, base: "f.n + (1 if reading.weight == 'twice' else 0)", text: the q dice}
  load: {kind: pool, base: 2, text: the load}
  plain: {kind: pool, base: f.n, text: the plain dice}
  oc: {kind: characteristic, characteristic: number, text: control}
  fl: {kind: characteristic, characteristic: number, text: floored}
  att: {kind: characteristic, characteristic: number, text: attacks}
  oc2: {kind: characteristic, characteristic: number, text: control twice clamped}
modifiers:
  heavy_load: {quantity: load, change: +1, when: heavy}
  weak: {quantity: [oc, fl], change: -2, when: u.weak}
  nulled: {quantity: att, change: "=0", when: u.null}
  bold: {quantity: oc2, change: +2, when: u.bold}
policies:
  oc_floor: {kind: clamp, quantity: oc, min: 0, symbols: ["-"], label: OC, under: {dash: zero}}
  oc2_floor: {kind: clamp, quantity: oc2, min: 0, symbols: ["-"], under: {dash: zero}}
  oc2_top: {kind: clamp, quantity: oc2, max: 4, under: {dash: zero}}
  fl_cap: {kind: clamp, quantity: fl, min: 0, max: u.cap, symbols: ["-"], under: {dash: zero}}
  att_floor: {kind: clamp, quantity: att, min: -1, symbols: ["0"], under: {dash: zero}}
readings:
  weight:
    sentence: A heavy load counts twice.
    options: {once: it counts once, twice: it counts twice}
    default: once
  dash:
    sentence: "OC cannot be less than 0 or '-'."
    options: {stays: a dash stays a dash, zero: a dash is 0}
    default: stays
"""


@pytest.fixture
def read() -> Pack:
    return pack(READ)  # a pack of its own for each test: what one ruling works out is kept in the pack


def answers(ruling: Ruling) -> list[tuple[str, str]]:
    return [(o.option, o.ruling.display) for o in ruling.readings or ()]


def test_a_reading_the_base_reads_is_listed(read: Pack) -> None:
    """q's base is n, plus 1 if the load counts twice: 3 dice under `once`, 4 under `twice`."""
    ruling = ask(read, "q", Situation(given={"f.n": 3}))
    assert (ruling.value, answers(ruling)) == (3, [("once", "3 dice"), ("twice", "4 dice")])
    twice = ask(read, "q", Situation(given={"f.n": 3}, reading={"weight": "twice"}))
    assert (twice.value, answers(twice)) == (4, [("once", "3 dice"), ("twice", "4 dice")])


def test_a_reading_a_derived_fact_reads_is_listed(read: Pack) -> None:
    """The load is heavy when it counts twice, and a heavy load is one die more: 2 or 3."""
    ruling = ask(read, "load", Situation())
    assert (ruling.value, answers(ruling)) == (2, [("once", "2 dice"), ("twice", "3 dice")])
    assert ask(read, "load", Situation(reading={"weight": "twice"})).value == 3


def test_a_ruling_is_made_with_the_reading_an_expression_reads_as_followed(read: Pack) -> None:
    """The plain dice read no reading, yet the facts they are ruled with give the weight as its default, `once`
    (the reading followed), or as chosen."""
    assert (ask(read, "plain", Situation(given={"f.n": 3})).values or {}).get("reading.weight") == "once"
    twice = ask(read, "plain", Situation(given={"f.n": 3}, reading={"weight": "twice"}))
    assert (twice.values or {}).get("reading.weight") == "twice"


def test_a_quantity_compiled_before_its_first_ruling_rules_as_the_engine(read: Pack) -> None:
    """Compiling q first (as a search does) changes nothing: 3 + 1 under `twice`, 3 under `once`."""
    assert compiled(read, "q", {"weight": "once"}) is not None
    ruling = ask(read, "q", Situation(given={"f.n": 3}))
    assert (ruling.value, answers(ruling)) == (3, [("once", "3 dice"), ("twice", "4 dice")])


def test_a_reading_given_as_the_fact_an_expression_reads_is_the_choice(read: Pack) -> None:
    """`reading.weight: twice` among the facts is the reading chosen: 3 + 1."""
    ruling = ask(read, "q", Situation(given={"f.n": 3, "reading.weight": "twice"}))
    assert (ruling.value, answers(ruling)) == (4, [("once", "3 dice"), ("twice", "4 dice")])


def test_a_quantity_no_expression_of_which_reads_the_reading_lists_none_whatever_was_asked_before(read: Pack) -> None:
    """The plain dice read only n; q, asked after them in the same pack, still reads the weight."""
    assert ask(read, "plain", Situation(given={"f.n": 3})).readings is None
    assert answers(ask(read, "q", Situation(given={"f.n": 3}))) == [("once", "3 dice"), ("twice", "4 dice")]
    assert answers(ask(read, "load", Situation())) == [("once", "2 dice"), ("twice", "3 dice")]
    assert ask(read, "plain", Situation(given={"f.n": 5})).readings is None


def test_a_dash_clamped_only_under_one_reading_is_listed(read: Pack) -> None:
    """An OC of '-' stays '-' under `stays`, and is 0 under `zero`."""
    ruling = ask(read, "oc", Situation(base="-"))
    assert (ruling.display, answers(ruling)) == ("-", [("stays", "-"), ("zero", "0")])


def test_a_number_below_the_clamp_is_listed(read: Pack) -> None:
    """An OC of 1 weakened by 2 is -1; the clamp of the `zero` reading makes it 0."""
    ruling = ask(read, "oc", Situation(given={"u.weak": True}, base=1))
    assert (ruling.value, answers(ruling)) == (-1, [("stays", "-1"), ("zero", "0")])


def test_a_number_the_chosen_clamp_raised_is_listed(read: Pack) -> None:
    """Under `zero` the same OC is 0 because the clamp bit: the other reading leaves it at -1."""
    ruling = ask(read, "oc", Situation(given={"u.weak": True}, base=1, reading={"dash": "zero"}))
    assert (ruling.value, answers(ruling)) == (0, [("stays", "-1"), ("zero", "0")])
    assert [(c.rule, c.before, c.after) for c in ruling.clamped] == [("OC", -1, 0)]


def test_a_reading_of_two_clamps_is_listed_for_the_second(read: Pack) -> None:
    """A bold OC of 3 is 5, above the first clamp's 0; but under `zero` a second clamp keeps it at most 4."""
    ruling = ask(read, "oc2", Situation(given={"u.bold": True}, base=3))
    assert (ruling.value, answers(ruling)) == (5, [("stays", "5"), ("zero", "4")])


def test_a_number_within_the_clamp_lists_no_reading(read: Pack) -> None:
    """An OC of 3 weakened by 2 is 1, within the clamp: both readings give 1."""
    for reading in ({}, {"dash": "zero"}):
        ruling = ask(read, "oc", Situation(given={"u.weak": True}, base=3, reading=reading))
        assert (ruling.value, ruling.readings) == (1, None)


def test_a_clamp_whose_bound_is_a_fact_reads_it(read: Pack) -> None:
    """fl is clamped to 0..the cap under `zero`: a 6 is cut to a cap of 4; a 4 is within it; with the cap not
    given a 3 is within some caps (3 to 5) but not 2, so it depends on the cap."""
    high = ask(read, "fl", Situation(given={"u.cap": 4}, base=6))
    assert (high.value, answers(high)) == (6, [("stays", "6"), ("zero", "4")])
    within = ask(read, "fl", Situation(given={"u.cap": 4}, base=4))
    assert (within.value, within.readings) == (4, None)
    unknown = ask(read, "fl", Situation(base=3))
    assert (unknown.value, answers(unknown)) == (3, [("stays", "3"), ("zero", "depends on u.cap")])
    low = ask(read, "fl", Situation(given={"u.cap": 4, "u.weak": True}, base=1))
    assert (low.value, answers(low)) == (-1, [("stays", "-1"), ("zero", "0")])


def test_a_set_to_0_is_lifted_by_a_clamp_that_names_0(read: Pack) -> None:
    """A set to 0 ends modification; under `zero` a clamp naming "0" makes it its minimum, -1, though 0 is
    within the clamp: the readings differ. An attack count of 0 not set by a rule is 0 either way."""
    nulled = ask(read, "att", Situation(given={"u.null": True}, base=3))
    assert (nulled.value, answers(nulled)) == (0, [("stays", "0"), ("zero", "-1")])
    lifted = ask(read, "att", Situation(given={"u.null": True}, base=3, reading={"dash": "zero"}))
    assert (lifted.value, answers(lifted)) == (-1, [("stays", "0"), ("zero", "-1")])
    assert ask(read, "att", Situation(base=0)).readings is None


def test_the_smaller_domain_is_asked_first(cases: Pack) -> None:
    """+1 for an a of 4 or more, +1 for a red zz: the two-valued zz is asked before the six-valued a."""
    ruling = ask(cases, "pair", Situation())
    assert listed(ruling) == [
        ((("zz", "Red"), ("a", "1..3")), "4 dice"),
        ((("zz", "Red"), ("a", "4..6")), "5 dice"),
        ((("zz", "Blue"), ("a", "1..3")), "3 dice"),
        ((("zz", "Blue"), ("a", "4..6")), "4 dice"),
    ]


def test_two_numbers_each_become_ranges(cases: Pack) -> None:
    """+1 for an a of 4 or more, +1 for a hill of 4 or more: each number splits at 4, a (first by name, the domains
    being alike) asked first; the three values of a below 4 have the same cases of the hill, so they merge."""
    ruling = ask(cases, "grid", Situation())
    assert listed(ruling) == [
        ((("a", "1..3"), ("h", "1..3")), "3 dice"),
        ((("a", "1..3"), ("h", "4..6")), "4 dice"),
        ((("a", "4..6"), ("h", "1..3")), "4 dice"),
        ((("a", "4..6"), ("h", "4..6")), "5 dice"),
    ]


def test_without_cases_the_fact_named_is_the_highest_level_of_those_a_rule_reads(cases: Pack) -> None:
    """A rule reading the banner, far and a: far, derived, is the one to give first."""
    with pytest.raises(Undecided) as caught:
        ask(cases, "red_far", Situation(), cases=False)
    assert caught.value.hint == "give some of them, starting with --given far=..."
    with pytest.raises(Undecided) as caught:
        ask(cases, "red_far", Situation(given={"h": 5}), cases=False)
    assert caught.value.hint == "give some of them, starting with --given e=..."


def test_without_cases_even_a_fact_of_one_value_is_refused(cases: Pack) -> None:
    """`cases=False` refuses the first unknown fact that matters, here the one, though it can only be 2."""
    with pytest.raises(Undecided) as caught:
        ask(cases, "lone", Situation(given={"g": 3}), cases=False)
    assert caught.value.hint == "give some of them, starting with --given one=..."
    assert ask(cases, "lone", Situation(given={"g": 3})).value == 4


def test_a_fact_of_a_hundred_values_is_asked_before_keywords(cases: Pack) -> None:
    """Keywords have no list of values: a number of a hundred is asked first, so without cases it is named."""
    with pytest.raises(Undecided) as caught:
        ask(cases, "big_elves", Situation(), cases=False)
    assert caught.value.hint == "give some of them, starting with --given big=..."


def test_keywords_are_asked_before_a_fact_of_over_a_million_values(cases: Pack) -> None:
    """Past a million values a number ranks after keywords, which are asked for first (and cannot be listed)."""
    with pytest.raises(Undecided) as caught:
        ask(cases, "huge_elves", Situation(), cases=False)
    assert caught.value.message == "huge_elves depends on kw, which the situation does not give"


def looked(xs: int, ys: int) -> Pack:
    """A rule that looks at y (and changes nothing) before the one that needs y = 1 and x = 1 for +1."""
    return pack(f"""\
pack: f
facts:
  x: {{type: int, range: [0, {xs - 1}], text: "x is {{value}}"}}
  y: {{type: int, range: [1, {ys}], text: "y is {{value}}"}}
quantities:
  dice: {{kind: pool, base: 3, text: the dice}}
modifiers:
  look: {{quantity: dice, change: 0, when: y == 1}}
  hit: {{quantity: dice, change: +1, when: "y == 1 and x == 1"}}
""")


def test_the_fewest_cases_are_searched_for_up_to_twenty_thousand_combinations() -> None:
    """x of 99 values and y of 199: (99 + 1) x (199 + 1) = 20,000 combinations, within the search. Asking y first
    (as the rules meet it) or x first needs as many cases (297), so the smaller domain, x, comes first."""
    ruling = ask(looked(99, 199), "dice", Situation())
    assert listed(ruling) == [
        ((("x", 0),), "3 dice"),
        ((("x", 1), ("y", 1)), "4 dice"),
        ((("x", 1), ("y", "2..199")), "3 dice"),
        ((("x", "2..98"),), "3 dice"),
    ]


def test_past_twenty_thousand_combinations_the_cases_follow_the_rules_order() -> None:
    """x of 58 values and y of 338: 59 x 339 = 20,001 combinations, too many to search: y, which the first rule
    reads, is asked first."""
    ruling = ask(looked(58, 338), "dice", Situation())
    assert listed(ruling) == [
        ((("y", 1), ("x", 0)), "3 dice"),
        ((("y", 1), ("x", 1)), "4 dice"),
        ((("y", 1), ("x", "2..57")), "3 dice"),
        ((("y", "2..338"),), "3 dice"),
    ]


def test_a_derived_fact_whose_values_were_not_all_searched_is_asked_for_every_value(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """top holds only when u and v are both 4; with the consistency search cut to 3 combinations it may never
    meet that one, so both values of top are still cases."""
    monkeypatch.setattr(consistent, "SOLUTION_LIMIT", 3)
    p = pack("""\
pack: s
facts:
  u: {type: int, range: [1, 4], text: "u is {value}"}
  v: {type: int, range: [1, 4], text: "v is {value}"}
  top: {type: bool, derive: u + v == 8, text: both are at the top}
quantities:
  dice: {kind: pool, base: 3, text: the dice}
modifiers:
  up: {quantity: dice, change: +1, when: top}
""")
    ruling = ask(p, "dice", Situation())
    assert listed(ruling) == [((("top", False),), "3 dice"), ((("top", True),), "4 dice")]


NON_REACH = """\
pack: reach
readings:
  non_reach:
    sentence: If a rule applies to 'non-Keyword' units, it only applies to units that do not have that keyword.
    decides: non_reach
    default: adjacent
    options:
      adjacent: non-VEHICLE belongs to its own alternative
      whole_list: non-VEHICLE qualifies the whole list
  bonus:
    sentence: A charging unit may add 1.
    default: none
    options: {none: "no number, no bonus", one: plus 1}
facts:
  target.keywords: {type: keywords, default: []}
  unit.charging: {type: bool, text: the unit charges}
quantities:
  hit_roll: {kind: roll, dice: D6}
  wound_roll: {kind: roll, dice: D6}
modifiers:
  footslogger:
    quantity: hit_roll
    change: +1
    when: "matches('non-VEHICLE INFANTRY or MOUNTED unit', target.keywords)"
  plain: {quantity: wound_roll, change: +1, when: "matches('INFANTRY or MOUNTED unit', target.keywords)"}
  charge: {quantity: hit_roll, change: +1, when: unit.charging, under: {bonus: one}}
"""


def test_a_keyword_phrase_that_reads_two_ways_lists_the_non_reach_reading() -> None:
    """A MOUNTED VEHICLE unit: 'non-VEHICLE INFANTRY or MOUNTED' reaches only INFANTRY (adjacent, +1: 4) or the
    whole list (no: 3)."""
    p = pack(NON_REACH)
    mounted_vehicle = {"target.keywords": frozenset({"MOUNTED", "VEHICLE"})}
    ruling = ask(p, "hit_roll", Situation(given=mounted_vehicle, roll=3))
    assert (ruling.value, answers(ruling)) == (4, [("adjacent", "4"), ("whole_list", "3")])
    whole = ask(p, "hit_roll", Situation(given=mounted_vehicle, roll=3, reading={"non_reach": "whole_list"}))
    assert (whole.value, whole.applied, answers(whole)) == (3, (), [("adjacent", "4"), ("whole_list", "3")])
    again = ask(p, "hit_roll", Situation(given=mounted_vehicle, roll=3))
    assert answers(again) == [("adjacent", "4"), ("whole_list", "3")]


def test_a_keyword_phrase_that_reads_two_ways_keeps_the_other_readings_of_the_roll() -> None:
    """The charging MOUNTED VEHICLE unit: 3, +1 footslogger (adjacent), +1 charge (read `one`): both readings
    change the roll, and both are listed."""
    p = pack(NON_REACH)
    given = {"target.keywords": frozenset({"MOUNTED", "VEHICLE"}), "unit.charging": True}
    ruling = ask(p, "hit_roll", Situation(given=given, roll=3, reading={"bonus": "one"}))
    assert ruling.value == 5
    assert [(o.reading, o.option, o.ruling.value) for o in ruling.readings or ()] == [
        ("non_reach", "adjacent", 5), ("non_reach", "whole_list", 4), ("bonus", "none", 4), ("bonus", "one", 5)]


def test_a_keyword_phrase_without_non_lists_no_reading() -> None:
    """'INFANTRY or MOUNTED' reads the same either way: +1 for the MOUNTED VEHICLE unit, and no reading."""
    p = pack(NON_REACH)
    ruling = ask(p, "wound_roll", Situation(given={"target.keywords": frozenset({"MOUNTED", "VEHICLE"})}, roll=3))
    assert (ruling.value, ruling.readings) == (4, None)


def test_ask_if_possible_lists_cases_unless_told_not_to(cases: Pack) -> None:
    """The dice depend on far and the banner: four cases by default or when asked for, none (no ruling at all)
    without cases."""
    assert len((ask_if_possible(cases, "dice", Situation()) or ruling_without_cases()).cases or ()) == 4
    assert len((ask_if_possible(cases, "dice", Situation(), cases=True) or ruling_without_cases()).cases or ()) == 4
    assert ask_if_possible(cases, "dice", Situation(), cases=False) is None
    known = ask_if_possible(cases, "dice", Situation(given={"h": 5, "e": "Red"}), cases=False)
    assert known is not None and known.value == 5


def ruling_without_cases() -> Ruling:
    return Ruling("c", "dice", None, "", Node(""))


def counted(values: int) -> Pack:
    """+1 for n = 1, where k rules out an n of 3 or more: n has `values` values, each a case to try."""
    return pack(f"""\
pack: b
facts:
  k: {{type: bool, text: k holds}}
  n: {{type: int, range: [1, {values}], text: "n is {{value}}"}}
quantities:
  dice: {{kind: pool, base: 3, text: the dice}}
modifiers:
  one: {{quantity: dice, change: +1, when: n == 1}}
constraints:
  low: {{require: not (k and n >= 3), text: with k n is 1 or 2}}
""")


def test_a_ruling_tries_at_most_4096_cases() -> None:
    """n of 4,096 values is tried value by value (the most a ruling tries): with k, n is 1 (4 dice) or 2 (3 dice).
    One value more is too many to try."""
    ruling = ask(counted(4096), "dice", Situation(given={"k": True}))
    assert listed(ruling) == [((("n", 1),), "4 dice"), ((("n", 2),), "3 dice")]
    with pytest.raises(Undecided) as caught:
        ask(counted(4097), "dice", Situation(given={"k": True}))
    assert (caught.value.message, caught.value.hint) == (
        "dice depends on too many unknown facts to list every case", "give some of them, starting with --given n=...")


def test_a_case_says_its_derived_fact_is_the_cases_not_worked_out(cases: Pack) -> None:
    """Under far = true the tall rule counts because far holds in this case (no hill height is given)."""
    far = (ask(cases, "dice", Situation()).cases or ())[2]
    assert far.when == (("far", True), ("e", "Red"))
    tall = next(n for n in far.ruling.explanation.because if n.claim == "tall +1 counts")
    assert [(n.claim, [b.claim for b in n.because]) for n in tall.because] == [
        ("the hill is far: yes", ["in this case (far)"])]


SCORE = """\
pack: s
facts:
  s: {type: int, range: [2, 6], text: "the score is {value}"}
  far: {type: bool, text: the target is far}
  dark: {type: bool, text: it is dark}
  wet: {type: bool, text: it rains}
quantities:
  hit: {kind: score, base: s, chart: {7: 4, 8: 5, 9: 6}, impossible_from: 10, text: the score to hit}
  roll: {kind: roll, dice: D6, text: the roll}
modifiers:
  far: {quantity: [hit, roll], change: +1, when: far}
  dark: {quantity: [hit, roll], change: +1, when: dark}
  wet: {quantity: [hit, roll], change: +1, when: wet, under: {stack: each}}
policies:
  once: {kind: exclusive, rules: [far, dark], under: {stack: once}}
readings:
  stack:
    sentence: Far or dark is +1.
    options: {each: each is +1, once: +1 in all}
    default: each
"""


def same_but_readings(ruling: Ruling) -> None:
    """Every field but the readings is that of the ruling under the default option (the one followed)."""
    plain = next(o.ruling for o in ruling.readings or () if o.default)
    for f in fields(Ruling):
        if f.name not in ("readings", "derivation"):
            assert getattr(ruling, f.name) == getattr(plain, f.name), f.name


def test_a_score_with_readings_keeps_its_second_roll_and_chance() -> None:
    """6, +1 far and +1 dark: 8 is a 6 then 5+ on a second D6 (1/6 x 1/3 = 1/18) under `each`; under `once` 7,
    a 6 then 4+."""
    ruling = ask(pack(SCORE), "hit", Situation(given={"s": 6, "far": True, "dark": True}))
    same_but_readings(ruling)
    assert (ruling.value, ruling.display, ruling.then, ruling.probability, ruling.automatic) == (
        8, "6, then 5+", 5, Fraction(1, 18), False)
    assert answers(ruling) == [("each", "6, then 5+"), ("once", "6, then 4+")]


def test_a_roll_with_readings_keeps_its_modifier() -> None:
    """A roll of 3, +1 far and +1 dark, dry: 5 with a modifier of +2 under `each`, 4 under `once` (the rain's rule,
    read only under `each`, does not apply: the policy of `once` still tells the readings apart)."""
    ruling = ask(pack(SCORE), "roll", Situation(given={"far": True, "dark": True}, roll=3))
    same_but_readings(ruling)
    assert (ruling.value, ruling.modifier) == (5, 2)
    assert answers(ruling) == [("each", "5"), ("once", "4")]


def test_a_ruling_with_cases_and_readings_keeps_its_cases(marches: Pack) -> None:
    """Tired and wounded, the pace unknown: a case for each pace, the march 2 less under `each` (1 league: -1 dice,
    10: 8 dice), 1 less under `once`; the ruling keeps its cases, those of `each`."""
    ruling = ask(marches, "march", Situation(given={"band.tired": True, "band.wounded": True}))
    same_but_readings(ruling)
    assert ruling.display == "depends on band.pace"
    assert [(c.when, c.ruling.value) for c in ruling.cases or ()] == [
        ((("band.pace", pace),), pace - 2) for pace in range(1, 11)]
    assert [(o.option, [c.ruling.value for c in o.ruling.cases or ()]) for o in ruling.readings or ()] == [
        ("each", list(range(-1, 9))), ("once", list(range(0, 10)))]


def test_a_ruling_with_cases_lists_no_reading_whose_options_give_the_same_cases(marches: Pack) -> None:
    """Tired alone, the pace unknown: one league less whichever way the stacking sentence is read, and no banner:
    a case for each pace (the march 1 less), and no reading."""
    ruling = ask(marches, "march", Situation(given={"band.tired": True}))
    assert [(c.when, c.ruling.value) for c in ruling.cases or ()] == [
        ((("band.pace", pace),), pace - 1) for pace in range(1, 11)]
    assert ruling.readings is None


def test_a_ruling_with_readings_keeps_the_players_choice(marches: Pack) -> None:
    """A tired band with a banner that may ignore modifiers ignores the tired league: 6 + 2 read generously (8),
    6 read strictly; the ruling keeps the choice it was made with."""
    ruling = ask(marches, "march", Situation(given={"band.pace": 6, "band.banner": True, "band.free": True,
                                                    "band.tired": True}, reading={"banner": "generous"}))
    assert (ruling.value, ruling.ignored, answers(ruling)) == (8, ("tired",), [("strict", "6 dice"),
                                                                                ("generous", "8 dice")])
    assert ruling.choice is not None
    chosen = next(o.ruling for o in ruling.readings or () if o.option == "generous")
    assert ruling.choice == chosen.choice


OTHER_OPTION_READS_MORE = """\
pack: weight
facts:
  unit.size: {type: int, range: [1, 3], text: "the unit has {value} models"}
  unit.vet: {type: bool, text: the unit is veteran}
quantities:
  dice: {kind: pool, base: 2, text: the dice}
modifiers:
  vets: {quantity: dice, change: +1, per: unit.size, when: unit.vet, under: {count: per_model}}
readings:
  count:
    sentence: Veterans roll more.
    options: {none: no extra dice, per_model: a die per model}
    default: none
"""


def test_the_straight_way_to_a_compiled_ruling_still_lists_another_options_cases() -> None:
    """Under the default reading a veteran unit rolls 2 dice whatever its size; under `per_model` it rolls one more
    per model, so with the size not given that option's ruling is a case for each size (3, 4 and 5 dice). The third
    ruling of a pack goes straight to the compiled one (the first two make and compile it): the same cases."""
    p = pack(OTHER_OPTION_READS_MORE)
    for _ in range(3):
        r = ask(p, "dice", Situation(given={"unit.vet": True}))
        assert r.value == 2
        assert [(o.option, o.default, o.ruling.value) for o in r.readings or ()] == [("none", True, 2),
                                                                                      ("per_model", False, None)]
        other = (r.readings or ())[1].ruling
        assert [(dict(c.when), c.ruling.value) for c in other.cases or ()] == [
            ({"unit.size": 1}, 3), ({"unit.size": 2}, 4), ({"unit.size": 3}, 5)]
    assert ("plain", "dice") in p.index  # the third went the straight way


DIVIDES = """\
pack: d
facts:
  n: {type: int, range: [0, 2]}
  per: {type: int, range: [0, 6], derive: "6 // n"}
quantities:
  pool: {kind: pool, base: per}
"""
"""A derived fact that cannot be worked out where n is 0: the pack's fault, in a situation the user may not give."""


@pytest.mark.parametrize(("given", "said"), [({}, "n = 0"), ({"n": 0}, "")])
def test_a_derived_fact_that_cannot_be_worked_out_says_in_which_situation(given: dict[str, int], said: str) -> None:
    """Asked with n unknown, the search for what `per` can be meets n = 0 without the user giving it: the hint says
    which situation it came to. Where the user gave n = 0, "this situation" is theirs."""
    from kb.errors import Unworkable

    with pytest.raises(Unworkable) as caught:
        ask(pack(DIVIDES), "pool", Situation(given=given))
    e = caught.value
    assert (e.message, e.hint, e.situation) == (
        "division by zero in '6 // n'", "the divisor is 0 in this situation" + (f": {said}" if said else ""), said)

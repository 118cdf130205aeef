"""A situation read and checked against its pack: checked where mutation testing found nothing watching
(`python tools/mutate.py solver/situation.py`).

Each situation is a few lines of YAML written here; an error's place is counted by hand in that text (line:column,
1-based), and its words are those the pack format and the command line document.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from kb.errors import RulingsError, Span, UnknownName
from solver.situation import (
    Effect,
    Situation,
    check_given,
    check_numbers,
    parse_given,
    read_situation,
    read_situation_file,
    situation_from_data,
)
from tests.solver.small_packs import pack, pack_text

PACK = pack(pack_text(
    "p",
    facts=["shooter.moved: {type: bool, text: the shooter moved}",
           "shooter.bs: {type: int, range: [1, 6], text: 'the shooter has BS {value}'}",
           "target.cover: {type: enum, values: [none, soft, hard], default: none, text: 'the target is in {value}'}",
           "unit.keywords: {type: keywords, default: [], text: the unit's keywords}"],
    quantities="to_hit: {kind: characteristic, characteristic: plus, effects: true, text: the score to hit}",
    modifiers="moved: {quantity: to_hit, change: +1, when: shooter.moved}",
    readings=["strict: {sentence: Moving costs one., default: each, options: {each: every time, once: once only}}",
              "stacking: {sentence: Cover stacks., default: each, options: {each: every cover, twice: at most twice}}"],
))
"""A bool, an int of 1 to 6, an enum and a keywords fact; a rule `moved`; two readings that share the option `each`."""

QUANTITY = "q: {kind: characteristic, characteristic: plus, text: the score}"
BARE = pack(pack_text("bare", quantities=QUANTITY))
"""A pack of one quantity: no facts, no readings."""


def read(text: str) -> Situation:
    return read_situation(text, "s.yaml", PACK)


def refused(text: str) -> str:
    """The error a situation file's text gets, as the command line prints it (place: message, then the hint)."""
    with pytest.raises(RulingsError) as caught:
        read(text)
    return str(caught.value)


# -- a file, a mapping, command-line pairs --------------------------------------------------------------------------


def test_a_situation_file_is_read_and_checked(tmp_path: Path) -> None:
    file = tmp_path / "shot.yaml"
    file.write_text("given:\n  shooter.bs: 3\n  shooter.moved: yes\n", encoding="utf-8")
    situation = read_situation_file(str(file), PACK)
    assert dict(situation.given) == {"shooter.bs": 3, "shooter.moved": True}
    assert situation.where == {"shooter.bs": Span(str(file), 2, 3), "shooter.moved": Span(str(file), 3, 3)}


def test_a_situation_file_must_be_a_regular_file() -> None:
    with pytest.raises(RulingsError) as caught:
        read_situation_file("/dev/null", PACK)
    assert str(caught.value) == "/dev/null: a situation must be a regular file, not a device"


def test_an_empty_file_is_the_empty_situation() -> None:
    assert read("") == Situation()
    assert read("# nothing given\n") == Situation()


def test_a_situation_is_a_mapping() -> None:
    assert refused("- given\n") == ("s.yaml:1:1: a situation must be a mapping\n  hint: allowed keys: given, base, "
                                    "effects, roll, reading, ignore, unit, groups, target, reroll, unmodified, "
                                    "reroll_for, weapons, sequence")
    with pytest.raises(RulingsError) as caught:
        situation_from_data(["given"], PACK, Span("example", 4, 7))
    assert str(caught.value) == "example:4:7: a situation must be a mapping"  # no hint
    assert situation_from_data({"given": {"shooter.bs": 2}}, PACK, Span("example", 4, 7)).given == {"shooter.bs": 2}
    # data has no place of its own: every error is placed where it came from
    with pytest.raises(RulingsError) as caught:
        situation_from_data({"given": {"target.covr": 2}}, PACK, Span("example", 4, 7))
    assert str(caught.value) == "example:4:7: unknown fact 'target.covr'\n  hint: did you mean 'target.cover'?"


def test_given_pairs_are_read_as_yaml_scalars() -> None:
    assert parse_given([" shooter.bs = 3 ", "shooter.moved=yes", "target.cover=soft", "a=b=c"]) == {
        "shooter.bs": 3, "shooter.moved": True, "target.cover": "soft", "a": "b=c"}
    assert parse_given([]) == {}


@pytest.mark.parametrize(("pair", "message"), [
    ("shooter.bs", "--given 'shooter.bs': expected FACT=VALUE"),
    ("=3", "--given '=3': expected FACT=VALUE"),
    (" =3", "--given ' =3': expected FACT=VALUE"),
    ("shooter.bs=", "--given 'shooter.bs': no value after '='"),
    (" shooter.bs = ", "--given 'shooter.bs': no value after '='"),
])
def test_a_given_pair_needs_a_fact_and_a_value(pair: str, message: str) -> None:
    with pytest.raises(RulingsError) as caught:
        parse_given([pair])
    assert (caught.value.message, caught.value.hint) == (message, "e.g. --given shooter.moved=true")


def test_a_given_value_that_is_no_yaml_is_placed_at_its_fact() -> None:
    with pytest.raises(RulingsError) as caught:
        parse_given(["shooter.bs=[3"])
    assert str(caught.value).startswith("--given 'shooter.bs':")


# -- each fact's value checked against its declaration --------------------------------------------------------------


def test_given_values_are_checked_and_normalised() -> None:
    assert check_given({"shooter.moved": False, "shooter.bs": 6, "target.cover": "hard",
                        "unit.keywords": ["infantry", "Fly"]}, PACK) == {
        "shooter.moved": False, "shooter.bs": 6, "target.cover": "hard",
        "unit.keywords": frozenset({"INFANTRY", "FLY"})}
    assert check_given({"shooter.bs": 1, "unit.keywords": ()}, PACK) == {"shooter.bs": 1,
                                                                          "unit.keywords": frozenset()}


@pytest.mark.parametrize(("given", "message", "hint"), [
    ({"unit.keywrds": 3}, "unknown fact 'unit.keywrds'", "did you mean 'unit.keywords'?"),
    ({"shooter.bs": 7}, "shooter.bs = 7 is out of range 1..6", ""),
    ({"shooter.bs": 0}, "shooter.bs = 0 is out of range 1..6", ""),
    ({"shooter.bs": True}, "shooter.bs must be an integer, not true",
     "yes, no, on and off are read as true or false; quote them to mean text"),
    ({"shooter.bs": "3"}, "shooter.bs must be an integer, not '3'", "write 3 without quotes: quotes make it text"),
    ({"shooter.bs": 3.5}, "shooter.bs must be an integer, not 3.5", "shooter.bs takes a whole number from 1 to 6"),
    ({"shooter.moved": 1}, "shooter.moved must be true or false, not 1", ""),
    ({"shooter.moved": None}, "shooter.moved must be true or false, not an empty value", ""),
    ({"target.cover": "sofft"}, "target.cover = 'sofft' is not one of none, soft, hard", "did you mean 'soft'?"),
    ({"target.cover": "x"}, "target.cover = 'x' is not one of none, soft, hard", ""),
    ({"target.cover": False}, "target.cover must be one of none, soft, hard, not false",
     "yes, no, on and off are read as true or false; quote them to mean text"),
    ({"target.cover": 2}, "target.cover must be one of none, soft, hard, not 2", ""),
    ({"unit.keywords": "INFANTRY"}, "unit.keywords must be a list of keywords, not 'INFANTRY'", ""),
    ({"unit.keywords": ["INFANTRY", 3]}, "unit.keywords must be a list of keywords, not ['INFANTRY', 3]", ""),
])
def test_a_value_its_fact_does_not_allow_is_refused(given: dict[str, Any], message: str, hint: str) -> None:
    with pytest.raises(RulingsError) as caught:
        check_given(given, PACK, {name: Span("s.yaml", 2, 3) for name in given})
    assert (caught.value.message, caught.value.hint, caught.value.where) == (message, hint, Span("s.yaml", 2, 3))
    with pytest.raises(RulingsError) as caught:
        check_given(given, PACK)  # no places known: none said
    assert (caught.value.message, caught.value.where) == (message, None)


def test_an_unknown_fact_is_an_unknown_name_placed_at_its_key() -> None:
    with pytest.raises(UnknownName) as caught:
        read("given:\n  shooter.bs: 3\n  target.covr: soft\n")
    assert str(caught.value) == "s.yaml:3:3: unknown fact 'target.covr'\n  hint: did you mean 'target.cover'?"


# -- the situation's keys ---------------------------------------------------------------------------------------------


def test_an_unknown_key_is_placed_at_the_key_with_the_nearest_known_one() -> None:
    assert refused("given: {}\ngivn: {shooter.bs: 3}\n") == (
        "s.yaml:2:1: unknown key 'givn' in a situation\n  hint: did you mean 'given'?")
    assert refused("zzz: 1\n") == ("s.yaml:1:1: unknown key 'zzz' in a situation\n  hint: allowed: given, base, "
                                   "effects, roll, reading, ignore, unit, groups, target, reroll, unmodified, "
                                   "reroll_for, weapons, sequence")


def test_given_maps_facts_to_values() -> None:
    assert read("given:\n").given == {}
    assert refused("given: [shooter.bs]\n") == ("s.yaml:1:8: given: must map fact names to values\n"
                                                "  hint: e.g. given: {shooter.moved: true}")



@pytest.mark.parametrize(("facts", "example"), [
    # a derived fact is worked out, an enum and a keywords fact take words: the first int is the example
    (["a.far: {type: bool, derive: a.n >= 4, text: far}", "a.kind: {type: enum, values: [x, y], text: kind}",
      "a.kw: {type: keywords, default: [], text: keywords}", "a.n: {type: int, range: [1, 10], typical: 5, text: n}"],
     "a.n: 5"),  # its typical value
    (["a.n: {type: int, range: [2, 6], text: n}", "a.m: {type: bool, text: m}"], "a.n: 2"),  # the lowest value
    (["a.kind: {type: enum, values: [x, y], text: kind}"], "FACT: VALUE"),  # no fact to show
    (["a.m: {type: bool, text: m}", "a.n: {type: int, range: [1, 10], typical: 5, text: n}"], "a.m: true"),
])
def test_given_that_is_no_mapping_is_shown_in_the_packs_own_facts(facts: list[str], example: str) -> None:
    """The example names a fact a player gives (not a derived one) with a value it takes, written as YAML."""
    with pytest.raises(RulingsError) as caught:
        read_situation("given: [a.n]\n", "s.yaml", pack(pack_text("p", facts=facts, quantities=QUANTITY)))
    assert str(caught.value) == f"s.yaml:1:8: given: must map fact names to values\n  hint: e.g. given: {{{example}}}"


def test_an_int_fact_without_a_range_is_shown_with_three_and_said_to_take_a_whole_number() -> None:
    """A pack file gives every int fact a range; a fact built in code may have none: 3 stands for any number."""
    free = replace(PACK.facts["shooter.bs"], range=None)
    bare = replace(PACK, facts={"shooter.bs": free})
    with pytest.raises(RulingsError) as caught:
        read_situation("given: 3\n", "s.yaml", bare)
    assert caught.value.hint == "e.g. given: {shooter.bs: 3}"
    with pytest.raises(RulingsError) as caught:
        check_given({"shooter.bs": "many"}, bare)
    assert (caught.value.message, caught.value.hint) == ("shooter.bs must be an integer, not 'many'",
                                                         "shooter.bs takes a whole number, such as 3")


@pytest.mark.parametrize(("value", "shown", "hint"), [
    ("' 4 '", "' 4 '", "write 4 without quotes: quotes make it text"),  # the blanks around it dropped
    ("'-2'", "'-2'", "write -2 without quotes: quotes make it text"),
    ("'+2'", "'+2'", "write +2 without quotes: quotes make it text"),
    ("four", "'four'", "shooter.bs takes a whole number from 1 to 6"),
    ("'3.0'", "'3.0'", "shooter.bs takes a whole number from 1 to 6"),
    ("[3]", "[3]", "shooter.bs takes a whole number from 1 to 6"),
    ("", "an empty value", "shooter.bs takes a whole number from 1 to 6"),
])
def test_an_int_fact_given_something_else_is_told_how_to_write_a_number(value: str, shown: str, hint: str) -> None:
    """A number in quotes is text: the hint shows it unquoted; anything else gets the fact's range."""
    assert refused(f"given: {{shooter.bs: {value}}}\n") == (
        f"s.yaml:1:9: shooter.bs must be an integer, not {shown}\n  hint: {hint}")


@pytest.mark.parametrize("given", [{"shooter.moved": "1"}, {"unit.keywords": "3"}])
def test_a_number_in_quotes_for_a_fact_that_takes_no_number_gets_no_advice_about_quotes(
        given: dict[str, Any]) -> None:
    """Unquoting '1' would not make it true or false, nor '3' a list of keywords: the message alone says what is due."""
    with pytest.raises(RulingsError) as caught:
        check_given(given, PACK)
    assert caught.value.hint == ""


def test_a_fact_given_to_a_pack_without_facts_is_unknown_with_nothing_to_suggest() -> None:
    """There is no fact to suggest or list: the hint says so."""
    with pytest.raises(UnknownName) as caught:
        read_situation("given: {shooter.bs: 3}\n", "s.yaml", BARE)
    assert str(caught.value) == "s.yaml:1:9: unknown fact 'shooter.bs'\n  hint: the pack declares no facts"

@pytest.mark.parametrize(("roll", "shown"), [("true", "True"), ("four", "'four'"), ("4.5", "4.5")])
def test_a_roll_is_an_integer(roll: str, shown: str) -> None:
    assert refused(f"roll: {roll}\n") == (f"s.yaml:1:7: roll must be an integer, not {shown}\n"
                                          "  hint: give the unmodified roll as the dice show it, e.g. roll: 4")


def test_a_situation_states_every_key_it_reads() -> None:
    situation = read('given: {shooter.moved: true}\nbase: 3+\nroll: 4\neffects: ["+1", {name: Smoke, op: "-1"}]\n'
                     'target: 3+\nreroll: ones\nunmodified: 6\nreroll_for: unmodified\nweapons: 2\nreading: once\n'
                     'ignore: [moved]\nunit: {name: " Squad ", models: [{keywords: [INFANTRY, 7]}]}\n'
                     'sequence: {attacks: 6, hit: {target: 3}}\n')
    assert situation == Situation(
        given={"shooter.moved": True}, base="3+", effects=(Effect("+1", "+1"), Effect("Smoke", "-1")), roll=4,
        target=3, reroll=("ones",), unmodified=(6,), reroll_for="unmodified", weapons=2, reading={"strict": "once"},
        ignore=("moved",), models=(("INFANTRY", "7"),), datasheet="Squad", groups=(),
        sequence={"attacks": 6, "hit": {"target": 3}}, where=situation.where)
    # each key's place, for the errors a ruling raises later (counted in the text above)
    assert situation.where == {
        "shooter.moved": Span("s.yaml", 1, 9), "(sequence).attacks": Span("s.yaml", 13, 21),
        "(sequence).hit": Span("s.yaml", 13, 29), "(sequence).hit.target": Span("s.yaml", 13, 38),
        "(base)": Span("s.yaml", 2, 7), "(roll)": Span("s.yaml", 3, 7), "(effects)": Span("s.yaml", 4, 10),
        "(ignore)": Span("s.yaml", 11, 9), "(weapons)": Span("s.yaml", 9, 10), "(target)": Span("s.yaml", 5, 9),
        "(reroll)": Span("s.yaml", 6, 9), "(unmodified)": Span("s.yaml", 7, 13),
        "(reroll_for)": Span("s.yaml", 8, 13), "(effects)[0]": Span("s.yaml", 4, 12),  # a quoted text: its first letter
        "(effects)[1]": Span("s.yaml", 4, 17)}


def test_more_facts_given_win_over_the_situations() -> None:
    situation = read("given: {shooter.bs: 3, shooter.moved: true}\nroll: 4\n")
    more = situation.with_given({"shooter.bs": 4, "target.cover": "soft"})
    assert more.given == {"shooter.bs": 4, "shooter.moved": True, "target.cover": "soft"}
    assert (more.roll, situation.given["shooter.bs"]) == (4, 3)


# -- groups ------------------------------------------------------------------------------------------------------------

GROUP_HINT = "\n  hint: e.g. groups: [{name: clear shot, given: {hard_cover.obscures: false}}]"


def test_groups_are_situations_of_their_own() -> None:
    situation = read("given: {shooter.bs: 3}\ngroups:\n  - {name: clear, given: {target.cover: none}}\n"
                     "  - {name: 2, base: 4+, effects: ['-1']}\n")
    (clear, two) = situation.groups
    assert clear[0] == "clear" and clear[1].given == {"target.cover": "none"}
    assert clear[1].where == {"target.cover": Span("s.yaml", 3, 27)}
    assert two[0] == "2" and (two[1].base, two[1].effects) == ("4+", (Effect("-1", "-1"),))
    assert two[1].where == {"(base)": Span("s.yaml", 4, 21), "(effects)": Span("s.yaml", 4, 34),
                            "(effects)[0]": Span("s.yaml", 4, 36)}
    assert read("groups:\n").groups == ()


@pytest.mark.parametrize(("text", "message"), [
    ("groups: {name: clear}\n", "s.yaml:1:9: groups: must be a list of groups"),
    ("groups: [clear]\n", "s.yaml:1:10: each group needs a name and its given facts"),
    ("groups: [{given: {}}]\n", "s.yaml:1:10: each group needs a name and its given facts"),
    ("groups: [{name: ' '}]\n", "s.yaml:1:18: a group name must be text, not ' '"),
    ("groups: [{name: [a]}]\n", "s.yaml:1:17: a group name must be text, not ['a']"),
    ("groups: [{name: }]\n", "s.yaml:1:17: a group name must be text, not an empty value"),
])
def test_a_group_has_a_name(text: str, message: str) -> None:
    assert refused(text) == message + GROUP_HINT


@pytest.mark.parametrize("word", ["yes", "on", "false"])
def test_a_group_named_by_a_word_yaml_reads_as_true_or_false_is_refused_with_how_to_quote_it(word: str) -> None:
    assert refused(f"groups: [{{name: {word}}}]\n") == (
        f"s.yaml:1:17: a group name must be text, not {'false' if word == 'false' else 'true'}\n"
        "  hint: yes, no, on and off are read as true or false; quote them to mean text")
    assert read(f"groups: [{{name: '{word}'}}]\n").groups[0][0] == word


def test_a_group_name_is_given_once_and_a_group_does_not_split() -> None:
    assert refused("groups:\n  - {name: a}\n  - {name: 1}\n  - {name: a}\n") == (
        "s.yaml:4:5: group name 'a' given twice\n  hint: first given at s.yaml:2:5")
    assert refused("groups:\n  - {name: 1}\n  - {name: '1'}\n") == (
        "s.yaml:3:5: group name '1' given twice\n  hint: first given at s.yaml:2:5")
    assert refused("groups:\n  - {name: a, groups: []}\n") == (
        "s.yaml:2:15: a group cannot split again\n"
        "  hint: list every group in the situation's own groups:, one level deep")
    assert refused("groups:\n  - {name: a, given: {shooter.bs: 9}}\n") == (
        "s.yaml:2:23: shooter.bs = 9 is out of range 1..6")


# -- a sequence's inputs, the weapons, the effects ------------------------------------------------------------------


SEQUENCE_HINT = "\n  hint: e.g. sequence: {attacks: 10, hit: {target: 3}, wound: {target: 4}}"


@pytest.mark.parametrize("text", ["sequence: [attacks]\n", "sequence: 6\n"])
def test_a_sequence_maps_its_inputs(text: str) -> None:
    assert refused(text) == "s.yaml:1:11: sequence: must map inputs and steps to values" + SEQUENCE_HINT


def test_a_sequences_inputs_are_named_by_text() -> None:
    # YAML keys are read as text; data from elsewhere (a batch line's JSON, a pack's example) may hold others
    with pytest.raises(RulingsError) as caught:
        situation_from_data({"sequence": {"attacks": 6, 1: 6}}, PACK, Span("ex", 2, 3))
    assert str(caught.value) == "ex:2:3: sequence: must map inputs and steps to values" + SEQUENCE_HINT


def test_a_sequences_inputs_are_kept_as_given_with_their_places() -> None:
    situation = read("sequence:\n  attacks: D6\n  hit: {target: 3, reroll: ones}\n  damage: 2\n")
    assert situation.sequence == {"attacks": "D6", "hit": {"target": 3, "reroll": "ones"}, "damage": 2}
    assert situation.where == {"(sequence).attacks": Span("s.yaml", 2, 12), "(sequence).hit": Span("s.yaml", 3, 8),
                               "(sequence).hit.target": Span("s.yaml", 3, 17),
                               "(sequence).hit.reroll": Span("s.yaml", 3, 28),
                               "(sequence).damage": Span("s.yaml", 4, 11)}
    assert read("sequence:\n").sequence == {}


def test_weapons_are_a_number_or_each_weapons_value() -> None:
    assert read("weapons: 1\n").weapons == 1
    assert read("weapons: 30\n").weapons == 30
    assert read("weapons: [D6, 3]\n").weapons == ("D6", 3)
    assert read("weapons: [D6]\n").weapons == ("D6",)
    assert read("weapons: [" + ", ".join(["D3"] * 30) + "]\n").weapons == ("D3",) * 30
    assert read("weapons: 2\nbase: D6\n").weapons == 2
    assert read("base: D6\n").weapons is None


NUMBER_HINT = ("\n  hint: give how many identical weapons make the attacks, from 1 to 30, e.g. weapons: 3, "
               "or each weapon's value, e.g. weapons: [D6, D3]")
LIST_HINT = "\n  hint: list each weapon's value, 1 to 30 of them, e.g. weapons: [D6, D3, 2]"


@pytest.mark.parametrize(("value", "message"), [
    ("0", "weapons: 0 is not a number of weapons" + NUMBER_HINT),
    ("31", "weapons: 31 is not a number of weapons" + NUMBER_HINT),
    ("true", "weapons: True is not a number of weapons" + NUMBER_HINT),
    ("D6", "weapons: 'D6' is not a number of weapons" + NUMBER_HINT),
    ("[]", "weapons: [] is not a list of weapons' values" + LIST_HINT),
    ("[" + ", ".join(["1"] * 31) + "]", "weapons: a list of 31 items is not a list of weapons' values" + LIST_HINT),
    ("[D6, true]", "weapons: ['D6', True] is not a list of weapons' values" + LIST_HINT),
    ("[D6, 2.5]", "weapons: ['D6', 2.5] is not a list of weapons' values" + LIST_HINT),
    ("[D6, [1]]", "weapons: a list of 2 items is not a list of weapons' values" + LIST_HINT),
])
def test_weapons_that_are_neither_are_refused(value: str, message: str) -> None:
    assert refused(f"weapons: {value}\n") == "s.yaml:1:10: " + message


def test_listed_weapons_take_no_base() -> None:
    assert refused("base: D6\nweapons: [D6, D3]\n") == (
        "s.yaml:2:10: weapons: lists each weapon's value, and base: gives one too\n"
        "  hint: give either weapons: [D6, D3] alone, or base: D6 with weapons: 2")


EFFECT_SHAPE = 'an effect is a string like "+1" or {name: Stealth, op: "-1"}'


def test_effects_are_named_by_their_operation_or_their_name() -> None:
    situation = read('effects: ["+1", -1, 2, x2, {op: "/2"}, {name: Smoke, op: -1}, "+1", {name: Smoke, op: "+2"}]\n')
    # an effect without a name is named by its operation; a name given again counts on (#2, #3)
    assert situation.effects == (Effect("+1", "+1"), Effect("-1", "-1"), Effect("+2", "+2"), Effect("x2", "x2"),
                                 Effect("/2", "/2"), Effect("Smoke", "-1"), Effect("+1#2", "+1"),
                                 Effect("Smoke#2", "+2"))
    assert read("effects:\n").effects == ()


@pytest.mark.parametrize(("text", "message"), [
    ("effects: '+1'\n", "s.yaml:1:11: effects: must be a list\n  hint: " + EFFECT_SHAPE),
    ("effects: [true]\n", "s.yaml:1:11: " + EFFECT_SHAPE),
    ("effects: [[1]]\n", "s.yaml:1:11: " + EFFECT_SHAPE),
    ("effects: [{name: Smoke}]\n", "s.yaml:1:11: " + EFFECT_SHAPE),
    ("effects: [{op: -1, by: me}]\n", "s.yaml:1:11: " + EFFECT_SHAPE),
    ("effects: [{name: 3, op: -1}]\n", "s.yaml:1:11: effect name 3 must be a one-line name\n  hint: " + EFFECT_SHAPE),
    ("effects: [{name: ' ', op: -1}]\n",
     "s.yaml:1:11: effect name ' ' must be a one-line name\n  hint: " + EFFECT_SHAPE),
    ('effects: [{name: "a\\nb", op: -1}]\n',
     "s.yaml:1:11: effect name 'a\\nb' must be a one-line name\n  hint: " + EFFECT_SHAPE),
    ("effects: ['+\u0663']\n", "s.yaml:1:12: '+\u0663' holds a digit other than 0-9\n"
                               "  hint: write it in the digits 0-9: '+3'"),
    ("effects: [{name: moved, op: -1}]\n",
     "s.yaml:1:11: effect name 'moved' is already a rule of the pack\n"
     "  hint: name the effect differently, or give the facts that make the rule hold"),
])
def test_an_effect_of_another_shape_is_refused(text: str, message: str) -> None:
    assert refused(text) == message


def test_numbers_in_text_are_digits_0_to_9_within_bounds() -> None:
    assert check_numbers("3+", "--base") == "3+" and check_numbers(4, "--base") == 4
    assert check_numbers("10+", "--base") == "10+" and check_numbers("D6+9", "--base") == "D6+9"
    assert check_numbers("+" + "9" * 18, "--base") == "+" + "9" * 18
    with pytest.raises(RulingsError) as caught:
        check_numbers("+" + "9" * 19, "--base")
    assert (str(caught.value), caught.value.where) == (
        "--base: '+9999999999999999999' holds a number out of bounds\n"
        "  hint: integers must lie between -10^18 and 10^18", None)
    with pytest.raises(RulingsError) as caught:
        check_numbers("\u00b3+", Span("s.yaml", 2, 7))
    assert (caught.value.message, caught.value.where) == ("'\u00b3+' holds a digit other than 0-9",
                                                          Span("s.yaml", 2, 7))
    assert refused("base: '1234567890123456789+'\n") == (
        "s.yaml:1:8: '1234567890123456789+' holds a number out of bounds\n"
        "  hint: integers must lie between -10^18 and 10^18")



@pytest.mark.parametrize(("text", "plain"), [
    ("\u00b3+", "3+"),  # a superscript three
    ("D\uff16+\uff11", "D6+1"),  # fullwidth digits, the letters and signs kept
    ("\u0663+", "3+"),  # an Arabic-Indic three
    ("\u2460+", "1+"),  # a circled one
])
def test_a_digit_other_than_0_to_9_is_shown_rewritten_in_plain_digits(text: str, plain: str) -> None:
    """Each digit of another script becomes the digit 0-9 of the same value; everything else stays as written."""
    with pytest.raises(RulingsError) as caught:
        check_numbers(text, "--base")
    assert str(caught.value) == (f"--base: {text!r} holds a digit other than 0-9\n"
                                 f"  hint: write it in the digits 0-9: {plain!r}")

# -- readings, choices, a unit -----------------------------------------------------------------------------------------


def test_a_reading_is_chosen_by_its_option_or_by_name() -> None:
    assert read("reading: once\n").reading == {"strict": "once"}
    assert read("reading: twice\n").reading == {"stacking": "twice"}
    assert read("reading: {strict: each, stacking: twice}\n").reading == {"strict": "each", "stacking": "twice"}
    assert read("reading:\n").reading == {}


@pytest.mark.parametrize(("text", "message"), [
    ("reading: each\n", "s.yaml:1:10: reading 'each' is an option of several readings\n"
                        "  hint: name it: reading: {strict: each}"),
    ("reading: onse\n", "s.yaml:1:10: unknown reading 'onse'\n  hint: did you mean 'once'?"),
    ("reading: 7\n", "s.yaml:1:10: unknown reading '7'\n  hint: known: each, each, once, twice"),
    ("reading: {strikt: once}\n", "s.yaml:1:10: unknown reading 'strikt'\n  hint: did you mean 'strict'?"),
    ("reading: {strict: twice}\n", "s.yaml:1:10: unknown option of reading 'strict': 'twice'\n"
                                   "  hint: known: each, once"),
    ("reading: {strict: onse}\n", "s.yaml:1:10: unknown option of reading 'strict': 'onse'\n"
                                  "  hint: did you mean 'once'?"),
])
def test_a_reading_the_pack_does_not_declare_is_refused(text: str, message: str) -> None:
    assert refused(text) == message



def test_a_reading_in_a_pack_without_readings_is_refused_with_nothing_to_choose() -> None:
    """With no reading declared there is no option to suggest: the hint says to drop the key."""
    for text in ("reading: once\n", "reading: {strict: once}\n"):
        with pytest.raises(RulingsError) as caught:
            read_situation(text, "s.yaml", BARE)
        name = "once" if text == "reading: once\n" else "strict"
        assert str(caught.value) == (f"s.yaml:1:10: unknown reading '{name}'\n"
                                     "  hint: the pack declares no readings: remove reading:")

def test_ignore_lists_rule_names() -> None:
    assert read("ignore: [moved, other]\n").ignore == ("moved", "other")
    assert read("ignore: []\n").ignore == ()  # ignore nothing
    assert read("given: {}\n").ignore is None  # not said: the ruling chooses
    for text in ("ignore: moved\n", "ignore: [moved, 1]\n"):
        assert refused(text) == "s.yaml:1:9: ignore: must be a list of rule names\n  hint: e.g. ignore: [moved]"


def test_a_unit_lists_its_models_keywords_and_may_name_its_datasheet() -> None:
    situation = read("unit:\n  name: ' Intercessor Squad '\n  models:\n    - {keywords: [INFANTRY, 1]}\n"
                     "    - {keywords: []}\n")
    assert (situation.models, situation.datasheet) == ((("INFANTRY", "1"), ()), "Intercessor Squad")
    situation = read("unit: {models: [{keywords: [VEHICLE]}]}\n")
    assert (situation.models, situation.datasheet) == ((("VEHICLE",),), "")
    assert (read("given: {}\n").models, read("given: {}\n").datasheet) == (None, "")


UNIT_SHAPE = "unit: needs models: [{keywords: [...]}, ...]"
KEYWORD_HINT = "\n  hint: e.g. keywords: [INFANTRY, GRENADES]"
NAME_HINT = "\n  hint: e.g. unit: {name: Intercessor Squad, models: [...]}"


@pytest.mark.parametrize(("text", "message"), [
    ("unit: [INFANTRY]\n", "s.yaml:1:7: " + UNIT_SHAPE),
    ("unit: {name: Squad}\n", "s.yaml:1:7: " + UNIT_SHAPE),
    ("unit: {models: {keywords: []}}\n", "s.yaml:1:7: " + UNIT_SHAPE),  # placed at the unit
    ("unit: {models: [[INFANTRY]]}\n", "s.yaml:1:17: " + UNIT_SHAPE),
    ("unit: {models: [{keywords: INFANTRY}]}\n", "s.yaml:1:17: " + UNIT_SHAPE),
    ("unit: {models: [{keywords: [A], name: x}]}\n",
     "s.yaml:1:33: unknown key of a model: 'name'\n  hint: known: keywords"),
    ("unit: {models: [{keywords: [A, ' ']}]}\n", "s.yaml:1:33: a keyword must be a word, not ' '" + KEYWORD_HINT),
    ("unit: {models: [{keywords: [A, true]}]}\n", "s.yaml:1:32: a keyword must be a word, not true" + KEYWORD_HINT),
    ("unit: {models: [{keywords: [A, [B]]}]}\n", "s.yaml:1:32: a keyword must be a word, not ['B']" + KEYWORD_HINT),
    ("unit: {models: [{keywords: [A, ]}], nam: x}\n",
     "s.yaml:1:37: unknown key of unit: 'nam'\n  hint: did you mean 'name'?"),
    ("unit: {models: [], colour: red}\n", "s.yaml:1:20: unknown key of unit: 'colour'\n  hint: known: models, name"),
    ("unit: {name: 3, models: []}\n", "s.yaml:1:14: unit: name must be the datasheet's name on one line" + NAME_HINT),
    ("unit: {name: ' ', models: []}\n",
     "s.yaml:1:15: unit: name must be the datasheet's name on one line" + NAME_HINT),
    ('unit: {name: "a\\nb", models: []}\n',
     "s.yaml:1:15: unit: name must be the datasheet's name on one line" + NAME_HINT),
])
def test_a_unit_of_another_shape_is_refused(text: str, message: str) -> None:
    assert refused(text) == message


@pytest.mark.parametrize(("text", "place"), [
    ("given: {}\ntarget: nine\n", "s.yaml:2:9: target: 'nine'"),
    ("given: {}\nreroll: twice\n", "s.yaml:2:9: reroll: unknown re-roll 'twice'"),
    ("given: {}\nunmodified: seven\n", "s.yaml:2:13: unmodified: 'seven'"),
    ("given: {}\nreroll_for: luck\n", "s.yaml:2:13: reroll_for: 'luck'"),
])
def test_a_rolls_keys_are_refused_where_they_are_written(text: str, place: str) -> None:
    assert refused(text).startswith(place)  # the value's place, counted in the text


def test_a_situation_given_other_facts_keeps_everything_else_it_says() -> None:
    """`given_as` is `dataclasses.replace(situation, given=...)` made by hand: every other field is kept."""
    from dataclasses import fields, replace

    other = Situation(given={"b": 2})
    full = Situation(given={"a": 1}, base=3, effects=(Effect("e", "+1"),), roll=4, target=3, reroll=("ones",),
                     unmodified=(6,), reroll_for="trigger", weapons=2, reading={"r": "x"}, ignore=("m",),
                     models=(("A",),), datasheet="Unit", groups=(("g", other),), sequence={"attacks": 2},
                     where={"a": Span("s.yaml", 1, 2)})
    assert all(getattr(full, f.name) != getattr(Situation(), f.name) for f in fields(Situation))  # every one set
    made = full.given_as({"c": 3})
    assert made == replace(full, given={"c": 3}) and dict(made.given) == {"c": 3}
    assert full.with_given({"c": 3}) == replace(full, given={"a": 1, "c": 3})
    assert dict(full.given) == {"a": 1}  # the original is left as it was


def test_a_plain_true_or_false_or_whole_number_in_range_is_taken_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """`check_given` takes a true-or-false value of a bool fact, and a whole number within an int fact's range (both
    ends included), as it is: the full check (`_check_value`, which words what is wrong) is for anything else."""
    import solver.situation

    def full_check(*args: Any) -> Any:
        raise AssertionError("checked the long way")

    monkeypatch.setattr(solver.situation, "_check_value", full_check)
    for given in ({"shooter.moved": True}, {"shooter.moved": False}, {"shooter.bs": 1}, {"shooter.bs": 6},
                  {"shooter.bs": 3, "shooter.moved": False}):
        assert check_given(given, PACK) == given
    for other in ({"shooter.bs": 7}, {"shooter.bs": 0}, {"shooter.bs": True}, {"shooter.moved": 1},
                  {"target.cover": "soft"}):
        with pytest.raises(AssertionError, match="the long way"):
            check_given(other, PACK)


def test_the_table_of_plain_checks_is_made_once_per_pack() -> None:
    from solver.situation import _plain_checks

    table = _plain_checks(PACK)
    assert _plain_checks(PACK) is table
    assert table == {"shooter.moved": True, "shooter.bs": (1, 6)}

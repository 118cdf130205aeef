"""Conditions read as a player reads them, checked where mutation testing found nothing watching
(`python tools/mutate.py explain/english.py`).

Each expected sentence is the plain English of the condition, written here by hand: a comparison read the right way
round ("2 >= x" is "x is at most 2"), a negation by its verb, De Morgan for a negated "and".
"""

from __future__ import annotations

import pytest

from explain.english import (
    _join,
    _past_to_base,
    _possessive,
    _singular,
    _third_to_base,
    _value,
    affirm,
    amount,
    effect_words,
    negate,
    noun,
    per_unit,
    say,
    sentence,
    why_not,
)
from kb.expr import parse_expr
from tests.explain.fact_packs import counts, facts_pack

PACK = facts_pack("eng", """\
  unit.moved: {type: bool, text: "the unit moved this turn"}
  unit.ranged: {type: bool, text: "the attack is a ranged attack (false: a melee attack)"}
  unit.hidden: {type: bool, text: "the unit is hidden (no: it can be seen)"}
  unit.bs: {type: int, range: [1, 6], default: 3, text: "the unit has Ballistic Skill {value}"}
  unit.save: {type: int, range: [2, 6], default: 4, text: "the unit has a save of {value}+"}
  unit.bases: {type: int, range: [0, 20], default: 5, text: "the unit has {value} physical bases"}
  unit.dice: {type: int, range: [0, 9], default: 1, text: "the unit has {value} dice per base"}
  unit.armies: {type: int, range: [0, 9], default: 1, text: "the unit has {value} armies in reserve"}
  unit.los: {type: int, range: [0, 4], default: 1, text: "the unit has Line of Sight value {value}"}
  unit.wounds: {type: int, range: [0, 9], default: 0, text: "{value} wounds were lost"}
  unit.kind: {type: enum, values: [foot, horse], default: foot, text: "the unit fights on {value}"}
  unit.keywords: {type: keywords, default: [], text: "the unit's keywords"}
  crew.count: {type: int, range: [0, 9], default: 0, text: "the crew counts {value} sailors"}
  wind: {type: int, range: [0, 12], default: 0, text: "wind speed"}
""")

SAID = [  # (condition, as it holds, as it fails)
    ("unit.moved", "the unit moved this turn", "the unit did not move this turn"),
    ("not unit.moved", "the unit did not move this turn", "the unit moved this turn"),
    ("unit.moved and unit.ranged", "the unit moved this turn and the attack is a ranged attack",
     "the unit did not move this turn or the attack is a melee attack"),
    ("unit.moved or unit.ranged", "the unit moved this turn or the attack is a ranged attack",
     "the unit did not move this turn and the attack is a melee attack"),
    ("unit.moved and (unit.ranged or unit.hidden)",
     "the unit moved this turn and (the attack is a ranged attack or the unit is hidden)",
     "the unit did not move this turn or (the attack is a melee attack and the unit is not hidden)"),
    ("unit.moved and unit.ranged and unit.hidden",
     "the unit moved this turn, the attack is a ranged attack, and the unit is hidden",
     "the unit did not move this turn, the attack is a melee attack, or the unit is not hidden"),
    ("true", "always", "never"),
    ("false", "never", "always"),
    ("other.flag", "other.flag is true", "other.flag is false"),
    ("unit.bs", "the unit has Ballistic Skill nonzero", "the unit has Ballistic Skill 0"),
    ("unit.bs >= 3", "the unit has Ballistic Skill 3 or more", "the unit has Ballistic Skill less than 3"),
    ("3 <= unit.bs", "the unit has Ballistic Skill 3 or more", "the unit has Ballistic Skill less than 3"),
    ("2 >= unit.bs", "the unit has Ballistic Skill 2 or less", "the unit has Ballistic Skill more than 2"),
    ("unit.bs < 3", "the unit has Ballistic Skill less than 3", "the unit has Ballistic Skill 3 or more"),
    ("unit.bs > 3", "the unit has Ballistic Skill more than 3", "the unit has Ballistic Skill 3 or less"),
    ("unit.bs == 3", "the unit has Ballistic Skill 3", "the unit has Ballistic Skill other than 3"),
    ("unit.bs != 3", "the unit has Ballistic Skill other than 3", "the unit has Ballistic Skill 3"),
    ("unit.save <= 3", "the unit has a save of 3+ or better", "the unit has a save of worse than 3+"),
    ("unit.save > 4", "the unit has a save of worse than 4+", "the unit has a save of 4+ or better"),
    ("unit.save == 4", "the unit has a save of 4+", "the unit has a save of other than 4+"),
    ("unit.save != 4", "the unit has a save of other than 4+", "the unit has a save of 4+"),
    ("unit.save < 4", "the unit has a save of better than 4+", "the unit has a save of 4+ or worse"),
    ("unit.save >= 5", "the unit has a save of 5+ or worse", "the unit has a save of better than 5+"),
    ("2 <= unit.bs <= 4", "the unit has Ballistic Skill 2 to 4",
     "the unit has Ballistic Skill less than 2 or the unit has Ballistic Skill more than 4"),
    ("1 <= unit.bs < 4", "the unit has Ballistic Skill 1 or more and the unit has Ballistic Skill less than 4",
     "the unit has Ballistic Skill less than 1 or the unit has Ballistic Skill 4 or more"),
    ("unit.kind == 'horse'", "the unit fights on horse", "the unit does not fight on horse"),
    ("unit.kind != 'horse'", "the unit does not fight on horse", "the unit fights on horse"),
    ("2 * unit.los >= unit.bs", "twice the unit's Line of Sight value is at least the unit's Ballistic Skill",
     "twice the unit's Line of Sight value is less than the unit's Ballistic Skill"),
    ("unit.los * 3 > unit.bs", "three times the unit's Line of Sight value is more than the unit's Ballistic Skill",
     "three times the unit's Line of Sight value is at most the unit's Ballistic Skill"),
    ("4 * unit.los < unit.bs", "4 times the unit's Line of Sight value is less than the unit's Ballistic Skill",
     "4 times the unit's Line of Sight value is at least the unit's Ballistic Skill"),
    ("unit.bs + unit.los == 5", "the unit's Ballistic Skill plus the unit's Line of Sight value is 5",
     "the unit's Ballistic Skill plus the unit's Line of Sight value is not 5"),
    ("unit.bs - 1 > 2", "the unit's Ballistic Skill minus 1 is more than 2",
     "the unit's Ballistic Skill minus 1 is at most 2"),
    ("unit.bs // 2 > 1", "the unit's Ballistic Skill divided by 2 (rounded down) is more than 1",
     "the unit's Ballistic Skill divided by 2 (rounded down) is at most 1"),
    ("-unit.bs < -3", "minus the unit's Ballistic Skill is less than -3",
     "minus the unit's Ballistic Skill is at least -3"),
    ("max(unit.bs, unit.los) > 2", "the larger of the unit's Ballistic Skill and the unit's Line of Sight value is "
     "more than 2", "the larger of the unit's Ballistic Skill and the unit's Line of Sight value is at most 2"),
    ("min(unit.bs, unit.los) > 2", "the smaller of the unit's Ballistic Skill and the unit's Line of Sight value is "
     "more than 2", "the smaller of the unit's Ballistic Skill and the unit's Line of Sight value is at most 2"),
    ("abs(unit.bs - unit.los) > 2", "the size of the unit's Ballistic Skill minus the unit's Line of Sight value is "
     "more than 2", "the size of the unit's Ballistic Skill minus the unit's Line of Sight value is at most 2"),
    ("'VEHICLE' in unit.keywords", "the unit has the VEHICLE keyword", "the unit does not have the VEHICLE keyword"),
    ("'VEHICLE' not in unit.keywords", "the unit does not have the VEHICLE keyword",
     "the unit has the VEHICLE keyword"),
    ("matches('INFANTRY', unit.keywords)", "the unit is an INFANTRY", "the unit is not an INFANTRY"),
    ("matches('non-VEHICLE INFANTRY or MONSTER', unit.keywords)", "the unit is a non-VEHICLE INFANTRY or MONSTER",
     "the unit is not a non-VEHICLE INFANTRY or MONSTER"),
    ("wind > 3", "wind speed is more than 3", "wind speed is at most 3"),
    ("3 < wind", "wind speed is more than 3", "wind speed is at most 3"),
    ("base > 2", "the unmodified value is more than 2", "the unmodified value is at most 2"),
]


@pytest.mark.parametrize(("condition", "holds", "fails"), SAID, ids=[c for c, _, _ in SAID])
def test_a_condition_and_its_negation_read_as_english(condition: str, holds: str, fails: str) -> None:
    assert say(PACK, parse_expr(condition)) == holds
    assert say(PACK, parse_expr(condition), holds=False) == fails


VALUES = {"unit.bs": 3, "unit.los": 2, "unit.moved": True, "unit.ranged": False, "unit.kind": "horse",
          "unit.keywords": frozenset({"INFANTRY", "GRENADES"}), "unit.save": 5, "wind": 4}

SHOWN = [  # (condition, as it holds, as it fails), with VALUES shown beside the words
    ("unit.bs >= 4", "the unit has Ballistic Skill 3 (4 or more)", "the unit has Ballistic Skill 3 (less than 4)"),
    ("unit.save <= 3", "the unit has a save of 5+ (3+ or better)", "the unit has a save of 5+ (worse than 3+)"),
    ("2 * unit.los >= unit.bs", "twice the unit's Line of Sight value (2) is at least the unit's Ballistic Skill (3)",
     "twice the unit's Line of Sight value (2) is less than the unit's Ballistic Skill (3)"),
    ("matches('INFANTRY', unit.keywords)", "the unit is an INFANTRY (its keywords: GRENADES, INFANTRY)",
     "the unit is not an INFANTRY (its keywords: GRENADES, INFANTRY)"),
    ("'VEHICLE' in unit.keywords", "the unit has the VEHICLE keyword (its keywords: GRENADES, INFANTRY)",
     "the unit does not have the VEHICLE keyword (its keywords: GRENADES, INFANTRY)"),
    ("unit.kind == 'foot'", "the unit fights on foot (it is horse)", "the unit does not fight on foot (it is horse)"),
    ("2 <= unit.bs <= 4", "the unit has Ballistic Skill 2 to 4 (it is 3)",
     "the unit has Ballistic Skill 3 (less than 2) or the unit has Ballistic Skill 3 (more than 4)"),
    ("wind > 5", "wind speed (4) is more than 5", "wind speed (4) is at most 5"),
]


@pytest.mark.parametrize(("condition", "holds", "fails"), SHOWN, ids=[c for c, _, _ in SHOWN])
def test_the_situations_values_are_shown_beside_the_words(condition: str, holds: str, fails: str) -> None:
    assert say(PACK, parse_expr(condition), VALUES) == holds
    assert say(PACK, parse_expr(condition), VALUES, holds=False) == fails


def test_a_unit_without_keywords_says_so() -> None:
    assert say(PACK, parse_expr("matches('INFANTRY', unit.keywords)"), {"unit.keywords": frozenset()},
               holds=False) == "the unit is not an INFANTRY (it has no keywords)"


def test_why_not_names_only_the_parts_that_failed() -> None:
    assert why_not(PACK, parse_expr("unit.moved and unit.bs >= 4"), VALUES) == \
        "the unit has Ballistic Skill 3 (less than 4)"
    assert why_not(PACK, parse_expr("unit.ranged and wind > 5"), VALUES) == \
        "the attack is a melee attack; wind speed (4) is at most 5"


@pytest.mark.parametrize(("text", "negated"), [
    ("the shooter moved this turn", "the shooter did not move this turn"),
    ("the unit is not engaged", "the unit is engaged"),
    ("the unit has been shaken", "the unit has not been shaken"),
    ("the model has a banner", "the model does not have a banner"),
    ("the units have banners", "the units do not have banners"),
    ("the unit had a banner", "the unit did not have a banner"),
    ("the unit can fly", "the unit cannot fly"),
    ("the unit cannot fly", "the unit can fly"),
    ("the unit will charge", "the unit will not charge"),
    ("the unit must flee", "the unit need not flee"),
    ("the unit may shoot", "the unit may not shoot"),
    ("the unit does fly", "the unit does not fly"),
    ("the units do fly", "the units do not fly"),
    ("the unit did fly", "the unit did not fly"),
    ("the unit was hit", "the unit was not hit"),
    ("the units were hit", "the units were not hit"),
    ("the units are hidden", "the units are not hidden"),
    ("the unit ran away", "the unit did not run away"),
    ("the unit stopped", "the unit did not stop"),
    ("the unit carried the flag", "the unit did not carry the flag"),
    ("the unit charged", "the unit did not charge"),
    ("the unit obscured it", "the unit did not obscure it"),
    ("the unit watches", "the unit does not watch"),
    ("the unit wishes", "the unit does not wish"),
    ("the unit passes", "the unit does not pass"),
    ("the unit fixes", "the unit does not fix"),
    ("the unit buzzes", "the unit does not buzz"),
    ("the unit tries", "the unit does not try"),
    ("the unit hops", "the unit does not hop"),
    ("the spotted target", "not: the spotted target"),  # no verb: said as a negation, not guessed
    ("the unit dice means", "not: the unit dice means"),
    ("all units are here", "not all units are here"),
    ("each unit is here", "not each unit is here"),
    ("at least one model is here", "no model is here"),
    ("the target is in cover (false: in the open)", "the target is in the open"),
    ("the target is in cover (no: nothing)", "the target is not in cover"),
])
def test_a_statement_is_negated_by_its_verb(text: str, negated: str) -> None:
    assert negate(text) == negated


def test_a_note_on_what_false_means_is_dropped_from_the_statement() -> None:
    assert affirm("the attack is a ranged attack (false: a melee attack)") == "the attack is a ranged attack"
    assert affirm("the unit is hidden (no: it can be seen)") == "the unit is hidden"
    assert affirm("the unit is hidden (otherwise seen)") == "the unit is hidden"
    assert affirm("the unit is hidden (e.g. in a wood)") == "the unit is hidden (e.g. in a wood)"


@pytest.mark.parametrize(("fact", "said", "one"), [
    ("unit.bs", "the unit's Ballistic Skill", "the unit's Ballistic Skill"),
    ("unit.bases", "the unit's physical bases", "physical base"),
    ("unit.dice", "the unit's dice per base", "die per base"),
    ("unit.armies", "the unit's armies in reserve", "army in reserve"),
    ("unit.los", "the unit's Line of Sight value", "the unit's Line of Sight value"),
    ("unit.wounds", "the value in \u201cN wounds were lost\u201d", "the value in \u201cN wounds were lost\u201d"),
    ("unit.kind", "what the unit fights on", "what the unit fights on"),
    ("crew.count", "the sailors the crew counts", "the sailors the crew counts"),
    ("wind", "wind speed", "wind speed"),
    ("unit.keywords", "the unit's keywords", "the unit's keywords"),
])
def test_what_a_fact_measures_and_one_of_what_it_counts(fact: str, said: str, one: str) -> None:
    assert noun(PACK.facts[fact]) == said
    assert per_unit(PACK.facts[fact]) == one


@pytest.mark.parametrize(("fact", "value", "said"), [
    ("unit.moved", True, "the unit moved this turn"),
    ("unit.moved", False, "the unit did not move this turn"),
    ("unit.ranged", True, "the attack is a ranged attack"),
    ("unit.ranged", False, "the attack is a melee attack"),
    ("unit.hidden", False, "the unit is not hidden"),
    ("unit.bs", 3, "the unit has Ballistic Skill 3"),
    ("unit.bs", "2..4", "the unit has Ballistic Skill 2 to 4"),
    ("unit.keywords", frozenset({"B", "A"}), "the unit's keywords are A, B"),
    ("unit.keywords", [], "the unit's keywords are none"),
    ("unit.kind", "horse", "the unit fights on horse"),
    ("wind", 3, "wind speed is 3"),
])
def test_a_facts_value_as_a_sentence(fact: str, value: object, said: str) -> None:
    assert sentence(PACK.facts[fact], value) == said


@pytest.mark.parametrize(("expr", "said", "shown"), [
    ("unit.bs + 1", "the unit's Ballistic Skill plus 1", "the unit's Ballistic Skill (3) plus 1"),
    ("7 - unit.bs", "7 minus the unit's Ballistic Skill", "7 minus the unit's Ballistic Skill (3)"),
    ("2 * unit.bs", "twice the unit's Ballistic Skill", "twice the unit's Ballistic Skill (3)"),
    ("unit.bs * 2", "twice the unit's Ballistic Skill", "twice the unit's Ballistic Skill (3)"),
    ("unit.bs * unit.los", "the unit's Ballistic Skill times the unit's Line of Sight value",
     "the unit's Ballistic Skill (3) times the unit's Line of Sight value (2)"),
    ("max(unit.bs, 2, unit.los)", "the larger of the unit's Ballistic Skill, 2, and the unit's Line of Sight value",
     "the larger of the unit's Ballistic Skill (3), 2, and the unit's Line of Sight value (2)"),
    ("unit.moved", "the unit moved this turn", "the unit moved this turn (yes)"),
])
def test_an_amount_in_words(expr: str, said: str, shown: str) -> None:
    _amount_reads(expr, said, shown)


def _amount_reads(expr: str, said: str, shown: str) -> None:
    """The amount `expr` reads as `said`, and as `shown` with the values of `VALUES` beside its facts."""
    assert amount(PACK, parse_expr(expr)) == said
    assert amount(PACK, parse_expr(expr), VALUES) == shown


def test_an_effect_in_words() -> None:
    assert [effect_words(c) for c in ("-1", "+2", "x2", "/2", "=0")] == [
        "gives -1", "gives +2", "multiplies it by 2", "divides it by 2", "sets it to 0"]


def test_the_small_words() -> None:
    assert [_past_to_base(w) for w in ("moved", "stopped", "called", "carried", "charged", "obscured", "passed",
                                       "rolled", "gazed")] == [
        "move", "stop", "call", "carry", "charge", "obscure", "pass", "roll", "gaze"]
    assert [_third_to_base(w) for w in ("watches", "wishes", "passes", "fixes", "buzzes", "tries", "ties",
                                        "runs")] == ["watch", "wish", "pass", "fix", "buzz", "try", "tie", "run"]
    assert [_singular(w) for w in ("dice", "armies", "bases", "glass", "sword")] == [
        "die", "army", "base", "glass", "sword"]
    assert [_possessive(s) for s in ("the unit", "the units", "the boss")] == ["the unit's", "the units'",
                                                                                "the boss's"]
    assert [_join(p, "and") for p in ([], ["a"], ["a", "b"], ["a", "b", "c"])] == ["", "a", "a and b",
                                                                                  "a, b, and c"]
    shown: list[object] = [True, False, frozenset(), ["B", "A"], 3]
    assert [_value(v) for v in shown] == ["yes", "no", "none", "A, B", "3"]


# -- what a count fact counts, one of them ------------------------------------------------------------------------

COUNTS = facts_pack("counts", counts({
    "per.five": "the unit has {value} dice per 5 models",
    "in.ranks": "the unit has {value} models in its ranks",
    "of.ranks": "the unit has {value} ranks of models",
    "for.weapons": "the unit has {value} attacks for its weapons",
    "on.models": "the unit has {value} wounds on its models",
    "of.first": "the unit has {value} of its models left",
}))


@pytest.mark.parametrize(("fact", "one"), [
    ("per.five", "die per 5 models"),  # "1 die per 5 models": what follows "per" stays as it is
    ("in.ranks", "model in its ranks"),
    ("of.ranks", "rank of models"),
    ("for.weapons", "attack for its weapons"),
    ("on.models", "wound on its models"),
    ("of.first", "of its models left"),  # nothing before the preposition to make singular
])
def test_one_of_what_is_counted_keeps_what_follows_its_preposition(fact: str, one: str) -> None:
    assert per_unit(COUNTS.facts[fact]) == one


def test_a_plural_in_ies_of_any_length_is_made_singular() -> None:
    assert [_singular(w) for w in ("companies", "allies", "flies")] == ["company", "ally", "fly"]


def test_a_present_tense_in_eed_is_its_own_base() -> None:
    """"the units exceed the limit": exceed is no past tense of "excee"."""
    assert [_past_to_base(w) for w in ("exceed", "succeed", "proceed")] == ["exceed", "succeed", "proceed"]


# -- a chain of comparisons that is not a row of a table, and keywords -------------------------------------------

@pytest.mark.parametrize(("condition", "holds"), [
    ("2 <= unit.bs <= unit.los",  # the upper end is no number: two comparisons, not "2 to ..."
     "the unit has Ballistic Skill 2 or more and the unit's Ballistic Skill is at most the unit's Line of Sight value"),
    ("2 <= wind <= 5", "wind speed is at least 2 and wind speed is at most 5"),  # a fact with no {value} in its text
    ("unit.kind in unit.keywords", "the unit has what the unit fights on among its keywords"),
    ("unit.kind not in unit.keywords", "the unit does not have what the unit fights on among its keywords"),
    ("'VEHICLE' in other.keywords", "the unit has the VEHICLE keyword"),  # a keywords fact the pack does not have
    ("matches('INFANTRY non-VEHICLE', unit.keywords)", "the unit is a non-VEHICLE INFANTRY"),  # "non-" said first
    ("matches('SPACE WOLVES INFANTRY', unit.keywords)", "the unit is a SPACE WOLVES INFANTRY"),  # as written
    ("matches('ORK or INFANTRY', unit.keywords)", "the unit is an ORK or INFANTRY"),
])
def test_comparisons_and_keywords_read_as_english(condition: str, holds: str) -> None:
    assert say(PACK, parse_expr(condition)) == holds


def test_the_value_of_a_fact_asked_for_among_keywords_is_shown() -> None:
    assert say(PACK, parse_expr("unit.kind in unit.keywords"), VALUES) == \
        "the unit has what the unit fights on (horse) among its keywords (its keywords: GRENADES, INFANTRY)"


# -- an amount whose conditional the situation settles --------------------------------------------------------------

TIERED = "4 if unit.kind == 'horse' else 5 if unit.bs >= 4 else 3"


@pytest.mark.parametrize(("given", "said"), [
    ({"unit.kind": "horse"}, "4 (as the unit fights on horse)"),
    ({"unit.kind": "foot", "unit.bs": 5},
     "5 (as the unit does not fight on horse (it is foot) and the unit has Ballistic Skill 5 (4 or more))"),
    ({"unit.kind": "foot", "unit.bs": 3},
     "3 (as the unit does not fight on horse (it is foot) and the unit has Ballistic Skill 3 (less than 4))"),
    ({}, "4 if the unit fights on horse, otherwise 5 if the unit has Ballistic Skill 4 or more, otherwise 3"),
])
def test_a_settled_amount_is_the_value_the_situation_picks_and_why(given: dict[str, object], said: str) -> None:
    assert amount(PACK, parse_expr(TIERED), given, settled=True) == said


def test_an_amount_is_said_whole_unless_asked_to_settle_it() -> None:
    assert amount(PACK, parse_expr(TIERED), {"unit.kind": "foot", "unit.bs": 3}) == (
        "4 if the unit fights on horse (it is foot), otherwise 5 if the unit has Ballistic Skill 3 (4 or more), "
        "otherwise 3")
    assert amount(PACK, parse_expr(TIERED), settled=True) == \
        "4 if the unit fights on horse, otherwise 5 if the unit has Ballistic Skill 4 or more, otherwise 3"


# -- why a condition failed, through derived facts ------------------------------------------------------------------

# whether the unit moved, and its Ballistic Skill: what the derived facts here are derived from
MOVED_AND_BS = """\
  a.moved: {type: bool, text: "the unit moved this turn"}
  a.bs: {type: int, range: [1, 6], default: 3, text: "the unit has Ballistic Skill {value}"}
"""
DERIVED = facts_pack("derived", MOVED_AND_BS + """\
  d.steady: {type: bool, derive: "not a.moved", text: "the unit is steady"}
  d.aimed: {type: bool, derive: "d.steady and a.bs <= 3", text: "the unit takes aim"}
  d.sniping: {type: bool, derive: "d.aimed", text: "the unit is sniping"}
""")


def _derived(**given: object) -> dict[str, object]:
    from solver.facts import derive_facts

    return derive_facts(DERIVED, {k.replace("_", "."): v for k, v in given.items()})


def test_why_a_derived_fact_failed_goes_two_derived_facts_deep() -> None:
    values = _derived(a_moved=True, a_bs=3)
    assert why_not(DERIVED, parse_expr("d.sniping"), values) == \
        "the unit is not sniping (the unit does not take aim (the unit is not steady))"  # not "(the unit moved ...)"
    assert why_not(DERIVED, parse_expr("d.aimed"), values) == \
        "the unit does not take aim (the unit is not steady (the unit moved this turn))"


def test_a_derived_fact_that_failed_for_its_whole_condition_is_not_said_twice() -> None:
    """"the unit is not steady (the unit moved this turn)" says nothing "the unit is not steady" does not, at the top;
    below it, the reason is the point."""
    values = _derived(a_moved=True, a_bs=3)
    assert why_not(DERIVED, parse_expr("d.steady"), values) == "the unit is not steady"
    assert why_not(DERIVED, parse_expr("d.steady and a.bs <= 2"), values) == \
        "the unit is not steady; the unit has Ballistic Skill 3 (more than 2)"


def test_a_condition_no_part_of_which_failed_is_said_whole() -> None:
    values = _derived(a_moved=True, a_bs=3)
    assert why_not(DERIVED, parse_expr("not a.moved"), values) == "the unit moved this turn"
    assert why_not(DERIVED, parse_expr("not (a.bs <= 3)"), values) == "the unit has Ballistic Skill 3 (3 or less)"
    assert why_not(DERIVED, parse_expr("a.moved and false"), values) == "always"  # what holds instead of "never"


# -- the verb of a fact's sentence, past or present, and what it measures -------------------------------------------

VERBS = facts_pack("verbs", counts({
    "rolled": "the unit rolled {value} dice",
    "lost": "the wounded model lost {value} wounds",
    "earns": "the hero's deed earns {value} glory points",
    "moved": "the unit moved {value} inches",
    "gives": "the unit's focus gives {value} dice",
    "reaches": "the radius reaches {value} inches",
}))


@pytest.mark.parametrize(("fact", "said"), [
    ("rolled", "the dice the unit rolled"),
    ("lost", "the wounds the wounded model lost"),  # "wounded" after "the" is no verb
    ("earns", "the glory points the hero's deed earns"),  # "deed" is no past tense
    ("moved", "the inches the unit moved"),
    ("gives", "the dice the unit's focus gives"),  # "focus" after a possessive is no verb
    ("reaches", "the inches the radius reaches"),  # "radius" after "the" is no verb
])
def test_what_a_fact_measures_is_named_from_its_verb(fact: str, said: str) -> None:
    assert noun(VERBS.facts[fact]) == said


def test_a_string_that_spells_a_facts_name_is_no_fact() -> None:
    assert say(PACK, parse_expr("'wind' == 'calm'")) == "'wind' is 'calm'"


NOUNS = facts_pack("nouns", """\
  kw: {type: keywords, default: [], text: "the unit's keywords (of every model in it)"}
  hits: {type: int, range: [1, 6], default: 4, text: "the attacker hits on {value}+ (printed To-Hit Value)"}
  before: {type: int, range: [1, 6], default: 4, text: "the target saves on {value}+ (before modifiers)"}
  after: {type: int, range: [1, 6], default: 4, text: "the target saves on {value}+ (after modifiers)"}
  eg: {type: int, range: [1, 6], default: 4, text: "the target saves on {value}+ (e.g. 4 for a 4+ save)"}
  ie: {type: int, range: [1, 6], default: 4, text: "the target saves on {value}+ (i.e. its Save)"}
  first: {type: int, range: [1, 9], default: 4, text: "{value} is the unit's Toughness"}
  question: {type: int, range: [1, 9], default: 4, text: "is the unit within {value} inches"}
  rolls: {type: int, range: [1, 6], default: 4, text: "the unit needs {value}+ rolls"}
  have: {type: int, range: [1, 9], default: 1, text: "the models have {value} wounds"}
  is: {type: int, range: [2, 12], default: 7, text: "the printed Command Value is {value}"}
  are: {type: int, range: [0, 9], default: 0, text: "the unit's lost wounds are {value}"}
  one: {type: int, range: [0, 9], default: 5, text: "Movement is {value}"}
  fired: {type: int, range: [0, 9], default: 0, text: "Archers fired {value} arrows"}
  wounded: {type: int, range: [0, 9], default: 0, text: "Wounded models lost {value} wounds"}
  costs: {type: int, range: [0, 9], default: 0, text: "Fear costs {value} points"}
  score: {type: int, range: [0, 9], default: 0, text: "models score {value} hits"}
  times: {type: int, range: [0, 9], default: 0, text: "the unit hits {value} times"}
  gas: {type: int, range: [0, 9], default: 0, text: "mustard gas burns {value} models"}
  boss: {type: int, range: [0, 9], default: 0, text: "the enemy boss gives {value} orders"}
""")


@pytest.mark.parametrize(("fact", "said"), [
    ("kw", "the unit's keywords"),
    ("hits", "the attacker's printed To-Hit Value"),  # the note names it
    ("before", "what the target saves on"),  # a note on when, or an example, names nothing
    ("after", "what the target saves on"),
    ("eg", "what the target saves on"),
    ("ie", "what the target saves on"),
    ("first", "the value in \u201cN is the unit's Toughness\u201d"),  # the value before its verb
    ("question", "the value in \u201cis the unit within N inches\u201d"),  # no verb after its subject
    ("rolls", "the rolls the unit needs"),  # "{value}+ rolls": the + is the value's
    ("have", "the models' wounds"),
    ("is", "the printed Command Value"),
    ("are", "the unit's lost wounds"),
    ("one", "Movement"),
    ("fired", "the arrows Archers fired"),
    ("wounded", "the wounds Wounded models lost"),  # the first word is no verb
    ("costs", "the points Fear costs"),
    ("score", "the value in \u201cmodels score N hits\u201d"),  # "models" is the subject, "score" no -s verb
    ("times", "the times the unit hits"),
    ("gas", "the models mustard gas burns"),  # "gas" is too short to be a verb
    ("boss", "the orders the enemy boss gives"),  # "boss" is no verb
])
def test_what_a_fact_measures_is_named_from_the_words_around_its_verb(fact: str, said: str) -> None:
    assert noun(NOUNS.facts[fact]) == said


# -- sentences, amounts and negations in the remaining forms ---------------------------------------------------------

WORDS = facts_pack("words", """\
  kw: {type: keywords, default: [], text: "the unit has the keywords {value}"}
  armour: {type: int, range: [0, 6], default: 0, text: "the unit has Armour {value} (otherwise none)"}
  drill: {type: enum, values: {close: close order, open: open order}, default: close,
          text: "the unit fights in {value}"}
  moved: {type: bool, text: "the unit moved this turn"}
""")


def test_a_facts_sentence_in_its_remaining_forms() -> None:
    assert sentence(PACK.facts["unit.moved"]) == "the unit moved this turn"  # true, unless told otherwise
    assert sentence(WORDS.facts["kw"], frozenset({"B", "A"})) == "the unit has the keywords A, B"
    assert sentence(NOUNS.facts["kw"], frozenset({"A"})) == "the unit's keywords are A"  # the note dropped
    assert sentence(WORDS.facts["armour"], 3) == "the unit has Armour 3"  # what "otherwise" means is dropped
    assert sentence(WORDS.facts["drill"], "open") == "the unit fights in open order"


@pytest.mark.parametrize(("text", "negated"), [
    ("the models are in cover (false: in the open)", "the models are in the open"),
    ("the unit was hit (false: missed)", "the unit was missed"),
    ("the units were hit (false: missed)", "the units were missed"),
    ("the unit moved (false: it stood still)", "it stood still"),  # no "is" to keep: what false means, whole
])
def test_what_false_means_is_said_after_the_verb_to_be(text: str, negated: str) -> None:
    assert negate(text) == negated


@pytest.mark.parametrize(("expr", "said", "shown"), [
    ("true", "true", "true"),
    ("false", "false", "false"),
    ("other.count + 1", "other.count plus 1", "other.count plus 1"),  # a name the pack does not know
    ("2 * 3", "three times 2", "three times 2"),  # the constant first is the count only before a fact
    ("unit.bs if unit.moved else 3", "the unit's Ballistic Skill if the unit moved this turn, otherwise 3",
     "the unit's Ballistic Skill (3) if the unit moved this turn, otherwise 3"),
    ("unit.bs > 3", "the unit has Ballistic Skill more than 3", "the unit has Ballistic Skill 3 (more than 3)"),
])
def test_an_amount_in_its_remaining_forms(expr: str, said: str, shown: str) -> None:
    _amount_reads(expr, said, shown)


def test_an_enum_value_is_shown_in_the_packs_words() -> None:
    assert amount(WORDS, parse_expr("drill"), {"drill": "open"}) == "what the unit fights in (open order)"


@pytest.mark.parametrize(("condition", "holds", "fails"), [
    ("moved == true", "the unit moved this turn", "the unit did not move this turn"),
    ("moved == false", "the unit did not move this turn", "the unit moved this turn"),
    ("moved != false", "the unit moved this turn", "the unit did not move this turn"),
])
def test_a_bool_fact_compared_with_true_or_false_reads_as_its_sentence(condition: str, holds: str, fails: str) -> None:
    """It read "the unit moved this turn is true"."""
    assert say(WORDS, parse_expr(condition)) == holds
    assert say(WORDS, parse_expr(condition), holds=False) == fails


def test_a_conditional_condition_reads_both_values_and_shows_the_situation() -> None:
    expr = parse_expr("unit.bs >= 4 if unit.los > 1 else unit.bs >= 2")
    assert say(PACK, expr, VALUES) == ("the unit has Ballistic Skill 3 (4 or more) if the unit has Line of Sight "
                                       "value 2 (more than 1), otherwise the unit has Ballistic Skill 3 (2 or more)")
    assert say(PACK, expr, VALUES, holds=False) == (
        "the unit has Ballistic Skill 3 (less than 4) if the unit has Line of Sight value 2 (more than 1), otherwise "
        "the unit has Ballistic Skill 3 (less than 2)")


def test_an_and_inside_an_or_is_put_in_parentheses() -> None:
    assert say(PACK, parse_expr("unit.moved or (unit.ranged and unit.hidden)")) == \
        "the unit moved this turn or (the attack is a ranged attack and the unit is hidden)"


def test_a_settled_amount_that_is_a_fact_shows_its_value() -> None:
    expr = parse_expr("unit.bs if unit.kind == 'horse' else 2")
    assert amount(PACK, expr, {"unit.kind": "horse", "unit.bs": 3}, settled=True) == \
        "the unit's Ballistic Skill (3) (as the unit fights on horse)"


def test_a_settled_amount_past_an_or_says_both_parts_failed() -> None:
    expr = parse_expr("5 if unit.moved or unit.bs > 4 else 2")
    assert amount(PACK, expr, {"unit.moved": False, "unit.bs": 3}, settled=True) == \
        "2 (as the unit did not move this turn and the unit has Ballistic Skill 3 (4 or less))"


ODDS = facts_pack("odds", MOVED_AND_BS + """\
  d.accurate: {type: bool, derive: "a.bs <= 2", text: "the unit is accurate"}
  d.blessed: {type: bool, derive: "false", text: "the unit is blessed"}
""")


def test_a_derived_fact_whose_one_part_failed_is_not_said_twice() -> None:
    """"the unit is not accurate" is all there is to say when its one part, "Ballistic Skill 2 or less", failed."""
    assert why_not(ODDS, parse_expr("d.accurate"), {"a.bs": 3, "d.accurate": False}) == "the unit is not accurate"
    assert why_not(ODDS, parse_expr("d.blessed"), {"d.blessed": False}) == "the unit is not blessed"


def test_a_condition_that_nothing_made_fail_is_said_whole() -> None:
    """With the unit's movement unknown, nothing failed yet: the condition is said as what would make it fail."""
    assert why_not(ODDS, parse_expr("a.bs <= 3 and a.moved"), {"a.bs": 3}) == \
        "the unit has Ballistic Skill 3 (more than 3) or the unit did not move this turn"
    assert why_not(ODDS, parse_expr("a.moved or a.bs > 3"), {}) == \
        "the unit did not move this turn and the unit has Ballistic Skill 3 or less"  # De Morgan: "or" fails whole


def test_a_negated_row_of_a_table_among_other_parts_is_in_parentheses() -> None:
    expr = parse_expr("unit.moved and not (2 <= unit.bs <= 4)")
    assert say(PACK, expr) == ("the unit moved this turn and (the unit has Ballistic Skill less than 2 or the unit "
                               "has Ballistic Skill more than 4)")
    assert say(PACK, expr, holds=False) == "the unit did not move this turn or the unit has Ballistic Skill 2 to 4"


# -- arithmetic too long to say across a table: the facts it reads ------------------------------------------------

LONG = "unit.bs * unit.los + wind - other.count + unit.bs"  # unit.bs read twice; other.count is no fact of the pack


def test_arithmetic_too_long_is_said_as_the_facts_it_reads_once_each_with_their_values() -> None:
    assert amount(PACK, parse_expr(LONG), {"unit.bs": 3, "wind": 4}, within=20) == (
        "worked out from the unit's Ballistic Skill (3), the unit's Line of Sight value, and wind speed (4)")
    assert amount(PACK, parse_expr(LONG), within=20) == (
        "worked out from the unit's Ballistic Skill, the unit's Line of Sight value, and wind speed")


def test_arithmetic_as_long_as_allowed_is_said_whole() -> None:
    whole = "the unit's Ballistic Skill plus 1"
    assert amount(PACK, parse_expr("unit.bs + 1"), within=len(whole)) == whole
    assert amount(PACK, parse_expr("unit.bs + 1"), within=len(whole) - 1) == \
        "worked out from the unit's Ballistic Skill"


def test_settled_arithmetic_too_long_still_says_why_its_branch_was_taken() -> None:
    expr = parse_expr(f"{LONG} if unit.moved else 0")
    assert amount(PACK, expr, {"unit.moved": True, "unit.bs": 3}, settled=True, within=20) == (
        "worked out from the unit's Ballistic Skill (3), the unit's Line of Sight value, and wind speed "
        "(as the unit moved this turn)")


def test_the_facts_arithmetic_reads_show_their_values_as_they_read_in_the_arithmetic() -> None:
    """A yes or no, a list of keywords, an enum value in the pack's words: not Python's True or frozenset."""
    expr = parse_expr("unit.bs + (2 if unit.moved else 0) + (1 if 'A' in unit.keywords else 0)")
    values = {"unit.bs": 3, "unit.moved": True, "unit.keywords": frozenset({"B", "A"})}
    assert amount(PACK, expr, values, within=20) == (
        "worked out from the unit's Ballistic Skill (3), the unit moved this turn (yes), and the unit's keywords "
        "(A, B)")
    assert amount(WORDS, parse_expr("armour + (1 if drill == 'open' else 0)"), {"armour": 2, "drill": "open"},
                  within=20) == "worked out from the unit's Armour (2) and what the unit fights in (open order)"


# -- a number compared for equality, with the situation's value: read as an enum's value is ------------------------

@pytest.mark.parametrize(("condition", "holds", "fails"), [
    ("unit.bs == 4", "the unit has Ballistic Skill 4 (it is 3)", "the unit does not have Ballistic Skill 4 (it is 3)"),
    ("unit.bs != 3", "the unit does not have Ballistic Skill 3", "the unit has Ballistic Skill 3"),
    ("3 == unit.bs", "the unit has Ballistic Skill 3", "the unit does not have Ballistic Skill 3"),
    ("unit.save == 4", "the unit has a save of 4+ (it is 5)", "the unit does not have a save of 4+ (it is 5)"),
    ("wind == 4", "wind speed (4) is 4", "wind speed (4) is not 4"),  # no {value} in its text: no sentence to say
])
def test_a_number_compared_for_equality_names_the_value_then_the_situations(condition: str, holds: str,
                                                                            fails: str) -> None:
    assert say(PACK, parse_expr(condition), VALUES) == holds
    assert say(PACK, parse_expr(condition), VALUES, holds=False) == fails

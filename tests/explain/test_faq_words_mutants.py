"""`explain.faq_words`, checked where mutation testing found nothing watching
(`python tools/mutate.py explain/faq_words.py`).

A small pack whose every id holds `_` or `.` where it should be kept off the page; each expected phrase is written
from the module's own rules (a rule by its text, else its name in words; a quantity by its text; a chance as a
fraction with what it needs on a D6; a sentence closed with a full stop).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from explain.faq_questions import TOPICS
from explain.faq_words import (
    _ask,
    _cap,
    _changed,
    _clamp,
    _dice_words,
    _die_needed,
    _effect,
    _fraction,
    _join,
    _lower,
    _moot,
    _readings_said,
    _rule_with_change,
    _suppressed,
    faq_lines,
    form_of,
    is_distribution,
    is_odds_question,
    lead,
    machine_names,
    quantity_label,
    question_words,
    reading_sentences,
    rule_label,
    scrub,
    situation_words,
    source_title,
    subject_label,
    topic_of,
    value_words,
)
from kb.errors import Span
from solver import ask, situation_from_data
from solver.ruling import Clamped, ReadingOutcome, Ruling
from solver.settle import Suppression
from tests.explain.fact_packs import yaml_pack

WORDY = """\
sources:
  roll_to_hit: {title: Roll to Hit, paragraphs: {1: "Roll a D6.", cover: "Cover gives -1."}}
  notitle: {paragraphs: {1: "x"}}
facts:
  shooter.moved: {type: bool, text: the shooter moved this turn}
  target.in_cover: {type: bool, text: the target is in cover}
  target.models: {type: int, range: [1, 10], text: "the target unit has {value} models"}
quantities:
  to_hit: {kind: roll, dice: D6, text: the hit roll}
  save_score: {kind: score, base: 4, text: the save}
  dmg: {kind: characteristic, characteristic: number, text: Damage}
  plain_q: {kind: pool, base: 3}
  command: {kind: total, dice: 2D6, text: the command roll}
modifiers:
  moved: {quantity: to_hit, change: -1, when: shooter.moved}
  in_cover: {quantity: to_hit, change: -1, when: target.in_cover, text: "Cover"}
  big_unit: {quantity: to_hit, change: +1, when: target.models >= 5}
policies:
  one_penalty: {kind: exclusive, rules: [moved, in_cover], text: "only one penalty counts", under: {penalties: once}}
  hit_cap: {kind: cap, quantity: to_hit, min: -1, label: the_cap}
  floor: {kind: clamp, quantity: save_score, max: 6}
readings:
  penalties:
    sentence: A moving shooter or a target in cover gives -1.
    options: {each: Each is its own -1., once: The sentence is one -1.}
    default: each
"""
PACK = yaml_pack("wordy", WORDY)
TO_HIT = PACK.quantities["to_hit"]


def ruling(quantity: str, data: dict[str, Any]) -> Ruling:
    return ask(PACK, quantity, situation_from_data(data, PACK, Span("test")))


@pytest.mark.parametrize(("question", "odds"), [
    ("How likely is a 2D6 total to pass?", True), ("How often does it hit?", True), ("What are the odds?", True),
    ("Each total of the dice?", True), ("Its distribution?", True), ("Does it hit?", False),
    ("What are the oddsmakers saying?", False),
])
def test_an_odds_question(question: str, odds: bool) -> None:
    assert is_odds_question(question) is odds


@pytest.mark.parametrize(("text", "listed"), [
    ("1 (1/6), 2 (1/6)", True), ("-1 (1/2), 0 (1/2)", True), ("2 (1), 3 (1)", True), ("1 (1/6)", False),
    ("a chance of 1/6", False),
])
def test_a_distribution_lists_two_results_or_more(text: str, listed: bool) -> None:
    assert is_distribution(text) is listed


def test_rules_and_policies_by_their_words() -> None:
    assert rule_label(PACK, "moved") == "moved"  # no text: its name
    assert rule_label(PACK, "in_cover") == "Cover"
    assert rule_label(PACK, "big_unit") == "big unit"
    assert rule_label(PACK, "one_penalty") == "only one penalty counts"
    assert rule_label(PACK, "the_cap") == "the cap"  # a policy's label, with no text: in words
    assert rule_label(PACK, "hit_cap") == "hit cap"
    assert rule_label(PACK, "an_effect") == "an effect"


def test_quantities_by_their_words() -> None:
    assert quantity_label(PACK, "to_hit") == "the hit roll"
    assert quantity_label(PACK, "no_such") == "no such"


def test_the_ids_kept_off_the_page() -> None:
    assert machine_names(PACK) == {"roll_to_hit", "shooter.moved", "target.in_cover", "target.models", "to_hit",
                                   "save_score", "plain_q", "in_cover", "big_unit", "one_penalty", "hit_cap"}


def test_scrub_puts_every_id_in_words() -> None:
    said = scrub(PACK, "moved and in_cover lower to_hit; target.models; roll_to_hit; one_penalty; big_unit; "
                       "notitle; x.y z_w")
    assert said == ("moved and Cover lower the hit roll; the target unit's models; Roll to Hit; only one penalty "
                    "counts; big unit; notitle; x.y z_w")
    assert scrub(PACK, "no ids here.") == "no ids here."


def test_a_citation_names_its_source_by_title() -> None:
    quote = "\u00b61: \u201cRoll a D6.\u201d"
    assert source_title(PACK, "roll_to_hit " + quote) == "Roll to Hit " + quote
    assert source_title(PACK, "roll_to_hit \u00b6cover_note: x") == "Roll to Hit \u00b6cover note: x"
    assert source_title(PACK, "notitle \u00b61: x") == "notitle \u00b61: x"
    assert source_title(PACK, "nope \u00b61: x") == "nope \u00b61: x"
    assert source_title(PACK, "roll_to_hit, 1") == "roll_to_hit, 1"


@pytest.mark.parametrize(("op", "said"), [
    ("=0", "sets it to 0"), ("x2", "doubles it"), ("x3", "multiplies it by 3"), ("/2", "halves it"),
    ("/3", "divides it by 3"), ("+1", "gives +1"), ("-2", "gives -2"),
])
def test_an_effect_in_words(op: str, said: str) -> None:
    assert _effect(op) == said


def test_a_reading_in_words() -> None:
    said = "\u201cA moving shooter or a target in cover gives -1.\u201d is read as: The sentence is one -1."
    assert _readings_said(PACK, {"penalties": "once"}) == [said]
    assert _readings_said(PACK, "once") == [said]  # an option alone: the reading that has it
    assert _readings_said(PACK, {"penalties": "other"}) == [
        "\u201cA moving shooter or a target in cover gives -1.\u201d is read as: other"]
    assert _readings_said(PACK, {"nope": "x"}) == ["the text is read as x"]


@pytest.mark.parametrize(("quantity", "data", "said"), [
    ("to_hit", {"given": {"shooter.moved": True, "target.models": 1}},
     "The shooter moved this turn and the target unit has 1 model."),
    ("to_hit", {"target": 4, "roll": 3, "reroll": "ones", "unmodified": 6},
     "The hit roll needs 4+, the roll is 3, rolls of 1 are re-rolled and an unmodified 6 matters."),
    ("to_hit", {"reroll": ["failed", "all", "odd"], "ignore": [], "effects": [{"name": "a spell", "op": "x2"}, "+1"]},
     "A spell doubles it, a rule gives +1, a failed roll is re-rolled, any roll may be re-rolled, re-roll: odd and "
     "the player ignores nothing."),
    ("to_hit", {"weapons": ["D6", 2], "unit": {"models": [{"keywords": ["A", "B"]}, {"keywords": ["C"]}]},
                "ignore": ["moved", "in_cover"]},
     "Weapons of to_hit D6 and 2 make the attacks, the unit's models have keywords [A, B], [C] and the player "
     "ignores moved, Cover."),
    ("to_hit", {"weapons": 3, "base": 5},
     "The hit roll is 5 before modifiers and 3 identical weapons make the attacks."),
    ("to_hit", {"target": "D3"}, "The hit roll needs D3."),
    ("to_hit", {}, ""),
    ("save_score", {"target": 4}, "The save needs 4+."),
    ("dmg", {"target": 4}, "Damage needs 4+."),  # a characteristic with no dice is read on one die
    ("command", {"target": 7}, "The command roll needs 7 or more."),
])
def test_the_situation_in_one_sentence(quantity: str, data: dict[str, Any], said: str) -> None:
    assert situation_words(PACK, PACK.quantities[quantity], data) == said


def test_the_value_of_each_kind() -> None:
    """Moved and in cover: -1 each, and the cap holds the net at -1. Under `once` only one counts: a target of 3
    with -1 needs 4+ on the die, chance 1/2. A score of 4+ on a D6: 1/2. Damage D3: 1, 2 or 3, 2 on average."""
    both = ruling("to_hit", {"given": {"shooter.moved": True, "target.in_cover": True, "target.models": 1}})
    assert value_words(both, TO_HIT) == "-1 to the roll"
    once = ruling("to_hit", {"given": {"shooter.moved": True, "target.in_cover": True, "target.models": 1},
                             "reading": {"penalties": "once"}, "target": 3})
    assert value_words(once, TO_HIT) == "chance 1/2 (4+ on the die, -1 to the roll)"
    assert value_words(ruling("save_score", {}), PACK.quantities["save_score"]) == "4+ (chance 1/2)"
    dmg = ruling("dmg", {"base": "D3"})
    assert value_words(dmg, PACK.quantities["dmg"]) == "D3: 1, 2 or 3, 2 on average"
    assert value_words(dmg, PACK.quantities["dmg"], dice=False) == "1, 2 or 3, 2 on average"
    assert value_words(ruling("plain_q", {}), PACK.quantities["plain_q"]) == "3 dice"


def test_the_reasons_in_the_packs_words() -> None:
    both = ruling("to_hit", {"given": {"shooter.moved": True, "target.in_cover": True, "target.models": 1}})
    assert [(x.tag, x.text) for x in faq_lines(PACK, both)] == [
        ("applied", "-1 because the shooter moved this turn"), ("applied", "-1 because the target is in cover"),
        ("clamp", "The cap on the net modifier: the net modifier -2 becomes -1")]
    once = ruling("to_hit", {"given": {"shooter.moved": True, "target.in_cover": True, "target.models": 1},
                             "reading": {"penalties": "once"}})
    assert ("suppressed", "Cover does not count; only moved does (only one penalty counts)") in [
        (x.tag, x.text) for x in faq_lines(PACK, once)]


def test_a_question_asks_what_changes_by_default() -> None:
    r = ruling("to_hit", {"given": {"shooter.moved": True, "target.in_cover": True, "target.models": 1}})
    assert form_of(PACK, "modifier:moved", {}, r) == "change"


@pytest.mark.parametrize(("six", "said"), [(1, "only a 6 succeeds"), (2, "5+ on the die"), (5, "2+ on the die"),
                                           (6, ""), (0, "")])
def test_what_one_die_needs(six: int, said: str) -> None:
    r = ruling("to_hit", {"given": {"shooter.moved": False, "target.in_cover": False, "target.models": 1},
                          "target": 7 - six if six else 7})
    assert r.probability == Fraction(six, 6)
    assert _die_needed(r, TO_HIT) == said


@pytest.mark.parametrize(("parts", "said"), [([], "nothing"), (["a"], "a"), (["a", "b"], "a and b"),
                                             (["a", "b", "c"], "a, b and c")])
def test_join(parts: list[str], said: str) -> None:
    assert _join(parts) == said


@pytest.mark.parametrize(("text", "said"), [("A spotted target.", "a spotted target"), ("Flanked and more.",
                                                                                          "Flanked and more"),
                                            ("The end. ", "the end"), ("Every one", "every one"), ("", "")])
def test_a_sentence_put_inside_another(text: str, said: str) -> None:
    assert _lower(text) == said


def test_small_words() -> None:
    assert (_cap("abc"), _cap("")) == ("Abc", "")
    assert (_fraction(None), _fraction(Fraction(2, 1)), _fraction(Fraction(1, 3))) == ("", "2", "1/3")


BOTH = {"given": {"shooter.moved": True, "target.in_cover": True, "target.models": 1}}


def base() -> Ruling:
    return ruling("to_hit", BOTH)


SUPPRESSED = (Suppression("in_cover", "moved", "one_penalty"),)


@pytest.mark.parametrize(("form", "data", "fields", "asked"), [
    ("roll", {}, {}, "Is a roll needed?"),
    ("passes", {}, {}, "Does the roll succeed?"),
    ("both", {}, {"suppressed": SUPPRESSED}, "Do both moved and Cover count?"),
    ("both", {}, {"suppressed": (*SUPPRESSED, Suppression("big_unit", "moved", "one_penalty"))},
     "Do moved, Cover and big unit all count?"),
    ("full", {}, {"clamped": (Clamped("the_cap", -2, -1),)}, "Does the hit roll take the full -2?"),
    ("limit", {}, {"clamped": (Clamped("the_cap", 7, 6),)}, "Can the hit roll be 7?"),
    ("chart", {}, {}, "Is a success still possible?"),
    ("choice", {}, {}, "Is it better to ignore any of the modifiers?"),
    ("reading", {}, {"readings": None}, "Does it matter how the rule is read?"),
    ("change", {"base": 3}, {}, "How do the rules change it?"),
    ("change", {"roll": 3}, {}, "What does the roll end as?"),
    ("change", {}, {"probability": Fraction(1, 2)}, "How does that change the chance?"),
    ("change", {}, {}, "What does the hit roll come to when no rule applies?"),
    ("change", {"effects": ["+1"]}, {}, "How does that change the hit roll?"),
    ("change", BOTH, {}, "How does that change the hit roll?"),
])
def test_the_question_asked_in_each_form(form: str, data: dict[str, Any], fields: dict[str, Any], asked: str) -> None:
    r = replace(base(), **fields)
    assert _ask(PACK, TO_HIT, form, data, r, "x") == asked


def test_a_score_that_cannot_be_past_its_limit_is_asked_with_a_plus() -> None:
    save = PACK.quantities["save_score"]
    r = replace(ruling("save_score", {}), clamped=(Clamped("x", 1, 2),))
    assert _ask(PACK, save, "limit", {}, r, "x") == "Can the save be 1+?"
    r = replace(r, clamped=(Clamped("x", "-", 2),))
    assert _ask(PACK, save, "limit", {}, r, "x") == "Can the save be -?"


def test_whether_the_reading_matters_names_its_sentence() -> None:
    r = base()
    r = replace(r, readings=(ReadingOutcome("penalties", "each", True, r),
                             ReadingOutcome("penalties", "once", False, r)))
    assert _ask(PACK, TO_HIT, "reading", {}, r, "x") == (
        "Does it matter how \u201cA moving shooter or a target in cover gives -1.\u201d is read?")


@pytest.mark.parametrize(("shows", "said"), [
    ("chain:moved", "the -1 for moved"), ("chain:in_cover", "the -1 for Cover"),
    ("chain:shooter.moved", "the -1 for moved"), ("chain:target.models", "the +1 for big unit"),
    ("chain:not_a_rule", "not a rule"), ("big_unit", "the +1 for big unit"),
])
def test_the_rule_a_boundary_question_is_about(shows: str, said: str) -> None:
    assert subject_label(PACK, TO_HIT, shows) == said
    assert _ask(PACK, TO_HIT, "applies", {}, base(), shows) == f"Does {said} apply?"


@pytest.mark.parametrize(("form", "fields", "said"), [
    ("roll", {}, "No: it succeeds automatically"),
    ("passes", {"extra": (("passed", True),), "value": 5}, "Yes: it succeeds, ending as 5"),
    ("passes", {"extra": (("passed", False),), "value": 1}, "No: it fails, ending as 1"),
    ("both", {"suppressed": SUPPRESSED}, "No: only moved counts; -1 to the roll"),
    ("both", {"suppressed": (*SUPPRESSED, Suppression("big_unit", "in_cover", "one_penalty"))},
     "No: only moved and Cover count; -1 to the roll"),
    ("full", {"clamped": (Clamped("the_cap", -2, -1),)}, "No: -1, not -2; -1 to the roll"),
    ("limit", {}, "No: -1 to the roll"),
    ("chart", {}, "Yes: -1 to the roll"),
    ("choice", {"ignored": ("moved", "in_cover")}, "Yes: ignore moved, Cover; -1 to the roll"),
    ("choice", {}, "No: -1 to the roll"),
    ("reading", {}, "Yes: -1 to the roll"),
    ("change", {}, "-1 to the roll"),
])
def test_the_answer_leads_with_the_yes_or_no(form: str, fields: dict[str, Any], said: str) -> None:
    """The ruling: moved and in cover, -1 each, held at -1 by the cap."""
    assert lead(PACK, TO_HIT, form, replace(base(), **fields), None, ()) == said


@pytest.mark.parametrize(("shows", "topic"), [
    ("modifier:in_cover", "Cover"), ("modifier:nope", "DEFAULT"), ("chain:shooter.moved", "Moved"),
    ("chain:moved:all", "Moved"),  # a chain question's shows: chain, the name, then which link
    ("policy:one_penalty", "Moved and Cover"), ("policy:hit_cap", TOPICS["limit"]),
    ("reading:penalties", "DEFAULT"),  # no rule is under it (only a policy)
    ("reading:nope", "DEFAULT"), ("other:x", "DEFAULT"), ("other:hit_cap", "DEFAULT"), ("policy:nope", "DEFAULT"),
])
def test_the_topic_an_entry_goes_under(shows: str, topic: str) -> None:
    assert topic_of(PACK, TO_HIT, shows, "DEFAULT") == topic


SAVE, DMG = PACK.quantities["save_score"], PACK.quantities["dmg"]


def save() -> Ruling:
    return ruling("save_score", {})


def damage() -> Ruling:
    return ruling("dmg", {"base": "D3"})


@pytest.mark.parametrize(("fields", "said"), [
    ({"automatic": True}, "no roll is needed: it succeeds automatically"),
    ({"extra": (("passed", True),), "value": None}, "it succeeds"),
    ({"extra": (("passed", False),), "value": 2}, "it fails, ending as 2"),
    ({"probability": Fraction(0)}, "it can never succeed (chance 0); -1 to the roll"),
    ({"probability": Fraction(0), "modifier": None}, "it can never succeed (chance 0)"),
    ({"probability": None, "value": 5}, "5 (-1 to the roll)"),
    ({"probability": None, "value": 5, "modifier": None}, "5"),
    ({"modifier": None}, "no modifier to the roll"),
    ({"modifier": 0}, "no modifier to the roll"),
    ({"probability": Fraction(1, 3), "modifier": 0}, "chance 1/3 (5+ on the die, no modifier to the roll)"),
    ({"probability": Fraction(1, 4), "modifier": None}, "chance 1/4"),
])
def test_a_rolls_value(fields: dict[str, Any], said: str) -> None:
    assert value_words(replace(base(), **fields), TO_HIT) == said


def test_each_groups_value() -> None:
    r = base()
    assert value_words(replace(r, groups=(("a", r), ("b", replace(r, modifier=0)))), TO_HIT) == (
        "a: -1 to the roll; b: no modifier to the roll")


def test_a_scores_value() -> None:
    s = save()
    assert value_words(replace(s, then=4, probability=Fraction(1, 12)), SAVE) == (
        "a 6, then 4+ on a second die (chance 1/12)")
    assert value_words(replace(s, probability=Fraction(0), display="7+: cannot succeed"), SAVE) == (
        "a score of 7+ cannot succeed (chance 0)")
    assert value_words(replace(s, probability=None), SAVE) == "4+"


def test_a_random_values_results_and_mean() -> None:
    d = damage()
    assert _dice_words(replace(d, extra=(("distribution", {"10": "1/2", "9": "1/2"}), ("mean", "19/2"))), DMG) == (
        "D3: 9 or 10, 9.5 (19/2) on average")  # in number order, not text order
    one = replace(d, value=None, display="D3 +1: 2", extra=(("distribution", {"2": "1"}), ("mean", "2")))
    assert _dice_words(one, DMG) == "D3+1: 2, 2 on average"
    assert _dice_words(replace(d, extra=(("mean", "2"),)), DMG) == ""
    assert _dice_words(replace(d, extra=(("distribution", {"2": "1"}),)), DMG) == ""
    assert _dice_words(base(), TO_HIT) == ""


def test_what_a_change_made_of_the_value() -> None:
    r = base()
    assert _changed(r, r, TO_HIT, value_words(r, TO_HIT)) == "-1 to the roll, as without it"
    half, third = replace(r, probability=Fraction(1, 2)), replace(r, probability=Fraction(1, 3), modifier=0)
    assert _changed(half, third, TO_HIT, value_words(half, TO_HIT)) == (
        "Chance 1/2 instead of 1/3 (4+ on the die, -1 to the roll)")
    assert _changed(replace(half, extra=(("passed", True),)), third, TO_HIT, "now") == (
        "Now, instead of chance 1/3 (5+ on the die, no modifier to the roll)")
    s = save()
    five = replace(s, probability=Fraction(1, 3), display="5+")
    assert _changed(five, s, SAVE, value_words(five, SAVE)) == "5+ instead of 4+ (chance 1/3 instead of 1/2)"
    assert _changed(replace(five, then=3), s, SAVE, "now") == "Now, instead of 4+ (chance 1/2)"
    d = damage()
    assert _changed(d, replace(d, value="D3+0"), DMG, value_words(d, DMG)) == (
        "D3: 1, 2 or 3, 2 on average, the same as D3+0 alone")


@pytest.mark.parametrize(("shows", "data", "fields", "form"), [
    ("automatic:x", {}, {"automatic": True}, "roll"),
    ("automatic:x", {}, {"automatic": False}, "change"),
    ("policy:one_penalty", {}, {"suppressed": SUPPRESSED}, "both"),
    ("policy:one_penalty", {}, {}, "change"),
    ("policy:hit_cap", {}, {"clamped": (Clamped("the_cap", -2, -1),)}, "full"),
    ("policy:hit_cap", {}, {"clamped": (Clamped("the_cap", "-", -1),)}, "change"),
    ("policy:hit_cap", {}, {"clamped": ()}, "change"),
    ("policy:floor", {}, {"clamped": (Clamped("floor", 7, 6),)}, "limit"),
    ("policy:floor", {}, {"clamped": ()}, "change"),
    ("policy:nope", {}, {"suppressed": SUPPRESSED}, "change"),
    ("chart:x", {}, {"then": 4}, "chart"),
    ("chart:x", {}, {"probability": Fraction(0)}, "chart"),
    ("chart:x", {}, {}, "change"),
    ("chain:moved", {}, {}, "applies"),
    ("reading:penalties", {}, {"readings": ()}, "change"),
    ("modifier:moved", {"roll": 4}, {"extra": (("passed", True),)}, "passes"),
    ("modifier:moved", {"roll": 4}, {}, "change"),
    ("modifier:moved", {}, {"extra": (("passed", True),)}, "change"),
])
def test_the_form_a_question_asks_in(shows: str, data: dict[str, Any], fields: dict[str, Any], form: str) -> None:
    assert form_of(PACK, shows, data, replace(base(), **fields)) == form


def test_the_form_of_a_reading_question() -> None:
    r = base()
    r = replace(r, readings=(ReadingOutcome("penalties", "each", True, r),))
    assert form_of(PACK, "reading:penalties", {}, r) == "reading"


# More rules: a save raised past the clamp's 6, a rule with no condition, and one under the reading `once`.
MORE = yaml_pack("wordy2", WORDY.replace("modifiers:\n", """modifiers:
  worse: {quantity: save_score, change: +3, when: target.in_cover}
  always_one: {quantity: plain_q, change: +1}
  halve: {quantity: dmg, change: -1, when: shooter.moved, under: {penalties: once}}
  crowd: {quantity: command, change: "-target.models", when: shooter.moved}
  twice: {quantity: command, change: x2, when: target.in_cover}
  set_two: {quantity: command, change: "=2", when: target.in_cover}
  plus_two: {quantity: command, change: "+2", when: target.in_cover, text: "Rally"}
  alone_bonus: {quantity: command, change: +3, when: target.alone}
""").replace("facts:\n", """facts:
  target.far: {type: bool, text: the target is far away}
  target.alone: {type: bool, derive: target.far, text: the target is alone}
""").replace("quantities:\n", """quantities:
  ap: {kind: characteristic, characteristic: number, text: AP}
""").replace("policies:\n", """policies:
  ap_max: {kind: clamp, quantity: ap, max: 0, text: "AP can never be above 0"}
  hit_limit: {kind: clamp, quantity: to_hit, max: 6}
  command_cap: {kind: cap, quantity: command, max: 1, text: "the modifier is never more than +1"}
  trumps: {kind: override, rule: plus_two, over: [crowd, twice]}
  settles_none: {kind: exclusive, rules: []}
  lonely: {kind: exclusive, rules: [always_one]}
"""))


def more(quantity: str, data: dict[str, Any]) -> Ruling:
    return ask(MORE, quantity, situation_from_data(data, MORE, Span("test")))


def said(r: Ruling, odds: bool = False) -> list[tuple[str, str]]:
    return [(x.tag, x.text) for x in faq_lines(MORE, r, odds=odds)]


def test_a_limit_that_bit_and_a_rule_without_a_condition() -> None:
    """The save 4+ made worse by 3 is 7, held at 6 by the clamp (which has no words of its own); a rule that
    always counts is said by its name."""
    assert said(more("save_score", {"given": {"target.in_cover": True}})) == [
        ("applied", "+3 because the target is in cover"), ("clamp", "The save is held at 6: 7 becomes 6")]
    assert said(more("plain_q", {})) == [("applied", "+1 for always one")]


def test_the_distribution_only_where_the_question_is_about_odds() -> None:
    """Moved and in cover, held at -1: a 4 is needed, so 1/3 (a 5 or 6)."""
    r = more("to_hit", {"given": {"shooter.moved": True, "target.in_cover": True, "target.models": 1}, "target": 4})
    plain = [("applied", "-1 because the shooter moved this turn"), ("applied", "-1 because the target is in cover"),
             ("clamp", "The cap on the net modifier: the net modifier -2 becomes -1")]
    assert said(r) == plain
    odds = said(r, odds=True)
    assert [x for x in odds if x[0] != "step"] == plain
    assert ("step", "at least 4: chance 1/3") in odds
    assert sum(tag == "step" and is_distribution(text) for tag, text in odds) == 2


def test_each_reading_by_what_it_means() -> None:
    """Damage 3, moved: -1 only under `once` (the other reading): 3 as the default reads it, 2 the other way."""
    r = more("dmg", {"base": 3, "given": {"shooter.moved": True}})
    sentences = ["The text can be read two ways: \u201cA moving shooter or a target in cover gives -1.\u201d",
                 "Read the default way, as here (each is its own -1): 3",
                 "Read the other way (the sentence is one -1): 2"]
    assert reading_sentences(MORE, r, MORE.quantities["dmg"]) == sentences
    assert said(r) == [("reading", x) for x in sentences]


@pytest.mark.parametrize(("quantity", "clamped", "text"), [
    ("command", Clamped("command_cap", 2, 1), "The modifier is never more than +1: the net modifier +2 becomes +1"),
    ("command", Clamped("command_cap", "-", 1), "The modifier is never more than +1: a result of - becomes 1"),
    ("to_hit", Clamped("the_cap", -2, -1), "The cap on the net modifier: the net modifier -2 becomes -1"),
    ("to_hit", Clamped("hit_limit", 8, 6), "The hit roll is held at 6: a result of 8 becomes 6"),
    ("ap", Clamped("ap_max", 1, 0), "AP can never be above 0: +1 becomes 0"),
    ("ap", Clamped("ap_max", -1, 0), "AP can never be above 0: -1 becomes 0"),
    ("ap", Clamped("ap_max", 2, 1), "AP can never be above 0: 2 becomes 1"),
    ("dmg", Clamped("unknown", 3, 2), "Damage is held at 2: 3 becomes 2"),
    ("save_score", Clamped("floor", 7, 6), "The save is held at 6: 7 becomes 6"),
])
def test_a_limit_that_bit_in_its_own_words(quantity: str, clamped: Clamped, text: str) -> None:
    assert _clamp(MORE, MORE.quantities[quantity], clamped) == text


NAMES = yaml_pack("names", """\
sources:
  the_rules: {paragraphs: {1: x}}
facts:
  a.b: {type: bool}
quantities:
  hit_roll: {kind: roll, dice: D6}
readings:
  the_reading:
    sentence: s
    options: {one_way: read one way, other: read the other way}
    default: one_way
assumptions:
  an_assumption: {text: t, reason: r}
sequences:
  an_attack:
    steps:
      - step: hit
        roll: hit_roll
        target: 4
        events:
          - {name: crit_hit, unmodified: 6}
""")


def test_every_kind_of_id_is_kept_off_the_page() -> None:
    assert machine_names(NAMES) == {"the_rules", "a.b", "hit_roll", "the_reading", "one_way", "an_assumption",
                                    "an_attack", "crit_hit"}
    assert scrub(NAMES, "one_way, other, the_rules and crit_hit.") == "read one way, other, the rules and crit hit."


def test_nothing_to_scrub_without_ids() -> None:
    pack = yaml_pack("plain", "quantities:\n  q: {kind: pool, base: 3}\n")
    assert machine_names(pack) == set()
    assert scrub(pack, "q_x stays") == "q_x stays"


@pytest.mark.parametrize(("rule", "said"), [
    ("crowd", "crowd"), ("twice", "twice"), ("set_two", "set two"), ("plus_two", "the +2 for Rally"),
    ("in_cover", "the -1 for Cover"),
])
def test_a_rule_is_named_with_its_change_only_when_it_is_a_plain_number(rule: str, said: str) -> None:
    assert _rule_with_change(MORE, rule) == said


def test_a_suppressed_rule_in_words() -> None:
    assert _suppressed(PACK, None, "as given") == "as given"
    assert _suppressed(PACK, Suppression("in_cover", "moved", "one_penalty"), "x") == (
        "Cover does not count; only moved does (only one penalty counts)")
    plain = "Cover does not count; only moved does"
    assert _suppressed(PACK, Suppression("in_cover", "moved", "hit_cap"), "x") == plain  # a policy without words
    assert _suppressed(PACK, Suppression("in_cover", "moved", "nope"), "x") == plain


def test_the_rules_no_roll_is_made_for() -> None:
    values = {"shooter.moved": True, "target.in_cover": True, "target.models": 1}
    assert _moot(PACK, TO_HIT, values) == (
        "no roll is made, so it does not matter that the shooter moved this turn and the target is in cover")
    assert _moot(PACK, TO_HIT, {"shooter.moved": True}) == (
        "no roll is made, so it does not matter that the shooter moved this turn")
    assert _moot(PACK, TO_HIT, {"target.models": "many"}) == "no roll is made, so it does not matter that nothing"


def test_the_question_says_the_situation_then_asks() -> None:
    assert question_words(PACK, TO_HIT, "change", BOTH, base(), "x") == (
        "The shooter moved this turn, the target is in cover and the target unit has 1 model. How does that change "
        "the hit roll?")
    assert question_words(PACK, TO_HIT, "roll", {}, base(), "x") == "Is a roll needed?"


@pytest.mark.parametrize(("shows", "answer"), [
    (("chain:moved",), "Yes"), (("chain:shooter.moved",), "Yes"), (("modifier:x", "chain:big_unit"), "No"),
    (("chain:target.models",), "No"), ((), "No"),
])
def test_whether_a_rule_applies(shows: tuple[str, ...], answer: str) -> None:
    """Moved and in cover count (moved reads shooter.moved); big unit, which reads target.models, does not."""
    assert lead(PACK, TO_HIT, "applies", base(), None, shows) == f"{answer}: -1 to the roll"


def test_a_suppressed_rule_still_applies() -> None:
    r = replace(base(), applied=(), suppressed=(Suppression("big_unit", "moved", "one_penalty"),))
    assert lead(PACK, TO_HIT, "applies", r, None, ("chain:big_unit",)) == "Yes: -1 to the roll"


def test_whether_the_reading_matters_gives_both_answers() -> None:
    r = base()
    other = replace(r, modifier=-2)
    r = replace(r, readings=(ReadingOutcome("penalties", "each", True, r),
                             ReadingOutcome("penalties", "once", False, other)))
    assert lead(PACK, TO_HIT, "reading", r, None, ()) == (
        "Yes: -1 to the roll as the default reads it, -2 to the roll the other way")


def test_a_change_is_said_against_the_value_without_it() -> None:
    r = base()
    before = replace(r, modifier=0)
    assert lead(PACK, TO_HIT, "change", r, before, ()) == "-1 to the roll, instead of no modifier to the roll"
    assert lead(PACK, TO_HIT, "change", r, replace(before, cases=()), ()) == "-1 to the roll"
    assert lead(PACK, TO_HIT, "both", replace(r, suppressed=SUPPRESSED), before, ()).startswith("No: only moved")


AUTO = yaml_pack("wordy3", WORDY.replace(
    "quantities:\n", "quantities:\n  shot: {kind: roll, dice: D6, text: the shot, automatic: shooter.moved}\n").replace(
    "modifiers:\n", "modifiers:\n  shot_bonus: {quantity: shot, change: +1, when: target.in_cover}\n"))


def test_a_skipped_roll_and_the_rules_it_makes_moot() -> None:
    """The shot needs no roll when the shooter moved; its +1 for cover then does not matter."""
    r = ask(AUTO, "shot", situation_from_data({"given": {"shooter.moved": True, "target.in_cover": True},
                                               "target": 4}, AUTO, Span("test")))
    assert [(x.tag, x.text) for x in faq_lines(AUTO, r)] == [
        ("applied", "the roll is skipped because the shooter moved this turn"),
        ("note", "no roll is made, so it does not matter that the target is in cover")]


def test_rules_that_did_not_apply_are_not_counted_on_the_page() -> None:
    """In cover (-1) and 6 models (+1): moved did not apply, and the brief's note that it left it out is dropped."""
    r = ruling("to_hit", {"given": {"shooter.moved": False, "target.in_cover": True, "target.models": 6},
                          "target": 4})
    assert [(x.tag, x.text) for x in faq_lines(PACK, r)] == [
        ("applied", "-1 because the target is in cover"),
        ("applied", "+1 because the target unit has 6 models (5 or more)")]


CHOOSE = yaml_pack("wordy4", WORDY.replace("policies:\n", "policies:\n  pick_some: {kind: choice, quantity: to_hit, "
                                           "when: target.in_cover, chooser: the shooter, "
                                           "text: the shooter may ignore modifiers}\n"))
SIX = {"shooter.moved": True, "target.in_cover": True, "target.models": 6}


def test_a_choice_to_ignore_modifiers() -> None:
    """Moved (-1), in cover (-1), 6 models (+1): ignoring moved and cover is best, +1 to the roll; the others are
    named by the rules' words, each a modifier rather than a dice expression."""
    r = ask(CHOOSE, "to_hit", situation_from_data({"given": SIX}, CHOOSE, Span("test")))
    assert form_of(CHOOSE, "policy:pick_some", {"given": SIX}, r) == "choice"
    assert lead(CHOOSE, TO_HIT, "choice", r, None, ()) == "Yes: ignore moved, Cover; +1 to the roll"
    assert [(x.depth, x.tag, x.text) for x in faq_lines(CHOOSE, r)] == [
        (1, "applied", "+1 because the target unit has 6 models (5 or more)"),
        (1, "ignored", "ignored: moved, Cover (the shooter chose the best option: the shooter may ignore modifiers)"),
        (2, "note", "instead: ignoring nothing gives -1 to the roll; ignoring Cover gives no modifier; ignoring "
                    "moved, Cover, big unit gives no modifier; 2 more weighed (--full lists them)")]


def test_a_choice_the_situation_made() -> None:
    r = ask(CHOOSE, "to_hit", situation_from_data({"given": SIX, "target": 4, "ignore": ["moved"]}, CHOOSE,
                                                  Span("test")))
    said = [(x.tag, x.text) for x in faq_lines(CHOOSE, r)]
    assert ("ignored", "ignored: moved (the situation chose: the shooter may ignore modifiers)") in said
    assert ("note", "the best choice would ignore moved, Cover for +1 to the roll") in said


def test_the_topic_of_an_override_names_its_rule_and_those_it_beats() -> None:
    assert topic_of(MORE, MORE.quantities["command"], "policy:trumps", "DEFAULT") == "Rally, crowd and twice"
    assert topic_of(MORE, MORE.quantities["command"], "policy:settles_none", "DEFAULT") == "DEFAULT"
    assert topic_of(MORE, MORE.quantities["plain_q"], "policy:lonely", "DEFAULT") == "Always one"


def test_the_topic_of_a_choice_and_of_a_reading() -> None:
    assert topic_of(CHOOSE, TO_HIT, "policy:pick_some", "DEFAULT") == TOPICS["choice"]
    assert topic_of(MORE, DMG, "reading:penalties", "DEFAULT") == "Halve"  # the rule under the reading
    assert topic_of(MORE, DMG, "other:penalties", "DEFAULT") == "DEFAULT"
    assert topic_of(MORE, TO_HIT, "reading:penalties", "DEFAULT") == "DEFAULT"  # no rule of the hit roll under it


def test_the_rule_a_question_about_a_fact_behind_a_derived_fact_is_about() -> None:
    """target.far is read through target.alone, which the +3 reads."""
    assert subject_label(MORE, MORE.quantities["command"], "chain:target.far:all") == "the +3 for alone bonus"
    assert subject_label(MORE, MORE.quantities["command"], "chain:target.alone:all") == "the +3 for alone bonus"


def test_a_dash_among_the_results_counts_as_0() -> None:
    """A characteristic may come out as '-' (no value): it sorts where 0 would, a negative number before it."""
    d = damage()
    three = replace(d, extra=(("distribution", {"2": "1/3", "-": "1/3", "-1": "1/3"}), ("mean", "1/3")))
    assert _dice_words(three, DMG).startswith("D3: -1, - or 2, ")
    two = replace(d, extra=(("distribution", {"1": "1/2", "-": "1/2"}), ("mean", "1/2")))
    assert _dice_words(two, DMG).startswith("D3: - or 1, ")


def test_a_mean_that_rounds_to_a_whole_number_drops_its_point() -> None:
    d = damage()
    near = replace(d, extra=(("distribution", {"2": "1"}), ("mean", "2001/1000")))
    assert _dice_words(near, DMG) == "D3: 2, 2 (2001/1000) on average"


def test_a_random_value_names_its_dice_unless_the_question_is_yes_or_no() -> None:
    assert lead(PACK, DMG, "change", damage(), None, ()) == "D3: 1, 2 or 3, 2 on average"
    assert lead(PACK, DMG, "limit", damage(), None, ()) == "No: 1, 2 or 3, 2 on average"

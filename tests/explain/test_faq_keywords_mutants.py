"""`explain.faq_keywords`, checked where mutation testing found nothing watching
(`python tools/mutate.py explain/faq_keywords.py`).

The unit each question is about is worked out here from the module's rule: the phrase's first alternative's
keywords spread over two models (the other one carrying the first of INFANTRY, CHARACTER, MOUNTED the phrase does not
name); a negated keyword on one model alone; with several alternatives, a plural keyword written singular. What a
phrase means is `kb.keywords`' own wording, so it is read from there.
"""

from __future__ import annotations

import pytest

from explain.faq_keywords import KeywordEntry, _other_number, _unit_for, keyword_questions, phrases
from kb.keywords import irregular_words, parse_phrase
from kb.model import Pack
from tests.explain.fact_packs import yaml_pack

READING = """\
readings:
  non_reach:
    sentence: non-X reaches
    decides: non_reach
    default: adjacent
    options: {adjacent: only the next keyword, whole_list: the whole list}
"""

BODY = """\
sources:
  other:
    title: Movement
    paragraphs:
      1: "Not 'SWIM' here, nor non-Aquatic units."
  rules:
    title: Unit KEYWORDS
    paragraphs:
      1: "A rule for 'non-Vehicle Mounted or Vehicle' or 'TITANS' counts; not 'a Keyword' nor '...' nor 'lower', \
but 'a unit'. Also non-Monster models and non-Beast units."
      2: "Again ' TITANS ', and 'a Mounted Cavalry unit', and 'non-Vehicle Infantry or Mounted'."
  keyword_notes:
    paragraphs:
      1: "A 'FLY' unit."
  empty_keywords: {title: nothing here}
facts:
  unit.keywords: {type: keywords}
plurals:
  CACTUS: CACTI
quantities:
  q: {kind: pool, base: 3}
modifiers:
  m0: {quantity: q, change: +1, when: "matches('MONSTER/VEHICLE', unit.keywords)"}
  m1: {quantity: q, change: +1, when: "matches( 'CACTI', unit.keywords)"}
  m2: {quantity: q, change: +1, when: "matches('TITANS', unit.keywords) and matches('BIG GUNS', unit.keywords)"}
"""

PACK = yaml_pack("kw", BODY + READING)
NO_READING = yaml_pack("kw2", BODY)

PHRASES = ["MONSTER/VEHICLE", "CACTI", "TITANS", "BIG GUNS", "non-Vehicle Mounted or Vehicle", "a unit",
           "non-Monster models", "non-Beast units", "a Mounted Cavalry unit", "non-Vehicle Infantry or Mounted", "FLY"]


def test_the_phrases_rules_test_then_those_keyword_text_quotes() -> None:
    """The rules' matches() first, in pack order; then the quoted phrases and non-X units/models of each source
    whose title or name says keyword (not 'Movement', listed first), leaving out 'a Keyword', punctuation and
    lower-case words; each once, spaces trimmed."""
    assert phrases(PACK) == PHRASES


def entry(text: str, models: tuple[tuple[str, ...], ...], unit: bool, each: tuple[bool, ...],
          forms: tuple[tuple[str, str], ...] = (), readings: tuple[tuple[str, bool, bool], ...] = ()) -> KeywordEntry:
    phrase = parse_phrase(text, irregular_words(PACK.plurals))
    return KeywordEntry(text, models, phrase.describe(), unit, each, phrase.scope, forms, readings)


def expected(readings: tuple[tuple[str, bool, bool], ...]) -> list[KeywordEntry]:
    return [
        entry("MONSTER/VEHICLE", (("MONSTER",), ("INFANTRY",)), True, (True, True)),
        # the first phrase said of a model: only the model with MONSTER has it
        entry("a MONSTER model", (("MONSTER",), ("INFANTRY",)), True, (True, False)),
        entry("CACTI", (("CACTI",), ("INFANTRY",)), True, (True, True)),
        entry("TITANS", (("TITANS",), ("INFANTRY",)), True, (True, True)),
        # adjacent keywords on two models: the unit has both
        entry("BIG GUNS", (("BIG",), ("GUNS",)), True, (True, True)),
        # the refused keyword on one model; the unit has VEHICLE, the second alternative; read as qualifying the
        # whole list, non-VEHICLE refuses it
        entry("non-Vehicle Mounted or Vehicle", (("Vehicle",), ("INFANTRY",)), True, (True, True),
              readings=readings),
        # 'a unit' names no keyword: no question
        entry("non-Monster models", (("Monster",), ("INFANTRY",)), True, (False, True)),
        entry("non-Beast units", (("Beast",), ("INFANTRY",)), False, (False, False)),
        entry("a Mounted Cavalry unit", (("MOUNTED",), ("CAVALRY",)), True, (True, True)),
        # read either way the unit (VEHICLE, CHARACTER) is refused: no readings to show
        entry("non-Vehicle Infantry or Mounted", (("Vehicle",), ("CHARACTER",)), False, (False, False)),
        entry("FLY", (("FLY",), ("INFANTRY",)), True, (True, True)),
    ]


def test_a_question_for_each_phrase() -> None:
    assert keyword_questions(PACK) == expected((("adjacent", True, True), ("whole_list", False, False)))


def test_without_the_non_reach_reading_no_phrase_has_readings() -> None:
    assert keyword_questions(NO_READING) == expected(())


def test_a_first_phrase_without_a_slash_is_said_of_a_model_as_written() -> None:
    """'Titans' is the keyword TITAN written plural: the model phrase keeps it as written (upper case)."""
    pack = yaml_pack("kw3", """\
facts:
  unit.keywords: {type: keywords}
quantities:
  q: {kind: pool, base: 3}
modifiers:
  m: {quantity: q, change: +1, when: "matches('a Titans unit', unit.keywords)"}
""")
    assert [(e.phrase, e.models, e.scope, e.each) for e in keyword_questions(pack)] == [
        ("a Titans unit", (("TITANS",), ("INFANTRY",)), "unit", (True, True)),
        ("a TITANS model", (("TITANS",), ("INFANTRY",)), "model", (True, False))]


def test_a_pack_without_phrases_has_no_questions() -> None:
    assert keyword_questions(yaml_pack("kw4", "quantities:\n  q: {kind: pool, base: 3}\n")) == []


@pytest.mark.parametrize(("text", "models"), [
    ("TITANS/FLY", (("TITAN",), ("INFANTRY",))),  # several alternatives: the plural written singular
    ("TITANS", (("TITANS",), ("INFANTRY",))),  # one alternative: as written
    ("TITANS GUNS/FLY", (("TITAN",), ("GUN",))),
    ("INFANTRY/FLY", (("INFANTRY",), ("CHARACTER",))),  # the other model: a keyword the phrase does not name
    ("INFANTRY CHARACTER", (("INFANTRY",), ("CHARACTER",))),
    ("non-Infantry Character", (("Infantry",), ("MOUNTED",))),
])
def test_the_unit_asked_about(text: str, models: tuple[tuple[str, ...], ...]) -> None:
    assert _unit_for(parse_phrase(text)) == models


@pytest.mark.parametrize(("keyword", "other"), [
    ("TITANS", "TITAN"), ("BUGS", "BUG"), ("GLASS", "GLASS"), ("BUS", "BUS"), ("ABS", "ABS"), ("MONSTER", "MONSTER"),
])
def test_the_other_number_only_where_it_is_plain(keyword: str, other: str) -> None:
    assert _other_number(keyword) == other


def test_the_question_and_its_situation() -> None:
    e = KeywordEntry("A B", (("A", "B"), ("C",)), "m", True, (True, True), "unit")
    assert e.question == "Does a rule for \u201cA B\u201d apply to a unit where one model has A, B and one model has C?"
    assert e.situation == {"unit": {"models": [{"keywords": ["A", "B"]}, {"keywords": ["C"]}]}}


def one_rule_pack(phrase: str, plurals: str = "") -> Pack:
    return yaml_pack("kw5", f"""\
facts:
  unit.keywords: {{type: keywords}}
{plurals}quantities:
  q: {{kind: pool, base: 3}}
modifiers:
  m: {{quantity: q, change: +1, when: "matches('{phrase}', unit.keywords)"}}
""")


def test_a_first_phrase_with_a_slash_gives_its_first_word_as_written() -> None:
    """'Titans/Fly': the model phrase takes the text before the slash as it stands."""
    said = [e.phrase for e in keyword_questions(one_rule_pack("Titans/Fly"))]
    assert said == ["Titans/Fly", "a Titans model"]


def test_the_packs_own_plurals_decide_a_match() -> None:
    """GENS is its own singular (the pack says so): the plain other number GEN is another keyword, so a unit
    whose models have GEN and INFANTRY has neither GENS nor FLY (read as a regular plural, GEN would be GENS)."""
    got = keyword_questions(one_rule_pack("GENS/FLY", "plurals:\n  GENS: GENS\n"))
    first = got[0]
    assert (first.phrase, first.models, first.unit, first.each) == (
        "GENS/FLY", (("GEN",), ("INFANTRY",)), False, (False, False))


@pytest.mark.parametrize(("text", "models"), [
    ("non-Titans units", (("Titans",), ("INFANTRY",))),  # the refused keyword as written, not TITAN
    ("Cacti/Fly", (("CACTI",), ("INFANTRY",))),  # CACTI as written has no plain other number
    ("Mice/Fly", (("MICE",), ("INFANTRY",))),  # nor MICE (the keyword MOUSE)
])
def test_the_unit_asked_about_is_written_as_the_phrase_writes_it(text: str,
                                                                 models: tuple[tuple[str, ...], ...]) -> None:
    assert _unit_for(parse_phrase(text)) == models


def test_a_quoted_phrase_that_names_no_keyword_is_passed_over_for_the_model_question() -> None:
    """The Keywords source quotes 'a unit' (no keyword: not a phrase `match` reads) before 'FLY': the FAQ asks
    about FLY, and of a FLY model, instead of failing."""
    p = yaml_pack("quoting", """\
sources:
  keywords:
    title: Keywords
    paragraphs:
      1: "A rule for 'a unit' applies to every unit; a 'FLY' unit can fly."
facts:
  unit.shaken: {type: bool, text: the unit is shaken}
quantities:
  q: {kind: pool, base: 3, text: the pool}
modifiers:
  shaken: {quantity: q, change: -1, when: unit.shaken}
""")
    assert [e.phrase for e in keyword_questions(p)] == ["FLY", "a FLY model"]

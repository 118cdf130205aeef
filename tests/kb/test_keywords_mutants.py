"""Keyword phrases checked where mutation testing found nothing watching (`python tools/mutate.py kb/keywords.py`):
phrases a rules writer gets wrong, each refused with a message that says what is wrong and where; then what a
phrase says of itself (its description, the forms that matched, the keywords it can ask for, the other reading of
non-) and a pack's declared plurals. Expected values are worked out from the seed's keyword sentences and
docs/pack-format.md, never read from the engine."""

from __future__ import annotations

import pytest

from kb.keywords import KeywordPhrase, PhraseError, canonical, irregular_words, parse_phrase, with_plural_forms

REFUSED = [  # (phrase, what is wrong, the offset it is at)
    ("", "phrase has no keywords", 0),
    ("   ", "phrase has no keywords", 3),
    ("the", "phrase has no keywords", 3),
    ("unit", "'unit' needs a keyword before it", 0),
    ("a unit", "'unit' needs a keyword before it", 2),
    ("VEHICLE or", "'or' must be followed by a keyword", 8),
    ("or VEHICLE", "'or' must follow a keyword", 0),
    ("VEHICLE,,MONSTER", "',' must follow a keyword", 8),
    ("VEHICLE / / MONSTER", "'/' must follow a keyword", 10),
    ("MONSTER/", "'/' must be followed by a keyword", 7),
    ("non-", "'non-' must be followed by a keyword", 0),
    ("non- VEHICLE", "'non-' must be followed by a keyword", 0),
    ("non VEHICLE", "'non-' must be followed by a keyword", 0),
    ("non-non-VEHICLE", "double negation", 0),
    ("INFANTRY unit MONSTER", "unexpected 'MONSTER' after unit/model", 14),
    ("INFANTRY unit or MONSTER models", "a phrase cannot mix units and models", 25),
    ("VEHICLE and MONSTER", "'and' is ambiguous; use adjacent keywords", 8),
    ("VEHICLE (MONSTER)", "not a keyword: '(MONSTER)'", 8),
    ("non-(X)", "not a keyword: '(X)'", 4),
]


@pytest.mark.parametrize(("phrase", "message", "offset"), REFUSED, ids=[p or "empty" for p, _, _ in REFUSED])
def test_a_broken_phrase_says_what_is_wrong_and_where(phrase: str, message: str, offset: int) -> None:
    with pytest.raises(PhraseError) as caught:
        parse_phrase(phrase)
    assert (caught.value.message, caught.value.offset) == (message, offset)
    assert str(caught.value) == f"{message} (at offset {offset})"


# --- what a phrase says, and what it asks of a unit ----------------------------------------------------------

BOYZ = (("ORK BOY", "ORK BOYZ"),)  # docs/pack-format.md, `plurals`: the exception no English rule forms


def test_a_single_string_is_refused_with_the_whole_message() -> None:
    """A phrase is matched against a unit's keywords, a list: one string is refused, and the message says so."""
    with pytest.raises(TypeError) as caught:
        parse_phrase("INFANTRY").matches_keywords("INFANTRY")
    assert str(caught.value) == "expected an iterable of keywords, not a single string"


def test_a_unit_given_no_datasheet_name_has_only_its_models_keywords() -> None:
    """As well as the keywords listed in each datasheet's Keywords section, each datasheet name acts as an
    additional keyword for that unit. -- with no name given, a unit whose model has no keyword has none at all:
    no keyword phrase names it (any word, XXXX among them), and every non- phrase does."""
    for word in ("INFANTRY", "SQUAD", "XXXX"):
        assert parse_phrase(f"{word} unit").match([[]]) == (False, (False,))
        assert parse_phrase(f"non-{word} models").match([[]]) == (True, (True,))


def test_a_typographic_apostrophe_is_the_same_as_a_straight_one() -> None:
    """Rule text is printed with typographic apostrophes (the seed's "each datasheet's Keywords section" has
    U+2019): C'TAN SHARD written with one is the keyword C'TAN SHARD written with a straight one."""
    assert parse_phrase("a C’tan Shard unit").match([["C'TAN SHARD", "MONSTER"]]) == (True, (True,))
    assert parse_phrase("non-C'tan units").match([["C’TAN", "MONSTER"]]) == (False, (False,))


def test_or_after_a_comma_still_needs_a_keyword() -> None:
    """A rule with a comma-separated list of keywords ... (e.g. 'an Immortals, Deathmarks or Lychguard unit'):
    ", or" is one separator, and a phrase ending in it is refused at the 'or'."""
    with pytest.raises(PhraseError) as caught:
        parse_phrase("MONSTER, or")
    assert (caught.value.message, caught.value.offset) == ("'or' must be followed by a keyword", 9)


def test_describe_says_each_run_of_adjacent_words_is_whole() -> None:
    """A rule with multiple adjacent keywords (e.g. 'an Aeldari Guardians unit') only refers to a model/unit that has
    all of those keywords. -- two adjacent words are one keyword or several, each whole; one word needs no such note."""
    assert (parse_phrase("an Aeldari Guardians unit").describe()
            == "a unit that has AELDARI GUARDIANS (one keyword or several, each whole)")
    assert parse_phrase("a Guardians unit").describe() == "a unit that has GUARDIANS"


def test_describe_lists_every_keyword_a_unit_must_lack() -> None:
    """If a rule specifies that it applies to 'non-Keyword' models/units, it only applies to models/units that do
    not have that keyword. -- two such keywords side by side: the unit lacks both, shown as written."""
    assert parse_phrase("non-Vehicles non-Monster units").describe() == "a unit that lacks VEHICLES and MONSTER"


def test_a_phrase_built_without_its_written_words_shows_its_keywords() -> None:
    """A KeywordPhrase made directly, without `written`, describes and compares its canonical keywords."""
    phrase = KeywordPhrase("non-Vehicle Terminators models", "model",
                           ((("VEHICLE", True), ("TERMINATOR", False)),))
    assert phrase.describe() == "a model that has TERMINATOR and not VEHICLE"
    assert KeywordPhrase("non-Vehicle units", "unit", ((("VEHICLE", True),),)).describe() == \
        "a unit that lacks VEHICLE"
    assert phrase.forms(["TERMINATORS", "INFANTRY"]) == (("TERMINATOR", "TERMINATORS"),)


def test_the_whole_list_reading_is_the_same_phrase_read_otherwise() -> None:
    """If a rule specifies that it applies to 'non-Keyword' models/units, it only applies to models/units that do
    not have that keyword. -- read across the whole list, the phrase keeps its text, scope, written words and the
    pack's plurals: only where non- reaches changes."""
    text = "non-VEHICLE Ork Boyz or Gretchin models"
    phrase = parse_phrase(text, irregular_words(BOYZ))
    whole = phrase.whole_list()
    assert (whole.text, whole.scope, whole.written, whole.irregular) == (
        text, "model", phrase.written, phrase.irregular)
    assert whole.describe() == ("a model that has ORK BOYZ (one keyword or several, each whole) and not VEHICLE, "
                                "or has GRETCHIN and not VEHICLE")
    assert whole.match([["ORK BOYZ", "INFANTRY"], ["GRETCHIN"], ["ORK BOYZ", "VEHICLE"]]) == (
        True, (True, True, False))


def test_forms_name_each_keyword_matched_in_its_other_form() -> None:
    """Singular and plural instances of the same keyword function in the same way. -- the answer says which form of
    which keyword matched, each whole: SPACE WOLVES in the phrase matched SPACE WOLF in the unit, VEHICLES matched
    VEHICLE, from each alternative of the list."""
    phrase = parse_phrase("Space Wolves or Vehicles unit")
    assert phrase.forms(["Space Wolf", "VEHICLE"]) == (("SPACE WOLVES", "SPACE WOLF"), ("VEHICLES", "VEHICLE"))
    assert parse_phrase("Space Wolf unit").forms(["space-wolves"]) == (("SPACE WOLF", "SPACE WOLVES"),)


def test_forms_name_an_excluded_keyword_the_unit_has() -> None:
    """Singular and plural instances of the same keyword function in the same way. -- non-Vehicles names VEHICLE; a unit
    with it is told VEHICLES matched VEHICLE, and one without it is told nothing."""
    phrase = parse_phrase("non-Vehicles Infantry unit")
    assert phrase.forms(["VEHICLE", "INFANTRY"]) == (("VEHICLES", "VEHICLE"),)
    assert phrase.forms(["INFANTRY"]) == ()


def test_forms_read_a_packs_declared_plural() -> None:
    """Singular and plural instances of the same keyword function in the same way. -- ORK BOY matched ORK BOYZ only
    because the pack declares them one keyword."""
    assert parse_phrase("Ork Boy unit", irregular_words(BOYZ)).forms(["ORK BOYZ"]) == (("ORK BOY", "ORK BOYZ"),)


def test_irregular_words_maps_each_word_to_its_singular() -> None:
    """docs/pack-format.md, `plurals`: SPACE WOLF: SPACE WOLVES. Each word that differs becomes an irregular
    word, and each singular word maps to itself."""
    assert irregular_words([("Space Wolf", "SPACE WOLVES")]) == (
        ("SPACE", "SPACE"), ("WOLF", "WOLF"), ("WOLVES", "WOLF"))


def test_a_declared_singular_keeps_a_word_that_looks_plural() -> None:
    """A pack's declared singular is the singular as written: SERBERYS (an Adeptus Mechanicus name) is no plural
    of SERBERY, whatever English plurals say, and the declared plural gives the same keyword."""
    declared = (("SERBERYS RAIDER", "SERBERYS RAIDERS"),)
    irregular = irregular_words(declared)
    assert canonical("Serberys Raiders", irregular) == canonical("SERBERYS RAIDER", irregular) == "SERBERYS RAIDER"
    assert with_plural_forms(["Serberys Raiders"], declared) == {"SERBERYS RAIDERS", "SERBERYS RAIDER"}


def test_with_plural_forms_gives_both_forms_of_a_declared_keyword() -> None:
    """Singular and plural instances of the same keyword function in the same way. -- a unit's keyword that a pack
    declares in two forms is given in both, upper case; other keywords as they are (upper case)."""
    pairs = (("SPACE WOLF", "SPACE WOLVES"),)
    assert with_plural_forms(["Space Wolves", "Infantry"], pairs) == {"SPACE WOLF", "SPACE WOLVES", "INFANTRY"}
    assert with_plural_forms(["Space Wolf"], pairs) == {"SPACE WOLF", "SPACE WOLVES"}
    assert with_plural_forms(["Ork Boyz", "INFANTRY"], BOYZ) == {"ORK BOY", "ORK BOYZ", "INFANTRY"}
    assert with_plural_forms(["INFANTRY"], ()) == {"INFANTRY"}


def test_pieces_are_each_keyword_a_phrase_can_ask_for() -> None:
    """A rule with multiple adjacent keywords (e.g. 'an Aeldari Guardians unit') only refers to a model/unit that has
    all of those keywords. -- "non-Vehicles Space Marines" asks for VEHICLE, and for SPACE MARINES as one keyword or as
    SPACE and MARINES: each piece canonical, then as written."""
    assert parse_phrase("non-Vehicles Space Marines unit").pieces() == (
        ("VEHICLE", "VEHICLES"), ("SPACE", "SPACE"), ("SPACE MARINE", "SPACE MARINES"), ("MARINE", "MARINES"))
    assert parse_phrase("Chaos Space Marines or Grey Knights").pieces() == (
        ("CHAOS", "CHAOS"), ("CHAOS SPACE", "CHAOS SPACE"), ("CHAOS SPACE MARINE", "CHAOS SPACE MARINES"),
        ("SPACE", "SPACE"), ("SPACE MARINE", "SPACE MARINES"), ("MARINE", "MARINES"),
        ("GREY", "GREY"), ("GREY KNIGHT", "GREY KNIGHTS"), ("KNIGHT", "KNIGHTS"))


def test_pieces_of_a_phrase_built_without_its_written_words() -> None:
    """A KeywordPhrase made directly, without `written`, gives its canonical keywords as written."""
    phrase = KeywordPhrase("non-Vehicle Space Marines", "unit",
                           ((("VEHICLE", True), ("SPACE", False), ("MARINE", False)),))
    assert phrase.pieces() == (("VEHICLE", "VEHICLE"), ("SPACE", "SPACE"), ("SPACE MARINE", "SPACE MARINE"),
                               ("MARINE", "MARINE"))

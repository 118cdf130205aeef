"""Tests for kb.keywords: Warhammer 40,000 10th edition keyword semantics."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.keywords import KeywordPhrase, PhraseError, canonical, irregular_words, parse_phrase

# A squad with a leader: the unit has INFANTRY and CHARACTER, one model lacks CHARACTER.
LED_SQUAD = [["INFANTRY", "CHARACTER", "IMPERIUM"], ["INFANTRY", "IMPERIUM"]]
RHINO = [["VEHICLE", "TRANSPORT", "SMOKE"]]


def match(phrase: str, models: list[list[str]]) -> tuple[bool, tuple[bool, ...]]:
    return parse_phrase(phrase).match(models)


# --- one test per seed sentence ---------------------------------------------


def test_unit_has_all_keywords_of_its_models() -> None:
    """A unit has all the keywords of all models in that unit. A model only has its own keywords."""
    assert match("CHARACTER unit", LED_SQUAD) == (True, (True, True))
    assert match("CHARACTER model", LED_SQUAD) == (True, (True, False))


def test_unit_with_keyword_means_any_model_has_it() -> None:
    """If a rule specifies that it applies to a unit with a keyword, it applies to a unit which
    includes one or more models with that keyword."""
    assert match("a CHARACTER unit", LED_SQUAD)[0]
    assert match("a CHARACTER unit", [["INFANTRY"]] * 4 + [["CHARACTER"]])[0]
    assert not match("a VEHICLE unit", LED_SQUAD)[0]


def test_model_with_keyword_only_that_model() -> None:
    """If a rule specifies that it applies to a model with a keyword, it only applies to a model
    with that keyword."""
    assert match("a CHARACTER model", [["CHARACTER"]]) == (True, (True,))
    assert match("a CHARACTER model", [["INFANTRY"]]) == (False, (False,))


def test_non_keyword_excludes() -> None:
    """If a rule specifies that it applies to 'non-Keyword' models/units, it only applies to
    models/units that do not have that keyword. For example, if a rule applies to non-Vehicle
    units, it only applies to units that do not have the Vehicle keyword."""
    assert match("non-Vehicle units", LED_SQUAD) == (True, (True, True))
    assert match("non-Vehicle units", RHINO) == (False, (False,))
    assert match("non-Character units", LED_SQUAD) == (False, (False, False))
    assert match("non-Character models", LED_SQUAD) == (True, (False, True))


def test_mixed_unit_affected_by_rules_for_any_of_its_keywords() -> None:
    """Some units can contain models that have different keywords. While this is the case, such a
    unit is considered to have all of the keywords of all of its models, and so is affected by any
    rule that applies to units with any of those keywords. Remember that attacks are made against
    units, not models."""
    for keyword in ("INFANTRY", "CHARACTER", "IMPERIUM"):
        assert match(f"{keyword} units", LED_SQUAD) == (True, (True, True))


def test_model_rule_in_mixed_unit_only_models_with_keyword() -> None:
    """If a rule only applies to models with a specific keyword, then it instead only applies to
    models in such a unit that have the correct keyword."""
    unit = [["INFANTRY"], ["INFANTRY", "CHARACTER"], ["INFANTRY"]]
    assert match("CHARACTER models", unit) == (True, (False, True, False))


def test_lists_mean_any_one_keyword() -> None:
    """A rule with a comma-separated list of keywords, or a series of keywords separated by slashes
    ('/'), or two keywords separated by the word 'or' (e.g. 'an Immortals, Deathmarks or Lychguard
    unit') refers to a model/unit that has any one of those keywords."""
    phrase = "an Immortals, Deathmarks or Lychguard unit"
    for keyword in ("IMMORTALS", "DEATHMARKS", "LYCHGUARD"):
        assert match(phrase, [["NECRONS", "INFANTRY", keyword]])[0]
    assert not match(phrase, [["NECRONS", "INFANTRY", "WARRIORS"]])[0]
    assert match("MONSTER/VEHICLE", RHINO)[0]
    assert match("MONSTER or VEHICLE", RHINO)[0]
    assert match("MONSTER, VEHICLE", RHINO)[0]


def test_adjacent_keywords_mean_all() -> None:
    """A rule with multiple adjacent keywords (e.g. 'an Aeldari Guardians unit') only refers to a
    model/unit that has all of those keywords."""
    assert match("an Aeldari Guardians unit", [["AELDARI", "GUARDIANS", "INFANTRY"]])[0]
    assert not match("an Aeldari Guardians unit", [["AELDARI", "INFANTRY"]])[0]
    assert not match("an Aeldari Guardians unit", [["GUARDIANS"]])[0]


def test_older_rules_without_scope_refer_to_units() -> None:
    """Some older rules use keywords without specifying model or unit: for example, MONSTER/VEHICLE
    or TRANSPORT. These rules refer to units with those keywords."""
    assert parse_phrase("MONSTER/VEHICLE").scope == "unit"
    assert parse_phrase("TRANSPORT").scope == "unit"
    assert match("TRANSPORT", [["TRANSPORT"], ["INFANTRY"]]) == (True, (True, True))


def test_singular_and_plural_are_the_same() -> None:
    """Singular and plural instances of the same keyword function in the same way."""
    assert match("Guardian unit", [["GUARDIANS"]])[0]
    assert match("VEHICLES", [["Vehicle"]])[0]
    assert parse_phrase("Terminators models") == KeywordPhrase(
        "Terminators models", "model", ((("TERMINATOR", False),),)
    )


# --- canonical forms ----------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("VEHICLES", "VEHICLE"),
        ("Vehicle", "VEHICLE"),
        ("UNITS", "UNIT"),
        ("MODELS", "MODEL"),
        ("GUARDIANS", "GUARDIAN"),
        ("DEATHMARKS", "DEATHMARK"),
        ("IMMORTALS", "IMMORTAL"),
        ("INFANTRY", "INFANTRY"),
        ("TERMINATORS", "TERMINATOR"),
        ("MONSTERS", "MONSTER"),
        ("LYCHGUARD", "LYCHGUARD"),
        ("swarms", "SWARM"),
        ("CHAOS", "CHAOS"),
        ("ADEPTUS", "ADEPTUS"),
        ("PSYKERS", "PSYKER"),
        ("GRASS", "GRASS"),
        ("ADEPTUS_ASTARTES", "ADEPTUS ASTARTE"),
        ("  ", ""),
    ],
)
def test_canonical(raw: str, expected: str) -> None:
    assert canonical(raw) == expected
    assert canonical(canonical(raw)) == canonical(raw)


# --- example phrases ----------------------------------------------------------


def alts(phrase: str) -> list[list[tuple[str, bool]]]:
    return [list(a) for a in parse_phrase(phrase).alternatives]


def test_example_phrases_parse() -> None:
    assert alts("non-Vehicle units") == [[("VEHICLE", True)]]
    assert alts("Aeldari Guardians unit") == [[("AELDARI", False), ("GUARDIAN", False)]]
    assert alts("MONSTER/VEHICLE") == [[("MONSTER", False)], [("VEHICLE", False)]]
    assert alts("TRANSPORT") == [[("TRANSPORT", False)]]
    assert alts("non-VEHICLE INFANTRY or MOUNTED unit") == [
        [("VEHICLE", True), ("INFANTRY", False)],
        [("MOUNTED", False)],
    ]
    assert parse_phrase("INFANTRY models").scope == "model"
    assert parse_phrase("a CHARACTER model").scope == "model"
    assert alts("non-VEHICLE, non-MONSTER units") == [[("VEHICLE", True)], [("MONSTER", True)]]
    three = [[("MONSTER", False)], [("VEHICLE", False)], [("BEAST", False)]]
    assert alts("MONSTER, VEHICLE, or BEAST") == alts("MONSTER, VEHICLE or BEAST") == three
    assert alts("ADEPTUS-ASTARTES unit") == [[("ADEPTUS ASTARTE", False)]]
    assert alts("INFANTRY unit or MOUNTED unit") == [[("INFANTRY", False)], [("MOUNTED", False)]]


def test_precedence_non_vehicle_infantry_or_mounted() -> None:
    phrase = "non-VEHICLE INFANTRY or MOUNTED unit"
    assert match(phrase, [["INFANTRY"]])[0]
    assert match(phrase, [["MOUNTED", "VEHICLE"]])[0]
    assert not match(phrase, [["INFANTRY"], ["VEHICLE"]])[0]
    assert not match(phrase, [["BEAST"]])[0]


def test_multi_word_keywords() -> None:
    unit = [["ADEPTUS ASTARTES", "INFANTRY"]]
    assert match("Adeptus Astartes unit", unit)[0]
    assert match("ADEPTUS-ASTARTES unit", unit)[0]
    assert not match("ADEPTUS-ASTARTES unit", [["ADEPTUS"], ["ASTARTES"]])[0]


def test_describe() -> None:
    assert (
        parse_phrase("non-VEHICLE INFANTRY or MOUNTED unit").describe()
        == "a unit that has INFANTRY and not VEHICLE, or has MOUNTED"
    )
    assert parse_phrase("a CHARACTER model").describe() == "a model that has CHARACTER"
    assert (
        parse_phrase("non-VEHICLE, non-MONSTER units").describe()
        == "a unit that lacks VEHICLE, or lacks MONSTER"
    )


def test_empty_unit() -> None:
    assert match("INFANTRY models", []) == (False, ())
    assert match("INFANTRY unit", []) == (False, ())


def test_single_string_is_rejected() -> None:
    with pytest.raises(TypeError, match="expected an iterable of keywords, not a single string"):
        parse_phrase("INFANTRY").matches_keywords("INFANTRY")


# --- errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "offset"),
    [
        ("", 0),
        ("   ", 3),
        ("unit", 0),
        ("a unit", 2),
        ("the", 3),
        ("VEHICLE or", 8),
        ("or VEHICLE", 0),
        ("VEHICLE,,MONSTER", 8),
        ("VEHICLE / / MONSTER", 10),
        ("MONSTER/", 7),
        ("non-", 0),
        ("non- VEHICLE", 0),
        ("non VEHICLE", 0),
        ("non-non-VEHICLE", 0),
        ("INFANTRY unit MONSTER", 14),
        ("INFANTRY unit or MONSTER models", 25),
        ("VEHICLE and MONSTER", 8),
        ("VEHICLE (MONSTER)", 8),
        ("non-(X)", 4),
    ],
)
def test_errors(phrase: str, offset: int) -> None:
    with pytest.raises(PhraseError) as info:
        parse_phrase(phrase)
    assert info.value.offset == offset
    assert info.value.message and str(info.value.offset) in str(info.value)


# --- properties -----------------------------------------------------------------

POOL = [
    "VEHICLE", "MONSTER", "INFANTRY", "MOUNTED", "CHARACTER", "TRANSPORT", "GUARDIAN",
    "AELDARI", "IMMORTAL", "DEATHMARK", "LYCHGUARD", "TERMINATOR", "SWARM", "FLY", "PSYKER",
]  # fmt: skip

Structure = list[list[tuple[str, bool]]]
Models = list[list[str]]

keywords = st.sampled_from(POOL)
alternative = st.lists(st.tuples(keywords, st.booleans()), min_size=1, max_size=3)
structures = st.lists(alternative, min_size=1, max_size=4)
scopes = st.sampled_from(["", " unit", " units", " model", " models"])
separators = st.sampled_from([", ", "/", " or ", ", or "])
models_st = st.lists(st.lists(keywords, max_size=5), max_size=5)


def render(structure: Structure, sep: str, scope: str) -> str:
    return sep.join(" ".join(("non-" if n else "") + k for k, n in alt) for alt in structure) + scope


def recase(data: st.DataObject, word: str) -> str:
    flags = data.draw(st.lists(st.booleans(), min_size=len(word), max_size=len(word)))
    return "".join(c.lower() if f else c for c, f in zip(word, flags, strict=True))


@st.composite
def phrases(draw: st.DrawFn) -> str:
    return render(draw(structures), draw(separators), draw(scopes))


@given(structures, separators, scopes, models_st, st.data())
def test_case_never_matters(
    structure: Structure, sep: str, scope: str, models: Models, data: st.DataObject
) -> None:
    base = parse_phrase(render(structure, sep, scope)).match(models)
    cased = [[(recase(data, k), n) for k, n in alt] for alt in structure]
    cased_models = [[recase(data, k) for k in m] for m in models]
    phrase = render(cased, sep, scope.upper() if data.draw(st.booleans()) else scope)
    assert parse_phrase(phrase).match(cased_models) == base


@given(structures, separators, scopes, models_st, st.data())
def test_plural_never_matters(
    structure: Structure, sep: str, scope: str, models: Models, data: st.DataObject
) -> None:
    base = parse_phrase(render(structure, sep, scope)).match(models)

    def plural(k: str) -> str:
        return k + "S" if data.draw(st.booleans()) else k

    plural_phrase = render([[(plural(k), n) for k, n in alt] for alt in structure], sep, scope)
    plural_models = [[plural(k) for k in m] for m in models]
    assert parse_phrase(plural_phrase).match(models) == base
    assert parse_phrase(render(structure, sep, scope)).match(plural_models) == base


@given(structures, separators, models_st)
def test_unit_scope_models_all_or_nothing(structure: Structure, sep: str, models: Models) -> None:
    unit, each = parse_phrase(render(structure, sep, " unit")).match(models)
    assert each == (unit,) * len(models)


@given(phrases(), models_st, st.randoms())
def test_permuting_models_keeps_unit(phrase: str, models: Models, rnd: random.Random) -> None:
    parsed = parse_phrase(phrase)
    unit, each = parsed.match(models)
    shuffled = list(range(len(models)))
    rnd.shuffle(shuffled)
    unit2, each2 = parsed.match([models[i] for i in shuffled])
    assert unit2 == unit
    if parsed.scope == "model":
        assert each2 == tuple(each[i] for i in shuffled)


@given(structures, separators, scopes, models_st)
def test_any_list_matches_iff_some_member(structure: Structure, sep: str, scope: str, models: Models) -> None:
    whole = parse_phrase(render(structure, sep, scope))
    members = [parse_phrase(render([alt], sep, scope)) for alt in structure]
    union = [k for m in models for k in m]
    assert whole.matches_keywords(union) == any(p.matches_keywords(union) for p in members)
    unit, each = whole.match(models)
    parts = [p.match(models) for p in members]
    assert unit == any(u for u, _ in parts)
    assert each == tuple(any(e[i] for _, e in parts) for i in range(len(models)))


@given(phrases())
def test_describe_mentions_scope(phrase: str) -> None:
    parsed = parse_phrase(phrase)
    assert parsed.describe().startswith(f"a {parsed.scope} that ")


# --- datasheet names, irregular plurals, and how far non- reaches ---------------

WORDS = ("ALPHA", "BRAVO", "CHARLIE", "DELTA")


def test_datasheet_name_is_a_keyword_of_the_unit_and_its_models() -> None:
    """As well as the keywords listed in each datasheet's Keywords section, each datasheet name acts as an
    additional keyword for that unit."""
    phrase = parse_phrase("Intercessor Squad unit")
    assert phrase.match([["INFANTRY"], ["INFANTRY"]], "Intercessor Squad") == (True, (True, True))
    assert phrase.match([["INFANTRY"]]) == (False, (False,))
    assert parse_phrase("Intercessor Squad model").match([["INFANTRY"]], "Intercessor Squad") == (True, (True,))
    assert parse_phrase("non-Intercessor-Squad units").match([["INFANTRY"]], "Intercessor Squad")[0] is False
    # the name is one keyword, whole: INTERCESSOR is a word of it, not a keyword of the unit
    assert parse_phrase("non-Intercessor units").match([["INFANTRY"]], "Intercessor Squad")[0] is True


def test_irregular_plurals_a_pack_declares() -> None:
    """Singular and plural instances of the same keyword function in the same way. -- English plurals need
    nothing (SPACE WOLVES is the plural of SPACE WOLF); ORK BOYZ is the plural of ORK BOY only because a pack
    says so."""
    irregular = irregular_words([("SPACE WOLF", "SPACE WOLVES")])
    assert parse_phrase("Space Wolf unit", irregular).match([["SPACE WOLVES"]])[0] is True
    assert parse_phrase("Space Wolves unit", irregular).match([["Space Wolf"]])[0] is True
    assert parse_phrase("Space Wolf unit").match([["SPACE WOLVES"]])[0] is True  # an English plural
    boyz = irregular_words([("ORK BOY", "ORK BOYZ")])
    assert parse_phrase("Ork Boy unit", boyz).match([["ORK BOYZ"]])[0] is True
    assert parse_phrase("Ork Boyz unit", boyz).match([["Ork Boy"]])[0] is True
    assert parse_phrase("Ork Boy unit").match([["ORK BOYZ"]])[0] is False  # not declared
    with pytest.raises(ValueError, match="same number of words"):
        irregular_words([("WOLF", "SPACE WOLVES")])


@given(word=st.text("BCDFGHJKLMNPRTVWXZ", min_size=3, max_size=8).map(lambda w: w + "A"),
       plural_in_phrase=st.booleans())
def test_a_regular_plural_is_the_same_keyword(word: str, plural_in_phrase: bool) -> None:
    """Singular and plural instances of the same keyword function in the same way. -- for any word, its
    plural with -S matches the singular either way round, and the answer names the other form."""
    one, many = word, word + "S"
    phrase, have = (many, one) if plural_in_phrase else (one, many)
    parsed = parse_phrase(f"{phrase} unit")
    assert parsed.match([[have]])[0] is True
    assert parsed.forms([have]) == ((phrase, have),)


def _reference(alternatives: list[tuple[set[str], set[str]]], have: set[str], whole: bool) -> bool:
    """Brute-force reading of a phrase given as (required, excluded) keyword sets per alternative."""
    every_excluded = set().union(*(excluded for _, excluded in alternatives))
    return any(required <= have and not (every_excluded if whole else excluded) & have
               for required, excluded in alternatives)


@given(alternatives=st.lists(st.tuples(st.sets(st.sampled_from(WORDS), max_size=2),
                                       st.sets(st.sampled_from(WORDS), max_size=1)), min_size=1, max_size=3)
       .filter(lambda alts: all((req or exc) and not req & exc for req, exc in alts)),
       have=st.sets(st.sampled_from(WORDS)))
def test_non_reaches_its_alternative_or_the_whole_list(alternatives: list[tuple[set[str], set[str]]],
                                                       have: set[str]) -> None:
    """If a rule specifies that it applies to 'non-Keyword' models/units, it only applies to models/units
    that do not have that keyword. -- both readings of "non-X Y or Z" against a brute-force reference."""
    text = " or ".join(" ".join([*(f"non-{w}" for w in sorted(exc)), *sorted(req)]) for req, exc in alternatives)
    phrase = parse_phrase(text)
    assert phrase.matches_keywords(have) == _reference(alternatives, have, whole=False)
    assert phrase.whole_list().matches_keywords(have) == _reference(alternatives, have, whole=True)

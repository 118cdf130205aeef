"""A keyword is whole: the words of a multi-word keyword are not keywords of the unit (issue 22).

Each expected value is read from the seed's sentences quoted in the tests, never from the engine.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.expr import evaluate, parse_expr
from kb.keywords import canonical, parse_phrase
from rulings.cli import main

ALL_OF = ("A rule with multiple adjacent keywords (e.g. 'an Aeldari Guardians unit') only refers to a model/unit "
          "that has all of those keywords.")
PLURALS = "Singular and plural instances of the same keyword function in the same way."

GREY_KNIGHTS = [["INFANTRY", "GREY KNIGHTS", "IMPERIUM"]]
CHAOS_SPACE_MARINES = [["INFANTRY", "CHAOS SPACE MARINES"]]
SPACE_MARINES = [["INFANTRY", "ADEPTUS ASTARTES", "SPACE MARINES"]]


def unit(phrase: str, models: list[list[str]], datasheet: str = "") -> bool:
    return parse_phrase(phrase).match(models, datasheet)[0]


@pytest.mark.parametrize(("phrase", "models"), [
    ("Knights unit", GREY_KNIGHTS),
    ("Grey unit", GREY_KNIGHTS),
    ("a Knight model", GREY_KNIGHTS),
    ("Space Marines unit", CHAOS_SPACE_MARINES),
    ("Marines unit", CHAOS_SPACE_MARINES),
    ("Chaos unit", CHAOS_SPACE_MARINES),
    ("Adeptus Astartes unit", [["ADEPTUS ASTARTES INFANTRY"]]),
    ("Astartes unit", SPACE_MARINES),
])
def test_a_word_of_a_keyword_is_not_a_keyword(phrase: str, models: list[list[str]]) -> None:
    """A rule with multiple adjacent keywords (e.g. 'an Aeldari Guardians unit') only refers to a model/unit that
    has all of those keywords. -- CHAOS SPACE MARINES is one keyword: a unit with it has neither SPACE MARINES
    nor MARINES nor CHAOS; GREY KNIGHTS is neither GREY nor KNIGHTS."""
    assert unit(phrase, models) is False


def test_adjacent_words_may_be_several_keywords() -> None:
    """A rule with multiple adjacent keywords (e.g. 'an Aeldari Guardians unit') only refers to a model/unit that
    has all of those keywords. -- the words of a phrase do not say where one keyword ends: "Chaos Space Marines"
    may be the keywords CHAOS and SPACE MARINES, and a unit with both has all of those keywords."""
    assert unit("Chaos Space Marines unit", [["CHAOS", "SPACE MARINES"]]) is True
    assert unit("Chaos Space Marines unit", [["CHAOS SPACE", "MARINES"]]) is True
    assert unit("Chaos Space Marines unit", [["CHAOS", "MARINES"]]) is False


@pytest.mark.parametrize(("phrase", "models"), [
    ("Grey Knights unit", GREY_KNIGHTS),
    ("GREY KNIGHTS INFANTRY unit", GREY_KNIGHTS),
    ("Infantry Grey Knights unit", GREY_KNIGHTS),
    ("Grey Knight model", GREY_KNIGHTS),
    ("Chaos Space Marines unit", CHAOS_SPACE_MARINES),
    ("Chaos Space Marines Infantry unit", CHAOS_SPACE_MARINES),
    ("Space Marines unit", SPACE_MARINES),
    ("Adeptus Astartes unit", SPACE_MARINES),
    ("Adeptus Astartes Infantry unit", SPACE_MARINES),
    ("Adeptus Astartes Space Marines Infantry unit", SPACE_MARINES),
    ("an Aeldari Guardians unit", [["AELDARI", "GUARDIANS"]]),
    ("ADEPTUS-ASTARTES unit", SPACE_MARINES),
])
def test_whole_keywords_still_match(phrase: str, models: list[list[str]]) -> None:
    """A rule with multiple adjacent keywords (e.g. 'an Aeldari Guardians unit') only refers to a model/unit that
    has all of those keywords. -- the phrase's words split into whole keywords the unit has: ADEPTUS ASTARTES
    and INFANTRY, or AELDARI and GUARDIANS."""
    assert unit(phrase, models) is True


def test_all_of_the_adjacent_keywords_are_needed() -> None:
    """A rule with multiple adjacent keywords (e.g. 'an Aeldari Guardians unit') only refers to a model/unit that
    has all of those keywords."""
    assert unit("Adeptus Astartes Infantry unit", [["ADEPTUS ASTARTES", "VEHICLE"]]) is False
    assert unit("Adeptus Astartes Infantry unit", [["INFANTRY", "ADEPTUS"]]) is False
    assert unit("Space Marines Infantry unit", [["INFANTRY", "CHAOS SPACE MARINES"]]) is False
    # a unit has the keywords of all its models, so the keywords may come from different models
    assert unit("Adeptus Astartes Infantry unit", [["ADEPTUS ASTARTES"], ["INFANTRY"]]) is True
    # a model only has its own keywords
    assert parse_phrase("Adeptus Astartes Infantry model").match([["ADEPTUS ASTARTES"], ["INFANTRY"]]) == (
        False, (False, False))


def test_non_excludes_the_whole_keyword() -> None:
    """If a rule specifies that it applies to 'non-Keyword' models/units, it only applies to models/units that do
    not have that keyword. -- a unit with GREY KNIGHTS does not have the keyword KNIGHTS."""
    assert unit("non-Knights units", GREY_KNIGHTS) is True
    assert unit("non-Grey-Knights units", GREY_KNIGHTS) is False
    assert unit("non-Vehicle Space Marines unit", CHAOS_SPACE_MARINES) is False
    assert unit("non-Vehicle Chaos Space Marines unit", CHAOS_SPACE_MARINES) is True


def test_the_datasheet_name_is_one_keyword() -> None:
    """As well as the keywords listed in each datasheet's Keywords section, each datasheet name acts as an
    additional keyword for that unit. -- the name, whole: "Terminator Squad" is not TERMINATOR."""
    assert unit("Terminator Squad unit", [["INFANTRY"]], "Terminator Squad") is True
    assert unit("Squad unit", [["INFANTRY"]], "Terminator Squad") is False
    assert unit("Terminator unit", [["INFANTRY"]], "Terminator Squad") is False
    assert unit("Terminator unit", [["INFANTRY", "TERMINATOR"]], "Terminator Squad") is True


@pytest.mark.parametrize(("phrase", "keyword"), [
    ("Thunderwolves unit", "THUNDERWOLF"),
    ("Thunderwolf unit", "THUNDERWOLVES"),
    ("Thunderwolves Cavalry unit", "THUNDERWOLF CAVALRY"),
    ("Space Wolves unit", "SPACE WOLF"),
    ("Space Wolf unit", "SPACE WOLVES"),
    ("Vehicles", "VEHICLE"),
    ("Guardian unit", "GUARDIANS"),
    ("Infantries unit", "INFANTRY"),
    ("Daemon Princes unit", "DAEMON PRINCE"),
])
def test_english_plurals_are_the_same_keyword(phrase: str, keyword: str) -> None:
    """Singular and plural instances of the same keyword function in the same way. -- wolf/wolves, and the other
    English plural forms, with no declaration."""
    assert unit(phrase, [[keyword]]) is True


def test_a_plural_is_still_a_whole_keyword() -> None:
    """Singular and plural instances of the same keyword function in the same way. -- the same keyword: a plural
    does not make a word of a keyword into one."""
    assert unit("Wolves unit", [["SPACE WOLVES"]]) is False
    assert unit("Wolf unit", [["THUNDERWOLF CAVALRY"]]) is False
    assert unit("Knight unit", GREY_KNIGHTS) is False


def test_words_that_only_end_in_s_are_singular() -> None:
    """Singular and plural instances of the same keyword function in the same way. -- CHAOS and ADEPTUS are not
    plurals, so there is no CHAO or ADEPTU to match."""
    assert canonical("CHAOS") == "CHAOS" and canonical("Adeptus") == "ADEPTUS"
    assert unit("Chaos unit", [["CHAO"]]) is False


def test_a_declared_plural_is_for_a_true_exception() -> None:
    """Singular and plural instances of the same keyword function in the same way. -- a plural no English rule
    forms (ORK BOYZ) is the same keyword only when a pack declares it."""
    from kb.keywords import irregular_words

    declared = irregular_words([("ORK BOY", "ORK BOYZ")])
    assert parse_phrase("Ork Boy unit", declared).match([["ORK BOYZ"]])[0] is True
    assert parse_phrase("Ork Boy unit").match([["ORK BOYZ"]])[0] is False


def test_describe_keeps_adjacent_words_together() -> None:
    """A rule with multiple adjacent keywords ... only refers to a model/unit that has all of those keywords. --
    'Space Marines unit' is not explained as a unit that has SPACE and MARINES."""
    described = parse_phrase("Space Marines unit").describe()
    assert "SPACE MARINES" in described and "SPACE and MARINES" not in described


def test_matches_in_a_packs_expression() -> None:
    """A rule with multiple adjacent keywords ... only refers to a model/unit that has all of those keywords. --
    `matches()` in a pack's condition reads whole keywords too."""
    expr = parse_expr("matches('Space Marines unit', target.keywords)")
    assert evaluate(expr, {"target.keywords": frozenset({"CHAOS SPACE MARINES"})}) is False
    assert evaluate(expr, {"target.keywords": frozenset({"SPACE MARINES", "INFANTRY"})}) is True
    assert evaluate(parse_expr("'SPACE MARINES' in target.keywords"),
                    {"target.keywords": frozenset({"CHAOS SPACE MARINES"})}) is False


def test_rulings_match_space_marines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A rule with multiple adjacent keywords (e.g. 'an Aeldari Guardians unit') only refers to a model/unit that
    has all of those keywords. -- the command: a CHAOS SPACE MARINES unit is no Space Marines unit."""
    situation = tmp_path / "unit.yaml"
    situation.write_text(json.dumps({"unit": {"models": [{"keywords": ["INFANTRY", "CHAOS SPACE MARINES"]}]}}))
    assert main(["match", "wh40k", "Space Marines unit", "--situation", str(situation), "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert (got["unit"], got["models"]) == (False, [False])
    assert main(["match", "wh40k", "Thunderwolves unit", "--situation", str(situation), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["unit"] is False


WORDS = ("GREY", "KNIGHT", "SPACE", "MARINE", "CHAOS", "WOLF")


@given(keywords=st.lists(st.lists(st.sampled_from(WORDS), min_size=2, max_size=3).map(" ".join), max_size=3),
       word=st.sampled_from(WORDS))
def test_no_single_word_is_found_inside_a_longer_keyword(keywords: list[str], word: str) -> None:
    """A rule with multiple adjacent keywords ... only refers to a model/unit that has all of those keywords. --
    for any unit whose keywords all have two or more words, a one-word phrase names none of them."""
    assert unit(f"{word} unit", [keywords]) is False
    assert unit(f"non-{word} unit", [keywords]) is True


@given(parts=st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=2).map(" ".join),
                      min_size=1, max_size=3, unique=True))
def test_a_phrase_of_the_units_keywords_in_order_matches(parts: list[str]) -> None:
    """A rule with multiple adjacent keywords ... only refers to a model/unit that has all of those keywords. --
    the keywords a unit has, written side by side, always name it."""
    assert unit(" ".join(parts) + " unit", [parts]) is True


def test_inflect_is_imported_only_when_needed_and_quickly() -> None:
    """Importing the keyword module does not import inflect; the first plural does, without typeguard's slow
    instrumentation (typeguard is never imported, so nothing instruments inflect), and typeguard is left as it
    was. How long it takes is measured in benchmarks, not here."""
    code = ("import sys; import kb.keywords as k; assert 'inflect' not in sys.modules; "
            "assert k.canonical('Thunderwolves') == 'THUNDERWOLF'; "
            "print('inflect' in sys.modules, 'typeguard' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "False"]


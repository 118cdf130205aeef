"""The pack loader's helpers, each pinned where mutation testing found nothing watching (`python tools/mutate.py
kb/loader.py`): which citations a document holds, when a quote is in the rule text, how a lookup table's rows
are written and which values they leave out, what a fact's default may be, and the keys an entry of a kind takes.

Expected values come from docs/pack-format.md, kb/schema.json and the helpers' docstrings, worked out by hand.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from kb.errors import PackError, Span
from kb.expr import FactType
from kb.loader import (
    _at,
    _citation,
    _citations,
    _default_hint,
    _display_path,
    _fits,
    _kind_keys,
    _operand,
    _shift,
    _uncovered,
    _words,
    gc_paused,
    load_pack,
    quoted,
)
from kb.model import Citation

ROOT = Path(__file__).resolve().parents[2]
RANGE_TABLE = ROOT / "tests" / "kb" / "packs" / "range_table.yaml"


# -- small words ----------------------------------------------------------------------------------------------


def test_a_name_in_words_has_spaces_for_underscores() -> None:
    assert _words("starting_caps") == "starting caps"
    assert _words("a_b_c") == "a b c"


def test_a_citation_from_its_mapping() -> None:
    assert _citation({"source": "core"}) == Citation("core", None, "")
    assert _citation({"source": "core", "paragraph": 3, "quote": "Roll a D6"}) == Citation("core", 3, "Roll a D6")


def test_a_path_inside_the_data() -> None:
    assert _at({"a": [{"b": 1}, {"b": 2}]}, ("a", 1, "b")) == 2
    assert _at({"a": 1}, ()) == {"a": 1}


# -- citations and quotes -------------------------------------------------------------------------------------


def test_every_cite_and_each_of_a_cites_map_is_found_with_where_it_is() -> None:
    data = {
        "quantities": {"q": {"cite": "c1", "cites": {"base": "c2", "chart": "c3"},
                             "always": [{"cite": "c4"}, {"other": 1}]}},
        "cites": ["not a map", {"cite": "c5"}],
    }
    assert list(_citations(data)) == [
        (("quantities", "q", "cite"), "c1"),
        (("quantities", "q", "cites", "base"), "c2"),
        (("quantities", "q", "cites", "chart"), "c3"),
        (("quantities", "q", "always", 0, "cite"), "c4"),
        (("cites", 1, "cite"), "c5"),
    ]
    assert list(_citations("text")) == [] and list(_citations(None)) == []


@pytest.mark.parametrize(("quote", "text"), [
    ("Roll a D6", "First, roll a d6."),
    ("roll  a\nD6", "Roll a D6"),  # runs of spaces
    ("don’t ‘move’", "Don't 'move'"),  # typographic quotes
    ("“hit”", 'a "hit" roll'),
    ("a — b – c", "A -- b - c"),  # dashes
    ("first ... then", "First roll, then roll again"),
    ("first … then", "First roll, then roll again"),
    ('"Roll a D6"', "roll a d6"),  # the quote's own quotation marks
    ("...", "anything"),
    ("a ... a", "a b a"),
])
def test_a_quote_in_the_text(quote: str, text: str) -> None:
    assert quoted(quote, text)


@pytest.mark.parametrize(("quote", "text"), [
    ("Roll a D8", "Roll a D6."),
    ("then ... first", "First roll, then roll again"),  # the parts in order
    ("a ... a", "a b"),  # each part after the one before
    ("a...a", "a"),
])
def test_a_quote_not_in_the_text(quote: str, text: str) -> None:
    assert not quoted(quote, text)


# -- lookup tables --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "operand"), [
    ("3", "3"), ("-3", "-3"), ("w.range", "w.range"), ("'heavy'", "'heavy'"), ("x", "x"),
    ("a + 1", "(a + 1)"), ("- 3", "(- 3)"), ("'a' if b else 'c'", "('a' if b else 'c')"), ("f(x)", "(f(x))"),
])
def test_an_operand_is_parenthesised_unless_one_name_or_constant(text: str, operand: str) -> None:
    assert _operand(text) == operand


def test_the_enum_or_bool_values_no_row_picks() -> None:
    kind = FactType("enum", ("green", "regular", "veteran"))
    assert _uncovered(kind, None, [{"regular"}]) == "'green', 'veteran'"
    assert _uncovered(kind, None, [{"green"}, {"regular"}, {"veteran"}]) == ""
    assert _uncovered(FactType("bool"), None, [{True}]) == "false"
    assert _uncovered(FactType("bool"), None, [{False}]) == "true"
    assert _uncovered(FactType("bool"), None, []) == "true, false"


@pytest.mark.parametrize(("picked", "left"), [
    ([(2, 3), (5, 10)], "0..1, 4"),
    ([(5, 10), (2, 3)], "0..1, 4"),  # in any order
    ([(0, 10)], ""),
    ([(0, 3), (2, 5)], "6..10"),  # overlapping rows
    ([(0, 5), (1, 2)], "6..10"),  # a row inside another
    ([(0, 9)], "10"),
    ([(1, 10)], "0"),
    ([(0, 0), (2, 2), (4, 10)], "1, 3"),
    ([], "0..10"),
])
def test_the_int_values_no_row_picks_are_runs(picked: list[tuple[int, int]], left: str) -> None:
    assert _uncovered(FactType("int"), (0, 10), picked) == left


def test_an_int_without_a_range_has_no_values_to_miss() -> None:
    assert _uncovered(FactType("int"), None, [(0, 1)]) == ""


# -- defaults -------------------------------------------------------------------------------------------------


def test_what_fits_each_kind_of_fact() -> None:
    assert _fits(True, "bool", None, ()) and not _fits(1, "bool", None, ())
    assert _fits(3, "int", (1, 10), ()) and _fits(1, "int", (1, 10), ()) and _fits(10, "int", (1, 10), ())
    assert not _fits(0, "int", (1, 10), ()) and not _fits(11, "int", (1, 10), ())
    assert not _fits(True, "int", None, ()) and not _fits("3", "int", None, ()) and _fits(100, "int", None, ())
    assert _fits("a", "enum", None, ("a", "b")) and not _fits("c", "enum", None, ("a", "b"))
    assert _fits(["MONSTER"], "keywords", None, ()) and not _fits("MONSTER", "keywords", None, ())


@pytest.mark.parametrize(("default", "kind", "rng", "values", "hint"), [
    (3, "bool", None, (), "write default: true or default: false"),
    ("x", "enum", None, ("a", "b"), "its values: a, b"),
    ("x", "keywords", None, (), "a list of keywords, e.g. default: []"),
    (12, "int", (1, 10), (), "pick a default from 1 to 10, or widen the range"),
    (3, "int", (5, 5), (), "pick a default from 5 to 5, or widen the range"),  # a range of one value
    ("x", "int", (1, 10), (), "a whole number, e.g. default: 1"),
    (True, "int", (1, 10), (), "a whole number, e.g. default: 1"),
    (3, "int", (5, 1), (), "a whole number, e.g. default: 5"),  # an empty range: no default fits it
    ("x", "int", None, (), "a whole number, e.g. default: 0"),
])
def test_the_hint_for_a_default_that_does_not_fit(default: object, kind: str, rng: tuple[int, int] | None,
                                                  values: tuple[str, ...], hint: str) -> None:
    assert _default_hint(default, kind, rng, values) == hint


# -- places ---------------------------------------------------------------------------------------------------


def test_a_place_inside_a_one_line_text() -> None:
    span = Span("p.yaml", 3, 10)
    assert _shift(span, 4, "a and b") == Span("p.yaml", 3, 14)
    assert _shift(span, 4, "a and\nb") == span  # over several lines: the value's start
    assert _shift(span, 4, 7) == span


def test_a_file_is_shown_from_the_working_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path)
    assert _display_path(tmp_path / "sub" / "p.yaml") == str(Path("sub") / "p.yaml")
    monkeypatch.chdir(tmp_path / "sub")
    assert _display_path(tmp_path / "p.yaml") == str(tmp_path / "p.yaml")  # outside it: the whole path


def test_the_cycle_collector_is_paused_inside_and_restored_after() -> None:
    was = gc.isenabled()
    try:
        gc.enable()
        with gc_paused():
            assert not gc.isenabled()
        assert gc.isenabled()
        gc.disable()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # left as it was
        gc.enable()
        with pytest.raises(ValueError), gc_paused():
            raise ValueError
        assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


# -- keys of a kind -------------------------------------------------------------------------------------------


def test_the_keys_an_entry_of_a_kind_takes() -> None:
    """kb/schema.json: a bool fact takes no range, typical or values; an int fact no values."""
    assert _kind_keys("fact", "bool") == ["cite", "default", "derive", "text", "type"]
    assert _kind_keys("fact", "int") == ["cite", "default", "derive", "range", "text", "type", "typical"]
    every = ["cite", "default", "derive", "range", "text", "type", "typical", "values"]
    assert _kind_keys("fact", "no such kind") == every


# -- a pack's name --------------------------------------------------------------------------------------------


def test_a_pack_without_a_name_is_named_by_its_file(tmp_path: Path) -> None:
    pack = tmp_path / "my_table.yaml"
    pack.write_text(RANGE_TABLE.read_text(encoding="utf-8").replace("pack: range_table\n", ""), encoding="utf-8")
    assert load_pack(str(pack)).name == "my_table"
    assert load_pack(str(RANGE_TABLE)).name == "range_table"


def test_an_overlay_alone_is_no_pack(tmp_path: Path) -> None:
    overlay = tmp_path / "errata.yaml"
    overlay.write_text("overlay: errata 1.1\nfacts: {}\n", encoding="utf-8")
    with pytest.raises(PackError) as caught:
        load_pack(str(overlay))
    assert caught.value.message == f"{overlay} is an overlay ('errata 1.1'), not a pack"
    assert caught.value.where == Span(str(overlay), 1, 1)

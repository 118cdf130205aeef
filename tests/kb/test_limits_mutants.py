"""The file size limit and the excerpts messages quote: checked where mutation testing found nothing watching
(`python tools/mutate.py kb/limits.py`).

Each value is worked out by hand from docs/pack-format.md ("Limits and exit codes": at most 1,000,000 bytes,
`RULINGS_MAX_FILE_BYTES` sets another limit) and from `excerpt`'s own description: a long string keeps a prefix of
`limit - 8` characters and says its length, a huge integer says about how many digits it has, a container of more
than 8 items or with a container inside says its size, anything else longer than the limit is cut with "...".
"""

from __future__ import annotations

import pytest

from kb.limits import MAX_FILE_BYTES, excerpt, max_file_bytes


def test_the_file_size_limit_is_a_million_bytes_unless_the_environment_says_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("RULINGS_MAX_FILE_BYTES", raising=False)
    assert max_file_bytes() == MAX_FILE_BYTES == 1_000_000
    for text, limit in (("10", 10), ("1", 1), ("0001", 1), ("999999999999", 999_999_999_999)):
        monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", text)
        assert max_file_bytes() == limit, text


@pytest.mark.parametrize("text", [
    "",  # set but empty
    "0", "000",  # not positive
    "-5", "+5", "1.5", "1e3", " 10", "10 ", "ten",  # not a plain whole number
    "\u0663",  # an Arabic-Indic three: a digit, and int() reads it, but not ASCII
    "\u00b2",  # a superscript two: a digit to str.isdigit, which int() cannot read
    "1000000000000",  # 13 digits: too long to be a size
])
def test_a_limit_that_is_no_positive_whole_number_of_at_most_12_digits_is_ignored(
    monkeypatch: pytest.MonkeyPatch, text: str,
) -> None:
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", text)
    assert max_file_bytes() == 1_000_000


def test_a_string_up_to_the_limit_is_quoted_whole() -> None:
    assert excerpt("x" * 60) == "'" + "x" * 60 + "'"
    assert excerpt("abc") == "'abc'"
    assert excerpt("a" * 20, 20) == "'" + "a" * 20 + "'"


def test_a_longer_string_keeps_a_prefix_of_the_limit_less_8_and_says_its_length() -> None:
    assert excerpt("x" * 61) == "'" + "x" * 52 + "...' (61 characters)"
    assert excerpt("y" * 500) == "'" + "y" * 52 + "...' (500 characters)"
    assert excerpt("a" * 21, 20) == "'" + "a" * 12 + "...' (21 characters)"
    assert excerpt("it's" * 20, 20) == '"' + "it'sit'sit's" + "...' (80 characters)"


def test_an_integer_beyond_10_to_the_18_says_about_how_many_digits() -> None:
    assert excerpt(10**18) == "1000000000000000000"
    assert excerpt(-(10**18)) == "-1000000000000000000"
    # 2**100 = 1267650600228229401496703205376, 31 digits; 101 bits * 3 // 10 + 1 = 31
    assert excerpt(2**100) == "an integer of about 31 digits"
    assert excerpt(-(2**100)) == "an integer of about 31 digits"
    # 10**18 + 1 has 19 digits and 60 bits: 60 * 3 // 10 + 1 = 19
    assert excerpt(10**18 + 1) == "an integer of about 19 digits"
    assert excerpt(True) == "True" and excerpt(False) == "False"
    assert excerpt(5) == "5"


def test_a_small_flat_container_is_written_out_with_short_excerpts() -> None:
    assert excerpt([1, 2, 3, 4, 5, 6, 7, 8]) == "[1, 2, 3, 4, 5, 6, 7, 8]"
    assert excerpt((1, "a")) == "[1, 'a']"
    assert excerpt([3, 1, 2]) == "[3, 1, 2]" and excerpt(("b", "a")) == "['b', 'a']"  # a sequence keeps its order
    assert excerpt({3, 10, 2}) == "[10, 2, 3]"  # a set in the order of its members' text
    assert excerpt(frozenset({"b", "a"})) == "['a', 'b']"
    assert excerpt({"a": 1, "b": True}) == "{'a': 1, 'b': True}"
    assert excerpt({"a": {"b": 1}}) == "{'a': {'b': 1}}"  # a dict's keys are looked at for containers, not values
    assert excerpt([]) == "[]" and excerpt({}) == "{}"
    # each item is cut at 20 characters: a prefix of 12 and its length
    assert excerpt(["z" * 21]) == "['" + "z" * 12 + "...' (21 characters)]"
    assert excerpt({"k" * 21: 1}) == "{'" + "k" * 12 + "...' (21 characters): 1}"
    assert excerpt({1: "v" * 21}) == "{1: '" + "v" * 12 + "...' (21 characters)}"
    assert excerpt(["z" * 20]) == "['" + "z" * 20 + "']"


def test_a_long_or_nested_container_is_described_by_its_size() -> None:
    assert excerpt(list(range(9))) == "a list of 9 items"
    assert excerpt(tuple(range(10))) == "a tuple of 10 items"
    assert excerpt(set(range(9))) == "a set of 9 items"
    assert excerpt(frozenset(range(9))) == "a frozenset of 9 items"
    assert excerpt(dict.fromkeys(range(9))) == "a dict of 9 items"
    assert excerpt([[1], 2]) == "a list of 2 items"
    assert excerpt([1, (2,)]) == "a list of 2 items"
    assert excerpt([1, {2: 3}]) == "a list of 2 items"
    assert excerpt([1, {2}]) == "a list of 2 items"
    assert excerpt([frozenset()]) == "a list of 1 items"
    assert excerpt({(1, 2): 3}) == "a dict of 1 items"  # a key that is a container


def test_a_container_written_out_past_the_limit_is_cut_with_dots() -> None:
    items = ["a" * 18] * 4  # each quoted: 20 characters; with ", " and brackets: 88
    assert excerpt(items) == "['" + "a" * 18 + "', '" + "a" * 18 + "', '" + "a" * 11 + "..."
    assert len(excerpt(items)) == 60
    assert excerpt(items, 100) == "[" + ", ".join(["'" + "a" * 18 + "'"] * 4) + "]"
    assert excerpt([1, 2], 6) == "[1, 2]"  # 6 characters: not cut
    assert excerpt([1, 2, 3], 6) == "[1,..."  # 9 characters: 3 kept and the dots


def test_anything_else_is_its_repr_cut_at_the_limit() -> None:
    assert excerpt(None) == "None" and excerpt(1.5) == "1.5"
    assert excerpt(b"x" * 58) == "b'" + "x" * 55 + "..."  # 61 characters: 57 kept and the dots
    assert excerpt(b"x" * 57) == "b'" + "x" * 57 + "'"  # 60 characters: whole
    assert excerpt(b"y" * 100, 10) == "b'yyyyy..."

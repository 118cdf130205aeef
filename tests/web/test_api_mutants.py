"""The web API's query string read as the command line's options: checked where mutation testing found nothing
watching (`python tools/mutate.py rulings/web/api.py`).

A query carries what `rulings ask` takes: the values here are the ones a user typed, and the expected arguments are
what the same options on the command line mean.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from starlette.requests import Request

from kb.errors import RulingsError
from rulings.web.api import MAX_FIND_FACTS, QUERY_KEYS, arguments


def request(*pairs: tuple[str, str]) -> Request:
    return Request({"type": "http", "method": "GET", "path": "/api/ask", "headers": [],
                    "query_string": urlencode(pairs).encode()})


def test_the_query_is_the_command_lines_options() -> None:
    args = arguments(request(("pack", "wh40k"), ("quantity", "hit_roll"), ("given", "attack.ranged=true"),
                             ("given", " "), ("base", "3+"), ("roll", " 4 "), ("reading", "cover=strict"),
                             ("reading", ""), ("step", "attacks=6"), ("step", " "), ("max_facts", "2")))
    assert (args.pack, args.quantity, args.given, args.base, args.roll) == ("wh40k", "hit_roll",
                                                                           ["attack.ranged=true"], "3+", 4)
    assert (args.readings, args.step, args.max_facts) == (["cover=strict"], ["attacks=6"], 2)
    assert (args.situation, args.with_files, args.rule, args.where, args.more) == (None, [], "", "", {})


def test_nothing_given_is_nothing_said() -> None:
    args = arguments(request(("pack", "fantasy"), ("quantity", "to_hit"), ("base", ""), ("roll", "  ")))
    assert (args.base, args.roll, args.given, args.max_facts) == (None, None, [], MAX_FIND_FACTS)
    assert arguments(request(("pack", "fantasy"), ("rule", "moved")), need=("pack",)).rule == "moved"


def test_a_negative_roll_is_a_whole_number() -> None:
    assert arguments(request(("pack", "p"), ("quantity", "q"), ("roll", "-2"))).roll == -2


@pytest.mark.parametrize("roll", ["2.5", "three", "--2", "1" * 19, "\u0661"])
def test_a_roll_that_is_no_whole_number_is_refused(roll: str) -> None:
    with pytest.raises(RulingsError) as caught:
        arguments(request(("pack", "p"), ("quantity", "q"), ("roll", roll)))
    assert caught.value.message == f"roll: {roll[:20]!r} is not a whole number"


@pytest.mark.parametrize(("text", "facts"), [("0", 0), ("5", 5), ("", MAX_FIND_FACTS)])
def test_find_may_set_up_to_five_facts(text: str, facts: int) -> None:
    assert MAX_FIND_FACTS == 5  # the command line's default
    assert arguments(request(("pack", "p"), ("quantity", "q"), ("max_facts", text))).max_facts == facts


@pytest.mark.parametrize("text", ["6", "-1", "two", "\u0662"])
def test_more_facts_than_five_are_refused(text: str) -> None:
    with pytest.raises(RulingsError) as caught:
        arguments(request(("pack", "p"), ("quantity", "q"), ("max_facts", text)))
    assert caught.value.message == f"max_facts: {text!r} is not a whole number from 0 to 5"


def test_an_unknown_key_is_refused_with_the_nearest_known_one() -> None:
    with pytest.raises(RulingsError) as caught:
        arguments(request(("pack", "p"), ("quantity", "q"), ("givn", "a=1")))
    assert (caught.value.message, caught.value.hint) == ("unknown query key 'givn'", "did you mean 'given'?")
    with pytest.raises(RulingsError) as caught:
        arguments(request(("zzzzzz" * 10, "1")))
    assert caught.value.message == "unknown query key '" + "z" * 40 + "'"  # a long key is cut at 40 characters
    assert caught.value.hint == "known: " + ", ".join(QUERY_KEYS)


def test_a_key_that_takes_one_value_is_refused_twice() -> None:
    with pytest.raises(RulingsError) as caught:
        arguments(request(("pack", "p"), ("quantity", "q"), ("base", "3"), ("base", "4")))
    assert caught.value.message == "base= is given 2 times; it takes one value"
    assert caught.value.hint == "repeatable: given, reroll, unmodified, effects, reading, ignore, step"
    assert arguments(request(("pack", "p"), ("quantity", "q"), ("given", "a=1"), ("given", "b=2"))).given == [
        "a=1", "b=2"]


@pytest.mark.parametrize("missing", ["pack", "quantity"])
def test_the_pack_and_quantity_are_needed(missing: str) -> None:
    pairs = [(k, "x") for k in ("pack", "quantity") if k != missing]
    with pytest.raises(RulingsError) as caught:
        arguments(request(*pairs, (missing, "")))
    assert (caught.value.message, caught.value.hint) == (f"the query needs {missing}=...",
                                                         "e.g. ?pack=fantasy&quantity=to_hit")


def test_a_situations_keys_are_read_as_a_situation_file_holds_them() -> None:
    args = arguments(request(("pack", "p"), ("quantity", "q"), ("effects", "+1"), ("effects", " x2 "),
                             ("effects", "Stealth=-1"), ("effects", "=3+"), ("effects", ""), ("target", " 3+ "),
                             ("weapons", "2"), ("reroll", "ones"), ("unmodified", "6"), ("ignore", "soft_cover"),
                             ("ignore", " ")))
    assert args.more == {"effects": ["+1", "x2", {"name": "Stealth", "op": "-1"}, "=3+"], "target": "3+",
                         "weapons": 2, "reroll": ["ones"], "unmodified": 6, "ignore": ["soft_cover"]}


def test_repeated_triggers_are_a_list_and_an_empty_ignore_ignores_nothing() -> None:
    args = arguments(request(("pack", "p"), ("quantity", "q"), ("reroll", "ones"), ("reroll", "failed"),
                             ("unmodified", "1"), ("unmodified", "6"), ("ignore", "")))
    assert args.more == {"reroll": ["ones", "failed"], "unmodified": [1, 6], "ignore": []}
    assert arguments(request(("pack", "p"), ("quantity", "q"), ("target", " "))).more == {}

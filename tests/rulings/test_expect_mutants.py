"""A ruling's JSON compared with an example's expectation, checked where mutation testing found nothing watching
(`python tools/mutate.py rulings/expect.py`).

The rules are the module's own statement of them (as the conformance suite compares): `applied` and `ignored` as
sets of rule ids, `suppressed` as rule -> winner, `clamped` as ids that must appear, `probability` as an exact
fraction, `readings` as reading -> value, `cases` as a set of (when, value), `groups` recursively, anything else by
equality with JSON types kept apart; a sequence's distributions by mean, whole distribution and chances of at least N.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulings.expect import DISTRIBUTIONS, _distribution, mismatches, same


@pytest.mark.parametrize(("a", "b", "alike"), [
    (True, True, True), (False, False, True), (True, False, False), (True, 1, False), (1, True, False),
    (False, 0, False), (0, False, False), (True, "true", False),
    (1, 1, True), (1, 2, False), (1, 1.0, False), (1.0, 1, False), (1.5, 1.5, True), (2.5, 1.5, False),
    ([1, "a"], [1, "a"], True), ([1], [1, 1], False), ([1, 1], [1], False), ([1], [1.0], False), ([True], [1], False),
    ([1, 2], [2, 1], False), ([], [], True),
    ({"a": 1}, {"a": 1}, True), ({"a": 1}, {"b": 1}, False), ({"a": 1}, {"a": 1.0}, False),
    ({"a": [True]}, {"a": [1]}, False), ({"a": 1, "b": 2}, {"b": 2, "a": 1}, True), ({"a": 1}, {"a": 2}, False),
    ("a", "a", True), ("a", "b", False), (None, None, True), (None, 0, False), ([1], (1,), False),
    (1, "1", False), ("1", 1, False), ({"a": 1}, ["a"], False), (["a"], {"a": 1}, False), ("a", {"a": 1}, False),
    ({"a": 1}, "a", False),
])
def test_json_values_are_the_same_only_with_the_same_types(a: Any, b: Any, alike: bool) -> None:
    assert same(a, b) is alike


def rules(*names: str) -> list[dict[str, Any]]:
    return [{"rule": n, "text": "..."} for n in names]


def test_a_ruling_that_meets_every_key_has_no_problems() -> None:
    got = {"value": 5, "applied": rules("moved", "cover"), "ignored": [], "suppressed": [{"rule": "a", "by": "b"}],
           "clamped": rules("floor", "cap"), "assumptions": ["x is false", "y is 3"], "probability": "1/2",
           "readings": [{"reading": "cover", "value": "strict", "default": True}],
           "cases": [{"when": {"f": 1}, "value": 3}, {"when": None, "value": 4}], "impossible": False}
    expect = {"exit": 0, "error_contains": "never read", "value": 5, "applied": ["cover", "moved"], "ignored": [],
              "suppressed": {"a": "b"}, "clamped": ["cap"], "assumptions": ["y is 3"], "probability": 0.5,
              "readings": {"cover": "strict"}, "readings_default": "cover", "clamped_only": ["floor", "cap"],
              "cases": [{"value": 4}, {"when": {"f": 1}, "value": 3}], "impossible": False}
    assert mismatches(expect, got) == []


def test_exit_and_error_contains_are_not_the_rulings_keys() -> None:
    assert mismatches({"exit": 2, "error_contains": "x"}, {}) == []


def test_every_key_after_one_compared_apart_is_still_compared() -> None:
    got = {"value": 4, "clamped": rules("a"), "readings": [{"reading": "r", "value": 1, "default": True}]}
    for first in ({"exit": 0}, {"error_contains": "x"}, {"clamped_only": ["a"]}, {"readings_default": "r"}):
        assert mismatches({**first, "value": 3}, got) == ["value 4 != 3"], first


def test_a_key_the_ruling_lacks_is_missing() -> None:
    assert mismatches({"value": 3, "applied": []}, {}) == ["missing 'value'", "missing 'applied'"]


def test_clamped_only_is_the_whole_set_of_clamps() -> None:
    got = {"clamped": rules("b", "a")}
    assert mismatches({"clamped_only": ["a", "b"]}, got) == []
    assert mismatches({"clamped_only": ["b"]}, got) == ["clamped ['a', 'b'] != ['b']"]
    assert mismatches({"clamped_only": ["c", "a"]}, {}) == ["clamped [] != ['a', 'c']"]
    assert mismatches({"clamped_only": []}, {"clamped": None}) == []


def test_readings_default_names_the_one_default_reading() -> None:
    got = {"readings": [{"reading": "a", "value": 1, "default": True}, {"reading": "b", "value": 2, "default": False},
                        {"reading": "c", "value": 3, "default": 1}, {"reading": "d", "value": 4}]}
    assert mismatches({"readings_default": "a"}, got) == []
    assert mismatches({"readings_default": "b"}, got) == ["default reading ['a'] != ['b']"]
    assert mismatches({"readings_default": "a"}, {}) == ["default reading [] != ['a']"]
    assert mismatches({"readings_default": "a"}, {"readings": None}) == ["default reading [] != ['a']"]


@pytest.mark.parametrize("key", ["applied", "ignored"])
def test_applied_and_ignored_are_sets_of_rule_ids(key: str) -> None:
    assert mismatches({key: ["b", "a"]}, {key: rules("a", "b")}) == []
    assert mismatches({key: [1]}, {key: rules("1")}) == []  # a rule id read as a number is still the id
    assert mismatches({key: ["a"]}, {key: rules("a", "b")}) == [f"{key} ['a', 'b'] != ['a']"]
    assert mismatches({key: ["c", 2]}, {key: None}) == [f"{key} [] != ['2', 'c']"]


def test_suppressed_is_rule_to_winner() -> None:
    got = {"suppressed": [{"rule": "a", "by": "b"}, {"rule": "c", "by": "d"}]}
    assert mismatches({"suppressed": {"c": "d", "a": "b"}}, got) == []
    assert mismatches({"suppressed": {"a": "d"}}, got) == ["suppressed {'a': 'b', 'c': 'd'} != {'a': 'd'}"]
    assert mismatches({"suppressed": {}}, {"suppressed": None}) == []
    assert mismatches({"suppressed": {1: 2}}, {"suppressed": [{"rule": "1", "by": "2"}]}) == []


def test_clamped_names_clamps_that_must_appear() -> None:
    got = {"clamped": rules("a", "b")}
    assert mismatches({"clamped": ["b"]}, got) == []
    assert mismatches({"clamped": ["c", "a", "d"]}, got) == ["clamped lacks ['c', 'd']"]
    assert mismatches({"clamped": ["a"]}, {"clamped": None}) == ["clamped lacks ['a']"]


def test_assumptions_must_appear() -> None:
    got = {"assumptions": ["x", "y"]}
    assert mismatches({"assumptions": ["y"]}, got) == []
    assert mismatches({"assumptions": ["z", "x", "w"]}, got) == ["assumptions lack ['z', 'w']"]
    assert mismatches({"assumptions": ["x"]}, {"assumptions": None}) == ["assumptions lack ['x']"]


@pytest.mark.parametrize(("have", "want", "ok"), [
    ("1/2", 0.5, True), ("1/2", "2/4", True), ("1", 1, True), ("1/3", "1/3", True), ("1/3", 0.333, False),
    ("1/2", "1/3", False), (0.5, 0.5, False), (None, 0, False),
])
def test_a_probability_is_an_exact_fraction_the_ruling_writes(have: Any, want: Any, ok: bool) -> None:
    assert mismatches({"probability": want}, {"probability": have}) == (
        [] if ok else [f"probability {have!r} != {want!r}"])


def test_readings_are_reading_to_value() -> None:
    got = {"readings": [{"reading": "a", "value": 1}, {"reading": "b", "value": "x"}]}
    assert mismatches({"readings": {"b": "x", "a": 1}}, got) == []
    problem = ["readings {'a': 1, 'b': 'x'} != " + "{want}"]
    for want in ({"a": 1}, {"a": 1, "b": "x", "c": 2}, {"a": True, "b": "x"}, {"a": 2, "b": "x"}):
        assert mismatches({"readings": want}, got) == [problem[0].replace("{want}", str(want))]
    assert mismatches({"readings": {}}, {"readings": None}) == []


def test_cases_are_a_set_of_when_and_value() -> None:
    got = {"cases": [{"when": {"b": 2, "a": 1}, "value": 3}, {"value": 4}]}
    assert mismatches({"cases": [{"when": None, "value": 4}, {"when": {"a": 1, "b": 2}, "value": 3}]}, got) == []
    want = [{"when": {"a": 1, "b": 2}, "value": 5}, {"value": 4}]
    assert mismatches({"cases": want}, got) == [f"cases {got['cases']} != {want}"]
    assert mismatches({"cases": [{"value": 4}]}, got) == [f"cases {got['cases']} != {[{'value': 4}]}"]
    assert mismatches({"cases": []}, {"cases": None}) == []
    assert mismatches({"cases": [{"when": {}, "value": 4}]}, {"cases": [{"value": 4}]}) == []
    when = [{"when": {"a": 2, "b": 2}, "value": 3}, {"value": 4}]  # the same values, in another case
    assert mismatches({"cases": when}, got) == [f"cases {got['cases']} != {when}"]


def test_groups_are_compared_recursively() -> None:
    got = {"groups": [{"name": "hit", "value": 3, "applied": rules("a")}, {"name": "wound", "value": 4}]}
    assert mismatches({"groups": {"hit": {"value": 3, "applied": ["a"]}, "wound": {"value": 4}}}, got) == []
    assert mismatches({"groups": {"hit": {"value": 2, "applied": []}, "save": {"value": 1}, "wound": {}}}, got) == [
        "group 'hit': value 3 != 2", "group 'hit': applied ['a'] != []", "no group 'save'"]
    assert mismatches({"groups": {"hit": {}}}, {"groups": None}) == ["no group 'hit'"]


def test_any_other_key_is_compared_with_json_types_kept_apart() -> None:
    assert mismatches({"value": 1, "impossible": False}, {"value": True, "impossible": 0}) == [
        "value True != 1", "impossible 0 != False"]
    assert mismatches({"value": "3+"}, {"value": "3+"}) == []


SEQUENCE = {"distribution": {"0": "1/4", "1": "1/2", "2": "1/4"}, "mean": "1", "at_least": {"1": "3/4", "2": "1/4"}}


def test_the_distributions_an_example_can_state() -> None:
    assert DISTRIBUTIONS == ("outcome", "damage", "models_destroyed", "attacks")


@pytest.mark.parametrize("key", DISTRIBUTIONS)
def test_a_sequences_distribution_is_compared_part_by_part(key: str) -> None:
    want = {"mean": 1, "distribution": {0: "1/4", 1: 0.5, 2: "1/4"}, "at_least": {2: "1/4"}}
    assert mismatches({key: want}, {key: SEQUENCE}) == []
    assert mismatches({key: {"mean": "3/2"}}, {key: SEQUENCE}) == [f"{key} mean '1' != '3/2'"]


def test_a_distribution_must_be_whole() -> None:
    assert _distribution("damage", {"distribution": {1: "1/2", 2: "1/4", 0: "1/4"}}, SEQUENCE) == []
    assert _distribution("damage", {"distribution": {1: "1/2", 2: "1/4"}}, SEQUENCE) == [
        "damage distribution {'0': '1/4', '1': '1/2', '2': '1/4'} != {1: '1/2', 2: '1/4'}"]
    assert _distribution("damage", {"distribution": {1: "1/2", 2: "1/4", 0: "1/4", 3: "0"}}, SEQUENCE) != []


def test_at_least_states_only_the_chances_it_names() -> None:
    assert _distribution("outcome", {"at_least": {1: "3/4"}}, SEQUENCE) == []
    assert _distribution("outcome", {"at_least": {"2": 0.25, 1: "3/4"}}, SEQUENCE) == []
    assert _distribution("outcome", {"at_least": {1: "1/2"}}, SEQUENCE) == [
        "outcome at_least {'1': '3/4', '2': '1/4'} != {1: '1/2'}"]
    assert _distribution("outcome", {"at_least": {3: "0"}}, SEQUENCE) == [
        "outcome at_least {'1': '3/4', '2': '1/4'} != {3: '0'}"]


def test_every_part_stated_is_checked() -> None:
    assert _distribution("outcome", {"mean": 2, "at_least": {1: "1/2"}, "distribution": {}}, SEQUENCE) == [
        "outcome mean '1' != 2", "outcome at_least {'1': '3/4', '2': '1/4'} != {1: '1/2'}",
        "outcome distribution {'0': '1/4', '1': '1/2', '2': '1/4'} != {}"]


def test_a_distribution_key_without_a_distribution_is_compared_as_any_other() -> None:
    assert mismatches({"attacks": 3}, {"attacks": 3}) == []
    assert mismatches({"attacks": {"mean": 1}}, {"attacks": {"mean": 1}}) == []  # a dict, but no distribution
    assert mismatches({"damage": 2}, {"damage": 3}) == ["damage 3 != 2"]
    assert mismatches({"value": {"mean": 1}}, {"value": SEQUENCE}) == [f"value {SEQUENCE!r} != {{'mean': 1}}"]

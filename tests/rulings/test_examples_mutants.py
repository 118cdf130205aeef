"""A pack's examples run and compared, checked where mutation testing found nothing watching
(`python tools/mutate.py rulings/examples.py`).

The pack is the starter pack `rulings new` writes (docs/pack-format.md: an example's `expect` states the ruling, or
`exit: 2` with `error_contains` for a situation that must be refused).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from kb.loader import load_pack
from kb.model import Pack
from rulings.examples import ExampleResult, run_example, run_examples
from rulings.starter import starter_pack

MORE = """\
  - name: too skilled
    quantity: to_hit
    situation: {given: {shooter.bs: 11}}
    expect: {exit: 2, error_contains: "Out Of RANGE"}
  - name: a still shooter
    quantity: to_hit
    situation: {given: {shooter.bs: 4}}
    expect: {value: 3, applied: []}
"""
RANGE = "shooter.bs = 11 is out of range 1..10"  # the fact's range is [1, 10]


@pytest.fixture
def pack(tmp_path: Path) -> tuple[Pack, str]:
    """The starter pack with two more examples, and where the refused one stands (file:line:column)."""
    file = tmp_path / "archery.yaml"
    text = starter_pack("archery", "archery.yaml") + MORE
    file.write_text(text, encoding="utf-8")
    line = text.splitlines().index("  - name: too skilled") + 1
    return load_pack(str(file)), f"archery.yaml:{line}:5"  # the item's first key, after "  - "


def test_every_example_is_run_in_pack_order(pack: tuple[Pack, str]) -> None:
    p, refused_at = pack
    results = run_examples(p)
    assert [r.name for r in results] == ["a moving shooter at a target in cover", "too skilled", "a still shooter"]
    assert [r.problems for r in results] == [[], [], []]
    assert results[1].where.endswith(refused_at)
    assert all(isinstance(r, ExampleResult) for r in results)


def test_a_ruling_that_differs_says_how(pack: tuple[Pack, str]) -> None:
    p, _ = pack
    still = p.examples[2]
    # a BS 4 shooter hits on 7 - 4 = 3; no rule applies
    result = run_example(p, replace(still, expect={"value": 4, "applied": ["moved"]}))
    assert result.name == "a still shooter"
    assert result.problems == ["value 3 != 4", "applied [] != ['moved']"]


def test_a_refusal_matches_its_words_in_any_case(pack: tuple[Pack, str]) -> None:
    p, _ = pack
    refused = p.examples[1]
    assert run_example(p, refused).problems == []
    assert run_example(p, replace(refused, expect={"exit": 2, "error_contains": "OUT of range 1..10"})).problems == []


def test_a_refusal_without_words_to_contain_is_met_by_any_error(pack: tuple[Pack, str]) -> None:
    p, _ = pack
    assert run_example(p, replace(p.examples[1], expect={"exit": 2})).problems == []


def test_a_refusal_without_the_words_says_which_words_and_the_error(pack: tuple[Pack, str]) -> None:
    p, refused_at = pack
    result = run_example(p, replace(p.examples[1], expect={"exit": 2, "error_contains": "Cannot Happen"}))
    assert result.name == "too skilled" and result.where.endswith(refused_at)
    assert len(result.problems) == 1
    assert result.problems[0].startswith("error lacks 'cannot happen': ")
    assert result.problems[0].endswith(f"{refused_at}: {RANGE}")  # the error says where the situation is


@pytest.mark.parametrize("expect", [{"value": 6}, {}, {"exit": 3}, {"exit": 1, "error_contains": "range"}])
def test_an_error_where_a_ruling_or_another_exit_is_expected_is_a_problem(pack: tuple[Pack, str],
                                                                          expect: dict[str, object]) -> None:
    p, refused_at = pack
    result = run_example(p, replace(p.examples[1], expect=expect))
    assert (result.name, result.where) == ("too skilled", str(p.examples[1].where))
    assert len(result.problems) == 1
    assert result.problems[0].startswith("error: ") and result.problems[0].endswith(f"{refused_at}: {RANGE}")


@pytest.mark.parametrize("code", [2, 1])
def test_a_ruling_where_a_refusal_is_expected_is_a_problem(pack: tuple[Pack, str], code: int) -> None:
    p, _ = pack
    result = run_example(p, replace(p.examples[2], expect={"exit": code, "error_contains": "range"}))
    assert result.problems == [f"expected exit {code}, got a ruling"]
    assert (result.name, result.where) == ("a still shooter", str(p.examples[2].where))


def test_where_is_the_examples_place_in_its_file(pack: tuple[Pack, str]) -> None:
    p, _ = pack
    result = run_example(p, p.examples[0])
    assert result.where == str(p.examples[0].where)
    assert result.where.split(":")[-2:] == [str(starter_pack("a", "a").splitlines().index(
        "  - name: a moving shooter at a target in cover") + 1), "5"]

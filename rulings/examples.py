"""Run the examples a pack stores: each situation asked, each answer compared with its expectation."""

from __future__ import annotations

from dataclasses import dataclass

from kb.errors import RulingsError
from kb.model import Example, Pack
from rulings.expect import mismatches


@dataclass(frozen=True, slots=True)
class ExampleResult:
    """One example's outcome: empty `problems` when the ruling meets the expectation."""

    name: str
    where: str
    problems: list[str]


def run_example(pack: Pack, example: Example) -> ExampleResult:
    """Ask the example's question and compare the answer with what the pack expects."""
    from rulings.api import answer
    from solver import situation_from_data

    want_exit = example.expect.get("exit", 0)
    try:
        situation = situation_from_data(example.situation, pack, example.where)
        got = answer(pack, example.quantity, situation)
    except RulingsError as e:
        if want_exit == 2:
            needle = str(example.expect.get("error_contains", "")).lower()
            ok = needle in str(e).lower()
            return ExampleResult(example.name, str(example.where), [] if ok else [f"error lacks {needle!r}: {e}"])
        return ExampleResult(example.name, str(example.where), [f"error: {e}"])
    if want_exit:
        return ExampleResult(example.name, str(example.where), [f"expected exit {want_exit}, got a ruling"])
    return ExampleResult(example.name, str(example.where), mismatches(example.expect, got))


def run_examples(pack: Pack) -> list[ExampleResult]:
    """Every example of the pack, in pack order."""
    return [run_example(pack, e) for e in pack.examples]

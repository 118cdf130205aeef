"""`solver.space.model`: the searches' view of `solver.consistent`, whose `DEADLINE` is the one every search reads.

mutmut makes no mutant of this module (its only functions are a property's getter and setter, which it leaves
alone), so `python tools/mutate.py solver/space/model.py` measures nothing: these tests are what watches it.
Each would fail if the getter or the setter stopped passing through (a module attribute set beside the real one,
a value read from the wrong place).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from solver import consistent
from solver.space import model


@pytest.fixture
def restored() -> Iterator[None]:
    """Whatever a test sets, the deadline is as it was afterwards (None outside `--timeout`)."""
    before = consistent.DEADLINE
    try:
        yield
    finally:
        consistent.DEADLINE = before


@pytest.mark.usefixtures("restored")
def test_a_deadline_set_through_the_model_is_the_one_consistent_holds() -> None:
    model.DEADLINE = 123.5
    assert consistent.DEADLINE == 123.5
    assert "DEADLINE" not in vars(model)  # no attribute of its own beside the property
    model.DEADLINE = None
    assert consistent.DEADLINE is None


@pytest.mark.usefixtures("restored")
def test_the_model_reads_the_deadline_consistent_holds() -> None:
    consistent.DEADLINE = 42.0
    assert model.DEADLINE == 42.0
    consistent.DEADLINE = None
    assert model.DEADLINE is None


@pytest.mark.usefixtures("restored")
def test_a_search_started_after_the_deadline_set_through_the_model_stops_and_says_why() -> None:
    """A deadline already past (minus infinity: no clock is read to decide it) stops every search at once."""
    model.DEADLINE = float("-inf")
    coverage = model.Coverage()
    assert coverage.deadline == float("-inf")
    assert coverage.out_of_time()
    assert not coverage.exhaustive and coverage.reasons == ["the time limit ran out (raise it with --timeout)"]
    model.DEADLINE = None
    assert model.Coverage().deadline is None and not model.Coverage().out_of_time()


def test_every_name_the_model_exports_is_consistents_own() -> None:
    """The searches and a single ruling share one set of pieces: a copy here could drift from the original."""
    for name in model.__all__:
        if name != "DEADLINE":
            assert getattr(model, name) is getattr(consistent, name), name
    assert set(model.__all__) <= set(vars(consistent))

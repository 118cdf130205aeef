"""The space of situations a pack allows: base facts are its variables, derived facts functions of them.

The searches of this package (`check`, `diff`, `find`, `whynot`, the FAQ)
reason over every situation at once with the pieces one ruling already needs
to tell whether its own situation can happen: partitions of int facts into
classes no expression tells apart, consistent and producible values of
derived facts, and the `Coverage` that says whether a search was exhaustive.
Those live in `solver.consistent`, below this package, so that a single
ruling never imports the search; this module is where the searches find them.

`DEADLINE` (when every search must stop, set by the command line's
`--timeout`) is `solver.consistent.DEADLINE`: setting it here sets it there.
"""

from __future__ import annotations

import sys
import types

from solver import consistent as _consistent
from solver.consistent import (
    EVALUATE_LIMIT,
    SOLUTION_LIMIT,
    Coverage,
    Partition,
    compared_groups,
    comparisons_of,
    completions,
    consistent,
    defaults_apply,
    expressions,
    facts_behind,
    inputs,
    joint_values,
    partition,
    plain_values,
    producible,
    simple_cuts,
    splits,
    typical,
    unsplit,
    values_of,
)

__all__ = ["DEADLINE", "EVALUATE_LIMIT", "SOLUTION_LIMIT", "Coverage", "Partition", "compared_groups",
           "comparisons_of", "completions", "consistent", "defaults_apply", "expressions", "facts_behind", "inputs",
           "joint_values", "partition", "plain_values", "producible", "simple_cuts", "splits", "typical", "unsplit",
           "values_of"]

DEADLINE: float | None


class _Model(types.ModuleType):
    """This module, whose `DEADLINE` is `solver.consistent.DEADLINE` (read and set through it)."""

    @property
    def DEADLINE(self) -> float | None:
        return _consistent.DEADLINE

    @DEADLINE.setter
    def DEADLINE(self, value: float | None) -> None:
        _consistent.DEADLINE = value


sys.modules[__name__].__class__ = _Model

"""Find the situations whose whole attack (a sequence) satisfies an expression over its outcome.

`rulings find wh40k attack --where "mean >= 3" --step attacks=10 ...` answers
"when do ten attacks do three damage on average?" with the minimal
situations, as `find` does for a quantity: the search goes over the facts the
sequence's rolls and its own expressions (events, targets, models, wounds)
read, one value per class of each int fact, smallest situations first. The
sequence's inputs (attacks, damage, each step's target and re-roll, models,
wounds) are those the situation gives: they are not searched.

Fields a `--where` expression reads (`SEQUENCE_FIELDS`): `mean`, the outcome's
exact mean (a fraction compares exactly: `2 * mean >= 5`); `chance`, the
chance of an outcome of at least 1 in percent, rounded down; `most`, the
largest outcome that can happen; `destroyed`, the mean number of models
destroyed, where the situation gives models and wounds.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from kb.errors import RulingsError
from kb.expr import UNKNOWN, Expr, FactType, evaluate
from kb.model import Pack
from solver.sequence import AttackRuling, at_least, mean, resolve
from solver.situation import Situation
from solver.space.find import LIMIT_STOP, Found, condense
from solver.space.model import Coverage
from solver.space.search import frontier, situations

SEQUENCE_FIELDS: dict[str, FactType] = {
    "mean": FactType("int"), "chance": FactType("int"), "most": FactType("int"), "destroyed": FactType("int"),
}
"""What a `--where` expression about a whole attack reads (see the module's text)."""


def parse_where(text: str) -> Expr:
    """Parse and check a `--where` expression over a sequence's outcome.

    Examples:
        >>> parse_where("mean >= 2 and chance >= 50").text
        'mean >= 2 and chance >= 50'
    """
    from solver.space.find import parse_where as parse

    return parse(text, SEQUENCE_FIELDS, what="field of a sequence", example='--where "mean >= 2"')


def outcome_fields(r: AttackRuling) -> dict[str, Any]:
    """The values a `--where` expression reads of a resolved sequence.

    Examples:
        >>> from kb.loader import load_pack
        >>> s = Situation(given={"attacker.to_hit": 4, "target.save": 4}, sequence={"attacks": 2})
        >>> fields = outcome_fields(resolve(load_pack("skirmish"), "attack", s))
        >>> str(fields["mean"]), fields["chance"], fields["most"]
        ('1/2', 43, 2)
    """
    out: dict[str, Any] = {"mean": mean(r.outcome), "chance": int(at_least(r.outcome).get(1, 0) * 100),
                           "most": max(r.outcome)}
    if r.destroyed is not None:
        out["destroyed"] = mean(r.destroyed)
    return out


def search_facts(pack: Pack, name: str) -> list[str]:
    """The facts a sequence's outcome reads: those of the rolls it uses and of its own expressions."""
    from solver.space.diff import read_by

    seq = pack.sequences[name]
    exprs = [e for q in sorted(seq.uses()) for e in read_by(pack, pack, q)] + seq.expressions()
    return frontier(pack, exprs)


def find_sequence(pack: Pack, name: str, where: Expr | str, situation: Situation | None = None, *,
                  max_facts: int | None = 5, coverage: Coverage | None = None) -> list[Found]:
    """Every minimal situation (over `search_facts`, beyond those given) whose resolved sequence satisfies `where`.

    A situation of the search that cannot be resolved is recorded in `coverage` (the search is then not
    exhaustive); when none can (an input the sequence cannot take), the first one's error is raised: a bad
    input is an error, never a search that quietly finds nothing.
    """
    expr = parse_where(where) if isinstance(where, str) else where
    base = situation or Situation()
    fixed = dict(base.given)
    names = [f for f in search_facts(pack, name) if f not in fixed]
    coverage = coverage if coverage is not None else Coverage()
    minimal: list[tuple[dict[str, Any], Any]] = []
    seen: list[frozenset[tuple[str, Any]]] = []
    failed: RulingsError | None = None
    resolved = False
    for given in situations(pack, names, fixed=fixed, coverage=coverage):
        if max_facts is not None and len(given) - len(fixed) > max_facts:
            coverage.stop(LIMIT_STOP.format(max_facts=max_facts))
            break
        if coverage.out_of_time():
            break
        items = frozenset((f, v) for f, v in given.items() if f not in fixed)
        if any(found <= items for found in seen):
            continue
        try:  # (counted as searched by `situations`, which yields it)
            r = resolve(pack, name, base.given_as(given))
        except RulingsError as e:
            failed = failed or e
            coverage.stop(f"a situation could not be resolved ({str(e).splitlines()[0]})")
            continue
        resolved = True
        result = evaluate(expr, outcome_fields(r))
        if result is not UNKNOWN and result:
            minimal.append((given, r))
            seen.append(items)
    if failed is not None and not resolved:
        raise failed
    return [_shown(f, minimal) for f in condense(pack, [(g, _Brief(r)) for g, r in minimal])]


class _Brief:
    """A resolved sequence as a found situation shows it: its mean outcome."""

    __slots__ = ("display", "ruling")

    def __init__(self, ruling: AttackRuling) -> None:
        self.ruling = ruling
        self.display = str(mean(ruling.outcome))


def _shown(found: Found, minimal: list[tuple[dict[str, Any], AttackRuling]]) -> Found:
    """A found situation with its mean outcome (a range of means where it stands for several values), and its
    first sequence for the JSON."""
    means = sorted(Fraction(m) for m in found.display.split(" / "))
    r = found.ruling.ruling  # type: ignore[attr-defined]
    shown = f"{means[0]}" if len(means) == 1 else f"{means[0]} to {means[-1]}"
    return replace(found, display=f"mean {shown} {r.outcome_name}", ruling=r)

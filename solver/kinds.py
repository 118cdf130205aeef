"""From a base and the counting terms to a final value, by the quantity's kind.

`outcome()` is pure: it takes numbers the ruling has already evaluated
(base, terms, bounds) and returns what a player needs: the value, how it
prints, the clamps that bit, the net modifier and the chance of success.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from kb.model import Quantity
from solver.arithmetic import (
    Bound,
    Note,
    Outcome,
    Term,
    apply_terms,
    capped_terms,
    dice_chance,
    dice_count,
    faces,
    rounded,
    score_chance,
)


def outcome(
    q: Quantity,
    base: Any,
    terms: Sequence[Term],
    *,
    clamps: Sequence[Bound] = (),
    caps: Sequence[Bound] = (),
    target: int | None = None,
    reroll: tuple[str, ...] = (),
    unmodified: tuple[int, ...] = (),
    weapons: int | tuple[Any, ...] | None = None,
    fish: bool = False,
) -> Outcome:
    """Apply `terms` to `base` the way `q`'s kind says.

    `clamps` bound the final value, `caps` the net modifier of a roll (or its improvements or worsenings), and
    `target` is what a `total` or `roll` must reach to pass; `reroll` and
    `unmodified` (see `solver.rolls`) say which re-rolls apply and which
    unmodified results trigger something (`fish`: the player re-rolls for those first); `weapons` how many
    identical weapons generate a random A, or each weapon's value, grouped together
    (`solver.characteristics.group_weapons`).
    """
    if q.kind == "score":
        return _score(q, base, terms, clamps)
    if q.kind in ("total", "roll"):
        return _roll(q, base, terms, clamps, caps, target, reroll, unmodified, fish)
    if q.kind == "characteristic":
        from solver.characteristics import characteristic, group_weapons  # only for characteristics

        if isinstance(weapons, tuple):  # weapons of different values, each modified on its own
            return group_weapons(q, [characteristic(q, b, terms, clamps) for b in weapons], weapons)
        out = characteristic(q, base, terms, clamps)
        return group_weapons(q, [out] * weapons, weapons) if weapons is not None else out
    if weapons is not None:
        from kb.errors import RulingsError

        raise RulingsError(f"{q.name} is not a characteristic: it takes no weapons:",
                           hint="weapons: says how many identical weapons each roll a characteristic whose "
                                "quantity has weapons: true")
    return _pool(q, base, terms, clamps)


def _bound(value: int, bounds: Sequence[Bound], clamped: list[tuple[str, Any, Any]]) -> int:
    for b in bounds:
        new = b.apply(value)
        if new != value:
            clamped.append((b.rule, value, new))
            value = new
    return value


def _score(q: Quantity, base: int, terms: Sequence[Term], clamps: Sequence[Bound]) -> Outcome:
    raw, steps = apply_terms(base, terms, lowers=q.plus == "lowers", order=q.arithmetic.order)
    clamped: list[tuple[str, Any, Any]] = []
    value = _bound(rounded(raw, q.arithmetic.round), clamps, clamped)
    probability, then, display = _score_reading(value, q.chart, q.impossible_from)
    return Outcome(value, display, probability, tuple(steps), tuple(clamped), probability=probability, then=then)


@cache
def _score_reading(
    value: int, chart: tuple[tuple[int, int], ...], impossible_from: int | None
) -> tuple[Fraction, int | None, str]:
    """A score's chance, follow-up and display: a pure function of few values, so computed once each."""
    follow_up = dict(chart)
    probability = score_chance(value, follow_up, impossible_from)
    then = follow_up.get(value) if value > 6 and probability else None
    if probability == 0 and value > 6:
        return probability, then, f"{value}+: impossible"
    if then is not None:
        return probability, then, f"6, then {then}+"
    return probability, then, f"{value}+"


def _roll(q: Quantity, roll: int | None, terms: Sequence[Term], clamps: Sequence[Bound],
          caps: Sequence[Bound], target: int | None, reroll: tuple[str, ...] = (),
          unmodified: tuple[int, ...] = (), fish: bool = False) -> Outcome:
    order, way = q.arithmetic.order, q.arithmetic.round
    _, raw_net, net, clamped, capping = capped_terms(terms, caps, better=q.better, way=way)
    others = [t for t in terms if t.op not in "+-"]  # set, multiply, divide: the order of operations still holds
    if net != raw_net:  # the cap acts on the net modifier, which then takes the add or subtract step
        terms = [*others, Term(q.name, "+" if net >= 0 else "-", abs(net))]

    def modified(total: int) -> int:
        return rounded(apply_terms(total, terms, order=order)[0], way) if others else total + net

    probability = dice_chance(q.dice, net, target, modified) if target is not None else None
    notes: tuple[str, ...] = tuple(capping)
    choice: tuple[str, ...] = ()
    detail: dict[str, Any] = {}
    always = {a.unmodified: a.passes for a in q.always} if target is not None else {}
    relied = tuple(a for a in q.always if a.unmodified in always and a.unmodified in _totals(q.dice)
                   and (_bound(modified(a.unmodified), clamps, []) >= target) != a.passes)  # type: ignore[operator]
    if reroll or unmodified or always or (target is not None and q.passes is None):  # as dice, re-rolls first
        from solver.rolls import REROLL_CHOICE, dice_detail

        probability, detail, rolled = dice_detail(q.dice, lambda total: _bound(modified(total), clamps, []),
                                                  net, target, reroll, unmodified, always, fish=fish)
        notes = (*notes, *rolled)
        if any(isinstance(n, Note) and n.step == REROLL_CHOICE for n in notes):  # the player's choice decided
            choice = (REROLL_CHOICE,)
    assumes = tuple(a.assumption for a in relied if a.assumption) + choice
    if roll is None:
        shown = q.dice + "".join(f" {t.change}" for t in others) + (f"{net:+d}" if net else "")
        rank = probability if probability is not None else Fraction(net)
        return Outcome(None, shown, rank if q.better == "higher" else -rank, (),
                       tuple(clamped), modifier=net, probability=probability, extra=detail, notes=notes,
                       assumes=assumes)
    raw, steps = apply_terms(roll, terms, order=order) if others else (roll + net, [])
    value = _bound(rounded(raw, way), clamps, clamped)
    highest = _totals(q.dice)[-1]
    if value > highest:  # "can a D6 roll end above 6?": the step says so, citing the rule where the pack does
        notes = (*notes, Note("above_maximum", f"{value} is above the highest roll of {q.dice} ({highest}): "
                                               "no limit of the pack holds it there"))
    extra = {"passed": always.get(roll, value >= target)} if target is not None else {}  # type: ignore[operator]
    rank = Fraction(value if q.better == "higher" else -value)
    return Outcome(value, str(value), rank, tuple(steps), tuple(clamped), modifier=net, probability=probability,
                   extra={**detail, **extra}, notes=notes, assumes=assumes)


def _totals(dice: str) -> range:
    """Every total the dice can show."""
    count = dice_count(dice)
    return range(count, count * faces(dice)[-1] + 1)


def _pool(q: Quantity, base: int, terms: Sequence[Term], clamps: Sequence[Bound]) -> Outcome:
    raw, steps = apply_terms(base, terms, order=q.arithmetic.order)
    clamped: list[tuple[str, Any, Any]] = []
    value = _bound(rounded(raw, q.arithmetic.round), clamps, clamped)
    noun = "die" if value == 1 else "dice"
    rank = Fraction(value if q.better == "higher" else -value)
    return Outcome(value, f"{value} {noun}", rank, tuple(steps), tuple(clamped))

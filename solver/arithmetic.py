"""The arithmetic each kind of quantity fixes, and the chance of success.

Operations apply in the pack's order for every kind (`kb.model.Arithmetic`:
without a declaration set, multiply, divide, add, subtract, then fractions
rounded up); a kind says what the number means:

- `score`: the number a D6 must reach (`plus: lowers` when modifiers change
  the roll, so a -1 raises the score needed), with an optional follow-up
  chart for 7+ and a score from which the roll is impossible;
- `total`: the sum of dice plus modifiers, passing at a target (2D6 command roll);
- `roll`: a single roll plus a net modifier (capped by `cap` policies: the net
  modifier, or only the modifiers that improve it or only those that worsen it);
- `pool`: a number of dice.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any

from kb.errors import Unworkable
from kb.limits import MAX_INT
from kb.model import NEUTRAL, STEPS

Number = Fraction | int
"""Exact numbers: ints where the rules only add and subtract, fractions once something divides."""


@dataclass(frozen=True, slots=True)
class Term:
    """One counting modifier, reduced to an operation and a number."""

    rule: str
    op: str
    amount: Number

    @property
    def change(self) -> str:
        """The change as a player writes it: "-1", "+2", "x2", "/2", "=3".

        Examples:
            >>> Term("moved", "-", Fraction(1)).change
            '-1'
        """
        amount = self.amount
        if self.op == "+" and amount < 0:
            return f"-{_num(-amount)}"
        if self.op == "-" and amount < 0:
            return f"+{_num(-amount)}"
        return f"{self.op}{_num(amount)}"

    @property
    def signed(self) -> Number:
        """The term's contribution to a net modifier (0 for set, multiply, divide)."""
        return {"+": self.amount, "-": -self.amount}.get(self.op, Fraction(0))


@dataclass(frozen=True, slots=True)
class Bound:
    """A clamp or cap: the id it reports under and its limits."""

    rule: str
    low: int | None = None
    high: int | None = None
    symbols: tuple[str, ...] = ()
    """Characteristic symbols (`-`) that count as below `low` and become it."""
    of: str = "net"
    """A cap's share of the modifiers: the `net` modifier, or only the `improvements` or `worsenings`."""

    def apply(self, value: int) -> int:
        """The value within the limits."""
        if self.low is not None and value < self.low:
            return self.low
        if self.high is not None and value > self.high:
            return self.high
        return value


@dataclass(frozen=True, slots=True)
class Step:
    """The value after one stage of the order of operations."""

    stage: str
    rules: tuple[str, ...]
    value: Number


STAGES = STEPS


class Note(str):
    """A claim of the derivation that names the step it is, so the step's citation can follow it.

    Examples:
        >>> note = Note("round", "round fractions up: 5/2 -> 3")
        >>> note, note.step
        ('round fractions up: 5/2 -> 3', 'round')
    """

    step: str

    def __new__(cls, step: str, text: str) -> Note:
        note = super().__new__(cls, text)
        note.step = step
        return note


def apply_terms(
    base: Number, terms: Sequence[Term], *, lowers: bool = False, order: Sequence[str] = NEUTRAL.order
) -> tuple[Number, list[Step]]:
    """Apply terms in the order of operations (`order`: the pack's); `lowers` flips add and subtract.

    Examples:
        >>> terms = [Term("a", "/", Fraction(2)), Term("b", "+", Fraction(1))]
        >>> value, steps = apply_terms(Fraction(3), terms)
        >>> value, [s.stage for s in steps]
        (Fraction(5, 2), ['divide', 'add'])
        >>> value, steps = apply_terms(Fraction(3), terms, order=("=", "x", "+", "/", "-"))
        >>> value, [s.stage for s in steps]
        (Fraction(2, 1), ['add', 'divide'])
    """
    value = base
    steps = []
    sign = -1 if lowers else 1
    by_op: dict[str, list[Term]] = {}
    for t in terms:
        by_op.setdefault(t.op, []).append(t)
    for op in order:
        these = by_op.get(op)
        if not these:
            continue
        these.sort(key=_rule)
        for t in these:
            if op == "=":
                value = t.amount
            elif op == "x":
                value *= t.amount
                if not -MAX_INT <= value <= MAX_INT:
                    raise Unworkable(f"{t.rule} multiplies the value beyond 10^18", hint="integers stay within 10^18")
            elif op == "/":
                value = Fraction(value) / t.amount
            elif op == "+":
                value += sign * t.amount
            else:
                value -= sign * t.amount
        steps.append(Step(STAGES[op], tuple(t.rule for t in these), value))
    return value, steps


def _rule(term: Term) -> str:
    return term.rule


def round_up(value: Number) -> int:
    """Round fractions up, after all modifiers.

    Examples:
        >>> round_up(Fraction(3, 2)), round_up(Fraction(-3, 2))
        (2, -1)
    """
    return math.ceil(value)


def rounded(value: Number, way: str = "up") -> int:
    """Round a fraction left after all modifiers the way the pack says (`up` or `down`).

    Examples:
        >>> rounded(Fraction(5, 2)), rounded(Fraction(5, 2), "down"), rounded(Fraction(-5, 2), "down")
        (3, 2, -3)
    """
    return math.floor(value) if way == "down" else math.ceil(value)


def capped_terms(terms: Sequence[Term], caps: Sequence[Bound], *, better: str = "higher",
                 way: str = "up") -> tuple[list[Term], int, int, list[tuple[str, Any, Any]], list[str]]:
    """A roll's terms after its caps: (terms, net modifier before caps, after, caps that bit, notes).

    A cap `of: improvements` bounds the sum of only the modifiers that make
    the roll better for its player (`better`), one `of: worsenings` only those
    that make it worse, each before the caps of the net modifier; a share
    that a cap changes is applied as one term named by the cap.

    Examples:
        >>> terms = [Term("aura", "+", 1), Term("cover", "+", 1), Term("rend", "-", 2)]
        >>> kept, raw, net, bit, notes = capped_terms(terms, [Bound("save", None, 1, of="improvements")])
        >>> [t.change for t in kept], raw, net, bit
        (['-2', '+1'], 0, -1, [('save', 2, 1)])
        >>> notes[0]
        'the modifiers that improve the roll: aura +1, cover +1 (+2 in all); save holds them to +1'
    """
    raw_net = rounded(sum((t.signed for t in terms), Fraction(0)), way)
    clamped: list[tuple[str, Any, Any]] = []
    notes: list[str] = []
    kept = list(terms)
    net = raw_net
    if all(b.of == "net" for b in caps):  # the usual case, on every ruling of a roll: no share to hold
        for b in caps:
            new = b.apply(net)
            if new != net:
                clamped.append((b.rule, net, new))
                net = new
        return kept, raw_net, net, clamped, notes
    for share in ("improvements", "worsenings"):
        bounds = [b for b in caps if b.of == share]
        if not bounds:
            continue
        up = (share == "improvements") == (better == "higher")
        part = [t for t in kept if (t.signed > 0 if up else t.signed < 0)]
        total = rounded(sum((t.signed for t in part), Fraction(0)), way)
        held = total
        for b in bounds:
            new = b.apply(held)
            if new != held:
                clamped.append((b.rule, held, new))
                listed = ", ".join(f"{t.rule} {t.change}" for t in part)
                notes.append(f"the modifiers that {'improve' if share == 'improvements' else 'worsen'} the roll: "
                             f"{listed} ({total:+d} in all); {b.rule} holds them to {new:+d}")
                held = new
        if held != total:
            inside = {id(t) for t in part}
            kept = [t for t in kept if id(t) not in inside]
            kept += [Term(bounds[0].rule, "+" if held >= 0 else "-", abs(held))] if held else []
    net = rounded(sum((t.signed for t in kept), Fraction(0)), way)
    for b in caps:
        if b.of == "net":
            new = b.apply(net)
            if new != net:
                clamped.append((b.rule, net, new))
                net = new
    return kept, raw_net, net, clamped, notes


def score_chance(score: int, chart: dict[int, int], impossible_from: int | None) -> Fraction:
    """The chance a D6 reaches `score`, with a follow-up chart above 6.

    Examples:
        >>> score_chance(4, {}, None), score_chance(7, {7: 4}, 10), score_chance(10, {}, 10)
        (Fraction(1, 2), Fraction(1, 12), Fraction(0, 1))
    """
    if impossible_from is not None and score >= impossible_from:
        return Fraction(0)
    if score <= 6:
        return Fraction(min(6, max(0, 7 - score)), 6)
    if score in chart:
        return Fraction(1, 6) * score_chance(chart[score], {}, None)
    return Fraction(0)


def dice_chance(dice: str, net: int, target: int, modify: Callable[[int], int] | None = None) -> Fraction:
    """The exact chance that NdS plus `net` (or `modify(total)`) reaches `target`, counting every outcome.

    Examples:
        >>> dice_chance("2D6", -1, 7)
        Fraction(5, 12)
    """
    outcomes = list(product(faces(dice), repeat=dice_count(dice)))
    modify = modify or (lambda total: total + net)
    wins = sum(1 for roll in outcomes if modify(sum(roll)) >= target)
    return Fraction(wins, len(outcomes))


def dice_count(dice: str) -> int:
    """How many dice: 2 for "2D6", 1 for "D6"."""
    return int(dice.upper().partition("D")[0] or 1)


def faces(dice: str) -> range:
    """The faces of one die: 1..6 for "2D6"."""
    return range(1, int(dice.upper().partition("D")[2]) + 1)


def _num(value: Number) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The arithmetic's result for one set of counting terms."""

    value: Any
    display: str
    rank: Fraction
    """How good the outcome is for the player who controls the value (higher is better)."""
    steps: tuple[Step, ...] = ()
    clamped: tuple[tuple[str, Any, Any], ...] = ()
    modifier: int | None = None
    probability: Fraction | None = None
    then: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    """The value after each step, as claims for the derivation (characteristics)."""
    inert: tuple[str, ...] = ()
    """Rules that counted but changed nothing (e.g. modifiers to a `-` characteristic)."""
    assumes: tuple[str, ...] = ()
    """Pack assumptions (by id) the arithmetic relied on; a ruling reports those its pack declares."""

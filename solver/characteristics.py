"""Characteristics: parse their values, modify them in the pack's order, clamp them.

A characteristic has a *style* that fixes what its number means:

- `plus`: an "X+" value: improving it lowers the number before the plus
  sign, worsening raises it;
- `ap`: a penetration value written as a negative number: improving makes it
  more negative, worsening less;
- `number`: a plain number;
- `inches`: a distance, printed with `"`.

Its value is a number, a dice expression (`D6`, `D3+1`, `2D6`: the part after
the operator belongs to the value, it is not a modifier), or one of `-`, `*`,
`N/A`, which never change. Modifiers apply in the pack's order of operations
(`kb.model.Arithmetic`): set first (a set to a symbol, or to a number the pack
names in `set_ends`, ends modification), then the other operations, then
fractions are rounded; the written sign picks the step (`+1` adds, `-1`
subtracts) and the style says which way the number moves. A dice value is
modified result by result, each result rounded and clamped, so its final
value is an exact distribution. Nothing here is one game's: what a pack's
rules say about rolling a random value is the pack's own `random` note.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from kb.errors import RulingsError, Unsatisfiable
from kb.model import Quantity
from solver.arithmetic import Bound, Note, Outcome, Term, apply_terms, rounded

STYLES = ("plus", "ap", "number", "inches")
"""How a characteristic's number reads and moves (a quantity's `characteristic`)."""
SYMBOLS = ("-", "*", "N/A")
"""Values that can never be modified."""
SET_TO_ZERO = "for:set_ends"
"""The assumption a ruling relies on when a set to 0 stays 0 although a limit would lift it."""
FRACTIONS_OF_X_PLUS = "for:multiply_x_plus"
"""The assumption a ruling relies on when an X+ value or an AP is multiplied or divided."""

_DICE = re.compile(r"^\s*(?P<count>[1-9]?)D(?P<sides>3|6)\s*(?:(?P<sign>[+-])\s*(?P<plus>\d+))?\s*$", re.I)
_PLUS = re.compile(r"^\s*(?P<n>\d+)\s*\+\s*$")
_NUMBER = re.compile(r'^\s*(?P<n>[+-]?\d+)\s*(?:"|in|inch|inches)?\s*$')


@dataclass(frozen=True, slots=True)
class Dice:
    """A dice expression such as `D3+1`: `count` dice of `sides`, plus `plus`.

    Examples:
        >>> d = Dice(1, 3, 1)
        >>> str(d), d.distribution()
        ('D3+1', {2: Fraction(1, 3), 3: Fraction(1, 3), 4: Fraction(1, 3)})
    """

    count: int
    sides: int
    plus: int = 0

    def __str__(self) -> str:
        count = str(self.count) if self.count > 1 else ""
        plus = f"{self.plus:+d}" if self.plus else ""
        return f"{count}D{self.sides}{plus}"

    def distribution(self) -> dict[int, Fraction]:
        """Every total the dice can show, with its exact chance."""
        totals = {0: Fraction(1)}
        for _ in range(self.count):
            step: dict[int, Fraction] = {}
            for total, p in totals.items():
                for face in range(1, self.sides + 1):
                    step[total + face] = step.get(total + face, Fraction(0)) + p / self.sides
            totals = step
        return {total + self.plus: p for total, p in sorted(totals.items())}


@dataclass(frozen=True, slots=True)
class Value:
    """A characteristic's value: a number, a dice expression, or a symbol that never changes."""

    number: Fraction | None = None
    dice: Dice | None = None
    symbol: str = ""


@dataclass(frozen=True, slots=True)
class SetTerm(Term):
    """A set effect written as a characteristic value ("=3+", "=-", "=D6"), kept as written."""

    text: str = ""

    @property
    def change(self) -> str:
        """The change as written, e.g. "=3+".

        Examples:
            >>> SetTerm("Weakened", "=", Fraction(0), "-").change
            '=-'
        """
        return f"={self.text}"


def set_term(rule: str, text: str) -> SetTerm:
    """The term of a set effect whose value is written as a characteristic value.

    Examples:
        >>> set_term("Lucky", "3+").amount, set_term("Lucky", "3+").change
        (Fraction(3, 1), '=3+')
    """
    text = text.strip()
    plus = _PLUS.match(text)
    number = _NUMBER.match(text)
    found = plus or number
    amount = Fraction(int(found.group("n"))) if found else Fraction(0)
    return SetTerm(rule, "=", amount, text)


def parse_value(raw: Any, style: str, name: str = "the characteristic") -> Value:
    """Read a characteristic value written as a player writes it.

    Examples:
        >>> parse_value("3+", "plus"), parse_value(-2, "ap").number, parse_value('6"', "inches").number
        (Value(number=Fraction(3, 1), dice=None, symbol=''), Fraction(-2, 1), Fraction(6, 1))
        >>> str(parse_value("D6+1", "number").dice), parse_value("N/A", "number").symbol
        ('D6+1', 'N/A')
    """
    if isinstance(raw, bool) or raw is None:
        raise _bad(raw, style, name)
    if isinstance(raw, int):
        if style == "plus":
            raise _bad(raw, style, name)
        return Value(Fraction(raw))
    text = str(raw).strip()
    if text.upper() in ("N/A", "NA"):
        return Value(symbol="N/A")
    if text in SYMBOLS:
        return Value(symbol=text)
    if (m := _DICE.match(text.rstrip('"'))) and style != "plus":
        plus = int(m.group("plus") or 0) * (-1 if m.group("sign") == "-" else 1)
        return Value(dice=Dice(int(m.group("count") or 1), int(m.group("sides")), plus))
    if style == "plus":
        if m := _PLUS.match(text):
            return Value(Fraction(int(m.group("n"))))
        raise _bad(raw, style, name)
    if (m := _NUMBER.match(text)) and (style == "inches" or '"' not in text):
        return Value(Fraction(int(m.group("n"))))
    raise _bad(raw, style, name)


def _bad(raw: Any, style: str, name: str) -> RulingsError:
    want = {"plus": 'a value like "3+"', "ap": "a number like -2 or 0", "number": "a number like 4",
            "inches": 'a distance like 6 or "6\\""'}[style]
    return RulingsError(f"{name}: {raw!r} is not a characteristic value",
                        hint=f"write {want}, a dice expression like D6+1 (not for X+ values), "
                             "or one of -, *, N/A")


def show(number: Fraction | int, style: str) -> Any:
    """The value as a ruling reports it: "2+" for X+, else a number (a fraction only mid-way).

    Examples:
        >>> show(Fraction(2), "plus"), show(Fraction(-3), "ap"), show(Fraction(5, 2), "number")
        ('2+', -3, '5/2')
    """
    n = number if isinstance(number, Fraction) else Fraction(number)  # no copy: shown for every step of a ruling
    text: Any = n.numerator if n.denominator == 1 else f"{n.numerator}/{n.denominator}"
    return f"{text}+" if style == "plus" else text


def display(number: Fraction | int, style: str) -> str:
    """The value as a player writes it.

    Examples:
        >>> display(Fraction(8), "inches"), display(Fraction(4), "plus")
        ('8"', '4+')
    """
    text = str(show(number, style))
    return f'{text}"' if style == "inches" else text


def unsettled_sets(terms: Sequence[Term]) -> None:
    """Refuse two set effects to different values with nothing ordering them.

    Listing order never decides a ruling, so this is an error naming both.

    Examples:
        >>> unsettled_sets([Term("a", "=", Fraction(3)), Term("b", "=", Fraction(3))])
        >>> unsettled_sets([Term("a", "=", Fraction(3)), set_term("b", "-")])
        Traceback (most recent call last):
        kb.errors.Unsatisfiable: set effects a (=3) and b (=-) set one value to different values, ...
    """
    sets = sorted((t for t in terms if t.op == "="), key=lambda t: t.rule)
    for other in sets[1:]:
        if _set_text(other) != _set_text(sets[0]):
            first = sets[0]
            raise Unsatisfiable(
                f"set effects {_named(first)} and {_named(other)} set one value to "
                "different values, and nothing in the pack orders them",
                hint="listing order never decides a ruling: drop one of them, or add an override policy")


def _set_text(t: Term) -> str:
    return t.text if isinstance(t, SetTerm) and not _PLUS.match(t.text) and not _NUMBER.match(t.text) \
        else str(t.amount)


def characteristic(q: Quantity, base: Any, terms: Sequence[Term], clamps: Sequence[Bound]) -> Outcome:
    """Modify a characteristic's `base` by `terms` and clamp it, recording each step.

    Examples:
        >>> from kb.errors import Span
        >>> a = Quantity("A", "characteristic", "Attacks", Span("p"), characteristic="number")
        >>> o = characteristic(a, 4, [Term("x", "/", Fraction(2)), Term("y", "+", Fraction(1))], [])
        >>> o.value, [n.split(":")[0] for n in o.notes]
        (3, ['start', 'divide', 'add'])
    """
    style = style_of(q)
    arithmetic = q.arithmetic
    unsettled_sets(terms)
    value = parse_value(base, style, q.name)
    notes = [f"start: {q.name} {_text(value, style)}"]
    sets = [t for t in terms if t.op == "="]
    rest = [t for t in terms if t.op != "="]
    if value.symbol:
        notes.append(Note("unmodifiable", f"{q.name} is {value.symbol!r}: it can never be modified"))
        return _symbol_limit(q, value.symbol, clamps, notes, terms) or _fixed(value.symbol, notes, terms)
    if sets:
        value = _set(sets[0], style, q.name)
        notes.append(Note("set", f"set: {', '.join(map(_named, sets))} -> {_text(value, style)}"))
        if value.symbol or (value.number == 0 and 0 in arithmetic.set_ends):
            shown = value.symbol or "0"
            notes.append(Note("set_ends", f"a set to {shown!r} ends modification: the other steps are skipped"))
            if value.symbol:
                return _symbol_limit(q, value.symbol, clamps, notes, rest) or _fixed(shown, notes, rest)
            limited = _symbol_limit(q, "0", clamps, notes, rest)  # a limit that names a set to 0 lifts it
            if limited is not None:
                return limited
            lifted = [b.rule for b in clamps if b.apply(0) != 0]  # a limit would lift it: it stays 0 by assumption
            if lifted:
                notes.append(Note("set_ends", f"{', '.join(lifted)} would not let it be 0, but a set to '0' is final"))
            return replace(_final(q, Fraction(0), notes, rest, []), assumes=(SET_TO_ZERO,) if lifted else ())
        if value.number is not None and value.number in arithmetic.set_ends:
            shown = show(value.number, style)
            notes.append(Note("set_ends", f"a set to {shown!r} ends modification: the other steps are skipped"))
            return _final(q, value.number, notes, rest, [])
    lowers = style in ("plus", "ap")
    # multiplying or dividing an X+ value or an AP acts on its number: an assumption the ruling reports
    assumes = (FRACTIONS_OF_X_PLUS,) if lowers and any(t.op in "x/" for t in rest) else ()
    if value.dice is not None:
        return replace(_dice(q, value.dice, rest, clamps, notes, lowers=lowers), assumes=assumes)
    assert value.number is not None
    raw, steps = apply_terms(value.number, rest, lowers=lowers, order=arithmetic.order)
    by_rule = {t.rule: t for t in rest}
    for s in steps:
        changes = ", ".join(_named(by_rule[r]) for r in s.rules)
        notes.append(Note(s.stage, f"{_stage(s.stage, style)}: {changes} -> {show(s.value, style)}"))
    way = arithmetic.round
    if raw.denominator != 1:
        notes.append(Note("round", f"round fractions {way}: {show(raw, style)} -> {show(rounded(raw, way), style)}"))
    clamped: list[tuple[str, Any, Any]] = []
    number = Fraction(rounded(raw, way))
    for b in clamps:
        new = Fraction(b.apply(int(number)))
        if new != number:
            clamped.append((b.rule, show(number, style), show(new, style)))
            number = new
    return replace(_final(q, number, notes, [], clamped), assumes=assumes)


BASES = {
    "plus": ("2+", "3+", "4+", "5+", "6+"), "ap": (0, -1, -2, -3), "number": (0, 1, 2, 3, 4, 6, 10),
    "inches": (1, 3, 6, 12), "dice": ("D6",),
}
"""Bases a search tries for a characteristic the pack takes from the situation: every clamp edge of the seed's
values, the most usual first."""


def searched_bases(q: Quantity) -> tuple[Any, ...]:
    """The bases a search tries for `q`, a characteristic whose base the situation gives.

    Examples:
        >>> from kb.errors import Span
        >>> searched_bases(Quantity("AP", "characteristic", "", Span("p"), characteristic="ap"))
        (0, -1, -2, -3)
    """
    return BASES.get(style_of(q), (1,))


def style_of(q: Quantity) -> str:
    """The style of `q`'s characteristic (`number` when the pack names none).

    Examples:
        >>> from kb.errors import Span
        >>> def of(c: str) -> str:
        ...     return style_of(Quantity("x", "characteristic", "", Span("p"), characteristic=c))
        >>> of("plus"), of("inches")
        ('plus', 'inches')
    """
    style = q.characteristic or "number"
    if style not in STYLES:
        raise RulingsError(f"{q.name}: unknown characteristic style {style!r}", hint="one of " + ", ".join(STYLES))
    return style


def _stage(stage: str, style: str) -> str:
    if style in ("plus", "ap") and stage in ("add", "subtract"):
        return f"{stage} ({'improve' if stage == 'add' else 'worsen'})"
    return stage


def _named(t: Term) -> str:
    """An effect as the derivation names it: "Aura (+1)", or just "+1" for an unnamed ad-hoc effect."""
    return t.change if t.rule.split("#")[0] == t.change else f"{t.rule} ({t.change})"


def _set(t: Term, style: str, name: str) -> Value:
    if isinstance(t, SetTerm):
        return parse_value(t.text, style, f"{name} (set by {t.rule})")
    return Value(Fraction(t.amount))


def _text(value: Value, style: str) -> str:
    if value.symbol:
        return value.symbol
    if value.dice is not None:
        return str(value.dice) + ('"' if style == "inches" else "")
    assert value.number is not None
    return display(value.number, style)


def _rank(q: Quantity, number: Fraction) -> Fraction:
    return number if q.better == "higher" else -number


def _symbol_limit(q: Quantity, symbol: str, clamps: Sequence[Bound], notes: list[str],
                  inert: Sequence[Term]) -> Outcome | None:
    """A limit that names the symbol ("OC cannot be less than 0 or '-'") turns it into the limit's minimum; one
    that names "0" does so for a characteristic a rule set to 0 (a set to 0 is otherwise final)."""
    for b in clamps:
        if symbol in b.symbols and b.low is not None:
            notes.append(f"{b.rule} cannot be {symbol!r} after all modifiers: {symbol!r} becomes {b.low}")
            return _final(q, Fraction(b.low), notes, inert, [(b.rule, symbol, show(b.low, style_of(q)))])
    return None


def _fixed(symbol: str, notes: list[str], inert: Sequence[Term]) -> Outcome:
    if inert:
        notes.append("no effect: " + ", ".join(map(_named, inert)))
    return Outcome(symbol, symbol, Fraction(0), notes=tuple(notes), inert=tuple(t.rule for t in inert))


def _final(q: Quantity, number: Fraction, notes: list[str], inert: Sequence[Term],
           clamped: list[tuple[str, Any, Any]]) -> Outcome:
    style = style_of(q)
    if inert:
        notes.append("no effect: " + ", ".join(map(_named, inert)))
    return Outcome(show(number, style), display(number, style), _rank(q, number), clamped=tuple(clamped),
                   notes=tuple(notes), inert=tuple(t.rule for t in inert))


def random_notes(q: Quantity, dice: Dice) -> list[str]:
    """What the derivation says about a characteristic whose value is dice: the +N belongs to the value, and
    what the pack's rule text says about rolling it (its `random` note: the engine says nothing of its own).

    Examples:
        >>> from kb.errors import Span
        >>> from kb.model import Remark
        >>> d = Quantity("D", "characteristic", "", Span("p"), random=Remark("rolled for each wound"))
        >>> random_notes(d, Dice(1, 6, 1))
        ['D6+1: the +1 is part of the D characteristic, not a modifier', 'rolled for each wound']
    """
    notes: list[str] = []
    if dice.plus:
        notes.append(Note("dice", f"{dice}: the {dice.plus:+d} is part of the {q.name} characteristic, "
                                  "not a modifier"))
    if q.random is not None:
        notes.append(Note("random", q.random.text))
    return notes


def group_weapons(q: Quantity, outs: Sequence[Outcome], weapons: int | tuple[Any, ...]) -> Outcome:
    """Several weapons each with this value (a quantity with `weapons: true`), `outs` each weapon's: each weapon's
    value is rolled on its own (modified and clamped on its own), then they are added up: the exact distribution of
    the total. Identical weapons (`weapons` a number) keep the one weapon's ruling beside the total; weapons of
    different values (`weapons` their values) rule on the total alone.

    Examples:
        >>> from kb.errors import Span
        >>> a = Quantity("A", "characteristic", "Attacks", Span("p"), characteristic="number", weapons=True)
        >>> o = group_weapons(a, [characteristic(a, "D3", [], [])] * 2, 2)
        >>> o.extra["total"]["distribution"]["2"], o.extra["total"]["mean"]
        ('1/9', '4')
        >>> o = group_weapons(a, [characteristic(a, b, [], []) for b in ("D3", 2)], ("D3", 2))
        >>> o.value, o.display, o.extra["total"]["mean"]
        (None, 'D3 + 2: 3 (1/3), 4 (1/3), 5 (1/3)', '4')
    """
    shown_weapons = list(weapons) if isinstance(weapons, tuple) else weapons
    if not q.weapons:
        raise RulingsError(f"weapons: {shown_weapons} is for a quantity that several weapons each roll, "
                           f"not {q.name}",
                           hint=f"give weapons: only when asking such a quantity (weapons: true in the pack); "
                                f"{q.name} has no weapons: true")
    if isinstance(weapons, bool) or not 1 <= (len(weapons) if isinstance(weapons, tuple) else weapons) <= 30:
        raise RulingsError(f"weapons: {shown_weapons!r} must be a number of weapons from 1 to 30")
    ones = [_chances(out) for out in outs]
    if any(one is None for one in ones):
        odd = next(out for out, one in zip(outs, ones, strict=True) if one is None)
        if isinstance(weapons, tuple):
            raise RulingsError(f"weapons: {shown_weapons}: {q.name} {odd.value!r} is no number to add up",
                               hint=f"list only weapons whose {q.name} is a number or dice")
        return replace(outs[0], notes=(*outs[0].notes, f"weapons {shown_weapons}: {q.name} {odd.value!r} is no "
                                                       f"number to add up"))
    total = {0: Fraction(1)}
    for one in ones:
        step: dict[int, Fraction] = {}
        for have, p in total.items():
            for v, pv in (one or {}).items():
                step[have + v] = step.get(have + v, Fraction(0)) + p * pv
        total = step
    ordered = dict(sorted(total.items()))
    mean = sum((v * p for v, p in ordered.items()), Fraction(0))
    shown = ", ".join(f"{v} ({_frac(p)})" for v, p in ordered.items())
    chances = {"distribution": {str(v): _frac(p) for v, p in ordered.items()}, "mean": _frac(mean)}
    if not isinstance(weapons, tuple):
        note = Note("weapons", f"{weapons} identical weapons, each weapon's {q.name} rolled on its own, then added "
                               f"up: total {shown}; mean {_frac(mean)}")
        return replace(outs[0], notes=(*outs[0].notes, note),
                       extra={**outs[0].extra, "weapons": weapons, "total": chances})
    note = Note("weapons", f"{len(weapons)} weapons, each weapon's {q.name} rolled on its own, then added up: "
                           f"total {shown}; mean {_frac(mean)}")
    fixed = len(ordered) == 1
    steps = dict.fromkeys(n for out in outs for n in out.notes if not n.startswith("start:"))
    return replace(outs[0], value=next(iter(ordered)) if fixed else None,
                   display=f"{' + '.join(str(next(iter(one or {}))) for one in ones)} = {next(iter(ordered))}"
                   if fixed else f"{' + '.join(map(_written_as, outs))}: {shown}",
                   rank=mean, clamped=tuple(dict.fromkeys(c for out in outs for c in out.clamped)),
                   notes=(f"start: {q.name} {', '.join(map(str, weapons))}", *steps, note),
                   extra={**({} if fixed else chances), "weapons": list(weapons), "total": chances})


def _written_as(out: Outcome) -> str:
    """How a weapon's value is written among others: `D3`, `2`, `(D6 +1)`."""
    written = out.display.partition(":")[0]
    return f"({written})" if " " in written else written


def _chances(out: Outcome) -> dict[int, Fraction] | None:
    """A characteristic's outcome as chances of each number, or None when it is no number (a '-')."""
    if "distribution" in out.extra:
        return {int(v): Fraction(p) for v, p in out.extra["distribution"].items()}
    return {int(out.value): Fraction(1)} if isinstance(out.value, int) and not isinstance(out.value, bool) else None


def _dice(q: Quantity, dice: Dice, terms: Sequence[Term], clamps: Sequence[Bound], notes: list[str], *,
          lowers: bool) -> Outcome:
    style = style_of(q)
    notes.extend(random_notes(q, dice))
    out: dict[int, Fraction] = {}
    worst: dict[str, tuple[int, int]] = {}
    order, way = q.arithmetic.order, q.arithmetic.round
    for result, p in dice.distribution().items():
        number = rounded(apply_terms(Fraction(result), terms, lowers=lowers, order=order)[0], way)
        for b in clamps:
            new = b.apply(number)
            if new != number:
                seen = worst.get(b.rule)
                if seen is None or abs(number - new) > abs(seen[0] - seen[1]):
                    worst[b.rule] = (number, new)
                number = new
        out[number] = out.get(number, Fraction(0)) + p
    ordered = dict(sorted(out.items()))
    written = _written(str(dice), [t.change for t in _in_order(terms, order)])
    chances = ", ".join(f"{display(Fraction(v), style)} ({_frac(p)})" for v, p in ordered.items())
    changes = " ".join(t.change for t in _in_order(terms, order)) or "nothing"
    notes.append(f"each result of {dice} modified by {changes}, "
                 f"rounded {way} and clamped: {chances}")
    mean = sum((v * p for v, p in ordered.items()), Fraction(0))
    clamped = tuple((rule, a, b) for rule, (a, b) in worst.items())
    extra = {"distribution": {str(v): _frac(p) for v, p in ordered.items()}, "mean": _frac(mean)}
    return Outcome(written + ('"' if style == "inches" else ""), f"{written}: {chances}", _rank(q, mean),
                   clamped=clamped, extra=extra, notes=tuple(notes))


def _written(dice: str, changes: Sequence[str]) -> str:
    """A dice value and its changes in the order they apply, read left to right: what comes before a multiply or a
    divide is bracketed when it adds or subtracts, so no one reads the usual precedence into it.

    Examples:
        >>> _written("D3+1", ["x2", "-1"]), _written("D6", ["x2", "+1"]), _written("D6", ["+1", "/2"])
        ('(D3+1) x2 -1', 'D6 x2 +1', '(D6 +1) /2')
    """
    text = dice
    for change in changes:
        sums = any(c in text.lstrip("(")[1:] for c in "+-")
        text = f"({text}) {change}" if change[0] in "x/" and sums else f"{text} {change}"
    return text


def _in_order(terms: Sequence[Term], order: Sequence[str]) -> list[Term]:
    place = {op: i for i, op in enumerate(order)}
    return sorted(terms, key=lambda t: (place[t.op], t.rule))


def _frac(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"

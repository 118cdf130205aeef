"""The pieces of a rule pack, as small immutable values.

Each carries `where` (a `Span`) so every later message can point back at the
pack text. The loader (`kb.loader`) builds them; nothing else does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from kb.errors import Span
from kb.expr import Expr, FactType

OPS = ("=", "x", "+", "/", "-")
"""The operations a change may have: set, multiply, add, divide, subtract."""
STEPS = {"=": "set", "x": "multiply", "+": "add", "/": "divide", "-": "subtract"}
"""Each operation's step, as a pack's `arithmetic: {order: [...]}` names it."""


@cache
def _citation_text(source: str, paragraph: int | str | None, quote: str) -> str:
    where = f"{source} ¶{paragraph}" if paragraph is not None else source
    return f'{where}: "{quote}"' if quote else where


@dataclass(frozen=True, slots=True)
class Citation:
    """The rule text a pack entry encodes."""

    source: str
    paragraph: int | str | None = None
    quote: str = ""

    def __str__(self) -> str:
        return _citation_text(self.source, self.paragraph, self.quote)


@dataclass(frozen=True, slots=True)
class Remark:
    """A sentence a pack says at one step of a ruling (how a random value is rolled), with its citation."""

    text: str
    cite: Citation | None = None


@dataclass(frozen=True, slots=True)
class Arithmetic:
    """The order of operations a pack declares (`arithmetic:`), or the engine's neutral one.

    Without a declaration operations apply as in ordinary arithmetic: set,
    then multiply and divide, then add and subtract, fractions rounded up at
    the end; a characteristic set to a number is modified further like any
    other value.
    """

    order: tuple[str, ...] = ("=", "x", "/", "+", "-")
    """The operations in the order they apply (`OPS` symbols), set first."""
    round: str = "up"
    """How a fraction left after every step is rounded: `up` or `down`."""
    set_ends: tuple[int, ...] = ()
    """Numbers a rule may set a characteristic to that end its modification (wh40k: 0)."""
    cite: Citation | None = None
    """Where the rule text gives the order (cited by the steps a quantity does not cite itself)."""


NEUTRAL = Arithmetic()
"""The order of operations of a pack that declares none."""


@dataclass(frozen=True, slots=True)
class Assumption:
    """A decision the pack makes where its rule text is silent."""

    name: str
    text: str
    reason: str
    where: Span
    framing: bool = False
    """How every situation is read (the moment it describes): it frames each ruling rather than deciding one,
    so the full derivation lists it and the short text does not."""
    stands_for: str = ""
    """The engine's decision it stands behind (`for:`): `set_ends`, `multiply_x_plus` or `dice_to_reroll`; a ruling
    that makes that decision relies on it."""


@dataclass(frozen=True, slots=True)
class Fact:
    """A named value describing a situation; derived when `derive` is set."""

    name: str
    type: FactType
    text: str
    where: Span
    range: tuple[int, int] | None = None
    default: Any = None
    derive: Expr | None = None
    cite: Citation | None = None
    typical: int | None = None
    """An int fact's value a player would recognise, which searches try first (see docs/searching.md)."""
    value_text: tuple[tuple[str, str], ...] = ()
    """An enum fact's values as a player reads them (`values: {two_hits: two hits}`); JSON keeps the names."""

    def shown(self, value: Any) -> str:
        """A value as a player reads it: an enum value's display text where the pack gives one.

        Examples:
            >>> from kb.errors import Span
            >>> f = Fact("a.r", FactType("enum", ("two_hits", "miss")), "", Span("p"),
            ...          value_text=(("two_hits", "two hits"),))
            >>> f.shown("two_hits"), f.shown("miss")
            ('two hits', 'miss')
        """
        if self.value_text and isinstance(value, str):
            for name, text in self.value_text:
                if name == value:
                    return text
        return str(value)

    @property
    def domain(self) -> Sequence[Any]:
        """Every value the fact can take, lazily for ints (keywords facts have no finite domain)."""
        if self.type.kind == "bool":
            return (False, True)
        if self.type.kind == "enum":
            return self.type.values
        if self.type.kind == "int" and self.range:
            return range(self.range[0], self.range[1] + 1)
        return ()

    def describe(self, value: Any) -> str:
        """The fact's text for a value, e.g. 'the shooter moved this turn: no'."""
        if self.type.kind == "bool":
            return f"{self.text}: {'yes' if value else 'no'}" if "{value}" not in self.text else self.text
        shown = self.shown(value)
        return self.text.replace("{value}", shown) if "{value}" in self.text else f"{self.text}: {shown}"


@dataclass(frozen=True, slots=True)
class Always:
    """An unmodified result of a roll that always fails or always passes, whatever the modifiers."""

    unmodified: int
    passes: bool
    assumption: str | None = None
    cite: Citation | None = None


@dataclass(frozen=True, slots=True)
class Reroll:
    """A pack rule that grants a re-roll of a roll when its condition holds.

    An improved rule (`improves`) needs the improved-on rule's condition as
    well as its own, and replaces its re-roll (`instead`) or adds to it.
    """

    name: str
    reroll: str
    when: Expr
    where: Span = field(compare=False, repr=False)
    """Where the rule is written (not part of what the rule is: an errata elsewhere may restate it)."""
    improves: str | None = None
    instead: bool = True
    text: str = ""
    cite: Citation | None = None


@dataclass(frozen=True, slots=True)
class Quantity:
    """What a query asks for, and the arithmetic its kind fixes."""

    name: str
    kind: str
    text: str
    where: Span
    base: Expr | None = None
    plus: str = "raises"
    chart: tuple[tuple[int, int], ...] = ()
    impossible_from: int | None = None
    automatic: Expr | None = None
    dice: str = "D6"
    passes: Expr | None = None
    characteristic: str | None = None
    effects: bool = False
    better: str = "higher"
    chart_assumption: str | None = None
    assumptions: tuple[str, ...] = ()
    cite: Citation | None = None
    always: tuple[Always, ...] = ()
    rerolls: tuple[Reroll, ...] = ()
    """The pack's rules that grant re-rolls of this roll (`roll`, `total`)."""
    """Unmodified results (after re-rolls, before modifiers) that always fail or pass (`roll`, `total`)."""
    cites: tuple[tuple[str, Citation], ...] = ()
    """Citations of single steps (`base`, `chart`, `impossible_from`, `automatic`), where the rule text
    says them in another place than the quantity's own `cite`."""
    random: Remark | None = None
    """What the rule text says about rolling a characteristic whose value is dice (the pack's words)."""
    weapons: bool = False
    """Whether a situation may give `weapons: N`: N identical weapons each roll this value, then added up."""
    arithmetic: Arithmetic = NEUTRAL
    """The pack's order of operations (the loader gives every quantity its pack's)."""

    def step_cite(self, step: str) -> Citation | None:
        """The citation written for one step, if any (`cite` stays the quantity's own); the random note's own,
        and the pack's order of operations for an operation's step the quantity does not cite itself."""
        cite = dict(self.cites).get(step)
        if cite is None and step == "random" and self.random is not None:
            return self.random.cite
        if cite is None and (step in STEPS.values() or step in ("round", "set_ends")):
            return self.arithmetic.cite
        return cite


@dataclass(frozen=True, slots=True)
class Modifier:
    """A rule that changes a quantity when its condition holds."""

    name: str
    quantities: tuple[str, ...]
    op: str
    amount: Expr
    when: Expr
    where: Span
    per: Expr | None = None
    under: tuple[tuple[str, str], ...] = ()
    text: str = ""
    assumptions: tuple[str, ...] = ()
    cite: Citation | None = None
    adhoc: bool = False


@dataclass(frozen=True, slots=True)
class Policy:
    """A constraint that settles conflicts or bounds a result.

    kinds: `exclusive` (at most one of `rules` counts; `keep` says which),
    `override` (`rule` suppresses `over`), `clamp` (the final value within
    `min`..`max`), `cap` (the net modifier within `min`..`max`), `choice`
    (the chooser may ignore any of the quantity's modifiers when `when` holds).
    """

    name: str
    kind: str
    where: Span
    rules: tuple[str, ...] = ()
    keep: str = "first"
    rule: str | None = None
    over: tuple[str, ...] = ()
    quantities: tuple[str, ...] = ()
    min: Expr | None = None
    max: Expr | None = None
    when: Expr | None = None
    under: tuple[tuple[str, str], ...] = ()
    chooser: str = "the controlling player"
    label: str = ""
    text: str = ""
    assumption: str | None = None
    cite: Citation | None = None
    symbols: tuple[str, ...] = ()
    """A clamp's symbols (`-`, `*`, `N/A`) that are below its `min` and become it ("OC cannot be ... '-'")."""
    of: str = "net"
    """What a cap bounds: the `net` modifier, or the sum of only the modifiers that improve the roll
    (`improvements`) or only those that worsen it (`worsenings`)."""

    @property
    def members(self) -> tuple[str, ...]:
        """Every rule the policy names: its group, or the overriding rule and those it overrides."""
        return (*self.rules, *([self.rule] if self.rule else []), *self.over)


@dataclass(frozen=True, slots=True)
class Constraint:
    """A domain constraint between facts: situations that break it cannot happen."""

    name: str
    require: Expr
    where: Span
    text: str = ""
    cite: Citation | None = None


RULING_FIELDS: dict[str, FactType] = {
    "value": FactType("int"), "modifier": FactType("int"), "impossible": FactType("bool"),
    "automatic": FactType("bool"), "probability": FactType("int"), "then": FactType("int"),
    "applied": FactType("keywords"), "suppressed": FactType("keywords"), "ignored": FactType("keywords"),
    "clamped": FactType("keywords"), "assumptions": FactType("keywords"), "display": FactType("str"),
}
"""What an expression about a ruling reads (a limit's `holds`, `find --where`).

`probability` is in percent, rounded down; the sets of rule ids compare with `in`.
"""


@dataclass(frozen=True, slots=True)
class Limit:
    """A bound the rule text states for every ruling of some quantities, which `check` proves or breaks.

    "Hit rolls and wound rolls can never be modified by more than -1 or +1" is
    `quantity: [hit_roll, wound_roll]`, `holds: -1 <= modifier <= 1`.
    """

    name: str
    quantities: tuple[str, ...]
    holds: Expr
    where: Span
    text: str = ""
    cite: Citation | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """What a die that passes a step does when its result is one of `on` ("a critical hit: an unmodified 6").

    `extra` more dice pass the step with it (extra hits); the die skips the later steps named in `skip`
    (passes them without a roll: "automatically wounds", "no save roll is made"); its damage becomes
    `damage` and, with `carry_over`, carries over to the next model.
    """

    name: str
    on: tuple[int, ...]
    where: Span
    result: str = "unmodified"
    """Whether `on` reads the unmodified result (after re-rolls, before modifiers) or the modified one."""
    when: Expr | None = None
    extra: Expr | None = None
    skip: tuple[str, ...] = ()
    damage: Expr | None = None
    carry_over: bool = False
    text: str = ""
    cite: Citation | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One roll of a sequence: a roll quantity rolled once per die that reaches it."""

    name: str
    roll: str
    where: Span
    target: Expr | None = None
    """What the roll must reach; without it the situation gives it (`sequence: {hit: {target: 3}}`)."""
    keep: str = "passes"
    """Which dice go on: those that pass (a hit roll) or those that fail (a save: a saved attack ends)."""
    modified: bool = True
    """False: a roll that is never modified (a ward): no modifier, re-roll or always entry applies."""
    passes: str = ""
    """What the dice that go on are called, for the text ("hits", "unsaved wounds")."""
    events: tuple[Event, ...] = ()
    text: str = ""
    cite: Citation | None = None


@dataclass(frozen=True, slots=True)
class RollSequence:
    """A whole attack: dice in, a roll per die at each step, then damage allocated to models."""

    name: str
    where: Span
    steps: tuple[Step, ...]
    text: str = ""
    attacks: str | None = None
    """The characteristic quantity that gives the number of dice (A); else the situation's `attacks`."""
    damage: str | None = None
    """The characteristic quantity that gives each attack's damage (D); else the situation's `damage`."""
    each_point: Step | None = None
    """A roll for each point of damage (feel no pain): a point goes on when the roll keeps it."""
    models: Expr | None = None
    wounds: Expr | None = None
    carry_over: bool = False
    """Whether excess damage carries over to the next model (else it is lost)."""
    assumptions: tuple[str, ...] = ()
    cite: Citation | None = None

    @property
    def rolls(self) -> tuple[Step, ...]:
        """Every step, the roll for each point of damage last."""
        return (*self.steps, self.each_point) if self.each_point is not None else self.steps

    def uses(self) -> set[str]:
        """The quantities the sequence rolls or counts with (its steps' rolls, its attacks and damage)."""
        return {s.roll for s in self.rolls} | {q for q in (self.attacks, self.damage) if q is not None}

    def expressions(self) -> list[Expr]:
        """Its own expressions: each step's target, its events' conditions, extra dice and damage, its models
        and wounds."""
        exprs: list[Expr | None] = [self.models, self.wounds]
        for step in self.rolls:
            exprs.append(step.target)
            exprs += [x for e in step.events for x in (e.when, e.extra, e.damage)]
        return [x for x in exprs if x is not None]

    def reads(self) -> set[str]:
        """The facts its own expressions read."""
        return {name for x in self.expressions() for name in x.names}


READING = "reading."
"""How an expression names a reading, as a fact: `reading.NAME == 'OPTION'` holds when a ruling follows OPTION."""


@dataclass(frozen=True, slots=True)
class Reading:
    """One ambiguous sentence and the ways it can honestly be read."""

    name: str
    sentence: str
    options: tuple[tuple[str, str], ...]
    default: str
    where: Span
    cite: Citation | None = None
    decides: str = ""
    """What the reading settles besides the rules tied to it with `under`: `non_reach` (keyword phrases)."""


@dataclass(frozen=True, slots=True)
class Example:
    """A situation and the ruling the pack's text says it gets."""

    name: str
    quantity: str
    situation: dict[str, Any]
    expect: dict[str, Any]
    where: Span
    quote: str = ""
    faq: str = ""
    """The question in a player's words, for an example the pack wants its FAQ to ask."""
    topic: str = ""
    """The FAQ topic the question goes under."""


@dataclass(frozen=True, slots=True)
class Pack:
    """A loaded rule pack."""

    name: str
    title: str
    path: str
    facts: dict[str, Fact]
    quantities: dict[str, Quantity]
    modifiers: dict[str, Modifier]
    policies: dict[str, Policy]
    constraints: dict[str, Constraint] = field(default_factory=dict)
    readings: dict[str, Reading] = field(default_factory=dict)
    assumptions: dict[str, Assumption] = field(default_factory=dict)
    examples: tuple[Example, ...] = ()
    sources: dict[str, dict[str, Any]] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    sequences: dict[str, RollSequence] = field(default_factory=dict)
    """Whole attacks: steps of rolls and what their results feed (see docs/sequences.md)."""
    limits: dict[str, Limit] = field(default_factory=dict)
    """Bounds the rule text states for every ruling (`check` proves each, or shows the rule that breaks it)."""
    plurals: tuple[tuple[str, str], ...] = ()
    """Irregular plural keywords the pack declares, as (singular, plural) pairs: ("SPACE WOLF", "SPACE WOLVES")."""
    order: tuple[str, ...] = ()
    """Derived facts in the order they can be computed (from the dependency graph)."""
    row_cites: dict[str, tuple[tuple[Expr, Citation], ...]] = field(default_factory=dict)
    """Lookup tables' rows that cite their own sentence: by the table's expression text, each row's condition."""
    arithmetic: Arithmetic = NEUTRAL
    """The order of operations the pack declares (`arithmetic:`), or the engine's neutral one."""

    index: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False, repr=False)
    """Per-quantity lookups, filled on first use (a ruling asks them every time)."""

    def modifiers_of(self, quantity: str) -> tuple[Modifier, ...]:
        """The pack's modifiers that change `quantity`, in pack order."""
        key = ("modifiers", quantity)
        if key not in self.index:  # every quantity's at once: one pass over the rules, not one per quantity
            each: dict[str, list[Modifier]] = {q: [] for q in self.quantities}
            for m in self.modifiers.values():
                for q in dict.fromkeys(m.quantities):
                    each.setdefault(q, []).append(m)
            for q, mods in each.items():
                self.index.setdefault(("modifiers", q), tuple(mods))
            self.index.setdefault(key, ())
        return self.index[key]

    def relied_on(self, assumed: str) -> str | None:
        """The pack's assumption behind `assumed`: a name the pack declares, or `for:DECISION` (an engine decision,
        `decision`) turned into the name of the assumption the pack declares `for:` it; None where it declares none.
        """
        if assumed.startswith("for:"):
            return next((a.name for a in self.assumptions.values() if a.stands_for == assumed[4:]), None)
        return assumed if assumed in self.assumptions else None

    def policies_of(self, quantity: str, kind: str | None = None) -> tuple[Policy, ...]:
        """Policies (of a kind, or all) that bear on `quantity`, in pack order."""
        key = ("policies", quantity)
        if key not in self.index:
            names = {m.name for m in self.modifiers_of(quantity)}
            self.index[key] = tuple(
                p for p in self.policies.values()
                if quantity in p.quantities or names.intersection(p.rules) or p.rule in names
            )
        return tuple(p for p in self.index[key] if kind is None or p.kind == kind)


def split_change(change: str | int) -> tuple[str, str]:
    """Split a change such as "-1", "x2" or "=3" into its operation and amount.

    Examples:
        >>> split_change("-1"), split_change(2), split_change("x attacker.bases")
        (('-', '1'), ('+', '2'), ('x', 'attacker.bases'))
    """
    if isinstance(change, int):
        return ("-", str(-change)) if change < 0 else ("+", str(change))
    text = change.strip()
    op = {"*": "x", "×": "x"}.get(text[:1], text[:1])
    if op not in OPS:
        return op, text
    return op, text[1:].strip() or "0"

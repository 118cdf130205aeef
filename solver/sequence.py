"""A whole attack, resolved exactly: the distribution of every step's dice and of the damage.

A sequence (`kb.model.RollSequence`) is a chain of the pack's own rolls. Each
step's chance per die is the pack's ruling of that roll in the situation
(its modifiers, caps, re-rolls, `always` entries and policies), asked for
each face the die can show, so a step means exactly what `rulings ask` says
of its roll. Then, per attack:

1. each die that reaches a step is rolled (re-rolled as its ruling says);
   a step keeps the dice that pass it (a hit roll) or those that fail it (a
   save: a saved attack ends);
2. a kept die whose result is one of an event's triggers carries the event
   out: `extra` more dice go on with it, it skips later steps (passes them
   without a roll), its damage becomes the event's and may carry over;
3. after the last step each die that went on is one attack's damage: fixed,
   or rolled for each attack (Random Damage), each point then rolled for by
   `each_point` (a feel-no-pain roll) where the pack has one;
4. damage is allocated to the target's models one attack at a time, to the
   model already damaged first; excess damage is lost unless the sequence
   or the event says it carries over. Damage that carries over is allocated
   after the rest (docs/sequences.md).

Attacks are independent, so one attack's outcomes are enumerated die by die
and the sum over many attacks is their exact convolution, in integers over a
common denominator. Every chance is a `Fraction`; nothing is sampled. A
sequence whose outcome space would be too large says so and is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import reduce
from math import lcm
from typing import Any

from kb.errors import RulingsError, Span, did_you_mean
from kb.expr import UNKNOWN, Expr, evaluate
from kb.model import Event, Pack, RollSequence, Step
from solver.ask import ask
from solver.characteristics import parse_value
from solver.facts import derive_facts
from solver.rolls import read_reroll, read_target
from solver.ruling import Ruling
from solver.situation import Situation

Dist = dict[int, Fraction]
"""An exact distribution: each count or total, with its chance."""

MAX_ATTACKS = 300
"""The most dice a sequence starts with (and the most models, and wounds per model)."""
MAX_STATES = 50_000
"""The most outcomes one attack, or the allocation of its damage, may have before the sequence is refused."""
INPUTS = ("attacks", "weapons", "damage", "models", "wounds")
"""A situation's `sequence:` keys besides its steps' names."""
STEP_KEYS = ("target", "reroll")
SHOWN_AT_LEAST = 3
"""How many "at least N" chances a sequence's brief display gives."""


@dataclass(frozen=True, slots=True)
class DieOutcome:
    """One way a die can end at a step: its chance, whether it goes on, and the events it carries out."""

    chance: Fraction
    kept: bool
    events: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StepResult:
    """One step of a resolved sequence: its roll per die and the dice that went in and on."""

    step: Step
    target: int
    ruling: Ruling | None
    """The roll's ruling in the situation (None for a roll that is never modified)."""
    kept: Fraction
    """The chance that one die rolled at this step goes on."""
    outcomes: tuple[DieOutcome, ...]
    events: tuple[tuple[Event, int, int | None], ...]
    """The events in force, each with its extra dice and its damage (None: the attack's own)."""
    dice_in: Dist
    dice_out: Dist


@dataclass(frozen=True, slots=True)
class AttackRuling:
    """A resolved sequence: every step, and the damage and models destroyed."""

    pack: str
    sequence: RollSequence
    attacks: Dist
    steps: tuple[StepResult, ...]
    damage_per_attack: Dist | None
    point: StepResult | None
    damage: Dist | None
    destroyed: Dist | None
    models: int | None
    wounds: int | None
    assumptions: tuple[str, ...] = ()
    readings: tuple[tuple[str, str, AttackRuling], ...] = ()
    """The attack under each other option of a reading that changes one of its steps: (reading, option, it)."""

    @property
    def outcome(self) -> Dist:
        """The sequence's result: damage where it has damage, else the last step's dice."""
        return self.damage if self.damage is not None else self.steps[-1].dice_out

    @property
    def outcome_name(self) -> str:
        """What the outcome counts: "damage", else what the last step's dice are called."""
        return "damage" if self.damage is not None else (self.steps[-1].step.passes or self.steps[-1].step.name)

    @property
    def display(self) -> str:
        """The outcome in brief, exactly: its mean and its first chances of at least N.

        Examples:
            >>> from kb.loader import load_pack
            >>> s = Situation(given={"attacker.to_hit": 4, "target.save": 4}, sequence={"attacks": 2})
            >>> resolve(load_pack("skirmish"), "attack", s).display
            'mean 1/2 unsaved hits; at least 1: 7/16, 2: 1/16'
        """
        chances = ", ".join(f"{n}: {p}" for n, p in list(at_least(self.outcome).items())[:SHOWN_AT_LEAST])
        shown = f"mean {mean(self.outcome)} {self.outcome_name}"
        return f"{shown}; at least {chances}" if chances else shown


def resolve(pack: Pack, name: str, situation: Situation) -> AttackRuling:
    """The exact resolution of sequence `name` in `situation`.

    Examples:
        >>> from kb.loader import load_pack
        >>> s = Situation(given={"attacker.to_hit": 4, "target.save": 4}, sequence={"attacks": 2})
        >>> r = resolve(load_pack("skirmish"), "attack", s)
        >>> {n: str(p) for n, p in r.steps[-1].dice_out.items()}
        {0: '9/16', 1: '3/8', 2: '1/16'}
    """
    seq = pack.sequences.get(name)
    if seq is None:
        raise RulingsError(f"{name!r} is not a sequence of {pack.name}",
                           hint=did_you_mean(name, pack.sequences) or "known: " + ", ".join(pack.sequences))
    if situation.groups:  # each group would need a resolution of its own: never one made of the top level alone
        raise RulingsError(f"the sequence {name} resolves one situation, and this one is split into groups",
                           where=situation.where.get("(groups)"),
                           hint="ask the sequence once for each group's facts")
    given = _inputs(seq, situation)
    plain = replace(situation, sequence={}, target=None, reroll=(), roll=None, base=None, weapons=None)
    values = derive_facts(pack, plain.given)
    attacks = _attacks(pack, seq, given, plain, situation)
    rolls = [_roll(pack, step, given.get(step.name) or {}, plain, values, situation) for step in seq.steps]
    per_attack = _one_attack(seq, rolls)
    counts = [_marginal(per_attack, i) for i in range(len(rolls))]
    assumptions = (*seq.assumptions, *(a for r in rolls if r.ruling for a in r.ruling.assumptions))
    steps = []
    dice_in = attacks
    for roll, count in zip(rolls, counts, strict=True):
        out = _mix(attacks, count)
        steps.append(replace(roll, dice_in=dice_in, dice_out=out))
        dice_in = out
    point = None
    if seq.each_point is not None:
        point = _roll(pack, seq.each_point, given.get(seq.each_point.name) or {}, plain, values, situation)
    own = _damage(pack, seq, given, plain, situation)
    lanes = sorted({lane for key in per_attack for lane in key[1]}, key=_damage_order)
    models = _count(seq.models, given.get("models"), "models", values, situation, low=1)
    wounds = _count(seq.wounds, given.get("wounds"), "wounds", values, situation, low=1)
    if models is not None and wounds is None:
        raise RulingsError(f"sequence {name!r}: models without their wounds",
                           where=situation.where.get("(sequence).models"),
                           hint="give each model's wounds: sequence: {wounds: 2}")
    damage = destroyed = per_damage = None
    if own is not None or any(lane[1] is not None for lane in lanes):
        effective = {lane: _points(own if lane[1] is None else {lane[1]: Fraction(1)}, point, name, situation)
                     for lane in lanes}
        per_damage = effective.get((seq.carry_over, None)) or next(iter(effective.values()), None)
        if models is None or wounds is None:
            damage = _total(_mix_vectors(attacks, _lane_counts(per_attack, lanes)), lanes, effective)
        else:
            damage, destroyed = _allocate(attacks, _dice_of(per_attack), lanes, effective, models, wounds)
    r = AttackRuling(pack.name, seq, attacks, tuple(steps), per_damage, point, damage, destroyed, models, wounds,
                     tuple(dict.fromkeys(assumptions)))
    return replace(r, readings=_under_other_readings(pack, name, situation, r))


def _under_other_readings(pack: Pack, name: str, situation: Situation,
                          r: AttackRuling) -> tuple[tuple[str, str, AttackRuling], ...]:
    """The attack under each other option of a reading that changes one of its steps, where its outcome differs:
    `(reading, option, resolution)`. A reading the situation states is not varied."""
    options = {(o.reading, o.option): o.reading for step in (*r.steps, *((r.point,) if r.point else ()))
               if step.ruling is not None for o in step.ruling.readings or () if not o.default}
    out = []
    for reading, option in options:
        if reading in situation.reading:
            continue
        other = resolve(pack, name, replace(situation, reading={**situation.reading, reading: option}))
        if other.outcome != r.outcome:
            out.append((reading, option, replace(other, readings=())))
    return tuple(out)


def step_situation(pack: Pack, name: str, rule: str, situation: Situation) -> tuple[Step, Situation]:
    """The first step of sequence `name` whose roll `rule` (a modifier or policy) changes, and the situation its
    roll is ruled in there: the facts given, the step's target and re-roll (`why-not` on an attack).

    Examples:
        >>> from kb.loader import load_pack
        >>> s = Situation(given={"attacker.to_hit": 4}, sequence={"attacks": 2})
        >>> step, there = step_situation(load_pack("skirmish"), "attack", "cover", s)
        >>> step.name, step.roll, there.given
        ('hit', 'to_hit', {'attacker.to_hit': 4})
    """
    seq = pack.sequences[name]
    entry = pack.modifiers.get(rule) or pack.policies.get(rule)
    touched = set(entry.quantities) if entry is not None else set()
    step = next((s for s in seq.rolls if s.roll in touched), None)
    if step is None:
        rolls = ", ".join(f"{s.name} ({s.roll})" for s in seq.rolls)
        raise RulingsError(f"{rule} changes no roll of {name}: it rolls {rolls}",
                           hint="ask why-not about a rule of one of those rolls" if entry is not None else
                           did_you_mean(rule, [*pack.modifiers, *pack.policies]) or "")
    if not step.modified:
        raise RulingsError(f"the {step.name} roll of {name} is never modified: no rule counts for it",
                           hint=f"rulings ask {pack.name} {step.roll} asks the roll as a rule of its own")
    given = _inputs(seq, situation).get(step.name) or {}
    plain = replace(situation, sequence={}, target=None, reroll=(), roll=None, base=None, weapons=None)
    if pack.quantities[step.roll].kind == "score":
        return step, plain
    values = derive_facts(pack, plain.given)
    reroll = read_reroll(given.get("reroll"), situation.where.get(f"(sequence).{step.name}.reroll"))
    return step, replace(plain, target=_target(pack, step, given, values, situation), reroll=reroll)


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    """The exact mean of a distribution.

    Examples:
        >>> mean({0: Fraction(1, 2), 2: Fraction(1, 2)})
        Fraction(1, 1)
    """
    return sum((n * p for n, p in dist.items()), Fraction(0))


def at_least(dist: Mapping[int, Fraction]) -> Dist:
    """The chance of at least N, for each N from 1 to the largest.

    Examples:
        >>> {n: str(p) for n, p in at_least({0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}).items()}
        {1: '3/4', 2: '1/4'}
    """
    return {n: sum((p for k, p in dist.items() if k >= n), Fraction(0)) for n in range(1, max(dist, default=0) + 1)}


# -- inputs ------------------------------------------------------------------

def _inputs(seq: RollSequence, situation: Situation) -> dict[str, Any]:
    """The situation's `sequence:` mapping, each key checked against the sequence's inputs and steps."""
    steps = [s.name for s in seq.steps] + ([seq.each_point.name] if seq.each_point else [])
    known = [*INPUTS, *steps]
    for key, value in situation.sequence.items():
        where = situation.where.get(f"(sequence).{key}")
        if key not in known:
            raise RulingsError(f"sequence: {key!r} is neither an input nor a step of {seq.name}", where=where,
                               hint=did_you_mean(key, known) or "known: " + ", ".join(known))
        if key in steps:
            if not isinstance(value, dict):
                raise RulingsError(f"sequence: {key}: must map target and reroll to values", where=where,
                                   hint=f'e.g. {key}: {{target: "3+", reroll: ones}}')
            for sub in value:
                if sub not in STEP_KEYS:
                    raise RulingsError(f"sequence: {key}: unknown key {sub!r}",
                                       where=situation.where.get(f"(sequence).{key}.{sub}", where),
                                       hint=did_you_mean(str(sub), STEP_KEYS) or "allowed: target, reroll")
    return dict(situation.sequence)


def _weapons(raw: Any, attacks: Any, where: Span | None) -> int | tuple[Any, ...] | None:
    """A sequence's weapons: how many identical ones, or each weapon's attacks (`[D6, D3]`, given instead of
    `attacks`)."""
    if isinstance(raw, list):
        if not 1 <= len(raw) <= 30 or any(isinstance(v, bool) or not isinstance(v, (int, str)) for v in raw):
            raise RulingsError(f"sequence: weapons {raw!r} is not a list of weapons' attacks", where=where,
                               hint="list each weapon's attacks, 1 to 30 of them, e.g. weapons: [D6, D3, 2]")
        if attacks is not None:
            raise RulingsError("sequence: weapons lists each weapon's attacks, and attacks gives them too",
                               where=where, hint="give either weapons: [D6, D3] alone, or attacks: D6 with weapons: 2")
        return tuple(raw)
    if raw is not None and (not isinstance(raw, int) or isinstance(raw, bool) or not 1 <= raw <= 30):
        raise RulingsError(f"sequence: weapons {raw!r} is not a number of weapons", where=where,
                           hint="give from 1 to 30 weapons, or each weapon's attacks, e.g. weapons: [D6, D3]")
    return raw


def _sum(a: Dist, b: Dist) -> Dist:
    """The distribution of the sum of two independent values."""
    out: Dist = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return out


def _dice(raw: Any, what: str, where: Span | None) -> Dist:
    """A number or dice expression as a distribution: 10, "D6", "2D6", "D3+1"."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        if not 0 <= raw <= MAX_ATTACKS:
            raise RulingsError(f"sequence: {what} {raw} is beyond the limit of {MAX_ATTACKS}", where=where,
                               hint=f"give at most {MAX_ATTACKS}")
        return {raw: Fraction(1)}
    try:
        value = parse_value(raw, "number", f"sequence: {what}")
    except RulingsError as e:
        raise RulingsError(e.message, where=where, hint="give a number such as 10 or dice such as D6 or D3+1") from None
    if value.dice is not None:
        return value.dice.distribution()
    if value.number is not None and value.number.denominator == 1 and value.number >= 0:
        return _dice(int(value.number), what, where)
    raise RulingsError(f"sequence: {what} {raw!r} is not a number of dice", where=where,
                       hint="give a number such as 10 or dice such as D6")


def _from_quantity(pack: Pack, quantity: str, base: Any, weapons: int | tuple[Any, ...] | None,
                   plain: Situation) -> Dist:
    """A characteristic's modified value (A, D) as a distribution, grouped over the weapons."""
    r = ask(pack, quantity, replace(plain, base=base, weapons=weapons))
    extra = dict(r.extra)
    shown = extra.get("total") or extra
    if "distribution" in shown:
        return {int(k): Fraction(v) for k, v in shown["distribution"].items()}
    if isinstance(r.value, int) and not isinstance(r.value, bool):
        return {r.value: Fraction(1)}
    raise RulingsError(f"{quantity} is {r.display}, which is not a number of dice")


def _attacks(pack: Pack, seq: RollSequence, given: Mapping[str, Any], plain: Situation, situation: Situation) -> Dist:
    raw = given.get("attacks")
    where = situation.where.get("(sequence).attacks")
    own = seq.attacks is not None and pack.quantities[seq.attacks].base is not None
    if own and raw is not None:
        raise RulingsError(f"sequence: attacks: {seq.name}'s attacks are the ruling of {seq.attacks}", where=where,
                           hint=f"give the facts {seq.attacks} depends on instead")
    weapons = _weapons(given.get("weapons"), raw, situation.where.get("(sequence).weapons"))
    if raw is None and not own and not isinstance(weapons, tuple):
        raise RulingsError(f"sequence {seq.name!r} needs the number of attacks",
                           where=situation.where.get("(sequence)"),
                           hint="give it: sequence: {attacks: 10} (or dice: D6), or --step attacks=10")
    if seq.attacks is not None:
        dist = _from_quantity(pack, seq.attacks, raw, weapons, plain)
    elif isinstance(weapons, tuple):  # each weapon's own attacks, added up
        dist = {0: Fraction(1)}
        for one in weapons:
            dist = _sum(dist, _dice(one, "attacks", situation.where.get("(sequence).weapons")))
    else:
        dist = _dice(raw, "attacks", where)
        if weapons:
            dist = _power(dist, weapons)
    if max(dist) > MAX_ATTACKS:
        raise RulingsError(f"sequence: up to {max(dist)} attacks is beyond the limit of {MAX_ATTACKS}", where=where,
                           hint="ask about fewer attacks at a time")
    return dist


def _damage(pack: Pack, seq: RollSequence, given: Mapping[str, Any], plain: Situation,
            situation: Situation) -> Dist | None:
    raw = given.get("damage")
    if raw is None:
        return None
    if seq.damage is not None:
        return _from_quantity(pack, seq.damage, raw, None, plain)
    return _dice(raw, "damage", situation.where.get("(sequence).damage"))


def _count(expr: Expr | None, raw: Any, what: str, values: Mapping[str, Any], situation: Situation,
           low: int) -> int | None:
    where = situation.where.get(f"(sequence).{what}")
    if raw is None and expr is not None:
        raw = _value(expr, values, what)
    if raw is None:
        return None
    if not isinstance(raw, int) or isinstance(raw, bool) or not low <= raw <= MAX_ATTACKS:
        raise RulingsError(f"sequence: {what} {raw!r} is not a number from {low} to {MAX_ATTACKS}", where=where,
                           hint=f"e.g. {what}: 2")
    return raw


def _value(expr: Expr, values: Mapping[str, Any], what: str) -> Any:
    try:
        found = evaluate(expr, values)
    except KeyError as e:
        found, missing = UNKNOWN, e.args[0]
    else:
        missing = next((n for n in sorted(expr.names) if values.get(n, UNKNOWN) is UNKNOWN), "")
    if found is UNKNOWN:  # a fact with no default that the situation leaves open: say which, never guess
        raise RulingsError(f"{what} ({expr.text}) needs a fact the situation does not give: {missing}",
                           hint=f"give it: --given {missing}=VALUE")
    return found


# -- one step's roll per die ---------------------------------------------------

def _roll(pack: Pack, step: Step, given: Mapping[str, Any], plain: Situation, values: Mapping[str, Any],
          situation: Situation) -> StepResult:
    """The step's outcomes for one die: the pack's ruling of its roll asked for each face the die can show."""
    q = pack.quantities[step.roll]
    sides = 6 if q.kind == "score" else int(q.dice.upper().partition("D")[2])
    faces = range(1, sides + 1)
    target = _target(pack, step, given, values, situation)
    ruling: Ruling | None = None
    rerolled: tuple[str, ...] = ()
    result = {f: f for f in faces}
    if q.kind == "score":  # the score needed: a score of 7 needs a 6, then the chart's roll
        ruling = ask(pack, step.roll, plain)
        _known_facts(step, ruling)
        target = ruling.value if isinstance(ruling.value, int) else 0
        chart = (ruling.probability or Fraction(0)) * sides
        chance = {f: Fraction(1) if ruling.automatic or target <= f else chart if f == sides < target else Fraction(0)
                  for f in faces}
    elif step.modified:
        reroll = read_reroll(given.get("reroll"), situation.where.get(f"(sequence).{step.name}.reroll"))
        ruling = ask(pack, step.roll, replace(plain, target=target, reroll=reroll))
        _known_facts(step, ruling)
        chance = {f: Fraction(1) for f in faces}
        if not ruling.automatic:
            per_face = {f: ask(pack, step.roll, replace(plain, target=target, roll=f)) for f in faces}
            chance = {f: Fraction(bool(dict(r.extra).get("passed"))) for f, r in per_face.items()}
            result = {f: r.value for f, r in per_face.items()}
            rerolled = tuple(dict(ruling.extra).get("reroll", ()))
    else:
        chance = {f: Fraction(f >= target) for f in faces}
    events = _events(step, values)
    outcomes = _outcomes(step, chance, result, rerolled, events)
    kept = sum((o.chance for o in outcomes if o.kept), Fraction(0))
    return StepResult(step, target, ruling, kept, outcomes, events, {}, {})


def _target(pack: Pack, step: Step, given: Mapping[str, Any], values: Mapping[str, Any], situation: Situation) -> int:
    """What the step's roll must reach: the situation's, else the step's own; a score's ruling gives its own."""
    where = situation.where.get(f"(sequence).{step.name}.target")
    raw = given.get("target")
    if raw is None and step.target is not None:
        raw = _value(step.target, values, f"step {step.name}'s target")
    if pack.quantities[step.roll].kind == "score":
        if raw is not None:
            raise RulingsError(f"step {step.name!r} rolls {step.roll}, the score needed: its ruling gives what the "
                               "roll must reach", where=where, hint="give the facts the score depends on instead")
        return 1
    if raw is None:
        raise RulingsError(f"step {step.name!r} needs what its roll must reach",
                           where=situation.where.get(f"(sequence).{step.name}"),
                           hint=f'give it: sequence: {{{step.name}: {{target: "3+"}}}}, or --step {step.name}.target=3')
    target = read_target(raw, where)
    assert target is not None
    return target


def _events(step: Step, values: Mapping[str, Any]) -> tuple[tuple[Event, int, int | None], ...]:
    """The step's events in force, each with its extra dice and its damage."""
    events = []
    for e in step.events:
        if e.when is not None and not _value(e.when, values, f"event {e.name}'s condition"):
            continue
        extra = _value(e.extra, values, f"event {e.name}'s extra dice") if e.extra is not None else 0
        damage = _value(e.damage, values, f"event {e.name}'s damage") if e.damage is not None else None
        events.append((e, extra, damage))
    return tuple(events)


def _outcomes(step: Step, chance: Mapping[int, Fraction], result: Mapping[int, int], rerolled: tuple[str, ...],
              events: Sequence[tuple[Event, int, int | None]]) -> tuple[DieOutcome, ...]:
    """One die at the step: re-rolled once at most, then kept or not, with the events its result triggers."""
    sides = len(chance)
    ends: dict[tuple[bool, tuple[str, ...]], Fraction] = {}
    for first in chance:
        again = ("ones" in rerolled and first == 1) or (bool({"failed", "all"} & set(rerolled)) and not chance[first])
        for face, p in ([(g, Fraction(1, sides * sides)) for g in chance] if again else [(first, Fraction(1, sides))]):
            for passes, share in ((True, chance[face]), (False, 1 - chance[face])):
                if not share:
                    continue
                kept = passes if step.keep == "passes" else not passes
                fired = tuple(e.name for e, _, _ in events
                              if kept and (face if e.result == "unmodified" else result[face]) in e.on)
                ends[(kept, fired)] = ends.get((kept, fired), Fraction(0)) + p * share
    return tuple(DieOutcome(p, kept, fired) for (kept, fired), p in ends.items())


def _known_facts(step: Step, ruling: Ruling) -> None:
    """Refuse a step whose ruling depends on facts the situation leaves unknown."""
    if ruling.cases:
        unknown = sorted({f for c in ruling.cases for f, _ in c.when})
        raise RulingsError(f"step {step.name!r}: the {step.roll} ruling depends on facts the situation does not "
                           f"give: {', '.join(unknown)}", hint=f"give them: --given {unknown[0]}=VALUE")


# -- one attack, die by die ------------------------------------------------------

Lane = tuple[bool, int | None, frozenset[str]]
"""What a die carries on: its damage carries over, its damage (None: the attack's), the steps it skips."""
Attack = tuple[tuple[int, ...], tuple[tuple[bool, int | None], ...]]
"""One attack's outcome: the dice each step kept, and the damage lanes of the dice that went on."""


def _one_attack(seq: RollSequence, rolls: Sequence[StepResult]) -> dict[Attack, Fraction]:
    """Every outcome of one attack with its chance, by following each of its dice through the steps."""
    states: dict[tuple[tuple[int, ...], tuple[Lane, ...]], Fraction] = {((), ((seq.carry_over, None, frozenset()),)):
                                                                        Fraction(1)}
    for roll in rolls:
        by_event = {e.name: (e, extra, damage) for e, extra, damage in roll.events}
        nxt: dict[tuple[tuple[int, ...], tuple[Lane, ...]], Fraction] = {}
        for (counts, dice), p in states.items():
            ways: dict[tuple[Lane, ...], Fraction] = {(): Fraction(1)}
            for lane in dice:
                options = _die(lane, roll, by_event)
                grown: dict[tuple[Lane, ...], Fraction] = {}
                for w, pw in ways.items():
                    for o, po in options:
                        lanes = tuple(sorted(w + o, key=_lane_order))
                        grown[lanes] = grown.get(lanes, Fraction(0)) + pw * po
                ways = grown
            for way, pw in ways.items():
                state = ((*counts, len(way)), way)
                nxt[state] = nxt.get(state, Fraction(0)) + p * pw
        if len(nxt) > MAX_STATES:
            raise RulingsError(f"sequence {seq.name!r}: one attack has more than {MAX_STATES:,} outcomes at step "
                               f"{roll.step.name!r}, too many to resolve exactly",
                               hint="ask about fewer extra dice; a sequence is never sampled")
        states = nxt
    out: dict[Attack, Fraction] = {}
    for (counts, dice), p in states.items():
        attack = (counts, tuple(sorted(((lane[0], lane[1]) for lane in dice), key=_damage_order)))
        out[attack] = out.get(attack, Fraction(0)) + p
    return out


def _lane_order(lane: Lane) -> tuple[Any, ...]:
    return (*_damage_order(lane[:2]), sorted(lane[2]))


def _damage_order(lane: tuple[bool, int | None] | tuple[Any, ...]) -> tuple[bool, int]:
    """Damage lanes in the order they are allocated: damage that carries over last."""
    return lane[0], -1 if lane[1] is None else lane[1]


def _die(lane: Lane, roll: StepResult, events: Mapping[str, tuple[Event, int, int | None]],
         ) -> list[tuple[tuple[Lane, ...], Fraction]]:
    """What one die in `lane` becomes at this step: the dice it goes on as, with their chances."""
    if roll.step.name in lane[2]:
        return [((lane,), Fraction(1))]
    out: list[tuple[tuple[Lane, ...], Fraction]] = []
    for o in roll.outcomes:
        if not o.kept:
            out.append(((), o.chance))
            continue
        carry, damage, skips = lane
        extra = 0
        for name in o.events:
            e, more, becomes = events[name]
            extra += more
            skips = skips | frozenset(e.skip)
            carry = carry or e.carry_over
            damage = becomes if becomes is not None else damage
        out.append((((carry, damage, skips), *([lane] * extra)), o.chance))
    return out


def _marginal(per_attack: Mapping[Attack, Fraction], step: int) -> Dist:
    out: Dist = {}
    for (counts, _), p in per_attack.items():
        out[counts[step]] = out.get(counts[step], Fraction(0)) + p
    return out


def _lane_counts(per_attack: Mapping[Attack, Fraction], lanes: Sequence[tuple[bool, int | None]],
                 ) -> dict[tuple[int, ...], Fraction]:
    out: dict[tuple[int, ...], Fraction] = {}
    for (_, dice), p in per_attack.items():
        vector = tuple(dice.count(lane) for lane in lanes)
        out[vector] = out.get(vector, Fraction(0)) + p
    return out


# -- many attacks: exact convolution -----------------------------------------------

def _integers(dist: Mapping[Any, Fraction]) -> tuple[dict[Any, int], int]:
    """A distribution as integer weights over one denominator."""
    d = reduce(lcm, (p.denominator for p in dist.values()), 1)
    return {k: int(p * d) for k, p in dist.items()}, d


def _add(a: Any, b: Any) -> Any:
    return a + b if isinstance(a, int) else tuple(x + y for x, y in zip(a, b, strict=True))


def _powers(dist: Mapping[Any, Fraction], upto: int, zero: Any) -> list[dict[Any, Fraction]]:
    """The sum of n independent draws from `dist`, for every n from 0 to `upto`."""
    weights, d = _integers(dist)
    current: dict[Any, int] = {zero: 1}
    out = [{zero: Fraction(1)}]
    for n in range(1, upto + 1):
        step: dict[Any, int] = {}
        for k, w in current.items():
            for j, v in weights.items():
                key = _add(k, j)
                step[key] = step.get(key, 0) + w * v
        if len(step) > MAX_STATES:
            raise RulingsError(f"{n} attacks have more than {MAX_STATES:,} outcomes, too many to resolve exactly",
                               hint="ask about fewer attacks at a time; a sequence is never sampled")
        current = step
        scale = d ** n
        out.append({k: Fraction(w, scale) for k, w in current.items()})
    return out


def _power(dist: Dist, n: int) -> Dist:
    return _powers(dist, n, 0)[n]


def _mix(attacks: Dist, per_attack: Dist) -> Dist:
    """The total over a random number of attacks, each drawn from `per_attack`."""
    powers = _powers(per_attack, max(attacks), 0)
    out: Dist = {}
    for n, pn in attacks.items():
        for k, p in powers[n].items():
            out[k] = out.get(k, Fraction(0)) + pn * p
    return dict(sorted((k, p) for k, p in out.items() if p))


def _mix_vectors(attacks: Dist, per_attack: Mapping[tuple[int, ...], Fraction]) -> dict[tuple[int, ...], Fraction]:
    zero = tuple(0 for _ in next(iter(per_attack)))
    powers = _powers(per_attack, max(attacks), zero)
    out: dict[tuple[int, ...], Fraction] = {}
    for n, pn in attacks.items():
        for k, p in powers[n].items():
            out[k] = out.get(k, Fraction(0)) + pn * p
    return out


# -- damage and allocation ---------------------------------------------------------

def _points(damage: Dist | None, point: StepResult | None, name: str, situation: Situation) -> Dist:
    """One attack's damage after the roll for each point (a point goes on when that roll keeps it)."""
    if damage is None:
        raise RulingsError(f"sequence {name!r} needs each attack's damage",
                           where=situation.where.get("(sequence)"), hint="give it: sequence: {damage: 1} (or D3)")
    if point is None:
        return dict(damage)
    out: Dist = {}
    keep = point.kept
    for d, p in damage.items():
        for k, q in _power({0: 1 - keep, 1: keep} if keep < 1 else {1: Fraction(1)}, d).items():
            out[k] = out.get(k, Fraction(0)) + p * q
    return out


State = tuple[int, int]
"""Allocation so far: models destroyed, and the damage on the model being allocated to."""


def _total(vectors: Mapping[tuple[int, ...], Fraction], lanes: Sequence[tuple[bool, int | None]],
           damage: Mapping[tuple[bool, int | None], Dist]) -> Dist:
    """The total damage of every die that went on, where no models are given to allocate it to."""
    total: Dist = {}
    powers = {lane: _powers(damage[lane], max(v[i] for v in vectors), 0) for i, lane in enumerate(lanes)}
    for vector, p in vectors.items():
        parts: Dist = {0: Fraction(1)}
        for i, lane in enumerate(lanes):
            parts = _convolve(parts, powers[lane][vector[i]])
        for k, q in parts.items():
            total[k] = total.get(k, Fraction(0)) + p * q
    return dict(sorted((k, p) for k, p in total.items() if p))


def _dice_of(per_attack: Mapping[Attack, Fraction]) -> dict[tuple[tuple[bool, int | None], ...], Fraction]:
    out: dict[tuple[tuple[bool, int | None], ...], Fraction] = {}
    for (_, dice), p in per_attack.items():
        out[dice] = out.get(dice, Fraction(0)) + p
    return out


def _allocate(attacks: Dist, per_attack: Mapping[tuple[tuple[bool, int | None], ...], Fraction],
              lanes: Sequence[tuple[bool, int | None]], damage: Mapping[tuple[bool, int | None], Dist],
              models: int, wounds: int) -> tuple[Dist, Dist]:
    """The damage the unit suffers and the models destroyed, allocated one attack at a time in order.

    An attack's dice are allocated as it is resolved (those of its own damage first); dice whose damage
    carries over are counted as they come and allocated after every attack.
    """
    carried = [lane for lane in lanes if lane[0]]
    zero = tuple(0 for _ in carried)
    states: dict[tuple[int, ...], dict[State, Fraction]] = {zero: {(0, 0): Fraction(1)}}
    suffered: Dist = {}
    destroyed: Dist = {}
    for n in range(max(attacks) + 1):
        if n in attacks:
            for vector, before in states.items():
                allocated = before
                for lane, count in zip(carried, vector, strict=True):
                    for _ in range(count):
                        allocated = _one(allocated, damage[lane], True, models, wounds)
                for (k, h), q in allocated.items():
                    p = attacks[n] * q
                    suffered[k * wounds + h] = suffered.get(k * wounds + h, Fraction(0)) + p
                    destroyed[k] = destroyed.get(k, Fraction(0)) + p
        if n == max(attacks):
            break
        nxt: dict[tuple[int, ...], dict[State, Fraction]] = {}
        for vector, allocated in states.items():
            for dice, p in per_attack.items():
                after = {state: q * p for state, q in allocated.items()}
                more = list(vector)
                for lane in dice:
                    if lane[0]:
                        more[carried.index(lane)] += 1
                    else:
                        after = _one(after, damage[lane], False, models, wounds)
                into = nxt.setdefault(tuple(more), {})
                for state, q in after.items():
                    into[state] = into.get(state, Fraction(0)) + q
        if sum(len(v) for v in nxt.values()) > MAX_STATES:
            raise RulingsError(f"allocating {n + 1} attacks has more than {MAX_STATES:,} outcomes, too many to "
                               "resolve exactly", hint="ask about fewer attacks at a time; a sequence is never sampled")
        states = nxt
    return dict(sorted(suffered.items())), dict(sorted(destroyed.items()))


def _one(before: Mapping[State, Fraction], damage: Dist, carry: bool, models: int, wounds: int,
         ) -> dict[State, Fraction]:
    """Allocate one more attack's damage."""
    out: dict[State, Fraction] = {}
    for (k, h), p in before.items():
        for d, q in damage.items():
            if k >= models:
                state = (k, h)
            elif carry:
                lost = min(d, (models - k) * wounds - h)
                total = k * wounds + h + lost
                state = (min(models, total // wounds), total % wounds if total // wounds < models else 0)
            elif h + d >= wounds:
                state = (k + 1, 0)
            else:
                state = (k, h + d)
            out[state] = out.get(state, Fraction(0)) + p * q
    return out


def _convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Dist:
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out

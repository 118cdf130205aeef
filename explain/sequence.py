"""A resolved sequence as a judge says it: the expected outcome and its key chances, then one line per step.

Each step's line gives the dice that reach it (those rolled, and those an
earlier event lets go on without a roll), the chance per die with what made
it (the step's own ruling, worded as `rulings ask` words it: the rules that
counted, each with its sentence), and the dice that go on; under it, each
event the step triggers, named, with its chance and the rule it rests on.
The roll for each point of damage (a ward) comes before the damage it
reduces. `--full` adds each step's whole ruling; JSON carries every
distribution as exact fractions (the short text rounds chances to a tenth
of a percent).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from explain.brief import Line, brief_lines
from explain.json import ruling_json
from explain.text import render_text
from kb.model import Event, Pack
from solver.sequence import AttackRuling, Dist, StepResult, at_least, mean

SHOWN_AT_LEAST = 4
"""How many "at least N" chances the short answer gives (JSON has them all)."""


def sequence_text(r: AttackRuling, pack: Pack, *, full: bool = False) -> str:
    """The short answer, or with `full` each step's whole ruling under its line.

    Lines follow the attack as it is resolved: each step, what made its chance and the events it
    triggers (each with the rule it rests on), then the roll for each point of damage, then the damage.

    Examples:
        >>> from kb.loader import load_pack
        >>> from solver.situation import Situation
        >>> from solver.sequence import resolve
        >>> p = load_pack("skirmish")
        >>> s = Situation(given={"attacker.to_hit": 4, "target.save": 5}, sequence={"attacks": 6})
        >>> print(sequence_text(resolve(p, "attack", s), p))  # doctest: +NORMALIZE_WHITESPACE +ELLIPSIS
        An attack, from the dice cast at the target to the hits it does not save: 2 unsaved hits on average
          unsaved hits, at least: 1: 91.2%, 2: 64.9%, 4: 10.0%, 6: 0.1%
          6 attacks
          hit (to_hit): 6 dice, each passes on 4+: chance 1/2 -> 3 hits
          save (save): 3 hits on average, each saved on 5+; fails and goes on: chance 2/3 -> 2 unsaved hits
        ...
    """
    lines = [_headline(r)]
    lines += [f"  {line}" for line in _key_chances(r)]
    lines += [f"  {line}" for line in _other_readings(r, pack)]
    lines.append(f"  {_attacks(r)}")
    counts = _rolled(r)
    before = "dice"
    for i, step in enumerate(r.steps):
        lines.append(f"  {_step_line(step, before, counts[i] if counts else None, _skipped_by(r, i))}")
        if full and step.ruling is not None:
            lines += ["      " + x for x in render_text(step.ruling, pack=pack).splitlines()]
        else:
            lines += _reasons(step, pack)
        lines += _event_lines(step)
        before = _called(step)
    if r.damage is not None:
        if r.point is not None:
            lines.append(f"  {_point_line(r.point)}")
            lines += _reasons(r.point, pack)
        lines.append(f"  {_damage_line(r)}")
    for name in r.assumptions:
        a = pack.assumptions.get(name)
        if a is not None:
            lines.append(f"  ? assumes: {a.text} ({name})")
    return "\n".join(dict.fromkeys(lines))


def sequence_json(r: AttackRuling) -> dict[str, Any]:
    """Every distribution, mean and "at least N" chance, as exact fractions."""
    out: dict[str, Any] = {
        "pack": r.pack,
        "sequence": r.sequence.name,
        "attacks": _dist(r.attacks),
        "steps": [_step_json(s) for s in r.steps],
    }
    if r.damage is not None:
        out["damage"] = {**_dist(r.damage), **({"per_attack": _dist(r.damage_per_attack)} if r.damage_per_attack
                                               else {})}
        if r.point is not None:
            out["each_point"] = _step_json(r.point)
    if r.destroyed is not None:
        out["models_destroyed"] = _dist(r.destroyed)
        out["models"], out["wounds"] = r.models, r.wounds
    out["outcome"] = _dist(r.outcome)
    out["assumptions"] = list(r.assumptions)
    if r.readings:
        out["readings"] = [{"reading": reading, "option": option, "outcome": _dist(other.outcome),
                            **({"models_destroyed": _dist(other.destroyed)} if other.destroyed is not None else {})}
                           for reading, option, other in r.readings]
    return out


def _dist(d: Dist) -> dict[str, Any]:
    return {"distribution": {str(k): _frac(p) for k, p in sorted(d.items())}, "mean": _frac(mean(d)),
            "at_least": {str(k): _frac(p) for k, p in at_least(d).items()}}


def _step_json(s: StepResult) -> dict[str, Any]:
    out: dict[str, Any] = {"step": s.step.name, "roll": s.step.roll, "target": s.target, "keep": s.step.keep,
                           "modified": s.step.modified, "chance": _frac(s.kept),
                           "events": [{"event": e.name, "on": list(e.on), "extra": extra, "skip": list(e.skip),
                                       "damage": damage, "carry_over": e.carry_over}
                                      for e, extra, damage in s.events],
                           "in": _dist(s.dice_in), "out": _dist(s.dice_out)}
    if s.ruling is not None:
        doc = ruling_json(s.ruling)
        out["ruling"] = {k: v for k, v in doc.items() if k != "explanation"}
    return out


def _other_readings(r: AttackRuling, pack: Pack) -> list[str]:
    """The outcome under each other reading of an ambiguous sentence that changes a step."""
    out = []
    for reading, option, other in r.readings:
        meaning = dict(pack.readings[reading].options).get(option, "") if reading in pack.readings else ""
        out.append(f"? read as {option} ({reading}): {_told(other)}" + (f" -- {meaning}" if meaning else ""))
    return out


def _headline(r: AttackRuling) -> str:
    what = r.sequence.text or r.sequence.name
    return f"{what[0].upper() + what[1:]}: {_told(r)}"


def _told(r: AttackRuling) -> str:
    """What the whole attack comes to on average (the headline after its name)."""
    if r.damage is None:
        return f"{_count(mean(r.outcome), _called(r.steps[-1]))} on average"
    text = f"{_num(mean(r.damage))} damage on average"
    if r.destroyed is not None and r.models is not None and r.wounds is not None:
        text += (f", {_num(mean(r.destroyed))} of {_count(r.models, 'models')} destroyed "
                 f"({_count(r.wounds, 'wounds')} each)")
    return text


def _key_chances(r: AttackRuling) -> list[str]:
    dist, noun = (r.destroyed, "models destroyed") if r.destroyed is not None else (r.outcome, _outcome_noun(r))
    chances = at_least(dist)
    if not chances:
        return [f"no {noun}: certain"]
    picked = sorted({1, *_spread(max(chances))})[:SHOWN_AT_LEAST]
    return [f"{noun}, at least: " + ", ".join(f"{n}: {_percent(chances[n])}" for n in picked if n in chances)]


def _spread(top: int) -> list[int]:
    return [max(1, round(top * f)) for f in (1 / 3, 2 / 3, 1)]


def _outcome_noun(r: AttackRuling) -> str:
    return "damage" if r.damage is not None else _called(r.steps[-1])


def _attacks(r: AttackRuling) -> str:
    if len(r.attacks) == 1:
        (n,) = r.attacks
        return _count(n, "attacks")
    return f"{_num(mean(r.attacks))} attacks on average ({min(r.attacks)} to {max(r.attacks)})"


def _how(s: StepResult) -> str:
    """What the roll must reach, as the step's ruling words it."""
    if s.ruling is None:
        return f"{s.target}+, never modified"
    if s.ruling.modifier is None:
        return s.ruling.display
    return f"{s.target}+" + (f" with {s.ruling.modifier:+d}" if s.ruling.modifier else "")


def _chance(s: StepResult) -> str:
    if s.step.keep == "fails":
        return f"saved on {_how(s)}; fails and goes on: chance {_frac(s.kept)}"
    return f"passes on {_how(s)}: chance {_frac(s.kept)}"


def _step_line(s: StepResult, before: str, counts: tuple[Fraction, Fraction] | None, skippers: list[str]) -> str:
    """The dice that reach the step (named as the step before calls them), those rolled and those that go on
    without a roll, the chance per die rolled, and the dice that go on."""
    line = f"{s.step.name} ({s.step.roll}): {_amount(s.dice_in, before)}"
    if counts is None or not counts[1]:
        line += f", {'' if s.dice_in == {1: 1} else 'each '}{_chance(s)}"
    else:
        rolled, skipped = counts
        goes = "goes" if _num(skipped) == "1" else "go"
        line += (f": {_num(rolled)} rolled, each {_chance(s)}; {_num(skipped)} {goes} on without a roll"
                 + (f" ({', '.join(skippers)})" if skippers else ""))
    return line + f" -> {_count(mean(s.dice_out), _called(s))}"


def _point_line(s: StepResult) -> str:
    """The roll for each point of damage (a ward), made before the damage is allocated."""
    return f"{s.step.name} ({s.step.roll}): each point of damage {_chance(s)}"


def _label(e: Event) -> str:
    return e.text or e.name


def _event_lines(s: StepResult) -> list[str]:
    """Each event in force at the step: its name, what triggers it and its chance per die rolled, what it does,
    and the rule it rests on."""
    out = []
    for e, extra, damage in s.events:
        chance = sum((o.chance for o in s.outcomes if e.name in o.events), Fraction(0))
        does = [f"{extra} more {_noun(extra, _called(s))}" for _ in [0] if extra]
        does += [f"skips the {_and(list(e.skip))} roll{'s' if len(e.skip) > 1 else ''}" for _ in [0] if e.skip]
        does += [f"its damage is {damage}" for _ in [0] if damage is not None]
        does += ["its damage carries over to the next model" for _ in [0] if e.carry_over]
        on = f"on {'an unmodified ' if e.result == 'unmodified' else 'a result of '}{_results(e.on)}"
        out.append(f"    {_label(e)}: {on} (chance {_frac(chance)}), {', '.join(does) or 'nothing more'}")
        if e.cite:
            out.append(f"        {e.cite}")
    return out


def _rolled(r: AttackRuling) -> list[tuple[Fraction, Fraction]] | None:
    """For each step, the dice rolled and the dice that go on without a roll (an event skipped the step), on
    average: the solver's chances per die summed along the steps, each die carrying the steps it skips. None
    where the sums do not give the solver's own dice in and out (they always should)."""
    lanes: dict[frozenset[str], Fraction] = {frozenset(): mean(r.attacks)}
    out = []
    for s in r.steps:
        name = s.step.name
        events = {e.name: (e, extra) for e, extra, _ in s.events}
        rolled = sum((n for k, n in lanes.items() if name not in k), Fraction(0))
        nxt = {k: n for k, n in lanes.items() if name in k}
        out.append((rolled, sum(nxt.values(), Fraction(0))))
        for k, n in lanes.items():
            if name in k:
                continue
            for o in s.outcomes:
                if not o.kept:
                    continue
                fired = [events[x] for x in o.events]
                skips = k.union(*(e.skip for e, _ in fired))
                nxt[skips] = nxt.get(skips, Fraction(0)) + n * o.chance
                nxt[k] = nxt.get(k, Fraction(0)) + n * o.chance * sum((extra for _, extra in fired), 0)
        lanes = nxt
        if sum(out[-1]) != mean(s.dice_in) or sum(lanes.values()) != mean(s.dice_out):
            return None
    return out


def _skipped_by(r: AttackRuling, i: int) -> list[str]:
    """The events of earlier steps that skip step `i`."""
    name = r.steps[i].step.name
    return [_label(e) for s in r.steps[:i] for e, _, _ in s.events if name in e.skip]


def _amount(d: Dist, noun: str) -> str:
    if len(d) == 1:
        return _count(next(iter(d)), noun)
    return f"{_count(mean(d), noun)} on average"


def _reasons(s: StepResult, pack: Pack) -> list[str]:
    """What made the step's chance: the rules that counted, re-rolls and limits (the headline is the step's)."""
    if s.ruling is None:
        return []
    out = []
    for line in brief_lines(s.ruling, pack)[1:]:
        if line.tag in ("note", "assumption") or (line.tag == "step" and not _decides(line.text)):
            continue
        out.append("    " + "  " * (line.depth - 1) + _marked(line))
        if line.cite:
            out.append("    " + "  " * (line.depth - 1) + "    " + line.cite)
    return out


def _decides(text: str) -> bool:
    return "re-roll" in text or "always" in text


def _marked(line: Line) -> str:
    from explain.brief import MARKS

    mark = MARKS.get(line.tag, "")
    return f"{mark} {line.text}" if mark else line.text


def _damage_line(r: AttackRuling) -> str:
    """The damage of each die that goes on after the last step (after the roll for each point, where there is
    one), then the damage suffered and the models destroyed."""
    per = r.damage_per_attack or {}
    line = f"damage: {_num(mean(per))} per {_noun(1, _called(r.steps[-1]))}" + (" on average" if len(per) > 1 else "")
    if r.point is not None:
        line += f", after {r.point.step.name} rolls"
    set_by = [f"{_label(e)}: {damage}" for s in r.steps for e, _, damage in s.events if damage is not None]
    if set_by:
        line += f" ({', '.join(set_by)} instead" + (f", before {r.point.step.name} rolls)" if r.point else ")")
    if r.destroyed is not None:
        line += ", excess damage carries over" if r.sequence.carry_over else ", excess damage is lost"
    line += f" -> {_num(mean(r.damage or {}))} damage"
    if r.destroyed is not None:
        line += f", {_count(mean(r.destroyed), 'models')} destroyed"
    return line


def _called(s: StepResult) -> str:
    return s.step.passes or f"dice kept by {s.step.name}"


def _results(on: tuple[int, ...]) -> str:
    if len(on) > 1 and on == tuple(range(on[0], on[-1] + 1)) and on[-1] == 6:
        return f"{on[0]}+"
    return " or ".join(map(str, on))


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _count(x: Fraction | int, noun: str) -> str:
    """A number and its noun, singular where the number shows as 1: "1 unsaved wound", "2.50 hits"."""
    shown = _num(Fraction(x))
    return f"{shown} {_noun(x, noun)}"


def _noun(x: Fraction | int, plural: str) -> str:
    """`plural` as the number `x` shows it: singular for 1 ("1 die", "1 unsaved wound", "1 die kept by save")."""
    if _num(Fraction(x)) != "1":
        return plural
    words = plural.split(" ")
    if words[0] == "dice":
        return " ".join(["die", *words[1:]])
    i = -1 if words[-1].endswith("s") else 0  # "unsaved wounds", else "models hit"
    words[i] = _one(words[i])
    return " ".join(words)


def _one(word: str) -> str:
    """The singular of one plural English word: "wounds" -> "wound", "successes" -> "success"."""
    if word.endswith(("sses", "ches", "shes", "xes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _num(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    return f"{float(x):.2f}"


def _percent(p: Fraction) -> str:
    """A chance to a tenth of a percent (at most 3 significant figures), "<0.1%" and ">99.9%" at the ends."""
    if p == 1:
        return "certain"
    if p == 0:
        return "never"
    if p < Fraction(1, 1000):
        return "<0.1%"
    if p > Fraction(999, 1000):
        return ">99.9%"
    tenths = int(p * 1000 + Fraction(1, 2))
    return f"{tenths // 10}.{tenths % 10}%"


def _frac(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"

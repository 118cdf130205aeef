"""A resolved sequence as a judge says it: the expected outcome and its key chances, then one line per step.

Each step's line gives the dice that reach it, the chance per die with what
made it (the step's own ruling, worded as `rulings ask` words it: the rules
that counted, each with its sentence), and the dice that go on. `--full`
adds each step's whole ruling; JSON carries every distribution as exact
fractions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from explain.brief import Line, brief_lines
from explain.json import ruling_json
from explain.text import render_text
from kb.model import Pack
from solver.sequence import AttackRuling, Dist, StepResult, at_least, mean

SHOWN_AT_LEAST = 4
"""How many "at least N" chances the short answer gives (JSON has them all)."""


def sequence_text(r: AttackRuling, pack: Pack, *, full: bool = False) -> str:
    """The short answer, or with `full` each step's whole ruling under its line.

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
          save (save): 3 dice on average, each saved on 5+; fails and goes on: chance 2/3 -> 2 unsaved hits
        ...
    """
    lines = [_headline(r)]
    lines += [f"  {line}" for line in _key_chances(r)]
    lines.append(f"  {_attacks(r)}")
    for step in r.steps:
        lines.append(f"  {_step_line(step)}")
        if full and step.ruling is not None:
            lines += ["      " + x for x in render_text(step.ruling, pack=pack).splitlines()]
        else:
            lines += _reasons(step, pack)
    if r.damage is not None:
        lines.append(f"  {_damage_line(r)}")
        if r.point is not None:
            lines.append(f"  {_step_line(r.point, point=True)}")
            lines += _reasons(r.point, pack)
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


def _headline(r: AttackRuling) -> str:
    what = r.sequence.text or r.sequence.name
    what = what[0].upper() + what[1:]
    if r.damage is None:
        return f"{what}: {_num(mean(r.outcome))} {_called(r.steps[-1])} on average"
    text = f"{what}: {_num(mean(r.damage))} damage on average"
    if r.destroyed is not None:
        text += (f", {_num(mean(r.destroyed))} of {r.models} models destroyed "
                 f"({r.wounds} wound{'s' if r.wounds != 1 else ''} each)")
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
        return f"{n} attack{'s' if n != 1 else ''}"
    return f"{_num(mean(r.attacks))} attacks on average ({min(r.attacks)} to {max(r.attacks)})"


def _step_line(s: StepResult, *, point: bool = False) -> str:
    if s.ruling is None:
        how = f"{s.target}+, never modified"
    elif s.ruling.modifier is None:
        how = s.ruling.display
    else:
        how = f"{s.target}+" + (f" with {s.ruling.modifier:+d}" if s.ruling.modifier else "")
    dice = "each point" if point else f"{_amount(s.dice_in)}, each"
    if s.step.keep == "fails":
        line = f"{s.step.name} ({s.step.roll}): {dice} saved on {how}; fails and goes on: chance {_frac(s.kept)}"
    else:
        line = f"{s.step.name} ({s.step.roll}): {dice} passes on {how}: chance {_frac(s.kept)}"
    for e, extra, damage in s.events:
        does = [f"{extra} more" for _ in [0] if extra] + [f"skips {', '.join(e.skip)}" for _ in [0] if e.skip]
        does += [f"damage {damage}" for _ in [0] if damage is not None] + ["carries over" for _ in [0]
                                                                          if e.carry_over]
        line += f"; on {'an unmodified ' if e.result == 'unmodified' else ''}{_results(e.on)}: {', '.join(does)}"
    if not point:
        line += f" -> {_num(mean(s.dice_out))} {_called(s)}"
    return line


def _amount(d: Dist) -> str:
    return f"{next(iter(d))} dice" if len(d) == 1 else f"{_num(mean(d))} dice on average"


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
    per = r.damage_per_attack or {}
    each = f"{_num(mean(per))} per attack on average" if len(per) > 1 else f"{next(iter(per), 0)} per attack"
    lost = "excess damage carries over" if r.sequence.carry_over else "excess damage is lost"
    line = f"damage: {each}"
    if r.destroyed is not None:
        line += f", {lost}"
    line += f" -> {_num(mean(r.damage or {}))} damage"
    if r.destroyed is not None:
        line += f", {_num(mean(r.destroyed))} models destroyed"
    return line


def _called(s: StepResult) -> str:
    return s.step.passes or f"dice kept by {s.step.name}"


def _results(on: tuple[int, ...]) -> str:
    if len(on) > 1 and on == tuple(range(on[0], on[-1] + 1)) and on[-1] == 6:
        return f"{on[0]}+"
    return " or ".join(map(str, on))


def _num(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    return f"{float(x):.2f}"


def _percent(p: Fraction) -> str:
    if p == 1:
        return "certain"
    if p == 0:
        return "never"
    shown = f"{float(p) * 100:.1f}%"
    return shown if shown not in ("0.0%", "100.0%") else f"{float(p) * 100:.4g}%"


def _frac(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"

"""Rolls as dice: re-rolls, unmodified results, and the exact distribution of what a roll ends as.

A roll goes in one order (wh40k.txt, "When modifying dice rolls", says it; a pack cites it as the
`rerolls` step of its rolls):

1. roll the dice, then make any re-rolls, one per die at most ("Modifiers
   are applied after any re-rolls of that dice roll");
2. the result now is the *unmodified* roll ("Rules that refer to the value of
   an 'unmodified' dice roll are referring to the dice result after any
   re-rolls, but before modifiers"), which is what triggers such as "an
   unmodified 6" look at;
3. then the modifiers, the cap on the net modifier, and the limits on the result.

A situation says which re-roll applies (`reroll: ones | failed | all`, or a
list of them), what the roll must reach (`target: 3` or `"3+"`, a charge's
distance), and which unmodified results trigger something (`unmodified: 6`,
`"5+"` or a list). :func:`after_rerolls` gives the exact distribution of the
unmodified result by enumerating every die, so every chance is a `Fraction`.

The re-rolls say which dice *may* be re-rolled: `ones` any die showing a 1,
`failed` every die of a roll that fails, `all` every die of the roll whatever
it shows. A die is re-rolled once at most, and the player chooses, roll by
roll, which of those dice to re-roll: the choice that gives the best chance of
passing (`REROLL_CHOICE`, an assumption). On a 2D6 charge needing 9 with
`ones` and `failed`, a failed 1 and 6 re-rolls only the 1 (2/3), not both dice
(10/36): 167/324 in all. Where choices tie, the player re-rolls as the re-roll
alone says (a failing roll whole, else every 1). Without a target there is
nothing to choose by, and every 1 is re-rolled. A player may instead re-roll
to fish for an unmodified result (`fish`): then the choice gives the best
chance of that result first, and of passing second.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, Any

from kb.errors import RulingsError, Span
from solver.arithmetic import Note
from solver.derivation import Node

if TYPE_CHECKING:
    from kb.expr import Expr
    from kb.model import Reroll

REROLLS = {
    "ones": "each die showing an unmodified 1 is re-rolled",
    "failed": "a roll that fails is re-rolled (every die of it)",
    "all": "the player may re-roll the roll whatever it shows; it is re-rolled when it fails, since re-rolling "
           "a success can only lose it",
}
"""The re-rolls a situation can give, and what each does (one re-roll per die, whichever apply)."""

FISHING_ALL = "the player may re-roll the roll whatever it shows, and re-rolls it for the trigger result"
"""What a re-roll of any roll does when the player fishes for an unmodified result (`reroll_for: unmodified`)."""

REROLL_CHOICE = "for:dice_to_reroll"
"""The assumption that the player chooses which allowed dice to re-roll, for the best chance of passing.

The seed says only that modifiers come after re-rolls; which dice a re-roll
lets a player pick, and what for, is the pack's assumption (`wh40k` declares
it). The derivation says where the choice changed an answer.
"""

ROLL_KEYS = ("target", "reroll", "unmodified", "reroll_for")
"""The situation keys that describe a roll as dice."""

_AT_LEAST = re.compile(r'^\s*(?P<n>\d+)\s*(?P<plus>\+)?\s*(?:"|in|inches)?\s*$')


def after_rerolls(count: int, sides: int, reroll: Collection[str],
                  fails: Callable[[int], bool] | None = None, fish: Collection[int] = ()) -> dict[int, Fraction]:
    """The exact distribution of the unmodified total of `count` dice of `sides` after re-rolls.

    `fails(total)` says whether an unmodified total would fail (after the
    modifiers the caller applies). The re-rolls say which dice may be
    re-rolled: `ones` any die showing 1, `failed` every die of a failing roll,
    `all` every die of any roll; a die is re-rolled at most once. For each
    roll the player re-rolls the dice that give the best chance of passing
    (of an unmodified total in `fish` first, when fishing for a trigger);
    ties go to the re-roll as it reads alone (a failing roll whole, else
    every 1). Without `fails` every 1 is re-rolled.

    Examples:
        >>> after_rerolls(1, 6, ["ones"])[1], after_rerolls(1, 6, ["ones"])[6]
        (Fraction(1, 36), Fraction(7, 36))
        >>> after_rerolls(1, 6, ["failed"], lambda total: total < 4)[6]
        Fraction(1, 4)
        >>> from solver.rolls import chance
        >>> chance(after_rerolls(2, 6, ["ones", "failed"], lambda total: total < 9), lambda total: total >= 9)
        Fraction(167, 324)
    """
    return _rerolled(count, sides, reroll, fails, fish)[0]


def _rerolled(count: int, sides: int, reroll: Collection[str], fails: Callable[[int], bool] | None,
              fish: Collection[int] = ()) -> tuple[dict[int, Fraction], bool]:
    """`after_rerolls`, and whether choosing the dice beat the re-roll as it reads alone for some roll.

    A roll's choices are: keep it; re-roll j of its 1s (`ones`; any j of them
    alike, since each shows 1); re-roll it whole (`all`, or `failed` when it
    fails). Each is scored by its exact chance of what the player wants.
    """
    unknown = set(reroll) - set(REROLLS)
    if unknown:
        raise ValueError(f"unknown re-roll {sorted(unknown)[0]!r}")
    if {"failed", "all"} & set(reroll) and fails is None:
        raise ValueError("re-rolling a failed roll needs what the roll must reach")
    faces = range(1, sides + 1)
    sums: dict[int, dict[int, int]] = {}  # k dice: {their total: how many ways}

    def rolled(k: int) -> dict[int, int]:
        if k not in sums:
            ways: dict[int, int] = {}
            for dice in product(faces, repeat=k):
                ways[sum(dice)] = ways.get(sum(dice), 0) + 1
            sums[k] = ways
        return sums[k]

    wants: list[Callable[[int], bool]] = []
    if fish:
        wants.append(lambda total: total in fish)
    if fails is not None:
        wants.append(lambda total: not fails(total))
    scores: dict[tuple[int, int], tuple[Fraction, ...]] = {}

    def score(kept: int, k: int) -> tuple[Fraction, ...]:
        """The chances of what the player wants when `k` dice are re-rolled and the rest total `kept`."""
        if (kept, k) not in scores:
            scores[kept, k] = tuple(sum((Fraction(n, sides ** k) for s, n in rolled(k).items() if want(kept + s)),
                                        Fraction(0)) for want in wants)
        return scores[kept, k]

    out: dict[int, Fraction] = {}
    chose = False
    first = Fraction(1, sides ** count)
    for dice in product(faces, repeat=count):
        total = sum(dice)
        ones = dice.count(1) if "ones" in reroll else 0
        whole = "all" in reroll or ("failed" in reroll and fails is not None and fails(total))
        options = [(total - j, j) for j in range(ones + 1)]  # keep, or re-roll j of the 1s
        if whole:
            options.append((0, count))
        plain = options[-1]  # the re-roll as it reads alone: a failing roll whole, else every 1
        if "all" in reroll and fails is not None and not fails(total):
            plain = options[ones]  # "all" re-rolls a roll when it fails: re-rolling a success can only lose it
        best = plain
        if wants:
            top = max(score(*o) for o in options)
            if score(*plain) != top:
                chose = True
                best = max((o for o in options if score(*o) == top), key=lambda o: o[1])  # ties: the most dice
        kept, k = best
        for s, n in rolled(k).items():
            out[kept + s] = out.get(kept + s, Fraction(0)) + first * Fraction(n, sides ** k)
    return dict(sorted(out.items())), chose


def chance(distribution: Mapping[int, Fraction], wins: Callable[[int], bool]) -> Fraction:
    """The total chance of the results for which `wins` holds.

    Examples:
        >>> chance({1: Fraction(1, 2), 2: Fraction(1, 2)}, lambda r: r >= 2)
        Fraction(1, 2)
    """
    return sum((p for result, p in distribution.items() if wins(result)), Fraction(0))


def read_target(raw: Any, where: Span | None) -> int | None:
    """What a roll must reach, as a situation writes it: `3`, `"3+"`, a distance `'7"'`.

    Examples:
        >>> read_target("3+", None), read_target(7, None), read_target('9"', None)
        (3, 7, 9)
    """
    if raw is None:
        return None
    if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 1:
        return raw
    m = _AT_LEAST.match(str(raw)) if isinstance(raw, str) else None
    if m is None or int(m.group("n")) < 1:
        raise RulingsError(f"target: {raw!r} is not what a roll must reach", where=where,
                           hint='give a number such as 3, a score such as "3+", or a charge distance such as 7')
    return int(m.group("n"))


def read_reroll(raw: Any, where: Span | None) -> tuple[str, ...]:
    """The re-rolls a situation gives: one name or a list (`ones`, `failed`, `all`).

    Examples:
        >>> read_reroll("ones", None), read_reroll(["failed", "ones"], None)
        (('ones',), ('failed', 'ones'))
    """
    if raw is None:
        return ()
    listed = raw if isinstance(raw, list) else [raw]
    for item in listed:
        if not isinstance(item, str) or item not in REROLLS:
            from kb.errors import did_you_mean

            shown = item if isinstance(item, str) else repr(item)
            hint = did_you_mean(shown, REROLLS) or "one of " + ", ".join(REROLLS)
            raise RulingsError(f"reroll: unknown re-roll {shown!r}", where=where, hint=hint)
    return tuple(dict.fromkeys(listed))


REROLL_FOR = ("pass", "unmodified")
"""What a player may re-roll for: to pass (the default), or first for an unmodified trigger result."""


def read_reroll_for(raw: Any, where: Span | None) -> str:
    """What the player re-rolls for: `pass` (the default) or `unmodified` (fishing for a trigger).

    Examples:
        >>> read_reroll_for(None, None), read_reroll_for("unmodified", None)
        ('pass', 'unmodified')
    """
    if raw is None:
        return "pass"
    if raw not in REROLL_FOR:
        raise RulingsError(f"reroll_for: {raw!r} is not what a player re-rolls for", where=where,
                           hint="pass (the default: for the best chance of passing) or unmodified (first for an "
                                "unmodified result of unmodified:)")
    return str(raw)


def read_unmodified(raw: Any, where: Span | None) -> tuple[int, ...]:
    """The unmodified results that trigger something: `6`, `"5+"` or a list such as `[1, 6]`.

    Examples:
        >>> read_unmodified(6, None), read_unmodified("5+", None), read_unmodified([1, 6], None)
        ((6,), (5, 6), (1, 6))
    """
    if raw is None:
        return ()
    shape = 'give a result such as 6, "5+" (5 or more, on a D6) or a list such as [1, 6]'
    if isinstance(raw, str):
        m = _AT_LEAST.match(raw)
        if m is None or not m.group("plus") or not 1 <= int(m.group("n")) <= 6:
            raise RulingsError(f"unmodified: {raw!r} is not a result", where=where, hint=shape)
        return tuple(range(int(m.group("n")), 7))
    listed = raw if isinstance(raw, list) else [raw]
    if not listed or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 1 for x in listed):
        raise RulingsError(f"unmodified: {raw!r} is not a result", where=where, hint=shape)
    return tuple(sorted(set(listed)))


def describe(distribution: Mapping[int, Fraction]) -> str:
    """A distribution as the derivation shows it.

    Examples:
        >>> describe({1: Fraction(1, 2), 2: Fraction(1, 2)})
        '1 (1/2), 2 (1/2)'
    """
    return ", ".join(f"{result} ({_frac(p)})" for result, p in distribution.items())


def _frac(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def dice_detail(dice: str, final: Callable[[int], int], net: int, target: int | None, reroll: tuple[str, ...],
                unmodified: tuple[int, ...], always: Mapping[int, bool] | None = None, fish: bool = False,
                ) -> tuple[Fraction | None, dict[str, Any], tuple[str, ...]]:
    """A roll's chance of reaching `target`, its distributions, and the steps for the derivation.

    `final(total)` is what an unmodified total ends as after the modifiers,
    the cap on the net modifier and the limits on the result. `always` maps
    unmodified totals that always pass (True) or always fail (False),
    whatever they end as (the pack's `always`, e.g. an unmodified 1 fails).
    The player re-rolls the dice that give the best chance of passing
    (`REROLL_CHOICE`), or with `fish` of an `unmodified` result first; the
    derivation says so where that choice changed the answer, in a note whose
    step is `REROLL_CHOICE`.

    Examples:
        >>> p, extra, notes = dice_detail("D6", lambda total: max(1, total - 1), -1, 3, ("ones",), (6,))
        >>> p, extra["unmodified"]["probability"]
        (Fraction(7, 12), '7/36')
        >>> dice_detail("D6", lambda total: total + 1, 1, 2, (), ())[0]
        Fraction(1, 1)
        >>> dice_detail("D6", lambda total: total + 1, 1, 2, (), (), {1: False})[0]
        Fraction(5, 6)
        >>> p, extra, notes = dice_detail("2D6", lambda total: total, 0, 9, ("ones", "failed"), ())
        >>> p, notes[1].startswith("the player chooses")
        (Fraction(167, 324), True)
    """
    count, _, sides = dice.upper().partition("D")
    always = always or {}

    def reaches(total: int) -> bool:
        return always.get(total, target is not None and final(total) >= target)

    fails = (lambda total: not reaches(total)) if target is not None else None
    if fails is None and {"failed", "all"} & set(reroll):
        raise RulingsError(f"re-rolling a failed roll ({', '.join(reroll)}) needs what the roll must reach",
                           hint='give target: in the situation, e.g. target: "3+"')
    fishing = unmodified if fish else ()
    unmodified_total, chose = _rerolled(int(count or 1), int(sides), reroll, fails, fishing)
    results: dict[int, Fraction] = {}
    for total, p in unmodified_total.items():
        results[final(total)] = results.get(final(total), Fraction(0)) + p
    results = dict(sorted(results.items()))
    notes: list[str] = []
    if reroll:
        said = [FISHING_ALL if r == "all" and fishing else REROLLS[r] for r in reroll]
        notes.append(Note("rerolls", "re-rolls first, then modifiers: " + "; ".join(said)
                          + "; a die is re-rolled once at most"))
    if chose and fishing:
        notes.append(f"the player chooses the dice to re-roll for the best chance of an unmodified "
                     f"{' or '.join(map(str, unmodified))}, then of passing")
    elif chose:
        notes.append(Note(REROLL_CHOICE, "the player chooses the dice to re-roll for the best chance of passing: a "
                                         "failing roll may be better re-rolled in part, e.g. only its 1s"))
    notes.append(f"the unmodified roll (after any re-rolls, before modifiers): {describe(unmodified_total)}")
    extra: dict[str, Any] = {"distribution": {str(r): _frac(p) for r, p in results.items()}}
    if reroll:
        extra["reroll"] = list(reroll)
    if unmodified:
        hit = chance(unmodified_total, lambda total: total in unmodified)
        extra["unmodified"] = {"on": list(unmodified), "probability": _frac(hit)}
        notes.append(f"an unmodified {' or '.join(map(str, unmodified))}: chance {_frac(hit)}")
    notes.append(f"after modifiers (net {net:+d}) and limits: {describe(results)}")
    probability = None
    if target is not None:
        probability = chance(unmodified_total, reaches)
        for total, passes in sorted(always.items()):
            if total in unmodified_total and (final(total) >= target) != passes:
                notes.append(f"an unmodified {total} always {'passes' if passes else 'fails'}, although it ends as "
                             f"{final(total)}")
        notes.append(f"at least {target}: chance {_frac(probability)}")
    return probability, extra, tuple(notes)


def check_roll_keys(q: Any, situation: Any, target: int | None) -> int | None:
    """The target a roll's chance is for: the situation's, else the pack's (`target`).

    Refuses a target, re-roll or trigger for a quantity that is not a roll,
    and a re-roll of failed rolls with nothing to say what fails.
    """
    where = situation.where
    if q.kind not in ("total", "roll"):
        raise RulingsError(f"{q.name} is not a roll: it takes no target:, reroll:, unmodified: or reroll_for:",
                           where=where.get("(target)") or where.get("(reroll)") or where.get("(unmodified)")
                           or where.get("(reroll_for)"),
                           hint=(f"{q.name} is the score needed, and its answer already gives the chance of "
                                 "reaching it; these keys describe a roll quantity's dice" if q.kind == "score"
                                 else "these describe dice: ask a roll quantity such as hit_roll"))
    target = situation.target if situation.target is not None else target
    if situation.reroll_for == "unmodified" and not situation.unmodified:
        raise RulingsError("reroll_for: unmodified re-rolls for an unmodified result, but none is given",
                           where=where.get("(reroll_for)"), hint="give the result it fishes for: unmodified: 6")
    if target is None and {"failed", "all"} & set(situation.reroll):
        raise RulingsError(f"re-rolling a failed roll ({', '.join(situation.reroll)}) needs what the roll must reach",
                           where=where.get("(reroll)"), hint='give target: in the situation, e.g. target: "3+"')
    return target


def pack_rerolls(rules: Sequence[Reroll], given: tuple[str, ...], holds: Callable[[Expr], bool],
                 target: int | None, why: Callable[[Expr, bool], tuple[Node, ...]] | None = None,
                 ) -> tuple[tuple[str, ...], tuple[Node, ...]]:
    """The re-rolls a roll gets: the situation's, and the pack's rules whose conditions hold.

    An improved rule (`improves`) applies only when the rule it improves applies too, both conditions
    satisfied ("Such rules require both the first condition and the second condition to be satisfied for the
    improved rule to apply"), and then replaces that rule's re-roll (`instead`) or adds to it. `holds`
    evaluates a condition (raising for unknown facts, so a ruling can branch on them); a first rule's
    condition is read before its improvement's; `why(condition, outcome)` words why a condition came out
    as it did, for the derivation. A re-roll of failed rolls needs what the roll must reach:
    without a `target` it is named but not counted.

    Examples:
        >>> from kb.expr import parse_expr
        >>> from kb.errors import Span
        >>> from kb.model import Reroll
        >>> first = Reroll("closest", "ones", parse_expr("a"), Span("p"))
        >>> better = Reroll("objective", "failed", parse_expr("b"), Span("p"), improves="closest")
        >>> facts = {"a": False, "b": True}
        >>> pack_rerolls((first, better), (), lambda e: facts[e.text], 3)[0]
        ()
        >>> facts["a"] = True
        >>> pack_rerolls((first, better), (), lambda e: facts[e.text], 3)[0]
        ('failed',)
    """
    by_name = {r.name: r for r in rules}
    applies: dict[str, bool] = {}
    words = why or (lambda condition, outcome: ())

    def check(r: Reroll) -> bool:
        if r.name not in applies:
            first = by_name.get(r.improves) if r.improves else None
            applies[r.name] = (first is None or check(first)) and bool(holds(r.when))
        return applies[r.name]

    for r in rules:
        check(r)
    replaced = {r.improves for r in rules if applies[r.name] and r.improves and r.instead}
    granted: list[str] = list(given)
    nodes: list[Node] = []
    for r in rules:
        cite = str(r.cite) if r.cite else None
        name = f"{r.text or r.name} ({r.name})"
        first = by_name.get(r.improves) if r.improves else None
        if not applies[r.name]:
            reason = (f"it improves {first.name}, whose condition does not hold: an improved rule needs both "
                      "conditions" if first is not None and not applies[first.name]
                      else "its condition does not hold")
            own = () if first is not None and not applies[first.name] else words(r.when, False)
            nodes.append(Node(f"{name} does not apply: {reason}", own, cite=cite, tag="failed"))
            continue
        if r.name in replaced:
            better = next(x.name for x in rules if x.improves == r.name and applies[x.name] and x.instead)
            nodes.append(Node(f"{name}: replaced by the improved rule {better}", cite=cite, tag="suppressed"))
            continue
        if r.reroll in ("failed", "all") and target is None:
            nodes.append(Node(f"{name}: {REROLLS[r.reroll]}; give target: for what it changes", cite=cite,
                              tag="step"))
            continue
        how = ""
        if first is not None:
            how = (f"; both conditions hold ({first.name}'s and its own), so it applies "
                   + ("instead of " if r.instead else "as well as ") + f"{first.name}'s re-roll")
        nodes.append(Node(f"{name} grants a re-roll: {REROLLS[r.reroll]}{how}", words(r.when, True), cite=cite,
                          tag="applied"))
        granted.append(r.reroll)
    return tuple(dict.fromkeys(granted)), tuple(nodes)

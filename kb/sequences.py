"""Reading a pack's `sequences:`: whole attacks as steps of rolls, checked before anything is computed.

A sequence names rolls the pack already has, in order; each die that a step
keeps goes on to the next step, and events on a die's result add dice, skip
later steps or change the damage. What can be wrong is found here, each at
its place in the file: a step naming a roll the pack does not have, a step
that skips itself or an earlier step (it would feed itself), an event on a
result the die cannot show, a damage quantity that is not a characteristic.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kb.document import Document
from kb.errors import did_you_mean
from kb.expr import Expr
from kb.model import Citation, Event, Quantity, RollSequence, Step

Problem = tuple[str, tuple[Any, ...], str]
"""A message, the path in the file it is about, and a hint."""

ExprReader = Callable[[Any, tuple[Any, ...], str], Expr]


def build_sequence(name: str, raw: Mapping[str, Any], doc: Document, path: tuple[Any, ...], expr: ExprReader,
                   quantities: Mapping[str, Quantity]) -> tuple[RollSequence, list[Problem]]:
    """The sequence `raw` describes, and every problem with it (the schema has checked its shape)."""
    problems: list[Problem] = []
    steps: list[Step] = []
    names = [s["step"] for s in raw["steps"]]
    for i, s in enumerate(raw["steps"]):
        at = (*path, "steps", i)
        if s["step"] in names[:i]:
            problems.append((f"sequence {name!r}: step {s['step']!r} given twice", (*at, "step"),
                             "give each step a name of its own"))
        steps.append(_step(name, s, doc, at, expr, quantities, names[i + 1:], names[:i + 1], problems))
    each_point = None
    if "each_point" in raw:
        each_point = _step(name, raw["each_point"], doc, (*path, "each_point"), expr, quantities, (), (), problems)
    for key in ("attacks", "damage"):
        q = raw.get(key)
        if q is None:
            continue
        if q not in quantities:
            problems.append((f"sequence {name!r}: {key}: {q!r} is not a quantity of the pack", (*path, key),
                             did_you_mean(q, quantities) or "name a characteristic quantity of the pack"))
        elif quantities[q].kind not in ("characteristic", "pool") or (key == "damage" and quantities[q].kind == "pool"):
            problems.append((f"sequence {name!r}: {key}: {q!r} is a {quantities[q].kind}, not a characteristic"
                             + (" or a pool" if key == "attacks" else ""), (*path, key),
                             "the number of attacks is a characteristic or a pool of dice (A, an Attack Pool); "
                             "the damage is a characteristic (D)"))
    return RollSequence(
        name, doc.span(path, key=True), tuple(steps), raw.get("text", ""), raw.get("attacks"), raw.get("damage"),
        each_point,
        expr(raw["models"], (*path, "models"), "int") if "models" in raw else None,
        expr(raw["wounds"], (*path, "wounds"), "int") if "wounds" in raw else None,
        bool(raw.get("carry_over", False)), tuple(raw.get("assumptions", ())), _cite(raw),
    ), problems


def _step(sequence: str, raw: Mapping[str, Any], doc: Document, at: tuple[Any, ...], expr: ExprReader,
          quantities: Mapping[str, Quantity], later: list[str] | tuple[str, ...], before: list[str] | tuple[str, ...],
          problems: list[Problem]) -> Step:
    name, roll = raw["step"], raw["roll"]
    q = quantities.get(roll)
    sides = 6
    if q is None:
        problems.append((f"sequence {sequence!r}: step {name!r} rolls {roll!r}, which is not a quantity of the pack",
                         (*at, "roll"), did_you_mean(roll, quantities) or "name one of the pack's roll quantities"))
    elif q.kind not in ("roll", "score"):
        problems.append((f"sequence {sequence!r}: step {name!r} rolls {roll!r}, a {q.kind}, not a roll or a score",
                         (*at, "roll"), "a step rolls a roll quantity (kind: roll) or the score needed on a D6 "
                                        "(kind: score), one die for each die that reaches it"))
    elif q.kind == "roll":
        count, _, faces = q.dice.upper().partition("D")
        sides = int(faces)
        if count not in ("", "1"):
            problems.append((f"sequence {sequence!r}: step {name!r} rolls {roll!r}, which is {q.dice}: a step rolls "
                             "one die for each die that reaches it", (*at, "roll"),
                             "give the step a roll quantity of one die (dice: D6)"))
    events = []
    for j, e in enumerate(raw.get("events") or ()):
        where = (*at, "events", j)
        kind = "unmodified" if "unmodified" in e else "result"
        on = _results(e[kind])
        if kind == "unmodified" and (not on or any(not 1 <= r <= sides for r in on)):
            problems.append((f"sequence {sequence!r}: event {e['name']!r} is on an unmodified {_shown(e[kind])}, "
                             f"which a D{sides} cannot show", (*where, kind), f"give results from 1 to {sides}"))
        elif not on:  # a modified result may be any number (7 after a +1), but it must be one
            problems.append((f"sequence {sequence!r}: event {e['name']!r} is on a result {_shown(e[kind])}, "
                             "which names no number", (*where, kind), "give a whole number or a list of them"))
        for k, skipped in enumerate(e.get("skip") or ()):
            if skipped in before:
                problems.append((f"sequence {sequence!r}: event {e['name']!r} skips {skipped!r}, which is not after "
                                 f"step {name!r}: a step cannot feed itself", (*where, "skip", k),
                                 "skip only later steps" + (f": {', '.join(later)}" if later else "")))
            elif skipped not in later:
                problems.append((f"sequence {sequence!r}: event {e['name']!r} skips {skipped!r}, which is not a step "
                                 "of the sequence", (*where, "skip", k),
                                 did_you_mean(skipped, later) or "skip only later steps"))
        events.append(Event(
            e["name"], on, doc.span(where), "unmodified" if kind == "unmodified" else "modified",
            expr(e["when"], (*where, "when"), "bool") if "when" in e else None,
            expr(e["extra"], (*where, "extra"), "int") if "extra" in e else None,
            tuple(e.get("skip") or ()),
            expr(e["damage"], (*where, "damage"), "int") if "damage" in e else None,
            bool(e.get("carry_over", False)), e.get("text", ""), _cite(e),
        ))
    return Step(name, roll, doc.span(at), expr(raw["target"], (*at, "target"), "int") if "target" in raw else None,
                raw.get("keep", "passes"), bool(raw.get("modified", True)), raw.get("passes", ""), tuple(events),
                raw.get("text", ""), _cite(raw))


def _results(raw: Any) -> tuple[int, ...]:
    """`6`, `"5+"` (5 or more, up to 6) or a list of results."""
    if isinstance(raw, str):
        number = raw.strip().rstrip("+")
        return tuple(range(int(number), 7)) if number.isdigit() and raw.strip().endswith("+") else ()
    listed = raw if isinstance(raw, list) else [raw]
    return tuple(sorted({r for r in listed if isinstance(r, int) and not isinstance(r, bool)}))


def _shown(raw: Any) -> str:
    return raw if isinstance(raw, str) else str(raw)


def _cite(raw: Mapping[str, Any]) -> Citation | None:
    cite = raw.get("cite")
    return Citation(cite["source"], cite.get("paragraph"), cite.get("quote", "")) if cite else None

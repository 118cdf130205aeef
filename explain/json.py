"""A ruling as the JSON document of SPEC 3.2."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from solver.ruling import Ruling


def ruling_json(ruling: Ruling, *, explained: bool = True) -> dict[str, Any]:
    """The ruling as plain JSON data: always the SPEC's nine keys, the rest where they apply (the explanation null
    unless `explained`: it is worded only when read).

    Examples:
        >>> from kb.loader import load_pack
        >>> from solver import Situation, ask
        >>> doc = ruling_json(ask(load_pack("fantasy"), "to_hit", Situation(given={"shooter.bs": 3})))
        >>> doc["value"], doc["display"], doc["probability"], doc["impossible"]
        (4, '4+', '1/2', False)
        >>> doc["explanation"]["claim"]
        'the score needed to hit on a D6 (to_hit): 4+, chance 1/2'
        >>> ruling_json(ask(load_pack("fantasy"), "to_hit", Situation(given={"shooter.bs": 3})), explained=False)[
        ...     "explanation"] is None
        True
    """
    out: dict[str, Any] = {
        "pack": ruling.pack,
        "quantity": ruling.quantity,
        "value": ruling.value,
        "display": ruling.display,
        "applied": [{"rule": a.rule, "change": a.change, "text": a.text, "cite": a.cite} for a in ruling.applied],
        "suppressed": [{"rule": s.rule, "by": s.by, "policy": s.policy} for s in ruling.suppressed],
        "ignored": [{"rule": r} for r in ruling.ignored],
        "clamped": [{"rule": c.rule, "from": c.before, "to": c.after} for c in ruling.clamped],
    }
    if ruling.modifier is not None:
        out["modifier"] = ruling.modifier
    if ruling.probability is not None:
        out["probability"] = _fraction(ruling.probability)
        out["impossible"] = ruling.impossible
        out["automatic"] = bool(ruling.automatic)
    if ruling.then is not None:
        out["then"] = ruling.then
    out.update(dict(ruling.extra))
    if ruling.cases is not None:
        out["cases"] = [
            {"when": {f: v for f, v in c.when}, **_brief(ruling_json(c.ruling))} for c in ruling.cases
        ]
    if ruling.readings is not None:
        out["readings"] = [
            {"reading": o.option, "of": o.reading, "value": o.ruling.value, "display": o.ruling.display,
             "default": o.default}
            for o in ruling.readings
        ]
    if ruling.groups is not None:
        out["groups"] = [{"name": name, **ruling_json(r)} for name, r in ruling.groups]
    if ruling.choice is not None:
        out["alternatives"] = [{"ignore": list(a.ignored), "display": a.display} for a in ruling.choice.alternatives]
    out["assumptions"] = list(ruling.assumptions)
    out["explanation"] = ruling.explanation.to_json() if explained else None
    return out


def _brief(doc: dict[str, Any]) -> dict[str, Any]:
    keep = ("value", "display", "probability", "impossible", "automatic", "then", "modifier", "applied", "cases")
    return {k: doc[k] for k in keep if k in doc}


def _fraction(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"

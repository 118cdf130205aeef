"""Plain Python references: each question answered the obvious way, by hand, with no engine.

These are what a programmer would write for one game and one question: plain
functions, plain `if`s, no closures or generators, so a ratio against them
measures the engine and not a slow reference. They read the seed texts'
rules, not the packs.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

FANTASY_MINUS_ONE = ("shooter.moved", "shooter.stand_and_shoot", "special.multiple_shots",
                     "special.quick_to_fire", "special.sniper", "special.volley_fire")
FANTASY_RULE = {"shooter.moved": "moved", "shooter.stand_and_shoot": "stand_and_shoot",
                "special.multiple_shots": "multiple_shots", "special.quick_to_fire": "quick_to_fire",
                "special.sniper": "sniper", "special.volley_fire": "volley_fire"}


def fantasy_value(given: dict[str, Any]) -> int:
    """The fantasy score needed to hit, and nothing else."""
    score = 7 - given["shooter.bs"]
    for name in FANTASY_MINUS_ONE:
        if given.get(name):
            score += 1
    if given.get("target.within_4in"):
        score -= 1
    if given.get("target.lone_model") and given["target.unit_strength"] <= 2:
        score += 1
    soft = False
    if given.get("soft_cover.obscures"):
        los = 2 * given["soft_cover.los"]
        soft = los >= given["target.los"] and los >= given["shooter.los"]
    hard = False
    if given.get("hard_cover.obscures"):
        los = 2 * given["hard_cover.los"]
        hard = los >= given["target.los"] and los >= given["shooter.los"]
    if hard:
        score += 2
    elif soft:
        score += 1
    score = max(score, 2)
    return score


MINUS_ONE_RULES = tuple((fact, FANTASY_RULE[fact]) for fact in FANTASY_MINUS_ONE)


def _reading(score: int) -> tuple[str, Fraction, int | None]:
    """How a fantasy score reads: its display, its chance and the follow-up score after a 6."""
    if score >= 10:
        return f"{score}+: impossible", Fraction(0), None
    if score >= 7:
        then = score - 3
        return f"6, then {then}+", Fraction(1, 6) * Fraction(7 - then, 6), then
    return f"{score}+", Fraction(7 - score, 6), None


READINGS = {score: _reading(score) for score in range(2, 20)}
"""Every score's reading, worked out once: a plain function looks a constant up, it does not rebuild it."""


def fantasy_answer(given: dict[str, Any]) -> tuple[Any, ...]:
    """Every field of a fantasy ruling but the explanation: value, display, what applied and was suppressed,
    what was clamped, chance, follow-up, impossible, automatic. Plain code: tuples, ints, constants."""
    score = 7 - given["shooter.bs"]
    applied = []
    for fact, rule in MINUS_ONE_RULES:
        if given.get(fact):
            applied.append((rule, "-1"))
            score += 1
    if given.get("target.within_4in"):
        applied.append(("within_4in", "+1"))
        score -= 1
    if given.get("target.lone_model") and given["target.unit_strength"] <= 2:
        applied.append(("lone_model", "-1"))
        score += 1
    soft = hard = False
    if given.get("soft_cover.obscures"):
        los = 2 * given["soft_cover.los"]
        soft = los >= given["target.los"] and los >= given["shooter.los"]
    if given.get("hard_cover.obscures"):
        los = 2 * given["hard_cover.los"]
        hard = los >= given["target.los"] and los >= given["shooter.los"]
    suppressed = ()
    if hard:
        applied.append(("hard_cover", "-2"))
        score += 2
        if soft:
            suppressed = (("soft_cover", "hard_cover", "cover_never_stacks"),)
    elif soft:
        applied.append(("soft_cover", "-1"))
        score += 1
    clamped = ()
    if score < 2:
        clamped = (("natural_one_misses", score, 2),)
        score = 2
    display, probability, then = READINGS[score]
    return score, display, tuple(applied), suppressed, (), clamped, probability, then, score >= 10, False


def wh40k_characteristic(base: int, effects: list[str]) -> int:
    """A wh40k characteristic in integers: set, then multiply, add, divide, subtract (the pack's order); the
    fraction kept as numerator and denominator and rounded up at the end; at least 1."""
    top, bottom = base, 1
    for effect in effects:
        if effect[0] == "=":
            top, bottom = int(effect[1:]), 1
    for effect in effects:
        if effect[0] == "x":
            top *= int(effect[1:])
    for effect in effects:
        if effect[0] == "+":
            top += int(effect[1:]) * bottom
    for effect in effects:
        if effect[0] == "/":
            bottom *= int(effect[1:])
    for effect in effects:
        if effect[0] == "-":
            top -= int(effect[1:]) * bottom
    return max(-(-top // bottom), 1)


def wh40k_characteristic_fractions(base: int, effects: list[str]) -> int:
    """The same with `Fraction` (the reference of earlier runs, kept to compare with)."""
    value: Fraction = Fraction(base)
    for effect in effects:
        if effect[0] == "=":
            value = Fraction(int(effect[1:]))
    for effect in effects:
        if effect[0] == "x":
            value *= int(effect[1:])
    for effect in effects:
        if effect[0] == "+":
            value += int(effect[1:])
    for effect in effects:
        if effect[0] == "/":
            value /= int(effect[1:])
    for effect in effects:
        if effect[0] == "-":
            value -= int(effect[1:])
    return max(math.ceil(value), 1)


def skirmish_cc_dice(given: dict[str, Any]) -> dict[str, int]:
    """The close-combat Attack Pool under both readings (a penalty per status, or one in all)."""
    bases = given["attacker.bases"]
    dice = given["attacker.dice_per_base"] * bases
    if given.get("attacker.charging"):
        dice += bases
    penalties = 0
    for name in ("attacker.shaken", "attacker.flanked", "attacker.vehicle"):
        if given.get(name):
            penalties += 1
    cumulative = dice - penalties * bases
    once = dice - (bases if penalties else 0)
    cumulative = max(cumulative, bases)
    once = max(once, bases)
    return {"cumulative": cumulative, "once": once}


def attack_damage(attacks: int, chance: Fraction, damage: dict[int, Fraction], models: int,
                  wounds: int) -> dict[int, Fraction]:
    """The damage a unit suffers from `attacks` attacks that each get through with `chance`: a plain chain.

    Each attack that gets through deals damage drawn from `damage` to the model being allocated to;
    excess damage is lost; a destroyed model makes way for the next.
    """
    states = {(0, 0): Fraction(1)}
    for _ in range(attacks):
        nxt: dict[tuple[int, int], Fraction] = {}
        for (k, h), p in states.items():
            nxt[(k, h)] = nxt.get((k, h), Fraction(0)) + p * (1 - chance)
            for d, q in damage.items():
                state = (k, h) if k >= models else (k + 1, 0) if h + d >= wounds else (k, h + d)
                nxt[state] = nxt.get(state, Fraction(0)) + p * chance * q
        states = nxt
    out: dict[int, Fraction] = {}
    for (k, h), p in states.items():
        out[k * wounds + h] = out.get(k * wounds + h, Fraction(0)) + p
    return out

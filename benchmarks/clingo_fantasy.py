"""The fantasy `to_hit` question in answer set programming, for the clingo comparison in `run.py`.

The program encodes the rules as `kb/packs/fantasy.yaml` has them: the base
score 7 - BS; each "-1 shooting modifier" raises the score needed by 1 (the
pack's `plus: lowers`), within 4" lowers it by 1; a lone model of Unit Strength
2 or less; soft and hard cover derived from Line of Sight (cover at least half
as high as both the target and the shooter) and never stacking (hard cover
wins); a natural 1 always misses (at least 2); the 7+ chart (a 6, then 4+, 5+,
6+) and impossible from 10; automatic hits skip the roll.

It is grounded once. Every fact a situation can give is an external atom: a
bool fact is `holds(F)`; a derived bool fact given directly is `holds(F)` (given
true) or `denied(F)` (given false), and so is an input to one (`denied(F)`: given
false, not merely left out); an int fact is one `val(F, V)` for each V in its
range, with `unknown(F)` when it is not given. All externals are left free,
and each question is one `solve(assumptions=...)` that fixes every one of them
from the situation, directly or through the program's constraints (bool facts
not given are false, as in the pack; an int fact has its one value or is
unknown), so the question has exactly one model, from which the score is read.

It answers situations whose int facts are known, like the benchmark's. Where
a rule needs an int fact that is not given, `ask` raises `Undecided`: Rulings
reasons over the fact's range there (answering with cases, or with one value
when every case agrees, or finding a contradiction), which this encoding does
not attempt. A situation the rules contradict (a derived fact given true or false
against what its given inputs derive) has no model and raises `Contradiction`.

    >>> to_hit = FantasyToHit()
    >>> to_hit.ask({"shooter.bs": 3, "shooter.moved": True})
    Answer(value=5, then=None, impossible=False, automatic=False)
    >>> to_hit.ask({"shooter.bs": 1, "shooter.moved": True, "target.in_hard_cover": True})
    Answer(value=9, then=6, impossible=False, automatic=False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import clingo

BOOL_FACTS = ("shooter.moved", "shooter.stand_and_shoot", "target.within_4in", "target.lone_model",
              "soft_cover.obscures", "hard_cover.obscures", "special.multiple_shots", "special.quick_to_fire",
              "special.sniper", "special.volley_fire", "attack.auto_hit")
DERIVED_FACTS = ("target.in_soft_cover", "target.in_hard_cover")
DERIVATION_INPUTS = ("soft_cover.obscures", "hard_cover.obscures")  # given false, they contradict cover given true
INT_FACTS = {"shooter.bs": (1, 10), "shooter.los": (1, 10), "target.los": (1, 10),
             "target.unit_strength": (0, 99), "soft_cover.los": (1, 10), "hard_cover.los": (1, 10)}

PROGRAM = """
% The situation: free external atoms, fixed by each question's assumptions.
{facts}
#external holds(F) : bool_fact(F).
#external holds(F) : derived_fact(F).
#external denied(F) : derived_fact(F).
#external denied(F) : derivation_input(F).
#external val(F, V) : int_fact(F, L, H), V = L..H.
#external unknown(F) : int_fact(F, _, _).
% an int fact has one value, or none when it is unknown
:- val(F, V), val(F, W), V < W.
known(F) :- val(F, _).
:- int_fact(F, _, _), not known(F), not unknown(F).
:- unknown(F), known(F).

% Cover (paragraphs 8, 10, 11): the majority obscured, by cover at least half as high a
% Line of Sight value as the target and as the shooter; or the derived fact given directly.
cover(soft, "soft_cover.obscures", "soft_cover.los", "target.in_soft_cover").
cover(hard, "hard_cover.obscures", "hard_cover.los", "target.in_hard_cover").
in_cover(K) :- cover(K, O, L, _), holds(O), val(L, C), val("target.los", T), val("shooter.los", S),
               2 * C >= T, 2 * C >= S.
in_cover(K) :- cover(K, _, _, F), holds(F).
% A derived fact given directly must agree with whatever of its inputs is given, as in Rulings.
told(K) :- cover(K, _, _, F), holds(F).
told(K) :- cover(K, _, _, F), denied(F).
rules_out(K) :- cover(K, O, _, _), denied(O).
rules_out(K) :- cover(K, _, L, _), val(L, C), val("target.los", T), 2 * C < T.
rules_out(K) :- cover(K, _, L, _), val(L, C), val("shooter.los", S), 2 * C < S.
:- cover(K, _, _, F), denied(F), in_cover(K).
:- cover(K, _, _, F), holds(F), rules_out(K).

% Shooting modifiers change the roll, so a -1 raises the score needed (the pack's `plus: lowers`).
applies(moved, 1) :- holds("shooter.moved").
applies(within_4in, -1) :- holds("target.within_4in").
applies(stand_and_shoot, 1) :- holds("shooter.stand_and_shoot").
applies(lone_model, 1) :- holds("target.lone_model"), val("target.unit_strength", U), U <= 2.
applies(hard_cover, 2) :- in_cover(hard).
applies(soft_cover, 1) :- in_cover(soft), not in_cover(hard).  % cover never stacks: hard cover is kept
applies(multiple_shots, 1) :- holds("special.multiple_shots").
applies(quick_to_fire, 1) :- holds("special.quick_to_fire").
applies(sniper, 1) :- holds("special.sniper").
applies(volley_fire, 1) :- holds("special.volley_fire").

% The score: 7 - BS plus the modifiers; a natural 1 always misses; the 7+ chart; impossible from 10.
automatic :- holds("attack.auto_hit").
raw(7 - B + M) :- val("shooter.bs", B), not automatic, M = #sum { C, R : applies(R, C) }.
value(S) :- raw(S), S >= 2.
value(2) :- raw(S), S < 2.
chart(7, 4). chart(8, 5). chart(9, 6).
then(T) :- value(S), chart(S, T).
impossible :- value(S), S >= 10.

% An int fact a rule needs and the situation leaves unknown (Rulings reasons over its range).
undecided :- unknown("shooter.bs"), not automatic.
undecided :- holds("target.lone_model"), unknown("target.unit_strength"), not automatic.
undecided :- cover(K, O, L, _), holds(O), not told(K), unknown(L), not automatic.
undecided :- cover(K, O, _, _), holds(O), not told(K), unknown("target.los"), not automatic.
undecided :- cover(K, O, _, _), holds(O), not told(K), unknown("shooter.los"), not automatic.

#show value/1.
#show then/1.
#show impossible/0.
#show automatic/0.
#show undecided/0.
"""


def program() -> str:
    """The program, with the facts of the situation and their ranges written in."""
    facts = [f'bool_fact("{f}").' for f in BOOL_FACTS] + [f'derived_fact("{f}").' for f in DERIVED_FACTS]
    facts += [f'derivation_input("{f}").' for f in DERIVATION_INPUTS]
    facts += [f'int_fact("{f}", {low}, {high}).' for f, (low, high) in INT_FACTS.items()]
    return PROGRAM.replace("{facts}", "\n".join(facts))


class Answer(NamedTuple):
    """The score needed to hit (None when automatic), the follow-up roll for 7-9, and the flags."""

    value: int | None
    then: int | None
    impossible: bool
    automatic: bool


class Undecided(ValueError):
    """The situation leaves unknown an int fact that a rule needs: Rulings would answer with cases."""


class Contradiction(ValueError):
    """The situation has no model: a derived fact is given against what its given inputs derive."""


class FantasyToHit:
    """The program, grounded once; `ask` answers one situation with one solve under assumptions."""

    def __init__(self) -> None:
        self.control = clingo.Control(["--warn=none"])
        self.control.add("base", [], program())
        self.control.ground([("base", [])])
        atoms = self.control.symbolic_atoms

        def literal(name: str, *arguments: clingo.Symbol) -> int:
            return atoms[clingo.Function(name, list(arguments))].literal

        for name, arity in (("holds", 1), ("denied", 1), ("unknown", 1), ("val", 2)):
            for atom in atoms.by_signature(name, arity):  # free, so that assumptions make them true or false
                self.control.assign_external(atom.symbol, None)
        self.bools = {f: literal("holds", clingo.String(f)) for f in BOOL_FACTS}
        self.denials = {f: literal("denied", clingo.String(f)) for f in DERIVATION_INPUTS}
        self.derived = {f: (literal("holds", clingo.String(f)), literal("denied", clingo.String(f)))
                        for f in DERIVED_FACTS}
        self.ints = {f: ({v: literal("val", clingo.String(f), clingo.Number(v)) for v in range(low, high + 1)},
                         literal("unknown", clingo.String(f)))
                     for f, (low, high) in INT_FACTS.items()}
        self.names = frozenset((*BOOL_FACTS, *DERIVED_FACTS, *INT_FACTS))

    def assumptions(self, given: Mapping[str, Any]) -> list[int]:
        """The situation's facts as literals, false or unknown for the rest: one per fact (an int fact's
        other values are false by the program's constraints)."""
        for name in given:
            if name not in self.names:
                raise KeyError(f"unknown fact {name!r}")
        out = [lit if given.get(name) else -lit for name, lit in self.bools.items()]
        for name, denied in self.denials.items():
            out.append(denied if given.get(name) is False else -denied)
        for name, (told, denied) in self.derived.items():
            value = given.get(name)
            out.append(told if value is True else -told)
            out.append(denied if value is False else -denied)
        for name, (values, unknown) in self.ints.items():
            value = given.get(name)
            if value is None:
                out.append(unknown)
            else:
                if value not in values:
                    raise ValueError(f"{name} = {value} is outside its range")
                out.append(values[value])
        return out

    def ask(self, given: Mapping[str, Any]) -> Answer:
        """The fantasy score needed to hit in a fully known situation."""
        shown: list[clingo.Symbol] = []
        result = self.control.solve(assumptions=self.assumptions(given),
                                    on_model=lambda model: shown.extend(model.symbols(shown=True)))
        if not result.satisfiable:
            raise Contradiction(f"no model: the situation contradicts the rules: {dict(given)}")
        value = then = None
        impossible = automatic = False
        for symbol in shown:
            name = symbol.name
            if name == "value":
                value = symbol.arguments[0].number
            elif name == "then":
                then = symbol.arguments[0].number
            elif name == "impossible":
                impossible = True
            elif name == "automatic":
                automatic = True
            elif name == "undecided":
                raise Undecided(f"a rule needs an int fact the situation leaves unknown: {dict(given)}")
        return Answer(value, then, impossible, automatic)

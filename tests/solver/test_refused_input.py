"""Bad input refused with a place and a hint, never an internal error nor a wrong answer (docs/commands.md: every user
mistake is one message and exit 2): a situation's effects that are no whole numbers, a target that cannot be worked
out, a cap that reads a base a roll does not have, a sequence asked of a situation split into groups."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.errors import RulingsError
from kb.loader import load_pack
from solver.ask import ask
from solver.situation import read_situation
from tests.solver.small_packs import pack

WH40K = load_pack("wh40k")


@pytest.mark.parametrize(("op", "why"), [
    *((op, "is not +N, -N, xN, /N or =N") for op in ("+--2", "---1", "x--2", "+2-", "+1.5")),
    ("+³", "holds a digit other than 0-9"), ("+" + "9" * 19, "holds a number out of bounds")])
def test_an_effect_that_is_no_whole_number_is_refused_at_its_line(op: str, why: str) -> None:
    with pytest.raises(RulingsError) as e:
        ask(WH40K, "T", read_situation(f'base: 4\neffects: ["{op}"]\n', "s.yaml", WH40K))
    assert e.value.where is not None and (e.value.where.path, e.value.where.line) == ("s.yaml", 2)
    assert e.value.message.endswith(why)


@pytest.mark.parametrize(("op", "value"), [("+2", 6), ("-1", 3), ("x2", 8), ("/2", 2), ("=-0", 0), ("=7", 7)])
def test_a_whole_number_effect_is_taken(op: str, value: int) -> None:
    """Toughness 4 with one effect (the pack clamps no Toughness at 0: the rules set no floor for it here)."""
    situation = read_situation(f'base: 4\neffects: ["{op}"]\n', "s.yaml", WH40K)
    assert ask(WH40K, "T", situation).value == value


def test_a_target_that_cannot_be_worked_out_is_refused_at_the_quantity() -> None:
    p = pack("pack: t\nfacts:\n  n: {type: int, range: [0, 3], default: 0, text: n}\n"
             "quantities:\n  q: {kind: total, dice: 2D6, passes: '4 // n'}\n")
    with pytest.raises(RulingsError) as e:
        ask(p, "q", read_situation("given: {n: 0}\n", "s.yaml", p))
    assert "division by zero" in e.value.message
    assert e.value.where is not None and (e.value.where.path, e.value.where.line) == ("p.yaml", 5)


def test_a_cap_reading_base_is_refused_at_load_where_it_is_written() -> None:
    """A cap bounds a roll's net modifier, and a roll has no base: only a clamp's limits may read `base`."""
    text = ("pack: t\nfacts:\n  a: {type: bool, text: a holds}\nquantities:\n"
            "  save: {kind: roll, dice: D6, passes: 4}\nmodifiers:\n  up: {quantity: save, change: +3, when: a}\n"
            "policies:\n"
            "  most: {kind: cap, quantity: save, max: base + 1}\n")
    with pytest.raises(RulingsError) as e:
        pack(text)
    assert "p.yaml:9:42: policies.most.max: unknown fact 'base'" in str(e.value)
    clamped = pack(text.replace("save: {kind: roll, dice: D6, passes: 4}", "save: {kind: pool, base: 3}")
                   .replace("kind: cap", "kind: clamp"))
    assert ask(clamped, "save", read_situation("given: {a: true}\n", "s.yaml", clamped)).value == 4


def test_a_sequence_of_a_situation_split_into_groups_is_refused() -> None:
    """Resolving only the top level would tell every group the same whole attack; none is made."""
    from solver.sequence import resolve
    from solver.situation import Situation

    critical = load_pack(str(Path(__file__).parents[2] / "docs" / "examples" / "critical-game.yaml"))
    split = Situation(given={"attacker.skill": 3, "target.toughness": 4, "target.save": 4},
                      groups=(("a", Situation(given={"attacker.moved": True})), ("b", Situation())),
                      sequence={"attacks": 6, "damage": 1})
    with pytest.raises(RulingsError) as e:
        resolve(critical, "attack", split)
    assert e.value.message == "the sequence attack resolves one situation, and this one is split into groups"

"""Bad input in a situation's effects and a target that cannot be worked out: refused with a place and a hint, never
an internal error (docs/commands.md: every user mistake is one message and exit 2)."""

from __future__ import annotations

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

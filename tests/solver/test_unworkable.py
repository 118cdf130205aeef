"""A rule that cannot be worked out in some situation (a division by zero) is the pack's fault: a search that comes
to that situation stops and says where the expression is written and in which situation, as `ask` does when it
is given that situation. It never passes the situation over and claims an exhaustive search; `diff` compares
the error as that situation's answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.errors import Unworkable
from kb.loader import load_pack
from rulings.cli import main
from solver.consistent import partition

PACK = """\
pack: div
title: division
version: 1
facts:
  n: {type: int, range: [0, 3], text: "n is {value}"}
quantities:
  q: {kind: pool, base: 6, better: higher, text: dice}
modifiers:
  big: {quantity: q, change: "+1", when: 6 // n >= 3}
"""
WHERE = "div.yaml:9:3: division by zero in '6 // n >= 3'"


@pytest.fixture
def div(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "div.yaml").write_text(PACK, encoding="utf-8")
    return tmp_path / "div.yaml"


def test_the_value_an_expression_fails_on_is_a_class_of_its_own(div: Path) -> None:
    """n = 0 divides by zero, 1 and 2 make the rule hold, 3 does not: three classes, the failing one apart."""
    assert sorted(partition(load_pack("div.yaml"), "n").classes) == [((0, 0),), ((1, 2),), ((3, 3),)]


@pytest.mark.parametrize("argv", [
    ["ask", "div.yaml", "q", "--given", "n=0"],
    ["ask", "div.yaml", "q"],  # a case for each value of n: the case n = 0 is said
    ["check", "div.yaml"],
    ["find", "div.yaml", "q", "--where", "value >= 7"],
    ["why-not", "div.yaml", "q", "big"],
    ["faq", "div.yaml"],
])
def test_a_search_that_comes_to_it_stops_and_says_where_and_in_which_situation(
        div: Path, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err == f"rulings: {WHERE}\n  hint: the divisor is 0 in this situation" + \
        ("\n" if "--given" in argv else ": n = 0\n")
    assert "every situation was searched" not in out


def test_diff_compares_the_error_as_that_situations_answer(div: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (div.parent / "guarded.yaml").write_text(PACK.replace("when: 6 // n >= 3", "when: n >= 1 and 6 // n >= 3"),
                                             encoding="utf-8")
    assert main(["diff", "div.yaml", "guarded.yaml"]) == 0
    out = capsys.readouterr().out
    assert "  smallest: n = 0\n  before: error: division by zero in '6 // n >= 3'\n  after:  6 dice\n" in out
    assert "1 change: proven over every situation" in out
    assert main(["diff", "div.yaml", "div.yaml"]) == 0
    assert "no ruling changes: proven over every situation" in capsys.readouterr().out


def test_the_error_is_of_its_own_kind() -> None:
    from kb.errors import RulingsError
    from kb.expr import evaluate, parse_expr

    with pytest.raises(Unworkable) as raised:
        evaluate(parse_expr("6 // n"), {"n": 0})
    assert isinstance(raised.value, RulingsError)
    assert (raised.value.message, raised.value.hint) == ("division by zero in '6 // n'",
                                                          "the divisor is 0 in this situation")


def test_a_limit_is_not_proven_by_passing_over_a_situation_it_cannot_work_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`limits:` checked over every situation: one whose base divides by zero stops the proof, saying which."""
    from solver.space.check import _limits

    monkeypatch.chdir(tmp_path)
    (tmp_path / "lim.yaml").write_text(PACK.replace("base: 6,", "base: 6 // n,").split("modifiers:")[0]
                                       + "limits:\n  few: {quantity: q, holds: value <= 6, text: at most six dice}\n",
                                       encoding="utf-8")
    with pytest.raises(Unworkable) as raised:
        list(_limits(load_pack("lim.yaml")))
    assert str(raised.value) == ("lim.yaml:7:3: division by zero in '6 // n'\n"
                                 "  hint: the divisor is 0 in this situation: n = 0")

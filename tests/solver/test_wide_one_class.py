"""A fact whose range is too wide to split, where every comparison the search can read leaves one class: the search
tries its default alone, so no claim over every situation may rest on it (a rule that holds at n = 3, 10, 17, ...
is not dead, and `find` has not seen every situation)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.loader import load_pack
from rulings.cli import main
from solver.ask import ask
from solver.situation import Situation
from solver.space.check import check_pack
from solver.space.diff import diff_packs
from solver.space.find import find
from solver.space.model import Coverage

PACK = """\
pack: wide_one_class
facts:
  n: {type: int, range: [0, 1000000], default: 0, text: "n is {value}"}
quantities:
  dice: {kind: pool, base: 3, text: "dice"}
modifiers:
  odd: {quantity: dice, change: +3, when: n // 7 * 7 == n - 3, text: "three over a multiple of seven"}
"""
TOO_WIDE = "n's range is too wide to prove which of its values the pack tells apart"


@pytest.fixture
def pack_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "wide.yaml"
    path.write_text(PACK, encoding="utf-8")
    return str(path)


def test_the_rule_does_hold_where_n_is_three_over_a_multiple_of_seven(pack_file: str) -> None:
    pack = load_pack(pack_file)
    for n, dice in ((3, 6), (10, 6), (999_995, 6), (0, 3), (4, 3)):  # 999,995 = 7 x 142,856 + 3
        assert ask(pack, "dice", Situation(given={"n": n})).value == dice


def test_find_does_not_claim_it_searched_every_situation(pack_file: str) -> None:
    coverage = Coverage()
    find(load_pack(pack_file), "dice", "value >= 6", Situation(), coverage=coverage)
    assert not coverage.exhaustive and TOO_WIDE in coverage.reasons


def test_check_does_not_call_the_rule_dead(pack_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    findings = check_pack(load_pack(pack_file))
    assert [f.kind for f in findings if f.severity != "note"] == []
    assert main(["check", pack_file]) == 0
    out = capsys.readouterr().out
    assert "error dead_rule" not in out and f"NOT exhaustive: {TOO_WIDE}." in out


def test_diff_without_the_rule_is_not_proven_unchanged(pack_file: str, tmp_path: Path) -> None:
    before = tmp_path / "before.yaml"
    before.write_text(PACK.split("modifiers:", maxsplit=1)[0], encoding="utf-8")  # the pack before the rule was written
    result = diff_packs(load_pack(str(before)), load_pack(pack_file))
    assert result.changed_rules == ("odd",)
    assert result.changes or not result.exhaustive

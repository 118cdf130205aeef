"""`diff_packs`: which rulings change between two versions of a pack, each group with its smallest witness."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.loader import load_pack, pack_files
from rulings.cli import main
from solver.ask import ask
from solver.check import describe_ruling
from solver.diff import changed_rules, diff_packs
from solver.situation import Situation

ERRATA = Path(__file__).parent / "diff_packs" / "hard_cover_errata.yaml"


def test_a_pack_does_not_differ_from_itself() -> None:
    result = diff_packs(load_pack("fantasy"), load_pack("fantasy"))
    assert result.changes == () and result.changed_rules == ()


def test_changed_rules_ignore_where_a_rule_is_written() -> None:
    assert changed_rules(load_pack("fantasy"), load_pack("fantasy", extra=[str(ERRATA)])) == ["hard_cover"]


def test_every_change_is_replayed_by_its_witness() -> None:
    """ "it's in hard cover, worth a -2 shooting modifier." -- the errata makes it -1."""
    old, new = load_pack("fantasy"), load_pack("fantasy", extra=[str(ERRATA)])
    result = diff_packs(old, new, "to_hit")
    assert result.changes
    for change in result.changes:
        assert change.causes == ("hard_cover",)
        before = ask(old, "to_hit", Situation(given=dict(change.witness)))
        after = ask(new, "to_hit", Situation(given=dict(change.witness)))
        assert (describe_ruling(before), describe_ruling(after)) == (change.old, change.new)
        assert change.old != change.new
        assert [a.change for a in before.applied if a.rule == "hard_cover"] == ["-2"]
        assert [a.change for a in after.applied if a.rule == "hard_cover"] == ["-1"]
    assert any(c.old.startswith("6, then 5+") and c.new.startswith("6, then 4+") for c in result.changes)


def test_witnesses_are_the_smallest_situations() -> None:
    result = diff_packs(load_pack("fantasy"), load_pack("fantasy", extra=[str(ERRATA)]), "to_hit")
    smallest = min(len(c.witness) for c in result.changes)
    assert smallest == 5  # bs, the hard cover and both LoS values: nothing else is needed


def test_cli_diff_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "fantasy-errata"
    folder.mkdir()
    (folder / "pack.yaml").write_text(pack_files("fantasy")[0].read_text(encoding="utf-8"))
    assert main(["diff", "fantasy", str(folder), "--quantity", "to_hit", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["changes"] == []
    assert main(["diff", "fantasy", "fantasy", "--quantity", "to_hti"]) == 2

"""An erratum to a domain constraint changes which situations can happen. `diff` names the constraint as the
change, and counts a situation as changed only where one version rules it and the other allows it: a situation
neither version allows has no ruling to change, however differently the two refuse it."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.loader import load_pack
from solver.space.diff import changed_rules, diff_packs

PACK = """\
pack: cover
facts:
  a: {type: bool, text: the unit moved}
  b: {type: bool, default: true, text: the unit is in cover}
quantities:
  q: {kind: score, base: 4, text: to hit}
modifiers:
  r: {quantity: q, change: -1, when: a, text: moved}
constraints:
  tied: {require: not b, text: no unit is in cover}
"""


@pytest.fixture
def packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))
    (tmp_path / "before.yaml").write_text(PACK, encoding="utf-8")
    (tmp_path / "after.yaml").write_text(PACK.replace("require: not b, text: no unit is in cover",
                                                      "require: not a, text: no unit moves"), encoding="utf-8")
    return load_pack(str(tmp_path / "before.yaml")), load_pack(str(tmp_path / "after.yaml"))


def test_the_changed_constraint_is_named(packs: tuple) -> None:
    assert changed_rules(*packs) == ["tied"]


def test_only_a_situation_one_version_allows_is_a_change(packs: tuple) -> None:
    result = diff_packs(*packs)
    # a = false, b = true: only the erratum allows it (4+); a = true, b = false: only the first version (3+);
    # a = true, b = true: neither allows it, so nothing changes there; a = false, b = false: 4+ in both
    assert {(tuple(sorted(c.witness.items())), c.old.split(";")[0], c.new.split(";")[0])
            for c in result.changes} == {
        ((), "error: this situation breaks the constraint 'tied': no unit is in cover", "4+"),
        ((("a", True), ("b", False)), "3+", "error: this situation breaks the constraint 'tied': no unit moves"),
    }
    assert sum(c.count for c in result.changes) == 2 and result.exhaustive


def test_a_plural_left_out_is_named(packs: tuple, tmp_path: Path) -> None:
    (tmp_path / "plural.yaml").write_text(PACK + "plurals:\n  BOY: BOYZ\n", encoding="utf-8")
    assert changed_rules(packs[0], load_pack(str(tmp_path / "plural.yaml"))) == ["irregular plurals"]


def test_a_range_narrowed_or_an_enum_value_cut_takes_situations_away(tmp_path: Path) -> None:
    """The erratum's ranges are 0..4 and open or woods: at range 5, or in ruins, the first version ruled 3+, and the
    erratum has no such situation, so what a player is told there changes (whether or not a rule reads it)."""
    text = """\
pack: bands
facts:
  n: {type: int, range: [0, 6], default: 2, text: "the range band is {value}"}
  e: {type: enum, values: [open, woods, ruins], default: open, text: "the ground is {value}"}
  s: {type: int, range: [0, 3], default: 0, text: "the unit has {value} scars"}
quantities:
  q: {kind: score, base: 4, text: to hit}
modifiers:
  far: {quantity: q, change: -1, when: "n >= 5", text: far away}
  hid: {quantity: q, change: -1, when: "e != 'open'", text: in cover}
"""
    (tmp_path / "before.yaml").write_text(text, encoding="utf-8")
    after = text.replace("[0, 6]", "[0, 4]").replace("[open, woods, ruins]", "[open, woods]")
    (tmp_path / "after.yaml").write_text(after.replace("range: [0, 3]", "range: [0, 2]"), encoding="utf-8")
    result = diff_packs(load_pack(str(tmp_path / "before.yaml")), load_pack(str(tmp_path / "after.yaml")))
    assert result.changed_rules == ("e", "n", "s")
    shown = {(tuple(sorted(c.witness.items())), c.old, c.new) for c in result.changes}
    assert {
        ((("n", 5),), "3+; applied far -1", "error: n = 5 is out of range 0..4"),
        ((("e", "ruins"),), "3+; applied hid -1", "error: e = 'ruins' is not one of open, woods"),
        ((("s", 3),), "4+", "error: s = 3 is out of range 0..2"),  # s is read by no rule
    } <= shown
    # every change is a situation taken away: n of 5 or 6, ruins, 3 scars (with the other facts as they may be)
    assert all(c.new.startswith("error: ") and (c.witness.get("n", 0) >= 5 or c.witness.get("e") == "ruins"
                                                or c.witness.get("s") == 3) for c in result.changes)
    assert result.exhaustive


def test_a_quantity_or_attack_only_one_version_has_is_a_change(tmp_path: Path) -> None:
    """Every ruling of a quantity the erratum removes is gone, and one it adds comes: neither is 'no change'."""
    base = PACK.replace("require: not b", "require: not (a and b)")  # the defaults allowed: w's is 3+
    more = base.replace("quantities:\n", "quantities:\n  w: {kind: score, base: 3, text: to wound}\n") + (
        "sequences:\n  attack: {text: an attack, steps: [{step: hit, roll: q}, {step: wound, roll: w}]}\n")
    (tmp_path / "base.yaml").write_text(base, encoding="utf-8")
    (tmp_path / "more.yaml").write_text(more, encoding="utf-8")
    result = diff_packs(load_pack(str(tmp_path / "more.yaml")), load_pack(str(tmp_path / "base.yaml")))
    assert [(c.quantity, c.old, c.new, c.causes) for c in result.changes] == [
        ("w", "3+", "no such quantity", ("w",)), ("attack", "an attack", "no such sequence", ("attack",))]
    back = diff_packs(load_pack(str(tmp_path / "base.yaml")), load_pack(str(tmp_path / "more.yaml")))
    assert [(c.quantity, c.old, c.new) for c in back.changes] == [
        ("w", "no such quantity", "3+"), ("attack", "no such sequence", "an attack")]

"""A whole attack is read through more than its own rules: a unit's keywords through the pack's irregular plurals,
every situation through the domain constraints. An erratum to either changes no rule of the attack, yet may change
its outcome, so `diff` must not call the attack unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.loader import load_pack
from solver.space.diff import diff_packs

PACK = """\
pack: brutal
facts:
  target.keywords: {type: keywords, default: [], text: the target's keywords}
quantities:
  hit_roll: {kind: roll, dice: D6, text: the hit roll}
  wound_roll: {kind: roll, dice: D6, text: the wound roll}
sequences:
  attack:
    text: an attack
    steps:
      - step: hit
        roll: hit_roll
        target: 4
        passes: hits
        events:
          - {name: brutal, unmodified: 6, extra: 1, when: "'BOY' in target.keywords"}
      - step: wound
        roll: wound_roll
        target: 4
plurals:
  BOY: BOYZ
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))
    (tmp_path / "before.yaml").write_text(PACK, encoding="utf-8")
    return tmp_path


def _before(folder: Path, condition: str, fact: str) -> str:
    """The pack with the brutal event's condition replaced and a fact declared for it, written as the version
    before; its text, for the version after to change."""
    text = PACK.replace("'BOY' in target.keywords", condition).replace("facts:\n", f"facts:\n  {fact}\n")
    (folder / "before.yaml").write_text(text, encoding="utf-8")
    return text


def _diff(folder: Path, after: str) -> object:
    (folder / "after.yaml").write_text(after, encoding="utf-8")
    return diff_packs(load_pack(str(folder / "before.yaml")), load_pack(str(folder / "after.yaml")))


def test_a_plural_left_out_changes_the_attack_on_a_unit_named_in_the_plural(folder: Path) -> None:
    result = _diff(folder, PACK.replace("plurals:\n  BOY: BOYZ\n", ""))
    (change,) = result.changes
    # BOYZ is a BOY only while the pack says so: two attacks, each hit on a 6 (1/6) is two dice, on 4-5 (2/6) one,
    # each wounding on 4+; a mean of 2 x (1/6 x 2 + 2/6) x 1/2 = 2/3 wounds before, 2 x 1/2 x 1/2 = 1/2 after
    assert (change.quantity, change.witness["target.keywords"], change.causes) == (
        "attack", frozenset({"BOYZ"}), ("irregular plurals",))
    assert change.old.startswith("mean 2/3 wound") and change.new.startswith("mean 1/2 wound")


def test_a_constraint_added_leaves_the_attack_not_proven_unchanged(folder: Path) -> None:
    # no BOY can be the target any more: a roll against one is refused, and the attack on one is not resolved
    result = _diff(folder, PACK + "constraints:\n  no_boys: {require: \"'BOY' not in target.keywords\"}\n")
    assert [(c.quantity, c.old, c.witness, c.causes) for c in result.changes] == [
        (q, "D6", {"target.keywords": frozenset({"BOY"})}, ("no_boys",)) for q in ("hit_roll", "wound_roll")]
    assert not result.coverage["attack"].exhaustive
    assert result.coverage["attack"].reasons[0].startswith("no_boys, hit_roll, wound_roll changed")


def test_a_plural_left_out_leaves_an_attack_that_reads_no_keywords_proven_unchanged(folder: Path) -> None:
    text = _before(folder, "target.charged", "target.charged: {type: bool, text: the target charged}")
    result = _diff(folder, text.replace("plurals:\n  BOY: BOYZ\n", ""))
    assert (result.changes, result.coverage["attack"].exhaustive) == ((), True)


def test_a_condition_moved_within_a_range_is_found_between_the_two_versions_splits(folder: Path) -> None:
    # before: brutal against a target with 3 or more models; after: 4 or more. Only 3 models tells them apart, a
    # value that splits the old version's classes (0-2, 3-6) but not the new one's (0-3, 4-6)
    text = _before(folder, "target.models >= 3",
                   'target.models: {type: int, range: [0, 6], default: 0, text: "{value} models"}')
    result = _diff(folder, text.replace("target.models >= 3", "target.models >= 4"))
    (change,) = result.changes
    assert (change.quantity, change.witness["target.models"], change.causes) == ("attack", 3, ("attack",))
    assert change.old.startswith("mean 2/3 wound") and change.new.startswith("mean 1/2 wound")
    assert result.coverage["attack"].exhaustive


def test_a_rule_named_like_the_plurals_is_only_a_rule(folder: Path) -> None:
    # a rule of a quantity the attack never rolls, whatever it is called, changes nothing the attack reads
    text = PACK.replace("quantities:\n", "quantities:\n  morale: {kind: score, base: 7, text: morale}\n") + \
        "modifiers:\n  irregular plurals: {quantity: morale, change: -1, when: \"'BOY' in target.keywords\"}\n"
    (folder / "before.yaml").write_text(text, encoding="utf-8")
    result = _diff(folder, text.replace("change: -1", "change: -2"))
    assert result.changed_rules == ("irregular plurals",)
    assert [c.quantity for c in result.changes] == ["morale"]
    assert result.coverage["attack"].exhaustive


def test_the_attack_is_tried_at_each_keyword_set_and_each_value_of_its_other_facts(folder: Path) -> None:
    text = _before(folder, "unit.charged and 'BOY' in target.keywords",
                   "unit.charged: {type: bool, text: the unit charged}")
    result = _diff(folder, text.replace("plurals:\n  BOY: BOYZ\n", ""))
    (change,) = result.changes
    assert change.witness == {"target.keywords": frozenset({"BOYZ"}), "unit.charged": True, "sequence": {"attacks": 2}}
    # no keywords, BOY (the rule's word), BOYZ (the plural left out), each with the unit charged or not: the sixth is
    # the first that changes, and only keyword sets are tried as keywords
    assert result.coverage["attack"].searched == 6

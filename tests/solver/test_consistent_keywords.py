"""A derived keyword set given directly is consistent when its inputs can hold those keywords, even keywords no
rule of the pack names (a diff or check compares a pack with a version whose rules name fewer keywords)."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest

from kb import RulingsError
from kb.loader import load_pack
from solver import Situation, ask

PACK = dedent("""\
    pack: seen
    facts:
      f.k: {type: keywords, default: [], text: the unit's keywords}
      f.a: {type: bool, text: a holds}
      d.k: {type: keywords, derive: f.k, text: the unit's keywords as seen}
      d.a: {type: bool, derive: "f.a and 'FLY' in f.k", text: d holds}
    quantities:
      q: {kind: roll, dice: D6, text: the roll}
    modifiers:
      r: {quantity: q, change: +1, when: f.a}
    """)


def test_keywords_no_rule_names_can_be_given_to_a_derived_keyword_set(tmp_path: Path) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(PACK)
    pack = load_pack(str(path))
    assert ask(pack, "q", Situation(given={"d.k": frozenset({"VEHICLE"})})).display == "D6"
    assert ask(pack, "q", Situation(given={"d.k": frozenset({"VEHICLE"}), "f.a": True})).modifier == 1


def test_a_derived_keyword_set_its_inputs_contradict_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(PACK)
    pack = load_pack(str(path))
    with pytest.raises(RulingsError, match=r"d\.k is given as"):
        ask(pack, "q", Situation(given={"d.k": frozenset({"VEHICLE"}), "f.k": frozenset({"INFANTRY"})}))

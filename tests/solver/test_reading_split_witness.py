"""`check`'s reading_split note shows, for each reading, a situation where that reading (not another) changes the
ruling, and finds a split that needs a fact none of the reading's own rules read (a cap holding the others back)."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

from kb.loader import load_pack
from solver import Situation, ask
from solver.space.check import check_pack

PACK = dedent("""\
    pack: readsplit
    facts:
      a: {type: bool, text: "a holds"}
      b: {type: bool, text: "b holds"}
      c: {type: bool, text: "c holds"}
      d: {type: bool, text: "d holds"}
      smoke: {type: bool, text: "there is smoke"}
    quantities:
      roll: {kind: roll, text: the roll, dice: D6, better: higher}
    modifiers:
      ma: {quantity: roll, change: +1, when: a}
      mb: {quantity: roll, change: +1, when: b}
      mc: {quantity: roll, change: -1, when: c}
      md: {quantity: roll, change: -1, when: d}
      haze: {quantity: roll, change: -1, when: smoke}
    readings:
      first:
        sentence: A and B are one bonus.
        options: {two: each counts, one: one in all}
        default: two
      second:
        sentence: C and D are one penalty.
        options: {two: each counts, one: one in all}
        default: two
    policies:
      ab_once: {kind: exclusive, rules: [ma, mb], keep: first, under: {first: one}}
      cd_once: {kind: exclusive, rules: [mc, md], keep: first, under: {second: one}}
      floor: {kind: cap, quantity: roll, min: -1}
    """)


def test_each_readings_note_shows_its_own_split(tmp_path: Path) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(PACK)
    pack = load_pack(str(path))
    notes = {f.key: f for f in check_pack(pack) if f.kind == "reading_split"}
    assert set(notes) == {"reading_split.first", "reading_split.second"}
    for name, f in notes.items():
        assert f.witness is not None
        ruling = ask(pack, "roll", Situation(given=dict(f.witness)))
        assert any(o.reading == name.split(".")[1] for o in ruling.readings or ()), (name, f.witness)


def test_a_split_a_cap_hides_until_another_fact_is_set_is_found(tmp_path: Path) -> None:
    """C and D give -2 under `two` and -1 under `one`, and the cap holds both to -1: the readings differ only when
    A or B lifts the total off the cap, facts no rule tied to the reading reads."""
    path = tmp_path / "pack.yaml"
    path.write_text(PACK.replace("      ab_once: {kind: exclusive, rules: [ma, mb], keep: first, "
                                 "under: {first: one}}\n", ""))
    pack = load_pack(str(path))
    note = next(f for f in check_pack(pack) if f.key == "reading_split.second")
    assert note.witness is not None and (note.witness.get("a") or note.witness.get("b"))
    ruling = ask(pack, "roll", Situation(given=dict(note.witness)))
    assert {o.option: o.ruling.modifier for o in ruling.readings or ()} in ({"two": -1, "one": 0},
                                                                            {"two": 0, "one": 1})

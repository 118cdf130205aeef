"""Readings work for any pack through one mechanism: the reading is one more variable of the ruling.

The pack here is written for the test, with nothing in common with the
built-in packs but the format: a reading that switches a policy on (`under`
on a policy), a reading that brings a modifier into being (`under` on a
modifier), and a quantity no reading bears on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.json import ruling_json
from kb.document import read_yaml
from kb.errors import RulingsError, UnknownName
from kb.loader import build_pack
from kb.model import Pack
from rulings.cli import main
from solver import Ruling, Situation, ask, read_situation

STACKING = "A tired or wounded band marches one league less."
RALLY = "A band with a banner may march further."

PACK = f"""
pack: marches
sources:
  book:
    paragraphs:
      1: "{STACKING}"
      2: "{RALLY}"
facts:
  band.pace: {{type: int, range: [1, 10], text: "the band marches {{value}} leagues"}}
  band.tired: {{type: bool, text: "the band is tired"}}
  band.wounded: {{type: bool, text: "the band is wounded"}}
  band.banner: {{type: bool, text: "the band has a banner"}}
  band.morale: {{type: int, range: [1, 10], text: "the band has morale {{value}}"}}
quantities:
  march: {{kind: pool, base: band.pace}}
  morale: {{kind: pool, base: band.morale}}
modifiers:
  tired: {{quantity: march, change: -1, when: band.tired, cite: {{source: book, paragraph: 1}}}}
  wounded: {{quantity: march, change: -1, when: band.wounded, cite: {{source: book, paragraph: 1}}}}
  banner: {{quantity: march, change: +2, when: band.banner, under: {{banner: generous}}}}
  steady: {{quantity: morale, change: +1, when: band.banner}}
policies:
  one_league_in_all:
    kind: exclusive
    rules: [tired, wounded]
    under: {{stacking: once}}
readings:
  stacking:
    sentence: "{STACKING}"
    options:
      each: each of tired and wounded costs a league
      once: one league in all, whichever apply
    default: each
    cite: {{source: book, paragraph: 1}}
  banner:
    sentence: "{RALLY}"
    options:
      strict: further means nothing without a number, so no change
      generous: two leagues further
    default: strict
"""

BOTH = {"band.pace": 6, "band.tired": True, "band.wounded": True}


def marches(text: str = PACK) -> Pack:
    return build_pack([read_yaml(text, "marches.yaml")], "marches")


def march(given: dict[str, Any], reading: dict[str, str] | None = None, quantity: str = "march",
          pack: Pack | None = None) -> Ruling:
    return ask(pack or marches(), quantity, Situation(given=given, reading=reading or {}))


def claims(ruling: Ruling) -> list[str]:
    return [node.claim for _, node in ruling.explanation.lines()]


def test_a_ruling_that_depends_on_a_reading_lists_every_value() -> None:
    ruling = march(BOTH)
    doc = ruling_json(ruling)
    assert doc["value"] == 4
    assert [(r["of"], r["reading"], r["value"], r["default"]) for r in doc["readings"]] == [
        ("stacking", "each", 4, True), ("stacking", "once", 5, False)]
    assert any(f'read more than one way: "{STACKING}"' in c for c in claims(ruling))
    assert any(c == "reading 'each' (default): 4 dice (used)" for c in claims(ruling))


def test_the_chosen_reading_gives_the_value() -> None:
    ruling = march(BOTH, {"stacking": "once"})
    assert ruling.value == 5
    assert [r.ruling.value for r in ruling.readings or ()] == [4, 5]
    assert any(c == "reading 'once': 5 dice (used)" for c in claims(ruling))
    suppressed = [(s.rule, s.by, s.policy) for s in ruling.suppressed]
    assert suppressed == [("wounded", "tired", "one_league_in_all")]


def test_the_pack_default_decides_when_nothing_is_chosen() -> None:
    pack = marches(PACK.replace("default: each", "default: once"))
    ruling = march(BOTH, pack=pack)
    assert ruling.value == 5
    assert [(r.option, r.default) for r in ruling.readings or ()] == [("each", False), ("once", True)]


def test_a_reading_can_bring_a_modifier_into_being() -> None:
    strict = march({"band.pace": 3, "band.banner": True})
    generous = march({"band.pace": 3, "band.banner": True}, {"banner": "generous"})
    assert (strict.value, [a.rule for a in strict.applied]) == (3, [])
    assert (generous.value, [a.rule for a in generous.applied]) == (5, ["banner"])
    assert [(r.reading, r.option, r.ruling.value) for r in generous.readings or ()] == [
        ("banner", "strict", 3), ("banner", "generous", 5)]
    assert any(f'"{RALLY}"' in c for c in claims(generous))


def test_each_reading_that_matters_is_listed_and_quoted() -> None:
    ruling = march({**BOTH, "band.banner": True}, {"banner": "generous"})
    assert ruling.value == 6
    assert [(r.reading, r.option, r.ruling.value) for r in ruling.readings or ()] == [
        ("stacking", "each", 6), ("stacking", "once", 7), ("banner", "strict", 4), ("banner", "generous", 6)]
    quoted = [c for c in claims(ruling) if c.startswith("the text can be read more than one way")]
    assert quoted == [f'the text can be read more than one way: "{STACKING}"',
                      f'the text can be read more than one way: "{RALLY}"']


def test_a_ruling_that_does_not_depend_on_the_reading_does_not_mention_it() -> None:
    one = march({"band.pace": 6, "band.tired": True}, {"stacking": "once"})
    assert (one.value, one.readings) == (5, None)
    assert "readings" not in ruling_json(one)
    assert not any(STACKING in c or "reading" in c for c in claims(one))
    chosen = {"stacking": "once", "banner": "generous"}
    other = march({"band.morale": 4, "band.banner": True}, chosen, "morale")
    assert (other.value, other.readings) == (5, None)
    assert not any(RALLY in c or STACKING in c for c in claims(other))


@pytest.mark.parametrize("reading, fragment", [
    ("twice", "twice"),
    ("{stackng: once}", "did you mean 'stacking'"),
    ("{stacking: onse}", "did you mean 'once'"),
])
def test_an_unknown_reading_is_an_error(reading: str, fragment: str) -> None:
    with pytest.raises(UnknownName) as caught:
        read_situation(f"reading: {reading}\ngiven: {{band.pace: 6}}", "s.yaml", marches())
    assert isinstance(caught.value, RulingsError)
    assert fragment in str(caught.value)
    assert "s.yaml:1" in str(caught.value)


def test_an_unknown_reading_exits_2_on_the_command_line(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    pack_file = tmp_path / "marches.yaml"
    pack_file.write_text(PACK, encoding="utf-8")
    situation = tmp_path / "s.yaml"
    situation.write_text("reading: {stacking: twice}\ngiven: {band.pace: 6}\n", encoding="utf-8")
    code = main(["ask", str(pack_file), "march", "--situation", str(situation), "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.startswith("rulings: ") and "twice" in err and "Traceback" not in err


def test_readings_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack_file = tmp_path / "marches.yaml"
    pack_file.write_text(PACK, encoding="utf-8")
    situation = tmp_path / "s.yaml"
    situation.write_text("reading: once\ngiven: {band.pace: 6, band.tired: true, band.wounded: true}\n",
                         encoding="utf-8")
    code = main(["ask", str(pack_file), "march", "--situation", str(situation), "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    assert doc["value"] == 5
    assert {r["reading"]: r["value"] for r in doc["readings"]} == {"each": 4, "once": 5}


@given(st.fixed_dictionaries({"band.pace": st.integers(1, 10)}, optional={
    "band.tired": st.booleans(), "band.wounded": st.booleans(), "band.banner": st.booleans()}),
    st.sampled_from([{}, {"stacking": "once"}, {"banner": "generous"}, {"stacking": "once", "banner": "generous"}]))
@settings(max_examples=150, deadline=None)
def test_a_ruling_names_exactly_the_readings_whose_options_answer_differently(given_: dict[str, Any],
                                                                           reading: dict[str, str]) -> None:
    """A reading whose tied rules cannot count here is skipped, never one whose options differ.

    The reference asks every option of every reading separately and compares the answers.
    """
    pack = marches()
    ruling = march(given_, reading, pack=pack)
    differing = set()
    for name, options in (("stacking", ("each", "once")), ("banner", ("strict", "generous"))):
        answers = {march(given_, {**reading, name: option}, pack=pack).display for option in options}
        if len(answers) > 1:
            differing.add(name)
    assert {r.reading for r in ruling.readings or ()} == differing

"""`rulings check` and `rulings diff` reports, whole, as docs/checking.md describes them: every field of the JSON,
the replay commands with the same `--with` files and `--reading` choices, the text a rules writer reads, and
non-ASCII names written as they are.

The expected reports are worked out by hand from the packs below (a melee unit rolls 4 dice, one fewer when
shaken or flanked, at least one; the errata makes flanked cost two dice, adds a rule in the woods and raises a
reach of 1 to 2).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kb.errors import Span
from rulings.check import render_load_errors, render_text, replay_command
from rulings.cli import main
from solver.space.check import BASE, TARGET, Finding

CHECKED = """\
pack: melee
facts:
  unit.shaken: {type: bool, text: the unit is shaken}
  unit.flanked: {type: bool, text: the unit is flanked}
quantities:
  dice: {kind: pool, base: 4, text: the dice the unit rolls in melee}
modifiers:
  shaken: {quantity: dice, change: -1, when: unit.shaken, text: shaken units fight worse}
  flanked: {quantity: dice, change: -1, when: unit.flanked, text: flanked units fight worse}
policies:
  at_least_one: {kind: clamp, quantity: dice, min: 1, text: a unit always rolls at least one die}
  penalties_once: {kind: exclusive, rules: [shaken, flanked], under: {penalties: "on=ce"}}
readings:
  penalties:
    sentence: A shaken or flanked unit rolls one die fewer.
    options: {cumulative: each of shaken and flanked costs a die, "on=ce": one die in all}
    default: cumulative
"""
MELEE = CHECKED.replace(  # beside the dice, a nerve no rule touches yet and a reach
    "  unit.flanked: {type: bool, text: the unit is flanked}\n",
    "  unit.flanked: {type: bool, text: the unit is flanked}\n"
    "  terrain: {type: enum, values: [open, forêt], default: open, text: \"the fight is in {value}\"}\n",
).replace(
    "  dice: {kind: pool, base: 4, text: the dice the unit rolls in melee}\n",
    "  dice: {kind: pool, base: 4, text: the dice the unit rolls in melee}\n"
    "  nerve: {kind: score, base: 7, text: the score the unit needs to hold}\n"
    "  reach: {kind: characteristic, base: 1, text: how far the unit reaches}\n",
)
ERRATA = MELEE.replace(
    "flanked: {quantity: dice, change: -1, when: unit.flanked, text: flanked units fight worse}",
    "flanked: {quantity: dice, change: -2, when: unit.flanked, text: flanked units fight much worse}\n"
    "  woods: {quantity: nerve, change: -1, when: \"terrain == 'forêt'\", text: the woods steady them}",
).replace("reach: {kind: characteristic, base: 1,", "reach: {kind: characteristic, base: 2,")
HOUSE = """\
facts:
  unit.veteran: {type: bool, text: the unit is veteran}
modifiers:
  veteran: {quantity: dice, change: +1, when: unit.veteran, text: veterans fight better}
"""
STALE = "notes:\n  dead_rule.forêt: la règle a disparu\n"
SPLIT = "penalties = cumulative: 2 dice; applied shaken -1, flanked -1 | " \
        "penalties = on=ce (the default): 3 dice; applied shaken -1; suppressed flanked (by shaken)"
CUMULATIVE = ["--reading", "penalties=cumulative"]


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The packs, in the working folder: a report names them as the writer did."""
    for name, text in (("melee.yaml", CHECKED + STALE), ("old.yaml", MELEE), ("new.yaml", ERRATA),
                       ("house.yaml", HOUSE)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(list(words)) == 0
    return capsys.readouterr().out


def test_check_json_holds_every_documented_field(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "check", "melee.yaml", "--reading", "penalties=on=ce", "--format", "json")
    assert "forêt" in out and "\\u00ea" not in out  # written as it is, not escaped
    doc = json.loads(out)
    assert doc.pop("exhaustive") is True
    assert doc.pop("searched") >= 4  # at least every mix of the two rules' facts
    assert doc == {
        "pack": "melee.yaml",
        "with": [],
        "readings": {"penalties": "on=ce"},  # an option may hold '='
        "findings": [
            {"severity": "warning", "kind": "stale_note", "key": "stale_note.dead_rule.forêt",
             "message": "the pack's note 'dead_rule.forêt' explains no finding: what it was written for is gone, "
                        "so remove it.",
             "rules": [], "quantity": None, "new": False},
            {"severity": "note", "kind": "reading_split", "key": "reading_split.penalties",
             "message": 'the readings of penalties give different rulings for dice ("A shaken or flanked unit rolls '
                        'one die fewer.").',
             "rules": [{"name": "penalties", "where": "melee.yaml:14:3"}], "quantity": "dice", "new": False,
             "witness": {"unit.shaken": True, "unit.flanked": True},
             "replay": "rulings ask melee.yaml dice --reading penalties=on=ce --given unit.shaken=true "
                       "--given unit.flanked=true",
             "answer": SPLIT},
        ],
    }


def test_check_text_replays_with_the_reading_and_offers_a_note_where_one_can_be_written(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "check", "melee.yaml", "--reading", "penalties=on=ce")
    assert out == (
        "warning stale_note: the pack's note 'dead_rule.forêt' explains no finding: what it was written for is gone, "
        "so remove it.\n"
        "\n"
        'note reading_split: the readings of penalties give different rulings for dice ("A shaken or flanked unit '
        'rolls one die fewer.").\n'
        "  melee.yaml:14:3: penalties\n"
        "  witness: unit.shaken = true, unit.flanked = true\n"
        "  replay:  rulings ask melee.yaml dice --reading penalties=on=ce --given unit.shaken=true "
        "--given unit.flanked=true\n"
        "  answers: penalties = cumulative: 2 dice; applied shaken -1, flanked -1\n"
        "           penalties = on=ce (the default): 3 dice; applied shaken -1; suppressed flanked (by shaken)\n"
        "  (to mark it intended: notes: {reading_split.penalties: <why>})\n"
        "\n"
        "0 errors, 1 warning, 1 note\n"
    )


def test_an_intended_finding_offers_no_note(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "melee.yaml").write_text(CHECKED + "notes:\n  reading_split.penalties: both readings are played\n",
                                       encoding="utf-8")
    out = _run(capsys, "check", "melee.yaml")
    assert "  intended (reading_split.penalties): both readings are played\n" in out
    assert "to mark it intended" not in out


def test_every_reason_a_check_stopped_short_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wide = tmp_path / "wide.yaml"
    wide.write_text("""\
pack: wide
facts:
  x: {type: int, range: [0, 100000], text: "x is {value}"}
  y: {type: int, range: [0, 100000], text: "y is {value}"}
quantities:
  to_hit: {kind: score, base: 4, text: "to hit"}
modifiers:
  odd: {quantity: to_hit, change: -1, when: x * x // 7 == 3 + y, text: "a rare x"}
""", encoding="utf-8")
    out = _run(capsys, "check", str(wide))
    too_wide = "range is too wide to prove which of its values the pack tells apart"
    assert out.endswith(f"NOT exhaustive: x's {too_wide}; y's {too_wide}. What it did not cover is in the unproven "
                        "notes; no error or warning rests on a guess.\n")


def test_diff_text_names_each_cause_once_with_replays_under_the_same_overlays_and_reading(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "diff", "old.yaml", "new.yaml", "--with", "house.yaml", *CUMULATIVE)
    both = "--with house.yaml --reading penalties=cumulative"
    assert out == (
        "changed rules: flanked, woods, reach\n"
        "\n"
        "dice changes in 4 situations searched (caused by flanked)\n"  # flanked, with shaken, veteran, or both
        "  smallest: unit.flanked = true\n"
        "  before: 3 dice; applied flanked -1\n"
        "  after:  2 dice; applied flanked -2\n"
        f"  replay before: rulings ask old.yaml dice {both} --given unit.flanked=true\n"
        f"  replay after:  rulings ask new.yaml dice {both} --given unit.flanked=true\n"
        "  ... and 3 other changes of answer from the same cause (--all shows each; --format json lists them all)\n"
        "\n"
        "nerve changes in 1 situation searched (caused by woods)\n"
        "  smallest: terrain = forêt\n"
        "  before: 7+: impossible\n"
        "  after:  6+; applied woods -1\n"
        f"  replay before: rulings ask old.yaml nerve {both} --given 'terrain=forêt'\n"
        f"  replay after:  rulings ask new.yaml nerve {both} --given 'terrain=forêt'\n"
        "\n"
        "reach changes in 1 situation searched (caused by reach (base))\n"
        "  smallest: the defaults\n"
        "  before: 1\n"
        "  after:  2\n"
        f"  replay before: rulings ask old.yaml reach {both}\n"
        f"  replay after:  rulings ask new.yaml reach {both}\n"
        "\n"
        "6 changes: proven over every situation\n"
        "(situations compared per quantity: dice: 8, nerve: 2, reach: 1)\n"  # 3 true-or-false facts; 2 terrains
    )


def test_diff_json_lists_every_change_with_its_fields(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "diff", "old.yaml", "new.yaml", "--with", "house.yaml", *CUMULATIVE, "--format", "json")
    assert "forêt" in out and "\\u00ea" not in out
    doc = json.loads(out)
    changes = doc.pop("changes")
    assert doc == {
        "changed_rules": ["flanked", "woods", "reach"],
        "exhaustive": True,
        "searched": {"dice": 8, "nerve": 2, "reach": 1},
        "coverage": {"dice": {"exhaustive": True, "searched": 8}, "nerve": {"exhaustive": True, "searched": 2},
                     "reach": {"exhaustive": True, "searched": 1}},
    }
    assert [(c["quantity"], c["situations"], c["causes"]) for c in changes] == [
        *[("dice", 1, ["flanked"])] * 4, ("nerve", 1, ["woods"]), ("reach", 1, ["reach (base)"])]
    assert changes[0] == {
        "quantity": "dice", "from": "3 dice; applied flanked -1", "to": "2 dice; applied flanked -2",
        "situations": 1, "causes": ["flanked"], "witness": {"unit.flanked": True},
        "replay": [
            "rulings ask old.yaml dice --with house.yaml --reading penalties=cumulative --given unit.flanked=true",
            "rulings ask new.yaml dice --with house.yaml --reading penalties=cumulative --given unit.flanked=true",
        ],
    }
    assert {tuple(sorted(c["witness"])) for c in changes[:4]} == {
        ("unit.flanked",), ("unit.flanked", "unit.shaken"), ("unit.flanked", "unit.veteran"),
        ("unit.flanked", "unit.shaken", "unit.veteran")}
    assert changes[4]["witness"] == {"terrain": "forêt"} and changes[5]["witness"] == {}


def test_diff_with_the_reading_it_is_asked_under(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(_run(capsys, "diff", "old.yaml", "new.yaml", "--reading", "penalties=on=ce", "--format", "json"))
    # one die in all is now the default: shaken and flanked together still cost one die under it, but two dice,
    # then three, under the other reading, and a ruling is compared with every reading's answer
    (both,) = [c for c in doc["changes"] if c["witness"] == {"unit.shaken": True, "unit.flanked": True}]
    assert both["from"] == SPLIT
    assert both["to"] == SPLIT.replace("2 dice; applied shaken -1, flanked -1", "1 die; applied shaken -1, flanked -2")


def test_every_change_is_shown_with_all(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "diff", "old.yaml", "new.yaml", "--all")
    assert out.count("dice changes in 1 situation searched (caused by flanked)\n") == 2  # flanked, with shaken
    assert "other change" not in out


def test_a_replay_gives_the_base_and_target_of_its_situation() -> None:
    given = {"unit.shaken": False, BASE: 3, TARGET: 5}
    assert replay_command("melee", "dice", given, ["a b.yaml"], ["penalties=once"]) == (
        "rulings ask melee dice --with 'a b.yaml' --reading penalties=once --given unit.shaken=false "
        "--base 3 --target 5")
    assert replay_command("melee", "dice", {TARGET: 4}) == "rulings ask melee dice --target 4"


def test_a_load_error_is_placed_where_it_is_or_said_alone(tmp_path: Path) -> None:
    nowhere = Finding("error", "load_error", "load_error.x", "the pack has no facts", (), None)
    assert render_load_errors([nowhere]) == "rulings: the pack has no facts"
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    for f in (first, second):
        f.write_text("facts: {}\n", encoding="utf-8")
    pack = Span(str(tmp_path / "pack.yaml"), 3, 1)
    both = Finding("error", "cycle", "cycle.a+b", "a and b settle each other",
                   (("a", pack), ("b", Span(str(first), 2, 3))))
    # the problem is placed in the overlay it is part of, whichever of the overlays that is
    assert render_load_errors([both], [str(first), str(second)]).splitlines()[0] == (
        f"rulings: {first}:2:3: cycle: a and b settle each other")
    assert render_load_errors([both]).splitlines()[0] == f"rulings: {pack}: cycle: a and b settle each other"


def test_a_stale_note_offers_no_note_to_mark_it(folder: Path) -> None:
    stale = Finding("warning", "stale_note", "stale_note.x", "the pack's note 'x' explains no finding", (), None)
    assert "to mark it intended" not in render_text([stale], "melee.yaml")
    dead = Finding("error", "dead_rule", "dead_rule.x", "x can never apply", (), None)
    assert re.search(r"\(to mark it intended: notes: \{dead_rule\.x: <why>\}\)", render_text([dead], "melee.yaml"))

"""`rulings check` and `rulings diff` as a rules writer reads them: an intended finding's reason, a search that could
not cover everything saying so, a cycle with every rule and policy in it, and an overlay's problems placed in it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from kb.errors import Span
from rulings.check import _resolved, render_load_errors
from rulings.cli import main
from solver.space.check import Finding

ROOT = Path(__file__).resolve().parents[2]
PLATOON = str(ROOT / "docs" / "examples" / "platoon.yaml")
CYCLE = "tests/kb/broken/override_cycle.yaml"  # as a writer names it from the project folder
REASON = "the rule text is honestly ambiguous; both readings are shown, each marker counts by default"
WIDE = """\
pack: wide
facts:
  x: {type: int, range: [0, 100000], text: "x is {value}"}
quantities:
  to_hit: {kind: score, base: 4, text: "to hit"}
modifiers:
  odd: {quantity: to_hit, change: -1, when: x * x // 7 == 3 + x, text: "a rare x"}
"""
TOO_WIDE = "x's range is too wide to prove which of its values the pack tells apart"


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))


def _wide(tmp_path: Path) -> str:
    path = tmp_path / "wide.yaml"
    path.write_text(WIDE, encoding="utf-8")
    return str(path)


def test_an_intended_finding_says_why_in_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", PLATOON, "--strict"]) == 0
    out = capsys.readouterr().out
    assert f"  intended (reading_split.pins): {REASON}\n" in out
    assert main(["check", PLATOON, "--format", "json"]) == 0
    findings = json.loads(capsys.readouterr().out)["findings"]
    (split,) = [f for f in findings if f["kind"] == "reading_split"]
    assert split["reason"] == REASON


def test_a_check_that_could_not_cover_everything_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", _wide(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.endswith(f"NOT exhaustive: {TOO_WIDE}. What it did not cover is in the unproven notes; no error or "
                        "warning rests on a guess.\n")
    assert "note unproven: odd may be a dead rule" in out


def test_a_diff_that_could_not_cover_everything_names_what_for_each_quantity(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wide = _wide(tmp_path)
    assert main(["diff", wide, wide]) == 0
    out = capsys.readouterr().out
    assert "proven over every situation" not in out
    assert ("\n0 changes found, but the search was NOT exhaustive:\n"
            "  to_hit: x's range is too wide to prove which of its values the packs tell apart\n") in out


def test_a_cycle_is_refused_with_every_rule_and_policy_in_it(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert main(["check", CYCLE]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"rulings: {CYCLE}:8:3: cycle: a -> b -> a: no rule comes first")
    assert err[1:] == [f"  {CYCLE}:8:3: a", f"  {CYCLE}:9:3: b", f"  {CYCLE}:11:3: a_beats_b",
                       f"  {CYCLE}:12:3: b_beats_a"]


def _finding(*places: Span) -> Finding:
    return Finding("error", "unknown_name", "unknown_name.x", "unknown fact 'x'",
                   tuple((f"r{i}", where) for i, where in enumerate(places)), "")


def test_a_problem_of_an_uploaded_overlay_is_placed_in_it() -> None:
    """An overlay that is no file on disk (uploaded to the web API) is known by its name."""
    pack, overlay = Span("fantasy.yaml", 3, 1), Span("overlay.yaml", 2, 5)
    text = render_load_errors([_finding(pack, overlay), _finding(pack)], extra=["overlay.yaml"])
    assert text.splitlines() == ["rulings: overlay.yaml:2:5: unknown_name: unknown fact 'x'",
                                 "rulings: fantasy.yaml:3:1: unknown_name: unknown fact 'x'", "2 errors"]


def test_a_path_that_cannot_be_resolved_is_kept_as_it_is(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    os.symlink(loop, loop)  # resolving it never ends: Python refuses it
    assert _resolved(str(loop)) == str(loop)
    plain = tmp_path / "a" / ".." / "b.yaml"
    assert _resolved(str(plain)) == str(tmp_path.resolve() / "b.yaml")


def test_a_diff_needs_the_pack_after(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "fantasy"]) == 2
    assert capsys.readouterr().err == (
        "rulings: diff needs the pack after, or --new-with FILE (what FILE changes in the pack)\n"
        "  hint: e.g. rulings diff fantasy my_fantasy.yaml, or rulings diff fantasy --new-with errata.yaml\n")

"""A domain constraint the facts' defaults break rules out every situation that keeps them, so the searches must be
free to change its facts even where the question never reads them: else a rule that holds (a shooter that moved,
in a pack where every unit must be in cover) is proven dead, and a change to it is proven to change nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.loader import load_pack
from rulings.cli import main
from solver.ask import ask
from solver.consistent import consistent, producible
from solver.situation import Situation
from solver.space.check import check_pack
from solver.space.diff import diff_packs
from solver.space.find import find
from solver.space.model import Coverage

PACK = """\
pack: in_cover
facts:
  a: {type: bool, text: the shooter moved}
  b: {type: bool, text: the target is in cover}
quantities:
  to_hit: {kind: score, base: 4, text: to hit}
modifiers:
  moved: {quantity: to_hit, change: -1, when: a, text: moved}
constraints:
  on: {require: b, text: every target is in cover}
"""


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))
    (tmp_path / "before.yaml").write_text(PACK, encoding="utf-8")
    (tmp_path / "after.yaml").write_text(PACK.replace("change: -1", "change: -2"), encoding="utf-8")
    return tmp_path


def test_the_rule_holds_where_the_target_is_in_cover(files: Path) -> None:
    r = ask(load_pack(str(files / "before.yaml")), "to_hit", Situation(given={"a": True, "b": True}))
    assert (r.value, [a.rule for a in r.applied]) == (3, ["moved"])  # 4+ with -1: 3+


def test_check_does_not_call_it_dead(files: Path) -> None:
    assert [f.kind for f in check_pack(load_pack(str(files / "before.yaml")))] == []


def test_find_finds_it(files: Path) -> None:
    coverage = Coverage()
    found = find(load_pack(str(files / "before.yaml")), "to_hit", "value <= 3", Situation(), coverage=coverage)
    assert [dict(f.given) for f in found] == [{"a": True, "b": True}] and coverage.exhaustive


def test_diff_finds_the_change_where_it_shows(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = diff_packs(load_pack(str(files / "before.yaml")), load_pack(str(files / "after.yaml")))
    (change,) = result.changes
    assert (change.old, change.new, change.witness) == ("3+; applied moved -1", "2+; applied moved -2",
                                                        {"a": True, "b": True})
    assert main(["diff", str(files / "before.yaml"), str(files / "after.yaml")]) == 0
    assert "no ruling changes" not in capsys.readouterr().out


def test_constraints_that_never_all_hold_make_the_rule_dead_and_are_said_to(files: Path) -> None:
    text = PACK + "  off: {require: not b, text: no target is in cover}\n"
    (finding,) = check_pack(load_pack(str(_write(files, "never.yaml", text))))
    assert (finding.kind, finding.message, finding.cause) == ("dead_rule", (
        "moved can never apply: the domain constraints on (`b`: every target is in cover) and off (`not b`: no target "
        "is in cover) can never all hold, so no situation satisfies its condition `a`."), "constraint")
    assert [name for name, _ in finding.rules] == ["moved", "on", "off"]  # the rule, then the constraints cited


def test_a_constraint_that_plays_its_part_through_another_is_named(files: Path) -> None:
    text = PACK.replace("on: {require: b, text: every target is in cover}",
                        "same: {require: a == b}\n  off: {require: not b}")
    (finding,) = check_pack(load_pack(str(_write(files, "chained.yaml", text))))
    assert [name for name, _ in finding.rules] == ["moved", "same", "off"]
    assert finding.message == ("moved can never apply: the domain constraints same (`a == b`) and off (`not b`) rule "
                               "out its condition `a`.")


def _write(folder: Path, name: str, text: str) -> Path:
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


DERIVED = """\
pack: in_cover_derived
facts:
  k: {type: keywords, text: the target's keywords}
  kind: {type: keywords, derive: k, text: the target's kind}
  b: {type: bool, text: the target is in cover}
quantities:
  to_hit: {kind: score, base: 4, text: to hit}
modifiers:
  big: {quantity: to_hit, change: 1, when: "'VEHICLE' in kind", text: a vehicle is easy to hit}
constraints:
  on: {require: b, text: every target is in cover}
"""


def test_a_derived_fact_given_is_consistent_though_the_defaults_break_a_constraint_elsewhere(files: Path) -> None:
    pack = load_pack(str(_write(files, "derived.yaml", DERIVED)))
    # `on` reads nothing `kind` is made of: that the defaults break it is the situation's fault, not `kind`'s
    assert consistent(pack, {"kind": {"VEHICLE"}}) and producible(pack, ["kind"], {"k": frozenset({"VEHICLE"})})
    assert [f.kind for f in check_pack(pack)] == []
    coverage = Coverage()
    found = find(pack, "to_hit", "value >= 5", Situation(), coverage=coverage)
    assert [dict(f.given) for f in found] == [{"kind": frozenset({"VEHICLE"}), "b": True}] and coverage.exhaustive

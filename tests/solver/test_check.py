"""`check_pack`: one small pack per finding kind, triggering exactly that finding, its witness replayed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from kb.errors import Contradiction, PackError, Unsatisfiable
from kb.loader import load_pack
from rulings.cli import main
from solver.ask import ask
from solver.situation import Situation
from solver.space.check import check_pack, load_findings

PACKS = Path(__file__).parent / "check_packs"
EXAMPLES = Path(__file__).parents[2] / "docs" / "examples"


def replayed(path: Path, quantity: str, witness: dict[str, Any]) -> Any:
    return ask(load_pack(str(path)), quantity, Situation(given=witness))


def only(pack: str, kind: str) -> Any:
    findings = check_pack(load_pack(str(PACKS / f"{pack}.yaml")))
    assert [f.kind for f in findings] == [kind], findings
    return findings[0]


def test_a_clean_pack_has_no_findings() -> None:
    assert check_pack(load_pack(str(PACKS / "clean.yaml"))) == []


def test_dead_rule_names_the_constraint_that_rules_it_out() -> None:
    f = only("dead_rule", "dead_rule")
    assert f.severity == "error" and f.witness is None
    assert [name for name, _ in f.rules] == ["charge", "pinned_units_cannot_charge"]


def test_two_unordered_set_modifiers_are_an_unsettled_conflict() -> None:
    f = only("unsettled_conflict", "unsettled_conflict")
    assert f.severity == "error"
    with pytest.raises(Unsatisfiable, match=r"exhaustion .* and frenzy"):  # replayed, `ask` refuses to pick one
        replayed(PACKS / "unsettled_conflict.yaml", "dice", dict(f.witness))


def test_a_rule_that_holds_alone_in_a_clash_is_the_clash_not_a_shadowed_rule() -> None:
    """pinned_fire is suppressed by snap_fire wherever both hold; where the shooter is pinned and did not move, no
    rule preferred over it holds: it clashes with pinned_volley instead. Shadowed means a preferred rule holds
    whenever it does, so the check reports the clash alone."""
    f = only("clash_not_shadow", "unsettled_conflict")
    assert f.key == "unsettled_conflict.pinned_fire+pinned_volley"
    assert dict(f.witness) == {"shooter.pinned": True}  # the smallest: moving or not, it clashes unless it moved


def test_contradictory_derivation_is_replayed_as_a_contradiction() -> None:
    f = only("contradictory_derivation", "contradictory_derivation")
    assert dict(f.witness) == {"wall.height": 1}
    with pytest.raises(Contradiction, match="cover_or_exposed"):
        replayed(PACKS / "contradictory_derivation.yaml", "dice", dict(f.witness))


def test_redundant_rules_both_count_in_the_witness() -> None:
    f = only("redundant_rule", "redundant_rule")
    ruling = replayed(PACKS / "redundant_rule.yaml", "dice", dict(f.witness))
    assert [a.rule for a in ruling.applied] == ["moved", "moving_penalty"]
    assert dict(f.witness) == {"shooter.moved": True}


def test_subsumed_rule_names_the_narrower_rule_first() -> None:
    f = only("subsumed_rule", "subsumed_rule")
    assert f.key == "subsumed_rule.ran+moved"
    ruling = replayed(PACKS / "subsumed_rule.yaml", "dice", dict(f.witness))
    assert {a.rule for a in ruling.applied} == {"ran", "moved"}


def test_shadowed_rule_is_suppressed_in_its_witness() -> None:
    f = only("shadowed_rule", "shadowed_rule")
    ruling = replayed(PACKS / "shadowed_rule.yaml", "dice", dict(f.witness))
    assert [(s.rule, s.by) for s in ruling.suppressed] == [("hedge", "any_cover")]


def test_a_pool_of_no_dice_without_a_clamp_is_out_of_range() -> None:
    f = only("out_of_range", "out_of_range")
    assert replayed(PACKS / "out_of_range.yaml", "dice", dict(f.witness)).value == 0


def test_reading_split_is_a_note_with_the_smallest_witness() -> None:
    f = only("reading_split", "reading_split")
    assert f.severity == "note" and dict(f.witness) == {"unit.shaken": True, "unit.flanked": True}
    ruling = replayed(PACKS / "reading_split.yaml", "dice", dict(f.witness))
    assert {o.option: o.ruling.value for o in ruling.readings} == {"cumulative": 2, "once": 3}


def test_unused_vocabulary_is_noted() -> None:
    findings = check_pack(load_pack(str(PACKS / "unused_vocabulary.yaml")))
    assert [(f.severity, f.key) for f in findings] == [
        ("note", "unused_fact.weather.rain"),
        ("note", "unused_quantity.morale"),
    ]


@pytest.mark.parametrize(
    ("pack", "kinds", "fragments"),
    [
        ("load_errors", ["load_error", "load_error"], ["shooter.movd", "dcie"]),
        ("cycle", ["cycle"], ["a.ready -> b.ready"]),
    ],
)
def test_load_errors_are_all_reported_at_once(pack: str, kinds: list[str], fragments: list[str]) -> None:
    with pytest.raises(PackError) as error:
        load_pack(str(PACKS / f"{pack}.yaml"))
    findings = load_findings(error.value)
    assert sorted(f.kind for f in findings) == kinds
    text = " ".join(f.message for f in findings)
    assert all(fragment in text for fragment in fragments)


@pytest.mark.parametrize("pack", ["fantasy", "skirmish", "wh40k"])
def test_built_in_packs_check_without_errors_and_explain_what_is_left(pack: str) -> None:
    """The three built-in packs check with no errors; any warning or note left is explained in the pack."""
    findings = check_pack(load_pack(pack))
    assert not [f for f in findings if f.severity == "error"]
    assert all(f.reason for f in findings if f.kind not in ("unused_fact", "unused_quantity")), findings


def test_notes_turn_an_intended_finding_into_an_explained_note(tmp_path: Path) -> None:
    text = (PACKS / "redundant_rule.yaml").read_text()
    (tmp_path / "p.yaml").write_text(
        text + "notes:\n  redundant_rule.moved+moving_penalty: kept on purpose\n"
    )
    (f,) = check_pack(load_pack(str(tmp_path / "p.yaml")))
    assert (f.severity, f.reason) == ("note", "kept on purpose")


def test_cli_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 1 when there is an error (with --strict, a warning too), 0 otherwise, 2 for unloadable input."""
    assert main(["check", str(PACKS / "clean.yaml")]) == 0
    assert main(["check", str(PACKS / "dead_rule.yaml")]) == 1
    assert main(["check", str(PACKS / "redundant_rule.yaml")]) == 0
    assert main(["check", str(PACKS / "redundant_rule.yaml"), "--strict"]) == 1
    assert main(["check", str(PACKS / "load_errors.yaml")]) == 2
    assert main(["check", "no-such-pack"]) == 2
    capsys.readouterr()


def test_with_marks_the_findings_the_house_rule_introduced(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["check", "fantasy", "--with", str(EXAMPLES / "camouflage.yaml"), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    (finding,) = report["findings"]
    assert finding["kind"] == "subsumed_rule" and finding["new"] is True
    assert finding["replay"].startswith("rulings ask fantasy to_hit --with ")
    argv = finding["replay"].split()[1:]
    assert main([*argv, "--format", "json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert [a["rule"] for a in ruling["applied"]] == ["soft_cover", "camouflage"]


def test_the_fixed_house_rule_checks_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "fantasy", "--with", str(EXAMPLES / "camouflage-fixed.yaml"), "--strict"]) == 0
    assert "0 errors, 0 warnings" in capsys.readouterr().out


def test_a_note_that_explains_no_finding_is_reported_as_stale() -> None:
    """A pack's `notes:` entry whose finding is gone would mislead readers: check says so."""
    from kb.document import read_yaml
    from kb.loader import build_pack
    from kb.locate import pack_files

    docs = [read_yaml(f.read_text(), str(f)) for f in pack_files("fantasy")]
    docs.append(read_yaml("notes:\n  dead_rule.nothing: it was intended once\n", "house.yaml"))
    pack = build_pack(docs, "fantasy", overlay=len(docs) - 1)
    stale = [f for f in check_pack(pack) if f.kind == "stale_note"]
    assert [(f.severity, f.key) for f in stale] == [("warning", "stale_note.dead_rule.nothing")]


# -- messages for rules writers: the real reason, everything involved cited -------------------------------------


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_rule_dead_by_its_facts_range_says_so_and_cites_the_fact(capsys: pytest.CaptureFixture[str]) -> None:
    """`shooter.pins >= 13` with pins declared 0..12: the range is the reason, not the condition."""
    f = only("dead_by_range", "dead_rule")
    assert f.cause == "range" and "contradicts itself" not in f.message
    assert "shooter.pins is at most 12 (its declared range 0..12), so its condition `shooter.pins >= 13`" in f.message
    assert [(name, where.line) for name, where in f.rules] == [("pinned_down", 7), ("shooter.pins", 3)]
    code, out, _ = cli(capsys, "check", str(PACKS / "dead_by_range.yaml"))
    assert code == 1 and "(the shooter has 13 or more pin markers)" in out  # the condition in plain English
    assert "dead_by_range.yaml:3:3: shooter.pins" in out


def test_a_rule_dead_by_a_derived_facts_definition_names_the_definition() -> None:
    f = only("dead_by_derivation", "dead_rule")
    assert f.cause == "derivation" and "contradicts itself" not in f.message
    assert "target.in_cover is derived as `wall.height >= 2`" in f.message
    assert [(name, where.line) for name, where in f.rules] == [("low_cover", 8), ("target.in_cover", 4)]


def test_a_derived_fact_that_its_inputs_range_keeps_false_names_both() -> None:
    f = only("dead_by_derived_range", "dead_rule")
    assert f.cause == "derivation"
    assert "unit.heavy is derived as `unit.weight >= 20`, which is never true" in f.message
    assert "unit.weight is at most 12 (its declared range 0..12)" in f.message
    assert [name for name, _ in f.rules] == ["heavy", "unit.heavy", "unit.weight"]


def test_only_a_condition_that_contradicts_itself_is_said_to() -> None:
    f = only("dead_by_itself", "dead_rule")
    assert f.cause == "contradiction" and "contradicts itself" in f.message
    assert only("dead_rule", "dead_rule").cause == "constraint"


def test_a_rule_dead_by_an_overlays_range_is_new_and_cites_the_packs_fact(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "check", "fantasy", "--with", str(EXAMPLES / "huge-target.yaml"), "--format", "json")
    (finding,) = json.loads(out)["findings"]
    assert code == 1 and finding["new"] is True and finding["cause"] == "range"
    assert [r["name"] for r in finding["rules"]] == ["huge_target", "target.unit_strength"]
    assert finding["rules"][1]["where"].startswith("kb/packs/fantasy.yaml:")
    assert "target.unit_strength is at most 99 (its declared range 0..99)" in finding["message"]


def test_a_cycle_names_every_rule_and_fact_in_it_where_each_is_written() -> None:
    with pytest.raises(PackError) as error:
        load_pack(str(PACKS / "cycle.yaml"))
    (f,) = load_findings(error.value)
    assert f.key == "cycle.a.ready+b.ready"
    assert [(name, where.line) for name, where in f.rules] == [("a.ready", 3), ("b.ready", 4)]


def test_a_priority_cycle_an_overlay_makes_is_new_and_placed_in_the_overlay(capsys: pytest.CaptureFixture[str]) -> None:
    overlay = str(PACKS / "priority_cycle_overlay.yaml")
    code, out, err = cli(capsys, "check", "fantasy", "--with", overlay)
    first, *cited = err.splitlines()
    assert code == 2 and out == ""
    where, _, message = first.partition(": cycle [new]: ")
    assert where.startswith("rulings: ") and where.endswith("priority_cycle_overlay.yaml:3:3") and message
    assert ("soft_cover beats hard_cover by soft_cover_first and hard_cover beats soft_cover by cover_never_stacks"
            in first)
    assert [line.rsplit(": ", 1)[1] for line in cited] == ["soft_cover", "hard_cover", "soft_cover_first",
                                                           "cover_never_stacks"]
    assert "notes:" not in err  # a note cannot explain a pack that does not load
    code, out, _ = cli(capsys, "check", "fantasy", "--with", overlay, "--format", "json")
    (finding,) = json.loads(out)["findings"]
    assert finding["new"] is True and finding["key"] == "cycle.soft_cover+hard_cover"
    assert [r["name"] for r in finding["rules"]] == ["soft_cover", "hard_cover", "soft_cover_first",
                                                     "cover_never_stacks"]


def test_shadowed_rule_cites_the_policy_that_suppresses_it() -> None:
    f = only("shadowed_rule", "shadowed_rule")
    policy = "never_stack (only one of any_cover, hedge counts: the first listed that holds)"
    assert f"{policy} suppresses hedge" in f.message
    assert [(name, where.line) for name, where in f.rules] == [("hedge", 10), ("any_cover", 8), ("never_stack", 13)]


def test_subsumed_rule_says_the_new_rule_slips_past_the_non_stacking_group(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "check", "fantasy", "--with", str(EXAMPLES / "camouflage.yaml"), "--format", "json")
    (finding,) = json.loads(out)["findings"]
    assert code == 0 and finding["cause"] == "non_stacking"
    assert "camouflage is not in soft_cover's non-stacking group cover_never_stacks" in finding["message"]
    assert "slips past it" in finding["message"]
    assert [r["name"] for r in finding["rules"]] == ["soft_cover", "camouflage", "cover_never_stacks"]
    plain = only("subsumed_rule", "subsumed_rule")  # no group in play: nothing slips past one
    assert plain.cause is None and "slips" not in plain.message


def test_reading_split_shows_every_readings_answer(capsys: pytest.CaptureFixture[str]) -> None:
    f = only("reading_split", "reading_split")
    assert f.answer == ("penalties = cumulative (the default): 2 dice; applied shaken -1, flanked -1 | "
                        "penalties = once: 3 dice; applied shaken -1; suppressed flanked (by shaken)")
    _, out, _ = cli(capsys, "check", str(PACKS / "reading_split.yaml"))
    assert ("  answers: penalties = cumulative (the default): 2 dice; applied shaken -1, flanked -1\n"
            "           penalties = once: 3 dice; applied shaken -1; suppressed flanked (by shaken)\n") in out


def test_a_finding_the_pack_had_is_new_when_the_overlay_is_part_of_it(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Same key as before, but the overlay rewrote one of its rules: the overlay is involved, so `[new]`."""
    overlay = tmp_path / "house.yaml"
    overlay.write_text("modifiers:\n  moving_penalty: {quantity: dice, change: -1, when: shooter.moved, "
                       "text: a house rule's own wording}\n")
    pack = str(PACKS / "redundant_rule.yaml")
    _, out, _ = cli(capsys, "check", pack, "--with", str(overlay), "--format", "json")
    (finding,) = json.loads(out)["findings"]
    assert finding["key"] == "redundant_rule.moved+moving_penalty" and finding["new"] is True
    unrelated = tmp_path / "rain.yaml"
    unrelated.write_text("facts:\n  weather.rain: {type: bool}\n"
                         "modifiers:\n  rain: {quantity: dice, change: -2, when: weather.rain}\n")
    _, out, _ = cli(capsys, "check", pack, "--with", str(unrelated), "--format", "json")
    (finding,) = json.loads(out)["findings"]
    assert finding["key"] == "redundant_rule.moved+moving_penalty" and finding["new"] is False


def test_notes_are_only_suggested_where_a_note_works(capsys: pytest.CaptureFixture[str]) -> None:
    """A note explains a finding of a pack that loads; for a cycle or a load error it would do nothing."""
    _, out, err = cli(capsys, "check", str(PACKS / "cycle.yaml"))
    assert "notes:" not in out + err
    _, out, _ = cli(capsys, "check", str(PACKS / "dead_by_range.yaml"))
    assert "(to mark it intended: notes: {dead_rule.pinned_down: <why>})" in out


def test_the_docs_table_lists_every_kind_of_finding() -> None:
    from solver.space.check import KINDS

    text = (Path(__file__).parents[2] / "docs" / "checking.md").read_text(encoding="utf-8")
    table = text.split("## What `check` looks for", 1)[1].split("\n\n", 2)[1]
    listed = {kind for line in table.splitlines()[2:] for kind in re.findall(r"`(\w+)`", line.split("|")[1])}
    assert listed == set(KINDS)


def test_every_finding_kind_made_here_is_a_known_kind() -> None:
    from solver.space.check import KINDS

    for pack in PACKS.glob("*.yaml"):
        try:
            findings = check_pack(load_pack(str(pack)))
        except PackError as e:
            findings = load_findings(e)
        assert {f.kind for f in findings} <= set(KINDS), pack


def test_a_policy_kind_takes_its_article(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """ "a exclusive policy" read badly: the loader says "an exclusive policy"."""
    pack = tmp_path / "p.yaml"
    pack.write_text("pack: p\nfacts:\n  a.x: {type: bool}\nquantities:\n  dice: {kind: pool, base: 3}\n"
                    "modifiers:\n  m: {quantity: dice, change: -1, when: a.x}\npolicies:\n"
                    "  group: {kind: exclusive, keep: first}\n")
    code, _, err = cli(capsys, "check", str(pack))
    assert code == 2 and "an exclusive policy needs 'rules'" in err and "a exclusive" not in err


def test_check_and_diff_load_packs_through_the_cache(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Like `ask`, so a large pack is not parsed afresh on every check (overlays are part of the cache's key)."""
    import kb.cache

    loaded: list[tuple[str, tuple[str, ...]]] = []
    real = kb.cache.load

    def load(name: str, *, extra: Any = ()) -> Any:
        loaded.append((name, tuple(extra)))
        return real(name, extra=extra)

    monkeypatch.setattr(kb.cache, "load", load)
    camouflage = str(EXAMPLES / "camouflage.yaml")
    assert main(["check", "fantasy", "--with", camouflage]) == 0
    assert loaded == [("fantasy", (camouflage,)), ("fantasy", ())]
    loaded.clear()
    melee = str(EXAMPLES / "melee.yaml")
    assert main(["diff", melee, str(EXAMPLES / "melee-errata.yaml")]) == 0
    assert [name for name, _ in loaded] == [melee, str(EXAMPLES / "melee-errata.yaml")]
    capsys.readouterr()


def test_a_check_stopped_by_a_load_error_claims_no_coverage(capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing was searched when the pack does not load: the JSON says neither exhaustive nor searched."""
    assert main(["check", str(PACKS / "load_errors.yaml"), "--format", "json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert [f["kind"] for f in report["findings"]] == ["load_error", "load_error"]
    assert "exhaustive" not in report and "searched" not in report


def test_a_division_by_a_derived_fact_that_only_an_impossible_situation_makes_zero_is_checked() -> None:
    """The search probes expressions with values no constraint has checked yet: a divisor derived as `f.a - f.b`
    is 0 only where `f.a > f.b` fails. The check completes, proves every claim and finds nothing wrong, instead of
    stopping at the division."""
    from kb.document import read_yaml
    from kb.loader import build_pack
    from solver.space.model import Coverage

    text = """pack: div
facts:
  f.a: {type: int, range: [0, 4], text: "a is {value}"}
  f.b: {type: int, range: [0, 4], text: "b is {value}"}
  d.gap: {type: int, range: [1, 4], derive: "f.a - f.b", text: "the gap is {value}"}
quantities:
  q: {kind: score, base: "12 // d.gap", text: the score}
modifiers:
  r: {quantity: q, change: +1, when: "d.gap == 1"}
constraints:
  ahead: {require: "f.a > f.b"}
"""
    coverage = Coverage()
    assert check_pack(build_pack([read_yaml(text, "div.yaml")], "div"), coverage) == []
    assert coverage.exhaustive
    assert ask(build_pack([read_yaml(text, "div.yaml")], "div"), "q",
               Situation(given={"f.a": 3, "f.b": 2})).value == 13  # 12 // 1, and r holds

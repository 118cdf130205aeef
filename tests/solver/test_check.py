"""`check_pack`: one small pack per finding kind, triggering exactly that finding, its witness replayed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kb.errors import Contradiction, PackError, Unsatisfiable
from kb.loader import load_pack
from rulings.cli import main
from solver.ask import ask
from solver.space.check import check_pack, load_findings
from solver.situation import Situation

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

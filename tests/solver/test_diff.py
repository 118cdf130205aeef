"""`diff_packs`: which rulings change between two versions of a pack, each group with its smallest witness."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.loader import load_pack, pack_files
from rulings.cli import main
from solver.ask import ask
from solver.situation import Situation
from solver.space.check import describe_ruling
from solver.space.diff import changed_rules, diff_packs

ERRATA = Path(__file__).parent / "diff_packs" / "hard_cover_errata.yaml"


def test_a_pack_does_not_differ_from_itself() -> None:
    result = diff_packs(load_pack("fantasy"), load_pack("fantasy"))
    assert result.changes == () and result.changed_rules == ()


def test_changed_rules_ignore_where_a_rule_is_written() -> None:
    assert changed_rules(load_pack("fantasy"), load_pack("fantasy", extra=[str(ERRATA)])) == ["hard_cover"]


def test_every_change_is_replayed_by_its_witness() -> None:
    """ "it's in hard cover, worth a -2 shooting modifier." -- the errata makes it -1."""
    old, new = load_pack("fantasy"), load_pack("fantasy", extra=[str(ERRATA)])
    result = diff_packs(old, new, "to_hit")
    assert result.changes
    for change in result.changes:
        assert change.causes == ("hard_cover",)
        before = ask(old, "to_hit", Situation(given=dict(change.witness)))
        after = ask(new, "to_hit", Situation(given=dict(change.witness)))
        assert (describe_ruling(before), describe_ruling(after)) == (change.old, change.new)
        assert change.old != change.new
        assert [a.change for a in before.applied if a.rule == "hard_cover"] == ["-2"]
        assert [a.change for a in after.applied if a.rule == "hard_cover"] == ["-1"]
    assert any(c.old.startswith("6, then 5+") and c.new.startswith("6, then 4+") for c in result.changes)


def test_witnesses_are_the_smallest_situations() -> None:
    result = diff_packs(load_pack("fantasy"), load_pack("fantasy", extra=[str(ERRATA)]), "to_hit")
    smallest = min(result.changes, key=lambda c: len(c.witness))
    # bs and the hard cover, given as the one derived fact its inputs can produce: nothing else is needed
    assert set(smallest.witness) == {"shooter.bs", "target.in_hard_cover"}


def test_cli_diff_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "fantasy-errata"
    folder.mkdir()
    (folder / "pack.yaml").write_text(pack_files("fantasy")[0].read_text(encoding="utf-8"))
    assert main(["diff", "fantasy", str(folder), "--quantity", "to_hit", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["changes"] == []
    assert main(["diff", "fantasy", "fantasy", "--quantity", "to_hti"]) == 2


def _wh40k_with(tmp_path: Path, old: str, new: str) -> Path:
    text = pack_files("wh40k")[0].read_text()
    assert old in text
    changed = tmp_path / "wh40k-errata.yaml"
    changed.write_text(text.replace(old, new))
    return changed


def test_a_changed_clamp_on_a_characteristic_shows_through_its_base(tmp_path: Path) -> None:
    """A characteristic's base comes from the situation, so diff tries bases at the clamp edges too."""
    errata = load_pack(str(_wh40k_with(tmp_path, "quantity: Sv, min: 2,", "quantity: Sv, min: 3,")))
    changes = diff_packs(load_pack("wh40k"), errata, "Sv").changes
    assert [(c.old.split(";")[0], c.new.split(";")[0], dict(c.witness)) for c in changes] == [
        ("2+", "3+", {"base": "2+"})]
    replayed = ask(errata, "Sv", Situation(base="2+"))
    assert replayed.value == "3+"


def test_a_changed_cap_is_searched_through_the_rules_it_bounds(tmp_path: Path) -> None:
    errata = load_pack(str(_wh40k_with(tmp_path, "quantity: hit_roll, min: -1, max: 1,",
                                       "quantity: hit_roll, min: -2, max: 2,")))
    changes = diff_packs(load_pack("wh40k"), errata, "hit_roll").changes
    assert changes and all(c.causes == ("hit_roll_cap",) for c in changes)
    witness = dict(changes[0].witness)
    old, new = (ask(p, "hit_roll", Situation(given=witness)) for p in (load_pack("wh40k"), errata))
    assert (old.modifier, new.modifier) == (-1, -2)


def test_the_replay_command_gives_the_base(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "wh40k", "Sv", "--base", "2+", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == "2+"
    assert main(["ask", "wh40k", "hit_roll", "--roll", "3", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == 3


def test_a_new_maximum_that_makes_impossible_shots_possible_is_found_and_proven() -> None:
    """ "A required score of 10 or more is simply impossible": an errata capping the score at 9 changes that."""
    old = load_pack("fantasy")
    new = load_pack("fantasy", extra=[str(ERRATA.parent / "to_hit_max_9.yaml")])
    result = diff_packs(old, new, "to_hit")
    assert result.exhaustive and result.changes
    for change in result.changes:
        before = ask(old, "to_hit", Situation(given=dict(change.witness)))
        after = ask(new, "to_hit", Situation(given=dict(change.witness)))
        assert before.impossible and after.value == 9 and after.then == 6
    assert not diff_packs(old, old, "to_hit").changes and diff_packs(old, old, "to_hit").exhaustive


def test_a_change_that_only_shows_through_a_cap_is_found_with_its_partner() -> None:
    """ "Hit rolls and wound rolls can never be modified by more than -1 or +1": Heavy +2 differs only with Stealth."""
    old = load_pack("wh40k")
    new = load_pack("wh40k", extra=[str(ERRATA.parent / "heavy_plus_2.yaml")])
    result = diff_packs(old, new, "hit_roll")
    assert result.changes
    for change in result.changes:  # every listed change changes the answer, not only the reasons
        before = ask(old, "hit_roll", Situation(given=dict(change.witness)))
        after = ask(new, "hit_roll", Situation(given=dict(change.witness)))
        assert (before.modifier, before.display) != (after.modifier, after.display)
    assert any(dict(c.witness).get("target.stealth") for c in result.changes)
    # effects come from the situation and are not varied: the search says so instead of claiming "all"
    assert not result.exhaustive and any("effects" in r for r in result.coverage["hit_roll"].reasons)


PENALTIES = ERRATA.parent / "penalties_old.yaml"


def test_a_change_only_another_reading_sees_shows_every_readings_answer() -> None:
    """Dropping the `once` reading leaves the default's 2 dice: the change is in the other reading, and shows it."""
    old, new = load_pack(str(PENALTIES)), load_pack(str(PENALTIES.parent / "penalties_no_once.yaml"))
    result = diff_packs(old, new)
    assert result.exhaustive and result.changes
    for change in result.changes:
        assert change.old != change.new
        assert "penalties = once: " in change.old and "penalties = cumulative (the default): " in change.old
    smallest = min(result.changes, key=lambda c: len(c.witness))
    assert (smallest.old, smallest.new) == (
        "penalties = cumulative (the default): 2 dice; applied shaken -1, flanked -1 | "
        "penalties = once: 3 dice; applied shaken -1; suppressed flanked (by shaken)",
        "2 dice; applied shaken -1, flanked -1")


def test_the_text_shows_before_and_after_apart_with_both_replays(capsys: pytest.CaptureFixture[str]) -> None:
    old, new = str(PENALTIES), str(PENALTIES.parent / "penalties_flanked_2.yaml")
    result = diff_packs(load_pack(old), load_pack(new))
    assert main(["diff", old, new, "--all"]) == 0
    out = capsys.readouterr().out
    assert "->" not in out  # one arrow meant "becomes" and another "clamped from ... to" on the same line
    assert ("\ndice changes in 1 situation searched (caused by flanked)\n"
            "  smallest: unit.flanked = true\n"
            "  before: 3 dice; applied flanked -1\n"
            "  after:  2 dice; applied flanked -2\n"
            f"  replay before: rulings ask {old} dice --given unit.flanked=true\n"
            f"  replay after:  rulings ask {new} dice --given unit.flanked=true\n") in out
    clamped = ask(load_pack(new), "dice", Situation(given={"unit.flanked": True, "unit.dice": 2}))
    assert describe_ruling(clamped) == "1 die; applied flanked -2; clamped at_least_one from 0 to 1"
    assert out.count("  replay before: ") == out.count("  replay after:  ") == out.count("\ndice changes in ") \
        == len(result.changes) > 1
    # without --all: one paragraph for the one cause, its smallest situation, the count of all it changes
    assert main(["diff", old, new]) == 0
    grouped = capsys.readouterr().out
    total = sum(c.count for c in result.changes)
    assert grouped.count("\ndice changes in ") == 1
    assert f"\ndice changes in {total} situations searched (caused by flanked)\n  smallest: unit.flanked = true\n" \
        in grouped
    assert f"  ... and {len(result.changes) - 1} other changes of answer from the same cause" in grouped


def test_a_change_whose_descriptions_read_alike_says_what_differs() -> None:
    """Two answers whose value reads the same but whose chance differs still show a difference."""
    from solver.space.diff import _shown_apart

    old, new = load_pack("fantasy"), load_pack("fantasy", extra=[str(ERRATA)])
    a = ask(old, "to_hit", Situation(given={"shooter.bs": 3}))
    b = ask(new, "to_hit", Situation(given={"shooter.bs": 4}))
    shown = _shown_apart((None, "same words", set(), a), (None, "same words", set(), b))
    assert shown[0] != shown[1] and "chance 1/2" in shown[0] and "chance 2/3" in shown[1]


def test_an_erratum_is_diffed_against_the_pack_it_amends_one_paragraph_per_cause(
        capsys: pytest.CaptureFixture[str]) -> None:
    erratum = str(Path(__file__).parent / "proof_packs" / "leader_reroll.yaml")
    result = diff_packs(load_pack("skirmish"), load_pack("skirmish", extra=[erratum]), "command_roll")
    assert len(result.changes) > 1 and {c.causes for c in result.changes} == {("command_roll (re-roll leader)",)}
    assert main(["diff", "skirmish", "--new-with", erratum, "--quantity", "command_roll"]) == 0
    out = capsys.readouterr().out
    assert out.count("\ncommand_roll changes in ") == 1
    assert "(caused by command_roll (re-roll leader))" in out
    assert f"replay after:  rulings ask skirmish command_roll --with {erratum} --given" in out
    assert main(["diff", "skirmish"]) == 2
    assert "diff needs the pack after, or --new-with FILE" in capsys.readouterr().err

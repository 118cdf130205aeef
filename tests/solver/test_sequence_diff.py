"""`diff` on sequences: a whole attack changes when what it rolls, or its own definition, changes; it is proven
unchanged only when nothing it reads changed, and is never said unchanged when the search could not show it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from kb.loader import load_pack
from rulings.cli import main
from solver.sequence import mean, resolve
from solver.situation import Situation
from solver.space.diff import diff_packs
from solver.space.sequence_diff import SEQUENCE

HERE = Path(__file__).parent
CRITICAL = str(HERE / "sequence_packs" / "critical.yaml")


def _replayed(pack, change):
    given = {k: v for k, v in change.witness.items() if k != SEQUENCE}
    return resolve(pack, change.quantity, Situation(given=given, sequence=change.witness[SEQUENCE]))


def test_a_pack_and_its_sequences_do_not_differ_from_themselves() -> None:
    result = diff_packs(load_pack("skirmish"), load_pack("skirmish"))
    assert result.changes == ()
    assert {"attack", "close_combat"} <= set(result.coverage)
    assert result.exhaustive  # skirmish's quantities are searched whole, and nothing an attack reads changed


def test_a_changed_roll_changes_the_attacks_that_roll_it() -> None:
    """skirmish.txt: "Targets possessing the Cover status provide a +1 Penalty to the Hit requirement." An
    erratum makes it +2: against a target in Cover hitting on 4 takes a 6+ (1/6), not a 5+ (1/3)."""
    old, new = load_pack("skirmish"), load_pack("skirmish", extra=[str(HERE / "diff_packs" / "skirmish_cover_2.yaml")])
    result = diff_packs(old, new)
    attack = next(c for c in result.changes if c.quantity == "attack")
    assert attack.causes == ("cover",)
    assert attack.witness["target.in_cover"] is True and attack.witness["attacker.to_hit"] == 4
    before, after = _replayed(old, attack), _replayed(new, attack)
    save = Fraction(attack.witness["target.save"] - 1, 6)  # a save on N+ fails on 1 .. N-1
    attacks = attack.witness[SEQUENCE]["attacks"]
    assert mean(before.outcome) == attacks * Fraction(1, 3) * save
    assert mean(after.outcome) == attacks * Fraction(1, 6) * save
    assert attack.old.startswith(f"mean {mean(before.outcome)} unsaved hits")
    assert attack.new.startswith(f"mean {mean(after.outcome)} unsaved hits")
    assert {c.quantity for c in result.changes} >= {"to_hit", "attack", "close_combat"}


def test_a_changed_event_is_a_change_shown_where_its_condition_holds() -> None:
    """An erratum that takes away "lethal" (a critical hit wounds automatically) changes the attack only for
    a weapon that has it: the witness sets ab.lethal, and replays to the two outcomes the change states."""
    old = load_pack(CRITICAL)
    new = load_pack(CRITICAL, extra=[str(HERE / "diff_packs" / "critical_no_lethal.yaml")])
    result = diff_packs(old, new)
    (change,) = result.changes
    assert change.quantity == "attack" and change.causes == ("attack",)
    assert change.witness["ab.lethal"] is True
    before, after = _replayed(old, change), _replayed(new, change)
    assert before.outcome != after.outcome
    # each die: a hit on 4+; with lethal a 6 skips the wound roll. Wound, save and ward on 4+ as the witness says
    steps = change.witness[SEQUENCE]
    assert {steps[s]["target"] for s in ("hit", "wound", "save", "ward")} == {4}
    half = Fraction(1, 2)
    lethal = Fraction(1, 6) + Fraction(2, 6) * half  # a 6 wounds outright; a 4 or 5 rolls to wound
    assert mean(before.outcome) == steps["attacks"] * lethal * half  # an unsaved wound: the save fails on 1-3
    assert mean(after.outcome) == steps["attacks"] * half * half * half


def test_a_change_no_situation_shows_is_not_proven_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    """Excess damage that carries over only shows when a situation gives damage, models and wounds: the search
    tries none, so it must not say the attack is unchanged."""
    erratum = str(HERE / "diff_packs" / "critical_carry_over.yaml")
    result = diff_packs(load_pack(CRITICAL), load_pack(CRITICAL, extra=[erratum]))
    assert not result.exhaustive
    assert any("not proven unchanged" in r for r in result.coverage["attack"].reasons)
    assert main(["diff", CRITICAL, "--new-with", erratum]) == 0
    out = capsys.readouterr().out
    assert "proven over every situation" not in out and "NOT exhaustive" in out


def test_the_replay_a_diff_prints_reproduces_the_attack(capsys: pytest.CaptureFixture[str]) -> None:
    erratum = str(HERE / "diff_packs" / "skirmish_cover_2.yaml")
    assert main(["diff", "skirmish", "--new-with", erratum]) == 0
    out = capsys.readouterr().out
    paragraph = out[out.index("\nattack changes"):]
    after = next(line for line in paragraph.splitlines() if line.startswith("  replay after:"))
    assert "--step attacks=2" in after
    argv = after.split("rulings ", 1)[1].split()
    assert main(argv) == 0
    assert "0.17 unsaved hits on average" in capsys.readouterr().out  # 2 x 1/6 x 1/2 = 1/6


def test_an_attack_is_proven_unchanged_no_further_than_the_rolls_it_uses() -> None:
    """wh40k's hit roll takes effects from the situation, which no search varies: its attack, though nothing it
    reads changed, is not claimed proven unchanged either, and says which roll's search stopped short."""
    result = diff_packs(load_pack("wh40k"), load_pack("wh40k"))
    assert result.changes == ()
    attack = result.coverage["attack"]
    assert not attack.exhaustive
    assert any(reason.startswith("hit_roll (used by attack):") for reason in attack.reasons)

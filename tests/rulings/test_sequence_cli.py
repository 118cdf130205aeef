"""`rulings ask PACK SEQUENCE`: the short answer, the JSON, and errors with exit 2."""

from __future__ import annotations

import json

from rulings.cli import main

STEPS = ["--step", "attacks=20", "--step", "hit.target=3", "--step", "wound.target=4", "--step", "save.target=5",
         "--step", "damage=D3", "--step", "models=10", "--step", "wounds=2"]


def test_a_whole_attack_reads_as_a_judge_says_it(capsys):
    assert main(["ask", "wh40k", "attack", *STEPS, "--given", "weapon.heavy=true",
                 "--given", "attacker.remained_stationary=true"]) == 0
    out = capsys.readouterr().out
    assert "on average" in out.splitlines()[0] and "of 10 models destroyed" in out.splitlines()[0]
    assert "hit (hit_roll): 20 dice, each passes on 3+ with +1: chance 5/6" in out
    assert '+1 to hit if the unit remained stationary.' in out  # the rule that changed the step, quoted
    assert "(attack_steps)" in out  # the assumption the order of the steps rests on


def test_the_json_carries_every_distribution_exactly(capsys):
    assert main(["ask", "wh40k", "attack", *STEPS, "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["steps"][0]["chance"] == "2/3" and doc["steps"][2]["keep"] == "fails"
    assert sum(__import__("fractions").Fraction(p) for p in doc["models_destroyed"]["distribution"].values()) == 1
    assert doc["attacks"]["distribution"] == {"20": "1"}


def test_a_missing_target_is_exit_2_with_a_hint(capsys):
    assert main(["ask", "wh40k", "attack", "--step", "attacks=3", "--step", "hit.target=3"]) == 2
    err = capsys.readouterr().err
    assert "step 'wound' needs what its roll must reach" in err and "--step wound.target=3" in err


def test_an_example_may_state_what_a_sequence_gives():
    """A pack's example asks a sequence by name and compares its outcome's mean, distribution and chances of at
    least N as exact fractions; a wrong figure is a failure that says which."""
    from dataclasses import replace
    from pathlib import Path

    from kb.loader import load_pack
    from rulings.examples import run_example

    pack = load_pack(str(Path(__file__).parents[2] / "docs" / "examples" / "critical-game.yaml"))
    keen = next(e for e in pack.examples if e.quantity == "attack" and "keen" in e.name)
    assert run_example(pack, keen).problems == []
    wrong = replace(keen, expect={"outcome": {"mean": "1/3", "at_least": {1: "215/576"}}})
    assert run_example(pack, wrong).problems == ["outcome mean '5/12' != '1/3'"]
    short = replace(keen, expect={"outcome": {"distribution": {0: "361/576"}}})
    assert run_example(pack, short).problems and "distribution" in run_example(pack, short).problems[0]


def test_the_text_and_json_give_the_attack_under_the_other_reading(capsys):
    argv = ["ask", "skirmish", "attack", "--given", "attacker.to_hit=4", "--given", "target.save=5",
            "--given", "target.flanked=true", "--given", "target.dash_token=true", "--step", "attacks=6"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "3.33 unsaved hits on average" in text.splitlines()[0]
    assert "? read as one_bonus (hit_bonuses): 2.67 unsaved hits on average" in text  # 6 x 2/3 x 2/3 = 8/3
    assert main([*argv, "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(x["reading"], x["option"], x["outcome"]["mean"]) for x in doc["readings"]] == [
        ("hit_bonuses", "one_bonus", "8/3")]


def test_why_not_on_an_attack_asks_the_step_the_rule_changes(capsys):
    """skirmish.txt: "Targets possessing the Cover status provide a +1 Penalty to the Hit requirement." Why did
    cover not count in this attack? Its hit step's roll: the target is not in Cover; with it, a To-Hit Value of
    4 becomes 5+, and the replay asks the whole attack again."""
    argv = ["why-not", "skirmish", "attack", "cover", "--given", "attacker.to_hit=4", "--given", "target.save=5",
            "--step", "attacks=6"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("In attack, the hit step rolls to_hit. cover (to_hit): its condition fails")
    assert "the target has the Cover status: to_hit becomes 5+" in out
    replay = out.strip().splitlines()[-1].strip()
    assert replay.endswith("--given target.in_cover=true --step attacks=6") and " attack " in replay
    assert main(replay.split()[1:]) == 0
    assert "1.33 unsaved hits" in capsys.readouterr().out.splitlines()[0]  # hit on 5+: 6 x 1/3 x 2/3 = 4/3


def test_why_not_on_an_attack_names_the_rolls_when_the_rule_changes_none(capsys):
    assert main(["why-not", "skirmish", "attack", "cc_flanked", "--step", "attacks=6"]) == 2
    err = capsys.readouterr().err
    assert "changes no roll of attack: it rolls hit (to_hit), save (save)" in err

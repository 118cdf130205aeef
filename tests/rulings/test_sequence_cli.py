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

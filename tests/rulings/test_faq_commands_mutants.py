"""`rulings why-not`, `find` and `faq` as a user runs them, in every format: checked where mutation testing found
nothing watching (`python tools/mutate.py rulings/faq.py`).

Every expected line is worked out from the rules: the built-in packs' texts (skirmish: cover is a +1 Penalty to
the Hit requirement, Flanked and a Dash Token a -1 Bonus; wh40k: Heavy is +1 to hit if the unit remained
stationary, Lance +1 to wound after a charge), the examples in docs/searching.md and docs/sequences.md, and small
packs written here whose answers are plain arithmetic. Each command runs in-process (`rulings.cli.main`), so the
output, the exit code and the message of a mistake are what a user sees.
"""

from __future__ import annotations

import json
import locale
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from kb.errors import RulingsError
from rulings.cli import _parser, main
from rulings.faq import run_faq, run_find, run_why_not

COVER_CITE = ('modifiers ¶2: "Long Range and Targets possessing the Cover status provide a +1 Penalty to the Hit '
              'requirement."')
BONUS_CITE = ('modifiers ¶2: "Targets that are categorized as Flanked or possess a Dash Token provide a -1 Bonus to '
              'the Hit requirement."')
WH40K_STEPS = ["--step", "attacks=6", "--step", "hit.target=3", "--step", "wound.target=4", "--step", "save.target=4"]

KEEN = """\
pack: keen
facts:
  weapon.keen: {type: bool, text: "the weapon is keen"}
  weapon.blessed: {type: bool, text: "the weapon is blessed"}
quantities:
  damage: {kind: characteristic, characteristic: number, text: the damage}
modifiers:
  keen: {quantity: damage, change: +1, when: weapon.keen}
  blessed: {quantity: damage, change: +1, when: weapon.blessed, under: {blessing: generous}}
readings:
  blessing:
    sentence: A blessed weapon may do more damage.
    options: {strict: no change, generous: one more}
    default: strict
"""
"""A damage characteristic (its base given) that a keen weapon raises by 1, and a blessed one only under the
reading `generous`, which is not the default."""

STAYS = """\
pack: stays
facts:
  a: {type: bool, text: "a holds"}
  b: {type: bool, text: "b holds"}
  base: {type: int, range: [2, 6], text: "the roll needs {value}"}
quantities:
  need: {kind: score, text: the score needed, base: base, plus: lowers, impossible_from: 7}
modifiers:
  bonus: {quantity: need, change: +1, when: a or b}
  drag: {quantity: need, change: -1, when: a}
"""
"""With a, bonus counts but drag takes it back (the answer stays); with b, 4+ becomes 3+."""

TALLY = """\
pack: tally
facts:
  a: {type: bool, text: "a holds"}
  b: {type: bool, text: "b holds"}
  c: {type: bool, text: "c holds"}
  d: {type: bool, text: "d holds"}
quantities:
  dice: {kind: pool, text: the dice rolled, base: 1, better: higher}
modifiers:
  plus_a: {quantity: dice, change: +1, when: a}
  plus_b: {quantity: dice, change: +1, when: b}
  plus_c: {quantity: dice, change: +2, when: c}
  plus_d: {quantity: dice, change: +2, when: d}
"""
"""One die, +1 for each of a and b, +2 for each of c and d: two groups of interchangeable rules."""

WIDE = """\
facts:
  n: {type: int, range: [0, 1000000], default: 0, text: "the count is {value}"}
modifiers:
  odd: {quantity: dice, change: +5, when: n // 7 * 7 == n - 3 and n >= 1}
"""
"""An overlay on tally: a fact of a million values read by a comparison that is not `fact OP number`, so the search
cannot prove its partition (docs/searching.md)."""

DAGGER = """\
pack: dagger
title: Dagger — a one-page skirmish
facts:
  attacker.skill: {type: int, range: [2, 6], typical: 4, text: "the attacker hits on {value}+"}
  target.save: {type: int, range: [2, 6], typical: 4, text: "the target saves on {value}+"}
  target.in_cover: {type: bool, text: "the target is in cover"}
quantities:
  to_hit: {kind: score, text: the score needed to hit on a D6, base: attacker.skill, plus: raises, impossible_from: 7}
  save: {kind: score, text: the score needed to save on a D6, base: target.save, plus: raises, impossible_from: 7}
modifiers:
  cover: {quantity: to_hit, change: +1, when: target.in_cover, text: cover makes a target harder to hit}
  deep_cover: {quantity: to_hit, change: +1, when: target.in_cover, under: {cover: twice}, text: "cover again"}
readings:
  cover:
    sentence: Cover makes a target harder to hit, and harder again.
    options:
      once: Cover is one +1 to the score needed to hit.
      twice: Cover is +1 and +1 again, so +2 to the score needed to hit.
    default: once
examples:
- name: cover read twice
  faq: My target is in cover. How hard is it to hit?
  topic: Cover
  quantity: to_hit
  situation: {reading: twice, given: {attacker.skill: 4, target.in_cover: true}}
  expect: {value: 6}
- name: cover
  faq: My target is in cover and I hit on 3+. What do I need?
  topic: Cover
  quantity: to_hit
  situation: {given: {attacker.skill: 3, target.in_cover: true}}
  expect: {value: 4}
sequences:
  attack:
    text: an attack, from the dice cast to the hits not saved
    steps:
      - {step: hit, roll: to_hit, passes: hits}
      - {step: save, roll: save, keep: fails, passes: unsaved hits}
"""
"""A small pack with a FAQ: two questions of its own (one asked under the reading `twice` named alone), a reading
that changes the hit roll, and an attack of two steps. Its title holds a dash that is not ASCII."""

FORET = """\
facts:
  terrain: {type: enum, values: [open, forêt], default: open, text: "the ground is {value}"}
modifiers:
  woods: {quantity: dice, change: +3, when: "terrain == 'forêt'"}
"""
"""An overlay on tally: +3 dice in the woods, a value that is not ASCII."""

HOUSE = """\
facts:
  unit.tired: {type: bool, text: "the unit is tired"}
"""
"""A house-rule file that adds a fact no rule reads: merged over a pack, it changes no answer."""


@pytest.fixture(autouse=True)
def _own_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def answer(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    return out


# -- why-not ------------------------------------------------------------------------------------------------------


COVER = ["why-not", "skirmish", "to_hit", "cover", "--given", "attacker.to_hit=4"]
COVER_REPLAY = "rulings ask skirmish to_hit --given attacker.to_hit=4 --given target.in_cover=true"


def test_why_not_says_the_failed_condition_and_the_change_that_makes_it_count(capsys: pytest.CaptureFixture[str]
                                                                              ) -> None:
    """A To-Hit Value of 4 against a target not in Cover: Cover would make it 5+ (docs/sequences.md, one step)."""
    assert answer(capsys, *COVER) == "\n".join([
        "cover (to_hit): its condition fails",
        "",
        f"cover does not apply: the target does not have the Cover status — {COVER_CITE}",
        "",
        "Smallest changes that make it count:",
        "",
        "  the target has the Cover status: to_hit becomes 5+",
        f"      {COVER_REPLAY}",
    ]) + "\n"


def test_why_not_in_markdown_has_headings_bullets_and_the_replay_as_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert answer(capsys, *COVER, "--format", "markdown") == "\n".join([
        "## cover (to_hit): its condition fails",
        "",
        f"- cover does not apply: the target does not have the Cover status — {COVER_CITE}",
        "",
        "### Smallest changes that make it count",
        "",
        "- the target has the Cover status: to_hit becomes 5+",
        f"  `{COVER_REPLAY}`",
    ]) + "\n"


def test_why_not_as_json_is_one_line_with_the_change_and_its_replay(capsys: pytest.CaptureFixture[str]) -> None:
    out = answer(capsys, *COVER, "--format", "json")
    assert out.count("\n") == 1 and out.endswith("}\n")
    assert "¶2" in out  # written as it is, not escaped
    doc = json.loads(out)
    assert {k: doc[k] for k in ("pack", "quantity", "rule", "status", "counts")} == {
        "pack": "skirmish", "quantity": "to_hit", "rule": "cover", "status": "failed", "counts": False}
    assert doc["reason"]["claim"] == "cover does not apply: target.in_cover fails"
    assert doc["reason"]["cite"] == COVER_CITE
    assert (doc["ruling"]["value"], doc["ruling"]["display"], doc["ruling"]["probability"]) == (4, "4+", "1/2")
    assert doc["changes"] == [{"given": {"target.in_cover": True}, "values": {"target.in_cover": True},
                               "display": "5+", "command": COVER_REPLAY}]


def test_a_rule_that_counts_gets_its_reason_and_no_changes(capsys: pytest.CaptureFixture[str]) -> None:
    """In Cover, cover counts: 4+ becomes 5+, and there is nothing to change."""
    argv = [*COVER, "--given", "target.in_cover=true"]
    lines = answer(capsys, *argv).splitlines()
    assert lines[:2] == ["cover (to_hit): it counts", ""]
    assert lines[2].startswith("cover +1 counts: ") and lines[2].endswith(f" — {COVER_CITE}")
    assert lines[3:] == ["  the target has the Cover status: yes"]  # a reason's own reason, indented, no cite
    md = answer(capsys, *argv, "--format", "markdown").splitlines()
    assert md[:2] == ["## cover (to_hit): it counts", ""]
    assert md[2] == "- " + lines[2] and md[3:] == ["  - the target has the Cover status: yes"]
    doc = json.loads(answer(capsys, *argv, "--format", "json"))
    assert (doc["status"], doc["counts"], doc["changes"]) == ("counts", True, [])
    assert doc["ruling"]["display"] == "5+"


def test_a_rule_that_counts_only_in_some_cases_says_which_and_gives_the_range(capsys: pytest.CaptureFixture[str]
                                                                              ) -> None:
    """Fantasy seed: "any shot at a lone model with Unit Strength 2 or less suffers a -1 shooting modifier": the
    Unit Strength is not given, so lone_model counts only when it is 0 to 2; BS 3 hits on 4+, 5+ with it."""
    argv = ["why-not", "fantasy", "to_hit", "lone_model", "--given", "shooter.bs=3", "--given",
            "target.lone_model=true"]
    replay = ("rulings ask fantasy to_hit --given shooter.bs=3 --given target.lone_model=true "
              "--given target.unit_strength=2")
    assert answer(capsys, *argv) == "\n".join([
        "lone_model (to_hit): it depends on facts the situation leaves unknown",
        "",
        "lone_model counts only in some cases: the situation leaves facts unknown",
        "  when the target has Unit Strength 0 to 2: lone_model counts",
        "",
        "Smallest changes that make it count:",
        "",
        "  the target has Unit Strength 0 to 2: to_hit becomes 5+",
        f"      {replay}",
    ]) + "\n"
    doc = json.loads(answer(capsys, *argv, "--format", "json"))
    assert (doc["status"], doc["counts"]) == ("unknown", False)
    assert doc["changes"] == [{"given": {"target.unit_strength": 2}, "values": {"target.unit_strength": [0, 2]},
                               "display": "5+", "command": replay}]


def test_the_docs_lone_model_example_replays_the_top_of_the_range(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/searching.md: Unit Strength 10 given, the change is the class 0 to 2, replayed with 2."""
    out = answer(capsys, "why-not", "fantasy", "to_hit", "lone_model", "--given", "shooter.bs=3",
                 "--given", "target.lone_model=true", "--given", "target.unit_strength=10")
    assert out.endswith("Smallest changes that make it count:\n\n"
                        "  the target has Unit Strength 0 to 2: to_hit becomes 5+\n"
                        "      rulings ask fantasy to_hit --given shooter.bs=3 --given target.lone_model=true "
                        "--given target.unit_strength=2\n")


def test_a_change_that_leaves_the_answer_says_it_stays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """With a, bonus (+1) counts but drag (-1) takes it back: 4+ stays 4+. With b, 4+ becomes 3+."""
    pack = write(tmp_path, "stays.yaml", STAYS)
    out = answer(capsys, "why-not", pack, "need", "bonus", "--given", "base=4")
    assert out.endswith("\n".join([
        "Smallest changes that make it count:",
        "",
        "  b holds: need becomes 3+",
        f"      rulings ask {shlex.quote(pack)} need --given base=4 --given b=true",
        "  a holds: need stays 4+ (it counts, but the answer does not change)",
        f"      rulings ask {shlex.quote(pack)} need --given base=4 --given a=true",
    ]) + "\n")
    md = answer(capsys, "why-not", pack, "need", "bonus", "--given", "base=4", "--format", "markdown")
    assert md.endswith("- a holds: need stays 4+ (it counts, but the answer does not change)\n"
                       f"  `rulings ask {shlex.quote(pack)} need --given base=4 --given a=true`\n")


def test_a_suppressed_rule_names_the_policy_and_its_replay_keeps_the_reading(capsys: pytest.CaptureFixture[str]
                                                                             ) -> None:
    """skirmish, read as one_bonus: Flanked and a Dash Token give one -1 in all, so 4+ is 3+ and dash is
    suppressed; without Flanked, dash counts and it is still 3+."""
    out = answer(capsys, "why-not", "skirmish", "to_hit", "dash", "--reading", "hit_bonuses=one_bonus", "--given",
                 "attacker.to_hit=4", "--given", "target.flanked=true", "--given", "target.dash_token=true")
    lines = out.splitlines()
    assert lines[:2] == ["dash (to_hit): a policy suppressed it", ""]
    assert lines[2].startswith("dash does not count, flanked counts instead (hit_bonus_once: ")
    assert lines[2].endswith(f" — {BONUS_CITE}")
    assert lines[3:] == [
        "", "Smallest changes that make it count:", "",
        "  the target is not Flanked: to_hit stays 3+ (it counts, but the answer does not change)",
        "      rulings ask skirmish to_hit --reading hit_bonuses=one_bonus --given attacker.to_hit=4 "
        "--given target.flanked=false --given target.dash_token=true"]


def test_no_modifier_counts_when_no_roll_is_made(capsys: pytest.CaptureFixture[str]) -> None:
    """Fantasy seed: an attack that hits automatically skips the To Hit roll; without it, BS 3 moved is 5+."""
    out = answer(capsys, "why-not", "fantasy", "to_hit", "moved", "--given", "shooter.bs=3", "--given",
                 "shooter.moved=true", "--given", "attack.auto_hit=true")
    lines = out.splitlines()
    assert lines[:3] == ["moved (to_hit): no roll is made", "",
                         "moved does not count: no roll is made, so no modifier counts"]
    assert lines[4].startswith("    the attack hits automatically: yes — roll_to_hit ¶13: ")  # two levels down
    assert lines[-2:] == ["  the attack does not hit automatically: to_hit becomes 5+",
                          "      rulings ask fantasy to_hit --given shooter.bs=3 --given shooter.moved=true "
                          "--given attack.auto_hit=false"]
    md = answer(capsys, "why-not", "fantasy", "to_hit", "moved", "--given", "shooter.bs=3", "--given",
                "shooter.moved=true", "--given", "attack.auto_hit=true", "--format", "markdown").splitlines()
    assert md[4].startswith("    - the attack hits automatically: yes — roll_to_hit ¶13: ")


def test_a_rule_on_a_fixed_value_or_out_of_force_has_no_change(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    """Damage '-' can never be modified, so keen applies but changes nothing; blessed is in force only under a
    reading that is not the default, and no fact changes a reading: no change is found either way."""
    pack = write(tmp_path, "keen.yaml", KEEN)
    fixed = answer(capsys, "why-not", pack, "damage", "keen", "--base", "-", "--given", "weapon.keen=true")
    assert fixed == "\n".join([
        "keen (damage): it applies, but the value cannot be modified",
        "",
        "keen applies, but changes nothing",
        "  damage is '-': it can never be modified",
        "  no effect: keen (+1)",
        "",
        "Smallest changes that make it count:",
        "",
        "none found changing up to three facts",
    ]) + "\n"
    md = answer(capsys, "why-not", pack, "damage", "blessed", "--base", "2", "--given", "weapon.blessed=true",
                "--format", "markdown")
    assert md == "\n".join([
        "## blessed (damage): not in force under the reading used",
        "",
        "- blessed is only in force under reading blessing = generous",
        "",
        "### Smallest changes that make it count",
        "",
        "none found changing up to three facts",
    ]) + "\n"


def test_the_replay_of_a_change_keeps_the_base_the_user_gave(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    """Damage 2, not keen: keen makes it 3."""
    pack = write(tmp_path, "keen.yaml", KEEN)
    out = answer(capsys, "why-not", pack, "damage", "keen", "--base", "2")
    assert out.endswith("  the weapon is keen: damage becomes 3\n"
                        f"      rulings ask {shlex.quote(pack)} damage --base 2 --given weapon.keen=true\n")


def test_the_replay_of_a_change_keeps_the_roll_the_user_gave(capsys: pytest.CaptureFixture[str]) -> None:
    """skirmish: a Shaken unit's rolled 8 is 7, short of a Command Value of 8."""
    out = answer(capsys, "why-not", "skirmish", "command_roll", "shaken", "--roll", "8", "--given",
                 "faction.command_value=8")
    assert out.splitlines()[0] == "shaken (command_roll): its condition fails"
    assert out.endswith("  the activating unit is Shaken: command_roll becomes 7\n"
                        "      rulings ask skirmish command_roll --roll 8 --given faction.command_value=8 "
                        "--given unit.shaken=true\n")


def test_an_ignored_effect_replays_with_the_situation_file_base_with_and_reading(capsys: pytest.CaptureFixture[str],
                                                                                tmp_path: Path) -> None:
    """wh40k: "You can choose to ignore the -2\\" M": with Boost +2 and Slowed -2 the unit ignores Slowed; without
    the rule that lets it, both count and M 5 stays 5"."""
    situation = write(tmp_path, "my situation.yaml", 'base: 6\neffects: [{name: Boost, op: "+2"}, '
                      '{name: Slowed, op: "-2"}]\ngiven: {unit.ignores_modifiers: true}\n')
    house = write(tmp_path, "house.yaml", HOUSE)
    out = answer(capsys, "why-not", "wh40k", "M", "Slowed", "--situation", situation, "--base", "5", "--with", house,
                 "--reading", "zero_set=limit_applies")
    lines = out.splitlines()
    assert lines[:3] == ["Slowed (M): a permitted choice ignored it", "", "Slowed is ignored by a permitted choice"]
    assert lines[-2:] == [
        "  the unit does not have a rule that lets it ignore modifiers to its rolls and characteristics: M becomes 5\"",
        f"      rulings ask wh40k M --with {shlex.quote(house)} --reading zero_set=limit_applies "
        f"--situation {shlex.quote(situation)} --base 5 --given unit.ignores_modifiers=false"]
    assert "'" in lines[-1]  # the file's name holds a space: quoted, so the line pastes into the shell


def test_why_not_on_an_attack_asks_the_step_the_rule_changes(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/sequences.md, word for word."""
    argv = ["why-not", "skirmish", "attack", "cover", "--given", "attacker.to_hit=4", "--given", "target.save=5",
            "--step", "attacks=6"]
    replay = ("rulings ask skirmish attack --given attacker.to_hit=4 --given target.save=5 "
              "--given target.in_cover=true --step attacks=6")
    assert answer(capsys, *argv) == "\n".join([
        "In attack, the hit step rolls to_hit. cover (to_hit): its condition fails",
        "",
        f"cover does not apply: the target does not have the Cover status — {COVER_CITE}",
        "",
        "Smallest changes that make it count:",
        "",
        "  the target has the Cover status: to_hit becomes 5+",
        f"      {replay}",
    ]) + "\n"
    doc = json.loads(answer(capsys, *argv, "--format", "json"))
    assert (doc["quantity"], doc["rule"], doc["status"]) == ("to_hit", "cover", "failed")
    assert [c["command"] for c in doc["changes"]] == [replay]


def test_why_not_on_a_wh40k_attack_names_the_hit_step(capsys: pytest.CaptureFixture[str]) -> None:
    """wh40k: Heavy is "+1 to hit if the unit remained stationary"; a Heavy weapon that did not stay still."""
    argv = ["why-not", "wh40k", "attack", "heavy", "--given", "weapon.heavy=true", *WH40K_STEPS]
    replay = ("rulings ask wh40k attack --given weapon.heavy=true --given attacker.remained_stationary=true "
              + " ".join(WH40K_STEPS))
    cite = 'core_abilities ¶heavy: "+1 to hit if the unit remained stationary."'
    assert answer(capsys, *argv, "--format", "markdown") == "\n".join([
        "## In attack, the hit step rolls hit_roll. heavy (hit_roll): its condition fails",
        "",
        f"- heavy does not apply: the attacking model's unit did not Remain Stationary this turn — {cite}",
        "",
        "### Smallest changes that make it count",
        "",
        "- the attacking model's unit Remained Stationary this turn: hit_roll becomes D6+1",
        f"  `{replay}`",
    ]) + "\n"


def test_run_why_not_needs_only_the_options_it_reads(capsys: pytest.CaptureFixture[str]) -> None:
    """The options a caller may leave out (no --with, --reading, --base, --roll, --step) replay as not given."""
    args = _parser().parse_args(COVER)
    for name in ("with_files", "readings", "base", "roll", "target", "step"):
        delattr(args, name)
    assert run_why_not(args) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"      {COVER_REPLAY}"


def test_why_not_mistakes_are_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    """A quantity that is neither a quantity nor a sequence is named as a quantity, with a hint."""
    assert run(capsys, "why-not", "skirmish", "tohit", "cover") == (
        2, "", "rulings: unknown quantity 'tohit'\n  hint: did you mean 'to_hit'?\n")
    with pytest.raises(RulingsError, match="unknown quantity 'tohit'"):
        run_why_not(_parser().parse_args(["why-not", "skirmish", "tohit", "cover"]))
    code, out, err = run(capsys, "why-not", "skirmish", "attack", "cc_flanked", "--step", "attacks=6")
    assert (code, out) == (2, "") and "changes no roll of attack" in err


# -- find ---------------------------------------------------------------------------------------------------------


def test_find_on_an_attack_as_the_docs_show_it(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/sequences.md: six dice hitting on 4+ against a save of 5+ leave 2 unsaved hits on average."""
    argv = ["find", "skirmish", "attack", "--where", "mean >= 2", "--given", "target.save=5", "--step", "attacks=6",
            "--max-facts", "2"]
    limit = ("situations setting more than 2 facts beyond those given were not searched (raise the limit with "
             "--max-facts)")
    assert answer(capsys, *argv) == "\n".join([
        "3 minimal situations where mean >= 2 (other facts at their defaults):",
        "  1. target.save = 5, attacker.to_hit = 1..4  ->  mean 2 to 4 unsaved hits",
        "  2. target.save = 5, target.flanked = true, attacker.to_hit = 5  ->  mean 2 unsaved hits",
        "  3. target.save = 5, target.dash_token = true, attacker.to_hit = 5  ->  mean 2 unsaved hits",
        f"NOT exhaustive, so there may be others: {limit}",
        "(43 situations searched)",
    ]) + "\n"
    out = answer(capsys, *argv, "--format", "json")
    assert out.count("\n") == 1
    doc = json.loads(out)
    assert {k: doc[k] for k in ("pack", "quantity", "where", "max_facts", "exhaustive", "searched", "limits")} == {
        "pack": "skirmish", "quantity": "attack", "where": "mean >= 2", "max_facts": 2, "exhaustive": False,
        "searched": 43, "limits": [limit]}
    assert doc["situations"] == [
        {"given": {"target.save": 5, "attacker.to_hit": [1, 4]}, "display": "mean 2 to 4 unsaved hits"},
        {"given": {"target.save": 5, "target.flanked": True, "attacker.to_hit": 5}, "display": "mean 2 unsaved hits"},
        {"given": {"target.save": 5, "target.dash_token": True, "attacker.to_hit": 5},
         "display": "mean 2 unsaved hits"}]


def test_find_on_a_wh40k_attack_gives_every_limit_it_met(capsys: pytest.CaptureFixture[str]) -> None:
    """Six attacks hitting on 3+, wounding on 4+, saved on 4+: 6 x 2/3 x 1/2 x 1/2 = 1. Heavy and stationary hit
    on 2+ (5/6): 5/4; Lance after a charge wounds on 3+ (2/3): 4/3. Two facts each; each meets 4 * mean >= 5."""
    out = answer(capsys, "find", "wh40k", "attack", "--where", "4 * mean >= 5", *WH40K_STEPS, "--max-facts", "2")
    lines = out.splitlines()
    assert lines[0] == "2 minimal situations where 4 * mean >= 5 (other facts at their defaults):"
    assert [line[:5] for line in lines[1:3]] == ["  1. ", "  2. "]
    assert sorted(line[5:] for line in lines[1:3]) == [
        "attacker.made_charge_move = true, weapon.lance = true  ->  mean 4/3 unsaved wounds",
        "attacker.remained_stationary = true, weapon.heavy = true  ->  mean 5/4 unsaved wounds"]
    verdict = "NOT exhaustive, so there may be others: "
    assert lines[3].startswith(verdict)
    limits = lines[3][len(verdict):].split("; ")
    assert len(limits) == 2 and ("situations setting more than 2 facts beyond those given were not searched (raise "
                                 "the limit with --max-facts)") in limits
    assert re.fullmatch(r"\(\d+ situations searched\)", lines[4]) and len(lines) == 5


def test_find_counts_interchangeable_rules_as_choices(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """1 die; 3 dice take one of c and d (2 ways) or both a and b (1 way): 3 situations in 2 lines."""
    pack = write(tmp_path, "tally.yaml", TALLY)
    assert answer(capsys, "find", pack, "dice", "--where", "value >= 3") == "\n".join([
        "3 minimal situations where value >= 3, in 2 lines (other facts at their defaults):",
        "  1. any 1 of c, d = true  ->  3 dice  (2 situations)",
        "  2. any 2 of a, b = true  ->  3 dice",
        "every situation was searched: there are no others",
        "(16 situations searched)",
    ]) + "\n"
    doc = json.loads(answer(capsys, "find", pack, "dice", "--where", "value >= 3", "--format", "json"))
    assert {k: doc[k] for k in ("pack", "max_facts", "exhaustive", "searched")} == {
        "pack": "tally", "max_facts": 5, "exhaustive": True, "searched": 16}
    assert "limits" not in doc
    assert doc["situations"] == [
        {"given": {}, "any_of": [{"count": 1, "of": ["c", "d"]}], "situations": 2, "display": "3 dice"},
        {"given": {}, "any_of": [{"count": 2, "of": ["a", "b"]}], "situations": 1, "display": "3 dice"}]


def test_find_says_one_situation_in_the_singular(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """With a given, 1 + 1 = 2 dice already: the one minimal situation sets nothing more."""
    pack = write(tmp_path, "tally.yaml", TALLY)
    argv = ["find", pack, "dice", "--where", "value >= 2", "--given", "a=true"]
    out = answer(capsys, *argv)
    assert out.splitlines()[:2] == ["1 minimal situation where value >= 2 (other facts at their defaults):",
                                    "  1. a = true  ->  2 dice"]
    doc = json.loads(answer(capsys, *argv, "--format", "json"))
    assert doc["situations"] == [{"given": {"a": True}, "display": "2 dice"}]


def test_find_says_two_choices_in_one_line_and_every_limit(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    """Setting one fact, 3 dice take c or d: 2 situations in 1 line; the million-valued count is not proven."""
    pack = write(tmp_path, "tally.yaml", TALLY)
    wide = write(tmp_path, "wide.yaml", WIDE)
    lines = answer(capsys, "find", pack, "dice", "--with", wide, "--where", "value >= 3", "--max-facts", "1"
                   ).splitlines()
    assert lines[:2] == ["2 minimal situations where value >= 3, in 1 line (other facts at their defaults):",
                         "  1. any 1 of c, d = true  ->  3 dice  (2 situations)"]
    verdict = "NOT exhaustive, so there may be others: "
    assert lines[2].startswith(verdict)
    assert sorted(lines[2][len(verdict):].split("; ")) == [
        "n's range is too wide to prove which of its values the pack tells apart",
        "situations setting more than 1 facts beyond those given were not searched (raise the limit with "
        "--max-facts)"]


def test_find_as_json_writes_a_value_as_it_is(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Setting one fact, only the woods make 1 + 3 = 4 dice (a, b, c or d alone give 2 or 3)."""
    pack = write(tmp_path, "tally.yaml", TALLY)
    foret = write(tmp_path, "foret.yaml", FORET)
    out = answer(capsys, "find", pack, "dice", "--with", foret, "--where", "value >= 4", "--max-facts", "1",
                 "--format", "json")
    assert '"terrain": "forêt"' in out  # not escaped
    assert json.loads(out)["situations"] == [{"given": {"terrain": "forêt"}, "display": "4 dice"}]


def test_find_as_the_searching_page_shows_it(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/searching.md: BS 3 is 4+; hard cover (-2) makes it 6+."""
    out = answer(capsys, "find", "fantasy", "to_hit", "--where", "value >= 6", "--given", "shooter.bs=3",
                 "--max-facts", "1")
    assert out.splitlines()[:3] == [
        "1 minimal situation where value >= 6 (other facts at their defaults):",
        "  1. shooter.bs = 3, target.in_hard_cover = true  ->  6+",
        "NOT exhaustive, so there may be others: situations setting more than 1 facts beyond those given were not "
        "searched (raise the limit with --max-facts)"]


def test_a_find_that_runs_out_of_time_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["find", "skirmish", "to_hit", "--where", "value >= 6", "--timeout", "0.000001"]
    assert answer(capsys, *argv) == "\n".join([
        "0 minimal situations where value >= 6 (other facts at their defaults):",
        "NOT exhaustive, so there may be others: the time limit ran out (raise it with --timeout)",
        "(0 situations searched)",
    ]) + "\n"
    assert json.loads(answer(capsys, *argv, "--format", "json")) == {
        "pack": "skirmish", "quantity": "to_hit", "where": "value >= 6", "max_facts": 5, "exhaustive": False,
        "searched": 0, "limits": ["the time limit ran out (raise it with --timeout)"], "situations": []}


def test_find_mistakes_are_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "find", "skirmish", "tohit", "--where", "value >= 3") == (
        2, "", "rulings: unknown quantity 'tohit'\n  hint: did you mean 'to_hit'?\n")
    with pytest.raises(RulingsError, match="unknown quantity 'tohit'"):
        run_find(_parser().parse_args(["find", "skirmish", "tohit", "--where", "value >= 3"]))


# -- faq ----------------------------------------------------------------------------------------------------------


@pytest.fixture
def dagger(tmp_path: Path) -> Iterator[str]:
    yield write(tmp_path, "dagger.yaml", DAGGER)


def test_the_faq_is_markdown_on_standard_output(capsys: pytest.CaptureFixture[str], dagger: str) -> None:
    """Q2: hitting on 3+ against a target in cover needs 4+ (chance 1/2); its replay names the pack as given."""
    out = answer(capsys, "faq", dagger)
    lines = out.splitlines()
    assert lines[:3] == ["# Dagger — a one-page skirmish: frequently asked questions", "",
                         f"Generated from the `dagger` pack by `rulings faq {shlex.quote(dagger)}`. Every answer is "
                         "re-derived by the solver when the FAQ is generated, so it always matches the pack; do not "
                         "edit this file by hand."]
    assert out.endswith("</details>\n") and not out.endswith("\n\n")
    q2 = lines.index("**Q2. My target is in cover and I hit on 3+. What do I need?**")
    assert lines[q2 + 4].startswith("**A:** 4+ (chance 1/2).")
    assert f"rulings ask {shlex.quote(dagger)} to_hit --given attacker.skill=3 --given target.in_cover=true" in lines


def test_the_faq_names_the_house_rules_it_was_made_with(capsys: pytest.CaptureFixture[str], dagger: str,
                                                        tmp_path: Path) -> None:
    house = write(tmp_path, "house.yaml", HOUSE)
    out = answer(capsys, "faq", dagger, "--with", house)
    assert f"by `rulings faq {shlex.quote(dagger)} --with {shlex.quote(house)}`." in out.splitlines()[2]


def test_the_faq_as_json_keeps_its_text_and_indents_by_one(capsys: pytest.CaptureFixture[str], dagger: str) -> None:
    out = answer(capsys, "faq", dagger, "--format", "json")
    assert out.startswith('{\n "pack": "dagger",\n "title": "Dagger — a one-page skirmish",\n "command": ')
    assert out.endswith("}\n") and not out.endswith("\n\n")
    doc = json.loads(out)
    assert doc["command"] == f"rulings faq {shlex.quote(dagger)}"
    by_question = {e["question"]: e for e in doc["entries"]}
    q1 = by_question["My target is in cover. How hard is it to hit?"]
    assert q1["situation"] == {"reading": "twice", "given": {"attacker.skill": 4, "target.in_cover": True}}
    assert q1["answer"].startswith("6+ (chance 1/6)")  # 4 + 1 + 1 under `twice`
    q2 = by_question["My target is in cover and I hit on 3+. What do I need?"]
    assert q2["situation"] == {"given": {"attacker.skill": 3, "target.in_cover": True}}
    (attack,) = doc["sequences"]
    assert attack["situation"] == {"given": {"attacker.skill": 4, "target.save": 4}, "sequence": {"attacks": 6}}
    assert attack["answer"].startswith("1.50 (3/2) unsaved hits on average")  # 6 x 1/2 x 1/2


def test_the_faq_under_a_chosen_reading_states_it_in_every_question(capsys: pytest.CaptureFixture[str],
                                                                    dagger: str) -> None:
    """Read twice, cover is +2: 3+ in cover needs 5+ (chance 1/3); each question, the attack's too, says so."""
    doc = json.loads(answer(capsys, "faq", dagger, "--reading", "cover=twice", "--format", "json"))
    by_question = {e["question"]: e for e in doc["entries"]}
    q1 = by_question["My target is in cover. How hard is it to hit?"]
    assert q1["situation"] == {"reading": {"cover": "twice"}, "given": {"attacker.skill": 4, "target.in_cover": True}}
    q2 = by_question["My target is in cover and I hit on 3+. What do I need?"]
    assert q2["situation"] == {"given": {"attacker.skill": 3, "target.in_cover": True}, "reading": {"cover": "twice"}}
    assert q2["answer"].startswith("5+ (chance 1/3)")
    assert q2["command"] == (f"rulings ask {shlex.quote(dagger)} to_hit --given attacker.skill=3 "
                             "--given target.in_cover=true --reading cover=twice")
    assert all(e["situation"]["reading"] == {"cover": "twice"} for e in doc["entries"])
    (attack,) = doc["sequences"]
    assert attack["situation"]["reading"] == {"cover": "twice"}
    assert attack["command"].endswith("--step attacks=6 --reading cover=twice")


@pytest.mark.parametrize("form", ["markdown", "html"])
def test_the_attack_under_a_chosen_reading_replays_with_it_in_every_format(capsys: pytest.CaptureFixture[str],
                                                                          dagger: str, form: str) -> None:
    """The worked attack (six attacks, 4+ to hit and to save) is asked under the reading chosen, and says so."""
    out = answer(capsys, "faq", dagger, "--reading", "cover=twice", "--format", form)
    replay = (f"rulings ask {shlex.quote(dagger)} attack --given attacker.skill=4 --given target.save=4 "
              "--step attacks=6")
    assert f"{replay} --reading cover=twice" in out
    assert f"{replay}\n" not in out and f"{replay}<" not in out


def test_the_faq_as_one_html_page(capsys: pytest.CaptureFixture[str], dagger: str) -> None:
    out = answer(capsys, "faq", dagger, "--format", "html")
    assert out.lower().startswith("<!doctype html>") and out.rstrip().endswith("</html>")
    assert "My target is in cover and I hit on 3+. What do I need?" in out


@pytest.mark.parametrize(("name", "form"), [("faq.v2.json", "json"), ("FAQ.HTML", "html"), ("faq.htm", "html"),
                                            ("faq.md", "markdown"), ("faq", "markdown")])
def test_the_out_files_suffix_chooses_the_format(capsys: pytest.CaptureFixture[str], dagger: str, tmp_path: Path,
                                                 name: str, form: str) -> None:
    out = tmp_path / name
    assert run(capsys, "faq", dagger, "--out", str(out)) == (0, "", "")
    text = out.read_text(encoding="utf-8")
    if form == "json":
        assert json.loads(text)["title"] == "Dagger — a one-page skirmish"
    elif form == "html":
        assert text.lower().startswith("<!doctype html>")
    else:
        assert text.startswith("# Dagger — a one-page skirmish: frequently asked questions\n")


def test_format_wins_over_the_suffix(capsys: pytest.CaptureFixture[str], dagger: str, tmp_path: Path) -> None:
    out = tmp_path / "faq.md"
    assert run(capsys, "faq", dagger, "--format", "json", "--out", str(out)) == (0, "", "")
    assert json.loads(out.read_text(encoding="utf-8"))["pack"] == "dagger"


def test_the_faq_file_is_utf_8_whatever_the_locale(capsys: pytest.CaptureFixture[str], dagger: str,
                                                   tmp_path: Path) -> None:
    """A user whose locale is plain C (ASCII) still gets the title's dash, written as UTF-8."""
    out = tmp_path / "faq.md"
    before = locale.setlocale(locale.LC_CTYPE)
    try:
        locale.setlocale(locale.LC_CTYPE, "C")
        code = main(["faq", dagger, "--out", str(out)])
    finally:
        locale.setlocale(locale.LC_CTYPE, before)
    assert (code, capsys.readouterr()) == (0, ("", ""))
    assert out.read_bytes().startswith("# Dagger — a one-page skirmish".encode())


def test_the_faq_as_pack_examples(capsys: pytest.CaptureFixture[str], dagger: str) -> None:
    """Each question becomes an example expecting its answer; the attack its exact mean, 3/2."""
    examples = yaml.safe_load(answer(capsys, "faq", dagger, "--as-tests"))["examples"]
    by_name = {e["name"]: e for e in examples}
    assert len(by_name) == len(examples) == 4
    q2 = next(e for e in examples if e["situation"] == {"given": {"attacker.skill": 3, "target.in_cover": True}})
    assert (q2["quantity"], q2["expect"]["value"]) == ("to_hit", 4)
    assert by_name["faq-004-attack"]["expect"]["outcome"]["mean"] == "3/2"


def test_a_faq_that_cannot_be_written_is_bad_input(capsys: pytest.CaptureFixture[str], dagger: str,
                                                   tmp_path: Path) -> None:
    missing = tmp_path / "no such folder" / "faq.md"
    assert run(capsys, "faq", dagger, "--out", str(missing)) == (
        2, "", f"rulings: cannot write {missing}: No such file or directory\n")
    with pytest.raises(RulingsError, match=r"cannot write .*: Is a directory"):
        run_faq(_parser().parse_args(["faq", dagger, "--out", str(tmp_path)]))


def test_a_built_in_faq_answers_its_own_questions(capsys: pytest.CaptureFixture[str]) -> None:
    """skirmish: cover still counts in close combat, so hitting on 4+ needs 5+ (chance 1/3)."""
    lines = answer(capsys, "faq", "skirmish").splitlines()
    assert lines[0] == "# Skirmish -- target and dice modifiers: frequently asked questions"
    q = next(i for i, line in enumerate(lines) if "Does Cover still make it harder to hit?" in line)
    assert next(line for line in lines[q:] if line.startswith("**A:**")).startswith("**A:** 5+ (chance 1/3).")

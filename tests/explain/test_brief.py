"""The default ruling a player reads at the table: short, in plain English, every claim with its sentence."""

from __future__ import annotations

import re
from typing import Any

import pytest

from explain.brief import brief_lines, brief_markdown, brief_text
from explain.text import render_markdown, render_text
from kb.loader import load_pack
from kb.model import Pack
from rulings.cli import main
from solver import Situation, ask, situation_from_data
from solver.situation import Effect

FANTASY, SKIRMISH, WH40K = load_pack("fantasy"), load_pack("skirmish"), load_pack("wh40k")
PACK_SYNTAX = re.compile(r"==|!=|>=|<=|\.los\b|#\d|matches\(| per [a-z_]+\.[a-z_]+")


def brief(pack: Pack, quantity: str, **situation: Any) -> str:
    return brief_text(ask(pack, quantity, Situation(**situation)), pack)


def test_bs_3_is_a_few_lines() -> None:
    """The issue's first example: "4+, chance 1/2" was 39 lines."""
    out = brief(FANTASY, "to_hit", given={"shooter.bs": 3})
    assert out.splitlines()[0] == "The score needed to hit on a D6: 4+ (chance 1/2)"
    assert len(out.splitlines()) <= 6
    assert "does not apply" not in out and "lone_model" not in out


def test_unknown_bs_is_one_line_per_case() -> None:
    """Leaving BS unknown printed the full derivation once per value (197 lines)."""
    r = ask(FANTASY, "to_hit", Situation())
    out = brief_text(r, FANTASY)
    assert r.cases is not None
    cases = [line for line in out.splitlines() if line.startswith("  - ")]
    assert len(cases) == len(r.cases) and len(out.splitlines()) <= len(r.cases) + 4
    assert "  - the shooter has Ballistic Skill 3: 4+ (chance 1/2)" in cases
    assert "  - the shooter has Ballistic Skill 5 to 10: 2+ (chance 5/6)" in cases


def test_cases_name_what_counted_in_each() -> None:
    out = brief(FANTASY, "to_hit", given={"shooter.bs": 3, "target.lone_model": True})
    assert "  - the target has Unit Strength 0 to 2: 5+ (chance 1/3) [-1 lone_model]" in out.splitlines()


def test_split_fire_is_one_short_block_per_group() -> None:
    """Split fire repeated the whole list per group (81 lines)."""
    from solver.situation import Situation as S

    groups = (("clear shot", S(given={"target.in_hard_cover": False})),
              ("behind the wall", S(given={"target.in_hard_cover": True})))
    out = brief(FANTASY, "to_hit", given={"shooter.bs": 3, "shooter.moved": True}, groups=groups)
    lines = out.splitlines()
    assert "  clear shot: 5+ (chance 1/3)" in lines and "  behind the wall: 7, i.e. a 6 then 4+ (chance 1/12)" in lines
    assert len(lines) <= 16
    assert sum("(assumes follow_up_chart)" in line for line in lines) == 1  # only the group behind the wall
    assert sum(line.startswith("  not shown") for line in lines) == 1


def test_groups_say_an_assumption_they_share_once() -> None:
    from solver.situation import Situation as S

    groups = (("steady", S(given={"faction.command_value": 7})), ("shaken", S(given={"faction.command_value": 9})))
    lines = brief(SKIRMISH, "command_roll", groups=groups).splitlines()
    assert sum("(command_pass_direction)" in line for line in lines) == 1


def test_a_failed_command_roll_says_so() -> None:
    """A command roll of 2, Shaken, against Command Value 2 gives 1: it FAILED (it used to read "chance 35/36")."""
    out = brief(SKIRMISH, "command_roll", given={"faction.command_value": 2, "unit.shaken": True}, roll=2)
    first = out.splitlines()[0]
    assert "FAILED" in first and "it needs 2 or more" in first and "rolled 2" in first and "35/36" not in first
    passed = brief(SKIRMISH, "command_roll", given={"faction.command_value": 7, "unit.shaken": True}, roll=9)
    assert "8 (rolled 9), PASSED" in passed.splitlines()[0]
    # the sentence the verdict rests on is quoted under it
    assert "before comparing the result to the printed Faction Command Value" in out.splitlines()[1]


def test_the_ignore_choice_names_the_subset_and_a_few_alternatives() -> None:
    effects = (Effect("+1", "+1"), Effect("-1", "-1"), Effect("+2", "+2"), Effect("Slowed", "-2"))
    r = ask(WH40K, "M", Situation(base=6, effects=effects, given={"unit.ignores_modifiers": True}))
    out = brief_text(r, WH40K)
    assert r.choice is not None and len(r.choice.alternatives) > 4
    assert "ignored: -1, Slowed" in out
    said = "\n".join(line for line in out.splitlines() if "¶" not in line)
    assert said.count("ignoring ") <= 3 and "more weighed (--full lists them)" in out
    assert "12 more weighed" in out  # 16 subsets: the one chosen, three named, twelve more
    assert render_text(r).count("ignoring ") > said.count("ignoring ")


def test_rules_that_did_not_apply_wait_for_full_unless_the_situation_touched_them() -> None:
    out = brief(FANTASY, "to_hit", given={"shooter.bs": 3, "target.lone_model": True, "target.unit_strength": 5})
    assert "- lone_model does not apply: the target has Unit Strength 5 (more than 2)" in out
    assert "moved" not in out and "not shown: 9 rules that did not apply (--full lists them)" in out
    behind = brief(FANTASY, "to_hit", given={"shooter.bs": 3, "shooter.los": 2, "target.los": 3,
                                              "hard_cover.obscures": True, "hard_cover.los": 1})
    assert ("hard_cover does not apply: the target is not in hard cover (twice the hard cover's Line of Sight "
            "value (1) is less than the target's Line of Sight value (3))") in behind


def test_keyword_conditions_read_as_words() -> None:
    given = {"attack.ranged": True, "attacker.in_engagement_range": True, "attacker.keywords": frozenset({"INFANTRY"})}
    out = brief(WH40K, "hit_roll", given=given, roll=4)
    assert "big_guns_never_tire does not apply: the attacking unit is not a MONSTER or VEHICLE" in out
    vehicle = brief(WH40K, "hit_roll", given={**given, "attacker.keywords": frozenset({"VEHICLE"})}, roll=4)
    assert ("-1 big_guns_never_tire: the attack is a ranged attack, the attacking unit is within Engagement Range "
            "of one or more enemy units, the weapon does not have the Pistol ability, and the attacking unit is a "
            "MONSTER or VEHICLE") in vehicle


def test_effects_and_per_base_amounts_read_as_words() -> None:
    out = brief(WH40K, "hit_roll", effects=(Effect("-1", "-1"), Effect("-1#2", "-1")), roll=4)
    assert "effects in play: -1, -1" in out and "#2" not in out
    assert "the net modifier -2 becomes -1" in out
    pool = brief(SKIRMISH, "cc_dice", given={"attacker.bases": 3, "attacker.dice_per_base": 2,
                                              "attacker.shaken": True})
    assert "+ -3 (-1 per physical base) cc_shaken: the attacking unit is Shaken" in pool


def test_readings_show_every_value_and_which_was_used() -> None:
    given = {"attacker.bases": 2, "attacker.dice_per_base": 3, "attacker.shaken": True, "attacker.flanked": True}
    out = brief(SKIRMISH, "cc_dice", given=given, reading={"cc_penalties": "once"})
    assert "cumulative (the default): 2 dice" in out and "once (used here): 4 dice" in out


def test_automatic_hits_cite_the_seed() -> None:
    out = brief(FANTASY, "to_hit", given={"shooter.bs": 3, "attack.auto_hit": True})
    assert out.splitlines()[0] == "The score needed to hit on a D6: automatic, no roll needed (chance 1)"
    assert "skip the To Hit roll entirely" in out


def test_citations_print_under_their_claims_in_text_and_markdown() -> None:
    r = ask(FANTASY, "to_hit", Situation(given={"shooter.bs": 3, "shooter.moved": True}))
    quote = 'roll_to_hit ¶4: "A model that moved for any reason this turn ... suffering a -1 shooting modifier."'
    lines = brief_text(r, FANTASY).splitlines()
    assert lines[lines.index("  + -1 moved: the shooter moved this turn") + 1] == "      " + quote
    assert f"- -1 moved: the shooter moved this turn — *{quote}*" in brief_markdown(r, FANTASY).splitlines()
    full = render_text(r, pack=FANTASY).splitlines()
    assert "      cite: " + quote in full
    assert any(line.endswith(f" — *{quote}*") for line in render_markdown(r, FANTASY).splitlines())


def test_a_roll_floor_cites_the_floor_not_the_cap() -> None:
    """ "A result that would be less than 1 is changed to a result of 1." """
    r = ask(WH40K, "hit_roll", Situation(effects=(Effect("-1", "-1"),), roll=1))
    clamp = next(n for n in r.explanation.because if n.tag == "clamp")
    assert clamp.cite is not None and "less than 1 is changed to a result of 1" in clamp.cite
    assert "the result: 0 becomes 1" in brief_text(r, WH40K)


def test_full_words_conditions_in_english() -> None:
    r = ask(FANTASY, "to_hit", Situation(given={"shooter.bs": 3, "shooter.los": 2, "target.los": 3,
                                                "hard_cover.obscures": True, "hard_cover.los": 1}))
    full = render_text(r, pack=FANTASY)
    assert "base 4 = 7 minus the shooter's Ballistic Skill (3)" in full
    assert "twice the hard cover's Line of Sight value (1) is less than the target's Line of Sight value (3)" in full
    assert not PACK_SYNTAX.search(full)
    assert "2 * hard_cover.los >= target.los" in render_text(r)  # without the pack: the recorded claims


def _examples() -> list[tuple[Pack, Any]]:
    return [(p, e) for p in (FANTASY, SKIRMISH, WH40K) for e in p.examples if not e.expect.get("exit")]


@pytest.mark.parametrize(("pack", "example"), _examples(), ids=lambda x: getattr(x, "name", ""))
def test_no_pack_syntax_in_the_default_output(pack: Pack, example: Any) -> None:
    r = ask(pack, example.quantity, situation_from_data(example.situation, pack, example.where))
    for out in (brief_text(r, pack), brief_markdown(r, pack), render_text(r, pack=pack)):
        said = "\n".join(line for line in out.splitlines() if "¶" not in line)  # quotes of the seed may say anything
        assert not PACK_SYNTAX.search(said), said
        assert not any(name in said for name in pack.facts if "." in name), said
    assert len(brief_text(r, pack).splitlines()) <= 16


def test_the_command_line_prints_the_brief_by_default_and_the_derivation_with_full(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "fantasy", "to_hit", "--given", "shooter.bs=3"]) == 0
    short = capsys.readouterr().out
    assert main(["ask", "fantasy", "to_hit", "--given", "shooter.bs=3", "--full"]) == 0
    full = capsys.readouterr().out
    assert len(short.splitlines()) <= 6 < len(full.splitlines())
    assert "lone_model does not apply" in full and "lone_model" not in short
    assert main(["ask", "fantasy", "to_hit", "--given", "shooter.bs=3", "--format", "markdown"]) == 0
    assert capsys.readouterr().out.startswith("**The score needed to hit on a D6: 4+ (chance 1/2)**")
    assert main(["ask", "fantasy", "to_hit", "--given", "shooter.bs=3", "--format", "markdown", "--full"]) == 0
    assert "lone_model does not apply" in capsys.readouterr().out


def test_brief_lines_start_with_the_headline() -> None:
    lines = brief_lines(ask(FANTASY, "to_hit", Situation(given={"shooter.bs": 4})), FANTASY)
    assert (lines[0].depth, lines[0].tag) == (0, "value") and all(line.depth >= 1 for line in lines[1:])


def test_a_faq_replay_line_works_from_any_folder(tmp_path: Any) -> None:
    """A replay line names no file: what flags cannot say goes on standard input."""
    import json
    import subprocess

    from explain.faq import Entry, replay

    situation = {"given": {"unit.ignores_modifiers": True}, "base": '6"',
                 "effects": [{"name": "Boost", "op": "+2"}, {"name": "Slowed", "op": "-2"}]}
    r = ask(WH40K, "M", situation_from_data(situation, WH40K, WH40K.examples[0].where))
    command = replay(WH40K, Entry("M", "topic", "question", situation, r, ()))
    assert "situation.yaml" not in command and "--situation - <<'EOF'" in command
    as_json = command.replace("rulings ask wh40k M", "rulings ask wh40k M --format json", 1)
    import os
    import sys

    path = os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")])  # the installed command
    done = subprocess.run(["bash", "-c", as_json], cwd=tmp_path, capture_output=True, text=True, check=False,
                          env={**os.environ, "PATH": path})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["value"] == r.value == 8


def test_a_roll_with_no_modifier_still_names_the_re_roll_and_the_trigger_that_made_its_chance() -> None:
    """A 3+ hit re-rolling 1s passes 2/3 + 1/6 x 2/3 = 7/9 of the time and shows an unmodified 6 1/6 + 1/36 = 7/36
    of the time: with no modifier, the short answer must still say why (the re-roll, the trigger's chance)."""
    pack = load_pack("wh40k")
    text = brief_text(ask(pack, "hit_roll", Situation(target=3, reroll=("ones",), unmodified=(6,))), pack)
    assert "(needs 3 or more: chance 7/9)" in text.splitlines()[0]
    assert "each die showing an unmodified 1 is re-rolled" in text
    assert "an unmodified 6: chance 7/36" in text
    plain = brief_text(ask(pack, "hit_roll", Situation(target=3)), pack)
    assert "re-roll" not in plain and "no modifier applies" in plain


def test_a_roll_that_can_never_pass_says_impossible() -> None:
    """A save needing 8 on a D6 with no modifier can never pass: the player is told so, not "chance 0"."""
    pack = load_pack("wh40k")
    text = brief_text(ask(pack, "save_roll", Situation(target=8)), pack)
    assert "(impossible: it can never pass, chance 0)" in text.splitlines()[0]
    assert "(needs 6 or more: chance 1/6)" in brief_text(ask(pack, "save_roll", Situation(target=6)), pack)


def test_a_cap_on_improvements_says_what_it_capped() -> None:
    """"Bonuses to a save never add up to more than +1." (docs/examples/wardens): cover and shield give +2 in all,
    held to +1, while rend's -2 counts in full: the short ruling must not call +2 the net modifier (it is 0)."""
    pack = load_pack("docs/examples/wardens")
    text = brief(pack, "save_roll", given={"target.in_cover": True, "target.shield": True, "weapon.rend": 2}, roll=4)
    assert "! the modifiers that improve it +2 becomes +1" in text
    assert "net modifier" not in text


def test_healing_says_how_its_number_is_worked_out_and_quotes_the_rule() -> None:
    """A unit of W 2 models, one model down a wound, two destroyed, heals 4: "that model regains one lost wound",
    then "revive one of those destroyed models, with one wound remaining" -- 3 wounds left revive 2 models."""
    text = brief(WH40K, "models_revived", given={"heal.wounds": 4, "unit.model_w": 2, "unit.lost_wounds": 1,
                                                 "unit.destroyed_models": 2})
    lines = text.splitlines()
    assert lines[0] == "The destroyed models revived: 2"
    assert lines[1].startswith("  = start: 2, the smaller of the unit's destroyed models (2) and ")
    assert lines[1].endswith("(as starting wounds is read as full wounds or the raise of the models' W above the "
                             "wounds they started the battle with is 0, the rule does not state that a model (not its "
                             "unit) heals, and the unit's one model of another W than the rest (a CHARACTER leading "
                             "it, say) is not destroyed (it is absent))")
    assert " otherwise " not in lines[1]  # the branch the situation settles, not the whole formula
    assert lines[2].startswith('      healing ¶2: "If that unit has one or more models')


def test_arithmetic_too_long_to_say_across_a_table_names_what_it_reads() -> None:
    """A unit of W 2 models led by a W 4 CHARACTER, both destroyed, heals 6: the revival formula is hundreds of
    words, so the default text names each fact it reads with its value and why this branch (the whole arithmetic
    stays in the derivation, one flag away)."""
    given = {"heal.wounds": 6, "unit.model_w": 2, "unit.lost_wounds": 1, "unit.destroyed_models": 2,
             "unit.leader": "destroyed", "leader.w": 4, "heal.revived_before_leader": 2}
    lines = brief(WH40K, "models_revived", given=given).splitlines()
    assert lines[0] == "The destroyed models revived: 3"
    assert lines[1].startswith("  = start: 3, worked out from the number of other destroyed models the player "
                               "chooses to revive before the model of another W (2), the wounds the rule heals (6), ")
    assert "and the model of another W's W (4) (as " in lines[1] and " minus " not in lines[1]
    assert len(lines[1]) < 700
    full = ask(WH40K, "models_revived", Situation(given=given)).explanation
    assert "max(0, heal.wounds - unit.lost_wounds)" in next(n.claim for n in full.because if n.tag == "base")

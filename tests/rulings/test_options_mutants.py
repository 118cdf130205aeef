"""`rulings.options`, the options every pack command shares, checked where mutation testing found nothing watching
(`python tools/mutate.py rulings/options.py`).

The skirmish pack declares two readings (`cc_penalties`: cumulative or once; `hit_bonuses`: each_bonus or
one_bonus), the fantasy pack none; every expected value below is read off those declarations and the option's
documented meaning (docs/commands.md: `--reading ID=OPTION`, `--with FILE`, `--given`, `--base`, `--roll`,
`--target`, `--step`).
"""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path

import pytest

from kb.errors import RulingsError, UnknownName
from kb.loader import load_pack
from rulings.options import (
    add_pack_options,
    load_named,
    pack_words,
    parse_readings,
    parse_steps,
    read_situation,
    readings_pack,
    replay_words,
    situation_readings,
    stating_readings,
    with_default_readings,
    with_options,
)
from solver.ask import ask
from solver.situation import Situation
from tests.solver.small_packs import pack as load_pack_text

SKIRMISH = load_pack("skirmish")
FANTASY = load_pack("fantasy")


def options(**given: object) -> argparse.Namespace:
    """The options of a one-situation command, as argparse gives them when none is written."""
    plain = {"pack": "skirmish", "with_files": [], "readings": [], "situation": None, "given": [], "base": None,
             "roll": None, "target": None, "step": []}
    return argparse.Namespace(**(plain | given))


# -- --with and --reading on the command line ----------------------------------------------------------------


def test_with_and_reading_are_repeatable_and_named_for_the_commands() -> None:
    parser = argparse.ArgumentParser()
    add_pack_options(parser)
    args = parser.parse_args(["--with", "a.yaml", "--with", "b.yaml", "--reading", "x=1", "--reading", "y=2"])
    assert (args.with_files, args.readings) == (["a.yaml", "b.yaml"], ["x=1", "y=2"])
    assert parser.parse_args([]).with_files == [] and parser.parse_args([]).readings == []
    helps = {a.dest: (a.metavar, a.help) for a in parser._actions}
    assert helps["with_files"] == ("FILE", "a house-rule or errata file merged over the pack (repeatable)")
    assert helps["readings"] == ("ID=OPTION", "read the pack's ambiguous rule ID as OPTION (repeatable; a situation "
                                              "file says reading: {ID: OPTION})")


def test_a_command_may_say_what_its_with_file_is_for() -> None:
    parser = argparse.ArgumentParser()
    add_pack_options(parser, with_help="the new version's overlay")
    assert "the new version's overlay" in parser.format_help()


# -- parse_readings ---------------------------------------------------------------------------------------------


def test_each_reading_is_taken_with_spaces_around_its_parts() -> None:
    assert parse_readings([" cc_penalties = once ", "hit_bonuses=one_bonus"], SKIRMISH) == {
        "cc_penalties": "once", "hit_bonuses": "one_bonus"}
    assert parse_readings([], SKIRMISH) == {}


@pytest.mark.parametrize(("option", "reading"), [("once", "cc_penalties"), ("one_bonus", "hit_bonuses")])
def test_an_option_named_alone_is_refused_with_its_reading_in_the_hint(option: str, reading: str) -> None:
    with pytest.raises(RulingsError) as e:
        parse_readings([f" {option} "], SKIRMISH)
    assert e.value.message == f"--reading {shlex.quote(f' {option} ')}: expected ID=OPTION"
    assert e.value.hint == f"e.g. --reading {reading}={option}"


def test_the_example_of_a_pair_missing_a_part_is_the_first_readings_last_option() -> None:
    three = load_pack_text("pack: r\nquantities:\n  q: {kind: pool, base: 1}\nreadings:\n"
                           "  r: {sentence: Either., options: {a: one, b: two, c: three}, default: a}\n"
                           "  s: {sentence: Or., options: {x: one, y: two}, default: x}\n")
    with pytest.raises(RulingsError) as e:
        parse_readings(["r="], three)
    assert e.value.hint == "e.g. --reading r=c"


def test_only_the_first_equals_sign_splits_a_reading() -> None:
    with pytest.raises(UnknownName) as e:
        parse_readings(["cc_penalties=once=twice"], SKIRMISH)
    assert "'once=twice'" in e.value.message


@pytest.mark.parametrize("pair", ["cc_penalties=", "=once", "cc_penalties", " = "])
def test_a_pair_missing_a_part_is_refused_with_an_example_of_the_pack(pair: str) -> None:
    """An option no reading has: the example is the first reading with its last option."""
    with pytest.raises(RulingsError) as e:
        parse_readings([pair], SKIRMISH)
    assert e.value.message == f"--reading {shlex.quote(pair)}: expected ID=OPTION"
    assert e.value.hint == "e.g. --reading cc_penalties=once"


def test_a_pair_missing_a_part_of_a_pack_without_readings_says_it_has_none() -> None:
    with pytest.raises(RulingsError) as e:
        parse_readings(["strict"], FANTASY)
    assert e.value.hint == "the pack fantasy declares no readings"


def test_a_reading_of_a_pack_without_readings_is_refused() -> None:
    with pytest.raises(RulingsError) as e:
        parse_readings(["cover=strict"], FANTASY)
    assert e.value.message == "--reading cover=strict: the pack fantasy declares no readings"
    assert e.value.hint == "a pack declares the ways an ambiguous rule can be read under readings:"


def test_an_unknown_reading_and_an_unknown_option_are_named() -> None:
    with pytest.raises(UnknownName) as e:
        parse_readings(["cc_penalty=once"], SKIRMISH)
    assert (e.value.message, e.value.hint) == ("unknown reading 'cc_penalty'", "did you mean 'cc_penalties'?")
    with pytest.raises(UnknownName) as e:
        parse_readings(["cc_penalties=onse"], SKIRMISH)
    assert "'onse'" in e.value.message and "cc_penalties" in e.value.message
    assert e.value.hint == "did you mean 'once'?"


# -- the pack a many-situations command reads -------------------------------------------------------------------


def test_chosen_options_become_the_defaults_and_the_rest_keep_theirs() -> None:
    """A shaken and flanked unit of 2 bases with 3 dice each loses 2 dice per base read cumulatively (6 - 4 = 2,
    the floor of 1 per base), 1 per base read once (6 - 2 = 4); the pack's own kept rulings must not answer for
    the new default."""
    pack = load_pack("skirmish")
    given = {"attacker.bases": 2, "attacker.dice_per_base": 3, "attacker.shaken": True, "attacker.flanked": True,
             "attack.close_combat": True}
    assert ask(pack, "cc_dice", Situation(given=given)).value == 2 and pack.index
    chosen = with_default_readings(pack, {"cc_penalties": "once"})
    assert {n: r.default for n, r in chosen.readings.items()} == {"cc_penalties": "once",
                                                                  "hit_bonuses": "each_bonus"}
    assert chosen.index == {} and pack.readings["cc_penalties"].default == "cumulative"
    assert ask(chosen, "cc_dice", Situation(given=given)).value == 4
    assert with_default_readings(pack, {}) is pack


def test_readings_pack_and_situation_readings_read_the_commands_options() -> None:
    args = argparse.Namespace(readings=["hit_bonuses=one_bonus"])
    assert situation_readings(args, SKIRMISH) == {"hit_bonuses": "one_bonus"}
    assert readings_pack(args, SKIRMISH).readings["hit_bonuses"].default == "one_bonus"
    for bare in (argparse.Namespace(), argparse.Namespace(readings=None)):  # a command without --reading
        assert situation_readings(bare, SKIRMISH) == {}
        assert readings_pack(bare, SKIRMISH) is SKIRMISH


# -- replay lines -------------------------------------------------------------------------------------------------


def test_the_pack_is_named_as_the_user_named_it_with_its_options_in_order() -> None:
    assert pack_words("p.yaml") == ["p.yaml"]
    assert pack_words("p.yaml", ["a.yaml", "b.yaml"], ["x=1"]) == [
        "p.yaml", "--with", "a.yaml", "--with", "b.yaml", "--reading", "x=1"]
    assert replay_words("my pack.yaml", ["it's.yaml"], ["x=1"]) == (
        "'my pack.yaml'", "--with", "'it'\"'\"'s.yaml'", "--reading", "x=1")
    assert replay_words("skirmish") == ("skirmish",)


def test_a_situation_states_the_chosen_readings_under_its_own() -> None:
    assert stating_readings({"given": {}}, {}, SKIRMISH) == {"given": {}}
    assert stating_readings({"given": {}}, {"cc_penalties": "once"}, SKIRMISH) == {
        "given": {}, "reading": {"cc_penalties": "once"}}
    assert stating_readings({"reading": {"cc_penalties": "cumulative"}}, {"cc_penalties": "once",
                                                                          "hit_bonuses": "one_bonus"}, SKIRMISH) == {
        "reading": {"cc_penalties": "cumulative", "hit_bonuses": "one_bonus"}}
    assert stating_readings({"reading": None}, {"cc_penalties": "once"}, SKIRMISH) == {
        "reading": {"cc_penalties": "once"}}


def test_a_situations_option_named_alone_wins_for_its_reading_only_where_one_reading_has_it() -> None:
    assert stating_readings({"reading": "one_bonus"}, {"hit_bonuses": "each_bonus"}, SKIRMISH) == {
        "reading": {"hit_bonuses": "one_bonus"}}
    assert stating_readings({"reading": "nobody"}, {"hit_bonuses": "each_bonus"}, SKIRMISH) == {
        "reading": {"hit_bonuses": "each_bonus"}}


# -- --step ---------------------------------------------------------------------------------------------------------


def test_steps_go_into_their_step_or_stand_alone_over_the_files_sequence() -> None:
    sequence = {"hit": {"reroll": "ones"}, "attacks": 4}
    assert parse_steps([" hit.target = 3 ", "attacks=10", "wound.target=4+"], sequence) == {
        "hit": {"reroll": "ones", "target": 3}, "attacks": 10, "wound": {"target": "4+"}}
    assert sequence == {"hit": {"reroll": "ones"}, "attacks": 4}  # the file's own sequence is left as it was


def test_only_the_first_equals_sign_splits_a_step() -> None:
    assert parse_steps(["hit.note=a=b"], {}) == {"hit": {"note": "a=b"}}


def test_a_step_is_read_as_a_file_would_read_it_and_its_errors_name_it() -> None:
    with pytest.raises(RulingsError) as e:
        parse_steps(["hit.target=[3"], {})
    assert str(e.value).startswith("--step hit.target:1:3: malformed YAML")


@pytest.mark.parametrize("pair", ["attacks", "=3", "attacks=", " =3", "a" * 45])
def test_a_step_missing_a_part_is_refused(pair: str) -> None:
    with pytest.raises(RulingsError) as e:
        parse_steps([pair], {})
    assert e.value.message == f"--step {pair[:40]!r}: expected KEY=VALUE"
    assert e.value.hint == "e.g. --step attacks=10 --step hit.target=3"


def test_a_value_of_a_step_that_is_not_a_step_is_refused() -> None:
    with pytest.raises(RulingsError) as e:
        parse_steps(["attacks.target=3"], {"attacks": 4})
    assert e.value.message == "--step attacks.target: attacks is not a step"
    assert e.value.hint == "e.g. --step hit.target=3"


# -- the situation a command's options state ------------------------------------------------------------------------


def test_no_option_states_the_empty_situation() -> None:
    assert read_situation(options(), SKIRMISH) == Situation()
    bare = argparse.Namespace(given=[], readings=[])  # a command without --base, --roll, --target or --step
    assert with_options(bare, SKIRMISH, Situation()) == Situation()


@pytest.mark.parametrize("option", ["base", "target"])
def test_a_base_or_target_is_read_as_a_file_would_read_it_and_its_errors_name_it(option: str) -> None:
    with pytest.raises(RulingsError) as e:
        with_options(options(**{option: "[3"}), SKIRMISH, Situation())
    assert str(e.value).startswith(f"--{option}:1:3: malformed YAML")


def test_each_option_goes_into_the_situation_checked() -> None:
    s = with_options(options(given=["attacker.to_hit=4"], base=" 4+ ", roll=7, target=" 3+ ",
                             readings=["hit_bonuses=one_bonus"]), SKIRMISH, Situation())
    assert (dict(s.given), s.base, s.roll, s.target, dict(s.reading)) == (
        {"attacker.to_hit": 4}, "4+", 7, 3, {"hit_bonuses": "one_bonus"})


def test_the_options_go_over_the_situation_file(tmp_path: Path) -> None:
    file = tmp_path / "s.yaml"
    file.write_text("given: {attacker.to_hit: 3, target.in_cover: true}\nreading: {cc_penalties: once}\n"
                    "sequence: {hit: {reroll: ones}}\n", encoding="utf-8")
    s = read_situation(options(situation=str(file), given=["attacker.to_hit=5"], step=["hit.target=4"],
                               readings=["hit_bonuses=one_bonus"]), SKIRMISH)
    assert dict(s.given) == {"attacker.to_hit": 5, "target.in_cover": True}
    assert dict(s.reading) == {"cc_penalties": "once", "hit_bonuses": "one_bonus"}
    assert s.sequence == {"hit": {"reroll": "ones", "target": 4}}


def test_a_bad_given_base_or_target_is_refused_as_ask_refuses_it() -> None:
    with pytest.raises(RulingsError) as e:
        with_options(options(given=["attacker.to_hit=9"]), SKIRMISH, Situation())
    assert e.value.message.startswith("attacker.to_hit = 9 is out of range")
    with pytest.raises(RulingsError) as e:
        with_options(options(base=" +³ "), SKIRMISH, Situation())
    assert e.value.message == "--base: '+³' holds a digit other than 0-9"
    with pytest.raises(RulingsError) as e:
        with_options(options(target=" three "), SKIRMISH, Situation())
    assert e.value.message == "target: 'three' is not what a roll must reach"


# -- the pack a command names -----------------------------------------------------------------------------------------


def test_the_named_pack_is_loaded_with_its_overlays_and_its_readings_checked(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))
    overlay = tmp_path / "tired.yaml"
    overlay.write_text("facts:\n  attacker.tired: {type: bool, text: the attacking unit is tired}\n",
                       encoding="utf-8")
    pack = load_named(argparse.Namespace(pack="skirmish", with_files=[str(overlay)], readings=["cc_penalties=once"]))
    assert "attacker.tired" in pack.facts
    assert pack.readings["cc_penalties"].default == "cumulative"  # checked here, applied by the command
    assert "attacker.tired" not in load_named(argparse.Namespace(pack="skirmish")).facts
    with pytest.raises(UnknownName, match="unknown reading 'cc_penalty'"):
        load_named(argparse.Namespace(pack="skirmish", readings=["cc_penalty=once"]))

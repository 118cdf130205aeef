"""Keywords in the `wh40k` pack: `rulings match`, and keyword phrases in rule conditions (`matches()`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb import load_pack
from kb.expr import ExprSyntaxError, FactType, check_expr, evaluate, parse_expr
from rulings.cli import main
from solver import Situation, ask

PACK = load_pack("wh40k")


def match(tmp_path: Path, capsys: pytest.CaptureFixture[str], phrase: str,
          *models: list[str]) -> dict[str, object]:
    situation = tmp_path / "unit.yaml"
    situation.write_text(json.dumps({"unit": {"models": [{"keywords": m} for m in models]}}))
    assert main(["match", "wh40k", phrase, "--situation", str(situation), "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_non_keyword_units(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """For example, if a rule applies to non-Vehicle units, it only applies to units that do not have the
    Vehicle
    keyword."""
    assert match(tmp_path, capsys, "non-Vehicle units", ["INFANTRY"])["unit"] is True
    assert match(tmp_path, capsys, "non-Vehicle units", ["INFANTRY"], ["VEHICLE"])["unit"] is False


def test_unit_has_every_keyword_of_its_models(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A unit has all the keywords of all models in that unit. A model only has its own keywords."""
    got = match(tmp_path, capsys, "CHARACTER model", ["INFANTRY", "CHARACTER"], ["INFANTRY"])
    assert (got["unit"], got["models"]) == (True, [True, False])
    got = match(tmp_path, capsys, "CHARACTER unit", ["INFANTRY", "CHARACTER"], ["INFANTRY"])
    assert (got["unit"], got["models"]) == (True, [True, True])


def test_lists_mean_any_and_adjacent_means_all(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A rule with a comma-separated list of keywords, or a series of keywords separated by slashes ('/'),
    or two
    keywords separated by the word 'or' (e.g. 'an Immortals, Deathmarks or Lychguard unit') refers to a
    model/unit
    that has any one of those keywords. A rule with multiple adjacent keywords (e.g. 'an Aeldari Guardians
    unit')
    only refers to a model/unit that has all of those keywords."""
    any_of = "an Immortals, Deathmarks or Lychguard unit"
    assert match(tmp_path, capsys, any_of, ["LYCHGUARD"])["unit"] is True
    assert match(tmp_path, capsys, "an Aeldari Guardians unit", ["GUARDIANS"])["unit"] is False
    assert match(tmp_path, capsys, "an Aeldari Guardians unit", ["AELDARI", "GUARDIANS"])["unit"] is True


def test_matches_in_expressions() -> None:
    """Singular and plural instances of the same keyword function in the same way."""
    expr = parse_expr("matches('non-VEHICLE INFANTRY or MOUNTED units', target.keywords)")
    assert evaluate(expr, {"target.keywords": frozenset({"INFANTRY"})}) is True
    assert evaluate(expr, {"target.keywords": ["Infantry", "Vehicles"]}) is False
    assert evaluate(expr, {"target.keywords": ["MOUNTED", "VEHICLE"]}) is True
    assert check_expr(expr, {"target.keywords": FactType("keywords")}, "bool") == []
    assert check_expr(expr, {"target.keywords": FactType("int")}, "bool")


@pytest.mark.parametrize(("text", "message"), [
    ("matches(unit.name, target.keywords)", "in quotes"),
    ("matches('VEHICLE or', target.keywords)", "keyword phrase"),
    ("matches('VEHICLE')", "takes 2"),
])
def test_bad_phrases_are_syntax_errors(text: str, message: str) -> None:
    with pytest.raises(ExprSyntaxError, match=message):
        parse_expr(text)


def test_monster_vehicle_rule_in_the_pack() -> None:
    """Some older rules use keywords without specifying model or unit: for example, MONSTER/VEHICLE or
    TRANSPORT.
    These rules refer to units with those keywords."""
    base = {"attack.ranged": True, "attacker.in_engagement_range": True}
    for keywords, value in ((["Monsters"], 3), (["VEHICLE", "TRANSPORT"], 3), (["INFANTRY"], 4)):
        r = ask(PACK, "hit_roll", Situation(given=base | {"attacker.keywords": frozenset(keywords)}, roll=4))
        assert r.value == value


def unit_file(tmp_path: Path, unit: dict[str, object], **extra: object) -> str:
    situation = tmp_path / "unit.yaml"
    situation.write_text(json.dumps({"unit": unit, **extra}))
    return str(situation)


def match_unit(tmp_path: Path, capsys: pytest.CaptureFixture[str], phrase: str, unit: dict[str, object],
               *more: str, **extra: object) -> dict[str, object]:
    path = unit_file(tmp_path, unit, **extra)
    assert main(["match", "wh40k", phrase, "--situation", path, "--format", "json", *more]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_datasheet_name_is_a_keyword(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As well as the keywords listed in each datasheet's Keywords section, each datasheet name acts as an
    additional keyword for that unit."""
    squad = {"name": "Terminator Squad", "models": [{"keywords": ["INFANTRY", "TERMINATOR"]}] * 2}
    got = match_unit(tmp_path, capsys, "Terminator Squad unit", squad)
    assert (got["unit"], got["models"], got["datasheet"]) == (True, [True, True], "Terminator Squad")
    intercessors = {"name": "Intercessor Squad", "models": [{"keywords": ["INFANTRY"]}]}
    assert match_unit(tmp_path, capsys, "Intercessor Squad unit", intercessors)["unit"] is True
    assert match_unit(tmp_path, capsys, "Intercessor Squad model", intercessors)["models"] == [True]
    nameless = {"models": [{"keywords": ["INFANTRY"]}]}
    assert match_unit(tmp_path, capsys, "Intercessor Squad unit", nameless)["unit"] is False
    assert match_unit(tmp_path, capsys, "Terminator Squad unit", intercessors)["unit"] is False
    path = unit_file(tmp_path, squad)
    assert main(["match", "wh40k", "Terminator Squad unit", "--situation", path]) == 0
    assert "the datasheet name 'Terminator Squad' is a keyword of the unit" in capsys.readouterr().out


@pytest.mark.parametrize(("unit", "message"), [
    ({"nmae": "Terminator Squad", "models": [{"keywords": ["INFANTRY"]}]}, "did you mean 'name'"),
    ({"name": ["Terminator Squad"], "models": [{"keywords": ["INFANTRY"]}]}, "datasheet's name"),
])
def test_a_bad_datasheet_name_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         unit: dict[str, object], message: str) -> None:
    """A `unit: {name: ...}` is never silently ignored: a misspelt key or a name that is not text exits 2."""
    path = unit_file(tmp_path, unit)
    assert main(["match", "wh40k", "INFANTRY unit", "--situation", path]) == 2
    err = capsys.readouterr().err
    assert message in err and "unit.yaml:1:" in err


def test_singular_and_plural_keywords(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Singular and plural instances of the same keyword function in the same way. -- regular plurals, and
    SPACE WOLF / SPACE WOLVES; the answer says which forms matched, each a whole keyword."""
    wolves = {"models": [{"keywords": ["INFANTRY", "SPACE WOLVES"]}]}
    got = match_unit(tmp_path, capsys, "Space Wolf unit", wolves)
    assert (got["unit"], got["forms"]) == (True, [{"phrase": "SPACE WOLF", "unit": "SPACE WOLVES"}])
    wolf = {"models": [{"keywords": ["INFANTRY", "Space Wolf"]}]}
    got = match_unit(tmp_path, capsys, "SPACE WOLVES units", wolf)
    assert (got["unit"], got["forms"]) == (True, [{"phrase": "SPACE WOLVES", "unit": "SPACE WOLF"}])
    got = match_unit(tmp_path, capsys, "Vehicles", {"models": [{"keywords": ["VEHICLE"]}]})
    assert (got["unit"], got["forms"]) == (True, [{"phrase": "VEHICLES", "unit": "VEHICLE"}])
    got = match_unit(tmp_path, capsys, "VEHICLE unit", {"models": [{"keywords": ["Vehicle"]}]})
    assert got["unit"] is True and "forms" not in got  # case alone is not another form
    path = unit_file(tmp_path, wolves)
    assert main(["match", "wh40k", "Space Wolf unit", "--situation", path]) == 0
    assert "SPACE WOLF matched SPACE WOLVES: a keyword's singular and plural are the same keyword" in \
        capsys.readouterr().out
    assert ("SPACE WOLF", "SPACE WOLVES") in PACK.plurals


def test_non_before_an_or_list_is_read_two_ways(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """If a rule specifies that it applies to 'non-Keyword' models/units, it only applies to models/units
    that do not have that keyword. -- "non-VEHICLE INFANTRY or MOUNTED unit": whether non- reaches MOUNTED
    is not settled, so `match` shows both readings, the default first."""
    phrase = "non-VEHICLE INFANTRY or MOUNTED unit"
    bike = {"models": [{"keywords": ["MOUNTED", "VEHICLE"]}]}
    got = match_unit(tmp_path, capsys, phrase, bike)
    assert got["unit"] is True
    assert got["readings"] == [{"reading": "adjacent", "value": True, "models": [True], "default": True},
                               {"reading": "whole_list", "value": False, "models": [False], "default": False}]
    chosen = match_unit(tmp_path, capsys, phrase, bike, reading="whole_list")
    assert (chosen["unit"], len(chosen["readings"])) == (False, 2)  # type: ignore[arg-type]
    for keywords in (["INFANTRY"], ["MOUNTED"], ["INFANTRY", "VEHICLE"], ["VEHICLE"]):
        plain = match_unit(tmp_path, capsys, phrase, {"models": [{"keywords": keywords}]})
        assert "readings" not in plain  # both readings agree: nothing to show
    path = unit_file(tmp_path, bike)
    assert main(["match", "wh40k", phrase, "--situation", path]) == 0
    out = capsys.readouterr().out
    assert "reading 'adjacent' (default): yes" in out and "reading 'whole_list': no" in out


def test_oc_set_to_dash_is_read_two_ways() -> None:
    """OC cannot be less than 0 or '-'. -- against: Note that rules that modify a characteristic in this step
    to a new value of '0', '-' or '*' cannot be modified by other rules (in such cases, skip steps 2-5)."""
    from solver import Effect

    for base, effects in ((2, ("=-", "+1")), ("-", ()), ("-", ("+1",))):
        listed = tuple(Effect(e, e) for e in effects)
        r = ask(PACK, "OC", Situation(base=base, effects=listed))
        assert r.value == "-" and r.readings is not None
        assert [(o.option, o.ruling.value, o.default) for o in r.readings] == [
            ("dash_stays", "-", True), ("dash_is_zero", 0, False)]
        zero = ask(PACK, "OC", Situation(base=base, effects=listed, reading={"oc_dash": "dash_is_zero"}))
        assert zero.value == 0 and [(c.rule, c.before, c.after) for c in zero.clamped] == [("OC", "-", 0)]
    r = ask(PACK, "OC", Situation(base=2, effects=(Effect("-1", "-1"),)))
    assert r.value == 1 and r.readings is None  # a number: both readings agree
    s = ask(PACK, "S", Situation(base=4, effects=(Effect("=-", "=-"),)))
    assert s.value == "-" and s.readings is None  # only OC has the limit


WOLVES_PACK = """
pack: wolves
plurals: {SPACE WOLF: SPACE WOLVES}
facts:
  attacker.keywords: {type: keywords, default: []}
quantities:
  hit_roll: {kind: roll, dice: D6}
modifiers:
  pack_hunters: {quantity: hit_roll, change: +1, when: "matches('Space Wolf unit', attacker.keywords)"}
  wolf_lords: {quantity: hit_roll, change: +1, when: "matches('SPACE WOLVES CHARACTER unit', attacker.keywords)"}
"""


def test_a_packs_irregular_plurals_hold_in_its_expressions(tmp_path: Path) -> None:
    """Singular and plural instances of the same keyword function in the same way. -- a pack's own rule written
    with the singular (Space Wolf) applies to a unit with SPACE WOLVES, and one written with the irregular plural
    applies to a unit with SPACE WOLF, as in `rulings match`."""
    path = tmp_path / "wolves.yaml"
    path.write_text(WOLVES_PACK)
    pack = load_pack(str(path))

    def applied(*keywords: str) -> list[str]:
        r = ask(pack, "hit_roll", Situation(given={"attacker.keywords": frozenset(keywords)}, roll=3))
        return [a.rule for a in r.applied]

    assert applied("SPACE WOLVES", "INFANTRY") == ["pack_hunters"]
    assert applied("SPACE WOLF", "CHARACTER") == ["pack_hunters", "wolf_lords"]
    assert applied("WOLF", "INFANTRY") == []  # a wolf alone is not a Space Wolf
    assert applied("INFANTRY") == []


NON_REACH_PACK = """
pack: reach
readings:
  non_reach:
    sentence: >-
      If a rule specifies that it applies to 'non-Keyword' models/units, it only applies to models/units that
      do not have that keyword.
    decides: non_reach
    default: adjacent
    options:
      adjacent: non-VEHICLE belongs to its own alternative
      whole_list: non-VEHICLE qualifies the whole list
facts:
  target.keywords: {type: keywords, default: []}
quantities:
  hit_roll: {kind: roll, dice: D6}
modifiers:
  footslogger:
    quantity: hit_roll
    change: +1
    when: "matches('non-VEHICLE INFANTRY or MOUNTED unit', target.keywords)"
"""


def test_a_rules_phrase_follows_the_declared_non_reach_reading(tmp_path: Path) -> None:
    """If a rule specifies that it applies to 'non-Keyword' models/units, it only applies to models/units that do
    not have that keyword. -- a pack rule for "non-VEHICLE INFANTRY or MOUNTED unit" against a MOUNTED VEHICLE
    unit: +1 read `adjacent` (the default), nothing read `whole_list`; the ruling shows both readings, as
    `rulings match` does, and a unit the readings agree on shows none."""
    path = tmp_path / "reach.yaml"
    path.write_text(NON_REACH_PACK)
    pack = load_pack(str(path))
    mounted_vehicle = Situation(given={"target.keywords": frozenset({"MOUNTED", "VEHICLE"})}, roll=3)
    r = ask(pack, "hit_roll", mounted_vehicle)
    assert r.value == 4 and [a.rule for a in r.applied] == ["footslogger"]
    assert r.readings is not None
    assert {o.option: o.ruling.value for o in r.readings} == {"adjacent": 4, "whole_list": 3}
    chosen = ask(pack, "hit_roll", Situation(given=mounted_vehicle.given, roll=3, reading={"non_reach": "whole_list"}))
    assert (chosen.value, chosen.applied) == (3, ())
    infantry = ask(pack, "hit_roll", Situation(given={"target.keywords": frozenset({"INFANTRY"})}, roll=3))
    assert infantry.value == 4 and infantry.readings is None


def test_a_keyword_is_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A rule with multiple adjacent keywords (e.g. 'an Aeldari Guardians unit') only refers to a model/unit that
    has all of those keywords. -- CHAOS SPACE MARINES is one keyword: a unit with it is no Space Marines unit,
    and GREY KNIGHTS gives neither KNIGHTS nor GREY."""
    chaos = {"models": [{"keywords": ["INFANTRY", "CHAOS SPACE MARINES"]}]}
    assert match_unit(tmp_path, capsys, "Space Marines unit", chaos)["unit"] is False
    assert match_unit(tmp_path, capsys, "Chaos Space Marines Infantry unit", chaos)["unit"] is True
    grey = {"models": [{"keywords": ["INFANTRY", "GREY KNIGHTS"]}]}
    for phrase in ("Knights unit", "Grey unit", "Knight model"):
        assert match_unit(tmp_path, capsys, phrase, grey)["unit"] is False
    astartes = {"models": [{"keywords": ["INFANTRY", "ADEPTUS ASTARTES"]}]}
    assert match_unit(tmp_path, capsys, "Adeptus Astartes Infantry unit", astartes)["unit"] is True
    assert match_unit(tmp_path, capsys, "Adeptus Astartes unit", chaos)["unit"] is False
    path = unit_file(tmp_path, chaos)
    assert main(["match", "wh40k", "Space Marines unit", "--situation", path]) == 0
    out = capsys.readouterr().out
    assert "SPACE and MARINES" not in out and "the unit: no" in out


def test_thunderwolves_is_the_plural_of_thunderwolf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Singular and plural instances of the same keyword function in the same way. -- wolf/wolves is an English
    plural: THUNDERWOLVES needs no declaration in the pack."""
    cavalry = {"models": [{"keywords": ["MOUNTED", "THUNDERWOLF"]}]}
    got = match_unit(tmp_path, capsys, "Thunderwolves unit", cavalry)
    assert (got["unit"], got["forms"]) == (True, [{"phrase": "THUNDERWOLVES", "unit": "THUNDERWOLF"}])


def test_a_phrase_about_models_counts_the_models_it_refers_to(capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule that refers to "Infantry models" is about each model, not a verdict on the unit: of a unit with an
    INFANTRY model and a MONSTER model, it refers to 1 of 2."""
    import io

    from rulings.cli import main

    situation = b"unit: {models: [{keywords: [INFANTRY]}, {keywords: [MONSTER]}]}"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(situation)))
    assert main(["match", "wh40k", "Infantry models", "--situation", "-"]) == 0
    out = capsys.readouterr().out
    assert "the models it refers to: 1 of 2" in out and "the unit:" not in out

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

"""`rulings.api`: the command line's JSON answers from Python, without a process per answer."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

import rulings
from kb.errors import RulingsError, UnknownName
from rulings.cli import main


def printed(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    main([*argv, "--format", "json"])
    return json.loads(capsys.readouterr().out)


def test_ask_is_what_the_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    given = {"shooter.bs": 3, "shooter.moved": True, "target.in_soft_cover": True, "target.in_hard_cover": True}
    assert rulings.ask("fantasy", "to_hit", given) == printed(
        capsys, "ask", "fantasy", "to_hit", *[f"--given={n}={str(v).lower()}" for n, v in given.items()])
    situation = {"effects": [{"name": "Stealth", "op": "-1"}], "roll": 3}
    r = rulings.ask(rulings.load_pack("wh40k"), "hit_roll", situation=situation)
    assert r["value"] == 2 and r["applied"][0]["rule"] == "Stealth"


def test_given_merges_over_the_situations_facts() -> None:
    r = rulings.ask("fantasy", "to_hit", {"shooter.moved": True}, situation={"given": {"shooter.bs": 4}})
    assert r["display"] == "4+" and [a["rule"] for a in r["applied"]] == ["moved"]


def test_why_not_find_check_and_faq_are_what_the_commands_print(capsys: pytest.CaptureFixture[str]) -> None:
    given = {"shooter.bs": 3, "target.unit_strength": 5}
    assert rulings.why_not("fantasy", "to_hit", "lone_model", given) == printed(
        capsys, "why-not", "fantasy", "to_hit", "lone_model", "--given", "shooter.bs=3",
        "--given", "target.unit_strength=5")
    assert rulings.find("skirmish", "to_hit", "value >= 7", {"attacker.to_hit": 5}) == printed(
        capsys, "find", "skirmish", "to_hit", "--where", "value >= 7", "--given", "attacker.to_hit=5")
    checked, shown = rulings.api.check("skirmish"), printed(capsys, "check", "skirmish")
    assert {k: v for k, v in checked.items() if k in shown} == shown  # the API always says what it covered
    assert checked["exhaustive"] is True
    assert rulings.api.faq("wh40k") == printed(capsys, "faq", "wh40k")


def test_bad_input_raises_the_commands_message() -> None:
    with pytest.raises(UnknownName, match="unknown quantity 'to_hti'") as e:
        rulings.ask("fantasy", "to_hti", {"shooter.bs": 3})
    assert "did you mean 'to_hit'" in str(e.value)
    with pytest.raises(RulingsError, match="unknown key"):
        rulings.ask("fantasy", "to_hit", situation={"givn": {}})
    with pytest.raises(RulingsError, match="given must be a mapping"):
        rulings.ask("fantasy", "to_hit", {"shooter.bs": 3}, situation={"given": [1]})
    with pytest.raises(UnknownName, match="unknown pack"):
        rulings.load_pack("no_such_pack")


def test_the_answers_are_plain_json() -> None:
    answers = [rulings.ask("skirmish", "cc_dice", {"attacker.bases": 3, "attacker.dice_per_base": 2,
                                                   "attacker.charging": True, "attacker.shaken": True,
                                                   "attacker.vehicle": True}),
               rulings.why_not("fantasy", "to_hit", "soft_cover", {"shooter.bs": 3}),
               rulings.find("fantasy", "to_hit", "impossible", {"shooter.bs": 1}, max_facts=3)]
    for answer in answers:
        assert json.loads(json.dumps(answer)) == answer
    assert {r["reading"] for r in answers[0]["readings"]} == {"cumulative", "once"}


def test_check_and_faq_live_in_the_api_module_beside_the_commands_modules() -> None:
    import rulings.check
    import rulings.faq

    assert callable(rulings.api.check) and callable(rulings.api.faq)
    assert rulings.check.__name__ == "rulings.check" and rulings.ask is rulings.api.ask


def test_importing_rulings_loads_no_solver() -> None:
    code = ("import sys, rulings; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('kb', 'solver', 'explain')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_api_page_runs_as_shown() -> None:
    """docs/python-api.md is a doctest: every example there prints what it shows."""
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "python-api.md"
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 8


def test_ask_answers_a_sequence_as_the_command_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    """A whole attack from Python is what `rulings ask PACK SEQUENCE --format json` prints."""
    doc = rulings.ask("skirmish", "attack", {"attacker.to_hit": 4, "target.save": 5},
                      situation={"sequence": {"attacks": 3}})
    assert main(["ask", "skirmish", "attack", "--given", "attacker.to_hit=4", "--given", "target.save=5",
                 "--step", "attacks=3", "--format", "json"]) == 0
    assert doc == json.loads(capsys.readouterr().out)
    # each die is unsaved with chance 1/2 x 2/3 = 1/3: three dice, (2/3)^3 = 8/27 that none gets through
    assert doc["steps"][-1]["out"]["distribution"]["0"] == "8/27"


def test_a_why_not_change_gives_a_keywords_fact_as_the_list_of_its_keywords() -> None:
    """Big Guns Never Tire: "a MONSTER or VEHICLE unit may shoot while within Engagement Range ... subtract 1 from
    that attack's Hit roll": a smallest change gives the unit MONSTER, written as a list like any given list."""
    answer = rulings.why_not("wh40k", "hit_roll", "big_guns_never_tire")
    keywords = [c for c in answer["changes"] if "attacker.keywords" in c["given"]]
    assert keywords, answer["changes"]
    for change in keywords:
        assert change["values"]["attacker.keywords"] == change["given"]["attacker.keywords"] == ["MONSTER"]

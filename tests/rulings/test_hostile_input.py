"""Packs and situations from strangers: refused quickly with exit 2, never a traceback or a hang."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings.cli import main

BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


def test_a_yaml_alias_bomb_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "bomb.yaml"
    pack.write_text(BOMB)
    code, err = run(capsys, "ask", str(pack), "q")
    assert code == 2 and "aliases" in err


def test_a_situation_alias_bomb_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    situation = tmp_path / "shot.yaml"
    situation.write_text(BOMB + "given: {shooter.bs: 3}\n")
    code, err = run(capsys, "ask", "fantasy", "to_hit", "--situation", str(situation))
    assert code == 2 and "aliases" in err


def test_deep_nesting_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "deep.yaml"
    pack.write_text("x: " + "[" * 5000 + "]" * 5000 + "\n")
    code, err = run(capsys, "ask", str(pack), "q")
    assert code == 2 and "nested too deeply" in err


def test_a_huge_range_does_not_exhaust_memory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "huge.yaml"
    pack.write_text("facts: {a: {type: int, range: [0, 1000000000]}}\nquantities: {q: {kind: pool, base: a}}\n")
    code, err = run(capsys, "ask", str(pack), "q")
    assert code == 2 and "give some of them" in err
    assert run(capsys, "ask", str(pack), "q", "--given", "a=7")[0] == 0


@pytest.mark.parametrize(
    ("pack_text", "situation", "needle"),
    [
        ("quantities: {q: {kind: pool, base: '5 // 0'}}\n", "{}", "division by zero"),
        ("quantities: {q: {kind: pool, base: 5}}\nmodifiers: {m: {quantity: q, change: /0}}\n", "{}", "divides by 0"),
    ],
)
def test_division_by_zero_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pack_text: str, situation: str, needle: str
) -> None:
    pack = tmp_path / "divide.yaml"
    pack.write_text(pack_text)
    code, err = run(capsys, "ask", str(pack), "q")
    assert code == 2 and needle in err


def test_an_ad_hoc_division_by_zero_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    situation = tmp_path / "s.yaml"
    situation.write_text('base: 5\neffects: ["/0"]\n')
    code, err = run(capsys, "ask", "wh40k", "S", "--situation", str(situation))
    assert code == 2 and "divides by 0" in err


@pytest.mark.parametrize(
    ("pack", "quantity", "situation", "needle"),
    [
        ("fantasy", "to_hit", 'given: {shooter.bs: 3}\neffects: ["+1"]\n', "takes no ad-hoc effects"),
        ("fantasy", "to_hit", "given: {shooter.bs: 3}\nbase: 5\n", "takes no base"),
        ("fantasy", "to_hit", "given: {shooter.bs: 3}\nroll: 5\n", "is not a roll"),
        ("wh40k", "hit_roll", "roll: 7\n", "cannot be rolled on D6"),
        ("wh40k", "charge_roll", "roll: 13\n", "cannot be rolled on 2D6"),
        ("skirmish", "command_roll", "roll: 1\n", "cannot be rolled on 2D6"),
        ("fantasy", "to_hit", "given: []\n", "given: must map"),
    ],
)
def test_situation_parts_a_quantity_would_ignore_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pack: str, quantity: str, situation: str, needle: str
) -> None:
    file = tmp_path / "s.yaml"
    file.write_text(situation)
    code, err = run(capsys, "ask", pack, quantity, "--situation", str(file))
    assert code == 2 and needle in err


def test_two_set_modifiers_to_different_values_are_refused_on_any_quantity(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        'modifiers:\n  fixed: {quantity: to_hit, change: "=3"}\n  other: {quantity: to_hit, change: "=5"}\n'
    )
    code, err = run(capsys, "ask", "fantasy", "to_hit", "--with", str(house), "--given", "shooter.bs=3")
    assert code == 2 and "fixed (=3) and other (=5)" in err


@pytest.mark.parametrize(
    ("situation", "needle"),
    [
        ('roll: 4\neffects: [{name: heavy, op: "-1"}]\n', "already a rule of the pack"),
        ('roll: 4\neffects: "+1"\n', "effects: must be a list"),
        ('roll: 4\neffects: [{name: [x], op: "+1"}]\n', "must be a one-line name"),
    ],
)
def test_effects_that_would_be_misread_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], situation: str, needle: str
) -> None:
    file = tmp_path / "s.yaml"
    file.write_text(situation)
    code, err = run(capsys, "ask", "wh40k", "hit_roll", "--situation", str(file))
    assert code == 2 and needle in err and "s.yaml:" in err


def test_a_clamp_no_value_fits_is_a_load_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "clamp.yaml"
    pack.write_text(
        "quantities: {q: {kind: pool, base: 5}}\npolicies: {c: {kind: clamp, quantity: q, min: 10, max: 2}}\n"
    )
    code, err = run(capsys, "ask", str(pack), "q")
    assert code == 2 and "min 10 is above max 2" in err


@pytest.mark.parametrize(
    ("pack_text", "needle"),
    [
        ("facts: {a: {type: enum, values: [x, x]}}\n", "has non-unique elements"),
        ("quantities: {q: {kind: pool, base: 1}}\nexamples:\n- {name: e, quantity: q, expect: {value: 1}}\n"
         "- {name: e, quantity: q, expect: {value: 1}}\n", "example name 'e' given twice"),
    ],
)
def test_names_given_twice_in_a_pack_are_load_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pack_text: str, needle: str
) -> None:
    pack = tmp_path / "twice.yaml"
    pack.write_text(pack_text)
    code, err = run(capsys, "test", str(pack))
    assert code == 2 and needle in err


def test_group_names_given_twice_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "s.yaml"
    file.write_text("given: {shooter.bs: 3}\ngroups: [{name: a}, {name: a}]\n")
    code, err = run(capsys, "ask", "fantasy", "to_hit", "--situation", str(file))
    assert code == 2 and "group name 'a' given twice" in err


@pytest.mark.parametrize(
    ("situation", "where"),
    [('base: "D3+D6"\n', "s.yaml:1:8"), ('base: 3\neffects: ["x1.5"]\n', "s.yaml:2:12"),
     ('base: 5\neffects: ["+1", "/0"]\n', "s.yaml:2:18")],
)
def test_a_bad_base_or_effect_points_at_the_situation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], situation: str, where: str
) -> None:
    file = tmp_path / "s.yaml"
    file.write_text(situation)
    code, err = run(capsys, "ask", "wh40k", "A", "--situation", str(file))
    assert code == 2 and where in err

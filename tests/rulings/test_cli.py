"""The `rulings` command end to end: output formats, situations, and exit 2 without a traceback."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rulings.cli import main

SHOT = [
    "ask",
    "fantasy",
    "to_hit",
    "--given",
    "shooter.bs=3",
    "--given",
    "shooter.moved=true",
    "--given",
    "target.in_soft_cover=true",
    "--given",
    "target.in_hard_cover=true",
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def ask_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--format", "json")
    assert (code, err) == (0, "")
    doc: dict[str, Any] = json.loads(out)
    return doc


def test_packs_lists_the_builtin_packs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "packs")
    assert code == 0 and "fantasy" in out and "to_hit" in out
    code, out, _ = run(capsys, "packs", "--format", "json")
    assert "fantasy" in [p["name"] for p in json.loads(out)]


def test_ask_text_reads_like_a_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *SHOT)
    assert (code, err) == (0, "")
    first = out.splitlines()[0]
    assert "7, i.e. a 6 then 4+" in first and "1/12" in first
    assert "-1 moved: the shooter moved this turn" in out and "-2 hard_cover: the target is in hard cover" in out
    assert "soft_cover does not count, hard_cover counts instead" in out
    assert "lone_model" not in out  # rules that did not apply wait for --full
    assert "\x1b[" not in out and "(assumes follow_up_chart)" in out
    assert len(out.splitlines()) <= 10


def test_ask_full_shows_the_whole_derivation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *SHOT, "--full")
    assert (code, err) == (0, "")
    first = out.splitlines()[0]
    assert "7, i.e. a 6 then 4+" in first and "1/12" in first
    assert "moved -1 counts" in out and "hard_cover -2 counts" in out
    assert "soft_cover does not count, hard_cover counts instead" in out
    assert "lone_model does not apply" in out and "the target is a lone model: no" in out
    assert "\x1b[" not in out  # no colour off a terminal
    assert "assumption follow_up_chart" in out


def test_ask_json_is_one_document_with_the_spec_keys(capsys: pytest.CaptureFixture[str]) -> None:
    doc = ask_json(capsys, *SHOT)
    assert {
        "pack",
        "quantity",
        "value",
        "display",
        "applied",
        "suppressed",
        "ignored",
        "clamped",
        "explanation",
    } <= set(doc)
    assert (doc["value"], doc["then"], doc["probability"], doc["impossible"], doc["automatic"]) == (
        7,
        4,
        "1/12",
        False,
        False,
    )
    assert [a["rule"] for a in doc["applied"]] == ["moved", "hard_cover"]
    assert doc["suppressed"] == [{"rule": "soft_cover", "by": "hard_cover", "policy": "cover_never_stacks"}]
    assert {"claim", "because", "cite"} <= set(doc["explanation"])


def test_ask_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *SHOT, "--format", "markdown")
    assert code == 0 and "hard_cover" in out and "1/12" in out
    assert out.lstrip().startswith(("#", "**", "-", "*"))


def test_given_is_merged_over_the_situation_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    shot = tmp_path / "shot.yaml"
    shot.write_text("given:\n  shooter.bs: 3\n  shooter.moved: true\n")
    assert ask_json(capsys, "ask", "fantasy", "to_hit", "--situation", str(shot))["value"] == 5
    doc = ask_json(
        capsys,
        "ask",
        "fantasy",
        "to_hit",
        "--situation",
        str(shot),
        "--given",
        "shooter.moved=false",
        "--given",
        "shooter.bs=4",
    )
    assert (doc["value"], doc["applied"]) == (3, [])


def test_situation_from_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        sys,
        "stdin",
        io.StringIO(
            "given: {shooter.bs: 3, shooter.moved: true}\n"
            "groups:\n  - {name: clear shot, given: {}}\n"
            "  - {name: behind the wall, given: {target.in_hard_cover: true}}\n"
        ),
    )
    doc = ask_json(capsys, "ask", "fantasy", "to_hit", "--situation", "-")
    assert {g["name"]: g["value"] for g in doc["groups"]} == {"clear shot": 5, "behind the wall": 7}


def test_test_runs_the_pack_examples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "test", "fantasy")
    assert code == 0 and out.strip().endswith("passed, 0 failed")
    assert int(out.split()[-4]) >= 30


def test_test_fails_with_exit_1_on_a_wrong_example(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_text(
        "facts: {f.x: {type: bool}}\nquantities: {q: {kind: pool, base: 3}}\n"
        "modifiers: {x: {quantity: q, change: +1, when: f.x}}\n"
        "examples:\n- {name: wrong, quantity: q, situation: {given: {f.x: true}}, expect: {value: 3}}\n"
    )
    code, out, _ = run(capsys, "test", str(pack))
    assert code == 1 and "FAIL" in out and "wrong" in out and "0 passed, 1 failed" in out


@pytest.mark.parametrize(
    ("argv", "situation", "fragments"),
    [
        (["ask", "fantsy", "to_hit"], None, ["unknown pack 'fantsy'", "did you mean 'fantasy'"]),
        (
            ["ask", "fantasy", "to_hti", "--given", "shooter.bs=3"],
            None,
            ["unknown quantity 'to_hti'", "'to_hit'"],
        ),
        (
            ["ask", "fantasy", "to_hit", "--given", "shooter.movd=true"],
            None,
            ["unknown fact 'shooter.movd'", "did you mean 'shooter.moved'"],
        ),
        (
            ["ask", "fantasy", "to_hit"],
            "given:\n  shooter.bs: 3\n  shooter.moved: [true\n",
            ["malformed YAML", "shot.yaml:4:1"],
        ),
        (
            ["ask", "fantasy", "to_hit"],
            "given:\n  shooter.bs: 3\n  shooter.movd: true\n",
            ["shot.yaml:3:3", "unknown fact 'shooter.movd'", "did you mean 'shooter.moved'"],
        ),
        (
            ["ask", "fantasy", "to_hit", "--given", "shooter.bs=three"],
            None,
            ["shooter.bs must be an integer", "three"],
        ),
        (
            ["ask", "fantasy", "to_hit", "--given", "shooter.moved=3", "--given", "shooter.bs=3"],
            None,
            ["shooter.moved must be true or false"],
        ),
        (
            ["ask", "fantasy", "to_hit", "--given", "shooter.bs=11"],
            None,
            ["shooter.bs = 11 is out of range 1..10"],
        ),
        (
            [
                "ask",
                "fantasy",
                "to_hit",
                "--given",
                "target.in_hard_cover=true",
                "--given",
                "hard_cover.obscures=false",
                "--given",
                "shooter.bs=3",
            ],
            None,
            ["target.in_hard_cover is given as true", "hard_cover.obscures = false"],
        ),
        (["ask", "fantasy", "to_hit", "--given", "shooter.bs"], None, ["expected FACT=VALUE"]),
    ],
)
def test_bad_input_exits_2_with_one_message(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    situation: str | None,
    fragments: list[str],
) -> None:
    if situation is not None:
        shot = tmp_path / "shot.yaml"
        shot.write_text(situation)
        argv = [*argv, "--situation", str(shot)]
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.startswith("rulings: ") and "Traceback" not in err
    for fragment in fragments:
        assert fragment in err, (fragment, err)


def test_the_installed_command_never_prints_a_traceback(tmp_path: Path) -> None:
    shot = tmp_path / "shot.yaml"
    shot.write_text("given: {shooter.bs: 3\n")
    proc = subprocess.run(
        [sys.executable, "-m", "rulings.cli", "ask", "fantasy", "to_hit", "--situation", str(shot)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert (
        "malformed YAML" in proc.stderr and "shot.yaml:2:1" in proc.stderr and "Traceback" not in proc.stderr
    )
    ok = subprocess.run(
        [sys.executable, "-m", "rulings.cli", *SHOT, "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(ok.stdout)["value"] == 7

"""`rulings diff` when an erratum adds a fact: the sequence that reads it is compared (not a crash), and each
replay line asks its own version only what that version knows, so pasted into the shell it runs."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from rulings.cli import main

OLD = """\
pack: p
quantities:
  hit_roll: {kind: roll, dice: D6}
sequences:
  attack:
    steps:
      - {step: hit, roll: hit_roll, passes: hits}
"""
KEEN = """\
facts:
  x.keen: {type: bool}
sequences:
  attack:
    steps:
      - {step: hit, roll: hit_roll, passes: hits, events: [{name: keen, unmodified: 6, extra: 1, when: x.keen}]}
"""
SHARP = """\
facts:
  x.sharp: {type: bool}
modifiers:
  sharp: {quantity: hit_roll, change: "+1", when: x.sharp}
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name, text in (("old.yaml", OLD), ("keen.yaml", KEEN), ("sharp.yaml", SHARP)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def replays(out: str) -> list[str]:
    return [line.split(": ", 1)[1].strip() for line in out.splitlines() if line.lstrip().startswith("replay ")]


def test_a_sequence_reading_a_fact_the_erratum_adds_is_compared(folder: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Keen: an unmodified 6 to hit scores one more hit. Two attacks hitting on 4+: 1 hit on average before; after,
    each attack hits on 1/2 and adds one more on a 6 (1/6): 2 x (1/2 + 1/6) = 4/3."""
    assert main(["diff", "old.yaml", "--new-with", "keen.yaml"]) == 0
    out = capsys.readouterr().out
    assert "attack changes in 1 situation searched (caused by x.keen, attack)" in out
    assert "  before: mean 1 hits;" in out and "  after:  mean 4/3 hits;" in out
    assert replays(out) == [
        "rulings ask old.yaml attack --step attacks=2 --step hit.target=4",
        "rulings ask old.yaml attack --with keen.yaml --given x.keen=true --step attacks=2 --step hit.target=4",
    ]


@pytest.mark.parametrize("erratum", ["keen.yaml", "sharp.yaml"])
def test_each_replay_runs_on_its_own_version(folder: Path, capsys: pytest.CaptureFixture[str], erratum: str) -> None:
    assert main(["diff", "old.yaml", "--new-with", erratum]) == 0
    lines = replays(capsys.readouterr().out)
    fact = "x." + erratum.removesuffix(".yaml")
    assert lines and all(f"{fact}=true" not in line for line in lines[::2])  # before: a fact it does not know
    for line in lines:
        assert main(shlex.split(line)[1:]) == 0, line
    capsys.readouterr()


def test_the_json_replays_ask_each_version_what_it_knows(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["diff", "old.yaml", "--new-with", "sharp.yaml", "--format", "json"]) == 0
    change = json.loads(capsys.readouterr().out)["changes"][0]
    assert change["witness"] == {"x.sharp": True}
    assert change["replay"] == ["rulings ask old.yaml hit_roll",
                                "rulings ask old.yaml hit_roll --with sharp.yaml --given x.sharp=true"]


def test_a_fact_named_base_is_compared_as_a_fact_not_as_the_number_of_attacks(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """keen adds one hit on an unmodified 6 when the fact `base` is 3 or more; the erratum makes it two. Two attacks
    hitting on 4+ with base 3: before 2 x (1/2 + 1/6) = 4/3 hits, after 2 x (1/2 + 2/6) = 5/3."""
    text = OLD.replace("pack: p\n", "pack: p\nfacts:\n  base: {type: int, range: [1, 5], default: 1}\n").replace(
        "passes: hits}", "passes: hits, events: [{name: keen, unmodified: 6, extra: 1, when: base >= 3}]}")
    (folder / "b.yaml").write_text(text, encoding="utf-8")
    (folder / "b2.yaml").write_text(text.replace("extra: 1", "extra: 2"), encoding="utf-8")
    assert main(["diff", "b.yaml", "b2.yaml"]) == 0
    out = capsys.readouterr().out
    assert "  smallest: base = 3, attacks = 2, hit.target = 4\n" in out
    assert "  before: mean 4/3 hits;" in out and "  after:  mean 5/3 hits;" in out

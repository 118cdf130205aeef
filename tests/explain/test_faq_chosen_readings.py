"""A FAQ asked under a chosen reading still asks, of each whole attack, whether the readings NOT chosen matter (a
roll may be read two ways in more than one place); and a situation that states a reading ends its sentence once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulings.cli import main

LONG_COVER = str(Path(__file__).parent / "long_cover_reading.yaml")  # a second reading of the skirmish hit roll


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))


def _faq(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(["faq", "skirmish", "--with", LONG_COVER, *words]) == 0
    return capsys.readouterr().out


def _attack_questions(text: str, attack: str) -> list[str]:
    """The questions on readings of one whole attack, each with its answer and replay."""
    part = text.split(f"\n## {attack}")[1].split("\n## ", maxsplit=1)[0]
    topic = part.split("### Where the text can be read two ways")[1].split("\n### ")[0]
    return topic.split("\n**Q")[1:]


def test_choosing_one_reading_keeps_the_attacks_question_on_the_other(capsys: pytest.CaptureFixture[str]) -> None:
    chosen = _faq(capsys, "--reading", "hit_bonuses=each_bonus")
    for attack in ("An attack, from the dice cast at the target", "A close-combat attack, from the Attack Pool"):
        (question,) = _attack_questions(chosen, attack)  # hit_bonuses is chosen: its question is the roll's alone
        # cover at long range: 4+ plus Cover and Long Range (each +1) is 6+, or 7+ (never) read the harder way
        assert "read the default way (Cover and Long Range are each one step, however they meet)" in question
        assert "read the other way (Cover at Long Range is one step more), 0 unsaved hits on average" in question
        assert "reading:\n  hit_bonuses: each_bonus" in question  # asked under the reading chosen, as it says


def test_without_a_reading_chosen_the_attack_asks_the_same_and_states_none(capsys: pytest.CaptureFixture[str]) -> None:
    (question,) = _attack_questions(_faq(capsys), "An attack, from the dice cast at the target")
    assert "read the other way (Cover at Long Range is one step more), 0 unsaved hits on average" in question
    assert "reading:" not in question and "--reading" not in question


def test_a_situation_stating_a_reading_ends_its_sentence_once(capsys: pytest.CaptureFixture[str]) -> None:
    chosen = _faq(capsys, "--reading", "hit_bonuses=each_bonus")
    stated = [line for line in chosen.splitlines() if "is read as:" in line and line.startswith("*")]
    assert stated  # the questions' situations say the reading they were asked under
    assert not [line for line in stated if re.search(r"\.\.\*$", line)]
    assert all(line.endswith(".*") for line in stated)

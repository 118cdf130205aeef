"""A misspelt sequence name gets its "did you mean" wherever a command takes a quantity or a sequence; and the API's
`given=` merges over a situation whose `given:` is empty, as a situation file reads it."""

from __future__ import annotations

import pytest

from kb.errors import RulingsError, UnknownName
from rulings import api
from rulings.cli import main


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))


@pytest.mark.parametrize("call", [
    lambda: api.ask("skirmish", "attak", {"attacker.to_hit": 4}),
    lambda: api.find("skirmish", "attak", "value >= 1"),
    lambda: api.why_not("skirmish", "attak", "long_range"),
])
def test_the_api_suggests_the_sequence_a_name_misspells(call) -> None:
    with pytest.raises(UnknownName) as caught:
        call()
    assert (caught.value.message, caught.value.hint) == ("unknown quantity 'attak'", "did you mean 'attack'?")


@pytest.mark.parametrize("words", [
    ["ask", "skirmish", "attak", "--given", "attacker.to_hit=4"],
    ["find", "skirmish", "attak", "--where", "value >= 1"],
    ["why-not", "skirmish", "attak", "long_range"],
])
def test_the_commands_suggest_the_sequence_a_name_misspells(words, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(words) == 2
    err = capsys.readouterr().err
    assert "unknown quantity 'attak'" in err and "did you mean 'attack'?" in err


def test_ask_without_a_quantity_lists_the_sequences_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "skirmish"]) == 2
    err = capsys.readouterr().err
    assert "ask needs a QUANTITY of skirmish" in err
    assert "hint: known: to_hit, save, command_roll, cc_dice, attack, close_combat\n" in err


def test_given_merges_over_a_situation_with_an_empty_given() -> None:
    alone = api.ask("fantasy", "to_hit", situation={"given": None, "target": None})  # no facts: cases by skill
    assert alone["cases"]
    merged = api.ask("fantasy", "to_hit", {"shooter.bs": 3}, situation={"given": None})
    assert (merged["value"], merged["display"]) == (4, "4+")  # BS 3 hits on 7 - 3 = 4+, no modifier


def test_given_still_refuses_a_situation_whose_given_is_no_mapping() -> None:
    for wrong in ([], 0, "shooter.bs=3"):
        with pytest.raises(RulingsError, match=r"^situation: given must be a mapping of facts to values$"):
            api.ask("fantasy", "to_hit", {"shooter.bs": 3}, situation={"given": wrong})

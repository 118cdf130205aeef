"""An enum fact's values may each have the words a player reads (`values: {two_hits: two hits}`).

The issue's FAQ printed "two_hits": rulings' English now says the pack's words, while the JSON, the situation and
`--given` keep the machine names.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from explain.english import say, sentence
from explain.json import ruling_json
from explain.text import render_text
from kb.document import read_yaml
from kb.errors import PackError
from kb.expr import parse_expr
from kb.loader import build_pack
from kb.model import Pack
from rulings.cli import main
from solver.ask import ask
from solver.situation import Situation

PACK = """\
pack: blows
facts:
  attack.result:
    type: enum
    values: {two_hits: two hits, one_hit: one hit, miss: a miss}
    text: the attack scores {value}
  attack.kind: {type: enum, values: [melee, ranged], default: melee, text: "the attack is {value}"}
quantities:
  dice: {kind: pool, base: 2, text: the dice rolled}
modifiers:
  double: {quantity: dice, change: +1, when: "attack.result == 'two_hits'"}
  none: {quantity: dice, change: -1, when: "attack.result != 'miss' and attack.kind == 'ranged'"}
"""


def blows(text: str = PACK) -> Pack:
    return build_pack([read_yaml(text, "blows.yaml")], "blows")


def test_the_english_says_the_packs_words() -> None:
    p = blows()
    fact = p.facts["attack.result"]
    assert fact.domain == ("two_hits", "one_hit", "miss")  # the values are still the names
    assert sentence(fact, "two_hits") == "the attack scores two hits"
    assert say(p, parse_expr("attack.result == 'two_hits'")) == "the attack scores two hits"
    assert say(p, parse_expr("attack.result != 'miss'"), {"attack.result": "one_hit"}) == \
        "the attack does not score a miss (it is one hit)"
    assert sentence(p.facts["attack.kind"], "ranged") == "the attack is ranged"


def test_a_ruling_says_the_words_and_its_json_keeps_the_names() -> None:
    p = blows()
    r = ask(p, "dice", Situation(given={"attack.result": "two_hits"}))
    text = render_text(r, pack=p)
    assert "the attack scores two hits" in text and "two_hits" not in text
    unknown = ask(p, "dice", Situation())
    doc = ruling_json(unknown)
    assert [c["when"] for c in doc["cases"]] == [{"attack.result": "two_hits"}, {"attack.result": "one_hit"},
                                                 {"attack.result": "miss"}]
    assert "two_hits" not in render_text(unknown, pack=p)


def test_the_command_line_takes_the_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "blows.yaml"
    path.write_text(PACK, encoding="utf-8")
    assert main(["ask", str(path), "dice", "--given", "attack.result=two_hits", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == 3
    assert main(["ask", str(path), "dice", "--given", "attack.result=two hits"]) == 2
    assert "is not one of two_hits, one_hit, miss" in capsys.readouterr().err
    assert main(["ask", str(path), "dice"]) == 0
    out = capsys.readouterr().out
    assert "the attack scores two hits: 3 dice" in out and "two_hits" not in out


@pytest.mark.parametrize(("values", "message", "line"), [
    ("{two_hits: '', one_hit: one hit, miss: a miss}", "facts.attack.result.values.two_hits: '' should be "
     "non-empty", 5),
    ("{two_hits: [a, b], one_hit: one hit, miss: a miss}", "facts.attack.result.values.two_hits: expected string", 5),
    ("{}", "facts.attack.result.values: {} should be non-empty", 5),
    ("{two_hits: two hits, one_hit: one hit}", "'miss' is not a value of 'attack.result' (one of: 'two_hits', "
     "'one_hit')", 12),
])
def test_a_wrong_mapping_is_located(values: str, message: str, line: int) -> None:
    text = PACK.replace("{two_hits: two hits, one_hit: one hit, miss: a miss}", values)
    with pytest.raises(PackError) as caught:
        blows(text)
    found = [e for e in caught.value.problems if message in e.message]
    assert found, [e.message for e in caught.value.problems]
    assert found[0].where is not None and (found[0].where.path, found[0].where.line) == ("blows.yaml", line)


def test_a_condition_names_the_value_not_its_words() -> None:
    """The words are for players; expressions compare the names, and a display text there is a located error."""
    with pytest.raises(PackError, match=r"blows.yaml:11:\d+: .*'two hits' is not a value of 'attack.result'"):
        blows(PACK.replace("when: \"attack.result == 'two_hits'\"", "when: \"attack.result == 'two hits'\""))

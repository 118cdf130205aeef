"""A characteristic's `random` note: the pack's words for how its rules roll a dice value, each cited and its quote
verified at load; and `weapons: true`, the characteristic several identical weapons each roll and add up."""

from __future__ import annotations

import pytest
import yaml

from kb.document import read_yaml
from kb.errors import PackError, RulingsError
from kb.loader import build_pack
from kb.model import Pack
from solver.ask import ask
from solver.situation import Situation, read_situation

PACK = """\
pack: notes
sources:
  damage: {title: Damage, paragraphs: {1: A Damage of D3 or D6 is rolled anew for each wound.}}
quantities:
  damage:
    kind: characteristic
    characteristic: number
    text: the Damage
    random:
      text: rolled anew for each wound
      cite: {source: damage, paragraph: 1, quote: "rolled anew for each wound"}
  attacks: {kind: characteristic, characteristic: number, text: the attacks, weapons: true}
  roll: {kind: roll, dice: D6, text: a roll}
"""


def notes(text: str = PACK) -> Pack:
    return build_pack([read_yaml(text, "notes.yaml")], "notes")


def test_a_dice_value_shows_the_note_with_its_quote() -> None:
    r = ask(notes(), "damage", Situation(base="D6+1"))
    note = next(n for n in r.explanation.because if n.claim == "rolled anew for each wound")
    assert note.cite == 'damage ¶1: "rolled anew for each wound"'
    fixed = ask(notes(), "damage", Situation(base=2))
    assert not any(n.claim == "rolled anew for each wound" for n in fixed.explanation.because)  # dice only


@pytest.mark.parametrize(("old", "new", "message", "hint"), [
    ('quote: "rolled anew for each wound"', 'quote: "rolled once per battle"',
     "cite: the quote 'rolled once per battle' is not in damage ¶1", "quote the paragraph's words"),
    ("cite: {source: damage, paragraph: 1, quote: \"rolled anew for each wound\"}", "cite: {source: dmg}",
     "unknown source 'dmg'", "did you mean"),
    ("\n      cite: {source: damage, paragraph: 1, quote: \"rolled anew for each wound\"}", "",
     "quantities.damage.random: 'cite' is required", "a note cites the rule text it words"),
    ("  roll: {kind: roll, dice: D6, text: a roll}", "  roll: {kind: roll, dice: D6, text: a roll, random: "
     "{text: x, cite: {source: damage}}}", "quantities.roll: a roll quantity takes no 'random'", "keys of a roll"),
    ("  roll: {kind: roll, dice: D6, text: a roll}", "  roll: {kind: roll, dice: D6, text: a roll, weapons: true}",
     "quantities.roll: a roll quantity takes no 'weapons'", "keys of a roll"),
])
def test_a_wrong_note_is_located_with_a_hint(old: str, new: str, message: str, hint: str) -> None:
    assert old in PACK
    with pytest.raises(PackError) as caught:
        notes(PACK.replace(old, new))
    found = [e for e in caught.value.problems if message in e.message]
    assert found, [e.message for e in caught.value.problems]
    assert found[0].where is not None and found[0].where.path == "notes.yaml" and hint in found[0].hint.lower()


def test_weapons_add_up_only_where_the_pack_says() -> None:
    pack = notes()
    total = dict(ask(pack, "attacks", Situation(base="D3", weapons=2)).extra)["total"]
    assert total["mean"] == "4"
    situation = read_situation(yaml.safe_dump({"base": "D3", "weapons": 2}), "s.yaml", pack)
    with pytest.raises(RulingsError, match="weapons: 2 is for a quantity that several weapons each roll, "
                                           "not damage") as caught:
        ask(pack, "damage", situation)
    assert "weapons: true" in caught.value.hint
    assert caught.value.where is not None and (caught.value.where.path, caught.value.where.line) == ("s.yaml", 2)

"""A lookup table's row may cite its own sentence (`cites:` by row key), and a ruling on that row quotes it.

Issue: "Citations on every step: chart rows, `automatic`, each clamp and cap, each table row where given."
"""

from __future__ import annotations

from pathlib import Path

import pytest

from explain.brief import brief_text
from explain.json import ruling_json
from kb.document import read_yaml
from kb.errors import PackError
from kb.loader import build_pack, load_pack
from kb.model import Pack
from solver import Situation, ask

PACK = Path(__file__).parent / "packs" / "row_cites.yaml"
GREEN = 'shooting ¶2: "they hit on a 5+."'
WHOLE = "shooting ¶1"  # the base step's own cite, which quotes nothing
BEYOND_12 = 'shooting ¶3: "Beyond 12 inches, a shot is at -1"'
RANGE = "shooting ¶3"  # the rule's own cite


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack(str(PACK))


def _base_cite(pack: Pack, experience: str) -> str | None:
    r = ask(pack, "to_hit", Situation(given={"shooter.experience": experience, "weapon.range": 6}))
    return next(n.cite for n in r.explanation.because if n.tag == "base")


def test_the_row_picked_cites_its_own_sentence_and_the_others_the_bases(pack: Pack) -> None:
    assert _base_cite(pack, "green") == GREEN
    assert _base_cite(pack, "veteran") == WHOLE  # a row without its own cite keeps the base's
    assert _base_cite(pack, "regular") == WHOLE


def test_a_rules_amount_from_a_cited_row_is_quoted_in_every_output(pack: Pack) -> None:
    ruling = ask(pack, "to_hit", Situation(given={"shooter.experience": "regular", "weapon.range": 18}))
    assert (ruling.value, [(a.rule, a.change, a.cite) for a in ruling.applied]) == (5, [("range", "-1", BEYOND_12)])
    assert ruling_json(ruling)["applied"][0]["cite"] == BEYOND_12
    assert BEYOND_12.split(": ", 1)[1] in brief_text(ruling, pack)
    row = next(n for n in ruling.explanation.because if n.tag == "applied").because[-1]
    assert (row.claim, row.cite) == ("the row for weapon.range = 18", BEYOND_12)
    far = ask(pack, "to_hit", Situation(given={"shooter.experience": "regular", "weapon.range": 30}))
    assert [(a.change, a.cite) for a in far.applied] == [("-2", RANGE)]  # the default row: the rule's own cite


def _build(text: str) -> Pack:
    return build_pack([read_yaml(text, "p.yaml")], "p")


def test_a_cite_for_a_row_the_table_does_not_have_is_refused_with_its_place() -> None:
    text = PACK.read_text(encoding="utf-8").replace("        green: {source", "        gren: {source")
    with pytest.raises(PackError) as caught:
        _build(text)
    message = str(caught.value)
    assert "cites: 'gren' is not a row of this table" in message and "green" in message
    assert "p.yaml:20:9:" in message


def test_a_row_cite_names_a_known_source() -> None:
    text = PACK.read_text(encoding="utf-8").replace("green: {source: shooting", "green: {source: shootin")
    with pytest.raises(PackError) as caught:
        _build(text)
    assert "unknown source 'shootin'" in str(caught.value)

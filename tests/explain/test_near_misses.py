"""The short ruling shows a rule that did not apply when the situation spoke for it: a part of its condition holds
because of a fact the situation set, yet the whole condition fails ("in cover, so why no +1? it can fly")."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest

from explain.brief import brief_text
from kb.loader import load_pack
from kb.model import Pack
from solver import Situation, ask

PACK = dedent("""\
    pack: nearmiss
    facts:
      target.in_cover: {type: bool, text: "the target is in cover"}
      target.fly: {type: bool, text: "the target can FLY"}
      target.ward: {type: bool, text: "the target has a ward"}
      target.save: {type: int, range: [2, 6], text: "the target saves on {value}+"}
    quantities:
      save: {kind: score, text: the save needed, base: target.save, plus: lowers, impossible_from: 7}
    modifiers:
      cover: {quantity: save, change: +1, when: target.in_cover and not target.fly}
      open_ground: {quantity: save, change: -1, when: not target.in_cover and not target.ward}
      warded: {quantity: save, change: +1, when: target.ward and target.in_cover}
    """)


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Pack:
    path: Path = tmp_path_factory.mktemp("near") / "pack.yaml"
    path.write_text(PACK)
    return load_pack(str(path))


def shown_failed(pack: Pack, **given: object) -> list[str]:
    text = brief_text(ask(pack, "save", Situation(given={"target.save": 4, **given})), pack)
    return [line.split()[1] for line in text.splitlines() if line.startswith("  - ")]


def test_cover_that_a_flyer_does_not_get_is_shown(pack: Pack) -> None:
    assert shown_failed(pack, **{"target.in_cover": True, "target.fly": True}) == ["cover", "warded"]


def test_a_rule_the_situation_only_spoke_against_is_not_shown(pack: Pack) -> None:
    """In cover: `open_ground` needs the target out of cover, so the situation's fact is against it, not for it."""
    assert "open_ground" not in shown_failed(pack, **{"target.in_cover": True, "target.fly": True})


def test_nothing_touched_nothing_shown(pack: Pack) -> None:
    assert shown_failed(pack, **{"target.ward": True}) == ["warded"]  # the ward alone: warded needs cover too
    assert shown_failed(pack) == []


def test_the_fantasy_lone_model_near_miss_stays() -> None:
    """"any shot at a lone model with Unit Strength 2 or less suffers a -1 shooting modifier." """
    fantasy = load_pack("fantasy")
    text = brief_text(ask(fantasy, "to_hit", Situation(given={"shooter.bs": 3, "target.lone_model": True,
                                                              "target.unit_strength": 5})), fantasy)
    assert "  - lone_model does not apply: the target has Unit Strength 5 (more than 2)" in text.splitlines()

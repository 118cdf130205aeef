"""A model and the weapons it is equipped with, in the `wh40k` pack: WS/BS carried to each weapon, and the
attacks of several identical weapons with a random A grouped together."""

from __future__ import annotations

from typing import Any

from kb import load_pack
from kb.errors import Span
from solver import Ruling, ask
from solver.situation import situation_from_data

PACK = load_pack("wh40k")


def ruling(quantity: str, data: dict[str, Any]) -> Ruling:
    return ask(PACK, quantity, situation_from_data(data, PACK, Span("<test>", 1, 1)))


def by_group(r: Ruling) -> dict[str, Ruling]:
    assert r.groups is not None
    return dict(r.groups)


def test_a_models_bs_modifier_carries_to_every_weapon() -> None:
    """Rules that modify a model's WS and/or BS characteristic modify the WS and/or BS characteristic of every
    weapon equipped by that model. -- the model's -1 BS is given once (top-level `effects`), each weapon is a
    group with its own BS and its own modifiers; every weapon's BS is worsened by 1."""
    r = ruling("BS", {"effects": [{"name": "Smoke", "op": "-1"}], "groups": [
        {"name": "bolt rifle", "base": "3+"},
        {"name": "plasma pistol", "base": "4+", "effects": [{"name": "Targeter", "op": "+1"}]},
        {"name": "heavy bolter", "base": "6+"}]})
    weapons = by_group(r)
    assert weapons["bolt rifle"].value == "4+"  # 3+ worsened by 1
    assert weapons["plasma pistol"].value == "4+"  # 4+ worsened by 1 and improved by 1
    assert [a.rule for a in weapons["plasma pistol"].applied] == ["Smoke", "Targeter"]
    assert weapons["heavy bolter"].value == "6+"  # 7+ is beyond the limit: BS cannot be 7+ (or worse)
    assert [c.rule for c in weapons["heavy bolter"].clamped] == ["BS"]


def test_a_models_ws_modifier_carries_to_every_melee_weapon() -> None:
    """Rules that modify a model's WS and/or BS characteristic modify the WS and/or BS characteristic of every
    weapon equipped by that model. -- +1 WS to the model improves a power sword's 3+ to 2+ and a close combat
    weapon's 4+ to 3+."""
    r = ruling("WS", {"effects": ["+1"], "groups": [{"name": "power sword", "base": "3+"},
                                                    {"name": "close combat weapon", "base": "4+"}]})
    assert {name: sub.value for name, sub in by_group(r).items()} == {"power sword": "2+",
                                                                     "close combat weapon": "3+"}

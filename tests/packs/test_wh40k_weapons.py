"""A model and the weapons it is equipped with, in the `wh40k` pack: WS/BS carried to each weapon, and the
attacks of several identical weapons with a random A grouped together."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from kb import RulingsError, load_pack
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


def _grouped(faces: int, change: int, weapons: int) -> dict[str, Fraction]:
    """Brute force: roll every weapon's die, modify and clamp each weapon's A on its own, add them up."""
    out: dict[str, Fraction] = {}
    for dice in product(range(1, faces + 1), repeat=weapons):
        total = str(sum(max(1, d + change) for d in dice))
        out[total] = out.get(total, Fraction(0)) + Fraction(1, faces ** weapons)
    return out


@pytest.mark.parametrize(("base", "faces", "effects", "weapons"), [
    ("D6", 6, [], 2), ("D3", 3, ["-2"], 3), ("D6", 6, ["-3"], 3), ("D3", 3, ["+1"], 4)])
def test_random_attacks_of_identical_weapons_are_generated_individually_and_grouped(
        base: str, faces: int, effects: list[str], weapons: int) -> None:
    """If several weapons with random A characteristics are making identical attacks, generate the attacks for each
    of those weapons individually, and group them all together. -- the total's exact distribution is that of
    each weapon's own A (modified, and at least 1, on its own) added up, checked against every roll of the dice."""
    r = ruling("A", {"base": base, "effects": effects, "weapons": weapons})
    total = dict(r.extra)["total"]
    change = sum(int(e) for e in effects)
    assert {k: Fraction(v) for k, v in total["distribution"].items()} == _grouped(faces, change, weapons)
    step = next(n for n in r.explanation.because if n.claim.startswith(f"{weapons} identical weapons, each"))
    assert step.cite is not None and "generate the attacks for each of those weapons individually" in step.cite


def test_three_d3_minus_two_weapons_make_three_attacks() -> None:
    """If several weapons with random A characteristics are making identical attacks, generate the attacks for each
    of those weapons individually, and group them all together. -- three weapons of A D3 at -2: each weapon's A is
    at least 1 on its own, so the group makes exactly 3 attacks (one roll of 3D3-2 for them all could make 1)."""
    total = dict(ruling("A", {"base": "D3", "effects": ["-2"], "weapons": 3}).extra)["total"]
    assert total == {"distribution": {"3": "1"}, "mean": "3"}


def test_weapons_is_only_for_random_attacks() -> None:
    """The pack says which characteristic several identical weapons each roll (A has weapons: true)."""
    with pytest.raises(RulingsError, match="weapons: 2 is for a quantity that several identical weapons each roll"):
        ruling("D", {"base": "D6", "weapons": 2})
    with pytest.raises(RulingsError, match="is not a number of weapons"):
        ruling("A", {"base": "D6", "weapons": 0})

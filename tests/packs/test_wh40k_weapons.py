"""A model and the weapons it is equipped with, in the `wh40k` pack: WS/BS carried to each weapon, and the
attacks of several identical weapons with a random A grouped together."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import prod
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
    with pytest.raises(RulingsError, match="weapons: 2 is for a quantity that several weapons each roll"):
        ruling("D", {"base": "D6", "weapons": 2})
    with pytest.raises(RulingsError, match="is not a number of weapons"):
        ruling("A", {"base": "D6", "weapons": 0})


def _faces(value: str | int) -> list[int]:
    """Every result a weapon's A can roll, one entry per equally likely face: D6, D3+1, 2."""
    if isinstance(value, int):
        return [value]
    dice, _, plus = value.partition("+")
    return [face + int(plus or 0) for face in range(1, int(dice[1:]) + 1)]


def _grouped_apart(values: list[str | int], change: int) -> dict[int, Fraction]:
    """Brute force: every weapon rolls its own A, modified and at least 1 on its own; the attacks are added up."""
    out: dict[int, Fraction] = {}
    rolls = [_faces(v) for v in values]
    chance = Fraction(1, prod(len(r) for r in rolls))
    for faces in product(*rolls):
        total = sum(max(1, f + change) for f in faces)
        out[total] = out.get(total, Fraction(0)) + chance
    return out


@pytest.mark.parametrize(("values", "effects"), [
    (["D6", "D3"], []), (["D6", "D3"], ["+1"]), (["D3", 2, "D3+1"], ["-2"]), ([3, "D6"], ["-3"]), ([1, 2], [])])
def test_random_attacks_of_weapons_with_different_a_are_generated_individually_and_grouped(
        values: list[str | int], effects: list[str]) -> None:
    """If several weapons with random A characteristics are making identical attacks, generate the attacks for each
    of those weapons individually, and group them all together. -- weapons whose A differs (D6 and D3) are listed
    one value each; the total's exact distribution is each weapon's own A (modified, and at least 1, on its own)
    added up, checked against every roll of every weapon's dice."""
    r = ruling("A", {"weapons": values, "effects": effects})
    extra = dict(r.extra)
    expected = _grouped_apart(values, sum(int(e) for e in effects))
    assert {int(k): Fraction(v) for k, v in extra["total"]["distribution"].items()} == expected
    assert Fraction(extra["total"]["mean"]) == sum(k * p for k, p in expected.items())
    assert extra["weapons"] == values
    if len(expected) == 1:  # a fixed total is the ruling's value
        assert r.value == next(iter(expected)) and "distribution" not in extra
    else:
        assert r.value is None and extra["distribution"] == extra["total"]["distribution"]
    step = next(n for n in r.explanation.because if n.claim.startswith(f"{len(values)} weapons, each"))
    assert step.cite is not None and "generate the attacks for each of those weapons individually" in step.cite


def test_weapons_of_different_a_read_as_a_judge_would_say_them() -> None:
    """Each weapon's A is written on its own, its modifier with it, so "D3+1" is never read as D3 + (1 x 2)."""
    assert ruling("A", {"weapons": ["D6", "D3"], "effects": ["+1"]}).display.startswith("(D6 +1) + (D3 +1): 4 (1/18)")
    assert ruling("A", {"weapons": ["D3", 2], "effects": ["-2"]}).display == "1 + 1 = 2"


@pytest.mark.parametrize(("data", "message"), [
    ({"weapons": []}, "is not a list of weapons' values"),
    ({"weapons": ["D6"] * 31}, "is not a list of weapons' values"),
    ({"weapons": ["D6", True]}, "is not a list of weapons' values"),
    ({"weapons": ["D6", "D3"], "base": "D6"}, "lists each weapon's value, and base: gives one too"),
    ({"weapons": ["D6", "-"]}, "A '-' is no number to add up"),
    ({"weapons": ["D6", "X"]}, "'X' is not a characteristic value"),
])
def test_a_list_of_weapons_refuses_what_cannot_be_added_up(data: dict[str, Any], message: str) -> None:
    """A list of weapons' A is 1 to 30 numbers or dice, given instead of base, and each must be a number to add up."""
    with pytest.raises(RulingsError, match=message) as caught:
        ruling("A", data)
    assert caught.value.where is not None and caught.value.where.line == 1


def test_a_list_of_weapons_is_only_for_random_attacks() -> None:
    """The pack says which characteristic several weapons each roll (A has weapons: true): D has not."""
    with pytest.raises(RulingsError, match=r"weapons: \['D6', 'D3'\] is for a quantity that several weapons"):
        ruling("D", {"weapons": ["D6", "D3"]})

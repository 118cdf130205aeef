"""A cap of only the improvements (or only the worsenings) of a roll: "positive save modifiers at most +1, rend
unlimited", which an exclusive group only approximated (a new +1 rule slips past it).

docs/examples/wardens/pack.yaml: "Bonuses to a save never add up to more than +1. Rend takes its value off the
save, without limit."
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from kb.document import read_yaml
from kb.errors import PackError
from kb.loader import build_pack, load_pack
from kb.model import Pack
from solver.arithmetic import Bound, Term, capped_terms
from solver.ask import ask
from solver.situation import Situation
from solver.space.check import check_pack
from solver.space.diff import diff_packs
from solver.space.find import find
from solver.space.model import Coverage

WARDENS = "docs/examples/wardens"
SAVES = """\
pack: saves
facts:
  f.cover: {type: bool, text: the target is in cover}
  f.shield: {type: bool, text: the target carries a shield}
  f.blessed: {type: bool, text: the target is blessed}
  f.rend: {type: int, range: [0, 3], default: 0, text: "the weapon has Rend {value}"}
  f.cursed: {type: bool, text: the target is cursed}
quantities:
  save: {kind: roll, dice: D6, passes: 4, text: a save roll}
modifiers:
  cover: {quantity: save, change: +1, when: f.cover}
  shield: {quantity: save, change: +1, when: f.shield}
  blessed: {quantity: save, change: +2, when: f.blessed}
  rend: {quantity: save, change: -f.rend, when: f.rend > 0}
  cursed: {quantity: save, change: -1, when: f.cursed}
policies:
"""
FACTS = ("f.cover", "f.shield", "f.blessed", "f.cursed")


def saves(policies: str) -> Pack:
    return build_pack([read_yaml(SAVES + policies, "saves.yaml")], "saves")


def worlds() -> list[dict[str, Any]]:
    return [{**dict(zip(FACTS, flags, strict=True)), "f.rend": rend}
            for flags in product((False, True), repeat=len(FACTS)) for rend in range(4)]


def expected(world: dict[str, Any], up_max: int | None, down_min: int | None, net: tuple[int, int] | None) -> int:
    """The net modifier worked out by hand from the rule text: improvements, worsenings, then the net."""
    ups = sum(n for f, n in (("f.cover", 1), ("f.shield", 1), ("f.blessed", 2)) if world[f])
    downs = -int(world["f.rend"]) - (1 if world["f.cursed"] else 0)
    if up_max is not None:
        ups = min(ups, up_max)
    if down_min is not None:
        downs = max(downs, down_min)
    total = ups + downs
    return total if net is None else max(net[0], min(net[1], total))


@pytest.mark.parametrize(("policies", "up_max", "down_min", "net"), [
    ("  bonus: {kind: cap, quantity: save, of: improvements, max: 1}\n", 1, None, None),
    ("  malus: {kind: cap, quantity: save, of: worsenings, min: -1}\n", None, -1, None),
    ("  bonus: {kind: cap, quantity: save, of: improvements, max: 1}\n"
     "  malus: {kind: cap, quantity: save, of: worsenings, min: -2}\n", 1, -2, None),
    ("  bonus: {kind: cap, quantity: save, of: improvements, max: 2}\n"
     "  both: {kind: cap, quantity: save, min: -1, max: 1}\n", 2, None, (-1, 1)),
    ("  net: {kind: cap, quantity: save, of: net, min: -1, max: 1}\n", None, None, (-1, 1)),
])
def test_every_situation_gets_the_modifier_the_text_gives(policies: str, up_max: int | None, down_min: int | None,
                                                          net: tuple[int, int] | None) -> None:
    pack = saves(policies)
    for world in worlds():
        r = ask(pack, "save", Situation(given=world))
        want = expected(world, up_max, down_min, net)
        assert r.modifier == want, (world, r.modifier, want)
        assert r.probability == Fraction(min(6, max(0, 7 - (4 - want))), 6)


def test_a_new_bonus_cannot_slip_past_it() -> None:
    """An exclusive group of cover and shield would let a third bonus count in full; the cap holds any number."""
    pack = saves("  bonus: {kind: cap, quantity: save, of: improvements, max: 1}\n")
    r = ask(pack, "save", Situation(given={"f.cover": True, "f.shield": True, "f.blessed": True,
                                           "f.rend": 3}))
    assert (r.modifier, [c.rule for c in r.clamped]) == (-2, ["bonus"])
    assert [(c.before, c.after) for c in r.clamped] == [(4, 1)]
    assert sorted(a.rule for a in r.applied) == ["blessed", "cover", "rend", "shield"]  # each counted, then held


def test_the_derivation_names_the_modifiers_it_held_and_quotes_the_cap() -> None:
    pack = load_pack(WARDENS)
    r = ask(pack, "save_roll", Situation(given={"target.in_cover": True, "target.shield": True, "weapon.rend": 2}))
    claims = {n.claim: n for n in r.explanation.because}
    assert "the modifiers that improve the roll: cover +1, shield +1 (+2 in all); save_bonuses holds them to +1" \
        in claims
    node = claims["save_bonuses: the modifiers that improve the roll, +2 in all, become +1"]
    assert node.cite is not None and "Bonuses to a save never add up to more than +1." in node.cite
    assert (r.modifier, r.display) == (-1, "D6-1")


def test_the_arithmetic_holds_each_share_before_the_net() -> None:
    terms = [Term("a", "+", 2), Term("b", "-", 3), Term("c", "+", 1)]
    kept, raw, net, bit, _ = capped_terms(terms, [Bound("up", None, 1, of="improvements"),
                                                      Bound("all", -1, None)])
    assert (raw, net, bit) == (0, -1, [("up", 3, 1), ("all", -2, -1)])
    assert [t.change for t in kept] == ["-3", "+1"]
    lower = capped_terms(terms, [Bound("up", -1, None, of="improvements")], better="lower")  # improving is lowering
    assert (lower[2], lower[3]) == (2, [("up", -3, -1)])


@pytest.mark.parametrize(("policy", "message", "hint"), [
    ("{kind: cap, quantity: save, of: improvements, min: -1, max: 1}", "policy 'p': the modifiers that improve "
     "save add up to 0 or more, so min never bounds them", "give max only"),
    ("{kind: cap, quantity: save, of: worsenings, max: 1}", "the modifiers that worsen save add up to 0 or less, "
     "so max never bounds them", "give min only"),
    ("{kind: cap, quantity: dice, of: improvements, max: 1}", "of: improvements bounds the modifiers of a roll or a "
     "total, and dice is a pool", "clamp the value instead"),
    ("{kind: cap, quantity: dice, min: -1, max: 1}", "policy 'p': a cap bounds the net modifier of a roll or a "
     "total, and dice is a pool", "clamp the value instead"),  # a cap that would never bite, unsaid
    ("{kind: cap, quantity: save, of: bonuses, max: 1}", "policies.p.of: 'bonuses' is not one of 'net', "
     "'improvements', 'worsenings'", ""),
    ("{kind: clamp, quantity: save, of: improvements, max: 1}", "policies.p: a clamp policy takes no 'of'",
     "keys of a clamp policy"),
])
def test_a_share_that_cannot_bite_is_refused_where_it_is_written(policy: str, message: str, hint: str) -> None:
    dice = "quantities:\n  dice: {kind: pool, base: 3, text: dice}\n"
    text = SAVES.replace("quantities:\n", dice) + f"  p: {policy}\n"
    with pytest.raises(PackError) as caught:
        build_pack([read_yaml(text, "saves.yaml")], "saves")
    found = [e for e in caught.value.problems if message in e.message]
    assert found, [e.message for e in caught.value.problems]
    assert found[0].where is not None and found[0].where.line == text.count("\n") and hint in found[0].hint


def test_the_searches_split_situations_soundly_for_it() -> None:
    """check, find and diff reason over every situation the pack allows: their verdicts match the brute force."""
    pack = saves("  bonus: {kind: cap, quantity: save, of: improvements, max: 1}\n")
    assert not [f for f in check_pack(pack) if f.kind in ("dead_rule", "shadowed_rule")]
    coverage = Coverage()
    found = find(pack, "save", "modifier == -2", coverage=coverage)
    brute = [w for w in worlds() if expected(w, 1, None, None) == -2]
    assert brute and found and coverage.exhaustive
    for f in found:  # each minimal situation, with as many of each group of interchangeable facts as it says
        given = dict(f.given) | {fact: True for count, facts in f.any_of for fact in facts[:count]}
        assert ask(pack, "save", Situation(given=given)).modifier == -2
    assert {frozenset(w.items()) for w in brute} >= {frozenset(({**dict.fromkeys(FACTS, False), "f.rend": 0}
                                                                | dict(f.given)).items())
                                                     for f in found if not f.any_of}
    looser = saves("  bonus: {kind: cap, quantity: save, of: improvements, max: 2}\n")
    result = diff_packs(pack, looser, "save")
    assert result.exhaustive and result.changes
    for c in result.changes:
        given = {n: v for n, v in c.witness.items() if n != "target"}
        assert ask(pack, "save", Situation(given=given)).modifier != \
            ask(looser, "save", Situation(given=given)).modifier
    same = saves("  bonus: {kind: cap, quantity: save, of: improvements, max: 4}\n")  # +4 is the most they reach
    unbound = saves("  bonus: {kind: cap, quantity: save, of: improvements, max: 9}\n")
    proven = diff_packs(unbound, same, "save")
    assert proven.exhaustive and not proven.changes


def test_a_share_of_a_misshapen_quantity_reports_the_quantity_not_a_crash() -> None:
    """A quantity left out for its shape is still a name the cap may use: only the quantity's own problem is said."""
    text = SAVES.replace("  save: {kind: roll, dice: D6, passes: 4, text: a save roll}",
                         "  save: {kind: roll, dice: D6, passes: 4, text: a save roll, weapons: true}")
    text += "  bonus: {kind: cap, quantity: save, of: improvements, max: 1}\n"
    with pytest.raises(PackError) as caught:
        build_pack([read_yaml(text, "saves.yaml")], "saves")
    assert [e.message for e in caught.value.problems] == ["quantities.save: a roll quantity takes no 'weapons'"]

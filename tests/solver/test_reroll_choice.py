"""Which dice a player re-rolls: each die once at most, the allowed dice chosen for the best chance of passing.

The re-rolls say which dice may be re-rolled: `ones` any die showing a 1, `failed` every die of a roll that
fails, `all` every die of any roll. The reference below tries every subset of the allowed dice for every
face combination, rolling the chosen dice again face by face; it shares no code with `solver.rolls` and
never reads the engine's answers for its expected values.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from fractions import Fraction
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.json import ruling_json
from kb import load_pack
from solver import Effect, Situation, ask
from solver.rolls import after_rerolls, chance

PACK = load_pack("wh40k")
KINDS = ("ones", "failed", "all")


def _allowed(first: tuple[int, ...], reroll: Collection[str], passes: Callable[[int], bool] | None,
             ) -> list[frozenset[int]]:
    """Every set of dice (by position) the player may re-roll: any of the 1s, or the whole roll."""
    ones = [i for i, face in enumerate(first) if face == 1] if "ones" in reroll else []
    out = {frozenset(c) for r in range(len(ones) + 1) for c in combinations(ones, r)}
    if "all" in reroll or ("failed" in reroll and passes is not None and not passes(sum(first))):
        out.add(frozenset(range(len(first))))
    return sorted(out, key=lambda s: (len(s), sorted(s)))


def _again(first: tuple[int, ...], chosen: frozenset[int], sides: int) -> dict[int, Fraction]:
    """The totals after re-rolling the `chosen` dice of `first`, each second face equally likely."""
    out: dict[int, Fraction] = {}
    each = Fraction(1, sides ** len(chosen))
    for second in product(range(1, sides + 1), repeat=len(chosen)):
        faces = list(first)
        for i, face in zip(sorted(chosen), second, strict=True):
            faces[i] = face
        out[sum(faces)] = out.get(sum(faces), Fraction(0)) + each
    return out


def _plain(first: tuple[int, ...], reroll: Collection[str], passes: Callable[[int], bool] | None) -> frozenset[int]:
    """The re-roll as it reads alone: a failing roll whole (`failed`, `all`), else every 1 (`ones`)."""
    failing = passes is not None and not passes(sum(first))
    if failing and {"failed", "all"} & set(reroll):
        return frozenset(range(len(first)))
    return frozenset(i for i, face in enumerate(first) if face == 1 and "ones" in reroll)


def brute_force(count: int, sides: int, reroll: Collection[str], passes: Callable[[int], bool] | None,
                fish: Collection[int] = ()) -> tuple[Fraction | None, dict[int, Fraction]]:
    """(the best chance of passing, the distribution of the total) over every roll and every allowed choice.

    The player wants an unmodified total in `fish` first (when fishing), then to pass; where choices tie,
    the re-roll as it reads alone, else the one re-rolling the most dice."""
    best = Fraction(0)
    dist: dict[int, Fraction] = {}
    each = Fraction(1, sides ** count)
    for first in product(range(1, sides + 1), repeat=count):
        def worth(chosen: frozenset[int], first: tuple[int, ...] = first) -> tuple[Fraction, ...]:
            totals = _again(first, chosen, sides)
            wanted = [lambda t: t in fish] if fish else []
            wanted += [passes] if passes is not None else []
            return tuple(sum((p for t, p in totals.items() if w(t)), Fraction(0)) for w in wanted)

        choices = _allowed(first, reroll, passes)
        top = max(worth(c) for c in choices)
        plain = _plain(first, reroll, passes)
        assert plain in choices
        chosen = plain if worth(plain) == top else max((c for c in choices if worth(c) == top), key=len)
        for total, p in _again(first, chosen, sides).items():
            dist[total] = dist.get(total, Fraction(0)) + each * p
        if passes is not None:  # the chance of passing with the best choice for passing alone
            best += each * max(sum((p for t, p in _again(first, c, sides).items() if passes(t)), Fraction(0))
                               for c in choices)
    return (best if passes is not None else None), dict(sorted(dist.items()))


def ruling(quantity: str, effects: list[int], **keys: object) -> object:
    listed = tuple(Effect(f"e{i}", f"{e:+d}") for i, e in enumerate(effects))
    return ask(PACK, quantity, Situation(effects=listed, **keys))  # type: ignore[arg-type]


def test_charge_reroll_ones_and_failed_picks_the_one() -> None:
    """Modifiers are applied after any re-rolls of that dice roll. -- a 2D6 Charge roll needing 9 with re-roll
    1s and re-roll failed: a die is re-rolled at most once, and the player picks which. A failed 1 and 6 is
    better served by re-rolling only the 1 (2/3) than both dice (10/36): 167/324, not 155/324."""
    only_the_one = Fraction(sum(1 for d in range(1, 7) if 6 + d >= 9), 6)
    both = Fraction(sum(1 for a, b in product(range(1, 7), repeat=2) if a + b >= 9), 36)
    assert (only_the_one, both) == (Fraction(2, 3), Fraction(10, 36))
    r = ruling("charge_roll", [], target=9, reroll=("ones", "failed"))
    assert r.probability == Fraction(167, 324)  # type: ignore[attr-defined]
    assert brute_force(2, 6, ("ones", "failed"), lambda t: t >= 9)[0] == Fraction(167, 324)
    claims = [n.claim for n in r.explanation.because]  # type: ignore[attr-defined]
    assert any(c.startswith("the player chooses the dice to re-roll for the best chance of passing") for c in claims)
    # a re-roll of failed rolls alone re-rolls the whole roll: nothing to choose, and the derivation says nothing
    failed = ruling("charge_roll", [], target=9, reroll=("failed",))
    assert failed.probability == Fraction(155, 324)  # type: ignore[attr-defined]
    assert not any("player chooses" in n.claim for n in failed.explanation.because)  # type: ignore[attr-defined]


def test_a_single_die_has_nothing_to_choose() -> None:
    """Modifiers are applied after any re-rolls of that dice roll. -- one die: re-rolling a failing 1 as a 1 or
    as a failed roll is the same re-roll, so the chances stay as the re-rolls read alone."""
    both = ruling("wound_roll", [], target=4, reroll=("ones", "failed"))
    assert both.probability == Fraction(3, 4)  # type: ignore[attr-defined]  # 1/2 + (1/2)(1/2)
    ones = ruling("hit_roll", [-1], target=3, reroll=("ones",))
    assert ones.probability == Fraction(7, 12)  # type: ignore[attr-defined]  # 1/2 + (1/6)(1/2)
    assert not any("player chooses" in n.claim for n in ones.explanation.because)  # type: ignore[attr-defined]


def test_without_a_target_every_one_is_rerolled() -> None:
    """Rules that refer to the value of an 'unmodified' dice roll are referring to the dice result after any
    re-rolls, but before modifiers. -- with nothing to pass there is nothing to choose by: every 1 is re-rolled."""
    dist = after_rerolls(2, 6, ("ones",))
    assert dist[2] == Fraction(1, 36 * 36)  # both dice 1, both re-rolled to 1
    assert dist == brute_force(2, 6, ("ones",), None)[1]


@settings(max_examples=150, deadline=None)
@given(data=st.data(), count=st.integers(1, 3), sides=st.sampled_from([2, 3, 4, 6]),
       reroll=st.sets(st.sampled_from(KINDS)), fishing=st.booleans())
def test_choice_matches_brute_force(data: st.DataObject, count: int, sides: int, reroll: set[str],
                                    fishing: bool) -> None:
    """Modifiers are applied after any re-rolls of that dice roll. -- for every face combination, the chance
    of passing is the best over every subset of the dice the re-rolls allow (the 1s, or the whole roll), and
    the distribution is that of the documented choice; passing may be any set of totals (a threshold, or
    results that always pass or fail). Fishing for an unmodified result puts that result first."""
    if count == 3 and sides == 6:
        sides = 4  # keep the reference quick: 3D6 is checked at the table below
    totals = range(count, count * sides + 1)
    kind = data.draw(st.sampled_from(["threshold", "any"]), label="pass")
    if kind == "threshold":
        target = data.draw(st.integers(count, count * sides + 1), label="target")
        passing = set(range(target, count * sides + 1))
    else:
        passing = data.draw(st.sets(st.sampled_from(list(totals))), label="passing")
    fish = data.draw(st.sets(st.sampled_from(list(totals)), min_size=1, max_size=2), label="fish") if fishing else ()
    order = tuple(k for k in KINDS if k in reroll)

    def passes(total: int) -> bool:
        return total in passing

    expected, dist = brute_force(count, sides, order, passes, fish)
    got = after_rerolls(count, sides, order, lambda total: not passes(total), fish)
    assert got == dist
    if not fish:
        assert chance(got, passes) == expected


@settings(max_examples=60, deadline=None)
@given(effects=st.lists(st.sampled_from([-2, -1, 1, 2]), max_size=2), target=st.integers(1, 13),
       reroll=st.sets(st.sampled_from(KINDS), min_size=1))
def test_charge_roll_choice_matches_brute_force(effects: list[int], target: int, reroll: set[str]) -> None:
    """Modifiers are applied after any re-rolls of that dice roll. -- Charge rolls cannot be greater than 12.
    -- a wh40k Charge roll with any re-rolls, modifiers and distance: the chance is the best choice of dice,
    and the modifiers act on whatever the dice show after it."""
    net = sum(effects)

    def final(total: int) -> int:
        return min(12, max(1, total + net))

    order = tuple(k for k in KINDS if k in reroll)
    best, dist = brute_force(2, 6, order, lambda t: final(t) >= target)
    r = ruling("charge_roll", effects, target=target, reroll=order)
    assert r.probability == best  # type: ignore[attr-defined]
    shown: dict[int, Fraction] = {}
    for total, p in dist.items():
        shown[final(total)] = shown.get(final(total), Fraction(0)) + p
    assert {int(k): Fraction(v) for k, v in ruling_json(r)["distribution"].items()} == shown  # type: ignore[arg-type]


def test_three_dice_exhaustively() -> None:
    """Modifiers are applied after any re-rolls of that dice roll. -- 3D6 needing each total, with 1s and
    failed rolls re-rolled: the best choice of dice, every face combination and every subset tried."""
    for target in (9, 12, 15):
        def passes(total: int, target: int = target) -> bool:
            return total >= target

        expected, dist = brute_force(3, 6, ("ones", "failed"), passes)
        got = after_rerolls(3, 6, ("ones", "failed"), lambda total: not passes(total))
        assert (chance(got, passes), got) == (expected, dist)


def test_fishing_for_a_six_rerolls_successes() -> None:
    """Rules that refer to the value of an 'unmodified' dice roll are referring to the dice result after any
    re-rolls, but before modifiers. -- re-roll hit rolls, 3+ to hit, fishing for an unmodified 6: every roll
    but a 6 is re-rolled, so a 6 comes 11/36 of the time and a hit 13/18, where playing to hit gives 8/9 and
    a 6 only 1/6 + (1/3)(1/6) = 2/9."""
    fished = after_rerolls(1, 6, ("all",), lambda total: total < 3, fish=(6,))
    assert (fished[6], chance(fished, lambda t: t >= 3)) == (Fraction(11, 36), Fraction(13, 18))
    played = after_rerolls(1, 6, ("all",), lambda total: total < 3)
    assert (played[6], chance(played, lambda t: t >= 3)) == (Fraction(2, 9), Fraction(8, 9))


def test_a_situation_says_the_player_rerolls_for_an_unmodified_trigger() -> None:
    """reroll_for: unmodified. A 3+ hit with a re-roll of any roll, fishing for an unmodified 6: every result but a
    6 is re-rolled, so a 6 comes 1/6 + 5/6 x 1/6 = 11/36 of the time and a hit 1/6 + 5/6 x 4/6 = 13/18; re-rolling
    to pass (the default) re-rolls only the 1s and 2s: a hit 2/3 + 1/3 x 2/3 = 8/9, a 6 1/6 + 1/3 x 1/6 = 2/9."""
    from kb.errors import RulingsError

    pack = load_pack("wh40k")
    fishing = ask(pack, "hit_roll", Situation(target=3, reroll=("all",), unmodified=(6,), reroll_for="unmodified"))
    passing = ask(pack, "hit_roll", Situation(target=3, reroll=("all",), unmodified=(6,)))
    assert fishing.probability == Fraction(13, 18) and dict(fishing.extra)["unmodified"]["probability"] == "11/36"
    assert passing.probability == Fraction(8, 9) and dict(passing.extra)["unmodified"]["probability"] == "2/9"
    with pytest.raises(RulingsError, match="none is given"):
        ask(pack, "hit_roll", Situation(target=3, reroll=("all",), reroll_for="unmodified"))

"""Whole attacks against the published figures of public attack calculators and mathhammer articles.

Every expected number below is the source's own figure (its test suite's assertion or its published text),
carried over by hand: an exact fraction where the source states one, or the source's decimal compared at the
source's own rounding (said at each test). Where a figure needed a step of arithmetic to reach what the engine
reports (a per-die chance from a per-attack one, a tail from a distribution), the step is shown in a comment.
No code of the sources is reused: only their scenarios and numbers.

Sources (repository, file and commit, or page address):

- LOGANMJ: loganmj/WarhammerCombatMathLibrary, WarhammerCombatMathLibrary/UnitTests/CombatMath_Test.cs,
  commit 03f5437557c7c005787b24ebb06c83e9fd6dc5a0 (values rounded to 4 places with Math.Round).
- STAT_HAMMER: davidegriffon/stat_hammer, test/stat_hammer/phases/hit_roll_test.exs, commit
  14398e8c3ba1e997c96f1dd997bf26b0c04a5845, and test/stat_hammer/phases/reroll_test.exs, commit
  0c70da2c0032e2f10bfff3de917c6a813a34fd59 (exact fractions).
- HSAR: HSAR/MathHammer, math-hammer-library/src/test/kotlin/io/hsar/mathhammer/statistics/DiceProbabilityTest.kt,
  commit 4465271c80f0cee0c02fb88b5a700a18c763dfa1.
- WARHAMMER_STATS: akabbeke/warhammer_stats, tests/test_attack.py, commit 646effa15f2033190f6bb53e931c88ae4984beab,
  and README.md, commit 3503fd55d428c2b0ac17609397557531d6d0ead0.
- KT21: jmegner/KT21Calculator, src/KT21CalcEngine.test.ts, commit 61e5c039481ecf3391282066baf7f4a6d149f0ff.
- ARYCHAGOV: arychagov/w40k-calculator, app/src/test/java/com/arychagov/w40k/data/DamageTest.kt, commit
  a50f80b5b1a6291bada4755dcaf4d3ea7ff39c41 (sampled means checked against a range).
- GOONHAMMER: https://www.goonhammer.com/hammer-of-math-expected-damage-vs-expected-kills/
- CMOGAMES: https://www.cmogames.com/blog/simple-expectations-mathhammer-in-warhammer/
- B4CCHUS: https://notebook.community/B4cchus/wh40k-hitscalc/.ipynb_checkpoints/Mathammer-Truncation-checkpoint
  and https://notebook.community/B4cchus/wh40k-hitscalc/Mathhammer-Intro

The wh40k pack takes each step's target from the situation, so a source's S against T and AP against Sv are
turned into the score each roll needs (the core rules' wound chart and the save worsened by the AP), stated
at each test. Scenarios the wh40k pack cannot say (critical hits, Feel No Pain, Kill Team's critical damage) use
the small packs sequence_packs/external_core.yaml and sequence_packs/external_killteam.yaml.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from kb.loader import load_pack
from solver.sequence import mean, resolve
from solver.situation import Situation

PACKS = Path(__file__).parent / "sequence_packs"
NO_SAVE = {"target": 7}  # no saving throw: a 7+ that no D6 reaches


@pytest.fixture(scope="module")
def wh40k():
    return load_pack("wh40k")


@pytest.fixture(scope="module")
def core():
    return load_pack(str(PACKS / "external_core.yaml"))


@pytest.fixture(scope="module")
def killteam():
    return load_pack(str(PACKS / "external_killteam.yaml"))


def _attack(pack, given=None, **sequence):
    return resolve(pack, "attack", Situation(given=given or {}, sequence=sequence))


def _rounded(dist, upto: int, places: int = 4) -> list[float]:
    """The chance of each count 0..upto, rounded as the source rounds it."""
    return [round(float(dist.get(n, Fraction(0))), places) for n in range(upto + 1)]


def _tail(dist, upto: int, places: int = 4) -> list[float]:
    """The chance of at least each count 0..upto, rounded as the source rounds it."""
    return [round(float(sum((p for k, p in dist.items() if k >= n), Fraction(0))), places) for n in range(upto + 1)]


# ---------------------------------------------------------------------------------------------------------------
# LOGANMJ: loganmj/WarhammerCombatMathLibrary, WarhammerCombatMathLibrary/UnitTests/CombatMath_Test.cs,
# commit 03f5437557c7c005787b24ebb06c83e9fd6dc5a0.
# Profiles of the file: ATTACKER_KHARN_THE_BETRAYER (1 model, A 8, WS 2+, S 6, AP 2, D 3);
# ATTACKER_SPACE_MARINE_INTERCESSOR_SQUAD (10 models, A 2, BS 3+, S 4, AP 1, D 1);
# ATTACKER_SPACE_MARINE_TERMINATOR_SQUAD (5 models, A 3, WS 4+, S 8, AP 2, D 2);
# DEFENDER_SPACE_MARINE_INTERCESSOR_SQUAD (T 4, Sv 3+, W 2); DEFENDER_SPACE_MARINE_TERMINATOR_SQUAD (T 5, Sv 2+).
# Each expected value there is Math.Round(x, 4); the engine's exact value is rounded to 4 places to compare.
# ---------------------------------------------------------------------------------------------------------------

LOGANMJ_HITS = {
    # name: (attacks, hit target, GetMeanHits, GetBinomialDistributionHits, GetSurvivorDistributionHits)
    "kharn": (8, 2, 6.6667,
              [0, 0, 0.0004, 0.0042, 0.0260, 0.1042, 0.2605, 0.3721, 0.2326],
              [1, 1, 1, 0.9996, 0.9954, 0.9693, 0.8652, 0.6047, 0.2326]),
    "intercessors": (20, 3, 13.3333,
                     [0, 0, 0, 0, 0, 0.0001, 0.0007, 0.0028, 0.0092, 0.0247, 0.0543, 0.0987, 0.148, 0.1821, 0.1821,
                      0.1457, 0.0911, 0.0429, 0.0143, 0.003, 0.0003],
                     [1, 1, 1, 1, 1, 1, 0.9998, 0.9991, 0.9963, 0.9870, 0.9624, 0.9081, 0.8095, 0.6615, 0.4793,
                      0.2972, 0.1515, 0.0604, 0.0176, 0.0033, 0.0003]),
    "terminators": (15, 4, 7.5,
                    [0, 0.0005, 0.0032, 0.0139, 0.0417, 0.0916, 0.1527, 0.1964, 0.1964, 0.1527, 0.0916, 0.0417,
                     0.0139, 0.0032, 0.0005, 0],
                    [1, 1, 0.9995, 0.9963, 0.9824, 0.9408, 0.8491, 0.6964, 0.5, 0.3036, 0.1509, 0.0592, 0.0176,
                     0.0037, 0.0005, 0]),
}


@pytest.mark.parametrize("name", list(LOGANMJ_HITS))
def test_loganmj_hit_distributions(wh40k, name):
    """LOGANMJ GetMeanHits_TestParams1-3, GetBinomialDistributionHits_TestParams1-3 and
    GetSurvivorDistributionHits_TestParams1-3: the hits of 8 attacks on 2+, 20 on 3+ and 15 on 4+, each
    probability as the source rounds it to 4 places (the survivor list is the chance of at least n hits)."""
    attacks, target, mean_hits, binomial, survivor = LOGANMJ_HITS[name]
    r = _attack(wh40k, attacks=attacks, hit={"target": target}, wound={"target": 2}, save=NO_SAVE)
    hits = r.steps[0].dice_out
    assert round(float(mean(hits)), 4) == mean_hits
    assert _rounded(hits, attacks) == binomial
    assert _tail(hits, attacks) == survivor


LOGANMJ_WOUNDS = {
    # name: (attacks, hit target, wound target, GetMeanWounds, GetBinomialDistributionWounds)
    # Kharn S 6 against T 4: S greater than T wounds on 3+.
    "kharn_vs_intercessors": (8, 2, 3, 4.4444,
                              [0.0015, 0.0152, 0.0666, 0.1665, 0.2602, 0.2602, 0.1626, 0.0581, 0.0091]),
    # Bolt rifles S 4 against T 4: S equal to T wounds on 4+.
    "intercessors_vs_intercessors": (20, 3, 4, 6.6667,
                                     [0.0003, 0.003, 0.0143, 0.0429, 0.0911, 0.1457, 0.1821, 0.1821, 0.1480, 0.0987,
                                      0.0543, 0.0247, 0.0092, 0.0028, 0.0007, 0.0001, 0, 0, 0, 0, 0]),
    # Bolt rifles S 4 against T 5: S lower than T (but more than half) wounds on 5+.
    "intercessors_vs_terminators": (20, 3, 5, 4.4444,
                                    [0.0066, 0.0375, 0.1018, 0.1745, 0.2119, 0.1937, 0.1384, 0.0791, 0.0367, 0.0140,
                                     0.0044, 0.0011, 0.0002, 0, 0, 0, 0, 0, 0, 0, 0]),
}


@pytest.mark.parametrize("name", list(LOGANMJ_WOUNDS))
def test_loganmj_wound_distributions(wh40k, name):
    """LOGANMJ GetMeanWounds_TestParams1-3 and GetBinomialDistributionWounds_TestParams1-3: the wounds of the
    whole attack (hit, then wound), each probability as the source rounds it to 4 places."""
    attacks, hit, wound, mean_wounds, binomial = LOGANMJ_WOUNDS[name]
    r = _attack(wh40k, attacks=attacks, hit={"target": hit}, wound={"target": wound}, save=NO_SAVE)
    wounds = r.steps[1].dice_out
    assert round(float(mean(wounds)), 4) == mean_wounds
    assert _rounded(wounds, attacks) == binomial


def test_loganmj_probability_of_a_wound_per_attack(wh40k):
    """LOGANMJ GetProbabilityOfWound_TestParams1-3 (0.5556, 0.3333, 0.2222): the chance that one attack hits and
    wounds, which is the mean wounds of one attack."""
    for (hit, wound), expected in {(2, 3): 0.5556, (3, 4): 0.3333, (3, 5): 0.2222}.items():
        r = _attack(wh40k, attacks=1, hit={"target": hit}, wound={"target": wound}, save=NO_SAVE)
        assert round(float(mean(r.steps[1].dice_out)), 4) == expected


# ---------------------------------------------------------------------------------------------------------------
# STAT_HAMMER: davidegriffon/stat_hammer, exact fractions (StatHammer.Math.Fraction):
# test/stat_hammer/phases/hit_roll_test.exs, commit 14398e8c3ba1e997c96f1dd997bf26b0c04a5845, and
# test/stat_hammer/phases/reroll_test.exs, commit 0c70da2c0032e2f10bfff3de917c6a813a34fd59.
# ---------------------------------------------------------------------------------------------------------------

STAT_HAMMER_HITS = {
    # (skill, dice): {hits: chance}, from hit_roll_test.exs @ 14398e8, probabilty_to_hit_n_times(skill, dice, n)
    (2, 3): {0: Fraction(1, 216), 1: Fraction(15, 216), 2: Fraction(75, 216), 3: Fraction(125, 216)},
    (4, 6): {0: Fraction(1, 64), 1: Fraction(6, 64), 2: Fraction(15, 64), 3: Fraction(20, 64), 4: Fraction(15, 64),
             5: Fraction(6, 64), 6: Fraction(1, 64)},
    (6, 3): {3: Fraction(1, 216), 2: Fraction(15, 216), 1: Fraction(75, 216), 0: Fraction(125, 216)},
    (6, 2): {2: Fraction(1, 36), 1: Fraction(5, 18), 0: Fraction(25, 36)},
}


@pytest.mark.parametrize(("skill", "dice"), list(STAT_HAMMER_HITS))
def test_stat_hammer_hit_histograms(wh40k, skill, dice):
    """STAT_HAMMER hit_roll_test.exs ("probabilty_to_hit_n_times/3 bs 2+", "bs 4+", "bs 6+" and "hit_histogram/2"):
    the exact distribution of hits of a few dice."""
    r = _attack(wh40k, attacks=dice, hit={"target": skill}, wound={"target": 2}, save=NO_SAVE)
    assert r.steps[0].dice_out == STAT_HAMMER_HITS[(skill, dice)]


def test_stat_hammer_partial_histograms_and_long_tails(wh40k):
    """STAT_HAMMER hit_roll_test.exs: 4 dice on 3+ give 1, 2, 3 hits with 8/81, 24/81, 32/81; 4 dice on 5+ give
    32/81, 24/81, 8/81; 7 dice on 6+ all hit with 1/279936; 20 dice on 2+ all hit with
    95367431640625/3656158440062976 and all miss with 1/3656158440062976."""
    def hits(attacks, skill):
        r = _attack(wh40k, attacks=attacks, hit={"target": skill}, wound={"target": 2}, save=NO_SAVE)
        return r.steps[0].dice_out

    three_plus, five_plus = hits(4, 3), hits(4, 5)
    assert [three_plus[n] for n in (1, 2, 3)] == [Fraction(8, 81), Fraction(24, 81), Fraction(32, 81)]
    assert [five_plus[n] for n in (1, 2, 3)] == [Fraction(32, 81), Fraction(24, 81), Fraction(8, 81)]
    assert hits(7, 6)[7] == Fraction(1, 279936)
    twenty = hits(20, 2)
    assert twenty[20] == Fraction(95367431640625, 3656158440062976)
    assert twenty[0] == Fraction(1, 3656158440062976)


def test_stat_hammer_reroll_ones_three_dice_on_three_plus(wh40k):
    """STAT_HAMMER reroll_test.exs @ 0c70da2, "modifiers_of_simulation case 1": 3 dice hitting on 3+ with hit rolls
    of 1 re-rolled. The source gives the buckets before the re-roll (0: 1/27, 1: 6/27, 2: 12/27, so 3: 8/27) and
    the share of each bucket that moves; adding them up by hand gives the distribution after the re-roll."""
    before = {0: Fraction(1, 27), 1: Fraction(6, 27), 2: Fraction(12, 27), 3: Fraction(8, 27)}
    moves = [  # (from bucket, to bucket, share of the from bucket), the source's BucketModifiers
        (0, 1, Fraction(1, 4)), (0, 1, Fraction(1, 6)), (0, 2, Fraction(1, 6)), (0, 1, Fraction(1, 36)),
        (0, 2, Fraction(1, 18)), (0, 3, Fraction(1, 27)),
        (1, 2, Fraction(1, 3)), (1, 2, Fraction(1, 9)), (1, 3, Fraction(1, 9)),
        (2, 3, Fraction(1, 3)),
    ]
    moved_out = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
    after = dict(before)
    for src, dst, share in moves:
        moved_out[src] += share
        after[src] -= share * before[src]
        after[dst] += share * before[src]
    # The source's subtractions (type: :subtraction): 19/27 of bucket 0, 5/9 of bucket 1, 1/3 of bucket 2.
    assert moved_out == {0: Fraction(19, 27), 1: Fraction(5, 9), 2: Fraction(1, 3)}
    assert after == {0: Fraction(8, 729), 1: Fraction(84, 729), 2: Fraction(294, 729), 3: Fraction(343, 729)}
    r = _attack(wh40k, attacks=3, hit={"target": 3, "reroll": "ones"}, wound={"target": 2}, save=NO_SAVE)
    assert r.steps[0].dice_out == after


# ---------------------------------------------------------------------------------------------------------------
# HSAR: HSAR/MathHammer, math-hammer-library/src/test/kotlin/io/hsar/mathhammer/statistics/DiceProbabilityTest.kt,
# commit 4465271c80f0cee0c02fb88b5a700a18c763dfa1.
# ---------------------------------------------------------------------------------------------------------------


def test_hsar_two_plus_reroll_ones_equals_reroll_all(wh40k):
    """HSAR "d6 on 2+ re-rolling correctly returns the same for both rerolls": re-rolling ones and re-rolling
    every failure are the same on a 2+, closeTo(35/36, 0.001), "1 in 36 chance to roll two successive 1s"."""
    ones = _attack(wh40k, attacks=1, hit={"target": 2, "reroll": "ones"}, wound={"target": 2}, save=NO_SAVE)
    failed = _attack(wh40k, attacks=1, hit={"target": 2, "reroll": "failed"}, wound={"target": 2}, save=NO_SAVE)
    assert ones.steps[0].kept == failed.steps[0].kept
    assert abs(float(ones.steps[0].kept) - 35.0 / 36.0) <= 0.001
    assert ones.steps[0].kept == 1 - Fraction(1, 36)  # the source's comment, exactly


def test_hsar_four_plus_reroll_all_is_three_quarters(wh40k):
    """HSAR "d6 on 4+ reroll all returns correctly": equalTo(0.75), the average successes of one die."""
    r = _attack(wh40k, attacks=1, hit={"target": 4, "reroll": "failed"}, wound={"target": 2}, save=NO_SAVE)
    assert r.steps[0].kept == Fraction(3, 4)
    assert mean(r.steps[0].dice_out) == Fraction(3, 4)


@pytest.mark.parametrize(("reroll", "critical", "normal"), [
    # "...with no rerolls": first (criticals) equalTo(1/6), second (normal successes) equalTo(2/6).
    (None, Fraction(1, 6), Fraction(2, 6)),
    # "...with reroll ones": closeTo(1/6 + 1/36) and closeTo(2/6 + 2/36).
    ("ones", Fraction(1, 6) + Fraction(1, 36), Fraction(2, 6) + Fraction(2, 36)),
    # "...with reroll all": closeTo(1/6 + 3/36) and closeTo(2/6 + 6/36).
    ("failed", Fraction(1, 6) + Fraction(3, 36), Fraction(2, 6) + Fraction(6, 36)),
])
def test_hsar_criticals_and_successes_on_four_plus(core, reroll, critical, normal):
    """HSAR "d6 with 4+ to pass and 6+ to crit ...": one die hitting on 4+, a critical on a 6. With Sustained
    Hits 1 a critical is two hits, so one attack scores 2 hits with the source's critical chance and 1 hit with
    its normal-success chance (the source's closeTo figures are the exact fractions it writes)."""
    hit = {"target": 4} | ({"reroll": reroll} if reroll else {})
    r = resolve(core, "hits", Situation(given={"ab.sustained": 1}, sequence={"attacks": 1, "hit": hit}))
    assert r.steps[0].dice_out == {0: 1 - critical - normal, 1: normal, 2: critical}


# ---------------------------------------------------------------------------------------------------------------
# WARHAMMER_STATS: akabbeke/warhammer_stats: tests/test_attack.py, commit 646effa15f2033190f6bb53e931c88ae4984beab,
# and README.md, commit 3503fd55d428c2b0ac17609397557531d6d0ead0.
# ---------------------------------------------------------------------------------------------------------------


def test_warhammer_stats_ten_shots_and_reroll_ones(wh40k):
    """WARHAMMER_STATS tests/test_attack.py @ 646effa: 10 shots, BS 4+, S 4 against T 4 (4+), AP 0 against Sv 4+,
    D 1: mean damage 1.25 "= 10(shots) * 0.5(hit) * 0.5(wound) * 0.5(failed save)"; re-rolling hit rolls of 1
    makes it 1.25 * (7/6) (both compared by the source at 10 places)."""
    plain = _attack(wh40k, attacks=10, hit={"target": 4}, wound={"target": 4}, save={"target": 4}, damage=1)
    reroll = _attack(wh40k, attacks=10, hit={"target": 4, "reroll": "ones"}, wound={"target": 4}, save={"target": 4},
                     damage=1)
    assert mean(plain.damage) == Fraction(5, 4)
    assert round(float(mean(plain.damage)), 10) == 1.25
    assert mean(reroll.damage) == Fraction(5, 4) * Fraction(7, 6)


def test_warhammer_stats_battle_cannon_kills(wh40k):
    """WARHAMMER_STATS README.md @ 3503fd5, the example's output: a battle cannon (2D6 shots, BS 4+, S 8, AP -2,
    D D3) at space marines (T 4, Sv 3+, W 2): "Kills - avg: 1.4002", kills_dist [0.2307, 0.3573, 0.2522, 0.1132,
    0.0362, 0.0086, 0.0016, 0.0002, 0.0, 0.0] and its cumulative [1.0, 0.7693, 0.412, 0.1598, 0.0466, 0.0104,
    0.0018, 0.0002, 0.0, 0.0], all rounded to 4 places. S 8 is at least double T 4: wounds on 2+; AP -2 worsens
    Sv 3+ to 5+. Twelve models are as many as twelve shots can kill, so the unit never runs out."""
    r = _attack(wh40k, attacks="2D6", hit={"target": 4}, wound={"target": 2}, save={"target": 5}, damage="D3",
                models=12, wounds=2)
    assert round(float(mean(r.destroyed)), 4) == 1.4002
    assert _rounded(r.destroyed, 9) == [0.2307, 0.3573, 0.2522, 0.1132, 0.0362, 0.0086, 0.0016, 0.0002, 0.0, 0.0]
    assert _tail(r.destroyed, 9) == [1.0, 0.7693, 0.412, 0.1598, 0.0466, 0.0104, 0.0018, 0.0002, 0.0, 0.0]


# ---------------------------------------------------------------------------------------------------------------
# KT21: jmegner/KT21Calculator, src/KT21CalcEngine.test.ts, commit 61e5c039481ecf3391282066baf7f4a6d149f0ff
# (compared there with toBeCloseTo at 10 places; the expressions it writes are exact here).
# Attacker(attacks, bs 4, normal damage 11, critical 13), against no defence dice:
# pc = 1/6 (critical), pn = 1/3 (normal success), pf = 1/2 (fail).
# ---------------------------------------------------------------------------------------------------------------

PC, PN, PF = Fraction(1, 6), Fraction(1, 3), Fraction(1, 2)
DN, DC = 11, 13
P1 = Fraction(1, 6)  # the source's "probability of rolling exactly a 1"


def _shoot(pack, attacks, reroll=None):
    attack = {"target": 4} | ({"reroll": reroll} if reroll else {})
    return resolve(pack, "shoot", Situation(given={"weapon.critical_damage": DC},
                                            sequence={"attacks": attacks, "attack": attack, "damage": DN}))


def test_kt21_one_and_two_attack_dice_against_no_defence(killteam):
    """KT21 "calcDamageProbabilities, few dice, no abilities": "1 atkDie vs 0 defDie" gives 0, dn, dc with pf, pn,
    pc; "2 atkDie vs 0 defDie" gives 0: pf*pf, dn: pn*pf*2, 2dn: pn*pn, dc: pc*pf*2, dc+dn: pc*pn*2, 2dc: pc*pc."""
    assert _shoot(killteam, 1).damage == {0: PF, DN: PN, DC: PC}
    assert _shoot(killteam, 2).damage == {0: PF * PF, DN: PN * PF * 2, 2 * DN: PN * PN, DC: PC * PF * 2,
                                          DC + DN: PC * PN * 2, 2 * DC: PC * PC}


def test_kt21_ceaseless_rerolls_ones(killteam):
    """KT21 "ceaseless with 1 atk die": 0 with (pf - p1) + p1*pf, normal damage with pn + p1*pn, critical damage
    with pc + p1*pc (Ceaseless re-rolls results of 1)."""
    assert _shoot(killteam, 1, "ones").damage == {0: (PF - P1) + P1 * PF, DN: PN + P1 * PN, DC: PC + P1 * PC}


def test_kt21_balanced_rerolls_the_one_failed_die(killteam):
    """KT21 "balanced with 1 atk die": 0 with fail*fail, normal damage with norm + fail*norm, critical damage with
    crit + fail*crit (Balanced re-rolls one die: with one die, the failed one)."""
    assert _shoot(killteam, 1, "failed").damage == {0: PF * PF, DN: PN + PF * PN, DC: PC + PF * PC}


# ---------------------------------------------------------------------------------------------------------------
# ARYCHAGOV: arychagov/w40k-calculator, app/src/test/java/com/arychagov/w40k/data/DamageTest.kt, commit
# a50f80b5b1a6291bada4755dcaf4d3ea7ff39c41. The source averages 10000 simulated attacks and
# asserts a range around the exact mean; the hand computation of the exact mean is in each docstring, and the
# engine must give that exact mean (which lies in the source's range).
# ---------------------------------------------------------------------------------------------------------------


def test_arychagov_regular(core):
    """ARYCHAGOV regular(): 16 attacks, skill 4+, S 8 against T 8 (4+), no AP against Sv 4+, D 1, no invulnerable
    save or Feel No Pain: mean between 1.9 and 2.1. By hand: 16 * 1/2 * 1/2 * 1/2 * 1 = 2."""
    r = _attack(core, attacks=16, hit={"target": 4}, wound={"target": 4}, save={"target": 4}, damage=1,
                fnp={"target": 7})
    assert mean(r.damage) == 2
    assert 1.9 <= float(mean(r.damage)) <= 2.1


def test_arychagov_feel_no_pain(core):
    """ARYCHAGOV feelNoPain(): 16 attacks, skill 4+, S 8 against T 8 (4+), no AP against Sv 4+, D 6, Feel No Pain
    4+: mean between 5.9 and 6.1. By hand: 16 * 1/2 * 1/2 * 1/2 unsaved wounds of 6 damage, each point ignored on
    a 4+ (1/2): 2 * 6 * 1/2 = 6."""
    r = _attack(core, attacks=16, hit={"target": 4}, wound={"target": 4}, save={"target": 4}, damage=6,
                fnp={"target": 4})
    assert r.point.kept == Fraction(1, 2)
    assert mean(r.damage) == 6
    assert 5.9 <= float(mean(r.damage)) <= 6.1


# ---------------------------------------------------------------------------------------------------------------
# Published articles.
# ---------------------------------------------------------------------------------------------------------------


def test_goonhammer_lascannon_at_a_carnifex(wh40k):
    """GOONHAMMER, https://www.goonhammer.com/hammer-of-math-expected-damage-vs-expected-kills/ :
    a Space Marine (BS 3+) firing a lascannon (S 9, AP -3, D D6) at a Carnifex (T 7, 3+, 8 W):
    "1 Shot x 3.5 Damage x 0.66 P(Hit) x 0.66 P(Wound) x [1 - 0.17 P(Save)] ... = 1.30 Wounds" (2 places).
    S 9 against T 7 wounds on 3+; AP -3 worsens 3+ to 6+.
    By hand: 3.5 * 2/3 * 2/3 * 5/6 = 35/27, 1.30 at 2 places."""
    r = _attack(wh40k, attacks=1, hit={"target": 3}, wound={"target": 3}, save={"target": 6}, damage="D6",
                models=1, wounds=8)
    assert round(float(mean(r.damage)), 2) == 1.30
    assert mean(r.damage) == Fraction(35, 27)


def test_cmogames_tactical_squad_at_cultists(wh40k):
    """CMOGAMES, https://www.cmogames.com/blog/simple-expectations-mathhammer-in-warhammer/ :
    boltguns (BS 3+, S 4) at Death Guard Cultists (T 3, save 6):
    "Hp * Wp * FSp = 2/3 * 2/3 * 5/6 = 20/54 which simplifies to 10/27" for one shot."""
    r = _attack(wh40k, attacks=1, hit={"target": 3}, wound={"target": 3}, save={"target": 6})
    assert [s.kept for s in r.steps] == [Fraction(2, 3), Fraction(2, 3), Fraction(5, 6)]
    assert r.outcome == {0: 1 - Fraction(10, 27), 1: Fraction(10, 27)}


def test_b4cchus_ten_lasgun_shots(wh40k):
    """B4CCHUS, https://notebook.community/B4cchus/wh40k-hitscalc/.ipynb_checkpoints/Mathammer-Truncation-checkpoint
    and https://notebook.community/B4cchus/wh40k-hitscalc/Mathhammer-Intro :
    "10 shots, 1/2 to hit, 1/2 to wound, 1/3 saved, 1 damage gives 5 / 3 wounds"; the Intro's lasgun profile
    is p_hit 1/2, p_wound 1/2, p_unsaved 4/6 ("a save of 5+")."""
    r = _attack(wh40k, attacks=10, hit={"target": 4}, wound={"target": 4}, save={"target": 5}, damage=1)
    assert mean(r.damage) == Fraction(5, 3)


def test_b4cchus_kataphron_naive_expectation(wh40k):
    """B4CCHUS, https://notebook.community/B4cchus/wh40k-hitscalc/.ipynb_checkpoints/Mathammer-Truncation-checkpoint :
    4 Kataphron Breachers, 8 shots, 'p_hit': 1/3 + 1/6 * 1/3 (5+ re-rolling ones), 'p_wound': 2/3, save 1/3
    (a 5+ save), 'damage': 'd6'; the naive expectation 8 * 7/18 * 2/3 * 2/3 * 3.5 prints 4.839506172839506:
    the mean damage before any wound limit."""
    r = _attack(wh40k, attacks=8, hit={"target": 5, "reroll": "ones"}, wound={"target": 3}, save={"target": 5},
                damage="D6")
    assert r.steps[0].kept == Fraction(1, 3) + Fraction(1, 6) * Fraction(1, 3)
    assert float(mean(r.damage)) == 4.839506172839506
    assert mean(r.damage) == Fraction(392, 81)

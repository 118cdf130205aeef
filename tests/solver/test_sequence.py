"""Sequences against brute force: every die of every attack enumerated, face by face.

The reference below is written from docs/sequences.md and the test pack's rules alone (a +-1 cap on the
hit modifier, an unmodified 1 failing and a 6 passing, re-rolls before modifiers), never from the solver:
it follows each attack die by die, rolls every damage roll and every ward roll for each point, and
allocates the damage model by model, damage that carries over after the rest.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kb.errors import PackError, RulingsError
from kb.loader import load_pack
from solver.sequence import at_least, mean, resolve
from solver.situation import Situation

PACKS = Path(__file__).parent / "sequence_packs"
D6 = range(1, 7)
SIXTH = Fraction(1, 6)


def _hit_passes(face: int, target: int, mod: int) -> bool:
    capped = max(-1, min(1, mod))  # "never modified by more than -1 or +1"
    return face != 1 and (face == 6 or max(1, face + capped) >= target)


def _die(passes, reroll: str) -> list[tuple[int, Fraction]]:
    """The faces a die ends on after its re-roll (once at most), each with its chance."""
    out = []
    for first in D6:
        again = (reroll == "ones" and first == 1) or (reroll == "failed" and not passes(first))
        out += [(g, SIXTH * SIXTH) for g in D6] if again else [(first, SIXTH)]
    return out


def _one_attack(p: dict) -> dict[tuple, Fraction]:
    """(hits, wounds, unsaved, dice that go on as (carries over, damage or None)) -> chance, for one attack."""
    out: dict[tuple, Fraction] = {}
    hit_faces = _die(lambda f: _hit_passes(f, p["hit"], p["hit_mod"]), p["reroll"])

    def wound_outcomes(lethal: bool) -> list[tuple[Fraction, int, tuple | None]]:
        """One hit through the wound roll and the save: (chance, wounded, die that goes on or None)."""
        if lethal:
            wounded = [(Fraction(1), False, False)]
        else:
            wounded = [(SIXTH, True, f == 6) for f in D6 if f != 1 and f >= p["wound"]]
            wounded.append((1 - sum(c for c, _, _ in wounded), None, None))
        result = []
        for chance, ok, crit in wounded:
            if ok is None:
                result.append((chance, 0, None))
                continue
            carry = bool(crit and p["devastating"])
            damage = p["mortal"] if crit and p["mortal"] else None
            if crit and (p["devastating"] or p["mortal"]):
                result.append((chance, 1, (carry, damage)))
                continue
            saved = sum((SIXTH for f in D6 if f != 1 and max(1, f + p["save_mod"]) >= p["save"]), Fraction(0))
            result += [(chance * saved, 1, "saved"), (chance * (1 - saved), 1, (carry, damage))]
        return result

    for face, chance in hit_faces:
        if not _hit_passes(face, p["hit"], p["hit_mod"]):
            key = (0, 0, 0, ())
            out[key] = out.get(key, Fraction(0)) + chance
            continue
        crit = face == 6
        hits = [crit and p["lethal"]] + [False] * (p["sustained"] if crit else 0)
        for combo in product(*(wound_outcomes(h) for h in hits)):
            c = chance
            for x in combo:
                c *= x[0]
            dice = tuple(sorted((x[2] for x in combo if isinstance(x[2], tuple)),
                                key=lambda d: (d[0], -1 if d[1] is None else d[1])))
            key = (len(hits), sum(x[1] for x in combo), len(dice), dice)
            out[key] = out.get(key, Fraction(0)) + c
    return out


def _effective(damage: dict[int, Fraction], ward: int | None) -> dict[int, Fraction]:
    """One die's damage after a ward roll for each point, every ward die enumerated."""
    out: dict[int, Fraction] = {}
    for d, p in damage.items():
        for faces in product(D6, repeat=d) if ward else [()]:
            lost = d if ward is None else sum(1 for f in faces if f < ward)
            out[lost] = out.get(lost, Fraction(0)) + p * SIXTH ** len(faces)
    return out


def brute(p: dict) -> dict[str, dict[int, Fraction]]:
    one = _one_attack(p)
    totals: dict[str, dict[int, Fraction]] = {k: {} for k in ("hits", "wounds", "unsaved", "damage", "destroyed")}
    for n, pn in p["attacks"].items():
        for combo in product(one.items(), repeat=n):
            chance = pn
            for _, c in combo:
                chance *= c
            dice = [d for (_, _, _, ds), _ in combo for d in ds]  # attack by attack, its own damage first
            ordered = [d for d in dice if not d[0]] + [d for d in dice if d[0]]  # what carries over, last
            states = {(0, 0): chance}  # models destroyed, damage on the model being allocated to
            for carry, own in ordered:
                dmg = _effective({own: Fraction(1)} if own is not None else p["damage"], p["ward"])
                nxt: dict[tuple[int, int], Fraction] = {}
                for (k, h), q in states.items():
                    for d, r in dmg.items():
                        kk, hh = k, h
                        if carry:
                            for _ in range(d):  # point by point, to the next model
                                if kk < p["models"]:
                                    hh += 1
                                    if hh == p["wounds"]:
                                        kk, hh = kk + 1, 0
                        elif kk < p["models"]:
                            kk, hh = (kk + 1, 0) if h + d >= p["wounds"] else (kk, h + d)
                        nxt[(kk, hh)] = nxt.get((kk, hh), Fraction(0)) + q * r
                states = nxt
            for name, value in (("hits", sum(k[0] for k, _ in combo)), ("wounds", sum(k[1] for k, _ in combo)),
                                ("unsaved", len(dice))):
                totals[name][value] = totals[name].get(value, Fraction(0)) + chance
            for (k, h), q in states.items():
                totals["damage"][k * p["wounds"] + h] = totals["damage"].get(k * p["wounds"] + h, Fraction(0)) + q
                totals["destroyed"][k] = totals["destroyed"].get(k, Fraction(0)) + q
    return {k: {n: c for n, c in v.items() if c} for k, v in totals.items()}


ATTACKS = {1: {1: Fraction(1)}, 2: {2: Fraction(1)}, "D3": {n: Fraction(1, 3) for n in (1, 2, 3)}}
DAMAGE = {1: {1: Fraction(1)}, 2: {2: Fraction(1)}, "D3": {n: Fraction(1, 3) for n in (1, 2, 3)}}

params = st.fixed_dictionaries({
    "attacks": st.sampled_from(list(ATTACKS)),
    "hit": st.integers(2, 6), "hit_mod": st.integers(-3, 3), "reroll": st.sampled_from(["", "ones", "failed"]),
    "wound": st.integers(2, 6), "save": st.integers(2, 7), "save_mod": st.integers(-2, 2),
    "sustained": st.integers(0, 2), "lethal": st.booleans(), "devastating": st.booleans(),
    "mortal": st.sampled_from([0, 0, 1, 3]), "ward": st.sampled_from([None, 5, 6]),
    "damage": st.sampled_from(list(DAMAGE)), "models": st.integers(1, 3), "wounds": st.integers(1, 3),
})


def _situation(p: dict) -> Situation:
    """The situation the reference's parameters describe; no ward is a ward of 7+, which no die passes."""
    sequence = {"attacks": p["attacks"], "hit": {"target": p["hit"]}, "wound": {"target": p["wound"]},
                "save": {"target": p["save"]}, "damage": p["damage"], "models": p["models"], "wounds": p["wounds"],
                "ward": {"target": p["ward"] or 7}}
    if p["reroll"]:
        sequence["hit"]["reroll"] = p["reroll"]
    return Situation(given={"hit.mod": p["hit_mod"], "save.mod": p["save_mod"], "ab.sustained": p["sustained"],
                            "ab.lethal": p["lethal"], "ab.devastating": p["devastating"], "ab.mortal": p["mortal"]},
                     sequence=sequence)


@pytest.fixture(scope="module")
def critical():
    return load_pack(str(PACKS / "critical.yaml"))


@settings(max_examples=40, deadline=None)
@given(p=params)
def test_every_distribution_equals_brute_force(p, critical):
    """Each step's dice, the damage and the models destroyed equal the die-by-die enumeration."""
    assume(p["attacks"] != "D3" or p["sustained"] < 2)  # the reference enumerates every die: keep it small
    r = resolve(critical, "attack", _situation(p))
    want = brute({**p, "attacks": ATTACKS[p["attacks"]], "damage": DAMAGE[p["damage"]]})
    assert r.steps[0].dice_out == want["hits"]
    assert r.steps[1].dice_out == want["wounds"]
    assert r.steps[2].dice_out == want["unsaved"]
    assert r.damage == want["damage"]
    assert r.destroyed == want["destroyed"]


def test_skirmish_two_dice_hitting_and_saving_on_four():
    """skirmish.txt: "adjust the specific numerical result required on a die to achieve a success": each die
    hits on 4+ (1/2) and each hit is saved on 4+ (1/2), so a die gets through with chance 1/4."""
    r = resolve(load_pack("skirmish"), "attack",
                Situation(given={"attacker.to_hit": 4, "target.save": 4}, sequence={"attacks": 2}))
    assert r.outcome == {0: Fraction(9, 16), 1: Fraction(3, 8), 2: Fraction(1, 16)}


def test_wh40k_random_attacks_are_grouped_across_identical_weapons():
    """wh40k.txt: "generate the attacks for each of those weapons individually, and group them all together."
    Two D3 weapons make 2 to 6 attacks; hitting on 2+ with the unmodified 1 failing, each attack hits 5/6."""
    r = resolve(load_pack("wh40k"), "attack", Situation(sequence={
        "attacks": "D3", "weapons": 2, "hit": {"target": 2}, "wound": {"target": 2}, "save": {"target": 7}}))
    assert r.attacks == {2: Fraction(1, 9), 3: Fraction(2, 9), 4: Fraction(3, 9), 5: Fraction(2, 9),
                         6: Fraction(1, 9)}
    assert mean(r.steps[0].dice_out) == 4 * Fraction(5, 6)


def test_wh40k_random_damage_is_rolled_for_each_attack_and_excess_is_lost():
    """wh40k.txt: Random Damage is determined "each time an attack made with it inflicts damage"; one unsaved
    D3 attack against one-wound models destroys one model whatever it rolls (the excess is lost)."""
    r = resolve(load_pack("wh40k"), "attack", Situation(sequence={
        "attacks": 1, "hit": {"target": 1}, "wound": {"target": 1}, "save": {"target": 7}, "damage": "D3",
        "models": 3, "wounds": 1}))
    hit_and_wound = Fraction(5, 6) * Fraction(5, 6)  # an unmodified 1 always fails
    assert r.destroyed == {0: 1 - hit_and_wound, 1: hit_and_wound}


def test_at_least_n_is_the_tail_of_the_distribution():
    assert at_least({0: Fraction(1, 2), 3: Fraction(1, 2)}) == {1: Fraction(1, 2), 2: Fraction(1, 2),
                                                               3: Fraction(1, 2)}


BROKEN = """
pack: broken
quantities:
  hit_roll: {kind: roll, dice: D6}
  charge: {kind: roll, dice: 2D6}
  score: {kind: score, base: 4}
sequences:
  attack:
    steps:
      - step: hit
        roll: hit_rol
        events:
          - {name: crit, unmodified: 7}
          - {name: back, unmodified: 6, skip: [hit]}
      - step: hit
        roll: charge
      - step: save
        roll: score
    damage: score
"""


def test_bad_sequences_get_located_errors(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    with pytest.raises(PackError) as caught:
        load_pack(str(path))
    text = str(caught.value)
    for message in ("rolls 'hit_rol', which is not a quantity of the pack", "an unmodified 7, which a D6 cannot show",
                    "skips 'hit', which is not after step 'hit': a step cannot feed itself",
                    "step 'hit' given twice", "which is 2D6: a step rolls one die",
                    "damage: 'score' is a score, not a characteristic"):
        assert message in text, text
    assert f"{path}:11:" in text  # the misspelt roll, at its line


@pytest.mark.parametrize(("sequence", "message"), [
    ({"attacks": 2, "hit": {"target": 3}, "wound": {"target": 4}, "sav": {}}, "'sav' is neither an input nor a step"),
    ({"attacks": 2, "hit": {"target": 3}}, "step 'wound' needs what its roll must reach"),
    ({"attacks": 100000, "hit": {"target": 3}}, "beyond the limit"),
    ({"hit": {"target": 3}}, "needs the number of attacks"),
    ({"attacks": 1, "hit": {"target": 2, "rerol": "ones"}}, "unknown key 'rerol'"),
])
def test_bad_sequence_inputs_are_refused_before_anything_is_computed(sequence, message):
    with pytest.raises(RulingsError, match=message):
        resolve(load_pack("wh40k"), "attack", Situation(sequence=sequence))


def test_fantasy_shots_on_the_chart_hit_one_in_thirty_six():
    """fantasy.txt: "If modifiers push the required score to 7 or higher, a hit is still possible: first roll
    a 6, then roll again against the chart below": a score of 9 needs a 6, then a 6, for each shot."""
    r = resolve(load_pack("fantasy"), "shooting", Situation(
        given={"shooter.bs": 2, "shooter.moved": True, "target.in_hard_cover": True, "special.sniper": True},
        sequence={"attacks": 2}))
    assert r.steps[0].kept == Fraction(1, 36)
    assert r.outcome == {0: Fraction(35, 36) ** 2, 1: 2 * Fraction(35, 36) * Fraction(1, 36), 2: Fraction(1, 36) ** 2}


def test_what_only_a_sequence_reads_is_not_unused():
    """A fact only an event or a step's target reads, and a roll no rule modifies but a sequence rolls, are
    used: check reports no unused_fact or unused_quantity for them (and still does for what nothing reads)."""
    from solver.space.check import check_pack

    pack = load_pack(str(PACKS / "critical.yaml"))
    kinds = {(f.kind, f.key) for f in check_pack(pack)}
    assert not any(kind.startswith("unused") for kind, _ in kinds), kinds
    orphan = replace(pack, facts={**pack.facts, "ab.orphan": replace(pack.facts["ab.lethal"], name="ab.orphan")})
    assert ("unused_fact", "unused_fact.ab.orphan") in {(f.kind, f.key) for f in check_pack(orphan)}


def test_a_reading_that_changes_a_step_shows_the_attack_under_both():
    """skirmish.txt: "Targets that are categorized as Flanked or possess a Dash Token provide a -1 Bonus to the
    Hit requirement." Read as two Bonuses, a To-Hit Value of 4 against a Flanked target with a Dash Token is 2
    (5/6); read as one, 3 (2/3). Six dice against a save of 5+ (fails 2/3): 6 x 5/6 x 2/3 = 10/3 unsaved hits,
    or 6 x 2/3 x 2/3 = 8/3. A reading the situation states is the one used, alone."""
    pack = load_pack("skirmish")
    given = {"attacker.to_hit": 4, "target.save": 5, "target.flanked": True, "target.dash_token": True}
    r = resolve(pack, "attack", Situation(given=given, sequence={"attacks": 6}))
    assert mean(r.outcome) == Fraction(10, 3)
    ((reading, option, other),) = r.readings
    assert (reading, option, mean(other.outcome)) == ("hit_bonuses", "one_bonus", Fraction(8, 3))
    chosen = resolve(pack, "attack", Situation(given=given, sequence={"attacks": 6},
                                               reading={"hit_bonuses": "one_bonus"}))
    assert mean(chosen.outcome) == Fraction(8, 3) and chosen.readings == ()
    plain = resolve(pack, "attack", Situation(given={"attacker.to_hit": 4, "target.save": 5}, sequence={"attacks": 6}))
    assert plain.readings == ()  # neither trigger: both readings give the same attack


def test_wh40k_weapons_of_different_random_attacks_are_grouped():
    """wh40k.txt: "If several weapons with random A characteristics are making identical attacks, generate the
    attacks for each of those weapons individually, and group them all together." A D6 weapon and an A 2 weapon make
    3 to 8 attacks, each chance 1/6; with every step passing on 2+ (the unmodified 1 failing), each attack gets
    through with chance 5/6 x 5/6 and nothing is saved."""
    r = resolve(load_pack("wh40k"), "attack", Situation(sequence={
        "weapons": ["D6", 2], "hit": {"target": 2}, "wound": {"target": 2}, "save": {"target": 7}}))
    assert r.attacks == {n: Fraction(1, 6) for n in range(3, 9)}
    assert mean(r.steps[1].dice_out) == Fraction(11, 2) * Fraction(5, 6) * Fraction(5, 6)


@pytest.mark.parametrize(("sequence", "message"), [
    ({"weapons": ["D6", 2], "attacks": "D6"}, "weapons lists each weapon's attacks, and attacks gives them too"),
    ({"weapons": []}, "is not a list of weapons' attacks"),
    ({"weapons": 0, "attacks": "D6"}, "is not a number of weapons"),
])
def test_a_sequences_weapons_refuse_what_cannot_be_grouped(sequence, message):
    """A sequence's weapons are how many identical ones, or each weapon's attacks given instead of `attacks`."""
    with pytest.raises(RulingsError, match=message):
        resolve(load_pack("wh40k"), "attack", Situation(sequence={
            **sequence, "hit": {"target": 2}, "wound": {"target": 2}, "save": {"target": 7}}))


def test_weapons_listed_for_a_pack_without_an_attacks_characteristic_are_added_up():
    """A pack whose sequence takes its attacks as given (skirmish) adds up each listed weapon's own attacks: 2 and
    D3 make 3 to 5 attacks, each chance 1/3."""
    r = resolve(load_pack("skirmish"), "attack",
                Situation(given={"attacker.to_hit": 4, "target.save": 4}, sequence={"weapons": [2, "D3"]}))
    assert r.attacks == {3: Fraction(1, 3), 4: Fraction(1, 3), 5: Fraction(1, 3)}

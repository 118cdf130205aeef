"""`diff` on sequences (solver/space/sequence_diff.py), checked where mutation testing found nothing watching
(`python tools/mutate.py solver/space/sequence_diff.py`): the inputs an attack is replayed with, the facts a
witness sets, the causes named, how many situations are tried, and what is said when none shows the change.

Every outcome is worked out in the test from the dice (a D6 roll on 4+ passes 1/2, a D3 roll on 2+ passes 2/3,
two attacks are two independent dice) or from the small packs written here, never read back from `diff`.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from kb.loader import load_pack
from solver.space.check import BASE
from solver.space.diff import Change, PackDiff, diff_packs
from solver.space.sequence_diff import CANDIDATES, SEQUENCE
from tests.solver.small_packs import bools, pack, pack_text

HERE = Path(__file__).parent
CRITICAL = str(HERE / "sequence_packs" / "critical.yaml")

HIT = "hit_roll: {kind: roll, dice: D6}"
ONE_STEP = ["attack:", "  steps:", "    - {step: hit, roll: hit_roll, passes: hits}"]
UP = "up: {quantity: hit_roll, change: +%d, when: x.up}"


def _attack(result: PackDiff, name: str = "attack") -> Change:
    """The one change `diff` finds in sequence `name`."""
    (change,) = [c for c in result.changes if c.quantity == name]
    return change


def _two_attacks(one: dict[int, Fraction]) -> dict[int, Fraction]:
    """The total of two independent attacks, each giving `one`."""
    out: dict[int, Fraction] = {}
    for a, pa in one.items():
        for b, pb in one.items():
            out[a + b] = out.get(a + b, Fraction(0)) + pa * pb
    return out


def _shown(dist: dict[int, Fraction], what: str) -> str:
    """A sequence's brief display, written out from its distribution: the mean, then at least 1, 2 and 3."""
    mean = sum((n * p for n, p in dist.items()), Fraction(0))
    chances = [f"{n}: {sum(p for k, p in dist.items() if k >= n)}" for n in range(1, min(max(dist), 3) + 1)]
    return f"mean {mean} {what}" + (f"; at least {', '.join(chances)}" if chances else "")


def _hits(chance: Fraction) -> dict[int, Fraction]:
    """What one attack's single die gives when it goes on with `chance`."""
    return {0: 1 - chance, 1: chance}


# -- the inputs an attack is replayed with ----------------------------------------------------------------------


def test_an_attack_counted_by_a_characteristic_is_replayed_at_the_base_that_characteristic_changed_at() -> None:
    """The attacks characteristic gains +2 rather than +1 for x.up. Its own change shows from the smallest base
    its search tries, 0: one attack before, two after, each hitting on the middle of a D6 (4+, 1/2)."""
    result = _raised_characteristic("shots", "more", "attacks")
    shots = next(c for c in result.changes if c.quantity == "shots")
    assert shots.witness == {"x.up": True, BASE: 0}
    attack = _attack(result)
    assert attack.witness == {"x.up": True, SEQUENCE: {"attacks": 0, "hit": {"target": 4}}}
    half = _hits(Fraction(1, 2))
    assert (attack.old, attack.new) == (_shown(half, "hits"), _shown(_two_attacks(half), "hits"))
    assert (attack.old, attack.new) == ("mean 1/2 hits; at least 1: 1/2", "mean 1 hits; at least 1: 3/4, 2: 1/4")
    assert attack.causes == ("more",)


def test_an_attack_whose_damage_is_a_characteristic_is_replayed_at_the_base_that_characteristic_changed_at() -> None:
    """The damage characteristic gains +2 rather than +1 for x.up: at base 0 each hit does 1 damage
    before, 2 after. The attacks, which the situation gives, stay two."""
    result = _raised_characteristic("dmg", "harder", "damage")
    attack = _attack(result)
    assert attack.witness == {"x.up": True, SEQUENCE: {"attacks": 2, "damage": 0, "hit": {"target": 4}}}
    hits = _two_attacks(_hits(Fraction(1, 2)))
    assert attack.old == _shown(hits, "damage") == "mean 1 damage; at least 1: 3/4, 2: 1/4"
    assert attack.new == _shown({2 * n: p for n, p in hits.items()}, "damage")
    assert attack.new == "mean 2 damage; at least 1: 3/4, 2: 3/4, 3: 1/4"


def test_an_attack_whose_damage_characteristic_did_not_change_is_replayed_at_one_damage() -> None:
    """Only the hit roll changes (x.up adds 2 rather than 1): the damage characteristic is given as 1, so the
    damage is the number of hits, on 3+ (4/6) before and 2+ (5/6) after."""
    text = pack_text("p", facts=bools("x.up"),
                     quantities=[HIT, "dmg: {kind: characteristic, characteristic: number}"],
                     modifiers=UP % 1, sequences=["attack:", "  damage: dmg", *ONE_STEP[1:]])
    attack = _attack(diff_packs(pack(text), pack(text, pack_text("p", modifiers=UP % 2))))
    assert attack.witness == {"x.up": True, SEQUENCE: {"attacks": 2, "damage": 1, "hit": {"target": 4}}}
    before, after = _two_attacks(_hits(Fraction(4, 6))), _two_attacks(_hits(Fraction(5, 6)))
    assert (attack.old, attack.new) == (_shown(before, "damage"), _shown(after, "damage"))
    assert attack.old == "mean 4/3 damage; at least 1: 8/9, 2: 4/9"


def test_an_attack_on_a_changed_roll_is_replayed_at_the_middle_of_each_die() -> None:
    """x.up raises the D6 hit roll by 2 rather than 1; the wound step rolls a D3. Where the witness of the roll's
    change sets no target, each step's target is its die's middle: 4+ on the D6, 2+ on the D3."""
    text = pack_text("p", facts=bools("x.up"), quantities=[HIT, "d3_roll: {kind: roll, dice: D3}"],
                     modifiers=UP % 1,
                     sequences=[*ONE_STEP, "    - {step: wound, roll: d3_roll, passes: wounds}"])
    result = diff_packs(pack(text), pack(text, pack_text("p", modifiers=UP % 2)))
    attack = _attack(result)
    assert attack.witness == {"x.up": True, SEQUENCE: {"attacks": 2, "hit": {"target": 4}, "wound": {"target": 2}}}
    wound = Fraction(2, 3)  # a D3 on 2+
    before = _two_attacks(_hits(Fraction(4, 6) * wound))  # +1: a 3 hits
    after = _two_attacks(_hits(Fraction(5, 6) * wound))  # +2: a 2 hits
    assert (attack.old, attack.new) == (_shown(before, "wounds"), _shown(after, "wounds"))
    assert attack.old == "mean 8/9 wounds; at least 1: 56/81, 2: 16/81"
    assert attack.causes == ("up",)


def test_an_attack_on_a_roll_changed_at_one_target_only_is_replayed_at_that_target() -> None:
    """An erratum makes an unmodified 6 always hit: that shows only at a target no D6 reaches, 7. The attack is
    replayed with the hit on 7+ (no hit before, 1/6 after) and the wound, whose roll did not change, on 4+."""
    text = pack_text("p", quantities=[HIT, "wound_roll: {kind: roll, dice: D6}"],
                     sequences=[*ONE_STEP, "    - {step: wound, roll: wound_roll, passes: wounds}"])
    erratum = pack_text("p", quantities="hit_roll: {kind: roll, dice: D6, always: [{unmodified: 6, result: passes}]}")
    result = diff_packs(pack(text), pack(text, erratum))
    assert next(c for c in result.changes if c.quantity == "hit_roll").witness == {"target": 7}
    attack = _attack(result)
    assert attack.witness == {SEQUENCE: {"attacks": 2, "hit": {"target": 7}, "wound": {"target": 4}}}
    after = _two_attacks(_hits(Fraction(1, 6) * Fraction(1, 2)))
    assert (attack.old, attack.new) == ("mean 0 wounds", _shown(after, "wounds"))
    assert attack.new == "mean 1/6 wounds; at least 1: 23/144, 2: 1/144"
    assert attack.causes == ("hit_roll", "hit_roll (always)")  # the roll it uses, and what of it changed


def test_an_attack_whose_brief_display_stays_the_same_is_told_apart_by_its_whole_distribution() -> None:
    """Each hit on a 5 brings 2 extra hits and each on a 6 brings 4; the erratum makes both 3. One die gives 0
    (1/2), 1 (a 4) or, before, 3 or 5, after, 4 twice: the same mean and the same chances of 0, 1 and 2, so two
    attacks show the same mean and chances of at least 1, 2 and 3, and only the whole distribution differs.

    Two dice, before: 0 1/4; 1 2x(1/2)(1/6); 2 (1/6)^2; 3 and 5 2x(1/2)(1/6) each; 4 (1+3) and 8 (3+5) 2/36
    each; 6 (1+5, 3+3) 3/36; 10 1/36. After: 0, 1, 2 the same; 4 2x(1/2)(1/3); 5 2x(1/6)(1/3); 8 (1/3)^2."""
    def step(five: int, six: int) -> str:
        return (f"    - {{step: hit, roll: hit_roll, passes: hits, events: [{{name: a, unmodified: 5, extra: {five}}}, "
                f"{{name: b, unmodified: 6, extra: {six}}}]}}")

    text = pack_text("p", quantities=HIT, sequences=[*ONE_STEP[:2], step(2, 4)])
    result = diff_packs(pack(text), pack(text, pack_text("p", sequences=[*ONE_STEP[:2], step(3, 3)])))
    attack = _attack(result)
    assert attack.witness == {SEQUENCE: {"attacks": 2, "hit": {"target": 4}}}
    brief = "mean 3 hits; at least 1: 3/4, 2: 7/12, 3: 5/9"
    assert attack.old == (f"{brief}; distribution 0: 1/4, 1: 1/6, 2: 1/36, 3: 1/6, 4: 1/18, 5: 1/6, 6: 1/12, "
                          "8: 1/18, 10: 1/36")
    assert attack.new == f"{brief}; distribution 0: 1/4, 1: 1/6, 2: 1/36, 4: 1/3, 5: 1/9, 8: 1/9"


# -- the facts a witness sets ----------------------------------------------------------------------------------


def test_a_witness_sets_only_the_facts_its_change_needs() -> None:
    """critical.yaml without lethal hits: the change shows only for a weapon with Lethal Hits, so the witness
    sets ab.lethal and leaves every other fact (hit.mod, save.mod, ab.sustained, ab.mortal: 0) at its default."""
    result = diff_packs(load_pack(CRITICAL), load_pack(CRITICAL, extra=[str(HERE / "diff_packs" /
                                                                         "critical_no_lethal.yaml")]))
    steps = {s: {"target": 4} for s in ("hit", "wound", "save", "ward")}
    assert _attack(result).witness == {"ab.lethal": True, SEQUENCE: {"attacks": 2, **steps}}


def test_a_roll_change_is_replayed_with_the_typical_value_of_a_fact_only_the_new_attack_reads() -> None:
    """The erratum adds an extra hit on a 6 when n.x > 3 (n.x from 1 to 6, no default) and makes x.up's bonus +2.
    The roll's witness (x.up) is completed with n.x at its lower middle, 3, where the new event does not fire:
    the hit goes from 3+ (4/6) to 2+ (5/6)."""
    old = pack_text("p", facts=[*bools("x.up"), "n.x: {type: int, range: [1, 6]}"], quantities=HIT,
                    modifiers=UP % 1, sequences=ONE_STEP)
    erratum = pack_text("p", modifiers=UP % 2,
                        sequences=[*ONE_STEP[:2], "    - {step: hit, roll: hit_roll, passes: hits, events: "
                                                  "[{name: crit, unmodified: 6, extra: 1, when: 'n.x > 3'}]}"])
    attack = _attack(diff_packs(pack(old), pack(old, erratum)))
    assert attack.witness == {"x.up": True, "n.x": 3, SEQUENCE: {"attacks": 2, "hit": {"target": 4}}}
    before, after = _two_attacks(_hits(Fraction(4, 6))), _two_attacks(_hits(Fraction(5, 6)))
    assert (attack.old, attack.new) == (_shown(before, "hits"), _shown(after, "hits"))
    assert attack.causes == ("attack", "up")


def test_a_step_added_is_resolved_with_the_typical_value_of_a_fact_its_roll_reads() -> None:
    """The erratum adds a wound roll on 4+, which s.tough > 3 worsens by 1 (s.tough from 1 to 6, no default). The
    attack is resolved with s.tough at its lower middle, 3: two hits at 1/2 before, two wounds at 1/4 after."""
    old = pack_text("p", facts="s.tough: {type: int, range: [1, 6]}",
                    quantities=[HIT, "wound_roll: {kind: roll, dice: D6}"],
                    modifiers="tough: {quantity: wound_roll, change: -1, when: 's.tough > 3'}", sequences=ONE_STEP)
    erratum = pack_text("p", sequences=[*ONE_STEP, "    - {step: wound, roll: wound_roll, target: 4, passes: wounds}"])
    attack = _attack(diff_packs(pack(old), pack(old, erratum)))
    assert attack.witness == {"s.tough": 3, SEQUENCE: {"attacks": 2, "hit": {"target": 4}}}
    before, after = _two_attacks(_hits(Fraction(1, 2))), _two_attacks(_hits(Fraction(1, 4)))
    assert (attack.old, attack.new) == (_shown(before, "hits"), _shown(after, "wounds"))
    assert attack.new == "mean 1/2 wounds; at least 1: 7/16, 2: 1/16"


def test_a_fact_only_the_old_version_has_is_not_varied() -> None:
    """The new version drops y.old (false unless given), which made a 6 score an extra hit, and gives the extra
    hit always. The attack changes where nothing is given: one die 4 or 5 (1/3) is a hit, a 6 (1/6) two."""
    old = pack_text("p", facts="y.old: {type: bool, default: false}", quantities=HIT,
                    sequences=[*ONE_STEP[:2], "    - {step: hit, roll: hit_roll, passes: hits, events: "
                                              "[{name: crit, unmodified: 6, extra: 1, when: y.old}]}"])
    new = pack_text("p", quantities=HIT,
                    sequences=[*ONE_STEP[:2], "    - {step: hit, roll: hit_roll, passes: hits, events: "
                                              "[{name: crit, unmodified: 6, extra: 1}]}"])
    attack = _attack(diff_packs(pack(old), pack(new)))
    assert attack.witness == {SEQUENCE: {"attacks": 2, "hit": {"target": 4}}}
    after = _two_attacks({0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)})
    assert (attack.old, attack.new) == (_shown(_two_attacks(_hits(Fraction(1, 2))), "hits"), _shown(after, "hits"))
    assert attack.new == "mean 4/3 hits; at least 1: 3/4, 2: 5/12, 3: 5/36"
    assert attack.causes == ("y.old", "attack")


# -- the causes named, and what a sequence's search covered ---------------------------------------------------


def test_the_causes_of_an_attack_are_the_changed_rules_it_reads_and_none_other() -> None:
    """The erratum adds Sustained Hits (ab.sustained, 1 unless given): a 6 to hit scores that many more hits. It
    also makes the morale roll a D3. The attack reads ab.sustained (only the new version has it) and never rolls
    morale: its causes are ab.sustained and itself. Where nothing is given, one die gives 0 (1/2), 1 (a 4 or 5,
    1/3) or 2 (a 6, 1/6)."""
    old = pack_text("p", quantities=[HIT, "morale: {kind: roll, dice: D6}"], sequences=ONE_STEP)
    erratum = pack_text("p", facts="ab.sustained: {type: int, range: [0, 2], default: 1}",
                        quantities="morale: {kind: roll, dice: D3}",
                        sequences=[*ONE_STEP[:2], "    - {step: hit, roll: hit_roll, passes: hits, events: "
                                                  "[{name: sustained, unmodified: 6, extra: ab.sustained}]}"])
    result = diff_packs(pack(old), pack(old, erratum))
    assert set(result.changed_rules) == {"morale", "ab.sustained", "attack"}
    attack = _attack(result)
    assert attack.causes == ("ab.sustained", "attack")
    assert attack.witness == {SEQUENCE: {"attacks": 2, "hit": {"target": 4}}}
    after = _two_attacks({0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)})
    assert (attack.old, attack.new) == (_shown(_two_attacks(_hits(Fraction(1, 2))), "hits"), _shown(after, "hits"))


def test_a_roll_only_the_new_version_has_is_a_cause_and_leaves_the_attack_unproven() -> None:
    """The erratum adds a save on 4+ with a roll of its own: the attack changes (two hits at 1/2 become two
    unsaved hits at 1/4), and since the new roll has no search of its own, the attack is not proven beyond it."""
    old = pack_text("p", quantities=HIT, sequences=ONE_STEP)
    erratum = pack_text("p", quantities="save_roll: {kind: roll, dice: D6}",
                        sequences=[*ONE_STEP, "    - {step: save, roll: save_roll, target: 4, keep: fails, "
                                              "passes: unsaved hits}"])
    result = diff_packs(pack(old), pack(old, erratum))
    attack = _attack(result)
    assert attack.causes == ("save_roll", "attack")
    assert attack.new == _shown(_two_attacks(_hits(Fraction(1, 4))), "unsaved hits")
    assert result.coverage["attack"].reasons == ["attack uses save_roll, which only one version has"]
    assert not result.exhaustive


def test_a_sequence_only_the_new_version_has_is_not_compared_but_comes() -> None:
    old = pack_text("p", quantities=HIT, sequences=ONE_STEP)
    erratum = pack_text("p", sequences=["volley:", "  steps:", "    - {step: shot, roll: hit_roll, passes: hits}"])
    result = diff_packs(pack(old), pack(old, erratum))
    assert result.changed_rules == ("volley",)
    assert [(c.quantity, c.old, c.new, c.causes) for c in result.changes] == [
        ("volley", "no such sequence", "volley", ("volley",))]  # named, not resolved: nothing to compare it with
    assert set(result.coverage) == {"hit_roll", "attack"}
    assert result.exhaustive


# -- when no situation tried shows the change --------------------------------------------------------------------


def _and_of_nine(extra: int) -> str:
    """A pack whose 6 to hit (on 4+) scores `extra` more hits only when all nine facts c.f1 .. c.f9 hold."""
    names = [f"c.f{i}" for i in range(1, 10)]
    event = f"{{name: crit, unmodified: 6, extra: {extra}, when: '{' and '.join(names)}'}}"
    return pack_text("p", facts=bools(*names), quantities=HIT,
                     sequences=[*ONE_STEP[:2], f"    - {{step: hit, roll: hit_roll, target: 4, passes: hits, "
                                               f"events: [{event}]}}"])


def test_at_most_256_mixes_of_an_attacks_facts_are_tried_and_each_is_counted() -> None:
    """Nine true-or-false facts make 512 mixes, defaults first: the only one where the changed event fires (all
    nine true) is the last, beyond the 256 tried. So the change is not found, and the attack not said unchanged."""
    assert CANDIDATES == 256
    result = diff_packs(pack(_and_of_nine(1)), pack(_and_of_nine(2)))
    assert result.changes == ()
    assert result.searched["attack"] == 256
    assert result.coverage["attack"].reasons == [
        "attack changed, and no situation tried changed attack's outcome: it is not proven unchanged"]


def test_an_attack_no_situation_changes_names_every_change_and_the_next_attack_is_still_compared() -> None:
    """An unmodified 6 now always hits, and `attack` now carries excess damage over. `attack` hits on its own 4+
    and gives no damage, so neither change shows in it; `volley`, whose hit the situation sets, changes at 7+."""
    volley = ["volley:", "  steps:", "    - {step: shot, roll: hit_roll, passes: hits}"]
    text = pack_text("p", quantities=HIT,
                     sequences=[*ONE_STEP[:2], "    - {step: hit, roll: hit_roll, target: 4, passes: hits}", *volley])
    erratum = pack_text("p", quantities="hit_roll: {kind: roll, dice: D6, always: [{unmodified: 6, result: passes}]}",
                        sequences=[*ONE_STEP[:2], "    - {step: hit, roll: hit_roll, target: 4, passes: hits}",
                                   "  carry_over: true", *volley])
    result = diff_packs(pack(text), pack(text, erratum))
    assert not any(c.quantity == "attack" for c in result.changes)
    assert result.coverage["attack"].reasons == [
        "hit_roll, attack changed, and no situation tried changed attack's outcome: it is not proven unchanged"]
    shot = _attack(result, "volley")
    assert shot.witness == {SEQUENCE: {"attacks": 2, "shot": {"target": 7}}}
    assert (shot.old, shot.new) == ("mean 0 hits", _shown(_two_attacks(_hits(Fraction(1, 6))), "hits"))


def test_every_situation_tried_for_an_attack_is_counted() -> None:
    """Excess damage now carries over, which shows only where damage, models and wounds are given: the attack's
    two true-or-false facts make four mixes, each tried and none showing it."""
    steps = ["  steps:", "    - step: hit", "      roll: hit_roll", "      passes: hits", "      events:",
             "        - {name: a, unmodified: 6, extra: 1, when: k.a}",
             "        - {name: b, unmodified: 5, extra: 1, when: k.b}"]
    text = pack_text("p", facts=bools("k.a", "k.b"), quantities=HIT, sequences=["attack:", *steps])
    result = diff_packs(pack(text), pack(text, pack_text("p", sequences=["attack:", *steps, "  carry_over: true"])))
    assert result.changes == ()
    assert result.searched["attack"] == 4
    assert not result.coverage["attack"].exhaustive


def _raised_characteristic(quantity: str, rule: str, role: str) -> PackDiff:
    """The diff of a pack whose attack takes its `role` (attacks or damage) from the characteristic `quantity`, which
    `rule` raises by +1 for x.up, against the same pack where it raises it by +2."""
    text = pack_text("p", facts=bools("x.up"),
                     quantities=[HIT, f"{quantity}: {{kind: characteristic, characteristic: number}}"],
                     modifiers=f"{rule}: {{quantity: {quantity}, change: +1, when: x.up}}",
                     sequences=["attack:", f"  {role}: {quantity}", *ONE_STEP[1:]])
    erratum = pack_text("p", modifiers=f"{rule}: {{quantity: {quantity}, change: +2, when: x.up}}")
    return diff_packs(pack(text), pack(text, erratum))

"""`diff`: which rulings change between two versions of a pack, checked where mutation testing found nothing
watching (`python tools/mutate.py solver/space/diff.py`).

Every expected change is worked out in the test from the dice (a D6 has six faces, 2D6 thirty-six outcomes) or
from the rule text of the small packs written here, never read back from `diff` itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from kb.loader import load_pack
from kb.model import Pack
from solver.space.diff import TARGET, changed_rules, diff_packs
from tests.solver.small_packs import DICE, bools, keen_damage, pack, pack_text, rerolling
from tests.terminal import watched

HERE = Path(__file__).parent


def _versions(text: str, old: object = 1, new: object = 2) -> tuple[Pack, Pack]:
    """The pack `text` before and after an erratum: its blanks (`%d`, `%s`) filled with `old`, then with `new`."""
    return pack(text % old), pack(text % new)


# -- a roll with no target of its own is compared at every target that can tell two rolls apart ----------------

ROLL = pack_text("dice", facts=bools("unit.blessed", "unit.shaken"), quantities="hit: {kind: roll, dice: D6}",
                 modifiers=["blessed: {quantity: hit, change: +1, when: unit.blessed}",
                            "shaken: {quantity: hit, change: -1, when: unit.shaken}"])
ALWAYS = """\
quantities:
  hit:
    kind: roll
    dice: D6
    always: [{unmodified: 1, result: fails}, {unmodified: 6, result: passes}]
"""


def _chance(modifier: int, target: int, *, always: bool) -> Fraction:
    """A D6 plus `modifier` reaching `target`; with `always`, an unmodified 1 fails and a 6 passes."""
    def passes(face: int) -> bool:
        if always and face in (1, 6):
            return face == 6
        return face + modifier >= target

    return Fraction(sum(passes(face) for face in range(1, 7)), 6)


def _shown(blessed: bool, shaken: bool) -> tuple[dict[str, bool], int, str]:
    facts = {name: True for name, on in (("unit.blessed", blessed), ("unit.shaken", shaken)) if on}
    modifier = blessed - shaken
    applied = [rule for rule, on in (("blessed +1", blessed), ("shaken -1", shaken)) if on]
    display = "D6" + (f"{modifier:+d}" if modifier else "") + ("; applied " + ", ".join(applied) if applied else "")
    return facts, modifier, display


def test_an_unmodified_result_that_always_fails_or_passes_shows_at_the_targets_it_decides() -> None:
    """An erratum: "an unmodified 1 always fails, an unmodified 6 always passes". Without a target of its own the
    roll reads the same ("D6+1"); its chance differs only at a target the 1 alone reaches, or only the 6 does.

    The targets tried are each result the roll can end as and one above the highest (below 1 reads as 1); the
    smallest of them that shows a change is its witness."""
    result = diff_packs(pack(ROLL), pack(ROLL, ALWAYS), "hit")
    expected: dict[tuple[str, str], dict[str, Any]] = {}
    for blessed, shaken in product((False, True), repeat=2):
        facts, modifier, display = _shown(blessed, shaken)
        results = range(1 + modifier, 7 + modifier)
        tried = sorted({max(1, t) for t in results} | {max(results) + 1})
        for target in tried:
            before, after = (_chance(modifier, target, always=a) for a in (False, True))
            if before != after:
                expected.setdefault((f"{display} (chance {before}, net modifier {modifier:+d})",
                                     f"{display} (chance {after}, net modifier {modifier:+d})"),
                                    {**facts, TARGET: target})
    # a 1 that reached its target and a 6 that did not, in each of the four situations; but shaken alone, a 1
    # ends as 0 and never reaches a target (below 1 reads as 1): that 1 fails anyway
    assert len(expected) == 7
    assert {(c.old, c.new): dict(c.witness) for c in result.changes} == expected
    assert {c.causes for c in result.changes} == {("hit (always)",)}
    assert result.exhaustive


def test_the_targets_of_a_roll_are_read_in_the_situation_compared() -> None:
    """Blessed, the roll ends as 2 to 7: the 1 that always fails shows at a target of 2, the lowest it can end
    as, not at 1 (a target a D6 without its +1 would also tell apart)."""
    result = diff_packs(pack(ROLL), pack(ROLL, ALWAYS), "hit")
    blessed = [dict(c.witness) for c in result.changes if dict(c.witness).get("unit.blessed")
               and not dict(c.witness).get("unit.shaken")]
    assert sorted(w[TARGET] for w in blessed) == [2, 8]


# -- a change seen only in a chance ------------------------------------------------------------------------------

LEADER = str(HERE / "proof_packs" / "leader_reroll.yaml")


def _two_d6() -> Iterator[int]:
    return (a + b for a in range(1, 7) for b in range(1, 7))


def test_a_leader_re_roll_of_a_failed_command_roll_shows_as_its_chance() -> None:
    """skirmish: a Command Roll passes when the modified 2D6 total reaches the Faction Command Value. An erratum
    lets a unit near a Leader re-roll a failed one: passing is then 1 - (chance of failing)^2, and the answer
    says "re-rolls failed". The total reads "2D6" (or "2D6-1", shaken) either way: the chance tells them apart.
    """
    result = diff_packs(load_pack("skirmish"), load_pack("skirmish", extra=[LEADER]), "command_roll")
    expected = {}
    for shaken, value in product((False, True), range(2, 13)):
        modifier = -1 if shaken else 0
        chance = Fraction(sum(t + modifier >= value for t in _two_d6()), 36)
        again = 1 - (1 - chance) ** 2
        display = "2D6-1; applied shaken -1" if shaken else "2D6"
        expected[(f"{display} (chance {chance}, net modifier {modifier:+d})",
                  f"{display} (chance {again}, net modifier {modifier:+d}, re-rolls failed)")] = {
            "faction.command_value": value, **({"unit.shaken": True} if shaken else {}), "unit.leader_near": True}
    assert {(c.old, c.new): dict(c.witness) for c in result.changes} == expected
    assert all(c.count == 1 for c in result.changes)
    assert result.searched == {"command_roll": 2 * 2 * 11} and result.exhaustive


# -- how many situations a change stands for -----------------------------------------------------------------------

SIZED = pack_text("sized", facts=["unit.size: {type: int, range: [1, 10], default: 5%s}",
                                  *bools("unit.flanked", "unit.a", "unit.b", "unit.c")],
                  quantities="dice: {kind: pool, base: 6}",
                  modifiers=["big: {quantity: dice, change: -1, when: unit.size >= 8}",
                             *(f"{x}: {{quantity: dice, change: -1, when: unit.{x}}}"
                               for x in ("flanked", "a", "b", "c"))])
FLANKED_2 = "modifiers:\n  flanked: {quantity: dice, change: -2, when: unit.flanked}\n"


def _flanked_erratum(typical: str = "") -> tuple[Pack, Pack]:
    """The sized pack (with `typical` beside the size's default) before and after the erratum that makes flanked
    cost two dice."""
    text = SIZED % typical
    return pack(text), pack(text, FLANKED_2)


@pytest.mark.parametrize("typical", ["", ", typical: 2"], ids=["default", "typical-beside-default"])
def test_each_change_counts_every_situation_it_stands_for(typical: str) -> None:
    """Flanked costs two dice, not one: every situation where the unit is flanked changes, and no other. The
    situations are every size 1 to 10 and every mix of the four conditions (160); a change stands for those that
    read alike: whether the unit is big (8 or more: sizes 8 to 10, else 1 to 7) and how many of a, b and c hold
    (which ones does not matter: their rules are alike). A size left at its default stands for its sizes too."""
    result = diff_packs(*_flanked_erratum(typical))
    expected: Counter[tuple[bool, int]] = Counter()
    for size, flanked, *abc in product(range(1, 11), (False, True), (False, True), (False, True), (False, True)):
        if flanked:  # 6 - big - 1 - a - b - c becomes 6 - big - 2 - a - b - c
            expected[(size >= 8, sum(abc))] += 1
    counted = {}
    for change in result.changes:
        witness = dict(change.witness)
        assert witness["unit.flanked"] is True
        key = (witness.get("unit.size", 5) >= 8, sum(witness.get(f"unit.{x}", False) for x in "abc"))
        assert key not in counted
        counted[key] = change.count
    assert counted == expected and sum(counted.values()) == 80
    # one situation per combination of readings: big or not, flanked or not, and 0 to 3 of a, b, c
    assert result.searched == {"dice": 2 * 2 * 4} and result.exhaustive


def test_a_change_counts_the_situations_a_fact_it_does_not_show_tells_apart() -> None:
    """The erratum undone (flanked from -2 back to -1, alike to a, b and c now, but changed), and a calm unit's
    clamp that never bites (6 dice less at most 6 never go below 0): each change stands for twice the situations,
    calm or not, which read the same."""
    calm = (SIZED % "").replace("  unit.c: {type: bool}\n", "  unit.c: {type: bool}\n  unit.calm: {type: bool}\n") \
        + "policies:\n  floor: {kind: clamp, quantity: dice, min: 0, when: unit.calm}\n"
    result = diff_packs(pack(calm, FLANKED_2), pack(calm))
    expected: Counter[tuple[bool, int]] = Counter()
    for size, flanked, *abc, _calm in product(range(1, 11), *[(False, True)] * 5):
        if flanked:
            expected[(size >= 8, sum(abc))] += 1
    counted = {(dict(c.witness).get("unit.size", 5) >= 8, sum(dict(c.witness).get(f"unit.{x}", False) for x in "abc")):
               c.count for c in result.changes}
    assert counted == expected and sum(counted.values()) == 160
    assert result.searched == {"dice": 2 * 2 * 2 * 4}


# -- what changed, and which changes caused a change of answer -----------------------------------------------------

BEFORE = """\
pack: units
facts:
  unit.shaken: {type: bool, text: the unit is shaken}
  unit.flanked: {type: bool}
  unit.dice: {type: int, range: [1, 6], default: 4}
  weather.rain: {type: bool}
quantities:
  dice: {kind: pool, base: unit.dice}
  morale: {kind: pool, base: 2}
modifiers:
  shaken: {quantity: dice, change: -1, when: unit.shaken, text: shaken units fight worse}
  flanked: {quantity: dice, change: -1, when: unit.flanked}
  rain: {quantity: morale, change: -1, when: weather.rain}
policies:
  at_least_one: {kind: clamp, quantity: dice, min: 1}
"""


def test_changed_rules_lists_each_section_in_turn_each_name_sorted_and_ignores_wording() -> None:
    """Added, removed and changed entries count; an entry restated with other words or cited elsewhere does not."""
    after = (BEFORE.replace("text: the unit is shaken", "text: the unit has been shaken")
             .replace("text: shaken units fight worse", "text: shaken units fight badly")
             .replace("rain: {quantity: morale, change: -1", "rain: {quantity: morale, change: -2")
             .replace("  flanked: {quantity: dice, change: -1, when: unit.flanked}\n", "")
             .replace("  unit.flanked: {type: bool}\n", "")
             .replace("morale: {kind: pool, base: 2}", "morale: {kind: pool, base: 3}")
             .replace("min: 1}", "min: 2}")
             .replace("policies:\n", "  ambush: {quantity: dice, change: +1, when: unit.dice >= 5}\npolicies:\n"))
    assert changed_rules(pack(BEFORE), pack(after)) == ["ambush", "flanked", "rain", "at_least_one", "morale",
                                                        "unit.flanked"]
    assert changed_rules(pack(after), pack(BEFORE)) == ["ambush", "flanked", "rain", "at_least_one", "morale",
                                                        "unit.flanked"]
    assert changed_rules(pack(BEFORE), pack(BEFORE.replace("pack: units", "pack: other"))) == []


def test_each_change_is_put_down_to_the_changed_rules_its_rulings_name() -> None:
    """An erratum: flanked costs two dice, a unit rolls at least two, and rain costs morale two. A change of dice
    names flanked where it applies and at_least_one where it clamps, never rain (another quantity's)."""
    after = (BEFORE.replace("flanked: {quantity: dice, change: -1", "flanked: {quantity: dice, change: -2")
             .replace("min: 1}", "min: 2}").replace("rain: {quantity: morale, change: -1",
                                                    "rain: {quantity: morale, change: -2"))
    result = diff_packs(pack(BEFORE), pack(after), "dice")
    assert result.changed_rules == ("flanked", "rain", "at_least_one")
    assert result.changes
    for change in result.changes:
        given = dict(change.witness)
        dice = given.get("unit.dice", 4) - given.get("unit.shaken", False)
        flanked = given.get("unit.flanked", False)
        old, new = dice - flanked, dice - 2 * flanked
        clamped = old < 1 or new < 2  # the clamp bites before (below 1) or after (below 2)
        assert change.causes == (*(["flanked"] if flanked else []), *(["at_least_one"] if clamped else [])), given
    assert {c.causes for c in result.changes} == {("flanked",), ("at_least_one",), ("flanked", "at_least_one")}


def test_a_change_no_ruling_names_is_put_down_to_what_of_its_quantity_changed() -> None:
    """A re-roll is no modifier: a ruling names none. An erratum that changes the roll's dice and re-rolls (one
    rule changed, one added, one removed, one kept) and a rule of another quantity: each change of the roll is put
    down to the roll, with what of it changed, in the order the entries are written."""
    roll = pack_text("roll", facts=bools("unit.a", "unit.b", "unit.c", "unit.d"),
                     quantities=[*rerolling("hit", "{name: kept, reroll: ones, when: unit.a}",
                                            "{name: changed, reroll: ones, when: unit.b}",
                                            "{name: removed, reroll: ones, when: unit.c}"),
                                 "other: {kind: pool, base: 2}"],
                     modifiers="elsewhere: {quantity: other, change: -1, when: unit.a}")
    after = (roll.replace("dice: D6", "dice: D3").replace("reroll: ones, when: unit.b", "reroll: failed, when: unit.b")
             .replace("      - {name: removed, reroll: ones, when: unit.c}\n",
                      "      - {name: added, reroll: ones, when: unit.d}\n")
             .replace("change: -1, when: unit.a", "change: -2, when: unit.a"))
    result = diff_packs(pack(roll), pack(after), "hit")
    assert result.changes
    assert {c.causes for c in result.changes} == {("hit (re-roll changed, re-roll removed, re-roll added, dice)",)}


def test_a_quantity_only_the_new_version_has_changes_from_no_such_quantity() -> None:
    """Asked about a quantity the old version lacks, every situation changes, put down to the new quantity."""
    after = BEFORE.replace("  morale: {kind: pool, base: 2}\n", "  morale: {kind: pool, base: 2}\n"
                                                                "  fear: {kind: pool, base: 3}\n").replace(
        "policies:\n", "  scared: {quantity: fear, change: -1, when: unit.shaken}\npolicies:\n")
    result = diff_packs(pack(BEFORE), pack(after), "fear")
    # where scared applies it is the cause; elsewhere no changed rule is named, and the quantity's own changed
    # rules are: the new rule and the new quantity
    assert [(c.old, c.new, dict(c.witness), c.causes) for c in result.changes] == [
        ("no such quantity", "3 dice", {}, ("scared", "fear")),
        ("no such quantity", "2 dice; applied scared -1", {"unit.shaken": True}, ("scared",))]


def test_re_rolls_listed_in_another_order_change_no_ruling() -> None:
    """An erratum that only lists a roll's re-roll rules in another order tells no player anything else: the
    same re-rolls apply, with the same chances."""
    def roll(*rerolls: str) -> Pack:
        return pack(pack_text("roll", facts=bools("unit.a", "unit.b"),
                              quantities=rerolling("hit", *rerolls, kind="total", dice="2D6")))

    ones, failed = "{name: x, reroll: ones, when: unit.a}", "{name: y, reroll: failed, when: unit.b}"
    result = diff_packs(roll(ones, failed), roll(failed, ones))
    assert result.changed_rules == ("hit",)
    assert result.changes == () and result.exhaustive


# -- every change found, none made up: the search against asking every situation ----------------------------------


def _told(p: Pack, q: str, given: dict[str, Any]) -> str:
    """What `rulings ask` answers, or the error it gives (a situation a constraint forbids)."""
    from kb.errors import RulingsError
    from solver.ask import ask
    from solver.situation import Situation
    from solver.space.check import describe_ruling

    try:
        return describe_ruling(ask(p, q, Situation(given={f: v for f, v in given.items() if f in p.facts})))
    except RulingsError as e:
        return f"error: {e.message}"


def _every_situation(old: Pack, new: Pack, q: str) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """Every situation of the base facts either version has (each fact set away from its default or not), asked
    under both versions: the situations whose answer differs, by their two answers."""
    facts = {name: f for p in (new, old) for name, f in p.facts.items() if f.derive is None}
    out: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for values in product(*(list(f.domain) for f in facts.values())):
        given = {name: v for (name, f), v in zip(facts.items(), values, strict=True) if v != f.default}
        answers = (_told(old, q, given), _told(new, q, given))
        if answers[0] != answers[1] and not all(a.startswith("error: ") for a in answers):
            out.setdefault(answers, []).append(given)
    return out


def _same_as_every_situation(old: Pack, new: Pack, q: str) -> Any:
    """diff finds exactly the changes asking every situation finds, each witness replays to its change and is no
    larger than the smallest situation that shows it, and the search says it was exhaustive."""
    result = diff_packs(old, new, q)
    expected = _every_situation(old, new, q)
    assert expected  # each pack here changes something
    assert {(c.old, c.new) for c in result.changes} == set(expected)
    for change in result.changes:
        witness = dict(change.witness)
        assert (change.old, change.new) == (_told(old, q, witness), _told(new, q, witness))
        assert len(witness) <= min(len(g) for g in expected[(change.old, change.new)])
    assert result.exhaustive, result.coverage
    return result


def test_a_rule_that_needs_a_fact_a_constraint_forbids_at_its_default_is_searched_through_the_constraint() -> None:
    """A unit is in the open or in cover (a constraint: one of them), and only the open is read by a rule: a unit
    not in the open is in cover, which must be set for the situation to happen at all."""
    text = pack_text("open", facts=bools("unit.open", "unit.cover", "unit.shaken"), quantities=DICE,
                     modifiers=["hidden: {quantity: dice, change: -1, when: not unit.open}",
                                "shaken: {quantity: dice, change: -1, when: unit.shaken}"],
                     constraints="somewhere: {require: unit.open or unit.cover}")
    result = _same_as_every_situation(pack(text), pack(text, "modifiers:\n  hidden: {quantity: dice, change: -2, "
                                                            "when: not unit.open}\n"), "dice")
    # in the open, or in cover and not in the open (neither cannot happen); shaken or not
    assert result.searched == {"dice": 2 * 2}


def test_int_values_either_version_tells_apart_are_searched_apart() -> None:
    """A big unit was 5 or more, and is 7 or more: sizes 5 and 6 change, and only they, with or without the
    other rule that reads the size (a unit of 3 or less rolls one more)."""
    text = pack_text("sizes", facts=["unit.size: {type: int, range: [1, 10], default: 4}", *bools("unit.shaken")],
                     quantities="dice: {kind: pool, base: 6}",
                     modifiers=["big: {quantity: dice, change: -1, when: unit.size >= %d}",
                                "small: {quantity: dice, change: +1, when: unit.size <= 3 and not unit.shaken}"])
    _same_as_every_situation(*_versions(text, 5, 7), "dice")


def test_a_changed_derivation_is_searched_through_its_inputs() -> None:
    """Cover was a wall and a hedge together, and is either of them: given whole, cover reads the same in both
    versions; only its inputs show the change."""
    text = pack_text("derived", facts=[*bools("cover.wall", "cover.hedge", "unit.shaken"),
                                       "unit.covered: {type: bool, derive: cover.wall %s cover.hedge}"],
                     quantities=DICE, modifiers=["cover: {quantity: dice, change: -1, when: unit.covered}",
                                                 "shaken: {quantity: dice, change: -1, when: unit.shaken}"])
    _same_as_every_situation(*_versions(text, "and", "or"), "dice")


def test_a_derived_fact_read_beside_one_of_its_inputs_is_searched_through_its_inputs() -> None:
    """Cover reads the wall, and a rule reads the wall too: cover set whole beside a wall would free the wall
    from the cover it makes, so both are searched through the wall and the hedge."""
    text = pack_text("tangled", facts=[*bools("cover.wall", "cover.hedge"),
                                       "unit.covered: {type: bool, derive: cover.wall or cover.hedge}"],
                     quantities=DICE, modifiers=["cover: {quantity: dice, change: -1, when: unit.covered}",
                                                 "wall: {quantity: dice, change: %s, when: cover.wall}"])
    _same_as_every_situation(*_versions(text, "-1", "-2"), "dice")


# -- how a change shows what a player is told beyond the ruling's words ------------------------------------------


def _same_words(before: Any, after: Any) -> tuple[str, str]:
    """Two rulings shown as a change whose words read alike: what else differs is added to each."""
    from solver.space.diff import _shown_apart

    return _shown_apart((None, "same words", set(), before), (None, "same words", set(), after))


def test_a_change_shows_the_chance_and_the_follow_up_roll() -> None:
    """fantasy: BS 1 needs a 6; moving makes it 7, a 6 then 4+ (1/6 x 3/6); in soft cover too, a 6 then 5+
    (1/6 x 2/6)."""
    from solver.ask import ask
    from solver.situation import Situation

    fantasy = load_pack("fantasy")
    moved = ask(fantasy, "to_hit", Situation(given={"shooter.bs": 1, "shooter.moved": True}))
    covered = ask(fantasy, "to_hit", Situation(given={"shooter.bs": 1, "shooter.moved": True,
                                                      "target.in_soft_cover": True}))
    assert _same_words(moved, covered) == ("same words (chance 1/12, then 4+)", "same words (chance 1/18, then 5+)")


READ = pack_text("read", facts=bools("unit.shaken", "unit.flanked", "attack.template"),
                 quantities="hit: {kind: roll, dice: D6, automatic: attack.template}",
                 modifiers=["shaken: {quantity: hit, change: -1, when: unit.shaken}",
                            "flanked: {quantity: hit, change: -1, when: unit.flanked}"],
                 policies="once: {kind: exclusive, rules: [shaken, flanked], under: {penalties: once}}",
                 readings=["penalties:", "  sentence: a Shaken or Flanked unit suffers -1",
                           "  options: {cumulative: each status counts, once: one penalty in all}",
                           "  default: cumulative"])


def test_a_change_shows_every_readings_chance_and_an_automatic_result() -> None:
    """Shaken and flanked, a D6 needing 4: -2 (a 6, 1/6) if both count, -1 (a 5 or 6, 1/3) if once. A template
    hits automatically (chance 1)."""
    from solver.ask import ask
    from solver.situation import Situation

    p = pack(READ)
    both = ask(p, "hit", Situation(given={"unit.shaken": True, "unit.flanked": True}, target=4))
    shaken = ask(p, "hit", Situation(given={"unit.shaken": True}, target=4))
    template = ask(p, "hit", Situation(given={"attack.template": True}, target=4))
    assert _same_words(both, template) == (
        "same words (chance 1/6, net modifier -2, penalties = cumulative: chance 1/6, net modifier -2, "
        "penalties = once: chance 1/3, net modifier -1)",
        "same words (chance 1, automatic)")
    assert _same_words(shaken, template)[0] == "same words (chance 1/3, net modifier -1)"


def test_a_change_seen_only_in_the_results_a_roll_ends_as_shows_them() -> None:
    """Two answers alike in everything a player is told but the chance of each result: those are shown."""
    from dataclasses import replace

    from solver.ask import ask
    from solver.situation import Situation

    roll = ask(pack(READ), "hit", Situation(given={"unit.shaken": True}, target=4))
    sixth = {str(v): "1/6" for v in range(0, 6)}
    assert dict(roll.extra)["distribution"] == sixth  # a D6 minus 1: 0 to 5, each 1/6
    skewed = replace(roll, extra=(("distribution", {**sixth, "0": "1/12", "5": "1/4"}),))
    assert _same_words(roll, skewed) == (
        "same words (chance 1/3, net modifier -1, results 0: 1/6, 1: 1/6, 2: 1/6, 3: 1/6, 4: 1/6, 5: 1/6)",
        "same words (chance 1/3, net modifier -1, results 0: 1/12, 1: 1/6, 2: 1/6, 3: 1/6, 4: 1/6, 5: 1/4)")
    # the same within a reading: each reading's results are shown
    both = ask(pack(READ), "hit", Situation(given={"unit.shaken": True, "unit.flanked": True}, target=4))
    assert both.readings
    once = both.readings[1]
    assert (once.option, dict(once.ruling.extra)["distribution"]) == ("once", sixth)
    other = replace(both, readings=(both.readings[0], replace(once, ruling=skewed)))
    cumulative = ("penalties = cumulative: chance 1/6, net modifier -2, results -1: 1/6, 0: 1/6, 1: 1/6, 2: 1/6, "
                  "3: 1/6, 4: 1/6")
    assert _same_words(both, other) == (
        "same words (chance 1/6, net modifier -2, results -1: 1/6, 0: 1/6, 1: 1/6, 2: 1/6, 3: 1/6, 4: 1/6, "
        f"{cumulative}, penalties = once: chance 1/3, net modifier -1, results 0: 1/6, 1: 1/6, 2: 1/6, 3: 1/6, "
        "4: 1/6, 5: 1/6)",
        "same words (chance 1/6, net modifier -2, results -1: 1/6, 0: 1/6, 1: 1/6, 2: 1/6, 3: 1/6, 4: 1/6, "
        f"{cumulative}, penalties = once: chance 1/3, net modifier -1, results 0: 1/12, 1: 1/6, 2: 1/6, 3: 1/6, "
        "4: 1/6, 5: 1/4)")


def test_a_ruling_with_nothing_else_to_tell_shows_its_whole_answer() -> None:
    """A damage has no chance, modifier or follow-up: its whole answer tells two rulings apart (a D3, each result
    1/3 and 2 on average; a keen D3 +1, 3 on average)."""
    from solver.ask import ask
    from solver.situation import Situation

    p = pack(keen_damage("x"))
    plain, keen = (ask(p, "damage", Situation(given=g, base="D3")) for g in ({}, {"weapon.keen": True}))
    assert _same_words(plain, keen) == (
        "same words (('D3', 'D3: 1 (1/3), 2 (1/3), 3 (1/3)', None, None, None, None, \"(('distribution', "
        "{'1': '1/3', '2': '1/3', '3': '1/3'}), ('mean', '2'))\", ()))",
        "same words (('D3 +1', 'D3 +1: 2 (1/3), 3 (1/3), 4 (1/3)', None, None, None, None, \"(('distribution', "
        "{'2': '1/3', '3': '1/3', '4': '1/3'}), ('mean', '3'))\", ()))")


def test_two_re_rolls_that_apply_are_both_named() -> None:
    """An erratum adds a re-roll of failed rolls to a re-roll of 1s: a D6 needing 4 passes 7/12 with 1s
    re-rolled (1/2 + 1/6 x 1/2), 3/4 with failed rolls re-rolled (1 - 1/2 x 1/2), whichever the player picks."""
    def roll(*rerolls: str) -> Pack:
        return pack(pack_text("roll", facts=bools("unit.a"),
                              quantities=rerolling("hit", "{name: ones, reroll: ones, when: unit.a}", *rerolls)))

    result = diff_packs(roll(), roll("{name: failed, reroll: failed, when: unit.a}"), "hit")
    at_4 = [c for c in result.changes if dict(c.witness).get(TARGET) == 4]
    assert [(c.old, c.new) for c in at_4] == [("D6 (chance 7/12, net modifier +0, re-rolls ones)",
                                               "D6 (chance 3/4, net modifier +0, re-rolls ones and failed)")]


# -- the values of a fact either version tells apart -----------------------------------------------------------

SIZE = pack_text("size", facts=["unit.size: {type: int, range: [1, %d]%s}", "unit.kw: {type: keywords, default: []}"],
                 quantities="dice: {kind: pool, base: 6}",
                 modifiers=['sized: {quantity: dice, change: -1, when: "%s"}',
                            'kinds: {quantity: dice, change: -1, when: "%s"}'])


def _sized(condition: str, *, high: int = 10, extra: str = "", kinds: str = "'VEHICLE' in unit.kw") -> Pack:
    return pack(SIZE % (high, extra, condition, kinds))


@pytest.mark.parametrize(("old", "new", "extra", "expected"), [
    # 5 apart from the rest; 7 to 10 apart from 1 to 6: together {5}, {1..4, 6}, {7..10}. Each class is tried as
    # its value nearest the typical value (the lower middle of the range, 5; the lower of two as near), nearest
    # first, with how many values it stands for
    ("unit.size != 5", "unit.size >= 7", "", [(5, 1), (4, 5), (7, 4)]),
    ("unit.size >= 7", "unit.size != 5", "", [(5, 1), (4, 5), (7, 4)]),
    # {1..4}, {5}, {6, 7}, {8..10}: 4 and 6 are as near to 5, the lower first
    ("unit.size >= 5", "unit.size >= 6 and unit.size <= 7", "", [(5, 1), (4, 4), (6, 2), (8, 3)]),
    # a default is its class's value (the fact left out), and what the others are tried near
    ("unit.size != 5", "unit.size >= 7", ", default: 8", [(8, 4), (6, 5), (5, 1)]),
    ("unit.size != 5", "unit.size >= 7", ", default: 8, typical: 2", [(2, 5), (5, 1), (8, 4)]),
])
def test_an_int_fact_is_split_where_either_version_tells_its_values_apart(old: str, new: str, extra: str,
                                                                         expected: list[tuple[int, int]]) -> None:
    from solver.space.diff import _joint_classes
    from solver.space.model import Coverage

    coverage = Coverage()
    assert list(_joint_classes(_sized(old, extra=extra), _sized(new, extra=extra), "unit.size",
                               coverage).items()) == expected
    assert coverage.exhaustive


def test_values_only_the_new_version_allows_are_a_class_of_their_own() -> None:
    """The range grows from 1..10 to 1..12: 11 and 12 are no value of the old version, so not of its class
    5..10. Typical is now 6, the lower middle of 1..12."""
    from solver.space.diff import _joint_classes
    from solver.space.model import Coverage

    old, new = _sized("unit.size >= 5"), _sized("unit.size >= 5", high=12)
    assert list(_joint_classes(old, new, "unit.size", Coverage()).items()) == [(6, 6), (4, 4), (11, 2)]


def test_an_int_fact_only_the_new_version_has_is_split_as_it_reads_it() -> None:
    from solver.space.diff import _joint_classes
    from solver.space.model import Coverage

    old = pack(SIZE.replace("  unit.size: {type: int, range: [1, %d]%s}\n", "").replace("  sized: {quantity: dice, "
               'change: -1, when: "%s"}\n', "") % "'VEHICLE' in unit.kw")
    assert "unit.size" not in old.facts
    assert list(_joint_classes(old, _sized("unit.size >= 7"), "unit.size", Coverage()).items()) == [(5, 6), (7, 4)]


def test_a_range_too_wide_to_evaluate_is_tried_at_each_versions_values_and_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Within the limit every value is evaluated; past it, each version's own representatives are tried (the new
    version's first), each standing for itself, and the search is not exhaustive."""
    from solver.space import diff
    from solver.space.model import Coverage

    old, new = _sized("unit.size >= 5"), _sized("unit.size >= 7")
    monkeypatch.setattr(diff, "EVALUATE_LIMIT", 10)  # 1..10: ten values, within it
    coverage = Coverage()
    assert list(diff._joint_classes(old, new, "unit.size", coverage).items()) == [(5, 2), (4, 4), (7, 4)]
    assert coverage.exhaustive
    monkeypatch.setattr(diff, "EVALUATE_LIMIT", 9)
    # the new version tells apart 1..6 (5) and 7..10 (7); the old one 5..10 (5) and 1..4 (4)
    assert list(diff._joint_classes(old, new, "unit.size", coverage).items()) == [(5, 1), (7, 1), (4, 1)]
    assert coverage.reasons == ["unit.size's range is too wide to prove which of its values the packs tell apart"]


def test_a_range_the_old_version_cannot_split_exactly_is_not_proven() -> None:
    """The old version's range is too wide to evaluate every value of (a product), the new one's is small: the
    two cannot be split together, so each of the new version's values is tried alone, and the search says why."""
    from solver.space.diff import _joint_classes
    from solver.space.model import Coverage

    old = _sized("unit.size * 2 >= 7", high=200_000)
    new = _sized("unit.size * 2 >= 7")
    coverage = Coverage()
    classes = _joint_classes(old, new, "unit.size", coverage)
    # the new version tells apart 1..3 (twice the size is below 7) and 4..10, tried at 5 and 3, nearest 5
    assert list(classes)[:2] == [5, 3] and set(classes.values()) == {1}
    assert coverage.reasons == ["unit.size's range is too wide to prove which of its values the packs tell apart"]


def test_a_keywords_fact_is_split_into_every_mix_of_the_keywords_either_version_asks_about() -> None:
    from solver.space.diff import _joint_classes
    from solver.space.model import Coverage

    old, new = _sized("unit.size >= 5"), _sized("unit.size >= 5", kinds="'MONSTER' in unit.kw")
    coverage = Coverage()
    classes = _joint_classes(old, new, "unit.kw", coverage)
    assert classes == {frozenset(): 1, frozenset({"VEHICLE"}): 1, frozenset({"MONSTER"}): 1,
                       frozenset({"VEHICLE", "MONSTER"}): 1}
    assert coverage.exhaustive
    many = " or ".join(f"'K{i}' in unit.kw" for i in range(11))  # eleven keywords: 2048 mixes
    assert _joint_classes(_sized("unit.size >= 5", kinds=many), new, "unit.kw", coverage) == {}
    assert coverage.reasons == ["unit.kw is asked about more than 10 keywords, or in a way the search cannot "
                                "follow: not every mix of them was tried"]


# -- the limits of a search -------------------------------------------------------------------------------------


def test_a_parts_assignments_come_fewest_facts_first_up_to_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    from solver.space import diff
    from solver.space.model import Coverage

    facts, options = ["unit.a", "unit.b", "unit.c"], [[True], [True], [True]]
    every = [{}, {"unit.a": True}, {"unit.b": True}, {"unit.c": True}, {"unit.a": True, "unit.b": True},
             {"unit.a": True, "unit.c": True}, {"unit.b": True, "unit.c": True},
             {"unit.a": True, "unit.b": True, "unit.c": True}]
    monkeypatch.setattr(diff, "PART_LIMIT", 8)
    monkeypatch.setattr(diff, "SAMPLE_LIMIT", 3)
    coverage = Coverage()
    assert list(diff._assignments(facts, options, coverage)) == every  # 2 x 2 x 2: within the limit
    assert coverage.exhaustive
    monkeypatch.setattr(diff, "PART_LIMIT", 7)
    assert list(diff._assignments(facts, options, coverage)) == every[:3]  # past it: only a sample, smallest first
    assert coverage.reasons == ["unit.a, unit.b, unit.c take 8 combinations of values, too many to compare: "
                                "compared the first 3, fewest facts set first"]
    monkeypatch.setattr(diff, "PART_LIMIT", 1000)
    monkeypatch.setattr(diff, "SAMPLE_LIMIT", 2)
    coverage = Coverage()
    assert list(diff._assignments(["unit.n"], [list(range(2, 1202))], coverage)) == [{}, {"unit.n": 2}]
    assert coverage.reasons == ["unit.n take 1,201 combinations of values, too many to compare: compared the "
                                "first 2, fewest facts set first"]


def test_a_search_past_its_limit_of_combinations_compares_that_many_and_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The sized pack's dice read 2 x 2 x 4 = 16 combinations (big or not, flanked or not, 0 to 3 of a, b, c)."""
    from solver.space import diff

    monkeypatch.setattr(diff, "LIMIT", 16)
    result = diff_packs(*_flanked_erratum())
    assert result.searched == {"dice": 16} and result.exhaustive
    monkeypatch.setattr(diff, "LIMIT", 15)
    result = diff_packs(*_flanked_erratum())
    assert result.searched == {"dice": 15} and not result.exhaustive
    assert result.coverage["dice"].reasons == ["16 combinations of readings for dice; compared the first 15"]


def test_a_long_diff_shows_its_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from solver.space import diff

    terminal = watched(monkeypatch)
    monkeypatch.setattr(diff, "LIMIT", 15)  # past the limit the combinations are not counted out first
    diff_packs(*_flanked_erratum())
    assert "diff dice" in terminal.getvalue() and "/15" in terminal.getvalue()


def test_a_deadline_stops_every_search_of_a_diff_the_attacks_too() -> None:
    old = load_pack(CRITICAL)
    result = diff_packs(old, load_pack(CRITICAL, extra=[NO_LETHAL]), deadline=float("-inf"))
    assert not result.exhaustive
    assert all(c.deadline == float("-inf") for c in result.coverage.values())
    assert "the time limit ran out (raise it with --timeout)" in result.coverage["hit_roll"].reasons


# -- what a search cannot vary, it says ----------------------------------------------------------------------------


def _shaken_or(*others: str) -> Pack:
    """A pack whose unit rolls a die fewer when shaken, or when any of the true-or-false facts `others` holds."""
    when = " or ".join(("unit.shaken", *others))
    return pack(pack_text("removed", facts=bools("unit.shaken", *others), quantities=DICE,
                          modifiers=f"shaken: {{quantity: dice, change: -1, when: {when}}}"))


def test_facts_only_the_old_version_has_are_not_varied_and_the_search_says_so() -> None:
    result = diff_packs(_shaken_or("unit.routed"), _shaken_or())
    assert result.coverage["dice"].reasons == ["facts only the old pack has are not varied: unit.routed"]
    assert not result.changes  # routed is left at its default (false), where both read alike


def test_a_keywords_fact_asked_about_too_many_keywords_is_not_split_and_the_search_says_so() -> None:
    many = " or ".join(f"'K{i}' in unit.kw" for i in range(11))
    result = diff_packs(_sized("unit.size >= 5", kinds=many), _sized("unit.size >= 6", kinds=many))
    assert "unit.kw is asked about more than 10 keywords, or in a way the search cannot follow: not every mix of " \
        "them was tried" in result.coverage["dice"].reasons
    assert not result.exhaustive and result.changes  # the size still changes from 5


def test_a_characteristic_whose_base_and_effects_come_from_the_situation_says_what_it_tried() -> None:
    from solver.characteristics import searched_bases

    old, new = _versions(keen_damage("damage", effects=True, policies="most: {kind: clamp, quantity: damage, max: %d}"),
                         3, 4)
    tried = ", ".join(map(str, searched_bases(new.quantities["damage"])))
    result = diff_packs(old, new)
    assert result.coverage["damage"].reasons == [f"damage's base comes from the situation: tried {tried}",
                                                 "damage takes ad-hoc effects from the situation: those are not varied"]
    assert result.changes and all("base" in c.witness for c in result.changes)


# -- every ruling of a quantity, and whether one differs -----------------------------------------------------------


def test_every_reading_gives_each_combination_of_readings_at_every_target_that_matters() -> None:
    """The roll of `ROLL` reads two rules: four situations, each at the targets its results tell apart."""
    from solver.space.diff import every_reading
    from solver.space.model import Coverage

    p = pack(ROLL)
    expected: list[dict[str, Any]] = []
    for blessed, shaken in product((False, True), repeat=2):
        facts, modifier, _ = _shown(blessed, shaken)
        expected.append(facts)
        results = range(1 + modifier, 7 + modifier)
        expected += [{**facts, TARGET: t} for t in sorted({max(1, t) for t in results} | {max(results) + 1})]
    coverage = Coverage()
    found = list(every_reading(p, "hit", coverage))
    assert sorted(map(repr, found)) == sorted(map(repr, expected))
    assert [len(g) for g in found if TARGET not in g] == [0, 1, 1, 2]  # smallest first
    assert coverage.searched == 4 and coverage.exhaustive
    coverage = Coverage(searched=10)
    assert sorted(map(repr, every_reading(p, "hit", coverage, targets=False))) == sorted(
        repr(g) for g in expected if TARGET not in g)
    assert coverage.searched == 14
    coverage = Coverage(deadline=float("-inf"))  # a deadline already past: nothing is read
    assert list(every_reading(p, "hit", coverage)) == []
    assert coverage.reasons == ["the time limit ran out (raise it with --timeout)"]


def test_every_reading_keeps_the_reasons_that_are_about_the_pack_not_the_situations_effects() -> None:
    from solver.characteristics import searched_bases
    from solver.space.diff import every_reading
    from solver.space.model import Coverage

    p = pack(keen_damage("damage", effects=True))
    coverage = Coverage()
    found = list(every_reading(p, "damage", coverage))
    bases = searched_bases(p.quantities["damage"])
    assert sorted(map(repr, found)) == sorted(repr({**keen, "base": b}) for keen in ({}, {"weapon.keen": True})
                                              for b in bases)
    assert coverage.reasons == [f"damage's base comes from the situation: tried {', '.join(map(str, bases))}"]
    assert coverage.searched == 2 * len(bases)


def test_differs_at_says_whether_a_player_is_told_something_else_at_any_target() -> None:
    """The erratum of an unmodified 1 that fails and a 6 that passes: unmodified, a D6 differs at a target of 1
    (and 7); shaken, only at 6 (the 1 ends as 0 and fails anyway)."""
    from solver.space.diff import differs_at

    old, new = pack(ROLL), pack(ROLL, ALWAYS)
    assert differs_at(old, new, "hit", {}) and differs_at(old, new, "hit", {"unit.shaken": True})
    assert not differs_at(old, old, "hit", {"unit.shaken": True})
    plus_2 = pack(ROLL, "modifiers:\n  blessed: {quantity: hit, change: +2, when: unit.blessed}\n")
    assert not differs_at(old, plus_2, "hit", {}) and differs_at(old, plus_2, "hit", {"unit.blessed": True})


# -- a whole attack, and several quantities at once ----------------------------------------------------------------

CRITICAL = str(HERE / "sequence_packs" / "critical.yaml")
NO_LETHAL = str(HERE / "diff_packs" / "critical_no_lethal.yaml")


def test_an_attack_that_changes_is_a_change_of_its_own() -> None:
    """Without lethal a critical hit no longer wounds outright. Two dice, each hitting, wounding and failing its
    save on 4+: with lethal a die gets through 1/6 + 2/6 x 1/2 (a 6 skips the wound roll) times 1/2; without it
    1/2 x 1/2 x 1/2."""
    result = diff_packs(load_pack(CRITICAL), load_pack(CRITICAL, extra=[NO_LETHAL]))
    (change,) = result.changes
    half = Fraction(1, 2)
    texts = []
    for die in ((Fraction(1, 6) + Fraction(2, 6) * half) * half, half * half * half):
        texts.append(f"mean {2 * die} unsaved wounds; at least 1: {1 - (1 - die) ** 2}, 2: {die ** 2}")
    assert (change.quantity, change.old, change.new, change.count, change.causes) == ("attack", *texts, 1,
                                                                                      ("attack",))
    assert change.witness["ab.lethal"] is True and change.witness["sequence"]["attacks"] == 2


def test_each_quantity_that_changes_keeps_its_changes() -> None:
    after = BEFORE.replace("flanked: {quantity: dice, change: -1", "flanked: {quantity: dice, change: -2").replace(
        "rain: {quantity: morale, change: -1", "rain: {quantity: morale, change: -2")
    result = diff_packs(pack(BEFORE), pack(after))
    assert {c.quantity for c in result.changes} == {"dice", "morale"}
    assert [dict(c.witness) for c in result.changes if c.quantity == "morale"] == [{"weather.rain": True}]


def test_asking_about_an_unknown_quantity_says_it_is_a_quantity() -> None:
    from kb.errors import UnknownName

    with pytest.raises(UnknownName, match=r"^unknown quantity 'dcie'\n"):
        diff_packs(pack(BEFORE), pack(BEFORE), "dcie")


# -- a roll is compared at every target: each is a situation compared --------------------------------------------


def test_a_roll_whose_modifier_changes_is_compared_at_every_target_it_can_end_as() -> None:
    """Blessed gives +2, not +1: the answers differ without a target and at every target either roll tells
    apart (2 to 8, the results of D6+1 and D6+2, and 9 above them); the words are the same change each time."""
    result = diff_packs(pack(ROLL), pack(ROLL, "modifiers:\n  blessed: {quantity: hit, change: +2, "
                                                "when: unit.blessed}\n"), "hit")
    by_witness = {tuple(sorted(dict(c.witness).items())): c for c in result.changes}
    blessed = by_witness[(("unit.blessed", True),)]
    assert (blessed.old, blessed.new) == ("D6+1; applied blessed +1", "D6+2; applied blessed +2")
    assert blessed.count == 1 + len(range(2, 10))


def test_a_roll_only_the_new_version_has_is_compared_at_each_of_its_targets() -> None:
    """Nothing to ask in the old version: a D6 differs without a target and at each of 1 to 6 and 7."""
    result = diff_packs(pack(ROLL.replace("  blessed:", "  x:").replace("  shaken:", "  y:")),
                        pack(ROLL.replace("  hit: {kind: roll, dice: D6}\n",
                                          "  hit: {kind: roll, dice: D6}\n  fresh: {kind: roll, dice: D6}\n")
                             .replace("  blessed:", "  x:").replace("  shaken:", "  y:")), "fresh")
    assert [(c.old, c.new, dict(c.witness), c.count) for c in result.changes] == [
        ("no such quantity", "D6", {}, 1 + 7)]


# -- the changed rules behind a change ---------------------------------------------------------------------------


def test_a_clamp_shown_by_its_label_is_still_the_change_it_causes() -> None:
    """A clamp is shown by its label, not its name: the change it makes is still put down to it, not to the rule
    of another quantity the erratum also changes."""
    labelled = BEFORE.replace("at_least_one: {kind: clamp, quantity: dice, min: 1}",
                              "at_least_one: {kind: clamp, quantity: dice, min: %d, label: a die at least}")
    after = (labelled % 2).replace("rain: {quantity: morale, change: -1", "rain: {quantity: morale, change: -2")
    result = diff_packs(pack(labelled % 1), pack(after), "dice")
    assert result.changed_rules == ("rain", "at_least_one")
    assert result.changes and {c.causes for c in result.changes} == {("at_least_one",)}


def test_a_change_only_another_reading_shows_is_put_down_to_the_rule_changed_under_it() -> None:
    """A rally under the strict reading gives +2, not +1: the ruling names the default reading's rules, so the
    changed rule is found among its quantity's own, not among everything the erratum changed."""
    text = pack_text("rally", facts=bools("unit.rallied", "weather.rain"),
                     quantities=["dice: {kind: pool, base: 3}", "morale: {kind: pool, base: 2}"],
                     modifiers=["rally: {quantity: dice, change: +%d, when: unit.rallied, under: {rules: strict}}",
                                "rain: {quantity: morale, change: -%d, when: weather.rain}"],
                     readings=["rules:", "  sentence: a rallied unit may fight on",
                               "  options: {lenient: nothing more, strict: one more die}", "  default: lenient"])
    result = diff_packs(*_versions(text, (1, 1), (2, 2)), "dice")
    assert result.changed_rules == ("rain", "rally")
    assert [(dict(c.witness), c.causes) for c in result.changes] == [({"unit.rallied": True}, ("rally",))]


def test_a_change_no_rule_of_its_quantity_explains_is_put_down_to_everything_that_changed() -> None:
    """A unit rolls 3 dice unless told otherwise, not 4: no rule names it, and its quantity's own rules did not
    change, so the change is put down to all the erratum changed (here another quantity's base too)."""
    after = BEFORE.replace("range: [1, 6], default: 4", "range: [1, 6], default: 3").replace(
        "morale: {kind: pool, base: 2}", "morale: {kind: pool, base: 3}")
    result = diff_packs(pack(BEFORE), pack(after), "dice")
    assert result.changed_rules == ("morale", "unit.dice")
    assert (result.changes[0].old, result.changes[0].new, dict(result.changes[0].witness)) == ("4 dice", "3 dice", {})
    assert {c.causes for c in result.changes} == {("morale", "unit.dice")}


# -- every change found, none made up (more constructs) --------------------------------------------------------

NOT_BOTH = "not (unit.shaken and unit.flanked)"
HIDDEN_BEHIND_BOTH = "unit.hidden: {type: bool, derive: cover.wall and cover.hedge}"
SHAKEN_OR_HIDDEN = ["shaken: {quantity: dice, change: -1, when: unit.shaken}",  # a die fewer for each
                    "hidden: {quantity: dice, change: -1, when: unit.hidden}"]


def _beset(apart: str = "") -> Pack:
    """A unit rolls a die fewer when shaken or flanked (once for both); a constraint `apart` requires `apart`, if
    given."""
    return pack(pack_text("both", facts=bools("unit.shaken", "unit.flanked"), quantities=DICE,
                          modifiers="beset: {quantity: dice, change: -1, when: unit.shaken or unit.flanked}")
                + (f"constraints:\n  apart: {{require: {apart}}}\n" if apart else ""))


def _chain(*, moat: bool) -> str:
    """A unit not in the open rolls `%d` dice fewer; one not in the open is in cover, one in cover behind a wall,
    and, with `moat`, a wall has a moat."""
    moated = ["moated: {require: not cover.wall or cover.moat}"] if moat else []
    return pack_text("chain", facts=bools("unit.open", "unit.cover", "cover.wall", *(["cover.moat"] if moat else [])),
                     quantities=DICE, modifiers="hidden: {quantity: dice, change: -%d, when: not unit.open}",
                     constraints=["somewhere: {require: unit.open or unit.cover}",
                                  "walled: {require: not unit.cover or cover.wall}", *moated])


def test_a_situation_only_a_removed_constraint_forbade_is_searched() -> None:
    """A unit could not be both shaken and flanked; now it can. Either counts once (a rule reads `shaken or
    flanked`), so the situation with both reads like one with either in the new version alone: the old version's
    constraint tells it apart."""
    _same_as_every_situation(_beset(NOT_BOTH), _beset(), "dice")
    # the constraint added by the erratum: the situation it forbids now changes, though the new version cannot
    # read it
    _same_as_every_situation(_beset(), _beset(NOT_BOTH), "dice")
    # the same constraint, by name, made to forbid nothing
    _same_as_every_situation(_beset(NOT_BOTH), _beset("unit.shaken or not unit.shaken"), "dice")


def test_a_derivation_that_stops_reading_a_fact_is_searched_through_the_fact() -> None:
    """Cover was a wall not breached, and is any wall: a breached wall changes, though the new version does not
    read the breach at all."""
    text = pack_text("breach", facts=[*bools("cover.wall", "cover.breached"), "unit.covered: {type: bool, derive: %s}"],
                     quantities=DICE, modifiers="cover: {quantity: dice, change: -1, when: unit.covered}")
    _same_as_every_situation(*_versions(text, "cover.wall and not cover.breached", "cover.wall"), "dice")


def test_a_change_deeper_in_a_derivation_is_searched_through_its_inputs() -> None:
    """Hidden is derived from cover, which is derived from the wall: cover's derivation changes (a hedge too),
    hidden's does not. The shaken rule is read first: every fact is still varied."""
    text = pack_text("deep", facts=[*bools("cover.wall", "cover.hedge", "unit.shaken"),
                                    "unit.covered: {type: bool, derive: %s}",
                                    "unit.hidden: {type: bool, derive: unit.covered}"],
                     quantities=DICE, modifiers=SHAKEN_OR_HIDDEN)
    _same_as_every_situation(*_versions(text, "cover.wall", "cover.wall or cover.hedge"), "dice")


def test_a_fact_that_is_declared_now_rather_than_derived_is_searched_through_what_it_was_derived_from() -> None:
    """Cover was derived from the wall; now a player says whether the unit is in cover. Hidden, derived from
    cover in both, reads the wall in one version and the declared cover in the other: a wall no longer hides."""
    text = pack_text("declared", facts=[*bools("cover.wall", "unit.shaken"), "unit.covered: {type: bool%s}",
                                        "unit.hidden: {type: bool, derive: unit.covered}"],
                     quantities=DICE, modifiers=SHAKEN_OR_HIDDEN)
    _same_as_every_situation(*_versions(text, ", derive: cover.wall", ""), "dice")


def test_a_rule_that_reads_every_fact_of_the_pack_is_read() -> None:
    text = pack_text("all", facts=bools("unit.shaken", "unit.flanked"), quantities=DICE,
                     modifiers="beset: {quantity: dice, change: -%d, when: unit.shaken and unit.flanked}")
    _same_as_every_situation(*_versions(text), "dice")


def test_constraints_tie_in_the_facts_they_reach_through_each_other() -> None:
    """Only the open is read by a rule; a unit not in the open is in cover, and one in cover is behind a wall (or
    both constraints break): the wall must be set too for a unit not in the open."""
    _same_as_every_situation(*_versions(_chain(moat=False)), "dice")


def test_irregular_plurals_one_version_declares_are_searched() -> None:
    """The old version reads WOLVEN as the plural of WOLF; the new one declares no such plural, so a unit of
    WOLVEN is no WOLF any more."""
    text = pack_text("wolves", facts="unit.kw: {type: keywords, default: []}", quantities=DICE,
                     modifiers="wolf: {quantity: dice, change: -1, when: \"'WOLF' in unit.kw\"}")
    result = diff_packs(pack(text + "plurals:\n  WOLF: WOLVEN\n"), pack(text))
    assert result.changed_rules == ("irregular plurals",)  # no rule changed: what a keyword is did
    assert [(c.old, c.new, dict(c.witness)) for c in result.changes] == [
        ("3 dice; applied wolf -1", "4 dice", {"unit.kw": frozenset({"WOLVEN"})})]


def test_a_derived_keywords_fact_is_searched_through_the_keywords_it_is_derived_from() -> None:
    """The keywords the enemy sees are the unit's; a rule for a seen VEHICLE becomes one for a hidden unit. The
    unit's own keywords are varied, so the witness is a unit that is a VEHICLE."""
    text = pack_text("seen", facts=["unit.keywords: {type: keywords, default: []}",
                                    "seen.keywords: {type: keywords, derive: unit.keywords}", *bools("unit.hidden")],
                     quantities=DICE, modifiers="big: {quantity: dice, change: -1, when: %s}")
    result = diff_packs(*_versions(text, "\"'VEHICLE' in seen.keywords\"", "unit.hidden"))
    assert sorted((c.old, c.new, repr(dict(c.witness))) for c in result.changes) == sorted([
        ("3 dice; applied big -1", "4 dice", repr({"unit.keywords": frozenset({"VEHICLE"})})),
        ("4 dice", "3 dice; applied big -1", repr({"unit.hidden": True}))])
    assert result.exhaustive


def test_a_search_whose_values_cannot_all_be_compared_says_so_through_diff(monkeypatch: pytest.MonkeyPatch) -> None:
    from solver.space import diff

    monkeypatch.setattr(diff, "PART_LIMIT", 1)  # a fact left at its default or set to one other value: 2
    monkeypatch.setattr(diff, "EVALUATE_LIMIT", 9)  # 1..10 is one value too many to evaluate
    result = diff_packs(*_flanked_erratum())
    assert set(result.coverage["dice"].reasons) == {
        "unit.size's range is too wide to prove which of its values the packs tell apart",
        *(f"{fact} take 2 combinations of values, too many to compare: compared the first 10,000, fewest facts "
          "set first" for fact in ("unit.size", "unit.flanked"))}


def test_a_quantity_whose_only_change_is_the_order_of_its_re_rolls_is_named_bare() -> None:
    """The re-rolls listed in another order change no ruling; the bonus that counts from 2 now by default does,
    and no rule the rulings name changed: the change is put down to what changed of the roll, which is nothing
    a player is told."""
    def roll(rank: int, *rerolls: str) -> Pack:
        return pack(pack_text("roll", facts=[*bools("unit.a"),
                                             f"unit.rank: {{type: int, range: [1, 3], default: {rank}}}"],
                              quantities=rerolling("hit", *rerolls),
                              modifiers="ranked: {quantity: hit, change: +1, when: unit.rank >= 2}"))

    ones, failed = "{name: x, reroll: ones, when: unit.a}", "{name: y, reroll: failed, when: unit.a}"
    result = diff_packs(roll(1, ones, failed), roll(2, failed, ones), "hit")
    assert result.changed_rules == ("hit", "unit.rank")
    assert result.changes and {c.causes for c in result.changes} == {("hit",)}


def test_a_total_with_no_target_of_its_own_is_compared_at_its_targets_too() -> None:
    """2D6 (or 2D6+1, blessed): an erratum makes an unmodified 2 (double 1) always fail. It shows only where the
    double 1 reached the target: a target of 2 (3, blessed)."""
    def total(*always: str) -> Pack:
        return pack(pack_text("total", facts=bools("unit.blessed"),
                              quantities=["charge:", "  kind: total", "  dice: 2D6", *always],
                              modifiers="blessed: {quantity: charge, change: +1, when: unit.blessed}"))

    result = diff_packs(total(), total("  always: [{unmodified: 2, result: fails}]"))
    expected = {}
    for blessed in (False, True):
        modifier = int(blessed)
        target = 2 + modifier
        rolls = [(a, b) for a in range(1, 7) for b in range(1, 7)]
        before = Fraction(sum(a + b + modifier >= target for a, b in rolls), 36)
        after = Fraction(sum(a + b + modifier >= target and a + b != 2 for a, b in rolls), 36)
        display = "2D6+1; applied blessed +1" if blessed else "2D6"
        expected[(f"{display} (chance {before}, net modifier {modifier:+d})",
                  f"{display} (chance {after}, net modifier {modifier:+d})")] = {
            **({"unit.blessed": True} if blessed else {}), TARGET: target}
    assert {(c.old, c.new): dict(c.witness) for c in result.changes} == expected


def test_a_roll_that_hits_automatically_has_no_targets_to_compare() -> None:
    """A template hits automatically in both versions: only the shaken rule's change shows, never with it."""
    result = diff_packs(pack(READ), pack(READ, "modifiers:\n  shaken: {quantity: hit, change: -2, "
                                               "when: unit.shaken}\n"), "hit")
    assert result.changes and result.exhaustive
    assert not [c for c in result.changes if dict(c.witness).get("attack.template")]
    assert all(dict(c.witness).get("unit.shaken") for c in result.changes)


def test_a_situation_the_old_version_forbids_is_compared_at_every_target_of_the_new_roll() -> None:
    """The old version forbids a blessed unit (a constraint); the new one allows it: blessed, the roll differs
    without a target and at each of the 7 targets of a D6+1 (2 to 7, and 8), all the same change of words."""
    old = pack(ROLL + "constraints:\n  never: {require: not unit.blessed}\n")
    result = diff_packs(old, pack(ROLL), "hit")
    blessed = [c for c in result.changes if dict(c.witness) == {"unit.blessed": True}]
    assert [(c.old.split(":")[0], c.new, c.count) for c in blessed] == [
        ("error", "D6+1; applied blessed +1", 1 + 7)]


def test_a_change_counts_every_situation_of_facts_read_together() -> None:
    """A big veteran (size 8 or more, age 3 or more) rolls a die fewer; the erratum makes it two. Sizes 8..10 and
    ages 3..5 of 1..10 and 1..5: 3 x 3 situations change."""
    text = pack_text("veteran", facts=["unit.size: {type: int, range: [1, 10], default: 1}",
                                       "unit.age: {type: int, range: [1, 5], default: 1}"],
                     quantities="dice: {kind: pool, base: 6}",
                     modifiers="big_veteran: {quantity: dice, change: -%d, when: unit.size >= 8 and unit.age >= 3}")
    result = diff_packs(*_versions(text))
    assert [(c.old, c.new, c.count) for c in result.changes] == [
        ("5 dice; applied big_veteran -1", "4 dice; applied big_veteran -2", 3 * 3)]


def test_a_fact_only_the_old_version_asks_for_leaves_its_answer_depending_on_it() -> None:
    """The old version reads a rank no situation gives (no default, gone from the new version): its answer
    depends on the rank, case by case (rank 1: no change; 2 or 3: a die fewer); the new one answers outright."""
    shaken = "shaken: {quantity: dice, change: -1, when: unit.shaken}"
    old = pack(pack_text("ranked", facts=[*bools("unit.shaken"), "unit.rank: {type: int, range: [1, 3]}"],
                         quantities=DICE,
                         modifiers=[shaken, "ranked: {quantity: dice, change: -1, when: unit.rank >= 2}"]))
    result = diff_packs(old, pack(pack_text("ranked", facts=bools("unit.shaken"), quantities=DICE, modifiers=shaken)))
    assert result.coverage["dice"].reasons == ["facts only the old pack has are not varied: unit.rank"]
    assert [(c.old.split(":")[0], c.new, dict(c.witness)) for c in result.changes] == [
        ("depends on unit.rank", "4 dice", {}),
        ("depends on unit.rank", "3 dice; applied shaken -1",
         {"unit.shaken": True})]


def test_a_derived_fact_only_the_old_version_has_still_tells_situations_apart() -> None:
    """The old version's rule reads `alone` (exactly one of a wall or a hedge); the new one drops the fact and
    reads either. A wall and a hedge together read like one of them in the new version only."""
    old = pack(pack_text("alone", facts=[*bools("cover.wall", "cover.hedge"),
                                         "unit.alone: {type: bool, derive: cover.wall != cover.hedge}"],
                         quantities=DICE, modifiers="cover: {quantity: dice, change: -1, when: unit.alone}"))
    new = pack(pack_text("alone", facts=bools("cover.wall", "cover.hedge"), quantities=DICE,
                         modifiers="cover: {quantity: dice, change: -1, when: cover.wall or cover.hedge}"))
    result = diff_packs(old, new)
    assert [(c.old, c.new, dict(c.witness)) for c in result.changes] == [
        ("4 dice", "3 dice; applied cover -1", {"cover.wall": True, "cover.hedge": True})]


def test_a_change_counts_the_situations_that_read_alike() -> None:
    """Either condition (or both) costs two dice, not one: three situations, one change. A rank with no default
    that only matters without the first: a unit of a (rank not given, or 1, 2 or 3) or of rank 2 or 3."""
    text = pack_text("either", facts=bools("unit.a", "unit.b"), quantities=DICE,
                     modifiers="either: {quantity: dice, change: -%d, when: unit.a or unit.b}")
    result = diff_packs(*_versions(text))
    assert [(c.new, c.count) for c in result.changes] == [("2 dice; applied either -2", 3)]
    ranked = text.replace("  unit.b: {type: bool}", "  unit.rank: {type: int, range: [1, 3]}").replace(
        "unit.a or unit.b", "unit.a or unit.rank >= 2")
    result = diff_packs(*_versions(ranked))
    assert [(c.new, c.count) for c in result.changes] == [("2 dice; applied either -2", 4 + 2)]


def test_a_constraint_on_what_a_derived_fact_is_derived_from_ties_it_to_the_other_facts() -> None:
    """Hidden (derived from the wall and the hedge, read whole) and the open: a unit is behind a wall or in the
    open. Not hidden and not in the open needs the wall without the hedge."""
    text = pack_text("tied", facts=[*bools("cover.wall", "cover.hedge", "unit.open"), HIDDEN_BEHIND_BOTH],
                     quantities=DICE, modifiers=["hidden: {quantity: dice, change: -1, when: unit.hidden}",
                                                 "open: {quantity: dice, change: +%d, when: unit.open}"],
                     constraints="placed: {require: cover.wall or unit.open}")
    _same_as_every_situation(*_versions(text), "dice")


def test_facts_a_constraint_ties_are_one_part_and_others_parts_of_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The zone and the ward are tied by a constraint, the shaken flag by nothing: within a limit of 4 values per
    part, 2 x 2 and 2 fit; all three together (8) would not."""
    from solver.space import diff

    text = pack_text("parts", facts=bools("unit.zone", "unit.ward", "unit.shaken"), quantities=DICE,
                     modifiers=["zone: {quantity: dice, change: -%d, when: unit.zone}",
                                "ward: {quantity: dice, change: +1, when: unit.ward}",
                                "shaken: {quantity: dice, change: -1, when: unit.shaken}"],
                     constraints="warded: {require: not unit.zone or unit.ward}")
    monkeypatch.setattr(diff, "PART_LIMIT", 4)
    result = diff_packs(*_versions(text))
    assert result.exhaustive and result.changes


def test_a_parts_facts_come_in_the_packs_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """The zebra is declared before the ant: the witness and what a search says name them in that order."""
    from solver.space import diff

    text = pack_text("order", facts=bools("unit.zebra", "unit.ant"), quantities=DICE,
                     modifiers="both: {quantity: dice, change: -%d, when: unit.zebra and unit.ant}")
    result = diff_packs(*_versions(text))
    assert [list(c.witness) for c in result.changes] == [["unit.zebra", "unit.ant"]]
    monkeypatch.setattr(diff, "PART_LIMIT", 3)
    result = diff_packs(*_versions(text))
    assert result.coverage["dice"].reasons == ["unit.zebra, unit.ant take 4 combinations of values, too many to "
                                               "compare: compared the first 10,000, fewest facts set first"]


def test_a_constraint_tightened_under_the_same_name_is_searched() -> None:
    _same_as_every_situation(_beset("unit.shaken or not unit.shaken"), _beset(NOT_BOTH), "dice")


def test_every_fact_only_the_old_version_has_is_named() -> None:
    result = diff_packs(_shaken_or("unit.routed", "unit.broken"), _shaken_or())
    assert result.coverage["dice"].reasons == ["facts only the old pack has are not varied: unit.broken, unit.routed"]


def test_constraints_tie_in_facts_through_a_chain_of_three() -> None:
    """Not in the open means in cover, cover means a wall, a wall means a moat: each must be set."""
    _same_as_every_situation(*_versions(_chain(moat=True)), "dice")


def test_a_diff_leaves_the_packs_answering_as_before() -> None:
    """diff reads each part of a pack with only the constraints on that part; the pack itself keeps all of them.
    Afterwards a unit whose weapon is the same as its drill (a constraint) and is drilled `b` is not `a`: 4 dice."""
    text = pack_text("cache", facts=[*bools("cover.wall", "cover.hedge"), "unit.drill: {type: enum, values: [a, b]}",
                                     "unit.weapon: {type: enum, values: [a, b]}", HIDDEN_BEHIND_BOTH,
                                     "unit.armed: {type: bool, derive: unit.weapon == 'a'}"],
                     quantities=[DICE, "other: {kind: pool, base: 4}"],
                     modifiers=["hidden: {quantity: dice, change: -%d, when: unit.hidden}",
                                "armed: {quantity: other, change: -1, when: unit.armed}"],
                     constraints="same: {require: unit.weapon == unit.drill}")
    from solver.ask import ask
    from solver.situation import Situation

    old, new = _versions(text)
    assert diff_packs(old, new, "dice").changes
    answers = [ask(new, "other", Situation(given={"unit.drill": drill})).display for drill in ("a", "b", "a")]
    assert answers == ["3 dice", "4 dice", "3 dice"]

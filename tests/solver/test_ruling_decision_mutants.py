"""`solver.ruling`'s decision, checked where mutation testing found nothing watching
(`python tools/mutate.py solver/ruling.py`): what a ruling decides once it knows which rules hold (`conclude`), the
ruling made of it (`made`, `made_parts`) and its derivation (`explain_made`, `explain_decision`).

A quantity's first ruling in a pack is the engine's (`decide`); later ones are compiled (`solver.compiled`), which
shares `conclude` and the derivation: each situation here is asked of a fresh pack twice, and both rulings must say
the same. Every expected value is worked out by hand from the small packs written here and the rules in
docs/rolls.md: a D6 shows 1 to 6, a pool's dice are its base plus its modifiers, a roll passes at its target or more.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from kb.errors import RulingsError
from kb.model import Pack
from solver.ask import ask
from solver.derivation import Node
from solver.ruling import Applied, Clamped, Ruling, adhoc_modifiers
from solver.situation import Effect, Situation, read_situation
from tests.solver.small_packs import pack


@pytest.fixture(autouse=True)
def _cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))


def asked(p: Pack, quantity: str, text: str) -> Ruling:
    return ask(p, quantity, read_situation(text, "s.yaml", p))


def twice(text: str, quantity: str, situation: str) -> list[Ruling]:
    """The ruling of a fresh pack's first asking (the engine's) and of its second (compiled)."""
    p = pack(text)
    return [asked(p, quantity, situation), asked(p, quantity, situation)]


def said(node: Node) -> list[tuple[int, str, str | None, str]]:
    return [(depth, str(n.claim), n.cite, n.tag) for depth, n in node.lines()]


def refused(p: Pack, quantity: str, text: str) -> tuple[RulingsError, dict[str, object]]:
    situation = read_situation(text, "s.yaml", p)
    with pytest.raises(RulingsError) as caught:
        ask(p, quantity, situation)
    return caught.value, dict(situation.where)


# -- a target the pack writes ---------------------------------------------------------------------------------------

TARGET = """\
pack: tp
facts:
  n: {type: int, range: [0, 3], text: the number}
quantities:
  save: {kind: roll, dice: D6, passes: 6 // n, text: the save}
  aim: {kind: roll, dice: D6, passes: n + 3, text: the aim}
  dice: {kind: pool, base: 4, text: dice}
"""


def test_a_target_that_cannot_be_worked_out_is_refused_at_its_quantity() -> None:
    p = pack(TARGET)
    error, _ = refused(p, "save", "given: {n: 0}\nroll: 3")
    assert error.message == "division by zero in '6 // n'"
    assert error.where == p.quantities["save"].where


@pytest.mark.parametrize("n, chance", [(1, Fraction(1, 2)), (3, Fraction(1, 6))])
def test_a_target_the_pack_works_out_from_the_facts_gives_the_chance(n: int, chance: Fraction) -> None:
    # n + 3: 4+ is 4, 5 or 6 (1/2), 6+ is a 6 alone (1/6)
    for r in twice(TARGET, "aim", f"given: {{n: {n}}}"):
        assert (r.value, r.display, r.probability, r.impossible, r.automatic) == (None, "D6", chance, False, False)
        assert r.explanation.claim == f"the aim (aim): D6, chance {chance}"


def test_a_target_reading_a_fact_the_situation_does_not_give_leaves_no_chance_and_no_cases() -> None:
    for r in twice(TARGET, "aim", "roll: 3"):
        assert (r.value, r.probability, r.impossible, r.automatic, r.cases) == (3, None, None, None, None)
        assert r.explanation.claim == "the aim (aim): 3"


@pytest.mark.parametrize("text, key", [("target: 3", "(target)"), ("reroll: [ones]", "(reroll)"),
                                       ("unmodified: [6]", "(unmodified)")])
def test_the_keys_of_a_roll_are_refused_for_a_pool_each_alone(text: str, key: str) -> None:
    p = pack(TARGET)
    error, where = refused(p, "dice", text)
    assert error.message == "dice is not a roll: it takes no target:, reroll:, unmodified: or reroll_for:"
    assert error.where == where[key]


def test_the_situations_target_is_the_rolls_target_before_the_packs() -> None:
    # the pack's n + 3 = 4+ (1/2), but the situation's 3+: 3, 4, 5 or 6
    for r in twice(TARGET, "aim", "given: {n: 1}\ntarget: 3"):
        assert r.probability == Fraction(2, 3)


# -- re-rolling for an unmodified result (docs/rolls.md) -------------------------------------------------------------

FISH = """\
pack: fi
quantities:
  hit: {kind: roll, dice: D6, passes: 3, text: the hit}
"""


@pytest.mark.parametrize("text, chance, six", [
    # a 3+ roll that may re-roll any roll: to pass, a fail (1/3) is re-rolled and fails again 1/3 of the time:
    # 1 - 1/9 = 8/9, and a 6 comes 1/6 + 1/3 x 1/6 = 2/9; fishing for a 6, every result but a 6 is re-rolled: a 6
    # comes 1/6 + 5/6 x 1/6 = 11/36, a hit 1/6 + 5/6 x 4/6 = 13/18
    ("reroll: [all]\nunmodified: [6]", Fraction(8, 9), "2/9"),
    ("reroll: [all]\nunmodified: [6]\nreroll_for: unmodified", Fraction(13, 18), "11/36"),
])
def test_fishing_for_an_unmodified_six_re_rolls_every_other_result(text: str, chance: Fraction, six: str) -> None:
    for r in twice(FISH, "hit", text):
        assert r.probability == chance
        assert dict(r.extra)["unmodified"]["probability"] == six


# -- effects in play ------------------------------------------------------------------------------------------------

NAMED = """\
pack: nm
sources:
  core: {title: Core, paragraphs: {1: Reinforcements add five dice.}}
facts:
  b: {type: bool, text: reinforcements arrive}
quantities:
  pool: {kind: pool, base: 4, effects: true, text: dice}
  plain: {kind: pool, base: 4, text: plain dice}
modifiers:
  more: {quantity: pool, change: +5, when: b, text: five more, cite: {source: core, paragraph: 1}}
"""


def test_an_effect_named_like_a_rule_of_the_pack_is_refused_whether_or_not_the_rule_holds() -> None:
    # as a situation file's is: taken, it would stand in for the pack's more (+5) wherever more holds
    p = pack(NAMED)
    for b in (True, False):
        with pytest.raises(RulingsError) as caught:
            ask(p, "pool", Situation(given={"b": b}, effects=(Effect("more", "-1"),)))
        assert (caught.value.message, caught.value.hint) == (
            "effect name 'more' is already a rule of the pack",
            "name the effect differently, or give the facts that make the rule hold")
    r = ask(p, "pool", Situation(given={"b": True}, effects=(Effect("less", "-1"),)))
    assert (r.value, [a.rule for a in r.applied]) == (8, ["more", "less"])  # 4 + 5 - 1


def test_a_quantity_that_takes_no_effects_makes_no_rules_of_them() -> None:
    p = pack(NAMED)
    situation = read_situation('effects: ["+1"]', "s.yaml", p)
    assert adhoc_modifiers(p.quantities["plain"], situation) == []
    assert [m.name for m in adhoc_modifiers(p.quantities["pool"], situation)] == ["+1"]


# -- limits that read the facts ---------------------------------------------------------------------------------------

CAPPED = """\
pack: cp
sources:
  core: {title: Core, paragraphs: {1: Bonuses add up to the leader's rank at most.}}
facts:
  a: {type: bool, text: in cover}
  b: {type: bool, text: on a hill}
  rank: {type: int, range: [0, 3], text: the leader's rank}
quantities:
  save: {kind: roll, dice: D6, passes: 4, text: the save}
modifiers:
  cover: {quantity: save, change: +1, when: a}
  hill: {quantity: save, change: +2, when: b}
policies:
  rank: {kind: cap, quantity: save, max: rank, cite: {source: core, paragraph: 1}}
"""


@pytest.mark.parametrize("rank, modifier, chance", [(1, 1, Fraction(2, 3)), (2, 2, Fraction(5, 6)), (3, 3, 1)])
def test_a_cap_whose_limit_reads_a_fact_holds_the_modifier_to_it(rank: int, modifier: int, chance: Fraction) -> None:
    # +1 +2 = +3, at most the rank: a 4+ save passes at +1 on a 3+ (2/3), at +2 on a 2+ (5/6), at +3 always
    for r in twice(CAPPED, "save", f"given: {{a: true, b: true, rank: {rank}}}"):
        assert (r.modifier, r.probability) == (modifier, chance)
        assert r.clamped == ((Clamped("rank", 3, rank),) if rank < 3 else ())


# -- a ruling said whole: what counted, what a group suppressed, what failed, the cap that bit, the assumptions -----

RICH = """\
pack: rich
sources:
  core: {title: Core, paragraphs: {1: Cover helps., 2: Only one bonus., 3: Never more than +1., 5: Darkness hinders.}}
facts:
  a: {type: bool, text: in cover}
  b: {type: bool, text: on a hill}
  c: {type: bool, text: in darkness}
assumptions:
  held: {text: the cap holds, reason: the rules say so}
  dim: {text: darkness counts, reason: a reading}
quantities:
  save: {kind: roll, dice: D6, passes: 4, text: the save}
modifiers:
  cover: {quantity: save, change: +1, when: a, text: cover helps, cite: {source: core, paragraph: 1}}
  hill: {quantity: save, change: +2, when: b}
  dark: {quantity: save, change: -1, when: c, assumptions: [dim], cite: {source: core, paragraph: 5}}
policies:
  one: {kind: exclusive, rules: [cover, hill], text: only one bonus counts, cite: {source: core, paragraph: 2}}
  most: {kind: cap, quantity: save, max: 1, assumption: held, cite: {source: core, paragraph: 3}}
"""


def test_a_ruling_says_the_rules_that_count_the_one_a_group_suppressed_and_what_they_assume() -> None:
    # cover +1 (hill suppressed: the group keeps the first listed) and dark -1: net 0, a 4+ save on a D6 is 1/2
    for r in twice(RICH, "save", "given: {a: true, b: true, c: true}"):
        assert (r.pack, r.quantity, r.value, r.display, r.modifier, r.probability) == (
            "rich", "save", None, "D6", 0, Fraction(1, 2))
        assert (r.automatic, r.then, r.cases, r.readings, r.groups, r.choice, r.ignored) == (
            False, None, None, None, None, None, ())
        assert r.applied == (Applied("cover", "+1", "cover helps", "core ¶1"), Applied("dark", "-1", "", "core ¶5"))
        assert [(s.rule, s.by, s.policy) for s in r.suppressed] == [("hill", "cover", "one")]
        assert (r.clamped, r.assumptions, r.extra) == ((), ("dim",), ())
        assert r.values is not None and dict(r.values) == {"a": True, "b": True, "c": True}
        assert said(r.explanation) == [
            (0, "the save (save): D6, chance 1/2", None, "value"),
            (1, "no roll given: the answer is the modifier to D6", None, "base"),
            (1, "cover +1 counts: cover helps", "core ¶1", "applied"),
            (2, "in cover: yes", None, "fact"),
            (1, "dark -1 counts", "core ¶5", "applied"),
            (2, "in darkness: yes", None, "fact"),
            (1, "hill does not count, cover counts instead (one: only one bonus counts)", "core ¶2", "suppressed"),
            (1, "assumption dim: darkness counts", None, "assumption"),
            (2, "why: a reading", None, ""),
        ]


def test_a_ruling_says_the_rules_that_failed_and_the_cap_that_held_the_rest() -> None:
    # hill +2 alone, held to +1 by the cap: a roll of 3 ends as 4, which passes; a 4+ save at +1 is a 3+ (2/3)
    for r in twice(RICH, "save", "given: {a: false, b: true, c: false}\nroll: 3"):
        assert (r.value, r.display, r.modifier, r.probability, r.impossible) == (4, "4", 1, Fraction(2, 3), False)
        assert r.applied == (Applied("hill", "+2"),)
        assert (r.suppressed, r.clamped, r.assumptions, r.extra) == ((), (Clamped("most", 2, 1),), ("held",),
                                                                     (("passed", True),))
        assert said(r.explanation) == [
            (0, "the save (save): 4, chance 2/3", None, "value"),
            (1, "the roll: 3", None, "base"),
            (1, "hill +2 counts", None, "applied"),
            (2, "on a hill: yes", None, "fact"),
            (1, "cover does not apply: a fails", "core ¶1", "failed"),
            (2, "in cover: no", None, "fact"),
            (1, "dark does not apply: c fails", "core ¶5", "failed"),
            (2, "in darkness: no", None, "fact"),
            (1, "most: 2 becomes 1", "core ¶3", "clamp"),
            (1, "assumption held: the cap holds", None, "assumption"),
            (2, "why: the rules say so", None, ""),
        ]


def test_a_ruling_with_nothing_holding_says_only_its_base_and_failures() -> None:
    for r in twice(RICH, "save", "given: {a: false, b: false, c: false}\nroll: 1"):
        assert (r.value, r.modifier, r.probability, r.applied, r.clamped, r.assumptions) == (
            1, 0, Fraction(1, 2), (), (), ())
        assert dict(r.extra) == {"passed": False}
        assert [line[3] for line in said(r.explanation)] == ["value", "base", *["failed", "fact"] * 3]


# -- a score's chart: a second roll past 6, and the score that is impossible ----------------------------------------

CHART = """\
pack: ch
sources:
  core: {title: Core, paragraphs: {1: The spotting roll., 2: Past 6 a second roll., 3: Past 7 nothing.}}
facts:
  a: {type: bool, text: at night}
  b: {type: bool, text: in fog}
assumptions:
  goes: {text: the chart goes on, reason: the chart says so}
quantities:
  spot:
    kind: score
    base: 5
    chart: {7: 4}
    impossible_from: 8
    chart_assumption: goes
    text: spotting
    cite: {source: core, paragraph: 1}
    cites: {chart: {source: core, paragraph: 2}, impossible_from: {source: core, paragraph: 3}}
modifiers:
  night: {quantity: spot, change: +2, when: a}
  fog: {quantity: spot, change: +1, when: b}
"""


def not_steps(r: Ruling) -> list[tuple[int, str, str | None, str]]:
    return [line for line in said(r.explanation) if line[3] != "step"]


def test_a_score_of_7_needs_a_6_then_the_charts_roll_and_assumes_the_chart() -> None:
    # 5 + 2 = 7: a 6 (1/6), then 4+ (1/2): 1/12
    for r in twice(CHART, "spot", "given: {a: true, b: false}"):
        assert (r.value, r.display, r.then, r.probability, r.impossible, r.automatic) == (
            7, "6, then 4+", 4, Fraction(1, 12), False, False)
        assert r.assumptions == ("goes",)
        assert not_steps(r) == [
            (0, "spotting (spot): 7, i.e. a 6 then 4+, chance 1/12", None, "value"),
            (1, "base 5 = 5", None, "base"),
            (1, "night +2 counts", None, "applied"),
            (2, "at night: yes", None, "fact"),
            (1, "fog does not apply: b fails", None, "failed"),
            (2, "in fog: no", None, "fact"),
            (1, "a score of 7 needs a 6, then 4+ on a second D6", "core ¶2", "chart"),
            (1, "assumption goes: the chart goes on", None, "assumption"),
            (2, "why: the chart says so", None, ""),
        ]


def test_a_score_at_its_impossible_value_is_impossible_and_says_so_citing_that_step() -> None:
    # 5 + 2 + 1 = 8, the first impossible score: no chance, no second roll, nothing of the chart assumed
    for r in twice(CHART, "spot", "given: {a: true, b: true}"):
        assert (r.value, r.display, r.then, r.probability, r.impossible, r.assumptions) == (
            8, "8+: impossible", None, 0, True, ())
        assert not_steps(r)[0] == (0, "spotting (spot): 8+: impossible, chance 0", None, "value")
        assert not_steps(r)[-1] == (1, "a score of 8 or more is impossible", "core ¶3", "chart")


def test_a_score_within_the_dice_says_nothing_of_the_chart() -> None:
    # 5 + 1 = 6: a 6 alone (1/6)
    for r in twice(CHART, "spot", "given: {a: false, b: true}"):
        assert (r.value, r.display, r.then, r.probability, r.assumptions) == (6, "6+", None, Fraction(1, 6), ())
        assert [line[3] for line in not_steps(r)] == ["value", "base", "applied", "fact", "failed", "fact"]


# -- a choice to ignore modifiers ------------------------------------------------------------------------------------

CHOOSE = """\
pack: c
facts:
  a: {type: bool, text: it rains}
quantities:
  march: {kind: pool, base: 6, text: march}
modifiers:
  mud: {quantity: march, change: -1, when: a}
  rain: {quantity: march, change: -1, when: a}
  wind: {quantity: march, change: +1, when: a}
policies:
  may: {kind: choice, quantity: march, chooser: the player, when: a}
"""


def test_the_player_ignores_the_rules_that_worsen_the_march_and_the_rest_count() -> None:
    # 6 - 1 - 1 + 1: ignoring both -1s gives 7, the most
    for r in twice(CHOOSE, "march", "given: {a: true}"):
        assert (r.value, r.display, r.ignored) == (7, "7 dice", ("mud", "rain"))
        assert r.applied == (Applied("wind", "+1"),)
        assert r.choice is not None and r.choice.policy.name == "may" and r.choice.ignored == ("mud", "rain")
        assert [n.tag for n in r.explanation.because] == ["base", "applied", "ignored"]
        assert r.explanation.because[2].claim == ("choice (may): the player may ignore any of them; best is "
                                                  "ignoring mud, rain")


def test_the_rules_the_situation_ignores_are_the_players_choice() -> None:
    # mud ignored: 6 - 1 + 1 = 6
    for r in twice(CHOOSE, "march", "given: {a: true}\nignore: [mud]"):
        assert (r.value, r.ignored) == (6, ("mud",))
        assert r.applied == (Applied("rain", "-1"), Applied("wind", "+1"))


def test_an_ignore_where_the_choice_is_not_in_force_is_refused() -> None:
    p = pack(CHOOSE)
    error, where = refused(p, "march", "given: {a: false}\nignore: []")
    assert error.message == "ignore: [] given, but no rule lets anyone ignore modifiers to march in this situation"
    assert (error.where, error.hint) == (where["(ignore)"], "only a permitted choice can ignore modifiers")


def test_no_choice_where_none_is_in_force_and_none_asked() -> None:
    for r in twice(CHOOSE, "march", "given: {a: false}"):
        assert (r.value, r.ignored, r.choice, r.applied) == (6, (), None, ())


# -- the pack's re-rolls ----------------------------------------------------------------------------------------------

REROLLS = """\
pack: rr
sources:
  core: {title: Core, paragraphs: {1: A calm shooter re-rolls a failed roll.}}
facts:
  calm: {type: bool, text: the shooter is calm}
quantities:
  shot:
    kind: roll
    dice: D6
    text: a shot
    rerolls:
      - {name: steady, reroll: failed, when: calm, text: steady aim, cite: {source: core, paragraph: 1}}
  aimed:
    kind: roll
    dice: D6
    passes: 4
    text: an aimed shot
    rerolls:
      - {name: steady, reroll: failed, when: calm, text: steady aim, cite: {source: core, paragraph: 1}}
"""


def test_a_re_roll_of_a_failed_roll_without_a_target_is_named_but_not_counted() -> None:
    for r in twice(REROLLS, "shot", "given: {calm: true}\nroll: 2"):
        assert (r.value, r.probability) == (2, None)
        assert said(r.explanation)[1:] == [
            (1, "the roll: 2", None, "base"),
            (1, "steady aim (steady): a roll that fails is re-rolled (every die of it); give target: for what it "
                "changes", "core ¶1", "step"),
        ]


@pytest.mark.parametrize("calm, chance", [("true", Fraction(3, 4)), ("false", Fraction(1, 2))])
def test_a_re_roll_of_a_failed_roll_with_the_packs_target_counts(calm: str, chance: Fraction) -> None:
    # 4+: 1/2, and a fail re-rolled passes half the time: 1/2 + 1/4
    for r in twice(REROLLS, "aimed", f"given: {{calm: {calm}}}"):
        assert r.probability == chance
        assert r.explanation.because[1].tag == ("applied" if calm == "true" else "failed")


# -- a rule counted per a fact, and a rule whose condition is a derived fact -----------------------------------------

PER = """\
pack: pr
sources:
  core: {title: Core, paragraphs: {1: Each wound slows by two., 2: A calm unit gains a die.}}
facts:
  wounds: {type: int, range: [0, 3], text: wounds taken}
  a: {type: bool, text: a holds}
  b: {type: bool, text: b holds}
  c: {type: bool, text: c holds}
  calm: {type: bool, derive: a and b, text: the unit is calm}
quantities:
  move: {kind: pool, base: 8, text: movement}
modifiers:
  drag: {quantity: move, change: -2, per: wounds, when: wounds > 0 or c, cite: {source: core, paragraph: 1}}
  steady: {quantity: move, change: +1, when: calm, text: calm, cite: {source: core, paragraph: 2}}
"""


def test_a_rule_counted_per_a_fact_multiplies_its_own_amount_by_the_facts_value() -> None:
    # -2 for each of 3 wounds: 8 - 6 = 2
    for r in twice(PER, "move", "given: {wounds: 3, a: false, b: false, c: false}"):
        assert (r.value, r.display) == (2, "2 dice")
        assert r.applied == (Applied("drag", "-6", "", "core ¶1"),)
        assert said(r.explanation)[1:4] == [
            (1, "base 8 = 8", None, "base"),
            (1, "drag -6 (-2 per wounds) counts", "core ¶1", "applied"),
            (2, "wounds > 0 or c holds (c = false, wounds = 3)", None, "fact"),
        ]


def test_a_rule_counted_per_a_fact_of_0_counts_as_nothing_and_divides_nothing() -> None:
    # no wounds, but c holds: -2 x 0 = -0, the movement stays 8
    for r in twice(PER, "move", "given: {wounds: 0, a: true, b: false, c: true}"):
        assert (r.value, r.applied) == (8, (Applied("drag", "-0", "", "core ¶1"),))


def test_a_rule_whose_condition_is_a_derived_fact_says_why_it_holds_or_fails() -> None:
    for r in twice(PER, "move", "given: {wounds: 0, a: true, b: true, c: true}"):  # calm: 8 + 1, and drag -0
        assert r.value == 9
        assert [line for line in said(r.explanation) if line[0] > 0][3:] == [
            (1, "steady +1 counts: calm", "core ¶2", "applied"),
            (2, "the unit is calm: yes", None, "fact"),
            (3, "a holds: yes", None, "fact"),
            (3, "b holds: yes", None, "fact"),
        ]
    for r in twice(PER, "move", "given: {wounds: 1, a: false, b: true, c: false}"):  # not calm: 8 - 2
        assert r.value == 6
        assert [line for line in said(r.explanation) if line[3] in ("failed", "fact")][-3:] == [
            (1, "steady does not apply: calm fails", "core ¶2", "failed"),
            (2, "the unit is calm: no", None, "fact"),
            (3, "a holds: no", None, "fact"),
        ]


def test_a_derived_fact_the_situation_gives_is_said_as_given() -> None:
    for r in twice(PER, "move", "given: {wounds: 0, c: false, calm: true}"):  # drag fails, steady counts: 9
        assert r.value == 9
        applied = next(n for n in r.explanation.because if n.tag == "applied")
        assert said(applied) == [
            (0, "steady +1 counts: calm", "core ¶2", "applied"),
            (1, "the unit is calm: yes", None, "fact"),
            (2, "given in the situation (calm)", None, ""),
        ]


# -- a group that keeps the strongest rule ---------------------------------------------------------------------------

STRONGEST = """\
pack: st
sources:
  core: {title: Core, paragraphs: {1: Only the strongest blessing counts.}}
facts:
  a: {type: bool, text: zealous}
  b: {type: bool, text: in the aura}
quantities:
  save: {kind: roll, dice: D6, passes: 4, text: the save}
modifiers:
  zeal: {quantity: save, change: +1, when: a}
  aura: {quantity: save, change: +2, when: b}
policies:
  blessed: {kind: exclusive, rules: [zeal, aura], keep: strongest, cite: {source: core, paragraph: 1}}
"""


def test_a_group_that_keeps_the_strongest_rule_keeps_the_greatest_change_whatever_its_name_or_place() -> None:
    # zeal is listed first and aura comes first in the alphabet, but +2 is stronger than +1: 3 + 2 = 5
    for r in twice(STRONGEST, "save", "given: {a: true, b: true}\nroll: 3"):
        assert (r.value, r.modifier, r.probability) == (5, 2, Fraction(5, 6))
        assert r.applied == (Applied("aura", "+2"),)
        assert [(s.rule, s.by, s.policy) for s in r.suppressed] == [("zeal", "aura", "blessed")]
        suppressed = next(n for n in r.explanation.because if n.tag == "suppressed")
        assert (suppressed.claim, suppressed.cite) == ("zeal does not count, aura counts instead (blessed)", "core ¶1")

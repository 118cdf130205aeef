"""solver/sequence.py, pinned where mutation testing found it loose: the step a rule changes (`why-not` on an attack),
the exact helpers (mean, at least N), events and re-rolls of one die, grouped weapons, damage without models, the
limit on outcomes, and every refused input with its hint and place.

Every expected distribution is worked out by hand in its docstring or enumerated die by die with
itertools.product (the helpers below), never taken from the solver.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

import pytest
from small_packs import pack, pack_text

import solver.sequence
from kb.errors import RulingsError, Span
from kb.loader import load_pack
from solver.sequence import at_least, mean, resolve, step_situation
from solver.situation import Situation

PACKS = Path(__file__).parent / "sequence_packs"
D6 = range(1, 7)
D3 = range(1, 4)
SIXTH = Fraction(1, 6)
NO_SAVE = {"target": 7}  # a 7+ that no D6 reaches
STEPS = {"hit": {"target": 3}, "wound": {"target": 4}, "save": {"target": 5}}  # wh40k's, each step's target
SKIRMISH = {"attacker.to_hit": 4, "target.save": 4}  # skirmish's facts: hits on 4+, saved on 4+

# A roll step whose target is an expression, and a ward for each point that no rule may modify.
WARDED = pack_text(
    "w",
    facts=["bs: {type: int, range: [2, 6], default: 4}", "ward.mod: {type: int, range: [-2, 2], default: 0}"],
    quantities=["hit_roll: {kind: roll, dice: D6}", "ward_roll: {kind: roll, dice: D6}"],
    modifiers=['ward_bonus: {quantity: ward_roll, change: "+ward.mod", when: "ward.mod != 0"}',
               'hit_bonus: {quantity: hit_roll, change: +1, when: "bs > 5"}'],
    sequences=["attack:", "  steps:", "    - {step: hit, roll: hit_roll, target: bs}",
               "  each_point: {step: ward, roll: ward_roll, keep: fails, modified: false}"],
)

# An event on a condition of two facts, neither with a default.
KEEN = pack_text(
    "k",
    facts=["a.edge: {type: int, range: [0, 3]}", "b.cover: {type: int, range: [0, 3]}"],
    quantities=["hit_roll: {kind: roll, dice: D6}"],
    sequences=["attack:", "  steps:", "    - step: hit", "      roll: hit_roll", "      target: 4",
               "      events: [{name: crit, unmodified: 6, extra: 1, when: 'a.edge > b.cover'}]"],
)

# One step: a hit roll on 4+ (1/2), nothing else.
ONE_STEP = pack_text("o", quantities="hit_roll: {kind: roll, dice: D6}",
                     sequences=["attack:", "  steps:", "    - {step: hit, roll: hit_roll, target: 4}"])

# A hit roll worsened by 1 in the dark: a modifier on a condition of two facts, neither with a default.
DARK = pack_text("d", facts=["a.dark: {type: int, range: [0, 2]}", "b.lit: {type: int, range: [0, 2]}"],
                 quantities="hit_roll: {kind: roll, dice: D6}",
                 modifiers="dark: {quantity: hit_roll, change: -1, when: 'a.dark > b.lit'}",
                 sequences=["attack:", "  steps:", "    - {step: hit, roll: hit_roll, target: 4}"])

# A hit roll whose modified 6 scores an extra hit (a +1 when x.up), then a D3 roll passing on 2+.
RESULTS = pack_text("e", facts="x.up: {type: bool}",
                    quantities=["hit_roll: {kind: roll, dice: D6}", "d3_roll: {kind: roll, dice: D3}"],
                    modifiers="up: {quantity: hit_roll, change: +1, when: x.up}",
                    sequences=["attack:", "  steps:", "    - step: hit", "      roll: hit_roll", "      target: 4",
                               "      events: [{name: crit, result: 6, extra: 1}]",
                               "    - {step: small, roll: d3_roll, target: 2}"])


@cache
def _pack(name: str):
    """A built-in pack by name, or the critical-hit test pack (sequence_packs/critical.yaml), loaded once."""
    return load_pack(str(PACKS / "critical.yaml") if name == "critical" else name)


@pytest.fixture
def wh40k():
    return _pack("wh40k")


@pytest.fixture
def critical():
    return _pack("critical")


def _distribution(outcomes: Iterable[tuple[int, Fraction]]) -> dict[int, Fraction]:
    """Equal outcomes added up, those of no chance left out."""
    out: dict[int, Fraction] = {}
    for value, chance in outcomes:
        out[value] = out.get(value, Fraction(0)) + chance
    return {k: p for k, p in sorted(out.items()) if p}


def _over_attacks(attacks: dict[int, Fraction], one: dict[int, Fraction]) -> dict[int, Fraction]:
    """The total of a random number of independent attacks, every combination of their outcomes enumerated."""
    outcomes = []
    for n, pn in attacks.items():
        for combo in product(one.items(), repeat=n):
            chance = pn
            for _, p in combo:
                chance *= p
            outcomes.append((sum(v for v, _ in combo), chance))
    return _distribution(outcomes)


# -- step_situation: the step a rule changes, and the situation its roll is ruled in ---------------------------

SEQUENCE = {"attacks": 2, "hit": {"target": 3, "reroll": "ones"}, "wound": {"target": 4, "reroll": "failed"},
            "save": {"target": 5}}
CLUTTERED = Situation(given={"target.in_cover": True}, sequence=SEQUENCE, base="D6", weapons=2, roll=3, target=9,
                      reroll=("all",))
"""A situation that also says what a single roll's situation says (base, weapons, roll, target, re-roll)."""


@pytest.mark.parametrize(("rule", "step", "target", "reroll"), [
    ("heavy", "hit", 3, ("ones",)),  # a modifier of hit_roll
    ("lance", "wound", 4, ("failed",)),  # a modifier of wound_roll
    ("benefit_of_cover", "save", 5, ()),  # a modifier of save_roll, given no re-roll
    ("ignore_modifiers", "hit", 3, ("ones",)),  # a policy of every roll: the first step that rolls one
])
def test_step_situation_is_the_first_step_the_rule_changes(wh40k, rule, step, target, reroll):
    """wh40k's attack rolls hit_roll, wound_roll, save_roll in that order: the step is the first whose roll the
    modifier or policy names, ruled with that step's own target and re-roll from the situation's sequence, and
    nothing else of a single roll's situation (base, weapons, roll, the sequence itself)."""
    found, there = step_situation(wh40k, "attack", rule, CLUTTERED)
    assert found.name == step
    assert there == Situation(given={"target.in_cover": True}, target=target, reroll=reroll)


@pytest.mark.parametrize(("pack_name", "rule", "step"), [("skirmish", "dug_in", "save"), ("skirmish", "cover", "hit"),
                                                         ("fantasy", "moved", "hit")])
def test_step_situation_of_a_score_step_is_the_plain_situation(pack_name, rule, step):
    """A score step's ruling gives what the roll must reach: its situation is the facts alone (no target, no
    re-roll, none of a single roll's base, weapons or roll, no sequence)."""
    given = {"attacker.to_hit": 4}
    found, there = step_situation(_pack(pack_name), next(iter(_pack(pack_name).sequences)), rule,
                                  Situation(given=given, sequence={"attacks": 2}, base=3, weapons=2, roll=4,
                                            target=5, reroll=("ones",)))
    assert found.name == step
    assert there == Situation(given=given)


def test_step_situation_reads_a_step_target_expression_from_the_facts():
    """A step whose target is an expression (`target: bs`) is ruled at the fact's value: given bs 3, a 3+, with
    the step's re-roll; without bs, its default 4."""
    p = pack(WARDED)
    s = Situation(given={"bs": 3}, sequence={"attacks": 1, "hit": {"reroll": "ones"}})
    found, there = step_situation(p, "attack", "hit_bonus", s)
    assert (found.name, there) == ("hit", Situation(given={"bs": 3}, target=3, reroll=("ones",)))
    _, default = step_situation(p, "attack", "hit_bonus", Situation(sequence={"attacks": 1}))
    assert default == Situation(target=4)


def test_step_situation_refuses_a_step_that_is_never_modified():
    """A rule of the roll of a step declared `modified: false` (here each point's ward) counts for nothing."""
    with pytest.raises(RulingsError, match=re.escape("the ward roll of attack is never modified: no rule counts for "
                                                     "it")) as caught:
        step_situation(pack(WARDED), "attack", "ward_bonus", Situation(sequence={"attacks": 1}))
    assert caught.value.hint == "rulings ask w ward_roll asks the roll as a rule of its own"


ROLLS = "it rolls hit (hit_roll), wound (wound_roll), save (save_roll)"


@pytest.mark.parametrize(("rule", "hint"), [
    ("lanse", "did you mean 'lance'?"),  # a misspelt modifier
    ("ignore_modifers",  # a misspelt policy: the three policies that ignore modifiers, nearest first
     "did you mean 'ignore_modifiers' or 'ignore_roll_modifiers' or 'ignore_characteristic_modifiers'?"),
    ("zzz", ""),  # nothing like it: no hint
    ("one_benefit_of_cover", "ask why-not about a rule of one of those rolls"),  # a policy of no quantity
])
def test_step_situation_refuses_a_rule_of_no_roll_of_the_sequence(wh40k, rule, hint):
    """A rule that changes none of the sequence's rolls is refused, listing every step and its roll; the hint
    suggests the nearest rule names where the rule is unknown, and where it is known, asking about another."""
    with pytest.raises(RulingsError, match=re.escape(f"{rule} changes no roll of attack: {ROLLS}")) as caught:
        step_situation(wh40k, "attack", rule, Situation(sequence={"attacks": 1}))
    assert caught.value.message == f"{rule} changes no roll of attack: {ROLLS}"
    assert caught.value.hint == hint


def test_step_situation_refuses_a_modifier_of_a_roll_the_sequence_does_not_make():
    """skirmish's `shaken` modifies the command roll, which its attack never rolls (every step and its roll
    listed, a score step included)."""
    message = "shaken changes no roll of attack: it rolls hit (to_hit), save (save)"
    with pytest.raises(RulingsError, match=re.escape(message)) as caught:
        step_situation(_pack("skirmish"), "attack", "shaken", Situation(sequence={"attacks": 1}))
    assert caught.value.message == message
    assert caught.value.hint == "ask why-not about a rule of one of those rolls"


def test_step_situation_locates_a_bad_reroll_at_its_step():
    """A step's re-roll that is no re-roll is an error at the situation's place for that re-roll."""
    at = Span("s.yaml", 4, 9)
    s = Situation(sequence={"attacks": 1, "hit": {"target": 3, "reroll": "onse"}, "wound": {"target": 4},
                            "save": {"target": 5}}, where={"(sequence).hit.reroll": at})
    with pytest.raises(RulingsError, match="unknown re-roll 'onse'") as caught:
        step_situation(_pack("wh40k"), "attack", "heavy", s)
    assert caught.value.where == at


# -- one die at a step ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("up", [False, True])
def test_an_event_on_the_modified_result_and_a_d3_step_against_brute_force(up):
    """An event on the modified `result: 6` fires on a face that the +1 makes a 6 (a 5), not on one it makes a 7;
    a D3 step passes on 2+ with chance 2/3. Every hit face and every D3 face enumerated."""
    hits_of = {}
    for face in D6:
        result = face + up
        hits_of[face] = 0 if result < 4 else 2 if result == 6 else 1
    want_hits = _distribution((hits_of[f], SIXTH) for f in D6)
    want_small = _distribution(
        (sum(d >= 2 for d in d3s), SIXTH * Fraction(1, 3) ** len(d3s))
        for f in D6 for d3s in product(D3, repeat=hits_of[f]))
    r = resolve(pack(RESULTS), "attack", Situation(given={"x.up": up}, sequence={"attacks": 1}))
    assert r.steps[0].dice_out == want_hits
    assert r.steps[1].dice_out == want_small
    assert r.steps[1].kept == Fraction(2, 3)


@pytest.mark.parametrize("reroll", ["all", "failed", ["ones", "failed"]])
def test_rerolling_all_failed_dice(wh40k, reroll):
    """wh40k: a hit roll on 4+ re-rolling every failed die (`all`, `failed`, or both with ones) hits with
    1/2 + 1/2 x 1/2 = 3/4."""
    r = resolve(wh40k, "attack", Situation(sequence={"attacks": 1, "hit": {"target": 4, "reroll": reroll},
                                                     "wound": {"target": 2}, "save": NO_SAVE}))
    assert r.steps[0].kept == Fraction(3, 4)


# -- expressions of a sequence ---------------------------------------------------------------------------------------

def test_an_open_fact_of_an_event_condition_is_named_not_the_given_one():
    """An event whose condition (a.edge > b.cover) reads a fact the situation leaves open is refused, naming the
    open fact (b.cover), not the one given (a.edge), and saying how to give it; given both, the attack resolves:
    a 4+ hits, and an unmodified 6 adds a hit (1/2 - 1/6 one hit, 1/6 two)."""
    p = pack(KEEN)
    message = "event crit's condition (a.edge > b.cover) needs a fact the situation does not give: b.cover"
    with pytest.raises(RulingsError, match=re.escape(message)) as caught:
        resolve(p, "attack", Situation(given={"a.edge": 2}, sequence={"attacks": 1}))
    assert caught.value.message == message
    assert caught.value.hint == "give it: --given b.cover=VALUE"
    r = resolve(p, "attack", Situation(given={"a.edge": 2, "b.cover": 1}, sequence={"attacks": 1}))
    assert r.outcome == {0: Fraction(1, 2), 1: Fraction(1, 3), 2: SIXTH}


# -- inputs refused, each with its hint at its place in the situation ---------------------------------------------

PLACES = ["(sequence)", "(sequence).attacks", "(sequence).weapons", "(sequence).damage", "(sequence).models",
          "(sequence).wounds", "(sequence).hit", "(sequence).hit.target", "(sequence).hit.rerol", "(sequence).wound",
          "(sequence).sav", "(groups)"]
WHERE = {key: Span("s.yaml", line) for line, key in enumerate(PLACES, 1)}
WEAPONS_HINT = "give from 1 to 30 weapons, or each weapon's attacks, e.g. weapons: [D6, D3]"
LIST_HINT = "list each weapon's attacks, 1 to 30 of them, e.g. weapons: [D6, D3, 2]"
DICE_HINT = "give a number such as 10 or dice such as D6 or D3+1"


REFUSED = [  # pack, sequence, given, the situation's sequence: the error's message, hint and place
    ("wh40k", "attack", {}, {"attacks": 1, **STEPS, "sav": {}},
     "sequence: 'sav' is neither an input nor a step of attack", "did you mean 'save'?", "(sequence).sav"),
    ("wh40k", "attack", {}, {"attacks": 1, **STEPS, "zzz": {}}, "sequence: 'zzz' is neither an input nor a step of "
     "attack", "known: attacks, weapons, damage, models, wounds, hit, wound, save", None),
    ("wh40k", "attack", {}, {"attacks": 1, **STEPS, "hit": 3}, "sequence: hit: must map target and reroll to values",
     'e.g. hit: {target: "3+", reroll: ones}', "(sequence).hit"),
    ("wh40k", "attack", {}, {"attacks": 1, **STEPS, "hit": {"target": 3, "rerol": "ones"}},
     "sequence: hit: unknown key 'rerol'", "did you mean 'reroll'?", "(sequence).hit.rerol"),
    ("wh40k", "attack", {}, {"attacks": 1, **STEPS, "hit": {"target": 3, "xyz": "ones"}},  # no place of its own
     "sequence: hit: unknown key 'xyz'", "allowed: target, reroll", "(sequence).hit"),
    ("skirmish", "attack", SKIRMISH, {"weapons": []}, "sequence: weapons [] is not a list of weapons' attacks",
     LIST_HINT, "(sequence).weapons"),
    ("skirmish", "attack", SKIRMISH, {"weapons": [1] * 31},
     f"sequence: weapons {[1] * 31} is not a list of weapons' attacks", LIST_HINT, "(sequence).weapons"),
    ("skirmish", "attack", SKIRMISH, {"weapons": [2, True]},
     "sequence: weapons [2, True] is not a list of weapons' attacks", LIST_HINT, "(sequence).weapons"),
    ("skirmish", "attack", SKIRMISH, {"weapons": [2, 1.5]},
     "sequence: weapons [2, 1.5] is not a list of weapons' attacks", LIST_HINT, "(sequence).weapons"),
    ("skirmish", "attack", SKIRMISH, {"weapons": [1], "attacks": 2},
     "sequence: weapons lists each weapon's attacks, and attacks gives them too",
     "give either weapons: [D6, D3] alone, or attacks: D6 with weapons: 2", "(sequence).weapons"),
    ("skirmish", "attack", SKIRMISH, {"weapons": 0, "attacks": 2}, "sequence: weapons 0 is not a number of weapons",
     WEAPONS_HINT, "(sequence).weapons"),
    ("skirmish", "attack", SKIRMISH, {"weapons": 31, "attacks": 2}, "sequence: weapons 31 is not a number of weapons",
     WEAPONS_HINT, "(sequence).weapons"),
    ("skirmish", "attack", SKIRMISH, {"weapons": True, "attacks": 2},
     "sequence: weapons True is not a number of weapons", WEAPONS_HINT, "(sequence).weapons"),
    ("skirmish", "attack", SKIRMISH, {"weapons": "2", "attacks": 2},
     "sequence: weapons '2' is not a number of weapons", WEAPONS_HINT, "(sequence).weapons"),
    ("skirmish", "attack", SKIRMISH, {"attacks": 301}, "sequence: attacks 301 is beyond the limit of 300",
     "give at most 300", "(sequence).attacks"),
    ("skirmish", "attack", SKIRMISH, {"attacks": -1}, "sequence: attacks -1 is beyond the limit of 300",
     "give at most 300", "(sequence).attacks"),
    ("skirmish", "attack", SKIRMISH, {"attacks": "x"}, "sequence: attacks: 'x' is not a characteristic value",
     DICE_HINT, "(sequence).attacks"),
    ("skirmish", "attack", SKIRMISH, {"attacks": True}, "sequence: attacks: True is not a characteristic value",
     DICE_HINT, "(sequence).attacks"),
    ("skirmish", "attack", SKIRMISH, {"attacks": "-1"}, "sequence: attacks '-1' is not a number of dice",
     "give a number such as 10 or dice such as D6", "(sequence).attacks"),
    ("skirmish", "attack", SKIRMISH, {"attacks": "2D6", "weapons": 30},  # 30 weapons of 2D6: up to 360
     "sequence: up to 360 attacks is beyond the limit of 300", "ask about fewer attacks at a time",
     "(sequence).attacks"),
    ("skirmish", "close_combat", SKIRMISH, {"attacks": 2},
     "sequence: attacks: close_combat's attacks are the ruling of cc_dice",
     "give the facts cc_dice depends on instead", "(sequence).attacks"),
    ("skirmish", "attack", SKIRMISH, {}, "sequence 'attack' needs the number of attacks",
     "give it: sequence: {attacks: 10} (or dice: D6), or --step attacks=10", "(sequence)"),
    ("skirmish", "attack", SKIRMISH, {"attacks": 1, "hit": {"target": 3}},
     "step 'hit' rolls to_hit, the score needed: its ruling gives what the roll must reach",
     "give the facts the score depends on instead", "(sequence).hit.target"),
    ("wh40k", "attack", {}, {"attacks": 1, "hit": {"target": 3}}, "step 'wound' needs what its roll must reach",
     'give it: sequence: {wound: {target: "3+"}}, or --step wound.target=3', "(sequence).wound"),
    ("wh40k", "attack", {}, {"attacks": 1, **STEPS, "models": 0, "wounds": 1},
     "sequence: models 0 is not a number from 1 to 300", "e.g. models: 2", "(sequence).models"),
    ("wh40k", "attack", {}, {"attacks": 1, **STEPS, "models": 301, "wounds": 1},
     "sequence: models 301 is not a number from 1 to 300", "e.g. models: 2", "(sequence).models"),
    ("wh40k", "attack", {}, {"attacks": 1, **STEPS, "models": True, "wounds": 1},
     "sequence: models True is not a number from 1 to 300", "e.g. models: 2", "(sequence).models"),
    ("wh40k", "attack", {}, {"attacks": 1, **STEPS, "models": 1, "wounds": "2"},
     "sequence: wounds '2' is not a number from 1 to 300", "e.g. wounds: 2", "(sequence).wounds"),
    ("wh40k", "attack", {}, {"attacks": 1, **STEPS, "models": 2}, "sequence 'attack': models without their wounds",
     "give each model's wounds: sequence: {wounds: 2}", "(sequence).models"),
    ("wh40k", "atack", {}, {}, "'atack' is not a sequence of wh40k", "did you mean 'attack'?", None),
    ("wh40k", "zzz", {}, {}, "'zzz' is not a sequence of wh40k", "known: attack", None),
    ("critical", "attack", {"ab.mortal": 2}, {"attacks": 1, **STEPS, "ward": {"target": 7}},  # no own damage
     "sequence 'attack' needs each attack's damage", "give it: sequence: {damage: 1} (or D3)", "(sequence)"),
    ("critical", "attack", {}, {"attacks": 1, **STEPS, "ward": {"target": 7}, "damage": 301},
     "sequence: damage 301 is beyond the limit of 300", "give at most 300", "(sequence).damage"),
    ("critical", "attack", {}, {"attacks": 1, **STEPS, "ward": {"target": 7}, "damage": "x"},
     "sequence: damage: 'x' is not a characteristic value", DICE_HINT, "(sequence).damage"),
]


@pytest.mark.parametrize(("pack_name", "name", "given", "sequence", "message", "hint", "at"), REFUSED,
                         ids=[f"{r[0]}-{r[4][:40]}" for r in REFUSED])
def test_a_bad_input_is_refused_with_its_hint_at_its_place(pack_name, name, given, sequence, message, hint, at):
    """Each input a sequence cannot take is refused before anything is resolved: what is wrong, what to give
    instead, and where the situation says it (its own key, else the nearest that holds it)."""
    with pytest.raises(RulingsError, match=re.escape(message)) as caught:
        resolve(_pack(pack_name), name, Situation(given=given, sequence=sequence, where=WHERE))
    assert (caught.value.message, caught.value.hint, caught.value.where) == (message, hint, WHERE.get(at))


def test_a_situation_split_into_groups_is_refused_at_its_groups():
    """A sequence resolves one situation: one split into groups is refused, at its groups."""
    s = Situation(sequence={"attacks": 1, **STEPS}, groups=(("a", Situation()),), where=WHERE)
    message = "the sequence attack resolves one situation, and this one is split into groups"
    with pytest.raises(RulingsError, match=re.escape(message)) as caught:
        resolve(_pack("wh40k"), "attack", s)
    assert (caught.value.hint, caught.value.where) == ("ask the sequence once for each group's facts",
                                                       WHERE["(groups)"])


@pytest.mark.parametrize(("sequence", "attacks"), [
    ({"weapons": [1] * 30}, 30), ({"weapons": [2]}, 2), ({"attacks": 10, "weapons": 30}, 300),
    ({"attacks": 1, "weapons": 1}, 1), ({"attacks": 300}, 300), ({"attacks": 0}, 0), ({"attacks": "3"}, 3),
])
def test_inputs_at_their_limits_are_taken(sequence, attacks):
    """1 to 30 weapons (or a list of 1 to 30), 0 to 300 attacks (a number, or one written as text) are taken."""
    r = resolve(_pack("skirmish"), "attack", Situation(given=SKIRMISH, sequence=sequence))
    assert r.attacks == {attacks: Fraction(1)}


@pytest.mark.parametrize(("models", "wounds"), [(1, 1), (300, 300)])
def test_models_and_wounds_at_their_limits_are_taken(wh40k, models, wounds):
    """1 to 300 models of 1 to 300 wounds: one attack hitting and wounding on 2+ (an unmodified 1 fails each)
    unsaved, of 1 damage, does 1 damage with chance 25/36, and destroys a model only when it has 1 wound."""
    r = resolve(wh40k, "attack", Situation(sequence={"attacks": 1, "hit": {"target": 2}, "wound": {"target": 2},
                                                     "save": NO_SAVE, "damage": 1, "models": models,
                                                     "wounds": wounds}))
    hit = Fraction(25, 36)
    assert r.damage == {0: 1 - hit, 1: hit}
    assert r.destroyed == ({0: 1 - hit, 1: hit} if wounds == 1 else {0: Fraction(1)})


def test_a_step_ruling_on_facts_left_open_is_refused():
    """A step whose roll's ruling depends on facts the situation leaves open (the dark modifier, when a.dark >
    b.lit) is refused naming them; given them, a hit on 4+ worsened by 1 needs a 5+ (1/3)."""
    p = pack(DARK)
    message = "step 'hit': the hit_roll ruling depends on facts the situation does not give: a.dark, b.lit"
    with pytest.raises(RulingsError, match=re.escape(message)) as caught:
        resolve(p, "attack", Situation(sequence={"attacks": 1}))
    assert caught.value.hint == "give them: --given a.dark=VALUE"
    r = resolve(p, "attack", Situation(given={"a.dark": 2, "b.lit": 0}, sequence={"attacks": 1}))
    assert r.outcome == {0: Fraction(2, 3), 1: Fraction(1, 3)}


# -- mean and at_least ------------------------------------------------------------------------------------------

def test_mean_of_no_outcomes_is_the_fraction_zero():
    """`mean(r.damage or {})` is how the text asks for the mean of no damage: an exact Fraction 0."""
    m = mean({})
    assert m == 0 and isinstance(m, Fraction)


def test_at_least_of_no_outcomes_is_empty():
    """With no outcome at all there is no N from 1 up to the largest: no chance to give."""
    assert at_least({}) == {}


# -- weapons: each weapon's attacks added up ----------------------------------------------------------------------

def test_listed_random_weapons_add_up_to_a_triangle():
    """A pack whose sequence takes its attacks as given (skirmish) adds up each listed weapon's attacks: two D3
    weapons and one of 1 attack make 3 to 7 attacks, each total as likely as the pairs of D3 faces that give it."""
    r = resolve(_pack("skirmish"), "attack", Situation(given=SKIRMISH, sequence={"weapons": ["D3", "D3", 1]}))
    assert r.attacks == _distribution((a + b + 1, Fraction(1, 9)) for a, b in product(D3, D3))
    assert r.attacks == {3: Fraction(1, 9), 4: Fraction(2, 9), 5: Fraction(3, 9), 6: Fraction(2, 9),
                         7: Fraction(1, 9)}


# -- characteristics as dice ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["damage", "attacks"])
@pytest.mark.parametrize("value", ["-", "N/A"])
def test_a_characteristic_that_is_no_number_is_refused(wh40k, key, value):
    """wh40k's A and D may be written "-" or "N/A" (no value): an attack cannot roll that many dice or inflict
    that much damage, so the sequence says which characteristic and what it is."""
    sequence = {"attacks": 1, "hit": {"target": 2}, "wound": {"target": 2}, "save": NO_SAVE, key: value}
    name = {"damage": "D", "attacks": "A"}[key]
    with pytest.raises(RulingsError, match=f"^{name} is {re.escape(value)}, which is not a number of dice$"):
        resolve(wh40k, "attack", Situation(sequence=sequence))


# -- damage without models: every die's damage added up ------------------------------------------------------------

def test_random_attacks_damage_without_models_is_the_total_over_every_count(wh40k):
    """D3 attacks, hitting and wounding on 4+ (an unmodified 1 fails), no save, 1 damage each, no models given:
    the damage is the unsaved attacks' total, summed over 1, 2 or 3 attacks (each 1/3)."""
    one = _distribution((int(h >= 4 and w >= 4), SIXTH * SIXTH) for h, w in product(D6, D6))
    r = resolve(wh40k, "attack", Situation(sequence={"attacks": "D3", "hit": {"target": 4}, "wound": {"target": 4},
                                                     "save": NO_SAVE, "damage": 1}))
    want = _over_attacks({n: Fraction(1, 3) for n in D3}, one)
    assert r.damage == want
    assert want == {0: Fraction(1, 3) * (Fraction(3, 4) + Fraction(9, 16) + Fraction(27, 64)),
                    1: Fraction(1, 3) * (Fraction(1, 4) + 2 * Fraction(3, 16) + 3 * Fraction(9, 64)),
                    2: Fraction(1, 3) * (Fraction(1, 16) + 3 * Fraction(3, 64)),
                    3: Fraction(1, 3) * Fraction(1, 64)}


def _critical_attack(d: int, ward: int, mortal: int) -> dict[int, Fraction]:
    """One attack of the critical pack hitting, wounding and saving on 2+, 2+ and 4+ (an unmodified 1 fails each),
    its damage `d` (a D3 when 0), `mortal` damage instead on a critical (unmodified 6) wound, which skips the save,
    and each point lost on a ward roll below `ward`: every die enumerated."""
    outcomes = []
    for hit, wound, save in product(D6, D6, D6):
        chance = SIXTH ** 3
        if hit == 1 or wound == 1:
            outcomes.append((0, chance))
            continue
        if wound == 6:
            damages = [(mortal, Fraction(1))]
        elif save >= 4:
            outcomes.append((0, chance))
            continue
        else:
            damages = [(d, Fraction(1))] if d else [(x, Fraction(1, 3)) for x in D3]
        for points, p in damages:
            for wards in product(D6, repeat=points):
                outcomes.append((sum(1 for f in wards if f < ward), chance * p * SIXTH ** points))
    return _distribution(outcomes)


def test_damage_of_two_lanes_without_models_adds_every_die(critical):
    """Two attacks, D3 damage, 3 mortal wounds on a critical wound (instead of the attack's damage and its save),
    a 5+ ward for each point, no models: the total of every die's damage, however the dice split between the
    attack's damage and the mortal wounds."""
    r = resolve(critical, "attack", Situation(given={"ab.mortal": 3}, sequence={
        "attacks": 2, "hit": {"target": 2}, "wound": {"target": 2}, "save": {"target": 4}, "damage": "D3",
        "ward": {"target": 5}}))
    assert r.damage == _over_attacks({2: Fraction(1)}, _critical_attack(0, 5, 3))


# -- the limit on outcomes: exactly MAX_STATES is resolved, one more is refused ------------------------------------

def _one_step(**sequence):
    return resolve(pack(ONE_STEP), "attack", Situation(sequence=sequence))


def test_allocation_at_the_limit_is_resolved(monkeypatch):
    """One attack hitting on 4+ with D3 damage at three models of 3 wounds allocates to 4 states (missed; 1 or 2
    damage on the first model; the first model destroyed by 3), one attack has 2 outcomes: with the limit at 4 it
    resolves, each damage 1/2 x 1/3."""
    monkeypatch.setattr(solver.sequence, "MAX_STATES", 4)
    r = _one_step(attacks=1, damage="D3", models=3, wounds=3)
    third = Fraction(1, 2) * Fraction(1, 3)
    assert r.damage == {0: Fraction(1, 2), 1: third, 2: third, 3: third}
    assert r.destroyed == {0: 1 - third, 1: third}


def test_allocation_beyond_the_limit_is_refused(monkeypatch):
    """The same attack with the limit at 3: allocating its 4 states is refused, counting the attacks allocated."""
    monkeypatch.setattr(solver.sequence, "MAX_STATES", 3)
    message = "allocating 1 attacks has more than 3 outcomes, too many to resolve exactly"
    with pytest.raises(RulingsError, match=re.escape(message)) as caught:
        _one_step(attacks=1, damage="D3", models=3, wounds=3)
    assert caught.value.message == message
    assert caught.value.hint == "ask about fewer attacks at a time; a sequence is never sampled"


def test_one_attack_and_its_sum_at_the_limit_are_resolved(monkeypatch):
    """One attack of one step has 2 outcomes (a hit or not), and so has the sum over one attack: with the limit at
    2 it resolves, 1 damage with chance 1/2."""
    monkeypatch.setattr(solver.sequence, "MAX_STATES", 2)
    assert _one_step(attacks=1, damage=1).damage == {0: Fraction(1, 2), 1: Fraction(1, 2)}


@pytest.mark.parametrize(("limit", "attacks", "message", "hint"), [
    (1, 1, "sequence 'attack': one attack has more than 1 outcomes at step 'hit', too many to resolve exactly",
     "ask about fewer extra dice; a sequence is never sampled"),  # a hit or not: 2 outcomes of one attack
    (2, 2, "2 attacks have more than 2 outcomes, too many to resolve exactly",
     "ask about fewer attacks at a time; a sequence is never sampled"),  # two attacks hit 0, 1 or 2 times
])
def test_outcomes_beyond_the_limit_are_refused_naming_where(monkeypatch, limit, attacks, message, hint):
    """One attack's outcomes at a step, or the sum over attacks, beyond `MAX_STATES`: refused, counting them."""
    monkeypatch.setattr(solver.sequence, "MAX_STATES", limit)
    with pytest.raises(RulingsError, match=re.escape(message)) as caught:
        _one_step(attacks=attacks, damage=1)
    assert caught.value.message == message
    assert caught.value.hint == hint

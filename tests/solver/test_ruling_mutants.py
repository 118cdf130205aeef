"""`solver.ruling`, checked where mutation testing found nothing watching (`python tools/mutate.py solver/ruling.py`).

Each expected ruling is worked out by hand from the small packs written here: the rules that hold count, the policies
settle conflicts among them, and the arithmetic of the quantity's kind gives the value.
"""

from __future__ import annotations

from dataclasses import fields, replace
from fractions import Fraction

import pytest

from kb.errors import RulingsError, Span
from kb.expr import parse_expr
from kb.model import Pack
from solver.arithmetic import Term
from solver.ask import ask
from solver.characteristics import parse_value
from solver.derivation import Node
from solver.ruling import (
    Applied,
    Clamped,
    NeedFacts,
    ReadingOutcome,
    Ruling,
    _plan,
    _turns,
    need,
    new_outcome,
    new_ruling,
    plans_when_changed,
)
from solver.situation import Effect, Situation, read_situation
from tests.solver.small_packs import pack

CORE = ("core: {title: Core, paragraphs: {1: Cover counts., 2: Bonuses add up to +2 at most., 3: The save is never "
        "worse than -1., 4: Nor better than +1., 5: Some hits need no roll., 6: Penalties add up to -3 at most.}}")

SAVES = f"""\
pack: r
sources:
  {CORE}
facts:
  a: {{type: bool, text: a holds}}
  b: {{type: bool, text: b holds}}
  c: {{type: bool, text: c holds}}
  d: {{type: bool, text: d holds}}
  either: {{type: bool, derive: a or b, text: one of a and b holds}}
assumptions:
  sure: {{text: the hit is sure, reason: the rules say so}}
quantities:
  save: {{kind: roll, dice: D6, passes: 4, text: a save roll}}
  hit:
    kind: score
    base: 4
    automatic: either
    text: the hit roll
    cites: {{automatic: {{source: core, paragraph: 5}}}}
    assumptions: [sure]
  pool: {{kind: pool, base: 4, effects: true}}
modifiers:
  cover: {{quantity: save, change: +1, when: a, cite: {{source: core, paragraph: 1}}}}
  shield: {{quantity: save, change: +2, when: b}}
  rend: {{quantity: save, change: -3, when: c}}
  curse: {{quantity: save, change: -1, when: d}}
  three: {{quantity: pool, change: "=3", when: a}}
  five: {{quantity: pool, change: "=5", when: b}}
policies:
  bonus: {{kind: cap, quantity: save, of: improvements, max: 2, cite: {{source: core, paragraph: 2}}}}
  malus: {{kind: cap, quantity: save, of: worsenings, min: -3, label: grim, cite: {{source: core, paragraph: 6}}}}
  floor: {{kind: cap, quantity: save, label: lowest, min: -1, cite: {{source: core, paragraph: 3}}}}
  ceiling: {{kind: cap, quantity: save, label: lowest, max: 1, cite: {{source: core, paragraph: 4}}}}
"""
"""Modifiers from line 23 (three: line 27, five: line 28)."""


@pytest.fixture(scope="module")
def saves() -> Pack:
    return pack(SAVES)


def asked(p: Pack, quantity: str, text: str) -> Ruling:
    return ask(p, quantity, read_situation(text, "s.yaml", p))


def said(node: Node) -> list[tuple[int, str, str | None, str]]:
    return [(depth, n.claim, n.cite, n.tag) for depth, n in node.lines()]


# -- a ruling that needs no roll ------------------------------------------------------------------------------------


@pytest.mark.parametrize("given, shown", [("a: true, b: false", "a = true, b = false"),
                                          ("a: false, b: true", "a = false, b = true")])
def test_an_automatic_ruling_says_why_it_needs_no_roll_and_cites_that_step(saves: Pack, given: str, shown: str) -> None:
    r = asked(saves, "hit", f"given: {{{given}}}")
    assert (r.pack, r.quantity, r.value, r.display, r.probability, r.automatic, r.impossible) == (
        "r", "hit", None, "automatic: no roll needed", Fraction(1), True, False)
    assert (r.applied, r.clamped, r.modifier, r.then, r.cases, r.assumptions) == ((), (), None, None, None, ("sure",))
    assert said(r.explanation) == [
        (0, "the hit roll (hit): automatic, no roll needed (chance 1)", "core ¶5", "value"),
        (1, "one of a and b holds: yes", None, "fact"),
        (2, f"a or b holds ({shown})", None, "fact"),
    ]
    assert r.values is not None and r.values["a"] is (given.startswith("a: true"))


# -- caps of a share of the modifiers, and caps that share a label --------------------------------------------------


def test_a_cap_on_a_share_says_what_it_held_and_cites_itself(saves: Pack) -> None:
    # +1 +2 = +3 held to +2; -3 -1 = -4 held to -3: net -1, which the floor and ceiling of `lowest` let be; 3 - 1 = 2
    r = asked(saves, "save", "given: {a: true, b: true, c: true, d: true}\nroll: 3")
    assert (r.value, r.modifier, r.probability) == (2, -1, Fraction(1, 3))
    assert r.clamped == (Clamped("bonus", 3, 2), Clamped("grim", -4, -3))
    assert [(n.claim, n.cite, n.tag) for n in r.explanation.because if n.tag == "clamp"] == [
        ("bonus: the modifiers that improve the roll, +3 in all, become +2", "core ¶2", "clamp"),
        ("grim: the modifiers that worsen the roll, -4 in all, become -3", "core ¶6", "clamp"),
    ]


@pytest.mark.parametrize("given, roll, clamps", [
    # +3 held to +2, then the ceiling: 1 (the floor turns nothing down to 1)
    ("a: true, b: true, c: false, d: false", 3, [("bonus", 3, 2, "core ¶2"), ("lowest", 2, 1, "core ¶4")]),
    # -3 alone, within grim's -3: the floor lifts it to -1
    ("a: false, b: false, c: true, d: false", 3, [("lowest", -3, -1, "core ¶3")]),
])
def test_of_two_caps_sharing_a_label_the_one_that_bit_is_cited(saves: Pack, given: str, roll: int,
                                                                 clamps: list[tuple[str, int, int, str]]) -> None:
    r = asked(saves, "save", f"given: {{{given}}}\nroll: {roll}")
    assert [(c.rule, c.before, c.after) for c in r.clamped] == [c[:3] for c in clamps]
    nodes = [(n.claim, n.cite) for n in r.explanation.because if n.tag == "clamp"]
    assert nodes[-1] == (f"lowest: {clamps[-1][1]} becomes {clamps[-1][2]}", clamps[-1][3])
    assert [cite for _, cite in nodes] == [c[3] for c in clamps]


def test_a_limit_turns_a_value_when_its_plain_numbers_do(saves: Pack) -> None:
    floor, ceiling = saves.policies["floor"], saves.policies["ceiling"]
    assert (_turns(floor, -3, -1), _turns(floor, 2, 1), _turns(floor, -1, -1)) == (True, False, True)
    assert (_turns(ceiling, 2, 1), _turns(ceiling, -3, -1), _turns(ceiling, 1, 1)) == (True, False, True)
    assert _turns(floor, "-", -1) is True  # a symbol is no number: the limit may have turned it
    reads = pack(LIMITED).policies["top"]
    assert (_turns(reads, 3, 2), _turns(reads, 5, 0)) == (True, True)  # a limit the facts set may be anything


LIMITED = """\
pack: l
facts:
  n: {type: int, range: [0, 3]}
quantities:
  save: {kind: roll, dice: D6}
policies:
  top: {kind: cap, quantity: save, max: n}
"""


# -- two sets that nothing orders -----------------------------------------------------------------------------------


def test_two_sets_to_different_values_are_refused_by_name_at_the_last_rule_that_sets(saves: Pack) -> None:
    with pytest.raises(RulingsError) as caught:
        asked(saves, "pool", "given: {a: true, b: true}")
    assert caught.value.message == ("set effects five (=5) and three (=3) set one value to different values, and "
                                    "nothing in the pack orders them")
    assert str(caught.value.where).startswith("p.yaml:28:")  # five, listed after three


def test_a_set_effect_of_the_situation_is_refused_at_the_packs_rule_that_sets(saves: Pack) -> None:
    with pytest.raises(RulingsError) as caught:
        asked(saves, "pool", 'given: {a: true, b: false}\neffects: [{name: Fixed, op: "=4"}]')
    assert "set effects Fixed (=4) and three (=3)" in caught.value.message
    assert str(caught.value.where).startswith("p.yaml:27:")


def test_two_set_effects_of_the_situation_alone_are_refused_by_name(saves: Pack) -> None:
    with pytest.raises(RulingsError) as caught:
        asked(saves, "pool", 'given: {a: false, b: false}\neffects: [{name: Low, op: "=2"}, {name: High, op: "=6"}]')
    assert caught.value.message.startswith("set effects High (=6) and Low (=2) set one value to different values")


def test_two_sets_to_the_same_value_are_one_value(saves: Pack) -> None:
    assert asked(saves, "pool", 'given: {a: true, b: false}\neffects: [{name: Fixed, op: "=3"}]').value == 3


# -- rulings made without the dataclass's constructor ---------------------------------------------------------------


def test_a_ruling_made_fast_is_the_ruling_its_fields_make() -> None:
    node = Node("x")
    values = {"a": True}
    given = ("p", "q", 3, "3", node, (Applied("r", "+1"),), (), ("s",), (Clamped("c", 4, 3),), 1, Fraction(1, 2),
             False, 4, None, None, None, ("t",), None, (("passed", True),), values)
    made, plain = new_ruling(*given), Ruling(*given)
    assert type(made) is Ruling
    assert made == plain
    assert [getattr(made, f.name) for f in fields(Ruling)] == list(given)
    assert made.explanation is node and made.values is values


# -- plans for a pack with one rule's condition changed -------------------------------------------------------------


def test_the_plans_made_so_far_are_copied_with_the_changed_rule_in_its_place(saves: Pack) -> None:
    p = pack(SAVES)
    asked(p, "save", "given: {a: true, b: false, c: false, d: false}\nroll: 3")
    plan = _plan(p, p.quantities["save"], {})
    old = p.modifiers["shield"]
    new = replace(old, when=parse_expr("b and a"))
    changed = plans_when_changed(p, old, new)
    assert list(changed) == [("plan", "save", ())]
    copy = changed["plan", "save", ()]
    assert copy.modifiers == (p.modifiers["cover"], new, p.modifiers["rend"], p.modifiers["curse"])
    assert copy.by_name == {**plan.by_name, "shield": new} and copy.by_name["shield"] is new
    assert (copy.terms, copy.applied, copy.policies, copy.bounds, copy.settles, copy.chooses) == (
        plan.terms, plan.applied, plan.policies, plan.bounds, plan.settles, plan.chooses)
    assert copy.terms["shield"] == Term("shield", "+", 2)
    assert plans_when_changed(p, p.modifiers["three"], replace(p.modifiers["three"], when=parse_expr("b"))) == {}


READ = """\
pack: w
facts:
  a: {type: bool, text: a holds}
quantities:
  save: {kind: roll, dice: D6, passes: 4}
modifiers:
  cover: {quantity: save, change: +1, when: a}
  heavy: {quantity: save, change: +1, when: a, under: {weight: twice}}
readings:
  weight:
    sentence: A heavy load counts twice.
    options: {once: it counts once, twice: it counts twice}
    default: once
"""


def test_only_the_plans_of_readings_where_the_changed_rule_is_in_force_are_copied() -> None:
    p = pack(READ)
    once = asked(p, "save", "given: {a: true}\nroll: 3")
    twice = asked(p, "save", "given: {a: true}\nroll: 3\nreading: {weight: twice}")
    assert (once.modifier, twice.modifier) == (1, 2)
    plans = p.index["plans", "save"]
    assert len(plans) == 2
    old = p.modifiers["heavy"]
    new = replace(old, when=parse_expr("not a"))
    changed = plans_when_changed(p, old, new)
    assert len(changed) == 1
    (copy,) = changed.values()
    assert copy.modifiers == (p.modifiers["cover"], new)


ROWS = """\
pack: t
sources:
  core: {title: Core, paragraphs: {1: Veterans aim at -1., 2: Others at -2.}}
facts:
  vet: {type: bool, text: the shooter is a veteran}
modifiers:
  aim:
    quantity: hit
    change: -1
    per:
      table: vet
      rows: {true: 1, false: 2}
      cites:
        true: {source: core, paragraph: 1}
        false: {source: core, paragraph: 2}
    when: vet or not vet
quantities:
  hit: {kind: score, base: 4}
"""


@pytest.mark.parametrize("vet, cite", [("true", "core ¶1"), ("false", "core ¶2")])
def test_the_row_a_true_or_false_fact_picks_is_said_in_the_rules_words(vet: str, cite: str) -> None:
    r = asked(pack(ROWS), "hit", f"given: {{vet: {vet}}}")
    applied = next(n for n in r.explanation.because if n.tag == "applied")
    assert (applied.because[-1].claim, applied.because[-1].cite, applied.because[-1].tag) == (
        f"the row for vet = {vet}", cite, "row")


EFFECTS = """\
pack: e
facts:
  a: {type: bool}
quantities:
  bs: {kind: characteristic, characteristic: plus, effects: true, text: skill}
  dmg: {kind: characteristic, characteristic: number, effects: true, text: damage}
  pool: {kind: pool, base: 4, effects: true, text: dice}
"""


@pytest.fixture(scope="module")
def effects() -> Pack:
    return pack(EFFECTS)


@pytest.mark.parametrize("quantity, text, value", [
    ("bs", 'base: 3+\neffects: ["=4+"]', "4+"),  # a characteristic set to a value as written
    ("bs", 'base: 3+\neffects: ["=-"]', "-"),
    ("dmg", 'base: 2\neffects: ["=-2"]', -2),
    ("pool", 'effects: ["x2"]', 8),  # 4 dice doubled
    ("pool", 'effects: ["/2"]', 2),
    ("pool", 'effects: ["-2"]', 2),
    ("pool", 'effects: ["+-1"]', 3),  # plus a negative number: one die fewer
])
def test_a_situations_effect_counts_as_written(effects: Pack, quantity: str, text: str, value: object) -> None:
    assert asked(effects, quantity, text).value == value


@pytest.mark.parametrize("quantity, text", [
    ("pool", 'effects: ["=3+"]'),  # a value as written sets only a characteristic
    ("pool", 'effects: ["X2"]'),  # multiply is a lower-case x (or *)
    ("pool", 'effects: ["+a"]'),
    ("pool", 'effects: ["+X2"]'),
    ("pool", 'effects: ["+2-"]'),
])
def test_an_effect_that_is_no_change_is_refused_at_its_place(effects: Pack, quantity: str, text: str) -> None:
    op = text.split('"')[1]
    with pytest.raises(RulingsError) as caught:
        asked(effects, quantity, text)
    assert caught.value.message == f"effect {op!r}: {op!r} is not +N, -N, xN, /N or =N"
    assert str(caught.value.where).startswith("s.yaml:1:")
    assert caught.value.hint == ('e.g. effects: ["+1", {name: Stealth, op: "-1"}]; a characteristic may also be set '
                                 'to a value as written: "=3+", "=-", "=D6"')


@pytest.mark.parametrize("written", ["2-", "X2"])
def test_a_characteristic_set_to_no_value_is_refused(effects: Pack, written: str) -> None:
    with pytest.raises(RulingsError) as caught:
        asked(effects, "dmg", f'base: 2\neffects: ["={written}"]')
    assert caught.value.message == f"dmg (set by ={written}): {written!r} is not a characteristic value"


def exclusive(policy: str) -> Pack:
    return pack(f"""\
pack: x
sources:
  core: {{title: Core, paragraphs: {{1: Only the best bonus counts.}}}}
facts:
  a: {{type: bool}}
  b: {{type: bool}}
quantities:
  save: {{kind: roll, dice: D6}}
modifiers:
  cover: {{quantity: save, change: +1, when: a}}
  shield: {{quantity: save, change: +2, when: b}}
policies:
  {policy}
""")


@pytest.mark.parametrize("policy, said, cite", [
    ("only: {kind: exclusive, rules: [cover, shield], text: only the first bonus counts, "
     "cite: {source: core, paragraph: 1}}", "(only: only the first bonus counts)", "core ¶1"),
    ("only: {kind: exclusive, rules: [cover, shield]}", "(only)", None),
])
def test_a_rule_an_exclusive_group_suppresses_is_said_with_the_group_and_its_words(policy: str, said: str,
                                                                                   cite: str | None) -> None:
    r = asked(exclusive(policy), "save", "given: {a: true, b: true}\nroll: 3")
    assert r.value == 4  # the group keeps the first rule listed: 3 + 1
    node = next(n for n in r.explanation.because if n.tag == "suppressed")
    assert (node.claim, node.cite, node.tag) == (f"shield does not count, cover counts instead {said}", cite,
                                                 "suppressed")


NUMBERED = """\
pack: n
sources:
  core: {title: Core, paragraphs: {1: Beyond 12 inches a shot is at -1.}}
facts:
  far: {type: int, range: [0, 24], text: "the range is {value}"}
modifiers:
  aim:
    quantity: hit
    change: -1
    per:
      table: far
      rows: {0..12: 0, 13..24: 1}
      cites:
        13..24: {source: core, paragraph: 1}
    when: far > 12
quantities:
  hit: {kind: score, base: 4}
"""


def test_the_row_a_number_picks_is_said_as_the_number() -> None:
    r = asked(pack(NUMBERED), "hit", "given: {far: 18}")
    applied = next(n for n in r.explanation.because if n.tag == "applied")
    assert (applied.because[-1].claim, applied.because[-1].cite) == ("the row for far = 18", "core ¶1")


# -- how a rule that counts is said ---------------------------------------------------------------------------------

DRAG = """\
pack: d
sources:
  core: {title: Core, paragraphs: {1: Each wound slows by one.}}
facts:
  wounds: {type: int, range: [0, 3], text: wounds taken}
  slow: {type: bool, text: the unit is slowed}
quantities:
  move: {kind: pool, base: 6, text: movement}
modifiers:
  drag: {quantity: move, change: -1, per: wounds, when: slow, text: each wound slows the unit,
         cite: {source: core, paragraph: 1}}
"""


def test_a_rule_counted_per_a_fact_says_its_amount_per_that_fact_its_words_and_its_cite() -> None:
    # -1 for each of 2 wounds: 6 - 2 = 4
    r = asked(pack(DRAG), "move", "given: {slow: true, wounds: 2}")
    assert r.value == 4
    assert r.values is not None and (r.values["slow"], r.values["wounds"]) == (True, 2)
    assert (r.pack, r.quantity, r.display, r.suppressed, r.ignored, r.choice) == ("d", "move", "4 dice", (), (), None)
    assert r.applied == (Applied("drag", "-2", "each wound slows the unit", "core ¶1"),)
    assert [line for line in said(r.explanation) if line[0] > 0] == [
        (1, "base 6 = 6", None, "base"),
        (1, "drag -2 (-1 per wounds) counts: each wound slows the unit", "core ¶1", "applied"),
        (2, "the unit is slowed: yes", None, "fact"),
    ]


def test_an_effect_in_play_is_said_by_its_name_unless_its_name_is_the_change(effects: Pack) -> None:
    # 4 dice, +1 then -1: 4
    r = asked(effects, "pool", 'effects: ["+1", {name: Stealth, op: "-1"}]')
    assert r.value == 4
    assert [(n.claim, n.cite, n.tag, n.because) for n in r.explanation.because if n.tag != "base"] == [
        ("+1 counts (an effect in play)", None, "applied", ()),
        ("Stealth -1 counts (an effect in play)", None, "applied", ()),
    ]
    assert r.applied == (Applied("+1", "+1", "effect +1"), Applied("Stealth", "-1", "effect -1"))


def test_an_effect_that_divides_by_0_is_refused_at_its_place_in_the_situation(effects: Pack) -> None:
    situation = read_situation('effects: ["+1", "/0"]', "s.yaml", effects)
    with pytest.raises(RulingsError) as caught:
        ask(effects, "pool", situation)
    assert caught.value.message == "/0 divides by 0"
    assert caught.value.where == situation.where["(effects)[1]"] and caught.value.where.path == "s.yaml"


def test_an_effect_of_a_situation_made_in_code_is_placed_in_the_situation(effects: Pack) -> None:
    with pytest.raises(RulingsError) as caught:
        ask(effects, "pool", Situation(effects=(Effect("Halve", "/0"),)))
    assert caught.value.message == "Halve divides by 0"
    assert caught.value.where == Span("situation")


# -- how a choice to ignore modifiers is settled --------------------------------------------------------------------

CHOOSE = """\
pack: c
facts:
  a: {type: bool}
quantities:
  march: {kind: pool, base: 6, text: march}
modifiers:
  mud: {quantity: march, change: -1, when: a}
  rain: {quantity: march, change: -1, when: a}
  wind: {quantity: march, change: +1, when: a}
policies:
  most: {kind: clamp, quantity: march, max: 10}
  may: {kind: choice, quantity: march, chooser: the player, when: a}
"""


def test_the_choice_policy_lets_the_player_ignore_the_worsening_rules_alike_as_one_kind() -> None:
    # 6 dice, -1 -1 +1: ignoring both -1s gives 7, the most; the -1s are interchangeable (0, 1 or 2 of them ignored,
    # wind ignored or not: 6 ways weighed), the clamp listed first chooses nothing
    r = asked(pack(CHOOSE), "march", "given: {a: true}")
    assert (r.value, r.ignored) == (7, ("mud", "rain"))
    assert r.explanation.claim == "march (march): 7 dice"  # no chance: a pool is no roll
    assert r.choice is not None and r.choice.policy.name == "may"
    assert (r.choice.kinds, r.choice.weighed) == ((("mud", "rain"),), 6)
    node = next(n for n in r.explanation.because if n.tag == "ignored")
    assert node.claim == "choice (may): the player may ignore any of them; best is ignoring mud, rain"
    assert node.because[-1].claim == ("interchangeable, the same change (the earliest names are ignored first): "
                                      "mud, rain")


def test_an_ignore_naming_no_rule_that_counts_is_refused_at_the_situations_ignore() -> None:
    p = pack(CHOOSE)
    situation = read_situation("given: {a: true}\nignore: [hail]", "s.yaml", p)
    with pytest.raises(RulingsError) as caught:
        ask(p, "march", situation)
    assert caught.value.message == "unknown modifier to ignore 'hail'"
    assert caught.value.where == situation.where["(ignore)"] and str(caught.value.where).startswith("s.yaml:2:")


# -- the nodes of rules that count or fail: each its own, in each pack ----------------------------------------------


def walled(words: str, paragraph: int) -> Pack:
    return pack(f"""\
pack: w
sources:
  core: {{title: Core, paragraphs: {{1: Cover counts., 2: A wall counts., 3: Shelter counts.}}}}
facts:
  a: {{type: bool, text: a holds}}
  b: {{type: bool, text: b holds}}
quantities:
  save: {{kind: roll, dice: D6, passes: 4, text: a save roll}}
modifiers:
  cover: {{quantity: save, change: +1, when: a and b, text: {words}, cite: {{source: core, paragraph: {paragraph}}}}}
  wall: {{quantity: save, change: +1, when: a, text: a wall, cite: {{source: core, paragraph: 2}}}}
""")


def rule_nodes(r: Ruling) -> list[tuple[str, str | None, str, list[str]]]:
    return [(n.claim, n.cite, n.tag, [b.claim for b in n.because]) for n in r.explanation.because
            if n.tag in ("applied", "failed")]


def test_a_rule_that_fails_says_the_part_of_its_condition_that_failed_and_cites_itself() -> None:
    # a holds, b does not: wall counts (3 + 1 = 4), cover fails on b alone
    r = asked(walled("in cover", 1), "save", "given: {a: true, b: false}\nroll: 3")
    assert r.value == 4
    assert rule_nodes(r) == [
        ("wall +1 counts: a wall", "core ¶2", "applied", ["a holds: yes"]),
        ("cover does not apply: a and b fails", "core ¶1", "failed", ["b holds: no"]),
    ]


def test_two_rules_that_count_are_each_said() -> None:
    r = asked(walled("in cover", 1), "save", "given: {a: true, b: true}\nroll: 3")
    assert r.value == 5
    assert rule_nodes(r) == [
        ("cover +1 counts: in cover", "core ¶1", "applied", ["a holds: yes", "b holds: yes"]),
        ("wall +1 counts: a wall", "core ¶2", "applied", ["a holds: yes"]),
    ]


def test_two_packs_with_rules_of_one_name_each_say_their_own_words_and_cites() -> None:
    first, second = walled("in cover", 1), walled("in shelter", 3)
    for given in ("a: true, b: true", "a: true, b: false"):
        asked(first, "save", f"given: {{{given}}}\nroll: 3")
    applied = next(n for n in asked(second, "save", "given: {a: true, b: true}\nroll: 3").explanation.because
                   if n.tag == "applied")
    failed = next(n for n in asked(second, "save", "given: {a: true, b: false}\nroll: 3").explanation.because
                  if n.tag == "failed")
    assert (applied.claim, applied.cite) == ("cover +1 counts: in shelter", "core ¶3")
    assert (failed.claim, failed.cite) == ("cover does not apply: a and b fails", "core ¶3")


# -- the steps a ruling cites, and the assumptions it says --------------------------------------------------------

BEYOND = """\
pack: i
sources:
  core: {title: Core, paragraphs: {1: A score of 7 or more cannot be rolled.}}
facts:
  a: {type: bool}
quantities:
  hit: {kind: score, base: 6, impossible_from: 7, text: the hit roll, cite: {source: core, paragraph: 1}}
modifiers:
  dark: {quantity: hit, change: +1, when: a}
"""


def test_a_score_past_the_chart_cites_the_quantity_where_no_step_is_cited() -> None:
    # 6 + 1 = 7: impossible, in the words of the quantity's own paragraph
    r = asked(pack(BEYOND), "hit", "given: {a: true}")
    assert (r.value, r.probability) == (7, 0)
    assert [(n.claim, n.cite) for n in r.explanation.because if n.tag == "chart"] == [
        ("a score of 7 or more is impossible", "core ¶1")]


def test_an_assumption_is_said_with_its_reason(saves: Pack) -> None:
    r = asked(saves, "hit", "given: {a: false, b: false}")  # no automatic hit: the roll, on the assumption
    assert r.assumptions == ("sure",)
    node = next(n for n in r.explanation.because if n.tag == "assumption")
    assert node.claim == "assumption sure: the hit is sure"
    assert [b.claim for b in node.because] == ["why: the rules say so"]


def test_two_rules_that_fail_are_each_said() -> None:
    # a fails: both rules fail on it, 3 stays 3
    r = asked(walled("in cover", 1), "save", "given: {a: false, b: false}\nroll: 3")
    assert r.value == 3
    assert rule_nodes(r) == [
        ("cover does not apply: a and b fails", "core ¶1", "failed", ["a holds: no", "b holds: no"]),
        ("wall does not apply: a fails", "core ¶2", "failed", ["a holds: no"]),
    ]


# -- the pack's own re-rolls, as the derivation says them -----------------------------------------------------------

REROLLS = """\
pack: rr
sources:
  core: {title: Core, paragraphs: {1: A calm shooter re-rolls a failed save.}}
facts:
  a: {type: bool, text: a holds}
  b: {type: bool, text: b holds}
  c: {type: bool, text: c holds}
  calm: {type: bool, derive: a and b, text: the shooter is calm}
quantities:
  save:
    kind: roll
    dice: D6
    passes: 4
    text: a save roll
    rerolls:
      - {name: steady, reroll: failed, when: calm, text: steady aim, cite: {source: core, paragraph: 1}}
      - {name: lucky, reroll: ones, when: a and c}
"""


def test_the_packs_re_rolls_are_said_each_with_why_it_applies_or_not() -> None:
    # calm (a and b) holds: steady re-rolls a failed save (the save passes on 4+); lucky fails on c alone
    r = asked(pack(REROLLS), "save", "given: {a: true, b: true, c: false}")
    nodes = [line for line in said(r.explanation) if line[0] > 0 and line[3] != "base"]
    assert nodes[:6] == [  # then the arithmetic's steps
        (1, "steady aim (steady) grants a re-roll: a roll that fails is re-rolled (every die of it)", "core ¶1",
         "applied"),
        (2, "the shooter is calm: yes", None, "fact"),
        (3, "a holds: yes", None, "fact"),
        (3, "b holds: yes", None, "fact"),
        (1, "lucky (lucky) does not apply: its condition does not hold", None, "failed"),
        (2, "c holds: no", None, "fact"),
    ]
    # a 4+ roll with a failed roll re-rolled: 1/2 + 1/2 * 1/2
    assert r.probability == Fraction(3, 4)
    assert r.explanation.claim == "a save roll (save): D6, chance 3/4"


# -- needing facts, bases, limits that read the base, and what a ruling assumes ------------------------------------


def test_need_gives_the_default_for_no_expression_and_names_the_facts_it_lacks() -> None:
    assert need(None, {}, 5) == 5 and need(None, {}) is None
    assert need(parse_expr("a and b"), {"a": False}) is False  # b cannot change it
    with pytest.raises(NeedFacts) as caught:
        need(parse_expr("a and b or c"), {"a": True})
    assert caught.value.names == {"b", "c"} and caught.value.args == (["b", "c"],)


def test_an_expression_that_cannot_be_worked_out_is_placed_where_it_was_written() -> None:
    where = Span("p.yaml", 3, 5)
    with pytest.raises(RulingsError) as caught:
        need(parse_expr("4 // n"), {"n": 0}, where=where)
    assert caught.value.message == "division by zero in '4 // n'" and caught.value.where == where


COST = """\
pack: c
sources:
  core: {title: Core, paragraphs: {1: A cost never falls by more than one., 2: Dice are four and more., 3: A chart.}}
facts:
  a: {type: bool}
  n: {type: int, range: [0, 3]}
assumptions:
  low: {text: the cost may fall, reason: the rules say so}
  chart: {text: the chart goes on, reason: the chart says so}
  held: {text: the floor holds, reason: it says so}
quantities:
  cost: {kind: characteristic, characteristic: number, text: the cost}
  pool: {kind: pool, base: 4 + n, text: dice, cites: {base: {source: core, paragraph: 2}}}
  hit: {kind: score, base: 5, chart: {7: 4}, chart_assumption: chart, text: the hit,
        cites: {chart: {source: core, paragraph: 3}}}
  shots: {kind: characteristic, characteristic: number, weapons: true, text: the shots}
  aim: {kind: score, base: 5, chart: {7: 4}, text: the aim, cite: {source: core, paragraph: 3}}
modifiers:
  cheap: {quantity: cost, change: -2, when: a, assumptions: [low]}
  halve: {quantity: pool, change: / n, when: a}
  far: {quantity: [hit, aim], change: +2, when: a}
policies:
  least: {kind: clamp, quantity: cost, min: base - 1, assumption: held}
"""


@pytest.fixture(scope="module")
def cost() -> Pack:
    return pack(COST)


@pytest.mark.parametrize("base, value", [(3, 2), (-2, -3)])  # base - 2, held at base - 1
def test_a_limit_that_reads_the_base_holds_the_value_and_says_its_assumption(cost: Pack, base: int,
                                                                             value: int) -> None:
    r = asked(cost, "cost", f"given: {{a: true}}\nbase: {base}")
    assert r.value == value
    assert r.clamped == (Clamped("least", base - 2, base - 1),)
    assert r.assumptions == ("low", "held")  # the rule's, then the limit's that bit


def test_a_limit_that_does_not_bite_assumes_nothing(cost: Pack) -> None:
    r = asked(cost, "cost", "given: {a: false}\nbase: 3")
    assert (r.value, r.clamped, r.assumptions) == (3, (), ())


def test_a_limit_that_reads_a_base_that_is_no_number_is_refused(cost: Pack) -> None:
    with pytest.raises(RulingsError) as caught:
        asked(cost, "cost", "given: {a: true}\nbase: D6")
    assert caught.value.message == "cost: its limits depend on its base, which must be a number, not 'D6'"
    assert caught.value.hint == "give e.g. base: 1 for cost"


def test_a_quantity_with_no_base_needs_one_from_the_situation(cost: Pack) -> None:
    with pytest.raises(RulingsError) as caught:
        asked(cost, "cost", "given: {a: true}")
    assert caught.value.message == "cost has no base in this pack: give one with base: in the situation"


def test_a_rule_of_the_pack_that_divides_by_0_is_refused_at_the_rule(cost: Pack) -> None:
    with pytest.raises(RulingsError) as caught:
        asked(cost, "pool", "given: {a: true, n: 0}")
    assert caught.value.message == "halve divides by 0"
    assert caught.value.where == cost.modifiers["halve"].where
    assert caught.value.hint == "a division modifier needs a divisor other than 0"


def test_a_base_the_pack_works_out_is_said_with_the_facts_it_read_and_its_cite(cost: Pack) -> None:
    r = asked(cost, "pool", "given: {a: true, n: 2}")
    assert r.value == 3  # 4 + 2 = 6, halved
    assert (r.explanation.because[0].claim, r.explanation.because[0].cite) == ("base 6 = 4 + n (n = 2)", "core ¶2")


def test_a_score_past_six_needs_a_second_roll_on_the_chart_and_says_so(cost: Pack) -> None:
    # 5 + 2 = 7: a 6, then 4+ on a second D6: 1/6 x 1/2
    r = asked(cost, "hit", "given: {a: true}")
    assert (r.value, r.then, r.probability) == (7, 4, Fraction(1, 12))
    assert r.explanation.claim == "the hit (hit): 7, i.e. a 6 then 4+, chance 1/12"
    assert [(n.claim, n.cite) for n in r.explanation.because if n.tag == "chart"] == [
        ("a score of 7 needs a 6, then 4+ on a second D6", "core ¶3")]
    assert r.assumptions == ("chart",)


def test_a_chart_step_no_cite_names_cites_the_quantity(cost: Pack) -> None:
    r = asked(cost, "aim", "given: {a: true}")
    assert (r.value, r.then) == (7, 4)
    assert [(n.claim, n.cite) for n in r.explanation.because if n.tag == "chart"] == [
        ("a score of 7 needs a 6, then 4+ on a second D6", "core ¶3")]


def test_weapons_given_are_said_as_the_base(cost: Pack) -> None:
    r = asked(cost, "shots", 'weapons: [D6, 2]')
    assert r.explanation.because[0].claim == "base D6, 2 (given in the situation)"


def test_a_weapon_whose_value_is_no_number_is_refused_at_the_weapons(cost: Pack) -> None:
    situation = read_situation('weapons: [D6, "-"]', "s.yaml", cost)
    with pytest.raises(RulingsError) as caught:
        ask(cost, "shots", situation)
    assert caught.value.message == "weapons: ['D6', '-']: shots '-' is no number to add up"
    assert caught.value.hint == "list only weapons whose shots is a number or dice"
    assert caught.value.where == situation.where["(weapons)"]


@pytest.mark.parametrize("text, key, bad", [("base: x", "(base)", "x"), ("weapons: [D6, x]", "(weapons)", "x")])
def test_a_base_that_is_no_value_is_refused_at_the_situations_base_or_weapons(cost: Pack, text: str, key: str,
                                                                              bad: str) -> None:
    with pytest.raises(RulingsError) as direct:
        parse_value(bad, "number", "shots")
    situation = read_situation(text, "s.yaml", cost)
    with pytest.raises(RulingsError) as caught:
        ask(cost, "shots", situation)
    assert (caught.value.message, caught.value.hint) == (direct.value.message, direct.value.hint)
    assert caught.value.where == situation.where[key]


@pytest.mark.parametrize("text, said", [("roll: 3", "the roll: 3"),
                                        ("reroll: []", "no roll given: the answer is the modifier to D6")])
def test_a_rolls_base_is_the_roll_given(saves: Pack, text: str, said: str) -> None:
    r = asked(saves, "save", f"given: {{a: false, b: false, c: false, d: false}}\n{text}")
    assert (r.explanation.because[0].claim, r.explanation.because[0].tag) == (said, "base")


@pytest.mark.parametrize("vet, cite", [("true", "core ¶1"), ("false", "core ¶2")])
def test_a_rule_that_counts_rests_on_the_row_its_amount_read(vet: str, cite: str) -> None:
    assert asked(pack(ROWS), "hit", f"given: {{vet: {vet}}}").applied[0].cite == cite


ORDERED = """\
pack: o
sources:
  core: {title: Core, paragraphs: {1: Add before you subtract., 2: Subtract last.}}
arithmetic: {order: [set, multiply, add, divide, subtract], cite: {source: core, paragraph: 1}}
facts:
  a: {type: bool}
quantities:
  cost: {kind: characteristic, characteristic: number, text: the cost, cites: {subtract: {source: core, paragraph: 2}}}
modifiers:
  cheap: {quantity: cost, change: -2, when: a}
  dear: {quantity: cost, change: +1, when: a}
"""


def test_each_step_of_the_arithmetic_is_said_citing_the_quantitys_step_else_the_packs_order() -> None:
    # 3, add 1: 4, subtract 2: 2; the add step cites the pack's order, the subtract step the quantity's own cite
    r = asked(pack(ORDERED), "cost", "given: {a: true}\nbase: 3")
    assert (r.value, r.explanation.claim, r.explanation.tag) == (2, "the cost (cost): 2", "value")
    assert [(str(n.claim), n.cite, n.tag) for n in r.explanation.because if n.tag == "step"] == [
        ("start: cost 3", None, "step"),
        ("add: dear (+1) -> 4", "core ¶1", "step"),
        ("subtract: cheap (-2) -> 2", "core ¶2", "step"),
    ]
    assert [n.tag for n in r.explanation.because] == ["base", "applied", "applied", "step", "step", "step"]


@pytest.mark.parametrize("text, shown", [("base: 3\nweapons: 2", "2"), ("weapons: [2, 3]", "[2, 3]")])
def test_weapons_for_a_quantity_no_weapons_roll_are_refused_at_the_weapons(cost: Pack, text: str, shown: str) -> None:
    situation = read_situation(text, "s.yaml", cost)
    with pytest.raises(RulingsError) as caught:
        ask(cost, "cost", situation)
    assert caught.value.message == f"weapons: {shown} is for a quantity that several weapons each roll, not cost"
    assert caught.value.hint == ("give weapons: only when asking such a quantity (weapons: true in the pack); cost "
                                 "has no weapons: true")
    assert caught.value.where == situation.where["(weapons)"]


@pytest.mark.parametrize("quantity, text, shown", [("cost", "base: 3\nignore: [cheap]\ngiven: {a: true}", "['cheap']"),
                                                   ("pool", "given: {a: false, n: 1}\nignore: []", "[]")])
def test_an_ignore_where_no_choice_is_permitted_is_refused_at_the_ignore(cost: Pack, quantity: str, text: str,
                                                                         shown: str) -> None:
    situation = read_situation(text, "s.yaml", cost)
    with pytest.raises(RulingsError) as caught:
        ask(cost, quantity, situation)
    assert caught.value.message == (f"ignore: {shown} given, but no rule lets anyone ignore modifiers to {quantity} "
                                    "in this situation")
    assert caught.value.hint == "only a permitted choice can ignore modifiers"
    assert caught.value.where == situation.where["(ignore)"]


def test_a_roll_is_never_automatic_unless_its_rule_says_so_and_other_kinds_have_no_such_field(saves: Pack,
                                                                                              cost: Pack) -> None:
    roll = asked(saves, "save", "given: {a: false, b: false, c: false, d: false}\nroll: 3")
    assert (roll.automatic, roll.probability, roll.cases, roll.readings, roll.groups) == (
        False, Fraction(1, 2), None, None, None)  # a 4+ on a D6
    dice = asked(cost, "pool", "given: {a: false, n: 1}")
    assert (dice.value, dice.automatic, dice.probability, dice.modifier) == (5, None, None, None)


def test_an_outcome_made_fast_is_the_outcome_its_fields_make(saves: Pack) -> None:
    ruling = asked(saves, "save", "given: {a: true, b: false, c: false, d: false}\nroll: 3")
    made = new_outcome("weight", "twice", True, ruling)
    assert type(made) is ReadingOutcome
    assert made == ReadingOutcome("weight", "twice", True, ruling)
    assert (made.reading, made.option, made.default, made.ruling) == ("weight", "twice", True, ruling)


CHARTS = """\
pack: ch
sources:
  core: {title: Core, paragraphs: {1: Past the chart., 2: The chart., 3: The roll., 4: Rows.}}
facts:
  a: {type: bool}
  n: {type: int, range: [0, 3]}
  m: {type: int, range: [0, 3]}
quantities:
  both: {kind: score, base: 6, chart: {7: 4}, impossible_from: 8, text: both, cite: {source: core, paragraph: 3},
         cites: {impossible_from: {source: core, paragraph: 1}, chart: {source: core, paragraph: 2}}}
  charted: {kind: score, base: 6, chart: {7: 4}, impossible_from: 8, text: charted, cite: {source: core, paragraph: 3},
            cites: {chart: {source: core, paragraph: 2}}}
  charge: {kind: total, dice: 2D6, text: the charge}
  sum: {kind: pool, base: 4 + n + m, text: dice}
  rows:
    kind: pool
    text: rows
    base: {table: n, rows: {0: 1, 1..3: 2}, cites: {1..3: {source: core, paragraph: 4}}}
    cites: {base: {source: core, paragraph: 3}}
modifiers:
  far: {quantity: [both, charted], change: +2, when: a}
"""


@pytest.fixture(scope="module")
def charts() -> Pack:
    return pack(CHARTS)


def said_of(r: Ruling, tag: str) -> list[tuple[str, str | None]]:
    return [(n.claim, n.cite) for n in r.explanation.because if n.tag == tag]


@pytest.mark.parametrize("quantity, cite", [("both", "core ¶1"), ("charted", "core ¶2")])
def test_a_score_past_the_chart_cites_its_own_step_else_the_charts(charts: Pack, quantity: str, cite: str) -> None:
    r = asked(charts, quantity, "given: {a: true}")  # 6 + 2 = 8: past the chart
    assert (r.value, r.probability) == (8, 0)
    assert said_of(r, "chart") == [("a score of 8 or more is impossible", cite)]


@pytest.mark.parametrize("text, said", [("roll: 7", "the roll: 7"),
                                        ("reroll: []", "no roll given: the answer is the modifier to 2D6")])
def test_a_totals_base_is_the_roll_given(charts: Pack, text: str, said: str) -> None:
    assert said_of(asked(charts, "charge", text), "base") == [(said, None)]


def test_a_base_that_reads_several_facts_says_each_in_order(charts: Pack) -> None:
    r = asked(charts, "sum", "given: {n: 2, m: 1}")
    assert r.value == 7
    assert said_of(r, "base") == [("base 7 = 4 + n + m (m = 1, n = 2)", None)]


@pytest.mark.parametrize("n, value, cite", [(2, 2, "core ¶4"), (0, 1, "core ¶3")])
def test_a_base_read_from_a_row_that_cites_its_sentence_cites_it_else_the_bases_step(charts: Pack, n: int, value: int,
                                                                                     cite: str) -> None:
    r = asked(charts, "rows", f"given: {{n: {n}}}")
    assert r.value == value
    table = charts.quantities["rows"].base
    assert table is not None
    assert said_of(r, "base") == [(f"base {value} = {table.text} (n = {n})", cite)]


# -- what a quantity's plan keeps: constant terms, fixed limits, and whether policies settle -----------------------

PLANNED = """\
pack: pl
sources:
  core: {title: Core, paragraphs: {1: Cover., 2: The cap.}}
facts:
  a: {type: bool}
  b: {type: bool}
  n: {type: int, range: [0, 6]}
quantities:
  pool: {kind: pool, base: 4, text: dice}
  save: {kind: roll, dice: D6, passes: 4, text: save}
modifiers:
  none: {quantity: pool, change: /0, when: a}
  cover: {quantity: save, change: +1, when: a, text: in cover, cite: {source: core, paragraph: 1}}
  big: {quantity: save, change: +3, when: b}
  more: {quantity: pool, change: +5, when: b}
policies:
  most: {kind: cap, quantity: save, max: 1, when: a, cite: {source: core, paragraph: 2}}
  top: {kind: clamp, quantity: pool, max: n}
  beats: {kind: override, rule: cover, over: [big]}
"""


@pytest.fixture(scope="module")
def planned() -> Pack:
    return pack(PLANNED)


def test_a_constant_division_by_0_is_refused_only_when_its_rule_counts(planned: Pack) -> None:
    assert asked(planned, "pool", "given: {a: false, b: false, n: 6}").value == 4
    with pytest.raises(RulingsError) as caught:
        asked(planned, "pool", "given: {a: true, b: false, n: 6}")
    assert caught.value.message == "none divides by 0" and caught.value.where == planned.modifiers["none"].where


@pytest.mark.parametrize("n, value", [(6, 6), (3, 3)])
def test_a_limit_that_reads_a_fact_holds_the_value_to_the_facts_value(planned: Pack, n: int, value: int) -> None:
    r = asked(planned, "pool", f"given: {{a: false, b: true, n: {n}}}")  # 4 + 5 = 9, at most n
    assert (r.value, r.clamped) == (value, (Clamped("top", 9, n),))


def test_a_limit_whose_condition_fails_does_not_hold_the_value(planned: Pack) -> None:
    r = asked(planned, "save", "given: {a: false, b: true}\nroll: 3")  # +3, the cap of +1 only when a
    assert (r.value, r.modifier, r.clamped) == (6, 3, ())
    assert r.applied == (Applied("big", "+3"),)


def test_a_constant_rule_that_counts_is_said_with_its_words_and_cite(planned: Pack) -> None:
    r = asked(planned, "save", "given: {a: true, b: false}\nroll: 3")
    assert (r.value, r.modifier) == (4, 1)
    assert r.applied == (Applied("cover", "+1", "in cover", "core ¶1"),)


def test_an_override_suppresses_the_rules_it_overrides() -> None:
    planned = pack(PLANNED)  # its own: the plan that settles the override is made in this test
    r = asked(planned, "save", "given: {a: true, b: true}\nroll: 3")  # big overridden: +1 alone
    assert (r.value, r.modifier) == (4, 1)
    assert r.applied == (Applied("cover", "+1", "in cover", "core ¶1"),)
    assert [(s.rule, s.by, s.policy) for s in r.suppressed] == [("big", "cover", "beats")]
    node = next(n for n in r.explanation.because if n.tag == "suppressed")
    assert (node.claim, node.cite) == ("big does not count, cover counts instead (beats)", None)


ASSUMED = """\
pack: as
facts:
  a: {type: bool}
assumptions:
  halves: {text: halving acts on the number, reason: the literal reading, for: multiply_x_plus}
  floor: {text: the floor holds, reason: it says so}
  shared: {text: shared, reason: both}
  mine: {text: mine, reason: its own}
quantities:
  Sv: {kind: characteristic, characteristic: plus, better: lower, assumptions: [shared], text: save}
modifiers:
  soak: {quantity: Sv, change: /2, when: a, assumptions: [mine, shared]}
policies:
  edge: {kind: clamp, quantity: Sv, min: 2, label: best, assumption: floor}
"""


@pytest.mark.parametrize("text, value, assumptions", [
    # 2+ halved is 1+, held at 2+ by the limit labelled best: the quantity's, the rule's (once each), what halving
    # an X+ relies on, and the limit's that bit
    ("given: {a: true}\nbase: 2+", "2+", ("shared", "mine", "halves", "floor")),
    ("given: {a: true}\nbase: 6+", "3+", ("shared", "mine", "halves")),  # 6 halved: 3, the limit does not bite
    ("given: {a: false}\nbase: 2+", "2+", ("shared",)),
])
def test_a_ruling_assumes_what_its_quantity_rules_arithmetic_and_biting_limits_assume(text: str, value: str,
                                                                                      assumptions: tuple[str, ...]
                                                                                      ) -> None:
    r = asked(pack(ASSUMED), "Sv", text)
    assert (r.value, r.assumptions) == (value, assumptions)


SYMBOLS = """\
pack: sy
facts:
  a: {type: bool}
quantities:
  OC: {kind: characteristic, characteristic: number, text: control}
  Ld: {kind: characteristic, characteristic: number, text: leadership}
modifiers:
  aura: {quantity: [OC, Ld], change: +1, when: a}
policies:
  floor: {kind: clamp, quantity: [Ld, OC], min: 0, symbols: ['-']}
"""


@pytest.mark.parametrize("quantity", ["OC", "Ld"])
def test_a_limit_of_several_quantities_that_names_a_symbol_turns_it_into_its_least_value(quantity: str) -> None:
    r = asked(pack(SYMBOLS), quantity, 'given: {a: true}\nbase: "-"')  # "-" is never modified, but the floor names it
    assert (r.value, r.clamped) == (0, (Clamped("floor", "-", 0),))


def test_a_base_a_limit_reads_may_be_written_with_spaces(cost: Pack) -> None:
    r = asked(cost, "cost", 'given: {a: true}\nbase: " 3"')  # 3 - 2 = 1, held at 3 - 1
    assert (r.value, r.clamped) == (2, (Clamped("least", 1, 2),))


AUTOMATIC = """\
pack: au
facts:
  n: {type: int, range: [0, 3]}
quantities:
  hit: {kind: score, base: 4, automatic: 4 // n > 1, text: the hit}
"""


def test_an_automatic_condition_that_cannot_be_worked_out_is_refused_at_its_quantity() -> None:
    p = pack(AUTOMATIC)
    assert asked(p, "hit", "given: {n: 1}").automatic is True  # 4 > 1
    assert asked(p, "hit", "given: {n: 3}").value == 4  # 1 > 1 fails: the roll
    with pytest.raises(RulingsError) as caught:
        asked(p, "hit", "given: {n: 0}")
    assert caught.value.message == "division by zero in '4 // n > 1'"
    assert caught.value.where == p.quantities["hit"].where


STRONGEST = """\
pack: st
facts:
  a: {type: bool}
  b: {type: bool}
quantities:
  save: {kind: roll, dice: D6}
modifiers:
  cover: {quantity: save, change: +1, when: a}
  rend: {quantity: save, change: -3, when: b}
policies:
  only: {kind: exclusive, rules: [cover, rend], keep: strongest}
"""


def test_a_group_that_keeps_the_strongest_rule_weighs_a_penalty_by_its_size() -> None:
    # -3 is stronger than +1 (3 against 1), though smaller: 5 - 3 = 2
    r = asked(pack(STRONGEST), "save", "given: {a: true, b: true}\nroll: 5")
    assert (r.value, r.modifier) == (2, -3)
    assert [(s.rule, s.by, s.policy) for s in r.suppressed] == [("cover", "rend", "only")]


DIVIDES = """\
pack: dz
facts:
  n: {type: int, range: [0, 3]}
  a: {type: bool}
quantities:
  q1: {kind: pool, base: 4}
  q2: {kind: pool, base: 4}
  q4: {kind: pool, base: 4 // n}
  q5: {kind: pool, base: 4}
  q6: {kind: pool, base: 4}
  q7: {kind: pool, base: 4}
  q8: {kind: pool, base: 4}
modifiers:
  m1: {quantity: q1, change: +1, when: 4 // n > 1}
  m2: {quantity: q2, change: +1, when: a}
  m6: {quantity: q6, change: + 4 // n, when: a}
  m7: {quantity: q7, change: +1, per: 4 // n, when: a}
policies:
  p2: {kind: clamp, quantity: q2, max: 2, when: 4 // n > 1}
  p5: {kind: clamp, quantity: q5, max: 4 // n}
  p8: {kind: clamp, quantity: q8, min: 4 // n}
"""


@pytest.mark.parametrize("quantity, text, written", [
    ("q1", "4 // n > 1", "m1"),  # a rule's condition
    ("q2", "4 // n > 1", "p2"),  # a limit's condition
    ("q4", "4 // n", "q4"),  # a quantity's base
    ("q5", "4 // n", "p5"),  # a limit's bound
    ("q8", "4 // n", "p8"),  # a limit's least value
    ("q6", "4 // n", "m6"),  # a rule's amount
    ("q7", "4 // n", "m7"),  # what a rule counts per
])
def test_an_expression_that_divides_by_0_is_refused_where_it_is_written(quantity: str, text: str,
                                                                        written: str) -> None:
    p = pack(DIVIDES)
    with pytest.raises(RulingsError) as caught:
        asked(p, quantity, "given: {n: 0, a: true}")
    assert caught.value.message == f"division by zero in {text!r}"
    places = {name: entry.where
              for entries in (p.modifiers, p.policies, p.quantities) for name, entry in entries.items()}
    assert caught.value.where == places[written]


TARGETS = """\
pack: tg
facts:
  a: {type: bool}
  b: {type: bool}
assumptions:
  one: {text: one of them, reason: the group says so}
quantities:
  roll: {kind: roll, dice: D6, text: the roll}
  save: {kind: roll, dice: D6, passes: 4, text: the save}
modifiers:
  x: {quantity: save, change: +1, when: a}
  y: {quantity: save, change: +1, when: b}
policies:
  only: {kind: exclusive, rules: [x, y], assumption: one}
"""


@pytest.fixture(scope="module")
def targets() -> Pack:
    return pack(TARGETS)


def test_a_target_the_situation_gives_is_the_rolls_target(targets: Pack) -> None:
    assert asked(targets, "roll", "target: 3").probability == Fraction(2, 3)  # 3, 4, 5 or 6
    assert asked(targets, "roll", "reroll: []").probability is None  # no target: no chance


def test_a_re_roll_the_situation_gives_counts(targets: Pack) -> None:
    # 4+: 1/2, and a 1 (1/6) re-rolled passes half the time: 1/2 + 1/12
    r = asked(targets, "save", "reroll: [ones]")
    assert r.probability == Fraction(7, 12)
    assert dict(r.extra)["reroll"] == ["ones"]


def test_an_unmodified_result_the_situation_names_is_counted(targets: Pack) -> None:
    r = asked(targets, "save", "unmodified: [6]")
    assert (r.probability, dict(r.extra)["unmodified"]) == (Fraction(1, 2), {"on": [6], "probability": "1/6"})


@pytest.mark.parametrize("given, assumptions", [("a: true, b: true", ("one",)), ("a: true, b: false", ())])
def test_a_group_that_settles_a_conflict_says_its_assumption_only_when_it_bites(targets: Pack, given: str,
                                                                                assumptions: tuple[str, ...]) -> None:
    r = asked(targets, "save", f"given: {{{given}}}")
    assert (r.probability, r.assumptions) == (Fraction(2, 3), assumptions)  # +1 either way: 3+


def test_a_dice_value_keeps_its_distribution_and_mean(cost: Pack) -> None:
    r = asked(cost, "shots", "base: D3")
    assert r.extra == (("distribution", {"1": "1/3", "2": "1/3", "3": "1/3"}), ("mean", "2"))


def test_a_rule_that_changes_nothing_is_not_said_to_count() -> None:
    r = asked(pack(SYMBOLS), "OC", 'given: {a: true}\nbase: "-"')  # "-" never changes: the aura does nothing
    assert r.applied == ()
    assert "applied" not in [n.tag for n in r.explanation.because]


def test_a_number_of_identical_weapons_takes_the_base_given(cost: Pack) -> None:
    r = asked(cost, "shots", "base: D6\nweapons: 2")  # each weapon's D6, and the total beside it
    assert (r.value, r.explanation.because[0].claim) == ("D6", "base D6 (given in the situation)")


def test_a_score_within_the_chart_assumes_nothing_of_it(cost: Pack) -> None:
    r = asked(cost, "hit", "given: {a: false}")  # 5: no second roll
    assert (r.value, r.then, r.assumptions) == (5, None, ())


LEVY = """\
pack: lv
facts:
  a: {type: bool}
quantities:
  levy: {kind: pool, text: levy}
modifiers:
  more: {quantity: levy, change: +3, when: a}
policies:
  most: {kind: clamp, quantity: levy, max: base + 1}
"""


def test_a_limit_that_reads_the_base_given_for_a_pool_holds_it_and_refuses_a_base_that_is_no_number() -> None:
    p = pack(LEVY)
    r = asked(p, "levy", "given: {a: true}\nbase: 2")  # 2 + 3 = 5, at most 2 + 1
    assert (r.value, r.clamped) == (3, (Clamped("most", 5, 3),))
    with pytest.raises(RulingsError) as caught:
        asked(p, "levy", "given: {a: true}\nbase: X3")
    assert caught.value.message == "levy: its limits depend on its base, which must be a number, not 'X3'"
